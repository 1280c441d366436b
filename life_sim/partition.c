/*
 * partition.c -- a partitioned table's rows in their partitions (the
 * parser's partitions, script/partition.c): an inserted row goes to the
 * partition its key maps to (ORA-14400 when none), ALTER TABLE ... DROP
 * PARTITION takes the partition's rows with it, and user_lob_partitions'
 * rows: each LOB column's partition in each live partition, its options
 * as its partition's clause, the column's and DB_SECUREFILE decided them.
 *
 * Each LOB partition is its own segment: a row's LOB goes to the slot of
 * its partition (life_slot(): group p + 1 of the table's segments), made
 * at the partition's first row with the options the parser decided for
 * it, dropped with the partition.  The table's own rows stay in its one
 * table segment (TABLE PARTITION segments are not modelled).
 */
#include <stdio.h>
#include <string.h>

#include "life_sim_int.h"

sim_err_t life_part_route(life_db_t *db, const scr_stmt_t *st, const life_table_t *t, int64_t key,
                          int key_null, uint16_t *part)
{
    *part = 0;
    if (t->def->part_by == SCR_PART_NONE)
        return SIM_OK;
    int k = scr_part_route(t->def, key, key_null, st->step);
    if (k < 0)
        return life_raise(db, st->line,
                          "ORA-14400: inserted partition key does not map to any partition");
    *part = (uint16_t)(k + 1); /* its segments' group (life_slot()) */
    return SIM_OK;
}

sim_err_t life_part_drop(life_db_t *db, const scr_stmt_t *st)
{
    life_table_t *t = &db->tables[st->table];
    sim_err_t rc = life_commit_open(db); /* DDL: every open transaction first */
    if (rc != SIM_OK)
        return rc;
    /* Its rows go with its segments, as a drop table's (stmt.c): no
     * row's undo, their LOB versions let go without freeing their chunks
     * in a segment that goes too. */
    for (uint64_t r = 0; r < t->nrows; r++) {
        life_row_t *rw = life_row_at(t, r);
        if (!rw->alive || rw->part != st->u.part.index + 1)
            continue;
        t->row_bytes -= life_row_bytes(db, t, rw);
        life_row_live(db, t, rw, 0);
        rw->alive = 0;
        life_pk_index_delete(t, r);
        t->live_rows--;
        for (uint32_t k = 0; k < t->nlob; k++) {
            uint32_t i = rw->lob[k];
            if (i && life_lob_at(db, i)->refs) {
                life_lob_at(db, i)->refs = 0;
                life_lob_at(db, i)->dedup = 0;
                life_lob_settle(db, t, life_slot(rw, k), i);
            }
            rw->lob[k] = 0;
        }
    }
    for (uint32_t k = 0; k < t->nlob; k++)
        life_seg_destroy(db, t, (st->u.part.index + 1) * LIFE_MAX_LOBCOLS + k);
    return SIM_OK;
}

/* Column numbers of user_lob_partitions' rows (script/query.c's order). */
enum {
    LP_TABLE = 1,
    LP_COLUMN,
    LP_LOB,
    LP_PARTITION,
    LP_LOB_PARTITION,
    LP_POSITION = 7,
    LP_COMPOSITE,
    LP_CHUNK,
    LP_PCTVERSION,
    LP_CACHE,
    LP_IN_ROW,
    LP_TS,
    LP_LOGGING = 24,
    LP_COMPRESSION = 29,
    LP_DEDUP,
    LP_SECUREFILE,
    LP_CREATED
};

sim_err_t life_lob_part_rows(life_db_t *db, uint32_t step, scr_qrows_t *rows)
{
    static const char *const compress[] = {"NO", "LOW", "MEDIUM", "HIGH"};
    for (uint32_t ti = 0; ti < db->s->ntables; ti++) {
        const life_table_t *t = &db->tables[ti];
        if (!t->exists || t->def->part_by == SCR_PART_NONE)
            continue;
        for (uint32_t k = 0; k < t->nlob; k++) {
            int64_t position = 0;
            for (uint32_t pi = 0; pi < t->def->nparts; pi++) {
                const scr_partition_t *pt = &t->def->parts[pi];
                if (!scr_part_live(t->def, pi, step))
                    continue;
                const scr_lob_opts_t *o = &t->seg[(pi + 1) * LIFE_MAX_LOBCOLS + k].o;
                scr_qcell_t *c = scr_qrows_add(rows);
                if (c == NULL)
                    return SIM_ENOMEM;
                char name[SCR_NAME_MAX + 1];
                scr_qcell_text(&c[LP_TABLE], t->def->name);
                scr_qcell_text(&c[LP_COLUMN], t->def->cols[t->lobcol[k]].name);
                life_seg_name(db, t, k, name, sizeof name);
                scr_qcell_text(&c[LP_LOB], name);
                scr_qcell_text(&c[LP_PARTITION], pt->name);
                life_seg_name(db, t, (pi + 1) * LIFE_MAX_LOBCOLS + k, name, sizeof name);
                scr_qcell_text(&c[LP_LOB_PARTITION], name);
                scr_qcell_num(&c[LP_POSITION], ++position);
                scr_qcell_text(&c[LP_COMPOSITE], "NO");
                int ts = o->tablespace >= 0 ? o->tablespace : t->def->tablespace;
                uint32_t bs = ts >= 0 ? db->s->tablespaces[ts].block_size : db->s->opts.block_size;
                scr_qcell_num(&c[LP_CHUNK], o->chunk ? o->chunk : bs);
                if (!o->securefile && o->retention == SCR_RET_DEFAULT)
                    scr_qcell_num(&c[LP_PCTVERSION], o->pctversion);
                scr_qcell_text(&c[LP_CACHE], o->cache == SCR_CACHE_YES  ? "YES"
                                             : o->cache == SCR_CACHE_NO ? "NO"
                                                                        : "CACHEREADS");
                scr_qcell_text(&c[LP_IN_ROW], o->in_row ? "YES" : "NO");
                scr_qcell_text(&c[LP_TS], ts >= 0 ? db->s->tablespaces[ts].name : "USERS");
                if (o->logging != SCR_LOG_FILESYSTEM)
                    scr_qcell_text(&c[LP_LOGGING], o->logging == SCR_LOG_YES ? "YES" : "NO");
                scr_qcell_text(&c[LP_COMPRESSION], !o->securefile ? "NONE" : compress[o->compress]);
                scr_qcell_text(&c[LP_DEDUP], !o->securefile   ? "NONE"
                                             : o->deduplicate ? "LOB"
                                                              : "NO");
                scr_qcell_text(&c[LP_SECUREFILE], o->securefile ? "YES" : "NO");
                /* deferred: made with the partition's first row */
                scr_qcell_text(&c[LP_CREATED],
                               t->seg[(pi + 1) * LIFE_MAX_LOBCOLS + k].space ? "YES" : "NO");
            }
        }
    }
    return SIM_OK;
}
