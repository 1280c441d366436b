/*
 * plot.c -- SVG figures of statistics against a size, a LOB's or a block's
 * (see plot.h).
 *
 * The figure is laid out top-down: title and subtitle, the legend (entries
 * wrap to the figure's width), then the panels in rows.  Each panel maps
 * log2(size) and log10(value) linearly onto its plot area; the size axis is
 * the same in every panel, the value axis is chosen per panel on the
 * 1-2-5 ladder so that a figure that moves by a few percent still spreads
 * over the panel.  Everything is checked (check_input()) before the first
 * byte is written.
 */
#define _POSIX_C_SOURCE 200809L

#include "plot.h"
#include "plot_int.h"

#include <assert.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

/* Matplotlib's tab10: the first two told apart with most colour
 * blindness. */
const char *const plot_palette[PLOT_COLOURS] = {"#1f77b4", "#ff7f0e", "#2ca02c", "#d62728",
                                                "#9467bd", "#8c564b", "#e377c2", "#7f7f7f",
                                                "#bcbd22", "#17becf"};

#define MARGIN PLOT_MARGIN
#define PLOT_LEFT 60.0 /* room for the value labels */
#define PLOT_RIGHT 14.0
#define PLOT_TOP 30.0    /* room for the panel title */
#define PLOT_BOTTOM 40.0 /* room for the LOB-size labels and the axis title */
#define LEGEND_ROW 20.0
#define CHAR_PX PLOT_CHAR_PX
#define MAX_TICKS 10
#define PAD 8.0        /* px between the value range's ends and the frame */
#define ZERO_BAND 20.0 /* px below the log range for the values 0, under a break */
#define MIN_TICKS 3    /* labelled value ticks a panel has at least */

void plot_opts_defaults(plot_opts_t *o)
{
    assert(o != NULL);
    memset(o, 0, sizeof *o);
    o->columns = 3;
    o->panel_width = 380;
    o->panel_height = 270;
    o->x_title = "LOB size (characters)";
}

void plot_xml_text(FILE *f, const char *s)
{
    assert(f != NULL);
    for (; s && *s; s++) {
        switch (*s) {
        case '&':
            fputs("&amp;", f);
            break;
        case '<':
            fputs("&lt;", f);
            break;
        case '>':
            fputs("&gt;", f);
            break;
        case '"':
            fputs("&quot;", f);
            break;
        default:
            fputc(*s, f);
        }
    }
}

/* ---- marks ------------------------------------------------------------------ */

static const char *const mark_names[PLOT_MARKS] = {
    "circle", "square", "triangle-up", "triangle-down", "plus", "cross", "ring", "diamond"};

const char *plot_mark_name(unsigned mark)
{
    return mark_names[mark % PLOT_MARKS];
}

/* The first mark is a small filled circle; the others are hollow and
 * larger, so that marks of equal values drawn later frame earlier ones
 * instead of covering them. */
void plot_mark(FILE *f, unsigned mark, double x, double y, const char *c)
{
    const char *hollow = "fill=\"none\" stroke-width=\"1.4\"";
    switch (mark % PLOT_MARKS) {
    case 0:
        fprintf(f, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"2.8\" fill=\"%s\"", x, y, c);
        break;
    case 1:
        fprintf(f, "<rect x=\"%.1f\" y=\"%.1f\" width=\"8\" height=\"8\" %s stroke=\"%s\"", x - 4,
                y - 4, hollow, c);
        break;
    case 2:
        fprintf(f, "<path d=\"M%.1f %.1fl5 8.5h-10z\" %s stroke=\"%s\"", x, y - 5.5, hollow, c);
        break;
    case 3:
        fprintf(f, "<path d=\"M%.1f %.1fl5 -8.5h-10z\" %s stroke=\"%s\"", x, y + 5.5, hollow, c);
        break;
    case 4:
        fprintf(f, "<path d=\"M%.1f %.1fh12M%.1f %.1fv12\" %s stroke=\"%s\"", x - 6, y, x, y - 6,
                hollow, c);
        break;
    case 5:
        fprintf(f, "<path d=\"M%.1f %.1fl10 10M%.1f %.1fl-10 10\" %s stroke=\"%s\"", x - 5, y - 5,
                x + 5, y - 5, hollow, c);
        break;
    case 6:
        fprintf(f, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"6\" %s stroke=\"%s\"", x, y, hollow, c);
        break;
    default:
        fprintf(f, "<path d=\"M%.1f %.1fl7 7l-7 7l-7 -7z\" %s stroke=\"%s\"", x, y - 7, hollow, c);
        break;
    }
    fprintf(f, " class=\"mark\" data-marker=\"%s\"/>\n", plot_mark_name(mark));
}

