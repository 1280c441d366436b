/*
 * case.h -- what one simulated case is: the path, the LOB size, the block
 * size, the rows and every model parameter, with their defaults (the
 * reference experiment), their validation and their names for --param.
 *
 *   local   insert / *+append* / into t2 select ... from t1
 *           one allocation context for the whole statement, refilled from the
 *           dispenser; each LOB gets one contiguous run when it fits.
 *   dblink  the same statement through a loopback database link: one round
 *           trip per row, and the receiving session writes each LOB in pieces,
 *           each piece its own dispenser allocation.
 *
 * Which workload runs the case (insert, scan, rows, cluster, ...) is an index
 * into the workload table (workload.h); a case knows nothing of workloads.
 * A case_result_t holds a case's figures by the part of the model that
 * counted them; their sum is the session statistics.  The same case always
 * gives the same statistics, bit for bit.
 */
#ifndef LOBSIM_CASE_H
#define LOBSIM_CASE_H

#include <stddef.h>
#include <stdint.h>

#include "dispenser.h"
#include "heapspace.h"
#include "lobspace.h"
#include "sim.h"
#include "undo.h"

typedef enum { CASE_PATH_LOCAL, CASE_PATH_DBLINK, CASE_PATH_COUNT } case_path_t;

/* Round trips that open, describe and close the remote statement. */
typedef struct {
    uint32_t open_roundtrips;    /* parse, describe, execute, first fetch */
    uint32_t close_roundtrips;   /* end of fetch, close cursor, commit check */
    uint32_t row_overhead_bytes; /* SQL*Net framing per row besides the LOB */
} case_link_params_t;

/* What reading one source row costs, on both paths. */
typedef struct {
    uint32_t row_gets;           /* consistent gets for t1's row and LOB locator */
    uint32_t cached_lob_blocks;  /* source LOB blocks read through the cache */
    uint32_t insert_row_gets;    /* current-mode gets to put one row into t2 (dblink) */
    uint32_t map_cr_chunks;      /* LOB map chunks per undo visit of a CR read (dblink) */
    uint32_t append_row_gets_pm; /* current gets per 1000 rows of the direct-path insert */
    uint32_t t2_extent_kb;       /* t2's extents (local: the loader formats them) */
    uint32_t t2_extent_cr;       /* local: clones of t2's space metadata per new extent */
} case_row_params_t;

/* Reading the LOBs back. */
typedef struct {
    uint32_t mbrc_kb;            /* scan: bytes per multiblock read call */
    uint32_t lob_read_kb;        /* rows: largest LOB read call */
    uint32_t row_bytes;          /* t2's row: key and LOB locator */
    uint32_t index_entry_bytes;  /* t2's primary key index entry */
    uint32_t block_header_bytes; /* table and index block header and ITLs */
    uint32_t fetch_lobs;         /* rows: 1 fetches every LOB, 0 reads the range only */
} case_read_params_t;

/* Two instances sharing blocks: the global cache (both cluster workloads). */
typedef struct {
    uint32_t message_bytes;   /* one global cache or enqueue message */
    uint32_t ges_per_enqueue; /* cluster: global enqueue messages per TX enqueue request */
    uint32_t fairness;        /* CR copies an X holder serves before down-converting */
} case_cluster_params_t;

/* The rac workload's interconnects (rac.interconnect). */
typedef enum {
    CASE_LINK_HIPERSOCKETS,
    CASE_LINK_10GBE,
    CASE_LINK_1GBE,
    CASE_LINK_COUNT
} case_link_t;

/* Two instances running OLTP on a shared heap table (the rac workload).
 * Each parameter's source: docs/rac.md and rac_sim/README.md for rac. and
 * cluster.fairness, docs/heap.md for heap., docs/lob-insert.md for the
 * segment's, dsp., undo., link., row., read. and the other cluster. ones. */
