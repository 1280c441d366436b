/*
 * lobdiff.c -- what changed between two recorded runs, in a form to paste
 * into a pull request.
 *
 *   lobdiff [--db=FILE] BASE HEAD [--format=text|markdown|json] [--all]
 *           [--time-threshold=PCT] [--alpha=A] [--plot=FILE.svg]
 *
 * A case is (path, LOB size, block size, rows).  The model's statistics are
 * deterministic, so they are compared exactly: every figure that differs is
 * listed with base, head, difference and percent, largest relative change
 * first (Tom Kyte's runstats), with derived figures (bytes per chunk, gets per
 * dispenser allocation, ...) beside them.  Times are compared only where both
 * runs kept at least two repetition samples of a case: a two-sided
 * Mann-Whitney U test as in Google Benchmark's compare.py.  Against the
 * reference (source 'oracle') the diff is a calibration report: every cell
 * with the model's figure, Oracle's and their ratio.
 *
 *   resolve_side()  a run selector, maybe FILE.db:SELECTOR -> the run
 *   load_side()     the run's cases, copied out of the store
 *   pair_cases()    both runs' cases matched by key; the rest added/removed
 *   compare()       figures, derived figures and times of each pair
 *   print_text(), print_markdown(), print_json(), write_plot()
 *
 * Exit status: 0 when no figure changed, no case was added or removed and no
 * time regressed; 1 otherwise (always for a calibration, whose cells differ);
 * 2 on bad input, with one line naming it.
 */
#define _POSIX_C_SOURCE 200809L

#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "plot.h"
#include "store.h"

#define EXIT_SAME 0
#define EXIT_CHANGED 1
#define EXIT_BAD_INPUT 2

/* The experiment of the reference: cases with these are labelled by path
 * and LOB size alone. */
#define REF_BLOCK_SIZE 8192
#define REF_ROWS 10000

/* compare.py's advice: fewer repetitions give the U test little power. */
#define UTEST_OPTIMAL_REPETITIONS 9
/* Beyond this many arrangements the exact U distribution loses integers in
 * doubles; the normal approximation is used instead. */
#define EXACT_MAX_ARRANGEMENTS 9.0e15

typedef enum { FMT_TEXT, FMT_MARKDOWN, FMT_JSON } format_t;

typedef struct {
    const char *db;
    const char *base;
    const char *head;
    format_t format;
    int all;
    double threshold_pct;
    double alpha;
    const char *plot;
} opts_t;

/* ---- one run ---------------------------------------------------------------- */

typedef struct {
    unsigned workload;
    case_path_t path;
    uint64_t lob_chars;
    uint32_t block_size;
    uint64_t rows;
    char *params;
    sim_stats_t stats;
    unsigned char present[SIM_STAT_COUNT];
    uint32_t nsamples;
    double *real; /* nsamples each */
    double *cpu;
} dcase_t;

typedef struct {
    const char *role; /* "base" or "head" */
    const char *selector;
    char *db;
    res_store_t *store;
    int64_t run;
    int oracle;
    char *source, *commit, *host, *compiler, *build_type, *params, *ref_file;
    int git_dirty;
    int64_t started;
    dcase_t *cases;
    size_t n, cap;
} side_t;

/* ---- what the comparison found ---------------------------------------------- */

enum { FIG_COUNTER, FIG_DERIVED };

/* A figure computed from two others: numerator / denominator. */
enum { DEN_ROWS = -1, DEN_LOB_BYTES = -2 };
typedef struct {
    const char *name;
    int num; /* sim_stat_t */
    int den; /* sim_stat_t, DEN_ROWS or DEN_LOB_BYTES */
} derived_t;

/* The ratios that explain an allocator change: how many pieces a LOB takes,
 * how big they are, how much space per LOB byte, how often the dispenser is
 * called and what each call costs, the undo per row. */
static const derived_t derived[] = {
    {"chunks per row", SIM_STAT_SF_ALLOC_CHUNKS, DEN_ROWS},
    {"allocation bytes per chunk", SIM_STAT_SF_ALLOC_BYTES, SIM_STAT_SF_ALLOC_CHUNKS},
    {"allocation bytes per LOB byte", SIM_STAT_SF_ALLOC_BYTES, DEN_LOB_BYTES},
    {"dispenser allocations per row", SIM_STAT_DSP_ALLOCATIONS, DEN_ROWS},
    {"db block gets per dispenser allocation", SIM_STAT_DB_BLOCK_GETS, SIM_STAT_DSP_ALLOCATIONS},
    {"undo bytes per row", SIM_STAT_UNDO_CV_SIZE, DEN_ROWS},
};
#define NDERIVED (sizeof derived / sizeof derived[0])

typedef struct {
    size_t pair;
    int kind; /* FIG_COUNTER or FIG_DERIVED */
    int id;   /* sim_stat_t or index into derived[] */
    double base, head;
    int64_t ibase, ihead; /* counters: exact */
    int changed;
    double rel; /* |head - base| / |base|; INFINITY when only head is not 0 */
} fig_t;

typedef struct {
    double base_mean, head_mean; /* ns per statement, mean of the samples */
    double change;               /* head / base - 1 */
    double u;                    /* U of the base sample, as scipy reports it */
    double p;                    /* two-sided */
    int exact;
} tstat_t;

enum { VERDICT_FASTER = -1, VERDICT_SAME = 0, VERDICT_SLOWER = 1 };

typedef struct {
    const dcase_t *b, *h; /* NULL when the case is only in the other run */
    int timed;            /* both have >= 2 samples */
    tstat_t real, cpu;
    int verdict;
    size_t changed; /* counters that changed */
} pair_t;

typedef struct {
    char *name, *base, *head; /* values NULL when the run lacks the parameter */
} param_diff_t;

typedef struct {
    opts_t o;
    side_t side[2]; /* base, head */
    int calibration;
    int lobsim_side; /* calibration: the side that is not the reference */
    pair_t *pairs;
    size_t npairs, ncommon, nadded, nremoved, ncases_changed, nstats_changed;
    size_t ntimed, nslower, nfaster;
    double case_alpha; /* alpha / ntimed: the level each case is tested at */
    uint32_t min_samples;
    fig_t *figs;
    size_t nfigs, figcap;
    param_diff_t *params;
    size_t nparams;
    int exit_status;
} diff_t;

/* ---- small helpers ----------------------------------------------------------- */

static void die_oom(void)
{
    fprintf(stderr, "lobdiff: out of memory\n");
    exit(EXIT_BAD_INPUT);
}

static void *xmalloc(size_t n)
{
    void *p = malloc(n ? n : 1);
    if (!p)
        die_oom();
    return p;
}

static void *xrealloc(void *p, size_t n)
{
    p = realloc(p, n ? n : 1);
    if (!p)
        die_oom();
    return p;
}

static char *xstrdup(const char *s)
{
    if (!s)
        return NULL;
    char *d = strdup(s);
    if (!d)
        die_oom();
    return d;
}

static int streq(const char *a, const char *b)
{
    return strcmp(a ? a : "", b ? b : "") == 0;
}

/* "2k" for 2048, "2049" otherwise: sizes as the reference names them. */
static void fmt_chars(uint64_t chars, char *buf, size_t len)
{
    if (chars >= 1024 * 1024 && chars % (1024 * 1024) == 0)
        snprintf(buf, len, "%" PRIu64 "m", chars / (1024 * 1024));
    else if (chars >= 1024 && chars % 1024 == 0)
        snprintf(buf, len, "%" PRIu64 "k", chars / 1024);
    else
        snprintf(buf, len, "%" PRIu64, chars);
}

/* "local 2k" for the reference's experiment; workload, block size and rows
 * are named when they differ from it. */
static void case_label(const dcase_t *c, char *buf, size_t len)
{
    char lob[32], blk[32], wl[32] = "";
    fmt_chars(c->lob_chars, lob, sizeof lob);
    if (c->workload != 0)
        snprintf(wl, sizeof wl, "%s ", workload_name(c->workload));
    if (c->block_size == REF_BLOCK_SIZE && c->rows == REF_ROWS) {
        snprintf(buf, len, "%s%s %s", wl, case_path_name(c->path), lob);
    } else {
        fmt_chars(c->block_size, blk, sizeof blk);
        snprintf(buf, len, "%s%s %s, block %s, %" PRIu64 " rows", wl, case_path_name(c->path), lob,
                 blk, c->rows);
    }
}

static const dcase_t *pair_case(const pair_t *p)
{
    return p->h ? p->h : p->b;
}

static const char *fig_name(const fig_t *f)
{
    return f->kind == FIG_COUNTER ? sim_stat_info((sim_stat_t)f->id)->name : derived[f->id].name;
}

/* A figure's value for display: counters whole, derived to 4 significant
 * digits at least. */
static void fmt_value(const fig_t *f, double v, char *buf, size_t len)
{
    if (f->kind == FIG_COUNTER)
        snprintf(buf, len, "%.0f", v);
    else if (fabs(v) >= 1e4)
        snprintf(buf, len, "%.0f", v);
    else
        snprintf(buf, len, "%.4g", v);
}

