/*
 * table_rac.c -- the rac workload's AWR report: the console tables (each
 * block size's instance 1, instance 2 and cluster columns, and the change of
 * the cluster's figure from the first block size to each other one) and
 * the CSV (one row per figure and instance: 1, 2, all).
 *
 * The report's figures come from rac_report(), which runs the case again:
 * a rac run is deterministic, so it gives the figures of the run measured.
 */
#include <stdlib.h>
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

static void change(FILE *f, double from, double to)
{
    if (from != 0)
        fprintf(f, " %+8.1f %%", 100.0 * (to / from - 1.0));
    else
        fprintf(f, " %10s", to != 0 ? "new" : "-");
}

static void heading(FILE *f, const char *title, const bench_case_t **col, size_t k)
{
    fprintf(f, "\n%-52s", title);
    for (size_t j = 0; j < k; j++)
        fprintf(f, " %9uk:1 %9uk:2 %9uk:all", col[j]->c.block_size / 1024,
                col[j]->c.block_size / 1024, col[j]->c.block_size / 1024);
    for (size_t j = 1; j < k; j++)
        fprintf(f, " %5uk/%uk", col[j]->c.block_size / 1024, col[0]->c.block_size / 1024);
    fprintf(f, "\n");
}

/* Whether a line shows anything: a figure no column has is left out. */
static int shows(const rac_report_t *rep, size_t k, size_t i)
{
    for (size_t j = 0; j < k; j++)
        for (int c = 0; c < RAC_COLUMNS; c++)
            if (rep[j].line[i].v[c] != 0)
                return 1;
    return 0;
}

static void section(FILE *f, const char *title, const char *sec, const bench_case_t **col, size_t k,
                    const rac_report_t *rep)
{
    heading(f, title, col, k);
    for (size_t i = 0; i < rep[0].n; i++) {
        if (strcmp(rep[0].line[i].section, sec) != 0 || !shows(rep, k, i))
            continue;
        fprintf(f, "  %-50s", rep[0].line[i].name);
        for (size_t j = 0; j < k; j++)
            for (int c = 0; c < RAC_COLUMNS; c++)
                fprintf(f, " %13.3f", rep[j].line[i].v[c]);
        for (size_t j = 1; j < k; j++)
            change(f, rep[0].line[i].v[2], rep[j].line[i].v[2]);
        fprintf(f, "\n");
    }
}

/* Top 5 timed events of the cluster, DB CPU among them. */
static void top_events(FILE *f, const bench_case_t *bc, const rac_report_t *rep)
{
    struct timed {
        const char *name, *cls;
        double waits, s;
    } ev[64];
    size_t n = 0;
    const rac_line_t *cpu = rac_report_line(rep, RAC_SEC_TIME, "DB CPU (s per s)");
    const rac_line_t *dbt = rac_report_line(rep, RAC_SEC_TIME, "DB time (s per s)");
    ev[n].name = "DB CPU";
    ev[n].cls = "";
    ev[n].waits = 0;
    ev[n++].s = cpu ? cpu->v[2] * rep->elapsed_s : 0;
    for (int e = 0; rac_event_name(e) && n < 64; e++) {
        char name[RAC_NAME + 16];
        snprintf(name, sizeof name, "%s: waits per second", rac_event_name(e));
        const rac_line_t *w = rac_report_line(rep, RAC_SEC_EVENTS, name);
        snprintf(name, sizeof name, "%s: time (s per s)", rac_event_name(e));
        const rac_line_t *t = rac_report_line(rep, RAC_SEC_EVENTS, name);
        if (w == NULL || t == NULL || w->v[2] == 0)
            continue;
        ev[n].name = rac_event_name(e);
        ev[n].cls = rac_event_class_name(e);
        ev[n].waits = w->v[2] * rep->elapsed_s;
        ev[n++].s = t->v[2] * rep->elapsed_s;
    }
    for (size_t i = 1; i < n; i++)
        for (size_t j = i; j > 0 && ev[j].s > ev[j - 1].s; j--) {
            struct timed x = ev[j];
            ev[j] = ev[j - 1];
            ev[j - 1] = x;
        }
    fprintf(f, "\nTop 5 Timed Events, cluster, %uk blocks %12s %10s %9s %9s  %s\n",
            bc->c.block_size / 1024, "Waits", "Time (s)", "Avg (ms)", "% DB time", "Wait Class");
    for (size_t i = 0; i < n && i < 5; i++)
        fprintf(f, "  %-40s %12.0f %10.2f %9.3f %9.1f  %s\n", ev[i].name, ev[i].waits, ev[i].s,
                ev[i].waits > 0 ? 1000 * ev[i].s / ev[i].waits : 0.0,
                dbt && dbt->v[2] > 0 ? 100 * ev[i].s / (dbt->v[2] * rep->elapsed_s) : 0.0,
                ev[i].cls);
}

