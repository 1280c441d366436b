/* test_dispenser.c -- dispenser chunks, refills, searches and a property
 * test of the space invariants over many seeded random configurations. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "dispenser_int.h"

#define MB (1024ULL * 1024)

typedef struct {
    lob_space_t *seg;
    undo_log_t *undo;
    dsp_t *dsp;
} fixture_t;

static void open_fixture(fixture_t *f, const lob_params_t *lp, const dsp_params_t *dp)
{
    memset(f, 0, sizeof *f);
    undo_params_t up;
    undo_params_defaults(&up);
    lob_space_params_t sp;
    lob_space_params_defaults(&sp);
    sp.seg = *lp;
    assert_int_equal(lob_space_create(&sp, &f->seg), SIM_OK);
    assert_int_equal(undo_create(&up, &f->undo), SIM_OK);
    assert_int_equal(dsp_create(f->seg, f->undo, dp, &f->dsp), SIM_OK);
}

/* The figures of the three components together: the session's. */
static sim_stats_t total(const fixture_t *f)
{
    sim_stats_t t;
    const sim_stats_t *parts[] = {lob_space_stats(f->seg), undo_stats(f->undo), dsp_stats(f->dsp)};
    memset(&t, 0, sizeof t);
    for (size_t i = 0; i < 3; i++)
        for (int s = 0; s < SIM_STAT_COUNT; s++)
            t.v[s] += parts[i]->v[s];
    return t;
}

static void close_fixture(fixture_t *f)
{
    dsp_destroy(f->dsp);
    undo_destroy(f->undo);
    lob_space_destroy(f->seg);
}

static void check_all(const fixture_t *f)
{
    assert_int_equal(dsp_check(f->dsp), SIM_OK);
    assert_int_equal(lob_space_check(f->seg), SIM_OK);
    assert_int_equal(undo_check(f->undo), SIM_OK);
}

static void test_chunk_size_grows_with_segment(void **state)
{
    (void)state;
    dsp_params_t p;
    dsp_params_defaults(&p);
    /* 1 MB minimum, segment / 256, 6 MB maximum; in 8 KB blocks. */
    assert_int_equal(dsp_chunk_blocks(&p, 8192, 0), 128);
    assert_int_equal(dsp_chunk_blocks(&p, 8192, 256 * MB), 128);
    assert_int_equal(dsp_chunk_blocks(&p, 8192, 512 * MB), 256);
    assert_int_equal(dsp_chunk_blocks(&p, 8192, 1024 * MB), 512);
    assert_int_equal(dsp_chunk_blocks(&p, 8192, 8192 * MB), 768);
    /* The same bytes in other block sizes. */
    assert_int_equal(dsp_chunk_blocks(&p, 2048, 0), 512);
    assert_int_equal(dsp_chunk_blocks(&p, 32768, 8192 * MB), 192);
}

static void test_refill_takes_whole_chunk(void **state)
{
    (void)state;
    lob_params_t lp;
    dsp_params_t dp;
    lob_params_defaults(&lp);
    dsp_params_defaults(&dp);
    fixture_t f;
    open_fixture(&f, &lp, &dp);
    lob_run_t run;
    uint64_t last_end = 0;
    for (int i = 0; i < 200; i++) {
        assert_int_equal(dsp_refill(f.dsp, &run), SIM_OK);
        assert_true(run.start >= last_end);
        last_end = run.start + run.len;
        assert_int_equal(dsp_loaded(f.dsp), 0);
        check_all(&f);
    }
    assert_int_equal(total(&f).v[SIM_STAT_DSP_ALLOCATIONS], 200);
    assert_int_equal(total(&f).v[SIM_STAT_DSP_CHUNKS], 200);
    assert_int_equal(total(&f).v[SIM_STAT_USED_UREC], 200);
    assert_int_equal(total(&f).v[SIM_STAT_ENQ_TX] >= 200 * dp.refill_enqueues, 1);
    close_fixture(&f);
}

