/*
 * sessions_plot.c -- --plot of a --sessions run with --snapshot-every=Ns:
 * its rates over model time (plot.h, plot_steps_svg()).  A panel for the
 * transactions a second, one for DB CPU and one per wait event, each as
 * seconds a second (the average active sessions on it, as AWR's and ASH's
 * charts show time); a line per session count; x the snapshots, labelled
 * by the model time they end at.  A queue that builds up as the run goes
 * on rises here; the totals of the report hide it.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "plot.h"
#include "sessions.h"

/* Panels: transactions/s, DB CPU, then the events. */
#define NPANELS (2 + LIFE_EVENTS)

/* Panel d's value for interval sn of el ns. */
static double rate(const life_ses_figures_t *y, size_t d, uint64_t el)
{
    double s = (double)el / 1e9;
    if (d == 0)
        return (double)y->transactions / s;
    if (d == 1)
        return (double)y->cpu_ns / 1e9 / s;
    return (double)y->wait_ns[d - 2] / 1e9 / s;
}

int bench_sessions_plot(const bench_opts_t *o, const life_ses_result_t *r, size_t n)
{
    size_t nx = 0, longest = 0;
    for (size_t i = 0; i < n; i++)
        if (r[i].nsnaps > nx) {
            nx = r[i].nsnaps;
            longest = i;
        }
    char(*labels)[32] = calloc(nx ? nx : 1, sizeof *labels);
    const char **lp = calloc(nx ? nx : 1, sizeof *lp);
    char(*names)[32] = calloc(n, sizeof *names);
    double *values = calloc(NPANELS * n * (nx ? nx : 1), sizeof *values);
    plot_sseries_t *series = calloc(NPANELS * n, sizeof *series);
    plot_spanel_t panels[NPANELS];
    static char titles[NPANELS][64];
    int rc = 1;
    if (!labels || !lp || !names || !values || !series) {
        fprintf(stderr, "lobbench: --plot=%s: out of memory\n", o->plot);
        goto out;
    }
    for (size_t k = 0; k < nx; k++) {
        snprintf(labels[k], sizeof labels[k], "%.3f s", (double)r[longest].snaps[k].end_ns / 1e9);
        lp[k] = labels[k];
    }
    for (size_t i = 0; i < n; i++) {
        snprintf(names[i], sizeof names[i], "%u session%s", r[i].n, r[i].n == 1 ? "" : "s");
        for (size_t d = 0; d < NPANELS; d++) {
            double *v = values + (d * n + i) * nx;
            uint64_t start = 0;
            for (size_t k = 0; k < nx; k++) {
                const life_ses_snap_t *sn = k < r[i].nsnaps ? &r[i].snaps[k] : NULL;
                v[k] = sn && sn->end_ns > start ? rate(&sn->sys, d, sn->end_ns - start) : NAN;
                if (sn)
                    start = sn->end_ns;
            }
            series[d * n + i] = (plot_sseries_t){names[i], NULL, (unsigned)(i % PLOT_COLOURS), v};
        }
    }
    for (size_t d = 0; d < NPANELS; d++) {
        if (d == 0)
            snprintf(titles[d], sizeof titles[d], "transactions");
        else if (d == 1)
            snprintf(titles[d], sizeof titles[d], "DB CPU");
        else
            snprintf(titles[d], sizeof titles[d], "%s (%s)", life_event_name((life_event_t)(d - 2)),
                     life_event_class((life_event_t)(d - 2)));
        panels[d] = (plot_spanel_t){titles[d], d == 0 ? "per second" : "seconds per second", 0,
                                    series + d * n, n};
    }
    char subtitle[200];
    snprintf(subtitle, sizeof subtitle,
             "%s: each interval of %.3f s of model time (--snapshot-every); time as seconds a "
             "second, the sessions active on it on average",
             o->script, (double)o->snapshot_ns / 1e9);
    plot_steps_t s = {"lobbench: sessions at once over the run",
                      subtitle,
                      "model time at the snapshot",
                      nx,
                      lp,
                      3,
                      200};
    char err[512];
    rc = plot_steps_svg_file(o->plot, &s, panels, NPANELS, err, sizeof err) == SIM_OK ? 0 : 1;
    if (rc)
        fprintf(stderr, "lobbench: --plot=%s: %s\n", o->plot, err);
out:
    free(series);
    free(values);
    free(names);
    free(lp);
    free(labels);
    return rc;
}
