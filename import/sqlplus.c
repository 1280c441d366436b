/*
 * sqlplus.c -- SQL*Plus's own layouts: the output of a two-column query
 * (NAME / VALUE headings over a dashed underline, names with spaces, page
 * breaks that repeat the headings, "N rows selected.", rows folded onto two
 * lines by a narrow LINESIZE) and the Statistics block of SET AUTOTRACE
 * (value first, then the name).  Prompts, echoed SQL and everything outside
 * the result are skipped.
 */
#include "import_int.h"

#include <ctype.h>
#include <string.h>

/* A heading line: two or more words, the last VALUE ("NAME VALUE",
 * "STATISTIC_NAME VALUE"); or, folded, one word over a dashed line. */
static int heading_words(const imp_line_t *l, size_t *nwords, const char **last, size_t *lastn)
{
    const char *p = l->p;
    size_t n = l->n, words = 0;
    imp_trim(&p, &n);
    if (n == 0)
        return 0;
    for (size_t i = 0; i < n; i++) {
        if (!isalnum((unsigned char)p[i]) && p[i] != '_' && p[i] != '#' && p[i] != '$' &&
            p[i] != ' ' && p[i] != '\t' && p[i] != '.')
            return 0;
        if (p[i] != ' ' && p[i] != '\t' && (i == 0 || p[i - 1] == ' ' || p[i - 1] == '\t'))
            words++;
    }
    imp_last_token(p, n, last, lastn);
    *nwords = words;
    return 1;
}

static int is_value_heading(const imp_line_t *l)
{
    size_t words;
    const char *last;
    size_t lastn;
    return heading_words(l, &words, &last, &lastn) && words >= 2 &&
           imp_word_eq(last, lastn, "VALUE");
}

/* The heading line alone: VALUE under a folded NAME. */
static int is_value_word(const imp_line_t *l)
{
    const char *p = l->p;
    size_t n = l->n;
    imp_trim(&p, &n);
    return imp_word_eq(p, n, "VALUE");
}

/* A single word over dashes: the first half of a folded heading. */
static int is_name_word(const imp_line_t *l)
{
    size_t words;
    const char *last;
    size_t lastn;
    return heading_words(l, &words, &last, &lastn) && words == 1 &&
           !imp_word_eq(last, lastn, "VALUE");
}

int imp_looks_sqlplus(const char *text, size_t len)
{
    imp_lines_t it;
    imp_line_t prev = {0}, l;
    int have = 0;
    imp_lines_init(&it, text, len);
    while (imp_next_line(&it, &l)) {
        if (have && imp_is_dashes(&l) && (is_value_heading(&prev) || is_name_word(&prev)))
            return 1;
        prev = l;
        have = 1;
    }
    return 0;
}

/* "12 rows selected." / "1 row selected." / "no rows selected": the end of
 * a result. */
static int is_feedback(const imp_line_t *l)
{
    const char *p = l->p;
    size_t n = l->n;
    imp_trim(&p, &n);
    const char *sel = " selected.";
    size_t sl = strlen(sel);
    if (imp_word_eq(p, n, "no rows selected"))
        return 1;
    return n > sl && memcmp(p + n - sl, sel, sl) == 0;
}

static int is_number_only(const imp_line_t *l, const char **p, size_t *n)
{
    *p = l->p;
    *n = l->n;
    imp_trim(p, n);
    if (*n == 0)
        return 0;
    for (size_t i = 0; i < *n; i++)
        if (isspace((unsigned char)(*p)[i]))
            return 0;
    return isdigit((unsigned char)(*p)[0]) || (*p)[0] == '-' || (*p)[0] == '.';
}

typedef enum { OUTSIDE, UNDERLINE, FOLD_VALUE, FOLD_UNDERLINE, ROWS } sp_state_t;

/* A parse of the query output: where it is, and a row whose value is still
 * to come (folded, or cut by a narrow LINESIZE). */
typedef struct {
    imp_build_t *b;
    imp_lines_t it;
    sp_state_t st;
    size_t set;
    int have_set, folded, have_pending;
    imp_line_t pending;
} sp_parse_t;

static sim_err_t truncated(sp_parse_t *sp)
{
    return imp_fail(sp->b, sp->pending.no, "truncated line: '%.*s' has no value",
                    (int)(sp->pending.n > 80 ? 80 : sp->pending.n), sp->pending.p);
}

/* A heading over a dashed line starts (or, after a page break, repeats) a
 * result: *yes, and the state moves to the underline. */
