/*
 * spool.c -- a script run on Oracle, as scripts/oracle/run_scenario.sh
 * spools it: per step, one set of the session's figures (v$mystat's deltas,
 * no table) and one per table of its segments' figures, keyed as lobbench
 * --script keys the model's (docs/lobimport.md, "Scripts"): a delta is the
 * session's, counted once, never copied into a table's set.
 *
 *   lobsim-spool: 1 script FILE digest HEX16 statements N   the header, first
 *   lobsim-step: K                  steps 1, 2, ... N in order
 *   lobsim-statement: TEXT          the step's statement on one line
 *   lobsim-mystat:                  then NAME ... VALUE over dashes:
 *                                   v$mystat's deltas of the step as SQL*Plus
 *                                   prints a query: the step's session set
 *   lobsim-table: T                 a table alive after the step, then
 *   Segment blocks = N bytes = M    dbms_space.space_usage's put_line lines:
 *    Used blocks = ...              AskTOM's show_space form, or
 *   segment_size_blocks = N         Oracle Support's (Doc 1669501.1) form
 *   lobsim-segments:                then TABLE_NAME SEGMENT_TYPE and BLOCKS,
 *                                   BYTES, EXTENTS over dashes: user_segments
 *                                   query output (TABLE and LOBSEGMENT rows)
 *   lobsim-end: N                   the last line: a spool without it is
 *                                   truncated
 *
 * The markers say whose output follows, so that the script's own queries
 * of v$mystat or user_segments and its own put_line lines (before the
 * step's first lobsim-table) are skipped like everything else (echoed
 * SQL, feedback, prompts); an ORA- or SP2- error inside a step is refused:
 * the step did not run on Oracle.
 */
#include "import_int.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

#define MAX_WORDS 16

static int starts_with(const char *p, size_t n, const char *prefix)
{
    size_t k = strlen(prefix);
    return n >= k && memcmp(p, prefix, k) == 0;
}

int imp_looks_spool(const char *text, size_t len)
{
    imp_lines_t it;
    imp_line_t l;
    imp_lines_init(&it, text, len);
    while (imp_next_line(&it, &l)) {
        const char *p = l.p;
        size_t n = l.n;
        imp_trim(&p, &n);
        if (starts_with(p, n, "lobsim-spool:"))
            return 1;
    }
    return 0;
}

typedef struct {
    const char *p;
    size_t n;
} word_t;

/* The line's words, split at blanks, '=' and ':'; at most MAX_WORDS. */
static size_t words_of(const char *p, size_t n, word_t *w)
{
    size_t k = 0, i = 0;
    while (i < n && k < MAX_WORDS) {
        while (i < n && (isspace((unsigned char)p[i]) || p[i] == '=' || p[i] == ':'))
            i++;
        size_t start = i;
        while (i < n && !isspace((unsigned char)p[i]) && p[i] != '=' && p[i] != ':')
            i++;
        if (i > start)
            w[k++] = (word_t){p + start, i - start};
    }
    return k;
}

static int word_is(word_t w, const char *s)
{
    return imp_word_eq(w.p, w.n, s);
}

/* The space_usage measure a word names: "segment_size", "used", ... */
static const char *measure_of(const char *p, size_t n)
{
    static const struct {
        const char *printed, *measure;
    } names[] = {{"segment", "segment_size"},
                 {"segment_size", "segment_size"},
                 {"used", "used"},
                 {"expired", "expired"},
                 {"unexpired", "unexpired"}};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        if (imp_word_eq(p, n, names[i].printed))
            return names[i].measure;
    return NULL;
}

typedef struct {
    imp_build_t *b;
    uint32_t step;  /* the step in hand, 0 before the first */
    size_t first;   /* its first set */
    size_t table;   /* the set of the table in hand, SIZE_MAX: none */
    size_t session; /* the step's session set (its v$mystat deltas), SIZE_MAX: none yet */
    char statement[IMP_STATEMENT_MAX];
} spool_t;

