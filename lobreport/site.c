/*
 * site.c -- the history as DIR/index.html: a table of the runs (each one's
 * x label, commit and subject, or Oracle's label and file, its workloads
 * and what its parameters changed), the calibration (calibration.c), then a
 * section per workload and path (charts.c) and one per script (scripts.c),
 * every SVG inline.  No script,
 * no external resource.  rpt_site_write() is the entry; the file is written
 * by sim_write_file(): whole or not at all.
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

/* ---- the runs ---------------------------------------------------------------- */

/* The workloads run x ran, in the page's order. */
static void workloads_of(FILE *f, const rpt_history_t *h, size_t x)
{
    const char *last = NULL;
    for (size_t i = 0; i < h->ncases; i++) {
        const rpt_case_t *c = &h->cases[i];
        /* Once each: the cases of a workload are together. */
        if (!c->ran[x] || (last && strcmp(last, c->workload) == 0))
            continue;
        fputs(last ? ", " : "", f);
        plot_xml_text(f, c->workload);
        last = c->workload;
    }
    /* A script run: the script, as its section names it. */
    if (h->runs[x].script >= 0) {
        fputs(last ? ", " : "", f);
        plot_xml_text(f, h->scripts[h->runs[x].script].name);
    }
}

/* The file's last component, the whole path as its tooltip. */
static void file_cell(FILE *f, const rpt_run_t *r)
{
    const char *base = r->file ? strrchr(r->file, '/') : NULL;
    fputs("<td class=\"file\"><code title=\"", f);
    plot_xml_text(f, r->file);
    fputs("\">", f);
    plot_xml_text(f, base ? base + 1 : r->file ? r->file : "(no file recorded)");
    fputs("</code> ", f);
    plot_xml_text(f, r->format ? r->format : "reference CSV");
    fputs("</td>", f);
}

/* What the run's parameters changed against the previous run of its
 * workloads, and what it swept. */
static void params_cell(FILE *f, const rpt_history_t *h, size_t x)
{
    const rpt_run_t *r = &h->runs[x];
    size_t y = rpt_previous_run(h, x);
    fputs("<td class=\"params\">", f);
    if (y == SIZE_MAX) {
        fputs("first run of its workloads", f);
    } else {
        char text[2048];
        size_t n = rpt_param_changes(h->runs[y].params, r->params, r->sweep, 8, text, sizeof text);
        if (!n)
            snprintf(text, sizeof text, "%s",
                     r->params && h->runs[y].params ? "the same as " : "not recorded; against ");
        plot_xml_text(f, text);
        fputs(n ? " (against <code>" : "<code>", f);
        plot_xml_text(f, h->runs[y].label);
        fputs(n ? "</code>)" : "</code>", f);
    }
    if (r->sweep) {
        fputs("; <b>sweep</b>: ", f);
        plot_xml_text(f, r->sweep);
    }
    fputs("</td>", f);
}

static void runs_table(FILE *f, const rpt_history_t *h)
{
    fputs("<table class=\"runs\"><thead><tr><th>run (x label)</th><th>source</th>"
          "<th>commit or file</th><th>subject or label</th><th>workloads</th>"
          "<th>parameters</th></tr></thead><tbody>\n",
          f);
    for (size_t x = 0; x < h->nruns; x++) {
        const rpt_run_t *r = &h->runs[x];
        fprintf(f, "<tr data-run=\"%" PRId64 "\"><td class=\"label\">", r->run);
        plot_xml_text(f, r->label);
        fprintf(f, "</td><td>%s</td>", r->oracle ? "oracle" : "lobsim");
        if (r->oracle) {
            file_cell(f, r);
            fputs("<td class=\"subject\">", f);
            plot_xml_text(f, r->name     ? r->name
                             : r->format ? "(imported without --label)"
                                         : "Oracle's reference measurements");
        } else {
            fputs("<td class=\"commit\"><code title=\"", f);
            plot_xml_text(f, r->commit);
            fputs("\">", f);
            fprintf(f, "%.12s%s", r->commit[0] ? r->commit : "(unknown)",
                    r->dirty == 1 ? " +uncommitted" : "");
            fputs("</code></td><td class=\"subject\">", f);
            plot_xml_text(f, r->subject[0]  ? r->subject
                             : r->commit[0] ? "(commit not in this repository)"
                                            : "");
        }
        fputs("</td><td>", f);
        workloads_of(f, h, x);
        fputs("</td>", f);
        if (r->oracle)
            fputs("<td class=\"params\"></td>", f);
        else
            params_cell(f, h, x);
        fputs("</tr>\n", f);
    }
    fputs("</tbody></table>\n", f);
}

/* ---- the page ------------------------------------------------------------------ */

static sim_err_t page(FILE *f, const rpt_history_t *h, const char *db)
{
    fputs("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n"
          "<title>lobsim history</title>\n<style>\n"
          "body{font-family:sans-serif;margin:1.5em;color:#222}\n"
          "figure{display:inline-block;margin:0 1em 1em 0;vertical-align:top}\n"
          "figure.chart{max-width:100%;overflow-x:auto}\n"
          "ul.steps,figcaption{font-size:12px;margin:.2em 0 0 1em;padding:0;max-width:560px}\n"
          "p.zeros,p.constants,p.untimed,p.empty{font-size:13px;color:#555;max-width:70em}\n"
          "h2 small{font-weight:normal;color:#666}\n"
          "table.runs,table.script-runs,table.script-steps{border-collapse:collapse;"
          "font-size:13px;margin:.5em 0}\n"
          "table td,table th{border:1px solid #ccc;padding:2px 6px;text-align:left}\n"
          "td.statement code{white-space:pre-wrap}\n"
          "pre{font-size:11px;max-height:30em;overflow:auto;background:#f6f6f6;padding:.5em}\n"
          "</style></head><body>\n<h1>lobsim history</h1>\n<p>Store <code>",
          f);
    plot_xml_text(f, db);
    size_t nor = 0;
    for (size_t x = 0; x < h->nruns; x++)
        nor += h->runs[x].oracle != 0;
    fprintf(f,
            "</code>: %zu runs, %zu of the model and %zu imported from Oracle.  Each chart "
            "shows one figure across the runs in commit order, each run labelled with its "
            "commit and id: the model's runs as lines with dots, Oracle's as white "
            "diamonds; a dashed red rule marks a step, labelled with what changed (the "
            "parameters, or the commit and its subject).  Figures that are zero in every "
            "run are listed under each section instead of drawn.  A chart's x axis holds the "
            "runs of its workload, or of its script, only.</p>\n",
            h->nruns, h->nruns - nor, nor);
    runs_table(f, h);
    sim_err_t e = rpt_calibration(f, h, db);
    if (e == SIM_OK)
        e = rpt_charts(f, h);
    if (e == SIM_OK)
        e = rpt_scripts(f, h);
    fputs("</body></html>\n", f);
    return e;
}

struct page_args {
    const rpt_history_t *h;
    const char *db;
};

static sim_err_t write_page(FILE *f, void *arg)
{
    const struct page_args *a = arg;
    return page(f, a->h, a->db);
}

sim_err_t rpt_site_write(const rpt_history_t *h, const char *db, const char *dir, char *err,
                         size_t errlen)
{
    assert(h != NULL && db != NULL && dir != NULL);
    assert(err != NULL || errlen == 0);
    char path[4096];
    struct page_args a = {h, db};
    snprintf(path, sizeof path, "%s/index.html", dir);
    /* Whole or not at all, by the rule every program's outputs follow. */
    return sim_write_file(path, write_page, &a, err, errlen);
}
