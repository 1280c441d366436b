/*
 * problem.c -- the fitting problem (fit.h, fit_t): the reference's cases,
 * the chosen parameters and statistics, the objective, and the cache of the
 * model's figures by parameter vector.
 *
 * The objective is the root mean square of (model - measured) / measured
 * (measured 0 counts as 1) over the measured figures of the chosen
 * statistics in the cases in use.  A cache entry holds one parameter
 * vector's figures case by case; a case is run only when an objective needs
 * it (fit_error() with that case in use), so that the cross-validation's
 * searches, which leave cases out, run only the cases they use.  Only
 * lookup() adds entries; only figures() runs the model, on
 * FIT_THREADS threads (the machine this is measured on has two cores).
 */
#include "fit_int.h"

#include <assert.h>
#include <math.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

static uint64_t hash_x(const int64_t *x, size_t n)
{
    uint64_t h = 1469598103934665603ULL;
    for (size_t i = 0; i < n; i++) {
        h ^= (uint64_t)x[i];
        h *= 1099511628211ULL;
        h ^= h >> 29;
    }
    return h;
}

static sim_err_t grow(fit_t *f)
{
    size_t cap = f->cap ? f->cap * 2 : 1024;
    fit_entry_t **t = sim_calloc(cap, sizeof *t);
    if (t == NULL)
        return SIM_ENOMEM;
    for (size_t i = 0; i < f->cap; i++) {
        fit_entry_t *e = f->table[i];
        if (e == NULL)
            continue;
        size_t j = hash_x(e->x, f->np) & (cap - 1);
        while (t[j])
            j = (j + 1) & (cap - 1);
        t[j] = e;
    }
    sim_free(f->table);
    f->table = t;
    f->cap = cap;
    return SIM_OK;
}

/* The entry of x, made (nothing computed) if new; NULL when out of memory. */
static fit_entry_t *lookup(fit_t *f, const int64_t *x)
{
    if (2 * (f->count + 1) > f->cap && grow(f) != SIM_OK)
        return NULL;
    size_t j = hash_x(x, f->np) & (f->cap - 1);
    for (fit_entry_t *e; (e = f->table[j]) != NULL; j = (j + 1) & (f->cap - 1))
        if (memcmp(e->x, x, f->np * sizeof *x) == 0)
            return e;
    size_t nfig = f->ncases * f->ns;
    fit_entry_t *e =
        sim_calloc(1, sizeof *e + f->np * sizeof(int64_t) + nfig * sizeof(double) + f->ncases);
    if (e == NULL)
        return NULL;
    e->x = (int64_t *)(e + 1);
    e->fig = (double *)(e->x + f->np);
    e->done = (unsigned char *)(e->fig + nfig);
    memcpy(e->x, x, f->np * sizeof *x);
    f->table[j] = e;
    f->count++;
    return e;
}

/* Run case i at x into fig[0..ns) (per user commit where the case says);
 * 0 if the model refuses x. */
static int run_case(const fit_t *f, const int64_t *x, size_t i, double *fig)
{
    case_t c = f->cases[i].c;
    for (size_t k = 0; k < f->np; k++)
        case_set_param(&c, case_param_name(f->params[k]), (uint32_t)x[k]);
    char msg[200];
    sim_stats_t st;
    if (workload_validate(&c, msg, sizeof msg) != SIM_OK || workload_run_stats(&c, &st) != SIM_OK)
        return 0;
    double per = 1;
    if (f->cases[i].per_commit)
        per = st.v[SIM_STAT_USER_COMMITS] ? (double)st.v[SIM_STAT_USER_COMMITS] : 1;
    for (size_t k = 0; k < f->ns; k++)
        fig[k] = (double)st.v[f->stats[k]] / per;
    return 1;
}

/* The cases of one entry still to run, shared by the workers: each takes
 * the next index, the costliest first. */
typedef struct {
    const fit_t *f;
    fit_entry_t *e;
    const size_t *todo;
    size_t n;
    atomic_size_t next;
    unsigned char ok[FIT_MAX_CASES];
} batch_t;

