/*
 * cursor.c -- the parser's walk over one statement's tokens: look, take,
 * expect, and refuse with the line of the token in hand.  Every statement
 * parser (ddl.c, dml.c, expr.c, plsql.c, parse.c) reads tokens through it.
 */
#include <stdio.h>
#include <string.h>

#include "script_int.h"

_Noreturn void scr_fail_at(scr_parser_t *p, uint32_t line, const char *fmt, ...)
{
    char msg[SCR_ERR_LEN];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    scr_lex_fail(p->lx, line, "%s", msg);
}

_Noreturn void scr_fail(scr_parser_t *p, const char *fmt, ...)
{
    char msg[SCR_ERR_LEN];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    scr_lex_fail(p->lx, scr_peek(p)->line, "%s", msg);
}

_Noreturn void scr_unexpected(scr_parser_t *p, const char *expected)
{
    const scr_tok_t *t = scr_peek(p);
    if (t->kind == SCR_TOK_EOF) {
        uint32_t line = p->i > 0 ? p->toks[p->i - 1].line : t->line;
        scr_fail_at(p, line, "statement ends early (expected %s)", expected);
    }
    char q[64];
    scr_quote(p->lx->src + t->start, t->end - t->start, q, sizeof q);
    scr_fail(p, "'%s' not understood (expected %s)", q, expected);
}

const scr_tok_t *scr_peek(const scr_parser_t *p)
{
    return &p->toks[p->i];
}

const scr_tok_t *scr_peek_at(const scr_parser_t *p, uint32_t ahead)
{
    uint32_t i = p->i + ahead;
    return &p->toks[i < p->ntoks ? i : p->ntoks - 1];
}

const scr_tok_t *scr_take(scr_parser_t *p)
{
    const scr_tok_t *t = &p->toks[p->i];
    if (t->kind != SCR_TOK_EOF)
        p->i++;
    return t;
}

int scr_is_kw(const scr_parser_t *p, const char *kw)
{
    const scr_tok_t *t = scr_peek(p);
    return t->kind == SCR_TOK_IDENT && strcmp(t->text, kw) == 0;
}

int scr_accept_kw(scr_parser_t *p, const char *kw)
{
    if (!scr_is_kw(p, kw))
        return 0;
    p->i++;
    return 1;
}

void scr_expect_kw(scr_parser_t *p, const char *kw)
{
    if (!scr_accept_kw(p, kw))
        scr_unexpected(p, kw);
}

int scr_is_sym(const scr_parser_t *p, const char *sym)
{
    const scr_tok_t *t = scr_peek(p);
    return t->kind == SCR_TOK_SYM && strcmp(t->text, sym) == 0;
}

int scr_accept_sym(scr_parser_t *p, const char *sym)
{
    if (!scr_is_sym(p, sym))
        return 0;
    p->i++;
    return 1;
}

void scr_expect_sym(scr_parser_t *p, const char *sym)
{
    if (!scr_accept_sym(p, sym)) {
        char e[16];
        snprintf(e, sizeof e, "'%s'", sym);
        scr_unexpected(p, e);
    }
}

void scr_expect_name(scr_parser_t *p, char name[SCR_NAME_MAX + 1], const char *what)
{
    const scr_tok_t *t = scr_peek(p);
    if (t->kind != SCR_TOK_IDENT && t->kind != SCR_TOK_QIDENT)
        scr_unexpected(p, what);
    memcpy(name, t->text, t->len);
    name[t->len] = 0;
    p->i++;
}

void scr_expect_table_name(scr_parser_t *p, char name[SCR_NAME_MAX + 1])
{
    scr_expect_name(p, name, "a table name");
    /* SCHEMA.TABLE: the script runs as one user, so the schema is dropped */
    if (scr_is_sym(p, ".") &&
        (scr_peek_at(p, 1)->kind == SCR_TOK_IDENT || scr_peek_at(p, 1)->kind == SCR_TOK_QIDENT)) {
        p->i++;
        scr_expect_name(p, name, "a table name");
    }
}

