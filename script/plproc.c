/*
 * plproc.c -- procedures: created by CREATE [OR REPLACE] PROCEDURE (the
 * script's own, or the setup's: a helper the author's database holds),
 * dropped by DROP PROCEDURE, or declared in a block's declarations; each
 * call compiled inline into the calling block's operations, as a macro
 * would be: its parameters bound, then its declarations and body compiled
 * by plsql.c in a scope of their own.
 *
 * PL/SQL Language Reference, "PL/SQL Subprograms": an IN parameter is a
 * constant set from its actual (or its DEFAULT), an OUT or IN OUT one
 * names the actual variable itself (here the same register: the copy back
 * on a normal return is then already made; on an exception that leaves
 * the procedure, Oracle leaves the actual as it was unless NOCOPY, a
 * difference the subset does not model); positional actuals first, then
 * named ones (`name => value`).  A procedure's body sees its parameters,
 * its own declarations and what was declared before it, never its
 * caller's names.  Calls nest SCR_PROC_DEPTH deep at most: a recursive
 * procedure is refused.  `return;` leaves the procedure (or, outside one,
 * the block).  SQL Language Reference, CREATE PROCEDURE: without OR
 * REPLACE an existing name is ORA-00955; DROP PROCEDURE of a missing one
 * is ORA-04043.  Functions, packages and triggers are refused (parse.c).
 */
#include <stdio.h>
#include <string.h>

#include "plsql_int.h"

/* ---- the text of a procedure ------------------------------------------ */

/* From the token at k (just after IS or AS), the index after the `END
 * [name] ;` that closes the procedure: BEGIN and CASE open, END (but END
 * IF and END LOOP) closes; a procedure its declarations hold closes first. */
static uint32_t end_of_body(scr_parser_t *p, const scr_tok_t *toks, uint32_t n, uint32_t k)
{
    int depth = 0, inner = 0;
    for (; k < n && toks[k].kind != SCR_TOK_EOF; k++) {
        if (toks[k].kind != SCR_TOK_IDENT)
            continue;
        const char *w = toks[k].text;
        if (depth == 0 && strcmp(w, "PROCEDURE") == 0) {
            inner++;
        } else if (strcmp(w, "BEGIN") == 0 || strcmp(w, "CASE") == 0) {
            depth++;
        } else if (strcmp(w, "END") == 0) {
            const char *nx = k + 1 < n ? toks[k + 1].text : "";
            if (strcmp(nx, "IF") == 0 || strcmp(nx, "LOOP") == 0)
                continue;
            if (strcmp(nx, "CASE") == 0)
                k++;
            if (--depth == 0 && inner > 0) {
                inner--;
            } else if (depth == 0) {
                k++;
                if (k < n && toks[k].kind == SCR_TOK_IDENT)
                    k++; /* the procedure's name */
                if (k < n && toks[k].kind == SCR_TOK_SYM && strcmp(toks[k].text, ";") == 0)
                    return k + 1;
                break;
            }
        }
    }
    p->i = k < n ? k : n - 1;
    scr_unexpected(p, "the END ; that closes the procedure");
}

/* After PROCEDURE: the name into pr, its parameter list skipped (its '('
 * remembered), AUTHID and IS | AS taken; p->i is then at its body. */
static void header(scr_parser_t *p, scr_proc_t *pr)
{
    scr_expect_name(p, pr->name, "a procedure name");
    if (scr_accept_sym(p, ".")) /* SCHEMA.NAME: one schema */
        scr_expect_name(p, pr->name, "a procedure name");
    pr->params = 0;
    if (scr_is_sym(p, "(")) {
        pr->params = p->i;
        for (int depth = 0;; p->i++) {
            const scr_tok_t *t = scr_peek(p);
            if (t->kind == SCR_TOK_EOF)
                scr_unexpected(p, "')' closing the parameters");
            depth += t->kind == SCR_TOK_SYM && strcmp(t->text, "(") == 0;
            depth -= t->kind == SCR_TOK_SYM && strcmp(t->text, ")") == 0;
            if (depth == 0)
                break;
        }
        p->i++;
    }
    if (scr_accept_kw(p, "AUTHID") && !scr_accept_kw(p, "CURRENT_USER"))
        scr_expect_kw(p, "DEFINER");
    if (!scr_accept_kw(p, "IS"))
        scr_expect_kw(p, "AS");
    pr->body = p->i;
}

