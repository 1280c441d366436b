/*
 * stmt.c -- one SQL statement's tokens parsed into a step: the statement
 * handed to the parser of its first keyword, under its own jump buffer, and
 * a refusal told apart: Oracle's error becomes the step's (SQL*Plus prints
 * it and goes on), a construct the model does not know refuses the script.
 * parse.c cuts the script into statements and calls here; plsql.c calls
 * here for execute immediate's literal.  A PL/SQL block is parsed through
 * the callback parse.c gives scr_parse_guarded(), so that this file never
 * calls plsql.c.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "script_int.h"

void scr_tokvec_push(scr_parser_t *p, scr_tokvec_t *tv, const scr_tok_t *t)
{
    if (tv->n == tv->cap) {
        uint32_t cap = tv->cap ? tv->cap * 2 : 64;
        scr_tok_t *v = sim_realloc(tv->v, cap * sizeof *v);
        if (!v)
            longjmp(*p->arena->oom, 1);
        tv->v = v;
        tv->cap = cap;
        p->toks = v; /* freed by scr_parse if the statement is refused */
    }
    tv->v[tv->n++] = *t;
}

static void parse_set_param(scr_parser_t *p, scr_stmt_t *st)
{
    scr_param_t *pm = &st->u.param;
    pm->system = scr_accept_kw(p, "SYSTEM");
    if (!pm->system)
        scr_expect_kw(p, "SESSION");
    scr_expect_kw(p, "SET");
    const scr_tok_t *t = scr_peek(p);
    if (t->kind != SCR_TOK_IDENT)
        scr_unexpected(p, "an initialization parameter");
    /* The parameters that change what the model does (script/README.md). */
    if (strcmp(t->text, "UNDO_RETENTION") == 0) {
        /* Modifiable by ALTER SYSTEM only (Oracle Reference, UNDO_RETENTION) */
        if (!pm->system)
            scr_fail(p, "ORA-02096: specified initialization parameter is not modifiable with "
                        "this option");
        snprintf(pm->name, sizeof pm->name, "%s", t->text);
        p->i++;
        scr_expect_sym(p, "=");
        pm->num = (int64_t)scr_expect_uint(p, 0, 2147483647, 0, "undo_retention");
    } else if (strcmp(t->text, "DB_SECUREFILE") == 0) {
        snprintf(pm->name, sizeof pm->name, "%s", t->text);
        p->i++;
        scr_expect_sym(p, "=");
        const scr_tok_t *v = scr_peek(p);
        static const char *const vals[] = {"NEVER",  "PERMITTED", "PREFERRED",
                                           "ALWAYS", "IGNORE",    "FORCE"};
        int ok = -1;
        if (v->kind == SCR_TOK_IDENT || v->kind == SCR_TOK_STRING)
            for (int i = 0; i < 6; i++)
                if (strcasecmp(v->text, vals[i]) == 0)
                    ok = i;
        if (ok < 0)
            scr_unexpected(p, "NEVER, PERMITTED, PREFERRED, ALWAYS, IGNORE or FORCE");
        snprintf(pm->text, sizeof pm->text, "%s", vals[ok]);
        pm->num = ok;
        /* Oracle's Reference, DB_SECUREFILE: NEVER, PERMITTED and IGNORE
         * create BasicFiles where no keyword says; the rest SecureFiles,
         * FORCE's even outside ASSM (ORA-43853; its override of an
         * explicit BASICFILE is not modelled). */
        p->securefile_default = !(ok <= 1 || ok == 4); /* IGNORE: BasicFile */
        p->securefile_force = ok == 5;
        p->i++;
    } else {
        /* A parameter the model does not use: a step without effect, once
         * its `NAME = value` is whole (heads.c, "session and system
         * settings"). */
        p->i++;
        if (!scr_accept_sym(p, "=")) {
            char q[64];
            scr_quote(t->text, t->len, q, sizeof q);
            scr_fail(p, "'%s' needs '= value' (alter %s set NAME = VALUE)", q,
                     pm->system ? "system" : "session");
        }
        if (scr_peek(p)->kind == SCR_TOK_EOF)
            scr_unexpected(p, "a value");
        uint32_t words;
        st->kind = SCR_NO_EFFECT;
        st->u.head = scr_head_find(p->toks, p->ntoks, &words);
        return;
    }
    if (scr_accept_kw(p, "SCOPE")) {
        scr_expect_sym(p, "=");
        if (!scr_accept_kw(p, "MEMORY") && !scr_accept_kw(p, "SPFILE") && !scr_accept_kw(p, "BOTH"))
            scr_unexpected(p, "MEMORY, SPFILE or BOTH");
    }
    scr_expect_end(p);
}

