/*
 * insert.h -- the two insert paths of the reference experiment, driven over
 * one LOB segment, one dispenser and one undo log:
 *
 *   local   insert / *+append* / into t2 select ... from t1
 *           one allocation context for the whole statement, refilled from the
 *           dispenser; each LOB gets one contiguous run when it fits.
 *   dblink  the same statement through a loopback database link: one round
 *           trip per row, and the receiving session writes each LOB in pieces,
 *           each piece its own dispenser allocation.
 *
 * A case is one (path, LOB size, block size, rows) combination: one simulated
 * statement on a fresh segment, whose session statistics land in a
 * sim_stats_t.  The same case always gives the same statistics, bit for bit.
 */
#ifndef LOBSIM_INSERT_H
#define LOBSIM_INSERT_H

#include <stddef.h>
#include <stdint.h>

#include "dispenser.h"
#include "lobspace.h"
#include "sim.h"
#include "undo.h"

typedef enum { DBL_PATH_LOCAL, DBL_PATH_DBLINK, DBL_PATH_COUNT } dbl_path_t;

/*
 * What a case measures:
 *   insert   the statement itself (the reference experiment);
 *   scan     after the insert, a full scan of the LOB segment with multiblock
 *            reads that never cross a chunk boundary;
 *   rows     after the insert, every row through t2's primary key index in key
 *            order (a well-clustered range), fetching each LOB chunk by chunk;
 *   cluster  the insert by two instances into one segment at the same time,
 *            interleaved row by row from the seed, each with its own dispenser.
 */
typedef enum {
    DBL_WL_INSERT,
    DBL_WL_SCAN,
    DBL_WL_ROWS,
    DBL_WL_CLUSTER,
    DBL_WL_COUNT
} dbl_workload_t;

/* Round trips that open, describe and close the remote statement. */
typedef struct {
    uint32_t open_roundtrips;    /* parse, describe, execute, first fetch */
    uint32_t close_roundtrips;   /* end of fetch, close cursor, commit check */
    uint32_t row_overhead_bytes; /* SQL*Net framing per row besides the LOB */
} dbl_link_params_t;

/* What reading one source row costs, on both paths. */
typedef struct {
    uint32_t row_gets;           /* consistent gets for t1's row and LOB locator */
    uint32_t cached_lob_blocks;  /* source LOB blocks read through the cache */
    uint32_t insert_row_gets;    /* current-mode gets to put one row into t2 (dblink) */
    uint32_t map_cr_chunks;      /* LOB map chunks per undo visit of a CR read (dblink) */
    uint32_t append_row_gets_pm; /* current gets per 1000 rows of the direct-path insert */
} dbl_row_params_t;

/* Reading the LOBs back. */
typedef struct {
    uint32_t mbrc_kb;            /* scan: bytes per multiblock read call */
    uint32_t lob_read_kb;        /* rows: largest LOB read call */
    uint32_t row_bytes;          /* t2's row: key and LOB locator */
    uint32_t index_entry_bytes;  /* t2's primary key index entry */
    uint32_t block_header_bytes; /* table and index block header and ITLs */
    uint32_t fetch_lobs;         /* rows: 1 fetches every LOB, 0 reads the range only */
} dbl_read_params_t;

/* Two instances on one segment. */
typedef struct {
    uint32_t message_bytes;   /* one global cache or enqueue message */
    uint32_t ges_per_enqueue; /* global enqueue messages per TX enqueue request */
} dbl_cluster_params_t;

typedef struct {
    dbl_workload_t workload;
    dbl_path_t path;
    uint32_t block_size; /* 2048, 4096, 8192, 16384 or 32768 */
    uint64_t rows;
    uint64_t lob_chars;  /* CLOB length in characters, 2 bytes each */
    uint32_t piece_size; /* dblink: bytes per LOB piece on the receiving side */
    uint64_t seed;
    lob_params_t seg;
    dsp_params_t dsp;
    undo_params_t undo;
    dbl_link_params_t link;
    dbl_row_params_t row;
    dbl_read_params_t read;
    dbl_cluster_params_t cluster;
    /* Tests: run every component's _check() after every row; a broken
     * invariant ends the run with SIM_ECORRUPT.  Slow. */
    int check_invariants;
} dbl_case_t;

/* The reference experiment: local path, 8 KB blocks, 10,000 rows, 2k chars. */
void dbl_case_defaults(dbl_case_t *c);

/*
 * Check a case before running it.  On SIM_EINVAL writes one line naming the
 * bad field and what would be accepted into msg.
 */
sim_err_t dbl_case_validate(const dbl_case_t *c, char *msg, size_t msglen);

/*
 * Simulate the whole statement on a fresh segment and return its session
 * statistics in *out (overwritten).  Fails with SIM_EINVAL on an invalid case
 * and SIM_ENOMEM when an allocation fails; *out is then unspecified and
 * nothing else is left allocated.
 */
sim_err_t dbl_run(const dbl_case_t *c, sim_stats_t *out);

const char *dbl_path_name(dbl_path_t p);
/* Returns 0 and sets *p for "local" or "dblink"; -1 otherwise. */
int dbl_path_parse(const char *s, dbl_path_t *p);
const char *dbl_workload_name(dbl_workload_t w);
/* Returns 0 and sets *w for "insert", "scan", "rows" or "cluster"; -1 otherwise. */
int dbl_workload_parse(const char *s, dbl_workload_t *w);

/*
 * The model's parameters as "name=value" pairs separated by spaces, for the
 * results store and the benchmark context.  Returns the length that the full
 * text needs (like snprintf).
 */
int dbl_case_describe_params(const dbl_case_t *c, char *buf, size_t len);

/*
 * The model's tunable parameters by name ("dsp.chunk_divisor", ...), so that
 * a user can try an allocator change from the command line.  All are
 * unsigned 32-bit.  dbl_case_set_param() returns -1 for an unknown name.
 */
size_t dbl_param_count(void);
const char *dbl_param_name(size_t i);
uint32_t dbl_param_get(const dbl_case_t *c, size_t i);
int dbl_case_set_param(dbl_case_t *c, const char *name, uint32_t value);

#endif /* LOBSIM_INSERT_H */
