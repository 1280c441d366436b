/*
 * fuzz_lobdiff.c -- lobsim_lobdiff without a store.  The first byte picks:
 *
 *   odd   the rest is lobdiff's argv, split at NUL bytes: ldf_parse_args()
 *         and ldf_split_selector() on every argument;
 *   even  the rest builds two runs in memory, case by case (workload and
 *         path from a small set with odd names among them, LOB size, block
 *         size, rows, a few statistics, repetition samples, on base, head
 *         or both with head's figures moved), which are compared and
 *         rendered as text, markdown, JSON and SVG.
 *
 * Checked besides "no crash, no sanitizer report": a refusal is one line;
 * the pairs account for every case of both runs; the exit status says
 * whether anything changed; the JSON's brackets balance; the U test's p is
 * in [0, 1] and U in [0, n1 n2].
 */
#define _POSIX_C_SOURCE 200809L

#include <math.h>

#include "fuzz_util.h"
#include "lobdiff_int.h"

typedef struct {
    const uint8_t *p;
    size_t n;
} input_t;

static unsigned byte(input_t *in)
{
    if (in->n == 0)
        return 0;
    in->n--;
    return *in->p++;
}

static void fuzz_args(const uint8_t *data, size_t size)
{
    char *buf = malloc(size + 1);
    if (!buf)
        abort();
    memcpy(buf, data, size);
    buf[size] = '\0';
    char *argv[34] = {"lobdiff"};
    int argc = 1;
    for (size_t i = 0; i <= size && argc < 33;) {
        argv[argc++] = buf + i;
        i += strlen(buf + i) + 1;
    }
    argv[argc] = NULL;
    ldf_opts_t o;
    char err[512];
    err[0] = '\0';
    int rc = ldf_parse_args(argc, argv, &o, err, sizeof err);
    FUZZ_CHECK(rc >= 0 && rc <= 2, "rc %d", rc);
    if (rc == 2)
        FUZZ_CHECK(err[0] && (!strchr(err, '\n') || memchr(data, '\n', size)), "refusal '%s'", err);
    if (rc == 0) {
        FUZZ_CHECK(o.base && o.head && o.db && *o.db, "runs or store missing");
        FUZZ_CHECK(o.alpha > 0 && o.alpha < 1 && o.threshold_pct >= 0, "alpha %g", o.alpha);
    }
    for (int i = 1; i < argc; i++) {
        char *db = NULL;
        const char *sel = NULL;
        err[0] = '\0';
        if (ldf_split_selector("base", argv[i], "x.db", &db, &sel, err, sizeof err) == SIM_OK) {
            /* Either the whole argument is a selector of the default store,
             * or FILE and SELECTOR are both there, around the colon. */
            FUZZ_CHECK(db && sel, "split of '%s'", argv[i]);
            FUZZ_CHECK((sel == argv[i] && strcmp(db, "x.db") == 0) ||
                           (*db && *sel && strlen(db) + 1 + strlen(sel) == strlen(argv[i])),
                       "split of '%s': '%s' '%s'", argv[i], db, sel);
            free(db);
        } else {
            FUZZ_CHECK(fuzz_one_line(err, argv[i]), "refusal '%s'", err);
        }
    }
    free(buf);
}

static const char *const workloads[] = {"insert", "scan", "rows", "cluster", "x|_*`\"\\<y"};
static const char *const paths[] = {"local", "dblink", "tape\n\"drive\""};
static const char *const params[] = {NULL, "", "a=1 b=2", "a=2 c", " b=2  a=1 ", "=x =y"};

static char *render(const ldf_diff_t *d, sim_err_t (*fn)(FILE *, const ldf_diff_t *), size_t *len)
{
    char *buf = NULL;
    FILE *f = open_memstream(&buf, len);
    if (!f)
        abort();
    sim_err_t rc = fn(f, d);
    fclose(f);
    FUZZ_CHECK(rc == SIM_OK, "renderer: %s", sim_strerror(rc));
    return buf;
}

/* Brackets and braces outside strings balance, and strings close. */
static int json_balanced(const char *s)
{
    int depth = 0, in_str = 0;
    for (; *s; s++) {
        if (in_str) {
            if (*s == '\\' && s[1])
                s++;
            else if (*s == '"')
                in_str = 0;
            else if ((unsigned char)*s < 0x20)
                return 0;
        } else if (*s == '"') {
            in_str = 1;
        } else if (*s == '{' || *s == '[') {
            depth++;
        } else if (*s == '}' || *s == ']') {
            if (--depth < 0)
                return 0;
        }
    }
    return depth == 0 && !in_str;
}

