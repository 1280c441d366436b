/*
 * sim.h -- what every lobsim component shares: the error enum, the seeded
 * random generator, the discrete-event engine, the statistics catalogue
 * and the programs' command-line parser.
 *
 * The catalogue is the single list of every statistic the model counts.  Each
 * entry keeps Oracle's exact name (spelling mistakes included, so that a query
 * written against v$statname runs unchanged on the results store), Oracle's
 * class bitmask and the view in which Oracle shows the figure.
 */
#ifndef LOBSIM_SIM_H
#define LOBSIM_SIM_H

#include <assert.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* ---- errors ---------------------------------------------------------- */

typedef enum {
    SIM_OK = 0,
    SIM_EINVAL,   /* a parameter is out of its documented range */
    SIM_ENOMEM,   /* an allocation failed; the object is unchanged */
    SIM_EFULL,    /* the segment cannot grow any further */
    SIM_ECORRUPT, /* an invariant check failed */
    SIM_EIO,      /* a file could not be read or written */
    SIM_ERR_COUNT
} sim_err_t;

const char *sim_strerror(sim_err_t err);

/*
 * The checked builds -- the test programs' twins of the model's libraries
 * (SIM_CHECKS) and every Debug or sanitizer build -- check a component's
 * invariants after every state change, as SQLite's assert_pager_state()
 * does, and abort naming the check that failed; the programs' release
 * builds (NDEBUG) leave it to the tests and to a case's check_invariants.
 */
#if defined(SIM_CHECKS) || !defined(NDEBUG)
#define SIM_DEBUG_CHECK(check) sim_check_or_abort((check) == SIM_OK, #check, __FILE__, __LINE__)
#else
#define SIM_DEBUG_CHECK(check) ((void)0)
#endif
/* Nothing when ok; else "lobsim: invariant check failed: WHAT (FILE:LINE)"
 * on stderr, and abort(). */
void sim_check_or_abort(int ok, const char *what, const char *file, int line);

/* ---- memory ---------------------------------------------------------- */

/*
 * Every allocation of the model goes through these, so that a test can fail
 * the Nth allocation and check that each failure ends cleanly.  The hook is
 * process-wide test scaffolding, not model state: the model itself keeps
 * nothing outside its handles.
 */
void *sim_malloc(size_t n);
void *sim_calloc(size_t count, size_t n);
void *sim_realloc(void *p, size_t n);
void *sim_aligned_alloc(size_t align, size_t n);
void sim_free(void *p);
/* Fail the nth allocation from now on (1 = the next one); 0 disables. */
void sim_fail_alloc_after(uint64_t nth);
uint64_t sim_alloc_count(void);

/* ---- files ----------------------------------------------------------- */

/*
 * Every program's output file goes through these two, so that one rule
 * holds for all of them (docs/lobbench.md, "Output files"):
 *
 *   absent, or a regular file   written whole or not at all: a temporary
 *                               file beside it, renamed into place;
 *   a pipe (FIFO) or a          written directly, as a user naming
 *   character device            /dev/stdout, /dev/null or a named pipe
 *                               expects (a pipe must have a reader: one
 *                               without is refused, not waited for);
 *   anything else (a directory, refused: never replaced.
 *   a block device, a socket)
 *
 * A symbolic link is followed to decide, and a regular file behind one is
 * replaced by the rename at `path` (the link, not the file it names).
 */
typedef enum { SIM_OUT_NEW, SIM_OUT_FILE, SIM_OUT_STREAM } sim_out_kind_t;

/*
 * Which of the above `path` is, and for a new or regular file whether its
 * directory exists and takes files; 0 and *kind set, or -1 with one line in
 * err: "WHAT: cannot write 'PATH': REASON".  Nothing is written: programs
 * call it on their options before any work, so that a refused output
 * costs nothing.
 */
int sim_output_check(const char *what, const char *path, sim_out_kind_t *kind, char *err,
                     size_t errlen);

/*
 * Write the file `path` by the rule above: fn writes into a temporary file
 * beside it (mode 0666 less the umask), which is renamed into place when fn
 * and every write succeeded; or into the stream `path` names.  On failure
 * the temporary file is removed, the error of fn (or SIM_EIO, SIM_EINVAL
 * for a refused target) is returned and err holds one line,
 * "PATH: cannot write: REASON".
 */
