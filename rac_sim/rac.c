/*
 * rac.c -- the rac workload: two instances running OLTP transactions on one
 * shared heap table (heapspace.h) through one global cache (gcache.h).
 *
 * Each instance has `users` sessions.  A transaction reads rows by primary
 * key, updates rows and inserts rows, then commits.  A row visit goes to
 * the hot rows both instances use (hot_pm), else to the instance's own rows
 * (affinity_pm) or the other's; rows are owned in runs of run_rows,
 * alternating, so a block that holds the end of one run and the start of
 * the next is used by both (false sharing: fewer rows a block, fewer such
 * blocks).  The users' operations interleave one at a time in an order
 * drawn from the seed, so transactions of both instances are in flight
 * together; `step` counts the operations.
 *
 * Blocks the global cache follows: the table's data blocks, the primary key
 * leaves, the ASSM L1 bitmap blocks, the segment header, and each
 * instance's undo header and undo blocks.  An update of a block last
 * changed by the other instance cleans out its ITL, which reads the other
 * instance's undo header (gc cr).  Inserts fill the instance's own insert
 * block (ASSM gives each instance its own); a new block is formatted under
 * a grant, marks its L1, and each new L1 range moves the high-water mark in
 * the segment header.  The inserted keys come from a NOORDER sequence whose
 * CACHE gives each instance its own range of keys and so its own leaves.
 * A commit changes the undo header and writes the log (gcache_log_written).
 *
 * The counts go into each instance's statistics; time.c turns them into
 * time.
 */
#include <string.h>

#include "gcache.h"
#include "rac_sim_int.h"

/* Block kinds; each instance's undo blocks are a kind of their own. */
enum { K_DATA, K_LEAF, K_L1, K_SEGHDR, K_UNDO_HDR, K_UNDO };
_Static_assert(K_UNDO + GCACHE_INSTANCES <= GCACHE_KINDS, "raise GCACHE_KINDS");

typedef struct {
    uint64_t ins_block; /* the instance's insert block, or UINT64_MAX */
    uint64_t ins_rows;  /* rows in it */
    uint64_t seq_next;  /* the sequence range this instance caches */
    uint64_t seq_end;
    uint64_t undo_block; /* undo block being filled, and its bytes */
    uint64_t undo_bytes;
} instance_t;

typedef struct {
    const case_t *c;
    gcache_t *g;
    sim_prng_t prng;
    uint64_t step;
    const hs_table_t *t;
    uint64_t rows, rows_per_block, per_leaf, l1_span;
    uint64_t next_block; /* the next new data block: the segment's high-water mark */
    uint64_t next_seq;   /* the sequence's next uncached value */
    uint64_t last_leaf;  /* the highest primary key leaf so far */
    instance_t in[GCACHE_INSTANCES];
    sim_stats_t st[GCACHE_INSTANCES]; /* the workload's own counts */
} rac_t;

/* Visit a block; count its gets, its disk read, and the write it will cost
 * the database writer when this instance first dirties it. */
static sim_err_t visit(rac_t *r, int me, unsigned kind, uint64_t id, gcache_mode_t mode,
                       gcache_source_t *src)
{
    gcache_source_t from;
    sim_err_t rc = gcache_access(r->g, me, r->step, kind, id, mode, &from);
    if (rc != SIM_OK)
        return rc;
    sim_stats_t *st = &r->st[me];
    sim_stat_add(st, mode == GCACHE_READ ? SIM_STAT_CONSISTENT_GETS : SIM_STAT_DB_BLOCK_GETS, 1);
    if (from == GCACHE_DISK) {
        sim_stat_add(st, SIM_STAT_PHYS_READS, 1);
        sim_stat_add(st, SIM_STAT_PHYS_READS_CACHE, 1);
    }
    if (mode != GCACHE_READ) {
        sim_stat_add(st, SIM_STAT_DB_BLOCK_CHANGES, 1);
        if (from != GCACHE_LOCAL)
            sim_stat_add(st, SIM_STAT_PHYS_WRITES, 1);
    }
    if (src)
        *src = from;
    return SIM_OK;
}

static uint64_t pick_row(rac_t *r, int me)
{
    const case_rac_params_t *p = &r->c->rac;
    if (sim_prng_below(&r->prng, 1000) < p->hot_pm)
        return 1 + sim_prng_below(&r->prng, p->hot_rows) * (r->rows / p->hot_rows);
    int owner = sim_prng_below(&r->prng, 1000) < p->affinity_pm ? me : 1 - me;
    uint64_t pairs = r->rows / (2 * (uint64_t)p->run_rows);
    uint64_t run = 2 * sim_prng_below(&r->prng, pairs) + (uint64_t)owner;
    return run * p->run_rows + sim_prng_below(&r->prng, p->run_rows) + 1;
}

static sim_err_t read_row(rac_t *r, int me)
{
    uint64_t id = pick_row(r, me);
    sim_err_t rc = visit(r, me, K_LEAF, id / r->per_leaf, GCACHE_READ, NULL);
    if (rc == SIM_OK)
        rc = visit(r, me, K_DATA, hs_table_block_of(r->t, id), GCACHE_READ, NULL);
    return rc;
}

