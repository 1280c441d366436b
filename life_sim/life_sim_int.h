/* life_sim_int.h -- what the files of the life experiment share: the
 * database a script runs on, its tables, rows and LOB versions. */
#ifndef LOBSIM_LIFE_SIM_INT_H
#define LOBSIM_LIFE_SIM_INT_H

#include "heapspace.h"
#include "life_sim.h"

/* Constant values one statement keeps (a PL/SQL block's statements add
 * theirs). */
#define LIFE_MAX_KONST 16

/* LOB columns a table may have. */
#define LIFE_MAX_LOBCOLS 8
#define LIFE_MAX_VCCOLS 4 /* VARCHAR2 values a row carries (varchar.c) */

/* One LOB version (lob.c).  A row points at it by index; deduplicated
 * versions are shared by several rows (refs). */
typedef struct {
    scr_val_t val;   /* its content (a reference held) */
    uint64_t stored; /* bytes it stores: compressed, or its content's */
    uint64_t hash;   /* its content's hash (the dedup key) */
    uint32_t refs;   /* rows pointing at it */
    uint32_t nchunks;
    lob_run_t one;    /* its first chunk */
    lob_run_t *more;  /* the others, nchunks - 1 of them, or NULL */
    uint8_t inrow;    /* stored in the row: no chunks */
    uint8_t dedup;    /* entered in its segment's dedup index */
    uint32_t owner;   /* session + 1 whose open transaction wrote it; 0 once committed:
                       * another session's dedup does not share it (txn.c) */
    uint32_t next;    /* the pool's free list */
    uint32_t ix_n;    /* its entries in its LOB index's current section (index.c) */
    uint64_t ix_pos;  /* the first one's position there */
    uint64_t ix_rpos; /* its chunks' first reusable entry, once a let-go freed them */
    uint8_t ix_freed; /* its current entries deleted by a let-go a rollback may undo */
    uint32_t live;    /* live rows pointing at it (life_lob_live()) */
} life_lob_t;

/* A LOB column's segment, created with the table's first row (deferred
 * segment creation, the default since 11.2). */
typedef struct {
    scr_lob_opts_t o;    /* its storage clause */
    lob_space_t *space;  /* NULL before the first row */
    lob_space_tx_t **tx; /* each session's transaction in it, made on first use
                          * (life_seg_tx()); ntx of them */
    uint32_t ntx;
    dsp_t *dsp;              /* its dispenser: every LOB write's space (lob.c) */
    lob_alloc_t **alloc;     /* each session's two writers, made with its transaction:
                              * [2 sid] a direct-path statement's allocation context
                              * (refills), [2 sid + 1] the conventional writer
                              * (searches); both claim for the session's transaction */
    sim_stats_t dsp_seen;    /* dsp_stats() when the figures last took them */
    sim_stats_t *alloc_seen; /* each writer's lob_alloc_stats() then, 2 x ntx */
    uint8_t *alloc_moved;    /* each writer used since then (allocate(), release) */
    uint32_t block_size;     /* the tablespace's */
    uint32_t payload;        /* LOB bytes one block carries */
    uint32_t chunk_blocks;   /* BasicFile CHUNK in blocks (1 for SecureFile) */
    /* Dedup index: content hash -> LOB index, open addressing. */
    uint32_t *dd;
    uint64_t dd_cap, dd_used;
    lob_shrink_t last_shrink; /* the segment's last shrink, v$securefile_shrink's row: shown
                               * at every step until the next shrink replaces it */
    int shrunk;               /* the segment has been shrunk (cleared with the segment:
                               * life_seg_destroy()) */
    uint64_t uniform_bytes;   /* its tablespace's uniform extent size, 0 autoallocate */
    hs_grow_t *ix;            /* its LOB index (index.c), made and dropped with it */
    /* Its LOB maps as the step's figures show them (life_lob_figures()):
     * the versions live rows point at, each once, out of the row with
     * chunks (lobs, and their chunks) or in the row; moved only by
     * life_lob_live() and a version's growth (life_lob_extend()). */
    uint64_t live_lobs, live_chunks, live_inrow;
    uint64_t ix_freed_seen; /* lob_space_freed_shared() when the index last took it */
} life_seg_t;

/* A primary key's slot (keys.c): the row + 1 that last took id, 0 empty. */
typedef struct {
    int64_t id;
    uint64_t row1;
} life_key_t;

typedef struct {
    int64_t id;
    uint32_t lob[LIFE_MAX_LOBCOLS]; /* LOB index; 0: null */
    scr_val_t vc[LIFE_MAX_VCCOLS];  /* its VARCHAR2 values by scr_varchar_slot(), a reference
                                     * each, 0: null (varchar.c) */
    uint32_t locker;                /* session + 1 whose open transaction changed it (its row lock),
                                     * 0: none; set by life_tx_log(), cleared at its end (txn.c) */
    uint8_t alive;
    uint8_t fresh;   /* inserted by the locker's open transaction: no other session sees it */
    uint16_t part;   /* its segments' group: 0, or partition p + 1 of a partitioned table,
                      * the one its key maps to (partition.c) */
    uint64_t pk_pos; /* its entry's position in the primary key's index (keys.c) */
} life_row_t;

