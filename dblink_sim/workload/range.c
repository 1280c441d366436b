/*
 * range.c -- the range workload: select * where id between 1 and 100000: the primary key's range
 * scan and the table blocks by rowid, well clustered.
 * The figures are v$mystat's: the query and the recursive SQL apart.
 */
#include "workload_int.h"

sim_err_t workload_range(const case_t *c, case_result_t *out)
{
    hs_table_t *t;
    sim_err_t rc = workload_heap_table(c, &t);
    if (rc != SIM_OK)
        return rc;
    hs_query_t q;
    rc = hs_query_range(t, &q);
    if (rc == SIM_OK)
        workload_heap_query(c, &q, out);
    hs_table_destroy(t);
    return rc;
}
