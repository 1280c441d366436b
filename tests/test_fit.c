/*
 * test_fit.c -- lobsim_fit: the compass search on functions whose minimum is
 * known, the recovery of known parameters from a synthetic measurement
 * imported into a store, a parameter the chosen statistics cannot see
 * reported free, the optimiser's probes in one descent worked by hand (its
 * first step, a step past a bound), the declared list of fittable
 * parameters and the settings taken from a session, a heap fit's folds by
 * block size and its progress reports, and a rac fit per user commit.
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
#include <unistd.h>

#include "fit.h"
#include "fs_util.h"
#include "results.h"
#include "workload.h"

/* ---- the optimiser ------------------------------------------------------- */

typedef struct {
    int64_t target[4];
    unsigned calls;
} quad_t;

/* Sum of squares away from target; coordinate 3 is not looked at. */
static double quad(const int64_t *x, void *arg)
{
    quad_t *q = arg;
    q->calls++;
    double s = 0;
    for (int i = 0; i < 3; i++)
        s += (double)(x[i] - q->target[i]) * (double)(x[i] - q->target[i]) * (i + 1);
    return s;
}

static void test_search_finds_minimum(void **state)
{
    (void)state;
    quad_t q = {.target = {37, 5, 900, 0}};
    int64_t lo[4] = {0, 0, 0, 0}, hi[4] = {1000, 10, 4000, 50}, start[4] = {500, 0, 1, 17};
    fit_search_opts_t o = {.n = 4, .lo = lo, .hi = hi, .start = start, .starts = 1, .seed = 1};
    int64_t best[4];
    fit_search_result_t r;
    assert_int_equal(fit_search(&o, quad, &q, best, &r), SIM_OK);
    assert_int_equal(best[0], 37);
    assert_int_equal(best[1], 5);
    assert_int_equal(best[2], 900);
    /* The coordinate the function ignores stays where it started. */
    assert_int_equal(best[3], 17);
    assert_true(r.f == 0.0);
    assert_int_equal(r.calls, q.calls);
}

static void test_search_respects_bounds(void **state)
{
    (void)state;
    quad_t q = {.target = {-20, 50, 900, 0}};
    int64_t lo[4] = {3, 0, 0, 0}, hi[4] = {100, 40, 4000, 0}, start[4] = {50, 10, 10, 0};
    fit_search_opts_t o = {.n = 4, .lo = lo, .hi = hi, .start = start, .starts = 3, .seed = 9};
    int64_t best[4];
    fit_search_result_t r;
    assert_int_equal(fit_search(&o, quad, &q, best, &r), SIM_OK);
    assert_int_equal(best[0], 3);  /* the lower bound nearest -20 */
    assert_int_equal(best[1], 40); /* the upper bound nearest 50 */
    assert_int_equal(best[2], 900);
    /* A start outside the bounds is refused. */
    start[0] = 2;
    assert_int_equal(fit_search(&o, quad, &q, best, &r), SIM_EINVAL);
}

/* Two basins: a local minimum of 100 at 10 behind a wall, the global one,
 * 0, at 90. */
static double two_basins(const int64_t *x, void *arg)
{
    (void)arg;
    double v = (double)x[0];
    return v < 50 ? (v - 10) * (v - 10) + 100 : (v - 90) * (v - 90);
}

static void test_search_starts_escape_local_minimum(void **state)
{
    (void)state;
    int64_t lo = 0, hi = 100, start = 10, best;
    /* step_div 100: first steps of 1, so one start cannot jump the wall. */
    fit_search_opts_t o = {
        .n = 1, .lo = &lo, .hi = &hi, .start = &start, .starts = 1, .seed = 3, .step_div = 100};
    fit_search_result_t r;
    assert_int_equal(fit_search(&o, two_basins, NULL, &best, &r), SIM_OK);
    assert_int_equal(best, 10);
    o.starts = 6;
    assert_int_equal(fit_search(&o, two_basins, NULL, &best, &r), SIM_OK);
    assert_int_equal(best, 90);
    assert_true(r.best_start > 0);
}

/* Every point the objective is asked for, in order. */
typedef struct {
    int64_t probe[32];
    unsigned n;
} trace_t;

