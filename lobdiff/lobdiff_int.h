/*
 * lobdiff_int.h -- what the files of lobsim_lobdiff share: the run and the
 * diff behind the handles, the figures and pairs the comparison finds, and
 * the formatting helpers every renderer uses.  Tests and fuzz targets may
 * include it; other components use lobdiff.h.
 */
#ifndef LOBSIM_LOBDIFF_INT_H
#define LOBSIM_LOBDIFF_INT_H

#include <stdarg.h>

#include "lobdiff.h"

/* compare.py's advice: fewer repetitions give the U test little power. */
#define LDF_UTEST_OPTIMAL_REPETITIONS 9

struct res_store; /* results.h; only load.c looks inside */

struct ldf_run {
    char *role;          /* "base", "head" or "reference" */
    ldf_run_info_t info; /* strings in owned */
    int oracle;          /* source is 'oracle' (or --reference): the reference side */
    char **unmodelled;   /* names of Oracle figures lobsim lacks, sorted, owned */
    size_t nunmodelled;
    struct res_store *store; /* NULL for a run built in memory */
    ldf_case_t *cases;       /* params, real and cpu in owned; sorted by ldf_pair() */
    size_t n, cap;
    /* Every allocation the run's const fields point to, freed with the run:
     * the public structs promise their readers const, the run owns them. */
    void **owned;
    size_t nowned, capowned;
};

/* ---- what the comparison found ------------------------------------------- */

enum { LDF_FIG_COUNTER, LDF_FIG_DERIVED };

/* A figure computed from two others: numerator / denominator. */
enum { LDF_DEN_ROWS = -1, LDF_DEN_LOB_BYTES = -2 };
typedef struct {
    const char *name;
    int num; /* sim_stat_t */
    int den; /* sim_stat_t, LDF_DEN_ROWS or LDF_DEN_LOB_BYTES */
} ldf_derived_t;

extern const ldf_derived_t ldf_derived[];
extern const size_t ldf_nderived;

typedef struct {
    size_t pair;
    const ldf_case_t *kase; /* the pair's case (head's), for ordering */
    int kind;               /* LDF_FIG_COUNTER or LDF_FIG_DERIVED */
    int id;                 /* sim_stat_t or index into ldf_derived[] */
    double base, head;
    int64_t ibase, ihead; /* counters: exact */
    int changed;
    double rel; /* |head - base| / |base|; INFINITY when only head is not 0 */
} ldf_fig_t;

typedef struct {
    double base_mean, head_mean; /* ns per statement, mean of the samples */
    double change;               /* head / base - 1 */
    ldf_utest_t t;
} ldf_tstat_t;

enum { LDF_FASTER = -1, LDF_UNCHANGED = 0, LDF_SLOWER = 1 };

typedef struct {
    const ldf_case_t *b, *h; /* NULL when the case is only in the other run */
    int timed;               /* both have >= 2 samples */
    ldf_tstat_t real, cpu;
    int verdict;
    size_t changed; /* counters that changed */
} ldf_pair_t;

typedef struct {
    char *name, *base, *head; /* values NULL when the run lacks the parameter */
} ldf_param_diff_t;

struct ldf_diff {
    ldf_opts_t o;
    const ldf_run_t *side[2]; /* base, head */
    int calibration;
    int lobsim_side; /* calibration: the side that is not the reference */
    ldf_pair_t *pairs;
    size_t npairs, ncommon, nadded, nremoved, ncases_changed, nstats_changed;
    size_t ntimed, nslower, nfaster;
    double case_alpha; /* Bonferroni: the level each case is tested at */
    uint32_t min_samples;
    ldf_fig_t *figs;
    size_t nfigs, figcap;
    ldf_param_diff_t *params;
    size_t nparams;
    int exit_status;
};

/* ---- allocation (load.c) -------------------------------------------------
 *
 * Every allocation goes through sim_malloc() (sim.h), so that a test can fail
 * the nth one; a failure travels up as SIM_ENOMEM (or NULL from the
 * functions that return a handle) to the program's main, never out of the
 * process. */

void *ldf_malloc(size_t n); /* at least one byte; NULL when memory ran out */
void *ldf_realloc(void *p, size_t n);
char *ldf_strdup(const char *s); /* s not NULL; NULL when memory ran out */
/* p (not NULL), freed with the run r; freed at once and NULL when the run
 * cannot keep it. */
void *ldf_run_own(ldf_run_t *r, void *p);
int ldf_streq(const char *a, const char *b); /* NULL reads as "" */

/* The run is the reference side: its source is 'oracle', unless
 * --reference chose the other run (ldf_run_mark_reference). */
static inline int ldf_run_oracle(const ldf_run_t *r)
{
    return r->oracle;
}

/* ---- pairing (pair.c) ---------------------------------------------------- */

/* The order of the reports: workload (workload_rank, then name), path
 * (local, dblink, others), block size, rows, LOB size, variant. */
