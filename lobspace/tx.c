/*
 * tx.c -- a segment's transactions: open ones side by side, their
 * rollback, and the statement savepoint.
 *
 * A transaction (lob_space_tx_t) keeps the runs it allocated and freed in
 * order; space.c's lob_space_alloc(), lob_space_free() and
 * lob_space_commit() add to and settle them, and the segment lists every
 * open one so that lob_space_check() can hold the uncommitted blocks to
 * the sum over them.  A rollback here gives a transaction's frees back to
 * their LOBs (nothing moves: they were still the LOBs' blocks) and makes
 * its allocations reusable; a rollback to a mark does the same for the
 * runs after the mark only, which is how Oracle undoes one failed
 * statement and keeps the transaction (statement-level rollback).
 */
#include "lobspace_int.h"

sim_err_t lob_space_tx_create(lob_space_t *sp, lob_space_tx_t **out)
{
    *out = NULL;
    if (sp->ntxs == sp->cap_txs) {
        size_t cap = sp->cap_txs ? sp->cap_txs * 2 : 4;
        lob_space_tx_t **v = sim_realloc(sp->txs, cap * sizeof *v);
        if (v == NULL)
            return SIM_ENOMEM;
        sp->txs = v;
        sp->cap_txs = cap;
    }
    lob_space_tx_t *tx = sim_calloc(1, sizeof *tx);
    if (tx == NULL)
        return SIM_ENOMEM;
    tx->sp = sp;
    tx->pool = -1;
    sp->txs[sp->ntxs++] = tx;
    *out = tx;
    return SIM_OK;
}

int lob_space_tx_active(const lob_space_tx_t *tx)
{
    return tx->alloc.n > 0 || tx->free.n > 0;
}

uint64_t lob_space_tx_uncommitted(const lob_space_tx_t *tx)
{
    return tx->uncommitted_blocks;
}

lob_space_mark_t lob_space_tx_mark(lob_space_tx_t *tx)
{
    tx->alloc_floor = tx->alloc.n; /* no claim grows a run from before the mark */
    return (lob_space_mark_t){tx->alloc.n, tx->free.n};
}

/* Undo tx's runs from the mark on: frees dropped, allocations reusable in
 * the order they were made (a full rollback is the mark {0, 0}). */
static void undo_from(lob_space_t *sp, lob_space_tx_t *tx, lob_space_mark_t m)
{
    for (size_t i = m.free; i < tx->free.n; i++) {
        tx->uncommitted_blocks -= tx->free.v[i].len;
        sp->uncommitted_blocks -= tx->free.v[i].len;
    }
    tx->free.n = m.free;
    for (size_t i = m.alloc; i < tx->alloc.n; i++) {
        lob_run_t r = tx->alloc.v[i];
        sp->used_blocks -= r.len;
        lob_space_reuse(sp, r.start, r.len);
    }
    tx->alloc.n = m.alloc;
    if (tx->alloc_floor > m.alloc)
        tx->alloc_floor = m.alloc;
}

sim_err_t lob_space_rollback(lob_space_t *sp, lob_space_tx_t *tx)
{
    if (tx == NULL || tx->sp != sp)
        return SIM_EINVAL;
    undo_from(sp, tx, (lob_space_mark_t){0, 0});
    SIM_DEBUG_CHECK(lob_space_check(sp));
    return SIM_OK;
}

sim_err_t lob_space_rollback_to(lob_space_t *sp, lob_space_tx_t *tx, lob_space_mark_t m)
{
    if (tx == NULL || tx->sp != sp || m.alloc > tx->alloc.n || m.free > tx->free.n)
        return SIM_EINVAL;
    undo_from(sp, tx, m);
    SIM_DEBUG_CHECK(lob_space_check(sp));
    return SIM_OK;
}

void lob_space_tx_destroy(lob_space_tx_t *tx)
{
    if (tx == NULL)
        return;
    lob_space_t *sp = tx->sp;
    undo_from(sp, tx, (lob_space_mark_t){0, 0});
    lob_space_cache_return(sp, tx);
    sim_free(tx->cache.v);
    for (size_t i = 0; i < sp->ntxs; i++)
        if (sp->txs[i] == tx) {
            sp->txs[i] = sp->txs[--sp->ntxs];
            break;
        }
    sim_free(tx->alloc.v);
    sim_free(tx->free.v);
    sim_free(tx);
    SIM_DEBUG_CHECK(lob_space_check(sp));
}