/* One SQL statement's tokens are in p->toks: parse it into st. */
static void parse_sql(scr_parser_t *p, scr_stmt_t *st)
{
    const scr_tok_t *t = scr_peek(p);
    if (t->kind != SCR_TOK_IDENT)
        scr_unexpected(p, "a statement");
    if (scr_accept_kw(p, "CREATE")) {
        scr_parse_create(p, st);
    } else if (scr_is_kw(p, "ALTER") && (strcmp(scr_peek_at(p, 1)->text, "SYSTEM") == 0 ||
                                         strcmp(scr_peek_at(p, 1)->text, "SESSION") == 0)) {
        p->i++;
        st->kind = SCR_SET_PARAM;
        parse_set_param(p, st);
    } else if (scr_accept_kw(p, "ALTER")) {
        scr_parse_alter(p, st);
    } else if (scr_accept_kw(p, "DROP")) {
        scr_parse_drop(p, st);
    } else if (scr_accept_kw(p, "TRUNCATE")) {
        scr_parse_truncate(p, st);
    } else if (scr_accept_kw(p, "INSERT")) {
        scr_parse_insert(p, st);
    } else if (scr_accept_kw(p, "UPDATE")) {
        scr_parse_update(p, st);
    } else if (scr_accept_kw(p, "DELETE")) {
        scr_parse_delete(p, st);
    } else if (scr_accept_kw(p, "COMMIT") || scr_accept_kw(p, "ROLLBACK")) {
        st->kind = strcmp(t->text, "COMMIT") == 0 ? SCR_COMMIT : SCR_ROLLBACK;
        scr_accept_kw(p, "WORK");
        scr_expect_end(p);
    } else if (scr_is_kw(p, "SELECT") || scr_is_kw(p, "WITH")) {
        scr_parse_query(p, st); /* query.c: answered, or a step saying why not */
    } else if (scr_is_kw(p, "RENAME") || scr_is_kw(p, "FLASHBACK") || scr_is_kw(p, "MERGE")) {
        scr_fail(p, "%s not modelled (%s)", t->text,
                 scr_is_kw(p, "RENAME")      ? "a table keeps its name for the whole run"
                 : scr_is_kw(p, "FLASHBACK") ? "the model keeps no recycle bin: a dropped "
                                               "table's segments are freed at DROP"
                                             : "merge into a table");
    } else {
        scr_unexpected(p, "a statement of the subset (create, alter, drop, truncate, insert, "
                          "update, delete, commit, rollback, select, declare, begin, exec)");
    }
}

/* A statement that runs without effect on LOB space (heads.c). */
static void no_effect(scr_parser_t *p, scr_stmt_t *st, const scr_head_t *h, uint32_t words)
{
    if (p->ntoks - 1 < words + h->after) {
        p->i = p->ntoks - 1;
        scr_fail(p, "'%s' not understood: incomplete (%u more word%s expected after it)", h->words,
                 h->after, h->after == 1 ? "" : "s");
    }
    st->kind = SCR_NO_EFFECT;
    st->u.head = h;
}

/* CONNECT USER[/PASSWORD][@DB] [AS SYSDBA]: USER's value from now on;
 * CONNECT / AS SYSDBA is SYS (SQL*Plus User's Guide, CONNECT). */
