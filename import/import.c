/*
 * import.c -- imp_parse(): the format chosen or recognised, the parser of
 * that format run (import/README.md).  The pieces every parser shares --
 * lines, numbers, the builder that keeps one value per statistic -- are
 * build.c's: import.c calls the parsers, they call build.c, and build.c
 * calls neither.
 *
 * Adding a format: its enumerator in import.h, its parser and landmark in a
 * file of its own (declared in import_int.h), and one row in `formats`
 * below, where its place says when imp_detect() tries it.  Nothing else
 * changes: --format's names, --help and the messages come from the table.
 */
#include "import_int.h"

#include <assert.h>
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The formats, in the order imp_detect() tries their landmarks: the most
 * specific first (a CSV header on line 1), SQL*Plus's NAME/VALUE heading
 * last, since other outputs may hold one. */
static const struct {
    imp_format_t format;
    const char *name;
    const char *what; /* for "no known format" */
    int (*looks)(const char *text, size_t len);
    sim_err_t (*parse)(imp_build_t *b, const char *text, size_t len);
} formats[] = {
    /* First: a spool holds v$mystat's NAME/VALUE output and more. */
    {IMP_FORMAT_SPOOL, "spool",
     "a script's spool (scripts/oracle/run_scenario.sh: lobsim-spool: header)", imp_looks_spool,
     imp_parse_spool},
    /* A report holds lines the others look for. */
    {IMP_FORMAT_AWR, "awr", "an AWR report (awrrpt.sql, awrgrpt.sql; text or HTML)", imp_looks_awr,
     imp_parse_awr},
    /* Before CSV and SQL*Plus: SET MARKUP CSV ON's heading is a CSV
     * header, and the columns' heading ends in VALUE. */
    {IMP_FORMAT_AWRHIST, "awrhist",
     "an AWR snapshot series (DBA_HIST_SYSSTAT or DBA_HIST_SYSTEM_EVENT query output)",
     imp_looks_awrhist, imp_parse_awrhist},
    {IMP_FORMAT_GBENCH, "gbench", "Google Benchmark JSON (lobbench --benchmark_format=json)",
     imp_looks_gbench, imp_parse_gbench},
    {IMP_FORMAT_CSV, "csv", "CSV (lobbench --stats-out, statistic,value)", imp_looks_csv,
     imp_parse_csv},
    {IMP_FORMAT_AUTOTRACE, "autotrace", "autotrace Statistics", imp_looks_autotrace,
     imp_parse_autotrace},
    {IMP_FORMAT_RUNSTATS, "runstats", "runstats STAT... lines", imp_looks_runstats,
     imp_parse_runstats},
    {IMP_FORMAT_SNAPPER, "snapper", "Snapper STAT lines", imp_looks_snapper, imp_parse_snapper},
    {IMP_FORMAT_DICTIONARY, "dictionary", "user_tables/user_indexes query output",
     imp_looks_dictionary, imp_parse_dictionary},
    {IMP_FORMAT_SQLPLUS, "sqlplus", "SQL*Plus NAME/VALUE output", imp_looks_sqlplus,
     imp_parse_sqlplus},
};
#define NFORMATS (sizeof formats / sizeof formats[0])
_Static_assert(NFORMATS == IMP_FORMAT_COUNT - 1, "a row in formats[] per format");

const char *imp_format_name(imp_format_t f)
{
    assert(f < IMP_FORMAT_COUNT);
    for (size_t i = 0; i < NFORMATS; i++)
        if (formats[i].format == f)
            return formats[i].name;
    return "auto";
}

int imp_format_parse(const char *s, imp_format_t *out)
{
    assert(s != NULL && out != NULL);
    if (strcmp(s, "auto") == 0) {
        *out = IMP_FORMAT_AUTO;
        return 0;
    }
    for (size_t i = 0; i < NFORMATS; i++)
        if (strcmp(s, formats[i].name) == 0) {
            *out = formats[i].format;
            return 0;
        }
    return -1;
}

void imp_format_names(char *buf, size_t len)
{
    size_t used = (size_t)snprintf(buf, len, "auto");
    for (size_t i = 0; i < NFORMATS && used < len; i++)
        used += (size_t)snprintf(buf + used, len - used, ", %s", formats[i].name);
}

