/*
 * lex.c -- the script's tokens: identifiers (upper-cased unless quoted),
 * string literals, numbers with an optional K/M/G/T suffix, symbols; `--`
 * and `/ * * /` comments skipped.  Every refusal names the line and quotes
 * what was found (scr_quote: cut, control bytes as '?').
 */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "script_int.h"

void scr_quote(const char *s, size_t n, char *out, size_t outlen)
{
    size_t max = 40, o = 0;
    if (outlen == 0)
        return;
    for (size_t i = 0; i < n && i < max && o + 1 < outlen; i++) {
        unsigned char c = (unsigned char)s[i];
        out[o++] = (c < 0x20 || c >= 0x7f) ? '?' : (char)c;
    }
    if (n > max && o + 3 < outlen) {
        memcpy(out + o, "...", 3);
        o += 3;
    }
    out[o] = 0;
}

_Noreturn void scr_lex_fail(scr_lexer_t *lx, uint32_t line, const char *fmt, ...)
{
    char msg[SCR_ERR_LEN];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    if (lx->err && lx->errlen)
        snprintf(lx->err, lx->errlen, "%s:%u: %s", lx->file, line, msg);
    longjmp(*lx->fail, 2);
}

/* A token Oracle's parser refuses: its error goes to the statement that
 * holds it (parse.c), so that SQL*Plus's run goes on after it. */
static void bad_token(scr_lexer_t *lx, scr_tok_t *t, const char *fmt, ...)
{
    char msg[SCR_ERR_LEN];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    t->kind = SCR_TOK_BAD;
    t->text = scr_arena_strndup(lx->arena, msg, strlen(msg));
    t->len = (uint32_t)strlen(msg);
    t->end = lx->pos;
}

static int ident_start(int c)
{
    return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z');
}

static int ident_char(int c)
{
    return ident_start(c) || (c >= '0' && c <= '9') || c == '_' || c == '$' || c == '#';
}

static void newline(scr_lexer_t *lx)
{
    lx->line++;
    lx->at_line_start = 1;
}

void scr_lex_skip(scr_lexer_t *lx)
{
    const char *s = lx->src;
    while (lx->pos < lx->len) {
        char c = s[lx->pos];
        if (c == '\n') {
            lx->pos++;
            newline(lx);
        } else if (c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v') {
            lx->pos++;
        } else if (c == '-' && lx->pos + 1 < lx->len && s[lx->pos + 1] == '-') {
            while (lx->pos < lx->len && s[lx->pos] != '\n')
                lx->pos++;
        } else if (c == '/' && lx->pos + 1 < lx->len && s[lx->pos + 1] == '*') {
            uint32_t start = lx->line;
            lx->pos += 2;
            for (;;) {
                if (lx->pos + 1 >= lx->len)
                    scr_lex_fail(lx, start, "comment '/*' not closed by '*/' before the end");
                if (s[lx->pos] == '*' && s[lx->pos + 1] == '/') {
                    lx->pos += 2;
                    break;
                }
                if (s[lx->pos] == '\n')
                    lx->line++;
                lx->pos++;
            }
        } else {
            return;
        }
    }
}

/* Whether only blanks follow pos up to the end of its line. */
static int rest_blank(const scr_lexer_t *lx, size_t pos)
{
    for (; pos < lx->len && lx->src[pos] != '\n'; pos++)
        if (!isspace((unsigned char)lx->src[pos]))
            return 0;
    return 1;
}

