/*
 * link.c -- an insert ... select whose rows come over a database link
 * (`from T@LINK`, script/link.c), as experiment 1's remote path is
 * calibrated on (dblink_sim/writer.c, docs/lob-insert.md), with the same
 * parameters (link.*, row.*):
 *
 * - the statement's round trips to open, describe and fetch
 *   (link.open_roundtrips) and to close (link.close_roundtrips);
 * - each row: one round trip carrying the row and its LOBs, with
 *   link.row_overhead_bytes of framing each way; on the remote side a
 *   consistent get of the row and its locators (row.row_gets), of each
 *   out-of-row LOB's inode, and one direct read of all its blocks;
 * - the conventional insert of the row: a CR check of the block the
 *   statement's previous row changed clones it (every row but the
 *   first); its current gets are the row's and its LOB inode's
 *   (row.insert_row_gets, 2, the script's life_row_costs() and life_lob_written());
 * - each LOB arrives in link.piece_size pieces and is written piece by
 *   piece, each piece its own conventional dispenser search, with the
 *   consistent reads of the LOB's map before each (lob.c allocate(),
 *   lobspace/piece.c).
 *
 * A loopback link's remote side is this database: its reads are counted
 * in the same figures, as experiment 1 counts t1's.
 */
#include "life_sim_int.h"

void life_link_open(life_db_t *db)
{
    db->remote = 1;
    db->remote_rows = 0;
    sim_stat_add(&db->part[LIFE_PART_ROW], SIM_STAT_DBLINK_ROUNDTRIPS, db->p.link.open_roundtrips);
}

void life_link_close(life_db_t *db)
{
    sim_stat_add(&db->part[LIFE_PART_ROW], SIM_STAT_DBLINK_ROUNDTRIPS, db->p.link.close_roundtrips);
    db->remote = 0;
}

void life_link_row(life_db_t *db, const life_table_t *from, const life_row_t *row, uint64_t n)
{
    sim_stats_t *rw = &db->part[LIFE_PART_ROW], *ld = &db->part[LIFE_PART_LOB];
    uint64_t bytes = 0;
    sim_stat_add(rw, SIM_STAT_CONSISTENT_GETS, n * db->p.row.row_gets);
    for (uint32_t k = 0; k < from->nlob; k++) {
        const life_lob_t *l = row->lob[k] ? life_lob_at(db, row->lob[k]) : NULL;
        if (l == NULL)
            continue;
        bytes += scr_value_info(db->vs, l->val).bytes;
        if (l->inrow)
            continue;
        uint64_t blocks = life_lob_blocks(l);
        sim_stat_add(ld, SIM_STAT_CONSISTENT_GETS, n); /* its inode */
        lob_read_blocks(n, blocks, 0, from->seg[life_slot(row, k)].block_size, ld);
    }
    sim_stat_add(rw, SIM_STAT_DBLINK_ROUNDTRIPS, n);
    sim_stat_add(rw, SIM_STAT_DBLINK_BYTES_SENT, n * db->p.link.row_overhead_bytes);
    sim_stat_add(rw, SIM_STAT_DBLINK_BYTES_RECEIVED, n * (bytes + db->p.link.row_overhead_bytes));
    sim_stat_add(rw, SIM_STAT_CR_BLOCKS_CREATED, n - (db->remote_rows == 0));
    db->remote_rows += n;
}
