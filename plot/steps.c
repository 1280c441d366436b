/*
 * steps.c -- a figure through a script's steps (plot.h, plot_steps_svg()):
 * the steps evenly spaced along x, each labelled with its statement, and
 * per panel a linear value axis from 0, the series as stacked bars (the
 * segment's blocks by state) or as lines with a mark per step (chunks per
 * LOB).  Laid out like plot.c's figures: titles, the legend, the panels in
 * rows, the whole at most 1,200 px wide (steps_layout()); everything
 * checked (check_steps()) before the first byte.
 */
#define _POSIX_C_SOURCE 200809L

#include <assert.h>
#include <math.h>
#include <string.h>

#include "plot.h"
#include "plot_int.h"

#define LEFT 64.0 /* value labels and the unit's title */
#define RIGHT 14.0
#define TOP 30.0 /* the panel's title */
#define LEGEND_ROW 20.0
#define LABEL_CHARS 26   /* a step's label is cut to this many characters */
#define LABEL_PX 6.0     /* a 10 px character, capitals included */
#define LABEL_SLANT 40.0 /* degrees */
#define SIN_SLANT 0.643  /* sin(40 degrees) */
#define COS_SLANT 0.766
#define MIN_SLOT 12.0    /* px between labelled steps */
#define MAX_WIDTH 1200.0 /* the figure's widest: read unscaled on a screen */
#define MIN_PANEL 380.0
#define SLOT_MAX 22.0 /* px a step, at most */
#define MIN_STEP 4.0  /* px a step, at least, while columns can be given up */

static sim_err_t check_steps(const plot_steps_t *s, const plot_spanel_t *panels, size_t npanels)
{
    if (!s || !panels || npanels == 0 || s->nx == 0 || !s->xlabels || s->columns == 0 ||
        s->panel_height < 120)
        return SIM_EINVAL;
    for (size_t i = 0; i < s->nx; i++)
        if (!s->xlabels[i])
            return SIM_EINVAL;
    for (size_t p = 0; p < npanels; p++) {
        const plot_spanel_t *pn = &panels[p];
        if (!pn->unit || (pn->nseries > 0 && !pn->series))
            return SIM_EINVAL;
        for (size_t k = 0; k < pn->nseries; k++) {
            const plot_sseries_t *se = &pn->series[k];
            if (!se->values || se->colour >= PLOT_COLOURS)
                return SIM_EINVAL;
            for (size_t i = 0; i < s->nx; i++)
                if (isinf(se->values[i]) || (pn->stacked && se->values[i] < 0))
                    return SIM_EINVAL;
        }
    }
    return SIM_OK;
}

/* ---- geometry ---------------------------------------------------------- */

typedef struct {
    double slot;          /* px per step */
    unsigned label_every; /* a label every k-th step */
    double panel_width, label_room, panel_height;
    unsigned cols;
    double width, height, legend_top, panels_top;
} steps_layout_t;

typedef struct {
    double x0, x1, y0, y1; /* the plot area */
    double top, step;      /* the value axis: 0 .. top, a tick every step */
} steps_geom_t;

static double sx(const steps_layout_t *l, const steps_geom_t *g, size_t i)
{
    return g->x0 + ((double)i + 0.5) * l->slot;
}

static double sy(const steps_geom_t *g, double v)
{
    return g->y1 - v / g->top * (g->y1 - g->y0);
}

/* The nice step (1, 2 or 5 x 10^k) of at most five intervals up to max, and
 * the axis' top: 0, step, 2 step ... at least three ticks, the highest value
 * below the top edge. */
static void value_axis(double max, steps_geom_t *g)
{
    if (!(max > 0))
        max = 1;
    double raw = max / 5, mag = pow(10.0, floor(log10(raw)));
    double step = mag;
    while (step < raw * (1 - 1e-12))
        step = step == mag ? 2 * mag : step == 2 * mag ? 5 * mag : 10 * mag;
    double top = step * ceil(max * 1.04 / step - 1e-9);
    if (top < 2 * step)
        top = 2 * step;
    g->step = step;
    g->top = top;
}

