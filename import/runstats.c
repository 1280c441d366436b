/*
 * runstats.c -- the two tools that print deltas themselves: Tom Kyte's
 * runstats report ("STAT...name  run1  run2  diff", thousands separators,
 * LATCH. lines beside them; two runs from one file, diff = run2 - run1
 * checked) and Tanel Poder's Snapper (comma-separated fields; the STAT
 * lines' statistic and delta).  Everything else in the text is skipped.
 */
#include "import_int.h"

#include <ctype.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

static int starts_with(const char *p, size_t n, const char *prefix)
{
    size_t k = strlen(prefix);
    return n >= k && memcmp(p, prefix, k) == 0;
}

int imp_looks_runstats(const char *text, size_t len)
{
    imp_lines_t it;
    imp_line_t l;
    imp_lines_init(&it, text, len);
    while (imp_next_line(&it, &l)) {
        const char *p = l.p;
        size_t n = l.n;
        imp_trim(&p, &n);
        if (starts_with(p, n, "STAT...") || starts_with(p, n, "LATCH."))
            return 1;
    }
    return 0;
}

/* The name as the report printed it: STAT... before a statistic's. */
static size_t printed_len(const char *name)
{
    size_t n = strlen(name);
    return starts_with(name, n, "LATCH.") ? n : n + strlen("STAT...");
}

/*
 * runstats pads each name to its column and cuts a longer one to it
 * (rpad(name, 30) in Tom Kyte's package; wider in later versions): a name
 * as long as the longest of the report may have been cut, a shorter one was
 * not.
 */
static void mark_cut(imp_file_t *f)
{
    size_t width = 0;
    for (size_t k = 0; k < f->sets[0].n; k++) {
        size_t n = printed_len(f->sets[0].stats[k].name);
        width = n > width ? n : width;
    }
    for (size_t i = 0; i < f->nsets; i++)
        for (size_t k = 0; k < f->sets[i].n; k++)
            f->sets[i].stats[k].maybe_cut = printed_len(f->sets[i].stats[k].name) == width;
}

sim_err_t imp_parse_runstats(imp_build_t *b, const char *text, size_t len)
{
    imp_lines_t it;
    imp_line_t l;
    size_t run1 = 0, run2 = 0;
    int have_sets = 0;
    sim_err_t rc = SIM_OK;
    imp_lines_init(&it, text, len);
    while (rc == SIM_OK && imp_next_line(&it, &l)) {
        const char *p = l.p;
        size_t n = l.n;
        imp_trim(&p, &n);
        int stat = starts_with(p, n, "STAT...");
        if (!stat && !starts_with(p, n, "LATCH."))
            continue;
        /* the last three tokens: run1, run2, diff */
        int64_t v[3];
        size_t rest = n;
        for (int k = 2; k >= 0; k--) {
            const char *tok;
            size_t tokn;
            const char *why;
            imp_last_token(p, rest, &tok, &tokn);
            if (tokn == 0 || tok == p)
                return imp_fail(b, l.no,
                                "truncated line: expected name, run1, run2 and diff, found '%.*s'",
                                (int)(n > 80 ? 80 : n), p);
            int digitish = isdigit((unsigned char)tok[0]) ||
                           (tokn > 1 && tok[0] == '-' && isdigit((unsigned char)tok[1]));
            if (!digitish)
                return imp_fail(b, l.no,
                                "truncated line: expected name, run1, run2 and diff, found '%.*s'",
                                (int)(n > 80 ? 80 : n), p);
            if (imp_parse_int(tok, tokn, k == 2, &v[k], &why) != 0)
                return imp_fail(b, l.no, "value '%.*s': %s", (int)(tokn > 40 ? 40 : tokn), tok,
                                why);
            rest = (size_t)(tok - p);
        }
        if (v[1] - v[0] != v[2])
            return imp_fail(b, l.no, "diff %lld is not run2 - run1 (%lld - %lld): a damaged line",
                            (long long)v[2], (long long)v[1], (long long)v[0]);
        const char *name = p;
        size_t namen = rest;
        if (stat) {
            name += strlen("STAT...");
            namen -= strlen("STAT...");
        }
        imp_trim(&name, &namen);
        if (!have_sets) {
            if ((rc = imp_add_set(b, &run1)) != SIM_OK || (rc = imp_add_set(b, &run2)) != SIM_OK)
                return rc;
            strcpy(b->out->sets[run1].run, "run1");
            strcpy(b->out->sets[run2].run, "run2");
            have_sets = 1;
        }
        rc = imp_add_stat(b, run1, name, namen, v[0], l.no);
        if (rc == SIM_OK)
            rc = imp_add_stat(b, run2, name, namen, v[1], l.no);
    }
    if (rc == SIM_OK && have_sets)
        mark_cut(b->out);
    return rc;
}

