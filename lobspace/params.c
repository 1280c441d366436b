/*
 * params.c -- the LOB segment's parameters and the rules every experiment
 * shares: the block's payload, storage in row, the automatic extent
 * schedule (fact 5 of the reference README).
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
    p->cfs_blocks = 4;
    p->pua_blocks = 50;
    p->hash_bucket_blocks = 9;
    p->meta_layout = LOB_META_FIRST_WRITE_EXTENT;
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
    if (p->meta_layout > LOB_META_FIRST_WRITE_EXTENT) {
        snprintf(msg, msglen,
                 "lob.meta_layout=%u (accepted: 0 from the segment's start, 1 in the extent the "
                 "first write adds)",
                 p->meta_layout);
        return SIM_EINVAL;
    }
    if (p->inrow_max > 32767) {
        snprintf(msg, msglen, "lob.inrow_max=%u (accepted: 0..32767)", p->inrow_max);
        return SIM_EINVAL;
    }
    return SIM_OK;
}
