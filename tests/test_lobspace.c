/* test_lobspace.c -- the segment's extents and the chunk allocator. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "lobspace_int.h"

#define MB (1024ULL * 1024)

static void check_seg(const lob_space_t *seg)
{
    assert_int_equal(lob_space_check(seg), SIM_OK);
}

/* The experiments' segment: automatic allocation, a request no chunk
 * holds filled from the largest. */
static lob_space_t *seg_create(const lob_params_t *p)
{
    lob_space_params_t sp;
    lob_space_params_defaults(&sp);
    sp.seg = *p;
    lob_space_t *seg = NULL;
    assert_int_equal(lob_space_create(&sp, &seg), SIM_OK);
    return seg;
}

static lob_space_info_t seg_info(const lob_space_t *seg)
{
    lob_space_info_t info;
    lob_space_get_info(seg, &info);
    return info;
}

/* Blocks of the segment that are neither metadata nor handed out: never
 * used, so reusable (nothing here frees). */
static uint64_t seg_free(const lob_space_t *seg)
{
    lob_space_info_t i = seg_info(seg);
    return i.expired_blocks - i.reserved_blocks;
}

static void test_first_extents(void **state)
{
    (void)state;
    lob_params_t p;
    lob_params_defaults(&p);
    lob_space_t *seg = seg_create(&p);
    check_seg(seg);
    lob_space_info_t info = seg_info(seg);
    /* A new segment holds one 64 KB extent of 8 blocks, all metadata: its
     * header, the segment header and 6 of the 9 hash-bucket blocks. */
    assert_int_equal(info.extents, 1);
    assert_int_equal(info.blocks, 8);
    assert_int_equal(info.meta_blocks, 8);
    lob_run_t run;
    lob_space_visit_t vis;
    assert_int_equal(lob_space_reserve(seg, 1000, &run, &vis), SIM_OK);
    check_seg(seg);
    info = seg_info(seg);
    /* The first write adds the extents the rest of the metadata goes in,
     * after each one's header: the 3 hash buckets left and the 4 CFS
     * blocks fill the second extent, the 50 PUA blocks the next seven
     * (7 each) and 1 block of the tenth; the first data run is that
     * extent's last 6 blocks, the largest free chunk (nothing holds 1,000),
     * and the reserve added those nine extents. */
    assert_int_equal(info.extents, 10);
    assert_int_equal(vis.grown, 9);
    assert_int_equal(info.meta_blocks, 10 + 1 + 9 + 4 + 50);
    assert_int_equal(run.start, 74);
    assert_int_equal(run.len, 6);
    assert_int_equal(info.reserved_blocks, 6);
    assert_int_equal(seg_free(seg), 0);
    assert_int_equal(lob_space_stats(seg)->v[SIM_STAT_SEG_EXTENTS], info.extents);
    assert_int_equal(lob_space_extent_of(seg, 74), 9);
    assert_int_equal(lob_space_extent_of(seg, 71), 8);
    lob_space_destroy(seg);
}

static void test_extent_schedule(void **state)
{
    (void)state;
    assert_int_equal(lob_next_extent_bytes(0), 64 * 1024);
    assert_int_equal(lob_next_extent_bytes(1 * MB - 1), 64 * 1024);
    assert_int_equal(lob_next_extent_bytes(1 * MB), 1 * MB);
    assert_int_equal(lob_next_extent_bytes(64 * MB - 1), 1 * MB);
    assert_int_equal(lob_next_extent_bytes(64 * MB), 8 * MB);
    assert_int_equal(lob_next_extent_bytes(1024 * MB), 64 * MB);

    lob_params_t p;
    lob_params_defaults(&p);
    lob_space_t *seg = seg_create(&p);
    /* Take whole extents to just past 1 GB: 16 + 63 + 120 extents, then
     * one of 64 MB. */
    lob_run_t run;
    while (lob_space_blocks(seg) * 8192 < 1024 * MB || seg_free(seg) > 0)
        assert_int_equal(lob_space_reserve(seg, 1 << 20, &run, NULL), SIM_OK);
    check_seg(seg);
    assert_int_equal(seg_info(seg).extents, 16 + 63 + 120);
    assert_int_equal(lob_space_reserve(seg, 1, &run, NULL), SIM_OK);
    assert_int_equal(lob_space_blocks(seg) * 8192, 1024 * MB + 64 * MB);
    check_seg(seg);
    lob_space_destroy(seg);
}

