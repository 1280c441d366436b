/*
 * awr_text.c -- an AWR text report (awrrpt.sql, report_type text) as rows.
 * AWR prints each table under a rule of dashes, one run a column; a row's
 * cells are read at the rule's columns (a number is right-aligned and ends
 * where its run ends), its label is what lies left of the first value
 * column.  A table ends at its closing rule (an indented run of dashes), a
 * blank line, a new rule or a section's title.  SQL*Plus's page breaks of
 * DBMS_WORKLOAD_REPOSITORY's output (a blank line, then the column heading
 * OUTPUT) are not the end of a table.
 */
#include "awr_int.h"

#include <ctype.h>
#include <string.h>

typedef struct {
    size_t s, e; /* columns of a run of the rule, inclusive */
} run_t;

typedef struct {
    int open;
    run_t run[IMP_AWR_CELLS];
    size_t nrun;
    size_t first; /* the first value run: 1 when the label has a run of its own */
} table_t;

int imp_awr_eq(const char *p, size_t n, const char *s)
{
    return imp_word_eq(p, n, s);
}

int imp_awr_starts(const char *p, size_t n, const char *s)
{
    size_t k = strlen(s);
    return n >= k && imp_word_eq(p, k, s);
}

/* Runs of '-' or '~' and blanks only, at least two runs: a table's rule;
 * one run: a closing rule (*closing).  0 for anything else. */
static int rule(const imp_line_t *l, table_t *t, int *closing)
{
    size_t n = 0;
    int in = 0;
    for (size_t i = 0; i < l->n; i++) {
        char c = l->p[i];
        if (c == '-' || c == '~') {
            if (!in) {
                if (n == IMP_AWR_CELLS)
                    return 0;
                t->run[n].s = i;
                in = 1;
                n++;
            }
            t->run[n - 1].e = i;
        } else if (c == ' ' || c == '\t') {
            in = 0;
        } else {
            return 0;
        }
    }
    if (n == 0 || (n == 1 && t->run[0].e - t->run[0].s < 2))
        return 0;
    *closing = n == 1;
    t->nrun = n;
    t->first = t->run[0].s == 0 && n > 1 ? 1 : 0;
    return 1;
}

static imp_awr_cell_t cell(const imp_line_t *l, size_t from, size_t to)
{
    imp_awr_cell_t c = {l->p, 0};
    if (from < l->n) {
        c.p = l->p + from;
        c.n = (to < l->n ? to : l->n) - from;
        imp_trim(&c.p, &c.n);
    }
    return c;
}

/* The line cut at the table's columns. */
static void split(const table_t *t, const imp_line_t *l, imp_awr_row_t *r)
{
    size_t v = t->first;
    r->c[0] = cell(l, 0, t->run[v].s);
    r->n = 1;
    for (size_t k = v; k < t->nrun && r->n < IMP_AWR_CELLS; k++) {
        size_t from = k == v ? t->run[k].s : t->run[k - 1].e + 1;
        size_t to = k + 1 == t->nrun ? l->n : t->run[k].e + 1;
        r->c[r->n++] = cell(l, from, to);
    }
}

static int is_output(const imp_line_t *l)
{
    return imp_awr_eq(l->p, l->n, "OUTPUT");
}

/* The next line that is neither blank nor OUTPUT is further on, past a
 * page break of SQL*Plus (a blank line, then OUTPUT). */
static int page_break_follows(imp_lines_t it)
{
    imp_line_t l;
    while (imp_next_line(&it, &l))
        if (!imp_is_blank(&l))
            return is_output(&l);
    return 0;
}

/* A page's title: "Instance Activity Stats   DB/Inst: DB/db1  Snaps: 1-2". */
static int page_title(const char *p, size_t n)
{
    for (size_t i = 0; i + 8 <= n; i++)
        if (memcmp(p + i, "DB/Inst:", 8) == 0)
            return 1;
    return 0;
}

static imp_awr_kind_t kind_of(const char *p, size_t n)
{
    if (imp_awr_starts(p, n, "WORKLOAD REPOSITORY"))
        return IMP_AWR_START;
    if (imp_awr_eq(p, n, "End of Report"))
        return IMP_AWR_END;
    return IMP_AWR_TITLE;
}

sim_err_t imp_awr_read_text(imp_build_t *b, const char *text, size_t len, imp_awr_sink_fn fn,
                            void *arg)
{
    (void)b;
    imp_lines_t it;
    imp_line_t l, prev = {NULL, 0, 0};
    table_t t = {0};
    sim_err_t rc = SIM_OK;
    imp_lines_init(&it, text, len);
    while (rc == SIM_OK && imp_next_line(&it, &l)) {
        while (l.n > 0 && l.p[0] == '\f') { /* 10g starts each page's title with one */
            l.p++;
            l.n--;
        }
        if (is_output(&l))
            continue;
        if (imp_is_blank(&l)) {
            if (t.open && !page_break_follows(it))
                t.open = 0;
            continue;
        }
        imp_awr_row_t r = {.line = l.no, .raw = {l.p, l.n}};
        imp_trim(&r.raw.p, &r.raw.n);
        int closing;
        table_t nt;
        if (rule(&l, &nt, &closing)) {
            t.open = 0;
            if (!closing) {
                t = nt;
                t.open = 1;
                if (prev.p) { /* the headings above the rule */
                    r.kind = IMP_AWR_HEAD;
                    r.line = prev.no;
                    r.raw = (imp_awr_cell_t){prev.p, prev.n};
                    split(&t, &prev, &r);
                    rc = fn(arg, &r);
                }
            }
            prev.p = NULL;
            continue;
        }
        r.kind = kind_of(r.raw.p, r.raw.n);
        if (t.open && r.kind == IMP_AWR_TITLE && !page_title(r.raw.p, r.raw.n)) {
            r.kind = IMP_AWR_ROW;
            split(&t, &l, &r);
        } else {
            t.open = 0;
            r.c[0] = r.raw;
            r.n = 1;
        }
        rc = fn(arg, &r);
        if (r.close)
            t.open = 0;
        prev = l;
    }
    return rc;
}
