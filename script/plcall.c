/*
 * plcall.c -- the calls a PL/SQL block makes that are not its own
 * control flow: dbms_output, dbms_lock and dbms_session's sleep,
 * raise_application_error, execute immediate of a literal, select ...
 * into, compiled into operations (plops.c) for life_sim's loop; it
 * hands dbms_lob's procedures to pllob.c and dbms_space's to plspace.c.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "plsql_int.h"

static double sleep_seconds(scr_parser_t *p)
{
    scr_expect_sym(p, "(");
    const scr_tok_t *t = scr_peek(p);
    if (t->kind != SCR_TOK_NUMBER)
        scr_unexpected(p, "a number of seconds");
    char *end;
    double s = strtod(t->text, &end);
    char q[64];
    scr_quote(t->text, t->len, q, sizeof q);
    if (*end || !(s >= 0 && s <= 31536000.0))
        scr_fail(p, "sleep of %s seconds out of range (accepted 0 to 31536000, a year)", q);
    p->i++;
    scr_expect_sym(p, ")");
    return s;
}

/* dbms_lock.sleep(S), dbms_session.sleep(S), with an optional SYS. */
static int sleep_call(scr_parser_t *p, double *s)
{
    uint32_t save = p->i;
    if (scr_accept_kw(p, "SYS"))
        scr_expect_sym(p, ".");
    if ((scr_accept_kw(p, "DBMS_LOCK") || scr_accept_kw(p, "DBMS_SESSION")) &&
        scr_accept_sym(p, ".") && scr_accept_kw(p, "SLEEP")) {
        *s = sleep_seconds(p);
        return 1;
    }
    p->i = save;
    return 0;
}

/* dbms_output.put_line(x), put(x), new_line, enable, disable */
static int output_call(scr_parser_t *p, uint32_t line)
{
    if (!(scr_is_kw(p, "DBMS_OUTPUT") && strcmp(scr_peek_at(p, 1)->text, ".") == 0))
        return 0;
    p->i += 2;
    if (scr_accept_kw(p, "PUT_LINE")) {
        scr_expect_sym(p, "(");
        uint32_t o = scr_pl_emit(p, SCR_PL_PRINT, line);
        scr_pl_op(p, o)->x = scr_parse_expr(p, -1, 1);
        if (scr_pl_op(p, o)->x->type == SCR_T_BLOB)
            scr_fail_at(p, line,
                        "PLS-00306: wrong number or types of arguments in call to "
                        "'PUT_LINE'");
        scr_expect_sym(p, ")");
    } else if (scr_accept_kw(p, "ENABLE")) {
        /* the buffer's size: the model keeps every line */
        if (scr_accept_sym(p, "(")) {
            if (!scr_accept_kw(p, "NULL"))
                (void)scr_expect_uint(p, 0, UINT32_MAX, 0, "buffer size");
            scr_expect_sym(p, ")");
        }
    } else if (!scr_accept_kw(p, "DISABLE")) {
        scr_unexpected(p, "PUT_LINE, ENABLE or DISABLE");
    }
    scr_expect_sym(p, ";");
    return 1;
}

/* raise_application_error(-20NNN, 'text' [, keep]) */
static void raise_app(scr_parser_t *p, uint32_t line)
{
    scr_expect_sym(p, "(");
    scr_expect_sym(p, "-");
    uint64_t n = scr_expect_uint(p, 0, UINT32_MAX, 0, "an error number");
    if (n < 20000 || n > 20999)
        scr_fail_at(p, line,
                    "ORA-21000: error number argument to raise_application_error of -%llu is out "
                    "of range",
                    (unsigned long long)n);
    scr_expect_sym(p, ",");
    const scr_tok_t *t = scr_peek(p);
    if (t->kind != SCR_TOK_STRING)
        scr_unexpected(p, "the error's text, a string literal");
    p->i++;
    if (scr_accept_sym(p, ",") && !scr_accept_kw(p, "TRUE"))
        scr_expect_kw(p, "FALSE");
    scr_expect_sym(p, ")");
    scr_expect_sym(p, ";");
    char msg[SCR_ERR_LEN];
    snprintf(msg, sizeof msg, "ORA-%05llu: %.*s", (unsigned long long)n,
             (int)(t->len > 400 ? 400 : t->len), t->text);
    uint32_t o = scr_pl_emit(p, SCR_PL_RAISE, line);
    scr_pl_op(p, o)->error = scr_arena_strndup(p->arena, msg, strlen(msg));
}

