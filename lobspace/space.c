/*
 * space.c -- a LOB segment over its whole life: extents, the free space
 * that updates and deletes give back, retention, reuse and shrink.
 *
 * State changes: grow() adds an extent and makes its data blocks one
 * reusable chunk; lob_space_alloc() splits a reusable chunk (or takes one
 * whole) for a transaction; lob_space_free() marks a live run
 * uncommitted; lob_space_commit() turns the transaction's frees into
 * unexpired space (or reusable space under RETENTION NONE);
 * lob_space_rollback() and lob_space_rollback_to() (tx.c) give frees back
 * to their LOBs and make the transaction's allocations reusable;
 * lob_space_advance() expires unexpired
 * space whose time has come; lob_space_shrink() moves live chunks out of
 * sealed extents and gives those extents back.  Only reuse() and take()
 * touch the boundary tags and buckets.
 *
 * Reusable chunks are kept with boundary tags (the length at a chunk's
 * first block, its first block at its last), so a chunk that becomes
 * reusable merges with its free neighbours in constant time, and in
 * buckets by size (2^i .. 2^(i+1)-1 blocks), as the SecureFile hash-bucket
 * blocks keep free space by chunk size (berxblog, "SecureFile LOB - the
 * empty table", 2017: NGLOB Hash Bucket blocks beside the segment header).
 * Every extent starts with at least one header block, so a chunk never
 * merges across an extent boundary.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lobspace_int.h"

#define KB 1024ULL
/* Chunks of a request's own bucket looked at before moving up a bucket,
 * where every chunk is large enough: bounded, so a request costs O(1). */
#define SCAN_OWN_BUCKET 8

void lob_space_params_defaults(lob_space_params_t *p)
{
    lob_params_defaults(&p->seg);
    p->uniform_bytes = 0;
    p->initial_bytes = 0;
    p->maxsize_bytes = 0;
    p->fit = LOB_FIT_SPLIT;
    p->prealloc = LOB_PREALLOC_OFF;
    p->prealloc_ahead = 0;
    p->prealloc_by = LOB_PREALLOC_FOREGROUND;
    p->shrink_candidates = LOB_SHRINK_ANY_FREE;
    p->shrink_min_free = 0;
    p->shrink_unit = LOB_SHRINK_CHUNK;
    p->shrink_target = LOB_SHRINK_NEW_EXTENTS;
    p->shrink_freed_counts = LOB_SHRINK_FREED_MOVED;
}

sim_err_t lob_space_params_check(const lob_space_params_t *p, char *msg, size_t msglen)
{
    if (lob_params_check(&p->seg, msg, msglen) != SIM_OK)
        return SIM_EINVAL;
    uint64_t bs = p->seg.block_size;
    if (p->uniform_bytes && (p->uniform_bytes % bs || p->uniform_bytes / bs < 2)) {
        snprintf(msg, msglen,
                 "uniform extent size %llu bytes (accepted: a multiple of the block size %llu, "
                 "at least 2 blocks)",
                 (unsigned long long)p->uniform_bytes, (unsigned long long)bs);
        return SIM_EINVAL;
    }
    if (p->fit != LOB_FIT_SPLIT && p->fit != LOB_FIT_GROW) {
        snprintf(msg, msglen, "space fit policy %d (accepted: 0 split, 1 grow)", (int)p->fit);
        return SIM_EINVAL;
    }
    if ((unsigned)p->prealloc > LOB_PREALLOC_AHEAD_FRACTION) {
        snprintf(msg, msglen,
                 "prealloc.policy=%u (accepted: 0 off, 1 extents ahead, 2 a fraction ahead)",
                 (unsigned)p->prealloc);
        return SIM_EINVAL;
    }
    if ((unsigned)p->prealloc_by > LOB_PREALLOC_BACKGROUND) {
        snprintf(msg, msglen, "prealloc.by=%u (accepted: 0 foreground, 1 background)",
                 (unsigned)p->prealloc_by);
        return SIM_EINVAL;
    }
    if ((unsigned)p->shrink_candidates > LOB_SHRINK_FREE_FRACTION ||
        (unsigned)p->shrink_unit > LOB_SHRINK_LOB ||
        (unsigned)p->shrink_target > LOB_SHRINK_FREE_SPACE_FIRST ||
        (unsigned)p->shrink_freed_counts > LOB_SHRINK_FREED_EXTENT_BLOCKS ||
        p->shrink_min_free > 100) {
        snprintf(msg, msglen,
                 "shrink.candidates=%u, shrink.unit=%u, shrink.target=%u, "
                 "shrink.freed_counts=%u, shrink.min_free=%u (accepted: each 0 or 1, "
                 "shrink.min_free 0..100)",
                 (unsigned)p->shrink_candidates, (unsigned)p->shrink_unit,
                 (unsigned)p->shrink_target, (unsigned)p->shrink_freed_counts, p->shrink_min_free);
        return SIM_EINVAL;
    }
    if (p->prealloc != LOB_PREALLOC_OFF &&
        (p->prealloc_ahead < 1 ||
         (p->prealloc == LOB_PREALLOC_AHEAD_FRACTION && p->prealloc_ahead > 100))) {
        snprintf(msg, msglen, "prealloc.ahead=%u (accepted: %s)", p->prealloc_ahead,
                 p->prealloc == LOB_PREALLOC_AHEAD_FRACTION ? "1..100 per cent" : "at least 1");
        return SIM_EINVAL;
    }
    return SIM_OK;
}

