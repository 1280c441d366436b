/*
 * record.c -- writing runs: res_record_run() stores one lobbench run with
 * its sessions, figures and repetition samples, and res_load_reference()
 * stores the reference CSV (parsed by reference.c) as a run of source
 * 'oracle'.  Each is one res_write_tx(), so a failure leaves nothing.
 *
 *   state change                      function
 *   + run, sessions, figures, parts,  res_record_run() -> record_body()
 *     samples, snapshots, wait events   (events.c: the wait events)
 *   + reference run (once per digest) res_load_reference() -> reference_body()
 *   workloads <- the handle's list    both, res_write_workloads() first
 */
#include "results_int.h"

#include <assert.h>

#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

/* A cap, so that a wrong file (a database, a log) is refused, not read whole. */
#define REF_MAX_BYTES (16u << 20)

#define TIME_FMT "'%Y-%m-%dT%H:%M:%SZ'"

void res_run_defaults(res_run_t *r)
{
    assert(r != NULL);
    memset(r, 0, sizeof *r);
    r->git_dirty = -1;
    r->completed = 1;
}

/* One figure of a session: RES_INSERT_STAT prepared, then insert_stat(). */

static int insert_stat(sqlite3_stmt *ins_stat, sqlite3_int64 sid, sim_stat_t k, sqlite3_int64 value)
{
    sqlite3_bind_int64(ins_stat, 1, sid);
    sqlite3_bind_int(ins_stat, 2, sim_stat_info(k)->number);
    sqlite3_bind_int64(ins_stat, 3, value);
    return res_step_done(ins_stat);
}

typedef struct {
    const res_run_t *run;
    const res_session_t *sessions;
    size_t n;
    int64_t run_id;
} record_args_t;

static sim_err_t insert_run(res_store_t *s, const res_run_t *r, int64_t *run_id)
{
    sqlite3_stmt *st;
    int rc =
        res_prepare(s->db,
                    "INSERT INTO runs (source, started, finished, git_commit, git_dirty, host,\n"
                    "  compiler, build_type, command_line, params, seed, completed, script_file,\n"
                    "  script_digest)\n"
                    "VALUES ('lobsim', strftime(" TIME_FMT ", ?1, 'unixepoch'),\n"
                    "  strftime(" TIME_FMT ", ?2, 'unixepoch'), ?3, ?4, ?5, ?6, ?7, ?8, ?9,\n"
                    "  ?10, ?11, ?12, ?13)",
                    &st);
    if (rc == SQLITE_OK) {
        if (r->started)
            sqlite3_bind_int64(st, 1, r->started);
        sqlite3_bind_int64(st, 2, r->finished ? r->finished : (int64_t)time(NULL));
        res_bind_text(st, 3, r->git_commit);
        if (r->git_dirty == 0 || r->git_dirty == 1)
            sqlite3_bind_int(st, 4, r->git_dirty);
        res_bind_text(st, 5, r->host);
        res_bind_text(st, 6, r->compiler);
        res_bind_text(st, 7, r->build_type);
        res_bind_text(st, 8, r->command_line);
        res_bind_text(st, 9, r->params);
        sqlite3_bind_int64(st, 10, res_seed_to_db(r->seed));
        sqlite3_bind_int(st, 11, r->completed ? 1 : 0);
        res_bind_text(st, 12, r->script_file);
        res_bind_text(st, 13, r->script_digest);
        rc = res_step_done(st);
    }
    sqlite3_finalize(st);
    if (rc != SQLITE_OK)
        return res_db_fail(s, rc, "cannot record run");
    *run_id = sqlite3_last_insert_rowid(s->db);
    return SIM_OK;
}

/* Checked while inserting, not before: the transaction makes the difference
 * invisible, and a failure half-way is exactly what it must undo. */
