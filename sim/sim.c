/*
 * sim.c -- error strings, the allocation hook, the seeded generator and the
 * statistics catalogue shared by every lobsim component.
 */
#define _XOPEN_SOURCE 700 /* realpath */

#include "sim.h"

#include <errno.h>
#include <fcntl.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

void sim_check_or_abort(int ok, const char *what, const char *file, int line)
{
    if (ok)
        return;
    fprintf(stderr, "lobsim: invariant check failed: %s (%s:%d)\n", what, file, line);
    abort();
}

const char *sim_strerror(sim_err_t err)
{
    switch (err) {
    case SIM_OK:
        return "success";
    case SIM_EINVAL:
        return "invalid argument";
    case SIM_ENOMEM:
        return "out of memory";
    case SIM_EFULL:
        return "segment cannot grow";
    case SIM_ECORRUPT:
        return "invariant violated";
    case SIM_EIO:
        return "input/output error";
    case SIM_ERR_COUNT:
        break;
    }
    return "unknown error";
}

/*
 * Fault injection for tests.  Counting is cheap enough to stay in release
 * builds, and the model allocates only when a segment grows, never per row.
 * Both counters are atomic: test programs run cases on several threads
 * (Google Benchmark's, the store's tests) while one of them arms a failure.
 */
static _Atomic uint64_t alloc_count;
static _Atomic uint64_t alloc_fail_at;

static int alloc_should_fail(void)
{
    uint64_t n = atomic_fetch_add(&alloc_count, 1) + 1;
    uint64_t at = atomic_load(&alloc_fail_at);
    return at != 0 && n >= at;
}

void sim_fail_alloc_after(uint64_t nth)
{
    atomic_store(&alloc_fail_at, nth ? atomic_load(&alloc_count) + nth : 0);
}

uint64_t sim_alloc_count(void)
{
    return atomic_load(&alloc_count);
}

void *sim_malloc(size_t n)
{
    return alloc_should_fail() ? NULL : malloc(n);
}

void *sim_calloc(size_t count, size_t n)
{
    return alloc_should_fail() ? NULL : calloc(count, n);
}

void *sim_realloc(void *p, size_t n)
{
    return alloc_should_fail() ? NULL : realloc(p, n);
}

/* `n` bytes on a boundary of `align` (a power of two, a multiple of
 * sizeof(void *)), freed by sim_free(). */
void *sim_aligned_alloc(size_t align, size_t n)
{
    void *p = NULL;
    if (alloc_should_fail() || posix_memalign(&p, align, n) != 0)
        return NULL;
    return p;
}

void sim_free(void *p)
{
    free(p);
}

/* "a directory" and the like: what a refused target is. */
static const char *file_type(mode_t m)
{
    return S_ISDIR(m)    ? "a directory"
           : S_ISBLK(m)  ? "a block device"
           : S_ISSOCK(m) ? "a socket"
                         : "not a regular file";
}

/* The descriptor `path` names when it is one of the process's own streams
 * (/dev/stdout, /dev/stderr, /dev/fd/N, /proc/self/fd/N), else -1.  Such a
 * name is written through the descriptor itself, as a shell redirection
 * is: opening it anew would start at the file's beginning, and renaming
 * over it would replace the system's link. */
static int own_stream(const char *path)
{
    static const char *const dirs[] = {"/dev/fd/", "/proc/self/fd/"};
    if (strcmp(path, "/dev/stdout") == 0)
        return 1;
    if (strcmp(path, "/dev/stderr") == 0)
        return 2;
    for (size_t i = 0; i < sizeof dirs / sizeof dirs[0]; i++) {
        size_t n = strlen(dirs[i]);
        if (strncmp(path, dirs[i], n) == 0 && path[n] >= '0' && path[n] <= '9' &&
            strspn(path + n, "0123456789") == strlen(path + n) && strlen(path + n) < 6)
            return atoi(path + n);
    }
    return -1;
}

/* Where the temporary file and the rename go: `path`, or the file a
 * symbolic link at `path` names (the link stays).  0, or -1 for a link to
 * nothing. */
static int rename_target(const char *path, char *out, size_t len)
{
    struct stat lsb;
    if (lstat(path, &lsb) != 0 || !S_ISLNK(lsb.st_mode)) {
        snprintf(out, len, "%s", path);
        return 0;
    }
    char *real = realpath(path, NULL);
    if (real == NULL)
        return -1;
    snprintf(out, len, "%s", real);
    free(real);
    return 0;
}

