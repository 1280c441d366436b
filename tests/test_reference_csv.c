/*
 * test_reference_csv.c -- the reference CSV parser, res_parse_reference(), on
 * its own: hand-written texts with the figures they must give, and malformed
 * ones with the "FILE:LINE: ..." message each must give.  No file, no store.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <stdio.h>
#include <string.h>

#include "results.h"

/* Parse text (its strlen) as "ref.csv"; the figures in *figs, the count. */
static size_t parse_ok(const char *text, res_ref_figure_t **figs)
{
    size_t n = 99;
    char err[256] = "untouched";
    sim_err_t rc = res_parse_reference("ref.csv", text, strlen(text), figs, &n, err, sizeof err);
    if (rc != SIM_OK)
        fail_msg("refused (%s): %s", sim_strerror(rc), err);
    assert_string_equal(err, "");
    assert_non_null(*figs);
    return n;
}

static void expect_figure(const res_ref_figure_t *f, const char *path, uint64_t kchars,
                          sim_stat_t stat, int64_t value, int line)
{
    assert_string_equal(f->path, path);
    assert_int_equal(f->lob_kchars, kchars);
    assert_int_equal(f->stat, stat);
    assert_int_equal(f->value, value);
    assert_int_equal(f->line, line);
}

static void test_figures(void **state)
{
    (void)state;
    res_ref_figure_t *f;
    /* Quoted and unquoted names, CRLF, a blank line, the largest value, no
     * newline at the end. */
    const char *text = "path,lob_kchars,statistic,value\r\n"
                       "local,2,\"db block gets\",5\r\n"
                       "\r\n"
                       "dblink,256,consistent gets,9223372036854775807\n"
                       "dblink,2,\"securefile allocation chunks\",0\n"
                       "local,4,db block changes,17";
    size_t n = parse_ok(text, &f);
    assert_int_equal(n, 4);
    expect_figure(&f[0], "local", 2, SIM_STAT_DB_BLOCK_GETS, 5, 2);
    expect_figure(&f[1], "dblink", 256, SIM_STAT_CONSISTENT_GETS, INT64_MAX, 4);
    expect_figure(&f[2], "dblink", 2, SIM_STAT_SF_ALLOC_CHUNKS, 0, 5);
    expect_figure(&f[3], "local", 4, SIM_STAT_DB_BLOCK_CHANGES, 17, 6);
    sim_free(f);

    /* The same (path, size, statistic) on the other path is no repeat, and
     * a name with a comma inside quotes is one field. */
    n = parse_ok("path,lob_kchars,statistic,value\n"
                 "local,8,db block gets,1\n"
                 "dblink,8,db block gets,2\n"
                 "local,16,db block gets,3\n",
                 &f);
    assert_int_equal(n, 3);
    expect_figure(&f[1], "dblink", 8, SIM_STAT_DB_BLOCK_GETS, 2, 3);
    expect_figure(&f[2], "local", 16, SIM_STAT_DB_BLOCK_GETS, 3, 4);
    sim_free(f);
}

static void test_text_not_changed(void **state)
{
    (void)state;
    char text[] = "path,lob_kchars,statistic,value\nlocal,2,\"db block gets\",5\n";
    char copy[sizeof text];
    memcpy(copy, text, sizeof text);
    res_ref_figure_t *f;
    /* Without its final NUL: the parser reads len bytes, no more. */
    size_t n = 0;
    char err[128];
    assert_int_equal(res_parse_reference("ref.csv", text, strlen(text), &f, &n, err, sizeof err),
                     SIM_OK);
    assert_int_equal(n, 1);
    assert_memory_equal(text, copy, sizeof text);
    sim_free(f);
    /* A length short of the text parses only what it covers. */
    assert_int_equal(res_parse_reference("ref.csv", text, 32, &f, &n, err, sizeof err), SIM_EINVAL);
    assert_string_equal(err, "ref.csv:1: no figures after the header");
}

