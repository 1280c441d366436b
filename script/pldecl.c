/*
 * pldecl.c -- a PL/SQL variable's declaration, shared by a block's
 * declarations (plsql.c) and a procedure's parameters (plproc.c): its
 * type (PL/SQL Language Reference, "PL/SQL Data Types"; %TYPE), the
 * assignments PL/SQL refuses, the operation that sets it, and the block's
 * record of its variables.
 */
#include <stdio.h>
#include <string.h>

#include "plsql_int.h"

/* `name%TYPE` of a variable, or `table.column%TYPE`: its type in *s. */
static void type_of(scr_parser_t *p, sym_t *s, uint32_t line)
{
    char a[SCR_NAME_MAX + 1], b[SCR_NAME_MAX + 1] = "";
    scr_expect_name(p, a, "a type");
    if (scr_accept_sym(p, "."))
        scr_expect_name(p, b, "a column");
    scr_expect_sym(p, "%");
    scr_expect_kw(p, "TYPE");
    if (!b[0]) {
        sym_t *o = scr_plsym_find(p, a);
        if (o == NULL || !scr_plsym_is_var(o))
            scr_fail_at(p, line, "PLS-00201: identifier '%s' must be declared", a);
        s->kind = o->kind;
        s->type = o->type;
        s->vmax = o->vmax;
        return;
    }
    int t = scr_table_resolve(p, a, line);
    int c = scr_column_resolve(p, t, b, line);
    const scr_column_t *col = &p->script->tables[t].cols[c];
    switch (col->type) {
    case SCR_COL_NUMBER:
        s->kind = 'n';
        s->type = SCR_T_NUMBER;
        break;
    case SCR_COL_VARCHAR:
        s->type = SCR_T_VARCHAR;
        s->vmax = col->varchar_len;
        break;
    case SCR_COL_CLOB:
        s->type = SCR_T_CLOB;
        break;
    case SCR_COL_BLOB:
        s->type = SCR_T_BLOB;
        break;
    case SCR_COL_DATE:
        scr_fail_at(p, line, "a DATE variable not supported");
    }
}

void scr_pl_var_type(scr_parser_t *p, sym_t *s, uint32_t line, int param)
{
    s->kind = 'v';
    if (scr_accept_kw(p, "CLOB")) {
        s->type = SCR_T_CLOB;
    } else if (scr_accept_kw(p, "BLOB")) {
        s->type = SCR_T_BLOB;
    } else if (scr_accept_kw(p, "NUMBER") || scr_accept_kw(p, "INTEGER") ||
               scr_accept_kw(p, "PLS_INTEGER") || scr_accept_kw(p, "BINARY_INTEGER") ||
               scr_accept_kw(p, "SIMPLE_INTEGER") || scr_accept_kw(p, "NATURAL") ||
               scr_accept_kw(p, "POSITIVE")) {
        s->kind = 'n';
        s->type = SCR_T_NUMBER;
        if (!param && scr_accept_sym(p, "(")) {
            (void)scr_expect_uint(p, 1, 38, 0, "precision");
            if (scr_accept_sym(p, ","))
                (void)scr_expect_uint(p, 0, 127, 0, "scale");
            scr_expect_sym(p, ")");
        }
    } else if (scr_accept_kw(p, "VARCHAR2") || scr_accept_kw(p, "VARCHAR") ||
               scr_accept_kw(p, "RAW")) {
        int raw = strcmp(p->toks[p->i - 1].text, "RAW") == 0;
        s->type = raw ? SCR_T_BLOB : SCR_T_VARCHAR;
        if (param && !scr_is_sym(p, "(")) {
            /* a parameter's type has no length: the actual's, at most
             * PL/SQL's limit ("Formal Parameter Declaration") */
            s->vmax = SCR_PLSQL_VARCHAR_MAX;
            return;
        }
        scr_expect_sym(p, "(");
        s->vmax = (uint32_t)scr_expect_uint(p, 1, SCR_PLSQL_VARCHAR_MAX, 0,
                                            raw ? "raw length" : "varchar2 length");
        if (!raw && !scr_accept_kw(p, "BYTE"))
            scr_accept_kw(p, "CHAR");
        scr_expect_sym(p, ")");
    } else if (scr_accept_kw(p, "BOOLEAN")) {
        /* PL/SQL's BOOLEAN: TRUE, FALSE or NULL, in a number register */
        s->kind = 'n';
        s->type = SCR_T_NUMBER;
        s->boolean = 1;
    } else if (scr_accept_kw(p, "LONG")) {
        /* PL/SQL's LONG: a VARCHAR2 of at most 32,760 bytes ("LONG and
         * LONG RAW Data Types") */
        s->type = SCR_T_VARCHAR;
        s->vmax = 32760;
    } else if ((p->toks[p->i].kind == SCR_TOK_IDENT || p->toks[p->i].kind == SCR_TOK_QIDENT) &&
               (strcmp(scr_peek_at(p, 1)->text, "%") == 0 ||
                (strcmp(scr_peek_at(p, 1)->text, ".") == 0 &&
                 strcmp(scr_peek_at(p, 3)->text, "%") == 0))) {
        type_of(p, s, line);
    } else {
        scr_unexpected(p, "a variable type (NUMBER, INTEGER, PLS_INTEGER, VARCHAR2(N), LONG, "
                          "RAW(N), CLOB, BLOB, BOOLEAN, T.C%TYPE)");
    }
}

