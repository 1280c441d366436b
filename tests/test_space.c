/* test_space.c -- a LOB segment over its life (lobspace/space.c, shrink.c):
 * reuse under each retention, rollback, chunk splitting and merging, shrink,
 * DEALLOCATE UNUSED (dealloc.c). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "lobspace_int.h"

#define NLOBS 1000
#define KB 1024ULL
#define MB (1024ULL * KB)

/* A LOB of up to 8 chunks, as the caller's map keeps it. */
typedef struct {
    lob_run_t c[8];
    int n;
} lob_t;

/* The segment's one transaction, as a single session keeps it. */
static lob_space_tx_t *T(lob_space_t *sp)
{
    lob_space_tx_t *tx;
    if (sp->ntxs > 0)
        return sp->txs[0];
    assert_int_equal(lob_space_tx_create(sp, &tx), SIM_OK);
    return tx;
}

/* The geometry these tests reason about (where the first data blocks lie,
 * how many extents the first write adds) is round one's layout: the
 * segment header, 3 CFS and 50 PUA blocks from the segment's start, no
 * hash buckets.  test_layout.c tests the dump's layout, the default. */
static void round_one(lob_space_params_t *p)
{
    p->seg.meta_layout = LOB_META_SEGMENT_START;
    p->seg.hash_bucket_blocks = 0;
    p->seg.cfs_blocks = 3;
}

static lob_space_t *make(lob_fit_t fit)
{
    lob_space_params_t p;
    lob_space_params_defaults(&p);
    round_one(&p);
    p.fit = fit;
    lob_space_t *sp;
    assert_int_equal(lob_space_create(&p, &sp), SIM_OK);
    assert_int_equal(lob_space_check(sp), SIM_OK);
    return sp;
}

/* Write a LOB of `blocks` blocks for transaction tx. */
static void write_lob_tx(lob_space_t *sp, lob_space_tx_t *tx, lob_t *l, uint64_t blocks)
{
    l->n = 0;
    while (blocks > 0) {
        assert_true(l->n < 8);
        lob_run_t r;
        assert_int_equal(lob_space_alloc(sp, tx, blocks, &r, NULL), SIM_OK);
        assert_true(r.len >= 1 && r.len <= blocks);
        l->c[l->n++] = r;
        blocks -= r.len;
    }
}

/* Write a LOB of `blocks` blocks for the segment's one transaction. */
static void write_lob(lob_space_t *sp, lob_t *l, uint64_t blocks)
{
    write_lob_tx(sp, T(sp), l, blocks);
}

static void free_lob(lob_space_t *sp, lob_t *l)
{
    for (int i = 0; i < l->n; i++)
        assert_int_equal(lob_space_free(sp, T(sp), l->c[i]), SIM_OK);
    l->n = 0;
}

static uint64_t seg_blocks(const lob_space_t *sp)
{
    lob_space_info_t in;
    lob_space_get_info(sp, &in);
    return in.blocks;
}

static lob_t lobs[NLOBS];

static void round_of(lob_space_t *sp, uint64_t blocks)
{
    for (int i = 0; i < NLOBS; i++)
        write_lob(sp, &lobs[i], blocks);
}

/* (a) RETENTION NONE: 1,000 LOBs, all deleted and committed, 1,000 more of
 * the same size: the segment does not grow. */
static void test_retention_none_reuses(void **state)
{
    (void)state;
    lob_space_t *sp = make(LOB_FIT_SPLIT);
    round_of(sp, 3);
    assert_int_equal(lob_space_commit(sp, T(sp), 0, LOB_RETENTION_NONE, 0), SIM_OK);
    uint64_t before = seg_blocks(sp);
    for (int i = 0; i < NLOBS; i++)
        free_lob(sp, &lobs[i]);
    assert_int_equal(lob_space_commit(sp, T(sp), 0, LOB_RETENTION_NONE, 0), SIM_OK);
    lob_space_info_t in;
    lob_space_get_info(sp, &in);
    assert_int_equal(in.unexpired_blocks, 0);
    assert_int_equal(in.used_blocks, 0);
    round_of(sp, 3);
    assert_int_equal(lob_space_commit(sp, T(sp), 0, LOB_RETENTION_NONE, 0), SIM_OK);
    assert_int_equal(seg_blocks(sp), before);
    assert_int_equal(lob_space_check(sp), SIM_OK);
    lob_space_destroy(sp);
}

/* (b) RETENTION MIN 900: the second round grows the segment by what the
 * first one freed; after 901 s a third round reuses the expired space. */
static void test_retention_min_expires(void **state)
{
    (void)state;
    lob_space_t *sp = make(LOB_FIT_SPLIT);
    round_of(sp, 3);
    assert_int_equal(lob_space_commit(sp, T(sp), 0, LOB_RETENTION_MIN, 900), SIM_OK);
    uint64_t one = seg_blocks(sp);
    for (int i = 0; i < NLOBS; i++)
        free_lob(sp, &lobs[i]);
    assert_int_equal(lob_space_commit(sp, T(sp), 10, LOB_RETENTION_MIN, 900), SIM_OK);
    lob_space_info_t in;
    lob_space_get_info(sp, &in);
    assert_int_equal(in.unexpired_blocks, 3 * NLOBS);
    round_of(sp, 3);
    assert_int_equal(lob_space_commit(sp, T(sp), 20, LOB_RETENTION_MIN, 900), SIM_OK);
    uint64_t two = seg_blocks(sp);
    assert_true(two >= one + 3 * NLOBS - 128); /* grew by about the freed space */
    /* Not yet: 10 + 900 = 910 is the expiry time. */
    assert_int_equal(lob_space_advance(sp, 909), 0);
    for (int i = 0; i < NLOBS; i++)
        free_lob(sp, &lobs[i]);
    assert_int_equal(lob_space_commit(sp, T(sp), 909, LOB_RETENTION_MIN, 900), SIM_OK);
    assert_int_equal(lob_space_advance(sp, 910), 3 * NLOBS);
    round_of(sp, 3);
    assert_int_equal(lob_space_commit(sp, T(sp), 911, LOB_RETENTION_MIN, 900), SIM_OK);
    assert_int_equal(seg_blocks(sp), two);
    assert_int_equal(lob_space_check(sp), SIM_OK);
    lob_space_destroy(sp);
}

