/*
 * session.c -- the users: each runs transactions, statement after
 * statement, and waits for what each statement needs.
 *
 * A user's cycle: think (think_us, exponential) and a round trip to the
 * client before each statement; the statement's blocks, one after another
 * (layout.c), each either held here already, granted here, or asked of
 * the other instance (gc.c); then its CPU burst (cpu_us, exponential, plus
 * the CPU of its messages), with the blocks it changes pinned; then its
 * changes: redo, the blocks' new stamps, the row locks, the blocks' ITL
 * entries.  A commit changes the undo segment header, releases the row
 * locks, cleans the transaction's ITL entries out of the blocks this
 * instance still holds in X (fast commit cleanout; the others keep them
 * until someone visits them), and waits for the log writer.
 *
 * The waits of a statement's blocks:
 *   buffer busy waits   another session of this instance has the block
 *                       pinned to change it;
 *   gc buffer busy      another session of this instance has asked the
 *                       other instance for it;
 *   gc cr/current ...   this session asked the other instance (gc.c);
 *   enq: TX - row lock  the row to update is locked by another
 *                       transaction (rows are updated in key order, so
 *                       these waits never form a cycle).
 * No block is read from disk: every block stays cached (gcache.h).
 * A block this instance holds in X with ITL entries of transactions that
 * committed after the block left their instance is cleaned out: the
 * committing instance's undo segment header tells when they committed (a
 * CR read of it).  A read of a block this instance holds, with changes of
 * an active transaction of the other instance, needs that transaction's
 * undo (CR reads of its undo block and header).  Blocks held in X are
 * checked again before the burst: a block the other instance took
 * meanwhile is asked for again.
 *
 * Every moment of a user's time goes to one bucket (rac_user_state()):
 * idle (think and client), the run queue, DB CPU, or a wait event; a wait
 * counts when it ends, as in AWR.
 */
#include <stdlib.h>
#include <string.h>

#include "rac_sim_int.h"

/* How an access of the statement was satisfied. */
enum { DONE_NOT, DONE_HELD, DONE_CR };

static void wake(rac_t *r, uint32_t u);

/* Push user u on the list headed by *head (user + 1). */
static void push(rac_t *r, uint32_t *head, uint32_t u)
{
    r->u[u].next = *head;
    *head = u + 1;
}

/* The other instance's requests put aside at this block go to LMS, in the
 * order they came. */
static void serve_deferred(rac_t *r, int inst, rac_bstate_t *b)
{
    uint32_t rev = 0;
    for (uint32_t x = b->deferred; x;) {
        uint32_t nx = r->u[x - 1].next;
        r->u[x - 1].next = rev;
        rev = x;
        x = nx;
    }
    b->deferred = 0;
    for (uint32_t x = rev; x; x = r->u[x - 1].next) {
        r->u[x - 1].req.aside = 0;
        if (sim_fifo_push(&r->lmsq[inst], x - 1) != SIM_OK)
            rac_fail(r, SIM_ENOMEM);
    }
    if (rev)
        rac_gc_lms_next(r, inst);
}

/* The earliest time a user of the list headed by x started waiting.  A
 * request deferred by _gc_defer_time waits behind every session here until
 * its time is up (UINT64_MAX), then goes before all of them (0). */
static uint64_t oldest(const rac_t *r, uint32_t x, int remote)
{
    uint64_t t = UINT64_MAX, now = rac_now(r);
    for (; x; x = r->u[x - 1].next) {
        const rac_user_t *w = &r->u[x - 1];
        uint64_t since = !remote                    ? w->since
                         : !w->req.defer_until      ? w->req.lms_arrive
                         : now < w->req.defer_until ? UINT64_MAX
                                                    : 0;
        t = since < t ? since : t;
    }
    return t;
}

