/*
 * awr.c -- the rac workload's statistics as AWR shows them: the Global
 * Cache Load Profile and the wait classes, per second of elapsed time.
 *
 * In two instances every block one receives the other serves, and every
 * message one sends the other receives: AWR's "served and received" and
 * "sent and received" are twice the received (sent) counts, and its
 * estimated traffic twice the receiving side's (gcache_finish()).
 */
#include "rac_sim_int.h"

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