/* (c) Rollback of an update: the old version keeps its blocks, the new
 * version's blocks are reusable at once. */
static void test_rollback_keeps_old_version(void **state)
{
    (void)state;
    lob_space_t *sp = make(LOB_FIT_SPLIT);
    lob_t old, neu;
    write_lob(sp, &old, 4);
    assert_int_equal(lob_space_commit(sp, T(sp), 0, LOB_RETENTION_AUTO, 900), SIM_OK);
    lob_t keep = old;
    free_lob(sp, &old);
    write_lob(sp, &neu, 6);
    lob_space_info_t in;
    lob_space_get_info(sp, &in);
    assert_int_equal(in.used_blocks, 10);
    assert_int_equal(in.uncommitted_blocks, 4);
    uint64_t reusable = in.expired_blocks;
    assert_int_equal(lob_space_rollback(sp, T(sp)), SIM_OK);
    lob_space_get_info(sp, &in);
    assert_int_equal(in.used_blocks, 4);
    assert_int_equal(in.uncommitted_blocks, 0);
    assert_int_equal(in.unexpired_blocks, 0);
    assert_int_equal(in.expired_blocks, reusable + 6);
    /* The old version's blocks are still live: freeing them again and
     * committing under NONE makes exactly them reusable. */
    free_lob(sp, &keep);
    assert_int_equal(lob_space_commit(sp, T(sp), 0, LOB_RETENTION_NONE, 0), SIM_OK);
    lob_space_get_info(sp, &in);
    assert_int_equal(in.used_blocks, 0);
    assert_int_equal(lob_space_check(sp), SIM_OK);
    lob_space_destroy(sp);
}

/* Chunk splitting: every other LOB replaced by a smaller one, the holes
 * reused by larger ones.  With the split policy the larger LOBs fill the
 * small holes (more chunks per LOB); with the grow policy they stay in one
 * chunk and the segment grows.  Freed neighbours merge. */
static uint64_t chunks_after_churn(lob_fit_t fit, uint64_t *blocks)
{
    lob_space_t *sp = make(fit);
    round_of(sp, 4);
    assert_int_equal(lob_space_commit(sp, T(sp), 0, LOB_RETENTION_NONE, 0), SIM_OK);
    for (int i = 0; i < NLOBS; i += 2)
        free_lob(sp, &lobs[i]);
    assert_int_equal(lob_space_commit(sp, T(sp), 0, LOB_RETENTION_NONE, 0), SIM_OK);
    for (int i = 0; i < NLOBS; i += 2)
        write_lob(sp, &lobs[i], 7);
    assert_int_equal(lob_space_commit(sp, T(sp), 0, LOB_RETENTION_NONE, 0), SIM_OK);
    assert_int_equal(lob_space_check(sp), SIM_OK);
    uint64_t chunks = 0;
    for (int i = 0; i < NLOBS; i++)
        chunks += (uint64_t)lobs[i].n;
    *blocks = seg_blocks(sp);
    lob_space_destroy(sp);
    return chunks;
}

static void test_split_policy_fragments(void **state)
{
    (void)state;
    uint64_t split_blocks, grow_blocks;
    uint64_t split = chunks_after_churn(LOB_FIT_SPLIT, &split_blocks);
    uint64_t grow = chunks_after_churn(LOB_FIT_GROW, &grow_blocks);
    /* Grow: every LOB one chunk, except those that straddle an extent end. */
    assert_true(grow < NLOBS + NLOBS / 20);
    /* Split: once the last extent's tail is used, the 7-block LOBs are put
     * in the 4-block holes left between live LOBs: two chunks each. */
    assert_true(split > NLOBS + NLOBS / 3);
    assert_true(split_blocks < grow_blocks);
}

/* Merging: two freed neighbours become one chunk. */
static void test_free_neighbours_merge(void **state)
{
    (void)state;
    lob_space_t *sp = make(LOB_FIT_SPLIT);
    lob_t filler, a, b, c;
    write_lob(sp, &filler, 2); /* the 2 data blocks after the segment metadata */
    write_lob(sp, &a, 2);
    write_lob(sp, &b, 2);
    write_lob(sp, &c, 2);
    assert_int_equal(lob_space_commit(sp, T(sp), 0, LOB_RETENTION_NONE, 0), SIM_OK);
    assert_int_equal(a.c[0].start + 2, b.c[0].start);
    lob_space_info_t before, after;
    lob_space_get_info(sp, &before);
    free_lob(sp, &a);
    free_lob(sp, &b);
    assert_int_equal(lob_space_commit(sp, T(sp), 0, LOB_RETENTION_NONE, 0), SIM_OK);
    lob_space_get_info(sp, &after);
    assert_int_equal(after.free_chunks, before.free_chunks + 1);
    /* A 4-block request now fits in the merged hole, in one chunk. */
    lob_t d;
    write_lob(sp, &d, 4);
    assert_int_equal(d.n, 1);
    assert_int_equal(d.c[0].start, a.c[0].start);
    lob_space_destroy(sp);
}

/* (f) Shrink after churn: the segment comes to within one extent of what
 * its live LOBs and metadata need, and v$securefile_shrink's figures agree
 * with what moved. */
