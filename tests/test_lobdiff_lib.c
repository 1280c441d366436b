/*
 * test_lobdiff_lib.c -- lobsim_lobdiff in process.
 *
 * The Mann-Whitney U test on hand-worked examples: every U and p below is
 * worked out in its comment (ranks, the count of arrangements, the normal
 * approximation) and agrees with scipy.stats.mannwhitneyu(x, y,
 * alternative='two-sided'), scipy 1.10.1.  Then runs built in memory
 * (ldf_run_create(), no store) go through the comparison and the renderers.
 */
#define _POSIX_C_SOURCE 200809L

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "json_util.h"
#include "memstream_util.h"
#include "lobdiff.h"

static void expect_close(double got, double want, const char *what)
{
    if (fabs(got - want) > 1e-12 * (fabs(want) > 1 ? fabs(want) : 1))
        fail_msg("%s: %.17g, want %.17g", what, got, want);
}

static void expect_utest(const double *x, size_t n1, const double *y, size_t n2, double u, double p,
                         int exact)
{
    ldf_utest_t t;
    assert_int_equal(ldf_mann_whitney(x, n1, y, n2, &t), SIM_OK);
    expect_close(t.u, u, "U");
    expect_close(t.p, p, "p");
    assert_int_equal(t.exact, exact);
}

/* ---- exact ---------------------------------------------------------------- */

static void test_exact(void **state)
{
    (void)state;
    /* x = {1, 2}, y = {3, 4}: x holds ranks 1 and 2, R1 = 3, U = R1 - 2*3/2
     * = 0.  Of the C(4, 2) = 6 arrangements one has U = 0 (and one U = 4):
     * p = 2 * 1/6 = 1/3. */
    expect_utest((double[]){1, 2}, 2, (double[]){3, 4}, 2, 0, 1.0 / 3, 1);
    /* x = {1, 3}, y = {2, 4}: R1 = 1 + 3 = 4, U = 1.  U over the 6
     * arrangements: 0, 1, 2, 2, 3, 4; P(U <= 1) = 2/6, p = 4/6. */
    expect_utest((double[]){1, 3}, 2, (double[]){2, 4}, 2, 1, 2.0 / 3, 1);
    /* The order of the values does not matter. */
    expect_utest((double[]){3, 1}, 2, (double[]){4, 2}, 2, 1, 2.0 / 3, 1);
    /* y below x: U = n1 n2 = 4, the same p. */
    expect_utest((double[]){3, 4}, 2, (double[]){1, 2}, 2, 4, 1.0 / 3, 1);
    /* x = {1, 2, 3}, y = {4 .. 12}: 3 and 9 values, one of them <= 8, so
     * exact.  U = 0 in one arrangement of C(12, 3) = 220: p = 2/220. */
    expect_utest((double[]){1, 2, 3}, 3, (double[]){4, 5, 6, 7, 8, 9, 10, 11, 12}, 9, 0, 2.0 / 220,
                 1);
    /* 8 and 9 values, the bound itself: exact.  C(17, 8) = 24310. */
    expect_utest((double[]){1, 2, 3, 4, 5, 6, 7, 8}, 8,
                 (double[]){9, 10, 11, 12, 13, 14, 15, 16, 17}, 9, 0, 2.0 / 24310, 1);
}

/* ---- the normal approximation ------------------------------------------- */

static void test_asymptotic(void **state)
{
    (void)state;
    /* x = {1, 2, 2}, y = {2, 3, 4}: a tie, so the normal approximation.
     * Ranks 1, 3, 3 | 3, 5, 6 (the three 2s share rank 3): R1 = 7, U = 1.
     * n = 6, n1 n2 = 9; the tie term sum(t^3 - t) = 27 - 3 = 24.
     * sigma = sqrt(9/12 * (7 - 24 / (6 * 5))) = sqrt(4.65).
     * z = (max(U, 9 - U) - 9/2 - 1/2) / sigma = 3 / sqrt(4.65) = 1.391208
     * p = 2 (1 - Phi(z)) = erfc(z / sqrt 2) = 0.164160 */
    expect_utest((double[]){1, 2, 2}, 3, (double[]){2, 3, 4}, 3, 1,
                 erfc(3 / sqrt(4.65) / sqrt(2.0)), 0);
    expect_close(erfc(3 / sqrt(4.65) / sqrt(2.0)), 0.16415972847851523, "scipy's p");
    /* x = 1 .. 10, y = 11 .. 20: both above 8, normal approximation.
     * U = 0, n1 n2 = 100, sigma = sqrt(100/12 * 21) = sqrt(175),
     * z = (100 - 50 - 0.5) / sqrt(175) = 3.741829, p = 0.000182672 */
    double x[10], y[10];
    for (int i = 0; i < 10; i++) {
        x[i] = i + 1;
        y[i] = i + 11;
    }
    expect_utest(x, 10, y, 10, 0, erfc(49.5 / sqrt(175.0) / sqrt(2.0)), 0);
    expect_close(erfc(49.5 / sqrt(175.0) / sqrt(2.0)), 0.00018267179110955002, "scipy's p");
    /* Every value tied: no variance, nothing to tell the samples apart. */
    expect_utest((double[]){7, 7, 7}, 3, (double[]){7, 7, 7}, 3, 4.5, 1, 0);
}

static void test_refused(void **state)
{
    (void)state;
    ldf_utest_t t = {.u = 42, .p = 0.5, .exact = 7};
    assert_int_equal(ldf_mann_whitney((double[]){1}, 0, (double[]){2}, 1, &t), SIM_EINVAL);
    assert_int_equal(ldf_mann_whitney((double[]){1}, 1, (double[]){2}, 0, &t), SIM_EINVAL);
    assert_int_equal(ldf_mann_whitney((double[]){1, NAN}, 2, (double[]){2}, 1, &t), SIM_EINVAL);
    assert_true(t.u == 42 && t.p == 0.5 && t.exact == 7); /* left alone */
}

static void test_bonferroni(void **state)
{
    (void)state;
    /* Six tests at family level 0.05: each at 0.05 / 6. */
    expect_close(ldf_bonferroni(0.05, 6), 0.05 / 6, "6 tests");
    expect_close(ldf_bonferroni(0.05, 1), 0.05, "1 test");
    expect_close(ldf_bonferroni(0.05, 0), 0.05, "no test");
    /* 4 samples each, untied: the best split has 2 arrangements of
     * C(8, 4) = 70 at least as extreme, p = 2/70 (README: "p = 0.029"). */
    expect_close(ldf_min_exact_p(4, 4), 2.0 / 70, "min p 4/4");
    expect_close(ldf_min_exact_p(5, 5), 2.0 / 252, "min p 5/5");
}

/* ---- runs in memory ------------------------------------------------------- */

