/*
 * table_rac.c -- the rac workload's AWR report: the console tables (each
 * block size's instance 1, instance 2 and cluster columns, and the change
 * of the cluster's figure from the first block size to each other one; for
 * a sweep over lists of parameters and seeds, a table per point of the
 * lists with each figure's change per seed and its range) and the CSV (one
 * row per figure and instance: 1, 2, all).
 *
 * The report's figures come from rac_report(), which runs the case again:
 * a rac run is deterministic, so it gives the figures of the run measured.
 * bench_rac_reports() makes them once for the table and the CSV.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "benchmarks.h"
#include "rac_sim.h"

struct bench_awr {
    rac_report_t rep;
};

sim_err_t bench_rac_reports(bench_case_t *cases, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        bench_case_t *bc = &cases[i];
        if (!bc->ran || !workload_is_rac(bc->c.workload) || bc->awr != NULL)
            continue;
        struct bench_awr *a = malloc(sizeof *a);
        if (a == NULL)
            return SIM_ENOMEM;
        if (rac_report(&bc->c, &a->rep) != SIM_OK) {
            free(a);
            return SIM_ENOMEM;
        }
        bc->awr = a;
    }
    return SIM_OK;
}

void bench_free_reports(bench_case_t *cases, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        free(cases[i].awr);
        cases[i].awr = NULL;
    }
}

/* bc's report: the one bench_rac_reports() made, else made into *scratch;
 * NULL when that fails. */
static const rac_report_t *report_of(const bench_case_t *bc, rac_report_t *scratch)
{
    if (bc->awr != NULL)
        return &bc->awr->rep;
    return rac_report(&bc->c, scratch) == SIM_OK ? scratch : NULL;
}

/* The rac cases of workload wl that ran, first of each block size. */
static size_t columns(const bench_case_t *cases, size_t n, unsigned wl, const bench_case_t **out)
{
    size_t k = 0;
    for (size_t i = 0; i < n && k < BENCH_MAX_LIST; i++) {
        if (!cases[i].ran || cases[i].c.workload != wl)
            continue;
        int seen = 0;
        for (size_t j = 0; j < k; j++)
            seen |= out[j]->c.block_size == cases[i].c.block_size;
        if (!seen)
            out[k++] = &cases[i];
    }
    return k;
}

/* The console's columns: a figure, and a change, as wide as these. */
#define VALUE_W 13
#define CHANGE_W 10

/* " +12.3 %": CHANGE_W characters after the space. */
static void change(FILE *f, double from, double to)
{
    if (from != 0)
        fprintf(f, " %+*.1f %%", CHANGE_W - 2, 100.0 * (to / from - 1.0));
    else
        fprintf(f, " %*s", CHANGE_W, to != 0 ? "new" : "-");
}

static void heading(FILE *f, const char *title, const bench_case_t *const *col, size_t k, int nw)
{
    char h[32];
    fprintf(f, "\n%-*s", nw, title);
    for (size_t j = 0; j < k; j++)
        for (int c = 0; c < RAC_COLUMNS; c++) {
            static const char *const inst[RAC_COLUMNS] = {"1", "2", "all"};
            snprintf(h, sizeof h, "%uk:%s", col[j]->c.block_size / 1024, inst[c]);
            fprintf(f, " %*s", VALUE_W, h);
        }
    for (size_t j = 1; j < k; j++) {
        snprintf(h, sizeof h, "%uk/%uk", col[j]->c.block_size / 1024, col[0]->c.block_size / 1024);
        fprintf(f, " %*s", CHANGE_W, h);
    }
    fprintf(f, "\n");
}

/* The sections whose lines are "what: figure" (a block class, a block
 * kind, an event): the what on a line of its own, its figures under it. */
static int grouped(const char *sec)
{
    return strcmp(sec, RAC_SEC_TRANSFER) == 0 || strcmp(sec, RAC_SEC_SEGMENTS) == 0 ||
           strcmp(sec, RAC_SEC_EVENTS) == 0;
}

