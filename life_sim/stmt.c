/*
 * stmt.c -- one statement of a script, or of a PL/SQL block, run over the
 * model: DDL, DML under its savepoint, commit, rollback, sleep, settings.
 *
 * DML works row by row in row order (an insert's rows in rownum order, an
 * update or delete over the table's rows in the order they were inserted;
 * insert.c, dml.c).  DDL (create, truncate, drop, shrink, deallocate, move, modify,
 * add and drop column: columns.c) commits
 * first, as Oracle's DDL does.  The clock moves only with
 * dbms_session.sleep and dbms_lock.sleep: DML takes no simulated time.
 * A statement that fails as Oracle fails it is undone to its savepoint.
 * run.c calls it for a script's statements, plsql.c for a block's.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "life_sim_int.h"

/* Every LOB of the table dropped with its segment (truncate, drop). */
static void drop_storage(life_db_t *db, life_table_t *t)
{
    for (uint64_t r = 0; r < t->nrows; r++)
        life_vc_release_row(db, life_row_at(t, r));
    for (uint64_t r = 0; r < t->nrows; r++)
        for (uint32_t k = 0; k < t->nlob; k++) {
            uint32_t i = life_row_at(t, r)->lob[k];
            if (i && life_lob_at(db, i)->refs) {
                life_lob_at(db, i)->refs = 0;
                life_lob_at(db, i)->dedup = 0;
                life_lob_settle(db, t, life_slot(life_row_at(t, r), k), i);
            }
            life_row_at(t, r)->lob[k] = 0;
        }
    t->nrows = t->live_rows = 0;
    t->row_bytes = t->row_bytes_hwm = 0;
    life_keys_clear(t);
    life_pk_index_drop(t);
    for (uint32_t k = 0; k < t->nseg; k++)
        if (life_slot_used(t, k))
            life_seg_destroy(db, t, k);
}

/* Table t made (its LOB segments' slots: the column level's, and each
 * partition's with the options the parser decided for it). */
static sim_err_t create_table(life_db_t *db, life_table_t *t, const scr_table_t *def)
{
    memset(t, 0, sizeof *t);
    t->def = def;
    t->block_size = def->tablespace >= 0 ? db->s->tablespaces[def->tablespace].block_size
                                         : db->s->opts.block_size;
    t->nseg = LIFE_MAX_LOBCOLS * (def->part_by != SCR_PART_NONE ? 1 + def->nparts : 1);
    t->seg = sim_calloc(t->nseg, sizeof *t->seg);
    if (t->seg == NULL)
        return SIM_ENOMEM;
    t->exists = 1;
    for (uint32_t c = 0; c < def->ncols && t->nlob < LIFE_MAX_LOBCOLS; c++)
        if ((def->cols[c].type == SCR_COL_CLOB || def->cols[c].type == SCR_COL_BLOB) &&
            def->cols[c].added == 0) {
            t->lobcol[t->nlob] = (int)c;
            t->seg[t->nlob].o = def->cols[c].lob;
            for (uint32_t p = 0; def->part_by != SCR_PART_NONE && p < def->nparts; p++)
                t->seg[(p + 1) * LIFE_MAX_LOBCOLS + t->nlob].o = def->parts[p].lob[c];
            t->nlob++;
        }
    return SIM_OK;
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
            uint32_t i = life_row_at(t, r)->lob[k];
            vals[r] = i && life_row_at(t, r)->alive ? life_lob_at(db, i)->val : SCR_VAL_NULL;
            scr_value_ref(db->vs, vals[r]);
        }
        /* Then each version let go once (deduplicated rows share one). */
        for (uint64_t r = 0; r < n; r++) {
            uint32_t i = life_row_at(t, r)->lob[k];
            if (i && life_lob_at(db, i)->refs) {
                life_lob_at(db, i)->refs = 0;
                life_lob_at(db, i)->dedup = 0;
                life_lob_settle(db, t, k, i);
            }
            life_row_at(t, r)->lob[k] = 0;
        }
        life_seg_destroy(db, t, k);
        sim_err_t rc = SIM_OK;
        for (uint64_t r = 0; r < n; r++) {
            if (rc == SIM_OK && life_row_at(t, r)->alive)
                rc = life_lob_write(db, t, k, vals[r], &life_row_at(t, r)->lob[k]);
            /* the new segment's LOB index gets the version's entries */
            if (rc == SIM_OK && life_row_at(t, r)->lob[k])
                rc = life_lobindex_add(db, &t->seg[k], life_row_at(t, r)->lob[k]);
            scr_value_release(db->vs, vals[r]);
        }
        sim_free(vals);
        life_lobs_live_recount(db, t); /* the rows' new versions */
        if (rc == SIM_OK)
            rc = life_commit(db);
        return rc == SIM_OK ? SIM_OK : life_oracle_error(db, st, t, rc);
    }
    /* In place: every LOB written again, as an update of it would. */
    for (uint64_t r = 0; r < t->nrows; r++) {
        life_row_t *rw = life_row_at(t, r);
        uint32_t old = rw->lob[k];
        if (!rw->alive || old == 0)
            continue;
        sim_err_t rc = life_lob_replace(db, st, t, r, k, life_lob_at(db, old)->val);
        if (rc != SIM_OK)
            return rc;
    }
    return life_commit(db);
}

