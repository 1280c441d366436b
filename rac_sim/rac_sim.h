/*
 * rac_sim.h -- the third experiment: two instances running OLTP
 * transactions on experiment 2's table (heap_sim.h) through one global
 * cache (gcache.h), every resource a queue, and the figures AWR reports
 * for it.  Prefix rac_.  rac_sim/README.md describes the mechanisms and
 * gives every parameter's source.
 *
 * rac_run() is the workload (the catalogue statistics, summed over the two
 * instances); rac_report() runs the same case and gives its AWR report per
 * instance and for the cluster.
 */
#ifndef LOBSIM_RAC_SIM_H
#define LOBSIM_RAC_SIM_H

#include "case.h"

/* The case against the rac model and the heap model beneath.  SIM_EINVAL
 * with one line in msg. */
sim_err_t rac_check(const case_t *c, char *msg, size_t len);

/* The workload: a case that passed rac_check(), a zeroed *out. */
sim_err_t rac_run(const case_t *c, case_result_t *out);

/* "hipersockets", "10gbe", "1gbe" for rac.interconnect 0, 1, 2; NULL
 * beyond. */
const char *rac_interconnect_name(uint32_t i);

/* ---- the AWR report ---------------------------------------------------- */

/* Its columns: instance 1, instance 2, the cluster. */
#define RAC_COLUMNS 3
#define RAC_NAME 80
#define RAC_MAX_LINES 360

/* Its sections, in the order AWR prints them. */
#define RAC_SEC_LOAD "Load Profile"
#define RAC_SEC_GC_LOAD "Global Cache Load Profile"
#define RAC_SEC_GC_EFF "Global Cache Efficiency Percentages"
#define RAC_SEC_GC_WORK "Global Cache and Enqueue Services - Workload Characteristics"
#define RAC_SEC_TRANSFER "Global Cache Transfer Stats"
#define RAC_SEC_SEGMENTS "Segments by Global Cache Blocks Received"
#define RAC_SEC_CLASSES "Wait Classes"
#define RAC_SEC_EVENTS "Wait Events"
#define RAC_SEC_TIME "Time Model"
#define RAC_SEC_LINK "Interconnect"

typedef struct {
    const char *section;
    char name[RAC_NAME];
    double v[RAC_COLUMNS];
} rac_line_t;

typedef struct {
    uint32_t users[2]; /* sessions of each instance */
    double elapsed_s;  /* the AWR window */
    size_t n;
    rac_line_t line[RAC_MAX_LINES];
} rac_report_t;

/* Run case c (which passed rac_check()) and report it.  SIM_ENOMEM. */
sim_err_t rac_report(const case_t *c, rac_report_t *out);
/* The line of that section and name, or NULL. */
const rac_line_t *rac_report_line(const rac_report_t *r, const char *section, const char *name);
/* The wait events of the users and of LMS and LGWR, as AWR names them,
 * and their wait class; NULL past the last. */
const char *rac_event_name(int e);
const char *rac_event_class_name(int e);

/* ---- the figures against the block size (lobbench --plot) ---------------- */

/*
 * The rac workload's figures as AWR reports them, per second of elapsed
 * time (tpm per minute; wait classes in seconds waited per second), for
 * the cluster: traffic in KB, messages, blocks served and received, CR and
 * current blocks received, transactions per minute, the Cluster, Commit,
 * System I/O and User I/O wait classes and DB CPU.  From a rac case's
 * catalogue statistics.
 */
#define RAC_FIGURES 11
const char *rac_figure_name(size_t i);
void rac_figures(const sim_stats_t *st, double out[RAC_FIGURES]);

#endif /* LOBSIM_RAC_SIM_H */
