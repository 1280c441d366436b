/*
 * define.c -- SQL*Plus substitution variables, replaced in a script's text
 * before it is read into statements, line by line, as SQL*Plus replaces
 * them in each line it reads (SQL*Plus User's Guide and Reference, "Using
 * Substitution Variables", and the DEFINE, UNDEFINE and SET DEFINE
 * commands):
 *
 *   DEF[INE] name = value      value to the end of the line, or quoted
 *   UNDEF[INE] name ...
 *   SET DEF[INE] OFF | ON | c  no substitution; '&'; another prefix character
 *   &name, &&name              the value; a '.' right after the name ends it
 *                              and is dropped (SET CONCAT's default)
 *
 * The line of a DEFINE is itself substituted first (`define b = &a`).
 * A name not defined is refused with its line: SQL*Plus would stop and
 * prompt for it, and a run of the model has no one to answer.  A name a
 * query sets (`column c new_value name`) is left as written: the model
 * does not pass a query's answer into the text (its '&' then reaches the
 * statement, where Oracle would see the value).  Full-line comments
 * (`--`, REM) are not substituted: the run's own markers live there.
 * Values given to the run (lobbench --define, scr_options_t.defines) are
 * defined before the setup script and win over the script's own DEFINE
 * and UNDEFINE of the name, which then state its default (SQL*Plus has no
 * such option: its nearest, `sqlplus @script value`, sets &1).
 */
#include <ctype.h>
#include <string.h>

#include "script_int.h"

struct scr_define {
    char name[SCR_NAME_MAX + 1]; /* upper case: SQL*Plus's names ignore case */
    const char *value;           /* NULL: set by a query (COLUMN ... NEW_VALUE) */
    int given;                   /* the run's own (--define): the script's DEFINE and
                                  * UNDEFINE leave it */
    struct scr_define *next;
};

/* The output text, grown in the arena (the old copy stays there until the
 * parse ends). */
typedef struct {
    scr_arena_t *arena;
    char *s;
    size_t n, cap;
} out_t;

static void put(out_t *o, const char *s, size_t n)
{
    if (o->n + n + 1 > o->cap) {
        size_t cap = o->cap ? o->cap : 4096;
        while (cap < o->n + n + 1)
            cap *= 2;
        char *d = scr_arena_alloc(o->arena, cap);
        if (o->n)
            memcpy(d, o->s, o->n);
        o->s = d;
        o->cap = cap;
    }
    memcpy(o->s + o->n, s, n);
    o->n += n;
    o->s[o->n] = 0;
}

static int name_char(int c)
{
    return isalnum(c) || c == '_' || c == '$' || c == '#';
}

static scr_define_t *find(scr_define_t *d, const char *name)
{
    for (; d; d = d->next)
        if (strcmp(d->name, name) == 0)
            return d;
    return NULL;
}

static void upper(char *dst, const char *s, size_t n)
{
    if (n > SCR_NAME_MAX)
        n = SCR_NAME_MAX;
    for (size_t i = 0; i < n; i++)
        dst[i] = (char)toupper((unsigned char)s[i]);
    dst[n] = 0;
}

static void define(scr_parser_t *p, const char *name, size_t nlen, const char *value, size_t vlen,
                   int given)
{
    char up[SCR_NAME_MAX + 1];
    upper(up, name, nlen);
    scr_define_t *d = find(p->defines, up);
    if (d && d->given && !given)
        return; /* the run's value wins: the script's DEFINE is its default */
    if (d == NULL) {
        d = scr_arena_alloc(p->arena, sizeof *d);
        memcpy(d->name, up, sizeof up);
        d->next = p->defines;
        p->defines = d;
    }
    d->value = value ? scr_arena_strndup(p->arena, value, vlen) : NULL;
    d->given = given;
}

void scr_define_set(scr_parser_t *p, const char *name, size_t nlen, const char *value, size_t vlen)
{
    define(p, name, nlen, value, vlen, 0);
}

static void undefine(scr_parser_t *p, const char *name, size_t nlen)
{
    char up[SCR_NAME_MAX + 1];
    upper(up, name, nlen);
    for (scr_define_t **d = &p->defines; *d; d = &(*d)->next)
        if (strcmp((*d)->name, up) == 0) {
            if (!(*d)->given)
                *d = (*d)->next;
            return;
        }
}

/* Whether word w (n bytes) is the command `full` or an abbreviation of at
 * least `min` letters, ignoring case. */
static int is_word(const char *w, size_t n, const char *full, size_t min)
{
    if (n < min || n > strlen(full))
        return 0;
    for (size_t i = 0; i < n; i++)
        if (toupper((unsigned char)w[i]) != full[i])
            return 0;
    return 1;
}

/* The next blank-separated word of [*at, end): its start and length. */
static size_t word(const char *s, size_t *at, size_t end, const char **w)
{
    while (*at < end && (s[*at] == ' ' || s[*at] == '\t' || s[*at] == '\r'))
        (*at)++;
    *w = s + *at;
    size_t n = 0;
    while (*at < end && s[*at] != ' ' && s[*at] != '\t' && s[*at] != '\r' && s[*at] != '=') {
        (*at)++;
        n++;
    }
    return n;
}

