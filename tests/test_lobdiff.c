/*
 * test_lobdiff.c -- lobdiff as a user runs it: a process (posix_spawn) on
 * results databases the test records with the store's API, checked through
 * its exit status, its output in the three formats and the SVG it draws.
 *
 * The Mann-Whitney figures are scipy.stats.mannwhitneyu(x, y,
 * alternative='two-sided') (scipy 1.10.1, the function compare.py calls),
 * computed offline and written down here.
 *
 * Every test works in its own mkdtemp directory, removed afterwards.
 */
#define _POSIX_C_SOURCE 200809L

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "fs_util.h"
#include "json_util.h"
#include "sql_util.h"

#include <dirent.h>
#include <fcntl.h>
#include <math.h>
#include <spawn.h>
#include <sqlite3.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "results.h"

#include "session_util.h"

#ifndef LOBDIFF_EXE
#error "LOBDIFF_EXE must name the lobdiff binary"
#endif
#ifndef LOBSIM_REFERENCE_CSV
#error "LOBSIM_REFERENCE_CSV must name the reference CSV"
#endif

extern char **environ;

#define NSIZES 3
static const uint64_t kchars[NSIZES] = {2, 32, 256};
#define NCASES (2 * NSIZES)

typedef struct {
    char dir[64];
    char db[128];
    char out[128];
    char err[128];
    char *stdout_text;
    char *stderr_text;
} fixture_t;

/* ---- helpers ------------------------------------------------------------- */

static int setup(void **state)
{
    fixture_t *f = calloc(1, sizeof *f);
    assert_non_null(f);
    snprintf(f->dir, sizeof f->dir, "/tmp/lobsim-lobdiff-XXXXXX");
    assert_non_null(mkdtemp(f->dir));
    snprintf(f->db, sizeof f->db, "%s/history.db", f->dir);
    snprintf(f->out, sizeof f->out, "%s/stdout", f->dir);
    snprintf(f->err, sizeof f->err, "%s/stderr", f->dir);
    *state = f;
    return 0;
}

static int teardown(void **state)
{
    fixture_t *f = *state;
    remove_tree(f->dir);
    free(f->stdout_text);
    free(f->stderr_text);
    free(f);
    return 0;
}

static char *read_text(const char *path)
{
    FILE *fp = fopen(path, "rb");
    if (!fp)
        return NULL;
    size_t cap = 1 << 16, n = 0, got;
    char *b = malloc(cap + 1);
    while (b && (got = fread(b + n, 1, cap - n, fp)) > 0) {
        n += got;
        if (n == cap)
            b = realloc(b, (cap *= 2) + 1);
    }
    assert_non_null(b);
    fclose(fp);
    b[n] = '\0';
    return b;
}

static void write_file(const char *path, const char *text)
{
    FILE *fp = fopen(path, "wb");
    assert_non_null(fp);
    assert_int_equal(fwrite(text, 1, strlen(text), fp), strlen(text));
    assert_int_equal(fclose(fp), 0);
}

static void expect_contains(const char *text, const char *needle)
{
    if (!text || !strstr(text, needle))
        fail_msg("expected \"%s\" in:\n%s", needle, text ? text : "(null)");
}

/* text with each run of spaces made one space, into a new string. */
static char *squash(const char *text)
{
    char *out = malloc(strlen(text) + 1), *o = out;
    assert_non_null(out);
    for (const char *p = text; *p; p++)
        if (*p != ' ' || o == out || o[-1] != ' ')
            *o++ = *p;
    *o = '\0';
    return out;
}

/* expect_contains() of the words of a table row, whatever the widths. */
static void expect_words(const char *text, const char *needle)
{
    char *t = squash(text);
    expect_contains(t, needle);
    free(t);
}

static int count_of(const char *text, const char *needle)
{
    int n = 0;
    for (const char *p = text; (p = strstr(p, needle)) != NULL; p += strlen(needle))
        n++;
    return n;
}

/* Run lobdiff with the NULL-terminated arguments; its output lands in
 * f->stdout_text and f->stderr_text.  Returns the exit status. */
static int lobdiff(fixture_t *f, ...)
{
    char *argv[32];
    int argc = 0;
    argv[argc++] = LOBDIFF_EXE;
    va_list ap;
    va_start(ap, f);
    char *a;
    while ((a = va_arg(ap, char *)) != NULL && argc < 31)
        argv[argc++] = a;
    va_end(ap);
    argv[argc] = NULL;

    posix_spawn_file_actions_t fa;
    assert_int_equal(posix_spawn_file_actions_init(&fa), 0);
    assert_int_equal(posix_spawn_file_actions_addopen(&fa, STDOUT_FILENO, f->out,
                                                      O_WRONLY | O_CREAT | O_TRUNC, 0644),
                     0);
    assert_int_equal(posix_spawn_file_actions_addopen(&fa, STDERR_FILENO, f->err,
                                                      O_WRONLY | O_CREAT | O_TRUNC, 0644),
                     0);
    pid_t pid;
    assert_int_equal(posix_spawn(&pid, LOBDIFF_EXE, &fa, NULL, argv, environ), 0);
    posix_spawn_file_actions_destroy(&fa);
    int status;
    assert_int_equal(waitpid(pid, &status, 0), pid);
    if (!WIFEXITED(status))
        fail_msg("lobdiff %s %s: killed by signal %d", argc > 1 ? argv[1] : "",
                 argc > 2 ? argv[2] : "", WIFSIGNALED(status) ? WTERMSIG(status) : 0);
    free(f->stdout_text);
    free(f->stderr_text);
    f->stdout_text = read_text(f->out);
    f->stderr_text = read_text(f->err);
    assert_non_null(f->stdout_text);
    assert_non_null(f->stderr_text);
    /* Whatever the checks read off the JSON text, it must be JSON. */
    for (int i = 1; i < argc; i++)
        if (strcmp(argv[i], "--format=json") == 0 && WEXITSTATUS(status) != 2)
            jfree(json_must_parse(f->stdout_text));
    return WEXITSTATUS(status);
}

/* lobdiff must refuse: exit 2, one line on stderr naming `word`, no report. */
static void expect_bad_input(fixture_t *f, const char *word, ...)
{
    char *args[16];
    int n = 0;
    va_list ap;
    va_start(ap, word);
    char *a;
    while ((a = va_arg(ap, char *)) != NULL && n < 15)
        args[n++] = a;
    va_end(ap);
    while (n < 15)
        args[n++] = NULL;
    int rc =
        lobdiff(f, args[0], args[1], args[2], args[3], args[4], args[5], args[6], args[7], NULL);
    if (rc != 2)
        fail_msg("%s %s: exit %d, want 2; stderr: %s", args[0], args[1] ? args[1] : "", rc,
                 f->stderr_text);
    expect_contains(f->stderr_text, word);
    assert_int_equal(count_of(f->stderr_text, "\n"), 1);
    assert_string_equal(f->stdout_text, "");
}

static void expect_close(double got, double want, const char *what)
{
    if (fabs(got - want) > 1e-9 * (fabs(want) > 1 ? fabs(want) : 1))
        fail_msg("%s: %.17g, want %.17g", what, got, want);
}

/* ---- fixture runs -------------------------------------------------------- */

/* A fixed figure for path p, LOB size k, statistic s. */
static uint64_t figure(int p, uint64_t k, int s)
{
    return (uint64_t)(s + 1) * 1000u + k * (uint64_t)(p + 1);
}

/* Both paths at 2k, 32k and 256k, untimed: local first, sizes ascending. */
static void make_cases(res_session_t *ss)
{
    for (int p = 0; p < 2; p++)
        for (int i = 0; i < NSIZES; i++) {
            res_session_t *s = &ss[p * NSIZES + i];
            sweep_session(s, p, kchars[i], 1);
            for (int k = 0; k < SIM_STAT_COUNT; k++)
                s->stats.v[k] = figure(p, kchars[i], k);
        }
}

static void set_samples(res_session_t *s, const double *x, uint32_t n)
{
    s->timed = 1;
    s->timing.iterations = 10;
    s->timing.repetitions = n;
    s->timing.nsamples = n;
    s->timing.real_samples_ns = x;
    s->timing.cpu_samples_ns = x;
    s->timing.real_time_ns = s->timing.cpu_time_ns = x[0];
}

static int64_t record_in(const char *db, const char *commit, const char *host, const char *params,
                         const res_session_t *ss, size_t n)
{
    res_store_t *s;
    char err[512];
    if (res_open(db, RES_OPEN_CREATE, &s, err, sizeof err) != SIM_OK)
        fail_msg("res_open: %s", err);
    res_run_t run;
    res_run_defaults(&run);
    run.started = 1700000000;
    run.git_commit = commit;
    run.git_dirty = 0;
    run.host = host;
    run.compiler = "GNU 12.2.0";
    run.build_type = "RelWithDebInfo";
    run.params = params;
    run.seed = 1;
    int64_t id;
    if (res_record_run(s, &run, ss, n, &id) != SIM_OK)
        fail_msg("res_record_run: %s", res_errmsg(s));
    res_close(s);
    return id;
}

static int64_t record(const fixture_t *f, const char *commit, const res_session_t *ss)
{
    return record_in(f->db, commit, "testhost", "dsp.chunk_divisor=256", ss, NCASES);
}

