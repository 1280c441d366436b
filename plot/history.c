/*
 * history.c -- one figure across a store's runs as an SVG chart: the
 * runs evenly spaced along x (in the order given, every one labelled), the
 * values on a log axis, a line per series with optional whiskers (the spread
 * of repetitions), diamonds for marker series (Oracle's measurements),
 * dashed rules where a figure stepped, labelled with what changed (cut to
 * the room there, whole in the rule's tooltip), and a legend naming every
 * series, in as many rows as it takes.
 *
 * Data in, SVG text out, as plot.c; plot_history_svg() is the only entry.
 */
#define _POSIX_C_SOURCE 200809L

#include <assert.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "plot.h"
#include "plot_int.h"

static const char *const hpalette[PLOT_HISTORY_COLOURS] = {
    "#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd",
    "#8c564b", "#e377c2", "#7f7f7f", "#bcbd22", "#17becf"};

#define LEFT 76.0 /* the value labels, and the axis's title left of them */
#define RIGHT 16.0
#define TOP 46.0
#define BOTTOM 58.0 /* below the plot area in the given height: labels, legend */
#define LEGEND 20.0
#define LEGEND_ROW 16.0
#define CHAR_W 6.4     /* an average character at 11 px, for fitting text */
#define TICK_ANGLE 60  /* the run labels' slant, degrees */
#define TICK_SIN 0.866 /* its sine */

static int usable(double v)
{
    return isfinite(v) && v > 0;
}

/* "1.5M", "980k", "12" */
static void value_label(char *buf, size_t len, double v, const char *unit)
{
    const char *u = unit ? unit : "";
    if (v >= 1e9)
        snprintf(buf, len, "%gG%s", v / 1e9, u);
    else if (v >= 1e6)
        snprintf(buf, len, "%gM%s", v / 1e6, u);
    else if (v >= 1e3)
        snprintf(buf, len, "%gk%s", v / 1e3, u);
    else
        snprintf(buf, len, "%g%s", v, u);
}

static sim_err_t check(const plot_history_t *h)
{
    if (!h || h->nx == 0 || !h->xlabels || h->width <= LEFT + RIGHT ||
        h->height <= TOP + BOTTOM + LEGEND + 10 || (h->nseries && !h->series) ||
        (h->nsteps && !h->steps))
        return SIM_EINVAL;
    for (size_t i = 0; i < h->nseries; i++) {
        const plot_hseries_t *s = &h->series[i];
        if (!s->values || s->colour >= PLOT_HISTORY_COLOURS ||
            (s->style != PLOT_SOLID && s->style != PLOT_MARKERS) || (!s->lo != !s->hi))
            return SIM_EINVAL;
    }
    for (size_t i = 0; i < h->nsteps; i++)
        if (h->steps[i].at >= h->nx)
            return SIM_EINVAL;
    return SIM_OK;
}

/* Where things go: the value axis in decades, the plot area, the spacing of
 * the runs. */
typedef struct {
    const plot_history_t *h;
    double dlo, dhi;
    double w, ht, pw, ph, step;
    double labels; /* height of the slanted run labels */
    double legend; /* top of the legend's first row */
} frame_t;

static double xpos(const frame_t *fr, size_t i)
{
    return LEFT + fr->step * ((double)i + 0.5);
}

/* The legend's entry i: its width. */
static double entry_width(const plot_hseries_t *s)
{
    return 30 + 6.6 * (double)(s->name ? strlen(s->name) : 0);
}

/* Rows the legend takes in a chart w wide. */
static unsigned legend_rows(const plot_history_t *h, double w)
{
    unsigned rows = h->nseries ? 1 : 0;
    double lx = LEFT;
    for (size_t i = 0; i < h->nseries; i++) {
        double ew = entry_width(&h->series[i]);
        if (lx + ew > w - RIGHT && lx > LEFT) {
            rows++;
            lx = LEFT;
        }
        lx += ew;
    }
    return rows;
}

static double ypos(const frame_t *fr, double v)
{
    return TOP + fr->ph * (fr->dhi - log10(v)) / (fr->dhi - fr->dlo);
}

/* The value range over every point and whisker, in whole decades (one at
 * least; 1 .. 10 when nothing is usable). */
