/*
 * time.c -- the rac workload's time model: closed-loop users with think
 * time, and the waits the counts of rac.c cost them.
 *
 * Each instance's users cycle: think, then run a transaction whose
 * response time is its CPU plus its waits, by Oracle's wait classes:
 *   Cluster    each block received waits the round trip and the block's
 *              wire time on the shared link; each grant the round trip; a
 *              block whose holder had not yet written its change to the
 *              log waits for that log write too (flush before ship; in
 *              this class only);
 *   Commit     log file sync: the commit's own log write, queued behind
 *              the log writer;
 *   User I/O   each single-block read from disk;
 *   System I/O the log writer's writes (commits and flushes) and the
 *              database writer's block writes: background processes, busy
 *              at most the whole run each, not in the users' time.
 * The log writer is one server with group commit (log_wait()).  The link
 * is one server both instances share: at utilisation rho (bytes on the
 * wire per µs / bandwidth) a block's wire time is block / bandwidth /
 * (1 - rho), M/M/1.  So each instance's throughput X solves
 * X = users / (think + R(X, rho)), R rising with X and rho, and rho is the
 * bytes those throughputs put on the link: bisection on rho outside,
 * bisection on X inside.  The waits per second are X x the waits of a
 * transaction, so Cluster + Commit + User I/O + CPU + think = users
 * (Little's law).
 */
#include <string.h>

#include "rac_sim_int.h"

typedef struct {
    double cpu, per_txn_fixed; /* µs of a transaction that do not queue */
    double flushes, writes;    /* per transaction */
    double redo;               /* bytes per transaction */
    double latency, mb_s;      /* the log device */
} demand_t;

/*
 * The log writer at throughput x (transactions per µs), with group commit:
 * a write waited for is, on average, half of the write in progress (when
 * the log writer is busy, probability rho) and then a whole one.  Below
 * saturation each write carries one commit's redo; saturated, the log
 * writer writes back to back and each write carries the redo that came in
 * during the one before, so it grows with what it must flush:
 * w = latency + redo rate x w / bandwidth.
 */
static double log_wait(const demand_t *d, double x, double *write_us)
{
    double w = d->latency + d->redo / d->writes / d->mb_s;
    double rho = x * d->writes * w;
    if (rho >= 1.0) {
        w = d->latency / (1.0 - x * d->redo / d->mb_s);
        rho = 1.0;
    }
    if (write_us)
        *write_us = w;
    return w * (1.0 + rho / 2.0);
}

/* One instance's demands per transaction, apart from the log writer. */
typedef struct {
    demand_t d;
    double t;             /* transactions simulated */
    double ships, grants; /* per transaction */
    double reads;         /* single-block reads per transaction */
    double bytes;         /* bytes this instance receives per transaction */
    double x;             /* throughput, transactions per µs */
} instance_t;

/* A block's wire time on the shared link at utilisation rho: M/M/1, the
 * transfer's own time stretched by the queue in front of it. */
static double cluster_wait(const case_rac_params_t *p, const instance_t *in, double wire,
                           double rho)
{
    return in->ships * (p->rtt_us + wire / (1.0 - rho)) + in->grants * p->rtt_us;
}

static double response(const case_rac_params_t *p, const instance_t *in, double wire, double rho,
                       double x)
{
    return in->d.cpu + cluster_wait(p, in, wire, rho) + in->reads * p->read_us +
           (in->d.flushes + 1.0) * log_wait(&in->d, x, NULL);
}

/* The closed loop of one instance's users at link utilisation rho:
 * X = users / (think + R(X)), R rising with X; bisection finds X. */
static double throughput(const case_rac_params_t *p, const instance_t *in, double wire, double rho)
{
    double hi = p->users / ((double)p->think_us + in->d.cpu + in->d.latency);
    if (hi > 0.999 * in->d.mb_s / in->d.redo)
        hi = 0.999 * in->d.mb_s / in->d.redo;
    double lo = 0;
    for (int k = 0; k < 100; k++) {
        double x = (lo + hi) / 2;
        if (p->users / ((double)p->think_us + response(p, in, wire, rho, x)) > x)
            lo = x;
        else
            hi = x;
    }
    return lo;
}

