/*
 * history.c -- one figure across a store's runs as an SVG chart: the
 * runs evenly spaced along x (in the order given, labelled by commit), the
 * values on a log axis, a line per series with optional whiskers (the spread
 * of repetitions), diamonds for marker series (Oracle's measurements), and
 * dashed rules where a figure stepped, labelled with the commit.
 *
 * Data in, SVG text out, as plot.c; plot_history_svg() is the only entry.
 */
#define _POSIX_C_SOURCE 200809L

#include <assert.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "plot.h"

static const char *const hpalette[PLOT_HISTORY_COLOURS] = {
    "#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd",
    "#8c564b", "#e377c2", "#7f7f7f", "#bcbd22", "#17becf"};

#define LEFT 64.0
#define RIGHT 16.0
#define TOP 46.0
#define BOTTOM 58.0
#define LEGEND 20.0

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
    if (!h || h->nx == 0 || !h->xlabels || h->width == 0 || h->height == 0 ||
        (h->nseries && !h->series) || (h->nsteps && !h->steps))
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
} frame_t;

static double xpos(const frame_t *fr, size_t i)
{
    return LEFT + fr->step * ((double)i + 0.5);
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
    fr->ht = h->height;
    fr->pw = fr->w - LEFT - RIGHT;
    fr->ph = fr->ht - TOP - BOTTOM - LEGEND;
    fr->step = fr->pw / (double)h->nx;
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

/* Value axis: decades, and 2x, 5x when there are few; then the frame. */
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
}

/* Runs along x; the labels thinned out when they would collide. */
static void run_axis(FILE *f, const frame_t *fr)
{
    size_t every = (size_t)ceil(70.0 / fr->step);
    if (every < 1)
        every = 1;
    for (size_t x = 0; x < fr->h->nx; x++) {
        if (x % every && x + 1 != fr->h->nx)
            continue;
        double px = xpos(fr, x), py = TOP + fr->ph + 14;
        fprintf(f,
                "<text class=\"xlabel\" x=\"%.1f\" y=\"%.1f\" text-anchor=\"end\" "
                "transform=\"rotate(-30 %.1f %.1f)\">",
                px, py, px, py);
        plot_xml_text(f, fr->h->xlabels[x]);
        fputs("</text>\n", f);
    }
}

/* Steps: a dashed rule between the run before and the run at `at`. */
static void steps(FILE *f, const frame_t *fr)
{
    for (size_t i = 0; i < fr->h->nsteps; i++) {
        double sx = xpos(fr, fr->h->steps[i].at) - fr->step / 2;
        fprintf(f,
                "<g class=\"step\"><line x1=\"%.1f\" x2=\"%.1f\" y1=\"%.1f\" y2=\"%.1f\" "
                "stroke=\"#d62728\" stroke-dasharray=\"4 3\"/>"
                "<text x=\"%.1f\" y=\"%.1f\" fill=\"#d62728\" text-anchor=\"middle\">",
                sx, sx, TOP - 4, TOP + fr->ph, sx, TOP - 8 - 11.0 * (double)(i % 2));
        plot_xml_text(f, fr->h->steps[i].label);
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

/* The legend below the axis labels, as many series as fit. */
static void legend(FILE *f, const frame_t *fr)
{
    double lx = LEFT, ly = fr->ht - 8;
    for (size_t i = 0; i < fr->h->nseries; i++) {
        const plot_hseries_t *s = &fr->h->series[i];
        size_t len = s->name ? strlen(s->name) : 0;
        if (lx + 26 + 6.6 * (double)len > fr->w - RIGHT)
            break; /* no room: the page's table lists them all */
        const char *c = hpalette[s->colour];
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
        fputs("</text>\n", f);
        lx += 30 + 6.6 * (double)len;
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
