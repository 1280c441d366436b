/*
 * query.c -- a select the model answers: the dictionary views of a LOB's
 * space (user_segments, user_extents, user_lobs and their dba_ forms) and
 * count(*) / dbms_lob.getlength over a table of the script, with a
 * projection, `where` on the views' columns (and-ed comparisons, `in`,
 * `like`), `sum`, `count(*)`, `group by` one column and `order by` items
 * of the list.  The executor fills the view's rows (life_sim/views.c) and
 * answer.c prints them as SQL*Plus does.
 *
 * A query outside this is not refused: it stays a step that says "not
 * modelled" and why (scr_stmt_t.u.observe.why), never an invented figure.
 * A column the model does not have (dba_extents' FILE_ID and BLOCK_ID: the
 * model does not place segments in datafiles) makes the query not
 * modelled likewise.  What Oracle refuses (a table the script never
 * created: ORA-00942; a column the view does not have: ORA-00904) is the
 * step's Oracle error, as for any statement.
 *
 * Here: the sources (one view, two joined by a comma or an [inner] join
 * ... on, a table), the where (and-ed terms, each a condition or a
 * parenthesised or-group: `(:p_partition is null or seg.partition_name =
 * :p_partition)`, as Tom Kyte's show_space writes it), group by, order by,
 * a subquery of IN or `=`, and the select ... into of PL/SQL and execute
 * immediate over the views.  A condition's value is a literal; in PL/SQL
 * a variable or any expression of the block; in execute immediate's text
 * a placeholder `:name`, bound by position to its USING list (PL/SQL
 * Language Reference, EXECUTE IMMEDIATE: "by position, not by name"):
 * those are known when the query runs (scr_qcond_t.val; life_sim binds
 * them).  The views and their columns: qviews.c; names of columns:
 * qnames.c; the select list and order by keys: qitems.c.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "script_int.h"

typedef scr_qp_t qp_t;

/* ---- where: and-ed terms, each a condition or (c or c ...) ---------- */

static const scr_query_t *subquery(qp_t *x);

#define MAX_VALS 64

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

/* [(] col || col [|| col]... [)]: the columns into cols (at most 4). */
static uint8_t concat_operand(qp_t *x, int16_t *cols)
{
    scr_parser_t *p = x->p;
    int paren = scr_accept_sym(p, "(");
    uint8_t n = 0;
    do {
        if (n == 4)
            scr_qp_not_modelled(x, "a concatenation of more than 4 columns");
        cols[n++] = (int16_t)scr_qp_column(x, NULL);
    } while (scr_accept_sym(p, "||"));
    if (paren)
        scr_expect_sym(p, ")");
    return n;
}

/* Whether the next tokens are a concatenation of columns (`a || b`,
 * `(a || b)`) as one side of a comparison. */
