/*
 * readonly.c -- a connection for RES_OPEN_READONLY that writes no byte and
 * makes no file, so that lobdiff, lobreport and lobfit read a store another
 * user owns, in a directory they cannot write, and leave nothing behind.
 *
 * SQLite reads a WAL-mode file through the "-wal" and "-shm" files beside
 * it and makes them when they are missing, even on a read-only connection,
 * which then cannot checkpoint and remove them (they stay behind), or fails
 * where the directory is not writable ("attempt to write a readonly
 * database").  So, by what is beside the file:
 *
 *   -wal there: a writer is at work (or died at work), and committed
 *     transactions may be only in the WAL.  SQLite's own read-only open,
 *     URI mode=ro&readonly_shm=1, uses both files as they are and never
 *     creates or writes either (SQLite 3.22+; an -shm it may not trust, it
 *     copies to private memory).
 *   no -wal: every committed transaction is in the file.  It is read whole
 *     into memory and opened there, read-only (sqlite3_deserialize): a
 *     snapshot.  URI immutable=1 would read it in place without files too,
 *     but takes no locks, and a writer that starts meanwhile and
 *     checkpoints rewrites pages under it ("incorrect query results and/or
 *     SQLITE_CORRUPT", SQLite's documentation says).
 *   not a WAL file (stores of older builds, or not SQLite at all):
 *     mode=ro; a reader of a rollback-journal file makes no file.
 *
 * The snapshot is consistent because it is read under a read lock on the
 * file's SHARED bytes, the lock SQLite's unix VFS takes: while it is held no
 * process gets the EXCLUSIVE lock that a rollback-journal commit, or the last
 * WAL connection's checkpoint-and-remove on close, needs.  A writer that
 * starts meanwhile writes to a new -wal (and may checkpoint from it only
 * while it is open): when the copy is done, a -wal that is there now means
 * the copy is dropped and the file opened the first way.
 *
 * The lock is an open file description lock where the system has them
 * (Linux): a classic POSIX lock belongs to the process, and closing any
 * descriptor of the file drops it, SQLite's own included.  Elsewhere the
 * classic lock is used, and another connection of the same process to the
 * same store may lose its lock when a snapshot is taken (README, "Left out").
 */
#define _GNU_SOURCE /* F_OFD_SETLK */

#include "results_int.h"

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <unistd.h>

/* SQLite's lock bytes (os_unix.c, sqlite3PendingByte): SHARED is a read
 * lock of SHARED_SIZE bytes from SHARED_FIRST, EXCLUSIVE a write lock of
 * them. */
#define PENDING_BYTE 0x40000000
#define SHARED_FIRST (PENDING_BYTE + 2)
#define SHARED_SIZE 510

#ifdef F_OFD_SETLK
#define LOCK_CMD F_OFD_SETLK
#else
#define LOCK_CMD F_SETLK
#endif

/* How often the look at the files beside the store is repeated when a
 * writer was caught between making its -wal and its -shm, or made a -wal
 * while the snapshot was read. */
#define READ_ATTEMPTS 20
/* *again of open_once when the WAL index was not valid yet (first_read). */
#define AGAIN_RECOVERY 2

/* Does file + suffix exist?  Anything but "no such file" counts as yes:
 * the cautious answer. */
static int aux_exists(const char *file, const char *suffix)
{
    char p[RES_PATH_BUF];
    struct stat sb;
    int n = snprintf(p, sizeof p, "%s%s", file, suffix);
    if (n < 0 || (size_t)n >= sizeof p)
        return 1;
    return stat(p, &sb) == 0 || errno != ENOENT;
}

/*
 * The read lock on fd's SHARED bytes, waiting (res_retry_wait) while a
 * writer holds them.  A file system without locks goes unlocked: SQLite
 * could not lock it either.
 */
static sim_err_t lock_shared(res_store_t *s, int fd)
{
    struct flock fl;
    memset(&fl, 0, sizeof fl);
    fl.l_type = F_RDLCK;
    fl.l_whence = SEEK_SET;
    fl.l_start = SHARED_FIRST;
    fl.l_len = SHARED_SIZE;
    res_retry_t retry;
    res_retry_start(&retry);
    while (fcntl(fd, LOCK_CMD, &fl) != 0) {
        if (errno != EAGAIN && errno != EACCES && errno != EINTR)
            return SIM_OK;
        if (!res_retry_wait(&retry))
            return res_store_err(s, SIM_EIO, "cannot read: another process keeps it locked");
    }
    return SIM_OK;
}