typedef sim_err_t (*sim_writer_fn)(FILE *f, void *arg);
sim_err_t sim_write_file(const char *path, sim_writer_fn fn, void *arg, char *err, size_t errlen);

/* ---- seeded random generator (splitmix64) ---------------------------- */

typedef struct {
    uint64_t state;
} sim_prng_t;

void sim_prng_seed(sim_prng_t *p, uint64_t seed);
uint64_t sim_prng_next(sim_prng_t *p);
/* Uniform in [0, bound); bound > 0. */
uint64_t sim_prng_below(sim_prng_t *p, uint64_t bound);

/* ---- discrete-event engine (event.c, fifo.c) -------------------------- */

/*
 * A clock and the events still to happen, each of a kind with one handler.
 * A model registers a handler per kind; its servers schedule the end of
 * their work as an event of the kind their caller names (or fire it at
 * once), so that a server never calls who waits for it.  Events run in
 * order of time, ties in the order they were scheduled: deterministic.
 */
#define SIM_EVENT_KINDS 16
typedef struct sim_engine sim_engine_t;
/* What happens at an event: ctx as registered, a and b as scheduled. */
typedef void (*sim_handler_fn)(void *ctx, uint32_t a, uint64_t b);

sim_err_t sim_engine_create(sim_engine_t **out);
void sim_engine_destroy(sim_engine_t *e);
/* kind < SIM_EVENT_KINDS runs fn(ctx, a, b); registered before it is used. */
void sim_engine_on(sim_engine_t *e, unsigned kind, sim_handler_fn fn, void *ctx);
/* Schedule kind at time t >= now; SIM_ENOMEM leaves the engine unchanged. */
sim_err_t sim_engine_at(sim_engine_t *e, uint64_t t, unsigned kind, uint32_t a, uint64_t b);
/* Run kind's handler now, before any scheduled event. */
void sim_engine_fire(sim_engine_t *e, unsigned kind, uint32_t a, uint64_t b);
/* Advance the clock to the earliest event and run it: 1, or 0 when none is left. */
int sim_engine_step(sim_engine_t *e);
uint64_t sim_engine_now(const sim_engine_t *e);
size_t sim_engine_pending(const sim_engine_t *e);
/* Events scheduled so far (a run's work, for speed per event). */
uint64_t sim_engine_scheduled(const sim_engine_t *e);

/* A FIFO of 64-bit values, grown on demand: a server's line.  A plain
 * struct, zeroed to start, freed by sim_fifo_free(). */
typedef struct {
    uint64_t *v;
    size_t head, n, cap;
} sim_fifo_t;

/* SIM_ENOMEM leaves the FIFO unchanged. */
sim_err_t sim_fifo_push(sim_fifo_t *f, uint64_t x);
/* The oldest value; the FIFO is not empty. */
uint64_t sim_fifo_pop(sim_fifo_t *f);
void sim_fifo_free(sim_fifo_t *f);

/* ---- a growable array whose elements never move (paged.c) ------------ */

/* Elements of `size` bytes in pages of 2^shift, each page made when an
 * index on it is first reserved (not cleared: an element is written before
 * it is read): growing copies no element and touches no memory the caller
 * does not (a doubling realloc() copies the array and faults in twice its
 * size).
 * A plain struct: sim_paged_init(), sim_paged_reserve() before an index is
 * used, sim_paged_at(), sim_paged_free(). */
typedef struct {
    char **page;
    size_t npages, cap_pages;
    size_t size;
    unsigned shift;
    size_t nsmall;    /* the first pages, each its own allocation */
    char *slab_next;  /* then pages carved from huge-page slabs (paged.c) */
    size_t slab_left; /* pages the current slab has left */
    /* sim_paged_init_zeroed(): each grain's flag (a grain: 2^grain
     * elements of a page), set once it is cleared (cap_pages << (shift -
     * grain) of them); NULL for an array whose elements are written before
     * they are read. */
    unsigned char *clean;
    unsigned grain;
} sim_paged_t;

void sim_paged_init(sim_paged_t *a, size_t size, unsigned shift);
/* An array whose every element reads as zero bytes until written: a
 * grain of 2^grain elements (grain <= shift) is cleared when
 * sim_paged_zat() first reaches it, so that a range never reached costs
 * nothing, not even a page fault (lobspace's boundary tags and block
 * states: a few bytes for every block of a segment of hundreds of
 * thousands, of which a run reaches those its frees and claims touch). */
