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
 * loaded, and a query's figures into the heap and recursive-SQL parts. */
sim_err_t workload_heap_check(const case_t *c, char *msg, size_t len);
sim_err_t workload_heap_table(const case_t *c, hs_table_t **t);
void workload_heap_query(const case_t *c, const hs_query_t *q, case_result_t *out);

/* The rac workload (rac.c): its own check of the case; and its time model
 * (rac_time.c), which turns each instance's counts into the elapsed time
 * and the wait class times of the run, written into *time. */
sim_err_t workload_rac_check(const case_t *c, char *msg, size_t len);
void workload_rac_time(const case_t *c, const sim_stats_t inst[2], sim_stats_t *time);

#endif
