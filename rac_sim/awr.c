/*
 * awr.c -- the rac run as AWR reports it: per instance and for the cluster
 * (the sum of the two), from the counts of the AWR window.
 *
 * The Global Cache Load Profile counts what the global cache counted
 * (gcache.h: a block is received by one instance and served by the other,
 * a message sent by one and received by the other), and estimates the
 * interconnect traffic as AWR does: (blocks served + received) x block
 * size + (messages sent + received) x 200 bytes.  The Transfer Stats and
 * the receive times count blocks when they arrive.  DB time is the users'
 * time in the database: DB CPU, the run queue and their wait events; the
 * background events (LMS's gcs log flush sync, LGWR's writes) have classes
 * of their own (Other, System I/O) and are not the users' time.
 */
#include <stdio.h>
#include <string.h>

#include "rac_sim_int.h"

static const struct {
    const char *name;
    int cls;
} events[E_COUNT] = {
    [E_GC_CR_BLOCK_2WAY] = {"gc cr block 2-way", C_CLUSTER},
    [E_GC_CR_BLOCK_BUSY] = {"gc cr block busy", C_CLUSTER},
    [E_GC_CR_BLOCK_CONGESTED] = {"gc cr block congested", C_CLUSTER},
    [E_GC_CR_GRANT_2WAY] = {"gc cr grant 2-way", C_CLUSTER},
    [E_GC_CR_GRANT_BUSY] = {"gc cr grant busy", C_CLUSTER},
    [E_GC_CR_GRANT_CONGESTED] = {"gc cr grant congested", C_CLUSTER},
    [E_GC_CURRENT_BLOCK_2WAY] = {"gc current block 2-way", C_CLUSTER},
    [E_GC_CURRENT_BLOCK_BUSY] = {"gc current block busy", C_CLUSTER},
    [E_GC_CURRENT_BLOCK_CONGESTED] = {"gc current block congested", C_CLUSTER},
    [E_GC_CURRENT_GRANT_2WAY] = {"gc current grant 2-way", C_CLUSTER},
    [E_GC_CURRENT_GRANT_BUSY] = {"gc current grant busy", C_CLUSTER},
    [E_GC_CURRENT_GRANT_CONGESTED] = {"gc current grant congested", C_CLUSTER},
    [E_GC_CR_BLOCK_LOST] = {"gc cr block lost", C_CLUSTER},
    [E_GC_CURRENT_BLOCK_LOST] = {"gc current block lost", C_CLUSTER},
    [E_GC_CR_REQUEST_RETRY] = {"gc cr request retry", C_CLUSTER},
    [E_GC_CURRENT_RETRY] = {"gc current retry", C_CLUSTER},
    [E_GC_BUFFER_BUSY] = {"gc buffer busy", C_CLUSTER},
    [E_BUFFER_BUSY] = {"buffer busy waits", C_CONCURRENCY},
    [E_LOG_FILE_SYNC] = {"log file sync", C_COMMIT},
    [E_ENQ_TX_ROW] = {"enq: TX - row lock contention", C_APPLICATION},
    [E_GCS_LOG_FLUSH_SYNC] = {"gcs log flush sync", C_OTHER},
    [E_LOG_FILE_PAR_WRITE] = {"log file parallel write", C_SYSTEM_IO},
};

static const char *const classes[C_COUNT] = {"Cluster",  "Commit",     "Application", "Concurrency",
                                             "User I/O", "System I/O", "Other"};

const char *rac_event_name(int e)
{
    return e >= 0 && e < E_COUNT ? events[e].name : NULL;
}

int rac_event_class(int e)
{
    assert(e >= 0 && e < E_COUNT);
    return events[e].cls;
}

const char *rac_class_name(int c)
{
    return c >= 0 && c < C_COUNT ? classes[c] : NULL;
}

const char *rac_event_class_name(int e)
{
    return e >= 0 && e < E_COUNT ? classes[events[e].cls] : NULL;
}

