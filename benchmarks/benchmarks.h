/*
 * benchmarks.h -- lobbench: its command line (the sweep to run and where its
 * results go; Google Benchmark's --benchmark_* flags are left in argv for the
 * wrapper, gbc.h) and what it prints and writes (the statistics tables laid
 * out like the reference, the CSV files).  Every parser names the bad input
 * and what would be accepted.
 */
#ifndef LOBSIM_BENCHMARKS_H
#define LOBSIM_BENCHMARKS_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "lobspace.h"
#include "workload.h"

#define BENCH_MAX_LIST 64
/* Each parameter is given at most once (a later source overrides an
 * earlier one in place), so this bounds nothing a user can give: the model
 * has fewer parameters. */
#define BENCH_MAX_PARAMS 128
#define BENCH_MAX_DEFINES 64 /* --define=NAME=VALUE given at most */
/* A --param-file is a few lines; past this it is not one. */
#define BENCH_PARAM_FILE_MAX (1 << 20)
/* Parameters that may be given as lists: each is a dimension of the sweep. */
#define BENCH_MAX_SWEPT 2
/* The most cases one sweep may have (each holds its figures, ~10 KB). */
#define BENCH_MAX_CASES 10000

/* A parameter given as a list (--param=NAME=V1,V2,...): its values in the
 * order given, no value twice. */
typedef struct {
    char name[48];
    uint32_t values[BENCH_MAX_LIST];
    size_t n;
} bench_swept_t;

typedef struct {
    int workloads[WORKLOAD_MAX];    /* which workloads run */
    int paths[CASE_PATH_COUNT];     /* which paths run (the LOB workloads') */
    int paths_given;                /* --path was given */
    uint64_t sizes[BENCH_MAX_LIST]; /* LOB sizes in characters (the LOB workloads') */
    size_t nsizes;
    int sizes_given; /* --sizes was given */
    uint32_t block_sizes[BENCH_MAX_LIST];
    size_t nblock_sizes;
    uint64_t rows;
    int rows_given; /* --rows was given (the heap workloads default to 10^7) */
    uint64_t seed;
    int seed_given;                 /* --seed was given (it and --seeds exclude each other) */
    uint64_t seeds[BENCH_MAX_LIST]; /* --seeds=1-5 or 1,2,3: a dimension of the sweep */
    size_t nseeds;                  /* 0: the one seed of --seed */
    uint32_t piece_size;
    int piece_size_set;
    struct {
        char name[48];
        uint32_t value;
        int source; /* 0 --param, n the nth --param-file */
    } params[BENCH_MAX_PARAMS];
    size_t nparams;
    int nsources; /* --param-file options seen */
    /* What a later source overrode ("FILE:3: NAME=V overrides ..."), said
     * once the run starts (a refused run says only why). */
    char note[400];
    bench_swept_t swept[BENCH_MAX_SWEPT]; /* parameters given as lists, in order */
    size_t nswept;
    const char *stats_out;    /* --stats-out=FILE.csv */
    const char *awr_out;      /* --awr-out=FILE.csv */
    const char *explain_out;  /* --explain-out=FILE.csv */
    const char *profile_out;  /* --profile-out=FILE.folded */
    uint64_t snapshot_every;  /* --snapshot-every=N rows, 0 without */
    uint64_t snapshot_ns;     /* --snapshot-every=Ns of model time (--sessions), 0 without */
    const char *snapshot_arg; /* as given, for messages */
    int snapshot_bad;         /* neither: refused once the run's kind is known */
    int explain;              /* --explain: the parts under each statistic */
    int layout;               /* --layout: each LOB segment's extents by kind, each step */
    const char *db;           /* --db=FILE; NULL with --no-db; else db_default */
    char db_default[4096];    /* the store without --db (sim_default_store()) */
    int db_given;             /* --db was given (it and --no-db exclude each other) */
    int no_db;
    const char *plot; /* --plot=FILE.svg */
    int help;         /* -h, --help: print the usage, nothing else */
    int version;      /* --version: print the version line, nothing else */
    int list_params;
    int quiet;
    int all_counters;
    int workload_given; /* --workload was given */
    /* --script=FILE.sql: a LOB segment's life from the user's script
     * (script.c) instead of a sweep, with its run inputs. */
    const char *script;
    const char *setup; /* --setup=FILE.sql: run first, its steps not reported */
    /* --define=NAME=VALUE: SQL*Plus substitution variables (&NAME) defined
     * before the setup and the script, in the order given. */
    const char *defines[BENCH_MAX_DEFINES];
    size_t ndefines;
    int charset_al32utf8;    /* --charset=al32utf8 (default: single-byte) */
    int max_string_extended; /* --max-string-size=extended (default: standard) */
    int basicfile_default;   /* --db-securefile=permitted|never (default: preferred) */
    /* Which of the script's run inputs the command line gave: these win
     * over the script's own `-- lobsim input:` lines (script.c). */
    int charset_given, max_string_given, securefile_given, block_size_given;
    /* --sessions=N[,N...]: the script's DML in N sessions at once, a run
     * per N (sessions.c); 0 of them: one session, the steps. */
#define BENCH_MAX_SESSIONS 1000
    uint32_t sessions[16];
    size_t nsessions;
} bench_opts_t;

