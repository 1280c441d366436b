/*
 * history.c -- every run of a store, read once through the store's
 * read API (res_list_runs, res_get_run, res_foreach_session) into a table of
 * cases by runs: Oracle's imported runs first, then the model's in commit
 * order (the commit's date from `git log` when the current directory's
 * repository has it, else the run's start).  rpt_history_load() is the entry.
 */
#define _POSIX_C_SOURCE 200809L

#include <assert.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lobreport_int.h"

static int is_hex(const char *s)
{
    if (!*s)
        return 0;
    for (; *s; s++)
        if (!strchr("0123456789abcdef", *s))
            return 0;
    return 1;
}

/* The commit's date and subject, if git knows the commit here. */
static void git_lookup(rpt_run_t *r)
{
    if (!is_hex(r->commit) || strlen(r->commit) < 7)
        return;
    char cmd[160];
    snprintf(cmd, sizeof cmd, "git show -s --format=%%ct%%x1f%%s %s -- 2>/dev/null", r->commit);
    FILE *p = popen(cmd, "r");
    if (!p)
        return;
    char line[512] = "";
    char *got = fgets(line, sizeof line, p);
    int st = pclose(p);
    if (!got || st != 0)
        return;
    char *sep = strchr(line, '\x1f');
    if (!sep)
        return;
    *sep = '\0';
    line[strcspn(line, "\n")] = '\0';
    sep[1 + strcspn(sep + 1, "\n")] = '\0';
    char *end;
    long long when = strtoll(line, &end, 10);
    if (*end || when <= 0)
        return;
    r->when = when;
    snprintf(r->subject, sizeof r->subject, "%s", sep + 1);
}

static int by_order(const void *a, const void *b)
{
    const rpt_run_t *x = a, *y = b;
    if (x->oracle != y->oracle)
        return x->oracle ? -1 : 1;
    if (!x->oracle && x->when != y->when)
        return x->when < y->when ? -1 : 1;
    return x->run < y->run ? -1 : x->run > y->run;
}

typedef struct {
    rpt_history_t *h;
    size_t r; /* the run's position */
    int nomem;
} walk_t;

static rpt_case_t *case_of(walk_t *w, const res_session_info_t *s)
{
    rpt_history_t *h = w->h;
    for (size_t i = 0; i < h->ncases; i++) {
        rpt_case_t *c = &h->cases[i];
        if (strcmp(c->workload, s->workload) == 0 && strcmp(c->path, s->path) == 0 &&
            c->lob_chars == s->lob_chars && c->block_size == s->block_size && c->rows == s->rows)
            return c;
    }
    rpt_case_t *nc = realloc(h->cases, (h->ncases + 1) * sizeof *nc);
    if (!nc)
        return NULL;
    h->cases = nc;
    rpt_case_t *c = &h->cases[h->ncases];
    memset(c, 0, sizeof *c);
    snprintf(c->workload, sizeof c->workload, "%s", s->workload);
    c->workload_position = s->workload_position;
    snprintf(c->path, sizeof c->path, "%s", s->path);
    c->lob_chars = s->lob_chars;
    c->block_size = s->block_size;
    c->rows = s->rows;
    c->values = malloc(h->nruns * SIM_STAT_COUNT * sizeof *c->values);
    c->t_mean = malloc(h->nruns * sizeof *c->t_mean);
    c->t_lo = malloc(h->nruns * sizeof *c->t_lo);
    c->t_hi = malloc(h->nruns * sizeof *c->t_hi);
    if (!c->values || !c->t_mean || !c->t_lo || !c->t_hi) {
        free(c->values);
        free(c->t_mean);
        free(c->t_lo);
        free(c->t_hi);
        return NULL;
    }
    for (size_t i = 0; i < h->nruns * SIM_STAT_COUNT; i++)
        c->values[i] = NAN;
    for (size_t i = 0; i < h->nruns; i++)
        c->t_mean[i] = c->t_lo[i] = c->t_hi[i] = NAN;
    h->ncases++;
    return c;
}

static sim_err_t take_session(const res_session_info_t *s, void *arg)
{
    walk_t *w = arg;
    rpt_case_t *c = case_of(w, s);
    if (!c) {
        w->nomem = 1;
        return SIM_ENOMEM;
    }
    for (int k = 0; k < SIM_STAT_COUNT; k++)
        if (s->present[k])
            c->values[w->r * SIM_STAT_COUNT + (size_t)k] = (double)s->stats.v[k];
    if (s->timed) {
        /* Per statement, in microseconds; the spread is the repetitions'. */
        c->t_mean[w->r] = s->timing.real_time_ns / 1e3;
        for (uint32_t i = 0; i < s->timing.nsamples; i++) {
            double v = s->timing.real_samples_ns[i] / 1e3;
            c->t_lo[w->r] = i ? fmin(c->t_lo[w->r], v) : v;
            c->t_hi[w->r] = i ? fmax(c->t_hi[w->r], v) : v;
        }
    }
    return SIM_OK;
}

