/*
 * heapspace.h -- heap table and index segments in a locally managed ASSM
 * tablespace of uniform extents: how many rows a block holds, how many blocks
 * ASSM spends on its bitmaps, how create index packs its entries, and what a
 * full scan and an index range scan read.  Prefix hs_.
 *
 * The data is the second published experiment's (results/reference/README.md,
 * "Second experiment"): id 1..rows, n = hash mod 11, x = lpad(hash mod 101, 20, '0').
 * ora_hash is not public; a seeded splitmix64 hash of (seed, id) stands in for
 * it (one 64-bit value per row: n from its low half, x from its high half).
 *
 * A table is built once by hs_table_create() (the direct-path CTAS) and read
 * only afterwards; the indexes and the queries are computed from it.
 */
#ifndef LOBSIM_HEAPSPACE_H
#define LOBSIM_HEAPSPACE_H

#include <stddef.h>
#include <stdint.h>

#include "sim.h"

/* The experiment's rows. */
#define HS_REF_ROWS 10000000u

/* hs_params_t.dict_cache: cold after a restart or a flush, or for the
 * first statement on objects the session's instance has not parsed yet
 * (a hard parse that reads the dictionary); warm when everything the parse
 * needs is cached (no recursive SQL). */
#define HS_DICT_COLD 0u
#define HS_DICT_WARM 1u

/* Every value is one for all block sizes.  README lists each one's source
 * and kind: (a) a documented format or a published dump, (b) a property of
 * the session or the system that the user sets, (c) fitted to a figure. */
typedef struct {
    uint32_t extent_kb;         /* uniform extent size */
    uint32_t pctfree;           /* percent of the block kept free by a load */
    uint32_t fixed_bytes;       /* cache header 20, transaction header 24, ASSM 8, tail 4 */
    uint32_t itl_bytes;         /* one interested transaction list entry */
    uint32_t table_itls;        /* ITL entries of a table block */
    uint32_t data_header_bytes; /* data header 14 and table directory 4 */
    uint32_t index_fixed_bytes; /* of an index block, neither entry space nor ITL nor header */
    uint32_t leaf_itls;         /* ITL entries of an index leaf block (itc) */
    uint32_t branch_itls;       /* ITL entries of an index branch block (itc) */
    uint32_t min_row_bytes;     /* smallest row a block reserves room for */
    uint32_t bbc_single_gap;    /* bitmaps: most zero bytes a one-bit atom skips (0..23) */
    uint32_t l1_small_kb;       /* L1 bitmaps map 16 blocks below this segment size */
    uint32_t l1_medium_kb;      /* 64 blocks below this, 256 above (1024 past 1 GB) */
    uint32_t mbrc_kb;           /* largest multiblock read */
    uint32_t arraysize;         /* rows per fetch (SQL*Plus arraysize) */
    uint32_t range_arraysize;   /* rows per fetch of the range query */
    uint32_t range_rows;        /* the range query: id between 1 and this */
    uint32_t few_rows;          /* the few-rows query: rownum <= this */
    /* The session (heap_sim's session.c): the instance's dictionary (row)
     * cache and buffer cache when the session connects, HS_DICT_COLD (they
     * hold none of what the session needs) or HS_DICT_WARM (all of it),
     * and the cost of each dictionary access the session makes. */
    uint32_t dict_cache;
    uint32_t dict_reads;      /* a hard parse: dictionary blocks read per object not read yet */
    uint32_t recursive_calls; /* a hard parse: recursive calls per object not in the row cache */
    uint32_t connect_reads;   /* the login: dictionary blocks read, when not read yet */
    uint32_t connect_calls;   /* the login: recursive calls, when its rows are not cached */
    uint32_t dict_block_size; /* the dictionary's (the database default) block size */
} hs_params_t;

void hs_params_defaults(hs_params_t *p);
/* Check p for a table of `rows` rows in blocks of block_size bytes; on
 * SIM_EINVAL one line naming the bad field and what is accepted. */
sim_err_t hs_params_check(const hs_params_t *p, uint32_t block_size, uint64_t rows, char *msg,
                          size_t len);