void bench_defaults(bench_opts_t *o);

/*
 * Parse and remove lobbench's own options from argv (the shared grammar of
 * sim_opt_next()), leaving argv[0] and Google Benchmark's --benchmark_*
 * flags in order.  Returns 0, or 2 with one line naming the bad input in
 * err.  -h/--help and --version stop the parsing with o->help or o->version
 * set.
 */
int bench_parse(bench_opts_t *o, int *argc, char **argv, char *err, size_t errlen);

/* The individual parsers (also the fuzz targets).  0 on success, 2 with a
 * message naming `what` and the input otherwise. */
int bench_parse_chars(const char *what, const char *s, uint64_t *out, char *err, size_t errlen);
int bench_parse_block_size(const char *s, uint32_t *out, char *err, size_t errlen);
int bench_parse_u64(const char *what, const char *s, uint64_t max, uint64_t *out, char *err,
                    size_t errlen);

/* One NAME=VALUE (or NAME=V1,V2,...: a list, a dimension of the sweep)
 * into o (params.c); `where` names it in messages ("--param",
 * "FILE:LINE"), `source` is 0 for --param, n for the nth --param-file.
 * 0, or 2 with one line in err. */
int bench_add_param(bench_opts_t *o, const char *where, int source, const char *v, char *err,
                    size_t errlen);
/* NAME=VALUE lines of the file at path (blank lines and # comments
 * skipped) added to o's parameters in order, as --param takes them (a list
 * of values is a dimension of the sweep).  0, or 2 with one line in err:
 * "FILE:LINE: what is wrong", or the file that cannot be read. */
int bench_parse_param_file(bench_opts_t *o, const char *path, char *err, size_t errlen);
/* The same from an open stream f (not closed), path only naming it in
 * messages: what bench_parse_param_file() does once the file is open (and
 * the fuzz target's entry, fuzz/fuzz_param_file.c). */
int bench_parse_param_stream(bench_opts_t *o, FILE *f, const char *path, char *err, size_t errlen);
/* One value of parameter `name` (a number, or one of its names, e.g.
 * heap.dict_cache=warm) into *out.  0, or 2 with one line in err naming
 * `where`, the parameter and what it accepts. */
int bench_parse_param_value(const char *where, const char *name, const char *s, uint32_t *out,
                            char *err, size_t errlen);
/* "--seeds=1-5", "1,2,3", "1-3,7": into o->seeds; no seed twice, at most
 * BENCH_MAX_LIST.  0, or 2 with one line in err. */
int bench_parse_seeds(bench_opts_t *o, const char *s, char *err, size_t errlen);

/* The case for (path, size, block size) with the options applied, at the
 * first point of the sweep (the first value of each list, the first seed);
 * returns 2 with a message when the case is invalid. */
int bench_make_case(const bench_opts_t *o, unsigned wl, case_path_t path, uint64_t chars,
                    uint32_t block_size, case_t *c, char *err, size_t errlen);

void bench_usage(FILE *f);

/* ---- --script (script.c) ------------------------------------------------- */

/* A script's step as the results store records it (lobbench_record.c): a
 * session per step for the session's statistics (table and segment NULL),
 * and one per (step, segment) for each segment's figures. */
typedef struct {
    uint32_t step;         /* from 1 */
    const char *statement; /* on one line */
    const char *table;     /* NULL: the session's */
    const char *segment;   /* the table's segment or one of its LOB segments */
    uint32_t block_size;   /* the LOB segment's, 0 when it has no block yet */
    sim_stats_t stats;
} bench_step_t;
/* Record the n steps of a run of o->script: 0, or 1 with one line on
 * stderr. */
typedef int (*bench_steps_fn)(void *arg, const bench_opts_t *o, const bench_step_t *steps,
                              size_t n);

/* A wait event's figures as the store records them (v$session_event). */
typedef struct {
    const char *event, *wait_class; /* Oracle's names (static strings) */
    uint64_t waits, micro;          /* total_waits, time_waited_micro */
} bench_event_t;
#define BENCH_MAX_EVENTS 8

/* A run of sessions at once (--sessions) as the store records it
 * (lobbench_record.c): for each count of the sweep, a record per
 * simulated session (sid 1 .. count, as v$sesstat's) and one for the
 * system (sid 0: their sum, as v$sysstat), which alone has snapshots. */
