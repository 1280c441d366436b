/*
 * lobbench_script_plot.c -- --plot of a --script run: the LOB segment of
 * each table through the script's steps (plot.h, plot_steps_svg()), a row of
 * three panels per table with a LOB segment:
 *
 *   the segment's blocks after each step, stacked: dbms_space.used_blocks,
 *     unexpired_blocks, expired_blocks, and the space metadata (the
 *     segment's dbms_space.segment_size_blocks less those three), so that
 *     the bar's height is the segment's size;
 *   chunks per LOB: lobsim.lob chunks / lobsim.lobs out of row (none while
 *     no LOB is out of row);
 *   the free chunks by size, stacked: lobsim.free chunks of 1 block, 2-7,
 *     8-63 and 64+ blocks.
 *
 * The x axis is the step, labelled with its number and the statement's
 * first words.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lobbench_int.h"
#include "plot.h"

/* The series of the segment panel, bottom to top. */
static const struct {
    sim_stat_t st;
    const char *name;
    unsigned colour;
} segment_series[] = {
    {SIM_STAT_DSU_USED_BLOCKS, "used", 0},
    {SIM_STAT_DSU_UNEXPIRED_BLOCKS, "unexpired (freed, kept for retention)", 1},
    {SIM_STAT_DSU_EXPIRED_BLOCKS, "expired (reusable: past retention or never used)", 2},
};
#define NSEG (sizeof segment_series / sizeof segment_series[0])

static const struct {
    sim_stat_t st;
    const char *name;
    unsigned colour;
} free_series[] = {
    {SIM_STAT_FREE_1, "free chunks of 1 block", 4},
    {SIM_STAT_FREE_2_7, "of 2-7 blocks", 5},
    {SIM_STAT_FREE_8_63, "of 8-63 blocks", 6},
    {SIM_STAT_FREE_64, "of 64+ blocks", 9},
};
#define NFREE (sizeof free_series / sizeof free_series[0])

/* Values a table needs, each an array of nx. */
#define PER_TABLE (NSEG + 1 + 1 + NFREE)
#define PANELS_PER_TABLE 3

/* "12 alter table t" of the statement: its number and first three words,
 * white space folded. */
static void step_label(uint32_t step, const char *stmt, char *buf, size_t len)
{
    size_t used = (size_t)snprintf(buf, len, "%u", step);
    int words = 0;
    for (const char *p = stmt; p && *p && words < 3 && used + 2 < len;) {
        while (*p == ' ')
            p++;
        if (!*p)
            break;
        buf[used++] = ' ';
        while (*p && *p != ' ' && used + 1 < len)
            buf[used++] = *p++;
        words++;
    }
    buf[used < len ? used : len - 1] = '\0';
}

typedef struct {
    size_t nx, ntables;
    const char **tables; /* of the steps' entries: the tables with a LOB segment */
    char (*labels)[64];
    const char **label_ptr;
    double *values; /* ntables x PER_TABLE x nx */
    plot_sseries_t *series;
    plot_spanel_t *panels;
    char (*titles)[PANELS_PER_TABLE][96];
} script_fig_t;

static void fig_free(script_fig_t *fg)
{
    free(fg->tables);
    free(fg->labels);
    free(fg->label_ptr);
    free(fg->values);
    free(fg->series);
    free(fg->panels);
    free(fg->titles);
}

/* The LOB segments that have blocks at some step, by name, in order of
 * first appearance (the session's rows and the table segments have no
 * dbms_space figures). */
static size_t lob_tables(const bench_step_t *steps, size_t n, const char **out)
{
    size_t nt = 0;
    for (size_t i = 0; i < n; i++) {
        if (steps[i].stats.v[SIM_STAT_DSU_SEGMENT_BLOCKS] == 0)
            continue;
        size_t t = 0;
        while (t < nt && strcmp(out[t], steps[i].segment) != 0)
            t++;
        if (t == nt)
            out[nt++] = steps[i].segment;
    }
    return nt;
}

static double *vals(script_fig_t *fg, size_t t, size_t k)
{
    return &fg->values[(t * PER_TABLE + k) * fg->nx];
}

/* Every value from the steps' entries; NAN where a table has no entry. */
static void fill_values(script_fig_t *fg, const bench_step_t *steps, size_t n)
{
    for (size_t i = 0; i < fg->ntables * PER_TABLE * fg->nx; i++)
        fg->values[i] = NAN;
    for (size_t i = 0; i < n; i++) {
        const bench_step_t *st = &steps[i];
        size_t t = 0;
        while (st->segment && t < fg->ntables && strcmp(fg->tables[t], st->segment) != 0)
            t++;
        if (st->segment == NULL || t == fg->ntables)
            continue;
        size_t x = st->step - 1;
        const uint64_t *v = st->stats.v;
        double rest = (double)v[SIM_STAT_DSU_SEGMENT_BLOCKS];
        for (size_t k = 0; k < NSEG; k++) {
            vals(fg, t, k)[x] = (double)v[segment_series[k].st];
            rest -= (double)v[segment_series[k].st];
        }
        vals(fg, t, NSEG)[x] = rest;
        vals(fg, t, NSEG + 1)[x] =
            v[SIM_STAT_LOB_LIVE] ? (double)v[SIM_STAT_LOB_CHUNKS] / (double)v[SIM_STAT_LOB_LIVE]
                                 : NAN;
        for (size_t k = 0; k < NFREE; k++)
            vals(fg, t, NSEG + 2 + k)[x] = (double)v[free_series[k].st];
    }
}