static void test_shrink_compacts(void **state)
{
    (void)state;
    lob_space_t *sp = make(LOB_FIT_SPLIT);
    round_of(sp, 4);
    assert_int_equal(lob_space_commit(sp, T(sp), 0, LOB_RETENTION_AUTO, 900), SIM_OK);
    for (int i = 0; i < NLOBS; i += 2)
        free_lob(sp, &lobs[i]);
    assert_int_equal(lob_space_commit(sp, T(sp), 0, LOB_RETENTION_AUTO, 900), SIM_OK);
    lob_space_info_t in;
    lob_space_get_info(sp, &in);
    uint64_t before = in.blocks;
    assert_int_equal(in.unexpired_blocks, 4 * NLOBS / 2);
    lob_run_t *ptr[NLOBS * 8];
    size_t n = 0;
    uint64_t live = 0;
    for (int i = 1; i < NLOBS; i += 2)
        for (int k = 0; k < lobs[i].n; k++) {
            ptr[n++] = &lobs[i].c[k];
            live += lobs[i].c[k].len;
        }
    lob_shrink_t sh;
    assert_int_equal(lob_space_shrink(sp, ptr, NULL, n, &sh), SIM_OK);
    assert_int_equal(lob_space_check(sp), SIM_OK);
    lob_space_get_info(sp, &in);
    assert_int_equal(in.used_blocks, live);
    assert_int_equal(in.unexpired_blocks, 0);
    /* The extents that hold the segment's metadata are never sealed: its
     * 54 blocks and the first eight extents' headers stay. */
    assert_true(in.meta_blocks >= 54 + 8);
    assert_true(in.blocks < before);
    assert_true(in.blocks <= in.meta_blocks + live + 128 + 16 * 8);
    assert_int_equal(sh.blocks_moved, sh.blocks_freed);
    assert_int_equal(sh.blocks_moved, sh.blocks_allocated);
    assert_int_equal(sh.extents_allocated, 1);
    assert_int_equal(sh.extents_freed, sh.extents_sealed);
    assert_true(sh.extents_sealed > 0 && sh.blocks_moved > 0 && sh.blocks_moved <= live);
    /* Moved chunks are where the shrink says: inside the segment, live. */
    for (size_t i = 0; i < n; i++)
        assert_true(ptr[i]->start + ptr[i]->len <= sp->addr_end);
    /* Inside a transaction the shrink is refused. */
    lob_t x;
    write_lob(sp, &x, 1);
    assert_int_equal(lob_space_shrink(sp, ptr, NULL, n, &sh), SIM_EINVAL);
    lob_space_destroy(sp);
}

/* RETENTION MAX keeps old versions until MAXSIZE: then the oldest go. */
static void test_retention_max_until_full(void **state)
{
    (void)state;
    lob_space_params_t p;
    lob_space_params_defaults(&p);
    round_one(&p);
    p.maxsize_bytes = 4 * MB;
    lob_space_t *sp;
    assert_int_equal(lob_space_create(&p, &sp), SIM_OK);
    /* 300 LOBs of 1 block, rewritten five times: 1,500 versions do not fit
     * 4 MB (512 blocks), so old versions are reused once the segment is
     * full and not before. */
    static lob_t v[300];
    for (int i = 0; i < 300; i++)
        write_lob(sp, &v[i], 1);
    assert_int_equal(lob_space_commit(sp, T(sp), 0, LOB_RETENTION_MAX, 0), SIM_OK);
    for (int round = 0; round < 5; round++)
        for (int i = 0; i < 300; i++) {
            free_lob(sp, &v[i]);
            write_lob(sp, &v[i], 1);
            assert_int_equal(lob_space_commit(sp, T(sp), 0, LOB_RETENTION_MAX, 0), SIM_OK);
        }
    lob_space_info_t in;
    lob_space_get_info(sp, &in);
    assert_true(in.blocks * 8192 <= 4 * MB);
    assert_true(in.unexpired_blocks > 0);
    assert_int_equal(in.used_blocks, 300);
    assert_int_equal(lob_space_check(sp), SIM_OK);
    lob_space_destroy(sp);
}

/* What an allocation looked at: the buckets it probed and the extents it
 * added (what life_sim counts as gets of space metadata). */
static void test_visit(void **state)
{
    (void)state;
    lob_space_t *sp = make(LOB_FIT_SPLIT);
    lob_run_t r;
    lob_space_visit_t v;
    /* A new segment is its first extent, all metadata: the first request
     * adds the seven extents the rest of the metadata spills into, and
     * finds the 2 blocks after it, in its own bucket's neighbour: one
     * probe. */
    assert_int_equal(lob_space_alloc(sp, T(sp), 1, &r, &v), SIM_OK);
    assert_int_equal(v.buckets, 1);
    assert_int_equal(v.grown, 7);
    assert_int_equal(r.start, 62);
    /* Nothing of 8 blocks is free: the split policy takes the 1 block left,
     * probing its bucket once. */
    assert_int_equal(lob_space_alloc(sp, T(sp), 8, &r, &v), SIM_OK);
    assert_int_equal(r.len, 1);
    assert_int_equal(v.grown, 0);
    /* Now nothing is free: an extent is added, then its chunk found. */
    assert_int_equal(lob_space_alloc(sp, T(sp), 7, &r, &v), SIM_OK);
    assert_int_equal(v.grown, 1);
    assert_int_equal(v.buckets, 1);
    lob_space_destroy(sp);
}

/* Two transactions open at once (two sessions): each one's frees and
 * allocations are its own; a rollback of one leaves the other's, the
 * segment's uncommitted blocks are the sum, and a shrink waits for both. */
