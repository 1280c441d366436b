/*
 * shrink.c -- SHRINK SPACE of a SecureFile LOB segment.
 *
 * What the 21c shrink reports (v$securefile_shrink, Oracle Database
 * Reference): candidate extents selected and sealed, blocks relocated,
 * blocks freed, blocks and extents allocated from the tablespace by the
 * shrink, extents freed.  The manual shrink ignores retention (Oracle
 * Database SecureFiles and Large Objects Developer's Guide, "About Manual
 * SecureFiles Shrink": it treats retention as NONE).  The documented order:
 * select candidate extents, seal them, relocate their live blocks, free
 * them.  What no public source says is a named input
 * (lob_space_params_t.shrink_*, docs/lifecycle-sources.md (c)), round
 * one's rule each input's 0: every extent with free space and no segment
 * metadata is a candidate, its live chunks move, into an extent allocated
 * for them and sized to them (Oracle's LiveLabs lab shows one extent
 * allocated per shrink with as many blocks allocated as moved), and the
 * blocks freed are the blocks moved.
 */
#include <stdlib.h>
#include <string.h>

#include "lobspace_int.h"

#define KB 1024ULL

/* Which extents are sealed (shrink_candidates, shrink_min_free): free or
 * unexpired blocks (the shrink ignores retention), no segment metadata. */
static uint64_t seal(const lob_space_t *sp, uint8_t *sealed, uint64_t *freeb)
{
    for (unsigned b = 0; b < LOB_SPACE_BUCKETS; b++)
        for (uint32_t c = sp->head[b]; c != LOB_SPACE_NIL; c = tag(sp, c)->next)
            freeb[lob_space_extent_of(sp, c)] += tag(sp, c)->len;
    for (size_t i = 0; i < sp->qlen; i++) {
        lob_run_t r = sp->q[(sp->qhead + i) % sp->qcap].run;
        freeb[lob_space_extent_of(sp, r.start)] += r.len;
    }
    uint64_t nsealed = 0;
    for (uint64_t e = 0; e < sp->next_ext; e++) {
        const lob_space_extent_t *x = &sp->ext[e];
        uint64_t data = x->len - x->trim - x->meta;
        int cand = freeb[e] > 0 && !x->seg_meta && !x->gone;
        if (cand && sp->p.shrink_candidates == LOB_SHRINK_FREE_FRACTION)
            cand = freeb[e] * 100 >= (uint64_t)sp->p.shrink_min_free * data;
        sealed[e] = (uint8_t)cand;
        nsealed += sealed[e];
    }
    return nsealed;
}

/* Which chunks move (shrink_unit): those in sealed extents, or every chunk
 * of a LOB that has one there.  lob[i] numbers chunk i's LOB (a LOB's
 * chunks next to each other); NULL: each chunk on its own. */
static uint64_t choose(const lob_space_t *sp, lob_run_t *const *chunks, const uint32_t *lob,
                       size_t n, const uint8_t *sealed, uint8_t *moves)
{
    int whole = sp->p.shrink_unit == LOB_SHRINK_LOB && lob != NULL;
    uint64_t moved = 0;
    for (size_t i = 0; i < n;) {
        size_t j = i + 1;
        if (whole)
            while (j < n && lob[j] == lob[i])
                j++;
        int any = 0;
        for (size_t k = i; k < j; k++)
            any |= sealed[lob_space_extent_of(sp, chunks[k]->start)];
        for (size_t k = i; k < j; k++) {
            moves[k] = (uint8_t)(whole ? any : sealed[lob_space_extent_of(sp, chunks[k]->start)]);
            moved += moves[k] ? chunks[k]->len : 0;
        }
        i = j;
    }
    return moved;
}

/* The smallest reusable chunk of at least len blocks outside the sealed
 * extents (shrink_target FREE_SPACE_FIRST), or NIL. */
static uint32_t kept_fit(const lob_space_t *sp, uint64_t len, const uint8_t *sealed)
{
    for (unsigned b = lob_space_bucket_of(len); b < LOB_SPACE_BUCKETS; b++) {
        uint32_t best = LOB_SPACE_NIL;
        for (uint32_t c = sp->head[b]; c != LOB_SPACE_NIL; c = tag(sp, c)->next)
            if (tag(sp, c)->len >= len && !sealed[lob_space_extent_of(sp, c)] &&
                (best == LOB_SPACE_NIL || tag(sp, c)->len < tag(sp, best)->len))
                best = c;
        if (best != LOB_SPACE_NIL)
            return best;
    }
    return LOB_SPACE_NIL;
}

/* Chunk *r moves to `to`, each block's state with it; its old place
 * becomes reusable (its blocks stay full in the bitmap). */
static void relocate(lob_space_t *sp, lob_run_t *r, lob_run_t to)
{
    lob_space_raise_hwm(sp, to.start + to.len, to.start + to.len);
    for (uint64_t k = 0; k < to.len; k++)
        if (block_state(sp, to.start + k) < block_state(sp, r->start + k))
            block_state_set(sp, to.start + k, block_state(sp, r->start + k));
    lob_space_reuse(sp, r->start, r->len);
    *r = to;
}

