/*
 * plcursor.c -- a cursor's select (PL/SQL Language Reference, "Cursors
 * Overview", "Explicit Cursor Declaration and Definition", "Explicit
 * Cursor Attributes"): `select cols | * from T [alias] [where C]` read
 * once for a cursor FOR loop (plsql.c) or a declared cursor, and a
 * declared cursor's OPEN, FETCH ... INTO and CLOSE compiled into the
 * block's operations, with %FOUND, %NOTFOUND and %ROWCOUNT registers.
 *
 * A declared cursor keeps a row of its own (its id's number register and
 * its LOB columns' value registers, as a FOR loop's record), a number
 * register that is null before the first fetch, 1 after one that found a
 * row and 0 after one that did not (%FOUND; %NOTFOUND its negation), and
 * a count of the rows fetched since OPEN (%ROWCOUNT).  OPEN takes the rows
 * as they are then (a read-consistent snapshot), as a FOR loop does;
 * CLOSE changes nothing the model keeps.
 */
#include <stdio.h>
#include <string.h>

#include "plsql_int.h"

void scr_cursor_select(scr_parser_t *p, int paren, scr_cursor_t *cs)
{
    memset(cs, 0, sizeof *cs);
    if (paren)
        scr_expect_sym(p, "(");
    scr_expect_kw(p, "SELECT");
    uint32_t list = scr_skip_select_list(p);
    char tn[SCR_NAME_MAX + 1];
    uint32_t tline = scr_peek(p)->line;
    scr_expect_table_name(p, tn);
    int table = scr_table_resolve(p, tn, tline);
    if (scr_peek(p)->kind == SCR_TOK_IDENT && !scr_is_kw(p, "WHERE") && !scr_is_kw(p, "ORDER"))
        p->i++; /* an alias */
    if (scr_accept_kw(p, "WHERE"))
        cs->cond = scr_parse_cond(p, table, 0, NULL);
    const scr_table_t *tt = &p->script->tables[table];
    if (scr_accept_kw(p, "ORDER")) {
        /* order by the id (its name or position 1): the rows sorted when
         * opened; any other key is not modelled */
        scr_expect_kw(p, "BY");
        uint32_t kline = scr_peek(p)->line;
        int id = 0;
        if (scr_peek(p)->kind == SCR_TOK_NUMBER) {
            const scr_tok_t *first = &p->toks[list];
            id = strcmp(scr_peek(p)->text, "1") == 0 && tt->id_col >= 0 &&
                 first->kind == SCR_TOK_IDENT &&
                 strcmp(first->text, tt->cols[tt->id_col].name) == 0;
            p->i++;
        } else {
            char kn[SCR_NAME_MAX + 1];
            scr_expect_name(p, kn, "the id column");
            if (scr_accept_sym(p, "."))
                scr_expect_name(p, kn, "the id column");
            id = tt->id_col >= 0 && strcmp(tt->cols[tt->id_col].name, kn) == 0;
        }
        if (!id)
            scr_fail_at(p, kline, "a cursor's order by other than its table's id not supported");
        cs->order = scr_accept_kw(p, "DESC") ? 2 : 1;
        if (cs->order == 1)
            scr_accept_kw(p, "ASC");
    }
    if (!scr_is_sym(p, paren ? ")" : ";"))
        scr_unexpected(p, paren ? "')' (a cursor of select ... from T [where ...])"
                                : "';' (cursor C is select ... from T [where ...];)");
    uint32_t end = p->i;
    const scr_table_t *t = &p->script->tables[table];
    p->i = list;
    if (scr_accept_sym(p, "*")) {
        cs->sel = ~0ull;
        for (uint32_t c = 0; c < t->ncols && cs->ncols < SCR_CURSOR_COLS; c++)
            if (!t->cols[c].dropped)
                cs->cols[cs->ncols++] = (int)c;
    } else {
        do {
            char cn[SCR_NAME_MAX + 1];
            uint32_t cl = scr_peek(p)->line;
            if (scr_is_kw(p, "DBMS_LOB") && strcmp(scr_peek_at(p, 1)->text, ".") == 0 &&
                strcmp(scr_peek_at(p, 2)->text, "GETLENGTH") == 0) {
                /* dbms_lob.getlength(c) [as] ALIAS: r.ALIAS is its length */
                p->i += 3;
                scr_expect_sym(p, "(");
                scr_expect_name(p, cn, "a LOB column");
                int c = scr_lob_column_resolve(p, table, cn, cl);
                scr_expect_sym(p, ")");
                scr_accept_kw(p, "AS");
                if (cs->nlens == 4)
                    scr_fail_at(p, cl, "more than 4 lengths in a cursor's select not supported");
                scr_expect_name(p, cs->lens_name[cs->nlens], "an alias (r.ALIAS names it)");
                cs->lens_col[cs->nlens++] = c;
                continue;
            }
            scr_expect_name(p, cn, "a column name");
            if (scr_accept_sym(p, "."))
                scr_expect_name(p, cn, "a column name"); /* alias.column */
            int c = scr_column_resolve(p, table, cn, cl);
            cs->sel |= 1ull << c;
            if (cs->ncols < SCR_CURSOR_COLS)
                cs->cols[cs->ncols++] = c;
        } while (scr_accept_sym(p, ","));
    }
    if (!scr_is_kw(p, "FROM"))
        scr_unexpected(p, "',' or FROM");
    p->i = end + 1;
    cs->table = table;
}

