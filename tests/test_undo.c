/* test_undo.c -- undo records and change vector sizes. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

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
    /* By hand, from the default sizes: two record headers of 24 bytes, two
     * LOB vectors of 350, one space vector of 230 and one HWM vector of
     * 600: 48 + 700 + 230 + 600 = 1,578 bytes. */
    assert_int_equal(undo_bytes(u), 1578);
    assert_int_equal(undo_stats(u)->v[SIM_STAT_UNDO_CV_SIZE], 1578);
    assert_int_equal(undo_vectors(u, UNDO_CV_LOB), 2);
    assert_int_equal(undo_vectors(u, UNDO_CV_LOB_MAP), 0);
    undo_destroy(u);
    undo_destroy(NULL);
}

/* n records and vectors at once count what n calls count, bytes by hand:
 * 3 records (3 x 24), 4 map vectors (4 x 20), 0 LOB vectors: 152 bytes. */
static void test_n_at_once(void **state)
{
    (void)state;
    undo_params_t p;
    undo_params_defaults(&p);
    undo_log_t *u;
    assert_int_equal(undo_create(&p, &u), SIM_OK);
    undo_record_n(u, 3);
    undo_vector_n(u, UNDO_CV_LOB_MAP, 4);
    undo_vector_n(u, UNDO_CV_LOB, 0);
    assert_int_equal(undo_check(u), SIM_OK);
    assert_int_equal(undo_records(u), 3);
    assert_int_equal(undo_stats(u)->v[SIM_STAT_USED_UREC], 3);
    assert_int_equal(undo_vectors(u, UNDO_CV_LOB_MAP), 4);
    assert_int_equal(undo_vectors(u, UNDO_CV_LOB), 0);
    assert_int_equal(undo_bytes(u), 152);
    assert_int_equal(undo_stats(u)->v[SIM_STAT_UNDO_CV_SIZE], 152);
    undo_destroy(u);
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

/*
 * One corruption per invariant, through undo_int.h right before the check;
 * the log is destroyed right after it (debug builds check after every
 * state change and would stop at the next one).
 */
typedef void (*undo_corrupt_fn)(undo_log_t *u);

static void undo_record_without_header(undo_log_t *u)
{
    u->records++; /* a record whose header bytes were never written */
}
static void undo_bytes_off_by_one(undo_log_t *u)
{
    u->bytes--;
}
static void undo_vector_without_bytes(undo_log_t *u)
{
    u->vectors[UNDO_CV_LOB_MAP]++;
}
static void undo_urec_off_by_one(undo_log_t *u)
{
    u->stats.v[SIM_STAT_USED_UREC]++;
}
static void undo_cv_size_off_by_one(undo_log_t *u)
{
    u->stats.v[SIM_STAT_UNDO_CV_SIZE]++;
}
static void undo_foreign_stat(undo_log_t *u)
{
    u->stats.v[SIM_STAT_ENQ_TX] = 1; /* not the undo log's to count */
}

static void test_check_catches_corruption(void **state)
{
    (void)state;
    static const struct {
        const char *what;
        undo_corrupt_fn fn;
    } cases[] = {
        {"a record without its header bytes", undo_record_without_header},
        {"bytes off by one", undo_bytes_off_by_one},
        {"a vector without its bytes", undo_vector_without_bytes},
        {"used_urec off by one", undo_urec_off_by_one},
        {"undo change vector size off by one", undo_cv_size_off_by_one},
        {"a statistic the undo log does not count", undo_foreign_stat},
    };
    undo_params_t p;
    undo_params_defaults(&p);
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        undo_log_t *u;
        assert_int_equal(undo_create(&p, &u), SIM_OK);
        undo_record(u);
        undo_vector(u, UNDO_CV_LOB);
        undo_vector(u, UNDO_CV_LOB_MAP);
        undo_record(u);
        undo_vector(u, UNDO_CV_SPACE);
        assert_int_equal(undo_check(u), SIM_OK);
        cases[i].fn(u);
        printf("undo: %s\n", cases[i].what);
        assert_int_equal(undo_check(u), SIM_ECORRUPT);
        undo_destroy(u);
    }
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
        cmocka_unit_test(test_n_at_once),
        cmocka_unit_test(test_check_catches_lost_stats),
        cmocka_unit_test(test_check_catches_corruption),
        cmocka_unit_test(test_create_enomem),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
