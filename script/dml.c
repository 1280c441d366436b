/*
 * dml.c -- insert, update and delete: their table, their row source, one
 * expression per column, and the where clause over id.
 *
 * Row sources of an insert ... select, as the published tests write them:
 * xmltable('1 to N') (column_value 1..N), dual connect by level <= N,
 * all_objects where rownum <= N (taken to have N rows: a dictionary view
 * of any database holds thousands), and the table itself (one new row for
 * each of its rows, `insert into t select * from t`).
 *
 * A DML statement inside a PL/SQL block is still SQL: its expressions are
 * evaluated by the SQL engine under SQL's limits (4,000 bytes), and only a
 * block's variables carry PL/SQL's 32,767 (plsql.c).
 */
#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "script_int.h"

static int table_ref(scr_parser_t *p)
{
    char name[SCR_NAME_MAX + 1];
    uint32_t line = scr_peek(p)->line;
    scr_expect_table_name(p, name);
    return scr_table_resolve(p, name, line);
}

/* A value for column c of table t: types Oracle would refuse, refused. */
static void check_value(scr_parser_t *p, const scr_table_t *t, uint32_t c, const scr_expr_t *e)
{
    const scr_column_t *col = &t->cols[c];
    char q[64];
    scr_quote(col->name, strlen(col->name), q, sizeof q);
    switch (col->type) {
    case SCR_COL_NUMBER:
        if (e->type != SCR_T_NUMBER && e->type != SCR_T_NULL)
            scr_fail_at(p, e->line, "ORA-01722: invalid number (a text value for %s)", q);
        break;
    case SCR_COL_CLOB:
        if (e->type == SCR_T_BLOB && !e->raw)
            scr_fail_at(p, e->line, "ORA-00932: inconsistent datatypes: expected CLOB got BLOB");
        break;
    case SCR_COL_BLOB:
        if (e->type != SCR_T_BLOB && e->type != SCR_T_NULL)
            scr_fail_at(p, e->line, "ORA-00932: inconsistent datatypes: expected BLOB got %s",
                        e->type == SCR_T_NUMBER ? "NUMBER" : "CHAR");
        break;
    case SCR_COL_VARCHAR:
        if (e->type == SCR_T_CLOB || e->type == SCR_T_BLOB)
            scr_fail_at(p, e->line, "a LOB into VARCHAR2 column %s not supported", q);
        if (e->static_len > (int64_t)col->varchar_len)
            scr_fail_at(p, e->line,
                        "ORA-12899: value too large for column \"%s\".\"%s\" (actual: %lld, "
                        "maximum: %u)",
                        t->name, q, (long long)e->static_len, col->varchar_len);
        break;
    case SCR_COL_DATE:
        if (e->type != SCR_T_NULL)
            scr_fail_at(p, e->line, "a value for DATE column %s not supported (null only)", q);
        break;
    }
}

/* Column c's value from e: a RAW where a CLOB is wanted is converted as
 * Oracle converts RAW to character data, to its hex digits (SQL Language
 * Reference, "Implicit Data Conversion" and RAWTOHEX). */
static scr_expr_t *column_value(scr_parser_t *p, const scr_table_t *t, uint32_t c, scr_expr_t *e)
{
    check_value(p, t, c, e);
    if (t->cols[c].type != SCR_COL_CLOB || e->type != SCR_T_BLOB)
        return e;
    scr_expr_t *h = scr_expr_node(p, SCR_E_RAWTOHEX, SCR_T_CLOB, e->line);
    h->args[0] = e;
    h->nargs = 1;
    h->row_dependent = e->row_dependent;
    h->static_len = e->static_len >= 0 ? 2 * e->static_len : -1;
    return h;
}

static scr_expr_t *null_expr(scr_parser_t *p, uint32_t line)
{
    scr_expr_t *e = scr_arena_alloc(p->arena, sizeof *e);
    e->kind = SCR_E_NULL;
    e->type = SCR_T_NULL;
    e->line = line;
    return e;
}

/* A value for a DATE column (sysdate, date '...', to_date(...), a string):
 * the model keeps no value of it (script/README.md, "Left out"), so its
 * expression is passed over to the next ',' or ')' (or a select's FROM)
 * outside parentheses and the column takes a null.  1 when col is one. */