typedef struct {
    const scr_table_t *def;
    int exists;                   /* created and not dropped */
    uint32_t nlob;                /* LOB columns */
    int lobcol[LIFE_MAX_LOBCOLS]; /* their column numbers */
    /* Its LOB segments by slot (life_slot()): group g's LOB column k at
     * g * LIFE_MAX_LOBCOLS + k.  Group 0 is a table's LOB segments, of a
     * partitioned table its column level, whose options user_lobs shows
     * and which no row writes; group p + 1 partition p's own segments
     * (partition.c).  nseg slots, made with the table (stmt.c). */
    life_seg_t *seg;
    uint32_t nseg;
    sim_paged_t rows; /* life_row_t, by index (life_row_at()): a row never moves */
    uint64_t nrows;
    uint64_t live_rows;
    /* The table segment: rows' bytes as they were laid down (a heap
     * segment never gives space back without a shrink). */
    uint64_t row_bytes;     /* bytes of the live rows, with their directory entries */
    uint64_t row_bytes_hwm; /* the most they ever took: the blocks stay */
    int has_segment;
    uint32_t block_size;
    /* The primary key's ids (keys.c): 2^key_bits slots, key_used taken. */
    life_key_t *keys;
    uint32_t key_bits;
    uint64_t key_used;
    hs_grow_t *pk_ix; /* the primary key's index segment (keys.c), NULL while it has no entry */
    int64_t identity_last; /* an identity id column's last value given (no rollback takes
                            * it back, as a sequence's) */
} life_table_t;

/* One change of the open transaction, undone in reverse by a rollback. */
typedef struct {
    uint32_t table;
    uint64_t row;
    uint8_t col;  /* LOB column, or 0xff for the row itself */
    uint8_t kind; /* LIFE_TX_INSERT, LIFE_TX_DELETE, LIFE_TX_LOB, LIFE_TX_VC (col: the
                   * VARCHAR2 slot, old_lob and new_lob: the values) */
    uint32_t old_lob, new_lob;
} life_tx_t;

enum { LIFE_TX_INSERT, LIFE_TX_DELETE, LIFE_TX_LOB, LIFE_TX_VC };

/* Compressed sizes already worked out, by content hash and level. */
typedef struct {
    uint64_t hash;
    uint32_t level;
    uint64_t stored;
} life_zcache_t;

/* An open cursor of a PL/SQL block (plsql.c): the rows it saw when
 * opened, their ids and LOB values (references held), and the next. */
typedef struct {
    int64_t *ids;    /* as the script wrote them */
    uint64_t *rows;  /* their rows' indexes (select ... into: a locator's row) */
    scr_val_t *vals; /* n x nlob */
    uint32_t nlob;
    uint64_t n, next;
    scr_qcell_t *qres; /* a cursor over a view's query (queries.c): its n rows, each of the
                        * query's nitems + 1 cells */
} life_cursor_t;

/* What a LOB variable of a block points at (locator.c): row `row` of table
 * table1 - 1, its LOB column k (table1 0: a temporary LOB or a value of
 * the block's own); `locked` when the row is the transaction's to write
 * (select ... for update, insert ... returning). */
typedef struct {
    uint32_t table1, k;
    uint64_t row;
    int locked;
} life_locator_t;

/* Where a session's PL/SQL block stopped (sessions at once): its next
 * operation and its registers and cursors; and its commits so far. */
typedef struct {
    const scr_stmt_t *block; /* NULL: none running or stopped */
    uint32_t pc;             /* the next operation */
    scr_val_t *vals;         /* the block's registers (scr_block_t) */
    int64_t *nums;
    uint8_t *nulls;
    life_cursor_t *cursors;
    life_locator_t *locs;     /* each value register's row LOB, when it is a locator */
    char raised[SCR_ERR_LEN]; /* the error its handler is handling (`raise;`) */
    uint32_t raised_code;     /* its code (1403 for ORA-01403; a user-defined exception's,
                               * script/plexc.c) */
    uint32_t pending_code;    /* the code of the error a `raise` is throwing, 0: its text's */
    uint64_t commits;
    /* The session's open transaction: its changes, undone in reverse by a
     * rollback (txn.c), and how many of its transactions have ended. */
    life_tx_t *tx;
    size_t ntx, cap_tx;
    uint64_t ended;
    /* The running statement's savepoint (life_stmt_mark()): the log's
     * length and each segment's mark, by segment number. */
    size_t mark_ntx;
    lob_space_mark_t *mark_sp; /* nmark_sp of them */
    uint32_t nmark_sp;
} life_susp_t;

