/* test_plsql_units.c -- PL/SQL's named units and SQL*Plus's variables as
 * the interpreter runs them (script/plproc.c, binds.c, plexc.c,
 * plcursor.c compile; life_sim/plsql.c runs): procedures, bind
 * variables, exceptions by name, declared and explicit cursors,
 * BOOLEAN variables. */
#include "plsql_util.h"

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
    assert_string_equal(r.out[7], "seg.....80\nnothing none\nused 3\n");
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
    assert_string_equal(r.out[2], "dup -1 ORA-00001: unique constraint (SYS_C000001) violated\n"
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

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_procedures),       cmocka_unit_test(test_bind_variables),
        cmocka_unit_test(test_named_exceptions), cmocka_unit_test(test_declared_cursor),
        cmocka_unit_test(test_binds_in_dml),     cmocka_unit_test(test_booleans),
        cmocka_unit_test(test_explicit_cursor),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
