/*
 * site.c -- the history as DIR/index.html: a table of the runs, the
 * latest calibration report (lobdiff's library: its text and its plot), then
 * per workload and path a chart per statistic across the runs and one of the
 * times with their spread (plot_history_svg()), every SVG inline.  No
 * script, no external resource.  rpt_site_write() is the entry; the file
 * appears whole or not at all.
 */
#define _POSIX_C_SOURCE 200809L

#include <assert.h>
#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "lobdiff.h"
#include "plot.h"
#include "lobreport_int.h"

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

static void case_name(char *out, size_t len, const rpt_case_t *c)
{
    int n = snprintf(out, len, "%" PRIu64 "k", c->lob_chars / 1024);
    if (n > 0 && (size_t)n < len && c->block_size != SIM_REF_BLOCK_SIZE)
        n += snprintf(out + n, len - (size_t)n, " %" PRIu32 "k blk", c->block_size / 1024);
    if (n > 0 && (size_t)n < len && c->rows != SIM_REF_ROWS)
        snprintf(out + n, len - (size_t)n, " %" PRIu64 " rows", c->rows);
}

static int same_group(const rpt_case_t *a, const rpt_case_t *b)
{
    return strcmp(a->workload, b->workload) == 0 && strcmp(a->path, b->path) == 0;
}

/* ---- the calibration report ------------------------------------------------ */

/* What render writes into a buffer of its own, through put: a renderer's
 * output goes into the page whole or not at all.  SIM_ENOMEM; other
 * failures of render (nothing to plot) leave the page without it. */
typedef sim_err_t render_fn(FILE *m, const ldf_diff_t *d);
typedef void put_fn(FILE *f, const char *text);

static sim_err_t inline_render(FILE *f, const ldf_diff_t *d, render_fn *render, put_fn *put)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *m = open_memstream(&buf, &len);
    if (!m)
        return SIM_ENOMEM;
    sim_err_t e = render(m, d);
    if (fclose(m) != 0 && e == SIM_OK)
        e = SIM_ENOMEM;
    if (e == SIM_OK)
        put(f, buf);
    free(buf);
    return e == SIM_ENOMEM ? e : SIM_OK;
}

static sim_err_t render_plot(FILE *m, const ldf_diff_t *d)
{
    char err[256];
    return ldf_render_plot(m, d, NULL, err, sizeof err);
}

/* The SVG inline: without its XML declaration. */
static void put_svg(FILE *f, const char *svg)
{
    const char *start = strstr(svg, "<svg");
    fprintf(f, "<figure class=\"calibration-plot\">%s</figure>\n", start ? start : "");
}

static void put_pre(FILE *f, const char *text)
{
    fputs("<pre class=\"calibration-report\">", f);
    plot_xml_text(f, text);
    fputs("</pre>\n", f);
}

/* lobdiff's calibration of the latest lobsim run: its plot and its text. */
static sim_err_t calibration(FILE *f, const rpt_history_t *h, const char *db)
{
    fputs("<section id=\"calibration\"><h2>Calibration: the latest run against Oracle</h2>\n", f);
    if (!h->has_oracle || !h->latest_lobsim) {
        fputs("<p>No calibration: the store needs Oracle's reference and a complete "
              "lobsim run.</p></section>\n",
              f);
        return SIM_OK;
    }
    char err[1024], head_sel[32];
    snprintf(head_sel, sizeof head_sel, "%" PRId64, h->latest_lobsim);
    ldf_opts_t o;
    ldf_opts_defaults(&o);
    o.db = db;
    ldf_run_t *base = NULL, *head = NULL;
    ldf_diff_t *d = NULL;
    sim_err_t e = ldf_run_load("base", "reference", db, &base, err, sizeof err);
    if (e == SIM_OK)
        e = ldf_run_load("head", head_sel, db, &head, err, sizeof err);
    if (e != SIM_OK && e != SIM_ENOMEM) {
        fputs("<p>No calibration: ", f);
        plot_xml_text(f, err);
        fputs("</p>", f);
    }
    if (e == SIM_OK && !(d = ldf_diff_create(&o, base, head)))
        e = SIM_ENOMEM;
    if (e == SIM_OK)
        e = inline_render(f, d, render_plot, put_svg);
    if (e == SIM_OK)
        e = inline_render(f, d, ldf_render_text, put_pre);
    fputs("</section>\n", f);
    ldf_diff_destroy(d);
    ldf_run_destroy(base);
    ldf_run_destroy(head);
    return e == SIM_ENOMEM ? e : SIM_OK;
}

/* ---- the charts ---------------------------------------------------------------- */

typedef struct {
    plot_hseries_t *series;
    double *vals; /* nseries x nruns */
    char (*names)[64];
    plot_step_t *steps;
    char (*step_labels)[80];
    const char **xlabels;
} chart_buf_t;