/* One column's counts, as doubles. */
typedef struct {
    double commits, statements, redo, gets, local_gets, changes;
    double received, served, cr_served, current_served;
    double msgs_received, msgs_sent, downconverts;
    double cr_blocks, current_blocks, cr_receive_ns, current_receive_ns;
    double cr_flushes, current_flushes, cr_built, gc_defers;
    double blocks_lost[2];
    double by_class[GCACHE_CLASSES][2][3];
    double by_kind[K_COUNT][2];
    double waits[E_COUNT], wait_ns[E_COUNT];
    double cpu_ns, cpu_queue_ns, idle_ns, lms_cpu_ns, lgwr_cpu_ns;
    double boc_sent, boc_received, ack_count, ack_ns;
    double link_bytes, link_busy_ns;
    double users, cores;
} col_t;

static void column(const rac_t *r, int i, col_t *c)
{
    rac_counts_t n;
    gcache_counts_t g;
    rac_window(r, i, &n, &g);
    memset(c, 0, sizeof *c);
    c->commits = (double)rac_counts_commits(&n);
    c->statements = (double)n.statements;
    c->redo = (double)n.redo_bytes;
    c->gets = (double)(rac_counts_gets(&n, 0) + rac_counts_gets(&n, 1));
    c->local_gets = (double)n.local_gets;
    c->changes = (double)rac_counts_changes(&n);
    for (int k = 0; k < GCACHE_CLASSES; k++) {
        c->received += (double)(g.cr_received[k] + g.current_received[k]);
        c->cr_served += (double)g.cr_served[k];
        c->current_served += (double)g.current_served[k];
        for (int m = 0; m < 2; m++)
            for (int h = 0; h < 3; h++)
                c->by_class[k][m][h] = (double)n.by_class[k][m][h];
    }
    c->served = c->cr_served + c->current_served;
    c->msgs_received = (double)(g.gcs_received + g.ges_received);
    c->msgs_sent = (double)(g.gcs_sent + g.ges_sent);
    c->downconverts = (double)g.downconverts;
    for (int k = 0; k < K_COUNT; k++)
        for (int m = 0; m < 2; m++)
            c->by_kind[k][m] = (double)n.by_kind[k][m];
    c->cr_blocks = (double)n.cr_blocks;
    c->current_blocks = (double)n.current_blocks;
    c->cr_receive_ns = (double)n.cr_receive_ns;
    c->current_receive_ns = (double)n.current_receive_ns;
    c->cr_flushes = (double)n.cr_flushes;
    c->current_flushes = (double)n.current_flushes;
    c->cr_built = (double)n.cr_built;
    c->gc_defers = (double)n.gc_defers;
    c->blocks_lost[0] = (double)n.blocks_lost[0];
    c->blocks_lost[1] = (double)n.blocks_lost[1];
    for (int e = 0; e < E_COUNT; e++) {
        c->waits[e] = (double)n.waits[e];
        c->wait_ns[e] = (double)n.wait_ns[e];
    }
    c->cpu_ns = (double)rac_counts_cpu(&n);
    c->cpu_queue_ns = (double)n.cpu_queue_ns;
    c->idle_ns = (double)n.idle_ns;
    c->lms_cpu_ns = (double)n.lms_cpu_ns;
    c->lgwr_cpu_ns = (double)n.lgwr_cpu_ns;
    c->boc_sent = (double)n.boc_sent;
    c->boc_received = (double)n.boc_received;
    c->ack_count = (double)n.redo_write_broadcast_ack_count;
    c->ack_ns = (double)n.redo_write_broadcast_ack_ns;
    c->link_bytes = (double)n.link_bytes;
    c->link_busy_ns = (double)n.link_busy_ns;
    c->cores = r->c->rac.cores;
    for (uint32_t u = 0; u < r->nusers; u++)
        c->users += r->u[u].inst == i;
}

/* The cluster: the sum of the instances. */
static void sum(const col_t *a, const col_t *b, col_t *out)
{
    _Static_assert(sizeof(col_t) % sizeof(double) == 0, "col_t: doubles only");
    double x[sizeof(col_t) / sizeof(double)], y[sizeof x / sizeof x[0]];
    memcpy(x, a, sizeof x);
    memcpy(y, b, sizeof y);
    for (size_t k = 0; k < sizeof x / sizeof x[0]; k++)
        x[k] += y[k];
    memcpy(out, x, sizeof x);
}

static double ratio(double a, double b)
{
    return b != 0 ? a / b : 0;
}