/* ---- lines ---------------------------------------------------------------- */

imp_format_t imp_detect(const char *text, size_t len)
{
    assert(text != NULL || len == 0);
    for (size_t i = 0; i < NFORMATS; i++)
        if (formats[i].looks(text, len))
            return formats[i].format;
    return IMP_FORMAT_AUTO;
}

void imp_file_free(imp_file_t *f)
{
    if (!f)
        return;
    for (size_t i = 0; i < f->nsets; i++) {
        for (size_t k = 0; k < f->sets[i].n; k++)
            sim_free(f->sets[i].stats[k].name);
        sim_free(f->sets[i].stats);
    }
    sim_free(f->sets);
    f->sets = NULL;
    f->nsets = 0;
}

sim_err_t imp_parse(const char *file, const char *text, size_t len, imp_format_t format,
                    imp_file_t *out, char *err, size_t errlen)
{
    assert(text != NULL || len == 0);
    assert(format < IMP_FORMAT_COUNT && out != NULL);
    assert(err != NULL || errlen == 0);
    memset(out, 0, sizeof *out);
    if (errlen > 0)
        err[0] = '\0';
    imp_build_t b = {file ? file : "(input)", out, err, errlen, NULL};
    /* A UTF-8 byte order mark (a Windows editor's, Excel's CSV) is no
     * text; UTF-16 would read as a binary file, so it is named. */
    if (len >= 3 && memcmp(text, "\xef\xbb\xbf", 3) == 0) {
        text += 3;
        len -= 3;
    }
    if (len >= 2 && (memcmp(text, "\xff\xfe", 2) == 0 || memcmp(text, "\xfe\xff", 2) == 0))
        return imp_fail(&b, 1,
                        "UTF-16 text (its byte order mark); expected UTF-8: convert it, "
                        "iconv -f UTF-16 -t UTF-8");
    int empty = 1;
    for (size_t i = 0; i < len && empty; i++)
        empty = isspace((unsigned char)text[i]) != 0;
    if (empty)
        return imp_fail(&b, 0, "empty file");
    if (memchr(text, '\0', len))
        return imp_fail(&b, 0, "binary file (holds a NUL byte); expected Oracle's text output");
    if (format == IMP_FORMAT_AUTO) {
        format = imp_detect(text, len);
        if (format == IMP_FORMAT_AUTO) {
            char known[512];
            size_t used = 0;
            known[0] = '\0';
            for (size_t i = 0; i < NFORMATS && used < sizeof known; i++)
                used += (size_t)snprintf(known + used, sizeof known - used, "%s%s",
                                         i == 0              ? ""
                                         : i + 1 == NFORMATS ? " or "
                                                             : ", ",
                                         formats[i].what);
            return imp_fail(&b, 0, "no known format: expected %s", known);
        }
    }
    out->format = format;
    sim_err_t rc = SIM_EINVAL;
    size_t k = 0;
    while (k < NFORMATS && formats[k].format != format)
        k++;
    if (k == NFORMATS)
        rc = imp_fail(&b, 0, "unknown format %d", (int)format);
    else
        rc = formats[k].parse(&b, text, len);
    imp_build_done(&b);
    if (rc == SIM_OK && out->nsets == 0)
        rc = imp_fail(&b, 0, "no statistics found in %s output", imp_format_name(format));
    /* A snapshot of a series may be empty (Snapper's without a STAT
     * line); any other set, or a file of empty snapshots only, is not. */
    size_t total = 0;
    for (size_t i = 0; i < out->nsets; i++)
        total += out->sets[i].n;
    for (size_t i = 0; rc == SIM_OK && i < out->nsets; i++)
        if ((out->sets[i].n == 0 && out->sets[i].snap == 0) || total == 0)
            rc = imp_fail(&b, 0, "no statistics found in %s output", imp_format_name(format));
    for (size_t i = 0; i < out->nsets; i++)
        for (size_t j = 0; rc == SIM_OK && j < out->sets[i].n; j++)
            rc = imp_glued_number(&b, &out->sets[i].stats[j]);
    if (rc != SIM_OK)
        imp_file_free(out);
    return rc;
}