static void test_runs_stay_in_extents(void **state)
{
    (void)state;
    lob_params_t p;
    lob_params_defaults(&p);
    lob_space_t *seg = seg_create(&p);
    uint64_t last_end = 0;
    /* Take odd-sized runs through the 64 KB, 1 MB and 8 MB extents: in
     * address order, each inside one extent. */
    for (int i = 0; i < 3000; i++) {
        lob_run_t run;
        assert_int_equal(lob_space_reserve(seg, 37, &run, NULL), SIM_OK);
        assert_true(run.len >= 1 && run.len <= 37);
        assert_true(run.start >= last_end); /* never handed out twice */
        assert_int_equal(lob_space_extent_of(seg, run.start),
                         lob_space_extent_of(seg, run.start + run.len - 1));
        last_end = run.start + run.len;
        if (i % 100 == 0)
            check_seg(seg);
    }
    check_seg(seg);
    lob_space_destroy(seg);
}

static void test_segment_full(void **state)
{
    (void)state;
    lob_params_t p;
    lob_params_defaults(&p);
    p.max_bytes = 2 * MB;
    lob_space_t *seg = seg_create(&p);
    lob_run_t run;
    sim_err_t rc;
    uint64_t taken = 0;
    while ((rc = lob_space_reserve(seg, 1000, &run, NULL)) == SIM_OK)
        taken += run.len;
    assert_int_equal(rc, SIM_EFULL);
    lob_space_info_t info = seg_info(seg);
    assert_int_equal(lob_space_blocks(seg) * 8192, 2 * MB);
    assert_int_equal(seg_free(seg), 0);
    assert_int_equal(taken + info.meta_blocks, info.blocks);
    check_seg(seg);
    lob_space_destroy(seg);
}

static void test_grow_enomem_leaves_segment_unchanged(void **state)
{
    (void)state;
    lob_params_t p;
    lob_params_defaults(&p);
    lob_space_t *seg = seg_create(&p);
    /* The extent list starts with room for 64; the 65th needs memory.
     * Whole extents are taken so that the next reserve must grow. */
    lob_run_t run;
    while (seg_info(seg).extents < 64 || seg_free(seg) > 0)
        assert_int_equal(lob_space_reserve(seg, 1 << 20, &run, NULL), SIM_OK);
    lob_space_info_t before = seg_info(seg), after;
    sim_fail_alloc_after(1);
    assert_int_equal(lob_space_reserve(seg, 1, &run, NULL), SIM_ENOMEM);
    sim_fail_alloc_after(0);
    after = seg_info(seg);
    assert_memory_equal(&before, &after, sizeof before);
    check_seg(seg);
    assert_int_equal(lob_space_reserve(seg, 1, &run, NULL), SIM_OK);
    check_seg(seg);
    lob_space_destroy(seg);
}

/* A source handing out fixed-size runs from an ever-growing address. */
typedef struct {
    uint64_t next;
    uint64_t run;
    int calls;
    int conts;
} fake_src_t;

static sim_err_t fake_source(void *arg, uint64_t want, int cont, lob_run_t *run)
{
    fake_src_t *s = arg;
    s->calls++;
    s->conts += cont;
    run->start = s->next;
    run->len = want && want < s->run ? want : s->run;
    s->next += run->len + 1; /* a gap: runs are never contiguous */
    return SIM_OK;
}

static void test_cached_payload_edges(void **state)
{
    (void)state;
    lob_params_t p;
    lob_params_defaults(&p);
    uint32_t pay = lob_payload(&p);
    assert_int_equal(pay, 8060);
    fake_src_t src = {0, 10, 0, 0};
    lob_alloc_t *a;
    assert_int_equal(lob_alloc_create(&p, LOB_ALLOC_CACHED, fake_source, &src, &a), SIM_OK);
    /* Exactly one block's payload (8,060 bytes) is one block; one byte
     * more is two (the blocks per LOB themselves are tested in test_insert). */
    uint64_t k1 = 1, k2 = 2;
    lob_lob_t lob = {0, 0, 0};
    uint64_t chunks;
    assert_int_equal(lob_alloc_write(a, k1, &lob, &chunks), SIM_OK);
    assert_int_equal(chunks, 1);
    assert_int_equal(lob_alloc_cached(a), 9);
    lob_lob_t lob2 = {0, 0, 0};
    assert_int_equal(lob_alloc_write(a, k2, &lob2, &chunks), SIM_OK);
    assert_int_equal(chunks, 1);
    assert_int_equal(lob_alloc_check(a), SIM_OK);
    assert_int_equal(lob_alloc_stats(a)->v[SIM_STAT_SF_ALLOC_BYTES], 3 * 8192);
    lob_alloc_destroy(a);
}