static int64_t load_reference(const char *db)
{
    res_store_t *s;
    char err[512];
    if (res_open(db, RES_OPEN_CREATE, &s, err, sizeof err) != SIM_OK)
        fail_msg("res_open: %s", err);
    int64_t id;
    if (res_load_reference(s, LOBSIM_REFERENCE_CSV, &id) != SIM_OK)
        fail_msg("res_load_reference: %s", res_errmsg(s));
    res_close(s);
    return id;
}

#define COMMIT_A "aaaa1111aaaa1111aaaa1111aaaa1111aaaa1111"
#define COMMIT_B "bbbb2222bbbb2222bbbb2222bbbb2222bbbb2222"
#define COMMIT_C "cccc3333cccc3333cccc3333cccc3333cccc3333"

/* ---- run selection ------------------------------------------------------- */

static void expect_runs(fixture_t *f, const char *base, const char *head, int64_t want_base,
                        int64_t want_head)
{
    char db[160];
    snprintf(db, sizeof db, "--db=%s", f->db);
    int rc = lobdiff(f, db, base, head, "--format=json", NULL);
    if (rc == 2)
        fail_msg("lobdiff %s %s: %s", base, head, f->stderr_text);
    assert_int_equal((int64_t)json_number_after(f->stdout_text, "\"base\"", "\"run\": "),
                     want_base);
    assert_int_equal((int64_t)json_number_after(f->stdout_text, "\"head\"", "\"run\": "),
                     want_head);
}

static void test_run_selection(void **state)
{
    fixture_t *f = *state;
    res_session_t ss[NCASES];
    make_cases(ss);
    int64_t ref = load_reference(f->db);
    int64_t r1 = record(f, COMMIT_A, ss);
    int64_t r2 = record(f, COMMIT_B, ss);
    int64_t r3 = record(f, COMMIT_C, ss);
    char id1[32], id3[32];
    snprintf(id1, sizeof id1, "%lld", (long long)r1);
    snprintf(id3, sizeof id3, "%lld", (long long)r3);

    expect_runs(f, id1, id3, r1, r3);
    expect_runs(f, "latest~1", "latest", r2, r3);
    expect_runs(f, "latest~2", "latest~0", r1, r3);
    expect_runs(f, "aaaa", "BBBB2222", r1, r2);
    expect_runs(f, "reference", "latest", ref, r3);

    /* FILE.db:SELECTOR on either side, across two databases. */
    char other[160], sel[192], db[160];
    snprintf(other, sizeof other, "%s/other.db", f->dir);
    int64_t o1 = record_in(other, COMMIT_C, "otherhost", "dsp.chunk_divisor=256", ss, NCASES);
    snprintf(sel, sizeof sel, "%s:latest", other);
    expect_runs(f, sel, "latest", o1, r3);
    snprintf(db, sizeof db, "--db=%s", f->db);
    assert_int_equal(lobdiff(f, db, sel, "latest", NULL), 0);
    expect_contains(f->stdout_text, "two databases");
    expect_contains(f->stdout_text, "hosts differ (otherhost, testhost)");

    /* Outside a source tree the default database is the user's own
     * (sim/where.c), read-only: not made when missing. */
    char xdg[160], store[192];
    snprintf(xdg, sizeof xdg, "%s/xdg", f->dir);
    snprintf(store, sizeof store, "%s/lobsim/history.db: no such file", xdg);
    const char *was = getenv("XDG_DATA_HOME");
    char *saved = was ? strdup(was) : NULL;
    assert_int_equal(setenv("XDG_DATA_HOME", xdg, 1), 0);
    expect_bad_input(f, store, "latest~1", "latest", NULL);
    struct stat sb;
    assert_int_not_equal(stat(xdg, &sb), 0);
    assert_int_equal(saved ? setenv("XDG_DATA_HOME", saved, 1) : unsetenv("XDG_DATA_HOME"), 0);
    free(saved);
    /* Unknown runs and files, each named. */
    expect_bad_input(f, "'nope'", db, "nope", "latest", NULL);
    expect_bad_input(f, "latest~9", db, "latest", "latest~9", NULL);
    expect_bad_input(f, "'dead'", db, "dead", "latest", NULL);
    snprintf(sel, sizeof sel, "%s/missing.db:latest", f->dir);
    expect_bad_input(f, "missing.db: no such file", db, sel, "latest", NULL);
    snprintf(sel, sizeof sel, "%s:", other);
    expect_bad_input(f, "FILE.db:SELECTOR", db, sel, "latest", NULL);
}

/* ---- statistics compared exactly ----------------------------------------- */

static void test_identical_runs(void **state)
{
    fixture_t *f = *state;
    res_session_t ss[NCASES];
    make_cases(ss);
    record(f, COMMIT_A, ss);
    record(f, COMMIT_B, ss);
    char db[160];
    snprintf(db, sizeof db, "--db=%s", f->db);
    assert_int_equal(lobdiff(f, db, "latest~1", "latest", NULL), 0);
    expect_contains(f->stdout_text, "no statistic changed in 6 cases; no case added or removed");
    assert_null(strstr(f->stdout_text, "Statistics, largest"));
    assert_string_equal(f->stderr_text, "");
    /* A run against itself, in JSON. */
    assert_int_equal(lobdiff(f, db, "latest", "latest", "--format=json", NULL), 0);
    assert_int_equal(json_number_after(f->stdout_text, "\"counts\"", "\"statistics_changed\": "),
                     0);
    assert_int_equal(json_number_after(f->stdout_text, "\"counts\"", "\"cases_compared\": "), 6);
    assert_int_equal(json_number_after(f->stdout_text, "\"exit_status\"", ": "), 0);
    /* --all lists every figure, changed or not. */
    assert_int_equal(lobdiff(f, db, "latest~1", "latest", "--all", NULL), 0);
    expect_contains(f->stdout_text, "local 32k    segment dispenser allocations");
}

/* Head: local 32k dispenser allocations 500 -> 750 and local 2k db block
 * gets up by 1%. */
static void make_changed(res_session_t *ss)
{
    make_cases(ss);
    ss[1].stats.v[SIM_STAT_DSP_ALLOCATIONS] = 500;
    ss[0].stats.v[SIM_STAT_DB_BLOCK_GETS] = 1000;
}

static void test_changed_counter(void **state)
{
    fixture_t *f = *state;
    res_session_t ss[NCASES];
    make_changed(ss);
    record(f, COMMIT_A, ss);
    ss[1].stats.v[SIM_STAT_DSP_ALLOCATIONS] = 750;
    ss[0].stats.v[SIM_STAT_DB_BLOCK_GETS] = 1010;
    record(f, COMMIT_B, ss);
    char db[160];
    snprintf(db, sizeof db, "--db=%s", f->db);

    assert_int_equal(lobdiff(f, db, "latest~1", "latest", NULL), 1);
    const char *t = f->stdout_text;
    expect_contains(t, "2 statistics changed in 2 of 6 cases");
    const char *dsp = strstr(t, "local 32k  segment dispenser allocations");
    const char *gets = strstr(t, "local 2k   db block gets");
    assert_non_null(dsp);
    assert_non_null(gets);
    assert_true(dsp < gets); /* +50% before +1% */
    expect_contains(dsp, "500   750  +250  +50.0%");
    expect_contains(gets, "1000  1010   +10   +1.0%");
    /* Derived figures beside them: gets per dispenser allocation moved too. */
    expect_contains(t, "local 32k  dispenser allocations per row");
    expect_contains(t, "local 2k   db block gets per dispenser allocation");

    assert_int_equal(lobdiff(f, db, "latest~1", "latest", "--format=json", NULL), 1);
    const char *case32 = strstr(f->stdout_text, "\"lob_chars\": 32768");
    assert_non_null(case32);
    assert_int_equal(json_number_after(case32, "\"segment dispenser allocations\"", "\"diff\": "),
                     250);
    assert_int_equal(json_number_after(case32, "\"segment dispenser allocations\"", "\"pct\": "),
                     50);
    assert_int_equal(json_number_after(f->stdout_text, "\"counts\"", "\"statistics_changed\": "),
                     2);
    assert_int_equal(json_number_after(f->stdout_text, "\"exit_status\"", ": "), 1);

    /* The other direction: -250, -33.3%. */
    assert_int_equal(lobdiff(f, db, "latest", "latest~1", NULL), 1);
    expect_contains(f->stdout_text, "750   500  -250  -33.3%");
}

static void test_absent_statistics_skipped(void **state)
{
    fixture_t *f = *state;
    res_session_t ss[NCASES];
    make_cases(ss);
    record(f, COMMIT_A, ss);
    ss[2].stats.v[SIM_STAT_CONSISTENT_GETS] += 5;
    int64_t r2 = record(f, COMMIT_B, ss);
    char db[160], sql[256];
    snprintf(db, sizeof db, "--db=%s", f->db);
    assert_int_equal(lobdiff(f, db, "latest~1", "latest", NULL), 1);
    /* The head run lacks the figure that changed: nothing left to compare. */
    snprintf(sql, sizeof sql,
             "DELETE FROM session_stats WHERE \"statistic#\" = %d AND sid IN\n"
             "  (SELECT sid FROM sessions WHERE run = %lld)",
             sim_stat_info(SIM_STAT_CONSISTENT_GETS)->number, (long long)r2);
    sql_exec(f->db, sql);
    assert_int_equal(lobdiff(f, db, "latest~1", "latest", "--all", NULL), 0);
    assert_null(strstr(f->stdout_text, "consistent gets"));
    expect_contains(f->stdout_text, "no statistic changed in 6 cases");
}

