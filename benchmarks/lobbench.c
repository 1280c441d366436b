/*
 * lobbench.c -- the sweep: every (path, LOB size, block size) case is one
 * Google Benchmark, named so that filters read naturally
 * (insert/local/lob:64k/block:8k/rows:10000).  Each iteration simulates the
 * whole statement on a fresh segment, so the counters (all the model's
 * statistics, averaged over iterations) are the same in every iteration and
 * the time is the model's time per statement.
 *
 * After the benchmark report come the statistics table laid out like the
 * reference, the optional CSV and plot (lobbench_plot.c) and the record in
 * the results store (lobbench_record.c).
 */
#include <jemalloc/jemalloc.h>
#include <regex.h>
#include <sys/stat.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "gbc.h"
#include "life_sim.h"
#include "lobbench_int.h"
#include "program_version.h"
#include "rac_sim.h"
#include "results.h"

#ifndef LOBSIM_BUILD_TYPE
#define LOBSIM_BUILD_TYPE "unknown"
#endif

/* Process memory as jemalloc counts it (after refreshing its statistics). */
static void jemalloc_bytes(size_t *allocated, size_t *resident)
{
    uint64_t epoch = 1;
    size_t sz = sizeof epoch;
    *allocated = *resident = 0;
    mallctl("epoch", &epoch, &sz, &epoch, sz);
    sz = sizeof *allocated;
    mallctl("stats.allocated", allocated, &sz, NULL, 0);
    sz = sizeof *resident;
    mallctl("stats.resident", resident, &sz, NULL, 0);
}

/* Set once before the run: the benchmark bodies only read it. */
static int all_counters;

static void bm_insert(gbc_state_t *st, void *user)
{
    bench_case_t *bc = user;
    sim_stats_t got;
    int64_t n;
    while (gbc_state_keep_running_batch(st, &n))
        for (int64_t i = 0; i < n; i++) {
            sim_err_t rc = workload_run_stats(&bc->c, &got);
            if (rc != SIM_OK) {
                gbc_state_skip_with_error(st, sim_strerror(rc));
                break;
            }
            /* Counters are deterministic: any difference is a bug. */
            if (memcmp(&got, &bc->st, sizeof got) != 0) {
                gbc_state_skip_with_error(st, "statistics differ between iterations");
                break;
            }
        }
    if (gbc_state_error_occurred(st))
        return;
    double iters = (double)gbc_state_iterations(st);
    for (int s = 0; s < SIM_STAT_COUNT && all_counters; s++)
        gbc_state_set_counter(st, sim_stat_info((sim_stat_t)s)->name, (double)bc->st.v[s] * iters,
                              GBC_COUNTER_AVG_ITERATIONS, GBC_ONEK_1000);
    /* Time per dispenser allocation: the inverse of allocations per second. */
    if (bc->st.v[SIM_STAT_DSP_ALLOCATIONS])
        gbc_state_set_counter(st, "time/dispenser allocation",
                              (double)bc->st.v[SIM_STAT_DSP_ALLOCATIONS] * iters,
                              GBC_COUNTER_IS_RATE | GBC_COUNTER_INVERT, GBC_ONEK_1000);
    size_t allocated, resident;
    jemalloc_bytes(&allocated, &resident);
    gbc_state_set_counter(st, "jemalloc allocated bytes", (double)allocated, 0, GBC_ONEK_1024);
    gbc_state_set_counter(st, "jemalloc resident bytes", (double)resident, 0, GBC_ONEK_1024);
    gbc_state_set_items_processed(st, (int64_t)(bc->c.rows * (uint64_t)iters));
    /* Simulated LOB bytes per second of model time. */
    if (all_counters)
        gbc_state_set_bytes_processed(
            st, (int64_t)(bc->c.rows * case_lob_bytes(&bc->c) * (uint64_t)iters));
}

