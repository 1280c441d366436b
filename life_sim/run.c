/*
 * run.c -- a script run statement by statement, and the figures of each
 * step.
 *
 * Each statement runs by stmt.c, a PL/SQL block by plsql.c's loop.  A
 * statement that fails as Oracle fails it (the segment cannot grow, a
 * value too long, a name the parser did not resolve) is undone and its
 * step carries the error; the run goes on, as SQL*Plus goes on, unless
 * WHENEVER SQLERROR EXIT (sql_error()).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "life_sim_int.h"

/* What the components counted themselves since the figures last took
 * it: the undo log (the step's undo part), each segment's dispenser and
 * writers (lob.c). */
static void take_components(life_db_t *db)
{
    const sim_stats_t *now = undo_stats(db->undo);
    for (int i = 0; i < SIM_STAT_COUNT; i++) {
        db->part[LIFE_PART_UNDO].v[i] += now->v[i] - db->undo_seen.v[i];
        db->undo_seen.v[i] = now->v[i];
    }
    for (uint32_t ti = 0; db->tables && ti < db->s->ntables; ti++)
        for (uint32_t k = 0; k < db->tables[ti].nseg; k++)
            life_seg_take(db, &db->tables[ti].seg[k]);
}

/* The step's session statistics into the session's (v$mystat). */
static void add_session(life_db_t *db)
{
    for (int p = 0; p < LIFE_PART_COUNT; p++)
        if (p != LIFE_PART_SEGMENT)
            for (int i = 0; i < SIM_STAT_COUNT; i++)
                db->session.v[i] += db->part[p].v[i];
}

/*
 * SET AUTOTRACE ON [STATISTICS]: after a query, an insert, an update or a
 * delete that Oracle did not refuse, SQL*Plus prints the statement's
 * statistics (SQL*Plus User's Guide and Reference, "Tracing Statements":
 * recursive calls, db block gets, consistent gets, physical reads, redo
 * size, the SQL*Net figures, sorts, rows processed), each a value in 11
 * characters, two blanks and its name.  The model counts two of them for
 * a statement; the others are left out, and the block says so.  A run of
 * sessions at once (life_sessions_run()) prints none.
 */
static sim_err_t autotrace(life_db_t *db, const scr_stmt_t *st)
{
    int dml = st->kind == SCR_INSERT || st->kind == SCR_UPDATE || st->kind == SCR_DELETE ||
              (st->kind == SCR_OBSERVE && st->u.observe.query != NULL);
    if (!dml || life_error(db) != NULL)
        return SIM_OK;
    take_components(db);
    static const struct {
        sim_stat_t stat;
        const char *name;
    } shown[] = {{SIM_STAT_DB_BLOCK_GETS, "db block gets"}, {SIM_STAT_REDO_SIZE, "redo size"}};
    char text[512];
    size_t n = (size_t)snprintf(text, sizeof text,
                                "\nStatistics\n"
                                "----------------------------------------------------------\n");
    for (size_t i = 0; i < sizeof shown / sizeof shown[0]; i++) {
        uint64_t v = 0;
        for (int p = 0; p < LIFE_PART_COUNT; p++)
            if (p != LIFE_PART_SEGMENT)
                v += db->part[p].v[shown[i].stat];
        n += (size_t)snprintf(text + n, sizeof text - n, "%11llu  %s\n", (unsigned long long)v,
                              shown[i].name);
    }
    n += (size_t)snprintf(text + n, sizeof text - n,
                          "(autotrace's other statistics are not counted by the model)\n");
    return life_print(db, text, n);
}

/* Sessions at once take a statement's figures into the session's own
 * (life_ses_figures_t, one a session): a statistic is added only where the
 * step counted something, so that a statement touches of the session's
 * statistics only the few it changed.  Adding every one, zeros too, read
 * and wrote 800 bytes a session a statement, which at 1,000 sessions are
 * out of the cache each time (issue 43: 20 % of a run's time). */
