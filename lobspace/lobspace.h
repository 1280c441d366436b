/*
 * lobspace.h -- the LOB segment and the chunk allocator.
 *
 * The segment is a list of extents allocated on demand under automatic
 * allocation (16 x 64 KB, then 1 MB extents until the segment reaches 64 MB,
 * 8 MB until 1 GB, then 64 MB).  Every extent starts with its header block;
 * the first extents also carry the segment header, the committed-free-space
 * (CFS) blocks and the persistent undo (PUA) blocks.  The data blocks not yet
 * handed out are the segment's committed free space.
 *
 * The chunk allocator gives each LOB write contiguous runs of blocks
 * ("securefile allocation chunks").  It does not know where space comes from:
 * a source callback (the dispenser, wired in by the insert path) hands it runs.
 * In CACHED mode it keeps the last run and carves LOB writes out of it (the
 * direct-path allocation context); in EXACT mode each write asks the source
 * for exactly the blocks it needs (the conventional path).
 */
#ifndef LOBSIM_LOBSPACE_H
#define LOBSIM_LOBSPACE_H

#include <stddef.h>
#include <stdint.h>

#include "sim.h"

/* A contiguous run of blocks, addressed by block number in the segment. */
typedef struct {
    uint64_t start;
    uint64_t len;
} lob_run_t;

typedef struct {
    uint32_t block_size;            /* bytes: 2048 .. 32768, a power of two */
    uint32_t block_overhead;        /* bytes of header and tail in a LOB data block */
    uint32_t extent_header_blocks;  /* at the start of every extent */
    uint32_t segment_header_blocks; /* first extent only */
    uint32_t cfs_blocks;            /* committed-free-space blocks */
    uint32_t pua_blocks;            /* persistent undo blocks */
    uint32_t hash_bucket_blocks;    /* hash-bucket blocks after the segment header */
    uint32_t meta_layout;           /* lob_meta_layout_t: where the metadata goes */
    uint32_t inrow_max;             /* bytes: a LOB this small stays in the table row */
    uint32_t inrow_header_bytes;    /* an in-row LOB's locator and header, besides its data */
    uint64_t max_bytes;             /* the segment cannot grow past this */
} lob_params_t;

/*
 * Where the segment-level metadata goes (docs/lifecycle-sources.md (d)).
 * SEGMENT_START: the segment header, hash buckets, CFS and PUA blocks
 * from the first extent on, after each extent's header, spilling into the
 * extents the first allocation adds (round one).  FIRST_WRITE_EXTENT: the
 * first extent holds the segment header and the hash buckets; the first
 * allocation adds one extent whose first blocks are the CFS and PUA
 * blocks, whatever room the first extent has left (berxblog 2017,
 * 12.1.0.2 block dumps).
 */
typedef enum { LOB_META_SEGMENT_START, LOB_META_FIRST_WRITE_EXTENT } lob_meta_layout_t;

/* The kinds of segment-level metadata block, in the order they are laid. */
typedef enum {
    LOB_META_SEGMENT_HEADER,
    LOB_META_HASH_BUCKET,
    LOB_META_CFS,
    LOB_META_PUA,
    LOB_META_KINDS
} lob_meta_kind_t;

void lob_params_defaults(lob_params_t *p);
/*
 * SIM_OK when the segment can be built with these parameters; otherwise
 * SIM_EINVAL and one line in msg naming the bad parameter and what would be
 * accepted.
 */
sim_err_t lob_params_check(const lob_params_t *p, char *msg, size_t msglen);
/* LOB data bytes one block carries. */
uint32_t lob_payload(const lob_params_t *p);
/*
 * Storage in row, the one rule every experiment uses: with ENABLE STORAGE
 * IN ROW (`enabled`, Oracle's default) a LOB of at most p->inrow_max bytes
 * is stored in the table row and takes no space in the LOB segment; with
 * DISABLE STORAGE IN ROW every LOB goes to the segment.
 */
