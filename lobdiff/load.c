/*
 * load.c -- runs in memory: one run of the results store copied out
 * (ldf_run_load(): resolve the selector, res_get_run(), res_foreach_session()),
 * or built case by case (ldf_run_create(), ldf_run_add_case()) by a test or
 * a fuzz target.  A run keeps its store open so that the plot can fetch the
 * reference beside it (ldf_run_load_reference()).
 */
#define _POSIX_C_SOURCE 200809L

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "lobdiff_int.h"
#include "results.h"

/* ---- allocation ---------------------------------------------------------- */

static void die_oom(void)
{
    fprintf(stderr, "lobdiff: out of memory\n");
    exit(LDF_EXIT_BAD_INPUT);
}

void *ldf_xmalloc(size_t n)
{
    void *p = malloc(n ? n : 1);
    if (!p)
        die_oom();
    return p;
}

void *ldf_xrealloc(void *p, size_t n)
{
    p = realloc(p, n ? n : 1);
    if (!p)
        die_oom();
    return p;
}

char *ldf_xstrdup(const char *s)
{
    if (!s)
        return NULL;
    size_t n = strlen(s) + 1;
    char *d = ldf_xmalloc(n);
    memcpy(d, s, n);
    return d;
}

int ldf_streq(const char *a, const char *b)
{
    return strcmp(a ? a : "", b ? b : "") == 0;
}

/* ---- a run in memory ----------------------------------------------------- */

/* p, kept by the run until ldf_run_destroy(). */
static void *keep(ldf_run_t *r, void *p)
{
    if (!p)
        return NULL;
    if (r->nowned == r->capowned) {
        r->capowned = r->capowned ? r->capowned * 2 : 16;
        r->owned = ldf_xrealloc(r->owned, r->capowned * sizeof *r->owned);
    }
    r->owned[r->nowned++] = p;
    return p;
}

static const char *keep_str(ldf_run_t *r, const char *s)
{
    return keep(r, ldf_xstrdup(s));
}

static void set_info(ldf_run_t *r, const ldf_run_info_t *in)
{
    ldf_run_info_t *i = &r->info;
    i->db = keep_str(r, in->db);
    i->selector = keep_str(r, in->selector);
    i->run = in->run;
    i->source = keep_str(r, in->source);
    i->commit = keep_str(r, in->commit);
    i->host = keep_str(r, in->host);
    i->compiler = keep_str(r, in->compiler);
    i->build_type = keep_str(r, in->build_type);
    i->params = keep_str(r, in->params);
    i->ref_file = keep_str(r, in->ref_file);
    i->git_dirty = in->git_dirty;
    i->started = in->started;
    r->oracle = ldf_streq(in->source, "oracle");
}

ldf_run_t *ldf_run_create(const char *role, const ldf_run_info_t *info)
{
    ldf_run_t *r = ldf_xmalloc(sizeof *r);
    memset(r, 0, sizeof *r);
    r->role = ldf_xstrdup(role ? role : "run");
    ldf_run_info_t none = {.git_dirty = -1, .db = "(memory)"};
    set_info(r, info ? info : &none);
    if (!r->info.db)
        r->info.db = keep_str(r, "(memory)");
    return r;
}

static int name_ok(const char *s)
{
    return s[0] != '\0' && memchr(s, '\0', LDF_NAME_MAX) != NULL;
}

sim_err_t ldf_run_add_case(ldf_run_t *r, const ldf_case_t *c)
{
    if (!r || !c || !name_ok(c->workload) || !name_ok(c->path) ||
        (c->nsamples && (!c->real || !c->cpu)))
        return SIM_EINVAL;
    if (r->n == r->cap) {
        r->cap = r->cap ? r->cap * 2 : 32;
        r->cases = ldf_xrealloc(r->cases, r->cap * sizeof *r->cases);
    }
    ldf_case_t *d = &r->cases[r->n++];
    *d = *c;
    d->params = keep_str(r, c->params);
    d->real = d->cpu = NULL;
    if (c->nsamples) {
        double *real = keep(r, ldf_xmalloc(c->nsamples * sizeof *real));
        double *cpu = keep(r, ldf_xmalloc(c->nsamples * sizeof *cpu));
        memcpy(real, c->real, c->nsamples * sizeof *real);
        memcpy(cpu, c->cpu, c->nsamples * sizeof *cpu);
        d->real = real;
        d->cpu = cpu;
    }
    return SIM_OK;
}

