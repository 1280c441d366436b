/*
 * insert.c -- an insert's rows, for the running session: each row's id, its
 * key (ORA-00001, or another session's lock to wait for), its row, its LOB
 * versions and what it costs; a multi-row insert's rows from `connect by`
 * or another table (over a link too), alike rows n at once.  run.c's
 * executor calls life_insert(); it uses dml.c's row predicates and values.
 */
#include <stdio.h>
#include <string.h>

#include "life_sim_int.h"

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
        rc = life_eval(db, st, life_col_value(d, t->lobcol[k]), row, &v);
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
    rc = life_set_varchars(db, st, t, r, row, 0);
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
    if (!rw->alive || !life_own_row(db, rw->id, id) || (rw->fresh && life_row_locked(db, rw)))
        return 0;
    return life_where_holds(db, from, d->where, fast, rw, *id, regs);
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
        if (life_vc_slot(t->def, c) >= 0 && life_col_value(d, c) != NULL)
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
 * own, each row's version of it written in the space at hand
 * (life_lob_alike()), each id a new key.  0: the next row goes alone. */
static uint64_t generated_alike(life_db_t *db, const scr_stmt_t *st, const scr_dml_t *d,
                                life_table_t *t, const scr_row_t *first, uint64_t left, alike_t *a)
{
    const scr_expr_t *e = left > 1 && alike_table(d, t) ? life_col_value(d, t->lobcol[0]) : NULL;
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
 * written in the space at hand, each id a new key.  0: row r goes
 * alone. */
static uint64_t selected_alike(life_db_t *db, const scr_stmt_t *st, const scr_dml_t *d,
                               life_table_t *t, const life_table_t *from, uint64_t r, uint64_t n,
                               int fast, const scr_row_t *regs, const scr_row_t *first, alike_t *a)
{
    const scr_expr_t *e = life_col_value(d, t->lobcol[0]);
    const life_row_t *r0 = life_row_at(from, r);
    if (d->source != SCR_SRC_TABLE || from->nlob != 1 || r0->lob[0] == 0 || e == NULL ||
        e->kind != SCR_E_COLUMN || !alike_table(d, t))
        return 0;
    const life_lob_t *l0 = life_lob_at(db, r0->lob[0]);
    scr_val_t cols[SCR_MAX_COLS];
    scr_row_t row = *first;
    life_row_values(db, from, r0, cols);
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
        life_row_values(db, from, rw, cols);
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
    uint32_t lobs[ALIKE_MAX] = {0}; /* a version not made stays null, never a stale one */
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
        int fast = life_fast_pred(d->where);
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
            life_row_values(db, from, life_row_at(from, r), cols);
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
