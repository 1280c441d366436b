/*
 * bitmap.c -- create bitmap index on (n): one bitmap per value over the
 * rowid space, bit (block x max_rows + row) for each row, cut into pieces
 * and compressed as Oracle's dumps show it (heapspace_int.h, hs_bbc_*; README
 * "Bitmap format" cites the dumps).
 *
 * The rows a block could hold but does not (max_rows - rows in it) are zero
 * bits, so each block boundary costs a gap.  Only the bytes holding a bit
 * matter, so the rows are walked a bitmap byte at a time: the values with a
 * bit in the byte gather their bits, then each puts its byte.
 *
 * A piece's entry and slot take at most half of what a leaf lets entries
 * use (two entries a leaf, as the dumps show); a piece ends before the
 * byte that would pass that.  The entries go into leaves by the build's
 * fill rule; a branch entry separates two leaves by the key and, within
 * one value, by the shortest prefix of the start rowid (TERM for the rest).
 */
#include <string.h>

#include "heapspace_int.h"

#define NVAL 11

uint32_t hs_bbc_put(hs_bbc_t *s, uint64_t gap, uint32_t bits, uint8_t *out)
{
    uint32_t open = s->open, n = hs_bbc_cost(&open, gap, bits, s->single_gap);
    if (out != NULL) {
        uint8_t *w = out + s->bytes;
        if (s->open != 0 && open == s->open + 1) { /* one more literal */
            out[s->ctl]++;
            w[0] = (uint8_t)bits;
        } else if (open == 0) { /* one set bit: its number after the gap */
            uint32_t place = 0;
            while (!(bits >> place & 1u))
                place++;
            w[0] = (uint8_t)(8 * gap + place);
        } else { /* control byte, the gap's length bytes, a literal */
            uint32_t g = gap < 6 ? (uint32_t)gap + 1 : 7, k = 1;
            s->ctl = s->bytes;
            w[0] = (uint8_t)(0xC0 | g << 3);
            for (uint32_t i = n - 2; gap >= 6 && i > 0; i--) /* most significant first */
                w[k++] = (uint8_t)(((gap - 6) >> (7 * (i - 1)) & 0x7F) | (i > 1 ? 0x80 : 0));
            w[k] = (uint8_t)bits;
        }
    }
    s->open = open;
    s->bytes += n;
    return n;
}

int64_t hs_bbc_decode(const uint8_t *in, size_t n, uint32_t single_gap, uint64_t *bits, size_t max)
{
    uint64_t cur = 0; /* the byte after the last one an atom covered */
    int64_t found = 0;
    size_t i = 0;
    while (i < n) {
        uint32_t c = in[i++];
        if (c < 0xC0) { /* one set bit after c zero bits */
            if (c / 8 > single_gap)
                return -1;
            if (bits != NULL && (size_t)found < max)
                bits[found] = (cur + c / 8) * 8 + c % 8;
            found++;
            cur += c / 8 + 1;
            continue;
        }
        uint32_t g = c >> 3 & 7, lits = (c & 7) + 1;
        if (g == 0)
            return -1;
        uint64_t gap = g - 1;
        if (g == 7) { /* 6 + length bytes, 7 bits each, most significant first */
            uint64_t v = 0;
            uint32_t more = 1;
            while (more) {
                if (i == n || v >> 50)
                    return -1;
                more = in[i] >> 7;
                v = v << 7 | (in[i++] & 0x7Fu);
            }
            gap = 6 + v;
        }
        cur += gap;
        if (n - i < lits)
            return -1;
        for (uint32_t k = 0; k < lits; k++, cur++)
            for (uint32_t b = 0; b < 8; b++)
                if (in[i + k] >> b & 1u) {
                    if (bits != NULL && (size_t)found < max)
                        bits[found] = cur * 8 + b;
                    found++;
                }
        i += lits;
    }
    return found;
}

typedef struct {
    uint64_t bytes, start; /* the bitmap's bytes; its first byte */
} piece_t;

