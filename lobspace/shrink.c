/*
 * shrink.c -- SHRINK SPACE of a SecureFile LOB segment.
 *
 * What the 21c shrink reports (v$securefile_shrink, Oracle Database
 * Reference): candidate extents selected and sealed, blocks relocated,
 * blocks freed, blocks and extents allocated from the tablespace by the
 * shrink, extents freed.  Oracle's LiveLabs lab "Shrinking SecureFile LOBs"
 * shows one extent allocated per shrink, whether it moved 2 blocks or
 * 2,648, with as many blocks allocated as moved: the moved data goes to new
 * space sized to it, not into holes of the kept extents.  That is the
 * mechanism here.  The manual shrink ignores retention (Oracle Database
 * SecureFiles and Large Objects Developer's Guide, "About Manual SecureFiles
 * Shrink": it treats retention as NONE).
 */
#include <stdlib.h>
#include <string.h>

#include "lobspace_int.h"

#define KB 1024ULL

sim_err_t lob_space_shrink(lob_space_t *sp, lob_run_t *const *chunks, size_t n, lob_shrink_t *out)
{
    memset(out, 0, sizeof *out);
    if (sp->reserved_blocks > 0)
        return SIM_EINVAL;
    for (size_t t = 0; t < sp->ntxs; t++)
        if (lob_space_tx_active(sp->txs[t]))
            return SIM_EINVAL;
    uint8_t *sealed = sim_calloc(sp->next_ext ? sp->next_ext : 1, 1);
    if (sealed == NULL)
        return SIM_ENOMEM;

    /* Which extents are sealed: any free block (unexpired counts: the
     * shrink ignores retention) and no segment metadata. */
    for (unsigned b = 0; b < LOB_SPACE_BUCKETS; b++)
        for (uint32_t c = sp->head[b]; c != LOB_SPACE_NIL; c = tag(sp, c)->next)
            sealed[lob_space_extent_of(sp, c)] = 1;
    for (size_t i = 0; i < sp->qlen; i++)
        sealed[lob_space_extent_of(sp, sp->q[(sp->qhead + i) % sp->qcap].run.start)] = 1;
    uint64_t nsealed = 0;
    for (uint64_t e = 0; e < sp->next_ext; e++) {
        if (sp->ext[e].seg_meta || sp->ext[e].gone)
            sealed[e] = 0;
        nsealed += sealed[e];
    }
    uint64_t moved = 0;
    for (size_t i = 0; i < n; i++)
        if (sealed[lob_space_extent_of(sp, chunks[i]->start)])
            moved += chunks[i]->len;

    /* Room for the moved data, checked before anything changes. */
    uint64_t bs = sp->p.seg.block_size;
    uint64_t hdr = sp->p.seg.extent_header_blocks;
    uint64_t dest_bytes = 0, dest_extents = 0;
    if (moved > 0) {
        if (sp->p.uniform_bytes) {
            uint64_t per = sp->p.uniform_bytes / bs - hdr;
            dest_extents = (moved + per - 1) / per;
            dest_bytes = dest_extents * sp->p.uniform_bytes;
        } else {
            dest_extents = 1;
            dest_bytes = ((moved + hdr) * bs + 64 * KB - 1) / (64 * KB) * (64 * KB);
        }
        uint64_t after = (sp->blocks * bs) + dest_bytes;
        if (after > sp->p.seg.max_bytes || (sp->p.maxsize_bytes && after > sp->p.maxsize_bytes) ||
            sp->addr_end + dest_bytes / bs >= LOB_SPACE_NIL) {
            sim_free(sealed);
            return SIM_EFULL;
        }
    }
    sim_err_t rc = SIM_OK;
    uint64_t first_dest = sp->next_ext;
    for (uint64_t i = 0; i < dest_extents && rc == SIM_OK; i++)
        rc = lob_space_add_extent(sp, sp->p.uniform_bytes ? sp->p.uniform_bytes : dest_bytes);
    if (rc != SIM_OK) {
        /* Only memory can fail here, before anything moved: the extents
         * added stay, as free space. */
        sim_free(sealed);
        return rc;
    }

    /* Retention is ignored: unexpired space is reusable now. */
    while (sp->qlen > 0)
        lob_space_release_oldest(sp);

    /* Move: each chunk to the next free block of the destination. */
    uint64_t d = first_dest;
    uint64_t dpos =
        sp->ext[d < sp->next_ext ? d : 0].start + sp->ext[d < sp->next_ext ? d : 0].meta;
    for (size_t i = 0; i < n; i++) {
        lob_run_t *r = chunks[i];
        uint64_t e = lob_space_extent_of(sp, r->start);
        if (e >= first_dest || !sealed[e])
            continue;
        while (sp->ext[d].start + sp->ext[d].len - dpos < r->len) {
            d++;
            dpos = sp->ext[d].start + sp->ext[d].meta;
        }
        lob_run_t to = lob_space_take(sp, dpos, r->len);
        dpos += r->len;
        if (dpos > sp->hwm)
            sp->hwm = dpos;
        lob_space_reuse(sp, r->start, r->len);
        *r = to;
    }
    /* Give the sealed extents back: each is now one free chunk. */
    for (uint64_t e = 0; e < first_dest; e++) {
        if (!sealed[e])
            continue;
        lob_space_extent_t *x = &sp->ext[e];
        if (x->len - x->trim > x->meta)
            lob_space_unlink(sp, x->start + x->meta);
        x->gone = 1;
        sp->blocks -= x->len - x->trim;
        sp->meta_blocks -= x->meta;
        sp->extents--;
    }
    sim_free(sealed);
    out->blocks_moved = moved;
    out->blocks_freed = moved;
    out->blocks_allocated = moved;
    out->extents_allocated = dest_extents;
    out->extents_freed = nsealed;
    out->extents_sealed = nsealed;
    SIM_DEBUG_CHECK(lob_space_check(sp));
    return SIM_OK;
}