/* Falls to the right: the minimum is the upper bound. */
static double downhill(const int64_t *x, void *arg)
{
    trace_t *t = arg;
    if (t->n < 32)
        t->probe[t->n] = x[0];
    t->n++;
    return -(double)x[0];
}

/* One descent on 0 .. 800 from 750, worked by hand: the first step is an
 * eighth of the range (100, step_div 0); 850 lies past the bound, so the
 * bound itself, 800, is tried, and taken (the step doubles to 200).  From
 * 800 every step up is the bound again, not tried; each step down fails
 * and halves the step: 600, 700, 750, 775, 788, 794, 797, 799; a failure
 * at step 1 ends the descent.  Ten calls, the minimum -800 at 800. */
static void test_search_trace(void **state)
{
    (void)state;
    int64_t lo = 0, hi = 800, start = 750, best;
    fit_search_opts_t o = {.n = 1, .lo = &lo, .hi = &hi, .start = &start, .starts = 1, .seed = 1};
    fit_search_result_t r;
    trace_t t = {.n = 0};
    assert_int_equal(fit_search(&o, downhill, &t, &best, &r), SIM_OK);
    static const int64_t want[] = {750, 800, 600, 700, 750, 775, 788, 794, 797, 799};
    char got[256] = "";
    for (unsigned i = 0; i < t.n && i < 32; i++)
        snprintf(got + strlen(got), sizeof got - strlen(got), " %lld", (long long)t.probe[i]);
    for (unsigned i = 0; i < sizeof want / sizeof want[0]; i++)
        if (t.n != sizeof want / sizeof want[0] || t.probe[i] != want[i])
            fail_msg("probes:%s; worked by hand 750 800 600 700 750 775 788 794 797 799", got);
    assert_int_equal(r.calls, 10);
    assert_int_equal(best, 800);
    assert_true(r.f == -800.0);
}

/* ---- the error, worked by hand --------------------------------------------- */

/* Local inserts of 100 rows at 2k and 32k characters, their figures the
 * model's at its defaults: case a measured 25 % above the model's db block
 * gets and 1 consistent get, case b 20 % below its db block gets and its
 * consistent gets not measured (absent, not 0).  The relative errors: a's
 * gets (m - 1.25 m) / 1.25 m = -0.2, a's consistent gets (m - 1) / 1 (a
 * measured figure below 1 is compared in absolute terms), b's gets (m -
 * 0.8 m) / 0.8 m = +0.25; the RMS over the three, over the gets alone
 * sqrt((0.04 + 0.0625) / 2), over case a's gets 0.2.  A parameter the
 * statistics cannot see (the dblink's row overhead) is free, the search
 * leaves it, and the cross-validation's folds (a LOB size each) pool the
 * same three errors by their figures: the in-sample error again.  One LOB
 * size only: no fold to leave out, no cross-validated error. */
