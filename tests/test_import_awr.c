/*
 * test_import_awr.c -- AWR reports read by imp_parse(): six real reports
 * published on public pages (tests/import/awr/README.md names each: 19c
 * text, 18c RAC HTML, 12.2 HTML, 19c HTML, and global RAC reports of
 * awrgrpt.sql in HTML, 12.1 and 12.2), checked against figures read by hand from the files
 * (the comment on each says where), and the same reports changed on
 * purpose: two instances of one window, two windows, and the refusals
 * (truncated, a section missing, two block sizes, garbage in a number).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "awr_int.h"
#include "import.h"
#include "import_util.h"

#define DIR LOBSIM_AWR_DIR "/"

static char *slurp(const char *name)
{
    FILE *f = fopen(name, "rb");
    if (!f)
        fail_msg("cannot open %s", name);
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    rewind(f);
    char *b = malloc((size_t)n + 1);
    assert_non_null(b);
    assert_int_equal(fread(b, 1, (size_t)n, f), (size_t)n);
    b[n] = '\0';
    fclose(f);
    return b;
}

/* text with `from` at `at` replaced by `to` (a new string). */
static char *replace_at(const char *text, const char *at, const char *from, const char *to)
{
    if (!at)
        fail_msg("'%s' not in the text", from);
    size_t a = (size_t)(at - text), nf = strlen(from), nt = strlen(to), n = strlen(text);
    char *out = malloc(n - nf + nt + 1);
    assert_non_null(out);
    memcpy(out, text, a);
    memcpy(out + a, to, nt);
    memcpy(out + a + nt, at + nf, n - a - nf + 1);
    return out;
}

/* text with its first `from` replaced by `to` (a new string). */
static char *replace(const char *text, const char *from, const char *to)
{
    return replace_at(text, strstr(text, from), from, to);
}

static char *concat(const char *a, const char *b)
{
    size_t na = strlen(a), nb = strlen(b);
    char *out = malloc(na + nb + 1);
    assert_non_null(out);
    memcpy(out, a, na);
    memcpy(out + na, b, nb + 1);
    return out;
}

static imp_file_t parse_ok(const char *text)
{
    imp_file_t f;
    char err[512] = "";
    if (imp_parse("t.awr", text, strlen(text), IMP_FORMAT_AUTO, &f, err, sizeof err) != SIM_OK)
        fail_msg("refused: %s", err);
    assert_int_equal(f.format, IMP_FORMAT_AWR);
    return f;
}

static const imp_stat_t *find(const imp_set_t *s, const char *name)
{
    for (size_t i = 0; i < s->n; i++)
        if (strcmp(s->stats[i].name, name) == 0)
            return &s->stats[i];
    return NULL;
}

static void expect(const imp_set_t *s, const char *name, int64_t value)
{
    const imp_stat_t *st = find(s, name);
    if (!st)
        fail_msg("'%s' not found", name);
    if (st->value != value)
        fail_msg("'%s' = %lld, want %lld", name, (long long)st->value, (long long)value);
}

static void expect_refused(const char *text, const char *want, int line)
{
    char err[512], where[32];
    import_expect_refused("t.awr", text, IMP_FORMAT_AUTO, want, err, sizeof err);
    snprintf(where, sizeof where, "t.awr:%d: ", line);
    if (strncmp(err, where, strlen(where)) != 0)
        fail_msg("message '%s' does not begin '%s'", err, where);
}

/* ---- the real reports ---------------------------------------------------- */

/* 19c, text, a two-node RAC's instance 1 (DBMS_WORKLOAD_REPOSITORY's output
 * with SQL*Plus's page breaks).  Figures as the file has them: line 24
 * Elapsed 60.00 (mins), 56 Executes (SQL) 0.6 and 1,062.5, 67 enq: TX - row
 * lock contention 1 wait 52.9 s, 87 Application 15 waits 53 s, 90 Cluster
 * 576, 114 DB CPU 0.4, 122 DB time 53.4, 181 SQL*Net roundtrips to/from
 * clien 19, 188 bytes received via SQL*Net from 12,519, 242 gc cr blocks
 * received 4, 244 gc current blocks received 7, 253 gcs messages sent 27,
 * 254 ges messages sent 55, 290 redo size 8,544 (142 its Key Instance
 * Activity Stats row, the same figure printed again). */
