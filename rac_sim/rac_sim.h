/*
 * rac_sim.h -- the third experiment: two instances running OLTP
 * transactions on a shared heap table (heap_sim.h) through one global
 * cache (gcache.h), with a time model, and the figures AWR reports for it.
 * Prefix rac_.
 *
 * rac.c runs the transactions and counts per instance; time.c turns the
 * counts into elapsed time and wait class times; awr.c gives the figures as
 * AWR shows them.
 */
#ifndef LOBSIM_RAC_SIM_H
#define LOBSIM_RAC_SIM_H

#include "case.h"

/* The case against the rac model (instances, users, fractions) and the
 * heap model beneath.  SIM_EINVAL with one line in msg. */
sim_err_t rac_check(const case_t *c, char *msg, size_t len);

/* The workload: a case that passed rac_check(), a zeroed *out. */
sim_err_t rac_run(const case_t *c, case_result_t *out);

/*
 * The rac workload's figures as AWR reports them, per second of elapsed
 * time (tpm per minute; wait classes in seconds waited per second): traffic
 * in KB, messages, blocks served and received, CR and current blocks
 * received, transactions per minute, the Cluster, Commit, System I/O and
 * User I/O wait classes and DB CPU.  From a rac case's statistics.
 */
#define RAC_FIGURES 11
const char *rac_figure_name(size_t i);
void rac_figures(const sim_stats_t *st, double out[RAC_FIGURES]);

#endif /* LOBSIM_RAC_SIM_H */