static sim_err_t check_session(res_store_t *s, size_t i, const res_session_t *ss)
{
    if (!res_name_ok(ss->path))
        return res_store_err(s, SIM_EINVAL,
                             "cannot record run: session %zu: path '%s'; expected 1 to %d "
                             "characters from a-z, 0-9 and _ (e.g. local, dblink)",
                             i + 1, ss->path ? ss->path : "(null)", RES_NAME_MAX);
    if (!res_name_ok(ss->workload))
        return res_store_err(s, SIM_EINVAL,
                             "cannot record run: session %zu: unknown workload '%s'; expected 1 to "
                             "%d characters from a-z, 0-9 and _ (e.g. insert, scan)",
                             i + 1, ss->workload ? ss->workload : "(null)", RES_NAME_MAX);
    const char *why =
        ss->ses_count || ss->ses_sid
            ? res_ses_problem(ss)
            : res_step_problem(ss->step, ss->statement, ss->table, ss->segment, ss->lob_chars);
    if (why)
        return res_store_err(s, SIM_EINVAL, "cannot record run: session %zu (%s): %s", i + 1,
                             ss->path, why);
    /* A step's segment row holds its segment's figures alone: a session
     * statistic there would be counted again by a sum over the step. */
    for (int k = 0; ss->step && ss->table && k < SIM_STAT_COUNT; k++)
        if (ss->stats.v[k] && !sim_stat_per_segment((sim_stat_t)k))
            return res_store_err(s, SIM_EINVAL,
                                 "cannot record run: session %zu (step %" PRIu32
                                 ", %s): '%s' is the session's, not a segment's: it belongs in "
                                 "the step's row without a table",
                                 i + 1, ss->step, ss->table, sim_stat_info((sim_stat_t)k)->name);
    if (ss->lob_chars > INT64_MAX || ss->rows > INT64_MAX)
        return res_store_err(s, SIM_EINVAL,
                             "cannot record run: session %zu (%s): LOB size %" PRIu64
                             " chars or rows %" PRIu64 " outside 1..%" PRId64,
                             i + 1, ss->path, ss->lob_chars, ss->rows, INT64_MAX);
    if (ss->timed && ss->timing.iterations > INT64_MAX)
        return res_store_err(
            s, SIM_EINVAL, "cannot record run: session %zu: iterations %" PRIu64 " above %" PRId64,
            i + 1, ss->timing.iterations, INT64_MAX);
    const res_timing_t *t = &ss->timing;
    if (ss->timed && t->nsamples > 0) {
        if (t->nsamples > t->repetitions)
            return res_store_err(s, SIM_EINVAL,
                                 "cannot record run: session %zu: %" PRIu32
                                 " repetition samples but %" PRIu32 " repetitions",
                                 i + 1, t->nsamples, t->repetitions);
        if (!t->real_samples_ns || !t->cpu_samples_ns)
            return res_store_err(s, SIM_EINVAL,
                                 "cannot record run: session %zu: %" PRIu32
                                 " repetition samples but no sample array",
                                 i + 1, t->nsamples);
        for (uint32_t r = 0; r < t->nsamples; r++)
            if (!(isfinite(t->real_samples_ns[r]) && t->real_samples_ns[r] >= 0 &&
                  isfinite(t->cpu_samples_ns[r]) && t->cpu_samples_ns[r] >= 0))
                return res_store_err(s, SIM_EINVAL,
                                     "cannot record run: session %zu: repetition %" PRIu32
                                     " has time %g ns real, %g ns CPU; expected finite and >= 0",
                                     i + 1, r, t->real_samples_ns[r], t->cpu_samples_ns[r]);
    }
    if (ss->nparts > RES_MAX_PARTS || (ss->nparts && !ss->parts))
        return res_store_err(s, SIM_EINVAL,
                             "cannot record run: session %zu: %zu parts (at most %d, with their "
                             "array)",
                             i + 1, ss->nparts, RES_MAX_PARTS);
    for (size_t p = 0; p < ss->nparts; p++) {
        const res_part_t *pt = &ss->parts[p];
        if (!res_name_ok(pt->name))
            return res_store_err(s, SIM_EINVAL,
                                 "cannot record run: session %zu: part '%s'; expected 1 to %d "
                                 "characters from a-z, 0-9 and _ (e.g. recursive)",
                                 i + 1, pt->name ? pt->name : "(null)", RES_NAME_MAX);
        for (size_t q = 0; q < p; q++)
            if (strcmp(ss->parts[q].name, pt->name) == 0)
                return res_store_err(s, SIM_EINVAL,
                                     "cannot record run: session %zu: part '%s' given twice", i + 1,
                                     pt->name);
        for (int k = 0; k < SIM_STAT_COUNT; k++)
            if (pt->stats.v[k] > ss->stats.v[k])
                return res_store_err(s, SIM_EINVAL,
                                     "cannot record run: session %zu: part '%s' of '%s' is %" PRIu64
                                     ", more than the session's %" PRIu64,
                                     i + 1, pt->name, sim_stat_info((sim_stat_t)k)->name,
                                     pt->stats.v[k], ss->stats.v[k]);
    }
    sim_err_t err = res_check_events(s, i, ss);
    if (err != SIM_OK)
        return err;
    if (ss->nsnaps && (!ss->snaps || (!ss->snap_rows && !ss->snap_seconds)))
        return res_store_err(s, SIM_EINVAL,
                             "cannot record run: session %zu: %" PRIu32
                             " snapshots without their arrays",
                             i + 1, ss->nsnaps);
    for (int k = 0; ss->nsnaps && k < SIM_STAT_COUNT; k++) {
        uint64_t sum = 0;
        for (uint32_t n = 0; n < ss->nsnaps; n++)
            sum += ss->snaps[n].v[k];
        if (sum != ss->stats.v[k])
            return res_store_err(s, SIM_EINVAL,
                                 "cannot record run: session %zu: its snapshots of '%s' add up to "
                                 "%" PRIu64 ", not the session's %" PRIu64,
                                 i + 1, sim_stat_info((sim_stat_t)k)->name, sum, ss->stats.v[k]);
    }
    for (int k = 0; k < SIM_STAT_COUNT; k++)
        if (ss->stats.v[k] > INT64_MAX)
            return res_store_err(s, SIM_EINVAL,
                                 "cannot record run: session %zu (%s, %" PRIu64
                                 " chars): '%s' = %" PRIu64 " does not fit the store (max %" PRId64
                                 ")",
                                 i + 1, ss->path, ss->lob_chars, sim_stat_info((sim_stat_t)k)->name,
                                 ss->stats.v[k], INT64_MAX);
    return SIM_OK;
}