static void test_error_worked(void **state)
{
    (void)state;
    fit_case_t fc[2];
    double gets[2], cg[2];
    for (int i = 0; i < 2; i++) {
        memset(&fc[i], 0, sizeof fc[i]);
        case_defaults(&fc[i].c);
        fc[i].c.path = CASE_PATH_LOCAL;
        fc[i].c.lob_chars = i ? 32768 : 2048;
        fc[i].c.rows = 100;
        sim_stats_t st;
        assert_int_equal(workload_run_stats(&fc[i].c, &st), SIM_OK);
        gets[i] = (double)st.v[SIM_STAT_DB_BLOCK_GETS];
        cg[i] = (double)st.v[SIM_STAT_CONSISTENT_GETS];
        assert_true(gets[i] > 0 && cg[i] > 1);
    }
    fc[0].ref[SIM_STAT_DB_BLOCK_GETS] = 1.25 * gets[0];
    fc[0].ref[SIM_STAT_CONSISTENT_GETS] = 1;
    fc[1].ref[SIM_STAT_DB_BLOCK_GETS] = 0.8 * gets[1];
    fc[0].present[SIM_STAT_DB_BLOCK_GETS] = fc[0].present[SIM_STAT_CONSISTENT_GETS] = 1;
    fc[1].present[SIM_STAT_DB_BLOCK_GETS] = 1;
    size_t params[1] = {0};
    while (strcmp(case_param_name(params[0]), "link.row_overhead_bytes") != 0)
        params[0]++;
    int stats[2] = {SIM_STAT_DB_BLOCK_GETS, SIM_STAT_CONSISTENT_GETS};
    fit_t *fit;
    char msg[256];
    assert_int_equal(fit_create(fc, 2, params, 1, stats, 2, &fit, msg, sizeof msg), SIM_OK);
    int64_t x[1] = {case_param_get(&fc[0].c, params[0])};
    double a2 = (cg[0] - 1) * (cg[0] - 1);
    double all = sqrt((0.04 + a2 + 0.0625) / 3);
    if (fabs(fit_error(fit, x, NULL, -1) - all) > 1e-9 * all)
        fail_msg("error %.12g, by hand %.12g", fit_error(fit, x, NULL, -1), all);
    assert_true(fabs(fit_error(fit, x, NULL, SIM_STAT_DB_BLOCK_GETS) - sqrt(0.05125)) < 1e-12);
    unsigned char use[2] = {1, 0};
    assert_true(fabs(fit_error(fit, x, use, SIM_STAT_DB_BLOCK_GETS) - 0.2) < 1e-12);
    fit_opts_t o;
    fit_opts_defaults(&o);
    fit_result_t r;
    assert_int_equal(fit_run(fit, &o, &r), SIM_OK);
    assert_int_equal(r.role[0], FIT_FREE);
    assert_int_equal(r.after[0], x[0]);
    assert_true(fabs(r.error_after - all) <= 1e-9 * all);
    assert_int_equal(r.cv_folds, 2);
    if (fabs(r.cv_error - all) > 1e-9 * all)
        fail_msg("cross-validated %.12g, by hand %.12g", r.cv_error, all);
    fit_destroy(fit);
    assert_int_equal(fit_create(fc, 1, params, 1, stats, 2, &fit, msg, sizeof msg), SIM_OK);
    assert_int_equal(fit_run(fit, &o, &r), SIM_OK);
    assert_true(isnan(r.cv_error));
    fit_destroy(fit);
}

/* ---- the model ----------------------------------------------------------- */

typedef struct {
    const char *name;
    uint32_t value;
} param_t;

/* Known non-default parameters the synthetic measurement is made with. */
static const param_t truth[] = {
    {"dsp.search_gets", 400},     /* default 310 */
    {"dsp.refill_gets", 7},       /* default 4 */
    {"undo.space_cv_bytes", 300}, /* default 230 */
    {"row.insert_row_gets", 5},   /* default 2 */
};
#define NTRUTH (sizeof truth / sizeof truth[0])

static const uint64_t sizes[] = {2, 16, 64};
#define NSIZES 3
#define ROWS 2000

/* The model's figures at the true parameters, imported as an Oracle run of
 * both paths at three LOB sizes into the store at db. */
static void import_synthetic(const char *db)
{
    static res_named_value_t figs[2 * NSIZES][SIM_STAT_COUNT];
    res_import_session_t ss[2 * NSIZES];
    for (int p = 0; p < 2; p++)
        for (int i = 0; i < NSIZES; i++) {
            case_t c;
            case_defaults(&c);
            c.path = (case_path_t)p;
            c.lob_chars = sizes[i] * 1024;
            c.rows = ROWS;
            for (size_t k = 0; k < NTRUTH; k++)
                assert_int_equal(case_set_param(&c, truth[k].name, truth[k].value), 0);
            sim_stats_t st;
            assert_int_equal(workload_run_stats(&c, &st), SIM_OK);
            res_import_session_t *s = &ss[p * NSIZES + i];
            memset(s, 0, sizeof *s);
            s->workload = "insert";
            s->path = case_path_name(c.path);
            s->lob_chars = c.lob_chars;
            s->block_size = c.block_size;
            s->rows = c.rows;
            s->figures = figs[p * NSIZES + i];
            s->nfigures = SIM_STAT_COUNT;
            for (int k = 0; k < SIM_STAT_COUNT; k++)
                figs[p * NSIZES + i][k] =
                    (res_named_value_t){sim_stat_info(k)->name, (int64_t)st.v[k]};
        }
    res_import_run_t run = {.file = "synthetic.csv",
                            .format = "csv",
                            .label = "the model at known parameters",
                            .sessions = ss,
                            .n = 2 * NSIZES};
    res_store_t *s;
    char err[512];
    if (res_open(db, RES_OPEN_CREATE, &s, err, sizeof err) != SIM_OK)
        fail_msg("res_open: %s", err);
    if (res_record_import(s, &run, 1, NULL) != SIM_OK)
        fail_msg("res_record_import: %s", res_errmsg(s));
    res_close(s);
}

