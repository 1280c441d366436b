/*
 * test_import.c -- the parsers of import/ (imp_parse()) on real output
 * published on public pages (each names its source) and on texts written
 * to break them; every refusal must be one "FILE:LINE: ..." line.  No file,
 * no store.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <stdio.h>
#include <string.h>

#include "awrhist_int.h"
#include "import.h"
#include "import_util.h"

static imp_file_t parse_ok(const char *text, imp_format_t fmt, imp_format_t want)
{
    imp_file_t f;
    char err[512] = "untouched";
    sim_err_t rc = imp_parse("t.txt", text, strlen(text), fmt, &f, err, sizeof err);
    if (rc != SIM_OK)
        fail_msg("refused: %s", err);
    assert_int_equal(f.format, want);
    return f;
}

static void expect_stat(const imp_set_t *s, const char *name, int64_t value)
{
    for (size_t i = 0; i < s->n; i++)
        if (strcmp(s->stats[i].name, name) == 0) {
            if (s->stats[i].value != value)
                fail_msg("'%s' = %lld, want %lld", name, (long long)s->stats[i].value,
                         (long long)value);
            return;
        }
    fail_msg("'%s' not found", name);
}

static void expect_refused(const char *text, imp_format_t fmt, const char *want)
{
    char err[512];
    import_expect_refused("t.txt", text, fmt, want, err, sizeof err);
}

/* Source: searchoracle.techtarget.com/answer/Where-is-autotrace-getting-stats
 * (August 2002), the Statistics block as published. */
static const char autotrace_techtarget[] =
    "          Statistics\n"
    "----------------------------------------------------------\n"
    "           0  recursive calls\n"
    "           0  db block gets\n"
    "           4  consistent gets\n"
    "           0  physical reads\n"
    "           0  redo size\n"
    "         866  bytes sent via SQL*Net to client\n"
    "         503  bytes received via SQL*Net from client\n"
    "           2  SQL*Net roundtrips to/from client\n"
    "           0  sorts (memory)\n"
    "           0  sorts (disk)\n"
    "          3  rows processed\n";

static void test_autotrace_real(void **state)
{
    (void)state;
    imp_file_t f = parse_ok(autotrace_techtarget, IMP_FORMAT_AUTO, IMP_FORMAT_AUTOTRACE);
    assert_int_equal(f.nsets, 1);
    assert_int_equal(f.sets[0].n, 11);
    expect_stat(&f.sets[0], "consistent gets", 4);
    expect_stat(&f.sets[0], "bytes received via SQL*Net from client", 503);
    expect_stat(&f.sets[0], "rows processed", 3);
    assert_int_equal(f.sets[0].stats[2].line, 5);
    imp_file_free(&f);
}

/* Source: askershad.blogspot.com/2010/04/understanding-execution-plan-statistics.html:
 * SET AUTOT TRACE STATISTICS, the query's feedback line above the block. */
static const char autotrace_askershad[] =
    "SQL> set autot trace statistics\n"
    "SQL> select * from tab;\n"
    "\n"
    "107 rows selected.\n"
    "\n"
    "\n"
    "Statistics\n"
    "----------------------------------------------------------\n"
    "          8  recursive calls\n"
    "          0  db block gets\n"
    "        898  consistent gets\n"
    "          0  physical reads\n"
    "          0  redo size\n"
    "       3459  bytes sent via SQL*Net to client\n"
    "        458  bytes received via SQL*Net from client\n"
    "          9  SQL*Net roundtrips to/from client\n"
    "          0  sorts (memory)\n"
    "          0  sorts (disk)\n"
    "        107  rows processed\n";

static void test_autotrace_after_feedback(void **state)
{
    (void)state;
    imp_file_t f = parse_ok(autotrace_askershad, IMP_FORMAT_AUTO, IMP_FORMAT_AUTOTRACE);
    assert_int_equal(f.sets[0].n, 11);
    expect_stat(&f.sets[0], "consistent gets", 898);
    expect_stat(&f.sets[0], "SQL*Net roundtrips to/from client", 9);
    imp_file_free(&f);
    /* The next statement's feedback right under the block, without a blank
     * line: its words say it is not a statistic, whatever the spacing of
     * the block's lines, SQL*Plus's two blanks or a web page's one. */
    static const char *const blocks[] = {
        "Statistics\n----------\n          5  db block gets\n"
        "          1  rows processed\n1 row created.\n12 rows updated.\n",
        "Statistics\n----------\n5 db block gets\n1 rows processed\n1 row created.\n"
        "12 rows updated.\n",
    };
    for (size_t i = 0; i < sizeof blocks / sizeof blocks[0]; i++) {
        f = parse_ok(blocks[i], IMP_FORMAT_AUTO, IMP_FORMAT_AUTOTRACE);
        assert_int_equal(f.nsets, 1);
        assert_int_equal(f.sets[0].n, 2);
        expect_stat(&f.sets[0], "db block gets", 5);
        expect_stat(&f.sets[0], "rows processed", 1);
        imp_file_free(&f);
    }
    /* each of SQL*Plus's feedback lines after a block of one blank: the
     * block's end (read as a figure, it would be a second one) */
    static const char *const feedback[] = {"1 row created.",  "2 rows updated.",
                                           "3 rows deleted.", "4 rows selected.",
                                           "1 row merged.",   "12 rows created."};
    for (size_t i = 0; i < sizeof feedback / sizeof feedback[0]; i++) {
        char text[256];
        snprintf(text, sizeof text,
                 "Statistics\n----------\n5 db block gets\n%s\n7 db block gets\n", feedback[i]);
        f = parse_ok(text, IMP_FORMAT_AUTO, IMP_FORMAT_AUTOTRACE);
        if (f.sets[0].n != 1)
            fail_msg("'%s' read as a statistic of the block", feedback[i]);
        expect_stat(&f.sets[0], "db block gets", 5);
        imp_file_free(&f);
    }
    /* a name that only looks like feedback is a figure: no full stop */
    f = parse_ok("Statistics\n----------\n5 db block gets\n3 rows processed\n", IMP_FORMAT_AUTO,
                 IMP_FORMAT_AUTOTRACE);
    expect_stat(&f.sets[0], "rows processed", 3);
    imp_file_free(&f);
}

/* A file of tests/import/ (its source in tests/import/README.md), whole. */
static char *read_real(const char *name, size_t *len)
{
    char path[512];
    snprintf(path, sizeof path, "%s/%s", LOBSIM_IMPORT_DIR, name);
    FILE *fp = fopen(path, "rb");
    if (!fp)
        fail_msg("cannot open %s", path);
    static char buf[1 << 16];
    *len = fread(buf, 1, sizeof buf - 1, fp);
    fclose(fp);
    buf[*len] = '\0';
    return buf;
}

