/*
 * lobbench_plot.c -- --plot: the sweep's statistics as SVG panels (plot.h),
 * in the axes of its workloads' family (one family per figure, opts.c):
 *
 *   LOB workloads  each statistic against LOB size, a line per path (and
 *                  block size), the Oracle reference's points beside;
 *   heap queries   each statistic against block size, a line per query;
 *   rac            each AWR figure of the cluster against block size, a
 *                  line per number of users (per point of the lists).
 *
 * A sweep over lists or seeds draws its first point (the first seed); rac
 * draws every point of its lists, one line each.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lobbench_int.h"
#include "plot.h"
#include "rac_sim.h"
#include "results.h"

/* The figure being built: room for every panel, series and point,
 * allocated once for the family's bounds so that the panels' pointers
 * into the arrays stay valid. */
typedef struct {
    plot_panel_t *panels;
    size_t np;
    plot_series_t *series;
    size_t ns, max_series;
    plot_point_t *points;
    size_t npts, max_points;
    char (*titles)[96]; /* a panel's title when it is not a catalogue name */
    const char **units; /* a panel's value unit */
} figure_t;

static int figure_init(figure_t *fg, size_t panels, size_t series, size_t points)
{
    memset(fg, 0, sizeof *fg);
    fg->panels = calloc(panels ? panels : 1, sizeof *fg->panels);
    fg->series = calloc(series ? series : 1, sizeof *fg->series);
    fg->points = calloc(points ? points : 1, sizeof *fg->points);
    fg->titles = calloc(panels ? panels : 1, sizeof *fg->titles);
    fg->units = calloc(panels ? panels : 1, sizeof *fg->units);
    fg->max_series = series;
    fg->max_points = points;
    if (fg->panels && fg->series && fg->points && fg->titles && fg->units)
        return 0;
    fprintf(stderr, "lobbench: --plot: out of memory\n");
    return 1;
}

static void figure_free(figure_t *fg)
{
    free(fg->panels);
    free(fg->series);
    free(fg->points);
    free(fg->titles);
    free(fg->units);
}

/* A series of the panel being built (its series start at panel_first);
 * its points follow with add_point().  Left out by end_series() when it
 * has no point; a series of zeros is drawn on the panel's zero row. */
static plot_series_t *begin_series(figure_t *fg, const char *path, const char *name,
                                   unsigned colour, plot_style_t style)
{
    plot_series_t *s = &fg->series[fg->ns];
    *s = (plot_series_t){name, path, colour % PLOT_COLOURS, style, &fg->points[fg->npts], 0};
    return s;
}

static void add_point(figure_t *fg, plot_series_t *s, double x, double v)
{
    if (fg->npts < fg->max_points) {
        fg->points[fg->npts++] = (plot_point_t){x, v};
        s->npoints++;
    }
}

static void end_series(figure_t *fg, plot_series_t *s)
{
    if (s->npoints > 0 && fg->ns < fg->max_series)
        fg->ns++;
    else
        fg->npts -= s->npoints;
}

/* The panel of the series since `first`, with its value axis' unit, when
 * any of their values is above 0; else the series and their points are
 * given back (a statistic that is 0 everywhere has no panel). */
static void end_panel(figure_t *fg, size_t first, const char *title, const char *unit)
{
    int any = 0;
    for (size_t s = first; s < fg->ns; s++)
        for (size_t i = 0; i < fg->series[s].npoints; i++)
            any |= fg->series[s].points[i].value > 0;
    if (!any) {
        if (fg->ns > first)
            fg->npts = (size_t)(fg->series[first].points - fg->points);
        fg->ns = first;
        return;
    }
    fg->units[fg->np] = unit;
    snprintf(fg->titles[fg->np], sizeof fg->titles[fg->np], "%s", title);
    fg->panels[fg->np] = (plot_panel_t){fg->titles[fg->np], &fg->series[first], fg->ns - first};
    fg->np++;
}

