/*
 * read.c -- the read side: run selectors (res_resolve_run), one run's
 * details (res_get_run) and the walk over a run's sessions
 * (res_foreach_session), each in one read transaction.
 *
 * Nothing here changes the file.  The handle's strings of the last
 * res_get_run() are replaced by keep_str().
 */
#include "results_int.h"

#include <assert.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

/* The integer a query with parameters ?1 (and ?2 if text) returns; 0 if none.
 * Binding a parameter the query lacks is harmless. */
static sim_err_t query_run(res_store_t *s, const char *sql, int64_t param, const char *text,
                           int64_t *run)
{
    sqlite3_stmt *st;
    int rc = res_prepare(s->db, sql, &st);
    *run = 0;
    if (rc == SQLITE_OK) {
        sqlite3_bind_int64(st, 1, param);
        if (text)
            sqlite3_bind_text(st, 2, text, -1, SQLITE_STATIC);
        rc = sqlite3_step(st);
        if (rc == SQLITE_ROW && sqlite3_column_type(st, 0) != SQLITE_NULL)
            *run = sqlite3_column_int64(st, 0);
        rc = rc == SQLITE_ROW || rc == SQLITE_DONE ? SQLITE_OK : rc;
    }
    sqlite3_finalize(st);
    return rc == SQLITE_OK ? SIM_OK : res_db_fail(s, rc, "cannot read runs");
}

static int all_of(const char *s, const char *set)
{
    return *s && strspn(s, set) == strlen(s);
}

#define SELECTORS "a run id, latest, latest~N, reference or a git commit prefix"

/* "latest~N" of the completed lobsim runs with a session of one of the n
 * workloads (all runs when n is 0): *run, 0 when there are fewer. */
static sim_err_t latest_of(res_store_t *s, uint64_t back, const char *const *workloads, size_t n,
                           int64_t *run)
{
    if (n == 0)
        return query_run(s,
                         "SELECT run FROM runs WHERE source = 'lobsim' AND completed = 1\n"
                         "ORDER BY run DESC LIMIT 1 OFFSET ?1",
                         (int64_t)back, NULL, run);
    /* The workloads as one comma-separated text: instr() finds ',NAME,'
     * (names have no comma). */
    char list[1024] = ",";
    size_t used = 1;
    for (size_t i = 0; i < n && used < sizeof list; i++)
        used += (size_t)snprintf(list + used, sizeof list - used, "%s,", workloads[i]);
    if (used >= sizeof list)
        return res_store_err(s, SIM_EINVAL, "too many workloads for 'latest'");
    return query_run(s,
                     "SELECT r.run FROM runs r\n"
                     "WHERE r.source = 'lobsim' AND r.completed = 1 AND EXISTS (\n"
                     "  SELECT 1 FROM sessions x\n"
                     "  WHERE x.run = r.run AND instr(?2, ',' || x.workload || ',') > 0)\n"
                     "ORDER BY r.run DESC LIMIT 1 OFFSET ?1",
                     (int64_t)back, list, run);
}

sim_err_t res_resolve_run(res_store_t *s, const char *sel, int64_t *run_id)
{
    return res_resolve_run_of(s, sel, NULL, 0, run_id);
}