struct life_db {
    const scr_script_t *s;
    life_params_t p;
    scr_values_t *vs;
    /* SQL*Plus's bind variables (s->binds): a value or a number each,
     * null until a block sets it; the run's, whichever session sets it */
    scr_val_t *bind_vals;
    int64_t *bind_nums;
    uint8_t *bind_nulls;
    life_table_t *tables; /* one per scr_script_t table */
    sim_paged_t lobs;     /* life_lob_t, by index (life_lob_at()); index 0 unused: "null" */
    uint32_t nlobs, free_lob;
    undo_log_t *undo;
    uint64_t clock_ms;
    uint64_t undo_retention_s;
    sim_stats_t part[LIFE_PART_COUNT]; /* the step's figures so far */
    sim_stats_t session;               /* the session statistics of the steps before
                                        * (v$mystat: views.c) */
    life_zcache_t *zc;
    uint64_t zc_cap, zc_used;
    uint8_t *zbuf_in, *zbuf_out;
    size_t zbuf_cap;
    sim_stats_t undo_seen;   /* undo_stats() when the figures last took it (run.c) */
    int direct;              /* the running insert is direct path (APPEND, create table as
                              * select): its LOBs' space comes by refills */
    uint64_t direct_gets_pm; /* its loader's current gets not yet whole, per mille (rowcost.c) */
    int remote;              /* the running insert reads over a database link: its LOBs
                              * arrive in pieces (link.c, lob.c) */
    uint64_t remote_rows;    /* the rows it read so far */
    uint64_t direct_extents; /* its table's extents when it began (stmt.c) */
    char *msg;
    size_t msglen;
    /* The running statement's values that depend on no row (run.c). */
    const scr_expr_t *konst_expr[LIFE_MAX_KONST];
    scr_val_t konst[LIFE_MAX_KONST];
    uint32_t nkonst;
    /* The session running the statement: its rows' ids start at id_base;
     * id_span 0: every row is its. */
    int64_t id_base, id_span;
    int in_block;        /* running a PL/SQL block's statements */
    uint64_t last_row;   /* the row the last insert added (insert ... returning) */
    uint32_t sid;        /* the running session (life_exec()'s) */
    uint32_t blocked_by; /* session + 1 whose row lock the statement met: it was undone */
    /* Sessions at once: a PL/SQL block stops after each commit (yield_commits)
     * and goes on at the next life_exec() of it from where it stopped. */
    int yield_commits, suspended;
    life_susp_t *susp; /* one a session (life_exec()'s), grown as needed */
    uint32_t nsusp;
    life_susp_t *cur; /* the running session's */
    /* The last statement's Oracle error (life_exec()), "" none, and what
     * WHENEVER SQLERROR EXIT asks for after it (-1: go on). */
    char error[SCR_ERR_LEN];
    const char *hint;
    int exit_status;
    life_op_fn trace; /* NULL: nobody asks */
    void *trace_arg;
    /* What the statement printed (a query's result set, dbms_output's
     * lines): outlen bytes (output.c). */
    char *out;
    size_t outlen, outcap;
    /* Sessions whose log is not empty: only txn.c moves it, as a log's
     * length leaves or comes back to 0. */
    uint32_t open_txs;
};

/* output.c: n bytes of text added to what the statement printed. */
sim_err_t life_print(life_db_t *db, const char *text, size_t n);
/* An Oracle error raised at line: "FILE:LINE: text" in db->msg, and
 * SIM_EINVAL (a block's handler, or the statement's error, takes it). */
sim_err_t life_raise(life_db_t *db, uint32_t line, const char *text);

/* The slot of the segment row r's LOB column k is written in. */
static inline uint32_t life_slot(const life_row_t *r, uint32_t k)
{
    return (uint32_t)r->part * LIFE_MAX_LOBCOLS + k;
}

/* Whether slot s of t holds a LOB column's segment (its column exists). */
static inline int life_slot_used(const life_table_t *t, uint32_t s)
{
    return s % LIFE_MAX_LOBCOLS < t->nlob;
}

/* LOB version i (lob.c made it: i < nlobs). */
static inline life_lob_t *life_lob_at(const life_db_t *db, uint32_t i)
{
    return sim_paged_at(&db->lobs, i);
}

/* Row r of table t (r < nrows). */
static inline life_row_t *life_row_at(const life_table_t *t, uint64_t r)
{
    return sim_paged_at(&t->rows, r);
}

/* Tell the trace what the statement did (trace.c). */
void life_op(life_db_t *db, life_op_kind_t kind, uint32_t seg, uint64_t id, uint64_t n);

/* lob.c (seg.c the segment's own): the functions below name a segment of table t by its
 * slot k (life_slot(): a row's LOB column in its partition's group).
 * Write a value as a new LOB version in segment k (created if need be):
 * 0 for null.  SIM_EFULL when the segment
 * cannot grow; SIM_ENOMEM. */
sim_err_t life_lob_write(life_db_t *db, life_table_t *t, uint32_t k, scr_val_t v, uint32_t *out);
/* How many of n versions of v (at most n), written one after another in
 * segment k by the running insert, would each be written in the space its
 * writer holds (a direct-path statement's allocation context's cache, or
 * the dispenser chunk a conventional or remote write searches), one
 * chunk a write: each then counts what the one before it counts, and
 * life_lob_write_alike() writes them at once.  0 (or 1) when they are to
 * be written one at a time: a null, deduplicated, buffered (CACHE),
 * in-row or BasicFile version, a trace that must see each write, or no
 * space at hand. */
uint64_t life_lob_alike(life_db_t *db, life_table_t *t, uint32_t k, scr_val_t v, uint64_t n);
/* Those n versions (life_lob_alike() said n), made and written: their
 * indexes in out[n], their chunks one after another in the span the
 * allocation context gives, counted as n calls of life_lob_write() count
 * them.  SIM_EINVAL (nothing done) when they are not alike; SIM_ENOMEM. */
sim_err_t life_lob_write_alike(life_db_t *db, life_table_t *t, uint32_t k, scr_val_t v, uint64_t n,
                               uint32_t *out);
/* LOB version i grown in place to v, an append to its content through a
 * PL/SQL locator: the blocks past its end allocated chunk by chunk and
 * written (*grown 1); *grown 0, nothing done, when it cannot grow in
 * place (another row or a committed transaction holds it, it is in the
 * row or stays there, deduplicated, or compresses smaller): the caller
 * writes a new version.  SIM_EFULL as life_lob_write(). */
