/*
 * gbc.h -- a C interface to Google Benchmark 1.7.1, which has none.
 *
 * A C program describes its benchmarks on a session handle (gbc_t), parses
 * the usual --benchmark_* command line with gbc_initialize() and runs them
 * with gbc_run().  The descriptions are kept on the C side and handed to the
 * library only inside gbc_run(): this is what lets the wrapper honour
 * command-line options that 1.7.1 lacks (an iteration count as min time, a
 * dry run) even when a benchmark set its own MinTime or Repetitions.
 *
 * Timed code runs in batches so that the C call per iteration disappears:
 *
 *     static void bm_insert(gbc_state_t *st, void *user)
 *     {
 *         int64_t n;
 *         while (gbc_state_keep_running_batch(st, &n))
 *             for (int64_t i = 0; i < n; i++)
 *                 insert_one(user);
 *     }
 *
 * Google Benchmark keeps its flags, registry and custom context in process
 * globals; gbc does not hide that.  gbc_run() empties the library's
 * registry before and after each run, so only one session runs at a time and
 * benchmarks registered with the C++ BENCHMARK() macros are not run.
 * Flags parsed by an earlier gbc_initialize() stay in force, as they do in
 * the library.
 *
 * Command-line additions to 1.7.1 (gbc_initialize() translates them):
 *   --benchmark_min_time=0.5s   seconds with the suffix of later releases;
 *   --benchmark_min_time=100x   exactly 100 iterations per run for every
 *                               benchmark that did not set its own
 *                               Iterations; overrides a benchmark's MinTime;
 *   --benchmark_dry_run[=bool]  one iteration, one repetition and no warm-up
 *                               for every benchmark, whatever it set.
 * Benchmark names stay what they would be without these flags, so that
 * results compare by name across runs.
 */
#ifndef LOBSIM_GBC_H
#define LOBSIM_GBC_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ---- errors ---------------------------------------------------------- */

typedef enum {
    GBC_OK = 0,
    GBC_EINVAL, /* a parameter or command-line value is out of range */
    GBC_ENOMEM, /* an allocation failed; the object is unchanged */
    GBC_EEXIST, /* a benchmark name or context key is already taken */
    GBC_EIO,    /* the --benchmark_out file cannot be written */
    GBC_ERR_COUNT
} gbc_err_t;

const char *gbc_strerror(gbc_err_t err);

/* ---- value types ----------------------------------------------------- */

typedef enum { GBC_NS = 0, GBC_US, GBC_MS, GBC_S } gbc_time_unit_t;

/* "ns", "us", "ms", "s"; NULL for a value outside the enum. */
const char *gbc_time_unit_name(gbc_time_unit_t unit);

typedef enum {
    GBC_BIG_O_NONE = 0,
    GBC_O_1,
    GBC_O_N,
    GBC_O_N_SQUARED,
    GBC_O_N_CUBED,
    GBC_O_LOG_N,
    GBC_O_N_LOG_N,
    GBC_O_AUTO /* the library picks the best fit */
} gbc_big_o_t;

/*
 * User counter flags, or-ed together.  The values are the library's
 * benchmark::Counter::Flags.  Finished values (as reported) are:
 *   IS_RATE                value / seconds of the run,
 *   AVG_ITERATIONS         value / iterations,
 *   IS_ITERATION_INVARIANT value * iterations,
 *   AVG_THREADS            value / threads,
 * and GBC_COUNTER_INVERT turns the result into 1 / result, last.
 */
typedef enum {
    GBC_COUNTER_DEFAULT = 0,
    GBC_COUNTER_IS_RATE = 1 << 0,
    GBC_COUNTER_AVG_THREADS = 1 << 1,
    GBC_COUNTER_AVG_THREADS_RATE = (1 << 0) | (1 << 1),
    GBC_COUNTER_IS_ITERATION_INVARIANT = 1 << 2,
    GBC_COUNTER_IS_ITERATION_INVARIANT_RATE = (1 << 0) | (1 << 2),
    GBC_COUNTER_AVG_ITERATIONS = 1 << 3,
    GBC_COUNTER_AVG_ITERATIONS_RATE = (1 << 0) | (1 << 3)
} gbc_counter_flag_t;
/* Bit 31 is not a valid int enumerator in ISO C, hence a macro. */
#define GBC_COUNTER_INVERT 0x80000000u

/* What "k" means when the console reporter abbreviates a counter. */
typedef enum { GBC_ONEK_1000 = 1000, GBC_ONEK_1024 = 1024 } gbc_onek_t;

typedef struct {
    int64_t lo, hi;
} gbc_range_t;

/* ---- session --------------------------------------------------------- */

typedef struct gbc gbc_t;
typedef struct gbc_benchmark gbc_benchmark_t;
typedef struct gbc_state gbc_state_t;

