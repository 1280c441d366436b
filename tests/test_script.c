/*
 * test_script.c -- the script parser and the value evaluator (script/):
 * what a script parses into, Oracle's refusals, every malformed script of
 * tests/scripts_bad/ with its exact one-line message, values' lengths,
 * caps, types, hashes and bytes, and the scenarios of scenarios/.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>
#include <dirent.h>

#include "script.h"

static scr_script_t *parse_ok(const char *text)
{
    scr_script_t *s = NULL;
    char err[SCR_ERR_LEN];
    sim_err_t rc = scr_parse("t.sql", text, strlen(text), NULL, &s, err, sizeof err);
    if (rc != SIM_OK)
        fail_msg("refused: %s", err);
    return s;
}

/* The error after "FILE:LINE: " when it is Oracle's (ORA-, PLS-, SP2-), else NULL;
 * the line in *line. */
static const char *oracle_part(const char *msg, const char *file, uint32_t *line)
{
    size_t n = strlen(file);
    if (strncmp(msg, file, n) != 0 || msg[n] != ':')
        return NULL;
    char *end;
    *line = (uint32_t)strtoul(msg + n + 1, &end, 10);
    if (end[0] != ':' || end[1] != ' ')
        return NULL;
    return strncmp(end + 2, "ORA-", 4) == 0 || strncmp(end + 2, "PLS-", 4) == 0 ||
                   strncmp(end + 2, "SP2-", 4) == 0
               ? end + 2
               : NULL;
}

/* An Oracle error is the statement's, the script goes on: the one step of
 * kind SCR_FAILED at that line carries the error (a statement Oracle
 * refuses is not bad input). */
static void expect_failed_step(const scr_script_t *s, const char *file, const char *msg)
{
    uint32_t line = 0;
    const char *ora = oracle_part(msg, file, &line);
    assert_non_null(ora);
    uint32_t failed = 0;
    for (uint32_t i = 0; i < s->nstmts; i++)
        if (s->stmts[i].kind == SCR_FAILED) {
            failed++;
            if (strcmp(s->stmts[i].error, ora) != 0 || s->stmts[i].error_line != line)
                fail_msg("%s: failed step at line %u '%s', expected line %u '%s'", file,
                         s->stmts[i].error_line, s->stmts[i].error, line, ora);
        }
    if (failed != 1)
        fail_msg("%s: %u failed steps, expected one: '%s'", file, failed, msg);
}

static void expect_refused(const char *text, const char *msg)
{
    scr_script_t *s = NULL;
    char err[SCR_ERR_LEN];
    uint32_t line;
    sim_err_t rc = scr_parse("t.sql", text, strlen(text), NULL, &s, err, sizeof err);
    if (oracle_part(msg, "t.sql", &line)) {
        if (rc != SIM_OK)
            fail_msg("refused as bad input: '%s', expected the step's '%s'", err, msg);
        expect_failed_step(s, "t.sql", msg);
        scr_free(s);
        return;
    }
    assert_int_equal(rc, SIM_EINVAL);
    assert_null(s);
    assert_string_equal(err, msg);
}

#define T_SF "create table t (id number, c clob) lob (c) store as securefile (retention none);\n"

static void test_statements(void **state)
{
    (void)state;
    scr_script_t *s = parse_ok(
        "set serveroutput on\n"
        "rem a comment\n"
        "create table t1 (x int primary key, c clob)\n"
        "  lob (c) store as securefile t1_lob (enable storage in row nocompress\n"
        "  cache reads nologging retention min 900 deduplicate chunk 16k\n"
        "  storage (initial 1m next 2M maxsize 1g));\n"
        "insert into t1 select rownum, rpad('b',12000,'b') from dual connect by level <= 10000;\n"
        "commit;\n"
        "update t1 set c = c || c where mod(x, 2) = 0 and (x between 1 and 100 or x > 9000);\n"
        "delete t1 where x in (1, 2, 3);\n"
        "rollback;\n"
        "select count(*) from t1;\n"
        "exec dbms_session.sleep(901)\n"
        "alter system set undo_retention = 1800 scope = memory;\n"
        "truncate table t1;\n"
        "drop table t1 purge;\n");
    assert_int_equal(s->nstmts, 11);
    static const scr_kind_t kinds[] = {SCR_CREATE_TABLE, SCR_INSERT,   SCR_COMMIT,    SCR_UPDATE,
                                       SCR_DELETE,       SCR_ROLLBACK, SCR_OBSERVE,   SCR_SLEEP,
                                       SCR_SET_PARAM,    SCR_TRUNCATE, SCR_DROP_TABLE};
    static const uint32_t lines[] = {3, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16};
    for (uint32_t i = 0; i < 11; i++) {
        assert_int_equal(s->stmts[i].kind, kinds[i]);
        assert_int_equal(s->stmts[i].step, i + 1);
        assert_int_equal(s->stmts[i].line, lines[i]);
    }
    assert_string_equal(s->stmts[2].text, "commit");
    assert_string_equal(s->stmts[6].text, "select count(*) from t1");
    assert_string_equal(s->stmts[7].text, "exec dbms_session.sleep(901)");
    assert_true(s->stmts[7].u.sleep_seconds == 901.0);
    assert_string_equal(s->stmts[8].u.param.name, "UNDO_RETENTION");
    assert_int_equal(s->stmts[8].u.param.num, 1800);
    assert_int_equal(s->stmts[8].u.param.system, 1);
    assert_int_equal(s->stmts[10].u.drop_purge, 1);
    /* the table */
    assert_int_equal(s->ntables, 1);
    const scr_table_t *t = &s->tables[0];
    assert_string_equal(t->name, "T1");
    assert_int_equal(t->ncols, 2);
    assert_int_equal(t->id_col, 0);
    assert_int_equal(scr_table_lob(t), 1);
    assert_int_equal(t->created, 1);
    assert_int_equal(t->dropped, 11);
    const scr_lob_opts_t *o = &t->cols[1].lob;
    assert_int_equal(o->securefile, 1);
    assert_string_equal(o->segment, "T1_LOB");
    assert_int_equal(o->in_row, 1);
    assert_int_equal(o->compress, SCR_COMPRESS_NONE);
    assert_int_equal(o->cache, SCR_CACHE_READS);
    assert_int_equal(o->logging, SCR_LOG_NO);
    assert_int_equal(o->retention, SCR_RET_MIN);
    assert_int_equal(o->retention_min, 900);
    assert_int_equal(o->deduplicate, 1);
    assert_int_equal(o->chunk, 16384);
    assert_int_equal(o->initial, 1048576);
    assert_int_equal(o->next, 2097152);
    assert_int_equal(o->maxsize, 1073741824);
    assert_true(o->given & SCR_GIVEN_DEDUP);
    assert_false(o->given & SCR_GIVEN_PCTVERSION);
    /* the insert */
    const scr_dml_t *d = &s->stmts[1].u.dml;
    assert_int_equal(s->stmts[1].table, 0);
    assert_int_equal(s->stmts[1].column, 1);
    assert_int_equal(d->source, SCR_SRC_GENERATE);
    assert_int_equal(d->count, 10000);
    assert_int_equal(d->values[0]->kind, SCR_E_ROWNUM);
    assert_int_equal(d->values[1]->kind, SCR_E_RPAD);
    assert_int_equal(d->values[1]->type, SCR_T_VARCHAR);
    assert_int_equal(d->values[1]->static_len, 4000); /* SQL's cap */
    /* the update's predicate: mod(x,2)=0 and (x between 1 and 100 or x > 9000) */
    const scr_pred_t *w = s->stmts[3].u.dml.where;
    int64_t hits = 0;
    for (int64_t id = 1; id <= 10000; id++)
        hits += scr_pred_match(w, id);
    assert_int_equal(hits, 50 + 500); /* 2..100 even: 50; 9002..10000 even: 500 */
    assert_int_equal(s->stmts[3].u.dml.values[1]->kind, SCR_E_CONCAT);
    assert_int_equal(s->stmts[3].u.dml.values[1]->type, SCR_T_CLOB);
    assert_null(s->stmts[3].u.dml.values[0]);
    const scr_pred_t *in = s->stmts[4].u.dml.where;
    assert_true(scr_pred_match(in, 1) && scr_pred_match(in, 3));
    assert_false(scr_pred_match(in, 4) || scr_pred_match(in, 0));
    assert_int_equal(s->stmts[4].u.dml.rownum_max, -1);
    scr_free(s);
    scr_free(NULL);
}

/* Database links (script/link.c, issue 40): CREATE and DROP DATABASE LINK
 * run without effect on space and keep the name; `T@LINK` reads T over a
 * link created before it (the loopback of the seed), whatever the hint,
 * and Oracle's errors for a link not created (ORA-02019), created twice
 * (ORA-02011) or dropped when missing (ORA-02024) are the steps'. */
static void test_database_links(void **state)
{
    (void)state;
    scr_script_t *s = parse_ok("create table t1 (id number, c clob);\n"
                               "create table t2 (id number, c clob);\n"
                               "insert into t2 select id, c from t1@loopback;\n"
                               "create public database link loopback.world connect to scott "
                               "identified by tiger using 'orcl';\n"
                               "insert /*+ append */ into t2 select id, c from t1@loopback.world;\n"
                               "create database link loopback.world using 'orcl';\n"
                               "insert into t2 select id, c from t1;\n"
                               "drop public database link loopback.world;\n"
                               "drop database link loopback.world;\n"
                               "insert into t2 select id, c from t1@loopback.world;\n");
    assert_int_equal(s->stmts[2].kind, SCR_FAILED);
    assert_string_equal(s->stmts[2].error,
                        "ORA-02019: connection description for remote database not found");
    assert_int_equal(s->stmts[3].kind, SCR_NO_EFFECT);
    assert_string_equal(s->stmts[3].u.head->what, "database links");
    assert_int_equal(s->stmts[3].u.head->commits, 1);
    assert_int_equal(s->stmts[4].kind, SCR_INSERT);
    assert_int_equal(s->stmts[4].u.dml.source, SCR_SRC_TABLE);
    assert_int_equal(s->stmts[4].u.dml.from, 0);
    assert_int_equal(s->stmts[4].u.dml.link, 1);
    assert_int_equal(s->stmts[4].u.dml.direct, 1); /* the hint is kept; life_sim ignores it */
    assert_int_equal(s->stmts[5].kind, SCR_FAILED);
    assert_string_equal(s->stmts[5].error, "ORA-02011: duplicate database link name");
    assert_int_equal(s->stmts[6].u.dml.link, 0); /* a local read */
    assert_int_equal(s->stmts[7].kind, SCR_NO_EFFECT);
    assert_int_equal(s->stmts[8].kind, SCR_FAILED);
    assert_string_equal(s->stmts[8].error, "ORA-02024: database link not found");
    assert_int_equal(s->stmts[9].kind, SCR_FAILED);
    assert_string_equal(s->stmts[9].error,
                        "ORA-02019: connection description for remote database not found");
    scr_free(s);
}