/* The INTO variables of a select over the views, from token `at` (a
 * comma list) against q's items: SCR_PL_QUERY. */
static void query_op(scr_parser_t *p, uint32_t line, const scr_query_t *q, uint32_t at)
{
    uint32_t o = scr_pl_emit(p, SCR_PL_QUERY, line);
    scr_pl_op_t *op = scr_pl_op(p, o);
    op->query = q;
    uint32_t save = p->i;
    p->i = at;
    do {
        uint32_t vline = scr_peek(p)->line;
        char vn[SCR_NAME_MAX + 1];
        scr_expect_name(p, vn, "a variable");
        if (op->nouts == q->nshown)
            scr_fail_at(p, vline, "ORA-00913: too many values");
        sym_t *v = scr_plsym_declared(p, vn, vline);
        if (v->constant || !scr_plsym_is_var(v))
            scr_fail_at(p, vline, "PLS-00403: expression '%s' cannot be used as an INTO-target",
                        vn);
        if (v->kind == 'v' && v->type != SCR_T_VARCHAR)
            scr_fail_at(p, vline, "PLS-00382: expression is of wrong type (%s)", vn);
        v->fixed = 0;
        op->outs[op->nouts] = v->reg;
        op->out_text[op->nouts] = v->kind == 'v';
        op->out_max[op->nouts] = v->vmax;
        op->nouts++;
    } while (scr_accept_sym(p, ","));
    if (op->nouts < q->nshown)
        scr_fail_at(p, line, "ORA-00947: not enough values");
    p->i = save;
}

/* execute immediate 'select ...' into v[, v]... [using [in] x[, x]...]: the
 * literal's query over the views, its placeholders bound by position. */
static void dynamic_query(scr_parser_t *p, uint32_t line, const scr_tok_t *t)
{
    scr_expect_kw(p, "INTO");
    uint32_t at = p->i;
    do
        scr_expect_name(p, (char[SCR_NAME_MAX + 1]){0}, "a variable");
    while (scr_accept_sym(p, ","));
    const scr_expr_t *binds[32];
    uint32_t nbinds = 0;
    if (scr_accept_kw(p, "USING"))
        do {
            if (nbinds == 32)
                scr_fail(p, "execute immediate with more than 32 binds not supported");
            if (scr_accept_kw(p, "OUT") || (scr_accept_kw(p, "IN") && scr_accept_kw(p, "OUT")))
                scr_fail(p, "an OUT bind of execute immediate's query not supported");
            binds[nbinds++] = scr_parse_expr(p, -1, 1);
        } while (scr_accept_sym(p, ","));
    scr_expect_sym(p, ";");
    uint32_t after = p->i;
    const scr_expr_t **kept = scr_arena_alloc(p->arena, (nbinds ? nbinds : 1) * sizeof *kept);
    memcpy(kept, binds, nbinds * sizeof *kept);
    scr_text_saved_t sv;
    scr_text_enter(p, t->text, t->len, t->line, &sv);
    for (uint32_t k = 0; k < p->ntoks; k++)
        if (p->toks[k].bind) { /* a placeholder, not SQL*Plus's bind */
            p->toks[k].kind = SCR_TOK_IDENT;
            p->toks[k].text = p->toks[k].bind;
            p->toks[k].len = (uint32_t)strlen(p->toks[k].bind);
        }
    /* an error in the text (ORA-01008, a refusal) leaves through the
     * block's own guard once the text's tokens are freed */
    jmp_buf jb;
    jmp_buf *outer = p->lx->fail;
    p->lx->fail = &jb;
    const scr_query_t *volatile q = NULL;
    int rc = setjmp(jb);
    if (rc == 0)
        q = scr_parse_query_into(p, kept, nbinds, NULL);
    p->lx->fail = outer;
    scr_text_leave(p, &sv);
    if (rc != 0)
        longjmp(*outer, rc);
    query_op(p, line, q, at);
    p->i = after;
}

/* Whether string literal t is a query (its first word SELECT). */
static int is_query_text(const scr_tok_t *t)
{
    size_t k = 0;
    while (k < t->len &&
           (t->text[k] == ' ' || t->text[k] == '\t' || t->text[k] == '\n' || t->text[k] == '\r'))
        k++;
    return t->len - k > 6 && strncasecmp(t->text + k, "select", 6) == 0 &&
           !isalnum((unsigned char)t->text[k + 6]) && t->text[k + 6] != '_';
}

