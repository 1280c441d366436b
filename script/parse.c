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

/* SQL*Plus commands: skipped, they are not statements (script/README.md). */
static int sqlplus_command(const char *w)
{
    static const char *const cmds[] = {
        "SET",      "COLUMN", "COL",      "SPOOL",     "PROMPT",
        "PRO",      "REM",    "REMARK",   "SHOW",      "SHO",
        "TTITLE",   "BTITLE", "BREAK",    "COMPUTE",   "CLEAR",
        "CL",       "DEFINE", "DEF",      "UNDEFINE",  "WHENEVER",
        "PAUSE",    "TIMING", "DESC",     "DESCRIBE",  "VAR",
        "VARIABLE", "PRINT",  "ACCEPT",   "REPHEADER", "REPFOOTER",
        "TTI",      "BTI",    "STORE",    "ARCHIVE",   "ATTRIBUTE",
        "LIST",     "L",      "PASSWORD", "RECOVER",   "SAVEPOINT_SQLPLUS_UNUSED"};
    for (size_t i = 0; i < sizeof cmds / sizeof cmds[0]; i++)
        if (strcmp(w, cmds[i]) == 0)
            return 1;
    return 0;
}

/* Skip to the end of the line holding offset pos, following SQL*Plus's '-'
 * continuation (a line ending in " -" goes on). */
static void skip_line(scr_lexer_t *lx, size_t pos)
{
    const char *s = lx->src;
    for (;;) {
        size_t e = pos;
        while (e < lx->len && s[e] != '\n')
            e++;
        size_t t = e;
        while (t > pos && (s[t - 1] == ' ' || s[t - 1] == '\t' || s[t - 1] == '\r'))
            t--;
        int cont = t > pos && s[t - 1] == '-';
        if (e >= lx->len) {
            lx->pos = lx->len;
            return;
        }
        lx->pos = e + 1;
        lx->line++;
        lx->at_line_start = 1;
        if (!cont)
            return;
        pos = lx->pos;
    }
}

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

