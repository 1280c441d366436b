/*
 * gc.c -- one global cache request, from the requesting session to the
 * other instance's LMS and back.
 *
 *   1. The session sends a message (its CPU: msg_cpu_us) and waits.
 *   2. At the other instance the request queues for an LMS process.  An LMS
 *      that takes it finds the block either free to serve or busy there:
 *      pinned by a session changing it, or already granted to that
 *      instance and still on its way.  A busy request is put aside until
 *      the block is released (rac_block_released()).  A request for a
 *      current block that a session there pins or waits for (a hot block)
 *      is deferred (`global cache defers`): it waits rac.gc_defer_us
 *      (_gc_defer_time) while the sessions there go on using the block,
 *      then ships as soon as none pins it; it ships at once when no
 *      session there wants the block any more.
 *   3. LMS serves it: the locks move (gcache_request()) and LMS spends CPU,
 *      LMS before the users' jobs: receive, process, build a CR copy when
 *      one is asked for, send (and on HiperSockets copy the block).
 *   4. Flush before ship: a block whose last change is in this instance's
 *      redo beyond what the log writer has written waits for the log
 *      writer (gcs log flush sync), LMS with it.
 *   5. The reply goes back: a block, or a grant message.
 *
 * The reply's arrival is the session's event (EV_REPLY, session.c), where
 * the wait takes its name: busy when step 2 put it aside or step 4
 * flushed, congested when it waited longer than congested_us for an LMS,
 * 2-way otherwise.
 */
#include "rac_sim_int.h"

static uint32_t message_bytes(const rac_t *r)
{
    return r->c->cluster.message_bytes;
}

static int ships(const gcache_reply_t *g)
{
    return g->got == GCACHE_GOT_CR || g->got == GCACHE_GOT_CURRENT;
}

sim_err_t rac_gc_request(rac_t *r, uint32_t u, unsigned kind, uint64_t id, gcache_mode_t mode)
{
    rac_user_t *us = &r->u[u];
    rac_bstate_t *b = rac_bstate(r, us->inst, kind, id);
    if (b == NULL)
        return SIM_ENOMEM;
    b->pending = u + 1;
    b->served = 0;
    us->req.kind = (uint8_t)kind;
    us->req.id = id;
    us->req.mode = (uint8_t)mode;
    us->req.phase = REQ_OUT;
    us->req.busy = 0;
    us->req.flushed = 0;
    us->req.aside = 0;
    us->req.defer_until = 0;
    us->req.sent = rac_now(r);
    us->req.timer = us->req.sent;
    us->req.retried = 0;
    us->cpu_ns[CPU_GC_MESSAGES] += r->c->rac.msg_cpu_us * RAC_NS_PER_US;
    if (r->link.cpu_copy)
        us->cpu_ns[CPU_LINK_COPY] += rac_link_wire_ns(&r->link, message_bytes(r));
    rac_user_state(r, u, ST_WAIT,
                   mode == GCACHE_READ ? E_GC_CR_BLOCK_2WAY : E_GC_CURRENT_BLOCK_2WAY);
    rac_link_send(r, u, us->inst, message_bytes(r), EV_ARRIVE);
    return SIM_OK;
}

void rac_gc_arrive(rac_t *r, uint32_t u)
{
    rac_user_t *us = &r->u[u];
    int o = 1 - us->inst;
    us->req.lms_arrive = rac_now(r);
    if (sim_fifo_push(&r->lmsq[o], u) != SIM_OK) {
        rac_fail(r, SIM_ENOMEM);
        return;
    }
    rac_gc_lms_next(r, o);
}

