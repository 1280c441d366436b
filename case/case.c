/*
 * case.c -- a case's defaults (the reference experiment), its validation,
 * the names of its paths and of its parts, and the registry of the model's
 * tunable parameters (case_set_param, for --param).
 *
 * The figures of a case are the instance-wide delta of the statement: on a
 * loopback link both sessions run on the same instance, so the dblink path
 * reports the sum of the two sessions' statistics.
 */
#include "case.h"

#include <stddef.h>
#include <stdio.h>
#include <string.h>

void case_row_params_defaults(case_row_params_t *r)
{
    r->row_gets = 1;
    r->cached_lob_blocks = 4;
    r->insert_row_gets = 2;
    r->map_cr_chunks = 2;
    r->append_row_gets_pm = 480;
    r->t2_extent_kb = 64;
    r->t2_extent_cr = 2;
}

void case_link_params_defaults(case_link_params_t *l)
{
    l->open_roundtrips = 16;
    l->close_roundtrips = 5;
    l->row_overhead_bytes = 120;
}

void case_defaults(case_t *c)
{
    memset(c, 0, sizeof *c);
    c->path = CASE_PATH_LOCAL;
    c->block_size = SIM_REF_BLOCK_SIZE;
    c->rows = SIM_REF_ROWS;
    c->lob_chars = 2048;
    c->piece_size = CASE_PIECE_SIZE_DEFAULT;
    /* The reference names no STORAGE IN ROW clause: Oracle's default,
     * ENABLE.  Its LOBs are all out of row anyway: 2,048 characters are
     * 4,096 bytes (fact 1), above the in-row limit (docs/lob-insert.md). */
    c->storage_in_row = 1;
    c->seed = 1;
    lob_params_defaults(&c->seg);
    dsp_params_defaults(&c->dsp);
    undo_params_defaults(&c->undo);
    case_link_params_defaults(&c->link);
    case_row_params_defaults(&c->row);
    c->read.mbrc_kb = 1024;
    c->read.lob_read_kb = 1024;
    c->read.row_bytes = 120;
    c->read.index_entry_bytes = 18;
    c->read.block_header_bytes = 100;
    c->read.fetch_lobs = 1;
    c->cluster.message_bytes = 200;
    c->cluster.ges_per_enqueue = 1;
    c->cluster.fairness = 4;
    hs_params_defaults(&c->heap);
    /* rac_sim/README.md: the source of each. */
    c->rac.instances = 2;
    c->rac.users = 60;
    c->rac.transactions = 0;
    c->rac.window_ms = 10000;
    c->rac.warmup = 2000;
    c->rac.affinity_pm = 500;
    c->rac.stripe_rows = 0;
    c->rac.stripe_kb = 0;
    c->rac.reads = 6;
    c->rac.updates = 3;
    c->rac.inserts = 1;
    c->rac.seq_cache = 20;
    c->rac.redo_bytes = 400;
    c->rac.commit_redo_bytes = 100;
    c->rac.undo_bytes = 200;
    c->rac.undo_segments = 10;
    c->rac.think_us = 0;
    c->rac.client_rtt_us = 125;
    c->rac.cores = 2;
    c->rac.cpu_us = 100;
    c->rac.msg_cpu_us = 10;
    c->rac.lms = 2;
    c->rac.lms_us = 20;
    c->rac.gc_defer_us = 3000;
    c->rac.post_us = 5;
    c->rac.boc = 1;
    c->rac.cr_build_us = 40;
    c->rac.congested_us = 1000;
    c->rac.interconnect = CASE_LINK_HIPERSOCKETS;
    c->rac.loss_ppm = 0;
    c->rac.lost_timeout_us = 500000;
    c->rac.log_write_us = 500;
    c->rac.log_mb_s = 100;
}

const char *case_path_name(case_path_t p)
{
    switch (p) {
    case CASE_PATH_LOCAL:
        return "local";
    case CASE_PATH_DBLINK:
        return "dblink";
    case CASE_PATH_COUNT:
        break;
    }
    return "?";
}