typedef struct {
    uint32_t count; /* sessions at once */
    uint32_t sid;   /* 1 .. count; 0 the system */
    uint32_t block_size;
    sim_stats_t stats;
    size_t nevents; /* every event the model knows, zeros included */
    bench_event_t events[BENCH_MAX_EVENTS];
    /* --snapshot-every=Ns, the system only: nsnaps intervals, each one's
     * length in seconds of model time, its statistics' and its events'
     * deltas (snap_events[i * nevents + e]), adding up to the above. */
    uint32_t nsnaps;
    const double *snap_seconds;
    const sim_stats_t *snaps;
    const bench_event_t *snap_events;
} bench_ses_t;
/* Record the n records of a run of sessions at once, params the model's
 * parameters as "name=value ...": 0, or 1 with one line on stderr. */
typedef int (*bench_sessions_fn)(void *arg, const bench_opts_t *o, const bench_ses_t *ses, size_t n,
                                 const char *params);

/* Parse and run o->script, print its steps, write --stats-out, and hand
 * the steps to record, or with --sessions the sessions to record_sessions
 * (NULL: not; each heeds --no-db itself).  0; 2 with one line in err
 * for bad input (the script, a parameter, a statement Oracle would
 * refuse); 1 for an output that cannot be written or recorded. */
int bench_script_run(const bench_opts_t *o, bench_steps_fn record,
                     bench_sessions_fn record_sessions, void *arg, char *err, size_t errlen);

/* ---- tables and files (table.c, table_rac.c) ---------------------------- */

/* Repetitions whose own times a case keeps (lobdiff's significance test);
 * the mean covers all of them. */
#define BENCH_MAX_SAMPLES 128

/* One case of a sweep and what was measured for it. */
typedef struct {
    case_t c;
    char name[256]; /* the benchmark's name */
    /* Its place among the sweep's lists of parameters and seeds
     * (bench_sweep_case): the names of the parameters given as lists (the
     * options' strings), this case's value of each, and whether the seeds
     * are a list. */
    size_t nswept;
    const char *swept[BENCH_MAX_SWEPT];
    uint32_t swept_value[BENCH_MAX_SWEPT];
    int seeds_swept;
    struct bench_awr *awr; /* a rac case's AWR report (bench_rac_reports), NULL before */
    sim_stats_t st;        /* the session statistics: the sum of res's parts */
    case_result_t res;     /* the same figures by the part that counted them */
    int ran;               /* the model ran and st holds its figures */
    uint64_t iterations;   /* Google Benchmark's, 0 when not measured */
    double real_ns;        /* per iteration, the mean over repetitions */
    double cpu_ns;
    int repetitions;
    /* Each repetition's real and CPU ns per iteration, the first
     * BENCH_MAX_SAMPLES of them, in the order they ran. */
    uint32_t nsamples;
    double real_samples_ns[BENCH_MAX_SAMPLES];
    double cpu_samples_ns[BENCH_MAX_SAMPLES];
    /* --snapshot-every: each interval's delta of every statistic and the
     * rows it inserted (snapshot.c); NULL and 0 without. */
    sim_stats_t *snaps;
    uint64_t *snap_rows;
    uint32_t nsnaps;
} bench_case_t;

/* ---- the sweep's points (sweep.c) ---------------------------------------- */

/* Points of the sweep over the parameters given as lists and the seeds:
 * the product of their counts (1 without lists). */
size_t bench_npoints(const bench_opts_t *o);
/*
 * Case `point` (0 .. bench_npoints() - 1; the first list outermost, the
 * seeds innermost) of (workload, path, size, block size) into bc: the case,
 * its place in the sweep and its benchmark name,
 * WORKLOAD/PATH/lob:SIZE/block:SIZE/rows:N, then /NAME:VALUE for each
 * parameter given as a list and /seed:N with --seeds.  The options must
 * outlive bc.  0, or 2 with one line in err when the model refuses the case.
 */
int bench_sweep_case(const bench_opts_t *o, unsigned wl, case_path_t path, uint64_t chars,
                     uint32_t block_size, size_t point, bench_case_t *bc, char *err, size_t errlen);
/* "rac.users=40, rac.interconnect=1gbe" (with_seed: ", seed 2" after it):
 * where a case sits among the lists; "" when nothing is a list. */
void bench_point_label(const bench_case_t *bc, int with_seed, char *buf, size_t len);
/* The same values of the parameters given as lists (and, with_seed, the
 * same seed when the seeds are a list). */
int bench_same_point(const bench_case_t *a, const bench_case_t *b, int with_seed);
/* A parameter's value as --param takes it back: its name if it has one
 * ("cold"), else the number. */
