/*
 * fts.c -- the fts workload: select * from TABnnK with arraysize 5000: a serial direct-path full
 * scan. The figures are v$mystat's: the query and the recursive SQL apart.
 */
#include "heap_sim_int.h"

/* A full scan cannot fail once the table is loaded. */
static sim_err_t fts(const hs_table_t *t, hs_query_t *q)
{
    hs_query_fts(t, q);
    return SIM_OK;
}

sim_err_t heap_fts(const case_t *c, case_result_t *out)
{
    return heap_run(c, HEAP_STMT_FTS, fts, c->rows, out);
}
