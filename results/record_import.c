/*
 * record_import.c -- runs measured on a user's own Oracle database
 * (lobimport): res_record_import() stores each imported file as a run of
 * source 'oracle', its figures split between session_stats (statistics of
 * the catalogue) and session_oracle_stats (the others, under Oracle's
 * names); res_foreach_unmodelled() reads the latter back.  One
 * res_write_tx() for all the files, so a failure leaves nothing.
 *
 *   state change                          function
 *   + imported runs, sessions, figures    res_record_import() -> import_body()
 *   + their snapshots (a Snapper series)  import_body() -> insert_snapshots()
 *   workloads <- the handle's list        import_body() -> res_write_workloads()
 */
#include "results_int.h"

#include <assert.h>
#include <inttypes.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

typedef struct {
    const res_import_run_t *runs;
    size_t n;
    int64_t *ids;
} import_args_t;

static int by_name(const void *a, const void *b)
{
    return strcmp((*(const res_named_value_t *const *)a)->name,
                  (*(const res_named_value_t *const *)b)->name);
}

/* n figures sorted by name into *sorted (n pointers into f, sim_free()
 * them), so that a name is found by bisection: every check below costs
 * O(n log n), however many figures and snapshots a file holds. */
static sim_err_t sort_figures(res_store_t *s, const res_named_value_t *f, size_t n,
                              const res_named_value_t ***sorted)
{
    *sorted = sim_malloc((n ? n : 1) * sizeof **sorted);
    if (!*sorted)
        return res_store_err(s, SIM_ENOMEM, "out of memory");
    for (size_t k = 0; k < n; k++)
        (*sorted)[k] = &f[k];
    qsort(*sorted, n, sizeof **sorted, by_name);
    return SIM_OK;
}

/* The figure named name among n sorted ones, NULL when none is. */
static const res_named_value_t *find_figure(const res_named_value_t *const *sorted, size_t n,
                                            const char *name)
{
    const res_named_value_t key = {name, 0}, *kp = &key;
    const res_named_value_t *const *hit = bsearch(&kp, sorted, n, sizeof *sorted, by_name);
    return hit ? *hit : NULL;
}

static sim_err_t check_figures(res_store_t *s, const res_import_run_t *r, size_t i,
                               const res_named_value_t *figs, size_t n)
{
    for (size_t k = 0; k < n; k++) {
        const res_named_value_t *f = &figs[k];
        if (!f->name || !*f->name || f->value < 0)
            return res_store_err(s, SIM_EINVAL,
                                 "cannot import %s: session %zu: figure '%s' = %" PRId64
                                 "; expected a name and a value >= 0",
                                 r->file, i + 1, f->name ? f->name : "(null)", f->value);
    }
    const res_named_value_t **sorted;
    sim_err_t err = sort_figures(s, figs, n, &sorted);
    for (size_t k = 1; err == SIM_OK && k < n; k++)
        if (strcmp(sorted[k - 1]->name, sorted[k]->name) == 0)
            err = res_store_err(s, SIM_EINVAL, "cannot import %s: session %zu: '%s' given twice",
                                r->file, i + 1, sorted[k]->name);
    sim_free(sorted);
    return err;
}

/* A part: a name, statistics of the catalogue, each at most the session's
 * (found among its figures sorted by name, byname). */
static sim_err_t check_part(res_store_t *s, const res_import_run_t *r, size_t i,
                            const res_import_part_t *p, const res_named_value_t *const *byname)
{
    const res_import_session_t *ss = &r->sessions[i];
    if (!res_name_ok(p->name))
        return res_store_err(s, SIM_EINVAL,
                             "cannot import %s: session %zu: part '%s' is not a name", r->file,
                             i + 1, p->name ? p->name : "(null)");
    sim_err_t err = check_figures(s, r, i, p->figures, p->nfigures);
    for (size_t k = 0; err == SIM_OK && k < p->nfigures; k++) {
        const res_named_value_t *f = &p->figures[k];
        if (sim_stat_by_name(f->name) < 0)
            return res_store_err(s, SIM_EINVAL,
                                 "cannot import %s: session %zu: part %s: '%s' is not a "
                                 "statistic of the catalogue",
                                 r->file, i + 1, p->name, f->name);
        const res_named_value_t *whole = find_figure(byname, ss->nfigures, f->name);
        if (f->value > (whole ? whole->value : -1))
            return res_store_err(s, SIM_EINVAL,
                                 "cannot import %s: session %zu: part %s: '%s' = %" PRId64
                                 " above the session's",
                                 r->file, i + 1, p->name, f->name, f->value);
    }
    return err;
}