typedef struct {
    int64_t prev;   /* last byte written to the piece */
    uint32_t open;  /* literals of the open atom */
    uint64_t bytes; /* of the piece being filled, 0 before the first */
    uint64_t limit; /* largest bitmap of a piece */
    uint32_t single_gap;
    int64_t start; /* the first byte of the piece being filled */
    uint64_t pieces, cap;
    piece_t *p; /* the closed pieces */
} value_t;

static int close_piece(value_t *v)
{
    if (v->pieces == v->cap) {
        uint64_t cap = v->cap ? 2 * v->cap : 64;
        piece_t *np = sim_realloc(v->p, cap * sizeof *np);
        if (np == NULL)
            return -1;
        v->p = np, v->cap = cap;
    }
    v->p[v->pieces++] = (piece_t){v->bytes, (uint64_t)v->start};
    return 0;
}

/* The lowest bit set in m (m != 0, m < 2^11): a value present in the byte.
 * Without the compiler's builtin: 2 is a primitive root of 13, so 2^k mod
 * 13 differs for k = 0..11. */
static inline int lowest(uint32_t m)
{
#if defined(__GNUC__)
    return __builtin_ctz(m);
#else
    static const int8_t log2_mod13[13] = {-1, 0, 1, 4, 2, 9, 5, 11, 3, 8, 10, 7, 6};
    return log2_mod13[(m & (0u - m)) % 13];
#endif
}

/* Byte `byte` of the value's bitmap into its piece, with one bit set
 * (one = 1) or more; into a new piece (the byte its first) when it would
 * pass the limit.  Returns -1 when out of memory, else 0. */
static inline int put_byte(value_t *v, int64_t byte, uint32_t one)
{
    uint32_t open = v->open;
    uint32_t cost = hs_bbc_step(&open, (uint64_t)(byte - v->prev - 1), one, v->single_gap);
    if (v->bytes + cost > v->limit) { /* v->bytes is past the limit before the first */
        if (v->prev >= 0 && close_piece(v))
            return -1;
        open = 0;
        cost = hs_bbc_step(&open, 0, one, v->single_gap);
        v->bytes = 0, v->start = byte;
    }
    v->bytes += cost, v->open = open, v->prev = byte;
    return 0;
}

/* The first bit of value k in byte `byte` of the rowid space (where a
 * piece starts): the byte's rows hashed again, for the separators. */
static uint64_t first_bit(const hs_table_t *t, uint64_t byte, uint32_t k)
{
    for (uint64_t bit = byte * 8;; bit++) {
        uint64_t b = bit / t->max_rows, r = bit % t->max_rows;
        if (b < t->ndata && r < t->first_id[b + 1] - t->first_id[b] &&
            hs_row_n(t->seed, t->first_id[b] + r) == k)
            return bit;
    }
}

/* The rowid of bit `bit` of the rowid space. */
static void bit_rowid(const hs_table_t *t, uint64_t bit, uint8_t out[6])
{
    hs_rowid_at(t, bit / t->max_rows, (uint32_t)(bit % t->max_rows), out);
}

