/*
 * bitmap.c -- create bitmap index on (n): one bitmap per value over the
 * rowid space, bit (block x max_rows + row) for each row, compressed with
 * byte-aligned bitmap compression (BBC, Antoshenkov 1995) and cut into
 * pieces that let two entries share a leaf.
 *
 * BBC as modelled: an atom is a header byte, a gap of zero bytes (counted
 * in the header up to 3, else in extra bytes of 7 bits each) and up to 15
 * literal bytes.  BBC's single-bit form (the bit's position in the header)
 * is not used: README says why.  Only the bytes holding a bit matter, so
 * the rows are walked a bitmap byte at a time.  The rows a block
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
    int64_t cur;    /* last byte with a bit of this value, -1 before the first */
    int64_t prev;   /* last byte written to the piece, -1 at a piece start */
    uint32_t tail;  /* literal bytes of the open atom, 0 if none */
    uint64_t bytes; /* of the piece being filled */
    uint64_t pieces;
    uint64_t *sizes; /* bitmap bytes of each closed piece */
    uint64_t cap;
} value_t;

/* Extra bytes that count a gap of zero bytes the header cannot hold: none
 * up to 3, then one per 7 bits. */
static uint32_t long_gap_bytes(uint64_t gap)
{
    uint32_t n = 0;
    for (; gap; gap >>= 7)
        n++;
    return n;
}

static inline uint32_t gap_bytes(uint64_t gap)
{
    if (gap >= (1u << 14)) /* rare: predicted */
        return long_gap_bytes(gap);
    return (uint32_t)(gap > 3) + (uint32_t)(gap >= (1u << 7));
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

/* Byte `byte` into a new piece: a new atom, header and literal. */
static int put_new_piece(value_t *v, int64_t byte)
{
    if (close_piece(v))
        return -1;
    v->bytes = 2, v->tail = 1, v->prev = v->cur = byte;
    return 0;
}

/* Byte `byte` of the value's bitmap, which has a bit set, into the piece:
 * one more literal of the open atom, or a new atom (header, gap bytes, one
 * literal); a new piece when the piece would pass `limit`. */
static inline int put_byte(value_t *v, int64_t byte, uint64_t limit)
{
    /* Without branches on the bytes' pattern: tail is 0 exactly at a piece
     * start (prev -1), where the gap counts for nothing. */
    uint64_t gap = (uint64_t)(byte - v->prev - 1);
    uint32_t started = v->tail != 0;
    uint32_t more = (uint32_t)(gap == 0) & (uint32_t)(v->tail - 1u < 14u); /* tail 1..14 */
    uint32_t cost = 2 + started * gap_bytes(gap) - more;
    if (v->bytes + cost > limit)
        return put_new_piece(v, byte);
    v->bytes += cost, v->tail = 1 + more * v->tail, v->prev = v->cur = byte;
    return 0;
}

/* The lowest bit set in m (m != 0, m < 2^11): a value present in the byte.
 * 2 is a primitive root of 13, so 2^k mod 13 differs for k = 0..11. */
static int lowest(uint32_t m)
{
    static const int8_t log2_mod13[13] = {-1, 0, 1, 4, 2, 9, 5, 11, 3, 8, 10, 7, 6};
    return log2_mod13[(m & (0u - m)) % 13];
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
    /* Byte by byte of the rowid space: the values with a bit in the byte,
     * then each of them puts the byte (each value's bytes in order). */
    uint64_t z = hs_hash_start(t->seed, 1); /* of row first_id[b] */
    int64_t byte = -1;
    uint32_t present = 0;
    for (uint64_t b = 0; b < t->ndata && !nomem; b++) {
        uint64_t bit = (uint64_t)b * t->max_rows;
        uint64_t end = bit + (t->first_id[b + 1] - t->first_id[b]);
        for (; bit < end; bit++, z += HS_HASH_STEP) {
            if ((int64_t)(bit >> 3) != byte) {
                for (; present; present &= present - 1)
                    nomem |= put_byte(&val[lowest(present)], byte, limit);
                byte = (int64_t)(bit >> 3);
            }
            present |= 1u << hs_hash_n(hs_mix(z));
        }
    }
    for (; present && !nomem; present &= present - 1)
        nomem |= put_byte(&val[lowest(present)], byte, limit);
    for (int k = 0; k < NVAL && !nomem; k++)
        if (val[k].cur >= 0)
            nomem |= close_piece(&val[k]);
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
                s->bitmap_bytes += val[k].sizes[i];
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
