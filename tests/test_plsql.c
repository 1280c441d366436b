/* test_plsql.c -- PL/SQL blocks as the interpreter runs them (script/plsql.c
 * compiles, life_sim/plsql.c runs): control flow seen through
 * dbms_output, DML with variables in values and predicates, cursor loops,
 * exception handlers, execute immediate, a block's figures, the primary
 * key's access path, and a block's place kept across sessions' turns. */
#include "plsql_util.h"

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
    assert_string_equal(r.error[4], "ORA-00001: unique constraint (SYS_C000001) violated");
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
/* dbms_lob.read: a CLOB of 10,000 characters read 4,000 at a time is
 * three reads (4,000, 4,000, 2,000), then NO_DATA_FOUND at offset
 * 10,001; the buffer holds the characters from the offset; a BLOB's read
 * into a RAW counts bytes. */
static void test_dbms_lob_read(void **state)
{
    (void)state;
    run_t r;
    run("create table t (id number, c clob, b blob);\n"
        "insert into t values (1, rpad(to_clob('ab'), 10000, 'cd'), "
        "utl_raw.cast_to_raw('hello world'));\n"
        "commit;\n"
        "declare\n"
        "  l clob; lb blob; buf varchar2(32767); rb raw(2000); amt number; off number := 1;\n"
        "  total number := 0; n number := 0;\n"
        "begin\n"
        "  select c into l from t where id = 1;\n"
        "  loop\n"
        "    amt := 4000;\n"
        "    dbms_lob.read(l, amt, off, buf);\n"
        "    total := total + amt; n := n + 1; off := off + amt;\n"
        "    dbms_output.put_line(amt || ' ' || substr(buf, 1, 3));\n"
        "  end loop;\n"
        "exception when no_data_found then\n"
        "  dbms_output.put_line(n || ' ' || total || ' ' || off);\n"
        "  select b into lb from t where id = 1;\n"
        "  amt := 100;\n"
        "  dbms_lob.read(lb, amt, 7, rb);\n"
        "  dbms_output.put_line(amt || ' ' || utl_raw.cast_to_varchar2(rb) || ' ' || "
        "rawtohex(rb) || ' ' || utl_raw.length(rb));\n"
        "end;\n/\n",
        "T", &r);
    assert_string_equal(r.out[4],
                        "4000 abc\n4000 cdc\n2000 cdc\n3 10000 10001\n5 world 776F726C64 5\n");
}

/* select E[, E]... into v[, v]... from dual: each item into its variable
 * (DUAL's one row): the connected user, arithmetic, a sequence's next
 * value (one a select), a function of text; sys.dual too. */
static void test_select_into_dual(void **state)
{
    (void)state;
    run_t r;
    run("create table t (id number, c clob);\n"
        "create sequence s start with 5;\n"
        "declare u varchar2(30); n number; m number; x varchar2(10);\n"
        "begin\n"
        "  select user, 3 * 4 into u, n from dual;\n"
        "  select s.nextval into m from sys.dual;\n"
        "  select s.nextval, rpad('a', 3, 'b') into m, x from dual;\n"
        "  dbms_output.put_line(u || ' ' || n || ' ' || m || ' ' || x);\n"
        "end;\n/\n",
        "T", &r);
    assert_string_equal(r.out[3], "LOBSIM 12 6 abb\n");
}

/* A cursor's select ordered by the id, either way, and a LOB's length
 * under an alias (r.n); a declared cursor likewise. */
