/*
 * dml.c -- insert, update and delete, row by row, for the running session:
 * which rows a statement takes (its own, seen, not locked by another
 * session), their LOB values, and what each row costs (undo, redo, block
 * changes).  run.c's executor calls it; it calls nothing of run.c.
 */
#include <stdio.h>
#include <string.h>

#include "life_sim_int.h"

life_table_t *life_table_of(life_db_t *db, const scr_stmt_t *st)
{
    return st->table >= 0 ? &db->tables[st->table] : NULL;
}

static sim_err_t fail(life_db_t *db, const scr_stmt_t *st, const char *what)
{
    snprintf(db->msg, db->msglen, "%s:%u: %s", db->s->file, st->line, what);
    return SIM_EINVAL;
}

/* A failure of the model as Oracle would report it. */
sim_err_t life_oracle_error(life_db_t *db, const scr_stmt_t *st, life_table_t *t, sim_err_t rc)
{
    if (rc == SIM_EFULL) {
        char what[400];
        snprintf(what, sizeof what,
                 "ORA-01691: unable to extend lob segment of %s (its MAXSIZE or the "
                 "segment's limit is reached)",
                 t ? t->def->name : "?");
        return fail(db, st, what);
    }
    if (rc == SIM_EINVAL && db->msg[0])
        return rc;
    return rc;
}

/* Whether row id belongs to the running session, and its id as the
 * script wrote it. */
static int own_row(const life_db_t *db, int64_t id, int64_t *script_id)
{
    *script_id = id - db->id_base;
    return db->id_span == 0 || (*script_id >= 0 && *script_id < db->id_span);
}

/* A commit statement: inside a PL/SQL block it does not wait for its redo
 * (PL/SQL's commit-time optimization: the block waits once, before it
 * returns; Kyte, Expert Oracle Database Architecture, "COMMIT"). */
sim_err_t life_commit_stmt(life_db_t *db)
{
    life_op(db, LIFE_OP_COMMIT, 0, db->in_block, 1);
    db->cur->commits += db->in_block;
    return life_commit(db);
}

/* Whether the running session sees row r at all: a row lives, or is
 * another session's uncommitted delete (whose lock it meets); another
 * session's uncommitted insert it does not see. */
static int visible(const life_db_t *db, const life_row_t *r)
{
    if (life_row_locked(db, r))
        return !r->fresh;
    return r->alive;
}

/* Whether an update or delete takes row rw (1; its id as the script wrote
 * it in *id), passes it by (0), or meets another session's lock on it
 * (-1: db->blocked_by says whose, and the statement stops there). */
static int take_row(life_db_t *db, const scr_dml_t *d, const life_row_t *rw, int64_t *id)
{
    if (!own_row(db, rw->id, id) || !scr_pred_match(d->where, *id) || !visible(db, rw))
        return 0;
    if (life_row_locked(db, rw)) {
        db->blocked_by = rw->locker;
        return -1;
    }
    return rw->alive;
}

static void row_costs(life_db_t *db, uint64_t row_bytes)
{
    life_op(db, LIFE_OP_ROW, 0, 0, 1);
    sim_stats_t *rw = &db->part[LIFE_PART_ROW];
    sim_stat_add(rw, SIM_STAT_DB_BLOCK_GETS, 1);
    sim_stat_add(rw, SIM_STAT_DB_BLOCK_CHANGES, 1);
    uint64_t before = undo_bytes(db->undo);
    undo_record(db->undo);
    undo_vector(db->undo, UNDO_CV_LOB);
    sim_stat_add(&db->part[LIFE_PART_UNDO], SIM_STAT_USED_UREC, 1);
    sim_stat_add(&db->part[LIFE_PART_UNDO], SIM_STAT_UNDO_CV_SIZE, undo_bytes(db->undo) - before);
    life_redo_row(db, row_bytes);
}

