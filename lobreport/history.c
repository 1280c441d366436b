/*
 * history.c -- every run of a store, read once through the store's
 * read API (res_list_runs, res_get_run, res_foreach_session) into a table of
 * cases by runs: Oracle's imported runs first, then the model's in commit
 * order (the commit's date from `git log` when the current directory's
 * repository has it, else the run's start; runs at one commit by id).
 *
 * A run may be a sweep (lobbench --param=NAME=LIST, --seeds): its sessions
 * of one case differ in parameters or seed.  What they differ in is the
 * case's variant, part of its identity, so that a sweep's points are drawn
 * apart rather than over one another.  A script run's sessions are steps,
 * not cases: they go to the run's script (scripts.c).  rpt_history_load()
 * is the entry.
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

/* Whether the current directory is inside a git work tree. */
static int in_git_tree(void)
{
    FILE *p = popen("git rev-parse --is-inside-work-tree 2>/dev/null", "r");
    if (!p)
        return 0;
    char line[16] = "";
    char *got = fgets(line, sizeof line, p);
    return pclose(p) == 0 && got && strncmp(line, "true", 4) == 0;
}

/* The commit's date and subject, if git knows the commit here.  Outside a
 * git clone (an installed copy run anywhere) no commit can be looked up:
 * the subject says so, rather than that the commit is missing from a
 * repository there is not. */
