/* heap_sim_int.h -- what the query files of heap_sim share (heap.c). */
#ifndef LOBSIM_HEAP_SIM_INT_H
#define LOBSIM_HEAP_SIM_INT_H

#include "heap_sim.h"

/* A query over a loaded table, and the run that wraps it: the table
 * loaded as far as the block that holds row `upto`, the last the query
 * reads (hs_table_create_prefix(); c->rows: all of it), the query's
 * figures into the heap and recursive-SQL parts, the table dropped. */
typedef sim_err_t (*heap_query_fn)(const hs_table_t *t, hs_query_t *q);
sim_err_t heap_run(const case_t *c, heap_query_fn query, uint64_t upto, case_result_t *out);

#endif /* LOBSIM_HEAP_SIM_INT_H */
