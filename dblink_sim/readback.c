/*
 * readback.c -- reading the LOBs back after the insert, two ways.
 *
 * The layout comes from the insert itself: the chunk allocator shows every
 * chunk to an observer, so nothing of the layout is kept.  A read call never
 * crosses a chunk boundary: each chunk is an entry of its LOB's map, read by
 * calls of its own, so a fragmented layout (the dblink path's one chunk per
 * piece) costs more calls than the local path's contiguous LOBs.
 *
 *   scan  a full scan of the LOB segment: multiblock reads of at most
 *         read.mbrc_kb, plus one consistent get of the extent map per extent.
 *   rows  every row through t2's primary key index in key order (a
 *         well-clustered range): the index's branch and leaf blocks and the
 *         table blocks by single-block reads, each LOB chunk by reads of at
 *         most read.lob_read_kb (read.fetch_lobs = 0 reads the range only).
 *
 * The case reports the reading session's statistics only.
 */
#include <string.h>

#include "dblink_sim_int.h"

typedef struct {
    sim_stats_t *st;
    uint64_t per_call; /* blocks per read call */
    uint32_t block_size;
} reader_t;

static uint64_t div_up(uint64_t a, uint64_t b)
{
    return (a + b - 1) / b;
}

/* `blocks` contiguous blocks read by calls of at most per_call blocks. */
static void count_reads(sim_stats_t *st, uint64_t blocks, uint64_t per_call, uint32_t bs)
{
    uint64_t full = blocks / per_call, rest = blocks % per_call;
    sim_stat_add(st, SIM_STAT_PHYS_READS, blocks);
    sim_stat_add(st, SIM_STAT_PHYS_READ_BYTES, blocks * bs);
    sim_stat_add(st, SIM_STAT_PHYS_READ_REQS, full + (rest != 0));
    sim_stat_add(st, SIM_STAT_PHYS_READ_MULTI, (per_call > 1 ? full : 0) + (rest > 1));
}

static void on_chunk(void *arg, const lob_run_t *chunk, const lob_lob_t *lob)
{
    (void)lob;
    reader_t *r = arg;
    count_reads(r->st, chunk->len, r->per_call, r->block_size);
}

/* The insert, watched chunk by chunk: the reads of the LOBs into *st.  The
 * insert's own figures are not the reader's. */
static sim_err_t insert_and_watch(const case_t *c, uint64_t read_kb, int fetch, sim_stats_t *st,
                                  uint64_t *extents)
{
    reader_t r = {st, read_kb * 1024 / c->block_size, c->block_size};
    case_t ins = *c;
    ins.workload = 0;
    case_result_t written;
    memset(&written, 0, sizeof written);
    sim_err_t rc = dbl_insert_rows(&ins, &written, fetch ? on_chunk : NULL, &r);
    *extents = written.part[CASE_PART_SEGMENT].v[SIM_STAT_SEG_EXTENTS];
    return rc;
}

sim_err_t dbl_scan(const case_t *c, case_result_t *out)
{
    sim_stats_t *st = &out->part[CASE_PART_READER];
    uint64_t extents;
    sim_err_t rc = insert_and_watch(c, c->read.mbrc_kb, 1, st, &extents);
    if (rc == SIM_OK)
        sim_stat_add(st, SIM_STAT_CONSISTENT_GETS, 1 + extents);
    return rc;
}

sim_err_t dbl_rows(const case_t *c, case_result_t *out)
{
    const case_read_params_t *rp = &c->read;
    uint32_t bs = c->block_size;
    sim_stats_t *st = &out->part[CASE_PART_READER];
    uint64_t extents;
    sim_err_t rc = insert_and_watch(c, rp->lob_read_kb, rp->fetch_lobs, st, &extents);
    if (rc != SIM_OK)
        return rc;
    /* The index: leaves in key order, and one block per level above them. */
    uint64_t room = bs - rp->block_header_bytes;
    uint64_t per_leaf = room / rp->index_entry_bytes;
    uint64_t leaves = div_up(c->rows, per_leaf);
    uint64_t upper = 0;
    for (uint64_t level = leaves; level > 1; level = div_up(level, per_leaf))
        upper++;
    uint64_t table = case_t2_blocks(c, c->rows);
    uint64_t single = upper + leaves + table;
    count_reads(st, single, 1, bs);
    /* One consistent get per index and table block (the range keeps each
     * block pinned while its rows last) and one per LOB locator read (a LOB
     * in the row comes with its row). */
    int locators = rp->fetch_lobs && !case_lob_in_row(c);
    sim_stat_add(st, SIM_STAT_CONSISTENT_GETS, single + (locators ? c->rows : 0));
    return SIM_OK;
}