int case_path_parse(const char *s, case_path_t *p)
{
    for (int i = 0; i < CASE_PATH_COUNT; i++)
        if (strcmp(s, case_path_name((case_path_t)i)) == 0) {
            *p = (case_path_t)i;
            return 0;
        }
    return -1;
}

/* A / b rounded up. */
static uint64_t div_up(uint64_t a, uint64_t b)
{
    return (a + b - 1) / b;
}

uint64_t case_lob_bytes(const case_t *c)
{
    return SIM_BYTES_PER_CHAR * c->lob_chars;
}

int case_lob_in_row(const case_t *c)
{
    return lob_in_row(&c->seg, c->storage_in_row != 0, case_lob_bytes(c));
}

uint64_t case_t2_row_bytes(const case_t *c)
{
    return c->read.row_bytes + (case_lob_in_row(c) ? case_lob_bytes(c) : 0);
}

uint64_t case_t2_blocks(const case_t *c, uint64_t rows)
{
    uint64_t room = c->block_size - c->read.block_header_bytes, row = case_t2_row_bytes(c);
    if (row <= room)
        return div_up(rows, room / row);
    return rows * div_up(row, room);
}

uint64_t case_t2_extents(const case_t *c, uint64_t rows)
{
    uint64_t blocks = c->row.t2_extent_kb * 1024ULL / c->block_size - c->seg.extent_header_blocks;
    return div_up(case_t2_blocks(c, rows), blocks);
}

uint64_t case_lob_blocks(const case_t *c)
{
    return div_up(case_lob_bytes(c), c->block_size - c->seg.block_overhead);
}

sim_err_t case_validate(const case_t *c, char *msg, size_t msglen)
{
    uint32_t bs = c->block_size;
    if (c->path >= CASE_PATH_COUNT) {
        snprintf(msg, msglen, "unknown path %d (accepted: local, dblink)", (int)c->path);
        return SIM_EINVAL;
    }
    lob_params_t lp = c->seg;
    lp.block_size = bs;
    if (lob_params_check(&lp, msg, msglen) != SIM_OK)
        return SIM_EINVAL;
    if (c->lob_chars == 0 || c->lob_chars > (1ULL << 40)) {
        snprintf(msg, msglen, "LOB size %llu characters (accepted: 1 .. 2^40)",
                 (unsigned long long)c->lob_chars);
        return SIM_EINVAL;
    }
    uint32_t payload = lob_payload(&lp);
    if (c->path == CASE_PATH_DBLINK && (c->piece_size < payload || c->piece_size > 64u << 20)) {
        snprintf(msg, msglen,
                 "piece size %u bytes (accepted: %u, one block's payload, .. 67108864)",
                 c->piece_size, payload);
        return SIM_EINVAL;
    }
    /* The whole statement must fit in a segment: rows x blocks x block size. */
    if (c->rows > SIM_MAX_SEGMENT_BYTES / bs / case_lob_blocks(c)) {
        snprintf(msg, msglen, "%llu rows of %llu-character LOBs need more than a 32 TB segment",
                 (unsigned long long)c->rows, (unsigned long long)c->lob_chars);
        return SIM_EINVAL;
    }
    if (c->read.mbrc_kb * 1024ULL < bs || c->read.lob_read_kb * 1024ULL < bs) {
        snprintf(msg, msglen, "read sizes %u KB and %u KB must hold one %u-byte block",
                 c->read.mbrc_kb, c->read.lob_read_kb, bs);
        return SIM_EINVAL;
    }
    if (c->read.row_bytes == 0 || c->read.index_entry_bytes == 0 ||
        c->read.block_header_bytes + c->read.row_bytes > bs ||
        c->read.block_header_bytes + c->read.index_entry_bytes > bs) {
        snprintf(msg, msglen,
                 "rows of %u bytes and index entries of %u bytes do not fit a %u-byte "
                 "block with a %u-byte header",
                 c->read.row_bytes, c->read.index_entry_bytes, bs, c->read.block_header_bytes);
        return SIM_EINVAL;
    }
    if (c->row.t2_extent_kb * 1024ULL / bs <= c->seg.extent_header_blocks) {
        snprintf(msg, msglen,
                 "t2 extents of %u KB hold no data block of %u bytes after %u header "
                 "block(s) (accepted: row.t2_extent_kb >= %llu)",
                 c->row.t2_extent_kb, bs, c->seg.extent_header_blocks,
                 (unsigned long long)((c->seg.extent_header_blocks + 1ULL) * bs / 1024));
        return SIM_EINVAL;
    }
    if (c->storage_in_row > 1) {
        snprintf(msg, msglen, "lob.storage_in_row=%u (accepted: 1 enable, 0 disable)",
                 c->storage_in_row);
        return SIM_EINVAL;
    }
    if (dsp_params_check(&c->dsp, msg, msglen) != SIM_OK)
        return SIM_EINVAL;
    if (c->row.map_cr_chunks == 0) {
        snprintf(msg, msglen, "map_cr_chunks 0 (accepted: 1 or more)");
        return SIM_EINVAL;
    }
    return SIM_OK;
}

