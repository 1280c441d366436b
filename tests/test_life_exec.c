/* test_life_exec.c -- the script executor (life_sim/) against the parser
 * (script/), issue 43: each a short script whose figures the executor once
 * got wrong by reading a statement its own way. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "life_sim.h"

#define MAX_STEPS 32

/* The figures one entry (a table, a LOB segment) shows after each step. */
typedef struct {
    const char *name;
    sim_stats_t at[MAX_STEPS + 1];
    int seen[MAX_STEPS + 1];
    int seg_seen[MAX_STEPS + 1];    /* a row of the segment named (not the session's) */
    char error[MAX_STEPS + 1][128]; /* each step's Oracle error, "" none (any table) */
} run_t;

static int keep(void *arg, const life_step_t *st)
{
    run_t *r = arg;
    if (st->step <= MAX_STEPS && st->error)
        snprintf(r->error[st->step], sizeof r->error[st->step], "%s", st->error);
    /* The session's row, then the table's segments (or the one segment
     * named): their sum, each figure counted in one row. */
    if ((st->table && strcmp(st->table, r->name) != 0 && strcmp(st->segment, r->name) != 0) ||
        st->step > MAX_STEPS)
        return 0;
    for (int i = 0; i < SIM_STAT_COUNT; i++)
        r->at[st->step].v[i] += st->total.v[i];
    r->seen[st->step] = 1;
    r->seg_seen[st->step] |= st->table != NULL;
    return 0;
}

/* Run text; SIM_OK or the run's error, its message in err. */
static sim_err_t run_text(const char *text, const char *name, const life_params_t *p, run_t *r,
                          char *err, size_t errlen)
{
    scr_options_t so;
    scr_options_defaults(&so);
    scr_script_t *s;
    sim_err_t rc = scr_parse("test.sql", text, strlen(text), &so, &s, err, errlen);
    if (rc != SIM_OK)
        fail_msg("parse: %s", err);
    life_params_t def;
    life_params_defaults(&def);
    memset(r, 0, sizeof *r);
    r->name = name;
    rc = life_run(s, p ? p : &def, keep, r, err, errlen);
    scr_free(s);
    return rc;
}

static void run_ok(const char *text, const char *name, const life_params_t *p, run_t *r)
{
    char err[SCR_ERR_LEN];
    if (run_text(text, name, p, r, err, sizeof err) != SIM_OK)
        fail_msg("run: %s", err);
}

static uint64_t fig(const run_t *r, uint32_t step, sim_stat_t st)
{
    if (step > MAX_STEPS || !r->seen[step])
        fail_msg("no figures of %s at step %u", r->name, step);
    return r->at[step].v[st];
}

/* Ids by the parser's evaluator: mod(level, 3) gives ids 1, 2, 0, ..., so
 * `where id = 9` deletes no row; a NUMBER variable's value is the id. */
static void test_ids_by_the_parser(void **state)
{
    (void)state;
    run_t r;
    run_ok("create table t (id number, c clob);\n"
           "insert into t select mod(level, 3), rpad(to_clob('x'), 5000, 'x') from dual connect by "
           "level "
           "<= 9;\n"
           "delete from t where id = 9;\n"
           "delete from t where id = 0;\n",
           "T", NULL, &r);
    assert_int_equal(fig(&r, 2, SIM_STAT_LOB_LIVE), 9);
    assert_int_equal(fig(&r, 3, SIM_STAT_LOB_LIVE), 9);
    assert_int_equal(fig(&r, 4, SIM_STAT_LOB_LIVE), 6);
    run_ok("create table t (id number, c clob);\n"
           "declare\n  n number := 42;\n  m number := -7;\nbegin\n"
           "  insert into t values (n, rpad(to_clob('x'), 5000, 'x'));\n"
           "  insert into t values (n + 1, rpad(to_clob('y'), 5000, 'y'));\n"
           "  insert into t values (m, rpad(to_clob('z'), 5000, 'z'));\nend;\n/\n"
           "delete from t where id = 42;\n"
           "delete from t where id = -7;\n",
           "T", NULL, &r);
    assert_int_equal(fig(&r, 2, SIM_STAT_LOB_LIVE), 3);
    assert_int_equal(fig(&r, 3, SIM_STAT_LOB_LIVE), 2);
    assert_int_equal(fig(&r, 4, SIM_STAT_LOB_LIVE), 1);
}

/* `update t set b = a` between two LOB columns writes a's value into b:
 * as much redo as the same value written as a literal (NOCACHE LOGGING:
 * the blocks' images), where the executor once read b's own old value
 * (null) and wrote nothing. */
static void test_set_one_lob_from_another(void **state)
{
    (void)state;
    run_t col, lit;
    run_ok("create table t (id number, a clob, b clob);\n"
           "insert into t values (1, rpad(to_clob('x'), 9000, 'x'), null);\n"
           "update t set b = a;\n",
           "T", NULL, &col);
    run_ok("create table t (id number, a clob, b clob);\n"
           "insert into t values (1, rpad(to_clob('x'), 9000, 'x'), null);\n"
           "update t set b = rpad(to_clob('x'), 9000, 'x');\n",
           "T", NULL, &lit);
    assert_true(fig(&lit, 3, SIM_STAT_REDO_SIZE) > 2 * 8192);
    assert_int_equal(fig(&col, 3, SIM_STAT_REDO_SIZE), fig(&lit, 3, SIM_STAT_REDO_SIZE));
}

/* A move to BasicFile with CHUNK 32768 after a SecureFile DEDUPLICATE:
 * the options in force are the move's clause whole (the parser's), so the
 * ten equal LOBs are ten again, each in 32 KB chunks (four 8 KB blocks for
 * 9,000 bytes), where the executor once merged the clause its own way and
 * kept deduplicating one LOB of two blocks. */
