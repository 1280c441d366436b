/*
 * changes.c -- what changed between two runs, in words: the parameters
 * that differ ("dsp.chunk_divisor 256 → 512"), else the commit and its
 * subject.  The page labels each step of a chart with it and lists each
 * run's changes in its table, so that a step made by --param or
 * --param-file is never put down to an unrelated commit.
 */
#define _POSIX_C_SOURCE 200809L

#include <assert.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lobreport_int.h"

int rpt_param_next(rpt_param_iter_t *it)
{
    const char *p = it->p;
    if (!p)
        return 0;
    while (*p == ' ')
        p++;
    if (!*p) {
        it->p = p;
        return 0;
    }
    size_t n = strcspn(p, " ");
    const char *eq = memchr(p, '=', n);
    size_t nl = eq ? (size_t)(eq - p) : n, vl = eq ? n - nl - 1 : 0;
    snprintf(it->name, sizeof it->name, "%.*s", (int)nl, p);
    snprintf(it->value, sizeof it->value, "%.*s", (int)vl, eq ? eq + 1 : "");
    it->p = p + n;
    return 1;
}

int rpt_param_value(const char *text, const char *name, char *out, size_t len)
{
    rpt_param_iter_t it = {.p = text};
    while (rpt_param_next(&it))
        if (strcmp(it.name, name) == 0) {
            snprintf(out, len, "%s", it.value);
            return 1;
        }
    if (len)
        out[0] = '\0';
    return 0;
}

/* By name, then by place in the text (the index's order before the sort). */
static int by_name_place(const void *a, const void *b)
{
    const rpt_param_iter_t *x = a, *y = b;
    int c = strcmp(x->name, y->name);
    return c ? c : (x->p > y->p) - (x->p < y->p);
}

void rpt_params_index(rpt_params_t *x, const char *text)
{
    *x = (rpt_params_t){NULL, 0, text};
    rpt_param_iter_t it = {.p = text};
    size_t n = 0;
    while (rpt_param_next(&it))
        n++;
    if (n == 0 || !(x->pairs = malloc(n * sizeof *x->pairs)))
        return;
    it.p = text;
    for (const char *at = text; rpt_param_next(&it); at = it.p) {
        x->pairs[x->n] = it;
        x->pairs[x->n++].p = at; /* its place, for the order among equal names */
    }
    qsort(x->pairs, x->n, sizeof *x->pairs, by_name_place);
}

void rpt_params_free(rpt_params_t *x)
{
    free(x->pairs);
    x->pairs = NULL;
    x->n = 0;
}

int rpt_params_value(const rpt_params_t *x, const char *name, char *out, size_t len)
{
    if (!x->pairs)
        return rpt_param_value(x->text, name, out, len);
    size_t lo = 0, hi = x->n; /* the first pair whose name is >= name */
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (strcmp(x->pairs[mid].name, name) < 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    if (lo < x->n && strcmp(x->pairs[lo].name, name) == 0) {
        snprintf(out, len, "%s", x->pairs[lo].value);
        return 1;
    }
    if (len)
        out[0] = '\0';
    return 0;
}

/* name begins a ';'-separated part of skip ("name values; name values"). */
static int skipped(const char *skip, const char *name)
{
    size_t n = strlen(name);
    for (const char *p = skip; p && *p;) {
        while (*p == ' ' || *p == ';')
            p++;
        if (strncmp(p, name, n) == 0 && (p[n] == ' ' || p[n] == '\0'))
            return 1;
        p = strchr(p, ';');
    }
    return 0;
}

/* One change, "name old → new", after those already in out. */
static void put_change(char *out, size_t len, size_t *used, int *full, const char *name,
                       const char *from, const char *to)
{
    char one[224];
    snprintf(one, sizeof one, "%s%s %s → %s", *used ? ", " : "", name, from, to);
    if (*full || *used + strlen(one) + 1 > len) {
        *full = 1;
        return;
    }
    memcpy(out + *used, one, strlen(one) + 1);
    *used += strlen(one);
}

size_t rpt_param_changes(const char *a, const char *b, const char *skip, size_t max, char *out,
                         size_t len)
{
    assert(out != NULL && len > 0);
    out[0] = '\0';
    if (!a || !b || strcmp(a, b) == 0)
        return 0;
    size_t n = 0, used = 0;
    int full = 0;
    rpt_params_t xa, xb;
    rpt_params_index(&xa, a);
    rpt_params_index(&xb, b);
    /* b's names in b's order, then those only a has. */
    for (int pass = 0; pass < 2; pass++) {
        rpt_param_iter_t it = {.p = pass ? a : b};
        while (rpt_param_next(&it)) {
            char other[64];
            int has = rpt_params_value(pass ? &xb : &xa, it.name, other, sizeof other);
            if (skipped(skip, it.name) || (pass && has) || (has && strcmp(other, it.value) == 0))
                continue;
            if (n++ < max)
                put_change(out, len, &used, &full, it.name,
                           pass  ? it.value
                           : has ? other
                                 : "(none)",
                           pass ? "(none)" : it.value);
        }
    }
    rpt_params_free(&xa);
    rpt_params_free(&xb);
    if (n > max && !full) {
        char more[48];
        snprintf(more, sizeof more, " and %zu more", n - max);
        if (used + strlen(more) < len)
            memcpy(out + used, more, strlen(more) + 1);
    }
    return n;
}

/* Run x ran workload w: it has a session of one of w's cases. */
static int ran(const rpt_history_t *h, size_t x, const char *w)
{
    for (size_t i = 0; i < h->ncases; i++)
        if (h->cases[i].ran[x] && strcmp(h->cases[i].workload, w) == 0)
            return 1;
    return 0;
}

size_t rpt_previous_run(const rpt_history_t *h, size_t x)
{
    assert(x < h->nruns);
    for (size_t y = x; y-- > 0;) {
        if (h->runs[y].oracle)
            continue;
        /* A script run's previous run is its script's. */
        if (h->runs[x].script >= 0 && h->runs[y].script == h->runs[x].script)
            return y;
        /* A workload of x that y ran too. */
        for (size_t i = 0; i < h->ncases; i++) {
            const char *w = h->cases[i].workload;
            if ((i == 0 || strcmp(w, h->cases[i - 1].workload) != 0) && ran(h, x, w) &&
                ran(h, y, w))
                return y;
        }
    }
    return SIZE_MAX;
}

void rpt_step_label(const rpt_history_t *h, const rpt_case_t *c, size_t a, size_t b, char *out,
                    size_t len)
{
    assert(a < h->nruns && b < h->nruns && out != NULL && len > 0);
    const rpt_run_t *ra = &h->runs[a], *rb = &h->runs[b];
    const char *pa = c->params[a] >= 0 ? h->params[c->params[a]] : NULL;
    const char *pb = c->params[b] >= 0 ? h->params[c->params[b]] : NULL;
    if (rpt_param_changes(pa, pb, NULL, 2, out, len))
        return;
    if (rb->commit[0] && strcmp(ra->commit, rb->commit) != 0)
        snprintf(out, len, "%.7s %s", rb->commit,
                 rb->subject[0] ? rb->subject : "(commit not in this repository)");
    else if (rb->dirty == 1)
        snprintf(out, len, "%s: uncommitted changes", rb->label);
    else
        snprintf(out, len, "%s: same commit and parameters", rb->label);
}