sim_err_t life_lob_extend(life_db_t *db, life_table_t *t, uint32_t k, uint32_t i, scr_val_t v,
                          int *grown);
/* A row stops pointing at LOB `i`: its last row frees its chunks for the
 * open transaction. */
sim_err_t life_lob_unref(life_db_t *db, life_table_t *t, uint32_t k, uint32_t i);
/* A rollback gives LOB `i` back to a row. */
void life_lob_reref(life_db_t *db, uint32_t i);
/* Live row r of t begins (on) or stops pointing at its LOB column kc's
 * version (its LOB, or the row, comes or goes): its segment's live LOB
 * counts follow; the same for each of r's LOB columns; row r's column kc
 * set to version lob (the counts follow when r is live); every count of
 * t's segments made again from its rows (after DDL). */
void life_lob_live(life_db_t *db, life_table_t *t, const life_row_t *r, uint32_t kc, int on);
void life_row_live(life_db_t *db, life_table_t *t, const life_row_t *r, int on);
void life_row_set_lob(life_db_t *db, life_table_t *t, life_row_t *r, uint32_t kc, uint32_t lob);
void life_lobs_live_recount(life_db_t *db, life_table_t *t);
/* Commit or rollback finished with LOB `i`: destroy it if no row holds it. */
void life_lob_settle(life_db_t *db, life_table_t *t, uint32_t k, uint32_t i);
/* The segment of column k created (idempotent). */
sim_err_t life_seg_ensure(life_db_t *db, life_table_t *t, uint32_t k);

/* ---- a LOB segment's LOB index (index.c) ---- */
/* Entries version i of segment g has in the current section: a BasicFile
 * version out of the row's chunks beyond those its row lists. */
uint64_t life_lob_index_entries(const life_db_t *db, const life_seg_t *g, uint32_t i);
sim_err_t life_lobindex_create(life_db_t *db, life_seg_t *g);
void life_lobindex_destroy(life_seg_t *g);
/* Version i was written: its current entries (none when it has them). */
sim_err_t life_lobindex_add(life_db_t *db, life_seg_t *g, uint32_t i);
/* Version i's current entries go (its insert rolled back, or before its
 * entries are written again). */
void life_lobindex_remove(life_db_t *db, life_seg_t *g, uint32_t i);
/* Version i's last row let it go: its current entries go, its chunks
 * enter the reusable section. */
sim_err_t life_lobindex_free(life_db_t *db, life_seg_t *g, uint32_t i);
/* Version i is back (its let-go rolled back): its current entries again,
 * its chunks' reusable entries gone. */
void life_lobindex_back(life_db_t *db, life_seg_t *g, uint32_t i);
/* chunks were taken off a free pool: as many reusable entries go. */
void life_lobindex_reused(life_seg_t *g, uint64_t chunks);
/* The index segment's blocks and extents (0 and 0 before it exists). */
void life_lobindex_figures(life_db_t *db, life_seg_t *g, uint64_t *blocks, uint64_t *extents);
/* Its extents to fn (may be NULL), with its blocks and extents. */
void life_lobindex_extents(const life_seg_t *g, lob_extent_fn fn, void *arg, uint64_t *blocks,
                           uint64_t *extents);
/* Blocks and extents of a segment of `need` blocks of bs bytes, under
 * automatic allocation or uniform extents of `uniform` bytes (extents.c),
 * each extent to fn (may be NULL). */
void life_extents_for(uint64_t need, uint32_t bs, uint64_t uniform, uint64_t *blocks,
                      uint64_t *extents, lob_extent_fn fn, void *arg);
/* dbms_space.unused_space of such a segment whose high-water mark is hwm
 * blocks: the blocks above it, the last used extent and block. */
void life_extents_unused(uint64_t hwm, uint32_t bs, uint64_t uniform, lob_unused_t *out);
/* The blocks below an index segment's high-water mark (ix NULL: its
 * empty root alone) (extents.c). */
uint64_t life_index_hwm(const hs_grow_t *ix);
/* The same of a LOB index and of a primary key's index (index.c, keys.c). */
void life_lobindex_unused(life_db_t *db, life_seg_t *g, lob_unused_t *out);
void life_pk_index_unused(const life_db_t *db, const life_table_t *t, lob_unused_t *out);
/* DBMS_LOB.GETCHUNKSIZE of LOB segment k's LOBs: the LOB bytes of a
 * BasicFile's CHUNK (its blocks' payloads), of a SecureFile's block
 * ("For SECUREFILE LOBs the usable data area of the tablespace block size
 * is returned", PL/SQL Packages and Types Reference), in bytes for a CLOB
 * as for a BLOB (assumed: ksun-oracle's 19c run, life_sim/params.c, shows
 * equal figures; its character set is not given). */
int64_t life_seg_chunk_size(const life_db_t *db, const life_table_t *t, uint32_t k);
void life_seg_destroy(life_db_t *db, life_table_t *t, uint32_t k);
/* The space task after a statement: each LOB segment that grew adds the
 * extents its background preallocation asks for (lob_space_prealloc_task()),
 * counted in no session's statistics. */
void life_seg_prealloc_tasks(life_db_t *db);
/* p's segment policies (fit, preallocation, the shrink's named inputs)
 * into a segment's parameters (params.c). */
