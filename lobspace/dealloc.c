/*
 * dealloc.c -- DEALLOCATE UNUSED of a LOB segment: the space above its
 * high-water mark given back to the tablespace.
 *
 * Oracle's SQL Language Reference (ALTER TABLE, deallocate_unused_clause):
 * only unused space above the high-water mark can be freed; the database
 * deallocates from the end of the segment towards the mark; an extent
 * wholly inside the deallocation is freed, an extent partly inside it keeps
 * its used part up to the mark and gives back the rest.  KEEP integer
 * keeps that many bytes above the mark.  Without KEEP, a mark below the
 * size of INITIAL (or MINEXTENTS) frees only the space above them: the
 * first extent is kept whole.  With KEEP the first extent may be cut
 * (Oracle then lowers INITIAL).  MINEXTENTS is not modelled (1).
 *
 * The mark is lob_space_t.hwm (space.c advances it as blocks are given to
 * LOBs); space.c's check holds that nothing above it is live.  Space
 * reserved for LOBs not written yet (a dispenser's loaded chunk) is not
 * above the mark's reach: its owner gives it back first, as before a
 * shrink.  A cut extent
 * keeps its addresses (lob_space_extent_t.trim), so that extents stay
 * contiguous in the segment's block addresses.
 */
#include "lobspace_int.h"

uint64_t lob_space_hwm(const lob_space_t *sp)
{
    return sp->hwm;
}

/* Cut extent x to end at block `cut` (start + meta <= cut): the blocks
 * above, all reusable, leave the free space; the extent is given back
 * whole when nothing but its headers would be left above the mark. */
static void cut_extent(lob_space_t *sp, lob_space_extent_t *x, uint64_t cut, int whole,
                       lob_dealloc_t *out)
{
    uint64_t live_end = x->start + x->len - x->trim;
    uint64_t data = x->start + x->meta;
    if (live_end > data) {
        /* One reusable chunk reaches the extent's end (never handed
         * out): its first block is in the boundary tag of its last. */
        uint64_t cs = tag(sp, live_end - 1)->start;
        lob_space_unlink(sp, cs);
        uint64_t keep_from = whole ? data : cut;
        if (cs < keep_from)
            lob_space_reuse(sp, cs, keep_from - cs);
    }
    if (whole) {
        out->blocks_freed += x->len - x->trim;
        out->extents_freed++;
        x->gone = 1;
        sp->blocks -= x->len - x->trim;
        sp->meta_blocks -= x->meta;
        sp->extents--;
        return;
    }
    out->blocks_freed += live_end - cut;
    out->extents_trimmed++;
    sp->blocks -= live_end - cut;
    x->trim += live_end - cut;
}

sim_err_t lob_space_deallocate(lob_space_t *sp, int keep_given, uint64_t keep_bytes,
                               lob_dealloc_t *out)
{
    out->blocks_freed = out->extents_freed = out->extents_trimmed = 0;
    if (sp->reserved_blocks > 0)
        return SIM_EINVAL;
    uint64_t bs = sp->p.seg.block_size;
    uint64_t left = (keep_bytes + bs - 1) / bs; /* live blocks kept above the mark */
    int first = 1;
    for (uint64_t e = 0; e < sp->next_ext; e++) {
        lob_space_extent_t *x = &sp->ext[e];
        if (x->gone)
            continue;
        int initial = first;
        first = 0;
        uint64_t live_end = x->start + x->len - x->trim;
        if (live_end <= sp->hwm)
            continue;
        uint64_t lo = x->start > sp->hwm ? x->start : sp->hwm;
        if (left >= live_end - lo) {
            left -= live_end - lo;
            continue;
        }
        uint64_t kept = left, cut = lo + left;
        left = 0;
        /* INITIAL: without KEEP the first extent stays whole. */
        if (initial && !keep_given)
            continue;
        if (cut < x->start + x->meta)
            cut = x->start + x->meta;
        int whole = !initial && x->start >= sp->hwm && kept == 0;
        if (whole || cut < live_end)
            cut_extent(sp, x, cut, whole, out);
    }
    SIM_DEBUG_CHECK(lob_space_check(sp));
    return SIM_OK;
}
