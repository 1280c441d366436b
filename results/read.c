/*
 * read.c -- the read side: run selectors (res_resolve_run), one run's
 * details (res_get_run) and the walk over a run's sessions
 * (res_foreach_session), each in one read transaction.
 *
 * Nothing here changes the file.  The handle's strings of the last
 * res_get_run() are replaced by keep_str().
 */
#include "results_int.h"

#include <inttypes.h>
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

sim_err_t res_resolve_run(res_store_t *s, const char *sel, int64_t *run_id)
{
    if (!s)
        return SIM_EINVAL;
    if (!s->db)
        return res_probe_only(s);
    if (!run_id)
        return res_store_err(s, SIM_EINVAL, "res_resolve_run: no output");
    if (!sel || !*sel)
        return res_store_err(s, SIM_EINVAL, "empty run selector; expected " SELECTORS);
    int64_t run = 0;
    uint64_t n;
    sim_err_t err;

    if (strcmp(sel, "reference") == 0) {
        if ((err = query_run(s, "SELECT run FROM reference_run", 0, NULL, &run)) != SIM_OK)
            return err;
        if (!run)
            return res_store_err(s, SIM_EINVAL, "no reference run; load the reference CSV first");
    } else if (strncmp(sel, "latest", 6) == 0) {
        const char *rest = sel + 6;
        n = 0;
        if (*rest && (*rest != '~' || sim_parse_u64(rest + 1, INT64_MAX, &n) != 0))
            return res_store_err(s, SIM_EINVAL, "run selector '%s'; expected latest or latest~N",
                                 sel);
        if ((err = query_run(s,
                             "SELECT run FROM runs WHERE source = 'lobsim' AND completed = 1\n"
                             "ORDER BY run DESC LIMIT 1 OFFSET ?1",
                             (int64_t)n, NULL, &run)) != SIM_OK)
            return err;
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
    if (!s)
        return SIM_EINVAL;
    if (!s->db)
        return res_probe_only(s);
    if (!out)
        return res_store_err(s, SIM_EINVAL, "res_get_run: no output");
    sqlite3_stmt *st;
    int rc =
        res_prepare(s->db,
                    "SELECT run, source, reference_file, reference_digest, git_commit, host,\n"
                    "  compiler, build_type, command_line, params,\n"
                    "  CAST(strftime('%s', started) AS INTEGER),\n"
                    "  CAST(strftime('%s', finished) AS INTEGER), git_dirty, seed, completed,\n"
                    "  label, import_format\n"
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

/* The catalogue index of a statistic#, or -1 for one this build lacks. */
sim_err_t res_list_runs(res_store_t *s, int64_t **ids, size_t *n)
{
    if (ids)
        *ids = NULL;
    if (n)
        *n = 0;
    if (!s)
        return SIM_EINVAL;
    if (!s->db)
        return res_probe_only(s);
    if (!ids || !n)
        return res_store_err(s, SIM_EINVAL, "res_list_runs: no output");
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

static int stat_index(int number)
{
    for (int i = 0; i < SIM_STAT_COUNT; i++)
        if (sim_stat_info((sim_stat_t)i)->number == number)
            return i;
    return -1;
}

sim_err_t res_foreach_session(res_store_t *s, int64_t run_id, res_session_fn fn, void *arg)
{
    if (!s)
        return SIM_EINVAL;
    if (!s->db)
        return res_probe_only(s);
    if (!fn)
        return res_store_err(s, SIM_EINVAL, "res_foreach_session: no callback");
    int64_t found;
    sim_err_t err = query_run(s, "SELECT run FROM runs WHERE run = ?1", run_id, NULL, &found);
    if (err != SIM_OK)
        return err;
    if (!found)
        return res_store_err(s, SIM_EINVAL, "no run %" PRId64, run_id);

    sqlite3_stmt *ss = NULL, *fig = NULL, *tim = NULL;
    /* The samples of the session in hand, grown as needed: [0, cap) real,
     * [cap, 2 cap) CPU. */
    double *samples = NULL;
    size_t cap = 0;
    /* One read transaction, so that the walk sees one snapshot; a walk nested
     * in another walk's callback shares the outer one. */
    int outer = !sqlite3_get_autocommit(s->db);
    int rc = outer ? SQLITE_OK : sqlite3_exec(s->db, "BEGIN", NULL, NULL, NULL);
    if (rc == SQLITE_OK)
        rc = res_prepare(s->db,
                         "SELECT sid, run, path, lob_chars, block_size, rows, piece_size, seed,\n"
                         "  params, iterations, real_time_ns, cpu_time_ns, repetitions, workload\n"
                         "FROM sessions WHERE run = ?1\n"
                         "ORDER BY CASE workload WHEN 'insert' THEN 0 WHEN 'scan' THEN 1\n"
                         "  WHEN 'rows' THEN 2 WHEN 'cluster' THEN 3 ELSE 4 END, workload,\n"
                         "  CASE path WHEN 'local' THEN 0 WHEN 'dblink' THEN 1 ELSE 2 END, path,\n"
                         "  block_size, rows, lob_chars, sid",
                         &ss);
    if (rc == SQLITE_OK)
        rc = res_prepare(s->db, "SELECT \"statistic#\", value FROM session_stats WHERE sid = ?1",
                         &fig);
    if (rc == SQLITE_OK)
        rc = res_prepare(s->db,
                         "SELECT real_time_ns, cpu_time_ns FROM session_timings WHERE sid = ?1\n"
                         "ORDER BY repetition",
                         &tim);
    if (rc == SQLITE_OK)
        sqlite3_bind_int64(ss, 1, run_id);
    while (rc == SQLITE_OK && err == SIM_OK) {
        rc = sqlite3_step(ss);
        if (rc != SQLITE_ROW)
            break;
        rc = SQLITE_OK;
        res_session_info_t si;
        memset(&si, 0, sizeof si);
        si.sid = sqlite3_column_int64(ss, 0);
        si.run = sqlite3_column_int64(ss, 1);
        si.path = (const char *)sqlite3_column_text(ss, 2);
        si.lob_chars = (uint64_t)sqlite3_column_int64(ss, 3);
        si.block_size = (uint32_t)sqlite3_column_int64(ss, 4);
        si.rows = (uint64_t)sqlite3_column_int64(ss, 5);
        si.piece_size = (uint32_t)sqlite3_column_int64(ss, 6);
        si.has_seed = sqlite3_column_type(ss, 7) != SQLITE_NULL;
        si.seed = res_seed_from_db(sqlite3_column_int64(ss, 7));
        si.params = (const char *)sqlite3_column_text(ss, 8);
        si.workload = (const char *)sqlite3_column_text(ss, 13);
        si.timed = sqlite3_column_type(ss, 9) != SQLITE_NULL;
        if (si.timed) {
            si.timing.iterations = (uint64_t)sqlite3_column_int64(ss, 9);
            si.timing.real_time_ns = sqlite3_column_double(ss, 10);
            si.timing.cpu_time_ns = sqlite3_column_double(ss, 11);
            si.timing.repetitions = (uint32_t)sqlite3_column_int64(ss, 12);
        }
        sqlite3_bind_int64(fig, 1, si.sid);
        while ((rc = sqlite3_step(fig)) == SQLITE_ROW) {
            int k = stat_index(sqlite3_column_int(fig, 0));
            if (k >= 0) {
                si.stats.v[k] = (uint64_t)sqlite3_column_int64(fig, 1);
                si.present[k] = 1;
            }
        }
        sqlite3_reset(fig);
        if (rc != SQLITE_DONE)
            break;
        size_t n = 0;
        sqlite3_bind_int64(tim, 1, si.sid);
        while (si.timed && (rc = sqlite3_step(tim)) == SQLITE_ROW) {
            if (n == cap) {
                size_t ncap = cap ? cap * 2 : 16;
                double *grown = sim_malloc(2 * ncap * sizeof *grown);
                if (!grown) {
                    err = res_store_err(s, SIM_ENOMEM, "cannot read sessions: out of memory");
                    break;
                }
                if (n) {
                    memcpy(grown, samples, n * sizeof *grown);
                    memcpy(grown + ncap, samples + cap, n * sizeof *grown);
                }
                sim_free(samples);
                samples = grown;
                cap = ncap;
            }
            samples[n] = sqlite3_column_double(tim, 0);
            samples[cap + n] = sqlite3_column_double(tim, 1);
            n++;
        }
        sqlite3_reset(tim);
        if (err != SIM_OK || (si.timed && rc != SQLITE_DONE))
            break;
        rc = SQLITE_OK;
        if (n) {
            si.timing.nsamples = (uint32_t)n;
            si.timing.real_samples_ns = samples;
            si.timing.cpu_samples_ns = samples + cap;
        }
        err = fn(&si, arg);
    }
    if (rc == SQLITE_DONE)
        rc = SQLITE_OK;
    if (rc != SQLITE_OK && err == SIM_OK)
        err = res_db_fail(s, rc, "cannot read sessions");
    sqlite3_finalize(ss);
    sqlite3_finalize(fig);
    sqlite3_finalize(tim);
    sim_free(samples);
    if (!outer)
        res_rollback(s);
    if (err == SIM_OK)
        s->errmsg[0] = '\0';
    return err;
}
