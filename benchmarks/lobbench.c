/*
 * lobbench.c -- the sweep: every (path, LOB size, block size) case is one
 * Google Benchmark, named so that filters read naturally
 * (insert/local/lob:64k/block:8k/rows:10000).  Each iteration simulates the
 * whole statement on a fresh segment, so the counters (all the model's
 * statistics, averaged over iterations) are the same in every iteration and
 * the time is the model's time per statement.
 *
 * After the benchmark report come the statistics table laid out like the
 * reference, the optional CSV and the record in the results store.
 */
#include <jemalloc/jemalloc.h>
#include <regex.h>
#include <sys/stat.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "benchmarks.h"
#include "gbc.h"
#include "plot.h"
#include "program_version.h"
#include "rac_sim.h"
#include "results.h"

#ifndef LOBSIM_SOURCE_DIR
#define LOBSIM_SOURCE_DIR "."
#endif
#ifndef LOBSIM_BUILD_TYPE
#define LOBSIM_BUILD_TYPE "unknown"
#endif

typedef struct {
    bench_case_t *cases;
    size_t ncases;
    size_t done; /* cases reported so far, for the progress line */
    int progress;
    time_t started;
} sweep_t;

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

/* First line of a command's output, or "unknown". */
static void command_line_of(const char *cmd, char *buf, size_t len)
{
    snprintf(buf, len, "unknown");
    FILE *p = popen(cmd, "r");
    if (p == NULL)
        return;
    if (fgets(buf, (int)len, p)) {
        buf[strcspn(buf, "\n")] = '\0';
        if (*buf == '\0')
            snprintf(buf, len, "unknown");
    } else {
        snprintf(buf, len, "unknown");
    }
    pclose(p);
}

typedef struct {
    char commit[64];
    int dirty;
    char host[128];
    char compiler[64];
} provenance_t;

static void provenance(provenance_t *pv)
{
    command_line_of("git -C '" LOBSIM_SOURCE_DIR "' rev-parse HEAD 2>/dev/null", pv->commit,
                    sizeof pv->commit);
    char st[64];
    command_line_of("git -C '" LOBSIM_SOURCE_DIR "' status --porcelain --untracked-files=no "
                    "2>/dev/null | head -n 1 | wc -l",
                    st, sizeof st);
    pv->dirty = strcmp(pv->commit, "unknown") == 0 ? -1 : atoi(st) > 0;
    if (gethostname(pv->host, sizeof pv->host) != 0)
        snprintf(pv->host, sizeof pv->host, "unknown");
    pv->host[sizeof pv->host - 1] = '\0';
#if defined(__clang__)
    snprintf(pv->compiler, sizeof pv->compiler, "Clang %s", __clang_version__);
#elif defined(__GNUC__)
    snprintf(pv->compiler, sizeof pv->compiler, "GNU %d.%d.%d", __GNUC__, __GNUC_MINOR__,
             __GNUC_PATCHLEVEL__);
#else
    snprintf(pv->compiler, sizeof pv->compiler, "unknown");
#endif
}

static char *join_argv(int argc, char **argv)
{
    size_t len = 1;
    for (int i = 0; i < argc; i++)
        len += strlen(argv[i]) + 1;
    char *s = malloc(len);
    if (s == NULL)
        return NULL;
    s[0] = '\0';
    for (int i = 0; i < argc; i++) {
        if (i)
            strcat(s, " ");
        strcat(s, argv[i]);
    }
    return s;
}

