/*
 * pair.c -- the cases of base and head matched by key (workload,
 * path, block size, rows, LOB size, and in a sweep the values swept): one
 * rank settled per workload name, both runs sorted in the reports' order,
 * then merged; a key in one run only is a case added or removed.
 *
 * The order of the workloads is the store's (ldf_case_t.workload_rank, from
 * its table `workloads`): this file names none of them.
 */
#define _POSIX_C_SOURCE 200809L

#include <assert.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lobdiff_int.h"

/* The paths of the experiment (case.h), local first; others after, by name. */
static const char *const path_order[] = {"local", "dblink"};
#define NPATH_ORDER (sizeof path_order / sizeof path_order[0])

int ldf_path_rank(const char *path)
{
    for (size_t i = 0; i < NPATH_ORDER; i++)
        if (strcmp(path, path_order[i]) == 0)
            return (int)i;
    return (int)NPATH_ORDER;
}

static int name_cmp(const char *a, const char *b, uint32_t ra, uint32_t rb)
{
    if (ra != rb)
        return ra < rb ? -1 : 1;
    int c = strcmp(a, b);
    return (c > 0) - (c < 0);
}

int ldf_case_cmp(const ldf_case_t *a, const ldf_case_t *b)
{
    int c = name_cmp(a->workload, b->workload, a->workload_rank, b->workload_rank);
    if (c)
        return c;
    /* sessions at once: the count of the sweep, then the system before
     * its sessions */
    if (a->ses_count != b->ses_count)
        return a->ses_count < b->ses_count ? -1 : 1;
    if (a->ses_sid != b->ses_sid)
        return a->ses_sid < b->ses_sid ? -1 : 1;
    if (a->step || b->step) {
        /* a script's step: its number and table are the key */
        if (a->step != b->step)
            return a->step < b->step ? -1 : 1;
        c = strcmp(a->table, b->table);
        if (c)
            return (c > 0) - (c < 0);
        c = strcmp(a->variant ? a->variant : "", b->variant ? b->variant : "");
        return (c > 0) - (c < 0);
    }
    c = name_cmp(a->path, b->path, (uint32_t)ldf_path_rank(a->path),
                 (uint32_t)ldf_path_rank(b->path));
    if (c)
        return c;
    if (a->block_size != b->block_size)
        return a->block_size < b->block_size ? -1 : 1;
    if (a->rows != b->rows)
        return a->rows < b->rows ? -1 : 1;
    if (a->lob_chars != b->lob_chars)
        return a->lob_chars < b->lob_chars ? -1 : 1;
    c = strcmp(a->variant ? a->variant : "", b->variant ? b->variant : "");
    return (c > 0) - (c < 0);
}

static int case_qsort(const void *a, const void *b)
{
    return ldf_case_cmp(a, b);
}

/*
 * Two stores may order a workload differently (one was recorded by a build
 * with a workload more): a name must have one rank in both runs, or the
 * merge below would take one case for two.  Head's rank wins for the names
 * head has (the newer table, as a rule); base keeps its own for the others.
 */
static sim_err_t settle_ranks(ldf_run_t *b, const ldf_run_t *h)
{
    /* Head's workloads, each once: few, so a list. */
    const ldf_case_t **seen = ldf_malloc(h->n * sizeof *seen);
    size_t nseen = 0;
    if (!seen)
        return SIM_ENOMEM;
    for (size_t j = 0; j < h->n; j++) {
        size_t k = 0;
        while (k < nseen && strcmp(seen[k]->workload, h->cases[j].workload) != 0)
            k++;
        if (k == nseen)
            seen[nseen++] = &h->cases[j];
    }
    for (size_t i = 0; i < b->n; i++)
        for (size_t k = 0; k < nseen; k++)
            if (strcmp(seen[k]->workload, b->cases[i].workload) == 0) {
                b->cases[i].workload_rank = seen[k]->workload_rank;
                break;
            }
    free(seen);
    return SIM_OK;
}

/* ---- variants: the cases of a sweep told apart ----------------------------- */

/* The parameters whose values differ among a run's cases (lobbench's lists),
 * each once, and whether the seed does.  The names point into the cases'
 * params, which outlive the pairing. */
typedef struct {
    const char **name;
    size_t *len;
    size_t n, cap;
    int seed;
    int nomem;
} varying_t;

/* The value of the parameter name (namelen long) in params ("a=1 b=2"):
 * its start and length, or NULL. */
static const char *value_in(const char *params, const char *name, size_t namelen, size_t *len)
{
    for (const char *p = params; p && *p;) {
        while (*p == ' ')
            p++;
        const char *end = p + strcspn(p, " ");
        if ((size_t)(end - p) > namelen && p[namelen] == '=' && memcmp(p, name, namelen) == 0) {
            *len = (size_t)(end - p - (ptrdiff_t)namelen - 1);
            return p + namelen + 1;
        }
        p = end;
    }
    return NULL;
}

const char *ldf_param_value(const char *params, const char *name, size_t *len)
{
    return value_in(params, name, strlen(name), len);
}