void life_space_policy(const life_params_t *p, lob_space_params_t *sp);
/* columns.c: ALTER TABLE T ADD (...) and DROP COLUMN: an added LOB
 * column's slot and segment, a dropped one's let go (SIM_ENOMEM, the
 * segment's errors). */
sim_err_t life_columns_add(life_db_t *db, const scr_stmt_t *st, life_table_t *t);
sim_err_t life_columns_drop(life_db_t *db, const scr_stmt_t *st, life_table_t *t);
/* varchar.c: a row's VARCHAR2 values into cols (by column number);
 * column c's slot in a row (-1: not carried); v (its reference given
 * over) stored as row rw's value of column c, the one it replaces in *old
 * (its reference the caller's), or ORA-12899 in db->msg (SIM_EINVAL, v
 * released, rw unchanged) for one too long; a row's values, or a dropped
 * column's, let go. */
void life_vc_row_values(const life_table_t *t, const life_row_t *r, scr_val_t *cols);
int life_vc_slot(const scr_table_t *def, uint32_t c);
sim_err_t life_vc_put(life_db_t *db, const scr_stmt_t *st, life_table_t *t, life_row_t *rw,
                      uint32_t c, scr_val_t v, scr_val_t *old);
void life_vc_release_row(life_db_t *db, life_row_t *r);
void life_vc_drop_column(life_db_t *db, life_table_t *t, uint32_t c);
/* The chunk pointers of every LOB of the segment (each LOB once, its
 * chunks next to each other), for a shrink: a new array in *out, and in
 * *lob each chunk's LOB (its number in the LOB store), a new array too. */
sim_err_t life_seg_chunks(life_db_t *db, life_table_t *t, uint32_t k, lob_run_t ***out,
                          uint32_t **lob, size_t *n);
void life_lobs_free(life_db_t *db);
/* Bytes a row gives a LOB column: its locator, or its data in the row. */
uint64_t life_lob_row_bytes(const life_db_t *db, uint32_t i);
/* The blocks of version l's chunks (its map's). */
uint64_t life_lob_blocks(const life_lob_t *l);

/* table.c: the figures of table t's own segment after the step into st
 * (user_segments of the table). */
void life_table_figures(life_db_t *db, const life_table_t *t, sim_stats_t *st);
/* Each extent of table t's own segment, as user_extents lists it. */
void life_table_extents(const life_db_t *db, const life_table_t *t, lob_extent_fn fn, void *arg);
/* The space above the table segment's high-water mark (dbms_space.unused_space). */
void life_table_unused(const life_db_t *db, const life_table_t *t, lob_unused_t *out);
/* link.c: an insert ... select over a database link: the statement's
 * opening and closing round trips, and each row read over it (n alike
 * rows, each with row's LOBs, at once). */
void life_link_open(life_db_t *db);
void life_link_close(life_db_t *db);
void life_link_row(life_db_t *db, const life_table_t *from, const life_row_t *row, uint64_t n);

/* The table segment's extents (0 before its first row). */
uint64_t life_table_extent_count(const life_db_t *db, const life_table_t *t);
/* queries.c: the answer of query statement st under its step, as
 * SQL*Plus prints it (a new string in *out), or why the model has none. */
sim_err_t life_query(life_db_t *db, const scr_stmt_t *st, char **out);
/* The figures of t's LOB segment in slot k (life_slot()) after the step into st
 * (dbms_space, user_segments, v$securefile_shrink, the LOB maps: in-row
 * LOBs counted per row, a deduplicated one per version); zeros before the
 * segment is made. */
void life_lob_figures(life_db_t *db, const life_table_t *t, uint32_t k, sim_stats_t *st);
/* Its live LOB counts against its rows, each version once (the checked
 * build's check of life_lob_live()'s counting): SIM_ECORRUPT when they
 * differ. */
sim_err_t life_lob_maps_check(life_db_t *db, const life_table_t *t, uint32_t k);
/* The name of t's LOB segment in slot k: the one its LOB clause gives
 * (STORE AS NAME), else Oracle's SYS_LOB...$$ form; a partition's (slot
 * LIFE_MAX_LOBCOLS on), its LOB partition's name, else SYS_LOB_P<n>. */
void life_seg_name(const life_db_t *db, const life_table_t *t, uint32_t k, char *out, size_t len);
/* A row appended (for an insert); its index in *row. */
sim_err_t life_row_add(life_db_t *db, life_table_t *t, int64_t id, uint64_t *row);
/* Bytes of a row's columns as laid in a block (header, id, LOB columns). */
uint64_t life_row_bytes(const life_db_t *db, const life_table_t *t, const life_row_t *r);

/* partition.c: the partition of t a row with key `key` goes to at st's
 * step, into *part (0 for a table not partitioned); none: ORA-14400 in
 * db->msg, SIM_EINVAL.  ALTER TABLE ... DROP PARTITION (st): its rows
 * gone with their LOBs, after and with the DDL's commit.  The rows of
 * user_lob_partitions at step `step`. */
sim_err_t life_part_route(life_db_t *db, const scr_stmt_t *st, const life_table_t *t, int64_t key,
                          int key_null, uint16_t *part);
sim_err_t life_part_drop(life_db_t *db, const scr_stmt_t *st);
sim_err_t life_lob_part_rows(life_db_t *db, uint32_t step, scr_qrows_t *rows);

/* keys.c: a table's primary key.  The row that last took id: 1 and *row,
 * or 0. */