static void test_text_19c_rac(void **state)
{
    (void)state;
    char *t = slurp(DIR "awr19c_rac_pdb_text.txt");
    imp_file_t f = parse_ok(t);
    assert_int_equal(f.nsets, 1);
    const imp_set_t *s = &f.sets[0];
    assert_string_equal(s->run, "snaps 37-38");
    expect(s, "elapsed time micro", 3600000000);
    expect(s, "AWR instances", 1);
    expect(s, "inst 1: Executes (SQL) per second x1000", 600);
    expect(s, "inst 1: Executes (SQL) per transaction x1000", 1062500);
    expect(s, "inst 1: Redo size per transaction (bytes) x1000", 4272000);
    expect(s, "enq: TX - row lock contention", 1);
    expect(s, "enq: TX - row lock contention time_waited_micro", 52900000);
    expect(s, "Application total_waits", 15);
    expect(s, "Application time_waited_micro", 53000000);
    expect(s, "Cluster total_waits", 576);
    expect(s, "DB CPU", 400000);
    expect(s, "DB time", 53400000);
    /* cut at the column: the catalogue's name; cut at a blank: as printed */
    expect(s, "SQL*Net roundtrips to/from client", 19);
    expect(s, "bytes received via SQL*Net from", 12519);
    expect(s, "gc cr blocks received", 4);
    expect(s, "gc current blocks received", 7);
    expect(s, "gcs messages sent", 27);
    expect(s, "ges messages sent", 55);
    expect(s, "redo size", 8544);
    assert_int_equal(find(s, "gc cr blocks received")->line, 242);
    assert_int_equal(find(s, "redo size")->line, 290);
    /* the Wait Classes' DB CPU row is not a class */
    assert_null(find(s, "DB CPU total_waits"));
    imp_file_free(&f);
    free(t);
}

/* 18c, HTML, a two-node RAC's instance 1 (awrrpt).  Line 66 Elapsed 499.99
 * (mins); 132 gc cr grant 2-way 198,593 waits 39.7 s; 145 Cluster 470,787
 * waits 106 s; 198 Std Block Size 16K; 306 DB CPU 6,117.00; 585 gc cr
 * blocks received 25,352 (and 338 in Key Instance Activity Stats: one
 * figure printed twice); 597 gc current blocks received 217,004; 629 gcs
 * messages sent 1,387,194; 850 user commits 30,932; 885 db_block_size
 * 16384; 965 Global Cache blocks received 8.08 and 7.83; 970 Estd
 * Interconnect traffic (KB) 345.24; 975 Buffer access -  local cache %
 * 99.51; 984 Avg global cache cr block receive time (us) 249.3; 1238 from
 * instance 2, data block: CR 22,499 96.51 % immediate, current 212,801. */
static void test_html_18c_rac(void **state)
{
    (void)state;
    char *t = slurp(DIR "awr18c_rac_inst1.html");
    imp_file_t f = parse_ok(t);
    assert_int_equal(f.nsets, 1);
    const imp_set_t *s = &f.sets[0];
    assert_string_equal(s->run, "snaps 237812-237837");
    expect(s, "elapsed time micro", 29999400000);
    expect(s, "gc cr grant 2-way", 198593);
    expect(s, "gc cr grant 2-way time_waited_micro", 39700000);
    expect(s, "Cluster total_waits", 470787);
    expect(s, "Cluster time_waited_micro", 106000000);
    expect(s, "db_block_size", 16384);
    expect(s, "DB CPU", 6117000000);
    expect(s, "gc cr blocks received", 25352);
    expect(s, "gc current blocks received", 217004);
    expect(s, "gcs messages sent", 1387194);
    expect(s, "user commits", 30932);
    expect(s, "inst 1: Global Cache blocks received per second x1000", 8080);
    expect(s, "inst 1: Global Cache blocks received per transaction x1000", 7830);
    expect(s, "inst 1: Estd Interconnect traffic (KB) per second x1000", 345240);
    expect(s, "inst 1: Buffer access - local cache % x1000", 99510);
    expect(s, "inst 1: Avg global cache cr block receive time (us) x1000", 249300);
    expect(s, "inst 1 from 2: data block: CR blocks received", 22499);
    expect(s, "inst 1 from 2: data block: CR % immed x1000", 96510);
    expect(s, "inst 1 from 2: data block: current blocks received", 212801);
    assert_int_equal(find(s, "user commits")->line, 850);
    assert_int_equal(find(s, "gc cr blocks received")->line, 585);
    imp_file_free(&f);
    free(t);
}