/* Every tunable parameter of the model, by the name users give it. */
#define P(name, field)                                                                             \
    {                                                                                              \
        name, offsetof(case_t, field)                                                              \
    }
static const sim_param_t params[] = {
    P("block_overhead", seg.block_overhead),
    P("extent_header_blocks", seg.extent_header_blocks),
    P("segment_header_blocks", seg.segment_header_blocks),
    P("cfs_blocks", seg.cfs_blocks),
    P("pua_blocks", seg.pua_blocks),
    P("lob.storage_in_row", storage_in_row),
    P("lob.inrow_max", seg.inrow_max),
    DSP_PARAM_NAMES(P),
    P("undo.record_bytes", undo.record_bytes),
    P("undo.space_cv_bytes", undo.space_cv_bytes),
    P("undo.hwm_cv_bytes", undo.hwm_cv_bytes),
    P("undo.lob_cv_bytes", undo.lob_cv_bytes),
    P("undo.lob_map_cv_bytes", undo.lob_map_cv_bytes),
    P("link.open_roundtrips", link.open_roundtrips),
    P("link.close_roundtrips", link.close_roundtrips),
    P("link.row_overhead_bytes", link.row_overhead_bytes),
    P("row.row_gets", row.row_gets),
    P("row.cached_lob_blocks", row.cached_lob_blocks),
    P("row.insert_row_gets", row.insert_row_gets),
    P("row.map_cr_chunks", row.map_cr_chunks),
    P("row.append_row_gets_pm", row.append_row_gets_pm),
    P("row.t2_extent_kb", row.t2_extent_kb),
    P("row.t2_extent_cr", row.t2_extent_cr),
    P("read.mbrc_kb", read.mbrc_kb),
    P("read.lob_read_kb", read.lob_read_kb),
    P("read.row_bytes", read.row_bytes),
    P("read.index_entry_bytes", read.index_entry_bytes),
    P("read.block_header_bytes", read.block_header_bytes),
    P("read.fetch_lobs", read.fetch_lobs),
    P("cluster.message_bytes", cluster.message_bytes),
    P("cluster.ges_per_enqueue", cluster.ges_per_enqueue),
    P("cluster.fairness", cluster.fairness),
    P("rac.instances", rac.instances),
    P("rac.users", rac.users),
    P("rac.transactions", rac.transactions),
    P("rac.window_ms", rac.window_ms),
    P("rac.warmup", rac.warmup),
    P("rac.affinity_pm", rac.affinity_pm),
    P("rac.stripe_rows", rac.stripe_rows),
    P("rac.stripe_kb", rac.stripe_kb),
    P("rac.reads", rac.reads),
    P("rac.updates", rac.updates),
    P("rac.inserts", rac.inserts),
    P("rac.seq_cache", rac.seq_cache),
    P("rac.redo_bytes", rac.redo_bytes),
    P("rac.commit_redo_bytes", rac.commit_redo_bytes),
    P("rac.undo_bytes", rac.undo_bytes),
    P("rac.undo_segments", rac.undo_segments),
    P("rac.think_us", rac.think_us),
    P("rac.client_rtt_us", rac.client_rtt_us),
    P("rac.cores", rac.cores),
    P("rac.cpu_us", rac.cpu_us),
    P("rac.msg_cpu_us", rac.msg_cpu_us),
    P("rac.lms", rac.lms),
    P("rac.lms_us", rac.lms_us),
    P("rac.gc_defer_us", rac.gc_defer_us),
    P("rac.post_us", rac.post_us),
    P("rac.boc", rac.boc),
    P("rac.cr_build_us", rac.cr_build_us),
    P("rac.congested_us", rac.congested_us),
    P("rac.interconnect", rac.interconnect),
    P("rac.link_us", rac.link_us),
    P("rac.link_mbit", rac.link_mbit),
    P("rac.mtu", rac.mtu),
    P("rac.loss_ppm", rac.loss_ppm),
    P("rac.lost_timeout_us", rac.lost_timeout_us),
    P("rac.log_write_us", rac.log_write_us),
    P("rac.log_mb_s", rac.log_mb_s),
    P("heap.extent_kb", heap.extent_kb),
    P("heap.pctfree", heap.pctfree),
    P("heap.fixed_bytes", heap.fixed_bytes),
    P("heap.itl_bytes", heap.itl_bytes),
    P("heap.table_itls", heap.table_itls),
    P("heap.data_header_bytes", heap.data_header_bytes),
    P("heap.index_fixed_bytes", heap.index_fixed_bytes),
    P("heap.leaf_itls", heap.leaf_itls),
    P("heap.branch_itls", heap.branch_itls),
    P("heap.min_row_bytes", heap.min_row_bytes),
    P("heap.bbc_single_gap", heap.bbc_single_gap),
    P("heap.l1_small_kb", heap.l1_small_kb),
    P("heap.l1_medium_kb", heap.l1_medium_kb),
    P("heap.mbrc_kb", heap.mbrc_kb),
    P("heap.arraysize", heap.arraysize),
    P("heap.range_arraysize", heap.range_arraysize),
    P("heap.range_rows", heap.range_rows),
    P("heap.few_rows", heap.few_rows),
    P("heap.dict_cache", heap.dict_cache),
    P("heap.dict_reads", heap.dict_reads),
    P("heap.recursive_calls", heap.recursive_calls),
    P("heap.connect_reads", heap.connect_reads),
    P("heap.connect_calls", heap.connect_calls),
    P("heap.dict_block_size", heap.dict_block_size),
};
#undef P
#define NPARAMS (sizeof params / sizeof params[0])