typedef struct {
    char dir[64];
    char db[128];
    fit_case_t *cases;
    size_t ncases;
} fixture_t;

static int setup(void **state)
{
    fixture_t *f = calloc(1, sizeof *f);
    snprintf(f->dir, sizeof f->dir, "/tmp/lobsim-fit-XXXXXX");
    assert_non_null(mkdtemp(f->dir));
    snprintf(f->db, sizeof f->db, "%s/history.db", f->dir);
    import_synthetic(f->db);
    size_t skipped;
    int64_t run[FIT_MAX_RUNS];
    size_t nruns;
    char msg[512];
    if (fit_load(f->db, "1", 0, &f->cases, &f->ncases, &skipped, run, &nruns, msg, sizeof msg) !=
        SIM_OK)
        fail_msg("fit_load: %s", msg);
    assert_int_equal(f->ncases, 2 * NSIZES);
    assert_int_equal(skipped, 0);
    *state = f;
    return 0;
}

static int teardown(void **state)
{
    fixture_t *f = *state;
    sim_free(f->cases);
    remove_tree(f->dir);
    free(f);
    return 0;
}

/* The registry indices of the named parameters. */
static size_t param_index(const char *name)
{
    for (size_t i = 0; i < case_param_count(); i++)
        if (strcmp(case_param_name(i), name) == 0)
            return i;
    fail_msg("no parameter %s", name);
    return 0;
}

static void test_recovers_known_parameters(void **state)
{
    fixture_t *f = *state;
    size_t params[NTRUTH];
    for (size_t k = 0; k < NTRUTH; k++)
        params[k] = param_index(truth[k].name);
    int stats[SIM_STAT_COUNT];
    size_t ns = 0;
    for (int s = 0; s < SIM_STAT_COUNT; s++)
        stats[ns++] = s;
    fit_t *fit;
    char msg[256];
    assert_int_equal(
        fit_create(f->cases, f->ncases, params, NTRUTH, stats, ns, &fit, msg, sizeof msg), SIM_OK);
    fit_opts_t o;
    fit_opts_defaults(&o);
    fit_result_t r;
    assert_int_equal(fit_run(fit, &o, &r), SIM_OK);
    for (size_t k = 0; k < NTRUTH; k++) {
        double dev = fabs((double)r.after[k] - truth[k].value) / truth[k].value;
        printf("%-24s default %5lld  fitted %5lld  true %5u  %s\n", truth[k].name,
               (long long)r.before[k], (long long)r.after[k], truth[k].value,
               r.role[k] == FIT_PINNED ? "pinned" : "free");
        /* Every one of them moves some statistic: the data pins it. */
        assert_int_equal(r.role[k], FIT_PINNED);
        if (dev > 0.02)
            fail_msg("%s: fitted %lld, true %u (%.1f%% off)", truth[k].name, (long long)r.after[k],
                     truth[k].value, 100 * dev);
    }
    assert_true(r.error_before > 0.01);
    assert_true(r.error_after < r.error_before);
    assert_true(r.cv_folds == NSIZES);
    printf("error %.4f -> %.6f, cross-validated %.6f, %u evaluations\n", r.error_before,
           r.error_after, r.cv_error, r.evaluations);
    fit_destroy(fit);
}

