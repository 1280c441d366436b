/*
 * intervals.c -- two runs compared interval by interval: for each case both
 * runs took snapshots of (lobbench --snapshot-every), every statistic whose
 * delta differs in some interval, with each interval's base and head, as AWR
 * reports are compared snapshot by snapshot.  The intervals compare only
 * when both runs cut the statement alike (the same number of intervals, each
 * of the same rows); otherwise the report says how they differ.
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

int ldf_intervals_state(const ldf_pair_t *p)
{
    if (!p->b || !p->h || (!p->b->nsnaps && !p->h->nsnaps))
        return LDF_IV_NONE;
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
    for (uint32_t i = 0; i < p->b->nsnaps; i++) {
        uint64_t b = p->b->snaps[i].v[k], h = p->h->snaps[i].v[k];
        if (b != h || (all && (b || h)))
            return 1;
    }
    return 0;
}

void ldf_intervals_table(const ldf_diff_t *d, const ldf_pair_t *p, ldf_table_t *t)
{
    ldf_table_init(t, "lrrrrrr", "statistic", "interval", "rows", ldf_side_name(d, 0),
                   ldf_side_name(d, 1), "diff", "%");
    for (int k = 0; k < SIM_STAT_COUNT; k++) {
        if (!ldf_interval_shown(p, k, d->o.all))
            continue;
        for (uint32_t i = 0; i < p->b->nsnaps; i++) {
            uint64_t b = p->b->snaps[i].v[k], h = p->h->snaps[i].v[k];
            char id[16], rows[32], bs[32], hs[32], df[32], pct[32];
            snprintf(id, sizeof id, "%" PRIu32, i + 1);
            if (ldf_snap_rows_known(p->b, i))
                snprintf(rows, sizeof rows, "%" PRIu64, p->b->snap_rows[i]);
            else
                snprintf(rows, sizeof rows, "unknown"); /* never a 0 for it */
            snprintf(bs, sizeof bs, "%" PRIu64, b);
            snprintf(hs, sizeof hs, "%" PRIu64, h);
            snprintf(df, sizeof df, "%+" PRId64, (int64_t)(h - b));
            if (b)
                snprintf(pct, sizeof pct, "%+.1f", ((double)h / (double)b - 1) * 100);
            else
                snprintf(pct, sizeof pct, "%s", h ? "new" : "0.0");
            ldf_table_row(t, sim_stat_info((sim_stat_t)k)->name, id, rows, bs, hs, df, pct);
        }
    }
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
