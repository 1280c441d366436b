/*
 * charts.c -- the page's sections, one per workload and path, each in its
 * family's words (the store's table `workloads`):
 *
 *   lob    a series per LOB size: the time per statement, then a chart per
 *          statistic;
 *   heap   a series per block size (the query is the section): the same;
 *   rac    a series per block size: the time, the AWR figures in their
 *          units (rac_figures(): transactions per minute, traffic and
 *          blocks per second, seconds waited per second), then the session
 *          statistics' totals, folded.
 *
 * A series also names what else varies among the section's cases (block
 * size, rows, a sweep's parameters and seed); what does not vary is said
 * once under the section's title.  A statistic that is zero in every run
 * gets no chart: the section lists such statistics in one line.  A chart's
 * x axis holds the runs of its workload only (workload_axis()), and a
 * heading is written only with a chart or line under it (pending_heading()):
 * a section without times says so in one line.  Steps are
 * found per series, against its previous model run, and labelled with what
 * changed (rpt_step_label()).  rpt_charts() is the entry.
 */
#define _POSIX_C_SOURCE 200809L

#include <assert.h>
#include <ctype.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "plot.h"
#include "rac_sim.h"
#include "lobreport_int.h"

/* What a chart shows of each case and run. */
typedef enum { SHOW_TIME, SHOW_STAT, SHOW_AWR } show_t;

/* The AWR figures' units, in rac_figures()' order (rac_sim.h). */
_Static_assert(RAC_FIGURES == 11, "a unit for each of rac_figures()");
static const char *const awr_unit[RAC_FIGURES] = {" per second",
                                                  " per second",
                                                  " per second",
                                                  " per second",
                                                  " per second",
                                                  "",
                                                  ", seconds waited per second",
                                                  ", seconds waited per second",
                                                  ", seconds waited per second",
                                                  ", seconds waited per second",
                                                  ", seconds per second"};

/* Their value axes' titles. */
static const char *const awr_axis[RAC_FIGURES] = {"KB per second",
                                                  "messages per second",
                                                  "blocks per second",
                                                  "blocks per second",
                                                  "blocks per second",
                                                  "transactions per minute",
                                                  "seconds waited per second",
                                                  "seconds waited per second",
                                                  "seconds waited per second",
                                                  "seconds waited per second",
                                                  "seconds per second"};

#define NAME_LEN 224
#define STEP_LEN 640

/* A section and the buffers of its charts. */
typedef struct {
    const rpt_history_t *h;
    size_t c0, c1; /* its cases */
    /* Its x axis: the runs of its workload (on any path), in the page's
     * order; xs[p] is the run at position p. */
    size_t *xs, nx;
    int lob; /* series by LOB size (family lob, or a family this page does not know) */
    int vary_lob, vary_block, vary_rows;
    size_t maxs; /* series at most: a model and an Oracle one per case */
    plot_hseries_t *series;
    double *vals;    /* maxs x nx: series i at position p is vals[i * nx + p] */
    double *lo, *hi; /* the same for the times' whiskers */
    char (*names)[NAME_LEN];
    const rpt_case_t **of; /* each series' case */
    size_t *last;          /* steps: each series' previous model run */
    plot_step_t *steps;
    char (*step_labels)[STEP_LEN];
    size_t *step_from;
    const char **xlabels; /* of the positions */
    char zero[4096];      /* the statistics zero in every run, so far */
    size_t nzero, zlen;
    const char *pending; /* a heading written before the first chart or line under it */
    const char *note;    /* a line written before it: why the time is not drawn */
    size_t shown;        /* charts and lines the section has shown */
} section_t;

/* "segment dispenser allocations" -> "segment-dispenser-allocations" */
static void slug(char *out, size_t len, const char *s)
{
    size_t n = 0;
    int dash = 0;
    for (; *s && n + 2 < len; s++) {
        if (isalnum((unsigned char)*s)) {
            if (dash && n)
                out[n++] = '-';
            out[n++] = (char)tolower((unsigned char)*s);
            dash = 0;
        } else {
            dash = 1;
        }
    }
    out[n] = '\0';
}

static int same_group(const rpt_case_t *a, const rpt_case_t *b)
{
    return strcmp(a->workload, b->workload) == 0 && strcmp(a->path, b->path) == 0;
}

