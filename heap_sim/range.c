/*
 * range.c -- the range workload: select * where id between 1 and 100000: the primary key's range
 * scan and the table blocks by rowid, well clustered.
 * The figures are v$mystat's: the query and the recursive SQL apart.
 */
#include "heap_sim_int.h"

sim_err_t heap_range(const case_t *c, case_result_t *out)
{
    return heap_run(c, HEAP_STMT_RANGE, hs_query_range, hs_query_range_upto(&c->heap, c->rows),
                    out);
}
