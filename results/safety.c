/*
 * safety.c -- the file-safety protocol: a store is looked at before it is
 * written, appears whole or not at all, and an interrupted write of an older
 * lobsim is rolled back.  What SQLite's own transactions guarantee (a run
 * is all there or not at all) is not repeated here; README, "Safety", says
 * what each step is for and which test needs it.
 *
 *   state change                    function
 *   hot journal -> rolled back      res_probe() -> recover_journal()
 *   (nothing) -> new store          res_create_store() -> make_temp(),
 *   empty file -> new store           build_store(), install()
 *   dead creations' files -> gone   res_remove_stale_temps()
 */
#define _POSIX_C_SOURCE 200809L
#define _DEFAULT_SOURCE /* flock() */

#include "results_int.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/file.h>
#include <time.h>
#include <unistd.h>

/* ---- files beside the store ---------------------------------------------- */

/* The characters of the random part of a temporary file's name. */
#define TEMP_CHARS "abcdefghijklmnopqrstuvwxyz0123456789"
#define TEMP_RANDOM 6

/* The size of file + suffix ("-journal", "-wal"), -1 if there is none. */
static long long aux_size(const char *file, const char *suffix)
{
    char p[RES_PATH_BUF];
    struct stat sb;
    int n = snprintf(p, sizeof p, "%s%s", file, suffix);
    if (n < 0 || (size_t)n >= sizeof p || stat(p, &sb) != 0)
        return -1;
    return (long long)sb.st_size;
}

static void aux_unlink(const char *file, const char *suffix)
{
    char p[RES_PATH_BUF];
    int n = snprintf(p, sizeof p, "%s%s", file, suffix);
    if (n > 0 && (size_t)n < sizeof p)
        unlink(p);
}

/*
 * path with the symbolic links of its last component followed, as SQLite
 * follows them for the journal and the WAL: a link to a missing file makes
 * that file, and the temporary file goes beside it.  0 or an errno.
 */
