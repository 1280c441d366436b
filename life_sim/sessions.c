/*
 * sessions.c -- sessions at once: the script's DML run by n sessions over
 * one database, in time, on sim/'s event engine (the cluster experiment's).
 *
 * What is shared and what it costs.  A session's next statement is run on
 * the model when the session comes to it (each session has its own open
 * transaction, so sessions' transactions interleave statement by
 * statement); what it did that takes time comes back as a list of
 * operations (life_set_trace()), which the session then goes through in
 * time:
 *
 *   dispenser    the segment's dispenser latch (one of ses.dispensers,
 *                by session), held ses.latch_hold_ns: a session that finds
 *                it held misses, spins ses.latch_spin_ns (CPU), then sleeps
 *                on `latch free` until it gets it;
 *   extent       the segment's HW enqueue, held ses.hw_hold_us per extent
 *                added; others that grow the segment meanwhile wait on
 *                `enq: HW - contention`;
 *   bucket       the hash-bucket block the chunk came from, pinned
 *                ses.block_hold_us; others wait on `buffer busy waits`;
 *   direct write the storage: ses.io_depth writes at once, each
 *                ses.write_us plus its bytes at ses.write_mb_s; the session
 *                waits on `direct path write` from request to completion;
 *   row, cache   CPU: ses.row_cpu_us a row, ses.block_cpu_us a cached block;
 *   sleep        idle time; the model's clock is the sessions' (life_advance()
 *                when a session fetches its next transaction);
 *   commit       LGWR writes every commit waiting when it starts, in
 *                ses.log_write_us; a commit that comes while it writes
 *                waits for the next write (group commit): `log file sync`;
 *   row lock     a statement that meets a row another session's open
 *                transaction changed is undone (its savepoint) and waits
 *                on `enq: TX - row lock contention` until that transaction
 *                ends, then runs again (locks.c finds deadlocks: ORA-00060).
 *
 * Holding a latch, an enqueue or a block is the holder's CPU.  A session's
 * CPU never queues (a CPU each).  Waits are counted as AWR counts them:
 * when they end.  Every queue is first come, first served, and events of
 * one time run in the order they were scheduled: the same script and
 * parameters give the same figures, bit for bit.
 */
#include <stdio.h>
#include <string.h>

#include "life_sim_int.h"

#define NS_PER_US 1000ull
#define NS_PER_MS 1000000ull

typedef struct {
    uint32_t kind, seg;
    uint64_t id, n;
} op_t;

/* A resource sessions queue for: a latch, an enqueue, a block, the storage.
 * It counts what it does itself (the system's figures, against which the
 * sessions' own add up: test_sessions). */
typedef struct {
    uint32_t cap, busy;
    sim_fifo_t q;      /* sessions waiting, first come first served */
    uint64_t grants;   /* sessions it let in */
    uint64_t handoffs; /* of them, taken from its queue */
} server_t;

typedef struct {
    op_t *ops;
    size_t nops, cap, next;
    uint32_t cursor; /* its next statement */
    uint64_t asked;  /* when it asked for what it holds or waits for */
    uint64_t hold;   /* how long it will hold it */
    int event;       /* what it waits on (life_event_t) */
    int queued;      /* it found the resource held */
    int grew;        /* its allocation waited for the segment's growth */
    /* Row locks: the session whose lock its last statement met (+1; 0:
     * none) and that session's ended transactions then; its waits so far;
     * sessions waiting for it; its transactions ended as last seen.  Whom
     * it waits for is run_t's wait_for (locks.c reads it). */
    uint32_t blocked_on, nwaiters;
    uint64_t block_gen, wait_seq, ended_seen;
    uint32_t blocked_line; /* the statement's line, for ORA-00060 */
} ses_t;

enum { EV_GO, EV_RELEASE, EV_LGWR, EV_DEADLOCK, EV_KINDS };