static void test_search_straddles_chunks(void **state)
{
    (void)state;
    lob_params_t lp;
    dsp_params_t dp;
    lob_params_defaults(&lp);
    dsp_params_defaults(&dp);
    fixture_t f;
    open_fixture(&f, &lp, &dp);
    lob_run_t run;
    /* Move past the small first extents, take 1 block to load a chunk,
     * then all but 2 of what is left. */
    for (int i = 0; i < 20; i++)
        assert_int_equal(dsp_refill(f.dsp, &run), SIM_OK);
    assert_int_equal(dsp_search(f.dsp, 1, 0, &run), SIM_OK);
    uint64_t left = dsp_loaded(f.dsp);
    assert_true(left > 2);
    assert_int_equal(dsp_search(f.dsp, left - 2, 0, &run), SIM_OK);
    assert_int_equal(dsp_loaded(f.dsp), 2);
    /* Five blocks: two from this chunk, three from the next, one call. */
    assert_int_equal(dsp_search(f.dsp, 5, 0, &run), SIM_OK);
    assert_int_equal(run.len, 2);
    assert_int_equal(dsp_search(f.dsp, 3, 1, &run), SIM_OK);
    assert_int_equal(run.len, 3);
    check_all(&f);
    assert_int_equal(total(&f).v[SIM_STAT_DSP_ALLOCATIONS], 20 + 3);
    assert_int_equal(total(&f).v[SIM_STAT_DSP_CHUNKS], 20 + 4);
    assert_int_equal(total(&f).v[SIM_STAT_USED_UREC], 20 + 4);
    assert_int_equal(total(&f).v[SIM_STAT_DB_BLOCK_GETS] >= 3 * dp.search_gets, 1);
    assert_int_equal(dsp_search(f.dsp, 0, 0, &run), SIM_EINVAL);
    close_fixture(&f);
}

static void count_touches(void *arg, dsp_block_t kind, uint64_t id, int current)
{
    (void)kind;
    (void)id;
    (void)current;
    ++*(int *)arg;
}

/*
 * Many searches at once count what as many calls of dsp_search() count when
 * the loaded chunk covers them, whatever their sizes, and leave the same
 * chunk behind; more than it covers, a request of no block, or an observer
 * (who must see each call) are refused with nothing changed.
 */
