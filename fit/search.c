/*
 * search.c -- the optimiser: a bounded compass search on integers with
 * several seeded starts (fit.h, fit_search()).  Pure: it knows nothing of the
 * model, only an objective over integer vectors.
 *
 * From each start, every coordinate has its own step, first (hi - lo) /
 * step_div.  A sweep tries x + step and x - step on each coordinate in turn
 * (first the direction that last succeeded there);
 * a move that lowers the objective is taken and that coordinate's step
 * doubles (up to its range), a coordinate where neither direction helps
 * halves its step.  The search from a start ends when a whole sweep with
 * every step at 1 moved nothing: the point is then a minimum along every
 * axis (no neighbour one unit away on any axis is lower).  Ties never move,
 * so a coordinate the objective does not see stays where it started.
 * on_sweep, when given, hears of each sweep's end (lobfit's progress).
 */
#include "fit.h"

#include <assert.h>
#include <math.h>
#include <string.h>

static int64_t clamp(int64_t v, int64_t lo, int64_t hi)
{
    return v < lo ? lo : v > hi ? hi : v;
}

/* Compass search from x (changed in place to the minimum found); *fx is
 * f(x) on return.  Returns the objective calls made. */
static unsigned descend(const fit_search_opts_t *o, fit_objective_fn fn, void *arg, int64_t *x,
                        double *fx, int64_t *step, int64_t *y, signed char *first, unsigned budget,
                        unsigned start)
{
    unsigned calls = 0, sweeps = 0;
    for (size_t i = 0; i < o->n; i++) {
        first[i] = 1;
        int64_t range = o->hi[i] - o->lo[i];
        step[i] = range / (o->step_div ? o->step_div : 8);
        if (step[i] < 1)
            step[i] = 1;
    }
    *fx = fn(x, arg);
    calls++;
    for (;;) {
        int moved = 0, coarse = 0;
        for (size_t i = 0; i < o->n && calls < budget; i++) {
            int took = 0;
            for (int t = 0; t < 2 && !took; t++) {
                int dir = t ? -first[i] : first[i];
                int64_t v = clamp(x[i] + dir * step[i], o->lo[i], o->hi[i]);
                if (v == x[i])
                    continue;
                memcpy(y, x, o->n * sizeof *y);
                y[i] = v;
                double fy = fn(y, arg);
                calls++;
                if (fy < *fx) {
                    x[i] = v;
                    *fx = fy;
                    took = 1;
                    first[i] = (signed char)dir;
                }
            }
            /* A failure at a step above 1 has not yet tried the
             * neighbours one unit away. */
            if (step[i] > 1)
                coarse = 1;
            if (took) {
                moved = 1;
                int64_t range = o->hi[i] - o->lo[i];
                step[i] = step[i] * 2 > range ? (range > 0 ? range : 1) : step[i] * 2;
            } else if (step[i] > 1) {
                step[i] /= 2;
            }
        }
        if (o->on_sweep)
            o->on_sweep(start, ++sweeps, o->sweep_arg);
        if ((!moved && !coarse) || calls >= budget)
            return calls;
    }
}

sim_err_t fit_search(const fit_search_opts_t *o, fit_objective_fn fn, void *arg, int64_t *best,
                     fit_search_result_t *res)
{
    assert(o != NULL && fn != NULL && best != NULL && res != NULL);
    assert(o->n == 0 || (o->lo != NULL && o->hi != NULL && o->start != NULL));
    if (o->n == 0 || o->starts == 0)
        return SIM_EINVAL;
    for (size_t i = 0; i < o->n; i++)
        if (o->lo[i] > o->hi[i] || o->start[i] < o->lo[i] || o->start[i] > o->hi[i])
            return SIM_EINVAL;
    int64_t *x = sim_malloc(3 * o->n * sizeof *x);
    signed char *first = sim_malloc(o->n);
    if (x == NULL || first == NULL) {
        sim_free(x);
        sim_free(first);
        return SIM_ENOMEM;
    }
    int64_t *step = x + o->n, *y = x + 2 * o->n;
    sim_prng_t rng;
    sim_prng_seed(&rng, o->seed);
    unsigned budget = o->max_calls ? o->max_calls : UINT32_MAX;
    memset(res, 0, sizeof *res);
    res->f = INFINITY;
    memcpy(best, o->start, o->n * sizeof *best);
    for (unsigned s = 0; s < o->starts && res->calls < budget; s++) {
        for (size_t i = 0; i < o->n; i++)
            x[i] = s == 0 ? o->start[i]
                          : o->lo[i] +
                                (int64_t)sim_prng_below(&rng, (uint64_t)(o->hi[i] - o->lo[i]) + 1);
        double fx;
        res->calls += descend(o, fn, arg, x, &fx, step, y, first, budget - res->calls, s);
        if (fx < res->f) {
            res->f = fx;
            res->best_start = s;
            memcpy(best, x, o->n * sizeof *best);
        }
    }
    sim_free(x);
    sim_free(first);
    return SIM_OK;
}
