/*
 * plsql.c -- an anonymous PL/SQL block compiled into operations
 * (scr_block_t.ops) that life_sim's one loop runs, as Lua's lparser.c
 * compiles for lvm.c: the parser knows the language, the loop knows
 * nothing of syntax.
 *
 * The subset (PL/SQL Language Reference, "Block", "Declarations",
 * "Control Statements", "Exception Handling"; script/README.md):
 *   - declare: NUMBER, INTEGER, PLS_INTEGER, BINARY_INTEGER, VARCHAR2(N),
 *     LONG, RAW(N), CLOB, BLOB, T.C%TYPE and V%TYPE, CONSTANT, NOT NULL,
 *     := or DEFAULT an initial value;
 *   - v := expr; if / elsif / else; loop, while, for i in [reverse] a .. b,
 *     for r in (select ... from t [where ...]); exit [when], continue
 *     [when]; nested blocks with their declarations;
 *   - insert, update, delete with variables in values and predicates;
 *     commit and rollback anywhere; dbms_lock.sleep, dbms_session.sleep;
 *     dbms_output.put_line; execute immediate 'one statement';
 *   - exception when others then ...; raise; raise_application_error.
 * Registers: a NUMBER variable, a loop index and its bound, a cursor
 * row's id are number registers; the others value registers.  A name in a
 * SQL statement is a column of its table first, then a variable, as
 * Oracle resolves it ("Name Resolution").
 *
 * dbms_space.space_usage (SecureFile form) and unused_space are calls
 * of the block (plcall.c), their OUT variables filled with the model's
 * figures.  A block that only reads otherwise (space_usage's ASSM form,
 * dbms_stats, show_space) is an observation: recorded verbatim, not
 * parsed further.  A block that both
 * reads that way and changes is refused, so that no change is ever
 * skipped unseen.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "plsql_int.h"

/* ---- operations --------------------------------------------------------- */

/* ---- declarations ------------------------------------------------------- */

static void declarations(scr_parser_t *p)
{
    while (!scr_is_kw(p, "BEGIN")) {
        uint32_t line = scr_peek(p)->line;
        char name[SCR_NAME_MAX + 1];
        if (scr_is_kw(p, "PROCEDURE")) {
            scr_proc_declare(p, line);
            continue;
        }
        if (scr_is_kw(p, "PRAGMA")) {
            scr_exc_pragma(p, line);
            continue;
        }
        if (scr_accept_kw(p, "CURSOR")) {
            scr_cursor_declare(p, line);
            continue;
        }
        if (scr_is_kw(p, "TYPE") || scr_is_kw(p, "FUNCTION"))
            scr_fail(p, "'%s' declarations not supported (variables and procedures only)",
                     scr_peek(p)->text);
        scr_expect_name(p, name, "a variable name or BEGIN");
        if (scr_is_kw(p, "EXCEPTION")) {
            scr_exc_declare(p, name, line);
            continue;
        }
        sym_t t = {0};
        t.constant = scr_accept_kw(p, "CONSTANT");
        scr_pl_var_type(p, &t, line, 0);
        int not_null = 0;
        if (scr_accept_kw(p, "NOT")) {
            scr_expect_kw(p, "NULL");
            not_null = 1;
        }
        scr_expr_t *e = NULL;
        /* the variable is in scope after its own declaration only */
        if (t.boolean) {
            if (t.constant || (scr_is_kw(p, "NOT") && strcmp(scr_peek_at(p, 1)->text, "NULL") == 0))
                scr_fail(p, "a BOOLEAN constant or NOT NULL not supported");
            sym_t *s = scr_plsym_add(p, name, 'n', line);
            s->type = SCR_T_NUMBER;
            s->boolean = 1;
            if (scr_accept_sym(p, ":=") || scr_accept_kw(p, "DEFAULT"))
                scr_pl_emit_bool(p, s, line);
            scr_expect_sym(p, ";");
            continue;
        }
        if (scr_accept_sym(p, ":=") || scr_accept_kw(p, "DEFAULT"))
            e = scr_parse_expr(p, -1, 1);
        if ((not_null || t.constant) && e == NULL)
            scr_fail_at(p, line,
                        "PLS-00218: a variable declared NOT NULL must have an initialization "
                        "assignment");
        sym_t *s = scr_plsym_add(p, name, t.kind, line);
        s->type = t.type;
        s->vmax = t.vmax;
        s->constant = t.constant;
        s->init = e;
        s->fixed = !scr_pl_assigned(p, name, p->i) && t.type != SCR_T_CLOB && t.type != SCR_T_BLOB;
        if (e) {
            scr_pl_check_assign(p, s, e);
            scr_pl_emit_set(p, s, e, line);
        }
        scr_pl_record_var(p, s, e);
        scr_expect_sym(p, ";");
    }
}

