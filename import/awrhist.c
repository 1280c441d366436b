/*
 * awrhist.c -- an AWR snapshot series as a DBA spools it from SQL*Plus: a
 * query of DBA_HIST_SYSSTAT (SNAP_ID, STAT_NAME, VALUE) joined with
 * DBA_HIST_SNAPSHOT (BEGIN_INTERVAL_TIME, END_INTERVAL_TIME, STARTUP_TIME),
 * and of DBA_HIST_SYSTEM_EVENT (EVENT_NAME, WAIT_CLASS, TOTAL_WAITS,
 * TIME_WAITED_MICRO), each result under its heading: SQL*Plus's columns
 * (the names over dashes; the headings repeated at each page) or SET
 * MARKUP CSV ON (a line of the names, quoted or not).  The columns are
 * found by the views' own names, in any order; others are skipped.  This
 * file reads the rows into cumulative figures by snapshot; the deltas are
 * awrhist_series.c's.
 */
#include "awrhist_int.h"

#include <stdlib.h>
#include <string.h>

enum {
    C_SNAP_ID,
    C_STAT_NAME,
    C_VALUE,
    C_EVENT_NAME,
    C_WAIT_CLASS,
    C_TOTAL_WAITS,
    C_TIME_WAITED,
    C_END,
    C_STARTUP,
    C_INSTANCE,
    NCOLS
};
static const char *const col_names[NCOLS] = {
    "SNAP_ID",           "STAT_NAME",         "VALUE",
    "EVENT_NAME",        "WAIT_CLASS",        "TOTAL_WAITS",
    "TIME_WAITED_MICRO", "END_INTERVAL_TIME", "STARTUP_TIME",
    "INSTANCE_NUMBER"};

#define MAX_FIELDS 64

/* A heading: where each field lies, and which field each column is. */
typedef struct {
    int csv;
    size_t nfields;
    size_t from[MAX_FIELDS], to[MAX_FIELDS]; /* columns: the extent of each dash run */
    int at[NCOLS];                           /* the field of each column, -1 absent */
} layout_t;

/* A line's fields. */
typedef struct {
    const char *p[MAX_FIELDS];
    size_t n[MAX_FIELDS];
    size_t count;
} fields_t;

/* SET MARKUP CSV ON's fields: comma-separated, a quoted field's quotes
 * dropped ("" inside it is one quote, kept as the two characters: no name
 * of these views holds one).  Blanks trimmed. */
static void split_csv(const imp_line_t *l, fields_t *f)
{
    size_t i = 0;
    f->count = 0;
    while (f->count < MAX_FIELDS) {
        while (i < l->n && l->p[i] == ' ')
            i++;
        size_t start = i, end;
        if (i < l->n && l->p[i] == '"') {
            start = ++i;
            while (i < l->n && !(l->p[i] == '"' && (i + 1 == l->n || l->p[i + 1] != '"')))
                i += i + 1 < l->n && l->p[i] == '"' ? 2 : 1;
            end = i;
            if (i < l->n)
                i++;
            while (i < l->n && l->p[i] != ',')
                i++;
        } else {
            while (i < l->n && l->p[i] != ',')
                i++;
            end = i;
        }
        f->p[f->count] = l->p + start;
        f->n[f->count] = end - start;
        imp_trim(&f->p[f->count], &f->n[f->count]);
        f->count++;
        if (i >= l->n)
            break;
        i++; /* the comma */
    }
}

/* The fields of l cut at the layout's columns. */
static void split_columns(const layout_t *lay, const imp_line_t *l, fields_t *f)
{
    f->count = lay->nfields;
    for (size_t k = 0; k < lay->nfields; k++) {
        size_t from = lay->from[k] < l->n ? lay->from[k] : l->n;
        size_t to = lay->to[k] < l->n ? lay->to[k] : l->n;
        f->p[k] = l->p + from;
        f->n[k] = to - from;
        imp_trim(&f->p[k], &f->n[k]);
    }
}

/* Which field each column's name is in; 1 when the heading is a series'
 * (SNAP_ID, and STAT_NAME and VALUE or EVENT_NAME and TOTAL_WAITS). */
static int name_columns(layout_t *lay, const fields_t *f)
{
    for (int c = 0; c < NCOLS; c++)
        lay->at[c] = -1;
    for (size_t k = 0; k < f->count; k++)
        for (int c = 0; c < NCOLS; c++)
            if (lay->at[c] < 0 && imp_word_eq(f->p[k], f->n[k], col_names[c]))
                lay->at[c] = (int)k;
    return lay->at[C_SNAP_ID] >= 0 && ((lay->at[C_STAT_NAME] >= 0 && lay->at[C_VALUE] >= 0) ||
                                       (lay->at[C_EVENT_NAME] >= 0 && lay->at[C_TOTAL_WAITS] >= 0));
}