static void string_lit(scr_lexer_t *lx, scr_tok_t *t)
{
    const char *s = lx->src;
    uint32_t start = lx->line;
    size_t p = lx->pos + 1, n = 0;
    char close = '\'';
    int q = 0;
    if (s[lx->pos] == 'q' || s[lx->pos] == 'Q') { /* q'[...]' */
        q = 1;
        p = lx->pos + 3;
        char open = s[lx->pos + 2];
        close = open == '['   ? ']'
                : open == '(' ? ')'
                : open == '{' ? '}'
                : open == '<' ? '>'
                              : open;
        if (isspace((unsigned char)open) || open == '\'') {
            char shown[8];
            scr_quote(&open, 1, shown, sizeof shown); /* a newline shown as '?' */
            scr_lex_fail(lx, start, "q-quote delimiter '%s' not understood", shown);
        }
    }
    /* First pass: the literal's end and folded length. */
    size_t i = p;
    for (;;) {
        if (i >= lx->len)
            scr_lex_fail(lx, start, "string literal not closed before the end of the script");
        if (!q && s[i] == '\'') {
            if (i + 1 < lx->len && s[i + 1] == '\'') {
                i += 2;
                n++;
                continue;
            }
            break;
        }
        if (q && s[i] == close && i + 1 < lx->len && s[i + 1] == '\'')
            break;
        if ((unsigned char)s[i] >= 0x80)
            scr_lex_fail(lx, lx->line,
                         "non-ASCII byte in a string literal: the model's values are ASCII text");
        if (s[i] == '\n')
            lx->line++;
        i++;
        n++;
    }
    char *d = scr_arena_alloc(lx->arena, n + 1);
    size_t o = 0;
    for (size_t j = p; j < i; j++) {
        d[o++] = s[j];
        if (!q && s[j] == '\'')
            j++;
    }
    t->kind = SCR_TOK_STRING;
    t->text = d;
    t->len = (uint32_t)n;
    lx->pos = i + (q ? 2 : 1);
}

