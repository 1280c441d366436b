/*
 * sessions_record.c -- a run of sessions at once (--sessions) as the
 * results store records it: for each count of the sweep, the system's
 * figures (sid 0, as v$sysstat) with its snapshots, then each simulated
 * session's (sid 1 .. count, as v$sesstat), every wait event of each
 * (v$session_event, v$system_event).  The store itself is lobbench's
 * (lobbench_record.c): this library does not link it.
 *
 * Wait times are kept in whole microseconds, as time_waited_micro and as
 * the statistic `enq: HW - contention time_waited_micro` counts them:
 * each session's nanoseconds rounded down, and the system's and each
 * snapshot's their sum (life_ses_snap_t's wait_us), so that the sessions
 * and the snapshots add up to the system exactly.  The script's sleeps are
 * one more event, Oracle's Idle "PL/SQL lock timer" (life_idle_event_name()),
 * kept the same way; DB CPU is the statistic of that name (v$sess_time_model).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sessions.h"

/* The model's wait events, then the idle one (the sleeps). */
#define NEV (LIFE_EVENTS + 1)
_Static_assert(NEV <= BENCH_MAX_EVENTS, "bench_ses_t holds every event of the model");

/* Event e of figures f (e == LIFE_EVENTS: the idle one), its time us. */
static bench_event_t event_of(const life_ses_figures_t *f, int e, uint64_t us)
{
    if (e == LIFE_EVENTS)
        return (bench_event_t){life_idle_event_name(), life_idle_event_class(), f->idle_waits, us};
    return (bench_event_t){life_event_name((life_event_t)e), life_event_class((life_event_t)e),
                           f->waits[e], us};
}

/* Every event of figures f into r, zeros included, their times us[]. */
static void events_of(bench_ses_t *r, const life_ses_figures_t *f, const uint64_t *us)
{
    r->nevents = NEV;
    for (int e = 0; e < NEV; e++)
        r->events[e] = event_of(f, e, us[e]);
}

/* A session's own times, its nanoseconds rounded down. */
static void micro_of(const life_ses_figures_t *f, uint64_t us[NEV])
{
    for (int e = 0; e < LIFE_EVENTS; e++)
        us[e] = f->wait_ns[e] / 1000;
    us[LIFE_EVENTS] = f->idle_ns / 1000;
}

/* The model's parameters as "name=value ..." into buf. */
static void describe(const life_params_t *p, char *buf, size_t len)
{
    size_t used = 0;
    buf[0] = '\0';
    for (size_t i = 0; i < life_param_count() && used < len; i++) {
        int w = snprintf(buf + used, len - used, "%s%s=%u", i ? " " : "", life_param_name(i),
                         life_param_get(p, i));
        if (w < 0)
            break;
        used += (size_t)w;
    }
}

/* The snapshots of run r into the system's record y, from the arrays at
 * sec, st and ev (r->nsnaps, r->nsnaps, r->nsnaps x NEV). */
static void snapshots_of(bench_ses_t *y, const life_ses_result_t *r, double *sec, sim_stats_t *st,
                         bench_event_t *ev)
{
    uint64_t start = 0;
    for (uint32_t q = 0; q < r->nsnaps; q++) {
        const life_ses_snap_t *sn = &r->snaps[q];
        sec[q] = (double)(sn->end_ns - start) / 1e9;
        start = sn->end_ns;
        st[q] = sn->sys.st;
        for (int e = 0; e < NEV; e++)
            ev[(size_t)q * NEV + e] =
                event_of(&sn->sys, e, e == LIFE_EVENTS ? sn->idle_us : sn->wait_us[e]);
    }
    y->nsnaps = r->nsnaps;
    y->snap_seconds = sec;
    y->snaps = st;
    y->snap_events = ev;
}

int bench_sessions_record(const bench_opts_t *o, const life_ses_result_t *r, size_t n,
                          const life_params_t *p, bench_sessions_fn record, void *arg)
{
    size_t nrec = 0, nsnaps = 0;
    for (size_t i = 0; i < n; i++) {
        nrec += 1 + r[i].n;
        nsnaps += r[i].nsnaps;
    }
    bench_ses_t *rec = calloc(nrec, sizeof *rec);
    double *sec = calloc(nsnaps ? nsnaps : 1, sizeof *sec);
    sim_stats_t *st = calloc(nsnaps ? nsnaps : 1, sizeof *st);
    bench_event_t *ev = calloc(nsnaps ? nsnaps * NEV : 1, sizeof *ev);
    char params[4096];
    int rc = 1;
    if (rec == NULL || sec == NULL || st == NULL || ev == NULL) {
        fprintf(stderr, "lobbench: out of memory recording into %s\n", o->db);
        goto out;
    }
    size_t k = 0, q = 0;
    for (size_t i = 0; i < n; i++) {
        bench_ses_t *y = &rec[k++];
        *y = (bench_ses_t){
            .count = r[i].n, .sid = 0, .block_size = p->seg.block_size, .stats = r[i].sys.st};
        snapshots_of(y, &r[i], sec + q, st + q, ev + q * NEV);
        q += r[i].nsnaps;
        uint64_t sys_us[NEV] = {0}, us[NEV];
        for (uint32_t s = 0; s < r[i].n; s++) {
            bench_ses_t *x = &rec[k++];
            *x = (bench_ses_t){.count = r[i].n,
                               .sid = s + 1,
                               .block_size = p->seg.block_size,
                               .stats = r[i].s[s].st};
            micro_of(&r[i].s[s], us);
            events_of(x, &r[i].s[s], us);
            for (int e = 0; e < NEV; e++)
                sys_us[e] += us[e];
        }
        events_of(y, &r[i].sys, sys_us);
    }
    describe(p, params, sizeof params);
    rc = record(arg, o, rec, nrec, params);
out:
    free(rec);
    free(sec);
    free(st);
    free(ev);
    return rc;
}