static void test_two_transactions(void **state)
{
    (void)state;
    lob_space_t *sp = make(LOB_FIT_SPLIT);
    lob_space_tx_t *a = T(sp), *b;
    assert_int_equal(lob_space_tx_create(sp, &b), SIM_OK);
    lob_t la, lb, lc;
    write_lob(sp, &la, 4); /* by a */
    assert_int_equal(lob_space_commit(sp, a, 0, LOB_RETENTION_NONE, 0), SIM_OK);
    write_lob_tx(sp, b, &lb, 3);
    assert_int_equal(lob_space_commit(sp, b, 0, LOB_RETENTION_NONE, 0), SIM_OK);
    lob_space_info_t in;
    lob_space_get_info(sp, &in);
    assert_int_equal(in.used_blocks, 7);
    uint64_t reusable = in.expired_blocks, data = in.blocks - in.meta_blocks;
    /* a deletes its LOB; b writes one of 5 blocks and deletes its old one. */
    for (int i = 0; i < la.n; i++)
        assert_int_equal(lob_space_free(sp, a, la.c[i]), SIM_OK);
    write_lob_tx(sp, b, &lc, 5);
    for (int i = 0; i < lb.n; i++)
        assert_int_equal(lob_space_free(sp, b, lb.c[i]), SIM_OK);
    lob_space_get_info(sp, &in);
    assert_int_equal(in.uncommitted_blocks, 7);
    assert_int_equal(lob_space_tx_uncommitted(a), 4);
    assert_int_equal(lob_space_tx_uncommitted(b), 3);
    assert_int_equal(in.used_blocks, 12);
    assert_int_equal(lob_space_check(sp), SIM_OK);
    lob_run_t *none = NULL;
    lob_shrink_t sh;
    assert_int_equal(lob_space_shrink(sp, &none, NULL, 0, &sh), SIM_EINVAL);
    /* b rolls back: its new LOB's 5 blocks are reusable, its old LOB live
     * again; a's delete stays uncommitted. */
    assert_int_equal(lob_space_rollback(sp, b), SIM_OK);
    lob_space_get_info(sp, &in);
    assert_int_equal(in.uncommitted_blocks, 4);
    assert_int_equal(in.used_blocks, 7);
    /* What was reusable, and the data blocks of the extents b's write
     * added. */
    assert_int_equal(in.expired_blocks, reusable + (in.blocks - in.meta_blocks - data));
    assert_false(lob_space_tx_active(b));
    assert_true(lob_space_tx_active(a));
    /* a commits under NONE: its 4 blocks are reusable. */
    assert_int_equal(lob_space_commit(sp, a, 0, LOB_RETENTION_NONE, 0), SIM_OK);
    lob_space_get_info(sp, &in);
    assert_int_equal(in.uncommitted_blocks, 0);
    assert_int_equal(in.used_blocks, 3);
    assert_int_equal(in.expired_blocks, reusable + (in.blocks - in.meta_blocks - data) + 4);
    /* b deletes its LOB again while a writes one and commits: b's 3
     * uncommitted blocks stay b's. */
    for (int i = 0; i < lb.n; i++)
        assert_int_equal(lob_space_free(sp, b, lb.c[i]), SIM_OK);
    write_lob_tx(sp, a, &lc, 2);
    assert_int_equal(lob_space_commit(sp, a, 0, LOB_RETENTION_NONE, 0), SIM_OK);
    lob_space_get_info(sp, &in);
    assert_int_equal(in.uncommitted_blocks, 3);
    assert_int_equal(lob_space_rollback(sp, b), SIM_OK);
    /* A transaction of another segment is refused. */
    lob_space_t *other = make(LOB_FIT_SPLIT);
    lob_run_t r;
    assert_int_equal(lob_space_alloc(other, b, 1, &r, NULL), SIM_EINVAL);
    lob_space_destroy(other);
    lob_space_tx_destroy(b);
    assert_int_equal(lob_space_check(sp), SIM_OK);
    lob_space_destroy(sp);
}

/* A statement savepoint: a rollback to the mark undoes the statement's
 * allocations and frees and keeps the transaction's earlier ones. */
static void test_statement_savepoint(void **state)
{
    (void)state;
    lob_space_t *sp = make(LOB_FIT_SPLIT);
    lob_space_tx_t *tx = T(sp);
    lob_t old, x, y;
    write_lob(sp, &old, 2);
    assert_int_equal(lob_space_commit(sp, tx, 0, LOB_RETENTION_NONE, 0), SIM_OK);
    write_lob(sp, &x, 2); /* the transaction's first statement */
    lob_space_mark_t m = lob_space_tx_mark(tx);
    lob_space_info_t in;
    lob_space_get_info(sp, &in);
    uint64_t reusable = in.expired_blocks;
    write_lob(sp, &y, 5); /* the second: writes 5 blocks, deletes the old LOB */
    free_lob(sp, &old);
    lob_space_get_info(sp, &in);
    assert_int_equal(in.used_blocks, 9);
    assert_int_equal(in.uncommitted_blocks, 2);
    assert_int_equal(lob_space_rollback_to(sp, tx, m), SIM_OK);
    lob_space_get_info(sp, &in);
    assert_int_equal(in.used_blocks, 4);
    assert_int_equal(in.uncommitted_blocks, 0);
    assert_int_equal(in.expired_blocks, reusable);
    assert_true(lob_space_tx_active(tx)); /* the first statement's LOB */
    /* A mark past where the transaction now stands is refused. */
    lob_space_mark_t later = {m.alloc + 1, m.free};
    assert_int_equal(lob_space_rollback_to(sp, tx, later), SIM_EINVAL);
    lob_space_mark_t later_free = {m.alloc, m.free + 1}; /* past its frees: refused too */
    assert_int_equal(lob_space_rollback_to(sp, tx, later_free), SIM_EINVAL);
    /* The rollback of the rest gives the first statement's blocks back. */
    assert_int_equal(lob_space_rollback(sp, tx), SIM_OK);
    lob_space_get_info(sp, &in);
    assert_int_equal(in.used_blocks, 2);
    assert_int_equal(in.expired_blocks, reusable + 2);
    assert_int_equal(lob_space_check(sp), SIM_OK);
    lob_space_destroy(sp);
}

