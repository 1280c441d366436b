/*
 * params.c -- the life experiment's parameters: defaults with their
 * sources (life_sim/README.md has the table), validation and names.
 */
#include <stdio.h>
#include <string.h>

#include "life_sim_int.h"

void life_params_defaults(life_params_t *p)
{
    memset(p, 0, sizeof *p); /* one_at_a_time off, and no field left unset */
    lob_params_defaults(&p->seg);
    undo_params_defaults(&p->undo);
    /* The dispenser every LOB write goes through: experiment 1's defaults
     * (dispenser.c, fit/fittable.c says where each comes from). */
    dsp_params_defaults(&p->dsp);
    /* Reading another table's rows and LOBs (insert ... select from T):
     * experiment 1's reads of t1, the same parameters (docs/lob-insert.md). */
    case_row_params_defaults(&p->row);
    /* A read over a database link: experiment 1's remote path, the same
     * parameters (docs/lob-insert.md). */
    case_link_params_defaults(&p->link);
    p->piece_size = CASE_PIECE_SIZE_DEFAULT;
    /* The segment's policies, lobspace's defaults (lob_space_params_defaults()):
     * chunks split when none fits; preallocation off (docs/lifecycle-sources.md
     * (a): no public source says how much, when or by whom); SHRINK SPACE's
     * rules no source gives, round one's (shrink.c). */
    lob_space_params_t sp;
    lob_space_params_defaults(&sp);
    p->fit = sp.fit;
    p->prealloc = sp.prealloc;
    p->prealloc_ahead = sp.prealloc_ahead;
    p->prealloc_by = sp.prealloc_by;
    p->shrink_candidates = sp.shrink_candidates;
    p->shrink_min_free = sp.shrink_min_free;
    p->shrink_unit = sp.shrink_unit;
    p->shrink_target = sp.shrink_target;
    p->shrink_freed_counts = sp.shrink_freed_counts;
    /* BasicFile free pools: off, round one's shared free space; the rules
     * when on are named inputs (docs/lifecycle-sources.md (e)). */
    p->bf_pools = 0;
    p->bf_pool_of_session = 0;
    p->bf_alloc_order = 0;
    p->bf_reclaim_batch = 1;
    /* A BasicFile segment is an ASSM segment, not a SecureFile's NGLOB
     * layout: its first extent starts with its bitmap blocks, then its
     * header ("In ASSM segments, the bitmap blocks always appear before
     * the header block within the first extent", chinaunix.net
     * thread-1855973; an empty ASSM segment of 128 blocks shows Last Used
     * Block 3: L1, L2, header, blog.csdn.net cuanyileng9226 100479196);
     * the model's extent header is the L1, these two the rest. */
    p->bf_header_blocks = 2;
    /* A BasicFile data block holds its size less 60 bytes of LOB data:
     * DBMS_LOB.GETCHUNKSIZE ("the amount of space used in the LOB chunk to
     * store the LOB value", PL/SQL Packages reference) returns 8,132,
     * 16,264 and 32,528 for CHUNK 8192, 16384 and 32768 in 8 KB blocks
     * (ksun-oracle.blogspot.com/2020/11/oracle-lob-chunksize-and-buffersize
     * .html, 12c and 19c): 60 bytes a block, every block of a chunk.  The
     * same header and tail are assumed at other block sizes.  A
     * SecureFile block keeps lobspace's block_overhead (132). */
    p->bf_block_overhead = 60;
    /* UNDO_RETENTION's documented default (Oracle Database Reference). */
    p->undo_retention = 900;
    /* The in-row limit and header are lobspace's (lob_params_defaults),
     * shared with the LOB insert. */
    /* An out-of-row LOB's locator in the row: a priori, the in-row control
     * information plus a 4-byte reference to its first chunk. */
    p->locator_bytes = 40;
    /* A table block: the heap experiment's format from block dumps
     * (heapspace: cache header 20, transaction header 24, ASSM 8, tail 4,
     * two ITL entries of 24, data header 14 and table directory 4). */
    p->table_block_overhead = 56 + 2 * 24 + 18;
    p->pctfree = 10;
    p->row_dir_bytes = 2;
    /* Redo (redo.c, docs/lifecycle-sources.md (b)): a record's header
     * 0x18 and a change vector's 0x18 (oracdc, OraCdcRedoRecord.java,
     * OraCdcChange.java; Dyke, Redo4.php; the model's a-priori 24 and 24
     * before these were found).  The rest are named inputs, declared
     * before the lifecycle table ran with them (no public dump with their
     * sizes was found; the searches are listed in lifecycle-sources.md):
     * the space metadata's change as large as its undo vector (round
     * one's assumption: "a change vector and its undo's"), a LOB index
     * leaf operation as a KDO row operation's smallest fixed part (DRP,
     * 0x14, less its KTB: 16), an index entry of a 10-byte LOB id, a
     * 4-byte offset, 2 bytes of row header and 8 chunk addresses of 4
     * (48), a block range of a block address and a count (8), and 8
     * chunks an entry. */
    p->redo_record_bytes = 24;
    p->redo_cv_bytes = 24;
    p->redo_space_bytes = p->undo.space_cv_bytes;
    p->redo_kdxlin_bytes = 16;
    p->redo_lobindex_row_bytes = 10 + 4 + 2 + 8 * 4;
    p->redo_invl_range_bytes = 8;
    /* The blocks a first write fills, marked FULL in their L1 bitmap:
     * one record a chunk, its field a block range as the invalidation's
     * (named input, declared before the table ran with it:
     * docs/lifecycle-sources.md (b), "the ASSM bitmap's FULL marks"). */
    p->redo_bitmap_bytes = 8;
    /* An extent the statement adds: its address and length in the extent
     * map (14.1) and the tablespace bitmap's range, 8 each (named input,
     * declared before the table ran with it: docs/lifecycle-sources.md
     * (b), "the extents a statement adds"). */
    p->redo_extent_bytes = 8;
    /* An entry's 32 bytes of data are 8 chunk addresses; the whole entry
     * is flag, lock, data and the key (LOB id 10, page number 4, a length
     * byte each): 50 (dbsnake.net, "Some LOB internal", 2011, with a leaf
     * dump of two such rows in 100 bytes; OpenLogReplicator f8476d8
     * src/parser/Parser.cpp reads "indKeySize == 50", data 32). */
    p->lobindex_chunks = 8;
    p->lobindex_entry_bytes = 50;
    /* "the block addresses of the first 12 chunks will be listed in the
     * row and won't use the LOB index" (Jonathan Lewis, "Basicfile LOBs
     * 6", 11 Sep 2016). */
    p->lobindex_inrow_chunks = 12;
    p->compress_unit_kb = 0; /* the whole LOB at once */
    /* Whether storage in row is decided on a COMPRESS LOB's compressed or
     * uncompressed length: no public source says (README); assumed the
     * uncompressed, the LOB's size the documented rule speaks of. */
    p->inrow_compressed = 0;
    /* Sessions at once: a priori, each an input (README, "Sessions at
     * once"); none is set from a published figure. */
    p->ses.dispensers = 1;
    p->ses.latch_hold_ns = 2000;
    p->ses.latch_spin_ns = 10000;
    p->ses.hw_hold_us = 500;
    p->ses.block_hold_us = 5;
    p->ses.write_us = 1000;
    p->ses.write_mb_s = 200;
    p->ses.io_depth = 4;
    p->ses.row_cpu_us = 20;
    p->ses.block_cpu_us = 2;
    p->ses.log_write_us = 500;
    /* Not a priori: a session waiting on an enqueue looks for a deadlock
     * about every 3 s (errormedic.com, "Resolving ORA-00060": the lock
     * manager "periodically scans the locking queues and automatically
     * detects this impasse, typically within three seconds"). */
    p->ses.deadlock_ms = 3000;
}

