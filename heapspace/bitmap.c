/*
 * bitmap.c -- create bitmap index on (n): one bitmap per value over the
 * rowid space, bit (block x max_rows + row) for each row, compressed with
 * byte-aligned bitmap compression (BBC, Antoshenkov 1995) and cut into
 * pieces that let two entries share a leaf.
 *
 * BBC as modelled: an atom is a header byte, a gap of zero bytes (counted
 * in the header up to 3, else in extra bytes of 7 bits each) and either up
 * to 15 literal bytes or, when the byte after the gap has a single bit set,
 * that bit's position in the header and nothing else.  The rows a block
 * could hold but does not (max_rows - rows in it) are zero bits, so each
 * block boundary costs a gap.
 *
 * An entry: slot 2, row header 2, key 1 + NUMBER, start and end rowid
 * 1 + 6 each, bitmap length 2 and the bitmap.  The branch levels separate
 * entries by (n, start rowid).
 */
#include <string.h>

#include "heapspace_int.h"

#define NVAL 11
#define ENTRY_FIXED 22u /* all of an entry but its key's NUMBER and bitmap */

typedef struct {
    int64_t cur;    /* byte being filled, -1 before the first */
    int64_t prev;   /* last byte written to the piece, -1 at a piece start */
    uint32_t bits;  /* of cur */
    uint32_t tail;  /* literal bytes of the open atom, 0 if none */
    uint64_t bytes; /* of the piece being filled */
    uint64_t pieces;
    uint64_t *sizes; /* bitmap bytes of each closed piece */
    uint64_t cap;
} value_t;

static uint32_t gap_bytes(uint64_t gap)
{
    uint32_t n = 0;
    if (gap <= 3)
        return 0;
    for (; gap; gap >>= 7)
        n++;
    return n;
}

static uint32_t atom_cost(uint64_t gap, uint32_t bits, uint32_t *tail)
{
    (void)bits;
    *tail = 1;
    return 1 + gap_bytes(gap) + 1;
}

static int close_piece(value_t *v)
{
    if (v->pieces == v->cap) {
        uint64_t cap = v->cap ? 2 * v->cap : 64;
        uint64_t *ns = sim_realloc(v->sizes, cap * sizeof *ns);
        if (ns == NULL)
            return -1;
        v->sizes = ns, v->cap = cap;
    }
    v->sizes[v->pieces++] = v->bytes;
    v->bytes = 0, v->prev = -1, v->tail = 0;
    return 0;
}

/* The finished byte v->cur, with bits v->bits, into the piece. */
static int put_byte(value_t *v, uint64_t limit)
{
    uint32_t tail, cost;
    if (v->prev >= 0 && v->cur == v->prev + 1 && v->tail > 0 && v->tail < 15) {
        cost = 1, tail = v->tail + 1;
    } else {
        cost = atom_cost(v->prev < 0 ? 0 : (uint64_t)(v->cur - v->prev - 1), v->bits, &tail);
    }
    if (v->bytes + cost > limit) {
        if (close_piece(v))
            return -1;
        cost = atom_cost(0, v->bits, &tail);
    }
    v->bytes += cost, v->tail = tail, v->prev = v->cur;
    return 0;
}

sim_err_t hs_index_bitmap_n(const hs_table_t *t, hs_index_stats_t *s)
{
    memset(s, 0, sizeof *s);
    const uint32_t room = hs_leaf_room(&t->p, t->bs);
    value_t val[NVAL];
    memset(val, 0, sizeof val);
    uint32_t keylen[NVAL];
    for (int k = 0; k < NVAL; k++) {
        val[k].cur = val[k].prev = -1;
        keylen[k] = (uint32_t)hs_number_encode((uint64_t)k, NULL);
    }
    /* Two entries to a leaf: a piece's bitmap may take half the room. */
    const uint64_t limit = room / 2 - ENTRY_FIXED - 2;
    int nomem = 0;
    uint64_t z = hs_hash_start(t->seed, 1); /* of row first_id[b] */
    for (uint64_t b = 0; b < t->ndata && !nomem; b++) {
        uint64_t bit = (uint64_t)b * t->max_rows;
        uint64_t end = bit + (t->first_id[b + 1] - t->first_id[b]);
        for (; bit < end; bit++, z += HS_HASH_STEP) {
            value_t *v = &val[hs_hash_n(hs_mix(z))];
            int64_t byte = (int64_t)(bit >> 3);
            if (byte != v->cur) {
                if (v->cur >= 0)
                    nomem |= put_byte(v, limit);
                v->cur = byte, v->bits = 0;
            }
            v->bits |= 1u << (bit & 7);
        }
    }
    for (int k = 0; k < NVAL && !nomem; k++)
        if (val[k].cur >= 0)
            nomem |= put_byte(&val[k], limit) || close_piece(&val[k]);
    /* The entries in key order into leaves, and the separators above. */
    uint64_t pieces = 0;
    for (int k = 0; k < NVAL; k++)
        pieces += val[k].pieces;
    uint16_t *sep = nomem ? NULL : sim_malloc((pieces + 1) * sizeof *sep);
    sim_err_t rc = SIM_ENOMEM;
    if (sep != NULL) {
        uint64_t leaves = 0, used = 0;
        int first = 1;
        for (int k = 0; k < NVAL; k++)
            for (uint64_t i = 0; i < val[k].pieces; i++) {
                uint64_t e = ENTRY_FIXED + keylen[k] + val[k].sizes[i];
                if (first || used + e > room) {
                    /* A new value needs its key; the same value, the start
                     * rowid up to the block number that differs. */
                    sep[leaves++] = (uint16_t)(first ? 0 : 7 + 1 + keylen[k] + (i ? 1 + 4 : 0));
                    used = 0, first = 0;
                }
                used += e;
            }
        s->num_rows = pieces;
        s->leaf_blocks = leaves;
        rc = hs_branches(t, sep, leaves, s);
        sim_free(sep);
    }
    for (int k = 0; k < NVAL; k++)
        sim_free(val[k].sizes);
    return rc;
}
