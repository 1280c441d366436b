/* heapspace_int.h -- the table's layout, shared by the files of heapspace/. */
#ifndef LOBSIM_HEAPSPACE_INT_H
#define LOBSIM_HEAPSPACE_INT_H

#include "heapspace.h"

/* Only hs_table_create() writes a table; everything else reads it. */
struct hs_table {
    hs_params_t p;
    uint32_t bs;
    uint64_t rows, seed;
    uint64_t ndata;     /* data blocks */
    uint32_t *first_id; /* [ndata + 1]: first row id of each data block; [ndata] = rows + 1 */
    uint32_t *addr;     /* [ndata]: the block's number in the segment */
    uint64_t nextents;
    uint32_t *ext_data; /* [nextents]: data blocks of each extent below the HWM */
    uint64_t meta;      /* segment header, L2 and L1 blocks below the HWM */
    uint64_t hwm;       /* blocks below the high-water mark */
    uint64_t col_bytes; /* sum over rows of the column bytes (length bytes included) */
    uint64_t max_rows;  /* Hakan factor */
};

/* Bytes a load leaves free in a block: pctfree percent of the block. */
uint32_t hs_reserve(const hs_params_t *p, uint32_t bs);
/* Room for rows and their directory entries in a table block. */
uint32_t hs_table_room(const hs_params_t *p, uint32_t bs);
/* Room for entries in an index leaf, and in a branch (one ITL fewer). */
uint32_t hs_leaf_room(const hs_params_t *p, uint32_t bs);
uint32_t hs_branch_room(const hs_params_t *p, uint32_t bs);
/* The splitmix64 hash standing in for ora_hash: hs_mix(hs_hash_start(seed,
 * id)), and the argument of row id + 1 is that of row id plus HS_HASH_STEP,
 * so that a loop over the rows carries it instead of multiplying. */
uint64_t hs_row_hash(uint64_t seed, uint64_t id);
#define HS_HASH_STEP 0x9e3779b97f4a7c15ULL
static inline uint64_t hs_hash_start(uint64_t seed, uint64_t id)
{
    return seed * 0xd1342543de82ef95ULL + id * HS_HASH_STEP;
}
static inline uint64_t hs_mix(uint64_t z)
{
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}
/* n and x of a row from its hash (hs_row_n, hs_row_x). */
static inline uint32_t hs_hash_n(uint64_t h)
{
    return (uint32_t)((h & 0xffffffffu) % 11);
}
static inline uint32_t hs_hash_x(uint64_t h)
{
    return (uint32_t)((h >> 32) % 101);
}

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
/* The 6-byte restricted rowid of row id: block address and row number. */
void hs_rowid(const hs_table_t *t, uint64_t id, uint8_t out[6]);

/*
 * The branch levels above `n` children, where sep[i] (1 <= i < n) is the
 * size of the branch entry that separates child i from child i - 1.  Fills
 * blevel and branch_blocks.  SIM_ENOMEM leaves them unset.
 */
sim_err_t hs_branches(const hs_table_t *t, const uint16_t *sep, uint64_t n, hs_index_stats_t *s);

#endif
