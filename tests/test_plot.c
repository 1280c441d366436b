/*
 * test_plot.c -- the SVG plot library on its own: figures drawn into memory
 * and read back for where the points land.
 */
#define _POSIX_C_SOURCE 200809L

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "plot.h"

static char *draw(const plot_panel_t *panels, size_t n)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    assert_non_null(f);
    plot_opts_t o;
    plot_opts_defaults(&o);
    assert_int_equal(plot_svg(f, &o, panels, n), SIM_OK);
    assert_int_equal(fclose(f), 0);
    return buf;
}

/* The plot area of the panel at p: its white background rectangle. */
static void plot_area(const char *p, double *y0, double *y1)
{
    const char *r = strstr(p, "fill=\"white\" stroke=\"none\"");
    assert_non_null(r);
    while (r > p && strncmp(r, "<rect ", 6) != 0)
        r--;
    double x, w, h;
    if (sscanf(r, "<rect x=\"%lf\" y=\"%lf\" width=\"%lf\" height=\"%lf\"", &x, y0, &w, &h) != 4)
        fail_msg("no plot area in %.200s", r);
    *y1 = *y0 + h;
}

/* A statistic that does not move with the LOB size (SQL*Net roundtrips to/from
 * dblink: 10,021 at every size) is drawn across the middle of its panel, with
 * a labelled tick below and above it -- not on the bottom edge. */
static void test_constant_series_centred(void **state)
{
    (void)state;
    plot_point_t pts[] = {{2, 10021}, {32, 10021}, {256, 10021}};
    plot_series_t s = {"base (run 1)", "dblink", 1, PLOT_SOLID, pts, 3};
    plot_panel_t p = {"SQL*Net roundtrips to/from dblink", &s, 1};
    char *svg = draw(&p, 1);
    double y0, y1;
    plot_area(svg, &y0, &y1);
    int n = 0;
    const char *series = strstr(svg, "<g class=\"series\"");
    assert_non_null(series);
    for (const char *c = strstr(series, "<circle cx="); c; c = strstr(c + 1, "<circle cx=")) {
        double cx, cy;
        assert_int_equal(sscanf(c, "<circle cx=\"%lf\" cy=\"%lf\"", &cx, &cy), 2);
        if (fabs(cy - (y0 + y1) / 2) > 1.0)
            fail_msg("point at y %.1f; the plot area spans %.1f .. %.1f", cy, y0, y1);
        n++;
    }
    assert_int_equal(n, 3);
    /* Labelled ticks on either side of the line. */
    assert_non_null(strstr(svg, ">10k</text>"));
    assert_non_null(strstr(svg, ">20k</text>"));
    free(svg);
}

/* A moving series still spans the panel from its lowest to highest tick. */
static void test_moving_series_unchanged(void **state)
{
    (void)state;
    plot_point_t pts[] = {{2, 100}, {256, 1000}};
    plot_series_t s = {"base (run 1)", "local", 0, PLOT_SOLID, pts, 2};
    plot_panel_t p = {"db block gets", &s, 1};
    char *svg = draw(&p, 1);
    double y0, y1;
    plot_area(svg, &y0, &y1);
    assert_non_null(strstr(svg, "data-path=\"local\" data-style=\"solid\""));
    assert_non_null(strstr(svg, ">local base (run 1)</text>"));
    /* 100 and 1000 are ladder steps: the ends of the value axis. */
    const char *c = strstr(svg, "<g class=\"series\"");
    assert_non_null(c);
    double cx, cy;
    c = strstr(c, "<circle cx=");
    assert_int_equal(sscanf(c, "<circle cx=\"%lf\" cy=\"%lf\"", &cx, &cy), 2);
    assert_true(fabs(cy - y1) < 0.11);
    c = strstr(c + 1, "<circle cx=");
    assert_int_equal(sscanf(c, "<circle cx=\"%lf\" cy=\"%lf\"", &cx, &cy), 2);
    assert_true(fabs(cy - y0) < 0.11);
    free(svg);
}

static void test_bad_colour_refused(void **state)
{
    (void)state;
    plot_point_t pts[] = {{2, 1}};
    plot_series_t s = {"x", "local", PLOT_COLOURS, PLOT_SOLID, pts, 1};
    plot_panel_t p = {"t", &s, 1};
    plot_opts_t o;
    plot_opts_defaults(&o);
    FILE *f = fopen("/dev/null", "w");
    assert_non_null(f);
    assert_int_equal(plot_svg(f, &o, &p, 1), SIM_EINVAL);
    fclose(f);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_constant_series_centred),
        cmocka_unit_test(test_moving_series_unchanged),
        cmocka_unit_test(test_bad_colour_refused),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
