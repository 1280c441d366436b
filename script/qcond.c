/*
 * qcond.c -- the where of a query over the views the model fills
 * (query.c): and-ed terms, each a condition or a parenthesised group of
 * conditions or-ed, as Tom Kyte's show_space writes its dynamic query
 * (`(:p_partition is null or seg.partition_name = :p_partition)`).
 *
 * A condition compares a column with a value or with another column (a
 * join's `seg.tablespace_name = ts.tablespace_name`), tests a column or a
 * value `is [not] null`, or is `col [not] in (...)`, `col [not] like 'p'`.
 * A value is a literal; in PL/SQL (select ... into) a variable or any
 * expression of the block; in execute immediate's text a placeholder
 * `:name`, bound by position to its USING list (PL/SQL Language Reference,
 * EXECUTE IMMEDIATE: "placeholders are associated with bind variables in
 * the USING clause by position, not by name").  Such a value is known
 * when the query runs (scr_qcond_t.val): life_sim evaluates it then.
 * v$mystat's join to v$statname on statistic# is taken and left out.
 */
#include <stdlib.h>
#include <string.h>

#include "script_int.h"

#define MAX_VALS 64

typedef scr_qp_t qp_t;

static scr_qcond_t *new_cond(qp_t *x)
{
    scr_query_t *q = x->q;
    if (q->nconds == SCR_QUERY_CONDS)
        scr_qp_not_modelled(x, "more than 16 conditions");
    scr_qcond_t *c = &q->cond[q->nconds++];
    memset(c, 0, sizeof *c);
    c->col = -1;
    c->col2 = -1;
    return c;
}

static void values(qp_t *x, scr_qcond_t *c)
{
    scr_parser_t *p = x->p;
    c->str = scr_arena_alloc(p->arena, MAX_VALS * sizeof *c->str);
    c->num = scr_arena_alloc(p->arena, MAX_VALS * sizeof *c->num);
    c->val = scr_arena_alloc(p->arena, MAX_VALS * sizeof *c->val);
}

/* A value that is not a column, the next tokens: a literal, a
 * placeholder bound by USING, or (in PL/SQL) an expression of the block. */
static const scr_expr_t *value_expr(qp_t *x, const char **str, int64_t *num)
{
    scr_parser_t *p = x->p;
    const scr_tok_t *t = scr_peek(p);
    *str = NULL;
    *num = 0;
    scr_expr_t *d;
    if (t->kind == SCR_TOK_STRING && (d = scr_define_expr(p, t)) != NULL) {
        p->i++; /* '&v' of a variable a query sets: known when it runs */
        x->q->binds = 1;
        return d;
    }
    if (t->kind == SCR_TOK_STRING || t->kind == SCR_TOK_NUMBER) {
        *str = scr_arena_strndup(p->arena, t->text, t->len);
        *num = t->kind == SCR_TOK_NUMBER ? strtoll(t->text, NULL, 10) : 0;
        p->i++;
        return NULL;
    }
    if (t->kind == SCR_TOK_IDENT && t->text[0] == ':') {
        if (x->binds == NULL)
            scr_qp_not_modelled(x, "a bind variable in a query");
        if (x->nextbind == x->nbinds)
            scr_fail_at(p, t->line, "ORA-01008: not all variables bound");
        p->i++;
        x->q->binds = 1;
        return x->binds[x->nextbind++];
    }
    if (x->plsql) {
        x->q->binds = 1;
        return scr_parse_expr(p, -1, 1);
    }
    scr_qp_not_modelled(x, "a condition on anything but a column or a literal");
}

/* Value k of c: a literal, else an expression known when it runs. */
static void value(qp_t *x, scr_qcond_t *c, uint32_t k)
{
    uint32_t line = scr_peek(x->p)->line;
    int is_string = scr_peek(x->p)->kind == SCR_TOK_STRING;
    c->val[k] = value_expr(x, &c->str[k], &c->num[k]);
    if (c->val[k] == NULL && is_string && c->col >= 0 && x->cols[c->col].number)
        scr_fail_at(x->p, line, "ORA-01722: invalid number");
}

/* [a.]statistic# = [b.]statistic#: v$mystat's join to v$statname,
 * taken (1) and left out of the conditions. */
static int join_condition(scr_parser_t *p)
{
    uint32_t i = p->i, side = 0;
    for (; side < 2; side++) {
        if (p->toks[i].kind == SCR_TOK_IDENT && p->toks[i + 1].kind == SCR_TOK_SYM &&
            strcmp(p->toks[i + 1].text, ".") == 0)
            i += 2;
        if (p->toks[i].kind != SCR_TOK_IDENT || strcmp(p->toks[i].text, "STATISTIC#") != 0)
            return 0;
        i++;
        if (side == 0) {
            if (p->toks[i].kind != SCR_TOK_SYM || strcmp(p->toks[i].text, "=") != 0)
                return 0;
            i++;
        }
    }
    p->i = i;
    return 1;
}

/* The comparison operator next, or -1. */
static int comparison(scr_parser_t *p)
{
    static const char *const ops[] = {"=", "<>", "<", "<=", ">", ">="};
    for (int k = 0; k < 6; k++)
        if (scr_is_sym(p, ops[k]))
            return k;
    return scr_is_sym(p, "!=") || scr_is_sym(p, "^=") ? SCR_OP_NE : -1;
}