/* 2k, 256k, 1m for LOB sizes in kchars; 512 below 1k. */
static void fmt_lob(double kchars, char *buf, size_t len)
{
    if (kchars >= 1024)
        snprintf(buf, len, "%gm", kchars / 1024);
    else if (kchars >= 1)
        snprintf(buf, len, "%gk", kchars);
    else
        snprintf(buf, len, "%g", kchars * 1024);
}

/* 1, 20, 500, 1k, 2M, 5G: values as a DBA reads them off an AWR report. */
void plot_fmt_value(double v, char *buf, size_t len)
{
    static const struct {
        double scale;
        const char *suffix;
    } si[] = {{1e15, "P"}, {1e12, "T"}, {1e9, "G"}, {1e6, "M"}, {1e3, "k"}};
    for (size_t i = 0; i < sizeof si / sizeof si[0]; i++)
        if (v >= si[i].scale) {
            snprintf(buf, len, "%g%s", v / si[i].scale, si[i].suffix);
            return;
        }
    snprintf(buf, len, "%g", v);
}

/* The 1-2-5 ladder: step i is m[i % 3] * 10^(i / 3), i may be negative. */
static double ladder(int i)
{
    static const double m[3] = {1, 2, 5};
    int q = i >= 0 ? i / 3 : -((-i + 2) / 3);
    return m[i - 3 * q] * pow(10.0, q);
}

/* The highest step <= v. */
static int ladder_floor(double v)
{
    int i = 3 * (int)floor(log10(v) + 1e-9);
    while (ladder(i + 1) <= v * (1 + 1e-12))
        i++;
    while (ladder(i) > v * (1 + 1e-12))
        i--;
    return i;
}

typedef struct {
    double x0, x1, y0, y1; /* plot area in px */
    double lx0, lx1;       /* log2 of the LOB-size range */
    double ly0, ly1;       /* log10 of the value range */
    int lo, hi;            /* value range as ladder steps */
    double ytop, ybot;     /* where the ends of the value range lie: PAD inside the
                              frame, the bottom above the zero band */
    double yzero;          /* the row of the values 0, below the break */
    int has_values, zeros; /* any positive value; any value 0 */
    int negatives;         /* any value below 0 (or not finite): left out */
} panel_geom_t;

static double px_x(const panel_geom_t *g, double kchars)
{
    return g->x0 + (log2(kchars) - g->lx0) / (g->lx1 - g->lx0) * (g->x1 - g->x0);
}

/* v > 0 on the log range; 0 on the zero row. */
static double px_y(const panel_geom_t *g, double v)
{
    if (v <= 0)
        return g->yzero;
    return g->ybot - (log10(v) - g->ly0) / (g->ly1 - g->ly0) * (g->ybot - g->ytop);
}

/* A value the panel draws: above 0, or 0 on the zero row. */
static int drawn(double v)
{
    return v >= 0 && isfinite(v);
}

static sim_err_t check_input(const plot_opts_t *o, const plot_panel_t *panels, size_t npanels)
{
    if (!o || !panels || npanels == 0 || o->columns == 0 || o->panel_width < 160 ||
        o->panel_height < 120)
        return SIM_EINVAL;
    for (size_t p = 0; p < npanels; p++) {
        if (panels[p].nseries > 0 && !panels[p].series)
            return SIM_EINVAL;
        for (size_t s = 0; s < panels[p].nseries; s++) {
            const plot_series_t *se = &panels[p].series[s];
            if ((unsigned)se->style >= PLOT_STYLE_COUNT || se->colour >= PLOT_COLOURS ||
                (se->npoints > 0 && !se->points))
                return SIM_EINVAL;
            for (size_t i = 0; i < se->npoints; i++)
                if (!(se->points[i].x > 0) || !isfinite(se->points[i].x) ||
                    isnan(se->points[i].value))
                    return SIM_EINVAL;
        }
    }
    return SIM_OK;
}