/* LMS of instance o serves user u's request: the locks move now. */
static void serve(rac_t *r, int o, uint32_t u)
{
    rac_user_t *us = &r->u[u];
    const case_rac_params_t *p = &r->c->rac;
    r->lms_busy[o]++;
    us->req.lms_start = rac_now(r);
    sim_err_t rc = gcache_request(r->g, us->inst, us->req.kind, us->req.id,
                                  (gcache_mode_t)us->req.mode, &us->req.reply);
    rac_bstate_t *mine = rac_bstate(r, us->inst, us->req.kind, us->req.id);
    if (rc != SIM_OK || mine == NULL) {
        rac_fail(r, rc != SIM_OK ? rc : SIM_ENOMEM);
        return;
    }
    mine->served = 1;
    const gcache_reply_t *g = &us->req.reply;
    uint64_t work = (2 * (uint64_t)p->msg_cpu_us + p->lms_us) * RAC_NS_PER_US;
    if (g->got == GCACHE_GOT_CR) {
        work += p->cr_build_us * RAC_NS_PER_US;
        r->n[o].cr_built++;
    }
    if (r->link.cpu_copy)
        work += rac_link_wire_ns(&r->link,
                                 ships(g) ? r->c->block_size + message_bytes(r) : message_bytes(r));
    if (rac_cpu_submit(r, o, OWNER(OWN_LMS, u), work) != SIM_OK)
        rac_fail(r, SIM_ENOMEM);
}

/* LMS of instance o takes instance `from`'s commit SCN: it receives it,
 * raises its own SCN and sends the acknowledgement (two messages' CPU). */
static void serve_boc(rac_t *r, int o, int from)
{
    uint64_t work = 2 * (uint64_t)r->c->rac.msg_cpu_us * RAC_NS_PER_US;
    if (r->link.cpu_copy)
        work += rac_link_wire_ns(&r->link, message_bytes(r));
    r->lms_busy[o]++;
    if (rac_cpu_submit(r, o, OWNER(OWN_LMS, RAC_BOC(r, from)), work) != SIM_OK)
        rac_fail(r, SIM_ENOMEM);
}

void rac_gc_boc_arrive(rac_t *r, int from)
{
    int o = 1 - from;
    if (sim_fifo_push(&r->lmsq[o], RAC_BOC(r, from)) != SIM_OK) {
        rac_fail(r, SIM_ENOMEM);
        return;
    }
    rac_gc_lms_next(r, o);
}

void rac_gc_lms_next(rac_t *r, int o)
{
    while (r->lms_busy[o] < r->c->rac.lms && r->lmsq[o].n > 0 && r->err == SIM_OK) {
        uint32_t u = (uint32_t)sim_fifo_pop(&r->lmsq[o]);
        if (u >= r->nusers) {
            serve_boc(r, o, (int)(u - r->nusers));
            continue;
        }
        rac_user_t *us = &r->u[u];
        rac_bstate_t *b = rac_bstate(r, o, us->req.kind, us->req.id);
        if (b == NULL) {
            rac_fail(r, SIM_ENOMEM);
            return;
        }
        /* _gc_defer_time: a current block a session here pins or waits
         * for is hot; its request is deferred, once, for the sessions here
         * to go on with it. */
        int defer = r->c->rac.gc_defer_us && us->req.mode != GCACHE_READ &&
                    us->req.defer_until == 0 && (b->pinned || b->waiters);
        if (defer) {
            us->req.defer_until = rac_now(r) + r->c->rac.gc_defer_us * RAC_NS_PER_US;
            r->n[o].gc_defers++;
            rac_at(r, us->req.defer_until, EV_DEFER, u, 0);
        }
        if (defer || b->pinned || (b->pending && b->served)) {
            us->req.busy = 1;
            us->req.aside = 1;
            us->next = b->deferred;
            b->deferred = u + 1;
            continue;
        }
        serve(r, o, u);
    }
}

/* User u's reply goes on the link from instance o: a block or a message.
 * Each of its frames is lost with probability rac.loss_ppm a million (a
 * datagram is lost with any of its fragments); a lost one takes its time
 * on the wire and never arrives (EV_LOST). */
