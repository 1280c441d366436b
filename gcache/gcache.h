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
 * Three mechanisms the rac workload switches on (gcache_params_t; the LOB
 * cluster workload leaves them off, so its figures are unchanged):
 *   grants      every block has a master instance (a hash of kind and
 *               number, as GCS spreads its resources).  A block no
 *               instance holds changed is read from disk, upgraded from a
 *               clean copy, or formatted new only after the master grants
 *               it: grant_messages (request and grant, 2) and a wait
 *               (gc cr / current grant 2-way) when the master is the other
 *               instance, nothing when it is this one;
 *   flush before ship
 *               a block leaves its holder only after the holder's log
 *               writer has written the change in it: a shipment of a block
 *               changed at or after the holder's last log write
 *               (gcache_log_written(), a commit) counts a log flush
 *               (SIM_STAT_GC_FLUSHES, for the receiver, whose wait it is);
 *   warm        gcache_warm() puts a block, clean, in every instance's
 *               cache, as after a ramp-up: no disk read, no grant, until
 *               someone changes it.
 *
 * Blocks are named by a kind (< GCACHE_KINDS) and a number within it; the
 * cache grows as new numbers appear.  The rac workload's kinds are the
 * table's data blocks, the primary key leaves, the ASSM L1 bitmap blocks,
 * the segment header, the undo segment headers (one per instance) and each
 * instance's undo blocks (rac.c).
 */
#ifndef LOBSIM_GCACHE_H
#define LOBSIM_GCACHE_H

#include <stdint.h>

#include "sim.h"

#define GCACHE_KINDS 8
#define GCACHE_INSTANCES 2

typedef struct gcache gcache_t;

typedef struct {
    uint32_t block_size;
    uint32_t message_bytes;   /* one global cache or enqueue message */
    uint32_t ges_per_enqueue; /* global enqueue messages per TX enqueue request */
    /* GCS messages of a grant from a remote master (request and grant: 2)
     * for a block no instance holds changed: a new block, or one read from
     * disk.  0: grants are not modelled (the LOB cluster workload, whose
     * figures predate them). */
    uint32_t grant_messages;
    /* 1: count a log flush when a shipped block holds changes the holder's
     * log writer has not written yet (gcache_log_written()).  0: not
     * modelled (the LOB cluster workload). */
    uint32_t flush_before_ship;
} gcache_params_t;

/* How an instance wants a block. */
typedef enum {
    GCACHE_READ,   /* consistent read */
    GCACHE_CHANGE, /* current mode, to change it */
    GCACHE_NEW     /* current mode, newly formatted (no read) */
} gcache_mode_t;

/* Where the block came from. */
typedef enum {
    GCACHE_LOCAL,    /* this instance's cache */
    GCACHE_DISK,     /* read from disk (after a grant when the master is remote) */
    GCACHE_SHIPPED,  /* over the interconnect from the other instance */
    GCACHE_UPGRADED, /* a clean copy in this cache, now held for change */
    GCACHE_FORMATTED /* a new block */
} gcache_source_t;

sim_err_t gcache_create(const gcache_params_t *p, gcache_t **out);
void gcache_destroy(gcache_t *g);

/*
 * Instance `inst`, at row step `step`, visits block (kind, id): in current
 * mode (a change) or for a consistent read.  SIM_ENOMEM when the cache
 * cannot grow; it is then unchanged.
 */
sim_err_t gcache_touch(gcache_t *g, int inst, uint64_t step, unsigned kind, uint64_t id,
                       int current);

/*
 * The same with the mode and the grants: each block's master is an
 * instance fixed by a hash of (kind, id), as GCS resources are mastered.
 * A block no instance holds changed is read from disk (or formatted) after
 * a grant, which costs grant_messages when the master is the other
 * instance (gc cr / current grant 2-way).  *src (may be NULL) says where
 * the block came from.  SIM_ENOMEM as above.
 */
sim_err_t gcache_access(gcache_t *g, int inst, uint64_t step, unsigned kind, uint64_t id,
                        gcache_mode_t mode, gcache_source_t *src);

/* Block (kind, id), clean, is in every instance's cache: a run that
 * starts warm.  SIM_ENOMEM as above. */
sim_err_t gcache_warm(gcache_t *g, unsigned kind, uint64_t id);

/* Instance inst's log writer has written every change made before `step`
 * (a commit): blocks it changed before then ship without a flush. */
void gcache_log_written(gcache_t *g, int inst, uint64_t step);

/* The instance that masters block (kind, id). */
int gcache_master(unsigned kind, uint64_t id);

/* At the end of the statement: instance inst made `enqueues` TX enqueue
 * requests; count their messages and the interconnect traffic.  Once. */
void gcache_finish(gcache_t *g, int inst, uint64_t enqueues);

/* What the cache counted for instance inst. */
const sim_stats_t *gcache_stats(const gcache_t *g, int inst);

/*
 * Invariants: (1) a block never touched has no holder and no version; a
 * touched one has a holder and cr_seen <= version; (2) the versions of all
 * blocks add up to the current-mode visits; (3) each instance's waits equal
 * its blocks received, its GCS messages are two per block received and
 * grant_messages per grant (grant waits), its busy waits are at most its
 * current blocks received and its log flushes at most its blocks received
 * (a flush is only ever counted with a shipment).
 */
sim_err_t gcache_check(const gcache_t *g);

#endif /* LOBSIM_GCACHE_H */