sim_err_t res_resolve_run_of(res_store_t *s, const char *sel, const char *const *workloads,
                             size_t nworkloads, int64_t *run_id)
{
    assert(s != NULL);
    assert(run_id != NULL);
    assert(workloads != NULL || nworkloads == 0);
    if (!s->db)
        return res_probe_only(s);
    if (!sel || !*sel)
        return res_store_err(s, SIM_EINVAL, "empty run selector; expected " SELECTORS);
    int64_t run = 0;
    uint64_t n;
    sim_err_t err;

    if (strcmp(sel, "reference") == 0) {
        if ((err = query_run(s, "SELECT run FROM reference_run", 0, NULL, &run)) != SIM_OK)
            return err;
        if (!run) {
            /* Where the measurements are for this copy (installed or a
             * build), so that the advice names a file that exists. */
            char ref[4096];
            int have = sim_reference_file(RES_REFERENCE_FILE, ref, sizeof ref);
            return res_store_err(s, SIM_EINVAL,
                                 "no reference run in this store; lobbench loads it from %s "
                                 "when it records a sweep there%s",
                                 ref, have ? "" : ", but that file is missing (reinstall lobsim)");
        }
    } else if (strncmp(sel, "latest", 6) == 0) {
        const char *rest = sel + 6;
        n = 0;
        if (*rest && (*rest != '~' || sim_parse_u64(rest + 1, INT64_MAX, &n) != 0))
            return res_store_err(s, SIM_EINVAL, "run selector '%s'; expected latest or latest~N",
                                 sel);
        if ((err = latest_of(s, n, workloads, nworkloads, &run)) != SIM_OK)
            return err;
        if (!run && nworkloads > 0) {
            char names[512] = "";
            size_t used = 0;
            for (size_t i = 0; i < nworkloads && used < sizeof names; i++)
                used += (size_t)snprintf(names + used, sizeof names - used, "%s%s",
                                         i == 0                ? ""
                                         : i + 1 == nworkloads ? " or "
                                                               : ", ",
                                         workloads[i]);
            if (n == 0)
                return res_store_err(s, SIM_EINVAL,
                                     "no run '%s' of workload %s: no completed lobsim run has one",
                                     sel, names);
            return res_store_err(s, SIM_EINVAL,
                                 "no run '%s' of workload %s: fewer than %" PRIu64
                                 " completed lobsim runs of it",
                                 sel, names, n + 1);
        }
        if (!run)
            return res_store_err(s, SIM_EINVAL,
                                 "no run '%s': fewer than %" PRIu64 " completed lobsim runs", sel,
                                 n + 1);
    } else {
        size_t len = strlen(sel);
        if (all_of(sel, "0123456789") && sim_parse_u64(sel, INT64_MAX, &n) == 0) {
            if ((err = query_run(s, "SELECT run FROM runs WHERE run = ?1", (int64_t)n, NULL,
                                 &run)) != SIM_OK)
                return err;
        }
        if (!run && len >= 4 && len <= 40 && all_of(sel, "0123456789abcdefABCDEF")) {
            char prefix[41];
            for (size_t i = 0; i <= len; i++)
                prefix[i] = (char)(sel[i] >= 'A' && sel[i] <= 'F' ? sel[i] - 'A' + 'a' : sel[i]);
            int64_t commits = 0;
            if ((err = query_run(s,
                                 "SELECT count(DISTINCT lower(git_commit)) FROM runs\n"
                                 "WHERE source = 'lobsim' AND completed = 1\n"
                                 "  AND substr(lower(git_commit), 1, ?1) = ?2",
                                 (int64_t)len, prefix, &commits)) != SIM_OK)
                return err;
            if (commits > 1)
                return res_store_err(s, SIM_EINVAL,
                                     "commit prefix '%s' is ambiguous: %" PRId64 " commits match",
                                     sel, commits);
            if ((err = query_run(s,
                                 "SELECT max(run) FROM runs\n"
                                 "WHERE source = 'lobsim' AND completed = 1\n"
                                 "  AND substr(lower(git_commit), 1, ?1) = ?2",
                                 (int64_t)len, prefix, &run)) != SIM_OK)
                return err;
            if (!run)
                return res_store_err(s, SIM_EINVAL,
                                     "no run '%s': neither a run id nor the commit of a completed "
                                     "lobsim run",
                                     sel);
        } else if (!run) {
            return res_store_err(s, SIM_EINVAL, "no run '%s'; expected " SELECTORS, sel);
        }
    }
    *run_id = run;
    s->errmsg[0] = '\0';
    return SIM_OK;
}

static sim_err_t keep_str(res_store_t *s, int slot, sqlite3_stmt *st, int col, const char **out)
{
    sim_free(s->run_str[slot]);
    s->run_str[slot] = NULL;
    const char *v = (const char *)sqlite3_column_text(st, col);
    if (v && !(s->run_str[slot] = res_dup_str(v)))
        return res_store_err(s, SIM_ENOMEM, "out of memory");
    *out = s->run_str[slot];
    return SIM_OK;
}

