/* test_layout.c -- the segment's layout by extent and preallocation
 * (lobspace/space.c, layout.c, ahead.c): where the segment metadata
 * goes under each layout (docs/lifecycle-sources.md (d)), and what each
 * preallocation policy adds, and when (section (a)). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "lobspace_int.h"

#define KB 1024ULL
#define MB (1024ULL * KB)
#define MAXEXT 64

typedef struct {
    lob_extent_layout_t x[MAXEXT];
    size_t n;
} extents_t;

static void keep(void *arg, const lob_extent_layout_t *x)
{
    extents_t *e = arg;
    assert_true(e->n < MAXEXT);
    e->x[e->n++] = *x;
}

static extents_t layout(const lob_space_t *sp)
{
    extents_t e;
    memset(&e, 0, sizeof e);
    lob_space_layout(sp, keep, &e);
    return e;
}

static lob_space_t *make(const lob_space_params_t *p)
{
    lob_space_t *sp;
    assert_int_equal(lob_space_create(p, &sp), SIM_OK);
    assert_int_equal(lob_space_check(sp), SIM_OK);
    return sp;
}

/* berxblog's segment (12.1.0.2, "the empty table" and "the 1st insert"):
 * a first extent of 16 blocks; the model's defaults lay it out as the
 * dump shows -- block 0 the extent header, block 1 the segment header,
 * blocks 2-10 hash buckets -- and the first write adds an extent whose
 * blocks after its header are the four CFS blocks, then the PUA blocks.
 * There the added extent had 128 blocks and the first LOB went to block
 * 11 of the first extent; the schedule's next extent is 64 KB, so the
 * PUA blocks spill over eight of them and the first LOB takes the
 * smallest free chunk, the 2 blocks after the last PUA block (block 78):
 * the disagreement docs/lifecycle-sources.md reports. */
static void test_first_write_extent(void **state)
{
    (void)state;
    lob_space_params_t p;
    lob_space_params_defaults(&p);
    p.initial_bytes = 128 * KB;
    p.uniform_bytes = 0;
    lob_space_t *sp = make(&p);
    extents_t e = layout(sp);
    assert_int_equal(e.n, 1);
    assert_int_equal(e.x[0].blocks, 16);
    assert_int_equal(e.x[0].header, 1);
    assert_int_equal(e.x[0].meta[LOB_META_SEGMENT_HEADER], 1);
    assert_int_equal(e.x[0].meta[LOB_META_HASH_BUCKET], 9);
    assert_int_equal(e.x[0].meta[LOB_META_CFS], 0);
    assert_int_equal(e.x[0].meta[LOB_META_PUA], 0);
    assert_int_equal(e.x[0].expired, 5);

    lob_space_tx_t *tx;
    assert_int_equal(lob_space_tx_create(sp, &tx), SIM_OK);
    lob_run_t r;
    lob_space_visit_t v;
    assert_int_equal(lob_space_alloc(sp, tx, 1, &r, &v), SIM_OK);
    assert_int_equal(r.start, 78);
    assert_true(v.grown >= 1);
    e = layout(sp);
    assert_true(e.n >= 2);
    assert_int_equal(e.x[1].start, 16);
    assert_int_equal(e.x[1].header, 1);
    assert_int_equal(e.x[1].meta[LOB_META_CFS], 4);
    /* The rest of that extent is PUA; what its 64 KB cannot hold goes on
     * into the next extents, after their headers. */
    assert_int_equal(e.x[1].meta[LOB_META_PUA], e.x[1].blocks - 5);
    uint64_t pua = 0, cfs = 0;
    for (size_t i = 0; i < e.n; i++) {
        pua += e.x[i].meta[LOB_META_PUA];
        cfs += e.x[i].meta[LOB_META_CFS];
    }
    assert_int_equal(cfs, 4);
    assert_int_equal(pua, 50);
    assert_int_equal(e.n, 9);
    assert_int_equal(e.x[8].meta[LOB_META_PUA], 5);
    assert_int_equal(e.x[8].taken, 1);
    assert_int_equal(e.x[8].expired, 1);
    assert_int_equal(e.x[0].expired, 5);
    /* The second write adds nothing: the first extent still has room. */
    uint64_t blocks = lob_space_blocks(sp);
    assert_int_equal(lob_space_alloc(sp, tx, 1, &r, &v), SIM_OK);
    assert_int_equal(v.grown, 0);
    assert_int_equal(lob_space_blocks(sp), blocks);
    assert_int_equal(lob_space_check(sp), SIM_OK);
    lob_space_tx_destroy(tx);
    lob_space_destroy(sp);
}