unsigned lob_space_bucket_of(uint64_t len)
{
    unsigned b = 0;
    while (len > 1 && b + 1 < LOB_SPACE_BUCKETS) {
        len >>= 1;
        b++;
    }
    return b;
}

/* Room for one more run in r: its array doubles (pool.c shares it). */
sim_err_t lob_space_reserve_run(lob_space_runs_t *r)
{
    if (r->n == r->cap) {
        size_t cap = r->cap ? r->cap * 2 : 64;
        lob_run_t *v = sim_realloc(r->v, cap * sizeof *v);
        if (v == NULL)
            return SIM_ENOMEM;
        r->v = v;
        r->cap = cap;
    }
    return SIM_OK;
}

sim_err_t lob_space_reserve_blocks(lob_space_t *sp, uint64_t end)
{
    if (end <= sim_paged_cap(&sp->tags) && end <= sim_paged_cap(&sp->state))
        return SIM_OK;
    if (end >= LOB_SPACE_NIL)
        return SIM_EFULL;
    sim_err_t rc = sim_paged_reserve(&sp->tags, end);
    return rc == SIM_OK ? sim_paged_reserve(&sp->state, end) : rc;
}

/* The tag kept aside at front[i] into the array (whose tag there reads
 * zero while one is kept aside). */
static void front_to_array(lob_space_t *sp, uint32_t i)
{
    *(lob_space_tag_t *)sim_paged_zat(&sp->tags, sp->front[i].block) = sp->front[i].t;
    sp->front[i] = sp->front[--sp->nfront];
}

/* The tag kept aside for block b dropped (its chunk unlinked: what it
 * said is no longer read), if there is one. */
static void front_drop(lob_space_t *sp, uint64_t b)
{
    uint32_t i = lob_space_front_of(sp, b);
    if (i < sp->nfront)
        sp->front[i] = sp->front[--sp->nfront];
}

/* Block b's tag to write.  At or above the high-water mark, one kept
 * aside unless the array holds it already; when no room is left aside,
 * the lowest block's goes into the array: the chunk whose first block
 * moves, a dispenser's, is the newest, and the ends that stay where they
 * are are written into the array once. */
static lob_space_tag_t *tag_w(lob_space_t *sp, uint64_t b)
{
    uint32_t i = lob_space_front_of(sp, b);
    if (i < sp->nfront)
        return &sp->front[i].t;
    if (b >= sp->hwm && array_tag_zero(sp, b)) {
        if (sp->nfront == LOB_SPACE_FRONT) {
            uint32_t low = 0;
            for (i = 1; i < sp->nfront; i++)
                if (sp->front[i].block < sp->front[low].block)
                    low = i;
            front_to_array(sp, low);
        }
        sp->front[sp->nfront] = (lob_space_front_t){b, {0, 0, 0, 0}};
        return &sp->front[sp->nfront++].t;
    }
    return sim_paged_zat(&sp->tags, b);
}

/* The blocks of [from, to) that lie in an extent's data area (a
 * metadata block's state is never read), each to unformatted. */
static void mark_unformatted(lob_space_t *sp, uint64_t from, uint64_t to)
{
    for (uint64_t b = from; b < to;) {
        const lob_space_extent_t *x = &sp->ext[lob_space_extent_of(sp, b)];
        uint64_t data = x->start + x->meta, end = x->start + x->len;
        for (b = b > data ? b : data; b < to && b < end; b++)
            block_state_set(sp, b, LOB_BLOCK_UNFORMATTED);
        b = end > b ? end : b;
    }
}

void lob_space_raise_hwm(lob_space_t *sp, uint64_t end, uint64_t given)
{
    if (end <= sp->hwm)
        return;
    uint64_t from = sp->hwm;
    sp->hwm = end;
    mark_unformatted(sp, from, given < end ? given : end);
    for (uint32_t i = 0; i < sp->nfront;)
        if (sp->front[i].block < end)
            front_to_array(sp, i);
        else
            i++;
}

static void bucket_insert(lob_space_t *sp, uint64_t start, uint64_t len)
{
    unsigned b = lob_space_bucket_of(len);
    lob_space_tag_t *t = tag_w(sp, start);
    t->len = (uint32_t)len;
    t->prev = LOB_SPACE_NIL;
    t->next = sp->head[b];
    tag_w(sp, start + len - 1)->start = (uint32_t)start;
    if (sp->head[b] != LOB_SPACE_NIL)
        tag_w(sp, sp->head[b])->prev = (uint32_t)start;
    sp->head[b] = (uint32_t)start;
    sp->free_chunks++;
    sp->reusable_blocks += len;
}

