/*
 * scripts.c -- a store's script runs (lobbench --script, lobimport of a
 * spool) on the page.  A script is its file and digest as the runs store
 * them (runs.script_file, runs.script_digest); its runs are the model's
 * that ran it and Oracle's that measured it.  Each run's sessions are its
 * steps, a session per (step, table) (docs/results-store.md, "A script's
 * steps"): history.c hands them over with rpt_script_add_run().
 *
 * A script's section (rpt_scripts()) shows the segment after each run's
 * last step that has the segment's figures (an Oracle spool may hold one
 * step only): the blocks dbms_space.space_usage and user_segments give,
 * and the chunks per LOB (lobsim.lob chunks / lobsim.lobs out of row),
 * across the script's runs only, a series per figure and table; then the
 * same figures as a table, a row per run, and the steps of the newest run.
 */
#define _POSIX_C_SOURCE 200809L

#include <assert.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "plot.h"
#include "lobreport_int.h"

/* ---- loading ---------------------------------------------------------------- */

static void free_steps(rpt_step_t *st, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        free(st[i].statement);
        free(st[i].table);
    }
}

/* The script of file and digest, made when it is new; NULL out of memory. */
static rpt_script_t *script_of(rpt_history_t *h, const char *file, const char *digest)
{
    for (size_t i = h->nscripts; i-- > 0;)
        if (strcmp(h->scripts[i].file, file) == 0 && strcmp(h->scripts[i].digest, digest) == 0)
            return &h->scripts[i];
    rpt_script_t *ns = realloc(h->scripts, (h->nscripts + 1) * sizeof *ns);
    if (!ns)
        return NULL;
    h->scripts = ns;
    rpt_script_t *sc = &h->scripts[h->nscripts];
    memset(sc, 0, sizeof *sc);
    sc->file = strdup(file);
    sc->params = malloc((h->nruns ? h->nruns : 1) * sizeof *sc->params);
    if (!sc->file || !sc->params) {
        free(sc->file);
        free(sc->params);
        return NULL;
    }
    for (size_t x = 0; x < h->nruns; x++)
        sc->params[x] = -1;
    snprintf(sc->digest, sizeof sc->digest, "%s", digest);
    int n = snprintf(sc->name, sizeof sc->name, "script %s", file[0] ? file : "(no file recorded)");
    if (digest[0] && n > 0 && (size_t)n < sizeof sc->name)
        snprintf(sc->name + n, sizeof sc->name - (size_t)n, " (digest %.8s)", digest);
    h->nscripts++;
    return sc;
}

sim_err_t rpt_script_add_run(rpt_history_t *h, size_t x, const char *file, const char *digest,
                             rpt_step_t *steps, size_t n, int32_t params)
{
    assert(x < h->nruns && file != NULL && digest != NULL && (steps != NULL || n == 0));
    rpt_script_t *sc = script_of(h, file, digest);
    size_t k = sc ? sc->nruns : 0;
    /* Room doubles at each power of two. */
    if (sc && (k & (k - 1)) == 0) {
        size_t cap = k ? 2 * k : 1;
        size_t *r = realloc(sc->runs, cap * sizeof *r);
        sc->runs = r ? r : sc->runs;
        rpt_step_t **s = r ? realloc(sc->steps, cap * sizeof *s) : NULL;
        sc->steps = s ? s : sc->steps;
        size_t *c = s ? realloc(sc->nsteps, cap * sizeof *c) : NULL;
        sc->nsteps = c ? c : sc->nsteps;
        if (!c)
            sc = NULL;
    }
    rpt_step_t *copy = sc ? malloc(n * sizeof *copy + 1) : NULL;
    if (!copy) {
        free_steps(steps, n);
        return SIM_ENOMEM;
    }
    memcpy(copy, steps, n * sizeof *copy);
    sc->runs[k] = x;
    sc->steps[k] = copy;
    sc->nsteps[k] = n;
    sc->params[x] = params;
    sc->nruns++;
    return SIM_OK;
}

