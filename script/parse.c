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

/* A PL/SQL block, unless its head is one of no effect (exec of a call the
 * model does not use). */
static void parse_block(scr_parser_t *p, scr_stmt_t *st)
{
    if (!scr_parse_no_effect(p, st))
        scr_parse_block(p, st);
}

/* `@file`, `@@file`, `start file` (SQL*Plus User's Guide and Reference,
 * @, @@, START): the model runs one script with nothing outside it, so
 * SQL*Plus finds no such file: a step with its error SP2-0310, and the
 * script goes on, as SQL*Plus goes on (a SQL*Plus error: WHENEVER
 * SQLERROR does not see it).  What the file would have made is the
 * setup's to declare. */
static void run_file(scr_parser_t *p, size_t at, uint32_t line)
{
    scr_lexer_t *lx = p->lx;
    const char *s = lx->src;
    size_t b = at, e;
    if (s[b] == '@')
        b += b + 1 < lx->len && s[b + 1] == '@' ? 2 : 1; /* @, @@ */
    else
        while (b < lx->len && s[b] != ' ' && s[b] != '\t' && s[b] != '\n')
            b++; /* START */
    while (b < lx->len && (s[b] == ' ' || s[b] == '\t'))
        b++;
    for (e = b; e < lx->len && s[e] != '\n' && s[e] != ' ' && s[e] != '\t' && s[e] != '\r';)
        e++;
    if (e > b && s[e - 1] == ';')
        e--;
    if (e == b)
        scr_lex_fail(lx, line, "%s without a file name", s[at] == '@' ? "@" : "START");
    char name[256];
    size_t n = e - b < 200 ? e - b : 200;
    int ext = memchr(s + b, '.', n) != NULL;
    snprintf(name, sizeof name, "%.*s%s", (int)n, s + b, ext ? "" : ".sql");
    scr_stmt_t *st = scr_new_stmt(p, line);
    st->kind = SCR_FAILED;
    st->table = -1;
    st->column = -1;
    st->text = scr_arena_strndup(p->arena, s + at, e - at);
    char m[300];
    snprintf(m, sizeof m, "SP2-0310: unable to open file \"%s\"", name);
    st->error = scr_arena_strndup(p->arena, m, strlen(m));
    st->error_line = line;
    scr_skip_line(lx, at);
}

/* CREATE [OR REPLACE] [[NON]EDITIONABLE] PROCEDURE | FUNCTION | PACKAGE |
 * TRIGGER: PL/SQL, ended only by a line holding '/' (SQL*Plus User's
 * Guide, "Running PL/SQL Blocks"), t its first token. */
static int plsql_unit(const scr_lexer_t *lx, const scr_tok_t *t)
{
    if (strcmp(t->text, "CREATE") != 0)
        return 0;
    scr_lexer_t ahead = *lx;
    scr_tok_t u;
    scr_lex_next(&ahead, &u);
    if (u.kind == SCR_TOK_IDENT && strcmp(u.text, "OR") == 0) {
        scr_lex_next(&ahead, &u);
        if (!(u.kind == SCR_TOK_IDENT && strcmp(u.text, "REPLACE") == 0))
            return 0;
        scr_lex_next(&ahead, &u);
    }
    if (u.kind == SCR_TOK_IDENT &&
        (strcmp(u.text, "EDITIONABLE") == 0 || strcmp(u.text, "NONEDITIONABLE") == 0))
        scr_lex_next(&ahead, &u);
    return u.kind == SCR_TOK_IDENT &&
           (strcmp(u.text, "PROCEDURE") == 0 || strcmp(u.text, "FUNCTION") == 0 ||
            strcmp(u.text, "PACKAGE") == 0 || strcmp(u.text, "TRIGGER") == 0);
}

