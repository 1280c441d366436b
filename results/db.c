/*
 * db.c -- what the SQLite side of the store shares: error messages on the
 * handle, small SQL helpers, the retry pause and the write transaction.
 *
 * Every write of the store goes through res_write_tx(): BEGIN IMMEDIATE, the
 * body, COMMIT, all retried from the start while SQLite answers SQLITE_BUSY
 * (which its busy handler does not always cover, e.g. when BEGIN IMMEDIATE
 * races a WAL recovery).  A body that fails leaves nothing behind:
 * res_write_tx() rolls back.  Nothing here changes the file by itself.
 */
#define _POSIX_C_SOURCE 200809L

#include "results_int.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

/* ---- messages ----------------------------------------------------------- */

sim_err_t res_set_err(res_store_t *s, sim_err_t err, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    res_vformat(s->errmsg, sizeof s->errmsg, fmt, ap);
    va_end(ap);
    res_one_line(s->errmsg);
    return err;
}

sim_err_t res_store_err(res_store_t *s, sim_err_t err, const char *fmt, ...)
{
    char what[768];
    va_list ap;
    va_start(ap, fmt);
    res_vformat(what, sizeof what, fmt, ap);
    va_end(ap);
    res_format(s->errmsg, sizeof s->errmsg, "%s: %s", s->path, what);
    res_one_line(s->errmsg);
    return err;
}

sim_err_t res_probe_only(res_store_t *s)
{
    return res_store_err(s, SIM_EINVAL,
                         "opened with RES_OPEN_PROBE, which only checks the file; open it again "
                         "to read it");
}

sim_err_t res_map_rc(int rc)
{
    switch (rc & 0xff) {
    case SQLITE_OK:
        return SIM_OK;
    case SQLITE_NOMEM:
        return SIM_ENOMEM;
    case SQLITE_CORRUPT:
        return SIM_ECORRUPT;
    case SQLITE_NOTADB:
    case SQLITE_CONSTRAINT:
    case SQLITE_MISMATCH:
    case SQLITE_RANGE:
        return SIM_EINVAL;
    default:
        return SIM_EIO;
    }
}

sim_err_t res_db_fail(res_store_t *s, int rc, const char *what)
{
    s->busy = (rc & 0xff) == SQLITE_BUSY || (rc & 0xff) == SQLITE_LOCKED;
    const char *msg = s->db ? sqlite3_errmsg(s->db) : sqlite3_errstr(rc);
    if ((rc & 0xff) == SQLITE_CANTOPEN && s->db && sqlite3_system_errno(s->db))
        return res_store_err(s, SIM_EIO, "%s: %s (%s)", what, msg,
                             strerror(sqlite3_system_errno(s->db)));
    return res_store_err(s, res_map_rc(rc), "%s: %s", what, msg);
}

/* ---- small SQL helpers --------------------------------------------------- */

int res_prepare(sqlite3 *db, const char *sql, sqlite3_stmt **st)
{
    return sqlite3_prepare_v2(db, sql, -1, st, NULL);
}

int res_query_int(sqlite3 *db, const char *sql, int64_t *out)
{
    sqlite3_stmt *st;
    int rc = res_prepare(db, sql, &st);
    if (rc != SQLITE_OK)
        return rc;
    rc = sqlite3_step(st);
    *out = rc == SQLITE_ROW ? sqlite3_column_int64(st, 0) : 0;
    if (rc == SQLITE_ROW || rc == SQLITE_DONE)
        rc = SQLITE_OK;
    sqlite3_finalize(st);
    return rc;
}

int res_step_done(sqlite3_stmt *st)
{
    int rc = sqlite3_step(st);
    sqlite3_reset(st);
    return rc == SQLITE_DONE ? SQLITE_OK : rc;
}

void res_bind_text(sqlite3_stmt *st, int i, const char *v)
{
    if (v)
        sqlite3_bind_text(st, i, v, -1, SQLITE_TRANSIENT);
    else
        sqlite3_bind_null(st, i);
}

/* Seeds above INT64_MAX read back negative in the shell. */
sqlite3_int64 res_seed_to_db(uint64_t seed)
{
    sqlite3_int64 v;
    memcpy(&v, &seed, sizeof v);
    return v;
}

uint64_t res_seed_from_db(sqlite3_int64 v)
{
    uint64_t seed;
    memcpy(&seed, &v, sizeof seed);
    return seed;
}

char *res_dup_str(const char *s)
{
    if (!s)
        return NULL;
    size_t n = strlen(s) + 1;
    char *d = sim_malloc(n);
    if (d)
        memcpy(d, s, n);
    return d;
}

int res_name_ok(const char *name)
{
    size_t n = name ? strlen(name) : 0;
    return n >= 1 && n <= RES_NAME_MAX &&
           strspn(name, "abcdefghijklmnopqrstuvwxyz0123456789_") == n;
}

int res_open_db(const char *path, int flags, sqlite3 **db)
{
    int rc = sqlite3_open_v2(path, db, flags, NULL);
    if (rc == SQLITE_OK) {
        sqlite3_extended_result_codes(*db, 1);
        sqlite3_busy_timeout(*db, RES_BUSY_TIMEOUT_MS);
        rc = sqlite3_exec(*db, "PRAGMA foreign_keys = ON", NULL, NULL, NULL);
    }
    return rc;
}

void res_rollback(res_store_t *s)
{
    if (!sqlite3_get_autocommit(s->db))
        sqlite3_exec(s->db, "ROLLBACK", NULL, NULL, NULL);
}

/* ---- retrying ------------------------------------------------------------- */

static double now_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

void res_retry_start(res_retry_t *r)
{
    r->deadline = now_seconds() + RES_RETRY_SECONDS;
    r->pause_ms = 1;
}

int res_retry_wait(res_retry_t *r)
{
    if (now_seconds() > r->deadline)
        return 0;
    struct timespec ts = {r->pause_ms / 1000, (long)(r->pause_ms % 1000) * 1000000L};
    while (nanosleep(&ts, &ts) != 0 && errno == EINTR)
        ;
    r->pause_ms = r->pause_ms < 64 ? r->pause_ms * 2 : 100;
    return 1;
}

sim_err_t res_write_tx(res_store_t *s, res_tx_body_fn body, void *arg)
{
    res_retry_t retry;
    res_retry_start(&retry);
    for (;;) {
        sim_err_t err;
        s->busy = 0;
        int rc = sqlite3_exec(s->db, "BEGIN IMMEDIATE", NULL, NULL, NULL);
        if (rc != SQLITE_OK) {
            err = res_db_fail(s, rc, "cannot start a write transaction");
        } else {
            err = body(s, arg);
            if (err == SIM_OK) {
                rc = sqlite3_exec(s->db, "COMMIT", NULL, NULL, NULL);
                if (rc == SQLITE_OK)
                    return SIM_OK;
                err = res_db_fail(s, rc, "cannot commit");
            }
            res_rollback(s);
        }
        if (!s->busy || !res_retry_wait(&retry))
            return err;
    }
}