static void test_cursor_order_and_length(void **state)
{
    (void)state;
    run_t r;
    run("create table t (id number, c clob);\n"
        "insert into t values (2, rpad('x', 200, 'x'));\n"
        "insert into t values (5, rpad('x', 500, 'x'));\n"
        "insert into t values (1, null);\n"
        "insert into t values (3, rpad('x', 300, 'x'));\n"
        "begin\n"
        "  for r in (select id, dbms_lob.getlength(c) as n from t where id > 1 order by id "
        "desc) loop\n"
        "    dbms_output.put_line(r.id || ':' || r.n);\n"
        "  end loop;\n"
        "  for r in (select id, dbms_lob.getlength(c) len from t order by 1) loop\n"
        "    dbms_output.put_line(r.id || '=' || r.len);\n"
        "  end loop;\n"
        "end;\n/\n"
        "declare\n"
        "  cursor k is select id from t order by id;\n"
        "  v number;\n"
        "begin\n"
        "  open k;\n"
        "  fetch k into v;\n"
        "  dbms_output.put_line(v);\n"
        "  close k;\n"
        "end;\n/\n",
        "T", &r);
    assert_string_equal(r.out[6], "5:500\n3:300\n2:200\n1=\n2=200\n3=300\n5=500\n");
    assert_string_equal(r.out[7], "1\n");
}

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

/* A row the transaction inserted is locked by it: a locator selected
 * without for update writes it (Feuerstein and Pribyl, Oracle PL/SQL
 * Programming, ch12_clob02.sql, does so); once committed the lock is gone
 * and the same select's locator is refused with ORA-22920.  The write
 * lands in the row: its LOB is 3 characters longer. */
static void test_locator_of_own_row(void **state)
{
    (void)state;
    run_t r;
    run(TABLE "declare\n"
              "  l clob;\n"
              "begin\n"
              "  insert into t values (1, empty_clob());\n"
              "  select c into l from t where id = 1;\n"
              "  dbms_lob.writeappend(l, 3, 'abc');\n"
              "  select c into l from t where id = 1;\n"
              "  dbms_output.put_line(dbms_lob.getlength(l));\n"
              "  commit;\n"
              "  select c into l from t where id = 1;\n"
              "  dbms_lob.writeappend(l, 3, 'def');\n"
              "end;\n/\n",
        "T", &r);
    assert_string_equal(r.out[2], "3\n");
    assert_string_equal(r.error[2], "ORA-22920: row containing the LOB value is not locked");
}

/* select c into v, v a VARCHAR2: the CLOB's characters converted into
 * the variable (Kyte and Kuhn's ch12/demo28.sql reads an in-row CLOB so),
 * ORA-06502 when they are more than it holds; the row is not locked. */
static void test_clob_into_varchar2(void **state)
{
    (void)state;
    run_t r;
    run(TABLE "insert into t values (1, 'hello');\n"
              "insert into t values (2, rpad('x', 101, 'x'));\n"
              "declare\n"
              "  v varchar2(100);\n"
              "begin\n"
              "  select c into v from t where id = 1;\n"
              "  dbms_output.put_line(v || ' ' || length(v));\n"
              "  select c into v from t where id = 2;\n"
              "  dbms_output.put_line('not reached');\n"
              "end;\n/\n",
        "T", &r);
    assert_string_equal(r.out[4], "hello 5\n");
    assert_string_equal(r.error[4],
                        "ORA-06502: PL/SQL: numeric or value error: character string buffer "
                        "too small");
}

/* dbms_monitor and dbms_application_info inside a block: tracing and
 * instrumentation, no operation (Kyte and Kuhn's ch12/demo28.sql turns
 * tracing on in its block); and a loop of selects by the key reads the
 * row the key finds. */
static void test_trace_calls_in_block(void **state)
{
    (void)state;
    run_t r;
    run(TABLE "insert into t values (1, 'a');\n"
              "insert into t values (2, 'bb');\n"
              "declare\n"
              "  v varchar2(10);\n"
              "begin\n"
              "  dbms_monitor.session_trace_enable;\n"
              "  dbms_application_info.set_module('demo', 'read');\n"
              "  for i in 1 .. 2 loop\n"
              "    select c into v from t where id = i;\n"
              "    dbms_output.put_line(v);\n"
              "  end loop;\n"
              "  dbms_monitor.session_trace_disable();\n"
              "end;\n/\n",
        "T", &r);
    assert_string_equal(r.error[4], "");
    assert_string_equal(r.out[4], "a\nbb\n");
}

#define BLOB_TABLE                                                                                 \
    "create table f (id number primary key, b blob) lob (b) store as securefile "                  \
    "(retention none);\n"