/* ---- statements ------------------------------------------------------- */

/* Parse the statement from p->i to the next ';' with the given parser. */
static void bounded(scr_parser_t *p, scr_stmt_t *st, void (*fn)(scr_parser_t *, scr_stmt_t *))
{
    uint32_t k = scr_next_outside(p, ";");
    scr_tok_t saved = p->toks[k];
    const scr_tok_t *first = scr_peek(p);
    st->text =
        scr_arena_strndup(p->arena, p->lx->src + first->start, p->toks[k - 1].end - first->start);
    p->toks[k].kind = SCR_TOK_EOF;
    p->toks[k].text = "";
    fn(p, st);
    scr_expect_end(p);
    p->toks[k] = saved;
    p->i = k + 1;
}

static void plain_commit(scr_parser_t *p, scr_stmt_t *st)
{
    st->kind = scr_accept_kw(p, "COMMIT") ? SCR_COMMIT : SCR_ROLLBACK;
    if (st->kind == SCR_ROLLBACK)
        scr_expect_kw(p, "ROLLBACK");
    scr_accept_kw(p, "WORK");
}

static void insert_stmt(scr_parser_t *p, scr_stmt_t *st)
{
    scr_expect_kw(p, "INSERT");
    scr_parse_insert(p, st);
}

static void update_stmt(scr_parser_t *p, scr_stmt_t *st)
{
    scr_expect_kw(p, "UPDATE");
    scr_parse_update(p, st);
}

static void delete_stmt(scr_parser_t *p, scr_stmt_t *st)
{
    scr_expect_kw(p, "DELETE");
    scr_parse_delete(p, st);
}

static void body(scr_parser_t *p);
static void block(scr_parser_t *p, uint32_t line);
static void call(scr_parser_t *p, const scr_proc_t *pr, uint32_t line);

/* An `exit` or a loop's end jump, patched when its loop ends. */
static void exit_jump(scr_parser_t *p, uint32_t line)
{
    struct scr_plc *c = p->plc;
    c->exits = scr_arena_grow(p->arena, c->exits, c->nexits, &c->capexits, sizeof *c->exits);
    c->exits[c->nexits].op = scr_pl_emit(p, SCR_PL_JUMP, line);
    c->exits[c->nexits++].depth = c->loop_depth;
}

/* A loop's body between LOOP and END LOOP; `continue` goes to cont, the
 * exits to what follows. */
static void loop_body(scr_parser_t *p, uint32_t cont_at_end, uint32_t cont)
{
    struct scr_plc *c = p->plc;
    c->loop_depth++;
    uint32_t *cv = scr_arena_alloc(p->arena, (c->loop_depth + 1) * sizeof *cv);
    if (c->loop_depth > 1)
        memcpy(cv, c->cont, c->loop_depth * sizeof *cv);
    /* a continue target not known yet (a for loop's step) is UINT32_MAX:
     * the continue jumps are patched like the exits, to the step */
    cv[c->loop_depth] = cont_at_end ? UINT32_MAX : cont;
    c->cont = cv;
    scr_expect_kw(p, "LOOP");
    body(p);
    scr_expect_kw(p, "END");
    scr_expect_kw(p, "LOOP");
    if (scr_peek(p)->kind == SCR_TOK_IDENT)
        p->i++; /* its label */
    scr_expect_sym(p, ";");
}

/* The loop's exits jump to `end`; its pending continues to `step`. */
static void loop_close(scr_parser_t *p, uint32_t step, uint32_t end)
{
    struct scr_plc *c = p->plc;
    uint32_t keep = 0;
    for (uint32_t i = 0; i < c->nexits; i++) {
        if (c->exits[i].depth == c->loop_depth) {
            scr_pl_op_t *op = scr_pl_op(p, c->exits[i].op);
            op->target = op->target == UINT32_MAX ? step : end;
        } else {
            c->exits[keep++] = c->exits[i];
        }
    }
    c->nexits = keep;
    c->loop_depth--;
}

/* for r in (select ... from VIEW ...) loop, or for r in C loop of a
 * cursor declared over a view (q its query): the query over the views
 * the model fills (as select ... into reads them), its rows taken when
 * the loop opens, r.FIELD each item by its heading (PL/SQL Language
 * Reference, "Cursor FOR LOOP Statement"). */
