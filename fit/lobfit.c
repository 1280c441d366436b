/*
 * lobfit.c -- fit the model's parameters to a run of the results store
 * (fit.h; docs/lobfit.md).  Parses the command line, loads the
 * reference's cases, runs fit_run() with a progress line on stderr and
 * prints the errors before and after, the pinned and free parameters and
 * the cross-validated error; --out writes the parameter file lobbench
 * --param-file reads.
 *
 * Exit status: 0 done, 1 the store or the file could not be read or
 * written after the fit began, 2 bad input (one line naming it).
 */
#include <fnmatch.h>
#include <limits.h>
#include <malloc.h>
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "fit.h"
#include "program_version.h"

static void usage(FILE *f)
{
    fputs("Usage: lobfit [--workload=NAME,...] [--reference=RUN,...] [OPTION]...\n"
          "\n"
          "Fits the model's uncertain integer parameters (--list-params) to runs of the\n"
          "results store: a bounded compass search from the defaults and N-1 seeded\n"
          "random starts, minimising the root mean square relative error of the chosen\n"
          "statistics over the runs' sessions of the workloads asked for (LOB insert and\n"
          "readbacks, heap queries, rac).  Prints each statistic's error before and\n"
          "after, the parameters the data pins and those it leaves free, and the\n"
          "cross-validated error (fit without one LOB size, block size, query or user\n"
          "count, predict it).  Progress goes to stderr: a line rewritten in place on a\n"
          "terminal, else a line per sweep of the search.\n"
          "\n"
          "Options:\n"
          "  --db=FILE               results store, read only; by default\n",
          f);
    sim_store_help(f, 26);
    fputs("  --workload=NAME,...     fit the run's sessions of these workloads only:\n"
          "                          insert, scan, rows, cluster, ctas, fts, range,\n"
          "                          few_rows, rac, or heap for its four (default: all)\n"
          "  --reference=RUN,...     the runs to fit together: a run id, reference (the\n"
          "                          shipped LOB measurements), latest or latest~N (the\n"
          "                          newest lobsim run of the workloads), a commit\n"
          "                          (default: the newest measured run, source 'oracle',\n"
          "                          of the workloads)\n"
          "  --params=GLOB,...       parameters to fit, shell patterns over the names of\n"
          "                          --list-params (default: every one of the families\n"
          "                          of the run's sessions)\n"
          "  --statistics=NAME,...   statistics to match, as v$statname names them\n"
          "                          (default: every one the run measured, unless 0\n"
          "                          in every session)\n"
          "  --out=FILE              write the fitted parameters for lobbench --param-file\n"
          "  --starts=N              search starts (default 4)\n"
          "  --seed=N                seed of the random starts (default 1)\n"
          "  --no-cv                 skip the cross-validation\n"
          "  --quiet                 no progress on stderr (the result is still printed)\n"
          "  --list-params           the parameters a fit may move, why each is uncertain,\n"
          "                          and their bounds; then exit\n"
          "  -h, --help              this help\n"
          "  --version               lobfit's version and the commit it was built from\n"
          "Each option at most once; --NAME VALUE is --NAME=VALUE.\n"
          "\n"
          "Exit status: 0 done, 1 the store or --out failed, 2 bad input (one line naming\n"
          "it).\n",
          f);
}

/* --list-params: the fittable parameters by family. */
static void list_params(void)
{
    case_t d;
    case_defaults(&d);
    printf("%-26s %-6s %8s %14s  %s\n", "parameter", "family", "default", "bounds",
           "why it is uncertain");
    for (size_t i = 0; i < fit_fittable_count(); i++) {
        const fit_fittable_t *p = fit_fittable(i);
        uint32_t def = 0;
        for (size_t k = 0; k < case_param_count(); k++)
            if (strcmp(case_param_name(k), p->name) == 0)
                def = case_param_get(&d, k);
        char bounds[32];
        snprintf(bounds, sizeof bounds, "%u..%llu", p->lo,
                 p->hi ? (unsigned long long)p->hi : 4ULL * def + 16);
        printf("%-26s %-6s %8u %14s  %s\n", p->name, p->family, def, bounds, p->why);
    }
}

/* One line on stderr, under 1 KB: a value of 100 KB given to an option is
 * named by its start. */
static int bad(const char *fmt, const char *a, const char *b)
{
    char line[1000];
    if (snprintf(line, sizeof line, fmt, a, b) >= (int)sizeof line)
        strcpy(line + sizeof line - 4, "...");
    fprintf(stderr, "lobfit: %s\n", line);
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
    const char *db, *ref, *globs, *statlist, *out, *workloads;
    char db_default[4096]; /* what db points to without --db: sim_default_store() */
    unsigned mask;         /* of --workload: bit i, workload i; 0 = every one */
    fit_opts_t fit;
    int help, version, quiet, list;
} args_t;

