/*
 * segment.c -- the LOB segment: extents under automatic allocation and the
 * committed free space in them.
 *
 * State changes: lob_segment_grow() appends an extent (placing the segment
 * header, CFS and PUA blocks in the first extents); lob_segment_take() hands
 * out the next contiguous free run of the current extent.  An insert-only
 * workload never frees, so free space is always the tail of the extents and
 * runs are handed out in increasing block order.
 */
#include <stdio.h>

#include "lobspace_int.h"

#define KB 1024ULL
#define MB (1024ULL * KB)
#define GB (1024ULL * MB)

void lob_params_defaults(lob_params_t *p)
{
    p->block_size = SIM_REF_BLOCK_SIZE;
    p->block_overhead = 132;
    p->extent_header_blocks = 1;
    p->segment_header_blocks = 1;
    p->cfs_blocks = 3;
    p->pua_blocks = 50;
    /* Storage in row holds LOBs of up to about 4,000 bytes less 36 of
     * control information (SecureFiles developer's guide; the reference
     * README's 3,964; docs/lob-insert.md cites a published test of both
     * sides of the limit). */
    p->inrow_max = 3964;
    p->inrow_header_bytes = 36;
    p->max_bytes = SIM_MAX_SEGMENT_BYTES;
}

uint32_t lob_payload(const lob_params_t *p)
{
    return p->block_size - p->block_overhead;
}

int lob_in_row(const lob_params_t *p, int enabled, uint64_t bytes)
{
    return enabled && bytes <= p->inrow_max;
}

uint64_t lob_next_extent_bytes(uint64_t seg_bytes)
{
    if (seg_bytes < 1 * MB)
        return 64 * KB;
    if (seg_bytes < 64 * MB)
        return 1 * MB;
    if (seg_bytes < 1 * GB)
        return 8 * MB;
    return 64 * MB;
}

sim_err_t lob_params_check(const lob_params_t *p, char *msg, size_t msglen)
{
    if (!sim_block_size_valid(p->block_size)) {
        snprintf(msg, msglen, "block size %u (accepted: %s)", p->block_size,
                 SIM_BLOCK_SIZES_ACCEPTED);
        return SIM_EINVAL;
    }
    if (p->block_overhead >= p->block_size) {
        snprintf(msg, msglen, "block overhead %u bytes is not below the block size %u",
                 p->block_overhead, p->block_size);
        return SIM_EINVAL;
    }
    if (p->extent_header_blocks == 0) {
        snprintf(msg, msglen, "extent_header_blocks 0 (accepted: 1 or more)");
        return SIM_EINVAL;
    }
    if (p->inrow_max > 32767) {
        snprintf(msg, msglen, "lob.inrow_max=%u (accepted: 0..32767)", p->inrow_max);
        return SIM_EINVAL;
    }
    return SIM_OK;
}

sim_err_t lob_segment_create(const lob_params_t *p, lob_segment_t **out)
{
    char msg[256];
    if (lob_params_check(p, msg, sizeof msg) != SIM_OK)
        return SIM_EINVAL;
    lob_segment_t *seg = sim_calloc(1, sizeof *seg);
    if (seg == NULL)
        return SIM_ENOMEM;
    seg->p = *p;
    seg->pending_meta = (uint64_t)p->segment_header_blocks + p->cfs_blocks + p->pua_blocks;
    sim_err_t rc = lob_segment_grow(seg);
    if (rc != SIM_OK) {
        lob_segment_destroy(seg);
        return rc;
    }
    *out = seg;
    return SIM_OK;
}

void lob_segment_destroy(lob_segment_t *seg)
{
    if (seg == NULL)
        return;
    sim_free(seg->ext);
    sim_free(seg);
}

uint64_t lob_segment_bytes(const lob_segment_t *seg)
{
    return seg->blocks * seg->p.block_size;
}

uint32_t lob_segment_block_size(const lob_segment_t *seg)
{
    return seg->p.block_size;
}

const sim_stats_t *lob_segment_stats(const lob_segment_t *seg)
{
    return &seg->stats;
}

const lob_params_t *lob_segment_params(const lob_segment_t *seg)
{
    return &seg->p;
}