static void execute_immediate(scr_parser_t *p, uint32_t line)
{
    const scr_tok_t *t = scr_peek(p);
    if (t->kind != SCR_TOK_STRING)
        scr_unexpected(p, "a string literal (execute immediate of a literal statement)");
    p->i++;
    if (is_query_text(t) && scr_is_kw(p, "INTO")) {
        dynamic_query(p, line, t);
        return;
    }
    if (scr_is_kw(p, "INTO") || scr_is_kw(p, "USING"))
        scr_fail(p, "execute immediate ... %s not supported", scr_peek(p)->text);
    scr_expect_sym(p, ";");
    scr_stmt_t *st = scr_pl_push_stmt(p, line);
    scr_parse_sql_text(p, st, t->text, t->len, t->line);
}

/* ---- dbms_lob ------------------------------------------------------------ */

/* select ... into v[, v]... from VIEW ... ; over the views the model fills. */
static void select_view_into(scr_parser_t *p, uint32_t line)
{
    uint32_t at;
    const scr_query_t *q = scr_parse_query_to(p, ";", &at);
    query_op(p, line, q, at);
}

/* Whether the select at p ends `from [sys.]dual;`. */
static int from_dual(scr_parser_t *p)
{
    uint32_t end = scr_next_outside(p, ";");
    if (end < 2 || end >= p->ntoks)
        return 0;
    const scr_tok_t *a = &p->toks[end - 1];
    uint32_t from = end - 2;
    if (from >= 2 && strcmp(p->toks[from].text, ".") == 0 &&
        strcmp(p->toks[from - 1].text, "SYS") == 0)
        from -= 2;
    return a->kind == SCR_TOK_IDENT && strcmp(a->text, "DUAL") == 0 &&
           p->toks[from].kind == SCR_TOK_IDENT && strcmp(p->toks[from].text, "FROM") == 0;
}

/* select E[, E]... into V[, V]... from dual: DUAL's one row, so each
 * expression is assigned to its variable (PL/SQL Language Reference,
 * SELECT INTO; SQL Language Reference, "Selecting from the DUAL Table"),
 * in order: a variable an earlier item assigned reads its new value in a
 * later item (Oracle evaluates the whole list first; assumed rare in
 * scripts).  Too many or too few variables: ORA-00913 / ORA-00947. */
static void select_dual_into(scr_parser_t *p, uint32_t line)
{
    const scr_expr_t *e[SCR_QUERY_ITEMS];
    uint32_t n = 0;
    p->i++;
    do {
        if (n == SCR_QUERY_ITEMS)
            scr_fail_at(p, line, "more than %u items in select ... into from dual not supported",
                        SCR_QUERY_ITEMS);
        e[n++] = scr_parse_expr(p, -1, 1);
    } while (scr_accept_sym(p, ","));
    scr_expect_kw(p, "INTO");
    uint32_t k = 0;
    do {
        uint32_t vline = scr_peek(p)->line;
        char vn[SCR_NAME_MAX + 1];
        if (scr_is_kw(p, "FROM"))
            scr_unexpected(p, "a variable after INTO");
        scr_expect_name(p, vn, "a variable");
        if (k == n)
            scr_fail_at(p, vline, "ORA-00913: too many values");
        sym_t *v = scr_plsym_declared(p, vn, vline);
        if (v->constant || !scr_plsym_is_var(v))
            scr_fail_at(p, vline,
                        "PLS-00403: expression '%s' cannot be used as an INTO-target of a "
                        "SELECT/FETCH statement",
                        vn);
        scr_pl_check_assign(p, v, e[k]);
        scr_pl_emit_set(p, v, e[k], line);
        k++;
    } while (scr_accept_sym(p, ","));
    if (k < n)
        scr_fail_at(p, line, "ORA-00947: not enough values");
    scr_expect_kw(p, "FROM");
    if (scr_accept_kw(p, "SYS"))
        scr_expect_sym(p, ".");
    scr_expect_kw(p, "DUAL");
    scr_expect_sym(p, ";");
}

/* select C into V from T [alias] [where ...] [for update ...]: one column,
 * a LOB (V its locator) or the id; over a view, select_view_into(). */
