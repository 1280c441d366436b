/*
 * fit_int.h -- the problem's private state (problem.c), shared with the
 * fit's driver (run.c) and the tests.
 */
#ifndef LOBSIM_FIT_INT_H
#define LOBSIM_FIT_INT_H

#include "fit.h"

/* One parameter vector's figures: fig[case * ns + k] of chosen statistic k,
 * valid where done[case]. */
typedef struct {
    int64_t *x;
    double *fig;
    unsigned char *done;
    int refused; /* the model refused x (case validation) */
} fit_entry_t;

/* Cases a problem may have, and the threads that run them. */
#define FIT_MAX_CASES 4096
#define FIT_THREADS 2

struct fit {
    fit_case_t *cases;
    size_t ncases;
    size_t order[FIT_MAX_CASES]; /* the cases, costliest first */
    size_t params[FIT_MAX_PARAMS];
    size_t np;
    int stats[SIM_STAT_COUNT];
    size_t ns;
    int64_t def[FIT_MAX_PARAMS], lo[FIT_MAX_PARAMS], hi[FIT_MAX_PARAMS];
    /* The cache: open addressing, at most half full.  Only lookup() adds. */
    fit_entry_t **table;
    size_t cap, count;
    unsigned case_runs; /* only figures() counts */
};

/* Do the model's chosen figures differ between parameter vectors a and b
 * (over every case)? */
int fit_figures_differ(fit_t *f, const int64_t *a, const int64_t *b);

#endif
