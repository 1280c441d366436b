/*
 * markdown.c -- the report for a pull request: the summary as the
 * first line, the runs and notes as a list, then a GitHub table per case
 * that changed (derived figures in italics) and one of the times; in a
 * calibration, a table per path by statistic and LOB size.
 */
#define _POSIX_C_SOURCE 200809L

#include <assert.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "lobdiff_int.h"

/* Escape what GitHub would read as formatting. */
static void md_text(FILE *f, const char *s)
{
    for (; *s; s++) {
        if (strchr("|*_`\\<>[]", *s))
            fputc('\\', f);
        fputc(*s, f);
    }
}

static void table_markdown(FILE *f, const ldf_table_t *t)
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

/* One table per path: by statistic, then LOB size. */
static sim_err_t calibration_tables(FILE *f, const ldf_diff_t *d)
{
    size_t n;
    const ldf_fig_t **idx = ldf_ordered_figs(d, SIZE_MAX, 1, &n);
    /* The paths in the order the figures come in (local, dblink, others). */
    const char **paths = idx ? ldf_malloc(n * sizeof *paths) : NULL;
    size_t npaths = 0;
    sim_err_t rc = paths ? SIM_OK : SIM_ENOMEM;
    for (size_t i = 0; rc == SIM_OK && i < n; i++) {
        size_t k = 0;
        while (k < npaths && strcmp(paths[k], idx[i]->kase->path) != 0)
            k++;
        if (k == npaths)
            paths[npaths++] = idx[i]->kase->path;
    }
    for (size_t pk = 0; rc == SIM_OK && pk < npaths; pk++) {
        ldf_table_t t;
        ldf_table_init(&t, "lrrrr", "statistic", "lob", "lobsim", "oracle", "ratio");
        int last_id = -1, last_kind = -1;
        for (size_t i = 0; i < n && !t.nomem; i++) {
            const ldf_fig_t *fg = idx[i];
            if (strcmp(fg->kase->path, paths[pk]) != 0)
                continue;
            size_t row = t.nrows;
            ldf_fig_row(d, &t, fg, 0, 1);
            /* The name only on the first row of its statistic (the parts'
             * rows under it keep theirs). */
            if (!t.nomem && t.nrows > row && fg->id == last_id && fg->kind == last_kind)
                t.cells[row * t.ncols][0] = '\0';
            last_id = fg->id;
            last_kind = fg->kind;
        }
        if (t.nomem) {
            rc = SIM_ENOMEM;
        } else {
            fputs("\n#### ", f);
            md_text(f, paths[pk]);
            fputs("\n\n", f);
            table_markdown(f, &t);
        }
        ldf_table_free(&t);
    }
    free(paths);
    free(idx);
    return rc;
}

/* One table per case that changed (every case with --all). */
static sim_err_t case_tables(FILE *f, const ldf_diff_t *d)
{
    for (size_t pi = 0; pi < d->npairs; pi++) {
        const ldf_pair_t *p = &d->pairs[pi];
        if (!p->b || !p->h)
            continue;
        size_t n;
        const ldf_fig_t **idx = ldf_ordered_figs(d, pi, 0, &n);
        if (!idx)
            return SIM_ENOMEM;
        ldf_table_t t;
        ldf_table_init(&t, "lrrrr", "statistic", "base", "head", "diff", "%");
        for (size_t i = 0; i < n; i++)
            ldf_fig_row(d, &t, idx[i], 0, 1);
        free(idx);
        ldf_str_t label = {0};
        ldf_case_label(ldf_pair_case(p), &label);
        int nomem = t.nomem || label.nomem;
        if (!nomem && t.nrows) {
            fputs("\n#### ", f);
            md_text(f, ldf_str_get(&label));
            fputs("\n\n", f);
            table_markdown(f, &t);
        }
        ldf_str_free(&label);
        ldf_table_free(&t);
        if (nomem)
            return SIM_ENOMEM;
    }
    return SIM_OK;
}

/* A note as a list item: in one line, or its lead over its items, a
 * nested list. */
static void note_markdown(FILE *f, const ldf_note_t *n)
{
    if (!ldf_note_listed(n)) {
        fprintf(f, "- %s\n", n->text);
        return;
    }
    fprintf(f, "- %s\n", n->lead);
    for (size_t i = 0; i < n->nitems; i++)
        fprintf(f, "  - %s\n", n->items[i]);
}

/* The summary as the first line, then the runs and the notes as a list. */
static sim_err_t header(FILE *f, const ldf_diff_t *d)
{
    const ldf_run_info_t *b = &d->side[0]->info, *h = &d->side[1]->info;
    ldf_str_t base = {0}, head = {0}, summary = {0};
    ldf_notes_t notes;
    ldf_describe_side(d->side[0], 1, &base);
    ldf_describe_side(d->side[1], 1, &head);
    ldf_summary(d, &summary);
    sim_err_t rc = base.nomem || head.nomem || summary.nomem ? SIM_ENOMEM : SIM_OK;
    if (rc == SIM_OK)
        rc = ldf_notes(d, 1, &notes);
    if (rc == SIM_OK) {
        if (d->calibration)
            fprintf(f, "**lobdiff calibration** run %" PRId64 " against Oracle (run %" PRId64 "): ",
                    d->side[d->lobsim_side]->info.run, d->side[!d->lobsim_side]->info.run);
        else
            fprintf(f, "**lobdiff** run %" PRId64 " \u2192 run %" PRId64 ": ", b->run, h->run);
        md_text(f, ldf_str_get(&summary));
        fputs(".\n\n", f);
        fprintf(f, "- base: %s\n", ldf_str_get(&base));
        fprintf(f, "- head: %s\n", ldf_str_get(&head));
        for (size_t i = 0; i < notes.n; i++)
            note_markdown(f, &notes.v[i]);
        ldf_notes_free(&notes);
        rc = ldf_print_only_in(f, d, 1, "- ", md_text);
    }
    if (rc == SIM_OK)
        rc = ldf_print_only_in(f, d, 0, "- ", md_text);
    ldf_str_free(&base);
    ldf_str_free(&head);
    ldf_str_free(&summary);
    return rc;
}

sim_err_t ldf_render_markdown(FILE *f, const ldf_diff_t *d)
{
    assert(f != NULL && d != NULL);
    sim_err_t rc = header(f, d);
    if (rc != SIM_OK)
        return rc;
    if (d->calibration)
        return calibration_tables(f, d);
    rc = case_tables(f, d);
    if (rc == SIM_OK)
        rc = ldf_print_intervals(f, d, "\n#### interval by interval\n\n", table_markdown, md_text);
    if (rc == SIM_OK)
        rc = ldf_print_times(f, d, "\n#### times\n\n", table_markdown);
    return rc;
}