/* Google Benchmark's results, back onto the cases. */
static void on_report(const gbc_run_t *run, void *user)
{
    sweep_t *sw = user;
    bench_case_t *bc = gbc_benchmark_user(run->benchmark);
    if (bc == NULL || run->is_aggregate || run->error_occurred)
        return;
    static const double per_ns[] = {1.0, 1e3, 1e6, 1e9};
    double scale = per_ns[run->time_unit <= GBC_S ? run->time_unit : 0];
    /* Keep the mean over repetitions. */
    int k = bc->repetitions;
    bc->real_ns = (bc->real_ns * k + run->real_time * scale) / (k + 1);
    bc->cpu_ns = (bc->cpu_ns * k + run->cpu_time * scale) / (k + 1);
    bc->iterations = (uint64_t)run->iterations;
    bc->repetitions = k + 1;
    if (bc->nsamples < BENCH_MAX_SAMPLES) {
        bc->real_samples_ns[bc->nsamples] = run->real_time * scale;
        bc->cpu_samples_ns[bc->nsamples] = run->cpu_time * scale;
        bc->nsamples++;
    }
    if (run->repetition_index <= 0)
        sw->done++;
    if (sw->progress && time(NULL) - sw->started >= 1)
        fprintf(stderr, "\r[%zu/%zu] %s\033[K%s", sw->done, sw->ncases, run->run_name,
                sw->done == sw->ncases ? "\n" : "");
}

/* ---- checking the outputs before the sweep ------------------------------ */

/* The cases --benchmark_filter selects, as Google Benchmark would: an
 * extended regular expression searched in the name, "-RE" for the others,
 * "all" or "" for every one.  The wrapper has already refused a bad regex. */
static size_t count_matching(const sweep_t *sw, const char *filter)
{
    if (filter == NULL || *filter == '\0' || strcmp(filter, "all") == 0)
        return sw->ncases;
    int negate = filter[0] == '-';
    regex_t re;
    if (regcomp(&re, filter + negate, REG_EXTENDED | REG_NOSUB) != 0)
        return 0;
    size_t n = 0;
    for (size_t i = 0; i < sw->ncases; i++)
        if (sw->cases[i].ran)
            n += (regexec(&re, sw->cases[i].name, 0, NULL, 0) == 0) != negate;
    regfree(&re);
    return n;
}

/* `path` can take an output: sim_output_check()'s rule, shared by every
 * program. */
static int dir_writable(const char *what, const char *path, char *err, size_t errlen)
{
    sim_out_kind_t kind;
    return sim_output_check(what, path, &kind, err, errlen) != 0 ? 2 : 0;
}

/*
 * Refuse, before anything runs, the outputs that could not be written: a
 * results store that is not ours, of a newer schema, damaged or read-only,
 * and files in missing directories.  Nothing is written here.
 */
static int check_outputs(const bench_opts_t *o, char *err, size_t errlen)
{
    if (o->stats_out && dir_writable("--stats-out", o->stats_out, err, errlen))
        return 2;
    if (o->awr_out && dir_writable("--awr-out", o->awr_out, err, errlen))
        return 2;
    if (o->explain_out && dir_writable("--explain-out", o->explain_out, err, errlen))
        return 2;
    if (o->profile_out && dir_writable("--profile-out", o->profile_out, err, errlen))
        return 2;
    if (o->plot && dir_writable("--plot", o->plot, err, errlen))
        return 2;
    if (o->db == NULL)
        return 0;
    struct stat sb;
    /* The user's own store, before its first run: recording makes its
     * folders (lobbench_record.c); there is nothing to probe. */
    char dir[sizeof o->db_default];
    sim_parent_dir(o->db, dir, sizeof dir);
    if (!o->db_given && stat(dir, &sb) != 0)
        return 0;
    if (stat(o->db, &sb) != 0 && lstat(o->db, &sb) == 0) {
        snprintf(err, errlen, "--db: '%s' is a symbolic link to nothing", o->db);
        return 2;
    }
    /* What the read-write open after the sweep would refuse, without
     * writing: an older schema passes (that open upgrades it). */
    res_store_t *store;
    if (res_open(o->db, RES_OPEN_PROBE | RES_OPEN_CREATE, &store, err, errlen) != SIM_OK)
        return 2;
    res_close(store);
    return 0;
}

/* ---- the sweep, step by step -------------------------------------------- */