/* Line `name` of section sec: its figure, and in *glen the length of the
 * what before it (0: a line of its own). */
static const char *figure_of(const char *sec, const char *name, size_t *glen)
{
    const char *last = NULL;
    for (const char *p = name; grouped(sec) && (p = strstr(p, ": ")) != NULL; p += 2)
        last = p;
    *glen = last ? (size_t)(last - name) : 0;
    return last ? last + 2 : name;
}

/* The width of the names' column: the widest title or line label. */
static int name_width(int nw, const char *title, const char *sec, const char *name)
{
    int w = (int)strlen(title);
    nw = w > nw ? w : nw;
    if (name == NULL)
        return nw;
    size_t glen;
    const char *fig = figure_of(sec, name, &glen);
    w = glen ? (int)(4 + strlen(fig)) : (int)(2 + strlen(name));
    nw = w > nw ? w : nw;
    return (int)(2 + glen) > nw ? (int)(2 + glen) : nw;
}

/* A line's name, padded to nw: "  name", or under its what (printed when
 * it is not *prev's, the last what printed) "    figure". */
static void line_name(FILE *f, const char *sec, const char *name, int nw, char *prev, size_t plen)
{
    size_t glen;
    const char *fig = figure_of(sec, name, &glen);
    if (glen == 0) {
        prev[0] = '\0';
        fprintf(f, "  %-*s", nw - 2, name);
        return;
    }
    if (strlen(prev) != glen || strncmp(prev, name, glen) != 0) {
        snprintf(prev, plen, "%.*s", (int)glen, name);
        fprintf(f, "  %s\n", prev);
    }
    fprintf(f, "    %-*s", nw - 4, fig);
}

/* Whether a line shows anything: a figure no column has is left out. */
static int shows(const rac_report_t *rep, size_t k, size_t i)
{
    for (size_t j = 0; j < k; j++)
        for (int c = 0; c < RAC_COLUMNS; c++)
            if (rep[j].line[i].v[c] != 0)
                return 1;
    return 0;
}

/* The AWR window of case c: "a window of 10000 ms" or, when a count of
 * transactions closes it, "a window of N transactions or M ms". */
static const char *window_text(const case_t *c, char *buf, size_t n)
{
    if (c->rac.transactions == 0)
        snprintf(buf, n, "a window of %u ms", c->rac.window_ms);
    else if (c->rac.window_ms == 0)
        snprintf(buf, n, "a window of %u transactions", c->rac.transactions);
    else
        snprintf(buf, n, "a window of %u transactions or %u ms", c->rac.transactions,
                 c->rac.window_ms);
    return buf;
}

static void section(FILE *f, const char *title, const char *sec, const bench_case_t *const *col,
                    size_t k, const rac_report_t *rep, int nw)
{
    char prev[RAC_NAME] = "";
    heading(f, title, col, k, nw);
    for (size_t i = 0; i < rep[0].n; i++) {
        if (strcmp(rep[0].line[i].section, sec) != 0 || !shows(rep, k, i))
            continue;
        line_name(f, sec, rep[0].line[i].name, nw, prev, sizeof prev);
        for (size_t j = 0; j < k; j++)
            for (int c = 0; c < RAC_COLUMNS; c++)
                fprintf(f, " %*.3f", VALUE_W, rep[j].line[i].v[c]);
        for (size_t j = 1; j < k; j++)
            change(f, rep[0].line[i].v[2], rep[j].line[i].v[2]);
        fprintf(f, "\n");
    }
}