/* ---- the rows -------------------------------------------------------- */

/* Oracle's NUMBER of a non-negative integer: exponent byte and base-100
 * digits, trailing zero digits dropped.  Writes at most 21 bytes into out
 * (may be NULL); returns the length. */
int hs_number_encode(uint64_t v, uint8_t *out);
/* The experiment's columns of row `id` (1-based). */
uint32_t hs_row_n(uint64_t seed, uint64_t id);
uint32_t hs_row_x(uint64_t seed, uint64_t id);
/* The stored row: 3-byte header and each column's length byte and data. */
uint32_t hs_row_bytes(uint64_t seed, uint64_t id);

/* ---- the table ------------------------------------------------------- */

typedef struct hs_table hs_table_t;

typedef struct {
    uint64_t num_rows;
    uint64_t blocks;      /* below the high-water mark: data and ASSM blocks */
    uint64_t avg_row_len; /* column bytes, as dbms_stats rounds them */
    uint64_t data_blocks; /* blocks holding rows */
    uint64_t meta_blocks; /* segment header, L2 and L1 bitmap blocks */
    uint64_t extents;     /* extents below the high-water mark */
    uint64_t max_rows;    /* rows per block the table allows (Hakan factor) */
} hs_table_stats_t;

/* Load `rows` rows by direct path.  SIM_EINVAL (msg) or SIM_ENOMEM; *out
 * is NULL then and nothing stays allocated. */
sim_err_t hs_table_create(const hs_params_t *p, uint32_t block_size, uint64_t rows, uint64_t seed,
                          hs_table_t **out, char *msg, size_t len);
/* The same table loaded only as far as the block that holds row upto:
 * those blocks are the whole load's, and hs_table_block_of() and the
 * range and few-rows queries need no more (hs_query_range_upto(),
 * hs_query_few_rows_upto()).  Its stats, full scan and bitmap index are not
 * the table's: those take hs_table_create(). */
sim_err_t hs_table_create_prefix(const hs_params_t *p, uint32_t block_size, uint64_t rows,
                                 uint64_t seed, uint64_t upto, hs_table_t **out, char *msg,
                                 size_t len);
void hs_table_destroy(hs_table_t *t);
void hs_table_stats(const hs_table_t *t, hs_table_stats_t *s);
/* Invariants 1-5 of the README; SIM_ECORRUPT when one fails. */
sim_err_t hs_table_check(const hs_table_t *t);
/* The data block (0-based, in load order) holding row id. */
uint64_t hs_table_block_of(const hs_table_t *t, uint64_t id);

/* ---- indexes --------------------------------------------------------- */

typedef struct {
    uint64_t num_rows; /* entries (bitmap: pieces) */
    uint64_t blevel;
    uint64_t leaf_blocks;
    uint64_t branch_blocks;
    uint64_t per_leaf;     /* B-tree: entries in a full leaf */
    uint64_t sep_bytes;    /* the leaves' separators one level up: entries and slots */
    uint64_t bitmap_bytes; /* bitmap index: compressed bitmap bytes of all its pieces */
} hs_index_stats_t;

/* create index on (id) as unique (the primary key), on (x) non-unique, and
 * create bitmap index on (n). */
sim_err_t hs_index_pk(const hs_table_t *t, hs_index_stats_t *s);
sim_err_t hs_index_x(const hs_table_t *t, hs_index_stats_t *s);
sim_err_t hs_index_bitmap_n(const hs_table_t *t, hs_index_stats_t *s);
/* Bytes of a unique index's leaf entry whose key column is key_bytes long
 * (flag, lock, rowid, the key and its length byte), its slot apart. */
uint32_t hs_unique_entry_bytes(uint32_t key_bytes);
/* The ID index's num_rows, blevel, leaf_blocks and per_leaf as
 * hs_index_x() gives them, without placing the entries when the
 * separators' bounds settle blevel (branch_blocks and sep_bytes 0 then). */
sim_err_t hs_index_x_levels(const hs_table_t *t, hs_index_stats_t *s);

