/*
 * from.c -- rows read from another table of the script: `insert into T2
 * [(cols)] select * from T1 [where P]` (dml.c parses the rest of the
 * insert) and `create table T2 [tablespace X] as select * | c[, c] from T1
 * [where P]`.
 *
 * A row of T1 gives one row of T2: its id and its LOBs, each LOB written
 * again into T2's own segment (life_sim's insert; the SQL Language
 * Reference, INSERT, subquery: "the rows returned by the subquery are
 * inserted"; a LOB column's value is copied, never shared between two
 * tables: SecureFiles and Large Objects Developer's Guide, "LOB
 * Semantics": "copying a LOB copies the LOB value").  An insert with the
 * APPEND hint (dml.c reads it) and a create table as select are direct
 * path: their LOBs' space comes by the dispenser's refills (life_sim).
 *
 * CREATE TABLE ... AS SELECT copies the columns' names and types, not
 * their constraints other than NOT NULL nor their LOB storage: the new
 * LOB columns take the defaults (db_securefile decides SecureFile or
 * BasicFile), as the SQL Language Reference, CREATE TABLE, AS subquery,
 * says of the new table ("the datatypes and lengths are derived from the
 * subquery"; constraints are not inherited but NOT NULL).
 */
#include <stdio.h>
#include <string.h>

#include "script_int.h"

/* The value of source column c as an expression of the row read. */
static scr_expr_t *source_column(scr_parser_t *p, const scr_table_t *src, uint32_t c, uint32_t line)
{
    scr_expr_t *e = scr_arena_alloc(p->arena, sizeof *e);
    e->line = line;
    e->row_dependent = 1;
    e->static_len = -1;
    if ((int)c == src->id_col) {
        e->kind = SCR_E_ID;
        e->type = SCR_T_NUMBER;
    } else if (src->cols[c].type == SCR_COL_CLOB || src->cols[c].type == SCR_COL_BLOB) {
        e->kind = SCR_E_COLUMN;
        e->var = c;
        e->type = src->cols[c].type == SCR_COL_BLOB ? SCR_T_BLOB : SCR_T_CLOB;
    } else if (src->cols[c].type == SCR_COL_VARCHAR &&
               scr_varchar_slot(src, (int)c) < SCR_MAX_VARCHAR_COLUMNS) {
        e->kind = SCR_E_COLUMN;
        e->var = c;
        e->type = SCR_T_VARCHAR;
    } else {
        /* values of other columns are not tracked (script/README.md) */
        e->kind = SCR_E_NULL;
        e->type = SCR_T_NULL;
        e->row_dependent = 0;
    }
    return e;
}

void scr_from_star(scr_parser_t *p, const scr_table_t *t, int src, const int *target, uint32_t n,
                   uint32_t line, scr_expr_t **values)
{
    const scr_table_t *s = &p->script->tables[src];
    (void)t;
    uint32_t live[SCR_MAX_COLS], nlive = 0;
    for (uint32_t c = 0; c < s->ncols; c++)
        if (!s->cols[c].dropped && nlive < SCR_MAX_COLS)
            live[nlive++] = c;
    if (nlive > n)
        scr_fail_at(p, line, "ORA-00913: too many values");
    if (nlive < n)
        scr_fail_at(p, line, "ORA-00947: not enough values");
    for (uint32_t i = 0; i < n; i++)
        values[target[i]] = source_column(p, s, live[i], line);
}

/* create table T as select EXPR alias, ... from a row generator (dual
 * connect by level <= N, all_objects where rownum <= N): each column named
 * by its alias (ORA-00998 without one, as Oracle asks of an expression)
 * and typed by its expression (NUMBER, VARCHAR2 of the value's length,
 * CLOB, BLOB; SQL Language Reference, CREATE TABLE, AS subquery: "the
 * datatypes and lengths are derived from the subquery"), then its N rows
 * inserted direct path. */
