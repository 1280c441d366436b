/* test_plsql.c -- PL/SQL blocks as the interpreter runs them (script/plsql.c
 * compiles, life_sim/plsql.c runs): control flow seen through
 * dbms_output, DML with variables in values and predicates, cursor loops,
 * exception handlers, execute immediate, a block's figures, the primary
 * key's access path, and a block's place kept across sessions' turns. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "life_sim.h"

#define MAX_STEPS 32

typedef struct {
    const char *table;
    sim_stats_t at[MAX_STEPS + 1];  /* the table's figures after each step */
    char error[MAX_STEPS + 1][160]; /* each step's Oracle error, "" none */
    char out[MAX_STEPS + 1][2048];  /* each step's dbms_output */
} run_t;

static int keep(void *arg, const life_step_t *st)
{
    run_t *r = arg;
    if (st->step > MAX_STEPS)
        return 0;
    if (st->error)
        snprintf(r->error[st->step], sizeof r->error[st->step], "%s", st->error);
    if (st->output)
        snprintf(r->out[st->step], sizeof r->out[st->step], "%s", st->output);
    /* the session's row, then the table's segments: their sum is what the
     * step shows of the table, each figure counted in one row */
    if (st->table == NULL || strcmp(st->table, r->table) == 0)
        for (int i = 0; i < SIM_STAT_COUNT; i++)
            r->at[st->step].v[i] += st->total.v[i];
    return 0;
}

static void run(const char *text, const char *table, run_t *r)
{
    scr_script_t *s;
    char err[SCR_ERR_LEN];
    if (scr_parse("test.sql", text, strlen(text), NULL, &s, err, sizeof err) != SIM_OK)
        fail_msg("parse: %s", err);
    life_params_t p;
    life_params_defaults(&p);
    memset(r, 0, sizeof *r);
    r->table = table;
    if (life_run(s, &p, keep, r, err, sizeof err) != SIM_OK)
        fail_msg("run: %s", err);
    scr_free(s);
}

static uint64_t fig(const run_t *r, uint32_t step, sim_stat_t st)
{
    return r->at[step].v[st];
}

#define TABLE                                                                                      \
    "create table t (id number primary key, c clob) lob (c) store as securefile "                  \
    "(retention none);\n"

/* if / elsif / else, while, loop ... exit when, for [reverse], continue,
 * nested loops and assignments, as the lines printed show them. */
static void test_control_flow(void **state)
{
    (void)state;
    run_t r;
    run("declare\n"
        "  n number := 0;\n"
        "  s varchar2(200) := 'a';\n"
        "  z number;\n"
        "begin\n"
        "  if z > 0 then\n" /* unknown: not true */
        "    dbms_output.put_line('z > 0');\n"
        "  elsif not (not (z > 0)) then\n" /* not unknown is unknown */
        "    dbms_output.put_line('not not');\n"
        "  elsif z is null and (z = 1 or true) then\n"
        "    dbms_output.put_line('z null');\n"
        "  end if;\n"
        "  for i in 1 .. 5 loop\n"
        "    if mod(i, 2) = 0 then\n"
        "      dbms_output.put_line(i || ' even');\n"
        "    elsif i = 3 then\n"
        "      dbms_output.put_line(i || ' three');\n"
        "    else\n"
        "      dbms_output.put_line(i || ' odd');\n"
        "    end if;\n"
        "  end loop;\n"
        "  while n < 3 loop\n"
        "    n := n + 1;\n"
        "    s := s || n;\n"
        "  end loop;\n"
        "  dbms_output.put_line(s);\n"
        "  loop\n"
        "    n := n - 1;\n"
        "    exit when n = 1;\n"
        "  end loop;\n"
        "  dbms_output.put_line('n ' || n);\n"
        "  for i in reverse 1 .. 3 loop\n"
        "    continue when i = 2;\n"
        "    for j in 1 .. i loop\n"
        "      n := n + j;\n"
        "    end loop;\n"
        "    dbms_output.put_line(i || ':' || n);\n"
        "  end loop;\n"
        "  for i in 3 .. 1 loop\n"
        "    dbms_output.put_line('never');\n"
        "  end loop;\n"
        "end;\n/\n",
        "", &r);
    assert_string_equal(r.out[1], "z null\n1 odd\n2 even\n3 three\n4 even\n5 odd\na123\nn 1\n"
                                  "3:7\n1:8\n");
    assert_string_equal(r.error[1], "");
}

/* A block is one step whose figures are those of everything it did: the
 * same statements one by one give the same session statistics. */
static void test_block_figures(void **state)
{
    (void)state;
    run_t a, b;
    run(TABLE "declare\n"
              "  v clob := rpad(to_clob('x'), 20000, 'x');\n"
              "begin\n"
              "  for i in 1 .. 30 loop\n"
              "    insert into t values (i, v);\n"
              "  end loop;\n"
              "  update t set c = v || 'y' where id between 5 and 9;\n"
              "  delete from t where id > 25;\n"
              "  commit;\n"
              "end;\n/\n",
        "T", &a);
    run(TABLE "insert into t select level, rpad(to_clob('x'), 20000, 'x') from dual connect by "
              "level <= 30;\n"
              "update t set c = rpad(to_clob('x'), 20000, 'x') || 'y' where id between 5 and 9;\n"
              "delete from t where id > 25;\n"
              "commit;\n",
        "T", &b);
    static const sim_stat_t st[] = {SIM_STAT_LOB_LIVE, SIM_STAT_DSU_USED_BLOCKS,
                                    SIM_STAT_DSU_SEGMENT_BLOCKS, SIM_STAT_USED_UREC};
    uint64_t sum[4] = {0};
    for (uint32_t s = 2; s <= 5; s++)
        for (int k = 0; k < 4; k++)
            sum[k] += fig(&b, s, st[k]);
    /* the states after the last step; the undo records summed over steps */
    assert_int_equal(fig(&a, 2, SIM_STAT_LOB_LIVE), fig(&b, 5, SIM_STAT_LOB_LIVE));
    assert_int_equal(fig(&a, 2, SIM_STAT_LOB_LIVE), 25);
    assert_int_equal(fig(&a, 2, SIM_STAT_DSU_USED_BLOCKS), fig(&b, 5, SIM_STAT_DSU_USED_BLOCKS));
    assert_int_equal(fig(&a, 2, SIM_STAT_DSU_SEGMENT_BLOCKS),
                     fig(&b, 5, SIM_STAT_DSU_SEGMENT_BLOCKS));
    assert_int_equal(fig(&a, 2, SIM_STAT_USED_UREC), sum[3]);
    assert_int_equal(fig(&a, 2, SIM_STAT_USER_COMMITS), 1);
}

