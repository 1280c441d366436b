/*
 * dml.c -- insert, update and delete, row by row, for the running session:
 * which rows a statement takes (its own, seen, not locked by another
 * session), their LOB values, and what each row costs (undo, redo, block
 * changes).  run.c's executor calls it; it calls nothing of run.c.
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

/* Whether p is made of the fast forms only (literals over the id):
 * scr_pred_match() then answers without the row's values. */
static int fast_pred(const scr_pred_t *p)
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
        return fast_pred(p->l) && fast_pred(p->r);
    case SCR_P_NOT:
        return fast_pred(p->l);
    default:
        return 0;
    }
}

static void row_values(const life_db_t *db, const life_table_t *t, const life_row_t *r,
                       scr_val_t *cols);

/* Whether row rw satisfies the where clause w (1; 0 not; -2 an
 * expression failed, its line in db->msg), its id as the script wrote it. */
static int where_holds(life_db_t *db, const life_table_t *t, const scr_pred_t *w, int fast,
                       const life_row_t *rw, int64_t id, const scr_row_t *regs)
{
    if (fast)
        return scr_pred_match(w, id);
    scr_val_t cols[SCR_MAX_COLS];
    row_values(db, t, rw, cols);
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
    if (!own_row(db, rw->id, id) || !visible(db, rw))
        return 0;
    int w = where_holds(db, t, d->where, fast, rw, *id, regs);
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
static void row_values(const life_db_t *db, const life_table_t *t, const life_row_t *r,
                       scr_val_t *cols)
{
    memset(cols, 0, t->def->ncols * sizeof *cols);
    for (uint32_t k = 0; k < t->nlob; k++)
        cols[t->lobcol[k]] = r->lob[k] ? life_lob_at(db, r->lob[k])->val : SCR_VAL_NULL;
    life_vc_row_values(t, r, cols);
}

/* The statement's expression for column c: none for a column added after
 * the statement was parsed (alter table ... add). */
static const scr_expr_t *col_value(const scr_dml_t *d, int c)
{
    return (uint32_t)c < d->nvalues ? d->values[c] : NULL;
}

/* Each carried VARCHAR2 column the statement sets, in row r (varchar.c
 * stores it); an update's (update 1) under the transaction's log. */
static sim_err_t set_varchars(life_db_t *db, const scr_stmt_t *st, life_table_t *t, uint64_t r,
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

/* Whether id is taken in t's primary key: 1 with ORA-00001 in db->msg (a
 * row holds it: alive, or another session's uncommitted insert), or 1 with
 * db->blocked_by set when another session's open transaction inserted or
 * deleted it (the insert waits for its end, as Oracle's does); 0 when free. */
static int key_taken(life_db_t *db, const scr_stmt_t *st, life_table_t *t, int64_t id)
{
    uint64_t r;
    /* a key added by a later alter table: no uniqueness before it */
    if (st->step < t->def->pk_step || !life_key_get(t, id, &r))
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
    char what[SCR_NAME_MAX + 64], name[SCR_NAME_MAX + 1];
    life_pk_name(db, t, name, sizeof name);
    snprintf(what, sizeof what, "ORA-00001: unique constraint (%s) violated", name);
    life_raise(db, st->line, what);
    return 1;
}

/* Whether t's id column is its primary key. */
static int has_pk(const life_table_t *t)
{
    return t->def->id_col >= 0 && t->def->cols[t->def->id_col].primary_key;
}

/* Row `row`'s id by the parser's evaluator (scr_eval_int()); a table
 * without a NUMBER column, or a row whose id is null, is numbered by
 * rownum (*id_null 1).  An identity column's is given by row_store(). */
static int64_t row_id(const life_db_t *db, const life_table_t *t, const scr_dml_t *d,
                      const scr_row_t *row, int *id_null)
{
    int64_t id = row->rownum;
    *id_null = t->def->id_col >= 0 && d->values[t->def->id_col] == NULL;
    if (t->def->id_col >= 0 && d->values[t->def->id_col] &&
        (*id_null = scr_eval_int(db->vs, d->values[t->def->id_col], row, &id)) != 0)
        id = row->rownum;
    return id;
}

/* A new row of t with id `id` in segment group `part`, stored and logged:
 * its key taken and its key's index entry made; its number in *r. */
static sim_err_t row_store(life_db_t *db, life_table_t *t, int64_t id, uint16_t part, uint64_t *out)
{
    int pk = has_pk(t);
    uint64_t r;
    sim_err_t rc = life_row_add(db, t, db->id_base + id, &r);
    if (rc == SIM_OK && pk)
        rc = life_key_set(t, db->id_base + id, r);
    if (rc != SIM_OK)
        return rc;
    life_row_at(t, r)->part = part;
    rc = life_tx_log(db, (life_tx_t){(uint32_t)(t - db->tables), r, 0xff, LIFE_TX_INSERT, 0, 0});
    /* its key's index entry once the insert is logged: a rollback of a
     * failure after it finds the row's entry or none (pk_pos) */
    if (rc == SIM_OK && pk)
        rc = life_pk_index_add(t, r);
    if (rc != SIM_OK)
        return rc;
    db->last_row = r;
    *out = r;
    return SIM_OK;
}

/* A new row's bytes in its table segment: a direct-path insert appends
 * its rows after the table's existing data, so free space in it is not
 * reused (SQL Language Reference, INSERT, "Conventional and Direct-Path
 * INSERT"); a conventional one reuses it. */
static void row_laid(life_db_t *db, life_table_t *t, uint64_t bytes, uint64_t n)
{
    if (db->direct)
        t->row_bytes_hwm += n * bytes;
    life_rows_grow(t, 0, n * bytes);
}

static sim_err_t insert_row(life_db_t *db, const scr_stmt_t *st, const scr_dml_t *d,
                            life_table_t *t, const scr_row_t *row)
{
    int id_null;
    int64_t id = row_id(db, t, d, row, &id_null);
    /* an identity id column: its next value when the row brings none (or,
     * ON NULL, a null); 1, 2, 3, ... */
    const scr_column_t *ic = t->def->id_col >= 0 ? &t->def->cols[t->def->id_col] : NULL;
    if (ic && ic->identity &&
        (d->values[t->def->id_col] == NULL || (ic->identity == 3 && id_null))) {
        id = ++t->identity_last;
        id_null = 0;
    }
    uint16_t part;
    sim_err_t prc = life_part_route(db, st, t, id, id_null != 0, &part);
    if (prc != SIM_OK)
        return prc;
    if (has_pk(t) && key_taken(db, st, t, db->id_base + id))
        return db->blocked_by ? SIM_OK : SIM_EINVAL;
    uint64_t r;
    sim_err_t rc = row_store(db, t, id, part, &r);
    if (rc != SIM_OK)
        return rc;
    /* The row's LOB segments are made with it, whatever its LOBs hold:
     * deferred segment creation makes "segments for tables and their
     * dependent objects (LOBs, indexes)" at the first row (Database
     * Reference, DEFERRED_SEGMENT_CREATION), not at the first LOB stored
     * out of line; a partition's with its first row. */
    for (uint32_t k = 0; k < t->nlob && rc == SIM_OK; k++)
        rc = life_seg_ensure(db, t, life_slot(life_row_at(t, r), k));
    if (rc != SIM_OK)
        return rc;
    for (uint32_t k = 0; k < t->nlob; k++) {
        scr_val_t v;
        rc = life_eval(db, st, col_value(d, t->lobcol[k]), row, &v);
        if (rc != SIM_OK)
            return rc;
        uint32_t lob, s = life_slot(life_row_at(t, r), k); /* its partition's segment */
        rc = life_lob_write(db, t, s, v, &lob);
        scr_value_release(db->vs, v);
        if (rc != SIM_OK)
            return life_oracle_error(db, st, t, rc);
        life_row_set_lob(db, t, life_row_at(t, r), k, lob);
        rc = life_lob_written(db, &t->seg[s], lob, 1);
        if (rc != SIM_OK)
            return rc;
    }
    rc = set_varchars(db, st, t, r, row, 0);
    if (rc != SIM_OK)
        return rc;
    uint64_t bytes = life_row_bytes(db, t, life_row_at(t, r));
    row_laid(db, t, bytes, 1);
    life_row_costs(db, LIFE_REDO_ROW_INSERT, bytes, t->def->ncols, 1);
    return SIM_OK;
}

/* ---- alike rows, inserted at once ------------------------------------ */

/* Rows of a multi-row insert taken at once (at most this many). */
#define ALIKE_MAX 1024

/* The next rows of a multi-row insert that count alike (insert_alike()):
 * their ids, and the one LOB value they all write (a reference held). */
typedef struct {
    int64_t ids[ALIKE_MAX];
    scr_val_t v;
} alike_t;

/* Whether source row r of `from` is one the statement takes (1; its id as
 * the script wrote it in *id), passes by (0), or failed (-2): a row that
 * lives, the running session's, not another session's uncommitted
 * insert, and that the where clause takes. */
static int source_takes(life_db_t *db, const scr_dml_t *d, const life_table_t *from, uint64_t r,
                        int fast, const scr_row_t *regs, int64_t *id)
{
    const life_row_t *rw = life_row_at(from, r);
    if (!rw->alive || !own_row(db, rw->id, id) || (rw->fresh && life_row_locked(db, rw)))
        return 0;
    return where_holds(db, from, d->where, fast, rw, *id, regs);
}

/* Whether t's rows from this statement may be alike: one LOB column, no
 * partition to route a row to, no identity to give, no VARCHAR2 column a
 * row sets. */
static int alike_table(const scr_dml_t *d, const life_table_t *t)
{
    if (t->nlob != 1 || t->def->part_by != SCR_PART_NONE ||
        (t->def->id_col >= 0 && t->def->cols[t->def->id_col].identity))
        return 0;
    for (uint32_t c = 0; c < t->def->ncols; c++)
        if (life_vc_slot(t->def, c) >= 0 && col_value(d, c) != NULL)
            return 0;
    return 1;
}

/* Row `row`'s id into a->ids[j] when it is a new key that row_store() can
 * take with nothing to check: no row holds it, and it is greater than the
 * run's one before (1); else 0, and the run ends before it. */
static int alike_id(const life_db_t *db, const life_table_t *t, const scr_dml_t *d,
                    const scr_row_t *row, alike_t *a, uint64_t j)
{
    int id_null;
    int64_t id = row_id(db, t, d, row, &id_null);
    uint64_t held;
    if (id_null)
        return 0;
    if (has_pk(t) && ((j > 0 && id <= a->ids[j - 1]) || life_key_get(t, db->id_base + id, &held)))
        return 0;
    a->ids[j] = id;
    return 1;
}

/* A run of m alike rows, or none (0) when m < 2: a->v let go. */
static uint64_t alike_run(life_db_t *db, alike_t *a, uint64_t m)
{
    if (m < 2) {
        scr_value_release(db->vs, a->v);
        return 0;
    }
    return m;
}

/* How many of the next `left` rows of `insert ... select ... connect by`,
 * the first of them `row`, are alike: its LOB value is the statement's
 * own, each row's version of it one chunk of the space at hand
 * (life_lob_alike()), each id a new key.  0: the next row goes alone. */
static uint64_t generated_alike(life_db_t *db, const scr_stmt_t *st, const scr_dml_t *d,
                                life_table_t *t, const scr_row_t *first, uint64_t left, alike_t *a)
{
    const scr_expr_t *e = left > 1 && alike_table(d, t) ? col_value(d, t->lobcol[0]) : NULL;
    if (e == NULL || e->row_dependent || life_eval(db, st, e, first, &a->v) != SIM_OK)
        return 0;
    uint64_t m = life_lob_alike(db, t, 0, a->v, left < ALIKE_MAX ? left : ALIKE_MAX);
    scr_row_t row = *first;
    for (uint64_t j = 0; j < m; j++) {
        row.rownum = first->rownum + (int64_t)j;
        row.id = row.rownum;
        if (!alike_id(db, t, d, &row, a, j))
            m = j;
    }
    return alike_run(db, a, m);
}

/* How many of the source rows from r on (of the n the statement sees) are
 * alike, the first of them taken as `first` (its rownum and id set): each
 * taken, its LOB the same value in as many blocks (read alike), the
 * statement's LOB expression that value itself, each row's new version
 * one chunk of the space at hand, each id a new key.  0: row r goes
 * alone. */
static uint64_t selected_alike(life_db_t *db, const scr_stmt_t *st, const scr_dml_t *d,
                               life_table_t *t, const life_table_t *from, uint64_t r, uint64_t n,
                               int fast, const scr_row_t *regs, const scr_row_t *first, alike_t *a)
{
    const scr_expr_t *e = col_value(d, t->lobcol[0]);
    const life_row_t *r0 = life_row_at(from, r);
    if (d->source != SCR_SRC_TABLE || from->nlob != 1 || r0->lob[0] == 0 || e == NULL ||
        e->kind != SCR_E_COLUMN || !alike_table(d, t))
        return 0;
    const life_lob_t *l0 = life_lob_at(db, r0->lob[0]);
    scr_val_t cols[SCR_MAX_COLS];
    scr_row_t row = *first;
    row_values(db, from, r0, cols);
    row.cols = cols;
    if (life_eval(db, st, e, &row, &a->v) != SIM_OK)
        return 0;
    uint64_t left = n - r;
    if (d->rownum_max >= 0 && (uint64_t)(d->rownum_max - first->rownum) + 1 < left)
        left = (uint64_t)(d->rownum_max - first->rownum) + 1;
    uint64_t m = a->v != l0->val || l0->inrow
                     ? 0
                     : life_lob_alike(db, t, 0, a->v, left < ALIKE_MAX ? left : ALIKE_MAX);
    for (uint64_t j = 0; j < m; j++) {
        const life_row_t *rw = life_row_at(from, r + j);
        const life_lob_t *l = rw->lob[0] ? life_lob_at(db, rw->lob[0]) : NULL;
        if (j > 0 && (l == NULL || l->val != l0->val || l->inrow ||
                      life_lob_blocks(l) != life_lob_blocks(l0) ||
                      source_takes(db, d, from, r + j, fast, regs, &row.id) != 1)) {
            m = j;
            break;
        }
        row.rownum = first->rownum + (int64_t)j;
        row_values(db, from, rw, cols);
        if (!alike_id(db, t, d, &row, a, j))
            m = j;
    }
    return alike_run(db, a, m);
}

/* m alike rows (generated_alike(), selected_alike()): stored, their LOB
 * versions written at once, and each charged what the one before it
 * was, those of one size at once. */
static sim_err_t insert_alike(life_db_t *db, const scr_stmt_t *st, life_table_t *t, alike_t *a,
                              uint64_t m)
{
    uint32_t lobs[ALIKE_MAX];
    uint64_t r0 = t->nrows, r;
    sim_err_t rc = SIM_OK;
    for (uint64_t j = 0; j < m && rc == SIM_OK; j++)
        rc = row_store(db, t, a->ids[j], 0, &r);
    if (rc == SIM_OK) {
        rc = life_lob_write_alike(db, t, 0, a->v, m, lobs);
        if (rc != SIM_OK)
            rc = life_oracle_error(db, st, t, rc);
    }
    scr_value_release(db->vs, a->v);
    if (rc != SIM_OK)
        return rc;
    for (uint64_t j = 0; j < m; j++)
        life_row_set_lob(db, t, life_row_at(t, r0 + j), 0, lobs[j]);
    rc = life_lob_written(db, &t->seg[0], lobs[0], m);
    for (uint64_t j = 0, k; j < m && rc == SIM_OK; j = k) {
        uint64_t bytes = life_row_bytes(db, t, life_row_at(t, r0 + j));
        for (k = j + 1; k < m && life_row_bytes(db, t, life_row_at(t, r0 + k)) == bytes; k++)
            ;
        row_laid(db, t, bytes, k - j);
        life_row_costs(db, LIFE_REDO_ROW_INSERT, bytes, t->def->ncols, k - j);
    }
    return rc;
}

/* A multi-row insert's room for its n rows' keys, up to a million: the
 * keys' table is then sized once, not grown on the way. */
static sim_err_t reserve_keys(life_table_t *t, uint64_t n)
{
    int pk = has_pk(t);
    return pk && n > 1 ? life_key_reserve(t, n < 1000000 ? n : 1000000) : SIM_OK;
}

sim_err_t life_insert(life_db_t *db, const scr_stmt_t *st, const scr_row_t *regs)
{
    const scr_dml_t *d = &st->u.dml;
    life_table_t *t = life_table_of(db, st);
    scr_val_t cols[SCR_MAX_COLS];
    scr_row_t row = regs ? *regs : (scr_row_t){0};
    row.cols = NULL;
    alike_t a;
    sim_err_t rc = SIM_OK;
    switch (d->source) {
    case SCR_SRC_VALUES:
        row.rownum = 1;
        row.id = 1;
        return insert_row(db, st, d, t, &row);
    case SCR_SRC_GENERATE:
        rc = reserve_keys(t, d->count);
        /* a row lock met undoes the statement (run_dml()): it runs again
         * whole */
        for (uint64_t i = 0, m; i < d->count && rc == SIM_OK; i += m) {
            row.rownum = d->first + (int64_t)i;
            row.id = row.rownum;
            m = generated_alike(db, st, d, t, &row, d->count - i, &a);
            rc = m ? insert_alike(db, st, t, &a, m) : insert_row(db, st, d, t, &row);
            m += m == 0;
            if (rc == SIM_OK && db->blocked_by)
                return SIM_OK;
        }
        return rc;
    case SCR_SRC_SELF:
    case SCR_SRC_TABLE: {
        /* The rows the statement sees when it starts (a self-insert does
         * not read its own new rows), those `where` takes; each LOB is
         * written again in t's segment (script/from.c). */
        const life_table_t *from = &db->tables[d->from];
        uint64_t n = from->nrows;
        int64_t rownum = 0;
        int fast = fast_pred(d->where);
        rc = reserve_keys(t, n);
        for (uint64_t r = 0; r < n && rc == SIM_OK; r++) {
            int w = source_takes(db, d, from, r, fast, regs, &row.id);
            if (w == -2)
                return SIM_EINVAL;
            if (w == 0)
                continue; /* a source row the statement does not take */
            if (d->rownum_max >= 0 && rownum >= d->rownum_max)
                break;
            row.rownum = ++rownum;
            uint64_t m = selected_alike(db, st, d, t, from, r, n, fast, regs, &row, &a);
            if (m) {
                if (d->link)
                    life_link_row(db, from, life_row_at(from, r), m);
                else
                    life_source_read(db, from, life_row_at(from, r), m);
                rc = insert_alike(db, st, t, &a, m);
                rownum += (int64_t)m - 1;
                r += m - 1;
                continue;
            }
            if (d->link)
                life_link_row(db, from, life_row_at(from, r), 1);
            else
                life_source_read(db, from, life_row_at(from, r), 1);
            row_values(db, from, life_row_at(from, r), cols);
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
    sc->fast = fast_pred(d->where);
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
        row_values(db, t, rw, cols);
        scr_row_t row = regs ? *regs : (scr_row_t){0};
        row.rownum = sc.matched;
        row.id = id;
        row.cols = cols;
        uint64_t changed = 0, changed_bytes = 0;
        for (uint32_t k = 0; k < t->nlob; k++) {
            const scr_expr_t *e = col_value(d, t->lobcol[k]);
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
        sim_err_t rc = set_varchars(db, st, t, r, &row, 1);
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
    int fast = fast_pred(cond);
    for (uint64_t r = from; r < to; r++) {
        const life_row_t *rw = life_row_at(t, r);
        int64_t id;
        /* a query waits for no lock: another session's uncommitted delete
         * still shows the row, its uncommitted insert does not */
        if (!own_row(db, rw->id, &id) || !visible(db, rw))
            continue;
        int w = where_holds(db, t, cond, fast, rw, id, regs);
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
