/*
 * gbench.c -- Google Benchmark's JSON (--benchmark_format=json or
 * --benchmark_out): a session per benchmark run of lobbench, its case read
 * from the benchmark's name (WORKLOAD/PATH/lob:SIZE/block:SIZE/rows:N for a
 * LOB workload, QUERY/block:SIZE/rows:N for a heap query,
 * rac/block:SIZE/users:N/rows:N; /NAME:VALUE of a sweep after them) and
 * its figures from the user counters, every statistic of the catalogue.
 *
 * Google Benchmark's own fields (times, iterations, ...), its aggregates
 * (mean, median, ... of repetitions), the rate counters and lobbench's
 * jemalloc and time/ counters are no session statistics and are skipped; a counter
 * that is not a whole number >= 0 exactly held by a double is refused.  The
 * JSON is read by a small recursive-descent reader that knows only what
 * the format uses (objects, arrays, strings, numbers, true/false/null).
 */
#include "import_int.h"

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define KEY_MAX 256
#define MAX_DEPTH 32

typedef struct {
    imp_build_t *b;
    const char *p, *end;
    int line;
    char last[KEY_MAX]; /* the benchmark before, whose repetitions share its set */
    size_t last_set;
} json_t;

static sim_err_t fail(json_t *j, const char *what)
{
    return imp_fail(j->b, j->line, "JSON: %s", what);
}

static void skip_blank(json_t *j)
{
    while (j->p < j->end && isspace((unsigned char)*j->p)) {
        j->line += *j->p == '\n';
        j->p++;
    }
}

static int next_is(json_t *j, char c)
{
    skip_blank(j);
    return j->p < j->end && *j->p == c;
}

/* A string into buf (cut to len - 1; escapes kept as their letter but for
 * \" \\ \/), or skipped when buf is NULL. */
static sim_err_t string(json_t *j, char *buf, size_t len)
{
    if (!next_is(j, '"'))
        return fail(j, j->p >= j->end ? "truncated: the file ends where a name or string was due"
                                      : "expected a string");
    j->p++;
    size_t o = 0;
    while (j->p < j->end && *j->p != '"') {
        char c = *j->p++;
        if (c == '\n')
            return fail(j, "a string runs past the end of its line");
        if (c == '\\') {
            if (j->p == j->end)
                break;
            c = *j->p++;
            c = c == 'n' ? '\n' : c == 't' ? '\t' : c;
        }
        if (buf && o + 1 < len)
            buf[o++] = c;
    }
    if (j->p == j->end)
        return fail(j, "truncated: a string without its closing quote");
    j->p++;
    if (buf)
        buf[o] = '\0';
    return SIM_OK;
}

/* A number's text: its start and length. */
static sim_err_t number_text(json_t *j, const char **s, size_t *n)
{
    skip_blank(j);
    *s = j->p;
    while (j->p < j->end && (isdigit((unsigned char)*j->p) || strchr("+-.eE", *j->p)))
        j->p++;
    *n = (size_t)(j->p - *s);
    return *n ? SIM_OK : fail(j, "expected a value");
}

static sim_err_t skip_value(json_t *j, int depth);

/* Members of an object or items of an array, each skipped. */
static sim_err_t skip_items(json_t *j, char close, int object, int depth)
{
    j->p++;
    if (next_is(j, close)) {
        j->p++;
        return SIM_OK;
    }
    for (;;) {
        sim_err_t rc;
        if (object) {
            if ((rc = string(j, NULL, 0)) != SIM_OK)
                return rc;
            if (!next_is(j, ':'))
                return fail(j, "expected ':' after a member's name");
            j->p++;
        }
        if ((rc = skip_value(j, depth + 1)) != SIM_OK)
            return rc;
        if (next_is(j, ',')) {
            j->p++;
            continue;
        }
        if (next_is(j, close)) {
            j->p++;
            return SIM_OK;
        }
        return fail(j, j->p == j->end ? "truncated: the file ends inside an object or array"
                                      : "expected ',' or the end of an object or array");
    }
}

static sim_err_t skip_value(json_t *j, int depth)
{
    if (depth > MAX_DEPTH)
        return fail(j, "nested too deep");
    skip_blank(j);
    if (j->p == j->end)
        return fail(j, "truncated: a value missing");
    if (*j->p == '{')
        return skip_items(j, '}', 1, depth);
    if (*j->p == '[')
        return skip_items(j, ']', 0, depth);
    if (*j->p == '"')
        return string(j, NULL, 0);
    /* Google Benchmark writes NaN and Infinity where JSON has none (the
     * coefficient of variation of figures that are all 0) */
    static const char *const words[] = {"true", "false", "null", "NaN", "Infinity", "-Infinity"};
    for (size_t i = 0; i < sizeof words / sizeof words[0]; i++) {
        size_t n = strlen(words[i]);
        if ((size_t)(j->end - j->p) >= n && memcmp(j->p, words[i], n) == 0) {
            j->p += n;
            return SIM_OK;
        }
    }
    const char *s;
    size_t n;
    return number_text(j, &s, &n);
}