/* A CACHE LOB's blocks are written into the buffer cache and stay there:
 * each is still a get and a change, but no direct write is counted
 * (lob_alloc_buffered(), which life_sim sets for a CACHE LOB column). */
static void test_buffered_writes_not_direct(void **state)
{
    (void)state;
    lob_params_t p;
    lob_params_defaults(&p);
    fake_src_t src = {0, 10, 0, 0};
    lob_alloc_t *a;
    assert_int_equal(lob_alloc_create(&p, LOB_ALLOC_CACHED, fake_source, &src, &a), SIM_OK);
    lob_lob_t lob = {0, 0, 0};
    uint64_t chunks;
    assert_int_equal(lob_alloc_write(a, 2, &lob, &chunks), SIM_OK);
    lob_alloc_buffered(a, 1);
    lob_lob_t lob2 = {0, 0, 0};
    assert_int_equal(lob_alloc_write(a, 3, &lob2, &chunks), SIM_OK);
    const sim_stats_t *st = lob_alloc_stats(a);
    assert_int_equal(st->v[SIM_STAT_DB_BLOCK_GETS], 5);
    assert_int_equal(st->v[SIM_STAT_DB_BLOCK_CHANGES], 5);
    assert_int_equal(st->v[SIM_STAT_SF_DIRECT_WRITE_BYTES], 2 * 8192); /* the first LOB only */
    assert_int_equal(st->v[SIM_STAT_SF_DIRECT_WRITE_OPS], 1);
    assert_int_equal(lob_alloc_check(a), SIM_OK);
    lob_alloc_destroy(a);
}

static void test_cached_refill_mid_lob(void **state)
{
    (void)state;
    lob_params_t p;
    lob_params_defaults(&p);
    fake_src_t src = {0, 10, 0, 0};
    lob_alloc_t *a;
    assert_int_equal(lob_alloc_create(&p, LOB_ALLOC_CACHED, fake_source, &src, &a), SIM_OK);
    /* Three LOBs of 3 blocks from refills of 10: the fourth straddles. */
    uint64_t chunks;
    for (int i = 0; i < 3; i++) {
        lob_lob_t lob = {0, 0, 0};
        assert_int_equal(lob_alloc_write(a, 3, &lob, &chunks), SIM_OK);
        assert_int_equal(chunks, 1);
    }
    lob_lob_t lob = {0, 0, 0};
    assert_int_equal(lob_alloc_write(a, 3, &lob, &chunks), SIM_OK);
    assert_int_equal(chunks, 2);
    assert_int_equal(lob.blocks, 3);
    assert_int_equal(src.calls, 2);
    assert_int_equal(lob_alloc_stats(a)->v[SIM_STAT_SF_ALLOC_CHUNKS], 5);
    assert_int_equal(lob_alloc_taken(a), 20);
    assert_int_equal(lob_alloc_given(a), 12);
    assert_int_equal(lob_alloc_check(a), SIM_OK);
    lob_alloc_destroy(a);
}

static void test_exact_lob_larger_than_run(void **state)
{
    (void)state;
    lob_params_t p;
    lob_params_defaults(&p);
    fake_src_t src = {0, 128, 0, 0};
    lob_alloc_t *a;
    assert_int_equal(lob_alloc_create(&p, LOB_ALLOC_EXACT, fake_source, &src, &a), SIM_OK);
    /* A LOB larger than the source's runs (an extent, say) takes several. */
    lob_lob_t lob = {0, 0, 0};
    uint64_t chunks;
    assert_int_equal(lob_alloc_write(a, 300, &lob, &chunks), SIM_OK);
    assert_int_equal(chunks, 3);
    assert_int_equal(src.conts, 2);
    assert_int_equal(lob.blocks, 300);
    assert_int_equal(lob_alloc_cached(a), 0);
    assert_int_equal(lob_alloc_check(a), SIM_OK);
    lob_alloc_destroy(a);
}