static int by_x(const void *a, const void *b)
{
    const plot_point_t *p = a, *q = b;
    return (p->x > q->x) - (p->x < q->x);
}

/* ---- legend ---------------------------------------------------------------- */

typedef struct {
    const plot_series_t *s; /* the first series with this (path, style, name) */
} legend_entry_t;

static int same_entry(const plot_series_t *a, const plot_series_t *b)
{
    return a->colour == b->colour && a->style == b->style &&
           strcmp(a->path ? a->path : "", b->path ? b->path : "") == 0 &&
           strcmp(a->name ? a->name : "", b->name ? b->name : "") == 0;
}

static size_t legend_entries(const plot_panel_t *panels, size_t npanels, int by_colour,
                             legend_entry_t **out)
{
    size_t total = 0, n = 0;
    for (size_t p = 0; p < npanels; p++)
        total += panels[p].nseries;
    legend_entry_t *e = sim_calloc(total ? total : 1, sizeof *e);
    if (!e) {
        *out = NULL;
        return 0;
    }
    for (size_t p = 0; p < npanels; p++)
        for (size_t s = 0; s < panels[p].nseries; s++) {
            const plot_series_t *se = &panels[p].series[s];
            size_t i = 0;
            while (i < n && !same_entry(e[i].s, se))
                i++;
            if (i == n)
                e[n++].s = se;
        }
    /* Stable: an insertion sort by colour keeps first appearance within one. */
    for (size_t i = 1; by_colour && i < n; i++)
        for (size_t j = i; j > 0 && e[j - 1].s->colour > e[j].s->colour; j--) {
            legend_entry_t t = e[j];
            e[j] = e[j - 1];
            e[j - 1] = t;
        }
    *out = e;
    return n;
}

static double legend_label_width(const plot_series_t *s)
{
    return ((s->path ? strlen(s->path) : 0) + 1 + (s->name ? strlen(s->name) : 0)) * CHAR_PX;
}

/* A short sample of the series' line and mark, centred on (x, y). */
static void swatch(FILE *f, const plot_series_t *s, unsigned mark, double x, double y, double w)
{
    const char *c = plot_palette[s->colour];
    if (s->style == PLOT_MARKERS) {
        fprintf(f,
                "<path d=\"M%.1f %.1fl4.5 4.5l-4.5 4.5l-4.5 -4.5z\" fill=\"white\" "
                "stroke=\"%s\" stroke-width=\"1.6\"/>\n",
                x + w / 2, y - 4.5, c);
        return;
    }
    fprintf(f,
            "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\" "
            "stroke-width=\"2\"%s/>\n",
            x, y, x + w, y, c, s->style == PLOT_DASHED ? " stroke-dasharray=\"6 4\"" : "");
    plot_mark(f, mark, x + w / 2, y, c);
}

/* ---- one panel ------------------------------------------------------------- */

static void value_range(const plot_panel_t *pn, panel_geom_t *g)
{
    double lo = INFINITY, hi = -INFINITY;
    for (size_t s = 0; s < pn->nseries; s++)
        for (size_t i = 0; i < pn->series[s].npoints; i++) {
            double v = pn->series[s].points[i].value;
            if (v > 0 && isfinite(v)) {
                lo = v < lo ? v : lo;
                hi = v > hi ? v : hi;
            } else if (v == 0) {
                g->zeros = 1;
            } else {
                g->negatives = 1;
            }
        }
    g->has_values = lo <= hi;
    if (!g->has_values)
        lo = 1, hi = 10;
    if (hi < 2 * lo) {
        /* A constant, or nearly (round trips: 10,021 to 10,026), would sit
         * on the bottom edge of [ladder step, next step]: centre it on a
         * range of its own around its geometric mean, ticks at the ladder
         * steps inside. */
        double mid = sqrt(lo * hi);
        g->ly0 = log10(mid / 2);
        g->ly1 = log10(mid * 2);
        g->lo = ladder_floor(mid / 2);
        if (ladder(g->lo) < mid / 2 * (1 - 1e-12))
            g->lo++;
        g->hi = ladder_floor(mid * 2);
        return;
    }
    g->lo = ladder_floor(lo);
    g->hi = ladder_floor(hi);
    if (ladder(g->hi) < hi * (1 - 1e-12))
        g->hi++;
    if (g->hi == g->lo)
        g->hi++;
    g->ly0 = log10(ladder(g->lo));
    g->ly1 = log10(ladder(g->hi));
}