static void test_added_and_removed_cases(void **state)
{
    fixture_t *f = *state;
    res_session_t ss[NCASES + 1];
    make_cases(ss);
    record(f, COMMIT_A, ss);
    /* Head: no local 2k, an extra dblink 64k on 16k blocks. */
    ss[NCASES] = ss[NCASES - 1];
    ss[NCASES].lob_chars = 64 * 1024;
    ss[NCASES].block_size = 16384;
    int64_t r2 = record_in(f->db, COMMIT_B, "testhost", "dsp.chunk_divisor=256", ss + 1, NCASES);
    (void)r2;
    char db[160];
    snprintf(db, sizeof db, "--db=%s", f->db);
    assert_int_equal(lobdiff(f, db, "latest~1", "latest", NULL), 1);
    expect_contains(f->stdout_text, "no statistic changed in 5 cases; 1 case only in base, 1 case "
                                    "only in head");
    expect_contains(f->stdout_text, "only in base: local 2k\n");
    expect_contains(f->stdout_text, "only in head: dblink 64k, block 16k, 10000 rows\n");
    assert_int_equal(lobdiff(f, db, "latest~1", "latest", "--format=json", NULL), 1);
    expect_contains(f->stdout_text, "\"lob_chars\": 2048, \"lob_kchars\": 2, \"block_size\": "
                                    "8192, \"rows\": 10000, \"status\": \"only_in_base\"");
    expect_contains(f->stdout_text, "\"status\": \"only_in_head\"");
}

static void test_params_and_hosts_named(void **state)
{
    fixture_t *f = *state;
    res_session_t ss[NCASES];
    make_cases(ss);
    record_in(f->db, COMMIT_A, "alpha", "dsp.chunk_divisor=256 dsp.refill_gets=4", ss, NCASES);
    record_in(f->db, COMMIT_B, "beta", "dsp.chunk_divisor=512 dsp.refill_gets=4", ss, NCASES);
    char db[160];
    snprintf(db, sizeof db, "--db=%s", f->db);
    assert_int_equal(lobdiff(f, db, "latest~1", "latest", NULL), 0);
    expect_contains(f->stdout_text, "note: model params differ: dsp.chunk_divisor 256 -> 512\n");
    expect_contains(f->stdout_text, "note: hosts differ (alpha, beta)");
    assert_int_equal(lobdiff(f, db, "latest~1", "latest", "--format=json", NULL), 0);
    expect_contains(f->stdout_text,
                    "\"params_differ\": [\n    {\"name\": \"dsp.chunk_divisor\", \"base\": "
                    "\"256\", \"head\": \"512\", \"status\": \"changed\"}\n  ]");
}

/*
 * Sixty parameters changed and one new in head: far more than a line holds
 * (the notes were cut at 512 bytes, silently: "heap.few_rows 30 -> 3" for
 * 31, and a markdown note ending in an open backtick).  Text and markdown
 * set them out one a line, each once; the new one once, as new, never as
 * "(none) -> X"; JSON lists every one in params_differ and whole in its
 * note; the plot's subtitle says how many.
 */
#define NLONG 60
static void test_long_param_list(void **state)
{
    fixture_t *f = *state;
    res_session_t ss[NCASES];
    make_cases(ss);
    static char bp[NLONG * 48], hp[NLONG * 48 + 64], name[NLONG][40], item[NLONG][96];
    size_t bu = 0, hu = 0;
    for (int i = 0; i < NLONG; i++) {
        snprintf(name[i], sizeof name[i], "model.parameter_number_%02d", i);
        bu += (size_t)snprintf(bp + bu, sizeof bp - bu, "%s%s=%d", i ? " " : "", name[i], 30 + i);
        hu += (size_t)snprintf(hp + hu, sizeof hp - hu, "%s%s=%d", i ? " " : "", name[i], 31 + i);
    }
    snprintf(hp + hu, sizeof hp - hu, " heap.brand_new=7");
    record_in(f->db, COMMIT_A, "testhost", bp, ss, NCASES);
    record_in(f->db, COMMIT_B, "testhost", hp, ss, NCASES);
    char db[160], plot[192], svgpath[160];
    snprintf(db, sizeof db, "--db=%s", f->db);
    snprintf(svgpath, sizeof svgpath, "%s/diff.svg", f->dir);
    snprintf(plot, sizeof plot, "--plot=%s", svgpath);

    assert_int_equal(lobdiff(f, db, "latest~1", "latest", plot, NULL), 0);
    const char *t = f->stdout_text;
    expect_contains(t, "  note: model params differ (61: 60 changed, 1 new in head):\n");
    for (int i = 0; i < NLONG; i++) {
        snprintf(item[i], sizeof item[i], "\n          %.39s %d -> %d\n", name[i], 30 + i, 31 + i);
        if (count_of(t, item[i]) != 1 || count_of(t, name[i]) != 1)
            fail_msg("text: %s not listed once:\n%s", name[i], t);
    }
    expect_contains(t, "\n          heap.brand_new=7 (new in head)\n");
    assert_int_equal(count_of(t, "heap.brand_new"), 1);
    assert_null(strstr(t, "(none)"));
    char *svg = read_text(svgpath);
    assert_non_null(svg);
    expect_contains(svg, "model params differ: 61 (lobdiff's report lists them)");
    free(svg);

    assert_int_equal(lobdiff(f, db, "latest~1", "latest", "--format=markdown", NULL), 0);
    t = f->stdout_text;
    expect_contains(t, "\n- model params differ (61: 60 changed, 1 new in head):\n");
    for (int i = 0; i < NLONG; i++) {
        snprintf(item[i], sizeof item[i], "\n  - `%.39s` %d \u2192 %d\n", name[i], 30 + i, 31 + i);
        if (count_of(t, item[i]) != 1 || count_of(t, name[i]) != 1)
            fail_msg("markdown: %s not listed once:\n%s", name[i], t);
    }
    expect_contains(t, "\n  - `heap.brand_new`=7 (new in head)\n");
    assert_int_equal(count_of(t, "heap.brand_new"), 1);
    assert_null(strstr(t, "(none)"));
    /* No code span left open: an even number of backticks on every line. */
    for (const char *line = t; *line;) {
        const char *end = strchr(line, '\n');
        size_t len = end ? (size_t)(end - line) : strlen(line), ticks = 0;
        for (size_t k = 0; k < len; k++)
            ticks += line[k] == '`';
        if (ticks % 2)
            fail_msg("markdown: an open backtick in \"%.*s\"", (int)len, line);
        line += len + (end != NULL);
    }

    assert_int_equal(lobdiff(f, db, "latest~1", "latest", "--format=json", NULL), 0);
    jv_t *root = json_must_parse(f->stdout_text);
    const jv_t *pd = jget(root, "params_differ"), *notes = jget(root, "notes");
    assert_non_null(pd);
    assert_int_equal(pd->n, NLONG + 1);
    for (int i = 0; i < NLONG; i++) {
        char b[16], h[16];
        snprintf(b, sizeof b, "%d", 30 + i);
        snprintf(h, sizeof h, "%d", 31 + i);
        assert_string_equal(jstr(pd->v[i], "name"), name[i]);
        assert_string_equal(jstr(pd->v[i], "base"), b);
        assert_string_equal(jstr(pd->v[i], "head"), h);
        assert_string_equal(jstr(pd->v[i], "status"), "changed");
        snprintf(item[i], sizeof item[i], "%.39s %d -> %d%s", name[i], 30 + i, 31 + i,
                 i + 1 < NLONG ? "," : ";");
        if (count_of(notes->v[0]->str, item[i]) != 1)
            fail_msg("json note: %s not once in \"%s\"", item[i], notes->v[0]->str);
    }
    assert_string_equal(jstr(pd->v[NLONG], "name"), "heap.brand_new");
    assert_int_equal(jget(pd->v[NLONG], "base")->t, J_NULL);
    assert_string_equal(jstr(pd->v[NLONG], "head"), "7");
    assert_string_equal(jstr(pd->v[NLONG], "status"), "new_in_head");
    expect_contains(notes->v[0]->str, "; new in head: heap.brand_new=7");
    jfree(root);
}

/* ---- times: the Mann-Whitney U test --------------------------------------- */

/* scipy.stats.mannwhitneyu(x, y, alternative='two-sided') */
static const double a_x[] = {100, 101, 102, 103, 104}, a_y[] = {110, 111, 112, 113, 114};
static const double b_x[] = {100, 100, 101, 102, 103, 103}, b_y[] = {101, 103, 104, 104, 105, 106};
static const double c_x[] = {100.0, 100.5, 101.0, 101.5, 102.0, 102.5, 103.0, 103.5, 104.0, 104.5};
static const double c_y[] = {102.2, 102.7, 103.2, 103.7, 104.2, 104.7,
                             105.2, 105.7, 106.2, 106.7, 107.2, 107.7};
static const double d_x[] = {5, 3, 4}, d_y[] = {4.5, 6, 2};
static const double e_x[] = {7, 7, 7}, e_y[] = {7, 7, 7};
static const double f_x[] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12},
                    f_y[] = {9.5, 10.5, 11.5, 12.5};