static void fmt_diff(const fig_t *f, char *buf, size_t len)
{
    if (f->kind == FIG_COUNTER) {
        snprintf(buf, len, "%+" PRId64, f->ihead - f->ibase);
        return;
    }
    double d = f->head - f->base;
    if (fabs(d) >= 1e4)
        snprintf(buf, len, "%+.0f", d);
    else
        snprintf(buf, len, "%+.4g", d);
}

static void fmt_pct(double base, double head, char *buf, size_t len)
{
    if (base == head)
        snprintf(buf, len, "0%%");
    else if (base == 0)
        snprintf(buf, len, "new");
    else {
        double pct = (head - base) / fabs(base) * 100;
        snprintf(buf, len, fabs(pct) >= 0.1 ? "%+.1f%%" : "%+.2g%%", pct);
    }
}

static void fmt_ratio(double lobsim, double oracle, char *buf, size_t len)
{
    if (oracle == 0)
        snprintf(buf, len, lobsim == 0 ? "1 (both 0)" : "n/a (oracle 0)");
    else {
        double r = lobsim / oracle;
        snprintf(buf, len, r >= 0.01 && r < 1000 ? "%.2f" : "%.3g", r);
    }
}

static void fmt_ns(double ns, char *buf, size_t len)
{
    if (ns < 1e4)
        snprintf(buf, len, "%.0f ns", ns);
    else if (ns < 1e6)
        snprintf(buf, len, "%.1f us", ns / 1e3);
    else if (ns < 1e9)
        snprintf(buf, len, "%.2f ms", ns / 1e6);
    else
        snprintf(buf, len, "%.3f s", ns / 1e9);
}

static void fmt_p(double p, char *buf, size_t len)
{
    snprintf(buf, len, p >= 0.001 ? "%.3f" : "%.1e", p);
}

static void fmt_time(int64_t t, char *buf, size_t len)
{
    time_t tt = (time_t)t;
    struct tm tm;
    if (t <= 0 || !gmtime_r(&tt, &tm) || strftime(buf, len, "%Y-%m-%d %H:%MZ", &tm) == 0)
        snprintf(buf, len, "time unknown");
}

/* ---- the Mann-Whitney U test ------------------------------------------------- */

typedef struct {
    double v;
    int group; /* 0 base, 1 head */
} ranked_t;

static int by_value(const void *a, const void *b)
{
    const ranked_t *x = a, *y = b;
    return (x->v > y->v) - (x->v < y->v);
}

/*
 * The number of arrangements of n1 + n2 values with each U = 0 .. n1 n2:
 * the coefficients of the Gaussian binomial [n1 + n2 choose n1]_q, built as
 * the product of (1 - q^(n + i)) / (1 - q^i) for i = 1 .. m (m, n the
 * smaller and larger size).  Each step divides exactly.  Returns a calloc'ed
 * array of n1 n2 + 1 counts.
 */
static double *u_counts(uint32_t n1, uint32_t n2)
{
    uint32_t m = n1 < n2 ? n1 : n2, n = n1 < n2 ? n2 : n1;
    size_t top = (size_t)m * n + m; /* highest degree before a division */
    double *a = calloc(top + 1, sizeof *a);
    if (!a)
        die_oom();
    a[0] = 1;
    for (uint32_t i = 1; i <= m; i++) {
        size_t k = (size_t)n + i;
        for (size_t u = top; u >= k; u--)
            a[u] -= a[u - k];
        for (size_t u = i; u <= top; u++)
            a[u] += a[u - i];
    }
    return a;
}

/*
 * Two-sided Mann-Whitney U test of x against y, as scipy.stats.mannwhitneyu
 * (which compare.py calls) computes it with method 'auto': the exact
 * distribution when one sample has at most 8 values and no value is tied,
 * otherwise the normal approximation with tie correction and continuity
 * correction.  u is U of x (scipy's statistic); p is clipped to [0, 1].
 */
static tstat_t mann_whitney(const double *x, uint32_t n1, const double *y, uint32_t n2)
{
    tstat_t t = {0};
    size_t n = (size_t)n1 + n2;
    ranked_t *r = xmalloc(n * sizeof *r);
    for (uint32_t i = 0; i < n1; i++)
        r[i] = (ranked_t){x[i], 0};
    for (uint32_t i = 0; i < n2; i++)
        r[n1 + i] = (ranked_t){y[i], 1};
    qsort(r, n, sizeof *r, by_value);
    double r1 = 0, tie_term = 0;
    int ties = 0;
    for (size_t i = 0; i < n;) {
        size_t j = i;
        while (j + 1 < n && r[j + 1].v == r[i].v)
            j++;
        double rank = (double)(i + j + 2) / 2; /* ranks are 1-based */
        double tcount = (double)(j - i + 1);
        if (j > i) {
            ties = 1;
            tie_term += tcount * tcount * tcount - tcount;
        }
        for (size_t k = i; k <= j; k++)
            if (r[k].group == 0)
                r1 += rank;
        i = j + 1;
    }
    free(r);
    double nn = (double)n1 * n2;
    double u1 = r1 - (double)n1 * (n1 + 1) / 2, u2 = nn - u1;
    double u = u1 > u2 ? u1 : u2;
    t.u = u1;
    double log_arrangements =
        lgamma((double)n + 1) - lgamma((double)n1 + 1) - lgamma((double)n2 + 1);
    if ((n1 <= 8 || n2 <= 8) && !ties && log_arrangements < log(EXACT_MAX_ARRANGEMENTS)) {
        /* P(U >= u) = P(U <= n1 n2 - u) by symmetry. */
        double *c = u_counts(n1, n2), total = 0, tail = 0;
        size_t last = (size_t)(nn - u + 0.5);
        for (size_t k = 0; k <= (size_t)nn; k++) {
            total += c[k];
            if (k <= last)
                tail += c[k];
        }
        free(c);
        t.p = 2 * tail / total;
        t.exact = 1;
    } else {
        double s = sqrt(nn / 12 * (((double)n + 1) - tie_term / ((double)n * ((double)n - 1))));
        double z = s > 0 ? (u - nn / 2 - 0.5) / s : -INFINITY;
        t.p = 2 * (0.5 * erfc(z / sqrt(2.0)));
    }
    if (!(t.p <= 1))
        t.p = 1;
    if (t.p < 0)
        t.p = 0;
    return t;
}

static double mean(const double *v, uint32_t n)
{
    double s = 0;
    for (uint32_t i = 0; i < n; i++)
        s += v[i];
    return n ? s / n : 0;
}

static tstat_t compare_times(const double *b, uint32_t nb, const double *h, uint32_t nh)
{
    tstat_t t = mann_whitney(b, nb, h, nh);
    t.base_mean = mean(b, nb);
    t.head_mean = mean(h, nh);
    t.change = t.base_mean > 0 ? t.head_mean / t.base_mean - 1 : 0;
    return t;
}

/* -1 faster, 1 slower, 0 neither: significant and beyond the threshold. */
static int time_direction(const tstat_t *t, double alpha, double threshold_pct)
{
    if (t->p >= alpha)
        return 0;
    if (t->change * 100 > threshold_pct)
        return 1;
    if (t->change * 100 < -threshold_pct)
        return -1;
    return 0;
}

/* The smallest two-sided p that n1 and n2 untied samples can give. */
static double min_exact_p(uint32_t n1, uint32_t n2)
{
    double log_arr = lgamma((double)n1 + n2 + 1) - lgamma((double)n1 + 1) - lgamma((double)n2 + 1);
    return 2 * exp(-log_arr);
}

/* ---- loading a run ----------------------------------------------------------- */

static sim_err_t collect_case(const res_session_info_t *si, void *arg)
{
    side_t *s = arg;
    case_path_t path;
    int wl;
    if (case_path_parse(si->path, &path) != 0 || (wl = workload_find(si->workload)) < 0) {
        fprintf(stderr,
                "lobdiff: %s: run %" PRId64 " has a session (sid %" PRId64
                ") of path '%s', workload '%s'; this lobdiff knows local and dblink, insert, "
                "scan, rows and cluster\n",
                s->db, s->run, si->sid, si->path ? si->path : "", si->workload ? si->workload : "");
        return SIM_EINVAL;
    }
    if (s->n == s->cap) {
        s->cap = s->cap ? s->cap * 2 : 32;
        s->cases = xrealloc(s->cases, s->cap * sizeof *s->cases);
    }
    dcase_t *c = &s->cases[s->n++];
    memset(c, 0, sizeof *c);
    c->workload = wl;
    c->path = path;
    c->lob_chars = si->lob_chars;
    c->block_size = si->block_size;
    c->rows = si->rows;
    c->params = xstrdup(si->params);
    c->stats = si->stats;
    memcpy(c->present, si->present, sizeof c->present);
    if (si->timed && si->timing.nsamples > 0) {
        c->nsamples = si->timing.nsamples;
        c->real = xmalloc(c->nsamples * sizeof *c->real);
        c->cpu = xmalloc(c->nsamples * sizeof *c->cpu);
        memcpy(c->real, si->timing.real_samples_ns, c->nsamples * sizeof *c->real);
        memcpy(c->cpu, si->timing.cpu_samples_ns, c->nsamples * sizeof *c->cpu);
    }
    return SIM_OK;
}

