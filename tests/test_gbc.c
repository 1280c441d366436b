/*
 * test_gbc.c -- the C wrapper over Google Benchmark, on its own.
 *
 * Each test registers a few C benchmarks, runs them with a tiny min time and
 * --benchmark_out=<file> in JSON (or console) format, reads the file back
 * with the tests' JSON reader (json_util.h) and checks what a user of the reports
 * sees: counters finished with the right flags, labels, errors, aggregates,
 * names, and that the results callback got every run.  The 1.7.1
 * workarounds (min time in seconds with "s", "Nx", dry run) are checked the
 * same way, by the iterations and names they produce.
 */
#define _POSIX_C_SOURCE 200809L

#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>

#include <errno.h>
#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "gbc.h"
#include "json_util.h"

static char *slurp(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (f == NULL)
        return NULL;
    size_t cap = 4096, len = 0, got;
    char *s = malloc(cap);
    while ((got = fread(s + len, 1, cap - len - 1, f)) > 0) {
        len += got;
        if (cap - len < 2)
            s = realloc(s, cap *= 2);
    }
    fclose(f);
    s[len] = '\0';
    return s;
}

/* The report entry with that "name", NULL if none. */
static const jv_t *bench(const jv_t *root, const char *name)
{
    const jv_t *arr = jget(root, "benchmarks");
    for (size_t i = 0; arr != NULL && i < arr->n; i++) {
        const jv_t *s = jget(arr->v[i], "name");
        if (s != NULL && s->t == J_STR && strcmp(s->str, name) == 0)
            return arr->v[i];
    }
    return NULL;
}

static const jv_t *need_bench(const jv_t *root, const char *name)
{
    const jv_t *b = bench(root, name);
    if (b == NULL)
        fail_msg("no benchmark named '%s' in the JSON report", name);
    return b;
}

/* Entries whose "run_name" is run_name (repetitions and aggregates). */
static size_t count_run_name(const jv_t *root, const char *run_name)
{
    const jv_t *arr = jget(root, "benchmarks");
    size_t n = 0;
    for (size_t i = 0; arr != NULL && i < arr->n; i++) {
        const jv_t *s = jget(arr->v[i], "run_name");
        n += s != NULL && s->t == J_STR && strcmp(s->str, run_name) == 0;
    }
    return n;
}

static size_t count_benchmarks(const jv_t *root)
{
    const jv_t *arr = jget(root, "benchmarks");
    return arr == NULL ? 0 : arr->n;
}

#define assert_close(actual, expected, rel)                                                        \
    do {                                                                                           \
        double a_ = (actual), e_ = (expected);                                                     \
        if (!(fabs(a_ - e_) <= (rel)*fabs(e_)))                                                    \
            fail_msg("%s = %.17g, expected %.17g (relative tolerance %g)", #actual, a_, e_,        \
                     (double)(rel));                                                               \
    } while (0)

/* ---- the results callback -------------------------------------------- */

#define MAX_RUNS 64
#define MAX_COUNTERS 12

typedef struct {
    char name[160];
    char aggregate_name[16];
    bool error_occurred;
    char error_message[64];
    char label[32];
    int64_t iterations, repetition_index;
    double real_time, cpu_time;
    gbc_time_unit_t unit;
    const gbc_benchmark_t *benchmark;
    size_t ncounters;
    char cname[MAX_COUNTERS][32];
    double cvalue[MAX_COUNTERS];
    uint32_t cflags[MAX_COUNTERS];
    gbc_onek_t conek[MAX_COUNTERS];
} seen_run_t;

typedef struct {
    size_t n;
    seen_run_t runs[MAX_RUNS];
} recorder_t;

static void record(const gbc_run_t *run, void *user)
{
    recorder_t *r = user;
    if (r->n == MAX_RUNS)
        return;
    seen_run_t *s = &r->runs[r->n++];
    snprintf(s->name, sizeof s->name, "%s", run->name);
    snprintf(s->aggregate_name, sizeof s->aggregate_name, "%s", run->aggregate_name);
    snprintf(s->error_message, sizeof s->error_message, "%s", run->error_message);
    snprintf(s->label, sizeof s->label, "%s", run->label);
    s->error_occurred = run->error_occurred;
    s->iterations = run->iterations;
    s->repetition_index = run->repetition_index;
    s->real_time = run->real_time;
    s->cpu_time = run->cpu_time;
    s->unit = run->time_unit;
    s->benchmark = run->benchmark;
    s->ncounters = run->counter_count < MAX_COUNTERS ? run->counter_count : MAX_COUNTERS;
    for (size_t i = 0; i < s->ncounters; i++) {
        snprintf(s->cname[i], sizeof s->cname[i], "%s", run->counters[i].name);
        s->cvalue[i] = run->counters[i].value;
        s->cflags[i] = run->counters[i].flags;
        s->conek[i] = run->counters[i].onek;
    }
}