enum {
    OPT_DB,
    OPT_REFERENCE,
    OPT_PARAMS,
    OPT_STATISTICS,
    OPT_OUT,
    OPT_STARTS,
    OPT_SEED,
    OPT_NO_CV,
    OPT_WORKLOAD,
    OPT_QUIET,
    OPT_LIST_PARAMS
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
                                    {"workload", 0, SIM_OPT_VALUE, OPT_WORKLOAD},
                                    {"quiet", 0, 0, OPT_QUIET},
                                    {"list-params", 0, 0, OPT_LIST_PARAMS},
                                    {NULL, 0, 0, 0}};

/* --workload: names or "heap" into a->mask; 0 or 2 (printed). */
static int parse_workloads(args_t *a, const char *v)
{
    char buf[512], *items[WORKLOAD_MAX + 4];
    int n = split(v, buf, sizeof buf, items, WORKLOAD_MAX + 4);
    if (n < 0)
        return bad("--workload: '%s' is empty, has an empty item or too many%s", v, "");
    for (int i = 0; i < n; i++) {
        for (int k = 0; k < i; k++)
            if (strcmp(items[k], items[i]) == 0)
                return bad("--workload: '%s' is given twice%s", items[i], "");
        int w = workload_find(items[i]);
        if (w >= 0) {
            a->mask |= 1u << w;
            continue;
        }
        if (strcmp(items[i], "heap") != 0) {
            char names[256];
            workload_names(names, sizeof names);
            return bad("--workload: unknown workload '%s' (accepted: %s, heap)", items[i], names);
        }
        for (size_t k = 0; k < workload_count(); k++)
            if (workload_is_heap(k))
                a->mask |= 1u << k;
    }
    a->workloads = v;
    return 0;
}

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
    case OPT_WORKLOAD:
        return parse_workloads(a, v);
    case OPT_QUIET:
        a->quiet = 1;
        return 0;
    case OPT_LIST_PARAMS:
        a->list = 1;
        return 0;
    default: /* OPT_NO_CV */
        a->fit.cross_validate = 0;
        return 0;
    }
}

/* 0 to go on (or with help or version set), 2 bad input (printed). */
static int parse_args(int argc, char **argv, args_t *a)
{
    *a = (args_t){0};
    sim_default_store(a->db_default, sizeof a->db_default);
    a->db = a->db_default;
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
    return 0;
}

/* ---- what to fit, to what ------------------------------------------------ */

/* The fittable parameters some glob of --params matches, or without
 * --params every one of the families of the cases, in registry order:
 * their count, or -1 with a line printed. */
static int select_params(const char *globs, const fit_case_t *cases, size_t ncases, size_t *params)
{
    char buf[2048], *items[64];
    int ng = 0;
    if (globs && (ng = split(globs, buf, sizeof buf, items, 64)) < 0)
        return bad("--params: '%s' is empty or has an empty item%s", globs, ""), -1;
    size_t np = 0;
    unsigned char hit[64] = {0}, any_param[64] = {0};
    for (size_t p = 0; p < case_param_count(); p++) {
        const char *name = case_param_name(p);
        const fit_fittable_t *ft = fit_fittable_find(name);
        bool take = false;
        for (int g = 0; g < ng; g++)
            if (fnmatch(items[g], name, 0) == 0) {
                any_param[g] = 1;
                if (ft) {
                    hit[g] = 1;
                    take = true;
                }
            }
        for (size_t i = 0; !globs && ft && i < ncases && !take; i++)
            take = strcmp(workload_family(cases[i].c.workload), ft->family) == 0;
        if (take && np < FIT_MAX_PARAMS)
            params[np++] = p;
    }
    for (int g = 0; g < ng; g++)
        if (!hit[g])
            return bad(any_param[g]
                           ? "--params: '%s' matches no parameter a fit may move: a format, "
                             "a documented value or a setting of the measurement "
                             "(lobfit --list-params lists those it may)%s"
                           : "--params: '%s' matches no parameter (see lobfit "
                             "--list-params)%s",
                       items[g], ""),
                   -1;
    return (int)np;
}

/* The statistics named by --statistics, or every one the run measured
 * other than 0 in some session (0 everywhere: a statistic the workload does
 * not touch, such as a heap query's securefile figures): their count, or -1
 * with a line printed. */
