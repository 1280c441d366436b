/*
 * sessions.c -- lobbench --script=FILE --sessions=N[,N...]: the script's
 * DML in N sessions at once (life_sessions_run()), reported in the shape of
 * an AWR report: the load profile per second and per transaction, the top
 * timed events with their wait classes, the dispenser latch's and the HW
 * enqueue's activity, and each session's time.  With several counts, a
 * line per count closes the report: how throughput and where the time goes
 * change with the number of sessions.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sessions.h"

static double sec(uint64_t ns)
{
    return (double)ns / 1e9;
}

static double ratio(double a, double b)
{
    return b > 0 ? a / b : 0;
}

/* DB time: CPU and every wait (a script's sleeps are idle). */
static uint64_t db_time(const life_ses_figures_t *f)
{
    uint64_t t = f->cpu_ns;
    for (int e = 0; e < LIFE_EVENTS; e++)
        t += f->wait_ns[e];
    return t;
}

static void load_profile(FILE *f, const life_ses_figures_t *y)
{
    static const struct {
        const char *name;
        sim_stat_t st;
    } stats[] = {{"Redo size (bytes)", SIM_STAT_REDO_SIZE},
                 {"Block changes", SIM_STAT_DB_BLOCK_CHANGES},
                 {"securefile allocation chunks", SIM_STAT_SF_ALLOC_CHUNKS},
                 {"securefile direct write ops", SIM_STAT_SF_DIRECT_WRITE_OPS},
                 {"segment extents allocated", SIM_STAT_SEG_EXTENTS}};
    double el = sec(y->end_ns), tx = (double)y->transactions;
    fprintf(f, "%-36s %14s %16s\n", "Load Profile", "per second", "per transaction");
    fprintf(f, "  %-34s %14.3f %16.3f\n", "DB time (s)", ratio(sec(db_time(y)), el),
            ratio(sec(db_time(y)), tx));
    fprintf(f, "  %-34s %14.3f %16.3f\n", "DB CPU (s)", ratio(sec(y->cpu_ns), el),
            ratio(sec(y->cpu_ns), tx));
    fprintf(f, "  %-34s %14.3f %16s\n", "Transactions", ratio(tx, el), "");
    for (size_t i = 0; i < sizeof stats / sizeof stats[0]; i++)
        fprintf(f, "  %-34s %14.3f %16.3f\n", stats[i].name,
                ratio((double)y->st.v[stats[i].st], el), ratio((double)y->st.v[stats[i].st], tx));
}

/* DB CPU and the events with time, by time (then by name): the top five. */
static void top_events(FILE *f, const life_ses_figures_t *y)
{
    int order[LIFE_EVENTS + 1], n = 0;
    for (int e = -1; e < LIFE_EVENTS; e++)
        if (e < 0 || y->waits[e] > 0)
            order[n++] = e;
    for (int i = 1; i < n; i++)
        for (int j = i; j > 0; j--) {
            int a = order[j - 1], b = order[j];
            uint64_t ta = a < 0 ? y->cpu_ns : y->wait_ns[a], tb = b < 0 ? y->cpu_ns : y->wait_ns[b];
            if (tb <= ta)
                break;
            order[j - 1] = b;
            order[j] = a;
        }
    double dbt = (double)db_time(y);
    fprintf(f, "%-32s %10s %10s %9s %9s  %s\n", "Top 5 Timed Events", "Waits", "Time (s)",
            "Avg (ms)", "% DB time", "Wait Class");
    for (int i = 0; i < n && i < 5; i++) {
        int e = order[i];
        if (e < 0) {
            fprintf(f, "  %-30s %10s %10.3f %9s %9.1f\n", "DB CPU", "", sec(y->cpu_ns), "",
                    100 * ratio((double)y->cpu_ns, dbt));
            continue;
        }
        fprintf(f, "  %-30s %10llu %10.3f %9.3f %9.1f  %s\n", life_event_name((life_event_t)e),
                (unsigned long long)y->waits[e], sec(y->wait_ns[e]),
                ratio((double)y->wait_ns[e] / 1e6, (double)y->waits[e]),
                100 * ratio((double)y->wait_ns[e], dbt), life_event_class((life_event_t)e));
    }
}

