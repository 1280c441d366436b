/*
 * parse.c -- a script cut into statements the way SQL*Plus cuts it, each
 * handed to the parser of its first keyword.
 *
 * A SQL statement ends at a ';' that ends its line or at a line holding
 * only '/'; a PL/SQL block (declare, begin) only at a '/' line; `exec` at
 * the end of its line.  SQL*Plus's own commands (set, column, spool,
 * prompt, rem, ...) are skipped: they are not statements and take no step.
 * Before any of that the whole text is checked for NUL bytes, overlong
 * lines and emptiness, so that no statement is parsed from a script that
 * will be refused anyway.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "script_int.h"

/* ---- statements -------------------------------------------------------- */

/* Only blanks or a comment after pos on its line. */
static int rest_of_line_empty(const char *s, size_t len, size_t pos)
{
    while (pos < len && (s[pos] == ' ' || s[pos] == '\t' || s[pos] == '\r'))
        pos++;
    if (pos >= len || s[pos] == '\n')
        return 1;
    return pos + 1 < len &&
           ((s[pos] == '-' && s[pos + 1] == '-') || (s[pos] == '/' && s[pos + 1] == '*'));
}

typedef struct {
    scr_tok_t *v;
    uint32_t n, cap;
} tokvec_t;

static void tokvec_push(scr_parser_t *p, tokvec_t *tv, const scr_tok_t *t)
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
         * create BasicFiles where no keyword says; the rest SecureFiles
         * (FORCE's override of an explicit BASICFILE is not modelled). */
        p->securefile_default = !(ok <= 1 || ok == 4); /* IGNORE: BasicFile */
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

static void parse_one(scr_parser_t *p, scr_stmt_t *st, int plsql)
{
    /* What Oracle's parser refuses in the text is the statement's error. */
    for (uint32_t i = 0; i < p->ntoks; i++)
        if (p->toks[i].kind == SCR_TOK_BAD)
            scr_fail_at(p, p->toks[i].line, "%s", p->toks[i].text);
    uint32_t words;
    const scr_head_t *h = scr_head_find(p->toks, p->ntoks, &words);
    if (h && h->step == 1)
        no_effect(p, st, h, words);
    else if (plsql)
        scr_parse_block(p, st);
    else
        parse_sql(p, st);
}

/* The statement parsed under its own jump buffer: 0, or 2 when refused
 * (the message in lx->err); running out of memory leaves through the
 * arena's. */
static int parse_guarded(scr_parser_t *p, scr_stmt_t *st, int plsql)
{
    jmp_buf jb;
    jmp_buf *outer = p->lx->fail;
    p->lx->fail = &jb;
    int rc = setjmp(jb);
    if (rc == 0)
        parse_one(p, st, plsql);
    p->lx->fail = outer;
    return rc;
}

/* The refusal's text after "FILE:LINE: ", when it is Oracle's (ORA-, or
 * PLS- for PL/SQL): NULL for a construct the model does not know. */
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
    return strncmp(m, "ORA-", 4) == 0 || strncmp(m, "PLS-", 4) == 0 ? m : NULL;
}

/*
 * A refused statement: when Oracle refuses it, a step that gets Oracle's
 * error and changes nothing (SQL*Plus prints the error and goes on); a
 * construct the model does not know refuses the whole script (one line,
 * before any work).  The parser's state is as the statements before left
 * it: every refusal comes before a statement changes it.
 */
static void oracle_error(scr_parser_t *p, scr_stmt_t *st)
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

static void run_statement(scr_parser_t *p, tokvec_t *tv, scr_stmt_t *st, int plsql, size_t end)
{
    scr_tok_t eof = {0};
    eof.kind = SCR_TOK_EOF;
    eof.text = "";
    eof.line = tv->n ? tv->v[tv->n - 1].line : st->line;
    eof.start = eof.end = end;
    tokvec_push(p, tv, &eof);
    p->toks = tv->v;
    p->ntoks = tv->n;
    p->i = 0;
    size_t b = tv->v[0].start;
    st->text = scr_arena_strndup(p->arena, p->lx->src + b, end - b);
    p->inert[0] = 0;
    p->missing_kind = 0;
    if (parse_guarded(p, st, plsql) != 0)
        oracle_error(p, st);
    if (p->inert[0])
        st->inert = scr_arena_strndup(p->arena, p->inert, strlen(p->inert));
}