void bench_rac_table(FILE *f, const bench_case_t *cases, size_t n, unsigned wl)
{
    const bench_case_t *col[BENCH_MAX_LIST];
    size_t k = columns(cases, n, wl, col);
    if (k == 0)
        return;
    rac_report_t *rep = malloc(k * sizeof *rep);
    if (rep == NULL) {
        fprintf(f, "\n%s: no memory for the AWR report\n", workload_title(wl));
        return;
    }
    for (size_t j = 0; j < k; j++)
        if (rac_report(&col[j]->c, &rep[j]) != SIM_OK) {
            fprintf(f, "\n%s: the AWR report of %uk blocks failed\n", workload_title(wl),
                    col[j]->c.block_size / 1024);
            free(rep);
            return;
        }
    const case_t *c = &col[0]->c;
    fprintf(f,
            "\n%s: %llu rows, %u users (%u + %u), interconnect %s, %u transactions, seed %llu; "
            "AWR window %.3f s of model time at %uk\n",
            workload_title(wl), (unsigned long long)c->rows, c->rac.users, rep[0].users[0],
            rep[0].users[1], rac_interconnect_name(c->rac.interconnect), c->rac.transactions,
            (unsigned long long)c->seed, rep[0].elapsed_s, c->block_size / 1024);
    section(f, "Load Profile", RAC_SEC_LOAD, col, k, rep);
    section(f, "Global Cache Load Profile", RAC_SEC_GC_LOAD, col, k, rep);
    section(f, "Global Cache Efficiency Percentages", RAC_SEC_GC_EFF, col, k, rep);
    section(f, "Global Cache Workload Characteristics", RAC_SEC_GC_WORK, col, k, rep);
    section(f, "Global Cache Transfer Stats (received)", RAC_SEC_TRANSFER, col, k, rep);
    section(f, "Wait Classes", RAC_SEC_CLASSES, col, k, rep);
    section(f, "Wait Events", RAC_SEC_EVENTS, col, k, rep);
    section(f, "Time Model", RAC_SEC_TIME, col, k, rep);
    section(f, "Interconnect (wire)", RAC_SEC_LINK, col, k, rep);
    for (size_t j = 0; j < k; j++)
        top_events(f, col[j], &rep[j]);
    free(rep);
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
    static const char *const inst[RAC_COLUMNS] = {"1", "2", "all"};
    rac_report_t *rep = malloc(sizeof *rep);
    if (rep == NULL)
        return SIM_ENOMEM;
    fprintf(f, "workload,block_kb,users,interconnect,seed,instance,section,statistic,value\n");
    sim_err_t rc = SIM_OK;
    for (size_t i = 0; i < n && rc == SIM_OK; i++) {
        const bench_case_t *bc = &cases[i];
        if (!bc->ran)
            continue;
        rc = rac_report(&bc->c, rep);
        for (size_t l = 0; l < rep->n && rc == SIM_OK; l++)
            for (int c = 0; c < RAC_COLUMNS; c++)
                fprintf(f, "%s,%u,%u,%s,%llu,%s,\"%s\",\"%s\",%.9g\n",
                        workload_name(bc->c.workload), bc->c.block_size / 1024, bc->c.rac.users,
                        rac_interconnect_name(bc->c.rac.interconnect),
                        (unsigned long long)bc->c.seed, inst[c], rep->line[l].section,
                        rep->line[l].name, rep->line[l].v[c]);
    }
    free(rep);
    if (rc == SIM_OK && ferror(f))
        rc = SIM_EIO;
    return rc;
}