static int by_script(const void *a, const void *b)
{
    const rpt_script_t *x = a, *y = b;
    int c = strcmp(x->file, y->file);
    return c ? c : strcmp(x->digest, y->digest);
}

void rpt_scripts_done(rpt_history_t *h)
{
    if (h->nscripts)
        qsort(h->scripts, h->nscripts, sizeof *h->scripts, by_script);
    for (size_t i = 0; i < h->nscripts; i++)
        for (size_t k = 0; k < h->scripts[i].nruns; k++)
            h->runs[h->scripts[i].runs[k]].script = (int)i;
}

void rpt_scripts_free(rpt_history_t *h)
{
    for (size_t i = 0; i < h->nscripts; i++) {
        rpt_script_t *sc = &h->scripts[i];
        for (size_t k = 0; k < sc->nruns; k++) {
            free_steps(sc->steps[k], sc->nsteps[k]);
            free(sc->steps[k]);
        }
        free(sc->file);
        free(sc->runs);
        free(sc->steps);
        free(sc->nsteps);
        free(sc->params);
    }
    free(h->scripts);
    h->scripts = NULL;
    h->nscripts = 0;
}

/* ---- the figures of a run's last step ------------------------------------------ */

/* The segment's figures the section shows, in its chart's order. */
static const sim_stat_t blocks[] = {SIM_STAT_DSU_USED_BLOCKS, SIM_STAT_DSU_EXPIRED_BLOCKS,
                                    SIM_STAT_DSU_UNEXPIRED_BLOCKS, SIM_STAT_SEG_LOB_BLOCKS};
#define NBLOCKS (sizeof blocks / sizeof blocks[0])

static int has_segment(const rpt_step_t *st)
{
    return isfinite(st->values[SIM_STAT_DSU_USED_BLOCKS]) ||
           isfinite(st->values[SIM_STAT_SEG_LOB_BLOCKS]);
}

/* The number of run k's last step with the segment's figures (its last
 * step when none has them). */
static uint32_t last_step(const rpt_script_t *sc, size_t k)
{
    uint32_t last = 0, any = 0;
    for (size_t i = 0; i < sc->nsteps[k]; i++) {
        const rpt_step_t *st = &sc->steps[k][i];
        any = st->step > any ? st->step : any;
        if (has_segment(st) && st->step > last)
            last = st->step;
    }
    return last ? last : any;
}

/* Run k's session of table `table` at its last step, or NULL. */
static const rpt_step_t *last_of(const rpt_script_t *sc, size_t k, const char *table)
{
    uint32_t last = last_step(sc, k);
    for (size_t i = 0; i < sc->nsteps[k]; i++)
        if (sc->steps[k][i].step == last && strcmp(sc->steps[k][i].table, table) == 0)
            return &sc->steps[k][i];
    return NULL;
}

/* lobsim.lob chunks / lobsim.lobs out of row; NAN without LOBs out of row. */
static double chunks_per_lob(const rpt_step_t *st)
{
    double lobs = st->values[SIM_STAT_LOB_LIVE], chunks = st->values[SIM_STAT_LOB_CHUNKS];
    return isfinite(lobs) && isfinite(chunks) && lobs > 0 ? chunks / lobs : NAN;
}

/* The tables of the runs' last steps, each once, in the order met. */
#define MAX_TABLES 8
typedef struct {
    const char *names[MAX_TABLES];
    size_t n;
} tables_t;

static void tables_of(const rpt_script_t *sc, tables_t *t)
{
    t->n = 0;
    for (size_t k = 0; k < sc->nruns; k++) {
        uint32_t last = last_step(sc, k);
        for (size_t i = 0; i < sc->nsteps[k]; i++) {
            const rpt_step_t *st = &sc->steps[k][i];
            size_t j = 0;
            while (j < t->n && strcmp(t->names[j], st->table) != 0)
                j++;
            if (st->step == last && j == t->n && t->n < MAX_TABLES)
                t->names[t->n++] = st->table;
        }
    }
}