static void test_move_takes_the_parsers_options(void **state)
{
    (void)state;
    run_t r;
    run_ok("create table t (id number, c clob) lob (c) store as securefile (deduplicate);\n"
           "insert into t select rownum, rpad(to_clob('x'), 9000, 'x') from dual connect by level "
           "<= 10;\n"
           "alter table t move lob (c) store as basicfile (chunk 32768);\n",
           "T", NULL, &r);
    assert_int_equal(fig(&r, 2, SIM_STAT_LOB_LIVE), 1);
    assert_int_equal(fig(&r, 2, SIM_STAT_DSU_USED_BLOCKS), 2);
    assert_int_equal(fig(&r, 3, SIM_STAT_LOB_LIVE), 10);
    assert_int_equal(fig(&r, 3, SIM_STAT_DSU_USED_BLOCKS), 40);
    /* A modify's DEDUPLICATE, merged by the parser, shares them again. */
    run_ok("create table t (id number, c clob) lob (c) store as securefile (keep_duplicates);\n"
           "insert into t select rownum, rpad(to_clob('x'), 9000, 'x') from dual connect by "
           "level <= 10;\n"
           "alter table t modify lob (c) (deduplicate);\n",
           "T", NULL, &r);
    assert_int_equal(fig(&r, 2, SIM_STAT_LOB_LIVE), 10);
    assert_int_equal(fig(&r, 3, SIM_STAT_LOB_LIVE), 1);
}

/* v$securefile_shrink keeps the last shrink of a segment until its next
 * (oracle-base, "Space Management Enhancements in Oracle Database 21c"):
 * the figures stay at the steps after the shrink; a segment moved is a new
 * one, without a shrink. */
static void test_shrink_view_until_the_segment_goes(void **state)
{
    (void)state;
    run_t r;
    run_ok("create table t (id number, c clob) lob (c) store as securefile (retention none);\n"
           "insert into t select rownum, rpad(to_clob('x'), 32000, 'x') from dual connect by "
           "level <= 200;\n"
           "delete from t where mod(id, 2) = 0;\n"
           "commit;\n"
           "alter table t modify lob (c) (shrink space);\n"
           "commit;\n"
           "alter table t move lob (c) store as securefile (retention none);\n",
           "T", NULL, &r);
    uint64_t moved = fig(&r, 5, SIM_STAT_SHRINK_BLOCKS_MOVED);
    assert_true(moved > 0);
    assert_int_equal(fig(&r, 4, SIM_STAT_SHRINK_BLOCKS_MOVED), 0);
    assert_int_equal(fig(&r, 6, SIM_STAT_SHRINK_BLOCKS_MOVED), moved);
    assert_int_equal(fig(&r, 6, SIM_STAT_SHRINK_EXTENTS_FREED),
                     fig(&r, 5, SIM_STAT_SHRINK_EXTENTS_FREED));
    assert_int_equal(fig(&r, 7, SIM_STAT_SHRINK_BLOCKS_MOVED), 0);
    assert_int_equal(fig(&r, 7, SIM_STAT_SHRINK_EXTENTS_FREED), 0);
}

/* DEALLOCATE UNUSED gives back the blocks above the LOB segment's
 * high-water mark (lobspace/dealloc.c): the dispenser's loaded chunk, no
 * LOB's, goes first; a delete's space, below the mark, stays; a second
 * one finds nothing; a segment not made yet is left alone. */
static void test_deallocate_unused(void **state)
{
    (void)state;
    run_t r;
    run_ok("create table t (id number, c clob) lob (c) store as basicfile (disable storage in "
           "row chunk 8192);\n"
           "alter table t modify lob (c) (deallocate unused);\n"
           "insert into t select rownum, rpad(to_clob('x'), 30000, 'x') from dual connect by "
           "level <= 100;\n"
           "alter table t modify lob (c) (deallocate unused keep 0);\n"
           "delete from t;\n"
           "alter table t modify lob (c) (deallocate unused keep 0);\n",
           "T", NULL, &r);
    assert_int_equal(fig(&r, 2, SIM_STAT_SEG_LOB_BLOCKS), 0);
    uint64_t full = fig(&r, 3, SIM_STAT_SEG_LOB_BLOCKS);
    uint64_t cut = fig(&r, 4, SIM_STAT_SEG_LOB_BLOCKS);
    assert_true(cut < full);
    assert_true(cut >= 400); /* 100 LOBs of 4 blocks stay below the mark */
    assert_int_equal(fig(&r, 4, SIM_STAT_SEG_LOB_EXTENTS), fig(&r, 3, SIM_STAT_SEG_LOB_EXTENTS));
    assert_int_equal(fig(&r, 6, SIM_STAT_SEG_LOB_BLOCKS), cut);
}

/* ALTER TABLE ... ADD (a CLOB) gives the column its own LOB segment
 * (life_sim/columns.c), named by its column number, null in every row;
 * DROP COLUMN lets its LOBs go with its segment, and the LOB columns after
 * it keep theirs.  Added to a table without a segment yet, the LOB
 * segment comes with the first row. */
