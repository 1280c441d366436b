/*
 * results_int.h -- the results store's private parts, shared by the files of
 * results/ (README, "Files") and open to its tests.  Functions shared between
 * those files carry the component's one prefix, res_, as the public ones do;
 * each is defined in exactly one file, named beside its declaration.
 */
#ifndef LOBSIM_RESULTS_INT_H
#define LOBSIM_RESULTS_INT_H

#include <sqlite3.h>
#include <stdarg.h>
#include <sys/stat.h>

#include "results.h"

/* How long one statement waits for a lock before SQLite returns SQLITE_BUSY. */
#define RES_BUSY_TIMEOUT_MS 5000
/* How long a write keeps retrying a transaction that came back SQLITE_BUSY. */
#define RES_RETRY_SECONDS 60

/* A new store is built in "PATH" RES_TEMP_INFIX "XXXXXX" and then moved to PATH. */
#define RES_TEMP_INFIX "-new-"
/* A temporary file untouched for this long was left by a creation that died. */
#define RES_STALE_TEMP_SECONDS 600
/* How often res_open() starts over when another process changed the file
 * under it (created it first, or replaced the empty file it found). */
#define RES_OPEN_ATTEMPTS 8

/* Room for a file name built from the store's path. */
#define RES_PATH_BUF 4096

/* A session's figure, a snapshot's (?3 rows and ?6 seconds, NULL where
 * not known) and a part's, as lobbench's runs (record.c) and imported ones
 * (record_import.c) write them. */
#define RES_INSERT_STAT "INSERT INTO session_stats (sid, \"statistic#\", value) VALUES (?1, ?2, ?3)"
#define RES_INSERT_SNAP                                                                            \
    "INSERT INTO session_snapshots (sid, snap_id, snap_rows, \"statistic#\", value, "              \
    "snap_seconds)\n"                                                                              \
    "VALUES (?1, ?2, ?3, ?4, ?5, ?6)"

#define RES_INSERT_PART                                                                            \
    "INSERT INTO session_part_stats (sid, part, \"statistic#\", value)\n"                          \
    "VALUES (?1, ?2, ?3, ?4)"

/* The strings of the last res_get_run(), owned by the handle. */
enum {
    RUN_STR_SOURCE,
    RUN_STR_REF_FILE,
    RUN_STR_REF_DIGEST,
    RUN_STR_COMMIT,
    RUN_STR_HOST,
    RUN_STR_COMPILER,
    RUN_STR_BUILD,
    RUN_STR_CMDLINE,
    RUN_STR_PARAMS,
    RUN_STR_LABEL,
    RUN_STR_FORMAT,
    RUN_STR_SCRIPT,
    RUN_STR_SCRIPT_DIGEST,
    RUN_STR_COUNT
};

struct res_store {
    sqlite3 *db;
    char *path;
    int readonly; /* RES_OPEN_READONLY or RES_OPEN_PROBE */
    int probe;    /* RES_OPEN_PROBE: db is NULL, only res_close() applies */
    /* RES_OPEN_READONLY of a file with a -wal: the descriptor whose read lock
     * keeps the WAL in place for db (readonly.c), closed after db; else -1. */
    int lock_fd;
    /* Set by res_db_fail() when the failing call was SQLITE_BUSY/LOCKED: only
     * res_write_tx() and res_set_wal() look at it, to decide whether to retry. */
    int busy;
    char *run_str[RUN_STR_COUNT];
    /* res_set_workloads(): the program's workloads, strings in one block. */
    res_workload_t *workloads;
    size_t nworkloads;
    char errmsg[1024];
};

/* ---- msg.c: one-line messages (no SQLite: the reference parser uses it) -- */

/* snprintf that accepts len 0. */
void res_vformat(char *buf, size_t len, const char *fmt, va_list ap);
void res_format(char *buf, size_t len, const char *fmt, ...);
/* Every message is one line, whatever SQLite or the file system said. */
void res_one_line(char *msg);

/* ---- db.c: messages on the handle, small SQL helpers, the write transaction */

/* A message that names its own file (CSV errors, argument errors). */
sim_err_t res_set_err(res_store_t *s, sim_err_t err, const char *fmt, ...);
/* A message about the database file: "PATH: what". */
sim_err_t res_store_err(res_store_t *s, sim_err_t err, const char *fmt, ...);
/* The answer of every function but res_close() on a RES_OPEN_PROBE handle. */
sim_err_t res_probe_only(res_store_t *s);
sim_err_t res_map_rc(int rc);
/* An SQLite failure: "PATH: what: sqlite's message"; sets s->busy. */
sim_err_t res_db_fail(res_store_t *s, int rc, const char *what);

int res_prepare(sqlite3 *db, const char *sql, sqlite3_stmt **st);
/* The migration that takes a store from version `from` to from + 1 (0 <=
 * from < RES_SCHEMA_VERSION), as migrate() runs it: the tests build the
 * stores of older versions from these, not from copies. */
