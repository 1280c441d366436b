/*
 * text.c -- the text report: the runs, the notes, the summary, the
 * cases of one run only (one per line), then a table of the statistics, one
 * of the derived figures and one of the times, aligned in columns.
 */
#define _POSIX_C_SOURCE 200809L

#include <assert.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "lobdiff_int.h"

static void table_text(FILE *f, const ldf_table_t *t)
{
    size_t w[LDF_MAX_COLS];
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

/* A note as the text report shows it: in one line, or its lead over its
 * items, one a line. */
static void note_text(FILE *f, const ldf_note_t *n)
{
    if (!ldf_note_listed(n)) {
        fprintf(f, "  note: %s\n", n->text);
        return;
    }
    fprintf(f, "  note: %s\n", n->lead);
    for (size_t i = 0; i < n->nitems; i++)
        fprintf(f, "          %s\n", n->items[i]);
}

/* The runs, the notes, the summary and the cases of one run only. */
static sim_err_t header(FILE *f, const ldf_diff_t *d)
{
    const ldf_run_info_t *b = &d->side[0]->info, *h = &d->side[1]->info;
    ldf_str_t base = {0}, head = {0}, summary = {0};
    ldf_notes_t notes;
    ldf_describe_side(d->side[0], 0, &base);
    ldf_describe_side(d->side[1], 0, &head);
    ldf_summary(d, &summary);
    sim_err_t rc = base.nomem || head.nomem || summary.nomem ? SIM_ENOMEM : SIM_OK;
    if (rc == SIM_OK)
        rc = ldf_notes(d, 0, &notes);
    if (rc == SIM_OK) {
        if (d->calibration)
            fprintf(f,
                    "lobdiff: calibration of run %" PRId64
                    " against the Oracle measurements (run %" PRId64 ") in %s\n",
                    d->side[d->lobsim_side]->info.run, d->side[!d->lobsim_side]->info.run,
                    d->side[d->lobsim_side]->info.db);
        else
            fprintf(f, "lobdiff: run %" PRId64 " -> run %" PRId64 " in %s\n", b->run, h->run,
                    h->db);
        fprintf(f, "  base  %s\n", ldf_str_get(&base));
        fprintf(f, "  head  %s\n", ldf_str_get(&head));
        for (size_t i = 0; i < notes.n; i++)
            note_text(f, &notes.v[i]);
        fprintf(f, "%s\n", ldf_str_get(&summary));
        ldf_notes_free(&notes);
        rc = ldf_print_only_in(f, d, 1, "", NULL);
    }
    if (rc == SIM_OK)
        rc = ldf_print_only_in(f, d, 0, "", NULL);
    ldf_str_free(&base);
    ldf_str_free(&head);
    ldf_str_free(&summary);
    return rc;
}

/* A table of the statistics, then one of the derived figures. */
static sim_err_t figure_tables(FILE *f, const ldf_diff_t *d)
{
    size_t n;
    const ldf_fig_t **idx = ldf_ordered_figs(d, SIZE_MAX, d->calibration, &n);
    if (!idx)
        return SIM_ENOMEM;
    sim_err_t rc = SIM_OK;
    for (int kind = LDF_FIG_COUNTER; rc == SIM_OK && kind <= LDF_FIG_DERIVED; kind++) {
        ldf_table_t t;
        const char *what = kind == LDF_FIG_COUNTER ? "statistic" : "derived figure";
        if (d->calibration)
            ldf_table_init(&t, "llrrr", "case", what, "lobsim", "oracle", "ratio");
        else
            ldf_table_init(&t, "llrrrr", "case", what, "base", "head", "diff", "%");
        for (size_t i = 0; i < n; i++)
            if (idx[i]->kind == kind)
                ldf_fig_row(d, &t, idx[i], 1, 0);
        if (t.nomem)
            rc = SIM_ENOMEM;
        else if (t.nrows) {
            fprintf(f, "\n%s\n",
                    d->calibration ? (kind == LDF_FIG_COUNTER ? "Statistics, lobsim against Oracle"
                                                              : "Derived figures, lobsim against "
                                                                "Oracle")
                    : kind == LDF_FIG_COUNTER ? "Statistics, largest relative change first"
                                              : "Derived figures, largest relative change first");
            table_text(f, &t);
        }
        ldf_table_free(&t);
    }
    free(idx);
    return rc;
}

sim_err_t ldf_render_text(FILE *f, const ldf_diff_t *d)
{
    assert(f != NULL && d != NULL);
    sim_err_t rc = header(f, d);
    if (rc == SIM_OK)
        rc = figure_tables(f, d);
    if (rc == SIM_OK) {
        ldf_str_t heading = {0};
        ldf_str_add(&heading, "\nInterval by interval (");
        ldf_intervals_source(d, &heading);
        ldf_str_add(&heading, ")\n");
        rc = heading.nomem ? SIM_ENOMEM
                           : ldf_print_intervals(f, d, ldf_str_get(&heading), table_text, NULL);
        ldf_str_free(&heading);
    }
    if (rc == SIM_OK)
        rc = ldf_print_times(f, d,
                             "\nTimes per statement (mean of the repetitions; two-sided "
                             "Mann-Whitney U test on real and CPU time)\n",
                             table_text);
    return rc;
}
