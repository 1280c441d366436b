/*
 * intervals.c -- two runs compared interval by interval: for each case both
 * runs took snapshots of (lobbench --snapshot-every), every statistic whose
 * delta differs in some interval, with each interval's base and head, as AWR
 * reports are compared snapshot by snapshot.  The intervals compare only
 * when both runs cut the statement alike (the same number of intervals, each
 * of the same rows); otherwise the report says how they differ.  A run of
 * sessions at once is cut by model time: its intervals compare by their
 * start (the same length each but for each run's last, which ends with the
 * run), an interval after a run's end counting nothing for it, and its
 * wait events compare beside its statistics.
 */
#define _POSIX_C_SOURCE 200809L

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "lobdiff_int.h"

/* Whether interval i's rows are known, and its seconds (0: not given). */
int ldf_snap_rows_known(const ldf_case_t *c, uint32_t i)
{
    return !c->snap_rows_known || c->snap_rows_known[i];
}

double ldf_snap_seconds(const ldf_case_t *c, uint32_t i)
{
    return c->snap_seconds ? c->snap_seconds[i] : 0;
}

/* Two runs of sessions at once cut by the same period of model time. */
static int same_period(const ldf_case_t *b, const ldf_case_t *h)
{
    if (!b->ses_count || !h->ses_count || !b->snap_seconds || !h->snap_seconds || !b->nsnaps ||
        !h->nsnaps)
        return 0;
    uint32_t n = b->nsnaps < h->nsnaps ? b->nsnaps : h->nsnaps;
    for (uint32_t i = 0; i + 1 < n; i++)
        if (b->snap_seconds[i] != h->snap_seconds[i])
            return 0;
    /* one interval each: both the whole run, unless one was cut short */
    return n > 1 || (b->nsnaps > 1) == (h->nsnaps > 1) || b->snap_seconds[0] == h->snap_seconds[0];
}

uint32_t ldf_interval_count(const ldf_pair_t *p)
{
    return p->b->nsnaps > p->h->nsnaps ? p->b->nsnaps : p->h->nsnaps;
}

/* Case c's delta of statistic k in interval i: 0 after its run ended. */
static uint64_t delta(const ldf_case_t *c, uint32_t i, int k)
{
    return i < c->nsnaps ? c->snaps[i].v[k] : 0;
}

uint64_t ldf_event_delta(const ldf_case_t *c, uint32_t i, const char *name, int micro)
{
    for (uint32_t e = 0; i < c->nsnaps && e < c->nevents; e++)
        if (strcmp(c->events[e], name) == 0)
            return (micro ? c->snap_micro : c->snap_waits)[(size_t)i * c->nevents + e];
    return 0;
}

int ldf_intervals_state(const ldf_pair_t *p)
{
    if (!p->b || !p->h || (!p->b->nsnaps && !p->h->nsnaps))
        return LDF_IV_NONE;
    if (same_period(p->b, p->h))
        return LDF_IV_COMPARED;
    if (p->b->nsnaps != p->h->nsnaps)
        return LDF_IV_APART;
    /* Alike: the same rows each, or rows unknown in both (a Snapper series)
     * and the same seconds each. */
    for (uint32_t i = 0; i < p->b->nsnaps; i++) {
        int kb = ldf_snap_rows_known(p->b, i), kh = ldf_snap_rows_known(p->h, i);
        if (kb != kh || (kb && p->b->snap_rows[i] != p->h->snap_rows[i]) ||
            ldf_snap_seconds(p->b, i) != ldf_snap_seconds(p->h, i))
            return LDF_IV_APART;
    }
    return LDF_IV_COMPARED;
}

int ldf_interval_shown(const ldf_pair_t *p, int k, int all)
{
    for (uint32_t i = 0; i < ldf_interval_count(p); i++) {
        uint64_t b = delta(p->b, i, k), h = delta(p->h, i, k);
        if (b != h || (all && (b || h)))
            return 1;
    }
    return 0;
}

int ldf_event_shown(const ldf_pair_t *p, const char *name, int micro, int all)
{
    for (uint32_t i = 0; i < ldf_interval_count(p); i++) {
        uint64_t b = ldf_event_delta(p->b, i, name, micro),
                 h = ldf_event_delta(p->h, i, name, micro);
        if (b != h || (all && (b || h)))
            return 1;
    }
    return 0;
}

