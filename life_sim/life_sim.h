/*
 * life_sim.h -- experiment 4: a LOB segment's whole life, run from the SQL
 * script a user would run on Oracle.
 *
 * life_run() runs a parsed script (script.h) statement by statement over the
 * model: each table's rows, each LOB column's segment (lobspace.h's
 * lob_space_t: extents, free space, retention, shrink), the LOBs' versions
 * (copy-on-write: an update writes a new version and frees the old one),
 * deduplication by content, compression of the real content with zlib,
 * storage in the row below the in-row limit, the transaction's undo
 * (undo.h) and the redo that CACHE and LOGGING decide.  After each
 * statement (a "step") it hands the caller the step's figures: the session
 * statistics the step counted, once, then every segment of every table
 * alive after it, each under its name, as Oracle's views show them
 * (dbms_space.space_usage, user_segments, v$securefile_shrink).  The same script, options and
 * parameters give the same figures, bit for bit.
 */
#ifndef LOBSIM_LIFE_SIM_H
#define LOBSIM_LIFE_SIM_H

#include <stddef.h>
#include <stdint.h>

#include "case.h"
#include "dispenser.h"
#include "lobspace.h"
#include "script.h"
#include "sim.h"
#include "undo.h"

/* The time of sessions at once (sessions.c): what each shared resource is
 * held for and what work costs.  A priori inputs, none read off a figure
 * (life_sim/README.md, "Sessions at once"). */
typedef struct {
    uint32_t dispensers;    /* dispensers (and their latches) a segment keeps */
    uint32_t latch_hold_ns; /* a dispenser latch held for one allocation */
    uint32_t latch_spin_ns; /* a miss spins this long before it sleeps */
    uint32_t hw_hold_us;    /* the HW enqueue held to add one extent */
    uint32_t block_hold_us; /* a space metadata block pinned for one change */
    uint32_t write_us;      /* a direct write's fixed service time */
    uint32_t write_mb_s;    /* and its transfer rate, MB/s */
    uint32_t io_depth;      /* direct writes the storage serves at once */
    uint32_t row_cpu_us;    /* CPU for a row changed */
    uint32_t block_cpu_us;  /* CPU for a LOB block changed in the cache */
    uint32_t log_write_us;  /* LGWR's write of the commits waiting for it */
    uint32_t deadlock_ms;   /* a TX enqueue wait looks for a deadlock this often (~3 s,
                             * life_sim/README.md "Row locks and deadlocks") */
} life_ses_params_t;

/* The model's parameters for a script; life_params_defaults() says where
 * each comes from (life_sim/README.md, the parameter table). */