static ldf_case_t mkcase(const char *wl, const char *path, uint64_t kchars, uint64_t gets)
{
    ldf_case_t c;
    memset(&c, 0, sizeof c);
    snprintf(c.workload, sizeof c.workload, "%s", wl);
    snprintf(c.path, sizeof c.path, "%s", path);
    c.lob_chars = kchars * 1024;
    c.block_size = SIM_REF_BLOCK_SIZE;
    c.rows = SIM_REF_ROWS;
    c.stats.v[SIM_STAT_DB_BLOCK_GETS] = gets;
    c.present[SIM_STAT_DB_BLOCK_GETS] = 1;
    return c;
}

typedef sim_err_t render_fn(FILE *, const ldf_diff_t *);

static char *render(const ldf_diff_t *d, render_fn *fn)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    assert_non_null(f);
    assert_int_equal(fn(f, d), SIM_OK);
    char *text = memstream_text(f, &buf);
    assert_non_null(text);
    return text;
}

static void test_in_memory(void **state)
{
    (void)state;
    ldf_run_info_t bi = {.run = 1, .source = "lobsim", .git_dirty = -1};
    ldf_run_info_t hi = {.run = 2, .source = "lobsim", .git_dirty = -1};
    ldf_run_t *b = ldf_run_create("base", &bi), *h = ldf_run_create("head", &hi);
    ldf_case_t c[] = {mkcase("scan", "local", 2, 100), mkcase("insert", "local", 2, 100),
                      mkcase("insert", "dblink", 2, 50), mkcase("insert", "local", 32, 9)};
    c[0].workload_rank = 1; /* as a store would rank them */
    for (size_t i = 0; i < 4; i++)
        assert_int_equal(ldf_run_add_case(b, &c[i]), SIM_OK);
    c[0].stats.v[SIM_STAT_DB_BLOCK_GETS] = 110; /* scan local 2k: +10% */
    for (size_t i = 0; i < 3; i++)              /* no local 32k */
        assert_int_equal(ldf_run_add_case(h, &c[i]), SIM_OK);
    ldf_case_t bad = mkcase("", "local", 2, 1);
    assert_int_equal(ldf_run_add_case(h, &bad), SIM_EINVAL);
    assert_int_equal(ldf_run_ncases(h), 3);

    ldf_opts_t o;
    ldf_opts_defaults(&o);
    ldf_diff_t *d = ldf_diff_create(&o, b, h);
    assert_int_equal(ldf_diff_exit_status(d), LDF_EXIT_CHANGED);
    /* Sorted in the store's order: insert before scan, local before dblink. */
    assert_string_equal(ldf_run_case(h, 0)->path, "local");
    assert_string_equal(ldf_run_case(h, 2)->workload, "scan");

    char *t = render(d, ldf_render_text);
    if (!strstr(t, "scan local 2k  db block gets   100   110   +10  +10.0%"))
        fail_msg("text:\n%s", t);
    if (!strstr(t, "\nonly in base: local 32k\n"))
        fail_msg("text:\n%s", t);
    free(t);
    t = render(d, ldf_render_json);
    jv_t *root = json_must_parse(t);
    const jv_t *cases = jget(root, "cases");
    assert_int_equal(cases->n, 4);
    assert_string_equal(jstr(cases->v[0], "workload"), "insert");
    assert_string_equal(jstr(cases->v[3], "workload"), "scan");
    assert_string_equal(jstr(cases->v[3], "path"), "local");
    jfree(root);
    free(t);
    t = render(d, ldf_render_markdown);
    if (!strstr(t, "\n#### scan local 2k\n"))
        fail_msg("markdown:\n%s", t);
    free(t);
    ldf_diff_destroy(d);
    ldf_run_destroy(b);
    ldf_run_destroy(h);
}

/* ---- interval by interval ------------------------------------------------ */

/* Two runs of the insert with three snapshots each: the intervals compare
 * one by one, a statistic shown when it differs in any interval, with each
 * interval's base and head; cut apart (other rows), they are not compared. */
static void test_intervals(void **state)
{
    (void)state;
    ldf_run_info_t bi = {.run = 1, .source = "lobsim", .git_dirty = -1};
    ldf_run_info_t hi = {.run = 2, .source = "lobsim", .git_dirty = -1};
    ldf_run_t *b = ldf_run_create("base", &bi), *h = ldf_run_create("head", &hi);
    uint64_t rows[3] = {4000, 4000, 2000}, other[3] = {5000, 5000, 0};
    sim_stats_t bs[3], hs[3];
    memset(bs, 0, sizeof bs);
    for (int i = 0; i < 3; i++) {
        bs[i].v[SIM_STAT_CR_BLOCKS_CREATED] = 100 + 10 * (uint64_t)i;
        bs[i].v[SIM_STAT_DB_BLOCK_GETS] = 7; /* equal throughout: not shown */
    }
    memcpy(hs, bs, sizeof hs);
    hs[2].v[SIM_STAT_CR_BLOCKS_CREATED] = 150; /* the last interval rises */
    ldf_case_t cb = mkcase("insert", "dblink", 256, 21), ch = cb,
               cx = mkcase("insert", "local", 256, 21);
    cb.nsnaps = ch.nsnaps = 3;
    cb.snap_rows = ch.snap_rows = rows;
    cb.snaps = bs;
    ch.snaps = hs;
    ldf_case_t hx = cx;
    cx.nsnaps = hx.nsnaps = 3;
    cx.snap_rows = rows;
    hx.snap_rows = other;
    cx.snaps = hx.snaps = bs;
    assert_int_equal(ldf_run_add_case(b, &cb), SIM_OK);
    assert_int_equal(ldf_run_add_case(h, &ch), SIM_OK);
    assert_int_equal(ldf_run_add_case(b, &cx), SIM_OK);
    assert_int_equal(ldf_run_add_case(h, &hx), SIM_OK);
    ldf_opts_t o;
    ldf_opts_defaults(&o);
    ldf_diff_t *d = ldf_diff_create(&o, b, h);
    char *t = render(d, ldf_render_text);
    const char *want[] = {
        "\nInterval by interval (lobbench --snapshot-every)\n",
        "dblink 256k: 3 intervals of 4000, 4000, 2000 rows\n",
        "CR blocks created         1  4000   100   100    +0   +0.0\n",
        "CR blocks created         3  2000   120   150   +30  +25.0\n",
        "local 256k: not compared, the runs cut it apart: base 3 intervals of 4000, 4000, 2000 "
        "rows; head 3 intervals of 5000, 5000, 0 rows\n"};
    for (size_t i = 0; i < sizeof want / sizeof want[0]; i++)
        if (!strstr(t, want[i]))
            fail_msg("text lacks '%s':\n%s", want[i], t);
    if (strstr(t, "db block gets         1"))
        fail_msg("an equal statistic shown by interval:\n%s", t);
    free(t);
    t = render(d, ldf_render_markdown);
    if (!strstr(t, "#### interval by interval") ||
        !strstr(t, "| CR blocks created | 3 | 2000 | 120 | 150 |"))
        fail_msg("markdown:\n%s", t);
    free(t);
    t = render(d, ldf_render_json);
    jv_t *root = json_must_parse(t);
    const jv_t *cases = jget(root, "cases");
    assert_int_equal(cases->n, 2);
    const jv_t *iv = jget(cases->v[1], "intervals"); /* local before dblink */
    const jv_t *ivx = jget(cases->v[0], "intervals");
    assert_non_null(iv);
    assert_true(jget(iv, "compared")->b);
    assert_false(jget(ivx, "compared")->b);
    const jv_t *differ = jget(iv, "differ");
    assert_int_equal(differ->n, 1);
    assert_string_equal(jstr(differ->v[0], "statistic"), "CR blocks created");
    assert_int_equal((int)jget(differ->v[0], "head")->v[2]->num, 150);
    assert_int_equal(jget(iv, "events_differ")->n, 0); /* no events: none */
    jfree(root);
    free(t);
    ldf_diff_destroy(d);
    ldf_run_destroy(b);
    ldf_run_destroy(h);
}

