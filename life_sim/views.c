/*
 * views.c -- the rows of the dictionary views a script queries, as the
 * model has them after the statements before (script/query.c parses the
 * query, script/answer.c prints the answer):
 *
 * - user_segments / dba_segments: each table's own segment (TABLE, ASSM:
 *   every tablespace of the model is locally managed with ASSM) and each
 *   LOB segment made (LOBSEGMENT, SECUREFILE or ASSM), with BYTES, BLOCKS
 *   and EXTENTS as table.c and the segment's lob_space_t count them;
 * - user_extents / dba_extents: each extent of those segments, numbered
 *   from 0 in the order the segment added them, BYTES and BLOCKS;
 * - user_lobs / dba_lobs: each LOB column of a live table, its options as
 *   the statements have left them;
 * - v$mystat joined to v$statname: the session statistics the model
 *   counts (counted[]), as the steps before the query left them; a
 *   condition naming one it does not count leaves the query unanswered;
 * - v$securefile_shrink: each SecureFile segment's last shrink
 *   (lob_shrink_t), SHRINK_STATUS COMPLETE, AUTOMATIC 0;
 * - a table of the script: the rows the session sees, their id and each
 *   LOB's length (dbms_lob.getlength: characters of a CLOB, bytes of a
 *   BLOB; null for a null LOB);
 * - dbms_space.space_usage (SecureFile and ASSM forms) and unused_space of the
 *   segments user_segments lists, into a block's NUMBER variables
 *   (life_space_call()).
 *
 * Names Oracle gives a LOB segment and its index when the script does not
 * name them: SYS_LOB<object number, 10 digits>C<column number, 5
 * digits>$$ and SYS_IL... alike (as user_lobs shows them, e.g.
 * SYS_LOB0000019479C00001$$ in Kyte, Expert Oracle Database Architecture,
 * "LOB Types").  The object number is Oracle's object_id of the table,
 * which the model does not have: the table's number in the script stands
 * for it.  A table without TABLESPACE is in USERS, a fresh database's
 * default permanent tablespace.
 *
 * LOB index segments (LOBINDEX) are not modelled: their rows are left
 * out, and the answer says so.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "life_sim_int.h"

/* Column numbers of the views' rows, in script/query.c's order. */
enum { SG_NAME = 1, SG_PART, SG_TYPE, SG_SUBTYPE, SG_TS, SG_BYTES = 8, SG_BLOCKS, SG_EXTENTS };
enum { EX_NAME = 1, EX_PART, EX_TYPE, EX_TS, EX_ID, EX_BYTES = 8, EX_BLOCKS };
enum {
    TS_NAME,
    TS_BLOCK_SIZE,
    TS_INITIAL,
    TS_NEXT,
    TS_STATUS = 9,
    TS_CONTENTS,
    TS_EXTENT_MGMT = 13,
    TS_ALLOCATION,
    TS_SSM = 16,
    TS_BIGFILE = 19
};
enum {
    TB_TABLE = 1,
    TB_TS,
    TB_STATUS = 5,
    TB_PARTITIONED = 28,
    TB_TEMPORARY,
    TB_DROPPED = 32,
    TB_CREATED = 34
};
enum {
    LB_TABLE = 1,
    LB_COLUMN,
    LB_SEGMENT,
    LB_TS,
    LB_INDEX,
    LB_CHUNK,
    LB_PCTVERSION,
    LB_CACHE = 10,
    LB_LOGGING,
    LB_COMPRESSION = 13,
    LB_DEDUP,
    LB_IN_ROW,
    LB_PARTITIONED = 17,
    LB_SECUREFILE,
    LB_CREATED
};

/* The name of LOB segment (kind "LOB": life_seg_name()) or LOB index
 * ("IL", Oracle's SYS_IL<obj#>C<intcol#>$$ beside it) of column k. */
static void lob_name(const life_db_t *db, const life_table_t *t, uint32_t k, const char *kind,
                     char *out, size_t n)
{
    if (kind[0] == 'L') {
        life_seg_name(db, t, k, out, n);
        return;
    }
    snprintf(out, n, "SYS_%s%010uC%05u$$", kind, (unsigned)(t - db->tables) + 1,
             (unsigned)t->lobcol[k] + 1);
}

static const char *ts_name(const life_db_t *db, int ts)
{
    return ts >= 0 ? db->s->tablespaces[ts].name : "USERS";
}

