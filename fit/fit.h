/*
 * fit.h -- fitting the model's parameters to a measured run (docs/lobfit.md;
 * fit/README.md).
 *
 * Three layers, bottom up:
 *   fit_search()    a bounded compass search over integer vectors with seeded
 *                   starts; pure, it knows only an objective function;
 *   fit_t           the problem: the reference's cases (each a case_t and
 *                   the measured figures), the chosen parameters and
 *                   statistics, and a cache of the model's figures by
 *                   parameter vector; the objective is the root mean square
 *                   relative error (model - measured) / measured over every
 *                   measured figure of the chosen statistics;
 *   fit_run()       the whole fit: which parameters the data leaves free,
 *                   the search over the others, the leave-one-LOB-size-out
 *                   cross-validation.
 * fit_load() builds the cases from runs of the results store.
 */
#ifndef LOBSIM_FIT_H
#define LOBSIM_FIT_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "sim.h"
#include "workload.h"

/* ---- the optimiser --------------------------------------------------------- */

/* The value to minimise at x; INFINITY where x is not allowed. */
typedef double (*fit_objective_fn)(const int64_t *x, void *arg);

typedef struct {
    size_t n;          /* dimensions, >= 1 */
    const int64_t *lo; /* inclusive bounds */
    const int64_t *hi;
    const int64_t *start; /* the first start, within the bounds */
    unsigned starts;      /* >= 1: start, then starts - 1 uniform in the bounds */
    uint64_t seed;        /* of those random starts */
    int64_t step_div;     /* first step of a coordinate: its range / step_div (0 = 8) */
    unsigned max_calls;   /* stop after this many objective calls (0 = no limit) */
    /* Called after each sweep (may be NULL): the start (0 = the given one)
     * and the sweeps of that start so far, from 1. */
    void (*on_sweep)(unsigned start, unsigned sweep, void *arg);
    void *sweep_arg;
} fit_search_opts_t;

typedef struct {
    double f;            /* the lowest value found */
    unsigned calls;      /* objective calls */
    unsigned best_start; /* which start found it (0 = the given start) */
} fit_search_result_t;

/*
 * Minimise fn over the integer box [lo, hi] by compass search from each
 * start (search.c); best (n values) gets the lowest point found.  A
 * coordinate fn does not depend on keeps its start value.  SIM_EINVAL for no
 * dimension, no start, or a start outside the bounds; SIM_ENOMEM.
 */
sim_err_t fit_search(const fit_search_opts_t *o, fit_objective_fn fn, void *arg, int64_t *best,
                     fit_search_result_t *res);

/* ---- what may be fitted (fittable.c) ---------------------------------------- */

/* A parameter whose value is genuinely uncertain: a priori or read off the
 * published figures, no format, document or user's setting behind it. */
typedef struct {
    const char *name;   /* as case_param_name() gives it */
    const char *family; /* the workloads it belongs to: "lob", "heap", "rac" */
    uint32_t lo, hi;    /* the search's bounds; hi 0: 4 x default + 16 */
    const char *why;    /* why it is uncertain */
} fit_fittable_t;

size_t fit_fittable_count(void);
/* The i-th fittable parameter, NULL past the last. */
const fit_fittable_t *fit_fittable(size_t i);
/* The entry of name, NULL when that parameter may not be fitted. */
const fit_fittable_t *fit_fittable_find(const char *name);
/* 1 when name is a setting of the measurement (what was run: PCTFREE,
 * arraysize, the cluster's users and run length, ...), never fitted. */
int fit_is_setting(const char *name);
/* Set on c the settings named in a recorded "name=value ..." text (NULL:
 * none); every other parameter is left alone. */
void fit_apply_settings(case_t *c, const char *params);

/* ---- the problem ------------------------------------------------------------ */

/* One measured session the model can run. */
typedef struct {
    case_t c;                   /* its shape on the model's defaults */
    double ref[SIM_STAT_COUNT]; /* the measured figures */
    unsigned char present[SIM_STAT_COUNT];
    /* Figures per user commit, the model's and ref[] alike (rac: an AWR
     * window's totals grow with its length, which the model's run length
     * need not match). */
    int per_commit;
} fit_case_t;

#define FIT_MAX_PARAMS 64

typedef struct fit fit_t;

/*
 * A problem over ncases >= 1 cases (copied), the parameters params[0..np)
 * (indices of case_param_name(), each fittable) and the statistics
 * stats[0..ns).  Each parameter's bounds are its fit_fittable_t's; a point
 * the case validation refuses is infinitely bad.  SIM_EINVAL when a
 * parameter is not fittable or a chosen statistic has no measured figure in
 * any case (msg says which), SIM_ENOMEM.
 */
sim_err_t fit_create(const fit_case_t *cases, size_t ncases, const size_t *params, size_t np,
                     const int *stats, size_t ns, fit_t **out, char *msg, size_t msglen);
void fit_destroy(fit_t *f);