/* a OP b read as b OP' a. */
static scr_op_t mirrored(scr_op_t op)
{
    switch (op) {
    case SCR_OP_LT:
        return SCR_OP_GT;
    case SCR_OP_LE:
        return SCR_OP_GE;
    case SCR_OP_GT:
        return SCR_OP_LT;
    case SCR_OP_GE:
        return SCR_OP_LE;
    default:
        return op;
    }
}

static void condition(qp_t *x, uint32_t either)
{
    scr_parser_t *p = x->p;
    if (x->q->view == SCR_V_MYSTAT && join_condition(p)) {
        x->joined = 1;
        return;
    }
    scr_qcond_t *c = new_cond(x);
    c->either = either;
    values(x, c);
    /* the subject: a column, else a value (is null, or value OP column) */
    const scr_tok_t *t = scr_peek(p);
    int literal = t->kind == SCR_TOK_STRING || t->kind == SCR_TOK_NUMBER;
    if (!literal && !(t->kind == SCR_TOK_IDENT && t->text[0] == ':') &&
        (!x->plsql || scr_qp_is_column(x)))
        c->col = scr_qp_column(x, NULL);
    if (c->col < 0) {
        const char *s;
        int64_t n;
        int is_string = t->kind == SCR_TOK_STRING;
        const scr_expr_t *v = value_expr(x, &s, &n);
        if (scr_accept_kw(p, "IS")) {
            c->isnull = 1;
            c->op = scr_accept_kw(p, "NOT") ? SCR_OP_NE : SCR_OP_EQ;
            scr_expect_kw(p, "NULL");
            c->subj = v;
            c->subj_null = v == NULL && is_string && s[0] == '\0'; /* '' is null */
            return;
        }
        int op = comparison(p);
        if (op < 0)
            scr_qp_not_modelled(x, "a condition other than col OP value, value OP col, "
                                   "X is [not] null, in, like");
        p->i++;
        c->col = scr_qp_column(x, NULL);
        c->op = mirrored((scr_op_t)op);
        c->nvals = 1;
        c->str[0] = s;
        c->num[0] = n;
        c->val[0] = v;
        if (v == NULL && is_string && x->cols[c->col].number)
            scr_fail(p, "ORA-01722: invalid number");
        return;
    }
    if (scr_accept_kw(p, "IS")) {
        c->isnull = 1;
        c->op = scr_accept_kw(p, "NOT") ? SCR_OP_NE : SCR_OP_EQ;
        scr_expect_kw(p, "NULL");
        return;
    }
    int neg = scr_accept_kw(p, "NOT");
    c->op = neg ? SCR_OP_NE : SCR_OP_EQ;
    if (scr_accept_kw(p, "IN")) {
        c->in = 1;
        scr_expect_sym(p, "(");
        if (scr_is_kw(p, "SELECT")) {
            /* col in (select one column from the views ...): its rows */
            c->sub = scr_parse_subquery(x);
            if (c->sub->nshown != 1)
                scr_fail(p, "ORA-00913: too many values");
            x->q->binds = 1;
            scr_expect_sym(p, ")");
            return;
        }
        do {
            if (c->nvals == MAX_VALS)
                scr_qp_not_modelled(x, "an in list of more than 64 values");
            value(x, c, c->nvals++);
        } while (scr_accept_sym(p, ","));
        scr_expect_sym(p, ")");
    } else if (scr_accept_kw(p, "LIKE")) {
        c->like = 1;
        c->nvals = 1;
        if (scr_peek(p)->kind != SCR_TOK_STRING)
            scr_qp_not_modelled(x, "like with anything but a string literal");
        value(x, c, 0);
    } else if (neg) {
        scr_unexpected(p, "IN or LIKE");
    } else {
        int op = comparison(p);
        if (op < 0)
            scr_qp_not_modelled(x, "a condition other than =, <>, <, <=, >, >=, in, like, "
                                   "is null");
        p->i++;
        c->op = (scr_op_t)op;
        c->nvals = 1;
        if (scr_is_sym(p, "(") && strcmp(scr_peek_at(p, 1)->text, "SELECT") == 0) {
            /* col = (select ...): IN over its rows, at most one (ORA-01427) */
            if (op != SCR_OP_EQ && op != SCR_OP_NE)
                scr_qp_not_modelled(x, "a scalar subquery with an operator other than = or <>");
            p->i++;
            c->in = 1;
            c->scalar = 1;
            c->sub = scr_parse_subquery(x);
            if (c->sub->nshown != 1)
                scr_fail(p, "ORA-00913: too many values");
            x->q->binds = 1;
            scr_expect_sym(p, ")");
        } else if (scr_qp_is_column(x) && scr_peek(p)->kind != SCR_TOK_STRING) {
            c->col2 = scr_qp_column(x, NULL);
            if (x->cols[c->col].number != x->cols[c->col2].number)
                scr_fail(p, "ORA-01722: invalid number");
        } else {
            value(x, c, 0);
        }
    }
}

void scr_qcond_parse(qp_t *x)
{
    scr_parser_t *p = x->p;
    if (!scr_accept_sym(p, "(")) {
        condition(x, 0);
        return;
    }
    uint32_t group = ++x->either;
    condition(x, group);
    while (scr_accept_kw(p, "OR"))
        condition(x, group);
    if (scr_is_kw(p, "AND"))
        scr_qp_not_modelled(x, "and inside a parenthesised or");
    scr_expect_sym(p, ")");
}
