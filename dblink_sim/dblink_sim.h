/*
 * dblink_sim.h -- the first experiment: the LOB insert of the reference
 * (insert ... select from t1 into t2), locally and over a loopback database
 * link, the two ways of reading it back, and two instances inserting into
 * one segment.  Prefix dbl_.
 *
 *   insert   the statement itself (insert.c);
 *   scan     after the insert, a full scan of the LOB segment with multiblock
 *            reads that never cross a chunk boundary (readback.c);
 *   rows     after the insert, every row through t2's primary key index in key
 *            order (a well-clustered range), fetching each LOB chunk by chunk
 *            (readback.c);
 *   cluster  the insert by two instances into one segment at the same time,
 *            interleaved row by row from the seed, each with its own dispenser
 *            and writer (cluster.c).
 *
 * Each run function simulates the case on a fresh segment and adds its
 * figures, by part, to *out (zeroed by the caller, the case valid:
 * workload_run() in workload.h is the checked entry).
 *
 * The writer (writer.c) is the one way any of these puts LOBs into a segment.
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
 * dbl_writer_row() inserts one row of t1 into t2; dbl_writer_finish() closes the
 * statement.  The writer counts what it does itself (reading t1, putting the
 * row into t2, the link) and its components count the rest; dbl_writer_result()
 * adds all of it, part by part, into a case_result_t.
 */
#ifndef LOBSIM_DBLINK_SIM_H
#define LOBSIM_DBLINK_SIM_H

#include "case.h"
#include "dispenser.h"
#include "lobspace.h"

typedef struct dbl_writer dbl_writer_t;

/* A fresh segment with the case's parameters and block size. */
sim_err_t dbl_writer_segment_create(const case_t *c, lob_space_t **out);

/*
 * A session of case c inserting into seg (which must outlive it).  The case
 * must have passed case_validate().  SIM_ENOMEM leaves nothing allocated.
 */
sim_err_t dbl_writer_create(const case_t *c, lob_space_t *seg, dbl_writer_t **out);
void dbl_writer_destroy(dbl_writer_t *w);

/* Insert the next row, then run every _check() if the case asks for it
 * (SIM_ECORRUPT when one fails).  A failed row leaves the writer usable only
 * for dbl_writer_result() and dbl_writer_destroy(). */
sim_err_t dbl_writer_row(dbl_writer_t *w);
/* dbl_writer_row() n times, stopping at the first failure: the statement's loop
 * where no other session interleaves.  Rows that are alike (the space at hand
 * covers them with one chunk a piece, no refill, load or extent on the way;
 * no observer; no check of every row asked) are counted n at once, each
 * exactly as dbl_writer_row() counts it. */
sim_err_t dbl_writer_rows(dbl_writer_t *w, uint64_t n);
/*
 * Only the space of one LOB of `blocks` blocks, through the writer's
 * allocation context (no row, no undo, no rows counted): what the chunk
 * allocator's benchmark measures.  *chunks (may be NULL) gets the chunks it
 * took.  Fails as lob_alloc_write() does.
 */
sim_err_t dbl_writer_lob_space(dbl_writer_t *w, uint64_t blocks, uint64_t *chunks);
/* The end of the statement: the link's closing round trips (dblink). */
void dbl_writer_finish(dbl_writer_t *w);

/* Every chunk given to a LOB (lob_alloc_observe), and every space metadata
 * block the dispenser visits (dsp_observe). */
void dbl_writer_observe_chunks(dbl_writer_t *w, lob_chunk_fn fn, void *arg);
void dbl_writer_observe_blocks(dbl_writer_t *w, dsp_touch_fn fn, void *arg);

/* Add this session's figures to r, by part (the segment is not the
 * writer's: its owner adds lob_space_stats()). */
void dbl_writer_result(const dbl_writer_t *w, case_result_t *r);

/* The invariants of the writer's components and of its own counts. */
sim_err_t dbl_writer_check(const dbl_writer_t *w);

/* ---- the workloads ------------------------------------------------------ */

sim_err_t dbl_insert(const case_t *c, case_result_t *out);
/* The insert in intervals of `every` rows (the last may be shorter): after
 * each, fn gets the rows inserted so far and the figures counted so far,
 * by part, as the statement's own would be were it to end there (the link's
 * closing round trips come with the last).  A non-zero return of fn stops
 * the run: SIM_EINVAL. */
typedef int (*dbl_snap_fn)(void *arg, uint64_t rows, const case_result_t *so_far);
sim_err_t dbl_insert_snapshots(const case_t *c, uint64_t every, dbl_snap_fn fn, void *arg);
sim_err_t dbl_scan(const case_t *c, case_result_t *out);
sim_err_t dbl_rows(const case_t *c, case_result_t *out);
sim_err_t dbl_cluster(const case_t *c, case_result_t *out);

#endif /* LOBSIM_DBLINK_SIM_H */