/* Top 5 timed events of the cluster, DB CPU among them. */
static void top_events(FILE *f, const bench_case_t *bc, const rac_report_t *rep)
{
    struct timed {
        const char *name, *cls;
        double waits, s;
    } ev[64];
    size_t n = 0;
    const rac_line_t *cpu = rac_report_line(rep, RAC_SEC_TIME, "DB CPU (s per s)");
    const rac_line_t *dbt = rac_report_line(rep, RAC_SEC_TIME, "DB time (s per s)");
    ev[n].name = "DB CPU";
    ev[n].cls = "";
    ev[n].waits = 0;
    ev[n++].s = cpu ? cpu->v[2] * rep->elapsed_s : 0;
    for (int e = 0; rac_event_name(e) && n < 64; e++) {
        char name[RAC_NAME + 16];
        snprintf(name, sizeof name, "%s: waits per second", rac_event_name(e));
        const rac_line_t *w = rac_report_line(rep, RAC_SEC_EVENTS, name);
        snprintf(name, sizeof name, "%s: time (s per s)", rac_event_name(e));
        const rac_line_t *t = rac_report_line(rep, RAC_SEC_EVENTS, name);
        if (w == NULL || t == NULL || w->v[2] == 0)
            continue;
        ev[n].name = rac_event_name(e);
        ev[n].cls = rac_event_class_name(e);
        ev[n].waits = w->v[2] * rep->elapsed_s;
        ev[n++].s = t->v[2] * rep->elapsed_s;
    }
    for (size_t i = 1; i < n; i++)
        for (size_t j = i; j > 0 && ev[j].s > ev[j - 1].s; j--) {
            struct timed x = ev[j];
            ev[j] = ev[j - 1];
            ev[j - 1] = x;
        }
    char title[64];
    snprintf(title, sizeof title, "Top 5 Timed Events, cluster, %uk blocks",
             bc->c.block_size / 1024);
    /* The events' column: 2 + 40 wide, as the lines under it. */
    fprintf(f, "\n%-42s %12s %10s %9s %9s  %s\n", title, "Waits", "Time (s)", "Avg (ms)",
            "% DB time", "Wait Class");
    for (size_t i = 0; i < n && i < 5; i++) {
        /* DB CPU is no wait: AWR leaves its Waits and Avg blank. */
        char waits[24] = "", avg[24] = "";
        if (ev[i].waits > 0) {
            snprintf(waits, sizeof waits, "%.0f", ev[i].waits);
            snprintf(avg, sizeof avg, "%.3f", 1000 * ev[i].s / ev[i].waits);
        }
        fprintf(f, "  %-40s %12s %10.2f %9s %9.1f  %s\n", ev[i].name, waits, ev[i].s, avg,
                dbt && dbt->v[2] > 0 ? 100 * ev[i].s / (dbt->v[2] * rep->elapsed_s) : 0.0,
                ev[i].cls);
    }
}

/* The sections of the tables, in AWR's order: title and section name. */
static const struct {
    const char *title, *sec;
} sections[] = {
    {"Load Profile", RAC_SEC_LOAD},
    {"Global Cache Load Profile", RAC_SEC_GC_LOAD},
    {"Global Cache Efficiency Percentages", RAC_SEC_GC_EFF},
    {"Global Cache Workload Characteristics", RAC_SEC_GC_WORK},
    {"Global Cache Transfer Stats (received)", RAC_SEC_TRANSFER},
    {"Segments by Global Cache Blocks Received (by block kind)", RAC_SEC_SEGMENTS},
    {"Wait Classes", RAC_SEC_CLASSES},
    {"Wait Events", RAC_SEC_EVENTS},
    {"Time Model", RAC_SEC_TIME},
    {"Interconnect (wire)", RAC_SEC_LINK},
};
#define NSECTIONS (sizeof sections / sizeof sections[0])

