/*
 * lobreport_int.h -- the history as history.c loads it, changes.c words
 * what changed between runs, and site.c, charts.c and calibration.c draw
 * it.  Private to lobreport/.
 */
#ifndef LOBSIM_LOBREPORT_INT_H
#define LOBSIM_LOBREPORT_INT_H

#include <stdint.h>

#include "lobreport.h"
#include "results.h"

/* One run, a position on every chart's x axis. */
typedef struct {
    int64_t run;
    int oracle;        /* source 'oracle': imported measurements */
    int completed;     /* every requested case ran */
    int dirty;         /* 1 uncommitted changes, 0 clean, -1 unknown */
    char commit[41];   /* "" when unknown */
    char label[48];    /* the x tick, unique: "b38411f r6", "b38411f+ r7", "Oracle r1", "r5" */
    char subject[512]; /* the commit's subject from git log, whole; "" if not known */
    int64_t when;      /* commit date if git knows it, else the run's start */
    /* Oracle's runs: the --label of lobimport (NULL for none), the file it
     * came from and its format (NULL for the reference CSV).  Model runs: the
     * parameters of the base case (NULL if not recorded) and what the run's
     * sessions varied in, "dsp.chunk_divisor 128, 256; seed 1, 2" (NULL for
     * a run of one point). */
    char *name, *file, *format;
    char *params;
    char *sweep;
    /* A script run: runs.script_file (NULL for none) and script_digest
     * ("" for none); the script's index in rpt_history_t.scripts, -1 for a
     * run without script steps. */
    char *script_file;
    char script_digest[RES_DIGEST_LEN];
    int script;
} rpt_run_t;

/* The longest variant kept: the swept parameters' values and seed. */
#define RPT_VARIANT_MAX 160

/* One case across the runs: values[r * SIM_STAT_COUNT + s], NAN where run r
 * has no such figure; times per run (microseconds per statement), NAN when
 * untimed; params[r], the parameters the case ran with in run r (an index
 * into rpt_history_t.params), -1 where unknown or absent; ran[r], 1 where
 * run r has a session of the case (with or without figures lobsim knows). */
typedef struct {
    char workload[RES_NAME_MAX + 1];
    int64_t workload_position;     /* in the store's table `workloads`; -1 if not there */
    char family[RES_NAME_MAX + 1]; /* "lob", "heap", "rac" from that table; "" if not there */
    char title[96];                /* the workload's title there; "" if none */
    char path[RES_NAME_MAX + 1];
    uint64_t lob_chars;
    uint32_t block_size;
    uint64_t rows;
    /* Within a sweep, the values of what its sessions varied in, e.g.
     * "dsp.chunk_divisor=128 seed=2"; "" for a run of one point.  Part of
     * the case's identity: a sweep's points are cases of their own. */
    char variant[RPT_VARIANT_MAX];
    double *values;
    double *t_mean, *t_lo, *t_hi;
    int32_t *params;
    unsigned char *ran;
} rpt_case_t;

/* One session of a script run: a (step, LOB segment) and its figures after
 * the statement, NAN where the session has no such figure. */
typedef struct {
    uint32_t step;
    char *statement;
    char *table; /* the LOB segment's name (a run stored before schema 13: its table's) */
    double values[SIM_STAT_COUNT];
} rpt_step_t;

/* One script -- its file and digest as the runs store them -- across the
 * runs that ran it (the model's) or measured it (Oracle's spools). */
typedef struct {
    char *file;                   /* "" when the runs name none */
    char digest[RES_DIGEST_LEN];  /* "" when the runs name none */
    char name[RES_NAME_MAX + 80]; /* "script FILE (digest 0123abcd)": its runs' workloads */
    size_t *runs, nruns;          /* positions in rpt_history_t.runs, the page's order */
    rpt_step_t **steps;           /* steps[i], nsteps[i]: the sessions of runs[i], */
    size_t *nsteps;               /* by step, then table, as the store walks them */
    int32_t *params;              /* per run of the history, as rpt_case_t.params */
} rpt_script_t;

struct rpt_history {
    rpt_run_t *runs; /* Oracle's first, then the model's in commit order */
    size_t nruns;
    rpt_case_t *cases; /* by workload (the store's order), path, block size, rows, LOB size,
                        * variant */
    size_t ncases;
    char **params; /* every distinct parameter text of the sessions, once */
    size_t nparams;
    rpt_script_t *scripts; /* by file, then digest */
    size_t nscripts;
    int has_oracle;
};

