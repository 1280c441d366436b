/* heapspace_int.h -- the table's layout, shared by the files of heapspace/. */
#ifndef LOBSIM_HEAPSPACE_INT_H
#define LOBSIM_HEAPSPACE_INT_H

#include "heapspace.h"
#include "hash_int.h"

/* Only hs_table_create() writes a table; everything else reads it. */
struct hs_table {
    hs_params_t p;
    uint32_t bs;
    uint64_t rows, seed;
    /* Rows loaded: rows, or for hs_table_create_prefix() those of the
     * blocks up to the one holding its `upto`.  The figures of the whole
     * table (stats, the full scan, the ID and bitmap builds) need all. */
    uint64_t loaded;
    uint64_t ndata;     /* data blocks */
    uint32_t *first_id; /* [ndata + 1]: first row id of each data block; [ndata] = loaded + 1 */
    uint32_t *addr;     /* [ndata]: the block's number in the segment */
    uint64_t nextents;
    uint32_t *ext_data; /* [nextents]: data blocks of each extent below the HWM */
    uint64_t meta;      /* segment header, L2 and L1 blocks below the HWM */
    uint64_t hwm;       /* blocks below the high-water mark */
    uint64_t col_bytes; /* sum over rows of the column bytes (length bytes included) */
    uint64_t max_rows;  /* Hakan factor */
};

/* Bytes a load or an index build leaves free in a block: pctfree percent
 * of the whole block, rounded down (819 of 8192 at 10 %). */
uint32_t hs_reserve(const hs_params_t *p, uint32_t bs);
/* Room for rows and their directory entries in a table block. */
uint32_t hs_table_room(const hs_params_t *p, uint32_t bs);

/*
 * Index blocks as the published dumps show them (heapspace/README.md,
 * "Index formats", cites each).  Offsets in a dump count from the index
 * header; entries are packed downward from kdxlebksz (leaf) or kdxbrbksz
 * (branch), the row directory grows upward after the header:
 *
 *   kdxlebksz = B - index_fixed_bytes - itl_bytes x leaf_itls   (8032 at 8k, 11.2 on)
 *   kdxbrbksz = B - index_fixed_bytes - itl_bytes x branch_itls (8056 at 8k)
 *   leaf header kdxco 16 + kdxle 20 = 36, branch header kdxco 16 + kdxbr 12 = 28,
 *   a row directory slot (kd_off[]) 2 bytes per entry.
 */
#define HS_LEAF_HEADER 36u
#define HS_BRANCH_HEADER 28u
#define HS_SLOT 2u
#define HS_ROWID 6u /* block address 4, row 2: the segment's restricted rowid */
#define HS_DBA 4u   /* a branch entry's child block address */
#define HS_TERM 1u  /* a branch entry's marker for its truncated trailing columns */

/* A column as an index entry stores it: a length byte, two for a long
 * column (a 2000-byte key makes an entry of 2011 bytes, a 3519-byte bitmap
 * one of 3540; 250 as the bound is the row format's, the dumps show only
 * that 30 bytes take one), and the data. */
static inline uint32_t hs_col(uint32_t len)
{
    return (len <= 250 ? 1u : 2u) + len;
}
/* A unique leaf entry: flag, lock, the rowid (6, no length byte: it is not
 * a column, kdxconco counts the key only), then the key column. */
static inline uint32_t hs_unique_entry(uint32_t key)
{
    return 2 + HS_ROWID + hs_col(key);
}
/* A non-unique leaf entry: flag, lock, the key column, the rowid as the
 * last column (with its length byte). */
static inline uint32_t hs_nonunique_entry(uint32_t key)
{
    return 2 + hs_col(key) + hs_col(HS_ROWID);
}
/* A bitmap leaf entry: flag, lock, the key, the start and end rowids as
 * columns, and the bitmap. */
static inline uint32_t hs_bitmap_entry(uint32_t key, uint32_t bitmap)
{
    return 2 + hs_col(key) + 2 * hs_col(HS_ROWID) + hs_col(bitmap);
}
/* A branch entry: the child's address, the columns it keeps (each
 * hs_col()), and one TERM byte when trailing columns were cut off; no
 * flag or lock byte.  `kept` is the sum of hs_col() of the kept columns. */
