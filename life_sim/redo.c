/*
 * redo.c -- the redo a change writes, by what the LOB's options log.
 *
 * What each option logs (Oracle Database SecureFiles and Large Objects
 * Developer's Guide, "LOGGING / NOLOGGING / FILESYSTEM_LIKE_LOGGING" and
 * "CACHE / NOCACHE / CACHE READS"):
 *   CACHE            LOB data goes through the buffer cache and is logged as
 *                    changes to the blocks: one redo record a block, its
 *                    data bytes in it (CACHE implies LOGGING);
 *   NOCACHE LOGGING  LOB data is written directly and logged as whole block
 *                    images: one redo record a direct write (a chunk), a
 *                    block's bytes a block;
 *   NOLOGGING        direct writes are not logged; each leaves a record that
 *                    marks its blocks invalid for media recovery (`redo size
 *                    for direct writes`);
 *   FILESYSTEM_LIKE_LOGGING  only the metadata is logged, the data as under
 *                    NOLOGGING.
 * The rows and the space metadata are logged under every option: one redo
 * record per change with a change vector and its undo's.  The sizes are the
 * a priori parameters of life_params_t (README), not read off any figure.
 */
#include "life_sim_int.h"

static void add(life_db_t *db, uint64_t entries, uint64_t bytes)
{
    sim_stat_add(&db->part[LIFE_PART_REDO], SIM_STAT_REDO_ENTRIES, entries);
    sim_stat_add(&db->part[LIFE_PART_REDO], SIM_STAT_REDO_SIZE, bytes);
}

void life_redo_row(life_db_t *db, uint64_t row_bytes)
{
    const life_params_t *p = &db->p;
    add(db, 1, p->redo_record_bytes + 2ULL * p->redo_cv_bytes + row_bytes + p->undo.record_bytes);
}

void life_redo_space(life_db_t *db, uint64_t chunks)
{
    const life_params_t *p = &db->p;
    add(db, chunks,
        chunks * (p->redo_record_bytes + 2ULL * p->redo_cv_bytes + 2ULL * p->undo.space_cv_bytes));
}

void life_redo_lob_data(life_db_t *db, const scr_lob_opts_t *o, uint64_t blocks, uint64_t chunks,
                        uint64_t stored, uint32_t block_size)
{
    const life_params_t *p = &db->p;
    if (o->cache == SCR_CACHE_YES) {
        add(db, blocks, blocks * (p->redo_record_bytes + p->redo_cv_bytes) + stored);
        return;
    }
    if (o->logging == SCR_LOG_YES) {
        add(db, chunks, chunks * p->redo_record_bytes + blocks * (p->redo_cv_bytes + block_size));
        return;
    }
    add(db, chunks, chunks * p->redo_invalidation_bytes);
    sim_stat_add(&db->part[LIFE_PART_REDO], SIM_STAT_REDO_DIRECT_WRITES,
                 chunks * p->redo_invalidation_bytes);
}

void life_redo_commit(life_db_t *db)
{
    add(db, 1, db->p.commit_redo_bytes);
}