/* 12.2, HTML, one instance.  Line 65 Elapsed 60.25 (mins); 100
 * Transactions 0.7; 119 acknowledge over PGA limit 3,583 waits 35 s; 134
 * Scheduler 3,601 waits 35 s; 188 Std Block Size 8K; 265 DB CPU 296.80;
 * 275 DB time 353.41; 429 consistent gets 43,694,985; 530 redo size
 * 48,573,408 (298 in Key Instance Activity Stats); 623 user commits 2,476
 * (302 in Key). */
static void test_html_12c(void **state)
{
    (void)state;
    char *t = slurp(DIR "awr12c_single.html");
    imp_file_t f = parse_ok(t);
    assert_int_equal(f.nsets, 1);
    const imp_set_t *s = &f.sets[0];
    assert_string_equal(s->run, "snaps 38483-38484");
    expect(s, "elapsed time micro", 3615000000);
    expect(s, "inst 1: Transactions per second x1000", 700);
    expect(s, "acknowledge over PGA limit", 3583);
    expect(s, "acknowledge over PGA limit time_waited_micro", 35000000);
    expect(s, "Scheduler total_waits", 3601);
    expect(s, "db_block_size", 8192);
    expect(s, "DB CPU", 296800000);
    expect(s, "DB time", 353410000);
    expect(s, "consistent gets", 43694985);
    expect(s, "redo size", 48573408);
    expect(s, "user commits", 2476);
    assert_int_equal(find(s, "redo size")->line, 530);
    imp_file_free(&f);
    free(t);
}

/* 19c, HTML, one instance's PDB report.  Line 72 Elapsed 60.04 (mins); 82
 * Background CPU(s) 0.0 a second, -0.1 a transaction (a counter that went
 * back: no figure); 189 DB CPU 1.99; 198 DB time 1.87; 374 execute count
 * 1,928 (211 in Key Instance Activity Stats); 487 user commits 14 (222 in
 * Key). */
static void test_html_19c_negative_rate(void **state)
{
    (void)state;
    char *t = slurp(DIR "awr19c_single_pdb.html");
    imp_file_t f = parse_ok(t);
    assert_int_equal(f.nsets, 1);
    const imp_set_t *s = &f.sets[0];
    assert_string_equal(s->run, "snaps 5434-5435");
    expect(s, "elapsed time micro", 3602400000);
    expect(s, "inst 1: Background CPU(s) per second x1000", 0);
    assert_null(find(s, "inst 1: Background CPU(s) per transaction x1000"));
    expect(s, "DB CPU", 1990000);
    expect(s, "DB time", 1870000);
    expect(s, "execute count", 1928);
    expect(s, "user commits", 14);
    assert_int_equal(find(s, "execute count")->line, 374);
    imp_file_free(&f);
    free(t);
}

/* 12.1.0.2, HTML, the global report (awrgrpt.sql) of a two-node RAC (SLOB,
 * instances SLOB1 and SLOB2).  Line 49 Database Summary: Block Size 8192,
 * snapshots 176-177, Elapsed time 2.77 (minutes); 56, 57 instances 1 and 2;
 * 144-145 Time Model DB time 335.38 and 340.00, DB CPU 98.56 and 73.41,
 * bg time 6.49 and 3.77; 182-183 Foreground Wait Classes User I/O 248.14
 * and 278.56, Cluster 0.01 and 0.14, Sys I/O 0.00 and 0.05, Concurcy 0.01
 * and 0.01; 221 Top Timed Events '*' direct path
 * read 1,175,907 waits 526.63 s, 226 gc current block 2-way 362 waits
 * 0.11 s (231, 238: instance 1's share, not summed again); 321 SysStat and
 * Global Messaging instance 1: GC Current 193 and GC CR 53 received, 228
 * and 108 served; 391 instance 1 Local 97.46 %; 406 instance 1 CR Log
 * Flush 2.78 %, 407 instance 2 CU Flush Time 0.45 ms; 493 instance 1 from
 * 2 data block CR 34 received 97.06 % immediate, current 178; 654 gc cr
 * blocks received 161, 660 gc current blocks received 423, 667 gcs
 * messages sent 2,505, 727 redo size 4,717,424, 785 user commits 44, 566
 * its DB time 11,749 (centiseconds: the Time Model's is kept); 816
 * db_block_size * 8192. */