static void frame_of(const plot_history_t *h, frame_t *fr)
{
    double lo = INFINITY, hi = -INFINITY;
    for (size_t i = 0; i < h->nseries; i++) {
        const plot_hseries_t *s = &h->series[i];
        for (size_t x = 0; x < h->nx; x++) {
            double vs[3] = {s->values[x], s->lo ? s->lo[x] : NAN, s->hi ? s->hi[x] : NAN};
            for (int k = 0; k < 3; k++)
                if (usable(vs[k])) {
                    lo = fmin(lo, vs[k]);
                    hi = fmax(hi, vs[k]);
                }
        }
    }
    if (!(lo <= hi)) {
        lo = 1;
        hi = 10;
    }
    fr->h = h;
    fr->dlo = floor(log10(lo));
    fr->dhi = ceil(log10(hi));
    if (fr->dhi - fr->dlo < 1) {
        fr->dlo -= 0.5;
        fr->dhi += 0.5;
    }
    fr->w = h->width;
    fr->pw = fr->w - LEFT - RIGHT;
    fr->ph = (double)h->height - TOP - BOTTOM - LEGEND;
    fr->step = fr->pw / (double)h->nx;
    /* The chart grows below the plot area for long run labels and for each
     * row of legend beyond the first. */
    size_t longest = 0;
    for (size_t x = 0; x < h->nx; x++) {
        size_t n = h->xlabels[x] ? strlen(h->xlabels[x]) : 0;
        longest = n > longest ? n : longest;
    }
    fr->labels = 18 + CHAR_W * (double)longest * TICK_SIN;
    if (fr->labels < BOTTOM - 14)
        fr->labels = BOTTOM - 14;
    unsigned rows = legend_rows(h, fr->w);
    fr->legend = TOP + fr->ph + fr->labels + LEGEND_ROW;
    fr->ht = fr->legend + (rows > 1 ? (rows - 1) * LEGEND_ROW : 0) + 8;
}

/* The <svg> element, its title and the chart's title. */
static void open_svg(FILE *f, const frame_t *fr)
{
    const plot_history_t *h = fr->h;
    fprintf(f,
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%.0f\" height=\"%.0f\" "
            "viewBox=\"0 0 %.0f %.0f\" font-family=\"sans-serif\" font-size=\"11\"",
            fr->w, fr->ht, fr->w, fr->ht);
    if (h->id) {
        fputs(" id=\"", f);
        plot_xml_text(f, h->id);
        fputc('"', f);
    }
    fputs(" class=\"history\" role=\"img\">\n<title>", f);
    plot_xml_text(f, h->title);
    fputs("</title>\n<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n", f);
    fprintf(f,
            "<text class=\"chart-title\" x=\"%.1f\" y=\"16\" font-size=\"13\" "
            "font-weight=\"bold\">",
            LEFT);
    plot_xml_text(f, h->title);
    fputs("</text>\n", f);
}

/* Value axis: decades, and 2x, 5x when there are few; then the frame and
 * the axis's title (class "yunit"), as plot_svg()'s panels have it. */
static void value_axis(FILE *f, const frame_t *fr)
{
    for (double d = fr->dlo; d <= fr->dhi + 1e-9; d += 1) {
        static const double sub[] = {1, 2, 5};
        for (int k = 0; k < 3; k++) {
            double v = pow(10, floor(d)) * sub[k];
            if (v < pow(10, fr->dlo) * 0.999 || v > pow(10, fr->dhi) * 1.001 ||
                (k && fr->dhi - fr->dlo > 3))
                continue;
            char lab[48];
            value_label(lab, sizeof lab, v, fr->h->unit);
            fprintf(f,
                    "<line x1=\"%.1f\" x2=\"%.1f\" y1=\"%.1f\" y2=\"%.1f\" stroke=\"#ddd\"/>"
                    "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"end\">%s</text>\n",
                    LEFT, LEFT + fr->pw, ypos(fr, v), ypos(fr, v), LEFT - 4, ypos(fr, v) + 4, lab);
        }
    }
    fprintf(f,
            "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"none\" "
            "stroke=\"#888\"/>\n",
            LEFT, TOP, fr->pw, fr->ph);
    if (fr->h->axis)
        plot_unit_title(f, fr->h->axis, LEFT - 62, TOP + fr->ph / 2);
}