/* The table of one point: the block sizes of the cases in col[0..k). */
static void point_table(FILE *f, const bench_case_t *const *col, size_t k, unsigned wl)
{
    rac_report_t *rep = malloc(k * sizeof *rep);
    if (rep == NULL) {
        fprintf(f, "\n%s: no memory for the AWR report\n", workload_title(wl));
        return;
    }
    for (size_t j = 0; j < k; j++) {
        const rac_report_t *r = report_of(col[j], &rep[j]);
        if (r == NULL) {
            fprintf(f, "\n%s: the AWR report of %uk blocks failed\n", workload_title(wl),
                    col[j]->c.block_size / 1024);
            free(rep);
            return;
        }
        if (r != &rep[j])
            rep[j] = *r;
    }
    const case_t *c = &col[0]->c;
    char wt[80];
    fprintf(f,
            "\n%s: %llu rows, %u users (%u + %u), interconnect %s, %s, seed %llu; "
            "AWR window %.3f s of model time at %uk\n",
            workload_title(wl), (unsigned long long)c->rows, c->rac.users, rep[0].users[0],
            rep[0].users[1], rac_interconnect_name(c->rac.interconnect),
            window_text(c, wt, sizeof wt), (unsigned long long)c->seed, rep[0].elapsed_s,
            c->block_size / 1024);
    int nw = 0;
    for (size_t i = 0; i < NSECTIONS; i++) {
        nw = name_width(nw, sections[i].title, sections[i].sec, NULL);
        for (size_t l = 0; l < rep[0].n; l++)
            if (strcmp(rep[0].line[l].section, sections[i].sec) == 0 && shows(rep, k, l))
                nw = name_width(nw, sections[i].title, sections[i].sec, rep[0].line[l].name);
    }
    for (size_t i = 0; i < NSECTIONS; i++)
        section(f, sections[i].title, sections[i].sec, col, k, rep, nw);
    for (size_t j = 0; j < k; j++)
        top_events(f, col[j], &rep[j]);
    free(rep);
}

/* ---- a sweep over lists and seeds ------------------------------------- */

/* The rac cases of workload wl that ran at one point of the lists: the
 * block sizes (the first the base of each change) and the seeds, each in
 * the order they first come, and the case of each (block, seed). */
typedef struct {
    uint32_t bs[BENCH_MAX_LIST];
    size_t nb;
    uint64_t seed[BENCH_MAX_LIST];
    size_t ns;
    const bench_case_t **at; /* at[b * ns + s], NULL when it did not run */
    const rac_report_t **rep;
} grid_t;

static size_t index_u64(const uint64_t *v, size_t n, uint64_t x)
{
    size_t i = 0;
    while (i < n && v[i] != x)
        i++;
    return i;
}

/* The grid of the point of case pt; 0, or -1 when memory ran out or a
 * report failed. */
static int grid_make(grid_t *g, const bench_case_t *cases, size_t n, unsigned wl,
                     const bench_case_t *pt, rac_report_t *scratch)
{
    memset(g, 0, sizeof *g);
    for (size_t i = 0; i < n; i++) {
        const bench_case_t *bc = &cases[i];
        if (!bc->ran || bc->c.workload != wl || !bench_same_point(bc, pt, 0))
            continue;
        uint64_t b64[BENCH_MAX_LIST];
        for (size_t b = 0; b < g->nb; b++)
            b64[b] = g->bs[b];
        if (index_u64(b64, g->nb, bc->c.block_size) == g->nb && g->nb < BENCH_MAX_LIST)
            g->bs[g->nb++] = bc->c.block_size;
        if (index_u64(g->seed, g->ns, bc->c.seed) == g->ns && g->ns < BENCH_MAX_LIST)
            g->seed[g->ns++] = bc->c.seed;
    }
    g->at = calloc(g->nb * g->ns, sizeof *g->at);
    g->rep = calloc(g->nb * g->ns, sizeof *g->rep);
    if (g->at == NULL || g->rep == NULL)
        return -1;
    size_t k = 0;
    for (size_t i = 0; i < n; i++) {
        const bench_case_t *bc = &cases[i];
        if (!bc->ran || bc->c.workload != wl || !bench_same_point(bc, pt, 0))
            continue;
        size_t b = 0, s = index_u64(g->seed, g->ns, bc->c.seed);
        while (b < g->nb && g->bs[b] != bc->c.block_size)
            b++;
        if (b == g->nb || s == g->ns || g->at[b * g->ns + s] != NULL)
            continue;
        g->at[b * g->ns + s] = bc;
        /* Without bench_rac_reports() the scratch reports hold them. */
        if ((g->rep[b * g->ns + s] = report_of(bc, &scratch[k])) == NULL)
            return -1;
        k += g->rep[b * g->ns + s] == &scratch[k];
    }
    return 0;
}