/* Row r's value of every LOB column, by column number, as its expressions
 * see them (SCR_E_COLUMN): the values before the statement changes it. */
static void row_values(const life_db_t *db, const life_table_t *t, const life_row_t *r,
                       scr_val_t *cols)
{
    memset(cols, 0, t->def->ncols * sizeof *cols);
    for (uint32_t k = 0; k < t->nlob; k++)
        cols[t->lobcol[k]] = r->lob[k] ? life_lob_at(db, r->lob[k])->val : SCR_VAL_NULL;
}

static void grow_rows(life_table_t *t, uint64_t before, uint64_t after)
{
    t->row_bytes = t->row_bytes - before + after;
    if (t->row_bytes > t->row_bytes_hwm)
        t->row_bytes_hwm = t->row_bytes;
}

/* Evaluate a LOB column's value for a row.  A value that depends on no
 * row is evaluated once per statement (db->konst): the statement's rows
 * share it. */
sim_err_t life_eval(life_db_t *db, const scr_stmt_t *st, const scr_expr_t *e, const scr_row_t *row,
                    scr_val_t *out)
{
    if (e == NULL) {
        *out = SCR_VAL_NULL;
        return SIM_OK;
    }
    if (!e->row_dependent)
        for (uint32_t i = 0; i < db->nkonst; i++)
            if (db->konst_expr[i] == e) {
                scr_value_ref(db->vs, db->konst[i]);
                *out = db->konst[i];
                return SIM_OK;
            }
    char err[SCR_ERR_LEN];
    err[0] = '\0';
    sim_err_t rc = scr_eval(db->vs, e, row, out, err, sizeof err);
    if (rc == SIM_EINVAL) {
        /* scr_eval says "LINE: ORA-...": the file goes in front. */
        snprintf(db->msg, db->msglen, "%s:%s", db->s->file, err[0] ? err : "?");
        (void)st;
    }
    if (rc == SIM_OK && !e->row_dependent && db->nkonst < LIFE_MAX_KONST) {
        db->konst_expr[db->nkonst] = e;
        db->konst[db->nkonst++] = *out;
        scr_value_ref(db->vs, *out);
    }
    return rc;
}

/* The statement is over: its constants go. */
void life_forget_konst(life_db_t *db)
{
    for (uint32_t i = 0; i < db->nkonst; i++)
        scr_value_release(db->vs, db->konst[i]);
    db->nkonst = 0;
}

/* Whether id is taken in t's primary key: 1 with ORA-00001 in db->msg (a
 * row holds it: alive, or another session's uncommitted insert), or 1 with
 * db->blocked_by set when another session's open transaction inserted or
 * deleted it (the insert waits for its end, as Oracle's does); 0 when free. */
static int key_taken(life_db_t *db, const scr_stmt_t *st, life_table_t *t, int64_t id)
{
    uint64_t r;
    if (!life_key_get(t, id, &r))
        return 0;
    const life_row_t *rw = life_row_at(t, r);
    int other = rw->locker && rw->locker != db->sid + 1;
    if (other && (rw->fresh || !rw->alive)) {
        db->blocked_by = rw->locker;
        return 1;
    }
    if (!rw->alive)
        return 0;
    /* Oracle prints (SCHEMA.NAME): a script runs as one user the model
     * does not name; an unnamed key's name is Oracle's SYS_Cn. */
    char what[SCR_NAME_MAX + 64];
    snprintf(what, sizeof what, "ORA-00001: unique constraint (%s) violated",
             t->def->pk_name[0] ? t->def->pk_name : "SYS_Cn");
    fail(db, st, what);
    return 1;
}