/* An assignment of e to s: the types PL/SQL refuses, refused. */
void scr_pl_check_assign(scr_parser_t *p, const sym_t *s, const scr_expr_t *e)
{
    if (s->kind == 'n') {
        if (e->type != SCR_T_NUMBER && e->type != SCR_T_NULL)
            scr_fail_at(p, e->line, "PLS-00382: expression is of wrong type");
        return;
    }
    if (s->type == SCR_T_BLOB && e->type != SCR_T_BLOB && e->type != SCR_T_NULL)
        scr_fail_at(p, e->line, "PLS-00382: expression is of wrong type");
    if (s->type != SCR_T_BLOB && e->type == SCR_T_BLOB)
        scr_fail_at(p, e->line, "PLS-00382: expression is of wrong type");
    if (s->type == SCR_T_VARCHAR && e->type == SCR_T_CLOB)
        scr_fail_at(p, e->line, "a CLOB into a VARCHAR2 variable not supported");
    if (s->vmax && e->static_len > (int64_t)s->vmax)
        scr_fail_at(p, e->line,
                    "ORA-06502: PL/SQL: numeric or value error: character "
                    "string buffer too small (%lld bytes into VARCHAR2(%u))",
                    (long long)e->static_len, s->vmax);
}

/* A BOOLEAN's value: nums[s] := the condition at p->i. */
void scr_pl_emit_bool(scr_parser_t *p, const sym_t *s, uint32_t line)
{
    if (scr_is_kw(p, "NULL") && strcmp(scr_peek_at(p, 1)->text, ";") == 0) {
        scr_expr_t *x = scr_expr_node(p, SCR_E_NULL, SCR_T_NULL, line);
        p->i++;
        scr_pl_emit_set(p, s, x, line); /* nums[s] := null */
        return;
    }
    const scr_pred_t *cond = scr_parse_cond(p, -1, 1, NULL);
    uint32_t o = scr_pl_emit(p, SCR_PL_BOOL, line);
    scr_pl_op(p, o)->a = s->reg;
    scr_pl_op(p, o)->cond = cond;
}

/* vals[s] or nums[s] := e */
void scr_pl_emit_set(scr_parser_t *p, const sym_t *s, const scr_expr_t *e, uint32_t line)
{
    uint32_t o = scr_pl_emit(p, s->kind == 'n' ? SCR_PL_NUM : SCR_PL_SET, line);
    scr_pl_op(p, o)->a = s->reg;
    scr_pl_op(p, o)->c = s->vmax;
    scr_pl_op(p, o)->x = e;
}

/* Whether name is assigned anywhere after token `from` (`name :=`). */
int scr_pl_assigned(const scr_parser_t *p, const char *name, uint32_t from)
{
    for (uint32_t k = from; k + 1 < p->ntoks; k++)
        if (p->toks[k].kind == SCR_TOK_IDENT && strcmp(p->toks[k].text, name) == 0 &&
            p->toks[k + 1].kind == SCR_TOK_SYM && strcmp(p->toks[k + 1].text, ":=") == 0)
            return 1;
    return 0;
}

void scr_pl_record_var(scr_parser_t *p, const sym_t *s, scr_expr_t *init)
{
    scr_block_t *b = p->plc->b;
    uint32_t n = b->nvars;
    char(*names)[SCR_NAME_MAX + 1] = scr_arena_alloc(p->arena, (n + 1) * sizeof *names);
    scr_expr_t **vars = scr_arena_alloc(p->arena, (n + 1) * sizeof *vars);
    scr_type_t *types = scr_arena_alloc(p->arena, (n + 1) * sizeof *types);
    if (n) {
        memcpy(names, b->var_names, n * sizeof *names);
        memcpy(vars, b->vars, n * sizeof *vars);
        memcpy(types, b->var_types, n * sizeof *types);
    }
    snprintf(names[n], sizeof names[n], "%s", s->name);
    vars[n] = init;
    types[n] = s->type;
    b->var_names = names;
    b->vars = vars;
    b->var_types = types;
    b->nvars = n + 1;
}
