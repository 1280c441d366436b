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

#include "memstream_util.h"
#include "plot.h"

/* The figure of the n panels under o (NULL: the defaults), as text. */
static char *draw_with(const plot_opts_t *o, const plot_panel_t *panels, size_t n)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    assert_non_null(f);
    plot_opts_t d;
    plot_opts_defaults(&d);
    assert_int_equal(plot_svg(f, o ? o : &d, panels, n), SIM_OK);
    char *svg = memstream_text(f, &buf);
    assert_non_null(svg);
    return svg;
}

static char *draw(const plot_panel_t *panels, size_t n)
{
    return draw_with(NULL, panels, n);
}

static void expect_in(const char *svg, const char *what)
{
    if (!strstr(svg, what))
        fail_msg("no '%s' in:\n%s", what, svg);
}

static size_t count(const char *s, const char *what)
{
    size_t n = 0;
    for (const char *p = s; (p = strstr(p, what)) != NULL; p++)
        n++;
    return n;
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

/* The points drawn from the figure's first series on: n of them, each within
 * tol px of the middle of the first plot area. */
static void expect_centred(const char *svg, int n, double tol)
{
    double y0, y1;
    plot_area(svg, &y0, &y1);
    const char *series = strstr(svg, "<g class=\"series\"");
    assert_non_null(series);
    int got = 0;
    for (const char *c = strstr(series, "<circle cx="); c; c = strstr(c + 1, "<circle cx=")) {
        double cx, cy;
        assert_int_equal(sscanf(c, "<circle cx=\"%lf\" cy=\"%lf\"", &cx, &cy), 2);
        if (fabs(cy - (y0 + y1) / 2) > tol)
            fail_msg("point at y %.1f; the plot area spans %.1f .. %.1f", cy, y0, y1);
        got++;
    }
    assert_int_equal(got, n);
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
    expect_centred(svg, 3, 1.0);
    /* Labelled ticks on either side of the line. */
    assert_non_null(strstr(svg, ">10k</text>"));
    assert_non_null(strstr(svg, ">20k</text>"));
    free(svg);
}

/* Nearly constant (Oracle's round trips: 10,021 to 10,026) is drawn the same
 * way: within a few px of the middle, not on the bottom edge of 10k..20k. */
static void test_nearly_constant_series_centred(void **state)
{
    (void)state;
    plot_point_t pts[] = {{2, 10021}, {32, 10024}, {256, 10026}};
    plot_series_t s = {"Oracle", "dblink", 1, PLOT_SOLID, pts, 3};
    plot_panel_t p = {"SQL*Net roundtrips to/from dblink", &s, 1};
    char *svg = draw(&p, 1);
    expect_centred(svg, 3, 2.0);
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
    /* 100 and 1000 are ladder steps: the ends of the value axis, 8 px
     * inside the frame. */
    const char *c = strstr(svg, "<g class=\"series\"");
    assert_non_null(c);
    double cx, cy;
    c = strstr(c, "<circle cx=");
    assert_int_equal(sscanf(c, "<circle cx=\"%lf\" cy=\"%lf\"", &cx, &cy), 2);
    assert_true(fabs(cy - (y1 - 8)) < 0.11);
    c = strstr(c + 1, "<circle cx=");
    assert_int_equal(sscanf(c, "<circle cx=\"%lf\" cy=\"%lf\"", &cx, &cy), 2);
    assert_true(fabs(cy - (y0 + 8)) < 0.11);
    free(svg);
}

/* The heap's "recursive calls" (ctas 0, fts 5, range and few_rows 10 at
 * every block size): every query drawn, ctas on the zero row under a
 * break, each line with a mark of its own (range's not hidden by
 * few_rows'), at least three labelled ticks on a range of a factor 2, the
 * unit named, and the legend saying how equal lines are told apart. */
static void test_equal_lines_ticks_unit(void **state)
{
    (void)state;
    plot_point_t zero[] = {{8, 0}, {16, 0}, {32, 0}}, five[] = {{8, 5}, {16, 5}, {32, 5}},
                 ten[] = {{8, 10}, {16, 10}, {32, 10}};
    plot_series_t s[] = {{"ctas", NULL, 0, PLOT_SOLID, zero, 3},
                         {"fts", NULL, 1, PLOT_SOLID, five, 3},
                         {"range", NULL, 2, PLOT_SOLID, ten, 3},
                         {"few_rows", NULL, 3, PLOT_SOLID, ten, 3}};
    plot_panel_t p = {"recursive calls", s, 4};
    plot_opts_t o;
    plot_opts_defaults(&o);
    const char *const units[] = {"count"};
    o.units = units;
    char *buf = draw_with(&o, &p, 1);
    /* 0, and 5, 7, 10 from the finer steps (the ladder has 5 and 10). */
    if (count(buf, "class=\"ytick\"") < 4)
        fail_msg("%zu value ticks", count(buf, "class=\"ytick\""));
    expect_in(buf, ">0</text>");
    expect_in(buf, ">7</text>");
    expect_in(buf, "class=\"zero-break\"");
    expect_in(buf, "transform=\"rotate(-90");
    expect_in(buf, ">count</text>");
    expect_in(buf, "class=\"legend-note\"");
    /* Four marks: 3 points and the legend's swatch each, four shapes. */
    static const char *const marks[] = {"circle", "square", "triangle-up", "triangle-down"};
    for (size_t i = 0; i < 4; i++) {
        char want[64];
        snprintf(want, sizeof want, "class=\"mark\" data-marker=\"%s\"", marks[i]);
        if (count(buf, want) != 4)
            fail_msg("%zu marks '%s', want 4", count(buf, want), marks[i]);
        snprintf(want, sizeof want,
                 "data-marker=\"%s\" data-path=\"\" data-style=\"solid\" data-name=\"%s\"",
                 marks[i], s[i].name);
        expect_in(buf, want);
    }
    free(buf);
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

/* A subtitle wider than the figure wraps at words, each line within the
 * figure's width (at 6.6 px a character), and pushes the panels down. */
static void test_long_subtitle_wraps(void **state)
{
    (void)state;
    plot_point_t pts[] = {{2, 1}, {4, 2}};
    plot_series_t s = {"x", "local", 0, PLOT_SOLID, pts, 2};
    plot_panel_t p = {"t", &s, 1};
    plot_opts_t o;
    plot_opts_defaults(&o);
    o.columns = 1;
    o.panel_width = 500; /* the figure 532 px wide: 75 characters a line */
    /* 26 words of 5 characters and a space: 156 characters, three lines. */
    char sub[200] = "";
    for (int i = 0; i < 26; i++)
        sprintf(sub + strlen(sub), "%sw%04d", i ? " " : "", i);
    o.subtitle = sub;
    char *buf = draw_with(&o, &p, 1);
    /* 12 words (71 characters) a line: 12, 12, 2. */
    assert_non_null(strstr(buf, "fill=\"#444\">w0000 w0001 w0002 w0003 w0004 w0005 w0006 w0007 "
                                "w0008 w0009 w0010 w0011</text>"));
    assert_non_null(strstr(buf, "fill=\"#444\">w0012 w0013 w0014 w0015 w0016 w0017 w0018 w0019 "
                                "w0020 w0021 w0022 w0023</text>"));
    assert_non_null(strstr(buf, "fill=\"#444\">w0024 w0025</text>"));
    free(buf);
}

/* ---- plot_history_svg --------------------------------------------------- */

/* The chart of h into *out (free() it). */
static void draw_history(const plot_history_t *h, char **out)
{
    size_t len = 0;
    *out = NULL;
    FILE *f = open_memstream(out, &len);
    assert_non_null(f);
    assert_int_equal(plot_history_svg(f, h), SIM_OK);
    assert_int_equal(fclose(f), 0);
}

/* Four runs, the third a step up: one labelled rule, a dot per model point,
 * a diamond per Oracle point, a whisker per point with a spread, higher
 * values drawn higher, no XML declaration (it stands inline in HTML). */
static void test_history_steps_and_markers(void **state)
{
    (void)state;
    const char *xl[] = {"Oracle", "aaaa", "bbbb", "cccc"};
    double model[] = {NAN, 100, 200, 200}, lo[] = {NAN, 90, 190, 0}, hi[] = {NAN, 110, 210, 0};
    double oracle[] = {150, NAN, NAN, NAN};
    plot_hseries_t s[] = {{"32k", 0, PLOT_SOLID, model, lo, hi},
                          {"32k Oracle", 0, PLOT_MARKERS, oracle, NULL, NULL}};
    plot_step_t st = {2, "bbbb dispenser: halve"};
    plot_history_t h = {"insert, local: x", "c1", 4, xl, s, 2, &st, 1, NULL, 500, 300, "bytes"};
    char *svg;
    draw_history(&h, &svg);
    assert_null(strstr(svg, "<?xml"));
    /* The value axis titled with its unit, left of the value labels. */
    assert_int_equal(count(svg, "class=\"yunit\""), 1);
    const char *yu = strstr(svg, "class=\"yunit\"");
    double ux;
    assert_int_equal(sscanf(yu, "class=\"yunit\" x=\"%lf\"", &ux), 1);
    assert_true(ux > 0 && ux < 20);
    assert_non_null(strstr(yu, ">bytes</text>"));
    assert_non_null(strstr(svg, "id=\"c1\""));
    assert_int_equal(count(svg, "class=\"step\""), 1);
    assert_non_null(strstr(svg, ">bbbb dispenser: halve</text>"));
    assert_int_equal(count(svg, "<circle "), 3);
    assert_int_equal(count(svg, "class=\"oracle\""), 1);
    assert_int_equal(count(svg, "class=\"spread\""), 2); /* 0 is no value on a log axis */
    /* The polyline: y of 200 above (smaller than) y of 100. */
    char pts[64] = "";
    const char *pl = strstr(svg, "points=\"");
    assert_non_null(pl);
    memcpy(pts, pl, strnlen(pl, sizeof pts - 1));
    double x1, y1, x2, y2;
    assert_int_equal(sscanf(pts, "points=\"%lf,%lf %lf,%lf", &x1, &y1, &x2, &y2), 4);
    assert_true(x2 > x1);
    assert_true(y2 < y1);
    free(svg);
}

static void test_history_bad_input_writes_nothing(void **state)
{
    (void)state;
    const char *xl[] = {"a", "b"};
    double v[] = {1, 2};
    plot_hseries_t bad_colour = {"x", PLOT_HISTORY_COLOURS, PLOT_SOLID, v, NULL, NULL};
    plot_hseries_t half_spread = {"x", 0, PLOT_SOLID, v, v, NULL};
    plot_hseries_t ok = {"x", 0, PLOT_SOLID, v, NULL, NULL};
    plot_step_t beyond = {2, "z"};
    plot_history_t cases[] = {
        {"t", NULL, 2, xl, &bad_colour, 1, NULL, 0, NULL, 400, 300, NULL},
        {"t", NULL, 2, xl, &half_spread, 1, NULL, 0, NULL, 400, 300, NULL},
        {"t", NULL, 2, xl, &ok, 1, &beyond, 1, NULL, 400, 300, NULL},
        {"t", NULL, 0, xl, &ok, 1, NULL, 0, NULL, 400, 300, NULL},
        {"t", NULL, 2, NULL, &ok, 1, NULL, 0, NULL, 400, 300, NULL},
        {"t", NULL, 2, xl, &ok, 1, NULL, 0, NULL, 0, 300, NULL},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char *buf = NULL;
        size_t len = 0;
        FILE *f = open_memstream(&buf, &len);
        assert_non_null(f);
        assert_int_equal(plot_history_svg(f, &cases[i]), SIM_EINVAL);
        assert_int_equal(fclose(f), 0);
        assert_int_equal(len, 0);
        free(buf);
    }
}

/* Every run labelled, however many; every series in the legend, wrapped
 * into rows that make the chart taller; a step's long label cut at a word
 * on the chart and whole in its tooltip. */
static void test_history_labels_legend_steps(void **state)
{
    (void)state;
    const char *xl[12] = {"a r1", "a r2", "a r3", "a r4",  "a r5",  "a r6",
                          "a r7", "a r8", "a r9", "b r10", "b r11", "b r12"};
    double v[12] = {1, 1, 1, 1, 1, 1, 1, 1, 1, 2, 2, 2};
    plot_hseries_t s[6];
    static const char *const names[6] = {"2k dsp.chunk_divisor=128 seed=1",
                                         "2k dsp.chunk_divisor=256 seed=1",
                                         "2k dsp.chunk_divisor=128 seed=2",
                                         "2k dsp.chunk_divisor=256 seed=2",
                                         "128k",
                                         "256k"};
    for (unsigned i = 0; i < 6; i++)
        s[i] = (plot_hseries_t){names[i], i, PLOT_SOLID, v, NULL, NULL};
    plot_step_t st = {
        9, "b dispenser: a subject far too long for the room this chart has at its right edge"};
    plot_history_t h = {"t", NULL, 12, xl, s, 6, &st, 1, NULL, 400, 300, NULL};
    char *svg;
    draw_history(&h, &svg);
    assert_int_equal(count(svg, "class=\"xlabel\""), 12);
    assert_non_null(strstr(svg, ">b r12</text>"));
    assert_int_equal(count(svg, "class=\"legend-entry\""), 6);
    double height = 0;
    assert_int_equal(sscanf(strstr(svg, "height=\""), "height=\"%lf\"", &height), 1);
    assert_true(height > 300 + 16 * 3 - 1); /* at least four legend rows */
    assert_non_null(strstr(svg,
                           "<title>b dispenser: a subject far too long for the room this chart "
                           "has at its right edge</title>"));
    const char *t = strstr(strstr(svg, "class=\"step\""), "<text ");
    assert_non_null(t);
    t = strchr(t, '>');
    assert_non_null(strstr(t, ">b dispenser: a "));
    const char *end = strstr(t, "</text>");
    assert_non_null(end);
    assert_memory_equal(end - 3, "\xe2\x80\xa6", 3); /* … */
    assert_true(end[-4] != ' ');
    free(svg);
}

/* ---- worked by hand -------------------------------------------------------- */

/*
 * One panel of the default figure (380 x 270 px panels: the plot area at
 * x 76..382, y 86..286, 306 x 200 px) with points (512, 1), (2k, 2),
 * (1m, 1000) and (2m, 1500) characters.  x: log2 of kchars from -1 to 11
 * over 306 px: 2k at 76 + 2/12 x 306 = 127.0, 1m at 76 + 11/12 x 306 =
 * 356.5, ticks labelled every other power of 2 from 512 to 2m.  y: the
 * 1-2-5 steps round 1 down to 1 and 1500 up to 2000 (1000 < 1500), so
 * log10 runs 0 .. 3.30103 over the 184 px between 8 px inside the frame,
 * up from 278: 1 at 278.0, 2 at 278 - 0.30103 / 3.30103 x 184 = 261.2, 1000
 * at 110.8, 1500 at 101.0; ticks at the decades 1, 10, 100, 1k.  A second
 * figure from 1 to 1024 kchars and 2 to 5 with a 0 at 32k: 1k, 4k, .. 1m on
 * x; on y the ladder's 2 and 5 are two ticks, too few: 2, 3, 5 from the
 * finer steps; the zero band's 20 px take the log range's bottom up to 286
 * - 8 - 20 = 258 (2 there, 5 at 94.0), and the 0 is drawn at 32k (76 +
 * 5/10 x 306 = 229.0) on the zero row, 278.0, labelled 0.
 */
static void test_worked_figure(void **state)
{
    (void)state;
    plot_point_t pts[] = {{2048, 1500}, {0.5, 1}, {1024, 1000}, {2, 2}};
    plot_series_t se = {"x", "local", 0, PLOT_SOLID, pts, 4};
    plot_panel_t p = {"stat", &se, 1};
    char *svg = draw(&p, 1);
    expect_in(svg, "<rect x=\"76.0\" y=\"86.0\" width=\"306.0\" height=\"200.0\" fill=\"white\"");
    expect_in(svg, "points=\"76.0,278.0 127.0,261.2 356.5,110.8 382.0,101.0\"");
    static const char *const ticks[] = {">512</text>",  ">2k</text>",   ">8k</text>", ">32k</text>",
                                        ">128k</text>", ">512k</text>", ">2m</text>", ">1</text>",
                                        ">10</text>",   ">100</text>",  ">1k</text>"};
    for (size_t i = 0; i < sizeof ticks / sizeof ticks[0]; i++)
        expect_in(svg, ticks[i]);
    assert_null(strstr(svg, "zero-break"));
    free(svg);

    plot_point_t few[] = {{1, 2}, {1024, 5}, {32, 0}};
    se.points = few, se.npoints = 3;
    svg = draw(&p, 1);
    expect_in(svg, "<circle cx=\"76.0\" cy=\"258.0\"");
    expect_in(svg, "<circle cx=\"382.0\" cy=\"94.0\"");
    expect_in(svg, "<circle cx=\"229.0\" cy=\"278.0\"");
    static const char *const ticks2[] = {">1k</text>", ">4k</text>", ">1m</text>", ">2</text>",
                                         ">3</text>",  ">5</text>",  ">0</text>"};
    for (size_t i = 0; i < sizeof ticks2 / sizeof ticks2[0]; i++)
        expect_in(svg, ticks2[i]);
    free(svg);
}

/*
 * A history chart 500 px wide: the plot area from x 76 to 484 (408 px) and
 * y 46 down 176 px; three runs 136 px apart, centred in their slots: x
 * 144, 280, 416.  The values 100, 1000, 5000 and their whiskers (90 .. 110,
 * 900 .. 1100, 4000 .. 10000) span the decades 10 .. 10k: 100 at 46 + 176
 * x 2/3 = 163.3, 1000 at 104.7, 10000 (a whisker's top) at 46.0, labels
 * 10, 20, 50 .. 1k, 2k, 5k, 10k.  A whisker up to 20000 takes the axis to
 * 100k: 100 then lies at 46 + 176 x 3/4 = 178.0.
 */
static void test_worked_history(void **state)
{
    (void)state;
    const char *xl[] = {"a", "b", "c"};
    double v[] = {100, 1000, 5000}, lo[] = {90, 900, 4000}, hi[] = {110, 1100, 10000};
    plot_hseries_t s = {"s", 0, PLOT_SOLID, v, lo, hi};
    plot_history_t h = {"t", "c1", 3, xl, &s, 1, NULL, 0, NULL, 500, 300, NULL};
    char *svg;
    draw_history(&h, &svg);
    expect_in(svg, "<rect x=\"76.0\" y=\"46.0\" width=\"408.0\" height=\"176.0\"");
    expect_in(svg, "points=\"144.0,163.3 280.0,104.7 416.0,63.7\"");
    expect_in(svg, "x1=\"416.0\" x2=\"416.0\" y1=\"69.3\" y2=\"46.0\"");
    static const char *const labels[] = {">10</text>", ">20</text>", ">1k</text>", ">5k</text>",
                                         ">10k</text>"};
    for (size_t i = 0; i < sizeof labels / sizeof labels[0]; i++)
        expect_in(svg, labels[i]);
    free(svg);
    hi[2] = 20000;
    draw_history(&h, &svg);
    expect_in(svg, "points=\"144.0,178.0 ");
    expect_in(svg, ">100k</text>");
    double one, two;
    assert_int_equal(sscanf(strstr(svg, "height=\""), "height=\"%lf\"", &one), 1);
    free(svg);
    /* Two legend entries of 30 + 6.6 x 27 = 208.2 px from x 76 end at
     * 492.4, past the plot area's right edge (484) though inside the
     * chart (500): a second legend row, 16 px more. */
    plot_hseries_t two_s[2] = {s, s};
    two_s[0].name = "aaaaaaaaaaaaaaaaaaaaaaaaaaa";
    two_s[1].name = "bbbbbbbbbbbbbbbbbbbbbbbbbbb";
    h.series = two_s, h.nseries = 2;
    draw_history(&h, &svg);
    assert_int_equal(sscanf(strstr(svg, "height=\""), "height=\"%lf\"", &two), 1);
    assert_true(two == one + 16);
    free(svg);
}

/* ---- plot_steps_svg ----------------------------------------------------- */

/* The figure of the steps s over n panels, as text. */
static char *draw_steps(const plot_steps_t *s, const plot_spanel_t *panels, size_t n)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    assert_non_null(f);
    assert_int_equal(plot_steps_svg(f, s, panels, n), SIM_OK);
    char *svg = memstream_text(f, &buf);
    assert_non_null(svg);
    return svg;
}

/* The svg element's width, and the smallest font-size of the figure. */
static double svg_width(const char *svg, double *smallest_font)
{
    double w = 0, fs;
    const char *p = strstr(svg, "<svg ");
    assert_non_null(p);
    assert_int_equal(sscanf(strstr(p, " width=\""), " width=\"%lf\"", &w), 1);
    *smallest_font = INFINITY;
    for (p = strstr(svg, "font-size=\""); p; p = strstr(p + 1, "font-size=\"")) {
        assert_int_equal(sscanf(p, "font-size=\"%lf\"", &fs), 1);
        *smallest_font = fs < *smallest_font ? fs : *smallest_font;
    }
    return w;
}

/* The left edges of the plot areas (the white rectangles), each checked
 * inside the figure's width w; how many distinct edges (columns). */
static size_t plot_columns(const char *svg, double w)
{
    double x0[64];
    size_t n = 0;
    for (const char *p = strstr(svg, "fill=\"white\" stroke=\"none\""); p;
         p = strstr(p + 1, "fill=\"white\" stroke=\"none\"")) {
        const char *r = p;
        while (r > svg && strncmp(r, "<rect ", 6) != 0)
            r--;
        double x, y, width;
        assert_int_equal(sscanf(r, "<rect x=\"%lf\" y=\"%lf\" width=\"%lf\"", &x, &y, &width), 3);
        if (x + width > w)
            fail_msg("a plot area ends at %.1f, past the figure's width %.0f", x + width, w);
        size_t k = 0;
        while (k < n && x0[k] != x)
            k++;
        if (k == n && n < 64)
            x0[n++] = x;
    }
    return n;
}

/*
 * lobbench --sessions --plot's shape (14 panels, a line per session count,
 * 3 columns, 40 snapshots) was laid out 2,906 px wide: at a screen's 1,200
 * px its 10 px labels were 4 px high.  The figure is at most 1,200 px wide,
 * nothing in it under 10 px, every panel inside it; few steps keep 380 px
 * panels (16 + 3 x 380 + 16 = 1,172 px); 400 steps take one column of the
 * whole width, 1,200 px.
 */
static void test_steps_read_at_screen_width(void **state)
{
    (void)state;
    enum { NP = 14, NS = 3, NX = 400 };
    static double v[NS][NX];
    static char lab[NX][16];
    const char *lp[NX];
    for (int i = 0; i < NX; i++) {
        snprintf(lab[i], sizeof lab[i], "%.3f s", 0.05 * (i + 1));
        lp[i] = lab[i];
        for (int k = 0; k < NS; k++)
            v[k][i] = (k + 1) * (1 + i % 7);
    }
    plot_sseries_t se[NS] = {{"2 sessions", NULL, 0, v[0]},
                             {"8 sessions", NULL, 1, v[1]},
                             {"32 sessions", NULL, 2, v[2]}};
    plot_spanel_t p[NP];
    for (int i = 0; i < NP; i++)
        p[i] = (plot_spanel_t){"enq: HW - contention (Configuration)", "seconds per second", 0, se,
                               NS};
    static const struct {
        size_t nx;
        double width;
        size_t cols;
    } want[] = {{40, 0, 3}, {5, 1172, 3}, {NX, 1200, 1}};
    for (size_t t = 0; t < sizeof want / sizeof want[0]; t++) {
        plot_steps_t s = {"sessions", "a subtitle", "model time at the snapshot", want[t].nx, lp,
                          3,          200};
        char *svg = draw_steps(&s, p, NP);
        double font, w = svg_width(svg, &font);
        if (w > 1200 || font < 10)
            fail_msg("%zu steps: %.0f px wide, smallest text %.0f px: %.1f px at 1,200 px",
                     want[t].nx, w, font, font * (w > 1200 ? 1200 / w : 1));
        if (want[t].width && w != want[t].width)
            fail_msg("%zu steps: %.0f px wide, want %.0f", want[t].nx, w, want[t].width);
        assert_int_equal(plot_columns(svg, w), want[t].cols);
        assert_int_equal(count(svg, "class=\"panel\""), NP);
        free(svg);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_constant_series_centred),
        cmocka_unit_test(test_worked_figure),
        cmocka_unit_test(test_worked_history),
        cmocka_unit_test(test_nearly_constant_series_centred),
        cmocka_unit_test(test_moving_series_unchanged),
        cmocka_unit_test(test_bad_colour_refused),
        cmocka_unit_test(test_equal_lines_ticks_unit),
        cmocka_unit_test(test_long_subtitle_wraps),
        cmocka_unit_test(test_history_steps_and_markers),
        cmocka_unit_test(test_history_bad_input_writes_nothing),
        cmocka_unit_test(test_history_labels_legend_steps),
        cmocka_unit_test(test_steps_read_at_screen_width),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
