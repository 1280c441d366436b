/*
 * plot.h -- statistics against a size as one SVG figure: a panel per
 * statistic on log-log axes, the x axis a LOB size (characters) or a block
 * size, a colour per series (by custom local, dblink; a heap query; a
 * number of rac users), up to three line styles (solid for a base run,
 * dashed for a head run, markers for the reference measurements) and one
 * legend for the figure.
 *
 * Data in, SVG text out: the caller hands over series of (size, value)
 * points and knows nothing of SVG; this module knows nothing of the results
 * store, so lobdiff and lobbench draw with the same code.  Written directly
 * (no library), readable without the table that comes with it: axes labelled
 * with sizes (2k .. 256k) and values (1k, 10k, 1M ...).
 */
#ifndef LOBSIM_PLOT_H
#define LOBSIM_PLOT_H

#include <stddef.h>
#include <stdio.h>

#include "sim.h"

typedef enum {
    PLOT_SOLID,   /* a line through the points, e.g. the base run */
    PLOT_DASHED,  /* a dashed line, e.g. the head run */
    PLOT_MARKERS, /* points only, e.g. the Oracle measurements */
    PLOT_STYLE_COUNT
} plot_style_t;

typedef struct {
    double x;     /* a size in units of 1024: a LOB size in kchars, a block size
                     in KB; > 0 */
    double value; /* y: the figure; a value <= 0 has no place on a log axis
                     and is left out */
} plot_point_t;

/* Matplotlib's ten (tab10); by custom 0 is local, 1 dblink. */
#define PLOT_COLOURS 10

typedef struct {
    const char *name;           /* legend text after the path, e.g. "base (run 5)" */
    const char *path;           /* legend text before the name and data-path, e.g.
                                   "local"; NULL for none */
    unsigned colour;            /* the colour: < PLOT_COLOURS */
    plot_style_t style;         /* the line */
    const plot_point_t *points; /* any order: drawn by ascending x */
    size_t npoints;
} plot_series_t;

typedef struct {
    const char *title; /* the statistic */
    const plot_series_t *series;
    size_t nseries;
} plot_panel_t;

typedef struct {
    const char *title;        /* first line above the panels; NULL for none */
    const char *subtitle;     /* second line; NULL for none */
    unsigned columns;         /* panels per row */
    unsigned panel_width;     /* px */
    unsigned panel_height;    /* px */
    const char *x_title;      /* under the shared axis, e.g. "block size" */
    int legend_by_colour;     /* the legend in the order of the colours (a heap
                                 query's, a number of users), not of first
                                 appearance */
    const char *const *units; /* units[p]: panel p's value axis title, its unit
                                 ("bytes", "blocks/s"); NULL (or a NULL
                                 entry) for none */
} plot_opts_t;

/* No titles, 3 columns of 380 x 270 px panels, the axis titled "LOB size
 * (characters)". */
void plot_opts_defaults(plot_opts_t *o);

/* s to f as XML/HTML text or attribute value: & < > " escaped, the rest as
 * is; NULL writes nothing.  The charts use it, and so may a page that holds
 * them inline. */
void plot_xml_text(FILE *f, const char *s);

/*
 * Write the figure to f.  Every panel shares the x axis (powers of two
 * spanning all points of all panels, labelled 2k, 8k, 256k, 1m); each has
 * its own value axis, with at least three labelled ticks (class "ytick",
 * data-value: the 1-2-5 ladder, finer steps where it gives fewer), the
 * range's ends a few px inside the frame, the values 0 on a row of their
 * own below a dashed break (labelled 0), and the unit's title (class
 * "yunit") when o->units gives one.  The legend lists each distinct (path,
 * colour, style, name) once, in order of first appearance
 * (legend_by_colour: of colour, then first appearance); each line entry
 * has its own mark (a filled circle, then hollow shapes: data-marker), the
 * same in every panel, and the legend says so (class "legend-note").  A
 * statistic with one value in all the panel's points (constant across
 * sizes) gets the value axis [value / 2, value x 2], so that its line runs
 * through the middle of the panel, not along an edge. SIM_EINVAL for no
 * panels, a zero-sized layout, a series without points array, a style or colour out of range, or a
 * non-positive x; SIM_ENOMEM when memory ran out (part of the SVG may be written); SIM_EIO when
 * writing fails.  Nothing is checked after writing began, so on SIM_EINVAL nothing was written.
 */
sim_err_t plot_svg(FILE *f, const plot_opts_t *o, const plot_panel_t *panels, size_t npanels);

/*
 * The same into the file `path`, which appears whole or not at all (written
 * beside it, then renamed).  On failure err holds one line naming the file.
 */
sim_err_t plot_svg_file(const char *path, const plot_opts_t *o, const plot_panel_t *panels,
                        size_t npanels, char *err, size_t errlen);

/* ---- a figure across runs (history.c) ------------------------------------ */

