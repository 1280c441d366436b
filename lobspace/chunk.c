/*
 * chunk.c -- the chunk allocator: contiguous runs of blocks for LOB writes.
 *
 * State changes: lob_alloc_write() is the only function that moves space.  In
 * CACHED mode it carves writes out of `cache` and refills it from the source
 * when it runs dry, so a LOB that straddles the end of a refill gets two
 * chunks.  In EXACT mode every write asks the source for what it needs, and a
 * source that cannot give it in one run gives two or more.
 * lob_alloc_write_many() makes many writes at once when the space at hand
 * (the cache, or what the source says is ready) covers them all.
 */
#include "lobspace_int.h"

sim_err_t lob_alloc_create(const lob_params_t *p, lob_alloc_mode_t mode, lob_source_fn src,
                           void *arg, lob_alloc_t **out)
{
    if (src == NULL || (mode != LOB_ALLOC_CACHED && mode != LOB_ALLOC_EXACT))
        return SIM_EINVAL;
    lob_alloc_t *a = sim_calloc(1, sizeof *a);
    if (a == NULL)
        return SIM_ENOMEM;
    a->p = *p;
    a->mode = mode;
    a->src = src;
    a->arg = arg;
    *out = a;
    return SIM_OK;
}

void lob_alloc_destroy(lob_alloc_t *a)
{
    sim_free(a);
}

/* The allocator's side of giving `chunks` chunks of `blocks` blocks in all
 * to LOBs.  Every data block given is written: it is created in the buffer
 * cache in current mode, a get and a change, before its direct write (or,
 * buffered, to stay there), as experiment 1 is calibrated on
 * (docs/lob-insert.md, its `db block gets` row): the one place that counts a LOB data
 * block's get, for every path and every script. */
static void give(lob_alloc_t *a, uint64_t blocks, uint64_t chunks)
{
    a->given += blocks;
    a->chunks += chunks;
    uint64_t bytes = blocks * a->p.block_size;
    sim_stat_add(&a->stats, SIM_STAT_SF_ALLOC_CHUNKS, chunks);
    sim_stat_add(&a->stats, SIM_STAT_SF_ALLOC_BYTES, bytes);
    sim_stat_add(&a->stats, SIM_STAT_DB_BLOCK_GETS, blocks);
    sim_stat_add(&a->stats, SIM_STAT_DB_BLOCK_CHANGES, blocks);
    if (a->buffered)
        return;
    a->direct_chunks += chunks;
    a->direct_blocks += blocks;
    sim_stat_add(&a->stats, SIM_STAT_SF_DIRECT_WRITE_OPS, chunks);
    sim_stat_add(&a->stats, SIM_STAT_SF_DIRECT_WRITE_BYTES, bytes);
}

void lob_alloc_buffered(lob_alloc_t *a, int buffered)
{
    a->buffered = buffered;
}

void lob_alloc_observe(lob_alloc_t *a, lob_chunk_fn fn, void *arg)
{
    a->on_chunk = fn;
    a->on_chunk_arg = arg;
}

sim_err_t lob_alloc_write(lob_alloc_t *a, uint64_t blocks, lob_lob_t *lob, uint64_t *chunks)
{
    /* What the LOB gains, kept apart until the write succeeds (the LOB is
     * unchanged on failure) and in registers: this is the model's hot loop. */
    uint64_t added_chunks = 0, added_blocks = 0, last_end = lob->last_end;
    uint64_t need = blocks;
    int cont = 0;
    while (need > 0) {
        lob_run_t run;
        if (a->mode == LOB_ALLOC_CACHED) {
            if (a->cache.len == 0) {
                sim_err_t rc = a->src(a->arg, 0, cont, &a->cache);
                if (rc != SIM_OK)
                    return rc;
                a->taken += a->cache.len;
            }
            run.start = a->cache.start;
            run.len = need < a->cache.len ? need : a->cache.len;
            a->cache.start += run.len;
            a->cache.len -= run.len;
        } else {
            sim_err_t rc = a->src(a->arg, need, cont, &run);
            if (rc != SIM_OK)
                return rc;
            if (run.len == 0 || run.len > need)
                return SIM_ECORRUPT;
            a->taken += run.len;
        }
        if (a->claim_tx) {
            sim_err_t rc = lob_space_claim(a->claim_sp, a->claim_tx, run);
            if (rc != SIM_OK) {
                if (a->mode == LOB_ALLOC_CACHED) { /* back into the cache */
                    a->cache.start -= run.len;
                    a->cache.len += run.len;
                } else {
                    lob_space_unreserve(a->claim_sp, run);
                    a->taken -= run.len;
                }
                return rc;
            }
        }
        give(a, run.len, 1);
        added_chunks++;
        added_blocks += run.len;
        last_end = run.start + run.len;
        if (a->on_chunk) {
            lob_lob_t seen = {lob->chunks + added_chunks, lob->blocks + added_blocks, last_end};
            a->on_chunk(a->on_chunk_arg, &run, &seen);
        }
        need -= run.len;
        cont = 1;
    }
    if (chunks != NULL)
        *chunks = added_chunks;
    lob->chunks += added_chunks;
    lob->blocks += added_blocks;
    lob->last_end = last_end;
    SIM_DEBUG_CHECK(lob_alloc_check(a));
    return SIM_OK;
}

