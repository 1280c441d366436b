/*
 * params.c -- the heap model's parameters: their defaults (README lists each
 * one's source), their validation, and the space arithmetic they imply.
 */
#include <stdio.h>

#include "heapspace_int.h"

void hs_params_defaults(hs_params_t *p)
{
    p->extent_kb = 1024;
    p->pctfree = 10;
    p->fixed_bytes = 56;
    p->itl_bytes = 24;
    p->table_itls = 2;
    p->data_header_bytes = 18;
    /* kdxlebksz 8032 (itc 2) and kdxbrbksz 8056 (itc 1) of 8 KB blocks in
     * 11.2 and later dumps: 8192 - 112 - 24 x itc.  Before 11.2: 108. */
    p->index_fixed_bytes = 112;
    p->leaf_itls = 2;
    p->branch_itls = 1;
    p->min_row_bytes = 11;
    /* Control bytes 0x00..0xBF as one set bit after N zero bits: N <= 191
     * reaches 23 zero bytes.  README, "Bitmap format": the dumps show N < 8
     * only, and the given bitmap figures fit 0 better. */
    p->bbc_single_gap = 23;
    p->l1_small_kb = 1024;
    p->l1_medium_kb = 65536;
    p->mbrc_kb = 1024;
    p->arraysize = 5000;
    p->range_arraysize = 1000;
    p->range_rows = 100000;
    p->few_rows = 30;
    /* Each case is a new session's first statement on its table, the
     * instance's caches holding none of it, as the published 32k full
     * scan's bytes show (docs/heap.md, "The session").  The costs of a
     * dictionary access are fitted there on the 8k full scan: its
     * autotrace window holds the parse's 2 cache reads (48175 physical
     * reads, 48173 of them direct) and 5 recursive calls; v$mystat, the
     * session since its connect, 23 cache reads: 21 before the window. */
    p->dict_cache = HS_DICT_COLD;
    p->dict_reads = 2;
    p->recursive_calls = 5;
    p->connect_reads = 21;
    /* No published figure: v$mystat's recursive calls are not given. */
    p->connect_calls = 0;
    p->dict_block_size = 8192;
}

uint32_t hs_reserve(const hs_params_t *p, uint32_t bs)
{
    return (uint32_t)((uint64_t)bs * p->pctfree / 100);
}

/* bs less `header` bytes, or 0. */
static uint32_t less(uint32_t bs, uint64_t header)
{
    return header < bs ? (uint32_t)(bs - header) : 0;
}

uint32_t hs_table_room(const hs_params_t *p, uint32_t bs)
{
    uint64_t h =
        (uint64_t)p->fixed_bytes + (uint64_t)p->itl_bytes * p->table_itls + p->data_header_bytes;
    return less(bs, h + hs_reserve(p, bs));
}

uint32_t hs_leaf_space(const hs_params_t *p, uint32_t bs)
{
    return less(bs, (uint64_t)p->index_fixed_bytes + (uint64_t)p->itl_bytes * p->leaf_itls +
                        HS_LEAF_HEADER);
}

uint32_t hs_branch_space(const hs_params_t *p, uint32_t bs)
{
    return less(bs, (uint64_t)p->index_fixed_bytes + (uint64_t)p->itl_bytes * p->branch_itls +
                        HS_BRANCH_HEADER);
}

uint32_t hs_leaf_room(const hs_params_t *p, uint32_t bs)
{
    uint32_t space = hs_leaf_space(p, bs), reserve = hs_reserve(p, bs);
    return space > reserve ? space - reserve : 0;
}

uint32_t hs_branch_room(const hs_params_t *p, uint32_t bs)
{
    return hs_branch_space(p, bs);
}

/* The widest row and index entry of the experiment, in bytes with the
 * directory entry: 3 + (1+7) + (1+2) + (1+20) + 2; two bitmap entries of
 * a 64-byte bitmap; two branch entries that keep x and a rowid prefix. */
#define WIDEST_ROW 37u
#define WIDEST_LEAF_NEED 190u
#define WIDEST_BRANCH_NEED 80u

sim_err_t hs_params_check(const hs_params_t *p, uint32_t bs, uint64_t rows, char *msg, size_t len)
{
    if (!sim_block_size_valid(bs)) {
        snprintf(msg, len, "block size %u (accepted: %s)", bs, SIM_BLOCK_SIZES_ACCEPTED);
        return SIM_EINVAL;
    }
    if (rows == 0 || rows > 4000000000ULL) {
        snprintf(msg, len, "%llu rows (accepted: 1 .. 4000000000)", (unsigned long long)rows);
        return SIM_EINVAL;
    }
    if (p->pctfree > 99 || p->min_row_bytes == 0 || p->arraysize == 0 || p->range_arraysize == 0 ||
        p->few_rows == 0 || p->range_rows == 0 || !sim_block_size_valid(p->dict_block_size) ||
        p->mbrc_kb == 0 || p->leaf_itls == 0 || p->branch_itls == 0) {
        snprintf(msg, len,
                 "heap parameters out of range (accepted: pctfree 0..99; min_row_bytes, "
                 "arraysizes, range_rows, few_rows, mbrc_kb, leaf_itls, branch_itls >= 1; "
                 "dict_block_size a block size)");
        return SIM_EINVAL;
    }
    if (p->bbc_single_gap > 23) {
        snprintf(msg, len, "heap.bbc_single_gap %u (accepted: 0 .. 23)", p->bbc_single_gap);
        return SIM_EINVAL;
    }
    if (p->dict_cache != HS_DICT_COLD && p->dict_cache != HS_DICT_WARM) {
        snprintf(msg, len, "heap.dict_cache %u (accepted: 0 cold, 1 warm)", p->dict_cache);
        return SIM_EINVAL;
    }
    if (p->extent_kb * 1024ULL < 4ULL * bs || p->extent_kb > (1u << 22)) {
        snprintf(msg, len,
                 "extents of %u KB hold fewer than 4 blocks of %u bytes (accepted: "
                 "heap.extent_kb %u .. 4194304)",
                 p->extent_kb, bs, 4 * bs / 1024);
        return SIM_EINVAL;
    }
    if (hs_table_room(p, bs) < WIDEST_ROW || hs_leaf_room(p, bs) < WIDEST_LEAF_NEED ||
        hs_branch_room(p, bs) < WIDEST_BRANCH_NEED) {
        snprintf(msg, len,
                 "a %u-byte block leaves %u bytes for rows, %u for leaf and %u for branch "
                 "entries after its headers and pctfree %u (need %u, %u and %u): use a larger "
                 "block size",
                 bs, hs_table_room(p, bs), hs_leaf_room(p, bs), hs_branch_room(p, bs), p->pctfree,
                 WIDEST_ROW, WIDEST_LEAF_NEED, WIDEST_BRANCH_NEED);
        return SIM_EINVAL;
    }
    if (p->mbrc_kb * 1024ULL < bs) {
        snprintf(msg, len, "heap.mbrc_kb %u is less than one %u-byte block", p->mbrc_kb, bs);
        return SIM_EINVAL;
    }
    return SIM_OK;
}