static void ignore_chunk(void *arg, const lob_run_t *chunk, const lob_lob_t *lob)
{
    (void)chunk;
    (void)lob;
    ++*(int *)arg;
}

/*
 * Many writes at once (lob_alloc_write_many) count what as many writes
 * count when the cache covers them, whatever their sizes, and leave the
 * same cache; beyond it, a write of no block, or with an observer, they are
 * refused with nothing changed.  EXACT mode has nothing ready without a
 * source of many.
 */
static void test_write_many(void **state)
{
    (void)state;
    lob_params_t p;
    lob_params_defaults(&p);
    fake_src_t sa = {0, 10, 0, 0}, sb = {0, 10, 0, 0};
    lob_alloc_t *a, *b;
    assert_int_equal(lob_alloc_create(&p, LOB_ALLOC_CACHED, fake_source, &sa, &a), SIM_OK);
    assert_int_equal(lob_alloc_create(&p, LOB_ALLOC_CACHED, fake_source, &sb, &b), SIM_OK);
    assert_int_equal(lob_alloc_ready(a), 0); /* the cache is empty */
    lob_lob_t lob = {0, 0, 0};
    assert_int_equal(lob_alloc_write(a, 1, &lob, NULL), SIM_OK);
    assert_int_equal(lob_alloc_write(b, 1, &lob, NULL), SIM_OK);
    /* 9 blocks cached: writes of 2, 3 and 4 at once. */
    assert_int_equal(lob_alloc_ready(a), 9);
    assert_int_equal(lob_alloc_write_many(a, 10, 3, NULL), SIM_EINVAL);
    assert_int_equal(lob_alloc_write_many(a, 2, 3, NULL), SIM_EINVAL);
    assert_int_equal(lob_alloc_write_many(a, 2, 0, NULL), SIM_EINVAL);
    assert_int_equal(lob_alloc_cached(a), 9);
    assert_int_equal(lob_alloc_write_many(a, 9, 3, NULL), SIM_OK);
    for (uint64_t k = 2; k <= 4; k++) {
        lob_lob_t l = {0, 0, 0};
        uint64_t chunks;
        assert_int_equal(lob_alloc_write(b, k, &l, &chunks), SIM_OK);
        assert_int_equal(chunks, 1);
    }
    assert_int_equal(lob_alloc_check(a), SIM_OK);
    assert_memory_equal(lob_alloc_stats(a), lob_alloc_stats(b), sizeof(sim_stats_t));
    assert_int_equal(lob_alloc_stats(a)->v[SIM_STAT_SF_ALLOC_CHUNKS], 4);
    assert_int_equal(lob_alloc_stats(a)->v[SIM_STAT_SF_ALLOC_BYTES], 10 * 8192);
    assert_int_equal(lob_alloc_cached(a), 0);
    assert_int_equal(lob_alloc_given(a), lob_alloc_given(b));
    assert_int_equal(sa.calls, 1);
    /* An observer sees every chunk: nothing is ready. */
    assert_int_equal(lob_alloc_write(a, 1, &lob, NULL), SIM_OK);
    int seen = 0;
    lob_alloc_observe(a, ignore_chunk, &seen);
    assert_int_equal(lob_alloc_ready(a), 0);
    assert_int_equal(lob_alloc_write_many(a, 1, 1, NULL), SIM_EINVAL);
    assert_int_equal(lob_alloc_cached(a), 9);
    assert_int_equal(seen, 0);
    lob_alloc_destroy(a);
    lob_alloc_destroy(b);
    /* EXACT mode without a source of many. */
    assert_int_equal(lob_alloc_create(&p, LOB_ALLOC_EXACT, fake_source, &sa, &a), SIM_OK);
    assert_int_equal(lob_alloc_ready(a), 0);
    assert_int_equal(lob_alloc_write_many(a, 1, 1, NULL), SIM_EINVAL);
    assert_int_equal(lob_alloc_write_many(a, 0, 0, NULL), SIM_OK);
    assert_int_equal(lob_alloc_given(a), 0);
    lob_alloc_destroy(a);
}

