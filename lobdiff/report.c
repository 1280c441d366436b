/*
 * report.c -- what every renderer says the same way: case labels,
 * figures and times formatted, the runs described, the notes on what differs
 * beside the code, the summary line, the cases of one run only, and the
 * tables of figures and times (laid out by text.c and
 * markdown.c).
 */
#define _POSIX_C_SOURCE 200809L

#include <inttypes.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "lobdiff_int.h"
#include "results.h"

/* ---- labels and numbers -------------------------------------------------- */

void ldf_case_label(const ldf_case_t *c, ldf_str_t *out)
{
    char lob[32], blk[32];
    if (c->ses_count) { /* sessions at once: the count, the system or a session */
        if (c->ses_sid)
            ldf_str_add(out, "%" PRIu32 " sessions: session %" PRIu32, c->ses_count, c->ses_sid);
        else
            ldf_str_add(out, "%" PRIu32 " sessions: system", c->ses_count);
        if (c->variant && c->variant[0])
            ldf_str_add(out, ", %s", c->variant);
        return;
    }
    if (c->step) { /* a script's step: its number, table, segment and statement */
        const char *st = c->statement ? c->statement : "";
        size_t n = strlen(st);
        /* the session's row has no table */
        ldf_str_add(out, "step %" PRIu32 " %s: %.*s%s", c->step, c->table[0] ? c->table : "session",
                    (int)(n > 48 ? 45 : n), st, n > 48 ? "..." : "");
        if (c->variant && c->variant[0])
            ldf_str_add(out, ", %s", c->variant);
        return;
    }
    if (c->no_lob_axes) { /* a heap query or rac: block size and rows alone */
        ldf_str_add(out, "%s", c->workload);
    } else {
        sim_format_size(c->lob_chars, lob, sizeof lob);
        if (strcmp(c->workload, RES_REF_WORKLOAD) != 0)
            ldf_str_add(out, "%s ", c->workload);
        ldf_str_add(out, "%s %s", c->path, lob);
    }
    if (c->no_lob_axes || c->block_size != SIM_REF_BLOCK_SIZE || c->rows != SIM_REF_ROWS) {
        sim_format_size(c->block_size, blk, sizeof blk);
        ldf_str_add(out, ", block %s, %" PRIu64 " rows", blk, c->rows);
    }
    if (c->variant && c->variant[0])
        ldf_str_add(out, ", %s", c->variant);
}

const char *ldf_fig_name(const ldf_fig_t *f)
{
    return f->kind == LDF_FIG_COUNTER ? sim_stat_info((sim_stat_t)f->id)->name
                                      : ldf_derived[f->id].name;
}

/* A figure's value for display: counters whole, derived to 4 significant
 * digits at least. */
static void fmt_value(const ldf_fig_t *f, double v, char *buf, size_t len)
{
    if (f->kind == LDF_FIG_COUNTER)
        snprintf(buf, len, "%.0f", v);
    else if (fabs(v) >= 1e4)
        snprintf(buf, len, "%.0f", v);
    else
        snprintf(buf, len, "%.4g", v);
}

static void fmt_diff(const ldf_fig_t *f, char *buf, size_t len)
{
    if (f->kind == LDF_FIG_COUNTER) {
        snprintf(buf, len, "%+" PRId64, f->ihead - f->ibase);
        return;
    }
    double d = f->head - f->base;
    if (fabs(d) >= 1e4)
        snprintf(buf, len, "%+.0f", d);
    else
        snprintf(buf, len, "%+.4g", d);
}

static void fmt_pct(double base, double head, char *buf, size_t len)
{
    if (base == head)
        snprintf(buf, len, "0%%");
    else if (base == 0)
        snprintf(buf, len, "new");
    else {
        double pct = (head - base) / fabs(base) * 100;
        snprintf(buf, len, fabs(pct) >= 0.1 ? "%+.1f%%" : "%+.2g%%", pct);
    }
}

static void fmt_ratio(double lobsim, double oracle, char *buf, size_t len)
{
    if (oracle == 0)
        snprintf(buf, len, lobsim == 0 ? "1 (both 0)" : "n/a (oracle 0)");
    else {
        double r = lobsim / oracle;
        snprintf(buf, len, r >= 0.01 && r < 1000 ? "%.2f" : "%.3g", r);
    }
}