int lob_in_row(const lob_params_t *p, int enabled, uint64_t bytes);
/* Bytes of the extent that the segment adds when it is `seg_bytes` large. */
uint64_t lob_next_extent_bytes(uint64_t seg_bytes);

/* The segment (below); declared here for the allocator. */
typedef struct lob_space lob_space_t;
/* A transaction of one segment (lob_space_tx_create()): the runs it
 * allocated and freed.  Several may be open at once, one a session. */
typedef struct lob_space_tx lob_space_tx_t;

/* ---- the chunk allocator --------------------------------------------- */

typedef enum { LOB_ALLOC_CACHED, LOB_ALLOC_EXACT } lob_alloc_mode_t;

/*
 * Source of space.  `want` is the number of blocks still needed (CACHED mode
 * passes 0: "whatever the source hands out"); `cont` is 0 for the first run of
 * a write and 1 when the write is being completed from another run.  Returns
 * one run of 1..want blocks (any size >= 1 when want is 0).
 */
typedef sim_err_t (*lob_source_fn)(void *arg, uint64_t want, int cont, lob_run_t *run);

/* What the allocator knows of one LOB: enough for its map and its undo. */
typedef struct {
    uint64_t chunks;
    uint64_t blocks;
    uint64_t last_end; /* block after the LOB's last chunk */
} lob_lob_t;

typedef struct lob_alloc lob_alloc_t;

sim_err_t lob_alloc_create(const lob_params_t *p, lob_alloc_mode_t mode, lob_source_fn src,
                           void *arg, lob_alloc_t **out);
void lob_alloc_destroy(lob_alloc_t *a);

/*
 * Give `blocks` more blocks to *lob, as one or more chunks.  Returns the
 * number of chunks added in *chunks (may be NULL).  On failure *lob and
 * *chunks are unchanged; the chunks given before the source failed stay
 * counted (statistics, lob_alloc_given(), the observer saw them) and their
 * blocks are lost to the statement, as a failed Oracle write leaves them.
 * Space the source handed over and no chunk used stays cached (CACHED mode).
 */
sim_err_t lob_alloc_write(lob_alloc_t *a, uint64_t blocks, lob_lob_t *lob, uint64_t *chunks);

/*
 * Called with every chunk given to a LOB, after the LOB has it: how readers
 * and the cluster's global cache learn the layout without the allocator
 * keeping it.  NULL stops it.
 */
typedef void (*lob_chunk_fn)(void *arg, const lob_run_t *chunk, const lob_lob_t *lob);
void lob_alloc_observe(lob_alloc_t *a, lob_chunk_fn fn, void *arg);

/*
 * Many writes at once, for a writer whose rows are alike.  In EXACT mode the
 * source tells how many blocks it can hand out as runs of any requested
 * sizes with no further work (`ready`), and meets `requests` requests of
 * `blocks` blocks in all with one run each, one after another from
 * span->start (`many`, SIM_OK or nothing changed); arg is the source's.  Without them EXACT mode
 * has nothing ready.
 */
typedef uint64_t (*lob_ready_fn)(void *arg);
typedef sim_err_t (*lob_many_fn)(void *arg, uint64_t blocks, uint64_t requests, lob_run_t *span);
void lob_alloc_many_source(lob_alloc_t *a, lob_ready_fn ready, lob_many_fn many);
/* Blocks lob_alloc_write_many() can give now, each write in one chunk: the
 * cache (CACHED) or what the source has ready (EXACT); 0 while an observer
 * is set (it must see every chunk). */
uint64_t lob_alloc_ready(const lob_alloc_t *a);
/*
 * `writes` writes of `blocks` blocks in all, each to a LOB in one chunk,
 * counted as that many calls of lob_alloc_write() count them whatever
 * their sizes, in one run of the segment, *span (unless NULL): the writes
 * lie in it one after another.  SIM_EINVAL when blocks exceed
 * lob_alloc_ready() or a write would have no block, and nothing changes.
 */
sim_err_t lob_alloc_write_many(lob_alloc_t *a, uint64_t blocks, uint64_t writes, lob_run_t *span);