/* ---- what changed (changes.c) ---------------------------------------------- */

/* The "name=value name=value" text of the model's parameters, a pair at a
 * time: set p to the text, then rpt_param_next() until it returns 0.  A
 * name or value longer than its buffer is cut. */
typedef struct {
    const char *p;
    char name[64];
    char value[64];
} rpt_param_iter_t;

int rpt_param_next(rpt_param_iter_t *it);

/* A parameter text's pairs sorted by name (then by place, as
 * rpt_param_value() finds the first), so that a name is found by bisection:
 * comparing two texts costs n log n in their names, not n^2. */
typedef struct {
    rpt_param_iter_t *pairs; /* name and value of each; p unused */
    size_t n;
    const char *text; /* when pairs could not be allocated: searched linearly */
} rpt_params_t;

void rpt_params_index(rpt_params_t *x, const char *text);
void rpt_params_free(rpt_params_t *x);
/* rpt_param_value() over an index. */
int rpt_params_value(const rpt_params_t *x, const char *name, char *out, size_t len);

/* name's value in text into out: 1 when text has it, else 0 (out ""). */
int rpt_param_value(const char *text, const char *name, char *out, size_t len);

/*
 * The parameters that differ between the texts a and b ("name=value ..."),
 * as "name old -> new" joined by ", "; a name in one only shows "(none)" on
 * the other side.  At most max changes are worded, then "and N more".
 * Names in skip (a space-separated list, may be NULL) are left out.
 * Returns the number of changes (0: same parameters); out is always a
 * string, cut at a change's end when it is too short.
 */
size_t rpt_param_changes(const char *a, const char *b, const char *skip, size_t max, char *out,
                         size_t len);

/*
 * The label of a step of case c from run a to run b (positions in h):
 * the parameters that changed when they did (at most two, then "and N
 * more"), else the commit and its whole subject, else "uncommitted changes"
 * or "same commit and parameters".  The chart cuts it to its room.
 */
void rpt_step_label(const rpt_history_t *h, const rpt_case_t *c, size_t a, size_t b, char *out,
                    size_t len);

/* The position of the previous model run before x that ran one of the
 * workloads x ran, or x's script, or SIZE_MAX. */
size_t rpt_previous_run(const rpt_history_t *h, size_t x);

/* ---- the page's parts ------------------------------------------------------ */

/* Every workload's section: its charts across the runs (charts.c). */
sim_err_t rpt_charts(FILE *f, const rpt_history_t *h);

/* The calibration of the newest complete model run of the reference's
 * experiment against Oracle's reference (calibration.c). */
sim_err_t rpt_calibration(FILE *f, const rpt_history_t *h, const char *db);

/* ---- scripts.c: a store's script runs ------------------------------------ */

/*
 * Run x's script steps (steps[0 .. n), whose strings the script takes over)
 * into h->scripts, under the run's script file and digest: the script is
 * made at its first run.  params is the interned parameter text of the
 * run's sessions (-1 unknown).  SIM_ENOMEM, with the steps' strings freed.
 */
sim_err_t rpt_script_add_run(rpt_history_t *h, size_t x, const char *file, const char *digest,
                             rpt_step_t *steps, size_t n, int32_t params);

/* Sort the scripts by file, then digest, and point each run at its own. */
void rpt_scripts_done(rpt_history_t *h);
void rpt_scripts_free(rpt_history_t *h);

/* A section per script: the figures of its last step across its runs,
 * then a table of the newest run's steps. */
sim_err_t rpt_scripts(FILE *f, const rpt_history_t *h);

/* ---- verify.c: what is read, checked before it is drawn ---------------- */

/* A parameter text (runs.params, sessions.params) at most this long: the
 * model's 91 parameters take 2.6 KB, so a longer text is none lobsim
 * wrote -- damage or another tool's -- and is refused rather than drawn
 * into the page's labels.  (Time is no longer the reason: comparing two
 * texts is n log n in their names, rpt_params_t.) */
#define RPT_PARAMS_MAX 16384

/* SIM_OK, or SIM_ECORRUPT (SIM_ENOMEM) with one line in err naming `what`
 * (or the run and session) and the problem. */
sim_err_t rpt_verify_params(const char *text, const char *what, char *err, size_t errlen);
sim_err_t rpt_verify_run(const res_run_info_t *ri, char *err, size_t errlen);
sim_err_t rpt_verify_session(const res_session_info_t *s, char *err, size_t errlen);

#endif /* LOBSIM_LOBREPORT_INT_H */
