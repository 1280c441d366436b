/*
 * rac.c -- the rac workload's run: set-up, the handlers, the event loop,
 * and the entry points (rac_run, rac_report, rac_check, and rac_script for
 * the tests).
 *
 * Users alternate between the instances (user k on instance k mod 2), so
 * that each gets half of them: the study's balanced mode.  The run is sim/'s
 * event engine with one handler per kind of event (handlers[]), stepped
 * until the AWR window (window.c) closes.
 */
#include <string.h>

#include "rac_sim_int.h"

/* ---- the handlers of each kind of event ------------------------------------ */

static void on_user(void *r, uint32_t a, uint64_t b)
{
    (void)b;
    rac_session_event(r, a);
}

static void on_cpu(void *r, uint32_t a, uint64_t b)
{
    rac_cpu_done(r, (int)a, b);
}

static void on_link(void *r, uint32_t a, uint64_t b)
{
    rac_link_done(r, (int)a, b);
}

static void on_arrive(void *r, uint32_t a, uint64_t b)
{
    (void)b;
    rac_gc_arrive(r, a);
}

static void on_reply(void *r, uint32_t a, uint64_t b)
{
    (void)b;
    rac_session_reply(r, a);
}

static void on_lgwr(void *r, uint32_t a, uint64_t b)
{
    (void)b;
    rac_lgwr_done(r, (int)a);
}

static void on_user_cpu(void *r, uint32_t a, uint64_t b)
{
    (void)b;
    rac_session_cpu_done(r, a);
}

static void on_lms_cpu(void *r, uint32_t a, uint64_t b)
{
    (void)b;
    rac_gc_lms_cpu_done(r, a);
}

static void on_user_logged(void *r, uint32_t a, uint64_t b)
{
    (void)b;
    rac_session_logged(r, a);
}

static void on_lms_logged(void *r, uint32_t a, uint64_t b)
{
    (void)b;
    rac_gc_logged(r, a);
}

static void on_lost(void *r, uint32_t a, uint64_t b)
{
    rac_gc_lost(r, a, (int)b);
}

static void on_resend(void *r, uint32_t a, uint64_t b)
{
    (void)b;
    rac_gc_resend_arrive(r, a);
}

static void on_window(void *r, uint32_t a, uint64_t b)
{
    (void)a, (void)b;
    rac_window_end(r);
}

static void on_boc(void *r, uint32_t a, uint64_t b)
{
    (void)b;
    rac_gc_boc_arrive(r, (int)a);
}

static void on_boc_ack(void *r, uint32_t a, uint64_t b)
{
    (void)b;
    rac_lgwr_acked(r, (int)a);
}

static void on_defer(void *r, uint32_t a, uint64_t b)
{
    (void)b;
    rac_session_defer_due(r, a);
}

static const sim_handler_fn handlers[EV_COUNT] = {
    [EV_USER] = on_user,
    [EV_CPU] = on_cpu,
    [EV_LINK] = on_link,
    [EV_ARRIVE] = on_arrive,
    [EV_REPLY] = on_reply,
    [EV_LGWR] = on_lgwr,
    [EV_WINDOW] = on_window,
    [EV_BOC] = on_boc,
    [EV_BOC_ACK] = on_boc_ack,
    [EV_DEFER] = on_defer,
    [EV_LOST] = on_lost,
    [EV_RESEND] = on_resend,
    [EV_USER_CPU] = on_user_cpu,
    [EV_LMS_CPU] = on_lms_cpu,
    [EV_USER_LOGGED] = on_user_logged,
    [EV_LMS_LOGGED] = on_lms_logged,
};

static void teardown(rac_t *r)
{
    gcache_destroy(r->g);
    sim_engine_destroy(r->ev);
    for (int i = 0; i < GCACHE_INSTANCES; i++) {
        for (int p = 0; p < 2; p++)
            sim_fifo_free(&r->cpu[i].q[p]);
        sim_free(r->lgwr[i].w);
        sim_fifo_free(&r->lgwr[i].scn);
        sim_fifo_free(&r->lmsq[i]);
        sim_fifo_free(&r->wire[i].q);
        sim_free(r->space[i].undo_block);
        sim_free(r->space[i].undo_bytes);
        for (int k = 0; k < K_COUNT; k++)
            sim_free(r->bs[i][k]);
    }
    sim_free(r->u);
    sim_free(r->stripe_first);
    sim_free(r->tx);
    sim_free(r->itl);
    sim_free(r->lock);
    sim_free(r->lock_tx);
}