size_t case_param_count(void)
{
    return NPARAMS;
}

const char *case_param_name(size_t i)
{
    return i < NPARAMS ? params[i].name : NULL;
}

uint32_t case_param_get(const case_t *c, size_t i)
{
    return sim_param_get(params, NPARAMS, i, c);
}

int case_set_param(case_t *c, const char *name, uint32_t value)
{
    return sim_param_set(params, NPARAMS, c, name, value);
}

/* Parameters whose values have names: a session's state. */
static const struct {
    const char *param, *word;
    uint32_t value;
} keywords[] = {
    {"lob.storage_in_row", "enable", 1},
    {"lob.storage_in_row", "disable", 0},
    {"heap.dict_cache", "cold", HS_DICT_COLD},
    {"heap.dict_cache", "warm", HS_DICT_WARM},
    /* rac_interconnect_name()'s names (test_bench checks that they agree). */
    {"rac.interconnect", "hipersockets", CASE_LINK_HIPERSOCKETS},
    {"rac.interconnect", "10gbe", CASE_LINK_10GBE},
    {"rac.interconnect", "1gbe", CASE_LINK_1GBE},
};
#define NKEYWORDS (sizeof keywords / sizeof keywords[0])

int case_param_keyword(const char *name, const char *word, uint32_t *value)
{
    for (size_t i = 0; i < NKEYWORDS; i++)
        if (strcmp(keywords[i].param, name) == 0 && strcmp(keywords[i].word, word) == 0) {
            *value = keywords[i].value;
            return 0;
        }
    return -1;
}

const char *case_param_word(const char *param, size_t i, uint32_t *value)
{
    for (size_t k = 0; k < NKEYWORDS; k++)
        if (strcmp(keywords[k].param, param) == 0 && i-- == 0) {
            if (value)
                *value = keywords[k].value;
            return keywords[k].word;
        }
    return NULL;
}