static void test_malformed(void **state)
{
    (void)state;
    static const struct {
        const char *text;
        const char *msg; /* the whole message */
    } cases[] = {
        {"", "ref.csv:1: empty file; expected the header path,lob_kchars,statistic,value"},
        {"path;lob_kchars;statistic;value\n",
         "ref.csv:1: expected the header path,lob_kchars,statistic,value"},
        {"path,lob_kchars,statistic,value\n", "ref.csv:1: no figures after the header"},
        {"path,lob_kchars,statistic,value\n\n\n", "ref.csv:3: no figures after the header"},
        {"path,lob_kchars,statistic,value\nlocal,2,\"db block gets\",5\nlocal,4,db block gets\n",
         "ref.csv:3: 3 fields; expected 4: path,lob_kchars,statistic,value"},
        {"path,lob_kchars,statistic,value\nlocal,2,db block gets,5,6\n",
         "ref.csv:2: 5 fields; expected 4: path,lob_kchars,statistic,value"},
        {"path,lob_kchars,statistic,value\nlocal,2,\"db block getz\",5\n",
         "ref.csv:2: statistic 'db block getz' is not in v$statname"},
        {"path,lob_kchars,statistic,value\r\nlocal,2,db block gets,5\r\nremote,2,db block "
         "gets,5\r\n",
         "ref.csv:3: path 'remote'; expected local or dblink"},
        {"path,lob_kchars,statistic,value\nLocal,2,db block gets,5\n",
         "ref.csv:2: path 'Local'; expected local or dblink"},
        {"path,lob_kchars,statistic,value\nlocal,2,db block gets,-5\n",
         "ref.csv:2: value '-5'; expected a whole number from 0 to 9223372036854775807"},
        {"path,lob_kchars,statistic,value\nlocal,2,db block gets,9223372036854775808\n",
         "ref.csv:2: value '9223372036854775808'; expected a whole number from 0 to "
         "9223372036854775807"},
        {"path,lob_kchars,statistic,value\nlocal,2,db block gets, 5\n",
         "ref.csv:2: value ' 5'; expected a whole number from 0 to 9223372036854775807"},
        {"path,lob_kchars,statistic,value\nlocal,2k,db block gets,5\n",
         "ref.csv:2: lob_kchars '2k'; expected a positive whole number"},
        {"path,lob_kchars,statistic,value\nlocal,0,db block gets,5\n",
         "ref.csv:2: lob_kchars '0'; expected a positive whole number"},
        {"path,lob_kchars,statistic,value\nlocal,2,\"db block gets\",5\n\nlocal,2,db block "
         "gets,6\n",
         "ref.csv:4: local 2k 'db block gets' repeats line 2"},
        {"path,lob_kchars,statistic,value\ndblink,1024,db block gets,5\ndblink,1024,db block "
         "gets,5\n",
         "ref.csv:3: dblink 1m 'db block gets' repeats line 2"},
        {"path,lob_kchars,statistic,value\nlocal,2,\"db block gets,5\n",
         "ref.csv:2: unterminated quoted field"},
        {"path,lob_kchars,statistic,value\nlocal,2,\"db block\" gets,5\n",
         "ref.csv:2: text after a closing quote"},
        {"path,lob_kchars,statistic,value\nlocal,2,db \"block\" gets,5\n",
         "ref.csv:2: quote inside an unquoted field"},
        /* Inside quotes, "" is one quote and a comma is text. */
        {"path,lob_kchars,statistic,value\nlocal,2,\"db \"\"block\"\", gets\",5\n",
         "ref.csv:2: statistic 'db \"block\", gets' is not in v$statname"},
        /* A carriage return inside a field is quoted, but the message stays
         * one line. */
        {"path,lob_kchars,statistic,value\nlo\rcal,2,db block gets,5\n",
         "ref.csv:2: path 'lo cal'; expected local or dblink"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        res_ref_figure_t *f = (res_ref_figure_t *)&cases; /* must become NULL */
        size_t n = 99;
        char err[256];
        sim_err_t rc = res_parse_reference("ref.csv", cases[i].text, strlen(cases[i].text), &f, &n,
                                           err, sizeof err);
        if (rc != SIM_EINVAL || strcmp(err, cases[i].msg) != 0)
            fail_msg("case %zu: %s, \"%s\"; expected \"%s\"", i, sim_strerror(rc), err,
                     cases[i].msg);
        assert_null(f);
        assert_int_equal(n, 0);
    }
    /* A NUL byte, which strlen() would hide. */
    static const char nul[] = "path,lob_kchars,statistic,value\nlocal,2,db\0block gets,5\n";
    res_ref_figure_t *f;
    size_t n;
    char err[256];
    assert_int_equal(res_parse_reference("ref.csv", nul, sizeof nul - 1, &f, &n, err, sizeof err),
                     SIM_EINVAL);
    assert_string_equal(err, "ref.csv:2: NUL byte in a text file");
    /* A short buffer cuts the message, never overruns it. */
    char small[12];
    assert_int_equal(res_parse_reference("ref.csv", "", 0, &f, &n, small, sizeof small),
                     SIM_EINVAL);
    assert_string_equal(small, "ref.csv:1: ");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_figures),
        cmocka_unit_test(test_text_not_changed),
        cmocka_unit_test(test_malformed),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