static int select_into(scr_parser_t *p, uint32_t line)
{
    if (!scr_is_kw(p, "SELECT"))
        return 0;
    if (from_dual(p)) {
        select_dual_into(p, line);
        return 1;
    }
    if (scr_query_answers_into(p)) {
        select_view_into(p, line);
        return 1;
    }
    p->i++;
    char cn[SCR_NAME_MAX + 1], vn[SCR_NAME_MAX + 1], tn[SCR_NAME_MAX + 1];
    uint32_t cline = scr_peek(p)->line;
    /* an aggregate of the rows: count(*) (or count(1), count(id)), max(id),
     * min(id) (SQL Language Reference, COUNT, MAX, MIN) */
    uint32_t agg = 0;
    if ((scr_is_kw(p, "COUNT") || scr_is_kw(p, "MAX") || scr_is_kw(p, "MIN")) &&
        strcmp(scr_peek_at(p, 1)->text, "(") == 0) {
        agg = scr_is_kw(p, "COUNT") ? SCR_INTO_COUNT
              : scr_is_kw(p, "MAX") ? SCR_INTO_MAX
                                    : SCR_INTO_MIN;
        p->i += 2;
        if (agg == SCR_INTO_COUNT && (scr_accept_sym(p, "*") || scr_accept_kw(p, "1")))
            cn[0] = 0;
        else if (scr_peek(p)->kind == SCR_TOK_NUMBER && agg == SCR_INTO_COUNT)
            p->i++, cn[0] = 0;
        else
            scr_expect_name(p, cn, "a column");
        scr_expect_sym(p, ")");
    } else {
        scr_expect_name(p, cn, "a column (select C into V from T)");
        if (scr_accept_sym(p, "."))
            scr_expect_name(p, cn, "a column"); /* alias.column */
    }
    scr_expect_kw(p, "INTO");
    uint32_t vline = scr_peek(p)->line;
    scr_expect_name(p, vn, "a variable");
    scr_expect_kw(p, "FROM");
    uint32_t tline = scr_peek(p)->line;
    scr_expect_table_name(p, tn);
    int table = scr_table_resolve(p, tn, tline);
    if (scr_peek(p)->kind == SCR_TOK_IDENT && !scr_is_kw(p, "WHERE") && !scr_is_kw(p, "FOR"))
        p->i++; /* an alias */
    const scr_pred_t *cond = NULL;
    int64_t rownum_max = -1;
    if (scr_accept_kw(p, "WHERE"))
        cond = scr_parse_cond(p, table, 0, &rownum_max);
    int for_update = 0;
    if (scr_accept_kw(p, "FOR")) {
        scr_expect_kw(p, "UPDATE");
        for_update = 1;
        if (scr_accept_kw(p, "OF"))
            do {
                scr_expect_name(p, tn, "a column");
                if (scr_accept_sym(p, "."))
                    scr_expect_name(p, tn, "a column");
            } while (scr_accept_sym(p, ","));
        if (scr_accept_kw(p, "WAIT"))
            (void)scr_expect_uint(p, 0, UINT32_MAX, 0, "seconds");
        else if (!scr_accept_kw(p, "NOWAIT") && scr_accept_kw(p, "SKIP"))
            scr_expect_kw(p, "LOCKED");
    }
    scr_expect_sym(p, ";");
    const scr_table_t *t = &p->script->tables[table];
    int c = cn[0] ? scr_column_resolve(p, table, cn, cline) : t->id_col;
    if (agg && c != t->id_col)
        scr_fail_at(p, cline,
                    "select %s(%s) into not modelled (count(*), and count, max or min of the "
                    "id column, are)",
                    agg == SCR_INTO_COUNT ? "count"
                    : agg == SCR_INTO_MAX ? "max"
                                          : "min",
                    cn);
    sym_t *v = scr_plsym_declared(p, vn, vline);
    if (v->constant || !scr_plsym_is_var(v))
        scr_fail_at(p, vline, "PLS-00403: expression '%s' cannot be used as an INTO-target", vn);
    uint32_t o = scr_pl_emit(p, SCR_PL_INTO, line);
    scr_pl_op_t *op = scr_pl_op(p, o);
    op->table = table;
    op->cond = cond;
    op->y = scr_pred_key(cond); /* `where id = key`: the row the key finds */
    op->for_update = for_update;
    op->rownum_max = rownum_max;
    op->a = v->reg;
    if (agg) {
        if (v->kind != 'n')
            scr_fail_at(p, vline, "PLS-00382: expression is of wrong type");
        op->b = agg;
        return 1;
    }
    if (c == t->id_col) {
        if (v->kind != 'n')
            scr_fail_at(p, vline, "PLS-00382: expression is of wrong type");
        op->b = UINT32_MAX;
        return 1;
    }
    scr_coltype_t ct = t->cols[c].type;
    if (ct != SCR_COL_CLOB && ct != SCR_COL_BLOB)
        scr_fail_at(p, cline,
                    "select ... into of column '%s' not modelled (the id column and the LOB "
                    "columns are)",
                    cn);
    uint32_t k = scr_lob_slot(t, c);
    op->b = k;
    if (v->kind == 'v' && ct == SCR_COL_CLOB && v->type == SCR_T_VARCHAR) {
        /* a CLOB into a VARCHAR2: PL/SQL converts it implicitly (PL/SQL
         * Language Reference, "Implicit Data Conversion"), ORA-06502 when it
         * is longer than the variable: the locator into a scratch register,
         * then its characters into the variable, checked as an assignment */
        uint32_t r = p->plc->b->nvals++;
        op->a = r;
        uint32_t cap =
            v->vmax && v->vmax < SCR_PLSQL_VARCHAR_MAX ? v->vmax + 1 : SCR_PLSQL_VARCHAR_MAX;
        uint32_t o2 = scr_pl_emit(p, SCR_PL_SET, line);
        scr_pl_op_t *set = scr_pl_op(p, o2);
        set->a = v->reg;
        set->c = v->vmax;
        scr_expr_t *x = scr_pl_lob_prefix(p, r, SCR_T_CLOB, cap, line);
        x->type = SCR_T_VARCHAR;
        set->x = x;
        return 1;
    }
    if (v->kind != 'v' || v->type != (ct == SCR_COL_BLOB ? SCR_T_BLOB : SCR_T_CLOB) || v->vmax)
        scr_fail_at(p, vline, "PLS-00382: expression is of wrong type (%s into %s)", cn, vn);
    return 1;
}

