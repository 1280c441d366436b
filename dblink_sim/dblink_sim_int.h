/* dblink_sim_int.h -- what the files of dblink_sim share: the writer's
 * private state (for writer.c and for tests that corrupt it on purpose) and
 * the insert every readback starts from. */
#ifndef LOBSIM_DBLINK_SIM_INT_H
#define LOBSIM_DBLINK_SIM_INT_H

#include "undo.h"
#include "dblink_sim.h"

struct dbl_writer {
    const case_t *c;
    lob_space_t *seg;   /* shared with other writers in the cluster */
    lob_space_tx_t *tx; /* the statement's transaction in it: claims the chunks */
    undo_log_t *undo;
    dsp_t *dsp;
    lob_alloc_t *alloc;
    uint32_t payload; /* LOB bytes per block */
    uint64_t bytes;   /* LOB bytes per row */
    int inrow;        /* the LOBs are stored in the row (case_lob_in_row) */
    uint64_t k;       /* blocks per LOB in the LOB segment: 0 in row */
    /* dblink: the blocks the receiving session writes after each piece of
     * a LOB (piece_blocks()), the same for every row: a LOB's length, the
     * piece size and the block payload are the case's. */
    uint32_t *piece_nb;
    uint64_t npieces;
    /* dblink: a row whose every written piece is one chunk (plan_pieces()):
     * its blocks, its chunks, and the gets and clones of its reads of the
     * LOB's map. */
    uint64_t alike_blocks, alike_chunks, alike_map_gets, alike_map_clones;
    uint64_t row_gets;   /* per-mille accumulator of the direct-path loader's gets */
    uint64_t rows;       /* rows inserted so far; only writer_rows() moves it */
    uint64_t steps;      /* writer_rows() calls: rows counted one or n at a time */
    uint64_t t2_extents; /* local: t2's extents entered so far (case_t2_extents) */
    int finished;        /* dbl_writer_finish() was called */
    /* What the writer counts itself, one bag per part. */
    sim_stats_t source; /* reading t1 */
    sim_stats_t insert; /* putting rows into t2, creating LOB blocks */
    sim_stats_t link;   /* the user's session driving the link */
};

/*
 * One session inserting the case's rows into a fresh segment (insert.c):
 * the insert workload itself, and the data every readback reads.  `observe`
 * (may be NULL) sees every chunk given to a LOB.
 */
sim_err_t dbl_insert_rows(const case_t *c, case_result_t *out, lob_chunk_fn observe, void *arg);

#endif /* LOBSIM_DBLINK_SIM_INT_H */
