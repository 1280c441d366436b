/* test_sql_functions.c -- SQL's single-row functions and pseudocolumns
 * as a script evaluates them (script/expr.c parses, eval.c evaluates):
 * number and character functions, aggregates into a variable,
 * dbms_utility.get_time, dbms_random.value, sequences. */
#include "plsql_util.h"

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

/* Numbers in scientific notation where a whole number is wanted (1e4,
 * 2.5E3), and the statements of published scripts around them with no
 * effect: purge recyclebin, dbms_random's seed (the run's --seed gives
 * the draws), in SQL*Plus and in a block. */
static void test_scientific_and_seed(void **state)
{
    (void)state;
    run_t r;
    run(TABLE
        "exec dbms_random.seed(0)\n"
        "purge recyclebin;\n"
        "insert into t select rownum, rpad('x', 100, 'x') from dual connect by level <= 1e3;\n"
        "begin\n  dbms_random.seed(42);\n  insert into t values (2.5E3, null);\nend;\n/\n"
        "declare\n  n number;\nbegin\n"
        "  select count(*) into n from t where id <= 1.5e3;\n"
        "  dbms_output.put_line(n);\nend;\n/\n",
        "T", &r);
    for (uint32_t k = 2; k <= 6; k++)
        assert_string_equal(r.error[k], "");
    assert_int_equal(fig(&r, 4, SIM_STAT_LOB_INROW), 1000);
    assert_string_equal(r.out[6], "1000\n");
}

/* A row generator written as a WITH clause (script/generator.c): the
 * product of its references cut at the ROWNUM limit, each row's figures
 * those of the same rows from dual connect by level. */
static void test_with_generator(void **state)
{
    (void)state;
    run_t g, l;
    run(TABLE "insert /*+ append */ into t\n"
              "with generator as (\n  select --+ materialize\n    rownum id\n"
              "  from dual\n  connect by\n    level <= 1e2\n)\nselect\n"
              "  rownum id,\n  rpad('x', 4000, 'x') c\nfrom\n  generator v1,\n"
              "  generator v2\nwhere\n  rownum <= 5e3\n;\ncommit;\n"
              "insert into t with g as (select 1 from dual connect by level <= 20) "
              "select 10000 + rownum, null from g a, g b;\n",
        "T", &g);
    run(TABLE "insert /*+ append */ into t select rownum, rpad('x', 4000, 'x') from dual "
              "connect by level <= 5000;\ncommit;\n"
              "insert into t select 10000 + rownum, null from dual connect by level <= 400;\n",
        "T", &l);
    for (uint32_t step = 2; step <= 4; step++) {
        assert_string_equal(g.error[step], "");
        for (sim_stat_t st = 0; st < SIM_STAT_COUNT; st++)
            assert_int_equal(fig(&g, step, st), fig(&l, step, st));
    }
    assert_int_equal(fig(&g, 2, SIM_STAT_LOB_LIVE), 5000);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_functions),           cmocka_unit_test(test_aggregates_and_clock),
        cmocka_unit_test(test_random_value),        cmocka_unit_test(test_sequences),
        cmocka_unit_test(test_scientific_and_seed), cmocka_unit_test(test_with_generator),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