static const seen_run_t *seen(const recorder_t *r, const char *name)
{
    for (size_t i = 0; i < r->n; i++)
        if (strcmp(r->runs[i].name, name) == 0)
            return &r->runs[i];
    fail_msg("the callback never saw '%s'", name);
    return NULL;
}

static int seen_counter(const seen_run_t *s, const char *name)
{
    for (size_t i = 0; i < s->ncounters; i++)
        if (strcmp(s->cname[i], name) == 0)
            return (int)i;
    fail_msg("run '%s' has no counter '%s' in the callback", s->name, name);
    return -1;
}

/* ---- running a session ----------------------------------------------- */

typedef struct {
    char path[64];
    char out_arg[96];
} outfile_t;

static void outfile_init(outfile_t *o)
{
    snprintf(o->path, sizeof o->path, "gbc_test_XXXXXX");
    int fd = mkstemp(o->path);
    assert_true(fd >= 0);
    close(fd);
    snprintf(o->out_arg, sizeof o->out_arg, "--benchmark_out=%s", o->path);
}

/*
 * Initializes g with the common flags plus extra ones, runs everything and
 * returns the parsed out file.  The library keeps flags across
 * Initialize() calls, so every test states the ones it depends on.
 */
static jv_t *run_session(gbc_t *g, outfile_t *o, const char *out_format, char *const *extra,
                         size_t nextra, char **text_out)
{
    char fmt_arg[64];
    snprintf(fmt_arg, sizeof fmt_arg, "--benchmark_out_format=%s", out_format);
    char *argv[24] = {"test_gbc",
                      "--benchmark_format=json",
                      o->out_arg,
                      fmt_arg,
                      "--benchmark_min_time=0.001s",
                      "--benchmark_repetitions=1",
                      "--benchmark_filter=.",
                      "--benchmark_min_warmup_time=0",
                      "--benchmark_dry_run=false"};
    int argc = 9;
    for (size_t i = 0; i < nextra; i++)
        argv[argc++] = extra[i];
    argv[argc] = NULL;
    gbc_err_t err = gbc_initialize(g, &argc, argv);
    if (err != GBC_OK)
        fail_msg("gbc_initialize: %s: %s", gbc_strerror(err), gbc_errmsg(g));
    /* Every flag above was consumed: the "s" and dry-run flags by gbc. */
    assert_int_equal(argc, 1);
    assert_false(gbc_report_unrecognized_arguments(argc, argv));

    size_t matched = 0;
    err = gbc_run(g, NULL, &matched);
    if (err != GBC_OK)
        fail_msg("gbc_run: %s: %s", gbc_strerror(err), gbc_errmsg(g));
    assert_true(matched > 0);

    char *text = slurp(o->path);
    assert_non_null(text);
    if (text_out != NULL) {
        *text_out = text;
        return NULL;
    }
    const char *bad_at;
    jv_t *root = json_parse(text, &bad_at);
    if (root == NULL)
        fail_msg("the out file is not valid JSON near: %.40s", bad_at);
    free(text);
    return root;
}

/* ---- benchmark bodies ------------------------------------------------ */

static volatile uint64_t sink;

typedef struct {
    int calls;
    int64_t batches;
    int64_t last_batch;
    gbc_err_t counter_err;
    int64_t ranges[8][2];
    int nranges;
    size_t range_count;
} body_t;

static void spin(gbc_state_t *st, body_t *u)
{
    int64_t n;
    u->calls++;
    while (gbc_state_keep_running_batch(st, &n)) {
        u->batches++;
        u->last_batch = n;
        for (int64_t i = 0; i < n; i++)
            sink = sink + (uint64_t)i;
    }
}

static void bm_plain(gbc_state_t *st, void *user)
{
    spin(st, user);
}