/* dbms_lob.converttoblob and converttoclob: the characters from
 * src_offset placed at dest_offset as copy places them, both offsets
 * moved past them, warning 0; DBMS_LOB.LOBMAXSIZE takes all that is left
 * (Durrett's blobinlinecutoff.sql makes its BLOB so); a CLOB into a BLOB
 * of the wrong kind is PLS-00306. */
static void test_convert_lobs(void **state)
{
    (void)state;
    run_t r;
    run(BLOB_TABLE
        "declare\n"
        "  c clob := 'abcdefgh';\n"
        "  b blob;\n"
        "  c2 clob;\n"
        "  o1 integer := 1; o2 integer := 3; ctx integer := 0; w integer := 9;\n"
        "begin\n"
        "  dbms_lob.createtemporary(b, true);\n"
        "  dbms_lob.converttoblob(b, c, 4, o1, o2, dbms_lob.default_csid, ctx, w);\n"
        "  dbms_output.put_line(o1 || ' ' || o2 || ' ' || w || ' ' || "
        "dbms_lob.getlength(b) || ' ' || utl_raw.cast_to_varchar2(b));\n"
        "  dbms_lob.converttoblob(b, c, dbms_lob.lobmaxsize, o1, o2, 0, ctx, w);\n"
        "  dbms_output.put_line(o1 || ' ' || o2 || ' ' || dbms_lob.getlength(b));\n"
        "  insert into f values (1, b);\n"
        "  dbms_lob.createtemporary(c2, true);\n"
        "  o1 := 1; o2 := 2;\n"
        "  dbms_lob.converttoclob(c2, b, 3, o1, o2, 0, ctx, w);\n"
        "  dbms_output.put_line(c2 || ' ' || o1 || ' ' || o2);\n"
        "end;\n/\n"
        "select dbms_lob.getlength(b) from f;\n"
        "declare\n"
        "  c clob := 'x'; b blob; o1 integer := 1; o2 integer := 1; ctx integer; w integer;\n"
        "begin\n"
        "  dbms_lob.converttoclob(c, c, 1, o1, o2, 0, ctx, w);\n"
        "end;\n/\n",
        "F", &r);
    assert_string_equal(r.error[2], "");
    assert_string_equal(r.out[2], "5 7 0 4 cdef\n7 9 6\ndef 4 5\n");
    assert_string_equal(r.out[3],
                        "DBMS_LOB.GETLENGTH(B)\n---------------------\n                    6\n");
    assert_string_equal(r.error[4],
                        "PLS-00306: wrong number or types of arguments in call to 'CONVERTTOCLOB'");
}

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

/* A primary key added after the rows were used, on the column that
 * numbers them (Connor McDonald's demos add it so): a duplicate before it
 * is taken, one after it is ORA-00001, and a select by the key finds a
 * row inserted before it. */
static void test_add_primary_key_after_rows(void **state)
{
    (void)state;
    run_t r;
    run("create table t (id number, c clob);\n"
        "insert into t select level, rpad('x', level, 'x') from dual connect by level <= 3;\n"
        "insert into t values (3, 'dup before');\n"
        "alter table t add constraint t_pk primary key (id);\n"
        "insert into t values (2, 'dup after');\n"
        "declare n number; begin\n"
        "  select dbms_lob.getlength(c) into n from t where id = 2;\n"
        "  dbms_output.put_line(n);\n"
        "end;\n/\n",
        "T", &r);
    assert_string_equal(r.error[3], "");
    assert_string_equal(r.error[5], "ORA-00001: unique constraint (T_PK) violated");
    assert_string_equal(r.out[6], "2\n");
}

/* A DATE column's values (sysdate, a date literal, to_date, a string,
 * arithmetic over sysdate), in VALUES, an insert's select and an update:
 * passed over, the rows inserted and updated (Jason Price's LOB scripts
 * fill such columns); sysdate anywhere else is refused as not modelled
 * (bad input, date_outside_column.sql). */