/*
 * Each chunk the allocator gives from now on is claimed for transaction tx
 * of segment sp (lob_space_claim()), whose reserved space its source hands
 * out (the dispenser of sp): the chunk becomes tx's, undone by its
 * rollback.  A claim that fails fails the write as the source would.
 * lob_alloc_release() gives the cache back to sp (CACHED mode; nothing
 * counted): a direct-path statement's unused allocation context.
 */
void lob_alloc_claim_into(lob_alloc_t *a, lob_space_t *sp, lob_space_tx_t *tx);
void lob_alloc_release(lob_alloc_t *a);

/* The writes from now on go through the buffer cache (CACHE), 1, or are
 * direct writes (NOCACHE, CACHE READS: counted as `securefile direct write
 * ops` and bytes, one op a chunk), 0, the default. */
void lob_alloc_buffered(lob_alloc_t *a, int buffered);

/* Blocks the context holds but has not given to a LOB yet (CACHED mode). */
uint64_t lob_alloc_cached(const lob_alloc_t *a);
/* Blocks taken from the source, and blocks given to LOBs. */
uint64_t lob_alloc_taken(const lob_alloc_t *a);
uint64_t lob_alloc_given(const lob_alloc_t *a);

/* What the allocator counted itself: chunks, allocation and write bytes,
 * and each data block's current get and change. */
const sim_stats_t *lob_alloc_stats(const lob_alloc_t *a);
/* The only statistics lob_alloc_stats() ever counts (lob_alloc_check()
 * holds every other at 0): a reader that takes them often needs no more. */
#define LOB_ALLOC_COUNTED 6
extern const sim_stat_t lob_alloc_counted[LOB_ALLOC_COUNTED];

/* taken = given + cached; its statistics are exactly its chunks, the
 * bytes of the blocks it gave (the direct writes: those not buffered) and
 * a get and a change of each block it gave. */
sim_err_t lob_alloc_check(const lob_alloc_t *a);

/* ---- the segment over its whole life: free space, retention, shrink ---- */

/*
 * A LOB segment whose space is given back (lob_space_t, space.c): the life
 * of a segment after its first insert.  Each block is metadata, in a live
 * chunk, or free; free space is in one of four states:
 *
 *   uncommitted  freed by an open transaction (an update's old version, a
 *                deleted LOB): still the old version's until commit, and
 *                given back to it by a rollback;
 *   unexpired    freed by a committed transaction, kept for consistent
 *                reads until its retention passes (RETENTION AUTO and MIN N
 *                by time; MAX until the segment reaches MAXSIZE; NONE: never
 *                unexpired);
 *   expired      reusable: past its retention, or never used (an extent's
 *                data blocks before they are first given out, which
 *                dbms_space.space_usage also reports as expired);
 *
 * Reusable space is kept in chunks (contiguous runs inside one extent,
 * merged with their free neighbours) hashed into buckets by size, as the
 * SecureFile hash-bucket blocks keep committed free space.  A request for
 * k blocks takes the first chunk of the smallest bucket that can hold k and
 * splits it; when no chunk is large enough the space policy decides between
 * adding an extent and filling the request from smaller chunks (a LOB in
 * more chunks: fragmentation).
 */
typedef enum {
    LOB_RETENTION_AUTO, /* consistent reads only: undo_retention seconds */
    LOB_RETENTION_MIN,  /* at least N seconds */
    LOB_RETENTION_MAX,  /* until the segment reaches its MAXSIZE */
    LOB_RETENTION_NONE, /* reusable at commit */
    /* BasicFile PCTVERSION N: "the percentage of all used BasicFiles LOB
     * data space that can be occupied by old versions" (SecureFiles and
     * Large Objects Developer's Guide): old versions kept, oldest first
     * made reusable while they are more than N per cent of the live and
     * old blocks together (the reading of "all used": named) */
    LOB_RETENTION_PCTVERSION
} lob_retention_t;

/* What to do when no free chunk can hold a request (lob.fit). */
typedef enum {
    LOB_FIT_SPLIT, /* fill it from the largest free chunks, grow only when none is left */
    LOB_FIT_GROW   /* add an extent so that the request stays in one chunk */
} lob_fit_t;