/* An imported Snapper series (rows not known, 5 seconds each) against a
 * run of it with other figures: the intervals compare by their seconds, the
 * rows column says "unknown", never 0, and the JSON gives null rows and the
 * seconds; intervals of other seconds are cut apart. */
static void test_intervals_rows_unknown(void **state)
{
    (void)state;
    ldf_run_info_t bi = {.run = 1, .source = "oracle", .git_dirty = -1};
    ldf_run_info_t hi = {.run = 2, .source = "oracle", .git_dirty = -1};
    ldf_run_t *b = ldf_run_create("base", &bi), *h = ldf_run_create("head", &hi);
    uint64_t rows[2] = {0, 0};
    unsigned char known[2] = {0, 0};
    double secs[2] = {5, 5}, other[2] = {5, 10};
    sim_stats_t bs[2], hs[2];
    memset(bs, 0, sizeof bs);
    bs[0].v[SIM_STAT_CR_BLOCKS_CREATED] = 7360;
    bs[1].v[SIM_STAT_CR_BLOCKS_CREATED] = 7412;
    memcpy(hs, bs, sizeof hs);
    hs[1].v[SIM_STAT_CR_BLOCKS_CREATED] = 7500;
    ldf_case_t cb = mkcase("insert", "dblink", 256, 21), ch = cb,
               cx = mkcase("insert", "local", 256, 21), hx = cx;
    cb.nsnaps = ch.nsnaps = cx.nsnaps = hx.nsnaps = 2;
    cb.snap_rows = ch.snap_rows = cx.snap_rows = hx.snap_rows = rows;
    cb.snap_rows_known = ch.snap_rows_known = cx.snap_rows_known = hx.snap_rows_known = known;
    cb.snap_seconds = ch.snap_seconds = cx.snap_seconds = secs;
    hx.snap_seconds = other;
    cb.snaps = cx.snaps = hx.snaps = bs;
    ch.snaps = hs;
    assert_int_equal(ldf_run_add_case(b, &cb), SIM_OK);
    assert_int_equal(ldf_run_add_case(h, &ch), SIM_OK);
    assert_int_equal(ldf_run_add_case(b, &cx), SIM_OK);
    assert_int_equal(ldf_run_add_case(h, &hx), SIM_OK);
    ldf_opts_t o;
    ldf_opts_defaults(&o);
    ldf_diff_t *d = ldf_diff_create(&o, b, h);
    char *t = render(d, ldf_render_text);
    const char *want[] = {
        "dblink 256k: 2 intervals of 5, 5 seconds, rows not known\n",
        "CR blocks created         1  unknown  7360  7360    +0  +0.0\n",
        "CR blocks created         2  unknown  7412  7500   +88  +1.2\n",
        "local 256k: not compared, the runs cut it apart: base 2 intervals of 5, 5 seconds, rows "
        "not known; head 2 intervals of 5, 10 seconds, rows not known\n"};
    for (size_t i = 0; i < sizeof want / sizeof want[0]; i++)
        if (!strstr(t, want[i]))
            fail_msg("text lacks '%s':\n%s", want[i], t);
    free(t);
    t = render(d, ldf_render_json);
    jv_t *root = json_must_parse(t);
    const jv_t *iv = jget(jget(root, "cases")->v[1], "intervals");
    assert_true(jget(iv, "compared")->b);
    assert_int_equal(jget(iv, "base_rows")->n, 2);
    assert_int_equal(jget(iv, "base_rows")->v[0]->t, J_NULL);
    assert_int_equal((int)jget(iv, "head_seconds")->v[1]->num, 5);
    jfree(root);
    free(t);
    ldf_diff_destroy(d);
    ldf_run_destroy(b);
    ldf_run_destroy(h);
}

/* Two runs of sessions at once (the store's ses_count and ses_sid): the
 * system and each session are cases of their own, labelled by count and
 * number; the systems' intervals of model time pair by their start though
 * head's run ended sooner (its last interval shorter, none after it), and
 * their wait events compare beside the statistics. */
