/* test_queries.c -- issue 41, items 7 and 8: queries answered from the
 * model (user_segments, user_extents, user_lobs, count(*),
 * dbms_lob.getlength, printed as SQL*Plus prints them) and rows read from
 * another table (insert ... select from T1, create table ... as select).
 * Every expected figure is worked out by hand from the model's documented
 * rules, in the comment beside it. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "life_sim.h"

#define MAX_STEPS 32

typedef struct {
    const char *table;
    sim_stats_t at[MAX_STEPS + 1];
    char *out[MAX_STEPS + 1]; /* each step's output, once */
    char error[MAX_STEPS + 1][160];
} run_t;

static int keep(void *arg, const life_step_t *st)
{
    run_t *r = arg;
    if (st->step > MAX_STEPS)
        return 0;
    if (st->output && r->out[st->step] == NULL)
        r->out[st->step] = strdup(st->output);
    if (st->error)
        snprintf(r->error[st->step], sizeof r->error[st->step], "%s", st->error);
    /* the session's row, then the table's segments: their sum is what the
     * step shows of the table, each figure counted in one row */
    if (st->table == NULL || strcmp(st->table, r->table) == 0)
        for (int i = 0; i < SIM_STAT_COUNT; i++)
            r->at[st->step].v[i] += st->total.v[i];
    return 0;
}

static void run(const char *text, const char *table, run_t *r)
{
    scr_options_t so;
    scr_options_defaults(&so);
    scr_script_t *s;
    char err[SCR_ERR_LEN];
    if (scr_parse("test.sql", text, strlen(text), &so, &s, err, sizeof err) != SIM_OK)
        fail_msg("parse: %s", err);
    life_params_t p;
    life_params_defaults(&p);
    memset(r, 0, sizeof *r);
    r->table = table;
    if (life_run(s, &p, keep, r, err, sizeof err) != SIM_OK)
        fail_msg("run: %s", err);
    scr_free(s);
}

static void done(run_t *r)
{
    for (int i = 0; i <= MAX_STEPS; i++)
        free(r->out[i]);
}

static void expect_out(const run_t *r, uint32_t step, const char *want)
{
    const char *got = r->out[step] ? r->out[step] : "(none)";
    if (strcmp(got, want) != 0)
        fail_msg("step %u:\n--- got\n%s--- want\n%s", step, got, want);
}

/* Extents of a segment in a tablespace of uniform 128 KB extents: each
 * extent 131,072 bytes, 16 blocks of 8 KB.  20 LOBs of 20,000 characters
 * out of row take 3 blocks each (8,060 bytes of LOB data a block): 60
 * blocks of data; the segment has as many rows in user_extents as
 * user_segments counts extents, numbered from 0. */
static void test_extents_uniform(void **state)
{
    (void)state;
    run_t r;
    run("create tablespace u datafile 'u.dbf' size 10m extent management local uniform size "
        "128k;\n"
        "create table t (id number, c clob) tablespace u lob (c) store as securefile l "
        "(disable storage in row);\n"
        "insert into t select level, rpad(to_clob('x'), 20000, 'x') from dual connect by "
        "level <= 20;\n"
        "select count(*), sum(bytes), sum(blocks) from user_extents where segment_name = 'L';\n"
        "select extents from user_segments where segment_name = 'L';\n"
        "select extent_id, bytes, blocks from user_extents where segment_name = 'L' and "
        "extent_id >= 1 order by extent_id desc;\n",
        "T", &r);
    uint64_t ext = r.at[4].v[SIM_STAT_SEG_LOB_EXTENTS];
    assert_true(ext >= 4); /* 60 blocks of data need at least 4 extents of 16 */
    char want[512];
    snprintf(want, sizeof want,
             "  COUNT(*) SUM(BYTES) SUM(BLOCKS)\n"
             "---------- ---------- -----------\n"
             "%10llu %10llu %11llu\n",
             (unsigned long long)ext, (unsigned long long)ext * 131072,
             (unsigned long long)ext * 16);
    expect_out(&r, 4, want);
    snprintf(want, sizeof want,
             "   EXTENTS\n"
             "----------\n"
             "%10llu\n",
             (unsigned long long)ext);
    expect_out(&r, 5, want);
    /* ext - 1 rows, the last extent first */
    assert_non_null(r.out[6]);
    char first[64];
    snprintf(first, sizeof first, "\n%10llu     131072         16\n", (unsigned long long)ext - 1);
    assert_non_null(strstr(r.out[6], first));
    assert_non_null(strstr(r.out[6], "\n         1     131072         16\n"));
    assert_null(strstr(r.out[6], "\n         0 "));
    done(&r);
}

/* A table's LOB segments are made with its first row, whatever the row's
 * LOBs hold (here a null BLOB): deferred segment creation makes the
 * table's and its dependent objects' segments at the first row (Database
 * Reference, DEFERRED_SEGMENT_CREATION); the BLOB's is its first 64 KB
 * extent.  And group by two columns (notsyncing.org's 2008 space query
 * groups by segment_name, segment_type): a row for each pair; a column
 * outside the group by is still ORA-00979. */
static void test_group_by_columns(void **state)
{
    (void)state;
    run_t r;
    run("create table t (id number, c clob, b blob);\n"
        "insert into t values (1, rpad(to_clob('x'), 20000, 'x'), null);\n"
        "select segment_type, count(*), sum(blocks) from user_segments "
        "group by segment_type, tablespace_name order by 1;\n"
        "select segment_name, segment_type, sum(bytes) from user_segments "
        "group by segment_name, segment_type order by 1;\n"
        "select segment_type, count(*) from user_segments group by tablespace_name;\n",
        "T", &r);
    expect_out(&r, 3,
               "SEGMENT_TYPE         COUNT(*) SUM(BLOCKS)\n"
               "------------------ ---------- -----------\n"
               "LOBINDEX                    2          16\n"
               "LOBSEGMENT                  2          88\n"
               "TABLE                       1           8\n");
    assert_non_null(r.out[4]);
    assert_non_null(strstr(r.out[4], "\nSYS_LOB0000000001C00002$$"));
    assert_non_null(strstr(r.out[4], "LOBSEGMENT             655360\n"));
    assert_non_null(strstr(r.out[4], "LOBSEGMENT              65536\nT "));
    assert_string_equal(r.error[5], "ORA-00979: not a GROUP BY expression");
    done(&r);
}

/* A tablespace of SEGMENT SPACE MANAGEMENT MANUAL (free lists), as
 * SYSTEM is: dba_tablespaces says MANUAL, user_segments MSSM, and
 * dbms_space's ASSM form on its segment is not modelled (the model lays
 * it out as under ASSM), not an invented figure. */
static void test_manual_tablespace(void **state)
{
    (void)state;
    run_t r;
#define MSSM_TABLE                                                                                 \
    "create tablespace m datafile 'm.dbf' size 10m segment space management manual;\n"             \
    "create table t (id number, c clob) tablespace m lob (c) store as basicfile;\n"                \
    "insert into t values (1, rpad('x', 20000, 'x'));\n"
    run(MSSM_TABLE "create table s (id number, b blob) tablespace system;\n"
                   "insert into s values (1, null);\n"
                   "select segment_type, segment_subtype from user_segments order by 1;\n"
                   "select tablespace_name, segment_space_management from dba_tablespaces "
                   "where tablespace_name in ('M', 'SYSTEM', 'USERS') order by 1;\n",
        "T", &r);
    /* S and its BLOB in SYSTEM: the BLOB a BasicFile there (PREFERRED) */
    expect_out(&r, 6,
               "SEGMENT_TYPE       SEGMENT_SU\n"
               "------------------ ----------\n"
               "LOBINDEX           MSSM\n"
               "LOBINDEX           MSSM\n"
               "LOBSEGMENT         MSSM\n"
               "LOBSEGMENT         MSSM\n"
               "TABLE              MSSM\n"
               "TABLE              MSSM\n"
               "\n"
               "6 rows selected.\n");
    expect_out(&r, 7,
               "TABLESPACE_NAME                SEGMEN\n"
               "------------------------------ ------\n"
               "M                              MANUAL\n"
               "SYSTEM                         MANUAL\n"
               "USERS                          AUTO\n");
    done(&r);
    /* the run stops there, one line, as for any construct not modelled */
    const char *text =
        MSSM_TABLE "declare a number; b number; c number; d number; e number; f number;\n"
                   "  g number; h number; i number; j number; k number; l number;\n"
                   "begin dbms_space.space_usage(user, 'T', 'TABLE', a, b, c, d, e, f, g, h, i, "
                   "j, k, l);\nend;\n/\n";
    scr_script_t *s;
    char err[SCR_ERR_LEN];
    assert_int_equal(scr_parse("test.sql", text, strlen(text), NULL, &s, err, sizeof err), SIM_OK);
    life_params_t p;
    life_params_defaults(&p);
    memset(&r, 0, sizeof r);
    r.table = "T";
    assert_int_not_equal(life_run(s, &p, keep, &r, err, sizeof err), SIM_OK);
    done(&r);
    assert_string_equal(err, "test.sql:6: not modelled: dbms_space of a segment in a MANUAL "
                             "segment space management tablespace (its free lists)");
    scr_free(s);
}

/* user_tables (and all_tables, with OWNER): each table the script made
 * and has not dropped, its tablespace, SEGMENT_CREATED once its first row
 * made its segment; a block counts it, as scripts test whether a table
 * exists (OpenLogReplicator's LOB fixture does); its statistics are not
 * modelled (DBMS_STATS gathers none here). */