static void test_unseen_parameter_is_free(void **state)
{
    fixture_t *f = *state;
    /* heap.dict_reads is a heap parse's; link.open_roundtrips counts round
     * trips: neither moves the insert's undo or gets on the local path. */
    size_t params[3] = {param_index("dsp.refill_gets"), param_index("heap.dict_reads"),
                        param_index("link.open_roundtrips")};
    int stats[2] = {SIM_STAT_DB_BLOCK_GETS, SIM_STAT_DBLINK_ROUNDTRIPS};
    fit_t *fit;
    char msg[256];
    assert_int_equal(fit_create(f->cases, f->ncases, params, 3, stats, 2, &fit, msg, sizeof msg),
                     SIM_OK);
    fit_opts_t o;
    fit_opts_defaults(&o);
    o.cross_validate = 0;
    fit_result_t r;
    assert_int_equal(fit_run(fit, &o, &r), SIM_OK);
    assert_int_equal(r.role[0], FIT_PINNED);
    assert_int_equal(r.role[1], FIT_FREE);
    assert_int_equal(r.role[2], FIT_PINNED); /* the dblink sessions count round trips */
    assert_int_equal(r.after[1], r.before[1]);
    /* The parameter file says so. */
    char path[160];
    snprintf(path, sizeof path, "%s/params.txt", f->dir);
    FILE *fp = fopen(path, "w");
    fit_write_params(fit, &r, "test", fp);
    fclose(fp);
    fp = fopen(path, "r");
    char text[2048];
    size_t n = fread(text, 1, sizeof text - 1, fp);
    fclose(fp);
    text[n] = '\0';
    assert_non_null(strstr(text, "# free: the statistics do not see it; default 2\n"
                                 "# heap.dict_reads=2\n"));
    fit_destroy(fit);

    /* Without the dblink sessions no chosen statistic sees the link either. */
    fit_case_t local[NSIZES];
    size_t nl = 0;
    for (size_t i = 0; i < f->ncases; i++)
        if (f->cases[i].c.path == CASE_PATH_LOCAL)
            local[nl++] = f->cases[i];
    assert_int_equal(nl, NSIZES);
    stats[1] = SIM_STAT_UNDO_CV_SIZE;
    assert_int_equal(fit_create(local, nl, params, 3, stats, 2, &fit, msg, sizeof msg), SIM_OK);
    assert_int_equal(fit_run(fit, &o, &r), SIM_OK);
    assert_int_equal(r.role[0], FIT_PINNED);
    assert_int_equal(r.role[2], FIT_FREE);
    fit_destroy(fit);
}

static void test_statistic_not_measured_refused(void **state)
{
    fixture_t *f = *state;
    fit_case_t c = f->cases[0];
    memset(c.present, 0, sizeof c.present);
    c.present[SIM_STAT_DB_BLOCK_GETS] = 1;
    size_t params[1] = {param_index("dsp.refill_gets")};
    int stats[1] = {SIM_STAT_CONSISTENT_GETS};
    fit_t *fit;
    char msg[256];
    assert_int_equal(fit_create(&c, 1, params, 1, stats, 1, &fit, msg, sizeof msg), SIM_EINVAL);
    assert_null(fit);
    assert_non_null(strstr(msg, "'consistent gets' has no measured figure"));
}

/* ---- what may be fitted ---------------------------------------------------- */

static void test_fittable_list(void **state)
{
    (void)state;
    case_t d;
    case_defaults(&d);
    size_t fams[3] = {0};
    for (size_t i = 0; i < fit_fittable_count(); i++) {
        const fit_fittable_t *p = fit_fittable(i);
        size_t k = 0;
        while (k < case_param_count() && strcmp(case_param_name(k), p->name) != 0)
            k++;
        if (k == case_param_count())
            fail_msg("fittable '%s' is not a parameter of the model", p->name);
        /* A setting of the measurement is never fitted. */
        if (fit_is_setting(p->name))
            fail_msg("'%s' is both fittable and a setting", p->name);
        int fam = strcmp(p->family, "lob") == 0    ? 0
                  : strcmp(p->family, "heap") == 0 ? 1
                  : strcmp(p->family, "rac") == 0  ? 2
                                                   : -1;
        assert_true(fam >= 0);
        fams[fam]++;
        assert_true(strlen(p->why) > 10);
        uint32_t def = case_param_get(&d, k);
        uint64_t hi = p->hi ? p->hi : 4ULL * def + 16;
        if (def < p->lo || def > hi)
            fail_msg("'%s': default %u outside its bounds %u..%llu", p->name, def, p->lo,
                     (unsigned long long)hi);
        assert_ptr_equal(fit_fittable_find(p->name), p);
    }
    assert_true(fams[0] > 0 && fams[1] > 0 && fams[2] > 0);
    assert_null(fit_fittable(fit_fittable_count()));
    /* A format, a documented value, a setting: not fittable. */
    assert_null(fit_fittable_find("heap.pctfree"));
    assert_null(fit_fittable_find("cluster.message_bytes"));
    assert_null(fit_fittable_find("rac.users"));
    assert_true(fit_is_setting("rac.users"));
}

