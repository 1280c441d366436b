/*
 * store.c -- the results store on SQLite.
 *
 * A file is a lobsim store when its header carries application_id 'LOBS'
 * and a user_version between 1 and RES_SCHEMA_VERSION.  res_open() inspects
 * an existing file on a read-only connection first, in one read transaction
 * (probe()), so that a file it refuses is never opened for writing; a hot
 * journal that an interrupted write of an older lobsim left beside a store is
 * rolled back first (recover_journal()), when the caller may write.  Then, in
 * one write transaction, init_body() classifies the file again (another
 * process may have changed it meanwhile), runs the migrations it lacks and
 * syncs v$statname; only then does set_wal() switch the journal to WAL.
 *
 * A new store is never made in place: create_store() builds it whole in
 * "PATH-new-XXXXXX" beside PATH (build_store(): schema, catalogue, WAL mode,
 * closed with nothing left in a journal or WAL) and install() moves it into
 * place in one step, under the directory's flock() so that of two first runs
 * one wins and the other opens its store: link() where nothing is, rename()
 * over an empty file.  A creation that dies leaves only the temporary file,
 * never a half-made store at PATH; remove_stale_temps() clears such files
 * away later.  An SQLite file without tables (not empty) is filled in place
 * like an upgrade.
 *
 * Every write goes through write_tx(): BEGIN IMMEDIATE, the body, COMMIT, all
 * retried from the start while SQLite answers SQLITE_BUSY (which its busy
 * handler does not always cover, e.g. when BEGIN IMMEDIATE races a WAL
 * recovery).  A body that fails leaves nothing behind: write_tx() rolls back.
 *
 *   state change                 function
 *   (nothing) -> schema v3       create_store() -> build_store() -> init_body(),
 *   empty file -> schema v3        then install()
 *   hot journal -> rolled back   probe() -> recover_journal()
 *   v1 -> v2 -> v3               init_body() -> migrate()
 *   v$statname <- catalogue      sync_statname()
 *   + run, sessions, figures,    res_record_run() -> record_body()
 *     repetition samples
 *   + reference run              res_load_reference() -> reference_body()
 */
#define _POSIX_C_SOURCE 200809L
#define _DEFAULT_SOURCE /* flock() */

#include "store_int.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

/* ---- schema ------------------------------------------------------------ */

/*
 * migrations[v] takes a store from version v to v + 1; a new file runs them
 * all, so a fresh store and an upgraded one have the same schema.  Never edit
 * a migration that has shipped: add the next one.
 */
static const char *const migrations[RES_SCHEMA_VERSION] = {
    /* 0 -> 1: runs, sessions and their figures, Oracle's views. */
    "CREATE TABLE runs (\n"
    "  run              INTEGER PRIMARY KEY AUTOINCREMENT,\n"
    "  source           TEXT NOT NULL CHECK (source IN ('lobsim', 'oracle')),\n"
    "  started          TEXT,\n"
    "  finished         TEXT,\n"
    "  git_commit       TEXT,\n"
    "  git_dirty        INTEGER CHECK (git_dirty IN (0, 1)),\n"
    "  host             TEXT,\n"
    "  compiler         TEXT,\n"
    "  build_type       TEXT,\n"
    "  command_line     TEXT,\n"
    "  params           TEXT,\n"
    "  seed             INTEGER,\n"
    "  completed        INTEGER NOT NULL CHECK (completed IN (0, 1)),\n"
    "  reference_file   TEXT,\n"
    "  reference_digest TEXT\n"
    ");\n"
    "CREATE INDEX runs_by_commit ON runs (git_commit);\n"
    "CREATE UNIQUE INDEX runs_by_reference_digest ON runs (reference_digest)\n"
    "  WHERE reference_digest IS NOT NULL;\n"
    "CREATE TABLE v$statname (\n"
    "  \"statistic#\" INTEGER PRIMARY KEY,\n"
    "  name         TEXT NOT NULL UNIQUE,\n"
    "  class        INTEGER NOT NULL,\n"
    "  shown_in     TEXT NOT NULL,\n"
    "  meaning      TEXT NOT NULL\n"
    ");\n"
    "CREATE TABLE sessions (\n"
    "  sid        INTEGER PRIMARY KEY AUTOINCREMENT,\n"
    "  run        INTEGER NOT NULL REFERENCES runs (run),\n"
    "  path       TEXT NOT NULL,\n"
    "  lob_chars  INTEGER NOT NULL CHECK (lob_chars > 0),\n"
    "  lob_kchars AS (CASE WHEN lob_chars % 1024 = 0 THEN lob_chars / 1024\n"
    "                      ELSE lob_chars / 1024.0 END),\n"
    "  block_size INTEGER NOT NULL,\n"
    "  rows       INTEGER NOT NULL,\n"
    "  piece_size INTEGER,\n"
    "  seed       INTEGER,\n"
    "  params     TEXT\n"
    ");\n"
    "CREATE INDEX sessions_by_run ON sessions (run);\n"
    "CREATE TABLE session_stats (\n"
    "  sid          INTEGER NOT NULL REFERENCES sessions (sid),\n"
    "  \"statistic#\" INTEGER NOT NULL REFERENCES v$statname (\"statistic#\"),\n"
    "  value        INTEGER NOT NULL,\n"
    "  PRIMARY KEY (sid, \"statistic#\")\n"
    ") WITHOUT ROWID;\n"
    "CREATE VIEW latest_run AS\n"
    "  SELECT max(run) AS run FROM runs WHERE source = 'lobsim' AND completed = 1;\n"
    "CREATE VIEW reference_run AS\n"
    "  SELECT max(run) AS run FROM runs WHERE source = 'oracle';\n"
    "CREATE VIEW v$session AS\n"
    "  SELECT s.sid, s.run, r.source, s.path, s.lob_chars, s.lob_kchars, s.block_size,\n"
    "         s.rows, s.piece_size, s.seed, s.params\n"
    "  FROM sessions s JOIN runs r USING (run);\n"
    "CREATE VIEW v$sesstat AS\n"
    "  SELECT st.sid, st.\"statistic#\", st.value\n"
    "  FROM session_stats st JOIN v$statname n USING (\"statistic#\")\n"
    "  WHERE n.shown_in = 'v$sesstat';\n"
    "CREATE VIEW v$mystat AS\n"
    "  SELECT sid, \"statistic#\", value FROM v$sesstat\n"
    "  WHERE sid IN (SELECT sid FROM sessions WHERE run = (SELECT run FROM latest_run));\n"
    "CREATE VIEW v$enqueue_stat AS\n"
    "  SELECT st.sid, 'TX' AS eq_type, 'Transaction' AS req_reason, st.value AS \"total_req#\"\n"
    "  FROM session_stats st JOIN v$statname n USING (\"statistic#\")\n"
    "  WHERE n.name = 'ENQ: TX - Transaction';\n"
    "CREATE VIEW v$transaction AS\n"
    "  SELECT st.sid, st.value AS used_urec\n"
    "  FROM session_stats st JOIN v$statname n USING (\"statistic#\")\n"
    "  WHERE n.name = 'v$transaction.used_urec';\n",

    /* 1 -> 2: Google Benchmark's timing per session; the reference layout. */
    "ALTER TABLE sessions ADD COLUMN iterations INTEGER;\n"
    "ALTER TABLE sessions ADD COLUMN real_time_ns REAL;\n"
    "ALTER TABLE sessions ADD COLUMN cpu_time_ns REAL;\n"
    "ALTER TABLE sessions ADD COLUMN repetitions INTEGER;\n"
    "DROP VIEW v$session;\n"
    "CREATE VIEW v$session AS\n"
    "  SELECT s.sid, s.run, r.source, s.path, s.lob_chars, s.lob_kchars, s.block_size,\n"
    "         s.rows, s.piece_size, s.seed, s.iterations, s.real_time_ns, s.cpu_time_ns,\n"
    "         s.repetitions\n"
    "  FROM sessions s JOIN runs r USING (run);\n"
    "CREATE VIEW figures AS\n"
    "  SELECT s.run, r.source, s.sid, s.path, s.lob_chars, s.lob_kchars, s.block_size, s.rows,\n"
    "         st.\"statistic#\", n.name AS statistic, st.value\n"
    "  FROM session_stats st JOIN sessions s USING (sid) JOIN runs r USING (run)\n"
    "       JOIN v$statname n USING (\"statistic#\");\n"
    "CREATE VIEW run_by_lob_size AS\n"
    "  SELECT run, path, block_size, rows, \"statistic#\", statistic,\n"
    "         max(CASE WHEN lob_kchars = 2 THEN value END) AS lob_2k,\n"
    "         max(CASE WHEN lob_kchars = 4 THEN value END) AS lob_4k,\n"
    "         max(CASE WHEN lob_kchars = 6 THEN value END) AS lob_6k,\n"
    "         max(CASE WHEN lob_kchars = 8 THEN value END) AS lob_8k,\n"
    "         max(CASE WHEN lob_kchars = 16 THEN value END) AS lob_16k,\n"
    "         max(CASE WHEN lob_kchars = 32 THEN value END) AS lob_32k,\n"
    "         max(CASE WHEN lob_kchars = 64 THEN value END) AS lob_64k,\n"
    "         max(CASE WHEN lob_kchars = 128 THEN value END) AS lob_128k,\n"
    "         max(CASE WHEN lob_kchars = 256 THEN value END) AS lob_256k\n"
    "  FROM figures\n"
    "  GROUP BY run, path, block_size, rows, \"statistic#\"\n"
    "  ORDER BY run, path DESC, block_size, rows, \"statistic#\";\n"
    "CREATE VIEW latest_by_lob_size AS\n"
    "  SELECT * FROM run_by_lob_size WHERE run = (SELECT run FROM latest_run);\n"
    "CREATE VIEW reference_by_lob_size AS\n"
    "  SELECT * FROM run_by_lob_size WHERE run = (SELECT run FROM reference_run);\n"
    "CREATE VIEW latest_vs_reference AS\n"
    "  SELECT o.path, o.lob_kchars, o.block_size, o.rows, o.\"statistic#\", o.statistic,\n"
    "         l.value AS lobsim, o.value AS oracle,\n"
    "         CASE WHEN o.value <> 0 THEN round(CAST(l.value AS REAL) / o.value, 4) END\n"
    "           AS ratio\n"
    "  FROM figures o\n"
    "  LEFT JOIN figures l\n"
    "    ON l.run = (SELECT run FROM latest_run) AND l.path = o.path\n"
    "   AND l.lob_chars = o.lob_chars AND l.block_size = o.block_size AND l.rows = o.rows\n"
    "   AND l.\"statistic#\" = o.\"statistic#\"\n"
    "  WHERE o.run = (SELECT run FROM reference_run)\n"
    "  ORDER BY o.path DESC, o.\"statistic#\", o.lob_chars;\n",

    /* 2 -> 3: every repetition's timing, for lobdiff's significance test;
     * the workload of each session (older ones were all inserts), and the
     * views that show sessions again with it. */
    "CREATE TABLE session_timings (\n"
    "  sid          INTEGER NOT NULL REFERENCES sessions (sid),\n"
    "  repetition   INTEGER NOT NULL CHECK (repetition >= 0),\n"
    "  real_time_ns REAL NOT NULL,\n"
    "  cpu_time_ns  REAL NOT NULL,\n"
    "  PRIMARY KEY (sid, repetition)\n"
    ") WITHOUT ROWID;\n"
    "ALTER TABLE sessions ADD COLUMN workload TEXT NOT NULL DEFAULT 'insert';\n"
    "DROP VIEW latest_vs_reference;\n"
    "DROP VIEW reference_by_lob_size;\n"
    "DROP VIEW latest_by_lob_size;\n"
    "DROP VIEW run_by_lob_size;\n"
    "DROP VIEW figures;\n"
    "DROP VIEW v$session;\n"
    "CREATE VIEW v$session AS\n"
    "  SELECT s.sid, s.run, r.source, s.workload, s.path, s.lob_chars, s.lob_kchars,\n"
    "         s.block_size, s.rows, s.piece_size, s.seed, s.iterations, s.real_time_ns,\n"
    "         s.cpu_time_ns, s.repetitions\n"
    "  FROM sessions s JOIN runs r USING (run);\n"
    "CREATE VIEW timings AS\n"
    "  SELECT s.run, r.source, s.sid, s.workload, s.path, s.lob_chars, s.lob_kchars,\n"
    "         s.block_size, s.rows, t.repetition, t.real_time_ns, t.cpu_time_ns\n"
    "  FROM session_timings t JOIN sessions s USING (sid) JOIN runs r USING (run);\n"
    "CREATE VIEW figures AS\n"
    "  SELECT s.run, r.source, s.sid, s.workload, s.path, s.lob_chars, s.lob_kchars,\n"
    "         s.block_size, s.rows, st.\"statistic#\", n.name AS statistic, st.value\n"
    "  FROM session_stats st JOIN sessions s USING (sid) JOIN runs r USING (run)\n"
    "       JOIN v$statname n USING (\"statistic#\");\n"
    "CREATE VIEW run_by_lob_size AS\n"
    "  SELECT run, workload, path, block_size, rows, \"statistic#\", statistic,\n"
    "         max(CASE WHEN lob_kchars = 2 THEN value END) AS lob_2k,\n"
    "         max(CASE WHEN lob_kchars = 4 THEN value END) AS lob_4k,\n"
    "         max(CASE WHEN lob_kchars = 6 THEN value END) AS lob_6k,\n"
    "         max(CASE WHEN lob_kchars = 8 THEN value END) AS lob_8k,\n"
    "         max(CASE WHEN lob_kchars = 16 THEN value END) AS lob_16k,\n"
    "         max(CASE WHEN lob_kchars = 32 THEN value END) AS lob_32k,\n"
    "         max(CASE WHEN lob_kchars = 64 THEN value END) AS lob_64k,\n"
    "         max(CASE WHEN lob_kchars = 128 THEN value END) AS lob_128k,\n"
    "         max(CASE WHEN lob_kchars = 256 THEN value END) AS lob_256k\n"
    "  FROM figures\n"
    "  GROUP BY run, workload, path, block_size, rows, \"statistic#\"\n"
    "  ORDER BY run, workload = 'insert' DESC, workload, path DESC, block_size, rows,\n"
    "           \"statistic#\";\n"
    "CREATE VIEW latest_by_lob_size AS\n"
    "  SELECT * FROM run_by_lob_size WHERE run = (SELECT run FROM latest_run);\n"
    "CREATE VIEW reference_by_lob_size AS\n"
    "  SELECT * FROM run_by_lob_size WHERE run = (SELECT run FROM reference_run);\n"
    "CREATE VIEW latest_vs_reference AS\n"
    "  SELECT o.path, o.lob_kchars, o.block_size, o.rows, o.\"statistic#\", o.statistic,\n"
    "         l.value AS lobsim, o.value AS oracle,\n"
    "         CASE WHEN o.value <> 0 THEN round(CAST(l.value AS REAL) / o.value, 4) END\n"
    "           AS ratio\n"
    "  FROM figures o\n"
    "  LEFT JOIN figures l\n"
    "    ON l.run = (SELECT run FROM latest_run) AND l.workload = o.workload\n"
    "   AND l.path = o.path AND l.lob_chars = o.lob_chars AND l.block_size = o.block_size\n"
    "   AND l.rows = o.rows AND l.\"statistic#\" = o.\"statistic#\"\n"
    "  WHERE o.run = (SELECT run FROM reference_run)\n"
    "  ORDER BY o.path DESC, o.\"statistic#\", o.lob_chars;\n",
};