/* The procedure created as NAME: its index in p->procs, or -1. */
static int stored_at(const scr_parser_t *p, const char *name)
{
    for (uint32_t k = 0; k < p->nprocs; k++)
        if (strcmp(p->procs[k].name, name) == 0)
            return (int)k;
    return -1;
}

static scr_proc_t *stored(scr_parser_t *p, const char *name)
{
    int k = stored_at(p, name);
    return k < 0 ? NULL : &p->procs[k];
}

const scr_proc_t *scr_proc_stored(const scr_parser_t *p, const char *name)
{
    int k = stored_at(p, name);
    return k < 0 ? NULL : &p->procs[k];
}

/* CREATE [OR REPLACE] [EDITIONABLE | NONEDITIONABLE] PROCEDURE ... and
 * DROP PROCEDURE NAME (heads.c, step 5): the statement's text kept. */
void scr_proc_statement(scr_parser_t *p)
{
    p->i = 0;
    if (scr_accept_kw(p, "DROP")) {
        scr_expect_kw(p, "PROCEDURE");
        char name[SCR_NAME_MAX + 1];
        scr_expect_name(p, name, "a procedure name");
        if (scr_accept_sym(p, "."))
            scr_expect_name(p, name, "a procedure name");
        scr_expect_end(p);
        scr_proc_t *pr = stored(p, name);
        if (pr == NULL)
            scr_fail_at(p, p->toks[0].line, "ORA-04043: object %s does not exist", name);
        *pr = p->procs[--p->nprocs];
        return;
    }
    scr_expect_kw(p, "CREATE");
    int replace = 0;
    if (scr_accept_kw(p, "OR")) {
        scr_expect_kw(p, "REPLACE");
        replace = 1;
    }
    if (!scr_accept_kw(p, "EDITIONABLE"))
        scr_accept_kw(p, "NONEDITIONABLE");
    scr_expect_kw(p, "PROCEDURE");
    scr_proc_t pr;
    memset(&pr, 0, sizeof pr);
    header(p, &pr);
    uint32_t end = end_of_body(p, p->toks, p->ntoks, p->i);
    p->i = end;
    scr_expect_end(p);
    scr_proc_t *old = stored(p, pr.name);
    if (old && !replace)
        scr_fail_at(p, p->toks[0].line,
                    "ORA-00955: name is already used by an existing object (%s)", pr.name);
    /* the tokens outlive the statement's: copied into the arena (their
     * texts are there already) */
    pr.ntoks = p->ntoks;
    scr_tok_t *copy = scr_arena_alloc(p->arena, p->ntoks * sizeof *copy);
    memcpy(copy, p->toks, p->ntoks * sizeof *copy);
    pr.toks = copy;
    pr.stored = 1;
    if (old == NULL) {
        p->procs = scr_arena_grow(p->arena, p->procs, p->nprocs, &p->capprocs, sizeof *p->procs);
        old = &p->procs[p->nprocs++];
    }
    *old = pr;
}

/* PROCEDURE NAME [(...)] IS|AS ... END [NAME]; in a block's declarations:
 * its place in the block's text kept as a name of the scope. */
void scr_proc_declare(scr_parser_t *p, uint32_t line)
{
    struct scr_plc *c = p->plc;
    scr_expect_kw(p, "PROCEDURE");
    scr_proc_t pr;
    memset(&pr, 0, sizeof pr);
    header(p, &pr);
    pr.toks = p->toks;
    pr.ntoks = p->ntoks;
    pr.scope = c->nsyms;
    p->i = end_of_body(p, p->toks, p->ntoks, p->i);
    c->nested = scr_arena_grow(p->arena, c->nested, c->nnested, &c->capnested, sizeof *c->nested);
    c->nested[c->nnested] = pr;
    sym_t *s = scr_plsym_add(p, pr.name, 'p', line);
    s->reg = c->nnested++;
}

/* ---- a call -------------------------------------------------------------- */

/* The procedure the statement at p->i calls (NAME or SCHEMA.NAME, then
 * '(' or ';'), p->i past its name; NULL and p->i unchanged when none. */
