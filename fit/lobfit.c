/*
 * lobfit.c -- fit the model's parameters to a run of the results store
 * (fit.h; docs/lobfit.md).  Parses the command line, loads the
 * reference's cases, runs fit_run() and prints the errors before and after,
 * the pinned and free parameters and the cross-validated error; --out writes
 * the parameter file lobbench --param-file reads.
 *
 * Exit status: 0 done, 1 the store or the file could not be read or
 * written after the fit began, 2 bad input (one line naming it).
 */
#include <fnmatch.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "fit.h"
#include "program_version.h"

/* The cost parameters of both paths: what each operation costs in gets,
 * enqueues, clones, undo bytes and round trips; not the space layout. */
#define DEFAULT_PARAMS                                                                             \
    "dsp.*_gets,dsp.*_cgets,dsp.*_enqueues,dsp.extent_cr,undo.*_cv_bytes,link.*_roundtrips,"       \
    "row.*gets*,row.cached_lob_blocks,row.map_cr_chunks,row.t2_extent_cr"

/* The items of a comma list, ", " between them, as many to a line as fit in
 * width, each line after indent spaces. */
static void print_wrapped(FILE *f, const char *list, int indent, int width)
{
    int col = indent;
    fprintf(f, "%*s", indent, "");
    for (const char *p = list; *p;) {
        int n = (int)strcspn(p, ",");
        if (p != list && col + 2 + n > width) {
            fprintf(f, ",\n%*s", indent, "");
            col = indent;
        } else if (p != list) {
            fputs(", ", f);
            col += 2;
        }
        fprintf(f, "%.*s", n, p);
        col += n;
        p += n + (p[n] == ',');
    }
}

static void usage(FILE *f)
{
    fputs("Usage: lobfit --reference=RUN [OPTION]...\n"
          "\n"
          "Fits the model's integer parameters to a run of the results store (the shipped\n"
          "measurements `reference`, a run lobimport recorded, or any run id): a bounded\n"
          "compass search from the defaults and N-1 seeded random starts, minimising the\n"
          "root mean square relative error of the chosen statistics over the run's cases.\n"
          "Prints each statistic's error before and after, the parameters the data pins\n"
          "and those it leaves free, and the leave-one-LOB-size-out cross-validated error.\n"
          "\n"
          "Options:\n"
          "  --db=FILE               results store (default: " SIM_DEFAULT_STORE ")\n"
          "  --reference=RUN         the run to fit: reference, latest, a run id, a commit\n"
          "  --params=GLOB,...       parameters to fit, shell patterns over --list-params\n"
          "                          names (default: the cost parameters\n",
          f);
    print_wrapped(f, DEFAULT_PARAMS ")", 26, 79);
    fputs("\n"
          "  --statistics=NAME,...   statistics to match, as v$statname names them\n"
          "                          (default: every one the run measured)\n"
          "  --out=FILE              write the fitted parameters for lobbench --param-file\n"
          "  --starts=N              search starts (default 4)\n"
          "  --seed=N                seed of the random starts (default 1)\n"
          "  --no-cv                 skip the cross-validation\n"
          "  -h, --help              this help\n"
          "  --version               lobfit's version and the commit it was built from\n"
          "Each option at most once; --NAME VALUE is --NAME=VALUE.\n"
          "\n"
          "Exit status: 0 done, 1 the store or --out failed, 2 bad input (one line naming\n"
          "it).\n",
          f);
}

static int bad(const char *fmt, const char *a, const char *b)
{
    fprintf(stderr, "lobfit: ");
    fprintf(stderr, fmt, a, b);
    fputc('\n', stderr);
    return 2;
}

/* Split s at commas into items[] (pointing into buf); returns the count or
 * -1 for an empty item. */
static int split(const char *s, char *buf, size_t len, char **items, int max)
{
    if (strlen(s) >= len || *s == '\0')
        return -1;
    strcpy(buf, s);
    int n = 0;
    for (char *p = buf;; p++) {
        char *c = strchr(p, ',');
        if (c)
            *c = '\0';
        if (*p == '\0' || n == max)
            return -1;
        items[n++] = p;
        if (!c)
            return n;
        p = c;
    }
}