/*
 * Preallocation (ahead.c, space.c; docs/lifecycle-sources.md (a): named inputs,
 * no public source says how much or when).  After the segment grows,
 * extents of the schedule are added until the never-used space (the live
 * extents' blocks above the high-water mark) is at least `ahead` extents
 * of the schedule's next size (AHEAD_EXTENTS) or `ahead` per cent of the
 * segment's blocks (AHEAD_FRACTION).
 */
typedef enum {
    LOB_PREALLOC_OFF,
    LOB_PREALLOC_AHEAD_EXTENTS,
    LOB_PREALLOC_AHEAD_FRACTION
} lob_prealloc_t;
/* Who adds them: the allocation that grew the segment, at once, its own
 * extents (FOREGROUND), or a space task at the end of the statement
 * (BACKGROUND: lob_space_prealloc_task()). */
typedef enum { LOB_PREALLOC_FOREGROUND, LOB_PREALLOC_BACKGROUND } lob_prealloc_by_t;

/*
 * SHRINK SPACE's rules no public source gives (shrink.c; named inputs,
 * docs/lifecycle-sources.md (c)), round one's each 0: which extents are
 * candidates (every one with free space, or those at least shrink_min_free
 * per cent free), what moves (the chunks in sealed extents, or each LOB
 * with a chunk there, whole), where to (extents allocated for it, or the
 * kept extents' free chunks first) and what BLOCKS_FREED counts (the
 * blocks moved, or the freed extents' blocks).
 */
typedef enum { LOB_SHRINK_ANY_FREE, LOB_SHRINK_FREE_FRACTION } lob_shrink_candidates_t;
typedef enum { LOB_SHRINK_CHUNK, LOB_SHRINK_LOB } lob_shrink_unit_t;
typedef enum { LOB_SHRINK_NEW_EXTENTS, LOB_SHRINK_FREE_SPACE_FIRST } lob_shrink_target_t;
typedef enum { LOB_SHRINK_FREED_MOVED, LOB_SHRINK_FREED_EXTENT_BLOCKS } lob_shrink_freed_t;

typedef struct {
    lob_params_t seg;
    uint64_t uniform_bytes; /* 0: automatic allocation; else every extent this size */
    uint64_t initial_bytes; /* 0: the schedule's; else the first extent's size */
    uint64_t maxsize_bytes; /* STORAGE (MAXSIZE): the segment cannot grow past it */
    lob_fit_t fit;
    lob_prealloc_t prealloc;
    uint32_t prealloc_ahead;
    lob_prealloc_by_t prealloc_by;
    lob_shrink_candidates_t shrink_candidates;
    uint32_t shrink_min_free; /* per cent, for LOB_SHRINK_FREE_FRACTION */
    lob_shrink_unit_t shrink_unit;
    lob_shrink_target_t shrink_target;
    lob_shrink_freed_t shrink_freed_counts;
} lob_space_params_t;

typedef struct {
    uint64_t extents;
    uint64_t blocks;             /* all blocks of all extents: user_segments.blocks */
    uint64_t meta_blocks;        /* headers, hash buckets, CFS and PUA blocks */
    uint64_t used_blocks;        /* in live chunks, uncommitted frees included */
    uint64_t uncommitted_blocks; /* freed by the open transactions */
    uint64_t unexpired_blocks;   /* freed, committed, retention not passed */
    uint64_t expired_blocks;     /* reusable: expired or never used; reserved included */
    uint64_t reserved_blocks;    /* in a dispenser's or a writer's hands, no LOB's yet */
    uint64_t free_chunks;        /* reusable chunks */
    uint64_t largest_free;       /* blocks of the largest reusable chunk */
} lob_space_info_t;

/*
 * Background preallocation: the space task after a statement.  When the
 * segment grew since the last task and its policy is BACKGROUND, adds the
 * extents the policy asks for; returns how many (0 otherwise).  They are
 * counted in lob_space_stats() as any extent; no allocation's visit sees
 * them.  A segment that cannot grow (MAXSIZE) stops the task, not an error.
 */
