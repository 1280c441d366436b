/*
 * store_int.h -- the results store's private parts, for store.c and its test.
 */
#ifndef LOBSIM_STORE_INT_H
#define LOBSIM_STORE_INT_H

#include <sqlite3.h>

#include "store.h"

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
    RUN_STR_COUNT
};

struct res_store {
    sqlite3 *db;
    char *path;
    int readonly; /* RES_OPEN_READONLY or RES_OPEN_PROBE */
    int probe;    /* RES_OPEN_PROBE: db is NULL, only res_close() applies */
    /* Set by db_fail() when the failing call was SQLITE_BUSY/LOCKED: only
     * write_tx() looks at it, to decide whether to retry. */
    int busy;
    char *run_str[RUN_STR_COUNT];
    char errmsg[1024];
};

#endif /* LOBSIM_STORE_INT_H */