/* dbms_random.seed(...), initialize(...), terminate: the run's --seed
 * gives every draw, so they change nothing (no operation); and any call
 * of dbms_monitor or dbms_application_info, tracing and instrumentation
 * (heads.c's class of the same name). */
static int random_state(scr_parser_t *p)
{
    int trace = (scr_is_kw(p, "DBMS_MONITOR") || scr_is_kw(p, "DBMS_APPLICATION_INFO")) &&
                strcmp(scr_peek_at(p, 1)->text, ".") == 0 &&
                scr_peek_at(p, 2)->kind == SCR_TOK_IDENT;
    if (!trace && !(scr_is_kw(p, "DBMS_RANDOM") && strcmp(scr_peek_at(p, 1)->text, ".") == 0))
        return 0;
    const char *f = scr_peek_at(p, 2)->text;
    if (!trace && strcmp(f, "SEED") != 0 && strcmp(f, "INITIALIZE") != 0 &&
        strcmp(f, "TERMINATE") != 0)
        return 0;
    p->i += 3;
    if (scr_accept_sym(p, "(")) {
        scr_pl_skip_args(p);
        scr_expect_sym(p, ")");
    }
    scr_expect_sym(p, ";");
    return 1;
}

int scr_pl_call(scr_parser_t *p, uint32_t line)
{
    const scr_tok_t *t = scr_peek(p);
    double s;
    if (scr_is_kw(p, "EXECUTE") && strcmp(scr_peek_at(p, 1)->text, "IMMEDIATE") == 0) {
        p->i += 2;
        execute_immediate(p, line);
        return 1;
    }
    if (scr_accept_kw(p, "RAISE_APPLICATION_ERROR")) {
        raise_app(p, line);
        return 1;
    }
    if (output_call(p, line) || scr_pl_lob_call(p, line) || scr_pl_space_call(p, line) ||
        select_into(p, line) || random_state(p))
        return 1;
    if (sleep_call(p, &s)) {
        scr_stmt_t *sl = scr_pl_push_stmt(p, line);
        sl->kind = SCR_SLEEP;
        sl->u.sleep_seconds = s;
        sl->text =
            scr_arena_strndup(p->arena, p->lx->src + t->start, p->toks[p->i - 1].end - t->start);
        scr_expect_sym(p, ";");
        return 1;
    }
    return 0;
}
