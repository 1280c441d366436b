/*
 * fuzz_cli_parse.c -- lobbench's whole command line: bench_parse() on an argv
 * made of the input split at NUL bytes (each argument its own allocation),
 * then bench_make_case() on the first case of what it accepted.
 *
 * bench_parse() reads the arguments with the programs' shared parser
 * (sim_opt_next()), so this target is that parser's too.  Checked: the
 * result is 0 or 2; on 2 a one-line message; --version accepted only alone;
 * on 0 otherwise the options are within their documented ranges, and what is
 * left in argv is argv[0] and the --benchmark_* flags in their order,
 * NULL-terminated.
 */
#include "benchmarks.h"
#include "fuzz_util.h"

#define MAX_ARGS 32

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *args[MAX_ARGS + 2];
    char *orig[MAX_ARGS + 2];
    int argc = 0;
    args[argc++] = fuzz_cstr((const uint8_t *)"lobbench", 8);
    size_t pos = 0;
    while (pos < size && argc <= MAX_ARGS) {
        char *a = fuzz_cstr(data + pos, size - pos);
        pos += strlen(a) + 1;
        args[argc++] = a;
    }
    args[argc] = NULL;
    memcpy(orig, args, sizeof args);
    int n = argc;

    bench_opts_t o;
    bench_defaults(&o);
    char err[512] = "";
    int rc = bench_parse(&o, &n, args, err, sizeof err);
    FUZZ_CHECK(rc == 0 || rc == 2, "rc %d", rc);
    if (rc == 2) {
        int quotes_newline = 0;
        for (int i = 1; i < argc; i++)
            quotes_newline |= strchr(orig[i], '\n') != NULL;
        FUZZ_CHECK(err[0] != '\0' && (quotes_newline || strchr(err, '\n') == NULL), "message '%s'",
                   err);
    } else if (o.help || o.version) {
        /* --help stops the parsing where it stands; --version is alone. */
        FUZZ_CHECK(!o.version || (argc == 2 && strcmp(orig[1], "--version") == 0),
                   "--version accepted beside %d other arguments", argc - 2);
        FUZZ_CHECK(n >= 1 && n <= argc && args[n] == NULL, "argc %d", n);
    } else {
        FUZZ_CHECK(n >= 1 && n <= argc && args[n] == NULL && args[0] == orig[0], "argc %d", n);
        /* The leftovers are Google Benchmark's flags, in their order. */
        int j = 1;
        for (int i = 1; i < n; i++) {
            FUZZ_CHECK(strncmp(args[i], "--benchmark_", 12) == 0, "left '%s'", args[i]);
            while (j < argc && orig[j] != args[i])
                j++;
            FUZZ_CHECK(j < argc, "'%s' out of order", args[i]);
            j++;
        }
        FUZZ_CHECK(o.nsizes >= 1 && o.nsizes <= BENCH_MAX_LIST, "%zu sizes", o.nsizes);
        for (size_t i = 0; i < o.nsizes; i++)
            FUZZ_CHECK(o.sizes[i] >= 1 && o.sizes[i] <= (1ULL << 40), "size %llu",
                       (unsigned long long)o.sizes[i]);
        FUZZ_CHECK(o.nblock_sizes >= 1 && o.nblock_sizes <= BENCH_MAX_LIST, "%zu blocks",
                   o.nblock_sizes);
        for (size_t i = 0; i < o.nblock_sizes; i++) {
            uint32_t b = o.block_sizes[i];
            FUZZ_CHECK(b == 2048 || b == 4096 || b == 8192 || b == 16384 || b == 32768, "block %u",
                       b);
        }
        FUZZ_CHECK(o.rows <= 1000000000000ULL, "rows %llu", (unsigned long long)o.rows);
        FUZZ_CHECK(o.piece_size <= (64u << 20), "piece %u", o.piece_size);
        FUZZ_CHECK(o.nparams <= BENCH_MAX_PARAMS, "%zu params", o.nparams);
        FUZZ_CHECK(o.db == NULL || o.db[0] != '\0', "empty --db accepted");
        int any_path = 0, any_wl = 0;
        for (int p = 0; p < CASE_PATH_COUNT; p++)
            any_path |= o.paths[p];
        for (int w = 0; w < (int)workload_count(); w++)
            any_wl |= o.workloads[w];
        FUZZ_CHECK(any_path && any_wl, "no path or no workload");
        /* The first case: accepted or refused with a message, never more. */
        unsigned wl = 0;
        case_path_t path = CASE_PATH_LOCAL;
        while (!o.workloads[wl])
            wl = (unsigned)(wl + 1);
        while (!o.paths[path])
            path = (case_path_t)(path + 1);
        case_t c;
        char msg[512] = "";
        int mc = bench_make_case(&o, wl, path, o.sizes[0], o.block_sizes[0], &c, msg, sizeof msg);
        FUZZ_CHECK(mc == 0 || (mc == 2 && fuzz_one_line(msg, "")), "make_case %d '%s'", mc, msg);
        if (mc == 0)
            FUZZ_CHECK(case_validate(&c, msg, sizeof msg) == SIM_OK, "invalid case: %s", msg);
    }
    for (int i = 0; i < argc; i++)
        free(orig[i]);
    return 0;
}