void lob_space_unlink(lob_space_t *sp, uint64_t start)
{
    uint64_t len = tag(sp, start)->len;
    unsigned b = lob_space_bucket_of(len);
    uint32_t nx = tag(sp, start)->next, pv = tag(sp, start)->prev;
    if (pv != LOB_SPACE_NIL)
        tag_w(sp, pv)->next = nx;
    else
        sp->head[b] = nx;
    if (nx != LOB_SPACE_NIL)
        tag_w(sp, nx)->prev = pv;
    tag_w(sp, start)->len = 0;
    front_drop(sp, start);
    front_drop(sp, start + len - 1);
    sp->free_chunks--;
    sp->reusable_blocks -= len;
}

/* [start, start+len) becomes reusable, merged with its free neighbours. */
void lob_space_reuse(lob_space_t *sp, uint64_t start, uint64_t len)
{
    if (start > 0) {
        uint64_t s = tag(sp, start - 1)->start;
        if (s < start && tag(sp, s)->len != 0 && s + tag(sp, s)->len == start) {
            len += tag(sp, s)->len;
            lob_space_unlink(sp, s);
            start = s;
        }
    }
    uint64_t end = start + len;
    if (end < sp->addr_end && tag(sp, end)->len != 0) {
        len += tag(sp, end)->len;
        lob_space_unlink(sp, end);
    }
    bucket_insert(sp, start, len);
}

/* Take the first `n` blocks of the reusable chunk at `start`. */
lob_run_t lob_space_take(lob_space_t *sp, uint64_t start, uint64_t n)
{
    uint64_t len = tag(sp, start)->len;
    lob_space_unlink(sp, start);
    if (len > n)
        bucket_insert(sp, start + n, len - n);
    return (lob_run_t){start, n};
}

sim_err_t lob_space_add_extent(lob_space_t *sp, uint64_t bytes)
{
    uint64_t bs = sp->p.seg.block_size;
    uint64_t len = (bytes + bs - 1) / bs;
    uint64_t seg_bytes = (sp->blocks + len) * bs;
    if (seg_bytes > sp->p.seg.max_bytes || (sp->p.maxsize_bytes && seg_bytes > sp->p.maxsize_bytes))
        return SIM_EFULL;
    sim_err_t rc = lob_space_reserve_blocks(sp, sp->addr_end + len);
    if (rc != SIM_OK)
        return rc;
    if (sp->next_ext == sp->cap_ext) {
        uint64_t cap = sp->cap_ext ? sp->cap_ext * 2 : 64;
        lob_space_extent_t *e = sim_realloc(sp->ext, cap * sizeof *e);
        if (e == NULL)
            return SIM_ENOMEM;
        sp->ext = e;
        sp->cap_ext = cap;
    }
    /* A length marks a free chunk's start and a start is read at any
     * block's left neighbour (lob_space_reuse()): the new blocks' tags and
     * states are zero (unformatted), as every block's at or above
     * addr_end, which only grows, is (tags and state read zero until
     * written, lob_space_create()). */
    lob_space_extent_t *e = &sp->ext[sp->next_ext++];
    e->start = sp->addr_end;
    e->len = len;
    e->meta = sp->p.seg.extent_header_blocks < len ? sp->p.seg.extent_header_blocks : len;
    e->seg_meta = 0;
    for (unsigned k = 0; k < LOB_META_KINDS; k++) {
        uint64_t room = len - e->meta;
        uint64_t n = sp->pending[k] < room ? sp->pending[k] : room;
        e->kind[k] = (uint32_t)n;
        e->meta += n;
        e->seg_meta |= n > 0;
        sp->pending[k] -= n;
    }
    e->gone = 0;
    e->trim = 0;
    if (e->seg_meta)
        lob_space_raise_hwm(sp, e->start + e->meta, e->start + e->meta);
    sp->addr_end += len;
    sp->blocks += len;
    sp->meta_blocks += e->meta;
    sp->extents++;
    sim_stat_add(&sp->stats, SIM_STAT_SEG_EXTENTS, 1);
    if (e->len > e->meta)
        lob_space_reuse(sp, e->start + e->meta, e->len - e->meta);
    return SIM_OK;
}

static sim_err_t grow(lob_space_t *sp)
{
    return lob_space_add_extent(sp, lob_space_next_extent_bytes(sp));
}

/* The extents the preallocation policy adds now (ahead.c says how many
 * blocks it wants): a segment that cannot grow stops it, as space ahead
 * of need is never an error. */
static uint64_t preallocate(lob_space_t *sp)
{
    uint64_t added = 0;
    while (lob_space_prealloc_short(sp) > 0 && grow(sp) == SIM_OK)
        added++;
    return added;
}