int ldf_case_cmp(const ldf_case_t *a, const ldf_case_t *b);
/* The rank of a path for ordering and plot colours: 0 local, 1 dblink, 2 any
 * other. */
int ldf_path_rank(const char *path);
/* Settle one rank per workload name (head's where head has the name), give
 * every case its variant (the parameters and seed that differ among either
 * run's cases), sort both runs' cases and match them by key into d->pairs.
 * SIM_ENOMEM. */
sim_err_t ldf_pair(ldf_diff_t *d, ldf_run_t *base, ldf_run_t *head);

/* ---- comparing (compare.c) ----------------------------------------------- */

/* Every pair compared, the verdicts and the exit status.  SIM_ENOMEM. */
sim_err_t ldf_compare(ldf_diff_t *d);
/* Every model parameter named in either "a=1 b=2" string whose value
 * differs, into d->params.  SIM_ENOMEM. */
sim_err_t ldf_diff_params(ldf_diff_t *d, const char *bp, const char *hp);
/* The figures in print order: all of them (pair == SIZE_MAX) or one pair's.
 * by_layout: the calibration's order (workload, path, statistic, case);
 * else the largest relative change first.  NULL when memory ran out. */
const ldf_fig_t **ldf_ordered_figs(const ldf_diff_t *d, size_t pair, int by_layout, size_t *n);

/* ---- growing strings (str.c) ---------------------------------------------
 *
 * The text of a note, a case label, a run's description or the summary,
 * whatever its length.  Start from {0}; an append that cannot grow the
 * string sets nomem and leaves the text as it was, and whoever renders it
 * then returns SIM_ENOMEM: nothing is cut short without a word. */

typedef struct {
    char *s; /* NUL-terminated; NULL until the first append */
    size_t len, cap;
    int nomem;
} ldf_str_t;

void ldf_str_add(ldf_str_t *b, const char *fmt, ...);
/* s with what GitHub's markdown reads as formatting escaped. */
void ldf_str_md(ldf_str_t *b, const char *s);
/* s as markdown escapes it, or as it is. */
void ldf_str_text_md(ldf_str_t *b, const char *s, int markdown);
/* s set as code (`s`) in markdown (escaped instead when it holds a
 * backtick), as it is otherwise. */
void ldf_str_code(ldf_str_t *b, const char *s, int markdown);
const char *ldf_str_get(const ldf_str_t *b); /* "" before the first append */
/* The text, handed over to the caller (free()); NULL when memory ran out,
 * then or before.  b is left empty. */
char *ldf_str_take(ldf_str_t *b);
void ldf_str_free(ldf_str_t *b);

/* ---- notes (notes.c) ------------------------------------------------------ */

/* A note on what makes the runs different beyond the code.  One that is a
 * list (each model parameter that differs, each statistic lobsim does not
 * model) has its items as well, to be set out under its lead line when it
 * is long (ldf_note_listed()); its text says the whole of it in one line. */
typedef struct {
    char *text;   /* the whole note, one line */
    char *lead;   /* with items: the line over them; else NULL */
    char **items; /* nitems of them */
    size_t nitems;
} ldf_note_t;

typedef struct {
    ldf_note_t *v;
    size_t n;
} ldf_notes_t;

/* A list longer than this, or a note with a list longer than this many
 * characters in one line, is set out one item a line. */
#define LDF_NOTE_INLINE_ITEMS 4
#define LDF_NOTE_INLINE_CHARS 160

/* Every note, each whole; markdown sets names as code and escapes the rest.
 * SIM_ENOMEM, out then empty. */
sim_err_t ldf_notes(const ldf_diff_t *d, int markdown, ldf_notes_t *out);
/* The note on the model parameters that differ (d->nparams > 0): each once,
 * changed ones as "name base -> head", one new in head as "name=value"
 * under "new in head", one head lacks under "only in base".  SIM_ENOMEM. */
sim_err_t ldf_params_note(const ldf_diff_t *d, int markdown, ldf_note_t *note);
int ldf_note_listed(const ldf_note_t *n);
void ldf_note_free(ldf_note_t *n);
void ldf_notes_free(ldf_notes_t *notes);

/* ---- shared by the renderers (report.c) ---------------------------------- */

static inline const ldf_case_t *ldf_pair_case(const ldf_pair_t *p)
{
    return p->h ? p->h : p->b;
}

/* A case's label appended to out: "local 2k", with workload, block size,
 * rows and variant where they differ from the reference's experiment. */
void ldf_case_label(const ldf_case_t *c, ldf_str_t *out);
const char *ldf_fig_name(const ldf_fig_t *f);
void ldf_fmt_time(int64_t t, char *buf, size_t len);
/* The calibration's figures as (lobsim, oracle). */
void ldf_calib_values(const ldf_diff_t *d, const ldf_fig_t *f, double *lobsim, double *oracle);
/* What base and head are called: "base"/"head", or "lobsim"/"oracle". */
const char *ldf_side_name(const ldf_diff_t *d, int side);
/* A run's description appended to out: "run 3 (commit ..., host ...)". */
void ldf_describe_side(const ldf_run_t *s, int markdown, ldf_str_t *out);
/* The value of parameter name in params ("a=1 b=2"): its start and length
 * (pair.c), or NULL when params lacks it. */