int life_key_get(const life_table_t *t, int64_t id, uint64_t *row);
/* Row `row` takes id (SIM_ENOMEM leaves the table unchanged). */
sim_err_t life_key_set(life_table_t *t, int64_t id, uint64_t row);
/* Room for `more` keys beyond those t holds, so that a statement of known
 * rows does not grow the table on the way (nothing else changes). */
sim_err_t life_key_reserve(life_table_t *t, uint64_t more);
void life_keys_clear(life_table_t *t);
/* The primary key's index segment (keys.c): row r (just added, id its key)
 * enters it; row r's entry goes (a delete, a rolled-back insert) or comes
 * back (a rolled-back delete); truncate and drop let it go. */
sim_err_t life_pk_index_add(life_table_t *t, uint64_t r);
void life_pk_index_delete(life_table_t *t, uint64_t r);
void life_pk_index_undelete(life_table_t *t, uint64_t r);
void life_pk_index_drop(life_table_t *t);
/* Whether t has a primary key index segment at step `step`, and its name. */
int life_pk_index_exists(const life_table_t *t, uint32_t step);
void life_pk_name(const life_db_t *db, const life_table_t *t, char *out, size_t len);
/* Its blocks and extents, each extent to fn (may be NULL). */
void life_pk_index_extents(const life_db_t *db, const life_table_t *t, lob_extent_fn fn, void *arg,
                           uint64_t *blocks, uint64_t *extents);
/* The uniform extent size of t's tablespace, 0 under automatic allocation
 * (table.c): its table segment's and its key index's extents. */
uint64_t life_table_uniform(const life_db_t *db, const life_table_t *t);
/* Bytes of an Oracle NUMBER holding integer v (table.c). */
uint64_t life_number_bytes(int64_t v);

/* txn.c: the running session's transaction.  life_tx_log() locks the row
 * for it; commit and rollback end it and release its locks. */
sim_err_t life_tx_log(life_db_t *db, life_tx_t e);
sim_err_t life_commit(life_db_t *db);
sim_err_t life_rollback(life_db_t *db);
/* DDL commits first: every session's open transaction (sessions at once
 * run DDL once, between phases; no log may outlive the rows it names). */
sim_err_t life_commit_open(life_db_t *db);
/* The statement savepoint: where the running session's transaction stands
 * before a statement, and the statement undone back to it (its changes,
 * its space, the row locks it took). */
sim_err_t life_stmt_mark(life_db_t *db);
void life_stmt_undo(life_db_t *db);
/* Whether row r is another session's to wait for (its lock), or not to be
 * seen at all (another session's uncommitted insert). */
int life_row_locked(const life_db_t *db, const life_row_t *r);
/* seg.c: the running session's transaction in segment g, made on first
 * use; NULL when out of memory. */
lob_space_tx_t *life_seg_tx(life_db_t *db, life_seg_t *g);
/* The running session's transaction and two writers in segment g (a
 * direct-path statement's allocation context, g->alloc[2 sid], and the
 * conventional writer, g->alloc[2 sid + 1]), made on first use: SIM_OK,
 * SIM_ENOMEM. */
sim_err_t life_seg_writers(life_db_t *db, life_seg_t *g);
/* The running session's direct-path allocation contexts give back what
 * they hold (a direct-path statement is over); before a shrink, the
 * segment's dispenser its loaded chunk too (lob_space_shrink() wants no
 * reserved space). */
void life_seg_release(life_db_t *db, life_table_t *t);
void life_seg_quiesce(life_db_t *db, life_seg_t *g);
/* What segment g's dispenser and writers counted since the figures last
 * took it, into the step's parts (run.c, and before the segment goes). */
void life_seg_take(life_db_t *db, life_seg_t *g);

/* locks.c: whether session k's wait closes a cycle of waits (wait_for[j]:
 * session + 1 that j waits for, 0: none; since[j]: when its wait began),
 * and then which session of it finds the deadlock (*victim) and when. */
int life_lock_victim(const uint32_t *wait_for, const uint64_t *since, uint32_t n, uint32_t k,
                     uint64_t now, uint64_t every, uint32_t *victim, uint64_t *when);

/* dml.c and insert.c: insert, update and delete for the running session (run.c's
 * executor runs them), and what the executor shares with them. */
life_table_t *life_table_of(life_db_t *db, const scr_stmt_t *st);
/* A failure of the model as Oracle would report it (ORA-01691 for a
 * segment that cannot grow), in db->msg. */
sim_err_t life_oracle_error(life_db_t *db, const scr_stmt_t *st, life_table_t *t, sim_err_t rc);
/* A commit statement (in a PL/SQL block, one that does not wait). */
sim_err_t life_commit_stmt(life_db_t *db);
/* A LOB column's value for a row; constants once per statement. */
sim_err_t life_eval(life_db_t *db, const scr_stmt_t *st, const scr_expr_t *e, const scr_row_t *row,
                    scr_val_t *out);
/* The statement is over: its constants go. */
void life_forget_konst(life_db_t *db);
/* Row r's LOB k written anew with value v (a new version; the old one
 * let go at commit), logged for the transaction. */
sim_err_t life_lob_replace(life_db_t *db, const scr_stmt_t *st, life_table_t *t, uint64_t r,
                           uint32_t k, scr_val_t v);