static void run_statement(scr_parser_t *p, scr_tokvec_t *tv, scr_stmt_t *st, int plsql, size_t end)
{
    scr_tok_t eof = {0};
    eof.kind = SCR_TOK_EOF;
    eof.text = "";
    eof.line = tv->n ? tv->v[tv->n - 1].line : st->line;
    eof.start = eof.end = end;
    scr_tokvec_push(p, tv, &eof);
    /* SQL*Plus binds its variables in a SQL statement or an anonymous
     * block; a CREATE of a PL/SQL unit goes to Oracle as written (a
     * trigger's :new and :old are its own, not SQL*Plus's) */
    int unit = tv->n > 1 && strcmp(tv->v[0].text, "CREATE") == 0;
    for (size_t i = 0; unit && i < tv->n; i++)
        if (tv->v[i].kind == SCR_TOK_BAD && tv->v[i].bind) {
            tv->v[i].kind = SCR_TOK_IDENT; /* `:new`, as written: no SP2-0552 */
            tv->v[i].text = tv->v[i].bind;
            tv->v[i].len = (uint32_t)strlen(tv->v[i].bind);
        }
    if (!unit && scr_binds_resolve(p, tv->v, tv->n, plsql)) {
        /* DML naming binds: `begin STATEMENT; end;` (its text as written) */
        tv->n--;
        scr_tok_t w = tv->v[tv->n - 1];
        w.kind = SCR_TOK_SYM;
        w.line_first = w.slash_line = 0;
        w.bind = NULL;
        w.text = ";";
        w.len = 1;
        scr_tokvec_push(p, tv, &w);
        w.kind = SCR_TOK_IDENT;
        w.text = "END";
        w.len = 3;
        scr_tokvec_push(p, tv, &w);
        w.kind = SCR_TOK_SYM;
        w.text = ";";
        w.len = 1;
        scr_tokvec_push(p, tv, &w);
        scr_tokvec_push(p, tv, &eof);
        w = tv->v[0];
        w.kind = SCR_TOK_IDENT;
        w.text = "BEGIN";
        w.len = 5;
        scr_tokvec_push(p, tv, &w); /* room, then moved to the front */
        memmove(tv->v + 1, tv->v, (tv->n - 1) * sizeof *tv->v);
        tv->v[0] = w;
        plsql = 1;
    }
    p->toks = tv->v;
    p->ntoks = tv->n;
    p->i = 0;
    size_t b = tv->v[0].start;
    st->text = scr_arena_strndup(p->arena, p->lx->src + b, end - b);
    p->inert[0] = 0;
    p->missing_kind = 0;
    int rc = scr_parse_guarded(p, st, plsql ? parse_block : scr_parse_sql);
    /* an Oracle error inside a procedure's text leaves the statement's
     * tokens displaced: they are tv's again */
    p->toks_held = NULL;
    p->toks = tv->v;
    if (rc != 0)
        scr_oracle_error(p, st);
    if (p->inert[0])
        st->inert = scr_arena_strndup(p->arena, p->inert, strlen(p->inert));
}