/* ---- Snapper ---------------------------------------------------------------- */

#define MAX_FIELDS 16

/* Split at commas; fields trimmed.  Returns the count (at most MAX_FIELDS). */
static size_t split_fields(const char *p, size_t n, const char **f, size_t *fn)
{
    size_t k = 0, start = 0;
    for (size_t i = 0; i <= n && k < MAX_FIELDS; i++)
        if (i == n || p[i] == ',') {
            f[k] = p + start;
            fn[k] = i - start;
            imp_trim(&f[k], &fn[k]);
            k++;
            start = i + 1;
        }
    return k;
}

/* The index of the TYPE field that says STAT, or -1. */
static int stat_field(const char **f, const size_t *fn, size_t k)
{
    for (size_t i = 0; i < k; i++)
        if (fn[i] == 4 && memcmp(f[i], "STAT", 4) == 0)
            return (int)i;
    return -1;
}

int imp_looks_snapper(const char *text, size_t len)
{
    imp_lines_t it;
    imp_line_t l;
    imp_lines_init(&it, text, len);
    while (imp_next_line(&it, &l)) {
        const char *f[MAX_FIELDS];
        size_t fn[MAX_FIELDS];
        size_t k = split_fields(l.p, l.n, f, fn);
        if (k >= 3 && stat_field(f, fn, k) > 0)
            return 1;
    }
    return 0;
}

/* Snapper 4 closes each snapshot of a series with a line
 *   "--  End of Stats snap 1, end=2020-11-24 19:31:49, seconds=5"
 * (Snapper v4.30's output in Tanel Poder's blog post of 2020-11-24 on hard
 * parsing and LOB fetching; 2015's posts by others print the same line).
 * Its number into *snap, its seconds= into *seconds (0 when the line has
 * none) and 1; 0 for another line; -1 for such a line without a number, -2
 * for a seconds= that is not a number above 0. */
static int end_of_snap(const imp_line_t *l, int64_t *snap, double *seconds)
{
    static const char mark[] = "End of Stats snap", secs[] = "seconds=";
    const char *p = l->p;
    size_t n = l->n;
    imp_trim(&p, &n);
    if (n < 2 || p[0] != '-' || p[1] != '-')
        return 0;
    for (p += 2, n -= 2; n && *p == ' '; p++, n--)
        ;
    if (n < sizeof mark - 1 || memcmp(p, mark, sizeof mark - 1) != 0)
        return 0;
    p += sizeof mark - 1;
    n -= sizeof mark - 1;
    size_t d = 0;
    while (d < n && p[d] != ',')
        d++;
    const char *num = p;
    size_t numn = d;
    imp_trim(&num, &numn);
    const char *why;
    if (!numn || imp_parse_int(num, numn, 0, snap, &why) != 0)
        return -1;
    /* the fields after it, "end=..., seconds=5": the one named seconds */
    *seconds = 0;
    while (d < n) {
        const char *f = p + d + 1;
        size_t e = d + 1;
        while (e < n && p[e] != ',')
            e++;
        size_t fn = (size_t)(p + e - f);
        imp_trim(&f, &fn);
        if (fn > sizeof secs - 1 && memcmp(f, secs, sizeof secs - 1) == 0) {
            char buf[32], *end;
            size_t vn = fn - (sizeof secs - 1);
            if (vn >= sizeof buf)
                return -2;
            memcpy(buf, f + sizeof secs - 1, vn);
            buf[vn] = '\0';
            double v = strtod(buf, &end);
            if (end == buf || *end || !(v > 0) || !isfinite(v))
                return -2;
            *seconds = v;
        } else if (fn >= sizeof secs - 1 && memcmp(f, secs, sizeof secs - 1) == 0)
            return -2;
        d = e;
    }
    return 1;
}