/* One SQL statement of text (execute immediate's literal): its tokens
 * lexed from the text at `line`, parsed as a statement of the script is,
 * and the parser's state of the block around it kept. */
void scr_parse_sql_text(scr_parser_t *p, scr_stmt_t *st, const char *text, size_t len,
                        uint32_t line)
{
    scr_lexer_t *lx = p->lx;
    scr_lexer_t saved = *lx;
    scr_tok_t *toks = p->toks;
    uint32_t ntoks = p->ntoks, i = p->i;
    scr_block_t *block = p->block;
    struct scr_plc *plc = p->plc;
    /* the block's tokens freed with the literal's if the script is refused */
    p->toks_outer = toks;
    p->toks = NULL;
    lx->src = text;
    lx->len = len;
    lx->pos = 0;
    lx->line = line;
    lx->at_line_start = 0;
    tokvec_t tv = {0};
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
            tokvec_push(p, &tv, &none);
        }
        t.line = line;
        tokvec_push(p, &tv, &t);
    } while (t.kind != SCR_TOK_EOF);
    p->toks = tv.v;
    p->ntoks = tv.n;
    p->i = 0;
    st->text = scr_arena_strndup(p->arena, text, len);
    int rc = parse_guarded(p, st, 0);
    sim_free(tv.v);
    p->toks = toks;
    p->toks_outer = NULL;
    p->ntoks = ntoks;
    p->i = i;
    *lx = saved;
    if (rc != 0)
        oracle_error(p, st); /* a construct the model does not know leaves here */
    lx->err[0] = 0;
    p->block = block;
    p->plc = plc;
}

