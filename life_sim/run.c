/*
 * run.c -- a script run statement by statement: the executor, and the
 * figures of each step.
 *
 * DML works row by row in row order (an insert's rows in rownum order, an
 * update or delete over the table's rows in the order they were inserted).
 * DDL (create, truncate, drop, shrink, move, modify) commits first, as
 * Oracle's DDL does.  The clock moves only with dbms_session.sleep and
 * dbms_lock.sleep: DML takes no simulated time.  A statement that fails
 * (the segment cannot grow) ends the run with Oracle's error.
 */
#include <stdio.h>
#include <string.h>

#include "life_sim_int.h"

static int64_t number_of(const scr_expr_t *e, const scr_row_t *row)
{
    if (e == NULL)
        return 0;
    switch (e->kind) {
    case SCR_E_NUMBER:
        return e->num;
    case SCR_E_ROWNUM:
        return row->rownum;
    case SCR_E_ID:
        return row->id;
    case SCR_E_ADD:
        return number_of(e->args[0], row) + number_of(e->args[1], row);
    case SCR_E_SUB:
        return number_of(e->args[0], row) - number_of(e->args[1], row);
    case SCR_E_MUL:
        return number_of(e->args[0], row) * number_of(e->args[1], row);
    default:
        return row->rownum;
    }
}

static life_table_t *table_of(life_db_t *db, const scr_stmt_t *st)
{
    return st->table >= 0 ? &db->tables[st->table] : NULL;
}

static sim_err_t fail(life_db_t *db, const scr_stmt_t *st, const char *what)
{
    snprintf(db->msg, db->msglen, "%s:%u: %s", db->s->file, st->line, what);
    return SIM_EINVAL;
}

/* A failure of the model as Oracle would report it. */
static sim_err_t oracle_error(life_db_t *db, const scr_stmt_t *st, life_table_t *t, sim_err_t rc)
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
static sim_err_t commit(life_db_t *db)
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

static void grow_rows(life_table_t *t, uint64_t before, uint64_t after)
{
    t->row_bytes = t->row_bytes - before + after;
    if (t->row_bytes > t->row_bytes_hwm)
        t->row_bytes_hwm = t->row_bytes;
}

/* Evaluate a LOB column's value for a row.  A value that depends on no
 * row is evaluated once per statement (db->konst): the statement's rows
 * share it. */
static sim_err_t eval(life_db_t *db, const scr_stmt_t *st, const scr_expr_t *e,
                      const scr_row_t *row, scr_val_t *out)
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
static void forget_konst(life_db_t *db)
{
    for (uint32_t i = 0; i < db->nkonst; i++)
        scr_value_release(db->vs, db->konst[i]);
    db->nkonst = 0;
}

static sim_err_t insert_row(life_db_t *db, const scr_stmt_t *st, const scr_dml_t *d,
                            life_table_t *t, const scr_row_t *row)
{
    int64_t id = row->rownum;
    if (t->def->id_col >= 0 && d->values[t->def->id_col])
        id = number_of(d->values[t->def->id_col], row);
    uint64_t r;
    sim_err_t rc = life_row_add(db, t, db->id_base + id, &r);
    if (rc != SIM_OK)
        return rc;
    rc = life_tx_log(db, (life_tx_t){(uint32_t)(t - db->tables), r, 0xff, LIFE_TX_INSERT, 0, 0});
    if (rc != SIM_OK)
        return rc;
    for (uint32_t k = 0; k < t->nlob; k++) {
        scr_val_t v;
        rc = eval(db, st, d->values[t->lobcol[k]], row, &v);
        if (rc != SIM_OK)
            return rc;
        uint32_t lob;
        rc = life_lob_write(db, t, k, v, &lob);
        scr_value_release(db->vs, v);
        if (rc != SIM_OK)
            return oracle_error(db, st, t, rc);
        t->rows[r].lob[k] = lob;
    }
    uint64_t bytes = life_row_bytes(db, t, &t->rows[r]);
    grow_rows(t, 0, bytes);
    row_costs(db, bytes);
    return SIM_OK;
}