void sim_paged_init_zeroed(sim_paged_t *a, size_t size, unsigned shift, unsigned grain);
void sim_paged_clear_grain(const sim_paged_t *a, size_t grain);
/* Room for the indices below n.  SIM_ENOMEM: the room made before it
 * stays (a reserve only adds room), the indices below n are not all there. */
sim_err_t sim_paged_reserve(sim_paged_t *a, size_t n);
/* Indices below sim_paged_cap() are there. */
static inline size_t sim_paged_cap(const sim_paged_t *a)
{
    return a->npages << a->shift;
}
static inline void *sim_paged_at(const sim_paged_t *a, size_t i)
{
    assert(i < sim_paged_cap(a));
    return a->page[i >> a->shift] + (i & (((size_t)1 << a->shift) - 1)) * a->size;
}
/* Element i of an array made by sim_paged_init_zeroed() (i below
 * sim_paged_cap()): its grain cleared first if this is its first access.
 * The array's elements change only as written; a const array's grain may
 * still be cleared (its elements read as zero before and after). */
static inline void *sim_paged_zat(const sim_paged_t *a, size_t i)
{
    assert(a->clean != NULL);
    if (!a->clean[i >> a->grain])
        sim_paged_clear_grain(a, i >> a->grain);
    return sim_paged_at(a, i);
}
/* Element i of such an array to read, clearing nothing: a grain never
 * reached reads as sim_paged_zero (elements of at most 64 bytes). */
extern const unsigned char sim_paged_zero[64];
static inline const void *sim_paged_zget(const sim_paged_t *a, size_t i)
{
    assert(a->clean != NULL && a->size <= sizeof sim_paged_zero);
    if (!a->clean[i >> a->grain])
        return sim_paged_zero;
    return sim_paged_at(a, i);
}
/* Of such an array: how many elements from i on lie in i's grain (at most
 * n), the first at *out, the grain cleared if need be: a range walked a
 * grain at a time. */
static inline size_t sim_paged_zspan(const sim_paged_t *a, size_t i, size_t n, void **out)
{
    size_t in_grain = ((size_t)1 << a->grain) - (i & (((size_t)1 << a->grain) - 1));
    *out = sim_paged_zat(a, i);
    return n < in_grain ? n : in_grain;
}
/* Every page freed; the struct keeps its element size and page size. */
void sim_paged_free(sim_paged_t *a);

/* ---- statistics catalogue -------------------------------------------- */

/* Oracle's v$statname class bits. */
enum {
    SIM_CLASS_USER = 1,
    SIM_CLASS_REDO = 2,
    SIM_CLASS_ENQUEUE = 4,
    SIM_CLASS_CACHE = 8,
    SIM_CLASS_OS = 16,
    SIM_CLASS_RAC = 32,
    SIM_CLASS_SQL = 64,
    SIM_CLASS_DEBUG = 128
};

/* Where Oracle shows a figure. */
typedef enum {
    SIM_VIEW_SESSTAT,      /* v$sesstat / v$mystat */
    SIM_VIEW_ENQUEUE,      /* enqueue statistics (v$enqueue_stat, requests) */
    SIM_VIEW_TRANSACTION,  /* v$transaction of the inserting transaction */
    SIM_VIEW_EVENT,        /* v$session_event: total waits of a wait event */
    SIM_VIEW_USER_TABLES,  /* user_tables after gathering statistics */
    SIM_VIEW_USER_INDEXES, /* user_indexes after gathering statistics */
    SIM_VIEW_DBMS_SPACE,   /* dbms_space.space_usage of a SecureFile segment */
    SIM_VIEW_USER_SEGMENTS,
    SIM_VIEW_SECUREFILE_SHRINK,
    SIM_VIEW_LOB_MAP, /* the model's own reading of the LOB maps and free space */
    SIM_VIEW_LATCH    /* v$latch: a latch's gets and misses */
} sim_view_t;