static void test_user_tables(void **state)
{
    (void)state;
    run_t r;
    run("create table t (id number primary key, c clob);\n"
        "create table u (id number) tablespace users;\n"
        "create table v (id number);\n"
        "insert into t values (1, 'a');\n"
        "drop table v purge;\n"
        "select table_name, status, segment_created from user_tables order by 1;\n"
        "declare n number; begin\n"
        "  select count(*) into n from user_tables where table_name = 'T';\n"
        "  dbms_output.put_line(n);\n"
        "end;\n/\n"
        "select num_rows from user_tables;\n",
        "T", &r);
    assert_non_null(r.out[6]);
    assert_non_null(strstr(r.out[6], "\nT "));
    assert_non_null(strstr(r.out[6], " VALID    YES\nU "));
    assert_non_null(strstr(r.out[6], " VALID    NO\n"));
    assert_null(strstr(r.out[6], "\nV "));
    expect_out(&r, 7, "1\n");
    expect_out(&r, 8, "not modelled: column NUM_ROWS (the model does not have it)\n");
    done(&r);
}

/* A cursor FOR loop over a view's query (a LOB space report's shape):
 * its rows as the loop opens, in the query's order, each item a field by
 * its heading (a column or an alias); a field the query does not name is
 * PLS-00302. */
static void test_cursor_over_views(void **state)
{
    (void)state;
    run_t r;
    run("create table t (id number primary key, c clob, b blob);\n"
        "insert into t values (1, rpad(to_clob('x'), 20000, 'x'), null);\n"
        "declare cnt number := 0; begin\n"
        "  for r in (select segment_type, blocks from user_segments\n"
        "            order by segment_type, blocks desc) loop\n"
        "    dbms_output.put_line(r.segment_type || ' ' || r.blocks);\n"
        "    cnt := cnt + 1;\n"
        "  end loop;\n"
        "  for l in (select column_name, segment_name seg from user_lobs\n"
        "            where table_name = 'T' order by column_name) loop\n"
        "    dbms_output.put_line(l.column_name || ' ' || l.seg);\n"
        "  end loop;\n"
        "  dbms_output.put_line(cnt);\n"
        "end;\n/\n"
        "begin for r in (select segment_name from user_segments) loop\n"
        "  dbms_output.put_line(r.bytes); end loop; end;\n/\n"
        "declare cursor cl is select segment_name s, tablespace_name from user_lobs\n"
        "  where table_name = 'T' and column_name = 'B';\n"
        "begin for x in cl loop dbms_output.put_line(x.s || ' ' || x.tablespace_name);\n"
        "end loop; end;\n/\n",
        "T", &r);
    /* a cursor declared over a view, run by a FOR loop over it */
    expect_out(&r, 5, "SYS_LOB0000000001C00003$$ USERS\n");
    expect_out(&r, 3,
               "INDEX 8\nLOBINDEX 8\nLOBINDEX 8\nLOBSEGMENT 80\nLOBSEGMENT 8\nTABLE 8\n"
               "B SYS_LOB0000000001C00003$$\nC SYS_LOB0000000001C00002$$\n6\n");
    assert_string_equal(r.error[4], "PLS-00302: component 'BYTES' must be declared");
    done(&r);
}

/* STORAGE (INITIAL 6144) and CHUNK 4000 (the SQL Language Reference's
 * print_media_new example): the first extent no smaller than
 * autoallocate's 64 KB, CHUNK rounded up to a multiple of the block size
 * ("the database rounds up in bytes to the next multiple"). */
static void test_initial_and_chunk_rounding(void **state)
{
    (void)state;
    run_t r;
    run("create table t (id number primary key, c clob)\n"
        "  lob (c) store as basicfile (storage (initial 6144) chunk 4000);\n"
        "insert into t values (1, rpad('x', 4000, 'x'));\n"
        "select extent_id, bytes, blocks from user_extents\n"
        "  where segment_type = 'LOBSEGMENT' and extent_id = 0;\n"
        "select chunk from user_lobs;\n",
        "T", &r);
    expect_out(&r, 3,
               " EXTENT_ID      BYTES     BLOCKS\n"
               "---------- ---------- ----------\n"
               "         0      65536          8\n");
    expect_out(&r, 4, "     CHUNK\n----------\n      8192\n");
    done(&r);
}

/* A table segment made by SEGMENT CREATION IMMEDIATE with no row: its
 * first extent under autoallocate, 64 KB (8 blocks).  The LOB segment
 * places its metadata before any data (lobspace/README.md: 1 segment
 * header + 3 CFS + 50 PUA blocks = 54), 7 blocks in each 64 KB extent
 * after its extent header: 8 extents (7 x 7 = 49 < 54 <= 56), 64 blocks,
 * 524,288 bytes.  Both in USERS, the default tablespace. */
static void test_segments_immediate(void **state)
{
    (void)state;
    run_t r;
    run("create table t (id number, c clob) segment creation immediate lob (c) store as "
        "basicfile;\n"
        "select segment_type, segment_subtype, tablespace_name, bytes, blocks, extents from "
        "user_segments order by segment_type desc;\n"
        "select segment_type, count(*) from user_segments group by segment_type;\n"
        "select segment_name from user_segments where segment_type like 'LOB%';\n"
        "select extent_id, bytes, blocks from user_extents where segment_name = 'T';\n"
        "select count(*) from user_segments where segment_type like '_ABLE';\n",
        "T", &r);
    /* like's _: one character */
    expect_out(&r, 6, "  COUNT(*)\n----------\n         1\n");
    expect_out(&r, 5,
               " EXTENT_ID      BYTES     BLOCKS\n"
               "---------- ---------- ----------\n"
               "         0      65536          8\n");
    /* An empty LOB segment has its first 64 KB extent only (issue 40:
     * lob_space_create() adds the first extent; the extents that hold the
     * rest of the metadata come with the first write). */
    expect_out(&r, 2,
               "SEGMENT_TYPE       SEGMENT_SU TABLESPACE_NAME                     BYTES     "
               "BLOCKS    EXTENTS\n"
               "------------------ ---------- ------------------------------ ---------- "
               "---------- ----------\n"
               "TABLE              ASSM       USERS                               65536          "
               "8          1\n"
               "LOBSEGMENT         ASSM       USERS                               65536          "
               "8          1\n"
               "LOBINDEX           ASSM       USERS                               65536          "
               "8          1\n");
    expect_out(&r, 3,
               "SEGMENT_TYPE         COUNT(*)\n"
               "------------------ ----------\n"
               "TABLE                       1\n"
               "LOBSEGMENT                  1\n"
               "LOBINDEX                    1\n");
    /* table 1, column 2: SYS_LOB, 10 digits, C, 5 digits, $$ */
    assert_non_null(r.out[4]);
    assert_non_null(strstr(r.out[4], "\nSYS_LOB0000000001C00002$$\n"));
    done(&r);
    /* a primary key's index segment, named by its constraint or SYS_C<n>,
     * made with the table's segment, an empty root in one 64 KB extent:
     * K, its LOB segment, LOB index and key's index; N and its key's */
    run("create table k (id number primary key, c clob) segment creation immediate;\n"
        "select count(*) from user_segments;\n"
        "drop table k;\n"
        "create table n (id number constraint n_pk primary key, v varchar2(10)) segment "
        "creation immediate;\n"
        "select segment_name, segment_type, blocks from user_segments order by 1;\n"
        "create table d (id number primary key);\n"
        "select count(*) from user_segments where segment_type = 'INDEX';\n"
        "create table v (k varchar2(10) primary key) segment creation immediate;\n"
        "select count(*) from user_segments where segment_name = 'V';\n",
        "K", &r);
    expect_out(&r, 2, "  COUNT(*)\n----------\n         4\n");
    expect_out(&r, 5,
               "SEGMENT_NAME                                                                     "
               "                                                SEGMENT_TYPE           BLOCKS\n"
               "-------------------------------------------------------------------------------"
               "------------------------------------------------- ------------------ ----------\n"
               "N                                                                                "
               "                                                TABLE                       8\n"
               "N_PK                                                                             "
               "                                                INDEX                       8\n");
    /* a deferred table has no segment, its key's index none either */
    expect_out(&r, 7, "  COUNT(*)\n----------\n         1\n");
    /* a key on a VARCHAR2 column: its index not modelled, and said */
    expect_out(&r, 9,
               "  COUNT(*)\n----------\n         1\n"
               "(INDEX segments of a primary key on a column other than a NUMBER id are not "
               "modelled: their rows are left out)\n");
    done(&r);
}

/* user_lobs: each LOB column's options as the statements left them. */
static void test_user_lobs(void **state)
{
    (void)state;
    run_t r;
    run("create table a (id number, x clob, y clob) lob (x) store as securefile (cache reads "
        "deduplicate compress high disable storage in row) lob (y) store as basicfile ys (chunk "
        "16k pctversion 20 cache);\n"
        "select column_name, chunk, pctversion, cache, compression, deduplication, in_row, "
        "securefile, segment_created from user_lobs where table_name = 'A' order by 1;\n"
        "select segment_name, index_name from user_lobs where column_name in ('X', 'Y') order "
        "by column_name desc;\n"
        "alter table a modify lob (x) (nocache);\n"
        "select cache from user_lobs where column_name = 'X';\n",
        "A", &r);
    assert_non_null(r.out[2]);
    /* COLUMN_NAME is VARCHAR2(4000): its values padded to 4,000 */
    assert_non_null(strstr(r.out[2], "     16384         20 YES        NONE   NONE            YES "
                                     "NO  NO\n"));
    assert_non_null(strstr(r.out[2], "      8192            CACHEREADS HIGH   LOB             NO  "
                                     "YES NO\n"));
    assert_non_null(strstr(r.out[3], "\nYS"));
    assert_non_null(strstr(r.out[3], "SYS_IL0000000001C00003$$\n"));
    assert_non_null(strstr(r.out[3], "\nSYS_LOB0000000001C00002$$"));
    assert_true(strstr(r.out[3], "\nYS") < strstr(r.out[3], "\nSYS_LOB"));
    expect_out(&r, 5,
               "CACHE\n"
               "----------\n"
               "NO\n");
    done(&r);
}

