/*
 * gcache.h -- the global cache of two instances sharing blocks.
 *
 * Each block has one current holder: the instance that changed it last.  A
 * change in current mode of a block the other instance holds ships it over
 * the interconnect whole (gc current blocks received); a consistent read of
 * a block the other instance changed since this one last saw it ships a CR
 * copy (gc cr blocks received).  Each shipment is a request and a reply on
 * the global cache service and a wait of the same name; a block the other
 * instance changed in the step just before is still busy there (gc buffer
 * busy acquire).  Every TX enqueue request becomes ges_per_enqueue global
 * enqueue messages, and the estimated interconnect traffic is, as in AWR,
 * blocks shipped x block size + messages x message size.
 *
 * Blocks are named by a kind (< GCACHE_KINDS) and a number within it; the
 * cache grows as new numbers appear.
 */
#ifndef LOBSIM_GCACHE_H
#define LOBSIM_GCACHE_H

#include <stdint.h>

#include "sim.h"

#define GCACHE_KINDS 4
#define GCACHE_INSTANCES 2

typedef struct gcache gcache_t;

typedef struct {
    uint32_t block_size;
    uint32_t message_bytes;   /* one global cache or enqueue message */
    uint32_t ges_per_enqueue; /* global enqueue messages per TX enqueue request */
} gcache_params_t;

sim_err_t gcache_create(const gcache_params_t *p, gcache_t **out);
void gcache_destroy(gcache_t *g);

/*
 * Instance `inst`, at row step `step`, visits block (kind, id): in current
 * mode (a change) or for a consistent read.  SIM_ENOMEM when the cache
 * cannot grow; it is then unchanged.
 */
sim_err_t gcache_touch(gcache_t *g, int inst, uint64_t step, unsigned kind, uint64_t id,
                       int current);

/* At the end of the statement: instance inst made `enqueues` TX enqueue
 * requests; count their messages and the interconnect traffic.  Once. */
void gcache_finish(gcache_t *g, int inst, uint64_t enqueues);

/* What the cache counted for instance inst. */
const sim_stats_t *gcache_stats(const gcache_t *g, int inst);

/*
 * Invariants: (1) a block never touched has no holder and no version; a
 * touched one has a holder and cr_seen <= version; (2) the versions of all
 * blocks add up to the current-mode visits; (3) each instance's waits equal
 * its blocks received, its GCS messages are two per block received, and its
 * busy waits are at most its current blocks received.
 */
sim_err_t gcache_check(const gcache_t *g);

#endif /* LOBSIM_GCACHE_H */