void life_take_figures(life_db_t *db, sim_stats_t *into)
{
    take_components(db);
    for (int i = 0; i < SIM_STAT_COUNT; i++) {
        uint64_t v = 0;
        for (int p = 0; p < LIFE_PART_COUNT; p++)
            if (p != LIFE_PART_SEGMENT)
                v += db->part[p].v[i];
        if (v) {
            into->v[i] += v;
            db->session.v[i] += v;
        }
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
    take_components(db);
    step.step = st->step - db->s->nsetup;
    step.stmt = st;
    step.error = life_error(db);
    step.hint = db->hint;
    step.output = db->outlen ? db->out : NULL;
    step.clock = (double)db->clock_ms / 1000.0;
    memcpy(step.part, db->part, sizeof step.part);
    memset(&step.part[LIFE_PART_SEGMENT], 0, sizeof step.part[LIFE_PART_SEGMENT]);
    int stop = hand(fn, arg, &step);
    for (uint32_t ti = 0; ti < db->s->ntables && !stop; ti++) {
        life_table_t *t = &db->tables[ti];
        if (!t->exists)
            continue;
        for (int64_t k = -1; k < (int64_t)t->nseg && !stop; k++) {
            /* a partitioned table's LOB segments are its live partitions' */
            int parted = t->def->part_by != SCR_PART_NONE;
            if (k >= 0 &&
                (!life_slot_used(t, (uint32_t)k) || (parted && k < LIFE_MAX_LOBCOLS) ||
                 (parted && !scr_part_live(t->def, (uint32_t)k / LIFE_MAX_LOBCOLS - 1, st->step))))
                continue;
            memset(&step.part, 0, sizeof step.part);
            memset(&step.total, 0, sizeof step.total);
            step.table = t->def->name;
            step.space = k >= 0 ? t->seg[k].space : NULL;
            if (k < 0) {
                step.column = NULL;
                snprintf(step.segment, sizeof step.segment, "%s", t->def->name);
                life_table_figures(db, t, &step.part[LIFE_PART_SEGMENT]);
            } else {
                step.column = t->def->cols[t->lobcol[k % LIFE_MAX_LOBCOLS]].name;
                life_seg_name(db, t, (uint32_t)k, step.segment, sizeof step.segment);
                life_lob_figures(db, t, (uint32_t)k, &step.part[LIFE_PART_SEGMENT]);
            }
            stop = hand(fn, arg, &step);
        }
    }
    add_session(db);
    memset(db->part, 0, sizeof db->part);
    return stop;
}

void life_close(life_db_t *db)
{
    if (db == NULL)
        return;
    for (uint32_t k = 0; k < db->nsusp; k++) {
        life_block_end(db, &db->susp[k]);
        sim_free(db->susp[k].tx);
        sim_free(db->susp[k].mark_sp);
    }
    sim_free(db->susp);
    if (db->tables)
        for (uint32_t ti = 0; ti < db->s->ntables; ti++) {
            life_table_t *t = &db->tables[ti];
            for (uint32_t k = 0; k < t->nseg; k++)
                if (life_slot_used(t, k))
                    life_seg_destroy(db, t, k);
            sim_free(t->seg);
            sim_paged_free(&t->rows);
            life_keys_clear(t);
            life_pk_index_drop(t);
        }
    sim_free(db->tables);
    if (db->bind_vals)
        for (uint32_t k = 0; k < db->s->nbinds; k++)
            scr_value_release(db->vs, db->bind_vals[k]);
    sim_free(db->bind_vals);
    sim_free(db->bind_nums);
    sim_free(db->bind_nulls);
    life_lobs_free(db);
    undo_destroy(db->undo);
    scr_values_destroy(db->vs);
    sim_free(db->zc);
    sim_free(db->zbuf_in);
    sim_free(db->zbuf_out);
    sim_free(db->out);
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
    sim_paged_init(&db->lobs, sizeof(life_lob_t), 12); /* 4,096 versions a page (288 KB) */
    db->msg = msg;
    db->msglen = msglen;
    db->undo_retention_s = p->undo_retention;
    db->exit_status = -1;
    sim_err_t rc = scr_values_create(&s->opts, &db->vs);
    if (rc == SIM_OK)
        rc = undo_create(&p->undo, &db->undo);
    if (rc == SIM_OK) {
        db->tables = sim_calloc(s->ntables ? s->ntables : 1, sizeof *db->tables);
        uint32_t nb = s->nbinds ? s->nbinds : 1;
        db->bind_vals = sim_calloc(nb, sizeof *db->bind_vals);
        db->bind_nums = sim_calloc(nb, sizeof *db->bind_nums);
        db->bind_nulls = sim_malloc(nb);
        if (db->tables == NULL || !db->bind_vals || !db->bind_nums || !db->bind_nulls)
            rc = SIM_ENOMEM;
        else
            memset(db->bind_nulls, 1, nb);
    }
    if (rc != SIM_OK) {
        life_close(db);
        return rc;
    }
    *out = db;
    return SIM_OK;
}

/*
 * After a statement's Oracle error, WHENEVER SQLERROR (SQL*Plus User's
 * Guide and Reference, WHENEVER SQLERROR): COMMIT or ROLLBACK the open
 * transaction (EXIT's default COMMIT, CONTINUE's NONE), and EXIT's status,
 * SQL.SQLCODE the error's number as a Unix exit status keeps it (modulo
 * 256).
 */
static sim_err_t sql_error(life_db_t *db, const scr_stmt_t *st)
{
    const scr_on_error_t *w = &st->on_error;
    sim_err_t rc = SIM_OK;
    if (w->tx == SCR_ON_ERR_COMMIT)
        rc = life_commit(db);
    else if (w->tx == SCR_ON_ERR_ROLLBACK)
        rc = life_rollback(db);
    if (w->exit)
        db->exit_status = w->sqlcode ? atoi(db->error + 4) % 256 : w->status;
    return rc;
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
    db->error[0] = '\0';
    db->hint = NULL;
    db->exit_status = -1;
    db->outlen = 0;
    sim_err_t rc = st->kind == SCR_BLOCK ? life_block_exec(db, st) : life_stmt_exec(db, st, NULL);
    life_forget_konst(db);
    life_seg_prealloc_tasks(db);
    if (life_oracle_failed(db, rc)) {
        life_take_error(db, db->error, sizeof db->error);
        rc = SIM_OK;
    }
    /* "triggered by SQL command or PL/SQL block errors, and not by SQL*Plus
     * command errors" (SQL*Plus Reference, WHENEVER SQLERROR): not SP2- */
    if (rc == SIM_OK && db->error[0] && strncmp(db->error, "SP2-", 4) != 0)
        rc = sql_error(db, st);
    return rc;
}

const char *life_error(const life_db_t *db)
{
    return db->error[0] ? db->error : NULL;
}

int life_exit_status(const life_db_t *db)
{
    return db->exit_status;
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
    if (session < db->nsusp)
        life_block_end(db, &db->susp[session]);
}

void life_set_yield(life_db_t *db, int on)
{
    db->yield_commits = on;
}

sim_err_t life_run_status(const scr_script_t *s, const life_params_t *p, life_step_fn fn, void *arg,
                          char *msg, size_t msglen, int *exit_status)
{
    char spare[256];
    if (msg == NULL)
        msg = spare, msglen = sizeof spare;
    if (exit_status)
        *exit_status = -1;
    life_db_t *db;
    sim_err_t rc = life_open(s, p, msg, msglen, &db);
    for (uint32_t i = 0; i < s->nstmts && rc == SIM_OK; i++) {
        const scr_stmt_t *st = &s->stmts[i];
        rc = life_exec(db, st, 0, 1);
        if (rc == SIM_OK && st->setup) {
            /* the setup declares the database: not reported, and it must
             * run as declared */
            sim_stats_t none = {0};
            life_take_figures(db, &none);
            if (life_error(db)) {
                snprintf(msg, msglen,
                         "%s:%u: %s (the setup script must run without error: it declares what "
                         "the script finds in the database)",
                         s->setup_file ? s->setup_file : s->file, st->line, life_error(db));
                rc = SIM_EINVAL;
            }
            continue;
        }
        if (rc == SIM_OK && st->autotrace)
            rc = autotrace(db, st);
        if (rc == SIM_OK && life_report(db, st, fn, arg)) {
            rc = SIM_EINVAL;
            break;
        }
        if (rc == SIM_OK && life_exit_status(db) >= 0) {
            if (exit_status)
                *exit_status = life_exit_status(db);
            break; /* WHENEVER SQLERROR EXIT */
        }
    }
    life_close(db);
    return rc;
}

sim_err_t life_run(const scr_script_t *s, const life_params_t *p, life_step_fn fn, void *arg,
                   char *msg, size_t msglen)
{
    return life_run_status(s, p, fn, arg, msg, msglen, NULL);
}