int sim_output_check(const char *what, const char *path, sim_out_kind_t *kind, char *err,
                     size_t errlen)
{
    struct stat sb;
    char dir[4096], target[4096];
    if (*path == '\0') {
        snprintf(err, errlen, "%s: empty file name", what);
        return -1;
    }
    int fd = own_stream(path);
    if (fd >= 0) {
        if (fstat(fd, &sb) != 0) {
            snprintf(err, errlen, "%s: cannot write '%s': descriptor %d is not open", what, path,
                     fd);
            return -1;
        }
        *kind = SIM_OUT_STREAM;
        return 0;
    }
    if (stat(path, &sb) == 0) {
        if (S_ISFIFO(sb.st_mode) || S_ISCHR(sb.st_mode)) {
            *kind = SIM_OUT_STREAM;
            return 0;
        }
        if (!S_ISREG(sb.st_mode)) {
            snprintf(err, errlen,
                     "%s: cannot write '%s': it is %s (an output is a regular file, a pipe or "
                     "a character device)",
                     what, path, file_type(sb.st_mode));
            return -1;
        }
        *kind = SIM_OUT_FILE;
    } else {
        *kind = SIM_OUT_NEW;
    }
    if (rename_target(path, target, sizeof target) != 0) {
        snprintf(err, errlen, "%s: cannot write '%s': a symbolic link to nothing", what, path);
        return -1;
    }
    sim_parent_dir(target, dir, sizeof dir);
    if (stat(dir, &sb) != 0 || !S_ISDIR(sb.st_mode)) {
        snprintf(err, errlen, "%s: cannot write '%s': directory '%.200s' does not exist", what,
                 path, dir);
        return -1;
    }
    if (access(dir, W_OK) != 0) {
        snprintf(err, errlen, "%s: cannot write '%s': directory '%.200s' is not writable", what,
                 path, dir);
        return -1;
    }
    return 0;
}

/* fn into f, then f closed: fn's error, or SIM_EIO for a write or the close
 * that failed. */
static sim_err_t run_writer(FILE *f, sim_writer_fn fn, void *arg)
{
    errno = 0;
    sim_err_t rc = fn(f, arg);
    if (ferror(f) && rc == SIM_OK)
        rc = SIM_EIO;
    if (fclose(f) != 0 && rc == SIM_OK)
        rc = SIM_EIO;
    return rc;
}

/* fn into the stream fd; closes it. */
static sim_err_t write_fd(const char *path, int fd, sim_writer_fn fn, void *arg, char *err,
                          size_t errlen)
{
    FILE *f = fdopen(fd, "w");
    if (f == NULL) {
        snprintf(err, errlen, "%s: cannot write: %s", path, strerror(errno));
        close(fd);
        return SIM_EIO;
    }
    sim_err_t rc = run_writer(f, fn, arg);
    if (rc != SIM_OK)
        snprintf(err, errlen, "%s: cannot write: %s", path,
                 rc == SIM_ENOMEM ? "out of memory" : strerror(errno ? errno : EIO));
    return rc;
}

/* fn into the pipe or device `path`, opened without creating or truncating
 * anything; a pipe without a reader fails at once (ENXIO) rather than
 * waiting for one. */
static sim_err_t write_stream(const char *path, sim_writer_fn fn, void *arg, char *err,
                              size_t errlen)
{
    int fd = open(path, O_WRONLY | O_NONBLOCK | O_NOCTTY);
    if (fd < 0) {
        snprintf(err, errlen, "%s: cannot write: %s", path,
                 errno == ENXIO ? "a pipe that nobody reads" : strerror(errno));
        return SIM_EIO;
    }
    int fl = fcntl(fd, F_GETFL);
    if (fl < 0 || fcntl(fd, F_SETFL, fl & ~O_NONBLOCK) != 0) {
        snprintf(err, errlen, "%s: cannot write: %s", path, strerror(errno));
        close(fd);
        return SIM_EIO;
    }
    return write_fd(path, fd, fn, arg, err, errlen);
}