sim_err_t res_get_run(res_store_t *s, int64_t run_id, res_run_info_t *out)
{
    assert(s != NULL);
    assert(out != NULL);
    if (!s->db)
        return res_probe_only(s);
    sqlite3_stmt *st;
    int rc =
        res_prepare(s->db,
                    "SELECT run, source, reference_file, reference_digest, git_commit, host,\n"
                    "  compiler, build_type, command_line, params,\n"
                    "  CAST(strftime('%s', started) AS INTEGER),\n"
                    "  CAST(strftime('%s', finished) AS INTEGER), git_dirty, seed, completed,\n"
                    "  label, import_format, script_file, script_digest\n"
                    "FROM runs WHERE run = ?1",
                    &st);
    if (rc != SQLITE_OK)
        return res_db_fail(s, rc, "cannot read runs");
    sqlite3_bind_int64(st, 1, run_id);
    rc = sqlite3_step(st);
    sim_err_t err = SIM_OK;
    if (rc == SQLITE_DONE) {
        err = res_store_err(s, SIM_EINVAL, "no run %" PRId64, run_id);
    } else if (rc != SQLITE_ROW) {
        err = res_db_fail(s, rc, "cannot read runs");
    } else {
        memset(out, 0, sizeof *out);
        out->run = sqlite3_column_int64(st, 0);
        const char **dst[RUN_STR_COUNT] = {
            [RUN_STR_SOURCE] = &out->source,
            [RUN_STR_REF_FILE] = &out->reference_file,
            [RUN_STR_REF_DIGEST] = &out->reference_digest,
            [RUN_STR_COMMIT] = &out->info.git_commit,
            [RUN_STR_HOST] = &out->info.host,
            [RUN_STR_COMPILER] = &out->info.compiler,
            [RUN_STR_BUILD] = &out->info.build_type,
            [RUN_STR_CMDLINE] = &out->info.command_line,
            [RUN_STR_PARAMS] = &out->info.params,
        };
        for (int i = 0; i <= RUN_STR_PARAMS && err == SIM_OK; i++)
            err = keep_str(s, i, st, 1 + i, dst[i]);
        if (err == SIM_OK)
            err = keep_str(s, RUN_STR_LABEL, st, 15, &out->label);
        if (err == SIM_OK)
            err = keep_str(s, RUN_STR_FORMAT, st, 16, &out->import_format);
        if (err == SIM_OK)
            err = keep_str(s, RUN_STR_SCRIPT, st, 17, &out->info.script_file);
        if (err == SIM_OK)
            err = keep_str(s, RUN_STR_SCRIPT_DIGEST, st, 18, &out->info.script_digest);
        out->info.started = sqlite3_column_int64(st, 10);
        out->info.finished = sqlite3_column_int64(st, 11);
        out->info.git_dirty =
            sqlite3_column_type(st, 12) == SQLITE_NULL ? -1 : sqlite3_column_int(st, 12);
        out->has_seed = sqlite3_column_type(st, 13) != SQLITE_NULL;
        out->info.seed = res_seed_from_db(sqlite3_column_int64(st, 13));
        out->info.completed = sqlite3_column_int(st, 14);
    }
    sqlite3_finalize(st);
    if (err == SIM_OK)
        s->errmsg[0] = '\0';
    return err;
}

sim_err_t res_list_runs(res_store_t *s, int64_t **ids, size_t *n)
{
    assert(s != NULL);
    assert(ids != NULL && n != NULL);
    *ids = NULL;
    *n = 0;
    if (!s->db)
        return res_probe_only(s);
    sqlite3_stmt *st;
    int rc = res_prepare(s->db, "SELECT run FROM runs ORDER BY run", &st);
    if (rc != SQLITE_OK)
        return res_db_fail(s, rc, "cannot read runs");
    int64_t *v = NULL;
    size_t len = 0, cap = 0;
    sim_err_t err = SIM_OK;
    while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
        if (len == cap) {
            size_t ncap = cap ? 2 * cap : 16;
            int64_t *nv = sim_realloc(v, ncap * sizeof *nv);
            if (!nv) {
                err = res_store_err(s, SIM_ENOMEM, "out of memory listing runs");
                break;
            }
            v = nv;
            cap = ncap;
        }
        v[len++] = sqlite3_column_int64(st, 0);
    }
    if (err == SIM_OK && rc != SQLITE_DONE)
        err = res_db_fail(s, rc, "cannot read runs");
    sqlite3_finalize(st);
    if (err != SIM_OK) {
        sim_free(v);
        return err;
    }
    *ids = v;
    *n = len;
    s->errmsg[0] = '\0';
    return SIM_OK;
}

