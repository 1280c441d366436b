/*
 * txn.c -- the session's open transaction: its log of row and LOB changes,
 * commit and rollback.
 *
 * Commit: every segment's frees become unexpired by the LOB's retention
 * (lob_space_commit()), versions no row holds are destroyed, deleted rows'
 * LOBs let go.  Rollback walks the log backwards: rows come back or go,
 * each row gets its old version again, and every segment gives the
 * transaction's frees back to their versions and makes its allocations
 * reusable (lob_space_rollback()).
 */
#include <string.h>

#include "life_sim_int.h"

sim_err_t life_tx_log(life_db_t *db, life_tx_t e)
{
    if (db->ntx == db->cap_tx) {
        size_t cap = db->cap_tx ? db->cap_tx * 2 : 1024;
        life_tx_t *v = sim_realloc(db->tx, cap * sizeof *v);
        if (v == NULL)
            return SIM_ENOMEM;
        db->tx = v;
        db->cap_tx = cap;
    }
    db->tx[db->ntx++] = e;
    return SIM_OK;
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
        /* AUTO: old versions for consistent reads only, i.e. for as long as
         * undo is kept (UNDO_RETENTION at commit time); BasicFile RETENTION
         * likewise. */
        *ret = LOB_RETENTION_AUTO;
        *ms = db->undo_retention_s * 1000;
        return;
    }
}

/* Compact a table's rows once the dead outnumber the living: no log entry
 * refers to a row after a commit. */
static sim_err_t compact(life_table_t *t)
{
    if (t->nrows - t->live_rows <= t->live_rows)
        return SIM_OK;
    uint64_t n = 0;
    for (uint64_t r = 0; r < t->nrows; r++)
        if (t->rows[r].alive)
            t->rows[n++] = t->rows[r];
    t->nrows = n;
    return SIM_OK;
}

sim_err_t life_commit(life_db_t *db)
{
    for (size_t i = 0; i < db->ntx; i++) {
        life_tx_t *e = &db->tx[i];
        life_table_t *t = &db->tables[e->table];
        if (e->kind == LIFE_TX_LOB) {
            life_lob_settle(db, t, e->col, e->old_lob);
        } else if (e->kind == LIFE_TX_DELETE) {
            life_row_t *r = &t->rows[e->row];
            for (uint32_t k = 0; k < t->nlob; k++) {
                life_lob_settle(db, t, k, r->lob[k]);
                r->lob[k] = 0;
            }
        }
    }
    for (uint32_t ti = 0; ti < db->s->ntables; ti++) {
        life_table_t *t = &db->tables[ti];
        for (uint32_t k = 0; k < t->nlob; k++) {
            if (t->seg[k].space == NULL)
                continue;
            lob_retention_t ret;
            uint64_t ms;
            retention_of(db, &t->seg[k].o, &ret, &ms);
            sim_err_t rc = lob_space_commit(t->seg[k].space, t->seg[k].tx, db->clock_ms, ret, ms);
            if (rc != SIM_OK)
                return rc;
        }
        if (t->exists)
            compact(t);
    }
    db->ntx = 0;
    sim_stat_add(&db->part[LIFE_PART_ROW], SIM_STAT_USER_COMMITS, 1);
    life_redo_commit(db);
    return SIM_OK;
}

sim_err_t life_rollback(life_db_t *db)
{
    for (size_t i = db->ntx; i-- > 0;) {
        life_tx_t *e = &db->tx[i];
        life_table_t *t = &db->tables[e->table];
        life_row_t *r = &t->rows[e->row];
        switch (e->kind) {
        case LIFE_TX_LOB: {
            uint64_t before = r->alive ? life_row_bytes(db, t, r) : 0;
            r->lob[e->col] = e->old_lob;
            life_lob_reref(db, e->old_lob);
            if (r->alive)
                t->row_bytes = t->row_bytes - before + life_row_bytes(db, t, r);
            if (e->new_lob)
                db->lobs[e->new_lob].refs--;
            life_lob_settle(db, t, e->col, e->new_lob);
            break;
        }
        case LIFE_TX_INSERT:
            t->row_bytes -= life_row_bytes(db, t, r);
            for (uint32_t k = 0; k < t->nlob; k++) {
                if (r->lob[k])
                    db->lobs[r->lob[k]].refs--;
                life_lob_settle(db, t, k, r->lob[k]);
                r->lob[k] = 0;
            }
            r->alive = 0;
            t->live_rows--;
            break;
        case LIFE_TX_DELETE:
            r->alive = 1;
            t->live_rows++;
            for (uint32_t k = 0; k < t->nlob; k++)
                life_lob_reref(db, r->lob[k]);
            t->row_bytes += life_row_bytes(db, t, r);
            break;
        }
    }
    for (uint32_t ti = 0; ti < db->s->ntables; ti++) {
        life_table_t *t = &db->tables[ti];
        for (uint32_t k = 0; k < t->nlob; k++)
            if (t->seg[k].space)
                lob_space_rollback(t->seg[k].space, t->seg[k].tx);
    }
    db->ntx = 0;
    return SIM_OK;
}