/* count(*), dbms_lob.getlength and sum over a table, its where on the id;
 * SQL*Plus's FEEDBACK 6: "N rows selected." from 6 rows on. */
static void test_count_getlength(void **state)
{
    (void)state;
    run_t r;
    run("create table t (id number primary key, c clob);\n"
        "insert into t select level, rpad('x', 100 * level, 'x') from dual connect by level <= "
        "7;\n"
        "insert into t values (8, null);\n"
        "select count(*) from t;\n"
        "select sum(dbms_lob.getlength(c)) total from t where id <= 3;\n"
        "select id, dbms_lob.getlength(c) from t order by id desc;\n"
        "select count(*) from t where id > 100;\n"
        "select id from t where id > 100;\n"
        "select id from t where id <= 6 order by id;\n"
        "select id from t where id <= 5 order by id;\n",
        "T", &r);
    /* FEEDBACK 6: said for 6 rows, not for 5 */
    assert_non_null(r.out[9]);
    assert_non_null(strstr(r.out[9], "         6\n\n6 rows selected.\n"));
    assert_non_null(r.out[10]);
    assert_null(strstr(r.out[10], "selected"));
    expect_out(&r, 4, "  COUNT(*)\n----------\n         8\n");
    /* 100 + 200 + 300 */
    expect_out(&r, 5, "     TOTAL\n----------\n       600\n");
    expect_out(&r, 6,
               "        ID DBMS_LOB.GETLENGTH(C)\n"
               "---------- ---------------------\n"
               "         8\n"
               "         7                   700\n"
               "         6                   600\n"
               "         5                   500\n"
               "         4                   400\n"
               "         3                   300\n"
               "         2                   200\n"
               "         1                   100\n"
               "\n"
               "8 rows selected.\n");
    expect_out(&r, 7, "  COUNT(*)\n----------\n         0\n");
    expect_out(&r, 8, "no rows selected\n");
    done(&r);
}

/* Arithmetic over an item (`bytes/1024/1024`, `round(sum(...)/..., 2)`):
 * each number as SQL*Plus shows it in 10 characters (decimals that fit,
 * no 0 before the point, scientific past the width), ROUND half away
 * from zero and TRUNC to places, a division by 0 null; two columns in one
 * item not modelled, a text column ORA-01722. */
static void test_select_arithmetic(void **state)
{
    (void)state;
    run_t r;
    run("create table t (id number, c clob);\n"
        "insert into t values (1, null);\n"
        "select count(*)/3 a, count(*)*2/3 b, count(*)*100/3 c, -count(*)/2 d, count(*)/8 e "
        "from t;\n"
        "select count(*)*100000000000/3 f, round(count(*)*2/3, 2) g, trunc(count(*)*2/3, 2) h,"
        " count(*)/0 i, round(count(*)*1250, -2) j from t;\n"
        "select -count(*)/3 k, round(-count(*)*1250, -2) l from t;\n"
        "select bytes/blocks from user_segments;\n"
        "select segment_name/2 from user_segments;\n",
        "T", &r);
    expect_out(&r, 3,
               "         A          B          C          D          E\n"
               "---------- ---------- ---------- ---------- ----------\n"
               ".333333333 .666666667 33.3333333        -.5       .125\n");
    expect_out(&r, 4,
               "         F          G          H          I          J\n"
               "---------- ---------- ---------- ---------- ----------\n"
               "3.3333E+10        .67        .66                  1300\n");
    expect_out(&r, 5, "         K          L\n---------- ----------\n-.33333333      -1300\n");
    expect_out(&r, 6, "not modelled: an expression of two columns in the select list\n");
    assert_string_equal(r.error[7], "ORA-01722: invalid number");
    done(&r);
}

/* Character functions of a view's text column in the select list
 * (SQL Language Reference, SUBSTR, UPPER, LOWER, TRIM, RPAD, LPAD), nested,
 * each with its width as Oracle types it (SUBSTR's length, RPAD's n) and
 * SQL*Plus's heading cut to it; a position past the end a null; ordering
 * by the item orders by its result.  A function where a column is read
 * (group by, a condition) and of a number column: not modelled, not
 * ORA-00904. */
static void test_select_text_functions(void **state)
{
    (void)state;
    run_t r;
    run("create table t (id number, c clob) segment creation immediate lob (c) store as "
        "securefile lseg;\n"
        "select substr(segment_name, 1, 3) nm, lower(segment_type) lt, substr(segment_name, -2, "
        "2) e, rpad(segment_type, 12, '*') p, lpad(upper(lower(segment_type)), 12) u, "
        "trim(rpad(segment_type, 14)) tr, substr(segment_name, 9, 5) z from user_segments "
        "where segment_name = 'LSEG' or segment_type = 'TABLE' order by 1 desc;\n"
        "select substr(segment_name, 1, 2), count(*) from user_segments group by "
        "substr(segment_name, 1, 2);\n"
        "select substr(bytes, 1, 2) from user_segments;\n",
        "T", &r);
    expect_out(&r, 2,
               "NM  LT                 E  P            U            TR             Z\n"
               "--- ------------------ -- ------------ ------------ -------------- -----\n"
               "T   table                 TABLE*******        TABLE TABLE\n"
               "LSE lobsegment         EG LOBSEGMENT**   LOBSEGMENT LOBSEGMENT\n");
    expect_out(&r, 3,
               "not modelled: a function (SUBSTR) where a column is read (the select list answers "
               "some)\n");
    expect_out(&r, 4, "not modelled: a character function of a number column\n");
    done(&r);
}

/* SQL*Plus's COLUMN FORMAT and HEADING (script/colfmt.c): An sets a text
 * column's width and cuts its heading, a text longer wraps onto the next
 * lines and its row is followed by an empty line (WRAPPED, RECSEP
 * WRAPPED); a number format sets the width to one more than the model and
 * prints '#'s when the value does not fit; a heading's '|' starts a
 * second line; the settings of one column add up, CLEAR ends one's,
 * CLEAR COLUMNS all; NEW_VALUE on the same line still sets its variable. */
#define SEG128                                                                                     \
    "--------------------------------------------------------------------------------------------" \
    "------------------------------------"
static void test_column_format(void **state)
{
    (void)state;
    run_t r;
    run("create table t (id number, c clob) segment creation immediate lob (c) store as "
        "securefile lseg;\n"
        "col segment_name format a3 new_value last_seg\n"
        "column bytes format 999 heading 'B'\n"
        "select segment_name, bytes from user_segments order by 1;\n"
        "col segment_name clear\n"
        "select segment_name from user_segments where segment_name = '&last_seg';\n"
        "column bytes format 999,999,999\n"
        "column bytes heading 'Seg|Bytes'\n"
        "col blocks heading \"Total Blocks\"\n"
        "col segment_type format a5\n"
        "select bytes, blocks, segment_type from user_segments order by 1, 3;\n"
        "clear columns\n"
        "select bytes, segment_type from user_segments where segment_name = 'T';\n",
        "T", &r);
    expect_out(
        &r, 2,
        "SEG    B\n--- ----\nLSE ####\nG\n\nSYS ####\n_IL\n000\n000\n000\n1C0\n000\n2$$\n\nT   "
        "####\n");
    expect_out(&r, 3, "SEGMENT_NAME\n" SEG128 "\nT\n");
    expect_out(&r, 4,
               "         Seg Total Blocks SEGME\n"
               "       Bytes\n"
               "------------ ------------ -----\n"
               "      65,536            8 LOBIN\n"
               "                          DEX\n"
               "\n"
               "      65,536            8 LOBSE\n"
               "                          GMENT\n"
               "\n"
               "      65,536            8 TABLE\n");
    expect_out(&r, 5, "     BYTES SEGMENT_TYPE\n---------- ------------------\n     65536 TABLE\n");
    done(&r);
}

/* What the model cannot answer says so, with no figure; what Oracle
 * refuses is the step's error. */
static void test_not_modelled(void **state)
{
    (void)state;
    run_t r;
    run("create table t (id number, c clob);\n"
        "select file_id, block_id from dba_extents;\n"
        "select * from dba_free_space;\n"
        "select nosuch from user_segments;\n"
        "select count(*) from nosuch;\n"
        "select * from v$securefile_shrink;\n"
        "select initcap(segment_name) from user_segments;\n",
        "T", &r);
    expect_out(&r, 6, "not modelled: select * (column LOB_OBJD: the model does not have it)\n");
    /* a function Oracle has, not ORA-00904 */
    expect_out(
        &r, 7,
        "not modelled: a function in the select list other than count(*), sum, max, min, "
        "avg, dbms_lob.getlength(...), dbms_lob.getchunksize(...), round, trunc, nvl, substr, "
        "upper, lower, trim, rpad or lpad\n");
    expect_out(&r, 2, "not modelled: column FILE_ID (the model does not have it)\n");
    expect_out(&r, 3, "not modelled: DBA_FREE_SPACE (a view the model does not fill)\n");
    assert_string_equal(r.error[4], "ORA-00904: \"NOSUCH\": invalid identifier");
    assert_null(r.out[4]);
    assert_string_equal(r.error[5], "ORA-00942: table or view does not exist");
    done(&r);
}

/* insert into t2 select * from t1 where id <= 10: ten rows, each LOB
 * written again in t2's segment: 10 x 3 blocks used (20,000 characters,
 * 3 blocks of 8,060 bytes); t1 keeps its 20 LOBs.  Into a DEDUPLICATE
 * segment the ten equal values are one LOB of 3 blocks: deduplication is
 * within a segment, never with t1's. */