void plot_panel_title(FILE *f, const char *text, double x, double y, double width)
{
    size_t room = (size_t)(width / 6.8);
    char title[256];
    snprintf(title, sizeof title, "%s", text ? text : "");
    if (strlen(title) > room && room > 3 && room < sizeof title)
        strcpy(title + room - 3, "...");
    fprintf(f,
            "<text class=\"panel-title\" x=\"%.1f\" y=\"%.1f\" font-size=\"12\" "
            "font-weight=\"bold\" fill=\"#222\">",
            x, y);
    plot_xml_text(f, title);
    fputs("<title>", f);
    plot_xml_text(f, text);
    fputs("</title></text>\n", f);
}

typedef struct {
    double v;
    int labelled;
} tick_t;

/* The ladder's ticks inside the value range: every step when few, else
 * decades, every other one labelled when the range is wide.  Their count. */
static size_t ladder_ticks(const panel_geom_t *g, tick_t *t, size_t max)
{
    int step = g->hi - g->lo <= MAX_TICKS - 2 ? 1 : 3;
    int first = step == 1 ? g->lo : 3 * (int)ceil(g->lo / 3.0);
    int decades = (g->hi - first) / 3;
    int label_every = step == 3 && decades > 7 ? 2 : 1;
    size_t n = 0;
    for (int i = first, k = 0; i <= g->hi && n < max; i += step, k++) {
        double v = ladder(i);
        if (log10(v) < g->ly0 - 1e-9 || log10(v) > g->ly1 + 1e-9)
            continue;
        t[n++] = (tick_t){v, k % label_every == 0};
    }
    return n;
}

/* Finer ticks, every one labelled, for a range the ladder gives fewer than
 * MIN_TICKS labels (a factor of 2 to 4: 5 .. 10, a constant's v/2 .. 2v):
 * 1, 2, 3, 5, 7 in each decade, else 1, 1.5, 2, 2.5, 3, 4, ... 9. */
static size_t fine_ticks(const panel_geom_t *g, tick_t *t, size_t max)
{
    static const double coarse[] = {1, 2, 3, 5, 7}, fine[] = {1, 1.5, 2, 2.5, 3, 4, 5, 6, 7, 8, 9};
    static const struct {
        const double *m;
        size_t n;
    } sets[] = {{coarse, sizeof coarse / sizeof coarse[0]}, {fine, sizeof fine / sizeof fine[0]}};
    size_t n = 0;
    for (size_t k = 0; k < sizeof sets / sizeof sets[0] && n < MIN_TICKS; k++) {
        n = 0;
        for (int d = (int)floor(g->ly0) - 1; d <= (int)ceil(g->ly1); d++)
            for (size_t m = 0; m < sets[k].n && n < max; m++) {
                double v = sets[k].m[m] * pow(10.0, d);
                if (log10(v) >= g->ly0 - 1e-9 && log10(v) <= g->ly1 + 1e-9)
                    t[n++] = (tick_t){v, 1};
            }
    }
    return n;
}

void plot_unit_title(FILE *f, const char *unit, double x, double y)
{
    fprintf(f,
            "<text class=\"yunit\" x=\"%.1f\" y=\"%.1f\" font-size=\"10\" "
            "text-anchor=\"middle\" fill=\"#666\" transform=\"rotate(-90 %.1f %.1f)\">",
            x, y, x, y);
    plot_xml_text(f, unit);
    fputs("</text>\n", f);
}

/* The value axis: gridlines, labels (class "ytick", data-value), the values
 * 0 on their row below a dashed break, and the unit's title (class
 * "yunit") up the left side. */