/* Bytes and count of the extents that hold `blocks` moved blocks. */
static void dest_size(const lob_space_t *sp, uint64_t blocks, uint64_t *bytes, uint64_t *extents)
{
    uint64_t bs = sp->p.seg.block_size, hdr = sp->p.seg.extent_header_blocks;
    *bytes = *extents = 0;
    if (blocks == 0)
        return;
    if (sp->p.uniform_bytes) {
        uint64_t per = sp->p.uniform_bytes / bs - hdr;
        *extents = (blocks + per - 1) / per;
        *bytes = *extents * sp->p.uniform_bytes;
    } else {
        *extents = 1;
        *bytes = ((blocks + hdr) * bs + 64 * KB - 1) / (64 * KB) * (64 * KB);
    }
}

sim_err_t lob_space_shrink(lob_space_t *sp, lob_run_t *const *chunks, const uint32_t *lob, size_t n,
                           lob_shrink_t *out)
{
    memset(out, 0, sizeof *out);
    if (sp->reserved_blocks > 0)
        return SIM_EINVAL;
    for (size_t t = 0; t < sp->ntxs; t++)
        if (lob_space_tx_active(sp->txs[t]))
            return SIM_EINVAL;
    size_t ne = sp->next_ext ? sp->next_ext : 1;
    uint8_t *sealed = sim_calloc(ne, 1);
    uint64_t *freeb = sim_calloc(ne, sizeof *freeb);
    uint8_t *moves = sim_calloc(n ? n : 1, 1);
    if (sealed == NULL || freeb == NULL || moves == NULL) {
        sim_free(sealed);
        sim_free(freeb);
        sim_free(moves);
        return SIM_ENOMEM;
    }
    uint64_t nsealed = seal(sp, sealed, freeb);
    uint64_t moved = choose(sp, chunks, lob, n, sealed, moves);

    /* Room for the moved data should none of it find a kept free chunk,
     * checked before anything changes. */
    uint64_t bs = sp->p.seg.block_size;
    uint64_t worst_bytes, worst_extents;
    dest_size(sp, moved, &worst_bytes, &worst_extents);
    uint64_t after = sp->blocks * bs + worst_bytes;
    /* past MAXSIZE: SIM_EFULL; the block arrays' room: SIM_EFULL past the
     * addressable blocks, else SIM_ENOMEM */
    sim_err_t room =
        after > sp->p.seg.max_bytes || (sp->p.maxsize_bytes && after > sp->p.maxsize_bytes)
            ? SIM_EFULL
            : lob_space_reserve_blocks(sp, sp->addr_end + worst_bytes / bs);
    if (room != SIM_OK) {
        sim_free(sealed);
        sim_free(freeb);
        sim_free(moves);
        return room;
    }

    /* Retention is ignored: unexpired space is reusable now. */
    while (sp->qlen > 0)
        lob_space_release_oldest(sp, 0);

    /* FREE_SPACE_FIRST: the kept extents' free chunks first. */
    uint64_t to_new = moved;
    if (sp->p.shrink_target == LOB_SHRINK_FREE_SPACE_FIRST)
        for (size_t i = 0; i < n; i++) {
            if (!moves[i])
                continue;
            uint32_t c = kept_fit(sp, chunks[i]->len, sealed);
            if (c == LOB_SPACE_NIL)
                continue;
            to_new -= chunks[i]->len;
            moves[i] = 0;
            relocate(sp, chunks[i], lob_space_take(sp, c, chunks[i]->len));
        }

    /* The rest into extents allocated for it, one after another. */
    uint64_t dest_bytes, dest_extents;
    dest_size(sp, to_new, &dest_bytes, &dest_extents);
    uint64_t first_dest = sp->next_ext;
    sim_err_t rc = SIM_OK;
    for (uint64_t i = 0; i < dest_extents && rc == SIM_OK; i++)
        rc = lob_space_add_extent(sp, sp->p.uniform_bytes ? sp->p.uniform_bytes : dest_bytes);
    /* Only the extent array's memory can fail here (the room was checked):
     * the chunks moved so far stay moved, the extents added stay free. */
    uint64_t d = first_dest;
    uint64_t dpos = d < sp->next_ext ? sp->ext[d].start + sp->ext[d].meta : 0;
    for (size_t i = 0; i < n && rc == SIM_OK; i++) {
        lob_run_t *r = chunks[i];
        if (!moves[i])
            continue;
        while (sp->ext[d].start + sp->ext[d].len - dpos < r->len) {
            d++;
            dpos = sp->ext[d].start + sp->ext[d].meta;
        }
        lob_run_t to = lob_space_take(sp, dpos, r->len);
        dpos += r->len;
        relocate(sp, r, to);
    }
    /* Give the sealed extents back: each is now one free chunk. */
    uint64_t extent_blocks = 0;
    for (uint64_t e = 0; e < first_dest && rc == SIM_OK; e++) {
        if (!sealed[e])
            continue;
        lob_space_extent_t *x = &sp->ext[e];
        if (x->len - x->trim > x->meta)
            lob_space_unlink(sp, x->start + x->meta);
        x->gone = 1;
        extent_blocks += x->len - x->trim;
        sp->blocks -= x->len - x->trim;
        sp->meta_blocks -= x->meta;
        sp->extents--;
    }
    sim_free(sealed);
    sim_free(freeb);
    sim_free(moves);
    if (rc != SIM_OK)
        return rc;
    out->blocks_moved = moved;
    out->blocks_freed =
        sp->p.shrink_freed_counts == LOB_SHRINK_FREED_EXTENT_BLOCKS ? extent_blocks : moved;
    out->blocks_allocated = to_new;
    out->extents_allocated = dest_extents;
    out->extents_freed = nsealed;
    out->extents_sealed = nsealed;
    SIM_DEBUG_CHECK(lob_space_check(sp));
    return SIM_OK;
}
