/*
 * dml.c -- update and delete, row by row, for the running session: which
 * rows a statement takes (its own, seen, not locked by another session),
 * their LOB values, and what each row costs (undo, redo, block changes);
 * the row predicates and values an insert's source rows use too (inserts:
 * insert.c).  run.c's executor calls it; it calls nothing of run.c.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "life_sim_int.h"

life_table_t *life_table_of(life_db_t *db, const scr_stmt_t *st)
{
    return st->table >= 0 ? &db->tables[st->table] : NULL;
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
        return life_raise(db, st->line, what);
    }
    if (rc == SIM_EINVAL && db->msg[0])
        return rc;
    return rc;
}

/* Whether row id belongs to the running session, and its id as the
 * script wrote it. */
int life_own_row(const life_db_t *db, int64_t id, int64_t *script_id)
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

/* Whether p is made of the fast forms only (literals over the id):
 * scr_pred_match() then answers without the row's values. */
int life_fast_pred(const scr_pred_t *p)
{
    if (p == NULL)
        return 1;
    switch (p->kind) {
    case SCR_P_TRUE:
    case SCR_P_CMP:
    case SCR_P_BETWEEN:
    case SCR_P_MOD:
        return 1;
    case SCR_P_AND:
    case SCR_P_OR:
        return life_fast_pred(p->l) && life_fast_pred(p->r);
    case SCR_P_NOT:
        return life_fast_pred(p->l);
    default:
        return 0;
    }
}

/* Whether row rw satisfies the where clause w (1; 0 not; -2 an
 * expression failed, its line in db->msg), its id as the script wrote it. */
int life_where_holds(life_db_t *db, const life_table_t *t, const scr_pred_t *w, int fast,
                     const life_row_t *rw, int64_t id, const scr_row_t *regs)
{
    if (fast)
        return scr_pred_match(w, id);
    scr_val_t cols[SCR_MAX_COLS];
    life_row_values(db, t, rw, cols);
    scr_row_t row = regs ? *regs : (scr_row_t){0};
    row.id = id;
    row.cols = cols;
    char err[SCR_ERR_LEN];
    err[0] = '\0';
    int r = scr_pred_eval(db->vs, w, &row, err, sizeof err);
    if (r == -2) {
        snprintf(db->msg, db->msglen, "%s:%s", db->s->file, err[0] ? err : "?");
        return -2;
    }
    return r == 1;
}

/* Whether an update or delete takes row rw (1; its id as the script wrote
 * it in *id), passes it by (0), meets another session's lock on it (-1:
 * db->blocked_by says whose, and the statement stops there), or failed
 * (-2: an expression of its where clause). */
static int take_row(life_db_t *db, const scr_dml_t *d, int fast, const life_table_t *t,
                    const life_row_t *rw, int64_t *id, const scr_row_t *regs)
{
    if (!life_own_row(db, rw->id, id) || !visible(db, rw))
        return 0;
    int w = life_where_holds(db, t, d->where, fast, rw, *id, regs);
    if (w <= 0)
        return w;
    if (life_row_locked(db, rw)) {
        db->blocked_by = rw->locker;
        return -1;
    }
    return rw->alive;
}

/* Row r's value of every LOB and carried VARCHAR2 column, by column number, as its expressions
 * see them (SCR_E_COLUMN): the values before the statement changes it. */
void life_row_values(const life_db_t *db, const life_table_t *t, const life_row_t *r,
                     scr_val_t *cols)
{
    memset(cols, 0, t->def->ncols * sizeof *cols);
    for (uint32_t k = 0; k < t->nlob; k++)
        cols[t->lobcol[k]] = r->lob[k] ? life_lob_at(db, r->lob[k])->val : SCR_VAL_NULL;
    life_vc_row_values(t, r, cols);
}

/* The statement's expression for column c: none for a column added after
 * the statement was parsed (alter table ... add). */
const scr_expr_t *life_col_value(const scr_dml_t *d, int c)
{
    return (uint32_t)c < d->nvalues ? d->values[c] : NULL;
}

/* Each carried VARCHAR2 column the statement sets, in row r (varchar.c
 * stores it); an update's (update 1) under the transaction's log. */
