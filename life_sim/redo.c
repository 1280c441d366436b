/*
 * redo.c -- the redo a change writes, record by record.
 *
 * Every change the model makes writes redo records from one catalogue
 * (life_redo_kind_t): `redo entries` counts the records, `redo size` adds
 * their sizes.  docs/lifecycle-sources.md, section (b), has each record's
 * sources and what is assumed; in short:
 *
 * The layout of a record (oracdc, OraCdcRedoRecord.java and
 * OraCdcChange.java, https://github.com/averemee-si/oracdc, after Julian
 * Dyke, "Redo Internals"; Dyke's juliandyke.com/Internals/Redo/Redo4.php
 * takes a 72-byte record apart the same way: header 24, change header 24,
 * a one-element length table of 4, one element of 20):
 *   a record header (life.redo_record_bytes, 24), then change vectors, each
 *   a header (life.redo_cv_bytes, 24), a table of its fields' lengths (2
 *   bytes a field plus 2, rounded up to 4) and the fields, each rounded up
 *   to 4 bytes.
 *
 * The fields (minimum lengths the open-source redo readers check, which
 * are the lengths of the fixed parts):
 *   KTB redo, op F (a data block's transaction entry): 24 (OpenLogReplicator,
 *     "too short field KTB Redo F" below 24);
 *   KDO op codes of a row: IRP 0x30, DRP 0x14, URP 0x1C (oracdc,
 *     KDO_OPCODE_ORP_IRP_MIN_LENGTH, _DRP_, _URP_);
 *   ktudb of an undo vector 5.1: 0x14 (oracdc KTUDB_MIN_LENGTH); ktubl: 28
 *     (OpenLogReplicator, OpCode0501: "too short field ktubl" below 28);
 *   ktucm of a commit 5.4: 20 (OpenLogReplicator, OpCode0504);
 *   KDLI common 0xC, info 0x11, load data 0x38, lmap 8 (oracdc,
 *     OraCdcChange.java, KDLI_*_MIN_LENGTH).
 * The rest are named inputs (life_params_t, README): the space metadata's
 * vector, the LOB index leaf row, the invalidation's block range, how many
 * chunks a LOB index entry lists.
 *
 * Which vectors share a record: an undo vector (5.1) and the change it
 * undoes are one record (the oracle-l dump of 12 May 2008, "what does the
 * op:11.4 mean?": CHANGE #1 OP:5.1, CHANGE #2 OP:11.4 in one REDO RECORD;
 * Dyke's 10.2 example: the index change is CHANGE #2 after its undo).  The
 * LOB's metadata (index entry or inode) has no undo record of its own: the
 * undo model puts the LOB's metadata vector in the row's undo record
 * (undo/README.md), so the row's 5.1 carries it.
 *
 * What each LOB option logs (Oracle Database SecureFiles and Large Objects
 * Developer's Guide, "LOGGING / NOLOGGING / FILESYSTEM_LIKE_LOGGING" and
 * "CACHE / NOCACHE / CACHE READS"): CACHE, a record a block changed in
 * the cache; NOCACHE LOGGING, a record a direct write with a block image a
 * block; NOLOGGING and FILESYSTEM_LIKE_LOGGING, an invalidation record a
 * direct write (`redo size for direct writes`).
 */
#include "life_sim_int.h"

/* A field's bytes, rounded up to 4 (oracdc). */
static uint64_t fld(uint64_t n)
{
    return (n + 3) & ~(uint64_t)3;
}

/* A change vector of nfields fields whose rounded bytes add up to bytes. */
static uint64_t cv(const life_params_t *p, uint64_t nfields, uint64_t bytes)
{
    return p->redo_cv_bytes + fld(2 + 2 * nfields) + bytes;
}

/* Fixed-part lengths (the sources above). */
enum {
    KTB_F = 24,
    KDO_IRP = 0x30,
    KDO_DRP = 0x14,
    KDO_URP = 0x1C,
    KTUDB = 0x14,
    KTUBL = 28,
    KTUCM = 20,
    KDLI_COMMON = 0xC,
    KDLI_INFO = 0x11,
    KDLI_LOAD_DATA = 0x38,
    KDLI_LMAP = 8,
};

