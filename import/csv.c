/*
 * csv.c -- statistics as CSV, its columns named by the header and read by
 * name, so that every layout lobsim wrote and writes reads back:
 *
 *   statistic,value                            one session
 *   path,lob_kchars,statistic,value            the reference's: a session per
 *                                              path and LOB size
 *   path,lob_kchars,statistic,value,workload,block_kb[,sweep...]
 *                                              lobbench --stats-out before
 *                                              issue 21 (LOB workloads)
 *   query,source,block_kb,statistic,value[,statement,recursive]
 *                                              the heap experiment's (the
 *                                              published one and lobbench's
 *                                              before issue 21)
 *   workload,path,lob_kchars,block_kb,rows,statistic,value,recursive[,sweep...]
 *                                              lobbench --stats-out now
 *
 * Each distinct combination of the other columns (the case's, the sweep's)
 * is a session.  Fields may be quoted as in RFC 4180; blank lines and CRLF
 * are accepted.  Unlike the reference loader (results/reference.c) any
 * statistic name is kept.
 */
#include "import_int.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

#define CSV_MAX_FIELDS 32
#define FIELD_MAX 256
#define KEY_MAX 1024

typedef char field_t[FIELD_MAX];

/* Split one line into at most CSV_MAX_FIELDS unquoted fields.  Returns the
 * count, or -1 for a bad quote, -2 for too many fields or one too long. */
static int split_csv(const imp_line_t *l, field_t *f, size_t *fn)
{
    size_t i = 0;
    int k = 0;
    for (;;) {
        if (k == CSV_MAX_FIELDS)
            return -2;
        size_t o = 0;
        if (i < l->n && l->p[i] == '"') {
            i++;
            for (;;) {
                if (i >= l->n)
                    return -1;
                if (l->p[i] == '"') {
                    if (i + 1 < l->n && l->p[i + 1] == '"') {
                        i++;
                    } else {
                        i++;
                        break;
                    }
                }
                if (o + 1 >= FIELD_MAX)
                    return -2;
                f[k][o++] = l->p[i++];
            }
            if (i < l->n && l->p[i] != ',')
                return -1;
        } else {
            while (i < l->n && l->p[i] != ',') {
                if (l->p[i] == '"')
                    return -1;
                if (o + 1 >= FIELD_MAX)
                    return -2;
                f[k][o++] = l->p[i++];
            }
        }
        f[k][o] = '\0';
        fn[k] = o;
        k++;
        if (i >= l->n)
            return k;
        i++; /* the comma */
    }
}

/* The first non-blank line, if any. */
static int first_line(const char *text, size_t len, imp_line_t *l)
{
    imp_lines_t it;
    imp_lines_init(&it, text, len);
    while (imp_next_line(&it, l))
        if (!imp_is_blank(l))
            return 1;
    return 0;
}

/* The columns the reader knows, by name; the others are part of the key. */
enum {
    C_STATISTIC,
    C_VALUE,
    C_WORKLOAD,
    C_PATH,
    C_LOB_KCHARS,
    C_BLOCK_KB,
    C_ROWS,
    C_QUERY,     /* the heap layouts: the query, or the ctas object */
    C_SOURCE,    /* the heap layouts: the view the figure is from */
    C_STATEMENT, /* the heap layout: the statement's part */
    C_RECURSIVE, /* the recursive SQL's part */
    C_INSTANCE,  /* the rac AWR layout: not session statistics */
    C_KNOWN
};
static const char *const known[C_KNOWN] = {
    "statistic", "value", "workload", "path",      "lob_kchars", "block_kb",
    "rows",      "query", "source",   "statement", "recursive",  "instance",
};

typedef struct {
    int col[C_KNOWN]; /* the field of each known column, -1 if absent */
    int ncols;
    int key[CSV_MAX_FIELDS]; /* the other columns: the sweep's */
    int nkey;
} header_t;

static int read_header(const imp_line_t *l, header_t *h)
{
    field_t f[CSV_MAX_FIELDS];
    size_t fn[CSV_MAX_FIELDS];
    int k = split_csv(l, f, fn);
    if (k < 2)
        return 0;
    for (int c = 0; c < C_KNOWN; c++)
        h->col[c] = -1;
    h->ncols = k;
    h->nkey = 0;
    for (int i = 0; i < k; i++) {
        int c = 0;
        while (c < C_KNOWN && strcmp(f[i], known[c]) != 0)
            c++;
        if (c < C_KNOWN) {
            if (h->col[c] >= 0)
                return 0;
            h->col[c] = i;
        } else {
            for (size_t j = 0; j < fn[i]; j++)
                if (!isalnum((unsigned char)f[i][j]) && !strchr("_.#$", f[i][j]))
                    return 0;
            h->key[h->nkey++] = i;
        }
    }
    return h->col[C_STATISTIC] >= 0 && h->col[C_VALUE] >= 0;
}