/* Source: https://www.cppentry.com/do/bencandy.php?aid=76782&fid=57&page=3
 * (tests/import/autotrace_cppentry.txt): a page that collapses blanks, so
 * one blank between number and name ("15 consistent gets"), under the
 * query's feedback and plan; and the same block in SQL*Plus's spacing. */
static void test_autotrace_one_blank(void **state)
{
    (void)state;
    size_t len;
    const char *text = read_real("autotrace_cppentry.txt", &len);
    for (int spaced = 0; spaced < 2; spaced++) {
        char buf[4096];
        size_t k = 0;
        /* spaced: each line of the block as SQL*Plus sets it, the value
         * right-aligned in 10 columns, two blanks, the name */
        for (const char *p = text; *p && k + 64 < sizeof buf;) {
            const char *e = strchr(p, '\n');
            size_t n = e ? (size_t)(e - p) : strlen(p);
            const char *sp = memchr(p, ' ', n);
            if (spaced && sp && p[0] >= '0' && p[0] <= '9' && (size_t)(sp - p) < n)
                k += (size_t)snprintf(buf + k, sizeof buf - k, "%10.*s  %.*s\n", (int)(sp - p), p,
                                      (int)(n - (size_t)(sp - p) - 1), sp + 1);
            else
                k += (size_t)snprintf(buf + k, sizeof buf - k, "%.*s\n", (int)n, p);
            p += n + (e ? 1 : 0);
        }
        imp_file_t f = parse_ok(buf, IMP_FORMAT_AUTO, IMP_FORMAT_AUTOTRACE);
        assert_int_equal(f.nsets, 1);
        assert_int_equal(f.sets[0].n, 11);
        expect_stat(&f.sets[0], "consistent gets", 15);
        expect_stat(&f.sets[0], "bytes sent via SQL*Net to client", 9997);
        expect_stat(&f.sets[0], "SQL*Net roundtrips to/from client", 9);
        expect_stat(&f.sets[0], "rows processed", 107);
        assert_int_equal(f.sets[0].stats[0].line, 14); /* recursive calls */
        imp_file_free(&f);
    }
}

/* Source: Christian Antognini, Troubleshooting Oracle Performance, 2nd ed.,
 * "System and Session Statistics" (what-when-how.com, ...Performance-118):
 * a two-column query, names with spaces and parentheses. */
static const char sqlplus_antognini[] =
    "SQL> SELECT name, value\n"
    "  2  FROM v$sysstat\n"
    "  3  WHERE name IN ('logons cumulative', 'user commits', 'sorts (memory)');\n"
    "\n"
    "NAME                   VALUE\n"
    "----------------- ----------\n"
    "logons cumulative       1422\n"
    "user commits         1298103\n"
    "sorts (memory)        770169\n";

/* The same source's next query: values wider than NUMWIDTH come out rounded. */
static const char sqlplus_antognini_rounded[] = "NAME                             VALUE\n"
                                                "-------------------------- -----------\n"
                                                "physical read total bytes   9.1924E+10\n"
                                                "physical write total bytes  4.2358E+10\n";

static void test_sqlplus_real(void **state)
{
    (void)state;
    imp_file_t f = parse_ok(sqlplus_antognini, IMP_FORMAT_AUTO, IMP_FORMAT_SQLPLUS);
    assert_int_equal(f.sets[0].n, 3);
    expect_stat(&f.sets[0], "logons cumulative", 1422);
    expect_stat(&f.sets[0], "user commits", 1298103);
    expect_stat(&f.sets[0], "sorts (memory)", 770169);
    imp_file_free(&f);
    expect_refused(sqlplus_antognini_rounded, IMP_FORMAT_AUTO,
                   "t.txt:3: value '9.1924E+10': not a whole number");
}

/* SQL*Plus's layouts, written to break the parser: page breaks repeating
 * the headings, feedback, a second query, rows folded by LINESIZE 20. */
static void test_sqlplus_pages_and_folds(void **state)
{
    (void)state;
    const char *paged = "NAME                                VALUE\n"
                        "------------------------------ ----------\n"
                        "db block gets                     3257052\n"
                        "consistent gets                     86044\n"
                        "\f\n"
                        "NAME                                VALUE\n"
                        "------------------------------ ----------\n"
                        "segment dispenser allocations       10000\n"
                        "ENQ: TX - Transaction               20001\n"
                        "\n"
                        "4 rows selected.\n"
                        "\n"
                        "SQL> exit\n";
    imp_file_t f = parse_ok(paged, IMP_FORMAT_AUTO, IMP_FORMAT_SQLPLUS);
    assert_int_equal(f.sets[0].n, 4);
    expect_stat(&f.sets[0], "db block gets", 3257052);
    expect_stat(&f.sets[0], "ENQ: TX - Transaction", 20001);
    imp_file_free(&f);

    const char *folded = "NAME\n"
                         "--------------------------------\n"
                         "     VALUE\n"
                         "----------\n"
                         "securefile allocation chunks\n"
                         "     10000\n"
                         "\n"
                         "db block gets\n"
                         "   3257052\n"
                         "\n"
                         "NAME\n"
                         "--------------------------------\n"
                         "     VALUE\n"
                         "----------\n"
                         "consistent gets\n"
                         "     86044\n";
    f = parse_ok(folded, IMP_FORMAT_AUTO, IMP_FORMAT_SQLPLUS);
    assert_int_equal(f.sets[0].n, 3);
    expect_stat(&f.sets[0], "securefile allocation chunks", 10000);
    expect_stat(&f.sets[0], "consistent gets", 86044);
    imp_file_free(&f);

    expect_refused("NAME      VALUE\n--------- -----\ndb block gets\nconsistent gets 5\n",
                   IMP_FORMAT_SQLPLUS, "t.txt:3: truncated line: 'db block gets' has no value");
    expect_refused("NAME      VALUE\n--------- -----\ndb block gets 5\ndb block gets 6\n",
                   IMP_FORMAT_AUTO, "t.txt:4: 'db block gets' given twice with two values");
    expect_refused("NAME      VALUE\n--------- -----\ndb block gets 5x\n", IMP_FORMAT_AUTO,
                   "t.txt:3: value '5x'");
}

/* Source: datacadamia.com/db/oracle/runstats, Tom Kyte's runstats on bind
 * variables: the report's head and its first LATCH lines. */
static const char runstats_datacadamia[] = "Run1 ran in 33 hsecs\n"
                                           "Run2 ran in 279 hsecs\n"
                                           "run 1 ran in 11.83% of the time\n"
                                           "Name Run1 Run2 Diff\n"
                                           "LATCH.PL/SQL warning settings 0 1 1\n"
                                           "LATCH.transaction allocation 0 1 1\n"
                                           "LATCH.OS process allocation 0 1 1\n"
                                           "LATCH.list of block allocation 1 2 1\n";