static void test_html_12c_global(void **state)
{
    (void)state;
    char *t = slurp(DIR "awrg12c_rac_global.html");
    imp_file_t f = parse_ok(t);
    assert_int_equal(f.nsets, 1);
    const imp_set_t *s = &f.sets[0];
    assert_string_equal(s->run, "snaps 176-177");
    assert_int_equal(s->block_size, 8192);
    expect(s, "db_block_size", 8192);
    assert_int_equal(find(s, "db_block_size")->line, 49);
    expect(s, "elapsed time micro", 166200000);
    expect(s, "AWR instances", 2);
    expect(s, "DB time", 675380000);
    expect(s, "DB CPU", 171970000);
    expect(s, "Time Model: background elapsed time micro", 10260000);
    expect(s, "User I/O time_waited_micro", 526700000);
    expect(s, "Cluster time_waited_micro", 150000);
    expect(s, "System I/O time_waited_micro", 50000);  /* "Sys I/O(s)" */
    expect(s, "Concurrency time_waited_micro", 20000); /* "Concurcy (s)" */
    expect(s, "direct path read", 1175907);
    expect(s, "direct path read time_waited_micro", 526630000);
    expect(s, "gc current block 2-way", 362);
    expect(s, "gc current block 2-way time_waited_micro", 110000);
    expect(s, "inst 1: gc current blocks received", 193);
    expect(s, "inst 1: gc cr blocks received", 53);
    expect(s, "inst 1: gc current blocks served", 228);
    expect(s, "inst 1: gc cr blocks served", 108);
    expect(s, "inst 2: gc current blocks received", 230);
    expect(s, "inst 1: Buffer access - local cache % x1000", 97460);
    expect(s, "inst 1: Global cache log flushes for cr blocks served % x1000", 2780);
    expect(s, "inst 2: Avg global cache current block flush time (ms) x1000", 450);
    expect(s, "inst 1 from 2: data block: CR blocks received", 34);
    expect(s, "inst 1 from 2: data block: CR % immed x1000", 97060);
    expect(s, "inst 1 from 2: data block: current blocks received", 178);
    expect(s, "gc cr blocks received", 161);
    expect(s, "gc current blocks received", 423);
    expect(s, "gcs messages sent", 2505);
    expect(s, "redo size", 4717424);
    expect(s, "user commits", 44);
    assert_int_equal(find(s, "user commits")->line, 785);
    /* the cluster's rows are what a file of the instances' reports sums */
    assert_int_equal(find(s, "direct path read")->line, 221);
    imp_file_free(&f);
    free(t);
}

/* 12.2.0.1, HTML, the global report of a two-node RAC (DB1TP): 12.2's
 * Global Latency Characteristics (in us) and Global Cache Transfer
 * Statistics.  Line 54 Block Size 8192, snapshots 231-232, Elapsed time
 * 30.03; 157-158 DB time 1,820.42 and 1,812.71; 198-199 User I/O 1,570.02
 * and 1,585.86; 240 '*' db file sequential read 6,423,735 waits 2,590.33 s;
 * 340 instance 1 GC Current 1,321 received; 410 instance 1 Local 81.72 %,
 * Locality 99.97 %; 425 instance 1 CR Receive Time 112 us, CU Flush Time
 * 508 us; 510 instance 1 from 2 data block CR 113 received, current 1,230;
 * 688 gc cr blocks received 612; 850 user commits 1,223,592. */
static void test_html_12c2_global(void **state)
{
    (void)state;
    char *t = slurp(DIR "awrg12c2_rac_global.html");
    imp_file_t f = parse_ok(t);
    assert_int_equal(f.nsets, 1);
    const imp_set_t *s = &f.sets[0];
    assert_string_equal(s->run, "snaps 231-232");
    assert_int_equal(s->block_size, 8192);
    expect(s, "elapsed time micro", 1801800000);
    expect(s, "AWR instances", 2);
    expect(s, "DB time", 3633130000);
    expect(s, "User I/O time_waited_micro", 3155880000);
    expect(s, "db file sequential read", 6423735);
    expect(s, "db file sequential read time_waited_micro", 2590330000);
    expect(s, "inst 1: gc current blocks received", 1321);
    expect(s, "inst 1: Buffer access - local cache % x1000", 81720);
    expect(s, "inst 1: Global Cache Locality % x1000", 99970);
    expect(s, "inst 1: Avg global cache cr block receive time (us) x1000", 112000);
    expect(s, "inst 1: Avg global cache current block flush time (us) x1000", 508000);
    expect(s, "inst 1 from 2: data block: CR blocks received", 113);
    expect(s, "inst 1 from 2: data block: current blocks received", 1230);
    expect(s, "gc cr blocks received", 612);
    expect(s, "user commits", 1223592);
    assert_int_equal(find(s, "user commits")->line, 850);
    imp_file_free(&f);
    free(t);
}

/* ---- several reports in a file ------------------------------------------------ */

