/*
 * notes.c -- the notes over a report: what makes the two runs different
 * beyond the code (the model parameters, hosts, builds, databases, too few
 * repetitions) and, in a calibration, what the comparison leaves out.
 * Every note is whole, however long: a note that is a list (each model
 * parameter that differs, each statistic lobsim does not model) carries
 * its items too, for the renderers to set out one per line.
 */
#define _POSIX_C_SOURCE 200809L

#include <stdlib.h>
#include <string.h>

#include "lobdiff_int.h"

/* ---- building a note ------------------------------------------------------ */

typedef struct {
    ldf_str_t text, lead;
    char **items;
    size_t nitems;
    int nomem;
} note_b;

static void note_item(note_b *nb, ldf_str_t *item)
{
    char **grown = NULL;
    char *s = ldf_str_take(item);
    if (s && (grown = ldf_realloc(nb->items, (nb->nitems + 1) * sizeof *grown))) {
        nb->items = grown;
        nb->items[nb->nitems++] = s;
    } else {
        free(s);
        nb->nomem = 1;
    }
}

static void note_b_free(note_b *nb)
{
    ldf_str_free(&nb->text);
    ldf_str_free(&nb->lead);
    for (size_t i = 0; i < nb->nitems; i++)
        free(nb->items[i]);
    free(nb->items);
    memset(nb, 0, sizeof *nb);
}

/* nb into a note of out (nb emptied either way).  SIM_ENOMEM. */
static sim_err_t note_add(ldf_notes_t *out, note_b *nb)
{
    ldf_note_t n = {0};
    ldf_note_t *grown = NULL;
    int with_list = nb->nitems > 0;
    n.text = ldf_str_take(&nb->text);
    n.lead = with_list ? ldf_str_take(&nb->lead) : NULL;
    if (nb->nomem || !n.text || (with_list && !n.lead) ||
        !(grown = ldf_realloc(out->v, (out->n + 1) * sizeof *grown))) {
        free(n.text);
        free(n.lead);
        note_b_free(nb);
        return SIM_ENOMEM;
    }
    n.items = nb->items;
    n.nitems = nb->nitems;
    nb->items = NULL;
    nb->nitems = 0;
    note_b_free(nb);
    out->v = grown;
    out->v[out->n++] = n;
    return SIM_OK;
}

/* A note of one line. */
static sim_err_t note_line(ldf_notes_t *out, const ldf_str_t *line)
{
    note_b nb = {0};
    if (line->nomem)
        return SIM_ENOMEM;
    ldf_str_add(&nb.text, "%s", ldf_str_get(line));
    return note_add(out, &nb);
}

/* ---- the model parameters ------------------------------------------------- */

enum { P_CHANGED, P_NEW, P_GONE, P_KINDS };

static int param_kind(const ldf_param_diff_t *p)
{
    return !p->base ? P_NEW : !p->head ? P_GONE : P_CHANGED;
}

/* One parameter as the list shows it: "a 1 -> 2", "c = 5 (new in head)". */
static void param_item(ldf_str_t *s, const ldf_param_diff_t *p, int markdown)
{
    ldf_str_code(s, p->name, markdown);
    int kind = param_kind(p);
    if (kind == P_CHANGED) {
        ldf_str_add(s, " ");
        ldf_str_text_md(s, p->base, markdown);
        ldf_str_add(s, markdown ? " \u2192 " : " -> ");
        ldf_str_text_md(s, p->head, markdown);
        return;
    }
    ldf_str_add(s, "=");
    ldf_str_text_md(s, kind == P_NEW ? p->head : p->base, markdown);
}

