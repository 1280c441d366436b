/*
 * load.c -- the fit's cases from a run of the results store (fit.h,
 * fit_load()): each session whose workload, path, block size, rows and LOB
 * size the model can run becomes a case on the model's defaults, with the
 * session's measured figures.  The session's own parameter text is not
 * applied: a fit starts from the defaults.
 */
#include "fit.h"

#include <assert.h>
#include <string.h>

#include "results.h"

typedef struct {
    fit_case_t *cases;
    size_t n, cap, skipped;
} load_t;

static sim_err_t one(const res_session_info_t *s, void *arg)
{
    load_t *l = arg;
    int w = workload_find(s->workload);
    case_t c;
    case_defaults(&c);
    size_t figs = 0;
    for (int k = 0; k < SIM_STAT_COUNT; k++)
        figs += s->present[k];
    if (w < 0 || case_path_parse(s->path, &c.path) != 0 || figs == 0) {
        l->skipped++;
        return SIM_OK;
    }
    c.workload = (unsigned)w;
    c.lob_chars = s->lob_chars;
    c.block_size = s->block_size;
    c.rows = s->rows;
    if (s->piece_size)
        c.piece_size = s->piece_size;
    if (s->has_seed)
        c.seed = s->seed;
    char msg[200];
    if (c.rows == 0 || case_validate(&c, msg, sizeof msg) != SIM_OK) {
        l->skipped++;
        return SIM_OK;
    }
    if (l->n == l->cap) {
        size_t cap = l->cap ? 2 * l->cap : 16;
        fit_case_t *p = sim_realloc(l->cases, cap * sizeof *p);
        if (p == NULL)
            return SIM_ENOMEM;
        l->cases = p;
        l->cap = cap;
    }
    fit_case_t *fc = &l->cases[l->n++];
    memset(fc, 0, sizeof *fc);
    fc->c = c;
    for (int k = 0; k < SIM_STAT_COUNT; k++) {
        fc->present[k] = s->present[k];
        fc->ref[k] = (double)s->stats.v[k];
    }
    return SIM_OK;
}

sim_err_t fit_load(const char *db, const char *selector, fit_case_t **cases, size_t *ncases,
                   size_t *skipped, int64_t *run_id, char *msg, size_t msglen)
{
    assert(db != NULL && selector != NULL);
    assert(cases != NULL && ncases != NULL && skipped != NULL && run_id != NULL);
    assert(msg != NULL || msglen == 0);
    *cases = NULL;
    *ncases = *skipped = 0;
    res_store_t *s;
    sim_err_t err = res_open(db, RES_OPEN_READONLY, &s, msg, msglen);
    if (err != SIM_OK)
        return err;
    load_t l = {0};
    if ((err = res_resolve_run(s, selector, run_id)) != SIM_OK ||
        (err = res_foreach_session(s, *run_id, one, &l)) != SIM_OK) {
        snprintf(msg, msglen, "--reference: %s", res_errmsg(s));
        res_close(s);
        sim_free(l.cases);
        return err;
    }
    res_close(s);
    if (l.n == 0) {
        snprintf(msg, msglen,
                 "--reference: run %lld has no session the model can run (%zu sessions of an "
                 "unknown workload or path, an invalid case or no catalogue figure)",
                 (long long)*run_id, l.skipped);
        sim_free(l.cases);
        return SIM_EINVAL;
    }
    *cases = l.cases;
    *ncases = l.n;
    *skipped = l.skipped;
    return SIM_OK;
}