static void draw_value_axis(FILE *f, const panel_geom_t *g, const char *unit)
{
    tick_t t[64];
    size_t n = ladder_ticks(g, t, 64), labelled = 0;
    for (size_t i = 0; i < n; i++)
        labelled += (size_t)t[i].labelled;
    if (labelled < MIN_TICKS)
        n = fine_ticks(g, t, 64);
    char buf[32];
    for (size_t i = 0; i < n; i++) {
        double y = px_y(g, t[i].v);
        fprintf(f,
                "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#e4e4e4\" "
                "stroke-width=\"1\"/>\n",
                g->x0, y, g->x1, y);
        if (!t[i].labelled)
            continue;
        plot_fmt_value(t[i].v, buf, sizeof buf);
        fprintf(f,
                "<g class=\"ytick\" data-value=\"%.10g\"><text x=\"%.1f\" y=\"%.1f\" "
                "font-size=\"10\" text-anchor=\"end\" fill=\"#333\">%s</text></g>\n",
                t[i].v, g->x0 - 8, y + 3.5, buf);
    }
    if (g->zeros && g->has_values) {
        double yb = g->yzero - ZERO_BAND / 2;
        fprintf(f,
                "<line class=\"zero-break\" x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" "
                "stroke=\"#aaa\" stroke-dasharray=\"3 3\"/>\n",
                g->x0, yb, g->x1, yb);
        fprintf(f,
                "<g class=\"ytick\" data-value=\"0\"><text x=\"%.1f\" y=\"%.1f\" "
                "font-size=\"10\" text-anchor=\"end\" fill=\"#333\">0</text></g>\n",
                g->x0 - 8, g->yzero + 3.5);
    }
    if (unit)
        plot_unit_title(f, unit, g->x0 - 46, (g->y0 + g->y1) / 2);
}

static void draw_lob_axis(FILE *f, const panel_geom_t *g, const char *x_title)
{
    int e0 = (int)lround(g->lx0), e1 = (int)lround(g->lx1);
    int every = e1 - e0 + 1 > MAX_TICKS ? 2 : 1;
    char buf[32];
    for (int e = e0; e <= e1; e++) {
        double x = px_x(g, ldexp(1.0, e));
        fprintf(f,
                "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#e4e4e4\" "
                "stroke-width=\"1\"/>\n",
                x, g->y0, x, g->y1);
        if ((e - e0) % every)
            continue;
        fmt_lob(ldexp(1.0, e), buf, sizeof buf);
        fprintf(f,
                "<text x=\"%.1f\" y=\"%.1f\" font-size=\"10\" text-anchor=\"middle\" "
                "fill=\"#333\">%s</text>\n",
                x, g->y1 + 14, buf);
    }
    fprintf(f,
            "<text x=\"%.1f\" y=\"%.1f\" font-size=\"10\" text-anchor=\"middle\" "
            "fill=\"#666\">",
            (g->x0 + g->x1) / 2, g->y1 + 29);
    plot_xml_text(f, x_title);
    fputs("</text>\n", f);
}

/* Series s with its mark (line series; PLOT_MARKERS keeps its diamonds):
 * the values 0 on the zero row, those below 0 left out. */
static sim_err_t draw_series(FILE *f, const panel_geom_t *g, const plot_series_t *s, unsigned mark)
{
    plot_point_t *pts = sim_malloc((s->npoints ? s->npoints : 1) * sizeof *pts);
    if (!pts)
        return SIM_ENOMEM;
    size_t n = 0;
    for (size_t i = 0; i < s->npoints; i++)
        if (drawn(s->points[i].value) && (s->points[i].value > 0 || g->has_values))
            pts[n++] = s->points[i];
    qsort(pts, n, sizeof *pts, by_x);
    const char *c = plot_palette[s->colour];
    static const char *const style_name[PLOT_STYLE_COUNT] = {"solid", "dashed", "markers"};
    fprintf(f, "<g class=\"series\" data-marker=\"%s\" data-path=\"",
            s->style == PLOT_MARKERS ? "oracle-diamond" : plot_mark_name(mark));
    plot_xml_text(f, s->path);
    fprintf(f, "\" data-style=\"%s\" data-name=\"", style_name[s->style]);
    plot_xml_text(f, s->name);
    fputs("\">\n", f);
    if (s->style != PLOT_MARKERS && n > 1) {
        fputs("<polyline fill=\"none\" points=\"", f);
        for (size_t i = 0; i < n; i++)
            fprintf(f, "%s%.1f,%.1f", i ? " " : "", px_x(g, pts[i].x), px_y(g, pts[i].value));
        fprintf(f, "\" stroke=\"%s\" stroke-width=\"2\"%s/>\n", c,
                s->style == PLOT_DASHED ? " stroke-dasharray=\"6 4\"" : "");
    }
    for (size_t i = 0; i < n; i++) {
        double x = px_x(g, pts[i].x), y = px_y(g, pts[i].value);
        if (s->style == PLOT_MARKERS)
            fprintf(f,
                    "<path d=\"M%.1f %.1fl4.5 4.5l-4.5 4.5l-4.5 -4.5z\" fill=\"white\" "
                    "stroke=\"%s\" stroke-width=\"1.6\"/>\n",
                    x, y - 4.5, c);
        else
            plot_mark(f, mark, x, y, c);
    }
    fputs("</g>\n", f);
    sim_free(pts);
    return SIM_OK;
}

