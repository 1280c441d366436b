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

/* SET AUTOTRACE at a line of a file: the statistics shown after it or not. */
struct scr_autot {
    const char *file;
    uint32_t line;
    int stats;
};

/* COLUMN C NEW_VALUE V at a line of a file: a query after it that shows
 * column C sets V (SQL*Plus User's Guide and Reference, COLUMN: NEW_V[ALUE]
 * "specifies a variable to hold a column value"; the last row's). */
struct scr_newval {
    const char *file;
    uint32_t line;
    char col[SCR_NAME_MAX + 1];
    uint32_t qdef; /* the variable: scr_script_t.qdefs */
};

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
/* SET AUTOT[RACE] OFF | ON | TRACE[ONLY] [EXP[LAIN]] [STAT[ISTICS]] at a
 * line (SQL*Plus User's Guide and Reference, SET AUTOTRACE): whether the
 * statistics are shown from there on (ON and TRACEONLY alone show them,
 * with EXPLAIN only the plan). */
static void autotrace(scr_parser_t *p, uint32_t line, const char *s, size_t *at, size_t e,
                      const char *v, size_t vn)
{
    int on = is_word(v, vn, "ON", 2) || is_word(v, vn, "TRACEONLY", 1);
    size_t save = *at;
    const char *x;
    size_t xn = word(s, at, e, &x);
    int stats = on;
    if (xn && is_word(x, xn, "EXPLAIN", 3))
        stats = 0;
    else if (!(xn && is_word(x, xn, "STATISTICS", 4)))
        *at = save;
    p->autot = scr_arena_grow(p->arena, p->autot, p->nautot, &p->cap_autot, sizeof *p->autot);
    p->autot[p->nautot++] = (struct scr_autot){p->lx->file, line, stats};
}

int scr_define_autotrace(const scr_parser_t *p, uint32_t line)
{
    int stats = 0;
    for (uint32_t k = 0; k < p->nautot; k++)
        if (strcmp(p->autot[k].file, p->lx->file) == 0 && p->autot[k].line < line)
            stats = p->autot[k].stats;
    return stats;
}

/* The id of the variable a query sets, named up (added once). */
static uint32_t qdef_id(scr_parser_t *p, const char *up)
{
    scr_script_t *s = p->script;
    for (uint32_t k = 0; k < s->nqdefs; k++)
        if (strcmp(s->qdefs[k], up) == 0)
            return k;
    s->qdefs = scr_arena_grow(p->arena, s->qdefs, s->nqdefs, &p->cap_qdefs, sizeof *s->qdefs);
    memcpy(s->qdefs[s->nqdefs], up, sizeof s->qdefs[0]);
    return s->nqdefs++;
}