const ldf_run_info_t *ldf_run_info(const ldf_run_t *r)
{
    return &r->info;
}

size_t ldf_run_ncases(const ldf_run_t *r)
{
    return r->n;
}

const ldf_case_t *ldf_run_case(const ldf_run_t *r, size_t i)
{
    return i < r->n ? &r->cases[i] : NULL;
}

void ldf_run_destroy(ldf_run_t *r)
{
    if (!r)
        return;
    for (size_t k = 0; k < r->nowned; k++)
        free(r->owned[k]);
    free(r->owned);
    free(r->cases);
    for (size_t k = 0; k < r->nunmodelled; k++)
        free(r->unmodelled[k]);
    free(r->unmodelled);
    free(r->role);
    res_close(r->store);
    free(r);
}

/* ---- a run of the store -------------------------------------------------- */

typedef struct {
    ldf_run_t *r;
    char *err;
    size_t errlen;
} collect_t;

/* Keep each unmodelled name once, in order. */
static sim_err_t collect_unmodelled(const res_named_value_t *v, void *arg)
{
    ldf_run_t *r = arg;
    size_t at = 0;
    while (at < r->nunmodelled && strcmp(r->unmodelled[at], v->name) < 0)
        at++;
    if (at < r->nunmodelled && strcmp(r->unmodelled[at], v->name) == 0)
        return SIM_OK;
    r->unmodelled = ldf_xrealloc(r->unmodelled, (r->nunmodelled + 1) * sizeof *r->unmodelled);
    memmove(r->unmodelled + at + 1, r->unmodelled + at,
            (r->nunmodelled - at) * sizeof *r->unmodelled);
    r->unmodelled[at] = ldf_xstrdup(v->name);
    r->nunmodelled++;
    return SIM_OK;
}

const char *const *ldf_run_unmodelled(const ldf_run_t *r, size_t *n)
{
    *n = r->nunmodelled;
    return (const char *const *)r->unmodelled;
}

sim_err_t ldf_run_mark_reference(ldf_run_t *base, ldf_run_t *head, const ldf_run_t *ref, char *err,
                                 size_t errlen)
{
    int b = base->info.run == ref->info.run && ldf_streq(base->info.db, ref->info.db);
    int h = head->info.run == ref->info.run && ldf_streq(head->info.db, ref->info.db);
    if (b == h) {
        snprintf(err, errlen,
                 "--reference=%s: run %" PRId64 " is %s of the two runs compared (base run %" PRId64
                 ", head run %" PRId64 ")",
                 ref->info.selector ? ref->info.selector : "?", ref->info.run,
                 b ? "both" : "neither", base->info.run, head->info.run);
        return SIM_EINVAL;
    }
    base->oracle = b;
    head->oracle = h;
    return SIM_OK;
}

static sim_err_t collect_case(const res_session_info_t *si, void *arg)
{
    collect_t *cl = arg;
    ldf_case_t c;
    memset(&c, 0, sizeof c);
    const char *wl = si->workload ? si->workload : "", *path = si->path ? si->path : "";
    if (!*wl || !*path || strlen(wl) >= LDF_NAME_MAX || strlen(path) >= LDF_NAME_MAX) {
        snprintf(cl->err, cl->errlen,
                 "%s: run %" PRId64 " has a session (sid %" PRId64
                 ") of path '%s', workload '%s'; expected names of 1 to %d characters",
                 cl->r->info.db, cl->r->info.run, si->sid, path, wl, LDF_NAME_MAX - 1);
        return SIM_EINVAL;
    }
    memcpy(c.workload, wl, strlen(wl) + 1);
    memcpy(c.path, path, strlen(path) + 1);
    c.lob_chars = si->lob_chars;
    c.block_size = si->block_size;
    c.rows = si->rows;
    c.params = si->params;
    c.stats = si->stats;
    memcpy(c.present, si->present, sizeof c.present);
    if (cl->r->store) {
        sim_err_t rc = res_foreach_unmodelled(cl->r->store, si->sid, collect_unmodelled, cl->r);
        if (rc != SIM_OK)
            return rc;
    }
    if (si->timed && si->timing.nsamples > 0) {
        c.nsamples = si->timing.nsamples;
        c.real = si->timing.real_samples_ns;
        c.cpu = si->timing.cpu_samples_ns;
    }
    return ldf_run_add_case(cl->r, &c);
}