/* Figure name = value into set i, name built from printf. */
static sim_err_t add(spool_t *s, size_t i, int line, int64_t value, const char *fmt, const char *a,
                     const char *b2)
{
    char name[128];
    snprintf(name, sizeof name, fmt, a, b2);
    return imp_add_stat(s->b, i, name, strlen(name), value, line);
}

/* The set of table t in the step in hand, made when missing. */
static sim_err_t table_set(spool_t *s, const char *t, size_t tn, int line, size_t *out)
{
    imp_file_t *f = s->b->out;
    if (tn == 0 || tn >= IMP_TABLE_MAX)
        return imp_fail(s->b, line, "table name of %zu characters; expected 1 to %d", tn,
                        IMP_TABLE_MAX - 1);
    for (size_t i = s->first; i < f->nsets; i++)
        if (strlen(f->sets[i].table) == tn && memcmp(f->sets[i].table, t, tn) == 0) {
            *out = i;
            return SIM_OK;
        }
    sim_err_t rc = imp_add_set(s->b, out);
    if (rc != SIM_OK)
        return rc;
    imp_set_t *set = &f->sets[*out];
    set->step = s->step;
    memcpy(set->table, t, tn);
    set->table[tn] = '\0';
    for (char *c = set->table; *c; c++)
        *c = (char)toupper((unsigned char)*c);
    snprintf(set->statement, sizeof set->statement, "%s", s->statement);
    return rc;
}

/* A number word, or a refusal naming it. */
static sim_err_t number(spool_t *s, word_t w, int line, int64_t *v)
{
    const char *why;
    if (imp_parse_int(w.p, w.n, 0, v, &why) != 0)
        return imp_fail(s->b, line, "value '%.*s': %s", (int)(w.n > 40 ? 40 : w.n), w.p, why);
    return SIM_OK;
}

/* A put_line line of dbms_space.space_usage: 1 taken, 0 not one, or an
 * error in *rc. */
static int space_usage_line(spool_t *s, const word_t *w, size_t nw, int line, sim_err_t *rc)
{
    const char *m = NULL;
    if (s->table != SIZE_MAX && nw >= 1 && nw < 5 && measure_of(w[0].p, w[0].n) && nw >= 2 &&
        word_is(w[1], "blocks")) {
        *rc = imp_fail(s->b, line, "truncated line: '%.*s %.*s' without its blocks and bytes",
                       (int)w[0].n, w[0].p, (int)w[1].n, w[1].p);
        return 1;
    }
    /* AskTOM's: "Used blocks = N bytes = M" */
    if (nw == 5 && (m = measure_of(w[0].p, w[0].n)) && word_is(w[1], "blocks") &&
        word_is(w[3], "bytes")) {
        int64_t blocks, bytes;
        if ((*rc = number(s, w[2], line, &blocks)) == SIM_OK &&
            (*rc = number(s, w[4], line, &bytes)) == SIM_OK) {
            if (s->table == SIZE_MAX)
                return 1; /* the script's own output */
            if ((*rc = add(s, s->table, line, blocks, "dbms_space.%s_%s", m, "blocks")) == SIM_OK)
                *rc = add(s, s->table, line, bytes, "dbms_space.%s_%s", m, "bytes");
        }
        return 1;
    }
    /* Oracle Support's: "used_blocks = N" */
    if (nw == 1 || nw == 2) {
        const char *p = w[0].p;
        size_t n = w[0].n;
        const char *unit = NULL;
        if (n > 7 && imp_word_eq(p + n - 7, 7, "_blocks"))
            unit = "blocks", n -= 7;
        else if (n > 6 && imp_word_eq(p + n - 6, 6, "_bytes"))
            unit = "bytes", n -= 6;
        if (!unit || !(m = measure_of(p, n)))
            return 0;
        if (nw == 1 && s->table != SIZE_MAX) {
            *rc = imp_fail(s->b, line, "truncated line: '%.*s' without its value", (int)w[0].n,
                           w[0].p);
            return 1;
        }
        int64_t v;
        if ((*rc = number(s, w[1], line, &v)) == SIM_OK) {
            if (s->table != SIZE_MAX)
                *rc = add(s, s->table, line, v, "dbms_space.%s_%s", m, unit);
        }
        return 1;
    }
    return 0;
}

