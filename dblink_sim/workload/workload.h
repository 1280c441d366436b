/*
 * workload.h -- what a case measures, and the table that runs it.
 *
 *   insert   the statement itself (the reference experiment);
 *   scan     after the insert, a full scan of the LOB segment with multiblock
 *            reads that never cross a chunk boundary;
 *   rows     after the insert, every row through t2's primary key index in key
 *            order (a well-clustered range), fetching each LOB chunk by chunk;
 *   cluster  the insert by two instances into one segment at the same time,
 *            interleaved row by row from the seed, each with its own dispenser.
 *   ctas, fts, range, few_rows
 *            the block-size experiment on a heap table (heapspace.h): the
 *            table and its three indexes, a full scan, a primary key range
 *            scan and a few rows through a badly clustered index.
 *   rac      two instances running OLTP transactions on a shared heap table
 *            through the global cache, with a time model (the third
 *            experiment: AWR's global cache load profile and wait classes).
 *
 * A workload is a row of the table in workload.c: its name, its title and
 * its run function.  A case names its workload by the row's index
 * (case_t.workload); index 0 is insert.
 */
#ifndef LOBSIM_WORKLOAD_H
#define LOBSIM_WORKLOAD_H

#include <stddef.h>

#include "case.h"

/* No more workloads than this: option tables are sized by it. */
#define WORKLOAD_MAX 16

/* What a workload measures, and so which table and CSV columns it has. */
typedef enum {
    WORKLOAD_LOB,  /* a LOB statement: path, LOB size, block size */
    WORKLOAD_HEAP, /* the heap block-size experiment: block size only */
    WORKLOAD_RAC   /* the cluster OLTP experiment: block size only */
} workload_kind_t;

size_t workload_count(void);
/* "insert", "scan", ...; NULL past the table. */
const char *workload_name(size_t i);
/* The statistics table's title, e.g. "Full scan readback" (statistics). */
const char *workload_title(size_t i);
/* 1 for the heap workloads (ctas, fts, range, few_rows: the block-size
 * experiment on a heap table, heapspace.h), 0 for the LOB ones. */
int workload_is_heap(size_t i);
/* 1 for rac: two instances on a shared heap table (the third experiment). */
int workload_is_rac(size_t i);
workload_kind_t workload_kind(size_t i);
/*
 * The rac workload's figures as AWR reports them, per second of elapsed
 * time (tpm per minute; wait classes in seconds waited per second): traffic
 * in KB, messages, blocks served and received, CR and current blocks
 * received, transactions per minute, the Cluster, Commit, System I/O and
 * User I/O wait classes and DB CPU.  From a rac case's statistics.
 */
#define WORKLOAD_RAC_FIGURES 11
const char *workload_rac_figure_name(size_t i);
void workload_rac_figures(const sim_stats_t *st, double out[WORKLOAD_RAC_FIGURES]);

/* The index of the workload called `name`, or -1. */
int workload_find(const char *name);
/* "insert, scan, rows, cluster" into buf: for messages. */
void workload_names(char *buf, size_t len);

/* The case for its workload: an unknown workload, case_validate(), and the
 * heap workloads' hs_params_check().  SIM_EINVAL with one line in msg. */
sim_err_t workload_validate(const case_t *c, char *msg, size_t msglen);

/*
 * Simulate the case (its workload, on a fresh segment) and return its
 * figures by part in *out (overwritten).  SIM_EINVAL on an invalid case or
 * an unknown workload (msg, if not NULL, says which), SIM_ENOMEM when an
 * allocation fails; *out is then unspecified and nothing is left allocated.
 */
sim_err_t workload_run(const case_t *c, case_result_t *out, char *msg, size_t msglen);

/* The same, summed: the session statistics. */
sim_err_t workload_run_stats(const case_t *c, sim_stats_t *out);

#endif /* LOBSIM_WORKLOAD_H */