/* A rollback to a mark keeps the frees made before it: the first
 * statement's delete stays pending, and the commit makes its blocks
 * reusable. */
static void test_savepoint_keeps_earlier_frees(void **state)
{
    (void)state;
    lob_space_t *sp = make(LOB_FIT_SPLIT);
    lob_space_tx_t *tx = T(sp);
    lob_t old, y;
    write_lob(sp, &old, 2);
    assert_int_equal(lob_space_commit(sp, tx, 0, LOB_RETENTION_NONE, 0), SIM_OK);
    lob_space_info_t in;
    free_lob(sp, &old); /* the first statement deletes the old LOB */
    lob_space_mark_t m = lob_space_tx_mark(tx);
    write_lob(sp, &y, 3); /* the second writes one, then rolls back */
    assert_int_equal(lob_space_rollback_to(sp, tx, m), SIM_OK);
    lob_space_get_info(sp, &in);
    assert_int_equal(in.used_blocks, 2);
    assert_int_equal(in.uncommitted_blocks, 2);
    assert_int_equal(lob_space_check(sp), SIM_OK);
    uint64_t reusable = in.expired_blocks; /* with the second statement's 3 given back */
    assert_int_equal(lob_space_commit(sp, tx, 0, LOB_RETENTION_NONE, 0), SIM_OK);
    lob_space_get_info(sp, &in);
    assert_int_equal(in.used_blocks, 0);
    assert_int_equal(in.uncommitted_blocks, 0);
    assert_int_equal(in.expired_blocks, reusable + 2); /* the delete's, at its commit */
    assert_int_equal(lob_space_check(sp), SIM_OK);
    lob_space_destroy(sp);
}

/* A transaction destroyed while it still holds work rolls that work back:
 * its writes are given back, its deletes undone (lob_space_tx_destroy). */
static void test_destroy_rolls_back(void **state)
{
    (void)state;
    lob_space_t *sp = make(LOB_FIT_SPLIT);
    lob_t old, y;
    write_lob(sp, &old, 2);
    assert_int_equal(lob_space_commit(sp, T(sp), 0, LOB_RETENTION_NONE, 0), SIM_OK);
    lob_space_info_t before, in;
    lob_space_get_info(sp, &before);
    lob_space_tx_t *tx;
    assert_int_equal(lob_space_tx_create(sp, &tx), SIM_OK);
    write_lob_tx(sp, tx, &y, 3);
    for (int i = 0; i < old.n; i++)
        assert_int_equal(lob_space_free(sp, tx, old.c[i]), SIM_OK);
    lob_space_get_info(sp, &in);
    assert_int_equal(in.used_blocks, 5); /* a delete's blocks stay used until its commit */
    assert_int_equal(in.uncommitted_blocks, 2);
    lob_space_tx_destroy(tx);
    lob_space_get_info(sp, &in);
    assert_int_equal(in.used_blocks, 2); /* the old LOB is back, the new one gone */
    assert_int_equal(in.uncommitted_blocks, 0);
    assert_true(in.blocks > before.blocks); /* the segment grew for y and keeps its extent */
    assert_int_equal(sp->ntxs, 1);
    assert_int_equal(lob_space_check(sp), SIM_OK);
    /* y's blocks are free again: the same write fits without growing */
    lob_t z;
    write_lob(sp, &z, 3);
    lob_space_info_t after;
    lob_space_get_info(sp, &after);
    assert_int_equal(after.blocks, in.blocks);
    lob_space_destroy(sp);
}

static void test_check_catches_corruption(void **state)
{
    (void)state;
    lob_space_t *sp = make(LOB_FIT_SPLIT);
    lob_t a;
    write_lob(sp, &a, 3);
    assert_int_equal(a.n, 2); /* 2 blocks after the metadata, 1 in the next extent */
    assert_int_equal(lob_space_check(sp), SIM_OK);
    sp->used_blocks++;
    assert_int_equal(lob_space_check(sp), SIM_ECORRUPT);
    sp->used_blocks--;
    lob_space_tag_t *stray = sim_paged_zat(&sp->tags, a.c[0].start + 3);
    stray->len++;
    assert_int_equal(lob_space_check(sp), SIM_ECORRUPT);
    stray->len--;
    sp->stats.v[SIM_STAT_SEG_EXTENTS]++;
    assert_int_equal(lob_space_check(sp), SIM_ECORRUPT);
    sp->stats.v[SIM_STAT_SEG_EXTENTS]--;
    assert_int_equal(lob_space_check(sp), SIM_OK);
    /* (5): a block freed by two open transactions, and a transaction's
     * uncommitted blocks that are not its frees'. */
    lob_space_tx_t *b;
    assert_int_equal(lob_space_tx_create(sp, &b), SIM_OK);
    assert_int_equal(lob_space_free(sp, T(sp), a.c[1]), SIM_OK);
    assert_int_equal(lob_space_check(sp), SIM_OK);
    assert_int_equal(lob_space_free(sp, b, a.c[1]), SIM_OK);
    assert_int_equal(lob_space_check(sp), SIM_ECORRUPT);
    assert_int_equal(lob_space_rollback(sp, b), SIM_OK);
    assert_int_equal(lob_space_check(sp), SIM_OK);
    T(sp)->uncommitted_blocks++;
    sp->uncommitted_blocks++;
    assert_int_equal(lob_space_check(sp), SIM_ECORRUPT);
    T(sp)->uncommitted_blocks--;
    sp->uncommitted_blocks--;
    assert_int_equal(lob_space_check(sp), SIM_OK);
    lob_space_destroy(sp);
}

