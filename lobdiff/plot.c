/*
 * plot.c -- the diff drawn with plot.h: a panel per listed
 * statistic (the changed ones; all with --all, in a calibration, or when
 * nothing changed), base solid, head dashed, the reference as markers, a
 * colour per path.  One group of cases is drawn: the reference's experiment
 * (RES_REF_WORKLOAD, 8 KB blocks, 10,000 rows) when either run has it, else
 * the first case's workload, block size and rows.
 */
#define _POSIX_C_SOURCE 200809L

#include <assert.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "lobdiff_int.h"
#include "plot.h"
#include "results.h"

typedef struct {
    plot_series_t *series;
    plot_point_t *points;
    size_t nseries, npoints;
} panel_data_t;

/* The cases a plot shows: one workload, block size and row count. */
typedef struct {
    const char *workload;
    uint32_t block;
    uint64_t rows;
} plot_group_t;

static int in_group(const ldf_case_t *c, const plot_group_t *g)
{
    return strcmp(c->workload, g->workload) == 0 && c->block_size == g->block && c->rows == g->rows;
}

static int path_order(const void *a, const void *b)
{
    const char *x = *(const char *const *)a, *y = *(const char *const *)b;
    int c = ldf_path_rank(x) - ldf_path_rank(y);
    return c ? c : strcmp(x, y);
}

/* The distinct paths of the runs' cases in group g, local first, into *out
 * (free()); SIM_ENOMEM. */
static sim_err_t group_paths(const ldf_run_t *const *runs, size_t nruns, const plot_group_t *g,
                             const char ***out, size_t *npaths)
{
    size_t total = 0, n = 0;
    for (size_t r = 0; r < nruns; r++)
        total += runs[r] ? runs[r]->n : 0;
    const char **paths = ldf_malloc(total * sizeof *paths);
    if (!paths)
        return SIM_ENOMEM;
    for (size_t r = 0; r < nruns; r++)
        for (size_t i = 0; runs[r] && i < runs[r]->n; i++) {
            const ldf_case_t *c = &runs[r]->cases[i];
            size_t k = 0;
            while (k < n && strcmp(paths[k], c->path) != 0)
                k++;
            if (in_group(c, g) && k == n)
                paths[n++] = c->path;
        }
    qsort(paths, n, sizeof *paths, path_order);
    *out = paths;
    *npaths = n;
    return SIM_OK;
}

/* Add the series of one run's cases of group g for statistic k. */
static void add_series(panel_data_t *pd, const ldf_run_t *s, int k, const plot_group_t *g,
                       const char *const *paths, size_t npaths, plot_style_t style,
                       const char *name)
{
    for (size_t pk = 0; pk < npaths; pk++) {
        size_t first = pd->npoints;
        for (size_t i = 0; i < s->n; i++) {
            const ldf_case_t *c = &s->cases[i];
            if (strcmp(c->path, paths[pk]) != 0 || !in_group(c, g) || !c->present[k])
                continue;
            pd->points[pd->npoints++] =
                (plot_point_t){(double)c->lob_chars / 1024, (double)c->stats.v[k]};
        }
        if (pd->npoints == first)
            continue;
        plot_series_t *se = &pd->series[pd->nseries++];
        int rank = ldf_path_rank(paths[pk]);
        se->name = name;
        se->path = paths[pk];
        se->colour = (unsigned)(rank < PLOT_COLOURS ? rank : PLOT_COLOURS - 1);
        se->style = style;
        se->npoints = pd->npoints - first;
        se->points = pd->points + first; /* sized for every case: never moves */
    }
}

typedef struct {
    plot_opts_t po;
    plot_panel_t *panels;
    const char **units; /* each panel's value unit (po.units) */
    panel_data_t *pdata;
    size_t np;
    const char **paths;
    char title[256], bname[64], hname[64], rname[64];
    char *subtitle; /* owned */
} figure_t;

/* The group drawn: the reference's experiment when either run has it, else
 * the first case's workload, block size and rows. */
static plot_group_t choose_group(const ldf_diff_t *d)
{
    const ldf_run_t *b = d->side[0], *h = d->side[1];
    plot_group_t g = {RES_REF_WORKLOAD, SIM_REF_BLOCK_SIZE, SIM_REF_ROWS};
    for (int k = 0; k < 2; k++)
        for (size_t i = 0; i < d->side[k]->n; i++)
            if (in_group(&d->side[k]->cases[i], &g))
                return g;
    const ldf_case_t *c = h->n ? &h->cases[0] : b->n ? &b->cases[0] : NULL;
    if (c)
        g = (plot_group_t){c->workload, c->block_size, c->rows};
    return g;
}

