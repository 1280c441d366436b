/*
 * test_lobreport.c -- lobsim_lobreport in process: the history read from a
 * store the test records, and the page written from it, in the order of the
 * store's workloads (its table `workloads`), whatever their names; what
 * changed between runs in words (parameters, else the commit); a sweep's
 * points apart; runs at one commit told apart; a heap family's series named
 * by block size; statistics zero in every run listed, not drawn; Oracle's
 * imported runs with their label and file; the rac AWR charts and the
 * calibration plot by value, read off their axes as a reader reads them,
 * against figures worked by hand.  The page as Chromium lays it out
 * is tests/lobreport_page.sh's.
 *
 * Every test works in its own mkdtemp directory, removed afterwards.
 */
#define _POSIX_C_SOURCE 200809L

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "store_util.h"

#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lobreport_int.h"
#include "results.h"

#include "session_util.h"

static int setup(void **state)
{
    return store_dir_setup(state, "lobreport");
}

static int teardown(void **state)
{
    return store_dir_teardown(state);
}

/* The program's list, as test data: not alphabetical. */
static const res_workload_t list[] = {{"insert", "lob", NULL},
                                      {"scan", "lob", NULL},
                                      {"rows", "lob", NULL},
                                      {"cluster", "lob", NULL}};

/* A run of five workloads, one of them ("alpha") not in the list, two paths
 * each, recorded in an order that is neither the list's nor the names'. */
static void record_run(const char *db)
{
    static const char *const wl[] = {"cluster", "alpha", "scan", "insert", "rows"};
    res_session_t ss[10];
    for (size_t i = 0; i < 10; i++) {
        sweep_session(&ss[i], (int)(i % 2), 2, 1);
        ss[i].workload = wl[i / 2];
        ss[i].stats.v[SIM_STAT_DB_BLOCK_GETS] = 100 + i;
    }
    res_store_t *s;
    char err[512];
    if (res_open(db, RES_OPEN_CREATE, &s, err, sizeof err) != SIM_OK)
        fail_msg("res_open: %s", err);
    assert_int_equal(res_set_workloads(s, list, sizeof list / sizeof list[0]), SIM_OK);
    res_run_t run;
    res_run_defaults(&run);
    run.seed = 1;
    if (res_record_run(s, &run, ss, 10, NULL) != SIM_OK)
        fail_msg("res_record_run: %s", res_errmsg(s));
    res_close(s);
}

static char *read_text(const char *path)
{
    FILE *fp = fopen(path, "rb");
    assert_non_null(fp);
    assert_int_equal(fseek(fp, 0, SEEK_END), 0);
    long n = ftell(fp);
    assert_true(n > 0);
    rewind(fp);
    char *b = malloc((size_t)n + 1);
    assert_non_null(b);
    assert_int_equal(fread(b, 1, (size_t)n, fp), (size_t)n);
    b[n] = '\0';
    fclose(fp);
    return b;
}

static void test_workload_order(void **state)
{
    store_dir_t *f = *state;
    record_run(f->db);
    rpt_history_t *h;
    char err[1024];
    if (rpt_history_load(f->db, &h, err, sizeof err) != SIM_OK)
        fail_msg("rpt_history_load: %s", err);
    char order[256] = "";
    for (size_t i = 0; i < h->ncases; i++) {
        size_t used = strlen(order);
        snprintf(order + used, sizeof order - used, "%s/%s ", h->cases[i].workload,
                 h->cases[i].path);
    }
    assert_string_equal(order, "insert/local insert/dblink scan/local scan/dblink rows/local "
                               "rows/dblink cluster/local cluster/dblink alpha/local "
                               "alpha/dblink ");

    /* The page's sections, one per workload and path, in the same order. */
    if (rpt_site_write(h, f->db, f->dir, err, sizeof err) != SIM_OK)
        fail_msg("rpt_site_write: %s", err);
    rpt_history_destroy(h);
    char page[160];
    snprintf(page, sizeof page, "%s/index.html", f->dir);
    char *html = read_text(page);
    static const char *const want[] = {
        "insert-local", "insert-dblink", "scan-local",     "scan-dblink", "rows-local",
        "rows-dblink",  "cluster-local", "cluster-dblink", "alpha-local", "alpha-dblink"};
    const char *at = html;
    for (size_t i = 0; i < sizeof want / sizeof want[0]; i++) {
        char id[64];
        snprintf(id, sizeof id, "<section class=\"group\" id=\"%s\" ", want[i]);
        const char *next = strstr(html, id);
        if (!next || next < at)
            fail_msg("section %s missing or out of order", want[i]);
        at = next;
    }
    free(html);
}

/* The page goes beside its store by default, never into the source tree's
 * lobreport/ folder; --out wins. */
/* rpt_parse_args() without arguments: the default --out. */
static void expect_plain_out(const char *want)
{
    rpt_opts_t o;
    char err[256] = "";
    char *args[] = {"lobreport", NULL};
    assert_int_equal(rpt_parse_args(1, args, &o, err, sizeof err), 0);
    assert_string_equal(o.out, want);
}