/* Runs along x, every one labelled, slanted: the caller makes the chart
 * wide enough for them (about 14 px a run). */
static void run_axis(FILE *f, const frame_t *fr)
{
    for (size_t x = 0; x < fr->h->nx; x++) {
        double px = xpos(fr, x), py = TOP + fr->ph + 12;
        fprintf(f,
                "<text class=\"xlabel\" x=\"%.1f\" y=\"%.1f\" text-anchor=\"end\" "
                "transform=\"rotate(-%d %.1f %.1f)\">",
                px, py, TICK_ANGLE, px, py);
        plot_xml_text(f, fr->h->xlabels[x]);
        fputs("</text>\n", f);
    }
}

/* s whole when it has at most room characters, else cut at the last
 * space that fits, an ellipsis after it (a longer word is cut within, at a
 * character's start).  out holds len bytes. */
static void cut_words(const char *s, size_t room, char *out, size_t len)
{
    static const char ell[] = "\xe2\x80\xa6"; /* … */
    size_t n = strlen(s), chars = 0;
    for (size_t i = 0; i < n; i++)
        chars += ((unsigned char)s[i] & 0xC0) != 0x80;
    if (chars <= room || len < sizeof ell + 1) {
        snprintf(out, len, "%s", s);
        return;
    }
    /* The byte where room - 1 characters end, then back to a space. */
    size_t end = 0;
    for (size_t c = 0; end < n && end + sizeof ell < len; end++)
        if (((unsigned char)s[end] & 0xC0) != 0x80 && ++c > (room ? room - 1 : 0))
            break;
    size_t cut = end;
    while (cut > 0 && s[cut] != ' ')
        cut--;
    if (cut == 0)
        cut = end;
    while (cut > 0 && strchr(" ,;:", s[cut - 1]))
        cut--;
    memcpy(out, s, cut);
    memcpy(out + cut, ell, sizeof ell);
}

/* Characters of s (UTF-8). */
static size_t chars_of(const char *s)
{
    size_t n = 0;
    for (; s && *s; s++)
        n += ((unsigned char)*s & 0xC0) != 0x80;
    return n;
}

/* Steps: a dashed rule between the run before and the run at `at`, its
 * label on one of two rows above the plot: right of the rule where it fits
 * before the next label of its row, else left of it where it fits after the
 * last one, else on the roomier side cut at a word; the whole label in the
 * rule's tooltip (<title>). */
static void steps(FILE *f, const frame_t *fr)
{
    const plot_history_t *h = fr->h;
    double row_end[2] = {0, 0}; /* where each row's last label ends */
    for (size_t i = 0; i < h->nsteps; i++) {
        const char *label = h->steps[i].label ? h->steps[i].label : "";
        double sx = xpos(fr, h->steps[i].at) - fr->step / 2;
        double right = fr->w - 4;
        if (i + 2 < h->nsteps)
            right = fmin(right, xpos(fr, h->steps[i + 2].at) - fr->step / 2 - 4);
        double rroom = (right - sx - 3) / CHAR_W, lroom = (sx - 3 - row_end[i % 2] - 6) / CHAR_W;
        double want = (double)chars_of(label);
        int left = want > rroom && (want <= lroom || lroom > rroom);
        double room = left ? lroom : rroom;
        char text[512];
        cut_words(label, room > 1 ? (size_t)room : 1, text, sizeof text);
        double tx = left ? sx - 3 : sx + 3;
        row_end[i % 2] = left ? sx : tx + CHAR_W * (double)chars_of(text);
        fputs("<g class=\"step\"><title>", f);
        plot_xml_text(f, label);
        fprintf(f,
                "</title><line x1=\"%.1f\" x2=\"%.1f\" y1=\"%.1f\" y2=\"%.1f\" "
                "stroke=\"#d62728\" stroke-dasharray=\"4 3\"/>"
                "<text x=\"%.1f\" y=\"%.1f\" fill=\"#d62728\"%s>",
                sx, sx, TOP - 4 - 11.0 * (double)(i % 2), TOP + fr->ph, tx,
                TOP - 8 - 11.0 * (double)(i % 2), left ? " text-anchor=\"end\"" : "");
        plot_xml_text(f, text);
        fputs("</text></g>\n", f);
    }
}