uint64_t lob_space_prealloc_task(lob_space_t *sp)
{
    if (!sp->grew || sp->p.prealloc_by != LOB_PREALLOC_BACKGROUND)
        return 0;
    sp->grew = 0;
    return preallocate(sp);
}

sim_err_t lob_space_create(const lob_space_params_t *p, lob_space_t **out)
{
    char msg[256];
    if (lob_space_params_check(p, msg, sizeof msg) != SIM_OK)
        return SIM_EINVAL;
    lob_space_t *sp = sim_calloc(1, sizeof *sp);
    if (sp == NULL)
        return SIM_ENOMEM;
    sp->front = sim_calloc(LOB_SPACE_FRONT, sizeof *sp->front);
    if (sp->front == NULL) {
        sim_free(sp);
        return SIM_ENOMEM;
    }
    sp->p = *p;
    /* 16,384 blocks a page (256 KB) of tags, cleared 64 (1 KB) at a time:
     * a dispenser taking chunks off a new extent moves one tag along it;
     * 65,536 a page of states, cleared 4,096 (4 KB) at a time */
    sim_paged_init_zeroed(&sp->tags, sizeof(lob_space_tag_t), 14, 6);
    sim_paged_init_zeroed(&sp->state, 1, 16, 12);
    for (unsigned b = 0; b < LOB_SPACE_BUCKETS; b++)
        sp->head[b] = LOB_SPACE_NIL;
    sp->pending[LOB_META_SEGMENT_HEADER] = p->seg.segment_header_blocks;
    sp->pending[LOB_META_HASH_BUCKET] = p->seg.hash_bucket_blocks;
    uint64_t *cfs_pua =
        p->seg.meta_layout == LOB_META_FIRST_WRITE_EXTENT ? sp->deferred : sp->pending;
    cfs_pua[LOB_META_CFS] = p->seg.cfs_blocks;
    cfs_pua[LOB_META_PUA] = p->seg.pua_blocks;
    /* The first extent only: the rest of the segment metadata is placed
     * by the extents the first allocation adds (lob_space_reserve() grows
     * while no data block is free, or adds the first write's extent), as
     * lob_segment did, so that the dispenser's first load counts those
     * extents. */
    sim_err_t rc = grow(sp);
    if (rc != SIM_OK) {
        lob_space_destroy(sp);
        return rc;
    }
    *out = sp;
    return SIM_OK;
}

void lob_space_destroy(lob_space_t *sp)
{
    if (sp == NULL)
        return;
    sim_free(sp->ext);
    sim_free(sp->front);
    sim_paged_free(&sp->tags);
    sim_paged_free(&sp->state);
    /* The transactions left open go with their segment (no caller may
     * use their handles after it). */
    for (size_t i = 0; i < sp->ntxs; i++) {
        sim_free(sp->txs[i]->alloc.v);
        sim_free(sp->txs[i]->free.v);
        sim_free(sp->txs[i]->cache.v);
        sim_free(sp->txs[i]);
    }
    sim_free(sp->txs);
    sim_free(sp->q);
    for (uint32_t i = 0; i < sp->npools; i++)
        sim_fifo_free(&sp->pools[i]);
    sim_free(sp->pools);
    sim_free(sp);
}

/* A reusable chunk of at least `want` blocks, or NIL; *probed counts the
 * non-empty buckets looked into. */
static uint32_t find_fit(const lob_space_t *sp, uint64_t want, uint64_t *probed)
{
    unsigned b = lob_space_bucket_of(want);
    uint32_t c = sp->head[b];
    *probed += c != LOB_SPACE_NIL;
    for (int i = 0; i < SCAN_OWN_BUCKET && c != LOB_SPACE_NIL; i++, c = tag(sp, c)->next)
        if (tag(sp, c)->len >= want)
            return c;
    for (b++; b < LOB_SPACE_BUCKETS; b++)
        if (sp->head[b] != LOB_SPACE_NIL) {
            ++*probed;
            return sp->head[b];
        }
    return LOB_SPACE_NIL;
}

/* The largest reusable chunk (the highest bucket's largest), or NIL. */
static uint32_t find_largest(const lob_space_t *sp)
{
    for (unsigned b = LOB_SPACE_BUCKETS; b-- > 0;) {
        uint32_t best = LOB_SPACE_NIL;
        for (uint32_t c = sp->head[b]; c != LOB_SPACE_NIL; c = tag(sp, c)->next)
            if (best == LOB_SPACE_NIL || tag(sp, c)->len > tag(sp, best)->len)
                best = c;
        if (best != LOB_SPACE_NIL)
            return best;
    }
    return LOB_SPACE_NIL;
}

/* Run enters free pool `pool` (pool.c), reserved: a run's start, then
 * its length. */
