/*
 * open.c -- opening and closing a handle: res_open() decides from what is at
 * the path (nothing, an empty file, a store, something else) whether to
 * create, upgrade, read or refuse it, and hands the file-safety steps to
 * safety.c and the schema to schema.c.
 *
 *   state change                 function
 *   (nothing) -> current schema  open_once() -> res_create_store()
 *   older -> current, catalogue  open_once() -> res_write_tx(res_init_body)
 *   rollback journal -> WAL      open_once() -> res_set_wal()
 *   handle freed                 res_close()
 */
#define _POSIX_C_SOURCE 200809L

#include "results_int.h"

#include <assert.h>

#include <errno.h>
#include <string.h>
#include <unistd.h>

/* ---- opening ------------------------------------------------------------------ */

/*
 * One attempt at opening file (path with its links followed) for res_open();
 * *again when the file changed under it and the attempt is to be repeated.
 * Messages go to s->errmsg.
 */
static sim_err_t open_once(res_store_t *s, int flags, const char *file, int *again)
{
    res_open_mode_t mode = flags & RES_OPEN_READONLY ? RES_MODE_READ
                           : flags & RES_OPEN_PROBE  ? RES_MODE_PROBE
                                                     : RES_MODE_WRITE;
    struct stat sb;
    char dir[RES_PATH_BUF];
    *again = 0;
    sim_parent_dir(file, dir, sizeof dir);
    if (stat(file, &sb) != 0) {
        if (errno != ENOENT)
            return res_store_err(s, SIM_EIO, "cannot access: %s", strerror(errno));
        if (mode == RES_MODE_READ || !(flags & RES_OPEN_CREATE))
            return res_store_err(s, SIM_EIO, "no such file");
        struct stat ds;
        if (stat(dir, &ds) != 0 || !S_ISDIR(ds.st_mode))
            return res_store_err(s, SIM_EIO, "cannot create: directory %s does not exist", dir);
        if (access(dir, W_OK | X_OK) != 0)
            return res_store_err(s, SIM_EIO, "cannot create: directory %s is not writable", dir);
        return mode == RES_MODE_PROBE ? SIM_OK : res_create_store(s, file, NULL, again);
    }
    if (S_ISDIR(sb.st_mode))
        return res_store_err(s, SIM_EIO, "is a directory, not a results database");
    if (!S_ISREG(sb.st_mode))
        return res_store_err(s, SIM_EIO, "not a regular file, not a results database");
    /* Refuse a file without write permission even as root, who could write it
     * anyway: someone protected it on purpose. */
    if (mode != RES_MODE_READ && ((sb.st_mode & 0222) == 0 || access(file, W_OK) != 0))
        return res_store_err(s, SIM_EIO, "read-only file; refusing to record into it");
    /* A new store is made beside the file, and SQLite keeps its journal and
     * WAL there. */
    if (mode != RES_MODE_READ && access(dir, W_OK | X_OK) != 0)
        return res_store_err(s, SIM_EIO, "cannot record: directory %s is not writable", dir);
    if (sb.st_size == 0) {
        if (mode == RES_MODE_READ)
            return res_store_err(s, SIM_EINVAL, "empty file, not a lobsim results database");
        return mode == RES_MODE_PROBE ? SIM_OK : res_create_store(s, file, &sb, again);
    }

    sqlite3 *db;
    int kind, version;
    sim_err_t err = res_probe(s, file, mode, &db, &kind, &version);
    if (err != SIM_OK)
        return err;
    if (mode == RES_MODE_READ) {
        if (kind == RES_KIND_EMPTY)
            err = res_store_err(s, SIM_EINVAL, "no tables, not a lobsim results database");
        else if (version < RES_SCHEMA_VERSION)
            err = res_store_err(s, SIM_EINVAL,
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
    if (mode == RES_MODE_PROBE)
        return SIM_OK;

    res_remove_stale_temps(file);
    int rc = res_open_db(file, SQLITE_OPEN_READWRITE, &s->db);
    if (rc != SQLITE_OK)
        return res_db_fail(s, rc, "cannot open");
    if (sqlite3_db_readonly(s->db, "main") == 1)
        return res_store_err(s, SIM_EIO, "read-only file; refusing to record into it");
    err = res_write_tx(s, res_init_body, NULL);
    return err == SIM_OK ? res_set_wal(s) : err;
}

sim_err_t res_open(const char *path, int flags, res_store_t **out, char *errbuf, size_t errlen)
{
    assert(out != NULL);
    assert(errbuf != NULL || errlen == 0);
    if (errlen > 0)
        errbuf[0] = '\0';
    *out = NULL;
    if (!path || !*path) {
        res_format(errbuf, errlen, "results store: empty file name; expected a path such as %s",
                   SIM_DEFAULT_STORE);
        return SIM_EINVAL;
    }
    if (flags & ~(RES_OPEN_READONLY | RES_OPEN_CREATE | RES_OPEN_PROBE)) {
        res_format(errbuf, errlen, "%s: unknown open flags 0x%x", path, (unsigned)flags);
        return SIM_EINVAL;
    }
    if ((flags & RES_OPEN_READONLY) && (flags & RES_OPEN_PROBE)) {
        res_format(errbuf, errlen, "%s: RES_OPEN_READONLY and RES_OPEN_PROBE exclude each other",
                   path);
        return SIM_EINVAL;
    }

    res_store_t *s = sim_calloc(1, sizeof *s);
    char *pcopy = res_dup_str(path);
    if (!s || !pcopy) {
        sim_free(s);
        sim_free(pcopy);
        res_format(errbuf, errlen, "%s: out of memory", path);
        return SIM_ENOMEM;
    }
    s->path = pcopy;
    s->lock_fd = -1;
    s->readonly = (flags & (RES_OPEN_READONLY | RES_OPEN_PROBE)) != 0;
    s->probe = (flags & RES_OPEN_PROBE) != 0;

    char file[RES_PATH_BUF];
    sim_err_t err;
    int e = res_follow_links(path, file, sizeof file);
    if (e != 0) {
        err = res_store_err(s, SIM_EIO, "cannot access: %s", strerror(e));
    } else {
        int again = 1;
        err = SIM_OK;
        for (int attempt = 0; err == SIM_OK && again && attempt < RES_OPEN_ATTEMPTS; attempt++)
            err = open_once(s, flags, file, &again);
        if (err == SIM_OK && again)
            err =
                res_store_err(s, SIM_EIO, "the file kept changing while it was opened; try again");
    }
    if (err != SIM_OK) {
        res_format(errbuf, errlen, "%s", s->errmsg);
        res_one_line(errbuf);
        res_close(s);
        return err;
    }
    s->errmsg[0] = '\0';
    *out = s;
    return SIM_OK;
}

void res_close(res_store_t *s)
{
    if (!s)
        return;
    sqlite3_close(s->db);
    if (s->lock_fd >= 0)
        close(s->lock_fd);
    for (int i = 0; i < RUN_STR_COUNT; i++)
        sim_free(s->run_str[i]);
    res_free_workloads(s);
    sim_free(s->path);
    sim_free(s);
}

const char *res_errmsg(const res_store_t *s)
{
    return s ? s->errmsg : "results store: no handle";
}

const char *res_path(const res_store_t *s)
{
    return s ? s->path : NULL;
}