/* The values' rules at their edges (autotrace's block): thousands
 * separators only in groups of three after the first, 2^53 the largest
 * value (lobreport and lobdiff read figures as doubles), a rule of three
 * dashes at least, and the block's end at the first line that is not a
 * value. */
static void test_value_edges(void **state)
{
    (void)state;
    imp_file_t f = parse_ok("Statistics\n----------\n 1,234,567  redo size\n"
                            " 9007199254740992  db block gets\n",
                            IMP_FORMAT_AUTO, IMP_FORMAT_AUTOTRACE);
    expect_stat(&f.sets[0], "redo size", 1234567);
    expect_stat(&f.sets[0], "db block gets", 9007199254740992LL);
    imp_file_free(&f);
    expect_refused("Statistics\n----------\n 9007199254740993  redo size\n", IMP_FORMAT_AUTOTRACE,
                   "t.txt:3: 'redo size' is 9007199254740993: above 2^53");
    expect_refused("Statistics\n----------\n 12,34,567  redo size\n", IMP_FORMAT_AUTOTRACE,
                   "t.txt:3: value '12,34,567': misplaced thousands separator");
    expect_refused("Statistics\n----------\n 9223372036854775808  redo size\n",
                   IMP_FORMAT_AUTOTRACE, "above 9223372036854775807");
    expect_refused("Statistics\n--\n 5  redo size\n", IMP_FORMAT_AUTOTRACE, "t.txt:0:");
    f = parse_ok("Statistics\n----------\n 5  redo size\nElapsed: 00:00:01.02\n"
                 " 7  db block gets\n",
                 IMP_FORMAT_AUTOTRACE, IMP_FORMAT_AUTOTRACE);
    assert_int_equal(f.nsets, 1);
    assert_int_equal(f.sets[0].n, 1);
    expect_stat(&f.sets[0], "redo size", 5);
    imp_file_free(&f);
}

static void test_runstats(void **state)
{
    (void)state;
    imp_file_t f = parse_ok(runstats_datacadamia, IMP_FORMAT_AUTO, IMP_FORMAT_RUNSTATS);
    assert_int_equal(f.nsets, 2);
    assert_string_equal(f.sets[0].run, "run1");
    assert_string_equal(f.sets[1].run, "run2");
    expect_stat(&f.sets[0], "LATCH.list of block allocation", 1);
    expect_stat(&f.sets[1], "LATCH.list of block allocation", 2);
    imp_file_free(&f);

    /* the newer report: STAT... lines, thousands separators, its footer */
    const char *seps = "Name                                  Run1        Run2        Diff\n"
                       "STAT...db block gets                15,514   3,257,052   3,241,538\n"
                       "STAT...segment dispenser allocat        86      10,000       9,914\n"
                       "STAT...consistent gets              31,004      27,911      -3,093\n"
                       "\n"
                       "Run1 latches total versus runs -- difference and pct\n"
                       "        Run1        Run2        Diff       Pct\n"
                       "      21,462       9,143     -12,319    234.74%\n";
    f = parse_ok(seps, IMP_FORMAT_AUTO, IMP_FORMAT_RUNSTATS);
    expect_stat(&f.sets[0], "db block gets", 15514);
    expect_stat(&f.sets[1], "db block gets", 3257052);
    expect_stat(&f.sets[1], "consistent gets", 27911);
    assert_int_equal(f.sets[0].n, 3);
    imp_file_free(&f);
    expect_refused("STAT...db block gets  15,514  3,257,052\n", IMP_FORMAT_AUTO,
                   "t.txt:1: truncated line");
    expect_refused("STAT...db block gets  15,514  3,257,052  3,241,539\n", IMP_FORMAT_AUTO,
                   "t.txt:1: diff 3241539 is not run2 - run1");
    expect_refused("STAT...db block gets  15,51  3,257,052  3,241,538\n", IMP_FORMAT_AUTO,
                   "misplaced thousands separator");
}

/* Snapper's STAT lines, in the column order Tanel Poder documents for
 * v1.06 (blog.tanelpoder.com/2007/12/06/oracle-session-snapper-v106-released:
 * HEAD, SID, SNAPSHOT START, SECONDS, TYPE, STATISTIC, DELTA, D/SEC, HDELTA,
 * HD/SEC) and in v3/v4's (SID, USERNAME, TYPE, STATISTIC, DELTA, HDELTA/SEC,
 * %TIME, GRAPH).  These lines are written to that layout (a series with
 * real output's heading and End lines: test_snapper_series). */
static void test_snapper(void **state)
{
    (void)state;
    const char *v1 = "HEAD,SID, SNAPSHOT START   ,SECS, TYPE, STATISTIC                 ,  DELTA,"
                     " D/SEC, HDELTA, HD/SEC\n"
                     "DATA, 141, 20071206 21:08:01, 5, STAT, session logical reads    ,   3418,"
                     "   684,   3.42k,   683.6\n"
                     "DATA, 141, 20071206 21:08:01, 5, WAIT, db file sequential read  ,  12000,"
                     "  2400,  12ms,  2.4ms\n"
                     "DATA, 141, 20071206 21:08:01, 5, STAT, user calls               ,      4,"
                     "     1,      4,      .8\n";
    imp_file_t f = parse_ok(v1, IMP_FORMAT_AUTO, IMP_FORMAT_SNAPPER);
    assert_int_equal(f.sets[0].n, 2);
    expect_stat(&f.sets[0], "session logical reads", 3418);
    expect_stat(&f.sets[0], "user calls", 4);
    imp_file_free(&f);
    const char *v4 = "    SID, USERNAME  , TYPE, STATISTIC                   ,         DELTA, "
                     "HDELTA/SEC,    %TIME, GRAPH\n"
                     "     41, SCOTT     , STAT, db block gets               ,       3257052,  "
                     "   651.4k,         ,\n";
    f = parse_ok(v4, IMP_FORMAT_AUTO, IMP_FORMAT_SNAPPER);
    expect_stat(&f.sets[0], "db block gets", 3257052);
    imp_file_free(&f);
    expect_refused("   41, SCOTT , STAT, db block gets\n", IMP_FORMAT_AUTO,
                   "t.txt:1: truncated line");
    expect_refused("   41, SCOTT , STAT, db block gets , 3.2M, 1\n", IMP_FORMAT_AUTO,
                   "t.txt:1: delta '3.2M'");
}