/* The three panels of table t. */
static void table_panels(script_fig_t *fg, size_t t)
{
    plot_sseries_t *s = &fg->series[t * PER_TABLE];
    for (size_t k = 0; k < NSEG; k++)
        s[k] = (plot_sseries_t){segment_series[k].name, sim_stat_info(segment_series[k].st)->name,
                                segment_series[k].colour, vals(fg, t, k)};
    s[NSEG] =
        (plot_sseries_t){"space metadata (the segment's other blocks)", NULL, 7, vals(fg, t, NSEG)};
    s[NSEG + 1] = (plot_sseries_t){"chunks per LOB", NULL, 3, vals(fg, t, NSEG + 1)};
    for (size_t k = 0; k < NFREE; k++)
        s[NSEG + 2 + k] =
            (plot_sseries_t){free_series[k].name, sim_stat_info(free_series[k].st)->name,
                             free_series[k].colour, vals(fg, t, NSEG + 2 + k)};
    char(*title)[96] = fg->titles[t];
    snprintf(title[0], sizeof title[0], "%s: LOB segment blocks", fg->tables[t]);
    snprintf(title[1], sizeof title[1], "%s: chunks per LOB", fg->tables[t]);
    snprintf(title[2], sizeof title[2], "%s: free chunks by size", fg->tables[t]);
    plot_spanel_t *p = &fg->panels[t * PANELS_PER_TABLE];
    p[0] = (plot_spanel_t){title[0], "blocks", 1, s, NSEG + 1};
    p[1] = (plot_spanel_t){title[1], "chunks per LOB", 0, s + NSEG + 1, 1};
    p[2] = (plot_spanel_t){title[2], "free chunks", 1, s + NSEG + 2, NFREE};
}

static int fig_init(script_fig_t *fg, const bench_step_t *steps, size_t n)
{
    memset(fg, 0, sizeof *fg);
    for (size_t i = 0; i < n; i++)
        fg->nx = steps[i].step > fg->nx ? steps[i].step : fg->nx;
    fg->tables = calloc(n ? n : 1, sizeof *fg->tables);
    if (fg->tables == NULL)
        return 1;
    fg->ntables = lob_tables(steps, n, fg->tables);
    size_t nt = fg->ntables ? fg->ntables : 1;
    fg->labels = calloc(fg->nx ? fg->nx : 1, sizeof *fg->labels);
    fg->label_ptr = calloc(fg->nx ? fg->nx : 1, sizeof *fg->label_ptr);
    fg->values = calloc(nt * PER_TABLE * (fg->nx ? fg->nx : 1), sizeof *fg->values);
    fg->series = calloc(nt * PER_TABLE, sizeof *fg->series);
    fg->panels = calloc(nt * PANELS_PER_TABLE, sizeof *fg->panels);
    fg->titles = calloc(nt, sizeof *fg->titles);
    return !(fg->labels && fg->label_ptr && fg->values && fg->series && fg->panels && fg->titles);
}

int lobbench_write_script_plot(const bench_opts_t *o, const bench_step_t *steps, size_t n)
{
    script_fig_t fg;
    if (fig_init(&fg, steps, n) != 0) {
        fig_free(&fg);
        fprintf(stderr, "lobbench: --plot: out of memory\n");
        return 1;
    }
    if (fg.ntables == 0) {
        fig_free(&fg);
        fprintf(stderr, "lobbench: --plot=%s: no table of %s has a LOB segment to draw\n", o->plot,
                o->script);
        return 1;
    }
    /* Each step's label from its first entry; a step with no table alive
     * (none of its entries) keeps its number. */
    for (size_t x = 0; x < fg.nx; x++) {
        snprintf(fg.labels[x], sizeof fg.labels[x], "%zu", x + 1);
        fg.label_ptr[x] = fg.labels[x];
    }
    for (size_t i = n; i-- > 0;)
        step_label(steps[i].step, steps[i].statement, fg.labels[steps[i].step - 1],
                   sizeof fg.labels[0]);
    fill_values(&fg, steps, n);
    for (size_t t = 0; t < fg.ntables; t++)
        table_panels(&fg, t);
    char title[320], subtitle[640];
    snprintf(title, sizeof title, "lobbench --script=%s: the LOB segment through the steps",
             o->script);
    snprintf(subtitle, sizeof subtitle,
             "each table's LOB segment after each step, seed %llu: its blocks stacked, used + "
             "unexpired + expired + space metadata = dbms_space.segment_size_blocks; chunks per "
             "LOB = lobsim.lob chunks / lobsim.lobs out of row (no point while no LOB is out of "
             "row); the free chunks stacked by size",
             (unsigned long long)o->seed);
    plot_steps_t ps = {
        title, subtitle, "step: statement", fg.nx, fg.label_ptr, fg.nx <= 16 ? 3u : 1u, 250};
    char err[512];
    int rc = 0;
    if (plot_steps_svg_file(o->plot, &ps, fg.panels, fg.ntables * PANELS_PER_TABLE, err,
                            sizeof err) != SIM_OK) {
        fprintf(stderr, "lobbench: %s\n", err);
        rc = 1;
    } else if (!o->quiet) {
        printf("Plot written to %s (%zu panels).\n", o->plot, fg.ntables * PANELS_PER_TABLE);
    }
    fig_free(&fg);
    return rc;
}