sim_err_t life_set_varchars(life_db_t *db, const scr_stmt_t *st, life_table_t *t, uint64_t r,
                            const scr_row_t *row, int update)
{
    const scr_dml_t *d = &st->u.dml;
    for (uint32_t c = 0; c < t->def->ncols && c < d->nvalues; c++) {
        int k = life_vc_slot(t->def, c);
        if (k < 0 || d->values[c] == NULL)
            continue;
        scr_val_t v, old;
        sim_err_t rc = life_eval(db, st, d->values[c], row, &v);
        if (rc == SIM_OK)
            rc = life_vc_put(db, st, t, life_row_at(t, r), c, v, &old);
        if (rc != SIM_OK)
            return rc;
        if (!update) {
            scr_value_release(db->vs, old);
            continue;
        }
        rc = life_tx_log(
            db, (life_tx_t){(uint32_t)(t - db->tables), r, (uint8_t)k, LIFE_TX_VC, old, v});
        if (rc != SIM_OK) {
            life_row_at(t, r)->vc[k] = old;
            scr_value_release(db->vs, v);
            return rc;
        }
    }
    return SIM_OK;
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

sim_err_t life_lob_replace(life_db_t *db, const scr_stmt_t *st, life_table_t *t, uint64_t r,
                           uint32_t k, scr_val_t v)
{
    uint32_t old = life_row_at(t, r)->lob[k], lob, s = life_slot(life_row_at(t, r), k);
    sim_err_t rc = life_lob_write(db, t, s, v, &lob);
    if (rc != SIM_OK)
        return life_oracle_error(db, st, t, rc);
    life_row_set_lob(db, t, life_row_at(t, r), k, lob);
    rc = life_tx_log(db,
                     (life_tx_t){(uint32_t)(t - db->tables), r, (uint8_t)k, LIFE_TX_LOB, old, lob});
    if (rc != SIM_OK)
        return rc;
    /* logged first: a failure from here on is undone by the log's entry */
    rc = life_lob_written(db, &t->seg[s], lob, 1);
    sim_err_t released = life_lob_released(db, &t->seg[s], old);
    sim_err_t unref = life_lob_unref(db, t, s, old);
    return rc != SIM_OK ? rc : released != SIM_OK ? released : unref;
}

sim_err_t life_lob_locator_write(life_db_t *db, const scr_stmt_t *st, life_table_t *t, uint64_t r,
                                 uint32_t k, scr_val_t v, int append)
{
    life_seg_t *g = &t->seg[life_slot(life_row_at(t, r), k)];
    uint32_t i = life_row_at(t, r)->lob[k];
    if (append && i) {
        uint32_t chunks = life_lob_at(db, i)->nchunks;
        uint64_t entries = life_lob_index_entries(db, g, i);
        int grown;
        sim_err_t rc = life_lob_extend(db, t, life_slot(life_row_at(t, r), k), i, v, &grown);
        if (rc != SIM_OK)
            return life_oracle_error(db, st, t, rc);
        if (grown) {
            /* the chunks added enter its metadata: a SecureFile's map
             * (26.2), a BasicFile's LOB index entries beyond those it had */
            const life_lob_t *l = life_lob_at(db, i);
            life_redo_arg_t a = {.chunks = l->nchunks - chunks};
            uint64_t n = 0;
            if (l->nchunks > chunks)
                n = g->o.securefile ? 1 : life_lob_index_entries(db, g, i) - entries;
            life_redo_log(db, g->o.securefile ? LIFE_REDO_LOB_META : LIFE_REDO_LOBINDEX_INSERT, &a,
                          n);
            life_meta_blocks(db, n);
            /* its entries as they now are, at the current section's end */
            life_lobindex_remove(db, g, i);
            return life_lobindex_add(db, g, i);
        }
    }
    /* a new version, as an update of that one column writes it */
    uint64_t before = life_row_bytes(db, t, life_row_at(t, r));
    sim_err_t rc = life_lob_replace(db, st, t, r, k, v);
    if (rc != SIM_OK)
        return rc;
    const life_row_t *rw = life_row_at(t, r);
    life_rows_grow(t, before, life_row_bytes(db, t, rw));
    life_row_costs(db, LIFE_REDO_ROW_UPDATE, life_lob_row_bytes(db, rw->lob[k]), 1, 1);
    return SIM_OK;
}

/* An update's or delete's walk over its rows: from r up to end, the
 * rows taken so far (matched: their rownum), and an error met (rc). */
typedef struct {
    uint64_t r, end;
    int fast;
    int64_t matched;
    sim_err_t rc;
    const scr_row_t *regs;
} scan_t;

/* The rows [*from, *to) a statement or a select looks at: all of them,
 * or, for `where id = key` (key a variable, or a literal: the fast form
 * SCR_P_CMP of `where`) on a table with a primary key, the one row the key
 * finds (its index: what lets a loop of single-row statements, or a script
 * of them, run in constant time a statement), none when it finds none. */
static void key_rows(life_db_t *db, const life_table_t *t, const scr_expr_t *key,
                     const scr_pred_t *where, const scr_row_t *regs, uint64_t *from, uint64_t *to)
{
    *from = 0;
    *to = t->nrows;
    int literal =
        key == NULL && where != NULL && where->kind == SCR_P_CMP && where->op == SCR_OP_EQ;
    if ((key == NULL && !literal) || t->def->id_col < 0 ||
        !t->def->cols[t->def->id_col].primary_key)
        return;
    int64_t k = literal ? where->a : 0;
    uint64_t row;
    if ((!literal && scr_eval_int(db->vs, key, regs, &k) != 0) ||
        !life_key_get(t, db->id_base + k, &row))
        *to = 0;
    else
        *from = row, *to = row + 1;
}

static void scan_start(life_db_t *db, const scr_dml_t *d, const life_table_t *t,
                       const scr_row_t *regs, scan_t *sc)
{
    memset(sc, 0, sizeof *sc);
    sc->fast = life_fast_pred(d->where);
    sc->regs = regs;
    key_rows(db, t, d->key, d->where, regs, &sc->r, &sc->end);
}

/* The next row the statement takes: 1 with its index in sc->r, its id as
 * the script wrote it in *id and sc->matched (its rownum) counted; 0 at
 * the end, at the statement's rownum limit, at another session's lock
 * (take_row(): the statement stops there), or at an error (sc->rc). */
static int next_row(life_db_t *db, const scr_dml_t *d, const life_table_t *t, scan_t *sc,
                    int64_t *id)
{
    for (; sc->r < sc->end; ++sc->r) {
        int take = take_row(db, d, sc->fast, t, life_row_at(t, sc->r), id, sc->regs);
        if (take == -2)
            sc->rc = SIM_EINVAL;
        if (take < 0)
            return 0;
        if (!take)
            continue;
        if (d->rownum_max >= 0 && sc->matched >= d->rownum_max)
            return 0;
        ++sc->matched;
        return 1;
    }
    return 0;
}

sim_err_t life_update(life_db_t *db, const scr_stmt_t *st, const scr_row_t *regs)
{
    const scr_dml_t *d = &st->u.dml;
    life_table_t *t = life_table_of(db, st);
    int64_t id;
    scan_t sc;
    scan_start(db, d, t, regs, &sc);
    for (; next_row(db, d, t, &sc, &id); sc.r++) {
        uint64_t r = sc.r;
        life_row_t *rw = life_row_at(t, r);
        uint64_t before = life_row_bytes(db, t, rw);
        /* Every SET expression sees the row as it was (set a = b, b = a
         * swaps): the values are the old versions, held until commit. */
        scr_val_t cols[SCR_MAX_COLS];
        life_row_values(db, t, rw, cols);
        scr_row_t row = regs ? *regs : (scr_row_t){0};
        row.rownum = sc.matched;
        row.id = id;
        row.cols = cols;
        uint64_t changed = 0, changed_bytes = 0;
        for (uint32_t k = 0; k < t->nlob; k++) {
            const scr_expr_t *e = life_col_value(d, t->lobcol[k]);
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
            changed++;
            changed_bytes += life_lob_row_bytes(db, rw->lob[k]);
        }
        sim_err_t rc = life_set_varchars(db, st, t, r, &row, 1);
        if (rc != SIM_OK)
            return rc;
        rw = life_row_at(t, r);
        uint64_t after = life_row_bytes(db, t, rw);
        life_rows_grow(t, before, after);
        life_row_costs(db, LIFE_REDO_ROW_UPDATE, changed_bytes, changed, 1);
    }
    return sc.rc;
}

sim_err_t life_delete(life_db_t *db, const scr_stmt_t *st, const scr_row_t *regs)
{
    const scr_dml_t *d = &st->u.dml;
    life_table_t *t = life_table_of(db, st);
    int64_t id;
    scan_t sc;
    scan_start(db, d, t, regs, &sc);
    for (; next_row(db, d, t, &sc, &id); sc.r++) {
        uint64_t r = sc.r;
        life_row_t *rw = life_row_at(t, r);
        uint64_t bytes = life_row_bytes(db, t, rw);
        life_row_live(db, t, rw, 0);
        rw->alive = 0;
        life_pk_index_delete(t, r);
        t->live_rows--;
        t->row_bytes -= bytes;
        sim_err_t rc =
            life_tx_log(db, (life_tx_t){(uint32_t)(t - db->tables), r, 0xff, LIFE_TX_DELETE, 0, 0});
        if (rc != SIM_OK)
            return rc;
        for (uint32_t k = 0; k < t->nlob; k++) {
            /* the unref whatever the index did: a rollback re-refs it */
            sim_err_t released = life_lob_released(db, &t->seg[life_slot(rw, k)], rw->lob[k]);
            rc = life_lob_unref(db, t, life_slot(rw, k), rw->lob[k]);
            if (rc == SIM_OK)
                rc = released;
            if (rc != SIM_OK)
                return rc;
        }
        life_row_costs(db, LIFE_REDO_ROW_DELETE, 0, 0, 1);
    }
    return sc.rc;
}

void life_cursor_close(life_db_t *db, life_cursor_t *c)
{
    if (c->vals)
        for (uint64_t i = 0; i < c->n * c->nlob; i++)
            scr_value_release(db->vs, c->vals[i]);
    sim_free(c->ids);
    sim_free(c->rows);
    sim_free(c->vals);
    free(c->qres);
    memset(c, 0, sizeof *c);
}

sim_err_t life_select(life_db_t *db, life_table_t *t, const scr_pred_t *cond, const scr_expr_t *key,
                      const scr_row_t *regs, life_cursor_t *c)
{
    memset(c, 0, sizeof *c);
    c->nlob = t->nlob;
    uint64_t from, to;
    key_rows(db, t, key, cond, regs, &from, &to);
    uint64_t n = 0;
    for (uint64_t r = from; r < to; r++)
        n += visible(db, life_row_at(t, r));
    c->ids = sim_calloc(n ? n : 1, sizeof *c->ids);
    c->rows = sim_calloc(n ? n : 1, sizeof *c->rows);
    c->vals = sim_calloc(n * t->nlob + 1, sizeof *c->vals);
    if (c->ids == NULL || c->rows == NULL || c->vals == NULL)
        return SIM_ENOMEM;
    int fast = life_fast_pred(cond);
    for (uint64_t r = from; r < to; r++) {
        const life_row_t *rw = life_row_at(t, r);
        int64_t id;
        /* a query waits for no lock: another session's uncommitted delete
         * still shows the row, its uncommitted insert does not */
        if (!life_own_row(db, rw->id, &id) || !visible(db, rw))
            continue;
        int w = life_where_holds(db, t, cond, fast, rw, id, regs);
        if (w == -2)
            return SIM_EINVAL;
        if (!w)
            continue;
        c->ids[c->n] = id;
        c->rows[c->n] = r;
        for (uint32_t k = 0; k < t->nlob; k++) {
            scr_val_t v = rw->lob[k] ? life_lob_at(db, rw->lob[k])->val : SCR_VAL_NULL;
            scr_value_ref(db->vs, v);
            c->vals[c->n * t->nlob + k] = v;
        }
        c->n++;
    }
    return SIM_OK;
}