/* The tablespace of t's segment (k < 0: the table's, else its LOB
 * segment k): an index, -1 the default (USERS). */
static int seg_ts(const life_table_t *t, int k)
{
    return k >= 0 && t->seg[k].o.tablespace >= 0 ? t->seg[k].o.tablespace : t->def->tablespace;
}

static const char *lob_ts(const life_db_t *db, const life_table_t *t, uint32_t k)
{
    return ts_name(db, seg_ts(t, (int)k));
}

/* Whether t's segment (k as seg_ts()'s) is in a tablespace of SEGMENT
 * SPACE MANAGEMENT MANUAL (free lists: MSSM). */
static int in_mssm(const life_db_t *db, const life_table_t *t, int k)
{
    int ts = seg_ts(t, k);
    return ts >= 0 && db->s->tablespaces[ts].manual;
}

typedef struct {
    scr_qrows_t *rows;
    const char *name, *part, *type, *ts; /* part: NULL but a partition's */
    const char *owner;
    uint32_t bs;
    int64_t id;
    int oom;
} ext_arg_t;

static void one_extent(void *arg, uint64_t start, uint64_t blocks)
{
    ext_arg_t *a = arg;
    (void)start;
    scr_qcell_t *c = scr_qrows_add(a->rows);
    if (c == NULL) {
        a->oom = 1;
        return;
    }
    scr_qcell_text(&c[0], a->owner); /* OWNER */
    scr_qcell_text(&c[EX_NAME], a->name);
    if (a->part)
        scr_qcell_text(&c[EX_PART], a->part);
    scr_qcell_text(&c[EX_TYPE], a->type);
    scr_qcell_text(&c[EX_TS], a->ts);
    scr_qcell_num(&c[EX_ID], a->id++);
    scr_qcell_num(&c[EX_BYTES], (int64_t)(blocks * a->bs));
    scr_qcell_num(&c[EX_BLOCKS], (int64_t)blocks);
}

/* One segment's row of user_segments, or its extents' rows: the table's,
 * its primary key's (pk), a LOB segment's (sp) or a LOB index's (ix). */
static sim_err_t segment_rows(scr_view_t view, scr_qrows_t *rows, const char *name,
                              const char *part, const char *type, const char *subtype,
                              const char *ts, uint32_t bs, uint64_t blocks, uint64_t extents,
                              const life_db_t *db, const life_table_t *t, int pk,
                              const lob_space_t *sp, const life_seg_t *ix)
{
    if (view == SCR_V_EXTENTS) {
        ext_arg_t a = {rows, name, part, type, ts, t->def->owner, bs, 0, 0};
        uint64_t b, e;
        if (sp)
            lob_space_extents(sp, one_extent, &a);
        else if (ix)
            life_lobindex_extents(ix, one_extent, &a, &b, &e);
        else if (pk)
            life_pk_index_extents(db, t, one_extent, &a, &b, &e);
        else
            life_table_extents(db, t, one_extent, &a);
        return a.oom ? SIM_ENOMEM : SIM_OK;
    }
    scr_qcell_t *c = scr_qrows_add(rows);
    if (c == NULL)
        return SIM_ENOMEM;
    scr_qcell_text(&c[0], t->def->owner); /* OWNER */
    scr_qcell_text(&c[SG_NAME], name);
    if (part)
        scr_qcell_text(&c[SG_PART], part);
    scr_qcell_text(&c[SG_TYPE], type);
    scr_qcell_text(&c[SG_SUBTYPE], subtype);
    scr_qcell_text(&c[SG_TS], ts);
    scr_qcell_num(&c[SG_BYTES], (int64_t)(blocks * bs));
    scr_qcell_num(&c[SG_BLOCKS], (int64_t)blocks);
    scr_qcell_num(&c[SG_EXTENTS], (int64_t)extents);
    return SIM_OK;
}