static void ctas_generated(scr_parser_t *p, scr_stmt_t *st, scr_table_t *t, uint32_t list,
                           uint64_t rows)
{
    scr_dml_t *d = &st->u.dml;
    scr_expect_end(p);
    uint32_t end = p->i;
    p->i = list;
    if (scr_is_sym(p, "*"))
        scr_fail(p, "create table ... as select * from ALL_OBJECTS or DUAL not modelled (their "
                    "columns are the dictionary's): name the values, each with an alias");
    scr_expr_t *vals[SCR_MAX_COLS];
    scr_column_t *cols = scr_arena_alloc(p->arena, SCR_MAX_COLS * sizeof *cols);
    uint32_t n = 0;
    do {
        if (n == SCR_MAX_COLS)
            scr_fail(p, "more than %u columns", SCR_MAX_COLS);
        uint32_t cl = scr_peek(p)->line;
        scr_expr_t *e = scr_parse_expr(p, -1, 0);
        scr_column_t *c = &cols[n];
        memset(c, 0, sizeof *c);
        scr_accept_kw(p, "AS");
        if ((scr_peek(p)->kind == SCR_TOK_IDENT && !scr_is_kw(p, "FROM")) ||
            scr_peek(p)->kind == SCR_TOK_QIDENT)
            scr_expect_name(p, c->name, "a column alias");
        else
            scr_fail_at(p, cl, "ORA-00998: must name this expression with a column alias");
        for (uint32_t i = 0; i < n; i++)
            if (strcmp(cols[i].name, c->name) == 0)
                scr_fail_at(p, cl, "ORA-00957: duplicate column name");
        switch (e->type) {
        case SCR_T_NUMBER:
            c->type = SCR_COL_NUMBER;
            break;
        case SCR_T_CLOB:
        case SCR_T_BLOB:
            if (e->type == SCR_T_BLOB && e->raw)
                scr_fail_at(p, cl, "a RAW column from create table ... as select not supported");
            c->type = e->type == SCR_T_CLOB ? SCR_COL_CLOB : SCR_COL_BLOB;
            scr_lob_defaults(&c->lob, p->securefile_default);
            break;
        case SCR_T_VARCHAR:
            c->type = SCR_COL_VARCHAR;
            c->varchar_len =
                e->static_len > 0 && e->static_len <= 4000 ? (uint32_t)e->static_len : 4000;
            break;
        case SCR_T_NULL:
            scr_fail_at(p, cl, "ORA-01723: zero-length columns are not allowed");
        }
        c->lob.tablespace = -1;
        vals[n++] = e;
    } while (scr_accept_sym(p, ","));
    if (!scr_is_kw(p, "FROM"))
        scr_unexpected(p, "',' or FROM");
    p->i = end;
    p->gen_view = 0;
    t->ncols = n;
    t->cols = cols;
    scr_lob_columns_check(p, t);
    t->id_col = -1;
    for (uint32_t i = 0; i < n && t->id_col < 0; i++)
        if (cols[i].type == SCR_COL_NUMBER)
            t->id_col = (int)i;
    d->rownum_max = -1;
    d->source = SCR_SRC_GENERATE;
    d->count = rows;
    d->first = 1;
    d->direct = 1;
    d->values = scr_arena_alloc(p->arena, n * sizeof *d->values);
    d->nvalues = n;
    memcpy(d->values, vals, n * sizeof *vals);
    st->kind = SCR_CREATE_TABLE;
    st->table = scr_table_add(p, t);
    st->column = scr_table_lob(&p->script->tables[st->table]);
}

