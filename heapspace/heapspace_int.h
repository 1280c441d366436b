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
/* The splitmix64 hash standing in for ora_hash. */
uint64_t hs_row_hash(uint64_t seed, uint64_t id);
/* The 6-byte restricted rowid of row id: block address and row number. */
void hs_rowid(const hs_table_t *t, uint64_t id, uint8_t out[6]);

/*
 * The branch levels above `n` children, where sep[i] (1 <= i < n) is the
 * size of the branch entry that separates child i from child i - 1.  Fills
 * blevel and branch_blocks.  SIM_ENOMEM leaves them unset.
 */
sim_err_t hs_branches(const hs_table_t *t, const uint16_t *sep, uint64_t n, hs_index_stats_t *s);

#endif