/* The 19c report again as if from instance 2 of the same window. */
static char *second_instance(const char *t)
{
    return replace(t, "racdb1              1 10-Jun-26", "racdb2              2 10-Jun-26");
}

static void test_two_instances_sum(void **state)
{
    (void)state;
    char *t = slurp(DIR "awr19c_rac_pdb_text.txt");
    char *t2 = second_instance(t);
    char *both = concat(t, t2);
    imp_file_t f = parse_ok(both);
    assert_int_equal(f.nsets, 1);
    const imp_set_t *s = &f.sets[0];
    expect(s, "AWR instances", 2);
    expect(s, "gc cr blocks received", 8); /* 4 + 4 */
    expect(s, "Cluster total_waits", 1152);
    expect(s, "DB CPU", 800000);
    expect(s, "elapsed time micro", 3600000000); /* the window, once */
    expect(s, "inst 1: Executes (SQL) per second x1000", 600);
    expect(s, "inst 2: Executes (SQL) per second x1000", 600);
    imp_file_free(&f);
    free(both);
    free(t2);
    free(t);
}

static void test_two_windows_two_sets(void **state)
{
    (void)state;
    char *t = slurp(DIR "awr19c_rac_pdb_text.txt");
    char *b = replace(t, "Begin Snap:        37", "Begin Snap:        38");
    char *after = replace(b, "  End Snap:        38", "  End Snap:        39");
    char *both = concat(t, after);
    imp_file_t f = parse_ok(both);
    assert_int_equal(f.nsets, 2);
    assert_string_equal(f.sets[0].run, "snaps 37-38");
    assert_string_equal(f.sets[1].run, "snaps 38-39");
    expect(&f.sets[0], "gc cr blocks received", 4);
    expect(&f.sets[1], "gc cr blocks received", 4);
    imp_file_free(&f);
    free(both);
    free(after);
    free(b);
    free(t);
}

/* 11g's Foreground Wait Class puts %Time-outs before the seconds: its lines
 * as published with an 11.2.0.1 text report (the page of file id
 * 7590828791 of tests/import/awr/README.md, its author's "@jls" mark
 * included), in place of the 19c report's Wait Classes. */
static const char fg_wait_class_11g[] =
    "Foreground Wait Class                         DB/Inst: ORCL/orcl  Snaps: 37-38\n"
    "-> s  - second, ms - millisecond -    1000th of a second\n"
    "-> ordered by wait time desc, waits desc\n"
    "-> %Timeouts: value of 0 indicates value was < .5%.  Value of null is truly 0\n"
    "-> Captured Time accounts for         99.6%  of Total DB time       8,484.33 (s)\n"
    "-> Total FG Wait Time:             8,402.19 (s)  DB CPU time:          50.24 (s)\n"
    "\n"
    "                                                                  Avg\n"
    "                                      %Time       Total Wait     wait\n"
    "Wait Class                      Waits -outs         Time (s)     (ms)  %DB time\n"
    "-------------------- ---------------- ----- ---------------- -------- ---------\n"
    "User I/O                       37,056     0            6,840      185      80.6 @jls\n"
    "Commit                          3,825     0            1,495      391      17.6\n"
    "Scheduler                         155     0               60      385       0.7\n"
    "DB CPU                                                    50                0.6\n"
    "Other                             159    83                3       20       0.0\n"
    "Concurrency                       128     0                3       25       0.0\n"
    "System I/O                         97     0                0        2       0.0\n"
    "Network                         6,298     0                0        0       0.0\n"
    "          -------------------------------------------------------------\n";

static void test_foreground_wait_class_11g(void **state)
{
    (void)state;
    char *t = slurp(DIR "awr19c_rac_pdb_text.txt");
    char *from = strstr(t, "Wait Classes by Total Wait Time");
    char *to = strstr(t, "Time Model Statistics");
    assert_true(from && to && from < to);
    *from = '\0';
    char *a = concat(t, fg_wait_class_11g);
    char *b = concat(a, to);
    imp_file_t f = parse_ok(b);
    const imp_set_t *s = &f.sets[0];
    expect(s, "User I/O total_waits", 37056);
    expect(s, "User I/O time_waited_micro", 6840000000);
    expect(s, "Other total_waits", 159);
    expect(s, "Other time_waited_micro", 3000000);
    expect(s, "Network total_waits", 6298);
    assert_null(find(s, "Application total_waits")); /* the 19c classes are gone */
    imp_file_free(&f);
    free(b);
    free(a);
    free(t);
}

/* A value wider than the dashes under its heading runs left into the gap
 * between the columns: read whole, not cut at the dashes. */