/* Rows of a result under a heading, up to a blank line, "N rows
 * selected." or a marker. */
static int result_ends(const char *p, size_t n)
{
    return n == 0 || starts_with(p, n, "lobsim-") || imp_word_eq(p, n, "no rows selected") ||
           (n > 14 && memcmp(p + n - 14, "rows selected.", 14) == 0) ||
           (n > 13 && memcmp(p + n - 13, "row selected.", 13) == 0);
}

/* user_segments: the columns by their headings. */
enum { COL_TABLE, COL_TYPE, COL_BLOCKS, COL_BYTES, COL_EXTENTS, NCOLS };

/* TABLE_NAME and SEGMENT_TYPE and one or more of BLOCKS, BYTES, EXTENTS,
 * in any order and nothing else; col[c] -1 for a column not there. */
static int segments_heading(const word_t *w, size_t nw, int col[NCOLS + 1])
{
    static const char *const heads[NCOLS] = {"TABLE_NAME", "SEGMENT_TYPE", "BLOCKS", "BYTES",
                                             "EXTENTS"};
    size_t found = 0;
    for (int c = 0; c < NCOLS; c++) {
        col[c] = -1;
        for (size_t i = 0; i < nw; i++)
            if (word_is(w[i], heads[c]))
                col[c] = (int)i;
        found += col[c] >= 0;
    }
    col[NCOLS] = (int)nw;
    return col[COL_TABLE] >= 0 && col[COL_TYPE] >= 0 && found > 2 && found == nw;
}

static sim_err_t segment_row(spool_t *s, const word_t *w, size_t nw, const int col[NCOLS + 1],
                             int line)
{
    if (nw != (size_t)col[NCOLS])
        return imp_fail(s->b, line, "truncated user_segments row: %zu of its %d columns", nw,
                        col[NCOLS]);
    const char *of;
    if (word_is(w[col[COL_TYPE]], "TABLE"))
        of = " of TABLE";
    else if (word_is(w[col[COL_TYPE]], "LOBSEGMENT"))
        of = "";
    else
        return SIM_OK; /* a LOBINDEX, an index: not modelled apart */
    static const char *const names[NCOLS] = {
        [COL_BLOCKS] = "blocks", [COL_BYTES] = "bytes", [COL_EXTENTS] = "extents"};
    int64_t v[NCOLS] = {0};
    size_t set;
    sim_err_t rc = table_set(s, w[col[COL_TABLE]].p, w[col[COL_TABLE]].n, line, &set);
    for (int c = COL_BLOCKS; rc == SIM_OK && c < NCOLS; c++)
        if (col[c] >= 0 && (rc = number(s, w[col[c]], line, &v[c])) == SIM_OK)
            rc = add(s, set, line, v[c], "user_segments.%s%s", names[c], of);
    if (rc == SIM_OK && !*of && col[COL_BLOCKS] >= 0 && col[COL_BYTES] >= 0 && v[COL_BLOCKS] > 0 &&
        v[COL_BYTES] % v[COL_BLOCKS] == 0)
        s->b->out->sets[set].block_size = (uint32_t)(v[COL_BYTES] / v[COL_BLOCKS]);
    return rc;
}

/* A v$mystat delta of the step: its session set's (table ""), made at
 * the first. */
