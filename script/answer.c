/*
 * answer.c -- a query's answer over the rows of its view (query.c parsed
 * it, life_sim/views.c filled the rows): the rows its `where` keeps,
 * grouped, summed or counted, ordered, and printed as SQL*Plus prints a
 * result set under its defaults (SQL*Plus User's Guide and Reference, SET:
 * NUMWIDTH 10, COLSEP ' ', FEEDBACK 6, TRIMOUT ON; a NUMBER column as wide
 * as NUMWIDTH or its heading if longer, a VARCHAR2 column as wide as its
 * declared length with its heading cut to it).
 *
 * Without order by, rows come in the order the view gives them (a table's
 * segment, then its LOB segments, table by table; extents by extent_id)
 * and groups in the order of their first row: Oracle leaves that order
 * unspecified.  COLUMN ... FORMAT and LINESIZE's wrapping are not applied.
 */
#include <stdarg.h>
#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "script_int.h"

void scr_qcell_text(scr_qcell_t *c, const char *s)
{
    snprintf(c->str, sizeof c->str, "%s", s);
    c->null = 0;
}

void scr_qcell_num(scr_qcell_t *c, int64_t v)
{
    c->num = v;
    snprintf(c->str, sizeof c->str, "%lld", (long long)v);
    c->null = 0;
}

scr_qcell_t *scr_qrows_add(scr_qrows_t *r)
{
    if (r->nrows == r->cap) {
        uint64_t cap = r->cap ? r->cap * 2 : 16;
        scr_qcell_t *v = realloc(r->cells, cap * r->ncols * sizeof *v);
        if (v == NULL)
            return NULL;
        r->cells = v;
        r->cap = cap;
    }
    scr_qcell_t *c = &r->cells[r->nrows++ * r->ncols];
    memset(c, 0, r->ncols * sizeof *c);
    for (uint32_t k = 0; k < r->ncols; k++)
        c[k].null = 1;
    return c;
}

void scr_qrows_free(scr_qrows_t *r)
{
    free(r->cells);
    memset(r, 0, sizeof *r);
}

/* SQL's LIKE: % any run, _ one character. */
static int like(const char *s, const char *pat)
{
    if (*pat == 0)
        return *s == 0;
    if (*pat == '%') {
        for (;; s++) {
            if (like(s, pat + 1))
                return 1;
            if (*s == 0)
                return 0;
        }
    }
    if (*s == 0)
        return 0;
    return (*pat == '_' || *pat == *s) && like(s + 1, pat + 1);
}

static int is_number(const scr_query_t *q, int col)
{
    if (q->view == SCR_V_TABLE)
        return 1;
    return col >= 0 && (uint32_t)col < q->ncols && q->cols[col].number;
}

/* A cell's number: an AVG's num / den. */
static double value_of(const scr_qcell_t *c)
{
    return c->den ? (double)c->num / (double)c->den : (double)c->num;
}

static int cmp_cell(const scr_qcell_t *a, const scr_qcell_t *b, int number)
{
    if (number && (a->den || b->den))
        return value_of(a) < value_of(b) ? -1 : value_of(a) > value_of(b);
    if (number)
        return a->num < b->num ? -1 : a->num > b->num;
    return strcmp(a->str, b->str);
}

/* The texts of columns cols of row joined into out (a null adds nothing). */
static void joined(const scr_qcell_t *row, const int16_t *cols, uint8_t n, char *out, size_t len)
{
    size_t k = 0;
    out[0] = '\0';
    for (uint8_t i = 0; i < n && k < len; i++)
        if (!row[cols[i]].null)
            k += (size_t)snprintf(out + k, len - k, "%s", row[cols[i]].str);
}

