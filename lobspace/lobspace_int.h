/* lobspace_int.h -- private structures of the LOB segment and chunk allocator. */
#ifndef LOBSIM_LOBSPACE_INT_H
#define LOBSIM_LOBSPACE_INT_H

#include <string.h>

#include "lobspace.h"

struct lob_alloc {
    lob_params_t p;
    lob_alloc_mode_t mode;
    lob_source_fn src;
    lob_ready_fn ready; /* EXACT mode, optional: lob_alloc_write_many()'s source */
    lob_many_fn many;
    void *arg;
    sim_stats_t stats; /* what the allocator counts, and nothing else */
    lob_run_t cache;   /* CACHED mode: the rest of the last refill */
    lob_chunk_fn on_chunk;
    void *on_chunk_arg;
    /* lob_alloc_claim_into(): each chunk given is claimed for claim_tx in
     * claim_sp, whose reserved space the source hands out. */
    lob_space_t *claim_sp;
    lob_space_tx_t *claim_tx;
    uint64_t taken;
    uint64_t given;
    uint64_t chunks;
    /* lob_alloc_buffered(): the writes go through the buffer cache, not
     * counted as direct writes; direct_* are the chunks and blocks that
     * were. */
    int buffered;
    uint64_t direct_chunks, direct_blocks;
};

/* ---- space.c ---------------------------------------------------------- */

#define LOB_SPACE_NIL UINT32_MAX

typedef struct {
    uint64_t start;
    uint64_t len;
    uint64_t meta; /* metadata blocks at its start */
    int seg_meta;  /* holds segment-level metadata (header, CFS, PUA): never sealed */
    uint32_t kind[LOB_META_KINDS]; /* that metadata's blocks by kind, after the header */
    int gone;                      /* given back by a shrink or by DEALLOCATE UNUSED */
    uint64_t trim;                 /* blocks at its end given back by DEALLOCATE UNUSED (dealloc.c):
                                    * its live blocks are len - trim; its addresses stay its own */
} lob_space_extent_t;

typedef struct {
    lob_run_t run;
    uint64_t expiry; /* UINT64_MAX: RETENTION MAX, until the segment is full */
    int32_t pool;    /* the free pool it enters when it expires (pool.c); -1 none */
} lob_space_pending_t;

typedef struct {
    lob_run_t *v;
    size_t n, cap;
} lob_space_runs_t;

/* One transaction of a segment: what it allocated and what it freed, in
 * order, so that a rollback to a mark undoes the runs after it. */
struct lob_space_tx {
    lob_space_t *sp;
    lob_space_runs_t alloc, free;
    size_t alloc_floor;          /* alloc's runs below it end before a mark: a claim right after the
                                  * last run grows it only above (lob_space_claim()) */
    uint64_t uncommitted_blocks; /* the blocks of `free` */
    int32_t pool;                /* the free pool its frees enter (pool.c); -1 none */
    lob_space_runs_t cache;      /* chunks its session took off a pool, not used yet
                                  * (reserved; pool.c) */
};

