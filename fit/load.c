/*
 * load.c -- the fit's cases from a run of the results store (fit.h,
 * fit_load()): each session of the workloads asked for whose workload,
 * path, block size, rows and LOB size the model can run becomes a case on
 * the model's defaults and the session's settings, with the session's
 * measured figures.  The session's other parameters are not applied: a fit
 * starts from the defaults.  A rac session's figures are taken per user
 * commit: an AWR window's totals grow with its length, the model's run
 * length is its own.
 *
 * Which runs: the newest measured one of those workloads by default, the
 * newest lobsim one for "latest" -- the latest of the workload asked for,
 * not of any workload, so that a rac run recorded after an import does not
 * hide it -- or a list, as two imported AWR reports (8k and 4k) are two
 * runs of one experiment.
 */
#include "fit.h"

#include <assert.h>
#include <string.h>

#include "results.h"

typedef struct {
    unsigned mask;
    fit_case_t *cases;
    size_t n, cap, skipped;
    int found; /* has() saw a session of the mask */
} load_t;

static int wanted(unsigned mask, int w)
{
    return w >= 0 && (mask == 0 || (mask >> w & 1u));
}

/* A session the model can run becomes a case; *c is it on success. */
static int make_case(const res_session_info_t *s, case_t *c)
{
    int w = workload_find(s->workload);
    case_defaults(c);
    if (w < 0 || case_path_parse(s->path, &c->path) != 0)
        return 0;
    c->workload = (unsigned)w;
    c->lob_chars = s->lob_chars;
    c->block_size = s->block_size;
    c->rows = s->rows;
    if (s->piece_size)
        c->piece_size = s->piece_size;
    if (s->has_seed)
        c->seed = s->seed;
    fit_apply_settings(c, s->params);
    char msg[200];
    return c->rows != 0 && workload_validate(c, msg, sizeof msg) == SIM_OK;
}