/* ---- the section ------------------------------------------------------------------ */

/* Series and their buffers for one chart of a script. */
#define MAX_SERIES (2 * MAX_TABLES * NBLOCKS)
typedef struct {
    plot_hseries_t s[MAX_SERIES];
    char names[MAX_SERIES][160];
    double *vals; /* MAX_SERIES x nruns of the script */
    size_t n;
    char zero[1024]; /* series zero (or absent) in every run */
} chart_t;

/* A series of figure k (-1: chunks per LOB) of table t, the model's or
 * Oracle's runs, named `name`; left out, or named as zero, without a value
 * above 0. */
static void add_series(chart_t *c, const rpt_history_t *h, const rpt_script_t *sc,
                       const char *table, int k, int oracle, unsigned colour, const char *name)
{
    if (c->n == MAX_SERIES)
        return;
    double *v = &c->vals[c->n * sc->nruns];
    int has = 0, pos = 0;
    for (size_t p = 0; p < sc->nruns; p++) {
        const rpt_step_t *st = last_of(sc, p, table);
        v[p] = NAN;
        if (st && h->runs[sc->runs[p]].oracle == oracle)
            v[p] = k < 0 ? chunks_per_lob(st) : st->values[k];
        has |= isfinite(v[p]);
        pos |= isfinite(v[p]) && v[p] > 0;
    }
    snprintf(c->names[c->n], sizeof c->names[0], "%s%s", name, oracle ? " Oracle" : "");
    if (has && !pos) {
        size_t z = strlen(c->zero);
        snprintf(c->zero + z, sizeof c->zero - z, "%s%s", z ? ", " : "", c->names[c->n]);
    }
    if (!pos)
        return;
    c->s[c->n] = (plot_hseries_t){c->names[c->n],
                                  colour % PLOT_HISTORY_COLOURS,
                                  oracle ? PLOT_MARKERS : PLOT_SOLID,
                                  v,
                                  NULL,
                                  NULL};
    c->n++;
}

/* One chart across the script's runs: the block figures (blocks_chart) or
 * the chunks per LOB, a series per figure and table; a line instead when
 * no series has a value above 0. */
static sim_err_t script_chart(FILE *f, const rpt_history_t *h, const rpt_script_t *sc,
                              const tables_t *t, int blocks_chart, const char **xlabels, size_t idx,
                              chart_t *c)
{
    c->n = 0;
    c->zero[0] = '\0';
    for (int oracle = 0; oracle <= 1; oracle++)
        for (size_t j = 0; j < t->n; j++) {
            char name[160];
            const char *tn = t->n > 1 ? t->names[j] : "";
            const char *sp = t->n > 1 ? " " : "";
            if (!blocks_chart) {
                snprintf(name, sizeof name, "%s%schunks per LOB", tn, sp);
                add_series(c, h, sc, t->names[j], -1, oracle, (unsigned)j, name);
                continue;
            }
            for (size_t b = 0; b < NBLOCKS; b++) {
                snprintf(name, sizeof name, "%s%s%s", tn, sp, sim_stat_info(blocks[b])->name);
                add_series(c, h, sc, t->names[j], (int)blocks[b], oracle,
                           (unsigned)(j * NBLOCKS + b), name);
            }
        }
    const char *what = blocks_chart ? "blocks of the LOB segment" : "chunks per LOB";
    const char *base = strrchr(sc->file, '/') ? strrchr(sc->file, '/') + 1 : sc->file;
    if (!c->n) {
        fprintf(f, "<p class=\"empty\">No %s after the last step: ", what);
        fputs(c->zero[0] ? "zero in every run." : "no run recorded them.", f);
        fputs("</p>\n", f);
        return SIM_OK;
    }
    char title[RES_NAME_MAX + 240], id[64];
    snprintf(title, sizeof title, "%s: %s", base[0] ? base : "script", what);
    snprintf(id, sizeof id, "script-%zu-%s", idx, blocks_chart ? "blocks" : "chunks-per-lob");
    unsigned width = (unsigned)(80 + 16 * sc->nruns);
    plot_history_t ph = {title,
                         id,
                         sc->nruns,
                         xlabels,
                         c->s,
                         c->n,
                         NULL,
                         0,
                         blocks_chart ? " blk" : NULL,
                         width < 560 ? 560 : width,
                         330,
                         blocks_chart ? "blocks" : "chunks per LOB"};
    fputs("<figure class=\"chart\">", f);
    sim_err_t e = plot_history_svg(f, &ph);
    if (c->zero[0]) {
        fputs("<figcaption class=\"zero-series\">Zero in every run: ", f);
        plot_xml_text(f, c->zero);
        fputs("</figcaption>", f);
    }
    fputs("</figure>\n", f);
    return e;
}

