/*
 * shrink.c -- SHRINK SPACE of a SecureFile LOB segment, and the segment's
 * invariants.
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

/* The extent holding block `b`, by bisection (extents are in address order). */
static uint64_t extent_of(const lob_space_t *sp, uint64_t b)
{
    uint64_t lo = 0, hi = sp->next_ext;
    while (hi - lo > 1) {
        uint64_t mid = lo + (hi - lo) / 2;
        if (sp->ext[mid].start <= b)
            lo = mid;
        else
            hi = mid;
    }
    return lo;
}

sim_err_t lob_space_shrink(lob_space_t *sp, lob_run_t *const *chunks, size_t n, lob_shrink_t *out)
{
    memset(out, 0, sizeof *out);
    if (sp->tx_alloc.n || sp->tx_free.n)
        return SIM_EINVAL;
    uint8_t *sealed = sim_calloc(sp->next_ext ? sp->next_ext : 1, 1);
    if (sealed == NULL)
        return SIM_ENOMEM;

    /* Which extents are sealed: any free block (unexpired counts: the
     * shrink ignores retention) and no segment metadata. */
    for (unsigned b = 0; b < LOB_SPACE_BUCKETS; b++)
        for (uint32_t c = sp->head[b]; c != LOB_SPACE_NIL; c = sp->fnext[c])
            sealed[extent_of(sp, c)] = 1;
    for (size_t i = 0; i < sp->qlen; i++)
        sealed[extent_of(sp, sp->q[(sp->qhead + i) % sp->qcap].run.start)] = 1;
    uint64_t nsealed = 0;
    for (uint64_t e = 0; e < sp->next_ext; e++) {
        if (sp->ext[e].seg_meta || sp->ext[e].gone)
            sealed[e] = 0;
        nsealed += sealed[e];
    }
    uint64_t moved = 0;
    for (size_t i = 0; i < n; i++)
        if (sealed[extent_of(sp, chunks[i]->start)])
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
        uint64_t e = extent_of(sp, r->start);
        if (e >= first_dest || !sealed[e])
            continue;
        while (sp->ext[d].start + sp->ext[d].len - dpos < r->len) {
            d++;
            dpos = sp->ext[d].start + sp->ext[d].meta;
        }
        lob_run_t to = lob_space_take(sp, dpos, r->len);
        dpos += r->len;
        lob_space_reuse(sp, r->start, r->len);
        *r = to;
    }
    /* Give the sealed extents back: each is now one free chunk. */
    for (uint64_t e = 0; e < first_dest; e++) {
        if (!sealed[e])
            continue;
        lob_space_extent_t *x = &sp->ext[e];
        if (x->len > x->meta)
            lob_space_unlink(sp, x->start + x->meta);
        x->gone = 1;
        sp->blocks -= x->len;
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

sim_err_t lob_space_check(const lob_space_t *sp)
{
    enum { M_NONE, M_META, M_FREE, M_UNEXP, M_GONE };
    uint8_t *map = sim_calloc(sp->addr_end ? sp->addr_end : 1, 1);
    if (map == NULL)
        return SIM_ENOMEM;
    sim_err_t rc = SIM_ECORRUPT;
    uint64_t blocks = 0, meta = 0, extents = 0, end = 0;
    for (uint64_t e = 0; e < sp->next_ext; e++) {
        const lob_space_extent_t *x = &sp->ext[e];
        if (x->start != end || x->meta == 0 || x->meta > x->len)
            goto out;
        end += x->len;
        memset(map + x->start, x->gone ? M_GONE : M_META, x->gone ? x->len : x->meta);
        if (!x->gone) {
            blocks += x->len;
            meta += x->meta;
            extents++;
        }
    }
    if (end != sp->addr_end || blocks != sp->blocks || meta != sp->meta_blocks ||
        extents != sp->extents)
        goto out;
    /* (2) and (3): reusable chunks, in their buckets, never touching. */
    uint64_t free_chunks = 0, reusable = 0;
    for (unsigned b = 0; b < LOB_SPACE_BUCKETS; b++) {
        uint32_t prev = LOB_SPACE_NIL;
        for (uint32_t c = sp->head[b]; c != LOB_SPACE_NIL; prev = c, c = sp->fnext[c]) {
            uint64_t len = sp->flen[c];
            if (len == 0 || c + len > sp->addr_end || lob_space_bucket_of(len) != b ||
                sp->fprev[c] != prev || sp->fstart[c + len - 1] != c)
                goto out;
            for (uint64_t k = c; k < c + len; k++) {
                if (map[k] != M_NONE)
                    goto out;
                map[k] = M_FREE;
            }
            free_chunks++;
            reusable += len;
        }
    }
    if (free_chunks != sp->free_chunks || reusable != sp->reusable_blocks)
        goto out;
    /* No stray tag: a length only at a reusable chunk's first block. */
    uint64_t tags = 0;
    for (uint64_t k = 0; k < sp->addr_end; k++)
        tags += sp->flen[k] != 0;
    if (tags != free_chunks)
        goto out;
    uint64_t unexpired = 0;
    for (size_t i = 0; i < sp->qlen; i++) {
        lob_run_t r = sp->q[(sp->qhead + i) % sp->qcap].run;
        if (r.start + r.len > sp->addr_end)
            goto out;
        for (uint64_t k = r.start; k < r.start + r.len; k++) {
            if (map[k] != M_NONE)
                goto out;
            map[k] = M_UNEXP;
        }
        unexpired += r.len;
    }
    if (unexpired != sp->unexpired_blocks)
        goto out;
    /* Merged: no reusable chunk ends where another begins. */
    for (unsigned b = 0; b < LOB_SPACE_BUCKETS; b++)
        for (uint32_t c = sp->head[b]; c != LOB_SPACE_NIL; c = sp->fnext[c]) {
            uint64_t e = c + sp->flen[c];
            if ((c > 0 && map[c - 1] == M_FREE) || (e < sp->addr_end && map[e] == M_FREE))
                goto out;
        }
    /* (1): what is left in the live extents is used, and the transaction's
     * frees lie in it. */
    uint64_t used = 0;
    for (uint64_t k = 0; k < sp->addr_end; k++)
        used += map[k] == M_NONE;
    if (used != sp->used_blocks)
        goto out;
    uint64_t uncommitted = 0;
    for (size_t i = 0; i < sp->tx_free.n; i++) {
        lob_run_t r = sp->tx_free.v[i];
        for (uint64_t k = r.start; k < r.start + r.len; k++)
            if (map[k] != M_NONE)
                goto out;
        uncommitted += r.len;
    }
    if (uncommitted != sp->uncommitted_blocks)
        goto out;
    /* (4) its statistics: one extent allocated per extent ever added. */
    for (int s = 0; s < SIM_STAT_COUNT; s++)
        if (sp->stats.v[s] != (s == SIM_STAT_SEG_EXTENTS ? sp->next_ext : 0))
            goto out;
    rc = SIM_OK;
out:
    sim_free(map);
    return rc;
}
