/*
 * awrhist_series.c -- an AWR series' cumulative figures into each
 * interval's deltas.  DBA_HIST_SYSSTAT and DBA_HIST_SYSTEM_EVENT keep what
 * V$SYSSTAT and V$SYSTEM_EVENT held when the snapshot was taken (the end
 * of its interval): counts since the instance started, so that interval n
 * did value(n) - value(n-1) (Craig Shallahamer, "When Are Oracle Database
 * DBA_HIST_SYSSTAT Values Correct?", OraPub, 2012-04-19).  A restart
 * starts every count again at 0: AWR's own report refuses a pair of
 * snapshots with a restart between them (awrrpt.sql's ORA-20200 "The
 * instance was shutdown between snapshots"), and so does lobimport, naming
 * the two snapshots, rather than record a delta that means nothing.
 */
#include "awrhist_int.h"

#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Room for one more of n elements of size at *v (capacity *cap, doubled
 * when full).  0, -1 out of memory (*v unchanged). */
static int room(void **v, size_t *cap, size_t n, size_t size)
{
    if (n < *cap)
        return 0;
    size_t c = *cap ? 2 * *cap : 256;
    void *nv = realloc(*v, c * size);
    if (!nv)
        return -1;
    *v = nv;
    *cap = c;
    return 0;
}

sim_err_t imp_ah_add_fig(imp_ah_rows_t *r, const char *name, size_t n, const char *suffix,
                         int64_t snap, int64_t value, int line, int event, int summed)
{
    size_t sn = strlen(suffix);
    char *s = malloc(n + sn + 1);
    if (!s || room((void **)&r->figs, &r->capfigs, r->nfigs, sizeof *r->figs) != 0) {
        free(s);
        return SIM_ENOMEM;
    }
    memcpy(s, name, n);
    memcpy(s + n, suffix, sn + 1);
    r->figs[r->nfigs++] = (imp_ah_fig_t){s, snap, value, line, event, summed};
    return SIM_OK;
}

sim_err_t imp_ah_add_snap(imp_ah_rows_t *r, const imp_ah_snap_t *s)
{
    if (room((void **)&r->snaps, &r->capsnaps, r->nsnaps, sizeof *r->snaps) != 0)
        return SIM_ENOMEM;
    r->snaps[r->nsnaps++] = *s;
    return SIM_OK;
}

void imp_ah_rows_free(imp_ah_rows_t *r)
{
    for (size_t i = 0; i < r->nfigs; i++)
        free(r->figs[i].name);
    free(r->figs);
    free(r->snaps);
    memset(r, 0, sizeof *r);
}

/* ---- times ------------------------------------------------------------------ */

/* Days from 1970-01-01 of a civil date (Howard Hinnant's days_from_civil). */
static int64_t days_from_civil(int64_t y, int m, int d)
{
    y -= m <= 2;
    int64_t era = (y >= 0 ? y : y - 399) / 400;
    int64_t yoe = y - era * 400;
    int64_t doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
    int64_t doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    return era * 146097 + doe - 719468;
}

/* n digits at *p (n exactly), advanced; -1 when not. */
static int digits(const char **p, const char *end, int n)
{
    int v = 0;
    for (int i = 0; i < n; i++, (*p)++) {
        if (*p >= end || **p < '0' || **p > '9')
            return -1;
        v = v * 10 + (**p - '0');
    }
    return v;
}

static int month(const char **p, const char *end)
{
    static const char names[] = "JANFEBMARAPRMAYJUNJULAUGSEPOCTNOVDEC";
    if (end - *p < 3)
        return -1;
    for (int m = 0; m < 12; m++)
        if (imp_word_eq(*p, 3, (char[4]){names[3 * m], names[3 * m + 1], names[3 * m + 2], 0})) {
            *p += 3;
            return m + 1;
        }
    return -1;
}