/* The AWR figure k of case c in run x; NAN without the model's time. */
static double awr(const rpt_case_t *c, size_t x, size_t k)
{
    const double *v = &c->values[x * SIM_STAT_COUNT];
    if (!isfinite(v[SIM_STAT_ELAPSED_MICRO]))
        return NAN;
    sim_stats_t st;
    for (int i = 0; i < SIM_STAT_COUNT; i++)
        st.v[i] = isfinite(v[i]) ? (uint64_t)v[i] : 0;
    double fig[RAC_FIGURES];
    rac_figures(&st, fig);
    return fig[k];
}

static double value(const rpt_case_t *c, size_t x, show_t show, int k)
{
    switch (show) {
    case SHOW_TIME:
        return c->t_mean[x];
    case SHOW_STAT:
        return c->values[x * SIM_STAT_COUNT + (size_t)k];
    case SHOW_AWR:
        return awr(c, x, (size_t)k);
    }
    return NAN;
}

/* ---- names ------------------------------------------------------------------------ */

static void append(char *out, size_t len, const char *fmt, const char *what)
{
    size_t n = strlen(out);
    if (n < len)
        snprintf(out + n, len - n, fmt, n ? " " : "", what);
}

/* The series of case c: its LOB size (lob) or block size, then whatever
 * else varies in the section. */
static void series_name(const section_t *sec, const rpt_case_t *c, int oracle, char *out,
                        size_t len)
{
    char v[32];
    out[0] = '\0';
    sim_format_size(c->lob_chars, v, sizeof v);
    if (sec->lob || sec->vary_lob)
        append(out, len, sec->lob ? "%s%s" : "%sLOB %s", v);
    sim_format_size(c->block_size, v, sizeof v);
    if (!sec->lob || sec->vary_block)
        append(out, len, "%s%s blocks", v);
    snprintf(v, sizeof v, "%" PRIu64, c->rows);
    if (sec->vary_rows)
        append(out, len, "%s%s rows", v);
    if (c->variant[0])
        append(out, len, "%s%s", c->variant);
    if (oracle)
        append(out, len, "%s%s", "Oracle");
}

/* What does not vary among the section's cases, once, under its title. */
static void constants(FILE *f, const section_t *sec)
{
    const rpt_case_t *g = &sec->h->cases[sec->c0];
    char v[32], line[200] = "";
    if (!sec->vary_block) {
        sim_format_size(g->block_size, v, sizeof v);
        append(line, sizeof line, "%s%s blocks,", v);
    }
    if (!sec->vary_rows && g->rows) { /* 0: not counted (sessions at once) */
        snprintf(v, sizeof v, "%" PRIu64, g->rows);
        append(line, sizeof line, "%s%s rows,", v);
    }
    append(line, sizeof line, "%s%s", sec->lob ? "a line per LOB size" : "a line per block size");
    fputs("<p class=\"constants\">", f);
    plot_xml_text(f, line);
    fputs("</p>\n", f);
}

/* ---- a chart --------------------------------------------------------------------------- */

/* Series i changed at run x against its previous model run: a step; the
 * first series to change says from which run.  Then every series' previous
 * run moves to x. */
static size_t find_steps(section_t *sec, size_t ns)
{
    const rpt_history_t *h = sec->h;
    size_t nx = sec->nx, n = 0;
    for (size_t i = 0; i < ns; i++)
        sec->last[i] = SIZE_MAX;
    for (size_t p = 0; p < nx; p++) {
        if (h->runs[sec->xs[p]].oracle)
            continue;
        size_t changed = SIZE_MAX;
        for (size_t i = 0; i < ns && changed == SIZE_MAX; i++) {
            double now = sec->vals[i * nx + p];
            if (sec->series[i].style != PLOT_MARKERS && isfinite(now) && sec->last[i] != SIZE_MAX &&
                sec->vals[i * nx + sec->last[i]] != now)
                changed = i;
        }
        if (changed != SIZE_MAX) {
            sec->steps[n].at = p;
            sec->step_from[n] = sec->xs[sec->last[changed]];
            rpt_step_label(h, sec->of[changed], sec->xs[sec->last[changed]], sec->xs[p],
                           sec->step_labels[n], sizeof sec->step_labels[n]);
            sec->steps[n].label = sec->step_labels[n];
            n++;
        }
        for (size_t i = 0; i < ns; i++)
            if (isfinite(sec->vals[i * nx + p]))
                sec->last[i] = p;
    }
    return n;
}