const char *res_migration(int from);
/* The single integer a query returns (0 for no row or NULL). */
int res_query_int(sqlite3 *db, const char *sql, int64_t *out);
/* Step a statement that returns no row and reset it: SQLITE_OK or the error. */
int res_step_done(sqlite3_stmt *st);
/* NULL binds NULL. */
void res_bind_text(sqlite3_stmt *st, int i, const char *v);
/* Seeds are 64-bit unsigned, SQLite's integers signed: the bits are kept. */
sqlite3_int64 res_seed_to_db(uint64_t seed);
uint64_t res_seed_from_db(sqlite3_int64 v);
char *res_dup_str(const char *s);
/* A workload, path or family name: 1 to RES_NAME_MAX characters from [a-z0-9_]. */
int res_name_ok(const char *name);
/* steps.c: what is wrong with a session's step (res_session_t.step,
 * statement, table, segment) and LOB size together, NULL when nothing: a
 * session of a sweep has a LOB size and no step; a step has its statement,
 * and a table (with or without its segment) or neither (the session's). */
const char *res_step_problem(uint32_t step, const char *statement, const char *table,
                             const char *segment, uint64_t lob_chars);
/* events.c: what is wrong with a session's place in a run of sessions at
 * once (NULL: nothing), its wait events checked (session i of the run),
 * and written with its snapshots' (SQLITE_OK or the error). */
const char *res_ses_problem(const res_session_t *ss);
sim_err_t res_check_events(res_store_t *s, size_t i, const res_session_t *ss);
int res_insert_events(sqlite3 *db, sqlite3_int64 sid, const res_session_t *ss);
/* A connection with extended codes, the busy timeout and foreign keys on. */
int res_open_db(const char *path, int flags, sqlite3 **db);
/* Roll back the transaction in progress, if any. */
void res_rollback(res_store_t *s);

/* The pauses of every retry loop: 1, 2, 4 .. 64, then 100 ms, until
 * RES_RETRY_SECONDS have passed since res_retry_start(). */
typedef struct {
    double deadline;
    unsigned pause_ms;
} res_retry_t;
void res_retry_start(res_retry_t *r);
/* Sleep before the next attempt; 0 (without sleeping) once time is up. */
int res_retry_wait(res_retry_t *r);

/*
 * Run body in one BEGIN IMMEDIATE .. COMMIT.  On failure everything body did
 * is rolled back; a failure that was SQLITE_BUSY starts over until
 * RES_RETRY_SECONDS have passed.
 */
typedef sim_err_t (*res_tx_body_fn)(res_store_t *s, void *arg);
sim_err_t res_write_tx(res_store_t *s, res_tx_body_fn body, void *arg);

/* ---- schema.c: what a store holds ---------------------------------------- */

/* RES_KIND_UNRECOVERED: ours, with a hot journal only a read-write open can
 * roll back (RES_OPEN_PROBE accepts it as such). */
enum { RES_KIND_EMPTY, RES_KIND_STORE, RES_KIND_UNRECOVERED };

/*
 * Classify the file behind db without writing to it: RES_KIND_EMPTY (no
 * tables, no application id: a new store), or RES_KIND_STORE with its
 * *version.  Anything else is refused with a message in err.
 */
sim_err_t res_classify(sqlite3 *db, const char *path, int *kind, int *version, char *err,
                       size_t errlen);
/* PRAGMA quick_check: SIM_OK, or the first problem in err. */
sim_err_t res_quick_check(sqlite3 *db, const char *path, char *err, size_t errlen);
/* A write-transaction body: classify again, give an empty file lobsim's
 * application id, run the migrations it lacks, sync v$statname. */
sim_err_t res_init_body(res_store_t *s, void *arg);
/* Switch to WAL, retrying while another connection holds the file. */
sim_err_t res_set_wal(res_store_t *s);

/* ---- workloads.c: the order of the workloads ------------------------------ */

/* A write-transaction step: the handle's workloads (res_set_workloads) into
 * the table `workloads`; nothing when the handle has none or the table
 * already says the same. */
sim_err_t res_write_workloads(res_store_t *s);
/* Forget the handle's workloads (res_close). */
void res_free_workloads(res_store_t *s);

/* ---- safety.c: the file-safety protocol ---------------------------------- */

/* How res_open() may treat the file. */
typedef enum {
    RES_MODE_READ,  /* RES_OPEN_READONLY: read, never write */
    RES_MODE_PROBE, /* RES_OPEN_PROBE: what would a write open refuse?  Never write */
    RES_MODE_WRITE
} res_open_mode_t;

/* path with the symbolic links of its last component followed.  0 or an errno. */
int res_follow_links(const char *path, char *out, size_t len);
/* Unlink the temporary files that creations which died left beside file. */
void res_remove_stale_temps(const char *file);
/*
 * A connection for RES_OPEN_READONLY that writes nothing and creates no file
 * beside file (readonly.c): SQLite's mode=ro where a -wal is there (setting
 * s->lock_fd) or the file is not in WAL mode, else a snapshot of the file in
 * memory.  On failure the message is in s->errmsg.
 */
sim_err_t res_open_read(res_store_t *s, const char *file, sqlite3 **db);
/*
 * Look at an existing file on a read-only connection in one read
 * transaction, after rolling back a hot journal of ours when mode allows.
 * On success *db is that connection; on failure the message is in s->errmsg.
 */
sim_err_t res_probe(res_store_t *s, const char *file, res_open_mode_t mode, sqlite3 **db, int *kind,
                    int *version);
/*
 * Make a new store at file (where nothing is: empty NULL; or in place of the
 * empty file *empty), built beside it and moved into place.  On success
 * *again asks res_open() to open what is now at file.
 */
sim_err_t res_create_store(res_store_t *s, const char *file, const struct stat *empty, int *again);

#endif /* LOBSIM_RESULTS_INT_H */
