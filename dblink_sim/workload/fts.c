/*
 * fts.c -- the fts workload: select * from TABnnK with arraysize 5000: a serial direct-path full
 * scan. The figures are v$mystat's: the query and the recursive SQL apart.
 */
#include "workload_int.h"

sim_err_t workload_fts(const case_t *c, case_result_t *out)
{
    hs_table_t *t;
    sim_err_t rc = workload_heap_table(c, &t);
    if (rc != SIM_OK)
        return rc;
    hs_query_t q;
    hs_query_fts(t, &q);
    workload_heap_query(c, &q, out);
    hs_table_destroy(t);
    return rc;
}
