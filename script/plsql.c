/*
 * plsql.c -- the PL/SQL the published tests use: a block of inserts,
 * updates, deletes, commits and sleeps, with variables declared and set
 * once and one shape of loop,
 *
 *     declare v clob := EXPR; begin
 *       for i in LO .. HI loop insert into T values (i, v); [commit;] end loop;
 *       commit;
 *     end;
 *
 * and `exec CALL` (SQL*Plus's `begin CALL; end;`).  A block that only
 * reads (dbms_space.space_usage, dbms_output.put_line, dbms_stats) is an
 * observation: recorded verbatim, not parsed further.  A block that both
 * reads and changes is refused, so that no change is ever skipped unseen.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "script_int.h"

static int is_observer(const scr_tok_t *t)
{
    /* SHOW_SPACE: Tom Kyte's published procedure over dbms_space, which
     * AskTOM's answers call (`exec show_space`): it only reads. */
    return t->kind == SCR_TOK_IDENT &&
           (strcmp(t->text, "DBMS_SPACE") == 0 || strcmp(t->text, "DBMS_OUTPUT") == 0 ||
            strcmp(t->text, "DBMS_STATS") == 0 || strcmp(t->text, "SHOW_SPACE") == 0);
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

/* The token index of the next ';' at parenthesis depth 0, from p->i. */
static uint32_t next_semicolon(scr_parser_t *p)
{
    int depth = 0;
    for (uint32_t k = p->i; k < p->ntoks; k++) {
        const scr_tok_t *t = &p->toks[k];
        if (t->kind == SCR_TOK_EOF)
            break;
        if (t->kind == SCR_TOK_SYM) {
            if (strcmp(t->text, "(") == 0)
                depth++;
            else if (strcmp(t->text, ")") == 0)
                depth--;
            else if (depth == 0 && strcmp(t->text, ";") == 0)
                return k;
        }
    }
    scr_unexpected(p, "';'");
}

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

typedef struct {
    scr_stmt_t *v;
    uint32_t n, cap;
} stmtvec_t;

static scr_stmt_t *push(scr_parser_t *p, stmtvec_t *sv, const scr_tok_t *first)
{
    if (sv->n == sv->cap) {
        uint32_t cap = sv->cap ? sv->cap * 2 : 8;
        scr_stmt_t *v = scr_arena_alloc(p->arena, cap * sizeof *v);
        if (sv->n)
            memcpy(v, sv->v, sv->n * sizeof *v);
        sv->v = v;
        sv->cap = cap;
    }
    scr_stmt_t *st = &sv->v[sv->n++];
    memset(st, 0, sizeof *st);
    st->step = p->step;
    st->line = first->line;
    st->table = -1;
    st->column = -1;
    return st;
}