/* Every figure of session sid's snapshots. */
static int insert_snaps(sqlite3_stmt *ins, sqlite3_int64 sid, const res_session_t *ss)
{
    int rc = SQLITE_OK;
    for (uint32_t n = 0; rc == SQLITE_OK && n < ss->nsnaps; n++)
        for (int k = 0; rc == SQLITE_OK && k < SIM_STAT_COUNT; k++) {
            sqlite3_bind_int64(ins, 1, sid);
            sqlite3_bind_int64(ins, 2, (sqlite3_int64)n + 1);
            if (ss->snap_rows)
                sqlite3_bind_int64(ins, 3, (sqlite3_int64)ss->snap_rows[n]);
            else
                sqlite3_bind_null(ins, 3); /* intervals of time: rows not known */
            sqlite3_bind_int(ins, 4, sim_stat_info((sim_stat_t)k)->number);
            sqlite3_bind_int64(ins, 5, (sqlite3_int64)ss->snaps[n].v[k]);
            if (ss->snap_seconds)
                sqlite3_bind_double(ins, 6, ss->snap_seconds[n]);
            else
                sqlite3_bind_null(ins, 6); /* intervals of rows, not of time */
            rc = res_step_done(ins);
        }
    return rc;
}

/* Every figure of session sid's parts. */
static int insert_parts(sqlite3_stmt *ins_part, sqlite3_int64 sid, const res_session_t *ss)
{
    int rc = SQLITE_OK;
    for (size_t p = 0; rc == SQLITE_OK && p < ss->nparts; p++)
        for (int k = 0; rc == SQLITE_OK && k < SIM_STAT_COUNT; k++) {
            sqlite3_bind_int64(ins_part, 1, sid);
            sqlite3_bind_text(ins_part, 2, ss->parts[p].name, -1, SQLITE_STATIC);
            sqlite3_bind_int(ins_part, 3, sim_stat_info((sim_stat_t)k)->number);
            sqlite3_bind_int64(ins_part, 4, (sqlite3_int64)ss->parts[p].stats.v[k]);
            rc = res_step_done(ins_part);
        }
    return rc;
}