static void fmt_ns(double ns, char *buf, size_t len)
{
    if (ns < 1e4)
        snprintf(buf, len, "%.0f ns", ns);
    else if (ns < 1e6)
        snprintf(buf, len, "%.1f us", ns / 1e3);
    else if (ns < 1e9)
        snprintf(buf, len, "%.2f ms", ns / 1e6);
    else
        snprintf(buf, len, "%.3f s", ns / 1e9);
}

static void fmt_p(double p, char *buf, size_t len)
{
    snprintf(buf, len, p >= 0.001 ? "%.3f" : "%.1e", p);
}

void ldf_fmt_time(int64_t t, char *buf, size_t len)
{
    time_t tt = (time_t)t;
    struct tm tm;
    if (t <= 0 || !gmtime_r(&tt, &tm) || strftime(buf, len, "%Y-%m-%d %H:%MZ", &tm) == 0)
        snprintf(buf, len, "time unknown");
}

void ldf_calib_values(const ldf_diff_t *d, const ldf_fig_t *f, double *lobsim, double *oracle)
{
    *lobsim = d->lobsim_side == 0 ? f->base : f->head;
    *oracle = d->lobsim_side == 0 ? f->head : f->base;
}

const char *ldf_side_name(const ldf_diff_t *d, int side)
{
    if (!d->calibration)
        return side == 0 ? "base" : "head";
    return d->lobsim_side == side ? "lobsim" : "oracle";
}

/* ---- the header ---------------------------------------------------------- */

void ldf_describe_side(const ldf_run_t *s, int markdown, ldf_str_t *out)
{
    const ldf_run_info_t *i = &s->info;
    char when[48];
    ldf_fmt_time(i->started, when, sizeof when);
    ldf_str_add(out, "run %" PRId64 " (", i->run);
    if (ldf_run_oracle(s)) {
        ldf_str_add(out, "the Oracle measurements%s", i->ref_file ? " from " : "");
        if (i->ref_file)
            ldf_str_text_md(out, i->ref_file, markdown);
        ldf_str_add(out, ")");
        return;
    }
    if (i->commit)
        ldf_str_add(out, markdown ? "commit `%.12s`" : "commit %.12s", i->commit);
    else
        ldf_str_add(out, "commit unknown");
    ldf_str_add(out, "%s, %s, host ", i->git_dirty == 1 ? " + uncommitted changes" : "", when);
    ldf_str_text_md(out, i->host ? i->host : "unknown", markdown);
    ldf_str_add(out, ", ");
    ldf_str_text_md(out, i->compiler ? i->compiler : "compiler unknown", markdown);
    ldf_str_add(out, " ");
    ldf_str_text_md(out, i->build_type ? i->build_type : "", markdown);
    ldf_str_add(out, ")");
}

static int cmp_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

/* The distinct LOB sizes of a run's sweep cases, ascending, at most max;
 * their number. */
static size_t run_sizes(const ldf_run_t *r, uint64_t *v, size_t max)
{
    size_t n = 0;
    for (size_t i = 0; i < ldf_run_ncases(r); i++) {
        const ldf_case_t *c = ldf_run_case(r, i);
        if (c->step || c->no_lob_axes || c->lob_chars == 0)
            continue;
        size_t k = 0;
        while (k < n && v[k] != c->lob_chars)
            k++;
        if (k == n && n < max)
            v[n++] = c->lob_chars;
    }
    qsort(v, n, sizeof *v, cmp_u64);
    return n;
}

#define MAX_SIZES 64

int ldf_no_size_in_common(const ldf_diff_t *d)
{
    uint64_t a[MAX_SIZES], b[MAX_SIZES];
    if (d->ncommon != 0)
        return 0;
    size_t na = run_sizes(d->side[0], a, MAX_SIZES), nb = run_sizes(d->side[1], b, MAX_SIZES);
    if (na == 0 || nb == 0)
        return 0;
    for (size_t i = 0; i < na; i++)
        if (bsearch(&a[i], b, nb, sizeof *b, cmp_u64))
            return 0;
    return 1;
}

/* "lobsim (run 2) has LOB sizes 1k, 3k" */
static void side_sizes(const ldf_diff_t *d, int side, ldf_str_t *out)
{
    uint64_t v[MAX_SIZES];
    size_t n = run_sizes(d->side[side], v, MAX_SIZES);
    ldf_str_add(out, "%s (run %" PRId64 ") has LOB size%s ", ldf_side_name(d, side),
                d->side[side]->info.run, n == 1 ? "" : "s");
    for (size_t i = 0; i < n; i++) {
        char s[32];
        sim_format_size(v[i], s, sizeof s);
        ldf_str_add(out, "%s%s", i ? ", " : "", s);
    }
}

