/*
 * test_rac.c -- the rac workload against the third experiment's given bars
 * (oracle_rac_blocksize.csv), and its inputs and mechanisms.
 */
#include <math.h>
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "rac_sim.h"
#include "workload.h"

/* The given bars, copied from oracle_rac_blocksize.csv (8k -> 4k, %). */
static const struct {
    const char *figure;
    double change;
    double tolerance; /* percentage points; 0: max(3, half the change) */
} bars[] = {
    {"estd interconnect traffic in KB", -47, 3},
    {"GCS/GES messages sent and received", 4, 0},
    {"global cache blocks served and received", 2, 0},
    {"transactions per minute", 4, 0},
    {"cluster wait class", -4.5, 0},
};

static void rac_case(case_t *c, uint32_t block_size, uint64_t seed)
{
    case_defaults(c);
    c->workload = (unsigned)workload_find("rac");
    c->rows = 100000;
    c->block_size = block_size;
    c->seed = seed;
}

static void figures(const case_t *c, double fig[RAC_FIGURES])
{
    sim_stats_t st;
    assert_int_equal(workload_run_stats(c, &st), SIM_OK);
    rac_figures(&st, fig);
}

static size_t figure_index(const char *name)
{
    for (size_t i = 0; i < RAC_FIGURES; i++)
        if (strcmp(rac_figure_name(i), name) == 0)
            return i;
    fail_msg("no figure '%s'", name);
    return 0;
}

static void test_given_bars(void **state)
{
    (void)state;
    for (uint64_t seed = 1; seed <= 3; seed++) {
        case_t c8, c4;
        rac_case(&c8, 8192, seed);
        rac_case(&c4, 4096, seed);
        double f8[RAC_FIGURES], f4[RAC_FIGURES];
        figures(&c8, f8);
        figures(&c4, f4);
        for (size_t b = 0; b < sizeof bars / sizeof bars[0]; b++) {
            size_t k = figure_index(bars[b].figure);
            assert_true(f8[k] > 0);
            double model = 100.0 * (f4[k] / f8[k] - 1.0), pub = bars[b].change;
            double tol = bars[b].tolerance;
            if (tol == 0)
                tol = fabs(pub) / 2 > 3 ? fabs(pub) / 2 : 3;
            if ((model > 0) != (pub > 0) || fabs(model - pub) > tol)
                fail_msg("seed %llu: %s: model %+.1f %%, published %+.1f %% (+- %.1f)",
                         (unsigned long long)seed, bars[b].figure, model, pub, tol);
        }
    }
}

/* Same case, same figures; another seed, other figures. */
static void test_deterministic(void **state)
{
    (void)state;
    case_t c;
    rac_case(&c, 8192, 7);
    c.rac.transactions = 2000;
    sim_stats_t a, b;
    assert_int_equal(workload_run_stats(&c, &a), SIM_OK);
    assert_int_equal(workload_run_stats(&c, &b), SIM_OK);
    assert_memory_equal(&a, &b, sizeof a);
    c.seed = 8;
    assert_int_equal(workload_run_stats(&c, &b), SIM_OK);
    assert_true(memcmp(&a, &b, sizeof a) != 0);
}

/* Every instance on its own rows in one run each, no hot rows: nothing
 * but the space metadata and the undo headers can travel, so far fewer
 * blocks than with the defaults; and rows owned in short runs (every block
 * shared) ship more at 8k than at 4k per transaction. */
static void test_sharing(void **state)
{
    (void)state;
    case_t c;
    rac_case(&c, 8192, 1);
    c.rac.transactions = 5000;
    sim_stats_t st;
    assert_int_equal(workload_run_stats(&c, &st), SIM_OK);
    uint64_t shared = st.v[SIM_STAT_GC_CR_RECEIVED] + st.v[SIM_STAT_GC_CURRENT_RECEIVED];
    c.rac.affinity_pm = 1000;
    c.rac.hot_pm = 0;
    c.rac.run_rows = 50000;
    assert_int_equal(workload_run_stats(&c, &st), SIM_OK);
    uint64_t own = st.v[SIM_STAT_GC_CR_RECEIVED] + st.v[SIM_STAT_GC_CURRENT_RECEIVED];
    assert_true(own * 20 < shared);
    assert_int_equal(st.v[SIM_STAT_USER_COMMITS], 5000);

    rac_case(&c, 8192, 1);
    c.rac.transactions = 5000;
    c.rac.run_rows = 150; /* a 4k block holds about 105 rows, an 8k one 215 */
    assert_int_equal(workload_run_stats(&c, &st), SIM_OK);
    uint64_t at8 = st.v[SIM_STAT_GC_CR_RECEIVED] + st.v[SIM_STAT_GC_CURRENT_RECEIVED];
    c.block_size = 4096;
    assert_int_equal(workload_run_stats(&c, &st), SIM_OK);
    uint64_t at4 = st.v[SIM_STAT_GC_CR_RECEIVED] + st.v[SIM_STAT_GC_CURRENT_RECEIVED];
    assert_true(at4 * 10 < at8 * 9);
}

static void expect_refused(case_t *c, const char *needle)
{
    char msg[256] = "";
    assert_int_equal(workload_validate(c, msg, sizeof msg), SIM_EINVAL);
    if (strstr(msg, needle) == NULL)
        fail_msg("message '%s' does not name '%s'", msg, needle);
    assert_null(strchr(msg, '\n'));
}

static void test_bad_input(void **state)
{
    (void)state;
    case_t c;
    char msg[256];
    rac_case(&c, 8192, 1);
    assert_int_equal(workload_validate(&c, msg, sizeof msg), SIM_OK);
    c.rac.instances = 1;
    expect_refused(&c, "rac.instances");
    rac_case(&c, 8192, 1);
    c.rac.users = 0;
    expect_refused(&c, "rac.users");
    rac_case(&c, 8192, 1);
    c.rac.affinity_pm = 1001;
    expect_refused(&c, "rac.affinity_pm");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_given_bars),
        cmocka_unit_test(test_deterministic),
        cmocka_unit_test(test_sharing),
        cmocka_unit_test(test_bad_input),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
