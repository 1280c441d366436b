/*
 * dispenser.c -- the segment dispenser.
 *
 * State changes: load() reserves the next dispenser chunk in the segment
 * (lob_space_reserve(): reusable space first, an extent added when none
 * is left); dsp_refill(), dsp_search() and dsp_search_many() hand runs out
 * of the loaded chunk, and the writer's allocator claims them for its
 * transaction; dsp_release() gives the loaded chunk back.  Only load() and
 * dsp_release() set `loaded`; only hand_out() shrinks it.
 */
#include <stdio.h>
#include <string.h>

#include "dispenser_int.h"

void dsp_observe(dsp_t *d, dsp_touch_fn fn, void *arg)
{
    d->touch = fn;
    d->touch_arg = arg;
}

static void touch(dsp_t *d, dsp_block_t kind, uint64_t id, int current)
{
    if (d->touch)
        d->touch(d->touch_arg, kind, id, current);
}

void dsp_params_defaults(dsp_params_t *p)
{
    p->chunk_min_kb = 1024;
    p->chunk_max_kb = 6144;
    p->chunk_divisor = 256;
    p->refill_gets = 4;
    p->refill_enqueues = 3;
    p->refill_cgets = 2;
    p->search_gets = 310;
    p->search_enqueues = 2;
    p->search_cgets = 0;
    p->extent_gets = 8;
    p->extent_enqueues = 1;
    p->extent_cr = 2;
}

sim_err_t dsp_params_check(const dsp_params_t *p, char *msg, size_t msglen)
{
    if (p->chunk_min_kb == 0 || p->chunk_divisor == 0 || p->chunk_max_kb < p->chunk_min_kb) {
        snprintf(msg, msglen,
                 "dispenser chunks of %u..%u KB, segment / %u (accepted: dsp.chunk_min_kb >= 1, "
                 "dsp.chunk_max_kb >= dsp.chunk_min_kb, dsp.chunk_divisor >= 1)",
                 p->chunk_min_kb, p->chunk_max_kb, p->chunk_divisor);
        return SIM_EINVAL;
    }
    return SIM_OK;
}

sim_err_t dsp_create(lob_space_t *seg, undo_log_t *undo, const dsp_params_t *p, dsp_t **out)
{
    char msg[256];
    if (dsp_params_check(p, msg, sizeof msg) != SIM_OK)
        return SIM_EINVAL;
    dsp_t *d = sim_calloc(1, sizeof *d);
    if (d == NULL)
        return SIM_ENOMEM;
    d->p = *p;
    d->seg = seg;
    d->undo = undo;
    *out = d;
    return SIM_OK;
}

void dsp_destroy(dsp_t *d)
{
    sim_free(d);
}

uint64_t dsp_chunk_blocks(const dsp_params_t *p, uint32_t block_size, uint64_t seg_bytes)
{
    uint64_t lo = (uint64_t)p->chunk_min_kb * 1024 / block_size;
    uint64_t hi = (uint64_t)p->chunk_max_kb * 1024 / block_size;
    uint64_t n = seg_bytes / p->chunk_divisor / block_size;
    if (n < lo)
        n = lo;
    if (n > hi)
        n = hi;
    return n ? n : 1;
}

/* The extent the loaded chunk lies in, for the observer. */
static uint64_t loaded_extent(const dsp_t *d)
{
    return d->touch ? lob_space_extent_of(d->seg, d->loaded.start) : 0;
}

/* Load the next dispenser chunk; an extent added on the way costs a
 * recursive space transaction. */