/* Round one's layout: the segment header, CFS and PUA from the first
 * block after the first extent's header, no hash buckets, nothing added
 * at the first write while the first extent has room. */
static void test_segment_start_layout(void **state)
{
    (void)state;
    lob_space_params_t p;
    lob_space_params_defaults(&p);
    p.seg.meta_layout = LOB_META_SEGMENT_START;
    p.seg.hash_bucket_blocks = 0;
    p.seg.cfs_blocks = 3;
    p.initial_bytes = 1 * MB; /* 128 blocks: room for all of it */
    lob_space_t *sp = make(&p);
    extents_t e = layout(sp);
    assert_int_equal(e.n, 1);
    assert_int_equal(e.x[0].meta[LOB_META_SEGMENT_HEADER], 1);
    assert_int_equal(e.x[0].meta[LOB_META_CFS], 3);
    assert_int_equal(e.x[0].meta[LOB_META_PUA], 50);
    assert_int_equal(e.x[0].expired, 128 - 1 - 54);
    lob_space_tx_t *tx;
    assert_int_equal(lob_space_tx_create(sp, &tx), SIM_OK);
    lob_run_t r;
    lob_space_visit_t v;
    assert_int_equal(lob_space_alloc(sp, tx, 1, &r, &v), SIM_OK);
    assert_int_equal(v.grown, 0);
    assert_int_equal(r.start, 55);
    lob_space_tx_destroy(tx);
    lob_space_destroy(sp);
}

/* The layout view's data blocks add up to the segment's figures, state by
 * state, after writes, a commit that leaves unexpired space and a free. */
static void test_layout_adds_up(void **state)
{
    (void)state;
    lob_space_params_t p;
    lob_space_params_defaults(&p);
    lob_space_t *sp = make(&p);
    lob_space_tx_t *tx;
    assert_int_equal(lob_space_tx_create(sp, &tx), SIM_OK);
    lob_run_t r[40];
    for (int i = 0; i < 40; i++)
        assert_int_equal(lob_space_alloc(sp, tx, 3, &r[i], NULL), SIM_OK);
    assert_int_equal(lob_space_commit(sp, tx, 0, LOB_RETENTION_NONE, 0), SIM_OK);
    for (int i = 0; i < 40; i += 2)
        assert_int_equal(lob_space_free(sp, tx, r[i]), SIM_OK);
    assert_int_equal(lob_space_commit(sp, tx, 0, LOB_RETENTION_MIN, 900), SIM_OK);
    assert_int_equal(lob_space_free(sp, tx, r[1]), SIM_OK); /* uncommitted: taken */
    lob_space_info_t in;
    lob_space_get_info(sp, &in);
    extents_t e = layout(sp);
    uint64_t blocks = 0, meta = 0, taken = 0, unexp = 0, exp = 0;
    for (size_t i = 0; i < e.n; i++) {
        blocks += e.x[i].blocks;
        meta += e.x[i].header;
        for (unsigned k = 0; k < LOB_META_KINDS; k++)
            meta += e.x[i].meta[k];
        taken += e.x[i].taken;
        unexp += e.x[i].unexpired;
        exp += e.x[i].expired;
    }
    assert_int_equal(e.n, in.extents);
    assert_int_equal(blocks, in.blocks);
    assert_int_equal(meta, in.meta_blocks);
    assert_int_equal(taken, in.used_blocks + in.reserved_blocks);
    uint64_t freed = 0; /* a run may be shorter than asked: the split policy */
    for (int i = 0; i < 40; i += 2)
        freed += r[i].len;
    assert_int_equal(unexp, in.unexpired_blocks);
    assert_int_equal(unexp, freed);
    assert_int_equal(exp, in.expired_blocks - in.reserved_blocks);
    assert_int_equal(blocks, meta + taken + unexp + exp);
    lob_space_tx_destroy(tx);
    lob_space_destroy(sp);
}