/* The tables every version has; a file that lacks one is not a store. */
static const char *const core_tables[] = {"runs", "sessions", "session_stats", "v$statname"};

/* The experiment behind the reference figures (reference/README.md). */
#define REF_BLOCK_SIZE 8192
#define REF_ROWS 10000
#define REF_HEADER "path,lob_kchars,statistic,value"
#define REF_MAX_BYTES (16u << 20)

#define TIME_FMT "'%Y-%m-%dT%H:%M:%SZ'"

/* ---- errors ------------------------------------------------------------- */

static void vformat(char *buf, size_t len, const char *fmt, va_list ap)
{
    if (len == 0)
        return;
    vsnprintf(buf, len, fmt, ap);
}

static void format(char *buf, size_t len, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vformat(buf, len, fmt, ap);
    va_end(ap);
}

/* Every message is one line, whatever SQLite or the file system said. */
static void one_line(char *msg)
{
    for (; *msg; msg++)
        if (*msg == '\n' || *msg == '\r')
            *msg = ' ';
}

/* A message that names its own file (CSV errors, argument errors). */
static sim_err_t set_err(res_store_t *s, sim_err_t err, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vformat(s->errmsg, sizeof s->errmsg, fmt, ap);
    va_end(ap);
    one_line(s->errmsg);
    return err;
}

/* A message about the database file: "PATH: what". */
static sim_err_t store_err(res_store_t *s, sim_err_t err, const char *fmt, ...)
{
    char what[768];
    va_list ap;
    va_start(ap, fmt);
    vformat(what, sizeof what, fmt, ap);
    va_end(ap);
    format(s->errmsg, sizeof s->errmsg, "%s: %s", s->path, what);
    one_line(s->errmsg);
    return err;
}

/* The answer of every function but res_close() on a RES_OPEN_PROBE handle. */
static sim_err_t probe_only(res_store_t *s)
{
    return store_err(s, SIM_EINVAL,
                     "opened with RES_OPEN_PROBE, which only checks the file; open it again to "
                     "read it");
}

static sim_err_t map_rc(int rc)
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

/* An SQLite failure: "PATH: what: sqlite's message". */
static sim_err_t db_fail(res_store_t *s, int rc, const char *what)
{
    s->busy = (rc & 0xff) == SQLITE_BUSY || (rc & 0xff) == SQLITE_LOCKED;
    const char *msg = s->db ? sqlite3_errmsg(s->db) : sqlite3_errstr(rc);
    if ((rc & 0xff) == SQLITE_CANTOPEN && s->db && sqlite3_system_errno(s->db))
        return store_err(s, SIM_EIO, "%s: %s (%s)", what, msg,
                         strerror(sqlite3_system_errno(s->db)));
    return store_err(s, map_rc(rc), "%s: %s", what, msg);
}

/* ---- small SQL helpers --------------------------------------------------- */

static int prepare(sqlite3 *db, const char *sql, sqlite3_stmt **st)
{
    return sqlite3_prepare_v2(db, sql, -1, st, NULL);
}

/* The single integer a query returns (0 for no row or NULL). */
static int query_int(sqlite3 *db, const char *sql, int64_t *out)
{
    sqlite3_stmt *st;
    int rc = prepare(db, sql, &st);
    if (rc != SQLITE_OK)
        return rc;
    rc = sqlite3_step(st);
    *out = rc == SQLITE_ROW ? sqlite3_column_int64(st, 0) : 0;
    if (rc == SQLITE_ROW || rc == SQLITE_DONE)
        rc = SQLITE_OK;
    sqlite3_finalize(st);
    return rc;
}

static void bind_text(sqlite3_stmt *st, int i, const char *v)
{
    if (v)
        sqlite3_bind_text(st, i, v, -1, SQLITE_TRANSIENT);
    else
        sqlite3_bind_null(st, i);
}

/* Seeds are 64-bit unsigned; SQLite's integers are signed.  The bits are kept:
 * seeds above INT64_MAX read back negative in the shell. */
static sqlite3_int64 seed_to_db(uint64_t seed)
{
    sqlite3_int64 v;
    memcpy(&v, &seed, sizeof v);
    return v;
}

static uint64_t seed_from_db(sqlite3_int64 v)
{
    uint64_t seed;
    memcpy(&seed, &v, sizeof seed);
    return seed;
}

static char *dup_str(const char *s)
{
    if (!s)
        return NULL;
    size_t n = strlen(s) + 1;
    char *d = sim_malloc(n);
    if (d)
        memcpy(d, s, n);
    return d;
}

static double now_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

static void sleep_ms(unsigned ms)
{
    struct timespec ts = {ms / 1000, (long)(ms % 1000) * 1000000L};
    while (nanosleep(&ts, &ts) != 0 && errno == EINTR)
        ;
}

/* ---- what kind of file is this ------------------------------------------ */

/* KIND_UNRECOVERED: ours, with a hot journal only a read-write open can roll
 * back (RES_OPEN_PROBE accepts it as such). */
enum { KIND_EMPTY, KIND_STORE, KIND_UNRECOVERED };

/* How res_open() may treat the file. */
typedef enum {
    MODE_READ,  /* RES_OPEN_READONLY: read, never write */
    MODE_PROBE, /* RES_OPEN_PROBE: what would a write open refuse?  Never write */
    MODE_WRITE
} open_mode_t;

/*
 * Classify the file behind db without writing to it: KIND_EMPTY (no tables,
 * no application id: a new store), or KIND_STORE with its *version.  Anything
 * else is refused with a message in err.
 */