/* Undo for one changed row, in this instance's own undo blocks. */
static sim_err_t undo(rac_t *r, int me)
{
    instance_t *in = &r->in[me];
    uint64_t bytes = r->c->rac.redo_bytes / 2;
    gcache_mode_t mode = GCACHE_CHANGE;
    if (in->undo_bytes == 0 || in->undo_bytes + bytes > r->c->block_size) {
        in->undo_block++;
        in->undo_bytes = 0;
        mode = GCACHE_NEW;
    }
    in->undo_bytes += bytes;
    return visit(r, me, K_UNDO + (unsigned)me, in->undo_block, mode, NULL);
}

static sim_err_t update_row(rac_t *r, int me)
{
    uint64_t id = pick_row(r, me);
    gcache_source_t from;
    sim_err_t rc = visit(r, me, K_LEAF, id / r->per_leaf, GCACHE_READ, NULL);
    if (rc == SIM_OK)
        rc = visit(r, me, K_DATA, hs_table_block_of(r->t, id), GCACHE_CHANGE, &from);
    /* Cleanout of the other instance's ITL: its transaction table. */
    if (rc == SIM_OK && from == GCACHE_SHIPPED)
        rc = visit(r, me, K_UNDO_HDR, (uint64_t)(1 - me), GCACHE_READ, NULL);
    if (rc == SIM_OK)
        rc = undo(r, me);
    return rc;
}

static sim_err_t insert_row(rac_t *r, int me)
{
    instance_t *in = &r->in[me];
    sim_err_t rc = SIM_OK;
    if (in->ins_block == UINT64_MAX || in->ins_rows == r->rows_per_block) {
        /* The full block's L1 bit changes; a new block is formatted. */
        if (in->ins_block != UINT64_MAX)
            rc = visit(r, me, K_L1, in->ins_block / r->l1_span, GCACHE_CHANGE, NULL);
        uint64_t b = r->next_block++;
        if (rc == SIM_OK && b % r->l1_span == 0) {
            rc = visit(r, me, K_SEGHDR, 0, GCACHE_CHANGE, NULL);
            if (rc == SIM_OK)
                rc = visit(r, me, K_L1, b / r->l1_span, GCACHE_NEW, NULL);
        }
        if (rc == SIM_OK)
            rc = visit(r, me, K_DATA, b, GCACHE_NEW, NULL);
        in->ins_block = b;
        in->ins_rows = 0;
    } else {
        rc = visit(r, me, K_DATA, in->ins_block, GCACHE_CHANGE, NULL);
    }
    in->ins_rows++;
    if (in->seq_next == in->seq_end) {
        in->seq_next = r->next_seq;
        in->seq_end = r->next_seq += r->c->rac.seq_cache;
    }
    uint64_t leaf = (r->rows + 1 + in->seq_next++) / r->per_leaf;
    /* A leaf past the last one is new: a split formats it. */
    gcache_mode_t mode = leaf > r->last_leaf ? GCACHE_NEW : GCACHE_CHANGE;
    if (leaf > r->last_leaf)
        r->last_leaf = leaf;
    if (rc == SIM_OK)
        rc = visit(r, me, K_LEAF, leaf, mode, NULL);
    if (rc == SIM_OK)
        rc = undo(r, me);
    return rc;
}

static sim_err_t commit(rac_t *r, int me)
{
    const case_rac_params_t *p = &r->c->rac;
    sim_err_t rc = visit(r, me, K_UNDO_HDR, (uint64_t)me, GCACHE_CHANGE, NULL);
    gcache_log_written(r->g, me, r->step + 1);
    sim_stats_t *st = &r->st[me];
    sim_stat_add(st, SIM_STAT_USER_COMMITS, 1);
    sim_stat_add(st, SIM_STAT_ENQ_TX, 1);
    sim_stat_add(st, SIM_STAT_REDO_SIZE, (uint64_t)p->redo_bytes * (p->updates + p->inserts));
    sim_stat_add(st, SIM_STAT_REDO_WRITES, 1);
    return rc;
}

/* One operation of a user's transaction; *done when it committed. */
static sim_err_t operate(rac_t *r, int me, uint32_t *op, int *done)
{
    const case_rac_params_t *p = &r->c->rac;
    uint32_t k = (*op)++;
    *done = 0;
    if (k < p->reads)
        return read_row(r, me);
    if (k < p->reads + p->updates)
        return update_row(r, me);
    if (k < p->reads + p->updates + p->inserts)
        return insert_row(r, me);
    *op = 0;
    *done = 1;
    return commit(r, me);
}

static uint64_t l1_span(const hs_params_t *p, uint64_t segment_kb)
{
    return segment_kb < p->l1_small_kb ? 16 : segment_kb < p->l1_medium_kb ? 64 : 256;
}