/* A segment of the default layout whose preallocation is (policy, ahead, by). */
static lob_space_t *make_prealloc(lob_prealloc_t policy, uint32_t ahead, lob_prealloc_by_t by,
                                  uint64_t maxsize_bytes)
{
    lob_space_params_t p;
    lob_space_params_defaults(&p);
    p.prealloc = policy;
    p.prealloc_ahead = ahead;
    p.prealloc_by = by;
    p.maxsize_bytes = maxsize_bytes;
    return make(&p);
}

static uint64_t unused(const lob_space_t *sp)
{
    lob_unused_t u;
    lob_space_unused(sp, &u);
    return u.unused_blocks;
}

/* Write until the segment has grown past `blocks` blocks. */
static void fill(lob_space_t *sp, lob_space_tx_t *tx, uint64_t blocks)
{
    lob_run_t r;
    while (lob_space_blocks(sp) < blocks)
        assert_int_equal(lob_space_alloc(sp, tx, 8, &r, NULL), SIM_OK);
}

/* AHEAD_EXTENTS in the foreground: once the segment grows, the allocation
 * that grew it leaves at least N extents of the schedule never used. */
static void test_prealloc_ahead_extents_foreground(void **state)
{
    (void)state;
    lob_space_t *sp = make_prealloc(LOB_PREALLOC_AHEAD_EXTENTS, 2, LOB_PREALLOC_FOREGROUND, 0);
    lob_space_tx_t *tx;
    assert_int_equal(lob_space_tx_create(sp, &tx), SIM_OK);
    lob_run_t r;
    int checked = 0;
    for (int i = 0; i < 400; i++) {
        lob_space_visit_t v;
        /* reserved space is never-used space until a LOB claims it */
        assert_int_equal(lob_space_reserve(sp, 8, &r, &v), SIM_OK);
        /* past the 64 KB extents, 1 MB extents: 128 blocks each */
        if (v.grown && lob_space_blocks(sp) > 256) {
            assert_true(unused(sp) >= 2 * 128);
            checked++;
        }
        assert_int_equal(lob_space_claim(sp, tx, r), SIM_OK);
    }
    assert_true(checked >= 2);
    /* the same writes without preallocation: a smaller segment */
    lob_space_t *base = make_prealloc(LOB_PREALLOC_OFF, 0, LOB_PREALLOC_FOREGROUND, 0);
    lob_space_tx_t *tb;
    assert_int_equal(lob_space_tx_create(base, &tb), SIM_OK);
    for (int i = 0; i < 400; i++)
        assert_int_equal(lob_space_alloc(base, tb, 8, &r, NULL), SIM_OK);
    assert_true(lob_space_blocks(sp) > lob_space_blocks(base));
    lob_space_tx_destroy(tb);
    lob_space_destroy(base);
    assert_int_equal(lob_space_prealloc_task(sp), 0); /* foreground: no task */
    assert_int_equal(lob_space_check(sp), SIM_OK);
    lob_space_tx_destroy(tx);
    lob_space_destroy(sp);
}

/* In the background nothing is added during the allocation; the task after
 * the statement adds it, once: a second task with no growth adds nothing. */