static void parse_all(scr_parser_t *p)
{
    scr_lexer_t *lx = p->lx;
    tokvec_t tv = {0};
    scr_tok_t t;
    /* tv.v is freed below or, on a longjmp, by scr_parse through p->toks. */
    for (;;) {
        scr_lex_skip(lx);
        if (lx->pos >= lx->len)
            break;
        char c = lx->src[lx->pos];
        if (c == '@')
            scr_lex_fail(lx, lx->line, "'@' runs another script: not supported, paste it in");
        if (c == '!')
            scr_lex_fail(lx, lx->line, "'!' runs a host command: not supported");
        scr_lexer_t save = *lx;
        scr_lex_next(lx, &t);
        tv.n = 0;
        p->toks = tv.v;
        if (t.kind == SCR_TOK_IDENT && t.line_first && strcmp(t.text, "WHENEVER") == 0) {
            scr_whenever(p, &t);
            scr_skip_line(lx, t.start);
            continue;
        }
        if (t.kind == SCR_TOK_IDENT && t.line_first && scr_line_command(p, &t))
            continue;
        if (t.kind == SCR_TOK_IDENT && (strcmp(t.text, "EXIT") == 0 || strcmp(t.text, "QUIT") == 0))
            break; /* SQL*Plus stops reading here */
        if (t.kind == SCR_TOK_IDENT && (strcmp(t.text, "HOST") == 0 || strcmp(t.text, "HO") == 0 ||
                                        strcmp(t.text, "START") == 0))
            scr_lex_fail(lx, t.line,
                         "SQL*Plus command '%s' not supported (the script runs with nothing "
                         "outside it)",
                         t.text);
        if (t.kind == SCR_TOK_SYM && t.slash_line)
            scr_lex_fail(lx, t.line,
                         "'/' here runs the previous statement again in SQL*Plus; "
                         "end a statement with ';' or '/', not both");
        scr_stmt_t *st;
        if (t.kind == SCR_TOK_IDENT &&
            (strcmp(t.text, "EXEC") == 0 || strcmp(t.text, "EXECUTE") == 0)) {
            /* exec CALL: the rest of its line */
            st = scr_new_stmt(p, t.line);
            tokvec_push(p, &tv, &t);
            size_t end = t.end;
            for (;;) {
                scr_lexer_t before = *lx;
                scr_tok_t u;
                scr_lex_next(lx, &u);
                if (u.kind == SCR_TOK_EOF || u.line != t.line || u.line_first) {
                    *lx = before;
                    break;
                }
                tokvec_push(p, &tv, &u);
                /* the text leaves out a final ';', as for other statements */
                if (!(u.kind == SCR_TOK_SYM && strcmp(u.text, ";") == 0))
                    end = u.end;
            }
            if (!(tv.v[tv.n - 1].kind == SCR_TOK_SYM && strcmp(tv.v[tv.n - 1].text, ";") == 0)) {
                /* exec CALL is begin CALL; end; */
                scr_tok_t semi = tv.v[tv.n - 1];
                semi.kind = SCR_TOK_SYM;
                semi.text = ";";
                semi.len = 1;
                semi.start = semi.end;
                semi.line_first = 0;
                tokvec_push(p, &tv, &semi);
            }
            run_statement(p, &tv, st, 1, end);
            continue;
        }
        if (t.kind == SCR_TOK_IDENT &&
            (strcmp(t.text, "DECLARE") == 0 || strcmp(t.text, "BEGIN") == 0)) {
            st = scr_new_stmt(p, t.line);
            tokvec_push(p, &tv, &t);
            size_t end = t.end;
            for (;;) {
                scr_tok_t u;
                scr_lex_next(lx, &u);
                if (u.kind == SCR_TOK_EOF)
                    scr_lex_fail(lx, t.line, "PL/SQL block not ended by a line holding only '/'");
                if (u.kind == SCR_TOK_SYM && u.slash_line)
                    break;
                tokvec_push(p, &tv, &u);
                end = u.end;
            }
            run_statement(p, &tv, st, 1, end);
            continue;
        }
        (void)save;
        st = scr_new_stmt(p, t.line);
        tokvec_push(p, &tv, &t);
        size_t end = t.end;
        if (!(t.kind == SCR_TOK_SYM && strcmp(t.text, ";") == 0)) {
            for (;;) {
                scr_tok_t u;
                scr_lex_next(lx, &u);
                if (u.kind == SCR_TOK_EOF)
                    scr_lex_fail(lx, t.line,
                                 "statement not ended by ';' or a line holding only '/'");
                if (u.kind == SCR_TOK_SYM && u.slash_line)
                    break;
                if (u.kind == SCR_TOK_SYM && strcmp(u.text, ";") == 0) {
                    if (rest_of_line_empty(lx->src, lx->len, lx->pos))
                        break;
                    /* SQL*Plus sends the text on to the line-ending ';': the
                     * server refuses the ';' inside it */
                    u.kind = SCR_TOK_BAD;
                    u.text = "ORA-00911: invalid character ';' (SQL*Plus ends a statement "
                             "only at a ';' that ends its line)";
                }
                tokvec_push(p, &tv, &u);
                end = u.end;
            }
        } else {
            scr_lex_fail(lx, t.line, "empty statement: ';' alone");
        }
        run_statement(p, &tv, st, 0, end);
    }
    sim_free(tv.v);
    p->toks = NULL;
}

/* Refuse NUL bytes, overlong lines and a script with nothing in it before
 * parsing anything. */
static void precheck(scr_lexer_t *lx)
{
    const char *s = lx->src;
    uint32_t line = 1;
    size_t linestart = 0;
    if (lx->len == 0)
        scr_lex_fail(lx, 1, "empty script: 0 bytes");
    for (size_t i = 0; i <= lx->len; i++) {
        if (i == lx->len || s[i] == '\n') {
            if (i - linestart > SCR_LINE_MAX)
                scr_lex_fail(lx, line, "line of %zu bytes, longer than %u", i - linestart,
                             SCR_LINE_MAX);
            line++;
            linestart = i + 1;
        } else if (s[i] == 0) {
            scr_lex_fail(lx, line, "NUL byte at column %zu: a script is text", i - linestart + 1);
        }
    }
}

/* A fresh database's tablespaces, as DBCA's general-purpose template makes
 * them (Oracle Database 2 Day DBA, "Managing Database Storage
 * Structures"): locally managed, autoallocate, ASSM, blocks of the run's
 * default size (8 KB unless the run says). */
static void predefined(scr_parser_t *p)
{
    static const char *const names[] = {"SYSTEM", "SYSAUX", "USERS", "UNDOTBS1", "TEMP"};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        scr_tablespace_t ts;
        memset(&ts, 0, sizeof ts);
        snprintf(ts.name, sizeof ts.name, "%s", names[i]);
        ts.block_size = p->opts->block_size;
        ts.uniform_size = 1u << 20;
        ts.predefined = 1;
        (void)scr_tablespace_add(p, &ts);
    }
}