/* Below a chart: each step, whole, with the runs it lies between. */
static void step_list(FILE *f, const section_t *sec, size_t n)
{
    if (!n)
        return;
    fputs("<ul class=\"steps\">", f);
    for (size_t i = 0; i < n; i++) {
        const rpt_run_t *a = &sec->h->runs[sec->step_from[i]];
        const rpt_run_t *b = &sec->h->runs[sec->xs[sec->steps[i].at]];
        fputs("<li><code>", f);
        plot_xml_text(f, a->label);
        fputs("</code> → <code>", f);
        plot_xml_text(f, b->label);
        fputs("</code>: ", f);
        plot_xml_text(f, sec->step_labels[i]);
        fputs("</li>", f);
    }
    fputs("</ul>\n", f);
}

/* The chart's series: the model's first, so that the legend names them
 * before Oracle's; a series without a value above zero is named under the
 * chart instead.  Returns their number; *finite says whether any case had
 * a figure at all. */
static size_t build_series(section_t *sec, show_t show, int k, int *finite, char *zeros,
                           size_t zlen)
{
    const rpt_history_t *h = sec->h;
    size_t ns = 0, nx = sec->nx, zn = 0;
    *finite = 0;
    zeros[0] = '\0';
    for (int oracle = 0; oracle <= 1; oracle++)
        for (size_t c = sec->c0; c < sec->c1 && ns < sec->maxs; c++) {
            const rpt_case_t *cs = &h->cases[c];
            double *v = &sec->vals[ns * nx];
            int has = 0, pos = 0;
            for (size_t p = 0; p < nx; p++) {
                size_t x = sec->xs[p];
                v[p] = h->runs[x].oracle == oracle ? value(cs, x, show, k) : NAN;
                has |= isfinite(v[p]);
                pos |= isfinite(v[p]) && v[p] > 0;
            }
            *finite |= has;
            if (!has)
                continue;
            series_name(sec, cs, oracle, sec->names[ns], sizeof sec->names[ns]);
            if (!pos) {
                if (zn < zlen)
                    zn += (size_t)snprintf(zeros + zn, zlen - zn, "%s%s", zn ? ", " : "",
                                           sec->names[ns]);
                continue;
            }
            plot_hseries_t *s = &sec->series[ns];
            *s = (plot_hseries_t){sec->names[ns],
                                  (unsigned)((c - sec->c0) % PLOT_HISTORY_COLOURS),
                                  oracle ? PLOT_MARKERS : PLOT_SOLID,
                                  v,
                                  NULL,
                                  NULL};
            if (show == SHOW_TIME && !oracle) {
                double *lo = &sec->lo[ns * nx], *hi = &sec->hi[ns * nx];
                for (size_t p = 0; p < nx; p++) {
                    lo[p] = cs->t_lo[sec->xs[p]];
                    hi[p] = cs->t_hi[sec->xs[p]];
                }
                s->lo = lo;
                s->hi = hi;
            }
            sec->of[ns] = cs;
            ns++;
        }
    return ns;
}

/* The section's title for charts: "insert, local" or "fts". */
static void section_title(const section_t *sec, char *out, size_t len)
{
    const rpt_case_t *g = &sec->h->cases[sec->c0];
    if (sec->lob || strcmp(g->path, "local") != 0)
        snprintf(out, len, "%s, %s", g->workload, g->path);
    else
        snprintf(out, len, "%s", g->workload);
}

/* The heading waiting for its first chart or line, if any: a heading is
 * written only with something under it. */
static void pending_heading(FILE *f, section_t *sec)
{
    if (sec->note)
        fputs(sec->note, f);
    if (sec->pending)
        fputs(sec->pending, f);
    sec->note = sec->pending = NULL;
    sec->shown++;
}

/* One chart of the section: its times (SHOW_TIME), statistic k or AWR
 * figure k.  A figure zero (or absent) in every run draws nothing; a zero
 * one is added to the section's line of them. */
