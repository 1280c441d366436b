/*
 * table.c -- a script's tables: their rows, their table segment, and the
 * figures of both segments after a step as Oracle's views show them.
 *
 * The table segment is a heap segment under automatic allocation (the
 * schedule of lobspace.h: 64 KB extents, then 1 MB, ...): ASSM's segment
 * header and first L2 and L1 bitmap blocks (heapspace/README.md), then as
 * many blocks as the rows need at PCTFREE, never fewer than before: a heap
 * segment keeps its blocks when rows go.  A row is its header (flag, lock,
 * column count), its columns with their length bytes (an Oracle NUMBER for
 * the id, the LOB locator or the in-row LOB) and its row-directory entry.
 */
#include <stdio.h>
#include <string.h>

#include "life_sim_int.h"

/* Bytes of an Oracle NUMBER holding integer v: an exponent byte and a
 * byte per base-100 digit, trailing zero digits dropped (a negative number
 * also keeps a terminator byte). */
uint64_t life_number_bytes(int64_t v)
{
    if (v == 0)
        return 1;
    uint64_t u = v < 0 ? (uint64_t)(-(v + 1)) + 1 : (uint64_t)v;
    while (u % 100 == 0)
        u /= 100;
    uint64_t digits = 0;
    for (; u > 0; u /= 100)
        digits++;
    return 1 + digits + (v < 0);
}

uint64_t life_row_bytes(const life_db_t *db, const life_table_t *t, const life_row_t *r)
{
    uint64_t n = 3 + db->p.row_dir_bytes;
    if (t->def->id_col >= 0)
        n += 1 + life_number_bytes(r->id);
    for (uint32_t k = 0; k < t->nlob; k++) {
        uint64_t b = life_lob_row_bytes(db, r->lob[k]);
        n += b == 0 ? 1 : b + (b > 250 ? 3 : 1);
    }
    return n;
}

sim_err_t life_row_add(life_db_t *db, life_table_t *t, int64_t id, uint64_t *row)
{
    (void)db;
    if (t->rows.size == 0) /* 8,192 rows a page (256 KB) */
        sim_paged_init(&t->rows, sizeof(life_row_t), 13);
    if (t->nrows >= sim_paged_cap(&t->rows) && sim_paged_reserve(&t->rows, t->nrows + 1) != SIM_OK)
        return SIM_ENOMEM;
    life_row_t *r = life_row_at(t, t->nrows);
    memset(r, 0, sizeof *r);
    r->id = id;
    r->alive = 1;
    r->pk_pos = UINT64_MAX; /* no entry in its key's index yet (keys.c) */
    *row = t->nrows++;
    t->live_rows++;
    t->has_segment = 1;
    return SIM_OK;
}

uint64_t life_table_uniform(const life_db_t *db, const life_table_t *t)
{
    const scr_tablespace_t *ts =
        t->def->tablespace >= 0 ? &db->s->tablespaces[t->def->tablespace] : NULL;
    return ts && ts->uniform ? ts->uniform_size : 0;
}

/* The blocks below the table segment's high-water mark: its headers and
 * the blocks its rows have ever needed. */
static uint64_t table_hwm(const life_db_t *db, const life_table_t *t)
{
    uint64_t bs = t->block_size;
    uint64_t usable = (bs - db->p.table_block_overhead) * (100 - db->p.pctfree) / 100;
    return 3 + (t->row_bytes_hwm + usable - 1) / usable;
}

/* The table segment's blocks and extents, each extent to fn (NULL: none). */
static void table_extents(const life_db_t *db, const life_table_t *t, uint64_t *blocks,
                          uint64_t *extents, lob_extent_fn fn, void *arg)
{
    life_extents_for(table_hwm(db, t), t->block_size, life_table_uniform(db, t), blocks, extents,
                     fn, arg);
}

void life_table_unused(const life_db_t *db, const life_table_t *t, lob_unused_t *out)
{
    memset(out, 0, sizeof *out);
    if (t->has_segment)
        life_extents_unused(table_hwm(db, t), t->block_size, life_table_uniform(db, t), out);
}

void life_table_extents(const life_db_t *db, const life_table_t *t, lob_extent_fn fn, void *arg)
{
    uint64_t blocks, extents;
    if (t->has_segment)
        table_extents(db, t, &blocks, &extents, fn, arg);
}

uint64_t life_table_extent_count(const life_db_t *db, const life_table_t *t)
{
    uint64_t blocks, extents = 0;
    if (t->has_segment)
        table_extents(db, t, &blocks, &extents, NULL, NULL);
    return extents;
}

void life_table_figures(life_db_t *db, const life_table_t *t, sim_stats_t *st)
{
    memset(st, 0, sizeof *st);
    if (t->has_segment) {
        uint64_t bs = t->block_size;
        uint64_t blocks, extents;
        table_extents(db, t, &blocks, &extents, NULL, NULL);
        st->v[SIM_STAT_SEG_TAB_BLOCKS] = blocks;
        st->v[SIM_STAT_SEG_TAB_BYTES] = blocks * bs;
        st->v[SIM_STAT_SEG_TAB_EXTENTS] = extents;
    }
}

