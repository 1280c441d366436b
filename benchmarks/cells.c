/*
 * cells.c -- what the two tables' files share (table.c's CSV, table_rac.c's
 * AWR CSV): a figure at full precision, and the columns a sweep adds at the
 * end of every row.  Both tables call here; nothing here calls them.
 */
#include "benchmarks.h"

#include <stdlib.h>
#include <string.h>

const bench_case_t *bench_first_ran(const bench_case_t *cases, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (cases[i].ran)
            return &cases[i];
    return NULL;
}

/* The columns a sweep adds at the end of a CSV's header: one per parameter
 * given as a list (named as the parameter), and "seed" with --seeds.
 * rac_cols: the rac CSV, which has users, interconnect and seed already. */
static int already_a_column(const char *name, int rac_cols)
{
    return rac_cols && (strcmp(name, "rac.users") == 0 || strcmp(name, "rac.interconnect") == 0);
}

void bench_sweep_header(FILE *f, const bench_case_t *cases, size_t n, int rac_cols)
{
    const bench_case_t *bc = bench_first_ran(cases, n);
    for (size_t i = 0; bc && i < bc->nswept; i++)
        if (!already_a_column(bc->swept[i], rac_cols))
            fprintf(f, ",%s", bc->swept[i]);
    if (bc && bc->seeds_swept && !rac_cols)
        fprintf(f, ",seed");
}

/* A row's cells under bench_sweep_header()'s columns. */
void bench_sweep_cells(FILE *f, const bench_case_t *bc, int rac_cols)
{
    for (size_t i = 0; i < bc->nswept; i++)
        if (!already_a_column(bc->swept[i], rac_cols)) {
            char v[32];
            bench_param_text(bc->swept[i], bc->swept_value[i], v, sizeof v);
            fprintf(f, ",%s", v);
        }
    if (bc->seeds_swept && !rac_cols)
        fprintf(f, ",%llu", (unsigned long long)bc->c.seed);
}

void bench_format_double(double v, char *buf, size_t len)
{
    /* The fewest digits that read back as v: 15 suffice for most. */
    for (int prec = 15; prec <= 17; prec++) {
        snprintf(buf, len, "%.*g", prec, v);
        if (strtod(buf, NULL) == v)
            return;
    }
}
