/*
 * txn.c -- each session's open transaction: its log of row and LOB
 * changes, its row locks, commit, rollback and the statement savepoint.
 *
 * Every session (db->cur, life_exec()'s) keeps its own log, and every
 * segment a lobspace transaction per session (life_seg_tx()), so that
 * several transactions are open at once.  A row a transaction changes is
 * locked for it (life_row_t.locker) until it ends: another session's
 * update or delete that meets it stops (run.c, db->blocked_by) and waits
 * on `enq: TX - row lock contention` (sessions.c).
 *
 * Commit: the session's frees in every segment become unexpired by the
 * LOB's retention (lob_space_commit()), versions no row holds are
 * destroyed, deleted rows' LOBs let go, its locks released.  Rollback
 * walks the log backwards: rows come back or go, each row gets its old
 * version again, and every segment gives the transaction's frees back to
 * their versions and makes its allocations reusable
 * (lob_space_rollback()).  The statement savepoint does the same for the
 * entries after a mark (lob_space_rollback_to()): Oracle's statement-level
 * rollback, which keeps the transaction and the locks taken before.
 */
#include <string.h>

#include "life_sim_int.h"

sim_err_t life_tx_log(life_db_t *db, life_tx_t e)
{
    life_susp_t *c = db->cur;
    if (c->ntx == c->cap_tx) {
        size_t cap = c->cap_tx ? c->cap_tx * 2 : 1024;
        life_tx_t *v = sim_realloc(c->tx, cap * sizeof *v);
        if (v == NULL)
            return SIM_ENOMEM;
        c->tx = v;
        c->cap_tx = cap;
    }
    if (c->ntx == 0)
        db->open_txs++;
    c->tx[c->ntx++] = e;
    life_row_t *r = life_row_at(&db->tables[e.table], e.row);
    if (r->locker == 0)
        r->fresh = e.kind == LIFE_TX_INSERT;
    r->locker = db->sid + 1;
    return SIM_OK;
}

int life_row_locked(const life_db_t *db, const life_row_t *r)
{
    return r->locker != 0 && r->locker != db->sid + 1;
}

static void retention_of(const life_db_t *db, const scr_lob_opts_t *o, lob_retention_t *ret,
                         uint64_t *ms)
{
    switch (o->retention) {
    case SCR_RET_MIN:
        *ret = LOB_RETENTION_MIN;
        *ms = o->retention_min * 1000;
        return;
    case SCR_RET_MAX:
        *ret = LOB_RETENTION_MAX;
        *ms = 0;
        return;
    case SCR_RET_NONE:
        *ret = LOB_RETENTION_NONE;
        *ms = 0;
        return;
    default:
        /* A BasicFile whose clause gives PCTVERSION and not RETENTION:
         * "PCTVERSION is the default in manual undo mode ... RETENTION is
         * the default in automatic undo mode" (the LOB storage parameters,
         * docs/lifecycle-sources.md (e)): given, it rules. */
        if (!o->securefile && (o->given & SCR_GIVEN_PCTVERSION) &&
            !(o->given & SCR_GIVEN_RETENTION)) {
            *ret = LOB_RETENTION_PCTVERSION;
            *ms = o->pctversion;
            return;
        }
        /* AUTO: old versions for consistent reads only, i.e. for as long as
         * undo is kept (UNDO_RETENTION at commit time); BasicFile RETENTION
         * likewise. */
        *ret = LOB_RETENTION_AUTO;
        *ms = db->undo_retention_s * 1000;
        return;
    }
}

/* Whether a session other than the running one has a transaction open:
 * its log names rows by index, so rows may not move. */
#if defined(SIM_CHECKS) || !defined(NDEBUG) /* SIM_DEBUG_CHECK()'s builds */
static sim_err_t open_txs_check(const life_db_t *db)
{
    uint32_t open = 0;
    for (uint32_t k = 0; k < db->nsusp; k++)
        open += db->susp[k].ntx > 0;
    return open == db->open_txs ? SIM_OK : SIM_ECORRUPT;
}
#endif

/* (A count, not a look at every session: a commit's cost may not grow
 * with the sessions, issue 43.) */
static int others_open(const life_db_t *db)
{
    SIM_DEBUG_CHECK(open_txs_check(db));
    return db->open_txs > (db->cur->ntx > 0);
}

/* Compact a table's rows once the dead outnumber the living: no log entry
 * refers to a row after a commit. */
static sim_err_t compact(life_table_t *t)
{
    if (t->nrows - t->live_rows <= t->live_rows)
        return SIM_OK;
    uint64_t n = 0;
    for (uint64_t r = 0; r < t->nrows; r++)
        if (life_row_at(t, r)->alive)
            *life_row_at(t, n++) = *life_row_at(t, r);
    t->nrows = n;
    /* The rows moved: the primary key maps each live id to its row again.
     * No transaction is open (the caller's condition), so a dead row's id
     * is nobody's any more and goes (a key left to a moved row's old
     * index made a later insert of that id meet ORA-00001 falsely). */
    if (t->keys) {
        life_keys_clear(t);
        for (uint64_t r = 0; r < n; r++) {
            sim_err_t rc = life_key_set(t, life_row_at(t, r)->id, r);
            if (rc != SIM_OK)
                return rc;
        }
    }
    return SIM_OK;
}