/* 5.1: the undo record `undo_bytes` long written into an undo block. */
static uint64_t undo_cv(const life_params_t *p, uint64_t undo_bytes)
{
    return cv(p, 3, fld(KTUDB) + fld(KTUBL) + fld(undo_bytes));
}

uint64_t life_redo_record_bytes(const life_params_t *p, life_redo_kind_t k,
                                const life_redo_arg_t *a)
{
    uint64_t r = p->redo_record_bytes;
    switch (k) {
    case LIFE_REDO_ROW_INSERT: /* 5.1 + 11.2: KTB, KDO IRP, the columns */
        return r + undo_cv(p, a->undo_bytes) +
               cv(p, 2 + a->fields, fld(KTB_F) + fld(KDO_IRP) + fld(a->bytes));
    case LIFE_REDO_ROW_UPDATE: /* 5.1 + 11.5: KTB, KDO URP, the changed columns */
        return r + undo_cv(p, a->undo_bytes) +
               cv(p, 2 + a->fields, fld(KTB_F) + fld(KDO_URP) + fld(a->bytes));
    case LIFE_REDO_ROW_DELETE: /* 5.1 + 11.3: KTB, KDO DRP */
        return r + undo_cv(p, a->undo_bytes) + cv(p, 2, fld(KTB_F) + fld(KDO_DRP));
    case LIFE_REDO_LOBINDEX_INSERT: /* 10.2: KTB, the leaf operation, the entry */
        return r +
               cv(p, 3, fld(KTB_F) + fld(p->redo_kdxlin_bytes) + fld(p->redo_lobindex_row_bytes));
    case LIFE_REDO_LOBINDEX_DELETE: /* 10.4: KTB, the leaf operation */
        return r + cv(p, 2, fld(KTB_F) + fld(p->redo_kdxlin_bytes));
    case LIFE_REDO_LOB_META: /* 26.2: KTB, kdli common, info, the map's entries */
        return r + cv(p, 4,
                      fld(KTB_F) + fld(KDLI_COMMON) + fld(KDLI_INFO) + fld(KDLI_LMAP * a->chunks));
    case LIFE_REDO_SPACE: /* 5.1 + the space metadata's change */
        return r + undo_cv(p, a->undo_bytes) + cv(p, 1, fld(p->redo_space_bytes));
    case LIFE_REDO_DATA_BLOCK: /* 26.x cache load: kdli common, load data, the bytes */
        return r + cv(p, 3, fld(KDLI_COMMON) + fld(KDLI_LOAD_DATA) + fld(a->bytes));
    case LIFE_REDO_DATA_IMAGE: /* a vector a block: 19.1 (BasicFile) the image; 26.6
                                * (SecureFile) kdli common, info, load data, the image */
        return r + a->blocks * (a->securefile ? cv(p, 4,
                                                   fld(KDLI_COMMON) + fld(KDLI_INFO) +
                                                       fld(KDLI_LOAD_DATA) + fld(a->bytes))
                                              : cv(p, 1, fld(a->bytes)));
    case LIFE_REDO_INVALIDATE: /* 26.4: kdli common, the block range */
        return r + cv(p, 2, fld(KDLI_COMMON) + fld(p->redo_invl_range_bytes));
    case LIFE_REDO_BITMAP: /* 13.x: the blocks' range in the L1 bitmap (named input) */
        return r + cv(p, 1, fld(p->redo_bitmap_bytes));
    case LIFE_REDO_EXTENT: /* 14.1: the extent map's entry, the tablespace bitmap's range */
        return r + cv(p, 2, fld(p->redo_extent_bytes) + fld(p->redo_extent_bytes));
    case LIFE_REDO_COMMIT: /* 5.4: ktucm */
        return r + cv(p, 1, fld(KTUCM));
    case LIFE_REDO_KINDS:
        break;
    }
    return 0;
}

