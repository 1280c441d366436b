/*
 * pair.c -- the cases of base and head matched by key (workload,
 * path, block size, rows, LOB size): one rank settled per workload name,
 * both runs sorted in the reports' order, then merged; a key in one run
 * only is a case added or removed.
 *
 * The order of the workloads is the store's (ldf_case_t.workload_rank, from
 * its table `workloads`): this file names none of them.
 */
#define _POSIX_C_SOURCE 200809L

#include <assert.h>
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
    return 0;
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

sim_err_t ldf_pair(ldf_diff_t *d, ldf_run_t *b, ldf_run_t *h)
{
    if (settle_ranks(b, h) != SIM_OK)
        return SIM_ENOMEM;
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