uint64_t lob_space_prealloc_task(lob_space_t *sp);

/* One extent's blocks by kind (lob_space_layout()): its header, the
 * segment metadata it holds, and its data blocks by state. */
typedef struct {
    uint64_t start;  /* its first block's address in the segment */
    uint64_t blocks; /* all its blocks, those DEALLOCATE cut off included */
    uint64_t header;
    uint64_t meta[LOB_META_KINDS];
    uint64_t taken;     /* in live chunks, uncommitted frees and reserved space included */
    uint64_t unexpired; /* freed, committed, retention not passed */
    uint64_t expired;   /* reusable: expired or never used */
    uint64_t cut;       /* given back at its end by DEALLOCATE UNUSED */
} lob_extent_layout_t;
typedef void (*lob_layout_fn)(void *arg, const lob_extent_layout_t *x);
/* Each live extent in address order, its blocks by kind (layout.c). */
void lob_space_layout(const lob_space_t *sp, lob_layout_fn fn, void *arg);

/*
 * A LOB segment's blocks as the ASSM form of DBMS_SPACE.SPACE_USAGE counts
 * them (layout.c): "Oracle doesn't use the bitmap space managed blocks for
 * LOB segments in ASSM, beyond marking them as FULL when they are first
 * used" (Jonathan Lewis, 2012), "LOBs are all or nothing for a block"
 * (Bobby Durrett, 2023): full, the data blocks ever written (a block of a
 * CHUNK the LOB did not fill is not: Lewis, "LOB Space", 2015, CHUNK 32K,
 * full blocks about half the total); unformatted, the data blocks never
 * given to a LOB; FS1-FS4 none.  The segment metadata is left out ("The
 * bitmap blocks, segment header, and extent map blocks are not accounted
 * for", DBMS_SPACE; Demenko's 10.2 run: 1 full, 27 unformatted of 32).
 * Deletes change nothing: a freed block stays full.
 */
typedef struct {
    uint64_t unformatted;
    uint64_t full;
} lob_assm_t;
void lob_space_assm(const lob_space_t *sp, lob_assm_t *out);
/* The blocks of run hold LOB data now (full in the bitmap from now on);
 * returns how many were not full before (each a first-level bitmap
 * mark). */
uint64_t lob_space_mark_written(lob_space_t *sp, lob_run_t run);

/*
 * BasicFile free pools (pool.c; docs/lifecycle-sources.md (e)): n pools,
 * set before anything is freed (SIM_EINVAL otherwise, SIM_ENOMEM).  A
 * transaction's frees enter pool `pool` of it when their retention passes
 * (lob_space_tx_pool(); -1, the default: the shared free space).
 * lob_space_pool_alloc() gives tx one run of 1..want blocks from its
 * session's cache, refilling the cache first with up to `batch` runs of
 * tx's pool (oldest first; with `others`, of the next pools in turn when
 * it has none; *refilled, when not NULL, counts the refills that found
 * some): SIM_OK with run->len 0 when none is pooled for it.  The run is
 * claimed for tx as lob_space_alloc()'s are.  lob_space_pools_flush()
 * gives every pooled and cached run back to the shared free space (before
 * a shrink or DEALLOCATE, which want nothing reserved);
 * lob_space_pooled() counts them.
 */
sim_err_t lob_space_pools(lob_space_t *sp, uint32_t n);
void lob_space_tx_pool(lob_space_tx_t *tx, int32_t pool);
sim_err_t lob_space_pool_alloc(lob_space_t *sp, lob_space_tx_t *tx, uint64_t want, int others,
                               uint32_t batch, lob_run_t *run, uint64_t *refilled);
void lob_space_pools_flush(lob_space_t *sp);
uint64_t lob_space_pooled(const lob_space_t *sp);