/*
 * Split "FILE.db:SELECTOR" (a colon after which no slash follows) from a bare
 * selector, open the file read-only and resolve the run.  Prints one line
 * and returns nonzero on failure.
 */
static int resolve_side(side_t *s, const char *arg, const char *default_db)
{
    const char *colon = strrchr(arg, ':');
    char errbuf[1024];
    if (colon && !strchr(colon, '/')) {
        if (colon == arg || colon[1] == '\0') {
            fprintf(stderr,
                    "lobdiff: %s '%s': expected FILE.db:SELECTOR with both parts, e.g. "
                    "other.db:latest\n",
                    s->role, arg);
            return 1;
        }
        s->db = xmalloc((size_t)(colon - arg) + 1);
        memcpy(s->db, arg, (size_t)(colon - arg));
        s->db[colon - arg] = '\0';
        s->selector = colon + 1;
    } else {
        s->db = xstrdup(default_db);
        s->selector = arg;
    }
    if (res_open(s->db, RES_OPEN_READONLY, &s->store, errbuf, sizeof errbuf) != SIM_OK) {
        fprintf(stderr, "lobdiff: %s run '%s': %s\n", s->role, arg, errbuf);
        return 1;
    }
    if (res_resolve_run(s->store, s->selector, &s->run) != SIM_OK) {
        fprintf(stderr, "lobdiff: %s run: %s\n", s->role, res_errmsg(s->store));
        return 1;
    }
    return 0;
}

static int load_side(side_t *s)
{
    res_run_info_t ri;
    if (res_get_run(s->store, s->run, &ri) != SIM_OK) {
        fprintf(stderr, "lobdiff: %s run: %s\n", s->role, res_errmsg(s->store));
        return 1;
    }
    s->source = xstrdup(ri.source);
    s->oracle = streq(ri.source, "oracle");
    s->commit = xstrdup(ri.info.git_commit);
    s->host = xstrdup(ri.info.host);
    s->compiler = xstrdup(ri.info.compiler);
    s->build_type = xstrdup(ri.info.build_type);
    s->params = xstrdup(ri.info.params);
    s->ref_file = xstrdup(ri.reference_file);
    s->git_dirty = ri.info.git_dirty;
    s->started = ri.info.started;
    sim_err_t err = res_foreach_session(s->store, s->run, collect_case, s);
    if (err != SIM_OK) {
        if (*res_errmsg(s->store))
            fprintf(stderr, "lobdiff: %s run: %s\n", s->role, res_errmsg(s->store));
        return 1;
    }
    return 0;
}

static void free_side(side_t *s)
{
    for (size_t i = 0; i < s->n; i++) {
        free(s->cases[i].params);
        free(s->cases[i].real);
        free(s->cases[i].cpu);
    }
    free(s->cases);
    free(s->db);
    free(s->source);
    free(s->commit);
    free(s->host);
    free(s->compiler);
    free(s->build_type);
    free(s->params);
    free(s->ref_file);
    res_close(s->store);
}

/* ---- model parameters ----------------------------------------------------------- */

/* The value of `name` in "a=1 b=2", copied; NULL when absent. */
static char *param_value(const char *params, const char *name, size_t namelen)
{
    const char *p = params;
    while (p && *p) {
        while (*p == ' ')
            p++;
        const char *end = p + strcspn(p, " ");
        const char *eq = memchr(p, '=', (size_t)(end - p));
        if (eq && (size_t)(eq - p) == namelen && memcmp(p, name, namelen) == 0) {
            char *v = xmalloc((size_t)(end - eq));
            memcpy(v, eq + 1, (size_t)(end - eq - 1));
            v[end - eq - 1] = '\0';
            return v;
        }
        p = end;
    }
    return NULL;
}

static void add_param_diff(diff_t *d, const char *name, size_t namelen, const char *bp,
                           const char *hp)
{
    for (size_t i = 0; i < d->nparams; i++)
        if (strlen(d->params[i].name) == namelen && memcmp(d->params[i].name, name, namelen) == 0)
            return;
    char *bv = param_value(bp, name, namelen), *hv = param_value(hp, name, namelen);
    if (streq(bv, hv) && (bv != NULL) == (hv != NULL)) {
        free(bv);
        free(hv);
        return;
    }
    d->params = xrealloc(d->params, (d->nparams + 1) * sizeof *d->params);
    param_diff_t *pd = &d->params[d->nparams++];
    pd->name = xmalloc(namelen + 1);
    memcpy(pd->name, name, namelen);
    pd->name[namelen] = '\0';
    pd->base = bv;
    pd->head = hv;
}

/* Every parameter named in either string whose value differs. */
static void diff_params(diff_t *d, const char *bp, const char *hp)
{
    const char *both[2] = {bp, hp};
    for (int k = 0; k < 2; k++)
        for (const char *p = both[k]; p && *p;) {
            while (*p == ' ')
                p++;
            const char *end = p + strcspn(p, " ");
            const char *eq = memchr(p, '=', (size_t)(end - p));
            if (eq)
                add_param_diff(d, p, (size_t)(eq - p), bp, hp);
            p = end;
        }
}

/* ---- pairing and comparing -------------------------------------------------- */

static int case_cmp(const dcase_t *a, const dcase_t *b)
{
    if (a->workload != b->workload)
        return a->workload < b->workload ? -1 : 1;
    if (a->path != b->path)
        return a->path < b->path ? -1 : 1;
    if (a->block_size != b->block_size)
        return a->block_size < b->block_size ? -1 : 1;
    if (a->rows != b->rows)
        return a->rows < b->rows ? -1 : 1;
    if (a->lob_chars != b->lob_chars)
        return a->lob_chars < b->lob_chars ? -1 : 1;
    return 0;
}

static int case_qsort(const void *a, const void *b)
{
    return case_cmp(a, b);
}

static void pair_cases(diff_t *d)
{
    side_t *b = &d->side[0], *h = &d->side[1];
    qsort(b->cases, b->n, sizeof *b->cases, case_qsort);
    qsort(h->cases, h->n, sizeof *h->cases, case_qsort);
    d->pairs = xmalloc((b->n + h->n) * sizeof *d->pairs);
    size_t i = 0, j = 0;
    while (i < b->n || j < h->n) {
        pair_t *p = &d->pairs[d->npairs++];
        memset(p, 0, sizeof *p);
        int c = i == b->n ? 1 : j == h->n ? -1 : case_cmp(&b->cases[i], &h->cases[j]);
        if (c <= 0)
            p->b = &b->cases[i++];
        if (c >= 0)
            p->h = &h->cases[j++];
        if (p->b && p->h)
            d->ncommon++;
        else if (p->b)
            d->nremoved++;
        else
            d->nadded++;
    }
}

static void add_fig(diff_t *d, const fig_t *f)
{
    if (d->nfigs == d->figcap) {
        d->figcap = d->figcap ? d->figcap * 2 : 256;
        d->figs = xrealloc(d->figs, d->figcap * sizeof *d->figs);
    }
    d->figs[d->nfigs++] = *f;
}

static double rel_change(double base, double head)
{
    if (base == head)
        return 0;
    if (base == 0)
        return INFINITY;
    return fabs(head - base) / fabs(base);
}

/* The denominator of a derived figure in case c, or -1 when it cannot be had. */
static double denominator(const dcase_t *c, int den)
{
    if (den == DEN_ROWS)
        return (double)c->rows;
    if (den == DEN_LOB_BYTES)
        return (double)c->rows * 2.0 * (double)c->lob_chars;
    return c->present[den] ? (double)c->stats.v[den] : -1;
}