/*
 * Where the batched writes' chunks lie (issue 43): lob_alloc_write_many()
 * hands out no chunk an observer could see, so the position it leaves the
 * cache at is seen in the chunks of the next writes, worked by hand.  The
 * source hands out runs of 10 blocks from block 100, a block apart.  A
 * 1-block write takes block 100 (cache 101-109); five blocks in two writes
 * at once take 101-105, the span they are told; then, watched, a 3-block write is one chunk at
 * 106, and a 3-block write the last cached block, 109, and 2 blocks of
 * the next run, 111-120: 111 and 112.  The chunks tile blocks 100-112 but
 * 110 (the source's gap) with no overlap: 13 - 1 = 12 given, 8 cached.
 */
typedef struct {
    lob_run_t c[8];
    int n;
} seen_t;

static void record_chunk(void *arg, const lob_run_t *chunk, const lob_lob_t *lob)
{
    seen_t *s = arg;
    (void)lob;
    assert_true(s->n < 8);
    s->c[s->n++] = *chunk;
}

static void test_write_many_positions(void **state)
{
    (void)state;
    lob_params_t p;
    lob_params_defaults(&p);
    fake_src_t src = {100, 10, 0, 0};
    lob_alloc_t *a;
    assert_int_equal(lob_alloc_create(&p, LOB_ALLOC_CACHED, fake_source, &src, &a), SIM_OK);
    lob_lob_t lob = {0, 0, 0};
    assert_int_equal(lob_alloc_write(a, 1, &lob, NULL), SIM_OK);
    assert_int_equal(lob.last_end, 101);
    lob_run_t span = {0, 0};
    assert_int_equal(lob_alloc_write_many(a, 5, 2, &span), SIM_OK);
    assert_int_equal(span.start, 101); /* the run they lie in, as the caller is told */
    assert_int_equal(span.len, 5);
    assert_int_equal(lob_alloc_cached(a), 4);
    seen_t seen = {{{0, 0}}, 0};
    lob_alloc_observe(a, record_chunk, &seen);
    lob_lob_t l1 = {0, 0, 0}, l2 = {0, 0, 0};
    assert_int_equal(lob_alloc_write(a, 3, &l1, NULL), SIM_OK);
    assert_int_equal(lob_alloc_write(a, 3, &l2, NULL), SIM_OK);
    assert_int_equal(seen.n, 3);
    assert_int_equal(seen.c[0].start, 106);
    assert_int_equal(seen.c[0].len, 3);
    assert_int_equal(seen.c[1].start, 109);
    assert_int_equal(seen.c[1].len, 1);
    assert_int_equal(seen.c[2].start, 111);
    assert_int_equal(seen.c[2].len, 2);
    assert_int_equal(l1.last_end, 109);
    assert_int_equal(l2.last_end, 113);
    assert_int_equal(lob_alloc_given(a), 12);
    assert_int_equal(lob_alloc_cached(a), 8);
    assert_int_equal(lob_alloc_taken(a), 20);
    assert_int_equal(lob_alloc_check(a), SIM_OK);
    lob_alloc_destroy(a);
}

/* ---- negative tests: each _check() catches a corrupted state --------- */

/*
 * Each corruption is done through lobspace_int.h right before the check and
 * the object is destroyed right after it: debug builds run the checks after
 * every state change and would stop at the corruption's next change.
 */
typedef void (*seg_corrupt_fn)(lob_space_t *seg);

static void seg_lose_extent(lob_space_t *seg)
{
    seg->next_ext--; /* the list forgets its last extent */
}
static void seg_extent_stat_off_by_one(lob_space_t *seg)
{
    seg->stats.v[SIM_STAT_SEG_EXTENTS]++;
}
static void seg_foreign_stat(lob_space_t *seg)
{
    seg->stats.v[SIM_STAT_DSP_CHUNKS] = 1; /* not the segment's to count */
}
static void seg_reserved_off_by_one(lob_space_t *seg)
{
    seg->reserved_blocks++; /* a block handed out that no run holds */
    seg->reusable_blocks--;
}
static void seg_extent_gap(lob_space_t *seg)
{
    seg->ext[3].start++; /* extents no longer contiguous */
}
static void seg_meta_miscounted(lob_space_t *seg)
{
    seg->meta_blocks--;
}
static void seg_free_in_metadata(lob_space_t *seg)
{
    /* The last extent's free chunk starts one block early, on its last
     * metadata block: space still adds up, but a run would now overwrite
     * the header. */
    const lob_space_extent_t *e = &seg->ext[seg->next_ext - 1];
    uint64_t start = e->start + e->meta, len = tag(seg, start)->len;
    lob_space_unlink(seg, start);
    lob_space_reuse(seg, start - 1, len + 1);
    seg->meta_blocks--;
}

