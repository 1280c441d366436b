/*
 * window.c -- the AWR window: it opens when `warmup` transactions have
 * committed and closes when `transactions` more have; every figure is the
 * difference of the counts at its two ends, as AWR's are of two snapshots
 * (rac_window_open() takes the first, rac_window() the difference).
 */
#include <string.h>

#include "rac_sim_int.h"

void rac_window_open(rac_t *r)
{
    r->window = 1;
    r->open_t = rac_now(r);
    for (int i = 0; i < GCACHE_INSTANCES; i++) {
        r->at_open[i] = r->n[i];
        r->g_open[i] = *gcache_counts(r->g, i);
    }
}

void rac_commit_done(rac_t *r)
{
    const case_rac_params_t *p = &r->c->rac;
    r->commits++;
    if (r->script)
        return;
    if (r->window == 0 && r->commits >= p->warmup)
        rac_window_open(r);
    if (r->window == 1 && r->commits >= (uint64_t)p->warmup + p->transactions) {
        r->window = 2;
        r->close_t = rac_now(r);
    }
}

void rac_window(const rac_t *r, int i, rac_counts_t *n, gcache_counts_t *g)
{
    _Static_assert(sizeof(rac_counts_t) % sizeof(uint64_t) == 0, "rac_counts_t: uint64_t only");
    _Static_assert(sizeof(gcache_counts_t) % sizeof(uint64_t) == 0,
                   "gcache_counts_t: uint64_t only");
    uint64_t a[sizeof(rac_counts_t) / sizeof(uint64_t)], b[sizeof a / sizeof a[0]];
    memcpy(a, &r->n[i], sizeof a);
    memcpy(b, &r->at_open[i], sizeof b);
    for (size_t k = 0; k < sizeof a / sizeof a[0]; k++)
        a[k] -= b[k];
    memcpy(n, a, sizeof a);
    uint64_t x[sizeof(gcache_counts_t) / sizeof(uint64_t)], y[sizeof x / sizeof x[0]];
    memcpy(x, gcache_counts(r->g, i), sizeof x);
    memcpy(y, &r->g_open[i], sizeof y);
    for (size_t k = 0; k < sizeof x / sizeof x[0]; k++)
        x[k] -= y[k];
    memcpy(g, x, sizeof x);
}