static void test_search_many(void **state)
{
    (void)state;
    lob_params_t lp;
    dsp_params_t dp;
    lob_params_defaults(&lp);
    dsp_params_defaults(&dp);
    fixture_t a, b;
    open_fixture(&a, &lp, &dp);
    open_fixture(&b, &lp, &dp);
    lob_run_t run;
    assert_int_equal(dsp_ready(a.dsp), 0); /* nothing loaded yet */
    /* Past the small first extents, then one search to load a chunk. */
    for (int i = 0; i < 20; i++) {
        assert_int_equal(dsp_refill(a.dsp, &run), SIM_OK);
        assert_int_equal(dsp_refill(b.dsp, &run), SIM_OK);
    }
    assert_int_equal(dsp_search(a.dsp, 3, 0, &run), SIM_OK);
    assert_int_equal(dsp_search(b.dsp, 3, 0, &run), SIM_OK);
    uint64_t ready = dsp_ready(a.dsp);
    assert_true(ready >= 6 + 7 + 8 && ready == dsp_loaded(a.dsp));
    lob_run_t span;
    assert_int_equal(dsp_search_many(a.dsp, 6 + 7 + 8, 3, &span), SIM_OK);
    for (uint64_t want = 6; want <= 8; want++) {
        assert_int_equal(dsp_search(b.dsp, want, 0, &run), SIM_OK);
        assert_int_equal(run.len, want);
    }
    check_all(&a);
    assert_int_equal(dsp_loaded(a.dsp), ready - 21);
    assert_int_equal(dsp_loaded(a.dsp), dsp_loaded(b.dsp));
    sim_stats_t ta = total(&a), tb = total(&b);
    assert_memory_equal(&ta, &tb, sizeof ta);
    /* By hand: 20 refills, then 4 searches, a run and an undo record each. */
    assert_int_equal(ta.v[SIM_STAT_DSP_ALLOCATIONS], 24);
    assert_int_equal(ta.v[SIM_STAT_DSP_CHUNKS], 24);
    assert_int_equal(ta.v[SIM_STAT_USED_UREC], 24);
    /* Refused, unchanged. */
    uint64_t left = dsp_loaded(a.dsp);
    assert_int_equal(dsp_search_many(a.dsp, left + 1, 2, &span), SIM_EINVAL);
    assert_int_equal(dsp_search_many(a.dsp, 2, 3, &span), SIM_EINVAL);
    assert_int_equal(dsp_search_many(a.dsp, 2, 0, &span), SIM_EINVAL);
    int touches = 0;
    dsp_observe(a.dsp, count_touches, &touches);
    assert_int_equal(dsp_ready(a.dsp), 0);
    assert_int_equal(dsp_search_many(a.dsp, 1, 1, &span), SIM_EINVAL);
    assert_int_equal(touches, 0);
    ta = total(&a);
    assert_memory_equal(&ta, &tb, sizeof ta);
    assert_int_equal(dsp_loaded(a.dsp), left);
    dsp_observe(a.dsp, NULL, NULL);
    assert_int_equal(dsp_search_many(a.dsp, left, 1, &span), SIM_OK);
    assert_int_equal(dsp_loaded(a.dsp), 0);
    check_all(&a);
    close_fixture(&a);
    close_fixture(&b);
}

/*
 * Where many searches at once leave the loaded chunk (issue 43): they hand
 * out no run a caller sees, so the next runs show it.  Past the first
 * extents, a 3-block search takes blocks s..s+2 of the loaded chunk;
 * requests of 6, 7 and 8 blocks at once take the next 21; the next
 * 5-block search starts at s + 24, and a refill takes the rest from s + 29:
 * the runs tile the chunk from s, and the refill ends where it ended.
 */
static void test_search_many_positions(void **state)
{
    (void)state;
    lob_params_t lp;
    dsp_params_t dp;
    lob_params_defaults(&lp);
    dsp_params_defaults(&dp);
    fixture_t a;
    open_fixture(&a, &lp, &dp);
    lob_run_t run, first;
    for (int i = 0; i < 20; i++)
        assert_int_equal(dsp_refill(a.dsp, &run), SIM_OK);
    assert_int_equal(dsp_search(a.dsp, 3, 0, &first), SIM_OK);
    assert_int_equal(first.len, 3);
    uint64_t s = first.start, end = s + 3 + dsp_loaded(a.dsp);
    assert_true(dsp_loaded(a.dsp) > 30);
    lob_run_t span;
    assert_int_equal(dsp_search_many(a.dsp, 6 + 7 + 8, 3, &span), SIM_OK);
    assert_int_equal(span.start, s + 3);
    assert_int_equal(span.len, 6 + 7 + 8);
    assert_int_equal(dsp_search(a.dsp, 5, 0, &run), SIM_OK);
    assert_int_equal(run.start, s + 24);
    assert_int_equal(run.len, 5);
    assert_int_equal(dsp_refill(a.dsp, &run), SIM_OK);
    assert_int_equal(run.start, s + 29);
    assert_int_equal(run.start + run.len, end);
    check_all(&a);
    close_fixture(&a);
}

/* dsp_release(): the loaded chunk goes back to the segment's reusable
 * space (nothing reserved is left but the runs handed out), the dispenser
 * still adds up, and the next call loads anew from where the chunk lay. */