static int select_stats(const char *statlist, const fit_case_t *cases, size_t ncases, int *stats)
{
    int ns = 0;
    if (statlist == NULL) {
        for (int s = 0; s < SIM_STAT_COUNT; s++)
            for (size_t i = 0; i < ncases; i++)
                if (cases[i].present[s] && cases[i].ref[s] != 0) {
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
        for (int j = 0; j < ns; j++)
            if (stats[j] == s) /* it would weigh twice in the error */
                return bad("--statistics: '%s' is given twice%s", names[k], ""), -1;
        stats[ns++] = s;
    }
    return ns;
}

/* --out can be written, by the rule of every output (sim_output_check: a
 * regular file replaced whole, a pipe or character device written to; a
 * directory, a block device, a link to nothing, a missing or read-only
 * directory refused), before the fit rather than after it.  1 if so, else
 * 0 with a line printed. */
static int out_writable(const char *out)
{
    char msg[1024];
    sim_out_kind_t kind;
    struct stat st;
    /* a name the system cannot create would be found only after the fit */
    size_t part = strcspn(out, "/");
    for (const char *p = out; *p; p += part + (p[part] == '/'), part = strcspn(p, "/"))
        if (part > NAME_MAX || p - out + part >= PATH_MAX) {
            bad("--out: cannot write '%s': a name longer than the system takes%s", out, "");
            return 0;
        }
    /* a file without write permission is refused even as root, who could
     * replace it: someone protected it on purpose (as the store's rule) */
    if (sim_output_check("--out", out, &kind, msg, sizeof msg) != 0 ||
        (kind == SIM_OUT_FILE && stat(out, &st) == 0 && (st.st_mode & 0222) == 0 &&
         snprintf(msg, sizeof msg, "--out: cannot write '%s': a read-only file", out) > 0)) {
        bad("%s%s", msg, "");
        return 0;
    }
    return 1;
}

/*
 * The fit problem: the run's cases loaded, the parameters and statistics
 * chosen, --out checked.  0 with *f, else the exit status (a line printed).
 */
static int make_problem(const args_t *a, fit_t **f, size_t *params, size_t *np, int *stats,
                        size_t *ns, char *runs, size_t runslen, size_t *ncases, size_t *skipped)
{
    fit_case_t *cases;
    char msg[512];
    int64_t ids[FIT_MAX_RUNS];
    size_t nids;
    sim_err_t err =
        fit_load(a->db, a->ref, a->mask, &cases, ncases, skipped, ids, &nids, msg, sizeof msg);
    if (err != SIM_OK)
        return bad("%s%s", msg, ""), err == SIM_EINVAL ? 2 : 1;
    /* "run 3" or "runs 3, 4" */
    size_t at = (size_t)snprintf(runs, runslen, "run%s", nids > 1 ? "s" : "");
    for (size_t i = 0; i < nids && at < runslen; i++)
        at +=
            (size_t)snprintf(runs + at, runslen - at, "%s%lld", i ? ", " : " ", (long long)ids[i]);
    int n = select_params(a->globs, cases, *ncases, params);
    int m = n < 0 ? -1 : select_stats(a->statlist, cases, *ncases, stats);
    if (n < 0 || m < 0 || (a->out && !out_writable(a->out))) {
        sim_free(cases);
        return 2;
    }
    *np = (size_t)n;
    *ns = (size_t)m;
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
    if (o->cross_validate && r->cv_axis)
        printf("cross-validated error (leave one %s out, %zu folds): %s (in-sample %s)\n",
               r->cv_axis, r->cv_folds, cv, a);
    else if (o->cross_validate)
        printf("cross-validated error: none (every session has the same LOB size, block size, "
               "workload and users)\n");
    printf("model evaluations: %u parameter vectors, %u cases run, %u objective calls, "
           "%.2f s\n",
           r->evaluations, r->case_runs, r->calls, secs);
}

/* --out: the fitted parameters as lobbench --param-file reads them.  0, or 1
 * (printed). */
static int write_params(const args_t *a, fit_t *f, fit_result_t *r, const char *runs)
{
    char header[512], b[32], af[32], msg[512];
    pct(b, sizeof b, r->error_before);
    pct(af, sizeof af, r->error_after);
    if (a->ref)
        snprintf(header, sizeof header, "lobfit --reference=%s (%s): error %s -> %s", a->ref, runs,
                 b, af);
    else
        snprintf(header, sizeof header, "lobfit, the newest measured run (%s): error %s -> %s",
                 runs, b, af);
    void *args[3] = {f, r, header};
    if (sim_write_file(a->out, write_out, args, msg, sizeof msg) != SIM_OK) {
        fprintf(stderr, "lobfit: %s\n", msg);
        return 1;
    }
    printf("wrote %s\n", a->out);
    return 0;
}

/* ---- progress -------------------------------------------------------------- */

/* On a terminal one line rewritten in place, at most ten times a second,
 * naming the sweep under way; otherwise one line at the end of each sweep
 * (and of the probing of the free parameters). */
typedef struct {
    int tty;
    struct timespec t0;
    double last; /* seconds since t0 of the last line written */
    int shown;   /* a terminal line is on screen */
} progress_t;

static double since(const struct timespec *t0)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)(t.tv_sec - t0->tv_sec) + 1e-9 * (double)(t.tv_nsec - t0->tv_nsec);
}

