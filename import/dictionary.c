/*
 * dictionary.c -- SQL*Plus output of a query on user_tables or user_indexes
 * (or their all_/dba_ twins): headings named as Oracle names the columns,
 * in any order, over a dashed underline; a row per table or index.  Each
 * number of a statistics column becomes a figure named as lobsim's
 * catalogue names it ("user_tables.blocks", "user_indexes.blevel of PK"),
 * so that the ctas workload's user_tables and user_indexes views show a
 * real database's tables beside the model's.
 *
 * Which row is which: the heap experiment names its table TABnnK and its
 * indexes PK_nnK, ID_nnK and BI_nnK, nn the block size in KB; such rows go
 * to a set per block size.  A table of another name is the table when it
 * is the output's only one; an index of another name keeps its own name
 * ("user_indexes.blevel of T_PK", with its schema where an OWNER column
 * names it: not modelled).  Empty cells (a table without statistics) give
 * no figure.
 */
#include "import_int.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

#define MAX_COLS 32
#define OBJ_MAX 128

/* The columns of user_tables and user_indexes that hold a number lobsim
 * may keep; other columns (INDEX_TYPE, UNIQUENESS, LAST_ANALYZED, ...)
 * are skipped. */
static const char *const numeric[] = {
    "NUM_ROWS",
    "BLOCKS",
    "EMPTY_BLOCKS",
    "AVG_SPACE",
    "CHAIN_CNT",
    "AVG_ROW_LEN",
    "SAMPLE_SIZE",
    "BLEVEL",
    "LEAF_BLOCKS",
    "DISTINCT_KEYS",
    "CLUSTERING_FACTOR",
    "AVG_LEAF_BLOCKS_PER_KEY",
    "AVG_DATA_BLOCKS_PER_KEY",
};

typedef enum { COL_SKIP, COL_NAME, COL_OWNER, COL_NUMBER } col_kind_t;

typedef struct {
    col_kind_t kind;
    char heading[40];  /* lower case: the figure's name */
    size_t start, end; /* under its dashes: [start, end) of the line */
} col_t;

/* A result's headings: which view, and its columns. */
typedef struct {
    int index; /* 1 user_indexes (INDEX_NAME), 0 user_tables (TABLE_NAME) */
    size_t ncols;
    col_t col[MAX_COLS];
} heading_t;

/* The blank-separated words of p[0..n): their starts and ends. */
static size_t words(const char *p, size_t n, size_t *start, size_t *end, size_t max)
{
    size_t k = 0, i = 0;
    while (i < n) {
        while (i < n && isspace((unsigned char)p[i]))
            i++;
        if (i == n)
            break;
        if (k == max)
            return max + 1;
        start[k] = i;
        while (i < n && !isspace((unsigned char)p[i]))
            i++;
        end[k++] = i;
    }
    return k;
}

/* Heading line h over dashes line d: a user_tables or user_indexes result
 * when a heading is TABLE_NAME or INDEX_NAME and each heading has its run
 * of dashes. */
static int read_heading(const imp_line_t *h, const imp_line_t *d, heading_t *out)
{
    size_t hs[MAX_COLS], he[MAX_COLS], ds[MAX_COLS], de[MAX_COLS];
    size_t nh = words(h->p, h->n, hs, he, MAX_COLS);
    if (nh < 2 || nh > MAX_COLS || !imp_is_dashes(d) || words(d->p, d->n, ds, de, MAX_COLS) != nh)
        return 0;
    int table = -1, index = -1;
    for (size_t i = 0; i < nh; i++) {
        const char *w = h->p + hs[i];
        size_t wn = he[i] - hs[i];
        if (imp_word_eq(w, wn, "INDEX_NAME"))
            index = (int)i;
        else if (imp_word_eq(w, wn, "TABLE_NAME"))
            table = (int)i;
    }
    if (index < 0 && table < 0)
        return 0;
    out->index = index >= 0;
    out->ncols = nh;
    for (size_t i = 0; i < nh; i++) {
        col_t *c = &out->col[i];
        size_t wn = he[i] - hs[i];
        c->kind = (int)i == (index >= 0 ? index : table)   ? COL_NAME
                  : imp_word_eq(h->p + hs[i], wn, "OWNER") ? COL_OWNER
                                                           : COL_SKIP;
        for (size_t k = 0; c->kind == COL_SKIP && k < sizeof numeric / sizeof numeric[0]; k++)
            if (imp_word_eq(h->p + hs[i], wn, numeric[k]))
                c->kind = COL_NUMBER;
        if (wn >= sizeof c->heading)
            wn = sizeof c->heading - 1;
        for (size_t k = 0; k < wn; k++)
            c->heading[k] = (char)tolower((unsigned char)h->p[hs[i] + k]);
        c->heading[wn] = '\0';
        c->start = ds[i];
        c->end = de[i];
    }
    return 1;
}