static void add_varying(varying_t *v, const char *name, size_t len)
{
    for (size_t i = 0; i < v->n; i++)
        if (v->len[i] == len && memcmp(v->name[i], name, len) == 0)
            return;
    if (v->n == v->cap) {
        size_t cap = v->cap ? 2 * v->cap : 8;
        const char **names = ldf_realloc(v->name, cap * sizeof *names);
        if (names)
            v->name = names;
        size_t *lens = names ? ldf_realloc(v->len, cap * sizeof *lens) : NULL;
        if (!lens) {
            v->nomem = 1;
            return;
        }
        v->len = lens;
        v->cap = cap;
    }
    v->name[v->n] = name;
    v->len[v->n++] = len;
}

/* Each parameter of a whose value in b differs (or b lacks). */
static void differing(varying_t *v, const char *a, const char *b)
{
    for (const char *p = a; *p;) {
        while (*p == ' ')
            p++;
        const char *end = p + strcspn(p, " "), *eq = memchr(p, '=', (size_t)(end - p));
        size_t len;
        const char *bv = eq ? value_in(b, p, (size_t)(eq - p), &len) : NULL;
        if (eq && (!bv || len != (size_t)(end - eq - 1) || memcmp(bv, eq + 1, len) != 0))
            add_varying(v, p, (size_t)(eq - p));
        p = end;
    }
}

/* What differs among r's cases, added to v. */
static void find_varying(const ldf_run_t *r, varying_t *v)
{
    const ldf_case_t *first = NULL;
    for (size_t i = 0; i < r->n; i++) {
        const ldf_case_t *c = &r->cases[i];
        if (!c->params)
            continue;
        if (!first) {
            first = c;
            continue;
        }
        /* Most cases of a run have one text: compared whole first. */
        if (strcmp(first->params, c->params) != 0) {
            differing(v, first->params, c->params);
            differing(v, c->params, first->params);
        }
    }
    for (size_t i = 1; i < r->n; i++)
        v->seed |=
            r->cases[i].has_seed && r->cases[0].has_seed && r->cases[i].seed != r->cases[0].seed;
}

/* Each case of r its variant: the values of v's parameters, then the seed. */
static sim_err_t set_variants(ldf_run_t *r, const varying_t *v)
{
    for (size_t i = 0; i < r->n; i++) {
        ldf_case_t *c = &r->cases[i];
        ldf_str_t buf = {0};
        for (size_t k = 0; k < v->n; k++) {
            size_t len = 0;
            const char *val = value_in(c->params, v->name[k], v->len[k], &len);
            ldf_str_add(&buf, "%s%.*s=%.*s", buf.len ? " " : "", (int)v->len[k], v->name[k],
                        val ? (int)len : 1, val ? val : "?");
        }
        if (v->seed && c->has_seed)
            ldf_str_add(&buf, "%sseed=%llu", buf.len ? " " : "", (unsigned long long)c->seed);
        c->variant = "";
        if (buf.nomem || (buf.len && !(c->variant = ldf_run_own(r, ldf_str_take(&buf))))) {
            ldf_str_free(&buf);
            return SIM_ENOMEM;
        }
        ldf_str_free(&buf);
    }
    return SIM_OK;
}

sim_err_t ldf_pair(ldf_diff_t *d, ldf_run_t *b, ldf_run_t *h)
{
    if (settle_ranks(b, h) != SIM_OK)
        return SIM_ENOMEM;
    /* A sweep's cases share a key but for the values swept: what differs
     * in either run tells them apart in both, so that a sweep pairs with a
     * sweep value by value, and a run of one value with that value. */
    varying_t v;
    memset(&v, 0, sizeof v);
    find_varying(b, &v);
    find_varying(h, &v);
    sim_err_t rc = v.nomem ? SIM_ENOMEM : set_variants(b, &v);
    if (rc == SIM_OK)
        rc = set_variants(h, &v);
    free(v.name);
    free(v.len);
    if (rc != SIM_OK)
        return rc;
    if (b->n) /* a run without cases has no array: qsort(NULL) is undefined */
        qsort(b->cases, b->n, sizeof *b->cases, case_qsort);
    if (h->n)
        qsort(h->cases, h->n, sizeof *h->cases, case_qsort);
    if (!(d->pairs = ldf_malloc((b->n + h->n) * sizeof *d->pairs)))
        return SIM_ENOMEM;
    size_t i = 0, j = 0;
    while (i < b->n || j < h->n) {
        ldf_pair_t *p = &d->pairs[d->npairs++];
        memset(p, 0, sizeof *p);
        int c = i == b->n ? 1 : j == h->n ? -1 : ldf_case_cmp(&b->cases[i], &h->cases[j]);
        if (c <= 0)
            p->b = &b->cases[i++];
        if (c >= 0)
            p->h = &h->cases[j++];
        if (p->b && p->h)
            d->ncommon++;
        else if (p->b)
            d->nremoved++;
        else
            d->nadded++;
    }
    return SIM_OK;
}
