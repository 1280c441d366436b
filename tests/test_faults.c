/*
 * test_faults.c -- faults injected on purpose, at every point they can hit.
 *
 *   model     every allocation of workload_run_stats() in turn, for every path, workload,
 *             LOB size and block size of a matrix: each failure ends with
 *             SIM_ENOMEM, leaks nothing (the sanitizer build checks), and the
 *             run that follows gives the figures of a run that never failed.
 *   store     every write, sync and lock of SQLite under the results store
 *             (a VFS shim registered as the default VFS fails the Nth xWrite
 *             with SQLITE_IOERR or, from then on, SQLITE_FULL, the Nth xSync,
 *             and answers SQLITE_BUSY to the Nth lock), SQLite's own
 *             allocations (SQLITE_CONFIG_MALLOC) and every sim_malloc() of
 *             the store: while recording into an existing store and while
 *             creating one from nothing.  Each failure is an error with a
 *             one-line message naming the file; afterwards the file passes
 *             PRAGMA integrity_check and res_check() and holds exactly the
 *             runs that were reported recorded, each whole.
 *             Of SQLite's allocations (some 1,100 while recording, 25,000
 *             while creating) each of the first 100 fails, every 50th, and
 *             on each path of the store's code into SQLite its calls in turn
 *             until one fails the operation; all of them with
 *             LOBSIM_FAULTS_FULL set.
 *
 * The totals are printed at the end ("faults: ...") for the README.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>
#include <execinfo.h>
#include <sqlite3.h>

#include "workload.h"
#include "results.h"
#include "vfs_shim.h"

#ifndef LOBSIM_REFERENCE_CSV
#define LOBSIM_REFERENCE_CSV "results/reference/oracle_lob_insert.csv"
#endif

/* ---- totals for the report ---------------------------------------------- */

static struct {
    uint64_t model_cases, model_faults;
    uint64_t store_points, store_faults, store_busy_retried, stores_checked, store_runs_kept;
} total;

/* ---- the fault switchboard ---------------------------------------------- */

typedef enum {
    F_SIM_ALLOC,     /* sim_malloc() and friends, from the Nth on */
    F_SQLITE_MALLOC, /* SQLite's own allocator, the Nth call */
    F_WRITE_IOERR,   /* the Nth xWrite: SQLITE_IOERR_WRITE */
    F_WRITE_FULL,    /* xWrite from the Nth on: SQLITE_FULL (the disk stays full) */
    F_SYNC_IOERR,    /* the Nth xSync: SQLITE_IOERR_FSYNC */
    F_LOCK_BUSY,     /* the Nth xLock / exclusive xShmLock: SQLITE_BUSY */
    F_COUNT
} fault_t;

static const char *const fault_name[F_COUNT] = {
    "sim_malloc", "sqlite malloc", "xWrite IOERR", "xWrite FULL", "xSync IOERR", "lock BUSY",
};

typedef struct plan plan_t;

static struct {
    fault_t kind;
    int armed;
    uint64_t at;       /* 1-based call that fails; 0 = none */
    uint64_t calls;    /* calls of the faulted kind since arming */
    uint64_t injected; /* faults returned since arming */
    uint64_t alloc0;   /* sim_alloc_count() when armed */
    uint64_t at_path;  /* call_path() of call `at` */
    plan_t *trace;     /* if set, gets call_path() of every call */
} fx;

static uint64_t call_path(void);
static void plan_trace(plan_t *p, uint64_t path);

static void arm(fault_t kind, uint64_t n)
{
    plan_t *trace = fx.trace;
    memset(&fx, 0, sizeof fx);
    fx.trace = trace;
    fx.kind = kind;
    fx.at = n;
    if (kind == F_SIM_ALLOC) {
        fx.alloc0 = sim_alloc_count();
        sim_fail_alloc_after(n);
    }
    fx.armed = 1;
}

/* Stop injecting; returns how many faults were injected. */
static uint64_t disarm(void)
{
    if (fx.kind == F_SIM_ALLOC) {
        sim_fail_alloc_after(0);
        uint64_t calls = sim_alloc_count() - fx.alloc0;
        fx.injected = calls >= fx.at ? calls - fx.at + 1 : 0;
    }
    fx.armed = 0;
    return fx.injected;
}