static void grid_free(grid_t *g)
{
    free(g->at);
    free(g->rep);
}

/* The cluster's figure of line i of (block b, seed s); NAN when missing. */
static double cluster_value(const grid_t *g, size_t b, size_t s, size_t i)
{
    const rac_report_t *r = g->rep[b * g->ns + s];
    return r && i < r->n ? r->line[i].v[2] : NAN;
}

/* Whether line i is not zero somewhere in the grid. */
static int grid_shows(const grid_t *g, size_t i)
{
    for (size_t k = 0; k < g->nb * g->ns; k++)
        if (g->rep[k] && i < g->rep[k]->n)
            for (int c = 0; c < RAC_COLUMNS; c++)
                if (g->rep[k]->line[i].v[c] != 0)
                    return 1;
    return 0;
}

static void grid_heading(FILE *f, const char *title, const grid_t *g, int nw)
{
    char col[32];
    fprintf(f, "\n%-*s", nw, title);
    for (size_t b = 0; b < g->nb; b++) {
        snprintf(col, sizeof col, "%uk", g->bs[b] / 1024);
        fprintf(f, " %12s", col);
    }
    for (size_t b = 1; b < g->nb; b++) {
        for (size_t s = 0; s < g->ns; s++) {
            snprintf(col, sizeof col, "%uk s%llu", g->bs[b] / 1024, (unsigned long long)g->seed[s]);
            fprintf(f, " %10s", col);
        }
        snprintf(col, sizeof col, "%uk/%uk range", g->bs[b] / 1024, g->bs[0] / 1024);
        fprintf(f, " %21s", col);
    }
    fputc('\n', f);
}

/* One line: the mean over the seeds per block size, then per other block
 * size the change from the first per seed and the range of the changes. */
static void grid_line(FILE *f, const grid_t *g, size_t i, const char *sec, const char *name, int nw,
                      char *prev, size_t plen)
{
    line_name(f, sec, name, nw, prev, plen);
    for (size_t b = 0; b < g->nb; b++) {
        double sum = 0;
        size_t m = 0;
        for (size_t s = 0; s < g->ns; s++) {
            double v = cluster_value(g, b, s, i);
            if (!isnan(v)) {
                sum += v;
                m++;
            }
        }
        if (m)
            fprintf(f, " %12.3f", sum / (double)m);
        else
            fprintf(f, " %12s", "-");
    }
    for (size_t b = 1; b < g->nb; b++) {
        double lo = INFINITY, hi = -INFINITY;
        int all = 1;
        for (size_t s = 0; s < g->ns; s++) {
            double from = cluster_value(g, 0, s, i), to = cluster_value(g, b, s, i);
            if (isnan(from) || isnan(to)) {
                fprintf(f, " %10s", "-");
                all = 0;
                continue;
            }
            change(f, from, to);
            if (from == 0) {
                all = 0;
                continue;
            }
            double c = 100.0 * (to / from - 1.0);
            lo = c < lo ? c : lo;
            hi = c > hi ? c : hi;
        }
        if (all && g->ns > 0) {
            char r[48];
            snprintf(r, sizeof r, "%+.1f .. %+.1f %%", lo, hi);
            fprintf(f, " %21s", r);
        } else {
            fprintf(f, " %21s", "-");
        }
    }
    fputc('\n', f);
}