typedef struct {
    life_db_t *db;
    const scr_script_t *s;
    const life_ses_params_t *p;
    sim_engine_t *ev;
    uint32_t n, end; /* sessions; the statement that ends this phase */
    ses_t *ses;
    life_ses_figures_t *fig;
    server_t *srv;
    size_t nsrv;
    uint32_t nseg, cur;             /* segments; the session running a statement */
    life_ses_resources_t *res;      /* what the resources counted */
    int lgwr_busy, lgwr_more;       /* writing; redo waits for the next write */
    sim_fifo_t lgwr_now, lgwr_next; /* commits in the write, and for the next */
    uint64_t snap_ns, next_snap;    /* snapshots: every snap_ns, the next at next_snap */
    uint32_t snap_cap;              /* out->snaps' room, doubled as it fills */
    life_ses_figures_t taken;       /* the system's figures at the last snapshot */
    uint32_t *wait_for;             /* session + 1 each waits for on a row lock, 0: none */
    uint64_t *since;                /* when that wait began */
    uint64_t taken_us[LIFE_EVENTS]; /* its wait times at the last snapshot (life_ses_snap_t) */
    uint64_t taken_idle;            /* and its sleeps' */
    life_ses_result_t *out;
    sim_err_t err;
} run_t;

const char *life_event_name(life_event_t e)
{
    static const char *const names[LIFE_EVENTS] = {
        "enq: HW - contention", "latch free",    "buffer busy waits",
        "direct path write",    "log file sync", "enq: TX - row lock contention"};
    return (unsigned)e < LIFE_EVENTS ? names[e] : "?";
}

/* Oracle Database Reference (12.1), C.3.102 "PL/SQL lock timer": "This
 * event is called through the DBMS_LOCK.SLEEP procedure"; v$event_name
 * puts it in the Idle class.  DBMS_SESSION.SLEEP (18c), DBMS_LOCK.SLEEP's
 * successor, is taken to wait on the same event. */
const char *life_idle_event_name(void)
{
    return "PL/SQL lock timer";
}

const char *life_idle_event_class(void)
{
    return "Idle";
}

const char *life_event_class(life_event_t e)
{
    static const char *const classes[LIFE_EVENTS] = {"Configuration", "Other",  "Concurrency",
                                                     "User I/O",      "Commit", "Application"};
    return (unsigned)e < LIFE_EVENTS ? classes[e] : "?";
}

/* ---- servers: latches, HW enqueues, hash-bucket blocks, the storage --- */

static size_t latch_of(const run_t *r, uint32_t seg, uint32_t k)
{
    return (size_t)seg * r->p->dispensers + k % r->p->dispensers;
}

static size_t hw_of(const run_t *r, uint32_t seg)
{
    return (size_t)r->nseg * r->p->dispensers + seg;
}

static size_t block_of(const run_t *r, uint32_t seg, uint64_t bucket)
{
    return (size_t)r->nseg * (r->p->dispensers + 1) + (size_t)seg * LOB_SPACE_BUCKETS +
           (bucket < LOB_SPACE_BUCKETS ? bucket : LOB_SPACE_BUCKETS - 1);
}

static size_t io_of(const run_t *r)
{
    return r->nsrv - 1;
}

static void fail(run_t *r, sim_err_t rc)
{
    if (r->err == SIM_OK)
        r->err = rc;
}

static void at(run_t *r, uint64_t t, unsigned kind, uint32_t a, uint64_t b)
{
    if (sim_engine_at(r->ev, t, kind, a, b) != SIM_OK)
        fail(r, SIM_ENOMEM);
}

/* Session k gets server i, having asked at ses->asked: what it waited. */
static void grant(run_t *r, uint32_t k, size_t i)
{
    ses_t *s = &r->ses[k];
    life_ses_figures_t *f = &r->fig[k];
    uint64_t now = sim_engine_now(r->ev), waited = now - s->asked;
    r->srv[i].busy++;
    r->srv[i].grants++;
    if (s->event == LIFE_EV_LATCH) {
        uint64_t spin = r->p->latch_spin_ns;
        f->cpu_ns += waited < spin ? waited : spin;
        if (waited > spin) {
            f->latch_sleeps++;
            f->waits[LIFE_EV_LATCH]++;
            f->wait_ns[LIFE_EV_LATCH] += waited - spin;
        }
    } else if (s->event != LIFE_EV_DIRECT_WRITE && s->queued) {
        f->waits[s->event]++;
        f->wait_ns[s->event] += waited;
    }
    s->queued = 0;
    at(r, now + s->hold, EV_RELEASE, k, i);
}

/* Session k asks for server i, to hold it `hold` ns; waiting, on event e. */
static void request(run_t *r, uint32_t k, size_t i, uint64_t hold, int e)
{
    ses_t *s = &r->ses[k];
    s->asked = sim_engine_now(r->ev);
    s->hold = hold;
    s->event = e;
    server_t *v = &r->srv[i];
    if (e == LIFE_EV_DIRECT_WRITE)
        r->fig[k].waits[LIFE_EV_DIRECT_WRITE]++;
    if (v->busy < v->cap) {
        grant(r, k, i);
        return;
    }
    s->queued = 1;
    if (e == LIFE_EV_LATCH)
        r->fig[k].latch_misses++;
    if (sim_fifo_push(&v->q, k) != SIM_OK)
        fail(r, SIM_ENOMEM);
}