/* Read run r->info.run of r->store into r.  Nonzero with err set on failure. */
static int load_cases(ldf_run_t *r, char *err, size_t errlen)
{
    res_run_info_t ri;
    if (res_get_run(r->store, r->info.run, &ri) != SIM_OK) {
        snprintf(err, errlen, "%s run: %s", r->role, res_errmsg(r->store));
        return 1;
    }
    ldf_run_info_t in = {.db = r->info.db,
                         .selector = r->info.selector,
                         .run = r->info.run,
                         .source = ri.source,
                         .commit = ri.info.git_commit,
                         .host = ri.info.host,
                         .compiler = ri.info.compiler,
                         .build_type = ri.info.build_type,
                         .params = ri.info.params,
                         .ref_file = ri.reference_file,
                         .git_dirty = ri.info.git_dirty,
                         .started = ri.info.started};
    set_info(r, &in);
    collect_t cl = {r, err, errlen};
    err[0] = '\0';
    sim_err_t rc = res_foreach_session(r->store, r->info.run, collect_case, &cl);
    if (rc != SIM_OK) {
        if (!err[0])
            snprintf(err, errlen, "%s run: %s", r->role, res_errmsg(r->store));
        return 1;
    }
    return 0;
}

sim_err_t ldf_split_selector(const char *role, const char *arg, const char *default_db, char **db,
                             const char **selector, char *err, size_t errlen)
{
    const char *colon = strrchr(arg, ':');
    if (colon && !strchr(colon, '/')) {
        if (colon == arg || colon[1] == '\0') {
            snprintf(err, errlen,
                     "%s '%s': expected FILE.db:SELECTOR with both parts, e.g. other.db:latest",
                     role, arg);
            return SIM_EINVAL;
        }
        char *d = ldf_xmalloc((size_t)(colon - arg) + 1);
        memcpy(d, arg, (size_t)(colon - arg));
        d[colon - arg] = '\0';
        *db = d;
        *selector = colon + 1;
    } else {
        *db = ldf_xstrdup(default_db);
        *selector = arg;
    }
    return SIM_OK;
}

sim_err_t ldf_run_load(const char *role, const char *arg, const char *default_db, ldf_run_t **out,
                       char *err, size_t errlen)
{
    *out = NULL;
    char *db;
    const char *selector;
    if (ldf_split_selector(role, arg, default_db, &db, &selector, err, errlen) != SIM_OK)
        return SIM_EINVAL;
    ldf_run_info_t in = {.db = db, .selector = selector, .git_dirty = -1};
    ldf_run_t *r = ldf_run_create(role, &in);
    free(db);
    char errbuf[1024];
    if (res_open(r->info.db, RES_OPEN_READONLY, &r->store, errbuf, sizeof errbuf) != SIM_OK) {
        snprintf(err, errlen, "%s run '%s': %s", role, arg, errbuf);
        ldf_run_destroy(r);
        return SIM_EINVAL;
    }
    if (res_resolve_run(r->store, r->info.selector, &r->info.run) != SIM_OK) {
        snprintf(err, errlen, "%s run: %s", role, res_errmsg(r->store));
        ldf_run_destroy(r);
        return SIM_EINVAL;
    }
    if (load_cases(r, err, errlen) != 0) {
        ldf_run_destroy(r);
        return SIM_EINVAL;
    }
    *out = r;
    return SIM_OK;
}

ldf_run_t *ldf_run_load_reference(const ldf_run_t *h)
{
    if (!h || !h->store)
        return NULL;
    char err[1024];
    ldf_run_info_t in = {.db = h->info.db, .selector = "reference", .git_dirty = -1};
    ldf_run_t *r = ldf_run_create("reference", &in);
    /* Borrow the head's store for the walk: the handle is only read. */
    r->store = h->store;
    int ok = res_resolve_run(r->store, "reference", &r->info.run) == SIM_OK &&
             load_cases(r, err, sizeof err) == 0;
    r->store = NULL;
    if (!ok) {
        ldf_run_destroy(r);
        return NULL;
    }
    return r;
}