/* A figure in a table cell: a count, or "-" for none. */
static void cell(FILE *f, double v, int ratio)
{
    if (!isfinite(v))
        fputs("<td>-</td>", f);
    else if (ratio)
        fprintf(f, "<td>%.2f</td>", v);
    else
        fprintf(f, "<td>%.0f</td>", v);
}

static const char *const head =
    "<th>LOB segment</th><th>dbms_space.<br>used_blocks</th><th>dbms_space.<br>expired_blocks</th>"
    "<th>dbms_space.<br>unexpired_blocks</th><th>user_segments.<br>blocks</th>"
    "<th>lobsim.lobs<br>out of row</th><th>lobsim.<br>lob chunks</th><th>chunks<br>per LOB</th>";

static void figures_cells(FILE *f, const rpt_step_t *st)
{
    fputs("<td class=\"table\">", f);
    plot_xml_text(f, st->table);
    fputs("</td>", f);
    for (size_t b = 0; b < NBLOCKS; b++)
        cell(f, st->values[blocks[b]], 0);
    cell(f, st->values[SIM_STAT_LOB_LIVE], 0);
    cell(f, st->values[SIM_STAT_LOB_CHUNKS], 0);
    cell(f, chunks_per_lob(st), 1);
}

/* The figures of each run's last step, a row per run and table. */
static void runs_figures(FILE *f, const rpt_history_t *h, const rpt_script_t *sc)
{
    fprintf(f,
            "<table class=\"script-runs\"><thead><tr><th>run</th><th>step</th>%s</tr>"
            "</thead><tbody>\n",
            head);
    for (size_t k = 0; k < sc->nruns; k++) {
        uint32_t last = last_step(sc, k);
        for (size_t i = 0; i < sc->nsteps[k]; i++) {
            const rpt_step_t *st = &sc->steps[k][i];
            if (st->step != last)
                continue;
            const rpt_run_t *r = &h->runs[sc->runs[k]];
            fprintf(f, "<tr data-run=\"%" PRId64 "\"><td class=\"label\">", r->run);
            plot_xml_text(f, r->label);
            fputs("</td><td class=\"step\" title=\"", f);
            plot_xml_text(f, st->statement);
            fprintf(f, "\">%" PRIu32 "</td>", st->step);
            figures_cells(f, st);
            fputs("</tr>\n", f);
        }
    }
    fputs("</tbody></table>\n", f);
}

/* Every step of run k, folded. */
static void steps_table(FILE *f, const rpt_history_t *h, const rpt_script_t *sc, size_t k)
{
    fputs("<details class=\"script-steps\"><summary>The steps of run <code>", f);
    plot_xml_text(f, h->runs[sc->runs[k]].label);
    fprintf(f, "</code> (%zu sessions), the segment after each</summary>\n", sc->nsteps[k]);
    fprintf(f,
            "<table class=\"script-steps\"><thead><tr><th>step</th><th>statement</th>%s"
            "<th>redo size</th></tr></thead><tbody>\n",
            head);
    for (size_t i = 0; i < sc->nsteps[k]; i++) {
        const rpt_step_t *st = &sc->steps[k][i];
        fprintf(f, "<tr><td class=\"step\">%" PRIu32 "</td><td class=\"statement\"><code>",
                st->step);
        plot_xml_text(f, st->statement);
        fputs("</code></td>", f);
        figures_cells(f, st);
        cell(f, st->values[SIM_STAT_REDO_SIZE], 0);
        fputs("</tr>\n", f);
    }
    fputs("</tbody></table></details>\n", f);
}