sim_err_t imp_parse_snapper(imp_build_t *b, const char *text, size_t len)
{
    imp_lines_t it;
    imp_line_t l;
    size_t set = 0;
    int have_set = 0;
    int64_t last = 0; /* the number of the last snapshot closed */
    sim_err_t rc = SIM_OK;
    imp_lines_init(&it, text, len);
    while (rc == SIM_OK && imp_next_line(&it, &l)) {
        int64_t snap;
        double seconds;
        int end = end_of_snap(&l, &snap, &seconds);
        if (end == -1)
            return imp_fail(b, l.no, "an 'End of Stats snap' line without its snapshot's number");
        if (end == -2)
            return imp_fail(b, l.no,
                            "an 'End of Stats snap' line whose seconds= is not a number above 0");
        if (end > 0) {
            if (snap != last + 1)
                return imp_fail(b, l.no,
                                "Snapper's snapshot %lld after snapshot %lld: a series counts "
                                "1, 2, ...",
                                (long long)snap, (long long)last);
            last = snap;
            /* A snapshot without a STAT line (nothing moved, or only TIME
             * and WAIT lines printed) is still an interval of the series:
             * its set is empty, so that the next is numbered after it. */
            if (!have_set && (rc = imp_add_set(b, &set)) != SIM_OK)
                return rc;
            if (!have_set)
                b->out->sets[set].snap = (uint32_t)snap;
            /* seconds= given (end_of_snap() refuses a 0): the interval timed */
            b->out->sets[set].timed = seconds > 0;
            b->out->sets[set].seconds = seconds;
            have_set = 0; /* the next STAT line opens the next snapshot */
            continue;
        }
        const char *f[MAX_FIELDS];
        size_t fn[MAX_FIELDS];
        size_t k = split_fields(l.p, l.n, f, fn);
        int t = k >= 2 ? stat_field(f, fn, k) : -1;
        if (t <= 0)
            continue;
        if ((size_t)t + 2 >= k)
            return imp_fail(b, l.no, "truncated line: a STAT line without its statistic and delta");
        int64_t v;
        const char *why;
        if (fn[t + 1] == 0)
            return imp_fail(b, l.no, "a STAT line without a statistic name");
        if (fn[t + 2] == 0)
            return imp_fail(b, l.no, "truncated line: '%.*s' has no delta",
                            (int)(fn[t + 1] > 80 ? 80 : fn[t + 1]), f[t + 1]);
        if (imp_parse_int(f[t + 2], fn[t + 2], 0, &v, &why) != 0)
            return imp_fail(b, l.no, "delta '%.*s' of '%.*s': %s",
                            (int)(fn[t + 2] > 40 ? 40 : fn[t + 2]), f[t + 2],
                            (int)(fn[t + 1] > 80 ? 80 : fn[t + 1]), f[t + 1], why);
        if (!have_set && (rc = imp_add_set(b, &set)) != SIM_OK)
            return rc;
        if (!have_set)
            b->out->sets[set].snap = (uint32_t)last + 1;
        have_set = 1;
        rc = imp_add_stat(b, set, f[t + 1], fn[t + 1], v, l.no);
    }
    return rc;
}
