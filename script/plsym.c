/*
 * plsym.c -- a PL/SQL block's names: the variables, loop indices and
 * cursor rows its declarations and loops make, each a register, in nested
 * scopes searched innermost first (PL/SQL Language Reference, "Scope and
 * Visibility of Identifiers"); and a name met in an expression made into
 * the register's node (scr_plsql_name(), which expr.c calls).
 */
#include <stdio.h>
#include <string.h>

#include "plsql_int.h"

sym_t *scr_plsym_add(scr_parser_t *p, const char *name, char kind, uint32_t line)
{
    struct scr_plc *c = p->plc;
    for (uint32_t j = c->nsyms; j-- > 0 && c->syms[j].kind != 0;)
        if (strcmp(c->syms[j].name, name) == 0)
            scr_fail_at(p, line, "PLS-00371: at most one declaration for '%s' is permitted", name);
    c->syms = scr_arena_grow(p->arena, c->syms, c->nsyms, &c->capsyms, sizeof *c->syms);
    sym_t *s = &c->syms[c->nsyms++];
    memset(s, 0, sizeof *s);
    snprintf(s->name, sizeof s->name, "%s", name);
    s->kind = kind;
    s->table = -1;
    if (kind == 'n' || kind == 'r')
        s->reg = c->b->nnums++;
    else if (kind == 'v')
        s->reg = c->b->nvals++;
    return s;
}

/* A scope's start (a block, a loop): a marker no lookup passes for
 * duplicates; names after it go at its end. */
uint32_t scr_plsym_open(scr_parser_t *p)
{
    struct scr_plc *c = p->plc;
    c->syms = scr_arena_grow(p->arena, c->syms, c->nsyms, &c->capsyms, sizeof *c->syms);
    memset(&c->syms[c->nsyms], 0, sizeof *c->syms);
    return c->nsyms++;
}

void scr_plsym_close(scr_parser_t *p, uint32_t mark)
{
    p->plc->nsyms = mark;
}

sym_t *scr_plsym_alias(scr_parser_t *p, const char *name, const sym_t *of, uint32_t line)
{
    sym_t copy = *of;
    sym_t *s = scr_plsym_add(p, name, 'p', line); /* 'p' takes no register */
    copy.constant = 0;
    memcpy(copy.name, s->name, sizeof copy.name);
    *s = copy;
    return s;
}

sym_t *scr_plsym_declared(scr_parser_t *p, const char *name, uint32_t line)
{
    sym_t *s = scr_plsym_find(p, name);
    if (s == NULL)
        scr_fail_at(p, line, "PLS-00201: identifier '%s' must be declared", name);
    return s;
}

/* A name of a procedure's caller that its body does not see (plproc.c). */
static int hidden(const struct scr_plc *c, uint32_t j)
{
    for (uint32_t h = 0; h < c->nhide; h++)
        if (j >= c->hide[h].lo && j < c->hide[h].hi)
            return 1;
    return 0;
}

sym_t *scr_plsym_find(scr_parser_t *p, const char *name)
{
    struct scr_plc *c = p->plc;
    for (uint32_t j = c->nsyms; j-- > 0;)
        if (c->syms[j].kind && strcmp(c->syms[j].name, name) == 0 && !hidden(c, j))
            return &c->syms[j];
    return NULL;
}

int scr_plsym_cursor_found(scr_parser_t *p, const char *name, const char *attr, uint32_t *reg)
{
    if (p->plc == NULL || (strcmp(attr, "FOUND") != 0 && strcmp(attr, "NOTFOUND") != 0))
        return 0;
    sym_t *s = scr_plsym_find(p, name);
    if (s == NULL || s->kind != 'c')
        return 0;
    if (p->plc->curdecl[s->reg].vq)
        scr_fail(p, "%s%%%s of a cursor over a view not modelled (a FOR loop over it runs)", name,
                 attr);
    *reg = p->plc->curdecl[s->reg].found;
    return 1;
}

int scr_plsym_boolean(scr_parser_t *p, const char *name, uint32_t *reg)
{
    if (p->plc == NULL)
        return 0;
    sym_t *s = scr_plsym_find(p, name);
    if (s == NULL || s->kind != 'n' || !s->boolean)
        return 0;
    *reg = s->reg;
    return 1;
}

/* ---- names in expressions ---------------------------------------------- */