#define T1                                                                                         \
    "create table t1 (id number primary key, c clob) lob (c) store as securefile (disable "        \
    "storage in row deduplicate);\n"                                                               \
    "insert into t1 select level, rpad(to_clob('x'), 20000, 'x') from dual connect by level <= "   \
    "20;\n"                                                                                        \
    "commit;\n"

static void test_insert_select_other_table(void **state)
{
    (void)state;
    run_t r, d, t1;
    const char *script = T1 "create table t2 (id number, c clob) lob (c) store as securefile "
                            "(disable storage in row);\n"
                            "insert /*+ append */ into t2 select * from t1 where id <= 10;\n"
                            "select count(*) from t2;\n";
    run(script, "T2", &r);
    assert_int_equal(r.at[5].v[SIM_STAT_LOB_LIVE], 10);
    assert_int_equal(r.at[5].v[SIM_STAT_DSU_USED_BLOCKS], 30);
    expect_out(&r, 6, "  COUNT(*)\n----------\n        10\n");
    run(script, "T1", &t1);
    /* t1 deduplicated: its 20 equal values are one LOB */
    assert_int_equal(t1.at[5].v[SIM_STAT_DSU_USED_BLOCKS], 3);
    run(T1 "create table t2 (id number, c clob) lob (c) store as securefile (disable storage in "
           "row deduplicate);\n"
           "insert into t2 (id, c) select id, c from t1 where id <= 10;\n",
        "T2", &d);
    assert_int_equal(d.at[5].v[SIM_STAT_LOB_LIVE], 1);
    assert_int_equal(d.at[5].v[SIM_STAT_DSU_USED_BLOCKS], 3);
    done(&r);
    done(&d);
    done(&t1);
}

/* create table t3 as select ... from t1 where id > 15: five rows, their
 * LOBs in t3's own segment of the defaults (SecureFile under
 * db_securefile PREFERRED, in row allowed: 20,000 characters stay out of
 * row, 3 blocks each: 15). */
static void test_ctas(void **state)
{
    (void)state;
    run_t r;
    run(T1 "create table t3 as select id, c from t1 where id > 15;\n"
           "select count(*) from t3;\n"
           "select securefile, deduplication from user_lobs where table_name = 'T3';\n"
           "create table t3 as select * from t1;\n",
        "T3", &r);
    assert_int_equal(r.at[4].v[SIM_STAT_LOB_LIVE], 5);
    assert_int_equal(r.at[4].v[SIM_STAT_DSU_USED_BLOCKS], 15);
    expect_out(&r, 5, "  COUNT(*)\n----------\n         5\n");
    expect_out(&r, 6,
               "SEC DEDUPLICATION\n"
               "--- ---------------\n"
               "YES NO\n");
    assert_string_equal(r.error[7], "ORA-00955: name is already used by an existing object");
    done(&r);
}

/* v$mystat joined to v$statname: the session's statistics over the steps
 * before the query: redo size the sum of the steps' own, user commits 1
 * (one commit); a statistic the model does not count is not answered. */
static void test_mystat(void **state)
{
    (void)state;
    run_t r;
    run("create table t (id number, c clob) lob (c) store as securefile (disable storage in "
        "row);\n"
        "insert into t select level, rpad('x', 10000, 'x') from dual connect by level <= 5;\n"
        "commit;\n"
        "select n.name, m.value v from v$mystat m, v$statname n where m.statistic# = "
        "n.statistic# and n.name in ('user commits', 'redo size') order by n.name desc;\n"
        "select name, value from v$mystat m, v$statname n where m.statistic# = n.statistic# "
        "and name = 'consistent gets';\n"
        "select name, value from v$mystat;\n"
        "select name, value from v$mystat m, v$statname n where n.name = 'redo size';\n",
        "T", &r);
    uint64_t redo = 0;
    for (int i = 1; i <= 3; i++)
        redo += r.at[i].v[SIM_STAT_REDO_SIZE];
    assert_true(redo > 0);
    char want[512];
    snprintf(want, sizeof want,
             "NAME                                                                      V\n"
             "---------------------------------------------------------------- ----------\n"
             "user commits                                                              1\n"
             "%-64s %10llu\n",
             "redo size", (unsigned long long)redo);
    expect_out(&r, 4, want);
    expect_out(&r, 5, "not modelled: statistic 'consistent gets' (the model does not count it)\n");
    expect_out(&r, 6,
               "not modelled: v$mystat or v$statname alone (the model answers the two joined on "
               "statistic#)\n");
    /* both views without the join: every statistic against every value */
    expect_out(&r, 7, "not modelled: v$mystat and v$statname without their join on statistic#\n");
    done(&r);
}

/* v$securefile_shrink: no row before a shrink; after one of a segment
 * whose LOBs were all deleted, nothing live to move (BLOCKS_MOVED 0),
 * COMPLETE, run by the script (AUTOMATIC 0), its freed blocks those of the
 * step's own figures. */
static void test_shrink_view(void **state)
{
    (void)state;
    run_t r;
    run("create table t (id number, c clob) lob (c) store as securefile (disable storage in "
        "row retention none);\n"
        "insert into t select level, rpad(to_clob('x'), 20000, 'x') from dual connect by level "
        "<= 200;\n"
        "commit;\n"
        "select shrink_status from v$securefile_shrink;\n"
        "delete from t;\n"
        "commit;\n"
        "alter table t modify lob (c) (shrink space);\n"
        "select shrink_status, blocks_moved, blocks_freed, automatic from v$securefile_shrink;\n"
        "insert into t select level, rpad(to_clob('x'), 20000, 'x') from dual connect by level "
        "<= 200;\n"
        "delete from t where mod(id, 2) = 0;\n"
        "commit;\n"
        "alter table t modify lob (c) (shrink space);\n"
        "select extents_allocated, extents_freed from v$securefile_shrink;\n",
        "T", &r);
    expect_out(&r, 4, "no rows selected\n");
    char want[512];
    snprintf(want, sizeof want,
             "SHRINK_STATUS                            BLOCKS_MOVED BLOCKS_FREED  AUTOMATIC\n"
             "---------------------------------------- ------------ ------------ ----------\n"
             "COMPLETE                                            0 %12llu          0\n",
             (unsigned long long)r.at[7].v[SIM_STAT_SHRINK_BLOCKS_FREED]);
    expect_out(&r, 8, want);
    /* the second shrink's row replaces the first's; its figures those the
     * step counted */
    assert_true(r.at[12].v[SIM_STAT_SHRINK_EXTENTS_ALLOCATED] !=
                r.at[12].v[SIM_STAT_SHRINK_EXTENTS_FREED]);
    snprintf(want, sizeof want,
             "EXTENTS_ALLOCATED EXTENTS_FREED\n"
             "----------------- -------------\n"
             "%17llu %13llu\n",
             (unsigned long long)r.at[12].v[SIM_STAT_SHRINK_EXTENTS_ALLOCATED],
             (unsigned long long)r.at[12].v[SIM_STAT_SHRINK_EXTENTS_FREED]);
    expect_out(&r, 13, want);
    done(&r);
}

/* user_lob_partitions: each LOB partition's kind decided when it is made
 * (Oracle Database Reference 19c, DB_SECUREFILE): under PERMITTED a
 * partition without a keyword inherits the column level's BASICFILE and
 * one whose clause says SECUREFILE is one; under PREFERRED "cases where
 * BASICFILE would otherwise be inherited from the partition or column
 * level LOB storage are ignored" (SecureFile, with a SecureFile's defaults:
 * CHUNK one block), an explicit BASICFILE kept, with the column level's
 * CHUNK inherited.  user_lobs shows the column level, PARTITIONED YES. */
static void test_lob_partitions(void **state)
{
    (void)state;
    run_t r;
    run("alter session set db_securefile = permitted;\n"
        "create table t (x int, c clob) lob (c) store as basicfile (chunk 16384) partition by "
        "list (x) (partition p1 values (1), partition p2 values (2) lob (c) store as securefile);\n"
        "select securefile, partition_position, chunk, cache from user_lob_partitions;\n"
        "alter session set db_securefile = preferred;\n"
        "alter table t add partition p3 values (3);\n"
        "alter table t add partition p4 values (4) lob (c) store as basicfile (cache);\n"
        "alter table t drop partition p1;\n"
        "select securefile, partition_position, chunk, cache from user_lob_partitions order by "
        "partition_position desc;\n"
        "select securefile, partitioned, segment_created from user_lobs;\n",
        "T", &r);
    expect_out(&r, 3,
               "SEC PARTITION_POSITION      CHUNK CACHE\n"
               "--- ------------------ ---------- ----------\n"
               "NO                   1      16384 NO\n"
               "YES                  2       8192 NO\n");
    expect_out(&r, 8,
               "SEC PARTITION_POSITION      CHUNK CACHE\n"
               "--- ------------------ ---------- ----------\n"
               "NO                   3      16384 YES\n"
               "YES                  2       8192 NO\n"
               "YES                  1       8192 NO\n");
    expect_out(&r, 9,
               "SEC PAR SEG\n"
               "--- --- ---\n"
               "NO  YES N/A\n");
    done(&r);
    /* Each LOB partition its own segment, of its own kind: user_segments
     * lists them as LOB PARTITION (the table's partitions left out) */
    run("alter session set db_securefile = permitted;\n"
        "create table t (x int, c clob) lob (c) store as basicfile partition by list (x) "
        "(partition p1 values (1), partition p2 values (2) lob (c) store as securefile, "
        "partition p3 values (3));\n"
        "insert into t select level, rpad('x', 9000, 'x') from dual connect by level <= 2;\n"
        "select segment_subtype, count(*) from user_segments where segment_type = 'LOB "
        "PARTITION' group by segment_subtype order by 1;\n"
        "select partition_position, segment_created from user_lob_partitions;\n"
        "alter table t drop partition p1;\n"
        "select count(*) from user_segments where segment_type = 'LOB PARTITION';\n"
        "select count(*) from t;\n",
        "T", &r);
    expect_out(&r, 4,
               "SEGMENT_SU   COUNT(*)\n"
               "---------- ----------\n"
               "ASSM                1\n"
               "SECUREFILE          1\n"
               "(LOB INDEX PARTITION segments are not modelled: their rows are left out)\n"
               "(TABLE PARTITION segments are not modelled: their rows are left out)\n");
    expect_out(&r, 5,
               "PARTITION_POSITION SEG\n"
               "------------------ ---\n"
               "                 1 YES\n"
               "                 2 YES\n"
               "                 3 NO\n");
    /* the dropped partition's segment goes with it */
    expect_out(&r, 7,
               "  COUNT(*)\n"
               "----------\n"
               "         1\n"
               "(LOB INDEX PARTITION segments are not modelled: their rows are left out)\n"
               "(TABLE PARTITION segments are not modelled: their rows are left out)\n");
    /* and its row (key 1) with it */
    expect_out(&r, 8,
               "  COUNT(*)\n"
               "----------\n"
               "         1\n");
    done(&r);
}

