/*
 * hardening_kill.c -- an LD_PRELOAD module for tests/interrupt.sh: the
 * process kills itself at its Nth write to a file, so that an interruption
 * lands inside the results store's transactions and not only where a timer
 * happens to fall.
 *
 *   LOBSIM_KILL_AT=N        raise the signal at the Nth call (1-based) of
 *                           pwrite/pwrite64/fsync/fdatasync/ftruncate
 *   LOBSIM_KILL_SIGNAL=S    INT or KILL (default KILL)
 *   LOBSIM_KILL_COUNT=FILE  at exit, write the number of such calls to FILE
 *                           (to learn the range of N from an undisturbed run)
 *
 * SQLite's unix VFS writes the database, its journal and its WAL with
 * pwrite64 and syncs them with fdatasync/fsync; lobbench's other output goes
 * through write(), which is not counted.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <fcntl.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <unistd.h>

static unsigned long long calls, kill_at;
static int sig = SIGKILL, ready;
static const char *count_file;

static void write_count(void)
{
    FILE *f = fopen(count_file, "w");
    if (f) {
        fprintf(f, "%llu\n", calls);
        fclose(f);
    }
}

static void tick(void)
{
    if (!ready) {
        ready = 1;
        const char *at = getenv("LOBSIM_KILL_AT");
        const char *s = getenv("LOBSIM_KILL_SIGNAL");
        kill_at = at ? strtoull(at, NULL, 10) : 0;
        if (s && strcmp(s, "INT") == 0)
            sig = SIGINT;
        if ((count_file = getenv("LOBSIM_KILL_COUNT")) != NULL)
            atexit(write_count);
    }
    if (++calls == kill_at) {
        /* The default action, as a shell's Ctrl-C or kill -9 would meet it. */
        signal(sig, SIG_DFL);
        raise(sig);
        _exit(128 + sig); /* a signal that did not end the process */
    }
}

/* The libc function this module hides (dlsym gives an object pointer). */
static void *next(const char *name)
{
    return dlsym(RTLD_NEXT, name);
}

typedef ssize_t (*pwrite_fn)(int, const void *, size_t, off_t);
typedef ssize_t (*pwrite64_fn)(int, const void *, size_t, off64_t);
typedef int (*sync_fn)(int);
typedef int (*truncate_fn)(int, off_t);

ssize_t pwrite(int fd, const void *buf, size_t n, off_t off)
{
    pwrite_fn f;
    void *p = next("pwrite");
    memcpy(&f, &p, sizeof f);
    tick();
    return f(fd, buf, n, off);
}

ssize_t pwrite64(int fd, const void *buf, size_t n, off64_t off)
{
    pwrite64_fn f;
    void *p = next("pwrite64");
    memcpy(&f, &p, sizeof f);
    tick();
    return f(fd, buf, n, off);
}

int fsync(int fd)
{
    sync_fn f;
    void *p = next("fsync");
    memcpy(&f, &p, sizeof f);
    tick();
    return f(fd);
}

int fdatasync(int fd)
{
    sync_fn f;
    void *p = next("fdatasync");
    memcpy(&f, &p, sizeof f);
    tick();
    return f(fd);
}

int ftruncate(int fd, off_t len)
{
    truncate_fn f;
    void *p = next("ftruncate");
    memcpy(&f, &p, sizeof f);
    tick();
    return f(fd, len);
}
