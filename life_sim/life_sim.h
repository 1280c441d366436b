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
 * statement (a "step") it hands the caller the step's figures: for every
 * table alive after it, the session statistics the step counted and the
 * table's segments as Oracle's views show them (dbms_space.space_usage,
 * user_segments, v$securefile_shrink).  The same script, options and
 * parameters give the same figures, bit for bit.
 */
#ifndef LOBSIM_LIFE_SIM_H
#define LOBSIM_LIFE_SIM_H

#include <stddef.h>
#include <stdint.h>

#include "lobspace.h"
#include "script.h"
#include "sim.h"
#include "undo.h"

/* The model's parameters for a script; life_params_defaults() says where
 * each comes from (life_sim/README.md, the parameter table). */
typedef struct {
    lob_params_t seg;              /* the LOB segment's block format and metadata, and the
                                    * in-row limit (lob_in_row()) */
    undo_params_t undo;            /* undo change vector sizes */
    uint32_t fit;                  /* lob_fit_t: split chunks or grow, when no chunk fits */
    uint32_t undo_retention;       /* seconds: UNDO_RETENTION's default, until the script sets it */
    uint32_t locator_bytes;        /* an out-of-row LOB's locator in the table row */
    uint32_t table_block_overhead; /* a table block's header, ITL and directory bytes */
    uint32_t pctfree;              /* percent of a table block kept free */
    uint32_t row_dir_bytes;        /* a row's entry in the block's row directory */
    uint32_t redo_record_bytes;    /* a redo record's header */
    uint32_t redo_cv_bytes;        /* a change vector's header */
    uint32_t redo_invalidation_bytes; /* a direct write not logged: its invalidation */
    uint32_t commit_redo_bytes;       /* the commit record */
    uint32_t compress_unit_kb;        /* SecureFile compresses this much at a time */
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

/* One table's figures after one step. */
typedef struct {
    uint32_t step;          /* 1-based statement number */
    const scr_stmt_t *stmt; /* the statement */
    const char *table;      /* the table's name (upper case) */
    double clock;           /* the model's clock after the step, seconds */
    /* The step's session statistics (deltas; the whole session's, in the
     * entry of every table) and the table's segments after it (states),
     * by part; `total` is their sum. */
    sim_stats_t part[LIFE_PART_COUNT];
    sim_stats_t total;
} life_step_t;

/* Called once per table alive after each step, in table order; a non-zero
 * return stops the run (life_run() returns SIM_EINVAL, msg untouched). */
typedef int (*life_step_fn)(void *arg, const life_step_t *st);

/*
 * Run the script.  SIM_OK; SIM_EINVAL with one line "FILE:LINE: ORA-NNNNN:
 * ..." in msg when a statement fails as Oracle would fail it (a segment
 * that cannot grow past MAXSIZE, a value too long) -- the steps before it
 * were reported; SIM_ENOMEM.  Nothing is left allocated.
 */
sim_err_t life_run(const scr_script_t *s, const life_params_t *p, life_step_fn fn, void *arg,
                   char *msg, size_t msglen);

#endif /* LOBSIM_LIFE_SIM_H */