/* Google Benchmark's own fields and the counters that are no statistics. */
static int not_a_statistic(const char *key)
{
    static const char *const own[] = {"name",
                                      "family_index",
                                      "per_family_instance_index",
                                      "run_name",
                                      "run_type",
                                      "repetitions",
                                      "repetition_index",
                                      "threads",
                                      "iterations",
                                      "real_time",
                                      "cpu_time",
                                      "time_unit",
                                      "aggregate_name",
                                      "aggregate_unit",
                                      "label",
                                      "error_occurred",
                                      "error_message",
                                      "bytes_per_second",
                                      "items_per_second",
                                      "big_o",
                                      "rms"};
    for (size_t i = 0; i < sizeof own / sizeof own[0]; i++)
        if (strcmp(key, own[i]) == 0)
            return 1;
    /* lobbench's memory and time counters */
    return strncmp(key, "jemalloc ", 9) == 0 || strncmp(key, "time/", 5) == 0;
}

/* The case lobbench's benchmark name says into set s. */
static sim_err_t name_case(json_t *j, const char *name, imp_set_t *s)
{
    char buf[KEY_MAX];
    snprintf(buf, sizeof buf, "%s", name);
    int k = 0;
    for (char *part = strtok(buf, "/"); part; part = strtok(NULL, "/"), k++) {
        char *colon = strchr(part, ':');
        uint64_t v = 0;
        if (k == 0) {
            if (strlen(part) >= sizeof s->workload)
                return fail(j, "a benchmark name's workload is too long");
            strcpy(s->workload, part);
        } else if (!colon && k == 1) {
            if (strlen(part) >= sizeof s->path)
                return fail(j, "a benchmark name's path is too long");
            strcpy(s->path, part);
        } else if (colon) {
            *colon = '\0';
            int lob = strcmp(part, "lob") == 0, block = strcmp(part, "block") == 0,
                rows = strcmp(part, "rows") == 0;
            if ((lob || block || rows) && sim_parse_scaled(colon + 1, &v) != 0)
                return imp_fail(j->b, j->line, "benchmark '%s': %s:%s is not a size", name, part,
                                colon + 1);
            if (lob)
                s->lob_chars = v;
            else if (block)
                s->block_size = (uint32_t)v;
            else if (rows)
                s->rows = v;
        }
    }
    if (!s->workload[0])
        return imp_fail(j->b, j->line, "benchmark '%s': no workload in its name", name);
    return SIM_OK;
}

/* A counter's value: a whole number >= 0 exactly. */
static sim_err_t counter(json_t *j, const char *key, int64_t *v)
{
    const char *s;
    size_t n;
    sim_err_t rc = number_text(j, &s, &n);
    if (rc != SIM_OK)
        return rc;
    char num[64];
    snprintf(num, sizeof num, "%.*s", (int)(n < sizeof num ? n : sizeof num - 1), s);
    /* Digits alone are read exactly: 9007199254740993 as a double would be
     * 2^53, a value changed unsaid.  Another form (1.5514e+04, as Google
     * Benchmark writes a double) below 2^52, where a double's step is
     * below 1 and a fraction shows. */
    const char *why;
    if (strspn(num, "0123456789") == n && n < sizeof num)
        return imp_parse_int(num, n, 0, v, &why) == 0
                   ? SIM_OK
                   : imp_fail(j->b, j->line, "counter '%s' = %s: %s", key, num, why);
    char *endp;
    double d = strtod(num, &endp);
    if (*endp || !(d >= 0) || d != floor(d) || d >= 4503599627370496.0)
        return imp_fail(j->b, j->line, "counter '%s' = %s: not a whole number >= 0 below 2^53", key,
                        num);
    *v = (int64_t)d;
    return SIM_OK;
}

/* One benchmark object: its case and counters into a set of its own,
 * unless it is an aggregate. */