static void test_add_drop_lob_column(void **state)
{
    (void)state;
    const char *text =
        "create table t (id number, c clob) lob (c) store as basicfile (disable storage in row);\n"
        "insert into t select rownum, rpad(to_clob('x'), 30000, 'x') from dual connect by level "
        "<= 100;\n"
        "alter table t add (d clob, n number);\n"
        "update t set d = c;\n"
        "alter table t drop column c;\n"
        "insert into t (id, d) values (101, rpad(to_clob('y'), 30000, 'y'));\n";
    run_t r;
    run_ok(text, "T", NULL, &r);
    uint64_t one = fig(&r, 2, SIM_STAT_SEG_LOB_BLOCKS);
    assert_int_equal(fig(&r, 2, SIM_STAT_LOB_LIVE), 100);
    assert_int_equal(fig(&r, 4, SIM_STAT_LOB_LIVE), 200);
    assert_true(fig(&r, 4, SIM_STAT_SEG_LOB_BLOCKS) > one);
    assert_int_equal(fig(&r, 5, SIM_STAT_LOB_LIVE), 100);
    assert_int_equal(fig(&r, 6, SIM_STAT_LOB_LIVE), 101);
    /* D's segment, column 3: made by the add (empty), filled by the update. */
    run_ok(text, "SYS_LOB0000000001C00003$$", NULL, &r);
    assert_true(fig(&r, 3, SIM_STAT_SEG_LOB_BLOCKS) > 0);
    assert_int_equal(fig(&r, 3, SIM_STAT_LOB_LIVE), 0);
    assert_int_equal(fig(&r, 4, SIM_STAT_LOB_LIVE), 100);
    assert_int_equal(fig(&r, 6, SIM_STAT_LOB_LIVE), 101);
    /* C's segment is gone with its column. */
    run_ok(text, "SYS_LOB0000000001C00002$$", NULL, &r);
    assert_true(fig(&r, 4, SIM_STAT_SEG_LOB_BLOCKS) > 0);
    assert_int_equal(fig(&r, 5, SIM_STAT_SEG_LOB_BLOCKS), 0);
    /* No segment yet: the added column's comes with the first row. */
    run_ok("create table t (id number, c clob);\n"
           "alter table t add (d clob);\n"
           "insert into t values (1, rpad(to_clob('x'), 9000, 'x'), rpad(to_clob('y'), 9000, "
           "'y'));\n",
           "SYS_LOB0000000001C00003$$", NULL, &r);
    assert_int_equal(fig(&r, 2, SIM_STAT_SEG_LOB_BLOCKS), 0);
    assert_true(fig(&r, 3, SIM_STAT_SEG_LOB_BLOCKS) > 0);
    assert_int_equal(fig(&r, 3, SIM_STAT_LOB_LIVE), 1);
    /* The rows' bytes are recounted with the new columns: a delete of
     * every row after the add, and a row after it, leave the table's
     * blocks as they were. */
    run_ok("create table t (id number, c clob);\n"
           "insert into t select level, rpad(to_clob('x'), 100, 'x') from dual connect by level "
           "<= 1000;\n"
           "alter table t add (d clob, e clob);\n"
           "delete from t;\n"
           "commit;\n"
           "insert into t values (1, 'x', null, null);\n",
           "T", NULL, &r);
    assert_int_equal(fig(&r, 5, SIM_STAT_SEG_TAB_BLOCKS), fig(&r, 3, SIM_STAT_SEG_TAB_BLOCKS));
    assert_int_equal(fig(&r, 6, SIM_STAT_SEG_TAB_BLOCKS), fig(&r, 3, SIM_STAT_SEG_TAB_BLOCKS));
}

/* A row carries its VARCHAR2 values (life_sim/varchar.c): an expression
 * over them evaluates for each row read (rpad(owner, ...) into a CLOB),
 * an update replaces them and a rollback gives the old ones back, and a
 * value longer than its column is ORA-12899, the statement undone. */
static void test_varchar_values_in_rows(void **state)
{
    (void)state;
    run_t r;
    run_ok("create table src (id number, owner varchar2(10), kind varchar2(8));\n"
           "insert into src select level, 'SYS', 'TABLE' from dual connect by level <= 3;\n"
           "insert into src values (4, 'SCOTT', null);\n"
           "commit;\n"
           "create table t (id number, c clob, v varchar2(4));\n"
           "insert into t select id, rpad(owner, 6000, owner || ',' || kind), null from src;\n"
           "create table u (id number, v varchar2(2));\n"
           "update src set owner = 'AB' where id = 1;\n"
           "rollback;\n"
           "insert into u select id, owner from src where id = 1;\n"
           "update src set owner = 'AB' where id = 2;\n"
           "commit;\n"
           "insert into u select id, owner from src where id = 2;\n"
           "update src set owner = 'LONGER THAN TEN' where id = 3;\n"
           "insert into t select id + 20, null, rpad(owner, 6, 'x') from src where id = 4;\n",
           "T", NULL, &r);
    /* 4 CLOBs of rpad's 4,000 characters (VARCHAR2 in SQL): out of the row */
    assert_int_equal(fig(&r, 6, SIM_STAT_LOB_LIVE), 4);
    assert_string_equal(r.error[6], "");
    /* the rollback gave 'SYS' back: too long for U.V */
    assert_string_equal(
        r.error[10], "ORA-12899: value too large for column \"U\".\"V\" (actual: 3, maximum: 2)");
    /* the committed 'AB' fits */
    assert_string_equal(r.error[13], "");
    assert_string_equal(
        r.error[14],
        "ORA-12899: value too large for column \"SRC\".\"OWNER\" (actual: 15, maximum: 10)");
    assert_string_equal(
        r.error[15], "ORA-12899: value too large for column \"T\".\"V\" (actual: 6, maximum: 4)");
}

/* A primary key refuses a second row of the same id: ORA-00001, with the
 * constraint's name, printed under its step as SQL*Plus does, the statement
 * undone and the script going on; a row deleted (or an insert rolled back)
 * gives its id back, and a rollback of that delete takes it again. */
