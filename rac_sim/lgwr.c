/*
 * lgwr.c -- each instance's log writer: one queue for the commits and for
 * the log flushes LMS asks for before it ships a block (flush before ship).
 *
 * Group commit: an idle log writer asked to write starts a write of all the
 * redo generated so far; whoever asks while it writes waits for the next
 * write, which starts when this one ends and takes all the redo generated
 * by then.  A write costs the device's latency plus its bytes at the
 * device's bandwidth.  So a flush that LMS asks for a moment before a
 * commit makes the commit wait for that write and then for its own: the
 * global cache's traffic shows in the commits' time.  A waiter whose redo
 * is written gets EV_LMS_LOGGED or EV_USER_LOGGED.
 */
#include "rac_sim_int.h"

static void start(rac_t *r, int inst)
{
    rac_lgwr_t *l = &r->lgwr[inst];
    const case_rac_params_t *p = &r->c->rac;
    l->busy = 1;
    l->started = rac_now(r);
    l->writing = l->generated;
    uint64_t bytes = l->writing - l->written;
    uint64_t ns = p->log_write_us * RAC_NS_PER_US + bytes * 1000 / p->log_mb_s;
    rac_at(r, rac_now(r) + ns, EV_LGWR, (uint32_t)inst, 0);
}

int rac_lgwr_wait(rac_t *r, int inst, uint64_t target, uint32_t owner)
{
    rac_lgwr_t *l = &r->lgwr[inst];
    if (target <= l->written)
        return 1;
    if (l->wn == l->wcap) {
        size_t cap = l->wcap ? 2 * l->wcap : 64;
        rac_logwait_t *w = sim_realloc(l->w, cap * sizeof *w);
        if (w == NULL) {
            rac_fail(r, SIM_ENOMEM);
            return 1;
        }
        l->w = w;
        l->wcap = cap;
    }
    l->w[l->wn++] = (rac_logwait_t){target, owner};
    if (!l->busy)
        start(r, inst);
    return 0;
}

void rac_lgwr_done(rac_t *r, int inst)
{
    rac_lgwr_t *l = &r->lgwr[inst];
    rac_counts_t *n = &r->n[inst];
    l->written = l->writing;
    l->busy = 0;
    n->log_writes++;
    n->waits[E_LOG_FILE_PAR_WRITE]++;
    n->wait_ns[E_LOG_FILE_PAR_WRITE] += rac_now(r) - l->started;
    /* The waiters this write satisfied leave the list, in the order they
     * came, a batch at a time; the rest stay, and the next write starts
     * for them at once. */
    for (;;) {
        rac_logwait_t done[64];
        size_t nd = 0, kept = 0;
        for (size_t i = 0; i < l->wn; i++) {
            if (l->w[i].target <= l->written && nd < sizeof done / sizeof done[0])
                done[nd++] = l->w[i];
            else
                l->w[kept++] = l->w[i];
        }
        l->wn = kept;
        if (nd == 0)
            break;
        for (size_t i = 0; i < nd; i++) {
            uint32_t o = done[i].owner;
            sim_engine_fire(r->ev, OWNER_TYPE(o) == OWN_LMS ? EV_LMS_LOGGED : EV_USER_LOGGED,
                            OWNER_USER(o), 0);
        }
    }
    if (l->wn > 0 && !l->busy)
        start(r, inst);
}