int imp_looks_dictionary(const char *text, size_t len)
{
    imp_lines_t it;
    imp_line_t prev = {0}, l;
    heading_t h;
    int have = 0;
    imp_lines_init(&it, text, len);
    while (imp_next_line(&it, &l)) {
        if (have && read_heading(&prev, &l, &h))
            return 1;
        prev = l;
        have = 1;
    }
    return 0;
}

/* The cells of row l under h: by words when the row has one per column
 * (SQL*Plus's alignment lost, as on many web pages), else by the columns'
 * positions, refused when a word straddles two columns.  0, or -1. */
static int cells(const heading_t *h, const imp_line_t *l, const char **cell, size_t *celln)
{
    size_t ws[MAX_COLS], we[MAX_COLS];
    size_t nw = words(l->p, l->n, ws, we, MAX_COLS);
    if (nw > h->ncols)
        return -1;
    if (nw == h->ncols) {
        for (size_t i = 0; i < nw; i++) {
            cell[i] = l->p + ws[i];
            celln[i] = we[i] - ws[i];
        }
        return 0;
    }
    for (size_t i = 0; i < h->ncols; i++) {
        /* a column spans from the end of the one before to its own end */
        size_t from = i == 0 ? 0 : h->col[i - 1].end;
        size_t to = i + 1 == h->ncols ? l->n : h->col[i].end;
        if (from > l->n)
            from = l->n;
        if (to > l->n)
            to = l->n;
        if (from > 0 && from < l->n && !isspace((unsigned char)l->p[from - 1]) &&
            !isspace((unsigned char)l->p[from]))
            return -1;
        cell[i] = l->p + from;
        celln[i] = to - from;
        imp_trim(&cell[i], &celln[i]);
        /* names and numbers are one word each */
        for (size_t k = 0; k < celln[i]; k++)
            if (isspace((unsigned char)cell[i][k]))
                return -1;
    }
    return 0;
}

/* The block size an experiment's name carries: TAB8K, PK_16K -> 8192,
 * 16384; 0 for any other name.  *tag: "" for the table, "PK", "ID" or
 * "BI" for its indexes. */
static uint32_t experiment_name(const char *p, size_t n, int index, const char **tag)
{
    static const char *const tags[] = {"PK", "ID", "BI"};
    size_t at;
    *tag = NULL;
    if (!index && n > 4 && imp_word_eq(p, 3, "TAB")) {
        at = 3;
        *tag = "";
    } else {
        for (size_t k = 0; index && k < 3; k++)
            if (n > 4 && imp_word_eq(p, 2, tags[k]) && p[2] == '_') {
                at = 3;
                *tag = tags[k];
            }
    }
    if (!*tag || (p[n - 1] != 'K' && p[n - 1] != 'k'))
        return 0;
    uint32_t kb = 0;
    for (size_t i = at; i + 1 < n; i++) {
        if (!isdigit((unsigned char)p[i]) || kb > 1000)
            return 0;
        kb = kb * 10 + (uint32_t)(p[i] - '0');
    }
    return sim_block_size_valid((uint64_t)kb * 1024) ? kb * 1024 : 0;
}

typedef struct {
    imp_build_t *b;
    int tables; /* table rows in the file: one makes it the table */
} dict_t;

/* The set of block size bs (0: none said), made on first use. */
static sim_err_t set_of(imp_build_t *b, uint32_t bs, size_t *set)
{
    imp_file_t *f = b->out;
    for (size_t i = 0; i < f->nsets; i++)
        if (f->sets[i].block_size == bs) {
            *set = i;
            return SIM_OK;
        }
    sim_err_t rc = imp_add_set(b, set);
    if (rc == SIM_OK)
        f->sets[*set].block_size = bs;
    return rc;
}

