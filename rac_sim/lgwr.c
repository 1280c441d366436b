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
 *
 * Broadcast on commit (10gR2's default, `_immediate_commit_propagation`;
 * docs/rac.md gives the sources): as a write starts, LGWR sends the commit
 * SCN (the log position the write reaches) to the other instance's LMS,
 * which raises its SCN and sends an acknowledgement back.  A commit waits
 * until its redo is on disk and acknowledged; LMS's flushes before shipping
 * a block need the redo on disk only, and the next write does not wait for
 * an acknowledgement (they are cumulative: the latest covers the log up to
 * its position).  A write whose I/O ends before the log it reaches is
 * acknowledged counts `redo write broadcast ack count`; the time written
 * log waits for its acknowledgement is `redo write broadcast ack time`.  LGWR's CPU (sending,
 * receiving, posting each waiter) is a job on its instance's cores at the users' priority, which
 * nothing waits for.
 */
#include "rac_sim_int.h"

static void lgwr_cpu(rac_t *r, int inst, uint64_t ns)
{
    if (ns && rac_cpu_submit(r, inst, OWNER(OWN_LMS, RAC_LGWR(r, inst)), ns) != SIM_OK)
        rac_fail(r, SIM_ENOMEM);
}

static void start(rac_t *r, int inst)
{
    rac_lgwr_t *l = &r->lgwr[inst];
    const case_rac_params_t *p = &r->c->rac;
    l->busy = 1;
    l->started = rac_now(r);
    l->writing = l->generated;
    if (p->boc) {
        uint32_t bytes = r->c->cluster.message_bytes;
        if (sim_fifo_push(&l->scn, l->writing) != SIM_OK) {
            rac_fail(r, SIM_ENOMEM);
            return;
        }
        r->n[inst].boc_sent++;
        r->n[1 - inst].boc_received++;
        rac_link_send(r, (uint32_t)inst, inst, bytes, EV_BOC);
        lgwr_cpu(r, inst,
                 p->msg_cpu_us * RAC_NS_PER_US +
                     (r->link.cpu_copy ? rac_link_wire_ns(&r->link, bytes) : 0));
    }
    uint64_t bytes = l->writing - l->written;
    uint64_t ns = p->log_write_us * RAC_NS_PER_US + bytes * 1000 / p->log_mb_s;
    rac_at(r, rac_now(r) + ns, EV_LGWR, (uint32_t)inst, 0);
}

/* The redo owner `o` waits for: on disk for LMS (a block may ship once
 * its redo is written), on disk and acknowledged by the other instance for
 * a commit. */
static uint64_t reached(const rac_t *r, const rac_lgwr_t *l, uint32_t o)
{
    if (OWNER_TYPE(o) == OWN_LMS || !r->c->rac.boc)
        return l->written;
    return l->written < l->acked ? l->written : l->acked;
}

int rac_lgwr_wait(rac_t *r, int inst, uint64_t target, uint32_t owner)
{
    rac_lgwr_t *l = &r->lgwr[inst];
    if (target <= reached(r, l, owner))
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
    if (!l->busy && target > l->written)
        start(r, inst);
    return 0;
}

/* The waiters the log now satisfies leave the list, in the order they
 * came, a batch at a time; the rest stay.  LGWR posts each; a write starts
 * for those whose redo is not on disk yet. */
static void release(rac_t *r, int inst)
{
    rac_lgwr_t *l = &r->lgwr[inst];
    uint64_t posted = 0;
    for (;;) {
        rac_logwait_t done[64];
        size_t nd = 0, kept = 0;
        for (size_t i = 0; i < l->wn; i++) {
            if (l->w[i].target <= reached(r, l, l->w[i].owner) && nd < sizeof done / sizeof done[0])
                done[nd++] = l->w[i];
            else
                l->w[kept++] = l->w[i];
        }
        l->wn = kept;
        if (nd == 0)
            break;
        posted += nd;
        for (size_t i = 0; i < nd; i++) {
            uint32_t o = done[i].owner;
            sim_engine_fire(r->ev, OWNER_TYPE(o) == OWN_LMS ? EV_LMS_LOGGED : EV_USER_LOGGED,
                            OWNER_USER(o), 0);
        }
    }
    lgwr_cpu(r, inst, posted * r->c->rac.post_us * RAC_NS_PER_US);
    if (!l->busy)
        for (size_t i = 0; i < l->wn; i++)
            if (l->w[i].target > l->written) {
                start(r, inst);
                break;
            }
}

void rac_lgwr_done(rac_t *r, int inst)
{
    rac_lgwr_t *l = &r->lgwr[inst];
    rac_counts_t *n = &r->n[inst];
    n->log_writes++;
    n->waits[E_LOG_FILE_PAR_WRITE]++;
    n->wait_ns[E_LOG_FILE_PAR_WRITE] += rac_now(r) - l->started;
    l->written = l->writing;
    l->busy = 0;
    if (r->c->rac.boc && l->acked < l->written) {
        n->redo_write_broadcast_ack_count++;
        if (!l->ack_waiting) {
            l->ack_waiting = 1;
            l->io_end = rac_now(r);
        }
    }
    release(r, inst);
}

void rac_lgwr_acked(rac_t *r, int inst)
{
    rac_lgwr_t *l = &r->lgwr[inst];
    uint64_t pos = sim_fifo_pop(&l->scn);
    if (pos > l->acked)
        l->acked = pos;
    lgwr_cpu(r, inst, r->c->rac.msg_cpu_us * RAC_NS_PER_US);
    if (l->ack_waiting && l->acked >= l->written) {
        l->ack_waiting = 0;
        r->n[inst].redo_write_broadcast_ack_ns += rac_now(r) - l->io_end;
    }
    release(r, inst);
}