scr_expr_t *scr_plsql_name(scr_parser_t *p, const char *name, uint32_t line)
{
    sym_t *s = scr_plsym_find(p, name);
    if (s && s->kind == 'c' && scr_is_sym(p, "%") && p->plc->curdecl[s->reg].vq)
        scr_fail_at(p, line, "%s%% of a cursor over a view not modelled (a FOR loop over it runs)",
                    name);
    if (s && s->kind == 'c' && scr_is_sym(p, "%")) {
        /* C%ROWCOUNT: the rows fetched since OPEN */
        p->i++;
        char attr[SCR_NAME_MAX + 1];
        scr_expect_name(p, attr, "a cursor attribute");
        if (strcmp(attr, "ROWCOUNT") != 0)
            scr_fail_at(p, line,
                        "%s%%%s in an expression not supported (%%ROWCOUNT is; %%FOUND "
                        "and %%NOTFOUND are conditions)",
                        name, attr);
        scr_expr_t *e = scr_expr_node(p, SCR_E_NUM, SCR_T_NUMBER, line);
        e->var = p->plc->curdecl[s->reg].count;
        e->row_dependent = 1;
        return e;
    }
    if (s && s->kind == 'q') {
        /* a row of a cursor over a view: r.field, an item's heading */
        scr_expect_sym(p, ".");
        char f[SCR_NAME_MAX + 1];
        scr_expect_name(p, f, "a field of the cursor's row");
        for (uint32_t k = 0; k < s->nqf; k++)
            if (strcmp(s->qf[k].name, f) == 0) {
                scr_expr_t *e = scr_expr_node(p, s->qf[k].text ? SCR_E_VAR : SCR_E_NUM,
                                              s->qf[k].text ? SCR_T_VARCHAR : SCR_T_NUMBER, line);
                e->var = s->qf[k].reg;
                e->row_dependent = 1;
                return e;
            }
        scr_fail_at(p, line, "PLS-00302: component '%s' must be declared", f);
    }
    if (s == NULL || (!scr_plsym_is_var(s) && s->kind != 'r'))
        return NULL;
    scr_expr_t *e;
    if (s->kind == 'n') {
        e = scr_expr_node(p, SCR_E_NUM, SCR_T_NUMBER, line);
        e->var = s->reg;
    } else if (s->kind == 'v') {
        e = scr_expr_node(p, SCR_E_VAR, s->type, line);
        e->var = s->reg;
        e->raw = s->type == SCR_T_BLOB && s->vmax; /* RAW(N) */
        if (s->fixed || s->constant)
            e->static_len = s->init ? s->init->static_len : 0;
    } else {
        /* a cursor row: r.field */
        scr_expect_sym(p, ".");
        char f[SCR_NAME_MAX + 1];
        scr_expect_name(p, f, "a field of the cursor's row");
        const scr_table_t *t = &p->script->tables[s->table];
        int col = -1;
        for (uint32_t i = 0; i < t->ncols; i++)
            if (!t->cols[i].dropped && strcmp(t->cols[i].name, f) == 0)
                col = (int)i;
        for (uint32_t k = 0; col < 0 && s->cs && k < s->cs->nlens; k++)
            if (strcmp(s->cs->lens_name[k], f) == 0) {
                /* dbms_lob.getlength(c) ALIAS: the length of the row's LOB */
                int lc = s->cs->lens_col[k];
                scr_expr_t *v = scr_expr_node(
                    p, SCR_E_VAR, t->cols[lc].type == SCR_COL_BLOB ? SCR_T_BLOB : SCR_T_CLOB, line);
                v->var = s->lob + scr_lob_slot(t, lc);
                v->row_dependent = 1;
                e = scr_expr_node(p, SCR_E_LENGTH, SCR_T_NUMBER, line);
                e->args[0] = v;
                e->nargs = 1;
                e->row_dependent = 1;
                return e;
            }
        if (col < 0 || !(s->sel >> col & 1))
            scr_fail_at(p, line, "PLS-00302: component '%s' must be declared", f);
        if (col == t->id_col) {
            e = scr_expr_node(p, SCR_E_NUM, SCR_T_NUMBER, line);
            e->var = s->reg;
        } else if (t->cols[col].type == SCR_COL_CLOB || t->cols[col].type == SCR_COL_BLOB) {
            uint32_t k = scr_lob_slot(t, col);
            e = scr_expr_node(p, SCR_E_VAR,
                              t->cols[col].type == SCR_COL_BLOB ? SCR_T_BLOB : SCR_T_CLOB, line);
            e->var = s->lob + k;
        } else {
            scr_fail_at(p, line,
                        "field '%s' of a cursor row not modelled (the model keeps a row's id and "
                        "its LOBs only)",
                        f);
        }
    }
    e->row_dependent = 1;
    return e;
}