/* The benchmark body; user is the pointer given to gbc_register(). */
typedef void (*gbc_fn_t)(gbc_state_t *st, void *user);

gbc_err_t gbc_create(gbc_t **out);
/* Frees the session and every benchmark registered on it.  NULL is a no-op. */
void gbc_destroy(gbc_t *g);

/*
 * The message of the last failed call on g or on one of its benchmarks: it
 * names the input and what would have been accepted.  "" if none.
 */
const char *gbc_errmsg(const gbc_t *g);

/*
 * benchmark::Initialize() with the additions listed at the top of this
 * file.  Recognised flags are removed from argv and *argc is lowered, as the
 * library does; what is left are the caller's own arguments (pointers into
 * the original argv).  On GBC_EINVAL (a malformed --benchmark_min_time or an
 * unknown --benchmark_format / --benchmark_out_format) argv is unchanged.
 * --help prints the library's help and gbc's additions, then exits.
 */
gbc_err_t gbc_initialize(gbc_t *g, int *argc, char **argv);

/* Prints argv[1..] as unrecognised; true if there was any. */
bool gbc_report_unrecognized_arguments(int argc, char **argv);

/*
 * A key/value pair for the "context" block of every report
 * (benchmark::AddCustomContext).  The library keeps it until gbc_shutdown().
 * GBC_EEXIST if the key is already set (also by --benchmark_context).
 */
gbc_err_t gbc_add_context(gbc_t *g, const char *key, const char *value);

/*
 * What the console report shows for context key (added before) instead of
 * its value; JSON and CSV reports, and --benchmark_out, keep the value.
 * GBC_EINVAL for a key not added, GBC_ENOMEM.
 */
gbc_err_t gbc_context_shown(gbc_t *g, const char *key, const char *shown);

/*
 * The console table's "Time" and "CPU" headings named time (at most 13
 * characters) and cpu (at most 15), and debug_note (one line, no newline)
 * printed in place of the library's "***WARNING*** Library was built as
 * DEBUG" (NULL: that warning as it is).  GBC_EINVAL for a label too long.
 */
gbc_err_t gbc_console_labels(gbc_t *g, const char *time, const char *cpu, const char *debug_note);

/*
 * benchmark::Shutdown(): frees the library's global context.  Unlike the
 * bare 1.7.1 call, running or adding context afterwards is safe.
 */
void gbc_shutdown(void);

/* ---- results callback ------------------------------------------------ */

typedef struct {
    const char *name; /* full name, with "_mean" etc. for aggregates */
    double value;     /* finished: rates divided, averages taken */
    uint32_t flags;   /* gbc_counter_flag_t bits | GBC_COUNTER_INVERT */
    gbc_onek_t onek;
} gbc_counter_t;

/* One reported run.  Strings and arrays live only during the callback. */
typedef struct {
    const gbc_benchmark_t *benchmark; /* the registration it came from */
    const char *name;                 /* as in the JSON "name" */
    const char *run_name;             /* name without the aggregate suffix */
    const char *aggregate_name;       /* "" for a repetition, else "mean",
                                         "median", "stddev", "cv", "BigO",
                                         "RMS" */
    bool is_aggregate;
    bool is_percentage; /* cv: times and counters are fractions, no unit */
    bool error_occurred;
    const char *error_message; /* "" unless error_occurred */
    const char *label;         /* "" unless set */
    int64_t iterations;
    int64_t repetition_index; /* -1 for aggregates */
    int64_t repetitions;
    int64_t threads;
    /*
     * Per iteration, in time_unit, exactly as the reporters print them.
     * For BigO these are the coefficients, for RMS the normalised error.
     */
    gbc_time_unit_t time_unit;
    double real_time;
    double cpu_time;
    int64_t complexity_n;
    size_t counter_count;
    const gbc_counter_t *counters; /* sorted by name */
} gbc_run_t;

typedef void (*gbc_report_fn_t)(const gbc_run_t *run, void *user);

/*
 * Call fn for each run reported from now on; NULL stops it.  fn sees what
 * the --benchmark_out file receives when that flag is set, otherwise what
 * the display receives (so --benchmark_display_aggregates_only without an
 * out file hides the repetitions from fn too).
 */
void gbc_set_report_callback(gbc_t *g, gbc_report_fn_t fn, void *user);

/*
 * Runs the registered benchmarks whose name matches filter (a regex; NULL
 * means --benchmark_filter) and reports them on stdout, to --benchmark_out
 * and to the callback.  *matched (may be NULL) receives the number of
 * matching benchmark instances.  GBC_EINVAL if a benchmark's ArgNames do not
 * match its argument count, GBC_EIO if the out file cannot be opened; in
 * both cases nothing ran.
 */