static sim_err_t row(dict_t *d, const heading_t *h, const imp_line_t *l)
{
    const char *cell[MAX_COLS];
    size_t celln[MAX_COLS];
    if (cells(h, l, cell, celln) != 0)
        return imp_fail(d->b, l->no, "row '%.*s' does not line up with the headings",
                        (int)(l->n > 80 ? 80 : l->n), l->p);
    const char *obj = NULL, *owner = NULL;
    size_t objn = 0, ownern = 0;
    for (size_t i = 0; i < h->ncols; i++)
        if (h->col[i].kind == COL_NAME) {
            obj = cell[i];
            objn = celln[i];
        } else if (h->col[i].kind == COL_OWNER) {
            owner = cell[i];
            ownern = celln[i];
        }
    if (objn == 0 || objn >= OBJ_MAX)
        return imp_fail(d->b, l->no, "a row without its %s",
                        h->index ? "INDEX_NAME" : "TABLE_NAME");
    const char *tag;
    uint32_t bs = experiment_name(obj, objn, h->index, &tag);
    char of[2 * OBJ_MAX + 8] = "";
    if (tag && *tag)
        snprintf(of, sizeof of, " of %s", tag);
    else if (!tag && (h->index || d->tables > 1))
        /* dba_ views name the schema: one name in two schemas is two
         * objects */
        snprintf(of, sizeof of, " of %.*s%s%.*s", (int)(ownern < OBJ_MAX ? ownern : 0),
                 owner ? owner : "", ownern ? "." : "", (int)objn, obj);
    size_t set;
    sim_err_t rc = SIM_OK;
    int have_set = 0;
    for (size_t i = 0; rc == SIM_OK && i < h->ncols; i++) {
        if (h->col[i].kind != COL_NUMBER || celln[i] == 0)
            continue;
        int64_t v;
        const char *why;
        if (imp_parse_int(cell[i], celln[i], 0, &v, &why) != 0)
            return imp_fail(d->b, l->no, "%s of %.*s: '%.*s': %s", h->col[i].heading, (int)objn,
                            obj, (int)(celln[i] > 40 ? 40 : celln[i]), cell[i], why);
        if (!have_set && (rc = set_of(d->b, bs, &set)) != SIM_OK)
            return rc;
        have_set = 1;
        char name[sizeof h->col[i].heading + sizeof of + 16];
        int n = snprintf(name, sizeof name, "%s.%s%s", h->index ? "user_indexes" : "user_tables",
                         h->col[i].heading, of);
        rc = imp_add_stat(d->b, set, name, (size_t)n, v, l->no);
    }
    return rc;
}

/* The feedback that ends a result, or a prompt. */
static int ends_result(const imp_line_t *l)
{
    const char *p = l->p;
    size_t n = l->n;
    imp_trim(&p, &n);
    static const char sel[] = " selected.";
    return (n >= 4 && imp_word_eq(p, 4, "SQL>")) || imp_word_eq(p, n, "no rows selected") ||
           (n > sizeof sel - 1 && memcmp(p + n - (sizeof sel - 1), sel, sizeof sel - 1) == 0);
}

static int same_name(const char *a, size_t an, const char *b, size_t bn)
{
    if (an != bn)
        return 0;
    for (size_t i = 0; i < an; i++)
        if (tolower((unsigned char)a[i]) != tolower((unsigned char)b[i]))
            return 0;
    return 1;
}

/* How many tables the file's user_tables results name, ignoring case: 0,
 * 1, or 2 for several. */
static int count_tables(const char *text, size_t len)
{
    imp_lines_t it;
    imp_line_t prev = {0}, l;
    heading_t h;
    int have = 0, in = 0, n = 0;
    const char *first = NULL;
    size_t firstn = 0;
    imp_lines_init(&it, text, len);
    while (n < 2 && imp_next_line(&it, &l)) {
        if (have && read_heading(&prev, &l, &h)) {
            in = !h.index;
        } else if (in && ends_result(&l)) {
            in = 0;
        } else if (in && !imp_is_blank(&l) && !imp_is_dashes(&l)) {
            const char *cell[MAX_COLS];
            size_t celln[MAX_COLS];
            int aligned = cells(&h, &l, cell, celln) == 0;
            for (size_t i = 0; aligned && i < h.ncols; i++) {
                if (h.col[i].kind != COL_NAME || celln[i] == 0)
                    continue;
                if (!first) {
                    first = cell[i];
                    firstn = celln[i];
                    n = 1;
                } else if (!same_name(first, firstn, cell[i], celln[i])) {
                    n = 2;
                }
            }
        }
        prev = l;
        have = 1;
    }
    return n;
}

sim_err_t imp_parse_dictionary(imp_build_t *b, const char *text, size_t len)
{
    dict_t d = {b, count_tables(text, len)};
    imp_lines_t it;
    imp_line_t l, prev = {0};
    heading_t h;
    int have_prev = 0, in = 0;
    sim_err_t rc = SIM_OK;
    imp_lines_init(&it, text, len);
    while (rc == SIM_OK && imp_next_line(&it, &l)) {
        if (have_prev && read_heading(&prev, &l, &h))
            in = 1;
        else if (in && ends_result(&l))
            in = 0;
        else if (in && !imp_is_blank(&l)) {
            /* the next line's dashes: this one is a repeated heading */
            imp_lines_t peek = it;
            imp_line_t next;
            heading_t again;
            if (!(imp_next_line(&peek, &next) && read_heading(&l, &next, &again)))
                rc = row(&d, &h, &l);
        }
        prev = l;
        have_prev = 1;
    }
    return rc;
}
