/*
 * undo.h -- the inserting transaction's undo: records and change vectors.
 *
 * Space metadata changes are transactional: each run of blocks taken from
 * committed free space writes one undo record into the user transaction
 * (counted in v$transaction.used_urec).  The insert itself holds one record,
 * and the per-LOB metadata changes add change vectors to it.  LOB data
 * generates no undo at all: SecureFile LOBs are copy-on-write.
 */
#ifndef LOBSIM_UNDO_H
#define LOBSIM_UNDO_H

#include <stdint.h>

#include "sim.h"

/* Sizes in bytes of the change vectors the model writes. */
typedef struct {
    uint32_t record_bytes;     /* undo record header, once per record */
    uint32_t space_cv_bytes;   /* committed-free-space change for one run */
    uint32_t hwm_cv_bytes;     /* segment header / HWM change of a direct-path refill */
    uint32_t lob_cv_bytes;     /* the new LOB's metadata (inode, row's locator) */
    uint32_t lob_map_cv_bytes; /* one extent-map entry added to a LOB */
} undo_params_t;

typedef enum {
    UNDO_CV_SPACE,   /* a run taken from committed free space */
    UNDO_CV_HWM,     /* a direct-path refill moved the high-water mark */
    UNDO_CV_LOB,     /* a LOB created */
    UNDO_CV_LOB_MAP, /* a chunk appended to a LOB's map */
    UNDO_CV_COUNT
} undo_cv_t;

typedef struct undo_log undo_log_t;

void undo_params_defaults(undo_params_t *p);

sim_err_t undo_create(const undo_params_t *p, undo_log_t **out);
void undo_destroy(undo_log_t *u);

/* Start a new undo record in the transaction. */
void undo_record(undo_log_t *u);
/* Add a change vector to the current record (a record must exist). */
void undo_vector(undo_log_t *u, undo_cv_t kind);
/* The same n times (n may be 0): what n calls count, in one step. */
void undo_record_n(undo_log_t *u, uint64_t n);
void undo_vector_n(undo_log_t *u, undo_cv_t kind, uint64_t n);

/* LOBs written, in the current record: each LOB created changes its
 * metadata (one UNDO_CV_LOB), each chunk appended to a LOB's map one
 * entry (one UNDO_CV_LOB_MAP): `lobs` LOBs and `chunks` chunks in all,
 * either may be 0.  The one place both experiments count a LOB write's
 * undo (dblink_sim/writer.c, life_sim/rowcost.c). */
void undo_lob_write(undo_log_t *u, uint64_t lobs, uint64_t chunks);

uint64_t undo_records(const undo_log_t *u);
uint64_t undo_bytes(const undo_log_t *u);
uint64_t undo_vectors(const undo_log_t *u, undo_cv_t kind);

/* What the log counted itself: used_urec and undo change vector size. */
const sim_stats_t *undo_stats(const undo_log_t *u);
/* Records and bytes agree with the vectors written, and the statistics are
 * exactly those records and bytes. */
sim_err_t undo_check(const undo_log_t *u);

#endif /* LOBSIM_UNDO_H */