/* Snapshots in order, each a figure of the session's at a time, and each
 * of the session's figures the sum of its snapshots' (invariant 14): each
 * snapshot's figure found among the session's sorted by name (byname) and
 * added to its sum, once. */
static sim_err_t check_snapshots(res_store_t *s, const res_import_run_t *r, size_t i,
                                 const res_named_value_t *const *byname)
{
    const res_import_session_t *ss = &r->sessions[i];
    if (ss->nsnaps && !ss->snapshots)
        return res_store_err(s, SIM_EINVAL,
                             "cannot import %s: session %zu: %zu snapshots without their array",
                             r->file, i + 1, ss->nsnaps);
    int64_t *sum = sim_calloc(ss->nfigures ? ss->nfigures : 1, sizeof *sum);
    if (!sum)
        return res_store_err(s, SIM_ENOMEM, "out of memory");
    sim_err_t err = SIM_OK;
    for (size_t n = 0; err == SIM_OK && n < ss->nsnaps; n++) {
        const res_import_snapshot_t *sn = &ss->snapshots[n];
        if (sn->snap_id == 0 || (n && sn->snap_id <= ss->snapshots[n - 1].snap_id) ||
            (sn->nfigures && !sn->figures)) {
            err = res_store_err(s, SIM_EINVAL,
                                "cannot import %s: session %zu: snapshot %zu numbered %" PRIu32
                                "; expected numbers rising from 1",
                                r->file, i + 1, n + 1, sn->snap_id);
            break;
        }
        /* Two snapshots taken at one time (an AWR series with two equal
         * END_INTERVAL_TIMEs) are no interval: refused, never kept as a
         * length not given. */
        if (sn->timed && !(isfinite(sn->seconds) && sn->seconds > 0)) {
            err = res_store_err(s, SIM_EINVAL,
                                "cannot import %s: session %zu: snapshot %" PRIu32
                                " is an interval of %g seconds; expected a length > 0",
                                r->file, i + 1, sn->snap_id, sn->seconds);
            break;
        }
        if (!sn->timed && sn->seconds != 0) {
            err = res_store_err(s, SIM_EINVAL,
                                "cannot import %s: session %zu: snapshot %" PRIu32
                                " has %g seconds but is not timed",
                                r->file, i + 1, sn->snap_id, sn->seconds);
            break;
        }
        err = check_figures(s, r, i, sn->figures, sn->nfigures);
        for (size_t k = 0; err == SIM_OK && k < sn->nfigures; k++) {
            const res_named_value_t *f = find_figure(byname, ss->nfigures, sn->figures[k].name);
            if (!f) {
                err = res_store_err(s, SIM_EINVAL,
                                    "cannot import %s: session %zu: snapshot %" PRIu32
                                    " has '%s', which the session has no figure of",
                                    r->file, i + 1, sn->snap_id, sn->figures[k].name);
                break;
            }
            int64_t *t = &sum[f - ss->figures], v = sn->figures[k].value;
            if (*t >= 0)
                *t = v > INT64_MAX - *t ? -1 : *t + v; /* -1: beyond any figure */
        }
    }
    for (size_t j = 0; err == SIM_OK && ss->nsnaps && j < ss->nfigures; j++)
        if (sum[j] != ss->figures[j].value)
            err = res_store_err(s, SIM_EINVAL,
                                "cannot import %s: session %zu: its snapshots of '%s' add up to "
                                "%" PRId64 ", not the session's %" PRId64,
                                r->file, i + 1, ss->figures[j].name, sum[j], ss->figures[j].value);
    sim_free(sum);
    return err;
}