static sim_err_t segments(life_db_t *db, scr_view_t q, uint32_t step, scr_qrows_t *rows)
{
    sim_err_t rc = SIM_OK;
    for (uint32_t ti = 0; ti < db->s->ntables && rc == SIM_OK; ti++) {
        life_table_t *t = &db->tables[ti];
        if (!t->exists)
            continue;
        int parted = t->def->part_by != SCR_PART_NONE;
        if (t->has_segment && !parted) {
            sim_stats_t f;
            life_table_figures(db, t, &f);
            rc = segment_rows(q, rows, t->def->name, NULL, "TABLE",
                              in_mssm(db, t, -1) ? "MSSM" : "ASSM", ts_name(db, t->def->tablespace),
                              t->block_size, f.v[SIM_STAT_SEG_TAB_BLOCKS],
                              f.v[SIM_STAT_SEG_TAB_EXTENTS], db, t, 0, NULL, NULL);
        }
        /* its primary key's index (of a partitioned table too: global, not partitioned) */
        if (rc == SIM_OK && life_pk_index_exists(t, step)) {
            char name[SCR_NAME_MAX + 1];
            uint64_t b, e;
            life_pk_name(db, t, name, sizeof name);
            life_pk_index_extents(db, t, NULL, NULL, &b, &e);
            rc = segment_rows(q, rows, name, NULL, "INDEX", in_mssm(db, t, -1) ? "MSSM" : "ASSM",
                              ts_name(db, t->def->tablespace), t->block_size, b, e, db, t, 1, NULL,
                              NULL);
        }
        /* a partitioned table's LOB segments: its partitions' (LOB
         * PARTITION, named by the LOB, the partition in PARTITION_NAME) */
        for (uint32_t k = 0; k < t->nseg && rc == SIM_OK; k++) {
            const life_seg_t *g = &t->seg[k];
            if (g->space == NULL || !life_slot_used(t, k))
                continue;
            lob_space_info_t in;
            lob_space_get_info(g->space, &in);
            char name[SCR_NAME_MAX + 1], part[SCR_NAME_MAX + 1];
            lob_name(db, t, k % LIFE_MAX_LOBCOLS, "LOB", name, sizeof name);
            if (k >= LIFE_MAX_LOBCOLS)
                life_seg_name(db, t, k, part, sizeof part);
            rc = segment_rows(q, rows, name, k >= LIFE_MAX_LOBCOLS ? part : NULL,
                              k >= LIFE_MAX_LOBCOLS ? "LOB PARTITION" : "LOBSEGMENT",
                              g->o.securefile          ? "SECUREFILE"
                              : in_mssm(db, t, (int)k) ? "MSSM"
                                                       : "ASSM",
                              lob_ts(db, t, k), g->block_size, in.blocks, in.extents, db, t, 0,
                              g->space, NULL);
            /* its LOB index beside it (a partition's, LOB INDEX PARTITION,
             * is not listed) */
            if (rc != SIM_OK || k >= LIFE_MAX_LOBCOLS)
                continue;
            uint64_t ib, ie;
            life_lobindex_figures(db, &t->seg[k], &ib, &ie);
            lob_name(db, t, k, "IL", name, sizeof name);
            rc = segment_rows(q, rows, name, NULL, "LOBINDEX",
                              in_mssm(db, t, (int)k) ? "MSSM" : "ASSM", lob_ts(db, t, k),
                              g->block_size, ib, ie, db, t, 0, NULL, g);
        }
    }
    return rc;
}

