/*
 * grow.c -- a B-tree index that DML grows one entry at a time: a primary
 * key numbered by a sequence or `level`, a LOB index keyed by LOB id or by
 * the time a chunk was freed.  Keys only rise, so every insert goes to its
 * section's rightmost leaf; entries of one size each (the caller's, and
 * a 2-byte slot each).
 *
 * What Oracle does, and the model with it (Richard Foote, "Index block
 * splits" and "90-10 splits", richardfoote.wordpress.com, 2007-2008):
 * - an insert of the highest key into a full rightmost leaf splits it
 *   90-10: the old leaf stays full, the new one takes the new entry
 *   (hs_grow_insert());
 * - a deleted entry's space serves only keys that sort into its leaf; keys
 *   that only rise never come back, so a leaf keeps it until its last
 *   entry goes; an emptied leaf leaves the tree and goes on the segment's
 *   free list, the next split takes it before a new block is formatted
 *   (hs_grow_delete(), hs_grow_delete_oldest());
 * - the first leaf is the root; when it splits, the root becomes a branch
 *   over two new leaves, and each branch level is packed full over the
 *   level below.
 * Below the high-water mark are the leaves ever formatted and the most
 * branch blocks the tree ever had: blocks once formatted stay the
 * segment's.  Not modelled: a key inserted below a section's highest (its
 * 50-50 split), the free list's wait for the deleting transaction's
 * commit, branch blocks emptied by coalescing.
 */
#include <string.h>

#include "heapspace_int.h"

typedef struct {
    uint32_t *live; /* live entries of each leaf of the section, in key order */
    uint64_t cap;
    uint64_t pos;  /* entries ever inserted: the next one's position */
    uint64_t head; /* the oldest position not deleted by hs_grow_delete_oldest() */
} section_t;

struct hs_grow {
    uint32_t per_leaf, per_branch;
    uint32_t nsec;
    section_t *sec;
    uint64_t entries;     /* live */
    uint64_t leaves;      /* in the tree */
    uint64_t free_leaves; /* emptied, on the free list */
    uint64_t formatted;   /* leaf blocks ever formatted */
    uint64_t branch_hwm;  /* the most branch blocks the tree had */
    int root_free;        /* the empty index's root leaf, no section's yet */
};

static uint64_t branch_blocks(uint64_t leaves, uint32_t per_branch)
{
    uint64_t b = 0;
    for (uint64_t n = leaves; n > 1;) {
        n = (n + per_branch - 1) / per_branch;
        b += n;
    }
    return b;
}

sim_err_t hs_grow_create(const hs_params_t *p, uint32_t bs, uint32_t entry, uint32_t sep,
                         uint32_t sections, hs_grow_t **out)
{
    *out = NULL;
    uint32_t leaf = hs_leaf_space(p, bs), branch = hs_branch_space(p, bs);
    if (entry == 0 || sep == 0 || sections == 0 || entry + HS_SLOT > leaf ||
        2 * (sep + HS_SLOT) > branch)
        return SIM_EINVAL;
    hs_grow_t *g = sim_calloc(1, sizeof *g);
    if (g == NULL)
        return SIM_ENOMEM;
    g->sec = sim_calloc(sections, sizeof *g->sec);
    if (g->sec == NULL) {
        sim_free(g);
        return SIM_ENOMEM;
    }
    g->per_leaf = leaf / (entry + HS_SLOT);
    g->per_branch = branch / (sep + HS_SLOT);
    g->nsec = sections;
    /* the empty index: its root, a leaf with no entry */
    g->leaves = 1;
    g->formatted = 1;
    g->root_free = 1;
    *out = g;
    return SIM_OK;
}

void hs_grow_destroy(hs_grow_t *g)
{
    if (g == NULL)
        return;
    for (uint32_t s = 0; s < g->nsec; s++)
        sim_free(g->sec[s].live);
    sim_free(g->sec);
    sim_free(g);
}