/* The label of step i as drawn: cut to LABEL_CHARS, and to the room
 * left of its tick (the first steps' labels would run past the panel's
 * left edge: slanted, a character takes LABEL_PX x cos(slant) of width). */
static void step_label(const plot_steps_t *s, double room, size_t i, char *buf, size_t len)
{
    size_t max = (size_t)(room / (LABEL_PX * COS_SLANT));
    if (max > LABEL_CHARS)
        max = LABEL_CHARS;
    if (max < 4)
        max = 4;
    snprintf(buf, len, "%s", s->xlabels[i]);
    if (strlen(buf) > max && len > max)
        memcpy(buf + max - 3, "...", 4);
}

/* ---- legend ---------------------------------------------------------------- */

typedef struct {
    const plot_sseries_t *s;
    int stacked;
} sentry_t;

/* The distinct (name, colour, kind) of the figure, in order of first
 * appearance, at most max; their count. */
static size_t steps_legend(const plot_spanel_t *panels, size_t npanels, sentry_t *e, size_t max)
{
    size_t n = 0;
    for (size_t p = 0; p < npanels; p++)
        for (size_t k = 0; k < panels[p].nseries; k++) {
            const plot_sseries_t *se = &panels[p].series[k];
            size_t i = 0;
            while (i < n &&
                   !(e[i].s->colour == se->colour && e[i].stacked == panels[p].stacked &&
                     strcmp(e[i].s->name ? e[i].s->name : "", se->name ? se->name : "") == 0))
                i++;
            if (i == n && n < max)
                e[n++] = (sentry_t){se, panels[p].stacked};
        }
    return n;
}

/* The mark of line series se: its place among the line entries. */
static unsigned mark_of(const sentry_t *e, size_t n, const plot_sseries_t *se)
{
    unsigned m = 0;
    for (size_t i = 0; i < n; i++) {
        if (e[i].stacked)
            continue;
        if (e[i].s->colour == se->colour &&
            strcmp(e[i].s->name ? e[i].s->name : "", se->name ? se->name : "") == 0)
            return m;
        m++;
    }
    return 0;
}

static double entry_width(const sentry_t *e)
{
    return 36 + (double)(e->s->name ? strlen(e->s->name) : 0) * PLOT_CHAR_PX + 18;
}

/* Legend rows for the figure's width. */
static unsigned legend_rows(const sentry_t *e, size_t n, double width)
{
    double x = PLOT_MARGIN;
    unsigned rows = n ? 1 : 0;
    for (size_t i = 0; i < n; i++) {
        double w = entry_width(&e[i]);
        if (x + w > width - PLOT_MARGIN && x > PLOT_MARGIN) {
            rows++;
            x = PLOT_MARGIN;
        }
        x += w;
    }
    return rows;
}

static void draw_legend(FILE *f, const sentry_t *e, size_t n, const steps_layout_t *l)
{
    fputs("<g class=\"legend\">\n", f);
    double x = PLOT_MARGIN, y = l->legend_top + 6;
    unsigned mark = 0;
    for (size_t i = 0; i < n; i++) {
        double w = entry_width(&e[i]);
        if (x + w > l->width - PLOT_MARGIN && x > PLOT_MARGIN) {
            y += LEGEND_ROW;
            x = PLOT_MARGIN;
        }
        const char *c = plot_palette[e[i].s->colour];
        fputs("<g class=\"legend-entry\">", f);
        if (e[i].stacked) {
            fprintf(f, "<rect x=\"%.1f\" y=\"%.1f\" width=\"28\" height=\"10\" fill=\"%s\"/>\n", x,
                    y - 5, c);
        } else {
            fprintf(f,
                    "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\" "
                    "stroke-width=\"2\"/>\n",
                    x, y, x + 28, y, c);
            plot_mark(f, mark++, x + 14, y, c);
        }
        fprintf(f, "<text x=\"%.1f\" y=\"%.1f\" font-size=\"12\" fill=\"#222\">", x + 36, y + 4);
        plot_xml_text(f, e[i].s->name);
        fputs("</text></g>\n", f);
        x += w;
    }
    fputs("</g>\n", f);
}