/* The statistics to draw into want[]: the changed ones (all with --all, in a
 * calibration, or when nothing changed); their number. */
static size_t choose_panels(const ldf_diff_t *d, int want[SIM_STAT_COUNT])
{
    size_t npanels = 0;
    for (int k = 0; k < SIM_STAT_COUNT; k++)
        want[k] = 0;
    for (size_t i = 0; i < d->nfigs; i++)
        if (d->figs[i].kind == LDF_FIG_COUNTER &&
            (d->figs[i].changed || d->o.all || d->calibration))
            want[d->figs[i].id] = 1;
    for (int k = 0; k < SIM_STAT_COUNT; k++)
        npanels += (size_t)want[k];
    if (npanels == 0)
        for (int k = 0; k < SIM_STAT_COUNT; k++) {
            int any = 0;
            for (int s = 0; s < 2 && !any; s++)
                for (size_t i = 0; i < d->side[s]->n && !any; i++)
                    any = d->side[s]->cases[i].present[k];
            want[k] = any;
            npanels += (size_t)any;
        }
    return npanels;
}

/* The panel of statistic k: each run's series, by path. */
static sim_err_t add_panel(figure_t *fig, const ldf_diff_t *d, const ldf_run_t *refp,
                           const plot_group_t *g, size_t npaths, int k)
{
    const ldf_run_t *b = d->side[0], *h = d->side[1];
    panel_data_t *pd = &fig->pdata[fig->np];
    size_t maxpts = b->n + h->n + (refp && refp != b && refp != h ? refp->n : 0);
    pd->series = ldf_malloc(3 * npaths * sizeof *pd->series);
    pd->points = ldf_malloc(maxpts * sizeof *pd->points);
    pd->nseries = pd->npoints = 0;
    fig->np++; /* figure_free() frees what is there */
    if (!pd->series || !pd->points)
        return SIM_ENOMEM;
    if (!ldf_run_oracle(b))
        add_series(pd, b, k, g, fig->paths, npaths, PLOT_SOLID, fig->bname);
    if (!ldf_run_oracle(h))
        add_series(pd, h, k, g, fig->paths, npaths, d->calibration ? PLOT_SOLID : PLOT_DASHED,
                   fig->hname);
    if (refp)
        add_series(pd, refp, k, g, fig->paths, npaths, PLOT_MARKERS, fig->rname);
    fig->panels[fig->np - 1] =
        (plot_panel_t){sim_stat_info((sim_stat_t)k)->name, pd->series, pd->nseries};
    fig->units[fig->np - 1] = sim_stat_unit((sim_stat_t)k);
    return SIM_OK;
}

/* The titles over the panels: the group drawn and the model parameters
 * that differ, in a line when they fit one, else how many (the reports
 * list them).  SIM_ENOMEM. */
static sim_err_t titles(figure_t *fig, const ldf_diff_t *d, const plot_group_t *g)
{
    const ldf_run_t *b = d->side[0], *h = d->side[1];
    plot_opts_defaults(&fig->po);
    if (d->calibration)
        snprintf(fig->title, sizeof fig->title,
                 "lobdiff: run %" PRId64 " against the Oracle measurements",
                 d->side[d->lobsim_side]->info.run);
    else
        snprintf(fig->title, sizeof fig->title,
                 "lobdiff: base run %" PRId64 " vs head run %" PRId64, b->info.run, h->info.run);
    char blk[32];
    ldf_str_t sub = {0};
    sim_format_size(g->block, blk, sizeof blk);
    ldf_str_add(&sub, "%s, %s blocks, %" PRIu64 " rows; log-log axes", g->workload, blk, g->rows);
    sim_err_t rc = SIM_OK;
    if (d->nparams) {
        ldf_note_t n;
        rc = ldf_params_note(d, 0, &n);
        if (rc == SIM_OK && ldf_note_listed(&n))
            ldf_str_add(&sub, "; model params differ: %zu (lobdiff's report lists them)",
                        d->nparams);
        else if (rc == SIM_OK)
            ldf_str_add(&sub, "; %s", n.text);
        if (rc == SIM_OK)
            ldf_note_free(&n);
    }
    if (rc == SIM_OK && !(fig->subtitle = ldf_str_take(&sub)))
        rc = SIM_ENOMEM;
    ldf_str_free(&sub);
    fig->po.title = fig->title;
    fig->po.subtitle = fig->subtitle;
    return rc;
}