static sim_err_t lobs(life_db_t *db, scr_qrows_t *rows)
{
    static const char *const compress[] = {"NO", "LOW", "MEDIUM", "HIGH"};
    for (uint32_t ti = 0; ti < db->s->ntables; ti++) {
        life_table_t *t = &db->tables[ti];
        if (!t->exists)
            continue;
        for (uint32_t k = 0; k < t->nlob; k++) {
            const life_seg_t *g = &t->seg[k];
            const scr_lob_opts_t *o = &g->o;
            scr_qcell_t *c = scr_qrows_add(rows);
            if (c == NULL)
                return SIM_ENOMEM;
            char name[SCR_NAME_MAX + 1];
            scr_qcell_text(&c[0], t->def->owner); /* OWNER */
            scr_qcell_text(&c[LB_TABLE], t->def->name);
            scr_qcell_text(&c[LB_COLUMN], t->def->cols[t->lobcol[k]].name);
            lob_name(db, t, k, "LOB", name, sizeof name);
            scr_qcell_text(&c[LB_SEGMENT], name);
            scr_qcell_text(&c[LB_TS], lob_ts(db, t, k));
            lob_name(db, t, k, "IL", name, sizeof name);
            scr_qcell_text(&c[LB_INDEX], name);
            int ts = seg_ts(t, (int)k);
            uint32_t bs = ts >= 0 ? db->s->tablespaces[ts].block_size : db->s->opts.block_size;
            /* CHUNK rounded up to a multiple of the block size (SQL Language
             * Reference, LOB_parameters: "the database rounds up in bytes to
             * the next multiple") */
            scr_qcell_num(&c[LB_CHUNK], o->chunk ? (o->chunk + bs - 1) / bs * bs : bs);
            /* PCTVERSION: a BasicFile's, unless RETENTION replaced it */
            if (!o->securefile && o->retention == SCR_RET_DEFAULT)
                scr_qcell_num(&c[LB_PCTVERSION], o->pctversion);
            scr_qcell_text(&c[LB_CACHE], o->cache == SCR_CACHE_YES  ? "YES"
                                         : o->cache == SCR_CACHE_NO ? "NO"
                                                                    : "CACHEREADS");
            /* FILESYSTEM_LIKE_LOGGING: no public source seen gives its
             * LOGGING value; left null */
            if (o->logging != SCR_LOG_FILESYSTEM)
                scr_qcell_text(&c[LB_LOGGING], o->logging == SCR_LOG_YES ? "YES" : "NO");
            scr_qcell_text(&c[LB_COMPRESSION], !o->securefile ? "NONE" : compress[o->compress]);
            scr_qcell_text(&c[LB_DEDUP], !o->securefile ? "NONE" : o->deduplicate ? "LOB" : "NO");
            scr_qcell_text(&c[LB_IN_ROW], o->in_row ? "YES" : "NO");
            /* a partitioned table's: the column level, the default of its
             * partitions' (partition.c); their segments are theirs */
            int parted = t->def->part_by != SCR_PART_NONE;
            scr_qcell_text(&c[LB_PARTITIONED], parted ? "YES" : "NO");
            scr_qcell_text(&c[LB_SECUREFILE], o->securefile ? "YES" : "NO");
            scr_qcell_text(&c[LB_CREATED], parted ? "N/A" : g->space ? "YES" : "NO");
        }
    }
    return SIM_OK;
}

/* user_tables: each table the script created and has not dropped (a
 * dropped table is purged: the model keeps no recycle bin). */
static sim_err_t tables(life_db_t *db, scr_qrows_t *rows)
{
    for (uint32_t ti = 0; ti < db->s->ntables; ti++) {
        const life_table_t *t = &db->tables[ti];
        if (!t->exists)
            continue;
        scr_qcell_t *c = scr_qrows_add(rows);
        if (c == NULL)
            return SIM_ENOMEM;
        int parted = t->def->part_by != SCR_PART_NONE;
        scr_qcell_text(&c[0], t->def->owner);
        scr_qcell_text(&c[TB_TABLE], t->def->name);
        /* a partitioned table's tablespace is its partitions' (null) */
        if (!parted)
            scr_qcell_text(&c[TB_TS], ts_name(db, t->def->tablespace));
        scr_qcell_text(&c[TB_STATUS], "VALID");
        scr_qcell_text(&c[TB_PARTITIONED], parted ? "YES" : "NO");
        scr_qcell_text(&c[TB_TEMPORARY], "N");
        scr_qcell_text(&c[TB_DROPPED], "NO");
        scr_qcell_text(&c[TB_CREATED], parted ? "N/A" : t->has_segment ? "YES" : "NO");
    }
    return SIM_OK;
}

/* v$securefile_shrink: the last shrink of each SecureFile segment shrunk
 * (the model keeps one a segment), run by the script (AUTOMATIC 0). */
static sim_err_t shrinks(life_db_t *db, scr_qrows_t *rows)
{
    for (uint32_t ti = 0; ti < db->s->ntables; ti++) {
        const life_table_t *t = &db->tables[ti];
        for (uint32_t k = 0; t->exists && k < t->nlob; k++) {
            const life_seg_t *g = &t->seg[k];
            if (!g->shrunk || !g->o.securefile)
                continue;
            scr_qcell_t *c = scr_qrows_add(rows);
            if (c == NULL)
                return SIM_ENOMEM;
            const lob_shrink_t *x = &g->last_shrink;
            scr_qcell_text(&c[1], "COMPLETE");
            scr_qcell_num(&c[4], (int64_t)x->blocks_moved);
            scr_qcell_num(&c[5], (int64_t)x->blocks_freed);
            scr_qcell_num(&c[6], (int64_t)x->blocks_allocated);
            scr_qcell_num(&c[7], (int64_t)x->extents_allocated);
            scr_qcell_num(&c[8], (int64_t)x->extents_freed);
            scr_qcell_num(&c[9], (int64_t)x->extents_sealed);
            scr_qcell_num(&c[10], 0);
        }
    }
    return SIM_OK;
}

