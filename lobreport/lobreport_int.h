/*
 * lobreport_int.h -- the history as history.c loads it and site.c
 * draws it.  Private to lobreport/.
 */
#ifndef LOBSIM_LOBREPORT_INT_H
#define LOBSIM_LOBREPORT_INT_H

#include <stdint.h>

#include "lobreport.h"
#include "results.h"

/* One run, a position on every chart's x axis. */
typedef struct {
    int64_t run;
    int oracle;       /* source 'oracle': imported measurements */
    char commit[41];  /* "" when unknown */
    char label[48];   /* the x tick: a short commit, "Oracle", "run N" */
    char subject[96]; /* the commit's subject from git log, "" if not known */
    int64_t when;     /* commit date if git knows it, else the run's start */
} rpt_run_t;

/* One case across the runs: values[r * SIM_STAT_COUNT + s], NAN where run r
 * has no such figure; times per run (ns per statement), NAN when untimed. */
typedef struct {
    char workload[RES_NAME_MAX + 1];
    int64_t workload_position; /* in the store's table `workloads`; -1 if not there */
    char path[RES_NAME_MAX + 1];
    uint64_t lob_chars;
    uint32_t block_size;
    uint64_t rows;
    double *values;
    double *t_mean, *t_lo, *t_hi;
} rpt_case_t;

struct rpt_history {
    rpt_run_t *runs; /* Oracle's first, then the model's in commit order */
    size_t nruns;
    rpt_case_t *cases; /* by workload (the store's order), path, block size, rows, LOB size */
    size_t ncases;
    int64_t latest_lobsim; /* newest lobsim run id, 0 if none */
    int has_oracle;
};

#endif /* LOBSIM_LOBREPORT_INT_H */