void ldf_summary(const ldf_diff_t *d, ldf_str_t *out)
{
#define ADD(...) ldf_str_add(out, __VA_ARGS__)
    if (d->ncommon == 0 && d->nadded && d->nremoved) {
        /* Nothing to compare: say why, not "0 cells in 0 cases".  With
         * sizes in common the cases of one run only follow (their paths,
         * block sizes or rows differ). */
        uint64_t v[MAX_SIZES];
        int first = d->calibration ? d->lobsim_side : 1;
        int sizes = run_sizes(d->side[0], v, MAX_SIZES) && run_sizes(d->side[1], v, MAX_SIZES);
        ADD("no %s in common, nothing compared", ldf_no_size_in_common(d) ? "LOB size" : "case");
        if (sizes) {
            ADD(": ");
            side_sizes(d, first, out);
            ADD("; ");
            side_sizes(d, !first, out);
        }
        return;
    }
    if (d->calibration) {
        size_t cells = 0, within10 = 0, within2x = 0;
        const ldf_fig_t *worst = NULL;
        double worst_dev = -1;
        for (size_t i = 0; i < d->nfigs; i++) {
            const ldf_fig_t *f = &d->figs[i];
            if (f->kind != LDF_FIG_COUNTER)
                continue;
            double l, o;
            ldf_calib_values(d, f, &l, &o);
            cells++;
            double dev = o > 0 && l > 0 ? fabs(log(l / o)) : (l == o ? 0 : INFINITY);
            within10 += dev <= log(1.1);
            within2x += dev <= log(2.0);
            if (dev > worst_dev) {
                worst_dev = dev;
                worst = f;
            }
        }
        ADD("%zu cells in %zu cases: %zu within 10%%, %zu within 2x", cells, d->ncommon, within10,
            within2x);
        if (worst) {
            char ratio[32];
            double l, o;
            ldf_calib_values(d, worst, &l, &o);
            fmt_ratio(l, o, ratio, sizeof ratio);
            ADD("; furthest: ");
            ldf_case_label(worst->kase, out);
            ADD(" '%s' (lobsim %.0f, oracle %.0f, ratio %s)", ldf_fig_name(worst), l, o, ratio);
        }
    } else if (d->nstats_changed == 0) {
        ADD("no statistic changed in %zu cases", d->ncommon);
    } else {
        ADD("%zu statistics changed in %zu of %zu cases", d->nstats_changed, d->ncases_changed,
            d->ncommon);
    }
    const char *bn = ldf_side_name(d, 0), *hn = ldf_side_name(d, 1);
    if (d->nremoved)
        ADD("; %zu case%s only in %s", d->nremoved, d->nremoved == 1 ? "" : "s", bn);
    if (d->nadded)
        ADD("%s %zu case%s only in %s", d->nremoved ? "," : ";", d->nadded,
            d->nadded == 1 ? "" : "s", hn);
    if (!d->nadded && !d->nremoved && !d->calibration)
        ADD("; no case added or removed");
    if (!d->calibration) {
        if (d->ntimed == 0)
            ADD("; times not compared (fewer than 2 repetition samples)");
        else if (d->nslower || d->nfaster)
            ADD("; times: %zu slower, %zu faster, %zu unchanged", d->nslower, d->nfaster,
                d->ntimed - d->nslower - d->nfaster);
        else
            ADD("; times: no significant change in %zu cases", d->ntimed);
        if (d->ntimed)
            ADD(" (U test, alpha %g over %zu cases: %.2g each, threshold %g%%)", d->o.alpha,
                d->ntimed, d->case_alpha, d->o.threshold_pct);
    }
#undef ADD
}

