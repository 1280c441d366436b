/*
 * extents.c -- the extents of a segment that grows by blocks below its
 * high-water mark (a table's, a LOB index's): under automatic allocation
 * the schedule of lobspace.h (64 KB extents, then 1 MB, ...), in a
 * tablespace of uniform extents that size; and what dbms_space.unused_space
 * says of it (life_extents_unused()).
 */
#include <string.h>

#include "life_sim_int.h"

void life_extents_for(uint64_t need, uint32_t bs, uint64_t uniform, uint64_t *blocks,
                      uint64_t *extents, lob_extent_fn fn, void *arg)
{
    uint64_t b = 0, e = 0;
    while (b < need || e == 0) {
        uint64_t bytes = uniform ? uniform : lob_next_extent_bytes(b * bs);
        if (fn)
            fn(arg, b, bytes / bs);
        b += bytes / bs;
        e++;
    }
    *blocks = b;
    *extents = e;
}

uint64_t life_index_hwm(const hs_grow_t *ix)
{
    hs_grow_stats_t s = {.blocks = 1}; /* no entry yet: its root */
    if (ix)
        hs_grow_stats(ix, &s);
    /* an ASSM segment: L1 and L2 bitmaps and its header, then the index's
     * blocks (heapspace/README.md) */
    return 3 + s.blocks;
}

typedef struct {
    uint64_t hwm;
    lob_unused_t *out;
} unused_arg_t;

static void unused_extent(void *arg, uint64_t start, uint64_t blocks)
{
    unused_arg_t *a = arg;
    uint64_t end = start + blocks;
    if (end > a->hwm)
        a->out->unused_blocks += end - (start > a->hwm ? start : a->hwm);
    if (start < a->hwm && a->hwm <= end) {
        a->out->last_extent_start = start;
        a->out->last_used_block = a->hwm - start;
    }
}

void life_extents_unused(uint64_t hwm, uint32_t bs, uint64_t uniform, lob_unused_t *out)
{
    memset(out, 0, sizeof *out);
    unused_arg_t a = {hwm, out};
    uint64_t blocks, extents;
    life_extents_for(hwm, bs, uniform, &blocks, &extents, unused_extent, &a);
}
