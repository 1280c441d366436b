/*
 * gcache.h -- the global cache service of two instances: one lock per
 * block, the transfers and grants it costs, and what each instance counts.
 * Prefix gcache_.
 *
 * Every block has, in each instance, a lock mode: N (null: no current
 * copy), S (shared: a current copy to read) or X (exclusive: the current
 * copy, to change).  At most one instance holds X, and then the other holds
 * N.  A request the local lock does not satisfy is resolved as Cache Fusion
 * resolves it between two instances (2-way: a request message and a block,
 * or a request and a grant):
 *
 *   read (consistent read), the other holds X
 *       the holder builds a CR copy and ships it; the reader gets no lock,
 *       so its next read asks again.  After `fairness` CR copies without a
 *       change in between, the holder down-converts to S and ships the
 *       block current, and both hold S (fairness down-convert);
 *   read, the other holds S
 *       the other ships its copy and the reader gets S;
 *   read, nobody holds it
 *       the master grants S (request and grant when the master is the other
 *       instance, nothing when it is this one);
 *   change, the other holds X
 *       the holder ships the current block and keeps a past image (PI);
 *   change, the other holds S
 *       the other's copy is invalidated: with this instance's own S copy
 *       an upgrade (request and grant, no block), without one the other
 *       ships its copy;
 *   change, nobody else holds it
 *       the master grants X (upgrade of an S copy, or a block formatted
 *       new).
 *
 * Nothing ages out of a cache: once a block is in, some instance holds it,
 * so no request reads a block from disk; both workloads' blocks are set up
 * cached (gcache_warm(), gcache_hold()) or made new.
 *
 * A shipped block counts as received by the requester and served by the
 * holder, by class (data block, undo header, ...: gcache_set_class()), CR
 * or current as the requester asked; a GCS message counts as sent by one
 * instance and received by the other.  So over the two instances, blocks
 * served = blocks received and messages sent = messages received, by
 * construction; gcache_check() asserts it.
 *
 * The cache keeps no time.  The caller (the rac workload's time model, or
 * the LOB cluster workload's row steps) decides when a request is served
 * and what a shipment waits for: gcache_changed() stamps a block with the
 * caller's position of the change (the rac workload: the holder's redo
 * byte, so that the holder's log writer must reach it before the block
 * leaves: flush before ship), and each reply says whose stamp the block
 * carries.
 *
 * Blocks are named by a kind (< GCACHE_KINDS) and a number within it; the
 * cache grows as new numbers appear.  A block's master is a hash of kind and
 * number, as GCS spreads its resources, or one instance for every block of
 * a kind (gcache_set_master(): undo, mastered by its own instance).
 */
#ifndef LOBSIM_GCACHE_H
#define LOBSIM_GCACHE_H

#include <stdint.h>

#include "sim.h"

#define GCACHE_KINDS 12
#define GCACHE_INSTANCES 2

typedef struct gcache gcache_t;

typedef struct {
    uint32_t block_size;
    uint32_t message_bytes; /* one GCS or GES message, for the traffic estimate */
    /* CR copies the X holder serves without changing the block before it
     * down-converts to S (_fairness_threshold); 0: never. */
    uint32_t fairness;
} gcache_params_t;

/* Lock modes. */
typedef enum { GCACHE_N, GCACHE_S, GCACHE_X } gcache_lock_t;

/* The class a block's transfers are counted under (AWR's Global Cache
 * Transfer Stats). */
typedef enum {
    GCACHE_CLASS_DATA,
    GCACHE_CLASS_UNDO_HEADER,
    GCACHE_CLASS_UNDO_BLOCK,
    GCACHE_CLASS_SEGMENT_HEADER,
    GCACHE_CLASS_BITMAP,
    GCACHE_CLASSES
} gcache_class_t;

const char *gcache_class_name(gcache_class_t c);

/* What a GCS message is for (gcache_counts_t.gcs_by): the request a block
 * answers, or a lock's request and its grant. */
typedef enum { GCACHE_MSG_BLOCK_REQUEST, GCACHE_MSG_GRANT, GCACHE_MSGS } gcache_msg_t;
const char *gcache_msg_name(gcache_msg_t m);

/* The enqueue a GES message is about (gcache_counts_t.ges_by): a
 * transaction's (TX), a table's (TM), a row cache entry's (dc_sequences). */
typedef enum { GCACHE_ENQ_TX, GCACHE_ENQ_TM, GCACHE_ENQ_ROW_CACHE, GCACHE_ENQS } gcache_enq_t;
const char *gcache_enq_name(gcache_enq_t e);

/* How an instance wants a block. */
typedef enum {
    GCACHE_READ,   /* consistent read */
    GCACHE_CHANGE, /* current mode (X), to change it */
    GCACHE_NEW     /* current mode, a block formatted new (never read) */
} gcache_mode_t;

/* Whether a request leaves the instance. */
typedef enum {
    GCACHE_HIT,   /* the lock held here suffices */
    GCACHE_LOCAL, /* granted by this instance as master; the other holds nothing */
    GCACHE_REMOTE /* the other instance takes part: messages cross */
} gcache_route_t;

