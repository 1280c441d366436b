/*
 * pred.c -- where clauses and PL/SQL conditions: boolean expressions over
 * a row's columns, a block's registers and literals, under SQL's
 * three-valued logic.
 *
 * Grammar (SQL Language Reference, "Conditions": comparison, range,
 * membership, null, pattern-matching and logical conditions; PL/SQL
 * Language Reference, "BOOLEAN Expressions"):
 *
 *     cond := cond OR cond | cond AND cond | NOT cond | ( cond )
 *           | TRUE | FALSE
 *           | expr op expr                    op: = <> != ^= < <= > >=
 *           | expr [NOT] BETWEEN expr AND expr
 *           | expr [NOT] IN (expr, ...)
 *           | expr IS [NOT] NULL
 *           | expr [NOT] LIKE expr            % and _, no ESCAPE
 *
 * A comparison of literals with the id column (or mod(id, K)) folds into
 * the fast forms SCR_P_CMP, SCR_P_BETWEEN, SCR_P_MOD that scr_pred_match()
 * tests on the id alone; everything else is a tree scr_pred_eval() walks.
 * A comparison with a null is unknown (-1); NOT unknown is unknown; AND
 * and OR follow Kleene's tables ("Nulls in Conditions").
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "script_int.h"

static scr_pred_t *pnode(scr_parser_t *p, scr_pred_kind_t k)
{
    scr_pred_t *n = scr_arena_alloc(p->arena, sizeof *n);
    n->kind = k;
    return n;
}

static int cmp_op(scr_parser_t *p, scr_op_t *op)
{
    static const struct {
        const char *s;
        scr_op_t op;
    } ops[] = {{"=", SCR_OP_EQ}, {"<>", SCR_OP_NE}, {"!=", SCR_OP_NE}, {"^=", SCR_OP_NE},
               {"<", SCR_OP_LT}, {"<=", SCR_OP_LE}, {">", SCR_OP_GT},  {">=", SCR_OP_GE}};
    for (size_t i = 0; i < sizeof ops / sizeof ops[0]; i++)
        if (scr_accept_sym(p, ops[i].s)) {
            *op = ops[i].op;
            return 1;
        }
    return 0;
}

scr_op_t scr_op_flip(scr_op_t op)
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

static scr_pred_t *negate(scr_parser_t *p, scr_pred_t *n)
{
    scr_pred_t *no = pnode(p, SCR_P_NOT);
    no->l = n;
    return no;
}

/* Whether e reads the row (its id or a column): else it is a value of
 * the block's registers and literals only. */
static int reads_row(const scr_expr_t *e)
{
    if (e->kind == SCR_E_ID || e->kind == SCR_E_COLUMN || e->kind == SCR_E_ROWNUM)
        return 1;
    for (uint32_t i = 0; i < e->nargs; i++)
        if (reads_row(e->args[i]))
            return 1;
    return 0;
}

/* The fast form of `x op y` when it is one: the id (or mod(id, K)) against
 * a number literal. */
static scr_pred_t *fast(scr_parser_t *p, const scr_expr_t *x, scr_op_t op, const scr_expr_t *y)
{
    if (x->kind == SCR_E_NUMBER && y->kind != SCR_E_NUMBER) {
        const scr_expr_t *t = x;
        x = y;
        y = t;
        op = scr_op_flip(op);
    }
    if (y->kind != SCR_E_NUMBER)
        return NULL;
    if (x->kind == SCR_E_ID) {
        scr_pred_t *n = pnode(p, SCR_P_CMP);
        n->op = op;
        n->a = y->num;
        return n;
    }
    if (x->kind == SCR_E_MOD && x->args[0]->kind == SCR_E_ID && x->args[1]->kind == SCR_E_NUMBER) {
        scr_pred_t *n = pnode(p, SCR_P_MOD);
        n->op = op;
        n->a = x->args[1]->num;
        n->b = y->num;
        return n;
    }
    return NULL;
}

static int is_lob(const scr_expr_t *e)
{
    return e->type == SCR_T_CLOB || e->type == SCR_T_BLOB;
}

/* Two operands Oracle compares: both numbers, or both text; a LOB not in
 * SQL (ORA-00932), a number with text not in the model. */