sim_err_t lob_space_pool_push(lob_space_t *sp, uint32_t pool, lob_run_t run)
{
    sim_fifo_t *f = &sp->pools[pool];
    if (sim_fifo_push(f, run.start) != SIM_OK)
        return SIM_ENOMEM;
    if (sim_fifo_push(f, run.len) != SIM_OK) {
        f->n--; /* the start pushed last: taken back */
        return SIM_ENOMEM;
    }
    sp->reserved_blocks += run.len;
    return SIM_OK;
}

/* RETENTION MAX keeps old versions until the segment is full: then the
 * oldest becomes reusable.  Returns 1 if anything was released. */
int lob_space_release_oldest(lob_space_t *sp, int pooled)
{
    if (sp->qlen == 0)
        return 0;
    lob_space_pending_t *e = &sp->q[sp->qhead];
    if (!pooled || e->pool < 0 || (uint32_t)e->pool >= sp->npools ||
        lob_space_pool_push(sp, (uint32_t)e->pool, e->run) != SIM_OK) {
        lob_space_reuse(sp, e->run.start, e->run.len);
        sp->freed_shared++;
    }
    sp->unexpired_blocks -= e->run.len;
    sp->qhead = (sp->qhead + 1) % sp->qcap;
    sp->qlen--;
    return 1;
}

sim_err_t lob_space_reserve(lob_space_t *sp, uint64_t want, lob_run_t *run,
                            lob_space_visit_t *visit)
{
    if (want == 0)
        return SIM_EINVAL;
    uint64_t added = 0, probed = 0;
    uint32_t c;
    uint64_t deferred = 0;
    for (unsigned k = 0; k < LOB_META_KINDS; k++)
        deferred += sp->deferred[k];
    if (deferred) {
        /* The first write's extent, which lays the CFS and PUA blocks
         * (LOB_META_FIRST_WRITE_EXTENT). */
        for (unsigned k = 0; k < LOB_META_KINDS; k++)
            sp->pending[k] += sp->deferred[k];
        memset(sp->deferred, 0, sizeof sp->deferred);
        /* what that extent cannot hold goes on into the next ones */
        while (sp->pending[LOB_META_CFS] + sp->pending[LOB_META_PUA] > 0) {
            sim_err_t rc = grow(sp);
            if (rc != SIM_OK)
                return rc; /* the metadata left stays pending for the next extent */
            added++;
        }
    }
    for (;;) {
        c = find_fit(sp, want, &probed);
        if (c != LOB_SPACE_NIL)
            break;
        if (sp->p.fit == LOB_FIT_SPLIT && sp->free_chunks > 0) {
            c = find_largest(sp);
            break;
        }
        sim_err_t rc = grow(sp);
        if (rc == SIM_OK) {
            added++;
            continue;
        }
        if (rc != SIM_EFULL)
            return rc;
        if (sp->free_chunks > 0) {
            c = find_largest(sp);
            break;
        }
        if (!lob_space_release_oldest(sp, 0))
            return SIM_EFULL;
    }
    uint64_t n = tag(sp, c)->len < want ? tag(sp, c)->len : want;
    unsigned bucket = lob_space_bucket_of(tag(sp, c)->len);
    *run = lob_space_take(sp, c, n);
    sp->reserved_blocks += n;
    if (added) {
        sp->grew = 1;
        if (sp->p.prealloc_by == LOB_PREALLOC_FOREGROUND)
            added += preallocate(sp);
    }
    if (visit) {
        visit->buckets = probed;
        visit->grown = added;
        visit->bucket = bucket;
    }
    SIM_DEBUG_CHECK(lob_space_check_counts(sp));
    return SIM_OK;
}

sim_err_t lob_space_claim(lob_space_t *sp, lob_space_tx_t *tx, lob_run_t run)
{
    if (tx == NULL || tx->sp != sp || run.len == 0 || run.len > sp->reserved_blocks ||
        run.start + run.len > sp->addr_end)
        return SIM_EINVAL;
    if (lob_space_reserve_run(&tx->alloc) != SIM_OK)
        return SIM_ENOMEM;
    sp->reserved_blocks -= run.len;
    sp->used_blocks += run.len;
    /* Below the high-water mark a block may be given or written already;
     * at or above it none was ever given, and the mark, raised past them,
     * makes them given (block_state()): nothing is written for them. */
    uint64_t end = run.start + run.len, below = end < sp->hwm ? end : sp->hwm;
    for (uint64_t b = run.start; b < below; b++)
        if (block_state(sp, b) == LOB_BLOCK_UNFORMATTED)
            block_state_set(sp, b, LOB_BLOCK_GIVEN);
    lob_space_raise_hwm(sp, end, run.start);
    /* A run right after the transaction's last (a writer's chunks, one
     * after another) grows it: a rollback gives back the same blocks in
     * the same order (lob_space_reuse() merges them alike) */
    lob_run_t *last = tx->alloc.n > tx->alloc_floor ? &tx->alloc.v[tx->alloc.n - 1] : NULL;
    if (last && last->start + last->len == run.start)
        last->len += run.len;
    else
        tx->alloc.v[tx->alloc.n++] = run; /* room reserved above */
    SIM_DEBUG_CHECK(lob_space_check_counts(sp));
    return SIM_OK;
}

