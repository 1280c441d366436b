/*
 * rac_time.c -- the rac workload's time model: closed-loop users with think
 * time, and the waits the counts of rac.c cost them.
 *
 * Each instance's users cycle: think, then run a transaction whose
 * response time is its CPU plus its waits, by Oracle's wait classes:
 *   Cluster    each block received waits the round trip and the block's
 *              wire time (block size / link bandwidth); each grant the round
 *              trip; a block whose holder had not yet written its change to
 *              the log waits for that log write too (flush before ship);
 *   Commit     log file sync: one log write, queued behind the log writer;
 *   User I/O   each single-block read from disk;
 *   System I/O the log writer's writes (commits and flushes) and the
 *              database writer's block writes (background, not in the
 *              users' response time).
 * The log writer is one server with group commit (log_wait()).  So the
 * throughput X of an instance solves X = users / (think + R(X)),
 * R rising with X; bisection finds it.
 */
#include <string.h>

#include "workload_int.h"

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

static double response(const demand_t *d, double x)
{
    return d->cpu + d->per_txn_fixed + (d->flushes + 1.0) * log_wait(d, x, NULL);
}

void workload_rac_time(const case_t *c, const sim_stats_t inst[2], sim_stats_t *time)
{
    const case_rac_params_t *p = &c->rac;
    double wire = (double)c->block_size * 8.0 / p->link_mbit; /* µs */
    double elapsed = 0, txns = 0, x_total = 0;
    double cluster = 0, commit = 0, user_io = 0, system_io = 0, cpu = 0;
    for (int i = 0; i < 2; i++) {
        const uint64_t *v = inst[i].v;
        double t = (double)v[SIM_STAT_USER_COMMITS];
        if (t == 0)
            continue;
        double ships = (double)(v[SIM_STAT_GC_CR_RECEIVED] + v[SIM_STAT_GC_CURRENT_RECEIVED]);
        double grants = (double)(v[SIM_STAT_WAIT_GC_CR_GRANT] + v[SIM_STAT_WAIT_GC_CURRENT_GRANT]);
        double flushes = (double)v[SIM_STAT_GC_FLUSHES];
        double writes = (double)v[SIM_STAT_REDO_WRITES] + flushes;
        demand_t d;
        d.cpu = p->cpu_us;
        d.per_txn_fixed = (ships * (p->rtt_us + wire) + grants * p->rtt_us +
                           (double)v[SIM_STAT_PHYS_READS] * p->read_us) /
                          t;
        d.flushes = flushes / t;
        d.writes = writes / t;
        d.redo = (double)v[SIM_STAT_REDO_SIZE] / t;
        d.latency = p->log_write_us;
        d.mb_s = p->log_mb_s;
        /* Throughput is below the think-and-CPU bound and the log device's
         * bandwidth. */
        double hi = p->users / ((double)p->think_us + d.cpu + d.per_txn_fixed + d.latency);
        if (hi > 0.999 * d.mb_s / d.redo)
            hi = 0.999 * d.mb_s / d.redo;
        double lo = 0;
        for (int k = 0; k < 200; k++) {
            double x = (lo + hi) / 2;
            if (p->users / ((double)p->think_us + response(&d, x)) > x)
                lo = x;
            else
                hi = x;
        }
        double w, x = lo, lw = log_wait(&d, x, &w);
        x_total += x;
        txns += t;
        cluster += ships * (p->rtt_us + wire) + grants * p->rtt_us + flushes * lw;
        commit += t * lw;
        user_io += (double)v[SIM_STAT_PHYS_READS] * p->read_us;
        /* The log writer's busy time: its writes, at most the whole run. */
        double lgwr = writes * w < t / x ? writes * w : t / x;
        system_io += lgwr + (double)v[SIM_STAT_PHYS_WRITES] * p->dbwr_write_us;
        cpu += t * d.cpu;
    }
    elapsed = x_total > 0 ? txns / x_total : 0;
    memset(time, 0, sizeof *time);
    sim_stat_add(time, SIM_STAT_ELAPSED_MICRO, (uint64_t)(elapsed + 0.5));
    sim_stat_add(time, SIM_STAT_CLUSTER_MICRO, (uint64_t)(cluster + 0.5));
    sim_stat_add(time, SIM_STAT_COMMIT_MICRO, (uint64_t)(commit + 0.5));
    sim_stat_add(time, SIM_STAT_USER_IO_MICRO, (uint64_t)(user_io + 0.5));
    sim_stat_add(time, SIM_STAT_SYSTEM_IO_MICRO, (uint64_t)(system_io + 0.5));
    sim_stat_add(time, SIM_STAT_DB_CPU_MICRO, (uint64_t)(cpu + 0.5));
}
