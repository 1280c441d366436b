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
 * The log writer is one server: its utilisation rho = throughput x writes
 * per transaction x write time, and a write waits write time / (1 - rho).
 * So the throughput X of an instance solves X = users / (think + R(X)),
 * R rising with X; bisection finds it.
 */
#include <string.h>

#include "workload_int.h"

typedef struct {
    double cpu, per_txn_fixed; /* µs of a transaction that do not queue */
    double flushes, writes;    /* per transaction */
    double write_us;           /* one log write on an idle log writer */
} demand_t;

/* Log write time with queueing at throughput x (transactions per µs). */
static double log_wait(const demand_t *d, double x)
{
    double rho = x * d->writes * d->write_us;
    return d->write_us / (1.0 - rho);
}

static double response(const demand_t *d, double x)
{
    double lw = log_wait(d, x);
    return d->cpu + d->per_txn_fixed + (d->flushes + 1.0) * lw;
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
        double bytes_per_write = writes > 0 ? (double)v[SIM_STAT_REDO_SIZE] / writes : 0;
        demand_t d;
        d.cpu = p->cpu_us;
        d.per_txn_fixed = (ships * (p->rtt_us + wire) + grants * p->rtt_us +
                           (double)v[SIM_STAT_PHYS_READS] * p->read_us) /
                          t;
        d.flushes = flushes / t;
        d.writes = writes / t;
        d.write_us = p->log_write_us + bytes_per_write / p->log_mb_s;
        /* Throughput is below the think-and-CPU bound and the log writer's. */
        double hi = p->users / ((double)p->think_us + d.cpu + d.per_txn_fixed + d.write_us);
        double lw_bound = 1.0 / (d.writes * d.write_us);
        if (hi > lw_bound)
            hi = lw_bound;
        double lo = 0;
        for (int k = 0; k < 200; k++) {
            double x = (lo + hi) / 2;
            if (p->users / ((double)p->think_us + response(&d, x)) > x)
                lo = x;
            else
                hi = x;
        }
        double x = lo, lw = log_wait(&d, x);
        x_total += x;
        txns += t;
        cluster += ships * (p->rtt_us + wire) + grants * p->rtt_us + flushes * lw;
        commit += t * lw;
        user_io += (double)v[SIM_STAT_PHYS_READS] * p->read_us;
        system_io += writes * d.write_us + (double)v[SIM_STAT_PHYS_WRITES] * p->dbwr_write_us;
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