/* The catalogue index of a statistic#, or -1 for one this build lacks. */
static int stat_index(int number)
{
    for (int i = 0; i < SIM_STAT_COUNT; i++)
        if (sim_stat_info((sim_stat_t)i)->number == number)
            return i;
    return -1;
}

/* ---- the walk over a run's sessions ---------------------------------------- */

/* A walk's statements, and the samples of the session in hand, grown as
 * needed: [0, cap) real, [cap, 2 cap) CPU. */
typedef struct {
    sqlite3_stmt *sessions, *figures, *timings, *parts;
    double *samples;
    size_t cap;
    char names[RES_MAX_PARTS][RES_NAME_MAX + 1]; /* the parts' names of the session in hand */
} walk_t;

static int walk_prepare(res_store_t *s, walk_t *w, int64_t run_id)
{
    int rc = res_prepare(
        s->db,
        "SELECT s.sid, s.run, s.path, s.lob_chars, s.block_size, s.rows, s.piece_size, s.seed,\n"
        "  s.params, s.iterations, s.real_time_ns, s.cpu_time_ns, s.repetitions, s.workload,\n"
        "  w.position, w.family, w.title, s.step, s.statement, s.table_name, s.ses_count,\n"
        "  s.ses_sid, s.segment_name\n"
        "FROM sessions s LEFT JOIN workloads w ON w.name = s.workload\n"
        "WHERE s.run = ?1\n"
        "ORDER BY w.position IS NULL, w.position, s.workload, s.step, s.table_name,\n"
        "  s.segment_name IS NOT s.table_name, s.segment_name,\n"
        "  s.ses_count, s.ses_sid,\n"
        "  CASE s.path WHEN 'local' THEN 0 WHEN 'dblink' THEN 1 ELSE 2 END, s.path,\n"
        "  s.block_size, s.rows, s.lob_chars, s.sid",
        &w->sessions);
    if (rc == SQLITE_OK)
        rc = res_prepare(s->db, "SELECT \"statistic#\", value FROM session_stats WHERE sid = ?1",
                         &w->figures);
    if (rc == SQLITE_OK)
        rc = res_prepare(s->db,
                         "SELECT real_time_ns, cpu_time_ns FROM session_timings WHERE sid = ?1\n"
                         "ORDER BY repetition",
                         &w->timings);
    if (rc == SQLITE_OK)
        rc = res_prepare(
            s->db,
            "SELECT part, \"statistic#\", value FROM session_part_stats WHERE sid = ?1\n"
            "ORDER BY part",
            &w->parts);
    if (rc == SQLITE_OK)
        sqlite3_bind_int64(w->sessions, 1, run_id);
    return rc;
}

static void walk_finish(walk_t *w)
{
    sqlite3_finalize(w->sessions);
    sqlite3_finalize(w->figures);
    sqlite3_finalize(w->timings);
    sqlite3_finalize(w->parts);
    sim_free(w->samples);
}

/* The session row in hand into si (its strings belong to the statement). */
static void session_row(sqlite3_stmt *ss, res_session_info_t *si)
{
    memset(si, 0, sizeof *si);
    si->sid = sqlite3_column_int64(ss, 0);
    si->run = sqlite3_column_int64(ss, 1);
    si->path = (const char *)sqlite3_column_text(ss, 2);
    si->lob_chars = (uint64_t)sqlite3_column_int64(ss, 3);
    si->block_size = (uint32_t)sqlite3_column_int64(ss, 4);
    si->rows = (uint64_t)sqlite3_column_int64(ss, 5);
    si->piece_size = (uint32_t)sqlite3_column_int64(ss, 6);
    si->has_seed = sqlite3_column_type(ss, 7) != SQLITE_NULL;
    si->seed = res_seed_from_db(sqlite3_column_int64(ss, 7));
    si->params = (const char *)sqlite3_column_text(ss, 8);
    si->workload = (const char *)sqlite3_column_text(ss, 13);
    si->workload_position =
        sqlite3_column_type(ss, 14) == SQLITE_NULL ? -1 : sqlite3_column_int64(ss, 14);
    si->workload_family = (const char *)sqlite3_column_text(ss, 15);
    si->workload_title = (const char *)sqlite3_column_text(ss, 16);
    si->step = (uint32_t)sqlite3_column_int64(ss, 17);
    si->statement = (const char *)sqlite3_column_text(ss, 18);
    si->table = (const char *)sqlite3_column_text(ss, 19);
    si->ses_count = (uint32_t)sqlite3_column_int64(ss, 20);
    si->ses_sid = (uint32_t)sqlite3_column_int64(ss, 21);
    si->segment = (const char *)sqlite3_column_text(ss, 22);
    si->timed = sqlite3_column_type(ss, 9) != SQLITE_NULL;
    if (si->timed) {
        si->timing.iterations = (uint64_t)sqlite3_column_int64(ss, 9);
        si->timing.real_time_ns = sqlite3_column_double(ss, 10);
        si->timing.cpu_time_ns = sqlite3_column_double(ss, 11);
        si->timing.repetitions = (uint32_t)sqlite3_column_int64(ss, 12);
    }
}