/* Steps: between consecutive model runs where any model series changed. */
static size_t find_steps(const rpt_history_t *h, const chart_buf_t *b, size_t nseries,
                         const unsigned char *oracle_series)
{
    size_t n = 0, prev = SIZE_MAX;
    for (size_t x = 0; x < h->nruns; x++) {
        if (h->runs[x].oracle)
            continue;
        int changed = 0;
        for (size_t i = 0; prev != SIZE_MAX && i < nseries && !changed; i++) {
            double a = b->vals[i * h->nruns + prev], c = b->vals[i * h->nruns + x];
            changed = !oracle_series[i] && isfinite(a) && isfinite(c) && a != c;
        }
        if (changed) {
            const rpt_run_t *r = &h->runs[x];
            b->steps[n].at = x;
            snprintf(b->step_labels[n], sizeof b->step_labels[n], "%.10s%s%.40s", r->label,
                     r->subject[0] ? " " : "", r->subject);
            b->steps[n].label = b->step_labels[n];
            n++;
        }
        prev = x;
    }
    return n;
}

static void step_list(FILE *f, const rpt_history_t *h, const plot_step_t *steps, size_t n)
{
    if (!n)
        return;
    fputs("<ul class=\"steps\">", f);
    for (size_t i = 0; i < n; i++) {
        const rpt_run_t *r = &h->runs[steps[i].at];
        fprintf(f, "<li>step at run %" PRId64 ": <code>", r->run);
        plot_xml_text(f, r->commit[0] ? r->commit : r->label);
        fputs("</code> ", f);
        plot_xml_text(f, r->subject[0] ? r->subject : "(commit not in this repository)");
        fputs("</li>", f);
    }
    fputs("</ul>\n", f);
}

/* One chart of cases [c0, c1) for statistic k, or of their times (k < 0). */
static sim_err_t chart(FILE *f, const rpt_history_t *h, size_t c0, size_t c1, int k, chart_buf_t *b)
{
    const rpt_case_t *g = &h->cases[c0];
    size_t ns = 0, nr = h->nruns;
    unsigned char oracle_series[2 * 64] = {0};
    int any = 0;
    /* The model's series first, so that the legend names them before
     * Oracle's (which has LOB sizes the runs may lack). */
    for (int oracle = 0; oracle <= 1; oracle++) {
        for (size_t c = c0; c < c1 && ns < 2 * 64; c++) {
            const rpt_case_t *cs = &h->cases[c];
            double *v = &b->vals[ns * nr];
            int has = 0;
            for (size_t x = 0; x < nr; x++) {
                double val = k < 0 ? cs->t_mean[x] : cs->values[x * SIM_STAT_COUNT + (size_t)k];
                v[x] = h->runs[x].oracle == oracle ? val : NAN;
                has |= isfinite(v[x]);
                any |= isfinite(v[x]) && v[x] > 0;
            }
            if (!has)
                continue;
            plot_hseries_t *s = &b->series[ns];
            case_name(b->names[ns], sizeof b->names[ns], cs);
            if (oracle)
                strncat(b->names[ns], " Oracle", sizeof b->names[ns] - strlen(b->names[ns]) - 1);
            *s = (plot_hseries_t){b->names[ns],
                                  (unsigned)((c - c0) % PLOT_HISTORY_COLOURS),
                                  oracle ? PLOT_MARKERS : PLOT_SOLID,
                                  v,
                                  NULL,
                                  NULL};
            if (k < 0 && !oracle) {
                s->lo = cs->t_lo;
                s->hi = cs->t_hi;
            }
            oracle_series[ns] = (unsigned char)oracle;
            ns++;
        }
    }
    if (!any)
        return SIM_OK; /* nothing to draw: zero or absent everywhere */
    /* Times differ from run to run anyway: steps are the statistics'. */
    size_t nsteps = k < 0 ? 0 : find_steps(h, b, ns, oracle_series);
    char title[160], id[200], s1[96];
    const char *stat = k < 0 ? "time per statement" : sim_stat_info((sim_stat_t)k)->name;
    snprintf(title, sizeof title, "%s, %s: %s", g->workload, g->path, stat);
    slug(s1, sizeof s1, stat);
    snprintf(id, sizeof id, "%s-%s-%s-%s", k < 0 ? "times" : "chart", g->workload, g->path, s1);
    plot_history_t ph = {
        title, id, nr, b->xlabels, b->series, ns, b->steps, nsteps, k < 0 ? " us" : NULL, 560, 330};
    fputs("<figure class=\"chart\">", f);
    sim_err_t e = plot_history_svg(f, &ph);
    step_list(f, h, b->steps, nsteps);
    fputs("</figure>\n", f);
    return e;
}