/* A Snapper series ("@snapper stats 5 2 1136": two snapshots), in the
 * layout of Snapper v4.30's output as Tanel Poder published it in his
 * post of 2020-11-24 on hard parsing and LOB fetching (the dashed
 * heading, each snapshot closed by "--  End of Stats snap N, end=...,
 * seconds=5"); the figures are made up. */
static void test_snapper_series(void **state)
{
    (void)state;
    const char *head =
        "-----------------------------------------------------------------------------\n"
        "    SID, USERNAME  , TYPE, STATISTIC                          ,         DELTA\n"
        "-----------------------------------------------------------------------------\n";
    char two[2048];
    snprintf(two, sizeof two,
             "%s   1136, SYSTEM    , STAT, CR blocks created                  ,          7360\n"
             "   1136, SYSTEM    , TIME, DB CPU                             ,         89580\n"
             "   1136, SYSTEM    , STAT, transaction rollbacks              ,             1\n"
             "\n--  End of Stats snap 1, end=2016-12-09 19:31:49, seconds=5\n\n"
             "%s   1136, SYSTEM    , STAT, CR blocks created                  ,          7412\n"
             "\n--  End of Stats snap 2, end=2016-12-09 19:31:54, seconds=5\n",
             head, head);
    imp_file_t f = parse_ok(two, IMP_FORMAT_AUTO, IMP_FORMAT_SNAPPER);
    assert_int_equal(f.nsets, 2);
    assert_int_equal(f.sets[0].snap, 1);
    assert_int_equal(f.sets[1].snap, 2);
    assert_int_equal(f.sets[0].n, 2);
    expect_stat(&f.sets[0], "CR blocks created", 7360);
    expect_stat(&f.sets[0], "transaction rollbacks", 1);
    assert_int_equal(f.sets[1].n, 1);
    expect_stat(&f.sets[1], "CR blocks created", 7412);
    /* each snapshot's length, from its End line's seconds= */
    assert_true(f.sets[0].seconds == 5 && f.sets[1].seconds == 5);
    imp_file_free(&f);
    /* seconds with a fraction; an End line without seconds= gives 0 (not
     * said), as does a file cut before its last End line */
    f = parse_ok("  41, SCOTT , STAT, db block gets , 5\n"
                 "--  End of Stats snap 1, end=x, seconds=4.75\n"
                 "  41, SCOTT , STAT, db block gets , 6\n"
                 "--  End of Stats snap 2, end=y\n"
                 "  41, SCOTT , STAT, db block gets , 7\n",
                 IMP_FORMAT_AUTO, IMP_FORMAT_SNAPPER);
    assert_int_equal(f.nsets, 3);
    assert_true(f.sets[0].seconds == 4.75);
    assert_true(f.sets[1].seconds == 0 && f.sets[2].seconds == 0);
    assert_int_equal(f.sets[2].snap, 3);
    imp_file_free(&f);
    /* one snapshot, no End line: snapshot 1, as before */
    f = parse_ok("  41, SCOTT , STAT, db block gets , 3257052\n", IMP_FORMAT_AUTO,
                 IMP_FORMAT_SNAPPER);
    assert_int_equal(f.nsets, 1);
    assert_int_equal(f.sets[0].snap, 1);
    imp_file_free(&f);
    /* within one snapshot a statistic is still given once */
    expect_refused("  41, SCOTT , STAT, db block gets , 5\n  41, SCOTT , STAT, db block gets , 6\n"
                   "--  End of Stats snap 1, end=x, seconds=5\n",
                   IMP_FORMAT_AUTO, "t.txt:2:");
    expect_refused("  41, SCOTT , STAT, db block gets , 5\n"
                   "--  End of Stats snap 1, end=x, seconds=5\n"
                   "  41, SCOTT , STAT, db block gets , 6\n"
                   "--  End of Stats snap 3, end=x, seconds=5\n",
                   IMP_FORMAT_AUTO, "t.txt:4: Snapper's snapshot 3 after snapshot 1");
    expect_refused("  41, SCOTT , STAT, db block gets , 5\n--  End of Stats snap x, end=y\n",
                   IMP_FORMAT_AUTO,
                   "t.txt:2: an 'End of Stats snap' line without its snapshot's number");
    expect_refused("  41, SCOTT , STAT, db block gets , 5\n"
                   "--  End of Stats snap 1, end=y, seconds=0\n",
                   IMP_FORMAT_AUTO,
                   "t.txt:2: an 'End of Stats snap' line whose seconds= is not a number above 0");
    expect_refused("  41, SCOTT , STAT, db block gets , 5\n"
                   "--  End of Stats snap 1, end=y, seconds=5s\n",
                   IMP_FORMAT_AUTO, "t.txt:2: an 'End of Stats snap' line whose seconds=");
}

static void test_csv(void **state)
{
    (void)state;
    imp_file_t f = parse_ok("statistic,value\n\"db block gets\",15514\nredo size,123\n",
                            IMP_FORMAT_AUTO, IMP_FORMAT_CSV);
    assert_int_equal(f.nsets, 1);
    expect_stat(&f.sets[0], "redo size", 123);
    imp_file_free(&f);
    /* the shipped reference's own columns: one set per (path, size) */
    f = parse_ok("path,lob_kchars,statistic,value\r\nlocal,2,\"db block gets\",15514\r\n"
                 "dblink,2,\"db block gets\",3257052\r\nlocal,2,\"redo size\",9\r\n",
                 IMP_FORMAT_AUTO, IMP_FORMAT_CSV);
    assert_int_equal(f.nsets, 2);
    assert_string_equal(f.sets[1].path, "dblink");
    assert_int_equal(f.sets[1].lob_chars, 2048);
    assert_int_equal(f.sets[0].n, 2);
    imp_file_free(&f);
    expect_refused("statistic,value\ndb block gets\n", IMP_FORMAT_CSV,
                   "t.txt:2: truncated line: 1 of 2 fields");
    expect_refused("statistic,value\n\"db block gets,5\n", IMP_FORMAT_CSV, "t.txt:2: unbalanced");
}

static void test_bad_files(void **state)
{
    (void)state;
    expect_refused("", IMP_FORMAT_AUTO, "t.txt:0: empty file");
    expect_refused(" \n\n\t\n", IMP_FORMAT_AUTO, "t.txt:0: empty file");
    expect_refused("hello world\nthis is not oracle\n", IMP_FORMAT_AUTO,
                   "t.txt:0: no known format");
    expect_refused("NAME VALUE\n---- -----\n\n0 rows selected.\n", IMP_FORMAT_AUTO,
                   "no statistics found");
    expect_refused("Statistics\n----------\n", IMP_FORMAT_AUTO, "no statistics found");
    expect_refused("NAME      VALUE\n--------- -----\n\nno rows selected\n", IMP_FORMAT_AUTO,
                   "t.txt:0: no statistics found");
    expect_refused("Statistics\n----------\n   12\n", IMP_FORMAT_AUTO,
                   "t.txt:3: truncated line: a value 12 without a name");
    expect_refused("Statistics\n----------\n  -1  redo size\n", IMP_FORMAT_AUTO, "t.txt:3");
    /* a format forced on the wrong text */
    expect_refused(autotrace_techtarget, IMP_FORMAT_CSV, "t.txt:1: CSV header");
}

