/*
 * lobbench_snapshot_plot.c -- --plot with --snapshot-every: the insert's
 * rates over the run (plot.h, plot_steps_svg()).  A panel per statistic,
 * its value per inserted row in each interval (the interval's delta over
 * its rows); a line per case; x the snapshots, labelled by the rows they
 * end at.  A cost per row that rises as the insert goes on rises here.
 */
#include <stdio.h>
#include <stdlib.h>

#include "lobbench_int.h"
#include "plot.h"

/* The statistics drawn, a panel each: what the insert's cost per row is
 * made of (docs/lob-insert.md). */
static const sim_stat_t drawn[] = {
    SIM_STAT_CR_BLOCKS_CREATED, SIM_STAT_CONSISTENT_GETS, SIM_STAT_DB_BLOCK_GETS,
    SIM_STAT_DSP_ALLOCATIONS,   SIM_STAT_ENQ_TX,          SIM_STAT_UNDO_CV_SIZE,
};
#define NDRAWN (sizeof drawn / sizeof drawn[0])

int lobbench_write_snapshot_plot(const bench_opts_t *o, const sweep_t *sw)
{
    size_t ncases = 0, nx = 0;
    for (size_t i = 0; i < sw->ncases; i++)
        if (sw->cases[i].ran && sw->cases[i].nsnaps) {
            ncases++;
            if (sw->cases[i].nsnaps > nx)
                nx = sw->cases[i].nsnaps;
        }
    if (ncases == 0) {
        fprintf(stderr, "lobbench: --plot=%s: no case ran\n", o->plot);
        return 1;
    }
    char(*labels)[32] = calloc(nx, sizeof *labels);
    const char **lp = calloc(nx, sizeof *lp);
    char(*names)[64] = calloc(ncases, sizeof *names);
    double *values = calloc(NDRAWN * ncases * nx, sizeof *values);
    plot_sseries_t *series = calloc(NDRAWN * ncases, sizeof *series);
    plot_spanel_t panels[NDRAWN];
    int rc = 1;
    if (!labels || !lp || !names || !values || !series) {
        fprintf(stderr, "lobbench: --plot=%s: out of memory\n", o->plot);
        goto out;
    }
    /* The x labels: the rows each snapshot ends at (the cases share them). */
    const bench_case_t *longest = NULL;
    for (size_t i = 0; i < sw->ncases; i++)
        if (sw->cases[i].ran && sw->cases[i].nsnaps == nx)
            longest = &sw->cases[i];
    uint64_t end = 0;
    for (size_t k = 0; k < nx; k++) {
        end += longest->snap_rows[k];
        snprintf(labels[k], sizeof labels[k], "%llu", (unsigned long long)end);
        lp[k] = labels[k];
    }
    size_t j = 0;
    for (size_t i = 0; i < sw->ncases; i++) {
        const bench_case_t *bc = &sw->cases[i];
        if (!bc->ran || !bc->nsnaps)
            continue;
        char size[32];
        sim_format_size(bc->c.lob_chars, size, sizeof size);
        snprintf(names[j], sizeof names[j], "%s %s", case_path_name(bc->c.path), size);
        for (size_t d = 0; d < NDRAWN; d++) {
            double *v = values + (d * ncases + j) * nx;
            for (size_t k = 0; k < nx; k++)
                v[k] = k < bc->nsnaps && bc->snap_rows[k]
                           ? (double)bc->snaps[k].v[drawn[d]] / (double)bc->snap_rows[k]
                           : 0.0 / 0.0;
            series[d * ncases + j] = (plot_sseries_t){names[j], sim_stat_info(drawn[d])->name,
                                                      (unsigned)(j % PLOT_COLOURS), v};
        }
        j++;
    }
    for (size_t d = 0; d < NDRAWN; d++) {
        const char *unit = sim_stat_unit(drawn[d]);
        static char units[NDRAWN][48];
        snprintf(units[d], sizeof units[d], "%s per row", unit ? unit : "count");
        panels[d] = (plot_spanel_t){sim_stat_info(drawn[d])->name, units[d], 0, series + d * ncases,
                                    ncases};
    }
    char subtitle[160];
    snprintf(subtitle, sizeof subtitle,
             "each interval of %llu rows: its figure divided by its rows (--snapshot-every)",
             (unsigned long long)o->snapshot_every);
    plot_steps_t s = {"lobbench: the insert's cost per row over the run",
                      subtitle,
                      "rows inserted at the snapshot",
                      nx,
                      lp,
                      3,
                      200};
    char err[512];
    if (plot_steps_svg_file(o->plot, &s, panels, NDRAWN, err, sizeof err) != SIM_OK)
        fprintf(stderr, "lobbench: --plot=%s: %s\n", o->plot, err);
    else
        rc = 0;
out:
    free(labels);
    free(lp);
    free(names);
    free(values);
    free(series);
    return rc;
}