static void test_uniform_extents(void **state)
{
    (void)state;
    lob_space_params_t p;
    lob_space_params_defaults(&p);
    round_one(&p);
    p.uniform_bytes = 1 * MB;
    lob_space_t *sp;
    assert_int_equal(lob_space_create(&p, &sp), SIM_OK);
    lob_space_info_t in;
    lob_space_get_info(sp, &in);
    assert_int_equal(in.extents, 1);
    assert_int_equal(in.blocks, 128);
    assert_int_equal(in.meta_blocks, 55); /* 1 header + 54 segment metadata */
    char msg[128];
    p.uniform_bytes = 8192;
    assert_int_equal(lob_space_params_check(&p, msg, sizeof msg), SIM_EINVAL);
    assert_non_null(strstr(msg, "uniform extent size 8192"));
    lob_space_destroy(sp);
}

/* A free chunk of exactly the size asked for is reused whole (issue 43,
 * item 26).  One uniform 1 MB extent: 128 blocks, 55 of metadata, data
 * from block 55.  LOBs of 1, 4 and 7 blocks, each followed by a 1-block
 * LOB that keeps it apart: 55, [56], 57-60, [61], 62-68, [69]; the rest,
 * 70-127, 58 blocks, is the extent's unused space.  The three freed and
 * committed (RETENTION NONE): requests of 7, 4 and 1 blocks take them back
 * at 62, 57 and 55, each in one chunk, from their own bucket (one probe),
 * and the 58 blocks stay whole. */
static void test_exact_fit_reused(void **state)
{
    (void)state;
    lob_space_params_t p;
    lob_space_params_defaults(&p);
    round_one(&p);
    p.uniform_bytes = 1 * MB;
    lob_space_t *sp;
    assert_int_equal(lob_space_create(&p, &sp), SIM_OK);
    lob_t l1, l4, l7, gap[3];
    write_lob(sp, &l1, 1);
    write_lob(sp, &gap[0], 1);
    write_lob(sp, &l4, 4);
    write_lob(sp, &gap[1], 1);
    write_lob(sp, &l7, 7);
    write_lob(sp, &gap[2], 1);
    assert_int_equal(l1.c[0].start, 55);
    assert_int_equal(l4.c[0].start, 57);
    assert_int_equal(l7.c[0].start, 62);
    assert_int_equal(lob_space_commit(sp, T(sp), 0, LOB_RETENTION_NONE, 0), SIM_OK);
    free_lob(sp, &l1);
    free_lob(sp, &l4);
    free_lob(sp, &l7);
    assert_int_equal(lob_space_commit(sp, T(sp), 0, LOB_RETENTION_NONE, 0), SIM_OK);
    lob_space_info_t in;
    lob_space_get_info(sp, &in);
    assert_int_equal(in.free_chunks, 4);
    assert_int_equal(in.largest_free, 58);
    static const uint64_t want[3] = {7, 4, 1}, at[3] = {62, 57, 55};
    for (int i = 0; i < 3; i++) {
        lob_run_t r;
        lob_space_visit_t v;
        assert_int_equal(lob_space_alloc(sp, T(sp), want[i], &r, &v), SIM_OK);
        assert_int_equal(r.start, at[i]);
        assert_int_equal(r.len, want[i]);
        assert_int_equal(v.buckets, 1);
        assert_int_equal(v.grown, 0);
    }
    lob_space_get_info(sp, &in);
    assert_int_equal(in.free_chunks, 1);
    assert_int_equal(in.largest_free, 58);
    assert_int_equal(in.extents, 1);
    assert_int_equal(lob_space_check(sp), SIM_OK);
    lob_space_destroy(sp);
}

/* Reserve, claim, unreserve (the dispenser's and a direct-path context's
 * cache): a reserved run is nobody's (counted as expired, not used), a
 * claim gives part of it to a transaction and no more than is reserved,
 * and what is given back is reusable at once: the next allocation takes
 * it, where it lay, without growing. */
static void test_reserve_claim_unreserve(void **state)
{
    (void)state;
    lob_space_t *sp = make(LOB_FIT_SPLIT);
    /* Past the first extents of 8 blocks: a reserve of 20 then takes a whole one. */
    lob_t first;
    write_lob(sp, &first, 9);
    lob_run_t r;
    assert_int_equal(lob_space_reserve(sp, 20, &r, NULL), SIM_OK);
    /* A LOB after it: the segment goes on past the reserved run. */
    lob_t second;
    write_lob(sp, &second, 7);
    assert_true(second.c[0].start >= r.start + r.len);
    lob_space_info_t a, b;
    lob_space_get_info(sp, &a);
    assert_int_equal(a.reserved_blocks, r.len);
    assert_int_equal(a.used_blocks, 9 + 7);
    assert_true(r.len >= 6);
    uint64_t h = r.len / 2;
    assert_int_equal(lob_space_check(sp), SIM_OK);
    /* More than is reserved: refused, nothing changed. */
    lob_run_t over = {r.start, r.len + 1};
    assert_int_equal(lob_space_claim(sp, T(sp), over), SIM_EINVAL);
    lob_space_get_info(sp, &b);
    assert_memory_equal(&a, &b, sizeof a);
    lob_run_t head = {r.start, h}, rest = {r.start + h, r.len - h};
    assert_int_equal(lob_space_claim(sp, T(sp), head), SIM_OK);
    lob_space_get_info(sp, &b);
    assert_int_equal(b.used_blocks, 9 + 7 + h);
    assert_int_equal(b.reserved_blocks, r.len - h);
    assert_int_equal(b.expired_blocks, a.expired_blocks - h);
    lob_space_unreserve(sp, rest);
    lob_space_get_info(sp, &b);
    assert_int_equal(b.reserved_blocks, 0);
    assert_int_equal(b.expired_blocks, a.expired_blocks - h);
    assert_int_equal(lob_space_check(sp), SIM_OK);
    uint64_t blocks = seg_blocks(sp);
    lob_run_t again;
    assert_int_equal(lob_space_alloc(sp, T(sp), rest.len, &again, NULL), SIM_OK);
    assert_int_equal(again.start, rest.start);
    assert_int_equal(again.len, rest.len);
    assert_int_equal(seg_blocks(sp), blocks);
    assert_int_equal(lob_space_check(sp), SIM_OK);
    lob_space_destroy(sp);
}