/* LGWR starts a write unless it is writing. */
static void lgwr_start(run_t *r)
{
    if (r->lgwr_busy)
        return;
    r->lgwr_busy = 1;
    at(r, sim_engine_now(r->ev) + r->p->log_write_us * NS_PER_US, EV_LGWR, 0, 0);
}

/* ---- the system's figures, at the end and by snapshot ------------------ */

/* *y += *f, or -= with sign -1 (end_ns apart). */
static void add_figures(life_ses_figures_t *y, const life_ses_figures_t *f, int sign)
{
    uint64_t m = (uint64_t)(int64_t)sign;
    for (int e = 0; e < LIFE_EVENTS; e++) {
        y->waits[e] += m * f->waits[e];
        y->wait_ns[e] += m * f->wait_ns[e];
    }
    y->cpu_ns += m * f->cpu_ns;
    y->idle_ns += m * f->idle_ns;
    y->idle_waits += m * f->idle_waits;
    y->latch_gets += m * f->latch_gets;
    y->latch_misses += m * f->latch_misses;
    y->latch_sleeps += m * f->latch_sleeps;
    y->hw_gets += m * f->hw_gets;
    y->extents += m * f->extents;
    y->transactions += m * f->transactions;
    y->deadlocks += m * f->deadlocks;
    for (int i = 0; i < SIM_STAT_COUNT; i++)
        y->st.v[i] += m * f->st.v[i];
}

/* A session's contention as statistics of the catalogue (zero where
 * nothing contended). */
static void contention_stats(life_ses_figures_t *f)
{
    f->st.v[SIM_STAT_WAIT_HW] += f->waits[LIFE_EV_HW];
    f->st.v[SIM_STAT_HW_MICRO] += f->wait_ns[LIFE_EV_HW] / 1000;
    f->st.v[SIM_STAT_DSP_LATCH_GETS] += f->latch_gets;
    f->st.v[SIM_STAT_DSP_LATCH_MISS] += f->latch_misses;
    f->st.v[SIM_STAT_WAIT_BB_BUCKET] += f->waits[LIFE_EV_BUFFER_BUSY];
    /* v$sess_time_model's DB CPU, whole microseconds, each session's
     * rounded down as the waits' times are */
    f->st.v[SIM_STAT_DB_CPU_MICRO] += f->cpu_ns / 1000;
}

static void sum(life_ses_result_t *out, uint64_t end)
{
    life_ses_figures_t *y = &out->sys;
    memset(y, 0, sizeof *y);
    for (uint32_t k = 0; k < out->n; k++)
        add_figures(y, &out->s[k], 1);
    y->end_ns = end;
}

/* A snapshot ending at `end`: the system's figures so far, less those of
 * the last snapshot.  The contention statistics are counted from each
 * session's waits here as contention_stats() counts them at the end, so
 * that the snapshots add up to the run. */
static void take(run_t *r, uint64_t end)
{
    life_ses_result_t *out = r->out;
    if (out->nsnaps == LIFE_MAX_SNAPSHOTS) {
        /* The run's length is not known before it runs: the bound is
         * held as it goes, before the memory is. */
        snprintf(r->db->msg, r->db->msglen,
                 "%s: a snapshot every %.9g s of model time makes more than %d by %.9g s, and "
                 "the run goes on (at most %d a run: a longer interval)",
                 r->s->file, (double)r->snap_ns / 1e9, LIFE_MAX_SNAPSHOTS, (double)end / 1e9,
                 LIFE_MAX_SNAPSHOTS);
        fail(r, SIM_EINVAL);
        return;
    }
    /* Doubled, not grown by one: a snapshot is kilobytes, and a copy of
     * all of them at each one was quadratic (under AddressSanitizer,
     * whose realloc always copies, 10,000 snapshots took 220 s). */
    if (out->nsnaps == r->snap_cap) {
        uint32_t cap = r->snap_cap ? 2 * r->snap_cap : 64;
        life_ses_snap_t *sn = sim_realloc(out->snaps, cap * sizeof *sn);
        if (sn == NULL) {
            fail(r, SIM_ENOMEM);
            return;
        }
        out->snaps = sn;
        r->snap_cap = cap;
    }
    life_ses_figures_t now;
    uint64_t now_us[LIFE_EVENTS] = {0}, now_idle = 0;
    memset(&now, 0, sizeof now);
    for (uint32_t k = 0; k < r->n; k++) {
        life_ses_figures_t f = r->fig[k];
        contention_stats(&f); /* by session, as at the end: microseconds rounded alike */
        add_figures(&now, &f, 1);
        for (int e = 0; e < LIFE_EVENTS; e++)
            now_us[e] += f.wait_ns[e] / 1000;
        now_idle += f.idle_ns / 1000;
    }
    life_ses_snap_t *sn = &out->snaps[out->nsnaps++];
    sn->end_ns = end;
    sn->sys = now;
    add_figures(&sn->sys, &r->taken, -1);
    sn->sys.end_ns = end;
    r->taken = now;
    for (int e = 0; e < LIFE_EVENTS; e++) {
        sn->wait_us[e] = now_us[e] - r->taken_us[e];
        r->taken_us[e] = now_us[e];
    }
    sn->idle_us = now_idle - r->taken_idle;
    r->taken_idle = now_idle;
}