int scr_select_reads_view(scr_parser_t *p, uint32_t at)
{
    int depth = 0;
    for (uint32_t i = at; i < p->ntoks && p->toks[i].kind != SCR_TOK_EOF; i++) {
        const scr_tok_t *t = &p->toks[i];
        if (t->kind == SCR_TOK_SYM && depth == 0 && strcmp(t->text, ";") == 0)
            return 0;
        if (t->kind == SCR_TOK_SYM && (strcmp(t->text, "(") == 0 || strcmp(t->text, ")") == 0)) {
            depth += t->text[0] == '(' ? 1 : -1;
            if (depth < 0)
                return 0;
            continue;
        }
        if (depth == 0 && t->kind == SCR_TOK_IDENT && strcmp(t->text, "FROM") == 0)
            return i + 1 < p->ntoks && p->toks[i + 1].kind == SCR_TOK_IDENT &&
                   scr_table_find(p, p->toks[i + 1].text) < 0 &&
                   scr_dictionary_name(p->toks[i + 1].text);
    }
    return 0;
}

/* CURSOR NAME IS SELECT ...; (CURSOR taken): its select read now, its
 * row, cursor and attribute registers reserved; a select of a view is
 * kept as a query, for a FOR loop over the cursor. */
void scr_cursor_declare(scr_parser_t *p, uint32_t line)
{
    struct scr_plc *c = p->plc;
    char name[SCR_NAME_MAX + 1];
    scr_expect_name(p, name, "a cursor name");
    if (scr_is_sym(p, "(") || scr_is_kw(p, "RETURN"))
        scr_fail(p, "a cursor's parameters or RETURN type not supported (cursor C is select ...)");
    scr_expect_kw(p, "IS");
    if (!scr_is_kw(p, "SELECT"))
        scr_unexpected(p, "SELECT (cursor C is select ...)");
    c->curdecl =
        scr_arena_grow(p->arena, c->curdecl, c->ncurdecl, &c->capcurdecl, sizeof *c->curdecl);
    scr_cursor_t *cs = &c->curdecl[c->ncurdecl];
    if (scr_select_reads_view(p, p->i)) {
        memset(cs, 0, sizeof *cs);
        cs->vq = scr_parse_query_to(p, ";", NULL);
        cs->table = -1;
        sym_t *s = scr_plsym_add(p, name, 'c', line);
        s->reg = c->ncurdecl++;
        return;
    }
    scr_cursor_select(p, 0, cs);
    const scr_table_t *t = &p->script->tables[cs->table];
    cs->cur = c->b->ncursors++;
    cs->id = c->b->nnums++;
    cs->found = c->b->nnums++;
    cs->count = c->b->nnums++;
    cs->lob = c->b->nvals;
    c->b->nvals += scr_lob_slot(t, (int)t->ncols);
    sym_t *s = scr_plsym_add(p, name, 'c', line);
    s->reg = c->ncurdecl++;
}

/* nums[reg] := v (v < 0: null) */
static void set_num(scr_parser_t *p, uint32_t reg, int64_t v, uint32_t line)
{
    scr_expr_t *x = scr_expr_node(p, v < 0 ? SCR_E_NULL : SCR_E_NUMBER,
                                  v < 0 ? SCR_T_NULL : SCR_T_NUMBER, line);
    x->num = v;
    uint32_t o = scr_pl_emit(p, SCR_PL_NUM, line);
    scr_pl_op(p, o)->a = reg;
    scr_pl_op(p, o)->x = x;
}

/* The declared cursor named next: its record. */
static scr_cursor_t *named(scr_parser_t *p, const char *what)
{
    char name[SCR_NAME_MAX + 1];
    uint32_t line = scr_peek(p)->line;
    scr_expect_name(p, name, what);
    sym_t *s = scr_plsym_declared(p, name, line);
    if (s->kind != 'c')
        scr_fail_at(p, line, "PLS-00201: identifier '%s' must be declared", name);
    if (p->plc->curdecl[s->reg].vq)
        scr_fail_at(p, line,
                    "OPEN, FETCH and CLOSE of cursor %s over a view not modelled (a FOR loop "
                    "over it runs)",
                    name);
    return &p->plc->curdecl[s->reg];
}

/* OPEN C; FETCH C INTO V[, V...]; CLOSE C; (the keyword next): 1, or 0
 * when the statement is none of them. */