/* ---- one panel ------------------------------------------------------------- */

static void draw_axes(FILE *f, const plot_steps_t *s, const steps_layout_t *l,
                      const steps_geom_t *g, const char *unit)
{
    char buf[32];
    for (double v = 0; v <= g->top * (1 + 1e-9); v += g->step) {
        double y = sy(g, v);
        fprintf(f, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#e4e4e4\"/>\n",
                g->x0, y, g->x1, y);
        plot_fmt_value(v, buf, sizeof buf);
        fprintf(f,
                "<text class=\"ytick\" data-value=\"%.10g\" x=\"%.1f\" y=\"%.1f\" font-size=\"10\" "
                "text-anchor=\"end\" fill=\"#333\">%s</text>\n",
                v, g->x0 - 5, y + 3.5, buf);
    }
    plot_unit_title(f, unit, g->x0 - 48, (g->y0 + g->y1) / 2);
    char label[LABEL_CHARS + 8];
    for (size_t i = 0; i < s->nx; i++) {
        double x = sx(l, g, i);
        fprintf(f, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#888\"/>\n", x,
                g->y1, x, g->y1 + 3);
        if (i % l->label_every)
            continue;
        step_label(s, x - g->x0 + LEFT - 8, i, label, sizeof label);
        fprintf(f,
                "<text class=\"xlabel\" data-step=\"%zu\" x=\"%.1f\" y=\"%.1f\" font-size=\"10\" "
                "text-anchor=\"end\" fill=\"#333\" transform=\"rotate(-%.0f %.1f %.1f)\">",
                i + 1, x + 3, g->y1 + 12, LABEL_SLANT, x + 3, g->y1 + 12);
        plot_xml_text(f, label);
        fputs("<title>", f);
        plot_xml_text(f, s->xlabels[i]);
        fputs("</title></text>\n", f);
    }
    fprintf(f,
            "<text x=\"%.1f\" y=\"%.1f\" font-size=\"10\" text-anchor=\"middle\" "
            "fill=\"#666\">",
            (g->x0 + g->x1) / 2, g->y1 + l->label_room - 4);
    plot_xml_text(f, s->x_title);
    fputs("</text>\n", f);
}

static void series_open(FILE *f, const plot_steps_t *s, const plot_sseries_t *se)
{
    fputs("<g class=\"series\" data-name=\"", f);
    plot_xml_text(f, se->name);
    fputs("\" data-statistic=\"", f);
    plot_xml_text(f, se->statistic);
    fputs("\" data-values=\"", f);
    for (size_t i = 0; i < s->nx; i++)
        fprintf(f, "%s%.10g", i ? " " : "", se->values[i]);
    fputs("\">\n", f);
}

static void draw_bars(FILE *f, const plot_steps_t *s, const steps_layout_t *l,
                      const steps_geom_t *g, const plot_spanel_t *pn, double *base)
{
    double w = l->slot * 0.7 > 1 ? l->slot * 0.7 : 1;
    for (size_t i = 0; i < s->nx; i++)
        base[i] = 0;
    for (size_t k = 0; k < pn->nseries; k++) {
        const plot_sseries_t *se = &pn->series[k];
        series_open(f, s, se);
        for (size_t i = 0; i < s->nx; i++) {
            double v = se->values[i];
            if (isnan(v))
                continue;
            double y_lo = sy(g, base[i]), y_hi = sy(g, base[i] + v);
            base[i] += v;
            fprintf(f,
                    "<rect class=\"bar\" data-step=\"%zu\" data-value=\"%.10g\" x=\"%.1f\" "
                    "y=\"%.2f\" width=\"%.1f\" height=\"%.2f\" fill=\"%s\"><title>",
                    i + 1, v, sx(l, g, i) - w / 2, y_hi, w, y_lo - y_hi, plot_palette[se->colour]);
            fprintf(f, "step %zu: ", i + 1);
            plot_xml_text(f, se->name);
            fprintf(f, " %.10g ", v);
            plot_xml_text(f, pn->unit);
            fputs("</title></rect>\n", f);
        }
        fputs("</g>\n", f);
    }
}