/* The mark of line series s: its place among the legend's line entries. */
static unsigned mark_of(const legend_entry_t *e, size_t n, const plot_series_t *s)
{
    unsigned m = 0;
    for (size_t i = 0; i < n; i++) {
        if (e[i].s->style == PLOT_MARKERS)
            continue;
        if (same_entry(e[i].s, s))
            return m;
        m++;
    }
    return 0;
}

static sim_err_t draw_panel(FILE *f, const plot_opts_t *o, const plot_panel_t *pn, const char *unit,
                            double x, double y, double lx0, double lx1,
                            const legend_entry_t *legend, size_t nlegend)
{
    panel_geom_t g = {.x0 = x + PLOT_LEFT,
                      .x1 = x + o->panel_width - PLOT_RIGHT,
                      .y0 = y + PLOT_TOP,
                      .y1 = y + o->panel_height - PLOT_BOTTOM,
                      .lx0 = lx0,
                      .lx1 = lx1};
    value_range(pn, &g);
    g.ytop = g.y0 + PAD;
    g.yzero = g.y1 - ZERO_BAND / 2 + 2;
    g.ybot = g.y1 - PAD - (g.zeros ? ZERO_BAND : 0);
    fprintf(f, "<g class=\"panel\" data-statistic=\"");
    plot_xml_text(f, pn->title);
    fprintf(f, "\">\n");
    plot_panel_title(f, pn->title, g.x0, y + 18, o->panel_width - PLOT_LEFT);
    fprintf(f,
            "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"white\" "
            "stroke=\"none\"/>\n",
            g.x0, g.y0, g.x1 - g.x0, g.y1 - g.y0);
    draw_value_axis(f, &g, unit);
    draw_lob_axis(f, &g, o->x_title);
    fprintf(f,
            "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"none\" "
            "stroke=\"#888\"/>\n",
            g.x0, g.y0, g.x1 - g.x0, g.y1 - g.y0);
    if (!g.has_values)
        fprintf(f,
                "<text x=\"%.1f\" y=\"%.1f\" font-size=\"11\" text-anchor=\"middle\" "
                "fill=\"#888\">no value above 0</text>\n",
                (g.x0 + g.x1) / 2, (g.y0 + g.y1) / 2);
    else if (g.negatives)
        fprintf(f,
                "<text x=\"%.1f\" y=\"%.1f\" font-size=\"9\" text-anchor=\"end\" "
                "fill=\"#888\">values below 0 not shown</text>\n",
                g.x1, g.y0 - 3);
    for (size_t s = 0; s < pn->nseries; s++) {
        sim_err_t err =
            draw_series(f, &g, &pn->series[s], mark_of(legend, nlegend, &pn->series[s]));
        if (err != SIM_OK)
            return err;
    }
    fputs("</g>\n", f);
    return SIM_OK;
}

/* ---- the figure ------------------------------------------------------------ */

/* The shared LOB-size axis: whole powers of two around every point, as
 * log2 bounds. */
static void lob_range(const plot_panel_t *panels, size_t npanels, double *lx0, double *lx1)
{
    double xmin = INFINITY, xmax = -INFINITY;
    for (size_t p = 0; p < npanels; p++)
        for (size_t s = 0; s < panels[p].nseries; s++)
            for (size_t i = 0; i < panels[p].series[s].npoints; i++) {
                double x = panels[p].series[s].points[i].x;
                xmin = x < xmin ? x : xmin;
                xmax = x > xmax ? x : xmax;
            }
    if (xmin > xmax)
        xmin = 2, xmax = 256;
    *lx0 = floor(log2(xmin) + 1e-9);
    *lx1 = ceil(log2(xmax) - 1e-9);
    if (*lx1 <= *lx0)
        *lx0 -= 1, *lx1 += 1;
}