sim_err_t sim_write_file(const char *path, sim_writer_fn fn, void *arg, char *err, size_t errlen)
{
    char tmp[4096], target[4096];
    struct stat sb;
    /* The rule of sim_output_check(), without the directory's checks: the
     * rename below tells those. */
    int own = own_stream(path);
    if (own >= 0) {
        int fd = dup(own);
        if (fd < 0) {
            snprintf(err, errlen, "%s: cannot write: %s", path, strerror(errno));
            return SIM_EIO;
        }
        return write_fd(path, fd, fn, arg, err, errlen);
    }
    if (stat(path, &sb) == 0) {
        if (S_ISFIFO(sb.st_mode) || S_ISCHR(sb.st_mode))
            return write_stream(path, fn, arg, err, errlen);
        if (!S_ISREG(sb.st_mode)) {
            snprintf(err, errlen, "%s: cannot write: it is %s", path, file_type(sb.st_mode));
            return SIM_EINVAL;
        }
    }
    if (rename_target(path, target, sizeof target) != 0) {
        snprintf(err, errlen, "%s: cannot write: a symbolic link to nothing", path);
        return SIM_EINVAL;
    }
    if (snprintf(tmp, sizeof tmp, "%s.tmpXXXXXX", target) >= (int)sizeof tmp) {
        snprintf(err, errlen, "%.200s...: cannot write: file name too long", path);
        return SIM_EINVAL;
    }
    int fd = mkstemp(tmp);
    if (fd < 0) {
        snprintf(err, errlen, "%s: cannot write: %s", path, strerror(errno));
        return SIM_EIO;
    }
    /* mkstemp() makes it 0600; what we write is for everyone to read. */
    mode_t mask = umask(0);
    umask(mask);
    fchmod(fd, 0666 & ~mask);
    FILE *f = fdopen(fd, "w");
    if (f == NULL) {
        snprintf(err, errlen, "%s: cannot write: %s", path, strerror(errno));
        close(fd);
        unlink(tmp);
        return SIM_EIO;
    }
    sim_err_t rc = run_writer(f, fn, arg);
    if (rc == SIM_OK && rename(tmp, target) != 0)
        rc = SIM_EIO;
    if (rc != SIM_OK) {
        snprintf(err, errlen, "%s: cannot write: %s", path,
                 rc == SIM_ENOMEM ? "out of memory" : strerror(errno ? errno : EIO));
        unlink(tmp);
    }
    return rc;
}

void sim_prng_seed(sim_prng_t *p, uint64_t seed)
{
    p->state = seed;
}