static void test_duplicate_primary_key(void **state)
{
    (void)state;
    run_t r;
    run_ok("create table t (id number constraint t_pk primary key, c clob);\n"
           "insert into t values (1, rpad(to_clob('a'), 5000, 'x'));\n"
           "insert into t values (1, rpad(to_clob('b'), 5000, 'x'));\n",
           "T", NULL, &r);
    assert_string_equal(r.error[3], "ORA-00001: unique constraint (T_PK) violated");
    assert_string_equal(r.error[2], "");
    assert_int_equal(fig(&r, 3, SIM_STAT_LOB_LIVE), 1);
    run_ok("create table t (id number primary key, c clob);\n"
           "insert into t select level, rpad(to_clob('a'), 5000, 'x') from dual connect by level "
           "<= 5;\n"
           "insert into t values (6, rpad(to_clob('b'), 5000, 'x'));\n"
           "insert into t select 7 - level, rpad(to_clob('c'), 5000, 'x') from dual connect by "
           "level <= 2;\n",
           "T", NULL, &r);
    assert_string_equal(r.error[4], "ORA-00001: unique constraint (SYS_C000001) violated");
    /* the insert-select refused at its first row (id 6, taken) and undone
     * whole: the 6 LOBs of the two inserts before it */
    assert_int_equal(fig(&r, 4, SIM_STAT_LOB_LIVE), 6);
    /* Without a key, the same rows go in. */
    run_ok("create table t (id number, c clob);\n"
           "insert into t values (1, rpad(to_clob('a'), 5000, 'x'));\n"
           "insert into t values (1, rpad(to_clob('b'), 5000, 'x'));\n",
           "T", NULL, &r);
    assert_string_equal(r.error[3], "");
    assert_int_equal(fig(&r, 3, SIM_STAT_LOB_LIVE), 2);
    /* A deleted id is free; a rolled-back insert's too; a rollback of the
     * delete takes it back: the insert after it is refused. */
    run_ok("create table t (id number primary key, c clob);\n"
           "insert into t values (1, rpad(to_clob('a'), 5000, 'x'));\n"
           "commit;\n"
           "delete from t where id = 1;\n"
           "insert into t values (1, rpad(to_clob('b'), 5000, 'x'));\n"
           "rollback;\n"
           "insert into t values (2, rpad(to_clob('c'), 5000, 'x'));\n"
           "rollback;\n"
           "insert into t values (2, rpad(to_clob('d'), 5000, 'x'));\n"
           "insert into t values (1, rpad(to_clob('e'), 5000, 'x'));\n",
           "T", NULL, &r);
    for (uint32_t i = 1; i < 10; i++)
        assert_string_equal(r.error[i], "");
    assert_string_equal(r.error[10], "ORA-00001: unique constraint (SYS_C000001) violated");
    /* Ids past 1,024 held while the key's table grows (401 ids in 1,024
     * slots, then room for 300 more: 2,048, every key placed again), and
     * ids taken by a statement that sized the table first: each still
     * found. */
    run_ok("create table t (id number primary key, c clob);\n"
           "insert into t select level + 999, 'x' from dual connect by level <= 401;\n"
           "insert into t select level + 1400, 'x' from dual connect by level <= 300;\n"
           "insert into t values (1100, 'y');\n"
           "insert into t values (1650, 'y');\n"
           "insert into t values (1701, 'y');\n",
           "T", NULL, &r);
    assert_string_equal(r.error[3], "");
    assert_string_equal(r.error[4], "ORA-00001: unique constraint (SYS_C000001) violated");
    assert_string_equal(r.error[5], "ORA-00001: unique constraint (SYS_C000001) violated");
    assert_string_equal(r.error[6], "");
}

/* 4,000 random characters under COMPRESS HIGH: above the in-row limit
 * uncompressed, so out of the row (life.inrow_compressed = 0, the
 * assumption), one block; judged by the compressed length, in the row. */
static void test_compressed_in_row_by_length(void **state)
{
    (void)state;
    const char *text =
        "create table t (id number, c clob) lob (c) store as securefile (compress high);\n"
        "insert into t values (1, dbms_random.string('x', 4000));\n";
    run_t r;
    run_ok(text, "T", NULL, &r);
    assert_int_equal(fig(&r, 2, SIM_STAT_LOB_INROW), 0);
    assert_int_equal(fig(&r, 2, SIM_STAT_DSU_USED_BLOCKS), 1);
    life_params_t p;
    life_params_defaults(&p);
    p.inrow_compressed = 1;
    run_ok(text, "T", &p, &r);
    assert_int_equal(fig(&r, 2, SIM_STAT_LOB_INROW), 1);
    assert_int_equal(fig(&r, 2, SIM_STAT_DSU_USED_BLOCKS), 0);
}

/* Every row of every step, kept whole. */
#define MAX_ROWS 256
typedef struct {
    life_step_t row[MAX_ROWS];
    char table[MAX_ROWS][SCR_NAME_MAX + 1];  /* row[i].table points here: the script's */
    char column[MAX_ROWS][SCR_NAME_MAX + 1]; /* names go with it (scr_free()) */
    size_t n;
} rows_t;

static int keep_all(void *arg, const life_step_t *st)
{
    rows_t *r = arg;
    if (r->n == MAX_ROWS)
        fail_msg("more than %d rows", MAX_ROWS);
    life_step_t *row = &r->row[r->n];
    *row = *st;
    row->stmt = NULL; /* the statement and these are valid during the call only */
    row->error = row->hint = row->output = NULL;
    if (st->table)
        row->table = strcpy(r->table[r->n], st->table);
    if (st->column)
        row->column = strcpy(r->column[r->n], st->column);
    r->n++;
    return 0;
}

static scr_script_t *parse(const char *text)
{
    scr_options_t so;
    scr_options_defaults(&so);
    scr_script_t *s;
    char err[SCR_ERR_LEN];
    if (scr_parse("test.sql", text, strlen(text), &so, &s, err, sizeof err) != SIM_OK)
        fail_msg("parse: %s", err);
    return s;
}

static void run_rows(const char *text, rows_t *r)
{
    scr_script_t *s = parse(text);
    life_params_t p;
    life_params_defaults(&p);
    char err[SCR_ERR_LEN];
    r->n = 0;
    if (life_run(s, &p, keep_all, r, err, sizeof err) != SIM_OK)
        fail_msg("run: %s", err);
    scr_free(s);
}

