/*
 * gcache.c -- the global cache of two instances (gcache.h).
 *
 * State changes: gcache_access() (and gcache_touch(), the same without
 * grants) moves a block's holder, version and cached copies and counts
 * shipments, grants and flushes; gcache_log_written() moves an instance's
 * written log; gcache_finish() adds an instance's enqueue messages and
 * its interconnect traffic.
 */
#include <string.h>

#include "gcache_int.h"

sim_err_t gcache_create(const gcache_params_t *p, gcache_t **out)
{
    if (p->block_size == 0)
        return SIM_EINVAL;
    gcache_t *g = sim_calloc(1, sizeof *g);
    if (g == NULL)
        return SIM_ENOMEM;
    g->p = *p;
    *out = g;
    return SIM_OK;
}

void gcache_destroy(gcache_t *g)
{
    if (g == NULL)
        return;
    for (int k = 0; k < GCACHE_KINDS; k++)
        sim_free(g->blocks[k]);
    sim_free(g);
}

static gcache_block_t *lookup(gcache_t *g, unsigned kind, uint64_t id)
{
    if (id >= g->cap[kind]) {
        uint64_t cap = g->cap[kind] ? g->cap[kind] : 64;
        while (cap <= id)
            cap *= 2;
        gcache_block_t *b = sim_realloc(g->blocks[kind], cap * sizeof *b);
        if (b == NULL)
            return NULL;
        memset(b + g->cap[kind], 0, (cap - g->cap[kind]) * sizeof *b);
        g->blocks[kind] = b;
        g->cap[kind] = cap;
    }
    return &g->blocks[kind][id];
}

static void ship(sim_stats_t *st, sim_stat_t received, sim_stat_t wait)
{
    sim_stat_add(st, received, 1);
    sim_stat_add(st, wait, 1);
    sim_stat_add(st, SIM_STAT_GCS_MESSAGES, 2);
}

int gcache_master(unsigned kind, uint64_t id)
{
    /* GCS spreads its resources over the instances by a hash of the block
     * address; any fixed mix of (kind, id) does the same here. */
    uint64_t h = (id + ((uint64_t)kind << 56)) * 0x9e3779b97f4a7c15ull;
    return (int)((h >> 32) % GCACHE_INSTANCES);
}

/* A grant from the master for a block no instance holds changed. */
static void grant(gcache_t *g, sim_stats_t *st, int me, unsigned kind, uint64_t id, sim_stat_t wait)
{
    if (g->p.grant_messages == 0 || gcache_master(kind, id) == me)
        return;
    sim_stat_add(st, SIM_STAT_GCS_MESSAGES, g->p.grant_messages);
    sim_stat_add(st, wait, 1);
}

/* The holder's log writer must write a change before its block leaves. */
static void flush(gcache_t *g, sim_stats_t *st, const gcache_block_t *b)
{
    if (g->p.flush_before_ship && b->step >= g->logged[b->owner])
        sim_stat_add(st, SIM_STAT_GC_FLUSHES, 1);
}

/* One block's invariants: a block no instance holds changed has no version;
 * a held one has an owner and no CR copy newer than its version. */
static sim_err_t check_block(const gcache_block_t *b)
{
    if (!b->valid)
        return b->version || b->cr_seen[0] || b->cr_seen[1] || b->step ? SIM_ECORRUPT : SIM_OK;
    if (b->owner < 0 || b->owner >= GCACHE_INSTANCES || b->version == 0 ||
        b->cr_seen[0] > b->version || b->cr_seen[1] > b->version)
        return SIM_ECORRUPT;
    return SIM_OK;
}