/* A leaf for the tree: a free one, else a new block. */
static void take_leaf(hs_grow_t *g)
{
    if (g->free_leaves > 0)
        g->free_leaves--;
    else
        g->formatted++;
    g->leaves++;
    uint64_t b = branch_blocks(g->leaves, g->per_branch);
    if (b > g->branch_hwm)
        g->branch_hwm = b;
}

sim_err_t hs_grow_insert(hs_grow_t *g, uint32_t section, uint64_t n, uint64_t *first)
{
    section_t *s = &g->sec[section];
    uint64_t last = s->pos + n; /* one past */
    uint64_t need = (last + g->per_leaf - 1) / g->per_leaf;
    if (need > s->cap) {
        uint64_t cap = s->cap ? s->cap : 16;
        while (cap < need)
            cap *= 2;
        uint32_t *v = sim_realloc(s->live, cap * sizeof *v);
        if (v == NULL)
            return SIM_ENOMEM;
        memset(v + s->cap, 0, (cap - s->cap) * sizeof *v);
        s->live = v, s->cap = cap;
    }
    if (first)
        *first = s->pos;
    for (uint64_t q = s->pos; q < last; q++) {
        uint64_t leaf = q / g->per_leaf;
        /* the empty root is the first section's first leaf; every other
         * first entry of a leaf is a split or a section's own first leaf */
        if (q % g->per_leaf == 0) {
            if (g->root_free)
                g->root_free = 0;
            else
                take_leaf(g);
        }
        s->live[leaf]++;
        g->entries++;
    }
    s->pos = last;
    return SIM_OK;
}

/* The entry at position q of section s goes; its leaf leaves the tree when
 * it was the last and the leaf is not the section's rightmost. */
static void delete_one(hs_grow_t *g, section_t *s, uint64_t q)
{
    uint64_t leaf = q / g->per_leaf;
    if (s->live[leaf] == 0)
        return;
    s->live[leaf]--;
    g->entries--;
    int rightmost = leaf == (s->pos - 1) / g->per_leaf;
    if (s->live[leaf] == 0 && !rightmost && g->leaves > 1) {
        g->leaves--;
        g->free_leaves++;
    }
}

void hs_grow_delete(hs_grow_t *g, uint32_t section, uint64_t first, uint64_t n)
{
    section_t *s = &g->sec[section];
    for (uint64_t q = first; q < first + n && q < s->pos; q++)
        delete_one(g, s, q);
}

uint64_t hs_grow_delete_oldest(hs_grow_t *g, uint32_t section, uint64_t n)
{
    section_t *s = &g->sec[section];
    uint64_t done = 0;
    while (done < n && s->head < s->pos) {
        if (s->live[s->head / g->per_leaf] > 0) {
            delete_one(g, s, s->head);
            done++;
        }
        s->head++;
    }
    return done;
}

void hs_grow_stats(const hs_grow_t *g, hs_grow_stats_t *st)
{
    memset(st, 0, sizeof *st);
    st->entries = g->entries;
    st->per_leaf = g->per_leaf;
    st->leaf_blocks = g->leaves;
    st->free_blocks = g->free_leaves;
    st->branch_blocks = branch_blocks(g->leaves, g->per_branch);
    for (uint64_t n = g->leaves; n > 1; n = (n + g->per_branch - 1) / g->per_branch)
        st->blevel++;
    st->blocks = g->formatted + g->branch_hwm;
}

sim_err_t hs_grow_check(const hs_grow_t *g)
{
    uint64_t entries = 0, leaves = 0;
    for (uint32_t i = 0; i < g->nsec; i++) {
        const section_t *s = &g->sec[i];
        uint64_t used = (s->pos + g->per_leaf - 1) / g->per_leaf;
        for (uint64_t l = 0; l < used; l++) {
            if (s->live[l] > g->per_leaf)
                return SIM_ECORRUPT;
            entries += s->live[l];
            leaves += s->live[l] > 0 || l == used - 1;
        }
    }
    /* the tree's leaves: those holding entries and each section's
     * rightmost (the empty root when no section has one) */
    if (entries != g->entries || leaves > g->leaves || g->leaves == 0 ||
        g->leaves + g->free_leaves != g->formatted)
        return SIM_ECORRUPT;
    return SIM_OK;
}