/* Row of step `step` showing segment `seg` ("" the session's), or fail. */
static const life_step_t *row_of(const rows_t *r, uint32_t step, const char *seg)
{
    for (size_t i = 0; i < r->n; i++)
        if (r->row[i].step == step && strcmp(r->row[i].segment, seg) == 0)
            return &r->row[i];
    fail_msg("no row of segment '%s' at step %u", seg, step);
    return NULL;
}

/* A PL/SQL block that changes table A only, then a commit: table B's
 * segments show no session statistic and do not change; the step's session
 * statistics are in one row, the session's; summed over every row of every
 * step, each is what the session counted (v$sesstat of the same script run
 * as one session of life_sessions_run(), which sums the statements'
 * figures by another path), where a copy per table counted a block's and a
 * commit's once per table. */
static void test_session_figures_once_per_step(void **state)
{
    (void)state;
    const char *text = "create table a (id number, c clob);\n"
                       "create table b (id number, c clob);\n"
                       "insert into a select level, rpad(to_clob('x'), 9000, 'x') from dual "
                       "connect by level <= 20;\n"
                       "insert into b select level, rpad(to_clob('y'), 9000, 'y') from dual "
                       "connect by level <= 20;\n"
                       "commit;\n"
                       "begin\n"
                       "  update a set c = rpad(to_clob('z'), 9000, 'z') where id <= 10;\n"
                       "  commit;\n"
                       "end;\n/\n"
                       "commit;\n";
    static rows_t r;
    run_rows(text, &r);
    /* Step 6 is the block: B's segments as after step 5, no session figure. */
    const char *segs[] = {"B", "SYS_LOB0000000002C00002$$"};
    for (size_t k = 0; k < 2; k++) {
        const life_step_t *before = row_of(&r, 5, segs[k]), *after = row_of(&r, 6, segs[k]);
        assert_string_equal(after->table, "B");
        for (int i = 0; i < SIM_STAT_COUNT; i++) {
            if (!sim_stat_per_segment((sim_stat_t)i))
                assert_int_equal(after->total.v[i], 0);
            else
                assert_int_equal(after->total.v[i], before->total.v[i]);
        }
    }
    const life_step_t *ses = row_of(&r, 6, "");
    assert_null(ses->table);
    assert_true(ses->total.v[SIM_STAT_REDO_SIZE] > 10 * 9000);
    assert_true(ses->total.v[SIM_STAT_SF_ALLOC_CHUNKS] >= 10);
    assert_int_equal(ses->total.v[SIM_STAT_USER_COMMITS], 1);
    assert_true(row_of(&r, 6, "SYS_LOB0000000001C00002$$")->total.v[SIM_STAT_DSU_USED_BLOCKS] > 0);
    /* One session row a step; user commits once for the closing commit. */
    uint64_t commits7 = 0;
    uint32_t sessions[16] = {0};
    for (size_t i = 0; i < r.n; i++) {
        if (r.row[i].table == NULL)
            sessions[r.row[i].step]++;
        if (r.row[i].step == 7)
            commits7 += r.row[i].total.v[SIM_STAT_USER_COMMITS];
    }
    for (uint32_t k = 1; k <= 7; k++)
        assert_int_equal(sessions[k], 1);
    assert_int_equal(commits7, 1);
    /* Summed over every row: the session's own. */
    scr_script_t *s = parse(text);
    life_params_t p;
    life_params_defaults(&p);
    life_ses_result_t out;
    char err[SCR_ERR_LEN];
    if (life_sessions_run(s, &p, 1, 0, &out, err, sizeof err) != SIM_OK)
        fail_msg("sessions: %s", err);
    const sim_stat_t counted[] = {SIM_STAT_REDO_SIZE,     SIM_STAT_REDO_ENTRIES,
                                  SIM_STAT_USER_COMMITS,  SIM_STAT_SF_ALLOC_CHUNKS,
                                  SIM_STAT_DB_BLOCK_GETS, SIM_STAT_UNDO_CV_SIZE};
    for (size_t c = 0; c < sizeof counted / sizeof counted[0]; c++) {
        uint64_t sum = 0;
        for (size_t i = 0; i < r.n; i++)
            sum += r.row[i].total.v[counted[c]];
        if (sum != out.s[0].st.v[counted[c]])
            fail_msg("%s: the rows add up to %llu, the session counted %llu",
                     sim_stat_info(counted[c])->name, (unsigned long long)sum,
                     (unsigned long long)out.s[0].st.v[counted[c]]);
    }
    assert_int_equal(out.s[0].st.v[SIM_STAT_USER_COMMITS], 3);
    life_ses_result_free(&out);
    scr_free(s);
}

/* 100 LOBs into a table's second LOB column: its own segment, under
 * Oracle's SYS_LOB name (the column's number in the table) or the one
 * STORE AS gives, holds them; the first column's holds none. */
static void test_every_lob_column_its_segment(void **state)
{
    (void)state;
    static rows_t r;
    run_rows("create table t (id number, a clob, b clob);\n"
             "insert into t select level, null, rpad(to_clob('x'), 9000, 'x') from dual "
             "connect by level <= 100;\n",
             &r);
    const life_step_t *a = row_of(&r, 2, "SYS_LOB0000000001C00002$$");
    const life_step_t *b = row_of(&r, 2, "SYS_LOB0000000001C00003$$");
    assert_string_equal(a->column, "A");
    assert_string_equal(b->column, "B");
    assert_int_equal(a->total.v[SIM_STAT_LOB_LIVE], 0);
    assert_int_equal(b->total.v[SIM_STAT_LOB_LIVE], 100);
    assert_int_equal(b->total.v[SIM_STAT_DSU_USED_BLOCKS], 200);
    assert_true(b->total.v[SIM_STAT_SEG_LOB_BLOCKS] >= 200);
    assert_int_equal(a->total.v[SIM_STAT_DSU_USED_BLOCKS], 0);
    assert_true(row_of(&r, 2, "T")->total.v[SIM_STAT_SEG_TAB_BLOCKS] > 0);
    run_rows("create table t (id number, a clob, b clob) lob (b) store as b_seg;\n"
             "insert into t select level, null, rpad(to_clob('x'), 9000, 'x') from dual "
             "connect by level <= 100;\n",
             &r);
    assert_int_equal(row_of(&r, 2, "B_SEG")->total.v[SIM_STAT_LOB_LIVE], 100);
    assert_int_equal(row_of(&r, 2, "SYS_LOB0000000001C00002$$")->total.v[SIM_STAT_LOB_LIVE], 0);
}

