/*
 * index.c -- each LOB segment's LOB index (SYS_IL...$$, LOBINDEX in
 * user_segments): a B-tree segment of its own beside the LOB segment, in
 * its tablespace, made and dropped with it (heapspace's growing index,
 * grow.c, over this file's extents).
 *
 * Its two sections (Jonathan Lewis, "Basicfile LOBS 3", 22 Aug 2016:
 * "N sections to index the current LOB chunks by LOB id, alternating with
 * N sections to map the reusable LOB chunks by deletion time"):
 * - current (0): a BasicFile version out of the row enters
 *   life_lob_index_entries() entries when it is written
 *   (life_lobindex_add()) and leaves them when its last row lets it go or
 *   its insert is rolled back (life_lobindex_remove());
 * - reusable (1): the chunks that let-go frees, one entry a chunk ("When
 *   the chunk is re-used the index entry is deleted", Lewis,
 *   comp.databases.oracle.server, 13 May 2012: an entry a chunk), oldest
 *   first out: taken off a free pool (life_lobindex_reused()), or, with
 *   free pools off, when the chunk enters the segment's shared free space
 *   (sync_freed(): the model's pool-less reading, where that space
 *   is the reusable section).
 * An entry is 50 bytes: flag, lock, 32 bytes of data (8 chunk addresses,
 * or the LOB's 16-byte inode and 4 addresses in a version's first entry
 * when the row holds no inode) and the key, the LOB id (10) and the page
 * number (4) with a length byte each (dbsnake.net, "Some LOB internal",
 * 2011; OpenLogReplicator's parser, which reads entries of 50 bytes, data
 * 32: life.lobindex_entry_bytes).  A SecureFile keeps its chunks in its
 * own map blocks: its LOB index stays an empty root.  The FREEPOOLS
 * sections beyond one pair are not kept apart (their right-hand leaves
 * are left out).
 */
#include <string.h>

#include "life_sim_int.h"

enum { CURRENT = 0, REUSABLE = 1 };

uint64_t life_lob_index_entries(const life_db_t *db, const life_seg_t *g, uint32_t i)
{
    const life_lob_t *l = life_lob_at(db, i);
    if (g->o.securefile || l->inrow || l->nchunks == 0)
        return 0;
    uint64_t blocks = (l->stored + g->payload - 1) / g->payload;
    uint64_t chunks = (blocks + g->chunk_blocks - 1) / g->chunk_blocks;
    uint64_t per = db->p.lobindex_chunks;
    if (g->o.in_row) {
        /* the row's locator lists the first chunks */
        uint64_t listed = db->p.lobindex_inrow_chunks;
        return chunks <= listed ? 0 : (chunks - listed + per - 1) / per;
    }
    /* DISABLE STORAGE IN ROW: the first entry holds the 16-byte inode and
     * so 4 addresses fewer (dbsnake.net 2011; OpenLogReplicator's
     * Transaction.cpp starts page 0's addresses at byte 16) */
    uint64_t first = per > 4 ? per - 4 : 1;
    return chunks <= first ? 1 : 1 + (chunks - first + per - 1) / per;
}

/* A branch entry of the LOB index: a child address (4) and the LOB id kept
 * whole with its length byte (rising ids differ in their last bytes). */
#define SEP_BYTES (4u + 1u + 10u)

sim_err_t life_lobindex_create(life_db_t *db, life_seg_t *g)
{
    if (g->ix)
        return SIM_OK;
    hs_params_t hp;
    hs_params_defaults(&hp);
    g->ix_freed_seen = 0;
    return hs_grow_create(&hp, g->block_size, db->p.lobindex_entry_bytes, SEP_BYTES, 2, &g->ix);
}

void life_lobindex_destroy(life_seg_t *g)
{
    hs_grow_destroy(g->ix);
    g->ix = NULL;
}

/* With free pools off, the chunks that entered the shared free space since
 * the last look leave the reusable section, oldest first. */