static void test_value_wider_than_its_column(void **state)
{
    (void)state;
    char *t = slurp(DIR "awr19c_rac_pdb_text.txt");
    char *w = replace(t, "  Logical read (blocks):               2.1           3,712.0",
                      "  Logical read (blocks):               2.1 123,456,789,012.0");
    imp_file_t f = parse_ok(w);
    expect(&f.sets[0], "inst 1: Logical reads per transaction x1000", 123456789012000);
    imp_file_free(&f);
    free(w);
    free(t);
}

/* A row without its label (the fuzzer's find: a cell's text eaten by a
 * broken tag) gives no figure named "" or " time_waited_micro". */
static void test_row_without_label(void **state)
{
    (void)state;
    char *t = slurp(DIR "awr12c_single.html");
    char *u = replace(t, "'awrnc'>acknowledge over PGA limit</td>", "'awrnc'></td>");
    imp_file_t f = parse_ok(u);
    assert_null(find(&f.sets[0], ""));
    assert_null(find(&f.sets[0], " time_waited_micro"));
    assert_null(find(&f.sets[0], "acknowledge over PGA limit"));
    expect(&f.sets[0], "PGA memory operation", 230603);
    imp_file_free(&f);
    free(u);
    free(t);
}

/* ---- refused ---------------------------------------------------------------------- */

static void test_truncated(void **state)
{
    (void)state;
    char *t = slurp(DIR "awr19c_rac_pdb_text.txt");
    *strstr(t, "End of Report") = '\0';
    expect_refused(t, "inside the report that began on line 1 (no 'End of Report'): truncated",
                   335);
    char *h = slurp(DIR "awr18c_rac_inst1.html");
    *strstr(h, "End of Report") = '\0';
    expect_refused(h, "inside the report that began on line 41", 1245);
    free(h);
    free(t);
}

static void test_section_missing(void **state)
{
    (void)state;
    char *t = slurp(DIR "awr19c_rac_pdb_text.txt");
    /* every page of Instance Activity Stats made another section's */
    char *a = replace(t, "Instance Activity Stats                    DB/Inst",
                      "Instance Activity Stats - Absolute ValuesDB/Inst");
    char *b = replace(a, "Instance Activity Stats                    DB/Inst",
                      "Instance Activity Stats - Absolute ValuesDB/Inst");
    char *c = replace(b, "Instance Activity Stats                    DB/Inst",
                      "Instance Activity Stats - Absolute ValuesDB/Inst");
    expect_refused(c, "the report from line 1 has no Instance Activity Stats section", 338);
    char *h = slurp(DIR "awr12c_single.html");
    char *h2 = replace(h, "Load Profile<p />", "Lode Profile<p />");
    expect_refused(h2, "has no Load Profile section", 668);
    free(h2);
    free(h);
    free(c);
    free(b);
    free(a);
    free(t);
}

/* text with its last `from` replaced by `to` (a new string). */
static char *replace_last(const char *text, const char *from, const char *to)
{
    const char *at = NULL;
    for (const char *p = strstr(text, from); p; p = strstr(p + 1, from))
        at = p;
    return replace_at(text, at, from, to);
}

/* 11.2 and 12.1 split the section in two, "Key Instance Activity Stats"
 * and "Other Instance Activity Stats" (the titles as those versions print
 * them), the Key table's statistics not in the Other: the 12.2 report
 * above with its full table so named and its redo size row left only in
 * the Key table (line 298; the Other's, line 530, blanked) reads the same,
 * each figure once. */
static void test_html_key_other_activity(void **state)
{
    (void)state;
    char *h = slurp(DIR "awr12c_single.html");
    char *o = replace(h, "<h3 class=\"awr\">Instance Activity Stats</h3>",
                      "<h3 class=\"awr\">Other Instance Activity Stats</h3>");
    char *r = replace_last(o, "<tr><td scope=\"row\" class='awrc'>redo size</td>", "<tr><td>");
    imp_file_t f = parse_ok(r);
    assert_int_equal(f.nsets, 1);
    expect(&f.sets[0], "redo size", 48573408); /* in Key only */
    assert_int_equal(find(&f.sets[0], "redo size")->line, 298);
    expect(&f.sets[0], "user commits", 2476); /* in both */
    assert_int_equal(find(&f.sets[0], "user commits")->line, 623);
    expect(&f.sets[0], "consistent gets", 43694985); /* in Other only */
    imp_file_free(&f);
    /* the Key table alone is not the section */
    char *k = replace(h, "<h3 class=\"awr\">Instance Activity Stats</h3>",
                      "<h3 class=\"awr\">Instance Activity Stats - Absolute Values</h3>");
    expect_refused(k, "the report from line 40 has no Instance Activity Stats section", 668);
    free(k);
    free(r);
    free(o);
    free(h);
}

