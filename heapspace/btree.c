/*
 * btree.c -- B-tree indexes as create index builds them: the entries sorted,
 * leaves filled in key order while the space left after the next entry is
 * at least pctfree of the block (the last leaf holds the rest), then branch
 * levels over the leaves, packed full, until one block (the root) holds
 * them all.  blevel is the number of branch levels.
 *
 * Entries as the published dumps lay them out (heapspace_int.h, README
 * "Index formats"), each with a 2-byte slot:
 *
 *   unique (id):     flag, lock, rowid 6, key length 1 + NUMBER
 *   non-unique (x):  flag, lock, key length 1 + 20, rowid length 1 + 6
 *   branch:          child address 4, the columns kept (length byte and
 *                    bytes), a TERM byte when trailing columns were cut.
 *
 * A branch keeps the shortest prefix of the right child's first key that
 * sorts above the left child's last key: of a unique key just that; of
 * (x, rowid) the prefix of x and TERM when x differs, else all of x and a
 * prefix of the rowid.  The leftmost child needs no entry (kdxbrlmc).
 */
#include <string.h>

#include "heapspace_int.h"

uint32_t hs_unique_entry_bytes(uint32_t key_bytes)
{
    return hs_unique_entry(key_bytes);
}

uint32_t hs_prefix_above(const uint8_t *a, uint32_t la, const uint8_t *b, uint32_t lb)
{
    uint32_t i = 0;
    while (i < la && i < lb && a[i] == b[i])
        i++;
    return i < lb ? i + 1 : lb;
}

sim_err_t hs_branches(const hs_table_t *t, const uint16_t *sep, uint64_t n, hs_index_stats_t *s)
{
    const uint32_t room = hs_branch_room(&t->p, t->bs);
    uint16_t *up = NULL;
    const uint16_t *cur = sep;
    s->blevel = 0, s->branch_blocks = 0, s->sep_bytes = 0;
    for (uint64_t i = 1; i < n; i++)
        s->sep_bytes += sep[i];
    uint16_t *mine = NULL;
    while (n > 1) {
        up = sim_malloc(n * sizeof *up);
        if (up == NULL) {
            sim_free(mine);
            return SIM_ENOMEM;
        }
        uint64_t parents = 0, used = 0;
        for (uint64_t i = 0; i < n; i++) {
            if (i == 0 || used + cur[i] > room) {
                up[parents++] = i ? cur[i] : 0; /* a parent's own separator */
                used = 0;
                continue;
            }
            used += cur[i];
        }
        sim_free(mine);
        mine = up, cur = up;
        s->blevel++;
        s->branch_blocks += parents;
        n = parents;
    }
    sim_free(mine);
    return SIM_OK;
}

typedef struct {
    uint16_t *v;
    uint64_t n, cap;
} seps_t;

static int push(seps_t *s, uint32_t x)
{
    if (s->n == s->cap) {
        uint64_t cap = s->cap ? 2 * s->cap : 1024;
        uint16_t *nv = sim_realloc(s->v, cap * sizeof *nv);
        if (nv == NULL)
            return -1;
        s->v = nv, s->cap = cap;
    }
    s->v[s->n++] = (uint16_t)x;
    return 0;
}

