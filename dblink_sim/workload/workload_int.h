/* workload_int.h -- what the workload files share. */
#ifndef LOBSIM_WORKLOAD_INT_H
#define LOBSIM_WORKLOAD_INT_H

#include "workload.h"
#include "writer.h"

/* A workload's run function: out is zeroed, the case valid. */
typedef sim_err_t (*workload_fn)(const case_t *c, case_result_t *out);

/*
 * One session inserting the case's rows into a fresh segment (insert.c):
 * the insert workload itself, and the data every readback reads.  `observe`
 * (may be NULL) sees every chunk given to a LOB.
 */
sim_err_t workload_insert_rows(const case_t *c, case_result_t *out, lob_chunk_fn observe,
                               void *arg);

/* The heap workloads (heap.c): the case against the heap model, its table
 * loaded, and a query run on it (the table loaded, the query's figures into
 * the heap and recursive-SQL parts, the table dropped). */
typedef sim_err_t (*workload_heap_query_fn)(const hs_table_t *t, hs_query_t *q);
sim_err_t workload_heap_check(const case_t *c, char *msg, size_t len);
sim_err_t workload_heap_table(const case_t *c, hs_table_t **t);
sim_err_t workload_heap_run(const case_t *c, workload_heap_query_fn query, case_result_t *out);

/* The rac workload (rac.c): its own check of the case; and its time model
 * (rac_time.c), which turns each instance's counts into the elapsed time
 * and the wait class times of the run, written into *time. */
sim_err_t workload_rac_check(const case_t *c, char *msg, size_t len);
void workload_rac_time(const case_t *c, const sim_stats_t inst[2], sim_stats_t *time);

#endif