static sim_err_t chart(FILE *f, section_t *sec, show_t show, int k)
{
    const rpt_history_t *h = sec->h;
    const rpt_case_t *g = &h->cases[sec->c0];
    char zeros[1024], what[160];
    int finite;
    size_t ns = build_series(sec, show, k, &finite, zeros, sizeof zeros);
    if (show == SHOW_TIME)
        snprintf(what, sizeof what, "time per statement");
    else if (show == SHOW_STAT)
        snprintf(what, sizeof what, "%s", sim_stat_info((sim_stat_t)k)->name);
    else
        snprintf(what, sizeof what, "%s%s", rac_figure_name((size_t)k), awr_unit[k]);
    if (!ns) {
        if (finite && show != SHOW_TIME && sec->zlen < sizeof sec->zero) {
            sec->zlen += (size_t)snprintf(sec->zero + sec->zlen, sizeof sec->zero - sec->zlen,
                                          "%s%s", sec->nzero ? ", " : "", what);
            sec->nzero++;
        }
        return SIM_OK;
    }
    /* Times differ from run to run anyway: steps are the figures'. */
    size_t nsteps = show == SHOW_TIME ? 0 : find_steps(sec, ns);
    char title[320], id[320], s1[160], sect[96];
    static const char *const kind[] = {"times", "chart", "awr"};
    section_title(sec, sect, sizeof sect);
    snprintf(title, sizeof title, "%s: %s", sect, what);
    slug(s1, sizeof s1, what);
    snprintf(id, sizeof id, "%s-%s-%s-%s", kind[show], g->workload, g->path, s1);
    unsigned width = (unsigned)(80 + 16 * sec->nx);
    plot_history_t ph = {title,
                         id,
                         sec->nx,
                         sec->xlabels,
                         sec->series,
                         ns,
                         sec->steps,
                         nsteps,
                         show == SHOW_TIME ? " us" : NULL,
                         width < 560 ? 560 : width,
                         330,
                         show == SHOW_TIME   ? "microseconds per statement"
                         : show == SHOW_STAT ? sim_stat_unit((sim_stat_t)k)
                                             : awr_axis[k]};
    pending_heading(f, sec);
    fputs("<figure class=\"chart\">", f);
    sim_err_t e = plot_history_svg(f, &ph);
    if (zeros[0]) {
        fputs("<figcaption class=\"zero-series\">Zero in every run: ", f);
        plot_xml_text(f, zeros);
        fputs("</figcaption>", f);
    }
    step_list(f, sec, nsteps);
    fputs("</figure>\n", f);
    return e;
}

/* The line of figures that are zero in every run, then forget them. */
static void zero_line(FILE *f, section_t *sec, const char *what)
{
    if (sec->nzero) {
        pending_heading(f, sec);
        fprintf(f, "<p class=\"zeros\">Zero in every run (%zu %s): ", sec->nzero, what);
        plot_xml_text(f, sec->zero);
        fputs(".</p>\n", f);
    }
    sec->zero[0] = '\0';
    sec->nzero = sec->zlen = 0;
}

/* ---- a section --------------------------------------------------------------------------- */

static void survey(section_t *sec)
{
    const rpt_history_t *h = sec->h;
    const rpt_case_t *g = &h->cases[sec->c0];
    /* A line per LOB size where the cases have one (sessions at once of a
     * script have none: a line per block size). */
    sec->lob = strcmp(g->family, "heap") != 0 && strcmp(g->family, "rac") != 0 && g->lob_chars;
    sec->vary_lob = sec->vary_block = sec->vary_rows = 0;
    for (size_t c = sec->c0 + 1; c < sec->c1; c++) {
        sec->vary_lob |= h->cases[c].lob_chars != g->lob_chars;
        sec->vary_block |= h->cases[c].block_size != g->block_size;
        sec->vary_rows |= h->cases[c].rows != g->rows;
    }
}

static void heading(FILE *f, const section_t *sec)
{
    const rpt_case_t *g = &sec->h->cases[sec->c0];
    char sect[96];
    section_title(sec, sect, sizeof sect);
    fprintf(f, "<section class=\"group\" id=\"%s-%s\" data-family=\"%s\" data-workload=\"",
            g->workload, g->path, g->family[0] ? g->family : "unknown");
    plot_xml_text(f, g->workload);
    fputs("\"><h2>", f);
    plot_xml_text(f, sect);
    if (g->title[0]) {
        fputs(" <small>", f);
        plot_xml_text(f, g->title);
        fputs("</small>", f);
    }
    fputs("</h2>\n", f);
    constants(f, sec);
}