static sim_err_t check_session(res_store_t *s, const res_import_run_t *r, size_t i)
{
    const res_import_session_t *ss = &r->sessions[i];
    if (!res_name_ok(ss->path) || !res_name_ok(ss->workload))
        return res_store_err(
            s, SIM_EINVAL,
            "cannot import %s: session %zu: workload '%s' or path '%s'; expected 1 "
            "to %d characters from a-z, 0-9 and _",
            r->file, i + 1, ss->workload ? ss->workload : "(null)", ss->path ? ss->path : "(null)",
            RES_NAME_MAX);
    const char *why =
        res_step_problem(ss->step, ss->statement, ss->table, ss->segment, ss->lob_chars);
    if (why)
        return res_store_err(s, SIM_EINVAL, "cannot import %s: session %zu: %s", r->file, i + 1,
                             why);
    if (ss->lob_chars > INT64_MAX || ss->rows > INT64_MAX)
        return res_store_err(s, SIM_EINVAL,
                             "cannot import %s: session %zu: LOB size %" PRIu64
                             " chars or rows %" PRIu64 " outside 1..%" PRId64,
                             r->file, i + 1, ss->lob_chars, ss->rows, INT64_MAX);
    if (ss->nfigures == 0 || !ss->figures)
        return res_store_err(s, SIM_EINVAL, "cannot import %s: session %zu has no figures", r->file,
                             i + 1);
    if (ss->nparts > RES_MAX_PARTS || (ss->nparts && !ss->parts))
        return res_store_err(s, SIM_EINVAL, "cannot import %s: session %zu: more than %d parts",
                             r->file, i + 1, RES_MAX_PARTS);
    sim_err_t err = check_figures(s, r, i, ss->figures, ss->nfigures);
    const res_named_value_t **byname = NULL;
    if (err == SIM_OK)
        err = sort_figures(s, ss->figures, ss->nfigures, &byname);
    if (err == SIM_OK)
        err = check_snapshots(s, r, i, byname);
    for (size_t p = 0; err == SIM_OK && p < ss->nparts; p++) {
        err = check_part(s, r, i, &ss->parts[p], byname);
        for (size_t q = 0; err == SIM_OK && q < p; q++)
            if (strcmp(ss->parts[q].name, ss->parts[p].name) == 0)
                err = res_store_err(s, SIM_EINVAL, "cannot import %s: session %zu: part '%s' twice",
                                    r->file, i + 1, ss->parts[p].name);
    }
    sim_free(byname);
    return err;
}

/* Each snapshot's figures of the catalogue, its rows not known (NULL),
 * its seconds where given. */
static int insert_snapshots(sqlite3_stmt *ins, sqlite3_int64 sid, const res_import_session_t *ss)
{
    int rc = SQLITE_OK;
    for (size_t n = 0; rc == SQLITE_OK && n < ss->nsnaps; n++) {
        const res_import_snapshot_t *sn = &ss->snapshots[n];
        for (size_t k = 0; rc == SQLITE_OK && k < sn->nfigures; k++) {
            int idx = sim_stat_by_name(sn->figures[k].name);
            if (idx < 0)
                continue; /* in session_oracle_stats, summed */
            sqlite3_bind_int64(ins, 1, sid);
            sqlite3_bind_int64(ins, 2, sn->snap_id);
            sqlite3_bind_null(ins, 3); /* never a 0 or a guess for it */
            sqlite3_bind_int(ins, 4, sim_stat_info((sim_stat_t)idx)->number);
            sqlite3_bind_int64(ins, 5, sn->figures[k].value);
            if (sn->timed)
                sqlite3_bind_double(ins, 6, sn->seconds);
            else
                sqlite3_bind_null(ins, 6);
            rc = res_step_done(ins);
        }
    }
    return rc;
}

