/* insert_int.h -- what the insert paths, the readback and the cluster
 * workloads share inside dblink_sim. */
#ifndef LOBSIM_INSERT_INT_H
#define LOBSIM_INSERT_INT_H

#include "insert.h"

/*
 * One inserting session's space components over a segment it may share:
 * its undo, its dispenser and its chunk allocator.  local_row() and
 * dblink_row() insert one row as the two paths do.
 */
typedef struct {
    const dbl_case_t *c;
    sim_stats_t *st;    /* the session doing the work */
    sim_stats_t *user;  /* dblink: the user's session driving the link */
    lob_segment_t *seg; /* shared with other writers in the cluster */
    undo_log_t *undo;
    dsp_t *dsp;
    lob_alloc_t *alloc;
    uint32_t payload;
    uint64_t bytes;    /* LOB bytes */
    uint64_t k;        /* blocks per LOB */
    uint64_t row_gets; /* per-mille accumulator */
    uint64_t rows;     /* rows inserted so far */
} writer_t;

sim_err_t writer_open(writer_t *w, const dbl_case_t *c, lob_segment_t *seg, sim_stats_t *st,
                      sim_stats_t *user);
void writer_close(writer_t *w);
sim_err_t local_row(writer_t *w);
sim_err_t dblink_row(writer_t *w);
/* The row function of the case's path, with the invariant checks the case
 * asks for after it. */
sim_err_t writer_row(writer_t *w);

/* a / b rounded up: blocks for bytes, leaves for rows. */
static inline uint64_t div_up(uint64_t a, uint64_t b)
{
    return (a + b - 1) / b;
}

/* A segment with the case's parameters. */
sim_err_t case_segment(const dbl_case_t *c, sim_stats_t *st, lob_segment_t **out);

sim_err_t run_insert(const dbl_case_t *c, sim_stats_t *out, lob_chunk_fn observe, void *arg);
sim_err_t run_readback(const dbl_case_t *c, sim_stats_t *out);
sim_err_t run_cluster(const dbl_case_t *c, sim_stats_t *out);

#endif