struct lob_space {
    lob_space_params_t p;
    sim_stats_t stats; /* segment extents allocated, nothing else */
    lob_space_extent_t *ext;
    uint64_t next_ext, cap_ext;
    uint64_t addr_end;    /* the block address a new extent starts at */
    uint64_t blocks;      /* of the extents not given back */
    uint64_t meta_blocks; /* likewise */
    uint64_t extents;     /* likewise */
    /* Segment-level metadata not placed yet, by kind: laid in kind order
     * after the header of each extent added until none is left; under
     * LOB_META_FIRST_WRITE_EXTENT the CFS and PUA blocks wait in
     * `deferred` for the first allocation (lob_space_reserve()). */
    uint64_t pending[LOB_META_KINDS];
    uint64_t deferred[LOB_META_KINDS];
    int grew; /* an allocation added an extent since the last prealloc task */
    /* The high-water mark: the block address after the highest block ever
     * given to a LOB (or holding segment metadata).  Only
     * lob_space_claim(), lob_space_shrink()'s move and
     * lob_space_add_extent() (segment metadata) advance it; nothing lowers
     * it.  Above it every block of a live extent is metadata, reusable, or
     * reserved for a LOB not written yet (a dispenser's loaded chunk). */
    uint64_t hwm;
    /* Boundary tags of the reusable chunks, lob_space_tag_t by block
     * address (tag()), in pages made as extents are added (reserve_blocks()),
     * but for the first and last blocks of reusable chunks at or above the
     * high-water mark, whose tags are kept aside in `front` (nfront of
     * LOB_SPACE_FRONT; its block's array tag then reads zero): the chunk a
     * dispenser takes its loads off moves its first block along a new
     * extent, and its tag kept in the array would touch the array all
     * along (a few bytes for every block of the segment, hundreds of
     * megabytes for a million 256k LOBs). */
    sim_paged_t tags;
    struct lob_space_front *front;
    uint32_t nfront;
    /* Each block's state in the ASSM bitmap (LOB_BLOCK_*): never given
     * to a LOB (unformatted), given in a chunk, written; never lowered
     * (layout.c, lob_space_assm()).  A byte by block address, read
     * through block_state() (below): 0 says "as its place says", given
     * below the high-water mark, unformatted above it, so that a claim
     * above the mark writes nothing for its blocks; what the mark passes
     * without giving it is written down as unformatted
     * (lob_space_raise_hwm()). */
    sim_paged_t state;
    uint32_t head[LOB_SPACE_BUCKETS];
    uint64_t free_chunks;
    uint64_t reusable_blocks;
    uint64_t used_blocks;     /* live, uncommitted frees included */
    uint64_t reserved_blocks; /* taken by lob_space_reserve(), not claimed or given back */
    /* The open transactions (lob_space_tx_create()), in no order, and the
     * blocks their frees hold: the sum of theirs. */
    lob_space_tx_t **txs;
    size_t ntxs, cap_txs;
    uint64_t uncommitted_blocks;
    /* Unexpired space in commit order (a ring). */
    lob_space_pending_t *q;
    size_t qhead, qlen, qcap;
    uint64_t unexpired_blocks;
    /* Freed runs made reusable in the shared space, ever: moved only by
     * lob_space_release_oldest() and lob_space_commit() (RETENTION NONE). */
    uint64_t freed_shared;
    /* BasicFile free pools (pool.c): expired freed chunks by pool, each
     * run (its start, then its length) reserved; none when npools is 0. */
    sim_fifo_t *pools;
    uint32_t npools;
};

enum { LOB_BLOCK_UNFORMATTED = 0, LOB_BLOCK_GIVEN = 1, LOB_BLOCK_WRITTEN = 2 };

/* A block's boundary tag: the length at a reusable chunk's first block (0
 * elsewhere), the first block at its last, and the bucket list links at
 * its first. */
typedef struct {
    uint32_t len, start, next, prev;
} lob_space_tag_t;

/* A reusable chunk's first or last block at or above the high-water mark
 * and its tag, kept aside (struct lob_space). */
#define LOB_SPACE_FRONT 32
typedef struct lob_space_front {
    uint64_t block;
    lob_space_tag_t t;
} lob_space_front_t;

/* The index in front of block b's tag kept aside, nfront when none is. */
static inline uint32_t lob_space_front_of(const lob_space_t *sp, uint64_t b)
{
    uint32_t i = 0;
    if (b >= sp->hwm)
        while (i < sp->nfront && sp->front[i].block != b)
            i++;
    return b >= sp->hwm ? i : sp->nfront;
}

/* Block b's tag to read (b below the room reserve_blocks() made): the one
 * kept aside for it, at or above the high-water mark, else the array's,
 * all zero for a block no free chunk ever reached (the array reads zero
 * until written and a read clears nothing, sim_paged_zget(): an extent's
 * blocks cost nothing until a tag is written there).  Writes go through
 * space.c's tag_w(). */