/* Every snapshot due by `now`, before anything of `now` happens: an
 * interval holds what happened in [start, end). */
static void snap_upto(run_t *r, uint64_t now)
{
    while (r->snap_ns && now >= r->next_snap && r->err == SIM_OK) {
        take(r, r->next_snap);
        r->next_snap += r->snap_ns;
    }
}

/* The segments of each table alive at the end (life_report()'s step),
 * summed by table; the session's row is not a table's. */
static int segment_of(void *arg, const life_step_t *st)
{
    run_t *r = arg;
    life_ses_result_t *out = r->out;
    if (st->table == NULL)
        return 0;
    if (out->ntables && out->tables[out->ntables - 1].name == st->table) {
        sim_stats_t *g = &out->tables[out->ntables - 1].segment;
        for (int i = 0; i < SIM_STAT_COUNT; i++)
            g->v[i] += st->part[LIFE_PART_SEGMENT].v[i];
        return 0;
    }
    life_ses_table_t *t = sim_realloc(out->tables, (out->ntables + 1) * sizeof *t);
    if (t == NULL) {
        fail(r, SIM_ENOMEM);
        return 1;
    }
    out->tables = t;
    t[out->ntables].name = st->table;
    t[out->ntables++].segment = st->part[LIFE_PART_SEGMENT];
    return 0;
}

/* ---- a session's transactions ---------------------------------------- */

static void on_op(void *arg, life_op_kind_t kind, uint32_t seg, uint64_t id, uint64_t n)
{
    run_t *r = arg;
    ses_t *s = &r->ses[r->cur];
    if (s->nops == s->cap) {
        size_t cap = s->cap ? 2 * s->cap : 64;
        op_t *o = sim_realloc(s->ops, cap * sizeof *o);
        if (o == NULL) {
            fail(r, SIM_ENOMEM);
            return;
        }
        s->ops = o;
        s->cap = cap;
    }
    s->ops[s->nops++] = (op_t){kind, seg, id, n};
}

/* Statement st as session k (of n) on the model, its figures the
 * session's. */
/* A statement of session k ended by an Oracle error, in the run's list. */
static sim_err_t add_error(run_t *r, uint32_t k, uint32_t line, const char *text)
{
    life_ses_result_t *out = r->out;
    life_ses_error_t *e = sim_realloc(out->errors, (out->nerrors + 1) * sizeof *e);
    if (e == NULL)
        return SIM_ENOMEM;
    out->errors = e;
    e = &e[out->nerrors++];
    e->session = k + 1;
    e->line = line;
    e->at_ns = sim_engine_now(r->ev);
    snprintf(e->text, sizeof e->text, "%s", text);
    return SIM_OK;
}

static sim_err_t exec(run_t *r, uint32_t k, const scr_stmt_t *st, uint32_t n)
{
    r->cur = k;
    sim_err_t rc = life_exec(r->db, st, k, n);
    if (rc == SIM_OK)
        life_take_figures(r->db, &r->fig[k].st);
    /* An Oracle error: the statement was undone and the session goes on,
     * as after ORA-00060 (life_exec()'s one rule) */
    if (rc == SIM_OK && life_error(r->db))
        rc = add_error(r, k, st->line, life_error(r->db));
    return rc;
}

/* ---- row locks ----------------------------------------------------------- */