static void fuzz_runs(input_t *in)
{
    unsigned flags = byte(in);
    ldf_opts_t o;
    ldf_opts_defaults(&o);
    o.all = flags & 1;
    o.alpha = (flags & 2) ? 0.3 : 0.05;
    o.threshold_pct = (flags & 4) ? 0 : 5;
    ldf_run_info_t bi = {.run = 1,
                         .source = (flags & 8) ? "oracle" : "lobsim",
                         .params = params[(flags >> 4) % 6],
                         .git_dirty = -1,
                         .db = "a.db"};
    ldf_run_info_t hi = {.run = 2,
                         .source = (flags & 64) ? "oracle" : "lobsim",
                         .params = params[(flags >> 5) % 6],
                         .git_dirty = 1,
                         .db = "b.db",
                         .host = "h",
                         .commit = "0123456789abcdef"};
    ldf_run_t *b = ldf_run_create("base", &bi), *h = ldf_run_create("head", &hi);
    double samples[2][16];
    while (in->n >= 6 && b->n + h->n < 256) {
        ldf_case_t c;
        memset(&c, 0, sizeof c);
        unsigned k = byte(in);
        snprintf(c.workload, sizeof c.workload, "%s", workloads[(k >> 2) % 5]);
        snprintf(c.path, sizeof c.path, "%s", paths[(k >> 5) % 3]);
        unsigned lob = byte(in);
        c.lob_chars = lob < SIM_REF_NSIZES ? sim_ref_sizes[lob] : lob;
        unsigned blk = byte(in);
        c.block_size = blk % 6 ? 1024u << (blk % 6) : 0;
        c.rows = (blk & 0x80) ? SIM_REF_ROWS : blk / 8;
        unsigned nstats = byte(in) % 5;
        uint8_t moved[SIM_STAT_COUNT] = {0};
        for (unsigned i = 0; i < nstats; i++) {
            unsigned s = byte(in) % SIM_STAT_COUNT, v = byte(in);
            c.present[s] = 1;
            c.stats.v[s] = v & 0x80 ? (uint64_t)v << 40 : v;
            moved[s] = (uint8_t)byte(in);
        }
        unsigned ns = byte(in) % 13;
        for (int side = 0; side < 2; side++)
            for (unsigned i = 0; i < ns; i++)
                samples[side][i] = byte(in) * ((k & 2) ? 1e6 : 1.0);
        c.nsamples = ns;
        c.real = c.cpu = samples[0];
        if (!(k & 1) || (k & 2))
            FUZZ_CHECK(ldf_run_add_case(b, &c) == SIM_OK, "base case refused");
        if (k & 1) {
            for (int s = 0; s < SIM_STAT_COUNT; s++)
                c.stats.v[s] ^= moved[s];
            c.real = c.cpu = samples[1];
            FUZZ_CHECK(ldf_run_add_case(h, &c) == SIM_OK, "head case refused");
        }
        if (ns) {
            ldf_utest_t t;
            FUZZ_CHECK(ldf_mann_whitney(samples[0], ns, samples[1], ns, &t) == SIM_OK, "U test");
            FUZZ_CHECK(t.p >= 0 && t.p <= 1 && t.u >= 0 && t.u <= (double)ns * ns, "U %g p %g", t.u,
                       t.p);
        }
    }
    size_t nb = b->n, nh = h->n;
    ldf_diff_t *d = ldf_diff_create(&o, b, h);
    FUZZ_CHECK(d != NULL, "ldf_diff_create");
    FUZZ_CHECK(d->ncommon * 2 + d->nadded + d->nremoved == nb + nh, "pairs lose cases");
    FUZZ_CHECK(d->ncommon + d->nadded + d->nremoved == d->npairs, "pair counts");
    int st = ldf_diff_exit_status(d);
    FUZZ_CHECK(st == (d->nstats_changed || d->nadded || d->nremoved || d->nslower ? LDF_EXIT_CHANGED
                                                                                  : LDF_EXIT_SAME),
               "exit status %d", st);
    size_t len;
    char *t = render(d, ldf_render_text, &len);
    FUZZ_CHECK(len > 0, "empty text");
    free(t);
    t = render(d, ldf_render_markdown, &len);
    FUZZ_CHECK(len > 0, "empty markdown");
    free(t);
    t = render(d, ldf_render_json, &len);
    FUZZ_CHECK(json_balanced(t), "JSON does not balance:\n%s", t);
    free(t);
    char *svg = NULL, err[256];
    FILE *f = open_memstream(&svg, &len);
    if (!f)
        abort();
    sim_err_t rc = ldf_render_plot(f, d, NULL, err, sizeof err);
    fclose(f);
    FUZZ_CHECK(rc == SIM_OK || (rc == SIM_EINVAL && strcmp(err, "no statistic to plot") == 0),
               "plot: %s", err);
    free(svg);
    ldf_diff_destroy(d);
    ldf_run_destroy(b);
    ldf_run_destroy(h);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size == 0)
        return 0;
    if (data[0] & 1) {
        fuzz_args(data + 1, size - 1);
    } else {
        input_t in = {data + 1, size - 1};
        fuzz_runs(&in);
    }
    return 0;
}