typedef enum {
    SIM_STAT_SF_ALLOC_CHUNKS,     /* securefile allocation chunks */
    SIM_STAT_SF_ALLOC_BYTES,      /* securefile allocation bytes */
    SIM_STAT_SF_DIRECT_WRITE_OPS, /* securefile direct write ops */
    SIM_STAT_SF_DIRECT_WRITE_BYTES,
    SIM_STAT_SF_DIRECT_READ_OPS,
    SIM_STAT_SF_DIRECT_READ_BYTES,
    SIM_STAT_DSP_ALLOCATIONS, /* segment dispenser allocations */
    SIM_STAT_DSP_CHUNKS,      /* segment chunks allocation from disepnser */
    SIM_STAT_DSP_LOAD_TASKS,  /* segment dispenser load tasks */
    SIM_STAT_SEG_EXTENTS,     /* segment extents allocated (lobsim) */
    SIM_STAT_UNDO_CV_SIZE,    /* undo change vector size */
    SIM_STAT_DB_BLOCK_GETS,
    SIM_STAT_CONSISTENT_GETS,
    SIM_STAT_DB_BLOCK_CHANGES,
    SIM_STAT_CR_BLOCKS_CREATED,
    SIM_STAT_ENQ_TX,    /* ENQ: TX - Transaction (requests) */
    SIM_STAT_USED_UREC, /* v$transaction.used_urec */
    SIM_STAT_DBLINK_ROUNDTRIPS,
    SIM_STAT_DBLINK_BYTES_SENT,
    SIM_STAT_DBLINK_BYTES_RECEIVED,
    /* Reading back (appended: statistic numbers never change). */
    SIM_STAT_PHYS_READS,
    SIM_STAT_PHYS_READ_REQS,
    SIM_STAT_PHYS_READ_MULTI,
    SIM_STAT_PHYS_READ_BYTES,
    /* Two instances sharing a segment. */
    SIM_STAT_GC_CURRENT_RECEIVED,
    SIM_STAT_GC_CR_RECEIVED,
    SIM_STAT_GCS_MESSAGES,
    SIM_STAT_GES_MESSAGES,
    SIM_STAT_INTERCONNECT_BYTES,
    SIM_STAT_WAIT_GC_CURRENT,
    SIM_STAT_WAIT_GC_CR,
    SIM_STAT_WAIT_GC_BUSY,
    /* A heap table and its indexes (the block-size experiment). */
    SIM_STAT_RECURSIVE_CALLS,
    SIM_STAT_CLIENT_ROUNDTRIPS, /* SQL*Net roundtrips to/from client */
    SIM_STAT_ROWS_PROCESSED,    /* autotrace's rows processed */
    SIM_STAT_PHYS_READ_TOTAL_REQS,
    SIM_STAT_PHYS_READ_TOTAL_BYTES,
    SIM_STAT_PHYS_READS_CACHE,
    SIM_STAT_PHYS_READS_DIRECT,
    SIM_STAT_PHYS_READS_DIRECT_TEMP,
    SIM_STAT_TAB_NUM_ROWS, /* user_tables.num_rows */
    SIM_STAT_TAB_BLOCKS,
    SIM_STAT_TAB_AVG_ROW_LEN,
    SIM_STAT_PK_NUM_ROWS, /* user_indexes.num_rows of the primary key */
    SIM_STAT_PK_BLEVEL,
    SIM_STAT_PK_LEAF_BLOCKS,
    SIM_STAT_ID_NUM_ROWS, /* ... of the index on x */
    SIM_STAT_ID_BLEVEL,
    SIM_STAT_ID_LEAF_BLOCKS,
    SIM_STAT_BI_NUM_ROWS, /* ... of the bitmap index on n */
    SIM_STAT_BI_BLEVEL,
    SIM_STAT_BI_LEAF_BLOCKS,
    /* Two instances on shared heap tables (the rac workload). */
    SIM_STAT_WAIT_GC_CURRENT_GRANT,
    SIM_STAT_WAIT_GC_CR_GRANT,
    SIM_STAT_GC_FLUSHES,
    SIM_STAT_USER_COMMITS,
    SIM_STAT_REDO_SIZE,
    SIM_STAT_REDO_WRITES,
    SIM_STAT_PHYS_WRITES,
    SIM_STAT_ELAPSED_MICRO, /* model time of the run */
    SIM_STAT_CLUSTER_MICRO, /* wait class times, v$system_wait_class */
    SIM_STAT_COMMIT_MICRO,
    SIM_STAT_SYSTEM_IO_MICRO,
    SIM_STAT_USER_IO_MICRO,
    SIM_STAT_DB_CPU_MICRO,
    /* A LOB segment's life, run from a script (life_sim.h): the redo the
     * LOB options decide, then the segment after each step as Oracle's
     * views show it, and the model's own measures of fragmentation. */
    SIM_STAT_REDO_ENTRIES,
    SIM_STAT_REDO_DIRECT_WRITES, /* redo size for direct writes */
    SIM_STAT_DSU_SEGMENT_BLOCKS, /* dbms_space.space_usage, SecureFile form */
    SIM_STAT_DSU_SEGMENT_BYTES,
    SIM_STAT_DSU_USED_BLOCKS,
    SIM_STAT_DSU_USED_BYTES,
    SIM_STAT_DSU_EXPIRED_BLOCKS,
    SIM_STAT_DSU_EXPIRED_BYTES,
    SIM_STAT_DSU_UNEXPIRED_BLOCKS,
    SIM_STAT_DSU_UNEXPIRED_BYTES,
    SIM_STAT_SEG_LOB_BLOCKS, /* user_segments of the LOB segment */
    SIM_STAT_SEG_LOB_BYTES,
    SIM_STAT_SEG_LOB_EXTENTS,
    SIM_STAT_SEG_TAB_BLOCKS, /* user_segments of the table segment */
    SIM_STAT_SEG_TAB_BYTES,
    SIM_STAT_SEG_TAB_EXTENTS,
    SIM_STAT_SHRINK_BLOCKS_MOVED, /* v$securefile_shrink of the step's shrink */
    SIM_STAT_SHRINK_BLOCKS_FREED,
    SIM_STAT_SHRINK_BLOCKS_ALLOCATED,
    SIM_STAT_SHRINK_EXTENTS_ALLOCATED,
    SIM_STAT_SHRINK_EXTENTS_FREED,
    SIM_STAT_SHRINK_EXTENTS_SEALED,
    SIM_STAT_LOB_LIVE,     /* LOBs stored out of row (lobsim) */
    SIM_STAT_LOB_INROW,    /* LOBs stored in the row (lobsim) */
    SIM_STAT_LOB_CHUNKS,   /* chunks of the LOBs out of row (lobsim) */
    SIM_STAT_FREE_CHUNKS,  /* reusable chunks (lobsim) */
    SIM_STAT_FREE_LARGEST, /* blocks of the largest reusable chunk (lobsim) */
    SIM_STAT_FREE_1,       /* reusable chunks of 1 block (lobsim) */
    SIM_STAT_FREE_2_7,     /* of 2 to 7 blocks */
    SIM_STAT_FREE_8_63,    /* of 8 to 63 blocks */
    SIM_STAT_FREE_64,      /* of 64 blocks or more */
    /* Sessions at once (life_sim/sessions.c): zero where nothing contended */
    SIM_STAT_WAIT_HW,        /* enq: HW - contention: waits */
    SIM_STAT_HW_MICRO,       /* and their time */
    SIM_STAT_DSP_LATCH_GETS, /* lob segment dispenser latch: gets */
    SIM_STAT_DSP_LATCH_MISS, /* and misses */
    SIM_STAT_WAIT_BB_BUCKET, /* buffer busy waits on hash-bucket blocks */
    SIM_STAT_COUNT
} sim_stat_t;

