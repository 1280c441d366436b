/*
 * layout.c -- which blocks each statement visits, and in which mode.
 *
 * The table is experiment 2's (heap_table()): rows in key order, as many a
 * block as the block size holds, so that the block size alone decides how
 * many rows share one block and one lock.  Its primary key is an index of
 * leaves of per_leaf keys each under one branch level (the root alone when
 * the index has blevel 1).
 *
 *   read     root, branch and leaf in CR mode, then the row's table block;
 *   update   the same path, the table block in current mode, the undo
 *            (below);
 *   insert   a key from the sequence (each instance caches `seq_cache`
 *            values, NOORDER; refilling the cache changes the sequence's
 *            row in SEQ$, one block both instances change), the row into
 *            the instance's insert block, the key into the index's
 *            right-hand leaf (both instances insert there), the undo;
 *   commit   the transaction's slot in its undo segment header.
 *
 * Space is ASSM's: each instance takes its own range of l1_span new blocks
 * (one L1 bitmap block) by moving the high-water mark in the segment header,
 * formats the blocks it fills one at a time, and changes the block's L1 as
 * the block passes each quarter of its room (ASSM's free-space classes).
 * The index segment allocates its new leaves the same way.  Undo: each
 * instance has `undo_segments` segments that its transactions take in turn;
 * a transaction changes its segment's header when it starts and commits,
 * and writes `undo_bytes` a changed row into the segment's current undo
 * block, a new block (formatted) when it is full.
 */
#include <string.h>

#include "rac_sim_int.h"

const char *rac_kind_name(unsigned kind)
{
    static const char *const names[K_UNDO_HDR0 + 1] = {
        [K_TABLE] = "table block",    [K_LEAF] = "index leaf",    [K_BRANCH] = "index branch",
        [K_SEQ] = "SEQ$ block",       [K_L1] = "L1 bitmap block", [K_SEGHDR] = "segment header",
        [K_UNDO_HDR0] = "undo header"};
    if (kind >= K_UNDO0 && kind < K_COUNT)
        return "undo block";
    if (kind >= K_UNDO_HDR0 && kind < K_UNDO0)
        return names[K_UNDO_HDR0];
    return kind < K_UNDO_HDR0 ? names[kind] : "?";
}

static uint64_t l1_span(const hs_params_t *p, uint64_t segment_kb)
{
    return segment_kb < p->l1_small_kb ? 16 : segment_kb < p->l1_medium_kb ? 64 : 256;
}

static sim_err_t stripes_init(rac_t *r);