static int is_concat(qp_t *x)
{
    scr_parser_t *p = x->p;
    uint32_t i = p->i;
    int paren = scr_accept_sym(p, "(");
    int yes = scr_qp_is_column(x);
    if (yes) {
        (void)scr_qp_column(x, NULL);
        yes = scr_is_sym(p, "||");
    }
    (void)paren;
    p->i = i;
    return yes;
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
    if (is_concat(x)) {
        /* (l.owner || l.segment_name) = (s.owner || s.segment_name): the
         * joined texts compared (SQL Language Reference, "Concatenation
         * Operator": a null is an empty string there) */
        c->ncat = concat_operand(x, c->cat);
        int op = comparison(p);
        if (op != SCR_OP_EQ && op != SCR_OP_NE)
            scr_qp_not_modelled(x, "a concatenation compared other than by = or <>");
        p->i++;
        c->op = (scr_op_t)op;
        if (!is_concat(x) && !scr_qp_is_column(x))
            scr_qp_not_modelled(x, "a concatenation compared with anything but columns");
        c->ncat2 = concat_operand(x, c->cat2);
        c->col = c->cat[0];
        return;
    }
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
        c->op = scr_op_flip((scr_op_t)op);
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
            c->sub = subquery(x);
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
            c->sub = subquery(x);
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

static void cond_term(qp_t *x)
{
    scr_parser_t *p = x->p;
    if (!scr_is_sym(p, "(") || is_concat(x)) {
        condition(x, 0);
        return;
    }
    scr_expect_sym(p, "(");
    uint32_t group = ++x->either;
    condition(x, group);
    while (scr_accept_kw(p, "OR"))
        condition(x, group);
    if (scr_is_kw(p, "AND"))
        scr_qp_not_modelled(x, "and inside a parenthesised or");
    scr_expect_sym(p, ")");
}

/* A where (or an ON): TERM [and TERM]..., or C or C ... (an or of lone
 * conditions at the top level; and and or mixed there are not modelled). */
static void where_clause(qp_t *x)
{
    scr_parser_t *p = x->p;
    uint32_t first = x->q->nconds;
    cond_term(x);
    if (scr_is_kw(p, "OR")) {
        if (x->q->nconds != first + 1 || x->q->cond[first].either)
            scr_qp_not_modelled(x, "or after a parenthesised group or a join's condition");
        uint32_t group = ++x->either;
        x->q->cond[first].either = group;
        while (scr_accept_kw(p, "OR"))
            condition(x, group);
        if (scr_is_kw(p, "AND"))
            scr_qp_not_modelled(x, "and and or mixed at the top of a where");
        return;
    }
    while (scr_accept_kw(p, "AND"))
        cond_term(x);
}

/* JOIN ... USING (c[, c]...): each c of the first view equal to the
 * second's (SQL Language Reference, SELECT, inner_cross_join_clause: "an
 * equijoin of the columns ... named"); c is then named unqualified. */
static void join_using(qp_t *x)
{
    scr_parser_t *p = x->p;
    scr_query_t *q = x->q;
    scr_expect_sym(p, "(");
    do {
        char name[SCR_NAME_MAX + 1];
        uint32_t line = scr_peek(p)->line;
        scr_expect_name(p, name, "a column both views have");
        int a = -1, b = -1;
        for (uint32_t i = 0; i < x->ncols; i++)
            if (strcmp(x->cols[i].name, name) == 0 && (!x->cols[i].dba || x->dba[i >= q->split]))
                *(i < q->split ? &a : &b) = (int)i;
        if (a < 0 || b < 0)
            scr_fail_at(p, line, "ORA-00904: \"%s\": invalid identifier", name);
        if (!x->cols[a].modelled || !x->cols[b].modelled) {
            char why[200];
            snprintf(why, sizeof why, "column %s (the model does not have it)", name);
            scr_qp_not_modelled(x, why);
        }
        if (x->nusing == 4)
            scr_qp_not_modelled(x, "a USING list of more than 4 columns");
        snprintf(x->usings[x->nusing++], sizeof x->usings[0], "%s", name);
        if (q->nconds == SCR_QUERY_CONDS)
            scr_qp_not_modelled(x, "more than 16 conditions");
        scr_qcond_t *c = &q->cond[q->nconds++];
        memset(c, 0, sizeof *c);
        c->col = a;
        c->col2 = b;
        c->op = SCR_OP_EQ;
        c->nvals = 1;
        values(x, c);
    } while (scr_accept_sym(p, ","));
    scr_expect_sym(p, ")");
}

/* Whether an alias follows a source (not a keyword of what may follow). */
static int alias(scr_parser_t *p)
{
    static const char *const kws[] = {"WHERE", "GROUP", "ORDER", "JOIN",    "INNER", "LEFT",
                                      "RIGHT", "FULL",  "CROSS", "NATURAL", "ON"};
    if (scr_peek(p)->kind == SCR_TOK_QIDENT)
        return 1;
    if (scr_peek(p)->kind != SCR_TOK_IDENT)
        return 0;
    for (size_t k = 0; k < sizeof kws / sizeof kws[0]; k++)
        if (scr_is_kw(p, kws[k]))
            return 0;
    return 1;
}

/* Whether column col is one of the query's group by columns. */
static int grouped(const scr_query_t *q, int col)
{
    for (uint32_t g = 0; g < q->ngroup; g++)
        if (q->group_col[g] == col)
            return 1;
    return 0;
}

/* `from view1 [a], view2 [b]`: two views the model fills, their columns one
 * after the other; the where joins them (a condition col = col). */
static void second_view(qp_t *x)
{
    scr_parser_t *p = x->p;
    scr_query_t *q = x->q;
    char name[SCR_NAME_MAX + 1];
    const scr_tok_t *t = scr_peek(p);
    if (x->cols == NULL || q->view == SCR_V_MYSTAT ||
        (t->kind != SCR_TOK_IDENT && t->kind != SCR_TOK_QIDENT))
        scr_query_not_modelled(p, x->jb,
                               "a join other than of two dictionary views the model fills");
    scr_expect_table_name(p, name);
    if (!scr_view_of(name, &q->view2, &x->dba[1]) || q->view2 == SCR_V_MYSTAT)
        scr_query_not_modelled(p, x->jb,
                               "a join other than of two dictionary views the model fills");
    snprintf(x->alias[1], sizeof x->alias[1], "%s", name);
    x->nalias = 2;
    if (alias(p))
        scr_expect_name(p, x->alias[1], "an alias");
    if (scr_is_sym(p, ","))
        scr_query_not_modelled(p, x->jb, "a join of more than two views");
    uint32_t n2;
    const scr_vcol_t *c2 = scr_view_columns(q->view2, &n2);
    scr_vcol_t *all = scr_arena_alloc(p->arena, (x->ncols + n2) * sizeof *all);
    memcpy(all, x->cols, x->ncols * sizeof *all);
    memcpy(all + x->ncols, c2, n2 * sizeof *all);
    q->two = 1;
    q->split = x->ncols;
    q->dba = x->dba[0] || x->dba[1];
    x->cols = all;
    x->ncols += n2;
}

static void parse(qp_t *x)
{
    scr_parser_t *p = x->p;
    scr_query_t *q = x->q;
    scr_expect_kw(p, "SELECT");
    if (scr_is_kw(p, "DISTINCT") || scr_is_kw(p, "UNIQUE"))
        scr_query_not_modelled(p, x->jb, "select distinct");
    uint32_t list = p->i;
    int depth = 0;
    while (scr_peek(p)->kind != SCR_TOK_EOF && !(depth == 0 && scr_is_kw(p, "FROM")) &&
           !(depth == 0 && x->into && scr_is_kw(p, "INTO"))) {
        depth += scr_is_sym(p, "(") - scr_is_sym(p, ")");
        p->i++;
    }
    if (x->into) {
        /* select ... into v[, v]... from: the variables, resolved by the caller */
        scr_expect_kw(p, "INTO");
        x->into_at = p->i;
        do
            p->i++;
        while (scr_accept_sym(p, ","));
    }
    scr_expect_kw(p, "FROM");
    const scr_tok_t *t = scr_peek(p);
    uint32_t line = t->line;
    char name[SCR_NAME_MAX + 1];
    if (t->kind != SCR_TOK_IDENT && t->kind != SCR_TOK_QIDENT)
        scr_query_not_modelled(p, x->jb, "a subquery or an expression in from");
    scr_expect_table_name(p, name);
    if (strcmp(name, "V$MYSTAT") == 0 || strcmp(name, "V$STATNAME") == 0) {
        /* the two joined, in either order, each with its alias: either
         * qualifier names the one source */
        snprintf(x->alias[0], sizeof x->alias[0], "%s", name);
        if (alias(p))
            scr_expect_name(p, x->alias[0], "an alias");
        char other[SCR_NAME_MAX + 1];
        if (!scr_accept_sym(p, ",") || (scr_peek(p)->kind != SCR_TOK_IDENT))
            scr_query_not_modelled(p, x->jb,
                                   "v$mystat or v$statname alone (the model answers the two "
                                   "joined on statistic#)");
        scr_expect_table_name(p, other);
        if (strcmp(other, name[2] == 'M' ? "V$STATNAME" : "V$MYSTAT") != 0)
            scr_query_not_modelled(p, x->jb, "a join other than v$mystat with v$statname");
        snprintf(x->alias[1], sizeof x->alias[1], "%s", other);
        if (alias(p))
            scr_expect_name(p, x->alias[1], "an alias");
        x->nalias = 2;
        q->view = SCR_V_MYSTAT;
        x->cols = scr_view_columns(q->view, &x->ncols);
    } else if (scr_view_of(name, &q->view, &q->dba)) {
        x->cols = scr_view_columns(q->view, &x->ncols);
        x->dba[0] = q->dba;
    } else if (scr_table_find(p, name) < 0 && scr_is_sym(p, "(")) {
        scr_query_not_modelled(p, x->jb, "a table function (XMLTABLE, TABLE(...)) in from");
    } else if (scr_dictionary_name(name)) {
        char why[SCR_NAME_MAX + 64];
        snprintf(why, sizeof why, "%s (a view the model does not fill)", name);
        scr_query_not_modelled(p, x->jb, why);
    } else {
        q->view = SCR_V_TABLE;
        q->table = scr_table_resolve(p, name, line);
        q->table_cols = p->script->tables[q->table].ncols;
    }
    if (q->view != SCR_V_MYSTAT) {
        snprintf(x->alias[0], sizeof x->alias[0], "%s", name);
        x->nalias = 1;
        if (alias(p))
            scr_expect_name(p, x->alias[0], "an alias");
    }
    if (scr_accept_sym(p, ",")) {
        second_view(x);
    } else if (scr_is_kw(p, "JOIN") || scr_is_kw(p, "INNER")) {
        /* view1 [inner] join view2 on COND [and COND]...: the comma join
         * with its conditions (SQL Language Reference, SELECT,
         * inner_cross_join_clause) */
        scr_accept_kw(p, "INNER");
        scr_expect_kw(p, "JOIN");
        second_view(x);
        q->cols = x->cols;
        q->ncols = x->ncols;
        q->cond = scr_arena_alloc(p->arena, SCR_QUERY_CONDS * sizeof *q->cond);
        if (scr_accept_kw(p, "USING"))
            join_using(x);
        else {
            scr_expect_kw(p, "ON");
            where_clause(x);
        }
    } else if (scr_is_kw(p, "LEFT") || scr_is_kw(p, "RIGHT") || scr_is_kw(p, "FULL") ||
               scr_is_kw(p, "CROSS") || scr_is_kw(p, "NATURAL")) {
        scr_query_not_modelled(p, x->jb, "an outer, cross or natural join");
    }
    q->cols = x->cols;
    q->ncols = x->ncols;
    uint32_t tail = p->i;
    /* the list, now that its source is known */
    p->i = list;
    if (scr_accept_sym(p, "*")) {
        if (q->two)
            scr_query_not_modelled(p, x->jb, "select * of a join");
        if (x->cols == NULL)
            scr_query_not_modelled(p, x->jb,
                                   "select * of a table (values of its columns are not tracked)");
        for (uint32_t c = 0; c < x->ncols; c++) {
            if (x->cols[c].dba && !q->dba)
                continue;
            if (!x->cols[c].modelled) {
                char why[200];
                snprintf(why, sizeof why, "select * (column %s: the model does not have it)",
                         x->cols[c].name);
                scr_query_not_modelled(p, x->jb, why);
            }
        }
    } else {
        do
            scr_qitem_parse(x);
        while (scr_accept_sym(p, ","));
    }
    if (!scr_is_kw(p, "FROM") && !(x->into && scr_is_kw(p, "INTO")))
        scr_query_not_modelled(p, x->jb,
                               "an expression in the select list other than a column, "
                               "count(*), sum(...) or dbms_lob.getlength(...)");
    p->i = tail;
    if (scr_accept_kw(p, "WHERE")) {
        if (x->cols == NULL) {
            /* in a block, as a DML's where there: variables allowed */
            q->id_where = scr_parse_pred(p, q->table, &q->rownum_max);
        } else {
            if (q->cond == NULL)
                q->cond = scr_arena_alloc(p->arena, SCR_QUERY_CONDS * sizeof *q->cond);
            where_clause(x);
        }
    }
    if (q->view == SCR_V_MYSTAT && !x->joined)
        scr_query_not_modelled(p, x->jb,
                               "v$mystat and v$statname without their join on statistic#");
    q->ngroup = 0;
    if (scr_accept_kw(p, "GROUP")) {
        scr_expect_kw(p, "BY");
        if (x->cols == NULL)
            scr_query_not_modelled(p, x->jb, "group by over a table");
        do {
            if (q->ngroup == SCR_QUERY_GROUP_MAX)
                scr_query_not_modelled(p, x->jb, "group by more than 4 columns");
            q->group_col[q->ngroup++] = scr_qp_column(x, NULL);
        } while (scr_accept_sym(p, ","));
        for (uint32_t k = 0; k < q->nitems; k++)
            if (q->item[k].kind == SCR_QI_COLUMN && !grouped(q, q->item[k].col))
                scr_fail(p, "ORA-00979: not a GROUP BY expression");
    } else {
        int agg = 0, plain = 0;
        for (uint32_t k = 0; k < q->nitems; k++)
            agg |= q->item[k].kind != SCR_QI_COLUMN, plain |= q->item[k].kind == SCR_QI_COLUMN;
        if (agg && plain)
            scr_fail(p, "ORA-00937: not a single-group group function");
    }
    q->nshown = q->nitems;
    if (scr_accept_kw(p, "ORDER")) {
        scr_expect_kw(p, "BY");
        if (q->nitems == 0)
            scr_query_not_modelled(p, x->jb, "order by with select *");
        do {
            if (q->norder == 8)
                scr_query_not_modelled(p, x->jb, "order by more than 8 keys");
            q->order_item[q->norder] = scr_qorder_key(x);
            q->order_desc[q->norder] = scr_accept_kw(p, "DESC");
            if (!q->order_desc[q->norder])
                scr_accept_kw(p, "ASC");
            q->norder++;
        } while (scr_accept_sym(p, ","));
    }
    for (uint32_t k = q->nshown; k < q->nitems; k++)
        if (q->ngroup ? !grouped(q, q->item[k].col) : q->nshown && q->item[0].kind != SCR_QI_COLUMN)
            scr_fail(p, "ORA-00979: not a GROUP BY expression");
    if (scr_peek(p)->kind != SCR_TOK_EOF)
        scr_query_not_modelled(p, x->jb, "a clause after where, group by and order by");
}

/* A new query of the arena, no table, no rownum limit, and x its parse's
 * state over p. */
static scr_query_t *query_begin(scr_parser_t *p, qp_t *x)
{
    scr_query_t *q = scr_arena_alloc(p->arena, sizeof *q);
    q->table = -1;
    q->rownum_max = -1;
    memset(x, 0, sizeof *x);
    x->p = p;
    x->q = q;
    return q;
}

/* parse(x), then then(x) (NULL: nothing), under a jump buffer of their
 * own: 0, or what longjmp gave (2: refused or Oracle's error, 3: not
 * answered; the message in the lexer's err). */
static int parse_guarded(qp_t *x, void (*then)(qp_t *))
{
    jmp_buf jb;
    jmp_buf *outer = x->p->lx->fail;
    x->jb = &jb;
    x->p->lx->fail = &jb;
    int rc = setjmp(jb);
    if (rc == 0) {
        parse(x);
        if (then)
            then(x);
    }
    x->p->lx->fail = outer;
    x->jb = NULL;
    return rc;
}

void scr_parse_query(scr_parser_t *p, scr_stmt_t *st)
{
    st->kind = SCR_OBSERVE;
    qp_t x;
    scr_query_t *q = query_begin(p, &x);
    if (scr_is_kw(p, "WITH")) {
        st->u.observe.why = "with (a subquery factoring clause)";
        return;
    }
    int rc = parse_guarded(&x, scr_qstar_items);
    if (rc == 0) {
        st->u.observe.query = q;
        scr_define_sets(p, st, q);
        scr_colfmt_apply(p, st, q);
        return;
    }
    /* What Oracle refuses is the step's error (parse.c reads it back). */
    const char *m = p->lx->err;
    size_t fl = strlen(p->lx->file);
    if (rc == 2 && strncmp(m, p->lx->file, fl) == 0 && strstr(m + fl, ": ORA-") != NULL)
        longjmp(*p->lx->fail, 2);
    /* A query outside the answered ones: why, without the file's name. */
    if (rc == 2 && strncmp(m, p->lx->file, fl) == 0 && m[fl] == ':')
        m += fl + 1;
    char why[SCR_ERR_LEN];
    snprintf(why, sizeof why, "%s%s", rc == 2 ? "line " : "", m);
    st->u.observe.why = scr_arena_strndup(p->arena, why, strlen(why));
    p->lx->err[0] = 0;
}

int scr_query_answers_into(const scr_parser_t *p)
{
    int depth = 0;
    for (uint32_t k = p->i; k + 1 < p->ntoks && p->toks[k].kind != SCR_TOK_EOF; k++) {
        const scr_tok_t *t = &p->toks[k];
        if (t->kind == SCR_TOK_SYM)
            depth += (strcmp(t->text, "(") == 0) - (strcmp(t->text, ")") == 0);
        if (t->kind == SCR_TOK_SYM && strcmp(t->text, ";") == 0 && depth == 0)
            return 0;
        /* a LOB's length or an aggregate of it, sum, avg: the query's
         * items, whatever the source */
        if (t->kind == SCR_TOK_IDENT &&
            (strcmp(t->text, "DBMS_LOB") == 0 || strcmp(t->text, "SUM") == 0 ||
             strcmp(t->text, "AVG") == 0) &&
            strcmp(p->toks[k + 1].text, "FROM") != 0)
            return 1;
        if (depth == 0 && t->kind == SCR_TOK_IDENT && strcmp(t->text, "FROM") == 0) {
            const char *n = p->toks[k + 1].text;
            if (p->toks[k + 2].kind == SCR_TOK_SYM && strcmp(p->toks[k + 2].text, ".") == 0 &&
                k + 3 < p->ntoks)
                n = p->toks[k + 3].text; /* SYS.DBA_SEGMENTS */
            return scr_dictionary_name(n);
        }
    }
    return 0;
}

const scr_query_t *scr_parse_query_to(scr_parser_t *p, const char *closer, uint32_t *into_at)
{
    uint32_t end = scr_next_outside(p, closer);
    scr_tok_t saved = p->toks[end];
    p->toks[end].kind = SCR_TOK_EOF; /* the query ends there */
    const scr_query_t *q = scr_parse_query_into(p, NULL, 0, into_at);
    p->toks[end] = saved;
    p->i = end + 1;
    return q;
}

/* The items of a select ... into: whole numbers only (the model's), so no
 * arithmetic and no avg. */
static void whole_items(qp_t *x)
{
    for (uint32_t k = 0; k < x->q->nitems; k++)
        if (x->q->item[k].post || x->q->item[k].kind == SCR_QI_AVG)
            scr_qp_not_modelled(x, "arithmetic or avg in the select list of select ... into "
                                   "(the model's numbers are whole)");
}

const scr_query_t *scr_parse_query_into(scr_parser_t *p, const scr_expr_t *const *binds,
                                        uint32_t nbinds, uint32_t *into_at)
{
    qp_t x;
    scr_query_t *q = query_begin(p, &x);
    x.into = into_at != NULL;
    x.plsql = 1;
    x.binds = binds;
    x.nbinds = nbinds;
    uint32_t line = scr_peek(p)->line;
    int rc = parse_guarded(&x, whole_items);
    if (rc == 0) {
        if (binds && x.nextbind < nbinds)
            scr_fail_at(p, line, "ORA-01006: bind variable does not exist");
        if (into_at)
            *into_at = x.into_at;
        return q;
    }
    const char *m = p->lx->err;
    if (rc != 3) /* an error with its place: as it is */
        longjmp(*p->lx->fail, rc);
    char why[SCR_ERR_LEN];
    snprintf(why, sizeof why, "%s", m);
    scr_fail_at(p, line, "%s from a view: not modelled: %s",
                into_at ? "select ... into" : "a cursor's select", why);
}

static const scr_query_t *subquery(qp_t *x)
{
    scr_parser_t *p = x->p;
    uint32_t end = scr_next_outside(p, ")");
    qp_t y;
    scr_query_t *q = query_begin(p, &y);
    y.jb = x->jb; /* not answered: neither is the query around it */
    y.plsql = x->plsql;
    scr_tok_t close = p->toks[end];
    p->toks[end].kind = SCR_TOK_EOF;
    p->toks[end].text = "";
    parse(&y);
    p->toks[end] = close;
    if (q->view == SCR_V_TABLE || q->binds || q->item[0].post || q->item[0].kind != SCR_QI_COLUMN)
        scr_query_not_modelled(p, x->jb, "a subquery other than of one column of the views");
    return q;
}