/* The figures of session si->sid; those of statistics this build lacks are
 * skipped. */
static int read_figures(walk_t *w, res_session_info_t *si)
{
    int rc;
    sqlite3_bind_int64(w->figures, 1, si->sid);
    while ((rc = sqlite3_step(w->figures)) == SQLITE_ROW) {
        int k = stat_index(sqlite3_column_int(w->figures, 0));
        if (k >= 0) {
            si->stats.v[k] = (uint64_t)sqlite3_column_int64(w->figures, 1);
            si->present[k] = 1;
        }
    }
    sqlite3_reset(w->figures);
    return rc == SQLITE_DONE ? SQLITE_OK : rc;
}

/* The parts of session si->sid, in the order of their names; a part
 * beyond RES_MAX_PARTS (the recording program checks there is none) and
 * figures of statistics this build lacks are skipped. */
static int read_parts(walk_t *w, res_session_info_t *si)
{
    int rc;
    sqlite3_bind_int64(w->parts, 1, si->sid);
    while ((rc = sqlite3_step(w->parts)) == SQLITE_ROW) {
        const char *name = (const char *)sqlite3_column_text(w->parts, 0);
        size_t p = si->nparts;
        if (name == NULL || strlen(name) > RES_NAME_MAX)
            continue;
        if (p == 0 || strcmp(w->names[p - 1], name) != 0) {
            if (p == RES_MAX_PARTS)
                continue;
            strcpy(w->names[p], name);
            si->parts[p].name = w->names[p];
            si->nparts++;
        } else {
            p--;
        }
        int k = stat_index(sqlite3_column_int(w->parts, 1));
        if (k >= 0)
            si->parts[p].stats.v[k] = (uint64_t)sqlite3_column_int64(w->parts, 2);
    }
    sqlite3_reset(w->parts);
    return rc == SQLITE_DONE ? SQLITE_OK : rc;
}

/* Room for n + 1 samples in w->samples. */
static int grow_samples(walk_t *w, size_t n)
{
    if (n < w->cap)
        return 1;
    size_t ncap = w->cap ? w->cap * 2 : 16;
    double *grown = sim_malloc(2 * ncap * sizeof *grown);
    if (!grown)
        return 0;
    if (n) {
        memcpy(grown, w->samples, n * sizeof *grown);
        memcpy(grown + ncap, w->samples + w->cap, n * sizeof *grown);
    }
    sim_free(w->samples);
    w->samples = grown;
    w->cap = ncap;
    return 1;
}

/* The repetition samples of a timed session si into w->samples. */
static sim_err_t read_samples(res_store_t *s, walk_t *w, res_session_info_t *si)
{
    size_t n = 0;
    int rc = SQLITE_DONE;
    sim_err_t err = SIM_OK;
    sqlite3_bind_int64(w->timings, 1, si->sid);
    while (si->timed && (rc = sqlite3_step(w->timings)) == SQLITE_ROW) {
        if (!grow_samples(w, n)) {
            err = res_store_err(s, SIM_ENOMEM, "cannot read sessions: out of memory");
            break;
        }
        w->samples[n] = sqlite3_column_double(w->timings, 0);
        w->samples[w->cap + n] = sqlite3_column_double(w->timings, 1);
        n++;
    }
    if (err == SIM_OK && rc != SQLITE_DONE)
        err = res_db_fail(s, rc, "cannot read sessions");
    sqlite3_reset(w->timings);
    if (err == SIM_OK && n) {
        si->timing.nsamples = (uint32_t)n;
        si->timing.real_samples_ns = w->samples;
        si->timing.cpu_samples_ns = w->samples + w->cap;
    }
    return err;
}