static void block_released(rac_t *r, int inst, unsigned kind, uint64_t id)
{
    rac_bstate_t *b = rac_bstate(r, inst, kind, id);
    if (b == NULL || b->pinned || b->pending)
        return;
    /* Who waited longest goes first: the other instance's requests put
     * aside here, or this instance's sessions waiting for the block (all
     * of them try again; the first that can pins it).  Requests put aside
     * stay aside only while the block is pinned or asked for here. */
    if (b->deferred && oldest(r, b->deferred, 1) <= oldest(r, b->waiters, 0))
        serve_deferred(r, inst, b);
    uint32_t w = b->waiters;
    b->waiters = 0;
    while (w) {
        uint32_t nx = r->u[w - 1].next;
        wake(r, w - 1);
        w = nx;
    }
    b = rac_bstate(r, inst, kind, id);
    if (b->deferred && !b->pinned && !(b->pending && b->served) &&
        (!b->waiters || oldest(r, b->deferred, 1) != UINT64_MAX))
        serve_deferred(r, inst, b);
}

void rac_session_defer_due(rac_t *r, uint32_t u)
{
    rac_user_t *us = &r->u[u];
    if (!us->req.aside || us->req.defer_until != rac_now(r))
        return; /* served meanwhile: nobody here wanted the block any more */
    int o = 1 - us->inst;
    rac_bstate_t *b = rac_bstate(r, o, us->req.kind, us->req.id);
    if (b == NULL) {
        rac_fail(r, SIM_ENOMEM);
        return;
    }
    if (!b->pinned && !(b->pending && b->served))
        serve_deferred(r, o, b);
}

/* ---- row locks: open addressing on row + 1 -------------------------------- */

static uint64_t *lock_slot(rac_t *r, uint64_t row)
{
    uint64_t m = r->lockcap - 1, i = (row * 0x9e3779b97f4a7c15ull >> 20) & m;
    while (r->lock[i] && r->lock[i] != row + 1)
        i = (i + 1) & m;
    return &r->lock[i];
}

static uint64_t lock_holder(rac_t *r, uint64_t row)
{
    if (r->lockcap == 0)
        return 0;
    uint64_t *s = lock_slot(r, row);
    return *s ? r->lock_tx[s - r->lock] : 0;
}

static sim_err_t lock_set(rac_t *r, uint64_t row, uint64_t tx)
{
    if (2 * (r->nlocks + 1) > r->lockcap) {
        uint64_t oldcap = r->lockcap, *old = r->lock, *oldtx = r->lock_tx;
        uint64_t cap = oldcap ? 2 * oldcap : 1024;
        uint64_t *l = sim_calloc(cap, sizeof *l), *t = sim_calloc(cap, sizeof *t);
        if (l == NULL || t == NULL) {
            sim_free(l);
            sim_free(t);
            return SIM_ENOMEM;
        }
        r->lock = l;
        r->lock_tx = t;
        r->lockcap = cap;
        for (uint64_t i = 0; i < oldcap; i++)
            if (old[i]) {
                uint64_t *s = lock_slot(r, old[i] - 1);
                *s = old[i];
                r->lock_tx[s - r->lock] = oldtx[i];
            }
        sim_free(old);
        sim_free(oldtx);
    }
    uint64_t *s = lock_slot(r, row);
    if (*s == 0)
        r->nlocks++;
    *s = row + 1;
    r->lock_tx[s - r->lock] = tx;
    return SIM_OK;
}

/* Delete by shifting the rest of the cluster back (no tombstones). */
static void lock_del(rac_t *r, uint64_t row)
{
    if (r->lockcap == 0)
        return;
    uint64_t m = r->lockcap - 1, i = (uint64_t)(lock_slot(r, row) - r->lock);
    if (r->lock[i] == 0)
        return;
    r->lock[i] = 0;
    r->nlocks--;
    for (uint64_t j = (i + 1) & m; r->lock[j]; j = (j + 1) & m) {
        uint64_t home = ((r->lock[j] - 1) * 0x9e3779b97f4a7c15ull >> 20) & m;
        /* Move j back to i when its home is not in (i, j]. */
        if ((j > i && (home <= i || home > j)) || (j < i && home <= i && home > j)) {
            r->lock[i] = r->lock[j];
            r->lock_tx[i] = r->lock_tx[j];
            r->lock[j] = 0;
            i = j;
        }
    }
}