const char *ldf_param_value(const char *params, const char *name, size_t *len);
/* The summary line appended to out.  With no case in common it is the one
 * line that says so, naming each run's LOB sizes. */
void ldf_summary(const ldf_diff_t *d, ldf_str_t *out);
/* No case in common and no LOB size either (the summary names both runs'
 * sizes, so the lists of cases of one run only would repeat it). */
int ldf_no_size_in_common(const ldf_diff_t *d);
/* How a renderer writes a piece of text (markdown escapes it); NULL: as is. */
typedef void ldf_put_fn(FILE *f, const char *s);
/* "only in base: local 2k; dblink 64k, block 16k, 10000 rows" after lead,
 * each label through put; nothing when every case is in both runs, or when
 * no LOB size is (ldf_no_size_in_common: the summary names them).  The
 * labels have commas of their own, so the cases are set apart by
 * semicolons.  SIM_ENOMEM. */
sim_err_t ldf_print_only_in(FILE *f, const ldf_diff_t *d, int base_side, const char *lead,
                            ldf_put_fn *put);

#define LDF_MAX_COLS 8

typedef struct {
    size_t ncols;
    const char *head[LDF_MAX_COLS];
    char align[LDF_MAX_COLS]; /* 'l' or 'r' */
    char **cells;
    size_t nrows, cap;
    int nomem; /* a row was dropped for want of memory: the table is not whole */
} ldf_table_t;

void ldf_table_init(ldf_table_t *t, const char *align, ...);
void ldf_table_row(ldf_table_t *t, ...);
void ldf_table_free(ldf_table_t *t);
/* A figure as a table row: with or without the case column, derived figures
 * marked with a leading '~' (markdown sets them in italics). */
void ldf_fig_row(const ldf_diff_t *d, ldf_table_t *t, const ldf_fig_t *f, int with_case,
                 int derived_mark);
/* The times table through render, after heading; nothing when no case that
 * is shown was timed.  SIM_ENOMEM. */
typedef void ldf_table_fn(FILE *f, const ldf_table_t *t);
sim_err_t ldf_print_times(FILE *f, const ldf_diff_t *d, const char *heading, ldf_table_fn *render);

/* ---- interval by interval (intervals.c) ---------------------------------- */

/* A pair's snapshots: neither run has any (or the case is in one run
 * only); the runs cut the statement apart (other intervals); compared. */
enum { LDF_IV_NONE, LDF_IV_APART, LDF_IV_COMPARED };
/* Whether a case's interval i has its rows known; its seconds, 0 if not
 * given (ldf_case_t.snap_rows_known, snap_seconds). */
int ldf_snap_rows_known(const ldf_case_t *c, uint32_t i);
double ldf_snap_seconds(const ldf_case_t *c, uint32_t i);
int ldf_intervals_state(const ldf_pair_t *p);
/* The intervals a pair compares: the more of the two runs' (a run of
 * sessions at once may end before the other). */
uint32_t ldf_interval_count(const ldf_pair_t *p);
/* Whether statistic k's delta differs between a compared pair's runs in
 * some interval (or, with all, is not zero in some). */
int ldf_interval_shown(const ldf_pair_t *p, int k, int all);
/* A compared pair's statistics that differ in some interval (with --all,
 * that are not zero in some), a row per interval. */
void ldf_intervals_table(const ldf_diff_t *d, const ldf_pair_t *p, ldf_table_t *t);
/* The wait events either case of a pair has (a run of sessions at once):
 * base's, then head's others, into names; how many. */
uint32_t ldf_event_names(const ldf_pair_t *p, const char *names[2 * LDF_MAX_EVENTS]);
/* Case c's event named `name` in interval i, waits (micro 0) or
 * microseconds (1): 0 where it has none. */
uint64_t ldf_event_delta(const ldf_case_t *c, uint32_t i, const char *name, int micro);
/* Whether that differs between a pair's runs in some interval (or, with
 * all, is not zero in some). */
int ldf_event_shown(const ldf_pair_t *p, const char *name, int micro, int all);
/* After heading, for each pair with snapshots: its label and intervals, then
 * the table through render (or why the intervals do not compare); nothing
 * when no pair has any.  Text goes through put (NULL: as is).  SIM_ENOMEM. */
/* Where the two runs' snapshots came from ("lobbench --snapshot-every",
 * "a Snapper series, lobimport", ...; each side's when they differ), for
 * the heading over the intervals. */
void ldf_intervals_source(const ldf_diff_t *d, ldf_str_t *out);
sim_err_t ldf_print_intervals(FILE *f, const ldf_diff_t *d, const char *heading,
                              ldf_table_fn *render, ldf_put_fn *put);

#endif /* LOBSIM_LOBDIFF_INT_H */