typedef struct {
    rac_report_t *out;
    const col_t *col;
    double s; /* elapsed seconds */
    double block_size, message_bytes;
    double cr_build_ms;
} build_t;

typedef double (*figure_fn)(const build_t *b, const col_t *c, int arg);

/* A line: fn of each column. */
static void line(build_t *b, const char *section, const char *name, figure_fn fn, int arg)
{
    rac_report_t *o = b->out;
    assert(o->n < RAC_MAX_LINES);
    rac_line_t *l = &o->line[o->n++];
    l->section = section;
    snprintf(l->name, sizeof l->name, "%s", name);
    for (int k = 0; k < RAC_COLUMNS; k++)
        l->v[k] = fn(b, &b->col[k], arg);
}

/* ---- the figures ----------------------------------------------------------- */

static double tps(const build_t *b, const col_t *c, int a)
{
    return ratio(c->commits, b->s) * (a ? 60 : 1);
}
static double per_s_or_tx(const build_t *b, double x, const col_t *c, int per_tx)
{
    return per_tx ? ratio(x, c->commits) : ratio(x, b->s);
}
/* arg: bit 0 per transaction (else per second), bit 1 block changes (else
 * logical reads), bit 2 redo bytes. */
static double load(const build_t *b, const col_t *c, int a)
{
    double x = a & 4 ? c->redo : a & 2 ? c->changes : c->gets;
    return per_s_or_tx(b, x, c, a & 1);
}
static double received(const build_t *b, const col_t *c, int a)
{
    return per_s_or_tx(b, c->received, c, a);
}
static double served(const build_t *b, const col_t *c, int a)
{
    return per_s_or_tx(b, c->served, c, a);
}
static double msgs_received(const build_t *b, const col_t *c, int a)
{
    return per_s_or_tx(b, c->msgs_received, c, a);
}
static double msgs_sent(const build_t *b, const col_t *c, int a)
{
    return per_s_or_tx(b, c->msgs_sent, c, a);
}
static double zero(const build_t *b, const col_t *c, int a)
{
    (void)b, (void)c, (void)a;
    return 0;
}
static double traffic_kb(const build_t *b, const col_t *c, int a)
{
    double bytes = (c->received + c->served) * b->block_size +
                   (c->msgs_sent + c->msgs_received) * b->message_bytes;
    return per_s_or_tx(b, bytes / 1024, c, a);
}
static double access_pct(const build_t *b, const col_t *c, int a)
{
    (void)b;
    /* Nothing is read from disk (gcache.h): disk % is 0. */
    double x = a == 0 ? c->gets - c->received : a == 1 ? c->received : 0;
    return 100 * ratio(x, c->gets);
}
static double receive_ms(const build_t *b, const col_t *c, int a)
{
    (void)b;
    return a ? ratio(c->current_receive_ns, c->current_blocks) / 1e6
             : ratio(c->cr_receive_ns, c->cr_blocks) / 1e6;
}
static double build_ms(const build_t *b, const col_t *c, int a)
{
    (void)a;
    return c->cr_built > 0 ? b->cr_build_ms : 0;
}
static double flush_pct(const build_t *b, const col_t *c, int a)
{
    (void)b;
    return a ? 100 * ratio(c->current_flushes, c->current_served)
             : 100 * ratio(c->cr_flushes, c->cr_served);
}
static double flush_ms(const build_t *b, const col_t *c, int a)
{
    (void)b, (void)a;
    return ratio(c->wait_ns[E_GCS_LOG_FLUSH_SYNC], c->waits[E_GCS_LOG_FLUSH_SYNC]) / 1e6;
}
static double downconverts(const build_t *b, const col_t *c, int a)
{
    return per_s_or_tx(b, c->downconverts, c, a);
}
/* _gc_defer_time: arg 0/1 deferred current requests a second/transaction,
 * 2 their % of the current blocks served. */
static double defers(const build_t *b, const col_t *c, int a)
{
    return a == 2 ? 100 * ratio(c->gc_defers, c->current_served)
                  : per_s_or_tx(b, c->gc_defers, c, a);
}

/* Lost replies: arg 0/1 gc cr blocks lost a second/transaction, 2/3 gc
 * current blocks lost. */
static double lost(const build_t *b, const col_t *c, int a)
{
    return per_s_or_tx(b, c->blocks_lost[a / 2], c, a & 1);
}

