/*
 * load.c -- runs in memory: one run of the results store copied out
 * (ldf_run_load(): resolve the selector, res_get_run(), res_foreach_session()),
 * or built case by case (ldf_run_create(), ldf_run_add_case()) by a test or
 * a fuzz target.  A run keeps its store open so that the plot can fetch the
 * reference beside it (ldf_run_load_reference()).
 */
#define _POSIX_C_SOURCE 200809L

#include <assert.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "lobdiff_int.h"
#include "results.h"

/* ---- allocation ---------------------------------------------------------- */

void *ldf_malloc(size_t n)
{
    return sim_malloc(n ? n : 1);
}

void *ldf_realloc(void *p, size_t n)
{
    return sim_realloc(p, n ? n : 1);
}

char *ldf_strdup(const char *s)
{
    size_t n = strlen(s) + 1;
    char *d = ldf_malloc(n);
    return d ? memcpy(d, s, n) : NULL;
}

int ldf_streq(const char *a, const char *b)
{
    return strcmp(a ? a : "", b ? b : "") == 0;
}

/* ---- a run in memory ----------------------------------------------------- */

/* p (not NULL), kept by the run until ldf_run_destroy(); freed at once and
 * NULL when the run's list cannot grow. */
static void *keep(ldf_run_t *r, void *p)
{
    if (!p)
        return NULL;
    if (r->nowned == r->capowned) {
        size_t ncap = r->capowned ? r->capowned * 2 : 16;
        void **grown = ldf_realloc(r->owned, ncap * sizeof *grown);
        if (!grown) {
            free(p);
            return NULL;
        }
        r->owned = grown;
        r->capowned = ncap;
    }
    r->owned[r->nowned++] = p;
    return p;
}

void *ldf_run_own(ldf_run_t *r, void *p)
{
    assert(r != NULL);
    return keep(r, p);
}

/* A copy of s kept by the run in *out (NULL for NULL); 0 when memory ran out. */
static int keep_str(ldf_run_t *r, const char *s, const char **out)
{
    *out = s ? keep(r, ldf_strdup(s)) : NULL;
    return !s || *out;
}

static sim_err_t set_info(ldf_run_t *r, const ldf_run_info_t *in)
{
    ldf_run_info_t *i = &r->info;
    int ok = keep_str(r, in->db, &i->db) && keep_str(r, in->selector, &i->selector) &&
             keep_str(r, in->source, &i->source) && keep_str(r, in->commit, &i->commit) &&
             keep_str(r, in->host, &i->host) && keep_str(r, in->compiler, &i->compiler) &&
             keep_str(r, in->build_type, &i->build_type) && keep_str(r, in->params, &i->params) &&
             keep_str(r, in->ref_file, &i->ref_file) &&
             keep_str(r, in->script_file, &i->script_file) &&
             keep_str(r, in->script_digest, &i->script_digest) &&
             keep_str(r, in->import_format, &i->import_format);
    i->run = in->run;
    i->git_dirty = in->git_dirty;
    i->started = in->started;
    r->oracle = ldf_streq(in->source, "oracle");
    return ok ? SIM_OK : SIM_ENOMEM;
}

ldf_run_t *ldf_run_create(const char *role, const ldf_run_info_t *info)
{
    ldf_run_t *r = ldf_malloc(sizeof *r);
    if (!r)
        return NULL;
    memset(r, 0, sizeof *r);
    ldf_run_info_t none = {.git_dirty = -1, .db = "(memory)"};
    if (!(r->role = ldf_strdup(role ? role : "run")) ||
        set_info(r, info ? info : &none) != SIM_OK ||
        (!r->info.db && !keep_str(r, "(memory)", &r->info.db))) {
        ldf_run_destroy(r);
        return NULL;
    }
    return r;
}

static int name_ok(const char *s)
{
    return s[0] != '\0' && memchr(s, '\0', LDF_NAME_MAX) != NULL;
}