/* Session j's wait for a row lock ends now: counted as AWR counts it. */
static void end_wait(run_t *r, uint32_t j)
{
    life_ses_figures_t *f = &r->fig[j];
    f->waits[LIFE_EV_TX]++;
    f->wait_ns[LIFE_EV_TX] += sim_engine_now(r->ev) - r->since[j];
    r->ses[r->wait_for[j] - 1].nwaiters--;
    r->wait_for[j] = 0;
}

/* Session k ended a transaction on the model: whoever waits for it goes
 * on, and runs its statement again. */
static void transaction_ended(run_t *r, uint32_t k)
{
    uint64_t ended = life_tx_ended(r->db, k);
    if (ended == r->ses[k].ended_seen)
        return;
    r->ses[k].ended_seen = ended;
    for (uint32_t j = 0; j < r->n && r->ses[k].nwaiters > 0; j++)
        if (r->wait_for[j] == k + 1) {
            end_wait(r, j);
            at(r, sim_engine_now(r->ev), EV_GO, j, 0);
        }
}

/* Session k waits for the transaction whose lock its statement met, unless
 * it ended meanwhile (0: go on at once).  A wait that closes a cycle is a
 * deadlock: the session of it that looks first is told so (EV_DEADLOCK). */
static int begin_wait(run_t *r, uint32_t k)
{
    ses_t *s = &r->ses[k];
    uint32_t h = s->blocked_on - 1;
    s->blocked_on = 0;
    if (life_tx_ended(r->db, h) != s->block_gen)
        return 0;
    uint64_t now = sim_engine_now(r->ev);
    r->wait_for[k] = h + 1;
    r->since[k] = now;
    s->wait_seq++;
    r->ses[h].nwaiters++;
    uint32_t victim;
    uint64_t when;
    if (life_lock_victim(r->wait_for, r->since, r->n, k, now,
                         (uint64_t)r->p->deadlock_ms * NS_PER_MS, &victim, &when))
        at(r, when, EV_DEADLOCK, victim, r->ses[victim].wait_seq);
    return 1;
}

/* Session v found the deadlock: ORA-00060, its statement rolled back (it
 * was undone when it met the lock), and it goes on with the next one; its
 * transaction stays open, and the others wait until it ends. */
static void on_deadlock(void *arg, uint32_t v, uint64_t seq)
{
    run_t *r = arg;
    snap_upto(r, sim_engine_now(r->ev));
    ses_t *s = &r->ses[v];
    if (r->wait_for[v] == 0 || s->wait_seq != seq)
        return; /* that wait is over */
    end_wait(r, v);
    r->fig[v].deadlocks++;
    if (add_error(r, v, s->blocked_line,
                  "ORA-00060: deadlock detected while waiting for resource") != SIM_OK) {
        fail(r, SIM_ENOMEM);
        return;
    }
    life_cancel(r->db, v);
    s->cursor++;
    at(r, sim_engine_now(r->ev), EV_GO, v, 0);
}

/* Session k's next statement run on the model (one a turn: sessions'
 * transactions interleave statement by statement), its operations queued.
 * A PL/SQL block runs up to its next commit; a statement that met another
 * session's row lock is run again after the wait. */
static sim_err_t fetch(run_t *r, uint32_t k)
{
    ses_t *s = &r->ses[k];
    s->nops = s->next = 0;
    life_advance(r->db, sim_engine_now(r->ev) / NS_PER_MS);
    while (s->cursor < r->end) {
        const scr_stmt_t *st = &r->s->stmts[s->cursor++];
        if (st->session && st->session != k + 1)
            continue; /* another session's (-- lobsim session: n) */
        sim_err_t rc = exec(r, k, st, r->n);
        if (rc != SIM_OK)
            return rc;
        transaction_ended(r, k);
        uint32_t h = life_blocked(r->db);
        if (h) {
            s->blocked_on = h;
            s->block_gen = life_tx_ended(r->db, h - 1);
            s->blocked_line = st->line;
        }
        /* A PL/SQL block that stopped (a commit, a lock) or a statement
         * that met a lock goes on from there next time. */
        if (h || life_stopped(r->db))
            s->cursor--;
        break;
    }
    return r->err;
}