/* ---- one write path (issue 40): the dispenser over the segment's space -- */

/* 2,000 LOBs of 20,000 characters (3 blocks each), then 1,000 more by
 * `insert`: after a committed delete of 1,000 under RETENTION NONE their
 * space is free at once, and the dispenser's searches (conventional) or
 * refills (APPEND) find it: the segment ends with fewer extents than the
 * same script without the delete (which must grow for all 3,000). */
static uint64_t extents_after(const char *hint, int with_delete)
{
    char text[1024];
    snprintf(text, sizeof text,
             "create table t (id number, c clob) lob (c) store as securefile (retention none "
             "nocache);\n"
             "insert into t select level, rpad(to_clob('x'), 20000, 'x') from dual connect by "
             "level <= 2000;\n"
             "commit;\n"
             "%s\n"
             "commit;\n"
             "insert %s into t select level + 5000, rpad(to_clob('x'), 20000, 'x') from dual "
             "connect by level <= 1000;\n"
             "commit;\n",
             with_delete ? "delete from t where id <= 1000;" : "select 1 from dual;", hint);
    run_t r;
    run_ok(text, "T", NULL, &r);
    assert_int_equal(fig(&r, 7, SIM_STAT_DSU_USED_BLOCKS), (with_delete ? 2000 : 3000) * 3);
    return fig(&r, 7, SIM_STAT_SEG_LOB_EXTENTS);
}

static void test_writes_find_freed_space(void **state)
{
    (void)state;
    const char *hints[] = {"", "/*+ append */"};
    for (int h = 0; h < 2; h++) {
        uint64_t reused = extents_after(hints[h], 1), grown = extents_after(hints[h], 0);
        if (reused >= grown)
            fail_msg("insert %s after a delete: %llu extents, %llu without the delete", hints[h],
                     (unsigned long long)reused, (unsigned long long)grown);
    }
}

/* The table's own space: 3,000 rows, 2,000 deleted and committed, then
 * 2,000 inserted again.  A conventional insert reuses the table's free
 * space (its blocks stay those of 3,000 rows); a direct-path one appends
 * after the existing data, never into it (SQL Language Reference, INSERT,
 * "Conventional and Direct-Path INSERT"): the table grows to the blocks of
 * 5,000 rows' bytes. */
static void test_direct_path_appends_rows(void **state)
{
    (void)state;
    uint64_t blocks[2];
    for (int direct = 0; direct < 2; direct++) {
        char text[1024];
        snprintf(text, sizeof text,
                 "create table t (id number, c clob) lob (c) store as securefile;\n"
                 "insert into t select level, null from dual connect by level <= 3000;\n"
                 "commit;\n"
                 "delete from t where id <= 2000;\n"
                 "commit;\n"
                 "insert %s into t select level + 5000, null from dual connect by level <= "
                 "2000;\n"
                 "commit;\n",
                 direct ? "/*+ append */" : "");
        run_t r;
        run_ok(text, "T", NULL, &r);
        blocks[direct] = fig(&r, 7, SIM_STAT_SEG_TAB_BLOCKS);
        if (direct == 0)
            assert_int_equal(blocks[0], fig(&r, 3, SIM_STAT_SEG_TAB_BLOCKS));
    }
    if (blocks[1] <= blocks[0] * 3 / 2)
        fail_msg("table blocks: %llu after the direct-path insert, %llu after the conventional "
                 "one (5,000 rows' bytes against 3,000)",
                 (unsigned long long)blocks[1], (unsigned long long)blocks[0]);
}

/* A remote insert into an aged segment: 50 LOBs of 40,000 bytes over a
 * loopback link, each in two pieces (32,767 and 7,233 bytes: 4 full
 * blocks, then the last 1), each piece its own dispenser search: 100
 * searches whatever the segment.  Into a fresh segment the pieces find
 * runs as long as they are (about a chunk a piece); into one whose every
 * other 1-block LOB was deleted, the 4-block pieces are split over the
 * freed 1-block chunks: more chunks, and more consistent reads and clones
 * of the LOB's map before each piece (lobspace/piece.c). */
static void remote_into(int aged, run_t *r)
{
    char text[1024];
    snprintf(text, sizeof text,
             "create table t1 (id number, c clob) lob (c) store as securefile (nocache);\n"
             "insert into t1 select level, rpad(to_clob('x'), 40000, 'x') from dual connect by "
             "level <= 50;\n"
             "commit;\n"
             "create table t2 (id number, c clob) lob (c) store as securefile (retention none "
             "nocache);\n"
             "insert into t2 select level + 1000, rpad('y', 5000, 'y') from dual connect by "
             "level <= 400;\n"
             "commit;\n"
             "%s\n"
             "commit;\n"
             "create database link loopback using 'orcl';\n"
             "insert /*+ append */ into t2 select id, c from t1@loopback;\n",
             aged ? "delete from t2 where mod(id, 2) = 0;" : "select 1 from dual;");
    run_ok(text, "T2", NULL, r);
}