static void test_date_values(void **state)
{
    (void)state;
    run_t r;
    run("create table t (id number primary key, d date, c clob);\n"
        "insert into t values (2, sysdate, 'y');\n"
        "insert into t values (1, '03-FEB-2008', 'x');\n"
        "insert into t (id, d, c) values (3, to_date('2008-02-03', 'YYYY-MM-DD'), 'z');\n"
        "update t set d = sysdate - 1, c = 'xx' where id = 1;\n"
        "insert into t (id, c, d) select 4, 'w', date '2008-02-03' from dual;\n"
        "declare n number; l number; begin\n"
        "  select count(*) into n from t;\n"
        "  select dbms_lob.getlength(c) into l from t where id = 1;\n"
        "  dbms_output.put_line(n || ' ' || l);\n"
        "end;\n/\n",
        "T", &r);
    for (int i = 2; i <= 6; i++)
        assert_string_equal(r.error[i], "");
    assert_string_equal(r.out[7], "4 2\n");
}

/* select ... into with `rownum = 1` (a LOB loader's "any row" read) and
 * `rownum <= N` before an aggregate: the first rows the where keeps;
 * rownum = 2 is never true (ORA-01403). */
static void test_select_into_rownum(void **state)
{
    (void)state;
    run_t r;
    run(TABLE "insert into t select level, rpad('x', level, 'x') from dual connect by level <= 5;\n"
              "declare l clob; n number; begin\n"
              "  select c into l from t where rownum = 1;\n"
              "  dbms_output.put_line(dbms_lob.getlength(l));\n"
              "  select count(*) into n from t where id > 1 and rownum <= 3;\n"
              "  dbms_output.put_line(n);\n"
              "  select c into l from t where rownum = 2;\n"
              "end;\n/\n",
        "T", &r);
    assert_string_equal(r.out[3], "1\n3\n");
    assert_string_equal(r.error[3], "ORA-01403: no data found");
}

/* An identity id column (GENERATED ... AS IDENTITY, an AskTOM LOB
 * table's): rows without an id, or with a null one ON NULL, take 1, 2, 3,
 * ...; a value for a GENERATED ALWAYS one is ORA-32795, an update of it
 * ORA-32796. */
static void test_identity_columns(void **state)
{
    (void)state;
    run_t r;
    run("create table t (id number generated by default on null as identity primary key,\n"
        "  c clob);\n"
        "insert into t (c) values ('a');\n"
        "insert into t (id, c) values (null, 'bb');\n"
        "insert into t select null, 'ccc' from dual connect by level <= 3;\n"
        "declare n number; m number; l number; begin\n"
        "  select count(*) into n from t;\n"
        "  select max(id) into m from t;\n"
        "  select dbms_lob.getlength(c) into l from t where id = 2;\n"
        "  dbms_output.put_line(n || ' ' || m || ' ' || l);\n"
        "end;\n/\n"
        "create table u (id number generated always as identity, c clob);\n"
        "insert into u values (5, 'b');\n"
        "update u set id = 3;\n",
        "T", &r);
    assert_string_equal(r.out[5], "5 5 2\n");
    assert_string_equal(r.error[7],
                        "ORA-32795: cannot insert into a generated always identity column");
    assert_string_equal(r.error[8], "ORA-32796: cannot update a generated always identity column");
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
        cmocka_unit_test(test_dbms_lob_read),
        cmocka_unit_test(test_select_into_dual),
        cmocka_unit_test(test_cursor_order_and_length),
        cmocka_unit_test(test_raw_values),
        cmocka_unit_test(test_dbms_lob_errors),
        cmocka_unit_test(test_locator_of_own_row),
        cmocka_unit_test(test_clob_into_varchar2),
        cmocka_unit_test(test_trace_calls_in_block),
        cmocka_unit_test(test_convert_lobs),
        cmocka_unit_test(test_locator_appends_piecewise),
        cmocka_unit_test(test_locator_write_is_an_update),
        cmocka_unit_test(test_add_primary_key),
        cmocka_unit_test(test_add_primary_key_after_rows),
        cmocka_unit_test(test_date_values),
        cmocka_unit_test(test_select_into_rownum),
        cmocka_unit_test(test_identity_columns),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
