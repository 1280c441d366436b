/*
 * build.c -- the pieces every parser shares: lines and their words,
 * numbers, the one-line refusal (imp_fail), and the builder that keeps one
 * value per statistic, its names found by hash (import/README.md).  The
 * parsers call here; nothing here calls a parser or import.c.
 */
#include "import_int.h"

#include <assert.h>
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void imp_lines_init(imp_lines_t *it, const char *text, size_t len)
{
    it->text = text;
    it->len = len;
    it->pos = 0;
    it->no = 0;
}

static int blank(char c)
{
    return c == ' ' || c == '\t' || c == '\f' || c == '\r' || c == '\v';
}

int imp_next_line(imp_lines_t *it, imp_line_t *l)
{
    if (it->pos >= it->len)
        return 0;
    const char *p = it->text + it->pos;
    const char *nl = memchr(p, '\n', it->len - it->pos);
    size_t n = nl ? (size_t)(nl - p) : it->len - it->pos;
    it->pos += n + (nl ? 1 : 0);
    while (n > 0 && blank(p[n - 1]))
        n--;
    l->p = p;
    l->n = n;
    l->no = ++it->no;
    return 1;
}

void imp_trim(const char **p, size_t *n)
{
    while (*n > 0 && blank(**p)) {
        (*p)++;
        (*n)--;
    }
    while (*n > 0 && blank((*p)[*n - 1]))
        (*n)--;
}

int imp_is_blank(const imp_line_t *l)
{
    for (size_t i = 0; i < l->n; i++)
        if (!blank(l->p[i]))
            return 0;
    return 1;
}

int imp_is_dashes(const imp_line_t *l)
{
    size_t dashes = 0;
    for (size_t i = 0; i < l->n; i++) {
        if (l->p[i] == '-')
            dashes++;
        else if (!blank(l->p[i]))
            return 0;
    }
    return dashes >= 3;
}

int imp_word_eq(const char *p, size_t n, const char *word)
{
    size_t w = strlen(word);
    if (n != w)
        return 0;
    for (size_t i = 0; i < n; i++)
        if (tolower((unsigned char)p[i]) != tolower((unsigned char)word[i]))
            return 0;
    return 1;
}

void imp_last_token(const char *p, size_t n, const char **tok, size_t *tokn)
{
    while (n > 0 && blank(p[n - 1]))
        n--;
    size_t end = n;
    while (n > 0 && !blank(p[n - 1]))
        n--;
    *tok = p + n;
    *tokn = end - n;
}

int imp_parse_int(const char *p, size_t n, int allow_sign, int64_t *out, const char **why)
{
    int neg = 0;
    if (n > 0 && (p[0] == '-' || p[0] == '+') && allow_sign) {
        neg = p[0] == '-';
        p++;
        n--;
    }
    if (n == 0 || !isdigit((unsigned char)p[0])) {
        *why = "not a whole number";
        return -1;
    }
    int commas = memchr(p, ',', n) != NULL;
    uint64_t v = 0;
    size_t group = 0;
    for (size_t i = 0; i < n; i++) {
        char c = p[i];
        if (c == ',') {
            /* 1,234,567: the first group 1 to 3 digits, the others 3 */
            if (group == 0 || group > 3 || (i > group && group != 3) || i + 1 == n) {
                *why = "misplaced thousands separator";
                return -1;
            }
            group = 0;
            continue;
        }
        if (!isdigit((unsigned char)c)) {
            *why = (c == '.' || c == 'E' || c == 'e')
                       ? "not a whole number (SQL*Plus rounds numbers wider than numwidth: "
                         "SET NUMWIDTH 20 before the query)"
                       : "not a whole number";
            return -1;
        }
        if (v > (uint64_t)(INT64_MAX - (c - '0')) / 10) {
            *why = "above 9223372036854775807";
            return -1;
        }
        v = v * 10 + (uint64_t)(c - '0');
        group++;
    }
    if (commas && group != 3) {
        *why = "misplaced thousands separator";
        return -1;
    }
    *out = neg ? -(int64_t)v : (int64_t)v;
    return 0;
}