static const struct {
    const double *x, *y;
    uint32_t nx, ny;
    double u, p;
    const char *method, *verdict;
} utest[NCASES] = {
    /* exact (n <= 8, no ties): 2 / C(10, 5); 9.8% slower */
    {a_x, a_y, 5, 5, 0.0, 0.007936507936507936, "exact", "slower"},
    /* ties: normal approximation with tie correction; significant but 2.3% */
    {b_x, b_y, 6, 6, 4.5, 0.03506401813012014, "asymptotic", "unchanged"},
    /* both above 8: normal approximation; significant but 2.6% */
    {c_x, c_y, 10, 12, 15.0, 0.0033436220846027958, "asymptotic", "unchanged"},
    /* exact, nothing to see */
    {d_x, d_y, 3, 3, 4.0, 1.0, "exact", "unchanged"},
    /* every value tied: no variance, p = 1 */
    {e_x, e_y, 3, 3, 4.5, 1.0, "asymptotic", "unchanged"},
    /* exact with one sample of 12: slower, significant on its own (p 0.03)
     * but not among six cases tested at 0.05 / 6 each (Bonferroni) */
    {f_x, f_y, 12, 4, 6.0, 0.029670329670329672, "exact", "unchanged"},
};

static void test_mann_whitney(void **state)
{
    fixture_t *f = *state;
    res_session_t ss[NCASES];
    make_cases(ss);
    for (int i = 0; i < NCASES; i++)
        set_samples(&ss[i], utest[i].x, utest[i].nx);
    record(f, COMMIT_A, ss);
    for (int i = 0; i < NCASES; i++)
        set_samples(&ss[i], utest[i].y, utest[i].ny);
    record(f, COMMIT_B, ss);
    char db[160];
    snprintf(db, sizeof db, "--db=%s", f->db);
    assert_int_equal(lobdiff(f, db, "latest~1", "latest", "--format=json", NULL), 1);
    const char *t = f->stdout_text;
    for (int i = 0; i < NCASES; i++) {
        char anchor[128], what[64];
        snprintf(anchor, sizeof anchor, "\"path\": \"%s\", \"lob_chars\": %llu",
                 i < NSIZES ? "local" : "dblink", (unsigned long long)(kchars[i % NSIZES] * 1024));
        const char *c = strstr(t, anchor);
        assert_non_null(c);
        const char *real = strstr(c, "\"real\": ");
        assert_non_null(real);
        snprintf(what, sizeof what, "case %d: U", i);
        expect_close(json_number_after(real, "\"real\"", "\"u\": "), utest[i].u, what);
        snprintf(what, sizeof what, "case %d: p", i);
        expect_close(json_number_after(real, "\"real\"", "\"p\": "), utest[i].p, what);
        char method[64], verdict[64];
        snprintf(method, sizeof method, "\"method\": \"%s\"", utest[i].method);
        snprintf(verdict, sizeof verdict, "\"verdict\": \"%s\"", utest[i].verdict);
        const char *next = strstr(real, "}}");
        assert_non_null(next);
        const char *m = strstr(real, method), *v = strstr(real, verdict);
        if (!m || m > next || !v || v > next + 2)
            fail_msg("case %d: want %s and %s in %.400s", i, method, verdict, real);
    }
    assert_int_equal(json_number_after(t, "\"counts\"", "\"times_compared\": "), 6);
    assert_int_equal(json_number_after(t, "\"counts\"", "\"time_regressions\": "), 1);

    /* The text names the slower cases; the others only with --all. */
    assert_int_equal(lobdiff(f, db, "latest~1", "latest", NULL), 1);
    expect_contains(f->stdout_text, "times: 1 slower, 0 faster, 5 unchanged");
    expect_contains(f->stdout_text, "local 2k  102 ns  112 ns   +9.8%     0.008    0.008");
    assert_null(strstr(f->stdout_text, "local 32k     "));
    /* Reversed, the regressions are improvements: nothing failed. */
    assert_int_equal(lobdiff(f, db, "latest", "latest~1", NULL), 0);
    expect_contains(f->stdout_text, "times: 0 slower, 1 faster, 5 unchanged");
    /* A family level of 0.3 tests each case at 0.05: the 12-vs-4 case
     * becomes a regression too. */
    assert_int_equal(lobdiff(f, db, "latest~1", "latest", "--alpha=0.3", NULL), 1);
    expect_contains(f->stdout_text, "times: 2 slower, 0 faster, 4 unchanged");
    /* Beyond a 100% threshold nothing regressed. */
    assert_int_equal(lobdiff(f, db, "latest~1", "latest", "--time-threshold=100", NULL), 0);
    /* With alpha 0.001 neither is significant. */
    assert_int_equal(lobdiff(f, db, "latest~1", "latest", "--alpha=0.001", NULL), 0);
}

static void test_times_need_two_samples(void **state)
{
    fixture_t *f = *state;
    res_session_t ss[NCASES];
    make_cases(ss);
    set_samples(&ss[0], a_x, 1);
    record(f, COMMIT_A, ss);
    set_samples(&ss[0], a_y, 5);
    record(f, COMMIT_B, ss);
    char db[160];
    snprintf(db, sizeof db, "--db=%s", f->db);
    assert_int_equal(lobdiff(f, db, "latest~1", "latest", NULL), 0);
    expect_contains(f->stdout_text, "times not compared");
}

/* ---- bad input ------------------------------------------------------------- */

static void test_bad_input(void **state)
{
    fixture_t *f = *state;
    res_session_t ss[NCASES];
    make_cases(ss);
    record(f, COMMIT_A, ss);
    char db[160], path[160], dbarg[192];
    snprintf(db, sizeof db, "--db=%s", f->db);
    expect_bad_input(f, "'--frobnicate'", db, "latest", "latest", "--frobnicate", NULL);
    expect_bad_input(f, "--format: 'html'", db, "latest", "latest", "--format=html", NULL);
    expect_bad_input(f, "--time-threshold: 'x5'", db, "latest", "latest", "--time-threshold=x5",
                     NULL);
    expect_bad_input(f, "--time-threshold: '-1'", db, "latest", "latest", "--time-threshold=-1",
                     NULL);
    expect_bad_input(f, "--alpha: '2'", db, "latest", "latest", "--alpha=2", NULL);
    expect_bad_input(f, "expected two runs", db, "latest", NULL);
    expect_bad_input(f, "unexpected argument 'latest~1'", db, "latest", "latest", "latest~1", NULL);
    expect_bad_input(f, "--db: empty", "--db=", "latest", "latest", NULL);
    snprintf(path, sizeof path, "--plot=%s/nodir/x.svg", f->dir);
    expect_bad_input(f, "nodir does not exist", db, "latest", "latest", path, NULL);
    /* Files that are not results databases. */
    snprintf(path, sizeof path, "%s/notes.txt", f->dir);
    write_file(path, "not a database at all, just some text that is long enough\n");
    snprintf(dbarg, sizeof dbarg, "--db=%s", path);
    expect_bad_input(f, "notes.txt: not a lobsim results database", dbarg, "1", "1", NULL);
    snprintf(path, sizeof path, "%s/other.db", f->dir);
    sql_exec(path, "CREATE TABLE customers (id INTEGER PRIMARY KEY);");
    snprintf(dbarg, sizeof dbarg, "--db=%s", path);
    expect_bad_input(f, "holding table 'customers'", dbarg, "1", "1", NULL);
    /* --help is not an error. */
    assert_int_equal(lobdiff(f, "--help", NULL), 0);
    expect_contains(f->stdout_text, "Exit status: 0 nothing changed");
}

/* Cases of one run only: one label each, set apart by ';' since a label has
 * commas of its own ("dblink 64k, block 16k, 10000 rows"). */
static void test_only_in_lists(void **state)
{
    fixture_t *f = *state;
    res_session_t ss[NCASES + 1];
    make_cases(ss);
    ss[NCASES] = ss[NCASES - 1];
    ss[NCASES].lob_chars = 64 * 1024;
    ss[NCASES].block_size = 16384;
    record_in(f->db, COMMIT_A, "testhost", "dsp.chunk_divisor=256", ss, NCASES + 1);
    /* Head: neither local 2k nor local 32k nor the dblink 64k on 16k blocks. */
    record_in(f->db, COMMIT_B, "testhost", "dsp.chunk_divisor=256", ss + 2, NCASES - 2);
    char db[160];
    snprintf(db, sizeof db, "--db=%s", f->db);
    assert_int_equal(lobdiff(f, db, "latest~1", "latest", NULL), 1);
    expect_contains(f->stdout_text,
                    "\nonly in base: local 2k; local 32k; dblink 64k, block 16k, 10000 rows\n");
    assert_int_equal(lobdiff(f, db, "latest~1", "latest", "--format=markdown", NULL), 1);
    expect_contains(f->stdout_text,
                    "\n- only in base: local 2k; local 32k; dblink 64k, block 16k, 10000 rows\n");
    /* The other way round they are the head's. */
    assert_int_equal(lobdiff(f, db, "latest", "latest~1", NULL), 1);
    expect_contains(f->stdout_text,
                    "\nonly in head: local 2k; local 32k; dblink 64k, block 16k, 10000 rows\n");
}

/* Cases of two workloads with the same path and sizes: the JSON tells them
 * apart by "workload". */
