/*
 * run.c -- the whole fit (fit.h, fit_run()): which parameters the chosen
 * statistics cannot see, the search over the others, the cross-validation
 * (leave one LOB size, block size, workload or user count out), the
 * progress reports, and the parameter file.
 *
 * A parameter is free where moving it a tenth of its value (at least 1) up
 * or down changes no chosen figure of any case: the search could put it
 * anywhere, so it is reported, not fitted.  Only axis directions are tried;
 * two parameters that trade off against each other (a flat diagonal) both
 * look pinned here, and the cross-validated error is what shows such an
 * over-fit.
 */
#include "fit_int.h"

#include <assert.h>
#include <math.h>
#include <string.h>

void fit_opts_defaults(fit_opts_t *o)
{
    assert(o != NULL);
    o->starts = 4;
    o->seed = 1;
    o->cross_validate = 1;
    o->progress = NULL;
    o->progress_arg = NULL;
}

/* ---- progress ------------------------------------------------------------- */

/* The caller's progress function and where the fit is. */
typedef struct {
    fit_t *f;
    const fit_opts_t *o;
    fit_progress_t p;
} prog_t;

static void tell(prog_t *pr, int end_of_sweep)
{
    if (pr->o->progress == NULL)
        return;
    pr->p.end_of_sweep = end_of_sweep;
    pr->p.evaluations = fit_evaluations(pr->f);
    pr->p.case_runs = pr->f->case_runs;
    pr->o->progress(&pr->p, pr->o->progress_arg);
}

static void stage(prog_t *pr, const char *name, unsigned rounds)
{
    pr->p.stage = name;
    pr->p.round = 1;
    pr->p.rounds = rounds;
    pr->p.sweep = 0;
    pr->p.best = INFINITY;
}

/* fit_search()'s sweep hook: in the search, a round is a start. */
static void on_sweep(unsigned start, unsigned sweep, void *arg)
{
    prog_t *pr = arg;
    if (strcmp(pr->p.stage, "search") == 0)
        pr->p.round = start + 1;
    pr->p.sweep = sweep;
    tell(pr, 1);
}

/* ---- the search over the pinned parameters -------------------------------- */

/* The search sees only the parameters not found free; the others stay at
 * full[]. */
typedef struct {
    fit_t *f;
    const unsigned char *use;
    prog_t *pr;
    size_t m;
    size_t idx[FIT_MAX_PARAMS];
    int64_t full[FIT_MAX_PARAMS];
    int64_t lo[FIT_MAX_PARAMS], hi[FIT_MAX_PARAMS], start[FIT_MAX_PARAMS];
} sub_t;

static double sub_objective(const int64_t *x, void *arg)
{
    sub_t *s = arg;
    int64_t y[FIT_MAX_PARAMS];
    memcpy(y, s->full, s->f->np * sizeof *y);
    for (size_t j = 0; j < s->m; j++)
        y[s->idx[j]] = x[j];
    double e = fit_error(s->f, y, s->use, -1);
    if (isnan(e))
        e = INFINITY;
    if (e < s->pr->p.best)
        s->pr->p.best = e;
    tell(s->pr, 0);
    return e;
}

static int is_flat(fit_t *f, prog_t *pr, const int64_t *x, size_t k)
{
    int64_t d = x[k] / 10 > 1 ? x[k] / 10 : 1;
    int64_t y[FIT_MAX_PARAMS];
    for (int dir = 1; dir >= -1; dir -= 2) {
        memcpy(y, x, f->np * sizeof *y);
        y[k] = x[k] + dir * d;
        if (y[k] < f->lo[k] || y[k] > f->hi[k])
            continue;
        int differ = fit_figures_differ(f, x, y);
        tell(pr, 0);
        if (differ)
            return 0;
    }
    return 1;
}

/* Search the non-free parameters of x (changed in place) over the cases in
 * use.  Returns the objective calls. */
static sim_err_t search(fit_t *f, prog_t *pr, int64_t *x, const fit_role_t *role,
                        const unsigned char *use, unsigned starts, uint64_t seed, int64_t step_div,
                        unsigned *calls)
{
    sub_t s = {.f = f, .use = use, .pr = pr};
    memcpy(s.full, x, f->np * sizeof *x);
    for (size_t k = 0; k < f->np; k++)
        if (role[k] == FIT_PINNED) {
            s.idx[s.m] = k;
            s.lo[s.m] = f->lo[k];
            s.hi[s.m] = f->hi[k];
            s.start[s.m++] = x[k];
        }
    if (s.m == 0)
        return SIM_OK;
    fit_search_opts_t o = {.n = s.m,
                           .lo = s.lo,
                           .hi = s.hi,
                           .start = s.start,
                           .starts = starts,
                           .seed = seed,
                           .step_div = step_div,
                           .on_sweep = on_sweep,
                           .sweep_arg = pr};
    int64_t best[FIT_MAX_PARAMS];
    fit_search_result_t res;
    sim_err_t err = fit_search(&o, sub_objective, &s, best, &res);
    if (err != SIM_OK)
        return err;
    *calls += res.calls;
    for (size_t j = 0; j < s.m; j++)
        x[s.idx[j]] = best[j];
    return SIM_OK;
}

/* Figures of the chosen statistics measured in the cases in use. */
static size_t measured(const fit_t *f, const unsigned char *use)
{
    size_t n = 0;
    for (size_t i = 0; i < f->ncases; i++)
        for (size_t k = 0; use[i] && k < f->ns; k++)
            n += f->cases[i].present[f->stats[k]];
    return n;
}

/* ---- the cross-validation ------------------------------------------------- */