static sim_err_t record_body(res_store_t *s, void *arg)
{
    record_args_t *a = arg;
    sqlite3_stmt *ins_sess = NULL, *ins_stat = NULL, *ins_time = NULL, *ins_part = NULL,
                 *ins_snap = NULL;
    sim_err_t err = res_write_workloads(s);
    if (err == SIM_OK)
        err = insert_run(s, a->run, &a->run_id);
    if (err != SIM_OK)
        return err;
    int rc =
        res_prepare(s->db,
                    "INSERT INTO sessions (run, path, lob_chars, block_size, rows, piece_size,\n"
                    "  seed, params, iterations, real_time_ns, cpu_time_ns, repetitions,\n"
                    "  workload, step, statement, table_name, ses_count, ses_sid, segment_name)\n"
                    "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15,\n"
                    "  ?16, ?17, ?18, ?19)",
                    &ins_sess);
    if (rc == SQLITE_OK)
        rc = res_prepare(s->db, RES_INSERT_STAT, &ins_stat);
    if (rc == SQLITE_OK)
        rc =
            res_prepare(s->db,
                        "INSERT INTO session_timings (sid, repetition, real_time_ns, cpu_time_ns)\n"
                        "VALUES (?1, ?2, ?3, ?4)",
                        &ins_time);
    if (rc == SQLITE_OK)
        rc = res_prepare(s->db, RES_INSERT_PART, &ins_part);
    if (rc == SQLITE_OK)
        rc = res_prepare(s->db, RES_INSERT_SNAP, &ins_snap);
    for (size_t i = 0; rc == SQLITE_OK && err == SIM_OK && i < a->n; i++) {
        const res_session_t *ss = &a->sessions[i];
        if ((err = check_session(s, i, ss)) != SIM_OK)
            break;
        sqlite3_bind_int64(ins_sess, 1, a->run_id);
        sqlite3_bind_text(ins_sess, 2, ss->path, -1, SQLITE_STATIC);
        if (ss->lob_chars)
            sqlite3_bind_int64(ins_sess, 3, (sqlite3_int64)ss->lob_chars);
        else
            sqlite3_bind_null(ins_sess, 3);
        sqlite3_bind_int64(ins_sess, 4, ss->block_size);
        sqlite3_bind_int64(ins_sess, 5, (sqlite3_int64)ss->rows);
        if (ss->piece_size)
            sqlite3_bind_int64(ins_sess, 6, ss->piece_size);
        else
            sqlite3_bind_null(ins_sess, 6);
        sqlite3_bind_int64(ins_sess, 7, res_seed_to_db(ss->seed));
        res_bind_text(ins_sess, 8, ss->params);
        sqlite3_bind_text(ins_sess, 13, ss->workload, -1, SQLITE_STATIC);
        if (ss->step)
            sqlite3_bind_int64(ins_sess, 14, ss->step);
        else
            sqlite3_bind_null(ins_sess, 14);
        res_bind_text(ins_sess, 15, ss->statement);
        res_bind_text(ins_sess, 16, ss->table);
        res_bind_text(ins_sess, 19, ss->segment);
        if (ss->ses_count) {
            sqlite3_bind_int64(ins_sess, 17, ss->ses_count);
            sqlite3_bind_int64(ins_sess, 18, ss->ses_sid);
        } else {
            sqlite3_bind_null(ins_sess, 17);
            sqlite3_bind_null(ins_sess, 18);
        }
        for (int k = 9; k <= 12; k++)
            sqlite3_bind_null(ins_sess, k);
        if (ss->timed) {
            sqlite3_bind_int64(ins_sess, 9, (sqlite3_int64)ss->timing.iterations);
            sqlite3_bind_double(ins_sess, 10, ss->timing.real_time_ns);
            sqlite3_bind_double(ins_sess, 11, ss->timing.cpu_time_ns);
            sqlite3_bind_int64(ins_sess, 12, ss->timing.repetitions);
        }
        rc = res_step_done(ins_sess);
        sqlite3_int64 sid = sqlite3_last_insert_rowid(s->db);
        for (int k = 0; rc == SQLITE_OK && k < SIM_STAT_COUNT; k++) {
            rc = insert_stat(ins_stat, sid, (sim_stat_t)k, (sqlite3_int64)ss->stats.v[k]);
        }
        if (rc == SQLITE_OK)
            rc = insert_parts(ins_part, sid, ss);
        if (rc == SQLITE_OK)
            rc = insert_snaps(ins_snap, sid, ss);
        if (rc == SQLITE_OK)
            rc = res_insert_events(s->db, sid, ss);
        for (uint32_t r = 0; rc == SQLITE_OK && ss->timed && r < ss->timing.nsamples; r++) {
            sqlite3_bind_int64(ins_time, 1, sid);
            sqlite3_bind_int64(ins_time, 2, r);
            sqlite3_bind_double(ins_time, 3, ss->timing.real_samples_ns[r]);
            sqlite3_bind_double(ins_time, 4, ss->timing.cpu_samples_ns[r]);
            rc = res_step_done(ins_time);
        }
    }
    if (rc != SQLITE_OK && err == SIM_OK)
        err = res_db_fail(s, rc, "cannot record run");
    sqlite3_finalize(ins_sess);
    sqlite3_finalize(ins_stat);
    sqlite3_finalize(ins_time);
    sqlite3_finalize(ins_part);
    sqlite3_finalize(ins_snap);
    return err;
}

