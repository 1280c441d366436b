/*
 * layout.c -- the segment's blocks extent by extent, by kind: each
 * extent's header, the segment metadata it holds (segment header, hash
 * buckets, committed free space, persistent undo: the NGLOB block types of
 * a SecureFile segment's dump, docs/lifecycle-sources.md (d)), and its
 * data blocks as taken (a LOB's, freed uncommitted, or reserved), unexpired
 * or expired.  What `lobbench --script
 * --layout` prints.  And the blocks as the ASSM form of
 * DBMS_SPACE.SPACE_USAGE counts them (lob_space_assm()).
 */
#include <string.h>

#include "lobspace_int.h"

void lob_space_layout(const lob_space_t *sp, lob_layout_fn fn, void *arg)
{
    for (uint64_t e = 0; e < sp->next_ext; e++) {
        const lob_space_extent_t *x = &sp->ext[e];
        if (x->gone)
            continue;
        lob_extent_layout_t out;
        memset(&out, 0, sizeof out);
        out.start = x->start;
        out.blocks = x->len;
        out.cut = x->trim;
        uint64_t seg_meta = 0;
        for (unsigned k = 0; k < LOB_META_KINDS; k++) {
            out.meta[k] = x->kind[k];
            seg_meta += x->kind[k];
        }
        out.header = x->meta - seg_meta;
        /* Reusable chunks lie inside one extent's data area: walk them
         * from the extent's first data block (tags give each chunk's
         * length at its start). */
        uint64_t end = x->start + x->len - x->trim;
        for (uint64_t b = x->start + x->meta; b < end;) {
            uint32_t len = tag(sp, b)->len;
            if (len) {
                out.expired += len;
                b += len;
            } else {
                b++;
            }
        }
        for (size_t i = 0; i < sp->qlen; i++) {
            lob_run_t r = sp->q[(sp->qhead + i) % sp->qcap].run;
            if (r.start >= x->start && r.start < end)
                out.unexpired += r.len;
        }
        out.taken = end - x->start - x->meta - out.expired - out.unexpired;
        fn(arg, &out);
    }
}

uint64_t lob_space_mark_written(lob_space_t *sp, lob_run_t run)
{
    uint64_t marked = 0,
             end = run.start + run.len < sp->addr_end ? run.start + run.len : sp->addr_end;
    for (uint64_t b = run.start; b < end;) {
        void *p;
        size_t n = sim_paged_zspan(&sp->state, b, end - b, &p);
        uint8_t *st = p;
        for (size_t i = 0; i < n; i++) {
            marked += st[i] != BS_WRITTEN;
            st[i] = BS_WRITTEN;
        }
        b += n;
    }
    return marked;
}

void lob_space_assm(const lob_space_t *sp, lob_assm_t *out)
{
    memset(out, 0, sizeof *out);
    for (uint64_t e = 0; e < sp->next_ext; e++) {
        const lob_space_extent_t *x = &sp->ext[e];
        if (x->gone)
            continue;
        for (uint64_t b = x->start + x->meta; b < x->start + x->len - x->trim; b++) {
            uint8_t st = block_state(sp, b);
            out->full += st == LOB_BLOCK_WRITTEN;
            out->unformatted += st == LOB_BLOCK_UNFORMATTED;
        }
    }
}
