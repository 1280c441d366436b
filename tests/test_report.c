/*
 * test_report.c -- lobbench's outputs list every statistic of the catalogue
 * once: the table's and the CSV's order is a permutation of it, so a
 * statistic added to base/sim.h and forgotten in benchmarks/report.c fails
 * here (and at compile time, by the length).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "report.h"

static void test_order_is_the_catalogue(void **state)
{
    (void)state;
    unsigned char seen[SIM_STAT_COUNT];
    memset(seen, 0, sizeof seen);
    assert_int_equal(report_order_len, SIM_STAT_COUNT);
    for (size_t i = 0; i < report_order_len; i++) {
        assert_true((unsigned)report_order[i] < SIM_STAT_COUNT);
        assert_int_equal(seen[report_order[i]], 0);
        seen[report_order[i]] = 1;
    }
}

static void test_part_names(void **state)
{
    (void)state;
    /* Every part has a name of its own: --explain-out's component column. */
    for (int p = 0; p < CASE_PART_COUNT; p++) {
        assert_string_not_equal(case_part_name((case_part_t)p), "?");
        for (int q = 0; q < p; q++)
            assert_string_not_equal(case_part_name((case_part_t)p),
                                    case_part_name((case_part_t)q));
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_order_is_the_catalogue),
        cmocka_unit_test(test_part_names),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