sim_err_t lob_segment_grow(lob_segment_t *seg)
{
    uint64_t bytes = lob_next_extent_bytes(lob_segment_bytes(seg));
    if (lob_segment_bytes(seg) + bytes > seg->p.max_bytes)
        return SIM_EFULL;
    if (seg->next_ext == seg->cap_ext) {
        uint64_t cap = seg->cap_ext ? seg->cap_ext * 2 : 64;
        lob_extent_t *ext = sim_realloc(seg->ext, cap * sizeof *ext);
        if (ext == NULL)
            return SIM_ENOMEM;
        seg->ext = ext;
        seg->cap_ext = cap;
    }
    lob_extent_t *e = &seg->ext[seg->next_ext];
    e->start = seg->blocks;
    e->len = bytes / seg->p.block_size;
    e->meta = seg->p.extent_header_blocks < e->len ? seg->p.extent_header_blocks : e->len;
    uint64_t room = e->len - e->meta;
    uint64_t seg_meta = seg->pending_meta < room ? seg->pending_meta : room;
    e->meta += seg_meta;
    seg->pending_meta -= seg_meta;

    if (seg->next_ext == 0)
        seg->cur_next = e->start + e->meta;
    seg->next_ext++;
    seg->blocks += e->len;
    seg->meta_blocks += e->meta;
    sim_stat_add(&seg->stats, SIM_STAT_SEG_EXTENTS, 1);
    SIM_DEBUG_CHECK(lob_segment_check(seg));
    return SIM_OK;
}

uint64_t lob_segment_extent_free(const lob_segment_t *seg)
{
    const lob_extent_t *e = &seg->ext[seg->cur];
    return e->start + e->len - seg->cur_next;
}

uint64_t lob_segment_current_extent(const lob_segment_t *seg)
{
    return seg->cur;
}

sim_err_t lob_segment_take(lob_segment_t *seg, uint64_t max, lob_run_t *run)
{
    if (max == 0)
        return SIM_EINVAL;
    while (lob_segment_extent_free(seg) == 0) {
        if (seg->cur + 1 == seg->next_ext) {
            sim_err_t rc = lob_segment_grow(seg);
            if (rc != SIM_OK)
                return rc;
        }
        seg->cur++;
        seg->cur_next = seg->ext[seg->cur].start + seg->ext[seg->cur].meta;
    }
    uint64_t n = lob_segment_extent_free(seg);
    run->start = seg->cur_next;
    run->len = n < max ? n : max;
    seg->cur_next += run->len;
    seg->used_blocks += run->len;
    SIM_DEBUG_CHECK(lob_segment_check(seg));
    return SIM_OK;
}

void lob_segment_get_info(const lob_segment_t *seg, lob_segment_info_t *info)
{
    info->extents = seg->next_ext;
    info->blocks = seg->blocks;
    info->meta_blocks = seg->meta_blocks;
    info->used_blocks = seg->used_blocks;
    info->free_blocks = seg->blocks - seg->meta_blocks - seg->used_blocks;
}

sim_err_t lob_segment_check(const lob_segment_t *seg)
{
    uint64_t blocks = 0, meta = 0, free = 0;
    for (uint64_t i = 0; i < seg->next_ext; i++) {
        const lob_extent_t *e = &seg->ext[i];
        if (e->start != blocks || e->meta > e->len ||
            e->len * seg->p.block_size != lob_next_extent_bytes(blocks * seg->p.block_size))
            return SIM_ECORRUPT;
        if (i > seg->cur)
            free += e->len - e->meta;
        blocks += e->len;
        meta += e->meta;
    }
    if (blocks != seg->blocks || meta != seg->meta_blocks)
        return SIM_ECORRUPT;
    const lob_extent_t *c = &seg->ext[seg->cur];
    if (seg->cur_next < c->start + c->meta || seg->cur_next > c->start + c->len)
        return SIM_ECORRUPT;
    free += c->start + c->len - seg->cur_next;
    if (meta + seg->used_blocks + free != blocks)
        return SIM_ECORRUPT;
    for (int s = 0; s < SIM_STAT_COUNT; s++)
        if (seg->stats.v[s] != (s == SIM_STAT_SEG_EXTENTS ? seg->next_ext : 0))
            return SIM_ECORRUPT;
    return SIM_OK;
}