const scr_proc_t *scr_proc_at_call(scr_parser_t *p)
{
    uint32_t save = p->i;
    const scr_tok_t *t = scr_peek(p);
    if (t->kind != SCR_TOK_IDENT && t->kind != SCR_TOK_QIDENT)
        return NULL;
    char name[SCR_NAME_MAX + 1];
    scr_expect_name(p, name, "a procedure");
    if (scr_is_sym(p, ".") &&
        (scr_peek_at(p, 1)->kind == SCR_TOK_IDENT || scr_peek_at(p, 1)->kind == SCR_TOK_QIDENT)) {
        p->i++;
        scr_expect_name(p, name, "a procedure");
    }
    if (scr_is_sym(p, "(") || scr_is_sym(p, ";")) {
        sym_t *s = scr_plsym_find(p, name);
        if (s && s->kind == 'p')
            return &p->plc->nested[s->reg];
        if (s == NULL) {
            const scr_proc_t *pr = stored(p, name);
            if (pr)
                return pr;
        }
    }
    p->i = save;
    return NULL;
}

typedef struct {
    char name[SCR_NAME_MAX + 1]; /* `name =>`, or "" by position */
    scr_expr_t *e;
    sym_t var; /* the actual when it is a variable (kind 0: it is not) */
    uint32_t line;
    int used;
} actual_t;

/* The actuals from '(' to ')' (none without it), then ';'. */
static uint32_t actuals(scr_parser_t *p, actual_t *a, const char *proc)
{
    uint32_t n = 0;
    if (scr_accept_sym(p, "(") && !scr_accept_sym(p, ")")) {
        do {
            if (n == SCR_PROC_PARAMS)
                scr_fail(p, "more than %u arguments in a call of '%s' not supported",
                         SCR_PROC_PARAMS, proc);
            actual_t *x = &a[n++];
            memset(x, 0, sizeof *x);
            x->line = scr_peek(p)->line;
            if (scr_peek(p)->kind == SCR_TOK_IDENT && strcmp(scr_peek_at(p, 1)->text, "=>") == 0) {
                snprintf(x->name, sizeof x->name, "%s", scr_peek(p)->text);
                p->i += 2;
            } else if (n > 1 && a[n - 2].name[0]) {
                scr_fail_at(p, x->line,
                            "PLS-00312: a positional parameter association may not follow a "
                            "named association");
            }
            const scr_tok_t *t = scr_peek(p);
            const char *nx = scr_peek_at(p, 1)->text;
            if ((t->kind == SCR_TOK_IDENT || t->kind == SCR_TOK_QIDENT) &&
                (strcmp(nx, ",") == 0 || strcmp(nx, ")") == 0)) {
                sym_t *v = scr_plsym_find(p, t->text);
                if (v && (v->kind == 'n' || v->kind == 'v'))
                    x->var = *v;
            }
            x->e = scr_parse_expr(p, -1, 1);
        } while (scr_accept_sym(p, ","));
        scr_expect_sym(p, ")");
    }
    scr_expect_sym(p, ";");
    return n;
}

static _Noreturn void wrong_args(scr_parser_t *p, uint32_t line, const char *proc)
{
    scr_fail_at(p, line, "PLS-00306: wrong number or types of arguments in call to '%s'", proc);
}

/* One formal parameter at p->i (the procedure's text), bound to its actual
 * (position k) or its default. */
static void bind(scr_parser_t *p, const scr_proc_t *pr, actual_t *a, uint32_t na, uint32_t k,
                 uint32_t call_line)
{
    uint32_t line = scr_peek(p)->line;
    char name[SCR_NAME_MAX + 1];
    scr_expect_name(p, name, "a parameter name");
    int in = scr_accept_kw(p, "IN"), out = scr_accept_kw(p, "OUT");
    if (out)
        scr_accept_kw(p, "NOCOPY");
    (void)in;
    sym_t t;
    memset(&t, 0, sizeof t);
    scr_pl_var_type(p, &t, line, 1);
    scr_expr_t *dflt = NULL;
    if (scr_accept_sym(p, ":=") || scr_accept_kw(p, "DEFAULT"))
        dflt = scr_parse_expr(p, -1, 1);
    actual_t *x = NULL;
    for (uint32_t j = 0; j < na && x == NULL; j++)
        if (a[j].name[0] ? strcmp(a[j].name, name) == 0 : j == k)
            x = &a[j];
    if (x)
        x->used = 1;
    if (out) {
        /* the actual variable itself, of the parameter's kind */
        if (x == NULL || x->var.kind == 0 || x->var.constant || x->var.kind != t.kind ||
            (t.type == SCR_T_NUMBER) != (x->var.type == SCR_T_NUMBER))
            wrong_args(p, x ? x->line : call_line, pr->name);
        scr_plsym_alias(p, name, &x->var, line);
        return;
    }
    scr_expr_t *e = x ? x->e : dflt;
    if (e == NULL)
        wrong_args(p, call_line, pr->name);
    sym_t *s = scr_plsym_add(p, name, t.kind, line);
    s->type = t.type;
    s->vmax = t.vmax;
    s->constant = 1; /* an IN parameter is read-only */
    s->init = e;
    s->fixed = t.type != SCR_T_CLOB && t.type != SCR_T_BLOB;
    scr_pl_check_assign(p, s, e);
    scr_pl_emit_set(p, s, e, line);
    scr_pl_record_var(p, s, e);
}