static sim_err_t charts(FILE *f, const rpt_history_t *h)
{
    size_t nr = h->nruns ? h->nruns : 1, maxs = 2 * 64;
    chart_buf_t b = {calloc(maxs, sizeof *b.series),    calloc(maxs * nr, sizeof *b.vals),
                     calloc(maxs, sizeof *b.names),     calloc(nr, sizeof *b.steps),
                     calloc(nr, sizeof *b.step_labels), calloc(nr, sizeof *b.xlabels)};
    sim_err_t e = SIM_OK;
    if (!b.series || !b.vals || !b.names || !b.steps || !b.step_labels || !b.xlabels)
        e = SIM_ENOMEM;
    for (size_t x = 0; e == SIM_OK && x < h->nruns; x++)
        b.xlabels[x] = h->runs[x].label;
    for (size_t c0 = 0, c1; e == SIM_OK && c0 < h->ncases; c0 = c1) {
        for (c1 = c0 + 1; c1 < h->ncases && same_group(&h->cases[c0], &h->cases[c1]); c1++)
            ;
        const rpt_case_t *g = &h->cases[c0];
        fprintf(f, "<section class=\"group\" id=\"%s-%s\"><h2>", g->workload, g->path);
        plot_xml_text(f, g->workload);
        fputs(", ", f);
        plot_xml_text(f, g->path);
        fputs("</h2>\n<h3>Times (mean per statement; whiskers: slowest and fastest "
              "repetition)</h3>\n",
              f);
        e = chart(f, h, c0, c1, -1, &b);
        fputs("<h3>Statistics</h3>\n", f);
        for (int k = 0; e == SIM_OK && k < SIM_STAT_COUNT; k++)
            e = chart(f, h, c0, c1, k, &b);
        fputs("</section>\n", f);
    }
    free(b.series);
    free(b.vals);
    free(b.names);
    free(b.steps);
    free(b.step_labels);
    free(b.xlabels);
    return e;
}

/* ---- the page ------------------------------------------------------------------ */

static void runs_table(FILE *f, const rpt_history_t *h)
{
    fputs("<table class=\"runs\"><thead><tr><th>#</th><th>run</th><th>source</th>"
          "<th>commit</th><th>subject</th></tr></thead><tbody>\n",
          f);
    for (size_t x = 0; x < h->nruns; x++) {
        const rpt_run_t *r = &h->runs[x];
        fprintf(f, "<tr><td>%zu</td><td>%" PRId64 "</td><td>%s</td><td><code>", x + 1, r->run,
                r->oracle ? "oracle" : "lobsim");
        plot_xml_text(f, r->commit[0] ? r->commit : "-");
        fputs("</code></td><td>", f);
        plot_xml_text(f, r->subject);
        fputs("</td></tr>\n", f);
    }
    fputs("</tbody></table>\n", f);
}

static sim_err_t page(FILE *f, const rpt_history_t *h, const char *db)
{
    fputs("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n"
          "<title>lobsim history</title>\n<style>\n"
          "body{font-family:sans-serif;margin:1.5em;color:#222}\n"
          "figure{display:inline-block;margin:0 1em 1em 0;vertical-align:top}\n"
          "figure.chart{width:560px}\nul.steps{font-size:12px;margin:.2em 0 0 1em;padding:0}\n"
          "table.runs{border-collapse:collapse;font-size:13px}\n"
          "table.runs td,table.runs th{border:1px solid #ccc;padding:2px 6px;text-align:left}\n"
          "pre{font-size:11px;max-height:30em;overflow:auto;background:#f6f6f6;padding:.5em}\n"
          "</style></head><body>\n<h1>lobsim history</h1>\n<p>Store <code>",
          f);
    plot_xml_text(f, db);
    size_t nor = 0;
    for (size_t x = 0; x < h->nruns; x++)
        nor += h->runs[x].oracle != 0;
    fprintf(f,
            "</code>: %zu runs, %zu of the model and %zu imported from Oracle.  Each chart "
            "shows one figure across the runs in commit order: the model's runs as lines "
            "with dots, Oracle's as white diamonds; a dashed red rule marks a step, "
            "labelled with its commit and subject.</p>\n",
            h->nruns, h->nruns - nor, nor);
    runs_table(f, h);
    sim_err_t e = calibration(f, h, db);
    if (e == SIM_OK)
        e = charts(f, h);
    fputs("</body></html>\n", f);
    return e;
}

sim_err_t rpt_site_write(const rpt_history_t *h, const char *db, const char *dir, char *err,
                         size_t errlen)
{
    assert(h != NULL && db != NULL && dir != NULL);
    assert(err != NULL || errlen == 0);
    char path[4096], tmp[4096 + 16];
    snprintf(path, sizeof path, "%s/index.html", dir);
    snprintf(tmp, sizeof tmp, "%s.tmp-XXXXXX", path);
    int fd = mkstemp(tmp);
    /* mkstemp makes it private; a page is for reading. */
    if (fd >= 0)
        (void)fchmod(fd, 0644);
    FILE *f = fd >= 0 ? fdopen(fd, "w") : NULL;
    if (!f) {
        snprintf(err, errlen, "cannot write %s: %s", path, strerror(errno));
        if (fd >= 0) {
            close(fd);
            unlink(tmp);
        }
        return SIM_EIO;
    }
    sim_err_t e = page(f, h, db);
    int werr = ferror(f);
    if (fclose(f) != 0 || werr)
        e = e == SIM_OK ? SIM_EIO : e;
    if (e == SIM_OK && rename(tmp, path) != 0)
        e = SIM_EIO;
    if (e != SIM_OK) {
        snprintf(err, errlen, "cannot write %s: %s", path,
                 e == SIM_ENOMEM ? "out of memory" : strerror(errno ? errno : EIO));
        unlink(tmp);
    }
    return e;
}
