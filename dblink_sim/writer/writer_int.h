/* writer_int.h -- the writer's private state, for writer.c and for tests
 * that corrupt it on purpose. */
#ifndef LOBSIM_WRITER_INT_H
#define LOBSIM_WRITER_INT_H

#include "undo.h"
#include "writer.h"

struct writer {
    const case_t *c;
    lob_segment_t *seg; /* shared with other writers in the cluster */
    undo_log_t *undo;
    dsp_t *dsp;
    lob_alloc_t *alloc;
    uint32_t payload;       /* LOB bytes per block */
    uint64_t bytes;         /* LOB bytes per row */
    uint64_t k;             /* blocks per LOB */
    uint64_t row_gets;      /* per-mille accumulator of the direct-path loader's gets */
    uint64_t rows;          /* rows inserted so far; only writer_row() moves it */
    uint64_t t2_per_extent; /* local: t2's rows per extent (case_t2_rows_per_extent) */
    uint64_t t2_left;       /* local: rows the current t2 extent still takes */
    int finished;           /* writer_finish() was called */
    /* What the writer counts itself, one bag per part. */
    sim_stats_t source; /* reading t1 */
    sim_stats_t insert; /* putting rows into t2, creating LOB blocks */
    sim_stats_t link;   /* the user's session driving the link */
};

#endif