/* The figure after `label` in text (a line of dbms_output), -1 when none
 * (an empty one: a null). */
static long long figure(const char *text, const char *label)
{
    const char *p = text ? strstr(text, label) : NULL;
    if (p == NULL)
        return -2;
    p += strlen(label);
    if (*p < '0' || *p > '9')
        return -1;
    return strtoll(p, NULL, 10);
}

/* dbms_space.space_usage (SecureFile form) and unused_space in a block
 * (issue 41, item 7): the OUT variables hold the figures user_segments and
 * user_extents show of the same segment at the same step (one place
 * counts them: life_lob_figures(), lob_space_unused()).  The table's
 * segment: one 64 KB extent (8 blocks), its high-water mark after the 3
 * ASSM header blocks and the row blocks: unused + last used block = 8.
 * The file and block id of the last used extent: null (no datafiles). */
#define SPACE_DECL                                                                                 \
    "declare\n  sb number; sy number; ub number; uy number; eb number; ey number; xb number; "     \
    "xy number;\n  tb number; ty number; nb number; ny number; f number; b number; lb number;\n"
static void test_dbms_space(void **state)
{
    (void)state;
    run_t r;
    run("create table t (id number, c clob) lob (c) store as securefile l (disable storage in "
        "row);\n"
        "insert into t select level, rpad(to_clob('x'), 20000, 'x') from dual connect by "
        "level <= 30;\n"
        "commit;\n"
        "delete from t where id <= 10;\n"
        "commit;\n"
        "select blocks, bytes from user_segments where segment_name = 'L';\n"
        "select sum(blocks) from user_extents where segment_name = 'T';\n" SPACE_DECL "begin\n"
        "  dbms_space.space_usage('U', 'L', 'LOB', sb, sy, ub, uy, eb, ey, xb, xy);\n"
        "  dbms_output.put_line('seg ' || sb || ' bytes ' || sy || ' used ' || ub || ' usedb ' "
        "|| uy);\n"
        "  dbms_output.put_line('exp ' || eb || ' expb ' || ey || ' unexp ' || xb || ' unexpb ' "
        "|| xy);\n"
        "  dbms_space.unused_space(segment_owner => 'U', segment_type => 'TABLE', segment_name "
        "=> 'T', total_blocks => tb, total_bytes => ty, unused_blocks => nb, unused_bytes => ny, "
        "last_used_extent_file_id => f, last_used_extent_block_id => b, last_used_block => lb);\n"
        "  dbms_output.put_line('ttotal ' || tb || ' tbytes ' || ty || ' tunused ' || nb || "
        "' tunb ' || ny || ' tlast ' || lb || ' file ' || f || ' block ' || b || '.');\n"
        "  dbms_space.unused_space('U', 'L', 'LOB', tb, ty, nb, ny, f, b, lb);\n"
        "  dbms_output.put_line('ltotal ' || tb || ' lunused ' || nb || ' llast ' || lb);\n"
        "end;\n/\n" SPACE_DECL "begin\n"
        "  dbms_space.unused_space('U', 'NOSUCH', 'LOB', tb, ty, nb, ny, f, b, lb);\n"
        "end;\n/\n" SPACE_DECL "begin\n"
        "  dbms_space.space_usage('U', 'T', 'TABLE', sb, sy, ub, uy, eb, ey, xb, xy, tb, ty, "
        "nb, ny);\n"
        "end;\n/\n",
        "T", &r);
    /* user_segments of L (step 6) and user_extents of T (step 7) */
    long long blocks = 0, bytes = 0, tblocks = 0;
    assert_non_null(r.out[6]);
    assert_int_equal(sscanf(strstr(r.out[6], "-\n") + 2, "%lld %lld", &blocks, &bytes), 2);
    assert_non_null(r.out[7]);
    assert_int_equal(sscanf(strstr(r.out[7], "-\n") + 2, "%lld", &tblocks), 1);
    assert_true(blocks > 0 && tblocks == 8);
    const char *o = r.out[8];
    assert_non_null(o);
    assert_int_equal(figure(o, "seg "), blocks);
    assert_int_equal(figure(o, " bytes "), bytes);
    /* used, expired, unexpired: the step's dbms_space figures */
    const sim_stats_t *at = &r.at[8];
    assert_int_equal(figure(o, " used "), at->v[SIM_STAT_DSU_USED_BLOCKS]);
    assert_int_equal(figure(o, " usedb "), at->v[SIM_STAT_DSU_USED_BYTES]);
    assert_int_equal(figure(o, "exp "), at->v[SIM_STAT_DSU_EXPIRED_BLOCKS]);
    assert_int_equal(figure(o, " expb "), at->v[SIM_STAT_DSU_EXPIRED_BYTES]);
    assert_int_equal(figure(o, " unexp "), at->v[SIM_STAT_DSU_UNEXPIRED_BLOCKS]);
    assert_int_equal(figure(o, " unexpb "), at->v[SIM_STAT_DSU_UNEXPIRED_BYTES]);
    /* 20 LOBs of 3 blocks live; the 10 deleted ones' 30 blocks unexpired */
    assert_int_equal(figure(o, " used "), 60);
    assert_int_equal(figure(o, " unexp "), 30);
    assert_int_equal(figure(o, "ttotal "), tblocks);
    assert_int_equal(figure(o, " tbytes "), tblocks * 8192);
    long long nb = figure(o, " tunused "), lb = figure(o, " tlast ");
    assert_true(nb >= 0 && nb < tblocks);
    assert_int_equal(figure(o, " tunb "), nb * 8192);
    assert_int_equal(nb + lb, tblocks);
    assert_non_null(strstr(o, " file  block .\n"));
    assert_int_equal(figure(o, "ltotal "), blocks);
    long long lnb = figure(o, " lunused ");
    assert_true(lnb >= 0 && lnb < blocks && figure(o, " llast ") > 0);
    assert_string_equal(r.error[9], "ORA-00942: table or view does not exist");
    expect_out(&r, 10,
               "not modelled: dbms_space.space_usage's ASSM form of a table (the model keeps a "
               "table's rows by bytes, not block by block: its FS1-FS4 blocks are unknown)\n");
    done(&r);
}

/* dbms_space.space_usage's ASSM form of a LOB segment (lobspace.h,
 * lob_space_assm()): a BasicFile of CHUNK 32K (4 blocks) whose 10 LOBs of
 * 100 characters fill one block each: 10 full blocks, the chunks' other
 * 30 neither full nor unformatted (Lewis, "LOB Space"), the rest of the
 * data blocks unformatted, FS1-FS4 none; by position and by name; a
 * delete changes none of them. */
#define ASSM_DECL                                                                                  \
    "declare\n  ub number; uy number; a1 number; b1 number; a2 number; b2 number; a3 number;\n"    \
    "  b3 number; a4 number; b4 number; fb number; fy number;\n"
#define ASSM_PRINT                                                                                 \
    "  dbms_output.put_line('unf ' || ub || ' unfb ' || uy || ' fs ' || (a1 + a2 + a3 + a4) || "   \
    "' fsb ' || (b1 + b2 + b3 + b4) || ' full ' || fb || ' fullb ' || fy);\nend;\n/\n"