static void bm_counters(gbc_state_t *st, void *user)
{
    body_t *u = user;
    spin(st, u);
    int64_t it = gbc_state_iterations(st);
    gbc_state_set_counter(st, "rate", 1000.0, GBC_COUNTER_IS_RATE, GBC_ONEK_1000);
    gbc_state_set_counter(st, "avg", 3000.0, GBC_COUNTER_AVG_ITERATIONS, GBC_ONEK_1000);
    gbc_state_set_counter(st, "inv", 2.0, GBC_COUNTER_IS_ITERATION_INVARIANT, GBC_ONEK_1000);
    gbc_state_set_counter(st, "kib", 2048.0, GBC_COUNTER_DEFAULT, GBC_ONEK_1024);
    gbc_state_set_counter(st, "kb", 2048.0, GBC_COUNTER_DEFAULT, GBC_ONEK_1000);
    gbc_state_set_counter(st, "inverted", 4.0, GBC_COUNTER_INVERT, GBC_ONEK_1000);
    /* Rejected: bit 4 is no counter flag. */
    u->counter_err = gbc_state_set_counter(st, "bad", 1.0, 1u << 4, GBC_ONEK_1000);
    gbc_state_set_bytes_processed(st, it * 64);
    gbc_state_set_items_processed(st, it);
    gbc_state_set_label(st, "hello gbc");
}

static void bm_error(gbc_state_t *st, void *user)
{
    gbc_state_skip_with_error(st, "disk on fire");
    ((body_t *)user)->calls++;
    int64_t n;
    while (gbc_state_keep_running_batch(st, &n))
        ((body_t *)user)->batches++;
}

static void bm_args(gbc_state_t *st, void *user)
{
    body_t *u = user;
    /* No cmocka asserts in here: a failure would longjmp through C++ frames. */
    u->range_count = gbc_state_range_count(st);
    int64_t x = gbc_state_range(st, 0), y = gbc_state_range(st, 1);
    /* The library calls the body several times per instance while it sizes the run. */
    bool fresh =
        u->nranges == 0 || u->ranges[u->nranges - 1][0] != x || u->ranges[u->nranges - 1][1] != y;
    if (fresh && u->nranges < 8) {
        u->ranges[u->nranges][0] = x;
        u->ranges[u->nranges][1] = y;
        u->nranges++;
    }
    spin(st, u);
}

static void bm_linear(gbc_state_t *st, void *user)
{
    int64_t n, len = gbc_state_range(st, 0);
    (void)user;
    while (gbc_state_keep_running_batch(st, &n))
        for (int64_t i = 0; i < n; i++)
            for (int64_t j = 0; j < len; j++)
                sink = sink + (uint64_t)j;
    gbc_state_set_complexity_n(st, len);
}

static void bm_paused(gbc_state_t *st, void *user)
{
    body_t *u = user;
    u->calls++;
    while (gbc_state_keep_running(st)) {
        gbc_state_pause_timing(st);
        sink = sink + 1;
        gbc_state_resume_timing(st);
    }
}

/* 50 ms asleep per iteration, however busy the machine: never less. */
static void bm_sleepy(gbc_state_t *st, void *user)
{
    body_t *u = user;
    int64_t n;
    u->calls++;
    while (gbc_state_keep_running_batch(st, &n)) {
        u->batches++;
        u->last_batch = n;
        for (int64_t i = 0; i < n; i++) {
            struct timespec left = {0, 50 * 1000 * 1000};
            while (nanosleep(&left, &left) != 0 && errno == EINTR)
                ;
        }
    }
}

static gbc_benchmark_t *reg(gbc_t *g, const char *name, gbc_fn_t fn, void *user)
{
    gbc_benchmark_t *b = NULL;
    gbc_err_t err = gbc_register(g, name, fn, user, &b);
    if (err != GBC_OK)
        fail_msg("gbc_register(%s): %s", name, gbc_errmsg(g));
    return b;
}

/* ---- tests ------------------------------------------------------------ */

