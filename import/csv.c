/*
 * csv.c -- statistics as CSV: "statistic,value" (one session), or the
 * shipped reference's own columns "path,lob_kchars,statistic,value" (one
 * session per path and LOB size).  Fields may be quoted as in RFC 4180;
 * blank lines and CRLF are accepted.  Unlike the reference loader
 * (results/reference.c) any statistic name is kept.
 */
#include "import_int.h"

#include <string.h>

#define CSV_MAX_FIELDS 4
#define FIELD_MAX 256

/* Split one line into at most CSV_MAX_FIELDS unquoted fields.  Returns the
 * count, or -1 for a bad quote, -2 for too many fields or one too long. */
static int split_csv(const imp_line_t *l, char f[CSV_MAX_FIELDS][FIELD_MAX], size_t *fn)
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

static int header_kind(const imp_line_t *l)
{
    if (imp_word_eq(l->p, l->n, "statistic,value"))
        return 2;
    if (imp_word_eq(l->p, l->n, "path,lob_kchars,statistic,value"))
        return 4;
    return 0;
}

int imp_looks_csv(const char *text, size_t len)
{
    imp_line_t l;
    return first_line(text, len, &l) && header_kind(&l) != 0;
}

/* The set of (path, kchars) in the reference layout; made on first use. */
static sim_err_t ref_set(imp_build_t *b, const char *path, uint64_t kchars, size_t *set)
{
    imp_file_t *f = b->out;
    for (size_t i = 0; i < f->nsets; i++)
        if (strcmp(f->sets[i].path, path) == 0 && f->sets[i].lob_chars == kchars * 1024) {
            *set = i;
            return SIM_OK;
        }
    sim_err_t rc = imp_add_set(b, set);
    if (rc == SIM_OK) {
        strcpy(f->sets[*set].path, path);
        f->sets[*set].lob_chars = kchars * 1024;
    }
    return rc;
}

sim_err_t imp_parse_csv(imp_build_t *b, const char *text, size_t len)
{
    imp_lines_t it;
    imp_line_t l;
    int cols = 0;
    size_t set = 0;
    sim_err_t rc = SIM_OK;
    imp_lines_init(&it, text, len);
    while (rc == SIM_OK && imp_next_line(&it, &l)) {
        if (imp_is_blank(&l))
            continue;
        if (!cols) {
            cols = header_kind(&l);
            if (!cols)
                return imp_fail(b, l.no,
                                "CSV header '%.*s'; expected 'statistic,value' or "
                                "'path,lob_kchars,statistic,value'",
                                (int)(l.n > 80 ? 80 : l.n), l.p);
            if (cols == 2 && (rc = imp_add_set(b, &set)) != SIM_OK)
                return rc;
            continue;
        }
        char f[CSV_MAX_FIELDS][FIELD_MAX];
        size_t fn[CSV_MAX_FIELDS];
        int k = split_csv(&l, f, fn);
        if (k == -1)
            return imp_fail(b, l.no, "unbalanced or misplaced quote");
        if (k == -2 || k > cols)
            return imp_fail(b, l.no, "more than %d fields, or a field of %d characters or more",
                            cols, FIELD_MAX);
        if (k < cols)
            return imp_fail(b, l.no, "truncated line: %d of %d fields", k, cols);
        const char *why;
        int64_t v;
        const char *val = f[cols - 1];
        size_t valn = fn[cols - 1];
        imp_trim(&val, &valn);
        if (imp_parse_int(val, valn, 0, &v, &why) != 0)
            return imp_fail(b, l.no, "value '%.*s': %s", (int)(valn > 40 ? 40 : valn), val, why);
        if (cols == 4) {
            int64_t kchars;
            if (fn[0] == 0 || fn[0] >= IMP_NAME_MAX ||
                strspn(f[0], "abcdefghijklmnopqrstuvwxyz0123456789_") != fn[0])
                return imp_fail(b, l.no, "path '%s'; expected a name such as local or dblink",
                                f[0]);
            if (imp_parse_int(f[1], fn[1], 0, &kchars, &why) != 0 || kchars < 1 ||
                kchars > (int64_t)(UINT64_MAX / 1024 / 4))
                return imp_fail(b, l.no, "lob_kchars '%s'; expected a whole number >= 1", f[1]);
            if ((rc = ref_set(b, f[0], (uint64_t)kchars, &set)) != SIM_OK)
                return rc;
        }
        const char *name = f[cols - 2];
        size_t namen = fn[cols - 2];
        imp_trim(&name, &namen);
        rc = imp_add_stat(b, set, name, namen, v, l.no);
    }
    return rc;
}