sim_err_t rac_layout_init(rac_t *r)
{
    hs_table_stats_t ts;
    hs_index_stats_t pk;
    hs_table_stats(r->t, &ts);
    sim_err_t rc = hs_index_pk(r->t, &pk);
    if (rc != SIM_OK)
        return rc;
    r->rows = ts.num_rows;
    r->data_blocks = ts.data_blocks;
    r->rows_per_block = (ts.num_rows + ts.data_blocks - 1) / ts.data_blocks;
    r->per_leaf = pk.per_leaf;
    r->blevel = pk.blevel;
    /* Level-1 branches under the root, each over `fan` leaves; with blevel
     * 1 the root is the only branch. */
    r->fan = pk.blevel >= 2 && pk.branch_blocks > 1
                 ? (pk.leaf_blocks + pk.branch_blocks - 2) / (pk.branch_blocks - 1)
                 : UINT64_MAX;
    r->l1_span = l1_span(&r->c->heap, ts.blocks * r->c->block_size / 1024);
    /* New blocks start after the loaded ones, on an L1 boundary. */
    r->hwm[0] = (ts.data_blocks + r->l1_span - 1) / r->l1_span * r->l1_span;
    r->hwm[1] = (pk.leaf_blocks + pk.branch_blocks + r->l1_span - 1) / r->l1_span * r->l1_span;
    r->last_leaf = r->rows / r->per_leaf;
    if (r->c->rac.stripe_kb)
        rc = stripes_init(r);
    else if (r->c->rac.stripe_rows)
        r->stripes = (r->rows + r->c->rac.stripe_rows - 1) / r->c->rac.stripe_rows;
    if (rc != SIM_OK)
        return rc;
    for (int i = 0; i < GCACHE_INSTANCES; i++) {
        rac_space_t *s = &r->space[i];
        s->ins_block = UINT64_MAX;
        s->undo_block = sim_calloc(r->c->rac.undo_segments, sizeof *s->undo_block);
        s->undo_bytes = sim_calloc(r->c->rac.undo_segments, sizeof *s->undo_bytes);
        if (s->undo_block == NULL || s->undo_bytes == NULL)
            return SIM_ENOMEM;
    }
    /* The run starts warm: after the ramp-up both instances hold the
     * table, its index, the sequence's block and the segments' space
     * metadata in S, clean; each holds its own undo segment headers in X. */
    gcache_t *g = r->g;
    for (uint64_t b = 0; b < ts.data_blocks && rc == SIM_OK; b++)
        rc = gcache_warm(g, K_TABLE, b);
    for (uint64_t l = 0; l <= r->last_leaf && rc == SIM_OK; l++)
        rc = gcache_warm(g, K_LEAF, l);
    for (uint64_t b = 0; b < pk.branch_blocks && rc == SIM_OK; b++)
        rc = gcache_warm(g, K_BRANCH, b);
    for (uint64_t b = 0; b < 2 && rc == SIM_OK; b++)
        rc = gcache_warm(g, K_SEGHDR, b);
    if (rc == SIM_OK)
        rc = gcache_warm(g, K_SEQ, 0);
    for (uint64_t b = 0; b < 2 * (r->hwm[0] / r->l1_span) && rc == SIM_OK; b += 2)
        rc = gcache_warm(g, K_L1, b);
    for (int i = 0; i < GCACHE_INSTANCES; i++) {
        gcache_set_master(g, K_UNDO_HDR0 + (unsigned)i, i);
        gcache_set_master(g, K_UNDO0 + (unsigned)i, i);
        gcache_set_class(g, K_UNDO_HDR0 + (unsigned)i, GCACHE_CLASS_UNDO_HEADER);
        gcache_set_class(g, K_UNDO0 + (unsigned)i, GCACHE_CLASS_UNDO_BLOCK);
        for (uint32_t s = 0; s < r->c->rac.undo_segments && rc == SIM_OK; s++)
            rc = gcache_hold(g, i, K_UNDO_HDR0 + (unsigned)i, s);
    }
    gcache_set_class(g, K_L1, GCACHE_CLASS_BITMAP);
    gcache_set_class(g, K_SEGHDR, GCACHE_CLASS_SEGMENT_HEADER);
    return rc;
}

/* rac.stripe_kb: the stripes are the row ranges of the table's blocks as
 * it is laid out at a block size of stripe_kb KB (the same rows, only the
 * block size differs), one block's rows a stripe.  Their first rows, and
 * rows + 1 past the last. */
static sim_err_t stripes_init(rac_t *r)
{
    case_t c = *r->c;
    c.block_size = r->c->rac.stripe_kb * 1024;
    hs_table_t *t;
    sim_err_t rc = heap_table(&c, &t);
    if (rc != SIM_OK)
        return rc;
    hs_table_stats_t ts;
    hs_table_stats(t, &ts);
    r->stripe_first = sim_calloc(ts.data_blocks + 1, sizeof *r->stripe_first);
    if (r->stripe_first == NULL) {
        hs_table_destroy(t);
        return SIM_ENOMEM;
    }
    uint64_t prev = UINT64_MAX;
    for (uint64_t row = 1; row <= r->rows; row++) {
        uint64_t b = hs_table_block_of(t, row);
        if (b != prev) {
            assert(r->stripes <= ts.data_blocks);
            r->stripe_first[r->stripes++] = row;
            prev = b;
        }
    }
    r->stripe_first[r->stripes] = r->rows + 1;
    hs_table_destroy(t);
    return SIM_OK;
}

/* A row of instance t's keys when they are stripes dealt in turn (stripe
 * k is instance k mod 2's): a stripe of t's at random, a row of it at
 * random.  Stripes of rac.stripe_rows rows draw again past the table's
 * last row; with a single stripe of rac.stripe_kb, it is both instances'. */