sim_err_t ldf_params_note(const ldf_diff_t *d, int markdown, ldf_note_t *note)
{
    static const char *const group[P_KINDS] = {"", "new in head: ", "only in base: "};
    static const char *const tag[P_KINDS] = {"", " (new in head)", " (only in base)"};
    note_b nb = {0};
    size_t count[P_KINDS] = {0};
    memset(note, 0, sizeof *note);
    for (size_t i = 0; i < d->nparams; i++)
        count[param_kind(&d->params[i])]++;
    /* In one line: the changed ones, then those new in head, then those only
     * in base, each group once. */
    ldf_str_add(&nb.text, "model params differ:");
    int first_group = 1;
    for (int k = 0; k < P_KINDS; k++) {
        if (!count[k])
            continue;
        ldf_str_add(&nb.text, "%s %s", first_group ? "" : ";", group[k]);
        first_group = 0;
        size_t j = 0;
        for (size_t i = 0; i < d->nparams; i++)
            if (param_kind(&d->params[i]) == k) {
                if (j++)
                    ldf_str_add(&nb.text, ", ");
                param_item(&nb.text, &d->params[i], markdown);
            }
    }
    /* Set out: a line over one item each. */
    int kinds = (count[P_CHANGED] > 0) + (count[P_NEW] > 0) + (count[P_GONE] > 0);
    ldf_str_add(&nb.lead, "model params differ (");
    if (kinds > 1)
        ldf_str_add(&nb.lead, "%zu: ", d->nparams);
    const char *sep = "";
    for (int k = 0; k < P_KINDS; k++)
        if (count[k]) {
            ldf_str_add(&nb.lead, "%s%zu %s", sep, count[k],
                        k == P_CHANGED ? "changed"
                        : k == P_NEW   ? "new in head"
                                       : "only in base");
            sep = ", ";
        }
    ldf_str_add(&nb.lead, "):");
    for (size_t i = 0; i < d->nparams; i++) {
        ldf_str_t item = {0};
        param_item(&item, &d->params[i], markdown);
        ldf_str_add(&item, "%s", tag[param_kind(&d->params[i])]);
        note_item(&nb, &item);
    }
    ldf_notes_t one = {0};
    sim_err_t rc = note_add(&one, &nb);
    if (rc == SIM_OK) {
        *note = one.v[0];
        free(one.v);
    }
    return rc;
}

/* ---- the notes ------------------------------------------------------------ */

/* The statistics of an imported run that lobsim has no figure for. */
static sim_err_t unmodelled_note(ldf_notes_t *out, const ldf_diff_t *d, int side, int markdown)
{
    size_t k;
    const char *const *names = ldf_run_unmodelled(d->side[side], &k);
    if (k == 0)
        return SIM_OK;
    note_b nb = {0};
    ldf_str_add(&nb.lead,
                "not modelled: %zu Oracle statistic%s of the %s run lobsim has no figure for:", k,
                k == 1 ? "" : "s", side ? "head" : "base");
    ldf_str_add(&nb.text, "%s", ldf_str_get(&nb.lead));
    for (size_t i = 0; i < k; i++) {
        ldf_str_t item = {0};
        ldf_str_add(&nb.text, "%s '", i ? "," : "");
        ldf_str_text_md(&nb.text, names[i], markdown);
        ldf_str_add(&nb.text, "'");
        ldf_str_text_md(&item, names[i], markdown);
        note_item(&nb, &item);
    }
    return note_add(out, &nb);
}

/*
 * A calibration of heap cases: which state of the session's dictionary
 * cache the model assumed (heap.dict_cache of the cases that recorded a
 * recursive part), since Oracle's figure holds the recursive SQL of its
 * own session's state.
 */
static sim_err_t dict_cache_note(ldf_notes_t *out, const ldf_diff_t *d, int markdown)
{
    ldf_str_t states = {0}, line = {0};
    size_t heap = 0;
    const char **seen = ldf_malloc((d->npairs + 1) * sizeof *seen);
    size_t *seen_len = ldf_malloc((d->npairs + 1) * sizeof *seen_len), nseen = 0;
    sim_err_t rc = seen && seen_len ? SIM_OK : SIM_ENOMEM;
    for (size_t i = 0; rc == SIM_OK && i < d->npairs; i++) {
        const ldf_case_t *c = d->lobsim_side ? d->pairs[i].h : d->pairs[i].b;
        if (!c || !c->has_recursive || !d->pairs[i].b || !d->pairs[i].h)
            continue;
        heap++;
        size_t len = 0;
        const char *v = ldf_param_value(c->params, "heap.dict_cache", &len);
        if (!v) {
            v = "unknown";
            len = strlen(v);
        }
        size_t k = 0;
        while (k < nseen && !(seen_len[k] == len && memcmp(seen[k], v, len) == 0))
            k++;
        if (k < nseen)
            continue;
        seen[nseen] = v;
        seen_len[nseen++] = len;
        ldf_str_add(&states, "%sheap.dict_cache=%.*s", nseen > 1 ? ", " : "", (int)len, v);
    }
    free(seen);
    free(seen_len);
    if (rc == SIM_OK && heap) {
        ldf_str_add(&line, "dictionary cache: the model's %zu heap case%s assumed ", heap,
                    heap == 1 ? "" : "s");
        ldf_str_text_md(&line, ldf_str_get(&states), markdown);
        ldf_str_add(&line, "; their figures hold the recursive SQL of that state (the '+ recursive "
                           "SQL' rows), Oracle's that of its session's state; the '= statement' "
                           "rows compare the statement alone, as a warm session would");
        rc = states.nomem ? SIM_ENOMEM : note_line(out, &line);
    }
    ldf_str_free(&states);
    ldf_str_free(&line);
    return rc;
}