/* The running session's lobspace transaction of segment k of t, or NULL
 * when it has none. */
static lob_space_tx_t *seg_tx(const life_db_t *db, const life_seg_t *g)
{
    return g->space && db->sid < g->ntx ? g->tx[db->sid] : NULL;
}

/* The locks of the log's entries from `from` on released; those of the
 * entries before it taken again (a row changed before and after). */
static void unlock_from(life_db_t *db, size_t from)
{
    life_susp_t *c = db->cur;
    for (size_t i = from; i < c->ntx; i++) {
        life_row_t *r = life_row_at(&db->tables[c->tx[i].table], c->tx[i].row);
        r->locker = 0;
        r->fresh = 0;
    }
    for (size_t i = 0; i < from && i < c->ntx; i++) {
        life_row_t *r = life_row_at(&db->tables[c->tx[i].table], c->tx[i].row);
        if (r->locker == 0)
            r->fresh = c->tx[i].kind == LIFE_TX_INSERT;
        r->locker = db->sid + 1;
    }
}

sim_err_t life_commit(life_db_t *db)
{
    life_susp_t *c = db->cur;
    for (size_t i = 0; i < c->ntx; i++) {
        life_tx_t *e = &c->tx[i];
        life_table_t *t = &db->tables[e->table];
        life_row_t *r = life_row_at(t, e->row);
        if (e->kind == LIFE_TX_LOB) {
            life_lob_settle(db, t, life_slot(r, e->col), e->old_lob);
            if (e->new_lob && life_lob_at(db, e->new_lob)->refs)
                life_lob_at(db, e->new_lob)->owner = 0;
        } else if (e->kind == LIFE_TX_DELETE) {
            for (uint32_t k = 0; k < t->nlob; k++) {
                life_lob_settle(db, t, life_slot(r, k), r->lob[k]);
                r->lob[k] = 0;
            }
            life_vc_release_row(db, r);
        } else if (e->kind == LIFE_TX_VC) {
            scr_value_release(db->vs, e->old_lob); /* the old value goes */
        } else {
            for (uint32_t k = 0; k < t->nlob; k++)
                if (r->lob[k])
                    life_lob_at(db, r->lob[k])->owner = 0;
        }
    }
    unlock_from(db, 0);
    int others = others_open(db);
    for (uint32_t ti = 0; ti < db->s->ntables; ti++) {
        life_table_t *t = &db->tables[ti];
        for (uint32_t k = 0; k < t->nseg; k++) {
            lob_space_tx_t *tx = life_slot_used(t, k) ? seg_tx(db, &t->seg[k]) : NULL;
            if (tx == NULL)
                continue;
            lob_retention_t ret;
            uint64_t ms;
            retention_of(db, &t->seg[k].o, &ret, &ms);
            sim_err_t rc = lob_space_commit(t->seg[k].space, tx, db->clock_ms, ret, ms);
            if (rc != SIM_OK)
                return rc;
        }
        if (t->exists && !others) {
            sim_err_t rc = compact(t);
            if (rc != SIM_OK)
                return rc;
        }
    }
    if (c->ntx > 0)
        db->open_txs--;
    c->ntx = 0;
    c->ended++;
    sim_stat_add(&db->part[LIFE_PART_ROW], SIM_STAT_USER_COMMITS, 1);
    life_redo_commit(db);
    return SIM_OK;
}

sim_err_t life_commit_open(life_db_t *db)
{
    life_susp_t *cur = db->cur;
    uint32_t sid = db->sid;
    sim_err_t rc = SIM_OK;
    for (uint32_t k = 0; k < db->nsusp && rc == SIM_OK; k++)
        if (db->susp[k].ntx > 0) {
            db->cur = &db->susp[k];
            db->sid = k;
            rc = life_commit(db);
        }
    db->cur = cur;
    db->sid = sid;
    return rc;
}

