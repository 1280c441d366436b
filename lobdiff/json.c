/*
 * json.c -- the report for machines: both runs, the parameters
 * that differ, notes, summary and counts, then every case with its
 * workload, path, LOB size, block size, rows and variant (the key the
 * pairing used), its figures (a heap case's with their statement and
 * recursive parts) and its time test, and the exit status.
 */
#define _POSIX_C_SOURCE 200809L

#include <assert.h>
#include <inttypes.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "lobdiff_int.h"

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

static void json_side(FILE *f, const ldf_run_info_t *s)
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
    ldf_fmt_time(s->started, when, sizeof when);
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

static void json_tstat(FILE *f, const ldf_tstat_t *t)
{
    fputs("{\"base_mean_ns\": ", f);
    json_num(f, t->base_mean);
    fputs(", \"head_mean_ns\": ", f);
    json_num(f, t->head_mean);
    fputs(", \"change_pct\": ", f);
    json_num(f, t->change * 100);
    fputs(", \"u\": ", f);
    json_num(f, t->t.u);
    fputs(", \"p\": ", f);
    json_num(f, t->t.p);
    fprintf(f, ", \"method\": \"%s\"}", t->t.exact ? "exact" : "asymptotic");
}

/* A side's part of counter id, null when the side did not record it. */
static void json_part(FILE *f, const ldf_case_t *c, int id, int recursive)
{
    if (!c || !c->has_recursive)
        fputs("null", f);
    else
        fprintf(f, "%" PRIu64,
                recursive ? c->recursive.v[id] : c->stats.v[id] - c->recursive.v[id]);
}

/* A counter of a case that recorded its recursive SQL apart on either side:
 * "parts": {"statement": {"base", "head"}, "recursive": {...}}. */
static void json_parts(FILE *f, const ldf_diff_t *d, const ldf_fig_t *fg)
{
    const ldf_pair_t *p = &d->pairs[fg->pair];
    if (fg->kind != LDF_FIG_COUNTER ||
        !((p->b && p->b->has_recursive) || (p->h && p->h->has_recursive)))
        return;
    fputs(", \"parts\": {", f);
    for (int rec = 0; rec < 2; rec++) {
        fprintf(f, "%s\"%s\": {\"base\": ", rec ? ", " : "", rec ? "recursive" : "statement");
        json_part(f, p->b, fg->id, rec);
        fputs(", \"head\": ", f);
        json_part(f, p->h, fg->id, rec);
        fputs("}", f);
    }
    fputs("}", f);
}

static void json_fig(FILE *f, const ldf_diff_t *d, const ldf_fig_t *fg)
{
    if (fg->kind == LDF_FIG_COUNTER)
        fprintf(f, "\"statistic#\": %d, ", sim_stat_info((sim_stat_t)fg->id)->number);
    fputs("\"name\": ", f);
    json_str(f, ldf_fig_name(fg));
    if (fg->kind == LDF_FIG_COUNTER)
        fprintf(f, ", \"base\": %" PRId64 ", \"head\": %" PRId64 ", \"diff\": %" PRId64, fg->ibase,
                fg->ihead, fg->ihead - fg->ibase);
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
    json_parts(f, d, fg);
    if (d->calibration) {
        double l, o;
        ldf_calib_values(d, fg, &l, &o);
        fputs(", \"lobsim\": ", f);
        json_num(f, l);
        fputs(", \"oracle\": ", f);
        json_num(f, o);
        fputs(", \"ratio\": ", f);
        json_num(f, o != 0 ? l / o : NAN);
    }
}

/* The figures of a compared pair: statistics, then derived ones. */
static sim_err_t json_figs(FILE *f, const ldf_diff_t *d, size_t pi)
{
    size_t n;
    const ldf_fig_t **idx = ldf_ordered_figs(d, pi, 0, &n);
    if (!idx)
        return SIM_ENOMEM;
    for (int kind = LDF_FIG_COUNTER; kind <= LDF_FIG_DERIVED; kind++) {
        fprintf(f, ",\n     \"%s\": [", kind == LDF_FIG_COUNTER ? "statistics" : "derived");
        int first = 1;
        for (size_t i = 0; i < n; i++) {
            if (idx[i]->kind != kind)
                continue;
            fputs(first ? "\n       {" : ",\n       {", f);
            first = 0;
            json_fig(f, d, idx[i]);
            fputs("}", f);
        }
        fputs("]", f);
    }
    free(idx);
    return SIM_OK;
}