static int write_figure(const bench_opts_t *o, const figure_t *fg, plot_opts_t *po)
{
    char err[512];
    if (fg->np == 0) {
        fprintf(stderr, "lobbench: --plot=%s: every statistic is zero\n", o->plot);
        return 1;
    }
    po->units = fg->units;
    if (plot_svg_file(o->plot, po, fg->panels, fg->np, err, sizeof err) != SIM_OK) {
        fprintf(stderr, "lobbench: %s\n", err);
        return 1;
    }
    if (!o->quiet)
        printf("Plot written to %s (%zu panels).\n", o->plot, fg->np);
    return 0;
}

/* "; rac.users=40, seed 2" for the subtitle: the point drawn, "" for none. */
static void point_note(const bench_case_t *bc, int with_seed, char *buf, size_t len)
{
    char point[160];
    bench_point_label(bc, with_seed, point, sizeof point);
    snprintf(buf, len, "%s%s", point[0] ? "; " : "", point);
}

/* 10000000 as "10,000,000". */
static void thousands(uint64_t v, char *buf, size_t len)
{
    char digits[32];
    int n = snprintf(digits, sizeof digits, "%llu", (unsigned long long)v);
    size_t o = 0;
    for (int i = 0; i < n && o + 2 < len; i++) {
        if (i > 0 && (n - i) % 3 == 0)
            buf[o++] = ',';
        buf[o++] = digits[i];
    }
    buf[o] = '\0';
}

/* The units of rac's AWR figures (rac_figures(): the order of
 * rac_figure_name()). */
static const char *const rac_units[] = {
    "KB/s",      "messages/s", "blocks/s",  "blocks/s",  "blocks/s",  "transactions/min",
    "seconds/s", "seconds/s",  "seconds/s", "seconds/s", "seconds/s",
};
_Static_assert(sizeof rac_units / sizeof rac_units[0] == RAC_FIGURES,
               "a unit for each of rac's figures");

/* The cases at first's point of the sweep: the most points one line of a
 * figure of first's point can have, all lines of a panel together. */
static size_t cases_at(const sweep_t *sw, const bench_case_t *first)
{
    size_t n = 0;
    for (size_t i = 0; i < sw->ncases; i++)
        n += sw->cases[i].ran && bench_same_point(&sw->cases[i], first, 1);
    return n;
}

/* ---- the heap queries: x = block size, a line per query ----------------- */

static int plot_heap(const bench_opts_t *o, const sweep_t *sw, const bench_case_t *first)
{
    size_t nq = 0;
    for (size_t w = 0; w < workload_count(); w++)
        nq += workload_is_heap(w);
    figure_t fg;
    if (figure_init(&fg, SIM_STAT_COUNT, SIM_STAT_COUNT * nq,
                    SIM_STAT_COUNT * cases_at(sw, first))) {
        figure_free(&fg);
        return 1;
    }
    for (size_t r = 0; r < bench_order_len; r++) {
        sim_stat_t k = bench_order[r];
        size_t panel_first = fg.ns;
        /* The colour is the query's place among the heap queries, whatever
         * the sweep chose, so that fts is the same colour in every figure. */
        for (size_t w = 0, q = 0; w < workload_count(); w++) {
            if (!workload_is_heap(w))
                continue;
            plot_series_t *s = begin_series(&fg, NULL, workload_name(w), (unsigned)q++, PLOT_SOLID);
            for (size_t i = 0; i < sw->ncases; i++) {
                const bench_case_t *bc = &sw->cases[i];
                if (bc->ran && bc->c.workload == w && bench_same_point(bc, first, 1))
                    add_point(&fg, s, (double)bc->c.block_size / 1024, (double)bc->st.v[k]);
            }
            end_series(&fg, s);
        }
        end_panel(&fg, panel_first, sim_stat_info(k)->name, sim_stat_unit(k));
    }
    char title[160], subtitle[320], rows[32], note[200];
    thousands(first->c.rows, rows, sizeof rows);
    point_note(first, 1, note, sizeof note);
    const char *dict = case_param_value_name("heap.dict_cache", first->c.heap.dict_cache);
    snprintf(title, sizeof title, "lobbench: the heap queries, %s rows, seed %llu", rows,
             (unsigned long long)first->c.seed);
    snprintf(subtitle, sizeof subtitle,
             "statistics against block size, log-log axes; a line per query; dictionary cache "
             "%s%s",
             dict ? dict : "?", note);
    plot_opts_t po;
    plot_opts_defaults(&po);
    po.title = title;
    po.subtitle = subtitle;
    po.x_title = "block size";
    po.legend_by_colour = 1;
    int rc = write_figure(o, &fg, &po);
    figure_free(&fg);
    return rc;
}

