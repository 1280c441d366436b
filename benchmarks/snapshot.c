/*
 * snapshot.c -- --snapshot-every=N: the insert's figures interval by
 * interval, as AWR's snapshots or Snapper's samples show a statement that
 * runs (issue 30, item 2).  The case runs again in intervals of N rows
 * (workload_run_snapshots; the model is deterministic, so the intervals
 * add up to the case's own figures) and each interval's delta of every
 * statistic is kept: --stats-out writes a row per interval and statistic,
 * with its snap_id (1, 2, ...) and the rows it inserted.
 */
#include "benchmarks.h"

#include <stdlib.h>
#include <string.h>

typedef struct {
    bench_case_t *bc;
    uint64_t every;
    sim_stats_t last; /* the figures so far at the last snapshot */
    uint64_t last_rows;
    int oom;
} take_t;

static int take_one(void *arg, uint64_t rows, const case_result_t *so_far)
{
    take_t *t = arg;
    bench_case_t *bc = t->bc;
    sim_stats_t now;
    case_result_total(so_far, &now);
    sim_stats_t *snaps = realloc(bc->snaps, (bc->nsnaps + 1) * sizeof *snaps);
    uint64_t *snap_rows = realloc(bc->snap_rows, (bc->nsnaps + 1) * sizeof *snap_rows);
    if (snaps)
        bc->snaps = snaps;
    if (snap_rows)
        bc->snap_rows = snap_rows;
    if (!snaps || !snap_rows) {
        t->oom = 1;
        return 1;
    }
    for (int s = 0; s < SIM_STAT_COUNT; s++)
        snaps[bc->nsnaps].v[s] = now.v[s] - t->last.v[s];
    snap_rows[bc->nsnaps] = rows - t->last_rows;
    bc->nsnaps++;
    t->last = now;
    t->last_rows = rows;
    return 0;
}

int bench_snapshots_take(bench_case_t *bc, uint64_t every, char *err, size_t errlen)
{
    take_t t = {bc, every, {{0}}, 0, 0};
    char msg[256];
    sim_err_t rc = workload_run_snapshots(&bc->c, every, take_one, &t, msg, sizeof msg);
    if (rc == SIM_OK)
        return 0;
    snprintf(err, errlen, "%s: --snapshot-every=%llu: %s", bc->name, (unsigned long long)every,
             t.oom || rc == SIM_ENOMEM ? "out of memory"
             : rc == SIM_EINVAL        ? msg
                                       : sim_strerror(rc));
    return 1;
}

void bench_snapshots_free(bench_case_t *cases, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        free(cases[i].snaps);
        free(cases[i].snap_rows);
        cases[i].snaps = NULL;
        cases[i].snap_rows = NULL;
        cases[i].nsnaps = 0;
    }
}