static sim_err_t write_out(FILE *fp, void *arg)
{
    void **a = arg;
    fit_write_params(a[0], a[1], a[2], fp);
    return ferror(fp) ? SIM_EIO : SIM_OK;
}

static void pct(char *buf, size_t len, double e)
{
    if (isnan(e))
        snprintf(buf, len, "-");
    else if (isinf(e))
        snprintf(buf, len, "refused");
    else
        snprintf(buf, len, "%.2f%%", 100 * e);
}

/* ---- the command line ---------------------------------------------------- */

typedef struct {
    const char *db, *ref, *globs, *statlist, *out;
    fit_opts_t fit;
    int help, version;
} args_t;

enum {
    OPT_DB,
    OPT_REFERENCE,
    OPT_PARAMS,
    OPT_STATISTICS,
    OPT_OUT,
    OPT_STARTS,
    OPT_SEED,
    OPT_NO_CV
};

/* Every option at most once. */
static const sim_opt_t options[] = {{"db", 0, SIM_OPT_VALUE, OPT_DB},
                                    {"reference", 0, SIM_OPT_VALUE, OPT_REFERENCE},
                                    {"params", 0, SIM_OPT_VALUE, OPT_PARAMS},
                                    {"statistics", 0, SIM_OPT_VALUE, OPT_STATISTICS},
                                    {"out", 0, SIM_OPT_VALUE, OPT_OUT},
                                    {"starts", 0, SIM_OPT_VALUE, OPT_STARTS},
                                    {"seed", 0, SIM_OPT_VALUE, OPT_SEED},
                                    {"no-cv", 0, 0, OPT_NO_CV},
                                    {NULL, 0, 0, 0}};

/* One option, id from the table above, into a: 0 or 2 (printed). */
static int apply(args_t *a, int id, const char *v)
{
    uint64_t n;
    switch (id) {
    case OPT_DB:
    case OPT_REFERENCE:
    case OPT_OUT:
        if (*v == '\0')
            return bad("%s: empty value (see --help)%s",
                       id == OPT_DB    ? "--db"
                       : id == OPT_OUT ? "--out"
                                       : "--reference",
                       "");
        *(id == OPT_DB ? &a->db : id == OPT_OUT ? &a->out : &a->ref) = v;
        return 0;
    case OPT_PARAMS:
        a->globs = v;
        return 0;
    case OPT_STATISTICS:
        a->statlist = v;
        return 0;
    case OPT_STARTS:
        if (sim_parse_u64(v, 64, &n) != 0 || n == 0)
            return bad("--starts: '%s' is not a whole number from 1 to 64%s", v, "");
        a->fit.starts = (unsigned)n;
        return 0;
    case OPT_SEED:
        if (sim_parse_u64(v, UINT64_MAX, &n) != 0)
            return bad("--seed: '%s' is not a whole number%s", v, "");
        a->fit.seed = n;
        return 0;
    default: /* OPT_NO_CV */
        a->fit.cross_validate = 0;
        return 0;
    }
}

/* 0 to go on (or with help or version set), 2 bad input (printed). */
static int parse_args(int argc, char **argv, args_t *a)
{
    *a = (args_t){.db = SIM_DEFAULT_STORE, .globs = DEFAULT_PARAMS};
    fit_opts_defaults(&a->fit);
    sim_opt_parser_t p;
    sim_opt_init(&p, options, argc, argv);
    char err[512];
    const char *v;
    for (int id; (id = sim_opt_next(&p, &v, err, sizeof err)) != SIM_OPT_END;) {
        if (id == SIM_OPT_HELP || id == SIM_OPT_VERSION) {
            *(id == SIM_OPT_HELP ? &a->help : &a->version) = 1;
            return 0;
        }
        if (id == SIM_OPT_ERROR)
            return bad("%s%s", err, "");
        if (id == SIM_OPT_ARG)
            return bad("unexpected argument '%s': lobfit takes options only (see --help)%s", v, "");
        if (apply(a, id, v) != 0)
            return 2;
    }
    if (a->ref == NULL)
        return bad("--reference=RUN is required (e.g. --reference=reference)%s%s", "", "");
    return 0;
}