/* Called by each hooked operation of kind k: nonzero means fail this one. */
static int should_fail(fault_t k)
{
    if (!fx.armed || fx.kind != k)
        return 0;
    fx.calls++;
    if (fx.trace != NULL || fx.calls == fx.at) {
        uint64_t path = call_path(); /* one call: its own return address is in the hash */
        if (fx.trace != NULL)
            plan_trace(fx.trace, path);
        fx.at_path = path;
    }
    int fail = fx.calls == fx.at || (k == F_WRITE_FULL && fx.at && fx.calls > fx.at);
    if (fail)
        fx.injected++;
    return fail;
}

/* ---- SQLite's allocator, wrapped ---------------------------------------- */

static sqlite3_mem_methods real_mem;

static void *mem_malloc(int n)
{
    return should_fail(F_SQLITE_MALLOC) ? NULL : real_mem.xMalloc(n);
}

static void *mem_realloc(void *p, int n)
{
    return should_fail(F_SQLITE_MALLOC) ? NULL : real_mem.xRealloc(p, n);
}

static void mem_free(void *p)
{
    real_mem.xFree(p);
}

static int mem_size(void *p)
{
    return real_mem.xSize(p);
}

static int mem_roundup(int n)
{
    return real_mem.xRoundup(n);
}

static int mem_init(void *a)
{
    return real_mem.xInit(a);
}

static void mem_shutdown(void *a)
{
    real_mem.xShutdown(a);
}

static sqlite3_mem_methods shim_mem = {mem_malloc,  mem_free, mem_realloc,  mem_size,
                                       mem_roundup, mem_init, mem_shutdown, NULL};

/* ---- the VFS shim's hook: fails on request -------------------------------- */

static int fault_hook(vfs_shim_op_t op)
{
    switch (op) {
    case VFS_SHIM_WRITE:
        if (should_fail(F_WRITE_IOERR))
            return SQLITE_IOERR_WRITE;
        if (should_fail(F_WRITE_FULL))
            return SQLITE_FULL;
        return SQLITE_OK;
    case VFS_SHIM_SYNC:
        return should_fail(F_SYNC_IOERR) ? SQLITE_IOERR_FSYNC : SQLITE_OK;
    case VFS_SHIM_LOCK:
    case VFS_SHIM_SHM_LOCK_EXCL: /* another writer holding the WAL write lock */
        return should_fail(F_LOCK_BUSY) ? SQLITE_BUSY : SQLITE_OK;
    case VFS_SHIM_TRUNCATE:
        break;
    }
    return SQLITE_OK;
}

/* Set up once per process, before SQLite initialises: the allocator can only
 * be swapped then. */
static int setup_sqlite(void)
{
    if (sqlite3_config(SQLITE_CONFIG_GETMALLOC, &real_mem) != SQLITE_OK)
        return -1;
    if (sqlite3_config(SQLITE_CONFIG_MALLOC, &shim_mem) != SQLITE_OK)
        return -1;
    if (sqlite3_initialize() != SQLITE_OK)
        return -1;
    /* res_open() takes no VFS name: the shim becomes the default. */
    return vfs_shim_install("lobsim-faults", fault_hook) == SQLITE_OK ? 0 : -1;
}

/* ---- the model ------------------------------------------------------------- */

/*
 * Fail every allocation of one case in turn.  The allocations of a run come
 * in a fixed order, so the number of faults it takes to get through must be
 * exactly the number of allocations of a run that never failed.
 */
static void sweep_case(const case_t *c)
{
    sim_stats_t clean, st;
    uint64_t before = sim_alloc_count();
    assert_int_equal(workload_run_stats(c, &clean), SIM_OK);
    uint64_t allocs = sim_alloc_count() - before;
    uint64_t faults = 0;
    for (uint64_t n = 1;; n++) {
        arm(F_SIM_ALLOC, n);
        sim_err_t rc = workload_run_stats(c, &st);
        uint64_t injected = disarm();
        if (rc == SIM_OK) {
            assert_int_equal(injected, 0);
            break;
        }
        if (rc != SIM_ENOMEM)
            fail_msg("%s %s %llu chars, %u-byte blocks: allocation %llu failed with '%s', "
                     "expected out of memory",
                     workload_name(c->workload), case_path_name(c->path),
                     (unsigned long long)c->lob_chars, c->block_size, (unsigned long long)n,
                     sim_strerror(rc));
        assert_true(injected >= 1);
        faults++;
    }
    assert_int_equal(faults, allocs);
    /* Nothing of the failed runs lingers: the figures are those of a clean run. */
    assert_memory_equal(&st, &clean, sizeof st);
    total.model_cases++;
    total.model_faults += faults;
}