static void test_prealloc_background_task(void **state)
{
    (void)state;
    lob_space_t *sp = make_prealloc(LOB_PREALLOC_AHEAD_FRACTION, 25, LOB_PREALLOC_BACKGROUND, 0);
    lob_space_t *base = make_prealloc(LOB_PREALLOC_OFF, 0, LOB_PREALLOC_FOREGROUND, 0);
    lob_space_tx_t *tx, *tb;
    assert_int_equal(lob_space_tx_create(sp, &tx), SIM_OK);
    assert_int_equal(lob_space_tx_create(base, &tb), SIM_OK);
    fill(sp, tx, 4096);
    fill(base, tb, 4096);
    /* the statement alone grows as without preallocation */
    assert_int_equal(lob_space_blocks(sp), lob_space_blocks(base));
    uint64_t added = lob_space_prealloc_task(sp);
    assert_true(added >= 1);
    assert_true(unused(sp) * 100 >= lob_space_blocks(sp) * 25);
    assert_int_equal(lob_space_stats(sp)->v[SIM_STAT_SEG_EXTENTS],
                     lob_space_stats(base)->v[SIM_STAT_SEG_EXTENTS] + added);
    assert_int_equal(lob_space_prealloc_task(sp), 0);
    /* writes into the space ahead do not grow the segment: the next task
     * (after a statement that did not grow it) adds nothing, however
     * little is left ahead */
    uint64_t blocks = lob_space_blocks(sp);
    lob_run_t r;
    for (int i = 0; i < 8; i++)
        assert_int_equal(lob_space_alloc(sp, tx, 8, &r, NULL), SIM_OK);
    assert_int_equal(lob_space_blocks(sp), blocks);
    assert_true(unused(sp) * 100 < lob_space_blocks(sp) * 25);
    assert_int_equal(lob_space_prealloc_task(sp), 0);
    assert_int_equal(lob_space_check(sp), SIM_OK);
    lob_space_tx_destroy(tx);
    lob_space_tx_destroy(tb);
    lob_space_destroy(sp);
    lob_space_destroy(base);
}

/* A preallocation that meets MAXSIZE stops there, without error. */
static void test_prealloc_stops_at_maxsize(void **state)
{
    (void)state;
    lob_space_t *sp =
        make_prealloc(LOB_PREALLOC_AHEAD_EXTENTS, 100, LOB_PREALLOC_FOREGROUND, 2 * MB);
    lob_space_tx_t *tx;
    assert_int_equal(lob_space_tx_create(sp, &tx), SIM_OK);
    lob_run_t r;
    assert_int_equal(lob_space_alloc(sp, tx, 8, &r, NULL), SIM_OK);
    assert_true(lob_space_blocks(sp) * 8192 <= 2 * MB);
    assert_true(lob_space_blocks(sp) * 8192 > 2 * MB - 1 * MB);
    assert_int_equal(lob_space_check(sp), SIM_OK);
    lob_space_tx_destroy(tx);
    lob_space_destroy(sp);
}

/* A segment of uniform 16-block extents, the metadata only each extent's
 * header and the segment header: 14 data blocks in the first extent, 15
 * in each after. */
static lob_space_t *assm_segment(void)
{
    lob_space_params_t p;
    lob_space_params_defaults(&p);
    p.seg.meta_layout = LOB_META_SEGMENT_START;
    p.seg.hash_bucket_blocks = p.seg.cfs_blocks = p.seg.pua_blocks = 0;
    p.uniform_bytes = 128 * KB;
    return make(&p);
}

/* The ASSM form's figures: the data blocks never given to a LOB are
 * unformatted, those written full; a block given in a chunk and not
 * written is neither (Lewis, "LOB Space": CHUNK 32K); a delete leaves
 * them as they were; the metadata is in neither. */
static void test_assm_figures(void **state)
{
    (void)state;
    lob_space_t *sp = assm_segment();
    lob_assm_t a;
    lob_space_assm(sp, &a);
    assert_int_equal(a.unformatted, 14);
    assert_int_equal(a.full, 0);
    lob_space_tx_t *tx;
    assert_int_equal(lob_space_tx_create(sp, &tx), SIM_OK);
    lob_run_t r1, r2;
    assert_int_equal(lob_space_alloc(sp, tx, 4, &r1, NULL), SIM_OK);           /* a 4-block chunk */
    assert_int_equal(lob_space_mark_written(sp, (lob_run_t){r1.start, 1}), 1); /* 1 of data */
    assert_int_equal(lob_space_alloc(sp, tx, 3, &r2, NULL), SIM_OK);
    assert_int_equal(lob_space_mark_written(sp, r2), 3);
    /* written again: full already, no new mark (no bitmap redo) */
    assert_int_equal(lob_space_mark_written(sp, r2), 0);
    lob_space_assm(sp, &a);
    assert_int_equal(a.full, 4);
    assert_int_equal(a.unformatted, 14 - 7);
    assert_int_equal(lob_space_commit(sp, tx, 0, LOB_RETENTION_NONE, 0), SIM_OK);
    assert_int_equal(lob_space_free(sp, tx, r2), SIM_OK);
    assert_int_equal(lob_space_commit(sp, tx, 0, LOB_RETENTION_NONE, 0), SIM_OK);
    lob_space_assm(sp, &a);
    assert_int_equal(a.full, 4); /* freed, reusable, still full */
    assert_int_equal(a.unformatted, 7);
    /* the split policy hands out the 10 free blocks after r1 (r2's 3,
     * merged with the 7 never used): given, not written: no longer
     * unformatted, not full */
    lob_run_t big;
    assert_int_equal(lob_space_alloc(sp, tx, 15, &big, NULL), SIM_OK);
    assert_int_equal(big.len, 10);
    lob_space_assm(sp, &a);
    assert_int_equal(a.full, 4);
    assert_int_equal(a.unformatted, 0);
    lob_space_tx_destroy(tx);
    lob_space_destroy(sp);
}