typedef struct {
    lob_params_t seg;              /* the LOB segment's block format and metadata, and the
                                    * in-row limit (lob_in_row()) */
    undo_params_t undo;            /* undo change vector sizes */
    dsp_params_t dsp;              /* each LOB segment's dispenser: experiment 1's, the
                                    * same defaults (dsp_params_defaults()) */
    case_row_params_t row;         /* reading a source row and its LOBs: experiment 1's
                                    * (case_row_params_defaults()); all but
                                    * insert_row_gets and t2_extent_kb are read */
    case_link_params_t link;       /* a read over a database link (T@LINK): experiment 1's
                                    * round trips and framing (case_link_params_defaults()) */
    uint32_t piece_size;           /* bytes of each piece a LOB arrives in over a link */
    uint32_t fit;                  /* lob_fit_t: split chunks or grow, when no chunk fits */
    uint32_t prealloc;             /* lob_prealloc_t: space allocated ahead of need (named
                                    * input, off: docs/lifecycle-sources.md (a)) */
    uint32_t prealloc_ahead;       /* extents, or per cent of the segment, kept ahead */
    uint32_t prealloc_by;          /* lob_prealloc_by_t: the statement or a space task */
    uint32_t shrink_candidates;    /* lob_shrink_candidates_t (named inputs, no source:
                                    * docs/lifecycle-sources.md (c)) */
    uint32_t shrink_min_free;      /* per cent free for a candidate (FREE_FRACTION) */
    uint32_t shrink_unit;          /* lob_shrink_unit_t: a chunk or its whole LOB moves */
    uint32_t shrink_target;        /* lob_shrink_target_t: new extents or kept free space first */
    uint32_t shrink_freed_counts;  /* lob_shrink_freed_t: what BLOCKS_FREED counts */
    uint32_t bf_pools;             /* a BasicFile keeps FREEPOOLS free pools (1) or its freed
                                    * chunks join the shared free space (0): named inputs,
                                    * docs/lifecycle-sources.md (e) */
    uint32_t bf_pool_of_session;   /* 0: session n uses pool (n - 1) mod FREEPOOLS; 1: pool 1 */
    uint32_t bf_alloc_order;       /* 0: own pool, then never-used space; 1: own pool, the
                                    * others, then never-used space */
    uint32_t bf_reclaim_batch;     /* chunks one refill takes off a pool */
    uint32_t bf_header_blocks;     /* a BasicFile segment's metadata in its first extent
                                    * besides the extent's first bitmap block: the L2
                                    * bitmap and the segment header (ASSM) */
    uint32_t bf_block_overhead;    /* bytes of header and tail in a BasicFile data block */
    uint32_t undo_retention;       /* seconds: UNDO_RETENTION's default, until the script sets it */
    uint32_t locator_bytes;        /* an out-of-row LOB's locator in the table row */
    uint32_t table_block_overhead; /* a table block's header, ITL and directory bytes */
    uint32_t pctfree;              /* percent of a table block kept free */
    uint32_t row_dir_bytes;        /* a row's entry in the block's row directory */
    uint32_t redo_record_bytes;    /* a redo record's header */
    uint32_t redo_cv_bytes;        /* a change vector's header */
    uint32_t redo_space_bytes;     /* the space metadata's change of a chunk (its vector's
                                    * field): named input, no source (redo.c) */
    uint32_t redo_kdxlin_bytes;    /* a LOB index leaf operation's fixed part (10.2, 10.4):
                                    * named input, no source */
    uint32_t redo_lobindex_row_bytes; /* a LOB index entry as 10.2 inserts it: named input */
    uint32_t redo_invl_range_bytes;   /* an invalidation's block range (26.4): named input */
    uint32_t redo_bitmap_bytes;       /* an L1 bitmap's FULL marks (13.x): named input */
    uint32_t redo_extent_bytes;       /* an extent's entry in the extent map (14.1) and its
                                       * range in the tablespace bitmap: named input */
    uint32_t lobindex_chunks;         /* chunks one BasicFile LOB index entry lists (its 32
                                       * bytes of data: 8 addresses; index.c) */
    uint32_t lobindex_entry_bytes;    /* a LOB index leaf entry, flag to key (index.c: 50) */
    uint32_t lobindex_inrow_chunks;   /* chunks listed in the row, not the index, under
                                       * ENABLE STORAGE IN ROW (Lewis, "Basicfile LOBs 6": 12) */
    uint32_t compress_unit_kb;        /* SecureFile compresses this much at a time */
    uint32_t inrow_compressed; /* a COMPRESS LOB stays in the row by its compressed length (1)
                                * or its uncompressed length (0, the default): no public
                                * source says which (life_sim/README.md) */
    life_ses_params_t ses;     /* sessions at once (--sessions) */
    int one_at_a_time;         /* a check, not a parameter (no --param sets it): every row
                                * and LOB version written alone, never n alike rows at once
                                * (life_lob_alike()); the figures are the same either way
                                * (tests/test_life_alike.c) */
} life_params_t;

void life_params_defaults(life_params_t *p);
/* SIM_OK, or SIM_EINVAL and one line in msg naming the parameter. */
sim_err_t life_params_check(const life_params_t *p, char *msg, size_t msglen);

/* The model's tunable parameters by name, as lobbench's --param takes them
 * ("life.fit", "life.undo_retention", ...). */
size_t life_param_count(void);
const char *life_param_name(size_t i);
uint32_t life_param_get(const life_params_t *p, size_t i);
/* -1 for an unknown name. */
int life_set_param(life_params_t *p, const char *name, uint32_t value);

/* Parts of a step's figures, by what counted them (--explain). */
typedef enum {
    LIFE_PART_SPACE,   /* the LOB segment's space: chunks, extents, the dispenser */
    LIFE_PART_LOB,     /* LOB data written: direct writes or buffered changes */
    LIFE_PART_ROW,     /* the table rows and their blocks */
    LIFE_PART_UNDO,    /* undo records and change vectors */
    LIFE_PART_REDO,    /* redo records */
    LIFE_PART_SEGMENT, /* the segments after the step, as the views show them */
    LIFE_PART_COUNT
} life_part_t;

const char *life_part_name(life_part_t p);

/* One row of a step's figures: the session's statistics of the step, or
 * one segment after it. */
