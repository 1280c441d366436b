/*
 * fuzz_param_file.c -- lobbench's --param-file: bench_parse_param_stream()
 * on the raw input as the file's bytes (fmemopen(), so no file is written).
 *
 * Checked: 0 or 2; a refusal is one line naming the file and its line
 * ("input.txt:LINE: ...") or the file ("--param-file: ... 'input.txt' ...");
 * an accepted file gives parameters the model knows (a case's or, for a
 * script run, the life model's), none twice (given once
 * or as a list), and written back as NAME=VALUE lines they parse again to
 * the same values in the same order.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>

#include "benchmarks.h"
#include "fuzz_util.h"
#include "life_sim.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define NAME "input.txt"

static int parse(bench_opts_t *o, const char *text, size_t len, char *err, size_t errlen)
{
    char *copy = malloc(len ? len : 1);
    if (copy == NULL)
        abort();
    memcpy(copy, text, len);
    FILE *f = len ? fmemopen(copy, len, "r") : fopen("/dev/null", "r");
    if (f == NULL)
        abort();
    int rc = bench_parse_param_stream(o, f, NAME, err, errlen);
    fclose(f);
    free(copy);
    return rc;
}

/* The parameters of o as a --param-file would give them. */
static size_t write_back(const bench_opts_t *o, char *buf, size_t cap)
{
    size_t n = 0;
    for (size_t i = 0; i < o->nparams; i++)
        n += (size_t)snprintf(buf + n, cap - n, "%s=%u\n", o->params[i].name,
                              (unsigned)o->params[i].value);
    for (size_t i = 0; i < o->nswept; i++) {
        n += (size_t)snprintf(buf + n, cap - n, "%s=", o->swept[i].name);
        for (size_t k = 0; k < o->swept[i].n; k++)
            n += (size_t)snprintf(buf + n, cap - n, "%s%u", k ? "," : "",
                                  (unsigned)o->swept[i].values[k]);
        n += (size_t)snprintf(buf + n, cap - n, "\n");
    }
    FUZZ_CHECK(n < cap, "write-back of %zu bytes", n);
    return n;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static bench_opts_t o, again;
    static char back[BENCH_MAX_PARAMS * 64 + BENCH_MAX_SWEPT * BENCH_MAX_LIST * 12 + 256];
    char err[512] = "";
    bench_defaults(&o);
    int rc = parse(&o, (const char *)data, size, err, sizeof err);
    FUZZ_CHECK(rc == 0 || rc == 2, "rc %d", rc);
    if (rc == 2) {
        FUZZ_CHECK(err[0] != '\0' && strchr(err, '\n') == NULL, "message '%s'", err);
        FUZZ_CHECK(strncmp(err, NAME ":", strlen(NAME ":")) == 0 ||
                       (strncmp(err, "--param-file: ", 14) == 0 && strstr(err, "'" NAME "'")),
                   "message names no file and line: '%s'", err);
        return 0;
    }
    FUZZ_CHECK(o.nparams <= BENCH_MAX_PARAMS && o.nswept <= BENCH_MAX_SWEPT, "%zu, %zu", o.nparams,
               o.nswept);
    case_t probe;
    case_defaults(&probe);
    life_params_t life;
    life_params_defaults(&life);
    for (size_t i = 0; i < o.nparams + o.nswept; i++) {
        const char *name = i < o.nparams ? o.params[i].name : o.swept[i - o.nparams].name;
        /* A script run's parameters (life.*) are the life model's, not a case's. */
        FUZZ_CHECK(case_set_param(&probe, name, 0) == 0 || life_set_param(&life, name, 0) == 0,
                   "unknown parameter '%s' accepted", name);
        for (size_t j = 0; j < i; j++) {
            const char *other = j < o.nparams ? o.params[j].name : o.swept[j - o.nparams].name;
            FUZZ_CHECK(strcmp(name, other) != 0, "'%s' twice", name);
        }
    }
    size_t n = write_back(&o, back, sizeof back);
    bench_defaults(&again);
    rc = parse(&again, back, n, err, sizeof err);
    FUZZ_CHECK(rc == 0, "written back, refused: %s", err);
    FUZZ_CHECK(again.nparams == o.nparams && again.nswept == o.nswept, "counts differ");
    for (size_t i = 0; i < o.nparams; i++)
        FUZZ_CHECK(strcmp(again.params[i].name, o.params[i].name) == 0 &&
                       again.params[i].value == o.params[i].value,
                   "parameter %zu differs", i);
    for (size_t i = 0; i < o.nswept; i++) {
        FUZZ_CHECK(strcmp(again.swept[i].name, o.swept[i].name) == 0 &&
                       again.swept[i].n == o.swept[i].n,
                   "list %zu differs", i);
        for (size_t k = 0; k < o.swept[i].n; k++)
            FUZZ_CHECK(again.swept[i].values[k] == o.swept[i].values[k], "list %zu value %zu", i,
                       k);
    }
    return 0;
}
