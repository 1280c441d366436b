/*
 * fuzz_import.c -- the import parsers (imp_parse()) on the raw input: pure
 * functions, no file, no store.  The first byte picks the format (auto or
 * one forced), the rest is the text.
 *
 * Checked: SIM_OK or SIM_EINVAL only; a refusal is one line "input.txt:LINE:
 * ..." and returns no sets; an accepted input gives at least one set, each
 * with at least one figure, values >= 0, names non-empty and never twice in
 * a set, lines within the text; and the format auto chose parses the text
 * again to the same figures.
 */
#include <string.h>

#include "fuzz_util.h"
#include "import.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define NAME "input.txt"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size == 0)
        return 0;
    imp_format_t fmt = (imp_format_t)(data[0] % IMP_FORMAT_COUNT);
    const char *text = (const char *)data + 1;
    size_t len = size - 1;
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
        FUZZ_CHECK(f.sets[s].n >= 1, "set %zu empty", s);
        for (size_t k = 0; k < f.sets[s].n; k++) {
            const imp_stat_t *st = &f.sets[s].stats[k];
            FUZZ_CHECK(st->name[0] != '\0' && st->value >= 0, "figure %zu bad", k);
            FUZZ_CHECK(st->line >= 1 && (size_t)st->line <= nlines, "line %d", st->line);
            for (size_t j = 0; j < k; j++)
                FUZZ_CHECK(strcmp(f.sets[s].stats[j].name, st->name) != 0, "'%s' twice", st->name);
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