static inline const lob_space_tag_t *tag(const lob_space_t *sp, uint64_t b)
{
    uint32_t i = lob_space_front_of(sp, b);
    return i < sp->nfront ? &sp->front[i].t : sim_paged_zget(&sp->tags, b);
}

/* Whether block b's tag in the array reads all zero. */
static inline int array_tag_zero(const lob_space_t *sp, uint64_t b)
{
    static const lob_space_tag_t zero;
    return memcmp(sim_paged_zget(&sp->tags, b), &zero, sizeof zero) == 0;
}

/* The high-water mark raised to `end` (never lowered): the blocks it
 * passes below `given` written down as unformatted, those from `given` on
 * given by the caller; the chunks' first blocks it passes take their tags
 * into the array (space.c). */
void lob_space_raise_hwm(lob_space_t *sp, uint64_t end, uint64_t given);

/* The state array's bytes: BS_PLACE, the state its place gives (given
 * below the high-water mark, unformatted at or above it); or one set
 * below the mark. */
enum { BS_PLACE = 0, BS_UNFORMATTED = 1, BS_WRITTEN = 2 };

/* Block b's state, LOB_BLOCK_*. */
static inline uint8_t block_state(const lob_space_t *sp, uint64_t b)
{
    uint8_t s = *(const uint8_t *)sim_paged_zget(&sp->state, b);
    if (s == BS_PLACE)
        return b < sp->hwm ? LOB_BLOCK_GIVEN : LOB_BLOCK_UNFORMATTED;
    return s == BS_WRITTEN ? LOB_BLOCK_WRITTEN : LOB_BLOCK_UNFORMATTED;
}

/* Block b (below the high-water mark) is now in state st. */
static inline void block_state_set(const lob_space_t *sp, uint64_t b, uint8_t st)
{
    assert(b < sp->hwm);
    *(uint8_t *)sim_paged_zat(&sp->state, b) = st == LOB_BLOCK_GIVEN     ? BS_PLACE
                                               : st == LOB_BLOCK_WRITTEN ? BS_WRITTEN
                                                                         : BS_UNFORMATTED;
}

/* Room for one more run in r (space.c); SIM_ENOMEM, r unchanged. */
sim_err_t lob_space_reserve_run(lob_space_runs_t *r);
/* Room for block addresses below `end` in the per-block arrays (space.c). */
sim_err_t lob_space_reserve_blocks(lob_space_t *sp, uint64_t end);

/* space.c's primitives, for shrink.c. */
unsigned lob_space_bucket_of(uint64_t len);
void lob_space_unlink(lob_space_t *sp, uint64_t start);
void lob_space_reuse(lob_space_t *sp, uint64_t start, uint64_t len);
lob_run_t lob_space_take(lob_space_t *sp, uint64_t start, uint64_t n);
sim_err_t lob_space_add_extent(lob_space_t *sp, uint64_t bytes);
/* The oldest unexpired run becomes reusable: into its free pool when it
 * has one and `pooled` (pool.c), else the shared free space.  Returns 1
 * if there was one. */
int lob_space_release_oldest(lob_space_t *sp, int pooled);
/* Run enters free pool `pool` (reserved; pool.c keeps the pools);
 * SIM_ENOMEM, nothing changed. */
sim_err_t lob_space_pool_push(lob_space_t *sp, uint32_t pool, lob_run_t run);
/* pool.c: give tx's cached chunks back to the shared free space. */
void lob_space_cache_return(lob_space_t *sp, lob_space_tx_t *tx);
/* ahead.c: the size of the extent sp adds next (uniform, INITIAL, or the
 * schedule's), and the never-used blocks its preallocation policy still
 * wants ahead of the high-water mark (0 when off or met). */
uint64_t lob_space_next_extent_bytes(const lob_space_t *sp);
uint64_t lob_space_prealloc_short(const lob_space_t *sp);

#endif
