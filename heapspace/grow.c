/*
 * grow.c -- a B-tree index that DML grows one entry at a time: a primary
 * key numbered by a sequence or `level`, a LOB index keyed by LOB id or by
 * the time a chunk was freed.  Keys only rise, so every insert goes to its
 * section's rightmost leaf, which takes entries (each with a 2-byte slot)
 * while their bytes fit its entry space.
 *
 * What Oracle does, and the model with it (Richard Foote, "Index block
 * splits" and "90-10 splits", richardfoote.wordpress.com, 2007-2008):
 * - an insert of the highest key into a full rightmost leaf splits it
 *   90-10: the old leaf stays full, the new one takes the new entry
 *   (hs_grow_insert());
 * - a deleted entry's space serves only keys that sort into its leaf; keys
 *   that only rise come back only to the rightmost leaf, which takes the
 *   space of its deleted entries back before it splits (a cleanout); any
 *   other leaf keeps it until its last entry goes, and then leaves the
 *   tree for the segment's free list, the next split takes it before a
 *   new block is formatted (hs_grow_delete(), hs_grow_delete_oldest());
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

/* A leaf of a section: where its entries start, how many are live. */
typedef struct {
    uint64_t start; /* the position of its first entry */
    uint32_t live;
} leaf_t;

typedef struct {
    leaf_t *leaf; /* the section's leaves, in key order */
    uint64_t nleaves, cap;
    uint64_t pos;  /* entries ever inserted: the next one's position */
    uint64_t head; /* the oldest position not deleted by hs_grow_delete_oldest() */
    uint32_t fill; /* bytes taken in the rightmost leaf */
    uint32_t put;  /* entries ever put in it (live or deleted since) */
} section_t;

struct hs_grow {
    uint32_t leaf_space; /* bytes of a leaf for entries and slots */
    uint32_t entry;      /* the default entry and its slot */
    uint32_t per_branch;
    uint32_t nsec;
    section_t *sec;
    uint64_t entries;     /* live */
    uint64_t leaves;      /* in the tree */
    uint64_t free_leaves; /* emptied, on the free list */
    uint64_t formatted;   /* leaf blocks ever formatted */
    uint64_t branch_hwm;  /* the most branch blocks the tree had */
    int root_free;        /* the empty index's root leaf, no section's yet */
};

/* The branch blocks over `leaves` leaves, each level packed full; *levels
 * (may be NULL) how many levels they make (blevel). */
static uint64_t branch_blocks(uint64_t leaves, uint32_t per_branch, uint64_t *levels)
{
    uint64_t b = 0, l = 0;
    for (uint64_t n = leaves; n > 1; l++) {
        n = (n + per_branch - 1) / per_branch;
        b += n;
    }
    if (levels)
        *levels = l;
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
    g->leaf_space = leaf;
    g->entry = entry + HS_SLOT;
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
        sim_free(g->sec[s].leaf);
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
    uint64_t b = branch_blocks(g->leaves, g->per_branch, NULL);
    if (b > g->branch_hwm)
        g->branch_hwm = b;
}

/* Room for `more` leaves in section s. */
static sim_err_t reserve(section_t *s, uint64_t more)
{
    uint64_t need = s->nleaves + more;
    if (need <= s->cap)
        return SIM_OK;
    uint64_t cap = s->cap ? s->cap : 16;
    while (cap < need)
        cap *= 2;
    leaf_t *v = sim_realloc(s->leaf, cap * sizeof *v);
    if (v == NULL)
        return SIM_ENOMEM;
    s->leaf = v;
    s->cap = cap;
    return SIM_OK;
}

sim_err_t hs_grow_insert(hs_grow_t *g, uint32_t section, uint64_t n, uint32_t entry,
                         uint64_t *first)
{
    section_t *s = &g->sec[section];
    uint32_t e = entry ? entry + HS_SLOT : g->entry;
    if (e > g->leaf_space)
        return SIM_EINVAL;
    /* the leaves the n entries can open, at most */
    uint64_t per = g->leaf_space / e;
    if (reserve(s, n / per + 2) != SIM_OK)
        return SIM_ENOMEM;
    if (first)
        *first = s->pos;
    for (uint64_t i = 0; i < n; i++) {
        /* a split, or the section's first leaf: the empty root serves the
         * first section to get an entry */
        /* a full rightmost leaf first gets back the space of its deleted
         * entries (a block cleanout before a split), in proportion to
         * them: the sizes of those gone are not kept */
        if (s->nleaves > 0 && s->fill + e > g->leaf_space &&
            s->leaf[s->nleaves - 1].live < s->put) {
            s->fill = (uint32_t)((uint64_t)s->fill * s->leaf[s->nleaves - 1].live / s->put);
            s->put = s->leaf[s->nleaves - 1].live;
        }
        if (s->nleaves == 0 || s->fill + e > g->leaf_space) {
            if (g->root_free)
                g->root_free = 0;
            else
                take_leaf(g);
            s->leaf[s->nleaves++] = (leaf_t){s->pos, 0};
            s->fill = 0;
            s->put = 0;
        }
        s->fill += e;
        s->put++;
        s->leaf[s->nleaves - 1].live++;
        s->pos++;
        g->entries++;
    }
    return SIM_OK;
}