void rac_time(const case_t *c, const sim_stats_t inst[2], sim_stats_t *time)
{
    const case_rac_params_t *p = &c->rac;
    double link = p->link_mbit / 8.0;           /* bytes per µs */
    double wire = (double)c->block_size / link; /* µs, on an idle link */
    instance_t in[2];
    memset(in, 0, sizeof in);
    for (int i = 0; i < 2; i++) {
        const uint64_t *v = inst[i].v;
        double t = (double)v[SIM_STAT_USER_COMMITS];
        in[i].t = t;
        if (t == 0)
            continue;
        double flushes = (double)v[SIM_STAT_GC_FLUSHES];
        in[i].ships = (double)(v[SIM_STAT_GC_CR_RECEIVED] + v[SIM_STAT_GC_CURRENT_RECEIVED]) / t;
        in[i].grants =
            (double)(v[SIM_STAT_WAIT_GC_CR_GRANT] + v[SIM_STAT_WAIT_GC_CURRENT_GRANT]) / t;
        in[i].reads = (double)v[SIM_STAT_PHYS_READS] / t;
        in[i].bytes = (double)v[SIM_STAT_INTERCONNECT_BYTES] / t;
        in[i].d.cpu = p->cpu_us;
        in[i].d.flushes = flushes / t;
        in[i].d.writes = ((double)v[SIM_STAT_REDO_WRITES] + flushes) / t;
        in[i].d.redo = (double)v[SIM_STAT_REDO_SIZE] / t;
        in[i].d.latency = p->log_write_us;
        in[i].d.mb_s = p->log_mb_s;
    }
    /* The link is one resource both instances' transfers share: its
     * utilisation rho = bytes per µs / bandwidth, and rho itself slows the
     * transfers.  The bytes the throughputs at rho put on the link fall as
     * rho rises; bisection finds the rho they produce. */
    double lo = 0, hi = 1;
    for (int k = 0; k < 100; k++) {
        double rho = (lo + hi) / 2, load = 0;
        for (int i = 0; i < 2; i++)
            if (in[i].t > 0)
                load += throughput(p, &in[i], wire, rho) * in[i].bytes;
        if (load / link > rho)
            lo = rho;
        else
            hi = rho;
    }
    double rho = lo, txns = 0, x_total = 0;
    for (int i = 0; i < 2; i++)
        if (in[i].t > 0) {
            in[i].x = throughput(p, &in[i], wire, rho);
            txns += in[i].t;
            x_total += in[i].x;
        }
    /* Each instance's users spend, per µs of the run, X x (their
     * response time): Little's law, with the think time the rest of the
     * users.  The log writer and the database writer are background
     * processes: their time (System I/O) is not the users'. */
    double elapsed = x_total > 0 ? txns / x_total : 0;
    double cluster = 0, commit = 0, user_io = 0, system_io = 0, cpu = 0;
    for (int i = 0; i < 2; i++) {
        if (in[i].t == 0)
            continue;
        const uint64_t *v = inst[i].v;
        double n = in[i].x * elapsed; /* transactions in the run */
        double w, lw = log_wait(&in[i].d, in[i].x, &w);
        cluster += n * (cluster_wait(p, &in[i], wire, rho) + in[i].d.flushes * lw);
        commit += n * lw;
        user_io += n * in[i].reads * p->read_us;
        cpu += n * in[i].d.cpu;
        /* The log writer's and the database writer's busy time: their
         * writes, each at most the whole run (one process each). */
        double lgwr = n * in[i].d.writes * w;
        double dbwr = n * (double)v[SIM_STAT_PHYS_WRITES] / in[i].t * p->dbwr_write_us;
        system_io += (lgwr < elapsed ? lgwr : elapsed) + (dbwr < elapsed ? dbwr : elapsed);
    }
    memset(time, 0, sizeof *time);
    sim_stat_add(time, SIM_STAT_ELAPSED_MICRO, (uint64_t)(elapsed + 0.5));
    sim_stat_add(time, SIM_STAT_CLUSTER_MICRO, (uint64_t)(cluster + 0.5));
    sim_stat_add(time, SIM_STAT_COMMIT_MICRO, (uint64_t)(commit + 0.5));
    sim_stat_add(time, SIM_STAT_USER_IO_MICRO, (uint64_t)(user_io + 0.5));
    sim_stat_add(time, SIM_STAT_SYSTEM_IO_MICRO, (uint64_t)(system_io + 0.5));
    sim_stat_add(time, SIM_STAT_DB_CPU_MICRO, (uint64_t)(cpu + 0.5));
}
