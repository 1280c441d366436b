/*
 * import.c -- imp_parse(): the format chosen or recognised, the parser of
 * that format run, and the pieces every parser shares: lines, numbers, and
 * the builder that keeps one value per statistic (import/README.md).
 */
#include "import_int.h"

#include <assert.h>
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

static const char *const format_names[IMP_FORMAT_COUNT] = {
    "auto", "sqlplus", "autotrace", "runstats", "snapper", "csv", "awr",
};

const char *imp_format_name(imp_format_t f)
{
    assert(f < IMP_FORMAT_COUNT);
    return format_names[f];
}

int imp_format_parse(const char *s, imp_format_t *out)
{
    assert(s != NULL && out != NULL);
    for (int i = 0; i < IMP_FORMAT_COUNT; i++)
        if (strcmp(s, format_names[i]) == 0) {
            *out = (imp_format_t)i;
            return 0;
        }
    return -1;
}

/* ---- lines ---------------------------------------------------------------- */

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
    if (b->errlen > 0)
        snprintf(b->err, b->errlen, "%s:%d: %s", b->file, line, what);
    return SIM_EINVAL;
}

sim_err_t imp_add_set(imp_build_t *b, size_t *index)
{
    imp_file_t *f = b->out;
    imp_set_t *ns = sim_realloc(f->sets, (f->nsets + 1) * sizeof *ns);
    if (!ns) {
        if (b->errlen > 0)
            snprintf(b->err, b->errlen, "%s: out of memory", b->file);
        return SIM_ENOMEM;
    }
    f->sets = ns;
    memset(&ns[f->nsets], 0, sizeof ns[f->nsets]);
    *index = f->nsets++;
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
    if (value < 0)
        return imp_fail(b, line, SHOW " is %lld; a statistic cannot be negative", SHOWN(namelen),
                        name, (long long)value);
    for (size_t k = 0; k < s->n; k++)
        if (strlen(s->stats[k].name) == namelen && memcmp(s->stats[k].name, name, namelen) == 0) {
            if (s->stats[k].value == value)
                return SIM_OK;
            return imp_fail(b, line,
                            SHOW " given twice with two values: %lld on line %d, %lld here",
                            SHOWN(namelen), name, (long long)s->stats[k].value, s->stats[k].line,
                            (long long)value);
        }
    imp_stat_t *ns = sim_realloc(s->stats, (s->n + 1) * sizeof *ns);
    char *copy = sim_malloc(namelen + 1);
    if (ns)
        s->stats = ns;
    if (!ns || !copy) {
        sim_free(copy);
        if (b->errlen > 0)
            snprintf(b->err, b->errlen, "%s: out of memory", b->file);
        return SIM_ENOMEM;
    }
    memcpy(copy, name, namelen);
    copy[namelen] = '\0';
    s->stats[s->n].name = copy;
    s->stats[s->n].value = value;
    s->stats[s->n].line = line;
    s->n++;
    return SIM_OK;
}

/* ---- the entry points ---------------------------------------------------- */

imp_format_t imp_detect(const char *text, size_t len)
{
    assert(text != NULL || len == 0);
    if (imp_looks_awr(text, len)) /* first: a report holds lines the others look for */
        return IMP_FORMAT_AWR;
    if (imp_looks_csv(text, len))
        return IMP_FORMAT_CSV;
    if (imp_looks_autotrace(text, len))
        return IMP_FORMAT_AUTOTRACE;
    if (imp_looks_runstats(text, len))
        return IMP_FORMAT_RUNSTATS;
    if (imp_looks_snapper(text, len))
        return IMP_FORMAT_SNAPPER;
    if (imp_looks_sqlplus(text, len))
        return IMP_FORMAT_SQLPLUS;
    return IMP_FORMAT_AUTO;
}

void imp_file_free(imp_file_t *f)
{
    if (!f)
        return;
    for (size_t i = 0; i < f->nsets; i++) {
        for (size_t k = 0; k < f->sets[i].n; k++)
            sim_free(f->sets[i].stats[k].name);
        sim_free(f->sets[i].stats);
    }
    sim_free(f->sets);
    f->sets = NULL;
    f->nsets = 0;
}

sim_err_t imp_parse(const char *file, const char *text, size_t len, imp_format_t format,
                    imp_file_t *out, char *err, size_t errlen)
{
    assert(text != NULL || len == 0);
    assert(format < IMP_FORMAT_COUNT && out != NULL);
    assert(err != NULL || errlen == 0);
    memset(out, 0, sizeof *out);
    if (errlen > 0)
        err[0] = '\0';
    imp_build_t b = {file ? file : "(input)", out, err, errlen};
    int empty = 1;
    for (size_t i = 0; i < len && empty; i++)
        empty = isspace((unsigned char)text[i]) != 0;
    if (empty)
        return imp_fail(&b, 0, "empty file");
    if (memchr(text, '\0', len))
        return imp_fail(&b, 0, "binary file (holds a NUL byte); expected Oracle's text output");
    if (format == IMP_FORMAT_AUTO) {
        format = imp_detect(text, len);
        if (format == IMP_FORMAT_AUTO)
            return imp_fail(&b, 0,
                            "no known format: expected SQL*Plus NAME/VALUE output, autotrace "
                            "Statistics, runstats STAT... lines, Snapper STAT lines, CSV or "
                            "an AWR report");
    }
    out->format = format;
    sim_err_t rc;
    switch (format) {
    case IMP_FORMAT_SQLPLUS:
        rc = imp_parse_sqlplus(&b, text, len);
        break;
    case IMP_FORMAT_AUTOTRACE:
        rc = imp_parse_autotrace(&b, text, len);
        break;
    case IMP_FORMAT_RUNSTATS:
        rc = imp_parse_runstats(&b, text, len);
        break;
    case IMP_FORMAT_SNAPPER:
        rc = imp_parse_snapper(&b, text, len);
        break;
    case IMP_FORMAT_CSV:
        rc = imp_parse_csv(&b, text, len);
        break;
    case IMP_FORMAT_AWR:
        rc = imp_parse_awr(&b, text, len);
        break;
    default:
        rc = imp_fail(&b, 0, "unknown format %d", (int)format);
        break;
    }
    if (rc == SIM_OK && out->nsets == 0)
        rc = imp_fail(&b, 0, "no statistics found in %s output", imp_format_name(format));
    for (size_t i = 0; rc == SIM_OK && i < out->nsets; i++)
        if (out->sets[i].n == 0)
            rc = imp_fail(&b, 0, "no statistics found in %s output", imp_format_name(format));
    if (rc != SIM_OK)
        imp_file_free(out);
    return rc;
}