static void test_json_names_workload(void **state)
{
    fixture_t *f = *state;
    res_session_t ss[2 * NCASES];
    make_cases(ss);
    make_cases(ss + NCASES);
    for (int i = NCASES; i < 2 * NCASES; i++) {
        ss[i].workload = "scan";
        ss[i].stats.v[SIM_STAT_DB_BLOCK_GETS] += 7;
    }
    record_in(f->db, COMMIT_A, "testhost", "dsp.chunk_divisor=256", ss, 2 * NCASES);
    ss[NCASES].stats.v[SIM_STAT_DB_BLOCK_GETS] += 1; /* scan local 2k */
    record_in(f->db, COMMIT_B, "testhost", "dsp.chunk_divisor=256", ss, 2 * NCASES);
    char db[160];
    snprintf(db, sizeof db, "--db=%s", f->db);
    assert_int_equal(lobdiff(f, db, "latest~1", "latest", "--format=json", NULL), 1);
    jv_t *root = json_must_parse(f->stdout_text);
    const jv_t *cases = jget(root, "cases");
    assert_non_null(cases);
    assert_int_equal(cases->n, 2 * NCASES);
    int scans = 0, changed = 0;
    for (size_t i = 0; i < cases->n; i++) {
        const jv_t *c = cases->v[i];
        const char *wl = jstr(c, "workload");
        scans += strcmp(wl, "scan") == 0;
        /* No two cases share (workload, path, LOB size, block size, rows). */
        for (size_t j = 0; j < i; j++) {
            const jv_t *o = cases->v[j];
            if (strcmp(jstr(o, "workload"), wl) == 0 &&
                strcmp(jstr(o, "path"), jstr(c, "path")) == 0 &&
                jnum(o, "lob_chars") == jnum(c, "lob_chars") &&
                jnum(o, "block_size") == jnum(c, "block_size") &&
                jnum(o, "rows") == jnum(c, "rows"))
                fail_msg("cases %zu and %zu have one key", j, i);
        }
        if (jnum(c, "statistics_changed") > 0) {
            changed++;
            assert_string_equal(wl, "scan");
            assert_string_equal(jstr(c, "path"), "local");
            assert_int_equal((int64_t)jnum(c, "lob_chars"), 2048);
        }
    }
    assert_int_equal(scans, NCASES);
    assert_int_equal(changed, 1);
    jfree(root);
}

/* ---- the order of the workloads -------------------------------------------- */

/* Four runs of the workloads of wl, cases as make_cases() gives, recorded
 * with the program's list of workloads (res_set_workloads). */
static void record_workloads(const char *db, const char *commit, const res_workload_t *list,
                             size_t nlist, const char *const *wl, size_t nwl)
{
    res_session_t ss[4 * NCASES];
    assert_true(nwl <= 4);
    for (size_t w = 0; w < nwl; w++) {
        make_cases(ss + w * NCASES);
        for (int i = 0; i < NCASES; i++)
            ss[w * NCASES + (size_t)i].workload = wl[w];
    }
    res_store_t *s;
    char err[512];
    if (res_open(db, RES_OPEN_CREATE, &s, err, sizeof err) != SIM_OK)
        fail_msg("res_open: %s", err);
    assert_int_equal(res_set_workloads(s, list, nlist), SIM_OK);
    res_run_t run;
    res_run_defaults(&run);
    run.git_commit = commit;
    run.seed = 1;
    if (res_record_run(s, &run, ss, nwl * NCASES, NULL) != SIM_OK)
        fail_msg("res_record_run: %s", res_errmsg(s));
    res_close(s);
}

/* The workload and status of each case of the JSON report, in its order,
 * once per workload and status. */
static void json_workloads(const char *json, char *out, size_t len)
{
    jv_t *root = json_must_parse(json);
    const jv_t *cases = jget(root, "cases");
    assert_non_null(cases);
    char last[64] = "";
    size_t used = 0;
    out[0] = '\0';
    for (size_t i = 0; i < cases->n; i++) {
        char item[64];
        snprintf(item, sizeof item, "%s:%s ", jstr(cases->v[i], "workload"),
                 jstr(cases->v[i], "status"));
        if (strcmp(item, last) != 0)
            used += (size_t)snprintf(out + used, len - used, "%s", item);
        snprintf(last, sizeof last, "%s", item);
    }
    jfree(root);
}

/* The store's order, not the names': insert, scan, rows, cluster. */
static void test_workload_order(void **state)
{
    fixture_t *f = *state;
    static const res_workload_t list[] = {{"insert", "lob", NULL},
                                          {"scan", "lob", NULL},
                                          {"rows", "lob", NULL},
                                          {"cluster", "lob", NULL}};
    static const char *const wl[] = {"cluster", "scan", "insert", "rows"};
    record_workloads(f->db, COMMIT_A, list, 4, wl, 4);
    record_workloads(f->db, COMMIT_B, list, 4, wl, 4);
    char db[160], order[512];
    snprintf(db, sizeof db, "--db=%s", f->db);
    assert_int_equal(lobdiff(f, db, "latest~1", "latest", "--format=json", NULL), 0);
    json_workloads(f->stdout_text, order, sizeof order);
    assert_string_equal(order, "insert:compared scan:compared rows:compared cluster:compared ");
    /* The text report's cases in the same order. */
    assert_int_equal(lobdiff(f, db, "latest~1", "latest", "--all", NULL), 0);
    const char *ins = strstr(f->stdout_text, "\nlocal 2k"),
               *scan = strstr(f->stdout_text, "\nscan local 2k"),
               *cl = strstr(f->stdout_text, "\ncluster local 2k");
    assert_true(ins && scan && cl && ins < scan && scan < cl);

    /* A base in a store of another build, whose list lacks cluster and puts
     * rows first: every case still pairs, in head's order. */
    char other[160], base[192];
    snprintf(other, sizeof other, "%s/other.db", f->dir);
    static const res_workload_t older[] = {
        {"rows", "lob", NULL}, {"insert", "lob", NULL}, {"scan", "lob", NULL}};
    record_workloads(other, COMMIT_A, older, 3, wl, 4);
    snprintf(base, sizeof base, "%s:latest", other);
    assert_int_equal(lobdiff(f, db, base, "latest", "--format=json", NULL), 0);
    json_workloads(f->stdout_text, order, sizeof order);
    assert_string_equal(order, "insert:compared scan:compared rows:compared cluster:compared ");
}

/* ---- markdown ---------------------------------------------------------------- */

static void test_markdown_shape(void **state)
{
    fixture_t *f = *state;
    res_session_t ss[NCASES];
    make_changed(ss);
    record(f, COMMIT_A, ss);
    ss[1].stats.v[SIM_STAT_DSP_ALLOCATIONS] = 750;
    ss[0].stats.v[SIM_STAT_DB_BLOCK_GETS] = 1010;
    record(f, COMMIT_B, ss);
    char db[160];
    snprintf(db, sizeof db, "--db=%s", f->db);
    assert_int_equal(lobdiff(f, db, "latest~1", "latest", "--format=markdown", NULL), 1);
    const char *t = f->stdout_text;
    /* A summary line first, then the runs, then a table per changed case. */
    assert_true(strncmp(t, "**lobdiff** run 1 \u2192 run 2: 2 statistics changed in 2 of 6 cases",
                        strlen("**lobdiff** run 1 \u2192 run 2: 2 statistics changed in 2 of "
                               "6 cases")) == 0);
    expect_contains(t, "\n- base: run 1 (commit `aaaa1111aaaa`");
    assert_int_equal(count_of(t, "\n#### "), 2);
    const char *c2 = strstr(t, "\n#### local 2k\n\n| statistic | base | head | diff | % |\n"
                               "|:---|---:|---:|---:|---:|\n");
    const char *c32 = strstr(t, "\n#### local 32k\n\n| statistic | base | head | diff | % |\n"
                                "|:---|---:|---:|---:|---:|\n");
    assert_non_null(c2);
    assert_non_null(c32);
    assert_true(c2 < c32);
    expect_contains(c32, "| segment dispenser allocations | 500 | 750 | +250 | +50.0% |\n");
    expect_contains(c2, "| db block gets | 1000 | 1010 | +10 | +1.0% |\n");
    /* Derived figures in italics. */
    expect_contains(c32, "| _dispenser allocations per row_ | 0.05 | 0.075 | +0.025 | +50.0% |");
    /* Every table row has its five cells. */
    for (const char *p = strstr(t, "\n|"); p; p = strstr(p + 1, "\n|")) {
        const char *eol = strchr(p + 1, '\n');
        int bars = 0;
        for (const char *q = p + 1; q < eol; q++)
            bars += *q == '|' && q[-1] != '\\';
        assert_int_equal(bars, 6);
    }
}

/* A path read from a store another tool wrote may hold a '|': escaped, it
 * stays one cell of the times table and of every other, and the heading
 * shows it as written. */