static void draw_lines(FILE *f, const plot_steps_t *s, const steps_layout_t *l,
                       const steps_geom_t *g, const plot_spanel_t *pn, const sentry_t *e, size_t ne)
{
    for (size_t k = 0; k < pn->nseries; k++) {
        const plot_sseries_t *se = &pn->series[k];
        const char *c = plot_palette[se->colour];
        series_open(f, s, se);
        /* A polyline per run of steps with values. */
        for (size_t i = 0; i < s->nx;) {
            while (i < s->nx && isnan(se->values[i]))
                i++;
            size_t j = i;
            while (j < s->nx && !isnan(se->values[j]))
                j++;
            if (j - i > 1) {
                fputs("<polyline fill=\"none\" points=\"", f);
                for (size_t m = i; m < j; m++)
                    fprintf(f, "%s%.1f,%.2f", m > i ? " " : "", sx(l, g, m), sy(g, se->values[m]));
                fprintf(f, "\" stroke=\"%s\" stroke-width=\"2\"/>\n", c);
            }
            i = j;
        }
        unsigned mark = mark_of(e, ne, se);
        for (size_t i = 0; i < s->nx; i++) {
            if (isnan(se->values[i]))
                continue;
            fprintf(f, "<g class=\"point\" data-step=\"%zu\" data-value=\"%.10g\" data-y=\"%.2f\">",
                    i + 1, se->values[i], sy(g, se->values[i]));
            plot_mark(f, mark, sx(l, g, i), sy(g, se->values[i]), c);
            fputs("</g>\n", f);
        }
        fputs("</g>\n", f);
    }
}

static void draw_panel(FILE *f, const plot_steps_t *s, const steps_layout_t *l,
                       const plot_spanel_t *pn, double x, double y, const sentry_t *e, size_t ne,
                       double *base)
{
    steps_geom_t g = {
        .x0 = x + LEFT, .x1 = x + l->panel_width - RIGHT, .y0 = y + TOP, .y1 = y + l->panel_height};
    /* The axis' top: the highest stack or value. */
    double max = 0;
    for (size_t i = 0; i < s->nx; i++) {
        double sum = 0;
        for (size_t k = 0; k < pn->nseries; k++) {
            double v = pn->series[k].values[i];
            if (isnan(v))
                continue;
            sum = pn->stacked ? sum + v : (v > sum ? v : sum);
        }
        max = sum > max ? sum : max;
    }
    value_axis(max, &g);
    fputs("<g class=\"panel\" data-title=\"", f);
    plot_xml_text(f, pn->title);
    fprintf(f, "\" data-kind=\"%s\">\n", pn->stacked ? "stacked" : "lines");
    plot_panel_title(f, pn->title, g.x0, y + 18, l->panel_width - LEFT);
    fprintf(f,
            "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"white\" "
            "stroke=\"none\"/>\n",
            g.x0, g.y0, g.x1 - g.x0, g.y1 - g.y0);
    draw_axes(f, s, l, &g, pn->unit);
    if (pn->stacked)
        draw_bars(f, s, l, &g, pn, base);
    else
        draw_lines(f, s, l, &g, pn, e, ne);
    fprintf(f,
            "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"none\" "
            "stroke=\"#888\"/>\n",
            g.x0, g.y0, g.x1 - g.x0, g.y1 - g.y0);
    fputs("</g>\n", f);
}

/* ---- the figure ------------------------------------------------------------ */

/* The columns and the panels' width: the figure at most MAX_WIDTH wide, so
 * that it reads at a screen's width without being scaled down (its 10 px
 * labels stay 10 px); a panel as wide as its steps need at SLOT_MAX each,
 * at least MIN_PANEL, and fewer columns when the room a panel gets would
 * leave a step less than MIN_STEP. */