static void reply(rac_t *r, uint32_t u, int o)
{
    rac_user_t *us = &r->u[u];
    uint32_t payload = message_bytes(r);
    if (ships(&us->req.reply))
        payload += r->c->block_size;
    unsigned arrive = EV_REPLY;
    uint32_t ppm = r->c->rac.loss_ppm;
    if (ppm) {
        double kept = pow(1 - ppm / 1e6, (double)rac_link_frames(&r->link, payload));
        double draw = (double)(sim_prng_next(&r->prng) >> 11) / 9007199254740992.0;
        if (draw >= kept)
            arrive = EV_LOST;
    }
    rac_link_send(r, u, o, payload, arrive);
}

static void send_reply(rac_t *r, uint32_t u)
{
    rac_user_t *us = &r->u[u];
    int o = 1 - us->inst;
    r->lms_busy[o]--;
    us->req.phase = REQ_BACK;
    reply(r, u, o);
    rac_gc_lms_next(r, o);
}

/* A lost reply: the requester's timer, started when it sent the request,
 * runs out rac.lost_timeout_us later (_side_channel_batch_timeout_ms); its
 * wait so far is `gc cr block lost` (`gc current block lost`), counted with
 * the blocks lost, and it sends the request again, waiting then in `gc cr
 * request retry` (`gc current retry`) until the reply arrives. */
void rac_gc_lost(rac_t *r, uint32_t u, int timer)
{
    rac_user_t *us = &r->u[u];
    uint64_t due = us->req.timer + r->c->rac.lost_timeout_us * RAC_NS_PER_US;
    if (!timer) {
        rac_at(r, due > rac_now(r) ? due : rac_now(r), EV_LOST, u, 1);
        return;
    }
    int cr = us->req.mode == GCACHE_READ;
    r->n[us->inst].blocks_lost[cr ? 0 : 1]++;
    us->event = cr ? E_GC_CR_BLOCK_LOST : E_GC_CURRENT_BLOCK_LOST;
    rac_user_state(r, u, ST_WAIT, cr ? E_GC_CR_REQUEST_RETRY : E_GC_CURRENT_RETRY);
    us->req.retried = 1;
    us->req.timer = rac_now(r);
    rac_link_send(r, u, us->inst, message_bytes(r), EV_RESEND);
}

/* The request sent again reaches the other instance, which sends the
 * reply again (its LMS's CPU for it is not charged: a priori). */
void rac_gc_resend_arrive(rac_t *r, uint32_t u)
{
    reply(r, u, 1 - r->u[u].inst);
}

void rac_gc_lms_cpu_done(rac_t *r, uint32_t u)
{
    if (u >= RAC_LGWR(r, 0))
        return; /* LGWR's own CPU: nobody waits for it */
    if (u >= r->nusers) {
        /* The acknowledgement of instance `from`'s SCN goes back. */
        int from = (int)(u - r->nusers), o = 1 - from;
        r->lms_busy[o]--;
        r->n[o].boc_sent++;
        r->n[from].boc_received++;
        rac_link_send(r, (uint32_t)from, o, message_bytes(r), EV_BOC_ACK);
        rac_gc_lms_next(r, o);
        return;
    }
    rac_user_t *us = &r->u[u];
    int o = 1 - us->inst;
    const gcache_reply_t *g = &us->req.reply;
    if (ships(g) && g->stamp_inst == o && g->stamp > r->lgwr[o].written) {
        us->req.busy = 1;
        us->req.flushed = 1;
        us->req.flush_start = rac_now(r);
        if (g->got == GCACHE_GOT_CR)
            r->n[o].cr_flushes++;
        else
            r->n[o].current_flushes++;
        if (!rac_lgwr_wait(r, o, g->stamp, OWNER(OWN_LMS, u)))
            return;
    }
    send_reply(r, u);
}

void rac_gc_logged(rac_t *r, uint32_t u)
{
    rac_user_t *us = &r->u[u];
    rac_counts_t *n = &r->n[1 - us->inst];
    n->waits[E_GCS_LOG_FLUSH_SYNC]++;
    n->wait_ns[E_GCS_LOG_FLUSH_SYNC] += rac_now(r) - us->req.flush_start;
    send_reply(r, u);
}