static void view_cursor_loop(scr_parser_t *p, const char *name, uint32_t line, const scr_query_t *q)
{
    if (q == NULL) {
        scr_expect_sym(p, "(");
        q = scr_parse_query_to(p, ")", NULL);
    }
    if (q->nshown > 12)
        scr_fail_at(p, line, "a cursor over a view of more than 12 items not supported");
    uint32_t mark = scr_plsym_open(p);
    sym_t *r = scr_plsym_add(p, name, 'q', line);
    scr_qfield_t *qf = scr_arena_alloc(p->arena, (q->nshown + 1) * sizeof *qf);
    uint32_t cur = p->plc->b->ncursors++;
    uint32_t o = scr_pl_emit(p, SCR_PL_QOPEN, line);
    scr_pl_op(p, o)->b = cur;
    scr_pl_op(p, o)->query = q;
    uint32_t top = scr_pl_emit(p, SCR_PL_QFETCH, line);
    scr_pl_op_t *f = scr_pl_op(p, top);
    f->b = cur;
    f->query = q;
    for (uint32_t k = 0; k < q->nshown; k++) {
        const scr_qitem_t *it = &q->item[k];
        int text = it->kind == SCR_QI_COLUMN && q->view != SCR_V_TABLE && !q->cols[it->col].number;
        snprintf(qf[k].name, sizeof qf[k].name, "%s", it->head);
        qf[k].text = text;
        qf[k].reg = text ? p->plc->b->nvals++ : p->plc->b->nnums++;
        f->outs[k] = qf[k].reg;
        f->out_text[k] = (uint8_t)text;
    }
    f->nouts = q->nshown;
    r->qf = qf;
    r->nqf = q->nshown;
    loop_body(p, 0, top);
    scr_pl_op(p, scr_pl_emit(p, SCR_PL_JUMP, line))->target = top;
    scr_pl_op(p, top)->target = scr_pl_here(p);
    loop_close(p, top, scr_pl_here(p));
    scr_plsym_close(p, mark);
}

/* for r in (select cols from t [alias] [where cond]) loop */
static void cursor_loop(scr_parser_t *p, const char *name, uint32_t line, const scr_cursor_t *decl)
{
    scr_cursor_t read;
    if (decl == NULL && scr_is_sym(p, "(") && strcmp(scr_peek_at(p, 1)->text, "SELECT") == 0 &&
        scr_select_reads_view(p, p->i + 1)) {
        view_cursor_loop(p, name, line, NULL);
        return;
    }
    if (decl && decl->vq) { /* cursor C is select ... from VIEW ...; for r in C loop */
        view_cursor_loop(p, name, line, decl->vq);
        return;
    }
    if (decl == NULL) {
        scr_cursor_select(p, 1, &read);
        decl = &read;
    }
    int table = decl->table;
    const scr_pred_t *cond = decl->cond;
    uint64_t sel = decl->sel;
    const scr_table_t *t = &p->script->tables[table];
    uint32_t mark = scr_plsym_open(p);
    sym_t *r = scr_plsym_add(p, name, 'r', line);
    r->table = table;
    r->sel = sel;
    r->cs = decl;
    r->lob = p->plc->b->nvals;
    p->plc->b->nvals += scr_lob_slot(t, (int)t->ncols);
    uint32_t cur = p->plc->b->ncursors++;
    uint32_t o = scr_pl_emit(p, SCR_PL_OPEN, line);
    scr_pl_op(p, o)->b = cur;
    scr_pl_op(p, o)->table = table;
    scr_pl_op(p, o)->cond = cond;
    scr_pl_op(p, o)->c = (uint32_t)decl->order;
    uint32_t top = scr_pl_emit(p, SCR_PL_FETCH, line);
    scr_pl_op(p, top)->a = r->reg;
    scr_pl_op(p, top)->b = cur;
    scr_pl_op(p, top)->c = r->lob;
    scr_pl_op(p, top)->table = table;
    loop_body(p, 0, top);
    scr_pl_op(p, scr_pl_emit(p, SCR_PL_JUMP, line))->target = top;
    scr_pl_op(p, top)->target = scr_pl_here(p);
    loop_close(p, top, scr_pl_here(p));
    scr_plsym_close(p, mark);
}