static void comparable(scr_parser_t *p, const scr_expr_t *x, const scr_expr_t *y, int plsql)
{
    const scr_expr_t *e[2] = {x, y};
    for (int i = 0; i < 2; i++)
        if (is_lob(e[i]) && !plsql)
            scr_fail_at(p, e[i]->line, "ORA-00932: inconsistent datatypes: expected - got %s",
                        e[i]->type == SCR_T_BLOB ? "BLOB" : "CLOB");
    if (x->type == SCR_T_NULL || y->type == SCR_T_NULL)
        return;
    if ((x->type == SCR_T_NUMBER) != (y->type == SCR_T_NUMBER))
        scr_fail_at(p, y->line,
                    "a comparison of a number with text not supported (Oracle's implicit "
                    "conversion is not modelled: compare numbers with numbers)");
}

static scr_pred_t *expr_cmp(scr_parser_t *p, const scr_expr_t *x, scr_op_t op, const scr_expr_t *y,
                            int plsql)
{
    comparable(p, x, y, plsql);
    scr_pred_t *n = fast(p, x, op, y);
    if (n)
        return n;
    n = pnode(p, SCR_P_EXPR);
    n->op = op;
    n->x = x;
    n->y = y;
    return n;
}

/* Whether the '(' at the current token opens an expression rather than a
 * condition: what follows its ')' continues an expression or compares. */
static int paren_expr(const scr_parser_t *p)
{
    int depth = 0;
    for (uint32_t k = p->i; k < p->ntoks; k++) {
        const scr_tok_t *t = &p->toks[k];
        if (t->kind == SCR_TOK_EOF)
            return 0;
        if (t->kind != SCR_TOK_SYM)
            continue;
        if (strcmp(t->text, "(") == 0)
            depth++;
        else if (strcmp(t->text, ")") == 0 && --depth == 0) {
            const scr_tok_t *u = &p->toks[k + 1];
            static const char *const cont[] = {"=",  "<>", "!=", "^=", "<", "<=", ">",
                                               ">=", "+",  "-",  "*",  "/", "||"};
            if (u->kind == SCR_TOK_SYM)
                for (size_t i = 0; i < sizeof cont / sizeof cont[0]; i++)
                    if (strcmp(u->text, cont[i]) == 0)
                        return 1;
            return u->kind == SCR_TOK_IDENT &&
                   (strcmp(u->text, "BETWEEN") == 0 || strcmp(u->text, "IN") == 0 ||
                    strcmp(u->text, "LIKE") == 0 || strcmp(u->text, "IS") == 0 ||
                    (strcmp(u->text, "NOT") == 0 && k + 2 < p->ntoks &&
                     (strcmp(p->toks[k + 2].text, "BETWEEN") == 0 ||
                      strcmp(p->toks[k + 2].text, "IN") == 0 ||
                      strcmp(p->toks[k + 2].text, "LIKE") == 0)));
        }
    }
    return 0;
}

typedef struct {
    int table, plsql, depth;
    int64_t *rownum_max;
} ctx_t;

static scr_pred_t *cond_or(scr_parser_t *p, ctx_t c);

/* nums[reg] = v: a BOOLEAN variable's or a cursor's %FOUND register
 * tested (unknown while it is null). */
static scr_pred_t *register_is(scr_parser_t *p, uint32_t reg, int64_t v, uint32_t line, int plsql)
{
    scr_expr_t *x = scr_expr_node(p, SCR_E_NUM, SCR_T_NUMBER, line);
    x->var = reg;
    x->row_dependent = 1;
    scr_expr_t *k = scr_expr_node(p, SCR_E_NUMBER, SCR_T_NUMBER, line);
    k->num = v;
    k->static_len = 1;
    return expr_cmp(p, x, SCR_OP_EQ, k, plsql);
}

