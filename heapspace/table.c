/*
 * table.c -- create table ... as select by direct path into an ASSM segment
 * of uniform extents (hs_table_create), its figures (hs_table_stats) and its
 * invariants (hs_table_check).
 *
 * Extent by extent: the ASSM blocks an extent needs come first in it (in the
 * first extent also the L2 and the segment header), then the loader fills
 * data blocks in id order, each until the next row and its directory entry
 * would cut into the pctfree reserve.  An L1 bitmap block maps 16, 64, 256
 * or 1024 blocks, by the segment's size when the L1 is made; a new one is
 * made when the extent's blocks outrun what the current L1s still map.
 */
#include <string.h>

#include "heapspace_int.h"

/* Blocks one new L1 maps when the segment has `bytes`. */
static uint64_t l1_coverage(const hs_params_t *p, uint64_t bytes)
{
    if (bytes <= p->l1_small_kb * 1024ULL)
        return 16;
    if (bytes <= p->l1_medium_kb * 1024ULL)
        return 64;
    if (bytes <= (1ULL << 30))
        return 256;
    return 1024;
}

/* Bytes row id takes in its block with its directory entry: header 3, id
 * 1 + NUMBER, n 1 + NUMBER (1 byte for 0, 2 for 1..10), x 1 + 20, slot 2.
 * Advances both iterators to the next row. */
static inline uint32_t row_need(hs_idlen_t *il, uint64_t *z)
{
    uint32_t nlen = hs_hash_n(hs_mix(*z)) ? 2u : 1u;
    *z += HS_HASH_STEP;
    return 3 + (1 + hs_idlen_next(il)) + (1 + nlen) + (1 + 20) + 2;
}

/* The rows still to load: the next one's id length and hash argument. */
typedef struct {
    hs_idlen_t il;
    uint64_t z;
} rowgen_t;

/* Rows taken eight at a time while all eight fit: their hashes are
 * independent, so the eight run side by side. */
#define GROUP 8

/* One data block filled from the next row on (at most `left` rows): the
 * rows it takes, their bytes with directory entries in *used.  A row is
 * taken while it fits; the first always is.  Eight rows whose bytes
 * together fit are taken at once, then row by row: the same rows as one at
 * a time.  The state is copied in and out so that the loop keeps it in
 * registers. */
static uint64_t fill_block(rowgen_t *g, uint64_t left, uint64_t max_rows, uint32_t room,
                           uint64_t *used)
{
    hs_idlen_t il = g->il;
    uint64_t z = g->z, k = 0, lim = left < max_rows ? left : max_rows;
    uint32_t u = 0;
    while (k + GROUP <= lim) {
        hs_idlen_t il2 = il;
        uint64_t z2 = z;
        uint32_t s = 0;
        if (il.to100 >= GROUP && il.bound - il.id > GROUP) { /* one id length */
            s = GROUP * (3 + 1 + il.plain + 1 + 1 + 1 + 20 + 2);
            for (int j = 0; j < GROUP; j++, z2 += HS_HASH_STEP)
                s += hs_hash_n(hs_mix(z2)) != 0; /* n 1..10: a second byte */
            il2.to100 -= GROUP, il2.id += GROUP;
        } else {
            for (int j = 0; j < GROUP; j++)
                s += row_need(&il2, &z2);
        }
        if (u + s > room)
            break;
        u += s, k += GROUP, il = il2, z = z2;
    }
    for (; k < lim; k++) {
        hs_idlen_t il2 = il;
        uint64_t z2 = z;
        uint32_t need = row_need(&il2, &z2);
        if (u + need > room && k > 0)
            break;
        u += need, il = il2, z = z2;
    }
    g->il = il, g->z = z;
    *used = u;
    return k;
}

typedef struct {
    uint32_t *v;
    uint64_t n, cap;
} vec_t;

static int vec_push(vec_t *a, uint32_t x)
{
    if (a->n == a->cap) {
        uint64_t cap = a->cap ? 2 * a->cap : 1024;
        uint32_t *nv = sim_realloc(a->v, cap * sizeof *nv);
        if (nv == NULL)
            return -1;
        a->v = nv, a->cap = cap;
    }
    a->v[a->n++] = x;
    return 0;
}

/* The load of rows 1..rows, stopped after the block that holds id upto
 * (upto >= rows: all of it).  Each block is filled as in the whole load. */