/* ---- the builder ------------------------------------------------------------ */

sim_err_t imp_fail(imp_build_t *b, int line, const char *fmt, ...)
{
    char what[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(what, sizeof what, fmt, ap);
    va_end(ap);
    if (b->errlen > 0) {
        snprintf(b->err, b->errlen, "%s:%d: %s", b->file, line, what);
        /* One line whatever it quotes: a name may hold a line break (a
         * JSON key's \n, found by fuzz_import_gbench) or a control
         * character, shown as '?'. */
        for (char *c = b->err; *c; c++)
            if ((unsigned char)*c < 0x20 || *c == 0x7f)
                *c = '?';
    }
    return SIM_EINVAL;
}

static sim_err_t no_memory(imp_build_t *b)
{
    if (b->errlen > 0)
        snprintf(b->err, b->errlen, "%s: out of memory", b->file);
    return SIM_ENOMEM;
}

/* The room an array of n items grows to when item n is added: doubled at
 * each power of two from 8, so that n additions copy O(n) items. */
static size_t grown(size_t n)
{
    return n < 8 ? 8 : 2 * n;
}

static int full(size_t n)
{
    return n == 0 || (n >= 8 && (n & (n - 1)) == 0);
}

sim_err_t imp_add_set(imp_build_t *b, size_t *index)
{
    imp_file_t *f = b->out;
    if (full(f->nsets)) {
        imp_index_t *ni = sim_realloc(b->index, grown(f->nsets) * sizeof *ni);
        if (!ni)
            return no_memory(b);
        b->index = ni;
        imp_set_t *ns = sim_realloc(f->sets, grown(f->nsets) * sizeof *ns);
        if (!ns)
            return no_memory(b);
        f->sets = ns;
    }
    imp_set_t *ns = f->sets;
    memset(&b->index[f->nsets], 0, sizeof b->index[f->nsets]);
    memset(&ns[f->nsets], 0, sizeof ns[f->nsets]);
    *index = f->nsets++;
    return SIM_OK;
}

void imp_build_done(imp_build_t *b)
{
    for (size_t i = 0; b->index && i < b->out->nsets; i++)
        sim_free(b->index[i].slots);
    sim_free(b->index);
    b->index = NULL;
}

/* FNV-1a 64 of the name. */
static uint64_t name_hash(const char *p, size_t n)
{
    uint64_t h = 0xcbf29ce484222325ULL;
    for (size_t i = 0; i < n; i++)
        h = (h ^ (unsigned char)p[i]) * 0x100000001b3ULL;
    return h;
}

/* The slot of name in set i's index: the one holding it, or the empty one
 * where it would go. */
static size_t *find_slot(const imp_build_t *b, size_t i, const char *name, size_t namelen)
{
    const imp_index_t *x = &b->index[i];
    const imp_set_t *s = &b->out->sets[i];
    size_t k = (size_t)name_hash(name, namelen) & (x->cap - 1);
    for (;; k = (k + 1) & (x->cap - 1)) {
        size_t at = x->slots[k];
        if (at == 0)
            return &x->slots[k];
        const char *have = s->stats[at - 1].name;
        if (strncmp(have, name, namelen) == 0 && have[namelen] == '\0')
            return &x->slots[k];
    }
}

/* Room in set i's index for one name more: kept at most half full. */
static sim_err_t grow_index(imp_build_t *b, size_t i)
{
    imp_index_t *x = &b->index[i];
    const imp_set_t *s = &b->out->sets[i];
    if (2 * (s->n + 1) <= x->cap)
        return SIM_OK;
    imp_index_t old = *x;
    x->cap = old.cap ? 2 * old.cap : 16;
    x->slots = sim_calloc(x->cap, sizeof *x->slots);
    if (!x->slots) {
        *x = old;
        return no_memory(b);
    }
    for (size_t k = 0; k < s->n; k++)
        *find_slot(b, i, s->stats[k].name, strlen(s->stats[k].name)) = k + 1;
    sim_free(old.slots);
    return SIM_OK;
}

/* Shown in messages: a name cut to fit, as the file has it. */
#define SHOW "'%.*s'"
#define SHOWN(n) ((int)((n) > 80 ? 80 : (n)))

sim_err_t imp_add_stat(imp_build_t *b, size_t i, const char *name, size_t namelen, int64_t value,
                       int line)
{
    imp_set_t *s = &b->out->sets[i];
    if (namelen == 0)
        return imp_fail(b, line, "a value without a statistic name");
    if (namelen > IMP_STAT_NAME_MAX)
        return imp_fail(b, line, "a statistic name of %zu characters (" SHOW "...): more than %d",
                        namelen, SHOWN(namelen), name, IMP_STAT_NAME_MAX);
    for (size_t k = 0; k < namelen; k++)
        if ((unsigned char)name[k] < 0x20 || name[k] == 0x7f)
            return imp_fail(b, line,
                            "a control character (0x%02x) in a statistic name, after " SHOW,
                            (unsigned)(unsigned char)name[k], SHOWN(k), name);
    if (value < 0)
        return imp_fail(b, line, SHOW " is %lld; a statistic cannot be negative", SHOWN(namelen),
                        name, (long long)value);
    if (value > IMP_VALUE_MAX)
        return imp_fail(b, line,
                        SHOW " is %lld: above 2^53, more than the store's readers hold "
                             "exactly",
                        SHOWN(namelen), name, (long long)value);
    sim_err_t rc = grow_index(b, i);
    if (rc != SIM_OK)
        return rc;
    size_t *slot = find_slot(b, i, name, namelen);
    if (*slot) {
        const imp_stat_t *have = &s->stats[*slot - 1];
        if (have->value == value)
            return SIM_OK;
        return imp_fail(b, line, SHOW " given twice with two values: %lld on line %d, %lld here",
                        SHOWN(namelen), name, (long long)have->value, have->line, (long long)value);
    }
    imp_stat_t *ns = full(s->n) ? sim_realloc(s->stats, grown(s->n) * sizeof *ns) : s->stats;
    char *copy = sim_malloc(namelen + 1);
    if (ns)
        s->stats = ns;
    if (!ns || !copy) {
        sim_free(copy);
        return no_memory(b);
    }
    memcpy(copy, name, namelen);
    copy[namelen] = '\0';
    s->stats[s->n] = (imp_stat_t){copy, value, line, 0};
    *slot = ++s->n;
    return SIM_OK;
}

/* ---- the entry points ---------------------------------------------------- */

/* A name that ends in a number is a line of more columns than the format
 * has (runstats' three runs, SQL*Plus's two values: the first kept in the
 * name), or a value glued to its name ("db block gets15514"): no
 * statistic of Oracle's ends in a word of digits, nor is one of the
 * catalogue with digits after it.  SIM_OK or SIM_EINVAL (in b's err). */
sim_err_t imp_glued_number(imp_build_t *b, const imp_stat_t *st)
{
    const char *name = st->name;
    size_t n = strlen(name), d = n;
    while (d > 0 && (isdigit((unsigned char)name[d - 1]) || name[d - 1] == ','))
        d--;
    if (d == n)
        return SIM_OK;
    if (d == 0 || name[d - 1] == ' ')
        return imp_fail(b, st->line,
                        SHOW ": a name that ends in a number: more columns than the format has, "
                             "or a value in the name",
                        SHOWN(n), name);
    char stem[IMP_STAT_NAME_MAX + 1];
    snprintf(stem, sizeof stem, "%.*s", (int)d, name);
    if (sim_stat_by_name(name) < 0 && sim_stat_by_name(stem) >= 0)
        return imp_fail(b, st->line, SHOW ": the statistic '%s' with a number glued to it",
                        SHOWN(n), name, stem);
    return SIM_OK;
}