/* Everything but the users' work: the table, the cache, the queues. */
static sim_err_t setup(rac_t *r, const case_t *c, uint32_t users, hs_table_t **t)
{
    r->c = c;
    rac_link_profile(c, &r->link);
    gcache_params_t gp = {c->block_size, c->cluster.message_bytes, c->cluster.fairness};
    sim_err_t rc = heap_table(c, t);
    if (rc == SIM_OK) {
        r->t = *t;
        rc = gcache_create(&gp, &r->g);
    }
    if (rc == SIM_OK)
        rc = sim_engine_create(&r->ev);
    if (rc == SIM_OK)
        rc = rac_layout_init(r);
    if (rc != SIM_OK)
        return rc;
    for (unsigned k = 0; k < EV_COUNT; k++)
        sim_engine_on(r->ev, k, handlers[k], r);
    sim_prng_seed(&r->prng, c->seed);
    for (int i = 0; i < GCACHE_INSTANCES; i++)
        r->cpu[i].cores = c->rac.cores;
    r->nusers = users;
    r->u = sim_calloc(users ? users : 1, sizeof *r->u);
    if (r->u == NULL)
        return SIM_ENOMEM;
    for (uint32_t k = 0; k < users; k++)
        r->u[k].inst = (int)(k % GCACHE_INSTANCES);
    return SIM_OK;
}

static sim_err_t loop(rac_t *r)
{
    for (uint32_t k = 0; k < r->nusers && r->err == SIM_OK; k++)
        rac_session_start(r, k);
    if (r->window == 0 && (r->script || r->c->rac.warmup == 0))
        rac_window_open(r);
    while (r->window < 2 && r->err == SIM_OK && sim_engine_step(r->ev))
        ;
    if (r->err != SIM_OK)
        return r->err;
    if (r->window < 2) {
        /* Nothing left to happen: a script ran out, or a drawn run stalled
         * before its window closed, which is a bug. */
        if (!r->script)
            return SIM_ECORRUPT;
        r->window = 2;
        r->close_t = rac_now(r);
    }
    if (r->c->check_invariants)
        return gcache_check(r->g);
    SIM_DEBUG_CHECK(gcache_check(r->g));
    return SIM_OK;
}

/* A run of case c into *r (torn down by the caller). */
static sim_err_t simulate(rac_t *r, const case_t *c, hs_table_t **t)
{
    sim_err_t rc = setup(r, c, c->rac.users, t);
    return rc == SIM_OK ? loop(r) : rc;
}

/* One simulation of case c, handed to `done` (its figures, or its report),
 * then torn down whatever happened. */
static sim_err_t run_then(const case_t *c, sim_err_t (*done)(const rac_t *r, void *out), void *out)
{
    rac_t *r = sim_calloc(1, sizeof *r);
    if (r == NULL)
        return SIM_ENOMEM;
    hs_table_t *t = NULL;
    sim_err_t rc = simulate(r, c, &t);
    if (rc == SIM_OK)
        rc = done(r, out);
    teardown(r);
    hs_table_destroy(t);
    sim_free(r);
    return rc;
}

static sim_err_t to_figures(const rac_t *r, void *out)
{
    return rac_catalogue(r, out);
}

static sim_err_t to_report(const rac_t *r, void *out)
{
    rac_report_build(r, out);
    return SIM_OK;
}

sim_err_t rac_run(const case_t *c, case_result_t *out)
{
    return run_then(c, to_figures, out);
}

sim_err_t rac_report(const case_t *c, rac_report_t *out)
{
    return run_then(c, to_report, out);
}

sim_err_t rac_script(const case_t *c, const rac_script_t *users, uint32_t n, rac_report_t *out)
{
    rac_t *r = sim_calloc(1, sizeof *r);
    if (r == NULL)
        return SIM_ENOMEM;
    hs_table_t *t = NULL;
    r->script = 1;
    sim_err_t rc = setup(r, c, n, &t);
    for (uint32_t k = 0; k < n && rc == SIM_OK; k++) {
        rac_user_t *us = &r->u[k];
        assert(users[k].nops <= sizeof us->ops);
        us->inst = users[k].inst;
        us->nops = users[k].nops;
        memcpy(us->ops, users[k].ops, users[k].nops);
        memcpy(us->rows, users[k].rows, users[k].nops * sizeof us->rows[0]);
    }
    if (rc == SIM_OK)
        rc = loop(r);
    if (rc == SIM_OK)
        rac_report_build(r, out);
    teardown(r);
    hs_table_destroy(t);
    sim_free(r);
    return rc;
}