static sim_err_t insert_row(life_db_t *db, const scr_stmt_t *st, const scr_dml_t *d,
                            life_table_t *t, const scr_row_t *row)
{
    /* The id by the parser's evaluator (scr_eval_int()); a table without
     * a NUMBER column, or a row whose id is null, is numbered by rownum. */
    int64_t id = row->rownum;
    if (t->def->id_col >= 0 && d->values[t->def->id_col] &&
        scr_eval_int(db->vs, d->values[t->def->id_col], row, &id) != 0)
        id = row->rownum;
    int pk = t->def->id_col >= 0 && t->def->cols[t->def->id_col].primary_key;
    if (pk && key_taken(db, st, t, db->id_base + id))
        return db->blocked_by ? SIM_OK : SIM_EINVAL;
    uint64_t r;
    sim_err_t rc = life_row_add(db, t, db->id_base + id, &r);
    if (rc == SIM_OK && pk)
        rc = life_key_set(t, db->id_base + id, r);
    if (rc != SIM_OK)
        return rc;
    rc = life_tx_log(db, (life_tx_t){(uint32_t)(t - db->tables), r, 0xff, LIFE_TX_INSERT, 0, 0});
    if (rc != SIM_OK)
        return rc;
    for (uint32_t k = 0; k < t->nlob; k++) {
        scr_val_t v;
        rc = life_eval(db, st, d->values[t->lobcol[k]], row, &v);
        if (rc != SIM_OK)
            return rc;
        uint32_t lob;
        rc = life_lob_write(db, t, k, v, &lob);
        scr_value_release(db->vs, v);
        if (rc != SIM_OK)
            return life_oracle_error(db, st, t, rc);
        life_row_at(t, r)->lob[k] = lob;
    }
    uint64_t bytes = life_row_bytes(db, t, life_row_at(t, r));
    grow_rows(t, 0, bytes);
    row_costs(db, bytes);
    return SIM_OK;
}

sim_err_t life_insert(life_db_t *db, const scr_stmt_t *st, const scr_val_t *vars)
{
    const scr_dml_t *d = &st->u.dml;
    life_table_t *t = life_table_of(db, st);
    scr_val_t cols[SCR_MAX_COLS];
    scr_row_t row = {0, 0, SCR_VAL_NULL, vars, NULL};
    sim_err_t rc = SIM_OK;
    switch (d->source) {
    case SCR_SRC_VALUES:
        row.rownum = 1;
        row.id = 1;
        return insert_row(db, st, d, t, &row);
    case SCR_SRC_GENERATE:
    case SCR_SRC_LOOP:
        for (uint64_t i = db->cur->row; i < d->count && rc == SIM_OK; i++) {
            row.rownum = (d->source == SCR_SRC_LOOP ? d->first : 1) + (int64_t)i;
            row.id = row.rownum;
            rc = insert_row(db, st, d, t, &row);
            if (rc == SIM_OK && db->blocked_by) {
                db->cur->row = i; /* run again from this row */
                return SIM_OK;
            }
            /* `commit;` after the insert in the loop's body: with sessions,
             * the block stops there until the session's next transaction. */
            if (rc == SIM_OK && d->commit_every) {
                rc = life_commit_stmt(db);
                if (rc == SIM_OK && db->yield_commits && i + 1 < d->count) {
                    db->cur->row = i + 1;
                    db->suspended = 1;
                    return SIM_OK;
                }
            }
        }
        db->cur->row = 0;
        return rc;
    case SCR_SRC_SELF: {
        uint64_t n = t->nrows;
        int64_t rownum = 0;
        for (uint64_t r = 0; r < n && rc == SIM_OK; r++) {
            if (!life_row_at(t, r)->alive || !own_row(db, life_row_at(t, r)->id, &row.id) ||
                (life_row_at(t, r)->fresh && life_row_locked(db, life_row_at(t, r))))
                continue;
            row.rownum = ++rownum;
            row_values(db, t, life_row_at(t, r), cols);
            row.cols = cols;
            rc = insert_row(db, st, d, t, &row);
            if (db->blocked_by)
                break;
        }
        return rc;
    }
    }
    return SIM_OK;
}