/* The direct-path hint (scr_dml_t.direct): APPEND with a subquery,
 * APPEND_VALUES with VALUES, create table as select; not APPEND with
 * VALUES (ignored), not a plain comment, not NOAPPEND, not a hint after
 * INTO. */
static void test_direct_path_hint(void **state)
{
    (void)state;
    scr_script_t *s = parse_ok(
        "create table t (id number, c clob);\n"
        "insert /*+ append */ into t select level, 'x' from dual connect by level <= 2;\n"
        "insert /*+ APPEND_VALUES */ into t values (1, 'x');\n"
        "insert /*+ append */ into t values (1, 'x');\n"
        "insert into t select level, 'x' from dual connect by level <= 2;\n"
        "insert /* append */ into t select level, 'x' from dual connect by level <= 2;\n"
        "insert /*+ noappend */ into t select level, 'x' from dual connect by level <= 2;\n"
        "insert /*+ parallel(4) append */ into t select * from t;\n"
        "insert into /*+ append */ t select level, 'x' from dual connect by level <= 2;\n"
        "create table u as select * from t;\n");
    static const int want[] = {-1, 1, 1, 0, 0, 0, 0, 1, 0, 1};
    assert_int_equal(s->nstmts, 10);
    for (uint32_t i = 1; i < 10; i++) {
        assert_int_not_equal(s->stmts[i].kind, SCR_FAILED);
        assert_int_equal(s->stmts[i].u.dml.direct, want[i]);
    }
    scr_free(s);
}

static void test_plsql_block(void **state)
{
    (void)state;
    scr_script_t *s = parse_ok(
        "create table keepdup (id number, clob_data clob)\n"
        "lob(clob_data) store as securefile keepdup_lob (keep_duplicates);\n"
        "DECLARE\n"
        "  l_clob CLOB := RPAD('X', 10000, 'X');\n"
        "BEGIN\n"
        "  FOR i IN 1 .. 1000 LOOP\n"
        "    INSERT INTO keepdup VALUES (i, l_clob);\n"
        "  END LOOP;\n"
        "  COMMIT;\n"
        "END;\n"
        "/\n"
        "begin\n  dbms_lock.sleep(2.5);\nend;\n/\n"
        "declare\n  l_seg number;\nbegin\n"
        "  dbms_space.space_usage('U', 'KEEPDUP_LOB', 'LOB', l_seg, l_seg, l_seg, l_seg, l_seg, "
        "l_seg, l_seg, l_seg);\n  dbms_output.put_line(l_seg);\nend;\n/\n");
    assert_int_equal(s->nstmts, 4);
    const scr_stmt_t *b = &s->stmts[1];
    assert_int_equal(b->kind, SCR_BLOCK);
    assert_int_equal(b->line, 3);
    assert_int_equal(b->u.block.nvars, 1);
    assert_string_equal(b->u.block.var_names[0], "L_CLOB");
    assert_int_equal(b->u.block.var_types[0], SCR_T_CLOB);
    /* PL/SQL's rpad is not capped at 4,000 */
    assert_int_equal(b->u.block.vars[0]->static_len, 10000);
    /* compiled: set l_clob, for, insert, next, commit, end */
    assert_int_equal(b->u.block.nstmts, 2);
    const scr_stmt_t *ins = &b->u.block.stmts[0];
    assert_int_equal(ins->kind, SCR_INSERT);
    assert_int_equal(ins->step, 2);
    assert_int_equal(ins->u.dml.source, SCR_SRC_VALUES);
    assert_int_equal(ins->u.dml.values[0]->kind, SCR_E_NUM);
    assert_int_equal(ins->u.dml.values[1]->kind, SCR_E_VAR);
    assert_int_equal(b->u.block.stmts[1].kind, SCR_COMMIT);
    const scr_block_t *bl = &b->u.block;
    assert_int_equal(bl->nops, 6);
    assert_int_equal(bl->ops[0].kind, SCR_PL_SET);
    assert_int_equal(bl->ops[1].kind, SCR_PL_FOR);
    assert_int_equal(bl->ops[1].x->num, 1);
    assert_int_equal(bl->ops[1].y->num, 1000);
    assert_int_equal(bl->ops[1].target, 4); /* past the loop */
    assert_int_equal(bl->ops[2].kind, SCR_PL_STMT);
    assert_int_equal(bl->ops[3].kind, SCR_PL_NEXT);
    assert_int_equal(bl->ops[3].target, 2); /* the body */
    assert_int_equal(bl->ops[4].kind, SCR_PL_STMT);
    assert_int_equal(bl->ops[5].kind, SCR_PL_END);
    assert_int_equal(s->stmts[2].kind, SCR_SLEEP);
    assert_true(s->stmts[2].u.sleep_seconds == 2.5);
    /* dbms_space.space_usage's SecureFile form: a call of the block, its
     * eight OUT arguments the variable's register */
    assert_int_equal(s->stmts[3].kind, SCR_BLOCK);
    assert_int_equal(s->stmts[3].line, 16);
    const scr_block_t *sb = &s->stmts[3].u.block;
    assert_int_equal(sb->ops[0].kind, SCR_PL_SPACE);
    assert_int_equal(sb->ops[0].unused, 0);
    assert_null(sb->ops[0].seg[3]);
    assert_int_equal(sb->ops[0].outs[7], sb->ops[0].outs[0]);
    assert_int_equal(sb->ops[1].kind, SCR_PL_PRINT);
    scr_free(s);
}

static void test_alter(void **state)
{
    (void)state;
    scr_script_t *s = parse_ok(
        "create tablespace lobs datafile size 500m blocksize 16k extent management local "
        "uniform size 4m segment space management auto;\n"
        "create table t1 (a clob) tablespace lobs lob(a) store as securefile;\n"
        "insert into t1 values ('aaa');\n"
        "insert into t1 select * from t1;\n"
        "update t1 set a=a||a||a;\n"
        "alter table t1 modify lob(a) (shrink space);\n"
        "alter table t1 modify lob (a) (compress high deduplicate);\n"
        "alter table t1 move lob (a) store as securefile (nocache logging retention max);\n"
        "alter table t1 enable row movement;\n"
        "alter table t1 shrink space cascade;\n"
        "alter table t1 modify lob (a) (deallocate unused);\n"
        "alter table t1 modify lob (a) (deallocate unused keep 2m);\n");
    /* a fresh database's five, then the script's */
    assert_int_equal(s->ntablespaces, 6);
    assert_int_equal(s->tablespaces[5].block_size, 16384);
    assert_int_equal(s->tablespaces[5].uniform, 1);
    assert_int_equal(s->tablespaces[5].uniform_size, 4u << 20);
    assert_int_equal(s->tablespaces[5].datafile_size, 500u << 20);
    assert_int_equal(s->tables[0].tablespace, 5);
    assert_int_equal(s->tables[0].id_col, -1);
    assert_int_equal(s->stmts[3].u.dml.source, SCR_SRC_SELF);
    assert_int_equal(s->stmts[3].u.dml.values[0]->kind, SCR_E_COLUMN);
    assert_int_equal(s->stmts[5].kind, SCR_SHRINK);
    assert_int_equal(s->stmts[5].column, 0);
    assert_int_equal(s->stmts[6].kind, SCR_MODIFY_LOB);
    assert_int_equal(s->stmts[6].u.lob.compress, SCR_COMPRESS_HIGH);
    assert_int_equal(s->stmts[6].u.lob.given, SCR_GIVEN_COMPRESS | SCR_GIVEN_DEDUP);
    /* the table keeps the options of its create; the statements carry the changes */
    assert_int_equal(s->tables[0].cols[0].lob.compress, SCR_COMPRESS_NONE);
    assert_int_equal(s->tables[0].cols[0].lob.retention, SCR_RET_DEFAULT);
    assert_int_equal(s->stmts[7].kind, SCR_MOVE_LOB);
    assert_int_equal(s->stmts[7].u.lob.retention, SCR_RET_MAX);
    assert_int_equal(s->stmts[8].kind, SCR_ROW_MOVEMENT);
    assert_int_equal(s->stmts[9].kind, SCR_SHRINK);
    assert_int_equal(s->stmts[9].column, -1);
    assert_int_equal(s->stmts[9].u.shrink_cascade, 1);
    assert_int_equal(s->stmts[10].kind, SCR_DEALLOCATE);
    assert_int_equal(s->stmts[10].column, 0);
    assert_int_equal(s->stmts[10].u.dealloc.keep_given, 0);
    assert_int_equal(s->stmts[11].kind, SCR_DEALLOCATE);
    assert_int_equal(s->stmts[11].u.dealloc.keep_given, 1);
    assert_int_equal(s->stmts[11].u.dealloc.keep_bytes, 2u << 20);
    scr_free(s);
}

/* ALTER TABLE T ADD (...) and DROP COLUMN (script/columns.c): columns
 * only grow, a dropped one keeps its index and no name reaches it, a
 * column added again under its name is a new one, and a positional insert
 * sees the columns as they are then; Oracle's errors. */
