/*
 * compare.c -- each pair of cases compared: the statistics exactly
 * (Tom Kyte's runstats), derived figures beside them, the model parameters
 * that differ, and the times with the U test of utest.c at the
 * Bonferroni level.  ldf_diff_create() runs pairing and comparison and sets
 * the exit status; ldf_ordered_figs() gives the renderers their order.
 */
#define _POSIX_C_SOURCE 200809L

#include <assert.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "lobdiff_int.h"

/* The ratios that explain an allocator change: how many pieces a LOB takes,
 * how big they are, how much space per LOB byte, how often the dispenser is
 * called and what each call costs, the undo per row. */
const ldf_derived_t ldf_derived[] = {
    {"chunks per row", SIM_STAT_SF_ALLOC_CHUNKS, LDF_DEN_ROWS},
    {"allocation bytes per chunk", SIM_STAT_SF_ALLOC_BYTES, SIM_STAT_SF_ALLOC_CHUNKS},
    {"allocation bytes per LOB byte", SIM_STAT_SF_ALLOC_BYTES, LDF_DEN_LOB_BYTES},
    {"dispenser allocations per row", SIM_STAT_DSP_ALLOCATIONS, LDF_DEN_ROWS},
    {"db block gets per dispenser allocation", SIM_STAT_DB_BLOCK_GETS, SIM_STAT_DSP_ALLOCATIONS},
    {"undo bytes per row", SIM_STAT_UNDO_CV_SIZE, LDF_DEN_ROWS},
};
const size_t ldf_nderived = sizeof ldf_derived / sizeof ldf_derived[0];

/* ---- model parameters ---------------------------------------------------- */

/* A copy of the n characters at s, terminated; NULL when memory ran out. */
static char *copy_chars(const char *s, size_t n)
{
    char *v = ldf_malloc(n + 1);
    if (v) {
        memcpy(v, s, n);
        v[n] = '\0';
    }
    return v;
}

/* The value of `name` in "a=1 b=2", copied into *out; NULL when absent.
 * SIM_ENOMEM. */
static sim_err_t param_value(const char *params, const char *name, size_t namelen, char **out)
{
    const char *p = params;
    *out = NULL;
    while (p && *p) {
        while (*p == ' ')
            p++;
        const char *end = p + strcspn(p, " ");
        const char *eq = memchr(p, '=', (size_t)(end - p));
        if (eq && (size_t)(eq - p) == namelen && memcmp(p, name, namelen) == 0) {
            *out = copy_chars(eq + 1, (size_t)(end - eq - 1));
            return *out ? SIM_OK : SIM_ENOMEM;
        }
        p = end;
    }
    return SIM_OK;
}

static sim_err_t add_param_diff(ldf_diff_t *d, const char *name, size_t namelen, const char *bp,
                                const char *hp)
{
    for (size_t i = 0; i < d->nparams; i++)
        if (strlen(d->params[i].name) == namelen && memcmp(d->params[i].name, name, namelen) == 0)
            return SIM_OK;
    char *bv = NULL, *hv = NULL, *nm = NULL;
    ldf_param_diff_t *grown = NULL;
    sim_err_t rc = param_value(bp, name, namelen, &bv);
    if (rc == SIM_OK)
        rc = param_value(hp, name, namelen, &hv);
    if (rc == SIM_OK && ldf_streq(bv, hv) && (bv != NULL) == (hv != NULL)) {
        free(bv);
        free(hv);
        return SIM_OK;
    }
    if (rc == SIM_OK && (!(nm = copy_chars(name, namelen)) ||
                         !(grown = ldf_realloc(d->params, (d->nparams + 1) * sizeof *grown))))
        rc = SIM_ENOMEM;
    if (rc != SIM_OK) {
        free(bv);
        free(hv);
        free(nm);
        return rc;
    }
    d->params = grown;
    d->params[d->nparams++] = (ldf_param_diff_t){nm, bv, hv};
    return SIM_OK;
}

sim_err_t ldf_diff_params(ldf_diff_t *d, const char *bp, const char *hp)
{
    const char *both[2] = {bp, hp};
    for (int k = 0; k < 2; k++)
        for (const char *p = both[k]; p && *p;) {
            while (*p == ' ')
                p++;
            const char *end = p + strcspn(p, " ");
            const char *eq = memchr(p, '=', (size_t)(end - p));
            if (eq && add_param_diff(d, p, (size_t)(eq - p), bp, hp) != SIM_OK)
                return SIM_ENOMEM;
            p = end;
        }
    return SIM_OK;
}

static void free_params(ldf_diff_t *d)
{
    for (size_t i = 0; i < d->nparams; i++) {
        free(d->params[i].name);
        free(d->params[i].base);
        free(d->params[i].head);
    }
    d->nparams = 0;
}

/* ---- figures ------------------------------------------------------------- */

static sim_err_t add_fig(ldf_diff_t *d, const ldf_fig_t *f)
{
    if (d->nfigs == d->figcap) {
        size_t ncap = d->figcap ? d->figcap * 2 : 256;
        ldf_fig_t *grown = ldf_realloc(d->figs, ncap * sizeof *grown);
        if (!grown)
            return SIM_ENOMEM;
        d->figs = grown;
        d->figcap = ncap;
    }
    d->figs[d->nfigs++] = *f;
    return SIM_OK;
}