static void for_loop(scr_parser_t *p, uint32_t line)
{
    char name[SCR_NAME_MAX + 1];
    scr_expect_name(p, name, "the loop index");
    scr_expect_kw(p, "IN");
    if (scr_is_sym(p, "(")) {
        cursor_loop(p, name, line, NULL);
        return;
    }
    const scr_tok_t *t = scr_peek(p);
    if ((t->kind == SCR_TOK_IDENT || t->kind == SCR_TOK_QIDENT) &&
        strcmp(scr_peek_at(p, 1)->text, "LOOP") == 0) {
        sym_t *c = scr_plsym_find(p, t->text);
        if (c && c->kind == 'c') {
            p->i++;
            cursor_loop(p, name, line, &p->plc->curdecl[c->reg]);
            return;
        }
    }
    int reverse = scr_accept_kw(p, "REVERSE");
    const scr_expr_t *lo = scr_parse_expr(p, -1, 1);
    scr_expect_sym(p, "..");
    const scr_expr_t *hi = scr_parse_expr(p, -1, 1);
    if (lo->type != SCR_T_NUMBER || hi->type != SCR_T_NUMBER)
        scr_fail_at(p, lo->line,
                    "PLS-00382: expression is of wrong type (a loop's bounds are "
                    "numbers)");
    uint32_t mark = scr_plsym_open(p);
    sym_t *i = scr_plsym_add(p, name, 'n', line);
    i->constant = 1;
    uint32_t bound = p->plc->b->nnums++;
    uint32_t f = scr_pl_emit(p, SCR_PL_FOR, line);
    scr_pl_op_t *op = scr_pl_op(p, f);
    op->a = i->reg;
    op->b = bound;
    op->x = lo;
    op->y = hi;
    op->reverse = reverse;
    uint32_t start = scr_pl_here(p);
    loop_body(p, 1, 0);
    uint32_t step = scr_pl_emit(p, SCR_PL_NEXT, line);
    op = scr_pl_op(p, step);
    op->a = i->reg;
    op->b = bound;
    op->reverse = reverse;
    op->target = start;
    scr_pl_op(p, f)->target = scr_pl_here(p);
    loop_close(p, step, scr_pl_here(p));
    scr_plsym_close(p, mark);
}

/* if c1 then ... elsif c2 then ... else ... end if */
static void if_stmt(scr_parser_t *p, uint32_t line)
{
    uint32_t ends[256], nends = 0;
    for (;;) {
        const scr_pred_t *cond = scr_parse_cond(p, -1, 1, NULL);
        scr_expect_kw(p, "THEN");
        uint32_t u = scr_pl_emit(p, SCR_PL_UNLESS, line);
        scr_pl_op(p, u)->cond = cond;
        body(p);
        int more = scr_is_kw(p, "ELSIF") || scr_is_kw(p, "ELSE");
        if (more) {
            if (nends == sizeof ends / sizeof ends[0])
                scr_fail(p, "more than 256 branches in one if");
            ends[nends++] = scr_pl_emit(p, SCR_PL_JUMP, line);
        }
        scr_pl_op(p, u)->target = scr_pl_here(p);
        if (scr_accept_kw(p, "ELSIF"))
            continue;
        if (scr_accept_kw(p, "ELSE"))
            body(p);
        break;
    }
    scr_expect_kw(p, "END");
    scr_expect_kw(p, "IF");
    scr_expect_sym(p, ";");
    for (uint32_t k = 0; k < nends; k++)
        scr_pl_op(p, ends[k])->target = scr_pl_here(p);
}

/* Whether a package name is Oracle's own (DBMS_, UTL_, ...): a call of one
 * the subset does not know is not modelled rather than undeclared. */
static int oracle_package(const char *n)
{
    static const char *const pre[] = {"DBMS_", "UTL_", "OWA", "HTP",  "HTF", "APEX_",
                                      "SYS",   "CTX_", "ORD", "SDO_", "XDB", "DEBUG_"};
    for (size_t k = 0; k < sizeof pre / sizeof pre[0]; k++)
        if (strncmp(n, pre[k], strlen(pre[k])) == 0)
            return 1;
    return 0;
}