/* Transfer stats: arg = class * 16 + (current ? 8 : 0) + what (0 blocks
 * a second, 1 blocks a transaction, 2 % immediate, 3 % busy, 4 %
 * congested). */
static double transfer(const build_t *b, const col_t *c, int a)
{
    int cls = a / 16, m = (a / 8) & 1, what = a & 7;
    const double *h = c->by_class[cls][m];
    double all = h[0] + h[1] + h[2];
    return what < 2 ? per_s_or_tx(b, all, c, what) : 100 * ratio(h[what - 2], all);
}

/* Segment statistics: arg = kind * 4 + (current ? 2 : 0) + (per
 * transaction ? 1 : 0); the kinds of one name (each instance's undo) add
 * up under the first of them. */
static double by_kind(const build_t *b, const col_t *c, int a)
{
    unsigned kind = (unsigned)a / 4;
    double x = 0;
    for (unsigned k = kind; k < K_COUNT; k++)
        if (strcmp(rac_kind_name(k), rac_kind_name(kind)) == 0)
            x += c->by_kind[k][(a / 2) & 1];
    return per_s_or_tx(b, x, c, a & 1);
}

static double db_time_ns(const col_t *c)
{
    double t = c->cpu_ns + c->cpu_queue_ns;
    for (int e = 0; e < E_FOREGROUND; e++)
        t += c->wait_ns[e];
    return t;
}

/* Wait classes: arg = class * 8 + what (0 seconds waited a second, 1 ms
 * waited a transaction, 2 waits a second, 3 waits a transaction, 4 avg ms,
 * 5 % DB time). */
static double wait_class(const build_t *b, const col_t *c, int a)
{
    double t = 0, n = 0;
    for (int e = 0; e < E_COUNT; e++)
        if (events[e].cls == a / 8) {
            t += c->wait_ns[e];
            n += c->waits[e];
        }
    switch (a & 7) {
    case 0:
        return ratio(t / 1e9, b->s);
    case 1:
        return ratio(t / 1e6, c->commits);
    case 2:
        return ratio(n, b->s);
    case 3:
        return ratio(n, c->commits);
    case 4:
        return ratio(t, n) / 1e6;
    default:
        return 100 * ratio(t, db_time_ns(c));
    }
}

/* Wait events: arg = event * 8 + what (0 waits a second, 1 waits a
 * transaction, 2 seconds waited a second, 3 ms waited a transaction, 4 avg
 * ms). */
static double wait_event(const build_t *b, const col_t *c, int a)
{
    int e = a / 8;
    switch (a & 7) {
    case 0:
        return ratio(c->waits[e], b->s);
    case 1:
        return ratio(c->waits[e], c->commits);
    case 2:
        return ratio(c->wait_ns[e] / 1e9, b->s);
    case 3:
        return ratio(c->wait_ns[e] / 1e6, c->commits);
    default:
        return ratio(c->wait_ns[e], c->waits[e]) / 1e6;
    }
}

/* Time model, seconds a second: arg 0 DB time, 1 DB CPU, 2 run queue,
 * 3 idle, 4 users (Little's law: the sum of 0 and 3), 5 LMS CPU; 6 CPU
 * utilisation %, 7 DB CPU % DB time. */
static double time_model(const build_t *b, const col_t *c, int a)
{
    double s = b->s;
    switch (a) {
    case 0:
        return ratio(db_time_ns(c) / 1e9, s);
    case 1:
        return ratio(c->cpu_ns / 1e9, s);
    case 2:
        return ratio(c->cpu_queue_ns / 1e9, s);
    case 3:
        return ratio(c->idle_ns / 1e9, s);
    case 4:
        return ratio((db_time_ns(c) + c->idle_ns) / 1e9, s);
    case 5:
        return ratio(c->lms_cpu_ns / 1e9, s);
    case 6:
        return 100 * ratio((c->cpu_ns + c->lms_cpu_ns + c->lgwr_cpu_ns) / 1e9, s * c->cores);
    default:
        return 100 * ratio(c->cpu_ns, db_time_ns(c));
    }
}

/* Time model, ms a transaction: arg 0 DB time, 1 DB CPU, 2 run queue,
 * 3 LMS CPU. */