static void test_dbms_space_assm(void **state)
{
    (void)state;
    run_t r;
    run("create table t (id number, c clob) lob (c) store as basicfile l (disable storage in "
        "row chunk 32k);\n"
        "insert into t select level, rpad('x', 100, 'x') from dual connect by level <= 10;\n"
        "commit;\n"
        "select blocks from user_segments where segment_name = 'L';\n" ASSM_DECL "begin\n"
        "  dbms_space.space_usage(user, 'L', 'LOB', ub, uy, a1, b1, a2, b2, a3, b3, a4, b4, fb, "
        "fy);\n" ASSM_PRINT "delete from t;\ncommit;\n" ASSM_DECL "begin\n"
        "  dbms_space.space_usage(segment_owner => user, segment_name => 'L', segment_type => "
        "'LOB', unformatted_blocks => ub, unformatted_bytes => uy, fs1_blocks => a1, fs1_bytes "
        "=> b1, fs2_blocks => a2, fs2_bytes => b2, fs3_blocks => a3, fs3_bytes => b3, "
        "fs4_blocks => a4, fs4_bytes => b4, full_blocks => fb, full_bytes => fy, "
        "partition_name => null);\n" ASSM_PRINT,
        "T", &r);
    long long blocks = 0;
    assert_int_equal(sscanf(strstr(r.out[4], "-\n") + 2, "%lld", &blocks), 1);
    assert_true(blocks > 40);
    const sim_stats_t *at = &r.at[4];
    const char *o = r.out[5];
    assert_int_equal(figure(o, " full "), 10);
    assert_int_equal(figure(o, " fullb "), 10 * 8192);
    assert_int_equal(figure(o, " fs "), 0);
    assert_int_equal(figure(o, " fsb "), 0);
    long long unf = figure(o, "unf ");
    assert_int_equal(figure(o, " unfb "), unf * 8192);
    /* every data block (the dbms_space SecureFile figures' used and
     * expired: the segment less its metadata) is full, given in a chunk
     * (30), or unformatted */
    assert_int_equal(unf + 10 + 30, (long long)at->v[SIM_STAT_DSU_USED_BLOCKS] +
                                        (long long)at->v[SIM_STAT_DSU_EXPIRED_BLOCKS]);
    assert_string_equal(r.out[8], r.out[5]);
    done(&r);
}

/* A LOB data block's payload: a BasicFile block holds its size less 60
 * bytes (DBMS_LOB.GETCHUNKSIZE's 8,132 of 8,192: life_sim/params.c,
 * bf.block_overhead), a SecureFile block its size less 132 (8,060, a
 * block dump: lobspace/params.c).  One LOB of exactly a payload takes one
 * block, one byte more two: after the second insert the segment's used
 * blocks are 1 + 2 in either kind, each at its own boundary.
 * dbms_lob.getchunksize answers the same payload, a BasicFile's for its
 * whole CHUNK (ksun-oracle's 19c run: 8,132 at CHUNK 8192, 16,264 at
 * 16384), and null for a null LOB. */
static void payload_case(const char *kind, int chunk, int payload, const char *chunk_size)
{
    char text[700];
    snprintf(text, sizeof text,
             "create table t (id number, c clob) lob (c) store as %s l (disable storage in row "
             "chunk %d);\n"
             "insert into t values (1, rpad(to_clob('x'), %d, 'x'));\n"
             "insert into t values (2, rpad(to_clob('x'), %d, 'x'));\n"
             "insert into t values (3, null);\n"
             "select id, dbms_lob.getchunksize(c) cs from t order by id;\n",
             kind, chunk, payload, payload + 1);
    run_t r;
    run(text, "T", &r);
    if (chunk == 8192) {
        assert_int_equal(r.at[2].v[SIM_STAT_DSU_USED_BLOCKS], 1);
        assert_int_equal(r.at[3].v[SIM_STAT_DSU_USED_BLOCKS], 3);
    }
    char want[300];
    snprintf(want, sizeof want,
             "        ID         CS\n---------- ----------\n         1 %10s\n         2 %10s\n"
             "         3\n",
             chunk_size, chunk_size);
    expect_out(&r, 5, want);
    done(&r);
}

static void test_lob_block_payload(void **state)
{
    (void)state;
    payload_case("basicfile", 8192, 8132, "8132");
    payload_case("securefile", 8192, 8060, "8060");
    payload_case("basicfile", 16384, 16264, "16264");
}

/* Tom Kyte's ASSM show_space, its dynamic query as he wrote it: execute
 * immediate of a dba_segments / dba_tablespaces join whose placeholders
 * USING binds by position, `(:p is null or ...)` with a null partition;
 * the AUTO branch then calls space_usage's ASSM form.  Ten LOBs of one
 * block each in chunks of one block: ten full blocks.  A table in no
 * segment's tablespace makes the join find none (ORA-01403 from the
 * block); free_blocks of an ASSM segment is ORA-10618. */
#define KYTE_HEAD                                                                                  \
    "create or replace procedure ss(p_segname in varchar2, p_owner in varchar2 default user,\n"    \
    "  p_type in varchar2 default 'TABLE', p_partition in varchar2 default null) authid "          \
    "current_user as\n"                                                                            \
    "  l_ssm varchar2(255); ub number; uy number; a1 number; b1 number; a2 number; b2 number;\n"   \
    "  a3 number; b3 number; a4 number; b4 number; fb number; fy number;\n"                        \
    "  procedure p(l in varchar2, n in number) is begin\n"                                         \
    "    dbms_output.put_line(rpad(l, 12, '.') || to_char(n, '999,999,999,999')); end;\n"          \
    "begin\n"                                                                                      \
    "  begin\n"                                                                                    \
    "    execute immediate 'select ts.segment_space_management from dba_segments seg, "            \
    "dba_tablespaces ts where seg.segment_name = :p_segname and (:p_partition is null or "         \
    "seg.partition_name = :p_partition) and seg.owner = :p_owner and seg.tablespace_name = "       \
    "ts.tablespace_name' into l_ssm using p_segname, p_partition, p_partition, p_owner;\n"         \
    "  exception when too_many_rows then dbms_output.put_line('many'); return;\n"                  \
    "  end;\n"                                                                                     \
    "  if l_ssm = 'AUTO' then\n"                                                                   \
    "    dbms_space.space_usage(p_owner, p_segname, p_type, ub, uy, a1, b1, a2, b2, a3, b3, a4, "  \
    "b4, fb, fy, p_partition);\n"                                                                  \
    "    p('Full', fb); p('FS1', a1); p('Full Bytes', fy);\n"                                      \
    "  else\n"                                                                                     \
    "    dbms_space.free_blocks(segment_owner => p_owner, segment_name => p_segname,\n"            \
    "      segment_type => p_type, freelist_group_id => 0, free_blks => ub);\n"                    \
    "  end if;\n"                                                                                  \
    "end;\n/\n"

static void test_kyte_show_space(void **state)
{
    (void)state;
    run_t r;
    run("create table t (id number, c clob) lob (c) store as basicfile l (disable storage in "
        "row chunk 8192);\n"
        "insert into t select level, rpad('x', 6000, 'x') from dual connect by level <= 10;\n"
        "commit;\n" KYTE_HEAD "exec ss('L', user, 'LOB');\n"
        "exec ss('L', 'SOMEONE', 'LOB');\n"
        "exec dbms_space.free_blocks('LOBSIM', 'L', 'LOB', 0, :x);\n"
        "declare n number; begin dbms_space.free_blocks('LOBSIM', 'L', 'LOB', 0, n); end;\n/\n",
        "T", &r);
    expect_out(&r, 5,
               "Full........              10\n"
               "FS1.........               0\n"
               "Full Bytes..          81,920\n");
    assert_string_equal(r.error[6], "ORA-01403: no data found");
    assert_string_equal(r.error[8], "ORA-10618: Operation not allowed on this segment");
    done(&r);
}

/* select ... into over the views: a join with its condition, an or-group,
 * ORA-01422 caught by its handler, ORA-01403; a number into a VARCHAR2 */
static void test_select_into_views(void **state)
{
    (void)state;
    run_t r;
    run("create tablespace u2 datafile 'u2.dbf' size 10m extent management local uniform size "
        "128k;\n"
        "create table t (id number, c clob) tablespace u2 lob (c) store as securefile l;\n"
        "insert into t values (1, rpad('x', 9000, 'x'));\n"
        "commit;\n"
        "declare a varchar2(9); s varchar2(30); b number; k varchar2(20);\n"
        "begin\n"
        "  select t.allocation_type, s.segment_name, s.blocks, t.block_size into a, s, b, k\n"
        "    from user_segments s, dba_tablespaces t\n"
        "   where s.tablespace_name = t.tablespace_name and s.segment_type = 'LOBSEGMENT';\n"
        "  dbms_output.put_line(a || ' ' || s || ' ' || mod(b, 16) || ' ' || k);\n"
        "  select segment_name into s from user_segments\n"
        "   where (segment_name = 'NONE' or segment_type = 'TABLE') and segment_name <> 'L';\n"
        "  dbms_output.put_line(s);\n"
        "  select s.segment_type into s from dba_tablespaces t, user_segments s\n"
        "   where s.tablespace_name = t.tablespace_name and t.tablespace_name = 'U2'\n"
        "     and s.segment_name = 'L';\n"
        "  dbms_output.put_line(s);\n"
        "  begin\n"
        "    select segment_name into s from user_segments;\n"
        "  exception when too_many_rows then dbms_output.put_line('two');\n"
        "  end;\n"
        "  select segment_name into s from user_segments where segment_name = 'NONE';\n"
        "end;\n/\n"
        "select tablespace_name, allocation_type, initial_extent from dba_tablespaces where "
        "tablespace_name in ('U2', 'USERS') order by 1;\n",
        "T", &r);
    /* uniform extents of 128 KB: the segment is whole extents of 16 blocks */
    expect_out(&r, 5, "UNIFORM L 0 8192\nT\nLOBSEGMENT\ntwo\n");
    assert_string_equal(r.error[5], "ORA-01403: no data found");
    expect_out(&r, 6,
               "TABLESPACE_NAME                ALLOCATIO INITIAL_EXTENT\n"
               "------------------------------ --------- --------------\n"
               "U2                             UNIFORM           131072\n"
               "USERS                          SYSTEM             65536\n");
    done(&r);
}

/* COLUMN ... NEW_VALUE: the query's last row sets the variable, and a
 * later literal reads it when it runs (the name is the model's own, known
 * only then); before the query, the reference is left as written. */