/* Blocks claimed below the high-water mark that no LOB was given before
 * (a reserved run given back unused, which the mark then passed): given,
 * not written, as above the mark (lob_space_claim() marks the two sides
 * apart: above the mark a page at a time). */
static void test_assm_claim_below_mark(void **state)
{
    (void)state;
    lob_space_t *sp = assm_segment();
    lob_space_tx_t *tx;
    assert_int_equal(lob_space_tx_create(sp, &tx), SIM_OK);
    lob_run_t a, b, again;
    assert_int_equal(lob_space_reserve(sp, 4, &a, NULL), SIM_OK);
    assert_int_equal(lob_space_reserve(sp, 4, &b, NULL), SIM_OK);
    assert_int_equal(b.start, a.start + 4);
    assert_int_equal(lob_space_claim(sp, tx, b), SIM_OK); /* the mark passes a */
    lob_space_unreserve(sp, a);
    assert_int_equal(lob_space_check(sp), SIM_OK);
    lob_assm_t as;
    lob_space_assm(sp, &as);
    assert_int_equal(as.unformatted, 14 - 4);
    assert_int_equal(lob_space_alloc(sp, tx, 4, &again, NULL), SIM_OK);
    assert_int_equal(again.start, a.start); /* the freed run, below the mark */
    assert_int_equal(lob_space_check(sp), SIM_OK);
    lob_space_assm(sp, &as);
    assert_int_equal(as.unformatted, 14 - 8);
    assert_int_equal(as.full, 0);
    assert_int_equal(lob_space_mark_written(sp, again), 4);
    lob_space_assm(sp, &as);
    assert_int_equal(as.full, 4);
    lob_space_tx_destroy(tx);
    lob_space_destroy(sp);
}

static void test_params_refused(void **state)
{
    (void)state;
    char msg[256];
    lob_space_params_t p;
    lob_space_params_defaults(&p);
    p.prealloc = LOB_PREALLOC_AHEAD_FRACTION;
    p.prealloc_ahead = 101;
    assert_int_equal(lob_space_params_check(&p, msg, sizeof msg), SIM_EINVAL);
    assert_non_null(strstr(msg, "prealloc.ahead=101"));
    p.prealloc_ahead = 0;
    assert_int_equal(lob_space_params_check(&p, msg, sizeof msg), SIM_EINVAL);
    p.prealloc_ahead = 10;
    assert_int_equal(lob_space_params_check(&p, msg, sizeof msg), SIM_OK);
    p.prealloc_by = (lob_prealloc_by_t)2;
    assert_int_equal(lob_space_params_check(&p, msg, sizeof msg), SIM_EINVAL);
    assert_non_null(strstr(msg, "prealloc.by=2"));
    lob_space_params_defaults(&p);
    p.seg.meta_layout = 2;
    assert_int_equal(lob_space_params_check(&p, msg, sizeof msg), SIM_EINVAL);
    assert_non_null(strstr(msg, "lob.meta_layout=2"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_first_write_extent),
        cmocka_unit_test(test_segment_start_layout),
        cmocka_unit_test(test_layout_adds_up),
        cmocka_unit_test(test_prealloc_ahead_extents_foreground),
        cmocka_unit_test(test_prealloc_background_task),
        cmocka_unit_test(test_prealloc_stops_at_maxsize),
        cmocka_unit_test(test_assm_figures),
        cmocka_unit_test(test_assm_claim_below_mark),
        cmocka_unit_test(test_params_refused),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