static void test_markdown_escapes_bars(void **state)
{
    fixture_t *f = *state;
    res_session_t ss[NCASES];
    make_changed(ss);
    for (int i = 0; i < NCASES; i++)
        set_samples(&ss[i], utest[i].x, utest[i].nx);
    record(f, COMMIT_A, ss);
    ss[1].stats.v[SIM_STAT_DSP_ALLOCATIONS] = 750;
    for (int i = 0; i < NCASES; i++)
        set_samples(&ss[i], utest[i].y, utest[i].ny);
    record(f, COMMIT_B, ss);
    /* lobsim's own writer refuses such a path: another tool wrote it */
    sql_exec(f->db, "UPDATE sessions SET path = 'lo|cal' WHERE path = 'local';"
                    "UPDATE sessions SET path = 'db|link' WHERE path = 'dblink'");
    char db[160];
    snprintf(db, sizeof db, "--db=%s", f->db);
    assert_int_equal(lobdiff(f, db, "latest~1", "latest", "--format=markdown", "--all", NULL), 1);
    const char *t = f->stdout_text;
    expect_contains(t, "\n#### lo\\|cal 32k\n");
    const char *times = strstr(t, "\n#### times\n");
    assert_non_null(times);
    expect_contains(times, "| lo\\|cal 2k |");
    /* Every row of a table has as many cells as its heading. */
    int tables = 0, want = 0;
    for (const char *p = strstr(t, "\n|"); p; p = strstr(p + 1, "\n|")) {
        const char *eol = strchr(p + 1, '\n');
        assert_non_null(eol);
        int bars = 0;
        for (const char *q = p + 1; q < eol; q++)
            bars += *q == '|' && q[-1] != '\\';
        if (p[-1] == '\n') { /* after a blank line: a table's heading */
            want = bars;
            tables++;
        }
        if (bars != want)
            fail_msg("%d cells, not %d, in: %.*s", bars - 1, want - 1, (int)(eol - p - 1), p + 1);
    }
    assert_true(tables >= 2);
}

/* ---- calibration ---------------------------------------------------------------- */

static void test_calibration(void **state)
{
    fixture_t *f = *state;
    res_session_t ss[NCASES];
    make_cases(ss);
    load_reference(f->db);
    record(f, COMMIT_A, ss);
    char db[160];
    snprintf(db, sizeof db, "--db=%s", f->db);
    /* Always 1: the model's figures differ from Oracle's. */
    assert_int_equal(lobdiff(f, db, "reference", "latest", "--format=json", NULL), 1);
    const char *t = f->stdout_text;
    expect_contains(t, "\"calibration\": true");
    /* Every reference cell of the cases both have, with the ratio:
     * local 2k has 10 statistics in the reference. */
    const char *c = strstr(t, "\"path\": \"local\", \"lob_chars\": 2048");
    assert_non_null(c);
    const char *dbg = strstr(c, "\"name\": \"db block gets\"");
    assert_non_null(dbg);
    double lobsim = (double)figure(0, 2, SIM_STAT_DB_BLOCK_GETS);
    expect_close(json_number_after(dbg, "\"name\"", "\"lobsim\": "), lobsim, "lobsim");
    expect_close(json_number_after(dbg, "\"name\"", "\"oracle\": "), 15514, "oracle");
    expect_close(json_number_after(dbg, "\"name\"", "\"ratio\": "), lobsim / 15514, "ratio");
    const char *end = strstr(c, "\"derived\"");
    int cells = 0;
    for (const char *p = strstr(c, "\"ratio\": "); p && p < end; p = strstr(p + 1, "\"ratio\": "))
        cells++;
    assert_int_equal(cells, 10);

    assert_int_equal(lobdiff(f, db, "reference", "latest", NULL), 1);
    expect_contains(f->stdout_text, "lobdiff: calibration of run 2 against the Oracle "
                                    "measurements (run 1)");
    expect_contains(f->stdout_text, "only in oracle: local 4k; local 8k; local 16k; local 128k; "
                                    "dblink 4k;");
    expect_contains(f->stdout_text, "local 2k     db block gets");
    /* The same the other way round: the ratio stays lobsim / oracle. */
    assert_int_equal(lobdiff(f, db, "latest", "reference", "--format=markdown", NULL), 1);
    expect_contains(f->stdout_text, "**lobdiff calibration** run 2 against Oracle (run 1)");
    expect_contains(f->stdout_text, "| statistic | lob | lobsim | oracle | ratio |");
    char row[128];
    snprintf(row, sizeof row, "| db block gets | 2k | %.0f | 15514 | %.2f |", lobsim,
             lobsim / 15514);
    expect_contains(f->stdout_text, row);
}

/* ---- a script's steps ------------------------------------------------------- */

#define NSTEPS 3
static const char *const step_text[NSTEPS] = {"insert into t select rownum, rpad('x', 9000, 'x') "
                                              "from dual connect by level <= 1000",
                                              "delete from t", "commit"};

/* A script run of NSTEPS steps on table T, as lobbench --script records it. */
static int64_t record_script(const char *db, const char *script, const char *digest,
                             uint32_t block_size, const uint64_t used[NSTEPS])
{
    res_session_t ss[NSTEPS];
    for (uint32_t i = 0; i < NSTEPS; i++) {
        memset(&ss[i], 0, sizeof ss[i]);
        ss[i].workload = RES_SCRIPT_WORKLOAD;
        ss[i].path = "local";
        ss[i].block_size = block_size;
        ss[i].rows = i == 0 ? 1000 : 0;
        ss[i].seed = 1;
        ss[i].step = i + 1;
        ss[i].statement = step_text[i];
        ss[i].table = "T";
        ss[i].stats.v[SIM_STAT_DSU_USED_BLOCKS] = used[i];
    }
    res_store_t *s;
    char err[512];
    if (res_open(db, RES_OPEN_CREATE, &s, err, sizeof err) != SIM_OK)
        fail_msg("res_open: %s", err);
    static const res_workload_t wl[] = {{RES_SCRIPT_WORKLOAD, RES_SCRIPT_FAMILY, NULL}};
    assert_int_equal(res_set_workloads(s, wl, 1), SIM_OK);
    res_run_t run;
    res_run_defaults(&run);
    run.seed = 1;
    run.script_file = script;
    run.script_digest = digest;
    int64_t id;
    if (res_record_run(s, &run, ss, NSTEPS, &id) != SIM_OK)
        fail_msg("res_record_run: %s", res_errmsg(s));
    res_close(s);
    return id;
}

/* Two runs of one script under two block sizes compare step by step,
 * (step, table) the key and the statement shown; an Oracle spool of the
 * same script imported (no rows, its own block size) pairs with the model's
 * steps under --reference; runs of different scripts, or a script run and
 * a sweep, are refused in one line. */
static void test_script_steps(void **state)
{
    fixture_t *f = *state;
    char db[160];
    snprintf(db, sizeof db, "--db=%s", f->db);
    static const uint64_t a[NSTEPS] = {1000, 1000, 1000}, b[NSTEPS] = {1000, 1000, 2};
    int64_t ra = record_script(f->db, "s.sql", "0123456789abcdef", 8192, a);
    int64_t rb = record_script(f->db, "s.sql", "0123456789abcdef", 16384, b);
    char sa[32], sb[32];
    snprintf(sa, sizeof sa, "%" PRId64, ra);
    snprintf(sb, sizeof sb, "%" PRId64, rb);
    assert_int_equal(lobdiff(f, db, sa, sb, NULL), 1);
    expect_contains(f->stdout_text, "1 statistics changed in 1 of 3 cases");
    expect_words(f->stdout_text, "step 3 T: commit dbms_space.used_blocks 1000 2 -998");
    assert_null(strstr(f->stdout_text, "step 2 T: delete from t dbms_space.used_blocks"));

    /* Oracle's spool of the same script: step 3 only, rows unknown. */
    res_named_value_t figs[] = {{"dbms_space.used_blocks", 990}};
    res_import_session_t is = {.workload = RES_SCRIPT_WORKLOAD,
                               .path = "local",
                               .block_size = 8192,
                               .figures = figs,
                               .nfigures = 1,
                               .step = 3,
                               .statement = "commit",
                               .table = "T"};
    res_import_run_t ir = {.file = "s.lst",
                           .format = "spool",
                           .sessions = &is,
                           .n = 1,
                           .script_file = "s.sql",
                           .script_digest = "0123456789abcdef"};
    res_store_t *s;
    char err[512];
    assert_int_equal(res_open(f->db, 0, &s, err, sizeof err), SIM_OK);
    int64_t ro;
    assert_int_equal(res_record_import(s, &ir, 1, &ro), SIM_OK);
    res_close(s);
    char ref[48], so[32];
    snprintf(ref, sizeof ref, "--reference=%" PRId64, ro);
    snprintf(so, sizeof so, "%" PRId64, ro);
    assert_int_equal(lobdiff(f, db, ref, sa, "--format=json", NULL), 1);
    expect_contains(f->stdout_text, "\"calibration\": true");
    const char *u = strstr(f->stdout_text, "\"name\": \"dbms_space.used_blocks\"");
    assert_non_null(u);
    expect_close(json_number_after(u, "\"name\"", "\"oracle\": "), 990, "oracle");
    expect_close(json_number_after(u, "\"name\"", "\"lobsim\": "), 1000, "lobsim");

    /* Another script: refused, naming both. */
    int64_t rc = record_script(f->db, "other.sql", "fedcba9876543210", 8192, a);
    char sc[32];
    snprintf(sc, sizeof sc, "%" PRId64, rc);
    expect_bad_input(f, "ran other.sql (digest fedcba9876543210): steps of different scripts", db,
                     sa, sc, NULL);
    /* A sweep's run against a script's. */
    res_session_t ss[NCASES];
    make_cases(ss);
    char sw[32];
    snprintf(sw, sizeof sw, "%" PRId64, record(f, COMMIT_A, ss));
    expect_bad_input(f, "base run 1 ran the script s.sql, head run", db, sa, sw, NULL);
}