sim_err_t ldf_print_only_in(FILE *f, const ldf_diff_t *d, int base_side, const char *lead,
                            ldf_put_fn *put)
{
    if (ldf_no_size_in_common(d))
        return SIM_OK; /* the summary named every size of both */
    size_t n = 0;
    for (size_t i = 0; i < d->npairs; i++) {
        const ldf_pair_t *p = &d->pairs[i];
        if ((base_side && p->b && !p->h) || (!base_side && p->h && !p->b)) {
            ldf_str_t label = {0};
            ldf_case_label(ldf_pair_case(p), &label);
            if (label.nomem) {
                ldf_str_free(&label);
                if (n)
                    fputc('\n', f);
                return SIM_ENOMEM;
            }
            if (n++)
                fputs("; ", f);
            else
                fprintf(f, "%sonly in %s: ", lead, ldf_side_name(d, base_side ? 0 : 1));
            if (put)
                put(f, ldf_str_get(&label));
            else
                fputs(ldf_str_get(&label), f);
            ldf_str_free(&label);
        }
    }
    if (n)
        fputc('\n', f);
    return SIM_OK;
}

/* ---- tables -------------------------------------------------------------- */

void ldf_table_init(ldf_table_t *t, const char *align, ...)
{
    memset(t, 0, sizeof *t);
    t->ncols = strlen(align);
    memcpy(t->align, align, t->ncols);
    va_list ap;
    va_start(ap, align);
    for (size_t i = 0; i < t->ncols; i++)
        t->head[i] = va_arg(ap, const char *);
    va_end(ap);
}

/* A row whose cells cannot all be copied is dropped, and t->nomem set: the
 * renderer that built the table reports SIM_ENOMEM. */
void ldf_table_row(ldf_table_t *t, ...)
{
    if (t->nrows == t->cap) {
        size_t ncap = t->cap ? t->cap * 2 : 32;
        char **grown = ldf_realloc(t->cells, ncap * t->ncols * sizeof *grown);
        if (!grown) {
            t->nomem = 1;
            return;
        }
        t->cells = grown;
        t->cap = ncap;
    }
    char **row = &t->cells[t->nrows * t->ncols];
    va_list ap;
    va_start(ap, t);
    size_t i = 0;
    for (; i < t->ncols; i++)
        if (!(row[i] = ldf_strdup(va_arg(ap, const char *))))
            break;
    va_end(ap);
    if (i < t->ncols) {
        while (i > 0)
            free(row[--i]);
        t->nomem = 1;
        return;
    }
    t->nrows++;
}

void ldf_table_free(ldf_table_t *t)
{
    for (size_t i = 0; i < t->nrows * t->ncols; i++)
        free(t->cells[i]);
    free(t->cells);
}

/* A side's statement and recursive parts of counter f as text ("-" when
 * the side did not record them). */
static void part_cells(const ldf_case_t *c, int id, int recursive, char *buf, size_t len)
{
    if (!c || !c->has_recursive)
        snprintf(buf, len, "-");
    else
        snprintf(buf, len, "%" PRIu64,
                 recursive ? c->recursive.v[id] : c->stats.v[id] - c->recursive.v[id]);
}

/* Under a counter a case of either side splits: its statement's part and
 * the recursive SQL's, as lobbench --explain names them; nothing when
 * neither side has recursive SQL in it. */
static void part_rows(const ldf_diff_t *d, ldf_table_t *t, const ldf_fig_t *f, int with_case)
{
    const ldf_pair_t *p = &d->pairs[f->pair];
    if (f->kind != LDF_FIG_COUNTER || !((p->b && p->b->has_recursive && p->b->recursive.v[f->id]) ||
                                        (p->h && p->h->has_recursive && p->h->recursive.v[f->id])))
        return;
    for (int rec = 0; rec < 2; rec++) {
        const char *name = rec ? "  + recursive SQL" : "  = statement";
        char b[32], h[32], df[48] = "-", pct[32] = "-";
        part_cells(p->b, f->id, rec, b, sizeof b);
        part_cells(p->h, f->id, rec, h, sizeof h);
        if (d->calibration) {
            /* lobsim's part; the statement's ratio to Oracle's figure. */
            const ldf_case_t *l = d->lobsim_side ? p->h : p->b;
            double lo, o;
            ldf_calib_values(d, f, &lo, &o);
            part_cells(l, f->id, rec, b, sizeof b);
            if (!rec && l && l->has_recursive)
                fmt_ratio((double)(l->stats.v[f->id] - l->recursive.v[f->id]), o, pct, sizeof pct);
            snprintf(h, sizeof h, "-");
        } else if (p->b && p->h && p->b->has_recursive && p->h->has_recursive) {
            int64_t bv = (int64_t)(rec ? p->b->recursive.v[f->id]
                                       : p->b->stats.v[f->id] - p->b->recursive.v[f->id]);
            int64_t hv = (int64_t)(rec ? p->h->recursive.v[f->id]
                                       : p->h->stats.v[f->id] - p->h->recursive.v[f->id]);
            snprintf(df, sizeof df, "%+" PRId64, hv - bv);
            fmt_pct((double)bv, (double)hv, pct, sizeof pct);
        }
        if (d->calibration) {
            char lob[32];
            sim_format_size(f->kase->lob_chars, lob, sizeof lob);
            if (with_case)
                ldf_table_row(t, "", name, b, h, pct);
            else
                ldf_table_row(t, name, lob, b, h, pct);
        } else if (with_case) {
            ldf_table_row(t, "", name, b, h, df, pct);
        } else {
            ldf_table_row(t, name, b, h, df, pct);
        }
    }
}