static int is_ddl(scr_kind_t k)
{
    return k == SCR_CREATE_TABLESPACE || k == SCR_CREATE_TABLE || k == SCR_TRUNCATE ||
           k == SCR_DROP_TABLE || k == SCR_SHRINK || k == SCR_MOVE_LOB || k == SCR_MODIFY_LOB ||
           k == SCR_ROW_MOVEMENT || k == SCR_DROP_TABLESPACE || k == SCR_PARTITION ||
           k == SCR_DEALLOCATE || k == SCR_ADD_COLUMN || k == SCR_DROP_COLUMN;
}

/* Whether rc is an error Oracle gives (its text in db->msg), not one of
 * the model's (out of memory). */
int life_oracle_failed(const life_db_t *db, sim_err_t rc)
{
    return rc == SIM_EINVAL && (strstr(db->msg, ": ORA-") || strstr(db->msg, ": PLS-"));
}

void life_take_error(life_db_t *db, char *out, size_t outlen)
{
    /* "FILE:LINE: ORA-...": the error as SQL*Plus prints it */
    const char *m = strstr(db->msg, ": ORA-");
    if (m == NULL)
        m = strstr(db->msg, ": PLS-");
    snprintf(out, outlen, "%s", m ? m + 2 : db->msg);
    db->msg[0] = '\0';
}

/* A DML statement under its savepoint: one that meets another session's
 * row lock is undone to it (db->blocked_by says whose lock). */
static sim_err_t run_dml(life_db_t *db, const scr_stmt_t *st, const scr_row_t *regs)
{
    sim_err_t rc = life_stmt_mark(db);
    if (rc != SIM_OK)
        return rc;
    int insert = st->kind == SCR_INSERT || st->kind == SCR_CREATE_TABLE;
    /* Rows over a database link come as experiment 1's remote path takes
     * them: conventionally, each LOB in pieces (link.c), whatever the
     * hint (docs/lob-insert.md: the APPEND insert from t1@loopback
     * searches for every piece). */
    int remote = insert && st->u.dml.link;
    db->direct = insert && st->u.dml.direct && !remote;
    if (remote)
        life_link_open(db);
    /* A direct-path insert holds one undo record, its own, as experiment
     * 1's does (dblink_sim/writer.c): its rows lie above the high-water
     * mark and write none (life_row_costs()). */
    /* An insert over a link holds one too, and its rows' LOB vectors ride
     * on it: experiment 1's remote insert counts them so
     * (dblink_sim/writer.c: a record for the statement, none a row). */
    if (remote)
        undo_record(db->undo);
    if (db->direct) {
        undo_record(db->undo);
        db->direct_gets_pm = 0;
        db->direct_extents = life_table_extent_count(db, life_table_of(db, st));
    }
    rc = insert                   ? life_insert(db, st, regs)
         : st->kind == SCR_UPDATE ? life_update(db, st, regs)
                                  : life_delete(db, st, regs);
    if (db->direct) {
        life_table_t *t = life_table_of(db, st);
        /* The loader formats the table's blocks above its high-water mark
         * an extent at a time; entering a new extent it reads the segment
         * header and the extent's space bitmap consistently, both carrying
         * this statement's change: each is cloned (experiment 1's rule and
         * parameter, row.t2_extent_cr: docs/lob-insert.md). */
        uint64_t entered = life_table_extent_count(db, t) - db->direct_extents;
        sim_stat_add(&db->part[LIFE_PART_ROW], SIM_STAT_CR_BLOCKS_CREATED,
                     entered * db->p.row.t2_extent_cr);
        /* Its allocation contexts give back what they did not use (the
         * space stays reusable). */
        life_seg_release(db, t);
    }
    db->direct = 0;
    if (remote)
        life_link_close(db);
    /* Met a lock, or refused by Oracle: undone to the savepoint. */
    if ((rc == SIM_OK && db->blocked_by) || life_oracle_failed(db, rc))
        life_stmt_undo(db);
    return rc;
}