typedef struct {
    int number;       /* lobsim's statistic#, stable across versions */
    const char *name; /* Oracle's exact name */
    int oclass;       /* Oracle's class bitmask */
    sim_view_t view;
    const char *meaning; /* one line, for --help and the results store */
} sim_stat_info_t;

const sim_stat_info_t *sim_stat_info(sim_stat_t s);
/* The unit of statistic s's value, from what its name counts: "microseconds"
 * (the *_micro figures and DB CPU), "bytes", "blocks", "index levels",
 * "rows", "extents", else "count" (of events); NULL past the catalogue.
 * The plots title their value axes with it. */
const char *sim_stat_unit(sim_stat_t s);
/* Index of the statistic with this exact name, or -1. */
int sim_stat_by_name(const char *name);
/* Whether s counts operations (gets, allocations, round trips, records,
 * waits, commits ...): a session statistic, enqueue, transaction or wait
 * figure that is no amount of bytes, size or time.  The others (bytes,
 * times, the dictionary's and the segment's state after a step) are not
 * events to count: --profile-out weighs stacks by the first kind only. */
int sim_stat_counts_operations(sim_stat_t s);
const char *sim_view_name(sim_view_t v);
/* Whether Oracle shows statistic s per segment (dbms_space.space_usage,
 * user_segments, v$securefile_shrink, the model's LOB maps) rather than per
 * session: a script step's segment rows hold these alone, its session row
 * the others (life_sim.h; the results store's invariant 17). */