/*
 * "file:" URI for path with query: '%', '?' and '#' escaped; a path that
 * starts with '/' gets an empty authority ("file:///..."), so that one
 * starting with "//" is not taken for a host.  0, or -1 when it does not fit.
 */
static int make_uri(const char *path, const char *query, char *out, size_t len)
{
    size_t n = 0;
    const char *lead = path[0] == '/' ? "file://" : "file:";
    for (const char *c = lead; *c && n < len; c++)
        out[n++] = *c;
    for (const char *c = path; *c && n + 3 < len; c++) {
        if (*c == '%' || *c == '?' || *c == '#') {
            snprintf(out + n, 4, "%%%02x", (unsigned char)*c);
            n += 3;
        } else {
            out[n++] = *c;
        }
    }
    int w = snprintf(out + n, len > n ? len - n : 0, "?%s", query);
    return w < 0 || n + (size_t)w >= len ? -1 : 0;
}

/* SQLite's own read-only open of file, with URI query. */
static sim_err_t open_uri(res_store_t *s, const char *file, const char *query, sqlite3 **db)
{
    char uri[RES_PATH_BUF * 3 + 64];
    if (make_uri(file, query, uri, sizeof uri) != 0)
        return res_store_err(s, SIM_EINVAL, "cannot open: file name too long");
    int rc = res_open_db(uri, SQLITE_OPEN_READONLY | SQLITE_OPEN_URI, db);
    if (rc != SQLITE_OK) {
        res_store_err(s, res_map_rc(rc), "cannot open: %s",
                      *db ? sqlite3_errmsg(*db) : sqlite3_errstr(rc));
        sqlite3_close(*db);
        *db = NULL;
        return res_map_rc(rc);
    }
    return SIM_OK;
}

/*
 * The whole of fd (size bytes) into *buf (sqlite3_malloc64'ed, for
 * sqlite3_deserialize).  0 on success; 1 when the file is not size bytes
 * long any more (read again); -1 with a message.
 */
static int read_whole(res_store_t *s, int fd, off_t size, unsigned char **buf, sim_err_t *err)
{
    *buf = sqlite3_malloc64((sqlite3_uint64)size);
    if (!*buf) {
        *err = res_store_err(s, SIM_ENOMEM, "cannot read: out of memory for %lld bytes",
                             (long long)size);
        return -1;
    }
    off_t got = 0;
    while (got < size) {
        ssize_t n = pread(fd, *buf + got, (size_t)(size - got), got);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0) {
            int e = errno;
            sqlite3_free(*buf);
            *buf = NULL;
            if (n == 0)
                return 1;
            *err = res_store_err(s, SIM_EIO, "cannot read: %s", strerror(e));
            return -1;
        }
        got += n;
    }
    return 0;
}

/*
 * The snapshot of fd (locked) as an in-memory, read-only database in *db.
 * *again when the file changed meanwhile or a -wal appeared: look again.
 */
static sim_err_t open_snapshot(res_store_t *s, const char *file, int fd, sqlite3 **db, int *again)
{
    struct stat before, after;
    unsigned char *buf;
    sim_err_t err = SIM_OK;
    if (fstat(fd, &before) != 0)
        return res_store_err(s, SIM_EIO, "cannot read: %s", strerror(errno));
    int r = read_whole(s, fd, before.st_size, &buf, &err);
    if (r < 0)
        return err;
    if (r > 0 || fstat(fd, &after) != 0 || after.st_size != before.st_size ||
        aux_exists(file, "-wal")) {
        sqlite3_free(buf);
        *again = 1;
        return SIM_OK;
    }
    /* The copy is no WAL file: as such SQLite would look for the copy's
     * -wal (and find none, in memory).  Bytes 18 and 19 say "rollback
     * journal" instead; the file keeps its own. */
    if (before.st_size >= 100)
        buf[18] = buf[19] = 1;
    int rc = sqlite3_open_v2(":memory:", db, SQLITE_OPEN_READWRITE, NULL);
    if (rc == SQLITE_OK)
        rc = sqlite3_deserialize(*db, "main", buf, before.st_size, before.st_size,
                                 SQLITE_DESERIALIZE_FREEONCLOSE | SQLITE_DESERIALIZE_READONLY);
    else
        sqlite3_free(buf);
    if (rc == SQLITE_OK) {
        sqlite3_extended_result_codes(*db, 1);
        rc = sqlite3_exec(*db, "PRAGMA foreign_keys = ON", NULL, NULL, NULL);
    }
    if (rc != SQLITE_OK) {
        err = res_store_err(s, res_map_rc(rc), "cannot open: %s",
                            *db ? sqlite3_errmsg(*db) : sqlite3_errstr(rc));
        sqlite3_close(*db);
        *db = NULL;
    }
    return err;
}