/* The session statistics the life model counts (its parts but the
 * segments', each named as Oracle's v$statname names it), as v$mystat
 * holds them after the steps before the query. */
static const sim_stat_t counted[] = {
    SIM_STAT_DB_BLOCK_CHANGES, SIM_STAT_DB_BLOCK_GETS,         SIM_STAT_DSP_ALLOCATIONS,
    SIM_STAT_DSP_CHUNKS,       SIM_STAT_REDO_DIRECT_WRITES,    SIM_STAT_REDO_ENTRIES,
    SIM_STAT_REDO_SIZE,        SIM_STAT_SEG_EXTENTS,           SIM_STAT_SF_ALLOC_BYTES,
    SIM_STAT_SF_ALLOC_CHUNKS,  SIM_STAT_SF_DIRECT_WRITE_BYTES, SIM_STAT_SF_DIRECT_WRITE_OPS,
    SIM_STAT_UNDO_CV_SIZE,     SIM_STAT_USER_COMMITS,
};
#define NCOUNTED (sizeof counted / sizeof counted[0])

static sim_err_t mystat(life_db_t *db, scr_qrows_t *rows)
{
    for (size_t k = 0; k < NCOUNTED; k++) {
        scr_qcell_t *c = scr_qrows_add(rows);
        if (c == NULL)
            return SIM_ENOMEM;
        scr_qcell_text(&c[0], sim_stat_info(counted[k])->name);
        scr_qcell_num(&c[1], (int64_t)db->session.v[counted[k]]);
    }
    return SIM_OK;
}

/* A statistic a condition names that the model does not count: its name
 * (the query is then not answered), or NULL. */
const char *life_query_uncounted(const scr_query_t *q)
{
    for (uint32_t i = 0; i < q->nconds; i++) {
        const scr_qcond_t *c = &q->cond[i];
        if (c->col != 0 || c->like || c->op != SCR_OP_EQ)
            continue;
        for (uint32_t v = 0; v < c->nvals; v++) {
            size_t k = 0;
            while (k < NCOUNTED && strcmp(sim_stat_info(counted[k])->name, c->str[v]) != 0)
                k++;
            if (k == NCOUNTED)
                return c->str[v];
        }
    }
    return NULL;
}

/* A table's rows as the running session sees them, those the query's
 * where takes: cell c the id (the id column), cell ncols + c the length
 * of LOB column c, cell 2 ncols + c its chunk size. */
sim_err_t life_table_rows(life_db_t *db, const scr_query_t *q, const scr_row_t *regs,
                          scr_qrows_t *rows)
{
    life_table_t *t = &db->tables[q->table];
    life_cursor_t cur;
    /* the where over any column as a DML's (dbms_lob.getlength(c) > N
     * too; in a block, its variables), the rows as the session sees them */
    sim_err_t rc = life_select(db, t, q->id_where, NULL, regs, &cur);
    for (uint64_t r = 0; rc == SIM_OK && r < cur.n; r++) {
        scr_qcell_t *c = scr_qrows_add(rows);
        if (c == NULL) {
            rc = SIM_ENOMEM;
            break;
        }
        if (t->def->id_col >= 0)
            scr_qcell_num(&c[t->def->id_col], cur.ids[r]);
        for (uint32_t k = 0; k < t->nlob; k++) {
            scr_val_t v = cur.vals[r * cur.nlob + k];
            if (v != SCR_VAL_NULL && (uint32_t)t->lobcol[k] < q->table_cols) {
                scr_qcell_num(&c[q->table_cols + (uint32_t)t->lobcol[k]],
                              (int64_t)scr_value_info(db->vs, v).chars);
                scr_qcell_num(
                    &c[2 * q->table_cols + (uint32_t)t->lobcol[k]],
                    life_seg_chunk_size(db, t, life_slot(life_row_at(t, cur.rows[r]), k)));
            }
        }
    }
    life_cursor_close(db, &cur);
    return rc;
}

