/*
 * fuzz_resolve_run.c -- run selectors (res_resolve_run(): lobdiff's BASE and
 * HEAD) on a store holding the reference, completed and incomplete runs, two
 * commits sharing an 8-digit prefix and a run without a commit.
 *
 * Checked: SIM_OK with a run that res_get_run() finds, or SIM_EINVAL with a
 * one-line message naming the store and no run id; a run id selects itself;
 * latest is the newest completed lobsim run.
 */
#include "fuzz_store_common.h"

static res_store_t *store;
static int64_t runs[8], nruns, latest;

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    store = fuzz_open_store();
    int64_t ref;
    FUZZ_CHECK(res_load_reference(store, LOBSIM_REFERENCE_CSV, &ref) == SIM_OK, "%s",
               res_errmsg(store));
    runs[nruns++] = ref;
    runs[nruns++] = fuzz_record(store, "1a2b3c4d5e6f708192a3b4c5d6e7f80910111213", 1);
    runs[nruns++] = fuzz_record(store, "1a2b3c4dffffffffffffffffffffffffffffffff", 1);
    runs[nruns++] = fuzz_record(store, "abcdef0123456789abcdef0123456789abcdef01", 0);
    runs[nruns++] = fuzz_record(store, NULL, 1);
    latest = runs[nruns - 1];
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *sel = fuzz_cstr(data, size);
    int64_t id = -7;
    sim_err_t rc = res_resolve_run(store, sel, &id);
    if (rc == SIM_OK) {
        res_run_info_t info;
        FUZZ_CHECK(id >= 1 && res_get_run(store, id, &info) == SIM_OK, "'%s' -> run %lld", sel,
                   (long long)id);
        FUZZ_CHECK(strcmp(sel, "latest") != 0 || id == latest, "latest -> %lld", (long long)id);
    } else {
        FUZZ_CHECK(rc == SIM_EINVAL, "'%s': %s", sel, sim_strerror(rc));
        /* Left alone or 0: results.h promises no run on failure, nothing more. */
        FUZZ_CHECK(id == 0 || id == -7, "'%s': refused but run id %lld", sel, (long long)id);
        const char *msg = res_errmsg(store);
        FUZZ_CHECK(fuzz_one_line(msg, sel) && strstr(msg, fuzz_db) != NULL, "'%s': message '%s'",
                   sel, msg);
    }
    /* A run id selects itself. */
    char digits[32];
    snprintf(digits, sizeof digits, "%lld", (long long)runs[size % (size_t)nruns]);
    FUZZ_CHECK(res_resolve_run(store, digits, &id) == SIM_OK && id == runs[size % (size_t)nruns],
               "run %s -> %lld", digits, (long long)id);
    free(sel);
    return 0;
}