static sim_err_t benchmark(json_t *j, int depth)
{
    /* Two passes: the name and run_type may come after the counters. */
    const char *start = j->p;
    int line = j->line;
    char key[KEY_MAX], name[KEY_MAX] = "", type[32] = "iteration";
    int failed = 0;
    sim_err_t rc = SIM_OK;
    j->p++;
    while (rc == SIM_OK && !next_is(j, '}')) {
        if ((rc = string(j, key, sizeof key)) != SIM_OK)
            return rc;
        if (!next_is(j, ':'))
            return fail(j, "expected ':' after a member's name");
        j->p++;
        if (strcmp(key, "name") == 0)
            rc = string(j, name, sizeof name);
        else if (strcmp(key, "run_type") == 0)
            rc = string(j, type, sizeof type);
        else if (strcmp(key, "error_occurred") == 0)
            failed = next_is(j, 't'), rc = skip_value(j, depth + 1);
        else
            rc = skip_value(j, depth + 1);
        if (rc == SIM_OK && next_is(j, ','))
            j->p++;
    }
    if (rc != SIM_OK)
        return rc;
    j->p++;
    if (strcmp(type, "aggregate") == 0)
        return SIM_OK;
    const char *after = j->p;
    int after_line = j->line;
    if (!name[0])
        return imp_fail(j->b, line, "a benchmark without a name");
    if (failed)
        return imp_fail(j->b, line, "benchmark '%s' failed (error_occurred)", name);
    /* The same case again (a repetition): the same set, its figures equal. */
    imp_file_t *f = j->b->out;
    imp_set_t probe;
    memset(&probe, 0, sizeof probe);
    if ((rc = name_case(j, name, &probe)) != SIM_OK)
        return rc;
    size_t set = j->last_set;
    if (!(f->nsets > 0 && strcmp(j->last, name) == 0)) {
        if ((rc = imp_add_set(j->b, &set)) != SIM_OK)
            return rc;
        f->sets[set] = probe;
        snprintf(j->last, sizeof j->last, "%s", name);
        j->last_set = set;
    }
    j->p = start + 1;
    j->line = line;
    while (rc == SIM_OK && !next_is(j, '}')) {
        if ((rc = string(j, key, sizeof key)) != SIM_OK)
            break;
        next_is(j, ':'); /* seen in the first pass */
        j->p++;
        skip_blank(j);
        int64_t v = 0;
        if (!not_a_statistic(key) && j->p < j->end &&
            (isdigit((unsigned char)*j->p) || *j->p == '-')) {
            if ((rc = counter(j, key, &v)) == SIM_OK)
                rc = imp_add_stat(j->b, set, key, strlen(key), v, j->line);
        } else {
            rc = skip_value(j, depth + 1);
        }
        if (rc == SIM_OK && next_is(j, ','))
            j->p++;
    }
    j->p = after;
    j->line = after_line;
    return rc;
}

int imp_looks_gbench(const char *text, size_t len)
{
    size_t i = 0;
    while (i < len && isspace((unsigned char)text[i]))
        i++;
    if (i == len || text[i] != '{')
        return 0;
    /* Google Benchmark's first member, near the top */
    size_t span = len - i < 4096 ? len - i : 4096;
    for (size_t k = i; k + 9 <= i + span; k++)
        if (memcmp(text + k, "\"context\"", 9) == 0)
            return 1;
    return 0;
}

sim_err_t imp_parse_gbench(imp_build_t *b, const char *text, size_t len)
{
    json_t j = {b, text, text + len, 1, "", 0};
    char key[KEY_MAX];
    sim_err_t rc = SIM_OK;
    int seen = 0;
    if (!next_is(&j, '{'))
        return fail(&j, "expected an object");
    j.p++;
    while (rc == SIM_OK && !next_is(&j, '}')) {
        if ((rc = string(&j, key, sizeof key)) != SIM_OK)
            break;
        if (!next_is(&j, ':'))
            return fail(&j, "expected ':' after a member's name");
        j.p++;
        if (strcmp(key, "benchmarks") != 0) {
            rc = skip_value(&j, 1);
        } else if (!next_is(&j, '[')) {
            return fail(&j, "benchmarks is not an array");
        } else {
            seen = 1;
            j.p++;
            while (rc == SIM_OK && !next_is(&j, ']')) {
                if (!next_is(&j, '{'))
                    return fail(&j, j.p == j.end ? "truncated: the file ends inside benchmarks"
                                                 : "expected a benchmark object");
                rc = benchmark(&j, 2);
                if (rc == SIM_OK && next_is(&j, ','))
                    j.p++;
            }
            if (rc == SIM_OK)
                j.p++;
        }
        if (rc == SIM_OK && next_is(&j, ','))
            j.p++;
        if (rc == SIM_OK && j.p >= j.end)
            return fail(&j, "truncated: the file ends inside the top object");
    }
    if (rc == SIM_OK && !seen)
        return fail(&j, "no benchmarks array");
    return rc;
}