/* ---- ITL entries of the table's blocks ------------------------------------- */

static uint64_t *itl(rac_t *r, uint64_t block)
{
    if (block >= r->itlcap) {
        uint64_t n = r->itlcap ? r->itlcap : 1024;
        while (n <= block)
            n *= 2;
        uint64_t *v = sim_realloc(r->itl, n * RAC_ITL * sizeof *v);
        if (v == NULL)
            return NULL;
        memset(v + r->itlcap * RAC_ITL, 0, (n - r->itlcap) * RAC_ITL * sizeof *v);
        r->itl = v;
        r->itlcap = n;
    }
    return &r->itl[block * RAC_ITL];
}

/* Transaction tx takes an ITL entry in block (or has one); a full list
 * gives up its oldest committed entry, else its first. */
static sim_err_t itl_add(rac_t *r, uint64_t block, uint64_t tx)
{
    uint64_t *e = itl(r, block);
    if (e == NULL)
        return SIM_ENOMEM;
    int free_slot = -1, committed = -1;
    for (int k = 0; k < RAC_ITL; k++) {
        if (e[k] == tx)
            return SIM_OK;
        if (e[k] == 0 && free_slot < 0)
            free_slot = k;
        if (e[k] && r->tx[e[k]].state == TX_COMMITTED && committed < 0)
            committed = k;
    }
    e[free_slot >= 0 ? free_slot : committed >= 0 ? committed : 0] = tx;
    return SIM_OK;
}

/* ---- time accounting (account.c) ---------------------------------------------- */

static void wait_for(rac_t *r, uint32_t u, int event)
{
    rac_user_state(r, u, ST_WAIT, event);
}

/* A wait (or idle time, or a burst) that ended: its time counts; the user
 * goes on at once. */
static void end_wait(rac_t *r, uint32_t u)
{
    rac_user_state(r, u, ST_RUN, 0);
}

/* ---- transactions ------------------------------------------------------------- */

