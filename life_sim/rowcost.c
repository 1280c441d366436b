/*
 * rowcost.c -- what a row's insert, update or delete costs besides its
 * LOB's space: its block's gets and change, its undo and redo records,
 * its LOB's metadata (a SecureFile's inode and map, a BasicFile's index
 * entries), the table segment's bytes, and the reads of an insert's
 * source row.  dml.c and insert.c charge a row at a time; a multi-row
 * insert's alike rows (insert.c) are charged n at once, each counting
 * what the one before it counted.
 */
#include "life_sim_int.h"

void life_row_costs(life_db_t *db, life_redo_kind_t kind, uint64_t bytes, uint64_t fields,
                    uint64_t n)
{
    life_op(db, LIFE_OP_ROW, 0, 0, n);
    sim_stats_t *rw = &db->part[LIFE_PART_ROW];
    if (db->direct && kind == LIFE_REDO_ROW_INSERT) {
        /* The direct-path loader packs rows into blocks it formats above
         * the high-water mark: no current get of a row's block, but its
         * visits of the table's blocks, row.append_row_gets_pm gets per
         * 1,000 rows (experiment 1's measured rate, docs/lob-insert.md),
         * kept exact by a per-mille remainder. */
        db->direct_gets_pm += n * db->p.row.append_row_gets_pm;
        sim_stat_add(rw, SIM_STAT_DB_BLOCK_GETS, db->direct_gets_pm / 1000);
        db->direct_gets_pm %= 1000;
    } else {
        sim_stat_add(rw, SIM_STAT_DB_BLOCK_GETS, n);
        sim_stat_add(rw, SIM_STAT_DB_BLOCK_CHANGES, n);
    }
    /* Undo is counted by the undo log and taken by run.c.  A direct-path
     * insert's rows write none: the statement holds one record (stmt.c),
     * which carries its LOBs' vectors (life_lob_written()), as experiment 1's
     * insert does: its n rows' redo records are alike, logged at once. */
    if (kind == LIFE_REDO_ROW_INSERT && db->direct) {
        life_redo_arg_t a = {.undo_bytes = 0, .bytes = bytes, .fields = fields};
        life_redo_log(db, kind, &a, n);
        return;
    }
    for (uint64_t i = 0; i < n; i++) {
        uint64_t before = undo_bytes(db->undo);
        /* A row that came over a link has its vector on the statement's
         * record (stmt.c run_dml()). */
        if (!(db->remote && kind == LIFE_REDO_ROW_INSERT))
            undo_record(db->undo);
        undo_vector(db->undo, UNDO_CV_LOB);
        life_redo_arg_t a = {
            .undo_bytes = undo_bytes(db->undo) - before, .bytes = bytes, .fields = fields};
        life_redo_log(db, kind, &a, 1);
    }
}

void life_meta_blocks(life_db_t *db, uint64_t n)
{
    sim_stat_add(&db->part[LIFE_PART_LOB], SIM_STAT_DB_BLOCK_GETS, n);
    sim_stat_add(&db->part[LIFE_PART_LOB], SIM_STAT_DB_BLOCK_CHANGES, n);
}

sim_err_t life_lob_written(life_db_t *db, life_seg_t *g, uint32_t i, uint64_t alike)
{
    if (i == 0)
        return SIM_OK;
    const life_lob_t *l = life_lob_at(db, i);
    if (l->refs != 1 || l->inrow || l->nchunks == 0)
        return SIM_OK;
    /* Its map's entries, one a chunk, and on the direct path its
     * metadata's vector (a conventional row's record carries that:
     * life_row_costs()), by the undo log's one rule for a LOB write. */
    undo_lob_write(db->undo, alike * (db->direct != 0), alike * l->nchunks);
    life_redo_arg_t a = {.chunks = l->nchunks};
    uint64_t n = g->o.securefile ? alike : life_lob_index_entries(db, g, i);
    life_redo_log(db, g->o.securefile ? LIFE_REDO_LOB_META : LIFE_REDO_LOBINDEX_INSERT, &a, n);
    /* A BasicFile's index entries are blocks of their own.  A SecureFile's
     * inode lies in the row: a conventional write gets it in current mode,
     * its change is the row's (experiment 1's conventional row, two current
     * gets and one change: row.insert_row_gets, docs/lob-insert.md); on
     * the direct path its gets are the loader's (life_row_costs()). */
    if (!g->o.securefile)
        life_meta_blocks(db, n);
    else if (!db->direct)
        sim_stat_add(&db->part[LIFE_PART_LOB], SIM_STAT_DB_BLOCK_GETS, alike);
    return life_lobindex_add(db, g, i);
}

sim_err_t life_lob_released(life_db_t *db, life_seg_t *g, uint32_t i)
{
    if (i == 0 || life_lob_at(db, i)->refs != 1)
        return SIM_OK;
    const life_lob_t *l = life_lob_at(db, i);
    uint64_t n = life_lob_index_entries(db, g, i);
    /* small LOBs too: "the LOB index will hold only the timestamp entries
     * for deleted LOBs" (Lewis, "Basicfile LOBs 6", 2016) */
    uint64_t freed = g->o.securefile || l->inrow ? 0 : l->nchunks;
    life_redo_arg_t a = {.chunks = 0};
    life_redo_log(db, LIFE_REDO_LOBINDEX_DELETE, &a, n);
    life_redo_log(db, LIFE_REDO_LOBINDEX_INSERT, &a, freed);
    life_meta_blocks(db, n + freed);
    return life_lobindex_free(db, g, i);
}

void life_rows_grow(life_table_t *t, uint64_t before, uint64_t after)
{
    t->row_bytes = t->row_bytes - before + after;
    if (t->row_bytes > t->row_bytes_hwm)
        t->row_bytes_hwm = t->row_bytes;
}

void life_source_read(life_db_t *db, const life_table_t *from, const life_row_t *row, uint64_t n)
{
    sim_stats_t *st = &db->part[LIFE_PART_LOB];
    sim_stat_add(&db->part[LIFE_PART_ROW], SIM_STAT_CONSISTENT_GETS, n * db->p.row.row_gets);
    for (uint32_t k = 0; k < from->nlob; k++) {
        const life_lob_t *l = row->lob[k] ? life_lob_at(db, row->lob[k]) : NULL;
        if (l == NULL || l->inrow)
            continue;
        uint64_t blocks = life_lob_blocks(l);
        const life_seg_t *g = &from->seg[life_slot(row, k)];
        lob_read_blocks(n, blocks,
                        g->o.cache == SCR_CACHE_NO ? db->p.row.cached_lob_blocks : blocks,
                        g->block_size, st);
    }
}