/* Whether row keeps to condition c (a comparison with a null never does). */
static int keeps(const scr_query_t *q, const scr_qcond_t *c, const scr_qcell_t *row)
{
    if (c->ncat) {
        char a[4 * (SCR_NAME_MAX + 1)], b[4 * (SCR_NAME_MAX + 1)];
        joined(row, c->cat, c->ncat, a, sizeof a);
        joined(row, c->cat2, c->ncat2, b, sizeof b);
        if (a[0] == '\0' || b[0] == '\0') /* '' is null: never equal nor unequal */
            return 0;
        return (strcmp(a, b) == 0) == (c->op == SCR_OP_EQ);
    }
    if (c->isnull) {
        int isnull = c->col < 0 ? c->subj_null : row[c->col].null;
        return c->op == SCR_OP_NE ? !isnull : isnull;
    }
    const scr_qcell_t *v = &row[c->col];
    if (v->null)
        return 0;
    int number = is_number(q, c->col);
    int hit = 0;
    if (c->like)
        hit = c->str[0] && like(v->str, c->str[0]);
    else if (c->in) {
        /* x not in (..., null): unknown, never true (SQL Language
         * Reference, "IN Condition") */
        for (uint32_t k = 0; k < c->nvals && c->op == SCR_OP_NE; k++)
            if (c->str[k] == NULL)
                return 0;
        for (uint32_t k = 0; k < c->nvals && !hit; k++)
            hit = c->str[k] && (number ? v->num == c->num[k] : strcmp(v->str, c->str[k]) == 0);
    } else {
        scr_qcell_t lit = {0};
        if (c->col2 >= 0)
            lit = row[c->col2];
        else if (c->str[0] == NULL)
            lit.null = 1;
        else {
            lit.num = c->num[0];
            snprintf(lit.str, sizeof lit.str, "%s", c->str[0]);
        }
        if (lit.null)
            return 0;
        int d = cmp_cell(v, &lit, number);
        switch (c->op) {
        case SCR_OP_EQ:
            return d == 0;
        case SCR_OP_NE:
            return d != 0;
        case SCR_OP_LT:
            return d < 0;
        case SCR_OP_LE:
            return d <= 0;
        case SCR_OP_GT:
            return d > 0;
        case SCR_OP_GE:
            return d >= 0;
        }
    }
    return c->op == SCR_OP_NE ? !hit : hit;
}

int scr_query_keeps(const scr_query_t *q, const scr_qcell_t *row)
{
    for (uint32_t c = 0; c < q->nconds;) {
        /* a condition alone, or the run of its or-group */
        uint32_t e = c + 1;
        while (q->cond[c].either && e < q->nconds && q->cond[e].either == q->cond[c].either)
            e++;
        int any = 0;
        for (uint32_t k = c; k < e && !any; k++)
            any = keeps(q, &q->cond[k], row);
        if (!any)
            return 0;
        c = e;
    }
    return 1;
}

static const scr_query_t *sort_q; /* qsort's comparison has no argument */

static int cmp_rows(const void *a, const void *b)
{
    const scr_qcell_t *x = a, *y = b;
    const scr_query_t *q = sort_q;
    for (uint32_t k = 0; k < q->norder; k++) {
        int i = q->order_item[k];
        const scr_qitem_t *it = &q->item[i];
        int number = it->kind != SCR_QI_COLUMN || is_number(q, it->col);
        int d;
        /* Oracle sorts nulls last ascending, first descending */
        if (x[i].null || y[i].null)
            d = x[i].null - y[i].null;
        else
            d = cmp_cell(&x[i], &y[i], number);
        if (d)
            return q->order_desc[k] ? -d : d;
    }
    /* equal keys keep their order: the index rides in the last cell */
    return x[q->nitems].num < y[q->nitems].num ? -1 : 1;
}

typedef struct {
    char *s;
    size_t n, cap;
    int oom;
} buf_t;