/* Variables in predicates: between, in, like, is null, and the primary
 * key's access path (id = variable) against a full scan (id = literal). */
static void test_predicates_with_variables(void **state)
{
    (void)state;
    run_t r;
    run(TABLE "declare\n"
              "  lo number := 3;\n"
              "  hi number := 6;\n"
              "  big clob := rpad(to_clob('b'), 20000, 'b');\n"
              "  k number;\n"
              "begin\n"
              "  for i in 1 .. 20 loop\n"
              "    if i <= 10 then\n"
              "      insert into t values (i, big);\n"
              "    else\n"
              "      insert into t values (i, null);\n"
              "    end if;\n"
              "  end loop;\n"
              "  delete from t where id between lo and hi;\n"              /* 3..6: 6 LOBs left */
              "  delete from t where id in (lo - 1, hi + 1);\n"            /* 2, 7: 4 left */
              "  update t set c = 'a' || c where c is null and id < 13;\n" /* 11, 12 in row */
              "  k := 9;\n"
              "  delete from t where id = k;\n"                   /* 3 left */
              "  delete from t where c like 'bb%b' and id > k;\n" /* 10: 2 left */
              "  commit;\n"
              "  for r in (select id from t where c is null) loop\n"
              "    dbms_output.put_line(r.id);\n"
              "  end loop;\n"
              "end;\n/\n",
        "T", &r);
    assert_string_equal(r.error[2], "");
    assert_int_equal(fig(&r, 2, SIM_STAT_LOB_LIVE), 2);
    assert_string_equal(r.out[2], "13\n14\n15\n16\n17\n18\n19\n20\n");
}

/* A NUMBER variable holding a negative number keeps its sign, given
 * directly or through another variable: 10 + n with n = -4 is 6. */
static void test_negative_number_variable(void **state)
{
    (void)state;
    run_t r;
    run(TABLE "declare\n"
              "  n number := -4;\n"
              "  m number;\n"
              "  v clob;\n"
              "begin\n"
              "  m := n;\n"
              "  v := rpad('x', 10 + n, 'x');\n"
              "  dbms_output.put_line(dbms_lob.getlength(v));\n"
              "  v := rpad('x', 10 + m, 'x');\n"
              "  dbms_output.put_line(dbms_lob.getlength(v));\n"
              "  dbms_output.put_line(n);\n"
              "end;\n/\n",
        "T", &r);
    assert_string_equal(r.error[2], "");
    assert_string_equal(r.out[2], "6\n6\n-4\n");
}

/* A cursor for loop sees the rows as they were when it opened: rows its
 * body inserts are not fetched, rows it deletes were fetched already. */
static void test_cursor_snapshot(void **state)
{
    (void)state;
    run_t r;
    run(TABLE "insert into t select level, rpad(to_clob('x'), 20000, 'x') from dual connect by "
              "level <= 5;\n"
              "declare\n"
              "  n number := 0;\n"
              "begin\n"
              "  for r in (select id, c from t where id >= 2) loop\n"
              "    delete from t where id between 2 and 5;\n"
              "    insert into t values (r.id + 100, r.c);\n"
              "    n := n + 1;\n"
              "  end loop;\n"
              "  dbms_output.put_line(n);\n"
              "end;\n/\n",
        "T", &r);
    assert_string_equal(r.out[3], "4\n");
    /* 1 and 102..105 */
    assert_int_equal(fig(&r, 3, SIM_STAT_LOB_LIVE), 5);
}

/* exception when others: the failed statement undone, the rest kept;
 * raise; gives the error back; an unhandled error is the step's. */
static void test_exceptions(void **state)
{
    (void)state;
    run_t r;
    run("begin\n"
        "  execute immediate 'drop table t purge';\n"
        "exception when others then\n"
        "  dbms_output.put_line('no table');\n"
        "end;\n/\n" TABLE "begin\n"
        "  insert into t values (1, rpad(to_clob('x'), 20000, 'x'));\n"
        "  begin\n"
        "    insert into t values (1, rpad(to_clob('y'), 20000, 'y'));\n"
        "  exception when others then\n"
        "    dbms_output.put_line('dup');\n"
        "  end;\n"
        "  insert into t values (2, rpad(to_clob('z'), 20000, 'z'));\n"
        "  commit;\n"
        "end;\n/\n"
        "begin\n"
        "  insert into t values (3, null);\n"
        "  insert into t values (1, null);\n"
        "exception when others then\n"
        "  dbms_output.put_line('again');\n"
        "  raise;\n"
        "end;\n/\n"
        "begin\n"
        "  raise_application_error(-20042, 'said so');\n"
        "end;\n/\n",
        "T", &r);
    assert_string_equal(r.out[1], "no table\n");
    assert_string_equal(r.error[1], "");
    assert_string_equal(r.out[3], "dup\n");
    assert_string_equal(r.error[3], "");
    assert_int_equal(fig(&r, 3, SIM_STAT_LOB_LIVE), 2);
    assert_string_equal(r.out[4], "again\n");
    assert_string_equal(r.error[4], "ORA-00001: unique constraint (SYS_Cn) violated");
    assert_string_equal(r.error[5], "ORA-20042: said so");
}

/* execute immediate of a literal DDL: the table it creates is there. */
static void test_execute_immediate(void **state)
{
    (void)state;
    run_t r;
    run("begin\n"
        "  execute immediate 'create table t2 (id number, c clob) lob (c) store as "
        "securefile (retention none)';\n"
        "  for i in 1 .. 4 loop\n"
        "    insert into t2 values (i, rpad(to_clob('x'), 20000, 'x'));\n"
        "  end loop;\n"
        "  commit;\n"
        "end;\n/\n",
        "T2", &r);
    assert_int_equal(fig(&r, 1, SIM_STAT_LOB_LIVE), 4);
    assert_string_equal(r.error[1], "");
}

/* Sessions at once: a block that commits in a while loop gives up its
 * turn at each commit and goes on from its operation with its registers:
 * every session ends with all its rows. */