int imp_looks_csv(const char *text, size_t len)
{
    imp_line_t l;
    header_t h;
    return first_line(text, len, &l) && read_header(&l, &h);
}

/* A session's case columns, and its set in the builder's file. */
struct key {
    char *text;
    size_t set;
};

typedef struct {
    imp_build_t *b;
    header_t h;
    size_t last; /* the key of the row before: rows come grouped by session */
    int have_last;
    struct key *keys;
    size_t nkeys;
    /* keys by hash (slot: a key's index + 1, 0 empty; at most half full),
     * so that a file of many sessions is read in linear time */
    size_t *slots;
    size_t cap;
} csv_t;

/* FNV-1a 64 of a key. */
static size_t key_hash(const char *k)
{
    uint64_t h = 0xcbf29ce484222325ULL;
    for (; *k; k++)
        h = (h ^ (unsigned char)*k) * 0x100000001b3ULL;
    return (size_t)h;
}

/* The slot holding key, or the empty one where it goes. */
static size_t *key_slot(const csv_t *cv, const char *key)
{
    for (size_t k = key_hash(key) & (cv->cap - 1);; k = (k + 1) & (cv->cap - 1))
        if (cv->slots[k] == 0 || strcmp(cv->keys[cv->slots[k] - 1].text, key) == 0)
            return &cv->slots[k];
}

/* Room for one key more: the arrays doubled, the index rebuilt. */
static int grow_keys(csv_t *cv)
{
    if (2 * (cv->nkeys + 1) <= cv->cap)
        return 0;
    size_t cap = cv->cap ? 2 * cv->cap : 16;
    size_t *slots = sim_calloc(cap, sizeof *slots);
    struct key *nk = sim_realloc(cv->keys, cap / 2 * sizeof *nk);
    if (nk)
        cv->keys = nk;
    if (!slots || !nk) {
        sim_free(slots);
        return -1;
    }
    sim_free(cv->slots);
    cv->slots = slots;
    cv->cap = cap;
    for (size_t i = 0; i < cv->nkeys; i++)
        *key_slot(cv, cv->keys[i].text) = i + 1;
    return 0;
}

/* A field that names a case: a name as the store takes it. */
static int name_ok(const char *s, size_t n)
{
    return n > 0 && n < IMP_NAME_MAX && strspn(s, "abcdefghijklmnopqrstuvwxyz0123456789_") == n;
}

/* The heap layouts' ctas rows: the object (table, index_pk, ...) and the
 * view's column into the catalogue's name. */
static int heap_name(const char *query, const char *stat, char *out, size_t len)
{
    static const char *const idx[][2] = {
        {"index_pk", "PK"}, {"index_id", "ID"}, {"index_bi", "BI"}};
    if (strcmp(query, "table") == 0 || strcmp(query, "ctas") == 0) {
        snprintf(out, len, "user_tables.%s", stat);
        return 1;
    }
    for (size_t i = 0; i < sizeof idx / sizeof idx[0]; i++)
        if (strcmp(query, idx[i][0]) == 0) {
            snprintf(out, len, "user_indexes.%s of %s", stat, idx[i][1]);
            return 1;
        }
    return 0;
}

static const char *field(field_t *f, const header_t *h, int c)
{
    return h->col[c] >= 0 ? f[h->col[c]] : "";
}

/* A whole number of a case column, 0 when empty. */
static sim_err_t case_number(csv_t *cv, int line, const char *what, const char *s, uint64_t max,
                             uint64_t *out)
{
    int64_t v;
    const char *why;
    *out = 0;
    if (!*s)
        return SIM_OK;
    if (imp_parse_int(s, strlen(s), 0, &v, &why) != 0 || v < 1 || (uint64_t)v > max)
        return imp_fail(cv->b, line, "%s '%s'; expected a whole number from 1 to %llu", what, s,
                        (unsigned long long)max);
    *out = (uint64_t)v;
    return SIM_OK;
}

/* The session of this row: the one of its key, made on first use with the
 * case the row names. */
