/*
 * writer.c -- one inserting session: the local direct-path insert and the
 * receiving side of the insert over a loopback database link.
 *
 * State changes: dbl_writer_row() inserts one row and dbl_writer_rows() n
 * rows (local_rows() or dblink_rows(); alike rows, as alike_rows() finds
 * them, n at once), dbl_writer_finish() closes the statement.  Space moves
 * only inside the chunk allocator (lob_alloc_write, lob_alloc_write_many),
 * which asks the dispenser for it.
 */
#include <string.h>

#include "dblink_sim_int.h"

static lob_params_t segment_params(const case_t *c)
{
    lob_params_t lp = c->seg;
    lp.block_size = c->block_size;
    return lp;
}

/* The experiment's segment is a script's segment with the case's
 * parameters: automatic allocation, and a request no free chunk holds
 * filled from the largest (nothing is freed, so that is the rest of the
 * current extent, then a new extent). */
sim_err_t dbl_writer_segment_create(const case_t *c, lob_space_t **out)
{
    lob_space_params_t sp;
    lob_space_params_defaults(&sp);
    sp.seg = segment_params(c);
    sp.fit = LOB_FIT_SPLIT;
    return lob_space_create(&sp, out);
}

void dbl_writer_destroy(dbl_writer_t *w)
{
    if (w == NULL)
        return;
    lob_alloc_destroy(w->alloc);
    sim_free(w->piece_nb);
    lob_space_tx_destroy(w->tx);
    dsp_destroy(w->dsp);
    undo_destroy(w->undo);
    sim_free(w);
}

/* The pieces of one LOB and the blocks written after each; what a row
 * whose every written piece is one chunk reads of its map. */
static sim_err_t plan_pieces(dbl_writer_t *w)
{
    const uint64_t size = w->c->piece_size;
    w->npieces = lob_piece_count(w->bytes, size);
    w->piece_nb = sim_malloc((w->npieces ? w->npieces : 1) * sizeof *w->piece_nb);
    if (w->piece_nb == NULL)
        return SIM_ENOMEM;
    for (uint64_t i = 0; i < w->npieces; i++)
        w->piece_nb[i] = (uint32_t)lob_piece_nth_blocks(w->bytes, size, w->payload, i);
    lob_piece_plan_t p = lob_piece_plan(w->bytes, size, w->payload, w->c->row.map_cr_chunks);
    w->alike_blocks = p.blocks;
    w->alike_chunks = p.chunks;
    w->alike_map_gets = p.map_gets;
    w->alike_map_clones = p.map_clones;
    return SIM_OK;
}

sim_err_t dbl_writer_create(const case_t *c, lob_space_t *seg, dbl_writer_t **out)
{
    dbl_writer_t *w = sim_calloc(1, sizeof *w);
    if (w == NULL)
        return SIM_ENOMEM;
    w->c = c;
    w->seg = seg;
    w->payload = c->block_size - c->seg.block_overhead;
    w->bytes = case_lob_bytes(c);
    w->inrow = case_lob_in_row(c);
    w->k = w->inrow ? 0 : case_lob_blocks(c);
    lob_params_t lp = segment_params(c);
    int local = c->path == CASE_PATH_LOCAL;
    /* A LOB in the row is no piece of the LOB segment: the row carries it. */
    sim_err_t rc = local || w->inrow ? SIM_OK : plan_pieces(w);
    if (rc == SIM_OK)
        rc = undo_create(&c->undo, &w->undo);
    if (rc == SIM_OK)
        rc = dsp_create(seg, w->undo, &c->dsp, &w->dsp);
    if (rc == SIM_OK)
        rc = lob_alloc_create(&lp, local ? LOB_ALLOC_CACHED : LOB_ALLOC_EXACT,
                              local ? dsp_source_refill : dsp_source_search, w->dsp, &w->alloc);
    if (rc == SIM_OK && !local)
        lob_alloc_many_source(w->alloc, dsp_source_ready, dsp_source_many);
    if (rc == SIM_OK)
        rc = lob_space_tx_create(seg, &w->tx);
    if (rc == SIM_OK)
        lob_alloc_claim_into(w->alloc, seg, w->tx);
    if (rc != SIM_OK) {
        dbl_writer_destroy(w);
        return rc;
    }
    undo_record(w->undo); /* the insert's own record */
    if (!local)
        sim_stat_add(&w->link, SIM_STAT_DBLINK_ROUNDTRIPS, c->link.open_roundtrips);
    *out = w;
    return SIM_OK;
}