static void test_sessions_resume(void **state)
{
    (void)state;
    const char *text = TABLE "declare\n"
                             "  i number := 0;\n"
                             "begin\n"
                             "  while i < 40 loop\n"
                             "    i := i + 1;\n"
                             "    insert into t values (i, rpad(to_clob('x'), 20000, 'x'));\n"
                             "    if mod(i, 10) = 0 then\n"
                             "      commit;\n"
                             "    end if;\n"
                             "  end loop;\n"
                             "  delete from t where id > 35;\n"
                             "  commit;\n"
                             "end;\n/\n";
    scr_script_t *s;
    char err[SCR_ERR_LEN];
    assert_int_equal(scr_parse("test.sql", text, strlen(text), NULL, &s, err, sizeof err), SIM_OK);
    life_params_t p;
    life_params_defaults(&p);
    life_ses_result_t out;
    assert_int_equal(life_sessions_run(s, &p, 3, 0, &out, err, sizeof err), SIM_OK);
    assert_int_equal(out.ntables, 1);
    assert_int_equal(out.tables[0].segment.v[SIM_STAT_LOB_LIVE], 3 * 35);
    /* five commits a session: four in the loop, one at the end */
    for (uint32_t k = 0; k < 3; k++)
        assert_int_equal(out.s[k].transactions, 5);
    life_ses_result_free(&out);
    scr_free(s);
}

/* Oracle's errors at run time: a null loop bound, a VARCHAR2 too small. */
static void test_runtime_errors(void **state)
{
    (void)state;
    run_t r;
    run("declare\n"
        "  n number;\n"
        "begin\n"
        "  for i in 1 .. n loop\n"
        "    null;\n"
        "  end loop;\n"
        "end;\n/\n"
        "declare\n"
        "  s varchar2(3) := 'ab';\n"
        "begin\n"
        "  s := s || 'cd';\n"
        "end;\n/\n",
        "", &r);
    assert_string_equal(r.error[1], "ORA-06502: PL/SQL: numeric or value error");
    assert_string_equal(r.error[2], "ORA-06502: PL/SQL: numeric or value error: character "
                                    "string buffer too small");
}

/* dbms_lob on a temporary LOB, as the PL/SQL Packages and Types Reference
 * defines each procedure: writeappend takes the buffer's first `amount`
 * characters; write past the end fills the gap with spaces; erase puts
 * spaces over its range and keeps the length (stopping at the end); trim
 * cuts; append and copy take another LOB's data; substr and getlength
 * read; freetemporary leaves the variable null. */
static void test_dbms_lob_semantics(void **state)
{
    (void)state;
    run_t r;
    run("declare\n"
        "  l clob;\n"
        "  m clob;\n"
        "begin\n"
        "  dbms_lob.createtemporary(l, true);\n"
        "  dbms_lob.open(l, dbms_lob.lob_readwrite);\n"
        "  dbms_lob.writeappend(l, 3, 'abcdef');\n"
        "  dbms_output.put_line(l || '|' || dbms_lob.getlength(l));\n"
        "  dbms_lob.write(l, 2, 6, 'XYZ');\n"
        "  dbms_output.put_line(l || '|' || dbms_lob.getlength(l));\n"
        "  dbms_lob.write(l, 2, 2, 'QQ');\n"
        "  dbms_output.put_line(l);\n"
        "  dbms_lob.erase(l, 2, 3);\n"
        "  dbms_output.put_line(l || '|');\n"
        "  dbms_lob.trim(l, 4);\n"
        "  dbms_output.put_line(l || '|');\n"
        "  dbms_lob.createtemporary(m, false, dbms_lob.session);\n"
        "  dbms_lob.writeappend(m, 2, 'mn');\n"
        "  dbms_lob.append(l, m);\n"
        "  dbms_output.put_line(l);\n"
        "  dbms_lob.copy(l, m, 1, 2, 2);\n"
        "  dbms_output.put_line(l);\n"
        "  dbms_output.put_line(dbms_lob.substr(l, 3, 2) || '|' || dbms_lob.substr(l, 3, 9) "
        "|| '|');\n"
        "  if dbms_lob.substr(l, 3, 9) is null and dbms_lob.substr(l, 0, 1) is null then\n"
        "    dbms_output.put_line('null past the end');\n"
        "  end if;\n"
        "  dbms_lob.erase(l, 100, 5);\n"
        "  dbms_output.put_line(l || '|' || dbms_lob.getlength(l));\n"
        "  dbms_lob.close(l);\n"
        "  dbms_lob.freetemporary(l);\n"
        "  if l is null then\n"
        "    dbms_output.put_line('freed');\n"
        "  end if;\n"
        "end;\n/\n",
        "", &r);
    assert_string_equal(r.error[1], "");
    assert_string_equal(r.out[1], "abc|3\nabc  XY|7\naQQ  XY\naQ   XY|\naQ  |\naQ  mn\nan  mn\n"
                                  "n  ||\nnull past the end\nan    |6\nfreed\n");
}

/* RAW data: utl_raw.cast_to_raw keeps the bytes, hextoraw and to_blob read
 * hex digits; a RAW where a CLOB column is wanted becomes its hex text
 * (RAWTOHEX), a BLOB keeps the bytes. */
static void test_raw_values(void **state)
{
    (void)state;
    run_t r;
    run("create table t (id number primary key, c clob, b blob);\n"
        "insert into t values (1, utl_raw.cast_to_raw('ab'), utl_raw.cast_to_raw('abc'));\n"
        "insert into t values (2, hextoraw('7d'), to_blob('0A0B0C0D'));\n"
        "declare\n"
        "  l clob;\n"
        "  b blob;\n"
        "begin\n"
        "  select c into l from t where id = 1;\n"
        "  select b into b from t where id = 1;\n"
        "  dbms_output.put_line(l || ' ' || dbms_lob.getlength(l) || ' ' || "
        "dbms_lob.getlength(b));\n"
        "  select c into l from t where id = 2;\n"
        "  select b into b from t where id = 2;\n"
        "  dbms_output.put_line(l || ' ' || dbms_lob.getlength(b));\n"
        "end;\n/\n",
        "T", &r);
    assert_string_equal(r.error[4], "");
    assert_string_equal(r.out[4], "6162 4 3\n7D 4\n");
}

