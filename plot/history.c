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

sim_err_t plot_history_svg(FILE *f, const plot_history_t *h)
{
    if (!f || check(h) != SIM_OK)
        return SIM_EINVAL;
    /* The value range over every point and whisker, in decades. */
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
    double dlo = floor(log10(lo)), dhi = ceil(log10(hi));
    if (dhi - dlo < 1) {
        dlo -= 0.5;
        dhi += 0.5;
    }
    double w = h->width, ht = h->height;
    double pw = w - LEFT - RIGHT, ph = ht - TOP - BOTTOM - LEGEND;
    double step = pw / (double)h->nx;
#define XPOS(i) (LEFT + step * ((double)(i) + 0.5))
#define YPOS(v) (TOP + ph * (dhi - log10(v)) / (dhi - dlo))

    fprintf(f,
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%.0f\" height=\"%.0f\" "
            "viewBox=\"0 0 %.0f %.0f\" font-family=\"sans-serif\" font-size=\"11\"",
            w, ht, w, ht);
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

    /* Value axis: decades, and 2x, 5x when there are few. */
    for (double d = dlo; d <= dhi + 1e-9; d += 1) {
        static const double sub[] = {1, 2, 5};
        for (int k = 0; k < 3; k++) {
            double v = pow(10, floor(d)) * sub[k];
            if (v < pow(10, dlo) * 0.999 || v > pow(10, dhi) * 1.001 || (k && dhi - dlo > 3))
                continue;
            char lab[48];
            value_label(lab, sizeof lab, v, h->unit);
            fprintf(f,
                    "<line x1=\"%.1f\" x2=\"%.1f\" y1=\"%.1f\" y2=\"%.1f\" stroke=\"#ddd\"/>"
                    "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"end\">%s</text>\n",
                    LEFT, LEFT + pw, YPOS(v), YPOS(v), LEFT - 4, YPOS(v) + 4, lab);
        }
    }
    fprintf(f,
            "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"none\" "
            "stroke=\"#888\"/>\n",
            LEFT, TOP, pw, ph);
    /* Runs along x; thin out the labels when they would collide. */
    size_t every = (size_t)ceil(70.0 / step);
    if (every < 1)
        every = 1;
    for (size_t x = 0; x < h->nx; x++) {
        if (x % every && x + 1 != h->nx)
            continue;
        fprintf(f,
                "<text class=\"xlabel\" x=\"%.1f\" y=\"%.1f\" text-anchor=\"end\" "
                "transform=\"rotate(-30 %.1f %.1f)\">",
                XPOS(x), TOP + ph + 14, XPOS(x), TOP + ph + 14);
        plot_xml_text(f, h->xlabels[x]);
        fputs("</text>\n", f);
    }
    /* Steps: a dashed rule between the run before and the run at `at`. */
    for (size_t i = 0; i < h->nsteps; i++) {
        double sx = XPOS(h->steps[i].at) - step / 2;
        fprintf(f,
                "<g class=\"step\"><line x1=\"%.1f\" x2=\"%.1f\" y1=\"%.1f\" y2=\"%.1f\" "
                "stroke=\"#d62728\" stroke-dasharray=\"4 3\"/>"
                "<text x=\"%.1f\" y=\"%.1f\" fill=\"#d62728\" text-anchor=\"middle\">",
                sx, sx, TOP - 4, TOP + ph, sx, TOP - 8 - 11.0 * (double)(i % 2));
        plot_xml_text(f, h->steps[i].label);
        fputs("</text></g>\n", f);
    }
    /* The series, then the legend below the axis labels. */
    for (size_t i = 0; i < h->nseries; i++) {
        const plot_hseries_t *s = &h->series[i];
        const char *c = hpalette[s->colour];
        fputs("<g class=\"series\" data-name=\"", f);
        plot_xml_text(f, s->name);
        fputs("\">", f);
        if (s->style == PLOT_SOLID) {
            int open = 0;
            for (size_t x = 0; x < h->nx; x++) {
                if (!usable(s->values[x]))
                    continue;
                if (!open)
                    fprintf(f,
                            "<polyline fill=\"none\" stroke=\"%s\" stroke-width=\"1.5\" "
                            "points=\"",
                            c);
                fprintf(f, "%s%.1f,%.1f", open ? " " : "", XPOS(x), YPOS(s->values[x]));
                open = 1;
            }
            if (open)
                fputs("\"/>", f);
        }
        for (size_t x = 0; x < h->nx; x++) {
            double v = s->values[x];
            if (!usable(v))
                continue;
            double px = XPOS(x), py = YPOS(v);
            if (s->lo && usable(s->lo[x]) && usable(s->hi[x]))
                fprintf(f,
                        "<line class=\"spread\" x1=\"%.1f\" x2=\"%.1f\" y1=\"%.1f\" "
                        "y2=\"%.1f\" stroke=\"%s\"/>",
                        px, px, YPOS(s->lo[x]), YPOS(s->hi[x]), c);
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
    double lx = LEFT, ly = ht - 8;
    for (size_t i = 0; i < h->nseries; i++) {
        const plot_hseries_t *s = &h->series[i];
        size_t len = s->name ? strlen(s->name) : 0;
        if (lx + 26 + 6.6 * (double)len > w - RIGHT)
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
    fputs("</svg>\n", f);
#undef XPOS
#undef YPOS
    return ferror(f) ? SIM_EIO : SIM_OK;
}