static void test_add_drop_columns(void **state)
{
    (void)state;
    scr_script_t *s = parse_ok("create table t (id number, a clob, n varchar2(10));\n"
                               "insert into t values (1, 'x', 'y');\n"
                               "alter table t add (b clob, m number default 0);\n"
                               "update t set b = a;\n"
                               "alter table t drop column a;\n"
                               "alter table t add a blob;\n"
                               "insert into t values (2, 'z', 'b', 3, hextoraw('00'));\n"
                               "alter table t drop (n, m) cascade constraints;\n");
    const scr_table_t *t = &s->tables[0];
    assert_int_equal(t->ncols, 6);
    assert_int_equal(s->stmts[2].kind, SCR_ADD_COLUMN);
    assert_int_equal(s->stmts[2].u.columns.n, 2);
    assert_int_equal(s->stmts[2].u.columns.cols[0], 3);
    assert_int_equal(t->cols[3].added, 3);
    assert_int_equal(t->cols[3].type, SCR_COL_CLOB);
    assert_int_equal(s->stmts[3].u.dml.nvalues, 5);
    assert_non_null(s->stmts[3].u.dml.values[3]);
    assert_int_equal(s->stmts[4].kind, SCR_DROP_COLUMN);
    assert_int_equal(t->cols[1].dropped, 5);
    assert_int_equal(s->stmts[5].u.columns.cols[0], 5);
    assert_int_equal(t->cols[5].type, SCR_COL_BLOB);
    /* the insert after: id, n, b, m, the new a */
    assert_int_equal(s->stmts[6].u.dml.nvalues, 6);
    assert_int_equal(s->stmts[6].u.dml.values[1]->kind, SCR_E_NULL);
    assert_int_equal(s->stmts[6].u.dml.values[5]->type, SCR_T_BLOB);
    assert_int_equal(s->stmts[7].u.columns.n, 2);
    assert_int_equal(scr_table_lob(t), 3);
    assert_int_equal(scr_lob_slot(t, 5), 1);
    scr_free(s);
    expect_refused(T_SF "alter table t add (c clob);\n",
                   "t.sql:2: ORA-01430: column being added already exists in table");
    expect_refused(T_SF "alter table t add (d clob, d blob);\n",
                   "t.sql:2: ORA-00957: duplicate column name");
    expect_refused(T_SF "alter table t drop column d;\n",
                   "t.sql:2: ORA-00904: \"D\": invalid identifier");
    expect_refused(T_SF "alter table t drop column c;\nalter table t drop column c;\n",
                   "t.sql:3: ORA-00904: \"C\": invalid identifier");
    expect_refused("create table t (a clob, b clob);\nalter table t drop (a, b);\n",
                   "t.sql:2: ORA-12983: cannot drop all columns in a table");
    expect_refused(T_SF "alter table t drop column c;\nupdate t set c = 'x';\n",
                   "t.sql:3: ORA-00904: \"C\": invalid identifier");
}

/* A VARCHAR2 column in an expression: the value its row carries, for a
 * table's first four VARCHAR2 columns (scr_varchar_slot()); a fifth is
 * refused, one line. */
static void test_varchar_column_expression(void **state)
{
    (void)state;
    scr_script_t *s =
        parse_ok("create table src (id number, owner varchar2(128), n number, kind varchar2(23));\n"
                 "create table t (x int, c clob);\n"
                 "insert into t select rownum, rpad(owner, 6000, owner || ',' || kind) from src;\n"
                 "insert into t select id, owner from src;\n");
    const scr_expr_t *e = s->stmts[2].u.dml.values[1];
    assert_int_equal(e->kind, SCR_E_RPAD);
    assert_int_equal(e->type, SCR_T_VARCHAR); /* rpad of a VARCHAR2: VARCHAR2, capped */
    assert_int_equal(e->args[0]->kind, SCR_E_COLUMN);
    assert_int_equal(e->args[0]->type, SCR_T_VARCHAR);
    assert_int_equal(e->args[0]->var, 1);
    assert_int_equal(scr_varchar_slot(&s->tables[0], 3), 1);
    assert_int_equal(s->stmts[3].u.dml.values[1]->kind, SCR_E_COLUMN);
    scr_free(s);
    expect_refused("create table w (id number, a varchar2(5), b varchar2(5), c varchar2(5), "
                   "d varchar2(5), e varchar2(5), l clob);\n"
                   "insert into w select id, null, null, null, null, null, e from w;\n",
                   "t.sql:2: column 'E' in an expression not supported (the id column, the LOB "
                   "columns and a table's first 4 VARCHAR2 columns are)");
    /* only VARCHAR2 columns count: a LOB before four of them leaves the
     * fourth carried */
    s = parse_ok("create table w (id number, l clob, a varchar2(5), b varchar2(5), "
                 "c varchar2(5), d varchar2(5));\n"
                 "insert into w select id, d, a, b, c, d from w;\n");
    assert_int_equal(scr_varchar_slot(&s->tables[0], 5), 3);
    scr_free(s);
    /* a length known when parsed: ORA-12899 then, as Oracle words it */
    expect_refused("create table w (id number, v varchar2(3));\n"
                   "insert into w values (1, 'four');\n",
                   "t.sql:2: ORA-12899: value too large for column \"W\".\"V\" (actual: 4, "
                   "maximum: 3)");
}

static void test_refusals(void **state)
{
    (void)state;
    expect_refused(T_SF "update t set d = 'x';\n", "t.sql:2: ORA-00904: \"D\": invalid identifier");
    /* UNDO_RETENTION: ALTER SYSTEM only (Oracle Reference, UNDO_RETENTION,
     * "Modifiable: ALTER SYSTEM"); DB_SECUREFILE takes both */
    expect_refused(T_SF "alter session set undo_retention = 60;\n",
                   "t.sql:2: ORA-02096: specified initialization parameter is not modifiable "
                   "with this option");
    scr_free(parse_ok(T_SF "alter session set db_securefile = permitted;\n"
                           "alter system set undo_retention = 60;\n"));
    expect_refused(T_SF "update u set c = 'x';\n",
                   "t.sql:2: ORA-00942: table or view does not exist");
    expect_refused("create table t (id number, c clob) lob (c) store as basicfile (compress);\n",
                   "t.sql:1: ORA-43856: Unsupported LOB type for SECUREFILE LOB operation "
                   "(COMPRESS on a BASICFILE LOB)");
    expect_refused("create table t (id number, c clob) lob (c) store as basicfile;\n"
                   "alter table t modify lob (c) (retention min 900);\n",
                   "t.sql:2: ORA-43856: Unsupported LOB type for SECUREFILE LOB operation "
                   "(RETENTION AUTO|MIN|MAX|NONE on a BASICFILE LOB)");
    /* the semantic pass follows a LOB moved from one kind to the other */
    expect_refused("create table t (id number, c clob) lob (c) store as securefile;\n"
                   "alter table t move lob (c) store as basicfile (chunk 8192);\n"
                   "alter table t modify lob (c) (deduplicate);\n",
                   "t.sql:3: ORA-43856: Unsupported LOB type for SECUREFILE LOB operation "
                   "(DEDUPLICATE on a BASICFILE LOB)");
    scr_free(parse_ok("create table t (id number, c clob) lob (c) store as basicfile;\n"
                      "alter table t move lob (c) store as securefile (nocache);\n"
                      "alter table t modify lob (c) (retention min 900);\n"));
    /* a SecureFile in a MANUAL (free-list) tablespace: SYSTEM's, or a
     * create's; written so, ORA-43853 (Exforsys's 11g tutorial prints it
     * for SYSTEM); DB_SECUREFILE's default becomes a BasicFile there
     * (PREFERRED, ALWAYS), FORCE's is the error, and FORCE makes an
     * explicit BASICFILE a SecureFile */
    expect_refused("create table t (id number, c clob) lob (c) store as securefile tablespace "
                   "system;\n",
                   "t.sql:1: ORA-43853: SECUREFILE lobs cannot be used in non-ASSM tablespace "
                   "\"SYSTEM\"");
    expect_refused("create tablespace m datafile 'm.dbf' size 10m segment space management "
                   "manual;\nalter system set db_securefile = 'FORCE';\n"
                   "create table t (id number, c clob) tablespace m lob (c) store as basicfile;\n",
                   "t.sql:3: ORA-43853: SECUREFILE lobs cannot be used in non-ASSM tablespace "
                   "\"M\"");
    /* column encryption (encryption_spec): accepted, listed as without
     * effect */
    scr_script_t *en = parse_ok("create table t (id number primary key, c clob encrypt using "
                                "'AES128', d varchar2(10) encrypt no salt) lob (c) store as "
                                "securefile;\n");
    assert_non_null(en->stmts[0].inert);
    assert_non_null(strstr(en->stmts[0].inert, "ENCRYPT (column encryption"));
    scr_free(en);
    /* an added LOB column's storage clause (the SQL Language Reference's
     * own ALTER TABLE ... ADD example) */
    scr_script_t *a = parse_ok("create table t (id number primary key, c clob);\n"
                               "alter table t add (d clob) lob (d) store as securefile d_seg "
                               "(tablespace users);\n"
                               "alter table t add (e blob) lob (e) store as basicfile (chunk "
                               "16384 disable storage in row);\n");
    assert_string_equal(a->tables[0].cols[2].lob.segment, "D_SEG");
    assert_int_equal(a->tables[0].cols[2].lob.securefile, 1);
    assert_int_equal(a->tables[0].cols[3].lob.securefile, 0);
    assert_int_equal(a->tables[0].cols[3].lob.chunk, 16384);
    assert_int_equal(a->tables[0].cols[3].lob.in_row, 0);
    scr_free(a);
    /* ONLINE and UPDATE INDEXES after a MOVE (connormcd's misc-scripts) */
    scr_free(parse_ok("create table t (x int primary key, c clob);\n"
                      "alter table t move lob(c) store as (tablespace users) online;\n"
                      "alter table t move online update global indexes;\n"
                      "alter table t move lob(c) store as (tablespace users) update indexes "
                      "(t_pk (tablespace users));\n"));
    scr_script_t *m =
        parse_ok("create tablespace m datafile 'm.dbf' size 10m segment space "
                 "management manual;\n"
                 "create table t (id number, c clob) tablespace m;\n"
                 "alter system set db_securefile = 'ALWAYS';\n"
                 "create table t2 (id number, c clob) lob (c) store as (tablespace m);\n"
                 "create table t3 (id number, c clob);\n"
                 "alter system set db_securefile = 'FORCE';\n"
                 "create table t4 (id number, c clob) lob (c) store as basicfile;\n");
    assert_int_equal(m->tablespaces[m->tables[0].tablespace].manual, 1);
    assert_int_equal(m->tables[0].cols[1].lob.securefile, 0);
    assert_int_equal(m->tables[1].cols[1].lob.securefile, 0);
    assert_int_equal(m->tables[2].cols[1].lob.securefile, 1);
    assert_int_equal(m->tables[3].cols[1].lob.securefile, 1);
    scr_free(m);
    /* a PL/SQL varchar2 concatenation over 32,767 */
    expect_refused(T_SF "declare v clob := rpad('x', 32767, 'x') || 'y';\nbegin\n"
                        "insert into t values (1, v);\nend;\n/\n",
                   "t.sql:2: ORA-06502: PL/SQL: numeric or value error: character string buffer "
                   "too small (32768 bytes, at most 32767)");
    /* ... but a CLOB operand makes it a CLOB, uncapped */
    scr_script_t *s = parse_ok(T_SF "insert into t values (1, to_clob(rpad('x', 4000, 'x')) || "
                                    "rpad('y', 4000, 'y'));\n");
    assert_int_equal(s->stmts[1].u.dml.values[1]->type, SCR_T_CLOB);
    assert_int_equal(s->stmts[1].u.dml.values[1]->static_len, 8000);
    scr_free(s);
    /* a CLOB's rpad is known before running to be 40,000 long, not 4,000 */
    s = parse_ok(T_SF "insert into t values (1, rpad(to_clob('x'), 40000, 'x'));\n");
    assert_int_equal(s->stmts[1].u.dml.values[1]->type, SCR_T_CLOB);
    assert_int_equal(s->stmts[1].u.dml.values[1]->static_len, 40000);
    scr_free(s);
    /* a q-quote opened by a newline: the message stays one line (fuzz_script) */
    expect_refused("creatile q'\n/\n", "t.sql:1: q-quote delimiter '?' not understood");
    /* a literal over SQL's 4,000 bytes: ORA-01704 */
    char *text = malloc(8192);
    assert_non_null(text);
    int n = snprintf(text, 8192, T_SF "insert into t values (1, '");
    memset(text + n, 'x', 4001);
    strcpy(text + n + 4001, "');\n");
    expect_refused(text, "t.sql:2: ORA-01704: string literal too long (4001 bytes, at most 4000)");
    free(text);
}