/* Row r's LOB k written through a PL/SQL locator with value v: grown in
 * place when `append` and life_lob_extend() can, else a new version as an
 * update of that one column writes it (undo, redo, the row's change). */
sim_err_t life_lob_locator_write(life_db_t *db, const scr_stmt_t *st, life_table_t *t, uint64_t r,
                                 uint32_t k, scr_val_t v, int append);
/* regs: a PL/SQL block's registers (vars, nums, nulls), NULL outside one. */
sim_err_t life_insert(life_db_t *db, const scr_stmt_t *st, const scr_row_t *regs);
sim_err_t life_update(life_db_t *db, const scr_stmt_t *st, const scr_row_t *regs);
sim_err_t life_delete(life_db_t *db, const scr_stmt_t *st, const scr_row_t *regs);
/* The rows of table t the running session sees that satisfy cond, as a
 * query sees them (no row lock waited for), into a new cursor c. */
sim_err_t life_select(life_db_t *db, life_table_t *t, const scr_pred_t *cond, const scr_expr_t *key,
                      const scr_row_t *regs, life_cursor_t *c);
/* A cursor's rows and values let go. */
void life_cursor_close(life_db_t *db, life_cursor_t *c);

/* stmt.c: statement st (not a block) run; regs as above. */
sim_err_t life_stmt_exec(life_db_t *db, const scr_stmt_t *st, const scr_row_t *regs);
/* Whether rc is an error Oracle gives (its text in db->msg), not one of
 * the model's (out of memory). */
int life_oracle_failed(const life_db_t *db, sim_err_t rc);
/* Such an error's text, "ORA-NNNNN: ...", taken from db->msg into out
 * (db->msg emptied). */
void life_take_error(life_db_t *db, char *out, size_t outlen);

/* plsql.c: the running session's PL/SQL block st run from its start, or
 * from where it stopped; a block's registers and cursors let go. */
sim_err_t life_block_exec(life_db_t *db, const scr_stmt_t *st);
void life_block_end(life_db_t *db, life_susp_t *s);
/* locator.c: a block's LOB operations on session s's registers: a
 * dbms_lob call (SCR_PL_LOB), select ... into (SCR_PL_INTO), and the
 * locator insert ... returning makes of the row it added. */
sim_err_t life_lob_call(life_db_t *db, life_susp_t *s, const scr_pl_op_t *op,
                        const scr_row_t *regs);
sim_err_t life_select_into(life_db_t *db, life_susp_t *s, const scr_pl_op_t *op,
                           const scr_row_t *regs);
void life_returning(life_db_t *db, life_susp_t *s, const scr_stmt_t *sub);
/* views.c: dbms_space.space_usage (SecureFile form) or unused_space
 * (SCR_PL_SPACE): the segment's figures, as user_segments has them, into
 * session s's number registers. */
/* views.c: the rows of q's view (of its two views' join: each pair) at
 * step; of a table (SCR_V_TABLE), those its where keeps with a block's
 * registers regs (NULL: none), the id and each LOB's length; the
 * statistic a v$mystat query names that the model does not count (NULL:
 * none). */
sim_err_t life_query_rows(life_db_t *db, const scr_query_t *q, uint32_t step, scr_qrows_t *rows);
sim_err_t life_table_rows(life_db_t *db, const scr_query_t *q, const scr_row_t *regs,
                          scr_qrows_t *rows);
const char *life_query_uncounted(const scr_query_t *q);
/* queries.c: select ... into over the views (SCR_PL_QUERY): its one row into
 * the INTO variables; ORA-01403, ORA-01422 raised in the block. */
sim_err_t life_query_into(life_db_t *db, life_susp_t *s, const scr_pl_op_t *op,
                          const scr_row_t *regs);
/* A cursor over a view's query: OPEN takes its rows as they are now;
 * FETCH puts the next into the INTO registers, or goes to op->target
 * (*next) when none is left. */
sim_err_t life_query_open(life_db_t *db, life_susp_t *s, const scr_pl_op_t *op,
                          const scr_row_t *regs);
sim_err_t life_query_fetch(life_db_t *db, life_susp_t *s, const scr_pl_op_t *op,
                           const scr_row_t *regs, uint32_t *next);
sim_err_t life_space_call(life_db_t *db, life_susp_t *s, const scr_pl_op_t *op,
                          const scr_row_t *regs);

/* redo.c: the redo records a change writes, from one catalogue
 * (docs/lifecycle-sources.md, section (b), and redo.c's comment). */
typedef enum {
    LIFE_REDO_ROW_INSERT,      /* 5.1 + 11.2 */
    LIFE_REDO_ROW_UPDATE,      /* 5.1 + 11.5 */
    LIFE_REDO_ROW_DELETE,      /* 5.1 + 11.3 */
    LIFE_REDO_LOBINDEX_INSERT, /* 10.2: a BasicFile LOB index entry (current or reusable) */
    LIFE_REDO_LOBINDEX_DELETE, /* 10.4: a BasicFile LOB index entry deleted */
    LIFE_REDO_LOB_META,        /* 26.2: a SecureFile LOB's inode and map */
    LIFE_REDO_SPACE,           /* 5.1 + the space metadata of a chunk taken or freed */
    LIFE_REDO_DATA_BLOCK,      /* a LOB block changed in the cache (CACHE) */
    LIFE_REDO_DATA_IMAGE,      /* a direct write logged: a block image a block */
    LIFE_REDO_INVALIDATE,      /* a direct write not logged: its invalidation */
    LIFE_REDO_BITMAP,          /* 13.x: blocks marked FULL in a first-level bitmap */
    LIFE_REDO_EXTENT,          /* 14.1: an extent added, with the tablespace bitmap's change */
    LIFE_REDO_COMMIT,          /* 5.4 */
    LIFE_REDO_KINDS
} life_redo_kind_t;