static int date_value(scr_parser_t *p, const scr_column_t *col, scr_expr_t **out)
{
    if (col->type != SCR_COL_DATE)
        return 0;
    uint32_t line = scr_peek(p)->line;
    int depth = 0;
    while (scr_peek(p)->kind != SCR_TOK_EOF) {
        if (depth == 0 && (scr_is_sym(p, ",") || scr_is_sym(p, ")") || scr_is_kw(p, "FROM") ||
                           scr_is_kw(p, "WHERE")))
            break;
        depth += scr_is_sym(p, "(") - scr_is_sym(p, ")");
        p->i++;
    }
    *out = null_expr(p, line);
    return 1;
}

/* insert ... values (...) returning C into V, in a PL/SQL block: V a
 * locator of the new row's LOB C, which dbms_lob then writes (PL/SQL
 * Language Reference, "RETURNING INTO Clause"). */
static void returning(scr_parser_t *p, scr_stmt_t *st, const scr_table_t *t)
{
    if (!scr_is_kw(p, "RETURNING") && !scr_is_kw(p, "RETURN"))
        return;
    uint32_t line = scr_take(p)->line;
    if (p->plc == NULL || st->u.dml.source != SCR_SRC_VALUES)
        scr_fail_at(p, line,
                    "RETURNING ... INTO not supported here (an insert ... values in a PL/SQL "
                    "block)");
    char cn[SCR_NAME_MAX + 1], vn[SCR_NAME_MAX + 1];
    scr_expect_name(p, cn, "a LOB column");
    int c = scr_lob_column_resolve(p, st->table, cn, line);
    scr_expect_kw(p, "INTO");
    uint32_t vline = scr_peek(p)->line;
    scr_expect_name(p, vn, "a variable");
    const scr_expr_t *v = scr_plsql_name(p, vn, vline);
    if (v == NULL)
        scr_fail_at(p, vline, "PLS-00201: identifier '%s' must be declared", vn);
    scr_type_t want = t->cols[c].type == SCR_COL_BLOB ? SCR_T_BLOB : SCR_T_CLOB;
    if (v->kind != SCR_E_VAR || v->type != want)
        scr_fail_at(p, vline, "PLS-00382: expression is of wrong type (%s into a %s locator)", cn,
                    want == SCR_T_BLOB ? "BLOB" : "CLOB");
    uint32_t k = scr_lob_slot(t, c);
    st->u.dml.ret_lob1 = k + 1;
    st->u.dml.ret_reg = v->var;
}

/* The direct-path hint a comment between INSERT and INTO gives: a
 * comment opened by slash, star, plus that names APPEND (1) or
 * APPEND_VALUES (2); 0 none.  SQL Language Reference, "Comments", hints:
 * APPEND asks for direct-path INSERT of a subquery's rows and is ignored
 * with a VALUES clause, APPEND_VALUES asks for it with one.  The lexer
 * skips comments; the hint is read off the script's text between the two
 * tokens. */
static int append_hint(const scr_parser_t *p)
{
    if (p->i == 0 || p->toks[p->i].start > p->lx->len)
        return 0;
    const char *s = p->lx->src;
    size_t from = p->toks[p->i - 1].end, to = p->toks[p->i].start;
    for (size_t i = from; i + 2 < to; i++) {
        if (s[i] != '/' || s[i + 1] != '*' || s[i + 2] != '+')
            continue;
        for (size_t j = i + 3; j + 1 < to && !(s[j] == '*' && s[j + 1] == '/');) {
            size_t w = j;
            while (j < to && (isalnum((unsigned char)s[j]) || s[j] == '_'))
                j++;
            size_t n = j - w;
            if (n == 6 && strncasecmp(s + w, "APPEND", 6) == 0)
                return 1;
            if (n == 13 && strncasecmp(s + w, "APPEND_VALUES", 13) == 0)
                return 2;
            if (n == 0)
                j++;
        }
    }
    return 0;
}