typedef struct {
    uint32_t step;          /* 1-based statement number */
    const scr_stmt_t *stmt; /* the statement */
    /* NULL: the session's row -- the statistics the step counted (deltas,
     * as v$mystat gives them), once per step, no segment's figures.  Else
     * the table (upper case) whose segment the row shows, after the step
     * (states): its table segment (column NULL) or the segment of its LOB
     * column `column`; a segment's row holds no session statistic, so
     * that summing a step's rows counts each figure once. */
    const char *table;
    const char *column;
    char segment[SCR_NAME_MAX + 1]; /* the segment's name: the table's, or the LOB
                                     * segment's (life_seg_name()); "" for the session */
    double clock;                   /* the model's clock after the step, seconds */
    /* By part; the session's row has every part but LIFE_PART_SEGMENT,
     * a segment's row that part only.  `total` is their sum. */
    sim_stats_t part[LIFE_PART_COUNT];
    sim_stats_t total;
    /* The Oracle error the statement got, "ORA-NNNNN: text" (NULL: none),
     * and how to declare a missing object (NULL: no hint); valid during
     * the call only; every row of the step carries them (the session's
     * row is there even when no table is alive). */
    const char *error;
    const char *hint;
    /* What the statement prints under its step, as SQL*Plus prints it: a
     * query's result set, or "not modelled: why", or what a block printed
     * with dbms_output.put_line, a line each ending in '\n' (NULL:
     * nothing); valid during the call only. */
    const char *output;
    /* A LOB segment's row: the segment (lob_space_layout() shows its
     * extents), valid during the call only; NULL on other rows. */
    const lob_space_t *space;
} life_step_t;

/* Called after each step with its session's row, then for each table alive
 * in table order its table segment's row and its LOB columns' in column
 * order; a non-zero return stops the run (life_run() returns SIM_EINVAL,
 * msg untouched). */
typedef int (*life_step_fn)(void *arg, const life_step_t *st);

/*
 * Run the script.  A statement Oracle refuses (a segment that cannot grow
 * past MAXSIZE: ORA-01691; a value too long: ORA-01489; a name that does
 * not resolve: ORA-00942) is undone and its step carries the error, as
 * SQL*Plus prints it and goes on; under WHENEVER SQLERROR EXIT the run
 * stops after that step (*exit_status, when not NULL, gets the status;
 * -1 when the script ran to its end).  The setup's statements
 * (scr_stmt_t.setup) run without a step; one of them that gets an error
 * stops the run: SIM_EINVAL, "SETUP:LINE: ORA-... (...)" in msg.  SIM_OK;
 * SIM_ENOMEM.  Nothing is left allocated.
 */
sim_err_t life_run_status(const scr_script_t *s, const life_params_t *p, life_step_fn fn, void *arg,
                          char *msg, size_t msglen, int *exit_status);
/* The same, the exit status left out. */
sim_err_t life_run(const scr_script_t *s, const life_params_t *p, life_step_fn fn, void *arg,
                   char *msg, size_t msglen);

/* ---- the same, a statement at a time, for one session of several ------ */

typedef struct life_db life_db_t;

/* Ids each session owns: session k's rows have ids k x LIFE_SESSION_IDS
 * plus the script's (its expressions see the script's id). */
#define LIFE_SESSION_IDS 1000000000ll

/*
 * What a statement did that takes time or a resource others share, in the
 * order it did it (life_set_trace()).  `seg` numbers a LOB segment
 * (table x LIFE_MAX_LOBCOLS + column); `n` is a count of blocks, or 1.
 */
typedef enum {
    LIFE_OP_DISPENSER,    /* the segment's dispenser gave a LOB its space */
    LIFE_OP_EXTENT,       /* n extents added: the segment's HW moved, its header changed */
    LIFE_OP_BUCKET,       /* a hash-bucket block changed: id is the bucket */
    LIFE_OP_DIRECT_WRITE, /* a direct write of n bytes (NOCACHE) */
    LIFE_OP_BUFFERED,     /* n LOB blocks changed in the buffer cache (CACHE) */
    LIFE_OP_ROW,          /* a row inserted, updated or deleted */
    LIFE_OP_COMMIT,       /* n = 1: a commit, its redo to write; id = 1: one that does
                           * not wait for it (in PL/SQL); n = 0: waiting for the
                           * redo of the commits before, a block's end */
    LIFE_OP_SLEEP,        /* the session sleeps n ms (dbms_session.sleep): whoever
                           * traces keeps the clock then (life_advance()) */
    LIFE_OPS
} life_op_kind_t;