static sim_err_t row_set(csv_t *cv, field_t *f, int line, const char *workload, size_t *set)
{
    const header_t *h = &cv->h;
    char key[KEY_MAX];
    size_t used = (size_t)snprintf(key, sizeof key, "%s", workload);
    static const int cols[] = {C_PATH, C_LOB_KCHARS, C_BLOCK_KB, C_ROWS};
    for (size_t i = 0; i < sizeof cols / sizeof cols[0] && used < sizeof key; i++)
        used += (size_t)snprintf(key + used, sizeof key - used, ",%s", field(f, h, cols[i]));
    for (int i = 0; i < h->nkey && used < sizeof key; i++)
        used += (size_t)snprintf(key + used, sizeof key - used, ",%s", f[h->key[i]]);
    if (used >= sizeof key)
        return imp_fail(cv->b, line, "the case's columns are too long");
    if (cv->have_last && strcmp(cv->keys[cv->last].text, key) == 0) {
        *set = cv->keys[cv->last].set;
        return SIM_OK;
    }
    if (grow_keys(cv) != 0)
        return imp_fail(cv->b, line, "out of memory");
    size_t *slot = key_slot(cv, key);
    if (*slot) {
        cv->last = *slot - 1;
        *set = cv->keys[cv->last].set;
        return SIM_OK;
    }
    const char *path = field(f, h, C_PATH);
    if (*path && !name_ok(path, strlen(path)))
        return imp_fail(cv->b, line, "path '%s'; expected a name such as local or dblink", path);
    if (*workload && !name_ok(workload, strlen(workload)))
        return imp_fail(cv->b, line, "workload '%s'; expected a name such as insert or fts",
                        workload);
    uint64_t kchars, block_kb, rows;
    sim_err_t rc;
    if ((rc = case_number(cv, line, "lob_kchars", field(f, h, C_LOB_KCHARS), UINT64_MAX / 1024 / 4,
                          &kchars)) != SIM_OK ||
        (rc = case_number(cv, line, "block_kb", field(f, h, C_BLOCK_KB), 64, &block_kb)) !=
            SIM_OK ||
        (rc = case_number(cv, line, "rows", field(f, h, C_ROWS), 1000000000000ULL, &rows)) !=
            SIM_OK)
        return rc;
    if (block_kb && !sim_block_size_valid(block_kb * 1024))
        return imp_fail(cv->b, line, "block_kb '%s'; expected one of 2, 4, 8, 16, 32",
                        field(f, h, C_BLOCK_KB));
    char *text = sim_malloc(used + 1);
    if (!text)
        return imp_fail(cv->b, line, "out of memory");
    if ((rc = imp_add_set(cv->b, set)) != SIM_OK) {
        sim_free(text);
        return rc;
    }
    memcpy(text, key, used + 1);
    cv->keys[cv->nkeys] = (struct key){text, *set};
    *slot = cv->nkeys + 1;
    cv->last = cv->nkeys++;
    imp_set_t *s = &cv->b->out->sets[*set];
    snprintf(s->workload, sizeof s->workload, "%s", workload);
    snprintf(s->path, sizeof s->path, "%s", path);
    s->lob_chars = kchars * 1024;
    s->block_size = (uint32_t)(block_kb * 1024);
    s->rows = rows;
    cv->have_last = 1;
    return SIM_OK;
}

/* A value column: a whole number >= 0. */
static sim_err_t number(csv_t *cv, int line, const char *what, const char *s, int64_t *v)
{
    const char *p = s, *why;
    size_t n = strlen(s);
    imp_trim(&p, &n);
    if (imp_parse_int(p, n, 0, v, &why) != 0)
        return imp_fail(cv->b, line, "%s '%.*s': %s", what, (int)(n > 40 ? 40 : n), p, why);
    return SIM_OK;
}