sim_err_t gcache_access(gcache_t *g, int me, uint64_t step, unsigned kind, uint64_t id,
                        gcache_mode_t mode, gcache_source_t *src)
{
    assert(me >= 0 && me < GCACHE_INSTANCES && kind < GCACHE_KINDS);
    gcache_block_t *b = lookup(g, kind, id);
    if (b == NULL)
        return SIM_ENOMEM;
    sim_stats_t *st = &g->stats[me];
    gcache_source_t from = GCACHE_LOCAL;
    if (mode != GCACHE_READ) {
        if (mode == GCACHE_NEW) {
            grant(g, st, me, kind, id, SIM_STAT_WAIT_GC_CURRENT_GRANT);
            from = GCACHE_FORMATTED;
        } else if (b->valid && b->owner != me) {
            ship(st, SIM_STAT_GC_CURRENT_RECEIVED, SIM_STAT_WAIT_GC_CURRENT);
            flush(g, st, b);
            if (b->step + 1 == step)
                sim_stat_add(st, SIM_STAT_WAIT_GC_BUSY, 1);
            from = GCACHE_SHIPPED;
        } else if (!b->valid) {
            /* Read from disk, or upgraded from a shared copy: the master
             * grants it either way. */
            grant(g, st, me, kind, id, SIM_STAT_WAIT_GC_CURRENT_GRANT);
            from = b->cached[me] ? GCACHE_UPGRADED : GCACHE_DISK;
        }
        b->valid = 1;
        b->owner = me;
        b->version++;
        b->step = step;
        b->cr_seen[me] = b->version;
        memset(b->cached, 0, sizeof b->cached);
        b->cached[me] = 1;
        g->changes++;
    } else if (b->valid && b->owner != me && b->cr_seen[me] != b->version) {
        ship(st, SIM_STAT_GC_CR_RECEIVED, SIM_STAT_WAIT_GC_CR);
        flush(g, st, b);
        b->cr_seen[me] = b->version;
        from = GCACHE_SHIPPED;
    } else if (!b->valid && !b->cached[me]) {
        grant(g, st, me, kind, id, SIM_STAT_WAIT_GC_CR_GRANT);
        b->cached[me] = 1;
        from = GCACHE_DISK;
    }
    if (src)
        *src = from;
    /* The block just moved, here; the whole cache, which costs a pass over
     * every block, at gcache_finish(). */
    SIM_DEBUG_CHECK(check_block(b));
    return SIM_OK;
}

sim_err_t gcache_touch(gcache_t *g, int me, uint64_t step, unsigned kind, uint64_t id, int current)
{
    return gcache_access(g, me, step, kind, id, current ? GCACHE_CHANGE : GCACHE_READ, NULL);
}

sim_err_t gcache_warm(gcache_t *g, unsigned kind, uint64_t id)
{
    assert(kind < GCACHE_KINDS);
    gcache_block_t *b = lookup(g, kind, id);
    if (b == NULL)
        return SIM_ENOMEM;
    if (!b->valid)
        memset(b->cached, 1, sizeof b->cached);
    return SIM_OK;
}

void gcache_log_written(gcache_t *g, int inst, uint64_t step)
{
    assert(inst >= 0 && inst < GCACHE_INSTANCES && step >= g->logged[inst]);
    g->logged[inst] = step;
}

void gcache_finish(gcache_t *g, int inst, uint64_t enqueues)
{
    assert(inst >= 0 && inst < GCACHE_INSTANCES && !g->finished[inst]);
    sim_stats_t *st = &g->stats[inst];
    uint64_t ges = enqueues * g->p.ges_per_enqueue;
    sim_stat_add(st, SIM_STAT_GES_MESSAGES, ges);
    uint64_t blocks = st->v[SIM_STAT_GC_CURRENT_RECEIVED] + st->v[SIM_STAT_GC_CR_RECEIVED];
    uint64_t msgs = st->v[SIM_STAT_GCS_MESSAGES] + ges;
    sim_stat_add(st, SIM_STAT_INTERCONNECT_BYTES,
                 blocks * g->p.block_size + msgs * g->p.message_bytes);
    g->finished[inst] = 1;
    SIM_DEBUG_CHECK(gcache_check(g));
}

const sim_stats_t *gcache_stats(const gcache_t *g, int inst)
{
    return &g->stats[inst];
}

sim_err_t gcache_check(const gcache_t *g)
{
    uint64_t versions = 0;
    for (int k = 0; k < GCACHE_KINDS; k++)
        for (uint64_t i = 0; i < g->cap[k]; i++) {
            const gcache_block_t *b = &g->blocks[k][i];
            if (check_block(b) != SIM_OK)
                return SIM_ECORRUPT;
            versions += b->version;
        }
    if (versions != g->changes)
        return SIM_ECORRUPT;
    for (int i = 0; i < GCACHE_INSTANCES; i++) {
        const uint64_t *v = g->stats[i].v;
        uint64_t cur = v[SIM_STAT_GC_CURRENT_RECEIVED], cr = v[SIM_STAT_GC_CR_RECEIVED];
        uint64_t grants = v[SIM_STAT_WAIT_GC_CURRENT_GRANT] + v[SIM_STAT_WAIT_GC_CR_GRANT];
        if (v[SIM_STAT_WAIT_GC_CURRENT] != cur || v[SIM_STAT_WAIT_GC_CR] != cr ||
            v[SIM_STAT_GCS_MESSAGES] != 2 * (cur + cr) + g->p.grant_messages * grants ||
            v[SIM_STAT_WAIT_GC_BUSY] > cur || v[SIM_STAT_GC_FLUSHES] > cur + cr)
            return SIM_ECORRUPT;
    }
    return SIM_OK;
}