typedef struct {
    uint32_t instances;         /* must be 2: the global cache models two */
    uint32_t users;             /* sessions of the cluster, half on each instance */
    uint32_t transactions;      /* commits that close the AWR window (0: none) */
    uint32_t window_ms;         /* simulated ms of the AWR window (0: none) */
    uint32_t warmup;            /* transactions before the window opens */
    uint32_t affinity_pm;       /* permille of row visits to the instance's own keys */
    uint32_t stripe_rows;       /* own keys: stripes of this many rows, dealt in turn (0: halves) */
    uint32_t stripe_kb;         /* own keys: stripes of a block's rows at this size (0: no) */
    uint32_t reads;             /* rows read per transaction, by primary key */
    uint32_t updates;           /* rows updated per transaction, in key order */
    uint32_t inserts;           /* rows inserted per transaction, keys from a sequence */
    uint32_t seq_cache;         /* the sequence's CACHE (NOORDER) */
    uint32_t redo_bytes;        /* redo per changed row */
    uint32_t commit_redo_bytes; /* redo of a commit record */
    uint32_t undo_bytes;        /* undo per changed row */
    uint32_t undo_segments;     /* undo segments per instance */
    uint32_t think_us;          /* think time between a user's transactions */
    uint32_t client_rtt_us;     /* a round trip to the client, per statement and commit */
    uint32_t cores;             /* CPUs per instance */
    uint32_t cpu_us;            /* mean CPU of a statement or commit */
    uint32_t msg_cpu_us;        /* CPU to send or to receive one message or block */
    uint32_t lms;               /* LMS processes per instance */
    uint32_t lms_us;            /* LMS CPU per request besides its messages */
    uint32_t gc_defer_us;       /* _gc_defer_time: LMS defers a hot current block's shipping */
    uint32_t post_us;           /* LGWR CPU to post one waiting foreground */
    uint32_t boc;               /* 1: commits wait for the other instance's SCN ack */
    uint32_t cr_build_us;       /* LMS CPU to build a CR copy */
    uint32_t congested_us;      /* LMS queueing beyond which a transfer is congested */
    uint32_t interconnect;      /* case_link_t */
    uint32_t link_us;           /* one-way latency; 0: the interconnect's */
    uint32_t link_mbit;         /* bandwidth per direction; 0: the interconnect's */
    uint32_t mtu;               /* 0: the interconnect's */
    uint32_t loss_ppm;          /* frames of a gc reply lost, per million (a priori) */
    uint32_t lost_timeout_us;   /* a lost reply's timer before the request is sent again */
    uint32_t log_write_us;      /* one log write: the device's latency */
    uint32_t log_mb_s;          /* log device bandwidth, MB/s */
} case_rac_params_t;

typedef struct {
    unsigned workload; /* index into the workload table (workload.h); 0 = insert */
    case_path_t path;
    uint32_t block_size; /* 2048, 4096, 8192, 16384 or 32768 */
    uint64_t rows;
    uint64_t lob_chars;  /* CLOB length in characters, SIM_BYTES_PER_CHAR each */
    uint32_t piece_size; /* dblink: bytes per LOB piece on the receiving side */
    /* ENABLE STORAGE IN ROW (1, Oracle's default) or DISABLE (0) for t1's
     * and t2's LOB column: with it, a LOB of at most seg.inrow_max bytes
     * is stored in the row (lob_in_row()). */
    uint32_t storage_in_row;
    uint64_t seed;
    lob_params_t seg;
    dsp_params_t dsp;
    undo_params_t undo;
    case_link_params_t link;
    case_row_params_t row;
    case_read_params_t read;
    case_cluster_params_t cluster;
    hs_params_t heap; /* the heap workloads (ctas, fts, range, few_rows) and rac; heap.dict_cache
                       * is the session's state, cold unless told (heapspace.h) */
    case_rac_params_t rac;
    /* Run every component's _check() after every row, in release builds
     * too (debug builds check after every state change anyway); a broken
     * invariant ends the run with SIM_ECORRUPT.  Slow. */
    int check_invariants;
} case_t;

/* The reference experiment: local path, 8 KB blocks, 10,000 rows, 2k chars. */
void case_defaults(case_t *c);
/* What reading a source row costs, experiment 1's defaults: the one home
 * of these parameters, which a script's reads of another table take too
 * (life_sim/rowcost.c). */
void case_row_params_defaults(case_row_params_t *r);
/* The link's round trips and framing (a priori: docs/lob-insert.md). */
void case_link_params_defaults(case_link_params_t *l);
/* Bytes per LOB piece on the receiving side of a link: 32,767, the
 * largest a piece of PL/SQL or OCI carries (docs/lob-insert.md). */
#define CASE_PIECE_SIZE_DEFAULT 32767

/*
 * Check a case before running it: its own fields here, the segment's and
 * the dispenser's parameters by lob_params_check() and dsp_params_check().
 * On SIM_EINVAL writes one line naming the bad field and what would be
 * accepted into msg.  The workload index is the workload table's to check.
 */
sim_err_t case_validate(const case_t *c, char *msg, size_t msglen);

/* LOB bytes of one row, and blocks per LOB when it is stored out of row. */
uint64_t case_lob_bytes(const case_t *c);
uint64_t case_lob_blocks(const case_t *c);
/* 1 when the case's LOBs are stored in the table row (storage_in_row and
 * the in-row limit, lob_in_row()): no LOB segment space, no chunk. */
int case_lob_in_row(const case_t *c);
/* t2's row: read.row_bytes (key and LOB locator), plus the LOB's bytes when
 * it is stored in the row (its in-row header takes the locator's place). */
uint64_t case_t2_row_bytes(const case_t *c);
/* t2's data blocks holding `rows` rows (rows of case_t2_row_bytes after
 * read.block_header_bytes; a row longer than a block is chained over
 * several), and the row.t2_extent_kb extents they take (a header block in
 * each). */
uint64_t case_t2_blocks(const case_t *c, uint64_t rows);
uint64_t case_t2_extents(const case_t *c, uint64_t rows);

const char *case_path_name(case_path_t p);
/* Returns 0 and sets *p for "local" or "dblink"; -1 otherwise. */
int case_path_parse(const char *s, case_path_t *p);