/* Oracle's errors of the LOB calls, each caught by its handler. */
static void test_dbms_lob_errors(void **state)
{
    (void)state;
    run_t r;
    run(TABLE "insert into t values (1, 'a');\n"
              "insert into t values (2, 'b');\n"
              "commit;\n"
              "declare\n"
              "  l clob;\n"
              "begin\n"
              "  begin dbms_lob.writeappend(l, 1, 'x'); exception when others then\n"
              "    dbms_output.put_line('null locator'); end;\n"
              "  dbms_lob.createtemporary(l, true);\n"
              "  begin dbms_lob.writeappend(l, 5, 'abc'); exception when others then\n"
              "    dbms_output.put_line('amount > buffer'); end;\n"
              "  begin dbms_lob.write(l, 1, 0, 'a'); exception when others then\n"
              "    dbms_output.put_line('offset 0'); end;\n"
              "  begin dbms_lob.trim(l, 1); exception when others then\n"
              "    dbms_output.put_line('trim past the end'); end;\n"
              "  begin select c into l from t where id > 5; exception when others then\n"
              "    dbms_output.put_line('no row'); end;\n"
              "  begin select c into l from t; exception when others then\n"
              "    dbms_output.put_line('two rows'); end;\n"
              "  select c into l from t where id = 1;\n"
              "  dbms_lob.writeappend(l, 1, 'x');\n"
              "end;\n/\n",
        "T", &r);
    assert_string_equal(r.out[5], "null locator\namount > buffer\noffset 0\ntrim past the end\n"
                                  "no row\ntwo rows\n");
    assert_string_equal(r.error[5], "ORA-22920: row containing the LOB value is not locked");
}

#define BLOB_TABLE                                                                                 \
    "create table f (id number primary key, b blob) lob (b) store as securefile "                  \
    "(retention none);\n"

/* A row's LOB written through its locator (insert ... returning) grows
 * in place, chunk by chunk, one dispenser allocation an append, to the
 * same used blocks as the same LOB written whole; a temporary LOB built
 * the same way touches no segment until it is inserted. */
static void test_locator_appends_piecewise(void **state)
{
    (void)state;
    run_t a, b;
    run(BLOB_TABLE "declare\n"
                   "  l blob;\n"
                   "begin\n"
                   "  insert into f values (1, empty_blob()) returning b into l;\n"
                   "  for i in 1 .. 20 loop\n"
                   "    dbms_lob.writeappend(l, 8192, utl_raw.cast_to_raw(rpad('x', 8192, "
                   "'x')));\n"
                   "  end loop;\n"
                   "  commit;\n"
                   "end;\n/\n",
        "F", &a);
    run(BLOB_TABLE "declare\n"
                   "  l blob;\n"
                   "begin\n"
                   "  dbms_lob.createtemporary(l, true);\n"
                   "  for i in 1 .. 20 loop\n"
                   "    dbms_lob.writeappend(l, 8192, utl_raw.cast_to_raw(rpad('x', 8192, "
                   "'x')));\n"
                   "  end loop;\n"
                   "  dbms_output.put_line(dbms_lob.getlength(l));\n"
                   "end;\n/\n"
                   "declare\n"
                   "  l blob;\n"
                   "begin\n"
                   "  dbms_lob.createtemporary(l, true);\n"
                   "  for i in 1 .. 20 loop\n"
                   "    dbms_lob.writeappend(l, 8192, utl_raw.cast_to_raw(rpad('x', 8192, "
                   "'x')));\n"
                   "  end loop;\n"
                   "  insert into f values (1, l);\n"
                   "  commit;\n"
                   "end;\n/\n",
        "F", &b);
    assert_string_equal(a.error[2], "");
    assert_string_equal(b.out[2], "163840\n");
    /* the temporary LOB: no allocation, no segment */
    assert_int_equal(fig(&b, 2, SIM_STAT_DSP_ALLOCATIONS), 0);
    assert_int_equal(fig(&b, 2, SIM_STAT_SEG_EXTENTS), 0);
    /* whole: one allocation; piecewise: the empty LOB in the row, then one
     * an append */
    assert_int_equal(fig(&b, 3, SIM_STAT_DSP_ALLOCATIONS), 1);
    assert_int_equal(fig(&a, 2, SIM_STAT_DSP_ALLOCATIONS), 20);
    assert_true(fig(&a, 2, SIM_STAT_DSP_CHUNKS) > fig(&b, 3, SIM_STAT_DSP_CHUNKS));
    /* each append allocates only the blocks past the end: no copy */
    assert_int_equal(fig(&a, 2, SIM_STAT_SF_ALLOC_BYTES), fig(&b, 3, SIM_STAT_SF_ALLOC_BYTES));
    assert_int_equal(fig(&a, 2, SIM_STAT_DSU_USED_BLOCKS), fig(&b, 3, SIM_STAT_DSU_USED_BLOCKS));
    assert_int_equal(fig(&a, 2, SIM_STAT_LOB_LIVE), 1);
}

/* A committed LOB selected for update and appended to is a new version, as
 * the same change made by an update is: the same space, chunks and undo. */
static void test_locator_write_is_an_update(void **state)
{
    (void)state;
    run_t a, b;
    const char *setup = TABLE "insert into t values (1, rpad(to_clob('x'), 30000, 'x'));\n"
                              "commit;\n";
    char text[2048];
    snprintf(text, sizeof text,
             "%sdeclare\n"
             "  l clob;\n"
             "begin\n"
             "  select c into l from t where id = 1 for update;\n"
             "  dbms_lob.writeappend(l, 100, rpad('y', 100, 'y'));\n"
             "  commit;\n"
             "end;\n/\n",
             setup);
    run(text, "T", &a);
    snprintf(text, sizeof text,
             "%supdate t set c = c || rpad('y', 100, 'y') where id = 1;\n"
             "commit;\n",
             setup);
    run(text, "T", &b);
    assert_string_equal(a.error[4], "");
    assert_int_equal(fig(&a, 4, SIM_STAT_DSU_USED_BLOCKS), fig(&b, 5, SIM_STAT_DSU_USED_BLOCKS));
    assert_int_equal(fig(&a, 4, SIM_STAT_DSP_CHUNKS), fig(&b, 4, SIM_STAT_DSP_CHUNKS));
    assert_int_equal(fig(&a, 4, SIM_STAT_USED_UREC), fig(&b, 4, SIM_STAT_USED_UREC));
    assert_true(fig(&a, 4, SIM_STAT_DSP_CHUNKS) > 0);
}

/* alter table ... add constraint: a primary key added before any row holds
 * as create table's does (its name in ORA-00001, on its own column, not
 * the first NUMBER one); a second is ORA-02260; a check constraint is
 * accepted without effect. */