gbc_err_t gbc_run(gbc_t *g, const char *filter, size_t *matched);

/* ---- benchmark description ------------------------------------------- */

/*
 * Registers fn under name (unique within g).  *out is owned by g.
 * Everything below applies in order at gbc_run(), and each call either
 * succeeds or leaves the description unchanged.  All argument sets of one
 * benchmark must have the same length (GBC_EINVAL otherwise).
 */
gbc_err_t gbc_register(gbc_t *g, const char *name, gbc_fn_t fn, void *user, gbc_benchmark_t **out);

const char *gbc_benchmark_name(const gbc_benchmark_t *b);
void *gbc_benchmark_user(const gbc_benchmark_t *b);

gbc_err_t gbc_benchmark_arg(gbc_benchmark_t *b, int64_t x);
gbc_err_t gbc_benchmark_args(gbc_benchmark_t *b, const int64_t *args, size_t n);
/* lo, lo*m, lo*m^2, ..., hi with m the range multiplier (default 8). */
gbc_err_t gbc_benchmark_range(gbc_benchmark_t *b, int64_t lo, int64_t hi);
gbc_err_t gbc_benchmark_dense_range(gbc_benchmark_t *b, int64_t lo, int64_t hi, int step);
/* Cartesian product of one Range per argument. */
gbc_err_t gbc_benchmark_ranges(gbc_benchmark_t *b, const gbc_range_t *ranges, size_t n);
/* Applies to the Range/Ranges calls that follow it; >= 2. */
gbc_err_t gbc_benchmark_range_multiplier(gbc_benchmark_t *b, int multiplier);
/* Shown as "name:value" in the benchmark name; one per argument. */
gbc_err_t gbc_benchmark_arg_name(gbc_benchmark_t *b, const char *name);
gbc_err_t gbc_benchmark_arg_names(gbc_benchmark_t *b, const char *const *names, size_t n);

gbc_err_t gbc_benchmark_unit(gbc_benchmark_t *b, gbc_time_unit_t unit);
/* MinTime and Iterations exclude each other, as in the library. */
gbc_err_t gbc_benchmark_min_time(gbc_benchmark_t *b, double seconds);
gbc_err_t gbc_benchmark_iterations(gbc_benchmark_t *b, int64_t n);
gbc_err_t gbc_benchmark_repetitions(gbc_benchmark_t *b, int n);
gbc_err_t gbc_benchmark_report_aggregates_only(gbc_benchmark_t *b, bool only);
gbc_err_t gbc_benchmark_use_real_time(gbc_benchmark_t *b);
gbc_err_t gbc_benchmark_complexity(gbc_benchmark_t *b, gbc_big_o_t big_o);

/* ---- inside a benchmark ---------------------------------------------- */

/*
 * True while there are iterations left; *n is how many to run now (all the
 * remaining ones, so the loop makes one or two calls per run).  The body
 * must run exactly *n iterations before asking again.
 */
bool gbc_state_keep_running_batch(gbc_state_t *st, int64_t *n);
/* One iteration per call; for bodies too slow for the call to matter. */
bool gbc_state_keep_running(gbc_state_t *st);

/* Only inside the loop (the library aborts otherwise). */
void gbc_state_pause_timing(gbc_state_t *st);
void gbc_state_resume_timing(gbc_state_t *st);

/*
 * Marks the run as failed with msg; the loop ends at the next
 * gbc_state_keep_running*() and the run is reported with the message.
 */
void gbc_state_skip_with_error(gbc_state_t *st, const char *msg);
bool gbc_state_error_occurred(const gbc_state_t *st);

size_t gbc_state_range_count(const gbc_state_t *st);
/* Argument pos of this instance; pos < gbc_state_range_count(). */
int64_t gbc_state_range(const gbc_state_t *st, size_t pos);
/* Iterations done so far / planned for this run. */
int64_t gbc_state_iterations(const gbc_state_t *st);
int64_t gbc_state_max_iterations(const gbc_state_t *st);

/* The setters below belong after the loop. */
void gbc_state_set_label(gbc_state_t *st, const char *label);
void gbc_state_set_bytes_processed(gbc_state_t *st, int64_t bytes);
void gbc_state_set_items_processed(gbc_state_t *st, int64_t items);
void gbc_state_set_complexity_n(gbc_state_t *st, int64_t n);
/*
 * Sets (or replaces) a user counter.  GBC_EINVAL for an empty name,
 * unknown flag bits or a onek other than 1000/1024.
 */
gbc_err_t gbc_state_set_counter(gbc_state_t *st, const char *name, double value, uint32_t flags,
                                gbc_onek_t onek);

#ifdef __cplusplus
}
#endif

#endif /* LOBSIM_GBC_H */