int res_follow_links(const char *path, char *out, size_t len)
{
    if (strlen(path) >= len)
        return ENAMETOOLONG;
    res_format(out, len, "%s", path);
    for (int hops = 0; hops < 40; hops++) {
        struct stat sb;
        char target[RES_PATH_BUF], dir[RES_PATH_BUF];
        if (lstat(out, &sb) != 0 || !S_ISLNK(sb.st_mode))
            return 0;
        ssize_t n = readlink(out, target, sizeof target);
        if (n < 0)
            return errno;
        if ((size_t)n >= sizeof target)
            return ENAMETOOLONG;
        target[n] = '\0';
        sim_parent_dir(out, dir, sizeof dir);
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
void res_remove_stale_temps(const char *file)
{
    char dir[RES_PATH_BUF], prefix[RES_PATH_BUF], p[RES_PATH_BUF];
    const char *slash = strrchr(file, '/');
    sim_parent_dir(file, dir, sizeof dir);
    res_format(prefix, sizeof prefix, "%s" RES_TEMP_INFIX, slash ? slash + 1 : file);
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
    int rc = res_open_db(file, SQLITE_OPEN_READWRITE, &db);
    if (rc == SQLITE_OK)
        rc = res_query_int(db, "SELECT count(*) FROM sqlite_master", &n);
    sim_err_t err = SIM_OK;
    if (rc != SQLITE_OK)
        err = res_store_err(s, res_map_rc(rc), "cannot roll back an interrupted write: %s",
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
/* How the checks open the file.  Read-only, but for a probe of a store
 * no connection uses (no -journal, -wal or -shm beside it): a read-only
 * connection's reads of a WAL store make a -wal and a -shm that its close
 * leaves behind, so a run refused or interrupted after its probe left
 * them (lobbench --script, issue 43); opened for writing (the open checked
 * that it may), the probe writes nothing, and its close, the last,
 * removes them. */
static int probe_flags(const char *file, res_open_mode_t mode)
{
    int unused =
        aux_size(file, "-journal") < 0 && aux_size(file, "-wal") < 0 && aux_size(file, "-shm") < 0;
    return mode == RES_MODE_PROBE && unused ? SQLITE_OPEN_READWRITE : SQLITE_OPEN_READONLY;
}

sim_err_t res_probe(res_store_t *s, const char *file, res_open_mode_t mode, sqlite3 **db, int *kind,
                    int *version)
{
    int ours = aux_size(file, "-journal") > 0 && header_is_ours(file);
    *db = NULL;
    if (ours && mode == RES_MODE_WRITE) {
        sim_err_t err = recover_journal(s, file);
        if (err != SIM_OK)
            return err;
    }
    sim_err_t err;
    int rc;
    if (mode == RES_MODE_READ) {
        if ((err = res_open_read(s, file, db)) != SIM_OK)
            return err;
    } else if ((rc = res_open_db(file, probe_flags(file, mode), db)) != SQLITE_OK) {
        res_store_err(s, SIM_EIO, "cannot open: %s",
                      *db ? sqlite3_errmsg(*db) : sqlite3_errstr(rc));
        sqlite3_close(*db);
        *db = NULL;
        return res_map_rc(rc);
    }
    /* One read transaction for the checks below; a connection that keeps
     * one open already (res_open_read, a live -wal) reads in that one. */
    int outer = !sqlite3_get_autocommit(*db);
    rc = outer ? SQLITE_OK : sqlite3_exec(*db, "BEGIN", NULL, NULL, NULL);
    if (rc != SQLITE_OK)
        err = res_store_err(s, res_map_rc(rc), "cannot read: %s", sqlite3_errmsg(*db));
    else
        err = res_classify(*db, s->path, kind, version, s->errmsg, sizeof s->errmsg);
    if (err == SIM_OK && *kind == RES_KIND_STORE)
        err = res_quick_check(*db, s->path, s->errmsg, sizeof s->errmsg);
    if (err != SIM_OK && sqlite3_extended_errcode(*db) == SQLITE_READONLY_ROLLBACK) {
        if (!ours) {
            err = res_store_err(s, SIM_EINVAL,
                                "not a lobsim results database, and an interrupted write left a "
                                "journal beside it; not touching it");
        } else if (mode == RES_MODE_PROBE) {
            err = SIM_OK;
            *kind = RES_KIND_UNRECOVERED;
            *version = 0;
            s->errmsg[0] = '\0';
        } else {
            err = res_store_err(
                s, SIM_EIO, "interrupted write left a journal; run lobbench on it once to recover");
        }
    }
    if (err == SIM_OK && !outer &&
        (rc = sqlite3_exec(*db, "COMMIT", NULL, NULL, NULL)) != SQLITE_OK)
        err = res_store_err(s, res_map_rc(rc), "cannot read: %s", sqlite3_errmsg(*db));
    if (err != SIM_OK) {
        sqlite3_close(*db);
        *db = NULL;
    }
    return err;
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
            return res_store_err(s, SIM_EINVAL, "cannot create: file name too long");
        int fd = open(tmp, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
        if (fd < 0 && errno == EEXIST)
            continue;
        if (fd < 0) {
            char dir[RES_PATH_BUF];
            sim_parent_dir(file, dir, sizeof dir);
            return res_store_err(s, SIM_EIO, "cannot create a file in %s: %s", dir,
                                 strerror(errno));
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
    return res_store_err(s, SIM_EIO, "cannot create a temporary file beside it");
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
 * it: only the file itself is moved into place.  A close that returns
 * SQLITE_OK has checkpointed the WAL and removed it (the last connection),
 * and a committed transaction leaves no journal: SQLite's own guarantee,
 * not checked again here (README, "Safety").
 */
static sim_err_t build_store(res_store_t *s, const char *tmp)
{
    int rc = res_open_db(tmp, SQLITE_OPEN_READWRITE, &s->db);
    sim_err_t err = rc == SQLITE_OK ? SIM_OK : res_db_fail(s, rc, "cannot create");
    if (err == SIM_OK)
        err = res_write_tx(s, res_init_body, NULL);
    if (err == SIM_OK)
        err = res_set_wal(s);
    rc = sqlite3_close(s->db);
    s->db = NULL;
    if (err == SIM_OK && rc != SQLITE_OK)
        err = res_store_err(s, res_map_rc(rc), "cannot create: %s", sqlite3_errstr(rc));
    return err;
}

/*
 * flock() the directory: creators move their stores into place one at a
 * time.  A file system without flock() (some network ones) goes unlocked
 * (README, "Left out").
 */
static sim_err_t lock_dir(res_store_t *s, int dfd, const char *dir)
{
    res_retry_t retry;
    res_retry_start(&retry);
    while (flock(dfd, LOCK_EX | LOCK_NB) != 0) {
        if (errno != EWOULDBLOCK && errno != EAGAIN && errno != EINTR)
            return SIM_OK;
        if (!res_retry_wait(&retry))
            return res_store_err(s, SIM_EIO, "cannot create: another process keeps %s locked", dir);
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
    char dir[RES_PATH_BUF];
    sim_parent_dir(file, dir, sizeof dir);
    int dfd = open(dir, O_RDONLY | O_CLOEXEC);
    if (dfd < 0)
        return res_store_err(s, SIM_EIO, "cannot create: %s: %s", dir, strerror(errno));
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
            err = res_store_err(s, SIM_EIO, "cannot create: %s", strerror(e));
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
sim_err_t res_create_store(res_store_t *s, const char *file, const struct stat *empty, int *again)
{
    char tmp[RES_PATH_BUF];
    res_remove_stale_temps(file);
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