static void test_settings_from_session(void **state)
{
    (void)state;
    case_t c;
    case_defaults(&c);
    fit_apply_settings(&c, "rac.users=40 rac.redo_bytes=999  heap.dict_cache=warm bogus=1 "
                           "heap.pctfree=20 rac.interconnect=1gbe heap.dict_reads=7");
    assert_int_equal(c.rac.users, 40);
    assert_int_equal(c.heap.dict_cache, HS_DICT_WARM);
    assert_int_equal(c.heap.pctfree, 20);
    assert_int_equal(c.rac.interconnect, CASE_LINK_1GBE);
    /* What is fitted stays at the model's default. */
    assert_int_equal(c.rac.redo_bytes, 400);
    assert_int_equal(c.heap.dict_reads, 2);
    fit_apply_settings(&c, NULL);
    assert_int_equal(c.rac.users, 40);
}

/* ---- a heap fit: folds by block size, progress ------------------------------ */

typedef struct {
    const char *stage[64];
    unsigned nstages;
    unsigned sweeps, calls;
    unsigned last_evaluations, last_sweep, last_round;
    double last_best;
    int bad; /* a report out of order */
} seen_t;

static void record(const fit_progress_t *p, void *arg)
{
    seen_t *s = arg;
    if (s->nstages == 0 || strcmp(s->stage[s->nstages - 1], p->stage) != 0) {
        assert_true(s->nstages < 64);
        s->stage[s->nstages++] = p->stage;
        s->last_best = INFINITY;
        s->last_round = p->round;
        s->last_sweep = 0;
    }
    /* Counts never go back; within a round the best never rises and the
     * sweeps count up by one. */
    s->bad |= p->evaluations < s->last_evaluations;
    s->bad |= p->round < s->last_round || p->round > p->rounds;
    if (p->round != s->last_round) {
        s->last_round = p->round;
        s->last_sweep = 0;
        s->last_best = INFINITY;
    }
    s->bad |= p->best > s->last_best && strcmp(p->stage, "cross-validation") != 0;
    if (p->end_of_sweep) {
        s->bad |= p->sweep != s->last_sweep + 1;
        s->last_sweep = p->sweep;
        s->sweeps++;
    } else {
        s->calls++;
    }
    s->last_evaluations = p->evaluations;
    s->last_best = p->best;
}

/* The model's case of workload w at block size bs, its figures made with
 * the named parameter at value v. */
static fit_case_t made_case(const char *w, uint32_t bs, uint64_t rows, const char *name, uint32_t v)
{
    fit_case_t fc;
    memset(&fc, 0, sizeof fc);
    case_defaults(&fc.c);
    fc.c.workload = (unsigned)workload_find(w);
    fc.c.block_size = bs;
    fc.c.rows = rows;
    case_t t = fc.c;
    assert_int_equal(case_set_param(&t, name, v), 0);
    sim_stats_t st;
    assert_int_equal(workload_run_stats(&t, &st), SIM_OK);
    for (int k = 0; k < SIM_STAT_COUNT; k++) {
        fc.ref[k] = (double)st.v[k];
        fc.present[k] = 1;
    }
    return fc;
}