sim_err_t hs_index_pk_leaves(const hs_table_t *t, hs_index_stats_t *s, hs_leaf_fn on_leaf,
                             void *arg)
{
    memset(s, 0, sizeof *s);
    hs_fill_t f = {hs_leaf_room(&t->p, t->bs), 0, 0};
    seps_t seps = {0};
    int nomem = push(&seps, 0);
    hs_idlen_t start;
    hs_idlen_start(&start, 1);
    hs_idlen_t il = start; /* a copy no call sees: kept in registers */
    const uint64_t rows = nomem ? 0 : t->rows;
    for (uint64_t id = 1; id <= rows; id++) {
        uint32_t e = hs_unique_entry(hs_idlen_next(&il)) + HS_SLOT;
        if (!hs_fill_fits(&f, e)) {
            /* Only a leaf's first key is encoded, against the last before. */
            uint8_t prev[21], key[21];
            int lp = hs_number_encode(id - 1, prev), lk = hs_number_encode(id, key);
            uint32_t kept = hs_col(hs_prefix_above(prev, (uint32_t)lp, key, (uint32_t)lk));
            if (on_leaf)
                on_leaf(arg, f.entries, f.used);
            s->per_leaf = f.entries > s->per_leaf ? f.entries : s->per_leaf;
            if (push(&seps, hs_branch_entry(kept, 0) + HS_SLOT)) {
                nomem = 1;
                break;
            }
            hs_fill_next(&f);
        }
        hs_fill_add(&f, e);
    }
    if (on_leaf && !nomem)
        on_leaf(arg, f.entries, f.used);
    s->per_leaf = f.entries > s->per_leaf ? f.entries : s->per_leaf;
    s->num_rows = t->rows;
    s->leaf_blocks = seps.n;
    sim_err_t rc = nomem ? SIM_ENOMEM : hs_branches(t, seps.v, seps.n, s);
    sim_free(seps.v);
    return rc;
}

sim_err_t hs_index_pk(const hs_table_t *t, hs_index_stats_t *s)
{
    return hs_index_pk_leaves(t, s, NULL, NULL);
}

/* x as stored: lpad(value, 20, '0'). */
static void x_text(uint32_t v, uint8_t out[20])
{
    memset(out, '0', 20);
    for (int i = 19; v; i--, v /= 10)
        out[i] = (uint8_t)('0' + v % 10);
}

/* The first position at or after p that is a leaf's last entry or (past
 * the first leaf) a leaf's first entry: where a separator needs the id. */
static uint64_t next_edge(uint64_t p, uint64_t per_leaf)
{
    uint64_t r = p % per_leaf;
    if (r == 0 && p > 0)
        return p;
    return r == per_leaf - 1 ? p : p - r + per_leaf - 1;
}

sim_err_t hs_index_x(const hs_table_t *t, hs_index_stats_t *s)
{
    memset(s, 0, sizeof *s);
    /* Every entry has the same size, so the fill rule puts the same number
     * in every leaf but the last. */
    const uint32_t entry = hs_nonunique_entry(20) + HS_SLOT;
    const uint64_t per_leaf = hs_leaf_room(&t->p, t->bs) / entry;
    /* The entries in key order (x, rowid): rows counted by x; then, placing
     * them, only the ids on either side of a leaf boundary are kept. */
    uint64_t start[102] = {0};
    uint64_t z = hs_hash_start(t->seed, 1);
    for (uint64_t id = 1; id <= t->rows; id++, z += HS_HASH_STEP)
        start[hs_hash_x(hs_mix(z)) + 1]++;
    for (int v = 1; v <= 101; v++)
        start[v] += start[v - 1];
    uint64_t leaves = (t->rows + per_leaf - 1) / per_leaf;
    /* left[l], right[l]: the ids of the last entry of leaf l - 1 and the
     * first of leaf l (l >= 1). */
    uint32_t *left = sim_malloc(leaves * sizeof *left);
    uint32_t *right = sim_malloc(leaves * sizeof *right);
    uint16_t *sep = sim_malloc(leaves * sizeof *sep);
    if (left == NULL || right == NULL || sep == NULL) {
        sim_free(left);
        sim_free(right);
        sim_free(sep);
        return SIM_ENOMEM;
    }
    uint64_t fill[101], edge[101];
    for (int v = 0; v < 101; v++)
        fill[v] = start[v], edge[v] = next_edge(start[v], per_leaf);
    z = hs_hash_start(t->seed, 1);
    for (uint64_t id = 1; id <= t->rows; id++, z += HS_HASH_STEP) {
        uint32_t v = hs_hash_x(hs_mix(z));
        uint64_t pos = fill[v]++;
        if (pos != edge[v])
            continue;
        edge[v] = next_edge(pos + 1, per_leaf);
        uint64_t l = pos / per_leaf;
        if (pos % per_leaf == 0)
            right[l] = (uint32_t)id;
        else if (l + 1 < leaves)
            left[l + 1] = (uint32_t)id;
    }
    sep[0] = 0;
    for (uint64_t l = 1; l < leaves; l++) {
        uint32_t a = left[l], b = right[l];
        uint32_t xa = hs_row_x(t->seed, a), xb = hs_row_x(t->seed, b);
        uint32_t e;
        if (xa != xb) { /* a prefix of x; the rowid column cut: TERM */
            uint8_t ta[20], tb[20];
            x_text(xa, ta), x_text(xb, tb);
            e = hs_branch_entry(hs_col(hs_prefix_above(ta, 20, tb, 20)), 1);
        } else { /* all of x and a prefix of the rowid */
            uint8_t ra[6], rb[6];
            hs_rowid(t, a, ra), hs_rowid(t, b, rb);
            e = hs_branch_entry(hs_col(20) + hs_col(hs_prefix_above(ra, 6, rb, 6)), 0);
        }
        sep[l] = (uint16_t)(e + HS_SLOT);
    }
    sim_free(left);
    sim_free(right);
    s->num_rows = t->rows;
    s->leaf_blocks = leaves;
    s->per_leaf = per_leaf;
    sim_err_t rc = hs_branches(t, sep, leaves, s);
    sim_free(sep);
    return rc;
}