static scr_stmt_t *new_stmt(scr_parser_t *p, uint32_t line)
{
    scr_script_t *s = p->script;
    if (s->nstmts >= SCR_STMT_MAX)
        scr_lex_fail(p->lx, line, "more than %u statements in one script", SCR_STMT_MAX);
    if (s->nstmts == p->cap_stmts) {
        uint32_t cap = p->cap_stmts ? p->cap_stmts * 2 : 32;
        scr_stmt_t *v = sim_realloc(s->stmts, cap * sizeof *v);
        if (!v)
            longjmp(*p->arena->oom, 1);
        s->stmts = v;
        p->cap_stmts = cap;
    }
    scr_stmt_t *st = &s->stmts[s->nstmts++];
    memset(st, 0, sizeof *st);
    st->step = s->nstmts;
    st->line = line;
    st->table = -1;
    st->column = -1;
    p->step = st->step;
    return st;
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
        char q[64];
        scr_quote(t->text, t->len, q, sizeof q);
        scr_fail(p, "parameter '%s' not understood (accepted: UNDO_RETENTION, DB_SECUREFILE)", q);
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
        st->kind = SCR_OBSERVE; /* recorded verbatim, not evaluated */
    } else {
        scr_unexpected(p, "a statement of the subset (create, alter, drop, truncate, insert, "
                          "update, delete, commit, rollback, select, declare, begin, exec)");
    }
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
    if (plsql)
        scr_parse_block(p, st);
    else
        parse_sql(p, st);
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
        if (t.kind == SCR_TOK_IDENT && t.line_first && sqlplus_command(t.text)) {
            skip_line(lx, t.start);
            continue;
        }
        if (t.kind == SCR_TOK_IDENT && (strcmp(t.text, "EXIT") == 0 || strcmp(t.text, "QUIT") == 0))
            break; /* SQL*Plus stops reading here */
        if (t.kind == SCR_TOK_IDENT &&
            (strcmp(t.text, "HOST") == 0 || strcmp(t.text, "HO") == 0 ||
             strcmp(t.text, "START") == 0 || strcmp(t.text, "CONNECT") == 0 ||
             strcmp(t.text, "CONN") == 0 || strcmp(t.text, "DISCONNECT") == 0))
            scr_lex_fail(lx, t.line,
                         "SQL*Plus command '%s' not supported (the script runs in one "
                         "session, with nothing outside it)",
                         t.text);
        if (t.kind == SCR_TOK_SYM && t.slash_line)
            scr_lex_fail(lx, t.line,
                         "'/' here runs the previous statement again in SQL*Plus; "
                         "end a statement with ';' or '/', not both");
        scr_stmt_t *st;
        if (t.kind == SCR_TOK_IDENT &&
            (strcmp(t.text, "EXEC") == 0 || strcmp(t.text, "EXECUTE") == 0)) {
            /* exec CALL: the rest of its line */
            st = new_stmt(p, t.line);
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
            run_statement(p, &tv, st, 1, end);
            continue;
        }
        if (t.kind == SCR_TOK_IDENT &&
            (strcmp(t.text, "DECLARE") == 0 || strcmp(t.text, "BEGIN") == 0)) {
            st = new_stmt(p, t.line);
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
        st = new_stmt(p, t.line);
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
                    if (!rest_of_line_empty(lx->src, lx->len, lx->pos))
                        scr_lex_fail(lx, u.line,
                                     "ORA-00911: invalid character ';' (SQL*Plus "
                                     "ends a statement only at a ';' that ends its line)");
                    break;
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

/* Parse with p's jump buffer armed: 0, or what longjmp gave (1 out of
 * memory, 2 refused).  Nothing here changes after setjmp but through p. */
static int guarded(scr_parser_t *p)
{
    int rc = setjmp(*p->lx->fail);
    if (rc != 0)
        return rc;
    precheck(p->lx);
    parse_all(p);
    if (p->script->nstmts == 0)
        scr_lex_fail(p->lx, p->lx->line > 1 ? p->lx->line - 1 : 1,
                     "empty script: no statement, only comments and SQL*Plus commands");
    return 0;
}

sim_err_t scr_parse(const char *file, const char *text, size_t len, const scr_options_t *given,
                    scr_script_t **out, char *err, size_t errlen)
{
    scr_options_t defopts;
    scr_options_defaults(&defopts);
    const scr_options_t *opts = given ? given : &defopts;
    if (err && errlen)
        err[0] = 0;
    if (!sim_block_size_valid(opts->block_size) ||
        (opts->charset != SCR_CHARSET_SINGLE_BYTE && opts->charset != SCR_CHARSET_AL32UTF8)) {
        if (err && errlen)
            snprintf(err, errlen, "%s: options out of range (block size %s)", file,
                     SIM_BLOCK_SIZES_ACCEPTED);
        return SIM_EINVAL;
    }
    jmp_buf jb;
    scr_arena_t arena = {0};
    arena.oom = &jb;
    scr_lexer_t lx = {0};
    lx.file = file;
    lx.src = text;
    lx.len = len;
    lx.line = 1;
    lx.at_line_start = 1;
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
    int rc = guarded(&p);
    sim_free(p.lob_now);
    if (rc != 0) {
        sim_free(p.toks);
        sim_free(sc.stmts);
        sim_free(sc.tables);
        sim_free(sc.tablespaces);
        scr_arena_free(&arena);
        if (rc == 1) {
            if (err && errlen)
                snprintf(err, errlen, "%s: out of memory", file);
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
    scr_arena_t *keep = scr_arena_alloc(&arena, sizeof *keep);
    if (!s || !stmts || !tables || !tss || !fname || !keep) {
        sim_free(sc.stmts);
        sim_free(sc.tables);
        sim_free(sc.tablespaces);
        scr_arena_free(&arena);
        if (err && errlen)
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
    s->opts = *opts;
    sim_free(sc.stmts);
    sim_free(sc.tables);
    sim_free(sc.tablespaces);
    *keep = arena;
    s->priv = keep;
    sim_err_t rc2 = scr_mark_sessions(file, text, len, s, err, errlen);
    if (rc2 != SIM_OK) {
        scr_free(s);
        return rc2;
    }
    *out = s;
    return SIM_OK;
}

void scr_free(scr_script_t *s)
{
    if (!s)
        return;
    scr_arena_t a = *(scr_arena_t *)s->priv;
    scr_arena_free(&a);
}

sim_err_t scr_read_file(const char *file, char **text, size_t *len, char *err, size_t errlen)
{
    FILE *f = fopen(file, "rb");
    if (!f) {
        snprintf(err, errlen, "%s: cannot read: %s", file, strerror(errno));
        return SIM_EIO;
    }
    size_t cap = 1 << 16, n = 0;
    char *buf = sim_malloc(cap);
    if (!buf) {
        fclose(f);
        snprintf(err, errlen, "%s: out of memory", file);
        return SIM_ENOMEM;
    }
    for (;;) {
        if (n == cap) {
            /* A script is short text: refuse what no script is (1 GB). */
            if (cap >= (1u << 30)) {
                fclose(f);
                sim_free(buf);
                snprintf(err, errlen, "%s: larger than 1 GB: not a script", file);
                return SIM_EINVAL;
            }
            char *nb = sim_realloc(buf, cap * 2);
            if (!nb) {
                fclose(f);
                sim_free(buf);
                snprintf(err, errlen, "%s: out of memory", file);
                return SIM_ENOMEM;
            }
            buf = nb;
            cap *= 2;
        }
        size_t r = fread(buf + n, 1, cap - n, f);
        n += r;
        if (r == 0)
            break;
    }
    int bad = ferror(f);
    fclose(f);
    if (bad) {
        sim_free(buf);
        snprintf(err, errlen, "%s: cannot read: %s", file, strerror(errno));
        return SIM_EIO;
    }
    *text = buf;
    *len = n;
    return SIM_OK;
}

sim_err_t scr_parse_file(const char *file, const scr_options_t *opts, scr_script_t **out, char *err,
                         size_t errlen)
{
    char *buf;
    size_t n;
    sim_err_t rc = scr_read_file(file, &buf, &n, err, errlen);
    if (rc != SIM_OK)
        return rc;
    rc = scr_parse(file, buf, n, opts, out, err, errlen);
    sim_free(buf);
    return rc;
}