/* --help, --version, --list-params: what lobbench says instead of running. */
static void print_info(const bench_opts_t *o)
{
    if (o->help) {
        bench_usage(stdout);
    } else if (o->version) {
        puts("lobbench " LOBSIM_VERSION);
    } else if (o->script) {
        /* A script's parameters (--list-params --script=FILE): the
         * segment's and undo's names are the sweep's, with the script's own
         * defaults. */
        life_params_t lp;
        life_params_defaults(&lp);
        printf("%-28s %s\n", "parameter", "default");
        for (size_t i = 0; i < life_param_count(); i++)
            printf("%-28s %u\n", life_param_name(i), life_param_get(&lp, i));
    } else {
        case_t c;
        case_defaults(&c);
        printf("%-28s %-12s %s\n", "parameter", "default", "values by name");
        for (size_t i = 0; i < case_param_count(); i++) {
            const char *name = case_param_name(i), *w;
            char def[32];
            bench_param_text(name, case_param_get(&c, i), def, sizeof def);
            if (case_param_word(name, 0, NULL) == NULL) {
                printf("%-28s %s\n", name, def);
                continue;
            }
            printf("%-28s %-12s", name, def);
            for (size_t k = 0; (w = case_param_word(name, k, NULL)) != NULL; k++)
                printf("%s%s", k ? ", " : " ", w);
            printf("\n");
        }
    }
}

/*
 * Every case of the sweep, built and checked before anything runs: 0, 1
 * out of memory, 2 a case the model refuses or a sweep too large (one line
 * printed either way).  The sweep's points (lists of parameters, seeds)
 * are innermost, so that a case's neighbours differ in them only.
 */
static int build_cases(const bench_opts_t *o, sweep_t *sw)
{
    size_t nsel = 0, npoints = bench_npoints(o);
    /* A LOB workload's cases: path x LOB size x block size; a heap query's
     * and rac's: block size alone (their paths and sizes are none). */
    for (size_t w = 0; w < workload_count(); w++) {
        if (!o->workloads[w])
            continue;
        if (workload_kind(w) != WORKLOAD_LOB) {
            nsel++;
            continue;
        }
        for (int p = 0; p < CASE_PATH_COUNT; p++)
            nsel += o->paths[p] ? o->nsizes : 0;
    }
    /* Each factor is at most BENCH_MAX_LIST, the points at most 64^3. */
    if (nsel * o->nblock_sizes > BENCH_MAX_CASES / npoints) {
        fprintf(stderr,
                "lobbench: the sweep has %zu cases (%zu points of lists and seeds x %zu); at most "
                "%d\n",
                nsel * o->nblock_sizes * npoints, npoints, nsel * o->nblock_sizes, BENCH_MAX_CASES);
        return 2;
    }
    sw->cases = calloc(nsel * o->nblock_sizes * npoints, sizeof *sw->cases);
    if (sw->cases == NULL) {
        fprintf(stderr, "lobbench: out of memory\n");
        return 1;
    }
    char err[512];
    for (size_t w = 0; w < workload_count(); w++) {
        if (!o->workloads[w])
            continue;
        int lob = workload_kind(w) == WORKLOAD_LOB;
        for (int p = 0; p < (lob ? CASE_PATH_COUNT : 1); p++) {
            if (lob && !o->paths[p])
                continue;
            for (size_t b = 0; b < o->nblock_sizes; b++)
                for (size_t s = 0; s < (lob ? o->nsizes : 1); s++)
                    for (size_t k = 0; k < npoints; k++) {
                        bench_case_t *bc = &sw->cases[sw->ncases++];
                        if (bench_sweep_case(o, (unsigned)w, (case_path_t)p, o->sizes[s],
                                             o->block_sizes[b], k, bc, err, sizeof err) != 0) {
                            fprintf(stderr, "lobbench: %s\n", err);
                            return 2;
                        }
                    }
        }
    }
    return 0;
}

/* On a terminal the statistics table follows the report, so the console
 * keeps to the key counters; files and other formats get them all. */