/* Default DBCA tablespaces' kinds (Oracle Database Reference, DBA_TABLESPACES:
 * CONTENTS; SQL Language Reference, CREATE TABLESPACE: segment space
 * management applies to permanent tablespaces only, a temporary one's
 * extents are uniform). */
static sim_err_t tablespaces(life_db_t *db, uint32_t step, scr_qrows_t *rows)
{
    for (uint32_t k = 0; k < db->s->ntablespaces; k++) {
        const scr_tablespace_t *ts = &db->s->tablespaces[k];
        if ((ts->created && ts->created >= step) || (ts->dropped && ts->dropped < step))
            continue;
        int undo = ts->predefined && strcmp(ts->name, "UNDOTBS1") == 0;
        int temp = ts->predefined && strcmp(ts->name, "TEMP") == 0;
        int uniform = ts->uniform || temp;
        scr_qcell_t *c = scr_qrows_add(rows);
        if (c == NULL)
            return SIM_ENOMEM;
        scr_qcell_text(&c[TS_NAME], ts->name);
        scr_qcell_num(&c[TS_BLOCK_SIZE], ts->block_size);
        /* autoallocate's first extent is 64 KB (lobspace's schedule) */
        scr_qcell_num(&c[TS_INITIAL], uniform ? (int64_t)ts->uniform_size : 65536);
        if (uniform)
            scr_qcell_num(&c[TS_NEXT], (int64_t)ts->uniform_size);
        scr_qcell_text(&c[TS_STATUS], "ONLINE");
        scr_qcell_text(&c[TS_CONTENTS], undo ? "UNDO" : temp ? "TEMPORARY" : "PERMANENT");
        scr_qcell_text(&c[TS_EXTENT_MGMT], "LOCAL");
        scr_qcell_text(&c[TS_ALLOCATION], uniform ? "UNIFORM" : "SYSTEM");
        scr_qcell_text(&c[TS_SSM], undo || temp || ts->manual ? "MANUAL" : "AUTO");
        scr_qcell_text(&c[TS_BIGFILE], ts->bigfile ? "YES" : "NO");
    }
    return SIM_OK;
}

/* View v's rows at step `step`. */
static sim_err_t view_rows(life_db_t *db, scr_view_t v, uint32_t step, scr_qrows_t *rows)
{
    return v == SCR_V_LOBS          ? lobs(db, rows)
           : v == SCR_V_LOB_PARTS   ? life_lob_part_rows(db, step, rows)
           : v == SCR_V_MYSTAT      ? mystat(db, rows)
           : v == SCR_V_SHRINK      ? shrinks(db, rows)
           : v == SCR_V_TABLESPACES ? tablespaces(db, step, rows)
           : v == SCR_V_TABLES      ? tables(db, rows)
                                    : segments(db, v, step, rows);
}

/* The rows of q's view, or of its two views' join (each pair, the first's
 * columns then the second's: the where keeps the joined ones). */
sim_err_t life_query_rows(life_db_t *db, const scr_query_t *q, uint32_t step, scr_qrows_t *rows)
{
    if (!q->two)
        return view_rows(db, q->view, step, rows);
    uint32_t n1, n2;
    (void)scr_view_columns(q->view, &n1);
    (void)scr_view_columns(q->view2, &n2);
    scr_qrows_t a = {n1, 0, 0, NULL}, b = {n2, 0, 0, NULL};
    sim_err_t rc = view_rows(db, q->view, step, &a);
    if (rc == SIM_OK)
        rc = view_rows(db, q->view2, step, &b);
    for (uint64_t i = 0; i < a.nrows && rc == SIM_OK; i++)
        for (uint64_t j = 0; j < b.nrows && rc == SIM_OK; j++) {
            scr_qcell_t *c = scr_qrows_add(rows);
            if (c == NULL) {
                rc = SIM_ENOMEM;
                break;
            }
            memcpy(c, &a.cells[i * n1], n1 * sizeof *c);
            memcpy(c + n1, &b.cells[j * n2], n2 * sizeof *c);
        }
    scr_qrows_free(&a);
    scr_qrows_free(&b);
    return rc;
}

/* ---- dbms_space ----------------------------------------------------------- */

