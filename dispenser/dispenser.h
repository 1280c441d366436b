/*
 * dispenser.h -- the in-memory segment dispenser.
 *
 * The dispenser loads free space from the segment one dispenser chunk at a
 * time (reusable space first: what deletes and expired retention gave back,
 * then new extents) and hands it to writers.  A dispenser chunk is a contiguous run within
 * one extent whose size grows with the segment (segment size / divisor,
 * clamped between a minimum and a maximum), so that the number of calls into
 * the space layer grows more slowly than the data.
 *
 * Writers come two ways:
 *   dsp_refill()  a direct-path allocation context takes the whole loaded
 *                 chunk above the high-water mark: cheap, few calls.
 *   dsp_search()  a conventional write asks for exactly the blocks it needs:
 *                 the dispenser searches the committed free space metadata in
 *                 current mode, locks it and writes undo; a request that the
 *                 loaded chunk cannot cover is completed from the next one.
 * Every run handed out writes one undo record (used_urec) with a space change
 * vector.  Each call counts `segment dispenser allocations`; each run counts
 * `segment chunks allocation from disepnser`.
 */
#ifndef LOBSIM_DISPENSER_H
#define LOBSIM_DISPENSER_H

#include <stddef.h>
#include <stdint.h>

#include "lobspace.h"
#include "sim.h"
#include "undo.h"

typedef struct {
    uint32_t chunk_min_kb;  /* smallest dispenser chunk */
    uint32_t chunk_max_kb;  /* largest dispenser chunk */
    uint32_t chunk_divisor; /* chunk = segment size / divisor, clamped */
    /* Direct-path refill: segment header, extent map and HWM in current mode. */
    uint32_t refill_gets;
    uint32_t refill_enqueues;
    uint32_t refill_cgets;
    /* Conventional search of the committed free space metadata. */
    uint32_t search_gets;
    uint32_t search_enqueues;
    uint32_t search_cgets;
    /* Extent added under the dispenser (a recursive space transaction). */
    uint32_t extent_gets;
    uint32_t extent_enqueues;
    uint32_t extent_cr; /* clones of a 64 MB extent's space metadata */
} dsp_params_t;

typedef struct dsp dsp_t;

void dsp_params_defaults(dsp_params_t *p);

/* SIM_OK, or SIM_EINVAL with one line in msg naming the bad parameter. */
sim_err_t dsp_params_check(const dsp_params_t *p, char *msg, size_t msglen);
/* The dispenser of `seg`; runs' undo goes to `undo`.  SIM_EINVAL on bad
 * parameters (dsp_params_check() says which), SIM_ENOMEM. */
sim_err_t dsp_create(lob_space_t *seg, undo_log_t *undo, const dsp_params_t *p, dsp_t **out);
void dsp_destroy(dsp_t *d);

/* Blocks of the next dispenser chunk for a segment of `seg_bytes`. */
uint64_t dsp_chunk_blocks(const dsp_params_t *p, uint32_t block_size, uint64_t seg_bytes);

/* Direct path: the whole loaded chunk (loading one first if empty). */
sim_err_t dsp_refill(dsp_t *d, lob_run_t *run);

/*
 * Conventional path: up to `want` blocks from the loaded chunk, loading the
 * next one when it is empty.  `cont` = 1 continues the previous call's
 * request (same allocation, one more run).  On failure nothing is counted
 * and the dispenser is unchanged.
 */
sim_err_t dsp_search(dsp_t *d, uint64_t want, int cont, lob_run_t *run);

/*
 * Many requests at once, for a writer whose rows are alike: blocks the
 * loaded chunk can hand out with no load on the way (dsp_loaded(), or 0
 * while an observer is set: it must see every call), and `requests`
 * requests of `blocks` blocks in all, each met by one run, counted as that
 * many calls of dsp_search(d, want, 0, run) count them (whatever their
 * sizes), their runs one after another.  SIM_EINVAL when blocks exceed
 * dsp_ready() or a request would have no block, and the dispenser is
 * unchanged.
 */
uint64_t dsp_ready(const dsp_t *d);
/* *span: the blocks handed out, one after another from its start. */
sim_err_t dsp_search_many(dsp_t *d, uint64_t blocks, uint64_t requests, lob_run_t *span);

/* The dispenser as the chunk allocator's source (lobspace.h; arg is the
 * dsp_t): a direct-path allocation context refills (want and cont are
 * not asked), a conventional writer searches, and many alike requests at
 * once (lob_alloc_many_source()). */
sim_err_t dsp_source_refill(void *arg, uint64_t want, int cont, lob_run_t *run);
sim_err_t dsp_source_search(void *arg, uint64_t want, int cont, lob_run_t *run);
uint64_t dsp_source_ready(void *arg);
sim_err_t dsp_source_many(void *arg, uint64_t blocks, uint64_t requests, lob_run_t *span);

/* The parameters' names, for a table of sim_param_t whose struct holds a
 * dsp_params_t `dsp`: P(name, field) each (case.c, life_sim/params.c). */
#define DSP_PARAM_NAMES(P)                                                                         \
    P("dsp.chunk_min_kb", dsp.chunk_min_kb), P("dsp.chunk_max_kb", dsp.chunk_max_kb),              \
        P("dsp.chunk_divisor", dsp.chunk_divisor), P("dsp.refill_gets", dsp.refill_gets),          \
        P("dsp.refill_enqueues", dsp.refill_enqueues), P("dsp.refill_cgets", dsp.refill_cgets),    \
        P("dsp.search_gets", dsp.search_gets), P("dsp.search_enqueues", dsp.search_enqueues),      \
        P("dsp.search_cgets", dsp.search_cgets), P("dsp.extent_gets", dsp.extent_gets),            \
        P("dsp.extent_enqueues", dsp.extent_enqueues), P("dsp.extent_cr", dsp.extent_cr)

/* The loaded chunk given back to the segment's reusable space (before a
 * shrink, or when the segment's writers are done): the next call loads
 * anew.  Nothing is counted. */
void dsp_release(dsp_t *d);

/*
 * The space metadata blocks a call visits, for the cluster's global cache:
 * the segment header (extent map, HWM), the CFS blocks and each extent's
 * header (its space bitmap).  `current` is 1 for a change in current mode,
 * 0 for a consistent read.  NULL stops it.
 */
typedef enum { DSP_BLOCK_SEGMENT_HEADER, DSP_BLOCK_CFS, DSP_BLOCK_EXTENT_HEADER } dsp_block_t;
typedef void (*dsp_touch_fn)(void *arg, dsp_block_t kind, uint64_t id, int current);
void dsp_observe(dsp_t *d, dsp_touch_fn fn, void *arg);

/* Blocks loaded and not handed out. */
uint64_t dsp_loaded(const dsp_t *d);

/* What the dispenser counted itself: its calls, runs and loads, and the
 * gets, changes, enqueues and clones they cost. */
const sim_stats_t *dsp_stats(const dsp_t *d);
/* Handed-out + loaded = taken from the segment; every statistic equals what
 * the calls, runs, loads and extents it remembers cost. */
sim_err_t dsp_check(const dsp_t *d);

#endif /* LOBSIM_DISPENSER_H */
