/*
 * awr_figs.c -- the figures of one snapshot range: a name -> value table
 * that sums what several instances' reports give (counts and times) and
 * checks what they must give alike (the window, the block size).  Hashed,
 * so that a report of thousands of statistics costs one probe a figure,
 * never a scan of the figures so far.
 */
#include "awr_int.h"

#include <stdio.h>
#include <string.h>

typedef struct {
    char *name;
    int64_t value;
    int line;
} fig_t;

struct imp_awr_figs {
    fig_t *v;
    size_t n, cap;
    uint32_t *slot; /* index + 1 into v; 0 = empty; nslots a power of two */
    size_t nslots;
};

static uint32_t hash(const char *s)
{
    uint32_t h = 2166136261u; /* FNV-1a */
    for (; *s; s++)
        h = (h ^ (unsigned char)*s) * 16777619u;
    return h;
}

imp_awr_figs_t *imp_awr_figs_new(void)
{
    imp_awr_figs_t *f = sim_calloc(1, sizeof *f);
    if (!f)
        return NULL;
    f->nslots = 256;
    f->slot = sim_calloc(f->nslots, sizeof *f->slot);
    if (!f->slot) {
        sim_free(f);
        return NULL;
    }
    return f;
}

void imp_awr_figs_free(imp_awr_figs_t *f)
{
    if (!f)
        return;
    for (size_t i = 0; i < f->n; i++)
        sim_free(f->v[i].name);
    sim_free(f->v);
    sim_free(f->slot);
    sim_free(f);
}

/* The slot that holds name, or the empty one where it would go. */
static uint32_t *find(const imp_awr_figs_t *f, const char *name)
{
    size_t mask = f->nslots - 1;
    for (size_t i = hash(name) & mask;; i = (i + 1) & mask)
        if (f->slot[i] == 0 || strcmp(f->v[f->slot[i] - 1].name, name) == 0)
            return &f->slot[i];
}

static sim_err_t grow(imp_awr_figs_t *f)
{
    size_t n = f->nslots * 2;
    uint32_t *s = sim_calloc(n, sizeof *s);
    if (!s)
        return SIM_ENOMEM;
    sim_free(f->slot);
    f->slot = s;
    f->nslots = n;
    for (size_t i = 0; i < f->n; i++)
        *find(f, f->v[i].name) = (uint32_t)(i + 1);
    return SIM_OK;
}

/* The figure of that name, made (value 0) when new; NULL: out of memory. */
static fig_t *get(imp_awr_figs_t *f, const char *name, int line, int *made)
{
    uint32_t *s = find(f, name);
    *made = *s == 0;
    if (*s)
        return &f->v[*s - 1];
    if ((f->n + 1) * 2 > f->nslots) {
        if (grow(f) != SIM_OK)
            return NULL;
        s = find(f, name);
    }
    if (f->n == f->cap) {
        size_t cap = f->cap ? f->cap * 2 : 64;
        fig_t *v = sim_realloc(f->v, cap * sizeof *v);
        if (!v)
            return NULL;
        f->v = v;
        f->cap = cap;
    }
    size_t len = strlen(name);
    char *copy = sim_malloc(len + 1);
    if (!copy)
        return NULL;
    memcpy(copy, name, len + 1);
    f->v[f->n] = (fig_t){copy, 0, line};
    *s = (uint32_t)++f->n;
    return &f->v[f->n - 1];
}

sim_err_t imp_awr_figs_add(imp_awr_figs_t *f, const char *name, int64_t value, int line)
{
    int made;
    fig_t *g = get(f, name, line, &made);
    if (!g)
        return SIM_ENOMEM;
    g->value = value > INT64_MAX - g->value ? INT64_MAX : g->value + value;
    return SIM_OK;
}

int imp_awr_figs_same(imp_awr_figs_t *f, const char *name, int64_t value, int line, int64_t *other,
                      int *other_line)
{
    int made;
    fig_t *g = get(f, name, line, &made);
    if (!g)
        return SIM_ENOMEM;
    if (made) {
        g->value = value;
        return 0;
    }
    if (g->value == value)
        return 0;
    *other = g->value;
    *other_line = g->line;
    return 1;
}

size_t imp_awr_figs_count(const imp_awr_figs_t *f)
{
    return f->n;
}

const char *imp_awr_figs_at(const imp_awr_figs_t *f, size_t i, int64_t *value, int *line)
{
    *value = f->v[i].value;
    *line = f->v[i].line;
    return f->v[i].name;
}

int imp_awr_figs_get(const imp_awr_figs_t *f, const char *name, int64_t *value, int *line)
{
    const uint32_t *s = find(f, name);
    if (*s == 0)
        return -1;
    *value = f->v[*s - 1].value;
    *line = f->v[*s - 1].line;
    return 0;
}

sim_err_t imp_awr_figs_emit(imp_awr_figs_t *f, imp_build_t *b, const char *run)
{
    size_t i;
    sim_err_t rc = imp_add_set(b, &i);
    if (rc != SIM_OK)
        return rc;
    imp_set_t *s = &b->out->sets[i];
    snprintf(s->run, sizeof s->run, "%s", run);
    s->stats = sim_calloc(f->n ? f->n : 1, sizeof *s->stats);
    if (!s->stats) {
        if (b->errlen > 0)
            snprintf(b->err, b->errlen, "%s: out of memory", b->file);
        return SIM_ENOMEM;
    }
    /* The names move to the set: nothing is copied twice. */
    for (size_t k = 0; k < f->n; k++) {
        s->stats[k] =
            (imp_stat_t){.name = f->v[k].name, .value = f->v[k].value, .line = f->v[k].line};
        f->v[k].name = NULL;
    }
    s->n = f->n;
    f->n = 0;
    return SIM_OK;
}