/* Source: Chris Saxon, AskTOM "Does LOB (un)compression affect existing
 * rows?" (2019): the show_space output after the insert's commit (the
 * SecureFile dbms_space.space_usage put_line lines) and the user_segments
 * bytes, in the spool layout of scripts/oracle/run_scenario.sh
 * (tests/import/README.md says what is the page's).  Then the other
 * put_line form (Oracle Support's "used_blocks = N"), v$mystat deltas
 * copied to each table of their step, and user_segments' blocks giving the
 * block size; the script's own v$mystat query and put_line line before
 * the wrapper's markers are not the step's figures. */
static void test_spool(void **state)
{
    (void)state;
    size_t len;
    const char *text = read_real("spool_asktom_2019.lst", &len);
    assert_int_equal(imp_detect(text, len), IMP_FORMAT_SPOOL);
    imp_file_t f = parse_ok(text, IMP_FORMAT_AUTO, IMP_FORMAT_SPOOL);
    assert_string_equal(f.script, "tests/import/spool_asktom_2019.sql");
    assert_string_equal(f.script_digest, "5a80bd307edac217");
    assert_int_equal(f.statements, 3);
    assert_int_equal(f.nsets, 1);
    assert_int_equal(f.sets[0].step, 3);
    assert_string_equal(f.sets[0].table, "T1");
    assert_string_equal(f.sets[0].statement, "commit");
    assert_int_equal(f.sets[0].n, 10);
    expect_stat(&f.sets[0], "dbms_space.segment_size_blocks", 12312);
    expect_stat(&f.sets[0], "dbms_space.segment_size_bytes", 100859904);
    expect_stat(&f.sets[0], "dbms_space.used_blocks", 10000);
    expect_stat(&f.sets[0], "dbms_space.used_bytes", 81920000);
    expect_stat(&f.sets[0], "dbms_space.expired_blocks", 2162);
    expect_stat(&f.sets[0], "dbms_space.expired_bytes", 17711104);
    expect_stat(&f.sets[0], "dbms_space.unexpired_blocks", 0);
    expect_stat(&f.sets[0], "user_segments.bytes", 100859904);
    expect_stat(&f.sets[0], "user_segments.bytes of TABLE", 655360);
    imp_file_free(&f);

    static const char two[] = "SQL> @run\n"
                              "lobsim-spool: 1 script x.sql digest 0123456789abcdef statements 2\n"
                              "lobsim-step: 1\n"
                              "lobsim-statement: insert into a select ...\n"
                              "Used blocks = 1 bytes = 8192\n"
                              "NAME                                VALUE\n"
                              "------------------------------ ----------\n"
                              "redo size                              12\n"
                              "\n"
                              "lobsim-mystat:\n"
                              "NAME                                VALUE\n"
                              "------------------------------ ----------\n"
                              "redo size                          123456\n"
                              "db block gets                         789\n"
                              "\n"
                              "2 rows selected.\n"
                              "lobsim-table: A\n"
                              "segment_size_blocks = 32\n"
                              "used_blocks = 20\n"
                              "lobsim-table: b\n"
                              "unexpired_bytes = 8192\n"
                              "lobsim-segments:\n"
                              "TABLE_NAME  SEGMENT_TYPE  BLOCKS  BYTES  EXTENTS\n"
                              "----------  ------------  ------  -----  -------\n"
                              "A           LOBSEGMENT        32  65536        2\n"
                              "A           LOBINDEX           8  16384        1\n"
                              "A           TABLE              8  16384        1\n"
                              "\n"
                              "lobsim-step: 2\n"
                              "lobsim-statement: commit\n"
                              "lobsim-end: 2\n";
    f = parse_ok(two, IMP_FORMAT_AUTO, IMP_FORMAT_SPOOL);
    /* The step's v$mystat deltas in a set of their own, the session's (no
     * table); each table's set its segments' figures alone (issue 43: the
     * deltas were copied into every table's). */
    assert_int_equal(f.nsets, 3);
    assert_string_equal(f.sets[0].table, "");
    assert_int_equal(f.sets[0].step, 1);
    expect_stat(&f.sets[0], "redo size", 123456);
    expect_stat(&f.sets[0], "db block gets", 789);
    assert_int_equal(f.sets[0].n, 2);
    assert_string_equal(f.sets[2].table, "B");
    assert_int_equal(f.sets[2].step, 1);
    expect_stat(&f.sets[2], "dbms_space.unexpired_bytes", 8192);
    assert_int_equal(f.sets[2].n, 1);
    assert_string_equal(f.sets[1].table, "A");
    expect_stat(&f.sets[1], "dbms_space.used_blocks", 20);
    expect_stat(&f.sets[1], "user_segments.blocks", 32);
    expect_stat(&f.sets[1], "user_segments.extents of TABLE", 1);
    assert_int_equal(f.sets[1].n, 8);
    assert_int_equal(f.sets[1].block_size, 2048);
    imp_file_free(&f);
}

/* Source: topic.alibabacloud.com/a/oracle-high-level-test-example_1_46_10111031.html:
 * user_tables before statistics were gathered (a row of NULLs), a
 * dba_segments result between (not user_tables: skipped), and after (TT
 * 10000 20 0); headings in mixed case, alignment lost. */
static void test_dictionary_real(void **state)
{
    (void)state;
    size_t len;
    const char *text = read_real("user_tables_alibabacloud.txt", &len);
    assert_int_equal(imp_detect(text, len), IMP_FORMAT_DICTIONARY);
    imp_file_t f = parse_ok(text, IMP_FORMAT_AUTO, IMP_FORMAT_DICTIONARY);
    assert_int_equal(f.nsets, 1);
    assert_int_equal(f.sets[0].block_size, 0);
    /* TT is the output's only table: the table */
    assert_int_equal(f.sets[0].n, 3);
    expect_stat(&f.sets[0], "user_tables.num_rows", 10000);
    expect_stat(&f.sets[0], "user_tables.blocks", 20);
    expect_stat(&f.sets[0], "user_tables.empty_blocks", 0);
    assert_int_equal(f.sets[0].stats[0].line, 18);
    imp_file_free(&f);
}