/* What else tells the runs apart: hosts, builds, databases, repetitions. */
static sim_err_t setting_notes(ldf_notes_t *out, const ldf_diff_t *d, int markdown)
{
    const ldf_run_info_t *b = &d->side[0]->info, *h = &d->side[1]->info;
    sim_err_t rc = SIM_OK;
    ldf_str_t line = {0};
    if (b->host && h->host && strcmp(b->host, h->host) != 0) {
        ldf_str_add(&line, "hosts differ (");
        ldf_str_text_md(&line, b->host, markdown);
        ldf_str_add(&line, ", ");
        ldf_str_text_md(&line, h->host, markdown);
        ldf_str_add(&line, "): the statistics compare as usual, the times are of two machines");
        rc = note_line(out, &line);
        ldf_str_free(&line);
    }
    if (rc == SIM_OK &&
        (!ldf_streq(b->compiler, h->compiler) || !ldf_streq(b->build_type, h->build_type))) {
        const char *v[4] = {b->compiler, b->build_type, h->compiler, h->build_type};
        ldf_str_add(&line, "builds differ (");
        for (int i = 0; i < 4; i++) {
            ldf_str_add(&line, "%s", i == 1 || i == 3 ? " " : i == 2 ? ", " : "");
            ldf_str_text_md(&line, v[i] ? v[i] : "?", markdown);
        }
        ldf_str_add(&line, "): the times are of two builds");
        rc = note_line(out, &line);
        ldf_str_free(&line);
    }
    if (rc == SIM_OK && !ldf_streq(b->db, h->db)) {
        ldf_str_add(&line, "runs from two databases: base in ");
        ldf_str_text_md(&line, b->db ? b->db : "?", markdown);
        ldf_str_add(&line, ", head in ");
        ldf_str_text_md(&line, h->db ? h->db : "?", markdown);
        rc = note_line(out, &line);
        ldf_str_free(&line);
    }
    if (rc == SIM_OK && d->ntimed && d->min_samples < LDF_UTEST_OPTIMAL_REPETITIONS) {
        double pmin = ldf_min_exact_p(d->min_samples, d->min_samples);
        ldf_str_add(&line,
                    "as few as %u repetitions per case: %s; 9 or more give the U test its "
                    "power (--benchmark_repetitions)",
                    d->min_samples,
                    pmin >= d->case_alpha ? "too few there for any time change to be significant"
                                          : "time changes may go unnoticed");
        rc = note_line(out, &line);
        ldf_str_free(&line);
    }
    return rc;
}

sim_err_t ldf_notes(const ldf_diff_t *d, int markdown, ldf_notes_t *out)
{
    sim_err_t rc = SIM_OK;
    memset(out, 0, sizeof *out);
    if (d->calibration) {
        ldf_str_t line = {0};
        ldf_str_add(&line,
                    "calibration: the %s run is the Oracle reference; the ratio is lobsim / "
                    "oracle, and statistics Oracle did not record are left out",
                    d->lobsim_side == 0 ? "head" : "base");
        rc = note_line(out, &line);
        ldf_str_free(&line);
    }
    for (int side = 0; rc == SIM_OK && side < 2; side++)
        rc = unmodelled_note(out, d, side, markdown);
    if (rc == SIM_OK && d->calibration)
        rc = dict_cache_note(out, d, markdown);
    if (rc == SIM_OK && !d->calibration && d->nparams) {
        ldf_note_t n;
        ldf_note_t *grown = NULL;
        rc = ldf_params_note(d, markdown, &n);
        if (rc == SIM_OK && !(grown = ldf_realloc(out->v, (out->n + 1) * sizeof *grown))) {
            ldf_note_free(&n);
            rc = SIM_ENOMEM;
        }
        if (rc == SIM_OK) {
            out->v = grown;
            out->v[out->n++] = n;
        }
    }
    if (rc == SIM_OK && !d->calibration)
        rc = setting_notes(out, d, markdown);
    if (rc != SIM_OK)
        ldf_notes_free(out);
    return rc;
}

int ldf_note_listed(const ldf_note_t *n)
{
    return n->nitems > LDF_NOTE_INLINE_ITEMS ||
           (n->nitems > 0 && strlen(n->text) > LDF_NOTE_INLINE_CHARS);
}

void ldf_note_free(ldf_note_t *n)
{
    free(n->text);
    free(n->lead);
    for (size_t i = 0; i < n->nitems; i++)
        free(n->items[i]);
    free(n->items);
    memset(n, 0, sizeof *n);
}

void ldf_notes_free(ldf_notes_t *notes)
{
    for (size_t i = 0; i < notes->n; i++)
        ldf_note_free(&notes->v[i]);
    free(notes->v);
    notes->v = NULL;
    notes->n = 0;
}