static void test_counters_labels_and_callback(void **state)
{
    (void)state;
    gbc_t *g;
    assert_int_equal(gbc_create(&g), GBC_OK);
    body_t cpu = {0}, real = {0};
    recorder_t rec = {0};
    gbc_set_report_callback(g, record, &rec);
    reg(g, "bm_counters", bm_counters, &cpu);
    gbc_benchmark_t *b = reg(g, "bm_counters_real", bm_counters, &real);
    assert_int_equal(gbc_benchmark_use_real_time(b), GBC_OK);
    assert_int_equal(gbc_add_context(g, "lobsim_gbc_test", "yes"), GBC_OK);
    assert_int_equal(gbc_add_context(g, "lobsim_gbc_test", "again"), GBC_EEXIST);

    outfile_t o;
    outfile_init(&o);
    jv_t *root = run_session(g, &o, "json", NULL, 0, NULL);

    assert_string_equal(jstr(jget(root, "context"), "lobsim_gbc_test"), "yes");
    assert_int_equal(cpu.counter_err, GBC_EINVAL);

    /* Default counters are divided by CPU seconds, UseRealTime ones by real. */
    const char *names[2] = {"bm_counters", "bm_counters_real/real_time"};
    const char *clock[2] = {"cpu_time", "real_time"};
    for (int k = 0; k < 2; k++) {
        const jv_t *e = need_bench(root, names[k]);
        double it = jnum(e, "iterations");
        assert_true(it >= 1);
        assert_string_equal(jstr(e, "time_unit"), "ns");
        double secs = jnum(e, clock[k]) * it / 1e9;
        assert_close(jnum(e, "rate"), 1000.0 / secs, 1e-9);
        assert_close(jnum(e, "avg"), 3000.0 / it, 1e-12);
        assert_close(jnum(e, "inv"), 2.0 * it, 1e-12);
        assert_close(jnum(e, "kib"), 2048.0, 0);
        assert_close(jnum(e, "inverted"), 0.25, 1e-12);
        assert_close(jnum(e, "bytes_per_second"), it * 64 / secs, 1e-9);
        assert_close(jnum(e, "items_per_second"), it / secs, 1e-9);
        assert_null(jget(e, "bad"));
        assert_string_equal(jstr(e, "label"), "hello gbc");
        assert_string_equal(jstr(e, "run_type"), "iteration");

        /* The callback saw the same finished values and the flags. */
        const seen_run_t *s = seen(&rec, names[k]);
        assert_int_equal(s->iterations, (int64_t)it);
        assert_close(s->real_time, jnum(e, "real_time"), 1e-12);
        assert_close(s->cpu_time, jnum(e, "cpu_time"), 1e-12);
        assert_int_equal(s->unit, GBC_NS);
        assert_string_equal(s->label, "hello gbc");
        assert_string_equal(s->aggregate_name, "");
        assert_int_equal(s->repetition_index, 0);
        assert_false(s->error_occurred);
        int c = seen_counter(s, "rate");
        assert_close(s->cvalue[c], jnum(e, "rate"), 1e-12);
        assert_int_equal(s->cflags[c], GBC_COUNTER_IS_RATE);
        c = seen_counter(s, "avg");
        assert_int_equal(s->cflags[c], GBC_COUNTER_AVG_ITERATIONS);
        c = seen_counter(s, "kib");
        assert_int_equal(s->conek[c], GBC_ONEK_1024);
        c = seen_counter(s, "kb");
        assert_int_equal(s->conek[c], GBC_ONEK_1000);
        c = seen_counter(s, "inverted");
        assert_int_equal(s->cflags[c], GBC_COUNTER_INVERT);
        c = seen_counter(s, "bytes_per_second");
        assert_int_equal(s->cflags[c], GBC_COUNTER_IS_RATE);
        assert_int_equal(s->conek[c], GBC_ONEK_1024);
        assert_int_equal(s->ncounters, 8);
    }
    assert_ptr_equal(seen(&rec, "bm_counters_real/real_time")->benchmark, b);
    /* One callback per report entry, nothing more. */
    assert_int_equal(rec.n, count_benchmarks(root));
    assert_int_equal(rec.n, 2);

    jfree(root);
    unlink(o.path);
    gbc_destroy(g);
    gbc_shutdown();
}

/* kIs1024 shows only in the console format: 2048 is "2k", not "2.048k". */
static void test_onek_in_console_output(void **state)
{
    (void)state;
    gbc_t *g;
    assert_int_equal(gbc_create(&g), GBC_OK);
    body_t u = {0};
    reg(g, "bm_counters", bm_counters, &u);
    outfile_t o;
    outfile_init(&o);
    char *text = NULL;
    run_session(g, &o, "console", NULL, 0, &text);
    if (strstr(text, " kib=2k ") == NULL && strstr(text, " kib=2k\n") == NULL)
        fail_msg("no 'kib=2k' in console output:\n%s", text);
    if (strstr(text, " kb=2.048k") == NULL)
        fail_msg("no 'kb=2.048k' in console output:\n%s", text);
    assert_non_null(strstr(text, "hello gbc"));
    free(text);
    unlink(o.path);
    gbc_destroy(g);
}