static int by_row(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

/* The next drawn transaction: its reads, its updates in key order, its
 * inserts, the commit. */
static void draw_transaction(rac_t *r, rac_user_t *us)
{
    const case_rac_params_t *p = &r->c->rac;
    uint32_t n = 0;
    for (uint32_t i = 0; i < p->reads; i++) {
        us->ops[n] = OP_READ;
        us->rows[n++] = rac_layout_row(r, us->inst);
    }
    uint32_t first = n;
    while (n < first + p->updates) {
        uint64_t row = rac_layout_row(r, us->inst);
        int dup = 0;
        for (uint32_t k = first; k < n; k++)
            dup |= us->rows[k] == row;
        if (dup && r->rows > 2 * p->updates)
            continue;
        us->ops[n] = OP_UPDATE;
        us->rows[n++] = row;
    }
    qsort(us->rows + first, n - first, sizeof us->rows[0], by_row);
    for (uint32_t i = 0; i < p->inserts; i++) {
        us->ops[n] = OP_INSERT;
        us->rows[n++] = 0;
    }
    us->ops[n] = OP_COMMIT;
    us->rows[n++] = 0;
    us->nops = n;
    us->op = 0;
}

/* Idle for the client's round trip (and think time before a transaction),
 * then the next statement. */
static void idle(rac_t *r, uint32_t u, int think)
{
    rac_user_t *us = &r->u[u];
    const case_rac_params_t *p = &r->c->rac;
    uint64_t ns = p->client_rtt_us * RAC_NS_PER_US;
    if (think && p->think_us)
        ns += rac_exp_ns(r, p->think_us);
    us->phase = PH_IDLE;
    rac_user_state(r, u, ST_IDLE, 0);
    rac_at(r, rac_now(r) + ns, EV_USER, u, 0);
}

static void gets(rac_t *r, uint32_t u);

static void begin_statement(rac_t *r, uint32_t u)
{
    rac_user_t *us = &r->u[u];
    if (us->op == us->nops) {
        if (!r->script) {
            draw_transaction(r, us);
        } else {
            us->phase = PH_DONE;
            rac_user_state(r, u, ST_IDLE, 0);
            return;
        }
    }
    int op = us->ops[us->op];
    if (op == OP_IDLE) {
        uint64_t us_ = us->rows[us->op++];
        us->phase = PH_IDLE;
        rac_user_state(r, u, ST_IDLE, 0);
        rac_at(r, rac_now(r) + us_ * RAC_NS_PER_US, EV_USER, u, 0);
        return;
    }
    end_wait(r, u);
    sim_err_t rc = rac_layout_statement(r, u, op, us->rows[us->op]);
    if (rc != SIM_OK) {
        rac_fail(r, rc);
        return;
    }
    memset(us->cpu_ns, 0, sizeof us->cpu_ns);
    us->itl_done = 0;
    us->phase = PH_GETS;
    r->n[us->inst].statements++;
    gets(r, u);
}

sim_err_t rac_session_start(rac_t *r, uint32_t u)
{
    rac_user_t *us = &r->u[u];
    us->state = ST_IDLE;
    us->since = rac_now(r);
    if (!r->script)
        us->op = us->nops = 0;
    idle(r, u, 1);
    return r->err;
}

/* ---- a statement's blocks --------------------------------------------------------- */

static void done_access(rac_t *r, rac_user_t *us, int how, int local)
{
    rac_access_t *a = &us->acc[us->idx++];
    rac_counts_t *n = &r->n[us->inst];
    a->done = (uint8_t)how;
    n->gets[a->kind][a->mode != GCACHE_READ]++;
    n->local_gets += (uint64_t)local;
}

/* Add a CR read of (kind, id) to the statement, once. */
static void add_read(rac_user_t *us, unsigned kind, uint64_t id)
{
    for (uint32_t i = 0; i < us->nacc; i++)
        if (us->acc[i].kind == kind && us->acc[i].id == id)
            return;
    if (us->nacc < RAC_MAX_ACCESS)
        us->acc[us->nacc++] = (rac_access_t){(uint8_t)kind, GCACHE_READ, 0, id};
}

/* The undo the statement's table blocks need (module comment). */
static void itl_reads(rac_t *r, rac_user_t *us)
{
    uint32_t n = us->nacc;
    for (uint32_t i = 0; i < n; i++) {
        const rac_access_t *a = &us->acc[i];
        if (a->kind != K_TABLE || a->done != DONE_HELD || a->id >= r->itlcap)
            continue;
        const uint64_t *e = &r->itl[a->id * RAC_ITL];
        int held_x = gcache_lock(r->g, us->inst, K_TABLE, a->id) == GCACHE_X;
        for (int k = 0; k < RAC_ITL; k++) {
            if (e[k] == 0 || e[k] == us->tx)
                continue;
            const rac_tx_t *t = &r->tx[e[k]];
            unsigned hdr = K_UNDO_HDR0 + t->inst;
            if (t->state == TX_COMMITTED && held_x) {
                add_read(us, hdr, t->seg);
            } else if (t->state == TX_ACTIVE && t->inst != us->inst && a->mode == GCACHE_READ) {
                add_read(us, K_UNDO0 + t->inst, t->undo_block);
                add_read(us, hdr, t->seg);
            }
        }
    }
}

/* The blocks held in X are still here and free: else go back to the
 * first that is not.  Returns 1 when all are. */
static int still_held(rac_t *r, uint32_t u)
{
    rac_user_t *us = &r->u[u];
    for (uint32_t i = 0; i < us->nacc; i++) {
        rac_access_t *a = &us->acc[i];
        if (a->mode == GCACHE_READ)
            continue;
        rac_bstate_t *b = rac_bstate(r, us->inst, a->kind, a->id);
        if (b == NULL) {
            rac_fail(r, SIM_ENOMEM);
            return 0;
        }
        if (gcache_lock(r->g, us->inst, a->kind, a->id) != GCACHE_X ||
            (b->pinned && b->pinned != u + 1) || (b->pending && b->pending != u + 1)) {
            us->idx = i;
            return 0;
        }
    }
    return 1;
}

/* All blocks in: the row lock, the pins, the CPU burst. */
static void run(rac_t *r, uint32_t u)
{
    rac_user_t *us = &r->u[u];
    if (us->row) {
        uint64_t holder = lock_holder(r, us->row);
        if (holder && holder != us->tx) {
            rac_tx_t *t = &r->tx[holder];
            if (t->inst != us->inst) {
                /* The lock is the other instance's: a global enqueue
                 * request and its grant. */
                gcache_ges(r->g, us->inst, GCACHE_ENQ_TX, 1);
                gcache_ges(r->g, 1 - us->inst, GCACHE_ENQ_TX, 1);
                r->n[us->inst].ges_row_lock += 2;
            }
            push(r, &t->waiters, u);
            wait_for(r, u, E_ENQ_TX_ROW);
            return;
        }
        if (lock_set(r, us->row, us->tx) != SIM_OK) {
            rac_fail(r, SIM_ENOMEM);
            return;
        }
        if (us->tx_nrows < RAC_TX_BLOCKS)
            us->tx_rows[us->tx_nrows++] = us->row;
        else
            rac_fail(r, SIM_EINVAL); /* rac_check() bounds the updates */
    }
    for (uint32_t i = 0; i < us->nacc; i++)
        if (us->acc[i].mode != GCACHE_READ)
            rac_bstate(r, us->inst, us->acc[i].kind, us->acc[i].id)->pinned = u + 1;
    us->phase = PH_CPU;
    us->cpu_ns[CPU_STATEMENT] = rac_exp_ns(r, r->c->rac.cpu_us);
    uint64_t ns = 0;
    for (int k = 0; k < CPU_COUNT; k++)
        ns += us->cpu_ns[k];
    if (rac_cpu_submit(r, us->inst, OWNER(OWN_USER, u), ns) != SIM_OK)
        rac_fail(r, SIM_ENOMEM);
}

static void gets(rac_t *r, uint32_t u)
{
    rac_user_t *us = &r->u[u];
    for (;;) {
        while (us->idx < us->nacc && r->err == SIM_OK) {
            rac_access_t *a = &us->acc[us->idx];
            rac_bstate_t *b = rac_bstate(r, us->inst, a->kind, a->id);
            if (b == NULL) {
                rac_fail(r, SIM_ENOMEM);
                return;
            }
            if (a->mode != GCACHE_READ && b->pinned && b->pinned != u + 1) {
                push(r, &b->waiters, u);
                wait_for(r, u, E_BUFFER_BUSY);
                return;
            }
            if (b->pending && b->pending != u + 1) {
                push(r, &b->waiters, u);
                wait_for(r, u, E_GC_BUFFER_BUSY);
                return;
            }
            gcache_route_t route =
                gcache_route(r->g, us->inst, a->kind, a->id, (gcache_mode_t)a->mode);
            if (route == GCACHE_REMOTE) {
                sim_err_t rc = rac_gc_request(r, u, a->kind, a->id, (gcache_mode_t)a->mode);
                if (rc != SIM_OK)
                    rac_fail(r, rc);
                return;
            }
            gcache_reply_t g;
            sim_err_t rc =
                gcache_request(r->g, us->inst, a->kind, a->id, (gcache_mode_t)a->mode, &g);
            if (rc != SIM_OK) {
                rac_fail(r, rc);
                return;
            }
            done_access(r, us, DONE_HELD, 1);
        }
        if (r->err != SIM_OK)
            return;
        if (!us->itl_done) {
            us->itl_done = 1;
            itl_reads(r, us);
            if (us->idx < us->nacc)
                continue;
        }
        if (still_held(r, u))
            break;
    }
    run(r, u);
}

static void wake(rac_t *r, uint32_t u)
{
    end_wait(r, u);
    gets(r, u);
}

void rac_session_reply(rac_t *r, uint32_t u)
{
    rac_user_t *us = &r->u[u];
    const case_rac_params_t *p = &r->c->rac;
    const gcache_reply_t *g = &us->req.reply;
    unsigned kind = us->req.kind;
    uint64_t id = us->req.id;
    rac_bstate_t *b = rac_bstate(r, us->inst, kind, id);
    b->pending = 0;
    b->served = 0;
    us->req.phase = REQ_NONE;
    /* The wait's name: cr or current as asked, block or grant as got,
     * busy / congested / 2-way by what happened at the other end. */
    int cr = us->req.mode == GCACHE_READ;
    int block = g->got == GCACHE_GOT_CR || g->got == GCACHE_GOT_CURRENT;
    int how = us->req.busy                                                               ? 1
              : us->req.lms_start - us->req.lms_arrive > p->congested_us * RAC_NS_PER_US ? 2
                                                                                         : 0;
    us->event = us->req.retried ? (cr ? E_GC_CR_REQUEST_RETRY : E_GC_CURRENT_RETRY)
                                : E_GC_CR_BLOCK_2WAY + (cr ? 0 : 6) + (block ? 0 : 3) + how;
    end_wait(r, u);
    rac_counts_t *n = &r->n[us->inst];
    if (block) {
        if (cr) {
            n->cr_blocks++;
            n->cr_receive_ns += rac_now(r) - us->req.sent;
        } else {
            n->current_blocks++;
            n->current_receive_ns += rac_now(r) - us->req.sent;
        }
        n->by_class[g->cls][cr ? 0 : 1][how]++;
        n->by_kind[kind][cr ? 0 : 1]++;
    }
    us->cpu_ns[CPU_GC_MESSAGES] += p->msg_cpu_us * RAC_NS_PER_US;
    done_access(r, us, g->got == GCACHE_GOT_CR ? DONE_CR : DONE_HELD, 0);
    gets(r, u);
    block_released(r, us->inst, kind, id);
}

void rac_session_event(rac_t *r, uint32_t u)
{
    begin_statement(r, u);
}

/* ---- a statement's changes ------------------------------------------------------- */

static void finish_transaction(rac_t *r, uint32_t u)
{
    rac_user_t *us = &r->u[u];
    r->n[us->inst].commits[rac_tx_kind(r, us->tx)]++;
    us->tx = 0;
    us->op++;
    rac_commit_done(r);
    idle(r, u, 1);
}

void rac_session_logged(rac_t *r, uint32_t u)
{
    end_wait(r, u);
    finish_transaction(r, u);
}

/* Commit: the transaction is over; its locks go, its ITL entries in the
 * blocks still held here are cleaned, its redo must be written. */
static void commit(rac_t *r, uint32_t u)
{
    rac_user_t *us = &r->u[u];
    if (us->tx == 0) {
        finish_transaction(r, u);
        return;
    }
    rac_tx_t *t = &r->tx[us->tx];
    t->state = TX_COMMITTED;
    for (uint32_t i = 0; i < us->tx_nblocks; i++)
        if (gcache_lock(r->g, us->inst, K_TABLE, us->tx_blocks[i]) == GCACHE_X) {
            uint64_t *e = itl(r, us->tx_blocks[i]);
            for (int k = 0; k < RAC_ITL; k++)
                if (e[k] == us->tx)
                    e[k] = 0;
        }
    for (uint32_t i = 0; i < us->tx_nrows; i++)
        lock_del(r, us->tx_rows[i]);
    us->tx_nrows = us->tx_nblocks = 0;
    uint32_t w = t->waiters;
    t->waiters = 0;
    while (w) {
        uint32_t nx = r->u[w - 1].next;
        wake(r, w - 1);
        w = nx;
    }
    us->phase = PH_LOG;
    if (rac_lgwr_wait(r, us->inst, r->lgwr[us->inst].generated, OWNER(OWN_USER, u))) {
        finish_transaction(r, u);
        return;
    }
    wait_for(r, u, E_LOG_FILE_SYNC);
}

/* The statement's changes, after its burst. */
static void apply(rac_t *r, uint32_t u, int op)
{
    rac_user_t *us = &r->u[u];
    const case_rac_params_t *p = &r->c->rac;
    rac_lgwr_t *l = &r->lgwr[us->inst];
    rac_counts_t *n = &r->n[us->inst];
    uint64_t redo = (uint64_t)p->redo_bytes * (us->changed_rows + us->seq_refill);
    if (op == OP_COMMIT && us->tx)
        redo += p->commit_redo_bytes;
    l->generated += redo;
    n->redo_bytes += redo;
    if (us->seq_refill) {
        /* The sequence's row cache entry (dc_sequences) is a global lock:
         * its request and grant, unless this instance masters it. */
        if (gcache_master(r->g, K_SEQ, 0) != us->inst) {
            gcache_ges(r->g, us->inst, GCACHE_ENQ_ROW_CACHE, 1);
            gcache_ges(r->g, 1 - us->inst, GCACHE_ENQ_ROW_CACHE, 1);
        }
    }
    if (us->tx_begun && gcache_master(r->g, K_SEGHDR, 0) != us->inst) {
        /* The transaction's TM lock on the table (row exclusive): a global
         * enqueue mastered by one instance. */
        gcache_ges(r->g, us->inst, GCACHE_ENQ_TM, 1);
        gcache_ges(r->g, 1 - us->inst, GCACHE_ENQ_TM, 1);
    }
    us->tx_begun = 0;
    for (uint32_t i = 0; i < us->nacc; i++) {
        rac_access_t *a = &us->acc[i];
        int x = gcache_lock(r->g, us->inst, a->kind, a->id) == GCACHE_X;
        if (a->kind == K_TABLE && x) {
            /* Cleanout: the committed transactions' entries go. */
            uint64_t *e = itl(r, a->id);
            if (e == NULL) {
                rac_fail(r, SIM_ENOMEM);
                return;
            }
            for (int k = 0; k < RAC_ITL; k++)
                if (e[k] && r->tx[e[k]].state == TX_COMMITTED)
                    e[k] = 0;
        }
        if (a->mode == GCACHE_READ)
            continue;
        assert(x);
        gcache_changed(r->g, us->inst, a->kind, a->id, l->generated);
        n->changes[a->kind]++;
        if (a->kind == K_TABLE && us->tx) {
            if (itl_add(r, a->id, us->tx) != SIM_OK) {
                rac_fail(r, SIM_ENOMEM);
                return;
            }
            int seen = 0;
            for (uint32_t k = 0; k < us->tx_nblocks; k++)
                seen |= us->tx_blocks[k] == a->id;
            if (!seen && us->tx_nblocks < 2 * RAC_TX_BLOCKS)
                us->tx_blocks[us->tx_nblocks++] = a->id;
        }
    }
}

void rac_session_cpu_done(rac_t *r, uint32_t u)
{
    rac_user_t *us = &r->u[u];
    int op = us->ops[us->op];
    end_wait(r, u);
    apply(r, u, op);
    for (uint32_t i = 0; i < us->nacc; i++)
        if (us->acc[i].mode != GCACHE_READ) {
            rac_bstate(r, us->inst, us->acc[i].kind, us->acc[i].id)->pinned = 0;
            block_released(r, us->inst, us->acc[i].kind, us->acc[i].id);
        }
    if (op == OP_COMMIT) {
        commit(r, u);
        return;
    }
    us->op++;
    idle(r, u, 0);
}