static void test_release_gives_back(void **state)
{
    (void)state;
    lob_params_t lp;
    dsp_params_t dp;
    lob_params_defaults(&lp);
    dsp_params_defaults(&dp);
    fixture_t f;
    open_fixture(&f, &lp, &dp);
    lob_run_t run, next;
    for (int i = 0; i < 20; i++) /* past the first extents */
        assert_int_equal(dsp_refill(f.dsp, &run), SIM_OK);
    lob_space_info_t held;
    assert_int_equal(dsp_search(f.dsp, 3, 0, &run), SIM_OK);
    uint64_t loaded = dsp_loaded(f.dsp);
    assert_true(loaded > 0);
    sim_stats_t before = total(&f);
    lob_space_get_info(f.seg, &held);
    dsp_release(f.dsp);
    assert_int_equal(dsp_loaded(f.dsp), 0);
    check_all(&f);
    lob_space_info_t info;
    lob_space_get_info(f.seg, &info);
    /* Nothing claims here: the runs handed out stay reserved, the loaded
     * chunk does not. */
    assert_int_equal(info.reserved_blocks, held.reserved_blocks - loaded);
    assert_int_equal(info.expired_blocks, held.expired_blocks);
    sim_stats_t after = total(&f);
    assert_memory_equal(&before, &after, sizeof before); /* nothing counted */
    assert_int_equal(dsp_search(f.dsp, 4, 0, &next), SIM_OK);
    assert_int_equal(next.start, run.start + run.len);
    assert_int_equal(total(&f).v[SIM_STAT_SEG_EXTENTS], before.v[SIM_STAT_SEG_EXTENTS]);
    check_all(&f);
    close_fixture(&f);
}

static void test_full_segment_is_reported(void **state)
{
    (void)state;
    lob_params_t lp;
    dsp_params_t dp;
    lob_params_defaults(&lp);
    dsp_params_defaults(&dp);
    lp.max_bytes = 4 * MB;
    fixture_t f;
    open_fixture(&f, &lp, &dp);
    lob_run_t run;
    sim_err_t rc;
    int calls = 0;
    while ((rc = dsp_refill(f.dsp, &run)) == SIM_OK)
        calls++;
    assert_int_equal(rc, SIM_EFULL);
    assert_int_equal(total(&f).v[SIM_STAT_DSP_ALLOCATIONS], calls);
    check_all(&f);
    close_fixture(&f);
}

/*
 * Property: whatever the configuration and the sequence of calls, space is
 * conserved, no block is handed out twice, and every counter agrees.
 */
static void test_property_random_configs(void **state)
{
    (void)state;
    for (uint64_t seed = 1; seed <= 200; seed++) {
        sim_prng_t r;
        sim_prng_seed(&r, seed);
        lob_params_t lp;
        dsp_params_t dp;
        lob_params_defaults(&lp);
        dsp_params_defaults(&dp);
        lp.block_size = 2048u << sim_prng_below(&r, 5);
        lp.pua_blocks = (uint32_t)sim_prng_below(&r, 80);
        lp.cfs_blocks = (uint32_t)sim_prng_below(&r, 8);
        lp.extent_header_blocks = 1 + (uint32_t)sim_prng_below(&r, 2);
        lp.meta_layout = (uint32_t)sim_prng_below(&r, 2);
        lp.hash_bucket_blocks = (uint32_t)sim_prng_below(&r, 12);
        dp.chunk_min_kb = 64u << sim_prng_below(&r, 5);
        dp.chunk_max_kb = dp.chunk_min_kb << sim_prng_below(&r, 4);
        dp.chunk_divisor = 1 + (uint32_t)sim_prng_below(&r, 512);
        fixture_t f;
        open_fixture(&f, &lp, &dp);
        uint64_t last_end = 0, handed = 0;
        int ops = 50 + (int)sim_prng_below(&r, 400);
        for (int i = 0; i < ops; i++) {
            lob_run_t run;
            if (sim_prng_below(&r, 2)) {
                assert_int_equal(dsp_refill(f.dsp, &run), SIM_OK);
            } else {
                uint64_t want = 1 + sim_prng_below(&r, 300);
                int cont = 0;
                while (want > 0) {
                    assert_int_equal(dsp_search(f.dsp, want, cont, &run), SIM_OK);
                    assert_true(run.len >= 1 && run.len <= want);
                    want -= run.len;
                    cont = 1;
                    /* appended in address order, as nothing is freed:
                     * under the dump's layout the first extent's free
                     * blocks may come after the first write's extents */
                    if (lp.meta_layout == LOB_META_SEGMENT_START)
                        assert_true(run.start >= last_end);
                    last_end = run.start + run.len;
                    handed += run.len;
                }
                check_all(&f);
                continue;
            }
            if (lp.meta_layout == LOB_META_SEGMENT_START)
                assert_true(run.start >= last_end);
            last_end = run.start + run.len;
            handed += run.len;
            check_all(&f);
        }
        lob_space_info_t info;
        lob_space_get_info(f.seg, &info);
        /* Nothing claims the runs here: handed out and loaded, they are
         * all still reserved. */
        assert_int_equal(info.reserved_blocks, handed + dsp_loaded(f.dsp));
        assert_int_equal(info.used_blocks, 0);
        assert_int_equal(info.meta_blocks + info.expired_blocks, info.blocks);
        assert_int_equal(total(&f).v[SIM_STAT_DSP_CHUNKS], total(&f).v[SIM_STAT_USED_UREC]);
        close_fixture(&f);
    }
}