static sim_err_t classify(sqlite3 *db, const char *path, int *kind, int *version, char *err,
                          size_t errlen)
{
    int64_t app_id, uv, objects;
    int rc = query_int(db, "PRAGMA application_id", &app_id);
    if (rc == SQLITE_OK)
        rc = query_int(db, "PRAGMA user_version", &uv);
    if (rc == SQLITE_OK)
        rc = query_int(db, "SELECT count(*) FROM sqlite_master", &objects);
    if ((rc & 0xff) == SQLITE_NOTADB) {
        format(err, errlen, "%s: not a lobsim results database (not an SQLite file)", path);
        return SIM_EINVAL;
    }
    if (rc != SQLITE_OK) {
        format(err, errlen, "%s: %s: %s", path,
               (rc & 0xff) == SQLITE_CORRUPT ? "corrupt" : "cannot read", sqlite3_errmsg(db));
        return map_rc(rc);
    }
    if (app_id == 0 && uv == 0 && objects == 0) {
        *kind = KIND_EMPTY;
        *version = 0;
        return SIM_OK;
    }
    if (app_id != RES_APPLICATION_ID) {
        char table[128] = "no tables";
        sqlite3_stmt *st;
        if (prepare(db, "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name", &st) ==
            SQLITE_OK) {
            if (sqlite3_step(st) == SQLITE_ROW)
                format(table, sizeof table, "table '%s'", (const char *)sqlite3_column_text(st, 0));
            sqlite3_finalize(st);
        }
        if (app_id == 0)
            format(err, errlen, "%s: not a lobsim results database (SQLite file holding %s)", path,
                   table);
        else
            format(err, errlen,
                   "%s: not a lobsim results database (SQLite file of application id %" PRId64
                   ", holding %s)",
                   path, app_id, table);
        return SIM_EINVAL;
    }
    if (uv > RES_SCHEMA_VERSION) {
        format(err, errlen,
               "%s: results schema version %" PRId64
               " is newer than this lobsim's %d; use a newer lobsim",
               path, uv, RES_SCHEMA_VERSION);
        return SIM_EINVAL;
    }
    if (uv < 1) {
        format(err, errlen, "%s: lobsim results database without a schema version", path);
        return SIM_ECORRUPT;
    }
    for (size_t i = 0; i < sizeof core_tables / sizeof core_tables[0]; i++) {
        sqlite3_stmt *st;
        int found = 0;
        rc = prepare(db, "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?", &st);
        if (rc == SQLITE_OK) {
            sqlite3_bind_text(st, 1, core_tables[i], -1, SQLITE_STATIC);
            rc = sqlite3_step(st);
            found = rc == SQLITE_ROW;
            rc = rc == SQLITE_ROW || rc == SQLITE_DONE ? SQLITE_OK : rc;
            sqlite3_finalize(st);
        }
        if (rc != SQLITE_OK) {
            format(err, errlen, "%s: cannot read: %s", path, sqlite3_errmsg(db));
            return map_rc(rc);
        }
        if (!found) {
            format(err, errlen, "%s: results schema version %" PRId64 " but no table '%s'", path,
                   uv, core_tables[i]);
            return SIM_ECORRUPT;
        }
    }
    *kind = KIND_STORE;
    *version = (int)uv;
    return SIM_OK;
}

/* The line of quick_check's report that says what is wrong: SQLite puts
 * "*** in database main ***" on a line of its own before it. */
static void first_problem(const char *report, char *out, size_t len)
{
    const char *p = report;
    while (*p) {
        size_t n = strcspn(p, "\r\n");
        if (n > 0 && strncmp(p, "***", 3) != 0) {
            format(out, len, "%.*s", (int)n, p);
            return;
        }
        p += n;
        p += strspn(p, "\r\n");
    }
    format(out, len, "quick_check failed");
}

/* PRAGMA quick_check: the first problem, or SIM_OK. */
static sim_err_t quick_check(sqlite3 *db, const char *path, char *err, size_t errlen)
{
    sqlite3_stmt *st;
    int rc = prepare(db, "PRAGMA quick_check(1)", &st);
    if (rc == SQLITE_OK) {
        rc = sqlite3_step(st);
        if (rc == SQLITE_ROW) {
            const char *res = (const char *)sqlite3_column_text(st, 0);
            if (!res || strcmp(res, "ok") != 0) {
                char what[256];
                first_problem(res ? res : "", what, sizeof what);
                format(err, errlen, "%s: corrupt: database disk image is malformed: %s", path,
                       what);
                sqlite3_finalize(st);
                return SIM_ECORRUPT;
            }
            rc = SQLITE_OK;
        }
        if (rc == SQLITE_DONE)
            rc = SQLITE_OK;
        sqlite3_finalize(st);
    }
    if (rc != SQLITE_OK) {
        format(err, errlen, "%s: %s: %s", path,
               (rc & 0xff) == SQLITE_CORRUPT ? "corrupt" : "cannot read", sqlite3_errmsg(db));
        return map_rc(rc);
    }
    return SIM_OK;
}

static int open_db(const char *path, int flags, sqlite3 **db)
{
    int rc = sqlite3_open_v2(path, db, flags, NULL);
    if (rc == SQLITE_OK) {
        sqlite3_extended_result_codes(*db, 1);
        sqlite3_busy_timeout(*db, RES_BUSY_TIMEOUT_MS);
        rc = sqlite3_exec(*db, "PRAGMA foreign_keys = ON", NULL, NULL, NULL);
    }
    return rc;
}

/* ---- files beside the store ---------------------------------------------- */

#define PATH_BUF 4096
/* The characters of the random part of a temporary file's name. */
#define TEMP_CHARS "abcdefghijklmnopqrstuvwxyz0123456789"
#define TEMP_RANDOM 6

/* The directory part of path, or "." */
static void parent_dir(const char *path, char *dir, size_t len)
{
    const char *slash = strrchr(path, '/');
    if (!slash)
        format(dir, len, ".");
    else if (slash == path)
        format(dir, len, "/");
    else
        format(dir, len, "%.*s", (int)(slash - path), path);
}

/* The size of file + suffix ("-journal", "-wal"), -1 if there is none. */
static long long aux_size(const char *file, const char *suffix)
{
    char p[PATH_BUF];
    struct stat sb;
    int n = snprintf(p, sizeof p, "%s%s", file, suffix);
    if (n < 0 || (size_t)n >= sizeof p || stat(p, &sb) != 0)
        return -1;
    return (long long)sb.st_size;
}

static void aux_unlink(const char *file, const char *suffix)
{
    char p[PATH_BUF];
    int n = snprintf(p, sizeof p, "%s%s", file, suffix);
    if (n > 0 && (size_t)n < sizeof p)
        unlink(p);
}

/*
 * path with the symbolic links of its last component followed, as SQLite
 * follows them for the journal and the WAL: a link to a missing file makes
 * that file, and the temporary file goes beside it.  0 or an errno.
 */
static int follow_links(const char *path, char *out, size_t len)
{
    if (strlen(path) >= len)
        return ENAMETOOLONG;
    format(out, len, "%s", path);
    for (int hops = 0; hops < 40; hops++) {
        struct stat sb;
        char target[PATH_BUF], dir[PATH_BUF];
        if (lstat(out, &sb) != 0 || !S_ISLNK(sb.st_mode))
            return 0;
        ssize_t n = readlink(out, target, sizeof target);
        if (n < 0)
            return errno;
        if ((size_t)n >= sizeof target)
            return ENAMETOOLONG;
        target[n] = '\0';
        parent_dir(out, dir, sizeof dir);
        int w = target[0] == '/' || !strchr(out, '/') ? snprintf(out, len, "%s", target)
                                                      : snprintf(out, len, "%s/%s", dir, target);
        if (w < 0 || (size_t)w >= len)
            return ENAMETOOLONG;
    }
    return ELOOP;
}

/* Does the header say "lobsim store" (SQLite's magic, our application id)?
 * Read with read(): an SQLite connection would try to roll back a journal. */
static int header_is_ours(const char *file)
{
    unsigned char h[100];
    int fd = open(file, O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return 0;
    ssize_t n = read(fd, h, sizeof h);
    close(fd);
    if (n != (ssize_t)sizeof h || memcmp(h, "SQLite format 3", 16) != 0)
        return 0;
    uint32_t app = (uint32_t)h[68] << 24 | (uint32_t)h[69] << 16 | (uint32_t)h[70] << 8 | h[71];
    return app == RES_APPLICATION_ID;
}

/* Is name "BASE-new-XXXXXX", or one of SQLite's files beside such a file? */
static int is_temp_name(const char *name, const char *prefix)
{
    size_t plen = strlen(prefix);
    if (strncmp(name, prefix, plen) != 0 || strspn(name + plen, TEMP_CHARS) != TEMP_RANDOM)
        return 0;
    name += plen + TEMP_RANDOM;
    return !*name || strcmp(name, "-journal") == 0 || strcmp(name, "-wal") == 0 ||
           strcmp(name, "-shm") == 0;
}

/*
 * Remove what creations that died left beside file: temporary files not
 * touched for RES_STALE_TEMP_SECONDS (a live creation takes well under a
 * second) and extra names of the store itself (a creation killed between
 * link() and unlink()).  They are only ever unlinked, never opened: none is
 * taken for a store.
 */
static void remove_stale_temps(const char *file)
{
    char dir[PATH_BUF], prefix[PATH_BUF], p[PATH_BUF];
    const char *slash = strrchr(file, '/');
    parent_dir(file, dir, sizeof dir);
    format(prefix, sizeof prefix, "%s" RES_TEMP_INFIX, slash ? slash + 1 : file);
    struct stat target, sb;
    int have_target = stat(file, &target) == 0;
    time_t now = time(NULL);
    DIR *d = opendir(dir);
    if (!d)
        return;
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        if (!is_temp_name(e->d_name, prefix))
            continue;
        int n = snprintf(p, sizeof p, "%s/%s", dir, e->d_name);
        if (n < 0 || (size_t)n >= sizeof p || lstat(p, &sb) != 0 || !S_ISREG(sb.st_mode))
            continue;
        if ((have_target && sb.st_dev == target.st_dev && sb.st_ino == target.st_ino) ||
            difftime(now, sb.st_mtime) > RES_STALE_TEMP_SECONDS)
            unlink(p);
    }
    closedir(d);
}

/* ---- looking before writing ------------------------------------------------- */

/*
 * Roll back the hot journal an interrupted write left beside a store of ours
 * (older lobsim created stores in rollback-journal mode): any read on a
 * read-write connection does it.  A journal of a writer that is still at work
 * is not hot, and SQLite leaves it alone.
 */
static sim_err_t recover_journal(res_store_t *s, const char *file)
{
    sqlite3 *db = NULL;
    int64_t n;
    int rc = open_db(file, SQLITE_OPEN_READWRITE, &db);
    if (rc == SQLITE_OK)
        rc = query_int(db, "SELECT count(*) FROM sqlite_master", &n);
    sim_err_t err = SIM_OK;
    if (rc != SQLITE_OK)
        err = store_err(s, map_rc(rc), "cannot roll back an interrupted write: %s",
                        db ? sqlite3_errmsg(db) : sqlite3_errstr(rc));
    sqlite3_close(db);
    return err;
}

/*
 * Look at an existing file on a read-only connection, in one read
 * transaction: the header and the tables of one moment, even while another
 * process creates or upgrades the file.  A hot journal (an interrupted
 * write) is rolled back first if mode allows writing and the file is ours.
 * On success *db is that connection (the caller keeps it for a read-only
 * store or closes it); on failure the message is in s->errmsg.
 */