/* The reserving source a dispenser would be: runs of 10 blocks reserved
 * in the segment. */
static sim_err_t reserve_source(void *arg, uint64_t want, int cont, lob_run_t *run)
{
    (void)cont;
    return lob_space_reserve(arg, want ? want : 10, run, NULL);
}

/* A direct-path context claiming for a transaction: each chunk given is
 * the transaction's (used), the rest of the run stays reserved in the
 * cache, and lob_alloc_release() gives that rest back to the segment as
 * reusable space (nothing reserved is left, the allocator still adds up,
 * and a rollback leaves the whole run reusable). */
static void test_release_cache(void **state)
{
    (void)state;
    lob_params_t p;
    lob_params_defaults(&p);
    lob_space_t *seg = seg_create(&p);
    lob_space_tx_t *tx;
    assert_int_equal(lob_space_tx_create(seg, &tx), SIM_OK);
    lob_alloc_t *a;
    assert_int_equal(lob_alloc_create(&p, LOB_ALLOC_CACHED, reserve_source, seg, &a), SIM_OK);
    lob_alloc_claim_into(a, seg, tx);
    lob_lob_t lob = {0, 0, 0};
    uint64_t chunks;
    assert_int_equal(lob_alloc_write(a, 1, &lob, &chunks), SIM_OK);
    uint64_t cached = lob_alloc_cached(a);
    assert_true(cached > 0);
    lob_space_info_t in = seg_info(seg);
    assert_int_equal(in.used_blocks, 1);
    assert_int_equal(in.reserved_blocks, cached);
    uint64_t free_before = seg_free(seg);
    lob_alloc_release(a);
    assert_int_equal(lob_alloc_cached(a), 0);
    assert_int_equal(lob_alloc_check(a), SIM_OK);
    in = seg_info(seg);
    assert_int_equal(in.reserved_blocks, 0);
    assert_int_equal(seg_free(seg), free_before + cached);
    check_seg(seg);
    assert_int_equal(lob_space_rollback(seg, tx), SIM_OK);
    assert_int_equal(seg_free(seg), free_before + cached + 1);
    check_seg(seg);
    lob_alloc_destroy(a);
    lob_space_tx_destroy(tx);
    lob_space_destroy(seg);
}

static void test_segment_check_catches_corruption(void **state)
{
    (void)state;
    static const struct {
        const char *what;
        seg_corrupt_fn fn;
    } cases[] = {
        {"lost extent", seg_lose_extent},
        {"extent statistic off by one", seg_extent_stat_off_by_one},
        {"a statistic the segment does not count", seg_foreign_stat},
        {"reserved blocks off by one", seg_reserved_off_by_one},
        {"gap between extents", seg_extent_gap},
        {"metadata blocks off by one", seg_meta_miscounted},
        {"free chunk inside the extent header", seg_free_in_metadata},
    };
    lob_params_t p;
    lob_params_defaults(&p);
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        lob_space_t *seg = seg_create(&p);
        /* Past the 64 KB extents into the first 1 MB one, mid-extent. */
        lob_run_t run;
        for (int t = 0; t < 30; t++)
            assert_int_equal(lob_space_reserve(seg, 5, &run, NULL), SIM_OK);
        assert_true(seg->next_ext > 4 && seg_free(seg) > 0);
        check_seg(seg);
        cases[i].fn(seg);
        printf("segment: %s\n", cases[i].what);
        assert_int_equal(lob_space_check(seg), SIM_ECORRUPT);
        lob_space_destroy(seg);
    }
}

typedef void (*alloc_corrupt_fn)(lob_alloc_t *a);