/* One line across the runs: values[i] belongs to x position i; NAN where the
 * run has no such figure, a value <= 0 is left out (log axis).  lo and hi
 * (both or neither, may be NULL) draw a whisker at each point: the spread. */
typedef struct {
    const char *name;   /* legend text, e.g. "32k" */
    unsigned colour;    /* < PLOT_HISTORY_COLOURS */
    plot_style_t style; /* PLOT_SOLID: line and dots; PLOT_MARKERS: diamonds only */
    const double *values;
    const double *lo, *hi;
} plot_hseries_t;

#define PLOT_HISTORY_COLOURS 10

/* A step: a vertical rule before x position `at`, labelled with what
 * changed (the parameters, or a commit and its subject): the label is cut
 * at a word to the room before the next label of its row, and kept whole
 * in the rule's tooltip. */
typedef struct {
    size_t at;
    const char *label;
} plot_step_t;

typedef struct {
    const char *title;          /* above the chart */
    const char *id;             /* the <svg> element's id; NULL for none */
    size_t nx;                  /* x positions, >= 1 */
    const char *const *xlabels; /* a tick label per position, every one drawn (slanted):
                                 * give the chart about 14 px a position */
    const plot_hseries_t *series;
    size_t nseries;
    const plot_step_t *steps;
    size_t nsteps;
    const char *unit;       /* appended to value labels, e.g. " us"; NULL for none */
    unsigned width, height; /* px; height holds the plot area and one legend row, the
                             * chart grows by the rows more and long run labels */
    const char *axis;       /* the value axis's title, its unit ("bytes", "blocks per
                             * second"), up the left side; NULL for none */
} plot_history_t;

/*
 * The series of h as one SVG element (no XML declaration: it can stand inline
 * in HTML) on a log value axis: x positions evenly spaced, each with its
 * label (class "xlabel"), a legend naming every series (class
 * "legend-entry", wrapped into rows), steps as dashed rules labelled at the
 * top (class "step"), each series a <g class="series" data-name=...>.
 * SIM_EINVAL, with nothing written, for no positions, no labels, a series
 * without values, a colour or style out of range, a step beyond the
 * positions, a zero width or a height without room for a plot area;
 * SIM_EIO when writing fails.
 */
sim_err_t plot_history_svg(FILE *f, const plot_history_t *h);

/* ---- a figure through a script's steps (steps.c) ------------------------- */

/* A series over the steps: values[i] belongs to step i (of the figure's nx);
 * NAN where it has no value (the table does not exist then): a gap. */
typedef struct {
    const char *name;      /* legend text, e.g. "used" */
    const char *statistic; /* the statistic drawn (data-statistic), NULL for none */
    unsigned colour;       /* < PLOT_COLOURS */
    const double *values;
} plot_sseries_t;

typedef struct {
    const char *title; /* above the panel */
    const char *unit;  /* the value axis' title, e.g. "blocks"; required */
    int stacked;       /* the series as bars stacked in order (the first at the
                          bottom, each value >= 0); else lines with a mark each */
    const plot_sseries_t *series;
    size_t nseries;
} plot_spanel_t;

typedef struct {
    const char *title;          /* first line above the panels; NULL for none */
    const char *subtitle;       /* wrapped; NULL for none */
    const char *x_title;        /* under each panel, e.g. "step: statement" */
    size_t nx;                  /* steps, >= 1 */
    const char *const *xlabels; /* a label per step, drawn slanted (every k-th when
                                   the steps are many) */
    unsigned columns;           /* panels per row at most, >= 1: fewer when the
                                   figure, at most 1,200 px wide, would leave a
                                   step under 4 px */
    unsigned panel_height;      /* the plot area and the panel title, px; >= 120 */
} plot_steps_t;

/*
 * The panels over the steps as one SVG figure: a shared legend (a swatch
 * and the name of each distinct (name, colour), the line series' marks
 * told apart), then the panels in rows, each with a linear value axis from
 * 0 (at least three ticks, labelled, class "ytick" with data-value) titled
 * by its unit (class "yunit"), a bar or a mark per step (class "bar" or
 * "mark", data-step 1-based, data-value), the steps labelled below (class
 * "xlabel").  A panel is <g class="panel" data-title=...>, a series <g
 * class="series" data-name data-statistic data-values> (the values, space
 * separated, "nan" for none).  SIM_EINVAL with nothing written for no
 * panels, no steps or labels, a panel without unit, a series without values,
 * a colour out of range or a negative value in a stacked panel; SIM_EIO
 * when writing fails.
 */
sim_err_t plot_steps_svg(FILE *f, const plot_steps_t *s, const plot_spanel_t *panels,
                         size_t npanels);

/* The same into the file `path`, whole or not at all; on failure err holds
 * one line naming the file. */
sim_err_t plot_steps_svg_file(const char *path, const plot_steps_t *s, const plot_spanel_t *panels,
                              size_t npanels, char *err, size_t errlen);

#endif /* LOBSIM_PLOT_H */