typedef void (*life_op_fn)(void *arg, life_op_kind_t kind, uint32_t seg, uint64_t id, uint64_t n);

/* A database for script s: SIM_OK; SIM_EINVAL (a bad parameter, one line
 * in msg, which must outlive the database), SIM_ENOMEM. */
sim_err_t life_open(const scr_script_t *s, const life_params_t *p, char *msg, size_t msglen,
                    life_db_t **out);
/* Run statement st as session `session` of a run of several (0: the only
 * one, no ids offset).  An Oracle error undoes the statement (a PL/SQL
 * block ends there) and is the statement's (life_error()), SIM_OK: the
 * run goes on, one rule for a script alone and for sessions at once
 * (ORA-00060 too).  Then WHENEVER SQLERROR's COMMIT or ROLLBACK.  The
 * step's figures wait for life_report(). */
sim_err_t life_exec(life_db_t *db, const scr_stmt_t *st, uint32_t session, uint32_t sessions);
/* The Oracle error of the last life_exec(), "ORA-NNNNN: text", or NULL. */
const char *life_error(const life_db_t *db);
/* The exit status WHENEVER SQLERROR EXIT asks for after the last
 * life_exec(), or -1: go on. */
int life_exit_status(const life_db_t *db);
/* The step's figures of statement st, as life_run() hands them, then a
 * fresh step; non-zero when fn stopped. */
int life_report(life_db_t *db, const scr_stmt_t *st, life_step_fn fn, void *arg);
/* The statement's session figures (every part but the segments') added to
 * *into, then a fresh step: life_report() without the tables. */
void life_take_figures(life_db_t *db, sim_stats_t *into);
/* The clock moved on to `ms` (never back): retention that passed expires. */
void life_advance(life_db_t *db, uint64_t ms);
uint64_t life_clock_ms(const life_db_t *db);
/* Every later operation to fn (NULL: none). */
void life_set_trace(life_db_t *db, life_op_fn fn, void *arg);
/* With yield on, a PL/SQL block stops after each of its commits, and
 * after a sleep outside a transaction (life_stopped() then says so) and the next life_exec() of it
 * goes on from there: a session's transactions one at a time. */
void life_set_yield(life_db_t *db, int on);
int life_stopped(const life_db_t *db);
/* Whether the running session has a transaction open (changes not yet
 * committed or rolled back). */
int life_in_transaction(const life_db_t *db);
/* After life_exec(): 0, or session + 1 whose row lock the statement met;
 * the statement was then undone (its savepoint) and is to be run again
 * once that session's transaction has ended.  A PL/SQL block stops before
 * it (life_stopped()). */
uint32_t life_blocked(const life_db_t *db);
/* How many transactions session `session` has ended (commit or rollback). */
uint64_t life_tx_ended(const life_db_t *db, uint32_t session);
/* Session `session`'s stopped PL/SQL block ends where it stopped (an error
 * it does not handle: ORA-00060). */
void life_cancel(life_db_t *db, uint32_t session);
/* Whether statement kind k is run once for all sessions (DDL, settings). */
int life_stmt_shared(const scr_stmt_t *st);
void life_close(life_db_t *db);

/* ---- sessions at once (sessions.c) ------------------------------------- */

/* What a session waits for, named as Oracle's wait events. */
typedef enum {
    LIFE_EV_HW,           /* enq: HW - contention: another session adds an extent */
    LIFE_EV_LATCH,        /* latch free: the dispenser's latch, past the spin */
    LIFE_EV_BUFFER_BUSY,  /* buffer busy waits: a hash-bucket block pinned */
    LIFE_EV_DIRECT_WRITE, /* direct path write: a LOB's NOCACHE write */
    LIFE_EV_LOG_SYNC,     /* log file sync: a commit's redo */
    LIFE_EV_TX,           /* enq: TX - row lock contention: a row another session's open
                           * transaction changed */
    LIFE_EVENTS
} life_event_t;
const char *life_event_name(life_event_t e);
const char *life_event_class(life_event_t e);
/* A script's sleep (dbms_lock.sleep, dbms_session.sleep) as Oracle's wait
 * event: "PL/SQL lock timer", class "Idle" -- not a LIFE_EVENTS event, so
 * that DB time (CPU and the waits) leaves it out. */