uint64_t sim_prng_next(sim_prng_t *p)
{
    uint64_t z = (p->state += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

uint64_t sim_prng_below(sim_prng_t *p, uint64_t bound)
{
    /* Rejection keeps the draw unbiased for any bound. */
    uint64_t limit = UINT64_MAX - UINT64_MAX % bound;
    uint64_t x;
    do {
        x = sim_prng_next(p);
    } while (x >= limit);
    return x % bound;
}

#define D SIM_CLASS_DEBUG
#define C SIM_CLASS_CACHE
#define U SIM_CLASS_USER
static const sim_stat_info_t catalogue[SIM_STAT_COUNT] = {
    [SIM_STAT_SF_ALLOC_CHUNKS] = {1, "securefile allocation chunks", D, SIM_VIEW_SESSTAT,
                                  "contiguous runs of blocks given to LOB writes"},
    [SIM_STAT_SF_ALLOC_BYTES] = {2, "securefile allocation bytes", D, SIM_VIEW_SESSTAT,
                                 "bytes of the blocks given to LOB writes"},
    [SIM_STAT_SF_DIRECT_WRITE_OPS] = {3, "securefile direct write ops", D, SIM_VIEW_SESSTAT,
                                      "direct (NOCACHE) LOB write calls, one per chunk"},
    [SIM_STAT_SF_DIRECT_WRITE_BYTES] = {4, "securefile direct write bytes", D, SIM_VIEW_SESSTAT,
                                        "bytes written directly to LOB blocks"},
    [SIM_STAT_SF_DIRECT_READ_OPS] = {5, "securefile direct read ops", D, SIM_VIEW_SESSTAT,
                                     "direct (NOCACHE) LOB read calls on the source LOBs"},
    [SIM_STAT_SF_DIRECT_READ_BYTES] = {6, "securefile direct read bytes", D, SIM_VIEW_SESSTAT,
                                       "bytes read directly from source LOB blocks"},
    [SIM_STAT_DSP_ALLOCATIONS] = {7, "segment dispenser allocations", D, SIM_VIEW_SESSTAT,
                                  "calls into the segment dispenser"},
    [SIM_STAT_DSP_CHUNKS] = {8, "segment chunks allocation from disepnser", D, SIM_VIEW_SESSTAT,
                             "contiguous runs the dispenser handed out"},
    [SIM_STAT_DSP_LOAD_TASKS] = {9, "segment dispenser load tasks", D, SIM_VIEW_SESSTAT,
                                 "times the dispenser loaded free space from the segment"},
    [SIM_STAT_SEG_EXTENTS] = {10, "segment extents allocated", D, SIM_VIEW_SESSTAT,
                              "extents added to the LOB segment (lobsim's own figure)"},
    [SIM_STAT_UNDO_CV_SIZE] = {11, "undo change vector size", D, SIM_VIEW_SESSTAT,
                               "bytes of undo change vectors generated"},
    [SIM_STAT_DB_BLOCK_GETS] = {12, "db block gets", C, SIM_VIEW_SESSTAT,
                                "block visits in current mode"},
    [SIM_STAT_CONSISTENT_GETS] = {13, "consistent gets", C, SIM_VIEW_SESSTAT,
                                  "block visits in consistent-read mode"},
    [SIM_STAT_DB_BLOCK_CHANGES] = {14, "db block changes", C, SIM_VIEW_SESSTAT,
                                   "changes made to blocks in current mode"},
    [SIM_STAT_CR_BLOCKS_CREATED] = {15, "CR blocks created", C, SIM_VIEW_SESSTAT,
                                    "block clones built for consistent read"},
    [SIM_STAT_ENQ_TX] = {16, "ENQ: TX - Transaction", SIM_CLASS_ENQUEUE, SIM_VIEW_ENQUEUE,
                         "TX enqueue requests"},
    [SIM_STAT_USED_UREC] = {17, "v$transaction.used_urec", U, SIM_VIEW_TRANSACTION,
                            "undo records held by the inserting transaction"},
    [SIM_STAT_DBLINK_ROUNDTRIPS] = {18, "SQL*Net roundtrips to/from dblink", U, SIM_VIEW_SESSTAT,
                                    "round trips over the database link"},
    [SIM_STAT_DBLINK_BYTES_SENT] = {19, "bytes sent via SQL*Net to dblink", U, SIM_VIEW_SESSTAT,
                                    "bytes sent over the database link"},
    [SIM_STAT_DBLINK_BYTES_RECEIVED] = {20, "bytes received via SQL*Net from dblink", U,
                                        SIM_VIEW_SESSTAT, "bytes received over the database link"},
    [SIM_STAT_PHYS_READS] = {21, "physical reads", C, SIM_VIEW_SESSTAT, "blocks read from disk"},
    [SIM_STAT_PHYS_READ_REQS] = {22, "physical read IO requests", C, SIM_VIEW_SESSTAT,
                                 "read calls, single- and multiblock"},
    [SIM_STAT_PHYS_READ_MULTI] = {23, "physical read total multi block requests", C,
                                  SIM_VIEW_SESSTAT, "read calls of more than one block"},
    [SIM_STAT_PHYS_READ_BYTES] = {24, "physical read bytes", C, SIM_VIEW_SESSTAT,
                                  "bytes read from disk"},
    [SIM_STAT_GC_CURRENT_RECEIVED] = {25, "gc current blocks received", C | SIM_CLASS_RAC,
                                      SIM_VIEW_SESSTAT,
                                      "blocks shipped from the other instance in current mode"},
    [SIM_STAT_GC_CR_RECEIVED] = {26, "gc cr blocks received", C | SIM_CLASS_RAC, SIM_VIEW_SESSTAT,
                                 "consistent-read copies shipped from the other instance"},
    [SIM_STAT_GCS_MESSAGES] = {27, "gcs messages sent", SIM_CLASS_RAC, SIM_VIEW_SESSTAT,
                               "global cache messages for block locks"},
    [SIM_STAT_GES_MESSAGES] = {28, "ges messages sent", SIM_CLASS_RAC, SIM_VIEW_SESSTAT,
                               "global enqueue messages (TX and space locks)"},
    [SIM_STAT_INTERCONNECT_BYTES] = {29, "estd interconnect traffic bytes", SIM_CLASS_RAC,
                                     SIM_VIEW_SESSTAT,
                                     "blocks shipped x block size + messages x message size "
                                     "(as AWR's Estd Interconnect traffic)"},
    [SIM_STAT_WAIT_GC_CURRENT] = {30, "gc current block 2-way", SIM_CLASS_RAC, SIM_VIEW_EVENT,
                                  "waits for a current block from the other instance"},
    [SIM_STAT_WAIT_GC_CR] = {31, "gc cr block 2-way", SIM_CLASS_RAC, SIM_VIEW_EVENT,
                             "waits for a CR copy from the other instance"},
    [SIM_STAT_WAIT_GC_BUSY] = {32, "gc buffer busy acquire", SIM_CLASS_RAC, SIM_VIEW_EVENT,
                               "waits for a block the other instance is still using"},
    [SIM_STAT_RECURSIVE_CALLS] = {33, "recursive calls", U, SIM_VIEW_SESSTAT,
                                  "calls of recursive SQL (the dictionary)"},
    [SIM_STAT_CLIENT_ROUNDTRIPS] = {34, "SQL*Net roundtrips to/from client", U, SIM_VIEW_SESSTAT,
                                    "round trips to the client: one per fetch call"},
    [SIM_STAT_ROWS_PROCESSED] = {35, "rows processed", U, SIM_VIEW_SESSTAT,
                                 "rows the statement returned (autotrace)"},
    [SIM_STAT_PHYS_READ_TOTAL_REQS] = {36, "physical read total IO requests", C, SIM_VIEW_SESSTAT,
                                       "read calls of every kind"},
    [SIM_STAT_PHYS_READ_TOTAL_BYTES] = {37, "physical read total bytes", C, SIM_VIEW_SESSTAT,
                                        "bytes read of every kind"},
    [SIM_STAT_PHYS_READS_CACHE] = {38, "physical reads cache", C, SIM_VIEW_SESSTAT,
                                   "blocks read into the buffer cache"},
    [SIM_STAT_PHYS_READS_DIRECT] = {39, "physical reads direct", C, SIM_VIEW_SESSTAT,
                                    "blocks read into the session's memory, not the cache"},
    [SIM_STAT_PHYS_READS_DIRECT_TEMP] = {40, "physical reads direct temporary tablespace", C,
                                         SIM_VIEW_SESSTAT, "direct reads of temporary blocks"},
    [SIM_STAT_TAB_NUM_ROWS] = {41, "user_tables.num_rows", U, SIM_VIEW_USER_TABLES,
                               "rows of the table"},
    [SIM_STAT_TAB_BLOCKS] = {42, "user_tables.blocks", U, SIM_VIEW_USER_TABLES,
                             "blocks below the high-water mark"},
    [SIM_STAT_TAB_AVG_ROW_LEN] = {43, "user_tables.avg_row_len", U, SIM_VIEW_USER_TABLES,
                                  "column bytes of a row, length bytes included, rounded"},
    [SIM_STAT_PK_NUM_ROWS] = {44, "user_indexes.num_rows of PK", U, SIM_VIEW_USER_INDEXES,
                              "entries of the primary key index"},
    [SIM_STAT_PK_BLEVEL] = {45, "user_indexes.blevel of PK", U, SIM_VIEW_USER_INDEXES,
                            "branch levels of the primary key index"},
    [SIM_STAT_PK_LEAF_BLOCKS] = {46, "user_indexes.leaf_blocks of PK", U, SIM_VIEW_USER_INDEXES,
                                 "leaf blocks of the primary key index"},
    [SIM_STAT_ID_NUM_ROWS] = {47, "user_indexes.num_rows of ID", U, SIM_VIEW_USER_INDEXES,
                              "entries of the index on x"},
    [SIM_STAT_ID_BLEVEL] = {48, "user_indexes.blevel of ID", U, SIM_VIEW_USER_INDEXES,
                            "branch levels of the index on x"},
    [SIM_STAT_ID_LEAF_BLOCKS] = {49, "user_indexes.leaf_blocks of ID", U, SIM_VIEW_USER_INDEXES,
                                 "leaf blocks of the index on x"},
    [SIM_STAT_BI_NUM_ROWS] = {50, "user_indexes.num_rows of BI", U, SIM_VIEW_USER_INDEXES,
                              "entries of the bitmap index on n (bitmap pieces)"},
    [SIM_STAT_BI_BLEVEL] = {51, "user_indexes.blevel of BI", U, SIM_VIEW_USER_INDEXES,
                            "branch levels of the bitmap index on n"},
    [SIM_STAT_BI_LEAF_BLOCKS] = {52, "user_indexes.leaf_blocks of BI", U, SIM_VIEW_USER_INDEXES,
                                 "leaf blocks of the bitmap index on n"},
    [SIM_STAT_WAIT_GC_CURRENT_GRANT] = {53, "gc current grant 2-way", SIM_CLASS_RAC, SIM_VIEW_EVENT,
                                        "current-mode grants from the remote master, no block"},
    [SIM_STAT_WAIT_GC_CR_GRANT] = {54, "gc cr grant 2-way", SIM_CLASS_RAC, SIM_VIEW_EVENT,
                                   "read grants from the remote master, block read from disk"},
    [SIM_STAT_GC_FLUSHES] = {55, "gc log flushes before shipping", SIM_CLASS_RAC, SIM_VIEW_SESSTAT,
                             "shipments that waited for the holder's log writer (lobsim)"},
    [SIM_STAT_USER_COMMITS] = {56, "user commits", U, SIM_VIEW_SESSTAT, "transactions committed"},
    [SIM_STAT_REDO_SIZE] = {57, "redo size", SIM_CLASS_REDO, SIM_VIEW_SESSTAT, "bytes of redo"},
    [SIM_STAT_REDO_WRITES] = {58, "redo writes", SIM_CLASS_REDO, SIM_VIEW_SESSTAT,
                              "log writer writes: commits and flushes before shipping"},
    [SIM_STAT_PHYS_WRITES] = {59, "physical writes", C, SIM_VIEW_SESSTAT,
                              "blocks written by the database writer"},
    [SIM_STAT_ELAPSED_MICRO] = {60, "elapsed time micro", U, SIM_VIEW_SESSTAT,
                                "model time of the run, microseconds (lobsim)"},
    [SIM_STAT_CLUSTER_MICRO] = {61, "Cluster time_waited_micro", SIM_CLASS_RAC, SIM_VIEW_EVENT,
                                "wait class Cluster, microseconds (v$system_wait_class)"},
    [SIM_STAT_COMMIT_MICRO] = {62, "Commit time_waited_micro", SIM_CLASS_REDO, SIM_VIEW_EVENT,
                               "wait class Commit (log file sync), microseconds"},
    [SIM_STAT_SYSTEM_IO_MICRO] = {63, "System I/O time_waited_micro", C, SIM_VIEW_EVENT,
                                  "wait class System I/O (log and database writer), microseconds"},
    [SIM_STAT_USER_IO_MICRO] = {64, "User I/O time_waited_micro", C, SIM_VIEW_EVENT,
                                "wait class User I/O (single-block reads), microseconds"},
    [SIM_STAT_DB_CPU_MICRO] = {65, "DB CPU", U, SIM_VIEW_SESSTAT,
                               "CPU time of the users, microseconds (v$sys_time_model)"},
    [SIM_STAT_REDO_ENTRIES] = {66, "redo entries", SIM_CLASS_REDO, SIM_VIEW_SESSTAT,
                               "redo records written"},
    [SIM_STAT_REDO_DIRECT_WRITES] = {67, "redo size for direct writes", SIM_CLASS_REDO,
                                     SIM_VIEW_SESSTAT,
                                     "redo of direct writes not logged: block invalidations"},
    [SIM_STAT_DSU_SEGMENT_BLOCKS] = {68, "dbms_space.segment_size_blocks", U, SIM_VIEW_DBMS_SPACE,
                                     "blocks of the LOB segment"},
    [SIM_STAT_DSU_SEGMENT_BYTES] = {69, "dbms_space.segment_size_bytes", U, SIM_VIEW_DBMS_SPACE,
                                    "bytes of the LOB segment"},
    [SIM_STAT_DSU_USED_BLOCKS] = {70, "dbms_space.used_blocks", U, SIM_VIEW_DBMS_SPACE,
                                  "blocks holding live LOB data"},
    [SIM_STAT_DSU_USED_BYTES] = {71, "dbms_space.used_bytes", U, SIM_VIEW_DBMS_SPACE,
                                 "bytes of the blocks holding live LOB data"},
    [SIM_STAT_DSU_EXPIRED_BLOCKS] = {72, "dbms_space.expired_blocks", U, SIM_VIEW_DBMS_SPACE,
                                     "free blocks reusable now: past retention or never used"},
    [SIM_STAT_DSU_EXPIRED_BYTES] = {73, "dbms_space.expired_bytes", U, SIM_VIEW_DBMS_SPACE,
                                    "bytes of the expired blocks"},
    [SIM_STAT_DSU_UNEXPIRED_BLOCKS] = {74, "dbms_space.unexpired_blocks", U, SIM_VIEW_DBMS_SPACE,
                                       "freed blocks kept for their retention"},
    [SIM_STAT_DSU_UNEXPIRED_BYTES] = {75, "dbms_space.unexpired_bytes", U, SIM_VIEW_DBMS_SPACE,
                                      "bytes of the unexpired blocks"},
    [SIM_STAT_SEG_LOB_BLOCKS] = {76, "user_segments.blocks", U, SIM_VIEW_USER_SEGMENTS,
                                 "blocks of the LOB segment"},
    [SIM_STAT_SEG_LOB_BYTES] = {77, "user_segments.bytes", U, SIM_VIEW_USER_SEGMENTS,
                                "bytes of the LOB segment"},
    [SIM_STAT_SEG_LOB_EXTENTS] = {78, "user_segments.extents", U, SIM_VIEW_USER_SEGMENTS,
                                  "extents of the LOB segment"},
    [SIM_STAT_SEG_TAB_BLOCKS] = {79, "user_segments.blocks of TABLE", U, SIM_VIEW_USER_SEGMENTS,
                                 "blocks of the table segment"},
    [SIM_STAT_SEG_TAB_BYTES] = {80, "user_segments.bytes of TABLE", U, SIM_VIEW_USER_SEGMENTS,
                                "bytes of the table segment"},
    [SIM_STAT_SEG_TAB_EXTENTS] = {81, "user_segments.extents of TABLE", U, SIM_VIEW_USER_SEGMENTS,
                                  "extents of the table segment"},
    [SIM_STAT_SHRINK_BLOCKS_MOVED] = {82, "v$securefile_shrink.blocks_moved", U,
                                      SIM_VIEW_SECUREFILE_SHRINK, "blocks relocated"},
    [SIM_STAT_SHRINK_BLOCKS_FREED] = {83, "v$securefile_shrink.blocks_freed", U,
                                      SIM_VIEW_SECUREFILE_SHRINK, "blocks freed"},
    [SIM_STAT_SHRINK_BLOCKS_ALLOCATED] = {84, "v$securefile_shrink.blocks_allocated", U,
                                          SIM_VIEW_SECUREFILE_SHRINK,
                                          "blocks the shrink allocated from the tablespace"},
    [SIM_STAT_SHRINK_EXTENTS_ALLOCATED] = {85, "v$securefile_shrink.extents_allocated", U,
                                           SIM_VIEW_SECUREFILE_SHRINK,
                                           "extents the shrink allocated from the tablespace"},
    [SIM_STAT_SHRINK_EXTENTS_FREED] = {86, "v$securefile_shrink.extents_freed", U,
                                       SIM_VIEW_SECUREFILE_SHRINK, "extents freed"},
    [SIM_STAT_SHRINK_EXTENTS_SEALED] = {87, "v$securefile_shrink.extents_sealed", U,
                                        SIM_VIEW_SECUREFILE_SHRINK,
                                        "candidate extents selected and sealed"},
    [SIM_STAT_LOB_LIVE] = {88, "lobsim.lobs out of row", U, SIM_VIEW_LOB_MAP,
                           "LOBs stored in the LOB segment (lobsim)"},
    [SIM_STAT_LOB_INROW] = {89, "lobsim.lobs in row", U, SIM_VIEW_LOB_MAP,
                            "LOBs stored in the table row (lobsim)"},
    [SIM_STAT_LOB_CHUNKS] = {90, "lobsim.lob chunks", U, SIM_VIEW_LOB_MAP,
                             "chunks of the LOBs in the LOB segment (lobsim)"},
    [SIM_STAT_FREE_CHUNKS] = {91, "lobsim.free chunks", U, SIM_VIEW_LOB_MAP,
                              "reusable chunks of the LOB segment (lobsim)"},
    [SIM_STAT_FREE_LARGEST] = {92, "lobsim.largest free chunk blocks", U, SIM_VIEW_LOB_MAP,
                               "blocks of the largest reusable chunk (lobsim)"},
    [SIM_STAT_FREE_1] = {93, "lobsim.free chunks of 1 block", U, SIM_VIEW_LOB_MAP,
                         "reusable chunks of 1 block (lobsim)"},
    [SIM_STAT_FREE_2_7] = {94, "lobsim.free chunks of 2-7 blocks", U, SIM_VIEW_LOB_MAP,
                           "reusable chunks of 2 to 7 blocks (lobsim)"},
    [SIM_STAT_FREE_8_63] = {95, "lobsim.free chunks of 8-63 blocks", U, SIM_VIEW_LOB_MAP,
                            "reusable chunks of 8 to 63 blocks (lobsim)"},
    [SIM_STAT_FREE_64] = {96, "lobsim.free chunks of 64+ blocks", U, SIM_VIEW_LOB_MAP,
                          "reusable chunks of 64 blocks or more (lobsim)"},
    [SIM_STAT_WAIT_HW] = {97, "enq: HW - contention", SIM_CLASS_ENQUEUE, SIM_VIEW_EVENT,
                          "waits for the segment's HW enqueue: another session adds an extent"},
    [SIM_STAT_HW_MICRO] = {98, "enq: HW - contention time_waited_micro", SIM_CLASS_ENQUEUE,
                           SIM_VIEW_EVENT, "their time, microseconds"},
    [SIM_STAT_DSP_LATCH_GETS] = {99, "lob segment dispenser latch gets", C, SIM_VIEW_LATCH,
                                 "gets of the segment's dispenser latch (lobsim's name)"},
    [SIM_STAT_DSP_LATCH_MISS] = {100, "lob segment dispenser latch misses", C, SIM_VIEW_LATCH,
                                 "gets that found it held"},
    [SIM_STAT_WAIT_BB_BUCKET] = {101, "buffer busy waits on hash bucket blocks", C, SIM_VIEW_EVENT,
                                 "buffer busy waits of the space metadata class hash bucket"},
};
#undef D
#undef C
#undef U

const sim_stat_info_t *sim_stat_info(sim_stat_t s)
{
    return (unsigned)s < SIM_STAT_COUNT ? &catalogue[s] : NULL;
}

const char *sim_stat_unit(sim_stat_t s)
{
    if ((unsigned)s >= SIM_STAT_COUNT)
        return NULL;
    const char *n = catalogue[s].name;
    if (strstr(n, "micro") || strcmp(n, "DB CPU") == 0)
        return "microseconds";
    if (strstr(n, "bytes") || strstr(n, " size") || strstr(n, "avg_row_len"))
        return "bytes";
    if (strstr(n, "blocks") || strcmp(n, "physical reads") == 0 ||
        strncmp(n, "physical reads ", 15) == 0 || strcmp(n, "physical writes") == 0)
        return "blocks";
    if (strstr(n, "blevel"))
        return "index levels";
    if (strstr(n, "num_rows") || strcmp(n, "rows processed") == 0)
        return "rows";
    if (strstr(n, "extents"))
        return "extents";
    return "count";
}

int sim_stat_by_name(const char *name)
{
    for (int i = 0; i < SIM_STAT_COUNT; i++)
        if (strcmp(catalogue[i].name, name) == 0)
            return i;
    return -1;
}

int sim_stat_counts_operations(sim_stat_t s)
{
    const sim_stat_info_t *in = sim_stat_info(s);
    if (in == NULL)
        return 0;
    if (in->view != SIM_VIEW_SESSTAT && in->view != SIM_VIEW_ENQUEUE &&
        in->view != SIM_VIEW_TRANSACTION && in->view != SIM_VIEW_EVENT)
        return 0;
    /* The amounts among them, by the unit their Oracle name gives. */
    static const char *const units[] = {"bytes", "size", "time", "micro", "DB CPU"};
    for (size_t i = 0; i < sizeof units / sizeof units[0]; i++)
        if (strstr(in->name, units[i]) != NULL)
            return 0;
    return 1;
}

int sim_stat_per_segment(sim_stat_t s)
{
    sim_view_t v = sim_stat_info(s)->view;
    return v == SIM_VIEW_DBMS_SPACE || v == SIM_VIEW_USER_SEGMENTS ||
           v == SIM_VIEW_SECUREFILE_SHRINK || v == SIM_VIEW_LOB_MAP;
}

const char *sim_view_name(sim_view_t v)
{
    switch (v) {
    case SIM_VIEW_SESSTAT:
        return "v$sesstat";
    case SIM_VIEW_ENQUEUE:
        return "v$enqueue_stat";
    case SIM_VIEW_TRANSACTION:
        return "v$transaction";
    case SIM_VIEW_EVENT:
        return "v$session_event";
    case SIM_VIEW_USER_TABLES:
        return "user_tables";
    case SIM_VIEW_USER_INDEXES:
        return "user_indexes";
    case SIM_VIEW_DBMS_SPACE:
        return "dbms_space.space_usage";
    case SIM_VIEW_USER_SEGMENTS:
        return "user_segments";
    case SIM_VIEW_LATCH:
        return "v$latch";
    case SIM_VIEW_SECUREFILE_SHRINK:
        return "v$securefile_shrink";
    case SIM_VIEW_LOB_MAP:
        return "lobsim";
    }
    return "?";
}