static void progress(const fit_progress_t *p, void *arg)
{
    progress_t *pg = arg;
    double now = since(&pg->t0);
    if (pg->tty ? !p->end_of_sweep && now - pg->last < 0.1 : !p->end_of_sweep)
        return;
    pg->last = now;
    char best[32], where[64];
    pct(best, sizeof best, p->best);
    if (p->rounds > 1)
        snprintf(where, sizeof where, "%s %s %u/%u", p->stage,
                 strcmp(p->stage, "search") == 0 ? "start" : "fold", p->round, p->rounds);
    else
        snprintf(where, sizeof where, "%s", p->stage);
    fprintf(stderr, "%slobfit: %s, sweep %u: %u evaluations, %u cases run, best %s, %.1f s%s",
            pg->tty ? "\r" : "", where, p->end_of_sweep ? p->sweep : p->sweep + 1, p->evaluations,
            p->case_runs, best, now, pg->tty ? "\033[K" : "\n");
    pg->shown = pg->tty;
    fflush(stderr);
}

/* The terminal's progress line wiped before the report. */
static void progress_done(progress_t *pg)
{
    if (pg->shown)
        fputs("\r\033[K", stderr);
    pg->shown = 0;
}

/* A fit runs thousands of cases, each building and freeing a segment's
 * per-block tags (megabytes at 256k).  By default glibc gives that memory
 * back to the kernel after each case, and faulting it in again took 97 %
 * of the fit: `lobfit --reference=1 --starts=1 --no-cv` ran 59 s, and
 * 1.6 s with the memory kept (jemalloc, which purges by decay, 15 s).  The
 * output is the same either way. */
static void keep_freed_memory(void)
{
    mallopt(M_MMAP_THRESHOLD, 32 << 20); /* glibc's largest */
    mallopt(M_TRIM_THRESHOLD, 1 << 30);
}

int main(int argc, char **argv)
{
    keep_freed_memory();
    args_t a;
    int rc = parse_args(argc, argv, &a);
    if (rc != 0 || a.help || a.version || a.list) {
        if (a.help)
            usage(stdout);
        else if (a.version)
            puts("lobfit " LOBSIM_VERSION);
        else if (rc == 0)
            list_params();
        return rc;
    }
    /* Ctrl-C during the fit: one line, and nothing written (the store is
     * read and closed before the fit starts). */
    sim_interrupt_install("lobfit", "nothing written");
    fit_t *f;
    size_t params[FIT_MAX_PARAMS], np, ns, ncases, skipped;
    int stats[SIM_STAT_COUNT];
    char runs[256];
    if ((rc = make_problem(&a, &f, params, &np, stats, &ns, runs, sizeof runs, &ncases,
                           &skipped)) != 0)
        return rc;
    printf("lobfit: %s (%s%s%s), %zu sessions the model runs (%zu skipped), %zu parameters, "
           "%zu statistics, %u starts, seed %llu\n",
           runs, a.ref ? a.ref : "the newest measured", a.workloads ? " of " : "",
           a.workloads ? a.workloads : "", ncases, skipped, np, ns, a.fit.starts,
           (unsigned long long)a.fit.seed);
    fflush(stdout);
    progress_t pg = {.tty = isatty(STDERR_FILENO)};
    clock_gettime(CLOCK_MONOTONIC, &pg.t0);
    if (!a.quiet) {
        a.fit.progress = progress;
        a.fit.progress_arg = &pg;
    }
    fit_result_t r;
    sim_err_t err = fit_run(f, &a.fit, &r);
    progress_done(&pg);
    if (err != SIM_OK) {
        fprintf(stderr, "lobfit: %s\n", sim_strerror(err));
        fit_destroy(f);
        return 1;
    }
    sim_interrupt_hold(1); /* the report and --out whole, or not begun */
    print_report(f, &a.fit, &r, params, np, stats, ns, since(&pg.t0));
    if (a.out)
        rc = write_params(&a, f, &r, runs);
    sim_interrupt_say(rc == 0 && a.out ? "after writing its parameters" : "nothing written");
    sim_interrupt_hold(0);
    fit_destroy(f);
    return rc;
}