void life_seg_name(const life_db_t *db, const life_table_t *t, uint32_t k, char *out, size_t len)
{
    const life_seg_t *g = &t->seg[k];
    if (k >= LIFE_MAX_LOBCOLS) {
        /* partition p's LOB partition: its clause's name, else Oracle's
         * SYS_LOB_P<n>, n its object number, which the model counts in
         * the order the LOB partitions are made (script/partition.c) */
        const scr_partition_t *pt = &t->def->parts[k / LIFE_MAX_LOBCOLS - 1];
        if (*g->o.segment)
            snprintf(out, len, "%s", g->o.segment);
        else
            snprintf(out, len, "SYS_LOB_P%u", pt->number + k % LIFE_MAX_LOBCOLS);
        return;
    }
    if (g->o.segment[0])
        snprintf(out, len, "%s", g->o.segment);
    else
        /* Oracle's SYS_LOB<obj#>C<intcol#>$$: the table's object number
         * (the script's tables numbered from 1 in the order they were
         * created: a dictionary's own numbers cannot be known) and the
         * column's number in the table. */
        snprintf(out, len, "SYS_LOB%010uC%05u$$", (unsigned)(t - db->tables) + 1,
                 (unsigned)t->lobcol[k] + 1);
}

void life_lob_figures(life_db_t *db, const life_table_t *t, uint32_t k, sim_stats_t *st)
{
    memset(st, 0, sizeof *st);
    if (k >= t->nseg || !life_slot_used(t, k) || t->seg[k].space == NULL)
        return;
    const life_seg_t *g = &t->seg[k];
    lob_space_info_t in;
    lob_space_get_info(g->space, &in);
    uint64_t bs = g->block_size;
    st->v[SIM_STAT_DSU_SEGMENT_BLOCKS] = in.blocks;
    st->v[SIM_STAT_DSU_SEGMENT_BYTES] = in.blocks * bs;
    st->v[SIM_STAT_DSU_USED_BLOCKS] = in.used_blocks;
    st->v[SIM_STAT_DSU_USED_BYTES] = in.used_blocks * bs;
    st->v[SIM_STAT_DSU_EXPIRED_BLOCKS] = in.expired_blocks;
    st->v[SIM_STAT_DSU_EXPIRED_BYTES] = in.expired_blocks * bs;
    st->v[SIM_STAT_DSU_UNEXPIRED_BLOCKS] = in.unexpired_blocks;
    st->v[SIM_STAT_DSU_UNEXPIRED_BYTES] = in.unexpired_blocks * bs;
    st->v[SIM_STAT_SEG_LOB_BLOCKS] = in.blocks;
    st->v[SIM_STAT_SEG_LOB_BYTES] = in.blocks * bs;
    st->v[SIM_STAT_SEG_LOB_EXTENTS] = in.extents;
    st->v[SIM_STAT_FREE_CHUNKS] = in.free_chunks;
    st->v[SIM_STAT_FREE_LARGEST] = in.largest_free;
    /* Free chunks by size, from the buckets (bucket b holds 2^b to
     * 2^(b+1)-1 blocks): 1 block; 2-7; 8-63; 64 and more. */
    uint64_t hist[LOB_SPACE_BUCKETS];
    lob_space_free_histogram(g->space, hist);
    for (unsigned b = 0; b < LOB_SPACE_BUCKETS; b++)
        st->v[b == 0  ? SIM_STAT_FREE_1
              : b < 3 ? SIM_STAT_FREE_2_7
              : b < 6 ? SIM_STAT_FREE_8_63
                      : SIM_STAT_FREE_64] += hist[b];
    if (g->shrunk) {
        st->v[SIM_STAT_SHRINK_BLOCKS_MOVED] = g->last_shrink.blocks_moved;
        st->v[SIM_STAT_SHRINK_BLOCKS_FREED] = g->last_shrink.blocks_freed;
        st->v[SIM_STAT_SHRINK_BLOCKS_ALLOCATED] = g->last_shrink.blocks_allocated;
        st->v[SIM_STAT_SHRINK_EXTENTS_ALLOCATED] = g->last_shrink.extents_allocated;
        st->v[SIM_STAT_SHRINK_EXTENTS_FREED] = g->last_shrink.extents_freed;
        st->v[SIM_STAT_SHRINK_EXTENTS_SEALED] = g->last_shrink.extents_sealed;
    }
    /* The LOB maps: each version live rows point at once, however many
     * share it, counted as rows and versions change (life_lob_live());
     * the checked build counts them again from the rows. */
    st->v[SIM_STAT_LOB_LIVE] = g->live_lobs;
    st->v[SIM_STAT_LOB_INROW] = g->live_inrow;
    st->v[SIM_STAT_LOB_CHUNKS] = g->live_chunks;
    (void)db; /* only the checked build's check reads the rows */
    SIM_DEBUG_CHECK(life_lob_maps_check(db, t, k));
}

sim_err_t life_lob_maps_check(life_db_t *db, const life_table_t *t, uint32_t k)
{
    const life_seg_t *g = &t->seg[k];
    uint64_t lobs = 0, inrow = 0, chunks = 0;
    uint32_t kc = k % LIFE_MAX_LOBCOLS; /* the column; its rows: those of the slot's group */
    for (uint64_t r = 0; r < t->nrows; r++) {
        uint32_t i = life_row_at(t, r)->lob[kc];
        life_lob_t *l = i ? life_lob_at(db, i) : NULL;
        if (!life_row_at(t, r)->alive || i == 0 || life_slot(life_row_at(t, r), kc) != k ||
            l->next == UINT32_MAX)
            continue;
        l->next = UINT32_MAX;
        if (l->inrow)
            inrow++;
        else if (l->nchunks) {
            lobs++;
            chunks += l->nchunks;
        }
    }
    for (uint64_t r = 0; r < t->nrows; r++)
        if (life_row_at(t, r)->lob[kc])
            life_lob_at(db, life_row_at(t, r)->lob[kc])->next = 0;
    return lobs == g->live_lobs && inrow == g->live_inrow && chunks == g->live_chunks
               ? SIM_OK
               : SIM_ECORRUPT;
}