/* Session k goes on with its operations until one takes time. */
static void go(run_t *r, uint32_t k)
{
    ses_t *s = &r->ses[k];
    life_ses_figures_t *f = &r->fig[k];
    const life_ses_params_t *p = r->p;
    uint64_t now = sim_engine_now(r->ev);
    while (r->err == SIM_OK) {
        if (s->next == s->nops) {
            if (s->blocked_on && begin_wait(r, k))
                return;
            if (s->cursor >= r->end) {
                f->end_ns = now;
                return;
            }
            sim_err_t rc = fetch(r, k);
            if (rc != SIM_OK) {
                fail(r, rc);
                return;
            }
            continue;
        }
        const op_t *o = &s->ops[s->next++];
        uint64_t cpu = 0;
        switch (o->kind) {
        case LIFE_OP_ROW:
            cpu = p->row_cpu_us * NS_PER_US;
            break;
        case LIFE_OP_BUFFERED:
            cpu = o->n * p->block_cpu_us * NS_PER_US;
            break;
        case LIFE_OP_SLEEP:
            f->idle_ns += o->n * NS_PER_MS;
            f->idle_waits++;
            at(r, now + o->n * NS_PER_MS, EV_GO, k, 0);
            return;
        case LIFE_OP_DISPENSER:
            if (r->srv[hw_of(r, o->seg)].busy && !s->grew) {
                /* Another session is adding an extent: the space comes
                 * after it, so this one waits for the HW enqueue too. */
                s->grew = 1;
                s->next--;
                f->hw_gets++;
                request(r, k, hw_of(r, o->seg), 0, LIFE_EV_HW);
                return;
            }
            s->grew = 0;
            f->latch_gets++;
            request(r, k, latch_of(r, o->seg, k), p->latch_hold_ns, LIFE_EV_LATCH);
            return;
        case LIFE_OP_EXTENT:
            f->hw_gets++;
            f->extents += o->n;
            request(r, k, hw_of(r, o->seg), o->n * p->hw_hold_us * NS_PER_US, LIFE_EV_HW);
            return;
        case LIFE_OP_BUCKET:
            request(r, k, block_of(r, o->seg, o->id), p->block_hold_us * NS_PER_US,
                    LIFE_EV_BUFFER_BUSY);
            return;
        case LIFE_OP_DIRECT_WRITE:
            request(r, k, io_of(r), p->write_us * NS_PER_US + o->n * 1000 / p->write_mb_s,
                    LIFE_EV_DIRECT_WRITE);
            return;
        case LIFE_OP_COMMIT:
            f->transactions += o->n;
            if (o->id) {
                /* Not waited for: LGWR writes it, with the next write if
                 * one is under way. */
                r->lgwr_more = r->lgwr_busy;
                lgwr_start(r);
                break;
            }
            s->asked = now;
            f->waits[LIFE_EV_LOG_SYNC]++;
            if (sim_fifo_push(r->lgwr_busy ? &r->lgwr_next : &r->lgwr_now, k) != SIM_OK)
                fail(r, SIM_ENOMEM);
            lgwr_start(r);
            return;
        }
        if (cpu) {
            f->cpu_ns += cpu;
            at(r, now + cpu, EV_GO, k, 0);
            return;
        }
    }
}

/* ---- the events --------------------------------------------------------- */

static void on_go(void *arg, uint32_t k, uint64_t b)
{
    (void)b;
    run_t *r = arg;
    snap_upto(r, sim_engine_now(r->ev));
    go(r, k);
}

/* Session k is done with server i. */
static void on_release(void *arg, uint32_t k, uint64_t i)
{
    run_t *r = arg;
    snap_upto(r, sim_engine_now(r->ev));
    ses_t *s = &r->ses[k];
    life_ses_figures_t *f = &r->fig[k];
    server_t *v = &r->srv[i];
    v->busy--;
    if (s->event == LIFE_EV_DIRECT_WRITE)
        f->wait_ns[LIFE_EV_DIRECT_WRITE] += sim_engine_now(r->ev) - s->asked;
    else
        f->cpu_ns += s->hold;
    if (v->q.n > 0) {
        v->handoffs++;
        grant(r, (uint32_t)sim_fifo_pop(&v->q), i);
    }
    go(r, k);
}