static sim_err_t heading(sp_parse_t *sp, const imp_line_t *l, int *yes)
{
    *yes = 0;
    if (sp->st != OUTSIDE && sp->st != ROWS)
        return SIM_OK;
    if (!(is_value_heading(l) || (is_name_word(l) && sp->st == OUTSIDE) ||
          (sp->folded && is_name_word(l) && !sp->have_pending)))
        return SIM_OK;
    imp_lines_t peek = sp->it;
    imp_line_t next;
    if (!imp_next_line(&peek, &next) || !imp_is_dashes(&next))
        return SIM_OK;
    if (sp->have_pending)
        return truncated(sp);
    sp->folded = !is_value_heading(l);
    sp->st = UNDERLINE;
    *yes = 1;
    return SIM_OK;
}

/* A line of the headings: the underline (seen by the peek), or a folded
 * heading's VALUE and its underline. */
static sim_err_t heading_line(sp_parse_t *sp, const imp_line_t *l)
{
    switch (sp->st) {
    case UNDERLINE:
        sp->st = sp->folded ? FOLD_VALUE : ROWS;
        break;
    case FOLD_VALUE:
        if (imp_is_blank(l))
            break;
        if (!is_value_word(l))
            return imp_fail(sp->b, l->no, "expected the folded VALUE heading, found '%.*s'",
                            (int)(l->n > 80 ? 80 : l->n), l->p);
        sp->st = FOLD_UNDERLINE;
        break;
    case FOLD_UNDERLINE:
        if (!imp_is_dashes(l))
            return imp_fail(sp->b, l->no, "expected a dashed line under VALUE");
        sp->st = ROWS;
        break;
    default:
        break;
    }
    return SIM_OK;
}

/* The value of the pending row, alone on line l. */
static sim_err_t pending_value(sp_parse_t *sp, const imp_line_t *l)
{
    const char *num;
    size_t numn;
    int64_t v;
    const char *why;
    if (!is_number_only(l, &num, &numn))
        return truncated(sp);
    if (imp_parse_int(num, numn, 0, &v, &why) != 0)
        return imp_fail(sp->b, l->no, "value '%.*s' of '%.*s': %s", (int)(numn > 40 ? 40 : numn),
                        num, (int)(sp->pending.n > 80 ? 80 : sp->pending.n), sp->pending.p, why);
    const char *name = sp->pending.p;
    size_t namen = sp->pending.n;
    imp_trim(&name, &namen);
    sp->have_pending = 0;
    return imp_add_stat(sp->b, sp->set, name, namen, v, l->no);
}

/* A row "NAME    VALUE"; or its name alone, the value to come. */
static sim_err_t row(sp_parse_t *sp, const imp_line_t *l)
{
    const char *num;
    size_t numn;
    int64_t v;
    const char *why;
    if (is_number_only(l, &num, &numn))
        return imp_fail(sp->b, l->no, "truncated line: a value '%.*s' without a name",
                        (int)(numn > 40 ? 40 : numn), num);
    const char *name = l->p;
    size_t namen = l->n;
    imp_trim(&name, &namen);
    imp_last_token(name, namen, &num, &numn);
    int numeric = numn > 0 &&
                  (isdigit((unsigned char)num[0]) || ((num[0] == '-' || num[0] == '.') &&
                                                      numn > 1 && isdigit((unsigned char)num[1])));
    if (sp->folded || !numeric) {
        /* a folded row, or one cut by a narrow LINESIZE: the value is on
         * the next line */
        sp->pending = *l;
        sp->pending.p = name;
        sp->pending.n = namen;
        sp->have_pending = 1;
        return SIM_OK;
    }
    if (imp_parse_int(num, numn, 0, &v, &why) != 0)
        return imp_fail(sp->b, l->no, "value '%.*s': %s", (int)(numn > 40 ? 40 : numn), num, why);
    namen = (size_t)(num - name);
    imp_trim(&name, &namen);
    return imp_add_stat(sp->b, sp->set, name, namen, v, l->no);
}

/* A line of the result: blank, the feedback that ends it, or a row. */
static sim_err_t result_line(sp_parse_t *sp, const imp_line_t *l)
{
    if (imp_is_blank(l))
        return SIM_OK;
    if (is_feedback(l)) {
        if (sp->have_pending)
            return truncated(sp);
        sp->st = OUTSIDE;
        return SIM_OK;
    }
    if (!sp->have_set) {
        sim_err_t rc = imp_add_set(sp->b, &sp->set);
        if (rc != SIM_OK)
            return rc;
        sp->have_set = 1;
    }
    return sp->have_pending ? pending_value(sp, l) : row(sp, l);
}

