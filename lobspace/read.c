/*
 * read.c -- reading a LOB's blocks, as an insert ... select reads its
 * source LOBs (experiment 1's t1, docs/lob-insert.md; a script's source
 * table, and a row sent over a link): the first blocks through the buffer
 * cache, the rest in one direct read.
 *
 * One home for every reader of a source LOB: dblink_sim/writer.c (the
 * calibrated experiment) and life_sim's rowcost.c and link.c.
 */
#include "lobspace.h"

void lob_read_blocks(uint64_t n, uint64_t blocks, uint64_t cached, uint32_t block_size,
                     sim_stats_t *st)
{
    uint64_t through = blocks < cached ? blocks : cached;
    sim_stat_add(st, SIM_STAT_CONSISTENT_GETS, n * through);
    if (blocks > through) {
        sim_stat_add(st, SIM_STAT_SF_DIRECT_READ_OPS, n);
        sim_stat_add(st, SIM_STAT_SF_DIRECT_READ_BYTES, n * (blocks - through) * block_size);
    }
}