uint64_t scr_expect_uint(scr_parser_t *p, uint64_t lo, uint64_t hi, int scaled, const char *what)
{
    const scr_tok_t *t = scr_peek(p);
    if (t->kind != SCR_TOK_NUMBER)
        scr_unexpected(p, what);
    char q[64];
    scr_quote(t->text, t->len, q, sizeof q);
    uint64_t v = 0, mult = 1;
    size_t n = t->len;
    char last = t->text[n - 1];
    if (strchr("kKmMgGtT", last)) {
        if (!scaled)
            scr_fail(p, "%s '%s' not understood: no K, M, G or T suffix here", what, q);
        mult = (last == 'k' || last == 'K')   ? 1ULL << 10
               : (last == 'm' || last == 'M') ? 1ULL << 20
               : (last == 'g' || last == 'G') ? 1ULL << 30
                                              : 1ULL << 40;
        n--;
    }
    int overflow = 0;
    /* scientific notation, 1e4 or 2.5E3: whole once scaled (SQL Language
     * Reference, "Numeric Literals") */
    size_t e = 0;
    while (e < n && t->text[e] != 'e' && t->text[e] != 'E')
        e++;
    int exp10 = 0, frac = -1;
    if (e < n) {
        size_t k = e + 1;
        if (k < n && t->text[k] == '+')
            k++;
        if (k == n || n - k > 2)
            scr_fail(p, "%s '%s' not understood: a whole number is needed", what, q);
        for (; k < n; k++) {
            if (t->text[k] < '0' || t->text[k] > '9')
                scr_fail(p, "%s '%s' not understood: a whole number is needed", what, q);
            exp10 = exp10 * 10 + (t->text[k] - '0');
        }
        n = e;
    }
    for (size_t i = 0; i < n; i++) {
        char c = t->text[i];
        if (c == '.' && exp10 > 0 && frac < 0) {
            frac = 0;
            continue;
        }
        if (c < '0' || c > '9')
            scr_fail(p, "%s '%s' not understood: a whole number is needed", what, q);
        if (frac >= 0)
            frac++;
        if (v > (UINT64_MAX - 9) / 10)
            overflow = 1;
        else
            v = v * 10 + (uint64_t)(c - '0');
    }
    if (frac > exp10)
        scr_fail(p, "%s '%s' not understood: a whole number is needed", what, q);
    for (int k = frac > 0 ? frac : 0; k < exp10; k++) {
        if (v > UINT64_MAX / 10)
            overflow = 1;
        else
            v *= 10;
    }
    if (!overflow && mult > 1 && v > UINT64_MAX / mult)
        overflow = 1;
    v *= mult;
    if (overflow || v < lo || v > hi)
        scr_fail(p, "%s %s out of range (accepted %llu to %llu)", what, q, (unsigned long long)lo,
                 (unsigned long long)hi);
    p->i++;
    return v;
}

void scr_expect_end(scr_parser_t *p)
{
    if (scr_peek(p)->kind != SCR_TOK_EOF)
        scr_unexpected(p, "';' ending the statement");
}

/* Each clause once, in the order the statement names them. */
void scr_inert(scr_parser_t *p, const char *clause)
{
    size_t n = strlen(p->inert), c = strlen(clause);
    /* each clause once, in the order the statement names them */
    for (const char *at = p->inert; (at = strstr(at, clause)) != NULL; at += c)
        if ((at == p->inert || at[-1] == ' ') && (at[c] == ',' || at[c] == 0))
            return;
    if (n + c + 3 < sizeof p->inert)
        snprintf(p->inert + n, sizeof p->inert - n, "%s%s", n ? ", " : "", clause);
}

uint32_t scr_next_outside(scr_parser_t *p, const char *sym)
{
    int depth = 0;
    for (uint32_t k = p->i; k < p->ntoks && p->toks[k].kind != SCR_TOK_EOF; k++) {
        const scr_tok_t *t = &p->toks[k];
        if (t->kind != SCR_TOK_SYM)
            continue;
        if (depth == 0 && strcmp(t->text, sym) == 0)
            return k;
        depth += (strcmp(t->text, "(") == 0) - (strcmp(t->text, ")") == 0);
    }
    char want[8];
    snprintf(want, sizeof want, "'%s'", sym);
    scr_unexpected(p, want);
}

uint32_t scr_skip_select_list(scr_parser_t *p)
{
    uint32_t list = p->i;
    int depth = 0;
    while (scr_peek(p)->kind != SCR_TOK_EOF && !(depth == 0 && scr_is_kw(p, "FROM"))) {
        if (scr_is_sym(p, "("))
            depth++;
        else if (scr_is_sym(p, ")"))
            depth--;
        p->i++;
    }
    scr_expect_kw(p, "FROM");
    return list;
}

int64_t scr_expect_int(scr_parser_t *p, const char *what)
{
    int neg = scr_accept_sym(p, "-");
    uint64_t v =
        scr_expect_uint(p, 0, neg ? (uint64_t)INT64_MAX + 1 : (uint64_t)INT64_MAX, 0, what);
    return neg ? (int64_t)(0 - v) : (int64_t)v;
}