sim_err_t life_lob_replace(life_db_t *db, const scr_stmt_t *st, life_table_t *t, uint64_t r,
                           uint32_t k, scr_val_t v)
{
    uint32_t old = life_row_at(t, r)->lob[k], lob;
    sim_err_t rc = life_lob_write(db, t, k, v, &lob);
    if (rc != SIM_OK)
        return life_oracle_error(db, st, t, rc);
    life_row_at(t, r)->lob[k] = lob;
    rc = life_tx_log(db,
                     (life_tx_t){(uint32_t)(t - db->tables), r, (uint8_t)k, LIFE_TX_LOB, old, lob});
    return rc == SIM_OK ? life_lob_unref(db, t, k, old) : rc;
}

/* The next row an update or delete takes, from *r up to end: 1 with its
 * index in *r, its id as the script wrote it in *id and *matched (its
 * rownum) counted; 0 at the end, at the statement's rownum limit, or at
 * another session's lock (take_row(): the statement stops there). */
static int next_row(life_db_t *db, const scr_dml_t *d, const life_table_t *t, uint64_t end,
                    uint64_t *r, int64_t *matched, int64_t *id)
{
    for (; *r < end; ++*r) {
        int take = take_row(db, d, life_row_at(t, *r), id);
        if (take < 0)
            return 0;
        if (!take)
            continue;
        if (d->rownum_max >= 0 && *matched >= d->rownum_max)
            return 0;
        ++*matched;
        return 1;
    }
    return 0;
}

sim_err_t life_update(life_db_t *db, const scr_stmt_t *st, const scr_val_t *vars)
{
    const scr_dml_t *d = &st->u.dml;
    life_table_t *t = life_table_of(db, st);
    uint64_t n = t->nrows;
    int64_t matched = 0, id;
    for (uint64_t r = 0; next_row(db, d, t, n, &r, &matched, &id); r++) {
        life_row_t *rw = life_row_at(t, r);
        uint64_t before = life_row_bytes(db, t, rw);
        /* Every SET expression sees the row as it was (set a = b, b = a
         * swaps): the values are the old versions, held until commit. */
        scr_val_t cols[SCR_MAX_COLS];
        row_values(db, t, rw, cols);
        scr_row_t row = {matched, id, SCR_VAL_NULL, vars, cols};
        for (uint32_t k = 0; k < t->nlob; k++) {
            const scr_expr_t *e = d->values[t->lobcol[k]];
            if (e == NULL)
                continue;
            scr_val_t v;
            sim_err_t rc = life_eval(db, st, e, &row, &v);
            if (rc != SIM_OK)
                return rc;
            rc = life_lob_replace(db, st, t, r, k, v);
            scr_value_release(db->vs, v);
            if (rc != SIM_OK)
                return rc;
            rw = life_row_at(t, r);
        }
        uint64_t after = life_row_bytes(db, t, rw);
        grow_rows(t, before, after);
        row_costs(db, after);
    }
    return SIM_OK;
}

sim_err_t life_delete(life_db_t *db, const scr_stmt_t *st)
{
    const scr_dml_t *d = &st->u.dml;
    life_table_t *t = life_table_of(db, st);
    int64_t matched = 0, id;
    for (uint64_t r = 0; next_row(db, d, t, t->nrows, &r, &matched, &id); r++) {
        life_row_t *rw = life_row_at(t, r);
        uint64_t bytes = life_row_bytes(db, t, rw);
        rw->alive = 0;
        t->live_rows--;
        t->row_bytes -= bytes;
        sim_err_t rc =
            life_tx_log(db, (life_tx_t){(uint32_t)(t - db->tables), r, 0xff, LIFE_TX_DELETE, 0, 0});
        if (rc != SIM_OK)
            return rc;
        for (uint32_t k = 0; k < t->nlob; k++) {
            rc = life_lob_unref(db, t, k, rw->lob[k]);
            if (rc != SIM_OK)
                return rc;
        }
        row_costs(db, bytes);
    }
    return SIM_OK;
}