void lob_space_unreserve(lob_space_t *sp, lob_run_t run)
{
    if (run.len == 0)
        return;
    sp->reserved_blocks -= run.len;
    lob_space_reuse(sp, run.start, run.len);
    SIM_DEBUG_CHECK(lob_space_check_counts(sp));
}

sim_err_t lob_space_alloc(lob_space_t *sp, lob_space_tx_t *tx, uint64_t want, lob_run_t *run,
                          lob_space_visit_t *visit)
{
    if (want == 0 || tx == NULL || tx->sp != sp)
        return SIM_EINVAL;
    if (lob_space_reserve_run(&tx->alloc) != SIM_OK)
        return SIM_ENOMEM;
    sim_err_t rc = lob_space_reserve(sp, want, run, visit);
    if (rc != SIM_OK)
        return rc;
    return lob_space_claim(sp, tx, *run); /* cannot fail: room reserved, run reserved */
}

uint64_t lob_space_blocks(const lob_space_t *sp)
{
    return sp->blocks;
}

uint64_t lob_space_extent_of(const lob_space_t *sp, uint64_t block)
{
    uint64_t lo = 0, hi = sp->next_ext;
    while (hi - lo > 1) {
        uint64_t mid = lo + (hi - lo) / 2;
        if (sp->ext[mid].start <= block)
            lo = mid;
        else
            hi = mid;
    }
    return lo;
}

sim_err_t lob_space_free(lob_space_t *sp, lob_space_tx_t *tx, lob_run_t run)
{
    if (run.len == 0 || run.start + run.len > sp->addr_end || tx == NULL || tx->sp != sp)
        return SIM_EINVAL;
    if (lob_space_reserve_run(&tx->free) != SIM_OK)
        return SIM_ENOMEM;
    tx->free.v[tx->free.n++] = run;
    tx->uncommitted_blocks += run.len;
    sp->uncommitted_blocks += run.len;
    SIM_DEBUG_CHECK(lob_space_check_counts(sp));
    return SIM_OK;
}

static sim_err_t push_pending(lob_space_t *sp, lob_run_t run, uint64_t expiry, int32_t pool)
{
    if (sp->qlen == sp->qcap) {
        size_t cap = sp->qcap ? sp->qcap * 2 : 256;
        lob_space_pending_t *q = sim_malloc(cap * sizeof *q);
        if (q == NULL)
            return SIM_ENOMEM;
        for (size_t i = 0; i < sp->qlen; i++)
            q[i] = sp->q[(sp->qhead + i) % sp->qcap];
        sim_free(sp->q);
        sp->q = q;
        sp->qcap = cap;
        sp->qhead = 0;
    }
    sp->q[(sp->qhead + sp->qlen) % sp->qcap] = (lob_space_pending_t){run, expiry, pool};
    sp->qlen++;
    sp->unexpired_blocks += run.len;
    return SIM_OK;
}

sim_err_t lob_space_commit(lob_space_t *sp, lob_space_tx_t *tx, uint64_t now, lob_retention_t ret,
                           uint64_t retention_s)
{
    if (tx == NULL || tx->sp != sp)
        return SIM_EINVAL;
    /* Reserve the ring first, so that a failure leaves the transaction open
     * and everything unchanged. */
    while (ret != LOB_RETENTION_NONE && sp->qlen + tx->free.n > sp->qcap) {
        size_t cap = sp->qcap ? sp->qcap * 2 : 256;
        while (cap < sp->qlen + tx->free.n)
            cap *= 2;
        lob_space_pending_t *q = sim_malloc(cap * sizeof *q);
        if (q == NULL)
            return SIM_ENOMEM;
        for (size_t i = 0; i < sp->qlen; i++)
            q[i] = sp->q[(sp->qhead + i) % sp->qcap];
        sim_free(sp->q);
        sp->q = q;
        sp->qcap = cap;
        sp->qhead = 0;
    }
    uint64_t expiry = ret == LOB_RETENTION_MAX || ret == LOB_RETENTION_PCTVERSION
                          ? UINT64_MAX
                          : now + retention_s;
    for (size_t i = 0; i < tx->free.n; i++) {
        lob_run_t r = tx->free.v[i];
        sp->used_blocks -= r.len;
        if (ret != LOB_RETENTION_NONE)
            (void)push_pending(sp, r, expiry, tx->pool); /* cannot fail: reserved */
        else if (tx->pool < 0 || (uint32_t)tx->pool >= sp->npools ||
                 lob_space_pool_push(sp, (uint32_t)tx->pool, r) != SIM_OK) {
            lob_space_reuse(sp, r.start, r.len);
            sp->freed_shared++;
        }
    }
    sp->uncommitted_blocks -= tx->uncommitted_blocks;
    tx->uncommitted_blocks = 0;
    tx->free.n = 0;
    tx->alloc.n = 0;
    tx->alloc_floor = 0;
    /* PCTVERSION: the oldest old versions past the share become reusable */
    while (ret == LOB_RETENTION_PCTVERSION && sp->qlen > 0 &&
           sp->unexpired_blocks * 100 > retention_s * (sp->used_blocks + sp->unexpired_blocks))
        lob_space_release_oldest(sp, 1);
    SIM_DEBUG_CHECK(lob_space_check(sp));
    return SIM_OK;
}