static sim_err_t probe(res_store_t *s, const char *file, open_mode_t mode, sqlite3 **db, int *kind,
                       int *version)
{
    int ours = aux_size(file, "-journal") > 0 && header_is_ours(file);
    *db = NULL;
    if (ours && mode == MODE_WRITE) {
        sim_err_t err = recover_journal(s, file);
        if (err != SIM_OK)
            return err;
    }
    int rc = open_db(file, SQLITE_OPEN_READONLY, db);
    if (rc != SQLITE_OK) {
        store_err(s, SIM_EIO, "cannot open: %s", *db ? sqlite3_errmsg(*db) : sqlite3_errstr(rc));
        sqlite3_close(*db);
        *db = NULL;
        return map_rc(rc);
    }
    sim_err_t err;
    rc = sqlite3_exec(*db, "BEGIN", NULL, NULL, NULL);
    if (rc != SQLITE_OK)
        err = store_err(s, map_rc(rc), "cannot read: %s", sqlite3_errmsg(*db));
    else
        err = classify(*db, s->path, kind, version, s->errmsg, sizeof s->errmsg);
    if (err == SIM_OK && *kind == KIND_STORE)
        err = quick_check(*db, s->path, s->errmsg, sizeof s->errmsg);
    if (err != SIM_OK && sqlite3_extended_errcode(*db) == SQLITE_READONLY_ROLLBACK) {
        if (!ours) {
            err = store_err(s, SIM_EINVAL,
                            "not a lobsim results database, and an interrupted write left a "
                            "journal beside it; not touching it");
        } else if (mode == MODE_PROBE) {
            err = SIM_OK;
            *kind = KIND_UNRECOVERED;
            *version = 0;
            s->errmsg[0] = '\0';
        } else {
            err = store_err(s, SIM_EIO,
                            "interrupted write left a journal; run lobbench on it once to recover");
        }
    }
    if (err == SIM_OK && (rc = sqlite3_exec(*db, "COMMIT", NULL, NULL, NULL)) != SQLITE_OK)
        err = store_err(s, map_rc(rc), "cannot read: %s", sqlite3_errmsg(*db));
    if (err != SIM_OK) {
        sqlite3_close(*db);
        *db = NULL;
    }
    return err;
}

/* ---- transactions ------------------------------------------------------- */

typedef sim_err_t (*tx_body_fn)(res_store_t *s, void *arg);

static void rollback(res_store_t *s)
{
    if (!sqlite3_get_autocommit(s->db))
        sqlite3_exec(s->db, "ROLLBACK", NULL, NULL, NULL);
}

/*
 * Run body in one BEGIN IMMEDIATE .. COMMIT.  On failure everything body did
 * is rolled back; a failure that was SQLITE_BUSY starts over until
 * RES_RETRY_SECONDS have passed.
 */
static sim_err_t write_tx(res_store_t *s, tx_body_fn body, void *arg)
{
    double deadline = now_seconds() + RES_RETRY_SECONDS;
    unsigned pause = 1;
    for (;;) {
        sim_err_t err;
        s->busy = 0;
        int rc = sqlite3_exec(s->db, "BEGIN IMMEDIATE", NULL, NULL, NULL);
        if (rc != SQLITE_OK) {
            err = db_fail(s, rc, "cannot start a write transaction");
        } else {
            err = body(s, arg);
            if (err == SIM_OK) {
                rc = sqlite3_exec(s->db, "COMMIT", NULL, NULL, NULL);
                if (rc == SQLITE_OK)
                    return SIM_OK;
                err = db_fail(s, rc, "cannot commit");
            }
            rollback(s);
        }
        if (!s->busy || now_seconds() > deadline)
            return err;
        sleep_ms(pause);
        pause = pause < 64 ? pause * 2 : 100;
    }
}

/* ---- the schema and the catalogue ------------------------------------------ */

static sim_err_t migrate(res_store_t *s, int from)
{
    for (int v = from; v < RES_SCHEMA_VERSION; v++) {
        int rc = sqlite3_exec(s->db, migrations[v], NULL, NULL, NULL);
        if (rc == SQLITE_OK) {
            char sql[64];
            format(sql, sizeof sql, "PRAGMA user_version = %d", v + 1);
            rc = sqlite3_exec(s->db, sql, NULL, NULL, NULL);
        }
        if (rc != SQLITE_OK) {
            char what[64];
            format(what, sizeof what, "cannot upgrade schema %d to %d", v, v + 1);
            return db_fail(s, rc, what);
        }
    }
    return SIM_OK;
}

/* Bring v$statname in line with sim_stat_info(); rows that already match are
 * not touched, so opening a current store writes nothing. */
static sim_err_t sync_statname(res_store_t *s)
{
    sqlite3_stmt *st;
    int rc = prepare(s->db,
                     "INSERT INTO v$statname (\"statistic#\", name, class, shown_in, meaning)\n"
                     "VALUES (?1, ?2, ?3, ?4, ?5)\n"
                     "ON CONFLICT (\"statistic#\") DO UPDATE SET name = excluded.name,\n"
                     "  class = excluded.class, shown_in = excluded.shown_in,\n"
                     "  meaning = excluded.meaning\n"
                     "WHERE name IS NOT excluded.name OR class IS NOT excluded.class\n"
                     "   OR shown_in IS NOT excluded.shown_in OR meaning IS NOT excluded.meaning",
                     &st);
    for (int i = 0; rc == SQLITE_OK && i < SIM_STAT_COUNT; i++) {
        const sim_stat_info_t *info = sim_stat_info((sim_stat_t)i);
        sqlite3_bind_int(st, 1, info->number);
        sqlite3_bind_text(st, 2, info->name, -1, SQLITE_STATIC);
        sqlite3_bind_int(st, 3, info->oclass);
        sqlite3_bind_text(st, 4, sim_view_name(info->view), -1, SQLITE_STATIC);
        sqlite3_bind_text(st, 5, info->meaning, -1, SQLITE_STATIC);
        rc = sqlite3_step(st);
        rc = rc == SQLITE_DONE ? SQLITE_OK : rc;
        sqlite3_reset(st);
    }
    sqlite3_finalize(st);
    return rc == SQLITE_OK ? SIM_OK : db_fail(s, rc, "cannot update v$statname");
}

static sim_err_t init_body(res_store_t *s, void *arg)
{
    (void)arg;
    int kind, version;
    sim_err_t err = classify(s->db, s->path, &kind, &version, s->errmsg, sizeof s->errmsg);
    if (err != SIM_OK)
        return err;
    if (kind == KIND_EMPTY) {
        char sql[64];
        format(sql, sizeof sql, "PRAGMA application_id = %d", RES_APPLICATION_ID);
        int rc = sqlite3_exec(s->db, sql, NULL, NULL, NULL);
        if (rc != SQLITE_OK)
            return db_fail(s, rc, "cannot create the store");
    }
    err = migrate(s, version);
    return err == SIM_OK ? sync_statname(s) : err;
}

/* WAL lets readers and one writer work at once; the switch needs a moment
 * when no one else holds the file, so it retries like a transaction. */
static sim_err_t set_wal(res_store_t *s)
{
    double deadline = now_seconds() + RES_RETRY_SECONDS;
    unsigned pause = 1;
    for (;;) {
        int rc = sqlite3_exec(s->db, "PRAGMA journal_mode = WAL", NULL, NULL, NULL);
        if (rc == SQLITE_OK)
            return SIM_OK;
        sim_err_t err = db_fail(s, rc, "cannot switch to WAL mode");
        if (!s->busy || now_seconds() > deadline)
            return err;
        sleep_ms(pause);
        pause = pause < 64 ? pause * 2 : 100;
    }
}

void res_close(res_store_t *s)
{
    if (!s)
        return;
    sqlite3_close(s->db);
    for (int i = 0; i < RUN_STR_COUNT; i++)
        sim_free(s->run_str[i]);
    sim_free(s->path);
    sim_free(s);
}

/* ---- making a new store ---------------------------------------------------- */

/*
 * Create "FILE-new-XXXXXX", empty, beside file.  When it is to take the place
 * of the empty file *like, it takes that file's mode (and owner, for root).
 */