void life_space_policy(const life_params_t *p, lob_space_params_t *sp)
{
    sp->fit = (lob_fit_t)p->fit;
    sp->prealloc = (lob_prealloc_t)p->prealloc;
    sp->prealloc_ahead = p->prealloc_ahead;
    sp->prealloc_by = (lob_prealloc_by_t)p->prealloc_by;
    sp->shrink_candidates = (lob_shrink_candidates_t)p->shrink_candidates;
    sp->shrink_min_free = p->shrink_min_free;
    sp->shrink_unit = (lob_shrink_unit_t)p->shrink_unit;
    sp->shrink_target = (lob_shrink_target_t)p->shrink_target;
    sp->shrink_freed_counts = (lob_shrink_freed_t)p->shrink_freed_counts;
}

sim_err_t life_params_check(const life_params_t *p, char *msg, size_t msglen)
{
    if (dsp_params_check(&p->dsp, msg, msglen) != SIM_OK)
        return SIM_EINVAL;
    if (lob_params_check(&p->seg, msg, msglen) != SIM_OK)
        return SIM_EINVAL;
    if (p->fit > LOB_FIT_GROW) {
        snprintf(msg, msglen, "life.fit=%u (accepted: 0 split, 1 grow)", p->fit);
        return SIM_EINVAL;
    }
    lob_space_params_t sp;
    lob_space_params_defaults(&sp);
    sp.seg = p->seg;
    life_space_policy(p, &sp);
    if (lob_space_params_check(&sp, msg, msglen) != SIM_OK)
        return SIM_EINVAL;
    if (p->bf_pools > 1 || p->bf_pool_of_session > 1 || p->bf_alloc_order > 1 ||
        p->bf_reclaim_batch < 1) {
        snprintf(msg, msglen,
                 "bf.pools=%u, bf.pool_of_session=%u, bf.alloc_order=%u, bf.reclaim_batch=%u "
                 "(accepted: the first three 0 or 1, the batch at least 1)",
                 p->bf_pools, p->bf_pool_of_session, p->bf_alloc_order, p->bf_reclaim_batch);
        return SIM_EINVAL;
    }
    if (p->bf_block_overhead >= 2048) {
        snprintf(msg, msglen,
                 "bf.block_overhead=%u bytes (accepted: below 2048, the smallest block size)",
                 p->bf_block_overhead);
        return SIM_EINVAL;
    }
    if (p->inrow_compressed > 1) {
        snprintf(msg, msglen,
                 "life.inrow_compressed=%u (accepted: 0 by the uncompressed length, 1 by the "
                 "compressed)",
                 p->inrow_compressed);
        return SIM_EINVAL;
    }
    /* at most what a 2 KB block's index leaf holds with room to spare */
    if (p->lobindex_entry_bytes < 16 || p->lobindex_entry_bytes > 1000) {
        snprintf(msg, msglen, "life.lobindex_entry_bytes=%u (accepted: 16 to 1000)",
                 p->lobindex_entry_bytes);
        return SIM_EINVAL;
    }
    if (p->lobindex_chunks < 1) {
        snprintf(msg, msglen, "life.lobindex_chunks=%u (accepted: at least 1)", p->lobindex_chunks);
        return SIM_EINVAL;
    }
    if (p->row.map_cr_chunks < 1) {
        snprintf(msg, msglen, "row.map_cr_chunks=%u (accepted: at least 1)", p->row.map_cr_chunks);
        return SIM_EINVAL;
    }
    if (p->piece_size < 1 || p->piece_size > 64u << 20) {
        snprintf(msg, msglen, "link.piece_size=%u (accepted: 1 .. 67108864)", p->piece_size);
        return SIM_EINVAL;
    }
    if (p->pctfree > 99) {
        snprintf(msg, msglen, "life.pctfree=%u (accepted: 0..99)", p->pctfree);
        return SIM_EINVAL;
    }
    if (p->ses.dispensers < 1 || p->ses.dispensers > 64) {
        snprintf(msg, msglen, "ses.dispensers=%u (accepted: 1..64)", p->ses.dispensers);
        return SIM_EINVAL;
    }
    if (p->ses.deadlock_ms < 1) {
        snprintf(msg, msglen, "ses.deadlock_ms=%u (accepted: at least 1)", p->ses.deadlock_ms);
        return SIM_EINVAL;
    }
    if (p->ses.io_depth < 1 || p->ses.write_mb_s < 1) {
        snprintf(msg, msglen, "ses.io_depth=%u, ses.write_mb_s=%u: each at least 1",
                 p->ses.io_depth, p->ses.write_mb_s);
        return SIM_EINVAL;
    }
    return SIM_OK;
}