static scr_pred_t *atom(scr_parser_t *p, ctx_t c)
{
    if (scr_accept_kw(p, "NOT")) {
        c.depth++;
        c.rownum_max = NULL;
        return negate(p, atom(p, c));
    }
    if (scr_is_sym(p, "(") && !paren_expr(p)) {
        p->i++;
        c.depth++;
        scr_pred_t *n = cond_or(p, c);
        scr_expect_sym(p, ")");
        return n;
    }
    if (c.plsql && (scr_is_kw(p, "TRUE") || scr_is_kw(p, "FALSE")))
        return pnode(p, scr_take(p)->text[0] == 'T' ? SCR_P_TRUE : SCR_P_FALSE);
    uint32_t breg;
    if (c.plsql && scr_peek(p)->kind == SCR_TOK_IDENT && scr_peek_at(p, 1)->kind == SCR_TOK_SYM &&
        strcmp(scr_peek_at(p, 1)->text, "%") == 0 &&
        scr_plsym_cursor_found(p, scr_peek(p)->text, scr_peek_at(p, 2)->text, &breg)) {
        /* C%FOUND: true after a fetch that found a row; C%NOTFOUND: after
         * one that did not; both unknown before the first */
        uint32_t line = scr_take(p)->line;
        p->i++;
        int notfound = strcmp(scr_take(p)->text, "NOTFOUND") == 0;
        return register_is(p, breg, notfound ? 0 : 1, line, c.plsql);
    }
    if (c.plsql && scr_peek(p)->kind == SCR_TOK_IDENT &&
        scr_plsym_boolean(p, scr_peek(p)->text, &breg) &&
        strcmp(scr_peek_at(p, 1)->text, "=") != 0 && strcmp(scr_peek_at(p, 1)->text, "IS") != 0) {
        /* a BOOLEAN variable: true when it holds 1, unknown when null */
        uint32_t line = scr_take(p)->line;
        return register_is(p, breg, 1, line, c.plsql);
    }
    if (c.table >= 0 && scr_is_kw(p, "ROWNUM")) {
        uint32_t line = scr_take(p)->line;
        scr_op_t op;
        if (c.depth != 0 || !c.rownum_max || !cmp_op(p, &op) ||
            (op != SCR_OP_LE && op != SCR_OP_LT && op != SCR_OP_EQ))
            scr_fail_at(p, line,
                        "rownum only as 'and rownum <= N' (or = 1) at the top of the where clause");
        int neg = scr_accept_sym(p, "-");
        int64_t v = (int64_t)scr_expect_uint(p, 0, INT64_MAX, 0, "rownum limit");
        if (neg)
            v = -v;
        /* rownum = 1: the first row; = N past 1 is never true (the first
         * row a where would keep is rownum 1: SQL Language Reference,
         * ROWNUM) */
        *c.rownum_max = op == SCR_OP_EQ ? (v == 1) : op == SCR_OP_LT ? v - 1 : v;
        if (*c.rownum_max < 0)
            *c.rownum_max = 0;
        return pnode(p, SCR_P_TRUE);
    }
    const scr_expr_t *x = scr_parse_expr(p, c.table, c.plsql);
    if (scr_accept_kw(p, "IS")) {
        int neg = scr_accept_kw(p, "NOT");
        scr_expect_kw(p, "NULL");
        scr_pred_t *n = pnode(p, SCR_P_NULL);
        n->x = x;
        return neg ? negate(p, n) : n;
    }
    int neg = scr_accept_kw(p, "NOT");
    if (scr_accept_kw(p, "BETWEEN")) {
        const scr_expr_t *lo = scr_parse_expr(p, c.table, c.plsql);
        scr_expect_kw(p, "AND");
        const scr_expr_t *hi = scr_parse_expr(p, c.table, c.plsql);
        comparable(p, x, lo, c.plsql);
        comparable(p, x, hi, c.plsql);
        scr_pred_t *n;
        if (x->kind == SCR_E_ID && lo->kind == SCR_E_NUMBER && hi->kind == SCR_E_NUMBER) {
            n = pnode(p, SCR_P_BETWEEN);
            n->a = lo->num;
            n->b = hi->num;
        } else {
            n = pnode(p, SCR_P_XBETWEEN);
            n->x = x;
            n->y = lo;
            n->z = hi;
        }
        return neg ? negate(p, n) : n;
    }
    if (scr_accept_kw(p, "IN")) {
        scr_expect_sym(p, "(");
        scr_pred_t *acc = NULL;
        do {
            scr_pred_t *n = expr_cmp(p, x, SCR_OP_EQ, scr_parse_expr(p, c.table, c.plsql), c.plsql);
            if (acc) {
                scr_pred_t *o = pnode(p, SCR_P_OR);
                o->l = acc;
                o->r = n;
                acc = o;
            } else {
                acc = n;
            }
        } while (scr_accept_sym(p, ","));
        scr_expect_sym(p, ")");
        return neg ? negate(p, acc) : acc;
    }
    if (scr_accept_kw(p, "LIKE")) {
        const scr_expr_t *y = scr_parse_expr(p, c.table, c.plsql);
        if (x->type == SCR_T_NUMBER || x->type == SCR_T_BLOB || y->type == SCR_T_NUMBER ||
            y->type == SCR_T_BLOB)
            scr_fail_at(p, y->line,
                        "LIKE needs text on both sides here (numbers and BLOBs "
                        "are not modelled)");
        if (scr_is_kw(p, "ESCAPE"))
            scr_fail(p, "LIKE ... ESCAPE not supported");
        scr_pred_t *n = pnode(p, SCR_P_LIKE);
        n->x = x;
        n->y = y;
        return neg ? negate(p, n) : n;
    }
    if (neg)
        scr_unexpected(p, "BETWEEN, IN or LIKE");
    scr_op_t op;
    if (!cmp_op(p, &op))
        scr_unexpected(p, "a comparison (=, <>, <, <=, >, >=, between, in, like, is null)");
    return expr_cmp(p, x, op, scr_parse_expr(p, c.table, c.plsql), c.plsql);
}