/* Where the figure's parts go. */
typedef struct {
    unsigned cols;
    double width, height, legend_top, panels_top;
} layout_t;

/* Where the subtitle's line that starts at s ends, for a figure WIDTH wide:
 * after the last space that keeps the line within the width, or at the
 * first space past it when one word is wider than the figure (it then runs
 * over the edge, whole). */
static const char *subtitle_rest(const char *s, double width)
{
    size_t room = (size_t)((width - 2 * MARGIN) / CHAR_PX), n = strlen(s);
    if (n <= room)
        return s + n;
    size_t cut = room;
    while (cut > 0 && s[cut] != ' ')
        cut--;
    if (cut == 0)
        while (cut < n && s[cut] != ' ')
            cut++;
    while (cut < n && s[cut] == ' ')
        cut++;
    return s + cut;
}

/* The legend's width of entry s. */
static double legend_entry_width(const plot_series_t *s)
{
    return 36 + legend_label_width(s) + 18;
}

/* The legend's last row when two or more series are lines: how to tell
 * them apart where they coincide. */
static const char *legend_note(const legend_entry_t *legend, size_t nlegend)
{
    size_t lines = 0;
    for (size_t i = 0; i < nlegend; i++)
        lines += legend[i].s->style != PLOT_MARKERS;
    return lines < 2 ? NULL
                     : "each line has its own mark: where lines have equal values they coincide, "
                       "and the marks, drawn hollow around each other, show every one";
}

static void layout(const plot_opts_t *o, size_t npanels, const legend_entry_t *legend,
                   size_t nlegend, layout_t *l)
{
    l->cols = o->columns < npanels ? o->columns : (unsigned)npanels;
    unsigned rows = (unsigned)((npanels + l->cols - 1) / l->cols);
    l->width = 2 * MARGIN + (double)l->cols * o->panel_width;
    if (l->width < 480)
        l->width = 480;
    double y = plot_titles_height(l->width, o->title, o->subtitle);
    /* Legend rows: entries left to right, wrapping. */
    double lx = MARGIN;
    l->legend_top = y + 14;
    int legend_rows = nlegend ? 1 : 0;
    for (size_t i = 0; i < nlegend; i++) {
        double w = legend_entry_width(legend[i].s);
        if (lx + w > l->width - MARGIN && lx > MARGIN) {
            legend_rows++;
            lx = MARGIN;
        }
        lx += w;
    }
    if (legend_note(legend, nlegend))
        legend_rows++;
    l->panels_top = l->legend_top + legend_rows * LEGEND_ROW + 6;
    l->height = l->panels_top + (double)rows * o->panel_height + MARGIN;
}

double plot_titles_height(double width, const char *title, const char *subtitle)
{
    double y = MARGIN;
    if (title)
        y += 18;
    for (const char *sub = subtitle; sub && *sub; sub = subtitle_rest(sub, width))
        y += 16;
    if (subtitle)
        y += 2;
    return y;
}