int scr_cursor_statement(scr_parser_t *p, uint32_t line)
{
    if (scr_accept_kw(p, "OPEN")) {
        scr_cursor_t *cs = named(p, "a cursor");
        if (scr_is_kw(p, "FOR"))
            scr_fail(p, "OPEN ... FOR (a cursor variable) not supported");
        scr_expect_sym(p, ";");
        uint32_t o = scr_pl_emit(p, SCR_PL_OPEN, line);
        scr_pl_op(p, o)->b = cs->cur;
        scr_pl_op(p, o)->table = cs->table;
        scr_pl_op(p, o)->cond = cs->cond;
        scr_pl_op(p, o)->c = (uint32_t)cs->order;
        set_num(p, cs->found, -1, line);
        set_num(p, cs->count, 0, line);
        return 1;
    }
    if (scr_accept_kw(p, "CLOSE")) {
        (void)named(p, "a cursor");
        scr_expect_sym(p, ";");
        return 1;
    }
    if (!scr_accept_kw(p, "FETCH"))
        return 0;
    scr_cursor_t *cs = named(p, "a cursor");
    if (scr_is_kw(p, "BULK"))
        scr_fail(p, "FETCH ... BULK COLLECT not supported");
    scr_expect_kw(p, "INTO");
    const scr_table_t *t = &p->script->tables[cs->table];
    sym_t into[SCR_CURSOR_COLS];
    uint32_t n = 0;
    do {
        char vn[SCR_NAME_MAX + 1];
        uint32_t vline = scr_peek(p)->line;
        scr_expect_name(p, vn, "a variable");
        sym_t *v = scr_plsym_declared(p, vn, vline);
        if (v->constant || !scr_plsym_is_var(v) || v->boolean)
            scr_fail_at(p, vline, "PLS-00403: expression '%s' cannot be used as an INTO-target",
                        vn);
        if (n == SCR_CURSOR_COLS || n == cs->ncols)
            scr_fail_at(p, vline,
                        "PLS-00394: wrong number of values in the INTO list of a "
                        "FETCH statement");
        into[n++] = *v;
    } while (scr_accept_sym(p, ","));
    scr_expect_sym(p, ";");
    if (n != cs->ncols)
        scr_fail_at(p, line,
                    "PLS-00394: wrong number of values in the INTO list of a FETCH "
                    "statement");
    uint32_t fetch = scr_pl_emit(p, SCR_PL_FETCH, line);
    scr_pl_op(p, fetch)->a = cs->id;
    scr_pl_op(p, fetch)->b = cs->cur;
    scr_pl_op(p, fetch)->c = cs->lob;
    scr_pl_op(p, fetch)->table = cs->table;
    /* found: each column into its variable */
    for (uint32_t k = 0; k < n; k++) {
        int c = cs->cols[k];
        scr_expr_t *x;
        if (c == t->id_col) {
            if (into[k].kind != 'n')
                scr_fail_at(p, line,
                            "PLS-00386: type mismatch found at '%s' between FETCH "
                            "cursor and INTO variables",
                            into[k].name);
            x = scr_expr_node(p, SCR_E_NUM, SCR_T_NUMBER, line);
            x->var = cs->id;
        } else if (t->cols[c].type == SCR_COL_CLOB || t->cols[c].type == SCR_COL_BLOB) {
            scr_type_t ty = t->cols[c].type == SCR_COL_BLOB ? SCR_T_BLOB : SCR_T_CLOB;
            if (into[k].kind != 'v' || into[k].type != ty || into[k].vmax)
                scr_fail_at(p, line,
                            "PLS-00386: type mismatch found at '%s' between FETCH "
                            "cursor and INTO variables",
                            into[k].name);
            x = scr_expr_node(p, SCR_E_VAR, ty, line);
            x->var = cs->lob + scr_lob_slot(t, c);
        } else {
            scr_fail_at(p, line,
                        "FETCH of column '%s' not modelled (the id column and the LOB columns "
                        "are)",
                        t->cols[c].name);
        }
        x->row_dependent = 1;
        scr_pl_emit_set(p, &into[k], x, line);
    }
    set_num(p, cs->found, 1, line);
    scr_expr_t *inc = scr_expr_node(p, SCR_E_ADD, SCR_T_NUMBER, line);
    inc->args[0] = scr_expr_node(p, SCR_E_NUM, SCR_T_NUMBER, line);
    inc->args[0]->var = cs->count;
    inc->args[0]->row_dependent = 1;
    inc->args[1] = scr_expr_node(p, SCR_E_NUMBER, SCR_T_NUMBER, line);
    inc->args[1]->num = 1;
    inc->nargs = 2;
    inc->row_dependent = 1;
    uint32_t o = scr_pl_emit(p, SCR_PL_NUM, line);
    scr_pl_op(p, o)->a = cs->count;
    scr_pl_op(p, o)->x = inc;
    uint32_t past = scr_pl_emit(p, SCR_PL_JUMP, line);
    /* none left: %FOUND false, the variables as they were */
    scr_pl_op(p, fetch)->target = scr_pl_here(p);
    set_num(p, cs->found, 0, line);
    scr_pl_op(p, past)->target = scr_pl_here(p);
    return 1;
}