int imp_ah_parse_time(const char *p, size_t n, double *seconds)
{
    const char *end = p + n;
    int y, mo, d;
    /* the date: YYYY-MM-DD, or DD-MON-RR / DD-MON-YYYY */
    if (n >= 5 && p[4] == '-') {
        if ((y = digits(&p, end, 4)) < 0 || *p++ != '-' || (mo = digits(&p, end, 2)) < 0 ||
            p >= end || *p++ != '-' || (d = digits(&p, end, 2)) < 0)
            return -1;
    } else {
        if ((d = digits(&p, end, 2)) < 0 || p >= end || *p++ != '-' || (mo = month(&p, end)) < 0 ||
            p >= end || *p++ != '-')
            return -1;
        const char *at = p;
        y = digits(&p, end, 4);
        if (y < 0) {
            p = at;
            /* RR: 00-49 this century, 50-99 the last (Oracle's RR rule,
             * read as of the 2000s) */
            if ((y = digits(&p, end, 2)) < 0)
                return -1;
            y += y < 50 ? 2000 : 1900;
        }
    }
    if (mo < 1 || mo > 12 || d < 1 || d > 31 || p >= end || *p++ != ' ')
        return -1;
    /* the time: HH.MI.SS or HH:MI:SS, a fraction, AM or PM */
    int h, mi, s;
    if ((h = digits(&p, end, 2)) < 0 || p >= end || (*p != '.' && *p != ':'))
        return -1;
    char sep = *p++;
    if ((mi = digits(&p, end, 2)) < 0 || p >= end || *p++ != sep || (s = digits(&p, end, 2)) < 0)
        return -1;
    double frac = 0, scale = 0.1;
    if (p < end && (*p == '.' || *p == ',')) {
        p++;
        if (p >= end || *p < '0' || *p > '9')
            return -1;
        for (; p < end && *p >= '0' && *p <= '9'; p++, scale /= 10)
            frac += (*p - '0') * scale;
    }
    if (p < end) {
        if (end - p != 3 || p[0] != ' ' ||
            (!imp_word_eq(p + 1, 2, "AM") && !imp_word_eq(p + 1, 2, "PM")))
            return -1;
        if (h < 1 || h > 12)
            return -1;
        h = h % 12 + (imp_word_eq(p + 1, 2, "PM") ? 12 : 0);
    }
    if (h > 23 || mi > 59 || s > 59)
        return -1;
    *seconds = (double)days_from_civil(y, mo, d) * 86400.0 + h * 3600 + mi * 60 + s + frac;
    return 0;
}

/* ---- the series ------------------------------------------------------------- */

static int by_snap(const void *a, const void *b)
{
    const imp_ah_snap_t *x = a, *y = b;
    if (x->snap != y->snap)
        return x->snap < y->snap ? -1 : 1;
    return x->line < y->line ? -1 : x->line > y->line;
}

static int by_name_snap(const void *a, const void *b)
{
    const imp_ah_fig_t *x = a, *y = b;
    int c = strcmp(x->name, y->name);
    if (c)
        return c;
    if (x->snap != y->snap)
        return x->snap < y->snap ? -1 : 1;
    return x->line < y->line ? -1 : x->line > y->line;
}

/* The snapshots, one each, in order: gaps, instances and restarts refused. */
static sim_err_t snapshots(imp_ah_rows_t *r, size_t *n)
{
    qsort(r->snaps, r->nsnaps, sizeof *r->snaps, by_snap);
    size_t k = 0;
    for (size_t i = 0; i < r->nsnaps; i++) {
        const imp_ah_snap_t *s = &r->snaps[i];
        if (s->has_instance && r->snaps[0].has_instance && s->instance != r->snaps[0].instance)
            return imp_fail(r->b, s->line,
                            "rows of instances %lld and %lld: the store keeps one instance's "
                            "series; select one (where instance_number = N)",
                            (long long)r->snaps[0].instance, (long long)s->instance);
        if (k && s->snap == r->snaps[k - 1].snap)
            continue; /* its figures' rows: the first says the snapshot */
        if (k && s->snap != r->snaps[k - 1].snap + 1)
            return imp_fail(r->b, s->line,
                            "snapshot %lld after %lld: snapshot %lld is not in the file, and a "
                            "delta spans one interval; select the snapshots without a gap",
                            (long long)s->snap, (long long)r->snaps[k - 1].snap,
                            (long long)r->snaps[k - 1].snap + 1);
        if (k && s->has_startup && r->snaps[k - 1].has_startup &&
            s->startup != r->snaps[k - 1].startup)
            return imp_fail(r->b, s->line,
                            "the instance restarted between snapshots %lld and %lld (STARTUP_TIME "
                            "differs): AWR refuses such a pair (ORA-20200); import the snapshots "
                            "of one startup",
                            (long long)r->snaps[k - 1].snap, (long long)s->snap);
        if (k && s->has_end != r->snaps[k - 1].has_end)
            return imp_fail(r->b, s->line, "snapshot %lld without END_INTERVAL_TIME",
                            (long long)(s->has_end ? r->snaps[k - 1].snap : s->snap));
        if (k && s->has_end && s->end == r->snaps[k - 1].end)
            return imp_fail(r->b, s->line,
                            "snapshot %lld's END_INTERVAL_TIME is snapshot %lld's: an interval "
                            "of 0 seconds, which has no rate; select snapshots taken at "
                            "different times",
                            (long long)s->snap, (long long)r->snaps[k - 1].snap);
        if (k && s->has_end && !(s->end > r->snaps[k - 1].end))
            return imp_fail(r->b, s->line,
                            "snapshot %lld's END_INTERVAL_TIME is not after snapshot %lld's",
                            (long long)s->snap, (long long)r->snaps[k - 1].snap);
        r->snaps[k++] = *s;
    }
    if (k < 2)
        return imp_fail(r->b, r->snaps[0].line,
                        "one snapshot (%lld): a delta needs the snapshot before the interval too",
                        (long long)r->snaps[0].snap);
    *n = k;
    return SIM_OK;
}