/* exit [label] [when c]; continue [when c]; */
static void exit_stmt(scr_parser_t *p, uint32_t line, int cont)
{
    struct scr_plc *c = p->plc;
    if (c->loop_depth == 0)
        scr_fail_at(p, line,
                    cont ? "PLS-00376: illegal EXIT/CONTINUE statement; it must appear "
                           "inside a loop"
                         : "PLS-00376: illegal EXIT/CONTINUE statement; it must appear "
                           "inside a loop");
    if (scr_peek(p)->kind == SCR_TOK_IDENT && !scr_is_kw(p, "WHEN"))
        scr_fail(p, "EXIT or CONTINUE to a label not supported (the innermost loop only)");
    uint32_t skip = UINT32_MAX;
    if (scr_accept_kw(p, "WHEN")) {
        skip = scr_pl_emit(p, SCR_PL_UNLESS, line);
        scr_pl_op(p, skip)->cond = scr_parse_cond(p, -1, 1, NULL);
    }
    scr_expect_sym(p, ";");
    uint32_t to = c->cont[c->loop_depth];
    if (cont && to != UINT32_MAX) {
        scr_pl_op(p, scr_pl_emit(p, SCR_PL_JUMP, line))->target = to;
    } else {
        exit_jump(p, line);
        if (cont)
            scr_pl_op(p, scr_pl_here(p) - 1)->target =
                UINT32_MAX; /* to the step, at the loop's end */
    }
    if (skip != UINT32_MAX)
        scr_pl_op(p, skip)->target = scr_pl_here(p);
}

static void statement(scr_parser_t *p)
{
    const scr_proc_t *pr;
    const scr_tok_t *t = scr_peek(p);
    uint32_t line = t->line;
    if (scr_accept_kw(p, "NULL")) {
        scr_expect_sym(p, ";");
    } else if (scr_is_kw(p, "INSERT")) {
        bounded(p, scr_pl_push_stmt(p, line), insert_stmt);
    } else if (scr_is_kw(p, "UPDATE")) {
        bounded(p, scr_pl_push_stmt(p, line), update_stmt);
    } else if (scr_is_kw(p, "DELETE")) {
        bounded(p, scr_pl_push_stmt(p, line), delete_stmt);
    } else if (scr_is_kw(p, "COMMIT") || scr_is_kw(p, "ROLLBACK")) {
        bounded(p, scr_pl_push_stmt(p, line), plain_commit);
    } else if (scr_accept_kw(p, "IF")) {
        if_stmt(p, line);
    } else if (scr_accept_kw(p, "FOR")) {
        for_loop(p, line);
    } else if (scr_accept_kw(p, "WHILE")) {
        uint32_t top = scr_pl_here(p);
        uint32_t u = scr_pl_emit(p, SCR_PL_UNLESS, line);
        scr_pl_op(p, u)->cond = scr_parse_cond(p, -1, 1, NULL);
        loop_body(p, 0, top);
        scr_pl_op(p, scr_pl_emit(p, SCR_PL_JUMP, line))->target = top;
        scr_pl_op(p, u)->target = scr_pl_here(p);
        loop_close(p, top, scr_pl_here(p));
    } else if (scr_is_kw(p, "LOOP")) {
        uint32_t top = scr_pl_here(p);
        loop_body(p, 0, top);
        scr_pl_op(p, scr_pl_emit(p, SCR_PL_JUMP, line))->target = top;
        loop_close(p, top, scr_pl_here(p));
    } else if (scr_accept_kw(p, "EXIT")) {
        exit_stmt(p, line, 0);
    } else if (scr_accept_kw(p, "CONTINUE")) {
        exit_stmt(p, line, 1);
    } else if (scr_is_kw(p, "BEGIN") || scr_is_kw(p, "DECLARE")) {
        block(p, line);
    } else if (scr_accept_kw(p, "RAISE")) {
        if (scr_peek(p)->kind == SCR_TOK_IDENT) {
            scr_exc_raise(p, line);
            return;
        }
        if (!p->plc->in_handler)
            scr_fail_at(p, line,
                        "PLS-00367: a RAISE statement with no exception name must be "
                        "inside an exception handler");
        scr_expect_sym(p, ";");
        scr_pl_emit(p, SCR_PL_RAISE, line);
    } else if (scr_cursor_statement(p, line)) {
        /* open, fetch ... into, close of a declared cursor: emitted */
    } else if (scr_accept_kw(p, "RETURN")) {
        scr_proc_return(p, line);
    } else if (scr_pl_call(p, line)) {
        /* a package's call, execute immediate, select ... into: emitted */
    } else if ((pr = scr_proc_at_call(p)) != NULL) {
        call(p, pr, line);
    } else if (t->kind == SCR_TOK_IDENT && (strcmp(scr_peek_at(p, 1)->text, "(") == 0 ||
                                            strcmp(scr_peek_at(p, 1)->text, ";") == 0)) {
        /* a call of a procedure no CREATE made: the author's, to declare */
        scr_fail_at(p, line, "PLS-00201: identifier '%s' must be declared", t->text);
    } else if (t->kind == SCR_TOK_IDENT && strcmp(scr_peek_at(p, 1)->text, ".") == 0 &&
               scr_peek_at(p, 2)->kind == SCR_TOK_IDENT &&
               (strcmp(scr_peek_at(p, 3)->text, "(") == 0 ||
                strcmp(scr_peek_at(p, 3)->text, ";") == 0) &&
               !oracle_package(t->text)) {
        /* pkg.proc of a package no script creates (the author's runstats,
         * snap_my_stats): Oracle does not compile the block */
        scr_fail_at(p, line, "PLS-00201: identifier '%s.%s' must be declared", t->text,
                    scr_peek_at(p, 2)->text);
    } else if ((t->kind == SCR_TOK_IDENT || t->kind == SCR_TOK_QIDENT) &&
               strcmp(scr_peek_at(p, 1)->text, ":=") == 0) {
        char name[SCR_NAME_MAX + 1];
        scr_expect_name(p, name, "a variable");
        sym_t *v = scr_plsym_declared(p, name, line);
        if (v->constant || !scr_plsym_is_var(v))
            scr_fail_at(p, line,
                        "PLS-00363: expression '%s' cannot be used as an assignment target", name);
        scr_expect_sym(p, ":=");
        if (v->boolean) {
            sym_t b = *v;
            scr_pl_emit_bool(p, &b, line);
            scr_expect_sym(p, ";");
            return;
        }
        const scr_expr_t *e = scr_parse_expr(p, -1, 1);
        scr_pl_check_assign(p, v, e);
        scr_pl_emit_set(p, v, e, line);
        scr_expect_sym(p, ";");
    } else {
        scr_unexpected(p, "a statement of the PL/SQL subset (v := ..., if, loop, while, for, "
                          "exit, insert, update, delete, select ... into, commit, rollback, "
                          "execute immediate, dbms_output.put_line, dbms_lock.sleep, dbms_lob, "
                          "raise, return, a procedure's call, begin, null, END)");
    }
}

