/*
 * qitems.c -- a query's select list and order by keys (query.c): each
 * item a column, count(*), sum(...), dbms_lob.getlength(...) or
 * dbms_lob.getchunksize(...), with
 * arithmetic over it by numbers (`bytes/1024/1024`, `round(sum(bytes) /
 * 1048576, 2)`) and its SQL*Plus heading; `select *`'s items; an order by
 * key as an item, its alias, its position or a column not in the list.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "script_int.h"

typedef scr_qp_t qp_t;

/* dbms_lob.getlength(c) or dbms_lob.getchunksize(c) (chunk 1, 0 for the
 * length) of a table's LOB column: the row's cell table_cols * (1 +
 * chunk) + c holds it (views.c), whatever columns an alter table adds
 * after. */
static int lob_cell(qp_t *x, int chunk)
{
    scr_parser_t *p = x->p;
    if (x->cols != NULL)
        scr_query_not_modelled(
            p, x->jb, chunk ? "dbms_lob.getchunksize of a view" : "dbms_lob.getlength of a view");
    scr_expect_sym(p, "(");
    const scr_tok_t *t = scr_peek(p);
    uint32_t line = t->line;
    char name[SCR_NAME_MAX + 1];
    scr_expect_name(p, name, "a LOB column");
    scr_expect_sym(p, ")");
    int c = scr_lob_column_resolve(p, x->q->table, name, line);
    return (int)x->q->table_cols * (1 + chunk) + c;
}

/* The heading SQL*Plus shows for an expression: its text as Oracle names
 * the column, upper case and without blanks. */
static void heading(scr_parser_t *p, uint32_t from, uint32_t to, char *out)
{
    size_t n = 0;
    out[0] = 0;
    for (uint32_t k = from; k < to && n < SCR_NAME_MAX; k++)
        n += (size_t)snprintf(out + n, SCR_NAME_MAX + 1 - n, "%s", p->toks[k].text);
}

/* 1 at dbms_lob.getlength, 2 at dbms_lob.getchunksize, else 0. */
static int lob_function_at(scr_parser_t *p)
{
    if (!scr_is_kw(p, "DBMS_LOB") || strcmp(scr_peek_at(p, 1)->text, ".") != 0)
        return 0;
    const char *f = scr_peek_at(p, 2)->text;
    return strcmp(f, "GETLENGTH") == 0 ? 1 : strcmp(f, "GETCHUNKSIZE") == 0 ? 2 : 0;
}

/* The character function at p (SUBSTR, UPPER, LOWER, TRIM, LTRIM, RTRIM,
 * RPAD, LPAD followed by '('), its kind in *k; 0 when none. */
static int text_function_at(scr_parser_t *p, scr_qtext_t *k)
{
    static const struct {
        const char *name;
        scr_qtext_kind_t kind;
        int64_t a;
    } fns[] = {{"SUBSTR", SCR_QT_SUBSTR, 0}, {"UPPER", SCR_QT_UPPER, 0}, {"LOWER", SCR_QT_LOWER, 0},
               {"TRIM", SCR_QT_TRIM, 1},     {"LTRIM", SCR_QT_TRIM, 2},  {"RTRIM", SCR_QT_TRIM, 3},
               {"RPAD", SCR_QT_RPAD, 0},     {"LPAD", SCR_QT_LPAD, 0}};
    if (strcmp(scr_peek_at(p, 1)->text, "(") != 0)
        return 0;
    for (size_t i = 0; i < sizeof fns / sizeof fns[0]; i++)
        if (scr_is_kw(p, fns[i].name)) {
            memset(k, 0, sizeof *k);
            k->kind = fns[i].kind;
            k->a = fns[i].a;
            return 1;
        }
    return 0;
}

/* A character function over a text column of a view, nested up to
 * SCR_QTEXT_MAX deep (`substr(segment_name, 1, 30)`, `upper(rtrim(x))`):
 * the item's column, its functions innermost first and the result's
 * width as Oracle types it (SQL Language Reference: SUBSTR's length, RPAD
 * and LPAD's n; the others keep the column's). */
