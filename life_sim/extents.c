/*
 * extents.c -- the extents of a segment that grows by blocks below its
 * high-water mark (a table's, a LOB index's): under automatic allocation
 * the schedule of lobspace.h (64 KB extents, then 1 MB, ...), in a
 * tablespace of uniform extents that size.
 */
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