/* Reading n source rows of t1 and their LOBs (NOCACHE): the first blocks go
 * through the buffer cache, the rest are direct reads.  t1's LOB column has
 * t2's storage: a LOB in the row is read with it (w->k is 0). */
static void read_source_rows(dbl_writer_t *w, uint32_t cached, uint64_t n)
{
    sim_stat_add(&w->source, SIM_STAT_CONSISTENT_GETS, n * w->c->row.row_gets);
    lob_read_blocks(n, w->k, cached, w->c->block_size, &w->source);
}

/*
 * Rows come one at a time, or n at once when they are alike (alike_rows()):
 * then each counts exactly what the one before it counted, and the n are
 * charged in one step.
 */
static sim_err_t local_rows(dbl_writer_t *w, uint64_t n)
{
    const case_t *c = w->c;
    read_source_rows(w, c->row.cached_lob_blocks, n);
    /* The loader's current-mode visits of t2's blocks, spread over the rows
     * it packs into each; an integer accumulator keeps it exact. */
    w->row_gets += n * c->row.append_row_gets_pm;
    sim_stat_add(&w->insert, SIM_STAT_DB_BLOCK_GETS, w->row_gets / 1000);
    w->row_gets %= 1000;
    /* The loader formats t2's blocks above its high-water mark an extent at
     * a time; entering a new extent, it reads t2's segment header and the
     * extent's space bitmap consistently, and both carry this statement's
     * change (the extent's allocation and the HWM): each is cloned. */
    uint64_t extents = case_t2_extents(c, w->rows + n);
    if (extents > w->t2_extents) {
        sim_stat_add(&w->insert, SIM_STAT_CR_BLOCKS_CREATED,
                     (extents - w->t2_extents) * c->row.t2_extent_cr);
        w->t2_extents = extents;
    }
    if (w->inrow) {
        /* The row carries the LOB: no chunk, no dispenser, no LOB block,
         * no LOB inode to undo. */
        sim_stat_add(&w->insert, SIM_STAT_LOB_INROW, n);
        return SIM_OK;
    }
    lob_lob_t lob = {0, 0, 0};
    uint64_t chunks = n;
    sim_err_t rc = n == 1 ? lob_alloc_write(w->alloc, w->k, &lob, &chunks)
                          : lob_alloc_write_many(w->alloc, n * w->k, n, NULL);
    if (rc != SIM_OK)
        return rc;
    undo_lob_write(w->undo, n, chunks);
    return SIM_OK;
}

/*
 * One row's pieces, in order: those the space at hand covers, each in one
 * chunk, charged at once (nothing they count depends on their sizes); then
 * the first it does not cover, alone, as the allocator meets it (from the
 * rest of the loaded chunk and the next one).  With an observer nothing is
 * ready and every piece goes alone, `lob` telling it the LOB so far.
 */
static sim_err_t dblink_pieces(dbl_writer_t *w)
{
    lob_lob_t lob = {0, 0, 0};
    lob_map_reads_t mr = lob_map_reads_start(w->c->row.map_cr_chunks);
    sim_err_t rc = SIM_OK;
    for (uint64_t i = 0; i < w->npieces;) {
        uint64_t ready = lob_alloc_ready(w->alloc), blocks = 0, writes = 0;
        for (; i < w->npieces && blocks + w->piece_nb[i] <= ready; i++) {
            lob_map_reads_before_piece(&mr);
            lob_map_reads_after_piece(&mr, w->piece_nb[i] > 0);
            blocks += w->piece_nb[i];
            writes += w->piece_nb[i] > 0;
        }
        rc = lob_alloc_write_many(w->alloc, blocks, writes, NULL);
        if (rc != SIM_OK)
            break;
        undo_lob_write(w->undo, 0, writes);
        if (i == w->npieces)
            break;
        uint64_t nb = w->piece_nb[i++], chunks = 0;
        lob_map_reads_before_piece(&mr);
        rc = lob_alloc_write(w->alloc, nb, &lob, &chunks);
        if (rc != SIM_OK)
            break;
        undo_lob_write(w->undo, 0, chunks);
        lob_map_reads_after_piece(&mr, chunks);
    }
    sim_stat_add(&w->insert, SIM_STAT_CONSISTENT_GETS, mr.gets);
    sim_stat_add(&w->insert, SIM_STAT_CR_BLOCKS_CREATED, mr.clones);
    return rc;
}

/* n rows' pieces, each piece one chunk (alike_rows() saw the space for
 * them all ready). */