void scr_parse_insert(scr_parser_t *p, scr_stmt_t *st)
{
    scr_dml_t *d = &st->u.dml;
    st->kind = SCR_INSERT;
    d->rownum_max = -1;
    int hint = append_hint(p);
    d->direct = hint == 1;
    scr_expect_kw(p, "INTO");
    st->table = table_ref(p);
    const scr_table_t *t = &p->script->tables[st->table];
    st->column = scr_table_lob(t);
    int target[64];
    uint32_t ntarget = 0;
    if (scr_accept_sym(p, "(")) {
        do {
            char cn[SCR_NAME_MAX + 1];
            uint32_t line = scr_peek(p)->line;
            scr_expect_name(p, cn, "a column name");
            int c = scr_column_resolve(p, st->table, cn, line);
            for (uint32_t i = 0; i < ntarget; i++)
                if (target[i] == c)
                    scr_fail_at(p, line, "ORA-00957: duplicate column name");
            target[ntarget++] = c;
        } while (scr_accept_sym(p, ","));
        scr_expect_sym(p, ")");
    } else {
        for (uint32_t i = 0; i < t->ncols; i++)
            if (!t->cols[i].dropped)
                target[ntarget++] = (int)i;
    }
    scr_expr_t *vals[64];
    uint32_t nvals = 0;
    int star = 0, src_table = -1;
    char gen[SCR_NAME_MAX + 1] = "";
    uint64_t gen_rows = 0;
    if (scr_is_kw(p, "WITH")) {
        scr_with_generator(p, gen, &gen_rows); /* generator.c */
        if (!scr_is_kw(p, "SELECT"))
            scr_unexpected(p, "SELECT");
    }
    uint32_t vline = scr_peek(p)->line;
    if (scr_accept_kw(p, "VALUES")) {
        d->source = SCR_SRC_VALUES;
        d->direct = hint == 2;
        d->count = 1;
        d->first = 1;
        scr_expect_sym(p, "(");
        do {
            if (nvals == 64)
                scr_fail(p, "ORA-00913: too many values");
            if (nvals >= ntarget || !date_value(p, &t->cols[target[nvals]], &vals[nvals]))
                vals[nvals] = scr_parse_expr(p, -1, 0);
            nvals++;
        } while (scr_accept_sym(p, ","));
        scr_expect_sym(p, ")");
    } else if (scr_accept_kw(p, "SELECT")) {
        /* The select list is parsed after the source is known: remember it. */
        uint32_t list = scr_skip_select_list(p);
        d->first = 1;
        if (gen[0] && scr_is_kw(p, gen)) {
            d->source = SCR_SRC_GENERATE;
            d->count = scr_generator_from(p, gen, gen_rows);
        } else if (scr_accept_kw(p, "XMLTABLE")) {
            scr_expect_sym(p, "(");
            const scr_tok_t *s = scr_peek(p);
            unsigned long long a, b;
            char tail;
            if (s->kind != SCR_TOK_STRING ||
                sscanf(s->text, " %llu to %llu %c", &a, &b, &tail) != 2 || a != 1)
                scr_unexpected(p, "'1 to N'");
            if (b > SCR_ROWS_MAX)
                scr_fail(p, "row count %llu out of range (accepted 0 to %llu)", b,
                         (unsigned long long)SCR_ROWS_MAX);
            p->i++;
            scr_expect_sym(p, ")");
            d->source = SCR_SRC_GENERATE;
            d->count = b;
            if (scr_peek(p)->kind == SCR_TOK_IDENT && !scr_is_kw(p, "WHERE"))
                p->i++;                                  /* an alias */
        } else if (scr_generator_source(p, &d->count)) { /* generator.c */
            d->source = SCR_SRC_GENERATE;
        } else {
            char name[SCR_NAME_MAX + 1];
            uint32_t line = scr_peek(p)->line;
            if (scr_peek(p)->kind != SCR_TOK_IDENT && scr_peek(p)->kind != SCR_TOK_QIDENT)
                scr_unexpected(p, "XMLTABLE, DUAL, ALL_OBJECTS or the table itself");
            scr_expect_table_name(p, name);
            d->link = scr_accept_link(p);
            src_table = scr_table_resolve(p, name, line);
            /* the table itself, or another of the script's (from.c); over
             * a link, the table as its link reaches it (link.c) */
            d->source = src_table == st->table ? SCR_SRC_SELF : SCR_SRC_TABLE;
            d->from = src_table;
            if (scr_peek(p)->kind == SCR_TOK_IDENT && !scr_is_kw(p, "WHERE"))
                p->i++; /* an alias */
            if (scr_accept_kw(p, "WHERE"))
                d->where = scr_parse_pred(p, src_table, &d->rownum_max);
        }
        scr_expect_end(p);
        uint32_t end = p->i;
        p->i = list;
        if (scr_accept_sym(p, "*")) {
            if (src_table < 0)
                scr_fail_at(p, vline,
                            "select * from a row generator not supported: name the "
                            "values");
            star = 1;
        } else {
            do {
                if (nvals == 64)
                    scr_fail(p, "ORA-00913: too many values");
                if (nvals >= ntarget || !date_value(p, &t->cols[target[nvals]], &vals[nvals]))
                    vals[nvals] = scr_parse_expr(p, src_table, 0);
                nvals++;
                if (scr_peek(p)->kind == SCR_TOK_IDENT && !scr_is_kw(p, "FROM"))
                    p->i++; /* a column alias */
            } while (scr_accept_sym(p, ","));
        }
        if (!scr_is_kw(p, "FROM"))
            scr_unexpected(p, "',' or FROM");
        p->i = end;
        p->gen_view = 0;
    } else {
        scr_unexpected(p, "VALUES or SELECT");
    }
    returning(p, st, t);
    scr_expect_end(p);
    d->values = scr_arena_alloc(p->arena, t->ncols * sizeof *d->values);
    d->nvalues = t->ncols;
    if (star) {
        scr_from_star(p, t, src_table, target, ntarget, vline, d->values);
        for (uint32_t i = 0; i < ntarget; i++)
            check_value(p, t, (uint32_t)target[i], d->values[target[i]]);
        for (uint32_t i = 0; i < t->ncols; i++)
            if (!d->values[i])
                d->values[i] = null_expr(p, vline);
        return;
    }
    for (uint32_t i = 0; i < ntarget && i < nvals; i++)
        if (t->cols[target[i]].identity == 1)
            scr_fail_at(p, vline,
                        "ORA-32795: cannot insert into a generated always identity column");
    if (nvals > ntarget)
        scr_fail_at(p, vline, "ORA-00913: too many values");
    if (nvals < ntarget)
        scr_fail_at(p, vline, "ORA-00947: not enough values");
    for (uint32_t i = 0; i < ntarget; i++)
        d->values[target[i]] = column_value(p, t, (uint32_t)target[i], vals[i]);
    for (uint32_t i = 0; i < t->ncols; i++)
        if (!d->values[i])
            d->values[i] = null_expr(p, vline);
}

