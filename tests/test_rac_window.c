/*
 * test_rac_window.c -- the rac AWR window is a length of model time
 * (rac.window_ms after the warm-up), as AWR's snapshots are taken on a
 * clock: its length is the one asked for, and a figure per second or per
 * transaction is a rate, so a window twice as long leaves it within the
 * noise between seeds, where a count of the window would double.
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

#define SEEDS 3

static void rac_case(case_t *c, uint32_t window_ms, uint64_t seed)
{
    case_defaults(c);
    c->workload = (unsigned)workload_find("rac");
    c->rows = 100000;
    c->block_size = 8192;
    c->seed = seed;
    c->rac.users = 40;
    c->rac.window_ms = window_ms;
}

static int is_rate(const char *name)
{
    return strstr(name, "per second") || strstr(name, "per transaction") ||
           strstr(name, "(s per s)") || strstr(name, "per minute");
}

/* A window of 1.5 s and one of 3 s: every figure per second or per
 * transaction of the cluster moves by no more than three times its spread
 * over three seeds at 1.5 s, 2 % of itself and, for a count a second,
 * three times its Poisson spread (rare events: no spread over the seeds). */
static void test_doubling_the_window(void **state)
{
    (void)state;
    static rac_report_t one[SEEDS], two;
    for (int s = 0; s < SEEDS; s++) {
        case_t c;
        rac_case(&c, 1500, (uint64_t)s + 1);
        assert_int_equal(rac_report(&c, &one[s]), SIM_OK);
        assert_true(one[s].elapsed_s == 1.5);
    }
    case_t c;
    rac_case(&c, 3000, 1);
    assert_int_equal(rac_report(&c, &two), SIM_OK);
    assert_true(two.elapsed_s == 3.0);
    assert_int_equal(two.n, one[0].n);
    size_t rates = 0;
    for (size_t i = 0; i < two.n; i++) {
        const rac_line_t *l = &two.line[i];
        assert_string_equal(l->name, one[0].line[i].name);
        if (!is_rate(l->name))
            continue;
        double lo = one[0].line[i].v[2], hi = lo;
        int rare = 0;
        for (int s = 0; s < SEEDS; s++)
            rare |= one[s].line[i].v[2] == 0;
        if (rare) /* an event some seed did not see in 1.5 s: no noise to go by */
            continue;
        for (int s = 1; s < SEEDS; s++) {
            lo = fmin(lo, one[s].line[i].v[2]);
            hi = fmax(hi, one[s].line[i].v[2]);
        }
        /* A rare event's rate: its count's Poisson spread as well. */
        double v = fabs(one[0].line[i].v[2]);
        double poisson = strstr(l->name, "per second") ? 3 * sqrt(v * 1.5 + 1) / 1.5 : 0;
        double tol = 3 * (hi - lo) + 0.02 * v + poisson + 1e-9;
        if (fabs(l->v[2] - one[0].line[i].v[2]) > tol)
            fail_msg("%s: %s: %g in 1.5 s, %g in 3 s (seeds %g .. %g)", l->section, l->name,
                     one[0].line[i].v[2], l->v[2], lo, hi);
        rates++;
    }
    printf("%zu figures per second or per transaction within their noise\n", rates);
    assert_true(rates > 100);
}

/* A count of transactions, when set, closes the window first. */
static void test_transactions_close_it_first(void **state)
{
    (void)state;
    case_t c;
    rac_case(&c, 60000, 1);
    c.rac.transactions = 500;
    static rac_report_t rep;
    assert_int_equal(rac_report(&c, &rep), SIM_OK);
    const rac_line_t *tpm = rac_report_line(&rep, RAC_SEC_LOAD, "Transactions per minute");
    assert_non_null(tpm);
    /* 500 commits (or one or two more at the same instant) in the window. */
    double commits = tpm->v[2] / 60 * rep.elapsed_s;
    assert_true(commits >= 499.5 && commits < 503);
    assert_true(rep.elapsed_s < 1.0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_doubling_the_window),
        cmocka_unit_test(test_transactions_close_it_first),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