static void compare(diff_t *d)
{
    int show_all = d->o.all || d->calibration;
    for (size_t pi = 0; pi < d->npairs; pi++) {
        pair_t *p = &d->pairs[pi];
        if (!p->b || !p->h)
            continue;
        for (int k = 0; k < SIM_STAT_COUNT; k++) {
            if (!p->b->present[k] || !p->h->present[k])
                continue;
            fig_t f = {.pair = pi, .kind = FIG_COUNTER, .id = k};
            f.ibase = (int64_t)p->b->stats.v[k];
            f.ihead = (int64_t)p->h->stats.v[k];
            f.base = (double)f.ibase;
            f.head = (double)f.ihead;
            f.changed = f.ibase != f.ihead;
            f.rel = rel_change(f.base, f.head);
            p->changed += (size_t)f.changed;
            if (f.changed || show_all)
                add_fig(d, &f);
        }
        for (size_t k = 0; k < NDERIVED; k++) {
            const derived_t *dv = &derived[k];
            double bd = denominator(p->b, dv->den), hd = denominator(p->h, dv->den);
            if (!p->b->present[dv->num] || !p->h->present[dv->num] || !(bd > 0) || !(hd > 0))
                continue;
            fig_t f = {.pair = pi, .kind = FIG_DERIVED, .id = (int)k};
            f.base = (double)p->b->stats.v[dv->num] / bd;
            f.head = (double)p->h->stats.v[dv->num] / hd;
            f.changed = f.base != f.head;
            f.rel = rel_change(f.base, f.head);
            if (f.changed || show_all)
                add_fig(d, &f);
        }
        d->nstats_changed += p->changed;
        d->ncases_changed += p->changed > 0;
        diff_params(d, p->b->params, p->h->params);

        if (p->b->nsamples >= 2 && p->h->nsamples >= 2) {
            p->timed = 1;
            p->real = compare_times(p->b->real, p->b->nsamples, p->h->real, p->h->nsamples);
            p->cpu = compare_times(p->b->cpu, p->b->nsamples, p->h->cpu, p->h->nsamples);
            d->ntimed++;
            uint32_t m = p->b->nsamples < p->h->nsamples ? p->b->nsamples : p->h->nsamples;
            if (d->min_samples == 0 || m < d->min_samples)
                d->min_samples = m;
        }
    }
    /* Every timed case is a test: Bonferroni keeps the chance that any of
     * them flags a change that is not there at alpha, so that two runs of
     * one commit compare equal.  A verdict also needs wall and CPU time to
     * agree: a busy machine slows the one without the other. */
    d->case_alpha = d->ntimed ? d->o.alpha / (double)d->ntimed : d->o.alpha;
    for (size_t pi = 0; pi < d->npairs; pi++) {
        pair_t *p = &d->pairs[pi];
        if (!p->timed)
            continue;
        int r = time_direction(&p->real, d->case_alpha, d->o.threshold_pct);
        int c = time_direction(&p->cpu, d->case_alpha, d->o.threshold_pct);
        p->verdict = r == c ? r : VERDICT_SAME;
        d->nslower += p->verdict == VERDICT_SLOWER;
        d->nfaster += p->verdict == VERDICT_FASTER;
    }
    d->exit_status =
        d->nstats_changed || d->nadded || d->nremoved || d->nslower ? EXIT_CHANGED : EXIT_SAME;
}

/* Largest relative change first, then largest absolute one; counters
 * before derived figures. */
static const diff_t *sort_ctx;
static int by_change(const void *a, const void *b)
{
    const fig_t *x = &sort_ctx->figs[*(const size_t *)a];
    const fig_t *y = &sort_ctx->figs[*(const size_t *)b];
    if (x->kind != y->kind)
        return x->kind - y->kind;
    if (x->rel != y->rel)
        return x->rel > y->rel ? -1 : 1;
    double dx = fabs(x->head - x->base), dy = fabs(y->head - y->base);
    if (dx != dy)
        return dx > dy ? -1 : 1;
    if (x->pair != y->pair)
        return x->pair < y->pair ? -1 : 1;
    return x->id - y->id;
}

/* A calibration reads like the reference: by path, statistic, LOB size. */
static int by_layout(const void *a, const void *b)
{
    const fig_t *x = &sort_ctx->figs[*(const size_t *)a];
    const fig_t *y = &sort_ctx->figs[*(const size_t *)b];
    const dcase_t *cx = pair_case(&sort_ctx->pairs[x->pair]);
    const dcase_t *cy = pair_case(&sort_ctx->pairs[y->pair]);
    if (cx->workload != cy->workload)
        return cx->workload < cy->workload ? -1 : 1;
    if (cx->path != cy->path)
        return cx->path < cy->path ? -1 : 1;
    if (x->kind != y->kind)
        return x->kind - y->kind;
    if (x->id != y->id)
        return x->id - y->id;
    return case_cmp(cx, cy);
}

/* The figures in print order; pair == SIZE_MAX for all, else one pair's. */
static size_t *ordered_figs(const diff_t *d, size_t pair, int (*cmp)(const void *, const void *),
                            size_t *n)
{
    size_t *idx = xmalloc(d->nfigs * sizeof *idx);
    *n = 0;
    for (size_t i = 0; i < d->nfigs; i++)
        if (pair == SIZE_MAX || d->figs[i].pair == pair)
            idx[(*n)++] = i;
    sort_ctx = d;
    qsort(idx, *n, sizeof *idx, cmp);
    return idx;
}

/* The calibration's figures as (lobsim, oracle). */
static void calib_values(const diff_t *d, const fig_t *f, double *lobsim, double *oracle)
{
    *lobsim = d->lobsim_side == 0 ? f->base : f->head;
    *oracle = d->lobsim_side == 0 ? f->head : f->base;
}

/* ---- text tables --------------------------------------------------------------- */

#define MAX_COLS 8

typedef struct {
    size_t ncols;
    const char *head[MAX_COLS];
    char align[MAX_COLS]; /* 'l' or 'r' */
    char **cells;
    size_t nrows, cap;
} table_t;

static void table_init(table_t *t, const char *align, ...)
{
    memset(t, 0, sizeof *t);
    t->ncols = strlen(align);
    memcpy(t->align, align, t->ncols);
    va_list ap;
    va_start(ap, align);
    for (size_t i = 0; i < t->ncols; i++)
        t->head[i] = va_arg(ap, const char *);
    va_end(ap);
}

static void table_row(table_t *t, ...)
{
    if (t->nrows == t->cap) {
        t->cap = t->cap ? t->cap * 2 : 32;
        t->cells = xrealloc(t->cells, t->cap * t->ncols * sizeof *t->cells);
    }
    va_list ap;
    va_start(ap, t);
    for (size_t i = 0; i < t->ncols; i++)
        t->cells[t->nrows * t->ncols + i] = xstrdup(va_arg(ap, const char *));
    va_end(ap);
    t->nrows++;
}

static void table_free(table_t *t)
{
    for (size_t i = 0; i < t->nrows * t->ncols; i++)
        free(t->cells[i]);
    free(t->cells);
}

static void table_text(FILE *f, const table_t *t)
{
    size_t w[MAX_COLS];
    for (size_t c = 0; c < t->ncols; c++) {
        w[c] = strlen(t->head[c]);
        for (size_t r = 0; r < t->nrows; r++) {
            size_t l = strlen(t->cells[r * t->ncols + c]);
            w[c] = l > w[c] ? l : w[c];
        }
    }
    for (size_t r = 0; r <= t->nrows; r++) {
        for (size_t c = 0; c < t->ncols; c++) {
            const char *s = r == 0 ? t->head[c] : t->cells[(r - 1) * t->ncols + c];
            int last = c + 1 == t->ncols;
            if (t->align[c] == 'r')
                fprintf(f, "%*s%s", (int)w[c], s, last ? "" : "  ");
            else if (last)
                fputs(s, f);
            else
                fprintf(f, "%-*s  ", (int)w[c], s);
        }
        fputc('\n', f);
    }
}

/* Markdown: escape what GitHub would read as formatting. */
static void md_text(FILE *f, const char *s)
{
    for (; *s; s++) {
        if (strchr("|*_`\\<>[]", *s))
            fputc('\\', f);
        fputc(*s, f);
    }
}

static void table_markdown(FILE *f, const table_t *t)
{
    for (size_t c = 0; c < t->ncols; c++) {
        fputs("| ", f);
        md_text(f, t->head[c]);
        fputc(' ', f);
    }
    fputs("|\n", f);
    for (size_t c = 0; c < t->ncols; c++)
        fputs(t->align[c] == 'r' ? "|---:" : "|:---", f);
    fputs("|\n", f);
    for (size_t r = 0; r < t->nrows; r++) {
        for (size_t c = 0; c < t->ncols; c++) {
            const char *s = t->cells[r * t->ncols + c];
            fputs("| ", f);
            /* A leading '~' marks a derived figure: set in italics. */
            if (*s == '~') {
                fputc('_', f);
                md_text(f, s + 1);
                fputc('_', f);
            } else {
                md_text(f, s);
            }
            fputc(' ', f);
        }
        fputs("|\n", f);
    }
}

/* ---- the header ------------------------------------------------------------------- */

static void describe_side(const side_t *s, int markdown, char *buf, size_t len)
{
    char when[48];
    fmt_time(s->started, when, sizeof when);
    if (s->oracle) {
        snprintf(buf, len, "run %" PRId64 " (the Oracle measurements%s%s)", s->run,
                 s->ref_file ? " from " : "", s->ref_file ? s->ref_file : "");
        return;
    }
    char commit[64];
    if (s->commit)
        snprintf(commit, sizeof commit, markdown ? "`%.12s`" : "%.12s", s->commit);
    else
        snprintf(commit, sizeof commit, "unknown commit");
    snprintf(buf, len, "run %" PRId64 " (commit %s%s, %s, host %s, %s %s)", s->run, commit,
             s->git_dirty == 1 ? " + uncommitted changes" : "", when, s->host ? s->host : "unknown",
             s->compiler ? s->compiler : "compiler unknown", s->build_type ? s->build_type : "");
}

