/* test_shrink.c -- SHRINK SPACE's named inputs (lobspace/shrink.c;
 * docs/lifecycle-sources.md (c)): which extents are sealed, what moves,
 * where to, and what BLOCKS_FREED counts, on a segment laid out by hand. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "lobspace_int.h"

#define KB 1024ULL

/* Uniform 128 KB extents (16 blocks), the segment header the only segment
 * metadata: extent 0 is its header, the segment header and blocks 2..15;
 * every later extent its header and 15 data blocks. */
typedef struct {
    lob_space_t *sp;
    lob_space_tx_t *tx;
    lob_run_t run[8];
    uint32_t lob[8];
    lob_run_t *ptr[8];
    size_t n;
} seg_t;

static void take(seg_t *s, uint32_t lob, uint64_t want, uint64_t start, uint64_t len)
{
    lob_run_t r;
    assert_int_equal(lob_space_alloc(s->sp, s->tx, want, &r, NULL), SIM_OK);
    assert_int_equal(r.start, start);
    assert_int_equal(r.len, len);
    s->run[s->n] = r;
    s->lob[s->n] = lob;
    s->n++;
    lob_space_mark_written(s->sp, r); /* the LOB's data fills its chunks */
}

/* Six LOBs: a [2,7), b [7,12), c in two chunks [12,16) and [17,18) (the
 * split policy fills extent 0 before it grows), d [18,23), e [23,28),
 * f [28,32); then a, d and e deleted and committed (RETENTION NONE):
 * extent 0 has 5 free blocks (and holds the segment header: never
 * sealed), extent 1 has 10 of 15. */
static void build_freeing(seg_t *s, const lob_space_params_t *extra, const char *lobs)
{
    lob_space_params_t p;
    lob_space_params_defaults(&p);
    if (extra)
        p = *extra;
    p.seg.meta_layout = LOB_META_SEGMENT_START;
    p.seg.hash_bucket_blocks = p.seg.cfs_blocks = p.seg.pua_blocks = 0;
    p.uniform_bytes = 128 * KB;
    memset(s, 0, sizeof *s);
    assert_int_equal(lob_space_create(&p, &s->sp), SIM_OK);
    assert_int_equal(lob_space_tx_create(s->sp, &s->tx), SIM_OK);
    take(s, 1, 5, 2, 5);
    take(s, 2, 5, 7, 5);
    take(s, 3, 5, 12, 4);
    take(s, 3, 1, 17, 1);
    take(s, 4, 5, 18, 5);
    take(s, 5, 5, 23, 5);
    take(s, 6, 4, 28, 4);
    assert_int_equal(lob_space_commit(s->sp, s->tx, 0, LOB_RETENTION_NONE, 0), SIM_OK);
    for (size_t i = 0; i < s->n; i++)
        if (strchr(lobs, (char)('0' + s->lob[i])))
            assert_int_equal(lob_space_free(s->sp, s->tx, s->run[i]), SIM_OK);
    assert_int_equal(lob_space_commit(s->sp, s->tx, 0, LOB_RETENTION_NONE, 0), SIM_OK);
    /* the live chunks */
    size_t k = 0;
    for (size_t i = 0; i < s->n; i++)
        if (!strchr(lobs, (char)('0' + s->lob[i]))) {
            s->run[k] = s->run[i];
            s->lob[k] = s->lob[i];
            k++;
        }
    s->n = k;
    for (size_t i = 0; i < k; i++)
        s->ptr[i] = &s->run[i];
    assert_int_equal(lob_space_check(s->sp), SIM_OK);
}

static void build(seg_t *s, const lob_space_params_t *extra)
{
    build_freeing(s, extra, "145");
}

static lob_shrink_t shrink(seg_t *s)
{
    lob_shrink_t out;
    assert_int_equal(lob_space_shrink(s->sp, s->ptr, s->lob, s->n, &out), SIM_OK);
    assert_int_equal(lob_space_check(s->sp), SIM_OK);
    return out;
}

static void done(seg_t *s)
{
    lob_space_tx_destroy(s->tx);
    lob_space_destroy(s->sp);
}

/* Round one: extent 1 sealed, its two live chunks (c's 1 block, f's 4)
 * moved into one new extent, 5 blocks freed. */
static void test_round_one(void **state)
{
    (void)state;
    seg_t s;
    build(&s, NULL);
    lob_shrink_t o = shrink(&s);
    assert_int_equal(o.extents_sealed, 1);
    assert_int_equal(o.extents_freed, 1);
    assert_int_equal(o.blocks_moved, 5);
    assert_int_equal(o.blocks_freed, 5);
    assert_int_equal(o.blocks_allocated, 5);
    assert_int_equal(o.extents_allocated, 1);
    assert_int_equal(s.run[1].start, 12); /* c's first chunk stays in extent 0 */
    assert_true(s.run[2].start >= 32 && s.run[3].start >= 32);
    /* the moved blocks are full where they went: extent 0's 14 written
     * blocks (a's freed ones stay full) and the 5 moved */
    lob_assm_t a;
    lob_space_assm(s.sp, &a);
    assert_int_equal(a.full, 14 + 5);
    done(&s);
}