/* The leaf of section s holding position q (q < s->pos). */
static uint64_t leaf_of(const section_t *s, uint64_t q)
{
    uint64_t lo = 0, hi = s->nleaves - 1;
    while (lo < hi) {
        uint64_t mid = lo + (hi - lo + 1) / 2;
        if (s->leaf[mid].start <= q)
            lo = mid;
        else
            hi = mid - 1;
    }
    return lo;
}

/* An entry of leaf `leaf` of section s goes; the leaf leaves the tree when
 * it was its last and the leaf is not the section's rightmost. */
static void delete_one(hs_grow_t *g, section_t *s, uint64_t leaf)
{
    if (s->leaf[leaf].live == 0)
        return;
    s->leaf[leaf].live--;
    g->entries--;
    int rightmost = leaf == s->nleaves - 1;
    if (s->leaf[leaf].live == 0 && !rightmost && g->leaves > 1) {
        g->leaves--;
        g->free_leaves++;
    }
}

void hs_grow_delete(hs_grow_t *g, uint32_t section, uint64_t first, uint64_t n)
{
    section_t *s = &g->sec[section];
    if (first >= s->pos)
        return;
    uint64_t leaf = leaf_of(s, first);
    for (uint64_t q = first; q < first + n && q < s->pos; q++) {
        while (leaf + 1 < s->nleaves && s->leaf[leaf + 1].start <= q)
            leaf++;
        delete_one(g, s, leaf);
    }
}

void hs_grow_undelete(hs_grow_t *g, uint32_t section, uint64_t q)
{
    section_t *s = &g->sec[section];
    if (q >= s->pos)
        return;
    uint64_t leaf = leaf_of(s, q);
    /* a leaf emptied and not the rightmost had left the tree: back */
    if (s->leaf[leaf].live == 0 && leaf != s->nleaves - 1)
        take_leaf(g);
    s->leaf[leaf].live++;
    g->entries++;
}

uint64_t hs_grow_delete_oldest(hs_grow_t *g, uint32_t section, uint64_t n)
{
    section_t *s = &g->sec[section];
    uint64_t done = 0, leaf = s->head < s->pos ? leaf_of(s, s->head) : 0;
    while (done < n && s->head < s->pos) {
        while (leaf + 1 < s->nleaves && s->leaf[leaf + 1].start <= s->head)
            leaf++;
        if (s->leaf[leaf].live > 0) {
            delete_one(g, s, leaf);
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
    st->per_leaf = g->leaf_space / g->entry;
    st->leaf_blocks = g->leaves;
    st->free_blocks = g->free_leaves;
    st->branch_blocks = branch_blocks(g->leaves, g->per_branch, &st->blevel);
    st->blocks = g->formatted + g->branch_hwm;
}

sim_err_t hs_grow_check(const hs_grow_t *g)
{
    uint64_t entries = 0, leaves = 0;
    for (uint32_t i = 0; i < g->nsec; i++) {
        const section_t *s = &g->sec[i];
        for (uint64_t l = 0; l < s->nleaves; l++) {
            uint64_t end = l + 1 < s->nleaves ? s->leaf[l + 1].start : s->pos;
            if (s->leaf[l].live > end - s->leaf[l].start ||
                (l > 0 && s->leaf[l].start <= s->leaf[l - 1].start))
                return SIM_ECORRUPT;
            entries += s->leaf[l].live;
            leaves += s->leaf[l].live > 0 || l == s->nleaves - 1;
        }
    }
    /* the tree's leaves: those holding entries and each section's
     * rightmost (the empty root when no section has one) */
    if (entries != g->entries || leaves > g->leaves || g->leaves == 0 ||
        g->leaves + g->free_leaves != g->formatted)
        return SIM_ECORRUPT;
    return SIM_OK;
}
