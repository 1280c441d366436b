/*
 * lobbench_plot.c -- --plot: the sweep's statistics as SVG panels (plot.h),
 * against LOB size with the Oracle reference's points beside the model's,
 * or, for rac, each AWR figure against the block size.
 */
#include <stdio.h>
#include <string.h>

#include "lobbench_int.h"
#include "plot.h"
#include "rac_sim.h"
#include "results.h"

/* The Oracle measurements, read back from the store for the plot. */
typedef struct {
    plot_point_t pts[CASE_PATH_COUNT][SIM_STAT_COUNT][BENCH_MAX_LIST];
    size_t n[CASE_PATH_COUNT][SIM_STAT_COUNT];
} ref_points_t;

static sim_err_t collect_reference(const res_session_info_t *ss, void *arg)
{
    ref_points_t *rp = arg;
    case_path_t p;
    if (case_path_parse(ss->path, &p) != 0)
        return SIM_OK;
    for (int k = 0; k < SIM_STAT_COUNT; k++)
        if (ss->present[k] && rp->n[p][k] < BENCH_MAX_LIST)
            rp->pts[p][k][rp->n[p][k]++] =
                (plot_point_t){(double)ss->lob_chars / 1024, (double)ss->stats.v[k]};
    return SIM_OK;
}

/*
 * The rac sweep's trade-off curve: each AWR figure of the first rac
 * workload against the block size, a panel per figure.
 */
static int plot_rac(const bench_opts_t *o, const sweep_t *sw, const bench_case_t *first)
{
    static plot_point_t rp[RAC_FIGURES][BENCH_MAX_LIST];
    static plot_series_t rs[RAC_FIGURES];
    plot_panel_t rpan[RAC_FIGURES];
    size_t m = 0;
    for (size_t i = 0; i < sw->ncases && m < BENCH_MAX_LIST; i++) {
        /* A sweep's first point only: one curve per panel. */
        if (!sw->cases[i].ran || sw->cases[i].c.workload != first->c.workload ||
            !bench_same_point(&sw->cases[i], first, 1))
            continue;
        double fig[RAC_FIGURES];
        rac_figures(&sw->cases[i].st, fig);
        for (size_t k = 0; k < RAC_FIGURES; k++)
            rp[k][m] = (plot_point_t){(double)sw->cases[i].c.block_size / 1024, fig[k]};
        m++;
    }
    for (size_t k = 0; k < RAC_FIGURES; k++) {
        rs[k] = (plot_series_t){"lobsim", "rac", 0, PLOT_SOLID, rp[k], m};
        rpan[k] = (plot_panel_t){rac_figure_name(k), &rs[k], 1};
    }
    plot_opts_t ro;
    plot_opts_defaults(&ro);
    ro.title = "lobbench: rac, AWR figures against block size (KB)";
    char sub[256], point[160];
    bench_point_label(first, 1, point, sizeof point);
    snprintf(sub, sizeof sub, "throughput and interconnect traffic: the block-size trade-off%s%s",
             point[0] ? "; " : "", point);
    ro.subtitle = sub;
    ro.x_title = "block size (KB)";
    char perr[512];
    if (plot_svg_file(o->plot, &ro, rpan, RAC_FIGURES, perr, sizeof perr) != SIM_OK) {
        fprintf(stderr, "lobbench: %s\n", perr);
        return 1;
    }
    if (!o->quiet)
        printf("Plot written to %s (%d panels).\n", o->plot, RAC_FIGURES);
    return 0;
}

/* The reference measurements into ref when the store has them and the cases
 * are the reference experiment's (insert, 8 KB blocks, 10,000 rows); 1 if
 * so. */
static int reference_points(const bench_opts_t *o, const bench_case_t *first, ref_points_t *ref)
{
    memset(ref, 0, sizeof *ref);
    int with_ref = 0;
    res_store_t *store;
    char err[512];
    if (o->db && first->c.workload == (unsigned)workload_find("insert") &&
        first->c.block_size == SIM_REF_BLOCK_SIZE && first->c.rows == SIM_REF_ROWS &&
        res_open(o->db, RES_OPEN_READONLY, &store, err, sizeof err) == SIM_OK) {
        int64_t run;
        with_ref = res_resolve_run(store, "reference", &run) == SIM_OK &&
                   res_foreach_session(store, run, collect_reference, ref) == SIM_OK;
        res_close(store);
    }
    return with_ref;
}

