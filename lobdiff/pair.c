/*
 * pair.c -- the cases of base and head matched by key (workload,
 * path, block size, rows, LOB size): both runs sorted in the reports' order,
 * then merged; a key in one run only is a case added or removed.
 */
#define _POSIX_C_SOURCE 200809L

#include <stdlib.h>
#include <string.h>

#include "lobdiff_int.h"

/* The order the store walks sessions in (res_foreach_session()); names it
 * does not know yet come after, by name. */
static const char *const workload_order[] = {"insert", "scan", "rows", "cluster"};
static const char *const path_order[] = {"local", "dblink"};

static int rank_of(const char *s, const char *const *order, int n)
{
    for (int i = 0; i < n; i++)
        if (strcmp(s, order[i]) == 0)
            return i;
    return n;
}

int ldf_workload_rank(const char *workload)
{
    return rank_of(workload, workload_order, 4);
}

int ldf_path_rank(const char *path)
{
    return rank_of(path, path_order, 2);
}

static int name_cmp(const char *a, const char *b, int ra, int rb)
{
    if (ra != rb)
        return ra < rb ? -1 : 1;
    int c = strcmp(a, b);
    return (c > 0) - (c < 0);
}

int ldf_case_cmp(const ldf_case_t *a, const ldf_case_t *b)
{
    int c = name_cmp(a->workload, b->workload, ldf_workload_rank(a->workload),
                     ldf_workload_rank(b->workload));
    if (c)
        return c;
    c = name_cmp(a->path, b->path, ldf_path_rank(a->path), ldf_path_rank(b->path));
    if (c)
        return c;
    if (a->block_size != b->block_size)
        return a->block_size < b->block_size ? -1 : 1;
    if (a->rows != b->rows)
        return a->rows < b->rows ? -1 : 1;
    if (a->lob_chars != b->lob_chars)
        return a->lob_chars < b->lob_chars ? -1 : 1;
    return 0;
}

static int case_qsort(const void *a, const void *b)
{
    return ldf_case_cmp(a, b);
}

void ldf_pair(ldf_diff_t *d, ldf_run_t *b, ldf_run_t *h)
{
    if (b->n) /* a run without cases has no array: qsort(NULL) is undefined */
        qsort(b->cases, b->n, sizeof *b->cases, case_qsort);
    if (h->n)
        qsort(h->cases, h->n, sizeof *h->cases, case_qsort);
    d->pairs = ldf_xmalloc((b->n + h->n) * sizeof *d->pairs);
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
}