/* The heading over a dashed line, cut at the dash runs: 1 when a series'. */
static int column_heading(const imp_line_t *head, const imp_line_t *dashes, layout_t *lay)
{
    lay->csv = 0;
    lay->nfields = 0;
    for (size_t i = 0; i < dashes->n && lay->nfields < MAX_FIELDS;) {
        while (i < dashes->n && dashes->p[i] != '-')
            i++;
        if (i == dashes->n)
            break;
        lay->from[lay->nfields] = i;
        while (i < dashes->n && dashes->p[i] == '-')
            i++;
        lay->to[lay->nfields++] = i;
    }
    fields_t f;
    split_columns(lay, head, &f);
    return name_columns(lay, &f);
}

/* A line of SET MARKUP CSV ON's names that is a series' heading. */
static int csv_heading(const imp_line_t *l, layout_t *lay)
{
    /* cheap first: no SNAP_ID, no heading of ours */
    int has = 0;
    for (size_t i = 0; i + 7 <= l->n && !has; i++)
        has = imp_word_eq(l->p + i, 7, "SNAP_ID");
    if (!has || !memchr(l->p, ',', l->n))
        return 0;
    fields_t f;
    split_csv(l, &f);
    lay->csv = 1;
    lay->nfields = f.count;
    return name_columns(lay, &f);
}

static int starts_with(const imp_line_t *l, const char *s)
{
    size_t k = strlen(s);
    const char *p = l->p;
    size_t n = l->n;
    imp_trim(&p, &n);
    return n >= k && memcmp(p, s, k) == 0;
}

/* SQL*Plus's lines after a result: its feedback, a prompt, SET TIMING's. */
static int result_ends(const imp_line_t *l)
{
    const char *p = l->p;
    size_t n = l->n;
    imp_trim(&p, &n);
    static const char sel[] = "rows selected.", one[] = "row selected.";
    return starts_with(l, "SQL>") || starts_with(l, "no rows selected") ||
           starts_with(l, "Elapsed:") ||
           (n > sizeof sel - 1 && memcmp(p + n - (sizeof sel - 1), sel, sizeof sel - 1) == 0) ||
           (n > sizeof one - 1 && memcmp(p + n - (sizeof one - 1), one, sizeof one - 1) == 0);
}

#define SHOW(n) (int)((n) > 60 ? 60 : (n))

/* A number of the row: a whole number >= 0 (SNAP_ID > 0). */
static sim_err_t number(imp_ah_rows_t *r, const fields_t *f, const layout_t *lay, int col, int line,
                        int64_t *v)
{
    size_t k = (size_t)lay->at[col];
    const char *why = NULL;
    if (k >= f->count || f->n[k] == 0)
        return imp_fail(r->b, line,
                        "a row without its %s: a truncated line, or a name wrapped "
                        "onto a line of its own by a narrow COLUMN ... FORMAT",
                        col_names[col]);
    if (imp_parse_int(f->p[k], f->n[k], 0, v, &why) != 0 || (col == C_SNAP_ID && *v == 0))
        return imp_fail(r->b, line, "%s '%.*s': %s", col_names[col], SHOW(f->n[k]), f->p[k],
                        why ? why : "not a snapshot's number (from 1)");
    return SIM_OK;
}

/* One row of a result: its snapshot, and its figures. */
static sim_err_t take_row(imp_ah_rows_t *r, const layout_t *lay, const fields_t *f, int line)
{
    imp_ah_snap_t s = {.line = line};
    sim_err_t rc = number(r, f, lay, C_SNAP_ID, line, &s.snap);
    if (rc == SIM_OK && lay->at[C_INSTANCE] >= 0) {
        rc = number(r, f, lay, C_INSTANCE, line, &s.instance);
        s.has_instance = 1;
    }
    size_t k;
    if (rc == SIM_OK && lay->at[C_END] >= 0) {
        k = (size_t)lay->at[C_END];
        if (k >= f->count || imp_ah_parse_time(f->p[k], f->n[k], &s.end) != 0)
            return imp_fail(r->b, line,
                            "END_INTERVAL_TIME '%.*s': not a time lobimport reads; expected "
                            "SQL*Plus's default (09-DEC-16 07.31.49.123 PM) or "
                            "to_char(..., 'YYYY-MM-DD HH24:MI:SS')",
                            SHOW(k < f->count ? f->n[k] : 0), k < f->count ? f->p[k] : "");
        s.has_end = 1;
    }
    if (rc == SIM_OK && lay->at[C_STARTUP] >= 0 && (k = (size_t)lay->at[C_STARTUP]) < f->count) {
        uint64_t h = 0xcbf29ce484222325ULL; /* FNV-1a 64 */
        for (size_t i = 0; i < f->n[k]; i++)
            h = (h ^ (unsigned char)f->p[k][i]) * 0x100000001b3ULL;
        s.startup = h;
        s.has_startup = 1;
    }
    if (rc == SIM_OK)
        rc = imp_ah_add_snap(r, &s);
    int event = lay->at[C_STAT_NAME] < 0;
    int name_col = event ? C_EVENT_NAME : C_STAT_NAME;
    k = (size_t)lay->at[name_col];
    if (rc == SIM_OK && (k >= f->count || f->n[k] == 0))
        return imp_fail(r->b, line, "a row without its %s", col_names[name_col]);
    const char *name = f->p[k];
    size_t namen = f->n[k];
    int64_t v = 0, micro = 0;
    if (rc == SIM_OK)
        rc = number(r, f, lay, event ? C_TOTAL_WAITS : C_VALUE, line, &v);
    if (rc == SIM_OK)
        rc = imp_ah_add_fig(r, name, namen, "", s.snap, v, line, event, 0);
    int timed = event && lay->at[C_TIME_WAITED] >= 0;
    if (rc == SIM_OK && timed && (rc = number(r, f, lay, C_TIME_WAITED, line, &micro)) == SIM_OK)
        rc = imp_ah_add_fig(r, name, namen, " time_waited_micro", s.snap, micro, line, 1, 0);
    /* the wait class's figures, as V$SYSTEM_WAIT_CLASS sums its events */
    if (rc == SIM_OK && event && lay->at[C_WAIT_CLASS] >= 0 &&
        (k = (size_t)lay->at[C_WAIT_CLASS]) < f->count && f->n[k] > 0) {
        rc = imp_ah_add_fig(r, f->p[k], f->n[k], " total_waits", s.snap, v, line, 1, 1);
        if (rc == SIM_OK && timed)
            rc = imp_ah_add_fig(r, f->p[k], f->n[k], " time_waited_micro", s.snap, micro, line, 1,
                                1);
    }
    return rc;
}