sim_err_t res_foreach_session(res_store_t *s, int64_t run_id, res_session_fn fn, void *arg)
{
    assert(s != NULL);
    assert(fn != NULL);
    if (!s->db)
        return res_probe_only(s);
    int64_t found;
    sim_err_t err = query_run(s, "SELECT run FROM runs WHERE run = ?1", run_id, NULL, &found);
    if (err != SIM_OK)
        return err;
    if (!found)
        return res_store_err(s, SIM_EINVAL, "no run %" PRId64, run_id);

    walk_t w = {0};
    /* One read transaction, so that the walk sees one snapshot; a walk nested
     * in another walk's callback shares the outer one. */
    int outer = !sqlite3_get_autocommit(s->db);
    int rc = outer ? SQLITE_OK : sqlite3_exec(s->db, "BEGIN", NULL, NULL, NULL);
    if (rc == SQLITE_OK)
        rc = walk_prepare(s, &w, run_id);
    while (rc == SQLITE_OK && err == SIM_OK) {
        if ((rc = sqlite3_step(w.sessions)) != SQLITE_ROW)
            break;
        res_session_info_t si;
        session_row(w.sessions, &si);
        rc = read_figures(&w, &si);
        if (rc == SQLITE_OK)
            rc = read_parts(&w, &si);
        if (rc == SQLITE_OK && (err = read_samples(s, &w, &si)) == SIM_OK)
            err = fn(&si, arg);
    }
    if (rc != SQLITE_OK && rc != SQLITE_DONE && err == SIM_OK)
        err = res_db_fail(s, rc, "cannot read sessions");
    walk_finish(&w);
    if (!outer)
        res_rollback(s);
    if (err == SIM_OK)
        s->errmsg[0] = '\0';
    return err;
}

sim_err_t res_foreach_snapshot(res_store_t *s, int64_t sid, res_snapshot_fn fn, void *arg)
{
    assert(s != NULL);
    assert(fn != NULL);
    if (!s->db)
        return res_probe_only(s);
    sqlite3_stmt *st;
    int rc = res_prepare(s->db,
                         "SELECT snap_id, snap_rows, \"statistic#\", value, snap_seconds\n"
                         "FROM session_snapshots\n"
                         "WHERE sid = ?1 ORDER BY snap_id",
                         &st);
    if (rc != SQLITE_OK) {
        /* A store from before snapshots: none to read. */
        sqlite3_stmt *t;
        int has = 1;
        if (res_prepare(s->db, "SELECT 1 FROM sqlite_master WHERE name = 'session_snapshots'",
                        &t) == SQLITE_OK) {
            has = sqlite3_step(t) == SQLITE_ROW;
            sqlite3_finalize(t);
        }
        return has ? res_db_fail(s, rc, "cannot read snapshots") : SIM_OK;
    }
    sqlite3_bind_int64(st, 1, sid);
    res_snapshot_t snap;
    memset(&snap, 0, sizeof snap);
    sim_err_t err = SIM_OK;
    while (err == SIM_OK && (rc = sqlite3_step(st)) == SQLITE_ROW) {
        uint32_t id = (uint32_t)sqlite3_column_int64(st, 0);
        if (snap.snap_id && id != snap.snap_id) {
            err = fn(&snap, arg);
            memset(&snap, 0, sizeof snap);
        }
        snap.snap_id = id;
        snap.rows_known = sqlite3_column_type(st, 1) != SQLITE_NULL;
        snap.snap_rows = snap.rows_known ? (uint64_t)sqlite3_column_int64(st, 1) : 0;
        snap.seconds = sqlite3_column_type(st, 4) != SQLITE_NULL ? sqlite3_column_double(st, 4) : 0;
        int k = stat_index(sqlite3_column_int(st, 2));
        if (k >= 0)
            snap.stats.v[k] = (uint64_t)sqlite3_column_int64(st, 3);
    }
    if (err == SIM_OK && rc != SQLITE_DONE)
        err = res_db_fail(s, rc, "cannot read snapshots");
    if (err == SIM_OK && snap.snap_id)
        err = fn(&snap, arg);
    sqlite3_finalize(st);
    return err;
}