static sim_err_t make_temp(res_store_t *s, const char *file, const struct stat *like, char *tmp,
                           size_t len)
{
    static const char chars[] = TEMP_CHARS;
    for (int attempt = 0; attempt < 100; attempt++) {
        unsigned char r[TEMP_RANDOM];
        char suffix[TEMP_RANDOM + 1];
        sqlite3_randomness(sizeof r, r);
        for (int i = 0; i < TEMP_RANDOM; i++)
            suffix[i] = chars[r[i] % (sizeof chars - 1)];
        suffix[TEMP_RANDOM] = '\0';
        int n = snprintf(tmp, len, "%s" RES_TEMP_INFIX "%s", file, suffix);
        if (n < 0 || (size_t)n >= len)
            return store_err(s, SIM_EINVAL, "cannot create: file name too long");
        int fd = open(tmp, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
        if (fd < 0 && errno == EEXIST)
            continue;
        if (fd < 0) {
            char dir[PATH_BUF];
            parent_dir(file, dir, sizeof dir);
            return store_err(s, SIM_EIO, "cannot create a file in %s: %s", dir, strerror(errno));
        }
        if (like) {
            if (geteuid() == 0 && fchown(fd, like->st_uid, like->st_gid) != 0) {
                /* root's file then; it can still be written */
            }
            if (fchmod(fd, like->st_mode & 07777) != 0) {
                /* the default mode then */
            }
        }
        close(fd);
        return SIM_OK;
    }
    return store_err(s, SIM_EIO, "cannot create a temporary file beside it");
}

static void unlink_temp(const char *tmp)
{
    unlink(tmp);
    aux_unlink(tmp, "-journal");
    aux_unlink(tmp, "-wal");
    aux_unlink(tmp, "-shm");
}

/*
 * Give the empty file tmp the schema, the catalogue and WAL mode, and close
 * it: nothing may be left in a journal or a WAL beside it, since only the
 * file itself is moved into place.
 */
static sim_err_t build_store(res_store_t *s, const char *tmp)
{
    int rc = open_db(tmp, SQLITE_OPEN_READWRITE, &s->db);
    sim_err_t err = rc == SQLITE_OK ? SIM_OK : db_fail(s, rc, "cannot create");
    if (err == SIM_OK)
        err = write_tx(s, init_body, NULL);
    if (err == SIM_OK)
        err = set_wal(s);
    rc = sqlite3_close(s->db);
    s->db = NULL;
    if (err == SIM_OK && rc != SQLITE_OK)
        err = store_err(s, map_rc(rc), "cannot create: %s", sqlite3_errstr(rc));
    if (err == SIM_OK && (aux_size(tmp, "-journal") > 0 || aux_size(tmp, "-wal") > 0))
        err = store_err(s, SIM_EIO, "cannot create: the new store did not close cleanly");
    return err;
}

/*
 * flock() the directory: creators move their stores into place one at a
 * time.  A file system without flock() (some network ones) goes unlocked
 * (README, "Left out").
 */
static sim_err_t lock_dir(res_store_t *s, int dfd, const char *dir)
{
    double deadline = now_seconds() + RES_RETRY_SECONDS;
    unsigned pause = 1;
    while (flock(dfd, LOCK_EX | LOCK_NB) != 0) {
        if (errno != EWOULDBLOCK && errno != EAGAIN && errno != EINTR)
            return SIM_OK;
        if (now_seconds() > deadline)
            return store_err(s, SIM_EIO, "cannot create: another process keeps %s locked", dir);
        sleep_ms(pause);
        pause = pause < 64 ? pause * 2 : 100;
    }
    return SIM_OK;
}

/*
 * Move the finished store tmp to file if the place is still free: nothing
 * there (empty NULL), or still the empty file *empty.  Under the directory's
 * lock one creator at a time looks and moves, so two first runs never both
 * take the place; and under it any journal, WAL or shared-memory file beside
 * the free place is stale -- no store is there to use it -- and removed,
 * lest SQLite take it for the new store's (a journal an older lobsim left
 * would be "rolled back" onto it).  Where nothing is, link() also keeps out
 * a program that makes the file meanwhile without the lock.  A place already
 * taken is no error: res_open() opens whatever store is there now.
 */
static sim_err_t install(res_store_t *s, const char *file, const struct stat *empty,
                         const char *tmp)
{
    char dir[PATH_BUF];
    parent_dir(file, dir, sizeof dir);
    int dfd = open(dir, O_RDONLY | O_CLOEXEC);
    if (dfd < 0)
        return store_err(s, SIM_EIO, "cannot create: %s: %s", dir, strerror(errno));
    sim_err_t err = lock_dir(s, dfd, dir);
    struct stat now;
    int free_place = 0;
    if (err == SIM_OK && empty)
        free_place = stat(file, &now) == 0 && now.st_dev == empty->st_dev &&
                     now.st_ino == empty->st_ino && now.st_size == 0;
    else if (err == SIM_OK)
        free_place = lstat(file, &now) != 0 && errno == ENOENT;
    if (free_place) {
        aux_unlink(file, "-journal");
        aux_unlink(file, "-wal");
        aux_unlink(file, "-shm");
        int rc = empty ? rename(tmp, file) : link(tmp, file);
        int e = errno;
        /* A file system without hard links: rename(), under the lock. */
        if (rc != 0 && !empty &&
            (e == EPERM || e == EOPNOTSUPP || e == ENOTSUP || e == ENOSYS || e == EMLINK) &&
            (rc = rename(tmp, file)) != 0)
            e = errno;
        if (rc != 0 && !(e == EEXIST && !empty))
            err = store_err(s, SIM_EIO, "cannot create: %s", strerror(e));
        else if (rc == 0 && fsync(dfd) != 0) {
            /* In place; only its durability waits for the next sync. */
        }
    }
    close(dfd); /* and with it the lock */
    return err;
}

/*
 * Make a new store at file -- where nothing is (empty NULL) or in the place
 * of the empty file *empty: built whole in a temporary file beside it, then
 * moved into place in one step, so that no process ever sees it half-made
 * and a creation that dies leaves only the temporary file.  On success
 * *again asks res_open() to open what is now at file like any existing
 * store: ours, or the one of a process that came first.
 */
static sim_err_t create_store(res_store_t *s, const char *file, const struct stat *empty,
                              int *again)
{
    char tmp[PATH_BUF];
    remove_stale_temps(file);
    sim_err_t err = make_temp(s, file, empty, tmp, sizeof tmp);
    if (err != SIM_OK)
        return err;
    err = build_store(s, tmp);
    if (err == SIM_OK)
        err = install(s, file, empty, tmp);
    unlink_temp(tmp); /* after link(): its second name; after rename(): nothing */
    if (err == SIM_OK)
        *again = 1;
    return err;
}

/* ---- opening ------------------------------------------------------------------ */

/*
 * One attempt at opening file (path with its links followed) for res_open();
 * *again when the file changed under it and the attempt is to be repeated.
 * Messages go to s->errmsg.
 */
static sim_err_t open_once(res_store_t *s, int flags, const char *file, int *again)
{
    open_mode_t mode = flags & RES_OPEN_READONLY ? MODE_READ
                       : flags & RES_OPEN_PROBE  ? MODE_PROBE
                                                 : MODE_WRITE;
    struct stat sb;
    char dir[PATH_BUF];
    *again = 0;
    parent_dir(file, dir, sizeof dir);
    if (stat(file, &sb) != 0) {
        if (errno != ENOENT)
            return store_err(s, SIM_EIO, "cannot access: %s", strerror(errno));
        if (mode == MODE_READ || !(flags & RES_OPEN_CREATE))
            return store_err(s, SIM_EIO, "no such file");
        struct stat ds;
        if (stat(dir, &ds) != 0 || !S_ISDIR(ds.st_mode))
            return store_err(s, SIM_EIO, "cannot create: directory %s does not exist", dir);
        if (access(dir, W_OK | X_OK) != 0)
            return store_err(s, SIM_EIO, "cannot create: directory %s is not writable", dir);
        return mode == MODE_PROBE ? SIM_OK : create_store(s, file, NULL, again);
    }
    if (S_ISDIR(sb.st_mode))
        return store_err(s, SIM_EIO, "is a directory, not a results database");
    if (!S_ISREG(sb.st_mode))
        return store_err(s, SIM_EIO, "not a regular file, not a results database");
    /* Refuse a file without write permission even as root, who could write it
     * anyway: someone protected it on purpose. */
    if (mode != MODE_READ && ((sb.st_mode & 0222) == 0 || access(file, W_OK) != 0))
        return store_err(s, SIM_EIO, "read-only file; refusing to record into it");
    /* A new store is made beside the file, and SQLite keeps its journal and
     * WAL there. */
    if (mode != MODE_READ && access(dir, W_OK | X_OK) != 0)
        return store_err(s, SIM_EIO, "cannot record: directory %s is not writable", dir);
    if (sb.st_size == 0) {
        if (mode == MODE_READ)
            return store_err(s, SIM_EINVAL, "empty file, not a lobsim results database");
        return mode == MODE_PROBE ? SIM_OK : create_store(s, file, &sb, again);
    }

    sqlite3 *db;
    int kind, version;
    sim_err_t err = probe(s, file, mode, &db, &kind, &version);
    if (err != SIM_OK)
        return err;
    if (mode == MODE_READ) {
        if (kind == KIND_EMPTY)
            err = store_err(s, SIM_EINVAL, "no tables, not a lobsim results database");
        else if (version < RES_SCHEMA_VERSION)
            err = store_err(s, SIM_EINVAL,
                            "results schema version %d; open it once for writing to upgrade it "
                            "to version %d",
                            version, RES_SCHEMA_VERSION);
        if (err != SIM_OK)
            sqlite3_close(db);
        else
            s->db = db;
        return err;
    }
    sqlite3_close(db);
    if (mode == MODE_PROBE)
        return SIM_OK;

    remove_stale_temps(file);
    int rc = open_db(file, SQLITE_OPEN_READWRITE, &s->db);
    if (rc != SQLITE_OK)
        return db_fail(s, rc, "cannot open");
    if (sqlite3_db_readonly(s->db, "main") == 1)
        return store_err(s, SIM_EIO, "read-only file; refusing to record into it");
    err = write_tx(s, init_body, NULL);
    return err == SIM_OK ? set_wal(s) : err;
}

sim_err_t res_open(const char *path, int flags, res_store_t **out, char *errbuf, size_t errlen)
{
    if (errlen > 0)
        errbuf[0] = '\0';
    if (!out)
        return SIM_EINVAL;
    *out = NULL;
    if (!path || !*path) {
        format(errbuf, errlen, "results store: empty file name; expected a path such as %s",
               RES_DEFAULT_PATH);
        return SIM_EINVAL;
    }
    if (flags & ~(RES_OPEN_READONLY | RES_OPEN_CREATE | RES_OPEN_PROBE)) {
        format(errbuf, errlen, "%s: unknown open flags 0x%x", path, (unsigned)flags);
        return SIM_EINVAL;
    }
    if ((flags & RES_OPEN_READONLY) && (flags & RES_OPEN_PROBE)) {
        format(errbuf, errlen, "%s: RES_OPEN_READONLY and RES_OPEN_PROBE exclude each other", path);
        return SIM_EINVAL;
    }

    res_store_t *s = sim_calloc(1, sizeof *s);
    char *pcopy = dup_str(path);
    if (!s || !pcopy) {
        sim_free(s);
        sim_free(pcopy);
        format(errbuf, errlen, "%s: out of memory", path);
        return SIM_ENOMEM;
    }
    s->path = pcopy;
    s->readonly = (flags & (RES_OPEN_READONLY | RES_OPEN_PROBE)) != 0;
    s->probe = (flags & RES_OPEN_PROBE) != 0;

    char file[PATH_BUF];
    sim_err_t err;
    int e = follow_links(path, file, sizeof file);
    if (e != 0) {
        err = store_err(s, SIM_EIO, "cannot access: %s", strerror(e));
    } else {
        int again = 1;
        err = SIM_OK;
        for (int attempt = 0; err == SIM_OK && again && attempt < RES_OPEN_ATTEMPTS; attempt++)
            err = open_once(s, flags, file, &again);
        if (err == SIM_OK && again)
            err = store_err(s, SIM_EIO, "the file kept changing while it was opened; try again");
    }
    if (err != SIM_OK) {
        format(errbuf, errlen, "%s", s->errmsg);
        one_line(errbuf);
        res_close(s);
        return err;
    }
    s->errmsg[0] = '\0';
    *out = s;
    return SIM_OK;
}

const char *res_errmsg(const res_store_t *s)
{
    return s ? s->errmsg : "results store: no handle";
}

const char *res_path(const res_store_t *s)
{
    return s ? s->path : NULL;
}

/* ---- recording a run ------------------------------------------------------ */

void res_run_defaults(res_run_t *r)
{
    memset(r, 0, sizeof *r);
    r->git_dirty = -1;
    r->completed = 1;
}

typedef struct {
    const res_run_t *run;
    const res_session_t *sessions;
    size_t n;
    int64_t run_id;
} record_args_t;

static int step_done(sqlite3_stmt *st)
{
    int rc = sqlite3_step(st);
    sqlite3_reset(st);
    return rc == SQLITE_DONE ? SQLITE_OK : rc;
}

static sim_err_t insert_run(res_store_t *s, const res_run_t *r, int64_t *run_id)
{
    sqlite3_stmt *st;
    int rc = prepare(s->db,
                     "INSERT INTO runs (source, started, finished, git_commit, git_dirty, host,\n"
                     "  compiler, build_type, command_line, params, seed, completed)\n"
                     "VALUES ('lobsim', strftime(" TIME_FMT ", ?1, 'unixepoch'),\n"
                     "  strftime(" TIME_FMT ", ?2, 'unixepoch'), ?3, ?4, ?5, ?6, ?7, ?8, ?9,\n"
                     "  ?10, ?11)",
                     &st);
    if (rc == SQLITE_OK) {
        if (r->started)
            sqlite3_bind_int64(st, 1, r->started);
        sqlite3_bind_int64(st, 2, r->finished ? r->finished : (int64_t)time(NULL));
        bind_text(st, 3, r->git_commit);
        if (r->git_dirty == 0 || r->git_dirty == 1)
            sqlite3_bind_int(st, 4, r->git_dirty);
        bind_text(st, 5, r->host);
        bind_text(st, 6, r->compiler);
        bind_text(st, 7, r->build_type);
        bind_text(st, 8, r->command_line);
        bind_text(st, 9, r->params);
        sqlite3_bind_int64(st, 10, seed_to_db(r->seed));
        sqlite3_bind_int(st, 11, r->completed ? 1 : 0);
        rc = step_done(st);
    }
    sqlite3_finalize(st);
    if (rc != SQLITE_OK)
        return db_fail(s, rc, "cannot record run");
    *run_id = sqlite3_last_insert_rowid(s->db);
    return SIM_OK;
}

/* Checked while inserting, not before: the transaction makes the difference
 * invisible, and a failure half-way is exactly what it must undo. */
static sim_err_t check_session(res_store_t *s, size_t i, const res_session_t *ss)
{
    const case_t *c = &ss->kase;
    if ((unsigned)c->path >= CASE_PATH_COUNT)
        return store_err(s, SIM_EINVAL,
                         "cannot record run: session %zu: path %d is neither local nor dblink",
                         i + 1, (int)c->path);
    if ((unsigned)c->workload >= workload_count())
        return store_err(s, SIM_EINVAL, "cannot record run: session %zu: unknown workload %d",
                         i + 1, (int)c->workload);
    if (c->lob_chars == 0 || c->lob_chars > INT64_MAX || c->rows > INT64_MAX)
        return store_err(s, SIM_EINVAL,
                         "cannot record run: session %zu (%s): LOB size %" PRIu64
                         " chars or rows %" PRIu64 " outside 1..%" PRId64,
                         i + 1, case_path_name(c->path), c->lob_chars, c->rows, INT64_MAX);
    if (ss->timed && ss->timing.iterations > INT64_MAX)
        return store_err(s, SIM_EINVAL,
                         "cannot record run: session %zu: iterations %" PRIu64 " above %" PRId64,
                         i + 1, ss->timing.iterations, INT64_MAX);
    const res_timing_t *t = &ss->timing;
    if (ss->timed && t->nsamples > 0) {
        if (t->nsamples > t->repetitions)
            return store_err(s, SIM_EINVAL,
                             "cannot record run: session %zu: %" PRIu32
                             " repetition samples but %" PRIu32 " repetitions",
                             i + 1, t->nsamples, t->repetitions);
        if (!t->real_samples_ns || !t->cpu_samples_ns)
            return store_err(s, SIM_EINVAL,
                             "cannot record run: session %zu: %" PRIu32
                             " repetition samples but no sample array",
                             i + 1, t->nsamples);
        for (uint32_t r = 0; r < t->nsamples; r++)
            if (!(isfinite(t->real_samples_ns[r]) && t->real_samples_ns[r] >= 0 &&
                  isfinite(t->cpu_samples_ns[r]) && t->cpu_samples_ns[r] >= 0))
                return store_err(s, SIM_EINVAL,
                                 "cannot record run: session %zu: repetition %" PRIu32
                                 " has time %g ns real, %g ns CPU; expected finite and >= 0",
                                 i + 1, r, t->real_samples_ns[r], t->cpu_samples_ns[r]);
    }
    for (int k = 0; k < SIM_STAT_COUNT; k++)
        if (ss->stats.v[k] > INT64_MAX)
            return store_err(s, SIM_EINVAL,
                             "cannot record run: session %zu (%s, %" PRIu64
                             " chars): '%s' = %" PRIu64 " does not fit the store (max %" PRId64 ")",
                             i + 1, case_path_name(c->path), c->lob_chars,
                             sim_stat_info((sim_stat_t)k)->name, ss->stats.v[k], INT64_MAX);
    return SIM_OK;
}

static sim_err_t record_body(res_store_t *s, void *arg)
{
    record_args_t *a = arg;
    sqlite3_stmt *ins_sess = NULL, *ins_stat = NULL, *ins_time = NULL;
    char *params = NULL;
    sim_err_t err = insert_run(s, a->run, &a->run_id);
    if (err != SIM_OK)
        return err;
    int rc = prepare(s->db,
                     "INSERT INTO sessions (run, path, lob_chars, block_size, rows, piece_size,\n"
                     "  seed, params, iterations, real_time_ns, cpu_time_ns, repetitions,\n"
                     "  workload)\n"
                     "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13)",
                     &ins_sess);
    if (rc == SQLITE_OK)
        rc = prepare(s->db,
                     "INSERT INTO session_stats (sid, \"statistic#\", value) VALUES (?1, ?2, ?3)",
                     &ins_stat);
    if (rc == SQLITE_OK)
        rc = prepare(s->db,
                     "INSERT INTO session_timings (sid, repetition, real_time_ns, cpu_time_ns)\n"
                     "VALUES (?1, ?2, ?3, ?4)",
                     &ins_time);
    for (size_t i = 0; rc == SQLITE_OK && err == SIM_OK && i < a->n; i++) {
        const res_session_t *ss = &a->sessions[i];
        const case_t *c = &ss->kase;
        if ((err = check_session(s, i, ss)) != SIM_OK)
            break;
        char probe_buf[1]; /* case_describe_params() wants a real buffer */
        int plen = case_describe_params(c, probe_buf, sizeof probe_buf);
        sim_free(params);
        params = sim_malloc(plen > 0 ? (size_t)plen + 1 : 1);
        if (!params) {
            err = store_err(s, SIM_ENOMEM, "cannot record run: out of memory");
            break;
        }
        params[0] = '\0';
        if (plen > 0)
            case_describe_params(c, params, (size_t)plen + 1);

        sqlite3_bind_int64(ins_sess, 1, a->run_id);
        sqlite3_bind_text(ins_sess, 2, case_path_name(c->path), -1, SQLITE_STATIC);
        sqlite3_bind_int64(ins_sess, 3, (sqlite3_int64)c->lob_chars);
        sqlite3_bind_int64(ins_sess, 4, c->block_size);
        sqlite3_bind_int64(ins_sess, 5, (sqlite3_int64)c->rows);
        sqlite3_bind_int64(ins_sess, 6, c->piece_size);
        sqlite3_bind_int64(ins_sess, 7, seed_to_db(c->seed));
        sqlite3_bind_text(ins_sess, 8, params, -1, SQLITE_TRANSIENT);
        sqlite3_bind_text(ins_sess, 13, workload_name(c->workload), -1, SQLITE_STATIC);
        for (int k = 9; k <= 12; k++)
            sqlite3_bind_null(ins_sess, k);
        if (ss->timed) {
            sqlite3_bind_int64(ins_sess, 9, (sqlite3_int64)ss->timing.iterations);
            sqlite3_bind_double(ins_sess, 10, ss->timing.real_time_ns);
            sqlite3_bind_double(ins_sess, 11, ss->timing.cpu_time_ns);
            sqlite3_bind_int64(ins_sess, 12, ss->timing.repetitions);
        }
        rc = step_done(ins_sess);
        sqlite3_int64 sid = sqlite3_last_insert_rowid(s->db);
        for (int k = 0; rc == SQLITE_OK && k < SIM_STAT_COUNT; k++) {
            sqlite3_bind_int64(ins_stat, 1, sid);
            sqlite3_bind_int(ins_stat, 2, sim_stat_info((sim_stat_t)k)->number);
            sqlite3_bind_int64(ins_stat, 3, (sqlite3_int64)ss->stats.v[k]);
            rc = step_done(ins_stat);
        }
        for (uint32_t r = 0; rc == SQLITE_OK && ss->timed && r < ss->timing.nsamples; r++) {
            sqlite3_bind_int64(ins_time, 1, sid);
            sqlite3_bind_int64(ins_time, 2, r);
            sqlite3_bind_double(ins_time, 3, ss->timing.real_samples_ns[r]);
            sqlite3_bind_double(ins_time, 4, ss->timing.cpu_samples_ns[r]);
            rc = step_done(ins_time);
        }
    }
    if (rc != SQLITE_OK && err == SIM_OK)
        err = db_fail(s, rc, "cannot record run");
    sim_free(params);
    sqlite3_finalize(ins_sess);
    sqlite3_finalize(ins_stat);
    sqlite3_finalize(ins_time);
    return err;
}

sim_err_t res_record_run(res_store_t *s, const res_run_t *run, const res_session_t *sessions,
                         size_t n, int64_t *run_id)
{
    if (!s)
        return SIM_EINVAL;
    if (!run || (!sessions && n > 0))
        return store_err(s, SIM_EINVAL, "cannot record run: no run or sessions given");
    if (n == 0)
        return store_err(s, SIM_EINVAL, "cannot record run: it has no sessions");
    if (s->readonly)
        return store_err(s, SIM_EINVAL, "cannot record run: store opened %s",
                         s->probe ? "to probe only (RES_OPEN_PROBE)" : "read-only");
    record_args_t a = {run, sessions, n, 0};
    sim_err_t err = write_tx(s, record_body, &a);
    if (err == SIM_OK) {
        s->errmsg[0] = '\0';
        if (run_id)
            *run_id = a.run_id;
    }
    return err;
}

/* ---- the reference CSV ---------------------------------------------------- */

typedef struct {
    case_path_t path;
    uint64_t kchars;
    int stat; /* sim_stat_t */
    int64_t value;
    int line;
} ref_figure_t;

typedef struct {
    const char *file;
    ref_figure_t *fig;
    size_t n;
    char digest[17];
    int64_t run_id;
} ref_args_t;

static uint64_t fnv1a64(const char *p, size_t n)
{
    uint64_t h = 0xcbf29ce484222325ULL;
    for (size_t i = 0; i < n; i++) {
        h ^= (unsigned char)p[i];
        h *= 0x100000001b3ULL;
    }
    return h;
}

/* Strict decimal: digits only, no sign or blanks, at most max. */
static int parse_u64(const char *s, uint64_t max, uint64_t *out)
{
    uint64_t v = 0;
    if (!*s)
        return -1;
    for (; *s; s++) {
        if (*s < '0' || *s > '9')
            return -1;
        unsigned d = (unsigned)(*s - '0');
        if (v > (max - d) / 10)
            return -1;
        v = v * 10 + d;
    }
    *out = v;
    return 0;
}

/*
 * Split a CSV line in place (RFC 4180 quoting: "a ""b"", c").  Returns the
 * number of fields, storing at most max; -1 with *why on bad quoting.
 */
static int csv_split(char *line, char **field, int max, const char **why)
{
    int n = 0;
    char *r = line, *w = line;
    for (;;) {
        char *start = w;
        if (*r == '"') {
            r++;
            for (;;) {
                if (*r == '\0') {
                    *why = "unterminated quoted field";
                    return -1;
                }
                if (*r == '"') {
                    if (r[1] == '"') {
                        *w++ = '"';
                        r += 2;
                        continue;
                    }
                    r++;
                    break;
                }
                *w++ = *r++;
            }
            if (*r != ',' && *r != '\0') {
                *why = "text after a closing quote";
                return -1;
            }
        } else {
            while (*r != ',' && *r != '\0') {
                if (*r == '"') {
                    *why = "quote inside an unquoted field";
                    return -1;
                }
                *w++ = *r++;
            }
        }
        int last = *r == '\0';
        *w++ = '\0';
        r++;
        if (n < max)
            field[n] = start;
        n++;
        if (last)
            return n;
    }
}

/* Read the whole file; *buf is NUL-terminated. */
static sim_err_t slurp(res_store_t *s, const char *file, char **buf, size_t *len)
{
    FILE *f = fopen(file, "rb");
    if (!f)
        return set_err(s, SIM_EIO, "%s: cannot read: %s", file, strerror(errno));
    size_t cap = 4096, n = 0;
    char *b = sim_malloc(cap);
    sim_err_t err = SIM_OK;
    while (b) {
        if (n + 1 >= cap) {
            char *nb = cap < REF_MAX_BYTES ? sim_realloc(b, cap * 2) : NULL;
            if (!nb) {
                err = cap < REF_MAX_BYTES
                          ? set_err(s, SIM_ENOMEM, "%s: out of memory", file)
                          : set_err(s, SIM_EINVAL, "%s: larger than %u bytes", file, REF_MAX_BYTES);
                break;
            }
            b = nb;
            cap *= 2;
        }
        size_t got = fread(b + n, 1, cap - n - 1, f);
        n += got;
        if (got == 0) {
            if (ferror(f))
                err = set_err(s, SIM_EIO, "%s: cannot read: %s", file, strerror(errno));
            break;
        }
    }
    if (!b && err == SIM_OK)
        err = set_err(s, SIM_ENOMEM, "%s: out of memory", file);
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

/* Parse and check every line before anything is written. */
static sim_err_t parse_reference(res_store_t *s, const char *file, char *text, size_t len,
                                 ref_args_t *a)
{
    size_t cap = 0;
    int line = 0;
    char *p = text, *end = text + len;
    if (len == 0)
        return set_err(s, SIM_EINVAL, "%s:1: empty file; expected the header %s", file, REF_HEADER);
    while (p < end) {
        char *nl = memchr(p, '\n', (size_t)(end - p));
        char *eol = nl ? nl : end;
        line++;
        if (memchr(p, '\0', (size_t)(eol - p)))
            return set_err(s, SIM_EINVAL, "%s:%d: NUL byte in a text file", file, line);
        if (eol > p && eol[-1] == '\r')
            eol[-1] = '\0';
        *eol = '\0';
        char *cur = p;
        p = eol + 1;
        if (line == 1) {
            if (strcmp(cur, REF_HEADER) != 0)
                return set_err(s, SIM_EINVAL, "%s:1: expected the header %s", file, REF_HEADER);
            continue;
        }
        if (*cur == '\0')
            continue;
        char *f[4];
        const char *why = NULL;
        int nf = csv_split(cur, f, 4, &why);
        if (nf < 0)
            return set_err(s, SIM_EINVAL, "%s:%d: %s", file, line, why);
        if (nf != 4)
            return set_err(s, SIM_EINVAL, "%s:%d: %d fields; expected 4: %s", file, line, nf,
                           REF_HEADER);
        ref_figure_t r = {.line = line};
        uint64_t v;
        if (case_path_parse(f[0], &r.path) != 0)
            return set_err(s, SIM_EINVAL, "%s:%d: path '%s'; expected local or dblink", file, line,
                           f[0]);
        if (parse_u64(f[1], (uint64_t)INT64_MAX / 1024, &r.kchars) != 0 || r.kchars == 0)
            return set_err(s, SIM_EINVAL,
                           "%s:%d: lob_kchars '%s'; expected a positive whole number", file, line,
                           f[1]);
        if ((r.stat = sim_stat_by_name(f[2])) < 0)
            return set_err(s, SIM_EINVAL, "%s:%d: statistic '%s' is not in v$statname", file, line,
                           f[2]);
        if (parse_u64(f[3], INT64_MAX, &v) != 0)
            return set_err(s, SIM_EINVAL,
                           "%s:%d: value '%s'; expected a whole number from 0 to %" PRId64, file,
                           line, f[3], INT64_MAX);
        r.value = (int64_t)v;
        for (size_t i = 0; i < a->n; i++) {
            const ref_figure_t *o = &a->fig[i];
            if (o->path == r.path && o->kchars == r.kchars && o->stat == r.stat)
                return set_err(s, SIM_EINVAL, "%s:%d: %s %" PRIu64 "k '%s' repeats line %d", file,
                               line, f[0], r.kchars, f[2], o->line);
        }
        if (a->n == cap) {
            size_t ncap = cap ? cap * 2 : 64;
            ref_figure_t *nf2 = sim_realloc(a->fig, ncap * sizeof *nf2);
            if (!nf2)
                return set_err(s, SIM_ENOMEM, "%s: out of memory", file);
            a->fig = nf2;
            cap = ncap;
        }
        a->fig[a->n++] = r;
    }
    if (a->n == 0)
        return set_err(s, SIM_EINVAL, "%s:%d: no figures after the header", file, line);
    return SIM_OK;
}

static sim_err_t reference_body(res_store_t *s, void *arg)
{
    ref_args_t *a = arg;
    sqlite3_stmt *st = NULL, *ins_sess = NULL, *ins_stat = NULL;
    int64_t *sid = NULL;
    sim_err_t err = SIM_OK;

    /* Inside the write transaction, so two processes cannot both load it. */
    int rc = prepare(s->db, "SELECT run FROM runs WHERE reference_digest = ?", &st);
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
    if (rc == SQLITE_OK)
        rc = prepare(s->db,
                     "INSERT INTO runs (source, params, completed, reference_file,\n"
                     "  reference_digest)\n"
                     "VALUES ('oracle', ?1, 1, ?2, ?3)",
                     &st);
    if (rc == SQLITE_OK) {
        char params[64];
        format(params, sizeof params, "block_size=%d rows=%d", REF_BLOCK_SIZE, REF_ROWS);
        sqlite3_bind_text(st, 1, params, -1, SQLITE_TRANSIENT);
        sqlite3_bind_text(st, 2, a->file, -1, SQLITE_STATIC);
        sqlite3_bind_text(st, 3, a->digest, -1, SQLITE_STATIC);
        rc = step_done(st);
        a->run_id = sqlite3_last_insert_rowid(s->db);
    }
    if (rc == SQLITE_OK)
        rc = prepare(s->db,
                     "INSERT INTO sessions (run, path, lob_chars, block_size, rows)\n"
                     "VALUES (?1, ?2, ?3, ?4, ?5)",
                     &ins_sess);
    if (rc == SQLITE_OK)
        rc = prepare(s->db,
                     "INSERT INTO session_stats (sid, \"statistic#\", value) VALUES (?1, ?2, ?3)",
                     &ins_stat);
    if (rc == SQLITE_OK && !(sid = sim_calloc(a->n, sizeof *sid)))
        err = store_err(s, SIM_ENOMEM, "cannot load %s: out of memory", a->file);
    /* One session per (path, size), in the order the file first names it;
     * sid[i] is figure i's session. */
    for (size_t i = 0; rc == SQLITE_OK && err == SIM_OK && i < a->n; i++) {
        const ref_figure_t *r = &a->fig[i];
        for (size_t j = 0; j < i && !sid[i]; j++)
            if (a->fig[j].path == r->path && a->fig[j].kchars == r->kchars)
                sid[i] = sid[j];
        if (!sid[i]) {
            sqlite3_bind_int64(ins_sess, 1, a->run_id);
            sqlite3_bind_text(ins_sess, 2, case_path_name(r->path), -1, SQLITE_STATIC);
            sqlite3_bind_int64(ins_sess, 3, (sqlite3_int64)(r->kchars * 1024));
            sqlite3_bind_int(ins_sess, 4, REF_BLOCK_SIZE);
            sqlite3_bind_int(ins_sess, 5, REF_ROWS);
            rc = step_done(ins_sess);
            sid[i] = sqlite3_last_insert_rowid(s->db);
        }
        if (rc == SQLITE_OK) {
            sqlite3_bind_int64(ins_stat, 1, sid[i]);
            sqlite3_bind_int(ins_stat, 2, sim_stat_info((sim_stat_t)r->stat)->number);
            sqlite3_bind_int64(ins_stat, 3, r->value);
            rc = step_done(ins_stat);
        }
    }
    if (rc != SQLITE_OK && err == SIM_OK) {
        char what[256];
        format(what, sizeof what, "cannot load %s", a->file);
        err = db_fail(s, rc, what);
    }
    sim_free(sid);
    sqlite3_finalize(st);
    sqlite3_finalize(ins_sess);
    sqlite3_finalize(ins_stat);
    return err;
}

sim_err_t res_load_reference(res_store_t *s, const char *csv_path, int64_t *run_id)
{
    if (!s)
        return SIM_EINVAL;
    if (!csv_path || !*csv_path)
        return store_err(s, SIM_EINVAL, "cannot load reference: empty CSV file name");
    if (s->readonly)
        return store_err(s, SIM_EINVAL, "cannot load %s: store opened %s", csv_path,
                         s->probe ? "to probe only (RES_OPEN_PROBE)" : "read-only");
    char *text = NULL;
    size_t len = 0;
    sim_err_t err = slurp(s, csv_path, &text, &len);
    if (err != SIM_OK)
        return err;
    ref_args_t a = {.file = csv_path};
    format(a.digest, sizeof a.digest, "%016" PRIx64, fnv1a64(text, len));
    err = parse_reference(s, csv_path, text, len, &a);
    if (err == SIM_OK)
        err = write_tx(s, reference_body, &a);
    sim_free(a.fig);
    sim_free(text);
    if (err == SIM_OK) {
        s->errmsg[0] = '\0';
        if (run_id)
            *run_id = a.run_id;
    }
    return err;
}

/* ---- reading -------------------------------------------------------------- */

/* The integer a query with parameters ?1 (and ?2 if text) returns; 0 if none.
 * Binding a parameter the query lacks is harmless. */
static sim_err_t query_run(res_store_t *s, const char *sql, int64_t param, const char *text,
                           int64_t *run)
{
    sqlite3_stmt *st;
    int rc = prepare(s->db, sql, &st);
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
    return rc == SQLITE_OK ? SIM_OK : db_fail(s, rc, "cannot read runs");
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
        return probe_only(s);
    if (!run_id)
        return store_err(s, SIM_EINVAL, "res_resolve_run: no output");
    if (!sel || !*sel)
        return store_err(s, SIM_EINVAL, "empty run selector; expected " SELECTORS);
    int64_t run = 0;
    uint64_t n;
    sim_err_t err;

    if (strcmp(sel, "reference") == 0) {
        if ((err = query_run(s, "SELECT run FROM reference_run", 0, NULL, &run)) != SIM_OK)
            return err;
        if (!run)
            return store_err(s, SIM_EINVAL, "no reference run; load the reference CSV first");
    } else if (strncmp(sel, "latest", 6) == 0) {
        const char *rest = sel + 6;
        n = 0;
        if (*rest && (*rest != '~' || parse_u64(rest + 1, INT64_MAX, &n) != 0))
            return store_err(s, SIM_EINVAL, "run selector '%s'; expected latest or latest~N", sel);
        if ((err = query_run(s,
                             "SELECT run FROM runs WHERE source = 'lobsim' AND completed = 1\n"
                             "ORDER BY run DESC LIMIT 1 OFFSET ?1",
                             (int64_t)n, NULL, &run)) != SIM_OK)
            return err;
        if (!run)
            return store_err(s, SIM_EINVAL,
                             "no run '%s': fewer than %" PRIu64 " completed lobsim runs", sel,
                             n + 1);
    } else {
        size_t len = strlen(sel);
        if (all_of(sel, "0123456789") && parse_u64(sel, INT64_MAX, &n) == 0) {
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
                return store_err(s, SIM_EINVAL,
                                 "commit prefix '%s' is ambiguous: %" PRId64 " commits match", sel,
                                 commits);
            if ((err = query_run(s,
                                 "SELECT max(run) FROM runs\n"
                                 "WHERE source = 'lobsim' AND completed = 1\n"
                                 "  AND substr(lower(git_commit), 1, ?1) = ?2",
                                 (int64_t)len, prefix, &run)) != SIM_OK)
                return err;
            if (!run)
                return store_err(s, SIM_EINVAL,
                                 "no run '%s': neither a run id nor the commit of a completed "
                                 "lobsim run",
                                 sel);
        } else if (!run) {
            return store_err(s, SIM_EINVAL, "no run '%s'; expected " SELECTORS, sel);
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
    if (v && !(s->run_str[slot] = dup_str(v)))
        return store_err(s, SIM_ENOMEM, "out of memory");
    *out = s->run_str[slot];
    return SIM_OK;
}

sim_err_t res_get_run(res_store_t *s, int64_t run_id, res_run_info_t *out)
{
    if (!s)
        return SIM_EINVAL;
    if (!s->db)
        return probe_only(s);
    if (!out)
        return store_err(s, SIM_EINVAL, "res_get_run: no output");
    sqlite3_stmt *st;
    int rc = prepare(s->db,
                     "SELECT run, source, reference_file, reference_digest, git_commit, host,\n"
                     "  compiler, build_type, command_line, params,\n"
                     "  CAST(strftime('%s', started) AS INTEGER),\n"
                     "  CAST(strftime('%s', finished) AS INTEGER), git_dirty, seed, completed\n"
                     "FROM runs WHERE run = ?1",
                     &st);
    if (rc != SQLITE_OK)
        return db_fail(s, rc, "cannot read runs");
    sqlite3_bind_int64(st, 1, run_id);
    rc = sqlite3_step(st);
    sim_err_t err = SIM_OK;
    if (rc == SQLITE_DONE) {
        err = store_err(s, SIM_EINVAL, "no run %" PRId64, run_id);
    } else if (rc != SQLITE_ROW) {
        err = db_fail(s, rc, "cannot read runs");
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
        for (int i = 0; i < RUN_STR_COUNT && err == SIM_OK; i++)
            err = keep_str(s, i, st, 1 + i, dst[i]);
        out->info.started = sqlite3_column_int64(st, 10);
        out->info.finished = sqlite3_column_int64(st, 11);
        out->info.git_dirty =
            sqlite3_column_type(st, 12) == SQLITE_NULL ? -1 : sqlite3_column_int(st, 12);
        out->has_seed = sqlite3_column_type(st, 13) != SQLITE_NULL;
        out->info.seed = seed_from_db(sqlite3_column_int64(st, 13));
        out->info.completed = sqlite3_column_int(st, 14);
    }
    sqlite3_finalize(st);
    if (err == SIM_OK)
        s->errmsg[0] = '\0';
    return err;
}

/* The catalogue index of a statistic#, or -1 for one this build lacks. */
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
        return probe_only(s);
    if (!fn)
        return store_err(s, SIM_EINVAL, "res_foreach_session: no callback");
    int64_t found;
    sim_err_t err = query_run(s, "SELECT run FROM runs WHERE run = ?1", run_id, NULL, &found);
    if (err != SIM_OK)
        return err;
    if (!found)
        return store_err(s, SIM_EINVAL, "no run %" PRId64, run_id);

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
        rc = prepare(s->db,
                     "SELECT sid, run, path, lob_chars, block_size, rows, piece_size, seed,\n"
                     "  params, iterations, real_time_ns, cpu_time_ns, repetitions, workload\n"
                     "FROM sessions WHERE run = ?1\n"
                     "ORDER BY CASE workload WHEN 'insert' THEN 0 WHEN 'scan' THEN 1\n"
                     "  WHEN 'rows' THEN 2 WHEN 'cluster' THEN 3 ELSE 4 END, workload,\n"
                     "  path DESC, block_size, rows, lob_chars, sid",
                     &ss);
    if (rc == SQLITE_OK)
        rc = prepare(s->db, "SELECT \"statistic#\", value FROM session_stats WHERE sid = ?1", &fig);
    if (rc == SQLITE_OK)
        rc = prepare(s->db,
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
        si.seed = seed_from_db(sqlite3_column_int64(ss, 7));
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
                    err = store_err(s, SIM_ENOMEM, "cannot read sessions: out of memory");
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
        err = db_fail(s, rc, "cannot read sessions");
    sqlite3_finalize(ss);
    sqlite3_finalize(fig);
    sqlite3_finalize(tim);
    sim_free(samples);
    if (!outer)
        rollback(s);
    if (err == SIM_OK)
        s->errmsg[0] = '\0';
    return err;
}

/* ---- invariants ----------------------------------------------------------- */

/* Each query returns a row only when its invariant (README numbering) fails. */
static const struct {
    const char *what;
    const char *sql;
} checks[] = {
    {"invariant 1: run %s has no sessions",
     "SELECT run FROM runs r WHERE NOT EXISTS (SELECT 1 FROM sessions s WHERE s.run = r.run)"},
    {"invariant 1: session %s has no figures",
     "SELECT sid FROM sessions s\n"
     "WHERE NOT EXISTS (SELECT 1 FROM session_stats st WHERE st.sid = s.sid)"},
    {"invariant 2: dangling reference in table %s",
     "SELECT \"table\" FROM pragma_foreign_key_check"},
    {"invariant 5: oracle run %s has a seed, timing or no digest",
     "SELECT r.run FROM runs r WHERE r.source = 'oracle' AND (r.seed IS NOT NULL\n"
     "  OR r.reference_digest IS NULL OR EXISTS (SELECT 1 FROM sessions s\n"
     "  WHERE s.run = r.run AND (s.iterations IS NOT NULL OR s.seed IS NOT NULL)))"},
    {"invariant 5: lobsim run %s has no seed or has a reference digest",
     "SELECT run FROM runs WHERE source = 'lobsim'\n"
     "  AND (seed IS NULL OR reference_digest IS NOT NULL)"},
    {"invariant 8: session %s has repetition samples that are not 0..n-1 of a timed session "
     "with at least n repetitions",
     "SELECT t.sid FROM session_timings t JOIN sessions s USING (sid)\n"
     "GROUP BY t.sid\n"
     "HAVING max(s.iterations) IS NULL OR max(s.repetitions) IS NULL\n"
     "    OR count(*) > max(s.repetitions) OR min(t.repetition) <> 0\n"
     "    OR max(t.repetition) <> count(*) - 1"},
};

sim_err_t res_check(res_store_t *s)
{
    if (!s)
        return SIM_EINVAL;
    if (!s->db)
        return probe_only(s);
    int kind, version;
    sim_err_t err = SIM_OK;
    int rc = sqlite3_exec(s->db, "BEGIN", NULL, NULL, NULL);
    if (rc != SQLITE_OK)
        return db_fail(s, rc, "cannot check");
    char msg[512];
    err = classify(s->db, s->path, &kind, &version, msg, sizeof msg);
    if (err != SIM_OK)
        err = set_err(s, SIM_ECORRUPT, "%s", msg);
    else if (kind != KIND_STORE || version != RES_SCHEMA_VERSION)
        err = store_err(s, SIM_ECORRUPT, "invariant 6: schema version %d, expected %d", version,
                        RES_SCHEMA_VERSION);
    for (size_t i = 0; err == SIM_OK && i < sizeof checks / sizeof checks[0]; i++) {
        sqlite3_stmt *st;
        rc = prepare(s->db, checks[i].sql, &st);
        if (rc == SQLITE_OK) {
            rc = sqlite3_step(st);
            if (rc == SQLITE_ROW)
                err = store_err(s, SIM_ECORRUPT, checks[i].what,
                                (const char *)sqlite3_column_text(st, 0));
            rc = rc == SQLITE_ROW || rc == SQLITE_DONE ? SQLITE_OK : rc;
            sqlite3_finalize(st);
        }
        if (rc != SQLITE_OK && err == SIM_OK)
            err = db_fail(s, rc, "cannot check");
    }
    /* Invariant 4: after a write open, v$statname is the catalogue. */
    if (err == SIM_OK && !s->readonly) {
        sqlite3_stmt *st;
        rc = prepare(s->db,
                     "SELECT count(*) FROM v$statname\n"
                     "WHERE \"statistic#\" = ?1 AND name = ?2 AND class = ?3 AND shown_in = ?4",
                     &st);
        for (int i = 0; rc == SQLITE_OK && err == SIM_OK && i < SIM_STAT_COUNT; i++) {
            const sim_stat_info_t *info = sim_stat_info((sim_stat_t)i);
            sqlite3_bind_int(st, 1, info->number);
            sqlite3_bind_text(st, 2, info->name, -1, SQLITE_STATIC);
            sqlite3_bind_int(st, 3, info->oclass);
            sqlite3_bind_text(st, 4, sim_view_name(info->view), -1, SQLITE_STATIC);
            rc = sqlite3_step(st);
            if (rc == SQLITE_ROW && sqlite3_column_int(st, 0) != 1)
                err = store_err(s, SIM_ECORRUPT, "invariant 4: v$statname lacks %d '%s'",
                                info->number, info->name);
            rc = rc == SQLITE_ROW ? SQLITE_OK : rc;
            sqlite3_reset(st);
        }
        sqlite3_finalize(st);
        if (rc != SQLITE_OK && err == SIM_OK)
            err = db_fail(s, rc, "cannot check");
    }
    rollback(s);
    if (err == SIM_OK)
        s->errmsg[0] = '\0';
    return err;
}