static void test_remote_pieces_against_found_chunks(void **state)
{
    (void)state;
    run_t fresh, aged;
    remote_into(0, &fresh);
    remote_into(1, &aged);
    assert_int_equal(fig(&fresh, 10, SIM_STAT_DSP_ALLOCATIONS), 100);
    assert_int_equal(fig(&aged, 10, SIM_STAT_DSP_ALLOCATIONS), 100);
    /* 16 + 5 round trips for the statement, one a row */
    assert_int_equal(fig(&aged, 10, SIM_STAT_DBLINK_ROUNDTRIPS), 71);
    uint64_t fc = fig(&fresh, 10, SIM_STAT_SF_ALLOC_CHUNKS),
             ac = fig(&aged, 10, SIM_STAT_SF_ALLOC_CHUNKS);
    if (fc > 110 || ac <= fc + 50)
        fail_msg("chunks: %llu into a fresh segment (about 100), %llu into the aged one "
                 "(the 4-block pieces split over 1-block chunks)",
                 (unsigned long long)fc, (unsigned long long)ac);
    if (fig(&aged, 10, SIM_STAT_CONSISTENT_GETS) <= fig(&fresh, 10, SIM_STAT_CONSISTENT_GETS) ||
        fig(&aged, 10, SIM_STAT_CR_BLOCKS_CREATED) <= fig(&fresh, 10, SIM_STAT_CR_BLOCKS_CREATED))
        fail_msg("the map's reads do not follow the chunks found");
}

/* A partitioned table's rows go to the partition whose values hold their
 * key (SQL Language Reference, CREATE TABLE, list_partitions and
 * range_partitions): a key no partition takes is ORA-14400 and the insert
 * is undone; DROP PARTITION takes its rows (and their LOBs) with it, an
 * ADD PARTITION makes room for the key that had none. */
static void test_partition_routing(void **state)
{
    (void)state;
    run_t r;
    run_ok("create table t (x int, c clob) partition by list (x) (partition p1 values (1, 2), "
           "partition p2 values (3));\n"
           "insert into t values (1, rpad(to_clob('a'), 5000, 'x'));\n"
           "insert into t values (3, rpad(to_clob('b'), 5000, 'x'));\n"
           "insert into t values (7, rpad(to_clob('c'), 5000, 'x'));\n"
           "insert into t select level, rpad(to_clob('d'), 5000, 'x') from dual connect by level "
           "<= 4;\n"
           "commit;\n"
           "alter table t drop partition p1;\n"
           "alter table t add partition p3 values (7, 4);\n"
           "insert into t values (7, rpad(to_clob('e'), 5000, 'x'));\n"
           "insert into t select level, rpad(to_clob('f'), 5000, 'x') from dual connect by level "
           "<= 4;\n",
           "T", NULL, &r);
    assert_string_equal(r.error[2], "");
    assert_string_equal(r.error[3], "");
    assert_string_equal(r.error[4],
                        "ORA-14400: inserted partition key does not map to any partition");
    assert_int_equal(fig(&r, 4, SIM_STAT_LOB_LIVE), 2);
    /* level 4 maps to no partition: the insert-select undone whole */
    assert_string_equal(r.error[5],
                        "ORA-14400: inserted partition key does not map to any partition");
    assert_int_equal(fig(&r, 5, SIM_STAT_LOB_LIVE), 2);
    /* p1 held the row of key 1: only key 3's is left */
    assert_int_equal(fig(&r, 7, SIM_STAT_LOB_LIVE), 1);
    assert_string_equal(r.error[9], "");
    assert_int_equal(fig(&r, 9, SIM_STAT_LOB_LIVE), 2);
    /* keys 1 and 2 went with p1 */
    assert_string_equal(r.error[10],
                        "ORA-14400: inserted partition key does not map to any partition");
    /* Range: below each bound in order; MAXVALUE takes the rest, a DEFAULT
     * list partition every key no other takes. */
    run_ok("create table t (x int, c clob) partition by range (x) (partition r1 values less than "
           "(10), partition r2 values less than (20));\n"
           "insert into t select level, rpad(to_clob('a'), 5000, 'x') from dual connect by level "
           "<= 19;\n"
           "insert into t values (20, rpad(to_clob('b'), 5000, 'x'));\n"
           "alter table t add partition r3 values less than (maxvalue);\n"
           "insert into t values (20, rpad(to_clob('b'), 5000, 'x'));\n"
           "alter table t drop partition r1;\n",
           "T", NULL, &r);
    assert_string_equal(r.error[2], "");
    assert_int_equal(fig(&r, 2, SIM_STAT_LOB_LIVE), 19);
    assert_string_equal(r.error[3],
                        "ORA-14400: inserted partition key does not map to any partition");
    assert_string_equal(r.error[5], "");
    assert_int_equal(fig(&r, 5, SIM_STAT_LOB_LIVE), 20);
    assert_int_equal(fig(&r, 6, SIM_STAT_LOB_LIVE), 11);
    run_ok("create table t (x int, c clob) partition by list (x) (partition p1 values (1), "
           "partition pd values (default));\n"
           "insert into t values (5, rpad(to_clob('a'), 5000, 'x'));\n"
           "insert into t values (null, rpad(to_clob('a'), 5000, 'x'));\n",
           "T", NULL, &r);
    assert_string_equal(r.error[2], "");
    assert_string_equal(r.error[3], "");
    /* NULL among a list partition's values takes a null key, and no other */
    run_ok("create table t (x int, c clob) partition by list (x) (partition p1 values (1), "
           "partition pn values (null, 9));\n"
           "insert into t values (null, rpad(to_clob('a'), 5000, 'x'));\n"
           "insert into t values (5, rpad(to_clob('a'), 5000, 'x'));\n"
           "insert into t values (9, rpad(to_clob('a'), 5000, 'x'));\n",
           "T", NULL, &r);
    assert_string_equal(r.error[2], "");
    assert_string_equal(r.error[3], "ORA-14400: inserted partition key does not map to any "
                                    "partition");
    assert_string_equal(r.error[4], "");
}

/* What Oracle refuses of partitions (Database Error Messages): each a step
 * with its error that changes nothing, the script going on. */