/* How a request was satisfied. */
typedef enum {
    GCACHE_GOT_HIT,    /* the lock held here sufficed */
    GCACHE_GOT_GRANT,  /* a lock, no block: a block formatted new, or a copy upgraded */
    GCACHE_GOT_CR,     /* a CR copy built and shipped by the holder; no lock */
    GCACHE_GOT_CURRENT /* the current block, shipped by the other instance */
} gcache_got_t;

typedef struct {
    gcache_got_t got;
    gcache_class_t cls;
    uint32_t messages; /* GCS messages exchanged: 1 with a block, 2 for a remote grant */
    int past_image;    /* the holder kept a past image */
    int downconvert;   /* the holder down-converted X to S (fairness) */
    uint64_t stamp;    /* the block's last gcache_changed() stamp, 0 none */
    int stamp_inst;    /* whose change that was; -1 none */
} gcache_reply_t;

/* Per instance, what it took part in (cumulative; the caller takes deltas). */
typedef struct {
    uint64_t cr_received[GCACHE_CLASSES], current_received[GCACHE_CLASSES];
    uint64_t cr_served[GCACHE_CLASSES], current_served[GCACHE_CLASSES];
    uint64_t gcs_sent, gcs_received, ges_sent, ges_received;
    uint64_t gcs_by[GCACHE_MSGS], ges_by[GCACHE_ENQS]; /* the messages sent, by what for */
    uint64_t grants_remote, grants_local;              /* grants this instance asked for */
    uint64_t downconverts;                             /* X -> S down-converts it made (fairness) */
    uint64_t past_images;                              /* past images it kept */
} gcache_counts_t;

sim_err_t gcache_create(const gcache_params_t *p, gcache_t **out);
void gcache_destroy(gcache_t *g);

/* Every block of `kind` counts under class `cls` (default: data block) /
 * is mastered by instance `inst` (default: a hash of kind and number). */
void gcache_set_class(gcache_t *g, unsigned kind, gcache_class_t cls);
void gcache_set_master(gcache_t *g, unsigned kind, int inst);
int gcache_master(const gcache_t *g, unsigned kind, uint64_t id);

/* The lock instance `inst` holds on block (kind, id). */
gcache_lock_t gcache_lock(const gcache_t *g, int inst, unsigned kind, uint64_t id);

/* Whether a request of instance inst leaves it, without changing anything. */
gcache_route_t gcache_route(const gcache_t *g, int inst, unsigned kind, uint64_t id,
                            gcache_mode_t mode);

/*
 * Instance inst's request for block (kind, id), resolved now (module
 * comment): the locks move, the counts are added, *r says what happened.
 * SIM_ENOMEM when the cache cannot grow; it is then unchanged.
 */
sim_err_t gcache_request(gcache_t *g, int inst, unsigned kind, uint64_t id, gcache_mode_t mode,
                         gcache_reply_t *r);

/* The X holder inst changed the block; `stamp` (> 0) is the caller's
 * position of the change.  Resets the fairness count. */
void gcache_changed(gcache_t *g, int inst, unsigned kind, uint64_t id, uint64_t stamp);

/*
 * The LOB cluster workload's visit: a request, then, for a change, the
 * change stamped step + 1.  *r may be NULL.  SIM_ENOMEM as above.
 */
sim_err_t gcache_touch(gcache_t *g, int inst, uint64_t step, unsigned kind, uint64_t id,
                       int current, gcache_reply_t *r);

/* Set-up before a run, without messages: block (kind, id), unheld, in S in
 * every instance (a warm cache) / in X in instance inst (e.g. its own undo
 * segment headers).  SIM_ENOMEM as above. */
sim_err_t gcache_warm(gcache_t *g, unsigned kind, uint64_t id);
sim_err_t gcache_hold(gcache_t *g, int inst, unsigned kind, uint64_t id);

/* Instance inst sent n global enqueue messages about enqueue e (the other
 * received them). */
void gcache_ges(gcache_t *g, int inst, gcache_enq_t e, uint64_t n);

const gcache_counts_t *gcache_counts(const gcache_t *g, int inst);

/* The catalogue statistics of counts n (gcache_stats(), or a delta of two
 * snapshots of them), for blocks and messages of these sizes. */
void gcache_counts_stats(const gcache_counts_t *n, uint32_t block_size, uint32_t message_bytes,
                         sim_stats_t *out);
/* The two parts of its estd interconnect traffic bytes: the blocks
 * received x block size, the GCS and GES messages sent x message size. */
void gcache_counts_traffic(const gcache_counts_t *n, uint32_t block_size, uint32_t message_bytes,
                           uint64_t *blocks, uint64_t *messages);

/*
 * The catalogue statistics of instance inst: gc cr / current blocks
 * received, gcs and ges messages sent, and the estimated interconnect bytes
 * of its side, (blocks received) x block size + (messages sent) x message
 * size: over both instances, half of AWR's (served and received, sent and
 * received) estimate.
 */
void gcache_stats(const gcache_t *g, int inst, sim_stats_t *out);

/*
 * Invariants: (1) per block, at most one X holder and then the other N; a
 * past image never where X is held; a block never requested holds nothing;
 * (2) the changes stamped add up to the blocks' versions; (3) over the two
 * instances, by class, CR and current blocks served = received, and
 * messages sent = received.
 */
sim_err_t gcache_check(const gcache_t *g);

#endif /* LOBSIM_GCACHE_H */
