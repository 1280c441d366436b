/*
 * lobdiff.h -- what changed between two recorded runs of the results store,
 * in a form to paste into a pull request (docs/lobdiff.md).
 *
 * A case is (workload, path, LOB size, block size, rows), and in a sweep
 * the values of the parameters and the seed that differ among a run's cases
 * (lobbench --param=NAME=V1,V2, --seeds); workload and path are the store's
 * short strings ("insert", "local"), so that this library knows nothing of
 * the model's API.  Two runs (ldf_run_t: loaded from a store
 * or built in memory) are paired case by case and compared
 * (ldf_diff_create()): statistics exactly, times with a two-sided
 * Mann-Whitney U test, Bonferroni-corrected over the timed cases.  The
 * result is rendered as text, markdown, JSON or an SVG plot.  Against the
 * reference (source 'oracle') the diff is a calibration report.
 *
 * Out of memory is an error like any other: a function that allocates
 * returns SIM_ENOMEM (or NULL, if it returns a handle) and leaves its objects
 * as they were; nothing here exits the process.  Arguments the declarations
 * below call for (non-NULL handles, runs, outputs) are asserted.
 */
#ifndef LOBSIM_LOBDIFF_H
#define LOBSIM_LOBDIFF_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "sim.h"

/* The exit status of lobdiff, and what ldf_diff_exit_status() says. */
#define LDF_EXIT_SAME 0      /* nothing changed */
#define LDF_EXIT_CHANGED 1   /* a figure changed, a case came or went, a time regressed */
#define LDF_EXIT_BAD_INPUT 2 /* bad input, one line naming it */

/* ---- options ------------------------------------------------------------- */

typedef enum { LDF_FORMAT_TEXT, LDF_FORMAT_MARKDOWN, LDF_FORMAT_JSON } ldf_format_t;

typedef struct {
    const char *db;        /* the store of selectors without FILE.db:; db_default */
    char db_default[4096]; /* without --db: sim_default_store() */
    const char *base;      /* run selectors */
    const char *head;
    ldf_format_t format;
    int all;               /* list unchanged figures and times too */
    double threshold_pct;  /* a time change counts beyond this */
    double alpha;          /* family significance level of the U tests */
    const char *plot;      /* SVG file to draw, NULL for none */
    const char *reference; /* --reference=RUN: the run that plays Oracle, NULL for none */
    int help;              /* -h, --help was given */
    int version;           /* --version was given */
} ldf_opts_t;

/* The store sim_default_store(), text, threshold 5 %, alpha 0.05, no plot. */
void ldf_opts_defaults(ldf_opts_t *o);

/*
 * lobdiff's command line into o (strings point into argv), in the grammar of
 * sim_opt_next().  Returns 0 to go on, 1 for -h/--help or --version (o->help
 * or o->version says which; nothing else done), 2 for bad input with one
 * line in err (without the "lobdiff: " prefix) naming the argument and what
 * would be accepted.  A --plot whose directory does not exist is refused
 * here.
 */
int ldf_parse_args(int argc, char *const *argv, ldf_opts_t *o, char *err, size_t errlen);
void ldf_usage(FILE *f);

/*
 * Split a selector argument: "FILE.db:SELECTOR" (a colon after which no
 * slash follows) names a run of another store, anything else is a selector
 * of default_db.  On success *db is a malloc'ed file name (free()) and
 * *selector points into arg; SIM_EINVAL with one line in err (role names the
 * side, "base" or "head") when either part is empty, SIM_ENOMEM, and *db is
 * then left alone.
 */
sim_err_t ldf_split_selector(const char *role, const char *arg, const char *default_db, char **db,
                             const char **selector, char *err, size_t errlen);

/* ---- runs ---------------------------------------------------------------- */

#define LDF_NAME_MAX 24   /* workload and path names, with their NUL */
#define LDF_MAX_EVENTS 16 /* a case's wait events (the store's RES_MAX_EVENTS) */
#define LDF_EVENT_MAX 65  /* an event's name and its NUL (RES_EVENT_NAME_MAX) */
#define LDF_TABLE_MAX 129 /* a script's table: an Oracle name and its NUL */

/* A workload the order of the reports does not know: after the others. */
#define LDF_RANK_UNKNOWN UINT32_MAX

