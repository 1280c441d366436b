/* lobspace_int.h -- private structures of the LOB segment and chunk allocator. */
#ifndef LOBSIM_LOBSPACE_INT_H
#define LOBSIM_LOBSPACE_INT_H

#include "lobspace.h"

typedef struct {
    uint64_t start; /* first block */
    uint64_t len;   /* blocks */
    uint64_t meta;  /* metadata blocks at the start of the extent */
} lob_extent_t;

struct lob_segment {
    lob_params_t p;
    sim_stats_t stats; /* what the segment counts, and nothing else */
    lob_extent_t *ext;
    uint64_t next_ext; /* extents in use */
    uint64_t cap_ext;
    uint64_t blocks;
    uint64_t meta_blocks;
    uint64_t pending_meta; /* segment-level metadata not placed yet */
    /* Only lob_segment_take() advances these two: the extent being handed
     * out and the next free block in it. */
    uint64_t cur;
    uint64_t cur_next;
    uint64_t used_blocks;
};

struct lob_alloc {
    lob_params_t p;
    lob_alloc_mode_t mode;
    lob_source_fn src;
    void *arg;
    sim_stats_t stats; /* what the allocator counts, and nothing else */
    lob_run_t cache;   /* CACHED mode: the rest of the last refill */
    lob_chunk_fn on_chunk;
    void *on_chunk_arg;
    uint64_t taken;
    uint64_t given;
    uint64_t chunks;
};

#endif