static void activity(FILE *f, const life_ses_figures_t *y)
{
    fprintf(f, "%-32s %12s %12s %12s %9s\n", "Latch Activity", "Get Requests", "Misses", "Sleeps",
            "Pct Miss");
    fprintf(f, "  %-30s %12llu %12llu %12llu %9.2f\n", "lob segment dispenser latch",
            (unsigned long long)y->latch_gets, (unsigned long long)y->latch_misses,
            (unsigned long long)y->latch_sleeps,
            100 * ratio((double)y->latch_misses, (double)y->latch_gets));
    fprintf(f, "%-32s %12s %12s %12s %9s\n", "Enqueue Activity", "Requests", "Waits", "Wt Time (s)",
            "Avg (ms)");
    fprintf(f, "  %-30s %12llu %12llu %12.3f %9.3f\n", "HW-Segment High Water Mark",
            (unsigned long long)y->hw_gets, (unsigned long long)y->waits[LIFE_EV_HW],
            sec(y->wait_ns[LIFE_EV_HW]),
            ratio((double)y->wait_ns[LIFE_EV_HW] / 1e6, (double)y->waits[LIFE_EV_HW]));
}

/* Each table's segments at the end, as user_segments and
 * dbms_space.space_usage show them. */
static void segments(FILE *f, const life_ses_result_t *r)
{
    fprintf(f, "%-24s %12s %8s %12s %12s %12s %12s\n", "Segments at the end", "LOB blocks",
            "extents", "used", "expired", "unexpired", "table blocks");
    for (uint32_t i = 0; i < r->ntables; i++) {
        const sim_stats_t *g = &r->tables[i].segment;
        fprintf(f, "  %-22s %12llu %8llu %12llu %12llu %12llu %12llu\n", r->tables[i].name,
                (unsigned long long)g->v[SIM_STAT_SEG_LOB_BLOCKS],
                (unsigned long long)g->v[SIM_STAT_SEG_LOB_EXTENTS],
                (unsigned long long)g->v[SIM_STAT_DSU_USED_BLOCKS],
                (unsigned long long)g->v[SIM_STAT_DSU_EXPIRED_BLOCKS],
                (unsigned long long)g->v[SIM_STAT_DSU_UNEXPIRED_BLOCKS],
                (unsigned long long)g->v[SIM_STAT_SEG_TAB_BLOCKS]);
    }
}

/* A line per session: its transactions, DB time, CPU and each event's time. */
static void per_session(FILE *f, const life_ses_result_t *r)
{
    fprintf(f, "%-4s %12s %11s %9s", "SID", "transactions", "DB time (s)", "CPU (s)");
    for (int e = 0; e < LIFE_EVENTS; e++)
        fprintf(f, " %*s", (int)strlen(life_event_name((life_event_t)e)),
                life_event_name((life_event_t)e));
    fputc('\n', f);
    for (uint32_t k = 0; k < r->n; k++) {
        const life_ses_figures_t *s = &r->s[k];
        fprintf(f, "%-4u %12llu %11.3f %9.3f", k + 1, (unsigned long long)s->transactions,
                sec(db_time(s)), sec(s->cpu_ns));
        for (int e = 0; e < LIFE_EVENTS; e++)
            fprintf(f, " %*.3f", (int)strlen(life_event_name((life_event_t)e)), sec(s->wait_ns[e]));
        fputc('\n', f);
    }
}

/* Each statement ended by an Oracle error (ORA-00060, ...), a line each,
 * as SQL*Plus shows the error and goes on. */
static void errors(FILE *f, const char *script, const life_ses_result_t *r)
{
    for (uint32_t i = 0; i < r->nerrors; i++)
        fprintf(f,
                "%s (session %u, %s:%u, at %.3f s: the statement rolled back, the session goes "
                "on)\n",
                r->errors[i].text, r->errors[i].session, script, r->errors[i].line,
                sec(r->errors[i].at_ns));
}

