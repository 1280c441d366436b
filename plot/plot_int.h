/*
 * plot_int.h -- what plot.c lends steps.c: the colours, the marks that
 * tell series apart, the value labels and the figure's frame.  Not part of
 * the component's contract (plot.h).
 */
#ifndef LOBSIM_PLOT_INT_H
#define LOBSIM_PLOT_INT_H

#include <stddef.h>
#include <stdio.h>

#include "plot.h"

#define PLOT_MARGIN 16.0
#define PLOT_CHAR_PX 6.6 /* average width of a 12 px sans-serif character */

/* Matplotlib's tab10, by colour index. */
extern const char *const plot_palette[PLOT_COLOURS];

/* The marks of line series, one shape per series of a figure so that two
 * lines with equal values still show both: a filled circle, then hollow
 * shapes drawn around it (square, triangles, ...), cycling after
 * PLOT_MARKS. */
#define PLOT_MARKS 8
void plot_mark(FILE *f, unsigned mark, double x, double y, const char *colour);
/* The shape's name, for the data-marker attribute ("circle", "square", ...). */
const char *plot_mark_name(unsigned mark);

/* 1, 20, 500, 1.5k, 2M, 5G: a value as a DBA reads it off an AWR report. */
void plot_fmt_value(double v, char *buf, size_t len);

/* The XML declaration, the <svg> element of width x height, the background,
 * the title and the subtitle (wrapped to the width) from PLOT_MARGIN down;
 * returns the y below them.  plot_titles_height() is the same height,
 * before drawing. */
double plot_open_figure(FILE *f, double width, double height, const char *title,
                        const char *subtitle);
double plot_titles_height(double width, const char *title, const char *subtitle);

/* A panel's title at (x, y), cut with "..." to width px, whole in its
 * tooltip. */
void plot_panel_title(FILE *f, const char *text, double x, double y, double width);

/* A value axis' title, its unit, up the left side centred on (x, y)
 * (class "yunit"). */
void plot_unit_title(FILE *f, const char *unit, double x, double y);

/* fn(arg) into the file `path`, whole or not at all, when checked is
 * SIM_OK (the figure's input was checked); else nothing is written and err
 * says there was nothing to plot.  err names the file. */
sim_err_t plot_write_file(const char *path, sim_err_t checked, sim_writer_fn fn, void *arg,
                          char *err, size_t errlen);

#endif /* LOBSIM_PLOT_INT_H */