typedef struct {
    char workload[LDF_NAME_MAX]; /* as the store names it: "insert", "scan", ... */
    /* The workload's place in the order of the reports, lowest first, equal
     * ranks by name: a run of a store takes its table `workloads` (a name the
     * table lacks, LDF_RANK_UNKNOWN); a run built in memory gives its own or
     * leaves 0 for all (by name).  ldf_diff_create() gives a name both runs
     * have head's rank. */
    uint32_t workload_rank;
    char path[LDF_NAME_MAX]; /* "local", "dblink" */
    /* 1 for a heap or rac case (the store's family of its workload): its
     * path and LOB size are placeholders, left out of its label. */
    int no_lob_axes;
    uint64_t lob_chars;
    uint32_t block_size;
    uint64_t rows;
    /* A step of a script run (the store's step, table_name, statement):
     * step and table are its key (a table's segments together, summed by
     * ldf_run_load(): a spool from Oracle gives them so), in place of path, sizes and rows, so that
     * a script run pairs with another run of the same script whatever their
     * block sizes and rows; 0 and "" for a sweep's case. */
    uint32_t step;
    char table[LDF_TABLE_MAX]; /* "": the step's session row */
    const char *statement;
    const char *params; /* the session's model parameters, NULL if unknown */
    int has_seed;       /* the session's seed is known (lobsim runs) */
    uint64_t seed;
    sim_stats_t stats;
    unsigned char present[SIM_STAT_COUNT]; /* 1 where the run has the figure */
    /* The recursive SQL's share of each figure (a heap statement's
     * dictionary reads and calls, the store's part "recursive"), when the
     * run recorded it: the statement's own figures are stats less it. */
    int has_recursive;
    sim_stats_t recursive;
    /* What tells this case from others of the same key in a sweep: the
     * parameters (and the seed) whose values differ among either run's
     * cases, "rac.users=40 seed=2"; set by the pairing, "" without. */
    const char *variant;
    uint32_t nsamples; /* repetition samples, ns per statement */
    const double *real;
    const double *cpu;
    /* Its snapshots (lobbench --snapshot-every, an imported Snapper
     * series): nsnaps intervals, each's rows and delta of every figure; 0
     * and NULL for none.  snap_rows_known NULL: every interval's rows known
     * (lobbench's); else 0 where the source did not say (Snapper), and
     * snap_rows is 0 there.  snap_seconds NULL: no interval's length given;
     * else each's seconds, 0 where not given. */
    uint32_t nsnaps;
    const uint64_t *snap_rows;
    const sim_stats_t *snaps;
    const unsigned char *snap_rows_known;
    const double *snap_seconds;
    /* A session of a run of sessions at once (the store's ses_count and
     * ses_sid: 1 .. ses_count, 0 the system): part of the key after the
     * workload; 0, 0 for any other case. */
    uint32_t ses_count, ses_sid;
    /* Its snapshots' wait events (a run of sessions at once): nevents
     * names, and each interval's delta of event e, snap_waits[i * nevents
     * + e] waits and snap_micro[...] microseconds; 0 and NULL for none. */
    uint32_t nevents;
    char events[LDF_MAX_EVENTS][LDF_EVENT_MAX];
    const uint64_t *snap_waits, *snap_micro;
} ldf_case_t;

/* What is known of a run; strings may be NULL. */
typedef struct {
    const char *db;       /* the store it came from */
    const char *selector; /* as the user named it */
    int64_t run;
    const char *source; /* "lobsim" or "oracle" (the reference) */
    const char *commit, *host, *compiler, *build_type, *params, *ref_file;
    const char *script_file, *script_digest; /* a script run's (runs.script_*) */
    /* An imported run's format as lobimport read it ("snapper", "awrhist",
     * ...; runs.import_format), NULL for a run of the model: says where
     * its snapshots came from. */
    const char *import_format;
    int git_dirty; /* 1, 0, -1 unknown */
    int64_t started;
} ldf_run_info_t;

typedef struct ldf_run ldf_run_t;

/* An empty run in memory; role is "base" or "head" (copied); info may be
 * NULL.  NULL when memory ran out. */
ldf_run_t *ldf_run_create(const char *role, const ldf_run_info_t *info);
/*
 * Add a copy of c (params and samples copied too).  SIM_EINVAL, run
 * unchanged, for an empty or unterminated workload or path name; SIM_ENOMEM,
 * run unchanged.
 */
sim_err_t ldf_run_add_case(ldf_run_t *r, const ldf_case_t *c);
/*
 * Resolve arg (ldf_split_selector()) and load that run from its store,
 * opened read-only and kept open for ldf_run_load_reference().  On failure
 * err holds one line (without the "lobdiff: " prefix) and *out is NULL:
 * SIM_EINVAL for a store or selector that will not do, SIM_ENOMEM.
 */
sim_err_t ldf_run_load(const char *role, const char *arg, const char *default_db, ldf_run_t **out,
                       char *err, size_t errlen);
/*
 * The same, "latest" (and latest~N) meaning the latest run of the
 * workloads of the run `like` (res_resolve_run_of()): the run to compare
 * with it, not the newest run of any workload.  like NULL: ldf_run_load().
 */