sim_err_t imp_ah_series(imp_ah_rows_t *r)
{
    size_t nsnap = 0;
    if (r->nsnaps == 0)
        return imp_fail(r->b, 0, "a DBA_HIST query's heading without rows");
    sim_err_t rc = snapshots(r, &nsnap);
    if (rc != SIM_OK)
        return rc;
    const imp_ah_snap_t *snap = r->snaps;
    int64_t first = snap[0].snap;
    size_t ninterval = nsnap - 1, set0 = r->b->out->nsets;
    for (size_t k = 0; rc == SIM_OK && k < ninterval; k++) {
        size_t set;
        if ((rc = imp_add_set(r->b, &set)) != SIM_OK)
            return rc;
        r->b->out->sets[set].snap = (uint32_t)(k + 1);
        r->b->out->sets[set].timed = snap[k + 1].has_end;
        r->b->out->sets[set].seconds = snap[k + 1].has_end ? snap[k + 1].end - snap[k].end : 0;
    }
    snprintf(r->b->out->series, sizeof r->b->out->series, "snaps %lld-%lld", (long long)first,
             (long long)snap[nsnap - 1].snap);
    /* each name's rows in snapshot order: its deltas */
    qsort(r->figs, r->nfigs, sizeof *r->figs, by_name_snap);
    /* every name in every interval: an event first waited for late counts
     * 0 before, so that a file of many late events would ask for far more
     * figures than it has rows; bounded */
    size_t nnames = 0;
    for (size_t i = 0; i < r->nfigs; i++)
        nnames += i == 0 || strcmp(r->figs[i].name, r->figs[i - 1].name) != 0;
    if (nnames > (4 * r->nfigs + 1000000) / ninterval)
        return imp_fail(r->b, 0,
                        "%zu names over %zu intervals would be %zu figures from %zu rows: most "
                        "of its events appear late; select fewer snapshots or events",
                        nnames, ninterval, nnames * ninterval, r->nfigs);
    int64_t *value = malloc(nsnap * sizeof *value);
    int *line = malloc(nsnap * sizeof *line);
    unsigned char *have = malloc(nsnap);
    if (!value || !line || !have)
        rc = SIM_ENOMEM;
    for (size_t i = 0; rc == SIM_OK && i < r->nfigs;) {
        size_t j = i;
        memset(have, 0, nsnap);
        for (; j < r->nfigs && strcmp(r->figs[j].name, r->figs[i].name) == 0; j++) {
            const imp_ah_fig_t *f = &r->figs[j];
            size_t at = (size_t)(f->snap - first);
            assert(at < nsnap); /* snapshots(): every row's is one of snap[], no gap */
            if (have[at] && f->summed && f->value > INT64_MAX - value[at]) {
                rc = imp_fail(r->b, f->line, "'%s' of snapshot %lld adds up to more than %lld",
                              f->name, (long long)f->snap, (long long)INT64_MAX);
                break;
            } else if (have[at] && f->summed) {
                value[at] += f->value;
            } else if (have[at] && value[at] != f->value) {
                rc = imp_fail(
                    r->b, f->line, "'%s' of snapshot %lld twice, %lld at line %d and %lld", f->name,
                    (long long)f->snap, (long long)value[at], line[at], (long long)f->value);
                break;
            } else if (!have[at]) {
                value[at] = f->value;
                line[at] = f->line;
                have[at] = 1;
            }
        }
        const imp_ah_fig_t *f = &r->figs[i];
        /* an event has no row before it was first waited for: 0 there */
        size_t k = 0;
        while (rc == SIM_OK && f->event && k < nsnap && !have[k])
            value[k++] = 0;
        for (; rc == SIM_OK && k < nsnap; k++)
            if (!have[k])
                rc = imp_fail(r->b, k ? line[k - 1] : f->line,
                              "'%s' has no row of snapshot %lld (it has one of snapshot %lld): "
                              "a series needs every figure of every snapshot",
                              f->name, (long long)snap[k].snap, (long long)f->snap);
        for (k = 1; rc == SIM_OK && k < nsnap; k++) {
            if (value[k] < value[k - 1])
                rc = imp_fail(r->b, have[k] ? line[k] : f->line,
                              "'%s' fell from %lld at snapshot %lld to %lld at snapshot %lld: the "
                              "instance restarted between them, and AWR refuses such a pair "
                              "(ORA-20200); import the snapshots of one startup",
                              f->name, (long long)value[k - 1], (long long)snap[k - 1].snap,
                              (long long)value[k], (long long)snap[k].snap);
            else
                rc = imp_add_stat(r->b, set0 + k - 1, f->name, strlen(f->name),
                                  value[k] - value[k - 1], have[k] ? line[k] : f->line);
        }
        i = j;
    }
    free(value);
    free(line);
    free(have);
    return rc;
}