static sim_err_t keep_delta(spool_t *s, const char *name, size_t n, int64_t v, int line)
{
    if (n > IMP_STAT_NAME_MAX)
        return imp_fail(s->b, line, "statistic name of %zu characters", n);
    if (s->session == SIZE_MAX) {
        sim_err_t rc = imp_add_set(s->b, &s->session);
        if (rc != SIM_OK)
            return rc;
        imp_set_t *set = &s->b->out->sets[s->session];
        set->step = s->step;
        set->table[0] = '\0';
        snprintf(set->statement, sizeof set->statement, "%s", s->statement);
    }
    return imp_add_stat(s->b, s->session, name, n, v, line);
}

/* A NAME ... VALUE heading, as sqlplus.c reads it: the last word VALUE. */
static int value_heading(const word_t *w, size_t nw)
{
    return nw >= 2 && word_is(w[nw - 1], "VALUE");
}

static sim_err_t header(spool_t *s, const word_t *w, size_t nw, int line)
{
    imp_file_t *f = s->b->out;
    int64_t n;
    if (f->statements)
        return imp_fail(s->b, line, "a second lobsim-spool header: two spools in one file");
    if (nw != 8 || !word_is(w[1], "1") || !word_is(w[2], "script") || !word_is(w[4], "digest") ||
        !word_is(w[6], "statements"))
        return imp_fail(s->b, line,
                        "header: expected 'lobsim-spool: 1 script FILE digest HEX statements N'");
    if (w[5].n != 16 || strspn(w[5].p, "0123456789abcdef") < 16)
        return imp_fail(s->b, line, "digest '%.*s': expected 16 hex digits",
                        (int)(w[5].n > 40 ? 40 : w[5].n), w[5].p);
    if (number(s, w[7], line, &n) != SIM_OK || n < 1 || n > INT32_MAX)
        return imp_fail(s->b, line, "statements '%.*s': expected 1 to %d", (int)w[7].n, w[7].p,
                        INT32_MAX);
    if (w[3].n >= sizeof f->script)
        return imp_fail(s->b, line, "script name longer than %zu characters", sizeof f->script - 1);
    memcpy(f->script, w[3].p, w[3].n);
    f->script[w[3].n] = '\0';
    memcpy(f->script_digest, w[5].p, 16);
    f->script_digest[16] = '\0';
    f->statements = (uint32_t)n;
    return SIM_OK;
}

static sim_err_t next_step(spool_t *s, const word_t *w, size_t nw, int line)
{
    int64_t k;
    if (!s->b->out->statements)
        return imp_fail(s->b, line, "lobsim-step before the lobsim-spool header");
    if (nw != 2 || number(s, w[1], line, &k) != SIM_OK)
        return imp_fail(s->b, line, "expected 'lobsim-step: N'");
    if (k != (int64_t)s->step + 1 || k > s->b->out->statements)
        return imp_fail(s->b, line, "step %lld after step %u of %u: a spool of another script",
                        (long long)k, s->step, s->b->out->statements);
    s->step = (uint32_t)k;
    s->first = s->b->out->nsets;
    s->table = SIZE_MAX;
    s->session = SIZE_MAX;
    s->statement[0] = '\0';
    return SIM_OK;
}