void ldf_fig_row(const ldf_diff_t *d, ldf_table_t *t, const ldf_fig_t *f, int with_case,
                 int derived_mark)
{
    char name[128], b[48], h[48], df[48], pct[32];
    ldf_str_t lab = {0};
    ldf_case_label(f->kase, &lab);
    const char *label = ldf_str_get(&lab);
    if (lab.nomem) {
        ldf_str_free(&lab);
        t->nomem = 1;
        return;
    }
    snprintf(name, sizeof name, "%s%s", derived_mark && f->kind == LDF_FIG_DERIVED ? "~" : "",
             ldf_fig_name(f));
    if (d->calibration) {
        double l, o;
        ldf_calib_values(d, f, &l, &o);
        fmt_value(f, l, b, sizeof b);
        fmt_value(f, o, h, sizeof h);
        fmt_ratio(l, o, pct, sizeof pct);
        char lob[32];
        sim_format_size(f->kase->lob_chars, lob, sizeof lob);
        if (with_case)
            ldf_table_row(t, label, name, b, h, pct);
        else
            ldf_table_row(t, name, lob, b, h, pct);
        ldf_str_free(&lab);
        part_rows(d, t, f, with_case);
        return;
    }
    fmt_value(f, f->base, b, sizeof b);
    fmt_value(f, f->head, h, sizeof h);
    fmt_diff(f, df, sizeof df);
    fmt_pct(f->base, f->head, pct, sizeof pct);
    if (with_case)
        ldf_table_row(t, label, name, b, h, df, pct);
    else
        ldf_table_row(t, name, b, h, df, pct);
    ldf_str_free(&lab);
    part_rows(d, t, f, with_case);
}

static void times_table(const ldf_diff_t *d, ldf_table_t *t)
{
    ldf_table_init(t, "lrrrrrrl", "case", "base", "head", "change", "p (real)", "p (CPU)",
                   "samples", "verdict");
    for (size_t i = 0; i < d->npairs; i++) {
        const ldf_pair_t *p = &d->pairs[i];
        if (!p->timed || (p->verdict == LDF_UNCHANGED && !d->o.all))
            continue;
        char b[32], h[32], ch[32], pr[32], pc[32], n[32];
        ldf_str_t label = {0};
        ldf_case_label(ldf_pair_case(p), &label);
        if (label.nomem) {
            ldf_str_free(&label);
            t->nomem = 1;
            return;
        }
        fmt_ns(p->real.base_mean, b, sizeof b);
        fmt_ns(p->real.head_mean, h, sizeof h);
        snprintf(ch, sizeof ch, "%+.1f%%", p->real.change * 100);
        fmt_p(p->real.t.p, pr, sizeof pr);
        fmt_p(p->cpu.t.p, pc, sizeof pc);
        snprintf(n, sizeof n, "%u/%u", p->b->nsamples, p->h->nsamples);
        ldf_table_row(t, ldf_str_get(&label), b, h, ch, pr, pc, n,
                      p->verdict == LDF_SLOWER   ? "slower"
                      : p->verdict == LDF_FASTER ? "faster"
                                                 : "unchanged");
        ldf_str_free(&label);
    }
}

sim_err_t ldf_print_times(FILE *f, const ldf_diff_t *d, const char *heading, ldf_table_fn *render)
{
    if (!d->ntimed)
        return SIM_OK;
    ldf_table_t t;
    times_table(d, &t);
    sim_err_t rc = t.nomem ? SIM_ENOMEM : SIM_OK;
    if (rc == SIM_OK && t.nrows) {
        fputs(heading, f);
        render(f, &t);
    }
    ldf_table_free(&t);
    return rc;
}