static int wants_all_counters(const bench_opts_t *o, int argc, char **argv)
{
    int all = o->all_counters;
    for (int i = 1; i < argc; i++)
        if (strncmp(argv[i], "--benchmark_out", 15) == 0 ||
            (strncmp(argv[i], "--benchmark_format=", 19) == 0 &&
             strcmp(argv[i] + 19, "console") != 0))
            all = 1;
    return all;
}

/* Without --benchmark_min_time each case is timed for this long: the
 * table is the first thing a user wants, in seconds (make bench), and
 * timing work asks for more (docs/lobbench.md, "Timing"). */
static char default_min_time[] = "--benchmark_min_time=0.02s";

/* argv with default_min_time added when neither it nor the environment
 * (Google Benchmark reads BENCHMARK_MIN_TIME too) sets one: malloc, NULL
 * when out of memory. */
static char **with_min_time(int *argc, char **argv)
{
    int given = getenv("BENCHMARK_MIN_TIME") != NULL;
    for (int i = 1; i < *argc; i++)
        given |= strncmp(argv[i], "--benchmark_min_time=", 21) == 0;
    char **out = malloc(((size_t)*argc + 2) * sizeof *out);
    if (out == NULL)
        return NULL;
    memcpy(out, argv, (size_t)*argc * sizeof *out);
    if (!given)
        out[(*argc)++] = default_min_time;
    out[*argc] = NULL;
    return out;
}

/* The min time the argv handed to Google Benchmark sets, and whence, for
 * the report's context: the last flag wins, as in the library. */
static void min_time_text(int argc, char **argv, char *buf, size_t len)
{
    const char *flag = NULL, *env = getenv("BENCHMARK_MIN_TIME");
    for (int i = 1; i < argc; i++)
        if (strncmp(argv[i], "--benchmark_min_time=", 21) == 0)
            flag = argv[i];
    if (flag)
        snprintf(buf, len, "%s (%s)", flag,
                 flag == default_min_time ? "lobbench's default" : "given");
    else
        snprintf(buf, len, "BENCHMARK_MIN_TIME=%s (the environment)", env ? env : "?");
}

/* --benchmark_filter's value, NULL if none: the last one wins, as in the
 * library. */
static const char *benchmark_filter(int argc, char **argv)
{
    const char *filter = NULL;
    for (int i = 1; i < argc; i++)
        if (strncmp(argv[i], "--benchmark_filter=", 19) == 0)
            filter = argv[i] + 19;
    return filter;
}

/* The seed, or the seeds of --seeds as "1, 2, 3" (cut short with "..."). */
static void seeds_text(const bench_opts_t *o, char *buf, size_t len)
{
    size_t used = (size_t)snprintf(buf, len, "%llu", (unsigned long long)o->seed);
    for (size_t i = 1; i < o->nseeds && used < len; i++)
        used += (size_t)snprintf(buf + used, len - used, ", %llu", (unsigned long long)o->seeds[i]);
    if (used >= len && len > 4)
        strcpy(buf + len - 4, "...");
}

/* The parameters of c that differ from the model's defaults, "name=value"
 * separated by spaces, or "the model's defaults" when none does: what the
 * console shows of the context's lobsim_model_params (the JSON keeps them
 * all). */
static void changed_params(const case_t *c, char *buf, size_t len)
{
    case_t d;
    case_defaults(&d);
    size_t used = 0;
    buf[0] = '\0';
    for (size_t i = 0; i < case_param_count() && used < len; i++) {
        if (case_param_get(c, i) == case_param_get(&d, i))
            continue;
        char v[32];
        bench_param_text(case_param_name(i), case_param_get(c, i), v, sizeof v);
        used += (size_t)snprintf(buf + used, len - used, "%s%s=%s", used ? " " : "",
                                 case_param_name(i), v);
    }
    if (!buf[0])
        snprintf(buf, len, "the model's defaults (all of them in the JSON context)");
}

/*
 * Google Benchmark's flags taken (what is left in argv refused), the outputs
 * checked, and the run's provenance put in the report's context.  0, or 2
 * with one line printed.
 */
