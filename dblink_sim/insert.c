/*
 * insert.c -- the local direct-path insert and the insert over a loopback
 * database link, both driving the same segment, dispenser, chunk allocator
 * and undo log.
 *
 * local   one allocation context (CACHED chunk allocator) refilled with whole
 *         dispenser chunks above the high-water mark: local_row().
 * dblink  the user's session fetches each row over the link (one round trip
 *         per row: LOBs are not prefetched); the link's session writes the
 *         LOB in pieces as they arrive, each piece a conventional dispenser
 *         search (EXACT chunk allocator): dblink_row().
 *
 * A writer_t is one inserting session's undo, dispenser and allocation
 * context over a segment (writer_open); run_insert() drives one writer over
 * a fresh segment, run_cluster() (cluster.c) two over a shared one, and
 * run_readback() (readback.c) watches the chunks run_insert() makes.
 *
 * The figures of a case are the instance-wide delta of the statement: on a
 * loopback link both sessions run on the same instance, so the dblink path
 * reports the sum of the two sessions' statistics.  Every tunable parameter
 * is also reachable by name (dbl_case_set_param), for --param.
 */
#include "insert_int.h"

#include <stddef.h>
#include <stdio.h>
#include <string.h>

void dbl_case_defaults(dbl_case_t *c)
{
    memset(c, 0, sizeof *c);
    c->path = DBL_PATH_LOCAL;
    c->block_size = 8192;
    c->rows = 10000;
    c->lob_chars = 2048;
    c->piece_size = 32767;
    c->seed = 1;
    lob_params_defaults(&c->seg);
    dsp_params_defaults(&c->dsp);
    undo_params_defaults(&c->undo);
    c->link.open_roundtrips = 16;
    c->link.close_roundtrips = 5;
    c->link.row_overhead_bytes = 120;
    c->row.row_gets = 1;
    c->row.cached_lob_blocks = 4;
    c->row.insert_row_gets = 2;
    c->row.map_cr_chunks = 2;
    c->row.append_row_gets_pm = 480;
    c->read.mbrc_kb = 1024;
    c->read.lob_read_kb = 1024;
    c->read.row_bytes = 120;
    c->read.index_entry_bytes = 18;
    c->read.block_header_bytes = 100;
    c->read.fetch_lobs = 1;
    c->cluster.message_bytes = 200;
    c->cluster.ges_per_enqueue = 1;
}

const char *dbl_path_name(dbl_path_t p)
{
    switch (p) {
    case DBL_PATH_LOCAL:
        return "local";
    case DBL_PATH_DBLINK:
        return "dblink";
    case DBL_PATH_COUNT:
        break;
    }
    return "?";
}

int dbl_path_parse(const char *s, dbl_path_t *p)
{
    for (int i = 0; i < DBL_PATH_COUNT; i++)
        if (strcmp(s, dbl_path_name((dbl_path_t)i)) == 0) {
            *p = (dbl_path_t)i;
            return 0;
        }
    return -1;
}

const char *dbl_workload_name(dbl_workload_t w)
{
    static const char *const names[DBL_WL_COUNT] = {"insert", "scan", "rows", "cluster"};
    return (unsigned)w < DBL_WL_COUNT ? names[w] : "?";
}

int dbl_workload_parse(const char *s, dbl_workload_t *w)
{
    for (int i = 0; i < DBL_WL_COUNT; i++)
        if (strcmp(s, dbl_workload_name((dbl_workload_t)i)) == 0) {
            *w = (dbl_workload_t)i;
            return 0;
        }
    return -1;
}

#define MAX_SEGMENT_BYTES (32ULL * 1024 * 1024 * 1024 * 1024)