/* Lines that say plainly what makes the runs different beyond the code. */
static size_t notes(const diff_t *d, int markdown, char lines[][512], size_t max)
{
    const side_t *b = &d->side[0], *h = &d->side[1];
    size_t n = 0;
    if (d->calibration) {
        snprintf(lines[n++], 512,
                 "calibration: the %s run is the Oracle reference; the ratio is lobsim / oracle, "
                 "and statistics Oracle did not record are left out",
                 d->lobsim_side == 0 ? "head" : "base");
        return n;
    }
    if (d->nparams && n < max) {
        char *p = lines[n++];
        size_t used = (size_t)snprintf(p, 512, "model params differ:");
        for (size_t i = 0; i < d->nparams && used < 512; i++)
            used += (size_t)snprintf(p + used, 512 - used, "%s %s%s%s %s %s %s", i ? "," : "",
                                     markdown ? "`" : "", d->params[i].name, markdown ? "`" : "",
                                     d->params[i].base ? d->params[i].base : "(none)",
                                     markdown ? "\u2192" : "->",
                                     d->params[i].head ? d->params[i].head : "(none)");
    }
    if (b->host && h->host && strcmp(b->host, h->host) != 0 && n < max)
        snprintf(lines[n++], 512,
                 "hosts differ (%s, %s): the statistics compare as usual, the times are of two "
                 "machines",
                 b->host, h->host);
    if ((!streq(b->compiler, h->compiler) || !streq(b->build_type, h->build_type)) && n < max)
        snprintf(lines[n++], 512, "builds differ (%s %s, %s %s): the times are of two builds",
                 b->compiler ? b->compiler : "?", b->build_type ? b->build_type : "?",
                 h->compiler ? h->compiler : "?", h->build_type ? h->build_type : "?");
    if (strcmp(b->db, h->db) != 0 && n < max)
        snprintf(lines[n++], 512, "runs from two databases: base in %s, head in %s", b->db, h->db);
    if (d->ntimed && d->min_samples < UTEST_OPTIMAL_REPETITIONS && n < max) {
        double pmin = min_exact_p(d->min_samples, d->min_samples);
        snprintf(lines[n++], 512,
                 "as few as %u repetitions per case: %s; 9 or more give the U test its "
                 "power (--benchmark_repetitions)",
                 d->min_samples,
                 pmin >= d->case_alpha ? "too few there for any time change to be significant"
                                       : "time changes may go unnoticed");
    }
    return n;
}

static void summary(const diff_t *d, char *buf, size_t len)
{
    size_t used = 0;
#define ADD(...)                                                                                   \
    do {                                                                                           \
        if (used < len)                                                                            \
            used += (size_t)snprintf(buf + used, len - used, __VA_ARGS__);                         \
    } while (0)
    if (d->calibration) {
        size_t cells = 0, within10 = 0, within2x = 0;
        const fig_t *worst = NULL;
        double worst_dev = -1;
        for (size_t i = 0; i < d->nfigs; i++) {
            const fig_t *f = &d->figs[i];
            if (f->kind != FIG_COUNTER)
                continue;
            double l, o;
            calib_values(d, f, &l, &o);
            cells++;
            double dev = o > 0 && l > 0 ? fabs(log(l / o)) : (l == o ? 0 : INFINITY);
            within10 += dev <= log(1.1);
            within2x += dev <= log(2.0);
            if (dev > worst_dev) {
                worst_dev = dev;
                worst = f;
            }
        }
        ADD("%zu cells in %zu cases: %zu within 10%%, %zu within 2x", cells, d->ncommon, within10,
            within2x);
        if (worst) {
            char label[128], ratio[32];
            double l, o;
            calib_values(d, worst, &l, &o);
            case_label(pair_case(&d->pairs[worst->pair]), label, sizeof label);
            fmt_ratio(l, o, ratio, sizeof ratio);
            ADD("; furthest: %s '%s' (lobsim %.0f, oracle %.0f, ratio %s)", label, fig_name(worst),
                l, o, ratio);
        }
    } else if (d->nstats_changed == 0) {
        ADD("no statistic changed in %zu cases", d->ncommon);
    } else {
        ADD("%zu statistics changed in %zu of %zu cases", d->nstats_changed, d->ncases_changed,
            d->ncommon);
    }
    const char *bn = d->calibration ? (d->lobsim_side == 0 ? "lobsim" : "oracle") : "base";
    const char *hn = d->calibration ? (d->lobsim_side == 1 ? "lobsim" : "oracle") : "head";
    if (d->nremoved)
        ADD("; %zu case%s only in %s", d->nremoved, d->nremoved == 1 ? "" : "s", bn);
    if (d->nadded)
        ADD("%s %zu case%s only in %s", d->nremoved ? "," : ";", d->nadded,
            d->nadded == 1 ? "" : "s", hn);
    if (!d->nadded && !d->nremoved && !d->calibration)
        ADD("; no case added or removed");
    if (!d->calibration) {
        if (d->ntimed == 0)
            ADD("; times not compared (fewer than 2 repetition samples)");
        else if (d->nslower || d->nfaster)
            ADD("; times: %zu slower, %zu faster, %zu unchanged", d->nslower, d->nfaster,
                d->ntimed - d->nslower - d->nfaster);
        else
            ADD("; times: no significant change in %zu cases", d->ntimed);
        if (d->ntimed)
            ADD(" (U test, alpha %g over %zu cases: %.2g each, threshold %g%%)", d->o.alpha,
                d->ntimed, d->case_alpha, d->o.threshold_pct);
    }
#undef ADD
}

/* The cases of one run only, as "local 6k, dblink 6k". */
static void only_in(const diff_t *d, int base_side, char *buf, size_t len)
{
    size_t used = 0;
    buf[0] = '\0';
    for (size_t i = 0; i < d->npairs && used < len; i++) {
        const pair_t *p = &d->pairs[i];
        if ((base_side && p->b && !p->h) || (!base_side && p->h && !p->b)) {
            char label[128];
            case_label(pair_case(p), label, sizeof label);
            used += (size_t)snprintf(buf + used, len - used, "%s%s", used ? ", " : "", label);
        }
    }
}

static void fig_row(const diff_t *d, table_t *t, const fig_t *f, int with_case, int derived_mark)
{
    char label[128], name[128], b[48], h[48], df[48], pct[32];
    case_label(pair_case(&d->pairs[f->pair]), label, sizeof label);
    snprintf(name, sizeof name, "%s%s", derived_mark && f->kind == FIG_DERIVED ? "~" : "",
             fig_name(f));
    if (d->calibration) {
        double l, o;
        calib_values(d, f, &l, &o);
        fmt_value(f, l, b, sizeof b);
        fmt_value(f, o, h, sizeof h);
        fmt_ratio(l, o, pct, sizeof pct);
        char lob[32];
        fmt_chars(pair_case(&d->pairs[f->pair])->lob_chars, lob, sizeof lob);
        if (with_case)
            table_row(t, label, name, b, h, pct);
        else
            table_row(t, name, lob, b, h, pct);
        return;
    }
    fmt_value(f, f->base, b, sizeof b);
    fmt_value(f, f->head, h, sizeof h);
    fmt_diff(f, df, sizeof df);
    fmt_pct(f->base, f->head, pct, sizeof pct);
    if (with_case)
        table_row(t, label, name, b, h, df, pct);
    else
        table_row(t, name, b, h, df, pct);
}

static void times_table(const diff_t *d, table_t *t)
{
    table_init(t, "lrrrrrrl", "case", "base", "head", "change", "p (real)", "p (CPU)", "samples",
               "verdict");
    for (size_t i = 0; i < d->npairs; i++) {
        const pair_t *p = &d->pairs[i];
        if (!p->timed || (p->verdict == VERDICT_SAME && !d->o.all))
            continue;
        char label[128], b[32], h[32], ch[32], pr[32], pc[32], n[32];
        case_label(pair_case(p), label, sizeof label);
        fmt_ns(p->real.base_mean, b, sizeof b);
        fmt_ns(p->real.head_mean, h, sizeof h);
        snprintf(ch, sizeof ch, "%+.1f%%", p->real.change * 100);
        fmt_p(p->real.p, pr, sizeof pr);
        fmt_p(p->cpu.p, pc, sizeof pc);
        snprintf(n, sizeof n, "%u/%u", p->b->nsamples, p->h->nsamples);
        table_row(t, label, b, h, ch, pr, pc, n,
                  p->verdict == VERDICT_SLOWER   ? "slower"
                  : p->verdict == VERDICT_FASTER ? "faster"
                                                 : "unchanged");
    }
}

/* ---- text ---------------------------------------------------------------------------- */