static double time_per_tx(const build_t *b, const col_t *c, int a)
{
    (void)b;
    double ns = a == 0   ? db_time_ns(c)
                : a == 1 ? c->cpu_ns
                : a == 2 ? c->cpu_queue_ns
                         : c->lms_cpu_ns;
    return ratio(ns / 1e6, c->commits);
}

/* Broadcast on commit: arg 0/1 messages sent a second/transaction, 2/3
 * received, 4/5 writes done before their ack, 6 avg ms of such a write's
 * wait for it past its I/O, 7 LGWR CPU seconds a second. */
static double boc(const build_t *b, const col_t *c, int a)
{
    switch (a) {
    case 0:
    case 1:
        return per_s_or_tx(b, c->boc_sent, c, a);
    case 2:
    case 3:
        return per_s_or_tx(b, c->boc_received, c, a - 2);
    case 4:
    case 5:
        return per_s_or_tx(b, c->ack_count, c, a - 4);
    case 6:
        return ratio(c->ack_ns, c->ack_count) / 1e6;
    default:
        return ratio(c->lgwr_cpu_ns / 1e9, b->s);
    }
}

/* The link: arg 0 MB sent a second, 1 send queue busy %, 2 KB sent a
 * transaction. */
static double link_fig(const build_t *b, const col_t *c, int a)
{
    return a == 2 ? ratio(c->link_bytes / 1024, c->commits)
           : a    ? 100 * ratio(c->link_busy_ns / 1e9, b->s)
                  : ratio(c->link_bytes / 1e6, b->s);
}