static sim_err_t import_body(res_store_t *s, void *arg)
{
    import_args_t *a = arg;
    sqlite3_stmt *run = NULL, *sess = NULL, *stat = NULL, *other = NULL, *printed = NULL,
                 *part = NULL, *snap = NULL;
    sim_err_t err = res_write_workloads(s);
    if (err != SIM_OK)
        return err;
    int rc = res_prepare(s->db,
                         "INSERT INTO runs (source, finished, command_line, completed,\n"
                         "  reference_file, label, import_format, script_file, script_digest)\n"
                         "VALUES ('oracle', strftime('%Y-%m-%dT%H:%M:%SZ', ?1, 'unixepoch'), ?2,\n"
                         "  1, ?3, ?4, ?5, ?6, ?7)",
                         &run);
    if (rc == SQLITE_OK)
        rc = res_prepare(s->db,
                         "INSERT INTO sessions (run, workload, path, lob_chars, block_size, rows,\n"
                         "  piece_size, step, statement, table_name, segment_name)\n"
                         "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11)",
                         &sess);
    if (rc == SQLITE_OK)
        rc = res_prepare(s->db, RES_INSERT_STAT, &stat);
    if (rc == SQLITE_OK)
        rc = res_prepare(s->db,
                         "INSERT INTO session_oracle_stats (sid, name, value) VALUES (?1, ?2, ?3)",
                         &other);
    if (rc == SQLITE_OK)
        rc = res_prepare(s->db,
                         "INSERT INTO session_stat_printed (sid, \"statistic#\", printed)\n"
                         "VALUES (?1, ?2, ?3)",
                         &printed);
    if (rc == SQLITE_OK)
        rc = res_prepare(s->db, RES_INSERT_PART, &part);
    if (rc == SQLITE_OK)
        rc = res_prepare(s->db, RES_INSERT_SNAP, &snap);
    for (size_t r = 0; rc == SQLITE_OK && err == SIM_OK && r < a->n; r++) {
        const res_import_run_t *ir = &a->runs[r];
        if (!ir->file || !ir->format || ir->n == 0 || !ir->sessions) {
            err = res_store_err(s, SIM_EINVAL,
                                "cannot import: file %zu has no name, format or "
                                "sessions",
                                r + 1);
            break;
        }
        sqlite3_bind_int64(run, 1, (int64_t)time(NULL));
        res_bind_text(run, 2, ir->command_line);
        res_bind_text(run, 3, ir->file);
        res_bind_text(run, 4, ir->label);
        res_bind_text(run, 5, ir->format);
        res_bind_text(run, 6, ir->script_file);
        res_bind_text(run, 7, ir->script_digest);
        if ((rc = res_step_done(run)) != SQLITE_OK)
            break;
        int64_t run_id = sqlite3_last_insert_rowid(s->db);
        if (a->ids)
            a->ids[r] = run_id;
        for (size_t i = 0; rc == SQLITE_OK && err == SIM_OK && i < ir->n; i++) {
            const res_import_session_t *ss = &ir->sessions[i];
            if ((err = check_session(s, ir, i)) != SIM_OK)
                break;
            sqlite3_bind_int64(sess, 1, run_id);
            sqlite3_bind_text(sess, 2, ss->workload, -1, SQLITE_STATIC);
            sqlite3_bind_text(sess, 3, ss->path, -1, SQLITE_STATIC);
            if (ss->lob_chars)
                sqlite3_bind_int64(sess, 4, (sqlite3_int64)ss->lob_chars);
            else
                sqlite3_bind_null(sess, 4);
            sqlite3_bind_int64(sess, 5, ss->block_size);
            sqlite3_bind_int64(sess, 6, (sqlite3_int64)ss->rows);
            if (ss->piece_size)
                sqlite3_bind_int64(sess, 7, ss->piece_size);
            else
                sqlite3_bind_null(sess, 7);
            if (ss->step)
                sqlite3_bind_int64(sess, 8, ss->step);
            else
                sqlite3_bind_null(sess, 8);
            res_bind_text(sess, 9, ss->statement);
            res_bind_text(sess, 10, ss->table);
            res_bind_text(sess, 11, ss->segment);
            if ((rc = res_step_done(sess)) != SQLITE_OK)
                break;
            sqlite3_int64 sid = sqlite3_last_insert_rowid(s->db);
            for (size_t k = 0; rc == SQLITE_OK && k < ss->nfigures; k++) {
                const res_named_value_t *f = &ss->figures[k];
                int idx = sim_stat_by_name(f->name);
                sqlite3_stmt *st = idx >= 0 ? stat : other;
                sqlite3_bind_int64(st, 1, sid);
                if (idx >= 0)
                    sqlite3_bind_int(st, 2, sim_stat_info((sim_stat_t)idx)->number);
                else
                    sqlite3_bind_text(st, 2, f->name, -1, SQLITE_STATIC);
                sqlite3_bind_int64(st, 3, f->value);
                rc = res_step_done(st);
                if (rc == SQLITE_OK && idx >= 0 && ss->printed && ss->printed[k]) {
                    sqlite3_bind_int64(printed, 1, sid);
                    sqlite3_bind_int(printed, 2, sim_stat_info((sim_stat_t)idx)->number);
                    sqlite3_bind_text(printed, 3, ss->printed[k], -1, SQLITE_STATIC);
                    rc = res_step_done(printed);
                }
            }
            for (size_t p = 0; rc == SQLITE_OK && p < ss->nparts; p++)
                for (size_t k = 0; rc == SQLITE_OK && k < ss->parts[p].nfigures; k++) {
                    const res_named_value_t *f = &ss->parts[p].figures[k];
                    sqlite3_bind_int64(part, 1, sid);
                    sqlite3_bind_text(part, 2, ss->parts[p].name, -1, SQLITE_STATIC);
                    sqlite3_bind_int(part, 3,
                                     sim_stat_info((sim_stat_t)sim_stat_by_name(f->name))->number);
                    sqlite3_bind_int64(part, 4, f->value);
                    rc = res_step_done(part);
                }
            if (rc == SQLITE_OK)
                rc = insert_snapshots(snap, sid, ss);
        }
    }
    if (rc != SQLITE_OK && err == SIM_OK)
        err = res_db_fail(s, rc, "cannot import");
    sqlite3_finalize(run);
    sqlite3_finalize(sess);
    sqlite3_finalize(stat);
    sqlite3_finalize(other);
    sqlite3_finalize(printed);
    sqlite3_finalize(part);
    sqlite3_finalize(snap);
    return err;
}