static void print_text(FILE *f, const diff_t *d)
{
    char line[1024], lines[8][512];
    if (d->calibration)
        fprintf(f,
                "lobdiff: calibration of run %" PRId64
                " against the Oracle measurements (run %" PRId64 ") in %s\n",
                d->side[d->lobsim_side].run, d->side[!d->lobsim_side].run,
                d->side[d->lobsim_side].db);
    else
        fprintf(f, "lobdiff: run %" PRId64 " -> run %" PRId64 " in %s\n", d->side[0].run,
                d->side[1].run, d->side[1].db);
    describe_side(&d->side[0], 0, line, sizeof line);
    fprintf(f, "  base  %s\n", line);
    describe_side(&d->side[1], 0, line, sizeof line);
    fprintf(f, "  head  %s\n", line);
    size_t nn = notes(d, 0, lines, 8);
    for (size_t i = 0; i < nn; i++)
        fprintf(f, "  note: %s\n", lines[i]);
    summary(d, line, sizeof line);
    fprintf(f, "%s\n", line);
    if (d->nremoved || d->nadded) {
        const char *bn = d->calibration ? (d->lobsim_side == 0 ? "lobsim" : "oracle") : "base";
        const char *hn = d->calibration ? (d->lobsim_side == 1 ? "lobsim" : "oracle") : "head";
        if (d->nremoved) {
            only_in(d, 1, line, sizeof line);
            fprintf(f, "only in %s: %s\n", bn, line);
        }
        if (d->nadded) {
            only_in(d, 0, line, sizeof line);
            fprintf(f, "only in %s: %s\n", hn, line);
        }
    }

    size_t n;
    size_t *idx = ordered_figs(d, SIZE_MAX, d->calibration ? by_layout : by_change, &n);
    for (int kind = FIG_COUNTER; kind <= FIG_DERIVED; kind++) {
        table_t t;
        if (d->calibration)
            table_init(&t, "llrrr", "case", kind == FIG_COUNTER ? "statistic" : "derived figure",
                       "lobsim", "oracle", "ratio");
        else
            table_init(&t, "llrrrr", "case", kind == FIG_COUNTER ? "statistic" : "derived figure",
                       "base", "head", "diff", "%");
        for (size_t i = 0; i < n; i++)
            if (d->figs[idx[i]].kind == kind)
                fig_row(d, &t, &d->figs[idx[i]], 1, 0);
        if (t.nrows) {
            fprintf(f, "\n%s\n",
                    d->calibration ? (kind == FIG_COUNTER ? "Statistics, lobsim against Oracle"
                                                          : "Derived figures, lobsim against "
                                                            "Oracle")
                    : kind == FIG_COUNTER ? "Statistics, largest relative change first"
                                          : "Derived figures, largest relative change first");
            table_text(f, &t);
        }
        table_free(&t);
    }
    free(idx);

    if (d->ntimed) {
        table_t t;
        times_table(d, &t);
        if (t.nrows) {
            fprintf(f, "\nTimes per statement (mean of the repetitions; two-sided Mann-Whitney U "
                       "test on real and CPU time)\n");
            table_text(f, &t);
        }
        table_free(&t);
    }
}

/* ---- markdown ----------------------------------------------------------------------- */

static void print_markdown(FILE *f, const diff_t *d)
{
    char line[1024], lines[8][512];
    const side_t *b = &d->side[0], *h = &d->side[1];
    summary(d, line, sizeof line);
    if (d->calibration)
        fprintf(f,
                "**lobdiff calibration** run %" PRId64 " against Oracle (run %" PRId64 "): %s.\n",
                d->side[d->lobsim_side].run, d->side[!d->lobsim_side].run, line);
    else
        fprintf(f, "**lobdiff** run %" PRId64 " \u2192 run %" PRId64 ": %s.\n", b->run, h->run,
                line);
    fputc('\n', f);
    describe_side(b, 1, line, sizeof line);
    fprintf(f, "- base: %s\n", line);
    describe_side(h, 1, line, sizeof line);
    fprintf(f, "- head: %s\n", line);
    size_t nn = notes(d, 1, lines, 8);
    for (size_t i = 0; i < nn; i++)
        fprintf(f, "- %s\n", lines[i]);
    if (d->nremoved) {
        only_in(d, 1, line, sizeof line);
        fprintf(f, "- only in %s: %s\n",
                d->calibration ? (d->lobsim_side == 0 ? "lobsim" : "oracle") : "base", line);
    }
    if (d->nadded) {
        only_in(d, 0, line, sizeof line);
        fprintf(f, "- only in %s: %s\n",
                d->calibration ? (d->lobsim_side == 1 ? "lobsim" : "oracle") : "head", line);
    }

    if (d->calibration) {
        /* One table per path: by statistic, then LOB size. */
        for (int path = 0; path < CASE_PATH_COUNT; path++) {
            size_t n;
            size_t *idx = ordered_figs(d, SIZE_MAX, by_layout, &n);
            table_t t;
            table_init(&t, "lrrrr", "statistic", "lob", "lobsim", "oracle", "ratio");
            int last_id = -1, last_kind = -1;
            for (size_t i = 0; i < n; i++) {
                const fig_t *fg = &d->figs[idx[i]];
                const dcase_t *c = pair_case(&d->pairs[fg->pair]);
                if ((int)c->path != path)
                    continue;
                fig_row(d, &t, fg, 0, 1);
                /* The name only on the first row of its statistic. */
                if (fg->id == last_id && fg->kind == last_kind) {
                    free(t.cells[(t.nrows - 1) * t.ncols]);
                    t.cells[(t.nrows - 1) * t.ncols] = xstrdup("");
                }
                last_id = fg->id;
                last_kind = fg->kind;
            }
            if (t.nrows) {
                fprintf(f, "\n#### %s\n\n", case_path_name((case_path_t)path));
                table_markdown(f, &t);
            }
            table_free(&t);
            free(idx);
        }
        return;
    }

    /* One table per case that changed (every case with --all). */
    for (size_t pi = 0; pi < d->npairs; pi++) {
        const pair_t *p = &d->pairs[pi];
        if (!p->b || !p->h)
            continue;
        size_t n;
        size_t *idx = ordered_figs(d, pi, by_change, &n);
        if (n) {
            table_t t;
            table_init(&t, "lrrrr", "statistic", "base", "head", "diff", "%");
            for (size_t i = 0; i < n; i++)
                fig_row(d, &t, &d->figs[idx[i]], 0, 1);
            char label[128];
            case_label(pair_case(p), label, sizeof label);
            fprintf(f, "\n#### %s\n\n", label);
            table_markdown(f, &t);
            table_free(&t);
        }
        free(idx);
    }
    if (d->ntimed) {
        table_t t;
        times_table(d, &t);
        if (t.nrows) {
            fprintf(f, "\n#### times\n\n");
            table_markdown(f, &t);
        }
        table_free(&t);
    }
}

/* ---- JSON ------------------------------------------------------------------------------ */

static void json_str(FILE *f, const char *s)
{
    if (!s) {
        fputs("null", f);
        return;
    }
    fputc('"', f);
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\')
            fprintf(f, "\\%c", c);
        else if (c < 0x20)
            fprintf(f, "\\u%04x", c);
        else
            fputc(c, f);
    }
    fputc('"', f);
}

static void json_num(FILE *f, double v)
{
    if (isfinite(v))
        fprintf(f, "%.15g", v);
    else
        fputs("null", f);
}

static void json_side(FILE *f, const side_t *s)
{
    char when[48];
    fputs("{\"db\": ", f);
    json_str(f, s->db);
    fputs(", \"selector\": ", f);
    json_str(f, s->selector);
    fprintf(f, ", \"run\": %" PRId64 ", \"source\": ", s->run);
    json_str(f, s->source);
    fputs(", \"git_commit\": ", f);
    json_str(f, s->commit);
    fprintf(f, ", \"git_dirty\": %s, \"started\": ",
            s->git_dirty < 0 ? "null"
            : s->git_dirty   ? "true"
                             : "false");
    fmt_time(s->started, when, sizeof when);
    json_str(f, s->started > 0 ? when : NULL);
    fputs(", \"host\": ", f);
    json_str(f, s->host);
    fputs(", \"compiler\": ", f);
    json_str(f, s->compiler);
    fputs(", \"build_type\": ", f);
    json_str(f, s->build_type);
    fputs(", \"params\": ", f);
    json_str(f, s->params);
    fputs("}", f);
}

static void json_tstat(FILE *f, const tstat_t *t)
{
    fputs("{\"base_mean_ns\": ", f);
    json_num(f, t->base_mean);
    fputs(", \"head_mean_ns\": ", f);
    json_num(f, t->head_mean);
    fputs(", \"change_pct\": ", f);
    json_num(f, t->change * 100);
    fputs(", \"u\": ", f);
    json_num(f, t->u);
    fputs(", \"p\": ", f);
    json_num(f, t->p);
    fprintf(f, ", \"method\": \"%s\"}", t->exact ? "exact" : "asymptotic");
}