static void test_error_repetitions_args_units(void **state)
{
    (void)state;
    gbc_t *g;
    assert_int_equal(gbc_create(&g), GBC_OK);
    recorder_t rec = {0};
    gbc_set_report_callback(g, record, &rec);
    body_t err = {0}, reps = {0}, args = {0}, unit = {0};

    reg(g, "bm_error", bm_error, &err);

    gbc_benchmark_t *b = reg(g, "bm_reps", bm_plain, &reps);
    assert_int_equal(gbc_benchmark_repetitions(b, 3), GBC_OK);

    b = reg(g, "bm_args", bm_args, &args);
    const int64_t a1[2] = {64, 2}, a2[2] = {128, 4};
    assert_int_equal(gbc_benchmark_args(b, a1, 2), GBC_OK);
    assert_int_equal(gbc_benchmark_args(b, a2, 2), GBC_OK);
    assert_int_equal(gbc_benchmark_arg(b, 5), GBC_EINVAL); /* arity 1 after 2 */
    const char *const names[2] = {"size", "ways"};
    assert_int_equal(gbc_benchmark_arg_names(b, names, 2), GBC_OK);

    b = reg(g, "bm_unit", bm_paused, &unit);
    assert_int_equal(gbc_benchmark_unit(b, GBC_MS), GBC_OK);
    assert_int_equal(gbc_benchmark_iterations(b, 10), GBC_OK);
    assert_int_equal(gbc_benchmark_min_time(b, 0.1), GBC_EINVAL); /* Iterations set */

    outfile_t o;
    outfile_init(&o);
    jv_t *root = run_session(g, &o, "json", NULL, 0, NULL);

    const jv_t *e = need_bench(root, "bm_error");
    assert_true(jget(e, "error_occurred")->b);
    assert_string_equal(jstr(e, "error_message"), "disk on fire");
    assert_int_equal(err.batches, 0);
    const seen_run_t *s = seen(&rec, "bm_error");
    assert_true(s->error_occurred);
    assert_string_equal(s->error_message, "disk on fire");

    /* Three repetitions, then the aggregates over them. */
    assert_int_equal(count_run_name(root, "bm_reps/repeats:3"), 3 + 4);
    double sum = 0;
    const jv_t *arr = jget(root, "benchmarks");
    int idx_seen = 0;
    for (size_t i = 0; i < arr->n; i++) {
        const jv_t *x = arr->v[i];
        if (strcmp(jstr(x, "name"), "bm_reps/repeats:3") == 0) {
            assert_int_equal((int)jnum(x, "repetition_index"), idx_seen);
            idx_seen++;
            sum += jnum(x, "real_time");
        }
    }
    assert_int_equal(idx_seen, 3);
    const char *aggs[4] = {"mean", "median", "stddev", "cv"};
    for (int k = 0; k < 4; k++) {
        char name[64];
        snprintf(name, sizeof name, "bm_reps/repeats:3_%s", aggs[k]);
        e = need_bench(root, name);
        assert_string_equal(jstr(e, "run_type"), "aggregate");
        assert_string_equal(jstr(e, "aggregate_name"), aggs[k]);
        s = seen(&rec, name);
        assert_string_equal(s->aggregate_name, aggs[k]);
        assert_int_equal(s->repetition_index, -1);
    }
    assert_close(jnum(need_bench(root, "bm_reps/repeats:3_mean"), "real_time"), sum / 3, 1e-9);
    assert_close(seen(&rec, "bm_reps/repeats:3_mean")->real_time, sum / 3, 1e-9);

    /* Argument names in the names, values in the body. */
    need_bench(root, "bm_args/size:64/ways:2");
    need_bench(root, "bm_args/size:128/ways:4");
    seen(&rec, "bm_args/size:128/ways:4");
    assert_int_equal(args.nranges, 2);
    assert_int_equal(args.range_count, 2);
    assert_int_equal(args.ranges[0][0], 64);
    assert_int_equal(args.ranges[0][1], 2);
    assert_int_equal(args.ranges[1][0], 128);
    assert_int_equal(args.ranges[1][1], 4);

    e = need_bench(root, "bm_unit/iterations:10");
    assert_string_equal(jstr(e, "time_unit"), "ms");
    assert_int_equal((int64_t)jnum(e, "iterations"), 10);
    assert_int_equal(seen(&rec, "bm_unit/iterations:10")->unit, GBC_MS);

    assert_int_equal(rec.n, count_benchmarks(root));
    jfree(root);
    unlink(o.path);
    gbc_destroy(g);
}