/* What interval i holds: its rows, "unknown" (never a 0 for it), or for
 * sessions at once, cut by model time, its seconds ("0.05 s";
 * "0.05/0.0288 s" where the runs' differ: a run's last). */
static void interval_size(const ldf_pair_t *p, uint32_t i, char *out, size_t len)
{
    const ldf_case_t *b = p->b, *h = p->h;
    double sb = i < b->nsnaps ? ldf_snap_seconds(b, i) : 0;
    double sh = i < h->nsnaps ? ldf_snap_seconds(h, i) : 0;
    if (i < b->nsnaps && ldf_snap_rows_known(b, i))
        snprintf(out, len, "%" PRIu64, b->snap_rows[i]);
    else if (!b->ses_count || !h->ses_count)
        snprintf(out, len, "unknown");
    else if (sb > 0 && sh > 0 && sb != sh)
        snprintf(out, len, "%g/%g s", sb, sh);
    else if (sb > 0 || sh > 0)
        snprintf(out, len, "%g s", sb > 0 ? sb : sh);
    else
        snprintf(out, len, "unknown");
}

/* A row per interval of one figure, base b[] and head h[] by interval. */
static void figure_rows(const ldf_pair_t *p, ldf_table_t *t, const char *name, const uint64_t *bv,
                        const uint64_t *hv)
{
    for (uint32_t i = 0; i < ldf_interval_count(p); i++) {
        uint64_t b = bv[i], h = hv[i];
        char id[16], rows[48], bs[32], hs[32], df[32], pct[32];
        snprintf(id, sizeof id, "%" PRIu32, i + 1);
        interval_size(p, i, rows, sizeof rows);
        snprintf(bs, sizeof bs, "%" PRIu64, b);
        snprintf(hs, sizeof hs, "%" PRIu64, h);
        snprintf(df, sizeof df, "%+" PRId64, (int64_t)(h - b));
        if (b)
            snprintf(pct, sizeof pct, "%+.1f", ((double)h / (double)b - 1) * 100);
        else
            snprintf(pct, sizeof pct, "%s", h ? "new" : "0.0");
        ldf_table_row(t, name, id, rows, bs, hs, df, pct);
    }
}

uint32_t ldf_event_names(const ldf_pair_t *p, const char *names[2 * LDF_MAX_EVENTS])
{
    uint32_t n = 0;
    for (int side = 0; side < 2; side++) {
        const ldf_case_t *c = side ? p->h : p->b;
        for (uint32_t e = 0; e < c->nevents; e++) {
            uint32_t f = 0;
            while (side && f < p->b->nevents && strcmp(p->b->events[f], c->events[e]) != 0)
                f++;
            if (!side || f == p->b->nevents) /* else named with base's */
                names[n++] = c->events[e];
        }
    }
    return n;
}

/* Each event either case has, by name: base's, then head's others. */
static void event_rows(const ldf_diff_t *d, const ldf_pair_t *p, ldf_table_t *t, uint64_t *bv,
                       uint64_t *hv)
{
    const char *names[2 * LDF_MAX_EVENTS];
    uint32_t n = ldf_event_names(p, names);
    for (uint32_t e = 0; e < n; e++)
        for (int micro = 0; micro < 2; micro++) {
            if (!ldf_event_shown(p, names[e], micro, d->o.all))
                continue;
            char label[LDF_EVENT_MAX + 32];
            snprintf(label, sizeof label, "%s%s", names[e],
                     micro ? " (event) time_waited_micro" : " (event) total_waits");
            for (uint32_t i = 0; i < ldf_interval_count(p); i++) {
                bv[i] = ldf_event_delta(p->b, i, names[e], micro);
                hv[i] = ldf_event_delta(p->h, i, names[e], micro);
            }
            figure_rows(p, t, label, bv, hv);
        }
}

void ldf_intervals_table(const ldf_diff_t *d, const ldf_pair_t *p, ldf_table_t *t)
{
    ldf_table_init(t, "lrrrrrr", "statistic", "interval", "rows", ldf_side_name(d, 0),
                   ldf_side_name(d, 1), "diff", "%");
    uint32_t n = ldf_interval_count(p);
    uint64_t *bv = ldf_malloc(2 * (n ? n : 1) * sizeof *bv), *hv = bv ? bv + n : NULL;
    if (!bv) {
        t->nomem = 1;
        return;
    }
    for (int k = 0; k < SIM_STAT_COUNT; k++) {
        if (!ldf_interval_shown(p, k, d->o.all))
            continue;
        for (uint32_t i = 0; i < n; i++) {
            bv[i] = delta(p->b, i, k);
            hv[i] = delta(p->h, i, k);
        }
        figure_rows(p, t, sim_stat_info((sim_stat_t)k)->name, bv, hv);
    }
    event_rows(d, p, t, bv, hv);
    free(bv);
}