/* What one shrink did, as v$securefile_shrink reports it. */
typedef struct {
    uint64_t blocks_moved;
    uint64_t blocks_freed;
    uint64_t blocks_allocated;
    uint64_t extents_allocated;
    uint64_t extents_freed;
    uint64_t extents_sealed;
} lob_shrink_t;

void lob_space_params_defaults(lob_space_params_t *p);
/* SIM_EINVAL and one line in msg for a bad parameter. */
sim_err_t lob_space_params_check(const lob_space_params_t *p, char *msg, size_t msglen);
/* A new segment with its first extent; SIM_EINVAL, SIM_ENOMEM, SIM_EFULL. */
sim_err_t lob_space_create(const lob_space_params_t *p, lob_space_t **out);
void lob_space_destroy(lob_space_t *sp);

/* What one allocation looked at: the hash buckets it probed (a bucket
 * block each), the extents it added (a segment header change each), and
 * the bucket whose block its chunk left. */
typedef struct {
    uint64_t buckets;
    uint64_t grown;
    unsigned bucket; /* the bucket the chunk was taken from (its block changes) */
} lob_space_visit_t;

/*
 * A transaction of segment sp, open until lob_space_tx_destroy(), which
 * rolls back what it still holds; the segment's destroy ends those left
 * (their handles then go with it).  SIM_ENOMEM.
 */
sim_err_t lob_space_tx_create(lob_space_t *sp, lob_space_tx_t **out);
void lob_space_tx_destroy(lob_space_tx_t *tx);
/* Whether tx holds anything: runs allocated or freed since its last end. */
int lob_space_tx_active(const lob_space_tx_t *tx);
/* Blocks tx has freed, uncommitted. */
uint64_t lob_space_tx_uncommitted(const lob_space_tx_t *tx);

/*
 * One run of 1..want blocks for transaction tx, by the fit policy; *visit
 * (may be NULL) says what it looked at.  SIM_EFULL when the segment cannot
 * give any block (MAXSIZE reached and nothing reusable); SIM_ENOMEM.  On
 * failure nothing changed.
 */
sim_err_t lob_space_alloc(lob_space_t *sp, lob_space_tx_t *tx, uint64_t want, lob_run_t *run,
                          lob_space_visit_t *visit);
/*
 * The same in two steps, for space that passes through a cache before a
 * LOB gets it (the dispenser's loaded chunk, a direct-path allocation
 * context): lob_space_reserve() takes one run of 1..want blocks out of the
 * reusable space by the fit policy, growing as allocation does (same
 * failures, nothing changed on failure); the run is then nobody's, and
 * lob_space_get_info() counts it as expired (dbms_space sees free space).
 * lob_space_claim() gives a part of reserved space to transaction tx, as
 * lob_space_alloc() would have (SIM_EINVAL for more than is reserved,
 * SIM_ENOMEM; nothing changed on failure); lob_space_unreserve() makes a
 * reserved run reusable again.
 */
sim_err_t lob_space_reserve(lob_space_t *sp, uint64_t want, lob_run_t *run,
                            lob_space_visit_t *visit);
sim_err_t lob_space_claim(lob_space_t *sp, lob_space_tx_t *tx, lob_run_t run);
void lob_space_unreserve(lob_space_t *sp, lob_run_t run);
/* All blocks of the extents: user_segments.blocks, without the walk of
 * lob_space_get_info(). */
uint64_t lob_space_blocks(const lob_space_t *sp);
/* The extent (its number, in address order) that holds `block`. */
uint64_t lob_space_extent_of(const lob_space_t *sp, uint64_t block);

/* Transaction tx frees a run it did not allocate: uncommitted. */
sim_err_t lob_space_free(lob_space_t *sp, lob_space_tx_t *tx, lob_run_t run);
/*
 * Commit tx at time `now` (seconds): its frees become unexpired until
 * now + retention (RETENTION NONE: reusable at once; MAX: until the
 * segment reaches MAXSIZE; PCTVERSION: retention_s is the per cent, and
 * the oldest old versions past it become reusable now), and its
 * allocations are kept.  tx is then
 * empty, ready for the session's next transaction.
 */