static sim_err_t load(dsp_t *d)
{
    const lob_space_params_t *sp = lob_space_params(d->seg);
    uint32_t bs = sp->seg.block_size;
    uint64_t before = lob_space_blocks(d->seg);
    uint64_t want = dsp_chunk_blocks(&d->p, bs, before * bs);
    lob_space_visit_t visit;
    sim_err_t rc = lob_space_reserve(d->seg, want, &d->loaded, &visit);
    if (rc != SIM_OK)
        return rc;
    uint64_t grown = visit.grown;
    if (grown) {
        touch(d, DSP_BLOCK_SEGMENT_HEADER, 0, 1);
        touch(d, DSP_BLOCK_EXTENT_HEADER, loaded_extent(d), 1);
    }
    d->taken += d->loaded.len;
    d->loads++;
    d->grown += grown;
    sim_stat_add(&d->stats, SIM_STAT_DSP_LOAD_TASKS, 1);
    sim_stat_add(&d->stats, SIM_STAT_DB_BLOCK_GETS, grown * d->p.extent_gets);
    sim_stat_add(&d->stats, SIM_STAT_DB_BLOCK_CHANGES, grown * d->p.extent_gets);
    sim_stat_add(&d->stats, SIM_STAT_ENQ_TX, grown * d->p.extent_enqueues);
    /* A 64 MB extent's space metadata is formatted by a recursive
     * transaction; the loader's consistent reads of it clone those blocks. */
    uint64_t added = (lob_space_blocks(d->seg) - before) * bs;
    if (grown && added / grown >= 64ULL * 1024 * 1024) {
        d->grown_cr += grown;
        sim_stat_add(&d->stats, SIM_STAT_CR_BLOCKS_CREATED, grown * d->p.extent_cr);
    }
    return SIM_OK;
}

void dsp_release(dsp_t *d)
{
    lob_space_unreserve(d->seg, d->loaded);
    d->taken -= d->loaded.len;
    d->loaded.len = 0;
}

/* `runs` runs of `blocks` blocks in all handed to writers, one after
 * another: each one chunk, one undo record. */
static void hand_out(dsp_t *d, uint64_t blocks, uint64_t runs)
{
    d->loaded.start += blocks;
    d->loaded.len -= blocks;
    d->handed += blocks;
    d->runs += runs;
    sim_stat_add(&d->stats, SIM_STAT_DSP_CHUNKS, runs);
    undo_record_n(d->undo, runs);
    undo_vector_n(d->undo, UNDO_CV_SPACE, runs);
}

/* `times` calls into the dispenser and the block visits and locks each
 * costs. */
static void count_call(dsp_t *d, uint64_t times, uint32_t gets, uint32_t changes, uint32_t cgets,
                       uint32_t enqueues)
{
    sim_stat_add(&d->stats, SIM_STAT_DSP_ALLOCATIONS, times);
    sim_stat_add(&d->stats, SIM_STAT_DB_BLOCK_GETS, times * gets);
    sim_stat_add(&d->stats, SIM_STAT_DB_BLOCK_CHANGES, times * changes);
    sim_stat_add(&d->stats, SIM_STAT_CONSISTENT_GETS, times * cgets);
    sim_stat_add(&d->stats, SIM_STAT_ENQ_TX, times * enqueues);
}

/* The dispenser needs loaded space before it can hand any out. */
static sim_err_t ensure_loaded(dsp_t *d)
{
    return d->loaded.len == 0 ? load(d) : SIM_OK;
}

sim_err_t dsp_refill(dsp_t *d, lob_run_t *run)
{
    sim_err_t rc = ensure_loaded(d);
    if (rc != SIM_OK)
        return rc;
    d->refills++;
    count_call(d, 1, d->p.refill_gets, 1, d->p.refill_cgets, d->p.refill_enqueues);
    touch(d, DSP_BLOCK_SEGMENT_HEADER, 0, 1);
    touch(d, DSP_BLOCK_EXTENT_HEADER, loaded_extent(d), 1);
    run->start = d->loaded.start;
    run->len = d->loaded.len;
    hand_out(d, d->loaded.len, 1);
    undo_vector(d->undo, UNDO_CV_HWM);
    SIM_DEBUG_CHECK(dsp_check(d));
    return SIM_OK;
}