/* The table of the point of the lists of case pt, over its block sizes and
 * seeds. */
static void grid_table(FILE *f, const bench_case_t *cases, size_t n, unsigned wl,
                       const bench_case_t *pt)
{
    grid_t g;
    memset(&g, 0, sizeof g);
    rac_report_t *scratch = NULL;
    size_t m = 0;
    for (size_t i = 0; i < n; i++)
        m += cases[i].ran && cases[i].c.workload == wl && bench_same_point(&cases[i], pt, 0) &&
             cases[i].awr == NULL;
    if ((m && (scratch = malloc(m * sizeof *scratch)) == NULL) ||
        grid_make(&g, cases, n, wl, pt, scratch) != 0) {
        fprintf(f, "\n%s: no memory for the AWR report, or a report failed\n", workload_title(wl));
        grid_free(&g);
        free(scratch);
        return;
    }
    const case_t *c = &pt->c;
    char wt[80];
    char point[160], seeds[256];
    size_t used = 0;
    bench_point_label(pt, 0, point, sizeof point);
    seeds[0] = '\0';
    for (size_t s = 0; s < g.ns && used < sizeof seeds; s++)
        used += (size_t)snprintf(seeds + used, sizeof seeds - used, "%s%llu", s ? ", " : "",
                                 (unsigned long long)g.seed[s]);
    const rac_report_t *r0 = g.rep[0];
    fprintf(f,
            "\n%s%s%s: %llu rows, %u users (%u + %u), interconnect %s, %s, "
            "seed%s %s\n"
            "the cluster's figures (instances 1 and 2 together): the mean over the seeds at each "
            "block size, the change from %uk per seed (s1 = seed 1) and its range\n",
            workload_title(wl), point[0] ? "; " : "", point, (unsigned long long)c->rows,
            c->rac.users, r0 ? r0->users[0] : 0, r0 ? r0->users[1] : 0,
            rac_interconnect_name(c->rac.interconnect), window_text(c, wt, sizeof wt),
            g.ns > 1 ? "s" : "", seeds, g.bs[0] / 1024);
    int nw = 0;
    for (size_t k = 0; k < NSECTIONS && r0; k++) {
        nw = name_width(nw, sections[k].title, sections[k].sec, NULL);
        for (size_t i = 0; i < r0->n; i++)
            if (strcmp(r0->line[i].section, sections[k].sec) == 0 && grid_shows(&g, i))
                nw = name_width(nw, sections[k].title, sections[k].sec, r0->line[i].name);
    }
    for (size_t k = 0; k < NSECTIONS && r0; k++) {
        char prev[RAC_NAME] = "";
        grid_heading(f, sections[k].title, &g, nw);
        for (size_t i = 0; i < r0->n; i++)
            if (strcmp(r0->line[i].section, sections[k].sec) == 0 && grid_shows(&g, i))
                grid_line(f, &g, i, sections[k].sec, r0->line[i].name, nw, prev, sizeof prev);
    }
    grid_free(&g);
    free(scratch);
}

/* Whether the rac cases of wl are a sweep over lists or seeds. */
static int swept(const bench_case_t *cases, size_t n, unsigned wl)
{
    for (size_t i = 0; i < n; i++)
        if (cases[i].ran && cases[i].c.workload == wl &&
            (cases[i].nswept > 0 || cases[i].seeds_swept))
            return 1;
    return 0;
}

void bench_rac_table(FILE *f, const bench_case_t *cases, size_t n, unsigned wl)
{
    if (!swept(cases, n, wl)) {
        const bench_case_t *col[BENCH_MAX_LIST];
        size_t k = columns(cases, n, wl, col);
        if (k > 0)
            point_table(f, col, k, wl);
        return;
    }
    /* A table per point of the lists, in the order the points first come. */
    for (size_t i = 0; i < n; i++) {
        if (!cases[i].ran || cases[i].c.workload != wl)
            continue;
        int seen = 0;
        for (size_t j = 0; j < i && !seen; j++)
            seen = cases[j].ran && cases[j].c.workload == wl &&
                   bench_same_point(&cases[j], &cases[i], 0);
        if (!seen)
            grid_table(f, cases, n, wl, &cases[i]);
    }
    fprintf(f, "\n(Top timed events: run one point of the sweep, without lists or --seeds.)\n");
}