sim_err_t lob_space_commit(lob_space_t *sp, lob_space_tx_t *tx, uint64_t now, lob_retention_t ret,
                           uint64_t retention_s);
/* Rollback: tx's frees return to their LOBs and its allocations become
 * reusable at once, in the order they were made. */
sim_err_t lob_space_rollback(lob_space_t *sp, lob_space_tx_t *tx);

/* A statement savepoint: where tx stood (lob_space_tx_mark()).  A
 * rollback to it undoes only what tx did after it, as Oracle rolls back
 * one failed statement and keeps the transaction. */
typedef struct {
    size_t alloc, free;
} lob_space_mark_t;
lob_space_mark_t lob_space_tx_mark(lob_space_tx_t *tx);
/* SIM_EINVAL (and nothing changes) for a mark tx has already gone back
 * past, or one of another transaction's length. */
sim_err_t lob_space_rollback_to(lob_space_t *sp, lob_space_tx_t *tx, lob_space_mark_t m);
/* The clock reached `now`: unexpired space whose time has come becomes
 * reusable.  Returns the blocks that expired. */
uint64_t lob_space_advance(lob_space_t *sp, uint64_t now);

/*
 * SHRINK SPACE (21c).  Retention is ignored, as the manual shrink does:
 * unexpired space becomes reusable first.  The candidate extents (free
 * space, no segment metadata; shrink_candidates) are sealed; their live
 * chunks (or each LOB with a chunk there, whole: shrink_unit) move into
 * the kept extents' free chunks first (shrink_target) and otherwise into
 * space allocated for them (one extent sized to the data, rounded up to
 * 64 KB, or as many uniform extents as they need), and the sealed extents
 * are given back.  `chunks` points at every live chunk of the segment (the
 * caller's LOB maps), a LOB's chunks next to each other, and lob[i] (NULL:
 * each chunk its own LOB) numbers chunk i's LOB; a moved chunk is
 * rewritten in place.  Fails with SIM_EINVAL while a transaction holds
 * runs or space is reserved, SIM_ENOMEM, SIM_EFULL (no room for the
 * moved data, were none of it to fit in kept free space); the segment is
 * then unchanged.
 */
sim_err_t lob_space_shrink(lob_space_t *sp, lob_run_t *const *chunks, const uint32_t *lob, size_t n,
                           lob_shrink_t *out);

/* What one DEALLOCATE UNUSED gave back. */
typedef struct {
    uint64_t blocks_freed;
    uint64_t extents_freed;   /* given back whole */
    uint64_t extents_trimmed; /* cut at the high-water mark (or KEEP above it) */
} lob_dealloc_t;

/*
 * The high-water mark: the block address after the highest block ever
 * given to a LOB or holding segment metadata (dealloc.c).  Above it every
 * block of the live extents is metadata, reusable or reserved (invariant 7).
 */
uint64_t lob_space_hwm(const lob_space_t *sp);
/* The space above the high-water mark as DBMS_SPACE.UNUSED_SPACE reports
 * it: the blocks of the live extents above the mark, the address of the
 * extent that holds the mark's last block, and that block's number in the
 * extent (from 1). */
typedef struct {
    uint64_t unused_blocks;
    uint64_t last_extent_start;
    uint64_t last_used_block;
} lob_unused_t;
void lob_space_unused(const lob_space_t *sp, lob_unused_t *out);
/*
 * DEALLOCATE UNUSED [KEEP keep_bytes] (SQL Language Reference, ALTER
 * TABLE, deallocate_unused_clause): the space above the high-water mark
 * (less KEEP's bytes, rounded up to blocks) is given back: extents wholly
 * above it are freed, the extent where it ends is cut there.  Without KEEP
 * (keep_given 0) the first extent (INITIAL) is kept whole.  Open
 * transactions' runs lie below the mark and are untouched.  SIM_EINVAL
 * while space is reserved (give it back first), nothing changed; else
 * SIM_OK and *out says what was given back.
 */
sim_err_t lob_space_deallocate(lob_space_t *sp, int keep_given, uint64_t keep_bytes,
                               lob_dealloc_t *out);