/* Statements up to END, EXCEPTION, ELSIF or ELSE. */
static void body(scr_parser_t *p)
{
    while (!scr_is_kw(p, "END") && !scr_is_kw(p, "EXCEPTION") && !scr_is_kw(p, "ELSIF") &&
           !scr_is_kw(p, "ELSE") && !(p->plc->in_handler && scr_is_kw(p, "WHEN"))) {
        if (scr_peek(p)->kind == SCR_TOK_EOF)
            scr_unexpected(p, "END");
        statement(p);
    }
}

/* exception when A [or B] then ... [when ...]... [when others then ...]:
 * each `when` a SCR_PL_CATCH to the next, its body, a jump past the
 * rest; an error no handler takes raised again.  SQLCODE and SQLERRM
 * are names of the handlers' scope. */
static void handlers(scr_parser_t *p, uint32_t id, uint32_t line)
{
    struct scr_plc *c = p->plc;
    uint32_t skip = scr_pl_emit(p, SCR_PL_JUMP, line);
    c->tries[id - 1] = scr_pl_here(p);
    uint32_t mark = scr_plsym_open(p);
    scr_exc_enter(p, line);
    uint32_t ends[64], nends = 0, others = 0;
    int was = c->in_handler;
    c->in_handler = 1;
    do {
        uint32_t wline = scr_peek(p)->line;
        scr_expect_kw(p, "WHEN");
        uint32_t test = UINT32_MAX;
        if (scr_accept_kw(p, "OTHERS")) {
            scr_expect_kw(p, "THEN");
            others = 1;
        } else {
            test = scr_exc_when(p, wline);
        }
        body(p);
        if (nends == 64)
            scr_fail(p, "more than 64 handlers in one block not supported");
        ends[nends++] = scr_pl_emit(p, SCR_PL_JUMP, wline);
        if (test != UINT32_MAX)
            scr_pl_op(p, test)->target = scr_pl_here(p);
        if (others && scr_is_kw(p, "WHEN"))
            scr_fail_at(p, scr_peek(p)->line,
                        "PLS-00370: OTHERS handler must be last among the "
                        "exception handlers of a block");
    } while (scr_is_kw(p, "WHEN"));
    c->in_handler = was;
    if (!others)
        scr_pl_emit(p, SCR_PL_RAISE, line); /* none took it: raised again */
    if (scr_is_kw(p, "EXCEPTION") || scr_is_kw(p, "ELSIF") || scr_is_kw(p, "ELSE"))
        scr_unexpected(p, "END");
    for (uint32_t k = 0; k < nends; k++)
        scr_pl_op(p, ends[k])->target = scr_pl_here(p);
    scr_pl_op(p, skip)->target = scr_pl_here(p);
    scr_plsym_close(p, mark);
}