static inline uint32_t hs_branch_entry(uint32_t kept, int truncated)
{
    return HS_DBA + kept + (truncated ? HS_TERM : 0);
}

/* Bytes for entries and their slots in a leaf (kdxlebksz less the header)
 * and in a branch block (kdxbrbksz less the header). */
uint32_t hs_leaf_space(const hs_params_t *p, uint32_t bs);
uint32_t hs_branch_space(const hs_params_t *p, uint32_t bs);
/* What create index lets entries and slots use: a leaf takes the next
 * entry while the space left after it is at least hs_reserve() (pctfree of
 * the whole block); branch blocks are packed full (pctfree is not honoured
 * in them).  A block's first entry always goes in. */
uint32_t hs_leaf_room(const hs_params_t *p, uint32_t bs);
uint32_t hs_branch_room(const hs_params_t *p, uint32_t bs);

/* A leaf create index is filling: it takes the next entry (bytes with its
 * slot) while the bytes used after it stay within `room` (hs_leaf_room():
 * the space left after it is at least pctfree of the block); its first
 * entry always goes in.  The last leaf holds what is left. */
typedef struct {
    uint32_t room, used;
    uint64_t entries;
} hs_fill_t;

static inline int hs_fill_fits(const hs_fill_t *f, uint32_t need)
{
    return f->entries == 0 || f->used + need <= f->room;
}
static inline void hs_fill_add(hs_fill_t *f, uint32_t need)
{
    f->used += need, f->entries++;
}
/* The leaf is full: start the next one. */
static inline void hs_fill_next(hs_fill_t *f)
{
    f->used = 0, f->entries = 0;
}

/* Shortest prefix of b that sorts above a (the separator a branch keeps):
 * bytes up to the first that differs; a prefix of b one byte longer than a
 * when a is a prefix of b. */
uint32_t hs_prefix_above(const uint8_t *a, uint32_t la, const uint8_t *b, uint32_t lb);

/*
 * The NUMBER length of ids taken in rising order, without encoding each:
 * 1 + the base-100 digits below the magnitude's bound, less trailing zero
 * digits, which only an id that is a multiple of 100 has.
 */
typedef struct {
    uint64_t id;    /* the id whose length hs_idlen_next() returns next */
    uint64_t bound; /* first id with one more base-100 digit */
    uint32_t plain; /* length of an id of this magnitude not a multiple of 100 */
    uint32_t to100; /* ids before the next multiple of 100 */
} hs_idlen_t;

void hs_idlen_start(hs_idlen_t *it, uint64_t id);
static inline uint32_t hs_idlen_next(hs_idlen_t *it)
{
    uint32_t len;
    if (it->to100 == 0) {
        len = (uint32_t)hs_number_encode(it->id, NULL);
        it->to100 = 100;
    } else {
        len = it->plain;
    }
    it->to100--;
    if (++it->id == it->bound) { /* one more base-100 digit from here */
        it->bound = it->bound > UINT64_MAX / 100 ? UINT64_MAX : it->bound * 100;
        it->plain++;
    }
    return len;
}
/* The 6-byte restricted rowid of row id: block address and row number;
 * and of row `slot` of data block b (0-based, in load order). */
void hs_rowid(const hs_table_t *t, uint64_t id, uint8_t out[6]);
void hs_rowid_at(const hs_table_t *t, uint64_t b, uint32_t slot, uint8_t out[6]);

/*
 * The branch levels above `n` children, where sep[i] (1 <= i < n) is the
 * bytes (entry and slot) of the branch entry that separates child i from
 * child i - 1; a branch block's first child is its header's kdxbrlmc and
 * needs no entry.  Fills blevel, branch_blocks and sep_bytes.  SIM_ENOMEM
 * leaves them unset.
 */
sim_err_t hs_branches(const hs_table_t *t, const uint16_t *sep, uint64_t n, hs_index_stats_t *s);

/* The primary key's build with each leaf reported as it is closed, in key
 * order: its entries and the bytes they and their slots take.  on_leaf may
 * be NULL (hs_index_pk). */
