/*
 * varchar.c -- the VARCHAR2 values a table's rows carry, so that an
 * expression over a VARCHAR2 column (rpad(owner, 6000, owner || ',' ||
 * object_type)) evaluates for each row.
 *
 * A row keeps the value of each of its table's first SCR_MAX_VARCHAR_COLUMNS
 * VARCHAR2 columns (life_row_t.vc, by scr_varchar_slot()), a reference of
 * the values store each, 0 for null.  An insert sets them, an update
 * replaces them under the transaction's log (LIFE_TX_VC: the old value
 * kept until commit, given back by a rollback; dml.c's life_set_varchars()
 * evaluates and logs, life_vc_put() stores), a committed delete, a
 * rolled-back insert, a truncate, a drop and a drop column let them go.
 * The file calls nothing of life_sim's: dml.c, insert.c and txn.c call it.
 * A value longer than the column's declared length is ORA-12899 (Database
 * Error Messages: "value too large for column"), found here when the
 * parser could not know the length.  The values take no room in the
 * model's table segment (life_row_bytes(): its blocks are those of the
 * id and the LOBs, as before).
 */
#include <stdio.h>
#include <string.h>

#include "life_sim_int.h"

_Static_assert(LIFE_MAX_VCCOLS >= SCR_MAX_VARCHAR_COLUMNS, "a slot for every carried column");

/* Column c's slot in a row, or -1 when the row does not carry it. */
static int slot_of(const scr_table_t *def, uint32_t c)
{
    if (def->cols[c].type != SCR_COL_VARCHAR)
        return -1;
    uint32_t k = scr_varchar_slot(def, (int)c);
    return k < SCR_MAX_VARCHAR_COLUMNS ? (int)k : -1;
}

void life_vc_row_values(const life_table_t *t, const life_row_t *r, scr_val_t *cols)
{
    for (uint32_t c = 0; c < t->def->ncols; c++) {
        int k = slot_of(t->def, c);
        if (k >= 0)
            cols[c] = r->vc[k];
    }
}

sim_err_t life_vc_put(life_db_t *db, const scr_stmt_t *st, life_table_t *t, life_row_t *rw,
                      uint32_t c, scr_val_t v, scr_val_t *old)
{
    int k = slot_of(t->def, c);
    uint64_t n = v == SCR_VAL_NULL ? 0 : scr_value_info(db->vs, v).chars;
    const scr_column_t *col = &t->def->cols[c];
    if (k < 0 || n > col->varchar_len) {
        scr_value_release(db->vs, v);
        snprintf(db->msg, db->msglen,
                 "%s:%u: ORA-12899: value too large for column \"%s\".\"%s\" (actual: %llu, "
                 "maximum: %u)",
                 db->s->file, st->line, t->def->name, col->name, (unsigned long long)n,
                 col->varchar_len);
        return SIM_EINVAL;
    }
    *old = rw->vc[k];
    rw->vc[k] = v;
    return SIM_OK;
}

int life_vc_slot(const scr_table_t *def, uint32_t c)
{
    return slot_of(def, c);
}

void life_vc_release_row(life_db_t *db, life_row_t *r)
{
    for (uint32_t k = 0; k < LIFE_MAX_VCCOLS; k++) {
        scr_value_release(db->vs, r->vc[k]);
        r->vc[k] = SCR_VAL_NULL;
    }
}

void life_vc_drop_column(life_db_t *db, life_table_t *t, uint32_t c)
{
    int k = slot_of(t->def, c);
    if (k < 0)
        return;
    for (uint64_t r = 0; r < t->nrows; r++) {
        life_row_t *rw = life_row_at(t, r);
        scr_value_release(db->vs, rw->vc[k]);
        rw->vc[k] = SCR_VAL_NULL;
    }
}