static uint64_t striped_row(rac_t *r, int t)
{
    uint64_t mine = (r->stripes + 1 - (uint64_t)t) / 2;
    if (mine == 0)
        t = 0, mine = 1;
    for (;;) {
        uint64_t k = 2 * sim_prng_below(&r->prng, mine) + (uint64_t)t;
        if (r->stripe_first) {
            uint64_t first = r->stripe_first[k];
            return first + sim_prng_below(&r->prng, r->stripe_first[k + 1] - first);
        }
        uint64_t s = r->c->rac.stripe_rows;
        uint64_t row = 1 + k * s + sim_prng_below(&r->prng, s);
        if (row <= r->rows)
            return row;
    }
}

uint64_t rac_layout_row(rac_t *r, int inst)
{
    /* Instance 0's half of the keys is the lower one. */
    uint64_t half = r->rows / 2;
    int own = sim_prng_below(&r->prng, 1000) < r->c->rac.affinity_pm;
    if (r->stripes)
        return striped_row(r, own ? inst : 1 - inst);
    int lower = own == (inst == 0);
    return lower ? 1 + sim_prng_below(&r->prng, half)
                 : half + 1 + sim_prng_below(&r->prng, r->rows - half);
}

static void add(rac_user_t *us, unsigned kind, uint64_t id, gcache_mode_t mode)
{
    assert(us->nacc < RAC_MAX_ACCESS);
    us->acc[us->nacc++] = (rac_access_t){(uint8_t)kind, (uint8_t)mode, 0, id};
}

/* The primary key from the root to the leaf holding `key`. */
static void index_path(rac_t *r, rac_user_t *us, uint64_t key)
{
    uint64_t leaf = key / r->per_leaf;
    if (r->fan != UINT64_MAX) {
        add(us, K_BRANCH, 0, GCACHE_READ);
        add(us, K_BRANCH, 1 + leaf / r->fan, GCACHE_READ);
    } else {
        add(us, K_BRANCH, 0, GCACHE_READ);
    }
    add(us, K_LEAF, leaf, GCACHE_READ);
}

/* A new block of segment seg (0 table, 1 index) for instance inst: from
 * its range, or a new range past the high-water mark. */
static uint64_t new_block(rac_t *r, rac_user_t *us, int seg)
{
    rac_space_t *s = &r->space[us->inst];
    uint64_t *next = seg ? &s->leaf_next : &s->range_next;
    uint64_t *end = seg ? &s->leaf_end : &s->range_end;
    if (*next == *end) {
        add(us, K_SEGHDR, (uint64_t)seg, GCACHE_CHANGE);
        *next = r->hwm[seg];
        *end = r->hwm[seg] += r->l1_span;
        add(us, K_L1, 2 * (*next / r->l1_span) + (uint64_t)seg, GCACHE_NEW);
    }
    return (*next)++;
}

/* The transaction's undo: its segment header when it starts, one undo
 * record in the segment's current undo block. */
static void undo(rac_t *r, rac_user_t *us)
{
    const case_rac_params_t *p = &r->c->rac;
    rac_space_t *s = &r->space[us->inst];
    rac_tx_t *tx = &r->tx[us->tx];
    uint32_t seg = tx->seg;
    gcache_mode_t mode = GCACHE_CHANGE;
    if (s->undo_bytes[seg] == 0 ||
        s->undo_bytes[seg] + p->undo_bytes > r->c->block_size - RAC_UNDO_BLOCK_HEADER) {
        s->undo_block[seg] = s->undo_next++;
        s->undo_bytes[seg] = 0;
        mode = GCACHE_NEW;
    }
    s->undo_bytes[seg] += p->undo_bytes;
    tx->undo_block = s->undo_block[seg];
    add(us, K_UNDO0 + (unsigned)us->inst, s->undo_block[seg], mode);
}

/* The user's transaction, begun at its first change. */
static sim_err_t begin(rac_t *r, rac_user_t *us)
{
    if (us->tx)
        return SIM_OK;
    if (r->ntx + 1 >= r->txcap) {
        uint64_t cap = r->txcap ? 2 * r->txcap : 1024;
        rac_tx_t *t = sim_realloc(r->tx, cap * sizeof *t);
        if (t == NULL)
            return SIM_ENOMEM;
        memset(t + r->txcap, 0, (cap - r->txcap) * sizeof *t);
        r->tx = t;
        r->txcap = cap;
    }
    rac_space_t *s = &r->space[us->inst];
    us->tx = ++r->ntx;
    rac_tx_t *tx = &r->tx[us->tx];
    tx->state = TX_ACTIVE;
    tx->inst = (uint8_t)us->inst;
    tx->seg = s->next_seg++ % r->c->rac.undo_segments;
    r->n[us->inst].tx_started++;
    us->tx_begun = 1;
    add(us, K_UNDO_HDR0 + (unsigned)us->inst, tx->seg, GCACHE_CHANGE);
    return SIM_OK;
}

