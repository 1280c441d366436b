/*
 * ahead.c -- the space ahead of the high-water mark: the never-used blocks
 * DBMS_SPACE.UNUSED_SPACE reports, the size of the extent the segment
 * adds next, and how far preallocation wants the first ahead of the mark.
 *
 * Oracle's storage team names "space preallocation (manual or automatic
 * intended to mitigate the overhead of on-demand segment growth)" as a
 * cause of SecureFile segment growth, and the SMCO process's Wnnn slaves
 * do "proactive space allocation" (docs/lifecycle-sources.md (a)).  How
 * much, when and by whom is not public: the policy, its amount and who
 * runs it are named inputs (lob_space_params_t.prealloc, prealloc_ahead,
 * prealloc_by), off by default; space.c adds the extents, after the
 * allocation that grew the segment (FOREGROUND) or in the task after the
 * statement (lob_space_prealloc_task(), BACKGROUND).
 */
#include "lobspace_int.h"

/* The next extent's size: uniform, the first one's INITIAL, or the
 * automatic schedule by the segment's size. */
uint64_t lob_space_next_extent_bytes(const lob_space_t *sp)
{
    if (sp->p.uniform_bytes)
        return sp->p.uniform_bytes;
    if (sp->next_ext == 0 && sp->p.initial_bytes)
        return sp->p.initial_bytes;
    return lob_next_extent_bytes(sp->blocks * sp->p.seg.block_size);
}

void lob_space_unused(const lob_space_t *sp, lob_unused_t *out)
{
    out->unused_blocks = out->last_extent_start = out->last_used_block = 0;
    for (uint64_t e = 0; e < sp->next_ext; e++) {
        const lob_space_extent_t *x = &sp->ext[e];
        uint64_t live_end = x->start + x->len - x->trim;
        if (x->gone)
            continue;
        if (live_end > sp->hwm)
            out->unused_blocks += live_end - (x->start > sp->hwm ? x->start : sp->hwm);
        if (x->start < sp->hwm && sp->hwm <= live_end) {
            out->last_extent_start = x->start;
            out->last_used_block = sp->hwm - x->start;
        }
    }
}

uint64_t lob_space_prealloc_short(const lob_space_t *sp)
{
    const lob_space_params_t *p = &sp->p;
    uint64_t want = 0;
    if (p->prealloc == LOB_PREALLOC_AHEAD_EXTENTS)
        want = (uint64_t)p->prealloc_ahead * (lob_space_next_extent_bytes(sp) / p->seg.block_size);
    else if (p->prealloc == LOB_PREALLOC_AHEAD_FRACTION)
        want = (sp->blocks * p->prealloc_ahead + 99) / 100;
    lob_unused_t u;
    lob_space_unused(sp, &u);
    return want > u.unused_blocks ? want - u.unused_blocks : 0;
}