static scr_pred_t *cond_and(scr_parser_t *p, ctx_t c)
{
    scr_pred_t *l = atom(p, c);
    while (scr_accept_kw(p, "AND")) {
        scr_pred_t *n = pnode(p, SCR_P_AND);
        n->l = l;
        n->r = atom(p, c);
        l = n;
    }
    return l;
}

static scr_pred_t *cond_or(scr_parser_t *p, ctx_t c)
{
    scr_pred_t *l = cond_and(p, c);
    while (scr_is_kw(p, "OR")) {
        p->i++;
        scr_pred_t *n = pnode(p, SCR_P_OR);
        n->l = l;
        n->r = cond_and(p, c);
        l = n;
    }
    return l;
}

/* Whether the rownum atom (SCR_P_TRUE) is a conjunct of the whole clause. */
static int top_conjunct(const scr_pred_t *n)
{
    if (n->kind == SCR_P_TRUE)
        return 1;
    return n->kind == SCR_P_AND && (top_conjunct(n->l) || top_conjunct(n->r));
}

scr_pred_t *scr_parse_cond(scr_parser_t *p, int table, int plsql, int64_t *rownum_max)
{
    uint32_t line = scr_peek(p)->line;
    ctx_t c = {table, plsql, 0, rownum_max};
    scr_pred_t *n = cond_or(p, c);
    if (rownum_max && *rownum_max >= 0 && !top_conjunct(n))
        scr_fail_at(p, line, "rownum only as 'and rownum <= N' at the top of the where clause");
    return n;
}

scr_pred_t *scr_parse_pred(scr_parser_t *p, int table, int64_t *rownum_max)
{
    return scr_parse_cond(p, table, 0, rownum_max);
}

const scr_expr_t *scr_pred_key(const scr_pred_t *p)
{
    if (p == NULL || p->kind != SCR_P_EXPR || p->op != SCR_OP_EQ)
        return NULL;
    if (p->x->kind == SCR_E_ID && p->y->type == SCR_T_NUMBER && !reads_row(p->y))
        return p->y;
    if (p->y->kind == SCR_E_ID && p->x->type == SCR_T_NUMBER && !reads_row(p->x))
        return p->x;
    return NULL;
}

/* ---- evaluation -------------------------------------------------------- */

static int compare(scr_op_t op, int c)
{
    switch (op) {
    case SCR_OP_EQ:
        return c == 0;
    case SCR_OP_NE:
        return c != 0;
    case SCR_OP_LT:
        return c < 0;
    case SCR_OP_LE:
        return c <= 0;
    case SCR_OP_GT:
        return c > 0;
    case SCR_OP_GE:
        return c >= 0;
    }
    return 0;
}