/* A figure both tables print is one figure; two values for it are
 * refused, naming both lines: the 19c text report's redo size (Key line
 * 142, the full table's 290) and the 18c report's gc cr blocks received
 * (338 and 585). */
static void test_key_activity_mismatch(void **state)
{
    (void)state;
    char *t = slurp(DIR "awr19c_rac_pdb_text.txt");
    char *t2 = replace(t, "redo size                                     8,544",
                       "redo size                                     8,545");
    expect_refused(t2,
                   "'redo size' is 8545 in Key Instance Activity Stats but 8544 on line 290 in "
                   "Instance Activity Stats: one figure printed twice with two values",
                   142);
    char *h = slurp(DIR "awr18c_rac_inst1.html");
    char *h2 = replace(h, "'awrnc'>25,352</td>", "'awrnc'>50,704</td>");
    expect_refused(h2,
                   "'gc cr blocks received' is 50704 in Key Instance Activity Stats but 25352 on "
                   "line 585 in Instance Activity Stats",
                   338);
    free(h2);
    free(h);
    free(t2);
    free(t);
}

static void test_two_block_sizes(void **state)
{
    (void)state;
    char *h = slurp(DIR "awr12c_single.html");
    char *h2 = replace(h, "<td align=\"right\" class='awrnc'>1</td><td class='awrnc'>",
                       "<td align=\"right\" class='awrnc'>2</td><td class='awrnc'>");
    char *h3 = replace(h2, "        8K</td>", "        4K</td>");
    char *both = concat(h, h3);
    /* the second report's Std Block Size: its line 188, 669 lines on */
    expect_refused(both, "block size 4096 here, 8192 on line 188", 669 + 188);
    free(both);
    free(h3);
    free(h2);
    free(h);
}

static void test_garbage_number(void **state)
{
    (void)state;
    char *t = slurp(DIR "awr19c_rac_pdb_text.txt");
    char *g = replace(t, "gc cr blocks received                             4",
                      "gc cr blocks received                            4x");
    expect_refused(g, "'gc cr blocks received': '4x' is not a number", 242);
    char *h = slurp(DIR "awr18c_rac_inst1.html");
    char *h2 = replace(h, "'awrc'>25,352</td>", "'awrc'>25,35</td>");
    expect_refused(h2, "'25,35' is misplaced thousands separator", 585);
    free(h2);
    free(h);
    free(g);
    free(t);
}

static void test_instance_twice(void **state)
{
    (void)state;
    char *t = slurp(DIR "awr19c_rac_pdb_text.txt");
    char *both = concat(t, t);
    expect_refused(both, "instance 1 of snapshots 37-38 again (its report began on line 1)",
                   338 + 24);
    free(both);
    free(t);
}

static void test_global_text_refused(void **state)
{
    (void)state;
    expect_refused("WORKLOAD REPOSITORY REPORT (RAC)\n\nDB Name ...\n",
                   "global (RAC) report of awrgrpt.sql in text: not read", 1);
}

/* The global report cut short, without a section, with its instances'
 * block sizes apart, and beside a per-instance report of its window. */
static void test_global_refused(void **state)
{
    (void)state;
    char *t = slurp(DIR "awrg12c_rac_global.html");
    char *cut = strdup(t);
    *strstr(cut, "End of Report") = '\0';
    expect_refused(cut, "inside the report that began on line 35", 861);
    char *nosys = replace(t, "System Statistics (Global)</h3>", "System Statistics (Globl)</h3>");
    expect_refused(nosys, "the report from line 35 has no System Statistics (Global) section", 864);
    char *notop = replace(t, ">Top Timed Events</h3>", ">Top Timed Evnts</h3>");
    expect_refused(notop, "has no Top Timed Events section", 864);
    /* db_block_size per instance (I# 1 and 2, as init.ora Parameters
     * lists a parameter whose instances differ) */
    char *two = replace(t,
                        "<td class='awrnc'>*</td><td class='awrnc'>8192</td><td "
                        "class='awrnc'></td></tr>",
                        "<td class='awrnc'>1</td><td class='awrnc'>8192</td><td "
                        "class='awrnc'></td></tr>\n<tr><td scope=\"row\" "
                        "class='awrc'>db_block_size</td><td class='awrc'>2</td><td "
                        "class='awrc'>16384</td><td class='awrc'></td></tr>");
    expect_refused(two, "block size 16384 here, 8192 on line 49: one run holds one block size",
                   817);
    /* instance 2's row of Database Instances Included In Report as 1 */
    char *dup = replace(t, "class='awrnc'>2</td><td class='awrnc'>SLOB2",
                        "class='awrnc'>1</td><td class='awrnc'>SLOB2");
    expect_refused(dup, "instance 1 again (line 56): each instance once", 57);
    char *h = slurp(DIR "awr18c_rac_inst1.html");
    char *h2 = replace(h, "'awrnc'>237812<", "'awrnc'>176<");
    char *h3 = replace(h2, "'awrc'>237837<", "'awrc'>177<");
    char *both = concat(t, h3);
    expect_refused(both, "snapshots 176-177 again (the global report on line 35 has them)",
                   865 + 65); /* its End Snap, line 65 */
    free(both);
    free(h3);
    free(h2);
    free(h);
    free(dup);
    free(two);
    free(notop);
    free(nosys);
    free(cut);
    free(t);
}