static int record(const bench_opts_t *o, const sweep_t *sw, const provenance_t *pv,
                  const char *cmdline, time_t started, int completed)
{
    char err[512];
    res_store_t *store;
    if (res_open(o->db, RES_OPEN_CREATE, &store, err, sizeof err) != SIM_OK) {
        fprintf(stderr, "lobbench: %s\n", err);
        return 1;
    }
    /* The Oracle measurements sit in every store as a run of their own, so
     * that `lobdiff reference latest` and the comparison views work. */
    const char *ref = LOBSIM_SOURCE_DIR "/results/reference/oracle_lob_insert.csv";
    /* The store learns the order of the workloads from workload/'s table. */
    res_workload_t wl[WORKLOAD_MAX];
    for (size_t i = 0; i < workload_count(); i++)
        wl[i] = (res_workload_t){workload_name(i), workload_family(i), workload_title(i)};
    if (res_set_workloads(store, wl, workload_count()) != SIM_OK ||
        (access(ref, R_OK) == 0 && res_load_reference(store, ref, NULL) != SIM_OK)) {
        fprintf(stderr, "lobbench: %s\n", res_errmsg(store));
        res_close(store);
        return 1;
    }
    int rc = 0;
    res_session_t *sess = calloc(sw->ncases, sizeof *sess);
    /* A heap statement's recursive SQL, apart: the session's state, not the
     * statement's (heap_sim/heap.c). */
    res_part_t *parts = calloc(sw->ncases, sizeof *parts);
    /* Each session's parameter text, sw->ncases slots of PARAMS_LEN. */
    enum { PARAMS_LEN = 2048 };
    char *case_params = malloc(sw->ncases * PARAMS_LEN);
    char params[PARAMS_LEN];
    size_t n = 0;
    if (sess == NULL || case_params == NULL || parts == NULL) {
        fprintf(stderr, "lobbench: out of memory recording into %s\n", o->db);
        free(sess);
        free(parts);
        free(case_params);
        res_close(store);
        return 1;
    }
    for (size_t i = 0; i < sw->ncases; i++) {
        const bench_case_t *bc = &sw->cases[i];
        if (!bc->ran)
            continue;
        char *cp = case_params + n * PARAMS_LEN;
        case_describe_params(&bc->c, cp, PARAMS_LEN);
        sess[n].workload = workload_name(bc->c.workload);
        sess[n].path = case_path_name(bc->c.path);
        sess[n].lob_chars = bc->c.lob_chars;
        sess[n].block_size = bc->c.block_size;
        sess[n].rows = bc->c.rows;
        sess[n].piece_size = bc->c.piece_size;
        sess[n].seed = bc->c.seed;
        sess[n].params = cp;
        sess[n].stats = bc->st;
        if (workload_is_heap(bc->c.workload)) {
            parts[n].name = RES_PART_RECURSIVE;
            parts[n].stats = bc->res.part[CASE_PART_RECURSIVE];
            sess[n].parts = &parts[n];
            sess[n].nparts = 1;
        }
        sess[n].timed = bc->repetitions > 0;
        sess[n].timing.iterations = bc->iterations;
        sess[n].timing.real_time_ns = bc->real_ns;
        sess[n].timing.cpu_time_ns = bc->cpu_ns;
        sess[n].timing.repetitions = (uint32_t)bc->repetitions;
        sess[n].timing.nsamples = bc->nsamples;
        sess[n].timing.real_samples_ns = bc->real_samples_ns;
        sess[n].timing.cpu_samples_ns = bc->cpu_samples_ns;
        n++;
    }
    case_describe_params(&sw->cases[0].c, params, sizeof params);
    res_run_t run;
    res_run_defaults(&run);
    run.started = (int64_t)started;
    run.git_commit = strcmp(pv->commit, "unknown") ? pv->commit : NULL;
    run.git_dirty = pv->dirty;
    run.host = pv->host;
    run.compiler = pv->compiler;
    run.build_type = LOBSIM_BUILD_TYPE;
    run.command_line = cmdline;
    run.params = params;
    run.seed = o->seed;
    run.completed = completed;
    int64_t id = 0;
    if (n == 0) {
        fprintf(stderr, "lobbench: no case ran; nothing recorded in %s\n", o->db);
        rc = 1;
    } else if (res_record_run(store, &run, sess, n, &id) != SIM_OK) {
        fprintf(stderr, "lobbench: %s\n", res_errmsg(store));
        rc = 1;
    } else if (!o->quiet) {
        printf("\nRecorded as run %lld in %s (%zu sessions).\n", (long long)id, o->db, n);
    }
    free(sess);
    free(parts);
    free(case_params);
    res_close(store);
    return rc;
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

/* `path` names no directory, and the directory it would be created in
 * exists and takes new files. */
static int dir_writable(const char *what, const char *path, char *err, size_t errlen)
{
    char dir[4096];
    struct stat sb;
    if (stat(path, &sb) == 0 && !S_ISREG(sb.st_mode)) {
        snprintf(err, errlen, "%s: cannot write '%s': it is %s, not a file", what, path,
                 S_ISDIR(sb.st_mode) ? "a directory" : "something else");
        return 2;
    }
    sim_parent_dir(path, dir, sizeof dir);
    if (stat(dir, &sb) != 0 || !S_ISDIR(sb.st_mode)) {
        snprintf(err, errlen, "%s: cannot write '%s': directory '%.200s' does not exist", what,
                 path, dir);
        return 2;
    }
    if (access(dir, W_OK) != 0) {
        snprintf(err, errlen, "%s: cannot write '%s': directory '%.200s' is not writable", what,
                 path, dir);
        return 2;
    }
    return 0;
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
    /* The heap experiment's CSV and the LOB one have different columns. */
    int heap = 0, lob = 0, rac = 0;
    for (size_t w = 0; w < workload_count(); w++)
        if (o->workloads[w])
            *(workload_is_heap(w) ? &heap : workload_is_rac(w) ? &rac : &lob) = 1;
    if (o->stats_out && rac && (heap || lob)) {
        snprintf(err, errlen,
                 "--stats-out=%s: the rac workload writes workload,block_kb,statistic,value: "
                 "run it alone",
                 o->stats_out);
        return 2;
    }
    if (o->stats_out && heap && lob) {
        snprintf(err, errlen,
                 "--stats-out=%s: heap workloads (ctas, fts, range, few_rows) write "
                 "query,source,block_kb,statistic,value and LOB workloads "
                 "path,lob_kchars,...: run them separately, one file each",
                 o->stats_out);
        return 2;
    }
    if (o->explain_out && dir_writable("--explain-out", o->explain_out, err, errlen))
        return 2;
    if (o->plot && dir_writable("--plot", o->plot, err, errlen))
        return 2;
    if (o->db == NULL)
        return 0;
    struct stat sb;
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

/* ---- --plot ----------------------------------------------------------- */

/* The Oracle measurements, read back from the store for the plot. */
typedef struct {
    plot_point_t pts[CASE_PATH_COUNT][SIM_STAT_COUNT][BENCH_MAX_LIST];
    size_t n[CASE_PATH_COUNT][SIM_STAT_COUNT];
} ref_points_t;

static sim_err_t collect_reference(const res_session_info_t *ss, void *arg)
{
    ref_points_t *rp = arg;
    case_path_t p;
    if (case_path_parse(ss->path, &p) != 0)
        return SIM_OK;
    for (int k = 0; k < SIM_STAT_COUNT; k++)
        if (ss->present[k] && rp->n[p][k] < BENCH_MAX_LIST)
            rp->pts[p][k][rp->n[p][k]++] =
                (plot_point_t){(double)ss->lob_chars / 1024, (double)ss->stats.v[k]};
    return SIM_OK;
}

/*
 * The rac sweep's trade-off curve: each AWR figure of the first rac
 * workload against the block size, a panel per figure.
 */
static int plot_rac(const bench_opts_t *o, const sweep_t *sw, const bench_case_t *first)
{
    static plot_point_t rp[RAC_FIGURES][BENCH_MAX_LIST];
    static plot_series_t rs[RAC_FIGURES];
    plot_panel_t rpan[RAC_FIGURES];
    size_t m = 0;
    for (size_t i = 0; i < sw->ncases && m < BENCH_MAX_LIST; i++) {
        /* A sweep's first point only: one curve per panel. */
        if (!sw->cases[i].ran || sw->cases[i].c.workload != first->c.workload ||
            !bench_same_point(&sw->cases[i], first, 1))
            continue;
        double fig[RAC_FIGURES];
        rac_figures(&sw->cases[i].st, fig);
        for (size_t k = 0; k < RAC_FIGURES; k++)
            rp[k][m] = (plot_point_t){(double)sw->cases[i].c.block_size / 1024, fig[k]};
        m++;
    }
    for (size_t k = 0; k < RAC_FIGURES; k++) {
        rs[k] = (plot_series_t){"lobsim", "rac", 0, PLOT_SOLID, rp[k], m};
        rpan[k] = (plot_panel_t){rac_figure_name(k), &rs[k], 1};
    }
    plot_opts_t ro;
    plot_opts_defaults(&ro);
    ro.title = "lobbench: rac, AWR figures against block size (KB)";
    char sub[256], point[160];
    bench_point_label(first, 1, point, sizeof point);
    snprintf(sub, sizeof sub, "throughput and interconnect traffic: the block-size trade-off%s%s",
             point[0] ? "; " : "", point);
    ro.subtitle = sub;
    ro.x_title = "block size (KB)";
    char perr[512];
    if (plot_svg_file(o->plot, &ro, rpan, RAC_FIGURES, perr, sizeof perr) != SIM_OK) {
        fprintf(stderr, "lobbench: %s\n", perr);
        return 1;
    }
    if (!o->quiet)
        printf("Plot written to %s (%d panels).\n", o->plot, RAC_FIGURES);
    return 0;
}

/* The reference measurements into ref when the store has them and the cases
 * are the reference experiment's (insert, 8 KB blocks, 10,000 rows); 1 if
 * so. */
static int reference_points(const bench_opts_t *o, const bench_case_t *first, ref_points_t *ref)
{
    memset(ref, 0, sizeof *ref);
    int with_ref = 0;
    res_store_t *store;
    char err[512];
    if (o->db && first->c.workload == (unsigned)workload_find("insert") &&
        first->c.block_size == SIM_REF_BLOCK_SIZE && first->c.rows == SIM_REF_ROWS &&
        res_open(o->db, RES_OPEN_READONLY, &store, err, sizeof err) == SIM_OK) {
        int64_t run;
        with_ref = res_resolve_run(store, "reference", &run) == SIM_OK &&
                   res_foreach_session(store, run, collect_reference, ref) == SIM_OK;
        res_close(store);
    }
    return with_ref;
}

/* A panel per statistic that is not zero everywhere, in the table's order:
 * a series per path of the cases of first's workload and block size, and
 * the reference's points (with_ref).  Returns the number of panels. */
static size_t lob_panels(const sweep_t *sw, const bench_case_t *first, const ref_points_t *ref,
                         int with_ref, plot_panel_t *panels)
{
    static plot_point_t pts[CASE_PATH_COUNT][SIM_STAT_COUNT][BENCH_MAX_LIST];
    static plot_series_t series[SIM_STAT_COUNT][2 * CASE_PATH_COUNT];
    size_t np = 0;
    for (size_t r = 0; r < bench_order_len; r++) {
        sim_stat_t k = bench_order[r];
        size_t ns = 0, any = 0;
        for (int p = 0; p < CASE_PATH_COUNT; p++) {
            size_t n = 0;
            for (size_t i = 0; i < sw->ncases && n < BENCH_MAX_LIST; i++) {
                const bench_case_t *bc = &sw->cases[i];
                if (bc->ran && bc->c.path == (case_path_t)p &&
                    bc->c.workload == first->c.workload &&
                    bc->c.block_size == first->c.block_size && bench_same_point(bc, first, 1)) {
                    pts[p][k][n++] =
                        (plot_point_t){(double)bc->c.lob_chars / 1024, (double)bc->st.v[k]};
                    any += bc->st.v[k] != 0;
                }
            }
            if (n)
                series[k][ns++] = (plot_series_t){"lobsim",    case_path_name((case_path_t)p),
                                                  (unsigned)p, PLOT_SOLID,
                                                  pts[p][k],   n};
            if (with_ref && ref->n[p][k])
                series[k][ns++] = (plot_series_t){"Oracle",       case_path_name((case_path_t)p),
                                                  (unsigned)p,    PLOT_MARKERS,
                                                  ref->pts[p][k], ref->n[p][k]};
        }
        if (any)
            panels[np++] = (plot_panel_t){sim_stat_info(k)->name, series[k], ns};
    }
    return np;
}

/*
 * The LOB sweep: statistics against LOB size for first's workload and block
 * size, a panel per statistic, local and dblink as two series, and the
 * reference measurements as points when the store has them.
 */
static int plot_lob(const bench_opts_t *o, const sweep_t *sw, const bench_case_t *first)
{
    static ref_points_t ref;
    int with_ref = reference_points(o, first, &ref);
    plot_panel_t panels[SIM_STAT_COUNT];
    size_t np = lob_panels(sw, first, &ref, with_ref, panels);
    plot_opts_t po;
    plot_opts_defaults(&po);
    char title[128], subtitle[256], err[512];
    snprintf(title, sizeof title, "lobbench: %s, %llu rows, %uk blocks",
             workload_name(first->c.workload), (unsigned long long)first->c.rows,
             first->c.block_size / 1024);
    char point[160];
    bench_point_label(first, 1, point, sizeof point);
    snprintf(subtitle, sizeof subtitle, "statistics against LOB size, log-log axes%s%s%s",
             point[0] ? "; " : "", point, with_ref ? "; points: the Oracle measurements" : "");
    po.title = title;
    po.subtitle = subtitle;
    if (np == 0 || plot_svg_file(o->plot, &po, panels, np, err, sizeof err) != SIM_OK) {
        fprintf(stderr, "lobbench: %s\n", np ? err : "--plot: every statistic is zero");
        return 1;
    }
    if (!o->quiet)
        printf("Plot written to %s (%zu panels).\n", o->plot, np);
    return 0;
}

/* --plot: the sweep's first case that ran decides which plot. */
static int write_plot(const bench_opts_t *o, const sweep_t *sw)
{
    const bench_case_t *first = NULL;
    for (size_t i = 0; i < sw->ncases && !first; i++)
        if (sw->cases[i].ran)
            first = &sw->cases[i];
    if (first == NULL) {
        fprintf(stderr, "lobbench: --plot=%s: no case ran\n", o->plot);
        return 1;
    }
    return workload_is_rac(first->c.workload) ? plot_rac(o, sw, first) : plot_lob(o, sw, first);
}

/* ---- the sweep, step by step -------------------------------------------- */

/* --help, --version, --list-params: what lobbench says instead of running. */
static void print_info(const bench_opts_t *o)
{
    if (o->help) {
        bench_usage(stdout);
    } else if (o->version) {
        puts("lobbench " LOBSIM_VERSION);
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
    /* A heap or rac workload has no path nor LOB size: one case per block
     * size, under the first path and size. */
    int first_path = 0;
    while (first_path < CASE_PATH_COUNT - 1 && !o->paths[first_path])
        first_path++;
    for (int w = 0; w < (int)workload_count(); w++)
        for (int p = 0; p < CASE_PATH_COUNT; p++) {
            int by_block = workload_kind((size_t)w) != WORKLOAD_LOB;
            if (o->workloads[w] && o->paths[p] && (!by_block || p == first_path))
                nsel += by_block ? 1 : o->nsizes;
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
    for (int w = 0; w < (int)workload_count(); w++)
        for (int p = 0; p < CASE_PATH_COUNT && o->workloads[w]; p++) {
            int by_block = workload_kind((size_t)w) != WORKLOAD_LOB;
            if (!o->paths[p] || (by_block && p != first_path))
                continue;
            for (size_t b = 0; b < o->nblock_sizes; b++)
                for (size_t s = 0; s < (by_block ? 1 : o->nsizes); s++)
                    for (size_t k = 0; k < npoints; k++) {
                        bench_case_t *bc = &sw->cases[sw->ncases++];
                        if (bench_sweep_case(o, (unsigned)w, (case_path_t)p, o->sizes[s],
                                             o->block_sizes[b], k, bc, err, sizeof err) != 0) {
                            fprintf(stderr, "lobbench: %s\n", err);
                            return 2;
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

/*
 * Google Benchmark's flags taken (what is left in argv refused), the outputs
 * checked, and the run's provenance put in the report's context.  0, or 2
 * with one line printed.
 */
static int start_benchmark(gbc_t *g, const bench_opts_t *o, const sweep_t *sw, int *argc,
                           char **argv, provenance_t *pv)
{
    char err[512];
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
    provenance(pv);
    char params[2048];
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
    return 0;
}

/*
 * The model's figures of every case, then each case registered as a
 * benchmark: the table needs the figures even for cases that a
 * --benchmark_filter leaves out.  Returns 1 if a case failed (named on
 * stderr), else 0.
 */
static int run_model(gbc_t *g, sweep_t *sw)
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
    if (!o->quiet)
        bench_table(stdout, sw->cases, sw->ncases, o->explain);
    if (o->stats_out && bench_csv(o->stats_out, sw->cases, sw->ncases, err, sizeof err) != 0) {
        fprintf(stderr, "lobbench: %s\n", err);
        rc = 1;
    }
    if (o->explain_out &&
        bench_explain_csv(o->explain_out, sw->cases, sw->ncases, err, sizeof err) != 0) {
        fprintf(stderr, "lobbench: %s\n", err);
        rc = 1;
    }
    if (o->db && record(o, sw, pv, cmdline, started, !failed) != 0)
        rc = 1;
    if (o->plot && write_plot(o, sw) != 0)
        rc = 1;
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
    if (rc == 0) {
        failed = run_model(g, sw);
        if (count_matching(sw, filter) == 0) {
            /* A filter that selects nothing is a mistake, not an empty run. */
            fprintf(stderr,
                    "lobbench: --benchmark_filter=%s: no case matches (names look like "
                    "insert/local/lob:64k/block:8k/rows:10000)\n",
                    filter);
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

int main(int argc, char **argv)
{
    char err[512];
    bench_opts_t o;
    bench_defaults(&o);
    time_t started = time(NULL);
    char *cmdline = join_argv(argc, argv);
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
    } else if ((rc = build_cases(&o, &sw)) == 0) {
        rc = sweep(&o, &sw, argc, argv, cmdline, started);
    }
    if (sw.cases)
        bench_free_reports(sw.cases, sw.ncases);
    free(sw.cases);
    free(cmdline);
    return rc;
}