/* Argument e of a dbms_space call as text into out (empty when null). */
static sim_err_t arg_text(life_db_t *db, const scr_expr_t *e, const scr_row_t *regs, char *out,
                          size_t n)
{
    out[0] = '\0';
    if (e == NULL)
        return SIM_OK;
    scr_val_t v;
    sim_err_t rc = life_eval(db, NULL, e, regs, &v);
    if (rc != SIM_OK)
        return rc;
    scr_value_text(db->vs, v, out, n);
    scr_value_release(db->vs, v);
    return SIM_OK;
}

sim_err_t life_space_call(life_db_t *db, life_susp_t *s, const scr_pl_op_t *op,
                          const scr_row_t *regs)
{
    char name[SCR_NAME_MAX + 2], type[32], part[SCR_NAME_MAX + 2], seg[SCR_NAME_MAX + 1];
    sim_err_t rc = arg_text(db, op->seg[1], regs, name, sizeof name);
    if (rc == SIM_OK)
        rc = arg_text(db, op->seg[2], regs, type, sizeof type);
    if (rc == SIM_OK)
        rc = arg_text(db, op->seg[3], regs, part, sizeof part);
    if (rc != SIM_OK)
        return rc;
    int lob = strcmp(type, "LOB") == 0 || strcmp(type, "LOB PARTITION") == 0;
    int ix = strcmp(type, "INDEX") == 0; /* a primary key's index or a LOB index */
    if (!lob && !ix && strcmp(type, "TABLE") != 0) {
        if (strcmp(type, "CLUSTER") == 0 || strcmp(type, "TABLE PARTITION") == 0 ||
            strcmp(type, "TABLE SUBPARTITION") == 0 || strcmp(type, "INDEX PARTITION") == 0 ||
            strcmp(type, "INDEX SUBPARTITION") == 0 || strcmp(type, "LOB SUBPARTITION") == 0 ||
            strcmp(type, "LOBINDEX") == 0)
            return life_raise(db, op->line,
                              "not modelled: dbms_space of a segment of that type (the "
                              "model has TABLE, INDEX and LOB segments)");
        return life_raise(db, op->line, "ORA-03200: the segment type specification is invalid");
    }
    int want_part = strcmp(type, "LOB PARTITION") == 0;
    /* the segment user_segments lists with that name (and partition) */
    life_table_t *ft = NULL;
    uint32_t fk = 0;
    int lobix = 0; /* an INDEX that is a LOB index: fk its LOB segment */
    for (uint32_t ti = 0; ti < db->s->ntables && ft == NULL; ti++) {
        life_table_t *t = &db->tables[ti];
        if (!t->exists)
            continue;
        if (ix) {
            life_pk_name(db, t, seg, sizeof seg);
            if (life_pk_index_exists(t, s->block ? s->block->step : UINT32_MAX) &&
                strcmp(seg, name) == 0)
                ft = t;
            for (uint32_t k = 0; k < t->nlob && ft == NULL; k++) {
                lob_name(db, t, k, "IL", seg, sizeof seg);
                if (t->seg[k].ix && strcmp(seg, name) == 0)
                    ft = t, fk = k, lobix = 1;
            }
            continue;
        }
        if (!lob) {
            if (t->has_segment && t->def->part_by == SCR_PART_NONE &&
                strcmp(t->def->name, name) == 0)
                ft = t;
            continue;
        }
        for (uint32_t k = 0; k < t->nseg && ft == NULL; k++) {
            if (t->seg[k].space == NULL || !life_slot_used(t, k) ||
                (k >= LIFE_MAX_LOBCOLS) != want_part)
                continue;
            lob_name(db, t, k % LIFE_MAX_LOBCOLS, "LOB", seg, sizeof seg);
            if (strcmp(seg, name) != 0)
                continue;
            if (want_part) {
                life_seg_name(db, t, k, seg, sizeof seg);
                if (strcmp(seg, part) != 0)
                    continue;
            }
            ft = t;
            fk = k;
        }
    }
    if (ft == NULL)
        return life_raise(db, op->line, "ORA-00942: table or view does not exist");
    if ((op->unused == 2 || op->assm) && in_mssm(db, ft, lob || lobix ? (int)fk : -1))
        /* a MANUAL tablespace's segment: free lists, laid out by the model
         * as under ASSM */
        return life_raise(db, op->line,
                          "not modelled: dbms_space of a segment in a MANUAL segment space "
                          "management tablespace (its free lists)");
    if (op->unused == 2) /* free_blocks: a free list's, on an ASSM segment */
        return life_raise(db, op->line, "ORA-10618: Operation not allowed on this segment");
    int64_t v[12] = {0};
    uint8_t isnull[12] = {0};
    uint32_t nouts = op->unused ? 7 : op->assm ? 12 : 8;
    uint64_t bs = lob || lobix ? ft->seg[fk].block_size : ft->block_size;
    if (op->assm && !lob) {
        /* said under the step, the OUT variables null, and the block goes
         * on: a show_space of a table or an index still prints its
         * unused_space lines */
        static const char table[] = "not modelled: dbms_space.space_usage's ASSM form of a table "
                                    "(the model keeps a table's rows by bytes, not block by "
                                    "block: its FS1-FS4 blocks are unknown)\n";
        static const char index[] =
            "not modelled: dbms_space.space_usage's ASSM form of an index (its blocks are "
            "only unformatted, FS2 or full, and when one is FS2 is not known: Lewis, "
            "\"dbms_space usage\", 2013)\n";
        memset(isnull, 1, sizeof isnull);
        rc = ix ? life_print(db, index, sizeof index - 1) : life_print(db, table, sizeof table - 1);
        if (rc != SIM_OK)
            return rc;
    } else if (op->assm) {
        /* unformatted, FS1..FS4 (none: a LOB block is all or nothing),
         * full; each in blocks and bytes (lobspace.h, lob_space_assm()) */
        lob_assm_t a;
        lob_space_assm(ft->seg[fk].space, &a);
        v[0] = (int64_t)a.unformatted;
        v[10] = (int64_t)a.full;
        for (uint32_t i = 0; i < 12; i += 2)
            v[i + 1] = v[i] * (int64_t)bs;
    } else if (!op->unused) {
        if (!lob || !ft->seg[fk].o.securefile)
            return life_raise(db, op->line,
                              "not modelled: dbms_space.space_usage's SecureFile form of a "
                              "BasicFile LOB, a table or an index (its ASSM form answers a "
                              "LOB)");
        sim_stats_t f;
        life_lob_figures(db, ft, fk, &f);
        static const sim_stat_t su[8] = {
            SIM_STAT_DSU_SEGMENT_BLOCKS,   SIM_STAT_DSU_SEGMENT_BYTES,  SIM_STAT_DSU_USED_BLOCKS,
            SIM_STAT_DSU_USED_BYTES,       SIM_STAT_DSU_EXPIRED_BLOCKS, SIM_STAT_DSU_EXPIRED_BYTES,
            SIM_STAT_DSU_UNEXPIRED_BLOCKS, SIM_STAT_DSU_UNEXPIRED_BYTES};
        for (uint32_t i = 0; i < 8; i++)
            v[i] = (int64_t)f.v[su[i]];
    } else {
        /* total: user_segments' BLOCKS; the file and the block id of the
         * last used extent: the model has no datafiles (null) */
        lob_unused_t u;
        sim_stats_t f;
        uint64_t ib, ie;
        if (lobix) {
            life_lobindex_figures(db, &ft->seg[fk], &ib, &ie);
            v[0] = (int64_t)ib;
            life_lobindex_unused(db, &ft->seg[fk], &u);
        } else if (ix) {
            life_pk_index_extents(db, ft, NULL, NULL, &ib, &ie);
            v[0] = (int64_t)ib;
            life_pk_index_unused(db, ft, &u);
        } else if (lob) {
            life_lob_figures(db, ft, fk, &f);
            v[0] = (int64_t)f.v[SIM_STAT_SEG_LOB_BLOCKS];
            lob_space_unused(ft->seg[fk].space, &u);
        } else {
            life_table_figures(db, ft, &f);
            v[0] = (int64_t)f.v[SIM_STAT_SEG_TAB_BLOCKS];
            life_table_unused(db, ft, &u);
        }
        v[1] = v[0] * (int64_t)bs;
        v[2] = (int64_t)u.unused_blocks;
        v[3] = v[2] * (int64_t)bs;
        isnull[4] = isnull[5] = 1;
        v[6] = (int64_t)u.last_used_block;
    }
    for (uint32_t i = 0; i < nouts; i++) {
        s->nums[op->outs[i]] = v[i];
        s->nulls[op->outs[i]] = isnull[i];
    }
    return SIM_OK;
}