static int start_benchmark(gbc_t *g, const bench_opts_t *o, const sweep_t *sw, int *argc,
                           char **argv, provenance_t *pv)
{
    char err[512], timing[128];
    /* Before gbc_initialize(), which takes the flag out of argv. */
    min_time_text(*argc, argv, timing, sizeof timing);
    if (gbc_initialize(g, argc, argv) != GBC_OK) {
        fprintf(stderr, "lobbench: %s\n", gbc_errmsg(g));
        return 2;
    }
    if (gbc_report_unrecognized_arguments(*argc, argv))
        return 2;
    if (check_outputs(o, err, sizeof err) != 0) {
        fprintf(stderr, "lobbench: %s\n", err);
        return 2;
    }
    lobbench_provenance(pv);
    char params[CASE_PARAMS_LEN];
    case_describe_params(&sw->cases[0].c, params, sizeof params);
    char seed[32];
    seeds_text(o, seed, sizeof seed);
    gbc_add_context(g, "lobsim_git_commit", pv->commit);
    gbc_add_context(g, "lobsim_git_dirty",
                    pv->dirty < 0 ? "unknown"
                    : pv->dirty   ? "true"
                                  : "false");
    gbc_add_context(g, "lobsim_compiler", pv->compiler);
    gbc_add_context(g, "lobsim_build_type", LOBSIM_BUILD_TYPE);
    gbc_add_context(g, "lobsim_seed", seed);
    gbc_add_context(g, "lobsim_model_params", params);
    char changed[1024];
    changed_params(&sw->cases[0].c, changed, sizeof changed);
    gbc_context_shown(g, "lobsim_model_params", changed);
    /* Beside Oracle's statistics, Time would read as Oracle's elapsed
     * time: it is the simulator's, per simulated statement. */
    gbc_console_labels(g, "Model time", "Model CPU",
                       "Time and CPU: the simulator's own run time per simulated statement, "
                       "not Oracle's (the Google Benchmark library was built for debugging, "
                       "which adds a little to each)");
    gbc_add_context(g, "lobsim_min_time", timing);
    return 0;
}

/*
 * The model's figures of every case, then each case registered as a
 * benchmark: the table needs the figures even for cases that a
 * --benchmark_filter leaves out.  Returns 1 if a case failed (named on
 * stderr), else 0.
 */
static int run_model(gbc_t *g, sweep_t *sw, uint64_t snapshot_every)
{
    int failed = 0;
    for (size_t i = 0; i < sw->ncases; i++) {
        bench_case_t *bc = &sw->cases[i];
        sim_err_t mrc = workload_run(&bc->c, &bc->res, NULL, 0);
        case_result_total(&bc->res, &bc->st);
        if (mrc != SIM_OK) {
            fprintf(stderr, "lobbench: %s: %s\n", bc->name, sim_strerror(mrc));
            failed = 1;
            continue;
        }
        bc->ran = 1;
        char serr[512];
        if (snapshot_every && bench_snapshots_take(bc, snapshot_every, serr, sizeof serr) != 0) {
            fprintf(stderr, "lobbench: %s\n", serr);
            bc->ran = 0;
            failed = 1;
            continue;
        }
        gbc_benchmark_t *b;
        if (gbc_register(g, bc->name, bm_insert, bc, &b) != GBC_OK) {
            fprintf(stderr, "lobbench: %s\n", gbc_errmsg(g));
            failed = 1;
            continue;
        }
        gbc_benchmark_unit(b, GBC_US);
    }
    return failed;
}

/* Google Benchmark times the registered cases; their times come back to the
 * cases through on_report().  1 if the run failed, else 0. */
static int time_cases(gbc_t *g, const bench_opts_t *o, sweep_t *sw)
{
    if (!o->quiet) {
        char seeds[128];
        seeds_text(o, seeds, sizeof seeds);
        fprintf(stderr, "lobbench: %zu cases, seed%s %s\n", sw->ncases, o->nseeds > 1 ? "s" : "",
                seeds);
    }
    if (o->note[0])
        fprintf(stderr, "lobbench: %s\n", o->note);
    sw->progress = isatty(STDERR_FILENO);
    sw->started = time(NULL);
    gbc_set_report_callback(g, on_report, sw);
    size_t matched = 0;
    if (gbc_run(g, NULL, &matched) != GBC_OK) {
        fprintf(stderr, "lobbench: %s\n", gbc_errmsg(g));
        return 1;
    }
    return 0;
}