/* A solid series' line through its usable points. */
static void series_line(FILE *f, const frame_t *fr, const plot_hseries_t *s, const char *c)
{
    int open = 0;
    for (size_t x = 0; x < fr->h->nx; x++) {
        if (!usable(s->values[x]))
            continue;
        if (!open)
            fprintf(f, "<polyline fill=\"none\" stroke=\"%s\" stroke-width=\"1.5\" points=\"", c);
        fprintf(f, "%s%.1f,%.1f", open ? " " : "", xpos(fr, x), ypos(fr, s->values[x]));
        open = 1;
    }
    if (open)
        fputs("\"/>", f);
}

/* A series: its line, then at each point its whisker and its dot or
 * diamond. */
static void series(FILE *f, const frame_t *fr, const plot_hseries_t *s)
{
    const char *c = hpalette[s->colour];
    fputs("<g class=\"series\" data-name=\"", f);
    plot_xml_text(f, s->name);
    fputs("\">", f);
    if (s->style == PLOT_SOLID)
        series_line(f, fr, s, c);
    for (size_t x = 0; x < fr->h->nx; x++) {
        double v = s->values[x];
        if (!usable(v))
            continue;
        double px = xpos(fr, x), py = ypos(fr, v);
        if (s->lo && usable(s->lo[x]) && usable(s->hi[x]))
            fprintf(f,
                    "<line class=\"spread\" x1=\"%.1f\" x2=\"%.1f\" y1=\"%.1f\" "
                    "y2=\"%.1f\" stroke=\"%s\"/>",
                    px, px, ypos(fr, s->lo[x]), ypos(fr, s->hi[x]), c);
        if (s->style == PLOT_MARKERS)
            fprintf(f,
                    "<path class=\"oracle\" d=\"M%.1f %.1fl5 5l-5 5l-5 -5z\" "
                    "fill=\"white\" stroke=\"%s\" stroke-width=\"1.5\"/>",
                    px, py - 5, c);
        else
            fprintf(f, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"2.5\" fill=\"%s\"/>", px, py, c);
    }
    fputs("</g>\n", f);
}

/* The legend below the run labels: every series, in as many rows as it
 * takes. */
static void legend(FILE *f, const frame_t *fr)
{
    double lx = LEFT, ly = fr->legend;
    for (size_t i = 0; i < fr->h->nseries; i++) {
        const plot_hseries_t *s = &fr->h->series[i];
        double ew = entry_width(s);
        if (lx + ew > fr->w - RIGHT && lx > LEFT) {
            lx = LEFT;
            ly += LEGEND_ROW;
        }
        const char *c = hpalette[s->colour];
        fputs("<g class=\"legend-entry\">", f);
        if (s->style == PLOT_MARKERS)
            fprintf(f, "<path d=\"M%.1f %.1fl4 4l-4 4l-4 -4z\" fill=\"white\" stroke=\"%s\"/>",
                    lx + 8, ly - 8, c);
        else
            fprintf(f,
                    "<line x1=\"%.1f\" x2=\"%.1f\" y1=\"%.1f\" y2=\"%.1f\" stroke=\"%s\" "
                    "stroke-width=\"2\"/>",
                    lx, lx + 16, ly - 4, ly - 4, c);
        fprintf(f, "<text class=\"legend\" x=\"%.1f\" y=\"%.1f\">", lx + 20, ly);
        plot_xml_text(f, s->name);
        fputs("</text></g>\n", f);
        lx += ew;
    }
}

sim_err_t plot_history_svg(FILE *f, const plot_history_t *h)
{
    assert(f != NULL);
    if (check(h) != SIM_OK)
        return SIM_EINVAL;
    frame_t fr;
    frame_of(h, &fr);
    open_svg(f, &fr);
    value_axis(f, &fr);
    run_axis(f, &fr);
    steps(f, &fr);
    for (size_t i = 0; i < h->nseries; i++)
        series(f, &fr, &h->series[i]);
    legend(f, &fr);
    fputs("</svg>\n", f);
    return ferror(f) ? SIM_EIO : SIM_OK;
}
