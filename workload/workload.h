/*
 * workload.h -- the table of workloads: the only place that names them all,
 * in the order every table, view and page shows them, and the checked entry
 * that runs one.
 *
 *   insert, scan, rows, cluster   the LOB insert, local and over a database
 *                                 link, and its readbacks (dblink_sim.h);
 *   ctas, fts, range, few_rows    block size with a heap table and its
 *                                 indexes (heap_sim.h);
 *   rac                           block size in a two-node cluster
 *                                 (rac_sim.h).
 *
 * A workload is a row of the table in workload.c: its name, its title, its
 * family and its run function.  A case names its workload by the row's
 * index (case_t.workload); index 0 is insert.
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
/* The rows of its experiment unless told otherwise: the LOB insert's
 * 10,000, the heap table's 10,000,000, the rac table's 100,000. */
uint64_t workload_rows(size_t i);
/* 1 for the heap workloads (ctas, fts, range, few_rows: the block-size
 * experiment on a heap table, heapspace.h), 0 for the LOB ones. */
int workload_is_heap(size_t i);
/* 1 for rac: two instances on a shared heap table (the third experiment). */
int workload_is_rac(size_t i);
workload_kind_t workload_kind(size_t i);
/* The kind as a name: "lob", "heap" or "rac" (the results store's
 * workloads.family); NULL past the table. */
const char *workload_family(size_t i);
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

/*
 * The case in intervals of `every` rows (lobbench --snapshot-every): fn gets,
 * after each, the rows so far and the figures so far, by part.  Only the
 * insert workload runs so: SIM_EINVAL for the others (msg says so), as for
 * an invalid case.
 */
typedef int (*workload_snap_fn)(void *arg, uint64_t rows, const case_result_t *so_far);
sim_err_t workload_run_snapshots(const case_t *c, uint64_t every, workload_snap_fn fn, void *arg,
                                 char *msg, size_t msglen);

#endif /* LOBSIM_WORKLOAD_H */