/* A candidate must be at least shrink.min_free per cent free: extent 1 is
 * 66 % free (10 of 15), sealed at 50 % and not at 75 %. */
static void test_free_fraction(void **state)
{
    (void)state;
    lob_space_params_t p;
    lob_space_params_defaults(&p);
    p.shrink_candidates = LOB_SHRINK_FREE_FRACTION;
    p.shrink_min_free = 50;
    seg_t s;
    build(&s, &p);
    assert_int_equal(shrink(&s).extents_sealed, 1);
    done(&s);
    p.shrink_min_free = 75;
    build(&s, &p);
    lob_shrink_t o = shrink(&s);
    assert_int_equal(o.extents_sealed, 0);
    assert_int_equal(o.blocks_moved, 0);
    assert_int_equal(o.extents_allocated, 0);
    done(&s);
}

/* A LOB with a chunk in a sealed extent moves whole: c's chunk in the kept
 * extent 0 too (4 + 1 + f's 4 = 9 blocks). */
static void test_whole_lob(void **state)
{
    (void)state;
    lob_space_params_t p;
    lob_space_params_defaults(&p);
    p.shrink_unit = LOB_SHRINK_LOB;
    seg_t s;
    build(&s, &p);
    lob_shrink_t o = shrink(&s);
    assert_int_equal(o.blocks_moved, 9);
    assert_int_equal(o.blocks_allocated, 9);
    assert_true(s.run[1].start >= 32);   /* c's first chunk left extent 0 */
    assert_int_equal(s.run[0].start, 7); /* b, in no sealed extent, stays */
    done(&s);
}

/* Kept free space first: c's block and f's 4 go into the 5 blocks a
 * freed in extent 0; nothing is allocated from the tablespace. */
static void test_free_space_first(void **state)
{
    (void)state;
    lob_space_params_t p;
    lob_space_params_defaults(&p);
    p.shrink_target = LOB_SHRINK_FREE_SPACE_FIRST;
    seg_t s;
    build(&s, &p);
    uint64_t blocks = lob_space_blocks(s.sp);
    lob_shrink_t o = shrink(&s);
    assert_int_equal(o.blocks_moved, 5);
    assert_int_equal(o.blocks_allocated, 0);
    assert_int_equal(o.extents_allocated, 0);
    assert_true(s.run[2].start >= 2 && s.run[2].start < 7);
    assert_true(s.run[3].start >= 2 && s.run[3].start < 7);
    assert_int_equal(lob_space_blocks(s.sp), blocks - 16);
    done(&s);
}

/* Kept free space only: with a and b deleted (10 free blocks in extent
 * 0) and d (5 in extent 1, sealed), c's block goes to extent 0, not to
 * the smaller free chunk of the extent being given back. */
static void test_free_space_first_not_sealed(void **state)
{
    (void)state;
    lob_space_params_t p;
    lob_space_params_defaults(&p);
    p.shrink_target = LOB_SHRINK_FREE_SPACE_FIRST;
    seg_t s;
    build_freeing(&s, &p, "124");
    /* live: c's two chunks, e, f */
    lob_shrink_t o = shrink(&s);
    assert_int_equal(o.extents_sealed, 1);
    assert_int_equal(o.blocks_allocated, 0);
    for (size_t i = 0; i < s.n; i++)
        assert_true(s.run[i].start < 16); /* all in extent 0 */
    done(&s);
}

/* BLOCKS_FREED as the freed extents' blocks: extent 1's 16. */
static void test_freed_extent_blocks(void **state)
{
    (void)state;
    lob_space_params_t p;
    lob_space_params_defaults(&p);
    p.shrink_freed_counts = LOB_SHRINK_FREED_EXTENT_BLOCKS;
    seg_t s;
    build(&s, &p);
    lob_shrink_t o = shrink(&s);
    assert_int_equal(o.blocks_freed, 16);
    assert_int_equal(o.blocks_moved, 5);
    done(&s);
}

static void test_params_refused(void **state)
{
    (void)state;
    char msg[256];
    lob_space_params_t p;
    lob_space_params_defaults(&p);
    p.shrink_min_free = 101;
    assert_int_equal(lob_space_params_check(&p, msg, sizeof msg), SIM_EINVAL);
    assert_non_null(strstr(msg, "shrink.min_free=101"));
    p.shrink_min_free = 0;
    p.shrink_unit = (lob_shrink_unit_t)2;
    assert_int_equal(lob_space_params_check(&p, msg, sizeof msg), SIM_EINVAL);
    assert_non_null(strstr(msg, "shrink.unit=2"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_round_one),
        cmocka_unit_test(test_free_fraction),
        cmocka_unit_test(test_whole_lob),
        cmocka_unit_test(test_free_space_first),
        cmocka_unit_test(test_freed_extent_blocks),
        cmocka_unit_test(test_free_space_first_not_sealed),
        cmocka_unit_test(test_params_refused),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