static void connect_user(scr_parser_t *p, uint32_t words)
{
    if (words >= p->ntoks || strcmp(p->toks[0].text, "DISCONNECT") == 0)
        return;
    const scr_tok_t *t = &p->toks[words];
    if (t->kind == SCR_TOK_IDENT || t->kind == SCR_TOK_QIDENT)
        snprintf(p->user, sizeof p->user, "%s", t->text);
    else if (t->kind == SCR_TOK_SYM && strcmp(t->text, "/") == 0)
        snprintf(p->user, sizeof p->user, "SYS");
}

/* Whether the bad token at i is the `&` (or `&&`) of a substitution
 * variable a query sets (COLUMN ... NEW_VALUE): SQL*Plus puts its value in
 * before Oracle reads the statement, so Oracle never sees the `&`. */
static int query_variable_at(const scr_parser_t *p, uint32_t i)
{
    static const char amp[] = "ORA-00911: invalid character '&'";
    const scr_script_t *s = p->script;
    while (i < p->ntoks && p->toks[i].kind == SCR_TOK_BAD &&
           strncmp(p->toks[i].text, amp, sizeof amp - 1) == 0)
        i++;
    if (i >= p->ntoks || p->toks[i].kind != SCR_TOK_IDENT)
        return 0;
    for (uint32_t k = 0; k < s->nqdefs; k++)
        if (strcmp(s->qdefs[k], p->toks[i].text) == 0)
            return 1;
    return 0;
}

/* What Oracle's parser refuses in the text is the statement's error; a
 * statement of no effect on LOB space is one (heads.c): 1, parsed.  In
 * one, a variable a query set is taken as SQL*Plus would fill it: its
 * value changes nothing the model keeps. */
int scr_parse_no_effect(scr_parser_t *p, scr_stmt_t *st)
{
    uint32_t words;
    const scr_head_t *h = scr_head_find(p->toks, p->ntoks, &words);
    int inert = h && (h->step == 1 || h->step == 4 || h->step == 5 || h->step == 6);
    for (uint32_t i = 0; i < p->ntoks; i++)
        if (p->toks[i].kind == SCR_TOK_BAD && !(inert && h->step == 1 && query_variable_at(p, i)))
            scr_fail_at(p, p->toks[i].line, "%s", p->toks[i].text);
    if (!inert)
        return 0;
    no_effect(p, st, h, words);
    if (strcmp(h->what, "connect (one database, one schema)") == 0)
        connect_user(p, words);
    if (h->step == 4)
        scr_link_statement(p);
    if (h->step == 5)
        scr_proc_statement(p);
    if (h->step == 6)
        scr_sequence_statement(p);
    return 1;
}

void scr_parse_sql(scr_parser_t *p, scr_stmt_t *st)
{
    if (!scr_parse_no_effect(p, st))
        parse_sql(p, st);
}

/* The statement parsed under its own jump buffer: 0, or 2 when refused
 * (the message in lx->err); running out of memory leaves through the
 * arena's. */
int scr_parse_guarded(scr_parser_t *p, scr_stmt_t *st, void (*parse)(scr_parser_t *, scr_stmt_t *))
{
    jmp_buf jb;
    jmp_buf *outer = p->lx->fail;
    p->lx->fail = &jb;
    p->gen_view = 0;
    int rc = setjmp(jb);
    if (rc == 0)
        parse(p, st);
    p->lx->fail = outer;
    return rc;
}

/* The refusal's text after "FILE:LINE: ", when it is Oracle's (ORA-, or
 * PLS- for PL/SQL, or SP2- for SQL*Plus's own, which it prints and goes
 * on): NULL for a construct the model does not know. */
static const char *oracle_text(const scr_lexer_t *lx, uint32_t *line)
{
    const char *m = lx->err;
    size_t n = strlen(lx->file);
    if (m == NULL || strncmp(m, lx->file, n) != 0 || m[n] != ':')
        return NULL;
    m += n + 1;
    *line = 0;
    while (*m >= '0' && *m <= '9')
        *line = *line * 10 + (uint32_t)(*m++ - '0');
    if (m[0] != ':' || m[1] != ' ')
        return NULL;
    m += 2;
    return strncmp(m, "ORA-", 4) == 0 || strncmp(m, "PLS-", 4) == 0 || strncmp(m, "SP2-", 4) == 0
               ? m
               : NULL;
}