/* ORA-00942 and ORA-00959 on a name no statement of the setup or the
 * script creates: the step says how to declare it. */
static void hints(scr_parser_t *p)
{
    const scr_script_t *s = p->script;
    for (uint32_t i = 0; i < s->nstmts; i++) {
        scr_stmt_t *st = &s->stmts[i];
        if (st->kind != SCR_FAILED || st->hint == NULL)
            continue;
        const char *name = st->hint + 2;
        int found = 0;
        if (st->hint[0] == 'T') {
            for (uint32_t k = 0; k < s->ntables && !found; k++)
                found = strcmp(s->tables[k].name, name) == 0;
        } else {
            for (uint32_t k = 0; k < s->ntablespaces && !found; k++)
                found = strcmp(s->tablespaces[k].name, name) == 0;
        }
        if (found) {
            st->hint = NULL;
            continue;
        }
        char h[SCR_NAME_MAX + 160];
        snprintf(h, sizeof h,
                 "%s %s is not created by the script: if your database has it, declare it in a "
                 "setup script (lobbench --setup=FILE.sql)",
                 st->hint[0] == 'T' ? "table" : "tablespace", name);
        st->hint = scr_arena_strndup(p->arena, h, strlen(h));
    }
}

/* One text read into statements: the setup's (not reported) or the
 * script's. */
static void parse_text(scr_parser_t *p, const char *file, const char *text, size_t len, int setup)
{
    scr_lexer_t *lx = p->lx;
    lx->file = file;
    lx->src = text;
    lx->len = len;
    lx->pos = 0;
    lx->line = 1;
    lx->at_line_start = 1;
    p->setup = setup;
    uint32_t before = p->script->nstmts;
    precheck(lx);
    parse_all(p);
    if (p->script->nstmts == before)
        scr_lex_fail(lx, lx->line > 1 ? lx->line - 1 : 1,
                     "empty script: no statement, only comments and SQL*Plus commands");
    /* The setup declares the author's database: it must run as declared. */
    for (uint32_t i = before; setup && i < p->script->nstmts; i++)
        if (p->script->stmts[i].kind == SCR_FAILED)
            scr_lex_fail(lx, p->script->stmts[i].line,
                         "%s (the setup script must run without error: it declares what the "
                         "script finds in the database)",
                         p->script->stmts[i].error);
}

typedef struct {
    const char *file, *text;
    size_t len;
} source_t;

/* Parse with p's jump buffer armed: 0, or what longjmp gave (1 out of
 * memory, 2 refused).  Nothing here changes after setjmp but through p. */
static int guarded(scr_parser_t *p, const source_t *setup, const source_t *main)
{
    int rc = setjmp(*p->lx->fail);
    if (rc != 0)
        return rc;
    predefined(p);
    if (setup)
        parse_text(p, setup->file, setup->text, setup->len, 1);
    parse_text(p, main->file, main->text, main->len, 0);
    hints(p);
    return 0;
}