static void test_intervals_sessions(void **state)
{
    (void)state;
    ldf_run_info_t bi = {.run = 1, .source = "lobsim", .git_dirty = -1};
    ldf_run_info_t hi = {.run = 2, .source = "lobsim", .git_dirty = -1};
    ldf_run_t *b = ldf_run_create("base", &bi), *h = ldf_run_create("head", &hi);
    uint64_t rows[3] = {0, 0, 0};
    unsigned char known[3] = {0, 0, 0};
    double bsec[3] = {0.1, 0.1, 0.05}, hsec[2] = {0.1, 0.07};
    sim_stats_t bs[3], hs[2];
    memset(bs, 0, sizeof bs);
    memset(hs, 0, sizeof hs);
    bs[0].v[SIM_STAT_USER_COMMITS] = 10, bs[1].v[SIM_STAT_USER_COMMITS] = 10;
    bs[2].v[SIM_STAT_USER_COMMITS] = 4;
    hs[0].v[SIM_STAT_USER_COMMITS] = 15, hs[1].v[SIM_STAT_USER_COMMITS] = 9;
    /* interval i's event e at [i * nevents + e]; head waited for an event
     * base never did (log file sync: its own rows, base 0); buffer busy
     * waits as many times in both, but longer in head: its time alone
     * differs */
    uint64_t bw[6] = {3, 5, 0, 0, 2, 0}, bm[6] = {300, 70, 0, 0, 150, 0};
    uint64_t hw[6] = {9, 4, 5, 1, 0, 0}, hm[6] = {800, 50, 90, 40, 0, 0};
    /* head's cases come in the other order: the key, not the order, pairs
     * them */
    ldf_case_t hc[3];
    for (uint32_t sid = 0; sid <= 2; sid++) {
        ldf_case_t cb = mkcase("sessions", "local", 0, 21), ch;
        cb.no_lob_axes = 1;
        cb.ses_count = 2;
        cb.ses_sid = sid;
        cb.stats.v[SIM_STAT_USER_COMMITS] = sid ? 12 : 24;
        cb.present[SIM_STAT_USER_COMMITS] = 1;
        ch = cb;
        ch.stats.v[SIM_STAT_USER_COMMITS] += sid == 2; /* session 2 alone differs */
        if (sid == 0) {
            cb.nsnaps = 3, ch.nsnaps = 2;
            cb.snap_rows = ch.snap_rows = rows;
            cb.snap_rows_known = ch.snap_rows_known = known;
            cb.snap_seconds = bsec, ch.snap_seconds = hsec;
            cb.snaps = bs, ch.snaps = hs;
            cb.nevents = 2, ch.nevents = 3;
            snprintf(cb.events[0], sizeof cb.events[0], "enq: HW - contention");
            snprintf(cb.events[1], sizeof cb.events[1], "buffer busy waits");
            memcpy(ch.events, cb.events, sizeof ch.events);
            snprintf(ch.events[1], sizeof ch.events[1], "log file sync");
            snprintf(ch.events[2], sizeof ch.events[2], "buffer busy waits");
            cb.snap_waits = bw, cb.snap_micro = bm;
            ch.snap_waits = hw, ch.snap_micro = hm;
        }
        assert_int_equal(ldf_run_add_case(b, &cb), SIM_OK);
        hc[2 - sid] = ch;
    }
    for (int i = 0; i < 3; i++)
        assert_int_equal(ldf_run_add_case(h, &hc[i]), SIM_OK);
    ldf_opts_t o;
    ldf_opts_defaults(&o);
    ldf_diff_t *d = ldf_diff_create(&o, b, h);
    char *t = render(d, ldf_render_text);
    /* blanks collapsed: the columns' widths are the table's business */
    for (char *r = t, *w = t;; r++) {
        if (*r == ' ' && w > t && w[-1] == ' ')
            continue;
        if (!(*w++ = *r))
            break;
    }
    const char *want[] = {
        "1 statistics changed in 1 of 3 cases",
        "\n2 sessions: session 2 user commits 12 13 +1 +8.3%\n",
        "\n2 sessions: system: 3 intervals of 0.1, 0.1, 0.05 seconds, rows not known\n",
        "\nuser commits 1 0.1 s 10 15 +5 +50.0\n",
        "\nuser commits 2 0.1/0.07 s 10 9 -1 -10.0\n",
        "\nuser commits 3 0.05 s 4 0 -4 -100.0\n",
        "\nenq: HW - contention (event) total_waits 1 0.1 s 3 9 +6 +200.0\n",
        "\nenq: HW - contention (event) total_waits 2 0.1/0.07 s 0 1 +1 new\n",
        "\nenq: HW - contention (event) time_waited_micro 1 0.1 s 300 800 +500 +166.7\n",
        "\nenq: HW - contention (event) time_waited_micro 3 0.05 s 150 0 -150 -100.0\n",
        "\nlog file sync (event) total_waits 1 0.1 s 0 4 +4 new\n",
        "\nlog file sync (event) time_waited_micro 1 0.1 s 0 50 +50 new\n",
        "\nbuffer busy waits (event) time_waited_micro 1 0.1 s 70 90 +20 +28.6\n"};
    for (size_t i = 0; i < sizeof want / sizeof want[0]; i++)
        if (!strstr(t, want[i]))
            fail_msg("text lacks '%s':\n%s", want[i], t);
    if (strstr(t, "buffer busy waits (event) total_waits"))
        fail_msg("text shows waits that do not differ:\n%s", t);
    free(t);
    /* The JSON has the events the text has, each interval of each run. */
    t = render(d, ldf_render_json);
    jv_t *root = json_must_parse(t);
    const jv_t *cases = jget(root, "cases"), *ev = NULL;
    for (size_t i = 0; i < cases->n; i++) {
        const jv_t *iv = jget(cases->v[i], "intervals");
        if (iv && iv->n && jget(iv, "events_differ"))
            ev = jget(iv, "events_differ");
    }
    if (!ev || ev->n != 5)
        fail_msg("JSON without the five event rows:\n%s", t);
    /* base's events, then head's other; buffer busy waits' time alone */
    static const char *const event[5] = {"enq: HW - contention", "enq: HW - contention",
                                         "buffer busy waits", "log file sync", "log file sync"};
    static const size_t bix[5] = {0, 0, 1, 2, 2}, hix[5] = {0, 0, 2, 1, 1};
    static const char *const figure[2] = {"total_waits", "time_waited_micro"};
    static const size_t fig[5] = {0, 1, 1, 0, 1};
    for (size_t k = 0; k < 5; k++) {
        size_t micro = fig[k];
        assert_string_equal(jstr(ev->v[k], "event"), event[k]);
        assert_string_equal(jstr(ev->v[k], "figure"), figure[micro]);
        const jv_t *jb = jget(ev->v[k], "base"), *jh = jget(ev->v[k], "head");
        assert_int_equal(jb->n, 3);
        assert_int_equal(jh->n, 2);
        for (size_t i = 0; i < 3; i++)
            assert_int_equal((uint64_t)jb->v[i]->num,
                             bix[k] > 1 ? 0 : (micro ? bm : bw)[i * 2 + bix[k]]);
        for (size_t i = 0; i < 2; i++)
            assert_int_equal((uint64_t)jh->v[i]->num, (micro ? hm : hw)[i * 3 + hix[k]]);
    }
    jfree(root);
    free(t);
    ldf_diff_destroy(d);
    ldf_run_destroy(b);
    ldf_run_destroy(h);
}

/* ---- the times' verdict ---------------------------------------------------- */

/* One timed case per diff (or two): base's samples 100..105 us, head's
 * each real and CPU sample scaled by its own factor.  The verdict needs
 * the wall and the CPU time to agree (a busy machine slows the one without
 * the other), p below alpha over the timed cases (Bonferroni) and a change
 * beyond the 5 % threshold. */
typedef struct {
    double real[8], cpu[8];
} samples_t;

static void scaled(samples_t *s, size_t n, double real_f, double cpu_f)
{
    for (size_t i = 0; i < n; i++) {
        s->real[i] = (100 + (double)i) * 1000 * real_f;
        s->cpu[i] = (100 + (double)i) * 900 * cpu_f; /* CPU below wall, as measured */
    }
}

/* The verdict and exit status of base against head, ncases timed cases of
 * n samples each, head's times scaled by real_f and cpu_f; the JSON into
 * *json when not NULL. */
/* The text report of the last verdict_nm(). */
static char *last_text;