/*
 * A refused statement: when Oracle refuses it, a step that gets Oracle's
 * error and changes nothing (SQL*Plus prints the error and goes on); a
 * construct the model does not know refuses the whole script (one line,
 * before any work).  The parser's state is as the statements before left
 * it: every refusal comes before a statement changes it.
 */
void scr_oracle_error(scr_parser_t *p, scr_stmt_t *st)
{
    uint32_t line;
    const char *m = oracle_text(p->lx, &line);
    if (m == NULL)
        longjmp(*p->lx->fail, 2);
    scr_stmt_t keep = *st;
    memset(&st->u, 0, sizeof st->u);
    st->kind = SCR_FAILED;
    st->table = -1;
    st->column = -1;
    st->text = keep.text;
    st->error = scr_arena_strndup(p->arena, m, strlen(m));
    st->error_line = line;
    p->block = NULL;
    p->plc = NULL;
    p->inert[0] = 0;
    if (p->missing_kind) {
        /* the kind and name, for the setup hint worked out at the end */
        size_t n = strlen(p->missing);
        char *h = scr_arena_alloc(p->arena, n + 3);
        h[0] = (char)p->missing_kind;
        h[1] = ':';
        memcpy(h + 2, p->missing, n + 1);
        st->hint = h;
    }
    p->lx->err[0] = 0;
}

void scr_text_enter(scr_parser_t *p, const char *text, size_t len, uint32_t line,
                    scr_text_saved_t *sv)
{
    scr_lexer_t *lx = p->lx;
    sv->lx = *lx;
    sv->toks = p->toks;
    sv->ntoks = p->ntoks;
    sv->i = p->i;
    sv->block = p->block;
    sv->plc = p->plc;
    lx->src = text;
    lx->len = len;
    lx->pos = 0;
    lx->line = line;
    lx->at_line_start = 0;
    scr_tokvec_t tv = {0};
    scr_tok_t t;
    do {
        scr_lex_next(lx, &t);
        if (t.kind == SCR_TOK_SYM && strcmp(t.text, ";") == 0) {
            /* Oracle refuses the terminator inside the statement's text */
            t.kind = SCR_TOK_BAD;
            t.text = "ORA-00911: invalid character";
        } else if (t.kind == SCR_TOK_EOF && tv.n == 0) {
            scr_tok_t none = t;
            none.kind = SCR_TOK_BAD; /* nothing to run */
            none.text = "ORA-00900: invalid SQL statement";
            scr_tokvec_push(p, &tv, &none);
        }
        t.line = line;
        scr_tokvec_push(p, &tv, &t);
        p->toks_text = tv.v; /* a refusal while lexing frees it (parse.c) */
    } while (t.kind != SCR_TOK_EOF);
    /* the block's tokens freed with the literal's if the script is refused */
    p->toks_text = NULL;
    p->toks_outer = sv->toks;
    p->toks = tv.v;
    p->ntoks = tv.n;
    p->i = 0;
}

void scr_text_leave(scr_parser_t *p, scr_text_saved_t *sv)
{
    sim_free(p->toks);
    p->toks = sv->toks;
    p->toks_outer = NULL;
    p->ntoks = sv->ntoks;
    p->i = sv->i;
    *p->lx = sv->lx;
    p->block = sv->block;
    p->plc = sv->plc;
}

/* One SQL statement of text (execute immediate's literal): its tokens
 * lexed from the text at `line`, parsed as a statement of the script is,
 * and the parser's state of the block around it kept. */
void scr_parse_sql_text(scr_parser_t *p, scr_stmt_t *st, const char *text, size_t len,
                        uint32_t line)
{
    scr_text_saved_t sv;
    scr_text_enter(p, text, len, line, &sv);
    st->text = scr_arena_strndup(p->arena, text, len);
    int rc = scr_parse_guarded(p, st, scr_parse_sql);
    scr_text_leave(p, &sv);
    if (rc != 0)
        scr_oracle_error(p, st); /* a construct the model does not know leaves here */
    p->lx->err[0] = 0;
    p->block = sv.block; /* the guard let go of the block's state */
    p->plc = sv.plc;
}