void scr_parse_update(scr_parser_t *p, scr_stmt_t *st)
{
    scr_dml_t *d = &st->u.dml;
    st->kind = SCR_UPDATE;
    d->rownum_max = -1;
    st->table = table_ref(p);
    const scr_table_t *t = &p->script->tables[st->table];
    st->column = scr_table_lob(t);
    if (scr_peek(p)->kind == SCR_TOK_IDENT && !scr_is_kw(p, "SET"))
        p->i++; /* an alias */
    scr_expect_kw(p, "SET");
    d->values = scr_arena_alloc(p->arena, t->ncols * sizeof *d->values);
    d->nvalues = t->ncols;
    do {
        char cn[SCR_NAME_MAX + 1];
        uint32_t line = scr_peek(p)->line;
        scr_expect_name(p, cn, "a column name");
        int c = scr_column_resolve(p, st->table, cn, line);
        if (d->values[c])
            scr_fail_at(p, line, "ORA-00957: duplicate column name");
        if (t->part_by != SCR_PART_NONE && c == t->id_col)
            scr_fail_at(p, line,
                        "an update of a partitioned table's partition key not modelled "
                        "(a row that changes partition: ORA-14402 or row movement)");
        scr_expect_sym(p, "=");
        if (t->cols[c].identity == 1)
            scr_fail_at(p, line, "ORA-32796: cannot update a generated always identity column");
        if (!date_value(p, &t->cols[c], &d->values[c]))
            d->values[c] = column_value(p, t, (uint32_t)c, scr_parse_expr(p, st->table, 0));
    } while (scr_accept_sym(p, ","));
    if (scr_accept_kw(p, "WHERE"))
        d->where = scr_parse_pred(p, st->table, &d->rownum_max);
    d->key = scr_pred_key(d->where);
    scr_expect_end(p);
}

void scr_parse_delete(scr_parser_t *p, scr_stmt_t *st)
{
    scr_dml_t *d = &st->u.dml;
    st->kind = SCR_DELETE;
    d->rownum_max = -1;
    scr_accept_kw(p, "FROM");
    st->table = table_ref(p);
    st->column = scr_table_lob(&p->script->tables[st->table]);
    if (scr_peek(p)->kind == SCR_TOK_IDENT && !scr_is_kw(p, "WHERE"))
        p->i++; /* an alias */
    if (scr_accept_kw(p, "WHERE"))
        d->where = scr_parse_pred(p, st->table, &d->rownum_max);
    d->key = scr_pred_key(d->where);
    scr_expect_end(p);
}