static const char *verdict_nm(double threshold_pct, size_t ncases, size_t n, size_t m,
                              double real_f, double cpu_f, int *exit_status, char **json)
{
    static char out[32];
    ldf_run_info_t bi = {.run = 1, .source = "lobsim", .git_dirty = -1};
    ldf_run_info_t hi = {.run = 2, .source = "lobsim", .git_dirty = -1};
    ldf_run_t *b = ldf_run_create("base", &bi), *h = ldf_run_create("head", &hi);
    samples_t sb, sh;
    scaled(&sb, n, 1, 1);
    scaled(&sh, m, real_f, cpu_f);
    for (size_t k = 0; k < ncases; k++) {
        ldf_case_t c = mkcase("insert", "local", (uint64_t)2 << k, 100);
        c.nsamples = (uint32_t)n;
        c.real = sb.real, c.cpu = sb.cpu;
        assert_int_equal(ldf_run_add_case(b, &c), SIM_OK);
        c.nsamples = (uint32_t)m;
        c.real = sh.real, c.cpu = sh.cpu;
        assert_int_equal(ldf_run_add_case(h, &c), SIM_OK);
    }
    ldf_opts_t o;
    ldf_opts_defaults(&o);
    o.threshold_pct = threshold_pct;
    ldf_diff_t *d = ldf_diff_create(&o, b, h);
    assert_non_null(d);
    *exit_status = ldf_diff_exit_status(d);
    free(last_text);
    last_text = render(d, ldf_render_text);
    char *t = render(d, ldf_render_json);
    jv_t *root = json_must_parse(t);
    const jv_t *time = jget(jget(root, "cases")->v[0], "time");
    snprintf(out, sizeof out, "%s", jstr(time, "verdict"));
    jfree(root);
    if (json)
        *json = t;
    else
        free(t);
    ldf_diff_destroy(d);
    ldf_run_destroy(b);
    ldf_run_destroy(h);
    return out;
}

static const char *verdict_at(double threshold_pct, size_t ncases, size_t n, double real_f,
                              double cpu_f, int *exit_status, char **json)
{
    return verdict_nm(threshold_pct, ncases, n, n, real_f, cpu_f, exit_status, json);
}

static const char *verdict(size_t ncases, size_t n, double real_f, double cpu_f, int *exit_status,
                           char **json)
{
    return verdict_at(5, ncases, n, real_f, cpu_f, exit_status, json);
}

static void test_time_verdict(void **state)
{
    (void)state;
    int st;
    char *json;
    /* 20 % slower by both clocks, 6 samples each, no overlap: the exact
     * two-sided p is 2 / C(12, 6) = 2/924 for wall and CPU alike; base's
     * mean 102.5 us, head's 123 us: +20.0 %. */
    assert_string_equal(verdict(1, 6, 1.2, 1.2, &st, &json), "slower");
    assert_int_equal(st, LDF_EXIT_CHANGED);
    jv_t *root = json_must_parse(json);
    const jv_t *time = jget(jget(root, "cases")->v[0], "time");
    const jv_t *real = jget(time, "real"), *cpu = jget(time, "cpu");
    expect_close(jnum(real, "base_mean_ns"), 102500, "base mean");
    expect_close(jnum(real, "head_mean_ns"), 123000, "head mean");
    expect_close(jnum(real, "change_pct"), 20, "change");
    expect_close(jnum(real, "u"), 0, "U");
    expect_close(jnum(real, "p"), 2.0 / 924, "p (real)");
    expect_close(jnum(cpu, "base_mean_ns"), 92250, "CPU base mean");
    expect_close(jnum(cpu, "p"), 2.0 / 924, "p (CPU)");
    assert_string_equal(jstr(real, "method"), "exact");
    jfree(root);
    free(json);
    /* The text's times table: means, change, both p, samples, verdict. */
    const char *row = strstr(last_text, "102.5 us");
    if (!row || !strstr(row, "123.0 us") || !strstr(row, "+20.0%") || !strstr(row, "0.002") ||
        !strstr(row, "6/6") || !strstr(row, "slower"))
        fail_msg("times table:\n%s", last_text);
    /* The wall clock 20 % slower, the CPU time the same (a busy machine):
     * no verdict, and the figures alike: exit 0. */
    assert_string_equal(verdict(1, 6, 1.2, 1.0, &st, NULL), "unchanged");
    assert_int_equal(st, LDF_EXIT_SAME);
    assert_string_equal(verdict(1, 6, 1.0, 1.2, &st, NULL), "unchanged");
    /* Faster by both: a verdict, not a failure. */
    assert_string_equal(verdict(1, 6, 0.8, 0.8, &st, NULL), "faster");
    assert_int_equal(st, LDF_EXIT_SAME);
    /* Significant (p = 2/924) but 4 % only: below the 5 % threshold. */
    assert_string_equal(verdict(1, 6, 1.04, 1.04, &st, NULL), "unchanged");
    assert_string_equal(verdict(1, 6, 0.96, 0.96, &st, NULL), "unchanged");
    /* 4 samples each: p = 2/70 = 0.029 at best, below 0.05 for one timed
     * case, above 0.05 / 2 for two. */
    assert_string_equal(verdict(1, 4, 1.2, 1.2, &st, NULL), "slower");
    assert_string_equal(verdict(2, 4, 1.2, 1.2, &st, NULL), "unchanged");
    assert_int_equal(st, LDF_EXIT_SAME);
    /* A change of exactly the threshold is not beyond it: 1.25 x the
     * samples (exact in binary), threshold 25 %. */
    assert_string_equal(verdict_at(25, 1, 6, 1.25, 1.25, &st, NULL), "unchanged");
    assert_string_equal(verdict_at(25, 1, 6, 1.26, 1.26, &st, NULL), "slower");
    /* A p of exactly alpha is no evidence: 3 and 7 samples apart give
     * 2 / C(10, 3) = 1/60, alpha over three timed cases 0.05 / 3. */
    assert_string_equal(verdict_nm(5, 3, 3, 7, 1.2, 1.2, &st, NULL), "unchanged");
    assert_string_equal(verdict_nm(5, 2, 3, 7, 1.2, 1.2, &st, NULL), "slower");
    free(last_text);
    last_text = NULL;
}

/* The note on repetitions names the fewest a timed case has: 3 (a case of
 * 3 and 7 samples beside one of 6 and 6), too few for any p below alpha
 * (2 / C(6, 3) = 0.1). */
static void test_fewest_repetitions_noted(void **state)
{
    (void)state;
    ldf_run_info_t bi = {.run = 1, .source = "lobsim", .git_dirty = -1};
    ldf_run_info_t hi = {.run = 2, .source = "lobsim", .git_dirty = -1};
    ldf_run_t *b = ldf_run_create("base", &bi), *h = ldf_run_create("head", &hi);
    samples_t sa, sb;
    scaled(&sa, 8, 1, 1);
    scaled(&sb, 8, 1, 1);
    const uint32_t nb[2] = {3, 6}, nh[2] = {7, 6};
    for (size_t k = 0; k < 2; k++) {
        ldf_case_t c = mkcase("insert", "local", (uint64_t)2 << k, 100);
        c.nsamples = nb[k];
        c.real = sa.real, c.cpu = sa.cpu;
        assert_int_equal(ldf_run_add_case(b, &c), SIM_OK);
        c.nsamples = nh[k];
        c.real = sb.real, c.cpu = sb.cpu;
        assert_int_equal(ldf_run_add_case(h, &c), SIM_OK);
    }
    ldf_opts_t o;
    ldf_opts_defaults(&o);
    ldf_diff_t *d = ldf_diff_create(&o, b, h);
    assert_non_null(d);
    char *t = render(d, ldf_render_text);
    if (!strstr(t, "as few as 3 repetitions per case: too few there"))
        fail_msg("text:\n%s", t);
    free(t);
    ldf_diff_destroy(d);
    ldf_run_destroy(b);
    ldf_run_destroy(h);
}