static void test_model_every_allocation(void **state)
{
    (void)state;
    static const uint64_t kchars[] = {2, 32, 256};
    static const uint32_t blocks[] = {2048, 8192, 32768};
    for (int w = 0; w < (int)workload_count(); w++)
        for (int p = 0; p < CASE_PATH_COUNT; p++)
            for (size_t k = 0; k < sizeof kchars / sizeof kchars[0]; k++)
                for (size_t b = 0; b < sizeof blocks / sizeof blocks[0]; b++) {
                    case_t c;
                    char msg[200];
                    case_defaults(&c);
                    c.workload = (unsigned)w;
                    c.path = (case_path_t)p;
                    c.lob_chars = kchars[k] * 1024;
                    c.block_size = blocks[b];
                    /* 256k x 2000 rows passes 1 GB: the extent list grows
                     * several times. */
                    c.rows = 2000;
                    /* rac: a table of two ownership runs, few transactions. */
                    if (workload_is_rac((size_t)w)) {
                        c.rows = 20000;
                        c.rac.transactions = 200;
                    }
                    if (case_validate(&c, msg, sizeof msg) != SIM_OK)
                        fail_msg("case refused: %s", msg);
                    sweep_case(&c);
                }
    assert_true(total.model_faults > total.model_cases);
}

/* ---- which calls a sweep fails -------------------------------------------- */

/*
 * The path of the store's code that led to this call: a hash of the return
 * addresses on the stack inside this program (the test and the libraries
 * linked into it), SQLite's frames, in its shared library, left out.  The
 * allocations under one statement of the store share a path; each path is a
 * place where the store must cope with SQLITE_NOMEM.
 */
extern char __executable_start[], etext[];

static uint64_t call_path(void)
{
    void *frames[64];
    int n = backtrace(frames, 64);
    uint64_t h = 14695981039346656037u; /* FNV-1a */
    for (int i = 0; i < n; i++) {
        uintptr_t a = (uintptr_t)frames[i];
        if (a >= (uintptr_t)__executable_start && a < (uintptr_t)etext) {
            h ^= a;
            h *= 1099511628211u;
        }
    }
    return h;
}

/*
 * The calls a sweep fails, in turn.  Every call, except SQLite's own
 * allocations: there the sweep first traces a clean run, the path of each of
 * its calls, and then fails every one of the first 100 calls, every 50th,
 * and on each path its calls in turn until one makes the operation fail (up
 * to PLAN_TRIES: SQLite shrugs off some failed allocations, a cache it does
 * without) -- so that every path where SQLite can report SQLITE_NOMEM to the
 * store does.  All calls when LOBSIM_FAULTS_FULL is set.  The last point is
 * one past the clean run's calls: there the operation goes through.
 */
#define PLAN_ALL_UP_TO 100
#define PLAN_EVERY 50
#define PLAN_TRIES 8

struct plan {
    int sampled;
    uint64_t calls;  /* calls of the clean run */
    uint64_t *hash;  /* call_path() of each */
    uint32_t *path;  /* and its index in paths */
    uint64_t *paths; /* the distinct paths */
    uint32_t *tries; /* faults tried on each path */
    uint8_t *failed; /* a fault on that path made the operation fail */
    size_t npaths, cap;
};

static void *grow(void *p, size_t n, size_t size)
{
    p = realloc(p, n * size);
    assert_non_null(p);
    return p;
}

static void plan_trace(plan_t *p, uint64_t hash)
{
    if (p->calls == p->cap) {
        p->cap = p->cap ? 2 * p->cap : 4096;
        p->hash = grow(p->hash, p->cap, sizeof *p->hash);
        p->path = grow(p->path, p->cap, sizeof *p->path);
        p->paths = grow(p->paths, p->cap, sizeof *p->paths);
    }
    size_t i = 0;
    while (i < p->npaths && p->paths[i] != hash)
        i++;
    if (i == p->npaths)
        p->paths[p->npaths++] = hash;
    p->hash[p->calls] = hash;
    p->path[p->calls++] = (uint32_t)i;
}