/* Source: Expert Indexing in Oracle Database 11g, as
 * what-when-how.com/Tutorial/topic-1257ph3qcbi/Expert-Indexing-in-Oracle-Database-11g-185.html
 * prints it: dba_indexes with OWNER, one index name in two schemas. */
static void test_dictionary_owners(void **state)
{
    (void)state;
    size_t len;
    const char *text = read_real("dba_indexes_expert_indexing.txt", &len);
    imp_file_t f = parse_ok(text, IMP_FORMAT_AUTO, IMP_FORMAT_DICTIONARY);
    assert_int_equal(f.nsets, 1);
    assert_int_equal(f.sets[0].n, 4);
    expect_stat(&f.sets[0], "user_indexes.num_rows of HR.TEST_IDX1", 1);
    expect_stat(&f.sets[0], "user_indexes.leaf_blocks of HR.TEST_IDX1", 1);
    expect_stat(&f.sets[0], "user_indexes.num_rows of SH.TEST_IDX1", 0);
    expect_stat(&f.sets[0], "user_indexes.leaf_blocks of SH.TEST_IDX1", 0);
    assert_int_equal(f.sets[0].stats[2].line, 7);
    imp_file_free(&f);
}

/* The heap experiment's own names, any column order, page breaks
 * repeating the headings, another index of another name, NULL cells. */
static void test_dictionary_layouts(void **state)
{
    (void)state;
    const char *idx =
        "SQL> select index_name, leaf_blocks, blevel, num_rows, distinct_keys\n"
        "  2  from user_indexes order by 1;\n"
        "\n"
        "INDEX_NAME                     LEAF_BLOCKS     BLEVEL   NUM_ROWS DISTINCT_KEYS\n"
        "------------------------------ ----------- ---------- ---------- -------------\n"
        "BI_8K                                 1606          2       3211            11\n"
        "ID_8K                                44643          2   10000000           101\n"
        "\f\n"
        "INDEX_NAME                     LEAF_BLOCKS     BLEVEL   NUM_ROWS DISTINCT_KEYS\n"
        "------------------------------ ----------- ---------- ---------- -------------\n"
        "PK_8K                                23504          2   10000000      10000000\n"
        "BI_32K                                 380          1        759            11\n"
        "T_PK                                                                          \n"
        "T_VAL1_I                                 2          1        497           431\n"
        "\n"
        "6 rows selected.\n";
    imp_file_t f = parse_ok(idx, IMP_FORMAT_AUTO, IMP_FORMAT_DICTIONARY);
    assert_int_equal(f.nsets, 3);
    assert_int_equal(f.sets[0].block_size, 8192);
    expect_stat(&f.sets[0], "user_indexes.leaf_blocks of BI", 1606);
    expect_stat(&f.sets[0], "user_indexes.num_rows of ID", 10000000);
    expect_stat(&f.sets[0], "user_indexes.blevel of PK", 2);
    expect_stat(&f.sets[0], "user_indexes.distinct_keys of PK", 10000000);
    assert_int_equal(f.sets[0].n, 12);
    assert_int_equal(f.sets[1].block_size, 32768);
    expect_stat(&f.sets[1], "user_indexes.blevel of BI", 1);
    assert_int_equal(f.sets[2].block_size, 0);
    expect_stat(&f.sets[2], "user_indexes.leaf_blocks of T_VAL1_I", 2);
    assert_int_equal(f.sets[2].n, 4);
    imp_file_free(&f);

    /* three tables of the experiment: a set per block size, TABLE_NAME last */
    const char *tab = "  NUM_ROWS     BLOCKS AVG_ROW_LEN TABLE_NAME\n"
                      "---------- ---------- ----------- ------------------------------\n"
                      "  10000000      48459          30 TAB8K\n"
                      "  10000000      11933          30 TAB32K\n";
    f = parse_ok(tab, IMP_FORMAT_AUTO, IMP_FORMAT_DICTIONARY);
    assert_int_equal(f.nsets, 2);
    expect_stat(&f.sets[0], "user_tables.blocks", 48459);
    expect_stat(&f.sets[1], "user_tables.blocks", 11933);
    assert_int_equal(f.sets[1].block_size, 32768);
    imp_file_free(&f);

    expect_refused("TABLE_NAME   NUM_ROWS\n---------- ----------\nTAB8K  1.0E+07\n",
                   IMP_FORMAT_AUTO, "t.txt:3: num_rows of TAB8K: '1.0E+07': not a whole number");
    expect_refused("TABLE_NAME   NUM_ROWS     BLOCKS\n---------- ---------- ----------\n"
                   "TAB8K       10000 20 30 40\n",
                   IMP_FORMAT_AUTO, "t.txt:3: row 'TAB8K       10000 20 30 40' does not line up");
    expect_refused("INDEX_NAME     BLEVEL\n---------- ----------\n             2\n",
                   IMP_FORMAT_AUTO, "t.txt:3: a row without its INDEX_NAME");
}

/* runstats' names cut to their column against the catalogue: a unique
 * prefix is its statistic, a shared one is not, a name shorter than the
 * column was not cut. */