/* Where run r's snapshots came from, as a user would name the command. */
static const char *snaps_source(const ldf_run_t *r)
{
    const char *f = r ? r->info.import_format : NULL;
    if (!f)
        return "lobbench --snapshot-every";
    if (strcmp(f, "snapper") == 0)
        return "a Snapper series, lobimport";
    if (strcmp(f, "awrhist") == 0)
        return "AWR snapshots, lobimport";
    return "lobimport";
}

void ldf_intervals_source(const ldf_diff_t *d, ldf_str_t *out)
{
    const char *b = snaps_source(d->side[0]), *h = snaps_source(d->side[1]);
    if (strcmp(b, h) == 0)
        ldf_str_add(out, "%s", b);
    else
        ldf_str_add(out, "%s: %s; %s: %s", ldf_side_name(d, 0), b, ldf_side_name(d, 1), h);
}

/* "4 intervals of 2500, 2500, 2500, 2500 rows" into out; an imported
 * Snapper series: "2 intervals of 5, 5 seconds, rows not known". */
static void describe(const ldf_case_t *c, ldf_str_t *out)
{
    if (!c->nsnaps) {
        ldf_str_add(out, "no snapshots");
        return;
    }
    int known = 1, timed = 0;
    for (uint32_t i = 0; i < c->nsnaps; i++) {
        known &= ldf_snap_rows_known(c, i);
        timed |= ldf_snap_seconds(c, i) > 0;
    }
    ldf_str_add(out, "%" PRIu32 " interval%s", c->nsnaps, c->nsnaps == 1 ? "" : "s");
    if (timed) {
        ldf_str_add(out, " of ");
        for (uint32_t i = 0; i < c->nsnaps && i < 8; i++) {
            double sec = ldf_snap_seconds(c, i);
            if (sec > 0)
                ldf_str_add(out, "%s%g", i ? ", " : "", sec);
            else
                ldf_str_add(out, "%s?", i ? ", " : "");
        }
        ldf_str_add(out, "%s seconds", c->nsnaps > 8 ? ", ..." : "");
    }
    if (known) {
        ldf_str_add(out, timed ? ", of " : " of ");
        for (uint32_t i = 0; i < c->nsnaps && i < 8; i++)
            ldf_str_add(out, "%s%" PRIu64, i ? ", " : "", c->snap_rows[i]);
        ldf_str_add(out, "%s rows", c->nsnaps > 8 ? ", ..." : "");
    } else
        ldf_str_add(out, ", rows not known");
}

sim_err_t ldf_print_intervals(FILE *f, const ldf_diff_t *d, const char *heading,
                              ldf_table_fn *render, ldf_put_fn *put)
{
    int first = 1;
    sim_err_t rc = SIM_OK;
    for (size_t i = 0; i < d->npairs && rc == SIM_OK; i++) {
        const ldf_pair_t *p = &d->pairs[i];
        int state = ldf_intervals_state(p);
        if (state == LDF_IV_NONE)
            continue;
        ldf_str_t line = {0};
        ldf_case_label(ldf_pair_case(p), &line);
        ldf_str_add(&line, ": ");
        ldf_table_t t = {0};
        if (state == LDF_IV_APART) {
            ldf_str_add(&line, "not compared, the runs cut it apart: %s ", ldf_side_name(d, 0));
            describe(p->b, &line);
            ldf_str_add(&line, "; %s ", ldf_side_name(d, 1));
            describe(p->h, &line);
        } else {
            ldf_intervals_table(d, p, &t);
            describe(p->b, &line);
            if (!t.nrows)
                ldf_str_add(&line, ", every figure equal in every interval");
        }
        if (line.nomem || t.nomem)
            rc = SIM_ENOMEM;
        else {
            if (first)
                fputs(heading, f);
            first = 0;
            if (put)
                put(f, ldf_str_get(&line));
            else
                fputs(ldf_str_get(&line), f);
            fputc('\n', f);
            if (t.nrows) {
                fputc('\n', f);
                render(f, &t);
            }
        }
        if (state == LDF_IV_COMPARED)
            ldf_table_free(&t);
        ldf_str_free(&line);
    }
    return rc;
}