static void plan_init(plan_t *p, fault_t f)
{
    memset(p, 0, sizeof *p);
    p->sampled = f == F_SQLITE_MALLOC && getenv("LOBSIM_FAULTS_FULL") == NULL;
}

static void plan_free(plan_t *p)
{
    free(p->hash);
    free(p->path);
    free(p->paths);
    free(p->tries);
    free(p->failed);
}

/* The point after n (0: the first). */
static uint64_t plan_next(plan_t *p, uint64_t n)
{
    if (!p->sampled)
        return n + 1;
    if (p->tries == NULL) { /* the clean run is traced: n is 0 */
        p->tries = calloc(p->npaths + 1, sizeof *p->tries);
        p->failed = calloc(p->npaths + 1, 1);
        assert_non_null(p->tries);
        assert_non_null(p->failed);
    }
    for (n++; n <= p->calls; n++) {
        uint32_t i = p->path[n - 1];
        if (n <= PLAN_ALL_UP_TO || n % PLAN_EVERY == 0 ||
            (!p->failed[i] && p->tries[i] < PLAN_TRIES))
            return n;
    }
    return p->calls + 1;
}

/* After point n, which injected `injected` faults and made the operation
 * fail or not.  A sampled sweep's calls must be those of its clean run, or
 * its points would miss their paths. */
static void plan_done(plan_t *p, fault_t f, uint64_t n, uint64_t injected, int failed)
{
    if (!p->sampled)
        return;
    if (n <= p->calls && injected == 0)
        fail_msg("%s: call %llu of the %llu of the clean run never came", fault_name[f],
                 (unsigned long long)n, (unsigned long long)p->calls);
    if (n <= p->calls && fx.at_path != p->hash[n - 1])
        fail_msg("%s: call %llu came by another path than in the clean run", fault_name[f],
                 (unsigned long long)n);
    if (n > p->calls && injected != 0)
        fail_msg("%s: more than the %llu calls of the clean run", fault_name[f],
                 (unsigned long long)p->calls);
    if (n <= p->calls) {
        p->tries[p->path[n - 1]]++;
        p->failed[p->path[n - 1]] |= failed != 0;
    }
}

static void plan_report(const plan_t *p, const char *what, fault_t f, uint64_t tried)
{
    if (!p->sampled) {
        printf("faults: %s, %s: failed at %llu (all) of its calls in turn\n", what, fault_name[f],
               (unsigned long long)tried);
        return;
    }
    size_t failing = 0;
    for (size_t i = 0; i < p->npaths; i++)
        failing += p->failed[i];
    printf("faults: %s, %s: failed at %llu of its %llu calls: each of the first %d, every "
           "%dth, and on each of %zu paths until the operation failed (%zu did, %zu never "
           "in %d tries)\n",
           what, fault_name[f], (unsigned long long)tried, (unsigned long long)p->calls,
           PLAN_ALL_UP_TO, PLAN_EVERY, p->npaths, failing, p->npaths - failing, PLAN_TRIES);
}

/* ---- the store -------------------------------------------------------------- */

#define NSESS 3

/* On tmpfs when there is one: the faults are the shim's, not the disk's, and
 * every point syncs. */
static char dir[64];

static void fixture_sessions(res_session_t *ss)
{
    static char params[NSESS][CASE_PARAMS_LEN];
    for (int i = 0; i < NSESS; i++) {
        case_t c;
        case_defaults(&c);
        c.path = i % 2 ? CASE_PATH_DBLINK : CASE_PATH_LOCAL;
        c.lob_chars = (uint64_t)(2 + 30 * i) * 1024;
        c.rows = 100;
        memset(&ss[i], 0, sizeof ss[i]);
        assert_int_equal(workload_run_stats(&c, &ss[i].stats), SIM_OK);
        case_describe_params(&c, params[i], sizeof params[i]);
        ss[i].workload = workload_name(c.workload);
        ss[i].path = case_path_name(c.path);
        ss[i].lob_chars = c.lob_chars;
        ss[i].block_size = c.block_size;
        ss[i].rows = c.rows;
        ss[i].piece_size = c.piece_size;
        ss[i].seed = c.seed;
        ss[i].params = params[i];
        ss[i].timed = 1;
        ss[i].timing.iterations = 10;
        ss[i].timing.real_time_ns = 1000.5 * (i + 1);
        ss[i].timing.cpu_time_ns = 999.5 * (i + 1);
        ss[i].timing.repetitions = 1;
    }
}