/* ---- rac: x = block size, a line per number of users --------------------- */

/* "40 users" and the other lists' values of a point: a rac line's name. */
static void users_label(const bench_case_t *bc, char *buf, size_t len)
{
    size_t used = (size_t)snprintf(buf, len, "%u users", bc->c.rac.users);
    for (size_t i = 0; i < bc->nswept && used < len; i++) {
        char v[32];
        if (strcmp(bc->swept[i], "rac.users") == 0)
            continue;
        bench_param_text(bc->swept[i], bc->swept_value[i], v, sizeof v);
        used += (size_t)snprintf(buf + used, len - used, ", %s=%s", bc->swept[i], v);
    }
}

/* The first case of each point of the lists at the first seed: the lines. */
static size_t rac_lines(const sweep_t *sw, const bench_case_t *first, const bench_case_t **line,
                        size_t max)
{
    size_t n = 0;
    for (size_t i = 0; i < sw->ncases && n < max; i++) {
        const bench_case_t *bc = &sw->cases[i];
        if (!bc->ran || bc->c.workload != first->c.workload || bc->c.seed != first->c.seed)
            continue;
        int seen = 0;
        for (size_t j = 0; j < n && !seen; j++)
            seen = bench_same_point(line[j], bc, 0);
        if (!seen)
            line[n++] = bc;
    }
    return n;
}

/* Lines told apart by colour, then by dashes. */
#define RAC_PLOT_LINES (2 * PLOT_COLOURS)

static int plot_rac(const bench_opts_t *o, const sweep_t *sw, const bench_case_t *first)
{
    const bench_case_t *line[RAC_PLOT_LINES + 1];
    size_t nl = rac_lines(sw, first, line, RAC_PLOT_LINES + 1);
    int cut = nl > RAC_PLOT_LINES;
    nl = cut ? RAC_PLOT_LINES : nl;
    figure_t fg;
    if (figure_init(&fg, RAC_FIGURES, RAC_FIGURES * nl, RAC_FIGURES * sw->ncases)) {
        figure_free(&fg);
        return 1;
    }
    static char names[RAC_PLOT_LINES][128];
    for (size_t l = 0; l < nl; l++)
        users_label(line[l], names[l], sizeof names[l]);
    for (size_t k = 0; k < RAC_FIGURES; k++) {
        size_t panel_first = fg.ns;
        for (size_t l = 0; l < nl; l++) {
            plot_series_t *s = begin_series(&fg, NULL, names[l], (unsigned)l,
                                            l < PLOT_COLOURS ? PLOT_SOLID : PLOT_DASHED);
            for (size_t i = 0; i < sw->ncases; i++) {
                const bench_case_t *bc = &sw->cases[i];
                if (!bc->ran || bc->c.workload != first->c.workload ||
                    bc->c.seed != first->c.seed || !bench_same_point(bc, line[l], 0))
                    continue;
                double fig[RAC_FIGURES];
                rac_figures(&bc->st, fig);
                add_point(&fg, s, (double)bc->c.block_size / 1024, fig[k]);
            }
            end_series(&fg, s);
        }
        end_panel(&fg, panel_first, rac_figure_name(k), rac_units[k]);
    }
    char title[160], subtitle[320], rows[32], ic[32];
    thousands(first->c.rows, rows, sizeof rows);
    bench_param_text("rac.interconnect", first->c.rac.interconnect, ic, sizeof ic);
    snprintf(title, sizeof title, "lobbench: rac, two instances, %s rows, seed %llu", rows,
             (unsigned long long)first->c.seed);
    snprintf(subtitle, sizeof subtitle,
             "the cluster's AWR figures (instances 1 and 2 together) per second (transactions "
             "per minute; a wait class in seconds per second) against block size; a line per "
             "number of users; interconnect %s%s",
             ic, cut ? "; the first points of the lists only" : "");
    plot_opts_t po;
    plot_opts_defaults(&po);
    po.title = title;
    po.subtitle = subtitle;
    po.x_title = "block size";
    po.legend_by_colour = 1;
    int rc = write_figure(o, &fg, &po);
    figure_free(&fg);
    return rc;
}