void scr_proc_enter(scr_parser_t *p, const scr_proc_t *pr, scr_proc_frame_t *f, uint32_t line)
{
    struct scr_plc *c = p->plc;
    if (c->depth >= SCR_PROC_DEPTH)
        scr_fail_at(p, line,
                    "calls of '%s' nested %u deep: recursive procedures not supported (at most "
                    "%u calls one inside another)",
                    pr->name, c->depth + 1, SCR_PROC_DEPTH);
    actual_t a[SCR_PROC_PARAMS];
    uint32_t na = actuals(p, a, pr->name);
    memset(f, 0, sizeof *f);
    f->toks = p->toks;
    f->ntoks = p->ntoks;
    f->i = p->i;
    f->rets = c->nrets;
    f->loop_depth = c->loop_depth;
    f->exits = c->exits;
    f->nexits = c->nexits;
    f->capexits = c->capexits;
    f->cont = c->cont;
    f->in_handler = c->in_handler;
    f->nhide = c->nhide;
    f->stored = pr->stored;
    /* the body sees what was declared before the procedure, not the
     * caller's names */
    if (c->depth == 0)
        p->toks_held = p->toks;
    c->hide[c->nhide].lo = pr->stored ? 0 : pr->scope;
    c->hide[c->nhide++].hi = c->nsyms;
    c->depth++;
    c->loop_depth = 0;
    c->exits = NULL;
    c->nexits = c->capexits = 0;
    c->cont = NULL;
    c->in_handler = 0;
    f->mark = scr_plsym_open(p);
    p->toks = pr->toks;
    p->ntoks = pr->ntoks;
    p->i = pr->params;
    if (pr->params) {
        scr_expect_sym(p, "(");
        uint32_t k = 0;
        do
            bind(p, pr, a, na, k++, line);
        while (scr_accept_sym(p, ","));
        scr_expect_sym(p, ")");
    }
    for (uint32_t j = 0; j < na; j++)
        if (!a[j].used)
            wrong_args(p, a[j].line, pr->name);
    p->i = pr->body;
}

void scr_proc_leave(scr_parser_t *p, scr_proc_frame_t *f)
{
    struct scr_plc *c = p->plc;
    if (f->stored)
        scr_expect_end(p);
    for (uint32_t k = f->rets; k < c->nrets; k++)
        scr_pl_op(p, c->rets[k])->target = scr_pl_here(p);
    c->nrets = f->rets;
    scr_plsym_close(p, f->mark);
    if (--c->depth == 0)
        p->toks_held = NULL;
    c->nhide = f->nhide;
    c->loop_depth = f->loop_depth;
    c->exits = f->exits;
    c->nexits = f->nexits;
    c->capexits = f->capexits;
    c->cont = f->cont;
    c->in_handler = f->in_handler;
    p->toks = f->toks;
    p->ntoks = f->ntoks;
    p->i = f->i;
}

/* `return;`: a jump to the end of the procedure, or of the block. */
void scr_proc_return(scr_parser_t *p, uint32_t line)
{
    struct scr_plc *c = p->plc;
    scr_expect_sym(p, ";");
    c->rets = scr_arena_grow(p->arena, c->rets, c->nrets, &c->caprets, sizeof *c->rets);
    c->rets[c->nrets++] = scr_pl_emit(p, SCR_PL_JUMP, line);
}