void bench_param_text(const char *name, uint32_t v, char *buf, size_t len);

/* The statistics in the order they are printed. */
extern const sim_stat_t bench_order[];
extern const size_t bench_order_len;

/* explain: under each statistic, one line per part of the model that
 * contributed to it (--explain).  A heap workload's table has the block
 * sizes as columns, its own heading and no path column. */
void bench_table(FILE *f, const bench_case_t *cases, size_t n, int explain);
/* --layout: the segment's extents by kind, a line for each run of alike
 * extents, under a header line; NULL when out of memory (layout.c). */
char *bench_layout_text(const lob_space_t *sp);

/*
 * The rac workload (table_rac.c).  Its AWR-style table: for one point, the
 * block sizes side by side (instance 1, 2 and the cluster) with the change
 * of the cluster's figure from the first block size; for a sweep (lists of
 * parameters, --seeds), a table per point of the lists with the cluster's
 * figure per block size (the mean over the seeds), its change per seed and
 * the range of the changes.  Whether every case that ran is a rac case.
 * Its CSV: workload,block_kb,users,interconnect,seed,instance,section,
 * statistic,value,change_pct (from the first block size, same point and
 * seed; empty for the first block size and where that figure is 0), then
 * the sweep's other lists.
 */
void bench_rac_table(FILE *f, const bench_case_t *cases, size_t n, unsigned wl);
int bench_is_rac(const bench_case_t *cases, size_t n);
sim_err_t bench_rac_csv(FILE *f, const bench_case_t *cases, size_t n);
/* Each rac case that ran gets its AWR report once, for the table and the
 * CSV (each would run the case again otherwise): SIM_OK, or SIM_ENOMEM
 * with the reports made so far kept.  bench_free_reports() frees them. */
sim_err_t bench_rac_reports(bench_case_t *cases, size_t n);
void bench_free_reports(bench_case_t *cases, size_t n);

/* --snapshot-every (snapshot.c): bc's figures interval by interval into
 * bc->snaps; 0, or 1 with a one-line message naming the case.  The
 * intervals' figures add up to the case's own. */
int bench_snapshots_take(bench_case_t *bc, uint64_t every, char *err, size_t errlen);
void bench_snapshots_free(bench_case_t *cases, size_t n);

/*
 * Write the figures in the one layout of every workload,
 * workload,path,lob_kchars,block_kb,rows,statistic,value,recursive (path
 * and lob_kchars empty but for the LOB workloads; value the session's
 * figure; recursive the heap statement's recursive SQL's part of it, empty
 * for the others), a row per statistic of the catalogue and case, then a
 * column per list of the sweep and one for --seeds (bench_sweep_header):
 * what lobimport reads back into the figures the store records.  The file
 * appears whole or not at all (written beside it, then renamed).  Returns
 * 0, or 1 with a one-line message naming the file.
 */
int bench_csv(const char *path, const bench_case_t *cases, size_t n, char *err, size_t errlen);
/* The rac workload's AWR report (bench_rac_csv()'s columns) into path: a
 * sweep of rac only.  Same contract. */
int bench_awr_csv(const char *path, const bench_case_t *cases, size_t n, char *err, size_t errlen);

/*
 * Write workload,path,lob_kchars,block_kb,statistic,component,value: each
 * non-zero contribution of a part of the model to a statistic; a
 * statistic's rows sum to its value in bench_csv().  Same contract.
 */
int bench_explain_csv(const char *path, const bench_case_t *cases, size_t n, char *err,
                      size_t errlen);
/*
 * The model's work as folded stacks (--profile-out=FILE.folded, profile.c):
 * per case, the Oracle layers of each part of the model and the statistic,
 * weighted by the operations the part counted; the counts of a statistic
 * that counts operations sum to its value in bench_csv().  Same contract.
 */
int bench_profile_folded(const char *path, const bench_case_t *cases, size_t n, char *err,
                         size_t errlen);
/* v as the fewest decimal digits that read back as exactly v (at most 17,
 * "%.17g"): every figure of a CSV at full precision. */
void bench_format_double(double v, char *buf, size_t len);

/* The columns a sweep adds at the end of every CSV: one per parameter given
 * as a list (its name; values as --param takes them), then "seed" with
 * --seeds; rac_cols leaves out what the rac CSV has already (users,
 * interconnect, seed).  The header's, then a case's cells. */
void bench_sweep_header(FILE *f, const bench_case_t *cases, size_t n, int rac_cols);
void bench_sweep_cells(FILE *f, const bench_case_t *bc, int rac_cols);
/* The first case of cases[0..n) that ran, NULL if none: every case of a
 * sweep has the same lists. */
const bench_case_t *bench_first_ran(const bench_case_t *cases, size_t n);

#endif /* LOBSIM_BENCHMARKS_H */