const char *case_param_value_name(const char *param, uint32_t v)
{
    for (size_t k = 0; k < NKEYWORDS; k++)
        if (strcmp(keywords[k].param, param) == 0 && keywords[k].value == v)
            return keywords[k].word;
    return NULL;
}

int case_describe_params(const case_t *c, char *buf, size_t len)
{
    size_t used = 0;
    for (size_t i = 0; i < NPARAMS; i++) {
        uint32_t v = case_param_get(c, i);
        const char *word = case_param_value_name(params[i].name, v);
        char num[16];
        snprintf(num, sizeof num, "%u", v);
        int n = snprintf(buf + (used < len ? used : len), used < len ? len - used : 0, "%s%s=%s",
                         i ? " " : "", params[i].name, word ? word : num);
        if (n < 0)
            return n;
        used += (size_t)n;
    }
    return (int)used;
}

const char *case_part_name(case_part_t p)
{
    static const char *const names[CASE_PART_COUNT] = {
        "segment",       "chunk allocator", "dispenser",    "undo",   "source rows",
        "t2 insert",     "database link",   "global cache", "reader", "heap segment",
        "recursive SQL", "time model",      "session SQL"};
    return (unsigned)p < CASE_PART_COUNT ? names[p] : "?";
}

void case_result_total(const case_result_t *r, sim_stats_t *out)
{
    memset(out, 0, sizeof *out);
    for (int p = 0; p < CASE_PART_COUNT; p++)
        for (int s = 0; s < SIM_STAT_COUNT; s++)
            out->v[s] += r->part[p].v[s];
}

void case_result_recursive(const case_result_t *r, sim_stats_t *out)
{
    for (int s = 0; s < SIM_STAT_COUNT; s++)
        out->v[s] = r->part[CASE_PART_RECURSIVE].v[s] + r->part[CASE_PART_SESSION].v[s];
}

void case_result_add(case_result_t *r, case_part_t p, const sim_stats_t *st)
{
    for (int s = 0; s < SIM_STAT_COUNT; s++)
        r->part[p].v[s] += st->v[s];
}

/* The index of detail `name` of statistic st of part p, ndetail when none. */
static uint32_t find_detail(const case_result_t *r, case_part_t p, sim_stat_t st, const char *name)
{
    uint32_t i = 0;
    while (i < r->ndetail && (r->detail[i].part != p || r->detail[i].stat != st ||
                              strcmp(r->detail[i].name, name) != 0))
        i++;
    return i;
}

sim_err_t case_result_detail(case_result_t *r, case_part_t p, sim_stat_t st, const char *name,
                             uint64_t v)
{
    if (v == 0)
        return SIM_OK;
    uint32_t i = find_detail(r, p, st, name);
    case_detail_t *d = &r->detail[i < CASE_DETAILS ? i : 0];
    if (i == r->ndetail) {
        if (strlen(name) >= sizeof d->name)
            return SIM_EINVAL;
        if (r->ndetail == CASE_DETAILS)
            return SIM_ENOMEM;
        d = &r->detail[r->ndetail++];
        d->part = (uint8_t)p;
        d->stat = (uint16_t)st;
        strcpy(d->name, name);
        d->v = 0;
    }
    d->v += v;
    return SIM_OK;
}

void case_result_components(const case_result_t *r, case_part_t p, sim_stat_t st,
                            case_component_fn fn, void *arg)
{
    int details = 0;
    for (uint32_t i = 0; i < r->ndetail; i++) {
        const case_detail_t *d = &r->detail[i];
        if (d->part == p && d->stat == st) {
            fn(arg, d->name, d->v);
            details = 1;
        }
    }
    if (!details && r->part[p].v[st])
        fn(arg, NULL, r->part[p].v[st]);
}

uint64_t case_result_detail_value(const case_result_t *r, case_part_t p, sim_stat_t st,
                                  const char *name)
{
    uint32_t i = find_detail(r, p, st, name);
    return i < r->ndetail ? r->detail[i].v : 0;
}