uint64_t lob_space_advance(lob_space_t *sp, uint64_t now)
{
    uint64_t expired = 0;
    while (sp->qlen > 0 && sp->q[sp->qhead].expiry <= now) {
        expired += sp->q[sp->qhead].run.len;
        lob_space_release_oldest(sp, 1);
    }
    SIM_DEBUG_CHECK(lob_space_check(sp));
    return expired;
}

void lob_space_extents(const lob_space_t *sp, lob_extent_fn fn, void *arg)
{
    for (uint64_t i = 0; i < sp->next_ext; i++)
        if (!sp->ext[i].gone)
            fn(arg, sp->ext[i].start, sp->ext[i].len - sp->ext[i].trim);
}

void lob_space_get_info(const lob_space_t *sp, lob_space_info_t *info)
{
    info->extents = sp->extents;
    info->blocks = sp->blocks;
    info->meta_blocks = sp->meta_blocks;
    info->used_blocks = sp->used_blocks;
    info->uncommitted_blocks = sp->uncommitted_blocks;
    info->unexpired_blocks = sp->unexpired_blocks;
    info->expired_blocks = sp->reusable_blocks + sp->reserved_blocks;
    info->reserved_blocks = sp->reserved_blocks;
    info->free_chunks = sp->free_chunks;
    uint32_t c = find_largest(sp);
    info->largest_free = c == LOB_SPACE_NIL ? 0 : tag(sp, c)->len;
}

uint64_t lob_space_freed_shared(const lob_space_t *sp)
{
    return sp->freed_shared;
}

void lob_space_free_histogram(const lob_space_t *sp, uint64_t out[LOB_SPACE_BUCKETS])
{
    for (unsigned b = 0; b < LOB_SPACE_BUCKETS; b++) {
        out[b] = 0;
        for (uint32_t c = sp->head[b]; c != LOB_SPACE_NIL; c = tag(sp, c)->next)
            out[b]++;
    }
}

/* What alloc and free keep true, cheaply enough to check on every call:
 * every block of the live extents is counted exactly once. */
sim_err_t lob_space_check_counts(const lob_space_t *sp)
{
    return sp->meta_blocks + sp->used_blocks + sp->reserved_blocks + sp->unexpired_blocks +
                           sp->reusable_blocks ==
                       sp->blocks &&
                   sp->uncommitted_blocks <= sp->used_blocks
               ? SIM_OK
               : SIM_ECORRUPT;
}

const lob_space_params_t *lob_space_params(const lob_space_t *sp)
{
    return &sp->p;
}

const sim_stats_t *lob_space_stats(const lob_space_t *sp)
{
    return &sp->stats;
}

/* The invariants lobspace.h states, checked in full (SIM_DEBUG_CHECK in
 * checked builds); here, beside the structures it reads, so that the
 * operations of this file and of shrink.c call it without a cycle of files. */