static void steps_layout(const plot_steps_t *s, size_t npanels, const sentry_t *e, size_t ne,
                         steps_layout_t *l)
{
    const double inner = MAX_WIDTH - 2 * PLOT_MARGIN;
    l->cols = s->columns < npanels ? s->columns : (unsigned)npanels;
    while (l->cols > 1 && (inner / l->cols < MIN_PANEL ||
                           (inner / l->cols - LEFT - RIGHT) / (double)s->nx < MIN_STEP))
        l->cols--;
    double room = inner / l->cols;
    l->panel_width = LEFT + RIGHT + (double)s->nx * SLOT_MAX;
    if (l->panel_width < MIN_PANEL)
        l->panel_width = MIN_PANEL;
    if (l->panel_width > room)
        l->panel_width = room;
    /* The steps start at the left: the slots fill the width. */
    l->slot = (l->panel_width - LEFT - RIGHT) / (double)s->nx;
    l->label_every = l->slot >= MIN_SLOT ? 1 : (unsigned)ceil(MIN_SLOT / l->slot);
    size_t longest = 0;
    for (size_t i = 0; i < s->nx; i++) {
        size_t n = strlen(s->xlabels[i]);
        longest = n > longest ? n : longest;
    }
    if (longest > LABEL_CHARS)
        longest = LABEL_CHARS;
    l->label_room = 16 + (double)longest * LABEL_PX * SIN_SLANT + 18;
    l->panel_height = s->panel_height;
    unsigned rows = (unsigned)((npanels + l->cols - 1) / l->cols);
    l->width = 2 * PLOT_MARGIN + l->cols * l->panel_width;
    if (l->width < 480)
        l->width = 480;
    l->legend_top = plot_titles_height(l->width, s->title, s->subtitle) + 14;
    l->panels_top = l->legend_top + legend_rows(e, ne, l->width) * LEGEND_ROW + 6;
    l->height = l->panels_top + rows * (l->panel_height + l->label_room + 12) + PLOT_MARGIN;
}

sim_err_t plot_steps_svg(FILE *f, const plot_steps_t *s, const plot_spanel_t *panels,
                         size_t npanels)
{
    assert(f != NULL);
    sim_err_t err = check_steps(s, panels, npanels);
    if (err != SIM_OK)
        return err;
    size_t total = 0;
    for (size_t p = 0; p < npanels; p++)
        total += panels[p].nseries;
    sentry_t *e = sim_calloc(total ? total : 1, sizeof *e);
    double *base = sim_calloc(s->nx, sizeof *base);
    if (!e || !base) {
        sim_free(e);
        sim_free(base);
        return SIM_ENOMEM;
    }
    size_t ne = steps_legend(panels, npanels, e, total);
    steps_layout_t l;
    steps_layout(s, npanels, e, ne, &l);
    plot_open_figure(f, l.width, l.height, s->title, s->subtitle);
    draw_legend(f, e, ne, &l);
    for (size_t p = 0; p < npanels; p++)
        draw_panel(f, s, &l, &panels[p], PLOT_MARGIN + (double)(p % l.cols) * l.panel_width,
                   l.panels_top + (double)(p / l.cols) * (l.panel_height + l.label_room + 12), e,
                   ne, base);
    fputs("</svg>\n", f);
    sim_free(e);
    sim_free(base);
    return fflush(f) != 0 || ferror(f) ? SIM_EIO : SIM_OK;
}

struct steps_figure {
    const plot_steps_t *s;
    const plot_spanel_t *panels;
    size_t npanels;
};

static sim_err_t write_steps(FILE *f, void *arg)
{
    const struct steps_figure *fig = arg;
    return plot_steps_svg(f, fig->s, fig->panels, fig->npanels);
}

sim_err_t plot_steps_svg_file(const char *path, const plot_steps_t *s, const plot_spanel_t *panels,
                              size_t npanels, char *err, size_t errlen)
{
    struct steps_figure fig = {s, panels, npanels};
    return plot_write_file(path, check_steps(s, panels, npanels), write_steps, &fig, err, errlen);
}