static void remove_store(const char *path)
{
    char aux[600];
    unlink(path);
    snprintf(aux, sizeof aux, "%s-wal", path);
    unlink(aux);
    snprintf(aux, sizeof aux, "%s-shm", path);
    unlink(aux);
    snprintf(aux, sizeof aux, "%s-journal", path);
    unlink(aux);
}

/* An error message the user can act on: one line, naming the file (the store
 * or, while loading the reference, the CSV). */
static void assert_message(const char *msg, const char *path, fault_t f, uint64_t n)
{
    if (msg == NULL || *msg == '\0' || strchr(msg, '\n') != NULL ||
        (strstr(msg, path) == NULL && strstr(msg, LOBSIM_REFERENCE_CSV) == NULL))
        fail_msg("%s at call %llu: bad message '%s' (want one line naming %s)", fault_name[f],
                 (unsigned long long)n, msg ? msg : "(null)", path);
}

static int64_t query1(sqlite3 *db, const char *sql)
{
    sqlite3_stmt *st;
    int rc = sqlite3_prepare_v2(db, sql, -1, &st, NULL);
    if (rc != SQLITE_OK)
        fail_msg("%s: %s", sql, sqlite3_errmsg(db));
    int64_t v = sqlite3_step(st) == SQLITE_ROW ? sqlite3_column_int64(st, 0) : -1;
    sqlite3_finalize(st);
    return v;
}

/*
 * With no fault armed: the file passes integrity_check and res_check(),
 * holds `lobsim` lobsim runs and `oracle` reference runs, and each run is
 * whole (every lobsim run NSESS sessions, every session every figure).
 */
static void assert_store(const char *path, int64_t lobsim, int64_t oracle)
{
    sqlite3 *db;
    assert_int_equal(sqlite3_open_v2(path, &db, SQLITE_OPEN_READWRITE, NULL), SQLITE_OK);
    sqlite3_stmt *st;
    assert_int_equal(sqlite3_prepare_v2(db, "PRAGMA integrity_check", -1, &st, NULL), SQLITE_OK);
    assert_int_equal(sqlite3_step(st), SQLITE_ROW);
    if (strcmp((const char *)sqlite3_column_text(st, 0), "ok") != 0)
        fail_msg("%s: integrity_check: %s", path, (const char *)sqlite3_column_text(st, 0));
    sqlite3_finalize(st);
    assert_int_equal(query1(db, "SELECT count(*) FROM runs WHERE source = 'lobsim'"), lobsim);
    assert_int_equal(query1(db, "SELECT count(*) FROM runs WHERE source = 'oracle'"), oracle);
    assert_int_equal(query1(db, "SELECT count(*) FROM runs r WHERE source = 'lobsim' AND "
                                "(SELECT count(*) FROM sessions s WHERE s.run = r.run) <> 3"),
                     0);
    char sql[200];
    snprintf(sql, sizeof sql,
             "SELECT count(*) FROM sessions s JOIN runs r USING (run) WHERE r.source = 'lobsim' "
             "AND (SELECT count(*) FROM session_stats t WHERE t.sid = s.sid) <> %d",
             (int)SIM_STAT_COUNT);
    assert_int_equal(query1(db, sql), 0);
    sqlite3_close(db);
    char err[512];
    res_store_t *s;
    if (res_open(path, 0, &s, err, sizeof err) != SIM_OK)
        fail_msg("reopening after the faults: %s", err);
    if (res_check(s) != SIM_OK)
        fail_msg("res_check after the faults: %s", res_errmsg(s));
    res_close(s);
    total.stores_checked++;
    total.store_runs_kept += (uint64_t)(lobsim + oracle);
}

static void record_one(res_store_t *s, const res_session_t *ss)
{
    res_run_t run;
    res_run_defaults(&run);
    run.seed = 7;
    run.command_line = "test_faults";
    if (res_record_run(s, &run, ss, NSESS, NULL) != SIM_OK)
        fail_msg("recording without faults: %s", res_errmsg(s));
}

static void copy_file(const char *from, const char *to)
{
    FILE *in = fopen(from, "rb"), *out = fopen(to, "wb");
    char buf[8192];
    size_t n;
    assert_non_null(in);
    assert_non_null(out);
    while ((n = fread(buf, 1, sizeof buf, in)) > 0)
        assert_int_equal(fwrite(buf, 1, n, out), n);
    fclose(in);
    assert_int_equal(fclose(out), 0);
}