/*
 * The first read through a live -wal, which opens the read transaction the
 * connection keeps for its whole life: the result code of reading the
 * schema cookie.  A writer that opens the -shm first among the connections
 * cuts it to 3 bytes (os_unix.c, unixLockSharedMemory) and writes the WAL
 * index into it a moment later (wal.c, walIndexRecover); a read-only
 * connection that looks at it in between cannot grow it, finds no index and
 * no writer holding the write lock, and fails with SQLITE_READONLY_RECOVERY
 * ("attempt to write a readonly database"), which no busy handler retries.
 * The first read looks again once the writer is done.  Later reads would
 * meet the same state whenever the connection opened with nobody else on
 * the store: it then reads the index into private memory and holds no lock
 * that keeps the next writer from cutting the shared one (CI saw lobdiff's
 * second statement fail so).  So the first read's transaction stays open,
 * and every later read of the connection sees its snapshot and never looks
 * at the index again; a walk that begins its own finds one open
 * (sqlite3_get_autocommit) and shares it.
 */
static int first_read(sqlite3 *db)
{
    return sqlite3_exec(db, "BEGIN; PRAGMA schema_version", NULL, NULL, NULL) == SQLITE_OK
               ? SQLITE_OK
               : sqlite3_extended_errcode(db);
}

/* One look at file under the lock on fd; *again to look once more. */
static sim_err_t open_once(res_store_t *s, const char *file, int fd, sqlite3 **db, int *keep_lock,
                           int *again)
{
    unsigned char h[100];
    ssize_t n = pread(fd, h, sizeof h, 0);
    *keep_lock = 0;
    *again = 0;
    int wal_file = n == (ssize_t)sizeof h && memcmp(h, "SQLite format 3", 16) == 0 &&
                   (h[18] == 2 || h[19] == 2);
    if (!wal_file)
        return open_uri(s, file, "mode=ro", db);
    if (!aux_exists(file, "-wal"))
        return open_snapshot(s, file, fd, db, again);
    if (!aux_exists(file, "-shm")) {
        /* A writer between making its -wal and its -shm, or one that died
         * there; SQLite would make the -shm. */
        *again = 1;
        return SIM_OK;
    }
    sim_err_t err = open_uri(s, file, "mode=ro&readonly_shm=1", db);
    if (err == SIM_OK && first_read(*db) == SQLITE_READONLY_RECOVERY) {
        sqlite3_close(*db);
        *db = NULL;
        *again = AGAIN_RECOVERY;
        return SIM_OK;
    }
    /* The lock keeps the last writer from removing the -wal until SQLite
     * holds a lock of its own: kept as long as the connection. */
    *keep_lock = 1;
    return err;
}

sim_err_t res_open_read(res_store_t *s, const char *file, sqlite3 **db)
{
    res_retry_t retry;
    sim_err_t err = SIM_OK;
    int no_shm = 0, recovery = 0;
    *db = NULL;
    res_retry_start(&retry);
    for (int attempt = 0; attempt < READ_ATTEMPTS; attempt++) {
        int fd = open(file, O_RDONLY | O_CLOEXEC);
        if (fd < 0)
            return res_store_err(s, SIM_EIO, "cannot open: %s", strerror(errno));
        int keep = 0, again = 0;
        err = lock_shared(s, fd);
        if (err == SIM_OK)
            err = open_once(s, file, fd, db, &keep, &again);
        if (err == SIM_OK && keep) {
            s->lock_fd = fd;
            return SIM_OK;
        }
        close(fd);
        if (err != SIM_OK || !again)
            return err;
        recovery = again == AGAIN_RECOVERY;
        no_shm = aux_exists(file, "-wal") && !aux_exists(file, "-shm");
        res_retry_wait(&retry);
    }
    if (recovery)
        return res_store_err(s, SIM_EIO,
                             "cannot read: its -shm file has no valid WAL index and no writer "
                             "rebuilds it; run lobbench on it once to recover");
    if (no_shm)
        return res_store_err(s, SIM_EIO,
                             "cannot read: a -wal file without its -shm beside it (a writer that "
                             "died, or one that keeps the store to itself); run lobbench on it "
                             "once to recover");
    return res_store_err(s, SIM_EIO, "cannot read: the file kept changing while it was read");
}