sim_err_t ldf_run_load_like(const char *role, const char *arg, const char *default_db,
                            const ldf_run_t *like, ldf_run_t **out, char *err, size_t errlen);
/* Whether arg's selector (after FILE.db:) is latest or latest~N. */
int ldf_selector_is_latest(const char *arg);
/*
 * --reference: make whichever of base and head is the run ref (same store,
 * same id) the calibration's reference, and the other not, whatever their
 * sources.  SIM_EINVAL with one line in err when ref is neither or both.
 */
sim_err_t ldf_run_mark_reference(ldf_run_t *base, ldf_run_t *head, const ldf_run_t *ref, char *err,
                                 size_t errlen);
/*
 * Two runs compare step by step only when they ran the same script (the
 * same digest, runs.script_digest) or neither ran one: SIM_EINVAL with one
 * line in err naming both scripts, or the run that ran one, otherwise.
 */
sim_err_t ldf_runs_same_script(const ldf_run_t *base, const ldf_run_t *head, char *err,
                               size_t errlen);
/* The Oracle statistics of r's sessions that lobsim does not model
 * (imported runs), each name once, sorted; NULL-free array of n. */
const char *const *ldf_run_unmodelled(const ldf_run_t *r, size_t *n);
/* The reference run of r's store into *out: NULL when r is in memory or the
 * store has none.  SIM_ENOMEM (*out NULL). */
sim_err_t ldf_run_load_reference(const ldf_run_t *r, ldf_run_t **out);
const ldf_run_info_t *ldf_run_info(const ldf_run_t *r);
size_t ldf_run_ncases(const ldf_run_t *r);
const ldf_case_t *ldf_run_case(const ldf_run_t *r, size_t i);
/* NULL is a no-op. */
void ldf_run_destroy(ldf_run_t *r);

/* ---- the comparison ------------------------------------------------------ */

typedef struct ldf_diff ldf_diff_t;

/*
 * Pair base's and head's cases and compare every pair.  The runs are
 * borrowed (their cases get sorted, their workload ranks settled) and must
 * outlive the diff.  A calibration when exactly one of them is the
 * reference.  NULL when memory ran out.
 */
ldf_diff_t *ldf_diff_create(const ldf_opts_t *o, ldf_run_t *base, ldf_run_t *head);
/* LDF_EXIT_SAME or LDF_EXIT_CHANGED, as lobdiff exits. */
int ldf_diff_exit_status(const ldf_diff_t *d);
void ldf_diff_destroy(ldf_diff_t *d);

/* ---- renderers ----------------------------------------------------------- */

/* SIM_ENOMEM when memory ran out part way: f then holds part of the report. */
sim_err_t ldf_render_text(FILE *f, const ldf_diff_t *d);
sim_err_t ldf_render_markdown(FILE *f, const ldf_diff_t *d);
sim_err_t ldf_render_json(FILE *f, const ldf_diff_t *d);
/*
 * The statistics against LOB size as SVG (plot.h), ref (may be NULL) as
 * markers beside a diff of two lobsim runs.  To f, or with ldf_plot_file()
 * into the file path, whole or not at all.  On failure err holds one line.
 */
sim_err_t ldf_render_plot(FILE *f, const ldf_diff_t *d, const ldf_run_t *ref, char *err,
                          size_t errlen);
sim_err_t ldf_plot_file(const char *path, const ldf_diff_t *d, const ldf_run_t *ref, char *err,
                        size_t errlen);

/* ---- the Mann-Whitney U test and the Bonferroni correction ---------------- */

typedef struct {
    double u;  /* U of the first sample x, as scipy.stats.mannwhitneyu reports it */
    double p;  /* two-sided, in [0, 1] */
    int exact; /* 1 the exact distribution, 0 the normal approximation */
} ldf_utest_t;

/*
 * Two-sided Mann-Whitney U test of x (n1 values) against y (n2), as
 * scipy.stats.mannwhitneyu(x, y, alternative='two-sided') computes it with
 * method 'auto': exact when one sample has at most 8 values and no value is
 * tied, else the normal approximation with tie and continuity correction.
 * SIM_EINVAL, *out unchanged, when a sample is empty or a value is NaN.
 */
sim_err_t ldf_mann_whitney(const double *x, size_t n1, const double *y, size_t n2,
                           ldf_utest_t *out);
/* The level each of ntests tests is held to so that the family's chance of
 * any false alarm stays <= alpha: alpha / ntests (alpha when ntests is 0). */
double ldf_bonferroni(double alpha, size_t ntests);
/* The smallest two-sided p that n1 and n2 untied samples can give. */
double ldf_min_exact_p(size_t n1, size_t n2);

#endif /* LOBSIM_LOBDIFF_H */