static sim_err_t load(const hs_params_t *p, uint32_t bs, uint64_t rows, uint64_t seed,
                      uint64_t upto, hs_table_t **out, char *msg, size_t len)
{
    *out = NULL;
    if (hs_params_check(p, bs, rows, msg, len) != SIM_OK)
        return SIM_EINVAL;
    hs_table_t *t = sim_calloc(1, sizeof *t);
    if (t == NULL)
        return SIM_ENOMEM;
    t->p = *p, t->bs = bs, t->rows = rows, t->seed = seed;
    t->max_rows =
        (bs - (p->fixed_bytes + (uint64_t)p->itl_bytes * p->table_itls + p->data_header_bytes)) /
        p->min_row_bytes;
    vec_t first = {0}, addr = {0}, ext = {0};
    const uint64_t per_ext = p->extent_kb * 1024ULL / bs;
    const uint32_t room = hs_table_room(p, bs);
    const uint64_t stop = upto < rows ? upto : rows;
    uint64_t id = 1, pos = 0, l1_left = 0;
    int nomem = 0;
    rowgen_t g;
    hs_idlen_start(&g.il, 1);
    g.z = hs_hash_start(seed, 1);
    while (id <= stop && !nomem) {
        /* A new extent: the ASSM blocks it needs first. */
        uint64_t seg_bytes = (pos + per_ext) * bs, meta = pos == 0 ? 2 : 0;
        while (l1_left < per_ext) {
            l1_left += l1_coverage(p, seg_bytes);
            meta++;
        }
        l1_left -= per_ext;
        uint64_t b = pos + meta, end = pos + per_ext, data = 0;
        t->meta += meta;
        for (; b < end && id <= stop; b++, data++) {
            nomem |= vec_push(&first, (uint32_t)id) | vec_push(&addr, (uint32_t)b);
            uint64_t used, in_block = fill_block(&g, rows - id + 1, t->max_rows, room, &used);
            id += in_block;
            t->col_bytes += used - 5 * in_block; /* less header and slot */
        }
        nomem |= vec_push(&ext, (uint32_t)data);
        t->hwm = b;
        pos = end;
    }
    t->loaded = id - 1;
    nomem |= vec_push(&first, (uint32_t)id);
    t->first_id = first.v, t->addr = addr.v, t->ext_data = ext.v;
    t->ndata = addr.n, t->nextents = ext.n;
    if (nomem) {
        hs_table_destroy(t);
        return SIM_ENOMEM;
    }
    SIM_DEBUG_CHECK(hs_table_check(t));
    *out = t;
    return SIM_OK;
}

sim_err_t hs_table_create(const hs_params_t *p, uint32_t bs, uint64_t rows, uint64_t seed,
                          hs_table_t **out, char *msg, size_t len)
{
    return load(p, bs, rows, seed, rows, out, msg, len);
}

sim_err_t hs_table_create_prefix(const hs_params_t *p, uint32_t bs, uint64_t rows, uint64_t seed,
                                 uint64_t upto, hs_table_t **out, char *msg, size_t len)
{
    return load(p, bs, rows, seed, upto, out, msg, len);
}

void hs_table_destroy(hs_table_t *t)
{
    if (t == NULL)
        return;
    sim_free(t->first_id);
    sim_free(t->addr);
    sim_free(t->ext_data);
    sim_free(t);
}

void hs_table_stats(const hs_table_t *t, hs_table_stats_t *s)
{
    memset(s, 0, sizeof *s);
    s->num_rows = t->rows;
    s->blocks = t->hwm;
    s->avg_row_len = (t->col_bytes + t->rows / 2) / t->rows;
    s->data_blocks = t->ndata;
    s->meta_blocks = t->meta;
    s->extents = t->nextents;
    s->max_rows = t->max_rows;
}

/*
 * 1. Every row is in exactly one block: first_id rises strictly from 1 to
 *    loaded + 1 (rows + 1 for the whole table).   2. No block holds more than the Hakan factor.
 * 3. Data block addresses rise strictly and lie below the high-water mark.
 * 4. Space is conserved: data + ASSM blocks = blocks below the HWM.
 * 5. The extents' data blocks add up to the data blocks.
 */
sim_err_t hs_table_check(const hs_table_t *t)
{
    if (t->first_id[0] != 1 || t->first_id[t->ndata] != t->loaded + 1 || t->loaded > t->rows)
        return SIM_ECORRUPT;
    for (uint64_t b = 0; b < t->ndata; b++) {
        uint64_t in = (uint64_t)t->first_id[b + 1] - t->first_id[b];
        if (in == 0 || in > t->max_rows)
            return SIM_ECORRUPT;
        if ((b && t->addr[b] <= t->addr[b - 1]) || t->addr[b] >= t->hwm)
            return SIM_ECORRUPT;
    }
    if (t->ndata + t->meta != t->hwm)
        return SIM_ECORRUPT;
    uint64_t sum = 0;
    for (uint64_t e = 0; e < t->nextents; e++)
        sum += t->ext_data[e];
    return sum == t->ndata ? SIM_OK : SIM_ECORRUPT;
}

uint64_t hs_table_block_of(const hs_table_t *t, uint64_t id)
{
    uint64_t lo = 0, hi = t->ndata; /* first_id[lo] <= id < first_id[hi] */
    while (hi - lo > 1) {
        uint64_t mid = lo + (hi - lo) / 2;
        if (t->first_id[mid] <= id)
            lo = mid;
        else
            hi = mid;
    }
    return lo;
}

void hs_rowid_at(const hs_table_t *t, uint64_t b, uint32_t slot, uint8_t out[6])
{
    /* Relative file 5, the segment from block 128: a plausible address. */
    uint32_t dba = (5u << 22) | (uint32_t)(128 + t->addr[b]);
    out[0] = (uint8_t)(dba >> 24), out[1] = (uint8_t)(dba >> 16);
    out[2] = (uint8_t)(dba >> 8), out[3] = (uint8_t)dba;
    out[4] = (uint8_t)(slot >> 8), out[5] = (uint8_t)slot;
}

void hs_rowid(const hs_table_t *t, uint64_t id, uint8_t out[6])
{
    uint64_t b = hs_table_block_of(t, id);
    hs_rowid_at(t, b, (uint32_t)(id - t->first_id[b]), out);
}