double plot_open_figure(FILE *f, double width, double height, const char *title,
                        const char *subtitle)
{
    fprintf(f, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    fprintf(f,
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%.0f\" height=\"%.0f\" "
            "viewBox=\"0 0 %.0f %.0f\" font-family=\"DejaVu Sans, Helvetica, Arial, "
            "sans-serif\">\n",
            width, height, width, height);
    fputs("<title>", f);
    plot_xml_text(f, title ? title : "lobsim statistics");
    fputs("</title>\n", f);
    fprintf(f, "<rect x=\"0\" y=\"0\" width=\"%.0f\" height=\"%.0f\" fill=\"#fafafa\"/>\n", width,
            height);
    double y = MARGIN;
    if (title) {
        y += 16;
        fprintf(f, "<text x=\"%.1f\" y=\"%.1f\" font-size=\"15\" font-weight=\"bold\">", MARGIN, y);
        plot_xml_text(f, title);
        fputs("</text>\n", f);
        y += 2;
    }
    for (const char *sub = subtitle; sub && *sub;) {
        const char *rest = subtitle_rest(sub, width);
        size_t n = (size_t)(rest - sub);
        while (n > 0 && sub[n - 1] == ' ')
            n--;
        char *line = strndup(sub, n);
        y += 16;
        fprintf(f, "<text x=\"%.1f\" y=\"%.1f\" font-size=\"12\" fill=\"#444\">", MARGIN, y);
        plot_xml_text(f, line ? line : "");
        fputs("</text>\n", f);
        free(line);
        sub = rest;
    }
    return plot_titles_height(width, title, subtitle);
}

static void draw_legend(FILE *f, const legend_entry_t *legend, size_t nlegend, const layout_t *l)
{
    fputs("<g class=\"legend\">\n", f);
    double lx = MARGIN, ly = l->legend_top + 6;
    for (size_t i = 0; i < nlegend; i++) {
        const plot_series_t *s = legend[i].s;
        double w = legend_entry_width(s);
        if (lx + w > l->width - MARGIN && lx > MARGIN) {
            ly += LEGEND_ROW;
            lx = MARGIN;
        }
        swatch(f, s, mark_of(legend, nlegend, s), lx, ly, 28);
        fprintf(f, "<text x=\"%.1f\" y=\"%.1f\" font-size=\"12\" fill=\"#222\">", lx + 36, ly + 4);
        if (s->path) {
            plot_xml_text(f, s->path);
            fputc(' ', f);
        }
        plot_xml_text(f, s->name);
        fputs("</text>\n", f);
        lx += w;
    }
    const char *note = legend_note(legend, nlegend);
    if (note) {
        fprintf(f,
                "<text class=\"legend-note\" x=\"%.1f\" y=\"%.1f\" font-size=\"11\" "
                "fill=\"#555\">",
                MARGIN, ly + LEGEND_ROW + 4);
        plot_xml_text(f, note);
        fputs("</text>\n", f);
    }
    fputs("</g>\n", f);
}

sim_err_t plot_svg(FILE *f, const plot_opts_t *o, const plot_panel_t *panels, size_t npanels)
{
    assert(f != NULL);
    sim_err_t err = check_input(o, panels, npanels);
    if (err != SIM_OK)
        return err;
    legend_entry_t *legend;
    size_t nlegend = legend_entries(panels, npanels, o->legend_by_colour, &legend);
    if (!legend)
        return SIM_ENOMEM;
    double lx0, lx1;
    lob_range(panels, npanels, &lx0, &lx1);
    layout_t l;
    layout(o, npanels, legend, nlegend, &l);
    plot_open_figure(f, l.width, l.height, o->title, o->subtitle);
    draw_legend(f, legend, nlegend, &l);
    for (size_t p = 0; p < npanels && err == SIM_OK; p++)
        err = draw_panel(f, o, &panels[p], o->units ? o->units[p] : NULL,
                         MARGIN + (double)(p % l.cols) * o->panel_width,
                         l.panels_top + (double)(p / l.cols) * o->panel_height, lx0, lx1, legend,
                         nlegend);
    sim_free(legend);
    fputs("</svg>\n", f);
    if (err == SIM_OK && (fflush(f) != 0 || ferror(f)))
        err = SIM_EIO;
    return err;
}

struct figure {
    const plot_opts_t *o;
    const plot_panel_t *panels;
    size_t npanels;
};

static sim_err_t write_figure(FILE *f, void *arg)
{
    const struct figure *fig = arg;
    return plot_svg(f, fig->o, fig->panels, fig->npanels);
}

sim_err_t plot_write_file(const char *path, sim_err_t checked, sim_writer_fn fn, void *arg,
                          char *err, size_t errlen)
{
    assert(path != NULL);
    assert(err != NULL || errlen == 0);
    if (!*path) {
        snprintf(err, errlen, "plot: empty file name");
        return SIM_EINVAL;
    }
    if (checked != SIM_OK) {
        snprintf(err, errlen, "%s: nothing to plot (no panels, or a bad series)", path);
        return checked;
    }
    return sim_write_file(path, fn, arg, err, errlen);
}

sim_err_t plot_svg_file(const char *path, const plot_opts_t *o, const plot_panel_t *panels,
                        size_t npanels, char *err, size_t errlen)
{
    struct figure fig = {o, panels, npanels};
    return plot_write_file(path, check_input(o, panels, npanels), write_figure, &fig, err, errlen);
}