/* begin ... [exception when ... then ...] end [label]; */
static void block_body(scr_parser_t *p, uint32_t line)
{
    struct scr_plc *c = p->plc;
    scr_expect_kw(p, "BEGIN");
    /* the body's errors go to this block's handler, if it has one: a
     * try id now, its operation once known */
    uint32_t outer = c->try_id;
    c->tries = scr_arena_grow(p->arena, c->tries, c->ntries, &c->captries, sizeof *c->tries);
    uint32_t id = ++c->ntries;
    c->tries[id - 1] = 0;
    c->try_id = id;
    uint32_t first = scr_pl_here(p);
    body(p);
    c->try_id = outer;
    if (scr_accept_kw(p, "EXCEPTION")) {
        handlers(p, id, line);
    } else {
        /* no handler: the body's errors go where the enclosing block's go */
        for (uint32_t k = first; k < scr_pl_here(p); k++)
            if (scr_pl_op(p, k)->handler == id)
                scr_pl_op(p, k)->handler = outer;
    }
    scr_expect_kw(p, "END");
    if (scr_peek(p)->kind == SCR_TOK_IDENT)
        p->i++; /* its label */
    scr_expect_sym(p, ";");
}

/* [declare ...] begin ... end; */
static void block(scr_parser_t *p, uint32_t line)
{
    uint32_t mark = scr_plsym_open(p);
    if (scr_accept_kw(p, "DECLARE"))
        declarations(p);
    block_body(p, line);
    scr_plsym_close(p, mark);
}

/* A procedure's call: its declarations and body compiled inline
 * (plproc.c binds its parameters). */
static void call(scr_parser_t *p, const scr_proc_t *pr, uint32_t line)
{
    scr_proc_frame_t f;
    scr_proc_enter(p, pr, &f, line);
    declarations(p);
    block_body(p, line);
    scr_proc_leave(p, &f);
}

/* ---- the statement ------------------------------------------------------ */

/* The arguments of the call whose '(' is token k: commas at its depth + 1
 * (0 when there is no such call). */
static uint32_t call_args(const scr_tok_t *toks, uint32_t ntoks, uint32_t k)
{
    if (k >= ntoks || strcmp(toks[k].text, "(") != 0)
        return 0;
    uint32_t n = 1;
    int depth = 0;
    for (; k < ntoks; k++) {
        depth += strcmp(toks[k].text, "(") == 0;
        depth -= strcmp(toks[k].text, ")") == 0;
        if (depth == 0)
            break;
        n += depth == 1 && strcmp(toks[k].text, ",") == 0;
    }
    return n;
}

/* Whether token k starts a read the model does not answer: *why says so
 * (NULL: the generic reason).  dbms_space.unused_space and space_usage's
 * SecureFile and ASSM forms (at most 16 arguments) are calls the block
 * runs (plcall.c). */
static int is_observer(const scr_parser_t *p, const scr_tok_t *toks, uint32_t ntoks, uint32_t k,
                       const char **why)
{
    const scr_tok_t *t = &toks[k];
    if (t->kind != SCR_TOK_IDENT)
        return 0;
    if (strcmp(t->text, "DBMS_SPACE") == 0 && k + 2 < ntoks && strcmp(toks[k + 1].text, ".") == 0) {
        const char *f = toks[k + 2].text;
        if (strcmp(f, "UNUSED_SPACE") == 0)
            return 0;
        if (strcmp(f, "SPACE_USAGE") == 0) {
            /* both forms (SecureFile, ASSM) without suoption */
            if (call_args(toks, ntoks, k + 3) <= 16)
                return 0;
            *why = "dbms_space.space_usage with suoption (spaceusage_exact, spaceusage_fast)";
        } else if (strcmp(f, "FREE_BLOCKS") == 0) {
            return 0; /* ORA-10618 when it runs: every tablespace is ASSM */
        }
        return 1;
    }
    /* SHOW_SPACE: Tom Kyte's published procedure over dbms_space, which
     * AskTOM's answers call (`exec show_space`): it only reads. */
    if (strcmp(t->text, "SHOW_SPACE") == 0) {
        if (scr_proc_stored(p, t->text) != NULL)
            return 0;
        for (uint32_t j = 0; j + 1 < ntoks; j++) /* the block declares it */
            if (strcmp(toks[j].text, "PROCEDURE") == 0 &&
                strcmp(toks[j + 1].text, "SHOW_SPACE") == 0)
                return 0;
        return 1;
    }
    return strcmp(t->text, "DBMS_SPACE") == 0 || strcmp(t->text, "DBMS_STATS") == 0;
}