sim_err_t rac_run(const case_t *c, case_result_t *out)
{
    const case_rac_params_t *p = &c->rac;
    rac_t r;
    memset(&r, 0, sizeof r);
    r.c = c;
    hs_table_t *t = NULL;
    uint32_t *ops = sim_calloc(2 * (size_t)p->users, sizeof *ops);
    gcache_params_t gp = {c->block_size, c->cluster.message_bytes, c->cluster.ges_per_enqueue, 2,
                          1};
    sim_err_t rc = ops ? heap_table(c, &t) : SIM_ENOMEM;
    if (rc == SIM_OK)
        rc = gcache_create(&gp, &r.g);
    hs_index_stats_t pk;
    if (rc == SIM_OK)
        rc = hs_index_pk(t, &pk);
    if (rc == SIM_OK) {
        hs_table_stats_t ts;
        hs_table_stats(t, &ts);
        r.t = t;
        r.rows = ts.num_rows;
        r.rows_per_block = (ts.num_rows + ts.data_blocks - 1) / ts.data_blocks;
        r.per_leaf = pk.per_leaf;
        r.l1_span = l1_span(&c->heap, ts.blocks * c->block_size / 1024);
        /* New blocks start after the loaded ones, on an L1 boundary. */
        r.next_block = (ts.data_blocks + r.l1_span - 1) / r.l1_span * r.l1_span;
        for (int i = 0; i < GCACHE_INSTANCES; i++)
            r.in[i].ins_block = UINT64_MAX;
        /* The run starts warm: after the ramp-up both buffer caches hold
         * the table and its primary key, clean. */
        for (uint64_t b = 0; b < ts.data_blocks && rc == SIM_OK; b++)
            rc = gcache_warm(r.g, K_DATA, b);
        r.last_leaf = r.rows / r.per_leaf;
        for (uint64_t l = 0; l <= r.last_leaf && rc == SIM_OK; l++)
            rc = gcache_warm(r.g, K_LEAF, l);
        sim_prng_seed(&r.prng, c->seed);
    }
    uint64_t commits = 0;
    while (rc == SIM_OK && commits < p->transactions) {
        uint64_t u = sim_prng_below(&r.prng, 2 * (uint64_t)p->users);
        int done;
        rc = operate(&r, (int)(u % GCACHE_INSTANCES), &ops[u], &done);
        commits += (uint64_t)done;
        r.step++;
    }
    if (rc == SIM_OK && c->check_invariants)
        rc = gcache_check(r.g);
    for (int i = 0; i < GCACHE_INSTANCES && rc == SIM_OK; i++)
        gcache_finish(r.g, i, r.st[i].v[SIM_STAT_ENQ_TX]);
    if (rc == SIM_OK) {
        sim_stats_t inst[GCACHE_INSTANCES];
        for (int i = 0; i < GCACHE_INSTANCES; i++) {
            inst[i] = r.st[i];
            for (int s = 0; s < SIM_STAT_COUNT; s++)
                inst[i].v[s] += gcache_stats(r.g, i)->v[s];
        }
        sim_stats_t time;
        rac_time(c, inst, &time);
        for (int i = 0; i < GCACHE_INSTANCES; i++) {
            case_result_add(out, CASE_PART_HEAP, &r.st[i]);
            case_result_add(out, CASE_PART_GCACHE, gcache_stats(r.g, i));
        }
        case_result_add(out, CASE_PART_RAC_TIME, &time);
    }
    gcache_destroy(r.g);
    hs_table_destroy(t);
    sim_free(ops);
    return rc;
}

sim_err_t rac_check(const case_t *c, char *msg, size_t len)
{
    const case_rac_params_t *p = &c->rac;
    if (p->instances != GCACHE_INSTANCES) {
        snprintf(msg, len, "rac.instances=%u: the rac workload runs 2 instances (accepted: 2)",
                 p->instances);
        return SIM_EINVAL;
    }
    if (p->users == 0 || p->users > 100000) {
        snprintf(msg, len, "rac.users=%u: sessions per instance must be 1..100000", p->users);
        return SIM_EINVAL;
    }
    if (p->affinity_pm > 1000 || p->hot_pm > 1000) {
        snprintf(msg, len,
                 "rac.%s=%u: an affinity is a fraction 0..1, given in permille (accepted: "
                 "0..1000)",
                 p->affinity_pm > 1000 ? "affinity_pm" : "hot_pm",
                 p->affinity_pm > 1000 ? p->affinity_pm : p->hot_pm);
        return SIM_EINVAL;
    }
    if (p->transactions == 0 || p->run_rows == 0 || p->hot_rows == 0 || p->seq_cache == 0 ||
        p->link_mbit == 0 || p->log_mb_s == 0 || p->reads + p->updates + p->inserts == 0) {
        snprintf(msg, len,
                 "rac: transactions, run_rows, hot_rows, seq_cache, link_mbit, log_mb_s and "
                 "the rows a transaction visits must be at least 1");
        return SIM_EINVAL;
    }
    if (c->rows < 2 * (uint64_t)p->run_rows || c->rows < p->hot_rows) {
        snprintf(msg, len,
                 "--rows=%llu: the rac table needs at least 2 x rac.run_rows (%u) and "
                 "rac.hot_rows (%u) rows",
                 (unsigned long long)c->rows, p->run_rows, p->hot_rows);
        return SIM_EINVAL;
    }
    return heap_check(c, msg, len);
}