static void text_item(qp_t *x, scr_qitem_t *it)
{
    scr_parser_t *p = x->p;
    scr_qtext_t f;
    text_function_at(p, &f);
    p->i += 2;
    if (x->cols == NULL)
        scr_query_not_modelled(p, x->jb, "a character function over a table's column");
    scr_qtext_t inner;
    if (text_function_at(p, &inner)) {
        text_item(x, it);
    } else {
        it->col = scr_qp_column(x, NULL);
        if (x->cols[it->col].number)
            scr_query_not_modelled(p, x->jb, "a character function of a number column");
        it->width = x->cols[it->col].width;
    }
    if (it->ntext == SCR_QTEXT_MAX)
        scr_query_not_modelled(p, x->jb, "character functions nested more than 4 deep");
    if (f.kind == SCR_QT_SUBSTR) {
        scr_expect_sym(p, ",");
        int neg = scr_accept_sym(p, "-");
        f.a = (int64_t)scr_expect_uint(p, 0, 4000, 0, "a position");
        if (neg)
            f.a = -f.a;
        f.b = -1;
        if (scr_accept_sym(p, ","))
            f.b = (int64_t)scr_expect_uint(p, 0, 4000, 0, "a length");
        if (f.b >= 0)
            it->width = f.b < it->width ? (uint32_t)f.b : it->width;
        else if (f.a > 1)
            it->width = f.a - 1 < it->width ? it->width - (uint32_t)(f.a - 1) : 0;
        if (it->width == 0)
            it->width = 1;
    } else if (f.kind == SCR_QT_RPAD || f.kind == SCR_QT_LPAD) {
        scr_expect_sym(p, ",");
        f.a = (int64_t)scr_expect_uint(p, 1, 4000, 0, "a length");
        f.pad = ' ';
        if (scr_accept_sym(p, ",")) {
            const scr_tok_t *t = scr_peek(p);
            if (t->kind != SCR_TOK_STRING || t->len != 1)
                scr_query_not_modelled(p, x->jb, "a padding other than one character");
            f.pad = t->text[0];
            p->i++;
        }
        it->width = (uint32_t)f.a;
    }
    scr_expect_sym(p, ")");
    it->text[it->ntext++] = f;
}

/* The column or aggregate an item is of. */
static void leaf(qp_t *x, scr_qitem_t *it)
{
    scr_parser_t *p = x->p;
    if (scr_is_kw(p, "COUNT") && strcmp(scr_peek_at(p, 1)->text, "(") == 0) {
        p->i += 2;
        if (!scr_accept_sym(p, "*"))
            scr_query_not_modelled(p, x->jb, "count of a column (count(*) is answered)");
        scr_expect_sym(p, ")");
        it->kind = SCR_QI_COUNT;
        it->col = -1;
    } else if ((scr_is_kw(p, "SUM") || scr_is_kw(p, "MAX") || scr_is_kw(p, "MIN") ||
                scr_is_kw(p, "AVG")) &&
               strcmp(scr_peek_at(p, 1)->text, "(") == 0) {
        it->kind = scr_is_kw(p, "SUM")   ? SCR_QI_SUM
                   : scr_is_kw(p, "MAX") ? SCR_QI_MAX
                   : scr_is_kw(p, "MIN") ? SCR_QI_MIN
                                         : SCR_QI_AVG;
        p->i += 2;
        int f = lob_function_at(p);
        if (f) {
            p->i += 3;
            it->col = lob_cell(x, f - 1);
        } else {
            it->col = scr_qp_column(x, NULL);
            if (x->cols && !x->cols[it->col].number && it->kind != SCR_QI_SUM &&
                it->kind != SCR_QI_AVG)
                scr_query_not_modelled(p, x->jb, "max or min of a text column");
            if (x->cols && !x->cols[it->col].number)
                scr_fail(p, "ORA-01722: invalid number");
        }
        scr_expect_sym(p, ")");
    } else if (lob_function_at(p)) {
        int f = lob_function_at(p);
        p->i += 3;
        it->kind = SCR_QI_COLUMN;
        it->col = lob_cell(x, f - 1);
    } else if (text_function_at(p, &(scr_qtext_t){0})) {
        it->kind = SCR_QI_COLUMN;
        text_item(x, it);
    } else {
        if (scr_peek(p)->kind == SCR_TOK_IDENT && strcmp(scr_peek_at(p, 1)->text, "(") == 0)
            scr_query_not_modelled(p, x->jb,
                                   "a function in the select list other than count(*), sum, max, "
                                   "min, avg, dbms_lob.getlength(...), dbms_lob.getchunksize(...), "
                                   "round, trunc, nvl, substr, upper, lower, trim, rpad or lpad");
        it->kind = SCR_QI_COLUMN;
        it->col = scr_qp_column(x, NULL);
    }
}

