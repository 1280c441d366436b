/*
 * reference.c -- the reference CSV parsed: res_parse_reference() turns the
 * text of the CSV in results/reference/ into figures, or names the first line that
 * is wrong.  A pure function over a buffer: no SQLite, no file, no handle,
 * so that it can be tested and fuzzed on its own; res_load_reference()
 * (record.c) reads the file and writes what this returns.
 *
 * Nothing here changes state but the caller's output arguments.
 */
#include <assert.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "results_int.h"

/* The experiment's two paths (reference/README.md). */
static const char *const ref_paths[] = {"local", "dblink"};

/* ---- CSV ---------------------------------------------------------------- */

/*
 * Split a CSV line in place (RFC 4180 quoting: "a ""b"", c").  Returns the
 * number of fields, storing at most max; -1 with *why on bad quoting.
 */
static int csv_split(char *line, char **field, int max, const char **why)
{
    int n = 0;
    char *r = line, *w = line;
    for (;;) {
        char *start = w;
        if (*r == '"') {
            r++;
            for (;;) {
                if (*r == '\0') {
                    *why = "unterminated quoted field";
                    return -1;
                }
                if (*r == '"') {
                    if (r[1] == '"') {
                        *w++ = '"';
                        r += 2;
                        continue;
                    }
                    r++;
                    break;
                }
                *w++ = *r++;
            }
            if (*r != ',' && *r != '\0') {
                *why = "text after a closing quote";
                return -1;
            }
        } else {
            while (*r != ',' && *r != '\0') {
                if (*r == '"') {
                    *why = "quote inside an unquoted field";
                    return -1;
                }
                *w++ = *r++;
            }
        }
        int last = *r == '\0';
        *w++ = '\0';
        r++;
        if (n < max)
            field[n] = start;
        n++;
        if (last)
            return n;
    }
}

/* "FILE:LINE: what" (or "FILE: what" for line 0) in err, on one line. */
static sim_err_t fail(char *err, size_t errlen, sim_err_t code, const char *file, int line,
                      const char *fmt, ...)
{
    char what[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(what, sizeof what, fmt, ap);
    va_end(ap);
    if (line > 0)
        res_format(err, errlen, "%s:%d: %s", file, line, what);
    else
        res_format(err, errlen, "%s: %s", file, what);
    if (errlen > 0)
        res_one_line(err);
    return code;
}

/* One data line, split into f[4], checked against the figures before it. */
static sim_err_t parse_figure(char **f, int line, const res_ref_figure_t *before, size_t n,
                              res_ref_figure_t *r, const char *file, char *err, size_t errlen)
{
    uint64_t v;
    r->line = line;
    r->path = NULL;
    for (size_t i = 0; i < sizeof ref_paths / sizeof ref_paths[0]; i++)
        if (strcmp(f[0], ref_paths[i]) == 0)
            r->path = ref_paths[i];
    if (!r->path)
        return fail(err, errlen, SIM_EINVAL, file, line, "path '%s'; expected local or dblink",
                    f[0]);
    if (sim_parse_u64(f[1], (uint64_t)INT64_MAX / 1024, &r->lob_kchars) != 0 || r->lob_kchars == 0)
        return fail(err, errlen, SIM_EINVAL, file, line,
                    "lob_kchars '%s'; expected a positive whole number", f[1]);
    int stat = sim_stat_by_name(f[2]);
    if (stat < 0)
        return fail(err, errlen, SIM_EINVAL, file, line, "statistic '%s' is not in v$statname",
                    f[2]);
    r->stat = (sim_stat_t)stat;
    if (sim_parse_u64(f[3], INT64_MAX, &v) != 0)
        return fail(err, errlen, SIM_EINVAL, file, line,
                    "value '%s'; expected a whole number from 0 to %" PRId64, f[3], INT64_MAX);
    r->value = (int64_t)v;
    for (size_t i = 0; i < n; i++) {
        const res_ref_figure_t *o = &before[i];
        if (o->path == r->path && o->lob_kchars == r->lob_kchars && o->stat == r->stat) {
            char size[32];
            sim_format_size(r->lob_kchars * 1024, size, sizeof size);
            return fail(err, errlen, SIM_EINVAL, file, line, "%s %s '%s' repeats line %d", r->path,
                        size, f[2], o->line);
        }
    }
    return SIM_OK;
}

/* Every line of the NUL-terminated copy text[0..len), in order. */
static sim_err_t parse_lines(char *text, size_t len, const char *file, res_ref_figure_t **figs,
                             size_t *nfigs, char *err, size_t errlen)
{
    size_t cap = 0;
    int line = 0;
    char *p = text, *end = text + len;
    if (len == 0)
        return fail(err, errlen, SIM_EINVAL, file, 1, "empty file; expected the header %s",
                    RES_REF_HEADER);
    while (p < end) {
        char *nl = memchr(p, '\n', (size_t)(end - p));
        char *eol = nl ? nl : end;
        line++;
        if (memchr(p, '\0', (size_t)(eol - p)))
            return fail(err, errlen, SIM_EINVAL, file, line, "NUL byte in a text file");
        if (eol > p && eol[-1] == '\r')
            eol[-1] = '\0';
        *eol = '\0';
        char *cur = p;
        p = eol + 1;
        if (line == 1) {
            if (strcmp(cur, RES_REF_HEADER) != 0)
                return fail(err, errlen, SIM_EINVAL, file, 1, "expected the header %s",
                            RES_REF_HEADER);
            continue;
        }
        if (*cur == '\0')
            continue;
        char *f[4];
        const char *why = NULL;
        int nf = csv_split(cur, f, 4, &why);
        if (nf < 0)
            return fail(err, errlen, SIM_EINVAL, file, line, "%s", why);
        if (nf != 4)
            return fail(err, errlen, SIM_EINVAL, file, line, "%d fields; expected 4: %s", nf,
                        RES_REF_HEADER);
        res_ref_figure_t r;
        sim_err_t e = parse_figure(f, line, *figs, *nfigs, &r, file, err, errlen);
        if (e != SIM_OK)
            return e;
        if (*nfigs == cap) {
            size_t ncap = cap ? cap * 2 : 64;
            res_ref_figure_t *grown = sim_realloc(*figs, ncap * sizeof *grown);
            if (!grown)
                return fail(err, errlen, SIM_ENOMEM, file, 0, "out of memory");
            *figs = grown;
            cap = ncap;
        }
        (*figs)[(*nfigs)++] = r;
    }
    if (*nfigs == 0)
        return fail(err, errlen, SIM_EINVAL, file, line, "no figures after the header");
    return SIM_OK;
}

sim_err_t res_parse_reference(const char *file, const char *text, size_t len,
                              res_ref_figure_t **figs, size_t *nfigs, char *err, size_t errlen)
{
    assert(figs != NULL && nfigs != NULL);
    assert(text != NULL || len == 0);
    assert(err != NULL || errlen == 0);
    if (errlen > 0)
        err[0] = '\0';
    *figs = NULL;
    *nfigs = 0;
    if (!file)
        file = "(reference)";
    /* csv_split() works in place: on a copy, so that text stays as given. */
    char *copy = sim_malloc(len + 1);
    if (!copy)
        return fail(err, errlen, SIM_ENOMEM, file, 0, "out of memory");
    if (len > 0)
        memcpy(copy, text, len);
    copy[len] = '\0';
    sim_err_t e = parse_lines(copy, len, file, figs, nfigs, err, errlen);
    sim_free(copy);
    if (e != SIM_OK) {
        sim_free(*figs);
        *figs = NULL;
        *nfigs = 0;
    }
    return e;
}