/* --reference=RUN: a run chosen as the reference becomes the calibration's
 * Oracle side, whatever its source; the shipped measurements are then an
 * ordinary run. */
static void test_reference_option(void **state)
{
    fixture_t *f = *state;
    res_session_t ss[NCASES];
    make_cases(ss);
    load_reference(f->db);
    record(f, COMMIT_A, ss);
    ss[0].stats.v[SIM_STAT_DB_BLOCK_GETS] += 100;
    record(f, COMMIT_B, ss);
    char db[160];
    snprintf(db, sizeof db, "--db=%s", f->db);
    /* Without --reference two lobsim runs diff as runs. */
    assert_int_equal(lobdiff(f, db, "2", "3", NULL), 1);
    assert_null(strstr(f->stdout_text, "calibration"));
    /* With it, run 2 plays Oracle: one RUN is BASE. */
    assert_int_equal(lobdiff(f, db, "--reference=2", "3", NULL), 1);
    expect_contains(f->stdout_text, "lobdiff: calibration of run 3 against the Oracle "
                                    "measurements (run 2)");
    assert_int_equal(lobdiff(f, db, "--reference=2", "3", "--format=json", NULL), 1);
    expect_contains(f->stdout_text, "\"calibration\": true");
    const char *c = strstr(f->stdout_text, "\"path\": \"local\", \"lob_chars\": 2048");
    assert_non_null(c);
    const char *dbg = strstr(c, "\"name\": \"db block gets\"");
    assert_non_null(dbg);
    double oracle = (double)figure(0, 2, SIM_STAT_DB_BLOCK_GETS);
    expect_close(json_number_after(dbg, "\"name\"", "\"oracle\": "), oracle, "oracle");
    expect_close(json_number_after(dbg, "\"name\"", "\"lobsim\": "), oracle + 100, "lobsim");
    /* The shipped measurements named as the other side are then the model's
     * side of the report, not the reference. */
    assert_int_equal(lobdiff(f, db, "--reference=3", "reference", NULL), 1);
    expect_contains(f->stdout_text, "lobdiff: calibration of run 1 against the Oracle "
                                    "measurements (run 3)");
    /* A --reference that is neither side is refused. */
    expect_bad_input(f, "--reference", db, "--reference=1", "2", "3", NULL);
}

/* An imported run's statistics outside the catalogue are listed as not
 * modelled, by their Oracle names. */
static void test_not_modelled_listed(void **state)
{
    fixture_t *f = *state;
    res_session_t ss[NCASES];
    make_cases(ss);
    record(f, COMMIT_A, ss);
    res_named_value_t figs[] = {
        {"db block gets", 15000}, {"redo synch writes", 7}, {"lob writes unaligned", 12}};
    res_import_session_t is = {.workload = "insert",
                               .path = "local",
                               .lob_chars = 2048,
                               .block_size = 8192,
                               .rows = 10000,
                               .figures = figs,
                               .nfigures = 3};
    res_import_run_t ir = {.file = "mine.txt", .format = "sqlplus", .sessions = &is, .n = 1};
    res_store_t *s;
    char err[512];
    if (res_open(f->db, RES_OPEN_CREATE, &s, err, sizeof err) != SIM_OK)
        fail_msg("res_open: %s", err);
    int64_t id;
    if (res_record_import(s, &ir, 1, &id) != SIM_OK)
        fail_msg("res_record_import: %s", res_errmsg(s));
    res_close(s);
    char db[160], ref[32];
    snprintf(db, sizeof db, "--db=%s", f->db);
    snprintf(ref, sizeof ref, "--reference=%lld", (long long)id);
    assert_int_equal(lobdiff(f, db, ref, "1", NULL), 1);
    expect_contains(f->stdout_text, "not modelled: 2 Oracle statistics of the base run lobsim "
                                    "has no figure for:");
    /* Both, in name order, and nothing else: the catalogue's statistic is
     * compared instead. */
    expect_contains(f->stdout_text, "has no figure for: 'lob writes unaligned', "
                                    "'redo synch writes'\n");
    expect_contains(f->stdout_text, "local 2k  db block gets");
}

/* ---- heap statements: the recursive SQL apart ------------------------------ */

/* A full scan session of 8k blocks with its recursive part: 23 single-block
 * reads and 5 calls when the dictionary cache is cold, none when warm. */
static void heap_session(res_session_t *s, res_part_t *part, int cold)
{
    sweep_session(s, 0, 2, 1);
    s->workload = "fts";
    s->params = cold ? "heap.dict_cache=cold heap.pctfree=10"
                     : "heap.dict_cache=warm "
                       "heap.pctfree=10";
    memset(part, 0, sizeof *part);
    part->name = RES_PART_RECURSIVE;
    for (int k = 0; k < SIM_STAT_COUNT; k++)
        s->stats.v[k] = 1000;
    s->stats.v[SIM_STAT_PHYS_READS] = 468 + (cold ? 23 : 0);
    s->stats.v[SIM_STAT_RECURSIVE_CALLS] = cold ? 5 : 0;
    part->stats.v[SIM_STAT_PHYS_READS] = cold ? 23 : 0;
    part->stats.v[SIM_STAT_RECURSIVE_CALLS] = cold ? 5 : 0;
    s->parts = part;
    s->nparts = 1;
}

/* A changed figure of a heap case shows the statement's part and the
 * recursive SQL's, in every format. */
static void test_recursive_parts(void **state)
{
    fixture_t *f = *state;
    res_session_t cold, warm;
    res_part_t pc, pw;
    heap_session(&cold, &pc, 1);
    heap_session(&warm, &pw, 0);
    record_in(f->db, COMMIT_A, "testhost", "heap.dict_cache=cold", &cold, 1);
    record_in(f->db, COMMIT_B, "testhost", "heap.dict_cache=warm", &warm, 1);
    char db[160];
    snprintf(db, sizeof db, "--db=%s", f->db);
    assert_int_equal(lobdiff(f, db, "1", "2", NULL), 1);
    const char *t = f->stdout_text;
    expect_contains(t, "note: model params differ: heap.dict_cache cold -> warm");
    const char *pr = strstr(t, "physical reads  ");
    assert_non_null(pr);
    /* Under the figure: the statement's part, unchanged, then the
     * recursive SQL's, gone. */
    const char *st = strstr(pr, "= statement"), *rec = strstr(pr, "+ recursive SQL");
    assert_non_null(st);
    assert_non_null(rec);
    assert_true(st < rec && strchr(pr, '\n') < st && strchr(strchr(pr, '\n') + 1, '\n') > st);
    expect_words(st, "= statement 468 468 +0 0%\n");
    expect_words(rec, "+ recursive SQL 23 0 -23 -100.0%\n");
    /* A figure the recursive SQL has no part in has no such lines. */
    assert_int_equal(count_of(t, "= statement"), 2); /* physical reads, recursive calls */

    assert_int_equal(lobdiff(f, db, "1", "2", "--format=markdown", NULL), 1);
    expect_contains(f->stdout_text, "| physical reads | 491 | 468 | -23 | -4.7% |\n"
                                    "|   = statement | 468 | 468 | +0 | 0% |\n"
                                    "|   + recursive SQL | 23 | 0 | -23 | -100.0% |\n");

    assert_int_equal(lobdiff(f, db, "1", "2", "--format=json", NULL), 1);
    const char *j = strstr(f->stdout_text, "\"name\": \"physical reads\"");
    assert_non_null(j);
    expect_contains(j, "\"parts\": {\"statement\": {\"base\": 468, \"head\": 468}, "
                       "\"recursive\": {\"base\": 23, \"head\": 0}}");
}

/* Against an Oracle run, the note says which state of the dictionary
 * cache the model's heap cases assumed, and the statement's row compares
 * the statement alone. */
static void test_calibration_dict_cache(void **state)
{
    fixture_t *f = *state;
    res_session_t cold;
    res_part_t pc;
    heap_session(&cold, &pc, 1);
    record_in(f->db, COMMIT_A, "testhost", "heap.dict_cache=cold", &cold, 1);
    res_named_value_t figs[] = {{"physical reads", 470}, {"recursive calls", 0}};
    res_import_session_t is = {.workload = "fts",
                               .path = "local",
                               .lob_chars = 2048,
                               .block_size = 8192,
                               .rows = 10000,
                               .figures = figs,
                               .nfigures = 2};
    res_import_run_t ir = {.file = "fts8k.txt", .format = "autotrace", .sessions = &is, .n = 1};
    res_store_t *s;
    char err[512];
    if (res_open(f->db, RES_OPEN_CREATE, &s, err, sizeof err) != SIM_OK)
        fail_msg("res_open: %s", err);
    int64_t id;
    if (res_record_import(s, &ir, 1, &id) != SIM_OK)
        fail_msg("res_record_import: %s", res_errmsg(s));
    res_close(s);
    char db[160];
    snprintf(db, sizeof db, "--db=%s", f->db);
    assert_int_equal(lobdiff(f, db, "2", "1", NULL), 1);
    const char *t = f->stdout_text;
    expect_contains(t, "note: dictionary cache: the model's 1 heap case assumed "
                       "heap.dict_cache=cold;");
    /* 491 against 470; the statement alone, 468, against 470. */
    expect_words(t, "fts local 2k physical reads 491 470 1.04\n");
    expect_words(t, "\n = statement 468 - 1.00\n");
    expect_words(t, "\n + recursive SQL 23 - -\n");
    assert_int_equal(lobdiff(f, db, "2", "1", "--format=json", NULL), 1);
    expect_contains(f->stdout_text, "heap.dict_cache=cold");
}