static void print_json(FILE *f, const diff_t *d)
{
    char line[1024], lines[8][512];
    fputs("{\n  \"lobdiff\": 1,\n  \"base\": ", f);
    json_side(f, &d->side[0]);
    fputs(",\n  \"head\": ", f);
    json_side(f, &d->side[1]);
    fprintf(f, ",\n  \"calibration\": %s,\n  \"alpha\": ", d->calibration ? "true" : "false");
    json_num(f, d->o.alpha);
    fputs(",\n  \"time_threshold_pct\": ", f);
    json_num(f, d->o.threshold_pct);
    fputs(",\n  \"params_differ\": [", f);
    for (size_t i = 0; i < d->nparams; i++) {
        fputs(i ? ", {\"name\": " : "{\"name\": ", f);
        json_str(f, d->params[i].name);
        fputs(", \"base\": ", f);
        json_str(f, d->params[i].base);
        fputs(", \"head\": ", f);
        json_str(f, d->params[i].head);
        fputs("}", f);
    }
    fputs("],\n  \"notes\": [", f);
    size_t nn = notes(d, 0, lines, 8);
    for (size_t i = 0; i < nn; i++) {
        fputs(i ? ", " : "", f);
        json_str(f, lines[i]);
    }
    summary(d, line, sizeof line);
    fputs("],\n  \"summary\": ", f);
    json_str(f, line);
    fprintf(f,
            ",\n  \"counts\": {\"cases_compared\": %zu, \"cases_changed\": %zu, "
            "\"statistics_changed\": %zu, \"cases_added\": %zu, \"cases_removed\": %zu, "
            "\"times_compared\": %zu, \"time_regressions\": %zu, \"time_improvements\": %zu},\n",
            d->ncommon, d->ncases_changed, d->nstats_changed, d->nadded, d->nremoved, d->ntimed,
            d->nslower, d->nfaster);
    fputs("  \"cases\": [", f);
    for (size_t pi = 0; pi < d->npairs; pi++) {
        const pair_t *p = &d->pairs[pi];
        const dcase_t *c = pair_case(p);
        fprintf(f, "%s\n    {\"path\": \"%s\", \"lob_chars\": %" PRIu64 ", \"lob_kchars\": ",
                pi ? "," : "", case_path_name(c->path), c->lob_chars);
        json_num(f, (double)c->lob_chars / 1024);
        fprintf(f, ", \"block_size\": %" PRIu32 ", \"rows\": %" PRIu64 ", \"status\": \"%s\"",
                c->block_size, c->rows,
                p->b && p->h ? "compared"
                : p->b       ? "only_in_base"
                             : "only_in_head");
        if (!p->b || !p->h) {
            fputs("}", f);
            continue;
        }
        size_t n;
        size_t *idx = ordered_figs(d, pi, by_change, &n);
        for (int kind = FIG_COUNTER; kind <= FIG_DERIVED; kind++) {
            fprintf(f, ",\n     \"%s\": [", kind == FIG_COUNTER ? "statistics" : "derived");
            int first = 1;
            for (size_t i = 0; i < n; i++) {
                const fig_t *fg = &d->figs[idx[i]];
                if (fg->kind != kind)
                    continue;
                fputs(first ? "\n       {" : ",\n       {", f);
                first = 0;
                if (kind == FIG_COUNTER)
                    fprintf(f, "\"statistic#\": %d, ", sim_stat_info((sim_stat_t)fg->id)->number);
                fputs("\"name\": ", f);
                json_str(f, fig_name(fg));
                if (kind == FIG_COUNTER)
                    fprintf(f, ", \"base\": %" PRId64 ", \"head\": %" PRId64 ", \"diff\": %" PRId64,
                            fg->ibase, fg->ihead, fg->ihead - fg->ibase);
                else {
                    fputs(", \"base\": ", f);
                    json_num(f, fg->base);
                    fputs(", \"head\": ", f);
                    json_num(f, fg->head);
                    fputs(", \"diff\": ", f);
                    json_num(f, fg->head - fg->base);
                }
                fputs(", \"pct\": ", f);
                json_num(f, fg->base != 0 ? (fg->head - fg->base) / fabs(fg->base) * 100
                                          : (fg->head == 0 ? 0 : NAN));
                fprintf(f, ", \"changed\": %s", fg->changed ? "true" : "false");
                if (d->calibration) {
                    double l, o;
                    calib_values(d, fg, &l, &o);
                    fputs(", \"lobsim\": ", f);
                    json_num(f, l);
                    fputs(", \"oracle\": ", f);
                    json_num(f, o);
                    fputs(", \"ratio\": ", f);
                    json_num(f, o != 0 ? l / o : NAN);
                }
                fputs("}", f);
            }
            fputs("]", f);
        }
        free(idx);
        fprintf(f, ",\n     \"statistics_changed\": %zu, \"time\": ", p->changed);
        if (!p->timed) {
            fputs("null}", f);
            continue;
        }
        fprintf(f, "{\"base_samples\": %u, \"head_samples\": %u, \"real\": ", p->b->nsamples,
                p->h->nsamples);
        json_tstat(f, &p->real);
        fputs(", \"cpu\": ", f);
        json_tstat(f, &p->cpu);
        fprintf(f, ", \"verdict\": \"%s\"}}",
                p->verdict == VERDICT_SLOWER   ? "slower"
                : p->verdict == VERDICT_FASTER ? "faster"
                                               : "unchanged");
    }
    fprintf(f, "\n  ],\n  \"exit_status\": %d\n}\n", d->exit_status);
}

/* ---- the plot ------------------------------------------------------------------------ */

typedef struct {
    plot_series_t *series;
    plot_point_t *points;
    size_t nseries, npoints;
} panel_data_t;

/* The cases a plot shows: one workload, block size and row count. */
typedef struct {
    unsigned workload;
    uint32_t block;
    uint64_t rows;
} plot_group_t;

static int in_group(const dcase_t *c, const plot_group_t *g)
{
    return c->workload == g->workload && c->block_size == g->block && c->rows == g->rows;
}

/* Add the series of one run's cases of group g for statistic k. */
static void add_series(panel_data_t *pd, const side_t *s, int k, const plot_group_t *g,
                       plot_style_t style, const char *name)
{
    for (int path = 0; path < CASE_PATH_COUNT; path++) {
        size_t first = pd->npoints;
        for (size_t i = 0; i < s->n; i++) {
            const dcase_t *c = &s->cases[i];
            if ((int)c->path != path || !in_group(c, g) || !c->present[k])
                continue;
            pd->points[pd->npoints++] =
                (plot_point_t){(double)c->lob_chars / 1024, (double)c->stats.v[k]};
        }
        if (pd->npoints == first)
            continue;
        plot_series_t *se = &pd->series[pd->nseries++];
        se->name = name;
        se->path = (case_path_t)path;
        se->style = style;
        se->npoints = pd->npoints - first;
        se->points = pd->points + first; /* sized for every case: never moves */
    }
}

static int write_plot(const diff_t *d)
{
    const side_t *b = &d->side[0], *h = &d->side[1];
    /* The reference's experiment when either run has it, else the first
     * case's workload, block size and rows. */
    plot_group_t g = {0, REF_BLOCK_SIZE, REF_ROWS};
    int found = 0;
    for (int k = 0; k < 2 && !found; k++)
        for (size_t i = 0; i < d->side[k].n && !found; i++)
            found = in_group(&d->side[k].cases[i], &g);
    if (!found) {
        const dcase_t *c = h->n ? &h->cases[0] : b->n ? &b->cases[0] : NULL;
        if (c)
            g = (plot_group_t){c->workload, c->block_size, c->rows};
    }
    /* The reference beside a diff of two lobsim runs, when the store has it. */
    side_t ref = {.role = "reference"};
    const side_t *refp = NULL;
    if (!d->calibration && !b->oracle && !h->oracle) {
        ref.store = h->store;
        ref.db = h->db;
        if (res_resolve_run(h->store, "reference", &ref.run) == SIM_OK &&
            res_foreach_session(h->store, ref.run, collect_case, &ref) == SIM_OK)
            refp = &ref;
    } else {
        refp = b->oracle ? b : h;
    }

    /* Panels: the statistics listed (changed ones; all with --all, in a
     * calibration, or when nothing changed). */
    int want[SIM_STAT_COUNT] = {0};
    size_t npanels = 0;
    for (size_t i = 0; i < d->nfigs; i++)
        if (d->figs[i].kind == FIG_COUNTER && (d->figs[i].changed || d->o.all || d->calibration))
            want[d->figs[i].id] = 1;
    for (int k = 0; k < SIM_STAT_COUNT; k++)
        npanels += (size_t)want[k];
    if (npanels == 0)
        for (int k = 0; k < SIM_STAT_COUNT; k++) {
            int any = 0;
            for (int s = 0; s < 2 && !any; s++)
                for (size_t i = 0; i < d->side[s].n && !any; i++)
                    any = d->side[s].cases[i].present[k];
            want[k] = any;
            npanels += (size_t)any;
        }

    char bname[64], hname[64], rname[64];
    snprintf(bname, sizeof bname, "%s (run %" PRId64 ")", d->calibration ? "lobsim" : "base",
             b->run);
    snprintf(hname, sizeof hname, "%s (run %" PRId64 ")", d->calibration ? "lobsim" : "head",
             h->run);
    if (refp)
        snprintf(rname, sizeof rname, "Oracle (run %" PRId64 ")", refp->run);
    plot_panel_t *panels = xmalloc((npanels ? npanels : 1) * sizeof *panels);
    panel_data_t *pdata = xmalloc((npanels ? npanels : 1) * sizeof *pdata);
    size_t np = 0;
    for (int k = 0; k < SIM_STAT_COUNT; k++) {
        if (!want[k])
            continue;
        panel_data_t *pd = &pdata[np];
        size_t maxpts = b->n + h->n + (refp && refp != b && refp != h ? refp->n : 0);
        pd->series = xmalloc(3 * CASE_PATH_COUNT * sizeof *pd->series);
        pd->points = xmalloc((maxpts ? maxpts : 1) * sizeof *pd->points);
        pd->nseries = pd->npoints = 0;
        if (!b->oracle)
            add_series(pd, b, k, &g, PLOT_SOLID, bname);
        if (!h->oracle)
            add_series(pd, h, k, &g, d->calibration ? PLOT_SOLID : PLOT_DASHED, hname);
        if (refp)
            add_series(pd, refp, k, &g, PLOT_MARKERS, rname);
        panels[np].title = sim_stat_info((sim_stat_t)k)->name;
        panels[np].series = pd->series;
        panels[np].nseries = pd->nseries;
        np++;
    }

    plot_opts_t po;
    plot_opts_defaults(&po);
    char title[256], subtitle[1024], blk[32];
    if (d->calibration)
        snprintf(title, sizeof title, "lobdiff: run %" PRId64 " against the Oracle measurements",
                 d->side[d->lobsim_side].run);
    else
        snprintf(title, sizeof title, "lobdiff: base run %" PRId64 " vs head run %" PRId64, b->run,
                 h->run);
    fmt_chars(g.block, blk, sizeof blk);
    char lines[8][512];
    size_t nn = notes(d, 0, lines, 8);
    snprintf(subtitle, sizeof subtitle, "%s, %s blocks, %" PRIu64 " rows; log-log axes%s%s",
             workload_name(g.workload), blk, g.rows, nn && d->nparams ? "; " : "",
             nn && d->nparams ? lines[0] : "");
    po.title = title;
    po.subtitle = subtitle;
    char err[1024];
    int rc = 0;
    if (np == 0) {
        fprintf(stderr, "lobdiff: --plot=%s: no statistic to plot\n", d->o.plot);
        rc = 1;
    } else if (plot_svg_file(d->o.plot, &po, panels, np, err, sizeof err) != SIM_OK) {
        fprintf(stderr, "lobdiff: --plot: %s\n", err);
        rc = 1;
    }
    for (size_t i = 0; i < np; i++) {
        free(pdata[i].series);
        free(pdata[i].points);
    }
    free(pdata);
    free(panels);
    ref.store = NULL; /* borrowed from the head */
    ref.db = NULL;
    free_side(&ref);
    return rc;
}

