/*
 * pool.c -- a BasicFile segment's free pools.
 *
 * "splitting the LOBINDEX into 2N sections: N sections to index the current
 * LOB chunks by LOB id, alternating with N sections to map the reusable LOB
 * chunks by deletion time" (Jonathan Lewis, "Basicfile LOBS 3", 2016): a
 * BasicFile segment of FREEPOOLS N keeps its freed chunks in N reusable
 * sections.  Here each pool is a list of runs, oldest first; a run enters
 * the pool of the transaction that freed it (lob_space_tx_pool()) when its
 * retention passes, and a session takes a batch of them into its own cache
 * (the transaction's) before it uses them ("a way to limit the number of
 * chunks that could be taken off the reusable part of the index", Lewis,
 * "Basicfile LOBs", 2017).  Which pool a session uses, the order in which
 * a write looks, and the batch are named inputs (docs/lifecycle-sources.md
 * (e)): the caller's.  A pooled or cached run is reserved space: no LOB's,
 * free to dbms_space, unseen by the shared free space's buckets.
 */
#include <string.h>

#include "lobspace_int.h"

sim_err_t lob_space_pools(lob_space_t *sp, uint32_t n)
{
    if (n == 0 || sp->npools > 0 || sp->qlen > 0)
        return SIM_EINVAL;
    sp->pools = sim_calloc(n, sizeof *sp->pools);
    if (sp->pools == NULL)
        return SIM_ENOMEM;
    sp->npools = n;
    return SIM_OK;
}

void lob_space_tx_pool(lob_space_tx_t *tx, int32_t pool)
{
    tx->pool = pool;
}

/* The oldest run of pool f. */
static lob_run_t pop(sim_fifo_t *f)
{
    uint64_t start = sim_fifo_pop(f);
    return (lob_run_t){start, sim_fifo_pop(f)};
}

/* Up to `batch` runs of pool p, oldest first, into tx's cache. */
static size_t refill(lob_space_t *sp, lob_space_tx_t *tx, uint32_t p, uint32_t batch)
{
    sim_fifo_t *f = &sp->pools[p];
    size_t took = 0;
    while (took < batch && f->n > 0 && lob_space_reserve_run(&tx->cache) == SIM_OK) {
        tx->cache.v[tx->cache.n++] = pop(f);
        took++;
    }
    return took;
}

sim_err_t lob_space_pool_alloc(lob_space_t *sp, lob_space_tx_t *tx, uint64_t want, int others,
                               uint32_t batch, lob_run_t *run, uint64_t *refilled)
{
    *run = (lob_run_t){0, 0};
    if (want == 0 || tx == NULL || tx->sp != sp || tx->pool < 0 ||
        (uint32_t)tx->pool >= sp->npools || batch == 0)
        return SIM_EINVAL;
    if (tx->cache.n == 0) {
        uint32_t own = (uint32_t)tx->pool;
        size_t took = refill(sp, tx, own, batch);
        for (uint32_t k = 1; others && took == 0 && k < sp->npools; k++)
            took = refill(sp, tx, (own + k) % sp->npools, batch);
        if (refilled)
            *refilled += took > 0;
        if (took == 0)
            return SIM_OK; /* nothing pooled for it: run->len 0 */
    }
    /* The cache's oldest run, or its first `want` blocks. */
    lob_run_t *c = &tx->cache.v[0];
    lob_run_t take = {c->start, c->len < want ? c->len : want};
    sim_err_t rc = lob_space_claim(sp, tx, take);
    if (rc != SIM_OK)
        return rc;
    c->start += take.len;
    c->len -= take.len;
    if (c->len == 0)
        memmove(tx->cache.v, tx->cache.v + 1, --tx->cache.n * sizeof *tx->cache.v);
    *run = take;
    return SIM_OK;
}

void lob_space_cache_return(lob_space_t *sp, lob_space_tx_t *tx)
{
    for (size_t i = 0; i < tx->cache.n; i++)
        lob_space_unreserve(sp, tx->cache.v[i]);
    tx->cache.n = 0;
}

void lob_space_pools_flush(lob_space_t *sp)
{
    for (size_t t = 0; t < sp->ntxs; t++)
        lob_space_cache_return(sp, sp->txs[t]);
    for (uint32_t p = 0; p < sp->npools; p++)
        while (sp->pools[p].n > 0)
            lob_space_unreserve(sp, pop(&sp->pools[p]));
}

uint64_t lob_space_pooled(const lob_space_t *sp)
{
    uint64_t n = 0;
    for (uint32_t p = 0; p < sp->npools; p++) {
        const sim_fifo_t *f = &sp->pools[p];
        for (size_t i = 1; i < f->n; i += 2) /* each run's length */
            n += f->v[(f->head + i) % f->cap];
    }
    for (size_t t = 0; t < sp->ntxs; t++)
        for (size_t i = 0; i < sp->txs[t]->cache.n; i++)
            n += sp->txs[t]->cache.v[i].len;
    return n;
}
