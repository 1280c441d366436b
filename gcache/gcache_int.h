/* gcache_int.h -- the global cache's private state, for gcache.c and for
 * tests that corrupt it on purpose. */
#ifndef LOBSIM_GCACHE_INT_H
#define LOBSIM_GCACHE_INT_H

#include "gcache.h"

typedef struct {
    uint8_t mode[GCACHE_INSTANCES]; /* gcache_lock_t */
    uint8_t pi;                     /* bit i: instance i keeps a past image */
    uint8_t used;                   /* requested or set up at least once */
    int8_t stamp_inst;              /* whose change stamp is; -1 none */
    uint32_t fair;                  /* CR copies served since the last change */
    uint64_t stamp;                 /* the last change's stamp, 0 none */
    uint64_t version;               /* changes so far */
} gcache_block_t;

struct gcache {
    gcache_params_t p;
    gcache_block_t *blocks[GCACHE_KINDS]; /* by number, grown on demand */
    uint64_t cap[GCACHE_KINDS];
    uint8_t cls[GCACHE_KINDS];   /* gcache_class_t */
    int8_t master[GCACHE_KINDS]; /* fixed master, or -1: by hash */
    uint64_t changes;            /* gcache_changed() calls */
    gcache_counts_t n[GCACHE_INSTANCES];
};

#endif