/* The table, the CSV files, the record in the store and the plot, each
 * tried whatever the others did: 1 if any failed (or the sweep had), else 0. */
static int write_outputs(const bench_opts_t *o, const sweep_t *sw, const provenance_t *pv,
                         const char *cmdline, time_t started, int failed)
{
    char err[512];
    int rc = failed;
    /* Ctrl-C now waits until every output is whole, then says what was. */
    sim_interrupt_hold(1);
    if (!o->quiet)
        bench_table(stdout, sw->cases, sw->ncases, o->explain);
    if (o->stats_out && bench_csv(o->stats_out, sw->cases, sw->ncases, err, sizeof err) != 0) {
        fprintf(stderr, "lobbench: %s\n", err);
        rc = 1;
    }
    if (o->awr_out && bench_awr_csv(o->awr_out, sw->cases, sw->ncases, err, sizeof err) != 0) {
        fprintf(stderr, "lobbench: %s\n", err);
        rc = 1;
    }
    if (o->explain_out &&
        bench_explain_csv(o->explain_out, sw->cases, sw->ncases, err, sizeof err) != 0) {
        fprintf(stderr, "lobbench: %s\n", err);
        rc = 1;
    }
    if (o->profile_out &&
        bench_profile_folded(o->profile_out, sw->cases, sw->ncases, err, sizeof err) != 0) {
        fprintf(stderr, "lobbench: %s\n", err);
        rc = 1;
    }
    int recorded = 0;
    if (o->db) {
        if (lobbench_record(o, sw, pv, cmdline, started, !failed) != 0)
            rc = 1;
        else
            recorded = 1;
    }
    if (o->plot &&
        (o->snapshot_every ? lobbench_write_snapshot_plot(o, sw) : lobbench_write_plot(o, sw)) != 0)
        rc = 1;
    sim_interrupt_say(recorded ? "after the run was recorded" : "nothing recorded");
    sim_interrupt_hold(0);
    return rc;
}

/*
 * The sweep of cases already built: Google Benchmark set up, the model run,
 * the cases timed, the outputs written.  The exit status: 0, 1 a case or an
 * output failed, 2 bad input (nothing run or written).
 */
static int sweep(const bench_opts_t *o, sweep_t *sw, int argc, char **argv, const char *cmdline,
                 time_t started)
{
    all_counters = wants_all_counters(o, argc, argv);
    /* Before gbc_initialize(), which takes the flag out of argv. */
    const char *filter = benchmark_filter(argc, argv);
    gbc_t *g;
    if (gbc_create(&g) != GBC_OK) {
        fprintf(stderr, "lobbench: out of memory\n");
        return 1;
    }
    provenance_t pv;
    int rc = start_benchmark(g, o, sw, &argc, argv, &pv);
    int failed = 0;
    int none_ran = 0;
    if (rc == 0) {
        failed = run_model(g, sw, o->snapshot_every);
        for (size_t i = 0; i < sw->ncases && failed; i++)
            none_ran |= sw->cases[i].ran;
        none_ran = failed && !none_ran;
    }
    if (none_ran) {
        /* Each case said why it failed (out of memory, ...): there is
         * nothing to time, tabulate or record. */
        rc = 1;
    } else if (rc == 0) {
        if (count_matching(sw, filter) == 0) {
            /* A filter that selects nothing is a mistake, not an empty run. */
            fprintf(stderr,
                    "lobbench: --benchmark_filter=%s: no case matches (names look like %s)\n",
                    filter, sw->cases[0].name);
            rc = 2;
        }
    }
    if (rc == 0)
        failed |= time_cases(g, o, sw);
    /* The table and the CSV would each run every rac case again. */
    if (rc == 0 && bench_rac_reports(sw->cases, sw->ncases) != SIM_OK)
        fprintf(stderr, "lobbench: no memory to keep the AWR reports: the tables make their own\n");
    gbc_destroy(g);
    gbc_shutdown(); /* the context added above, if any */
    return rc ? rc : write_outputs(o, sw, &pv, cmdline, started, failed);
}

