/*
 * writer.h -- the one way any workload puts LOBs into a segment.
 *
 * A writer is one inserting session over a segment it may share with other
 * writers: its undo, its dispenser and its chunk allocation context, wired
 * together as the case's path wants them:
 *
 *   local   the allocation context (CACHED chunk allocator) is refilled with
 *           whole dispenser chunks above the high-water mark;
 *   dblink  the user's session fetches each row over the link (one round trip
 *           per row: LOBs are not prefetched); the link's session writes the
 *           LOB in pieces as they arrive, each piece a conventional dispenser
 *           search (EXACT chunk allocator).
 *
 * writer_row() inserts one row of t1 into t2; writer_finish() closes the
 * statement.  The writer counts what it does itself (reading t1, putting the
 * row into t2, the link) and its components count the rest; writer_result()
 * adds all of it, part by part, into a case_result_t.
 */
#ifndef LOBSIM_WRITER_H
#define LOBSIM_WRITER_H

#include "case.h"
#include "dispenser.h"
#include "lobspace.h"

typedef struct writer writer_t;

/* A fresh segment with the case's parameters and block size. */
sim_err_t writer_segment_create(const case_t *c, lob_segment_t **out);

/*
 * A session of case c inserting into seg (which must outlive it).  The case
 * must have passed case_validate().  SIM_ENOMEM leaves nothing allocated.
 */
sim_err_t writer_create(const case_t *c, lob_segment_t *seg, writer_t **out);
void writer_destroy(writer_t *w);

/* Insert the next row, then run every _check() if the case asks for it
 * (SIM_ECORRUPT when one fails).  A failed row leaves the writer usable only
 * for writer_result() and writer_destroy(). */
sim_err_t writer_row(writer_t *w);
/* writer_row() n times, stopping at the first failure: the statement's loop
 * where no other session interleaves. */
sim_err_t writer_rows(writer_t *w, uint64_t n);
/*
 * Only the space of one LOB of `blocks` blocks, through the writer's
 * allocation context (no row, no undo, no rows counted): what the chunk
 * allocator's benchmark measures.  *chunks (may be NULL) gets the chunks it
 * took.  Fails as lob_alloc_write() does.
 */
sim_err_t writer_lob_space(writer_t *w, uint64_t blocks, uint64_t *chunks);
/* The end of the statement: the link's closing round trips (dblink). */
void writer_finish(writer_t *w);

/* Every chunk given to a LOB (lob_alloc_observe), and every space metadata
 * block the dispenser visits (dsp_observe). */
void writer_observe_chunks(writer_t *w, lob_chunk_fn fn, void *arg);
void writer_observe_blocks(writer_t *w, dsp_touch_fn fn, void *arg);

/* Add this session's figures to r, by part (the segment is not the
 * writer's: its owner adds lob_segment_stats()). */
void writer_result(const writer_t *w, case_result_t *r);

/* The invariants of the writer's components and of its own counts. */
sim_err_t writer_check(const writer_t *w);

#endif /* LOBSIM_WRITER_H */