int sim_stat_per_segment(sim_stat_t s);

/* One simulated session's figures: deltas over one statement. */
typedef struct {
    uint64_t v[SIM_STAT_COUNT];
} sim_stats_t;

static inline void sim_stat_add(sim_stats_t *st, sim_stat_t s, uint64_t n)
{
    st->v[s] += n;
}

/* ---- the reference experiment ---------------------------------------- */

/*
 * The one place that names the experiment of results/reference/: 10,000
 * rows of CLOBs at nine lengths, 8 KB blocks.  Every default, every label
 * ("local 2k") and the reference loader take their figures from here.
 */
#define SIM_BYTES_PER_CHAR 2u /* CLOBs are stored as UCS-2 */
#define SIM_REF_BLOCK_SIZE 8192u
#define SIM_REF_ROWS 10000u
#define SIM_REF_NSIZES 9
extern const uint64_t sim_ref_sizes[SIM_REF_NSIZES]; /* in characters */
/* The block sizes a tablespace can have, and how a message names them. */
#define SIM_BLOCK_SIZES_ACCEPTED "2k, 4k, 8k, 16k, 32k"
int sim_block_size_valid(uint64_t bytes);
/* A segment cannot grow past 32 TB, a bigfile tablespace's reach. */
#define SIM_MAX_SEGMENT_BYTES (32ULL << 40)
/* Where the programs record and read their runs unless told otherwise,
 * in a lobsim source tree (where.c: sim_default_store()). */
#define SIM_DEFAULT_STORE "results/history.db"

/* ---- text ------------------------------------------------------------ */

/*
 * Digits with an optional k or m suffix (x1024, x1048576): no sign, no
 * spaces.  Returns 0, -1 when s is not such a number, -2 on overflow.
 */
int sim_parse_scaled(const char *s, uint64_t *out);
/* Plain decimal digits only, at most max.  Returns 0 or -1. */
int sim_parse_u64(const char *s, uint64_t max, uint64_t *out);
/* "2k" for 2048, "1m" for 1048576, "2049" otherwise: sizes as the
 * reference names them. */
void sim_format_size(uint64_t v, char *buf, size_t len);
/* The directory part of path: "." when it has none, "/" for "/x". */
void sim_parent_dir(const char *path, char *dir, size_t len);

/* ---- where things are (where.c) --------------------------------------- */

/* What makes the working directory a lobsim source tree: its shipped
 * reference folder. */
#define SIM_SOURCE_TREE_MARK "results/reference"
/* The installed data's folder under the prefix (CMakeLists.txt installs
 * results/reference/ into it as reference/). */
#define SIM_DATA_DIR "share/lobsim"
/*
 * The store a program uses without --db, into buf: SIM_DEFAULT_STORE when
 * the working directory is a lobsim source tree (0), else the user's own,
 * $XDG_DATA_HOME/lobsim/history.db or ~/.local/share/lobsim/history.db (1).
 * Nothing is created.
 */
int sim_default_store(char *buf, size_t len);
/* The folders of the store `path` created as mkdir -p would: 0, or -1 with
 * one line in err naming the folder. */
int sim_store_make_dirs(const char *path, char *err, size_t errlen);
/* For --help: the rule above in lines of at most 50 characters, each
 * after `indent` spaces, the last naming the store it gives here. */
void sim_store_help(FILE *f, int indent);
/*
 * The shipped reference file `name` (oracle_lob_insert.csv): in an
 * installed copy PREFIX/share/lobsim/reference/NAME beside PREFIX/bin/, in a
 * program run from its build directory the source tree's
 * results/reference/NAME.  buf gets the path either way (for a message);
 * returns 1 when it is readable, else 0.
 */
int sim_reference_file(const char *name, char *buf, size_t len);
/*
 * The shipped scenario `name` (shrink.sql), found as the reference is:
 * PREFIX/share/lobsim/scenarios/NAME in an installed copy, the source
 * tree's scenarios/NAME from the build directory.  buf and the return as
 * sim_reference_file().
 */
int sim_scenario_file(const char *name, char *buf, size_t len);

/* ---- interrupts (interrupt.c) ------------------------------------------ */