/* Parse the statement from p->i to the next ';' with the given parser. */
static void bounded(scr_parser_t *p, scr_stmt_t *st, void (*fn)(scr_parser_t *, scr_stmt_t *))
{
    uint32_t k = next_semicolon(p);
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

static void loop(scr_parser_t *p, stmtvec_t *sv)
{
    const scr_tok_t *first = scr_peek(p);
    scr_expect_kw(p, "FOR");
    if (p->loop_var)
        scr_fail(p, "a loop inside a loop not supported");
    scr_expect_name(p, p->loop_name, "the loop index");
    scr_expect_kw(p, "IN");
    int neg = scr_accept_sym(p, "-");
    int64_t lo = (int64_t)scr_expect_uint(p, 0, SCR_ROWS_MAX, 0, "loop bound");
    if (neg)
        lo = -lo;
    scr_expect_sym(p, "..");
    int64_t hi = (int64_t)scr_expect_uint(p, 0, SCR_ROWS_MAX, 0, "loop bound");
    scr_expect_kw(p, "LOOP");
    p->loop_var = 1;
    if (!scr_is_kw(p, "INSERT"))
        scr_unexpected(p, "INSERT (the loop body is one insert ... values, then optionally "
                          "commit)");
    scr_stmt_t *st = push(p, sv, first);
    bounded(p, st, insert_stmt);
    if (st->u.dml.source != SCR_SRC_LOOP)
        scr_fail_at(p, st->line, "only insert ... values inside a loop is supported");
    st->u.dml.first = lo;
    st->u.dml.count = hi >= lo ? (uint64_t)(hi - lo + 1) : 0;
    if (scr_is_kw(p, "COMMIT")) {
        p->i++;
        scr_accept_kw(p, "WORK");
        scr_expect_sym(p, ";");
        st->u.dml.commit_every = 1;
    }
    p->loop_var = 0;
    scr_expect_kw(p, "END");
    scr_expect_kw(p, "LOOP");
    scr_expect_sym(p, ";");
}

static void declarations(scr_parser_t *p, scr_block_t *b)
{
    uint32_t cap = 0;
    while (!scr_is_kw(p, "BEGIN")) {
        if (b->nvars == cap) {
            uint32_t nc = cap ? cap * 2 : 4;
            char(*names)[SCR_NAME_MAX + 1] = scr_arena_alloc(p->arena, nc * sizeof *names);
            scr_expr_t **vars = scr_arena_alloc(p->arena, nc * sizeof *vars);
            scr_type_t *types = scr_arena_alloc(p->arena, nc * sizeof *types);
            if (b->nvars) {
                memcpy(names, b->var_names, b->nvars * sizeof *names);
                memcpy(vars, b->vars, b->nvars * sizeof *vars);
                memcpy(types, b->var_types, b->nvars * sizeof *types);
            }
            b->var_names = names;
            b->vars = vars;
            b->var_types = types;
            cap = nc;
        }
        uint32_t i = b->nvars;
        uint32_t line = scr_peek(p)->line;
        scr_expect_name(p, b->var_names[i], "a variable name or BEGIN");
        for (uint32_t j = 0; j < i; j++)
            if (strcmp(b->var_names[j], b->var_names[i]) == 0)
                scr_fail_at(p, line, "PLS-00371: at most one declaration for '%s' is permitted",
                            b->var_names[i]);
        scr_accept_kw(p, "CONSTANT");
        uint32_t vmax = 0;
        if (scr_accept_kw(p, "CLOB")) {
            b->var_types[i] = SCR_T_CLOB;
        } else if (scr_accept_kw(p, "BLOB")) {
            b->var_types[i] = SCR_T_BLOB;
        } else if (scr_accept_kw(p, "NUMBER") || scr_accept_kw(p, "INTEGER") ||
                   scr_accept_kw(p, "PLS_INTEGER") || scr_accept_kw(p, "BINARY_INTEGER")) {
            b->var_types[i] = SCR_T_NUMBER;
        } else if (scr_accept_kw(p, "VARCHAR2") || scr_accept_kw(p, "VARCHAR")) {
            b->var_types[i] = SCR_T_VARCHAR;
            scr_expect_sym(p, "(");
            vmax = (uint32_t)scr_expect_uint(p, 1, SCR_PLSQL_VARCHAR_MAX, 0, "varchar2 length");
            if (!scr_accept_kw(p, "BYTE"))
                scr_accept_kw(p, "CHAR");
            scr_expect_sym(p, ")");
        } else {
            scr_unexpected(p, "a variable type (CLOB, BLOB, NUMBER, INTEGER, PLS_INTEGER, "
                              "VARCHAR2(N))");
        }
        /* the variable is in scope after its own declaration only */
        if (scr_accept_sym(p, ":=") || scr_accept_kw(p, "DEFAULT")) {
            scr_expr_t *e = scr_parse_expr(p, -1, 1);
            scr_type_t ty = b->var_types[i];
            if (ty == SCR_T_NUMBER && e->type != SCR_T_NUMBER && e->type != SCR_T_NULL)
                scr_fail_at(p, e->line, "PLS-00382: expression is of wrong type");
            if (ty == SCR_T_BLOB && e->type != SCR_T_BLOB && e->type != SCR_T_NULL)
                scr_fail_at(p, e->line, "PLS-00382: expression is of wrong type");
            if (ty == SCR_T_VARCHAR && e->type == SCR_T_CLOB)
                scr_fail_at(p, e->line, "a CLOB into a VARCHAR2 variable not supported");
            if (ty == SCR_T_VARCHAR && e->static_len > (int64_t)vmax)
                scr_fail_at(p, e->line,
                            "ORA-06502: PL/SQL: numeric or value error: character "
                            "string buffer too small (%lld bytes into VARCHAR2(%u))",
                            (long long)e->static_len, vmax);
            b->vars[i] = e;
        }
        b->nvars++;
        scr_expect_sym(p, ";");
    }
}

void scr_parse_block(scr_parser_t *p, scr_stmt_t *st)
{
    int observe = 0, change = 0;
    for (uint32_t k = 0; k < p->ntoks; k++) {
        observe |= is_observer(&p->toks[k]);
        change |= is_changer(&p->toks[k]);
    }
    if (observe && change)
        scr_fail_at(p, st->line,
                    "a block that both reads (dbms_space, dbms_output, dbms_stats) "
                    "and changes data not supported: split it in two");
    if (observe) {
        st->kind = SCR_OBSERVE;
        return;
    }
    scr_block_t *b = &st->u.block;
    int exec = scr_accept_kw(p, "EXEC") || scr_accept_kw(p, "EXECUTE");
    if (exec) {
        double s;
        if (!sleep_call(p, &s))
            scr_unexpected(p, "dbms_lock.sleep(S), dbms_session.sleep(S), dbms_stats or "
                              "dbms_space calls (the calls exec may run here)");
        scr_accept_sym(p, ";");
        scr_expect_end(p);
        st->kind = SCR_SLEEP;
        st->u.sleep_seconds = s;
        return;
    }
    p->block = b;
    if (scr_accept_kw(p, "DECLARE"))
        declarations(p, b);
    scr_expect_kw(p, "BEGIN");
    stmtvec_t sv = {0};
    while (!scr_is_kw(p, "END")) {
        const scr_tok_t *t = scr_peek(p);
        double s;
        if (scr_is_kw(p, "FOR")) {
            loop(p, &sv);
        } else if (scr_is_kw(p, "INSERT")) {
            bounded(p, push(p, &sv, t), insert_stmt);
        } else if (scr_is_kw(p, "UPDATE")) {
            bounded(p, push(p, &sv, t), update_stmt);
        } else if (scr_is_kw(p, "DELETE")) {
            bounded(p, push(p, &sv, t), delete_stmt);
        } else if (scr_is_kw(p, "COMMIT") || scr_is_kw(p, "ROLLBACK")) {
            bounded(p, push(p, &sv, t), plain_commit);
        } else if (scr_accept_kw(p, "NULL")) {
            scr_expect_sym(p, ";");
        } else if (sleep_call(p, &s)) {
            scr_stmt_t *sl = push(p, &sv, t);
            sl->kind = SCR_SLEEP;
            sl->u.sleep_seconds = s;
            sl->text = scr_arena_strndup(p->arena, p->lx->src + t->start,
                                         p->toks[p->i - 1].end - t->start);
            scr_expect_sym(p, ";");
        } else {
            scr_unexpected(p, "a statement of the PL/SQL subset (for ... loop, insert, update, "
                              "delete, commit, rollback, dbms_lock.sleep, dbms_session.sleep, "
                              "null, END)");
        }
    }
    scr_expect_kw(p, "END");
    if (scr_peek(p)->kind == SCR_TOK_IDENT)
        p->i++; /* the block's label */
    scr_expect_sym(p, ";");
    scr_expect_end(p);
    p->block = NULL;
    if (sv.n == 0)
        scr_fail_at(p, st->line, "a block without a statement (null only)");
    if (sv.n == 1 && sv.v[0].kind == SCR_SLEEP && b->nvars == 0) {
        st->kind = SCR_SLEEP;
        st->u.sleep_seconds = sv.v[0].u.sleep_seconds;
        return;
    }
    st->kind = SCR_BLOCK;
    b->stmts = sv.v;
    b->nstmts = sv.n;
}
