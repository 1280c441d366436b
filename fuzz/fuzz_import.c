/*
 * fuzz_import.c -- the import parsers (imp_parse()) on the raw input: pure
 * functions, no file, no store.  Built twice over: as fuzz_import, whose
 * first byte picks the format (auto or one forced) and the rest is the
 * text; and once per format (fuzz_import_sqlplus, ..., FUZZ_IMPORT_FORMAT
 * set by fuzz/CMakeLists.txt), the whole input that format's text, with a
 * seed corpus of its own.
 *
 * Checked: SIM_OK or SIM_EINVAL only; a refusal is one line "input.txt:LINE:
 * ..." and returns no sets; an accepted input gives at least one set, each
 * with at least one figure, values >= 0, names non-empty and never twice in
 * a set, lines within the text; the format auto chose parses the text
 * again to the same figures; and each name matched against the catalogue
 * (imp_catalogue_match()) agrees with a plain scan of the catalogue: exact
 * when a name is equal, for a name that may be cut the one statistic it
 * is the prefix of, or ambiguous between those it is the prefix of.
 */
#include <string.h>

#include "fuzz_util.h"
#include "import.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define NAME "input.txt"

/* imp_catalogue_match() of name against a scan of every statistic. */
static void check_match(const imp_catalogue_t *cat, const imp_stat_t *st)
{
    int stat = -1, exact = -1, prefixed = 0, first = -1;
    char cands[256];
    imp_match_t m = imp_catalogue_match(cat, st->name, st->maybe_cut, &stat, cands, sizeof cands);
    size_t len = strlen(st->name);
    for (int i = 0; i < SIM_STAT_COUNT; i++) {
        const char *full = sim_stat_info((sim_stat_t)i)->name;
        if (strcmp(full, st->name) == 0)
            exact = i;
        else if (strncmp(full, st->name, len) == 0 && (prefixed++ == 0))
            first = i;
    }
    if (exact >= 0) {
        FUZZ_CHECK(m == IMP_MATCH_EXACT && stat == exact, "'%s': %d, not exact", st->name, (int)m);
    } else if (!st->maybe_cut || len == 0 || prefixed == 0) {
        FUZZ_CHECK(m == IMP_MATCH_NONE, "'%s' matched (%d)", st->name, (int)m);
    } else if (prefixed == 1) {
        FUZZ_CHECK(m == IMP_MATCH_PREFIX && stat == first, "'%s': %d, not the prefix of #%d",
                   st->name, (int)m, first);
    } else {
        FUZZ_CHECK(m == IMP_MATCH_AMBIGUOUS && cands[0] == '\'', "'%s': %d of %d candidates",
                   st->name, (int)m, prefixed);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static imp_catalogue_t cat;
    static int cat_ready;
    if (!cat_ready) {
        imp_catalogue_init(&cat);
        cat_ready = 1;
    }
#ifdef FUZZ_IMPORT_FORMAT
    imp_format_t fmt = FUZZ_IMPORT_FORMAT;
    const char *text = (const char *)data;
    size_t len = size;
#else
    if (size == 0)
        return 0;
    imp_format_t fmt = (imp_format_t)(data[0] % IMP_FORMAT_COUNT);
    const char *text = (const char *)data + 1;
    size_t len = size - 1;
#endif
    size_t nlines = 1;
    for (size_t i = 0; i < len; i++)
        nlines += text[i] == '\n';
    imp_file_t f;
    char err[512];
    sim_err_t rc = imp_parse(NAME, text, len, fmt, &f, err, sizeof err);
    if (rc != SIM_OK) {
        FUZZ_CHECK(rc == SIM_EINVAL, "%s: %s", sim_strerror(rc), err);
        FUZZ_CHECK(strncmp(err, NAME ":", strlen(NAME ":")) == 0, "message '%s'", err);
        FUZZ_CHECK(strchr(err, '\n') == NULL, "message of two lines: '%s'", err);
        FUZZ_CHECK(f.sets == NULL && f.nsets == 0, "a refusal returned sets");
        return 0;
    }
    FUZZ_CHECK(f.nsets >= 1 && f.format != IMP_FORMAT_AUTO, "accepted without sets");
    for (size_t s = 0; s < f.nsets; s++) {
        FUZZ_CHECK(f.sets[s].n >= 1 || f.sets[s].snap > 0, "set %zu empty", s);
        for (size_t k = 0; k < f.sets[s].n; k++) {
            const imp_stat_t *st = &f.sets[s].stats[k];
            FUZZ_CHECK(st->name[0] != '\0' && st->value >= 0, "figure %zu bad", k);
            FUZZ_CHECK(st->line >= 1 && (size_t)st->line <= nlines, "line %d", st->line);
            for (size_t j = 0; j < k; j++)
                FUZZ_CHECK(strcmp(f.sets[s].stats[j].name, st->name) != 0, "'%s' twice", st->name);
            check_match(&cat, st);
        }
    }
    if (fmt == IMP_FORMAT_AUTO) {
        imp_file_t g;
        rc = imp_parse(NAME, text, len, f.format, &g, err, sizeof err);
        FUZZ_CHECK(rc == SIM_OK && g.nsets == f.nsets, "forced %s disagrees with auto: %s",
                   imp_format_name(f.format), err);
        for (size_t s = 0; s < f.nsets; s++) {
            FUZZ_CHECK(g.sets[s].n == f.sets[s].n, "set %zu differs", s);
            for (size_t k = 0; k < f.sets[s].n; k++)
                FUZZ_CHECK(g.sets[s].stats[k].value == f.sets[s].stats[k].value &&
                               strcmp(g.sets[s].stats[k].name, f.sets[s].stats[k].name) == 0,
                           "figure %zu differs", k);
        }
        imp_file_free(&g);
    }
    imp_file_free(&f);
    return 0;
}