/* ---- the malformed scripts of tests/scripts_bad/ -------------------------- */

static char *slurp(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    size_t cap = 4096, n = 0;
    *len = 0;
    char *buf = malloc(cap);
    for (size_t r; buf && (r = fread(buf + n, 1, cap - n, f)) > 0;) {
        n += r;
        if (n == cap)
            buf = realloc(buf, cap *= 2);
    }
    fclose(f);
    *len = n;
    return buf;
}

/* Each script listed in DIR/expected.txt ("NAME<tab>LINE: MESSAGE") handed
 * to check with its path and "PATH:LINE: MESSAGE"; how many. */
static int each_listed(const char *dir,
                       void (*check)(const char *name, const char *file, const char *want))
{
    char path[512];
    snprintf(path, sizeof path, "%s/expected.txt", dir);
    size_t len = 0;
    char *list = slurp(path, &len);
    assert_non_null(list);
    list[len - 1] = 0;
    int checked = 0;
    for (char *line = strtok(list, "\n"); line; line = strtok(NULL, "\n")) {
        if (line[0] == '#')
            continue;
        char *tab = strchr(line, '\t');
        assert_non_null(tab);
        *tab = 0;
        char file[512], want[SCR_ERR_LEN + 512];
        snprintf(file, sizeof file, "%s/%s", dir, line);
        snprintf(want, sizeof want, "%s:%s", file, tab + 1);
        check(line, file, want);
        checked++;
    }
    free(list);
    return checked;
}

/* A malformed script: refused whole, with its one line. */
static void check_bad(const char *name, const char *file, const char *want)
{
    char err[SCR_ERR_LEN];
    scr_script_t *s = NULL;
    sim_err_t rc = scr_parse_file(file, NULL, &s, err, sizeof err);
    if (rc != SIM_EINVAL || strcmp(err, want) != 0)
        fail_msg("%s: rc %d, '%s', expected '%s'", name, rc, err, want);
    assert_null(s);
    assert_null(strchr(err, '\n'));
}

static void test_bad_scripts(void **state)
{
    (void)state;
    assert_true(each_listed(LOBSIM_SCRIPTS_BAD, check_bad) >= 25);
}

/* A script with a statement Oracle refuses: it parses, that statement a
 * step with Oracle's error (they were bad input before issue 41). */
static void check_oracle_error(const char *name, const char *file, const char *want)
{
    char err[SCR_ERR_LEN];
    scr_script_t *s = NULL;
    if (scr_parse_file(file, NULL, &s, err, sizeof err) != SIM_OK)
        fail_msg("%s: refused as bad input: '%s'", name, err);
    expect_failed_step(s, file, want);
    scr_free(s);
}

static void test_oracle_error_scripts(void **state)
{
    (void)state;
    assert_true(each_listed(LOBSIM_SCRIPTS_ORA, check_oracle_error) >= 17);
}

/* ---- issue 41: SQL*Plus's rules, statements without effect, Oracle's DDL -- */

/* Each head of heads.c's table is a step without effect with its class;
 * SQL*Plus's own commands take no step; a parameter the model uses keeps
 * its kind. */
static void test_no_effect_heads(void **state)
{
    (void)state;
    scr_script_t *s = parse_ok("set pagesize 100\n"
                               "create user scott identified by tiger;\n"
                               "grant connect, resource to scott;\n"
                               "conn scott/tiger\n"
                               "alter session set tracefile_identifier = 'lob';\n"
                               "alter system set undo_retention = 60;\n"
                               "alter system dump datafile 4 block 130;\n"
                               "alter system flush buffer_cache;\n"
                               "alter system checkpoint;\n"
                               "alter system switch logfile;\n"
                               "alter database datafile 4 autoextend on;\n"
                               "show parameter undo\n"
                               "exec dbms_stats.gather_table_stats(user, 'T')\n"
                               "EXEC DBMS_MONITOR.session_trace_enable;\n"
                               "create or replace directory d as '/tmp';\n"
                               "drop domain amex;\n"
                               "drop user scott cascade;\n"
                               "column x format a20\n"
                               "prompt done\n");
    static const char *const what[] = {"users and grants",
                                       "users and grants",
                                       "connect (one database, one schema)",
                                       "session and system settings",
                                       NULL,
                                       "dumps",
                                       "flushes, checkpoints and log switches",
                                       "flushes, checkpoints and log switches",
                                       "flushes, checkpoints and log switches",
                                       "datafile resizing",
                                       "show parameter",
                                       "statistics gathering",
                                       "tracing and instrumentation",
                                       "directories",
                                       "domains",
                                       "users and grants"};
    assert_int_equal(s->nstmts, 16);
    for (uint32_t i = 0; i < 16; i++) {
        if (what[i] == NULL) {
            assert_int_equal(s->stmts[i].kind, SCR_SET_PARAM);
            continue;
        }
        assert_int_equal(s->stmts[i].kind, SCR_NO_EFFECT);
        assert_string_equal(s->stmts[i].u.head->what, what[i]);
    }
    assert_string_equal(s->stmts[2].text, "conn scott/tiger");
    assert_int_equal(s->stmts[0].u.head->commits, 1);
    assert_int_equal(s->stmts[7].u.head->commits, 0);
    assert_int_equal(s->stmts[12].u.head->commits, 0);
    scr_free(s);
}

/* ALTER TABLE of table properties only (COMPRESS, NOCOMPRESS, PARALLEL,
 * LOGGING, PCTFREE, ...: Connor McDonald's "LOBs vs Data - when
 * compression occurs", tests/published/22) is a committing step without
 * effect, each property listed; a LOB's COMPRESS stays a LOB change. */
static void test_alter_table_properties(void **state)
{
    (void)state;
    scr_script_t *s = parse_ok("create table t (x int, c clob) lob (c) store as securefile;\n"
                               "alter table t compress;\n"
                               "alter table t nocompress parallel 4 nologging pctfree 20;\n"
                               "alter table t compress for oltp;\n"
                               "alter table t add supplemental log data (all) columns;\n"
                               "alter table t modify lob (c) (compress);\n");
    assert_int_equal(s->nstmts, 6);
    for (uint32_t i = 1; i <= 4; i++) {
        assert_int_equal(s->stmts[i].kind, SCR_NO_EFFECT);
        assert_string_equal(s->stmts[i].u.head->what, "table properties");
        assert_int_equal(s->stmts[i].u.head->commits, 1);
        assert_int_equal(s->stmts[i].table, 0);
    }
    assert_non_null(s->stmts[1].inert);
    assert_non_null(strstr(s->stmts[1].inert, "COMPRESS"));
    static const char *const listed[] = {"NOCOMPRESS", "PARALLEL", "LOGGING/NOLOGGING", "PCTFREE"};
    for (size_t i = 0; i < sizeof listed / sizeof listed[0]; i++)
        if (s->stmts[2].inert == NULL || strstr(s->stmts[2].inert, listed[i]) == NULL)
            fail_msg("'%s' not listed in '%s'", listed[i],
                     s->stmts[2].inert ? s->stmts[2].inert : "(none)");
    assert_non_null(strstr(s->stmts[4].inert, "SUPPLEMENTAL LOG"));
    assert_int_equal(s->stmts[5].kind, SCR_MODIFY_LOB);
    scr_free(s);
    /* a table the script does not create: Oracle's error, not bad input */
    expect_refused("alter table u compress;\n", "t.sql:1: ORA-00942: table or view does not exist");
}

/* Oracle's DDL as DBMS_METADATA writes it parses whole; the clauses the
 * model does not use are listed, those it uses are kept. */
static void test_oracle_ddl(void **state)
{
    (void)state;
    scr_script_t *s = parse_ok(
        "create table \"SCOTT\".\"T\" (\"ID\" number(10,0) constraint t_pk primary key,\n"
        "  n varchar2(30 byte) default 'x' not null, m varchar2(10 char), d date default "
        "sysdate not null,\n"
        "  ts timestamp(6) with time zone, r raw(16), k int, f float(10), c clob,\n"
        "  constraint t_n_ck check (n in ('x', 'y')), unique (n, m))\n"
        "  segment creation immediate pctfree 10 pctused 40 initrans 1 maxtrans 255\n"
        "  nocompress logging noparallel\n"
        "  storage (initial 65536 next 1048576 minextents 1 maxextents 2147483645 pctincrease 0\n"
        "    freelists 1 freelist groups 1 buffer_pool default flash_cache default "
        "cell_flash_cache default)\n"
        "  tablespace \"USERS\"\n"
        "  lob (\"C\") store as securefile (tablespace \"USERS\" enable storage in row chunk 8192\n"
        "    nocache logging nocompress keep_duplicates storage (initial 106496 next 1048576\n"
        "    minextents 1 maxextents 2147483645 pctincrease 0 buffer_pool default)\n"
        "    index t_c_idx (tablespace users storage (initial 64k)));\n"
        "create tablespace lobs datafile '/u01/lobs01.dbf' size 100m reuse autoextend on next "
        "10m maxsize unlimited\n"
        "  logging online extent management local autoallocate segment space management auto;\n"
        "drop tablespace lobs including contents and datafiles;\n");
    assert_int_equal(s->nstmts, 3);
    const scr_table_t *t = &s->tables[0];
    assert_string_equal(t->name, "T");
    assert_int_equal(t->ncols, 9);
    assert_int_equal(t->id_col, 0);
    assert_int_equal(t->immediate, 1);
    assert_int_equal(t->tablespace, 2); /* USERS, a fresh database's */
    assert_string_equal(s->tablespaces[2].name, "USERS");
    assert_int_equal(s->tablespaces[2].predefined, 1);
    assert_int_equal(t->cols[8].lob.initial, 106496);
    assert_int_equal(t->cols[8].lob.tablespace, 2);
    const char *inert = s->stmts[0].inert;
    assert_non_null(inert);
    static const char *const listed[] = {"DEFAULT",
                                         "CHECK",
                                         "UNIQUE",
                                         "PCTUSED",
                                         "INITRANS",
                                         "MAXTRANS",
                                         "NOCOMPRESS",
                                         "NOPARALLEL",
                                         "STORAGE (MINEXTENTS)",
                                         "STORAGE (FREELISTS)",
                                         "CELL_FLASH_CACHE",
                                         "INDEX (the LOB index clause)"};
    for (size_t i = 0; i < sizeof listed / sizeof listed[0]; i++)
        if (strstr(inert, listed[i]) == NULL)
            fail_msg("'%s' not listed in '%s'", listed[i], inert);
    assert_int_equal(s->stmts[2].kind, SCR_DROP_TABLESPACE);
    assert_int_equal(s->stmts[2].u.tablespace, 5);
    scr_free(s);
    /* what Oracle refuses of a tablespace drop */
    expect_refused("create tablespace lobs datafile size 10m;\n"
                   "create table t (id number, c clob) tablespace lobs;\n"
                   "drop tablespace lobs;\n",
                   "t.sql:3: ORA-01549: tablespace not empty, use INCLUDING CONTENTS option");
    expect_refused("create tablespace lobs datafile size 10m;\n"
                   "create table t (id number, c clob) lob (c) store as (tablespace lobs);\n"
                   "drop tablespace lobs including contents;\n",
                   "t.sql:3: ORA-22868: table with LOBs contains segments in different "
                   "tablespaces");
    expect_refused("drop tablespace system;\n",
                   "t.sql:1: ORA-01550: cannot drop system tablespace");
}