static int all_rac(const bench_case_t *cases, size_t n)
{
    int any = 0;
    for (size_t i = 0; i < n; i++)
        if (cases[i].ran) {
            if (!workload_is_rac(cases[i].c.workload))
                return 0;
            any = 1;
        }
    return any;
}

int bench_is_rac(const bench_case_t *cases, size_t n)
{
    return all_rac(cases, n);
}

/* The case the change of bc is taken from: the first block size of bc's
 * workload, at bc's point and seed; bc itself when it is of that size. */
static const bench_case_t *base_of(const bench_case_t *cases, size_t n, const bench_case_t *bc)
{
    uint32_t first = 0;
    for (size_t i = 0; i < n && first == 0; i++)
        if (cases[i].ran && cases[i].c.workload == bc->c.workload)
            first = cases[i].c.block_size;
    for (size_t i = 0; i < n; i++)
        if (cases[i].ran && cases[i].c.workload == bc->c.workload &&
            cases[i].c.block_size == first && cases[i].c.seed == bc->c.seed &&
            bench_same_point(&cases[i], bc, 0))
            return &cases[i];
    return NULL;
}

sim_err_t bench_rac_csv(FILE *f, const bench_case_t *cases, size_t n)
{
    static const char *const inst[RAC_COLUMNS] = {"1", "2", "all"};
    rac_report_t *scratch = malloc(2 * sizeof *scratch);
    if (scratch == NULL)
        return SIM_ENOMEM;
    fprintf(f, "workload,block_kb,users,interconnect,seed,instance,section,statistic,value,"
               "change_pct");
    bench_sweep_header(f, cases, n, 1);
    fputc('\n', f);
    sim_err_t rc = SIM_OK;
    for (size_t i = 0; i < n && rc == SIM_OK; i++) {
        const bench_case_t *bc = &cases[i], *base = base_of(cases, n, &cases[i]);
        if (!bc->ran)
            continue;
        const rac_report_t *rep = report_of(bc, &scratch[0]);
        const rac_report_t *brep = base == NULL || base == bc ? NULL : report_of(base, &scratch[1]);
        if (rep == NULL || (base != NULL && base != bc && brep == NULL)) {
            rc = SIM_ENOMEM;
            break;
        }
        for (size_t l = 0; l < rep->n; l++)
            for (int c = 0; c < RAC_COLUMNS; c++) {
                char num[32];
                bench_format_double(rep->line[l].v[c], num, sizeof num);
                fprintf(f, "%s,%u,%u,%s,%llu,%s,\"%s\",\"%s\",%s,", workload_name(bc->c.workload),
                        bc->c.block_size / 1024, bc->c.rac.users,
                        rac_interconnect_name(bc->c.rac.interconnect),
                        (unsigned long long)bc->c.seed, inst[c], rep->line[l].section,
                        rep->line[l].name, num);
                /* The same line of the base: both reports list the same
                 * lines in the same order. */
                if (brep && l < brep->n && brep->line[l].v[c] != 0 &&
                    strcmp(brep->line[l].name, rep->line[l].name) == 0) {
                    bench_format_double(100.0 * (rep->line[l].v[c] / brep->line[l].v[c] - 1.0), num,
                                        sizeof num);
                    fputs(num, f);
                }
                bench_sweep_cells(f, bc, 1);
                fputc('\n', f);
            }
    }
    free(scratch);
    if (rc == SIM_OK && ferror(f))
        rc = SIM_EIO;
    return rc;
}
