/*
 * vfs_shim.h -- an SQLite VFS in front of the default one, for the store's
 * tests: every call passes through to the real VFS, but each write,
 * truncate, sync and lock is first shown to a hook, which may answer in the
 * real call's place (an injected fault) or end the process (a kill).
 * Memory mapping is off, so that every write of a page goes through xWrite.
 *
 * Used by test_faults.c (faults on request) and test_results.c (a creation
 * killed at its Nth write).
 */
#ifndef LOBSIM_VFS_SHIM_H
#define LOBSIM_VFS_SHIM_H

#include <sqlite3.h>

typedef enum {
    VFS_SHIM_WRITE,
    VFS_SHIM_TRUNCATE,
    VFS_SHIM_SYNC,
    VFS_SHIM_LOCK,          /* xLock */
    VFS_SHIM_SHM_LOCK_EXCL, /* xShmLock taking an exclusive lock (a WAL writer's) */
} vfs_shim_op_t;

/* SQLITE_OK lets the call through; any other code is returned instead. */
typedef int (*vfs_shim_hook_fn)(vfs_shim_op_t op);

/*
 * Register the shim, named name, as the default VFS in front of the one that
 * is the default now (res_open() takes no VFS name).  Once per process.
 * Returns SQLITE_OK or SQLite's error.
 */
int vfs_shim_install(const char *name, vfs_shim_hook_fn hook);

#endif /* LOBSIM_VFS_SHIM_H */