static const scr_qpost_t *post_sum(qp_t *x, scr_qitem_t *it, int *leaves);

static scr_qpost_t *post_node(qp_t *x, char op)
{
    scr_qpost_t *e = scr_arena_alloc(x->p->arena, sizeof *e);
    e->op = op;
    return e;
}

/* A number, ( ... ), round( ... [, N]), trunc( ... [, N]), - ..., or the
 * item's one column or aggregate. */
static const scr_qpost_t *post_factor(qp_t *x, scr_qitem_t *it, int *leaves)
{
    scr_parser_t *p = x->p;
    const scr_tok_t *t = scr_peek(p);
    if (t->kind == SCR_TOK_NUMBER) {
        scr_qpost_t *e = post_node(x, 'n');
        e->num = strtod(t->text, NULL);
        p->i++;
        return e;
    }
    if (scr_accept_sym(p, "-")) {
        scr_qpost_t *e = post_node(x, '-');
        e->l = post_node(x, 'n');
        e->r = post_factor(x, it, leaves);
        return e;
    }
    if (scr_accept_sym(p, "(")) {
        const scr_qpost_t *e = post_sum(x, it, leaves);
        scr_expect_sym(p, ")");
        return e;
    }
    if ((scr_is_kw(p, "ROUND") || scr_is_kw(p, "TRUNC")) &&
        strcmp(scr_peek_at(p, 1)->text, "(") == 0) {
        scr_qpost_t *e = post_node(x, scr_is_kw(p, "ROUND") ? 'r' : 't');
        p->i += 2;
        e->l = post_sum(x, it, leaves);
        if (scr_accept_sym(p, ",")) {
            int neg = scr_accept_sym(p, "-");
            e->places = (int)scr_expect_uint(p, 0, 38, 0, "decimal places");
            if (neg)
                e->places = -e->places;
        }
        scr_expect_sym(p, ")");
        return e;
    }
    if (scr_is_kw(p, "NVL") && strcmp(scr_peek_at(p, 1)->text, "(") == 0) {
        /* nvl(x, n): n where x is null (a sum of no rows) */
        scr_qpost_t *e = post_node(x, 'z');
        p->i += 2;
        e->l = post_sum(x, it, leaves);
        scr_expect_sym(p, ",");
        e->r = post_sum(x, it, leaves);
        scr_expect_sym(p, ")");
        return e;
    }
    if (++*leaves > 1)
        scr_query_not_modelled(p, x->jb, "an expression of two columns in the select list");
    leaf(x, it);
    return post_node(x, 'v');
}

static const scr_qpost_t *post_term(qp_t *x, scr_qitem_t *it, int *leaves)
{
    const scr_qpost_t *l = post_factor(x, it, leaves);
    while (scr_is_sym(x->p, "*") || scr_is_sym(x->p, "/")) {
        scr_qpost_t *e = post_node(x, scr_take(x->p)->text[0]);
        e->l = l;
        e->r = post_factor(x, it, leaves);
        l = e;
    }
    return l;
}

static const scr_qpost_t *post_sum(qp_t *x, scr_qitem_t *it, int *leaves)
{
    const scr_qpost_t *l = post_term(x, it, leaves);
    while (scr_is_sym(x->p, "+") || scr_is_sym(x->p, "-")) {
        scr_qpost_t *e = post_node(x, scr_take(x->p)->text[0]);
        e->l = l;
        e->r = post_term(x, it, leaves);
        l = e;
    }
    return l;
}

/* An item: its column or aggregate, and arithmetic over it with numbers
 * (`bytes/1024/1024`, `round(sum(bytes)/1048576, 2)`). */
