/*
 * lobfit.c -- fit the model's parameters to a run of the results store
 * (fit.h; README.md, "lobfit").  Parses the command line, loads the
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

/* The cost parameters of both paths: what each operation costs in gets,
 * enqueues, clones, undo bytes and round trips; not the space layout. */
#define DEFAULT_PARAMS                                                                             \
    "dsp.*_gets,dsp.*_cgets,dsp.*_enqueues,dsp.extent_cr,undo.*_cv_bytes,link.*_roundtrips,"       \
    "row.*gets*,row.cached_lob_blocks,row.map_cr_chunks,row.t2_extent_cr"

static void usage(FILE *f)
{
    fputs("usage: lobfit [--db=FILE] --reference=RUN [--params=GLOB,...] [--statistics=NAME,...]\n"
          "              [--out=FILE] [--starts=N] [--seed=N] [--no-cv]\n"
          "\n"
          "Fits the model's integer parameters to a run of the results store (the shipped\n"
          "measurements `reference`, a run lobimport recorded, or any run id): a bounded\n"
          "compass search from the defaults and N-1 seeded random starts, minimising the\n"
          "root mean square relative error of the chosen statistics over the run's cases.\n"
          "Prints each statistic's error before and after, the parameters the data pins\n"
          "and those it leaves free, and the leave-one-LOB-size-out cross-validated error.\n"
          "\n"
          "  --db=FILE             results store (default: " SIM_DEFAULT_STORE ")\n"
          "  --reference=RUN       the run to fit: reference, latest, a run id, a commit\n"
          "  --params=GLOB,...     parameters to fit, shell patterns over --list-params\n"
          "                        names (default: the cost parameters,\n"
          "                        " DEFAULT_PARAMS ")\n"
          "  --statistics=NAME,... statistics to match, as v$statname names them\n"
          "                        (default: every one the run measured)\n"
          "  --out=FILE            write the fitted parameters for lobbench --param-file\n"
          "  --starts=N            search starts (default 4)\n"
          "  --seed=N              seed of the random starts (default 1)\n"
          "  --no-cv               skip the cross-validation\n"
          "\n"
          "Exit status: 0 done, 1 the store or --out failed, 2 bad input.\n",
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

int main(int argc, char **argv)
{
    const char *db = SIM_DEFAULT_STORE, *ref = NULL, *globs = DEFAULT_PARAMS, *statlist = NULL,
               *out = NULL;
    fit_opts_t o;
    fit_opts_defaults(&o);
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        uint64_t v;
        if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
            usage(stdout);
            return 0;
        } else if (strncmp(a, "--db=", 5) == 0 && a[5]) {
            db = a + 5;
        } else if (strncmp(a, "--reference=", 12) == 0 && a[12]) {
            ref = a + 12;
        } else if (strncmp(a, "--params=", 9) == 0) {
            globs = a + 9;
        } else if (strncmp(a, "--statistics=", 13) == 0) {
            statlist = a + 13;
        } else if (strncmp(a, "--out=", 6) == 0 && a[6]) {
            out = a + 6;
        } else if (strncmp(a, "--starts=", 9) == 0) {
            if (sim_parse_u64(a + 9, 64, &v) != 0 || v == 0)
                return bad("--starts: '%s' is not a whole number from 1 to 64%s", a + 9, "");
            o.starts = (unsigned)v;
        } else if (strncmp(a, "--seed=", 7) == 0) {
            if (sim_parse_u64(a + 7, UINT64_MAX, &v) != 0)
                return bad("--seed: '%s' is not a whole number%s", a + 7, "");
            o.seed = v;
        } else if (strcmp(a, "--no-cv") == 0) {
            o.cross_validate = 0;
        } else {
            return bad("unknown or empty option '%s' (see --help)%s", a, "");
        }
    }
    if (ref == NULL)
        return bad("--reference=RUN is required (e.g. --reference=reference)%s%s", "", "");

    /* Parameters: every registry name some glob matches, in registry order. */
    char buf[2048], *items[64];
    int ng = split(globs, buf, sizeof buf, items, 64);
    if (ng < 0)
        return bad("--params: '%s' is empty or has an empty item%s", globs, "");
    size_t params[FIT_MAX_PARAMS], np = 0;
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
                       items[g], "");

    fit_case_t *cases;
    size_t ncases, skipped;
    int64_t run;
    char msg[512];
    sim_err_t err = fit_load(db, ref, &cases, &ncases, &skipped, &run, msg, sizeof msg);
    if (err != SIM_OK)
        return bad("%s%s", msg, ""), err == SIM_EINVAL ? 2 : 1;

    /* Statistics: those named, or every one the run measured. */
    int stats[SIM_STAT_COUNT];
    size_t ns = 0;
    if (statlist) {
        char sbuf[2048], *names[SIM_STAT_COUNT];
        int n = split(statlist, sbuf, sizeof sbuf, names, SIM_STAT_COUNT);
        if (n < 0) {
            sim_free(cases);
            return bad("--statistics: '%s' is empty or has an empty item%s", statlist, "");
        }
        for (int k = 0; k < n; k++) {
            int s = sim_stat_by_name(names[k]);
            if (s < 0) {
                sim_free(cases);
                return bad("--statistics: '%s' is not a statistic of v$statname (e.g. 'db "
                           "block gets')%s",
                           names[k], "");
            }
            stats[ns++] = s;
        }
    } else {
        for (int s = 0; s < SIM_STAT_COUNT; s++)
            for (size_t i = 0; i < ncases; i++)
                if (cases[i].present[s]) {
                    stats[ns++] = s;
                    break;
                }
    }
    if (out) {
        char dir[1024];
        sim_parent_dir(out, dir, sizeof dir);
        struct stat st;
        if (access(dir, W_OK) != 0 || (access(out, F_OK) == 0 && access(out, W_OK) != 0) ||
            (stat(out, &st) == 0 && S_ISDIR(st.st_mode))) {
            sim_free(cases);
            return bad("--out: cannot write '%s' (a directory, or its directory is missing or "
                       "read-only)%s",
                       out, "");
        }
    }
    fit_t *f;
    err = fit_create(cases, ncases, params, np, stats, ns, &f, msg, sizeof msg);
    sim_free(cases);
    if (err != SIM_OK)
        return bad("%s%s", err == SIM_EINVAL ? msg : sim_strerror(err), ""), 2;

    printf("lobfit: run %lld (%s), %zu sessions the model runs (%zu skipped), %zu parameters, "
           "%zu statistics, %u starts, seed %llu\n",
           (long long)run, ref, ncases, skipped, np, ns, o.starts, (unsigned long long)o.seed);
    fflush(stdout);
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    fit_result_t r;
    if ((err = fit_run(f, &o, &r)) != SIM_OK) {
        fprintf(stderr, "lobfit: %s\n", sim_strerror(err));
        fit_destroy(f);
        return 1;
    }
    clock_gettime(CLOCK_MONOTONIC, &t1);
    double secs = (double)(t1.tv_sec - t0.tv_sec) + 1e-9 * (double)(t1.tv_nsec - t0.tv_nsec);

    printf("\n%-42s %12s %12s\n", "statistic (RMS relative error)", "before", "after");
    for (size_t k = 0; k < ns; k++) {
        char b[32], a[32];
        pct(b, sizeof b, fit_error(f, r.before, NULL, stats[k]));
        pct(a, sizeof a, fit_error(f, r.after, NULL, stats[k]));
        printf("%-42s %12s %12s\n", sim_stat_info(stats[k])->name, b, a);
    }
    char b[32], a[32], cv[32];
    pct(b, sizeof b, r.error_before);
    pct(a, sizeof a, r.error_after);
    pct(cv, sizeof cv, r.cv_error);
    printf("%-42s %12s %12s\n", "all", b, a);

    printf("\n%-28s %10s %10s  %s\n", "parameter", "before", "after", "data");
    size_t nfree = 0;
    for (size_t k = 0; k < np; k++) {
        nfree += r.role[k] == FIT_FREE;
        printf("%-28s %10lld %10lld  %s\n", case_param_name(params[k]), (long long)r.before[k],
               (long long)r.after[k],
               r.role[k] == FIT_FREE ? "FREE: no chosen statistic moves with it" : "pinned");
    }
    printf("\n%zu pinned, %zu free\n", np - nfree, nfree);
    if (o.cross_validate)
        printf("cross-validated error (leave one LOB size out, %zu folds): %s (in-sample %s)\n",
               r.cv_folds, cv, a);
    printf("model evaluations: %u parameter vectors, %u cases run, %u objective calls, "
           "%.2f s\n",
           r.evaluations, r.case_runs, r.calls, secs);
    int rc = 0;
    if (out) {
        char header[256];
        snprintf(header, sizeof header, "lobfit --reference=%s (run %lld): error %s -> %s", ref,
                 (long long)run, b, a);
        void *args[3] = {f, &r, header};
        if (sim_write_file(out, write_out, args, msg, sizeof msg) != SIM_OK) {
            fprintf(stderr, "lobfit: %s\n", msg);
            rc = 1;
        } else {
            printf("wrote %s\n", out);
        }
    }
    fit_destroy(f);
    return rc;
}