static void put(buf_t *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void put(buf_t *b, const char *fmt, ...)
{
    va_list ap;
    for (;;) {
        va_start(ap, fmt);
        int k = vsnprintf(b->s ? b->s + b->n : NULL, b->s ? b->cap - b->n : 0, fmt, ap);
        va_end(ap);
        if (k < 0) {
            b->oom = 1;
            return;
        }
        if (b->s && b->n + (size_t)k < b->cap) {
            b->n += (size_t)k;
            return;
        }
        size_t cap = (b->cap + (size_t)k + 1) * 2;
        char *v = realloc(b->s, cap);
        if (v == NULL) {
            b->oom = 1;
            return;
        }
        b->s = v;
        b->cap = cap;
    }
}

/* The line so far without its trailing blanks (TRIMOUT ON), then '\n'. */
static void end_line(buf_t *b)
{
    while (b->n > 0 && b->s[b->n - 1] == ' ')
        b->n--;
    put(b, "\n");
}

/* COLUMN ... FORMAT An of a text item: n, else 0 (SQL*Plus ignores a
 * number format on text and An on a number). */
static uint32_t text_format(const scr_qitem_t *it)
{
    const char *f = it->format;
    if (f == NULL || (f[0] != 'A' && f[0] != 'a') || !isdigit((unsigned char)f[1]))
        return 0;
    long n = strtol(f + 1, NULL, 10);
    return n > 0 && n <= 4000 ? (uint32_t)n : 0;
}

/* COLUMN ... FORMAT of a number item: its format model, else NULL. */
static const char *number_format(const scr_qitem_t *it)
{
    return it->format && scr_numfmt_valid(it->format) ? it->format : NULL;
}

/* Line `k` of an item's heading ('|' separates them: SQL*Plus's HEADSEP),
 * into out; 0 when it has no such line. */
static int heading_line(const scr_qitem_t *it, uint32_t k, char *out, size_t outlen)
{
    const char *h = it->heading ? it->heading : it->head;
    for (; k > 0; k--) {
        h = it->heading ? strchr(h, '|') : NULL;
        if (h == NULL)
            return 0;
        h++;
    }
    size_t n = it->heading ? strcspn(h, "|") : strlen(h);
    snprintf(out, outlen, "%.*s", (int)n, h);
    return 1;
}

/* A column's width (SQL*Plus User's Guide and Reference, "Formatting
 * NUMBER Columns", "Formatting Datatypes"): a number's NUMWIDTH 10 or its
 * format's width (one more than the model, for the sign), widened to its
 * heading; a text's declared width or FORMAT An, its heading cut to it. */
static uint32_t width_of(const scr_query_t *q, const scr_qitem_t *it, int number)
{
    if (number) {
        const char *f = number_format(it);
        size_t w = 10;
        if (f)
            w = strlen(f) + 1 - ((f[0] == 'F' || f[0] == 'f') ? 2 : 0);
        char line[SCR_NAME_MAX + 1];
        for (uint32_t k = 0; heading_line(it, k, line, sizeof line); k++)
            if (strlen(line) > w)
                w = strlen(line);
        return (uint32_t)w;
    }
    uint32_t a = text_format(it);
    return a ? a : it->ntext ? it->width : q->cols[it->col].width;
}

/* The character functions of an item over a text cell, innermost first
 * (SQL Language Reference, "Character Functions Returning Character
 * Values"): SUBSTR's position from 1, from the end when negative, 0 read
 * as 1; a result of no characters is null, as Oracle's empty string. */
static void text_apply(const scr_qitem_t *it, scr_qcell_t *c)
{
    for (uint32_t k = 0; k < it->ntext && !c->null; k++) {
        const scr_qtext_t *f = &it->text[k];
        char *s = c->str;
        int64_t n = (int64_t)strlen(s);
        switch (f->kind) {
        case SCR_QT_SUBSTR: {
            int64_t from = f->a > 0 ? f->a - 1 : f->a < 0 ? n + f->a : 0;
            int64_t len = f->b < 0 ? n : f->b;
            if (from < 0 || from >= n || len == 0) {
                s[0] = 0;
                break;
            }
            if (len > n - from)
                len = n - from;
            memmove(s, s + from, (size_t)len);
            s[len] = 0;
            break;
        }
        case SCR_QT_UPPER:
        case SCR_QT_LOWER:
            for (int64_t i = 0; i < n; i++)
                s[i] = (char)(f->kind == SCR_QT_UPPER ? toupper((unsigned char)s[i])
                                                      : tolower((unsigned char)s[i]));
            break;
        case SCR_QT_TRIM: {
            int64_t from = 0, to = n;
            while (f->a != 3 && from < to && s[from] == ' ')
                from++;
            while (f->a != 2 && to > from && s[to - 1] == ' ')
                to--;
            memmove(s, s + from, (size_t)(to - from));
            s[to - from] = 0;
            break;
        }
        case SCR_QT_RPAD:
        case SCR_QT_LPAD: {
            int64_t want = f->a < SCR_NAME_MAX ? f->a : SCR_NAME_MAX;
            if (n >= want) {
                s[want] = 0;
                break;
            }
            if (f->kind == SCR_QT_LPAD) {
                memmove(s + (want - n), s, (size_t)n);
                memset(s, f->pad, (size_t)(want - n));
            } else {
                memset(s + n, f->pad, (size_t)(want - n));
            }
            s[want] = 0;
            break;
        }
        }
        c->null = s[0] == 0;
    }
}

/* x rounded (ROUND, half away from zero) or cut (TRUNC) to `places`
 * decimal places (negative: left of the point). */
static double to_places(double x, int places, int round_it)
{
    double m = pow(10.0, places);
    return scr_round_whole(x * m, round_it) / m;
}

/* An item's arithmetic over its value v (vnull: the value is null); 1
 * when the result is null (a null operand; a division by 0: Oracle's
 * ORA-01476, here a null). */
static int post_eval(const scr_qpost_t *e, double v, int vnull, double *out)
{
    double l, r;
    switch (e->op) {
    case 'v':
        *out = v;
        return vnull;
    case 'z':
        if (post_eval(e->l, v, vnull, out) == 0)
            return 0;
        return post_eval(e->r, v, vnull, out);
    case 'n':
        *out = e->num;
        return 0;
    case 'r':
    case 't':
        if (post_eval(e->l, v, vnull, &l))
            return 1;
        *out = to_places(l, e->places, e->op == 'r');
        return 0;
    default:
        if (post_eval(e->l, v, vnull, &l) || post_eval(e->r, v, vnull, &r) ||
            (e->op == '/' && r == 0))
            return 1;
        *out = e->op == '+' ? l + r : e->op == '-' ? l - r : e->op == '*' ? l * r : l / r;
        return 0;
    }
}

/*
 * A number as SQL*Plus shows it without a format, in `width` characters
 * (SQL*Plus User's Guide and Reference, "Formatting NUMBER Columns":
 * NUMWIDTH): a whole number that fits as it is; else as many decimals as
 * fit, rounded, trailing zeros dropped, no 0 before the point (.5); a
 * number whose whole part does not fit in scientific notation
 * (1.2346E+11).
 */
static void number_text(double v, uint32_t width, char *out, size_t outlen)
{
    char t[64];
    int neg = v < 0;
    double a = fabs(v);
    snprintf(t, sizeof t, "%.0f", floor(a));
    int whole = a < 1 ? 0 : (int)strlen(t);
    int room = (int)width - neg - whole - 1; /* decimals that fit after the point */
    if (whole + neg > (int)width || (a != 0 && a < 1e-9 && room < 10)) {
        /* scientific: d.dddE+XX in width */
        int digits = (int)width - neg - 6;
        snprintf(out, outlen, "%.*E", digits > 0 ? digits : 0, v);
        return;
    }
    if (room < 0)
        room = 0;
    snprintf(t, sizeof t, "%.*f", room, v);
    if (strchr(t, '.')) {
        size_t n = strlen(t);
        while (n > 0 && t[n - 1] == '0')
            t[--n] = 0;
        if (n > 0 && t[n - 1] == '.')
            t[--n] = 0;
    }
    /* SQL*Plus leaves out the 0 before the point */
    const char *s = t;
    if (strncmp(s, "0.", 2) == 0)
        s++;
    else if (strncmp(s, "-0.", 3) == 0) {
        t[1] = '-';
        s = t + 1;
    }
    if (strcmp(s, "-0") == 0 || strcmp(s, "") == 0)
        s = "0";
    snprintf(out, outlen, "%s", s);
}

static void print(const scr_query_t *q, const scr_qcell_t *out, uint64_t n, buf_t *b)
{
    if (n == 0) {
        put(b, "no rows selected\n");
        return;
    }
    uint32_t w = q->nitems + 1;
    uint32_t width[SCR_QUERY_ITEMS];
    int number[SCR_QUERY_ITEMS];
    for (uint32_t k = 0; k < q->nitems; k++) {
        const scr_qitem_t *it = &q->item[k];
        number[k] = it->kind != SCR_QI_COLUMN || is_number(q, it->col);
        width[k] = width_of(q, it, number[k]);
    }
    /* the heading, as many lines as its longest has */
    char line[SCR_NAME_MAX + 1];
    for (uint32_t l = 0;; l++) {
        int any = 0;
        for (uint32_t k = 0; k < q->nshown; k++)
            any |= heading_line(&q->item[k], l, line, sizeof line);
        if (!any)
            break;
        for (uint32_t k = 0; k < q->nshown; k++) {
            if (!heading_line(&q->item[k], l, line, sizeof line))
                line[0] = 0;
            put(b, number[k] ? "%s%*.*s" : "%s%-*.*s", k ? " " : "", (int)width[k], (int)width[k],
                line);
        }
        end_line(b);
    }
    for (uint32_t k = 0; k < q->nshown; k++) {
        put(b, "%s", k ? " " : "");
        for (uint32_t d = 0; d < width[k]; d++)
            put(b, "-");
    }
    end_line(b);
    for (uint64_t r = 0; r < n; r++) {
        const scr_qcell_t *row = &out[r * w];
        /* a text longer than its column wraps onto the lines below
         * (COLUMN ... WRAPPED, the default), and such a row is followed
         * by an empty line (SET RECSEP WRAPPED, the default) */
        size_t lines = 1;
        for (uint32_t k = 0; k < q->nshown; k++)
            if (!number[k] && !row[k].null && width[k] > 0) {
                size_t len = strlen(row[k].str);
                size_t need = (len + width[k] - 1) / width[k];
                lines = need > lines ? need : lines;
            }
        for (size_t l = 0; l < lines; l++) {
            for (uint32_t k = 0; k < q->nshown; k++) {
                const char *sep = k ? " " : "";
                const scr_qitem_t *it = &q->item[k];
                if (!number[k]) {
                    const char *t = row[k].null ? "" : row[k].str;
                    size_t len = strlen(t), from = l * width[k];
                    put(b, "%s%-*.*s", sep, (int)width[k], (int)width[k],
                        from < len ? t + from : "");
                    continue;
                }
                double v = value_of(&row[k]);
                if (l > 0 || (it->post ? post_eval(it->post, value_of(&row[k]), row[k].null, &v)
                                       : row[k].null)) {
                    put(b, "%s%*s", sep, (int)width[k], "");
                } else if (it->post || row[k].den) {
                    char t[64];
                    number_text(v, width[k], t, sizeof t);
                    put(b, "%s%*s", sep, (int)width[k], t);
                } else if (number_format(it)) {
                    char t[128];
                    scr_numfmt(row[k].num, number_format(it), t, sizeof t);
                    put(b, "%s%*s", sep, (int)width[k], t);
                } else {
                    put(b, "%s%*lld", sep, (int)width[k], (long long)row[k].num);
                }
            }
            end_line(b);
        }
        if (lines > 1)
            end_line(b);
    }
    if (n >= 6)
        put(b, "\n%llu rows selected.\n", (unsigned long long)n);
}

/* Whether row's group by values are those of a group's, keys (a null
 * equal to a null: GROUP BY puts nulls in one group). */
static int same_group(const scr_query_t *q, const scr_qcell_t *keys, const scr_qcell_t *row)
{
    for (uint32_t c = 0; c < q->ngroup; c++) {
        const scr_qcell_t *v = &row[q->group_col[c]];
        if (keys[c].null != v->null ||
            (!v->null && cmp_cell(&keys[c], v, is_number(q, q->group_col[c])) != 0))
            return 0;
    }
    return 1;
}

sim_err_t scr_query_select(const scr_query_t *q, const scr_qrows_t *rows, scr_qcell_t **out,
                           uint64_t *nout)
{
    *out = NULL;
    *nout = 0;
    uint32_t w = q->nitems + 1; /* the items, and the row's place for a stable sort */
    int agg = 0;
    for (uint32_t k = 0; k < q->nitems; k++)
        agg |= q->item[k].kind != SCR_QI_COLUMN;
    scr_qcell_t *res = calloc((rows->nrows ? rows->nrows : 1) * w, sizeof *res);
    /* each output row's group by values, in the order of the clause */
    scr_qcell_t *keys =
        q->ngroup ? calloc((rows->nrows ? rows->nrows : 1) * q->ngroup, sizeof *keys) : NULL;
    if (res == NULL || (q->ngroup && keys == NULL)) {
        free(res);
        free(keys);
        return SIM_ENOMEM;
    }
    uint64_t n = 0;
    uint64_t kept = 0;
    for (uint64_t r = 0; r < rows->nrows; r++) {
        const scr_qcell_t *row = &rows->cells[r * rows->ncols];
        if (!scr_query_keeps(q, row))
            continue;
        /* rownum counts the rows the where keeps, in the order they come,
         * before grouping and ordering (SQL Language Reference, ROWNUM) */
        if (q->rownum_max >= 0 && kept++ >= (uint64_t)q->rownum_max)
            break;
        /* the output row it goes in: its own, its group's, or the one */
        uint64_t g = n;
        if (q->ngroup) {
            for (uint64_t k = 0; k < n && g == n; k++)
                if (same_group(q, &keys[k * q->ngroup], row))
                    g = k;
        } else if (agg && n) {
            g = 0;
        }
        scr_qcell_t *o = &res[g * w];
        if (g == n) {
            for (uint32_t k = 0; k < q->nitems; k++) {
                o[k].null = q->item[k].kind != SCR_QI_COUNT;
                if (q->item[k].kind == SCR_QI_COLUMN) {
                    o[k] = row[q->item[k].col];
                    text_apply(&q->item[k], &o[k]);
                } else if (q->item[k].kind == SCR_QI_COUNT)
                    o[k].null = 0;
            }
            for (uint32_t c = 0; c < q->ngroup; c++)
                keys[g * q->ngroup + c] = row[q->group_col[c]];
            n++;
        }
        for (uint32_t k = 0; k < q->nitems; k++) {
            const scr_qitem_t *it = &q->item[k];
            if (it->kind == SCR_QI_COUNT) {
                o[k].num++;
            } else if (it->kind != SCR_QI_COLUMN && !row[it->col].null) {
                /* sum, max, min, avg: nulls left out (SQL Language Reference,
                 * "Aggregate Functions") */
                int64_t v = row[it->col].num;
                if (it->kind == SCR_QI_SUM || it->kind == SCR_QI_AVG || o[k].null ||
                    (it->kind == SCR_QI_MAX ? v > o[k].num : v < o[k].num))
                    o[k].num = it->kind == SCR_QI_SUM || it->kind == SCR_QI_AVG ? o[k].num + v : v;
                o[k].den += it->kind == SCR_QI_AVG;
                o[k].null = 0;
            }
        }
    }
    /* count(*) and sum() without group by give one row, even of none */
    free(keys);
    if (agg && q->ngroup == 0 && n == 0) {
        for (uint32_t k = 0; k < q->nitems; k++)
            res[k].null = q->item[k].kind != SCR_QI_COUNT;
        n = 1;
    }
    for (uint64_t r = 0; r < n; r++) {
        res[r * w + q->nitems].num = (int64_t)r;
        res[r * w + q->nitems].null = 0;
    }
    if (q->norder) {
        sort_q = q;
        qsort(res, n, w * sizeof *res, cmp_rows);
    }
    *out = res;
    *nout = n;
    return SIM_OK;
}

sim_err_t scr_query_answer(const scr_query_t *q, const scr_qrows_t *rows, char **out)
{
    *out = NULL;
    scr_qcell_t *res;
    uint64_t n;
    sim_err_t rc = scr_query_select(q, rows, &res, &n);
    if (rc != SIM_OK)
        return rc;
    rc = scr_query_print(q, res, n, out);
    free(res);
    return rc;
}

sim_err_t scr_query_print(const scr_query_t *q, const scr_qcell_t *res, uint64_t n, char **out)
{
    *out = NULL;
    buf_t b = {0};
    print(q, res, n, &b);
    if (b.oom) {
        free(b.s);
        return SIM_ENOMEM;
    }
    *out = b.s;
    return SIM_OK;
}