static void test_new_value(void **state)
{
    (void)state;
    run_t r;
    run("column segment_name new_val lob\n"
        "create table t (id number, c clob, d clob);\n"
        "insert into t values (1, 'x', 'y');\n"
        "select count(*) from user_segments where segment_name = '&lob';\n"
        "select segment_name from user_lobs where table_name = 'T' order by column_name;\n"
        "select segment_type from user_segments where segment_name = '&lob';\n"
        "begin dbms_output.put_line('seg &lob.!'); end;\n/\n"
        "accept kind prompt 'Type? ' default 'LOBSEGMENT'\n"
        "select count(*) from user_segments where segment_type = '&kind';\n"
        "alter system dump datafile &&lob block 1;\n"
        "select dbms_rowid.rowid_block_number(rowid) block_no from t;\n",
        "T", &r);
    /* a statement without effect: the variable SQL*Plus fills is no
     * ORA-00911 (connormcd's misc-scripts dump a LOB's blocks so); a
     * package's function in a query is not modelled, not ORA-00904 */
    assert_string_equal(r.error[8], "");
    expect_out(&r, 9, "not modelled: the function DBMS_ROWID.ROWID_BLOCK_NUMBER\n");
    expect_out(&r, 3, "  COUNT(*)\n----------\n         0\n");
    expect_out(&r, 5, "SEGMENT_TYPE\n------------------\nLOBSEGMENT\n");
    expect_out(&r, 6, "seg SYS_LOB0000000001C00003$$!\n");
    /* ACCEPT's DEFAULT: the answer an empty line gives (two LOB segments) */
    expect_out(&r, 7, "  COUNT(*)\n----------\n         2\n");
    done(&r);
}

/* A join of two views written both ways (a comma and a where; ANSI
 * [inner] join ... on), and IN over a subquery of a view: the LOB segment
 * of the one table with a LOB among two tables. */
static void test_view_joins(void **state)
{
    (void)state;
    run_t r;
    run("create table t (id number, c clob) lob (c) store as securefile l;\n"
        "create table u (id number);\n"
        "insert into t values (1, rpad('x', 9000, 'x'));\n"
        "insert into u values (1);\n"
        "commit;\n"
        "select s.segment_name, l.table_name from user_lobs l, user_segments s\n"
        "  where l.segment_name = s.segment_name;\n"
        "select s.segment_type from user_lobs l join user_segments s on (l.segment_name = "
        "s.segment_name) where l.column_name = 'C';\n"
        "select count(*) from user_segments where segment_name in (select segment_name from "
        "user_lobs where table_name = 'T');\n"
        "select count(*) from user_segments where segment_name not in (select segment_name "
        "from user_lobs);\n"
        "select count(*) from user_segments s left join user_lobs l on l.segment_name = "
        "s.segment_name;\n"
        "select sum(blocks) from user_extents where segment_name = (select segment_name from "
        "user_lobs where table_name = 'T');\n"
        "alter table u add (e clob);\n"
        "select count(*) from user_segments where segment_name = (select segment_name from "
        "user_lobs);\n"
        "select count(*) from user_segments where segment_name not in (select partition_name "
        "from user_segments);\n"
        "select count(*) from user_segments where segment_name = 'U' or segment_name like "
        "'L%';\n"
        "select count(*) from user_segments where segment_name = 'U' or segment_name = 'T' "
        "and segment_type = 'TABLE';\n"
        "select s.blocks, segment_name from dba_segments s join dba_lobs l using (owner, "
        "segment_name) where l.table_name = 'T';\n"
        "select l.segment_name from user_segments s join user_lobs l using (segment_name);\n"
        "select nvl(sum(blocks), -1) n from user_segments where segment_name = 'NONE';\n"
        "select count(*) from dba_lobs l, dba_segments s where (l.owner||l.segment_name) = "
        "(s.owner||s.segment_name);\n"
        "select count(*) from dba_lobs l, dba_segments s where l.owner||l.segment_name <> "
        "s.owner||s.segment_name;\n"
        "select count(*) from dba_lobs l, dba_segments s where (l.table_name||l.segment_name) "
        "= (s.owner||s.segment_name);\n",
        "T", &r);
    assert_non_null(strstr(r.out[6], "\nL "));
    assert_non_null(strstr(r.out[6], " T\n"));
    assert_null(strstr(r.out[6], " U\n"));
    expect_out(&r, 7, "SEGMENT_TYPE\n------------------\nLOBSEGMENT\n");
    assert_non_null(strstr(r.out[8], "\n         1\n"));
    /* the tables T and U, and T's LOB index */
    assert_non_null(strstr(r.out[9], "\n         3\n"));
    expect_out(&r, 10, "not modelled: an outer, cross or natural join\n");
    /* a scalar subquery: the LOB segment's extents, the same blocks as
     * its user_segments row; two LOBs, two rows: ORA-01427 */
    long long ext = 0, seg = 0;
    assert_int_equal(sscanf(strstr(r.out[11], "-\n") + 2, "%lld", &ext), 1);
    assert_int_equal((long long)r.at[5].v[SIM_STAT_SEG_LOB_BLOCKS], seg = ext);
    assert_true(seg > 0);
    assert_string_equal(r.error[13], "ORA-01427: single-row subquery returns more than one row");
    /* NOT IN a list holding a null (every PARTITION_NAME here): never true */
    assert_non_null(strstr(r.out[14], "\n         0\n"));
    /* an or at the top of a where: U's segment and the LOB's */
    assert_non_null(strstr(r.out[15], "\n         2\n"));
    expect_out(&r, 16, "not modelled: and and or mixed at the top of a where\n");
    /* JOIN ... USING: the LOB's segment once, its blocks those of step 11's
     * extents; a qualified USING column ORA-25154; nvl of an empty sum */
    char want[128];
    snprintf(want, sizeof want, "%10lld L\n", ext);
    assert_non_null(strstr(r.out[17], want));
    assert_null(strstr(r.out[17], " T\n"));
    assert_string_equal(r.error[18],
                        "ORA-25154: column part of USING clause cannot have qualifier");
    assert_non_null(strstr(r.out[19], "\n        -1\n"));
    /* a join on concatenated columns, counted: two LOBs (T's C, U's added
     * E) against six segments (the two LOB indexes among them): 2 pairs
     * equal, 10 not */
    assert_non_null(strstr(r.out[20], "\n         2\n"));
    assert_non_null(strstr(r.out[21], "\n        10\n"));
    assert_non_null(strstr(r.out[22], "\n         0\n")); /* T... is not LOBSIM... */
    done(&r);
}

/* SET AUTOTRACE: the statistics block under a DML statement and a query
 * while ON [STATISTICS] or TRACEONLY is in force, none under DDL, a
 * refused statement, EXPLAIN only, or after OFF; its figures the step's
 * own, as the step's row counts them. */
static void test_autotrace(void **state)
{
    (void)state;
    run_t r;
    run("create table t (id number primary key, c clob) lob (c) store as securefile;\n"
        "set autotrace on statistics\n"
        "insert into t values (1, rpad('x', 9000, 'x'));\n"
        "insert into t values (1, null);\n"
        "create table u (id number);\n"
        "set autot trace exp\n"
        "insert into t values (2, null);\n"
        "set autotrace traceonly\n"
        "select count(*) from t;\n"
        "set autotrace off\n"
        "delete from t;\n",
        "T", &r);
    char want[512];
    snprintf(want, sizeof want,
             "\nStatistics\n"
             "----------------------------------------------------------\n"
             "%11llu  db block gets\n"
             "%11llu  redo size\n"
             "(autotrace's other statistics are not counted by the model)\n",
             (unsigned long long)r.at[2].v[SIM_STAT_DB_BLOCK_GETS],
             (unsigned long long)r.at[2].v[SIM_STAT_REDO_SIZE]);
    assert_true(r.at[2].v[SIM_STAT_REDO_SIZE] > 9000);
    expect_out(&r, 2, want);
    assert_null(r.out[3]); /* ORA-00001: no statistics */
    assert_string_equal(r.error[3], "ORA-00001: unique constraint (SYS_C000001) violated");
    assert_null(r.out[4]);
    assert_null(r.out[5]);
    assert_non_null(strstr(r.out[6], "\nStatistics\n"));
    assert_null(r.out[7]);
    done(&r);
}

/* A query over a table with a where on a LOB's length, not only the id:
 * the rows a DML's where would take (the answer was 0 rows before: the
 * fast id-only matcher). */
static void test_table_where_lob_length(void **state)
{
    (void)state;
    run_t r;
    run("create table t (id number, c clob);\n"
        "insert into t values (1, rpad('x', 3000, 'x'));\n"
        "insert into t values (2, 'short');\n"
        "insert into t values (3, null);\n"
        "select count(*) from t where dbms_lob.getlength(c) > 1000;\n"
        "select id from t where dbms_lob.getlength(c) < 1000 or id = 1 order by id;\n"
        "select count(*) from t where c is null;\n"
        "select avg(dbms_lob.getlength(c)) a, max(dbms_lob.getlength(c)) mx, "
        "min(dbms_lob.getlength(c)) mn from t;\n"
        "select id, dbms_lob.getlength(c) / 1000 k from t where id = 1;\n"
        "select avg(id) from t where id > 1;\n"
        "declare n number; m number; s number;\n"
        "begin\n"
        "  for i in 1 .. 2 loop\n"
        "    select dbms_lob.getlength(c) into n from t where id = i;\n"
        "    dbms_output.put_line(i || ' ' || n);\n"
        "  end loop;\n"
        "  select max(dbms_lob.getlength(c)), sum(dbms_lob.getlength(c)) into m, s from t;\n"
        "  dbms_output.put_line(m || ' ' || s);\n"
        "  select dbms_lob.getlength(c) into n from t where id > 0;\n"
        "end;\n/\n"
        "select count(*) from t where rownum <= 2;\n"
        "select id from t where id > 1 and rownum <= 1;\n",
        "T", &r);
    expect_out(&r, 5, "  COUNT(*)\n----------\n         1\n");
    expect_out(&r, 6, "        ID\n----------\n         1\n         2\n");
    expect_out(&r, 7, "  COUNT(*)\n----------\n         1\n");
    /* aggregates leave nulls out: avg of 3,000 and 5 */
    expect_out(&r, 8,
               "         A         MX         MN\n---------- ---------- ----------\n"
               "    1502.5       3000          5\n");
    expect_out(&r, 9, "        ID          K\n---------- ----------\n         1          3\n");
    expect_out(&r, 10, "   AVG(ID)\n----------\n       2.5\n");
    /* select ... into of a LOB's length, its where on a loop's variable */
    expect_out(&r, 11, "1 3000\n2 5\n3000 3005\n");
    assert_string_equal(r.error[11],
                        "ORA-01422: exact fetch returns more than requested number of rows");
    /* rownum: the first rows the where keeps, in the table's order */
    expect_out(&r, 12, "  COUNT(*)\n----------\n         2\n");
    expect_out(&r, 13, "        ID\n----------\n         2\n");
    done(&r);
}