/* Lay the figure out; fig->np == 0 when there is no statistic to plot.
 * SIM_ENOMEM, fig then holding what figure_free() frees. */
static sim_err_t build(figure_t *fig, const ldf_diff_t *d, const ldf_run_t *ref)
{
    const ldf_run_t *b = d->side[0], *h = d->side[1];
    plot_group_t g = choose_group(d);
    /* The reference beside a diff of two lobsim runs; in a calibration the
     * reference is one of the two. */
    const ldf_run_t *refp = ref;
    if (d->calibration || ldf_run_oracle(b) || ldf_run_oracle(h))
        refp = ldf_run_oracle(b) ? b : h;
    int want[SIM_STAT_COUNT];
    size_t npanels = choose_panels(d, want), npaths;
    const ldf_run_t *runs[3] = {b, h, refp};
    if (group_paths(runs, 3, &g, &fig->paths, &npaths) != SIM_OK)
        return SIM_ENOMEM;
    snprintf(fig->bname, sizeof fig->bname, "%s (run %" PRId64 ")",
             d->calibration ? "lobsim" : "base", b->info.run);
    snprintf(fig->hname, sizeof fig->hname, "%s (run %" PRId64 ")",
             d->calibration ? "lobsim" : "head", h->info.run);
    if (refp)
        snprintf(fig->rname, sizeof fig->rname, "Oracle (run %" PRId64 ")", refp->info.run);
    fig->panels = ldf_malloc(npanels * sizeof *fig->panels);
    fig->pdata = ldf_malloc(npanels * sizeof *fig->pdata);
    fig->units = ldf_malloc(npanels * sizeof *fig->units);
    if (!fig->panels || !fig->pdata || !fig->units)
        return SIM_ENOMEM;
    for (int k = 0; k < SIM_STAT_COUNT; k++)
        if (want[k] && add_panel(fig, d, refp, &g, npaths, k) != SIM_OK)
            return SIM_ENOMEM;
    sim_err_t rc = titles(fig, d, &g);
    fig->po.units = fig->units;
    return rc;
}

static void figure_free(figure_t *fig)
{
    for (size_t i = 0; i < fig->np; i++) {
        free(fig->pdata[i].series);
        free(fig->pdata[i].points);
    }
    free(fig->pdata);
    free(fig->panels);
    free(fig->units);
    free(fig->paths);
    free(fig->subtitle);
    free(fig);
}

/* d's figure into *out; SIM_EINVAL with "no statistic to plot" in err,
 * SIM_ENOMEM. */
static sim_err_t figure_of(const ldf_diff_t *d, const ldf_run_t *ref, figure_t **out, char *err,
                           size_t errlen)
{
    *out = NULL;
    figure_t *fig = ldf_malloc(sizeof *fig);
    if (!fig) {
        snprintf(err, errlen, "out of memory");
        return SIM_ENOMEM;
    }
    memset(fig, 0, sizeof *fig);
    sim_err_t rc = build(fig, d, ref);
    if (rc != SIM_OK)
        snprintf(err, errlen, "out of memory");
    else if (fig->np == 0) {
        snprintf(err, errlen, "no statistic to plot");
        rc = SIM_EINVAL;
    }
    if (rc != SIM_OK) {
        figure_free(fig);
        return rc;
    }
    *out = fig;
    return SIM_OK;
}

sim_err_t ldf_render_plot(FILE *f, const ldf_diff_t *d, const ldf_run_t *ref, char *err,
                          size_t errlen)
{
    assert(f != NULL && d != NULL);
    figure_t *fig;
    sim_err_t rc = figure_of(d, ref, &fig, err, errlen);
    if (rc != SIM_OK)
        return rc;
    rc = plot_svg(f, &fig->po, fig->panels, fig->np);
    if (rc != SIM_OK)
        snprintf(err, errlen, "cannot draw the plot: %s", sim_strerror(rc));
    figure_free(fig);
    return rc;
}

sim_err_t ldf_plot_file(const char *path, const ldf_diff_t *d, const ldf_run_t *ref, char *err,
                        size_t errlen)
{
    assert(path != NULL && d != NULL);
    figure_t *fig;
    sim_err_t rc = figure_of(d, ref, &fig, err, errlen);
    if (rc != SIM_OK)
        return rc;
    rc = plot_svg_file(path, &fig->po, fig->panels, fig->np, err, errlen);
    if (rc == SIM_EINVAL)
        rc = SIM_EIO; /* SIM_EINVAL says "nothing to plot" alone */
    figure_free(fig);
    return rc;
}
