/*
 * calibration.c -- the page's calibration section: the newest complete
 * model run of the reference's experiment (RES_REF_WORKLOAD, 8 KB blocks,
 * 10,000 rows, not a sweep) against Oracle's reference measurements.  Its
 * plot against LOB size is drawn here from the history (plot_svg()), a
 * panel per statistic that is above zero in either run and the others named
 * in one line; its text is lobdiff's calibration report (ldf_render_text()).
 */
#define _POSIX_C_SOURCE 200809L

#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lobdiff.h"
#include "plot.h"
#include "lobreport_int.h"

static int in_reference(const rpt_case_t *c)
{
    return strcmp(c->workload, RES_REF_WORKLOAD) == 0 && c->block_size == SIM_REF_BLOCK_SIZE &&
           c->rows == SIM_REF_ROWS && !c->variant[0];
}

static int has_figures(const rpt_history_t *h, size_t x)
{
    for (size_t i = 0; i < h->ncases; i++)
        for (int k = 0; in_reference(&h->cases[i]) && k < SIM_STAT_COUNT; k++)
            if (isfinite(h->cases[i].values[x * SIM_STAT_COUNT + (size_t)k]))
                return 1;
    return 0;
}

/* The reference (the newest Oracle run loaded from the reference CSV, not
 * by lobimport) and the newest complete model run of its experiment, as
 * positions; 0 when either is missing. */
static int choose(const rpt_history_t *h, size_t *ref, size_t *run)
{
    *ref = *run = SIZE_MAX;
    for (size_t x = 0; x < h->nruns; x++) {
        const rpt_run_t *r = &h->runs[x];
        if (r->oracle && !r->format && (*ref == SIZE_MAX || r->run > h->runs[*ref].run))
            *ref = x;
        if (!r->oracle && r->completed && has_figures(h, x))
            *run = x;
    }
    return *ref != SIZE_MAX && *run != SIZE_MAX;
}

/* The panels: a series per path and run, the model's solid, Oracle's as
 * markers, for each statistic above zero in either run. */
typedef struct {
    plot_panel_t panels[SIM_STAT_COUNT];
    const char *units[SIM_STAT_COUNT]; /* each panel's value unit */
    plot_series_t *series;
    plot_point_t *points;
    size_t np;
    char names[2][64];
} figure_t;

static int path_rank(const char *p)
{
    return strcmp(p, "local") == 0 ? 0 : strcmp(p, "dblink") == 0 ? 1 : 2;
}

/* A series per path (local, dblink, others by name) of run x's figures of
 * statistic k, the LOB sizes in order. */
static void add_series(figure_t *fg, const rpt_history_t *h, size_t x, int k, int oracle,
                       size_t *ns, size_t *npts)
{
    for (size_t c0 = 0; c0 < h->ncases; c0++) {
        const rpt_case_t *g = &h->cases[c0];
        /* The path's first case of the experiment starts its series. */
        int first_of_path = in_reference(g);
        for (size_t c = 0; c < c0 && first_of_path; c++)
            first_of_path = !(in_reference(&h->cases[c]) && strcmp(h->cases[c].path, g->path) == 0);
        if (!first_of_path)
            continue;
        size_t first = *npts;
        for (size_t c = c0; c < h->ncases; c++) {
            const rpt_case_t *cs = &h->cases[c];
            double v = cs->values[x * SIM_STAT_COUNT + (size_t)k];
            if (in_reference(cs) && strcmp(cs->path, g->path) == 0 && isfinite(v))
                fg->points[(*npts)++] = (plot_point_t){(double)cs->lob_chars / 1024, v};
        }
        if (*npts == first)
            continue;
        int rank = path_rank(g->path);
        fg->series[(*ns)++] = (plot_series_t){fg->names[oracle],
                                              g->path,
                                              (unsigned)(rank < PLOT_COLOURS ? rank : 3),
                                              oracle ? PLOT_MARKERS : PLOT_SOLID,
                                              fg->points + first,
                                              *npts - first};
    }
}

static int positive(const rpt_history_t *h, size_t x, int k)
{
    for (size_t i = 0; i < h->ncases; i++)
        if (in_reference(&h->cases[i]) && h->cases[i].values[x * SIM_STAT_COUNT + (size_t)k] > 0)
            return 1;
    return 0;
}

/* The figure into f, without its XML declaration, then the statistics
 * left out.  SIM_ENOMEM. */