/* The tags of reusable chunks' ends above the high-water mark kept aside
 * (lobspace/README.md, "What a block costs"): 80 one-block runs reserved
 * one after another above the mark and every other given back make 40
 * one-block chunks there, more than LOB_SPACE_FRONT, so the lowest go
 * into the array; two of those merged away; a claim past 10 of them
 * raises the mark over them (their tags into the array); the rest given
 * back merges all into one chunk again, which a reserve finds whole.  lob_space_check()
 * holds every tag where it should be at each step. */
static void test_tags_kept_aside(void **state)
{
    (void)state;
    lob_space_params_t p;
    lob_space_params_defaults(&p);
    round_one(&p);
    p.uniform_bytes = 2 * 1024 * 1024; /* 256 blocks: the first's 200 data blocks hold it all */
    lob_space_t *sp;
    assert_int_equal(lob_space_create(&p, &sp), SIM_OK);
    lob_t first;
    write_lob(sp, &first, 3);
    lob_run_t r[80];
    for (int i = 0; i < 80; i++) {
        assert_int_equal(lob_space_reserve(sp, 1, &r[i], NULL), SIM_OK);
        if (i > 0)
            assert_int_equal(r[i].start, r[i - 1].start + 1);
    }
    assert_true(r[0].start >= sp->hwm);
    for (int i = 0; i < 80; i += 2)
        lob_space_unreserve(sp, r[i]);
    assert_int_equal(lob_space_check(sp), SIM_OK);
    assert_int_equal(sp->nfront, LOB_SPACE_FRONT);
    lob_space_info_t in;
    lob_space_get_info(sp, &in);
    uint64_t chunks = in.free_chunks;
    assert_true(chunks >= 40);
    /* r[1] back: r[0] and r[2], whose tags went into the array above the
     * mark, are unlinked and merged with it (their array tags cleared,
     * none kept aside over them) */
    lob_space_unreserve(sp, r[1]);
    assert_int_equal(lob_space_check(sp), SIM_OK);
    lob_space_get_info(sp, &in);
    assert_int_equal(in.free_chunks, chunks - 1);
    assert_int_equal(lob_space_claim(sp, T(sp), r[21]), SIM_OK); /* the mark past r[0..20] */
    assert_int_equal(sp->hwm, r[21].start + 1);
    assert_int_equal(lob_space_check(sp), SIM_OK);
    for (uint32_t i = 0; i < sp->nfront; i++)
        assert_true(sp->front[i].block >= sp->hwm);
    for (int i = 3; i < 80; i += 2)
        if (i != 21)
            lob_space_unreserve(sp, r[i]);
    assert_int_equal(lob_space_check(sp), SIM_OK);
    lob_space_get_info(sp, &in);
    assert_int_equal(in.free_chunks, chunks - 40 + 1); /* r[0..20], r[22..] merged */
    lob_run_t whole;
    assert_int_equal(lob_space_reserve(sp, 58, &whole, NULL), SIM_OK);
    assert_int_equal(whole.start, r[22].start);
    assert_int_equal(lob_space_check(sp), SIM_OK);
    lob_space_destroy(sp);
}

/* A segment of uniform 1 MB extents (128 blocks; the first holds the
 * header and the 54 metadata blocks) with `extra` empty extents added
 * after a LOB of `blocks` blocks. */
static lob_space_t *with_empty_extents(lob_t *l, uint64_t blocks, int extra)
{
    lob_space_params_t p;
    lob_space_params_defaults(&p);
    round_one(&p);
    p.uniform_bytes = 1 * MB;
    lob_space_t *sp;
    assert_int_equal(lob_space_create(&p, &sp), SIM_OK);
    assert_int_equal(lob_space_hwm(sp), 55);
    write_lob(sp, l, blocks);
    assert_int_equal(lob_space_commit(sp, T(sp), 0, LOB_RETENTION_NONE, 0), SIM_OK);
    for (int i = 0; i < extra; i++)
        assert_int_equal(lob_space_add_extent(sp, 1 * MB), SIM_OK);
    assert_int_equal(lob_space_check(sp), SIM_OK);
    return sp;
}

static void sum_extent(void *arg, uint64_t start, uint64_t blocks)
{
    (void)start;
    *(uint64_t *)arg += blocks;
}

/* DEALLOCATE UNUSED (dealloc.c): the extents above the high-water mark
 * go, the extent where it ends is cut there, KEEP keeps blocks above it
 * (across an extent boundary too), and without KEEP the first extent
 * stays whole.  Space freed below the mark stays the segment's. */