sim_err_t rac_check(const case_t *c, char *msg, size_t len)
{
    const case_rac_params_t *p = &c->rac;
    if (p->instances != GCACHE_INSTANCES) {
        snprintf(msg, len, "rac.instances=%u: the rac workload runs 2 instances (accepted: 2)",
                 p->instances);
        return SIM_EINVAL;
    }
    if (p->users == 0 || p->users > 100000) {
        snprintf(msg, len, "rac.users=%u: sessions of the cluster must be 1..100000", p->users);
        return SIM_EINVAL;
    }
    if (p->affinity_pm > 1000) {
        snprintf(msg, len,
                 "rac.affinity_pm=%u: an affinity is a fraction 0..1, given in permille "
                 "(accepted: 0..1000)",
                 p->affinity_pm);
        return SIM_EINVAL;
    }
    if (p->reads + p->updates + p->inserts == 0 || p->reads + p->updates + p->inserts > 60 ||
        p->updates > RAC_TX_BLOCKS || p->inserts > RAC_TX_BLOCKS) {
        snprintf(msg, len,
                 "rac.reads=%u, rac.updates=%u, rac.inserts=%u: a transaction visits 1..60 "
                 "rows, at most %d updated and %d inserted",
                 p->reads, p->updates, p->inserts, RAC_TX_BLOCKS, RAC_TX_BLOCKS);
        return SIM_EINVAL;
    }
    if (p->interconnect >= CASE_LINK_COUNT) {
        snprintf(msg, len, "rac.interconnect=%u: accepted 0 (hipersockets), 1 (10gbe), 2 (1gbe)",
                 p->interconnect);
        return SIM_EINVAL;
    }
    if (p->mtu && (p->mtu < 576 || p->mtu > 65535)) {
        snprintf(msg, len, "rac.mtu=%u: accepted 0 (the interconnect's) or 576..65535", p->mtu);
        return SIM_EINVAL;
    }
    if (p->transactions == 0 && p->window_ms == 0) {
        snprintf(msg, len, "rac.window_ms=0 and rac.transactions=0: the AWR window never closes");
        return SIM_EINVAL;
    }
    if (p->stripe_rows && (uint64_t)p->stripe_rows * 2 > c->rows) {
        snprintf(msg, len,
                 "rac.stripe_rows=%u: accepted 0 (each instance's half of the keys) or "
                 "1..%llu (two stripes at least in --rows=%llu)",
                 p->stripe_rows, (unsigned long long)(c->rows / 2), (unsigned long long)c->rows);
        return SIM_EINVAL;
    }
    if (p->stripe_kb &&
        (p->stripe_rows || (p->stripe_kb != 2 && p->stripe_kb != 4 && p->stripe_kb != 8 &&
                            p->stripe_kb != 16 && p->stripe_kb != 32))) {
        snprintf(msg, len,
                 "rac.stripe_kb=%u: accepted 0 (no) or 2, 4, 8, 16, 32 (a block size in KB), "
                 "with rac.stripe_rows=0",
                 p->stripe_kb);
        return SIM_EINVAL;
    }
    if (p->loss_ppm > 500000 || p->lost_timeout_us == 0 || p->lost_timeout_us > 60000000) {
        snprintf(msg, len,
                 "rac.loss_ppm=%u, rac.lost_timeout_us=%u: accepted 0..500000 frames lost a "
                 "million, and a timer of 1..60000000 us",
                 p->loss_ppm, p->lost_timeout_us);
        return SIM_EINVAL;
    }
    if (p->boc > 1) {
        snprintf(msg, len, "rac.boc=%u: accepted 0 (commits wait for the log write alone) or 1",
                 p->boc);
        return SIM_EINVAL;
    }
    if (p->gc_defer_us > 100000) {
        snprintf(msg, len,
                 "rac.gc_defer_us=%u: accepted 0 (no deferral) .. 100000 (100 ms of "
                 "_gc_defer_time)",
                 p->gc_defer_us);
        return SIM_EINVAL;
    }
    if (p->window_ms > 3600000) {
        snprintf(msg, len, "rac.window_ms=%u: accepted 0..3600000 (an hour of model time)",
                 p->window_ms);
        return SIM_EINVAL;
    }
    if (p->seq_cache == 0 || p->undo_segments == 0 || p->undo_segments > 10000 || p->cores == 0 ||
        p->lms == 0 || p->log_mb_s == 0) {
        snprintf(msg, len,
                 "rac: seq_cache, cores, lms and log_mb_s must be at least 1, "
                 "undo_segments 1..10000");
        return SIM_EINVAL;
    }
    if (p->undo_bytes == 0 || p->undo_bytes + RAC_UNDO_BLOCK_HEADER > c->block_size) {
        snprintf(msg, len,
                 "rac.undo_bytes=%u: one row's undo must fit a %u-byte undo block after its "
                 "%u-byte header (accepted: 1..%u)",
                 p->undo_bytes, c->block_size, RAC_UNDO_BLOCK_HEADER,
                 c->block_size > RAC_UNDO_BLOCK_HEADER ? c->block_size - RAC_UNDO_BLOCK_HEADER : 0);
        return SIM_EINVAL;
    }
    if (c->rows < 4 || c->rows < 4 * (uint64_t)p->updates) {
        snprintf(msg, len,
                 "--rows=%llu: the rac table needs at least 4 rows and 4 x rac.updates (%u)",
                 (unsigned long long)c->rows, p->updates);
        return SIM_EINVAL;
    }
    if (c->cluster.message_bytes == 0) {
        snprintf(msg, len, "cluster.message_bytes=0: a message has at least 1 byte");
        return SIM_EINVAL;
    }
    return heap_check(c, msg, len);
}
