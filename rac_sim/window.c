/*
 * window.c -- the AWR window: it opens when `warmup` transactions have
 * committed and closes `window_ms` of model time later, as AWR's snapshots
 * are taken on a clock (or, when `transactions` is set and comes first,
 * once that many more have committed); every figure is the
 * difference of the counts at its two ends, as AWR's are of two snapshots
 * (rac_window_open() takes the first, rac_window() the difference).
 */
#include <string.h>

#include "rac_sim_int.h"

void rac_window_open(rac_t *r)
{
    r->window = 1;
    r->open_t = rac_now(r);
    r->tx_open = r->ntx;
    for (int i = 0; i < GCACHE_INSTANCES; i++) {
        r->at_open[i] = r->n[i];
        r->g_open[i] = *gcache_counts(r->g, i);
    }
    if (!r->script && r->c->rac.window_ms)
        rac_at(r, r->open_t + (uint64_t)r->c->rac.window_ms * 1000000u, EV_WINDOW, 0, 0);
}

static void close_window(rac_t *r)
{
    r->window = 2;
    r->close_t = rac_now(r);
}

void rac_window_end(rac_t *r)
{
    if (r->window == 1)
        close_window(r);
}

void rac_commit_done(rac_t *r)
{
    const case_rac_params_t *p = &r->c->rac;
    r->commits++;
    if (r->script)
        return;
    if (r->window == 0 && r->commits >= p->warmup)
        rac_window_open(r);
    if (r->window == 1 && p->transactions && r->commits >= (uint64_t)p->warmup + p->transactions)
        close_window(r);
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

int rac_tx_kind(const rac_t *r, uint64_t tx)
{
    return tx == 0 ? TXK_NO_CHANGE : tx > r->tx_open ? TXK_BEGUN_IN_WINDOW : TXK_BEGUN_BEFORE;
}

static uint64_t sum(const uint64_t *a, size_t n)
{
    uint64_t t = 0;
    for (size_t i = 0; i < n; i++)
        t += a[i];
    return t;
}

uint64_t rac_counts_gets(const rac_counts_t *n, int current)
{
    uint64_t t = 0;
    for (int k = 0; k < K_COUNT; k++)
        t += n->gets[k][current != 0];
    return t;
}

uint64_t rac_counts_changes(const rac_counts_t *n)
{
    return sum(n->changes, K_COUNT);
}

uint64_t rac_counts_commits(const rac_counts_t *n)
{
    return sum(n->commits, TXK_COUNT);
}

uint64_t rac_counts_cpu(const rac_counts_t *n)
{
    return sum(n->cpu_ns, CPU_COUNT);
}