/* A copy of n samples kept by the run; NULL when memory ran out. */
static const double *keep_samples(ldf_run_t *r, const double *v, uint32_t n)
{
    double *copy = keep(r, ldf_malloc(n * sizeof *copy));
    return copy ? memcpy(copy, v, n * sizeof *copy) : NULL;
}

sim_err_t ldf_run_add_case(ldf_run_t *r, const ldf_case_t *c)
{
    assert(r != NULL);
    assert(c != NULL);
    if (!name_ok(c->workload) || !name_ok(c->path) || (c->nsamples && (!c->real || !c->cpu)))
        return SIM_EINVAL;
    if (r->n == r->cap) {
        size_t ncap = r->cap ? r->cap * 2 : 32;
        ldf_case_t *grown = ldf_realloc(r->cases, ncap * sizeof *grown);
        if (!grown)
            return SIM_ENOMEM;
        r->cases = grown;
        r->cap = ncap;
    }
    /* What the copies take stays with the run until it goes: a failure part
     * way leaves the run's cases as they were. */
    ldf_case_t d = *c;
    d.real = d.cpu = NULL;
    d.snap_rows = NULL;
    d.snaps = NULL;
    d.snap_rows_known = NULL;
    d.snap_seconds = NULL;
    if (c->nsnaps) {
        uint64_t *rows = keep(r, ldf_malloc(c->nsnaps * sizeof *rows));
        sim_stats_t *snaps = keep(r, ldf_malloc(c->nsnaps * sizeof *snaps));
        if (!rows || !snaps)
            return SIM_ENOMEM;
        d.snap_rows = memcpy(rows, c->snap_rows, c->nsnaps * sizeof *rows);
        d.snaps = memcpy(snaps, c->snaps, c->nsnaps * sizeof *snaps);
        if (c->snap_rows_known) {
            unsigned char *known = keep(r, ldf_malloc(c->nsnaps));
            if (!known)
                return SIM_ENOMEM;
            d.snap_rows_known = memcpy(known, c->snap_rows_known, c->nsnaps);
        }
        if (c->snap_seconds) {
            double *sec = keep(r, ldf_malloc(c->nsnaps * sizeof *sec));
            if (!sec)
                return SIM_ENOMEM;
            d.snap_seconds = memcpy(sec, c->snap_seconds, c->nsnaps * sizeof *sec);
        }
    }
    d.snap_waits = d.snap_micro = NULL;
    if (c->nsnaps && c->nevents) {
        size_t n = (size_t)c->nsnaps * c->nevents;
        uint64_t *w = keep(r, ldf_malloc(n * sizeof *w)), *m = keep(r, ldf_malloc(n * sizeof *m));
        if (!w || !m)
            return SIM_ENOMEM;
        d.snap_waits = memcpy(w, c->snap_waits, n * sizeof *w);
        d.snap_micro = memcpy(m, c->snap_micro, n * sizeof *m);
    } else {
        d.nevents = 0;
    }
    if (!keep_str(r, c->params, &d.params) || !keep_str(r, c->variant, &d.variant) ||
        !keep_str(r, c->statement, &d.statement))
        return SIM_ENOMEM;
    if (c->nsamples && (!(d.real = keep_samples(r, c->real, c->nsamples)) ||
                        !(d.cpu = keep_samples(r, c->cpu, c->nsamples))))
        return SIM_ENOMEM;
    r->cases[r->n++] = d;
    return SIM_OK;
}

const ldf_run_info_t *ldf_run_info(const ldf_run_t *r)
{
    assert(r != NULL);
    return &r->info;
}

size_t ldf_run_ncases(const ldf_run_t *r)
{
    assert(r != NULL);
    return r->n;
}

const ldf_case_t *ldf_run_case(const ldf_run_t *r, size_t i)
{
    assert(r != NULL);
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
    char **grown = ldf_realloc(r->unmodelled, (r->nunmodelled + 1) * sizeof *grown);
    if (!grown)
        return SIM_ENOMEM;
    r->unmodelled = grown;
    char *name = ldf_strdup(v->name);
    if (!name)
        return SIM_ENOMEM;
    memmove(r->unmodelled + at + 1, r->unmodelled + at,
            (r->nunmodelled - at) * sizeof *r->unmodelled);
    r->unmodelled[at] = name;
    r->nunmodelled++;
    return SIM_OK;
}