/* The derived figures by value: 1000 and then 3000 bytes of undo over the
 * reference's rows (SIM_REF_ROWS) and 4 dispenser allocations: undo bytes
 * per row 1000 / rows, then 3000 / rows; 4,096,000 bytes (then twice as
 * many) allocated for rows LOBs of 2048 characters of SIM_BYTES_PER_CHAR
 * bytes each. */
static void test_derived_figures(void **state)
{
    (void)state;
    ldf_run_info_t bi = {.run = 1, .source = "lobsim", .git_dirty = -1};
    ldf_run_info_t hi = {.run = 2, .source = "lobsim", .git_dirty = -1};
    ldf_run_t *b = ldf_run_create("base", &bi), *h = ldf_run_create("head", &hi);
    ldf_case_t c = mkcase("insert", "local", 2, 100);
    c.stats.v[SIM_STAT_UNDO_CV_SIZE] = 1000;
    c.stats.v[SIM_STAT_DSP_ALLOCATIONS] = 4;
    c.stats.v[SIM_STAT_SF_ALLOC_BYTES] = 4096000;
    c.present[SIM_STAT_UNDO_CV_SIZE] = c.present[SIM_STAT_DSP_ALLOCATIONS] = 1;
    c.present[SIM_STAT_SF_ALLOC_BYTES] = 1;
    assert_int_equal(ldf_run_add_case(b, &c), SIM_OK);
    c.stats.v[SIM_STAT_UNDO_CV_SIZE] = 3000;
    c.stats.v[SIM_STAT_SF_ALLOC_BYTES] = 8192000;
    assert_int_equal(ldf_run_add_case(h, &c), SIM_OK);
    ldf_opts_t o;
    ldf_opts_defaults(&o);
    ldf_diff_t *d = ldf_diff_create(&o, b, h);
    char *t = render(d, ldf_render_json);
    jv_t *root = json_must_parse(t);
    const jv_t *der = jget(jget(root, "cases")->v[0], "derived");
    int seen = 0;
    for (size_t i = 0; i < der->n; i++) {
        const char *name = jstr(der->v[i], "name");
        if (strcmp(name, "undo bytes per row") == 0) {
            expect_close(jnum(der->v[i], "base"), 1000.0 / SIM_REF_ROWS, "base");
            expect_close(jnum(der->v[i], "head"), 3000.0 / SIM_REF_ROWS, "head");
            seen |= 1;
        } else if (strcmp(name, "allocation bytes per LOB byte") == 0) {
            double lob = (double)SIM_REF_ROWS * SIM_BYTES_PER_CHAR * 2048;
            expect_close(jnum(der->v[i], "base"), 4096000 / lob, "per LOB byte");
            seen |= 2;
        }
    }
    assert_int_equal(seen, 3);
    jfree(root);
    free(t);
    ldf_diff_destroy(d);
    ldf_run_destroy(b);
    ldf_run_destroy(h);
}

/* ---- the order of the figures ---------------------------------------------- */

/* A statistic that was 0 and is no longer has changed more than any that
 * grew from a figure above 0: it leads the table.  Base: db block gets 40,
 * consistent gets 0; head: 100 (+150 %) and 5 (from nothing). */
static void test_from_zero_first(void **state)
{
    (void)state;
    ldf_run_info_t bi = {.run = 1, .source = "lobsim", .git_dirty = -1};
    ldf_run_info_t hi = {.run = 2, .source = "lobsim", .git_dirty = -1};
    ldf_run_t *b = ldf_run_create("base", &bi), *h = ldf_run_create("head", &hi);
    ldf_case_t c = mkcase("insert", "local", 2, 40);
    c.present[SIM_STAT_CONSISTENT_GETS] = 1;
    assert_int_equal(ldf_run_add_case(b, &c), SIM_OK);
    c.stats.v[SIM_STAT_DB_BLOCK_GETS] = 100;
    c.stats.v[SIM_STAT_CONSISTENT_GETS] = 5;
    assert_int_equal(ldf_run_add_case(h, &c), SIM_OK);
    ldf_opts_t o;
    ldf_opts_defaults(&o);
    ldf_diff_t *d = ldf_diff_create(&o, b, h);
    char *t = render(d, ldf_render_text);
    const char *cg = strstr(t, "consistent gets"), *bg = strstr(t, "db block gets");
    if (!cg || !bg || cg > bg)
        fail_msg("consistent gets (0 -> 5) not before db block gets (40 -> 100):\n%s", t);
    free(t);
    ldf_diff_destroy(d);
    ldf_run_destroy(b);
    ldf_run_destroy(h);
}

/* A calibration's summary, worked by hand: Oracle's db block gets 100 in
 * three cases, the model's 105 (5 % above: within 10 %), 60 (0.6: within
 * 2x, not 10 %) and 40 (0.4: beyond 2x, and the furthest, below as far
 * counts as above). */
static void test_calibration_summary(void **state)
{
    (void)state;
    ldf_run_info_t bi = {.run = 1, .source = "oracle", .git_dirty = -1};
    ldf_run_info_t hi = {.run = 2, .source = "lobsim", .git_dirty = -1};
    ldf_run_t *b = ldf_run_create("base", &bi), *h = ldf_run_create("head", &hi);
    static const uint64_t kchars[] = {2, 8, 32}, model[] = {105, 60, 40};
    for (size_t i = 0; i < 3; i++) {
        ldf_case_t c = mkcase("insert", "local", kchars[i], 100);
        assert_int_equal(ldf_run_add_case(b, &c), SIM_OK);
        c.stats.v[SIM_STAT_DB_BLOCK_GETS] = model[i];
        assert_int_equal(ldf_run_add_case(h, &c), SIM_OK);
    }
    ldf_opts_t o;
    ldf_opts_defaults(&o);
    ldf_diff_t *d = ldf_diff_create(&o, b, h);
    char *t = render(d, ldf_render_text);
    if (!strstr(t, "3 cells in 3 cases: 1 within 10%, 2 within 2x; furthest: local 32k 'db block "
                   "gets' (lobsim 40, oracle 100, ratio "))
        fail_msg("text:\n%s", t);
    free(t);
    ldf_diff_destroy(d);
    ldf_run_destroy(b);
    ldf_run_destroy(h);
}

/* A calibration with no case in common: one line naming each run's LOB
 * sizes (the model's first), not "0 cells in 0 cases", and no lists of
 * cases of one run only, which would repeat it.  With a size in common
 * but no case (another path), the line says "case" and the lists follow. */
