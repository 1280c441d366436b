/*
 * columns.c -- ALTER TABLE T ADD (...) and DROP COLUMN run over the model
 * (script/columns.c parses them).
 *
 * A table's LOB segments are its slots 0 .. nlob-1, one a LOB column not
 * dropped, in column order (life_table_t.lobcol).  An added LOB column
 * takes a new slot after the others (its index is the table's highest) and
 * its own LOB segment, made now when the table has its segment (Oracle
 * creates the LOB segment with the column then; with deferred segment
 * creation and no row yet, with the first row), its rows null.  A dropped
 * LOB column's LOBs are let go and its segment dropped; the slots after it
 * move down one, rows' LOB indexes with them.  Both are DDL: the session's
 * transaction is committed first (stmt.c), so that no open change names a
 * slot.  The rows' rewrite a drop makes in Oracle (its redo and undo) and
 * the bytes an in-row LOB leaves in the table's blocks are not modelled.
 */
#include <string.h>

#include "life_sim_int.h"

_Static_assert(LIFE_MAX_LOBCOLS >= SCR_MAX_LOB_COLUMNS, "a slot for every LOB column");

/* The live rows' bytes recounted with the columns as they are now (a
 * null LOB column takes its length byte, a dropped in-row LOB's bytes
 * leave): later changes subtract what life_row_bytes() says then.  The
 * table's blocks stay (row_bytes_hwm is not lowered). */
static void recount_rows(life_db_t *db, life_table_t *t)
{
    uint64_t n = 0;
    for (uint64_t r = 0; r < t->nrows; r++)
        if (life_row_at(t, r)->alive)
            n += life_row_bytes(db, t, life_row_at(t, r));
    t->row_bytes = n;
    if (n > t->row_bytes_hwm)
        t->row_bytes_hwm = n;
}

sim_err_t life_columns_add(life_db_t *db, const scr_stmt_t *st, life_table_t *t)
{
    sim_err_t rc = SIM_OK;
    for (uint32_t i = 0; i < st->u.columns.n && rc == SIM_OK; i++) {
        uint32_t c = st->u.columns.cols[i];
        const scr_column_t *col = &t->def->cols[c];
        if (col->type != SCR_COL_CLOB && col->type != SCR_COL_BLOB)
            continue; /* values of other columns are not kept */
        if (t->nlob == LIFE_MAX_LOBCOLS)
            return SIM_EINVAL; /* the parser refuses it first */
        uint32_t k = t->nlob++;
        memset(&t->seg[k], 0, sizeof t->seg[k]);
        t->lobcol[k] = (int)c;
        t->seg[k].o = col->lob;
        for (uint64_t r = 0; r < t->nrows; r++)
            life_row_at(t, r)->lob[k] = 0;
        if (t->has_segment)
            rc = life_seg_ensure(db, t, k);
    }
    recount_rows(db, t);
    life_lobs_live_recount(db, t);
    return rc;
}

/* Slot k's LOBs let go and its segment dropped; the slots after move down. */
static void drop_slot(life_db_t *db, life_table_t *t, uint32_t k)
{
    for (uint64_t r = 0; r < t->nrows; r++) {
        life_row_t *rw = life_row_at(t, r);
        uint32_t i = rw->lob[k];
        if (i && life_lob_at(db, i)->refs) {
            life_lob_at(db, i)->refs = 0;
            life_lob_at(db, i)->dedup = 0;
            life_lob_settle(db, t, k, i);
        }
        for (uint32_t j = k; j + 1 < t->nlob; j++)
            rw->lob[j] = rw->lob[j + 1];
        rw->lob[t->nlob - 1] = 0;
    }
    life_seg_destroy(db, t, k);
    for (uint32_t j = k; j + 1 < t->nlob; j++) {
        t->seg[j] = t->seg[j + 1];
        t->lobcol[j] = t->lobcol[j + 1];
    }
    t->nlob--;
    memset(&t->seg[t->nlob], 0, sizeof t->seg[t->nlob]);
    t->lobcol[t->nlob] = -1;
}

sim_err_t life_columns_drop(life_db_t *db, const scr_stmt_t *st, life_table_t *t)
{
    for (uint32_t i = 0; i < st->u.columns.n; i++)
        life_vc_drop_column(db, t, st->u.columns.cols[i]); /* varchar.c */
    for (uint32_t i = 0; i < st->u.columns.n; i++)
        for (uint32_t k = 0; k < t->nlob; k++)
            if (t->lobcol[k] == (int)st->u.columns.cols[i]) {
                drop_slot(db, t, k);
                break;
            }
    recount_rows(db, t);
    life_lobs_live_recount(db, t);
    return SIM_OK;
}