static void test_deallocate_unused(void **state)
{
    (void)state;
    lob_t a, b;
    lob_dealloc_t d;
    lob_space_info_t in;
    /* 100 blocks: 73 in the first extent, 27 in the second: HWM 156. */
    lob_space_t *sp = with_empty_extents(&a, 100, 2);
    assert_int_equal(lob_space_hwm(sp), 156);
    assert_int_equal(lob_space_blocks(sp), 512);
    free_lob(sp, &a);
    assert_int_equal(lob_space_commit(sp, T(sp), 0, LOB_RETENTION_NONE, 0), SIM_OK);
    assert_int_equal(lob_space_deallocate(sp, 1, 0, &d), SIM_OK);
    assert_int_equal(lob_space_check(sp), SIM_OK);
    assert_int_equal(d.blocks_freed, 356);
    assert_int_equal(d.extents_freed, 2);
    assert_int_equal(d.extents_trimmed, 1);
    lob_space_get_info(sp, &in);
    assert_int_equal(in.blocks, 156);
    assert_int_equal(in.extents, 2);
    uint64_t listed = 0; /* user_extents' rows: the cut extent as it is now */
    lob_space_extents(sp, sum_extent, &listed);
    assert_int_equal(listed, 156);
    assert_int_equal(in.expired_blocks, 100); /* the deleted LOB's, below the mark */
    assert_int_equal(lob_space_hwm(sp), 156);
    /* Again: nothing above the mark is left. */
    assert_int_equal(lob_space_deallocate(sp, 1, 0, &d), SIM_OK);
    assert_int_equal(d.blocks_freed, 0);
    /* The cut blocks are not handed out again: a LOB larger than the free
     * space adds an extent after the ones given back. */
    write_lob(sp, &b, 150);
    assert_int_equal(lob_space_check(sp), SIM_OK);
    assert_int_equal(lob_space_blocks(sp), 156 + 128);
    assert_int_equal(lob_space_hwm(sp), 512 + 1 + 50);
    lob_space_destroy(sp);

    /* Without KEEP, a mark inside the first extent keeps it whole (INITIAL). */
    sp = with_empty_extents(&a, 10, 1);
    assert_int_equal(lob_space_deallocate(sp, 0, 0, &d), SIM_OK);
    assert_int_equal(lob_space_check(sp), SIM_OK);
    assert_int_equal(lob_space_blocks(sp), 128);
    assert_int_equal(d.extents_freed, 1);
    assert_int_equal(d.extents_trimmed, 0);
    lob_space_destroy(sp);

    /* KEEP 16 blocks: the first extent cut 16 blocks above the mark (65);
     * not while a block is reserved (a dispenser's loaded chunk). */
    sp = with_empty_extents(&a, 10, 1);
    lob_run_t held;
    assert_int_equal(lob_space_reserve(sp, 1, &held, NULL), SIM_OK);
    assert_int_equal(lob_space_deallocate(sp, 1, 0, &d), SIM_EINVAL);
    assert_int_equal(lob_space_blocks(sp), 256);
    lob_space_unreserve(sp, held);
    assert_int_equal(lob_space_deallocate(sp, 1, 16 * 8192, &d), SIM_OK);
    assert_int_equal(lob_space_check(sp), SIM_OK);
    assert_int_equal(lob_space_blocks(sp), 81);
    lob_space_destroy(sp);

    /* A block freed just below the mark, merged with the space above it,
     * stays reusable when the extent is cut at the mark. */
    sp = with_empty_extents(&a, 10, 0);
    write_lob(sp, &b, 1);
    free_lob(sp, &b);
    assert_int_equal(lob_space_commit(sp, T(sp), 0, LOB_RETENTION_NONE, 0), SIM_OK);
    assert_int_equal(lob_space_hwm(sp), 66);
    assert_int_equal(lob_space_deallocate(sp, 1, 0, &d), SIM_OK);
    assert_int_equal(lob_space_check(sp), SIM_OK);
    assert_int_equal(lob_space_blocks(sp), 66);
    lob_space_get_info(sp, &in);
    assert_int_equal(in.expired_blocks, 1);
    lob_space_destroy(sp);

    /* KEEP 10 blocks over a mark 3 blocks before the first extent's end:
     * 7 of the second extent kept, the third freed. */
    sp = with_empty_extents(&a, 70, 2);
    assert_int_equal(lob_space_deallocate(sp, 1, 10 * 8192 - 100, &d), SIM_OK);
    assert_int_equal(lob_space_check(sp), SIM_OK);
    assert_int_equal(lob_space_blocks(sp), 135);
    assert_int_equal(d.extents_freed, 1);
    assert_int_equal(d.extents_trimmed, 1);
    /* (7): a mark below a live block, a cut into an extent's headers. */
    sp->hwm = 60;
    assert_int_equal(lob_space_check(sp), SIM_ECORRUPT);
    sp->hwm = 125;
    assert_int_equal(lob_space_check(sp), SIM_OK);
    sp->ext[1].trim = 128;
    assert_int_equal(lob_space_check(sp), SIM_ECORRUPT);
    lob_space_destroy(sp);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_retention_none_reuses),
        cmocka_unit_test(test_retention_min_expires),
        cmocka_unit_test(test_rollback_keeps_old_version),
        cmocka_unit_test(test_split_policy_fragments),
        cmocka_unit_test(test_free_neighbours_merge),
        cmocka_unit_test(test_shrink_compacts),
        cmocka_unit_test(test_retention_max_until_full),
        cmocka_unit_test(test_visit),
        cmocka_unit_test(test_two_transactions),
        cmocka_unit_test(test_statement_savepoint),
        cmocka_unit_test(test_savepoint_keeps_earlier_frees),
        cmocka_unit_test(test_destroy_rolls_back),
        cmocka_unit_test(test_check_catches_corruption),
        cmocka_unit_test(test_uniform_extents),
        cmocka_unit_test(test_exact_fit_reused),
        cmocka_unit_test(test_reserve_claim_unreserve),
        cmocka_unit_test(test_tags_kept_aside),
        cmocka_unit_test(test_deallocate_unused),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