static sim_err_t section(FILE *f, section_t *sec)
{
    survey(sec);
    heading(f, sec);
    int rac = strcmp(sec->h->cases[sec->c0].family, "rac") == 0;
    sec->shown = 0;
    sec->note = NULL;
    sec->pending = "<h3>Time (mean per statement; whiskers: slowest and fastest "
                   "repetition)</h3>\n";
    sim_err_t e = chart(f, sec, SHOW_TIME, 0);
    if (!sec->shown)
        /* Said once, before whatever comes first. */
        sec->note = "<p class=\"untimed\">No time per statement: no run of this section "
                    "timed its statements (Oracle's imported measurements carry none).</p>\n";
    if (rac) {
        sec->pending = "<h3>AWR figures, for the cluster, per second of the run (transactions "
                       "per minute)</h3>\n";
        for (int k = 0; e == SIM_OK && k < RAC_FIGURES; k++)
            e = chart(f, sec, SHOW_AWR, k);
        zero_line(f, sec, "figures");
        sec->pending = "<details><summary>The session statistics, totals over the "
                       "run</summary>\n";
    } else {
        sec->pending = "<h3>Statistics</h3>\n";
    }
    size_t before = sec->shown;
    for (int k = 0; e == SIM_OK && k < SIM_STAT_COUNT; k++)
        e = chart(f, sec, SHOW_STAT, k);
    zero_line(f, sec, "statistics");
    if (!sec->shown)
        fputs("<p class=\"empty\">Nothing to draw: the runs of this section recorded no time "
              "and no figure this build of lobsim knows.</p>\n",
              f);
    fputs(rac && sec->shown > before ? "</details>\n</section>\n" : "</section>\n", f);
    sec->pending = sec->note = NULL;
    return e;
}

/* The x axis of the workload whose cases begin at c0 (they are together):
 * the runs that ran it, on any path, in the page's order. */
static void workload_axis(section_t *sec, size_t c0)
{
    const rpt_history_t *h = sec->h;
    size_t c1 = c0;
    while (c1 < h->ncases && strcmp(h->cases[c1].workload, h->cases[c0].workload) == 0)
        c1++;
    sec->nx = 0;
    for (size_t x = 0; x < h->nruns; x++) {
        size_t c = c0;
        while (c < c1 && !h->cases[c].ran[x])
            c++;
        if (c < c1) {
            sec->xlabels[sec->nx] = h->runs[x].label;
            sec->xs[sec->nx++] = x;
        }
    }
}

sim_err_t rpt_charts(FILE *f, const rpt_history_t *h)
{
    size_t nr = h->nruns ? h->nruns : 1, most = 1;
    for (size_t c0 = 0, c1; c0 < h->ncases; c0 = c1) {
        for (c1 = c0 + 1; c1 < h->ncases && same_group(&h->cases[c0], &h->cases[c1]); c1++)
            ;
        most = c1 - c0 > most ? c1 - c0 : most;
    }
    section_t *sec = calloc(1, sizeof *sec);
    if (!sec)
        return SIM_ENOMEM;
    sec->h = h;
    sec->maxs = 2 * most;
    sec->series = calloc(sec->maxs, sizeof *sec->series);
    sec->vals = calloc(sec->maxs * nr, sizeof *sec->vals);
    sec->lo = calloc(sec->maxs * nr, sizeof *sec->lo);
    sec->hi = calloc(sec->maxs * nr, sizeof *sec->hi);
    sec->xs = calloc(nr, sizeof *sec->xs);
    sec->names = calloc(sec->maxs, sizeof *sec->names);
    sec->of = calloc(sec->maxs, sizeof *sec->of);
    sec->last = calloc(sec->maxs, sizeof *sec->last);
    sec->steps = calloc(nr, sizeof *sec->steps);
    sec->step_labels = calloc(nr, sizeof *sec->step_labels);
    sec->step_from = calloc(nr, sizeof *sec->step_from);
    sec->xlabels = calloc(nr, sizeof *sec->xlabels);
    sim_err_t e = SIM_OK;
    if (!sec->series || !sec->vals || !sec->lo || !sec->hi || !sec->xs || !sec->names || !sec->of ||
        !sec->last || !sec->steps || !sec->step_labels || !sec->step_from || !sec->xlabels)
        e = SIM_ENOMEM;
    for (size_t c0 = 0, c1; e == SIM_OK && c0 < h->ncases; c0 = c1) {
        for (c1 = c0 + 1; c1 < h->ncases && same_group(&h->cases[c0], &h->cases[c1]); c1++)
            ;
        if (c0 == 0 || strcmp(h->cases[c0 - 1].workload, h->cases[c0].workload) != 0)
            workload_axis(sec, c0);
        sec->c0 = c0;
        sec->c1 = c1;
        e = section(f, sec);
    }
    free(sec->series);
    free(sec->vals);
    free(sec->lo);
    free(sec->hi);
    free(sec->xs);
    free(sec->names);
    free(sec->of);
    free(sec->last);
    free(sec->steps);
    free(sec->step_labels);
    free(sec->step_from);
    free(sec->xlabels);
    free(sec);
    return e;
}
