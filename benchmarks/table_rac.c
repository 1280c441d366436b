/*
 * table_rac.c -- the rac workload's console table and CSV: AWR's Global
 * Cache Load Profile and wait classes, the block sizes side by side with
 * the change from the first to each other one in percent.
 */
#include <string.h>

#include "benchmarks.h"
#include "rac_sim.h"

/* The rac cases of workload wl that ran, first of each block size. */
static size_t columns(const bench_case_t *cases, size_t n, unsigned wl, const bench_case_t **out)
{
    size_t k = 0;
    for (size_t i = 0; i < n && k < BENCH_MAX_LIST; i++) {
        if (!cases[i].ran || cases[i].c.workload != wl)
            continue;
        int seen = 0;
        for (size_t j = 0; j < k; j++)
            seen |= out[j]->c.block_size == cases[i].c.block_size;
        if (!seen)
            out[k++] = &cases[i];
    }
    return k;
}

static void section(FILE *f, const char *title, const bench_case_t **col, size_t k, size_t from,
                    size_t to, double fig[][RAC_FIGURES])
{
    fprintf(f, "\n%-42s", title);
    for (size_t j = 0; j < k; j++)
        fprintf(f, " %11uk", col[j]->c.block_size / 1024);
    for (size_t j = 1; j < k; j++)
        fprintf(f, " %5uk/%uk", col[j]->c.block_size / 1024, col[0]->c.block_size / 1024);
    fprintf(f, "\n");
    for (size_t s = from; s < to; s++) {
        fprintf(f, "  %-40s", rac_figure_name(s));
        for (size_t j = 0; j < k; j++)
            fprintf(f, " %12.3f", fig[j][s]);
        for (size_t j = 1; j < k; j++) {
            if (fig[0][s] != 0)
                fprintf(f, " %+8.1f %%", 100.0 * (fig[j][s] / fig[0][s] - 1.0));
            else
                fprintf(f, " %10s", "-");
        }
        fprintf(f, "\n");
    }
}

void bench_rac_table(FILE *f, const bench_case_t *cases, size_t n, unsigned wl)
{
    const bench_case_t *col[BENCH_MAX_LIST];
    size_t k = columns(cases, n, wl, col);
    if (k == 0)
        return;
    static double fig[BENCH_MAX_LIST][RAC_FIGURES];
    for (size_t j = 0; j < k; j++)
        rac_figures(&col[j]->st, fig[j]);
    fprintf(f, "\n%s: %llu rows, %u users per instance, %u transactions, seed %llu\n",
            workload_title(wl), (unsigned long long)col[0]->c.rows, col[0]->c.rac.users,
            col[0]->c.rac.transactions, (unsigned long long)col[0]->c.seed);
    section(f, "Global Cache Load Profile (per second)", col, k, 0, 5, fig);
    section(f, "Throughput", col, k, 5, 6, fig);
    section(f, "Wait classes (s waited per s elapsed)", col, k, 6, RAC_FIGURES, fig);
}

static int all_rac(const bench_case_t *cases, size_t n)
{
    int any = 0;
    for (size_t i = 0; i < n; i++)
        if (cases[i].ran) {
            if (!workload_is_rac(cases[i].c.workload))
                return 0;
            any = 1;
        }
    return any;
}

int bench_is_rac(const bench_case_t *cases, size_t n)
{
    return all_rac(cases, n);
}

sim_err_t bench_rac_csv(FILE *f, const bench_case_t *cases, size_t n)
{
    fprintf(f, "workload,block_kb,statistic,value\n");
    for (size_t i = 0; i < n; i++) {
        const bench_case_t *bc = &cases[i];
        if (!bc->ran)
            continue;
        double fig[RAC_FIGURES];
        rac_figures(&bc->st, fig);
        for (size_t s = 0; s < RAC_FIGURES; s++)
            fprintf(f, "%s,%u,%s,%.6g\n", workload_name(bc->c.workload), bc->c.block_size / 1024,
                    rac_figure_name(s), fig[s]);
    }
    return ferror(f) ? SIM_EIO : SIM_OK;
}