static void test_default_out(void **state)
{
    (void)state;
    /* Without --db, beside the default store (sim/where.c): the user's own
     * outside a source tree, results/history.db in one. */
    const char *was = getenv("XDG_DATA_HOME");
    char *saved = was ? strdup(was) : NULL;
    assert_int_equal(setenv("XDG_DATA_HOME", "/srv/xdg", 1), 0);
    expect_plain_out("/srv/xdg/lobsim/report");
    char tree[] = "/tmp/lobreport-tree.XXXXXX", sub[64], cwd[4096];
    assert_non_null(mkdtemp(tree));
    snprintf(sub, sizeof sub, "%s/results", tree);
    assert_int_equal(mkdir(sub, 0700), 0);
    snprintf(sub, sizeof sub, "%s/results/reference", tree);
    assert_int_equal(mkdir(sub, 0700), 0);
    assert_non_null(getcwd(cwd, sizeof cwd));
    assert_int_equal(chdir(tree), 0);
    expect_plain_out("results/report");
    assert_int_equal(chdir(cwd), 0);
    remove_tree(tree);
    assert_int_equal(saved ? setenv("XDG_DATA_HOME", saved, 1) : unsetenv("XDG_DATA_HOME"), 0);
    free(saved);

    static const struct {
        char *args[3];
        const char *out;
    } cases[] = {
        {{"lobreport", "--db=/srv/runs/h.db", NULL}, "/srv/runs/report"},
        {{"lobreport", "--db=h.db", NULL}, "./report"},
        {{"lobreport", "--db=h.db", "--out=site"}, "site"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        rpt_opts_t o;
        char err[256] = "";
        int argc = cases[i].args[2] ? 3 : cases[i].args[1] ? 2 : 1;
        assert_int_equal(rpt_parse_args(argc, cases[i].args, &o, err, sizeof err), 0);
        assert_string_equal(o.out, cases[i].out);
    }
}

/* ---- what changed ------------------------------------------------------------ */

static void test_param_changes(void **state)
{
    (void)state;
    char out[256];
    assert_int_equal(rpt_param_changes("a=1 b=2", "a=1 b=2", NULL, 8, out, sizeof out), 0);
    assert_string_equal(out, "");
    /* b's order, then the names b lacks. */
    assert_int_equal(rpt_param_changes("a=1 b=2 c=3", "a=1 d=4 b=5", NULL, 8, out, sizeof out), 3);
    assert_string_equal(out, "d (none) → 4, b 2 → 5, c 3 → (none)");
    assert_int_equal(rpt_param_changes("a=1 b=2 c=3", "a=1 d=4 b=5", NULL, 1, out, sizeof out), 3);
    assert_string_equal(out, "d (none) → 4 and 2 more");
    /* A sweep's names are its own, not changes. */
    assert_int_equal(
        rpt_param_changes("a=1 b=2", "a=7 b=5", "b 5, 6; seed 1, 2", 8, out, sizeof out), 1);
    assert_string_equal(out, "a 1 → 7");
    /* Too short: cut at a change's end, never in one. */
    char small[12];
    assert_int_equal(rpt_param_changes("a=1 b=2", "a=7 b=5", NULL, 8, small, sizeof small), 2);
    assert_string_equal(small, "a 1 → 7");
    char v[16];
    assert_int_equal(rpt_param_value("x=1 dsp.y=abc", "dsp.y", v, sizeof v), 1);
    assert_string_equal(v, "abc");
    assert_int_equal(rpt_param_value("x=1 dsp.y=abc", "y", v, sizeof v), 0);
}

/* Record one run of n sessions, started at `started` (0: the default) with
 * dirtiness `dirty`; returns its id. */
static int64_t record_run_at(const char *db, const res_workload_t *w, size_t nw, const char *commit,
                             int dirty, int64_t started, const char *params,
                             const res_session_t *ss, size_t n)
{
    res_store_t *s;
    char err[512];
    if (res_open(db, RES_OPEN_CREATE, &s, err, sizeof err) != SIM_OK)
        fail_msg("res_open: %s", err);
    if (nw)
        assert_int_equal(res_set_workloads(s, w, nw), SIM_OK);
    res_run_t run;
    res_run_defaults(&run);
    run.seed = 1;
    if (started)
        run.started = started;
    run.git_commit = commit;
    run.git_dirty = dirty;
    run.params = params;
    int64_t id;
    if (res_record_run(s, &run, ss, n, &id) != SIM_OK)
        fail_msg("res_record_run: %s", res_errmsg(s));
    res_close(s);
    return id;
}

/* Record one clean run of n sessions; returns its id. */
static int64_t record(const char *db, const res_workload_t *w, size_t nw, const char *commit,
                      const char *params, res_session_t *ss, size_t n)
{
    return record_run_at(db, w, nw, commit, 0, 0, params, ss, n);
}

/* Import an Oracle run of one insert/local session at kchars with one
 * figure, db block gets = gets, from `file`. */
static void import_oracle(const char *db, uint64_t kchars, int64_t gets, const char *file,
                          const char *label)
{
    res_store_t *s;
    char err[512];
    if (res_open(db, RES_OPEN_CREATE, &s, err, sizeof err) != SIM_OK)
        fail_msg("res_open: %s", err);
    res_named_value_t fig = {"db block gets", gets};
    res_import_session_t is = {.workload = "insert",
                               .path = "local",
                               .lob_chars = kchars * 1024,
                               .block_size = SIM_REF_BLOCK_SIZE,
                               .rows = SIM_REF_ROWS,
                               .figures = &fig,
                               .nfigures = 1};
    res_import_run_t ir = {
        .file = file, .format = "sqlplus", .label = label, .sessions = &is, .n = 1};
    if (res_record_import(s, &ir, 1, NULL) != SIM_OK)
        fail_msg("res_record_import: %s", res_errmsg(s));
    res_close(s);
}

static rpt_history_t *load(const char *db)
{
    rpt_history_t *h;
    char err[1024];
    if (rpt_history_load(db, &h, err, sizeof err) != SIM_OK)
        fail_msg("rpt_history_load: %s", err);
    return h;
}

static char *page_of(const rpt_history_t *h, const store_dir_t *f)
{
    char err[1024], page[160];
    if (rpt_site_write(h, f->db, f->dir, err, sizeof err) != SIM_OK)
        fail_msg("rpt_site_write: %s", err);
    snprintf(page, sizeof page, "%s/index.html", f->dir);
    return read_text(page);
}

static const rpt_case_t *find_case(const rpt_history_t *h, uint64_t kchars, const char *variant)
{
    for (size_t i = 0; i < h->ncases; i++)
        if (h->cases[i].lob_chars == kchars * 1024 && strcmp(h->cases[i].variant, variant) == 0)
            return &h->cases[i];
    fail_msg("no case %" PRIu64 "k '%s'", kchars, variant);
    return NULL;
}

/* Three runs at one commit: the second changes a parameter, the third is a
 * sweep of it over two seeds.  Each run its own x label; the step at the
 * second labelled by the parameter, not the commit; the sweep's points
 * cases of their own, the sweep in words. */
static void test_one_commit(void **state)
{
    store_dir_t *f = *state;
    static const char commit[] = "abcdef0123456789abcdef0123456789abcdef01";
    res_session_t ss[4];
    sweep_session(&ss[0], 0, 2, 1);
    ss[0].params = "dsp.d=256 other=1";
    ss[0].stats.v[SIM_STAT_DSP_ALLOCATIONS] = 100;
    record(f->db, NULL, 0, commit, ss[0].params, ss, 1);
    ss[0].params = "dsp.d=512 other=1";
    ss[0].stats.v[SIM_STAT_DSP_ALLOCATIONS] = 50;
    record(f->db, NULL, 0, commit, ss[0].params, ss, 1);
    static const char *const sweep[] = {"dsp.d=128 other=1", "dsp.d=256 other=1"};
    for (size_t i = 0; i < 4; i++) {
        sweep_session(&ss[i], 0, 2, 1 + i % 2);
        ss[i].params = sweep[i / 2];
        ss[i].stats.v[SIM_STAT_DSP_ALLOCATIONS] = 10 + i;
    }
    record(f->db, NULL, 0, commit, sweep[0], ss, 4);

    rpt_history_t *h = load(f->db);
    assert_int_equal(h->nruns, 3);
    for (size_t x = 0; x < 3; x++) {
        char want[48];
        snprintf(want, sizeof want, "abcdef0 r%" PRId64, h->runs[x].run);
        assert_string_equal(h->runs[x].label, want);
    }
    assert_null(h->runs[1].sweep);
    assert_string_equal(h->runs[2].sweep, "dsp.d 128, 256; seed 1, 2");
    const rpt_case_t *c = find_case(h, 2, "");
    char label[256];
    rpt_step_label(h, c, 0, 1, label, sizeof label);
    assert_string_equal(label, "dsp.d 256 → 512");
    /* The sweep's points apart, each once. */
    assert_int_equal(h->ncases, 5);
    const rpt_case_t *p = find_case(h, 2, "dsp.d=256 seed=2");
    assert_true(isnan(p->values[0 * SIM_STAT_COUNT + SIM_STAT_DSP_ALLOCATIONS]));
    assert_true(p->values[2 * SIM_STAT_COUNT + SIM_STAT_DSP_ALLOCATIONS] == 13);
    assert_int_equal(rpt_previous_run(h, 2), 1);
    assert_int_equal(rpt_previous_run(h, 0), SIZE_MAX);

    char *html = page_of(h, f);
    assert_non_null(strstr(html, "<title>dsp.d 256 → 512</title>"));
    assert_null(strstr(html, "(commit not in this repository)</title>"));
    assert_non_null(strstr(html, "data-name=\"2k dsp.d=128 seed=1\""));
    assert_non_null(strstr(html, "<b>sweep</b>: dsp.d 128, 256; seed 1, 2"));
    free(html);
    rpt_history_destroy(h);
}

/* Same parameters, another commit: the step is the commit's; one git does
 * not know is said so. */
static void test_commit_step(void **state)
{
    store_dir_t *f = *state;
    res_session_t s;
    sweep_session(&s, 0, 2, 1);
    s.params = "dsp.d=256";
    s.stats.v[SIM_STAT_DSP_ALLOCATIONS] = 100;
    record(f->db, NULL, 0, "1111111111111111111111111111111111111111", s.params, &s, 1);
    s.stats.v[SIM_STAT_DSP_ALLOCATIONS] = 200;
    record(f->db, NULL, 0, "2222222222222222222222222222222222222222", s.params, &s, 1);
    rpt_history_t *h = load(f->db);
    char label[256];
    rpt_step_label(h, find_case(h, 2, ""), 0, 1, label, sizeof label);
    assert_string_equal(label, "2222222 (commit not in this repository)");
    rpt_history_destroy(h);
    /* Two parameters changed: both named, before the commit. */
    s.params = "dsp.d=512 e=1";
    record(f->db, NULL, 0, "3333333333333333333333333333333333333333", s.params, &s, 1);
    h = load(f->db);
    rpt_step_label(h, find_case(h, 2, ""), 1, 2, label, sizeof label);
    assert_string_equal(label, "dsp.d 256 → 512, e (none) → 1");
    rpt_history_destroy(h);
}

/* A heap family's section: a series per block size, named so; rows and LOB
 * size said once or not at all; a statistic zero in every run listed in a
 * line, not drawn. */
static void test_heap_family(void **state)
{
    store_dir_t *f = *state;
    static const res_workload_t wl[] = {{"fts", "heap", "Heap full scan"}};
    res_session_t ss[2];
    for (size_t i = 0; i < 2; i++) {
        sweep_session(&ss[i], 0, 2, 1);
        ss[i].workload = "fts";
        ss[i].block_size = 8192u << i;
        ss[i].rows = 10000000;
        ss[i].stats.v[SIM_STAT_CONSISTENT_GETS] = 1000 >> i;
    }
    record(f->db, wl, 1, NULL, NULL, ss, 2);
    rpt_history_t *h = load(f->db);
    assert_string_equal(h->cases[0].family, "heap");
    assert_string_equal(h->runs[0].label, "r1");
    char *html = page_of(h, f);
    assert_non_null(strstr(html, "data-family=\"heap\""));
    assert_non_null(strstr(html, "<small>Heap full scan</small>"));
    assert_non_null(strstr(html, "data-name=\"8k blocks\""));
    assert_non_null(strstr(html, "data-name=\"16k blocks\""));
    assert_null(strstr(html, "rows\""));
    assert_non_null(strstr(html, "10000000 rows, a line per block size"));
    assert_non_null(strstr(html, "id=\"chart-fts-local-consistent-gets\""));
    assert_null(strstr(html, "id=\"chart-fts-local-db-block-gets\""));
    const char *zeros = strstr(html, "<p class=\"zeros\">Zero in every run (");
    assert_non_null(zeros);
    assert_non_null(strstr(zeros, "db block gets"));
    free(html);
    rpt_history_destroy(h);
}

/* An imported Oracle run: its label and file in the runs table, never "-". */
static void test_oracle_row(void **state)
{
    store_dir_t *f = *state;
    import_oracle(f->db, 8, 42, "/data/awr/tuesday.txt", "tuesday's run");
    rpt_history_t *h = load(f->db);
    assert_string_equal(h->runs[0].label, "Oracle r1");
    char *html = page_of(h, f);
    assert_non_null(strstr(html, "<td class=\"file\"><code title=\"/data/awr/tuesday.txt\">"
                                 "tuesday.txt</code> sqlplus</td>"));
    assert_non_null(strstr(html, "<td class=\"subject\">tuesday's run</td>"));
    assert_null(strstr(html, "<th>#</th>"));
    free(html);
    rpt_history_destroy(h);
}

/* What the page plots, by value: the time per statement in microseconds
 * is the wall time's (2000 us), not the CPU time's (1500 us), and its
 * whiskers the wall samples' range (1900 .. 2150 us), whatever their
 * order; a statistic Oracle's run lacks is NAN (no point), not 0.  The
 * runs: Oracle's first, then the model's by time (a run recorded later
 * but started earlier comes first), each labelled by its commit, with a
 * "+" for uncommitted changes; a step with the same commit and parameters
 * but uncommitted changes says so. */
static void test_times_and_order(void **state)
{
    store_dir_t *f = *state;
    static const char c1[] = "1111111111111111111111111111111111111111";
    double real[3] = {2150000, 1900000, 1950000}, cpu[3] = {1600000, 1400000, 1500000};
    res_session_t s;
    sweep_session(&s, 0, 2, 1);
    s.stats.v[SIM_STAT_DB_BLOCK_GETS] = 7;
    s.timed = 1;
    s.timing.iterations = 10;
    s.timing.repetitions = 3;
    s.timing.nsamples = 3;
    s.timing.real_time_ns = 2000000;
    s.timing.cpu_time_ns = 1500000;
    s.timing.real_samples_ns = real;
    s.timing.cpu_samples_ns = cpu;
    /* Recorded first, started last. */
    record_run_at(f->db, NULL, 0, c1, 1, 1700000200, NULL, &s, 1);
    record_run_at(f->db, NULL, 0, c1, 0, 1700000100, NULL, &s, 1);
    import_oracle(f->db, 2, 42, "/data/oracle.txt", "Oracle");

    rpt_history_t *h = load(f->db);
    assert_int_equal(h->nruns, 3);
    assert_string_equal(h->runs[0].label, "Oracle r3");
    assert_string_equal(h->runs[1].label, "1111111 r2");
    assert_string_equal(h->runs[2].label, "1111111+ r1");
    const rpt_case_t *c = find_case(h, 2, "");
    assert_true(c->values[0 * SIM_STAT_COUNT + SIM_STAT_DB_BLOCK_GETS] == 42);
    assert_true(isnan(c->values[0 * SIM_STAT_COUNT + SIM_STAT_CONSISTENT_GETS]));
    assert_true(isnan(c->t_mean[0]));
    for (size_t x = 1; x < 3; x++) {
        assert_true(c->values[x * SIM_STAT_COUNT + SIM_STAT_DB_BLOCK_GETS] == 7);
        assert_true(c->values[x * SIM_STAT_COUNT + SIM_STAT_CONSISTENT_GETS] == 0);
        assert_true(c->t_mean[x] == 2000);
        assert_true(c->t_lo[x] == 1900);
        assert_true(c->t_hi[x] == 2150);
    }
    assert_int_equal(rpt_previous_run(h, 2), 1);
    char label[256];
    rpt_step_label(h, c, 1, 2, label, sizeof label);
    assert_string_equal(label, "1111111+ r1: uncommitted changes");
    rpt_step_label(h, c, 2, 1, label, sizeof label);
    assert_string_equal(label, "1111111 r2: same commit and parameters");
    rpt_history_destroy(h);
}

/* The runs table: each run's workloads are those it ran, not the page's;
 * a commit is shown as recorded, "+uncommitted" only when the run said so
 * (not when git could not tell), "(unknown)" when there is none. */
static void test_runs_table(void **state)
{
    store_dir_t *f = *state;
    static const res_workload_t wl[] = {{"insert", "lob", NULL}, {"scan", "lob", NULL}};
    res_session_t s;
    sweep_session(&s, 0, 2, 1);
    s.stats.v[SIM_STAT_DB_BLOCK_GETS] = 7;
    int64_t a = record_run_at(f->db, wl, 2, NULL, -1, 1700000100, NULL, &s, 1);
    s.workload = "scan";
    int64_t b = record_run_at(f->db, NULL, 0, "2222222222222222222222222222222222222222", -1,
                              1700000200, NULL, &s, 1);
    int64_t c = record_run_at(f->db, NULL, 0, "3333333333333333333333333333333333333333", 1,
                              1700000300, NULL, &s, 1);
    rpt_history_t *h = load(f->db);
    char *html = page_of(h, f);
    static const struct {
        const char *commit, *workloads;
    } want[] = {
        {"(unknown)", "insert"}, {"222222222222", "scan"}, {"333333333333 +uncommitted", "scan"}};
    int64_t id[] = {a, b, c};
    for (size_t i = 0; i < 3; i++) {
        char row[64], cells[256];
        snprintf(row, sizeof row, "<tr data-run=\"%" PRId64 "\">", id[i]);
        const char *r = strstr(html, row);
        assert_non_null(r);
        snprintf(cells, sizeof cells, "\">%s</code></td>", want[i].commit);
        const char *end = strstr(r, "</tr>"), *at = strstr(r, cells);
        if (!at || at > end)
            fail_msg("run %" PRId64 ": commit cell not '%s': %.*s", id[i], want[i].commit,
                     (int)(end - r), r);
        snprintf(cells, sizeof cells, "<td>%s</td>", want[i].workloads);
        at = strstr(r, cells);
        if (!at || at > end)
            fail_msg("run %" PRId64 ": workloads not '%s': %.*s", id[i], want[i].workloads,
                     (int)(end - r), r);
    }
    free(html);
    rpt_history_destroy(h);
}

/* ---- the charts' values, as a reader reads them off the axes ----------------- */

/* The value a tick label stands for: on a value axis "20k" 20000, "0.5",
 * "2M"; on the LOB-size axis (lob), in K characters, "8k" 8, "1m" 1024,
 * "512" 0.5. */
static double tick_value(const char *lab, int lob)
{
    char *end;
    double v = strtod(lab, &end);
    if (lob)
        return *end == 'k' ? v : *end == 'm' ? v * 1024 : v / 1024;
    return *end == 'k' ? v * 1e3 : *end == 'M' ? v * 1e6 : *end == 'G' ? v * 1e9 : v;
}

/* A log axis: its first and last labelled ticks, where they are and what
 * they say. */
typedef struct {
    double at0, v0, at1, v1;
} axis_t;

/* The labelled ticks of text[0, len): the <text> elements that match fmt
 * (x, y, label): the LOB-size axis at x (by_x), a value axis at y - dy
 * (the label's baseline is dy below its tick's line). */
static axis_t read_axis(const char *text, size_t len, const char *fmt, int by_x, double dy)
{
    axis_t a = {0, 0, 0, 0};
    int n = 0;
    for (const char *t = strstr(text, "<text "); t && t < text + len; t = strstr(t + 1, "<text ")) {
        double x, y;
        char lab[32];
        if (sscanf(t, fmt, &x, &y, lab) != 3)
            continue;
        double at = by_x ? x : y - dy;
        if (n++ == 0) {
            a.at0 = at;
            a.v0 = tick_value(lab, by_x);
        }
        a.at1 = at;
        a.v1 = tick_value(lab, by_x);
    }
    if (n < 2 || a.at0 == a.at1)
        fail_msg("fewer than two labelled ticks matching %s", fmt);
    return a;
}

/* The value at position p on axis a (log scale). */
static double axis_value(const axis_t *a, double p)
{
    double l0 = log10(a->v0), l1 = log10(a->v1);
    return pow(10, l0 + (p - a->at0) / (a->at1 - a->at0) * (l1 - l0));
}

/* text from `open` (which must occur after from) to the first `close`
 * after it; *len its length. */
static const char *element(const char *from, const char *open, const char *close, size_t *len)
{
    const char *s = strstr(from, open);
    if (!s)
        fail_msg("no %s", open);
    const char *e = strstr(s, close);
    assert_non_null(e);
    *len = (size_t)(e - s);
    return s;
}

/* The y of every point of the series named `name` in svg[0, len), in
 * order: circles at their centre, Oracle's diamonds (path d="M x y-off")
 * at their middle.  Returns their count. */
static size_t series_points(const char *svg, size_t len, const char *series_open, double *x,
                            double *y, size_t max)
{
    size_t glen, n = 0;
    const char *s = element(svg, series_open, "</g>", &glen);
    assert_true(s < svg + len);
    for (const char *p = s; p && p < s + glen && n < max; p++) {
        double px, py, top = -1;
        if (sscanf(p, "<circle cx=\"%lf\" cy=\"%lf\"", &px, &py) == 2)
            top = 0;
        else if (sscanf(p, "<path class=\"oracle\" d=\"M%lf %lf", &px, &py) == 2)
            top = 5; /* history.c: a diamond's top is 5 above its point */
        else if (sscanf(p, "<path d=\"M%lf %lf", &px, &py) == 2)
            top = 4.5; /* plot.c: 4.5 */
        if (top < 0)
            continue;
        x[n] = px;
        y[n++] = py + top;
    }
    return n;
}

/* A rac run's AWR charts, read off their axes: each the figure worked by
 * hand from the session's totals (rac_figures(): over two instances AWR
 * counts what one sends and the other receives, twice the statistic),
 * over 2 s:
 *
 *   interconnect     2 * 10,240,000 B / 1024 / 2 s       10,000 KB/s
 *   GCS/GES msgs     2 * (3000 + 1000) / 2 s               4000 /s
 *   blocks served    2 * (600 + 1400) / 2 s                2000 /s
 *   CR received      600 / 2 s                              300 /s
 *   current recvd    1400 / 2 s                             700 /s
 *   transactions     60 * 500 commits / 2 s              15,000 /min
 *   waits            cluster 0.9 s, commit 0.3 s, system I/O 0.1 s, user
 *                    I/O 0.05 s, DB CPU 1.6 s, each over 2 s.
 *
 * Every figure differs from the others, so a chart showing its neighbour's
 * figure cannot pass. */
static void test_rac_awr_values(void **state)
{
    store_dir_t *f = *state;
    static const res_workload_t wl[] = {{"rac", "rac", "two instances"}};
    res_session_t s;
    sweep_session(&s, 0, 2, 1);
    s.workload = "rac";
    s.rows = 1000;
    uint64_t *v = s.stats.v;
    v[SIM_STAT_ELAPSED_MICRO] = 2000000;
    v[SIM_STAT_INTERCONNECT_BYTES] = 10240000;
    v[SIM_STAT_GCS_MESSAGES] = 3000;
    v[SIM_STAT_GES_MESSAGES] = 1000;
    v[SIM_STAT_GC_CR_RECEIVED] = 600;
    v[SIM_STAT_GC_CURRENT_RECEIVED] = 1400;
    v[SIM_STAT_USER_COMMITS] = 500;
    v[SIM_STAT_CLUSTER_MICRO] = 900000;
    v[SIM_STAT_COMMIT_MICRO] = 300000;
    v[SIM_STAT_SYSTEM_IO_MICRO] = 100000;
    v[SIM_STAT_USER_IO_MICRO] = 50000;
    v[SIM_STAT_DB_CPU_MICRO] = 1600000;
    record(f->db, wl, 1, NULL, NULL, &s, 1);
    static const struct {
        const char *id;
        double want;
        const char *axis; /* the value axis's title */
    } fig[] = {
        {"estd-interconnect-traffic-in-kb-per-second", 10000, "KB per second"},
        {"gcs-ges-messages-sent-and-received-per-second", 4000, "messages per second"},
        {"global-cache-blocks-served-and-received-per-second", 2000, "blocks per second"},
        {"cr-blocks-received-per-second", 300, "blocks per second"},
        {"current-blocks-received-per-second", 700, "blocks per second"},
        {"transactions-per-minute", 15000, "transactions per minute"},
        {"cluster-wait-class-seconds-waited-per-second", 0.45, "seconds waited per second"},
        {"commit-wait-class-seconds-waited-per-second", 0.15, "seconds waited per second"},
        {"system-i-o-wait-class-seconds-waited-per-second", 0.05, "seconds waited per second"},
        {"user-i-o-wait-class-seconds-waited-per-second", 0.025, "seconds waited per second"},
        {"db-cpu-seconds-per-second", 0.8, "seconds per second"},
    };
    rpt_history_t *h = load(f->db);
    char *html = page_of(h, f);
    for (size_t i = 0; i < sizeof fig / sizeof fig[0]; i++) {
        char open[160];
        snprintf(open, sizeof open, "id=\"awr-rac-local-%s\"", fig[i].id);
        size_t len;
        const char *svg = element(html, open, "</svg>", &len);
        axis_t a =
            read_axis(svg, len, "<text x=\"%lf\" y=\"%lf\" text-anchor=\"end\">%31[^<]", 0, 4);
        double x, y;
        assert_int_equal(
            series_points(svg, len, "<g class=\"series\" data-name=\"8k blocks\">", &x, &y, 1), 1);
        double got = axis_value(&a, y);
        if (fabs(got - fig[i].want) > 0.005 * fig[i].want)
            fail_msg("%s: the chart shows %g, worked by hand %g", fig[i].id, got, fig[i].want);
        char title[96];
        snprintf(title, sizeof title, ">%s</text>", fig[i].axis);
        const char *yu = strstr(svg, "class=\"yunit\"");
        if (yu == NULL || yu > svg + len || strncmp(strchr(yu, '>'), title, strlen(title)) != 0)
            fail_msg("%s: the value axis is not titled '%s'", fig[i].id, fig[i].axis);
    }
    /* A statistic's chart: its value axis titled with the statistic's unit. */
    size_t len;
    const char *svg = element(html, "id=\"chart-rac-local-user-commits\"", "</svg>", &len);
    const char *yu = strstr(svg, "class=\"yunit\"");
    assert_true(yu != NULL && yu < svg + len);
    assert_non_null(strstr(yu, ">count</text>"));
    svg = element(html, "id=\"chart-rac-local-cluster-time-waited-micro\"", "</svg>", &len);
    yu = strstr(svg, "class=\"yunit\"");
    assert_true(yu != NULL && yu < svg + len);
    assert_non_null(strstr(yu, ">microseconds</text>"));
    free(html);
    rpt_history_destroy(h);
}

/* Load a reference CSV (as lobbench loads the shipped one) of insert/local
 * at 8k and 32k, db block gets g8 and g32, written as `name` in the test's
 * directory; the run's id. */
static int64_t load_reference(const store_dir_t *f, const char *name, int g8, int g32)
{
    char csv[160];
    snprintf(csv, sizeof csv, "%s/%s", f->dir, name);
    FILE *fp = fopen(csv, "w");
    assert_non_null(fp);
    fprintf(fp,
            "path,lob_kchars,statistic,value\nlocal,8,\"db block gets\",%d\n"
            "local,32,\"db block gets\",%d\n",
            g8, g32);
    assert_int_equal(fclose(fp), 0);
    res_store_t *s;
    char err[512];
    if (res_open(f->db, RES_OPEN_CREATE, &s, err, sizeof err) != SIM_OK)
        fail_msg("res_open: %s", err);
    int64_t id;
    if (res_load_reference(s, csv, &id) != SIM_OK)
        fail_msg("res_load_reference: %s", res_errmsg(s));
    res_close(s);
    return id;
}

/* The calibration plot, read off its axes: against the newest of two
 * reference runs (its title says which, its diamonds are its figures), the
 * model's figures at their LOB sizes (each point above the tick that names
 * its size), both by value. */
static void test_calibration_values(void **state)
{
    store_dir_t *f = *state;
    res_session_t ss[2];
    for (size_t i = 0; i < 2; i++) {
        sweep_session(&ss[i], 0, i ? 32 : 8, 1);
        ss[i].stats.v[SIM_STAT_DB_BLOCK_GETS] = i ? 3200 : 800;
    }
    load_reference(f, "old.csv", 1000, 4000);
    int64_t model = record(f->db, NULL, 0, NULL, NULL, ss, 2);
    int64_t ref = load_reference(f, "new.csv", 500, 2000);
    rpt_history_t *h = load(f->db);
    char *html = page_of(h, f);
    char title[160];
    snprintf(title, sizeof title,
             "<title>lobsim run %" PRId64 " against the Oracle measurements (run %" PRId64 ")",
             model, ref);
    assert_non_null(strstr(html, title));
    size_t len;
    const char *panel =
        element(html, "<g class=\"panel\" data-statistic=\"db block gets\">", "</svg>", &len);
    axis_t vy = read_axis(panel, len,
                          "<text x=\"%lf\" y=\"%lf\" font-size=\"10\" text-anchor=\"end\" "
                          "fill=\"#333\">%31[^<]",
                          0, 3.5);
    axis_t lx = read_axis(panel, len,
                          "<text x=\"%lf\" y=\"%lf\" font-size=\"10\" text-anchor=\"middle\" "
                          "fill=\"#333\">%31[^<]",
                          1, 0);
    static const struct {
        const char *name;
        double want[2];
    } series[] = {{"lobsim (run %" PRId64 ")", {800, 3200}},
                  {"Oracle (run %" PRId64 ")", {500, 2000}}};
    for (size_t i = 0; i < 2; i++) {
        char name[64], open[160];
        snprintf(name, sizeof name, series[i].name, i ? ref : model);
        snprintf(open, sizeof open, "data-name=\"%s\">", name);
        double x[2], y[2];
        assert_int_equal(series_points(panel, len, open, x, y, 2), 2);
        for (size_t k = 0; k < 2; k++) {
            double kchars = axis_value(&lx, x[k]), got = axis_value(&vy, y[k]);
            if (fabs(kchars - (k ? 32 : 8)) > 0.01 ||
                fabs(got - series[i].want[k]) > 0.005 * series[i].want[k])
                fail_msg("%s: a point at %gk, %g; worked by hand %uk, %g", name, kchars, got,
                         k ? 32 : 8, series[i].want[k]);
        }
    }
    free(html);
    rpt_history_destroy(h);
}

/* A script run (lobbench --script): a session per (step, table), with the
 * script's file and digest on the run. */
static void record_script(const char *db, const char *file, const char *digest, uint64_t used_t2)
{
    static const res_workload_t wl[] = {{RES_SCRIPT_WORKLOAD, RES_SCRIPT_FAMILY, RES_SCRIPT_TITLE}};
    res_session_t ss[3];
    for (size_t i = 0; i < 3; i++) {
        memset(&ss[i], 0, sizeof ss[i]);
        ss[i].workload = RES_SCRIPT_WORKLOAD;
        ss[i].path = "local";
        ss[i].block_size = i ? 8192 : 0; /* before the segment has a block */
        ss[i].seed = 1;
        ss[i].step = i ? 2 : 1;
        ss[i].statement = i ? "insert into t1 select ..." : "create table t1 (c clob)";
        ss[i].table = i == 2 ? "T2" : "T1";
    }
    ss[1].stats.v[SIM_STAT_DSU_USED_BLOCKS] = 1000;
    ss[1].stats.v[SIM_STAT_DSU_EXPIRED_BLOCKS] = 24;
    ss[1].stats.v[SIM_STAT_SEG_LOB_BLOCKS] = 1024;
    ss[1].stats.v[SIM_STAT_LOB_LIVE] = 100;
    ss[1].stats.v[SIM_STAT_LOB_CHUNKS] = 150;
    ss[2].stats.v[SIM_STAT_DSU_USED_BLOCKS] = used_t2;
    res_store_t *s;
    char err[512];
    if (res_open(db, RES_OPEN_CREATE, &s, err, sizeof err) != SIM_OK)
        fail_msg("res_open: %s", err);
    assert_int_equal(res_set_workloads(s, wl, 1), SIM_OK);
    res_run_t run;
    res_run_defaults(&run);
    run.seed = 1;
    run.script_file = file;
    run.script_digest = digest;
    if (res_record_run(s, &run, ss, 3, NULL) != SIM_OK)
        fail_msg("res_record_run: %s", res_errmsg(s));
    res_close(s);
}

/* Script runs are read as their scripts' steps, not refused as cases (a
 * first step has block size 0 and no step has rows): two runs of one
 * script and one of another make two scripts, each with its own runs on
 * its x axis; the section's table gives each table's figures after the
 * last step, 150 chunks over 100 LOBs as 1.50 chunks per LOB, none for a
 * table without LOBs. */
static void test_script_runs(void **state)
{
    store_dir_t *f = *state;
    record_script(f->db, "scenarios/b.sql", "00000000000000bb", 7);
    record_script(f->db, "scenarios/a.sql", "00000000000000aa", 5);
    record_script(f->db, "scenarios/b.sql", "00000000000000bb", 9);
    rpt_history_t *h = load(f->db);
    assert_int_equal(h->ncases, 0);
    assert_int_equal(h->nscripts, 2);
    assert_string_equal(h->scripts[0].file, "scenarios/a.sql");
    assert_int_equal(h->scripts[0].nruns, 1);
    assert_int_equal(h->scripts[1].nruns, 2);
    assert_int_equal(h->runs[h->scripts[1].runs[1]].run, 3);
    assert_int_equal(h->scripts[1].nsteps[0], 3);
    assert_int_equal(h->runs[h->scripts[0].runs[0]].script, 0);
    char *html = page_of(h, f);
    const char *b = strstr(html, "<section class=\"script\" id=\"script-1\" data-workload=\"script "
                                 "scenarios/b.sql (digest 00000000)\">");
    assert_non_null(b);
    assert_non_null(strstr(html, "<td>script scenarios/a.sql (digest 00000000)</td>"));
    assert_non_null(strstr(b, "<tr data-run=\"3\"><td class=\"label\">r3</td><td class=\"step\" "
                              "title=\"insert into t1 select ...\">2</td><td class=\"table\">T1"
                              "</td><td>1000</td><td>24</td><td>0</td><td>1024</td><td>100</td>"
                              "<td>150</td><td>1.50</td></tr>"));
    assert_non_null(strstr(b, "<td class=\"table\">T2</td><td>9</td><td>0</td><td>0</td><td>0</td>"
                              "<td>0</td><td>0</td><td>-</td></tr>"));
    /* b's charts: its two runs, not a's. */
    const char *svg = strstr(b, "id=\"script-1-blocks\"");
    assert_non_null(svg);
    const char *x1 = strstr(svg, ">r1</text>"), *x3 = strstr(svg, ">r3</text>");
    const char *end = strstr(svg, "</svg>");
    assert_true(x1 && x3 && x1 < end && x3 < end);
    const char *x2 = strstr(svg, ">r2</text>");
    assert_true(!x2 || x2 > end);
    assert_non_null(strstr(svg, "data-name=\"T2 dbms_space.used_blocks\""));
    free(html);
    rpt_history_destroy(h);
}

/* A run of sessions at once (lobbench --sessions): no rows, no LOB size,
 * the system and each session per count; read, not refused as a case,
 * each count's system a case of its own ("2 at once"), its sessions left
 * to lobdiff and sqlite3; drawn as a line per block size (not a LOB size
 * of 0, nor 0 rows). */
static void test_sessions_runs(void **state)
{
    store_dir_t *f = *state;
    static const res_workload_t wl[] = {
        {RES_SESSIONS_WORKLOAD, RES_SCRIPT_FAMILY, RES_SESSIONS_TITLE}};
    res_session_t ss[5];
    for (uint32_t i = 0; i < 5; i++) {
        memset(&ss[i], 0, sizeof ss[i]);
        ss[i].workload = RES_SESSIONS_WORKLOAD;
        ss[i].path = "local";
        ss[i].block_size = 8192;
        ss[i].seed = 1;
        ss[i].ses_count = i < 3 ? 2 : 1;
        ss[i].ses_sid = i < 3 ? i : i - 3;
        ss[i].stats.v[SIM_STAT_USER_COMMITS] = i == 0 ? 400 : i < 3 ? 200 : 100;
    }
    res_store_t *s;
    char err[512];
    if (res_open(f->db, RES_OPEN_CREATE, &s, err, sizeof err) != SIM_OK)
        fail_msg("res_open: %s", err);
    assert_int_equal(res_set_workloads(s, wl, 1), SIM_OK);
    res_run_t run;
    res_run_defaults(&run);
    run.seed = 1;
    if (res_record_run(s, &run, ss, 5, NULL) != SIM_OK)
        fail_msg("res_record_run: %s", res_errmsg(s));
    res_close(s);
    rpt_history_t *h = load(f->db);
    assert_int_equal(h->ncases, 2);
    char *html = page_of(h, f);
    assert_non_null(strstr(html, "sessions, 2 at once"));
    assert_non_null(strstr(html, "sessions, 1 at once"));
    /* Neither a LOB size nor a row count it does not have: a line per
     * block size, named by it. */
    assert_non_null(strstr(html, "8k blocks, a line per block size"));
    assert_null(strstr(html, "blocks, 0 rows"));
    assert_null(strstr(html, "a line per LOB size"));
    free(html);
    rpt_history_destroy(h);
}

/* A step's session may have block size 0 and no rows; a case of a sweep
 * may not, and a step's block size is still one Oracle has. */
static void test_verify_steps(void **state)
{
    (void)state;
    res_session_info_t si;
    memset(&si, 0, sizeof si);
    si.run = 1;
    si.sid = 1;
    si.step = 1;
    char err[256];
    assert_int_equal(rpt_verify_session(&si, err, sizeof err), SIM_OK);
    si.block_size = 8192;
    assert_int_equal(rpt_verify_session(&si, err, sizeof err), SIM_OK);
    si.block_size = 3000;
    assert_int_equal(rpt_verify_session(&si, err, sizeof err), SIM_ECORRUPT);
    si.step = 0;
    si.block_size = 0;
    assert_int_equal(rpt_verify_session(&si, err, sizeof err), SIM_ECORRUPT);
    si.block_size = 8192;
    assert_int_equal(rpt_verify_session(&si, err, sizeof err), SIM_ECORRUPT); /* 0 rows */
    si.rows = 10;
    assert_int_equal(rpt_verify_session(&si, err, sizeof err), SIM_OK);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_default_out),
        cmocka_unit_test_setup_teardown(test_sessions_runs, setup, teardown),
        cmocka_unit_test(test_param_changes),
        cmocka_unit_test_setup_teardown(test_workload_order, setup, teardown),
        cmocka_unit_test_setup_teardown(test_one_commit, setup, teardown),
        cmocka_unit_test_setup_teardown(test_commit_step, setup, teardown),
        cmocka_unit_test_setup_teardown(test_heap_family, setup, teardown),
        cmocka_unit_test_setup_teardown(test_oracle_row, setup, teardown),
        cmocka_unit_test_setup_teardown(test_times_and_order, setup, teardown),
        cmocka_unit_test_setup_teardown(test_runs_table, setup, teardown),
        cmocka_unit_test_setup_teardown(test_rac_awr_values, setup, teardown),
        cmocka_unit_test_setup_teardown(test_calibration_values, setup, teardown),
        cmocka_unit_test_setup_teardown(test_script_runs, setup, teardown),
        cmocka_unit_test(test_verify_steps),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