/* ---- what to fit, to what ------------------------------------------------ */

/* Every registry parameter some glob of --params matches, in registry
 * order: their count, or -1 with a line printed. */
static int select_params(const char *globs, size_t *params)
{
    char buf[2048], *items[64];
    int ng = split(globs, buf, sizeof buf, items, 64);
    if (ng < 0)
        return bad("--params: '%s' is empty or has an empty item%s", globs, ""), -1;
    size_t np = 0;
    unsigned char hit[64] = {0};
    for (size_t p = 0; p < case_param_count(); p++) {
        int any = 0;
        for (int g = 0; g < ng; g++)
            if (fnmatch(items[g], case_param_name(p), 0) == 0)
                any = hit[g] = 1;
        if (any && np < FIT_MAX_PARAMS)
            params[np++] = p;
    }
    for (int g = 0; g < ng; g++)
        if (!hit[g])
            return bad("--params: '%s' matches no parameter (see lobbench --list-params)%s",
                       items[g], ""),
                   -1;
    return (int)np;
}

/* The statistics named by --statistics, or every one the run measured:
 * their count, or -1 with a line printed. */
static int select_stats(const char *statlist, const fit_case_t *cases, size_t ncases, int *stats)
{
    int ns = 0;
    if (statlist == NULL) {
        for (int s = 0; s < SIM_STAT_COUNT; s++)
            for (size_t i = 0; i < ncases; i++)
                if (cases[i].present[s]) {
                    stats[ns++] = s;
                    break;
                }
        return ns;
    }
    char sbuf[2048], *names[SIM_STAT_COUNT];
    int n = split(statlist, sbuf, sizeof sbuf, names, SIM_STAT_COUNT);
    if (n < 0)
        return bad("--statistics: '%s' is empty or has an empty item%s", statlist, ""), -1;
    for (int k = 0; k < n; k++) {
        int s = sim_stat_by_name(names[k]);
        if (s < 0)
            return bad("--statistics: '%s' is not a statistic of v$statname (e.g. 'db "
                       "block gets')%s",
                       names[k], ""),
                   -1;
        stats[ns++] = s;
    }
    return ns;
}

/* --out can be written: its directory takes files and it is not a
 * directory nor a read-only file.  1 if so, else 0 with a line printed. */
static int out_writable(const char *out)
{
    char dir[1024];
    sim_parent_dir(out, dir, sizeof dir);
    struct stat st;
    if (access(dir, W_OK) != 0 || (access(out, F_OK) == 0 && access(out, W_OK) != 0) ||
        (stat(out, &st) == 0 && S_ISDIR(st.st_mode))) {
        bad("--out: cannot write '%s' (a directory, or its directory is missing or "
            "read-only)%s",
            out, "");
        return 0;
    }
    return 1;
}

/*
 * The fit problem: the run's cases loaded, the parameters and statistics
 * chosen, --out checked.  0 with *f, else the exit status (a line printed).
 */
static int make_problem(const args_t *a, fit_t **f, size_t *params, size_t *np, int *stats,
                        size_t *ns, int64_t *run, size_t *ncases, size_t *skipped)
{
    int n = select_params(a->globs, params);
    if (n < 0)
        return 2;
    *np = (size_t)n;
    fit_case_t *cases;
    char msg[512];
    sim_err_t err = fit_load(a->db, a->ref, &cases, ncases, skipped, run, msg, sizeof msg);
    if (err != SIM_OK)
        return bad("%s%s", msg, ""), err == SIM_EINVAL ? 2 : 1;
    n = select_stats(a->statlist, cases, *ncases, stats);
    if (n < 0 || (a->out && !out_writable(a->out))) {
        sim_free(cases);
        return 2;
    }
    *ns = (size_t)n;
    err = fit_create(cases, *ncases, params, *np, stats, *ns, f, msg, sizeof msg);
    sim_free(cases);
    if (err != SIM_OK)
        return bad("%s%s", err == SIM_EINVAL ? msg : sim_strerror(err), ""), 2;
    return 0;
}

/* ---- the report ---------------------------------------------------------- */

/* Each statistic's error before and after, then every parameter's values and
 * whether the data pins it, the cross-validated error and the work done. */