size_t fit_ncases(const fit_t *f);
const fit_case_t *fit_case(const fit_t *f, size_t i);

/*
 * The RMS relative error at x (np values) over the cases whose use[i] is
 * nonzero (use NULL = every case), for one statistic (stat >= 0) or all
 * chosen ones (stat = -1).  NAN when no figure counts, INFINITY where the
 * model refuses x.  The model's figures are cached by x.
 */
double fit_error(fit_t *f, const int64_t *x, const unsigned char *use, int stat);

/* Model runs so far (cache misses x cases run). */
unsigned fit_evaluations(const fit_t *f);

/* ---- the fit ---------------------------------------------------------------- */

/* Where a fit is, for a progress line.  Stages: "free parameters" (the
 * probes of each parameter), "search" (rounds: the starts), "cross-validation"
 * (rounds: the folds). */
typedef struct {
    const char *stage;
    unsigned round, rounds; /* from 1 */
    unsigned sweep;         /* sweeps of this round done */
    int end_of_sweep;       /* 1: a sweep (or the probing) ended; 0: one more model call */
    unsigned evaluations;   /* parameter vectors run so far */
    unsigned case_runs;     /* single cases run so far */
    double best;            /* lowest error of this stage so far; INFINITY none */
} fit_progress_t;

typedef void (*fit_progress_fn)(const fit_progress_t *p, void *arg);

typedef struct {
    unsigned starts;          /* seeded starts of the search (default 4) */
    uint64_t seed;            /* default 1 */
    int cross_validate;       /* default 1 */
    fit_progress_fn progress; /* NULL: none (default) */
    void *progress_arg;
} fit_opts_t;

void fit_opts_defaults(fit_opts_t *o);

typedef enum { FIT_PINNED, FIT_FREE } fit_role_t;

typedef struct {
    int64_t before[FIT_MAX_PARAMS]; /* the defaults */
    int64_t after[FIT_MAX_PARAMS];
    fit_role_t role[FIT_MAX_PARAMS];
    double error_before, error_after; /* all chosen statistics */
    double cv_error;                  /* leave one part out, pooled; NAN if one part only */
    size_t cv_folds;
    const char *cv_axis;  /* what a fold leaves out: "LOB size", "block size", "workload",
                           * "users"; NULL when every case is alike */
    unsigned evaluations; /* model evaluations of the whole parameter vector */
    unsigned case_runs;   /* single cases run by the model */
    unsigned calls;       /* objective calls of the searches (cache hits included) */
} fit_result_t;

/*
 * Fit: a parameter whose change by a tenth of its value (at least 1) either
 * way moves no chosen figure of any case, at the defaults or at the fitted
 * point, is FREE (and stays at its default); the others are searched from
 * the defaults and opts->starts - 1 seeded random points.  Then the
 * cross-validation: the cases are split by the first of LOB size, block
 * size, workload and rac.users that takes two values or more, and for each
 * part the search again without it (from the fitted point) and its error on
 * the part left out.  SIM_ENOMEM.
 */
sim_err_t fit_run(fit_t *f, const fit_opts_t *opts, fit_result_t *r);

/*
 * Write name=value lines for every chosen parameter at x, with # comments
 * (free parameters say so; one free at its default is itself a comment),
 * to fp.
 */
void fit_write_params(const fit_t *f, const fit_result_t *r, const char *header, FILE *fp);

/* The chosen parameters, as indices of case_param_name(). */
size_t fit_nparams(const fit_t *f);
size_t fit_param(const fit_t *f, size_t k);
size_t fit_nstats(const fit_t *f);
int fit_stat(const fit_t *f, size_t k);

/* ---- from the results store ------------------------------------------------- */

/* Runs one fit may take together. */
#define FIT_MAX_RUNS 16

/*
 * The sessions of one or more runs in the store at db (opened read-only)
 * that the model can run: a known workload and path, a valid block size,
 * rows and LOB size; of the workloads in the mask `workloads` (bit i:
 * workload i; 0: any).  Each is a case on the model's defaults and the
 * session's settings (fit_apply_settings()).  The runs: selector NULL, the
 * newest measured run (source 'oracle') with such a session; else a comma
 * list of at most FIT_MAX_RUNS selectors, each "latest" or "latest~N" (the
 * newest, or N+1th newest, completed lobsim run with one) or what
 * res_resolve_run() reads.  run_ids (FIT_MAX_RUNS) and *nruns get the runs.
 * *cases is sim_malloc'ed; *skipped counts the sessions left out.
 * SIM_EINVAL with one line in msg when no run matches, a run is named twice
 * or has no such session.
 */
sim_err_t fit_load(const char *db, const char *selector, unsigned workloads, fit_case_t **cases,
                   size_t *ncases, size_t *skipped, int64_t *run_ids, size_t *nruns, char *msg,
                   size_t msglen);

#endif /* LOBSIM_FIT_H */