/* ALTER TABLE T MOVE packs the rows into a new segment: a table of 2,000
 * rows with 1,900 deleted, moved, is as big as a table that only ever
 * held those 100 rows; its LOB segment stays; MOVE to another
 * tablespace is refused. */
static void test_table_move(void **state)
{
    (void)state;
    run_t r;
    run("create table t (id number, c clob) lob (c) store as l (disable storage in row);\n"
        "create table u (id number, c clob) lob (c) store as m (disable storage in row);\n"
        "insert into t select level, rpad('x', 3000, 'x') from dual connect by level <= 2000;\n"
        "insert into u select level, rpad('x', 3000, 'x') from dual connect by level <= 100;\n"
        "delete from t where id > 100;\n"
        "commit;\n"
        "select segment_name, blocks from user_segments where segment_name in ('T', 'L') "
        "order by 1;\n"
        "alter table t move;\n"
        "select segment_name, blocks from user_segments order by 1;\n",
        "T", &r);
    long long t0 = 0, l0 = 0, l1 = 0, m1 = 0, t1 = 0, u1 = 0;
    assert_int_equal(sscanf(strstr(r.out[7], "\nL "), "\nL %lld", &l0), 1);
    assert_int_equal(sscanf(strstr(r.out[7], "\nT "), "\nT %lld", &t0), 1);
    assert_int_equal(sscanf(strstr(r.out[9], "\nL "), "\nL %lld", &l1), 1);
    assert_int_equal(sscanf(strstr(r.out[9], "\nM "), "\nM %lld", &m1), 1);
    assert_int_equal(sscanf(strstr(r.out[9], "\nT "), "\nT %lld", &t1), 1);
    assert_int_equal(sscanf(strstr(r.out[9], "\nU "), "\nU %lld", &u1), 1);
    assert_true(t1 < t0);
    assert_int_equal(t1, u1);
    assert_int_equal(l1, l0); /* the LOB segment is not moved */
    assert_true(m1 < l1);
    done(&r);
}

/* create table as select from a row generator: the columns by their
 * aliases and the expressions' types, the rows as many as it gives, a LOB
 * column a LOB segment of the default storage. */
static void test_ctas_generator(void **state)
{
    (void)state;
    run_t r;
    run("create table t as select rownum id, to_clob(rpad('x', 5000, 'x')) c, 'abc' v from dual "
        "connect by level <= 12;\n"
        "select count(*), sum(dbms_lob.getlength(c)), max(id) from t;\n"
        "select column_name, securefile from user_lobs where table_name = 'T';\n"
        "insert into t (id, v) values (13, 'defg');\n"
        "create table u as select 7 id, to_clob('y') c from dual;\n"
        "insert into u select 8, 'z' from dual;\n"
        "select count(*), sum(id) from u;\n",
        "T", &r);
    expect_out(&r, 2,
               "  COUNT(*) SUM(DBMS_LOB.GETLENGTH(C))    MAX(ID)\n"
               "---------- -------------------------- ----------\n"
               "        12                      48000         12\n");
    assert_non_null(strstr(r.out[3], "\nC"));
    assert_true(r.at[1].v[SIM_STAT_DSU_USED_BLOCKS] >= 12); /* 4,000 characters out of row */
    /* 'abc' made V a VARCHAR2(3) */
    assert_string_equal(
        r.error[4], "ORA-12899: value too large for column \"T\".\"V\" (actual: 4, maximum: 3)");
    /* DUAL alone: one row */
    expect_out(&r, 7, "  COUNT(*)    SUM(ID)\n---------- ----------\n         2         15\n");
    done(&r);
}

/* TO_CHAR of a number under a format model (SQL Language Reference,
 * "Number Format Models"): the sign's place, group separators, 0, FM,
 * the decimal point, overflow. */
static void test_to_char_format(void **state)
{
    (void)state;
    run_t r;
    run("create table t (id number);\n"
        "begin\n"
        "  dbms_output.put_line('[' || to_char(1234567, '999,999,999') || ']');\n"
        "  dbms_output.put_line('[' || to_char(-1234, '99,999') || ']');\n"
        "  dbms_output.put_line('[' || to_char(0, '999') || ']');\n"
        "  dbms_output.put_line('[' || to_char(42, '0000') || ']');\n"
        "  dbms_output.put_line('[' || to_char(42, 'FM9,999.00') || ']');\n"
        "  dbms_output.put_line('[' || to_char(12345, '999') || ']');\n"
        "  dbms_output.put_line('[' || to_char(trunc(10485760 / 1024 / 1024)) || ']');\n"
        "end;\n/\n",
        "T", &r);
    expect_out(&r, 2,
               "[   1,234,567]\n"
               "[ -1,234]\n"
               "[   0]\n"
               "[ 0042]\n"
               "[42.00]\n"
               "[####]\n"
               "[10]\n");
    done(&r);
}

/* unused_space against DEALLOCATE UNUSED (lobspace/dealloc.c): the
 * deallocation gives back exactly the blocks above the high-water mark
 * that unused_space reports (the mark beyond the first extent, which is
 * kept whole), after which none is left above it and the extent cut
 * there ends at the last used block. */
#define UNUSED_BLOCK                                                                               \
    "declare\n  tb number; ty number; nb number; ny number; f number; b number; lb number;\n"      \
    "begin\n  dbms_space.unused_space('U', 'L', 'LOB', tb, ty, nb, ny, f, b, lb);\n"               \
    "  dbms_output.put_line('total ' || tb || ' unused ' || nb || ' last ' || lb);\nend;\n/\n"
static void test_dbms_space_dealloc(void **state)
{
    (void)state;
    run_t r;
    run("create table t (id number, c clob) lob (c) store as securefile l (disable storage in "
        "row);\n"
        "insert into t select level, rpad(to_clob('x'), 20000, 'x') from dual connect by "
        "level <= 30;\n"
        "commit;\n" UNUSED_BLOCK "alter table t modify lob (c) (deallocate unused);\n"
        "select blocks from user_segments where segment_name = 'L';\n" UNUSED_BLOCK
        "select blocks from user_extents where segment_name = 'L' order by extent_id desc;\n",
        "T", &r);
    long long after = 0;
    assert_non_null(r.out[6]);
    assert_int_equal(sscanf(strstr(r.out[6], "-\n") + 2, "%lld", &after), 1);
    long long before = figure(r.out[4], "total "), unused = figure(r.out[4], " unused ");
    assert_true(unused > 0);
    assert_int_equal(before - unused, after);
    assert_int_equal(figure(r.out[7], "total "), after);
    assert_int_equal(figure(r.out[7], " unused "), 0);
    assert_int_equal(figure(r.out[7], " last "), figure(r.out[4], " last "));
    /* the extent cut at the mark ends at its last used block */
    long long cut = 0;
    assert_non_null(r.out[8]);
    assert_int_equal(sscanf(strstr(r.out[8], "-\n") + 2, "%lld", &cut), 1);
    assert_int_equal(figure(r.out[7], " last "), cut);
    done(&r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_extents_uniform),
        cmocka_unit_test(test_segments_immediate),
        cmocka_unit_test(test_user_lobs),
        cmocka_unit_test(test_count_getlength),
        cmocka_unit_test(test_not_modelled),
        cmocka_unit_test(test_select_text_functions),
        cmocka_unit_test(test_column_format),
        cmocka_unit_test(test_select_arithmetic),
        cmocka_unit_test(test_insert_select_other_table),
        cmocka_unit_test(test_ctas),
        cmocka_unit_test(test_mystat),
        cmocka_unit_test(test_shrink_view),
        cmocka_unit_test(test_lob_partitions),
        cmocka_unit_test(test_dbms_space),
        cmocka_unit_test(test_dbms_space_assm),
        cmocka_unit_test(test_lob_block_payload),
        cmocka_unit_test(test_dbms_space_dealloc),
        cmocka_unit_test(test_kyte_show_space),
        cmocka_unit_test(test_select_into_views),
        cmocka_unit_test(test_new_value),
        cmocka_unit_test(test_view_joins),
        cmocka_unit_test(test_group_by_columns),
        cmocka_unit_test(test_manual_tablespace),
        cmocka_unit_test(test_user_tables),
        cmocka_unit_test(test_cursor_over_views),
        cmocka_unit_test(test_initial_and_chunk_rounding),
        cmocka_unit_test(test_autotrace),
        cmocka_unit_test(test_table_move),
        cmocka_unit_test(test_ctas_generator),
        cmocka_unit_test(test_table_where_lob_length),
        cmocka_unit_test(test_to_char_format),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