/*
 * Record into a fresh copy of tmpl (a store holding one run, so that each
 * point costs the same) at path, with call n of kind f failing (0: none).
 * After a failure the same handle records again: a fault must not break the
 * connection.  Returns the faults injected.
 */
static uint64_t record_at(fault_t f, uint64_t n, const char *tmpl, const char *path,
                          const res_session_t *ss, int *failed)
{
    char err[512];
    res_store_t *s;
    remove_store(path);
    copy_file(tmpl, path);
    int64_t runs = 1;
    if (res_open(path, 0, &s, err, sizeof err) != SIM_OK)
        fail_msg("%s: %s", fault_name[f], err);
    res_run_t run;
    res_run_defaults(&run);
    run.seed = n;
    run.command_line = "test_faults";
    int64_t id = 0;
    arm(f, n);
    sim_err_t rc = res_record_run(s, &run, ss, NSESS, &id);
    uint64_t injected = disarm();
    *failed = rc != SIM_OK;
    if (rc == SIM_OK) {
        runs++;
        assert_true(id > 0);
        if (f == F_LOCK_BUSY && injected)
            total.store_busy_retried++;
    } else {
        if (!injected)
            fail_msg("%s: record failed with no fault injected: %s", fault_name[f], res_errmsg(s));
        assert_message(res_errmsg(s), path, f, n);
        if (f == F_SIM_ALLOC || f == F_SQLITE_MALLOC)
            assert_int_equal(rc, SIM_ENOMEM);
        else
            assert_int_equal(rc, SIM_EIO);
        record_one(s, ss); /* the handle still works */
        runs++;
    }
    res_close(s);
    assert_store(path, runs, 0);
    return injected;
}

/* Record into an existing store with a fault at each point of the plan in
 * turn, until a record goes through without reaching it. */
static void sweep_record(fault_t f)
{
    char path[512], tmpl[512], err[512];
    snprintf(path, sizeof path, "%s/record-%d.db", dir, (int)f);
    snprintf(tmpl, sizeof tmpl, "%s/template-%d.db", dir, (int)f);
    remove_store(tmpl);
    res_session_t ss[NSESS];
    fixture_sessions(ss);
    res_store_t *s;
    if (res_open(tmpl, RES_OPEN_CREATE, &s, err, sizeof err) != SIM_OK)
        fail_msg("%s", err);
    record_one(s, ss);
    res_close(s); /* the last connection checkpoints: no -wal left */

    plan_t plan;
    plan_init(&plan, f);
    /* Point 0 of a sampled sweep is its clean run, traced (through the same
     * call as the others: the return addresses are part of the paths). */
    uint64_t n, tried = 0;
    for (n = plan.sampled ? 0 : 1;; n = plan_next(&plan, n)) {
        fx.trace = n == 0 ? &plan : NULL;
        int failed;
        uint64_t injected = record_at(f, n, tmpl, path, ss, &failed);
        fx.trace = NULL;
        if (n == 0)
            continue;
        total.store_points++;
        total.store_faults += injected;
        plan_done(&plan, f, n, injected, failed);
        if (!injected)
            break;
        tried++;
    }
    plan_report(&plan, "recording", f, tried);
    plan_free(&plan);
    remove_store(path);
    remove_store(tmpl);
}

/*
 * What lobbench does on a first run: create the store, load the reference,
 * record -- with call n of kind f failing (0: none).  Whatever failed, the
 * file is afterwards either gone or a valid store holding exactly what was
 * reported done, and a clean lobbench-like run records into it.  Returns the
 * faults injected.
 */