static void test_add_primary_key(void **state)
{
    (void)state;
    run_t r;
    run("create table t (n number, id number, c clob);\n"
        "alter table t add constraint t_pk primary key (id);\n"
        "alter table t add constraint t_ck check (n > 0);\n"
        "insert into t values (1, 5, 'a');\n"
        "insert into t values (2, 5, 'b');\n"
        "alter table t add primary key (n);\n",
        "T", &r);
    assert_string_equal(r.error[2], "");
    assert_string_equal(r.error[3], "");
    assert_string_equal(r.error[4], "");
    assert_string_equal(r.error[5], "ORA-00001: unique constraint (T_PK) violated");
    assert_string_equal(r.error[6], "ORA-02260: table can have only one primary key");
}

/* Procedures (script/plproc.c): created, then called from exec and from a
 * block in a loop, with defaults, named actuals, an OUT parameter, a
 * nested procedure and return; each call does what the same statements
 * written in the block do.  Oracle's errors: a second CREATE, a DROP of
 * none, a call with the wrong actuals; a body never sees its caller's
 * names. */
#define ADD_ROWS                                                                                   \
    "create or replace procedure add_rows(p_from in number, p_n in number default 2,\n"            \
    "  p_len number := 10) is\n"                                                                   \
    "  k number := 0;\n"                                                                           \
    "begin\n"                                                                                      \
    "  while k < p_n loop\n"                                                                       \
    "    insert into t values (p_from + k, rpad('x', p_len, 'x'));\n"                              \
    "    k := k + 1;\n"                                                                            \
    "  end loop;\n"                                                                                \
    "end add_rows;\n/\n"

static void test_procedures(void **state)
{
    (void)state;
    run_t r, inl;
    run(TABLE ADD_ROWS
        "create or replace procedure used(p_seg varchar2, p_used out number) as\n"
        "  sb number; sy number; ub number; uy number;\n"
        "  eb number; ey number; xb number; xy number;\n"
        "  procedure say(p_label in varchar2, p_num in number) is\n"
        "  begin\n"
        "    if p_num is null then\n"
        "      dbms_output.put_line(p_label || ' none');\n"
        "      return;\n"
        "    end if;\n"
        "    dbms_output.put_line(rpad(p_label, 8, '.') || p_num);\n"
        "  end;\n"
        "begin\n"
        "  dbms_space.space_usage(user, p_seg, 'LOB', sb, sy, ub, uy, eb, ey, xb, xy);\n"
        "  p_used := ub;\n"
        "  say('seg', sb);\n"
        "  say('nothing', null);\n"
        "end;\n/\n"
        "exec add_rows(1)\n" /* 4 */
        "begin\n"            /* 5 */
        "  for i in 1 .. 3 loop\n"
        "    add_rows(p_n => 1, p_from => 100 + i, p_len => 4000);\n"
        "  end loop;\n"
        "end;\n/\n"
        "commit;\n" /* 6 */
        "declare\n" /* 7 */
        "  u number;\n"
        "begin\n"
        "  used('SYS_LOB0000000001C00002$$', u);\n"
        "  dbms_output.put_line('used ' || u);\n"
        "end;\n/\n"
        "create procedure add_rows is begin null; end;\n/\n"             /* 8 */
        "drop procedure nothing_here;\n"                                 /* 9 */
        "exec add_rows\n"                                                /* 10 */
        "exec add_rows(1, p_from => 2)\n"                                /* 11 */
        "exec add_rows(p_n => 1, 2)\n"                                   /* 12 */
        "drop procedure add_rows;\n"                                     /* 13 */
        "exec add_rows(1)\n"                                             /* 14 */
        "create procedure p is begin dbms_output.put_line(k); end;\n/\n" /* 15 */
        "declare k number := 1; begin p; end;\n/\n",                     /* 16 */
        "T", &r);
    /* the same rows, the statements written out */
    run(TABLE "create table u (id number);\n"
              "create table v (id number);\n"
              "begin insert into t values (1, rpad('x', 10, 'x'));\n"
              "insert into t values (2, rpad('x', 10, 'x')); end;\n/\n"
              "begin\n"
              "  for i in 1 .. 3 loop\n"
              "    insert into t values (100 + i, rpad('x', 4000, 'x'));\n"
              "  end loop;\n"
              "end;\n/\n",
        "T", &inl);
    for (sim_stat_t st = 0; st < SIM_STAT_COUNT; st++) {
        assert_int_equal(fig(&r, 4, st), fig(&inl, 4, st));
        assert_int_equal(fig(&r, 5, st), fig(&inl, 5, st));
    }
    assert_int_equal(fig(&r, 5, SIM_STAT_LOB_LIVE), 3);
    assert_int_equal(fig(&r, 5, SIM_STAT_LOB_INROW), 2);
    assert_string_equal(r.error[4], "");
    assert_string_equal(r.out[7], "seg.....72\nnothing none\nused 3\n");
    assert_string_equal(r.error[8],
                        "ORA-00955: name is already used by an existing object (ADD_ROWS)");
    assert_string_equal(r.error[9], "ORA-04043: object NOTHING_HERE does not exist");
    assert_string_equal(r.error[10],
                        "PLS-00306: wrong number or types of arguments in call to 'ADD_ROWS'");
    assert_string_equal(r.error[11],
                        "PLS-00306: wrong number or types of arguments in call to 'ADD_ROWS'");
    assert_string_equal(r.error[12], "PLS-00312: a positional parameter association may not "
                                     "follow a named association");
    assert_string_equal(r.error[13], "");
    assert_non_null(strstr(r.error[14], "ADD_ROWS"));
    assert_string_equal(r.error[16], "PLS-00201: identifier 'K' must be declared");
}

/* SQL*Plus bind variables (script/binds.c): VARIABLE, a block and exec
 * that read and set them (an exec continued by '-'), a value kept from one
 * block to the next, none stored by a block that fails, PRINT as SQL*Plus
 * prints it, SP2-0552 for a name no VARIABLE declared. */
static void test_bind_variables(void **state)
{
    (void)state;
    run_t r;
    run(TABLE "variable n number\n"
              "variable s varchar2(12)\n"
              "var doc clob\n"
              "exec :n := 40 + -\n" /* 2 */
              "  2\n"
              "begin\n" /* 3 */
              "  :s := 'n is ' || :n;\n"
              "  :doc := rpad('y', 100, 'y');\n"
              "  insert into t values (:n, :doc);\n"
              "end;\n/\n"
              "begin\n" /* 4 */
              "  :n := 7;\n"
              "  insert into t values (:n + 35, 'dup');\n" /* ORA-00001: :n stays 42 */
              "end;\n/\n"
              "print n s\n"       /* 5 */
              "print doc\n"       /* 6 */
              "exec :m := 1\n"    /* 7 */
              "print m\n"         /* 8 */
              "exec :n := null\n" /* 9 */
              "print n\n",        /* 10 */
        "T", &r);
    assert_string_equal(r.error[2], "");
    assert_string_equal(r.error[3], "");
    assert_int_equal(fig(&r, 3, SIM_STAT_LOB_INROW), 1);
    assert_non_null(strstr(r.error[4], "ORA-00001"));
    assert_string_equal(r.out[5],
                        "         N\n----------\n        42\n\nS\n------------\nn is 42\n");
    assert_string_equal(r.out[6],
                        "DOC\n--------------------------------------------------------------"
                        "------------------\nyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyy"
                        "yyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyy\n");
    assert_string_equal(r.error[7], "SP2-0552: Bind variable \"M\" not declared.");
    assert_string_equal(r.error[8], "SP2-0552: Bind variable \"M\" not declared.");
    assert_string_equal(r.out[10], "         N\n----------\n\n"); /* null: a blank */
}