static void new_value(scr_parser_t *p, uint32_t line, const char *col, size_t cn, const char *name,
                      size_t nn)
{
    p->newvals =
        scr_arena_grow(p->arena, p->newvals, p->nnewvals, &p->cap_newvals, sizeof *p->newvals);
    struct scr_newval *nv = &p->newvals[p->nnewvals++];
    nv->file = p->lx->file;
    nv->line = line;
    upper(nv->col, col, cn);
    char up[SCR_NAME_MAX + 1];
    upper(up, name, nn);
    nv->qdef = qdef_id(p, up);
}

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
            if (is_word(opt, on, "AUTOTRACE", 5)) {
                autotrace(p, line, s, &at, e, v, vn);
                continue;
            }
            if (!is_word(opt, on, "DEFINE", 3))
                continue;
            if (is_word(v, vn, "OFF", 3))
                p->define_char = 0;
            else if (is_word(v, vn, "ON", 2))
                p->define_char = '&';
            else if (vn == 1 || (vn == 3 && (v[0] == '\'' || v[0] == '"') && v[2] == v[0]))
                p->define_char = vn == 1 ? v[0] : v[1];
        }
    } else if (is_word(w, n, "CLEAR", 2)) {
        const char *x;
        size_t xn;
        while ((xn = word(s, &at, e, &x)) > 0)
            if (is_word(x, xn, "COLUMNS", 3))
                scr_colfmt_clear_all(p, line);
    } else if (is_word(w, n, "ACCEPT", 3)) {
        /* ACCEPT v ... DEFAULT d: the run reads no terminal, so the value
         * is the one an empty answer gives (SQL*Plus User's Guide and
         * Reference, ACCEPT: DEF[AULT]); --define's wins; without DEFAULT
         * the variable stays undefined, and a use says so */
        const char *name, *x;
        size_t nn = word(s, &at, e, &name), xn;
        while (nn && (xn = word(s, &at, e, &x)) > 0)
            if (is_word(x, xn, "DEFAULT", 3)) {
                const char *v;
                size_t vn = word(s, &at, e, &v);
                if (vn && v[vn - 1] == ';')
                    vn--;
                if (vn >= 2 && (v[0] == '\'' || v[0] == '"') && v[vn - 1] == v[0])
                    v++, vn -= 2;
                define(p, name, nn, v, vn, 0);
                break;
            }
    } else if (is_word(w, n, "COLUMN", 3)) {
        const char *x, *col;
        size_t xn, cn = word(s, &at, e, &col);
        scr_colfmt_note(p, line, col, cn, s, at, e);
        while ((xn = word(s, &at, e, &x)) > 0)
            if (is_word(x, xn, "NEW_VALUE", 5) || is_word(x, xn, "OLD_VALUE", 5)) {
                const char *name;
                size_t nn = word(s, &at, e, &name);
                if (nn == 0)
                    continue;
                scr_define_set(p, name, nn, NULL, 0);
                if (is_word(x, xn, "NEW_VALUE", 5) && cn)
                    new_value(p, line, col, cn, name, nn);
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

/* A new node of kind k over a and b (CONCAT) or a variable (QDEF). */
static scr_expr_t *node(scr_parser_t *p, scr_expr_kind_t k, uint32_t line, scr_expr_t *a,
                        scr_expr_t *b)
{
    scr_expr_t *e = scr_expr_node(p, k, SCR_T_VARCHAR, line);
    e->row_dependent = 1;
    e->args[0] = a;
    e->args[1] = b;
    e->nargs = a ? 2 : 0;
    return e;
}

static scr_expr_t *text_node(scr_parser_t *p, uint32_t line, const char *s, size_t n)
{
    scr_expr_t *e =
        scr_expr_node(p, n ? SCR_E_STRING : SCR_E_NULL, n ? SCR_T_VARCHAR : SCR_T_NULL, line);
    e->str = scr_arena_strndup(p->arena, s, n);
    e->len = (uint32_t)n;
    e->static_len = (int64_t)n;
    return e;
}

scr_expr_t *scr_define_expr(scr_parser_t *p, const scr_tok_t *t)
{
    scr_script_t *sc = p->script;
    if (sc->nqdefs == 0 || p->define_char == 0 || memchr(t->text, p->define_char, t->len) == NULL)
        return NULL;
    scr_expr_t *e = NULL;
    size_t from = 0, i = 0;
    while (i < t->len) {
        if (t->text[i] != p->define_char) {
            i++;
            continue;
        }
        size_t k = i + 1;
        if (k < t->len && t->text[k] == p->define_char)
            k++;
        size_t nb = k;
        while (k < t->len && name_char((unsigned char)t->text[k]))
            k++;
        char up[SCR_NAME_MAX + 1];
        upper(up, t->text + nb, k - nb);
        uint32_t id = sc->nqdefs;
        for (uint32_t q = 0; k > nb && q < sc->nqdefs; q++)
            if (strcmp(sc->qdefs[q], up) == 0)
                id = q;
        if (id == sc->nqdefs) {
            i = k > i + 1 ? k : i + 1;
            continue;
        }
        scr_expr_t *v = node(p, SCR_E_QDEF, t->line, NULL, NULL);
        v->var = id;
        v->str = scr_arena_strndup(p->arena, t->text + i, k - i);
        v->len = (uint32_t)(k - i);
        if (k < t->len && t->text[k] == '.')
            k++; /* the period ends the name, as in substitute() */
        scr_expr_t *before = text_node(p, t->line, t->text + from, i - from);
        scr_expr_t *piece = node(p, SCR_E_CONCAT, t->line, before, v);
        e = e ? node(p, SCR_E_CONCAT, t->line, e, piece) : piece;
        from = i = k;
    }
    if (e == NULL)
        return NULL;
    if (from < t->len)
        e = node(p, SCR_E_CONCAT, t->line, e, text_node(p, t->line, t->text + from, t->len - from));
    e->static_len = -1;
    return e;
}

void scr_define_sets(scr_parser_t *p, scr_stmt_t *st, const scr_query_t *q)
{
    uint32_t *item = scr_arena_alloc(p->arena, (q->nshown + 1) * sizeof *item);
    uint32_t *var = scr_arena_alloc(p->arena, (q->nshown + 1) * sizeof *var);
    uint32_t n = 0;
    for (uint32_t k = 0; k < q->nshown; k++) {
        char up[SCR_NAME_MAX + 1];
        upper(up, q->item[k].head, strlen(q->item[k].head));
        const struct scr_newval *last = NULL;
        for (uint32_t j = 0; j < p->nnewvals; j++) {
            const struct scr_newval *nv = &p->newvals[j];
            if (strcmp(nv->file, p->lx->file) == 0 && nv->line < st->line &&
                strcmp(nv->col, up) == 0)
                last = nv;
        }
        if (last) {
            item[n] = k;
            var[n++] = last->qdef;
        }
    }
    st->u.observe.set_item = item;
    st->u.observe.set_var = var;
    st->u.observe.nsets = n;
}