/* "WHAT: store opened read-only" (or to probe only): nothing is written. */
static sim_err_t refuse_readonly(res_store_t *s, const char *what)
{
    return res_store_err(s, SIM_EINVAL, "%s: store opened %s", what,
                         s->probe ? "to probe only (RES_OPEN_PROBE)" : "read-only");
}

sim_err_t res_record_run(res_store_t *s, const res_run_t *run, const res_session_t *sessions,
                         size_t n, int64_t *run_id)
{
    assert(s != NULL);
    assert(run != NULL);
    assert(sessions != NULL || n == 0);
    if (n == 0)
        return res_store_err(s, SIM_EINVAL, "cannot record run: it has no sessions");
    if (s->readonly)
        return refuse_readonly(s, "cannot record run");
    record_args_t a = {run, sessions, n, 0};
    sim_err_t err = res_write_tx(s, record_body, &a);
    if (err == SIM_OK) {
        s->errmsg[0] = '\0';
        if (run_id)
            *run_id = a.run_id;
    }
    return err;
}

/* ---- the reference run ---------------------------------------------------- */

typedef struct {
    const char *file;
    res_ref_figure_t *fig;
    size_t n;
    char digest[RES_DIGEST_LEN];
    int64_t run_id;
} ref_args_t;

/* Read the whole file; *buf is NUL-terminated. */
static sim_err_t slurp(res_store_t *s, const char *file, char **buf, size_t *len)
{
    FILE *f = fopen(file, "rb");
    if (!f)
        return res_set_err(s, SIM_EIO, "%s: cannot read: %s", file, strerror(errno));
    size_t cap = 4096, n = 0;
    char *b = sim_malloc(cap);
    sim_err_t err = SIM_OK;
    while (b) {
        if (n + 1 >= cap) {
            char *nb = cap < REF_MAX_BYTES ? sim_realloc(b, cap * 2) : NULL;
            if (!nb) {
                err = cap < REF_MAX_BYTES ? res_set_err(s, SIM_ENOMEM, "%s: out of memory", file)
                                          : res_set_err(s, SIM_EINVAL, "%s: larger than %u bytes",
                                                        file, REF_MAX_BYTES);
                break;
            }
            b = nb;
            cap *= 2;
        }
        size_t got = fread(b + n, 1, cap - n - 1, f);
        n += got;
        if (got == 0) {
            if (ferror(f))
                err = res_set_err(s, SIM_EIO, "%s: cannot read: %s", file, strerror(errno));
            break;
        }
    }
    if (!b && err == SIM_OK)
        err = res_set_err(s, SIM_ENOMEM, "%s: out of memory", file);
    fclose(f);
    if (err != SIM_OK) {
        sim_free(b);
        return err;
    }
    b[n] = '\0';
    *buf = b;
    *len = n;
    return SIM_OK;
}