typedef void (*hs_leaf_fn)(void *arg, uint64_t entries, uint32_t bytes);
sim_err_t hs_index_pk_leaves(const hs_table_t *t, hs_index_stats_t *s, hs_leaf_fn on_leaf,
                             void *arg);

/*
 * Oracle's bitmap compression (a one-sided byte-aligned bitmap code) of a
 * bitmap piece, a byte at a time: the bytes with a bit set, in order, each
 * with the number of zero bytes before it.  The atoms:
 *
 *   0x00..0xBF  one set bit: skip N zero bits, set the next (N = 8 x zero
 *               bytes + the bit's place in its byte, so at most 23 zero
 *               bytes; params.bbc_single_gap lowers that bound);
 *   11GGGLLL    a gap of zero bytes, then LLL + 1 literal bytes (1..8):
 *               GGG 001..110 a gap of 0..5, 111 a gap of 6 + the following
 *               length bytes, 7 bits each (high bit: another follows).
 *
 * A byte that follows the open atom's last literal joins it while the atom
 * has fewer than 8; else a byte with one bit set is a one-bit atom when it
 * can be; else a new gap/literal atom.  Bits are numbered from the low bit.
 */
typedef struct {
    uint64_t bytes;      /* of the piece so far */
    uint32_t open;       /* literals of the open gap/literal atom, 0 if none */
    uint32_t single_gap; /* most zero bytes a one-bit atom skips (<= 23) */
    uint64_t ctl;        /* hs_bbc_put's out: where the open atom's control byte is */
} hs_bbc_t;

/* Bytes the gap/literal atom's gap takes beyond its control byte: none
 * up to 5, one up to 6 + 127, two up to 6 + 128^2 - 1, ... */
static inline uint32_t hs_bbc_gap_bytes(uint64_t gap)
{
    if (gap >= 6 + (1u << 14)) { /* rare: counted */
        uint32_t n = 1;
        for (gap -= 6; gap >= 128; gap >>= 7)
            n++;
        return n;
    }
    return (uint32_t)(gap >= 6) + (uint32_t)(gap >= 6 + 128);
}

/* What a byte after `gap` zero bytes adds to the piece, by whether it has
 * one bit set (one_bit 1) or more: the bytes, and the open atom's literals
 * after it (*open).  A one-bit atom may skip at most single_gap zero bytes.
 * Without branches: which form a byte takes is as good as random. */
static inline uint32_t hs_bbc_step(uint32_t *open, uint64_t gap, uint32_t one_bit,
                                   uint32_t single_gap)
{
    uint32_t o = *open;
    uint32_t join = (uint32_t)(gap == 0) & (uint32_t)(o - 1u < 7u); /* open 1..7 */
    uint32_t one = one_bit & (uint32_t)(gap <= single_gap) & (join ^ 1u);
    *open = 1 + join * o - one; /* join: o + 1; a one-bit atom: 0; else 1 */
    return 1 + (1 + hs_bbc_gap_bytes(gap)) * (1 - (join | one));
}

/* The same for the byte `bits` (not 0). */
static inline uint32_t hs_bbc_cost(uint32_t *open, uint64_t gap, uint32_t bits, uint32_t single_gap)
{
    return hs_bbc_step(open, gap, (uint32_t)((bits & (bits - 1)) == 0), single_gap);
}

/* Byte `bits` after `gap` zero bytes into the piece; with out != NULL the
 * atom's bytes are written at out[s->bytes...] (out holds at least
 * s->bytes + 12).  Returns the bytes added. */
uint32_t hs_bbc_put(hs_bbc_t *s, uint64_t gap, uint32_t bits, uint8_t *out);

/* A piece's `n` bytes back to its set bits, numbered from the piece's
 * first byte's low bit, under the one-bit reading single_gap (the most
 * zero bytes a one-bit atom skips: 23 reads 0x00..0xBF as N = 0..191 zero
 * bits then a bit; 0 only 0x00..0x07).  Writes at most `max` bit numbers
 * into bits (may be NULL); returns how many there are, or -1 when the
 * bytes are not a piece under that reading (a one-bit atom past it, a
 * control byte 0xC0..0xC7, a gap or literals cut short). */
int64_t hs_bbc_decode(const uint8_t *in, size_t n, uint32_t single_gap, uint64_t *bits, size_t max);

#endif