static sim_err_t dblink_pieces_alike(dbl_writer_t *w, uint64_t n)
{
    sim_err_t rc = lob_alloc_write_many(w->alloc, n * w->alike_blocks, n * w->alike_chunks, NULL);
    if (rc != SIM_OK)
        return rc;
    undo_lob_write(w->undo, 0, n * w->alike_chunks);
    sim_stat_add(&w->insert, SIM_STAT_CONSISTENT_GETS, n * w->alike_map_gets);
    sim_stat_add(&w->insert, SIM_STAT_CR_BLOCKS_CREATED, n * w->alike_map_clones);
    return SIM_OK;
}

static sim_err_t dblink_rows(dbl_writer_t *w, uint64_t n)
{
    const case_t *c = w->c;
    /* One round trip per row carries the whole LOB. */
    sim_stat_add(&w->link, SIM_STAT_DBLINK_ROUNDTRIPS, n);
    sim_stat_add(&w->link, SIM_STAT_DBLINK_BYTES_SENT, n * c->link.row_overhead_bytes);
    sim_stat_add(&w->link, SIM_STAT_DBLINK_BYTES_RECEIVED,
                 n * (w->bytes + c->link.row_overhead_bytes));
    read_source_rows(w, 0, n);

    /* The conventional insert of the row into t2; its CR check of the block
     * the previous row changed clones it (every row but the first). */
    sim_stat_add(&w->insert, SIM_STAT_DB_BLOCK_GETS, n * c->row.insert_row_gets);
    sim_stat_add(&w->insert, SIM_STAT_DB_BLOCK_CHANGES, n);
    sim_stat_add(&w->insert, SIM_STAT_CR_BLOCKS_CREATED, n - (w->rows == 0));
    if (w->inrow) {
        /* The row carries the LOB: no inode, no piece, no chunk. */
        sim_stat_add(&w->insert, SIM_STAT_LOB_INROW, n);
        return SIM_OK;
    }
    sim_stat_add(&w->source, SIM_STAT_CONSISTENT_GETS, n); /* the LOB's inode */
    undo_lob_write(w->undo, n, 0);
    return n == 1 ? dblink_pieces(w) : dblink_pieces_alike(w, n);
}

/*
 * How many of the next `left` rows are alike, each counting what the one
 * before it counts: all of them when the LOB is in the row (nothing of the
 * row depends on the rows before it but the counts, charged in one step);
 * else as many as the space at hand (the allocation context's cache, or
 * the dispenser's loaded chunk) covers with one chunk a written piece, no
 * refill, load or extent on the way.  With an observer of the chunks or of
 * the dispenser's blocks nothing is ready (1: each row is seen); with a
 * check of every row asked, 1.
 */
static uint64_t alike_rows(const dbl_writer_t *w, uint64_t left)
{
    if (w->c->check_invariants)
        return 1;
    uint64_t row_blocks = w->c->path == CASE_PATH_LOCAL ? w->k : w->alike_blocks;
    uint64_t n = w->inrow ? left : row_blocks ? lob_alloc_ready(w->alloc) / row_blocks : 0;
    if (n > left)
        n = left;
    return n ? n : 1;
}

/* n rows, alike when n > 1. */
static sim_err_t writer_rows(dbl_writer_t *w, uint64_t n)
{
    sim_err_t rc = w->c->path == CASE_PATH_LOCAL ? local_rows(w, n) : dblink_rows(w, n);
    if (rc != SIM_OK)
        return rc;
    w->rows += n;
    w->steps++;
    SIM_DEBUG_CHECK(dbl_writer_check(w));
    if (w->c->check_invariants && dbl_writer_check(w) != SIM_OK)
        return SIM_ECORRUPT;
    return SIM_OK;
}

sim_err_t dbl_writer_row(dbl_writer_t *w)
{
    return writer_rows(w, 1);
}

sim_err_t dbl_writer_lob_space(dbl_writer_t *w, uint64_t blocks, uint64_t *chunks)
{
    lob_lob_t lob = {0, 0, 0};
    return lob_alloc_write(w->alloc, blocks, &lob, chunks);
}

sim_err_t dbl_writer_rows(dbl_writer_t *w, uint64_t n)
{
    sim_err_t rc = SIM_OK;
    for (uint64_t done = 0; done < n && rc == SIM_OK;) {
        uint64_t m = alike_rows(w, n - done);
        rc = writer_rows(w, m);
        done += m;
    }
    return rc;
}