/* Workloads as the store orders them (its table `workloads`; names it
 * lacks after, by name), paths local, dblink, others by name. */
static int by_case(const void *a, const void *b)
{
    const rpt_case_t *x = a, *y = b;
    int xu = x->workload_position < 0, yu = y->workload_position < 0;
    if (xu != yu)
        return xu - yu;
    if (x->workload_position != y->workload_position)
        return x->workload_position < y->workload_position ? -1 : 1;
    int c = strcmp(x->workload, y->workload);
    if (c)
        return c;
    static const char *const pl[] = {"local", "dblink"};
    int xi = 2, yi = 2;
    for (int i = 0; i < 2; i++) {
        xi = strcmp(x->path, pl[i]) == 0 ? i : xi;
        yi = strcmp(y->path, pl[i]) == 0 ? i : yi;
    }
    if (xi != yi)
        return xi - yi;
    if ((c = strcmp(x->path, y->path)))
        return c;
    if (x->block_size != y->block_size)
        return x->block_size < y->block_size ? -1 : 1;
    if (x->rows != y->rows)
        return x->rows < y->rows ? -1 : 1;
    return x->lob_chars < y->lob_chars ? -1 : x->lob_chars > y->lob_chars;
}

sim_err_t rpt_history_load(const char *db, rpt_history_t **out, char *err, size_t errlen)
{
    assert(db != NULL && out != NULL);
    assert(err != NULL || errlen == 0);
    *out = NULL;
    res_store_t *s;
    sim_err_t e = res_open(db, RES_OPEN_READONLY, &s, err, errlen);
    if (e != SIM_OK)
        return e;
    rpt_history_t *h = calloc(1, sizeof *h);
    int64_t *ids = NULL;
    size_t n = 0;
    if (!h) {
        res_close(s);
        snprintf(err, errlen, "out of memory reading %s", db);
        return SIM_ENOMEM;
    }
    e = res_list_runs(s, &ids, &n);
    if (e == SIM_OK && n && !(h->runs = calloc(n, sizeof *h->runs)))
        e = SIM_ENOMEM;
    for (size_t i = 0; e == SIM_OK && i < n; i++) {
        res_run_info_t ri;
        if ((e = res_get_run(s, ids[i], &ri)) != SIM_OK)
            break;
        rpt_run_t *r = &h->runs[h->nruns++];
        r->run = ri.run;
        r->oracle = ri.source && strcmp(ri.source, "oracle") == 0;
        r->when = ri.info.started;
        snprintf(r->commit, sizeof r->commit, "%s", ri.info.git_commit ? ri.info.git_commit : "");
        if (r->oracle) {
            snprintf(r->label, sizeof r->label, "Oracle (run %" PRId64 ")", r->run);
            h->has_oracle = 1;
            continue;
        }
        if (ri.info.completed && r->run > h->latest_lobsim)
            h->latest_lobsim = r->run;
        if (r->commit[0])
            snprintf(r->label, sizeof r->label, "%.10s%s", r->commit,
                     ri.info.git_dirty == 1 ? "+" : "");
        else
            snprintf(r->label, sizeof r->label, "run %" PRId64, r->run);
        git_lookup(r);
    }
    if (e == SIM_OK && h->nruns)
        qsort(h->runs, h->nruns, sizeof *h->runs, by_order);
    walk_t w = {h, 0, 0};
    for (size_t i = 0; e == SIM_OK && i < h->nruns; i++) {
        w.r = i;
        e = res_foreach_session(s, h->runs[i].run, take_session, &w);
    }
    if (e == SIM_OK && h->ncases)
        qsort(h->cases, h->ncases, sizeof *h->cases, by_case);
    if (e != SIM_OK) {
        if (e == SIM_ENOMEM || w.nomem)
            snprintf(err, errlen, "out of memory reading %s", db);
        else
            snprintf(err, errlen, "%s", res_errmsg(s));
        rpt_history_destroy(h);
        h = NULL;
    }
    sim_free(ids);
    res_close(s);
    *out = h;
    return e;
}

void rpt_history_destroy(rpt_history_t *h)
{
    if (!h)
        return;
    for (size_t i = 0; i < h->ncases; i++) {
        free(h->cases[i].values);
        free(h->cases[i].t_mean);
        free(h->cases[i].t_lo);
        free(h->cases[i].t_hi);
    }
    free(h->cases);
    free(h->runs);
    free(h);
}