static double rel_change(double base, double head)
{
    if (base == head)
        return 0;
    if (base == 0)
        return INFINITY;
    return fabs(head - base) / fabs(base);
}

/* The denominator of a derived figure in case c, or -1 when it cannot be had. */
static double denominator(const ldf_case_t *c, int den)
{
    if (den == LDF_DEN_ROWS)
        return (double)c->rows;
    if (den == LDF_DEN_LOB_BYTES)
        return (double)c->rows * SIM_BYTES_PER_CHAR * (double)c->lob_chars;
    return c->present[den] ? (double)c->stats.v[den] : -1;
}

static double mean(const double *v, uint32_t n)
{
    double s = 0;
    for (uint32_t i = 0; i < n; i++)
        s += v[i];
    return n ? s / n : 0;
}

static ldf_tstat_t compare_times(const double *b, uint32_t nb, const double *h, uint32_t nh)
{
    ldf_tstat_t t;
    memset(&t, 0, sizeof t);
    if (ldf_mann_whitney(b, nb, h, nh, &t.t) != SIM_OK)
        t.t.p = 1; /* a NaN sample: no evidence of a change */
    t.base_mean = mean(b, nb);
    t.head_mean = mean(h, nh);
    t.change = t.base_mean > 0 ? t.head_mean / t.base_mean - 1 : 0;
    return t;
}

/* -1 faster, 1 slower, 0 neither: significant and beyond the threshold. */
static int time_direction(const ldf_tstat_t *t, double alpha, double threshold_pct)
{
    if (t->t.p >= alpha)
        return LDF_UNCHANGED;
    if (t->change * 100 > threshold_pct)
        return LDF_SLOWER;
    if (t->change * 100 < -threshold_pct)
        return LDF_FASTER;
    return LDF_UNCHANGED;
}

/* The counters of pair pi, and the derived figures: those that changed
 * (all with show_all) into d->figs. */
static sim_err_t compare_figures(ldf_diff_t *d, size_t pi, int show_all)
{
    ldf_pair_t *p = &d->pairs[pi];
    for (int k = 0; k < SIM_STAT_COUNT; k++) {
        if (!p->b->present[k] || !p->h->present[k])
            continue;
        ldf_fig_t f = {.pair = pi, .kase = p->h, .kind = LDF_FIG_COUNTER, .id = k};
        f.ibase = (int64_t)p->b->stats.v[k];
        f.ihead = (int64_t)p->h->stats.v[k];
        f.base = (double)f.ibase;
        f.head = (double)f.ihead;
        f.changed = f.ibase != f.ihead;
        f.rel = rel_change(f.base, f.head);
        p->changed += (size_t)f.changed;
        if ((f.changed || show_all) && add_fig(d, &f) != SIM_OK)
            return SIM_ENOMEM;
    }
    for (size_t k = 0; k < ldf_nderived; k++) {
        const ldf_derived_t *dv = &ldf_derived[k];
        double bd = denominator(p->b, dv->den), hd = denominator(p->h, dv->den);
        if (!p->b->present[dv->num] || !p->h->present[dv->num] || !(bd > 0) || !(hd > 0))
            continue;
        ldf_fig_t f = {.pair = pi, .kase = p->h, .kind = LDF_FIG_DERIVED, .id = (int)k};
        f.base = (double)p->b->stats.v[dv->num] / bd;
        f.head = (double)p->h->stats.v[dv->num] / hd;
        f.changed = f.base != f.head;
        f.rel = rel_change(f.base, f.head);
        if ((f.changed || show_all) && add_fig(d, &f) != SIM_OK)
            return SIM_ENOMEM;
    }
    return SIM_OK;
}

/* The times of pair p, when both runs have two samples or more. */
static void compare_pair_times(ldf_diff_t *d, ldf_pair_t *p)
{
    if (p->b->nsamples >= 2 && p->h->nsamples >= 2) {
        p->timed = 1;
        p->real = compare_times(p->b->real, p->b->nsamples, p->h->real, p->h->nsamples);
        p->cpu = compare_times(p->b->cpu, p->b->nsamples, p->h->cpu, p->h->nsamples);
        d->ntimed++;
        uint32_t m = p->b->nsamples < p->h->nsamples ? p->b->nsamples : p->h->nsamples;
        if (d->min_samples == 0 || m < d->min_samples)
            d->min_samples = m;
    }
}

static sim_err_t compare_pair(ldf_diff_t *d, size_t pi, int show_all)
{
    ldf_pair_t *p = &d->pairs[pi];
    if (compare_figures(d, pi, show_all) != SIM_OK)
        return SIM_ENOMEM;
    d->nstats_changed += p->changed;
    d->ncases_changed += p->changed > 0;
    if (ldf_diff_params(d, p->b->params, p->h->params) != SIM_OK)
        return SIM_ENOMEM;
    compare_pair_times(d, p);
    return SIM_OK;
}