void rac_report_build(const rac_t *r, rac_report_t *out)
{
    col_t col[RAC_COLUMNS];
    column(r, 0, &col[0]);
    column(r, 1, &col[1]);
    sum(&col[0], &col[1], &col[2]);
    /* The cluster's cores are both instances', its send queues both
     * directions'. */
    memset(out, 0, sizeof *out);
    out->users[0] = (uint32_t)col[0].users;
    out->users[1] = (uint32_t)col[1].users;
    out->elapsed_s = (double)(r->close_t - r->open_t) / 1e9;
    build_t b = {out,
                 col,
                 out->elapsed_s,
                 (double)r->c->block_size,
                 (double)r->c->cluster.message_bytes,
                 r->c->rac.cr_build_us / 1e3};
    char name[RAC_NAME];

    line(&b, RAC_SEC_LOAD, "Transactions per second", tps, 0);
    line(&b, RAC_SEC_LOAD, "Transactions per minute", tps, 1);
    line(&b, RAC_SEC_LOAD, "Redo size per second (bytes)", load, 4);
    line(&b, RAC_SEC_LOAD, "Redo size per transaction (bytes)", load, 5);
    line(&b, RAC_SEC_LOAD, "Logical reads per second", load, 0);
    line(&b, RAC_SEC_LOAD, "Logical reads per transaction", load, 1);
    line(&b, RAC_SEC_LOAD, "Block changes per second", load, 2);
    line(&b, RAC_SEC_LOAD, "Block changes per transaction", load, 3);

    line(&b, RAC_SEC_GC_LOAD, "Global Cache blocks received per second", received, 0);
    line(&b, RAC_SEC_GC_LOAD, "Global Cache blocks received per transaction", received, 1);
    line(&b, RAC_SEC_GC_LOAD, "Global Cache blocks served per second", served, 0);
    line(&b, RAC_SEC_GC_LOAD, "Global Cache blocks served per transaction", served, 1);
    line(&b, RAC_SEC_GC_LOAD, "GCS/GES messages received per second", msgs_received, 0);
    line(&b, RAC_SEC_GC_LOAD, "GCS/GES messages received per transaction", msgs_received, 1);
    line(&b, RAC_SEC_GC_LOAD, "GCS/GES messages sent per second", msgs_sent, 0);
    line(&b, RAC_SEC_GC_LOAD, "GCS/GES messages sent per transaction", msgs_sent, 1);
    line(&b, RAC_SEC_GC_LOAD, "DBWR Fusion writes per second", zero, 0);
    line(&b, RAC_SEC_GC_LOAD, "DBWR Fusion writes per transaction", zero, 0);
    line(&b, RAC_SEC_GC_LOAD, "Estd Interconnect traffic (KB) per second", traffic_kb, 0);
    line(&b, RAC_SEC_GC_LOAD, "Estd Interconnect traffic (KB) per transaction", traffic_kb, 1);

    line(&b, RAC_SEC_GC_EFF, "Buffer access - local cache %", access_pct, 0);
    line(&b, RAC_SEC_GC_EFF, "Buffer access - remote cache %", access_pct, 1);
    line(&b, RAC_SEC_GC_EFF, "Buffer access - disk %", access_pct, 2);

    line(&b, RAC_SEC_GC_WORK, "Avg global cache cr block receive time (ms)", receive_ms, 0);
    line(&b, RAC_SEC_GC_WORK, "Avg global cache current block receive time (ms)", receive_ms, 1);
    line(&b, RAC_SEC_GC_WORK, "Avg global cache cr block build time (ms)", build_ms, 0);
    line(&b, RAC_SEC_GC_WORK, "Global cache log flushes for cr blocks served %", flush_pct, 0);
    line(&b, RAC_SEC_GC_WORK, "Global cache log flushes for current blocks served %", flush_pct, 1);
    line(&b, RAC_SEC_GC_WORK, "Avg global cache block flush time (ms)", flush_ms, 0);
    line(&b, RAC_SEC_GC_WORK, "Fairness down-converts per second", downconverts, 0);
    line(&b, RAC_SEC_GC_WORK, "Fairness down-converts per transaction", downconverts, 1);
    line(&b, RAC_SEC_GC_WORK, "global cache defers per second", defers, 0);
    line(&b, RAC_SEC_GC_WORK, "global cache defers per transaction", defers, 1);
    line(&b, RAC_SEC_GC_WORK, "global cache defers % of current blocks served", defers, 2);
    static const char *const bo[7] = {"Broadcast on commit messages sent per second",
                                      "Broadcast on commit messages sent per transaction",
                                      "Broadcast on commit messages received per second",
                                      "Broadcast on commit messages received per transaction",
                                      "redo write broadcast ack count per second",
                                      "redo write broadcast ack count per transaction",
                                      "Avg redo write broadcast ack time (ms)"};
    for (int k = 0; k < 7; k++)
        line(&b, RAC_SEC_GC_WORK, bo[k], boc, k);
    static const char *const lo[4] = {
        "gc cr blocks lost per second", "gc cr blocks lost per transaction",
        "gc current blocks lost per second", "gc current blocks lost per transaction"};
    for (int k = 0; k < 4; k++)
        line(&b, RAC_SEC_GC_WORK, lo[k], lost, k);

    for (int k = 0; k < GCACHE_CLASSES; k++)
        for (int m = 0; m < 2; m++)
            for (int what = 0; what < 5; what++) {
                static const char *const w[5] = {"blocks received per second",
                                                 "blocks received per transaction", "% immed",
                                                 "% busy", "% congst"};
                snprintf(name, sizeof name, "%s: %s %s", gcache_class_name((gcache_class_t)k),
                         m ? "current" : "CR", w[what]);
                line(&b, RAC_SEC_TRANSFER, name, transfer, k * 16 + m * 8 + what);
            }

    for (unsigned k = 0; k < K_COUNT; k++) {
        if (k > 0 && strcmp(rac_kind_name(k), rac_kind_name(k - 1)) == 0)
            continue;
        for (int what = 0; what < 4; what++) {
            static const char *const w[4] = {"gc cr blocks received per second",
                                             "gc cr blocks received per transaction",
                                             "gc current blocks received per second",
                                             "gc current blocks received per transaction"};
            snprintf(name, sizeof name, "%s: %s", rac_kind_name(k), w[what]);
            line(&b, RAC_SEC_SEGMENTS, name, by_kind, (int)k * 4 + what);
        }
    }

    for (int k = 0; k < C_COUNT; k++)
        for (int what = 0; what < 6; what++) {
            static const char *const w[6] = {"time (s per s)",   "time per transaction (ms)",
                                             "waits per second", "waits per transaction",
                                             "avg wait (ms)",    "% DB time"};
            snprintf(name, sizeof name, "%s %s", classes[k], w[what]);
            line(&b, RAC_SEC_CLASSES, name, wait_class, k * 8 + what);
        }

    for (int e = 0; e < E_COUNT; e++)
        for (int what = 0; what < 5; what++) {
            static const char *const w[5] = {"waits per second", "waits per transaction",
                                             "time (s per s)", "time per transaction (ms)",
                                             "avg wait (ms)"};
            snprintf(name, sizeof name, "%s: %s", events[e].name, w[what]);
            line(&b, RAC_SEC_EVENTS, name, wait_event, e * 8 + what);
        }

    static const char *const tm[8] = {"DB time (s per s)",
                                      "DB CPU (s per s)",
                                      "CPU run queue (s per s)",
                                      "Users idle: think and client (s per s)",
                                      "Users (DB time + idle per second)",
                                      "LMS CPU (s per s)",
                                      "CPU utilisation %",
                                      "DB CPU % DB time"};
    for (int k = 0; k < 8; k++)
        line(&b, RAC_SEC_TIME, tm[k], time_model, k);
    line(&b, RAC_SEC_TIME, "LGWR CPU (s per s)", boc, 7);
    static const char *const tx[4] = {"DB time per transaction (ms)", "DB CPU per transaction (ms)",
                                      "CPU run queue per transaction (ms)",
                                      "LMS CPU per transaction (ms)"};
    for (int k = 0; k < 4; k++)
        line(&b, RAC_SEC_TIME, tx[k], time_per_tx, k);

    line(&b, RAC_SEC_LINK, "MB sent per second", link_fig, 0);
    line(&b, RAC_SEC_LINK, "KB sent per transaction", link_fig, 2);
    line(&b, RAC_SEC_LINK, "Send queue busy %", link_fig, 1);
}