/* ---- command line -------------------------------------------------------------------- */

static void usage(FILE *f)
{
    fputs("usage: lobdiff [--db=FILE] BASE HEAD [--format=text|markdown|json] [--all]\n"
          "               [--time-threshold=PCT] [--alpha=A] [--plot=FILE.svg]\n"
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
          "  --db=FILE            results database (default " RES_DEFAULT_PATH "), read only\n"
          "  --format=FMT         text (default), markdown (for a pull request) or json\n"
          "  --all                list unchanged statistics and times too\n"
          "  --time-threshold=PCT a time change counts beyond PCT percent (default 5)\n"
          "  --alpha=A            significance level of the U test (default 0.05)\n"
          "  --plot=FILE.svg      draw the statistics against LOB size, log-log\n"
          "\n"
          "Exit status: 0 nothing changed; 1 a statistic changed, a case was added or\n"
          "removed, or a time regressed (always 1 against the reference, whose figures\n"
          "differ from the model's); 2 bad input.\n",
          f);
}

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

/* 0 to go on, 1 done (--help), 2 bad input (message printed). */
static int parse_args(int argc, char **argv, opts_t *o)
{
    memset(o, 0, sizeof *o);
    o->db = RES_DEFAULT_PATH;
    o->threshold_pct = 5;
    o->alpha = 0.05;
    int npos = 0, options = 1;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (options && strcmp(a, "--") == 0) {
            options = 0;
        } else if (options && (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0)) {
            usage(stdout);
            return 1;
        } else if (options && strncmp(a, "--db=", 5) == 0) {
            o->db = a + 5;
            if (!*o->db) {
                fprintf(stderr, "lobdiff: --db: empty file name\n");
                return 2;
            }
        } else if (options && strncmp(a, "--format=", 9) == 0) {
            if (strcmp(a + 9, "text") == 0)
                o->format = FMT_TEXT;
            else if (strcmp(a + 9, "markdown") == 0 || strcmp(a + 9, "md") == 0)
                o->format = FMT_MARKDOWN;
            else if (strcmp(a + 9, "json") == 0)
                o->format = FMT_JSON;
            else {
                fprintf(stderr, "lobdiff: --format: '%s'; expected text, markdown or json\n",
                        a + 9);
                return 2;
            }
        } else if (options && strcmp(a, "--all") == 0) {
            o->all = 1;
        } else if (options && strncmp(a, "--time-threshold=", 17) == 0) {
            if (parse_number(a + 17, 0, 1e6, &o->threshold_pct) != 0) {
                fprintf(stderr,
                        "lobdiff: --time-threshold: '%s'; expected a percentage >= 0, e.g. 5\n",
                        a + 17);
                return 2;
            }
        } else if (options && strncmp(a, "--alpha=", 8) == 0) {
            if (parse_number(a + 8, 1e-12, 0.999999, &o->alpha) != 0 || strchr(a + 8, '%')) {
                fprintf(stderr, "lobdiff: --alpha: '%s'; expected a number in (0, 1), e.g. 0.05\n",
                        a + 8);
                return 2;
            }
        } else if (options && strncmp(a, "--plot=", 7) == 0) {
            o->plot = a + 7;
            if (!*o->plot) {
                fprintf(stderr, "lobdiff: --plot: empty file name; expected e.g. "
                                "--plot=diff.svg\n");
                return 2;
            }
        } else if (options && a[0] == '-' && a[1] != '\0') {
            fprintf(stderr,
                    "lobdiff: unknown option '%s'; expected --db=FILE, --format=FMT, --all, "
                    "--time-threshold=PCT, --alpha=A, --plot=FILE.svg or --help\n",
                    a);
            return 2;
        } else if (npos == 0) {
            o->base = a;
            npos++;
        } else if (npos == 1) {
            o->head = a;
            npos++;
        } else {
            fprintf(stderr, "lobdiff: unexpected argument '%s'; expected two runs, BASE and HEAD\n",
                    a);
            return 2;
        }
    }
    if (npos < 2) {
        fprintf(stderr, "lobdiff: expected two runs, BASE and HEAD (e.g. lobdiff latest~1 "
                        "latest); see --help\n");
        return 2;
    }
    if (o->plot) {
        /* Refuse a plot that cannot be written before doing any work. */
        char *dir = xstrdup(o->plot);
        char *slash = strrchr(dir, '/');
        struct stat sb;
        if (slash)
            *(slash == dir ? slash + 1 : slash) = '\0';
        int ok = !slash || (stat(dir, &sb) == 0 && S_ISDIR(sb.st_mode));
        if (!ok)
            fprintf(stderr, "lobdiff: --plot=%s: directory %s does not exist\n", o->plot, dir);
        free(dir);
        if (!ok)
            return 2;
    }
    return 0;
}

int main(int argc, char **argv)
{
    diff_t d;
    memset(&d, 0, sizeof d);
    int rc = parse_args(argc, argv, &d.o);
    if (rc)
        return rc == 1 ? EXIT_SAME : EXIT_BAD_INPUT;
    d.side[0].role = "base";
    d.side[1].role = "head";
    if (resolve_side(&d.side[0], d.o.base, d.o.db) || resolve_side(&d.side[1], d.o.head, d.o.db) ||
        load_side(&d.side[0]) || load_side(&d.side[1])) {
        free_side(&d.side[0]);
        free_side(&d.side[1]);
        return EXIT_BAD_INPUT;
    }
    d.calibration = d.side[0].oracle != d.side[1].oracle;
    d.lobsim_side = d.side[0].oracle ? 1 : 0;
    if (!d.calibration)
        diff_params(&d, d.side[0].params, d.side[1].params);
    pair_cases(&d);
    compare(&d);
    if (d.calibration) {
        /* Per-session params of the model are no news against Oracle. */
        for (size_t i = 0; i < d.nparams; i++) {
            free(d.params[i].name);
            free(d.params[i].base);
            free(d.params[i].head);
        }
        d.nparams = 0;
    }

    int status = d.exit_status;
    if (d.o.plot && write_plot(&d) != 0)
        status = EXIT_BAD_INPUT;
    if (d.o.format == FMT_JSON)
        print_json(stdout, &d);
    else if (d.o.format == FMT_MARKDOWN)
        print_markdown(stdout, &d);
    else
        print_text(stdout, &d);
    if (fflush(stdout) != 0) {
        fprintf(stderr, "lobdiff: cannot write the report: %s\n", strerror(errno));
        status = EXIT_BAD_INPUT;
    }

    for (size_t i = 0; i < d.nparams; i++) {
        free(d.params[i].name);
        free(d.params[i].base);
        free(d.params[i].head);
    }
    free(d.params);
    free(d.pairs);
    free(d.figs);
    free_side(&d.side[0]);
    free_side(&d.side[1]);
    return status;
}