/* A panel per statistic that is not zero everywhere, in the table's order:
 * a series per path of the cases of first's workload and block size, and
 * the reference's points (with_ref).  Returns the number of panels. */
static size_t lob_panels(const sweep_t *sw, const bench_case_t *first, const ref_points_t *ref,
                         int with_ref, plot_panel_t *panels)
{
    static plot_point_t pts[CASE_PATH_COUNT][SIM_STAT_COUNT][BENCH_MAX_LIST];
    static plot_series_t series[SIM_STAT_COUNT][2 * CASE_PATH_COUNT];
    size_t np = 0;
    for (size_t r = 0; r < bench_order_len; r++) {
        sim_stat_t k = bench_order[r];
        size_t ns = 0, any = 0;
        for (int p = 0; p < CASE_PATH_COUNT; p++) {
            size_t n = 0;
            for (size_t i = 0; i < sw->ncases && n < BENCH_MAX_LIST; i++) {
                const bench_case_t *bc = &sw->cases[i];
                if (bc->ran && bc->c.path == (case_path_t)p &&
                    bc->c.workload == first->c.workload &&
                    bc->c.block_size == first->c.block_size && bench_same_point(bc, first, 1)) {
                    pts[p][k][n++] =
                        (plot_point_t){(double)bc->c.lob_chars / 1024, (double)bc->st.v[k]};
                    any += bc->st.v[k] != 0;
                }
            }
            if (n)
                series[k][ns++] = (plot_series_t){"lobsim",    case_path_name((case_path_t)p),
                                                  (unsigned)p, PLOT_SOLID,
                                                  pts[p][k],   n};
            if (with_ref && ref->n[p][k])
                series[k][ns++] = (plot_series_t){"Oracle",       case_path_name((case_path_t)p),
                                                  (unsigned)p,    PLOT_MARKERS,
                                                  ref->pts[p][k], ref->n[p][k]};
        }
        if (any)
            panels[np++] = (plot_panel_t){sim_stat_info(k)->name, series[k], ns};
    }
    return np;
}

/*
 * The LOB sweep: statistics against LOB size for first's workload and block
 * size, a panel per statistic, local and dblink as two series, and the
 * reference measurements as points when the store has them.
 */
static int plot_lob(const bench_opts_t *o, const sweep_t *sw, const bench_case_t *first)
{
    static ref_points_t ref;
    int with_ref = reference_points(o, first, &ref);
    plot_panel_t panels[SIM_STAT_COUNT];
    size_t np = lob_panels(sw, first, &ref, with_ref, panels);
    plot_opts_t po;
    plot_opts_defaults(&po);
    char title[128], subtitle[256], err[512];
    snprintf(title, sizeof title, "lobbench: %s, %llu rows, %uk blocks",
             workload_name(first->c.workload), (unsigned long long)first->c.rows,
             first->c.block_size / 1024);
    char point[160];
    bench_point_label(first, 1, point, sizeof point);
    snprintf(subtitle, sizeof subtitle, "statistics against LOB size, log-log axes%s%s%s",
             point[0] ? "; " : "", point, with_ref ? "; points: the Oracle measurements" : "");
    po.title = title;
    po.subtitle = subtitle;
    if (np == 0 || plot_svg_file(o->plot, &po, panels, np, err, sizeof err) != SIM_OK) {
        fprintf(stderr, "lobbench: %s\n", np ? err : "--plot: every statistic is zero");
        return 1;
    }
    if (!o->quiet)
        printf("Plot written to %s (%zu panels).\n", o->plot, np);
    return 0;
}

/* --plot: the sweep's first case that ran decides which plot. */
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
    return workload_is_rac(first->c.workload) ? plot_rac(o, sw, first) : plot_lob(o, sw, first);
}