/* A statement Oracle refuses leaves the parser's state as it was: the
 * table of a create refused (ORA-00955) is the first one; a name no
 * statement creates gets the setup option's hint, one created later none. */
static void test_failed_statements(void **state)
{
    (void)state;
    scr_script_t *s = parse_ok("drop table t purge;\n"
                               "create table t (id number, c clob);\n"
                               "create table t (x number, y varchar2(10), c clob);\n"
                               "insert into t values (1, 'a');\n"
                               "insert into src select * from src;\n"
                               "create table u (id number, c clob) tablespace lobs;\n");
    assert_int_equal(s->stmts[0].kind, SCR_FAILED);
    assert_null(s->stmts[0].hint); /* T is created after */
    assert_int_equal(s->stmts[2].kind, SCR_FAILED);
    assert_string_equal(s->stmts[2].error, "ORA-00955: name is already used by an existing object");
    assert_int_equal(s->stmts[3].kind, SCR_INSERT); /* against the first T */
    assert_int_equal(s->ntables, 1);
    assert_int_equal(s->stmts[4].kind, SCR_FAILED);
    assert_string_equal(s->stmts[4].hint, "table SRC is not created by the script: if your "
                                          "database has it, declare it in a setup script "
                                          "(lobbench --setup=FILE.sql)");
    assert_non_null(strstr(s->stmts[5].hint, "tablespace LOBS"));
    scr_free(s);
    /* the setup's statements come first, flagged; its tablespace resolves */
    char err[SCR_ERR_LEN];
    const char *setup = "create tablespace ts2k datafile size 10m blocksize 2k;\n";
    const char *text = "create table t (id number, c clob) tablespace ts2k;\n";
    assert_int_equal(scr_parse_setup("s.sql", setup, strlen(setup), "t.sql", text, strlen(text),
                                     NULL, &s, err, sizeof err),
                     SIM_OK);
    assert_int_equal(s->nsetup, 1);
    assert_int_equal(s->stmts[0].setup, 1);
    assert_int_equal(s->stmts[1].setup, 0);
    assert_int_equal(s->stmts[1].kind, SCR_CREATE_TABLE);
    assert_int_equal(s->tablespaces[s->tables[0].tablespace].block_size, 2048);
    scr_free(s);
    /* a setup statement Oracle refuses refuses the run, naming the setup */
    setup = "create table t (id number, c clob);\ncreate table t (id number, c clob);\n";
    assert_int_equal(scr_parse_setup("s.sql", setup, strlen(setup), "t.sql", text, strlen(text),
                                     NULL, &s, err, sizeof err),
                     SIM_EINVAL);
    assert_non_null(strstr(err, "s.sql:2: ORA-00955"));
    /* a setup of SQL*Plus commands only: the DEFINE the author's command
     * line gave (`@script 3965`) reaches the script's &1 */
    setup = "define 1 = 3965\n";
    text = "create table t (id number, c clob);\ninsert into t values (1, rpad('x', &1, 'x'));\n";
    assert_int_equal(scr_parse_setup("s.sql", setup, strlen(setup), "t.sql", text, strlen(text),
                                     NULL, &s, err, sizeof err),
                     SIM_OK);
    assert_int_equal(s->nsetup, 0);
    assert_int_equal(s->nstmts, 2);
    assert_non_null(strstr(s->stmts[1].text, "rpad('x', 3965, 'x')"));
    scr_free(s);
}

/* A 10 MB line, made here rather than kept in the tree. */
static void test_long_line(void **state)
{
    (void)state;
    size_t n = 10u << 20;
    char *text = malloc(n + 64);
    assert_non_null(text);
    int h = snprintf(text, 64, "create table t (id number, c clob);\nselect '");
    memset(text + h, 'x', n);
    strcpy(text + h + n, "' from dual;\n");
    char err[SCR_ERR_LEN];
    scr_script_t *s = NULL;
    assert_int_equal(scr_parse("long.sql", text, strlen(text), NULL, &s, err, sizeof err),
                     SIM_EINVAL);
    assert_string_equal(err, "long.sql:2: line of 10485780 bytes, longer than 65536");
    /* the longest line accepted */
    size_t m = SCR_LINE_MAX - 20;
    h = snprintf(text, 64, "select '");
    memset(text + h, 'x', m);
    strcpy(text + h + m, "' from dual;\n");
    assert_int_equal(strlen(text) - 1, SCR_LINE_MAX);
    assert_int_equal(scr_parse("long.sql", text, strlen(text), NULL, &s, err, sizeof err), SIM_OK);
    scr_free(s);
    /* one byte more is refused */
    memmove(text + 1, text, strlen(text) + 1);
    text[0] = ' ';
    assert_int_equal(scr_parse("long.sql", text, strlen(text), NULL, &s, err, sizeof err),
                     SIM_EINVAL);
    assert_string_equal(err, "long.sql:1: line of 65537 bytes, longer than 65536");
    free(text);
}

/* At most SCR_STMT_MAX statements: one more is refused at its line. */
static void test_statement_limit(void **state)
{
    (void)state;
    size_t n = SCR_STMT_MAX + 1;
    char *text = malloc(n * 8 + 1);
    assert_non_null(text);
    for (size_t i = 0; i < n; i++)
        memcpy(text + 8 * i, "commit;\n", 8);
    text[n * 8] = 0;
    scr_script_t *s = NULL;
    char err[SCR_ERR_LEN];
    assert_int_equal(scr_parse("many.sql", text, n * 8, NULL, &s, err, sizeof err), SIM_EINVAL);
    assert_string_equal(err, "many.sql:100001: more than 100000 statements in one script");
    assert_int_equal(scr_parse("many.sql", text, (n - 1) * 8, NULL, &s, err, sizeof err), SIM_OK);
    assert_int_equal(s->nstmts, SCR_STMT_MAX);
    assert_int_equal(s->stmts[SCR_STMT_MAX - 1].line, SCR_STMT_MAX);
    scr_free(s);
    free(text);
}

/* ---- values ------------------------------------------------------------------ */

typedef struct {
    scr_script_t *s;
    scr_values_t *vs;
} fix_t;

/* The value of the LOB column of statement `step`'s insert, for row rownum. */
static scr_val_t value_of(fix_t *f, uint32_t step, int64_t rownum, scr_val_t current)
{
    const scr_stmt_t *st = &f->s->stmts[step - 1];
    scr_row_t row = {rownum, rownum, current, NULL, NULL, NULL, NULL, 0};
    scr_val_t v;
    char err[SCR_ERR_LEN];
    sim_err_t rc = scr_eval(f->vs, st->u.dml.values[st->column], &row, &v, err, sizeof err);
    if (rc != SIM_OK)
        fail_msg("step %u: %s", step, err);
    return v;
}

static void open_fix(fix_t *f, const char *text, const scr_options_t *o)
{
    char err[SCR_ERR_LEN];
    if (scr_parse("v.sql", text, strlen(text), o, &f->s, err, sizeof err) != SIM_OK)
        fail_msg("%s", err);
    assert_int_equal(scr_values_create(o, &f->vs), SIM_OK);
}

static void close_fix(fix_t *f)
{
    assert_int_equal(scr_values_check(f->vs), SIM_OK);
    scr_values_destroy(f->vs);
    scr_free(f->s);
}

