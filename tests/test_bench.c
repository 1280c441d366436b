/*
 * test_bench.c -- lobbench's outputs list every statistic of the catalogue
 * once: the table's and the CSV's order is a permutation of it, so a
 * statistic added to sim/sim.h and forgotten in benchmarks/table.c fails
 * here (and at compile time, by the length).
 */
#define _POSIX_C_SOURCE 200809L

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "benchmarks.h"

static void test_order_is_the_catalogue(void **state)
{
    (void)state;
    unsigned char seen[SIM_STAT_COUNT];
    memset(seen, 0, sizeof seen);
    assert_int_equal(bench_order_len, SIM_STAT_COUNT);
    for (size_t i = 0; i < bench_order_len; i++) {
        assert_true((unsigned)bench_order[i] < SIM_STAT_COUNT);
        assert_int_equal(seen[bench_order[i]], 0);
        seen[bench_order[i]] = 1;
    }
}

static void test_part_names(void **state)
{
    (void)state;
    /* Every part has a name of its own: --explain-out's component column. */
    for (int p = 0; p < CASE_PART_COUNT; p++) {
        assert_string_not_equal(case_part_name((case_part_t)p), "?");
        for (int q = 0; q < p; q++)
            assert_string_not_equal(case_part_name((case_part_t)p), case_part_name((case_part_t)q));
    }
}

/* --stats-out of a sweep that mixes heap and LOB workloads: not written,
 * one line saying why; a heap-only sweep is written. */
static void test_mixed_csv_refused(void **state)
{
    (void)state;
    static bench_case_t cases[2];
    memset(cases, 0, sizeof cases);
    case_defaults(&cases[0].c);
    case_defaults(&cases[1].c);
    cases[1].c.workload = (unsigned)workload_find("fts");
    cases[0].ran = cases[1].ran = 1;
    char path[] = "/tmp/lobsim-report-XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    close(fd);
    unlink(path);
    char err[512] = "";
    assert_int_equal(bench_csv(path, cases, 2, err, sizeof err), 1);
    if (strstr(err, "mixes heap and LOB") == NULL || strstr(err, path) == NULL ||
        strchr(err, '\n') != NULL)
        fail_msg("message: %s", err);
    assert_int_equal(access(path, F_OK), -1);
    assert_int_equal(bench_csv(path, cases + 1, 1, err, sizeof err), 0);
    FILE *f = fopen(path, "r");
    assert_non_null(f);
    char line[128] = "";
    assert_non_null(fgets(line, sizeof line, f));
    fclose(f);
    unlink(path);
    assert_string_equal(line, "query,source,block_kb,statistic,value\n");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_order_is_the_catalogue),
        cmocka_unit_test(test_part_names),
        cmocka_unit_test(test_mixed_csv_refused),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