const rac_line_t *rac_report_line(const rac_report_t *r, const char *section, const char *name)
{
    for (size_t i = 0; i < r->n; i++)
        if (strcmp(r->line[i].section, section) == 0 && strcmp(r->line[i].name, name) == 0)
            return &r->line[i];
    return NULL;
}

/* ---- the figures against the block size (lobbench --plot) ---------------- */

static const char *const names[RAC_FIGURES] = {
    "estd interconnect traffic in KB",
    "GCS/GES messages sent and received",
    "global cache blocks served and received",
    "CR blocks received",
    "current blocks received",
    "transactions per minute",
    "cluster wait class",
    "commit wait class",
    "system I/O wait class",
    "user I/O wait class",
    "DB CPU",
};

const char *rac_figure_name(size_t i)
{
    return i < RAC_FIGURES ? names[i] : NULL;
}

void rac_figures(const sim_stats_t *st, double out[RAC_FIGURES])
{
    /* Over two instances every block one receives the other serves and
     * every message one sends the other receives: AWR's "served and
     * received" and "sent and received" are twice the received (sent)
     * counts, its traffic estimate twice the statistic's. */
    const uint64_t *v = st->v;
    double us = (double)v[SIM_STAT_ELAPSED_MICRO];
    double s = us / 1e6;
    for (size_t i = 0; i < RAC_FIGURES; i++)
        out[i] = 0;
    if (us <= 0)
        return;
    out[0] = 2.0 * (double)v[SIM_STAT_INTERCONNECT_BYTES] / 1024.0 / s;
    out[1] = 2.0 * (double)(v[SIM_STAT_GCS_MESSAGES] + v[SIM_STAT_GES_MESSAGES]) / s;
    out[2] = 2.0 * (double)(v[SIM_STAT_GC_CR_RECEIVED] + v[SIM_STAT_GC_CURRENT_RECEIVED]) / s;
    out[3] = (double)v[SIM_STAT_GC_CR_RECEIVED] / s;
    out[4] = (double)v[SIM_STAT_GC_CURRENT_RECEIVED] / s;
    out[5] = 60.0 * (double)v[SIM_STAT_USER_COMMITS] / s;
    out[6] = (double)v[SIM_STAT_CLUSTER_MICRO] / us;
    out[7] = (double)v[SIM_STAT_COMMIT_MICRO] / us;
    out[8] = (double)v[SIM_STAT_SYSTEM_IO_MICRO] / us;
    out[9] = (double)v[SIM_STAT_USER_IO_MICRO] / us;
    out[10] = (double)v[SIM_STAT_DB_CPU_MICRO] / us;
}