sim_err_t life_stmt_exec(life_db_t *db, const scr_stmt_t *st, const scr_row_t *regs)
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
        rc = create_table(db, t, &db->s->tables[st->table]);
        if (rc != SIM_OK)
            return rc;
        /* SEGMENT CREATION IMMEDIATE: the segments now, not at the first
         * row (a partitioned table's: its partitions') */
        if (t->def->immediate) {
            t->has_segment = 1;
            for (uint32_t k = 0; k < t->nseg && rc == SIM_OK; k++)
                if (life_slot_used(t, k) &&
                    (t->def->part_by == SCR_PART_NONE) == (k < LIFE_MAX_LOBCOLS))
                    rc = life_seg_ensure(db, t, k);
        }
        /* create table ... as select: its rows, then the DDL's commit; an
         * error leaves no table (the statement is undone whole) */
        if (rc == SIM_OK && st->u.dml.values) {
            rc = run_dml(db, st, regs);
            if (rc == SIM_OK)
                rc = life_commit(db);
            else if (life_oracle_failed(db, rc)) {
                drop_storage(db, t);
                t->exists = 0;
            }
        }
        return rc;
    case SCR_INSERT:
    case SCR_UPDATE:
    case SCR_DELETE:
        return run_dml(db, st, regs);
    case SCR_COMMIT:
        return life_commit_stmt(db);
    case SCR_ROLLBACK:
        return life_rollback(db);
    case SCR_TRUNCATE: {
        int had = t->has_segment;
        uint8_t made[LIFE_MAX_LOBCOLS * 64] = {0}; /* a partition's segment made */
        for (uint32_t k = 0; k < t->nseg && k < sizeof made; k++)
            made[k] = t->seg[k].space != NULL;
        drop_storage(db, t);
        /* TRUNCATE keeps the segments, cut back to their first extent. */
        t->has_segment = had;
        for (uint32_t k = 0; k < t->nseg && rc == SIM_OK; k++)
            if (had && life_slot_used(t, k) &&
                (k < LIFE_MAX_LOBCOLS ? t->def->part_by == SCR_PART_NONE
                                      : k < sizeof made && made[k]))
                rc = life_seg_ensure(db, t, k);
        return rc;
    }
    case SCR_DROP_TABLE:
        drop_storage(db, t);
        t->exists = 0;
        return SIM_OK;
    case SCR_PARTITION:
        /* ADD PARTITION makes no segment (deferred); DROP takes its rows */
        return st->u.part.add ? life_commit_open(db) : life_part_drop(db, st);
    case SCR_SHRINK:
        for (uint32_t k = 0; k < t->nlob && rc == SIM_OK; k++) {
            if (st->column >= 0 && t->lobcol[k] != st->column)
                continue;
            life_seg_t *g = &t->seg[k];
            if (g->space == NULL)
                continue;
            lob_run_t **chunks;
            uint32_t *lob;
            size_t n;
            life_seg_quiesce(db, g);
            rc = life_seg_chunks(db, t, k, &chunks, &lob, &n);
            if (rc != SIM_OK)
                return rc;
            rc = lob_space_shrink(g->space, chunks, lob, n, &g->last_shrink);
            sim_free(chunks);
            sim_free(lob);
            if (rc != SIM_OK)
                return life_oracle_error(db, st, t, rc);
            g->shrunk = 1;
            sim_stat_add(&db->part[LIFE_PART_SPACE], SIM_STAT_SEG_EXTENTS,
                         g->last_shrink.extents_allocated);
            life_redo_arg_t xa = {.chunks = 0};
            life_redo_log(db, LIFE_REDO_EXTENT, &xa, g->last_shrink.extents_allocated);
        }
        return rc;
    case SCR_DEALLOCATE:
        /* The space above the segment's high-water mark goes back to the
         * tablespace (lobspace/dealloc.c); the dispenser's loaded chunk,
         * which no LOB has taken, is given back to the segment first, as
         * before a shrink. */
        for (uint32_t k = 0; k < t->nlob && rc == SIM_OK; k++) {
            lob_dealloc_t d;
            if (t->lobcol[k] != st->column || t->seg[k].space == NULL)
                continue;
            life_seg_quiesce(db, &t->seg[k]);
            rc = lob_space_deallocate(t->seg[k].space, st->u.dealloc.keep_given,
                                      st->u.dealloc.keep_bytes, &d);
        }
        return rc;
    case SCR_ADD_COLUMN:
        rc = life_columns_add(db, st, t); /* columns.c */
        return rc == SIM_OK ? SIM_OK : life_oracle_error(db, st, t, rc);
    case SCR_DROP_COLUMN:
        return life_columns_drop(db, st, t);
    case SCR_MOVE_LOB:
    case SCR_MODIFY_LOB:
        /* ALTER TABLE T MOVE: the rows packed into a new table segment,
         * as many blocks as they need now (table.c); its LOB segments
         * stay unless the statement names them.  The move's own redo and
         * undo are not counted. */
        if (st->move_table)
            t->row_bytes_hwm = t->row_bytes;
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
    case SCR_BLOCK: /* life_block_exec() runs it */
    case SCR_DROP_TABLESPACE:
        /* INCLUDING CONTENTS: the tables the parser dropped with it */
        for (uint32_t ti = 0; ti < db->s->ntables; ti++)
            if (db->s->tables[ti].dropped == st->step && db->tables[ti].exists) {
                drop_storage(db, &db->tables[ti]);
                db->tables[ti].exists = 0;
            }
        return SIM_OK;
    case SCR_FAILED:
        /* refused when parsed: Oracle's error, nothing done */
        snprintf(db->error, sizeof db->error, "%s", st->error);
        db->hint = st->hint;
        return SIM_OK;
    case SCR_NO_EFFECT:
        /* DDL, DBMS_STATS and CONNECT commit; nothing else happens */
        return st->u.head->commits ? life_commit_open(db) : SIM_OK;
    case SCR_OBSERVE: {
        /* a query: its answer from the model (views.c), or why not */
        char *answer = NULL;
        rc = life_query(db, st, &answer);
        if (answer) {
            sim_err_t prc = life_print(db, answer, strlen(answer));
            free(answer);
            if (rc == SIM_OK)
                rc = prc;
        }
        return rc;
    }
    case SCR_CREATE_TABLESPACE:
    case SCR_ROW_MOVEMENT:
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
        for (uint32_t k = 0; k < db->tables[ti].nseg; k++)
            if (db->tables[ti].seg[k].space)
                lob_space_advance(db->tables[ti].seg[k].space, db->clock_ms);
}

uint64_t life_clock_ms(const life_db_t *db)
{
    return db->clock_ms;
}

int life_stmt_shared(const scr_stmt_t *st)
{
    return is_ddl(st->kind) || st->kind == SCR_SET_PARAM || st->kind == SCR_OBSERVE ||
           st->kind == SCR_FAILED || st->kind == SCR_NO_EFFECT;
}