static void *worker(void *arg)
{
    batch_t *b = arg;
    for (size_t j; (j = atomic_fetch_add(&b->next, 1)) < b->n;) {
        size_t i = b->todo[j];
        b->ok[j] = (unsigned char)run_case(b->f, b->e->x, i, &b->e->fig[i * b->f->ns]);
    }
    return NULL;
}

/*
 * Make sure every case in use (use NULL = all) has its figures at e, running
 * the missing ones on FIT_THREADS threads.  0 if the model refuses e's x.
 */
static int figures(fit_t *f, fit_entry_t *e, const unsigned char *use)
{
    if (e->refused)
        return 0;
    size_t todo[FIT_MAX_CASES], n = 0;
    for (size_t j = 0; j < f->ncases; j++) {
        size_t i = f->order[j];
        if ((use == NULL || use[i]) && !e->done[i])
            todo[n++] = i;
    }
    if (n == 0)
        return 1;
    batch_t b = {.f = f, .e = e, .todo = todo, .n = n};
    atomic_init(&b.next, 0);
    pthread_t th[FIT_THREADS - 1];
    size_t started = 0;
    for (; n > 1 && started < FIT_THREADS - 1; started++)
        if (pthread_create(&th[started], NULL, worker, &b) != 0)
            break;
    worker(&b);
    for (size_t t = 0; t < started; t++)
        pthread_join(th[t], NULL);
    f->case_runs += (unsigned)n;
    for (size_t j = 0; j < n; j++) {
        if (!b.ok[j]) {
            e->refused = 1;
            return 0;
        }
        e->done[todo[j]] = 1;
    }
    return 1;
}

double fit_error(fit_t *f, const int64_t *x, const unsigned char *use, int stat)
{
    assert(f != NULL && x != NULL);
    assert(stat >= -1 && stat < SIM_STAT_COUNT);
    fit_entry_t *e = lookup(f, x);
    if (e == NULL)
        return INFINITY;
    if (!figures(f, e, use))
        return INFINITY;
    double sum = 0;
    size_t n = 0;
    for (size_t i = 0; i < f->ncases; i++) {
        if (use && !use[i])
            continue;
        const fit_case_t *c = &f->cases[i];
        for (size_t k = 0; k < f->ns; k++) {
            int s = f->stats[k];
            if ((stat >= 0 && s != stat) || !c->present[s])
                continue;
            double r = c->ref[s] > 0 ? c->ref[s] : 1;
            double d = (e->fig[i * f->ns + k] - c->ref[s]) / r;
            sum += d * d;
            n++;
        }
    }
    return n ? sqrt(sum / (double)n) : NAN;
}

/* Do case i's figures of the chosen statistics differ between a and b? */
int fit_figures_differ(fit_t *f, const int64_t *a, const int64_t *b)
{
    fit_entry_t *ea = lookup(f, a), *eb;
    if (ea == NULL || (eb = lookup(f, b)) == NULL)
        return 1;
    int oka = figures(f, ea, NULL), okb = figures(f, eb, NULL);
    if (!oka || !okb)
        return oka != okb;
    for (size_t i = 0; i < f->ncases; i++) {
        for (size_t k = 0; k < f->ns; k++)
            if (f->cases[i].present[f->stats[k]] &&
                ea->fig[i * f->ns + k] != eb->fig[i * f->ns + k])
                return 1;
    }
    return 0;
}

/* A case's relative cost, to start the costliest first: a LOB insert by its
 * bytes (a dblink LOB is written in pieces), a heap case by its rows, a rac
 * run by its transactions (about 2 a millisecond of its window) and users. */
static double cost(const fit_case_t *c)
{
    if (workload_is_rac(c->c.workload))
        return (double)(c->c.rac.transactions ? c->c.rac.transactions : c->c.rac.window_ms * 2) *
               (double)c->c.rac.users * 1e3;
    if (workload_is_heap(c->c.workload))
        return (double)c->c.rows * 100;
    return (double)c->c.rows * (double)c->c.lob_chars * (c->c.path == CASE_PATH_DBLINK ? 8 : 1);
}