static void test_ranges_and_complexity(void **state)
{
    (void)state;
    gbc_t *g;
    assert_int_equal(gbc_create(&g), GBC_OK);
    body_t u = {0};
    gbc_benchmark_t *b = reg(g, "bm_range", bm_plain, &u);
    assert_int_equal(gbc_benchmark_range_multiplier(b, 2), GBC_OK);
    assert_int_equal(gbc_benchmark_range(b, 8, 64), GBC_OK);
    assert_int_equal(gbc_benchmark_arg_name(b, "n"), GBC_OK);
    assert_int_equal(gbc_benchmark_range(b, 9, 8), GBC_EINVAL);

    b = reg(g, "bm_dense", bm_plain, &u);
    assert_int_equal(gbc_benchmark_dense_range(b, 1, 5, 2), GBC_OK);
    assert_int_equal(gbc_benchmark_dense_range(b, 1, 5, 0), GBC_EINVAL);

    b = reg(g, "bm_ranges", bm_plain, &u);
    const gbc_range_t r[2] = {{1, 2}, {10, 20}};
    assert_int_equal(gbc_benchmark_ranges(b, r, 2), GBC_OK);

    b = reg(g, "bm_linear", bm_linear, NULL);
    assert_int_equal(gbc_benchmark_range_multiplier(b, 4), GBC_OK);
    assert_int_equal(gbc_benchmark_range(b, 16, 1024), GBC_OK);
    assert_int_equal(gbc_benchmark_complexity(b, GBC_O_N), GBC_OK);

    b = reg(g, "bm_auto", bm_linear, NULL);
    assert_int_equal(gbc_benchmark_dense_range(b, 100, 300, 100), GBC_OK);
    assert_int_equal(gbc_benchmark_complexity(b, GBC_O_AUTO), GBC_OK);

    outfile_t o;
    outfile_init(&o);
    jv_t *root = run_session(g, &o, "json", NULL, 0, NULL);

    const char *want[] = {"bm_range/n:8",   "bm_range/n:16",  "bm_range/n:32",  "bm_range/n:64",
                          "bm_dense/1",     "bm_dense/3",     "bm_dense/5",     "bm_ranges/1/10",
                          "bm_ranges/1/20", "bm_ranges/2/10", "bm_ranges/2/20", "bm_linear/16",
                          "bm_linear/1024", "bm_linear_BigO", "bm_linear_RMS",  "bm_auto_BigO"};
    for (size_t i = 0; i < sizeof want / sizeof *want; i++)
        need_bench(root, want[i]);
    assert_null(bench(root, "bm_dense/2"));
    assert_string_equal(jstr(need_bench(root, "bm_linear_BigO"), "big_o"), "N");
    assert_true(jnum(need_bench(root, "bm_linear_BigO"), "cpu_coefficient") > 0);
    /* 4 + 3 + 4 + (4 + BigO + RMS) + (3 + BigO + RMS) */
    assert_int_equal(count_benchmarks(root), 4 + 3 + 4 + 6 + 5);

    jfree(root);
    unlink(o.path);
    gbc_destroy(g);
}