static int cmp64(int64_t a, int64_t b)
{
    return (a > b) - (a < b);
}

int scr_pred_match(const scr_pred_t *p, int64_t id)
{
    if (!p)
        return 1;
    switch (p->kind) {
    case SCR_P_TRUE:
        return 1;
    case SCR_P_CMP:
        return compare(p->op, cmp64(id, p->a));
    case SCR_P_MOD: {
        /* Oracle's MOD takes the sign of m (m - n * TRUNC(m / n), not the
         * classical FLOOR), and MOD(m, 0) is m (SQL Language Reference,
         * MOD): C's % on the nonzero divisors. */
        int64_t v = p->a == 0 ? id : p->a == -1 ? 0 : id % p->a;
        return compare(p->op, cmp64(v, p->b));
    }
    case SCR_P_BETWEEN:
        return id >= p->a && id <= p->b;
    case SCR_P_AND:
        return scr_pred_match(p->l, id) && scr_pred_match(p->r, id);
    case SCR_P_OR:
        return scr_pred_match(p->l, id) || scr_pred_match(p->r, id);
    case SCR_P_NOT:
        return !scr_pred_match(p->l, id);
    default:
        return 0; /* not a fast form: scr_pred_eval() */
    }
}

/* A value's characters, whole, into a new buffer (*n of them), by
 * scr_value_text(): text stored as UCS-2 (a CLOB's or a VARCHAR2's under
 * AL32UTF8) gives back one byte a character.  NULL when out of memory. */
static char *text_of(scr_values_t *vs, scr_val_t v, uint64_t *n)
{
    uint64_t chars = scr_value_info(vs, v).chars;
    char *buf = sim_malloc(chars + 1);
    if (buf == NULL)
        return NULL;
    *n = scr_value_text(vs, v, buf, chars + 1);
    return buf;
}

/* SQL's LIKE: % any run of characters, _ one (SQL Language Reference,
 * "Pattern-matching Conditions"), by the two-pointer method with one
 * backtrack point. */
static int like(const char *s, uint64_t n, const char *pat, uint64_t m)
{
    uint64_t i = 0, j = 0, star = UINT64_MAX, mark = 0;
    while (i < n) {
        if (j < m && (pat[j] == '_' || pat[j] == s[i])) {
            i++;
            j++;
        } else if (j < m && pat[j] == '%') {
            star = j++;
            mark = i;
        } else if (star != UINT64_MAX) {
            j = star + 1;
            i = ++mark;
        } else {
            return 0;
        }
    }
    while (j < m && pat[j] == '%')
        j++;
    return j == m;
}

/* Two text values compared, as VARCHAR2's nonpadded comparison does
 * (SQL Language Reference, "Data Type Comparison Rules"): -1, 0, 1, or
 * -2 out of memory. */
static int text_cmp(scr_values_t *vs, scr_val_t a, scr_val_t b)
{
    scr_value_info_t ia = scr_value_info(vs, a), ib = scr_value_info(vs, b);
    if (ia.chars == ib.chars && ia.hash == ib.hash)
        return 0;
    uint64_t na, nb;
    char *sa = text_of(vs, a, &na), *sb = text_of(vs, b, &nb);
    int c = -2;
    if (sa && sb) {
        uint64_t k = na < nb ? na : nb;
        int m = k ? memcmp(sa, sb, k) : 0;
        c = m ? (m > 0) - (m < 0) : cmp64((int64_t)na, (int64_t)nb);
    }
    sim_free(sa);
    sim_free(sb);
    return c;
}

typedef struct {
    scr_values_t *vs;
    const scr_row_t *row;
    char *err;
    size_t errlen;
} ectx_t;

/* A text value of e: 0 and *v (a reference the caller releases), -2. */
static int value(ectx_t *c, const scr_expr_t *e, scr_val_t *v)
{
    sim_err_t rc = scr_eval(c->vs, e, c->row, v, c->err, c->errlen);
    return rc == SIM_OK ? 0 : -2;
}

