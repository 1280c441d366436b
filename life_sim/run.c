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
    life_keys_clear(t);
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
        }
        /* Then each version let go once (deduplicated rows share one). */
        for (uint64_t r = 0; r < n; r++) {
            uint32_t i = t->rows[r].lob[k];
            if (i && db->lobs[i].refs) {
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
        return rc == SIM_OK ? SIM_OK : life_oracle_error(db, st, t, rc);
    }
    /* In place: every LOB written again, as an update of it would. */
    for (uint64_t r = 0; r < t->nrows; r++) {
        life_row_t *rw = &t->rows[r];
        uint32_t old = rw->lob[k];
        if (!rw->alive || old == 0)
            continue;
        sim_err_t rc = life_lob_replace(db, st, t, r, k, db->lobs[old].val);
        if (rc != SIM_OK)
            return rc;
    }
    return life_commit(db);
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
        scr_row_t row = {0, 0, SCR_VAL_NULL, vars, NULL};
        for (uint32_t i = 0; i < b->nvars && rc == SIM_OK; i++)
            rc = life_eval(db, st, b->vars[i], &row, &vars[i]);
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
    rc = st->kind == SCR_INSERT   ? life_insert(db, st, vars)
         : st->kind == SCR_UPDATE ? life_update(db, st, vars)
                                  : life_delete(db, st);
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
    life_table_t *t = life_table_of(db, st);
    switch (st->kind) {
    case SCR_CREATE_TABLE:
        create_table(db, t, &db->s->tables[st->table]);
        return SIM_OK;
    case SCR_INSERT:
    case SCR_UPDATE:
    case SCR_DELETE:
        return run_dml(db, st, vars);
    case SCR_COMMIT:
        return life_commit_stmt(db);
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
                return life_oracle_error(db, st, t, rc);
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
            /* The options in force after the statement are the parser's
             * (a move's clause whole, a modify's merged: scr_lob_modify()). */
            scr_lob_opts_t before = t->seg[k].o;
            t->seg[k].o = st->u.lob;
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

/* One row of the step handed to fn, its total summed. */
static int hand(life_step_fn fn, void *arg, life_step_t *step)
{
    for (int p = 0; p < LIFE_PART_COUNT; p++)
        for (int s = 0; s < SIM_STAT_COUNT; s++)
            step->total.v[s] += step->part[p].v[s];
    return fn(arg, step) != 0;
}

/* The step's figures: the session's row (every part but the segments'),
 * then each segment of each table alive (that part alone), then a fresh
 * step.  A session statistic is the session's, whatever table the
 * statement named: it is counted in one row only. */
int life_report(life_db_t *db, const scr_stmt_t *st, life_step_fn fn, void *arg)
{
    life_step_t step;
    memset(&step, 0, sizeof step);
    step.step = st->step;
    step.stmt = st;
    step.clock = (double)db->clock_ms / 1000.0;
    memcpy(step.part, db->part, sizeof step.part);
    memset(&step.part[LIFE_PART_SEGMENT], 0, sizeof step.part[LIFE_PART_SEGMENT]);
    int stop = hand(fn, arg, &step);
    for (uint32_t ti = 0; ti < db->s->ntables && !stop; ti++) {
        life_table_t *t = &db->tables[ti];
        if (!t->exists)
            continue;
        for (int64_t k = -1; k < (int64_t)t->nlob && !stop; k++) {
            memset(&step.part, 0, sizeof step.part);
            memset(&step.total, 0, sizeof step.total);
            step.table = t->def->name;
            if (k < 0) {
                step.column = NULL;
                snprintf(step.segment, sizeof step.segment, "%s", t->def->name);
                life_table_figures(db, t, &step.part[LIFE_PART_SEGMENT]);
            } else {
                step.column = t->def->cols[t->lobcol[k]].name;
                life_seg_name(db, t, (uint32_t)k, step.segment, sizeof step.segment);
                life_lob_figures(db, t, (uint32_t)k, &step.part[LIFE_PART_SEGMENT]);
            }
            stop = hand(fn, arg, &step);
        }
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
            life_keys_clear(t);
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
    life_forget_konst(db);
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