sim_err_t fit_create(const fit_case_t *cases, size_t ncases, const size_t *params, size_t np,
                     const int *stats, size_t ns, fit_t **out, char *msg, size_t msglen)
{
    assert(out != NULL);
    assert((cases != NULL || ncases == 0) && (params != NULL || np == 0) &&
           (stats != NULL || ns == 0));
    *out = NULL;
    if (ncases == 0 || ncases > FIT_MAX_CASES || np == 0 || np > FIT_MAX_PARAMS || ns == 0 ||
        ns > SIM_STAT_COUNT) {
        snprintf(msg, msglen, "nothing to fit: %zu cases, %zu parameters, %zu statistics", ncases,
                 np, ns);
        return SIM_EINVAL;
    }
    for (size_t k = 0; k < np; k++)
        if (params[k] >= case_param_count() || !fit_fittable_find(case_param_name(params[k]))) {
            snprintf(msg, msglen, "parameter '%s' may not be fitted (lobfit --list-params)",
                     params[k] < case_param_count() ? case_param_name(params[k]) : "?");
            return SIM_EINVAL;
        }
    for (size_t k = 0; k < ns; k++) {
        size_t seen = 0;
        for (size_t i = 0; i < ncases; i++)
            seen += cases[i].present[stats[k]];
        if (seen == 0) {
            snprintf(msg, msglen, "statistic '%s' has no measured figure in the reference",
                     sim_stat_info(stats[k])->name);
            return SIM_EINVAL;
        }
    }
    fit_t *f = sim_calloc(1, sizeof *f);
    if (f == NULL)
        return SIM_ENOMEM;
    f->cases = sim_malloc(ncases * sizeof *f->cases);
    if (f->cases == NULL) {
        sim_free(f);
        return SIM_ENOMEM;
    }
    memcpy(f->cases, cases, ncases * sizeof *cases);
    f->ncases = ncases;
    /* Run the costliest first: the workers then finish together. */
    for (size_t i = 0; i < ncases; i++) {
        size_t j = i;
        for (; j > 0 && cost(&cases[f->order[j - 1]]) < cost(&cases[i]); j--)
            f->order[j] = f->order[j - 1];
        f->order[j] = i;
    }
    memcpy(f->params, params, np * sizeof *params);
    f->np = np;
    memcpy(f->stats, stats, ns * sizeof *stats);
    f->ns = ns;
    case_t d;
    case_defaults(&d);
    for (size_t k = 0; k < np; k++) {
        const fit_fittable_t *ft = fit_fittable_find(case_param_name(params[k]));
        f->def[k] = case_param_get(&d, params[k]);
        f->lo[k] = ft->lo;
        f->hi[k] = ft->hi ? ft->hi : 4 * f->def[k] + 16;
    }
    if (grow(f) != SIM_OK) {
        fit_destroy(f);
        return SIM_ENOMEM;
    }
    *out = f;
    return SIM_OK;
}

void fit_destroy(fit_t *f)
{
    if (f == NULL)
        return;
    for (size_t i = 0; i < f->cap; i++)
        sim_free(f->table[i]);
    sim_free(f->table);
    sim_free(f->cases);
    sim_free(f);
}

size_t fit_ncases(const fit_t *f)
{
    assert(f != NULL);
    return f->ncases;
}

const fit_case_t *fit_case(const fit_t *f, size_t i)
{
    assert(f != NULL && i < f->ncases);
    return &f->cases[i];
}

unsigned fit_evaluations(const fit_t *f)
{
    assert(f != NULL);
    return (unsigned)f->count;
}

size_t fit_nparams(const fit_t *f)
{
    assert(f != NULL);
    return f->np;
}

size_t fit_param(const fit_t *f, size_t k)
{
    assert(f != NULL && k < f->np);
    return f->params[k];
}

size_t fit_nstats(const fit_t *f)
{
    assert(f != NULL);
    return f->ns;
}

int fit_stat(const fit_t *f, size_t k)
{
    assert(f != NULL && k < f->ns);
    return f->stats[k];
}