/*
 * The model's parameters as "name=value" pairs separated by spaces, for the
 * results store and the benchmark context; a parameter whose values have
 * names (case_param_keyword) by its name: "heap.dict_cache=cold".  Returns
 * the length that the full text needs (like snprintf); CASE_PARAMS_LEN
 * holds it (tests/test_insert.c checks).
 */
#define CASE_PARAMS_LEN 4096
int case_describe_params(const case_t *c, char *buf, size_t len);

/*
 * The model's tunable parameters by name ("dsp.chunk_divisor", ...), so that
 * a user can try an allocator change from the command line.  All are
 * unsigned 32-bit.  case_set_param() returns -1 for an unknown name.
 */
size_t case_param_count(void);
const char *case_param_name(size_t i);
uint32_t case_param_get(const case_t *c, size_t i);
int case_set_param(case_t *c, const char *name, uint32_t value);
/* The value of a parameter given by name: heap.dict_cache=cold is 0 and
 * =warm is 1 (HS_DICT_COLD, HS_DICT_WARM); rac.interconnect=hipersockets,
 * 10gbe, 1gbe are 0, 1, 2 (case_link_t).  Returns -1 and leaves *value
 * alone when `word` is not a name of one of `param`'s values. */
int case_param_keyword(const char *param, const char *word, uint32_t *value);
/* The i-th name of param's values (i from 0) and its value in *value (may
 * be NULL); NULL past the last, and for a parameter without names. */
const char *case_param_word(const char *param, size_t i, uint32_t *value);
/* The name of param's value v, NULL when it has none. */
const char *case_param_value_name(const char *param, uint32_t v);

/* ---- a case's figures, by the part of the model that counted them ----- */

/*
 * Each component counts into its own statistics; a case's statistic is the
 * sum over the parts.  --explain prints the parts of every statistic.
 */
typedef enum {
    CASE_PART_SEGMENT,   /* lobspace: extents added */
    CASE_PART_CHUNKS,    /* lobspace: the chunk allocator's chunks and writes */
    CASE_PART_DISPENSER, /* dispenser: refills, searches, loads */
    CASE_PART_UNDO,      /* undo records and change vectors */
    CASE_PART_SOURCE,    /* reading t1's rows and LOBs */
    CASE_PART_INSERT,    /* putting the rows into t2 and creating the LOB blocks */
    CASE_PART_LINK,      /* the database link: round trips and bytes */
    CASE_PART_GCACHE,    /* the cluster's global cache and enqueues */
    CASE_PART_READER,    /* reading the LOBs back */
    CASE_PART_HEAP,      /* heapspace: the heap table, its indexes and queries */
    CASE_PART_RECURSIVE, /* heap: the recursive SQL of the statement's own parse */
    CASE_PART_RAC_TIME,  /* rac: the time model's waits and elapsed time */
    CASE_PART_SESSION,   /* heap: the session's recursive SQL outside the statement's parse */
    CASE_PART_COUNT
} case_part_t;

/*
 * A part's own parts: how much of statistic `stat` of part `part` each
 * thing the part counts apart made (rac: blocks received by class, waits by
 * event, traffic as blocks and messages).  Where a part has details for a
 * statistic they add up to its value exactly; --explain prints them under it.
 */
#define CASE_DETAILS 96
typedef struct {
    uint16_t stat; /* sim_stat_t */
    uint8_t part;  /* case_part_t */
    char name[37];
    uint64_t v;
} case_detail_t;

typedef struct {
    sim_stats_t part[CASE_PART_COUNT];
    uint32_t ndetail;
    case_detail_t detail[CASE_DETAILS];
} case_result_t;

/* "segment", "chunk allocator", ...: a part as --explain names it. */
const char *case_part_name(case_part_t p);
/* The session statistics: the sum over the parts. */
void case_result_total(const case_result_t *r, sim_stats_t *out);
/* All the recursive SQL of a heap case: the statement's parse
 * (CASE_PART_RECURSIVE) and the session's (CASE_PART_SESSION). */
void case_result_recursive(const case_result_t *r, sim_stats_t *out);
/* Add every figure of `st` to part p. */
void case_result_add(case_result_t *r, case_part_t p, const sim_stats_t *st);
/* Add v to the detail `name` of statistic st of part p (created at its
 * first value, in that order; v == 0 adds nothing).  SIM_ENOMEM past
 * CASE_DETAILS details; SIM_EINVAL for a name too long. */
sim_err_t case_result_detail(case_result_t *r, case_part_t p, sim_stat_t st, const char *name,
                             uint64_t v);
/* The components of statistic st of part p, each through fn: its details
 * when it has any, else the part itself (detail NULL) when not zero. */
typedef void (*case_component_fn)(void *arg, const char *detail, uint64_t v);
void case_result_components(const case_result_t *r, case_part_t p, sim_stat_t st,
                            case_component_fn fn, void *arg);
/* The value of detail `name` of statistic st of part p, 0 when none. */
uint64_t case_result_detail_value(const case_result_t *r, case_part_t p, sim_stat_t st,
                                  const char *name);

#endif /* LOBSIM_CASE_H */