/* ---- the dispenser over a segment that deletes gave space back ---------- */

typedef struct {
    lob_run_t *v;
    size_t n, cap;
} kept_t;

static void keep_chunk(void *arg, const lob_run_t *chunk, const lob_lob_t *lob)
{
    (void)lob;
    kept_t *k = arg;
    if (k->n == k->cap) {
        k->cap = k->cap ? 2 * k->cap : 1024;
        k->v = realloc(k->v, k->cap * sizeof *k->v);
        assert_non_null(k->v);
    }
    k->v[k->n++] = *chunk;
}

static sim_err_t from_refill(void *arg, uint64_t want, int cont, lob_run_t *run)
{
    (void)want;
    (void)cont;
    return dsp_refill(arg, run);
}

static sim_err_t from_search(void *arg, uint64_t want, int cont, lob_run_t *run)
{
    return dsp_search(arg, want, cont, run);
}

/* One statement: n LOBs of `blocks` blocks through the dispenser, a
 * direct-path one (refills into an allocation context, whose unused rest
 * goes back at its end) or a conventional one (searches), claimed for tx;
 * their chunks added to *kept (may be NULL). */
static void statement(fixture_t *f, lob_space_tx_t *tx, int direct, int n, uint64_t blocks,
                      kept_t *kept)
{
    lob_params_t lp = lob_space_params(f->seg)->seg;
    lob_alloc_t *a;
    assert_int_equal(lob_alloc_create(&lp, direct ? LOB_ALLOC_CACHED : LOB_ALLOC_EXACT,
                                      direct ? from_refill : from_search, f->dsp, &a),
                     SIM_OK);
    lob_alloc_claim_into(a, f->seg, tx);
    if (kept)
        lob_alloc_observe(a, keep_chunk, kept);
    for (int i = 0; i < n; i++) {
        lob_lob_t lob = {0, 0, 0};
        assert_int_equal(lob_alloc_write(a, blocks, &lob, NULL), SIM_OK);
    }
    lob_alloc_release(a);
    assert_int_equal(lob_alloc_check(a), SIM_OK);
    lob_alloc_destroy(a);
    check_all(f);
}

static uint64_t extents(const fixture_t *f)
{
    lob_space_info_t in;
    lob_space_get_info(f->seg, &in);
    return in.extents;
}

/*
 * 2,000 LOBs of 3 blocks, all deleted and committed, then 2,000 more,
 * each round one statement committed, under RETENTION `ret` (900 s where
 * it is kept by time); `expire` moves the clock past the retention before
 * the second round.  Returns the extents the second round added.
 */