void scr_parse_ctas(scr_parser_t *p, scr_stmt_t *st, scr_table_t *t)
{
    if (scr_accept_kw(p, "TABLESPACE")) {
        char ts[SCR_NAME_MAX + 1];
        uint32_t line = scr_peek(p)->line;
        scr_expect_name(p, ts, "a tablespace name");
        t->tablespace = scr_tablespace_resolve(p, ts, line);
    }
    scr_expect_kw(p, "AS");
    scr_expect_kw(p, "SELECT");
    uint32_t list = p->i, line = scr_peek(p)->line;
    /* the source first: the list names its columns */
    int depth = 0;
    while (scr_peek(p)->kind != SCR_TOK_EOF && !(depth == 0 && scr_is_kw(p, "FROM"))) {
        depth += scr_is_sym(p, "(") - scr_is_sym(p, ")");
        p->i++;
    }
    scr_expect_kw(p, "FROM");
    uint64_t rows;
    if (scr_generator_source(p, &rows)) { /* generator.c */
        ctas_generated(p, st, t, list, rows);
        return;
    }
    char name[SCR_NAME_MAX + 1];
    uint32_t sline = scr_peek(p)->line;
    scr_expect_table_name(p, name);
    if (scr_table_find(p, name) < 0 && scr_dictionary_name(name))
        scr_fail_at(p, sline,
                    "create table ... as select from %s not modelled (its rows and columns are "
                    "the dictionary's: a row generator, dual connect by level <= N, is)",
                    name);
    int src = scr_table_resolve(p, name, sline);
    const scr_table_t *s = &p->script->tables[src];
    if (scr_peek(p)->kind == SCR_TOK_IDENT && !scr_is_kw(p, "WHERE"))
        p->i++; /* an alias */
    scr_dml_t *d = &st->u.dml;
    d->rownum_max = -1;
    if (scr_accept_kw(p, "WHERE"))
        d->where = scr_parse_pred(p, src, &d->rownum_max);
    scr_expect_end(p);
    uint32_t end = p->i;
    p->i = list;
    int pick[SCR_MAX_COLS];
    char names[SCR_MAX_COLS][SCR_NAME_MAX + 1];
    uint32_t n = 0;
    if (scr_accept_sym(p, "*")) {
        for (uint32_t c = 0; c < s->ncols; c++) {
            if (s->cols[c].dropped)
                continue;
            pick[n] = (int)c;
            snprintf(names[n++], SCR_NAME_MAX + 1, "%s", s->cols[c].name);
        }
    } else {
        do {
            if (n == SCR_MAX_COLS)
                scr_fail(p, "more than %u columns", SCR_MAX_COLS);
            uint32_t cl = scr_peek(p)->line;
            char cn[SCR_NAME_MAX + 1];
            if (scr_peek(p)->kind != SCR_TOK_IDENT && scr_peek(p)->kind != SCR_TOK_QIDENT)
                scr_unexpected(p, "a column of the source table (create table ... as select "
                                  "of an expression is not supported)");
            scr_expect_name(p, cn, "a column name");
            pick[n] = scr_column_resolve(p, src, cn, cl);
            snprintf(names[n], SCR_NAME_MAX + 1, "%s", cn);
            scr_accept_kw(p, "AS");
            if (scr_peek(p)->kind == SCR_TOK_IDENT && !scr_is_kw(p, "FROM"))
                scr_expect_name(p, names[n], "a column alias");
            else if (scr_peek(p)->kind == SCR_TOK_QIDENT)
                scr_expect_name(p, names[n], "a column alias");
            for (uint32_t i = 0; i < n; i++)
                if (strcmp(names[i], names[n]) == 0)
                    scr_fail_at(p, cl, "ORA-00957: duplicate column name");
            n++;
        } while (scr_accept_sym(p, ","));
        if (!scr_is_kw(p, "FROM"))
            scr_unexpected(p, "',' or FROM (create table ... as select of an expression is not "
                              "supported)");
    }
    p->i = end;
    scr_column_t *cols = scr_arena_alloc(p->arena, (n ? n : 1) * sizeof *cols);
    for (uint32_t i = 0; i < n; i++) {
        cols[i] = s->cols[pick[i]];
        memcpy(cols[i].name, names[i], sizeof cols[i].name);
        cols[i].primary_key = 0;
        cols[i].added = 0;
        if (cols[i].type == SCR_COL_CLOB || cols[i].type == SCR_COL_BLOB)
            scr_lob_defaults(&cols[i].lob, p->securefile_default);
    }
    t->ncols = n;
    t->cols = cols;
    scr_lob_columns_check(p, t);
    t->id_col = -1;
    for (uint32_t i = 0; i < n && t->id_col < 0; i++)
        if (cols[i].type == SCR_COL_NUMBER)
            t->id_col = (int)i;
    d->source = SCR_SRC_TABLE;
    d->from = src;
    d->count = 0;
    d->first = 1;
    d->direct = 1; /* "CREATE TABLE ... AS SELECT": a direct-path load (SQL Language
                    * Reference, CREATE TABLE, AS subquery; Administrator's Guide) */
    d->values = scr_arena_alloc(p->arena, (n ? n : 1) * sizeof *d->values);
    d->nvalues = n;
    for (uint32_t i = 0; i < n; i++)
        d->values[i] = source_column(p, s, (uint32_t)pick[i], line);
    st->kind = SCR_CREATE_TABLE;
    st->table = scr_table_add(p, t);
    st->column = scr_table_lob(&p->script->tables[st->table]);
}