/* The text's lines, kept: a heading is known by the line under it. */
static imp_line_t *all_lines(const char *text, size_t len, size_t *n)
{
    size_t cap = 1;
    for (size_t i = 0; i < len; i++)
        cap += text[i] == '\n';
    imp_line_t *v = malloc(cap * sizeof *v);
    imp_lines_t it;
    *n = 0;
    imp_lines_init(&it, text, len);
    while (v && *n < cap && imp_next_line(&it, &v[*n]))
        (*n)++;
    return v;
}

int imp_looks_awrhist(const char *text, size_t len)
{
    imp_lines_t it;
    imp_line_t l, prev = {0};
    layout_t lay;
    imp_lines_init(&it, text, len);
    while (imp_next_line(&it, &l)) {
        if ((prev.n && imp_is_dashes(&l) && column_heading(&prev, &l, &lay)) ||
            csv_heading(&l, &lay))
            return 1;
        prev = l;
    }
    return 0;
}

sim_err_t imp_parse_awrhist(imp_build_t *b, const char *text, size_t len)
{
    size_t nl;
    imp_line_t *L = all_lines(text, len, &nl);
    if (!L)
        return SIM_ENOMEM;
    imp_ah_rows_t r = {.b = b};
    layout_t lay, other;
    int active = 0, any = 0, after_blank = 0;
    sim_err_t rc = SIM_OK;
    for (size_t i = 0; rc == SIM_OK && i < nl; i++) {
        const imp_line_t *l = &L[i];
        if (!imp_is_blank(l) && i + 1 < nl && imp_is_dashes(&L[i + 1])) {
            active = column_heading(l, &L[i + 1], &lay);
            /* a row wider than LINESIZE: SQL*Plus folds the heading too,
             * the columns after the first line's under a heading of their
             * own */
            if (lay.at[C_SNAP_ID] >= 0 && i + 3 < nl && !imp_is_blank(&L[i + 2]) &&
                imp_is_dashes(&L[i + 3]) && !column_heading(&L[i + 2], &L[i + 3], &other))
                rc = imp_fail(b, L[i + 2].no,
                              "the heading goes on over a second line: rows wider than "
                              "LINESIZE are folded; SET LINESIZE 400 (or SET MARKUP CSV ON) "
                              "before the query");
            any |= active;
            after_blank = 0;
            i++;
            continue;
        }
        if (csv_heading(l, &other)) {
            lay = other;
            active = any = 1;
            after_blank = 0;
            continue;
        }
        if (!active)
            continue;
        if (imp_is_blank(l)) {
            /* columns: a page break when the headings come again after it;
             * anything else after it is not a row */
            after_blank = 1;
            continue;
        }
        if (after_blank || result_ends(l)) {
            active = 0;
            continue;
        }
        fields_t f;
        if (lay.csv)
            split_csv(l, &f);
        else
            split_columns(&lay, l, &f);
        if (lay.csv && f.count != lay.nfields)
            rc = imp_fail(b, l->no, "%zu fields where the heading names %zu: a truncated line",
                          f.count, lay.nfields);
        else
            rc = take_row(&r, &lay, &f, l->no);
    }
    free(L);
    if (rc == SIM_OK && !any)
        rc = imp_fail(b, 0,
                      "no DBA_HIST query's heading: expected SNAP_ID with STAT_NAME and "
                      "VALUE (DBA_HIST_SYSSTAT) or EVENT_NAME and TOTAL_WAITS "
                      "(DBA_HIST_SYSTEM_EVENT)");
    if (rc == SIM_OK)
        rc = imp_ah_series(&r);
    imp_ah_rows_free(&r);
    return rc;
}