static sim_err_t one(const res_session_info_t *s, void *arg)
{
    load_t *l = arg;
    if (!wanted(l->mask, workload_find(s->workload))) {
        l->skipped++;
        return SIM_OK;
    }
    case_t c;
    size_t figs = 0;
    for (int k = 0; k < SIM_STAT_COUNT; k++)
        figs += s->present[k];
    if (figs == 0 || !make_case(s, &c)) {
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
    double commits = (double)s->stats.v[SIM_STAT_USER_COMMITS];
    fc->per_commit =
        workload_is_rac(c.workload) && s->present[SIM_STAT_USER_COMMITS] && commits > 0;
    for (int k = 0; k < SIM_STAT_COUNT; k++) {
        fc->present[k] = s->present[k];
        fc->ref[k] = (double)s->stats.v[k] / (fc->per_commit ? commits : 1);
    }
    /* Per commit, the commits are the unit: not a figure to match. */
    if (fc->per_commit)
        fc->present[SIM_STAT_USER_COMMITS] = 0;
    return SIM_OK;
}

/* Stops the walk (SIM_EFULL, not an error) at the first session of the mask. */
static sim_err_t has(const res_session_info_t *s, void *arg)
{
    load_t *l = arg;
    if (!wanted(l->mask, workload_find(s->workload)))
        return SIM_OK;
    l->found = 1;
    return SIM_EFULL;
}

/* The newest run, skip runs of them passed over, of source `source` (and
 * completed, for lobsim) with a session of the mask; 0 if none. */
static sim_err_t newest(res_store_t *s, const char *source, unsigned mask, uint64_t skip,
                        int64_t *run)
{
    int64_t *ids;
    size_t n;
    sim_err_t err = res_list_runs(s, &ids, &n);
    if (err != SIM_OK)
        return err;
    *run = 0;
    for (size_t i = n; i-- > 0 && *run == 0;) {
        res_run_info_t info;
        if ((err = res_get_run(s, ids[i], &info)) != SIM_OK)
            break;
        if (strcmp(info.source, source) != 0 ||
            (strcmp(source, "lobsim") == 0 && !info.info.completed))
            continue;
        load_t l = {.mask = mask};
        err = res_foreach_session(s, ids[i], has, &l);
        if (err != SIM_OK && err != SIM_EFULL)
            break;
        err = SIM_OK;
        if (l.found && skip-- == 0)
            *run = ids[i];
    }
    sim_free(ids);
    return err;
}

/* The workloads of the mask, for messages: "fts, range" or "any workload". */
static void mask_names(unsigned mask, char *buf, size_t len)
{
    if (mask == 0) {
        snprintf(buf, len, "any workload");
        return;
    }
    size_t at = 0;
    buf[0] = '\0';
    for (size_t w = 0; w < workload_count() && at < len; w++)
        if (mask >> w & 1u)
            at += (size_t)snprintf(buf + at, len - at, "%s%s", at ? ", " : "", workload_name(w));
}

/* The run the selector names, for the workloads of the mask. */
static sim_err_t resolve(res_store_t *s, const char *sel, unsigned mask, int64_t *run, char *msg,
                         size_t msglen)
{
    char names[256];
    mask_names(mask, names, sizeof names);
    uint64_t skip = 0;
    int latest = sel != NULL && strncmp(sel, "latest", 6) == 0;
    if (latest && sel[6] != '\0' &&
        (sel[6] != '~' || sim_parse_u64(sel + 7, INT64_MAX, &skip) != 0)) {
        snprintf(msg, msglen, "--reference: '%s' is not latest or latest~N", sel);
        return SIM_EINVAL;
    }
    if (sel == NULL || latest) {
        sim_err_t err = newest(s, latest ? "lobsim" : "oracle", mask, skip, run);
        if (err != SIM_OK) {
            snprintf(msg, msglen, "--reference: %s", res_errmsg(s));
            return err;
        }
        if (*run == 0) {
            if (latest)
                snprintf(msg, msglen,
                         "--reference=%s: fewer than %llu completed lobsim runs of %s in the "
                         "store",
                         sel, (unsigned long long)skip + 1, names);
            else
                snprintf(msg, msglen,
                         "no measured run (source 'oracle') of %s in the store: import one "
                         "(lobimport) or say --reference=RUN",
                         names);
            return SIM_EINVAL;
        }
        return SIM_OK;
    }
    if (res_resolve_run(s, sel, run) != SIM_OK) {
        snprintf(msg, msglen, "--reference: %s", res_errmsg(s));
        return SIM_EINVAL;
    }
    return SIM_OK;
}

/* Each run of the comma list sel (NULL: the default) into ids[]; their
 * count, or 0 with msg set. */
static size_t resolve_all(res_store_t *s, const char *sel, unsigned mask, int64_t *ids, char *msg,
                          size_t msglen, sim_err_t *err)
{
    if (sel == NULL) {
        *err = resolve(s, NULL, mask, &ids[0], msg, msglen);
        return *err == SIM_OK;
    }
    size_t n = 0;
    for (const char *p = sel;; p++) {
        size_t len = strcspn(p, ",");
        char one[64];
        if (len == 0 || len >= sizeof one || n == FIT_MAX_RUNS) {
            snprintf(msg, msglen,
                     "--reference: '%s' is not a list of at most %d runs (an empty item or one "
                     "too long)",
                     sel, FIT_MAX_RUNS);
            *err = SIM_EINVAL;
            return 0;
        }
        memcpy(one, p, len);
        one[len] = '\0';
        if ((*err = resolve(s, one, mask, &ids[n], msg, msglen)) != SIM_OK)
            return 0;
        for (size_t j = 0; j < n; j++)
            if (ids[j] == ids[n]) {
                snprintf(msg, msglen, "--reference: run %lld is named twice in '%s'",
                         (long long)ids[n], sel);
                *err = SIM_EINVAL;
                return 0;
            }
        n++;
        p += len;
        if (*p == '\0')
            return n;
    }
}

sim_err_t fit_load(const char *db, const char *selector, unsigned workloads, fit_case_t **cases,
                   size_t *ncases, size_t *skipped, int64_t *run_ids, size_t *nruns, char *msg,
                   size_t msglen)
{
    assert(db != NULL);
    assert(cases != NULL && ncases != NULL && skipped != NULL && run_ids != NULL && nruns != NULL);
    assert(msg != NULL || msglen == 0);
    *cases = NULL;
    *ncases = *skipped = *nruns = 0;
    res_store_t *s;
    sim_err_t err = res_open(db, RES_OPEN_READONLY, &s, msg, msglen);
    if (err != SIM_OK) /* no store there (none, a pipe, a device, another file): bad input */
        return err == SIM_ENOMEM ? err : SIM_EINVAL;
    load_t l = {.mask = workloads};
    size_t n = resolve_all(s, selector, workloads, run_ids, msg, msglen, &err);
    for (size_t i = 0; i < n && err == SIM_OK; i++) {
        size_t before = l.n, skipped_before = l.skipped;
        if ((err = res_foreach_session(s, run_ids[i], one, &l)) != SIM_OK)
            snprintf(msg, msglen, "--reference: %s", res_errmsg(s));
        else if (l.n == before) {
            char names[256];
            mask_names(workloads, names, sizeof names);
            snprintf(msg, msglen,
                     "--reference: run %lld has no session the model can run of %s (%zu "
                     "sessions of another or an unknown workload or path, an invalid case or no "
                     "catalogue figure)",
                     (long long)run_ids[i], names, l.skipped - skipped_before);
            err = SIM_EINVAL;
        }
    }
    res_close(s);
    if (err != SIM_OK) {
        sim_free(l.cases);
        return err;
    }
    *cases = l.cases;
    *ncases = l.n;
    *skipped = l.skipped;
    *nruns = n;
    return SIM_OK;
}
