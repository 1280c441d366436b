/*
 * query.c -- what the three queries read.
 *
 *   fts       direct-path reads of each extent's data blocks below the HWM,
 *             at most mbrc_kb per call, never across an extent (the ASSM
 *             blocks at an extent's start are skipped); one consistent get
 *             per block, one more per fetch after the first (the block a
 *             fetch stopped in is got again) and one of the segment header.
 *   range     the primary key from the root down to the first leaf, the
 *             leaves of ids 1..range_rows and the table blocks they point to
 *             (well clustered: each block once), single-block reads into the
 *             cache; gets as the reads plus, per later fetch, the leaf and
 *             the table block that fetch resumes in.
 *   few_rows  ID_nnK from the root to the leaves of the first few_rows
 *             entries of x = '000...0' (the lowest key), and the table blocks
 *             of those rows, scattered by the hash: each distinct block once.
 *
 * Round trips: SQL*Plus fetches arraysize rows a call until a short one.
 */
#include <string.h>

#include "heapspace_int.h"

static uint64_t roundtrips(uint64_t rows, uint64_t arraysize)
{
    return rows / arraysize + 1;
}

void hs_query_fts(const hs_table_t *t, hs_query_t *q)
{
    memset(q, 0, sizeof *q);
    const uint64_t per_call = t->p.mbrc_kb * 1024ULL / t->bs;
    for (uint64_t e = 0; e < t->nextents; e++) {
        uint64_t d = t->ext_data[e], full = d / per_call, rest = d % per_call;
        q->read_requests += full + (rest != 0);
        q->multi_requests += (per_call > 1 ? full : 0) + (rest > 1);
        q->reads_direct += d;
    }
    q->read_bytes = q->reads_direct * t->bs;
    q->rows = t->rows;
    q->roundtrips = roundtrips(t->rows, t->p.arraysize);
    q->consistent_gets = q->reads_direct + (q->roundtrips - 1) + 1;
}

/* Single-block reads of `blocks` blocks into the cache. */
static void cache_reads(hs_query_t *q, uint64_t blocks, uint32_t bs)
{
    q->reads_cache += blocks;
    q->read_requests += blocks;
    q->read_bytes += blocks * bs;
}

/* The leaves that hold ids 1..last: those whose first id is at most last. */
typedef struct {
    uint64_t last, next_id, leaves;
} upto_t;

static void count_upto(void *arg, uint64_t entries, uint32_t bytes)
{
    upto_t *u = arg;
    (void)bytes;
    u->leaves += u->next_id <= u->last;
    u->next_id += entries;
}

uint64_t hs_query_range_upto(const hs_params_t *p, uint64_t rows)
{
    return p->range_rows < rows ? p->range_rows : rows;
}

sim_err_t hs_query_range(const hs_table_t *t, hs_query_t *q)
{
    memset(q, 0, sizeof *q);
    uint64_t last = hs_query_range_upto(&t->p, t->rows);
    upto_t u = {last, 1, 0};
    hs_index_stats_t pk;
    sim_err_t rc = hs_index_pk_leaves(t, &pk, count_upto, &u);
    if (rc != SIM_OK)
        return rc;
    uint64_t blocks = hs_table_block_of(t, last) - hs_table_block_of(t, 1) + 1;
    cache_reads(q, pk.blevel + u.leaves + blocks, t->bs);
    q->rows = last;
    q->roundtrips = roundtrips(last, t->p.range_arraysize);
    q->consistent_gets = pk.blevel + u.leaves + blocks + 2 * (q->roundtrips - 1);
    return SIM_OK;
}

uint64_t hs_query_few_rows_upto(const hs_params_t *p, uint64_t rows, uint64_t seed)
{
    uint64_t found = 0, id = 0;
    while (id < rows && found < p->few_rows)
        found += hs_row_x(seed, ++id) == 0;
    return id;
}

sim_err_t hs_query_few_rows(const hs_table_t *t, hs_query_t *q)
{
    memset(q, 0, sizeof *q);
    hs_index_stats_t ix;
    sim_err_t rc = hs_index_x_levels(t, &ix);
    if (rc != SIM_OK)
        return rc;
    uint64_t found = 0, blocks = 0, last_block = UINT64_MAX;
    for (uint64_t id = 1; id <= t->rows && found < t->p.few_rows; id++) {
        if (hs_row_x(t->seed, id) != 0)
            continue;
        found++;
        uint64_t b = hs_table_block_of(t, id);
        blocks += b != last_block;
        last_block = b;
    }
    uint64_t leaves = found ? (found + ix.per_leaf - 1) / ix.per_leaf : 1;
    cache_reads(q, ix.blevel + leaves + blocks, t->bs);
    q->rows = found;
    q->roundtrips = roundtrips(found, t->p.arraysize);
    q->consistent_gets = ix.blevel + leaves + blocks + 2 * (q->roundtrips - 1);
    return SIM_OK;
}