static void report(FILE *f, const char *script, const life_ses_result_t *r)
{
    const life_ses_figures_t *y = &r->sys;
    fprintf(f,
            "Sessions at once: %s, %u session%s on its segments; %llu transactions in %.3f s "
            "of model time\n",
            script, r->n, r->n == 1 ? "" : "s", (unsigned long long)y->transactions,
            sec(y->end_ns));
    errors(f, script, r);
    fputc('\n', f);
    load_profile(f, y);
    fputc('\n', f);
    top_events(f, y);
    fputc('\n', f);
    activity(f, y);
    fputc('\n', f);
    per_session(f, r);
    if (r->ntables) {
        fputc('\n', f);
        segments(f, r);
    }
}

/* Throughput and where DB time went over `el` ns of figures y: the
 * columns of a count's closing line and of a snapshot's. */
static void rates(FILE *f, const life_ses_figures_t *y, uint64_t el)
{
    double dbt = (double)db_time(y);
    fprintf(f, " %14.3f %14.3f %7.1f", ratio((double)y->transactions, sec(el)),
            ratio(sec(db_time(y)) * 1e3, (double)y->transactions),
            100 * ratio((double)y->cpu_ns, dbt));
    for (int e = 0; e < LIFE_EVENTS; e++)
        fprintf(f, " %*.1f", (int)strlen(life_event_name((life_event_t)e)),
                100 * ratio((double)y->wait_ns[e], dbt));
    fputc('\n', f);
}

static void rates_heading(FILE *f, const char *first)
{
    fprintf(f, "%s %14s %14s %7s", first, "transactions/s", "DB ms/trans", "% CPU");
    for (int e = 0; e < LIFE_EVENTS; e++)
        fprintf(f, " %s", life_event_name((life_event_t)e));
    fputs("   (% of DB time)\n", f);
}

/* --snapshot-every=Ns: the run interval by interval, as a series of AWR
 * reports' lines would show it. */
static void snapshots(FILE *f, const life_ses_result_t *r)
{
    fprintf(f, "\nSnapshots of model time (each interval's figures; a transaction's "
               "statistics count where it began)\n");
    rates_heading(f, "snap    end (s)");
    uint64_t start = 0;
    for (uint32_t i = 0; i < r->nsnaps; i++) {
        const life_ses_snap_t *sn = &r->snaps[i];
        fprintf(f, "%4u %10.3f", i + 1, sec(sn->end_ns));
        rates(f, &sn->sys, sn->end_ns - start);
        start = sn->end_ns;
    }
}

typedef struct {
    const life_ses_result_t *r;
    size_t n;
    unsigned block_kb;
    int snapped; /* --snapshot-every: a row per interval */
} csv_t;

/* One session's (sid > 0) or the system's (sid 0: an empty sid) figures
 * of st, a row a statistic; with snapshots, snapshot q of length el. */
static void rows(FILE *f, const csv_t *c, const life_ses_result_t *r, uint32_t sid,
                 const sim_stats_t *st, uint32_t q, uint64_t el)
{
    for (size_t k = 0; k < bench_order_len; k++) {
        fprintf(f, "script,,,%u,,\"%s\",%llu,,%u,", c->block_kb,
                sim_stat_info(bench_order[k])->name, (unsigned long long)st->v[bench_order[k]],
                r->n);
        if (sid)
            fprintf(f, "%u", sid);
        if (c->snapped)
            fprintf(f, ",%u,%.9g", q + 1, sec(el));
        fputc('\n', f);
    }
}

/* --stats-out: every statistic of each run with a sessions column (the
 * count) after the one layout's columns, and a sid column: the system's
 * figures (the sessions' sum, sid empty), then each session's (sid 1 ..
 * n, as v$sesstat's).  With snapshots, the system's figures of each
 * interval instead, its delta as the value, numbered by snap_id (1, 2,
 * ...) with the interval's length in seconds of model time (the last may be
 * shorter), as --snapshot-every gives the insert's by rows. */
