/*
 * fuzz_store_common.h -- a results store in a temporary directory for the
 * store's fuzz targets (tmpfs when there is one), removed at exit.
 */
#ifndef LOBSIM_FUZZ_STORE_COMMON_H
#define LOBSIM_FUZZ_STORE_COMMON_H

#include <unistd.h>

#include "fuzz_util.h"
#include "results.h"

#ifndef LOBSIM_REFERENCE_CSV
#define LOBSIM_REFERENCE_CSV "results/reference/oracle_lob_insert.csv"
#endif

static char fuzz_dir[64];
static char fuzz_db[128];

static inline void fuzz_remove_dir(void)
{
    static const char *const suffix[] = {"", "-wal", "-shm", "-journal"};
    char p[160];
    for (size_t i = 0; i < sizeof suffix / sizeof suffix[0]; i++) {
        snprintf(p, sizeof p, "%s%s", fuzz_db, suffix[i]);
        unlink(p);
    }
    snprintf(p, sizeof p, "%s/input.csv", fuzz_dir);
    unlink(p);
    rmdir(fuzz_dir);
}

/* A new store at fuzz_db; aborts on failure. */
static inline res_store_t *fuzz_open_store(void)
{
    snprintf(fuzz_dir, sizeof fuzz_dir, "%s/lobsim-fuzz-XXXXXX",
             access("/dev/shm", W_OK) == 0 ? "/dev/shm" : "/tmp");
    FUZZ_CHECK(mkdtemp(fuzz_dir) != NULL, "mkdtemp %s", fuzz_dir);
    snprintf(fuzz_db, sizeof fuzz_db, "%s/history.db", fuzz_dir);
    atexit(fuzz_remove_dir);
    res_store_t *s;
    char err[512];
    FUZZ_CHECK(res_open(fuzz_db, RES_OPEN_CREATE, &s, err, sizeof err) == SIM_OK, "%s", err);
    return s;
}

/* Record one run of one small session with this commit and completion. */
static inline int64_t fuzz_record(res_store_t *s, const char *commit, int completed)
{
    res_session_t ss;
    memset(&ss, 0, sizeof ss);
    ss.workload = "insert";
    ss.path = "local";
    ss.lob_chars = 2048;
    ss.block_size = SIM_REF_BLOCK_SIZE;
    ss.rows = 10;
    ss.seed = 1;
    for (int k = 0; k < SIM_STAT_COUNT; k++)
        ss.stats.v[k] = (uint64_t)k * 10 + 1;
    res_run_t run;
    res_run_defaults(&run);
    run.git_commit = commit;
    run.git_dirty = 0;
    run.completed = completed;
    run.seed = 1;
    int64_t id = 0;
    FUZZ_CHECK(res_record_run(s, &run, &ss, 1, &id) == SIM_OK, "%s", res_errmsg(s));
    return id;
}

#endif