#define P(name, field)                                                                             \
    {                                                                                              \
        name, offsetof(life_params_t, field)                                                       \
    }
static const sim_param_t names[] = {
    P("life.fit", fit),
    P("prealloc.policy", prealloc),
    P("prealloc.ahead", prealloc_ahead),
    P("prealloc.by", prealloc_by),
    P("shrink.candidates", shrink_candidates),
    P("shrink.min_free", shrink_min_free),
    P("shrink.unit", shrink_unit),
    P("shrink.target", shrink_target),
    P("shrink.freed_counts", shrink_freed_counts),
    P("bf.pools", bf_pools),
    P("bf.pool_of_session", bf_pool_of_session),
    P("bf.alloc_order", bf_alloc_order),
    P("bf.reclaim_batch", bf_reclaim_batch),
    P("bf.header_blocks", bf_header_blocks),
    P("bf.block_overhead", bf_block_overhead),
    P("row.row_gets", row.row_gets),
    P("row.cached_lob_blocks", row.cached_lob_blocks),
    P("row.append_row_gets_pm", row.append_row_gets_pm),
    P("row.t2_extent_cr", row.t2_extent_cr),
    P("row.map_cr_chunks", row.map_cr_chunks),
    P("link.open_roundtrips", link.open_roundtrips),
    P("link.close_roundtrips", link.close_roundtrips),
    P("link.row_overhead_bytes", link.row_overhead_bytes),
    P("link.piece_size", piece_size),
    P("life.undo_retention", undo_retention),
    P("lob.inrow_max", seg.inrow_max),
    P("lob.inrow_header_bytes", seg.inrow_header_bytes),
    P("life.locator_bytes", locator_bytes),
    P("life.table_block_overhead", table_block_overhead),
    P("life.pctfree", pctfree),
    P("life.row_dir_bytes", row_dir_bytes),
    P("life.redo_record_bytes", redo_record_bytes),
    P("life.redo_cv_bytes", redo_cv_bytes),
    P("life.redo_space_bytes", redo_space_bytes),
    P("life.redo_kdxlin_bytes", redo_kdxlin_bytes),
    P("life.redo_lobindex_row_bytes", redo_lobindex_row_bytes),
    P("life.redo_invl_range_bytes", redo_invl_range_bytes),
    P("life.redo_bitmap_bytes", redo_bitmap_bytes),
    P("life.redo_extent_bytes", redo_extent_bytes),
    P("life.lobindex_chunks", lobindex_chunks),
    P("life.lobindex_entry_bytes", lobindex_entry_bytes),
    P("life.lobindex_inrow_chunks", lobindex_inrow_chunks),
    P("life.inrow_compressed", inrow_compressed),
    P("block_overhead", seg.block_overhead),
    P("extent_header_blocks", seg.extent_header_blocks),
    P("segment_header_blocks", seg.segment_header_blocks),
    P("cfs_blocks", seg.cfs_blocks),
    P("pua_blocks", seg.pua_blocks),
    P("lob.hash_bucket_blocks", seg.hash_bucket_blocks),
    P("lob.meta_layout", seg.meta_layout),
    P("undo.record_bytes", undo.record_bytes),
    P("undo.space_cv_bytes", undo.space_cv_bytes),
    P("undo.hwm_cv_bytes", undo.hwm_cv_bytes),
    P("undo.lob_cv_bytes", undo.lob_cv_bytes),
    P("undo.lob_map_cv_bytes", undo.lob_map_cv_bytes),
    DSP_PARAM_NAMES(P),
    P("ses.dispensers", ses.dispensers),
    P("ses.latch_hold_ns", ses.latch_hold_ns),
    P("ses.latch_spin_ns", ses.latch_spin_ns),
    P("ses.hw_hold_us", ses.hw_hold_us),
    P("ses.block_hold_us", ses.block_hold_us),
    P("ses.write_us", ses.write_us),
    P("ses.write_mb_s", ses.write_mb_s),
    P("ses.io_depth", ses.io_depth),
    P("ses.row_cpu_us", ses.row_cpu_us),
    P("ses.block_cpu_us", ses.block_cpu_us),
    P("ses.log_write_us", ses.log_write_us),
    P("ses.deadlock_ms", ses.deadlock_ms),
};
#undef P
#define NNAMES (sizeof names / sizeof names[0])

size_t life_param_count(void)
{
    return NNAMES;
}

const char *life_param_name(size_t i)
{
    return i < NNAMES ? names[i].name : NULL;
}

uint32_t life_param_get(const life_params_t *p, size_t i)
{
    return sim_param_get(names, NNAMES, i, p);
}

int life_set_param(life_params_t *p, const char *name, uint32_t value)
{
    return sim_param_set(names, NNAMES, p, name, value);
}

const char *life_part_name(life_part_t p)
{
    static const char *const n[LIFE_PART_COUNT] = {
        [LIFE_PART_SPACE] = "space", [LIFE_PART_LOB] = "lob data", [LIFE_PART_ROW] = "rows",
        [LIFE_PART_UNDO] = "undo",   [LIFE_PART_REDO] = "redo",    [LIFE_PART_SEGMENT] = "segment",
    };
    return (unsigned)p < LIFE_PART_COUNT ? n[p] : "?";
}