sim_err_t dsp_search(dsp_t *d, uint64_t want, int cont, lob_run_t *run)
{
    if (want == 0)
        return SIM_EINVAL;
    sim_err_t rc = ensure_loaded(d);
    if (rc != SIM_OK)
        return rc;
    if (!cont) {
        d->searches++;
        count_call(d, 1, d->p.search_gets, 2, d->p.search_cgets, d->p.search_enqueues);
        /* Free space is hashed by size: the request's size class picks the
         * CFS block the search changes. */
        touch(d, DSP_BLOCK_SEGMENT_HEADER, 0, 0);
        uint32_t cfs = lob_space_params(d->seg)->seg.cfs_blocks;
        if (cfs > 0)
            touch(d, DSP_BLOCK_CFS, (want - 1) % cfs, 1);
    }
    touch(d, DSP_BLOCK_EXTENT_HEADER, loaded_extent(d), 1);
    run->start = d->loaded.start;
    run->len = want < d->loaded.len ? want : d->loaded.len;
    hand_out(d, run->len, 1);
    SIM_DEBUG_CHECK(dsp_check(d));
    return SIM_OK;
}

uint64_t dsp_ready(const dsp_t *d)
{
    return d->touch ? 0 : d->loaded.len;
}

sim_err_t dsp_search_many(dsp_t *d, uint64_t blocks, uint64_t requests, lob_run_t *span)
{
    if (blocks > dsp_ready(d) || requests > blocks || (requests == 0 && blocks > 0))
        return SIM_EINVAL;
    span->start = d->loaded.start;
    span->len = blocks;
    /* Each request as dsp_search(d, want, 0, run) counts one the loaded
     * chunk covers: no load, no second run; nothing it counts depends on
     * `want`. */
    d->searches += requests;
    count_call(d, requests, d->p.search_gets, 2, d->p.search_cgets, d->p.search_enqueues);
    hand_out(d, blocks, requests);
    SIM_DEBUG_CHECK(dsp_check(d));
    return SIM_OK;
}

sim_err_t dsp_source_refill(void *arg, uint64_t want, int cont, lob_run_t *run)
{
    (void)want;
    (void)cont;
    return dsp_refill(arg, run);
}

sim_err_t dsp_source_search(void *arg, uint64_t want, int cont, lob_run_t *run)
{
    return dsp_search(arg, want, cont, run);
}

uint64_t dsp_source_ready(void *arg)
{
    return dsp_ready(arg);
}

sim_err_t dsp_source_many(void *arg, uint64_t blocks, uint64_t requests, lob_run_t *span)
{
    return dsp_search_many(arg, blocks, requests, span);
}

uint64_t dsp_loaded(const dsp_t *d)
{
    return d->loaded.len;
}

const sim_stats_t *dsp_stats(const dsp_t *d)
{
    return &d->stats;
}

sim_err_t dsp_check(const dsp_t *d)
{
    if (d->taken != d->handed + d->loaded.len || d->runs < d->refills + d->searches)
        return SIM_ECORRUPT;
    if (undo_records(d->undo) < d->runs)
        return SIM_ECORRUPT;
    /* Every figure the dispenser counted, from the events it remembers. */
    const dsp_params_t *p = &d->p;
    sim_stats_t want;
    memset(&want, 0, sizeof want);
    want.v[SIM_STAT_DSP_ALLOCATIONS] = d->refills + d->searches;
    want.v[SIM_STAT_DSP_CHUNKS] = d->runs;
    want.v[SIM_STAT_DSP_LOAD_TASKS] = d->loads;
    want.v[SIM_STAT_DB_BLOCK_GETS] =
        d->refills * p->refill_gets + d->searches * p->search_gets + d->grown * p->extent_gets;
    want.v[SIM_STAT_DB_BLOCK_CHANGES] = d->refills + 2 * d->searches + d->grown * p->extent_gets;
    want.v[SIM_STAT_CONSISTENT_GETS] = d->refills * p->refill_cgets + d->searches * p->search_cgets;
    want.v[SIM_STAT_ENQ_TX] = d->refills * p->refill_enqueues + d->searches * p->search_enqueues +
                              d->grown * p->extent_enqueues;
    want.v[SIM_STAT_CR_BLOCKS_CREATED] = d->grown_cr * p->extent_cr;
    return memcmp(&want, &d->stats, sizeof want) == 0 ? SIM_OK : SIM_ECORRUPT;
}