static void test_partition_errors(void **state)
{
    (void)state;
    run_t r;
    run_ok("create table n (x int, c clob);\n"
           "alter table n add partition p values (1);\n"
           "alter table n drop partition p;\n"
           "create table d (x int, c clob) partition by list (x) (partition a values (1), "
           "partition a values (2));\n"
           "create table e (x int, c clob) partition by list (x) (partition a values (1), "
           "partition b values (2, 1));\n"
           "create table f (x int, c clob) partition by list (x) (partition a values (1, 1));\n"
           "create table g (x int, c clob) partition by list (x) (partition a values less than "
           "(1));\n"
           "create table h (x int, c clob) partition by range (x) (partition a values (1));\n"
           "create table i (x int, c clob) partition by range (x) (partition a values less than "
           "(5), partition b values less than (5));\n"
           "create table j (x int, c clob) partition by list (z) (partition a values (1));\n"
           "create table t (x int, c clob) partition by list (x) (partition p1 values (1), "
           "partition p2 values (2));\n"
           "alter table t add partition p1 values (3);\n"
           "alter table t add partition p3 values (4, 2);\n"
           "alter table t drop partition p9;\n"
           "alter table t drop partition p1;\n"
           "alter table t drop partition p2;\n"
           "create table k (x int, c clob) partition by range (x) (partition a values less than "
           "(5));\n"
           "alter table k add partition b values less than (3);\n",
           "T", NULL, &r);
    assert_string_equal(r.error[1], "");
    assert_string_equal(r.error[2], "ORA-14501: object is not partitioned");
    assert_string_equal(r.error[3], "ORA-14501: object is not partitioned");
    assert_string_equal(r.error[4], "ORA-14013: duplicate partition name");
    assert_string_equal(r.error[5],
                        "ORA-14306: List value '1' specified twice in partitions 'A', 'B'");
    assert_string_equal(r.error[6], "ORA-14305: List value '1' specified twice in partition 'A'");
    assert_string_equal(r.error[7], "ORA-14310: VALUES LESS THAN or AT clause cannot be used "
                                    "with List partitioned tables");
    assert_string_equal(r.error[8], "ORA-14311: Expecting VALUES LESS THAN or AT clause");
    assert_string_equal(r.error[9], "ORA-14037: partition bound of partition \"A\" is too high");
    assert_string_equal(r.error[10],
                        "ORA-14030: non-existent partitioning column in CREATE TABLE statement");
    assert_string_equal(r.error[11], "");
    assert_string_equal(r.error[12], "ORA-14013: duplicate partition name");
    assert_string_equal(r.error[13], "ORA-14312: Value 2 already exists in partition P2");
    assert_string_equal(r.error[14], "ORA-02149: Specified partition does not exist");
    assert_string_equal(r.error[15], "");
    assert_string_equal(r.error[16],
                        "ORA-14083: cannot drop the only partition of a partitioned table");
    assert_string_equal(r.error[18], "ORA-14074: partition bound must collate higher than that "
                                     "of the last partition");
}

/* Each LOB partition is a segment of its own (SYS_LOB_P<n> in the step's
 * rows), made at its partition's first row and dropped with it: a row's
 * LOB goes to its partition's segment only. */
static void test_partition_segments(void **state)
{
    (void)state;
    static const char text[] =
        "create table t (x int, c clob) lob (c) store as basicfile partition by list (x) "
        "(partition p1 values (1, 2), partition p2 values (3) lob (c) store as securefile);\n"
        "insert into t select level, rpad(to_clob('a'), 20000, 'x') from dual connect by level "
        "<= 3;\n"
        "commit;\n"
        "delete from t where x = 3;\n"
        "commit;\n"
        "alter table t drop partition p1;\n";
    run_t r;
    run_ok(text, "SYS_LOB_P1", NULL, &r);
    assert_int_equal(fig(&r, 1, SIM_STAT_SEG_LOB_BLOCKS), 0); /* deferred */
    assert_int_equal(fig(&r, 2, SIM_STAT_LOB_LIVE), 2);
    assert_true(fig(&r, 2, SIM_STAT_SEG_LOB_BLOCKS) > 0);
    assert_int_equal(fig(&r, 4, SIM_STAT_LOB_LIVE), 2);       /* p2's delete: not p1's */
    assert_int_equal(fig(&r, 6, SIM_STAT_SEG_LOB_BLOCKS), 0); /* dropped with p1 */
    assert_false(r.seg_seen[6]);                              /* nor shown at its drop's step */
    assert_int_equal(fig(&r, 6, SIM_STAT_LOB_LIVE), 0);
    run_ok(text, "SYS_LOB_P2", NULL, &r);
    assert_int_equal(fig(&r, 2, SIM_STAT_LOB_LIVE), 1);
    assert_int_equal(fig(&r, 4, SIM_STAT_LOB_LIVE), 0);
    assert_int_equal(fig(&r, 6, SIM_STAT_LOB_LIVE), 0);
    assert_true(fig(&r, 6, SIM_STAT_SEG_LOB_BLOCKS) > 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_ids_by_the_parser),
        cmocka_unit_test(test_session_figures_once_per_step),
        cmocka_unit_test(test_every_lob_column_its_segment),
        cmocka_unit_test(test_writes_find_freed_space),
        cmocka_unit_test(test_direct_path_appends_rows),
        cmocka_unit_test(test_remote_pieces_against_found_chunks),
        cmocka_unit_test(test_set_one_lob_from_another),
        cmocka_unit_test(test_move_takes_the_parsers_options),
        cmocka_unit_test(test_shrink_view_until_the_segment_goes),
        cmocka_unit_test(test_deallocate_unused),
        cmocka_unit_test(test_add_drop_lob_column),
        cmocka_unit_test(test_varchar_values_in_rows),
        cmocka_unit_test(test_duplicate_primary_key),
        cmocka_unit_test(test_compressed_in_row_by_length),
        cmocka_unit_test(test_partition_routing),
        cmocka_unit_test(test_partition_errors),
        cmocka_unit_test(test_partition_segments),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
