/*
 * opts.c -- lobdiff's command line: the options, their defaults and
 * --help, read with the programs' shared parser (sim_opt_next()).  Every
 * refusal is one line naming the argument and what would be accepted;
 * main() prefixes "lobdiff: " and exits 2.
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
    sim_default_store(o->db_default, sizeof o->db_default);
    o->db = o->db_default;
    o->threshold_pct = 5;
    o->alpha = 0.05;
}

void ldf_usage(FILE *f)
{
    fputs("Usage: lobdiff [OPTION]... BASE HEAD\n"
          "  or:  lobdiff [OPTION]... --reference=RUN RUN\n"
          "\n"
          "Compare two recorded runs of lobbench: every statistic that changed in any case\n"
          "(path, LOB size, block size, rows), largest relative change first, and the\n"
          "times where both runs have repetition samples (two-sided Mann-Whitney U test).\n"
          "\n"
          "BASE and HEAD name runs:\n"
          "  123            a run id\n"
          "  latest         the newest completed lobsim run of the other run's workloads\n"
          "                 (of any, when both say latest); latest~N the Nth before it\n"
          "  1a2b3c4        a git commit prefix: the newest run at that commit\n"
          "  reference      the Oracle measurements: a calibration report\n"
          "  FILE.db:SEL    a run of another results database\n"
          "\n"
          "Options:\n"
          "  --db=FILE              results database, read only; by default\n",
          f);
    sim_store_help(f, 25);
    fputs("  --format=FMT           text (default), markdown (for a pull request) or json\n"
          "  --all                  list unchanged statistics and times too\n"
          "  --time-threshold=PCT   a time change counts beyond PCT percent (default 5)\n"
          "  --alpha=A              significance level of the U test (default 0.05)\n"
          "  --plot=FILE.svg        draw the statistics against LOB size, log-log\n"
          "  --reference=RUN        that run (e.g. one lobimport recorded) is the Oracle\n"
          "                         side of a calibration report; with one RUN it is BASE\n"
          "  -h, --help             this help\n"
          "  --version              lobdiff's version and the commit it was built from\n"
          "Each option at most once; --NAME VALUE is --NAME=VALUE; after --, every\n"
          "argument is a run.\n"
          "\n"
          "Exit status: 0 nothing changed; 1 a statistic changed, a case was added or\n"
          "removed, or a time regressed (always 1 against the reference, whose figures\n"
          "differ from the model's); 2 bad input (one line naming it).\n",
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

enum { OPT_DB, OPT_FORMAT, OPT_ALL, OPT_THRESHOLD, OPT_ALPHA, OPT_PLOT, OPT_REFERENCE };

/* Every option at most once. */
static const sim_opt_t options[] = {{"db", 0, SIM_OPT_VALUE, OPT_DB},
                                    {"format", 0, SIM_OPT_VALUE, OPT_FORMAT},
                                    {"all", 0, 0, OPT_ALL},
                                    {"time-threshold", 0, SIM_OPT_VALUE, OPT_THRESHOLD},
                                    {"alpha", 0, SIM_OPT_VALUE, OPT_ALPHA},
                                    {"plot", 0, SIM_OPT_VALUE, OPT_PLOT},
                                    {"reference", 0, SIM_OPT_VALUE, OPT_REFERENCE},
                                    {NULL, 0, 0, 0}};

/* One option, id from the table above, into o: 0 or 2 with err. */
static int apply(ldf_opts_t *o, int id, const char *v, char *err, size_t errlen)
{
    switch (id) {
    case OPT_DB:
        o->db = v;
        if (!*o->db)
            REFUSE("--db: empty file name");
        break;
    case OPT_FORMAT:
        if (strcmp(v, "text") == 0)
            o->format = LDF_FORMAT_TEXT;
        else if (strcmp(v, "markdown") == 0 || strcmp(v, "md") == 0)
            o->format = LDF_FORMAT_MARKDOWN;
        else if (strcmp(v, "json") == 0)
            o->format = LDF_FORMAT_JSON;
        else
            REFUSE("--format: '%s'; expected text, markdown or json", v);
        break;
    case OPT_ALL:
        o->all = 1;
        break;
    case OPT_THRESHOLD:
        if (parse_number(v, 0, 1e6, &o->threshold_pct) != 0)
            REFUSE("--time-threshold: '%s'; expected a percentage >= 0, e.g. 5", v);
        break;
    case OPT_ALPHA:
        if (parse_number(v, 1e-12, 0.999999, &o->alpha) != 0 || strchr(v, '%'))
            REFUSE("--alpha: '%s'; expected a number in (0, 1), e.g. 0.05", v);
        break;
    case OPT_PLOT:
        o->plot = v;
        if (!*o->plot)
            REFUSE("--plot: empty file name; expected e.g. --plot=diff.svg");
        break;
    default: /* OPT_REFERENCE */
        o->reference = v;
        if (!*o->reference)
            REFUSE("--reference: empty run; expected e.g. --reference=7");
        break;
    }
    return 0;
}

int ldf_parse_args(int argc, char *const *argv, ldf_opts_t *o, char *err, size_t errlen)
{
    ldf_opts_defaults(o);
    sim_opt_parser_t p;
    sim_opt_init(&p, options, argc, argv);
    int npos = 0, id;
    const char *v;
    while ((id = sim_opt_next(&p, &v, err, errlen)) != SIM_OPT_END) {
        if (id == SIM_OPT_HELP || id == SIM_OPT_VERSION) {
            *(id == SIM_OPT_HELP ? &o->help : &o->version) = 1;
            return 1;
        } else if (id == SIM_OPT_ERROR) {
            return 2;
        } else if (id != SIM_OPT_ARG) {
            if (apply(o, id, v, err, errlen) != 0)
                return 2;
        } else if (npos == 0) {
            o->base = v;
            npos++;
        } else if (npos == 1) {
            o->head = v;
            npos++;
        } else {
            REFUSE("unexpected argument '%s'; expected two runs, BASE and HEAD", v);
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