static void test_heap_fit_folds_and_progress(void **state)
{
    (void)state;
    fit_case_t cases[4] = {
        made_case("fts", 8192, 20000, "heap.dict_reads", 4),
        made_case("fts", 16384, 20000, "heap.dict_reads", 4),
        made_case("range", 8192, 20000, "heap.dict_reads", 4),
        made_case("range", 16384, 20000, "heap.dict_reads", 4),
    };
    size_t params[2] = {param_index("heap.dict_reads"), param_index("heap.recursive_calls")};
    int stats[3] = {SIM_STAT_PHYS_READS, SIM_STAT_PHYS_READS_CACHE, SIM_STAT_RECURSIVE_CALLS};
    fit_t *fit;
    char msg[256];
    assert_int_equal(fit_create(cases, 4, params, 2, stats, 3, &fit, msg, sizeof msg), SIM_OK);
    seen_t seen = {0};
    fit_opts_t o;
    fit_opts_defaults(&o);
    o.starts = 2;
    o.progress = record;
    o.progress_arg = &seen;
    fit_result_t r;
    assert_int_equal(fit_run(fit, &o, &r), SIM_OK);
    assert_int_equal(r.after[0], 4);
    assert_int_equal(r.after[1], 5);
    assert_true(r.error_after == 0.0);
    /* Two block sizes: a fold leaves one out (not a query). */
    assert_string_equal(r.cv_axis, "block size");
    assert_int_equal(r.cv_folds, 2);
    /* Every stage reported, in order, each report in order. */
    assert_int_equal(seen.nstages, 3);
    assert_string_equal(seen.stage[0], "free parameters");
    assert_string_equal(seen.stage[1], "search");
    assert_string_equal(seen.stage[2], "cross-validation");
    assert_int_equal(seen.bad, 0);
    assert_true(seen.sweeps >= 4 && seen.calls > seen.sweeps);
    assert_int_equal(seen.last_evaluations, r.evaluations);
    fit_destroy(fit);

    /* A non-fittable parameter is refused. */
    params[1] = param_index("heap.pctfree");
    assert_int_equal(fit_create(cases, 4, params, 2, stats, 3, &fit, msg, sizeof msg), SIM_EINVAL);
    assert_non_null(strstr(msg, "'heap.pctfree' may not be fitted"));
}

/* ---- a rac fit per user commit ---------------------------------------------- */

static void test_rac_fit_per_commit(void **state)
{
    (void)state;
    /* The measurement: a window twice as long as the model's run, at
     * rac.redo_bytes 520.  Per commit the windows compare. */
    fit_case_t c;
    memset(&c, 0, sizeof c);
    case_defaults(&c.c);
    c.c.workload = (unsigned)workload_find("rac");
    c.c.rows = 100000;
    c.c.rac.transactions = 300;
    c.c.rac.warmup = 50;
    c.c.rac.users = 10;
    case_t t = c.c;
    t.rac.transactions = 600;
    t.rac.redo_bytes = 520;
    sim_stats_t st;
    assert_int_equal(workload_run_stats(&t, &st), SIM_OK);
    c.per_commit = 1;
    c.present[SIM_STAT_REDO_SIZE] = 1;
    c.ref[SIM_STAT_REDO_SIZE] =
        (double)st.v[SIM_STAT_REDO_SIZE] / (double)st.v[SIM_STAT_USER_COMMITS];
    size_t params[1] = {param_index("rac.redo_bytes")};
    int stats[1] = {SIM_STAT_REDO_SIZE};
    fit_t *fit;
    char msg[256];
    assert_int_equal(fit_create(&c, 1, params, 1, stats, 1, &fit, msg, sizeof msg), SIM_OK);
    fit_opts_t o;
    fit_opts_defaults(&o);
    o.starts = 1;
    fit_result_t r;
    assert_int_equal(fit_run(fit, &o, &r), SIM_OK);
    printf("rac.redo_bytes fitted %lld (true 520), error %.4f -> %.6f\n", (long long)r.after[0],
           r.error_before, r.error_after);
    if (fabs((double)r.after[0] - 520) / 520 > 0.02)
        fail_msg("rac.redo_bytes: fitted %lld, true 520", (long long)r.after[0]);
    /* One case: nothing to leave out. */
    assert_null(r.cv_axis);
    fit_destroy(fit);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_error_worked),
        cmocka_unit_test(test_search_finds_minimum),
        cmocka_unit_test(test_search_respects_bounds),
        cmocka_unit_test(test_search_starts_escape_local_minimum),
        cmocka_unit_test(test_search_trace),
        cmocka_unit_test_setup_teardown(test_recovers_known_parameters, setup, teardown),
        cmocka_unit_test_setup_teardown(test_unseen_parameter_is_free, setup, teardown),
        cmocka_unit_test_setup_teardown(test_statistic_not_measured_refused, setup, teardown),
        cmocka_unit_test(test_fittable_list),
        cmocka_unit_test(test_settings_from_session),
        cmocka_unit_test(test_heap_fit_folds_and_progress),
        cmocka_unit_test(test_rac_fit_per_commit),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