const char *life_idle_event_name(void);
const char *life_idle_event_class(void);

/* One session's figures (or the system's: their sum). */
typedef struct {
    uint64_t waits[LIFE_EVENTS], wait_ns[LIFE_EVENTS];
    uint64_t cpu_ns;     /* DB CPU */
    uint64_t idle_ns;    /* sleeps in the script */
    uint64_t idle_waits; /* and their number: Oracle's Idle wait event "PL/SQL lock timer"
                          * (life_idle_event_name()) */
    uint64_t latch_gets, latch_misses, latch_sleeps;
    uint64_t hw_gets; /* HW enqueue requests: to add extents, or to wait for them */
    uint64_t extents; /* extents it added */
    uint64_t transactions;
    uint64_t deadlocks; /* enqueue deadlocks: its waits that ended in ORA-00060 */
    uint64_t end_ns;    /* when it ran out of statements */
    sim_stats_t st;     /* its session statistics (v$sesstat) */
} life_ses_figures_t;

/* What the shared resources counted themselves: [0] the sessions they let
 * in, [1] of them, those that had queued; LGWR's writes and the waiting
 * commits they ended. */
typedef struct {
    uint64_t latch[2], hw[2], block[2], io[2];
    uint64_t log_writes, log_commits;
} life_ses_resources_t;

/* One interval of a run taken every snap_ns of model time
 * (life_sessions_run()): the system's figures in it, as deltas, like an
 * AWR snapshot's.  A transaction's statistics (st) count in the interval
 * in which it began, its waits and CPU in those in which they ended. */
typedef struct {
    uint64_t end_ns; /* the interval's end; the last ends with the run */
    life_ses_figures_t sys;
    /* Its time of each event in whole microseconds as the statistics
     * count it (each session's rounded down, then summed), so that the
     * intervals add up to the sessions' own, rounded the same way. */
    uint64_t wait_us[LIFE_EVENTS];
    uint64_t idle_us; /* the sleeps' time, rounded the same way */
} life_ses_snap_t;

/* A table's segments at the end of a run, as the views show them. */
typedef struct {
    const char *name; /* upper case; the script's, which must outlive it */
    sim_stats_t segment;
} life_ses_table_t;

/* A statement ended by an error the run goes on after (ORA-00060, and
 * any Oracle error a statement gets: life_exec()). */
typedef struct {
    uint32_t session; /* 1-based */
    uint32_t line;    /* the statement's line in the script */
    uint64_t at_ns;   /* when */
    char text[200];   /* "ORA-NNNNN: text" */
} life_ses_error_t;

typedef struct {
    uint32_t n;
    life_ses_figures_t *s;    /* n sessions */
    life_ses_error_t *errors; /* nerrors, in the order they came */
    uint32_t nerrors;
    life_ses_figures_t sys;   /* their sum; end_ns the run's elapsed time */
    life_ses_resources_t res; /* as the resources counted it */
    uint64_t events;          /* events the run scheduled (its speed per event) */
    life_ses_snap_t *snaps;   /* nsnaps intervals, adding up to sys; none without snap_ns */
    uint32_t nsnaps;
    life_ses_table_t *tables; /* ntables alive at the end */
    uint32_t ntables;
} life_ses_result_t;

/* The most snapshots a run takes (snap_ns of life_sessions_run(); lobbench
 * holds --snapshot-every by rows to it too): each keeps every statistic,
 * so that memory, the CSV and the store grow with their number. */
#define LIFE_MAX_SNAPSHOTS 10000

/*
 * Run the script in n sessions at once on the same segments: statements
 * that change no rows of a session (DDL, settings) run once, when every
 * session has finished the statements before them; between them, each
 * session runs every DML statement on its own rows (ids offset by
 * LIFE_SESSION_IDS), a transaction at a time, and spends the time its
 * operations take on the resources they share (sessions.c).  snap_ns > 0
 * takes the run's figures every snap_ns of model time (out->snaps); a run
 * that would take more than LIFE_MAX_SNAPSHOTS stops there, SIM_EINVAL
 * with one line saying so.  Errors as life_run(); *out is freed with
 * life_ses_result_free() in any case.
 */
sim_err_t life_sessions_run(const scr_script_t *s, const life_params_t *p, uint32_t n,
                            uint64_t snap_ns, life_ses_result_t *out, char *msg, size_t msglen);
void life_ses_result_free(life_ses_result_t *r);

#endif /* LOBSIM_LIFE_SIM_H */
