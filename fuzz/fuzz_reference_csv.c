/*
 * fuzz_reference_csv.c -- the reference CSV loader (res_load_reference()) on
 * the input written to a file.
 *
 * Checked: SIM_OK or SIM_EINVAL only; a refusal is one line starting with the
 * file's name and leaves the store as it was; a load passes res_check(),
 * adds exactly one oracle run, and loading the same file again adds nothing
 * and returns the same run.  Each loaded run is deleted afterwards (through
 * the store's private handle) so that the store stays small.
 */
#include <sqlite3.h>

#include "fuzz_store_common.h"
#include "store_int.h"

static res_store_t *store;
static char csv[160];

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    store = fuzz_open_store();
    snprintf(csv, sizeof csv, "%s/input.csv", fuzz_dir);
    return 0;
}

static int64_t oracle_runs(void)
{
    sqlite3_stmt *st;
    int64_t n = -1;
    if (sqlite3_prepare_v2(store->db, "SELECT count(*) FROM runs WHERE source = 'oracle'", -1, &st,
                           NULL) == SQLITE_OK &&
        sqlite3_step(st) == SQLITE_ROW)
        n = sqlite3_column_int64(st, 0);
    sqlite3_finalize(st);
    return n;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    FILE *f = fopen(csv, "wb");
    FUZZ_CHECK(f != NULL, "cannot write %s", csv);
    FUZZ_CHECK(fwrite(data, 1, size, f) == size && fclose(f) == 0, "cannot write %s", csv);

    int64_t id = 0, again = 0;
    sim_err_t rc = res_load_reference(store, csv, &id);
    if (rc != SIM_OK) {
        const char *msg = res_errmsg(store);
        FUZZ_CHECK(rc == SIM_EINVAL, "%s: %s", sim_strerror(rc), msg);
        FUZZ_CHECK(strncmp(msg, csv, strlen(csv)) == 0 && strchr(msg, '\n') == NULL, "message '%s'",
                   msg);
        FUZZ_CHECK(oracle_runs() == 0, "a refused file left a run");
        return 0;
    }
    FUZZ_CHECK(id >= 1 && oracle_runs() == 1, "run %lld, %lld oracle runs", (long long)id,
               (long long)oracle_runs());
    FUZZ_CHECK(res_check(store) == SIM_OK, "%s", res_errmsg(store));
    FUZZ_CHECK(res_load_reference(store, csv, &again) == SIM_OK && again == id,
               "loaded twice: %lld, %lld", (long long)id, (long long)again);
    FUZZ_CHECK(oracle_runs() == 1, "the second load added a run");
    char sql[256];
    snprintf(sql, sizeof sql,
             "DELETE FROM session_stats WHERE sid IN (SELECT sid FROM sessions WHERE run = %lld);"
             "DELETE FROM sessions WHERE run = %lld; DELETE FROM runs WHERE run = %lld;",
             (long long)id, (long long)id, (long long)id);
    FUZZ_CHECK(sqlite3_exec(store->db, sql, NULL, NULL, NULL) == SQLITE_OK, "%s",
               sqlite3_errmsg(store->db));
    return 0;
}