static void alloc_taken_off_by_one(lob_alloc_t *a)
{
    a->taken++; /* taken != given + cached */
}
static void alloc_cache_lost_block(lob_alloc_t *a)
{
    a->cache.len--; /* a cached block vanished */
}
static void alloc_given_off_by_one(lob_alloc_t *a)
{
    /* A block given and taken without its bytes counted. */
    a->given++;
    a->taken++;
}
static void alloc_chunk_uncounted(lob_alloc_t *a)
{
    a->chunks++;
}
static void alloc_bytes_stat_off_by_one(lob_alloc_t *a)
{
    a->stats.v[SIM_STAT_SF_ALLOC_BYTES]++;
}
static void alloc_write_ops_off_by_one(lob_alloc_t *a)
{
    a->stats.v[SIM_STAT_SF_DIRECT_WRITE_OPS]--;
}
static void alloc_foreign_stat(lob_alloc_t *a)
{
    a->stats.v[SIM_STAT_SEG_EXTENTS] = 1; /* the segment's, not the allocator's */
}

static void test_alloc_check_catches_corruption(void **state)
{
    (void)state;
    static const struct {
        const char *what;
        alloc_corrupt_fn fn;
    } cases[] = {
        {"taken != given + cached", alloc_taken_off_by_one},
        {"cached block lost", alloc_cache_lost_block},
        {"given block without its bytes", alloc_given_off_by_one},
        {"chunk not in the statistics", alloc_chunk_uncounted},
        {"allocation bytes off by one", alloc_bytes_stat_off_by_one},
        {"direct write ops off by one", alloc_write_ops_off_by_one},
        {"a statistic the allocator does not count", alloc_foreign_stat},
    };
    lob_params_t p;
    lob_params_defaults(&p);
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        fake_src_t src = {0, 10, 0, 0};
        lob_alloc_t *a;
        assert_int_equal(lob_alloc_create(&p, LOB_ALLOC_CACHED, fake_source, &src, &a), SIM_OK);
        /* 3 + 4 blocks from one refill of 10: 3 stay cached. */
        lob_lob_t lob = {0, 0, 0};
        assert_int_equal(lob_alloc_write(a, 3, &lob, NULL), SIM_OK);
        assert_int_equal(lob_alloc_write(a, 4, &lob, NULL), SIM_OK);
        assert_int_equal(lob_alloc_cached(a), 3);
        assert_int_equal(lob_alloc_check(a), SIM_OK);
        cases[i].fn(a);
        printf("chunk allocator: %s\n", cases[i].what);
        assert_int_equal(lob_alloc_check(a), SIM_ECORRUPT);
        lob_alloc_destroy(a);
    }
}

/* The in-row rule shared by the insert and the scripts: up to 3,964 bytes
 * with storage in row, nothing without it; a bad limit is refused. */
static void test_in_row_limit(void **state)
{
    (void)state;
    lob_params_t p;
    lob_params_defaults(&p);
    assert_int_equal(p.inrow_max, 3964);
    assert_true(lob_in_row(&p, 1, 1));
    assert_true(lob_in_row(&p, 1, 3964));
    assert_false(lob_in_row(&p, 1, 3965));
    assert_false(lob_in_row(&p, 0, 1));
    assert_false(lob_in_row(&p, 0, 3964));
    char msg[200];
    p.inrow_max = 32768;
    assert_int_equal(lob_params_check(&p, msg, sizeof msg), SIM_EINVAL);
    assert_non_null(strstr(msg, "lob.inrow_max=32768"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_in_row_limit),
        cmocka_unit_test(test_first_extents),
        cmocka_unit_test(test_extent_schedule),
        cmocka_unit_test(test_runs_stay_in_extents),
        cmocka_unit_test(test_segment_full),
        cmocka_unit_test(test_grow_enomem_leaves_segment_unchanged),
        cmocka_unit_test(test_cached_payload_edges),
        cmocka_unit_test(test_buffered_writes_not_direct),
        cmocka_unit_test(test_cached_refill_mid_lob),
        cmocka_unit_test(test_exact_lob_larger_than_run),
        cmocka_unit_test(test_write_many),
        cmocka_unit_test(test_write_many_positions),
        cmocka_unit_test(test_release_cache),
        cmocka_unit_test(test_segment_check_catches_corruption),
        cmocka_unit_test(test_alloc_check_catches_corruption),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