static void test_values_lengths_and_hashes(void **state)
{
    (void)state;
    fix_t f;
    char lit[101];
    memset(lit, 'x', 100);
    lit[100] = 0;
    char text[2048];
    snprintf(
        text, sizeof text,
        T_SF
        "insert into t values (1, rpad('x', 100, 'x'));\n"                                   /* 2 */
        "insert into t values (1, '%s');\n"                                                  /* 3 */
        "insert into t values (1, rpad('xx', 60, 'x') || lpad('x', 40, 'x'));\n"             /* 4 */
        "insert into t values (1, rpad('x', 99, 'x') || 'y');\n"                             /* 5 */
        "insert into t values (1, rpad('b', 12000, 'b'));\n"                                 /* 6 */
        "insert into t values (1, to_clob(rpad('b', 4000, 'b')) || rpad('b', 4000, 'b'));\n" /* 7 */
        "insert into t values (1, rpad(rownum, 10, '*'));\n"                                 /* 8 */
        "insert into t values (1, lpad('ab', 5));\n"                                         /* 9 */
        "insert into t values (1, empty_clob());\n" /* 10 */
        "insert into t values (1, null);\n"         /* 11 */
        "insert into t values (1, '' || 'abc');\n"  /* 12 */
        "update t set c = c || c;\n",               /* 13 */
        lit);
    open_fix(&f, text, NULL);
    scr_val_t a = value_of(&f, 2, 1, 0), b = value_of(&f, 3, 1, 0), c = value_of(&f, 4, 1, 0);
    scr_val_t d = value_of(&f, 5, 1, 0);
    scr_value_info_t ia = scr_value_info(f.vs, a), ib = scr_value_info(f.vs, b);
    scr_value_info_t ic = scr_value_info(f.vs, c), id = scr_value_info(f.vs, d);
    assert_int_equal(ia.chars, 100);
    assert_int_equal(ia.bytes, 100);
    /* the same 100 x built three ways: one hash, one interned value */
    assert_true(ia.hash == ib.hash && ib.hash == ic.hash);
    assert_int_equal(a, b);
    assert_int_equal(b, c);
    assert_int_equal(id.chars, 100);
    assert_true(id.hash != ia.hash);
    /* SQL rpad of a VARCHAR2: at most 4,000; a CLOB operand: not capped */
    scr_val_t e = value_of(&f, 6, 1, 0), g = value_of(&f, 7, 1, 0);
    assert_int_equal(scr_value_info(f.vs, e).chars, 4000);
    assert_int_equal(scr_value_info(f.vs, e).type, SCR_T_VARCHAR);
    assert_int_equal(scr_value_info(f.vs, g).chars, 8000);
    assert_int_equal(scr_value_info(f.vs, g).type, SCR_T_CLOB);
    /* rpad(rownum, 10, '*'): "7*********" */
    scr_val_t r7 = value_of(&f, 8, 7, 0), r12 = value_of(&f, 8, 12, 0);
    uint8_t buf[64];
    assert_int_equal(scr_value_read(f.vs, r7, 0, buf, sizeof buf), 10);
    assert_memory_equal(buf, "7*********", 10);
    assert_int_equal(scr_value_read(f.vs, r12, 0, buf, sizeof buf), 10);
    assert_memory_equal(buf, "12********", 10);
    assert_int_equal(scr_value_read(f.vs, r12, 8, buf, sizeof buf), 2);
    assert_memory_equal(buf, "**", 2);
    /* lpad's default pad is a blank */
    scr_val_t l = value_of(&f, 9, 1, 0);
    assert_int_equal(scr_value_read(f.vs, l, 0, buf, sizeof buf), 5);
    assert_memory_equal(buf, "   ab", 5);
    /* empty_clob() is a LOB of length 0, null is no value; '' is null */
    scr_val_t em = value_of(&f, 10, 1, 0), nu = value_of(&f, 11, 1, 0), ab = value_of(&f, 12, 1, 0);
    assert_true(em != SCR_VAL_NULL);
    assert_int_equal(scr_value_info(f.vs, em).chars, 0);
    assert_int_equal(nu, SCR_VAL_NULL);
    assert_true(scr_value_info(f.vs, em).hash != scr_value_info(f.vs, nu).hash);
    assert_int_equal(scr_value_info(f.vs, ab).chars, 3);
    /* c || c of the 100 x is 200 x, the same as rpad('x', 200, 'x') would be */
    scr_val_t cc = value_of(&f, 13, 1, a);
    assert_int_equal(scr_value_info(f.vs, cc).chars, 200);
    assert_int_equal(scr_value_read(f.vs, cc, 150, buf, sizeof buf), 50);
    for (int i = 0; i < 50; i++)
        assert_int_equal(buf[i], 'x');
    scr_val_t all[] = {a, b, c, d, e, g, r7, r12, l, em, ab, cc};
    for (size_t i = 0; i < sizeof all / sizeof all[0]; i++)
        scr_value_release(f.vs, all[i]);
    assert_int_equal(scr_values_check(f.vs), SIM_OK);
    close_fix(&f);
}

static void test_values_charset_and_extended(void **state)
{
    (void)state;
    scr_options_t o;
    scr_options_defaults(&o);
    o.charset = SCR_CHARSET_AL32UTF8;
    o.max_string_extended = 1;
    fix_t f;
    open_fix(&f,
             T_SF "insert into t values (1, rpad('b', 12000, 'b'));\n"
                  "insert into t values (1, rpad('ab', 40000, 'c'));\n",
             &o);
    scr_val_t v = value_of(&f, 2, 1, 0);
    scr_value_info_t in = scr_value_info(f.vs, v);
    assert_int_equal(in.chars, 12000); /* EXTENDED: up to 32,767 */
    assert_int_equal(in.bytes, 24000); /* UCS-2 in the CLOB */
    uint8_t buf[8];
    assert_int_equal(scr_value_read(f.vs, v, 0, buf, 5), 5);
    assert_memory_equal(buf, "\0b\0b\0", 5);
    assert_int_equal(scr_value_read(f.vs, v, 23997, buf, 8), 3);
    assert_memory_equal(buf, "b\0b", 3);
    scr_val_t w = value_of(&f, 3, 1, 0);
    assert_int_equal(scr_value_info(f.vs, w).chars, 32767);
    scr_value_release(f.vs, v);
    scr_value_release(f.vs, w);
    close_fix(&f);
}

static void test_values_random(void **state)
{
    (void)state;
    scr_options_t o;
    scr_options_defaults(&o);
    o.seed = 42;
    const char *text = T_SF "insert into t values (1, dbms_random.string('x', 3000));\n"
                            "insert into t values (1, dbms_random.string('l', 10));\n";
    fix_t f, g;
    open_fix(&f, text, &o);
    open_fix(&g, text, &o);
    scr_val_t a1 = value_of(&f, 2, 1, 0), a2 = value_of(&f, 2, 2, 0);
    scr_val_t b1 = value_of(&g, 2, 1, 0);
    /* the same seed, the same content; two rows, two contents */
    assert_true(scr_value_info(f.vs, a1).hash == scr_value_info(g.vs, b1).hash);
    assert_true(scr_value_info(f.vs, a1).hash != scr_value_info(f.vs, a2).hash);
    assert_int_equal(scr_value_info(f.vs, a1).chars, 3000);
    static uint8_t x[3000], y[3000];
    assert_int_equal(scr_value_read(f.vs, a1, 0, x, 3000), 3000);
    assert_int_equal(scr_value_read(g.vs, b1, 0, y, 3000), 3000);
    assert_memory_equal(x, y, 3000);
    int classes[2] = {0, 0};
    for (int i = 0; i < 3000; i++) {
        assert_true((x[i] >= 'A' && x[i] <= 'Z') || (x[i] >= '0' && x[i] <= '9'));
        classes[x[i] >= 'A']++;
    }
    assert_true(classes[0] > 0 && classes[1] > 0);
    /* a literal of the same text hashes the same: the hash is of the characters */
    char lit[64];
    scr_val_t l = value_of(&f, 3, 1, 0);
    assert_int_equal(scr_value_read(f.vs, l, 0, (uint8_t *)lit, 10), 10);
    for (int i = 0; i < 10; i++)
        assert_true(lit[i] >= 'a' && lit[i] <= 'z');
    char t2[256];
    snprintf(t2, sizeof t2, T_SF "insert into t values (1, '%.10s');\n", lit);
    fix_t h;
    open_fix(&h, t2, &o);
    scr_val_t hl = value_of(&h, 2, 1, 0);
    assert_true(scr_value_info(h.vs, hl).hash == scr_value_info(f.vs, l).hash);
    scr_value_release(h.vs, hl);
    close_fix(&h);
    scr_value_release(f.vs, a1);
    scr_value_release(f.vs, a2);
    scr_value_release(f.vs, l);
    scr_value_release(g.vs, b1);
    close_fix(&f);
    close_fix(&g);
}

static void test_values_runtime_concat_cap(void **state)
{
    (void)state;
    fix_t f;
    open_fix(&f,
             T_SF "insert into t select rownum, rpad('x', 3999, 'x') || rownum from dual "
                  "connect by level <= 20;\n",
             NULL);
    scr_val_t v = value_of(&f, 2, 9, 0);
    assert_int_equal(scr_value_info(f.vs, v).chars, 4000);
    scr_value_release(f.vs, v);
    const scr_stmt_t *st = &f.s->stmts[1];
    scr_row_t row = {10, 10, 0, NULL, NULL, NULL, NULL, 0};
    char err[SCR_ERR_LEN];
    assert_int_equal(scr_eval(f.vs, st->u.dml.values[1], &row, &v, err, sizeof err), SIM_EINVAL);
    assert_string_equal(err, "2: ORA-01489: result of string concatenation is too long (4001 "
                             "bytes, at most 4000)");
    assert_int_equal(scr_values_live(f.vs), 0);
    close_fix(&f);
}

/* Numbers in a value: mod, +, *, the row's id and rownum. */
static void test_values_numbers(void **state)
{
    (void)state;
    fix_t f;
    open_fix(&f,
             T_SF "insert into t select level, rpad('x', 100 + mod(level, 3) * 10 - 1, 'x') "
                  "from dual connect by level <= 9;\n"
                  "insert into t values (mod(-7, 3), to_char(mod(7, 0)) || '-' || (2 * 3 + 1));\n",
             NULL);
    /* 100 + mod(level, 3) * 10 - 1: the product first */
    static const uint64_t want[] = {109, 119, 99};
    for (int64_t r = 1; r <= 3; r++) {
        scr_val_t v = value_of(&f, 2, r, 0);
        assert_int_equal(scr_value_info(f.vs, v).chars, want[r - 1]);
        scr_value_release(f.vs, v);
    }
    int64_t id;
    assert_int_equal(scr_eval_int(f.vs, f.s->stmts[2].u.dml.values[0], NULL, &id), 0);
    assert_int_equal(id, -1);
    scr_val_t v = value_of(&f, 3, 1, 0);
    uint8_t buf[16];
    assert_int_equal(scr_value_read(f.vs, v, 0, buf, sizeof buf), 3);
    assert_memory_equal(buf, "7-7", 3);
    scr_value_release(f.vs, v);
    close_fix(&f);
}

/* Interned values live while referenced, and no longer. */
static void test_values_refcounts(void **state)
{
    (void)state;
    fix_t f;
    open_fix(&f, T_SF "insert into t values (1, rpad(rownum, 8000, 'z'));\n", NULL);
    scr_val_t v[100];
    for (int i = 0; i < 100; i++)
        v[i] = value_of(&f, 2, i % 10, 0);
    assert_int_equal(scr_values_live(f.vs), 10);
    for (int i = 0; i < 100; i++)
        scr_value_release(f.vs, v[i]);
    assert_int_equal(scr_values_live(f.vs), 0);
    assert_int_equal(scr_values_check(f.vs), SIM_OK);
    close_fix(&f);
}

/*
 * The same content built in different ways -- pieces that merge, pieces
 * that do not, a repeat whose length is no multiple of its pattern, a long
 * literal hashed character by character -- hashes the same and interns to
 * one value; and the bytes read back are the content itself.
 */
