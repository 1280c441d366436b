/* gcache_int.h -- the global cache's private state, for gcache.c and for
 * tests that corrupt it on purpose. */
#ifndef LOBSIM_GCACHE_INT_H
#define LOBSIM_GCACHE_INT_H

#include "gcache.h"

typedef struct {
    int valid;
    int owner;                          /* instance that changed it last */
    uint64_t version;                   /* changes so far */
    uint64_t cr_seen[GCACHE_INSTANCES]; /* version each instance last read consistently */
    uint64_t step;                      /* row step of the last change */
    uint8_t cached[GCACHE_INSTANCES];   /* holds a usable copy (read from disk or current) */
} gcache_block_t;

struct gcache {
    gcache_params_t p;
    gcache_block_t *blocks[GCACHE_KINDS]; /* by number, grown on demand */
    uint64_t cap[GCACHE_KINDS];
    uint64_t changes; /* current-mode visits */
    int finished[GCACHE_INSTANCES];
    uint64_t logged[GCACHE_INSTANCES]; /* only gcache_log_written() moves it */
    sim_stats_t stats[GCACHE_INSTANCES];
};

#endif