static uint64_t create_at(fault_t f, uint64_t n, const char *path, const res_session_t *ss,
                          int *failed)
{
    char err[512];
    remove_store(path);
    int opened = 0, recorded = 0;
    const char *msg = err;
    res_store_t *s = NULL;
    res_run_t run;
    res_run_defaults(&run);
    run.seed = n;
    arm(f, n);
    sim_err_t rc = res_open(path, RES_OPEN_CREATE, &s, err, sizeof err);
    if (rc == SIM_OK) {
        opened = 1;
        rc = res_load_reference(s, LOBSIM_REFERENCE_CSV, NULL);
        if (rc == SIM_OK) {
            rc = res_record_run(s, &run, ss, NSESS, NULL);
            recorded = rc == SIM_OK;
        }
        msg = res_errmsg(s);
    }
    uint64_t injected = disarm();
    *failed = rc != SIM_OK;
    if (rc != SIM_OK) {
        if (!injected)
            fail_msg("%s: failed with no fault injected: %s", fault_name[f], msg);
        assert_message(msg, path, f, n);
        if (rc != ((f == F_SIM_ALLOC || f == F_SQLITE_MALLOC) ? SIM_ENOMEM : SIM_EIO))
            fail_msg("%s at call %llu: %s: %s", fault_name[f], (unsigned long long)n,
                     sim_strerror(rc), msg);
    } else if (f == F_LOCK_BUSY && injected) {
        total.store_busy_retried++;
    }
    res_close(s);
    if (access(path, F_OK) == 0) {
        /* The reference is loaded at most once however often it is tried. */
        res_store_t *again;
        if (res_open(path, 0, &again, err, sizeof err) != SIM_OK)
            fail_msg("%s at call %llu: the file left behind is refused: %s", fault_name[f],
                     (unsigned long long)n, err);
        if (res_load_reference(again, LOBSIM_REFERENCE_CSV, NULL) != SIM_OK)
            fail_msg("%s", res_errmsg(again));
        record_one(again, ss);
        res_close(again);
        assert_store(path, recorded + 1, 1);
    } else {
        assert_false(opened);
    }
    return injected;
}

/* Create a store with a fault at each point of the plan in turn, until the
 * creation goes through without reaching it. */
static void sweep_create(fault_t f)
{
    char path[512];
    snprintf(path, sizeof path, "%s/create-%d.db", dir, (int)f);
    res_session_t ss[NSESS];
    fixture_sessions(ss);
    plan_t plan;
    plan_init(&plan, f);
    /* Point 0 of a sampled sweep is its clean run, traced (through the same
     * call as the others: the return addresses are part of the paths). */
    uint64_t n, tried = 0;
    for (n = plan.sampled ? 0 : 1;; n = plan_next(&plan, n)) {
        fx.trace = n == 0 ? &plan : NULL;
        int failed;
        uint64_t injected = create_at(f, n, path, ss, &failed);
        fx.trace = NULL;
        if (n == 0)
            continue;
        total.store_points++;
        total.store_faults += injected;
        plan_done(&plan, f, n, injected, failed);
        if (!injected)
            break;
        tried++;
    }
    plan_report(&plan, "creating", f, tried);
    plan_free(&plan);
    remove_store(path);
}

static void test_store_record_faults(void **state)
{
    (void)state;
    for (int f = 0; f < F_COUNT; f++)
        sweep_record((fault_t)f);
}

static void test_store_create_faults(void **state)
{
    (void)state;
    for (int f = 0; f < F_COUNT; f++)
        sweep_create((fault_t)f);
}

int main(void)
{
    if (setup_sqlite() != 0) {
        fprintf(stderr, "test_faults: cannot install the SQLite fault shims\n");
        return 1;
    }
    snprintf(dir, sizeof dir, "%s/lobsim-faults-XXXXXX",
             access("/dev/shm", W_OK) == 0 ? "/dev/shm" : "/tmp");
    if (mkdtemp(dir) == NULL) {
        perror("test_faults: mkdtemp");
        return 1;
    }
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_model_every_allocation),
        cmocka_unit_test(test_store_record_faults),
        cmocka_unit_test(test_store_create_faults),
    };
    int failed = cmocka_run_group_tests(tests, NULL, NULL);
    rmdir(dir);
    printf("faults: model: %llu allocation failures over %llu cases, each SIM_ENOMEM, "
           "figures unchanged after\n",
           (unsigned long long)total.model_faults, (unsigned long long)total.model_cases);
    printf("faults: store: %llu faults injected at %llu points (sim_malloc, SQLite malloc, "
           "xWrite IOERR/FULL, xSync, BUSY locks; %llu BUSY retried through); %llu stores checked, "
           "%llu runs in them "
           "whole, none lost or partial\n",
           (unsigned long long)total.store_faults, (unsigned long long)total.store_points,
           (unsigned long long)total.store_busy_retried, (unsigned long long)total.stores_checked,
           (unsigned long long)total.store_runs_kept);
    return failed;
}