static void parse_all(scr_parser_t *p)
{
    scr_lexer_t *lx = p->lx;
    scr_tokvec_t tv = {0};
    scr_tok_t t;
    /* tv.v is freed below or, on a longjmp, by scr_parse through p->toks. */
    for (;;) {
        scr_lex_skip(lx);
        if (lx->pos >= lx->len)
            break;
        char c = lx->src[lx->pos];
        if (c == '@') {
            run_file(p, lx->pos, lx->line);
            continue;
        }
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
        if (t.kind == SCR_TOK_IDENT && t.line_first &&
            (strcmp(t.text, "VAR") == 0 || strcmp(t.text, "VARIABLE") == 0)) {
            scr_variable(p, &t);
            continue;
        }
        if (t.kind == SCR_TOK_IDENT && t.line_first &&
            (strcmp(t.text, "PRINT") == 0 || strcmp(t.text, "PRI") == 0)) {
            scr_print(p, &t, parse_block);
            continue;
        }
        if (t.kind == SCR_TOK_IDENT && t.line_first && scr_line_command(p, &t))
            continue;
        if (t.kind == SCR_TOK_IDENT && (strcmp(t.text, "EXIT") == 0 || strcmp(t.text, "QUIT") == 0))
            break; /* SQL*Plus stops reading here */
        if (t.line_first && t.kind == SCR_TOK_IDENT &&
            (strcmp(t.text, "START") == 0 || strcmp(t.text, "STA") == 0)) {
            run_file(p, t.start, t.line);
            continue;
        }
        if (t.kind == SCR_TOK_IDENT && (strcmp(t.text, "HOST") == 0 || strcmp(t.text, "HO") == 0))
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
            scr_tokvec_push(p, &tv, &t);
            size_t end = t.end;
            uint32_t cur = t.line;
            for (;;) {
                scr_lexer_t before = *lx;
                scr_tok_t u;
                scr_lex_next(lx, &u);
                if (u.kind != SCR_TOK_EOF && (u.line != cur || u.line_first) && tv.n > 1 &&
                    tv.v[tv.n - 1].kind == SCR_TOK_SYM && strcmp(tv.v[tv.n - 1].text, "-") == 0 &&
                    tv.v[tv.n - 1].line == cur) {
                    /* a '-' ending the line continues the command on the
                     * next (SQL*Plus User's Guide, "Continuing a Long
                     * SQL*Plus Command on Additional Lines") */
                    tv.n--;
                    cur = u.line;
                } else if (u.kind == SCR_TOK_EOF || u.line != cur || u.line_first) {
                    *lx = before;
                    break;
                }
                scr_tokvec_push(p, &tv, &u);
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
                scr_tokvec_push(p, &tv, &semi);
            }
            run_statement(p, &tv, st, 1, end);
            continue;
        }
        if (t.kind == SCR_TOK_IDENT && (strcmp(t.text, "DECLARE") == 0 ||
                                        strcmp(t.text, "BEGIN") == 0 || plsql_unit(lx, &t))) {
            st = scr_new_stmt(p, t.line);
            scr_tokvec_push(p, &tv, &t);
            size_t end = t.end;
            for (;;) {
                scr_tok_t u;
                scr_lex_next(lx, &u);
                if (u.kind == SCR_TOK_EOF)
                    scr_lex_fail(lx, t.line, "PL/SQL block not ended by a line holding only '/'");
                if (u.kind == SCR_TOK_SYM && u.slash_line)
                    break;
                scr_tokvec_push(p, &tv, &u);
                end = u.end;
            }
            run_statement(p, &tv, st, 1, end);
            continue;
        }
        (void)save;
        st = scr_new_stmt(p, t.line);
        scr_tokvec_push(p, &tv, &t);
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
                scr_tokvec_push(p, &tv, &u);
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
 * Structures"): locally managed, autoallocate, ASSM but SYSTEM, blocks of
 * the run's default size (8 KB unless the run says). */
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
        /* SYSTEM is MANUAL: a SecureFile there is ORA-43853 (Exforsys's
         * 11g SecureFile tutorial, published output) */
        ts.manual = i == 0;
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
    lx->src = scr_define_text(p, text, len, &lx->len);
    parse_all(p);
    /* a setup may hold SQL*Plus commands only: the DEFINEs answering a
     * script's &1 as the author's command line did */
    if (p->script->nstmts == before && !setup)
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
    p.securefile_force = opts->securefile_force != 0;
    int rc = guarded(&p, setup, main);
    sim_free(p.lob_now);
    sim_free(p.toks_text);
    if (rc != 0) {
        if (p.toks_held) {
            /* refused inside a procedure's text (the arena's): the
             * statement's tokens, and an execute immediate's there */
            sim_free(p.toks_held);
            if (p.toks_outer)
                sim_free(p.toks);
        } else {
            sim_free(p.toks);
            sim_free(p.toks_outer);
        }
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