static int is_changer(const scr_tok_t *t)
{
    static const char *const kws[] = {"INSERT",   "UPDATE", "DELETE",   "MERGE",    "COMMIT",
                                      "ROLLBACK", "SLEEP",  "TRUNCATE", "IMMEDIATE"};
    if (t->kind != SCR_TOK_IDENT)
        return 0;
    for (size_t i = 0; i < sizeof kws / sizeof kws[0]; i++)
        if (strcmp(t->text, kws[i]) == 0)
            return 1;
    return 0;
}

/* What the text reads and changes, the procedures it calls' texts with it
 * (depth: calls one inside another, past which a recursive one stops). */
static void scan(const scr_parser_t *p, const scr_tok_t *toks, uint32_t ntoks, int depth,
                 int *observe, int *change, const char **why)
{
    for (uint32_t k = 0; k < ntoks; k++) {
        *observe |= is_observer(p, toks, ntoks, k, why);
        *change |= is_changer(&toks[k]);
        const scr_proc_t *pr;
        if (toks[k].kind == SCR_TOK_IDENT && depth < SCR_PROC_DEPTH &&
            (pr = scr_proc_stored(p, toks[k].text)) != NULL)
            scan(p, pr->toks + pr->body, pr->ntoks - pr->body, depth + 1, observe, change, why);
    }
}

void scr_parse_block(scr_parser_t *p, scr_stmt_t *st)
{
    int observe = 0, change = 0;
    const char *why = NULL;
    if (scr_is_kw(p, "CREATE"))
        scr_fail(p, "CREATE of a PL/SQL unit other than a procedure (function, package, "
                    "trigger) not supported: procedures only");
    scan(p, p->toks, p->ntoks, 0, &observe, &change, &why);
    if (observe && change)
        scr_fail_at(p, st->line,
                    "a block that both reads (dbms_space, dbms_stats, show_space) "
                    "and changes data not supported: split it in two");
    if (observe) {
        st->kind = SCR_OBSERVE;
        st->u.observe.why = why;
        return;
    }
    scr_block_t *b = &st->u.block;
    struct scr_plc c = {0};
    c.b = b;
    p->plc = &c;
    p->block = b;
    uint32_t line = scr_peek(p)->line;
    scr_binds_block(p, 0, line);
    if (scr_accept_kw(p, "EXEC") || scr_accept_kw(p, "EXECUTE")) {
        /* SQL*Plus's exec CALL is begin CALL; end; */
        if (scr_is_kw(p, "DECLARE") || scr_is_kw(p, "BEGIN"))
            scr_unexpected(p, "a call (exec runs one call)");
        statement(p);
        scr_expect_end(p);
    } else {
        block(p, line);
        scr_expect_end(p);
    }
    for (uint32_t k = 0; k < c.nrets; k++) /* `return` outside a procedure */
        scr_pl_op(p, c.rets[k])->target = scr_pl_here(p);
    scr_binds_block(p, 1, line);
    scr_pl_emit(p, SCR_PL_END, line);
    p->block = NULL;
    p->plc = NULL;
    /* the try ids become the handlers' operations */
    for (uint32_t k = 0; k < b->nops; k++)
        b->ops[k].handler = b->ops[k].handler ? c.tries[b->ops[k].handler - 1] : 0;
    if (b->nops == 1)
        scr_fail_at(p, st->line, "a block without a statement (null only)");
    if (b->nops == 2 && b->ops[0].kind == SCR_PL_STMT && b->stmts[0].kind == SCR_SLEEP &&
        b->nvars == 0) {
        /* begin dbms_lock.sleep(S); end; and exec dbms_lock.sleep(S) */
        double s = b->stmts[0].u.sleep_seconds;
        memset(&st->u, 0, sizeof st->u);
        st->kind = SCR_SLEEP;
        st->u.sleep_seconds = s;
        return;
    }
    st->kind = SCR_BLOCK;
}
