/*
 * qnames.c -- the names of a query's sources (query.c): a column by its
 * name, [qualifier.]name, among one view's columns or a join's two (a
 * qualifier is its source's alias, else its view's name; a name both views
 * have, unqualified, is ORA-00918), a table's by its columns; and the
 * stop of a query the model does not answer.
 */
#include <stdio.h>
#include <string.h>

#include "script_int.h"

/* Not answered: the reason, and the parse of this query stops. */
_Noreturn void scr_query_not_modelled(scr_parser_t *p, jmp_buf *jb, const char *why)
{
    snprintf(p->lx->err, p->lx->errlen, "%s", why);
    longjmp(*jb, 3);
}

_Noreturn void scr_qp_not_modelled(scr_qp_t *x, const char *why)
{
    scr_query_not_modelled(x->p, x->jb, why);
}

typedef scr_qp_t qp_t;

/* Which of a join's sources qualifier q names (its alias, else its view's
 * name): 0, 1, or -1 none. */
static int source_of(const qp_t *x, const char *q)
{
    for (int k = 0; k < x->nalias; k++)
        if (strcmp(x->alias[k], q) == 0)
            return x->q->two ? k : 0;
    return -1;
}

/* The column of the view(s) named by the next tokens, [q.]name, or -1
 * (nothing taken); ORA-00918 for a name both of a join's views have. */
static int find_column(qp_t *x)
{
    scr_parser_t *p = x->p;
    const scr_tok_t *t = scr_peek(p);
    if (x->cols == NULL || (t->kind != SCR_TOK_IDENT && t->kind != SCR_TOK_QIDENT))
        return -1;
    int src = -1;
    uint32_t at = 0;
    if (strcmp(scr_peek_at(p, 1)->text, ".") == 0 && scr_peek_at(p, 1)->kind == SCR_TOK_SYM) {
        src = source_of(x, t->text);
        if (src < 0)
            return -1;
        at = 2;
    }
    const char *name = scr_peek_at(p, at)->text;
    uint32_t lo = src == 1 ? x->q->split : 0, hi = src == 0 && x->q->two ? x->q->split : x->ncols;
    int found = -1, joined = 0;
    for (uint32_t k = 0; k < x->nusing; k++)
        joined |= strcmp(x->usings[k], name) == 0;
    if (joined && src >= 0) /* JOIN ... USING's column takes no qualifier */
        scr_fail_at(p, t->line, "ORA-25154: column part of USING clause cannot have qualifier");
    for (uint32_t i = lo; i < hi; i++) {
        int s = x->q->two && i >= x->q->split;
        if (strcmp(x->cols[i].name, name) != 0 || (x->cols[i].dba && !x->dba[s]))
            continue;
        if (found >= 0 && joined)
            break; /* the two sides are equal: the first view's */
        if (found >= 0)
            scr_fail_at(p, t->line, "ORA-00918: column ambiguously defined");
        found = (int)i;
    }
    if (found >= 0)
        p->i += at + 1;
    return found;
}

int scr_qp_is_column(qp_t *x)
{
    uint32_t i = x->p->i;
    int c = find_column(x);
    x->p->i = i;
    return c >= 0;
}

/* A column of the source by name (an alias's prefix skipped): its index. */
int scr_qp_column(qp_t *x, char *name_out)
{
    scr_parser_t *p = x->p;
    const scr_tok_t *t = scr_peek(p);
    if (t->kind != SCR_TOK_IDENT && t->kind != SCR_TOK_QIDENT)
        scr_query_not_modelled(p, x->jb, "an expression other than a column of the view");
    /* a function (Oracle has it: not ORA-00904) where a column is read
     * (a condition, group by, order by, a function's argument) */
    if (t->kind == SCR_TOK_IDENT && scr_peek_at(p, 1)->kind == SCR_TOK_SYM &&
        strcmp(scr_peek_at(p, 1)->text, "(") == 0) {
        char why[200];
        snprintf(why, sizeof why,
                 "a function (%s) where a column is read (the select list answers some)", t->text);
        scr_query_not_modelled(p, x->jb, why);
    }
    /* a package's function (dbms_rowid.rowid_block_number(rowid), ...):
     * Oracle has it, so not ORA-00904 */
    if (t->kind == SCR_TOK_IDENT && strcmp(scr_peek_at(p, 1)->text, ".") == 0 &&
        scr_peek_at(p, 2)->kind == SCR_TOK_IDENT && strcmp(scr_peek_at(p, 3)->text, "(") == 0) {
        char why[200];
        snprintf(why, sizeof why, "the function %s.%s", t->text, scr_peek_at(p, 2)->text);
        scr_query_not_modelled(p, x->jb, why);
    }
    int found = find_column(x);
    if (found >= 0) {
        if (name_out)
            snprintf(name_out, SCR_NAME_MAX + 1, "%s", x->cols[found].name);
        if (!x->cols[found].modelled) {
            char why[200];
            snprintf(why, sizeof why, "column %s (the model does not have it)",
                     x->cols[found].name);
            scr_query_not_modelled(p, x->jb, why);
        }
        return found;
    }
    if (strcmp(scr_peek_at(p, 1)->text, ".") == 0 && scr_peek_at(p, 1)->kind == SCR_TOK_SYM)
        p->i += 2; /* alias.column */
    t = scr_take(p);
    if (name_out)
        snprintf(name_out, SCR_NAME_MAX + 1, "%s", t->text);
    if (x->cols == NULL) {
        int c = scr_column_resolve(p, x->q->table, t->text, t->line);
        if (c != p->script->tables[x->q->table].id_col)
            scr_query_not_modelled(p, x->jb,
                                   "a column of a table other than its id (values of other "
                                   "columns are not tracked)");
        return c;
    }
    char q[64];
    scr_quote(t->text, t->len, q, sizeof q);
    scr_fail_at(p, t->line, "ORA-00904: \"%s\": invalid identifier", q);
}