/* The log's entries from `from` on undone, the latest first. */
static void undo_log(life_db_t *db, size_t from)
{
    life_susp_t *c = db->cur;
    for (size_t i = c->ntx; i-- > from;) {
        life_tx_t *e = &c->tx[i];
        life_table_t *t = &db->tables[e->table];
        life_row_t *r = life_row_at(t, e->row);
        switch (e->kind) {
        case LIFE_TX_LOB: {
            uint64_t before = r->alive ? life_row_bytes(db, t, r) : 0;
            life_row_set_lob(db, t, r, e->col, e->old_lob);
            life_lob_reref(db, e->old_lob);
            /* its LOB index entries again (index.c) */
            if (e->old_lob)
                life_lobindex_back(db, &t->seg[life_slot(r, e->col)], e->old_lob);
            if (r->alive)
                t->row_bytes = t->row_bytes - before + life_row_bytes(db, t, r);
            if (e->new_lob)
                life_lob_at(db, e->new_lob)->refs--;
            life_lob_settle(db, t, life_slot(r, e->col), e->new_lob);
            break;
        }
        case LIFE_TX_VC:
            scr_value_release(db->vs, r->vc[e->col]);
            r->vc[e->col] = e->old_lob;
            break;
        case LIFE_TX_INSERT:
            life_vc_release_row(db, r);
            t->row_bytes -= life_row_bytes(db, t, r);
            life_row_live(db, t, r, 0);
            for (uint32_t k = 0; k < t->nlob; k++) {
                if (r->lob[k])
                    life_lob_at(db, r->lob[k])->refs--;
                life_lob_settle(db, t, life_slot(r, k), r->lob[k]);
                r->lob[k] = 0;
            }
            r->alive = 0;
            life_pk_index_delete(t, e->row);
            t->live_rows--;
            break;
        case LIFE_TX_DELETE:
            r->alive = 1;
            life_row_live(db, t, r, 1);
            life_pk_index_undelete(t, e->row);
            t->live_rows++;
            /* The id is the row's again (an insert since may have taken
             * it): present in the key, so no memory is asked for. */
            if (t->keys)
                (void)life_key_set(t, r->id, e->row);
            for (uint32_t k = 0; k < t->nlob; k++) {
                life_lob_reref(db, r->lob[k]);
                if (r->lob[k])
                    life_lobindex_back(db, &t->seg[life_slot(r, k)], r->lob[k]);
            }
            t->row_bytes += life_row_bytes(db, t, r);
            break;
        }
    }
    unlock_from(db, from);
    if (c->ntx > 0 && from == 0)
        db->open_txs--;
    c->ntx = from;
}

sim_err_t life_rollback(life_db_t *db)
{
    undo_log(db, 0);
    for (uint32_t ti = 0; ti < db->s->ntables; ti++) {
        life_table_t *t = &db->tables[ti];
        for (uint32_t k = 0; k < t->nseg; k++) {
            lob_space_tx_t *tx = life_slot_used(t, k) ? seg_tx(db, &t->seg[k]) : NULL;
            if (tx)
                lob_space_rollback(t->seg[k].space, tx);
        }
    }
    db->cur->ended++;
    return SIM_OK;
}

/* The slots of the tables before table n, summed: where n's marks begin. */
static uint32_t seg_base(const life_db_t *db, uint32_t n)
{
    uint32_t base = 0;
    for (uint32_t ti = 0; ti < n; ti++)
        base += db->tables[ti].nseg;
    return base;
}

sim_err_t life_stmt_mark(life_db_t *db)
{
    life_susp_t *c = db->cur;
    /* a mark a segment slot of every table, its slots at seg_base() on
     * (a table's slots are fixed from its create to the run's end) */
    uint32_t nseg = seg_base(db, db->s->ntables);
    if (c->mark_sp == NULL || c->nmark_sp < nseg) {
        sim_free(c->mark_sp);
        c->mark_sp = sim_calloc(nseg ? nseg : 1, sizeof *c->mark_sp);
        if (c->mark_sp == NULL)
            return SIM_ENOMEM;
        c->nmark_sp = nseg;
    }
    c->mark_ntx = c->ntx;
    for (uint32_t ti = 0, base = 0; ti < db->s->ntables; base += db->tables[ti++].nseg)
        for (uint32_t k = 0; k < db->tables[ti].nseg; k++) {
            lob_space_tx_t *tx =
                life_slot_used(&db->tables[ti], k) ? seg_tx(db, &db->tables[ti].seg[k]) : NULL;
            c->mark_sp[base + k] = tx ? lob_space_tx_mark(tx) : (lob_space_mark_t){0, 0};
        }
    return SIM_OK;
}

void life_stmt_undo(life_db_t *db)
{
    life_susp_t *c = db->cur;
    undo_log(db, c->mark_ntx);
    for (uint32_t ti = 0, base = 0; ti < db->s->ntables; base += db->tables[ti++].nseg) {
        life_table_t *t = &db->tables[ti];
        for (uint32_t k = 0; k < t->nseg && base + k < c->nmark_sp; k++) {
            lob_space_tx_t *tx = life_slot_used(t, k) ? seg_tx(db, &t->seg[k]) : NULL;
            if (tx)
                lob_space_rollback_to(t->seg[k].space, tx, c->mark_sp[base + k]);
        }
    }
}

uint32_t life_blocked(const life_db_t *db)
{
    return db->blocked_by;
}

uint64_t life_tx_ended(const life_db_t *db, uint32_t session)
{
    return session < db->nsusp ? db->susp[session].ended : 0;
}