static void sync_freed(const life_db_t *db, life_seg_t *g)
{
    if (g->ix == NULL || g->space == NULL || (db->p.bf_pools && !g->o.securefile))
        return;
    uint64_t freed = lob_space_freed_shared(g->space);
    if (freed > g->ix_freed_seen) {
        hs_grow_delete_oldest(g->ix, REUSABLE, freed - g->ix_freed_seen);
        g->ix_freed_seen = freed;
    }
}

sim_err_t life_lobindex_add(life_db_t *db, life_seg_t *g, uint32_t i)
{
    life_lob_t *l = life_lob_at(db, i);
    uint64_t n = life_lob_index_entries(db, g, i);
    if (g->ix == NULL || n == 0 || l->ix_n)
        return SIM_OK;
    sync_freed(db, g);
    sim_err_t rc = hs_grow_insert(g->ix, CURRENT, n, 0, &l->ix_pos);
    if (rc == SIM_OK)
        l->ix_n = (uint32_t)n;
    return rc;
}

/* Version l's current entries out of the tree (positions kept). */
static void drop_current(life_seg_t *g, const life_lob_t *l)
{
    if (g->ix && l->ix_n && !l->ix_freed)
        hs_grow_delete(g->ix, CURRENT, l->ix_pos, l->ix_n);
}

void life_lobindex_remove(life_db_t *db, life_seg_t *g, uint32_t i)
{
    life_lob_t *l = life_lob_at(db, i);
    drop_current(g, l);
    l->ix_n = 0;
    l->ix_freed = 0;
}

/* Whether version i's freed chunks enter the reusable section. */
static int reusable(const life_seg_t *g, const life_lob_t *l)
{
    return g->ix && !g->o.securefile && !l->inrow && l->nchunks > 0;
}

sim_err_t life_lobindex_free(life_db_t *db, life_seg_t *g, uint32_t i)
{
    life_lob_t *l = life_lob_at(db, i);
    drop_current(g, l);
    l->ix_freed = 1; /* positions kept: a rollback brings them back */
    if (!reusable(g, l))
        return SIM_OK;
    sync_freed(db, g);
    return hs_grow_insert(g->ix, REUSABLE, l->nchunks, 0, &l->ix_rpos);
}

void life_lobindex_back(life_db_t *db, life_seg_t *g, uint32_t i)
{
    life_lob_t *l = life_lob_at(db, i);
    if (!l->ix_freed) {
        (void)life_lobindex_add(db, g, i); /* out of memory: left out */
        return;
    }
    for (uint64_t q = l->ix_pos; g->ix && q < l->ix_pos + l->ix_n; q++)
        hs_grow_undelete(g->ix, CURRENT, q);
    if (reusable(g, l))
        hs_grow_delete(g->ix, REUSABLE, l->ix_rpos, l->nchunks);
    l->ix_freed = 0;
}

void life_lobindex_reused(life_seg_t *g, uint64_t chunks)
{
    if (g->ix)
        hs_grow_delete_oldest(g->ix, REUSABLE, chunks);
}

void life_lobindex_figures(life_db_t *db, life_seg_t *g, uint64_t *blocks, uint64_t *extents)
{
    *blocks = *extents = 0;
    if (g->ix == NULL)
        return;
    sync_freed(db, g);
    life_lobindex_extents(g, NULL, NULL, blocks, extents);
}

void life_lobindex_extents(const life_seg_t *g, lob_extent_fn fn, void *arg, uint64_t *blocks,
                           uint64_t *extents)
{
    /* in the LOB's tablespace */
    life_extents_for(life_index_hwm(g->ix), g->block_size, g->uniform_bytes, blocks, extents, fn,
                     arg);
}

void life_lobindex_unused(life_db_t *db, life_seg_t *g, lob_unused_t *out)
{
    sync_freed(db, g);
    life_extents_unused(life_index_hwm(g->ix), g->block_size, g->uniform_bytes, out);
}