/* The row into the instance's insert block. */
static void table_insert(rac_t *r, rac_user_t *us)
{
    rac_space_t *s = &r->space[us->inst];
    uint64_t full = r->rows_per_block;
    if (s->ins_block == UINT64_MAX || s->ins_rows == full) {
        if (s->ins_block != UINT64_MAX)
            add(us, K_L1, 2 * (s->ins_block / r->l1_span), GCACHE_CHANGE);
        s->ins_block = new_block(r, us, 0);
        s->ins_rows = 0;
        add(us, K_TABLE, s->ins_block, GCACHE_NEW);
    } else {
        add(us, K_TABLE, s->ins_block, GCACHE_CHANGE);
    }
    s->ins_rows++;
    /* ASSM's free-space classes: the L1 changes as the block passes a
     * quarter of its room. */
    if (s->ins_rows < full && s->ins_rows * 4 / full != (s->ins_rows - 1) * 4 / full)
        add(us, K_L1, 2 * (s->ins_block / r->l1_span), GCACHE_CHANGE);
}

/* The key into the primary key's leaf; a leaf past the last one is new
 * (a block of the index segment) and changes its branch. */
static void index_insert(rac_t *r, rac_user_t *us, uint64_t key)
{
    uint64_t leaf = key / r->per_leaf;
    if (leaf <= r->last_leaf) {
        index_path(r, us, key);
        us->acc[us->nacc - 1].mode = GCACHE_CHANGE;
        return;
    }
    r->last_leaf = leaf;
    if (r->fan != UINT64_MAX) {
        add(us, K_BRANCH, 0, leaf % r->fan == 0 ? GCACHE_CHANGE : GCACHE_READ);
        add(us, K_BRANCH, 1 + leaf / r->fan, leaf % r->fan == 0 ? GCACHE_NEW : GCACHE_CHANGE);
    } else {
        add(us, K_BRANCH, 0, GCACHE_CHANGE);
    }
    (void)new_block(r, us, 1);
    add(us, K_LEAF, leaf, GCACHE_NEW);
}

sim_err_t rac_layout_statement(rac_t *r, uint32_t u, int op, uint64_t row)
{
    rac_user_t *us = &r->u[u];
    const case_rac_params_t *p = &r->c->rac;
    us->nacc = 0;
    us->idx = 0;
    us->row = 0;
    us->seq_refill = 0;
    us->changed_rows = 0;
    sim_err_t rc = SIM_OK;
    switch (op) {
    case OP_READ:
        index_path(r, us, row);
        add(us, K_TABLE, hs_table_block_of(r->t, row), GCACHE_READ);
        break;
    case OP_UPDATE:
        index_path(r, us, row);
        add(us, K_TABLE, hs_table_block_of(r->t, row), GCACHE_CHANGE);
        us->row = row;
        us->changed_rows = 1;
        rc = begin(r, us);
        if (rc == SIM_OK)
            undo(r, us);
        break;
    case OP_INSERT: {
        rac_space_t *s = &r->space[us->inst];
        if (s->seq_next == s->seq_end) {
            add(us, K_SEQ, 0, GCACHE_CHANGE);
            s->seq_next = r->next_seq;
            s->seq_end = r->next_seq += p->seq_cache;
            us->seq_refill = 1;
        }
        uint64_t key = r->rows + 1 + s->seq_next++;
        us->changed_rows = 1;
        rc = begin(r, us);
        if (rc == SIM_OK) {
            table_insert(r, us);
            index_insert(r, us, key);
            undo(r, us);
        }
        break;
    }
    case OP_COMMIT:
        if (us->tx)
            add(us, K_UNDO_HDR0 + (unsigned)us->inst, r->tx[us->tx].seg, GCACHE_CHANGE);
        break;
    default:
        assert(0);
    }
    return rc;
}