static sim_err_t csv_row(csv_t *cv, const imp_line_t *l)
{
    const header_t *h = &cv->h;
    field_t f[CSV_MAX_FIELDS];
    size_t fn[CSV_MAX_FIELDS];
    int k = split_csv(l, f, fn);
    if (k == -1)
        return imp_fail(cv->b, l->no, "unbalanced or misplaced quote");
    if (k == -2 || k > h->ncols)
        return imp_fail(cv->b, l->no, "more than %d fields, or a field of %d characters or more",
                        h->ncols, FIELD_MAX);
    if (k < h->ncols)
        return imp_fail(cv->b, l->no, "truncated line: %d of %d fields", k, h->ncols);
    int64_t v, part = -1;
    sim_err_t rc = number(cv, l->no, "value", field(f, h, C_VALUE), &v);
    if (rc != SIM_OK)
        return rc;
    /* The recursive SQL's part: empty where the session has none (the LOB
     * and rac workloads), a number, 0 included, where it has. */
    if (*field(f, h, C_RECURSIVE) &&
        (rc = number(cv, l->no, "recursive", field(f, h, C_RECURSIVE), &part)) != SIM_OK)
        return rc;
    /* The heap layout's value is the figure as its view shows it (autotrace's
     * physical reads: the statement's alone); the session's is statement +
     * recursive. */
    if (h->col[C_STATEMENT] >= 0 && part >= 0) {
        int64_t st;
        if ((rc = number(cv, l->no, "statement", field(f, h, C_STATEMENT), &st)) != SIM_OK)
            return rc;
        v = st + part;
    }
    if (part > v)
        return imp_fail(cv->b, l->no, "recursive %lld above the session's %lld", (long long)part,
                        (long long)v);
    const char *workload = field(f, h, C_WORKLOAD);
    const char *stat = field(f, h, C_STATISTIC);
    char name[2 * FIELD_MAX];
    const char *query = field(f, h, C_QUERY);
    /* autotrace's physical reads are the statement's alone: without the
     * statement column (the published file) the session's figure is
     * v$mystat's row */
    if (*query && h->col[C_STATEMENT] < 0 && strcmp(field(f, h, C_SOURCE), "autotrace") == 0 &&
        strcmp(stat, "physical reads") == 0)
        return SIM_OK;
    if (*query && heap_name(query, stat, name, sizeof name)) {
        workload = "ctas";
        stat = name;
    } else if (*query) {
        workload = query;
    }
    size_t set;
    if ((rc = row_set(cv, f, l->no, workload, &set)) != SIM_OK)
        return rc;
    const char *p = stat;
    size_t n = strlen(stat);
    imp_trim(&p, &n);
    if ((rc = imp_add_stat(cv->b, set, p, n, v, l->no)) != SIM_OK || part < 0)
        return rc;
    /* the recursive part: a set of its own after its session's, in the
     * same order (imp_set_t.part) */
    imp_set_t *s = &cv->b->out->sets[set];
    if (s->has_part == 0) {
        size_t ps;
        if ((rc = imp_add_set(cv->b, &ps)) != SIM_OK)
            return rc;
        s = &cv->b->out->sets[set];
        imp_set_t *pset = &cv->b->out->sets[ps];
        *pset = *s;
        pset->stats = NULL;
        pset->n = 0;
        snprintf(pset->part, sizeof pset->part, "recursive");
        pset->of = set + 1;
        s->has_part = ps + 1;
    }
    return imp_add_stat(cv->b, s->has_part - 1, p, n, part, l->no);
}

/* The columns beside the known ones are a sweep's, as lobbench writes
 * them: a parameter (a dotted name) or the seed.  Another is no column
 * lobsim wrote, and its values would be lost unsaid. */
static sim_err_t sweep_columns(imp_build_t *b, const imp_line_t *l, const header_t *h)
{
    field_t f[CSV_MAX_FIELDS];
    size_t fn[CSV_MAX_FIELDS];
    split_csv(l, f, fn);
    for (int i = 0; i < h->nkey; i++) {
        const char *name = f[h->key[i]];
        if (strcmp(name, "seed") != 0 && !strchr(name, '.'))
            return imp_fail(b, l->no,
                            "column '%s' is none lobsim writes (statistic, value, workload, "
                            "path, lob_kchars, block_kb, rows, recursive, a swept parameter such "
                            "as dsp.chunk_divisor, seed): its values would be lost",
                            name);
    }
    return SIM_OK;
}

sim_err_t imp_parse_csv(imp_build_t *b, const char *text, size_t len)
{
    imp_lines_t it;
    imp_line_t l;
    csv_t cv = {.b = b};
    int have_header = 0;
    sim_err_t rc = SIM_OK;
    imp_lines_init(&it, text, len);
    while (rc == SIM_OK && imp_next_line(&it, &l)) {
        if (imp_is_blank(&l))
            continue;
        if (have_header) {
            rc = csv_row(&cv, &l);
            continue;
        }
        if (!read_header(&l, &cv.h))
            rc = imp_fail(b, l.no,
                          "CSV header '%.*s'; expected named columns with statistic and value "
                          "(lobbench --stats-out, statistic,value, "
                          "path,lob_kchars,statistic,value)",
                          (int)(l.n > 80 ? 80 : l.n), l.p);
        else if (cv.h.col[C_INSTANCE] >= 0)
            rc = imp_fail(b, l.no,
                          "the rac workload's AWR figures (an older lobbench --stats-out): not "
                          "session statistics; write them again with this lobbench");
        else
            rc = sweep_columns(b, &l, &cv.h);
        have_header = 1;
    }
    for (size_t i = 0; i < cv.nkeys; i++)
        sim_free(cv.keys[i].text);
    sim_free(cv.keys);
    sim_free(cv.slots);
    return rc;
}