const char *life_redo_kind_name(life_redo_kind_t k)
{
    static const char *const n[LIFE_REDO_KINDS] = {
        [LIFE_REDO_ROW_INSERT] = "5.1+11.2 row insert",
        [LIFE_REDO_ROW_UPDATE] = "5.1+11.5 row update",
        [LIFE_REDO_ROW_DELETE] = "5.1+11.3 row delete",
        [LIFE_REDO_LOBINDEX_INSERT] = "10.2 LOB index entry",
        [LIFE_REDO_LOBINDEX_DELETE] = "10.4 LOB index entry deleted",
        [LIFE_REDO_LOB_META] = "26.2 LOB inode and map",
        [LIFE_REDO_SPACE] = "5.1+space metadata",
        [LIFE_REDO_DATA_BLOCK] = "26.x LOB block in the cache",
        [LIFE_REDO_DATA_IMAGE] = "19.1/26.6 block images",
        [LIFE_REDO_INVALIDATE] = "26.4 invalidation",
        [LIFE_REDO_BITMAP] = "13.x L1 bitmap FULL marks",
        [LIFE_REDO_EXTENT] = "14.1 extent added",
        [LIFE_REDO_COMMIT] = "5.4 commit",
    };
    return (unsigned)k < LIFE_REDO_KINDS ? n[k] : "?";
}

void life_redo_log(life_db_t *db, life_redo_kind_t k, const life_redo_arg_t *a, uint64_t n)
{
    uint64_t bytes = n * life_redo_record_bytes(&db->p, k, a);
    sim_stats_t *rd = &db->part[LIFE_PART_REDO];
    sim_stat_add(rd, SIM_STAT_REDO_ENTRIES, n);
    sim_stat_add(rd, SIM_STAT_REDO_SIZE, bytes);
    if (k == LIFE_REDO_INVALIDATE)
        sim_stat_add(rd, SIM_STAT_REDO_DIRECT_WRITES, bytes);
}

/* A chunk taken or freed: its space metadata's change and that change's
 * undo record (lob.c writes the undo: a record and a space vector). */
void life_redo_space(life_db_t *db, uint64_t chunks)
{
    const life_params_t *p = &db->p;
    life_redo_arg_t a = {.undo_bytes = p->undo.record_bytes + p->undo.space_cv_bytes};
    life_redo_log(db, LIFE_REDO_SPACE, &a, chunks);
}

void life_redo_lob_data(life_db_t *db, const scr_lob_opts_t *o, uint64_t blocks, uint64_t chunks,
                        uint64_t stored, uint32_t block_size)
{
    if (o->cache == SCR_CACHE_YES) {
        /* A record a block; the data bytes split over them (a block's
         * payload, 8,060 at 8 KB, is a multiple of 4: only the last
         * block's bytes round). */
        life_redo_arg_t a = {.bytes = 0};
        life_redo_log(db, LIFE_REDO_DATA_BLOCK, &a, blocks);
        sim_stat_add(&db->part[LIFE_PART_REDO], SIM_STAT_REDO_SIZE, fld(stored));
        return;
    }
    if (o->logging == SCR_LOG_YES) {
        /* A record a direct write (chunk), a block image a block. */
        life_redo_arg_t a = {.bytes = block_size, .blocks = 1, .securefile = o->securefile};
        uint64_t image =
            life_redo_record_bytes(&db->p, LIFE_REDO_DATA_IMAGE, &a) - db->p.redo_record_bytes;
        sim_stats_t *rd = &db->part[LIFE_PART_REDO];
        sim_stat_add(rd, SIM_STAT_REDO_ENTRIES, chunks);
        sim_stat_add(rd, SIM_STAT_REDO_SIZE, chunks * db->p.redo_record_bytes + blocks * image);
        return;
    }
    life_redo_arg_t a = {.bytes = 0};
    life_redo_log(db, LIFE_REDO_INVALIDATE, &a, chunks);
}

void life_redo_commit(life_db_t *db)
{
    life_redo_arg_t a = {.bytes = 0};
    life_redo_log(db, LIFE_REDO_COMMIT, &a, 1);
}