void scr_lex_next(scr_lexer_t *lx, scr_tok_t *t)
{
    scr_lex_skip(lx);
    memset(t, 0, sizeof *t);
    t->line = lx->line;
    t->start = lx->pos;
    t->line_first = lx->at_line_start;
    if (lx->pos >= lx->len) {
        t->kind = SCR_TOK_EOF;
        t->text = "";
        t->end = lx->pos;
        return;
    }
    lx->at_line_start = 0;
    const char *s = lx->src;
    unsigned char c = (unsigned char)s[lx->pos];
    char q[64];
    if ((c == 'q' || c == 'Q') && lx->pos + 2 < lx->len && s[lx->pos + 1] == '\'') {
        string_lit(lx, t);
    } else if (ident_start(c)) {
        size_t b = lx->pos;
        while (lx->pos < lx->len && ident_char((unsigned char)s[lx->pos]))
            lx->pos++;
        size_t n = lx->pos - b;
        if (n > SCR_NAME_MAX) {
            scr_quote(s + b, n, q, sizeof q);
            bad_token(lx, t, "ORA-00972: identifier is too long: '%s' (at most %u bytes)", q,
                      SCR_NAME_MAX);
            return;
        }
        char *d = scr_arena_strndup(lx->arena, s + b, n);
        for (size_t i = 0; i < n; i++)
            d[i] = (char)toupper((unsigned char)d[i]);
        t->kind = SCR_TOK_IDENT;
        t->text = d;
        t->len = (uint32_t)n;
    } else if (c == '"') {
        size_t b = ++lx->pos;
        while (lx->pos < lx->len && s[lx->pos] != '"' && s[lx->pos] != '\n')
            lx->pos++;
        if (lx->pos >= lx->len || s[lx->pos] != '"')
            scr_lex_fail(lx, t->line, "quoted identifier not closed by '\"' on its line");
        size_t n = lx->pos - b;
        lx->pos++;
        if (n == 0) {
            bad_token(lx, t, "ORA-01741: illegal zero-length identifier");
            return;
        }
        if (n > SCR_NAME_MAX) {
            scr_quote(s + b, n, q, sizeof q);
            bad_token(lx, t, "ORA-00972: identifier is too long: '%s' (at most %u bytes)", q,
                      SCR_NAME_MAX);
            return;
        }
        for (size_t i = b; i < b + n; i++)
            if ((unsigned char)s[i] < 0x20 || (unsigned char)s[i] >= 0x7f)
                scr_lex_fail(lx, t->line, "quoted identifier holds a control or non-ASCII byte");
        t->kind = SCR_TOK_QIDENT;
        t->text = scr_arena_strndup(lx->arena, s + b, n);
        t->len = (uint32_t)n;
    } else if (c == '\'') {
        string_lit(lx, t);
    } else if (isdigit(c) ||
               (c == '.' && lx->pos + 1 < lx->len && isdigit((unsigned char)s[lx->pos + 1]))) {
        size_t b = lx->pos;
        while (lx->pos < lx->len && isdigit((unsigned char)s[lx->pos]))
            lx->pos++;
        /* "1..10" is 1, .., 10: a '.' followed by '.' is not a decimal point */
        if (lx->pos < lx->len && s[lx->pos] == '.' &&
            !(lx->pos + 1 < lx->len && s[lx->pos + 1] == '.')) {
            lx->pos++;
            while (lx->pos < lx->len && isdigit((unsigned char)s[lx->pos]))
                lx->pos++;
        }
        if (lx->pos + 1 < lx->len && (s[lx->pos] == 'e' || s[lx->pos] == 'E') &&
            (isdigit((unsigned char)s[lx->pos + 1]) ||
             ((s[lx->pos + 1] == '+' || s[lx->pos + 1] == '-') && lx->pos + 2 < lx->len &&
              isdigit((unsigned char)s[lx->pos + 2])))) {
            lx->pos += 2;
            while (lx->pos < lx->len && isdigit((unsigned char)s[lx->pos]))
                lx->pos++;
        } else if (lx->pos < lx->len && strchr("kKmMgGtT", s[lx->pos]) && s[lx->pos] &&
                   !(lx->pos + 1 < lx->len && ident_char((unsigned char)s[lx->pos + 1]))) {
            lx->pos++;
        }
        if (lx->pos < lx->len && ident_char((unsigned char)s[lx->pos])) {
            size_t e = lx->pos;
            while (e < lx->len && ident_char((unsigned char)s[e]))
                e++;
            scr_quote(s + b, e - b, q, sizeof q);
            scr_lex_fail(lx, t->line, "number '%s' not understood", q);
        }
        t->kind = SCR_TOK_NUMBER;
        t->text = scr_arena_strndup(lx->arena, s + b, lx->pos - b);
        t->len = (uint32_t)(lx->pos - b);
    } else {
        static const char *const two[] = {"||", "<=", ">=", "<>", "!=", "^=", ":=", "..", "=>"};
        t->kind = SCR_TOK_SYM;
        for (size_t i = 0; i < sizeof two / sizeof two[0]; i++)
            if (lx->pos + 1 < lx->len && s[lx->pos] == two[i][0] && s[lx->pos + 1] == two[i][1]) {
                t->text = two[i];
                t->len = 2;
                lx->pos += 2;
                t->end = lx->pos;
                return;
            }
        if (c == ':' && lx->pos + 1 < lx->len && ident_start((unsigned char)s[lx->pos + 1])) {
            /* a bind variable: SQL*Plus refuses one no VARIABLE declared
             * (the model keeps none) before the statement reaches Oracle */
            size_t e = lx->pos + 1;
            while (e < lx->len && ident_char((unsigned char)s[e]))
                e++;
            char name[SCR_NAME_MAX + 1];
            size_t n = e - lx->pos - 1 < SCR_NAME_MAX ? e - lx->pos - 1 : SCR_NAME_MAX;
            for (size_t i = 0; i < n; i++)
                name[i] = (char)toupper((unsigned char)s[lx->pos + 1 + i]);
            name[n] = 0;
            lx->pos = e;
            bad_token(lx, t, "SP2-0552: Bind variable \"%s\" not declared.", name);
            char colon[SCR_NAME_MAX + 2];
            snprintf(colon, sizeof colon, ":%s", name);
            t->bind = scr_arena_strndup(lx->arena, colon, strlen(colon));
            return;
        }
        if (!strchr("(),;.+-*/%=<>@", (char)c) || c == 0) {
            scr_quote(s + lx->pos, 1, q, sizeof q);
            lx->pos++;
            bad_token(lx, t, "ORA-00911: invalid character '%s'", q);
            return;
        }
        static const char *const one = "(),;.+-*/%=<>@";
        const char *at = strchr(one, (char)c);
        static const char *const ones[] = {"(", ")", ",", ";", ".", "+", "-",
                                           "*", "/", "%", "=", "<", ">", "@"};
        t->text = ones[at - one];
        t->len = 1;
        lx->pos++;
        if (c == '/' && t->line_first && rest_blank(lx, lx->pos))
            t->slash_line = 1;
    }
    t->end = lx->pos;
}

/* Skip to the end of the line holding offset pos, following SQL*Plus's '-'
 * continuation (a line ending in " -" goes on). */
void scr_skip_line(scr_lexer_t *lx, size_t pos)
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