/* ---- the numbers AWR prints ------------------------------------------------------- */

static void test_numbers(void **state)
{
    (void)state;
    static const struct {
        const char *text;
        int scale, rc;
        int64_t want;
    } cases[] = {
        {"1,062.5", 3, 0, 1062500},   {".4", 6, 0, 400000},     {"30.8K", 6, 0, 30800000000},
        {"-0.1", 3, 0, -100},         {"0.0005", 3, 0, 1},      {"0.0004", 3, 0, 0},
        {"1,234,567", 0, 0, 1234567}, {"N/A", 0, 1, 0},         {"", 0, 1, 0},
        {"1,23", 0, -1, 0},           {"1,23,456", 0, -1, 0}, /* an inner group of two: not 123456
                                                               */
        {"12,3456,789", 0, -1, 0},    {"1,23,456.5", 3, -1, 0}, {"12a", 0, -1, 0},
        {"1.2.3", 0, -1, 0},          {"#####", 0, -1, 0},      {"99999999999999999999", 0, -1, 0},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        int64_t v = 0;
        const char *why = NULL;
        int rc = imp_awr_num(cases[i].text, strlen(cases[i].text), cases[i].scale, &v, &why);
        if (rc != cases[i].rc || (rc == 0 && v != cases[i].want))
            fail_msg("'%s': rc %d value %lld, want rc %d value %lld", cases[i].text, rc,
                     (long long)v, cases[i].rc, (long long)cases[i].want);
    }
}

static void test_detect(void **state)
{
    (void)state;
    const char *files[] = {DIR "awr19c_rac_pdb_text.txt", DIR "awr18c_rac_inst1.html",
                           DIR "awr12c_single.html",      DIR "awr19c_single_pdb.html",
                           DIR "awrg12c_rac_global.html", DIR "awrg12c2_rac_global.html"};
    for (size_t i = 0; i < sizeof files / sizeof files[0]; i++) {
        char *t = slurp(files[i]);
        assert_int_equal(imp_detect(t, strlen(t)), IMP_FORMAT_AWR);
        free(t);
    }
    imp_format_t fm;
    assert_int_equal(imp_format_parse("awr", &fm), 0);
    assert_int_equal(fm, IMP_FORMAT_AWR);
    assert_string_equal(imp_format_name(IMP_FORMAT_AWR), "awr");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_text_19c_rac),
        cmocka_unit_test(test_html_18c_rac),
        cmocka_unit_test(test_html_12c),
        cmocka_unit_test(test_html_19c_negative_rate),
        cmocka_unit_test(test_html_12c_global),
        cmocka_unit_test(test_html_12c2_global),
        cmocka_unit_test(test_two_instances_sum),
        cmocka_unit_test(test_two_windows_two_sets),
        cmocka_unit_test(test_foreground_wait_class_11g),
        cmocka_unit_test(test_value_wider_than_its_column),
        cmocka_unit_test(test_row_without_label),
        cmocka_unit_test(test_truncated),
        cmocka_unit_test(test_section_missing),
        cmocka_unit_test(test_html_key_other_activity),
        cmocka_unit_test(test_key_activity_mismatch),
        cmocka_unit_test(test_two_block_sizes),
        cmocka_unit_test(test_garbage_number),
        cmocka_unit_test(test_instance_twice),
        cmocka_unit_test(test_global_text_refused),
        cmocka_unit_test(test_global_refused),
        cmocka_unit_test(test_numbers),
        cmocka_unit_test(test_detect),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