/* LGWR's write ended: its commits go on; the next write starts. */
static void on_lgwr(void *arg, uint32_t a, uint64_t b)
{
    (void)a, (void)b;
    run_t *r = arg;
    uint64_t now = sim_engine_now(r->ev);
    snap_upto(r, now);
    r->res->log_writes++;
    while (r->lgwr_now.n > 0) {
        uint32_t k = (uint32_t)sim_fifo_pop(&r->lgwr_now);
        r->res->log_commits++;
        r->fig[k].wait_ns[LIFE_EV_LOG_SYNC] += now - r->ses[k].asked;
        at(r, now, EV_GO, k, 0);
    }
    r->lgwr_busy = 0;
    int again = r->lgwr_next.n > 0 || r->lgwr_more;
    r->lgwr_more = 0;
    while (r->lgwr_next.n > 0)
        if (sim_fifo_push(&r->lgwr_now, sim_fifo_pop(&r->lgwr_next)) != SIM_OK)
            fail(r, SIM_ENOMEM);
    if (again)
        lgwr_start(r);
}

/* ---- the run ----------------------------------------------------------- */

static sim_err_t setup(run_t *r, const scr_script_t *s, const life_params_t *p, uint32_t n,
                       life_ses_result_t *out)
{
    r->s = s;
    r->p = &p->ses;
    r->n = n;
    r->nseg = s->ntables * LIFE_MAX_LOBCOLS;
    r->nsrv = (size_t)r->nseg * (p->ses.dispensers + 1 + LOB_SPACE_BUCKETS) + 1;
    r->ses = sim_calloc(n, sizeof *r->ses);
    r->wait_for = sim_calloc(n, sizeof *r->wait_for);
    r->since = sim_calloc(n, sizeof *r->since);
    r->srv = sim_calloc(r->nsrv, sizeof *r->srv);
    out->s = sim_calloc(n, sizeof *out->s);
    out->n = n;
    r->fig = out->s;
    r->res = &out->res;
    if (r->ses == NULL || r->srv == NULL || out->s == NULL || r->wait_for == NULL ||
        r->since == NULL)
        return SIM_ENOMEM;
    for (size_t i = 0; i < r->nsrv; i++)
        r->srv[i].cap = 1;
    r->srv[io_of(r)].cap = p->ses.io_depth;
    sim_err_t rc = sim_engine_create(&r->ev);
    if (rc != SIM_OK)
        return rc;
    sim_engine_on(r->ev, EV_GO, on_go, r);
    sim_engine_on(r->ev, EV_RELEASE, on_release, r);
    sim_engine_on(r->ev, EV_LGWR, on_lgwr, r);
    sim_engine_on(r->ev, EV_DEADLOCK, on_deadlock, r);
    return SIM_OK;
}

static void teardown(run_t *r)
{
    if (r->ses)
        for (uint32_t k = 0; k < r->n; k++)
            sim_free(r->ses[k].ops);
    for (size_t i = 0; r->srv && i < r->nsrv; i++)
        sim_fifo_free(&r->srv[i].q);
    sim_fifo_free(&r->lgwr_now);
    sim_fifo_free(&r->lgwr_next);
    sim_free(r->ses);
    sim_free(r->wait_for);
    sim_free(r->since);
    sim_free(r->srv);
    sim_engine_destroy(r->ev);
    life_close(r->db);
}

/* The statements [from, r->end) in every session at once, from now. */
static sim_err_t phase(run_t *r, uint32_t from)
{
    for (uint32_t k = 0; k < r->n; k++) {
        r->ses[k].cursor = from;
        r->ses[k].nops = r->ses[k].next = 0;
        at(r, sim_engine_now(r->ev), EV_GO, k, 0);
    }
    while (r->err == SIM_OK && sim_engine_step(r->ev))
        ;
    /* Nothing left to happen: every session must be through.  One waiting
     * for a row lock waits for a transaction the script never ends (it
     * would hang on Oracle); one waiting for anything else was lost by a
     * resource, a bug. */
    for (uint32_t k = 0; k < r->n && r->err == SIM_OK; k++)
        if (r->wait_for[k]) {
            snprintf(r->db->msg, r->db->msglen,
                     "%s:%u: session %u waits for ever for session %u's row lock: session %u "
                     "does not commit or roll back before %s",
                     r->s->file, r->ses[k].blocked_line, k + 1, r->wait_for[k], r->wait_for[k],
                     r->end < r->s->nstmts ? "the next statement all sessions "
                                             "share"
                                           : "the script's end");
            return SIM_EINVAL;
        } else if (r->ses[k].cursor < r->end || r->ses[k].next < r->ses[k].nops) {
            snprintf(r->db->msg, r->db->msglen,
                     "%s: internal error: session %u stalled at statement %u", r->s->file, k + 1,
                     r->ses[k].cursor);
            return SIM_ECORRUPT;
        }
    return r->err;
}