void dbl_writer_finish(dbl_writer_t *w)
{
    if (w->c->path == CASE_PATH_DBLINK && !w->finished)
        sim_stat_add(&w->link, SIM_STAT_DBLINK_ROUNDTRIPS, w->c->link.close_roundtrips);
    if (!w->finished) /* the statement's space is the transaction's, kept */
        (void)lob_space_commit(w->seg, w->tx, 0, LOB_RETENTION_NONE, 0);
    w->finished = 1;
}

void dbl_writer_observe_chunks(dbl_writer_t *w, lob_chunk_fn fn, void *arg)
{
    lob_alloc_observe(w->alloc, fn, arg);
}

void dbl_writer_observe_blocks(dbl_writer_t *w, dsp_touch_fn fn, void *arg)
{
    dsp_observe(w->dsp, fn, arg);
}

void dbl_writer_result(const dbl_writer_t *w, case_result_t *r)
{
    case_result_add(r, CASE_PART_CHUNKS, lob_alloc_stats(w->alloc));
    case_result_add(r, CASE_PART_DISPENSER, dsp_stats(w->dsp));
    case_result_add(r, CASE_PART_UNDO, undo_stats(w->undo));
    case_result_add(r, CASE_PART_SOURCE, &w->source);
    case_result_add(r, CASE_PART_INSERT, &w->insert);
    case_result_add(r, CASE_PART_LINK, &w->link);
}

/* The figures the writer counts itself that follow from its rows alone. */
static sim_err_t check_own(const dbl_writer_t *w)
{
    const case_t *c = w->c;
    int local = c->path == CASE_PATH_LOCAL;
    uint64_t cached = local ? c->row.cached_lob_blocks : 0;
    uint64_t through = w->k < cached ? w->k : cached;
    sim_stats_t src;
    memset(&src, 0, sizeof src);
    src.v[SIM_STAT_CONSISTENT_GETS] = w->rows * (c->row.row_gets + through + (!local && !w->inrow));
    if (w->k > through) {
        src.v[SIM_STAT_SF_DIRECT_READ_OPS] = w->rows;
        src.v[SIM_STAT_SF_DIRECT_READ_BYTES] = w->rows * (w->k - through) * c->block_size;
    }
    if (memcmp(&src, &w->source, sizeof src) != 0)
        return SIM_ECORRUPT;
    sim_stats_t link;
    memset(&link, 0, sizeof link);
    if (!local) {
        link.v[SIM_STAT_DBLINK_ROUNDTRIPS] =
            c->link.open_roundtrips + w->rows + (w->finished ? c->link.close_roundtrips : 0);
        link.v[SIM_STAT_DBLINK_BYTES_SENT] = w->rows * c->link.row_overhead_bytes;
        link.v[SIM_STAT_DBLINK_BYTES_RECEIVED] = w->rows * (w->bytes + c->link.row_overhead_bytes);
    }
    if (memcmp(&link, &w->link, sizeof link) != 0)
        return SIM_ECORRUPT;
    /* The rows' current gets and changes (the allocator counts its data
     * blocks': lob_alloc_check()). */
    uint64_t given = lob_alloc_given(w->alloc);
    const uint64_t *ins = w->insert.v;
    uint64_t row_gets =
        local ? (w->rows * c->row.append_row_gets_pm) / 1000 : w->rows * c->row.insert_row_gets;
    if (ins[SIM_STAT_DB_BLOCK_GETS] != row_gets ||
        ins[SIM_STAT_DB_BLOCK_CHANGES] != (local ? 0 : w->rows))
        return SIM_ECORRUPT;
    /* Local: t2's extents entered so far, each cloned t2_extent_cr times. */
    if (local &&
        ins[SIM_STAT_CR_BLOCKS_CREATED] != case_t2_extents(c, w->rows) * c->row.t2_extent_cr)
        return SIM_ECORRUPT;
    /* Every row's LOB in the row, or none; no block given in row. */
    if (ins[SIM_STAT_LOB_INROW] != (w->inrow ? w->rows : 0) || (w->inrow && given != 0))
        return SIM_ECORRUPT;
    return SIM_OK;
}

sim_err_t dbl_writer_check(const dbl_writer_t *w)
{
    if (lob_space_check_counts(w->seg) != SIM_OK || dsp_check(w->dsp) != SIM_OK ||
        lob_alloc_check(w->alloc) != SIM_OK || undo_check(w->undo) != SIM_OK)
        return SIM_ECORRUPT;
    return check_own(w);
}