static sim_err_t write_csv(FILE *f, void *arg)
{
    const csv_t *c = arg;
    fputs("workload,path,lob_kchars,block_kb,rows,statistic,value,recursive,sessions,sid", f);
    fputs(c->snapped ? ",snap_id,snap_seconds\n" : "\n", f);
    for (size_t i = 0; i < c->n; i++) {
        const life_ses_result_t *r = &c->r[i];
        uint64_t start = 0;
        for (uint32_t q = 0; c->snapped && q < r->nsnaps; q++) {
            rows(f, c, r, 0, &r->snaps[q].sys.st, q, r->snaps[q].end_ns - start);
            start = r->snaps[q].end_ns;
        }
        if (c->snapped)
            continue;
        rows(f, c, r, 0, &r->sys.st, 0, 0);
        for (uint32_t k = 0; k < r->n; k++)
            rows(f, c, r, k + 1, &r->s[k].st, 0, 0);
    }
    return ferror(f) ? SIM_EIO : SIM_OK;
}

int bench_sessions_run(FILE *f, const bench_opts_t *o, const scr_script_t *s,
                       const life_params_t *p, bench_sessions_fn record, void *arg, char *err,
                       size_t errlen)
{
    life_ses_result_t *r = calloc(o->nsessions, sizeof *r);
    if (r == NULL) {
        snprintf(err, errlen, "%s: out of memory", o->script);
        return 1;
    }
    int status = 0;
    char msg[SCR_ERR_LEN + 64];
    /* Every count runs before anything is printed or written: a run the
     * model refuses (a deadlock for ever, too many snapshots) leaves one
     * line, whichever count it was. */
    for (size_t i = 0; i < o->nsessions && status == 0; i++) {
        if (o->nsessions > 1 && !o->quiet)
            fprintf(stderr, "lobbench: %u session%s (%zu of %zu)\n", o->sessions[i],
                    o->sessions[i] == 1 ? "" : "s", i + 1, o->nsessions);
        sim_err_t rc =
            life_sessions_run(s, p, o->sessions[i], o->snapshot_ns, &r[i], msg, sizeof msg);
        if (rc != SIM_OK) {
            snprintf(err, errlen, "%s", rc == SIM_ENOMEM ? "out of memory" : msg);
            status = rc == SIM_ENOMEM ? 1 : 2;
        }
    }
    /* Ctrl-C now waits until every output is whole, then says what was. */
    sim_interrupt_hold(1);
    for (size_t i = 0; i < o->nsessions && status == 0; i++) {
        if (o->quiet) {
            errors(stderr, o->script, &r[i]);
            continue;
        }
        if (i > 0)
            fputc('\n', f);
        report(f, o->script, &r[i]);
        if (r[i].nsnaps)
            snapshots(f, &r[i]);
    }
    if (status == 0 && o->nsessions > 1) {
        fputc('\n', f);
        rates_heading(f, "sessions");
        for (size_t i = 0; i < o->nsessions; i++) {
            fprintf(f, "%8u", r[i].n);
            rates(f, &r[i].sys, r[i].sys.end_ns);
        }
    }
    if (status == 0 && o->plot && bench_sessions_plot(o, r, o->nsessions) != 0)
        status = 1;
    if (status == 0 && o->stats_out) {
        csv_t c = {r, o->nsessions, p->seg.block_size / 1024, o->snapshot_ns != 0};
        char why[512];
        if (sim_write_file(o->stats_out, write_csv, &c, why, sizeof why) != SIM_OK) {
            snprintf(err, errlen, "--stats-out: %s", why);
            status = 1;
        }
    }
    int recorded = 0;
    if (status == 0 && record) {
        if (bench_sessions_record(o, r, o->nsessions, p, record, arg) != 0) {
            snprintf(err, errlen, "%s: not recorded", o->script);
            status = 1;
        } else {
            recorded = !o->no_db;
        }
    }
    fflush(f);
    sim_interrupt_say(recorded ? "after the run was recorded" : "nothing recorded");
    sim_interrupt_hold(0);
    for (size_t i = 0; i < o->nsessions; i++)
        life_ses_result_free(&r[i]);
    free(r);
    return status;
}