static void test_values_hash_decompositions(void **state)
{
    (void)state;
    /* 1,001 characters of "abab...a" as a literal */
    static char lit[1100];
    for (int i = 0; i < 1001; i++)
        lit[i] = i % 2 ? 'b' : 'a';
    lit[1001] = 0;
    static char text[4096];
    snprintf(
        text, sizeof text,
        T_SF
        "insert into t values (1, 'abc' || 'xyz');\n"                                        /* 2 */
        "insert into t values (1, 'abcxyz');\n"                                              /* 3 */
        "insert into t values (1, rpad('ab', 5, 'ab') || 'ab');\n"                           /* 4 */
        "insert into t values (1, 'ababaab');\n"                                             /* 5 */
        "insert into t values (1, rpad('a', 1001, 'ba'));\n"                                 /* 6 */
        "insert into t values (1, '%s');\n"                                                  /* 7 */
        "insert into t values (1, rpad(to_clob('x'), 8000, 'x'));\n"                         /* 8 */
        "insert into t values (1, lpad('x', 3000, 'x') || rpad(to_clob('x'), 5000, 'x'));\n" /* 9 */
        "insert into t values (1, 'abcxy');\n"   /* 10 */
        "insert into t values (1, 'abcxyy');\n", /* 11 */
        lit);
    fix_t f;
    open_fix(&f, text, NULL);
    scr_val_t v[12];
    for (uint32_t step = 2; step <= 11; step++)
        v[step] = value_of(&f, step, 1, 0);
    assert_int_equal(v[2], v[3]);
    assert_int_equal(v[4], v[5]);
    assert_int_equal(v[6], v[7]);
    assert_int_equal(v[8], v[9]); /* both CLOB, 8,000 x */
    assert_int_equal(scr_value_info(f.vs, v[8]).chars, 8000);
    /* different contents: different values and hashes */
    assert_true(v[2] != v[10] && v[2] != v[11] && v[10] != v[11]);
    assert_true(scr_value_info(f.vs, v[2]).hash != scr_value_info(f.vs, v[10]).hash);
    assert_true(scr_value_info(f.vs, v[2]).hash != scr_value_info(f.vs, v[11]).hash);
    uint8_t buf[1100];
    assert_int_equal(scr_value_read(f.vs, v[4], 0, buf, sizeof buf), 7);
    assert_memory_equal(buf, "ababaab", 7);
    assert_int_equal(scr_value_read(f.vs, v[6], 0, buf, sizeof buf), 1001);
    assert_memory_equal(buf, lit, 1001);
    assert_int_equal(scr_value_read(f.vs, v[6], 998, buf, sizeof buf), 3);
    assert_memory_equal(buf, "aba", 3);
    for (uint32_t step = 2; step <= 11; step++)
        scr_value_release(f.vs, v[step]);
    close_fix(&f);
}

/* Predicates against the ids each should select, listed by hand. */
static void test_predicates(void **state)
{
    (void)state;
    static const struct {
        const char *where;
        const char *ids; /* of 1..12, as a string of 0/1 */
    } cases[] = {
        {"id <= 5", "111110000000"},
        {"5 >= id", "111110000000"},
        {"id < 5", "111100000000"},
        {"5 < id", "000001111111"},
        {"id >= 11", "000000000011"},
        {"id > 11", "000000000001"},
        {"id = 7", "000000100000"},
        {"id <> 7", "111111011111"},
        {"id != 7", "111111011111"},
        {"id between 3 and 5", "001110000000"},
        {"id not between 3 and 10", "110000000011"},
        {"mod(id, 3) = 0", "001001001001"},
        {"mod(id, 4) = 1 or id = 12", "100010001001"},
        {"not (id > 2 and id < 11)", "110000000011"},
        {"id in (2, 4, 12)", "010100000001"},
        {"id not in (2, 4, 12)", "101011111110"},
        {"(id < 3 or id > 10) and mod(id, 2) = 1", "100000000010"},
        {"mod(id, 0) = 5", "000010000000"},
    };
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        char text[512];
        snprintf(text, sizeof text, T_SF "delete from t where %s;\n", cases[c].where);
        scr_script_t *s = parse_ok(text);
        for (int id = 1; id <= 12; id++)
            if (scr_pred_match(s->stmts[1].u.dml.where, id) != (cases[c].ids[id - 1] == '1'))
                fail_msg("where %s: id %d", cases[c].where, id);
        scr_free(s);
    }
    /* Oracle's MOD takes the dividend's sign: mod(-7, 3) = -1 */
    scr_script_t *s = parse_ok(T_SF "delete from t where mod(id, 3) = -1;\n");
    assert_true(scr_pred_match(s->stmts[1].u.dml.where, -7));
    assert_false(scr_pred_match(s->stmts[1].u.dml.where, 2));
    scr_free(s);
    s = parse_ok(T_SF "update t set c = 'x' where id > 3 and rownum <= 10;\n");
    assert_int_equal(s->stmts[1].u.dml.rownum_max, 10);
    assert_true(scr_pred_match(s->stmts[1].u.dml.where, 4));
    assert_false(scr_pred_match(s->stmts[1].u.dml.where, 3));
    scr_free(s);
    expect_refused(T_SF "delete from t where id > 3 or rownum <= 10;\n",
                   "t.sql:2: rownum only as 'and rownum <= N' at the top of the where clause");
    /* rownum < 0 takes no row: a limit of 0 (-1 would be 'not given': every row) */
    s = parse_ok(T_SF "delete from t where id > 3 and rownum < 0;\n");
    assert_int_equal(s->stmts[1].u.dml.rownum_max, 0);
    scr_free(s);
}

/* Lines are counted inside a string literal and a comment: a statement
 * after a literal of three lines starts on its own line, an error after
 * one names its line, and a comment left open is named by the line it
 * began on. */
static void test_lines_in_literals(void **state)
{
    (void)state;
    scr_script_t *s = parse_ok(T_SF "insert into t values (1, 'a\nb\nc');\ncommit;\n");
    assert_int_equal(s->stmts[1].line, 2);
    assert_int_equal(s->stmts[2].line, 5);
    scr_free(s);
    expect_refused(T_SF "insert into t values (1, 'a\nb');\nupdate t set d = 'x';\n",
                   "t.sql:4: ORA-00904: \"D\": invalid identifier");
    expect_refused(T_SF "commit;\n/* open\n\n\n",
                   "t.sql:3: comment '/*' not closed by '*/' before the end");
    /* a token Oracle refuses as a statement's first: the step's error, the run goes on */
    expect_refused(T_SF "\"\";\n", "t.sql:2: ORA-01741: illegal zero-length identifier");
    expect_refused(T_SF "#x;\n", "t.sql:2: ORA-00911: invalid character '#'");
}

/* DBA_OBJECTS declared by the script or its setup is that table. */
static void test_declared_dictionary_view(void **state)
{
    (void)state;
    scr_script_t *s;
    /* DBA_OBJECTS is a row count (where rownum <= N) unless a table of
     * that name was declared (an author's dictionary, --setup): then its
     * rows, read as another table's; `commit` after it without a ';' is
     * its alias, as Oracle reads it */
    s = parse_ok(T_SF "insert into t select level, 'x' from dba_objects where rownum <= 5;\n");
    assert_int_equal(s->stmts[1].u.dml.source, SCR_SRC_GENERATE);
    assert_int_equal(s->stmts[1].u.dml.count, 5);
    scr_free(s);
    s = parse_ok(T_SF "create table dba_objects (id number, c clob);\n"
                      "insert into t select id, c from dba_objects\ncommit;\n");
    assert_int_equal(s->nstmts, 3);
    assert_int_equal(s->stmts[2].u.dml.source, SCR_SRC_TABLE);
    assert_int_equal(s->stmts[2].u.dml.from, 1);
    scr_free(s);
}

/* SQL*Plus substitution variables: DEFINE, &name and &&name (any case, a
 * '.' ending the name), a DEFINE of a DEFINE, UNDEFINE, SET DEFINE OFF,
 * comments left alone, a query's NEW_VALUE left as written, the run's own
 * (--define), and an undefined one refused with its line. */
static void test_substitution_variables(void **state)
{
    (void)state;
    scr_script_t *s = parse_ok(T_SF "define rows = 7\n"
                                    "def LEN = '12'\n"
                                    "define twice = &len.&len\n"
                                    "-- &not_defined in a comment\n"
                                    "insert into t select level, rpad('x', &&Len, 'x') from dual "
                                    "connect by level <= &rows;\n"
                                    "insert into t select level, 'x' from dual connect by level "
                                    "<= &twice.;\n");
    assert_int_equal(s->nstmts, 3);
    assert_int_equal(s->stmts[1].u.dml.count, 7);
    assert_non_null(strstr(s->stmts[1].text, "rpad('x', 12, 'x')"));
    assert_int_equal(s->stmts[2].u.dml.count, 1212);
    scr_free(s);
    /* off: the text as written (in a literal, a value like any other) */
    s = parse_ok(T_SF "set define off\ninsert into t values (1, 'a&b');\nset define on\n");
    assert_non_null(strstr(s->stmts[1].text, "'a&b'"));
    scr_free(s);
    s = parse_ok(T_SF "column segment_name new_value lob\nexec show_space('&lob', user, 'LOB');\n");
    assert_non_null(strstr(s->stmts[1].text, "'&lob'"));
    scr_free(s);
    expect_refused(T_SF "define n = 3\nundefine n\ninsert into t values (&n, 'x');\n",
                   "t.sql:4: substitution variable '&n' not defined: SQL*Plus would prompt for it "
                   "(define it earlier in the script, in the setup script, or with lobbench "
                   "--define=N=VALUE)");
    scr_options_t o;
    scr_options_defaults(&o);
    const char *defs[] = {"size=16384"};
    o.defines = defs;
    o.ndefines = 1;
    const char *text = T_SF "insert into t select level, rpad(to_clob('x'), &size, 'x') from "
                            "dual connect by level <= 2;\n";
    char err[SCR_ERR_LEN];
    assert_int_equal(scr_parse("t.sql", text, strlen(text), &o, &s, err, sizeof err), SIM_OK);
    assert_non_null(strstr(s->stmts[1].text, "16384"));
    scr_free(s);
    /* the run's value wins over the script's DEFINE, its default */
    text = T_SF "define size = 2048\nundefine size\ninsert into t select level, rpad(to_clob('x'), "
                "&size, 'x') from dual connect by level <= 2;\n";
    assert_int_equal(scr_parse("t.sql", text, strlen(text), &o, &s, err, sizeof err), SIM_OK);
    assert_non_null(strstr(s->stmts[1].text, "16384"));
    scr_free(s);
}