sim_err_t dbl_case_validate(const dbl_case_t *c, char *msg, size_t msglen)
{
    uint32_t bs = c->block_size;
    if (c->workload >= DBL_WL_COUNT) {
        snprintf(msg, msglen, "unknown workload %d (accepted: insert, scan, rows, cluster)",
                 (int)c->workload);
        return SIM_EINVAL;
    }
    if (c->path >= DBL_PATH_COUNT) {
        snprintf(msg, msglen, "unknown path %d (accepted: local, dblink)", (int)c->path);
        return SIM_EINVAL;
    }
    if (bs != 2048 && bs != 4096 && bs != 8192 && bs != 16384 && bs != 32768) {
        snprintf(msg, msglen, "block size %u (accepted: 2k, 4k, 8k, 16k, 32k)", bs);
        return SIM_EINVAL;
    }
    if (c->lob_chars == 0 || c->lob_chars > (1ULL << 40)) {
        snprintf(msg, msglen, "LOB size %llu characters (accepted: 1 .. 2^40)",
                 (unsigned long long)c->lob_chars);
        return SIM_EINVAL;
    }
    uint32_t payload = bs - c->seg.block_overhead;
    if (c->seg.block_overhead >= bs) {
        snprintf(msg, msglen, "block overhead %u bytes is not below the block size %u",
                 c->seg.block_overhead, bs);
        return SIM_EINVAL;
    }
    if (c->path == DBL_PATH_DBLINK && (c->piece_size < payload || c->piece_size > 64u << 20)) {
        snprintf(msg, msglen,
                 "piece size %u bytes (accepted: %u, one block's payload, .. 67108864)",
                 c->piece_size, payload);
        return SIM_EINVAL;
    }
    /* The whole statement must fit in a segment: rows x blocks x block size. */
    uint64_t blocks = div_up(2 * c->lob_chars, payload);
    if (c->rows > MAX_SEGMENT_BYTES / bs / blocks) {
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
    if (c->dsp.chunk_min_kb == 0 || c->dsp.chunk_divisor == 0 ||
        c->dsp.chunk_max_kb < c->dsp.chunk_min_kb) {
        snprintf(msg, msglen,
                 "dispenser chunks of %u..%u KB, segment / %u (accepted: dsp.chunk_min_kb >= 1, "
                 "dsp.chunk_max_kb >= dsp.chunk_min_kb, dsp.chunk_divisor >= 1)",
                 c->dsp.chunk_min_kb, c->dsp.chunk_max_kb, c->dsp.chunk_divisor);
        return SIM_EINVAL;
    }
    if (c->seg.extent_header_blocks == 0) {
        snprintf(msg, msglen, "extent_header_blocks 0 (accepted: 1 or more)");
        return SIM_EINVAL;
    }
    if (c->row.map_cr_chunks == 0) {
        snprintf(msg, msglen, "map_cr_chunks 0 (accepted: 1 or more)");
        return SIM_EINVAL;
    }
    return SIM_OK;
}

static sim_err_t source_refill(void *arg, uint64_t want, int cont, lob_run_t *run)
{
    (void)want;
    (void)cont;
    return dsp_refill(arg, run);
}

static sim_err_t source_search(void *arg, uint64_t want, int cont, lob_run_t *run)
{
    return dsp_search(arg, want, cont, run);
}

sim_err_t case_segment(const dbl_case_t *c, sim_stats_t *st, lob_segment_t **out)
{
    lob_params_t lp = c->seg;
    lp.block_size = c->block_size;
    return lob_segment_create(&lp, st, out);
}

void writer_close(writer_t *w)
{
    lob_alloc_destroy(w->alloc);
    dsp_destroy(w->dsp);
    undo_destroy(w->undo);
    w->alloc = NULL;
    w->dsp = NULL;
    w->undo = NULL;
}

sim_err_t writer_open(writer_t *w, const dbl_case_t *c, lob_segment_t *seg, sim_stats_t *st,
                      sim_stats_t *user)
{
    memset(w, 0, sizeof *w);
    w->c = c;
    w->st = st;
    w->user = user;
    w->seg = seg;
    w->payload = c->block_size - c->seg.block_overhead;
    w->bytes = 2 * c->lob_chars;
    w->k = div_up(w->bytes, w->payload);
    lob_params_t lp = c->seg;
    lp.block_size = c->block_size;
    int local = c->path == DBL_PATH_LOCAL;
    sim_err_t rc = undo_create(&c->undo, st, &w->undo);
    if (rc == SIM_OK)
        rc = dsp_create(seg, w->undo, &c->dsp, st, &w->dsp);
    if (rc == SIM_OK)
        rc = lob_alloc_create(&lp, local ? LOB_ALLOC_CACHED : LOB_ALLOC_EXACT,
                              local ? source_refill : source_search, w->dsp, st, &w->alloc);
    if (rc != SIM_OK) {
        writer_close(w);
        return rc;
    }
    undo_record(w->undo); /* the insert's own record */
    if (!local)
        sim_stat_add(user, SIM_STAT_DBLINK_ROUNDTRIPS, c->link.open_roundtrips);
    return SIM_OK;
}

/* Reading one source row of t1 and its LOB (NOCACHE): the first blocks go
 * through the buffer cache, the rest are direct reads. */
static void read_source_row(const dbl_case_t *c, uint64_t lob_blocks, uint32_t cached,
                            sim_stats_t *st)
{
    uint64_t through_cache = lob_blocks < cached ? lob_blocks : cached;
    sim_stat_add(st, SIM_STAT_CONSISTENT_GETS, c->row.row_gets + through_cache);
    if (lob_blocks > through_cache) {
        sim_stat_add(st, SIM_STAT_SF_DIRECT_READ_OPS, 1);
        sim_stat_add(st, SIM_STAT_SF_DIRECT_READ_BYTES,
                     (lob_blocks - through_cache) * c->block_size);
    }
}

/* Every data block written is created in the buffer cache in current mode
 * before its direct write. */
static void new_blocks(uint64_t n, sim_stats_t *st)
{
    sim_stat_add(st, SIM_STAT_DB_BLOCK_GETS, n);
    sim_stat_add(st, SIM_STAT_DB_BLOCK_CHANGES, n);
}

sim_err_t local_row(writer_t *w)
{
    const dbl_case_t *c = w->c;
    read_source_row(c, w->k, c->row.cached_lob_blocks, w->st);
    /* The loader's current-mode visits of t2's blocks, spread over the rows
     * it packs into each; an integer accumulator keeps it exact. */
    w->row_gets += c->row.append_row_gets_pm;
    sim_stat_add(w->st, SIM_STAT_DB_BLOCK_GETS, w->row_gets / 1000);
    w->row_gets %= 1000;
    lob_lob_t lob = {0, 0, 0};
    uint64_t chunks = 0;
    sim_err_t rc = lob_alloc_write(w->alloc, w->k, &lob, &chunks);
    if (rc != SIM_OK)
        return rc;
    new_blocks(w->k, w->st);
    undo_vector(w->undo, UNDO_CV_LOB);
    for (uint64_t i = 0; i < chunks; i++)
        undo_vector(w->undo, UNDO_CV_LOB_MAP);
    w->rows++;
    return SIM_OK;
}

/*
 * The receiving session does not know the LOB's length: it writes the full
 * blocks of what has arrived and keeps the partial tail in its write buffer
 * until more data comes or the LOB is closed.
 */
static uint64_t piece_blocks(uint64_t done_before, uint64_t done_after, uint64_t total,
                             uint32_t payload)
{
    uint64_t before = done_before / payload;
    uint64_t after = done_after == total ? div_up(done_after, payload) : done_after / payload;
    return after - before;
}

sim_err_t dblink_row(writer_t *w)
{
    const dbl_case_t *c = w->c;
    sim_stats_t *link = w->st;
    /* One round trip per row carries the whole LOB. */
    sim_stat_add(w->user, SIM_STAT_DBLINK_ROUNDTRIPS, 1);
    sim_stat_add(w->user, SIM_STAT_DBLINK_BYTES_SENT, c->link.row_overhead_bytes);
    sim_stat_add(w->user, SIM_STAT_DBLINK_BYTES_RECEIVED, w->bytes + c->link.row_overhead_bytes);
    read_source_row(c, w->k, 0, link);
    sim_stat_add(link, SIM_STAT_CONSISTENT_GETS, 1); /* the LOB's inode */

    /* The conventional insert of the row into t2; its CR check of the block
     * the previous row changed clones it. */
    sim_stat_add(link, SIM_STAT_DB_BLOCK_GETS, c->row.insert_row_gets);
    sim_stat_add(link, SIM_STAT_DB_BLOCK_CHANGES, 1);
    if (w->rows > 0)
        sim_stat_add(link, SIM_STAT_CR_BLOCKS_CREATED, 1);
    undo_vector(w->undo, UNDO_CV_LOB);

    lob_lob_t lob = {0, 0, 0};
    uint64_t done = 0;
    while (done < w->bytes) {
        uint64_t n = w->bytes - done < c->piece_size ? w->bytes - done : c->piece_size;
        uint64_t nb = piece_blocks(done, done + n, w->bytes, w->payload);
        done += n;
        /* A consistent read of the LOB's map rolls back the map changes this
         * statement made to it: one undo visit per map_cr_chunks chunks
         * already in the LOB, and a clone each time the map block has taken
         * map_cr_chunks more changes. */
        sim_stat_add(link, SIM_STAT_CONSISTENT_GETS, 1 + (lob.chunks + 1) / c->row.map_cr_chunks);
        if (lob.chunks > 0 && lob.chunks % c->row.map_cr_chunks == 0)
            sim_stat_add(link, SIM_STAT_CR_BLOCKS_CREATED, 1);
        if (nb == 0)
            continue;
        uint64_t chunks = 0;
        sim_err_t rc = lob_alloc_write(w->alloc, nb, &lob, &chunks);
        if (rc != SIM_OK)
            return rc;
        new_blocks(nb, link);
        for (uint64_t i = 0; i < chunks; i++)
            undo_vector(w->undo, UNDO_CV_LOB_MAP);
    }
    w->rows++;
    return SIM_OK;
}

sim_err_t writer_row(writer_t *w)
{
    sim_err_t rc = w->c->path == DBL_PATH_LOCAL ? local_row(w) : dblink_row(w);
    if (rc != SIM_OK || !w->c->check_invariants)
        return rc;
    if (lob_segment_check(w->seg) != SIM_OK || dsp_check(w->dsp) != SIM_OK ||
        lob_alloc_check(w->alloc) != SIM_OK || undo_check(w->undo) != SIM_OK)
        return SIM_ECORRUPT;
    return SIM_OK;
}

/*
 * The whole statement in one session.  On the dblink path the user's
 * session drives the link and the link's session does the work; a loopback
 * link puts both on one instance, so the case reports their sum.
 * `observe` (may be NULL) sees every chunk, for the readback workloads.
 */
sim_err_t run_insert(const dbl_case_t *c, sim_stats_t *out, lob_chunk_fn observe, void *arg)
{
    sim_stats_t user, work;
    memset(&user, 0, sizeof user);
    memset(&work, 0, sizeof work);
    lob_segment_t *seg;
    sim_err_t rc = case_segment(c, &work, &seg);
    if (rc != SIM_OK)
        return rc;
    writer_t w;
    rc = writer_open(&w, c, seg, &work, &user);
    if (rc != SIM_OK) {
        lob_segment_destroy(seg);
        return rc;
    }
    lob_alloc_observe(w.alloc, observe, arg);
    for (uint64_t r = 0; r < c->rows && rc == SIM_OK; r++)
        rc = writer_row(&w);
    if (c->path == DBL_PATH_DBLINK)
        sim_stat_add(&user, SIM_STAT_DBLINK_ROUNDTRIPS, c->link.close_roundtrips);
    writer_close(&w);
    lob_segment_destroy(seg);
    if (rc != SIM_OK)
        return rc;
    for (int i = 0; i < SIM_STAT_COUNT; i++)
        out->v[i] = user.v[i] + work.v[i];
    return SIM_OK;
}

sim_err_t dbl_run(const dbl_case_t *c, sim_stats_t *out)
{
    char msg[160];
    if (dbl_case_validate(c, msg, sizeof msg) != SIM_OK)
        return SIM_EINVAL;
    memset(out, 0, sizeof *out);
    switch (c->workload) {
    case DBL_WL_SCAN:
    case DBL_WL_ROWS:
        return run_readback(c, out);
    case DBL_WL_CLUSTER:
        return run_cluster(c, out);
    default:
        return run_insert(c, out, NULL, NULL);
    }
}

/* Every tunable parameter of the model, by the name users give it. */
#define P(name, field)                                                                             \
    {                                                                                              \
        name, offsetof(dbl_case_t, field)                                                          \
    }
static const struct {
    const char *name;
    size_t off;
} params[] = {
    P("block_overhead", seg.block_overhead),
    P("extent_header_blocks", seg.extent_header_blocks),
    P("segment_header_blocks", seg.segment_header_blocks),
    P("cfs_blocks", seg.cfs_blocks),
    P("pua_blocks", seg.pua_blocks),
    P("dsp.chunk_min_kb", dsp.chunk_min_kb),
    P("dsp.chunk_max_kb", dsp.chunk_max_kb),
    P("dsp.chunk_divisor", dsp.chunk_divisor),
    P("dsp.refill_gets", dsp.refill_gets),
    P("dsp.refill_enqueues", dsp.refill_enqueues),
    P("dsp.refill_cgets", dsp.refill_cgets),
    P("dsp.search_gets", dsp.search_gets),
    P("dsp.search_enqueues", dsp.search_enqueues),
    P("dsp.search_cgets", dsp.search_cgets),
    P("dsp.extent_gets", dsp.extent_gets),
    P("dsp.extent_enqueues", dsp.extent_enqueues),
    P("dsp.extent_cr", dsp.extent_cr),
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
    P("read.mbrc_kb", read.mbrc_kb),
    P("read.lob_read_kb", read.lob_read_kb),
    P("read.row_bytes", read.row_bytes),
    P("read.index_entry_bytes", read.index_entry_bytes),
    P("read.block_header_bytes", read.block_header_bytes),
    P("read.fetch_lobs", read.fetch_lobs),
    P("cluster.message_bytes", cluster.message_bytes),
    P("cluster.ges_per_enqueue", cluster.ges_per_enqueue),
};
#undef P
#define NPARAMS (sizeof params / sizeof params[0])

size_t dbl_param_count(void)
{
    return NPARAMS;
}

const char *dbl_param_name(size_t i)
{
    return i < NPARAMS ? params[i].name : NULL;
}

uint32_t dbl_param_get(const dbl_case_t *c, size_t i)
{
    uint32_t v;
    memcpy(&v, (const char *)c + params[i].off, sizeof v);
    return v;
}

int dbl_case_set_param(dbl_case_t *c, const char *name, uint32_t value)
{
    for (size_t i = 0; i < NPARAMS; i++)
        if (strcmp(params[i].name, name) == 0) {
            memcpy((char *)c + params[i].off, &value, sizeof value);
            return 0;
        }
    return -1;
}

int dbl_case_describe_params(const dbl_case_t *c, char *buf, size_t len)
{
    size_t used = 0;
    for (size_t i = 0; i < NPARAMS; i++) {
        int n = snprintf(buf + (used < len ? used : len), used < len ? len - used : 0, "%s%s=%u",
                         i ? " " : "", params[i].name, dbl_param_get(c, i));
        if (n < 0)
            return n;
        used += (size_t)n;
    }
    return (int)used;
}