sim_err_t lob_space_check(const lob_space_t *sp)
{
    enum { M_NONE, M_META, M_FREE, M_UNEXP, M_GONE, M_UNCOMMITTED };
    /* calloc, not sim_calloc: a check must not fail where the allocation
     * hook makes the model fail on purpose (tests/test_faults.c). */
    uint8_t *map = calloc(sp->addr_end ? sp->addr_end : 1, 1);
    if (map == NULL)
        return SIM_ENOMEM;
    sim_err_t rc = SIM_ECORRUPT;
    uint64_t blocks = 0, meta = 0, extents = 0, end = 0;
    for (uint64_t e = 0; e < sp->next_ext; e++) {
        const lob_space_extent_t *x = &sp->ext[e];
        if (x->start != end || x->meta == 0 || x->meta > x->len || x->trim > x->len - x->meta)
            goto out;
        end += x->len;
        memset(map + x->start, x->gone ? M_GONE : M_META, x->gone ? x->len : x->meta);
        if (!x->gone && x->trim)
            memset(map + x->start + x->len - x->trim, M_GONE, x->trim);
        if (!x->gone) {
            blocks += x->len - x->trim;
            meta += x->meta;
            extents++;
        }
    }
    if (end != sp->addr_end || blocks != sp->blocks || meta != sp->meta_blocks ||
        extents != sp->extents)
        goto out;
    /* (2) and (3): reusable chunks, in their buckets, never touching. */
    uint64_t free_chunks = 0, reusable = 0;
    for (unsigned b = 0; b < LOB_SPACE_BUCKETS; b++) {
        uint32_t prev = LOB_SPACE_NIL;
        for (uint32_t c = sp->head[b]; c != LOB_SPACE_NIL; prev = c, c = tag(sp, c)->next) {
            uint64_t len = tag(sp, c)->len;
            if (len == 0 || c + len > sp->addr_end || lob_space_bucket_of(len) != b ||
                tag(sp, c)->prev != prev || tag(sp, c + len - 1)->start != c)
                goto out;
            for (uint64_t k = c; k < c + len; k++) {
                if (map[k] != M_NONE)
                    goto out;
                map[k] = M_FREE;
            }
            free_chunks++;
            reusable += len;
        }
    }
    if (free_chunks != sp->free_chunks || reusable != sp->reusable_blocks)
        goto out;
    /* The tags kept aside: each a reusable chunk's first or last block at
     * or above the high-water mark (counted below as its array tag would
     * be), one a block, whose array tag reads zero. */
    for (uint32_t i = 0; i < sp->nfront; i++) {
        const lob_space_front_t *f = &sp->front[i];
        const lob_space_tag_t *first = tag(sp, f->t.start);
        if (f->block < sp->hwm || !array_tag_zero(sp, f->block) ||
            (f->t.len == 0 && (first->len == 0 || f->t.start + first->len - 1 != f->block)))
            goto out;
        for (uint32_t j = 0; j < i; j++)
            if (sp->front[j].block == f->block)
                goto out;
    }
    /* No stray tag: a length only at a reusable chunk's first block. */
    uint64_t tags = 0;
    for (uint64_t k = 0; k < sp->addr_end; k++)
        tags += tag(sp, k)->len != 0;
    if (tags != free_chunks)
        goto out;
    uint64_t unexpired = 0;
    for (size_t i = 0; i < sp->qlen; i++) {
        lob_run_t r = sp->q[(sp->qhead + i) % sp->qcap].run;
        if (r.start + r.len > sp->addr_end)
            goto out;
        for (uint64_t k = r.start; k < r.start + r.len; k++) {
            if (map[k] != M_NONE)
                goto out;
            map[k] = M_UNEXP;
        }
        unexpired += r.len;
    }
    if (unexpired != sp->unexpired_blocks)
        goto out;
    /* Merged: no reusable chunk ends where another begins. */
    for (unsigned b = 0; b < LOB_SPACE_BUCKETS; b++)
        for (uint32_t c = sp->head[b]; c != LOB_SPACE_NIL; c = tag(sp, c)->next) {
            uint64_t e = c + tag(sp, c)->len;
            if ((c > 0 && map[c - 1] == M_FREE) || (e < sp->addr_end && map[e] == M_FREE))
                goto out;
        }
    /* (1): what is left in the live extents is used; (5) the open
     * transactions' frees lie in it, none freed twice, and their blocks
     * add up to the segment's uncommitted ones. */
    uint64_t used = 0;
    for (uint64_t k = 0; k < sp->addr_end; k++)
        used += map[k] == M_NONE;
    if (used != sp->used_blocks + sp->reserved_blocks)
        goto out;
    uint64_t uncommitted = 0;
    for (size_t t = 0; t < sp->ntxs; t++) {
        const lob_space_tx_t *tx = sp->txs[t];
        uint64_t mine = 0;
        if (tx->sp != sp)
            goto out;
        for (size_t i = 0; i < tx->free.n; i++) {
            lob_run_t r = tx->free.v[i];
            if (r.start + r.len > sp->addr_end)
                goto out;
            for (uint64_t k = r.start; k < r.start + r.len; k++) {
                if (map[k] != M_NONE)
                    goto out;
                map[k] = M_UNCOMMITTED;
            }
            mine += r.len;
        }
        if (mine != tx->uncommitted_blocks)
            goto out;
        uncommitted += mine;
    }
    if (uncommitted != sp->uncommitted_blocks)
        goto out;
    /* (7) the high-water mark: above it, only metadata, reusable space,
     * space given back and reserved space no LOB has taken yet; no block
     * of a LOB, unexpired or freed by a transaction; no state written
     * down (every block unformatted by its place, block_state()). */
    if (sp->hwm > sp->addr_end)
        goto out;
    uint64_t above = 0;
    for (uint64_t k = sp->hwm; k < sp->addr_end; k++) {
        if (map[k] == M_UNEXP || map[k] == M_UNCOMMITTED ||
            *(const uint8_t *)sim_paged_zget(&sp->state, k) != BS_PLACE)
            goto out;
        above += map[k] == M_NONE;
    }
    if (above > sp->reserved_blocks)
        goto out;
    /* (4) its statistics: one extent allocated per extent ever added. */
    for (int s = 0; s < SIM_STAT_COUNT; s++)
        if (sp->stats.v[s] != (s == SIM_STAT_SEG_EXTENTS ? sp->next_ext : 0))
            goto out;
    rc = SIM_OK;
out:
    free(map);
    return rc;
}