static sim_err_t run_insert(life_db_t *db, const scr_stmt_t *st, const scr_val_t *vars)
{
    const scr_dml_t *d = &st->u.dml;
    life_table_t *t = table_of(db, st);
    scr_row_t row = {0, 0, SCR_VAL_NULL, vars};
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
            /* `commit;` after the insert in the loop's body: with sessions,
             * the block stops there until the session's next transaction. */
            if (rc == SIM_OK && d->commit_every) {
                rc = commit(db);
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
            if (!t->rows[r].alive || !own_row(db, t->rows[r].id, &row.id) ||
                (t->rows[r].fresh && life_row_locked(db, &t->rows[r])))
                continue;
            row.rownum = ++rownum;
            uint32_t cur = t->nlob ? t->rows[r].lob[0] : 0;
            row.current = cur ? db->lobs[cur].val : SCR_VAL_NULL;
            rc = insert_row(db, st, d, t, &row);
        }
        return rc;
    }
    }
    return SIM_OK;
}

static sim_err_t run_update(life_db_t *db, const scr_stmt_t *st, const scr_val_t *vars)
{
    const scr_dml_t *d = &st->u.dml;
    life_table_t *t = table_of(db, st);
    uint64_t n = t->nrows;
    int64_t matched = 0;
    for (uint64_t r = 0; r < n; r++) {
        life_row_t *rw = &t->rows[r];
        int64_t id;
        int take = take_row(db, d, rw, &id);
        if (take < 0)
            return SIM_OK;
        if (!take)
            continue;
        if (d->rownum_max >= 0 && matched >= d->rownum_max)
            break;
        matched++;
        uint64_t before = life_row_bytes(db, t, rw);
        for (uint32_t k = 0; k < t->nlob; k++) {
            const scr_expr_t *e = d->values[t->lobcol[k]];
            if (e == NULL)
                continue;
            uint32_t old = rw->lob[k];
            scr_row_t row = {matched, id, old ? db->lobs[old].val : SCR_VAL_NULL, vars};
            scr_val_t v;
            sim_err_t rc = eval(db, st, e, &row, &v);
            if (rc != SIM_OK)
                return rc;
            uint32_t lob;
            rc = life_lob_write(db, t, k, v, &lob);
            scr_value_release(db->vs, v);
            if (rc != SIM_OK)
                return oracle_error(db, st, t, rc);
            rw = &t->rows[r];
            rw->lob[k] = lob;
            rc = life_tx_log(
                db, (life_tx_t){(uint32_t)(t - db->tables), r, (uint8_t)k, LIFE_TX_LOB, old, lob});
            if (rc != SIM_OK)
                return rc;
            rc = life_lob_unref(db, t, k, old);
            if (rc != SIM_OK)
                return rc;
        }
        uint64_t after = life_row_bytes(db, t, rw);
        grow_rows(t, before, after);
        row_costs(db, after);
    }
    return SIM_OK;
}

