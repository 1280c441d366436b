/* test_pool.c -- a BasicFile segment's reuse of freed space
 * (docs/lifecycle-sources.md (e)): its free pools (lobspace/pool.c) -- a
 * freed chunk enters its freeing transaction's pool when its retention
 * passes; a session sees only its own pool unless it looks at the others;
 * a refill takes a batch into the session's cache; a flush gives
 * everything back -- and PCTVERSION (space.c). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "lobspace_int.h"

typedef struct {
    lob_space_t *sp;
    lob_space_tx_t *a, *b; /* sessions of pools 0 and 1 */
    lob_run_t freed[6];
} seg_t;

/* Six 2-block chunks written and committed by a, then freed by a and
 * committed under a retention of 900 s, then 901 s pass: all six in pool
 * 0, none in the shared free space. */
static void build(seg_t *s)
{
    lob_space_params_t p;
    lob_space_params_defaults(&p);
    memset(s, 0, sizeof *s);
    assert_int_equal(lob_space_create(&p, &s->sp), SIM_OK);
    assert_int_equal(lob_space_pools(s->sp, 2), SIM_OK);
    assert_int_equal(lob_space_tx_create(s->sp, &s->a), SIM_OK);
    assert_int_equal(lob_space_tx_create(s->sp, &s->b), SIM_OK);
    lob_space_tx_pool(s->a, 0);
    lob_space_tx_pool(s->b, 1);
    for (int i = 0; i < 6; i++) {
        assert_int_equal(lob_space_alloc(s->sp, s->a, 2, &s->freed[i], NULL), SIM_OK);
        assert_int_equal(s->freed[i].len, 2);
    }
    assert_int_equal(lob_space_commit(s->sp, s->a, 0, LOB_RETENTION_AUTO, 900), SIM_OK);
    for (int i = 0; i < 6; i++)
        assert_int_equal(lob_space_free(s->sp, s->a, s->freed[i]), SIM_OK);
    assert_int_equal(lob_space_commit(s->sp, s->a, 0, LOB_RETENTION_AUTO, 900), SIM_OK);
    assert_int_equal(lob_space_pooled(s->sp), 0); /* unexpired yet */
    assert_int_equal(lob_space_advance(s->sp, 901), 12);
    assert_int_equal(lob_space_pooled(s->sp), 12);
    assert_int_equal(lob_space_check(s->sp), SIM_OK);
}

static void done(seg_t *s)
{
    lob_space_tx_destroy(s->a);
    lob_space_tx_destroy(s->b);
    lob_space_destroy(s->sp);
}

/* A freed chunk is free to dbms_space (expired) but not to the shared free
 * space: an ordinary allocation does not find it. */
static void test_pooled_is_expired_not_shared(void **state)
{
    (void)state;
    seg_t s;
    build(&s);
    lob_space_info_t in;
    lob_space_get_info(s.sp, &in);
    assert_true(in.expired_blocks >= 12);
    assert_int_equal(in.unexpired_blocks, 0);
    lob_run_t r;
    assert_int_equal(lob_space_alloc(s.sp, s.b, 2, &r, NULL), SIM_OK);
    for (int i = 0; i < 6; i++)
        assert_true(r.start != s.freed[i].start);
    done(&s);
}

/* Own pool only: b (pool 1) gets none; a (pool 0) gets the oldest first.
 * With the others: b gets pool 0's. */
static void test_own_pool_and_others(void **state)
{
    (void)state;
    seg_t s;
    build(&s);
    lob_run_t r;
    assert_int_equal(lob_space_pool_alloc(s.sp, s.b, 2, 0, 1, &r, NULL), SIM_OK);
    assert_int_equal(r.len, 0);
    assert_int_equal(lob_space_pool_alloc(s.sp, s.a, 2, 0, 1, &r, NULL), SIM_OK);
    assert_int_equal(r.start, s.freed[0].start);
    assert_int_equal(r.len, 2);
    uint64_t refills = 0;
    assert_int_equal(lob_space_pool_alloc(s.sp, s.b, 2, 1, 1, &r, &refills), SIM_OK);
    assert_int_equal(r.start, s.freed[1].start);
    assert_int_equal(refills, 1);
    assert_int_equal(lob_space_pooled(s.sp), 8);
    assert_int_equal(lob_space_check(s.sp), SIM_OK);
    done(&s);
}

