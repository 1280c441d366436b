/*
 * opts.c -- lobdiff's command line: the options, their defaults and
 * --help.  Every refusal is one line naming the argument and what would be
 * accepted; main() prefixes "lobdiff: " and exits 2.
 */
#define _POSIX_C_SOURCE 200809L

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "lobdiff_int.h"

void ldf_opts_defaults(ldf_opts_t *o)
{
    memset(o, 0, sizeof *o);
    o->db = SIM_DEFAULT_STORE;
    o->threshold_pct = 5;
    o->alpha = 0.05;
}

void ldf_usage(FILE *f)
{
    fputs("usage: lobdiff [--db=FILE] BASE HEAD [--format=text|markdown|json] [--all]\n"
          "               [--time-threshold=PCT] [--alpha=A] [--plot=FILE.svg]\n"
          "       lobdiff [--db=FILE] --reference=RUN RUN [options]\n"
          "\n"
          "Compare two recorded runs of lobbench: every statistic that changed in any case\n"
          "(path, LOB size, block size, rows), largest relative change first, and the\n"
          "times where both runs have repetition samples (two-sided Mann-Whitney U test).\n"
          "\n"
          "BASE and HEAD name runs:\n"
          "  123            a run id\n"
          "  latest         the newest completed lobsim run; latest~N the Nth before it\n"
          "  1a2b3c4        a git commit prefix: the newest run at that commit\n"
          "  reference      the Oracle measurements: a calibration report\n"
          "  FILE.db:SEL    a run of another results database\n"
          "\n"
          "  --db=FILE            results database (default " SIM_DEFAULT_STORE "), read only\n"
          "  --format=FMT         text (default), markdown (for a pull request) or json\n"
          "  --all                list unchanged statistics and times too\n"
          "  --time-threshold=PCT a time change counts beyond PCT percent (default 5)\n"
          "  --alpha=A            significance level of the U test (default 0.05)\n"
          "  --plot=FILE.svg      draw the statistics against LOB size, log-log\n"
          "  --reference=RUN      that run (e.g. one lobimport recorded) is the Oracle side\n"
          "                       of a calibration report; with one RUN it is BASE\n"
          "\n"
          "Exit status: 0 nothing changed; 1 a statistic changed, a case was added or\n"
          "removed, or a time regressed (always 1 against the reference, whose figures\n"
          "differ from the model's); 2 bad input.\n",
          f);
}

/* A number in [lo, hi], maybe followed by '%'.  0 or -1. */
static int parse_number(const char *s, double lo, double hi, double *out)
{
    char *end;
    errno = 0;
    double v = strtod(s, &end);
    if (end == s || errno)
        return -1;
    if (*end == '%')
        end++;
    if (*end != '\0' || !(v >= lo && v <= hi))
        return -1;
    *out = v;
    return 0;
}

#define REFUSE(...)                                                                                \
    do {                                                                                           \
        snprintf(err, errlen, __VA_ARGS__);                                                        \
        return 2;                                                                                  \
    } while (0)

int ldf_parse_args(int argc, char *const *argv, ldf_opts_t *o, char *err, size_t errlen)
{
    ldf_opts_defaults(o);
    int npos = 0, options = 1;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (options && strcmp(a, "--") == 0) {
            options = 0;
        } else if (options && (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0)) {
            return 1;
        } else if (options && strncmp(a, "--db=", 5) == 0) {
            o->db = a + 5;
            if (!*o->db)
                REFUSE("--db: empty file name");
        } else if (options && strncmp(a, "--format=", 9) == 0) {
            if (strcmp(a + 9, "text") == 0)
                o->format = LDF_FORMAT_TEXT;
            else if (strcmp(a + 9, "markdown") == 0 || strcmp(a + 9, "md") == 0)
                o->format = LDF_FORMAT_MARKDOWN;
            else if (strcmp(a + 9, "json") == 0)
                o->format = LDF_FORMAT_JSON;
            else
                REFUSE("--format: '%s'; expected text, markdown or json", a + 9);
        } else if (options && strcmp(a, "--all") == 0) {
            o->all = 1;
        } else if (options && strncmp(a, "--time-threshold=", 17) == 0) {
            if (parse_number(a + 17, 0, 1e6, &o->threshold_pct) != 0)
                REFUSE("--time-threshold: '%s'; expected a percentage >= 0, e.g. 5", a + 17);
        } else if (options && strncmp(a, "--alpha=", 8) == 0) {
            if (parse_number(a + 8, 1e-12, 0.999999, &o->alpha) != 0 || strchr(a + 8, '%'))
                REFUSE("--alpha: '%s'; expected a number in (0, 1), e.g. 0.05", a + 8);
        } else if (options && strncmp(a, "--plot=", 7) == 0) {
            o->plot = a + 7;
            if (!*o->plot)
                REFUSE("--plot: empty file name; expected e.g. --plot=diff.svg");
        } else if (options && strncmp(a, "--reference=", 12) == 0) {
            o->reference = a + 12;
            if (!*o->reference)
                REFUSE("--reference: empty run; expected e.g. --reference=7");
        } else if (options && a[0] == '-' && a[1] != '\0') {
            REFUSE("unknown option '%s'; expected --db=FILE, --format=FMT, --all, "
                   "--time-threshold=PCT, --alpha=A, --plot=FILE.svg or --help",
                   a);
        } else if (npos == 0) {
            o->base = a;
            npos++;
        } else if (npos == 1) {
            o->head = a;
            npos++;
        } else {
            REFUSE("unexpected argument '%s'; expected two runs, BASE and HEAD", a);
        }
    }
    if (npos == 1 && o->reference) {
        o->head = o->base;
        o->base = o->reference;
        npos++;
    }
    if (npos < 2)
        REFUSE("expected two runs, BASE and HEAD (e.g. lobdiff latest~1 latest); see --help");
    if (o->plot) {
        /* Refuse a plot that cannot be written before doing any work. */
        size_t len = strlen(o->plot) + 2; /* room for "." */
        char *dir = malloc(len);
        if (!dir) {
            snprintf(err, errlen, "--plot=%s: out of memory", o->plot);
            return 2;
        }
        sim_parent_dir(o->plot, dir, len);
        struct stat sb;
        int ok = !strchr(o->plot, '/') || (stat(dir, &sb) == 0 && S_ISDIR(sb.st_mode));
        if (!ok)
            snprintf(err, errlen, "--plot=%s: directory %s does not exist", o->plot, dir);
        free(dir);
        if (!ok)
            return 2;
    }
    return 0;
}
