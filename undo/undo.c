/*
 * undo.c -- undo records and change vectors of the inserting transaction.
 *
 * State changes: undo_record() opens a record, undo_vector() adds a change
 * vector to it; undo_record_n() and undo_vector_n() do it n times at once,
 * for a writer whose rows are alike.  Nothing is ever rolled back: the
 * model measures what a statement generates before commit, as the
 * reference does.
 */
#include "undo_int.h"

#include <assert.h>

void undo_params_defaults(undo_params_t *p)
{
    p->record_bytes = 24;
    p->space_cv_bytes = 230;
    p->hwm_cv_bytes = 600;
    p->lob_cv_bytes = 350;
    p->lob_map_cv_bytes = 20;
}

sim_err_t undo_create(const undo_params_t *p, undo_log_t **out)
{
    undo_log_t *u = sim_calloc(1, sizeof *u);
    if (u == NULL)
        return SIM_ENOMEM;
    u->p = *p;
    *out = u;
    return SIM_OK;
}

void undo_destroy(undo_log_t *u)
{
    sim_free(u);
}

void undo_record_n(undo_log_t *u, uint64_t n)
{
    u->records += n;
    u->bytes += n * u->p.record_bytes;
    sim_stat_add(&u->stats, SIM_STAT_USED_UREC, n);
    sim_stat_add(&u->stats, SIM_STAT_UNDO_CV_SIZE, n * u->p.record_bytes);
    SIM_DEBUG_CHECK(undo_check(u));
}

void undo_record(undo_log_t *u)
{
    undo_record_n(u, 1);
}

static uint32_t cv_size(const undo_params_t *p, undo_cv_t kind)
{
    switch (kind) {
    case UNDO_CV_SPACE:
        return p->space_cv_bytes;
    case UNDO_CV_HWM:
        return p->hwm_cv_bytes;
    case UNDO_CV_LOB:
        return p->lob_cv_bytes;
    case UNDO_CV_LOB_MAP:
        return p->lob_map_cv_bytes;
    case UNDO_CV_COUNT:
        break;
    }
    return 0;
}

void undo_vector_n(undo_log_t *u, undo_cv_t kind, uint64_t n)
{
    assert(u->records > 0 && kind < UNDO_CV_COUNT);
    uint64_t bytes = n * cv_size(&u->p, kind);
    u->vectors[kind] += n;
    u->bytes += bytes;
    sim_stat_add(&u->stats, SIM_STAT_UNDO_CV_SIZE, bytes);
    SIM_DEBUG_CHECK(undo_check(u));
}

void undo_lob_write(undo_log_t *u, uint64_t lobs, uint64_t chunks)
{
    undo_vector_n(u, UNDO_CV_LOB, lobs);
    undo_vector_n(u, UNDO_CV_LOB_MAP, chunks);
}

void undo_vector(undo_log_t *u, undo_cv_t kind)
{
    undo_vector_n(u, kind, 1);
}

uint64_t undo_records(const undo_log_t *u)
{
    return u->records;
}

uint64_t undo_bytes(const undo_log_t *u)
{
    return u->bytes;
}

uint64_t undo_vectors(const undo_log_t *u, undo_cv_t kind)
{
    return kind < UNDO_CV_COUNT ? u->vectors[kind] : 0;
}

sim_err_t undo_check(const undo_log_t *u)
{
    uint64_t bytes = u->records * u->p.record_bytes;
    for (int k = 0; k < UNDO_CV_COUNT; k++)
        bytes += u->vectors[k] * cv_size(&u->p, (undo_cv_t)k);
    if (bytes != u->bytes)
        return SIM_ECORRUPT;
    for (int s = 0; s < SIM_STAT_COUNT; s++) {
        uint64_t want = s == SIM_STAT_USED_UREC      ? u->records
                        : s == SIM_STAT_UNDO_CV_SIZE ? u->bytes
                                                     : 0;
        if (u->stats.v[s] != want)
            return SIM_ECORRUPT;
    }
    return SIM_OK;
}

const sim_stats_t *undo_stats(const undo_log_t *u)
{
    return &u->stats;
}