static void test_runstats_cut_names(void **state)
{
    (void)state;
    const char *text = "Name                                  Run1        Run2        Diff\n"
                       "STAT...segment dispenser alloc        86      10,000       9,914\n"
                       "STAT...securefile allocation c        86      10,000       9,914\n"
                       "STAT...SQL*Net roundtrips to/f        12          13           1\n"
                       "STAT...db block gets              15,514   3,257,052   3,241,538\n"
                       "STAT...redo                            1           2           1\n"
                       "LATCH.cache buffers chains         1,000       2,000       1,000\n";
    imp_file_t f = parse_ok(text, IMP_FORMAT_AUTO, IMP_FORMAT_RUNSTATS);
    imp_catalogue_t cat;
    imp_catalogue_init(&cat);
    char cands[256];
    int stat = -1;
    const imp_set_t *s = &f.sets[1];
    assert_int_equal(s->n, 6);
    static const struct {
        const char *name;
        int cut;
        imp_match_t want;
        int stat;
    } want[] = {
        {"segment dispenser alloc", 1, IMP_MATCH_PREFIX, SIM_STAT_DSP_ALLOCATIONS},
        {"securefile allocation c", 1, IMP_MATCH_PREFIX, SIM_STAT_SF_ALLOC_CHUNKS},
        {"SQL*Net roundtrips to/f", 1, IMP_MATCH_AMBIGUOUS, -1},
        {"db block gets", 0, IMP_MATCH_EXACT, SIM_STAT_DB_BLOCK_GETS},
        {"redo", 0, IMP_MATCH_NONE, -1},
        {"LATCH.cache buffers chains", 0, IMP_MATCH_NONE, -1},
    };
    for (size_t k = 0; k < s->n; k++) {
        assert_string_equal(s->stats[k].name, want[k].name);
        assert_int_equal(s->stats[k].maybe_cut, want[k].cut);
        stat = -1;
        imp_match_t m = imp_catalogue_match(&cat, s->stats[k].name, s->stats[k].maybe_cut, &stat,
                                            cands, sizeof cands);
        if (m != want[k].want)
            fail_msg("'%s': match %d, want %d", s->stats[k].name, m, want[k].want);
        if (want[k].stat >= 0)
            assert_int_equal(stat, want[k].stat);
    }
    imp_catalogue_match(&cat, "SQL*Net roundtrips to/f", 1, &stat, cands, sizeof cands);
    assert_string_equal(
        cands, "'SQL*Net roundtrips to/from client' or 'SQL*Net roundtrips to/from dblink'");
    /* exact beats prefix: physical reads is also the prefix of physical reads cache */
    assert_int_equal(imp_catalogue_match(&cat, "physical reads", 1, &stat, cands, sizeof cands),
                     IMP_MATCH_EXACT);
    assert_int_equal(stat, SIM_STAT_PHYS_READS);
    /* every name of the catalogue, cut by one character, is found or shared */
    for (int i = 0; i < SIM_STAT_COUNT; i++) {
        char cut[128];
        snprintf(cut, sizeof cut, "%s", sim_stat_info((sim_stat_t)i)->name);
        cut[strlen(cut) - 1] = '\0';
        imp_match_t m = imp_catalogue_match(&cat, cut, 1, &stat, cands, sizeof cands);
        if (m == IMP_MATCH_PREFIX || m == IMP_MATCH_EXACT)
            assert_true(m == IMP_MATCH_EXACT || stat == i);
        else if (m != IMP_MATCH_AMBIGUOUS || !strstr(cands, sim_stat_info((sim_stat_t)i)->name))
            fail_msg("'%s' cut: match %d (%s)", cut, m, cands);
    }
    imp_file_free(&f);
}

/* The CSV layouts, read by their headers' names: lobbench --stats-out now
 * and before, the heap experiment's, with their sweep columns. */
static void test_csv_layouts(void **state)
{
    (void)state;
    /* --stats-out now: a session per case; recursive, where given, a part */
    imp_file_t f = parse_ok(
        "workload,path,lob_kchars,block_kb,rows,statistic,value,recursive,heap.dict_cache\n"
        "insert,local,2,8,10000,\"db block gets\",15514,,cold\n"
        "fts,,,16,10000000,\"recursive calls\",5,5,cold\n"
        "fts,,,16,10000000,\"physical reads\",48196,21,cold\n"
        "fts,,,16,10000000,\"recursive calls\",0,0,warm\n",
        IMP_FORMAT_AUTO, IMP_FORMAT_CSV);
    assert_int_equal(f.nsets, 5);
    assert_string_equal(f.sets[0].workload, "insert");
    assert_string_equal(f.sets[0].path, "local");
    assert_int_equal(f.sets[0].lob_chars, 2048);
    assert_int_equal(f.sets[0].block_size, 8192);
    assert_int_equal(f.sets[0].rows, 10000);
    assert_int_equal(f.sets[0].has_part, 0);
    assert_string_equal(f.sets[1].workload, "fts");
    assert_string_equal(f.sets[1].path, "");
    assert_int_equal(f.sets[1].lob_chars, 0);
    expect_stat(&f.sets[1], "physical reads", 48196);
    assert_int_equal(f.sets[1].has_part, 3);
    assert_string_equal(f.sets[2].part, "recursive");
    assert_int_equal(f.sets[2].of, 2);
    expect_stat(&f.sets[2], "physical reads", 21);
    /* warm is another session of the sweep */
    expect_stat(&f.sets[3], "recursive calls", 0);
    assert_int_equal(f.sets[4].of, 4);
    imp_file_free(&f);

    /* --stats-out before: the reference's columns first */
    f = parse_ok("path,lob_kchars,statistic,value,workload,block_kb\n"
                 "local,2,\"CR blocks created\",42,insert,2\n"
                 "dblink,2,\"CR blocks created\",77,insert,2\n",
                 IMP_FORMAT_AUTO, IMP_FORMAT_CSV);
    assert_int_equal(f.nsets, 2);
    assert_int_equal(f.sets[1].block_size, 2048);
    assert_string_equal(f.sets[1].path, "dblink");
    imp_file_free(&f);

    /* the heap layout: the ctas objects under the catalogue's names, the
     * session's figure statement + recursive */
    f = parse_ok("query,source,block_kb,statistic,value,statement,recursive\n"
                 "ctas,user_tables,8,num_rows,10000000,10000000,0\n"
                 "index_bi,user_indexes,8,blevel,2,2,0\n"
                 "fts,autotrace,8,physical reads,48175,48175,21\n"
                 "fts,v$mystat,8,physical reads,48196,48175,21\n",
                 IMP_FORMAT_AUTO, IMP_FORMAT_CSV);
    assert_int_equal(f.nsets, 4);
    assert_string_equal(f.sets[0].workload, "ctas");
    expect_stat(&f.sets[0], "user_tables.num_rows", 10000000);
    expect_stat(&f.sets[0], "user_indexes.blevel of BI", 2);
    assert_string_equal(f.sets[1].part, "recursive");
    assert_string_equal(f.sets[2].workload, "fts");
    expect_stat(&f.sets[2], "physical reads", 48196);
    expect_stat(&f.sets[3], "physical reads", 21);
    imp_file_free(&f);

    expect_refused("workload,block_kb,users,interconnect,seed,instance,section,statistic,value,"
                   "change_pct\nrac,8,40,hipersockets,1,1,\"Load Profile\",\"Transactions per "
                   "second\",971.7,\n",
                   IMP_FORMAT_AUTO, "t.txt:1: the rac workload's AWR figures");
    expect_refused("workload,statistic,value\nInsert,redo size,1\n", IMP_FORMAT_AUTO,
                   "t.txt:2: workload 'Insert'");
    expect_refused("workload,block_kb,statistic,value\nfts,12,redo size,1\n", IMP_FORMAT_AUTO,
                   "t.txt:2: block_kb '12'");
    expect_refused("workload,statistic,value,recursive\nfts,redo size,1,2\n", IMP_FORMAT_AUTO,
                   "t.txt:2: recursive 2 above the session's 1");
}

/* Google Benchmark's JSON of lobbench: a session per benchmark (its
 * repetitions one), the case from the name, the counters that are
 * statistics; aggregates (with GB's NaN) and its own fields skipped. */