void lob_alloc_many_source(lob_alloc_t *a, lob_ready_fn ready, lob_many_fn many)
{
    a->ready = ready;
    a->many = many;
}

uint64_t lob_alloc_ready(const lob_alloc_t *a)
{
    if (a->on_chunk)
        return 0;
    if (a->mode == LOB_ALLOC_CACHED)
        return a->cache.len;
    return a->ready ? a->ready(a->arg) : 0;
}

sim_err_t lob_alloc_write_many(lob_alloc_t *a, uint64_t blocks, uint64_t writes, lob_run_t *out)
{
    if (blocks > lob_alloc_ready(a) || writes > blocks || (writes == 0 && blocks > 0))
        return SIM_EINVAL;
    if (writes == 0)
        return SIM_OK;
    /* Each write as lob_alloc_write() makes it when the space at hand covers
     * it: one run, one chunk, nothing asked of the source beyond it. */
    lob_run_t span = {a->cache.start, blocks};
    if (a->mode == LOB_ALLOC_CACHED) {
        if (a->claim_tx) {
            sim_err_t rc = lob_space_claim(a->claim_sp, a->claim_tx, span);
            if (rc != SIM_OK)
                return rc;
        }
        a->cache.start += blocks;
        a->cache.len -= blocks;
    } else {
        sim_err_t rc = a->many(a->arg, blocks, writes, &span);
        if (rc != SIM_OK)
            return rc;
        a->taken += blocks;
        /* The writes' runs lie one after another in the span: claimed as
         * one, undone as one. */
        if (a->claim_tx && (rc = lob_space_claim(a->claim_sp, a->claim_tx, span)) != SIM_OK)
            return rc; /* ENOMEM after the source gave: counted, lost to the statement */
    }
    give(a, blocks, writes);
    if (out != NULL)
        *out = span;
    SIM_DEBUG_CHECK(lob_alloc_check(a));
    return SIM_OK;
}

void lob_alloc_claim_into(lob_alloc_t *a, lob_space_t *sp, lob_space_tx_t *tx)
{
    a->claim_sp = sp;
    a->claim_tx = tx;
}

void lob_alloc_release(lob_alloc_t *a)
{
    if (a->claim_sp && a->cache.len) {
        lob_space_unreserve(a->claim_sp, a->cache);
        a->taken -= a->cache.len;
        a->cache.len = 0;
    }
}

uint64_t lob_alloc_cached(const lob_alloc_t *a)
{
    return a->cache.len;
}

uint64_t lob_alloc_taken(const lob_alloc_t *a)
{
    return a->taken;
}

uint64_t lob_alloc_given(const lob_alloc_t *a)
{
    return a->given;
}

sim_err_t lob_alloc_check(const lob_alloc_t *a)
{
    if (a->taken != a->given + a->cache.len)
        return SIM_ECORRUPT;
    uint64_t want[SIM_STAT_COUNT] = {0};
    want[SIM_STAT_SF_ALLOC_CHUNKS] = a->chunks;
    want[SIM_STAT_SF_ALLOC_BYTES] = a->given * a->p.block_size;
    want[SIM_STAT_DB_BLOCK_GETS] = a->given;
    want[SIM_STAT_DB_BLOCK_CHANGES] = a->given;
    want[SIM_STAT_SF_DIRECT_WRITE_OPS] = a->direct_chunks;
    want[SIM_STAT_SF_DIRECT_WRITE_BYTES] = a->direct_blocks * a->p.block_size;
    for (int s = 0; s < SIM_STAT_COUNT; s++) {
        int counted = 0;
        for (int k = 0; k < LOB_ALLOC_COUNTED; k++)
            counted |= lob_alloc_counted[k] == (sim_stat_t)s;
        if (a->stats.v[s] != want[s] || (want[s] && !counted))
            return SIM_ECORRUPT;
    }
    return SIM_OK;
}

const sim_stat_t lob_alloc_counted[LOB_ALLOC_COUNTED] = {
    SIM_STAT_SF_ALLOC_CHUNKS,       SIM_STAT_SF_ALLOC_BYTES, SIM_STAT_SF_DIRECT_WRITE_OPS,
    SIM_STAT_SF_DIRECT_WRITE_BYTES, SIM_STAT_DB_BLOCK_GETS,  SIM_STAT_DB_BLOCK_CHANGES};

const sim_stats_t *lob_alloc_stats(const lob_alloc_t *a)
{
    return &a->stats;
}
