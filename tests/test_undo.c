/* test_undo.c -- undo records and change vector sizes. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "undo_int.h"

static void test_records_and_bytes(void **state)
{
    (void)state;
    undo_params_t p;
    undo_params_defaults(&p);
    undo_log_t *u;
    assert_int_equal(undo_create(&p, &u), SIM_OK);
    undo_record(u);
    undo_vector(u, UNDO_CV_LOB);
    undo_vector(u, UNDO_CV_LOB);
    undo_record(u);
    undo_vector(u, UNDO_CV_SPACE);
    undo_vector(u, UNDO_CV_HWM);
    assert_int_equal(undo_check(u), SIM_OK);
    assert_int_equal(undo_records(u), 2);
    assert_int_equal(undo_stats(u)->v[SIM_STAT_USED_UREC], 2);
    uint64_t want = 2 * p.record_bytes + 2 * p.lob_cv_bytes + p.space_cv_bytes + p.hwm_cv_bytes;
    assert_int_equal(undo_bytes(u), want);
    assert_int_equal(undo_stats(u)->v[SIM_STAT_UNDO_CV_SIZE], want);
    assert_int_equal(undo_vectors(u, UNDO_CV_LOB), 2);
    assert_int_equal(undo_vectors(u, UNDO_CV_LOB_MAP), 0);
    undo_destroy(u);
    undo_destroy(NULL);
}

static void test_check_catches_lost_stats(void **state)
{
    (void)state;
    undo_params_t p;
    undo_params_defaults(&p);
    undo_log_t *u;
    assert_int_equal(undo_create(&p, &u), SIM_OK);
    undo_record(u);
    undo_vector(u, UNDO_CV_SPACE);
    u->stats.v[SIM_STAT_USED_UREC] = 0; /* somebody reset the log's figures */
    assert_int_equal(undo_check(u), SIM_ECORRUPT);
    undo_destroy(u);
}

static void test_create_enomem(void **state)
{
    (void)state;
    undo_params_t p;
    undo_params_defaults(&p);
    undo_log_t *u = NULL;
    sim_fail_alloc_after(1);
    assert_int_equal(undo_create(&p, &u), SIM_ENOMEM);
    sim_fail_alloc_after(0);
    assert_null(u);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_records_and_bytes),
        cmocka_unit_test(test_check_catches_lost_stats),
        cmocka_unit_test(test_create_enomem),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