/* ---- the LOB workloads: x = LOB size, a line per path and block size ----- */

/* The Oracle measurements, read back from the store for the plot. */
typedef struct {
    plot_point_t pts[CASE_PATH_COUNT][SIM_STAT_COUNT][BENCH_MAX_LIST];
    size_t n[CASE_PATH_COUNT][SIM_STAT_COUNT];
} ref_points_t;

static sim_err_t collect_reference(const res_session_info_t *ss, void *arg)
{
    ref_points_t *rp = arg;
    case_path_t p;
    if (ss->path == NULL || case_path_parse(ss->path, &p) != 0)
        return SIM_OK;
    for (int k = 0; k < SIM_STAT_COUNT; k++)
        if (ss->present[k] && rp->n[p][k] < BENCH_MAX_LIST)
            rp->pts[p][k][rp->n[p][k]++] =
                (plot_point_t){(double)ss->lob_chars / 1024, (double)ss->stats.v[k]};
    return SIM_OK;
}

/* The reference measurements into ref when the store has them: 1 if so. */
static int reference_points(const bench_opts_t *o, ref_points_t *ref)
{
    memset(ref, 0, sizeof *ref);
    int with_ref = 0;
    res_store_t *store;
    char err[512];
    if (o->db && res_open(o->db, RES_OPEN_READONLY, &store, err, sizeof err) == SIM_OK) {
        int64_t run;
        with_ref = res_resolve_run(store, "reference", &run) == SIM_OK &&
                   res_foreach_session(store, run, collect_reference, ref) == SIM_OK;
        res_close(store);
    }
    return with_ref;
}

/* What the LOB sweep drew: its workloads and block sizes, in order. */
typedef struct {
    unsigned wl[WORKLOAD_MAX];
    size_t nwl;
    uint32_t bs[BENCH_MAX_LIST];
    size_t nbs;
} lob_axes_t;

static void lob_axes(const sweep_t *sw, const bench_case_t *first, lob_axes_t *ax)
{
    memset(ax, 0, sizeof *ax);
    for (size_t i = 0; i < sw->ncases; i++) {
        const bench_case_t *bc = &sw->cases[i];
        if (!bc->ran || !bench_same_point(bc, first, 1))
            continue;
        size_t w = 0, b = 0;
        while (w < ax->nwl && ax->wl[w] != bc->c.workload)
            w++;
        if (w == ax->nwl && ax->nwl < WORKLOAD_MAX)
            ax->wl[ax->nwl++] = bc->c.workload;
        while (b < ax->nbs && ax->bs[b] != bc->c.block_size)
            b++;
        if (b == ax->nbs && ax->nbs < BENCH_MAX_LIST)
            ax->bs[ax->nbs++] = bc->c.block_size;
    }
}

/*
 * A panel per (workload, statistic) that is not zero everywhere: a line
 * per path and block size (a colour each), and the Oracle measurements'
 * points (with_ref) beside the insert workload's 8k lines when the rows
 * are the reference's.
 */