static void test_no_size_in_common(void **state)
{
    (void)state;
    ldf_run_info_t bi = {.run = 1, .source = "oracle", .git_dirty = -1};
    ldf_run_info_t hi = {.run = 2, .source = "lobsim", .git_dirty = -1};
    ldf_run_t *b = ldf_run_create("base", &bi), *h = ldf_run_create("head", &hi);
    static const uint64_t oracle[] = {4, 2, 4}, model[] = {3, 1, 3};
    for (size_t i = 0; i < 3; i++) {
        ldf_case_t c = mkcase("insert", i == 2 ? "dblink" : "local", oracle[i], 100);
        assert_int_equal(ldf_run_add_case(b, &c), SIM_OK);
        c = mkcase("insert", i == 2 ? "dblink" : "local", model[i], 100);
        assert_int_equal(ldf_run_add_case(h, &c), SIM_OK);
    }
    ldf_opts_t o;
    ldf_opts_defaults(&o);
    ldf_diff_t *d = ldf_diff_create(&o, b, h);
    char *t = render(d, ldf_render_text);
    if (!strstr(t, "\nno LOB size in common, nothing compared: lobsim (run 2) has LOB sizes 1k, "
                   "3k; oracle (run 1) has LOB sizes 2k, 4k\n") ||
        strstr(t, "cells in") || strstr(t, "only in"))
        fail_msg("text:\n%s", t);
    free(t);
    ldf_diff_destroy(d);
    ldf_run_destroy(h);

    h = ldf_run_create("head", &hi);
    ldf_case_t c = mkcase("insert", "dblink", 2, 100);
    c.block_size = 16384;
    assert_int_equal(ldf_run_add_case(h, &c), SIM_OK);
    d = ldf_diff_create(&o, b, h);
    t = render(d, ldf_render_text);
    if (!strstr(t, "\nno case in common, nothing compared: lobsim (run 2) has LOB size 2k; oracle "
                   "(run 1) has LOB sizes 2k, 4k\n") ||
        !strstr(t, "\nonly in lobsim: dblink 2k, block 16k, 10000 rows\n"))
        fail_msg("text:\n%s", t);
    free(t);
    ldf_diff_destroy(d);
    ldf_run_destroy(b);
    ldf_run_destroy(h);
}

/* ---- the order of the workloads ------------------------------------------ */

/* The workloads of the pairs, in the order of the diff, "/"-separated. */
static void pair_order(ldf_run_t *b, ldf_run_t *h, char *out, size_t len)
{
    ldf_opts_t o;
    ldf_opts_defaults(&o);
    ldf_diff_t *d = ldf_diff_create(&o, b, h);
    assert_non_null(d);
    char *t = render(d, ldf_render_json);
    jv_t *root = json_must_parse(t);
    const jv_t *cases = jget(root, "cases");
    size_t used = 0;
    out[0] = '\0';
    for (size_t i = 0; i < cases->n; i++)
        used += (size_t)snprintf(out + used, len - used, "%s:%s ", jstr(cases->v[i], "workload"),
                                 jstr(cases->v[i], "status"));
    jfree(root);
    free(t);
    ldf_diff_destroy(d);
}

static ldf_run_t *run_of(const char *role, const char *const *wl, const uint32_t *rank, size_t n)
{
    ldf_run_info_t info = {.run = 1, .source = "lobsim", .git_dirty = -1};
    ldf_run_t *r = ldf_run_create(role, &info);
    assert_non_null(r);
    for (size_t i = 0; i < n; i++) {
        ldf_case_t c = mkcase(wl[i], "local", 2, 7);
        c.workload_rank = rank ? rank[i] : 0;
        assert_int_equal(ldf_run_add_case(r, &c), SIM_OK);
    }
    return r;
}

/* The ranks a store gives (or a caller), not the names, order the report;
 * equal ranks go by name; a name both runs have takes head's rank. */
static void test_workload_order(void **state)
{
    (void)state;
    static const char *const wl[] = {"zeta", "rows", "alpha", "scan", "insert"};
    static const uint32_t rank[] = {LDF_RANK_UNKNOWN, 2, LDF_RANK_UNKNOWN, 1, 0};
    char order[512];
    ldf_run_t *b = run_of("base", wl, rank, 5), *h = run_of("head", wl, rank, 5);
    pair_order(b, h, order, sizeof order);
    assert_string_equal(order, "insert:compared scan:compared rows:compared alpha:compared "
                               "zeta:compared ");
    ldf_run_destroy(b);
    ldf_run_destroy(h);

    /* No ranks given: by name. */
    b = run_of("base", wl, NULL, 5);
    h = run_of("head", wl, NULL, 5);
    pair_order(b, h, order, sizeof order);
    assert_string_equal(order, "alpha:compared insert:compared rows:compared scan:compared "
                               "zeta:compared ");
    ldf_run_destroy(b);
    ldf_run_destroy(h);

    /* Two stores that rank rows differently (head's table has a workload
     * more, "newer", before it): every case still pairs, in head's order. */
    static const char *const bw[] = {"insert", "rows", "scan"};
    static const uint32_t br[] = {0, 1, 2};
    static const char *const hw[] = {"insert", "newer", "rows", "scan"};
    static const uint32_t hr[] = {0, 1, 2, 3};
    b = run_of("base", bw, br, 3);
    h = run_of("head", hw, hr, 4);
    pair_order(b, h, order, sizeof order);
    assert_string_equal(order, "insert:compared newer:only_in_head rows:compared "
                               "scan:compared ");
    ldf_run_destroy(b);
    ldf_run_destroy(h);
}

/* ---- long labels ---------------------------------------------------------- */

static int occurrences(const char *text, const char *needle)
{
    int n = 0;
    for (const char *p = text; (p = strstr(p, needle)) != NULL; p += strlen(needle))
        n++;
    return n;
}

/*
 * A sweep of twelve parameters with long names: case k has parameter k at 1
 * and the others at 0, so every case needs all twelve in its label (over
 * 600 characters) to be told apart, and only case 11 changed.  The
 * pairing kept 8 names and labels were cut at 128 bytes, run descriptions
 * at 1024: cases 8 to 11 paired at random and no label was whole.  Now
 * exactly case 11 is reported changed, under its whole label, in every
 * format; hosts of 1200 characters are named whole.
 */
