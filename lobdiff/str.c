/*
 * str.c -- a string that grows as it is written: the notes, case labels,
 * run descriptions and summary of a report, whatever their length.  An
 * append that cannot grow the string sets nomem and leaves the text as it
 * was; the renderer then reports SIM_ENOMEM, so that no text is ever cut
 * short without anyone knowing.
 */
#define _POSIX_C_SOURCE 200809L

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "lobdiff_int.h"

/* Room for n more characters and the NUL; 0, or -1 (nomem set). */
static int reserve(ldf_str_t *b, size_t n)
{
    if (b->nomem)
        return -1;
    if (b->len + n < b->cap)
        return 0;
    size_t cap = b->cap ? b->cap : 64;
    while (cap <= b->len + n)
        cap *= 2;
    char *grown = ldf_realloc(b->s, cap);
    if (!grown) {
        b->nomem = 1;
        return -1;
    }
    if (!b->s)
        grown[0] = '\0';
    b->s = grown;
    b->cap = cap;
    return 0;
}

void ldf_str_add(ldf_str_t *b, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    if (n < 0 || reserve(b, (size_t)n) != 0)
        return;
    va_start(ap, fmt);
    vsnprintf(b->s + b->len, b->cap - b->len, fmt, ap);
    va_end(ap);
    b->len += (size_t)n;
}

void ldf_str_md(ldf_str_t *b, const char *s)
{
    for (; *s; s++) {
        if (reserve(b, 2) != 0)
            return;
        if (strchr("|*_`\\<>[]", *s))
            b->s[b->len++] = '\\';
        b->s[b->len++] = *s;
        b->s[b->len] = '\0';
    }
}

void ldf_str_code(ldf_str_t *b, const char *s, int markdown)
{
    if (!markdown)
        ldf_str_add(b, "%s", s);
    else if (strchr(s, '`'))
        ldf_str_md(b, s);
    else
        ldf_str_add(b, "`%s`", s);
}

void ldf_str_text_md(ldf_str_t *b, const char *s, int markdown)
{
    if (markdown)
        ldf_str_md(b, s);
    else
        ldf_str_add(b, "%s", s);
}

const char *ldf_str_get(const ldf_str_t *b)
{
    return b->s ? b->s : "";
}

char *ldf_str_take(ldf_str_t *b)
{
    char *s = NULL;
    if (!b->nomem && reserve(b, 0) == 0) {
        s = b->s;
        b->s = NULL;
        b->len = b->cap = 0;
    }
    ldf_str_free(b);
    return s;
}

void ldf_str_free(ldf_str_t *b)
{
    free(b->s);
    b->s = NULL;
    b->len = b->cap = 0;
}