/* x op y: 1, 0, -1 unknown, -2 failed. */
static int eval_cmp(ectx_t *c, const scr_expr_t *x, scr_op_t op, const scr_expr_t *y)
{
    if (x->type == SCR_T_NULL || y->type == SCR_T_NULL)
        return -1;
    if (x->type == SCR_T_NUMBER) {
        int64_t a, b;
        if (scr_eval_int(c->vs, x, c->row, &a) != 0 || scr_eval_int(c->vs, y, c->row, &b) != 0)
            return -1;
        return compare(op, cmp64(a, b));
    }
    scr_val_t a, b;
    if (value(c, x, &a) != 0)
        return -2;
    if (value(c, y, &b) != 0) {
        scr_value_release(c->vs, a);
        return -2;
    }
    int r = -1;
    if (a != SCR_VAL_NULL && b != SCR_VAL_NULL) {
        int k = text_cmp(c->vs, a, b);
        r = k == -2 ? -2 : compare(op, k);
    }
    scr_value_release(c->vs, a);
    scr_value_release(c->vs, b);
    if (r == -2 && c->err && c->errlen)
        snprintf(c->err, c->errlen, "%u: out of memory", x->line);
    return r;
}

static int kleene_and(int a, int b)
{
    if (a == 0 || b == 0)
        return 0;
    return a == 1 && b == 1 ? 1 : -1;
}

static int eval(ectx_t *c, const scr_pred_t *p)
{
    int a, b;
    switch (p->kind) {
    case SCR_P_TRUE:
        return 1;
    case SCR_P_FALSE:
        return 0;
    case SCR_P_CMP:
    case SCR_P_MOD:
    case SCR_P_BETWEEN:
        return scr_pred_match(p, c->row ? c->row->id : 0);
    case SCR_P_AND:
        a = eval(c, p->l);
        if (a == 0 || a == -2)
            return a;
        b = eval(c, p->r);
        return b == -2 ? b : kleene_and(a, b);
    case SCR_P_OR:
        a = eval(c, p->l);
        if (a == 1 || a == -2)
            return a;
        b = eval(c, p->r);
        if (b == -2 || b == 1)
            return b;
        return a == 0 && b == 0 ? 0 : -1;
    case SCR_P_NOT:
        a = eval(c, p->l);
        return a < 0 ? a : !a;
    case SCR_P_EXPR:
        return eval_cmp(c, p->x, p->op, p->y);
    case SCR_P_XBETWEEN:
        a = eval_cmp(c, p->x, SCR_OP_GE, p->y);
        if (a == 0 || a == -2)
            return a;
        b = eval_cmp(c, p->x, SCR_OP_LE, p->z);
        return b == -2 ? b : kleene_and(a, b);
    case SCR_P_NULL: {
        if (p->x->type == SCR_T_NUMBER) {
            int64_t v;
            return scr_eval_int(c->vs, p->x, c->row, &v) != 0;
        }
        scr_val_t v;
        if (value(c, p->x, &v) != 0)
            return -2;
        scr_value_release(c->vs, v);
        return v == SCR_VAL_NULL;
    }
    case SCR_P_LIKE: {
        scr_val_t v, w;
        if (value(c, p->x, &v) != 0)
            return -2;
        if (value(c, p->y, &w) != 0) {
            scr_value_release(c->vs, v);
            return -2;
        }
        int r = -1;
        if (v != SCR_VAL_NULL && w != SCR_VAL_NULL) {
            uint64_t n, m;
            char *s = text_of(c->vs, v, &n), *pat = text_of(c->vs, w, &m);
            r = s && pat ? like(s, n, pat, m) : -2;
            sim_free(s);
            sim_free(pat);
        }
        scr_value_release(c->vs, v);
        scr_value_release(c->vs, w);
        if (r == -2 && c->err && c->errlen)
            snprintf(c->err, c->errlen, "%u: out of memory", p->x->line);
        return r;
    }
    }
    return 0;
}

int scr_pred_eval(scr_values_t *vs, const scr_pred_t *p, const scr_row_t *row, char *err,
                  size_t errlen)
{
    if (p == NULL)
        return 1;
    ectx_t c = {vs, row, err, errlen};
    return eval(&c, p);
}