/* What a fold leaves out: the first of these that takes two values or more
 * over the cases, so that a LOB reference is cut by LOB size as before, a
 * heap one by block size (or query, at one block size), a rac one by block
 * size (or users). */
typedef enum { AXIS_LOB_SIZE, AXIS_BLOCK_SIZE, AXIS_WORKLOAD, AXIS_USERS, AXIS_COUNT } axis_t;

static const char *const axis_names[AXIS_COUNT] = {"LOB size", "block size", "workload", "users"};

static uint64_t key(const fit_case_t *c, axis_t a)
{
    switch (a) {
    case AXIS_LOB_SIZE:
        return c->c.lob_chars;
    case AXIS_BLOCK_SIZE:
        return c->c.block_size;
    case AXIS_WORKLOAD:
        return c->c.workload;
    default:
        return c->c.rac.users;
    }
}

/* The part each case is in (parts numbered from 0 in order of first
 * appearance) along the first axis with two parts or more; the parts'
 * count, 1 when every case is alike. */
static size_t split_cases(const fit_t *f, size_t *part, axis_t *axis)
{
    for (axis_t a = 0; a < AXIS_COUNT; a++) {
        size_t n = 0;
        for (size_t i = 0; i < f->ncases; i++) {
            size_t j = 0;
            while (j < i && key(&f->cases[j], a) != key(&f->cases[i], a))
                j++;
            part[i] = j < i ? part[j] : n++;
        }
        if (n >= 2) {
            *axis = a;
            return n;
        }
    }
    return 1;
}

static sim_err_t cross_validate(fit_t *f, prog_t *pr, fit_result_t *r, const fit_opts_t *o)
{
    static_assert(FIT_MAX_CASES <= 4096, "the fold arrays below");
    unsigned char use[4096], out[4096];
    size_t part[4096];
    axis_t axis;
    size_t parts = split_cases(f, part, &axis);
    if (parts < 2)
        return SIM_OK;
    r->cv_axis = axis_names[axis];
    stage(pr, "cross-validation", (unsigned)parts);
    double sum = 0;
    size_t n = 0;
    for (size_t p = 0; p < parts; p++) {
        for (size_t j = 0; j < f->ncases; j++) {
            out[j] = part[j] == p;
            use[j] = !out[j];
        }
        if (measured(f, use) == 0 || measured(f, out) == 0)
            continue;
        pr->p.round = (unsigned)p + 1;
        pr->p.sweep = 0;
        pr->p.best = INFINITY;
        int64_t x[FIT_MAX_PARAMS];
        memcpy(x, r->after, f->np * sizeof *x);
        sim_err_t err = search(f, pr, x, r->role, use, 1, o->seed, 64, &r->calls);
        if (err != SIM_OK)
            return err;
        double e = fit_error(f, x, out, -1);
        size_t m = measured(f, out);
        sum += e * e * (double)m;
        n += m;
        r->cv_folds++;
    }
    r->cv_error = r->cv_folds >= 2 ? sqrt(sum / (double)n) : NAN;
    return SIM_OK;
}

sim_err_t fit_run(fit_t *f, const fit_opts_t *o, fit_result_t *r)
{
    assert(f != NULL && o != NULL && r != NULL);
    memset(r, 0, sizeof *r);
    memcpy(r->before, f->def, f->np * sizeof *r->before);
    memcpy(r->after, f->def, f->np * sizeof *r->after);
    prog_t pr = {.f = f, .o = o};
    unsigned starts = o->starts ? o->starts : 1;
    r->error_before = fit_error(f, r->before, NULL, -1);
    stage(&pr, "free parameters", 1);
    pr.p.best = r->error_before;
    for (size_t k = 0; k < f->np; k++)
        r->role[k] = is_flat(f, &pr, r->before, k) ? FIT_FREE : FIT_PINNED;
    pr.p.sweep = 1;
    tell(&pr, 1);
    stage(&pr, "search", starts);
    sim_err_t err = search(f, &pr, r->after, r->role, NULL, starts, o->seed, 8, &r->calls);
    if (err != SIM_OK)
        return err;
    for (size_t k = 0; k < f->np; k++)
        if (r->role[k] == FIT_PINNED && is_flat(f, &pr, r->after, k))
            r->role[k] = FIT_FREE;
    r->error_after = fit_error(f, r->after, NULL, -1);
    r->cv_error = NAN;
    if (o->cross_validate && (err = cross_validate(f, &pr, r, o)) != SIM_OK)
        return err;
    r->evaluations = fit_evaluations(f);
    r->case_runs = f->case_runs;
    return SIM_OK;
}

void fit_write_params(const fit_t *f, const fit_result_t *r, const char *header, FILE *fp)
{
    assert(f != NULL && r != NULL && fp != NULL);
    if (header)
        fprintf(fp, "# %s\n", header);
    fprintf(fp, "# lobbench --param-file=FILE reads this: name=value, one a line\n");
    for (size_t k = 0; k < f->np; k++) {
        const char *name = case_param_name(f->params[k]);
        /* A free parameter at its default is left to the default, as a
         * comment: lobbench refuses a parameter of a workload family the
         * sweep does not run, and the fit says nothing about it. */
        int unsaid = r->role[k] == FIT_FREE && r->after[k] == r->before[k];
        if (r->role[k] == FIT_FREE)
            fprintf(fp, "# free: the statistics do not see it; default %lld\n",
                    (long long)r->before[k]);
        else if (r->after[k] != r->before[k])
            fprintf(fp, "# fitted; default %lld\n", (long long)r->before[k]);
        fprintf(fp, "%s%s=%lld\n", unsaid ? "# " : "", name, (long long)r->after[k]);
    }
}
