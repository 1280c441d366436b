/*
 * colfmt.c -- SQL*Plus's COLUMN ... FORMAT, HEADING and CLEAR, and CLEAR
 * COLUMNS (SQL*Plus User's Guide and Reference, COLUMN, CLEAR): how a
 * query's result set is laid out, not what it holds.  define.c's reading
 * of the command lines notes each command here in text order; a query
 * parsed after them takes, for each item, the settings in force at its
 * line (scr_colfmt_apply()), and answer.c prints with them.
 *
 * The settings of one column add up (a FORMAT and a later HEADING both
 * hold) until its CLEAR or a CLEAR COLUMNS.  The column is matched by
 * the item's name: its alias, else its column's name or expression text,
 * ignoring case.  Of the COLUMN options only FORMAT and HEADING change
 * the print; the others are read past (their argument too).
 */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "script_int.h"

struct scr_colfmt {
    const char *file;
    uint32_t line;
    char col[SCR_NAME_MAX + 1]; /* upper case; "" for CLEAR COLUMNS */
    const char *format;         /* NULL: not set by this command */
    const char *heading;
    int clear;
};

static void add(scr_parser_t *p, const struct scr_colfmt *c)
{
    p->colfmts =
        scr_arena_grow(p->arena, p->colfmts, p->ncolfmts, &p->cap_colfmts, sizeof *p->colfmts);
    p->colfmts[p->ncolfmts++] = *c;
}

/* The next blank-separated word of [*at, e), or a quoted text without
 * its quotes ('' or "" inside it kept as written); its length. */
static size_t arg(const char *s, size_t *at, size_t e, const char **w, int *quoted)
{
    while (*at < e && (s[*at] == ' ' || s[*at] == '\t' || s[*at] == '\r'))
        (*at)++;
    *quoted = *at < e && (s[*at] == '\'' || s[*at] == '"');
    if (*quoted) {
        char q = s[(*at)++];
        *w = s + *at;
        size_t n = 0;
        while (*at < e && s[*at] != q) {
            (*at)++;
            n++;
        }
        if (*at < e)
            (*at)++;
        return n;
    }
    *w = s + *at;
    size_t n = 0;
    while (*at < e && s[*at] != ' ' && s[*at] != '\t' && s[*at] != '\r') {
        (*at)++;
        n++;
    }
    return n;
}

/* Whether w (n bytes) is the option `full` or its abbreviation of at least
 * `min` letters, ignoring case. */
static int is_opt(const char *w, size_t n, const char *full, size_t min)
{
    if (n < min || n > strlen(full))
        return 0;
    for (size_t i = 0; i < n; i++)
        if (toupper((unsigned char)w[i]) != full[i])
            return 0;
    return 1;
}

void scr_colfmt_note(scr_parser_t *p, uint32_t line, const char *col, size_t cn, const char *s,
                     size_t at, size_t e)
{
    struct scr_colfmt c = {.file = p->lx->file, .line = line};
    if (cn == 0 || cn > SCR_NAME_MAX)
        return; /* COLUMN alone lists the settings */
    for (size_t i = 0; i < cn; i++)
        c.col[i] = (char)toupper((unsigned char)col[i]);
    const char *w;
    int quoted;
    size_t n;
    int any = 0;
    while ((n = arg(s, &at, e, &w, &quoted)) > 0 || quoted) {
        if (quoted)
            continue; /* a stray text: read past */
        if (is_opt(w, n, "FORMAT", 3)) {
            n = arg(s, &at, e, &w, &quoted);
            c.format = scr_arena_strndup(p->arena, w, n);
            any = 1;
        } else if (is_opt(w, n, "HEADING", 3)) {
            n = arg(s, &at, e, &w, &quoted);
            c.heading = scr_arena_strndup(p->arena, w, n);
            any = 1;
        } else if (is_opt(w, n, "CLEAR", 3)) {
            c.clear = any = 1;
        } else if (is_opt(w, n, "JUSTIFY", 3) || is_opt(w, n, "NULL", 3) ||
                   is_opt(w, n, "LIKE", 4) || is_opt(w, n, "ALIAS", 3) ||
                   is_opt(w, n, "NEW_VALUE", 5) || is_opt(w, n, "OLD_VALUE", 5)) {
            (void)arg(s, &at, e, &w, &quoted); /* its argument */
        }
    }
    if (any)
        add(p, &c);
}

void scr_colfmt_clear_all(scr_parser_t *p, uint32_t line)
{
    struct scr_colfmt c = {.file = p->lx->file, .line = line, .clear = 1};
    add(p, &c);
}

void scr_colfmt_apply(scr_parser_t *p, const scr_stmt_t *st, scr_query_t *q)
{
    for (uint32_t k = 0; k < q->nshown; k++) {
        scr_qitem_t *it = &q->item[k];
        char up[SCR_NAME_MAX + 1];
        size_t n = strlen(it->head);
        for (size_t i = 0; i <= n; i++)
            up[i] = (char)toupper((unsigned char)it->head[i]);
        it->format = it->heading = NULL;
        for (uint32_t j = 0; j < p->ncolfmts; j++) {
            const struct scr_colfmt *c = &p->colfmts[j];
            if (strcmp(c->file, p->lx->file) != 0 || c->line >= st->line)
                continue;
            if (c->col[0] != 0 && strcmp(c->col, up) != 0)
                continue;
            if (c->clear)
                it->format = it->heading = NULL;
            if (c->format)
                it->format = c->format;
            if (c->heading)
                it->heading = c->heading;
        }
    }
}