/*
 * Ctrl-C and SIGTERM end the program with one line, "PROG: interrupted,
 * WHAT" (WHAT e.g. "nothing recorded"), and exit status 128 + the signal.
 * sim_interrupt_say() changes WHAT; sim_interrupt_hold(1) makes the signals
 * wait (a store being written), sim_interrupt_hold(0) lets a waiting one
 * act.  Process-wide: for a program's main(), not for library code.
 */
void sim_interrupt_install(const char *prog, const char *what);
void sim_interrupt_say(const char *what);
void sim_interrupt_hold(int on);

/* ---- command lines (opt.c) -------------------------------------------- */

/*
 * The one parser of the programs' command lines.  A program lists its
 * options in a table ending with a NULL name and takes them one at a time,
 * in the order given, deciding itself what each value means:
 *
 *     static const sim_opt_t opts[] = {{"db", 0, SIM_OPT_VALUE, OPT_DB},
 *                                      {"all", 0, 0, OPT_ALL},
 *                                      {NULL, 0, 0, 0}};
 *     sim_opt_parser_t p;
 *     sim_opt_init(&p, opts, argc, argv);
 *     for (int id; (id = sim_opt_next(&p, &v, err, errlen)) != SIM_OPT_END;)
 *         switch (id) { ... }
 *
 * The grammar: --name=VALUE or --name VALUE for an option with a value,
 * --name for a flag, -c for an option with a short name; -h and --help, and
 * --version when it is the only argument, for every program; "--" ends the
 * options; "-" and anything not starting with '-' is an argument, returned
 * in its place.  No abbreviations.  Refused with one line in err naming the
 * argument (the program prefixes its name): an unknown option, a missing
 * value, a value given to a flag, an option with a value given twice unless
 * its entry has SIM_OPT_REPEAT (a flag may be repeated), --version beside
 * anything else.
 */
/* ---- a model's parameters by name (param.c) ----------------------------- */

/* A tunable parameter: the name users give it and where its uint32_t sits
 * in the struct of parameters it belongs to (offsetof). */
typedef struct {
    const char *name;
    size_t off;
} sim_param_t;

/* The index of `name` in the n entries of t, or -1. */
int sim_param_find(const sim_param_t *t, size_t n, const char *name);
/* Entry i's value in the struct at base; 0 past the table. */
uint32_t sim_param_get(const sim_param_t *t, size_t n, size_t i, const void *base);
/* Set `name` in the struct at base: 0, or -1 for a name not in t. */
int sim_param_set(const sim_param_t *t, size_t n, void *base, const char *name, uint32_t value);

#define SIM_OPT_VALUE 1u  /* takes a value */
#define SIM_OPT_REPEAT 2u /* may be given more than once: each value in turn */
#define SIM_OPT_MAX 64    /* entries of one table */

typedef struct {
    const char *name; /* the long name without its dashes; NULL ends the table */
    char short_name;  /* 'q' for -q, or 0 */
    unsigned flags;   /* SIM_OPT_VALUE, SIM_OPT_REPEAT */
    int id;           /* what sim_opt_next() returns for it: >= 0 */
} sim_opt_t;

/* What sim_opt_next() returns besides an option's id. */
#define SIM_OPT_END (-1)     /* nothing left */
#define SIM_OPT_ARG (-2)     /* an argument, not an option: *value */
#define SIM_OPT_HELP (-3)    /* -h or --help */
#define SIM_OPT_VERSION (-4) /* --version, alone */
#define SIM_OPT_PASS (-5)    /* an option starting with the pass prefix: *value, whole */
#define SIM_OPT_ERROR (-6)   /* bad input: one line in err */

typedef struct {
    const sim_opt_t *opts;
    int argc;
    char *const *argv;
    int next;         /* the index of the next argument */
    int only_args;    /* "--" was seen */
    uint64_t seen;    /* bit i: opts[i] was given */
    const char *pass; /* options left to someone else (lobbench: "--benchmark_"); NULL */
} sim_opt_parser_t;

void sim_opt_init(sim_opt_parser_t *p, const sim_opt_t *opts, int argc, char *const *argv);
/*
 * The next option's id with its value in *value (NULL for a flag), or one of
 * the SIM_OPT_ codes above; after SIM_OPT_ERROR the caller stops.  Strings
 * point into argv.
 */
int sim_opt_next(sim_opt_parser_t *p, const char **value, char *err, size_t errlen);

#endif /* LOBSIM_SIM_H */