/* --benchmark_min_time=Nx and =<seconds>s, which 1.7.1 does not parse. */
static void test_min_time_forms(void **state)
{
    (void)state;
    gbc_t *g;
    assert_int_equal(gbc_create(&g), GBC_OK);
    body_t plain = {0}, own = {0}, mint = {0};
    reg(g, "bm_plain", bm_plain, &plain);
    gbc_benchmark_t *b = reg(g, "bm_own_iters", bm_plain, &own);
    assert_int_equal(gbc_benchmark_iterations(b, 3), GBC_OK);
    b = reg(g, "bm_own_min", bm_plain, &mint);
    assert_int_equal(gbc_benchmark_min_time(b, 0.5), GBC_OK);

    outfile_t o;
    outfile_init(&o);
    char *nx[] = {"--benchmark_min_time=7x"};
    jv_t *root = run_session(g, &o, "json", nx, 1, NULL);
    /* Names as without the flag; the benchmark's own Iterations win. */
    assert_int_equal((int64_t)jnum(need_bench(root, "bm_plain"), "iterations"), 7);
    assert_int_equal((int64_t)jnum(need_bench(root, "bm_own_iters/iterations:3"), "iterations"), 3);
    assert_int_equal((int64_t)jnum(need_bench(root, "bm_own_min/min_time:0.500"), "iterations"), 7);
    assert_int_equal(count_benchmarks(root), 3);
    /* Fixed counts skip the estimation runs: one call, one batch each. */
    assert_int_equal(plain.calls, 1);
    assert_int_equal(plain.batches, 1);
    assert_int_equal(plain.last_batch, 7);
    assert_int_equal(mint.calls, 1);
    jfree(root);
    gbc_destroy(g);

    /*
     * Seconds with the suffix, told by what the library does and not by how
     * long it took, so that a loaded machine cannot fail it.  A fast body
     * runs until the library's own clock passes the min time: a busy
     * machine only lengthens that.  A body whose one iteration sleeps 50 ms
     * is done after its first run of one iteration at 0.02 s, but not at the
     * 0.5 s default, where 50 ms is too short and more iterations follow.
     */
    assert_int_equal(gbc_create(&g), GBC_OK);
    b = reg(g, "bm_timed", bm_plain, &plain);
    assert_int_equal(gbc_benchmark_use_real_time(b), GBC_OK);
    body_t slept = {0};
    b = reg(g, "bm_sleepy", bm_sleepy, &slept);
    assert_int_equal(gbc_benchmark_use_real_time(b), GBC_OK);
    char *secs[] = {"--benchmark_min_time=0.02s"};
    root = run_session(g, &o, "json", secs, 1, NULL);
    const jv_t *e = need_bench(root, "bm_timed/real_time");
    assert_true(jnum(e, "real_time") * jnum(e, "iterations") / 1e9 >= 0.02);
    assert_int_equal((int64_t)jnum(need_bench(root, "bm_sleepy/real_time"), "iterations"), 1);
    assert_int_equal(slept.calls, 1);
    assert_int_equal(slept.batches, 1);
    jfree(root);

    /* Malformed values are refused and argv is left alone. */
    char *bad[] = {"--benchmark_min_time=abc", "--benchmark_min_time=0x",
                   "--benchmark_min_time=-1s",
                   "--benchmark_min_time=", "--benchmark_out_format=xml",
                   /* 1.7.1 aborts on the first two and runs nothing, exit 0,
                    * on a bad regex */
                   "--benchmark_repetitions=-1", "--benchmark_repetitions=abc",
                   "--benchmark_repetitions=0", "--benchmark_filter=["};
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        char *argv[3] = {"test_gbc", bad[i], NULL};
        int argc = 2;
        assert_int_equal(gbc_initialize(g, &argc, argv), GBC_EINVAL);
        assert_int_equal(argc, 2);
        assert_ptr_equal(argv[1], bad[i]);
        assert_non_null(strstr(gbc_errmsg(g), bad[i]));
    }
    unlink(o.path);
    gbc_destroy(g);
}

/* --benchmark_dry_run: one iteration, one repetition, no warm-up, same names. */
static void test_dry_run(void **state)
{
    (void)state;
    gbc_t *g;
    assert_int_equal(gbc_create(&g), GBC_OK);
    recorder_t rec = {0};
    gbc_set_report_callback(g, record, &rec);
    body_t plain = {0}, reps = {0}, own = {0}, paused = {0};
    reg(g, "bm_plain", bm_plain, &plain);
    gbc_benchmark_t *b = reg(g, "bm_reps", bm_plain, &reps);
    assert_int_equal(gbc_benchmark_repetitions(b, 3), GBC_OK);
    assert_int_equal(gbc_benchmark_min_time(b, 0.5), GBC_OK);
    b = reg(g, "bm_own_iters", bm_plain, &own);
    assert_int_equal(gbc_benchmark_iterations(b, 100), GBC_OK);
    reg(g, "bm_paused", bm_paused, &paused);

    outfile_t o;
    outfile_init(&o);
    /* The warm-up flag comes first and must not win over the dry run. */
    char *extra[] = {"--benchmark_min_warmup_time=0.05", "--benchmark_repetitions=2",
                     "--benchmark_dry_run"};
    jv_t *root = run_session(g, &o, "json", extra, 3, NULL);

    const char *names[] = {"bm_plain", "bm_reps/min_time:0.500/repeats:3",
                           "bm_own_iters/iterations:100", "bm_paused"};
    body_t *bodies[] = {&plain, &reps, &own, &paused};
    for (int k = 0; k < 4; k++) {
        assert_int_equal((int64_t)jnum(need_bench(root, names[k]), "iterations"), 1);
        assert_int_equal(count_run_name(root, names[k]), 1);
        assert_int_equal(seen(&rec, names[k])->iterations, 1);
        assert_int_equal(bodies[k]->calls, 1);
    }
    assert_int_equal(plain.batches, 1);
    assert_int_equal(plain.last_batch, 1);
    assert_int_equal(count_benchmarks(root), 4);
    assert_int_equal(rec.n, 4);
    jfree(root);
    unlink(o.path);
    gbc_destroy(g);
}