static sim_err_t script_section(FILE *f, const rpt_history_t *h, size_t idx, chart_t *c,
                                const char **xlabels)
{
    const rpt_script_t *sc = &h->scripts[idx];
    size_t newest = sc->nruns - 1, nor = 0;
    for (size_t k = 0; k < sc->nruns; k++)
        nor += h->runs[sc->runs[k]].oracle != 0;
    /* The newest of the model's runs, if any, for the table of steps. */
    while (newest > 0 && h->runs[sc->runs[newest]].oracle)
        newest--;
    for (size_t k = 0; k < sc->nruns; k++)
        xlabels[k] = h->runs[sc->runs[k]].label;
    fprintf(f, "<section class=\"script\" id=\"script-%zu\" data-workload=\"", idx);
    plot_xml_text(f, sc->name);
    fputs("\"><h2>Script <code>", f);
    plot_xml_text(f, sc->file[0] ? sc->file : "(no file recorded)");
    fputs("</code> <small>", f);
    if (sc->digest[0]) {
        fputs("digest ", f);
        plot_xml_text(f, sc->digest);
        fputs(", ", f);
    }
    fprintf(f, "%zu run%s of the model, %zu of Oracle</small></h2>\n", sc->nruns - nor,
            sc->nruns - nor == 1 ? "" : "s", nor);
    const rpt_step_t *ls = NULL;
    for (size_t i = 0; i < sc->nsteps[newest] && !ls; i++)
        if (sc->steps[newest][i].step == last_step(sc, newest))
            ls = &sc->steps[newest][i];
    fputs("<p class=\"constants\">The LOB segment after each run's last step with its figures", f);
    if (ls) {
        fprintf(f, " (step %" PRIu32 " in <code>", ls->step);
        plot_xml_text(f, h->runs[sc->runs[newest]].label);
        fputs("</code>: <code>", f);
        char cut[100];
        snprintf(cut, sizeof cut, "%.80s%s", ls->statement, strlen(ls->statement) > 80 ? "…" : "");
        plot_xml_text(f, cut);
        fputs("</code>)", f);
    }
    fputs(", across the runs of this script; chunks per LOB is lobsim.lob chunks / lobsim.lobs "
          "out of row.</p>\n",
          f);
    tables_t t;
    tables_of(sc, &t);
    sim_err_t e = script_chart(f, h, sc, &t, 1, xlabels, idx, c);
    if (e == SIM_OK)
        e = script_chart(f, h, sc, &t, 0, xlabels, idx, c);
    runs_figures(f, h, sc);
    steps_table(f, h, sc, newest);
    fputs("</section>\n", f);
    return e;
}

sim_err_t rpt_scripts(FILE *f, const rpt_history_t *h)
{
    size_t most = 1;
    for (size_t i = 0; i < h->nscripts; i++)
        most = h->scripts[i].nruns > most ? h->scripts[i].nruns : most;
    chart_t *c = calloc(1, sizeof *c);
    const char **xlabels = calloc(most, sizeof *xlabels);
    if (c)
        c->vals = calloc(MAX_SERIES * most, sizeof *c->vals);
    sim_err_t e = c && c->vals && xlabels ? SIM_OK : SIM_ENOMEM;
    for (size_t i = 0; e == SIM_OK && i < h->nscripts; i++)
        e = script_section(f, h, i, c, xlabels);
    if (c)
        free(c->vals);
    free(c);
    free(xlabels);
    return e;
}