static sim_err_t draw(FILE *f, const rpt_history_t *h, size_t ref, size_t run)
{
    figure_t fg;
    memset(&fg, 0, sizeof fg);
    size_t cap = 2 * h->ncases * SIM_STAT_COUNT;
    fg.series = calloc(cap ? cap : 1, sizeof *fg.series);
    fg.points = calloc(cap ? cap : 1, sizeof *fg.points);
    if (!fg.series || !fg.points) {
        free(fg.series);
        free(fg.points);
        return SIM_ENOMEM;
    }
    snprintf(fg.names[0], sizeof fg.names[0], "lobsim (run %" PRId64 ")", h->runs[run].run);
    snprintf(fg.names[1], sizeof fg.names[1], "Oracle (run %" PRId64 ")", h->runs[ref].run);
    size_t ns = 0, npts = 0;
    char zero[4096] = "";
    size_t nzero = 0, zlen = 0;
    for (int k = 0; k < SIM_STAT_COUNT; k++) {
        const char *name = sim_stat_info((sim_stat_t)k)->name;
        if (!positive(h, run, k) && !positive(h, ref, k)) {
            if (zlen < sizeof zero)
                zlen += (size_t)snprintf(zero + zlen, sizeof zero - zlen, "%s%s", nzero ? ", " : "",
                                         name);
            nzero++;
            continue;
        }
        size_t s0 = ns;
        add_series(&fg, h, run, k, 0, &ns, &npts);
        add_series(&fg, h, ref, k, 1, &ns, &npts);
        fg.units[fg.np] = sim_stat_unit((sim_stat_t)k);
        fg.panels[fg.np++] = (plot_panel_t){name, fg.series + s0, ns - s0};
    }
    plot_opts_t o;
    plot_opts_defaults(&o);
    char title[160], sub[160];
    snprintf(title, sizeof title,
             "lobsim run %" PRId64 " against the Oracle measurements (run %" PRId64 ")",
             h->runs[run].run, h->runs[ref].run);
    snprintf(sub, sizeof sub, "%s, 8k blocks, %u rows; log-log axes", RES_REF_WORKLOAD,
             SIM_REF_ROWS);
    o.title = title;
    o.subtitle = sub;
    o.units = fg.units;
    char *buf = NULL;
    size_t len = 0;
    FILE *m = open_memstream(&buf, &len);
    sim_err_t e = m ? SIM_OK : SIM_ENOMEM;
    if (m && fg.np)
        e = plot_svg(m, &o, fg.panels, fg.np);
    if (m && fclose(m) != 0 && e == SIM_OK)
        e = SIM_ENOMEM;
    if (e == SIM_OK && fg.np) {
        const char *svg = strstr(buf, "<svg");
        fprintf(f, "<figure class=\"calibration-plot\">%s</figure>\n", svg ? svg : "");
    }
    if (e == SIM_OK && nzero) {
        fprintf(f, "<p class=\"zeros\">Zero in both runs (%zu statistics): ", nzero);
        plot_xml_text(f, zero);
        fputs(".</p>\n", f);
    }
    free(buf);
    free(fg.series);
    free(fg.points);
    return e == SIM_ENOMEM ? e : SIM_OK;
}

/* lobdiff's text report of the calibration, or why there is none. */
static sim_err_t report(FILE *f, const rpt_history_t *h, const char *db, size_t ref, size_t run)
{
    char err[1024], sel[2][32];
    snprintf(sel[0], sizeof sel[0], "%" PRId64, h->runs[ref].run);
    snprintf(sel[1], sizeof sel[1], "%" PRId64, h->runs[run].run);
    ldf_opts_t o;
    ldf_opts_defaults(&o);
    o.db = db;
    ldf_run_t *base = NULL, *head = NULL;
    ldf_diff_t *d = NULL;
    sim_err_t e = ldf_run_load("base", sel[0], db, &base, err, sizeof err);
    if (e == SIM_OK)
        e = ldf_run_load("head", sel[1], db, &head, err, sizeof err);
    if (e == SIM_OK)
        e = ldf_run_mark_reference(base, head, base, err, sizeof err);
    if (e != SIM_OK && e != SIM_ENOMEM) {
        fputs("<p>No calibration report: ", f);
        plot_xml_text(f, err);
        fputs("</p>\n", f);
    }
    if (e == SIM_OK && !(d = ldf_diff_create(&o, base, head)))
        e = SIM_ENOMEM;
    char *buf = NULL;
    size_t len = 0;
    FILE *m = e == SIM_OK ? open_memstream(&buf, &len) : NULL;
    if (e == SIM_OK && !m)
        e = SIM_ENOMEM;
    if (m) {
        e = ldf_render_text(m, d);
        if (fclose(m) != 0 && e == SIM_OK)
            e = SIM_ENOMEM;
    }
    if (e == SIM_OK) {
        fputs("<pre class=\"calibration-report\">", f);
        plot_xml_text(f, buf);
        fputs("</pre>\n", f);
    }
    free(buf);
    ldf_diff_destroy(d);
    ldf_run_destroy(base);
    ldf_run_destroy(head);
    return e == SIM_ENOMEM ? e : SIM_OK;
}

sim_err_t rpt_calibration(FILE *f, const rpt_history_t *h, const char *db)
{
    fputs("<section id=\"calibration\"><h2>Calibration: the model against Oracle</h2>\n", f);
    size_t ref, run;
    sim_err_t e = SIM_OK;
    if (!choose(h, &ref, &run))
        fputs("<p>No calibration: the store needs Oracle's reference measurements and a "
              "complete model run of their experiment (insert, 8k blocks, 10000 rows, not a "
              "sweep).</p>\n",
              f);
    else if ((e = draw(f, h, ref, run)) == SIM_OK)
        e = report(f, h, db, ref, run);
    fputs("</section>\n", f);
    return e;
}