/* A refill takes `batch` chunks into the session's cache: the next write
 * takes from the cache with no refill; a part of a cached chunk stays
 * cached; the others see no pooled chunk left; a flush gives all back. */
static void test_batch_and_flush(void **state)
{
    (void)state;
    seg_t s;
    build(&s);
    lob_run_t r;
    uint64_t refills = 0;
    assert_int_equal(lob_space_pool_alloc(s.sp, s.a, 1, 0, 4, &r, &refills), SIM_OK);
    assert_int_equal(r.len, 1); /* half a cached chunk */
    assert_int_equal(refills, 1);
    assert_int_equal(s.a->cache.n, 4);
    assert_int_equal(lob_space_pool_alloc(s.sp, s.a, 2, 0, 4, &r, &refills), SIM_OK);
    assert_int_equal(r.start, s.freed[0].start + 1);
    assert_int_equal(r.len, 1);
    assert_int_equal(refills, 1);
    /* pool 0 has 2 chunks left; b, looking at the others, takes them */
    assert_int_equal(lob_space_pool_alloc(s.sp, s.b, 2, 1, 4, &r, &refills), SIM_OK);
    assert_int_equal(r.start, s.freed[4].start);
    assert_int_equal(s.b->cache.n, 1);
    assert_int_equal(lob_space_pooled(s.sp), 8); /* a's 3 cached, b's 1 */
    lob_space_pools_flush(s.sp);
    assert_int_equal(lob_space_pooled(s.sp), 0);
    lob_space_info_t in;
    lob_space_get_info(s.sp, &in);
    assert_int_equal(in.reserved_blocks, 0);
    assert_int_equal(lob_space_check(s.sp), SIM_OK);
    done(&s);
}

/* Pools must be set before anything is freed. */
static void test_pools_refused(void **state)
{
    (void)state;
    seg_t s;
    build(&s);
    assert_int_equal(lob_space_pools(s.sp, 2), SIM_EINVAL);
    lob_run_t r;
    lob_space_tx_pool(s.b, -1);
    assert_int_equal(lob_space_pool_alloc(s.sp, s.b, 2, 1, 1, &r, NULL), SIM_EINVAL);
    done(&s);
}

/* PCTVERSION 20: of 100 live one-block LOBs, deleting 30 keeps the old
 * versions while they are at most 20 % of live and old together: 17 of
 * the 30 (17 of 87 is 19.5 %, 18 of 88 would be 20.5 %; 14 were it 20 %
 * of the live alone), the 13 oldest reusable at once; PCTVERSION 0 keeps
 * none. */
static void test_pctversion(void **state)
{
    (void)state;
    for (int pct = 0; pct <= 20; pct += 20) {
        lob_space_params_t p;
        lob_space_params_defaults(&p);
        lob_space_t *sp;
        assert_int_equal(lob_space_create(&p, &sp), SIM_OK);
        lob_space_tx_t *tx;
        assert_int_equal(lob_space_tx_create(sp, &tx), SIM_OK);
        lob_run_t r[100];
        for (int i = 0; i < 100; i++)
            assert_int_equal(lob_space_alloc(sp, tx, 1, &r[i], NULL), SIM_OK);
        assert_int_equal(lob_space_commit(sp, tx, 0, LOB_RETENTION_PCTVERSION, (uint64_t)pct),
                         SIM_OK);
        for (int i = 0; i < 30; i++)
            assert_int_equal(lob_space_free(sp, tx, r[i]), SIM_OK);
        assert_int_equal(lob_space_commit(sp, tx, 0, LOB_RETENTION_PCTVERSION, (uint64_t)pct),
                         SIM_OK);
        lob_space_info_t in;
        lob_space_get_info(sp, &in);
        assert_int_equal(in.used_blocks, 70);
        assert_int_equal(in.unexpired_blocks, pct ? 17 : 0);
        /* time does not expire them: only the share does */
        assert_int_equal(lob_space_advance(sp, 1000000), 0);
        assert_int_equal(lob_space_check(sp), SIM_OK);
        lob_space_tx_destroy(tx);
        lob_space_destroy(sp);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_pooled_is_expired_not_shared),
        cmocka_unit_test(test_own_pool_and_others),
        cmocka_unit_test(test_batch_and_flush),
        cmocka_unit_test(test_pools_refused),
        cmocka_unit_test(test_pctversion),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