static sim_err_t reference_body(res_store_t *s, void *arg)
{
    ref_args_t *a = arg;
    sqlite3_stmt *st = NULL, *ins_sess = NULL, *ins_stat = NULL;
    int64_t *sid = NULL;
    sim_err_t err = SIM_OK;

    /* Inside the write transaction, so two processes cannot both load it. */
    int rc = res_prepare(s->db, "SELECT run FROM runs WHERE reference_digest = ?", &st);
    if (rc == SQLITE_OK) {
        sqlite3_bind_text(st, 1, a->digest, -1, SQLITE_STATIC);
        rc = sqlite3_step(st);
        if (rc == SQLITE_ROW) {
            a->run_id = sqlite3_column_int64(st, 0);
            sqlite3_finalize(st);
            return SIM_OK;
        }
        rc = rc == SQLITE_DONE ? SQLITE_OK : rc;
    }
    sqlite3_finalize(st);
    st = NULL;
    if (rc == SQLITE_OK && (err = res_write_workloads(s)) != SIM_OK)
        return err;
    if (rc == SQLITE_OK)
        rc = res_prepare(s->db,
                         "INSERT INTO runs (source, params, completed, reference_file,\n"
                         "  reference_digest)\n"
                         "VALUES ('oracle', ?1, 1, ?2, ?3)",
                         &st);
    if (rc == SQLITE_OK) {
        char params[64];
        res_format(params, sizeof params, "block_size=%u rows=%u", SIM_REF_BLOCK_SIZE,
                   SIM_REF_ROWS);
        sqlite3_bind_text(st, 1, params, -1, SQLITE_TRANSIENT);
        sqlite3_bind_text(st, 2, a->file, -1, SQLITE_STATIC);
        sqlite3_bind_text(st, 3, a->digest, -1, SQLITE_STATIC);
        rc = res_step_done(st);
        a->run_id = sqlite3_last_insert_rowid(s->db);
    }
    if (rc == SQLITE_OK)
        rc = res_prepare(s->db,
                         "INSERT INTO sessions (run, path, lob_chars, block_size, rows,\n"
                         "  workload)\n"
                         "VALUES (?1, ?2, ?3, ?4, ?5, '" RES_REF_WORKLOAD "')",
                         &ins_sess);
    if (rc == SQLITE_OK)
        rc = res_prepare(s->db, RES_INSERT_STAT, &ins_stat);
    if (rc == SQLITE_OK && !(sid = sim_calloc(a->n, sizeof *sid)))
        err = res_store_err(s, SIM_ENOMEM, "cannot load %s: out of memory", a->file);
    /* One session per (path, size), in the order the file first names it;
     * sid[i] is figure i's session. */
    for (size_t i = 0; rc == SQLITE_OK && err == SIM_OK && i < a->n; i++) {
        const res_ref_figure_t *r = &a->fig[i];
        for (size_t j = 0; j < i && !sid[i]; j++)
            if (strcmp(a->fig[j].path, r->path) == 0 && a->fig[j].lob_kchars == r->lob_kchars)
                sid[i] = sid[j];
        if (!sid[i]) {
            sqlite3_bind_int64(ins_sess, 1, a->run_id);
            sqlite3_bind_text(ins_sess, 2, r->path, -1, SQLITE_STATIC);
            sqlite3_bind_int64(ins_sess, 3, (sqlite3_int64)(r->lob_kchars * 1024));
            sqlite3_bind_int(ins_sess, 4, SIM_REF_BLOCK_SIZE);
            sqlite3_bind_int(ins_sess, 5, SIM_REF_ROWS);
            rc = res_step_done(ins_sess);
            sid[i] = sqlite3_last_insert_rowid(s->db);
        }
        if (rc == SQLITE_OK)
            rc = insert_stat(ins_stat, sid[i], (sim_stat_t)r->stat, r->value);
    }
    if (rc != SQLITE_OK && err == SIM_OK) {
        char what[256];
        res_format(what, sizeof what, "cannot load %s", a->file);
        err = res_db_fail(s, rc, what);
    }
    sim_free(sid);
    sqlite3_finalize(st);
    sqlite3_finalize(ins_sess);
    sqlite3_finalize(ins_stat);
    return err;
}

sim_err_t res_load_reference(res_store_t *s, const char *csv_path, int64_t *run_id)
{
    assert(s != NULL);
    if (!csv_path || !*csv_path)
        return res_store_err(s, SIM_EINVAL, "cannot load reference: empty CSV file name");
    if (s->readonly) {
        char what[sizeof s->errmsg];
        res_format(what, sizeof what, "cannot load %s", csv_path);
        return refuse_readonly(s, what);
    }
    char *text = NULL;
    size_t len = 0;
    sim_err_t err = slurp(s, csv_path, &text, &len);
    if (err != SIM_OK)
        return err;
    ref_args_t a = {.file = csv_path};
    res_digest(text, len, a.digest);
    err = res_parse_reference(csv_path, text, len, &a.fig, &a.n, s->errmsg, sizeof s->errmsg);
    if (err == SIM_OK)
        err = res_write_tx(s, reference_body, &a);
    sim_free(a.fig);
    sim_free(text);
    if (err == SIM_OK) {
        s->errmsg[0] = '\0';
        if (run_id)
            *run_id = a.run_id;
    }
    return err;
}
