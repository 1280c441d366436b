/*
 * heap_sim.h -- the second experiment: block size with a heap table and its
 * indexes (heapspace.h).  Prefix heap_.
 *
 *   ctas      create table ... as select by direct path, then its primary
 *             key, the index on x and the bitmap index on n: the figures of
 *             user_tables and user_indexes (ctas.c);
 *   fts       select * from the table: a serial direct-path full scan (fts.c);
 *   range     a primary key range scan (range.c);
 *   few_rows  a few rows by the badly clustered index on x (few_rows.c).
 *
 * Each query's figures are v$mystat's, the query's own and the recursive
 * SQL's in parts of their own (heap.c).  The run functions take a case that
 * passed heap_check() and a zeroed *out; workload_run() is the checked
 * entry.
 */
#ifndef LOBSIM_HEAP_SIM_H
#define LOBSIM_HEAP_SIM_H

#include "case.h"

/* The case against the heap model: hs_params_check() of its heap
 * parameters, block size and rows.  SIM_EINVAL with one line in msg. */
sim_err_t heap_check(const case_t *c, char *msg, size_t len);

/* The case's table, loaded (hs_table_create()); the rac experiment runs on
 * it too.  SIM_ENOMEM leaves nothing allocated. */
sim_err_t heap_table(const case_t *c, hs_table_t **t);

sim_err_t heap_ctas(const case_t *c, case_result_t *out);
sim_err_t heap_fts(const case_t *c, case_result_t *out);
sim_err_t heap_range(const case_t *c, case_result_t *out);
sim_err_t heap_few_rows(const case_t *c, case_result_t *out);

#endif /* LOBSIM_HEAP_SIM_H */