void lob_space_get_info(const lob_space_t *sp, lob_space_info_t *info);
/* Freed runs that became reusable in the shared free space (not a free
 * pool), ever: a counter, without lob_space_get_info()'s search. */
uint64_t lob_space_freed_shared(const lob_space_t *sp);
/* Each extent not given back, in the order the segment added them (a
 * shrink's new extent after the ones it kept): its first block's address
 * in the segment and its blocks (user_extents' rows). */
typedef void (*lob_extent_fn)(void *arg, uint64_t start, uint64_t blocks);
void lob_space_extents(const lob_space_t *sp, lob_extent_fn fn, void *arg);
/* Reusable chunks by size: out[i] counts chunks of 2^i .. 2^(i+1)-1 blocks. */
#define LOB_SPACE_BUCKETS 24
void lob_space_free_histogram(const lob_space_t *sp, uint64_t out[LOB_SPACE_BUCKETS]);
const lob_space_params_t *lob_space_params(const lob_space_t *sp);
/* segment extents allocated, and nothing else. */
const sim_stats_t *lob_space_stats(const lob_space_t *sp);

/*
 * Invariants: (1) every block of every extent is metadata, live (used),
 * unexpired or reusable, and the counts add up to the extents' blocks; (2) reusable chunks never
 * touch each other (merged) and lie inside one extent's data area; (3) each bucket holds only
 * chunks of its sizes; (4) the counters equal a recount; (5) each open transaction's frees lie
 * in used space, no block is freed by two of them, and the uncommitted blocks are the sum over
 * the open transactions; (7) nothing above the high-water mark is a LOB's, unexpired or
 * uncommitted (reserved space may be), and a cut extent keeps at least its metadata.
 */
sim_err_t lob_space_check(const lob_space_t *sp);
/* Invariant (1)'s counts alone, in constant time: for a caller that checks
 * after every row (the full check walks every block). */
sim_err_t lob_space_check_counts(const lob_space_t *sp);

/* A LOB written piece by piece (piece.c), as one that arrives over a
 * database link: the blocks piece i of piece_size bytes writes of a LOB of
 * `bytes` bytes (full blocks as they arrive, the tail at the end). */
uint64_t lob_piece_blocks(uint64_t done_before, uint64_t done_after, uint64_t total,
                          uint32_t payload);
uint64_t lob_piece_count(uint64_t bytes, uint64_t piece_size);
uint64_t lob_piece_nth_blocks(uint64_t bytes, uint64_t piece_size, uint32_t payload, uint64_t i);

/* The consistent reads of the LOB's map before each piece: `gets`
 * consistent gets and `clones` CR copies so far (m: map_cr_chunks). */
typedef struct {
    uint64_t m, q, r, chunks, gets, clones;
} lob_map_reads_t;
lob_map_reads_t lob_map_reads_start(uint64_t m);
void lob_map_reads_before_piece(lob_map_reads_t *mr);
void lob_map_reads_after_piece(lob_map_reads_t *mr, uint64_t chunks);

/* A whole LOB of `bytes` bytes written in piece_size pieces, each piece
 * that has a block one chunk (the space at hand covers it): its blocks,
 * its chunks, and its map's consistent gets and clones before its pieces
 * (m: map_cr_chunks).  What each of many alike LOBs counts. */
typedef struct {
    uint64_t blocks, chunks, map_gets, map_clones;
} lob_piece_plan_t;
lob_piece_plan_t lob_piece_plan(uint64_t bytes, uint64_t piece_size, uint32_t payload, uint64_t m);

/* Reading n LOBs of `blocks` blocks each (read.c): the first `cached` of
 * each through the buffer cache (consistent gets), the rest in one direct
 * read a LOB (securefile direct read ops and bytes), counted into st. */
void lob_read_blocks(uint64_t n, uint64_t blocks, uint64_t cached, uint32_t block_size,
                     sim_stats_t *st);

#endif /* LOBSIM_LOBSPACE_H */