sim_err_t imp_parse_sqlplus(imp_build_t *b, const char *text, size_t len)
{
    sp_parse_t sp = {.b = b, .st = OUTSIDE};
    imp_line_t l;
    sim_err_t rc = SIM_OK;
    imp_lines_init(&sp.it, text, len);
    while (rc == SIM_OK && imp_next_line(&sp.it, &l)) {
        int starts;
        if ((rc = heading(&sp, &l, &starts)) != SIM_OK || starts)
            continue;
        if (sp.st == ROWS)
            rc = result_line(&sp, &l);
        else if (sp.st != OUTSIDE)
            rc = heading_line(&sp, &l);
    }
    if (rc == SIM_OK && sp.have_pending)
        return truncated(&sp);
    if (rc == SIM_OK && (sp.st == UNDERLINE || sp.st == FOLD_VALUE || sp.st == FOLD_UNDERLINE))
        return imp_fail(b, sp.it.no, "truncated: the file ends inside the headings");
    return rc;
}

/* ---- autotrace ------------------------------------------------------------- */

static int is_statistics_heading(const imp_line_t *l)
{
    const char *p = l->p;
    size_t n = l->n;
    imp_trim(&p, &n);
    return imp_word_eq(p, n, "Statistics");
}

/* SQL*Plus's feedback after a number: "row" or "rows", then what the
 * statement did, and a full stop ("1 row created.", "12 rows selected.").
 * No statistic's name ends in a full stop. */
static int is_dml_feedback(const char *p, size_t n)
{
    static const char *const done[] = {"created.", "updated.", "deleted.", "selected.", "merged."};
    size_t w = 0;
    while (w < n && !isspace((unsigned char)p[w]))
        w++;
    if (!((w == 3 && memcmp(p, "row", 3) == 0) || (w == 4 && memcmp(p, "rows", 4) == 0)))
        return 0;
    const char *rest = p + w;
    size_t rn = n - w;
    imp_trim(&rest, &rn);
    for (size_t i = 0; i < sizeof done / sizeof done[0]; i++)
        if (rn == strlen(done[i]) && memcmp(rest, done[i], rn) == 0)
            return 1;
    return 0;
}

int imp_looks_autotrace(const char *text, size_t len)
{
    imp_lines_t it;
    imp_line_t prev = {0}, l;
    int have = 0;
    imp_lines_init(&it, text, len);
    while (imp_next_line(&it, &l)) {
        if (have && imp_is_dashes(&l) && is_statistics_heading(&prev))
            return 1;
        prev = l;
        have = 1;
    }
    return 0;
}

sim_err_t imp_parse_autotrace(imp_build_t *b, const char *text, size_t len)
{
    imp_lines_t it;
    imp_line_t l, prev = {0};
    int in_block = 0, have_prev = 0, have_set = 0;
    size_t set = 0;
    sim_err_t rc = SIM_OK;
    imp_lines_init(&it, text, len);
    while (rc == SIM_OK && imp_next_line(&it, &l)) {
        if (!in_block) {
            in_block = have_prev && imp_is_dashes(&l) && is_statistics_heading(&prev);
            prev = l;
            have_prev = 1;
            continue;
        }
        if (imp_is_blank(&l)) {
            in_block = have_set && b->out->sets[set].n > 0 ? 0 : in_block;
            continue;
        }
        const char *p = l.p;
        size_t n = l.n;
        imp_trim(&p, &n);
        size_t numn = 0;
        while (numn < n && !isspace((unsigned char)p[numn]))
            numn++;
        int64_t v;
        const char *why;
        if (imp_parse_int(p, numn, 0, &v, &why) != 0) {
            if (!isdigit((unsigned char)p[0]) && p[0] != '-') {
                in_block = 0; /* the block ended without a blank line */
                prev = l;
                continue;
            }
            return imp_fail(b, l.no, "value '%.*s': %s", (int)(numn > 40 ? 40 : numn), p, why);
        }
        const char *name = p + numn;
        size_t namen = n - numn;
        imp_trim(&name, &namen);
        /* The next statement's feedback ("1 row created.") ends the block:
         * told by its words, since pages that collapse blanks print the
         * block's own lines with one blank too ("369 consistent gets"). */
        if (is_dml_feedback(name, namen)) {
            in_block = 0;
            prev = l;
            continue;
        }
        if (namen == 0)
            return imp_fail(b, l.no, "truncated line: a value %.*s without a name", (int)numn, p);
        if (!have_set && (rc = imp_add_set(b, &set)) != SIM_OK)
            return rc;
        have_set = 1;
        rc = imp_add_stat(b, set, name, namen, v, l.no);
    }
    return rc;
}