/* What a record's size depends on, by kind. */
typedef struct {
    uint64_t undo_bytes; /* the undo record its 5.1 carries */
    uint64_t bytes;      /* the columns (rows), a block's data or image */
    uint64_t fields;     /* the columns' fields (rows) */
    uint64_t chunks;     /* the map's entries (LOB_META) */
    uint64_t blocks;     /* block images (DATA_IMAGE) */
    int securefile;      /* DATA_IMAGE: 26.6 (1) or 19.1 (0) */
} life_redo_arg_t;

/* One record's bytes. */
uint64_t life_redo_record_bytes(const life_params_t *p, life_redo_kind_t k,
                                const life_redo_arg_t *a);
const char *life_redo_kind_name(life_redo_kind_t k);
/* n records of kind k: redo entries, redo size (and redo size for direct
 * writes for invalidations). */
void life_redo_log(life_db_t *db, life_redo_kind_t k, const life_redo_arg_t *a, uint64_t n);
void life_redo_lob_data(life_db_t *db, const scr_lob_opts_t *o, uint64_t blocks, uint64_t chunks,
                        uint64_t stored, uint32_t block_size);
void life_redo_space(life_db_t *db, uint64_t chunks);
void life_redo_commit(life_db_t *db);

/* ---- the rows a statement takes, and their values (dml.c) ---- */
/* Whether row id is the running session's (its id as the script wrote it
 * in *script_id); whether p is made of the fast forms (literals over the
 * id) only; whether row rw satisfies where clause w (1, 0, or -2 with
 * the expression's error in db->msg); row r's LOB and carried VARCHAR2
 * values by column number; the statement's expression for column c
 * (NULL: none); each carried VARCHAR2 column the statement sets in row
 * r (an update's, update 1, logged). */
int life_own_row(const life_db_t *db, int64_t id, int64_t *script_id);
int life_fast_pred(const scr_pred_t *p);
int life_where_holds(life_db_t *db, const life_table_t *t, const scr_pred_t *w, int fast,
                     const life_row_t *rw, int64_t id, const scr_row_t *regs);
void life_row_values(const life_db_t *db, const life_table_t *t, const life_row_t *r,
                     scr_val_t *cols);
const scr_expr_t *life_col_value(const scr_dml_t *d, int c);
sim_err_t life_set_varchars(life_db_t *db, const scr_stmt_t *st, life_table_t *t, uint64_t r,
                            const scr_row_t *row, int update);

/* ---- what a row costs (rowcost.c) ---- */
/* n rows inserted, updated or deleted (n > 1: alike rows of a multi-row
 * insert): each its block's change, its undo record (which carries the
 * LOB's metadata vector too: undo/README.md) and its redo record; `bytes`
 * in `fields` columns are what the redo logs of each (the row, or the
 * changed columns). */
void life_row_costs(life_db_t *db, life_redo_kind_t kind, uint64_t bytes, uint64_t fields,
                    uint64_t n);
/* A LOB's metadata block changed n times: a get and a change each. */
void life_meta_blocks(life_db_t *db, uint64_t n);
/* LOB version i was just written (life_lob_write()), and alike - 1 more
 * versions after it that count what it counts (alike > 1: SecureFile
 * versions with as many chunks, life_lob_write_alike()): a new version out
 * of the row enters its metadata, a BasicFile's LOB index entries (10.2)
 * or a SecureFile's inode and map (26.2); a deduplicated one that another
 * row shares, or one in the row, none. */
sim_err_t life_lob_written(life_db_t *db, life_seg_t *g, uint32_t i, uint64_t alike);
/* LOB version i is about to lose a row (life_lob_unref()): when it was the
 * last, a BasicFile's index entries leave the current section (10.4) and
 * its chunks enter the reusable section, an entry each, keyed by the time
 * of the delete (10.2; Lewis, "Basicfile LOBS 3", 2016, and
 * comp.databases.oracle.server 13 May 2012; index.c).  A SecureFile's
 * freed chunks are the space records lob.c's free writes. */
sim_err_t life_lob_released(life_db_t *db, life_seg_t *g, uint32_t i);
/* t's live rows took `before` bytes and now take `after`: the table
 * segment's bytes, and the most they ever took. */
void life_rows_grow(life_table_t *t, uint64_t before, uint64_t after);
/* Reading source row `row` of `from` and its LOBs, n times (n alike rows,
 * each with row's LOBs' sizes), as experiment 1 reads t1's
 * (dblink_sim/writer.c read_source_rows(), the same parameters,
 * docs/lob-insert.md): row.row_gets consistent gets for the row and its
 * locators; of an out-of-row LOB, the first row.cached_lob_blocks blocks
 * through the buffer cache (consistent gets) and, in a NOCACHE segment,
 * the rest in one direct read; a CACHE or CACHE READS segment's all
 * through the cache. */
void life_source_read(life_db_t *db, const life_table_t *from, const life_row_t *row, uint64_t n);

#endif /* LOBSIM_LIFE_SIM_INT_H */