static void test_gbench(void **state)
{
    (void)state;
    const char *json =
        "{\n"
        "  \"context\": {\"date\": \"2026-12-01\", \"caches\": [{\"type\": \"Data\", \"size\": "
        "32768}],\n"
        "              \"load_avg\": [1.5, 2]},\n"
        "  \"benchmarks\": [\n"
        "    {\"name\": \"insert/dblink/lob:6k/block:16k/rows:2000\", \"run_type\": "
        "\"iteration\",\n"
        "     \"repetitions\": 2, \"iterations\": 1, \"real_time\": 2.08e+02, \"time_unit\": "
        "\"us\",\n"
        "     \"db block gets\": 1.5792000000000000e+04, \"time/dispenser allocation\": 2.3e-06,\n"
        "     \"jemalloc allocated bytes\": 6.4e+05, \"lob user\": 3},\n"
        "    {\"name\": \"insert/dblink/lob:6k/block:16k/rows:2000\", \"run_type\": "
        "\"iteration\",\n"
        "     \"db block gets\": 15792, \"lob user\": 3},\n"
        "    {\"name\": \"insert/dblink/lob:6k/block:16k/rows:2000_cv\", \"run_type\": "
        "\"aggregate\",\n"
        "     \"db block gets\": NaN},\n"
        "    {\"name\": \"fts/block:8k/rows:10000000/heap.dict_cache:warm\", \"run_type\": "
        "\"iteration\",\n"
        "     \"physical reads\": 4.8158e+04}\n"
        "  ]\n"
        "}\n";
    imp_file_t f = parse_ok(json, IMP_FORMAT_AUTO, IMP_FORMAT_GBENCH);
    assert_int_equal(f.nsets, 2);
    assert_string_equal(f.sets[0].workload, "insert");
    assert_string_equal(f.sets[0].path, "dblink");
    assert_int_equal(f.sets[0].lob_chars, 6144);
    assert_int_equal(f.sets[0].block_size, 16384);
    assert_int_equal(f.sets[0].rows, 2000);
    assert_int_equal(f.sets[0].n, 2);
    expect_stat(&f.sets[0], "db block gets", 15792);
    expect_stat(&f.sets[0], "lob user", 3);
    assert_string_equal(f.sets[1].workload, "fts");
    assert_string_equal(f.sets[1].path, "");
    expect_stat(&f.sets[1], "physical reads", 48158);
    imp_file_free(&f);
    expect_refused("{\"context\": {},\n\"benchmarks\": [{\"name\": \"fts/block:8k\",\n"
                   "\"db block gets\": 1.5}]}\n",
                   IMP_FORMAT_AUTO, "t.txt:3: counter 'db block gets' = 1.5: not a whole number");
    expect_refused("{\"context\": {},\n\"benchmarks\": [{\"name\": \"fts/block:8k\",\n",
                   IMP_FORMAT_AUTO, "t.txt:3: JSON: truncated");
    expect_refused("{\"context\": {},\n\"benchmarks\": [{\"name\": \"fts/block:9q\"}]}",
                   IMP_FORMAT_AUTO, "benchmark 'fts/block:9q': block:9q is not a size");
}

static void test_format_names(void **state)
{
    (void)state;
    imp_format_t f;
    for (int i = 0; i < IMP_FORMAT_COUNT; i++) {
        assert_int_equal(imp_format_parse(imp_format_name((imp_format_t)i), &f), 0);
        assert_int_equal(f, i);
    }
    assert_int_equal(imp_format_parse("SQLPLUS", &f), -1);
}

/* An AWR series' times: SQL*Plus's default display of a TIMESTAMP(3) in an
 * American session ('DD-MON-RR HH.MI.SSXFF AM', the layout gaurdba/SQL's
 * ga1365/sql_hist.sql cuts with substr()), to_char()'s ISO and
 * DD-MON-YYYY layouts; the epoch and a known instant as date -u gives
 * them, not as the code computes them. */
static void test_awrhist_times(void **state)
{
    (void)state;
    struct {
        const char *text;
        double want;
    } ok[] = {
        {"01-JAN-70 12.00.00.000 AM", 0},                 /* RR 70: 1970; 12 AM is 0 h */
        {"2016-12-09 00:00:00", 1481241600},              /* date -u -d 2016-12-09 +%s */
        {"09-DEC-16 12.00.00.000 AM", 1481241600},        /* RR 16: 2016 */
        {"09-dec-2016 12:00:00", 1481241600 + 12 * 3600}, /* 24 h clock */
        {"09-DEC-16 12.00.00.000 PM", 1481241600 + 12 * 3600},
        {"09-DEC-16 07.31.49.250 PM", 1481241600 + 19 * 3600 + 31 * 60 + 49.25},
        {"2016-12-09 19:31:49.25", 1481241600 + 19 * 3600 + 31 * 60 + 49.25},
        {"31-DEC-99 11.59.59.000 PM", 946684799}, /* RR 99: 1999 */
    };
    for (size_t i = 0; i < sizeof ok / sizeof ok[0]; i++) {
        double t = -1;
        if (imp_ah_parse_time(ok[i].text, strlen(ok[i].text), &t) != 0 || t != ok[i].want)
            fail_msg("'%s': %f, want %f", ok[i].text, t, ok[i].want);
    }
    const char *bad[] = {
        "12/09/2016 19:30:00",       "09-DEC-16 13.00.00.000 PM",   "2016-13-01 00:00:00",
        "09-XYZ-16 07.31.49.123 PM", "09-DEC-16 07.31.49.123 PM x", "2016-12-09 19:31",
        "2016-12-09 24:00:00",       "09-DEC-16 07.31:49 PM",       ""};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        double t;
        if (imp_ah_parse_time(bad[i], strlen(bad[i]), &t) == 0)
            fail_msg("'%s' read as %f", bad[i], t);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_autotrace_real),
        cmocka_unit_test(test_value_edges),
        cmocka_unit_test(test_autotrace_after_feedback),
        cmocka_unit_test(test_autotrace_one_blank),
        cmocka_unit_test(test_sqlplus_real),
        cmocka_unit_test(test_sqlplus_pages_and_folds),
        cmocka_unit_test(test_runstats),
        cmocka_unit_test(test_snapper),
        cmocka_unit_test(test_snapper_series),
        cmocka_unit_test(test_awrhist_times),
        cmocka_unit_test(test_csv),
        cmocka_unit_test(test_bad_files),
        cmocka_unit_test(test_format_names),
        cmocka_unit_test(test_dictionary_real),
        cmocka_unit_test(test_spool),
        cmocka_unit_test(test_dictionary_layouts),
        cmocka_unit_test(test_dictionary_owners),
        cmocka_unit_test(test_runstats_cut_names),
        cmocka_unit_test(test_csv_layouts),
        cmocka_unit_test(test_gbench),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