/* The pair's snapshots: "intervals": null when neither run has any, else
 * each run's rows per interval (null where not known) and seconds (null
 * where not given), whether they compare, each statistic that differs in
 * some interval with its base and head deltas, and each wait event's
 * waits or microseconds that differ (a run of sessions at once). */
static void json_intervals(FILE *f, const ldf_pair_t *p)
{
    int state = ldf_intervals_state(p);
    fputs(",\n     \"intervals\": ", f);
    if (state == LDF_IV_NONE) {
        fputs("null", f);
        return;
    }
    for (int side = 0; side < 2; side++) {
        const ldf_case_t *c = side ? p->h : p->b;
        fprintf(f, side ? ", \"head_rows\": [" : "{\"base_rows\": [");
        for (uint32_t i = 0; i < c->nsnaps; i++)
            if (ldf_snap_rows_known(c, i))
                fprintf(f, "%s%" PRIu64, i ? ", " : "", c->snap_rows[i]);
            else
                fprintf(f, "%snull", i ? ", " : "");
        fputc(']', f);
    }
    for (int side = 0; side < 2; side++) {
        const ldf_case_t *c = side ? p->h : p->b;
        fprintf(f, side ? ", \"head_seconds\": [" : ", \"base_seconds\": [");
        for (uint32_t i = 0; i < c->nsnaps; i++)
            if (ldf_snap_seconds(c, i) > 0)
                fprintf(f, "%s%.17g", i ? ", " : "", ldf_snap_seconds(c, i));
            else
                fprintf(f, "%snull", i ? ", " : "");
        fputc(']', f);
    }
    fprintf(f, ", \"compared\": %s, \"differ\": [", state == LDF_IV_COMPARED ? "true" : "false");
    int first = 1;
    for (int k = 0; state == LDF_IV_COMPARED && k < SIM_STAT_COUNT; k++) {
        if (!ldf_interval_shown(p, k, 0))
            continue;
        fputs(first ? "\n       {\"statistic\": " : ",\n       {\"statistic\": ", f);
        first = 0;
        json_str(f, sim_stat_info((sim_stat_t)k)->name);
        for (int side = 0; side < 2; side++) {
            const ldf_case_t *c = side ? p->h : p->b;
            fputs(side ? ", \"head\": [" : ", \"base\": [", f);
            for (uint32_t i = 0; i < c->nsnaps; i++)
                fprintf(f, "%s%" PRIu64, i ? ", " : "", c->snaps[i].v[k]);
            fputc(']', f);
        }
        fputc('}', f);
    }
    fputs("], \"events_differ\": [", f);
    const char *names[2 * LDF_MAX_EVENTS];
    uint32_t nev = state == LDF_IV_COMPARED ? ldf_event_names(p, names) : 0;
    first = 1;
    for (uint32_t e = 0; e < nev; e++)
        for (int micro = 0; micro < 2; micro++) {
            if (!ldf_event_shown(p, names[e], micro, 0))
                continue;
            fputs(first ? "\n       {\"event\": " : ",\n       {\"event\": ", f);
            first = 0;
            json_str(f, names[e]);
            fprintf(f, ", \"figure\": \"%s\"", micro ? "time_waited_micro" : "total_waits");
            for (int side = 0; side < 2; side++) {
                const ldf_case_t *c = side ? p->h : p->b;
                fputs(side ? ", \"head\": [" : ", \"base\": [", f);
                for (uint32_t i = 0; i < c->nsnaps; i++)
                    fprintf(f, "%s%" PRIu64, i ? ", " : "", ldf_event_delta(c, i, names[e], micro));
                fputc(']', f);
            }
            fputc('}', f);
        }
    fputs("]}", f);
}