sim_err_t res_record_import(res_store_t *s, const res_import_run_t *runs, size_t n,
                            int64_t *run_ids)
{
    assert(s != NULL);
    assert(runs != NULL || n == 0);
    if (!s->db)
        return res_probe_only(s);
    if (n == 0)
        return res_store_err(s, SIM_EINVAL, "cannot import: no files given");
    if (s->readonly)
        return res_store_err(s, SIM_EINVAL, "cannot import: store opened read-only");
    import_args_t a = {runs, n, run_ids};
    sim_err_t err = res_write_tx(s, import_body, &a);
    if (err == SIM_OK)
        s->errmsg[0] = '\0';
    return err;
}

sim_err_t res_foreach_unmodelled(res_store_t *s, int64_t sid, res_named_fn fn, void *arg)
{
    assert(s != NULL);
    assert(fn != NULL);
    if (!s->db)
        return res_probe_only(s);
    sqlite3_stmt *st;
    int rc = res_prepare(
        s->db, "SELECT name, value FROM session_oracle_stats WHERE sid = ?1 ORDER BY name", &st);
    if (rc != SQLITE_OK)
        return res_db_fail(s, rc, "cannot read unmodelled figures");
    sqlite3_bind_int64(st, 1, sid);
    sim_err_t err = SIM_OK;
    while (err == SIM_OK && (rc = sqlite3_step(st)) == SQLITE_ROW) {
        res_named_value_t v = {(const char *)sqlite3_column_text(st, 0),
                               sqlite3_column_int64(st, 1)};
        err = fn(&v, arg);
    }
    if (err == SIM_OK && rc != SQLITE_DONE)
        err = res_db_fail(s, rc, "cannot read unmodelled figures");
    sqlite3_finalize(st);
    return err;
}