/* ---- sweeps: cases of one key told apart by their values ------------------- */

/* Eight cases of one key: users 40 or 60, seeds 1 and 2, two block sizes;
 * figure k of each is its (users, seed, block) and `bump`. */
static void sweep_cases(res_session_t *ss, char params[][64], uint64_t bump)
{
    size_t i = 0;
    for (int u = 0; u < 2; u++)
        for (uint64_t seed = 1; seed <= 2; seed++)
            for (uint32_t bs = 4096; bs <= 8192; bs *= 2, i++) {
                sweep_session(&ss[i], 0, 2, seed);
                ss[i].workload = "rac";
                ss[i].block_size = bs;
                snprintf(params[i], 64, "rac.users=%d rac.lms=2", u ? 60 : 40);
                ss[i].params = params[i];
                for (int k = 0; k < SIM_STAT_COUNT; k++)
                    ss[i].stats.v[k] = (u ? 60 : 40) * 1000 + seed * 100 + bs / 1024 + bump;
            }
}

/* Two sweeps pair value by value; a run of one point pairs with that
 * point only. */
static void test_sweep_variants(void **state)
{
    fixture_t *f = *state;
    res_session_t ss[8];
    char params[8][64];
    sweep_cases(ss, params, 0);
    record_in(f->db, COMMIT_A, "testhost", "rac.users=40", ss, 8);
    sweep_cases(ss, params, 0);
    record_in(f->db, COMMIT_B, "testhost", "rac.users=40", ss, 8);
    char db[160];
    snprintf(db, sizeof db, "--db=%s", f->db);
    /* The same sweep: nothing changed, no case came or went. */
    assert_int_equal(lobdiff(f, db, "1", "2", NULL), 0);
    expect_contains(f->stdout_text, "no statistic changed in 8 cases; no case added or removed");
    /* One point changed in the second: that case, named by its values. */
    sweep_cases(ss, params, 0);
    ss[5].stats.v[SIM_STAT_DB_BLOCK_GETS] += 7; /* users 60, seed 1, 8k */
    record_in(f->db, COMMIT_B, "testhost", "rac.users=40", ss, 8);
    assert_int_equal(lobdiff(f, db, "1", "3", NULL), 1);
    expect_contains(f->stdout_text, "1 statistics changed in 1 of 8 cases");
    expect_words(f->stdout_text, "rac local 2k, rac.users=60 seed=1 db block gets 60108 60115 +7");
    assert_int_equal(lobdiff(f, db, "1", "3", "--format=json", NULL), 1);
    expect_contains(f->stdout_text, "\"variant\": \"rac.users=60 seed=1\"");
    /* A run of one point (users 60, seed 2, 4k) against the sweep. */
    record_in(f->db, COMMIT_B, "testhost", "rac.users=60", &ss[6], 1);
    assert_int_equal(lobdiff(f, db, "1", "4", NULL), 1);
    expect_contains(f->stdout_text, "no statistic changed in 1 cases; 7 cases only in base");
}

/* ---- the plot ----------------------------------------------------------------- */

/* Every element closed in order: enough XML to know a viewer will read it. */
static void expect_well_formed(const char *svg)
{
    const char *stack[64];
    size_t lens[64];
    int depth = 0;
    for (const char *p = strchr(svg, '<'); p; p = strchr(p + 1, '<')) {
        if (p[1] == '?' || p[1] == '!')
            continue;
        const char *end = strchr(p, '>');
        assert_non_null(end);
        if (p[1] == '/') {
            size_t n = strcspn(p + 2, " >");
            if (depth == 0 || lens[depth - 1] != n || strncmp(stack[depth - 1], p + 2, n) != 0)
                fail_msg("unbalanced </%.*s>", (int)n, p + 2);
            depth--;
        } else if (end[-1] != '/') {
            assert_true(depth < 64);
            stack[depth] = p + 1;
            lens[depth++] = strcspn(p + 1, " >");
        }
    }
    assert_int_equal(depth, 0);
}

static void test_plot(void **state)
{
    fixture_t *f = *state;
    res_session_t ss[NCASES];
    make_changed(ss);
    load_reference(f->db);
    record(f, COMMIT_A, ss);
    ss[1].stats.v[SIM_STAT_DSP_ALLOCATIONS] = 750;
    ss[0].stats.v[SIM_STAT_DB_BLOCK_GETS] = 1010;
    record(f, COMMIT_B, ss);
    char db[160], plot[192], svgpath[160];
    snprintf(db, sizeof db, "--db=%s", f->db);
    snprintf(svgpath, sizeof svgpath, "%s/diff.svg", f->dir);
    snprintf(plot, sizeof plot, "--plot=%s", svgpath);
    assert_int_equal(lobdiff(f, db, "latest~1", "latest", plot, NULL), 1);
    char *svg = read_text(svgpath);
    assert_non_null(svg);
    assert_true(strncmp(svg, "<?xml version=\"1.0\"", 19) == 0);
    expect_contains(svg, "<svg xmlns=\"http://www.w3.org/2000/svg\"");
    assert_true(strcmp(svg + strlen(svg) - 7, "</svg>\n") == 0);
    expect_well_formed(svg);
    /* One panel per changed statistic, in catalogue order. */
    assert_int_equal(count_of(svg, "<g class=\"panel\""), 2);
    const char *p1 = strstr(svg, "<g class=\"panel\" data-statistic=\"segment dispenser "
                                 "allocations\">");
    const char *p2 = strstr(svg, "<g class=\"panel\" data-statistic=\"db block gets\">");
    assert_non_null(p1);
    assert_non_null(p2);
    assert_true(p1 < p2);
    /* Base solid, head dashed, both paths; Oracle as markers. */
    expect_contains(p1, "data-path=\"local\" data-style=\"solid\" data-name=\"base (run 2)\"");
    expect_contains(p1, "data-path=\"dblink\" data-style=\"dashed\" data-name=\"head (run 3)\"");
    expect_contains(p1, "data-path=\"local\" data-style=\"markers\" data-name=\"Oracle (run 1)\"");
    /* Axes labelled with the LOB sizes and values. */
    expect_contains(p1, ">2k</text>");
    expect_contains(p1, ">256k</text>");
    expect_contains(p1, ">LOB size (characters)</text>");
    expect_contains(p1, ">10k</text>");
    /* The legend names each line once. */
    assert_int_equal(count_of(svg, ">local base (run 2)</text>"), 1);
    assert_int_equal(count_of(svg, ">dblink head (run 3)</text>"), 1);
    free(svg);

    /* With --all a panel for every statistic. */
    assert_int_equal(lobdiff(f, db, "latest~1", "latest", plot, "--all", "--format=json", NULL), 1);
    svg = read_text(svgpath);
    assert_int_equal(count_of(svg, "<g class=\"panel\""), SIM_STAT_COUNT);
    expect_well_formed(svg);
    free(svg);
    /* Nothing is left beside it. */
    DIR *d = opendir(f->dir);
    struct dirent *e;
    while ((e = readdir(d)) != NULL)
        assert_null(strstr(e->d_name, ".tmp"));
    closedir(d);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_run_selection, setup, teardown),
        cmocka_unit_test_setup_teardown(test_identical_runs, setup, teardown),
        cmocka_unit_test_setup_teardown(test_changed_counter, setup, teardown),
        cmocka_unit_test_setup_teardown(test_absent_statistics_skipped, setup, teardown),
        cmocka_unit_test_setup_teardown(test_added_and_removed_cases, setup, teardown),
        cmocka_unit_test_setup_teardown(test_params_and_hosts_named, setup, teardown),
        cmocka_unit_test_setup_teardown(test_only_in_lists, setup, teardown),
        cmocka_unit_test_setup_teardown(test_json_names_workload, setup, teardown),
        cmocka_unit_test_setup_teardown(test_workload_order, setup, teardown),
        cmocka_unit_test_setup_teardown(test_mann_whitney, setup, teardown),
        cmocka_unit_test_setup_teardown(test_times_need_two_samples, setup, teardown),
        cmocka_unit_test_setup_teardown(test_bad_input, setup, teardown),
        cmocka_unit_test_setup_teardown(test_markdown_shape, setup, teardown),
        cmocka_unit_test_setup_teardown(test_markdown_escapes_bars, setup, teardown),
        cmocka_unit_test_setup_teardown(test_calibration, setup, teardown),
        cmocka_unit_test_setup_teardown(test_reference_option, setup, teardown),
        cmocka_unit_test_setup_teardown(test_script_steps, setup, teardown),
        cmocka_unit_test_setup_teardown(test_not_modelled_listed, setup, teardown),
        cmocka_unit_test_setup_teardown(test_long_param_list, setup, teardown),
        cmocka_unit_test_setup_teardown(test_recursive_parts, setup, teardown),
        cmocka_unit_test_setup_teardown(test_calibration_dict_cache, setup, teardown),
        cmocka_unit_test_setup_teardown(test_sweep_variants, setup, teardown),
        cmocka_unit_test_setup_teardown(test_plot, setup, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