/* Exceptions by name (script/plexc.c): predefined ones (NO_DATA_FOUND,
 * DUP_VAL_ON_INDEX, TOO_MANY_ROWS), one the block declares, one given an
 * Oracle number by PRAGMA EXCEPTION_INIT, handlers chosen by the error
 * (`or`, OTHERS last), an error no handler of a block takes going to the
 * enclosing one, SQLCODE (+100 for no data found, 1 for a user-defined
 * exception) and SQLERRM, `raise;` again after printing. */
static void test_named_exceptions(void **state)
{
    (void)state;
    run_t r;
    run(TABLE "declare\n"
              "  oops exception;\n"
              "  wrong_ssm exception;\n"
              "  pragma exception_init(wrong_ssm, -10614);\n"
              "  n number;\n"
              "begin\n"
              "  insert into t values (1, 'a');\n"
              "  begin\n"
              "    insert into t values (1, 'b');\n"
              "  exception\n"
              "    when no_data_found then dbms_output.put_line('ndf');\n"
              "    when dup_val_on_index or too_many_rows then\n"
              "      dbms_output.put_line('dup ' || sqlcode || ' ' || sqlerrm);\n"
              "  end;\n"
              "  begin\n"
              "    select id into n from t where id = 7;\n"
              "  exception\n"
              "    when others then dbms_output.put_line('others ' || sqlcode);\n"
              "  end;\n"
              "  begin\n"
              "    raise oops;\n"
              "  exception\n"
              "    when wrong_ssm then dbms_output.put_line('wrong');\n"
              "    when oops then dbms_output.put_line('oops ' || sqlcode || ' ' || sqlerrm);\n"
              "  end;\n"
              "  begin\n"
              "    raise wrong_ssm;\n"
              "  exception\n"
              "    when wrong_ssm then dbms_output.put_line('ssm ' || sqlcode);\n"
              "  end;\n"
              "  begin\n"
              "    begin\n"
              "      raise oops;\n"
              "    exception\n"
              "      when no_data_found then null;\n"
              "    end;\n"
              "  exception\n"
              "    when oops then dbms_output.put_line('outer oops');\n"
              "  end;\n"
              "  raise too_many_rows;\n"
              "end;\n"
              "/\n"
              "begin\n"
              "  raise no_data_found;\n"
              "exception\n"
              "  when others then\n"
              "    dbms_output.put_line(sqlerrm);\n"
              "    raise;\n"
              "end;\n"
              "/\n",
        "T", &r);
    assert_string_equal(r.out[2], "dup -1 ORA-00001: unique constraint (SYS_Cn) violated\n"
                                  "others 100\noops 1 User-Defined Exception\nssm -10614\n"
                                  "outer oops\n");
    assert_string_equal(r.error[2],
                        "ORA-01422: exact fetch returns more than requested number of rows");
    assert_string_equal(r.out[3], "ORA-01403: no data found\n");
    assert_string_equal(r.error[3], "ORA-01403: no data found");
}

/* A declared cursor (`cursor c is select ...`) in a cursor FOR loop does
 * what the same select written in the loop does: the rows, in order, and
 * the figures of the updates it drives. */
static void test_declared_cursor(void **state)
{
    (void)state;
    run_t d, in;
    const char *rows = TABLE "insert into t select level, rpad('x', 100, 'x') from dual "
                             "connect by level <= 5;\ncommit;\n";
    char text[2048];
    snprintf(text, sizeof text,
             "%sdeclare\n  cursor c1 is select id from t where id > 2;\n"
             "  cursor c2 is select id, c from t where id <= 2;\n  n number := 0;\nbegin\n"
             "  for r in c1 loop\n    n := n + r.id;\n  end loop;\n"
             "  for r in c2 loop\n    update t set c = rpad('y', 5000, 'y') where id = r.id;\n"
             "    dbms_output.put_line(r.id || ' ' || dbms_lob.getlength(r.c));\n  end loop;\n"
             "  dbms_output.put_line('sum ' || n);\nend;\n/\n",
             rows);
    run(text, "T", &d);
    snprintf(text, sizeof text,
             "%sdeclare\n  n number := 0;\nbegin\n"
             "  for r in (select id from t where id > 2) loop\n    n := n + r.id;\n  end loop;\n"
             "  for r in (select id, c from t where id <= 2) loop\n"
             "    update t set c = rpad('y', 5000, 'y') where id = r.id;\n"
             "    dbms_output.put_line(r.id || ' ' || dbms_lob.getlength(r.c));\n  end loop;\n"
             "  dbms_output.put_line('sum ' || n);\nend;\n/\n",
             rows);
    run(text, "T", &in);
    assert_string_equal(d.out[4], "1 100\n2 100\nsum 12\n");
    assert_string_equal(in.out[4], d.out[4]);
    assert_int_equal(fig(&d, 4, SIM_STAT_LOB_LIVE), 2);
    for (sim_stat_t st = 0; st < SIM_STAT_COUNT; st++)
        assert_int_equal(fig(&d, 4, st), fig(&in, 4, st));
}

/* SQL's single-row functions (script/expr.c parses, eval.c evaluates),
 * seen through dbms_output: the rounding functions of a division
 * (negative quotients, halves), to places left of the point, the text
 * functions' nulls, negative positions and growth, NVL of text and of
 * numbers, and in SQL the same functions make a row's LOB. */