static void print_report(fit_t *f, const fit_opts_t *o, const fit_result_t *r, const size_t *params,
                         size_t np, const int *stats, size_t ns, double secs)
{
    printf("\n%-42s %12s %12s\n", "statistic (RMS relative error)", "before", "after");
    for (size_t k = 0; k < ns; k++) {
        char b[32], a[32];
        pct(b, sizeof b, fit_error(f, r->before, NULL, stats[k]));
        pct(a, sizeof a, fit_error(f, r->after, NULL, stats[k]));
        printf("%-42s %12s %12s\n", sim_stat_info(stats[k])->name, b, a);
    }
    char b[32], a[32], cv[32];
    pct(b, sizeof b, r->error_before);
    pct(a, sizeof a, r->error_after);
    pct(cv, sizeof cv, r->cv_error);
    printf("%-42s %12s %12s\n", "all", b, a);

    printf("\n%-28s %10s %10s  %s\n", "parameter", "before", "after", "data");
    size_t nfree = 0;
    for (size_t k = 0; k < np; k++) {
        nfree += r->role[k] == FIT_FREE;
        printf("%-28s %10lld %10lld  %s\n", case_param_name(params[k]), (long long)r->before[k],
               (long long)r->after[k],
               r->role[k] == FIT_FREE ? "FREE: no chosen statistic moves with it" : "pinned");
    }
    printf("\n%zu pinned, %zu free\n", np - nfree, nfree);
    if (o->cross_validate)
        printf("cross-validated error (leave one LOB size out, %zu folds): %s (in-sample %s)\n",
               r->cv_folds, cv, a);
    printf("model evaluations: %u parameter vectors, %u cases run, %u objective calls, "
           "%.2f s\n",
           r->evaluations, r->case_runs, r->calls, secs);
}

/* --out: the fitted parameters as lobbench --param-file reads them.  0, or 1
 * (printed). */
static int write_params(const args_t *a, fit_t *f, fit_result_t *r, int64_t run)
{
    char header[256], b[32], af[32], msg[512];
    pct(b, sizeof b, r->error_before);
    pct(af, sizeof af, r->error_after);
    snprintf(header, sizeof header, "lobfit --reference=%s (run %lld): error %s -> %s", a->ref,
             (long long)run, b, af);
    void *args[3] = {f, r, header};
    if (sim_write_file(a->out, write_out, args, msg, sizeof msg) != SIM_OK) {
        fprintf(stderr, "lobfit: %s\n", msg);
        return 1;
    }
    printf("wrote %s\n", a->out);
    return 0;
}

int main(int argc, char **argv)
{
    args_t a;
    int rc = parse_args(argc, argv, &a);
    if (rc != 0 || a.help || a.version) {
        if (a.help)
            usage(stdout);
        else if (a.version)
            puts("lobfit " LOBSIM_VERSION);
        return rc;
    }
    fit_t *f;
    size_t params[FIT_MAX_PARAMS], np, ns, ncases, skipped;
    int stats[SIM_STAT_COUNT];
    int64_t run;
    if ((rc = make_problem(&a, &f, params, &np, stats, &ns, &run, &ncases, &skipped)) != 0)
        return rc;
    printf("lobfit: run %lld (%s), %zu sessions the model runs (%zu skipped), %zu parameters, "
           "%zu statistics, %u starts, seed %llu\n",
           (long long)run, a.ref, ncases, skipped, np, ns, a.fit.starts,
           (unsigned long long)a.fit.seed);
    fflush(stdout);
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    fit_result_t r;
    sim_err_t err = fit_run(f, &a.fit, &r);
    if (err != SIM_OK) {
        fprintf(stderr, "lobfit: %s\n", sim_strerror(err));
        fit_destroy(f);
        return 1;
    }
    clock_gettime(CLOCK_MONOTONIC, &t1);
    double secs = (double)(t1.tv_sec - t0.tv_sec) + 1e-9 * (double)(t1.tv_nsec - t0.tv_nsec);
    print_report(f, &a.fit, &r, params, np, stats, ns, secs);
    if (a.out)
        rc = write_params(&a, f, &r, run);
    fit_destroy(f);
    return rc;
}