/* The inputs a script states for itself. */
static void test_read_inputs(void **state)
{
    (void)state;
    const char *text = "-- a script\n"
                       "-- lobsim input: charset=AL32UTF8\n"
                       "-- lobsim input: max_string_size=EXTENDED  (a note)\n"
                       "-- lobsim input: block_size=16384\n"
                       "-- lobsim input: db_securefile=NEVER\n"
                       "commit;\n";
    scr_options_t o;
    scr_options_defaults(&o);
    char err[SCR_ERR_LEN];
    assert_int_equal(scr_read_inputs("in.sql", text, strlen(text), &o, err, sizeof err), SIM_OK);
    assert_int_equal(o.charset, SCR_CHARSET_AL32UTF8);
    assert_int_equal(o.max_string_extended, 1);
    assert_int_equal(o.block_size, 16384);
    assert_int_equal(o.securefile_default, 0);
    scr_options_t before = o;
    const char *bad[] = {"-- lobsim input: charset=EBCDIC\n", "-- lobsim input: block_size=3000\n",
                         "-- lobsim input: blocksize=8192\n", "-- lobsim input: charset\n"};
    const char *want[] = {"charset=EBCDIC", "block_size=3000", "blocksize=8192", "charset"};
    for (int i = 0; i < 4; i++) {
        char msg[SCR_ERR_LEN * 2];
        assert_int_equal(scr_read_inputs("in.sql", bad[i], strlen(bad[i]), &o, err, sizeof err),
                         SIM_EINVAL);
        snprintf(msg, sizeof msg,
                 "in.sql:1: lobsim input '%s' not understood (accepted: charset=single-byte|"
                 "AL32UTF8, max_string_size=STANDARD|EXTENDED, block_size=2048|4096|8192|16384|"
                 "32768, db_securefile=NEVER|PERMITTED|PREFERRED|ALWAYS|IGNORE|FORCE)",
                 want[i]);
        assert_string_equal(err, msg);
        assert_memory_equal(&o, &before, sizeof o);
    }
}

/* `-- lobsim session: N` gives the statements after it to session N, `all`
 * back to every session; the statement takes the last marker before its
 * first line.  A marker not understood is refused, naming its line. */
static void test_session_markers(void **state)
{
    (void)state;
    scr_script_t *s = parse_ok(T_SF "insert into t values (1, 'a');\n"
                                    "-- lobsim session: 2\n"
                                    "insert into t values (2, 'b');\ncommit;\n"
                                    "-- lobsim session: 1000  \r\n"
                                    "begin\n  insert into t values (3, 'c');\n"
                                    "-- lobsim session: 7 (inside the block: for what follows it)\n"
                                    "  commit;\nend;\n/\n"
                                    "delete from t;\n"
                                    "-- lobsim session: all\n"
                                    "commit;\n");
    uint32_t want[] = {0, 0, 2, 2, 1000, 7, 0};
    assert_int_equal(s->nstmts, 7);
    for (uint32_t i = 0; i < s->nstmts; i++)
        assert_int_equal(s->stmts[i].session, want[i]);
    scr_free(s);
    const char *bad[] = {"0", "1001", "two", "", "3x", "-1"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        char text[256], msg[SCR_ERR_LEN];
        snprintf(text, sizeof text, "commit;\n-- lobsim session: %s\ncommit;\n", bad[i]);
        snprintf(msg, sizeof msg,
                 "t.sql:2: lobsim session '%s' not understood (accepted: a session from 1 to "
                 "1000, or all)",
                 bad[i]);
        expect_refused(text, msg);
    }
}

/* ---- the scenarios of scenarios/ ------------------------------------------ */

/* A scenario parsed under the inputs it states (scr_read_inputs). */
static scr_script_t *scenario(const char *name)
{
    char path[512], err[SCR_ERR_LEN];
    snprintf(path, sizeof path, "%s/%s", LOBSIM_SCENARIOS, name);
    size_t len = 0;
    char *text = slurp(path, &len);
    assert_non_null(text);
    scr_options_t o;
    scr_options_defaults(&o);
    if (scr_read_inputs(path, text, len, &o, err, sizeof err) != SIM_OK)
        fail_msg("%s", err);
    scr_script_t *s = NULL;
    if (scr_parse(path, text, len, &o, &s, err, sizeof err) != SIM_OK)
        fail_msg("%s", err);
    free(text);
    return s;
}

static uint32_t count_kind(const scr_script_t *s, scr_kind_t k)
{
    uint32_t n = 0;
    for (uint32_t i = 0; i < s->nstmts; i++)
        n += s->stmts[i].kind == k;
    return n;
}

static void test_scenarios_parse(void **state)
{
    (void)state;
    DIR *d = opendir(LOBSIM_SCENARIOS);
    assert_non_null(d);
    int n = 0;
    for (struct dirent *e; (e = readdir(d));) {
        size_t len = strlen(e->d_name);
        if (len < 5 || strcmp(e->d_name + len - 4, ".sql") != 0)
            continue;
        scr_script_t *s = scenario(e->d_name);
        assert_true(s->nstmts > 0);
        scr_free(s);
        n++;
    }
    closedir(d);
    assert_true(n >= 13);

    /* dedup: two SecureFile tables, one block of two loops of 1,000 rows
     * of the PL/SQL variable (10,000 characters, not capped) */
    scr_script_t *s = scenario("dedup.sql");
    assert_int_equal(s->ntables, 2);
    assert_int_equal(s->tables[0].cols[1].lob.deduplicate, 0);
    assert_string_equal(s->tables[0].cols[1].lob.segment, "KEEPDUP_LOB");
    assert_int_equal(s->tables[1].cols[1].lob.deduplicate, 1);
    const scr_stmt_t *b = &s->stmts[2];
    assert_int_equal(b->kind, SCR_BLOCK);
    assert_int_equal(b->u.block.nstmts, 4);
    assert_int_equal(b->u.block.stmts[0].table, 0);
    assert_int_equal(b->u.block.stmts[2].table, 1);
    uint32_t loops = 0;
    for (uint32_t k = 0; k < b->u.block.nops; k++)
        loops += b->u.block.ops[k].kind == SCR_PL_FOR && b->u.block.ops[k].y->num == 1000;
    assert_int_equal(loops, 2);
    assert_int_equal(b->u.block.vars[0]->static_len, 10000);
    /* its two exec dbms_stats.gather_table_stats: statistics gathering,
     * without effect (issue 41); its query observes */
    assert_int_equal(count_kind(s, SCR_OBSERVE), 1);
    assert_int_equal(count_kind(s, SCR_NO_EFFECT), 2);
    scr_free(s);

    /* space_after_insert: SQL's rpad gives 4,000 of the 12,000 */
    s = scenario("space_after_insert.sql");
    assert_int_equal(s->stmts[1].u.dml.count, 10000);
    assert_int_equal(s->stmts[1].u.dml.values[1]->static_len, 4000);
    assert_int_equal(s->tables[0].cols[1].lob.in_row, 1);
    assert_int_equal(s->stmts[4].kind, SCR_OBSERVE);
    assert_string_equal(s->stmts[4].text, "exec show_space");
    scr_free(s);

    /* shrink: 1 + 3 x (insert select *) = 8 rows, three shrinks */
    s = scenario("shrink.sql");
    assert_int_equal(count_kind(s, SCR_SHRINK), 3);
    assert_int_equal(count_kind(s, SCR_UPDATE), 7);
    assert_int_equal(count_kind(s, SCR_INSERT), 4);
    assert_int_equal(s->tables[0].tablespace, -1);
    assert_int_equal(s->tables[0].cols[0].lob.tablespace, 5); /* after the five predefined */
    assert_int_equal(s->tablespaces[5].datafile_size, 500u << 20);
    assert_int_equal(s->tables[0].cols[0].lob.retention, SCR_RET_DEFAULT);
    scr_free(s);

    /* redo: no SECUREFILE keyword, db_securefile PREFERRED: a SecureFile */
    s = scenario("redo_nocache.sql");
    assert_int_equal(s->tables[0].cols[1].lob.securefile, 1);
    assert_int_equal(s->tables[0].cols[1].lob.cache, SCR_CACHE_NO);
    assert_int_equal(s->tables[0].cols[1].lob.in_row, 0);
    assert_int_equal(s->stmts[2].u.dml.count, 1000);
    assert_int_equal(s->opts.block_size, 8192);
    assert_int_equal(s->opts.securefile_default, 1);
    scr_free(s);

    s = scenario("space_after_insert.sql");
    assert_int_equal(s->opts.block_size, 8192);
    assert_int_equal(s->opts.charset, SCR_CHARSET_SINGLE_BYTE);
    assert_int_equal(s->opts.max_string_extended, 0);
    scr_free(s);

    s = scenario("basicfile_reuse.sql");
    assert_int_equal(s->tables[0].cols[1].lob.securefile, 0);
    assert_int_equal(s->tables[0].cols[1].lob.freepools, 4);
    assert_int_equal(s->tables[0].cols[1].lob.retention, SCR_RET_PLAIN);
    assert_int_equal(s->tablespaces[5].uniform_size, 1u << 20);
    assert_int_equal(s->tables[0].cols[1].lob.tablespace, 5);
    /* One session fills and deletes; all sleep; four insert, one each. */
    uint32_t sessions[16], nm = 0;
    for (uint32_t i = 0; i < s->nstmts && nm < 16; i++)
        if (s->stmts[i].kind == SCR_BLOCK || s->stmts[i].kind == SCR_DELETE ||
            s->stmts[i].kind == SCR_SLEEP)
            sessions[nm++] = s->stmts[i].session;
    assert_int_equal(nm, 7);
    uint32_t want[] = {1, 1, 0, 1, 2, 3, 4};
    assert_memory_equal(sessions, want, sizeof want);
    scr_free(s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_statements),
        cmocka_unit_test(test_session_markers),
        cmocka_unit_test(test_plsql_block),
        cmocka_unit_test(test_alter),
        cmocka_unit_test(test_add_drop_columns),
        cmocka_unit_test(test_varchar_column_expression),
        cmocka_unit_test(test_refusals),
        cmocka_unit_test(test_bad_scripts),
        cmocka_unit_test(test_oracle_error_scripts),
        cmocka_unit_test(test_no_effect_heads),
        cmocka_unit_test(test_alter_table_properties),
        cmocka_unit_test(test_oracle_ddl),
        cmocka_unit_test(test_failed_statements),
        cmocka_unit_test(test_long_line),
        cmocka_unit_test(test_statement_limit),
        cmocka_unit_test(test_values_lengths_and_hashes),
        cmocka_unit_test(test_values_charset_and_extended),
        cmocka_unit_test(test_values_random),
        cmocka_unit_test(test_values_runtime_concat_cap),
        cmocka_unit_test(test_values_numbers),
        cmocka_unit_test(test_values_refcounts),
        cmocka_unit_test(test_values_hash_decompositions),
        cmocka_unit_test(test_predicates),
        cmocka_unit_test(test_lines_in_literals),
        cmocka_unit_test(test_declared_dictionary_view),
        cmocka_unit_test(test_substitution_variables),
        cmocka_unit_test(test_read_inputs),
        cmocka_unit_test(test_scenarios_parse),
        cmocka_unit_test(test_direct_path_hint),
        cmocka_unit_test(test_database_links),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