/* ---- an index DML grows (grow.c) --------------------------------------- */

/* A B-tree whose keys only rise within each of its sections (a primary
 * key's sequence; a LOB index's current section keyed by LOB id and its
 * reusable section keyed by the time a chunk was freed): inserts go to a
 * section's rightmost leaf and split it 90-10, a leaf emptied by deletes
 * goes to the free list for the next split.  grow.c's header has the
 * sources and what is left out. */
typedef struct hs_grow hs_grow_t;

typedef struct {
    uint64_t entries;       /* live */
    uint64_t per_leaf;      /* entries a leaf holds */
    uint64_t leaf_blocks;   /* in the tree, the root leaf of an empty index included */
    uint64_t branch_blocks; /* in the tree now */
    uint64_t blevel;
    uint64_t free_blocks; /* emptied leaves on the free list */
    uint64_t blocks;      /* ever formatted: leaves and the most branch blocks */
} hs_grow_stats_t;

/* An empty index (its root leaf) of `sections` sections, leaf entries of
 * `entry` bytes and branch entries of `sep` bytes (each and its 2-byte
 * slot) in blocks of bs bytes.  SIM_EINVAL when an entry is 0 or does not
 * fit. */
sim_err_t hs_grow_create(const hs_params_t *p, uint32_t bs, uint32_t entry, uint32_t sep,
                         uint32_t sections, hs_grow_t **out);
void hs_grow_destroy(hs_grow_t *g);
/* n entries above the section's highest, of `entry` bytes each (0: the
 * index's); *first (may be NULL) the first one's position in the section,
 * for hs_grow_delete().  SIM_ENOMEM (or SIM_EINVAL for an entry no leaf
 * holds) leaves the index unchanged. */
sim_err_t hs_grow_insert(hs_grow_t *g, uint32_t section, uint64_t n, uint32_t entry,
                         uint64_t *first);
/* The entries at positions first..first+n-1 go (those gone already are
 * passed over). */
void hs_grow_delete(hs_grow_t *g, uint32_t section, uint64_t first, uint64_t n);
/* The entry at position q, deleted, is back (a rolled-back delete); its
 * leaf back in the tree if it had left. */
void hs_grow_undelete(hs_grow_t *g, uint32_t section, uint64_t q);
/* The section's n oldest live entries go; returns how many there were. */
uint64_t hs_grow_delete_oldest(hs_grow_t *g, uint32_t section, uint64_t n);
void hs_grow_stats(const hs_grow_t *g, hs_grow_stats_t *s);
/* Leaves and entries agree; SIM_ECORRUPT when not. */
sim_err_t hs_grow_check(const hs_grow_t *g);

/* ---- queries ---------------------------------------------------------- */

/* What one statement costs, its own work only: the recursive SQL of its
 * parse is the session's (heap_sim counts it in a part of its own). */
typedef struct {
    uint64_t reads_direct;   /* blocks read by direct path */
    uint64_t reads_cache;    /* blocks read into the buffer cache */
    uint64_t read_requests;  /* read calls */
    uint64_t multi_requests; /* read calls of more than one block */
    uint64_t read_bytes;
    uint64_t consistent_gets;
    uint64_t rows;
    uint64_t roundtrips;
} hs_query_t;

/* select * from t (serial direct-path full scan). */
void hs_query_fts(const hs_table_t *t, hs_query_t *q);
/* select * where id between 1 and range_rows, through the primary key. */
sim_err_t hs_query_range(const hs_table_t *t, hs_query_t *q);
/* select * where x = '000...0' and rownum <= few_rows, through ID_nnK. */
sim_err_t hs_query_few_rows(const hs_table_t *t, hs_query_t *q);
/* The last row id each of the two reads: they run on a table loaded as
 * far as that (hs_table_create_prefix()). */
uint64_t hs_query_range_upto(const hs_params_t *p, uint64_t rows);
uint64_t hs_query_few_rows_upto(const hs_params_t *p, uint64_t rows, uint64_t seed);

#endif