const char *const *ldf_run_unmodelled(const ldf_run_t *r, size_t *n)
{
    assert(r != NULL);
    assert(n != NULL);
    *n = r->nunmodelled;
    return (const char *const *)r->unmodelled;
}

sim_err_t ldf_run_mark_reference(ldf_run_t *base, ldf_run_t *head, const ldf_run_t *ref, char *err,
                                 size_t errlen)
{
    assert(base != NULL && head != NULL && ref != NULL);
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

sim_err_t ldf_runs_same_script(const ldf_run_t *base, const ldf_run_t *head, char *err,
                               size_t errlen)
{
    assert(base != NULL && head != NULL);
    const ldf_run_info_t *b = &base->info, *h = &head->info;
    if (!b->script_digest && !h->script_digest)
        return SIM_OK;
    if (b->script_digest && h->script_digest) {
        if (strcmp(b->script_digest, h->script_digest) == 0)
            return SIM_OK;
        snprintf(err, errlen,
                 "base run %" PRId64 " ran %s (digest %s), head run %" PRId64
                 " ran %s (digest %s): steps of different scripts do not compare",
                 b->run, b->script_file ? b->script_file : "a script", b->script_digest, h->run,
                 h->script_file ? h->script_file : "a script", h->script_digest);
        return SIM_EINVAL;
    }
    const ldf_run_info_t *s = b->script_digest ? b : h;
    snprintf(err, errlen,
             "%s run %" PRId64 " ran the script %s, %s run %" PRId64
             " did not: a script's steps compare with another run of the same script",
             s == b ? "base" : "head", s->run, s->script_file ? s->script_file : "?",
             s == b ? "head" : "base", s == b ? h->run : b->run);
    return SIM_EINVAL;
}

/* The store's position of a workload as a rank: -1 (not in its table)
 * after every other. */
static uint32_t rank_of_position(int64_t position)
{
    return position < 0 || position >= (int64_t)LDF_RANK_UNKNOWN ? LDF_RANK_UNKNOWN
                                                                 : (uint32_t)position;
}

/* A session's snapshots, in arrays grown as they come; unknown rows and
 * seconds noted (any_unknown, any_seconds) so that a lobbench run's case
 * keeps NULL for both. */
typedef struct {
    uint32_t n, cap;
    uint64_t *rows;
    sim_stats_t *snaps;
    unsigned char *known;
    double *seconds;
    int any_unknown, any_seconds;
    /* The wait events of each snapshot (a run of sessions at once), by
     * name in the case: cap x LDF_MAX_EVENTS each. */
    res_store_t *store;
    int64_t sid;
    ldf_case_t *c;
    uint64_t *waits, *micro;
    uint32_t ecap; /* snapshots waits and micro have room for */
} snaps_t;

/* One wait event of snapshot s->n - 1 into its place by name (a name
 * beyond LDF_MAX_EVENTS or too long is left out). */
static sim_err_t collect_event(const res_event_t *ev, void *arg)
{
    snaps_t *s = arg;
    ldf_case_t *c = s->c;
    uint32_t e = 0;
    while (e < c->nevents && strcmp(c->events[e], ev->event) != 0)
        e++;
    if (e == c->nevents) {
        if (e == LDF_MAX_EVENTS || strlen(ev->event) >= LDF_EVENT_MAX)
            return SIM_OK;
        memcpy(c->events[e], ev->event, strlen(ev->event) + 1);
        c->nevents++;
    }
    size_t at = (size_t)(s->n - 1) * LDF_MAX_EVENTS + e;
    s->waits[at] = ev->total_waits;
    s->micro[at] = ev->time_waited_micro;
    return SIM_OK;
}

static sim_err_t collect_snap(const res_snapshot_t *snap, void *arg)
{
    snaps_t *s = arg;
    if (s->n == s->cap) {
        uint32_t cap = s->cap ? 2 * s->cap : 16;
        uint64_t *rows = ldf_realloc(s->rows, cap * sizeof *rows);
        if (!rows)
            return SIM_ENOMEM;
        s->rows = rows;
        sim_stats_t *v = ldf_realloc(s->snaps, cap * sizeof *v);
        if (!v)
            return SIM_ENOMEM;
        s->snaps = v;
        unsigned char *k = ldf_realloc(s->known, cap);
        if (!k)
            return SIM_ENOMEM;
        s->known = k;
        double *sec = ldf_realloc(s->seconds, cap * sizeof *sec);
        if (!sec)
            return SIM_ENOMEM;
        s->seconds = sec;
        s->cap = cap;
    }
    s->rows[s->n] = snap->snap_rows;
    s->known[s->n] = (unsigned char)(snap->rows_known != 0);
    s->seconds[s->n] = snap->seconds;
    s->any_unknown |= !snap->rows_known;
    s->any_seconds |= snap->seconds > 0;
    s->snaps[s->n++] = snap->stats;
    if (!s->store || !s->c->ses_count)
        return SIM_OK;
    if (s->n > s->ecap) { /* room for cap snapshots' events */
        uint64_t *w = ldf_realloc(s->waits, (size_t)s->cap * LDF_MAX_EVENTS * sizeof *w);
        if (!w)
            return SIM_ENOMEM;
        s->waits = w;
        uint64_t *m = ldf_realloc(s->micro, (size_t)s->cap * LDF_MAX_EVENTS * sizeof *m);
        if (!m)
            return SIM_ENOMEM;
        s->micro = m;
        s->ecap = s->cap;
    }
    memset(s->waits + (size_t)(s->n - 1) * LDF_MAX_EVENTS, 0, LDF_MAX_EVENTS * sizeof *s->waits);
    memset(s->micro + (size_t)(s->n - 1) * LDF_MAX_EVENTS, 0, LDF_MAX_EVENTS * sizeof *s->micro);
    return res_foreach_event(s->store, s->sid, snap->snap_id, collect_event, s);
}

/* The snapshots' events of s packed into the case: n x nevents. */
static void pack_events(snaps_t *s, ldf_case_t *c)
{
    for (uint32_t i = 0; i < s->n; i++)
        for (uint32_t e = 0; e < c->nevents; e++) {
            s->waits[(size_t)i * c->nevents + e] = s->waits[(size_t)i * LDF_MAX_EVENTS + e];
            s->micro[(size_t)i * c->nevents + e] = s->micro[(size_t)i * LDF_MAX_EVENTS + e];
        }
    c->snap_waits = s->waits;
    c->snap_micro = s->micro;
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
    c.workload_rank = rank_of_position(si->workload_position);
    memcpy(c.path, path, strlen(path) + 1);
    c.no_lob_axes = si->workload_family && strcmp(si->workload_family, "lob") != 0;
    c.lob_chars = si->lob_chars;
    c.block_size = si->block_size;
    c.rows = si->rows;
    if (si->step) {
        /* No table: the step's session row (schema 13). */
        if (si->table && (!*si->table || strlen(si->table) >= LDF_TABLE_MAX)) {
            snprintf(cl->err, cl->errlen,
                     "%s: run %" PRId64 " has a step (sid %" PRId64
                     ") whose table is not a name of 1 to %d characters",
                     cl->r->info.db, cl->r->info.run, si->sid, LDF_TABLE_MAX - 1);
            return SIM_EINVAL;
        }
        c.step = si->step;
        if (si->table)
            memcpy(c.table, si->table, strlen(si->table) + 1);
        c.statement = si->statement;
    }
    /* A table's segments (the store walks them one after the other) are
     * one case, their figures summed: a spool from Oracle prints a table's
     * segments together, and a segment's row holds its own figures alone,
     * so that the sum counts each once. */
    if (c.step && c.table[0] && cl->r->n > 0) {
        ldf_case_t *last = &cl->r->cases[cl->r->n - 1];
        if (last->step == c.step && strcmp(last->table, c.table) == 0 &&
            strcmp(last->workload, c.workload) == 0) {
            for (int k = 0; k < SIM_STAT_COUNT; k++) {
                last->stats.v[k] += si->stats.v[k];
                last->present[k] |= si->present[k];
            }
            return SIM_OK;
        }
    }
    c.params = si->params;
    c.has_seed = si->has_seed;
    c.seed = si->seed;
    c.stats = si->stats;
    memcpy(c.present, si->present, sizeof c.present);
    for (size_t p = 0; p < si->nparts; p++)
        if (strcmp(si->parts[p].name, RES_PART_RECURSIVE) == 0) {
            c.has_recursive = 1;
            c.recursive = si->parts[p].stats;
        }
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
    c.ses_count = si->ses_count;
    c.ses_sid = si->ses_sid;
    snaps_t sn = {.store = cl->r->store, .sid = si->sid, .c = &c};
    sim_err_t rc =
        cl->r->store ? res_foreach_snapshot(cl->r->store, si->sid, collect_snap, &sn) : SIM_OK;
    if (rc == SIM_OK && c.nevents)
        pack_events(&sn, &c);
    c.nsnaps = sn.n;
    c.snap_rows = sn.rows;
    c.snaps = sn.snaps;
    c.snap_rows_known = sn.any_unknown ? sn.known : NULL;
    c.snap_seconds = sn.any_seconds ? sn.seconds : NULL;
    if (rc == SIM_OK)
        rc = ldf_run_add_case(cl->r, &c);
    free(sn.rows);
    free(sn.snaps);
    free(sn.known);
    free(sn.seconds);
    free(sn.waits);
    free(sn.micro);
    return rc;
}

/* Read run r->info.run of r->store into r.  On failure err says why. */
static sim_err_t load_cases(ldf_run_t *r, char *err, size_t errlen)
{
    res_run_info_t ri;
    sim_err_t rc = res_get_run(r->store, r->info.run, &ri);
    if (rc != SIM_OK) {
        snprintf(err, errlen, "%s run: %s", r->role, res_errmsg(r->store));
        return rc == SIM_ENOMEM ? rc : SIM_EINVAL;
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
                         .script_file = ri.info.script_file,
                         .script_digest = ri.info.script_digest,
                         .import_format = ri.import_format,
                         .git_dirty = ri.info.git_dirty,
                         .started = ri.info.started};
    rc = set_info(r, &in);
    collect_t cl = {r, err, errlen};
    err[0] = '\0';
    if (rc == SIM_OK)
        rc = res_foreach_session(r->store, r->info.run, collect_case, &cl);
    if (rc == SIM_ENOMEM)
        snprintf(err, errlen, "%s run: out of memory", r->role);
    else if (rc != SIM_OK && !err[0])
        snprintf(err, errlen, "%s run: %s", r->role, res_errmsg(r->store));
    return rc == SIM_OK || rc == SIM_ENOMEM ? rc : SIM_EINVAL;
}

sim_err_t ldf_split_selector(const char *role, const char *arg, const char *default_db, char **db,
                             const char **selector, char *err, size_t errlen)
{
    assert(role != NULL && arg != NULL && default_db != NULL);
    assert(db != NULL && selector != NULL);
    const char *colon = strrchr(arg, ':');
    const char *file = default_db;
    size_t len = strlen(default_db);
    *selector = arg;
    if (colon && !strchr(colon, '/')) {
        if (colon == arg || colon[1] == '\0') {
            snprintf(err, errlen,
                     "%s '%s': expected FILE.db:SELECTOR with both parts, e.g. other.db:latest",
                     role, arg);
            return SIM_EINVAL;
        }
        file = arg;
        len = (size_t)(colon - arg);
        *selector = colon + 1;
    }
    char *d = ldf_malloc(len + 1);
    if (!d) {
        snprintf(err, errlen, "%s '%s': out of memory", role, arg);
        return SIM_ENOMEM;
    }
    memcpy(d, file, len);
    d[len] = '\0';
    *db = d;
    return SIM_OK;
}

int ldf_selector_is_latest(const char *arg)
{
    const char *colon = strrchr(arg, ':');
    const char *sel = colon && !strchr(colon, '/') ? colon + 1 : arg;
    return strncmp(sel, "latest", 6) == 0;
}

/* The distinct workloads of run like's cases, into names[0..*n) (at most
 * max; pointers into like). */
static size_t workloads_of(const ldf_run_t *like, const char **names, size_t max)
{
    size_t n = 0;
    for (size_t i = 0; i < like->n; i++) {
        size_t k = 0;
        while (k < n && strcmp(names[k], like->cases[i].workload) != 0)
            k++;
        if (k == n && n < max)
            names[n++] = like->cases[i].workload;
    }
    return n;
}

sim_err_t ldf_run_load(const char *role, const char *arg, const char *default_db, ldf_run_t **out,
                       char *err, size_t errlen)
{
    return ldf_run_load_like(role, arg, default_db, NULL, out, err, errlen);
}

sim_err_t ldf_run_load_like(const char *role, const char *arg, const char *default_db,
                            const ldf_run_t *like, ldf_run_t **out, char *err, size_t errlen)
{
    assert(role != NULL && arg != NULL && default_db != NULL && out != NULL);
    *out = NULL;
    char *db;
    const char *selector;
    sim_err_t rc = ldf_split_selector(role, arg, default_db, &db, &selector, err, errlen);
    if (rc != SIM_OK)
        return rc;
    ldf_run_info_t in = {.db = db, .selector = selector, .git_dirty = -1};
    ldf_run_t *r = ldf_run_create(role, &in);
    free(db);
    if (!r) {
        snprintf(err, errlen, "%s run '%s': out of memory", role, arg);
        return SIM_ENOMEM;
    }
    char errbuf[1024];
    rc = res_open(r->info.db, RES_OPEN_READONLY, &r->store, errbuf, sizeof errbuf);
    if (rc != SIM_OK) {
        snprintf(err, errlen, "%s run '%s': %s", role, arg, errbuf);
        ldf_run_destroy(r);
        return rc == SIM_ENOMEM ? rc : SIM_EINVAL;
    }
    const char *names[64];
    size_t nnames = like ? workloads_of(like, names, sizeof names / sizeof names[0]) : 0;
    rc = res_resolve_run_of(r->store, r->info.selector, names, nnames, &r->info.run);
    if (rc != SIM_OK) {
        snprintf(err, errlen, "%s run: %s", role, res_errmsg(r->store));
        ldf_run_destroy(r);
        return rc == SIM_ENOMEM ? rc : SIM_EINVAL;
    }
    if ((rc = load_cases(r, err, errlen)) != SIM_OK) {
        ldf_run_destroy(r);
        return rc;
    }
    *out = r;
    return SIM_OK;
}

sim_err_t ldf_run_load_reference(const ldf_run_t *h, ldf_run_t **out)
{
    assert(h != NULL && out != NULL);
    *out = NULL;
    if (!h->store)
        return SIM_OK;
    char err[1024];
    ldf_run_info_t in = {.db = h->info.db, .selector = "reference", .git_dirty = -1};
    ldf_run_t *r = ldf_run_create("reference", &in);
    if (!r)
        return SIM_ENOMEM;
    /* Borrow the head's store for the walk: the handle is only read. */
    r->store = h->store;
    sim_err_t rc = res_resolve_run(r->store, "reference", &r->info.run);
    if (rc == SIM_OK)
        rc = load_cases(r, err, sizeof err);
    r->store = NULL;
    if (rc != SIM_OK) {
        ldf_run_destroy(r);
        /* A store without a reference, or one that cannot be read, has none
         * to show; only want of memory is an error here. */
        return rc == SIM_ENOMEM ? rc : SIM_OK;
    }
    *out = r;
    return SIM_OK;
}