static sim_err_t json_case(FILE *f, const ldf_diff_t *d, size_t pi)
{
    const ldf_pair_t *p = &d->pairs[pi];
    const ldf_case_t *c = ldf_pair_case(p);
    fputs(pi ? ",\n    {\"workload\": " : "\n    {\"workload\": ", f);
    json_str(f, c->workload);
    fputs(", \"path\": ", f);
    json_str(f, c->path);
    fprintf(f, ", \"lob_chars\": %" PRIu64 ", \"lob_kchars\": ", c->lob_chars);
    json_num(f, (double)c->lob_chars / 1024);
    fprintf(f, ", \"block_size\": %" PRIu32 ", \"rows\": %" PRIu64 ", \"status\": \"%s\"",
            c->block_size, c->rows,
            p->b && p->h ? "compared"
            : p->b       ? "only_in_base"
                         : "only_in_head");
    fputs(", \"variant\": ", f);
    json_str(f, c->variant && c->variant[0] ? c->variant : NULL);
    if (!p->b || !p->h) {
        fputs("}", f);
        return SIM_OK;
    }
    if (json_figs(f, d, pi) != SIM_OK)
        return SIM_ENOMEM;
    json_intervals(f, p);
    fprintf(f, ",\n     \"statistics_changed\": %zu, \"time\": ", p->changed);
    if (!p->timed) {
        fputs("null}", f);
        return SIM_OK;
    }
    fprintf(f, "{\"base_samples\": %u, \"head_samples\": %u, \"real\": ", p->b->nsamples,
            p->h->nsamples);
    json_tstat(f, &p->real);
    fputs(", \"cpu\": ", f);
    json_tstat(f, &p->cpu);
    fprintf(f, ", \"verdict\": \"%s\"}}",
            p->verdict == LDF_SLOWER   ? "slower"
            : p->verdict == LDF_FASTER ? "faster"
                                       : "unchanged");
    return SIM_OK;
}

/* Every model parameter that differs, once: "changed", "new_in_head" (base
 * null) or "only_in_base" (head null). */
static void json_params(FILE *f, const ldf_diff_t *d)
{
    fputs(",\n  \"params_differ\": [", f);
    for (size_t i = 0; i < d->nparams; i++) {
        const ldf_param_diff_t *p = &d->params[i];
        fputs(i ? ",\n    {\"name\": " : "\n    {\"name\": ", f);
        json_str(f, p->name);
        fputs(", \"base\": ", f);
        json_str(f, p->base);
        fputs(", \"head\": ", f);
        json_str(f, p->head);
        fprintf(f, ", \"status\": \"%s\"}",
                !p->base   ? "new_in_head"
                : !p->head ? "only_in_base"
                           : "changed");
    }
    fputs(d->nparams ? "\n  ]" : "]", f);
}

sim_err_t ldf_render_json(FILE *f, const ldf_diff_t *d)
{
    assert(f != NULL && d != NULL);
    ldf_notes_t notes;
    ldf_str_t summary = {0};
    ldf_summary(d, &summary);
    sim_err_t rc = summary.nomem ? SIM_ENOMEM : ldf_notes(d, 0, &notes);
    if (rc != SIM_OK) {
        ldf_str_free(&summary);
        return rc;
    }
    fputs("{\n  \"lobdiff\": 1,\n  \"base\": ", f);
    json_side(f, &d->side[0]->info);
    fputs(",\n  \"head\": ", f);
    json_side(f, &d->side[1]->info);
    fprintf(f, ",\n  \"calibration\": %s,\n  \"alpha\": ", d->calibration ? "true" : "false");
    json_num(f, d->o.alpha);
    fputs(",\n  \"time_threshold_pct\": ", f);
    json_num(f, d->o.threshold_pct);
    json_params(f, d);
    /* Each note whole, in one line: a list's items are in its text. */
    fputs(",\n  \"notes\": [", f);
    for (size_t i = 0; i < notes.n; i++) {
        fputs(i ? ", " : "", f);
        json_str(f, notes.v[i].text);
    }
    ldf_notes_free(&notes);
    fputs("],\n  \"summary\": ", f);
    json_str(f, ldf_str_get(&summary));
    ldf_str_free(&summary);
    fprintf(f,
            ",\n  \"counts\": {\"cases_compared\": %zu, \"cases_changed\": %zu, "
            "\"statistics_changed\": %zu, \"cases_added\": %zu, \"cases_removed\": %zu, "
            "\"times_compared\": %zu, \"time_regressions\": %zu, \"time_improvements\": %zu},\n",
            d->ncommon, d->ncases_changed, d->nstats_changed, d->nadded, d->nremoved, d->ntimed,
            d->nslower, d->nfaster);
    fputs("  \"cases\": [", f);
    for (size_t pi = 0; pi < d->npairs; pi++)
        if (json_case(f, d, pi) != SIM_OK)
            return SIM_ENOMEM;
    fprintf(f, "\n  ],\n  \"exit_status\": %d\n}\n", d->exit_status);
    return SIM_OK;
}