#define NSWEPT 12
static void test_long_labels(void **state)
{
    (void)state;
    static char params[NSWEPT][NSWEPT * 64], label11[NSWEPT * 64 + 16], bhost[1300], hhost[1300];
    memset(bhost, 'h', 1200);
    memcpy(hhost, bhost, 1200);
    strcpy(bhost + 1200, "-base");
    strcpy(hhost + 1200, "-head");
    ldf_run_info_t bi = {.run = 1, .source = "lobsim", .host = bhost, .git_dirty = -1};
    ldf_run_info_t hi = {.run = 2, .source = "lobsim", .host = hhost, .git_dirty = -1};
    ldf_run_t *b = ldf_run_create("base", &bi), *h = ldf_run_create("head", &hi);
    assert_true(b && h);
    for (int k = 0; k < NSWEPT; k++) {
        size_t used = 0;
        for (int j = 0; j < NSWEPT; j++)
            used += (size_t)snprintf(params[k] + used, sizeof params[k] - used,
                                     "%smodel.a_parameter_with_a_longer_name_than_most_%02d=%d",
                                     j ? " " : "", j, j == k);
        ldf_case_t c = mkcase("insert", "local", 2, 100 + (uint64_t)k);
        c.params = params[k];
        assert_int_equal(ldf_run_add_case(b, &c), SIM_OK);
        c.stats.v[SIM_STAT_DB_BLOCK_GETS] += k == 11 ? 5 : 0;
        assert_int_equal(ldf_run_add_case(h, &c), SIM_OK);
    }
    snprintf(label11, sizeof label11, "local 2k, %s", params[11]);
    assert_true(strlen(params[11]) > 600); /* more than the 512 bytes of old */
    ldf_opts_t o;
    ldf_opts_defaults(&o);
    ldf_diff_t *d = ldf_diff_create(&o, b, h);
    assert_non_null(d);
    assert_int_equal(ldf_diff_exit_status(d), LDF_EXIT_CHANGED);

    char *t = render(d, ldf_render_text);
    if (!strstr(t, "1 statistics changed in 1 of 12 cases") ||
        occurrences(t, "db block gets") != 1 || !strstr(t, label11))
        fail_msg("text: not exactly case 11, under its whole label:\n%s", t);
    char want[2700];
    snprintf(want, sizeof want, "note: hosts differ (%s, %s)", bhost, hhost);
    if (!strstr(t, want) || !strstr(t, hhost))
        fail_msg("text: the hosts not whole:\n%s", t);
    free(t);

    t = render(d, ldf_render_json);
    jv_t *root = json_must_parse(t);
    const jv_t *cases = jget(root, "cases");
    assert_int_equal(cases->n, NSWEPT);
    int changed = 0;
    for (size_t i = 0; i < cases->n; i++)
        if (jnum(cases->v[i], "statistics_changed") > 0) {
            changed++;
            assert_string_equal(jstr(cases->v[i], "variant"), params[11]);
        }
    assert_int_equal(changed, 1);
    jfree(root);
    free(t);

    /* Markdown: the heading of case 11 whole, its underscores escaped. */
    t = render(d, ldf_render_markdown);
    assert_int_equal(occurrences(t, "\n#### "), 1);
    assert_int_equal(
        occurrences(t, "a\\_parameter\\_with\\_a\\_longer\\_name\\_than\\_most\\_11=1"), 1);
    assert_non_null(
        strstr(t, "a\\_parameter\\_with\\_a\\_longer\\_name\\_than\\_most\\_11=1\n\n| statistic"));
    free(t);
    ldf_diff_destroy(d);
    ldf_run_destroy(b);
    ldf_run_destroy(h);
}

/* ---- out of memory ------------------------------------------------------------ */

/* Two runs compared and rendered every way; the first failure's code. */
static sim_err_t whole_diff(void)
{
    static const char *const wl[] = {"insert", "scan"};
    static const double real[] = {10, 11, 12}, cpu[] = {9, 10, 11};
    ldf_run_info_t bi = {.run = 1, .source = "lobsim", .params = "a=1 b=2", .git_dirty = -1};
    ldf_run_info_t hi = {.run = 2, .source = "lobsim", .params = "a=1 b=3", .git_dirty = -1};
    ldf_run_t *b = ldf_run_create("base", &bi), *h = ldf_run_create("head", &hi);
    ldf_diff_t *d = NULL;
    sim_err_t rc = b && h ? SIM_OK : SIM_ENOMEM;
    for (size_t i = 0; rc == SIM_OK && i < 8; i++) {
        ldf_case_t c = mkcase(wl[i % 2], i % 4 < 2 ? "local" : "dblink", 2 << (i / 4), 100 + i);
        c.params = "x=1";
        c.nsamples = 3;
        c.real = real;
        c.cpu = cpu;
        rc = ldf_run_add_case(b, &c);
        c.stats.v[SIM_STAT_DB_BLOCK_GETS] += i % 3;
        c.params = "x=2";
        if (rc == SIM_OK)
            rc = ldf_run_add_case(h, &c);
    }
    ldf_opts_t o;
    ldf_opts_defaults(&o);
    o.all = 1;
    if (rc == SIM_OK && !(d = ldf_diff_create(&o, b, h)))
        rc = SIM_ENOMEM;
    render_fn *fns[] = {ldf_render_text, ldf_render_markdown, ldf_render_json};
    for (size_t i = 0; rc == SIM_OK && i < 4; i++) {
        char *buf = NULL, err[256];
        size_t len = 0;
        FILE *f = open_memstream(&buf, &len);
        assert_non_null(f);
        rc = i < 3 ? fns[i](f, d) : ldf_render_plot(f, d, NULL, err, sizeof err);
        assert_int_equal(fclose(f), 0);
        if (rc == SIM_OK && len < 100)
            fail_msg("renderer %zu wrote %zu bytes", i, len);
        free(buf);
    }
    ldf_diff_destroy(d);
    ldf_run_destroy(b);
    ldf_run_destroy(h);
    return rc;
}

/* Every allocation of the library, failed in turn: each failure comes back
 * as SIM_ENOMEM (or NULL) to the caller, the process goes on, nothing leaks
 * (the sanitizers' build checks that). */
static void test_out_of_memory(void **state)
{
    (void)state;
    uint64_t n = 1;
    for (;; n++) {
        sim_fail_alloc_after(n);
        sim_err_t rc = whole_diff();
        sim_fail_alloc_after(0);
        if (rc == SIM_OK)
            break;
        assert_int_equal(rc, SIM_ENOMEM);
    }
    /* Runs, cases, copies, pairs, figures, tables, the plot: many. */
    if (n < 50)
        fail_msg("only %llu allocations", (unsigned long long)n);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_exact),
        cmocka_unit_test(test_asymptotic),
        cmocka_unit_test(test_refused),
        cmocka_unit_test(test_bonferroni),
        cmocka_unit_test(test_in_memory),
        cmocka_unit_test(test_time_verdict),
        cmocka_unit_test(test_fewest_repetitions_noted),
        cmocka_unit_test(test_derived_figures),
        cmocka_unit_test(test_from_zero_first),
        cmocka_unit_test(test_calibration_summary),
        cmocka_unit_test(test_no_size_in_common),
        cmocka_unit_test(test_workload_order),
        cmocka_unit_test(test_long_labels),
        cmocka_unit_test(test_out_of_memory),
        cmocka_unit_test(test_intervals),
        cmocka_unit_test(test_intervals_rows_unknown),
        cmocka_unit_test(test_intervals_sessions),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