static sim_err_t parse_sources(const source_t *setup, const source_t *main,
                               const scr_options_t *given, scr_script_t **out, char *err,
                               size_t errlen)
{
    const char *file = main->file;
    char ebuf[SCR_ERR_LEN];
    if (err == NULL || errlen == 0) {
        err = ebuf; /* the parser reads its refusals back (oracle_text()) */
        errlen = sizeof ebuf;
    }
    scr_options_t defopts;
    scr_options_defaults(&defopts);
    const scr_options_t *opts = given ? given : &defopts;
    err[0] = 0;
    if (!sim_block_size_valid(opts->block_size) ||
        (opts->charset != SCR_CHARSET_SINGLE_BYTE && opts->charset != SCR_CHARSET_AL32UTF8)) {
        snprintf(err, errlen, "%s: options out of range (block size %s)", file,
                 SIM_BLOCK_SIZES_ACCEPTED);
        return SIM_EINVAL;
    }
    jmp_buf jb;
    scr_arena_t arena = {0};
    arena.oom = &jb;
    scr_lexer_t lx = {0};
    lx.file = file;
    lx.arena = &arena;
    lx.err = err;
    lx.errlen = errlen;
    lx.fail = &jb;
    scr_script_t sc = {0};
    scr_parser_t p = {0};
    p.lx = &lx;
    p.script = &sc;
    p.arena = &arena;
    p.opts = opts;
    p.securefile_default = opts->securefile_default != 0;
    int rc = guarded(&p, setup, main);
    sim_free(p.lob_now);
    if (rc != 0) {
        sim_free(p.toks);
        sim_free(p.toks_outer);
        sim_free(sc.stmts);
        sim_free(sc.tables);
        sim_free(sc.tablespaces);
        scr_arena_free(&arena);
        if (rc == 1) {
            snprintf(err, errlen, "%s: out of memory", lx.file);
            return SIM_ENOMEM;
        }
        return SIM_EINVAL;
    }
    arena.oom = NULL;
    /* Move the growing arrays into the arena, so that scr_free frees one
     * thing; an allocation failing here leaves nothing behind. */
    scr_script_t *s = scr_arena_alloc(&arena, sizeof *s);
    scr_stmt_t *stmts = scr_arena_alloc(&arena, sc.nstmts * sizeof *sc.stmts);
    scr_table_t *tables = scr_arena_alloc(&arena, (sc.ntables + 1) * sizeof *sc.tables);
    scr_tablespace_t *tss = scr_arena_alloc(&arena, (sc.ntablespaces + 1) * sizeof *sc.tablespaces);
    char *fname = scr_arena_strndup(&arena, file, strlen(file));
    char *sname = setup ? scr_arena_strndup(&arena, setup->file, strlen(setup->file)) : NULL;
    scr_arena_t *keep = scr_arena_alloc(&arena, sizeof *keep);
    if (!s || !stmts || !tables || !tss || !fname || !keep || (setup && !sname)) {
        sim_free(sc.stmts);
        sim_free(sc.tables);
        sim_free(sc.tablespaces);
        scr_arena_free(&arena);
        snprintf(err, errlen, "%s: out of memory", file);
        return SIM_ENOMEM;
    }
    *s = sc;
    memcpy(stmts, sc.stmts, sc.nstmts * sizeof *sc.stmts);
    if (sc.ntables)
        memcpy(tables, sc.tables, sc.ntables * sizeof *sc.tables);
    if (sc.ntablespaces)
        memcpy(tss, sc.tablespaces, sc.ntablespaces * sizeof *sc.tablespaces);
    s->stmts = stmts;
    s->tables = tables;
    s->tablespaces = tss;
    s->file = fname;
    s->setup_file = sname;
    s->opts = *opts;
    sim_free(sc.stmts);
    sim_free(sc.tables);
    sim_free(sc.tablespaces);
    *keep = arena;
    s->priv = keep;
    /* The session markers are the script's: its statements after the
     * setup's. */
    uint32_t nsetup = 0;
    while (nsetup < s->nstmts && s->stmts[nsetup].setup)
        nsetup++;
    s->nsetup = nsetup;
    scr_script_t view = *s;
    view.stmts += nsetup;
    view.nstmts -= nsetup;
    sim_err_t rc2 = scr_mark_sessions(file, main->text, main->len, &view, err, errlen);
    if (rc2 != SIM_OK) {
        scr_free(s);
        return rc2;
    }
    *out = s;
    return SIM_OK;
}

sim_err_t scr_parse(const char *file, const char *text, size_t len, const scr_options_t *given,
                    scr_script_t **out, char *err, size_t errlen)
{
    source_t main = {file, text, len};
    return parse_sources(NULL, &main, given, out, err, errlen);
}

sim_err_t scr_parse_setup(const char *setup_file, const char *setup_text, size_t setup_len,
                          const char *file, const char *text, size_t len, const scr_options_t *opts,
                          scr_script_t **out, char *err, size_t errlen)
{
    source_t setup = {setup_file, setup_text, setup_len};
    source_t main = {file, text, len};
    return parse_sources(&setup, &main, opts, out, err, errlen);
}

void scr_free(scr_script_t *s)
{
    if (!s)
        return;
    scr_arena_t a = *(scr_arena_t *)s->priv;
    scr_arena_free(&a);
}