/* What the latches, enqueues, blocks and the storage counted. */
static void resources(const run_t *r, life_ses_resources_t *res)
{
    for (size_t i = 0; i < r->nsrv; i++) {
        const server_t *v = &r->srv[i];
        uint64_t *to = i < hw_of(r, 0)         ? res->latch
                       : i < block_of(r, 0, 0) ? res->hw
                       : i < io_of(r)          ? res->block
                                               : res->io;
        to[0] += v->grants;
        to[1] += v->handoffs;
    }
}

sim_err_t life_sessions_run(const scr_script_t *s, const life_params_t *p, uint32_t n,
                            uint64_t snap_ns, life_ses_result_t *out, char *msg, size_t msglen)
{
    memset(out, 0, sizeof *out);
    if (n == 0)
        return SIM_EINVAL;
    /* A statement given to one session: DML, of a session the run has. */
    for (uint32_t i = 0; i < s->nstmts; i++) {
        const scr_stmt_t *st = &s->stmts[i];
        if (st->session && life_stmt_shared(st)) {
            if (msg && msglen)
                snprintf(msg, msglen,
                         "%s:%u: '-- lobsim session: %u' before a statement every session shares "
                         "(DDL, a setting or a query runs once): give it to all",
                         s->file, st->line, st->session);
            return SIM_EINVAL;
        }
        if (st->session > n) {
            if (msg && msglen)
                snprintf(msg, msglen, "%s:%u: given to session %u, but the run has %u session%s",
                         s->file, st->line, st->session, n, n == 1 ? "" : "s");
            return SIM_EINVAL;
        }
    }
    run_t r;
    memset(&r, 0, sizeof r);
    r.out = out;
    r.snap_ns = r.next_snap = snap_ns;
    sim_err_t rc = life_open(s, p, msg, msglen, &r.db);
    if (rc == SIM_OK)
        rc = setup(&r, s, p, n, out);
    if (rc == SIM_OK) {
        life_set_trace(r.db, on_op, &r);
        life_set_yield(r.db, 1);
    }
    for (uint32_t i = 0; i < s->nstmts && rc == SIM_OK;) {
        if (life_stmt_shared(&s->stmts[i])) {
            /* DDL and settings: once, by the first session, between the
             * phases of DML. */
            life_advance(r.db, sim_engine_now(r.ev) / NS_PER_MS);
            rc = exec(&r, 0, &s->stmts[i++], 1);
            r.ses[0].nops = 0;
            if (rc == SIM_OK)
                transaction_ended(&r, 0);
            continue;
        }
        r.end = i;
        while (r.end < s->nstmts && !life_stmt_shared(&s->stmts[r.end]))
            r.end++;
        rc = phase(&r, i);
        i = r.end;
    }
    uint64_t end = r.ev ? sim_engine_now(r.ev) : 0;
    /* The last interval ends with the run (none is empty but a run's
     * only one).  A run that ends on a snapshot's time did things at that
     * time after the snapshot was taken (events of a time run after it):
     * they go into the last interval, which ends with the run. */
    if (rc == SIM_OK && snap_ns) {
        take(&r, end);
        rc = r.err;
        life_ses_snap_t *sn = out->snaps;
        if (rc == SIM_OK && out->nsnaps > 1 && sn[out->nsnaps - 2].end_ns == end) {
            add_figures(&sn[out->nsnaps - 2].sys, &sn[out->nsnaps - 1].sys, 1);
            for (int e = 0; e < LIFE_EVENTS; e++)
                sn[out->nsnaps - 2].wait_us[e] += sn[out->nsnaps - 1].wait_us[e];
            sn[out->nsnaps - 2].idle_us += sn[out->nsnaps - 1].idle_us;
            out->nsnaps--;
        }
    }
    if (rc == SIM_OK && s->nstmts > 0) {
        life_report(r.db, &s->stmts[s->nstmts - 1], segment_of, &r);
        rc = r.err;
    }
    if (rc == SIM_OK) {
        for (uint32_t k = 0; k < n; k++)
            contention_stats(&out->s[k]);
        sum(out, end);
        resources(&r, &out->res);
        out->events = sim_engine_scheduled(r.ev);
    }
    teardown(&r);
    return rc;
}

void life_ses_result_free(life_ses_result_t *r)
{
    sim_free(r->s);
    sim_free(r->errors);
    sim_free(r->snaps);
    sim_free(r->tables);
    memset(r, 0, sizeof *r);
}