/* A script's steps drawn (--plot) and recorded (unless --no-db): 1 when
 * the record failed; a plot that failed said so and is remembered in the
 * context, so that "not recorded" is never said of a recorded run. */
static int script_outputs(void *arg, const bench_opts_t *o, const bench_step_t *steps, size_t n)
{
    lobbench_script_ctx_t *ctx = arg;
    if (o->plot && lobbench_write_script_plot(o, steps, n) != 0)
        ctx->plot_failed = 1;
    return o->no_db ? 0 : lobbench_record_script(arg, o, steps, n);
}

/* A run of sessions at once recorded (unless --no-db). */
static int sessions_outputs(void *arg, const bench_opts_t *o, const bench_ses_t *ses, size_t n,
                            const char *params)
{
    return o->no_db ? 0 : lobbench_record_sessions(arg, o, ses, n, params);
}

/*
 * A --script path that is not there as given, relative, found among the
 * shipped scenarios (sim_scenario_file(): an installed copy's
 * share/lobsim/scenarios, or the source tree's), by its name with any
 * leading "scenarios/": the docs' `--script=scenarios/shrink.sql` runs from
 * any folder.  o->script then points into buf; else it is left alone (and
 * the parse names it as given).
 */
static void find_script(bench_opts_t *o, char *buf, size_t len)
{
    const char *name = o->script;
    if (name[0] == '/' || access(name, F_OK) == 0)
        return;
    if (strncmp(name, "scenarios/", 10) == 0)
        name += 10;
    if (strchr(name, '/') == NULL && sim_scenario_file(name, buf, len))
        o->script = buf;
}

/* --script (and --sessions): the outputs checked before any work, as the
 * sweep's are; Ctrl-C during the run says so in one line and records
 * nothing (the outputs hold it until they are whole: script.c). */
static int run_script(const bench_opts_t *o, const char *cmdline, time_t started)
{
    char err[512];
    if (check_outputs(o, err, sizeof err) != 0) {
        fprintf(stderr, "lobbench: %s\n", err);
        return 2;
    }
    sim_interrupt_install("lobbench", "nothing recorded");
    lobbench_script_ctx_t ctx = {cmdline, started, 0};
    err[0] = '\0';
    int rc = bench_script_run(o, script_outputs, sessions_outputs, &ctx, err, sizeof err);
    if (rc != 0 && err[0])
        fprintf(stderr, "lobbench: %s\n", err);
    else if (ctx.plot_failed)
        rc = 1;
    return rc;
}

int main(int argc, char **argv)
{
    char err[512];
    bench_opts_t o;
    bench_defaults(&o);
    time_t started = time(NULL);
    char *cmdline = lobbench_join_argv(argc, argv);
    int rc;
    sweep_t sw = {0};
    if (bench_parse(&o, &argc, argv, err, sizeof err) != 0) {
        fprintf(stderr, "lobbench: %s\n", err);
        rc = 2;
    } else if (o.help || o.version || o.list_params) {
        print_info(&o);
        rc = 0;
    } else if (cmdline == NULL) {
        fprintf(stderr, "lobbench: out of memory\n");
        rc = 1;
    } else if (o.script) {
        char shipped[4096];
        find_script(&o, shipped, sizeof shipped);
        rc = run_script(&o, cmdline, started);
    } else if ((rc = build_cases(&o, &sw)) == 0) {
        /* Ctrl-C during the sweep: one line; nothing is open yet. */
        sim_interrupt_install("lobbench", "nothing recorded");
        char **gargv = with_min_time(&argc, argv);
        if (gargv == NULL) {
            fprintf(stderr, "lobbench: out of memory\n");
            rc = 1;
        } else {
            rc = sweep(&o, &sw, argc, gargv, cmdline, started);
        }
        free(gargv);
    }
    if (sw.cases) {
        bench_free_reports(sw.cases, sw.ncases);
        bench_snapshots_free(sw.cases, sw.ncases);
    }
    free(sw.cases);
    free(cmdline);
    return rc;
}