sim_err_t ldf_compare(ldf_diff_t *d)
{
    int show_all = d->o.all || d->calibration;
    for (size_t pi = 0; pi < d->npairs; pi++)
        if (d->pairs[pi].b && d->pairs[pi].h && compare_pair(d, pi, show_all) != SIM_OK)
            return SIM_ENOMEM;
    /* Every timed case is a test: Bonferroni keeps the chance that any of
     * them flags a change that is not there at alpha, so that two runs of
     * one commit compare equal.  A verdict also needs wall and CPU time to
     * agree: a busy machine slows the one without the other. */
    d->case_alpha = ldf_bonferroni(d->o.alpha, d->ntimed);
    for (size_t pi = 0; pi < d->npairs; pi++) {
        ldf_pair_t *p = &d->pairs[pi];
        if (!p->timed)
            continue;
        int r = time_direction(&p->real, d->case_alpha, d->o.threshold_pct);
        int c = time_direction(&p->cpu, d->case_alpha, d->o.threshold_pct);
        p->verdict = r == c ? r : LDF_UNCHANGED;
        d->nslower += p->verdict == LDF_SLOWER;
        d->nfaster += p->verdict == LDF_FASTER;
    }
    d->exit_status = d->nstats_changed || d->nadded || d->nremoved || d->nslower ? LDF_EXIT_CHANGED
                                                                                 : LDF_EXIT_SAME;
    return SIM_OK;
}

/* ---- the order of the reports -------------------------------------------- */

/* Largest relative change first, then largest absolute one; counters
 * before derived figures. */
static int by_change(const void *a, const void *b)
{
    const ldf_fig_t *x = *(const ldf_fig_t *const *)a, *y = *(const ldf_fig_t *const *)b;
    if (x->kind != y->kind)
        return x->kind - y->kind;
    if (x->rel != y->rel)
        return x->rel > y->rel ? -1 : 1;
    double dx = fabs(x->head - x->base), dy = fabs(y->head - y->base);
    if (dx != dy)
        return dx > dy ? -1 : 1;
    if (x->pair != y->pair)
        return x->pair < y->pair ? -1 : 1;
    return x->id - y->id;
}

/* A calibration reads like the reference: by path, statistic, LOB size. */
static int by_layout(const void *a, const void *b)
{
    const ldf_fig_t *x = *(const ldf_fig_t *const *)a, *y = *(const ldf_fig_t *const *)b;
    const ldf_case_t *cx = x->kase, *cy = y->kase;
    int c = cx->workload_rank < cy->workload_rank   ? -1
            : cx->workload_rank > cy->workload_rank ? 1
                                                    : strcmp(cx->workload, cy->workload);
    if (!c)
        c = ldf_path_rank(cx->path) - ldf_path_rank(cy->path);
    if (!c)
        c = strcmp(cx->path, cy->path);
    if (c)
        return c < 0 ? -1 : 1;
    if (x->kind != y->kind)
        return x->kind - y->kind;
    if (x->id != y->id)
        return x->id - y->id;
    c = ldf_case_cmp(cx, cy);
    if (c)
        return c;
    return (x->pair > y->pair) - (x->pair < y->pair);
}

const ldf_fig_t **ldf_ordered_figs(const ldf_diff_t *d, size_t pair, int layout, size_t *n)
{
    const ldf_fig_t **idx = ldf_malloc(d->nfigs * sizeof *idx);
    *n = 0;
    if (!idx)
        return NULL;
    for (size_t i = 0; i < d->nfigs; i++)
        if (pair == SIZE_MAX || d->figs[i].pair == pair)
            idx[(*n)++] = &d->figs[i];
    qsort(idx, *n, sizeof *idx, layout ? by_layout : by_change);
    return idx;
}

/* ---- the diff ------------------------------------------------------------ */

ldf_diff_t *ldf_diff_create(const ldf_opts_t *o, ldf_run_t *base, ldf_run_t *head)
{
    assert(o != NULL && base != NULL && head != NULL);
    ldf_diff_t *d = ldf_malloc(sizeof *d);
    if (!d)
        return NULL;
    memset(d, 0, sizeof *d);
    d->o = *o;
    d->side[0] = base;
    d->side[1] = head;
    d->calibration = ldf_run_oracle(base) != ldf_run_oracle(head);
    d->lobsim_side = ldf_run_oracle(base) ? 1 : 0;
    if ((!d->calibration && ldf_diff_params(d, base->info.params, head->info.params) != SIM_OK) ||
        ldf_pair(d, base, head) != SIM_OK || ldf_compare(d) != SIM_OK) {
        ldf_diff_destroy(d);
        return NULL;
    }
    /* Per-session params of the model are no news against Oracle. */
    if (d->calibration)
        free_params(d);
    return d;
}

int ldf_diff_exit_status(const ldf_diff_t *d)
{
    assert(d != NULL);
    return d->exit_status;
}

void ldf_diff_destroy(ldf_diff_t *d)
{
    if (!d)
        return;
    free_params(d);
    free(d->params);
    free(d->pairs);
    free(d->figs);
    free(d);
}