static sim_err_t run_delete(life_db_t *db, const scr_stmt_t *st)
{
    const scr_dml_t *d = &st->u.dml;
    life_table_t *t = table_of(db, st);
    int64_t matched = 0;
    for (uint64_t r = 0; r < t->nrows; r++) {
        life_row_t *rw = &t->rows[r];
        int64_t id;
        int take = take_row(db, d, rw, &id);
        if (take < 0)
            return SIM_OK;
        if (!take)
            continue;
        if (d->rownum_max >= 0 && matched >= d->rownum_max)
            break;
        matched++;
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

/* Every LOB of the table dropped with its segment (truncate, drop). */
static void drop_storage(life_db_t *db, life_table_t *t)
{
    for (uint64_t r = 0; r < t->nrows; r++)
        for (uint32_t k = 0; k < t->nlob; k++) {
            uint32_t i = t->rows[r].lob[k];
            if (i && db->lobs[i].refs) {
                db->lobs[i].refs = 0;
                db->lobs[i].dedup = 0;
                life_lob_settle(db, t, k, i);
            }
            t->rows[r].lob[k] = 0;
        }
    t->nrows = t->live_rows = 0;
    t->row_bytes = t->row_bytes_hwm = 0;
    for (uint32_t k = 0; k < t->nlob; k++)
        life_seg_destroy(db, t, k);
}

static void create_table(life_db_t *db, life_table_t *t, const scr_table_t *def)
{
    memset(t, 0, sizeof *t);
    t->def = def;
    t->exists = 1;
    t->block_size = def->tablespace >= 0 ? db->s->tablespaces[def->tablespace].block_size
                                         : db->s->opts.block_size;
    for (uint32_t c = 0; c < def->ncols && t->nlob < LIFE_MAX_LOBCOLS; c++)
        if (def->cols[c].type == SCR_COL_CLOB || def->cols[c].type == SCR_COL_BLOB) {
            t->lobcol[t->nlob] = (int)c;
            t->seg[t->nlob].o = def->cols[c].lob;
            t->nlob++;
        }
}

/* Rewrite every LOB of column k with the column's (new) options: move lob
 * into a new segment, or modify lob (compress, deduplicate) in place. */
static sim_err_t rewrite_lobs(life_db_t *db, const scr_stmt_t *st, life_table_t *t, uint32_t k,
                              int new_segment)
{
    if (new_segment && t->seg[k].space) {
        /* The moved LOBs go to a new segment; the old one is dropped. */
        uint64_t n = t->nrows;
        scr_val_t *vals = sim_calloc(n ? n : 1, sizeof *vals);
        if (vals == NULL)
            return SIM_ENOMEM;
        for (uint64_t r = 0; r < n; r++) {
            uint32_t i = t->rows[r].lob[k];
            vals[r] = i && t->rows[r].alive ? db->lobs[i].val : SCR_VAL_NULL;
            scr_value_ref(db->vs, vals[r]);
            if (i) {
                db->lobs[i].refs = 0;
                db->lobs[i].dedup = 0;
                life_lob_settle(db, t, k, i);
            }
            t->rows[r].lob[k] = 0;
        }
        life_seg_destroy(db, t, k);
        sim_err_t rc = SIM_OK;
        for (uint64_t r = 0; r < n; r++) {
            if (rc == SIM_OK && t->rows[r].alive)
                rc = life_lob_write(db, t, k, vals[r], &t->rows[r].lob[k]);
            scr_value_release(db->vs, vals[r]);
        }
        sim_free(vals);
        if (rc == SIM_OK)
            rc = life_commit(db);
        return rc == SIM_OK ? SIM_OK : oracle_error(db, st, t, rc);
    }
    /* In place: every LOB written again, as an update of it would. */
    for (uint64_t r = 0; r < t->nrows; r++) {
        life_row_t *rw = &t->rows[r];
        uint32_t old = rw->lob[k];
        if (!rw->alive || old == 0)
            continue;
        uint32_t lob;
        sim_err_t rc = life_lob_write(db, t, k, db->lobs[old].val, &lob);
        if (rc != SIM_OK)
            return oracle_error(db, st, t, rc);
        rw = &t->rows[r];
        rw->lob[k] = lob;
        rc = life_tx_log(
            db, (life_tx_t){(uint32_t)(t - db->tables), r, (uint8_t)k, LIFE_TX_LOB, old, lob});
        if (rc == SIM_OK)
            rc = life_lob_unref(db, t, k, old);
        if (rc != SIM_OK)
            return rc;
    }
    return life_commit(db);
}

/* Options a modify or move names, over the column's. */
static void merge_opts(scr_lob_opts_t *to, const scr_lob_opts_t *from)
{
    uint32_t g = from->given;
    if (g & SCR_GIVEN_CACHE)
        to->cache = from->cache;
    if (g & SCR_GIVEN_LOGGING)
        to->logging = from->logging;
    if (g & SCR_GIVEN_RETENTION) {
        to->retention = from->retention;
        to->retention_min = from->retention_min;
    }
    if (g & SCR_GIVEN_DEDUP)
        to->deduplicate = from->deduplicate;
    if (g & SCR_GIVEN_COMPRESS)
        to->compress = from->compress;
    if (g & SCR_GIVEN_IN_ROW)
        to->in_row = from->in_row;
    if (g & SCR_GIVEN_MAXSIZE)
        to->maxsize = from->maxsize;
    to->given |= g;
}

static int is_ddl(scr_kind_t k)
{
    return k == SCR_CREATE_TABLESPACE || k == SCR_CREATE_TABLE || k == SCR_TRUNCATE ||
           k == SCR_DROP_TABLE || k == SCR_SHRINK || k == SCR_MOVE_LOB || k == SCR_MODIFY_LOB ||
           k == SCR_ROW_MOVEMENT;
}

static sim_err_t run_stmt(life_db_t *db, const scr_stmt_t *st, const scr_val_t *vars);

/* A block's variables released, and whatever a stopped block kept. */
static void end_block(life_db_t *db, const scr_block_t *b, scr_val_t *vars)
{
    for (uint32_t i = 0; i < b->nvars; i++)
        scr_value_release(db->vs, vars[i]);
    sim_free(vars);
    db->cur->block = NULL;
    db->cur->vars = NULL;
    db->cur->stmt = 0;
    db->cur->row = 0;
}

/* Whether a session's turn ends after statement st: at a commit, and at a
 * sleep between transactions, so that the clock has moved when it goes on.
 * A sleep inside a transaction keeps the turn. */
static int ends_turn(const life_db_t *db, const scr_stmt_t *st)
{
    return st->kind == SCR_COMMIT || (st->kind == SCR_SLEEP && db->cur->ntx == 0);
}

/* A PL/SQL block: its variables, then its statements.  With yield_commits
 * (sessions at once) it stops where a turn ends (ends_turn()), keeping
 * where it was, and the next life_exec() of the same statement goes on
 * from there. */
static sim_err_t run_block(life_db_t *db, const scr_stmt_t *st)
{
    const scr_block_t *b = &st->u.block;
    sim_err_t rc = SIM_OK;
    scr_val_t *vars = db->cur->block == st ? db->cur->vars : NULL;
    uint32_t from = 0;
    if (vars) {
        from = db->cur->stmt;
    } else {
        vars = sim_calloc(b->nvars ? b->nvars : 1, sizeof *vars);
        if (vars == NULL)
            return SIM_ENOMEM;
        scr_row_t row = {0, 0, SCR_VAL_NULL, vars};
        for (uint32_t i = 0; i < b->nvars && rc == SIM_OK; i++)
            rc = eval(db, st, b->vars[i], &row, &vars[i]);
        db->cur->commits = 0;
        db->cur->row = 0;
    }
    db->in_block = 1;
    for (uint32_t i = from; i < b->nstmts && rc == SIM_OK; i++) {
        rc = run_stmt(db, &b->stmts[i], vars);
        /* A statement that met another session's row lock was undone: the
         * block stops before it, and runs it again when it goes on. */
        if (rc == SIM_OK && db->blocked_by)
            db->suspended = 1;
        if (rc == SIM_OK && !db->suspended && db->yield_commits && ends_turn(db, &b->stmts[i]) &&
            i + 1 < b->nstmts) {
            db->suspended = 1;
            db->cur->row = 0;
            i++;
        }
        if (rc == SIM_OK && db->suspended) {
            db->in_block = 0;
            db->cur->block = st;
            db->cur->vars = vars;
            db->cur->stmt = i;
            return SIM_OK;
        }
    }
    db->in_block = 0;
    /* The block returns once its commits' redo is on disk. */
    if (rc == SIM_OK && db->cur->commits)
        life_op(db, LIFE_OP_COMMIT, 0, 0, 0);
    end_block(db, b, vars);
    return rc;
}

/* A DML statement under its savepoint: one that meets another session's
 * row lock is undone to it (db->blocked_by says whose lock). */
static sim_err_t run_dml(life_db_t *db, const scr_stmt_t *st, const scr_val_t *vars)
{
    sim_err_t rc = life_stmt_mark(db);
    if (rc != SIM_OK)
        return rc;
    rc = st->kind == SCR_INSERT   ? run_insert(db, st, vars)
         : st->kind == SCR_UPDATE ? run_update(db, st, vars)
                                  : run_delete(db, st);
    if (rc == SIM_OK && db->blocked_by)
        life_stmt_undo(db);
    return rc;
}

static sim_err_t run_stmt(life_db_t *db, const scr_stmt_t *st, const scr_val_t *vars)
{
    sim_err_t rc = SIM_OK;
    if (is_ddl(st->kind)) {
        rc = life_commit_open(db);
        if (rc != SIM_OK)
            return rc;
    }
    life_table_t *t = table_of(db, st);
    switch (st->kind) {
    case SCR_CREATE_TABLE:
        create_table(db, t, &db->s->tables[st->table]);
        return SIM_OK;
    case SCR_INSERT:
    case SCR_UPDATE:
    case SCR_DELETE:
        return run_dml(db, st, vars);
    case SCR_COMMIT:
        return commit(db);
    case SCR_ROLLBACK:
        return life_rollback(db);
    case SCR_TRUNCATE: {
        int had = t->has_segment;
        drop_storage(db, t);
        /* TRUNCATE keeps the segments, cut back to their first extent. */
        t->has_segment = had;
        for (uint32_t k = 0; k < t->nlob && rc == SIM_OK; k++)
            if (had)
                rc = life_seg_ensure(db, t, k);
        return rc;
    }
    case SCR_DROP_TABLE:
        drop_storage(db, t);
        t->exists = 0;
        return SIM_OK;
    case SCR_SHRINK:
        for (uint32_t k = 0; k < t->nlob && rc == SIM_OK; k++) {
            if (st->column >= 0 && t->lobcol[k] != st->column)
                continue;
            life_seg_t *g = &t->seg[k];
            if (g->space == NULL)
                continue;
            lob_run_t **chunks;
            size_t n;
            rc = life_seg_chunks(db, t, k, &chunks, &n);
            if (rc != SIM_OK)
                return rc;
            rc = lob_space_shrink(g->space, chunks, n, &g->last_shrink);
            sim_free(chunks);
            if (rc != SIM_OK)
                return oracle_error(db, st, t, rc);
            g->shrunk = 1;
            sim_stat_add(&db->part[LIFE_PART_SPACE], SIM_STAT_SEG_EXTENTS,
                         g->last_shrink.extents_allocated);
        }
        return rc;
    case SCR_MOVE_LOB:
    case SCR_MODIFY_LOB:
        for (uint32_t k = 0; k < t->nlob && rc == SIM_OK; k++) {
            if (t->lobcol[k] != st->column)
                continue;
            scr_lob_opts_t before = t->seg[k].o;
            merge_opts(&t->seg[k].o, &st->u.lob);
            int rewrite = st->kind == SCR_MOVE_LOB || before.compress != t->seg[k].o.compress ||
                          before.deduplicate != t->seg[k].o.deduplicate;
            if (rewrite)
                rc = rewrite_lobs(db, st, t, k, st->kind == SCR_MOVE_LOB);
        }
        return rc;
    case SCR_SLEEP: {
        uint64_t ms = (uint64_t)(st->u.sleep_seconds * 1000.0 + 0.5);
        /* Traced (sessions at once), the sleep is the tracer's to spend:
         * it keeps the clock (life_advance()). */
        if (db->trace)
            life_op(db, LIFE_OP_SLEEP, 0, 0, ms);
        else
            life_advance(db, db->clock_ms + ms);
        return SIM_OK;
    }
    case SCR_SET_PARAM:
        if (strcmp(st->u.param.name, "UNDO_RETENTION") == 0 && st->u.param.num >= 0)
            db->undo_retention_s = (uint64_t)st->u.param.num;
        return SIM_OK;
    case SCR_BLOCK:
        return run_block(db, st);
    case SCR_CREATE_TABLESPACE:
    case SCR_ROW_MOVEMENT:
    case SCR_OBSERVE:
    case SCR_KIND_COUNT:
        return SIM_OK;
    }
    return SIM_OK;
}

void life_advance(life_db_t *db, uint64_t ms)
{
    if (ms <= db->clock_ms)
        return;
    db->clock_ms = ms;
    for (uint32_t ti = 0; ti < db->s->ntables; ti++)
        for (uint32_t k = 0; k < db->tables[ti].nlob; k++)
            if (db->tables[ti].seg[k].space)
                lob_space_advance(db->tables[ti].seg[k].space, db->clock_ms);
}

uint64_t life_clock_ms(const life_db_t *db)
{
    return db->clock_ms;
}

int life_stmt_shared(const scr_stmt_t *st)
{
    return is_ddl(st->kind) || st->kind == SCR_SET_PARAM || st->kind == SCR_OBSERVE;
}

void life_take_figures(life_db_t *db, sim_stats_t *into)
{
    for (int p = 0; p < LIFE_PART_COUNT; p++) {
        if (p != LIFE_PART_SEGMENT)
            for (int i = 0; i < SIM_STAT_COUNT; i++)
                into->v[i] += db->part[p].v[i];
    }
    memset(db->part, 0, sizeof db->part);
}

/* The step's figures for each table alive, then a fresh step. */
int life_report(life_db_t *db, const scr_stmt_t *st, life_step_fn fn, void *arg)
{
    int stop = 0;
    for (uint32_t ti = 0; ti < db->s->ntables && !stop; ti++) {
        life_table_t *t = &db->tables[ti];
        if (!t->exists)
            continue;
        life_step_t step;
        memset(&step, 0, sizeof step);
        step.step = st->step;
        step.stmt = st;
        step.table = t->def->name;
        step.clock = (double)db->clock_ms / 1000.0;
        /* A statement on one table counts under it; one that names none
         * (commit, sleep) under every table. */
        if (st->table < 0 || (uint32_t)st->table == ti)
            memcpy(step.part, db->part, sizeof step.part);
        life_table_figures(db, t, &step.part[LIFE_PART_SEGMENT]);
        for (int p = 0; p < LIFE_PART_COUNT; p++)
            for (int s = 0; s < SIM_STAT_COUNT; s++)
                step.total.v[s] += step.part[p].v[s];
        stop = fn(arg, &step) != 0;
    }
    memset(db->part, 0, sizeof db->part);
    return stop;
}

void life_close(life_db_t *db)
{
    if (db == NULL)
        return;
    for (uint32_t k = 0; k < db->nsusp; k++) {
        if (db->susp[k].block) {
            db->cur = &db->susp[k];
            end_block(db, &db->cur->block->u.block, db->cur->vars);
        }
        sim_free(db->susp[k].tx);
        sim_free(db->susp[k].mark_sp);
    }
    sim_free(db->susp);
    if (db->tables)
        for (uint32_t ti = 0; ti < db->s->ntables; ti++) {
            life_table_t *t = &db->tables[ti];
            for (uint32_t k = 0; k < t->nlob; k++)
                life_seg_destroy(db, t, k);
            sim_free(t->rows);
        }
    sim_free(db->tables);
    life_lobs_free(db);
    undo_destroy(db->undo);
    scr_values_destroy(db->vs);
    sim_free(db->zc);
    sim_free(db->zbuf_in);
    sim_free(db->zbuf_out);
    sim_free(db);
}

sim_err_t life_open(const scr_script_t *s, const life_params_t *p, char *msg, size_t msglen,
                    life_db_t **out)
{
    *out = NULL;
    msg[0] = '\0';
    if (life_params_check(p, msg, msglen) != SIM_OK)
        return SIM_EINVAL;
    life_db_t *db = sim_calloc(1, sizeof *db);
    if (db == NULL)
        return SIM_ENOMEM;
    db->s = s;
    db->p = *p;
    db->msg = msg;
    db->msglen = msglen;
    db->undo_retention_s = p->undo_retention;
    sim_err_t rc = scr_values_create(&s->opts, &db->vs);
    if (rc == SIM_OK)
        rc = undo_create(&p->undo, &db->undo);
    if (rc == SIM_OK) {
        db->tables = sim_calloc(s->ntables ? s->ntables : 1, sizeof *db->tables);
        if (db->tables == NULL)
            rc = SIM_ENOMEM;
    }
    if (rc != SIM_OK) {
        life_close(db);
        return rc;
    }
    *out = db;
    return SIM_OK;
}

sim_err_t life_exec(life_db_t *db, const scr_stmt_t *st, uint32_t session, uint32_t sessions)
{
    if (session >= db->nsusp) {
        uint32_t n = session + 1 > 2 * db->nsusp ? session + 1 : 2 * db->nsusp;
        life_susp_t *v = sim_realloc(db->susp, n * sizeof *v);
        if (v == NULL)
            return SIM_ENOMEM;
        memset(v + db->nsusp, 0, (n - db->nsusp) * sizeof *v);
        db->susp = v;
        db->nsusp = n;
    }
    db->cur = &db->susp[session];
    db->sid = session;
    /* `-- lobsim rows: shared`: the rows are every session's. */
    int own = sessions > 1 && !st->shared_rows;
    db->id_base = own ? (int64_t)session * LIFE_SESSION_IDS : 0;
    db->id_span = own ? LIFE_SESSION_IDS : 0;
    db->suspended = 0;
    db->blocked_by = 0;
    sim_err_t rc = run_stmt(db, st, NULL);
    forget_konst(db);
    if (rc != SIM_OK && db->cur->block)
        end_block(db, &db->cur->block->u.block, db->cur->vars);
    return rc;
}

int life_stopped(const life_db_t *db)
{
    return db->suspended;
}

int life_in_transaction(const life_db_t *db)
{
    return db->cur && db->cur->ntx > 0;
}

void life_cancel(life_db_t *db, uint32_t session)
{
    if (session < db->nsusp && db->susp[session].block) {
        db->cur = &db->susp[session];
        end_block(db, &db->cur->block->u.block, db->cur->vars);
    }
}

void life_set_yield(life_db_t *db, int on)
{
    db->yield_commits = on;
}

sim_err_t life_run(const scr_script_t *s, const life_params_t *p, life_step_fn fn, void *arg,
                   char *msg, size_t msglen)
{
    char spare[256];
    if (msg == NULL)
        msg = spare, msglen = sizeof spare;
    life_db_t *db;
    sim_err_t rc = life_open(s, p, msg, msglen, &db);
    for (uint32_t i = 0; i < s->nstmts && rc == SIM_OK; i++) {
        const scr_stmt_t *st = &s->stmts[i];
        rc = life_exec(db, st, 0, 1);
        if (rc == SIM_OK && life_report(db, st, fn, arg)) {
            rc = SIM_EINVAL;
            break;
        }
    }
    life_close(db);
    return rc;
}