sim_err_t imp_parse_spool(imp_build_t *b, const char *text, size_t len)
{
    spool_t s = {.b = b, .table = SIZE_MAX, .session = SIZE_MAX};
    imp_lines_t it;
    imp_line_t l;
    sim_err_t rc = SIM_OK;
    int ended = 0, in_deltas = 0, in_segments = 0, col[NCOLS + 1];
    int want_deltas = 0, want_segments = 0; /* a marker said the next result is ours */
    const imp_line_t *prev = NULL;
    imp_line_t last = {0};
    imp_lines_init(&it, text, len);
    while (rc == SIM_OK && imp_next_line(&it, &l)) {
        const char *p = l.p;
        size_t n = l.n;
        imp_trim(&p, &n);
        word_t w[MAX_WORDS];
        size_t nw = words_of(p, n, w);
        if (ended) {
            if (n)
                rc = imp_fail(b, l.no, "text after lobsim-end");
            continue;
        }
        if ((in_deltas || in_segments) && result_ends(p, n)) {
            in_deltas = in_segments = 0;
        } else if (in_deltas) {
            const char *tok;
            size_t tokn;
            imp_last_token(p, n, &tok, &tokn);
            int64_t v;
            if (tok == p)
                rc = imp_fail(b, l.no, "truncated line: a statistic without its value");
            else if ((rc = number(&s, (word_t){tok, tokn}, l.no, &v)) == SIM_OK) {
                const char *name = p;
                size_t namen = (size_t)(tok - p);
                imp_trim(&name, &namen);
                rc = keep_delta(&s, name, namen, v, l.no);
            }
            continue;
        } else if (in_segments) {
            rc = segment_row(&s, w, nw, col, l.no);
            continue;
        }
        if (starts_with(p, n, "lobsim-spool:")) {
            rc = header(&s, w, nw, l.no);
        } else if (starts_with(p, n, "lobsim-step:")) {
            rc = next_step(&s, w, nw, l.no);
            want_deltas = want_segments = 0;
        } else if (starts_with(p, n, "lobsim-statement:")) {
            size_t k = strlen("lobsim-statement:");
            const char *t = p + k;
            size_t tn = n - k;
            imp_trim(&t, &tn);
            if (!s.step)
                rc = imp_fail(b, l.no, "lobsim-statement before any lobsim-step");
            else
                snprintf(s.statement, sizeof s.statement, "%.*s", (int)tn, t);
        } else if (starts_with(p, n, "lobsim-mystat:") || starts_with(p, n, "lobsim-segments:")) {
            if (!s.step)
                rc = imp_fail(b, l.no, "%.*s before any lobsim-step", (int)w[0].n, w[0].p);
            else if (p[7] == 'm')
                want_deltas = 1;
            else
                want_segments = 1;
        } else if (starts_with(p, n, "lobsim-table:")) {
            if (!s.step)
                rc = imp_fail(b, l.no, "lobsim-table before any lobsim-step");
            else if (nw != 2)
                rc = imp_fail(b, l.no, "expected 'lobsim-table: NAME'");
            else
                rc = table_set(&s, w[1].p, w[1].n, l.no, &s.table);
        } else if (starts_with(p, n, "lobsim-end:")) {
            int64_t k = -1;
            if (nw == 2)
                rc = number(&s, w[1], l.no, &k);
            if (rc == SIM_OK && (k != b->out->statements || s.step != b->out->statements))
                rc = imp_fail(b, l.no, "lobsim-end: %lld after step %u of %u", (long long)k, s.step,
                              b->out->statements);
            ended = 1;
        } else if (s.step && (starts_with(p, n, "ORA-") || starts_with(p, n, "SP2-"))) {
            rc = imp_fail(b, l.no, "step %u failed on Oracle: %.*s", s.step,
                          (int)(n > 120 ? 120 : n), p);
        } else if (imp_is_dashes(&l) && prev) {
            word_t hw[MAX_WORDS];
            const char *hp = prev->p;
            size_t hn = prev->n;
            imp_trim(&hp, &hn);
            size_t hnw = words_of(hp, hn, hw);
            if (want_segments && segments_heading(hw, hnw, col))
                in_segments = 1, want_segments = 0;
            else if (want_deltas && value_heading(hw, hnw))
                in_deltas = 1, want_deltas = 0;
        } else if (s.step && rc == SIM_OK) {
            space_usage_line(&s, w, nw, l.no, &rc);
        }
        last = l;
        prev = &last;
    }
    if (rc == SIM_OK && !b->out->statements)
        rc = imp_fail(b, 0, "no lobsim-spool header");
    if (rc == SIM_OK && !ended)
        rc = imp_fail(b, 0, "truncated spool: it ends after step %u of %u without lobsim-end",
                      s.step, b->out->statements);
    return rc;
}