void scr_qitem_parse(qp_t *x)
{
    scr_parser_t *p = x->p;
    scr_query_t *q = x->q;
    if (q->nitems == SCR_QUERY_ITEMS)
        scr_query_not_modelled(p, x->jb, "more than 32 items in the select list");
    scr_qitem_t *it = &q->item[q->nitems];
    uint32_t from = p->i;
    int leaves = 0;
    const scr_qpost_t *e = post_sum(x, it, &leaves);
    if (leaves == 0)
        scr_query_not_modelled(p, x->jb, "a select list item without a column");
    it->post = e->op == 'v' ? NULL : e;
    if (it->post && it->kind == SCR_QI_COLUMN && x->cols && !x->cols[it->col].number)
        scr_fail(p, "ORA-01722: invalid number");
    heading(p, from, p->i, it->head);
    if (it->post || it->ntext)
        ; /* the expression's text */
    else if (x->cols == NULL && it->kind == SCR_QI_COLUMN && it->col < (int)q->table_cols)
        snprintf(it->head, sizeof it->head, "%s", p->script->tables[q->table].cols[it->col].name);
    else if (x->cols && it->kind == SCR_QI_COLUMN)
        snprintf(it->head, sizeof it->head, "%s", x->cols[it->col].name);
    int as = scr_accept_kw(p, "AS");
    const scr_tok_t *t = scr_peek(p);
    if (t->kind == SCR_TOK_QIDENT ||
        (t->kind == SCR_TOK_IDENT && !scr_is_kw(p, "FROM") && !(x->into && scr_is_kw(p, "INTO"))))
        scr_expect_name(p, it->head, "a column alias");
    else if (as)
        scr_unexpected(p, "a column alias");
    q->nitems++;
}

/* An item of the list by position, alias or expression (order by). */
int scr_qorder_key(qp_t *x)
{
    scr_parser_t *p = x->p;
    scr_query_t *q = x->q;
    if (scr_peek(p)->kind == SCR_TOK_NUMBER) {
        uint64_t k = scr_expect_uint(p, 1, q->nitems, 0, "an item's position");
        return (int)k - 1;
    }
    uint32_t from = p->i;
    int depth = 0;
    while (scr_peek(p)->kind != SCR_TOK_EOF &&
           !(depth == 0 && (scr_is_sym(p, ",") || scr_is_kw(p, "ASC") || scr_is_kw(p, "DESC")))) {
        depth += scr_is_sym(p, "(") - scr_is_sym(p, ")");
        p->i++;
    }
    char text[SCR_NAME_MAX + 1];
    heading(p, from, p->i, text);
    const char *bare = strchr(text, '.') && !strchr(text, '(') ? strchr(text, '.') + 1 : text;
    for (uint32_t k = 0; k < q->nshown; k++)
        if (strcmp(q->item[k].head, text) == 0 || strcmp(q->item[k].head, bare) == 0)
            return (int)k;
    /* a column of the view not in the list: an item not printed */
    uint32_t end = p->i;
    p->i = from;
    if (x->cols == NULL || q->nitems == SCR_QUERY_ITEMS)
        scr_query_not_modelled(p, x->jb, "order by an expression not in the select list");
    scr_qitem_t *it = &q->item[q->nitems];
    it->kind = SCR_QI_COLUMN;
    it->col = scr_qp_column(x, NULL);
    snprintf(it->head, sizeof it->head, "%s", x->cols[it->col].name);
    if (p->i != end)
        scr_query_not_modelled(p, x->jb, "order by an expression not in the select list");
    return (int)q->nitems++;
}

/* select * of a view: every column it has, as items. */
void scr_qstar_items(qp_t *x)
{
    scr_query_t *q = x->q;
    if (q->nitems || x->cols == NULL)
        return;
    for (uint32_t c = 0; c < x->ncols && q->nitems < SCR_QUERY_ITEMS; c++) {
        if (x->cols[c].dba && !q->dba)
            continue;
        scr_qitem_t *it = &q->item[q->nitems++];
        it->kind = SCR_QI_COLUMN;
        it->col = (int)c;
        snprintf(it->head, sizeof it->head, "%s", x->cols[c].name);
    }
    q->nshown = q->nitems;
}
