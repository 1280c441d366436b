/*
 * vfs_shim.c -- the pass-through VFS of vfs_shim.h.  The shim's file holds
 * the real VFS's file right behind it; every method forwards to it after
 * asking the hook where vfs_shim_op_t names the call.
 */
#include "vfs_shim.h"

#include <stddef.h>

static sqlite3_vfs *real_vfs;
static sqlite3_vfs shim_vfs;
static vfs_shim_hook_fn hook;

typedef struct {
    sqlite3_file base;
    sqlite3_file *real; /* right behind this struct, szOsFile of the real VFS */
} shim_file_t;

#define REAL(f) (((shim_file_t *)(f))->real)
#define RM(f) (REAL(f)->pMethods)

static int io_close(sqlite3_file *f)
{
    return RM(f)->xClose(REAL(f));
}

static int io_read(sqlite3_file *f, void *buf, int n, sqlite3_int64 off)
{
    return RM(f)->xRead(REAL(f), buf, n, off);
}

static int io_write(sqlite3_file *f, const void *buf, int n, sqlite3_int64 off)
{
    int rc = hook(VFS_SHIM_WRITE);
    return rc != SQLITE_OK ? rc : RM(f)->xWrite(REAL(f), buf, n, off);
}

static int io_truncate(sqlite3_file *f, sqlite3_int64 size)
{
    int rc = hook(VFS_SHIM_TRUNCATE);
    return rc != SQLITE_OK ? rc : RM(f)->xTruncate(REAL(f), size);
}

static int io_sync(sqlite3_file *f, int flags)
{
    int rc = hook(VFS_SHIM_SYNC);
    return rc != SQLITE_OK ? rc : RM(f)->xSync(REAL(f), flags);
}

static int io_file_size(sqlite3_file *f, sqlite3_int64 *size)
{
    return RM(f)->xFileSize(REAL(f), size);
}

static int io_lock(sqlite3_file *f, int level)
{
    int rc = hook(VFS_SHIM_LOCK);
    return rc != SQLITE_OK ? rc : RM(f)->xLock(REAL(f), level);
}

static int io_unlock(sqlite3_file *f, int level)
{
    return RM(f)->xUnlock(REAL(f), level);
}

static int io_check_reserved(sqlite3_file *f, int *out)
{
    return RM(f)->xCheckReservedLock(REAL(f), out);
}

static int io_file_control(sqlite3_file *f, int op, void *arg)
{
    return RM(f)->xFileControl(REAL(f), op, arg);
}

static int io_sector_size(sqlite3_file *f)
{
    return RM(f)->xSectorSize(REAL(f));
}

static int io_device_chars(sqlite3_file *f)
{
    return RM(f)->xDeviceCharacteristics(REAL(f));
}

static int io_shm_map(sqlite3_file *f, int pg, int pgsz, int extend, void volatile **pp)
{
    if (RM(f)->iVersion < 2)
        return SQLITE_IOERR;
    return RM(f)->xShmMap(REAL(f), pg, pgsz, extend, pp);
}

static int io_shm_lock(sqlite3_file *f, int offset, int n, int flags)
{
    if (RM(f)->iVersion < 2)
        return SQLITE_IOERR;
    if ((flags & SQLITE_SHM_LOCK) && (flags & SQLITE_SHM_EXCLUSIVE)) {
        int rc = hook(VFS_SHIM_SHM_LOCK_EXCL);
        if (rc != SQLITE_OK)
            return rc;
    }
    return RM(f)->xShmLock(REAL(f), offset, n, flags);
}

static void io_shm_barrier(sqlite3_file *f)
{
    if (RM(f)->iVersion >= 2)
        RM(f)->xShmBarrier(REAL(f));
}

static int io_shm_unmap(sqlite3_file *f, int del)
{
    return RM(f)->iVersion >= 2 ? RM(f)->xShmUnmap(REAL(f), del) : SQLITE_OK;
}

/* No memory mapping: every write goes through io_write. */
static int io_fetch(sqlite3_file *f, sqlite3_int64 off, int n, void **pp)
{
    (void)f, (void)off, (void)n;
    *pp = NULL;
    return SQLITE_OK;
}

static int io_unfetch(sqlite3_file *f, sqlite3_int64 off, void *p)
{
    (void)f, (void)off, (void)p;
    return SQLITE_OK;
}

static const sqlite3_io_methods shim_io = {
    3,
    io_close,
    io_read,
    io_write,
    io_truncate,
    io_sync,
    io_file_size,
    io_lock,
    io_unlock,
    io_check_reserved,
    io_file_control,
    io_sector_size,
    io_device_chars,
    io_shm_map,
    io_shm_lock,
    io_shm_barrier,
    io_shm_unmap,
    io_fetch,
    io_unfetch,
};

static int vfs_open(sqlite3_vfs *vfs, const char *name, sqlite3_file *f, int flags, int *out)
{
    (void)vfs;
    shim_file_t *p = (shim_file_t *)f;
    p->real = (sqlite3_file *)(p + 1);
    int rc = real_vfs->xOpen(real_vfs, name, p->real, flags, out);
    /* SQLite calls xClose whenever pMethods is set, even after a failure. */
    p->base.pMethods = p->real->pMethods ? &shim_io : NULL;
    return rc;
}

int vfs_shim_install(const char *name, vfs_shim_hook_fn fn)
{
    int rc = sqlite3_initialize();
    if (rc != SQLITE_OK)
        return rc;
    if ((real_vfs = sqlite3_vfs_find(NULL)) == NULL)
        return SQLITE_ERROR;
    hook = fn;
    /* Everything but xOpen is the real VFS's own. */
    shim_vfs = *real_vfs;
    shim_vfs.pNext = NULL;
    shim_vfs.zName = name;
    shim_vfs.szOsFile = (int)sizeof(shim_file_t) + real_vfs->szOsFile;
    shim_vfs.xOpen = vfs_open;
    return sqlite3_vfs_register(&shim_vfs, 1);
}