/* The blevel of `leaves` leaves whose separators all take `bytes`. */
static sim_err_t uniform_blevel(const hs_table_t *t, uint64_t leaves, uint16_t bytes,
                                uint64_t *blevel)
{
    uint16_t *sep = sim_malloc(leaves * sizeof *sep);
    if (sep == NULL)
        return SIM_ENOMEM;
    for (uint64_t l = 0; l < leaves; l++)
        sep[l] = bytes;
    hs_index_stats_t u;
    sim_err_t rc = hs_branches(t, sep, leaves, &u);
    sim_free(sep);
    *blevel = u.blevel;
    return rc;
}

/*
 * The separators of the ID index lie between two bounds whatever the rows:
 * a prefix of x and TERM (x differs: 1 to 20 bytes of it) or all of x and
 * 1 to 6 bytes of the rowid.  hs_branches() packs a level's blocks in
 * order, each while the next entry fits: larger entries never make fewer
 * blocks at any level, and fewer children never more.  So when every
 * separator at its smallest and every one at its largest give the same
 * blevel, that is the index's, and no entry need be placed.  Else the
 * build, on the whole table when t is a prefix.
 */
sim_err_t hs_index_x_levels(const hs_table_t *t, hs_index_stats_t *s)
{
    memset(s, 0, sizeof *s);
    const uint32_t entry = hs_nonunique_entry(20) + HS_SLOT;
    const uint64_t per_leaf = hs_leaf_room(&t->p, t->bs) / entry;
    const uint64_t leaves = (t->rows + per_leaf - 1) / per_leaf;
    uint32_t lo = hs_branch_entry(hs_col(1), 1), hi = hs_branch_entry(hs_col(20), 1);
    uint32_t same_lo = hs_branch_entry(hs_col(20) + hs_col(1), 0);
    uint32_t same_hi = hs_branch_entry(hs_col(20) + hs_col(HS_ROWID), 0);
    lo = (lo < same_lo ? lo : same_lo) + HS_SLOT;
    hi = (hi > same_hi ? hi : same_hi) + HS_SLOT;
    uint64_t bl_lo, bl_hi;
    sim_err_t rc = uniform_blevel(t, leaves, (uint16_t)lo, &bl_lo);
    if (rc == SIM_OK)
        rc = uniform_blevel(t, leaves, (uint16_t)hi, &bl_hi);
    if (rc != SIM_OK)
        return rc;
    if (bl_lo != bl_hi && t->loaded == t->rows)
        return hs_index_x(t, s);
    if (bl_lo != bl_hi) { /* the build needs every row's rowid */
        hs_table_t *whole;
        char msg[256];
        rc = hs_table_create(&t->p, t->bs, t->rows, t->seed, &whole, msg, sizeof msg);
        if (rc == SIM_OK)
            rc = hs_index_x(whole, s);
        hs_table_destroy(whole);
        return rc;
    }
    s->num_rows = t->rows;
    s->leaf_blocks = leaves;
    s->per_leaf = per_leaf;
    s->blevel = bl_lo;
    return SIM_OK;
}