static void test_functions(void **state)
{
    (void)state;
    run_t r;
    run(TABLE
        "declare\n"
        "  n number;\n"
        "  s varchar2(100) := 'hello';\n"
        "  e varchar2(10) := '';\n"
        "begin\n"
        "  dbms_output.put_line(trunc(17 / 5) || ' ' || round(17 / 5) || ' ' || floor(-17 / 5)"
        " || ' ' || ceil(17 / 5) || ' ' || trunc(-17 / 5) || ' ' || round(-5 / 2) || ' ' ||"
        " round(5 / 2) || ' ' || ceil(-17 / 5));\n"
        "  dbms_output.put_line(round(1250, -2) || ' ' || trunc(1299, -2) || ' ' || "
        "round(-1250, -2) || ' ' || round(7, 2));\n"
        "  dbms_output.put_line(abs(-3) || ' ' || sign(-9) || ' ' || sign(0) || ' ' || "
        "power(2, 10) || ' ' || greatest(1, 9, 4) || ' ' || least(3, 2, 8) || ' ' || "
        "nvl(n, 7) || ' ' || length(s) || ' ' || length(e) || '.');\n"
        "  dbms_output.put_line(upper(s) || lower('AbC') || substr('abcdef', 2, 3) || '|' ||"
        " substr('abcdef', -2) || '|' || substr('abcdef', 0, 1) || '|' || substr('abc', 5) || "
        "'|' || replace('aXbXc', 'X', '--') || '|' || replace('aXb', 'X') || '|' || "
        "trim('  a  ') || '|' || ltrim('  a ') || '|' || rtrim(' a  ') || '|' || chr(65) || "
        "'|' || nvl(e, 'dflt') || '|' || nvl(s, 'x'));\n"
        "end;\n/\n"
        "insert into t values (length('abcd'), replace(rpad('x', 3000, 'x'), 'x', 'yy'));\n"
        "insert into t values (length('abcd'), replace(to_clob(rpad('x', 3000, 'x')), 'x', "
        "'yy'));\n"
        "insert into t values (trunc(11 / 2), upper(rpad('q', 10, 'q')));\n",
        "T", &r);
    assert_string_equal(r.error[2], "");
    assert_string_equal(r.out[2], "3 3 -4 4 -3 -3 3 -3\n"
                                  "1300 1200 -1300 7\n"
                                  "3 -1 0 1024 9 2 7 5 .\n"
                                  "HELLOabcbcd|ef|a||a--b--c|ab|a|a | a|A|dflt|hello\n");
    /* REPLACE of a VARCHAR2 past 4,000 bytes in SQL; of a CLOB, 6,000
     * characters out of the row; a text of 10 in it */
    assert_string_equal(r.error[3], "ORA-01489: result of string concatenation is too long (6000 "
                                    "bytes, at most 4000)");
    assert_int_equal(fig(&r, 4, SIM_STAT_LOB_LIVE), 1);
    assert_string_equal(r.error[5], "");
    assert_int_equal(fig(&r, 5, SIM_STAT_LOB_INROW), 1);
}

/* select count(*) | max(id) | min(id) into a NUMBER (one row always, max
 * and min of none null), and dbms_utility.get_time on the model's clock
 * (a sleep of 1.5 s moves it 150 hundredths). */
static void test_aggregates_and_clock(void **state)
{
    (void)state;
    run_t r;
    run(TABLE "insert into t select level, 'x' from dual connect by level <= 7;\n"
              "declare\n  n number;\n  a number;\n  b number;\n  z number;\n"
              "  t0 number := dbms_utility.get_time;\nbegin\n"
              "  select count(*) into n from t;\n"
              "  select max(id) into a from t where id < 5;\n"
              "  select min(id) into b from t where id > 2;\n"
              "  select max(id) into z from t where id > 100;\n"
              "  dbms_output.put_line(n || ' ' || a || ' ' || b || ' [' || z || ']');\n"
              "  select count(1) into n from t where id > 100;\n"
              "  dbms_lock.sleep(1.5);\n"
              "  dbms_output.put_line(n || ' ' || (dbms_utility.get_time - t0) || ' ' ||\n"
              "    trunc((dbms_utility.get_time - t0) / 100));\n"
              "end;\n/\n",
        "T", &r);
    assert_string_equal(r.error[3], "");
    assert_string_equal(r.out[3], "7 4 3 []\n0 150 1\n");
}

/* A plain insert, update or delete naming binds runs as a block would,
 * its figures those of the same statement with the values written in. */
static void test_binds_in_dml(void **state)
{
    (void)state;
    run_t b, l;
    run(TABLE "variable n number\nvariable s varchar2(30)\nexec :n := 5\nexec :s := 'hello'\n"
              "insert into t values (:n, rpad(:s, 5000, 'x'));\n"
              "update t set c = :s || :s where id = :n;\n"
              "delete from t where id = :n;\n",
        "T", &b);
    run(TABLE "variable n number\nexec :n := 5\nexec :n := 5\n"
              "insert into t values (5, rpad('hello', 5000, 'x'));\n"
              "update t set c = 'hellohello' where id = 5;\n"
              "delete from t where id = 5;\n",
        "T", &l);
    for (uint32_t step = 4; step <= 6; step++) {
        assert_string_equal(b.error[step], "");
        for (sim_stat_t st = 0; st < SIM_STAT_COUNT; st++)
            assert_int_equal(fig(&b, step, st), fig(&l, step, st));
    }
    assert_int_equal(fig(&b, 4, SIM_STAT_LOB_LIVE), 1);
    assert_int_equal(fig(&b, 6, SIM_STAT_LOB_LIVE), 0);
}

/* BOOLEAN variables: set from conditions (TRUE, FALSE, NULL, a
 * comparison, an unknown one), in while, if and not. */
static void test_booleans(void **state)
{
    (void)state;
    run_t r;
    run(TABLE "declare\n  done boolean := false;\n  big boolean;\n  n number := 0;\n"
              "  z number;\nbegin\n  while not done loop\n    n := n + 1;\n"
              "    insert into t values (n, rpad('x', 100, 'x'));\n    done := n >= 3;\n"
              "  end loop;\n  big := n > 10;\n  if big then\n    dbms_output.put_line('big');\n"
              "  elsif not big then\n    dbms_output.put_line('small ' || n);\n  end if;\n"
              "  big := null;\n  if big is null then\n    dbms_output.put_line('unknown');\n"
              "  end if;\n  big := n > z;\n  if big is null then\n"
              "    dbms_output.put_line('unknown again');\n  end if;\n"
              "  if not big then\n    dbms_output.put_line('never');\n  end if;\n"
              "  done := true;\n  if done and not (n < 3) then\n"
              "    dbms_output.put_line('done');\n  end if;\nend;\n/\n",
        "T", &r);
    assert_string_equal(r.error[2], "");
    assert_string_equal(r.out[2], "small 3\nunknown\nunknown again\ndone\n");
    assert_int_equal(fig(&r, 2, SIM_STAT_LOB_INROW), 3);
}