static void lob_panels(figure_t *fg, const sweep_t *sw, const bench_case_t *first,
                       const lob_axes_t *ax, const ref_points_t *ref, int with_ref)
{
    static char names[BENCH_MAX_LIST][32];
    for (size_t b = 0; b < ax->nbs; b++)
        snprintf(names[b], sizeof names[b], "%uk blocks", ax->bs[b] / 1024);
    for (size_t w = 0; w < ax->nwl; w++)
        for (size_t r = 0; r < bench_order_len; r++) {
            sim_stat_t k = bench_order[r];
            size_t panel_first = fg->ns;
            for (size_t b = 0; b < ax->nbs; b++)
                for (int p = 0; p < CASE_PATH_COUNT; p++) {
                    unsigned colour = (unsigned)(ax->nbs > 1 ? 2 * b + (size_t)p : (size_t)p);
                    plot_series_t *s =
                        begin_series(fg, case_path_name((case_path_t)p),
                                     ax->nbs > 1 ? names[b] : "lobsim", colour, PLOT_SOLID);
                    for (size_t i = 0; i < sw->ncases; i++) {
                        const bench_case_t *bc = &sw->cases[i];
                        if (bc->ran && bc->c.workload == ax->wl[w] &&
                            bc->c.path == (case_path_t)p && bc->c.block_size == ax->bs[b] &&
                            bench_same_point(bc, first, 1))
                            add_point(fg, s, (double)bc->c.lob_chars / 1024, (double)bc->st.v[k]);
                    }
                    end_series(fg, s);
                    if (!with_ref || ref->n[p][k] == 0 || s->npoints == 0 ||
                        ax->wl[w] != (unsigned)workload_find("insert") ||
                        ax->bs[b] != SIM_REF_BLOCK_SIZE || first->c.rows != SIM_REF_ROWS)
                        continue;
                    plot_series_t *rs = begin_series(fg, case_path_name((case_path_t)p), "Oracle",
                                                     colour, PLOT_MARKERS);
                    for (size_t i = 0; i < ref->n[p][k]; i++)
                        add_point(fg, rs, ref->pts[p][k][i].x, ref->pts[p][k][i].value);
                    end_series(fg, rs);
                }
            char title[96];
            if (ax->nwl > 1)
                snprintf(title, sizeof title, "%s: %s", workload_name(ax->wl[w]),
                         sim_stat_info(k)->name);
            else
                snprintf(title, sizeof title, "%s", sim_stat_info(k)->name);
            end_panel(fg, panel_first, title, sim_stat_unit(k));
        }
}

static int plot_lob(const bench_opts_t *o, const sweep_t *sw, const bench_case_t *first)
{
    static ref_points_t ref;
    int with_ref = reference_points(o, &ref);
    lob_axes_t ax;
    lob_axes(sw, first, &ax);
    size_t per_panel = ax.nbs * CASE_PATH_COUNT * 2;
    figure_t fg;
    if (figure_init(&fg, ax.nwl * SIM_STAT_COUNT, ax.nwl * SIM_STAT_COUNT * per_panel,
                    SIM_STAT_COUNT * (cases_at(sw, first) + 2 * BENCH_MAX_LIST) * ax.nwl)) {
        figure_free(&fg);
        return 1;
    }
    lob_panels(&fg, sw, first, &ax, &ref, with_ref);
    char title[256], subtitle[320], note[200];
    size_t used = (size_t)snprintf(title, sizeof title, "lobbench: ");
    for (size_t w = 0; w < ax.nwl && used < sizeof title; w++)
        used += (size_t)snprintf(title + used, sizeof title - used, "%s%s", w ? ", " : "",
                                 workload_name(ax.wl[w]));
    for (size_t b = 0; b < ax.nbs && used < sizeof title; b++)
        used += (size_t)snprintf(title + used, sizeof title - used, "%s%uk", b == 0 ? "; " : "/",
                                 ax.bs[b] / 1024);
    if (used < sizeof title)
        snprintf(title + used, sizeof title - used, " blocks; %llu rows",
                 (unsigned long long)first->c.rows);
    point_note(first, 1, note, sizeof note);
    snprintf(subtitle, sizeof subtitle,
             "statistics against LOB size, log-log axes; a line per path%s%s%s",
             ax.nbs > 1 ? " and block size" : "", note,
             with_ref ? "; points: the Oracle measurements" : "");
    plot_opts_t po;
    plot_opts_defaults(&po);
    po.title = title;
    po.subtitle = subtitle;
    int rc = write_figure(o, &fg, &po);
    figure_free(&fg);
    return rc;
}

/* --plot: the sweep is of one family (opts.c); its first case that ran
 * decides which. */
int lobbench_write_plot(const bench_opts_t *o, const sweep_t *sw)
{
    const bench_case_t *first = NULL;
    for (size_t i = 0; i < sw->ncases && !first; i++)
        if (sw->cases[i].ran)
            first = &sw->cases[i];
    if (first == NULL) {
        fprintf(stderr, "lobbench: --plot=%s: no case ran\n", o->plot);
        return 1;
    }
    switch (workload_kind(first->c.workload)) {
    case WORKLOAD_HEAP:
        return plot_heap(o, sw, first);
    case WORKLOAD_RAC:
        return plot_rac(o, sw, first);
    default:
        return plot_lob(o, sw, first);
    }
}
