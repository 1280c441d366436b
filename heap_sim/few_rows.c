/*
 * few_rows.c -- the few_rows workload: select * where x = '000...0' and rownum <= 30: the index on
 * x, badly clustered, and the table blocks of the first 30 rows it finds. The figures are
 * v$mystat's: the query and the recursive SQL apart.
 */
#include "heap_sim_int.h"

sim_err_t heap_few_rows(const case_t *c, case_result_t *out)
{
    return heap_run(c, HEAP_STMT_FEW_ROWS, hs_query_few_rows,
                    hs_query_few_rows_upto(&c->heap, c->rows, c->seed), out);
}