static uint64_t second_round_extents(int direct, lob_retention_t ret, int expire)
{
    lob_params_t lp;
    dsp_params_t dp;
    lob_params_defaults(&lp);
    dsp_params_defaults(&dp);
    fixture_t f;
    open_fixture(&f, &lp, &dp);
    lob_space_tx_t *tx;
    assert_int_equal(lob_space_tx_create(f.seg, &tx), SIM_OK);
    kept_t k = {NULL, 0, 0};
    statement(&f, tx, direct, 2000, 3, &k);
    assert_int_equal(lob_space_commit(f.seg, tx, 0, ret, 900), SIM_OK);
    for (size_t i = 0; i < k.n; i++)
        assert_int_equal(lob_space_free(f.seg, tx, k.v[i]), SIM_OK);
    assert_int_equal(lob_space_commit(f.seg, tx, 10, ret, 900), SIM_OK);
    if (expire)
        lob_space_advance(f.seg, 1000);
    uint64_t before = extents(&f);
    statement(&f, tx, direct, 2000, 3, NULL);
    assert_int_equal(lob_space_commit(f.seg, tx, 1000, ret, 900), SIM_OK);
    uint64_t added = extents(&f) - before;
    check_all(&f);
    free(k.v);
    lob_space_tx_destroy(tx);
    close_fixture(&f);
    return added;
}

/* The dispenser's searches find the expired space a delete freed: once
 * the deleted LOBs' retention has passed, a conventional insert of as
 * many LOBs again loads that space and adds fewer extents than when it is
 * still unexpired (here none: the space is enough). */
static void test_search_reuses_expired(void **state)
{
    (void)state;
    uint64_t kept = second_round_extents(0, LOB_RETENTION_AUTO, 0);
    uint64_t expired = second_round_extents(0, LOB_RETENTION_AUTO, 1);
    printf("conventional insert after deletes: %llu extents added with the deleted space "
           "unexpired, %llu once expired\n",
           (unsigned long long)kept, (unsigned long long)expired);
    assert_true(kept > 0);
    assert_true(expired < kept);
}

/* A direct-path insert after deletes under RETENTION NONE reuses the
 * space (its refills load it): fewer extents than the same insert after
 * deletes whose space is kept (RETENTION MIN 900, clock not past it). */
static void test_direct_path_reuses_retention_none(void **state)
{
    (void)state;
    uint64_t none = second_round_extents(1, LOB_RETENTION_NONE, 0);
    uint64_t kept = second_round_extents(1, LOB_RETENTION_MIN, 0);
    printf("direct-path insert after deletes: %llu extents added under RETENTION NONE, "
           "%llu under MIN 900\n",
           (unsigned long long)none, (unsigned long long)kept);
    assert_true(kept > 0);
    assert_true(none < kept);
}

/* ---- negative tests: dsp_check() catches a corrupted state ----------- */

/*
 * Each corruption goes through dispenser_int.h right before dsp_check(),
 * and the fixture is closed right after it: debug builds check after every
 * state change and would stop at the next one.  `spare` is an undo log
 * with no records, for the corruption that loses the runs' undo.
 */
typedef void (*dsp_corrupt_fn)(dsp_t *d, undo_log_t *spare);

