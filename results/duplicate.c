/*
 * duplicate.c -- res_find_import(): whether a file about to be imported is
 * in the store already, as an imported run with the same sessions (case
 * and figures, name for name and value for value).  Each side is written
 * out the same way -- a line per session's case, then its figures sorted
 * by name -- and the texts compared, so that the two cannot disagree on
 * what "the same" means.  Reads only.
 */
#include "results_int.h"

#include <assert.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    char *p;
    size_t n, cap;
    int nomem;
} text_t;

static void put(text_t *t, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int need = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    if (t->nomem || need < 0)
        return;
    if (t->n + (size_t)need + 1 > t->cap) {
        size_t cap = (t->n + (size_t)need + 1) * 2;
        char *p = sim_realloc(t->p, cap);
        if (!p) {
            t->nomem = 1;
            return;
        }
        t->p = p;
        t->cap = cap;
    }
    va_start(ap, fmt);
    vsnprintf(t->p + t->n, (size_t)need + 1, fmt, ap);
    va_end(ap);
    t->n += (size_t)need;
}

static void put_case(text_t *t, const char *workload, const char *path, uint64_t lob_chars,
                     uint32_t block_size, uint64_t rows, uint64_t step, const char *table,
                     const char *segment)
{
    put(t, "case %s %s %" PRIu64 " %" PRIu32 " %" PRIu64 " %" PRIu64 " %s %s\n", workload, path,
        lob_chars, block_size, rows, step, table ? table : "-", segment ? segment : "-");
}

static int by_name(const void *a, const void *b)
{
    return strcmp(((const res_named_value_t *)a)->name, ((const res_named_value_t *)b)->name);
}

/* The run about to be imported, written out. */
static void import_text(const res_import_run_t *run, text_t *t)
{
    for (size_t i = 0; i < run->n && !t->nomem; i++) {
        const res_import_session_t *s = &run->sessions[i];
        put_case(t, s->workload, s->path, s->lob_chars, s->block_size, s->rows, s->step, s->table,
                 s->segment);
        res_named_value_t *f = sim_malloc((s->nfigures ? s->nfigures : 1) * sizeof *f);
        if (!f) {
            t->nomem = 1;
            return;
        }
        memcpy(f, s->figures, s->nfigures * sizeof *f);
        qsort(f, s->nfigures, sizeof *f, by_name);
        for (size_t k = 0; k < s->nfigures; k++)
            put(t, "%s=%" PRId64 "\n", f[k].name, f[k].value);
        sim_free(f);
    }
}

/* Stored run `run`, written out the same way (its figures, modelled or
 * not, by name: SQLite's BINARY order is strcmp's). */
static sim_err_t stored_text(res_store_t *s, int64_t run, text_t *t)
{
    sqlite3_stmt *ss, *fs;
    int rc = res_prepare(s->db,
                         "SELECT sid, workload, path, lob_chars, block_size, rows, step,\n"
                         "  table_name, segment_name FROM sessions\n"
                         "  WHERE run = ?1 ORDER BY sid",
                         &ss);
    if (rc != SQLITE_OK)
        return res_db_fail(s, rc, "cannot read imported runs");
    rc = res_prepare(s->db,
                     "SELECT n.name, x.value FROM session_stats x JOIN v$statname n\n"
                     "  ON n.\"statistic#\" = x.\"statistic#\" WHERE x.sid = ?1\n"
                     "UNION ALL SELECT name, value FROM session_oracle_stats WHERE sid = ?1\n"
                     "ORDER BY 1",
                     &fs);
    if (rc != SQLITE_OK) {
        sqlite3_finalize(ss);
        return res_db_fail(s, rc, "cannot read imported runs");
    }
    sqlite3_bind_int64(ss, 1, run);
    while (!t->nomem && (rc = sqlite3_step(ss)) == SQLITE_ROW) {
        put_case(t, (const char *)sqlite3_column_text(ss, 1),
                 (const char *)sqlite3_column_text(ss, 2), (uint64_t)sqlite3_column_int64(ss, 3),
                 (uint32_t)sqlite3_column_int64(ss, 4), (uint64_t)sqlite3_column_int64(ss, 5),
                 (uint64_t)sqlite3_column_int64(ss, 6), (const char *)sqlite3_column_text(ss, 7),
                 (const char *)sqlite3_column_text(ss, 8));
        sqlite3_reset(fs);
        sqlite3_bind_int64(fs, 1, sqlite3_column_int64(ss, 0));
        while (!t->nomem && (rc = sqlite3_step(fs)) == SQLITE_ROW)
            put(t, "%s=%" PRId64 "\n", (const char *)sqlite3_column_text(fs, 0),
                sqlite3_column_int64(fs, 1));
        if (!t->nomem && rc != SQLITE_DONE)
            break;
        rc = SQLITE_ROW;
    }
    sim_err_t err = SIM_OK;
    if (!t->nomem && rc != SQLITE_DONE)
        err = res_db_fail(s, rc, "cannot read imported runs");
    sqlite3_finalize(fs);
    sqlite3_finalize(ss);
    return err;
}

sim_err_t res_find_import(res_store_t *s, const res_import_run_t *run, int64_t *run_id)
{
    assert(s != NULL && run != NULL && run_id != NULL);
    *run_id = 0;
    if (!s->db)
        return res_probe_only(s);
    text_t want = {0};
    import_text(run, &want);
    if (want.nomem) {
        sim_free(want.p);
        return SIM_ENOMEM;
    }
    sqlite3_stmt *st;
    int rc = res_prepare(s->db, "SELECT run FROM runs WHERE import_format IS NOT NULL ORDER BY run",
                         &st);
    if (rc != SQLITE_OK) {
        sim_free(want.p);
        return res_db_fail(s, rc, "cannot read imported runs");
    }
    sim_err_t err = SIM_OK;
    while (err == SIM_OK && !*run_id && (rc = sqlite3_step(st)) == SQLITE_ROW) {
        text_t got = {0};
        int64_t id = sqlite3_column_int64(st, 0);
        err = stored_text(s, id, &got);
        if (err == SIM_OK && got.nomem)
            err = SIM_ENOMEM;
        if (err == SIM_OK && got.n == want.n && memcmp(got.p, want.p, want.n) == 0)
            *run_id = id;
        sim_free(got.p);
    }
    if (err == SIM_OK && !*run_id && rc != SQLITE_DONE)
        err = res_db_fail(s, rc, "cannot read imported runs");
    sqlite3_finalize(st);
    sim_free(want.p);
    return err;
}