static void git_lookup(rpt_run_t *r)
{
    if (!is_hex(r->commit) || strlen(r->commit) < 7)
        return;
    if (!in_git_tree()) {
        snprintf(r->subject, sizeof r->subject,
                 "(subject unknown: lobreport was not run in a git clone of lobsim)");
        return;
    }
    char cmd[160];
    snprintf(cmd, sizeof cmd, "git show -s --format=%%ct%%x1f%%s %s -- 2>/dev/null", r->commit);
    FILE *p = popen(cmd, "r");
    if (!p)
        return;
    char line[1024] = "";
    char *got = fgets(line, sizeof line, p);
    /* The rest of a subject longer than the line: read to the end. */
    for (int c = got && !strchr(line, '\n') ? getc(p) : EOF; c != EOF; c = getc(p))
        ;
    int st = pclose(p);
    if (!got || st != 0)
        return;
    char *sep = strchr(line, '\x1f');
    if (!sep)
        return;
    *sep = '\0';
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

/* The x tick: a short commit and the run id, so that runs at one commit
 * are told apart. */
static void tick_label(rpt_run_t *r)
{
    if (r->oracle)
        snprintf(r->label, sizeof r->label, "Oracle r%" PRId64, r->run);
    else if (r->commit[0])
        snprintf(r->label, sizeof r->label, "%.7s%s r%" PRId64, r->commit, r->dirty == 1 ? "+" : "",
                 r->run);
    else
        snprintf(r->label, sizeof r->label, "r%" PRId64, r->run);
}

static char *dup_or_null(const char *s)
{
    return s ? strdup(s) : NULL;
}

/* Run ids[i] into h->runs; SIM_ENOMEM, the store's error, or SIM_ECORRUPT
 * with why in `why` (verify.c). */
static sim_err_t load_run(res_store_t *s, rpt_history_t *h, int64_t id, char *why, size_t len)
{
    res_run_info_t ri;
    sim_err_t e = res_get_run(s, id, &ri);
    if (e != SIM_OK)
        return e;
    if ((e = rpt_verify_run(&ri, why, len)) != SIM_OK)
        return e;
    rpt_run_t *r = &h->runs[h->nruns++];
    r->run = ri.run;
    r->oracle = ri.source && strcmp(ri.source, "oracle") == 0;
    r->completed = ri.info.completed;
    r->dirty = ri.info.git_dirty;
    r->when = ri.info.started;
    r->script = -1;
    snprintf(r->commit, sizeof r->commit, "%s", ri.info.git_commit ? ri.info.git_commit : "");
    snprintf(r->script_digest, sizeof r->script_digest, "%s",
             ri.info.script_digest ? ri.info.script_digest : "");
    r->script_file = dup_or_null(ri.info.script_file);
    if (ri.info.script_file && !r->script_file)
        return SIM_ENOMEM;
    if (r->oracle) {
        h->has_oracle = 1;
        r->name = dup_or_null(ri.label);
        r->file = dup_or_null(ri.reference_file);
        r->format = dup_or_null(ri.import_format);
        if ((ri.label && !r->name) || (ri.reference_file && !r->file) ||
            (ri.import_format && !r->format))
            return SIM_ENOMEM;
    } else {
        r->params = dup_or_null(ri.info.params);
        if (ri.info.params && !r->params)
            return SIM_ENOMEM;
        git_lookup(r);
    }
    tick_label(r);
    return SIM_OK;
}

/* ---- a run's sessions, before they become cases ------------------------------- */

/* A session as read: its case, its figures, what it ran with. */
typedef struct {
    res_session_info_t key; /* strings below, not the walk's */
    char workload[RES_NAME_MAX + 1], path[RES_NAME_MAX + 1];
    char family[RES_NAME_MAX + 1], title[96];
    char *params;
    double values[SIM_STAT_COUNT];
    double t_mean, t_lo, t_hi;
} pending_t;

typedef struct {
    pending_t *p;
    size_t n, cap;
    rpt_step_t *st; /* a script run's steps */
    size_t nst, capst;
    char *st_params; /* the parameters of its first step, NULL if not recorded */
    int nomem;
    char *why; /* a session verify.c refused: why */
    size_t whylen;
} walk_t;

/* A script's step: its figures, its statement and table. */
static sim_err_t take_step(const res_session_info_t *s, walk_t *w)
{
    if (w->nst == w->capst) {
        size_t cap = w->capst ? 2 * w->capst : 16;
        rpt_step_t *ns = realloc(w->st, cap * sizeof *ns);
        if (!ns) {
            w->nomem = 1;
            return SIM_ENOMEM;
        }
        w->st = ns;
        w->capst = cap;
    }
    rpt_step_t *st = &w->st[w->nst];
    st->step = s->step;
    st->statement = strdup(s->statement ? s->statement : "");
    st->table = strdup(s->segment ? s->segment : s->table);
    if (!w->nst && s->params && !w->st_params)
        w->st_params = strdup(s->params);
    if (!st->statement || !st->table || (!w->nst && s->params && !w->st_params)) {
        free(st->statement);
        free(st->table);
        w->nomem = 1;
        return SIM_ENOMEM;
    }
    w->nst++;
    for (int k = 0; k < SIM_STAT_COUNT; k++)
        st->values[k] = s->present[k] ? (double)s->stats.v[k] : NAN;
    return SIM_OK;
}

static sim_err_t take_session(const res_session_info_t *s, void *arg)
{
    walk_t *w = arg;
    sim_err_t ve = rpt_verify_session(s, w->why, w->whylen);
    if (ve != SIM_OK) {
        w->nomem = ve == SIM_ENOMEM;
        return ve;
    }
    /* A step's LOB segments are what the section shows: its session row
     * (no table) and its table segment's have no LOB figures.  A row
     * stored before schema 13 is its table's segments together. */
    if (s->step)
        return s->table && (!s->segment || strcmp(s->segment, s->table) != 0) ? take_step(s, w)
                                                                              : SIM_OK;
    /* Sessions at once: each count's system (their sum) is the count's
     * case, as lobdiff and sqlite3 show each session (results/README.md). */
    if (s->ses_count && s->ses_sid)
        return SIM_OK;
    if (w->n == w->cap) {
        size_t cap = w->cap ? 2 * w->cap : 16;
        pending_t *np = realloc(w->p, cap * sizeof *np);
        if (!np) {
            w->nomem = 1;
            return SIM_ENOMEM;
        }
        w->p = np;
        w->cap = cap;
    }
    pending_t *p = &w->p[w->n];
    memset(p, 0, sizeof *p);
    p->key = *s;
    snprintf(p->workload, sizeof p->workload, "%s", s->workload);
    if (s->ses_count)
        snprintf(p->path, sizeof p->path, "%u at once", (unsigned)s->ses_count);
    else
        snprintf(p->path, sizeof p->path, "%s", s->path);
    snprintf(p->family, sizeof p->family, "%s", s->workload_family ? s->workload_family : "");
    snprintf(p->title, sizeof p->title, "%s", s->workload_title ? s->workload_title : "");
    if (s->params && !(p->params = strdup(s->params))) {
        w->nomem = 1;
        return SIM_ENOMEM;
    }
    w->n++;
    for (int k = 0; k < SIM_STAT_COUNT; k++)
        p->values[k] = s->present[k] ? (double)s->stats.v[k] : NAN;
    p->t_mean = p->t_lo = p->t_hi = NAN;
    if (s->timed) {
        /* Per statement, in microseconds; the spread is the repetitions'. */
        p->t_mean = s->timing.real_time_ns / 1e3;
        for (uint32_t i = 0; i < s->timing.nsamples; i++) {
            double v = s->timing.real_samples_ns[i] / 1e3;
            p->t_lo = i ? fmin(p->t_lo, v) : v;
            p->t_hi = i ? fmax(p->t_hi, v) : v;
        }
    }
    return SIM_OK;
}

static void walk_clear(walk_t *w)
{
    for (size_t i = 0; i < w->n; i++)
        free(w->p[i].params);
    for (size_t i = 0; i < w->nst; i++) {
        free(w->st[i].statement);
        free(w->st[i].table);
    }
    free(w->st_params);
    w->st_params = NULL;
    w->n = w->nst = 0;
}

/* ---- what a sweep's sessions differ in ----------------------------------------- */

#define MAX_SWEPT 8

typedef struct {
    char names[MAX_SWEPT][64]; /* parameters whose values differ among the sessions */
    size_t n;
    int seeds; /* the seeds differ */
} swept_t;

static void add_swept(swept_t *sw, const char *name)
{
    for (size_t i = 0; i < sw->n; i++)
        if (strcmp(sw->names[i], name) == 0)
            return;
    if (sw->n < MAX_SWEPT)
        snprintf(sw->names[sw->n++], sizeof sw->names[0], "%s", name);
}

/* The names whose values differ between a (indexed as xa) and b into sw:
 * b's names found in xa by bisection, a's in b's index. */
static void differing(swept_t *sw, const char *a, const rpt_params_t *xa, const char *b)
{
    rpt_params_t xb;
    rpt_params_index(&xb, b);
    for (int pass = 0; pass < 2; pass++) {
        rpt_param_iter_t it = {.p = pass ? b : a};
        while (rpt_param_next(&it)) {
            char v[64];
            if (!rpt_params_value(pass ? xa : &xb, it.name, v, sizeof v) ||
                strcmp(v, it.value) != 0)
                add_swept(sw, it.name);
        }
    }
    rpt_params_free(&xb);
}

/* What the run's sessions differ in: every session against the first (if
 * all equal the first, all are equal). */
static void find_swept(const walk_t *w, swept_t *sw)
{
    memset(sw, 0, sizeof *sw);
    if (!w->n)
        return;
    const pending_t *p0 = &w->p[0];
    rpt_params_t x0;
    rpt_params_index(&x0, p0->params);
    for (size_t i = 1; i < w->n; i++) {
        const pending_t *p = &w->p[i];
        if (p->key.has_seed != p0->key.has_seed || p->key.seed != p0->key.seed)
            sw->seeds = 1;
        if (p->params && p0->params && strcmp(p->params, p0->params) != 0)
            differing(sw, p0->params, &x0, p->params);
    }
    rpt_params_free(&x0);
}

/* Session p's value of name (its seed when name is NULL) into v. */
static void value_of(const pending_t *p, const char *name, char *v, size_t len)
{
    if (!name)
        snprintf(v, len, "%" PRIu64, p->key.seed);
    else if (!p->params || !rpt_param_value(p->params, name, v, len))
        snprintf(v, len, "(none)");
}

/* "name=value seed=N" of session p for the names of sw. */
static void variant_of(const pending_t *p, const swept_t *sw, char *out, size_t len)
{
    size_t n = 0;
    out[0] = '\0';
    for (size_t i = 0; i < sw->n && n < len; i++) {
        char v[64];
        value_of(p, sw->names[i], v, sizeof v);
        n += (size_t)snprintf(out + n, len - n, "%s%s=%s", n ? " " : "", sw->names[i], v);
    }
    if (sw->seeds && n < len)
        snprintf(out + n, len - n, "%sseed=%" PRIu64, n ? " " : "", p->key.seed);
}

/* The distinct values the sessions take for name (seeds when name is
 * NULL), in the order the run ran them, joined by ", ". */
static void values_of(const walk_t *w, const char *name, char *out, size_t len)
{
    char seen[32][64];
    size_t nseen = 0, n = 0;
    out[0] = '\0';
    for (size_t i = 0; i < w->n && n < len; i++) {
        char v[64];
        value_of(&w->p[i], name, v, sizeof v);
        size_t j = 0;
        while (j < nseen && strcmp(seen[j], v) != 0)
            j++;
        if (j < nseen)
            continue;
        if (nseen < sizeof seen / sizeof seen[0])
            memcpy(seen[nseen++], v, sizeof v);
        n += (size_t)snprintf(out + n, len - n, "%s%s", n ? ", " : "", v);
    }
}

/* The run's sweep in words: "dsp.chunk_divisor 128, 256; seed 1, 2". */
static char *sweep_words(const walk_t *w, const swept_t *sw)
{
    char buf[1024], vals[512];
    size_t n = 0;
    buf[0] = '\0';
    for (size_t k = 0; k < sw->n + (size_t)sw->seeds && n < sizeof buf; k++) {
        values_of(w, k < sw->n ? sw->names[k] : NULL, vals, sizeof vals);
        n += (size_t)snprintf(buf + n, sizeof buf - n, "%s%s %s", k ? "; " : "",
                              k < sw->n ? sw->names[k] : "seed", vals);
    }
    return strdup(buf);
}

/* ---- cases ------------------------------------------------------------------------ */

/*
 * The loader's lookups by hash, so that reading n sessions costs O(n)
 * whatever the store holds: the distinct parameter texts (h->params) and
 * the cases (h->cases).  A slot holds an index + 1, 0 when empty; each
 * table is kept at most half full.
 */
typedef struct {
    size_t *slots;
    size_t cap;
} lookup_t;

typedef struct {
    lookup_t params, cases;
    size_t params_cap, cases_cap; /* the room of h->params and h->cases */
} index_t;

/* FNV-1a 64, continued from h over n bytes. */
static uint64_t fnv(uint64_t h, const void *p, size_t n)
{
    const unsigned char *b = p;
    for (size_t i = 0; i < n; i++)
        h = (h ^ b[i]) * 0x100000001b3ULL;
    return h;
}
#define FNV_BASIS 0xcbf29ce484222325ULL

static uint64_t params_hash(const char *text)
{
    return fnv(FNV_BASIS, text, strlen(text));
}

static uint64_t case_hash(const char *workload, const char *path, uint64_t lob_chars,
                          uint64_t block_size, uint64_t rows, const char *variant)
{
    uint64_t h = fnv(FNV_BASIS, workload, strlen(workload) + 1);
    h = fnv(h, path, strlen(path) + 1);
    h = fnv(h, &lob_chars, sizeof lob_chars);
    h = fnv(h, &block_size, sizeof block_size);
    h = fnv(h, &rows, sizeof rows);
    return fnv(h, variant, strlen(variant) + 1);
}

static int same_case(const rpt_case_t *c, const pending_t *p, const char *variant)
{
    return strcmp(c->workload, p->workload) == 0 && strcmp(c->path, p->path) == 0 &&
           c->lob_chars == p->key.lob_chars && c->block_size == p->key.block_size &&
           c->rows == p->key.rows && strcmp(c->variant, variant) == 0;
}

/* The slot of parameter text `text` (or the empty one where it goes). */
static size_t *params_slot(const rpt_history_t *h, const lookup_t *t, const char *text)
{
    for (size_t k = params_hash(text) & (t->cap - 1);; k = (k + 1) & (t->cap - 1))
        if (!t->slots[k] || strcmp(h->params[t->slots[k] - 1], text) == 0)
            return &t->slots[k];
}

static size_t *case_slot(const rpt_history_t *h, const lookup_t *t, const pending_t *p,
                         const char *variant)
{
    uint64_t hash =
        case_hash(p->workload, p->path, p->key.lob_chars, p->key.block_size, p->key.rows, variant);
    for (size_t k = hash & (t->cap - 1);; k = (k + 1) & (t->cap - 1))
        if (!t->slots[k] || same_case(&h->cases[t->slots[k] - 1], p, variant))
            return &t->slots[k];
}

/* Room in t for one entry more beyond n: doubled and refilled by hash(i)
 * when half full.  0, or -1 out of memory. */
static int lookup_grow(lookup_t *t, size_t n, const rpt_history_t *h, int cases)
{
    if (2 * (n + 1) <= t->cap)
        return 0;
    size_t cap = t->cap ? 2 * t->cap : 64;
    size_t *slots = calloc(cap, sizeof *slots);
    if (!slots)
        return -1;
    free(t->slots);
    *t = (lookup_t){slots, cap};
    for (size_t i = 0; i < n; i++) {
        const rpt_case_t *c = cases ? &h->cases[i] : NULL;
        uint64_t hash =
            c ? case_hash(c->workload, c->path, c->lob_chars, c->block_size, c->rows, c->variant)
              : params_hash(h->params[i]);
        size_t k = hash & (cap - 1);
        while (slots[k])
            k = (k + 1) & (cap - 1);
        slots[k] = i + 1;
    }
    return 0;
}

static int32_t intern_params(rpt_history_t *h, index_t *x, const char *text, int *nomem)
{
    if (!text)
        return -1;
    if (lookup_grow(&x->params, h->nparams, h, 0) != 0) {
        *nomem = 1;
        return -1;
    }
    size_t *slot = params_slot(h, &x->params, text);
    if (*slot)
        return (int32_t)(*slot - 1);
    if (h->nparams == x->params_cap) {
        size_t cap = x->params_cap ? 2 * x->params_cap : 16;
        char **np = realloc(h->params, cap * sizeof *np);
        if (!np) {
            *nomem = 1;
            return -1;
        }
        h->params = np;
        x->params_cap = cap;
    }
    char *copy = strdup(text);
    if (!copy) {
        *nomem = 1;
        return -1;
    }
    h->params[h->nparams] = copy;
    *slot = h->nparams + 1;
    return (int32_t)h->nparams++;
}

static rpt_case_t *case_of(rpt_history_t *h, index_t *x, const pending_t *p, const char *variant)
{
    if (lookup_grow(&x->cases, h->ncases, h, 1) != 0)
        return NULL;
    size_t *slot = case_slot(h, &x->cases, p, variant);
    if (*slot)
        return &h->cases[*slot - 1];
    if (h->ncases == x->cases_cap) {
        size_t cap = x->cases_cap ? 2 * x->cases_cap : 16;
        rpt_case_t *nc = realloc(h->cases, cap * sizeof *nc);
        if (!nc)
            return NULL;
        h->cases = nc;
        x->cases_cap = cap;
    }
    rpt_case_t *c = &h->cases[h->ncases];
    memset(c, 0, sizeof *c);
    snprintf(c->workload, sizeof c->workload, "%s", p->workload);
    c->workload_position = p->key.workload_position;
    snprintf(c->family, sizeof c->family, "%s", p->family);
    snprintf(c->title, sizeof c->title, "%s", p->title);
    snprintf(c->path, sizeof c->path, "%s", p->path);
    snprintf(c->variant, sizeof c->variant, "%s", variant);
    c->lob_chars = p->key.lob_chars;
    c->block_size = p->key.block_size;
    c->rows = p->key.rows;
    size_t nr = h->nruns;
    c->values = malloc(nr * SIM_STAT_COUNT * sizeof *c->values);
    c->t_mean = malloc(nr * sizeof *c->t_mean);
    c->t_lo = malloc(nr * sizeof *c->t_lo);
    c->t_hi = malloc(nr * sizeof *c->t_hi);
    c->params = malloc(nr * sizeof *c->params);
    c->ran = calloc(nr, sizeof *c->ran);
    if (!c->values || !c->t_mean || !c->t_lo || !c->t_hi || !c->params || !c->ran) {
        free(c->values);
        free(c->t_mean);
        free(c->t_lo);
        free(c->t_hi);
        free(c->params);
        free(c->ran);
        return NULL;
    }
    for (size_t i = 0; i < nr * SIM_STAT_COUNT; i++)
        c->values[i] = NAN;
    for (size_t i = 0; i < nr; i++) {
        c->t_mean[i] = c->t_lo[i] = c->t_hi[i] = NAN;
        c->params[i] = -1;
    }
    *slot = ++h->ncases;
    return c;
}

/* Run x's sessions, read into w, as cases, and its steps into its script;
 * SIM_ENOMEM. */
static sim_err_t take_run(rpt_history_t *h, index_t *ix, size_t x, walk_t *w)
{
    swept_t sw;
    find_swept(w, &sw);
    if (!h->runs[x].oracle && (sw.n || sw.seeds) && !(h->runs[x].sweep = sweep_words(w, &sw)))
        return SIM_ENOMEM;
    for (size_t i = 0; i < w->n; i++) {
        const pending_t *p = &w->p[i];
        char variant[RPT_VARIANT_MAX];
        variant_of(p, &sw, variant, sizeof variant);
        rpt_case_t *c = case_of(h, ix, p, variant);
        int nomem = 0;
        int32_t pi = c ? intern_params(h, ix, p->params, &nomem) : -1;
        if (!c || nomem)
            return SIM_ENOMEM;
        memcpy(&c->values[x * SIM_STAT_COUNT], p->values, sizeof p->values);
        c->t_mean[x] = p->t_mean;
        c->t_lo[x] = p->t_lo;
        c->t_hi[x] = p->t_hi;
        c->params[x] = pi;
        c->ran[x] = 1;
    }
    if (!w->nst)
        return SIM_OK;
    int nomem = 0;
    int32_t pi = intern_params(h, ix, w->st_params, &nomem);
    if (nomem)
        return SIM_ENOMEM;
    const rpt_run_t *r = &h->runs[x];
    sim_err_t e = rpt_script_add_run(h, x, r->script_file ? r->script_file : "", r->script_digest,
                                     w->st, w->nst, pi);
    w->nst = 0; /* the script has the steps' strings, or freed them */
    return e;
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
    if (x->lob_chars != y->lob_chars)
        return x->lob_chars < y->lob_chars ? -1 : 1;
    return strcmp(x->variant, y->variant);
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
    char why[512] = "";
    for (size_t i = 0; e == SIM_OK && i < n; i++)
        e = load_run(s, h, ids[i], why, sizeof why);
    if (e == SIM_OK && h->nruns)
        qsort(h->runs, h->nruns, sizeof *h->runs, by_order);
    walk_t w = {NULL, 0, 0, NULL, 0, 0, NULL, 0, why, sizeof why};
    index_t ix = {{NULL, 0}, {NULL, 0}, 0, 0};
    for (size_t x = 0; e == SIM_OK && x < h->nruns; x++) {
        e = res_foreach_session(s, h->runs[x].run, take_session, &w);
        if (e == SIM_OK)
            e = take_run(h, &ix, x, &w);
        walk_clear(&w);
    }
    free(ix.params.slots);
    free(ix.cases.slots);
    free(w.p);
    free(w.st);
    if (e == SIM_OK && h->ncases)
        qsort(h->cases, h->ncases, sizeof *h->cases, by_case);
    if (e == SIM_OK)
        rpt_scripts_done(h);
    if (e != SIM_OK) {
        if (e == SIM_ENOMEM || w.nomem)
            snprintf(err, errlen, "out of memory reading %s", db);
        else if (why[0])
            snprintf(err, errlen, "%s: %s", db, why);
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
        free(h->cases[i].params);
        free(h->cases[i].ran);
    }
    for (size_t i = 0; i < h->nruns; i++) {
        free(h->runs[i].name);
        free(h->runs[i].file);
        free(h->runs[i].format);
        free(h->runs[i].params);
        free(h->runs[i].sweep);
        free(h->runs[i].script_file);
    }
    rpt_scripts_free(h);
    for (size_t i = 0; i < h->nparams; i++)
        free(h->params[i]);
    free(h->params);
    free(h->cases);
    free(h->runs);
    free(h);
}