/* A declared cursor opened, fetched into variables until %NOTFOUND and
 * closed: the rows of the same select in a cursor FOR loop, %ROWCOUNT
 * counting them, %FOUND after a fetch, a second OPEN from the first
 * row; a wrong INTO list is PLS-00394. */
static void test_explicit_cursor(void **state)
{
    (void)state;
    run_t r;
    run(TABLE "insert into t select level, rpad('x', 100 * level, 'x') from dual "
              "connect by level <= 4;\ncommit;\n"
              "declare\n  cursor c1 is select id, c from t where id >= 2;\n"
              "  v_id number;\n  v_c clob;\nbegin\n  open c1;\n  loop\n"
              "    fetch c1 into v_id, v_c;\n    exit when c1%notfound;\n"
              "    dbms_output.put_line(v_id || ' ' || dbms_lob.getlength(v_c) || ' #' || "
              "c1%rowcount);\n  end loop;\n  close c1;\n  open c1;\n"
              "  fetch c1 into v_id, v_c;\n  if c1%found then\n"
              "    dbms_output.put_line('again ' || v_id);\n  end if;\n  close c1;\nend;\n/\n"
              "declare\n  cursor c1 is select id, c from t;\n  v_id number;\nbegin\n"
              "  open c1;\n  fetch c1 into v_id;\nend;\n/\n"
              "declare\n  cursor c2 is select * from t where id = 4;\n  a number;\n  b clob;\n"
              "begin\n  open c2;\n  fetch c2 into a, b;\n"
              "  dbms_output.put_line(a || ' ' || dbms_lob.getlength(b));\nend;\n/\n",
        "T", &r);
    assert_string_equal(r.error[4], "");
    assert_string_equal(r.out[4], "2 200 #1\n3 300 #2\n4 400 #3\nagain 2\n");
    assert_string_equal(r.error[5], "PLS-00394: wrong number of values in the INTO list of a "
                                    "FETCH statement");
    assert_string_equal(r.out[6], "4 400\n");
}

/* dbms_random.value(lo, hi) as a rounding function's argument: whole
 * draws from the run's seed within [lo, hi) (trunc) or [lo, hi] (round),
 * the same on a second run, the mean of many near the middle. */
static void test_random_value(void **state)
{
    (void)state;
    run_t a, b;
    const char *text = "create table t (id number, c clob);\n"
                       "declare\n  n number := 0;\n  mx number := 0;\n  mn number := 1000;\n"
                       "  r number := 0;\n  v number;\nbegin\n"
                       "  for i in 1 .. 20000 loop\n    v := trunc(dbms_random.value(0, 900));\n"
                       "    n := n + v;\n    mx := greatest(mx, v);\n    mn := least(mn, v);\n"
                       "    r := greatest(r, round(dbms_random.value(0, 3)));\n  end loop;\n"
                       "  dbms_output.put_line(mn || ' ' || mx || ' ' || r || ' ' || "
                       "trunc(n / 2000000));\nend;\n/\n";
    run(text, "T", &a);
    run(text, "T", &b);
    assert_string_equal(a.error[2], "");
    /* min 0, max 899, round reaches 3; the mean, 449.5 with a standard
     * error of 1.8, in its hundreds: 4 */
    assert_string_equal(a.out[2], "0 899 3 4\n");
    assert_string_equal(b.out[2], a.out[2]);
}

/* Sequences (script/sequence.c): NEXTVAL from START WITH by INCREMENT BY,
 * one a row of an insert ... select, CURRVAL the last taken (null before
 * one), a descending one, ORA-02289 after DROP, ORA-00955 for a second
 * CREATE. */
static void test_sequences(void **state)
{
    (void)state;
    run_t r;
    run("create sequence s start with 10 increment by 5;\n"
        "create sequence d start with -1 increment by -2;\n" TABLE
        "insert into t values (s.nextval, rpad('x', 100, 'x'));\n"
        "insert into t select s.nextval, rpad('y', 200, 'y') from dual connect by level <= 3;\n"
        "declare\n  n number;\n  m number;\nbegin\n  n := s.currval;\n  m := d.currval;\n"
        "  dbms_output.put_line('currval ' || n || ' [' || m || ']');\n"
        "  insert into t values (s.nextval, 'z');\n"
        "  dbms_output.put_line(s.currval || ' ' || d.nextval || ' ' || d.nextval);\n"
        "  select count(*) into n from t where id in (10, 15, 20, 25, 30);\n"
        "  dbms_output.put_line(n);\nend;\n/\n"
        "drop sequence s;\n"
        "insert into t values (s.nextval, 'q');\n"
        "create sequence d;\n",
        "T", &r);
    assert_string_equal(r.error[6], "");
    assert_string_equal(r.out[6], "currval 25 []\n30 -1 -3\n5\n");
    assert_string_equal(r.error[8], "ORA-02289: sequence does not exist (S)");
    assert_string_equal(r.error[9], "ORA-00955: name is already used by an existing object (D)");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_control_flow),
        cmocka_unit_test(test_block_figures),
        cmocka_unit_test(test_predicates_with_variables),
        cmocka_unit_test(test_negative_number_variable),
        cmocka_unit_test(test_cursor_snapshot),
        cmocka_unit_test(test_exceptions),
        cmocka_unit_test(test_execute_immediate),
        cmocka_unit_test(test_sessions_resume),
        cmocka_unit_test(test_runtime_errors),
        cmocka_unit_test(test_dbms_lob_semantics),
        cmocka_unit_test(test_raw_values),
        cmocka_unit_test(test_dbms_lob_errors),
        cmocka_unit_test(test_locator_appends_piecewise),
        cmocka_unit_test(test_locator_write_is_an_update),
        cmocka_unit_test(test_add_primary_key),
        cmocka_unit_test(test_procedures),
        cmocka_unit_test(test_bind_variables),
        cmocka_unit_test(test_named_exceptions),
        cmocka_unit_test(test_declared_cursor),
        cmocka_unit_test(test_functions),
        cmocka_unit_test(test_aggregates_and_clock),
        cmocka_unit_test(test_binds_in_dml),
        cmocka_unit_test(test_booleans),
        cmocka_unit_test(test_explicit_cursor),
        cmocka_unit_test(test_random_value),
        cmocka_unit_test(test_sequences),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