static void test_boundary_errors(void **state)
{
    (void)state;
    gbc_t *g;
    assert_int_equal(gbc_create(&g), GBC_OK);
    body_t u = {0};
    gbc_benchmark_t *b = reg(g, "bm_a", bm_plain, &u);
    assert_int_equal(gbc_register(g, "bm_a", bm_plain, NULL, NULL), GBC_EEXIST);
    assert_int_equal(gbc_register(g, "", bm_plain, NULL, NULL), GBC_EINVAL);
    assert_int_equal(gbc_benchmark_repetitions(b, 0), GBC_EINVAL);
    assert_int_equal(gbc_benchmark_unit(b, (gbc_time_unit_t)7), GBC_EINVAL);
    assert_int_equal(gbc_benchmark_range_multiplier(b, 1), GBC_EINVAL);
    assert_string_equal(gbc_benchmark_name(b), "bm_a");
    assert_ptr_equal(gbc_benchmark_user(b), &u);
    assert_string_equal(gbc_time_unit_name(GBC_US), "us");

    /* Two names for no arguments: refused before anything runs. */
    const char *const names[2] = {"x", "y"};
    assert_int_equal(gbc_benchmark_arg_names(b, names, 2), GBC_OK);
    assert_int_equal(gbc_run(g, NULL, NULL), GBC_EINVAL);
    assert_non_null(strstr(gbc_errmsg(g), "bm_a"));
    assert_int_equal(u.calls, 0);
    gbc_destroy(g);

    /* An out file that cannot be created: GBC_EIO instead of exit(1). */
    assert_int_equal(gbc_create(&g), GBC_OK);
    reg(g, "bm_a", bm_plain, &u);
    char *argv[4] = {"test_gbc", "--benchmark_out=/nonexistent-gbc-dir/x.json",
                     "--benchmark_format=json", NULL};
    int argc = 3;
    assert_int_equal(gbc_initialize(g, &argc, argv), GBC_OK);
    assert_int_equal(gbc_run(g, NULL, NULL), GBC_EIO);
    assert_int_equal(u.calls, 0);
    gbc_destroy(g);
    gbc_destroy(NULL);
}

/* A filter selects by name; without --benchmark_out the display feeds the callback. */
static void test_filter_without_out_file(void **state)
{
    (void)state;
    gbc_t *g;
    assert_int_equal(gbc_create(&g), GBC_OK);
    recorder_t rec = {0};
    gbc_set_report_callback(g, record, &rec);
    body_t a = {0}, b = {0};
    reg(g, "bm_a", bm_plain, &a);
    reg(g, "bm_b", bm_plain, &b);
    char *argv[8] = {"test_gbc",
                     "--benchmark_out=",
                     "--benchmark_format=json",
                     "--benchmark_min_time=5x",
                     "--benchmark_filter=.",
                     "--benchmark_dry_run=0",
                     "--benchmark_repetitions=1",
                     NULL};
    int argc = 7;
    assert_int_equal(gbc_initialize(g, &argc, argv), GBC_OK);
    assert_int_equal(argc, 1);
    size_t matched = 0;
    assert_int_equal(gbc_run(g, "bm_b", &matched), GBC_OK);
    assert_int_equal(matched, 1);
    assert_int_equal(a.calls, 0);
    assert_int_equal(b.calls, 1);
    assert_int_equal(rec.n, 1);
    assert_string_equal(rec.runs[0].name, "bm_b");
    assert_int_equal(rec.runs[0].iterations, 5);
    gbc_destroy(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_counters_labels_and_callback),
        cmocka_unit_test(test_onek_in_console_output),
        cmocka_unit_test(test_error_repetitions_args_units),
        cmocka_unit_test(test_ranges_and_complexity),
        cmocka_unit_test(test_min_time_forms),
        cmocka_unit_test(test_dry_run),
        cmocka_unit_test(test_boundary_errors),
        cmocka_unit_test(test_filter_without_out_file),
    };
    int failed = cmocka_run_group_tests(tests, NULL, NULL);
    gbc_shutdown();
    return failed;
}