/* The entries in key order into leaves, and the separators above. */
static sim_err_t leaves(const hs_table_t *t, const value_t *val, const uint32_t *keylen,
                        hs_index_stats_t *s)
{
    hs_fill_t f = {hs_leaf_room(&t->p, t->bs), 0, 0};
    uint64_t pieces = 0;
    for (int k = 0; k < NVAL; k++)
        pieces += val[k].pieces;
    uint16_t *sep = sim_malloc((pieces + 1) * sizeof *sep);
    if (sep == NULL)
        return SIM_ENOMEM;
    uint64_t nleaves = 0;
    int last = -1; /* the value of the entry before */
    for (int k = 0; k < NVAL; k++)
        for (uint64_t i = 0; i < val[k].pieces; i++) {
            const piece_t *pc = &val[k].p[i];
            uint32_t e = hs_bitmap_entry(keylen[k], (uint32_t)pc->bytes) + HS_SLOT;
            if (last < 0 || !hs_fill_fits(&f, e)) {
                uint32_t kept = 0;
                if (last >= 0 && last != k) { /* a prefix of the key */
                    uint8_t ka[21], kb[21];
                    int la = hs_number_encode((uint64_t)last, ka);
                    int lb = hs_number_encode((uint64_t)k, kb);
                    kept = hs_col(hs_prefix_above(ka, (uint32_t)la, kb, (uint32_t)lb));
                } else if (last == k) { /* the key and a prefix of the start rowid */
                    uint8_t ra[6], rb[6];
                    bit_rowid(t, first_bit(t, val[k].p[i - 1].start, (uint32_t)k), ra);
                    bit_rowid(t, first_bit(t, pc->start, (uint32_t)k), rb);
                    kept = hs_col(keylen[k]) + hs_col(hs_prefix_above(ra, 6, rb, 6));
                }
                sep[nleaves++] = (uint16_t)(last < 0 ? 0 : hs_branch_entry(kept, 1) + HS_SLOT);
                hs_fill_next(&f);
            }
            hs_fill_add(&f, e);
            last = k;
            s->bitmap_bytes += pc->bytes;
        }
    s->num_rows = pieces;
    s->leaf_blocks = nleaves;
    sim_err_t rc = hs_branches(t, sep, nleaves, s);
    sim_free(sep);
    return rc;
}

sim_err_t hs_index_bitmap_n(const hs_table_t *t, hs_index_stats_t *s)
{
    memset(s, 0, sizeof *s);
    const uint32_t half = hs_leaf_room(&t->p, t->bs) / 2;
    value_t val[NVAL];
    memset(val, 0, sizeof val);
    uint32_t keylen[NVAL];
    for (int k = 0; k < NVAL; k++) {
        keylen[k] = (uint32_t)hs_number_encode((uint64_t)k, NULL);
        /* An entry and its slot in half the room, with a long bitmap. */
        uint32_t fixed = hs_bitmap_entry(keylen[k], 251) - 251 + HS_SLOT;
        val[k].limit = half > fixed ? half - fixed : 1;
        val[k].bytes = UINT32_MAX, val[k].prev = -1; /* no piece yet */
        val[k].single_gap = t->p.bbc_single_gap;
    }
    int nomem = 0;
    /* Byte by byte of the rowid space: the values with a bit in the byte
     * (present) and those with more than one (multi), then each of them
     * puts its byte. */
    uint64_t z = hs_hash_start(t->seed, 1); /* of row first_id[b] */
    int64_t byte = -1;
    uint32_t present = 0, multi = 0;
    for (uint64_t b = 0; b < t->ndata && !nomem; b++) {
        uint64_t bit = (uint64_t)b * t->max_rows;
        uint64_t end = bit + (t->first_id[b + 1] - t->first_id[b]);
        for (; bit < end; bit++, z += HS_HASH_STEP) {
            if ((int64_t)(bit >> 3) != byte) {
                for (; present; present &= present - 1) {
                    int k = lowest(present);
                    nomem |= put_byte(&val[k], byte, !(multi >> k & 1u));
                }
                multi = 0;
                byte = (int64_t)(bit >> 3);
            }
            uint32_t m = 1u << hs_hash_n(hs_mix(z));
            multi |= present & m;
            present |= m;
        }
    }
    for (; present && !nomem; present &= present - 1) {
        int k = lowest(present);
        nomem |= put_byte(&val[k], byte, !(multi >> k & 1u));
    }
    for (int k = 0; k < NVAL && !nomem; k++)
        if (val[k].prev >= 0)
            nomem |= close_piece(&val[k]);
    sim_err_t rc = nomem ? SIM_ENOMEM : leaves(t, val, keylen, s);
    for (int k = 0; k < NVAL; k++)
        sim_free(val[k].p);
    return rc;
}