static void dsp_taken_off_by_one(dsp_t *d, undo_log_t *spare)
{
    (void)spare;
    d->taken++; /* taken != handed + loaded */
}
static void dsp_loaded_block_lost(dsp_t *d, undo_log_t *spare)
{
    (void)spare;
    d->loaded.len--;
}
static void dsp_handed_uncounted(dsp_t *d, undo_log_t *spare)
{
    (void)spare;
    d->handed--;
}
static void dsp_run_without_call(dsp_t *d, undo_log_t *spare)
{
    (void)spare;
    /* Fewer runs than calls, with the run statistic moved to match. */
    d->runs = d->refills + d->searches - 1;
    d->stats.v[SIM_STAT_DSP_CHUNKS] = d->runs;
}
static void dsp_runs_without_undo(dsp_t *d, undo_log_t *spare)
{
    d->undo = spare; /* runs handed out, no undo record for them */
}
static void dsp_chunks_stat_off_by_one(dsp_t *d, undo_log_t *spare)
{
    (void)spare;
    d->stats.v[SIM_STAT_DSP_CHUNKS]++;
}
static void dsp_gets_stat_off_by_one(dsp_t *d, undo_log_t *spare)
{
    (void)spare;
    d->stats.v[SIM_STAT_DB_BLOCK_GETS]--;
}
static void dsp_load_uncounted(dsp_t *d, undo_log_t *spare)
{
    (void)spare;
    d->loads++; /* a load without its load task */
}
static void dsp_clone_uncounted(dsp_t *d, undo_log_t *spare)
{
    (void)spare;
    d->grown_cr++; /* a 64 MB extent's metadata cloned, no CR blocks counted */
}
static void dsp_foreign_stat(dsp_t *d, undo_log_t *spare)
{
    (void)spare;
    d->stats.v[SIM_STAT_USED_UREC] = 1; /* the undo log's, not the dispenser's */
}

static void test_check_catches_corruption(void **state)
{
    (void)state;
    static const struct {
        const char *what;
        dsp_corrupt_fn fn;
    } cases[] = {
        {"taken != handed + loaded", dsp_taken_off_by_one},
        {"a loaded block lost", dsp_loaded_block_lost},
        {"a handed-out block not counted", dsp_handed_uncounted},
        {"fewer runs than calls", dsp_run_without_call},
        {"runs without undo records", dsp_runs_without_undo},
        {"dispenser chunks off by one", dsp_chunks_stat_off_by_one},
        {"db block gets off by one", dsp_gets_stat_off_by_one},
        {"a load without its load task", dsp_load_uncounted},
        {"an extent clone without its CR blocks", dsp_clone_uncounted},
        {"a statistic the dispenser does not count", dsp_foreign_stat},
    };
    lob_params_t lp;
    dsp_params_t dp;
    undo_params_t up;
    lob_params_defaults(&lp);
    dsp_params_defaults(&dp);
    undo_params_defaults(&up);
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        fixture_t f;
        open_fixture(&f, &lp, &dp);
        undo_log_t *spare;
        assert_int_equal(undo_create(&up, &spare), SIM_OK);
        /* Refills and searches, the last search leaving blocks loaded. */
        lob_run_t run;
        for (int t = 0; t < 5; t++)
            assert_int_equal(dsp_refill(f.dsp, &run), SIM_OK);
        for (int t = 0; t < 5; t++)
            assert_int_equal(dsp_search(f.dsp, 7, 0, &run), SIM_OK);
        assert_true(dsp_loaded(f.dsp) > 0);
        check_all(&f);
        undo_log_t *undo = f.dsp->undo;
        cases[i].fn(f.dsp, spare);
        printf("dispenser: %s\n", cases[i].what);
        assert_int_equal(dsp_check(f.dsp), SIM_ECORRUPT);
        f.dsp->undo = undo;
        undo_destroy(spare);
        close_fixture(&f);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_chunk_size_grows_with_segment),
        cmocka_unit_test(test_refill_takes_whole_chunk),
        cmocka_unit_test(test_search_straddles_chunks),
        cmocka_unit_test(test_search_many),
        cmocka_unit_test(test_search_many_positions),
        cmocka_unit_test(test_release_gives_back),
        cmocka_unit_test(test_full_segment_is_reported),
        cmocka_unit_test(test_search_reuses_expired),
        cmocka_unit_test(test_direct_path_reuses_retention_none),
        cmocka_unit_test(test_property_random_configs),
        cmocka_unit_test(test_check_catches_corruption),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
