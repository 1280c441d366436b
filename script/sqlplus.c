/*
 * sqlplus.c -- SQL*Plus's own commands at the head of a line: WHENEVER
 * SQLERROR (what a statement's Oracle error does to the run), and the
 * commands of heads.c's table, skipped or run as a step without effect
 * (connect, show parameter).  parse.c calls them before it cuts a
 * statement.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "script_int.h"

/* The words of the rest of the line after offset pos, split at blanks (a
 * final ';' dropped), upper-cased, up to max of them; how many. */
static uint32_t line_words(const scr_lexer_t *lx, size_t pos, char (*w)[64], uint32_t max)
{
    uint32_t n = 0;
    const char *s = lx->src;
    while (pos < lx->len && s[pos] != '\n') {
        while (pos < lx->len && (s[pos] == ' ' || s[pos] == '\t' || s[pos] == '\r'))
            pos++;
        if (pos >= lx->len || s[pos] == '\n' ||
            (s[pos] == '-' && pos + 1 < lx->len && s[pos + 1] == '-'))
            break;
        size_t b = pos;
        while (pos < lx->len && s[pos] != '\n' && s[pos] != ' ' && s[pos] != '\t' && s[pos] != '\r')
            pos++;
        size_t e = pos;
        if (e > b && s[e - 1] == ';')
            e--;
        if (e == b)
            continue;
        if (n < max) {
            size_t k = e - b < 63 ? e - b : 63;
            for (size_t i = 0; i < k; i++)
                w[n][i] = (char)toupper((unsigned char)s[b + i]);
            w[n][k] = 0;
        }
        n++;
    }
    return n;
}

/*
 * WHENEVER SQLERROR {EXIT [SUCCESS | FAILURE | WARNING | n | SQL.SQLCODE]
 * [COMMIT | ROLLBACK] | CONTINUE [COMMIT | ROLLBACK | NONE]} (SQL*Plus
 * User's Guide and Reference, WHENEVER SQLERROR): in force for the
 * statements after it.  WHENEVER OSERROR is accepted: the model has no
 * operating system to fail.
 */
void scr_whenever(scr_parser_t *p, const scr_tok_t *t)
{
    char w[6][64];
    uint32_t n = line_words(p->lx, t->end, w, 6);
    const char *usage = "(accepted: WHENEVER SQLERROR EXIT [SUCCESS|FAILURE|WARNING|n|"
                        "SQL.SQLCODE] [COMMIT|ROLLBACK], WHENEVER SQLERROR CONTINUE "
                        "[COMMIT|ROLLBACK|NONE], WHENEVER OSERROR ...)";
    if (n == 0 || n > 4)
        scr_lex_fail(p->lx, t->line, "WHENEVER not understood %s", usage);
    int sql = strcmp(w[0], "SQLERROR") == 0;
    if (!sql && strcmp(w[0], "OSERROR") != 0)
        scr_lex_fail(p->lx, t->line, "WHENEVER '%s' not understood %s", w[0], usage);
    scr_on_error_t e = {0, 0, 0, SCR_ON_ERR_NONE};
    uint32_t i = 2;
    if (n >= 2 && strcmp(w[1], "EXIT") == 0) {
        e.exit = 1;
        e.tx = SCR_ON_ERR_COMMIT; /* EXIT's default */
        if (i < n && strcmp(w[i], "SUCCESS") == 0) {
            i++;
        } else if (i < n && strcmp(w[i], "FAILURE") == 0) {
            e.status = 1;
            i++;
        } else if (i < n && strcmp(w[i], "WARNING") == 0) {
            e.status = 2;
            i++;
        } else if (i < n && strcmp(w[i], "SQL.SQLCODE") == 0) {
            e.sqlcode = 1;
            i++;
        } else if (i < n && w[i][0] >= '0' && w[i][0] <= '9') {
            char *end;
            unsigned long v = strtoul(w[i], &end, 10);
            if (*end || v > 255)
                scr_lex_fail(p->lx, t->line,
                             "WHENEVER SQLERROR EXIT '%s' not understood (an exit status from 0 "
                             "to 255)",
                             w[i]);
            e.status = (int)v;
            i++;
        }
    } else if (n >= 2 && strcmp(w[1], "CONTINUE") == 0) {
        if (i < n && strcmp(w[i], "NONE") == 0)
            i++;
    } else {
        scr_lex_fail(p->lx, t->line, "WHENEVER %s '%s' not understood %s", w[0], n >= 2 ? w[1] : "",
                     usage);
    }
    if (i < n && strcmp(w[i], "COMMIT") == 0) {
        e.tx = SCR_ON_ERR_COMMIT;
        i++;
    } else if (i < n && strcmp(w[i], "ROLLBACK") == 0) {
        e.tx = SCR_ON_ERR_ROLLBACK;
        i++;
    }
    if (i < n)
        scr_lex_fail(p->lx, t->line, "WHENEVER %s %s: '%s' not understood %s", w[0], w[1], w[i],
                     usage);
    if (sql)
        p->on_error = e;
}

/*
 * A SQL*Plus command of heads.c, the rest of its line: skipped (set,
 * column, ...), or a step without effect (connect, show parameter).  1
 * when it was one, the lexer past its line.
 */
int scr_line_command(scr_parser_t *p, const scr_tok_t *t)
{
    char w[3][64];
    uint32_t n = line_words(p->lx, t->end, w, 2);
    scr_tok_t toks[3];
    memset(toks, 0, sizeof toks);
    toks[0] = *t;
    for (uint32_t i = 0; i < n && i < 2; i++) {
        toks[i + 1].kind = SCR_TOK_IDENT;
        toks[i + 1].text = w[i];
        toks[i + 1].len = (uint32_t)strlen(w[i]);
    }
    uint32_t words;
    const scr_head_t *h = scr_head_find(toks, 1 + (n < 2 ? n : 2), &words);
    if (h == NULL || !h->line)
        return 0;
    if (h->step) {
        scr_stmt_t *st = scr_new_stmt(p, t->line);
        size_t e = t->start;
        while (e < p->lx->len && p->lx->src[e] != '\n')
            e++;
        while (e > t->start && (p->lx->src[e - 1] == ' ' || p->lx->src[e - 1] == '\t' ||
                                p->lx->src[e - 1] == '\r' || p->lx->src[e - 1] == ';'))
            e--;
        st->text = scr_arena_strndup(p->arena, p->lx->src + t->start, e - t->start);
        st->kind = SCR_NO_EFFECT;
        st->u.head = h;
    }
    scr_skip_line(p->lx, t->start);
    return 1;
}