/* A SQL*Plus command of the line [b, e) that changes the variables. */
static void command(scr_parser_t *p, uint32_t line, const char *s, size_t b, size_t e)
{
    const char *w;
    size_t at = b, n = word(s, &at, e, &w);
    if (is_word(w, n, "DEFINE", 3)) {
        const char *name;
        size_t nn = word(s, &at, e, &name);
        while (at < e && (s[at] == ' ' || s[at] == '\t'))
            at++;
        if (nn == 0 || at >= e || s[at] != '=')
            return; /* DEFINE or DEFINE name: lists, changes nothing */
        at++;
        while (at < e && (s[at] == ' ' || s[at] == '\t'))
            at++;
        size_t vend = e;
        while (vend > at && (s[vend - 1] == ' ' || s[vend - 1] == '\t' || s[vend - 1] == '\r'))
            vend--;
        if (vend - at >= 2 && (s[at] == '\'' || s[at] == '"') && s[vend - 1] == s[at]) {
            at++;
            vend--;
        }
        for (size_t i = 0; i < nn; i++)
            if (!name_char((unsigned char)name[i]))
                scr_lex_fail(p->lx, line, "DEFINE: '%.*s' is not a substitution variable's name",
                             (int)nn, name);
        scr_define_set(p, name, nn, s + at, vend - at);
    } else if (is_word(w, n, "UNDEFINE", 5)) {
        const char *name;
        size_t nn;
        while ((nn = word(s, &at, e, &name)) > 0)
            undefine(p, name, nn);
    } else if (is_word(w, n, "SET", 3)) {
        const char *opt;
        size_t on;
        while ((on = word(s, &at, e, &opt)) > 0) {
            const char *v;
            size_t vn = word(s, &at, e, &v);
            if (!is_word(opt, on, "DEFINE", 3))
                continue;
            if (is_word(v, vn, "OFF", 3))
                p->define_char = 0;
            else if (is_word(v, vn, "ON", 2))
                p->define_char = '&';
            else if (vn == 1 || (vn == 3 && (v[0] == '\'' || v[0] == '"') && v[2] == v[0]))
                p->define_char = vn == 1 ? v[0] : v[1];
        }
    } else if (is_word(w, n, "COLUMN", 3)) {
        const char *x;
        size_t xn;
        while ((xn = word(s, &at, e, &x)) > 0)
            if (is_word(x, xn, "NEW_VALUE", 5) || is_word(x, xn, "OLD_VALUE", 5)) {
                const char *name;
                size_t nn = word(s, &at, e, &name);
                if (nn)
                    scr_define_set(p, name, nn, NULL, 0);
            }
    }
}

/* Line [b, e) of s with its variables replaced, into o. */
static void substitute(scr_parser_t *p, uint32_t line, const char *s, size_t b, size_t e, out_t *o)
{
    size_t i = b;
    while (i < e) {
        size_t j = i;
        while (j < e && (p->define_char == 0 || s[j] != p->define_char))
            j++;
        put(o, s + i, j - i);
        if (j == e)
            break;
        size_t k = j + 1;
        if (k < e && s[k] == p->define_char)
            k++; /* && */
        size_t nb = k;
        while (k < e && name_char((unsigned char)s[k]))
            k++;
        if (k == nb) { /* not a variable: kept */
            put(o, s + j, k - j);
            i = k;
            continue;
        }
        char up[SCR_NAME_MAX + 1];
        upper(up, s + nb, k - nb);
        scr_define_t *d = find(p->defines, up);
        if (d == NULL)
            scr_lex_fail(p->lx, line,
                         "substitution variable '%.*s' not defined: SQL*Plus would prompt for "
                         "it (define it earlier in the script, in the setup script, or with "
                         "lobbench --define=%s=VALUE)",
                         (int)(k - j), s + j, up);
        if (d->value == NULL) { /* set by a query: left as written */
            put(o, s + j, k - j);
            i = k;
            continue;
        }
        put(o, d->value, strlen(d->value));
        if (k < e && s[k] == '.')
            k++; /* the concatenation character ends the name */
        i = k;
    }
}

/* Whether line [b, e) is a full-line comment. */
static int comment_line(const char *s, size_t b, size_t e)
{
    while (b < e && (s[b] == ' ' || s[b] == '\t'))
        b++;
    if (e - b >= 2 && s[b] == '-' && s[b + 1] == '-')
        return 1;
    size_t n = 0;
    while (b + n < e && isalpha((unsigned char)s[b + n]))
        n++;
    return is_word(s + b, n, "REMARK", 3);
}

const char *scr_define_text(scr_parser_t *p, const char *text, size_t len, size_t *outlen)
{
    if (p->define_char == 0 && !p->define_seen) {
        p->define_char = '&';
        p->define_seen = 1;
        for (uint32_t i = 0; p->opts->defines && i < p->opts->ndefines; i++) {
            const char *d = p->opts->defines[i], *eq = strchr(d, '=');
            if (eq)
                define(p, d, (size_t)(eq - d), eq + 1, strlen(eq + 1), 1);
        }
    }
    out_t o = {p->arena, NULL, 0, 0};
    uint32_t line = 1;
    for (size_t b = 0; b <= len;) {
        size_t e = b;
        while (e < len && text[e] != '\n')
            e++;
        if (comment_line(text, b, e)) {
            put(&o, text + b, e - b);
        } else {
            size_t from = o.n;
            substitute(p, line, text, b, e, &o);
            /* the command as substituted (define b = &a) */
            command(p, line, o.s ? o.s : "", from, o.n);
        }
        if (e < len)
            put(&o, "\n", 1);
        b = e + 1;
        line++;
    }
    *outlen = o.n;
    return o.s ? o.s : "";
}
