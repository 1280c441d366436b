/*
 * test_heapspace.c -- the heap model's fast passes against the plain
 * definitions they stand for, on small tables of many shapes:
 *
 *   - the carried NUMBER length of id against hs_number_encode();
 *   - the load (hs_table_create) against a row-by-row fill with the
 *     rows' bytes from the format: rows per block, avg_row_len;
 *   - a table, its full scan, primary key and range scan worked by hand;
 *   - the ID index against its entries sorted in full (qsort of (x, id)),
 *     separators from the sorted neighbours, branch levels packed here;
 *   - the bitmap index against a bit-by-bit encoder that walks the rows one
 *     at a time, each value putting its byte when it next moves on, with
 *     every gap size at an atom's boundary (5/6, 23/24, 133/134 zero bytes)
 *     met somewhere in the shapes.
 *
 * The references are written from the README's definitions (block space,
 * entry layouts, fill rule, bitmap atoms), not from the code under test:
 * no hs_*_room(), hs_*_entry() or hs_row_bytes() here, and hs_branches()
 * only where it is the subject, on separators made up by hand (a branch
 * block filled to the byte).  They are slow, so the tables are small.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "heapspace_int.h"

/* ---- NUMBER length ------------------------------------------------------ */

static void expect_lengths(uint64_t from, uint64_t count)
{
    hs_idlen_t il;
    hs_idlen_start(&il, from);
    for (uint64_t id = from; id < from + count; id++) {
        uint32_t got = hs_idlen_next(&il);
        int want = hs_number_encode(id, NULL);
        if ((int)got != want)
            fail_msg("NUMBER length of %llu: carried %u, encoded %d", (unsigned long long)id, got,
                     want);
    }
}

static void test_id_length(void **state)
{
    (void)state;
    expect_lengths(1, 300000);
    /* Across every power of 100 an id can reach, from below it. */
    for (uint64_t p = 100; p <= 1000000000000000000ULL; p *= 100)
        expect_lengths(p - 250, 600);
    expect_lengths(3999999000ULL, 2000);
}

/* ---- the load ----------------------------------------------------------- */

typedef struct {
    uint32_t bs;
    uint64_t rows, seed;
    uint32_t pctfree, min_row_bytes, index_fixed_bytes, single_gap;
} shape_t;

/* Block sizes, pctfree 0 to 40, a Hakan factor that fills blocks before
 * their bytes do (min_row_bytes 40: every block full to max_rows, so a
 * bitmap byte spans two blocks), index blocks that leave few entries
 * (index_fixed_bytes 7000: 9 entries a leaf, thousands of branch blocks,
 * blevel 3), gaps of about 23 zero bytes between blocks (min_row_bytes 21
 * at 8k) and of about 133 (16k), one-bit atoms after no gap only. */
static const shape_t shapes[] = {
    {8192, 60000, 1, 10, 11, 112, 23},  {4096, 45001, 7, 0, 11, 112, 23},
    {16384, 77777, 3, 25, 11, 112, 23}, {32768, 150000, 12345, 10, 11, 112, 23},
    {8192, 30011, 5, 0, 40, 112, 23},   {4096, 20000, 9, 40, 13, 930, 23},
    {2048, 9999, 2, 10, 11, 112, 23},   {8192, 1, 1, 10, 11, 112, 23},
    {32768, 50000, 0, 5, 90, 230, 23},  {8192, 150000, 4, 10, 11, 7000, 23},
    {8192, 60000, 11, 10, 21, 112, 23}, {16384, 120000, 6, 10, 11, 112, 23},
    {8192, 40000, 8, 10, 11, 108, 0},
};
#define NSHAPES (sizeof shapes / sizeof shapes[0])

static hs_table_t *load(const shape_t *sh, hs_params_t *p)
{
    hs_params_defaults(p);
    p->pctfree = sh->pctfree;
    p->min_row_bytes = sh->min_row_bytes;
    p->index_fixed_bytes = sh->index_fixed_bytes;
    p->bbc_single_gap = sh->single_gap;
    hs_table_t *t;
    char msg[256];
    if (hs_table_create(p, sh->bs, sh->rows, sh->seed, &t, msg, sizeof msg) != SIM_OK)
        fail_msg("shape bs %u rows %llu: %s", sh->bs, (unsigned long long)sh->rows, msg);
    assert_int_equal(hs_table_check(t), SIM_OK);
    return t;
}

/* The block space as the README gives it, from the parameters alone. */
static uint64_t reserve(const hs_params_t *p, uint32_t bs)
{
    return (uint64_t)bs * p->pctfree / 100;
}

/* Bytes create index lets a leaf's entries and slots use: kdxlebksz less
 * the 36-byte header, less pctfree of the block. */
static uint64_t leaf_room(const hs_params_t *p, uint32_t bs)
{
    return bs - p->index_fixed_bytes - p->itl_bytes * p->leaf_itls - 36 - reserve(p, bs);
}

/* A branch block's: kdxbrbksz less the 28-byte header, packed full. */
static uint64_t branch_room(const hs_params_t *p, uint32_t bs)
{
    return bs - p->index_fixed_bytes - p->itl_bytes * p->branch_itls - 28;
}

/* Branch levels over n children, sep[i] the bytes (entry + slot) that
 * separate child i from child i - 1; a block's first child needs none and
 * its separator goes up a level.  Overwrites sep. */
static void ref_branches(uint64_t *sep, uint64_t n, uint64_t room, uint64_t *blevel,
                         uint64_t *blocks)
{
    *blevel = 0, *blocks = 0;
    while (n > 1) {
        uint64_t parents = 0, used = 0;
        for (uint64_t i = 0; i < n; i++) {
            if (i > 0 && used + sep[i] <= room) {
                used += sep[i];
                continue;
            }
            sep[parents++] = i ? sep[i] : 0;
            used = 0;
        }
        ++*blevel;
        *blocks += parents;
        n = parents;
    }
}

/* Bytes of v as Oracle's NUMBER (README, "Rows"): an exponent byte and
 * its base-100 digits less the trailing zero ones; 0 is the one byte 0x80. */
static uint32_t number_bytes(uint64_t v)
{
    if (v == 0)
        return 1;
    uint32_t digits = 0;
    while (v % 100 == 0)
        v /= 100;
    for (; v; v /= 100)
        digits++;
    return 1 + digits;
}

/* A row without its slot: the 3-byte header, then id, n and x as columns
 * (a length byte each; x 20 characters).  n comes from the data (the hash
 * standing in for ora_hash), the bytes from the format. */
static uint32_t row_bytes(uint64_t id, uint32_t n)
{
    return 3 + (1 + number_bytes(id)) + (1 + number_bytes(n)) + (1 + 20);
}

static void test_load(void **state)
{
    (void)state;
    for (size_t i = 0; i < NSHAPES; i++) {
        hs_params_t p;
        hs_table_t *t = load(&shapes[i], &p);
        hs_table_stats_t ts;
        hs_table_stats(t, &ts);
        /* Row by row: into the block until the next row and its slot would
         * pass the room (the block less its headers, two ITLs and pctfree),
         * or the block holds max_rows. */
        const uint64_t room = t->bs - 56 - 2 * 24 - 18 - reserve(&p, t->bs);
        uint64_t block = 0, used = 0, in = 0, cols = 0;
        for (uint64_t id = 1; id <= t->rows; id++) {
            uint32_t need = row_bytes(id, hs_row_n(t->seed, id)) + 2;
            if (in > 0 && (used + need > room || in == ts.max_rows))
                block++, used = 0, in = 0;
            used += need, in++;
            cols += row_bytes(id, hs_row_n(t->seed, id)) - 3;
            if (hs_table_block_of(t, id) != block)
                fail_msg("shape %zu: row %llu in block %llu, by hand %llu", i,
                         (unsigned long long)id, (unsigned long long)hs_table_block_of(t, id),
                         (unsigned long long)block);
        }
        assert_int_equal(ts.data_blocks, block + 1);
        assert_int_equal(ts.avg_row_len, (cols + t->rows / 2) / t->rows);
        hs_table_destroy(t);
    }
}

/* ---- the primary key ---------------------------------------------------- */

/* Bytes of the shortest prefix of b above a. */
static uint32_t prefix_above(const uint8_t *a, uint32_t la, const uint8_t *b, uint32_t lb)
{
    uint32_t i = 0;
    while (i < la && i < lb && a[i] == b[i])
        i++;
    return i < lb ? i + 1 : lb;
}

/* Entry by entry: flag, lock, rowid 6, 1 + NUMBER, slot 2, into the leaf
 * while the bytes stay within the room; a separator of dba 4, 1 + the
 * shortest prefix of the leaf's first key above the last key before, and
 * a slot. */
static void test_pk_index(void **state)
{
    (void)state;
    for (size_t i = 0; i < NSHAPES; i++) {
        hs_params_t p;
        hs_table_t *t = load(&shapes[i], &p);
        hs_index_stats_t got;
        assert_int_equal(hs_index_pk(t, &got), SIM_OK);
        const uint64_t room = leaf_room(&p, t->bs);
        uint64_t *sep = calloc(t->rows + 1, sizeof *sep);
        assert_non_null(sep);
        uint64_t leaves = 1, used = 0, in = 0, most = 0, seps = 0;
        for (uint64_t id = 1; id <= t->rows; id++) {
            uint8_t key[21], prev[21];
            uint64_t e = 2 + 6 + 1 + (uint64_t)hs_number_encode(id, key) + 2;
            if (in > 0 && used + e > room) {
                int lp = hs_number_encode(id - 1, prev), lk = hs_number_encode(id, key);
                sep[leaves] = 4 + 1 + prefix_above(prev, (uint32_t)lp, key, (uint32_t)lk) + 2;
                seps += sep[leaves++];
                most = in > most ? in : most;
                used = 0, in = 0;
            }
            used += e, in++;
        }
        most = in > most ? in : most;
        uint64_t blevel, branches;
        ref_branches(sep, leaves, branch_room(&p, t->bs), &blevel, &branches);
        free(sep);
        if (got.leaf_blocks != leaves || got.blevel != blevel || got.branch_blocks != branches ||
            got.sep_bytes != seps || got.per_leaf != most)
            fail_msg("shape %zu: leaves %llu/%llu blevel %llu/%llu branches %llu/%llu "
                     "separators %llu/%llu per leaf %llu/%llu",
                     i, (unsigned long long)got.leaf_blocks, (unsigned long long)leaves,
                     (unsigned long long)got.blevel, (unsigned long long)blevel,
                     (unsigned long long)got.branch_blocks, (unsigned long long)branches,
                     (unsigned long long)got.sep_bytes, (unsigned long long)seps,
                     (unsigned long long)got.per_leaf, (unsigned long long)most);
        hs_table_destroy(t);
    }
}

/* ---- the ID index ------------------------------------------------------- */

typedef struct {
    uint32_t x, id;
} xentry_t;

static int by_key(const void *a, const void *b)
{
    const xentry_t *l = a, *r = b;
    if (l->x != r->x)
        return l->x < r->x ? -1 : 1;
    return l->id < r->id ? -1 : l->id > r->id;
}

/* How often hs_index_x_levels() built the index [0] or had blevel from
 * the bounds [1]: both must be met. */
static unsigned x_levels_path[2];

static void test_x_index(void **state)
{
    (void)state;
    for (size_t i = 0; i < NSHAPES; i++) {
        hs_params_t p;
        hs_table_t *t = load(&shapes[i], &p);
        hs_index_stats_t got;
        assert_int_equal(hs_index_x(t, &got), SIM_OK);
        xentry_t *e = malloc(t->rows * sizeof *e);
        assert_non_null(e);
        for (uint64_t id = 1; id <= t->rows; id++)
            e[id - 1] = (xentry_t){hs_row_x(t->seed, id), (uint32_t)id};
        qsort(e, t->rows, sizeof *e, by_key);
        /* Entry: flag, lock, 1 + 20, 1 + 6; slot 2. */
        uint64_t per_leaf = leaf_room(&p, t->bs) / (2 + 21 + 7 + 2);
        uint64_t leaves = (t->rows + per_leaf - 1) / per_leaf;
        uint64_t *sep = calloc(leaves, sizeof *sep);
        assert_non_null(sep);
        for (uint64_t l = 1; l < leaves; l++) {
            const xentry_t *a = &e[l * per_leaf - 1], *b = &e[l * per_leaf];
            char ka[21], kb[21]; /* lpad(x, 20, '0') */
            snprintf(ka, sizeof ka, "%020u", a->x);
            snprintf(kb, sizeof kb, "%020u", b->x);
            if (a->x != b->x) { /* dba 4, 1 + prefix of x, TERM 1; slot 2 */
                sep[l] =
                    4 + 1 + prefix_above((const uint8_t *)ka, 20, (const uint8_t *)kb, 20) + 1 + 2;
            } else { /* dba 4, 1 + 20, 1 + prefix of the rowid; slot 2 */
                uint8_t ra[6], rb[6];
                hs_rowid(t, a->id, ra), hs_rowid(t, b->id, rb);
                sep[l] = 4 + 21 + 1 + prefix_above(ra, 6, rb, 6) + 2;
            }
        }
        uint64_t blevel, branches, seps = 0;
        for (uint64_t l = 1; l < leaves; l++)
            seps += sep[l];
        ref_branches(sep, leaves, branch_room(&p, t->bs), &blevel, &branches);
        if (got.leaf_blocks != leaves || got.blevel != blevel || got.branch_blocks != branches ||
            got.sep_bytes != seps)
            fail_msg("shape %zu: leaves %llu/%llu blevel %llu/%llu branches %llu/%llu "
                     "separators %llu/%llu bytes",
                     i, (unsigned long long)got.leaf_blocks, (unsigned long long)leaves,
                     (unsigned long long)got.blevel, (unsigned long long)blevel,
                     (unsigned long long)got.branch_blocks, (unsigned long long)branches,
                     (unsigned long long)got.sep_bytes, (unsigned long long)seps);
        if (shapes[i].index_fixed_bytes == 7000 && got.blevel < 3)
            fail_msg("shape %zu: blevel %llu, meant to have 3 or more branch levels", i,
                     (unsigned long long)got.blevel);
        /* The figures user_indexes shows, without the build where the
         * separators' bounds settle blevel: on the table and on a prefix
         * of it (whose fallback loads the whole table). */
        hs_table_t *pre;
        char msg[256];
        assert_int_equal(hs_table_create_prefix(&p, t->bs, t->rows, t->seed, t->rows / 3 + 1, &pre,
                                                msg, sizeof msg),
                         SIM_OK);
        const hs_table_t *both[2] = {t, pre};
        for (int k = 0; k < 2; k++) {
            hs_index_stats_t lv;
            assert_int_equal(hs_index_x_levels(both[k], &lv), SIM_OK);
            if (lv.num_rows != t->rows || lv.leaf_blocks != leaves || lv.blevel != blevel ||
                lv.per_leaf != per_leaf)
                fail_msg("shape %zu (%s): levels give rows %llu leaves %llu/%llu blevel "
                         "%llu/%llu per leaf %llu/%llu",
                         i, k ? "prefix" : "whole", (unsigned long long)lv.num_rows,
                         (unsigned long long)lv.leaf_blocks, (unsigned long long)leaves,
                         (unsigned long long)lv.blevel, (unsigned long long)blevel,
                         (unsigned long long)lv.per_leaf, (unsigned long long)per_leaf);
            /* The bounds' answer leaves the branch blocks uncounted. */
            x_levels_path[lv.blevel > 0 && lv.branch_blocks == 0]++;
        }
        hs_table_destroy(pre);
        free(sep);
        free(e);
        hs_table_destroy(t);
    }
    if (x_levels_path[0] == 0 || x_levels_path[1] == 0)
        fail_msg("the shapes met the ID index build %u times and the bounds %u times: both "
                 "are to be met",
                 x_levels_path[0], x_levels_path[1]);
}

/* ---- a prefix of the load ----------------------------------------------- */

/* hs_table_create_prefix(): the blocks of the whole load up to the one
 * holding `upto`, and the range and few-rows queries on it as on the whole
 * table, at their own upto. */
static void test_prefix(void **state)
{
    (void)state;
    for (size_t i = 0; i < NSHAPES; i++) {
        hs_params_t p;
        hs_table_t *t0 = load(&shapes[i], &p), *t;
        p.range_rows = (uint32_t)(t0->rows / 2 + 1);
        p.few_rows = 7;
        char msg[256];
        assert_int_equal(hs_table_create(&p, t0->bs, t0->rows, t0->seed, &t, msg, sizeof msg),
                         SIM_OK);
        hs_table_destroy(t0);
        const uint64_t uptos[] = {1, t->rows / 2, t->rows, hs_query_range_upto(&p, t->rows),
                                  hs_query_few_rows_upto(&p, t->rows, t->seed)};
        for (size_t u = 0; u < sizeof uptos / sizeof uptos[0]; u++) {
            uint64_t upto = uptos[u] ? uptos[u] : 1;
            hs_table_t *pre;
            assert_int_equal(
                hs_table_create_prefix(&p, t->bs, t->rows, t->seed, upto, &pre, msg, sizeof msg),
                SIM_OK);
            assert_int_equal(hs_table_check(pre), SIM_OK);
            uint64_t b = hs_table_block_of(t, upto);
            /* Up to and with the block of upto, no further. */
            if (pre->ndata != b + 1 || pre->loaded != t->first_id[b + 1] - 1)
                fail_msg("shape %zu upto %llu: %llu blocks and %llu rows loaded, the whole "
                         "load's block %llu ends at row %llu",
                         i, (unsigned long long)upto, (unsigned long long)pre->ndata,
                         (unsigned long long)pre->loaded, (unsigned long long)b,
                         (unsigned long long)(t->first_id[b + 1] - 1));
            for (uint64_t k = 0; k <= b; k++)
                if (pre->first_id[k] != t->first_id[k] || pre->addr[k] != t->addr[k])
                    fail_msg("shape %zu upto %llu: block %llu differs from the whole load's", i,
                             (unsigned long long)upto, (unsigned long long)k);
            hs_table_destroy(pre);
        }
        hs_query_t whole, part;
        hs_table_t *pre;
        for (int k = 0; k < 2; k++) {
            uint64_t upto =
                k ? hs_query_few_rows_upto(&p, t->rows, t->seed) : hs_query_range_upto(&p, t->rows);
            assert_int_equal(
                hs_table_create_prefix(&p, t->bs, t->rows, t->seed, upto, &pre, msg, sizeof msg),
                SIM_OK);
            sim_err_t (*query)(const hs_table_t *, hs_query_t *) =
                k ? hs_query_few_rows : hs_query_range;
            assert_int_equal(query(t, &whole), SIM_OK);
            assert_int_equal(query(pre, &part), SIM_OK);
            if (memcmp(&whole, &part, sizeof whole) != 0)
                fail_msg("shape %zu: the %s query differs on the prefix (reads %llu/%llu, gets "
                         "%llu/%llu)",
                         i, k ? "few-rows" : "range", (unsigned long long)part.reads_cache,
                         (unsigned long long)whole.reads_cache,
                         (unsigned long long)part.consistent_gets,
                         (unsigned long long)whole.consistent_gets);
            hs_table_destroy(pre);
        }
        hs_table_destroy(t);
    }
}

/* ---- the bitmap index --------------------------------------------------- */

/* One value's bitmap in the making, bit by bit as the rows come. */
typedef struct {
    int64_t byte;   /* the byte last given a bit, -1 before any */
    uint32_t bits;  /* that byte's bits */
    int64_t prev;   /* the last byte written to the piece, -1 at its start */
    uint32_t lits;  /* literals of the open gap/literal atom, 0 if none */
    uint64_t first; /* the piece's first set bit */
    uint64_t bytes, pieces, piece_bytes[4096], piece_first[4096];
} ref_value_t;

/* Gap sizes at an atom's boundary, and how often each was met. */
static const uint64_t boundary_gap[] = {5, 6, 23, 24, 133, 134};
static uint64_t boundary_seen[6];

/* Length bytes of a gap of g zero bytes (README): none below 6, then 7 bits
 * a byte of g - 6. */
static uint64_t ref_gap_bytes(uint64_t g)
{
    if (g < 6)
        return 0;
    uint64_t n = 1;
    for (uint64_t v = g - 6; v > 127; v >>= 7)
        n++;
    return n;
}

/* Write v->byte after the piece's last byte: a literal of the open atom if
 * it follows that byte and the atom has fewer than 8; else a one-bit atom
 * if it has one bit and the gap is at most single_gap; else a gap/literal
 * atom (control, gap length bytes, literal).  A piece is closed first when
 * this would pass `limit`. */
static void ref_write(ref_value_t *v, uint64_t limit, uint32_t single_gap)
{
    for (int pass = 0; pass < 2; pass++) {
        uint64_t gap = v->prev < 0 ? 0 : (uint64_t)(v->byte - v->prev - 1);
        int one_bit = (v->bits & (v->bits - 1)) == 0;
        uint64_t cost;
        uint32_t lits;
        if (v->prev >= 0 && gap == 0 && v->lits >= 1 && v->lits < 8)
            cost = 1, lits = v->lits + 1;
        else if (one_bit && gap <= single_gap)
            cost = 1, lits = 0;
        else
            cost = 2 + ref_gap_bytes(gap), lits = 1;
        if (v->prev >= 0 && v->bytes + cost > limit) {
            assert_true(v->pieces < 4096);
            v->piece_first[v->pieces] = v->first;
            v->piece_bytes[v->pieces++] = v->bytes;
            v->bytes = 0, v->prev = -1, v->lits = 0;
            continue; /* again, as a piece's first byte */
        }
        for (size_t g = 0; g < 6; g++)
            boundary_seen[g] += v->prev >= 0 && gap == boundary_gap[g];
        if (v->prev < 0) {
            uint32_t place = 0;
            while (!(v->bits >> place & 1u))
                place++;
            v->first = (uint64_t)v->byte * 8 + place;
        }
        v->bytes += cost, v->lits = lits, v->prev = v->byte;
        return;
    }
}

/* The rowid of the row at bit `bit` of the rowid space. */
static void ref_rowid(const hs_table_t *t, uint64_t bit, uint8_t out[6])
{
    uint64_t b = bit / t->max_rows;
    hs_rowid(t, t->first_id[b] + bit % t->max_rows, out);
}

static void test_bitmap_index(void **state)
{
    (void)state;
    static ref_value_t val[11];
    memset(boundary_seen, 0, sizeof boundary_seen);
    for (size_t i = 0; i < NSHAPES; i++) {
        hs_params_t p;
        hs_table_t *t = load(&shapes[i], &p);
        hs_index_stats_t got;
        assert_int_equal(hs_index_bitmap_n(t, &got), SIM_OK);
        const uint64_t room = leaf_room(&p, t->bs);
        memset(val, 0, sizeof val);
        uint8_t key[11][21];
        uint64_t keylen[11];
        for (int k = 0; k < 11; k++) {
            val[k].byte = val[k].prev = -1;
            keylen[k] = (uint64_t)hs_number_encode((uint64_t)k, key[k]);
        }
        for (uint64_t id = 1; id <= t->rows; id++) {
            uint64_t b = hs_table_block_of(t, id);
            uint64_t bit = b * t->max_rows + (id - t->first_id[b]);
            uint32_t k = hs_row_n(t->seed, id);
            ref_value_t *v = &val[k];
            /* A piece's entry (flag, lock, 1 + key, 1 + 6 twice, 2 + bitmap)
             * and its slot take at most half the room. */
            uint64_t limit = room / 2 - (2 + 1 + keylen[k] + 14 + 2) - 2;
            if (v->byte >= 0 && (int64_t)(bit / 8) != v->byte)
                ref_write(v, limit, p.bbc_single_gap);
            if ((int64_t)(bit / 8) != v->byte)
                v->bits = 0;
            v->byte = (int64_t)(bit / 8);
            v->bits |= 1u << (bit % 8);
        }
        uint64_t pieces = 0, leaves = 0, used = 0, bytes = 0;
        for (int k = 0; k < 11; k++)
            if (val[k].byte >= 0) {
                ref_write(&val[k], room / 2 - (2 + 1 + keylen[k] + 14 + 2) - 2, p.bbc_single_gap);
                val[k].piece_first[val[k].pieces] = val[k].first;
                val[k].piece_bytes[val[k].pieces++] = val[k].bytes;
            }
        uint64_t *sep = calloc(t->rows + 1, sizeof *sep);
        assert_non_null(sep);
        int last = -1;
        for (int k = 0; k < 11; k++)
            for (uint64_t j = 0; j < val[k].pieces; j++, pieces++) {
                uint64_t bm = val[k].piece_bytes[j];
                uint64_t e = 2 + 1 + keylen[k] + 14 + (bm <= 250 ? 1 : 2) + bm + 2;
                if (pieces == 0 || used + e > room) {
                    if (last >= 0 && last != k) /* dba, 1 + key prefix, TERM, slot */
                        sep[leaves] = 4 + 1 +
                                      prefix_above(key[last], (uint32_t)keylen[last], key[k],
                                                   (uint32_t)keylen[k]) +
                                      1 + 2;
                    else if (last == k) { /* dba, 1 + key, 1 + rowid prefix, TERM, slot */
                        uint8_t ra[6], rb[6];
                        ref_rowid(t, val[k].piece_first[j - 1], ra);
                        ref_rowid(t, val[k].piece_first[j], rb);
                        sep[leaves] = 4 + 1 + keylen[k] + 1 + prefix_above(ra, 6, rb, 6) + 1 + 2;
                    }
                    leaves++, used = 0;
                }
                used += e, last = k;
                bytes += bm;
            }
        uint64_t blevel, branches, seps = 0;
        for (uint64_t l = 1; l < leaves; l++)
            seps += sep[l];
        ref_branches(sep, leaves, branch_room(&p, t->bs), &blevel, &branches);
        free(sep);
        if (got.num_rows != pieces || got.leaf_blocks != leaves || got.bitmap_bytes != bytes ||
            got.blevel != blevel || got.branch_blocks != branches || got.sep_bytes != seps)
            fail_msg("shape %zu: pieces %llu/%llu leaves %llu/%llu bytes %llu/%llu blevel "
                     "%llu/%llu branches %llu/%llu separators %llu/%llu",
                     i, (unsigned long long)got.num_rows, (unsigned long long)pieces,
                     (unsigned long long)got.leaf_blocks, (unsigned long long)leaves,
                     (unsigned long long)got.bitmap_bytes, (unsigned long long)bytes,
                     (unsigned long long)got.blevel, (unsigned long long)blevel,
                     (unsigned long long)got.branch_blocks, (unsigned long long)branches,
                     (unsigned long long)got.sep_bytes, (unsigned long long)seps);
        hs_table_destroy(t);
    }
    for (size_t g = 0; g < 6; g++)
        if (boundary_seen[g] == 0)
            fail_msg("no shape has a gap of exactly %llu zero bytes",
                     (unsigned long long)boundary_gap[g]);
}

/* ---- worked examples ---------------------------------------------------- */

/* A table whose rows per block the Hakan factor sets, not the bytes, so that
 * every figure follows from the README's rules by hand, whatever the hash
 * puts in n and x.  8 KB blocks, 1 MB extents (128 blocks), min_row_bytes
 * 100:
 *
 *   max_rows    (8192 - 56 - 2 x 24 - 18) / 100 = 8070 / 100 = 80 rows a
 *               block (a row is at most 33 bytes with its slot: 80 x 33 =
 *               2640 bytes, far below the room of 8192 - 122 - 819 = 7251);
 *   data        10,000 rows / 80 = 125 blocks;
 *   extent 1    the segment's 1 MB is at most l1_small_kb: an L1 maps 16
 *               blocks, 128 / 16 = 8 L1s, + the segment header and the L2
 *               = 10 ASSM blocks, 118 data blocks;
 *   extent 2    the segment is 2 MB: an L1 maps 64 blocks, 2 L1s; the last
 *               125 - 118 = 7 data blocks; the HWM 128 + 2 + 7 = 137;
 *   full scan   a call reads at most 1 MB = 128 blocks and never across an
 *               extent: one call of 118 blocks, one of 7, both multiblock;
 *               125 blocks x 8192 = 1,024,000 bytes; 10,000 / 5000 + 1 = 3
 *               fetches; gets 125 + (3 - 1) + 1 (segment header) = 128;
 *   the key     id takes 1 + 2 bytes for 1..99, for the multiples of 100
 *               and for 10000 (trailing zero digits dropped: 200 is C2 03),
 *               1 + 3 for the rest: entries of 2 + 6 + 3 + 2 (slot) = 13
 *               bytes (99 + 99 + 1 of them) or 14 (9801): 139,801 bytes;
 *               a leaf takes 8192 - 112 - 2 x 24 - 36 - 819 = 7177 bytes;
 *               the first leaf 99 x 13 + 13 + 4 x (99 x 14 + 13) + 20 x 14
 *               = 7176: ids 1..520; every leaf but the last ends above
 *               7177 - 14, so 19 leaves hold at most 19 x 7177 = 136,363 <
 *               139,801 and at least 19 x 7164 = 136,116, leaving at most
 *               3,685 for the 20th: 20 leaves, one branch block above them
 *               (19 separators of about 10 bytes), blevel 1;
 *   range scan  ids 1..10,000 (range_rows 100,000 is more than the table):
 *               1 branch + 20 leaves + 125 table blocks = 146 single-block
 *               reads, 1,196,032 bytes; 10,000 / 1000 + 1 = 11 fetches;
 *               gets 146 + 2 x (11 - 1) = 166.
 *
 * And at 9,500 rows: 119 data blocks, the second extent's one data block
 * read by a single-block call: 2 calls, 1 multiblock, gets 119 + 1 + 1. */
static hs_table_t *hakan_table(uint64_t rows)
{
    hs_params_t p;
    hs_params_defaults(&p);
    p.min_row_bytes = 100;
    hs_table_t *t;
    char msg[256];
    if (hs_table_create(&p, 8192, rows, 1, &t, msg, sizeof msg) != SIM_OK)
        fail_msg("%s", msg);
    return t;
}

static void test_worked_table(void **state)
{
    (void)state;
    hs_table_t *t = hakan_table(10000);
    hs_table_stats_t ts;
    hs_table_stats(t, &ts);
    assert_int_equal(ts.max_rows, 80);
    assert_int_equal(ts.data_blocks, 125);
    assert_int_equal(ts.meta_blocks, 12);
    assert_int_equal(ts.blocks, 137);
    assert_int_equal(ts.extents, 2);
    assert_int_equal(ts.num_rows, 10000);
    for (uint64_t b = 0; b < 125; b++)
        assert_int_equal(hs_table_block_of(t, 80 * b + 1), b);

    hs_query_t q;
    hs_query_fts(t, &q);
    assert_int_equal(q.reads_direct, 125);
    assert_int_equal(q.reads_cache, 0);
    assert_int_equal(q.read_requests, 2);
    assert_int_equal(q.multi_requests, 2);
    assert_int_equal(q.read_bytes, 1024000);
    assert_int_equal(q.rows, 10000);
    assert_int_equal(q.roundtrips, 3);
    assert_int_equal(q.consistent_gets, 128);

    hs_index_stats_t pk;
    assert_int_equal(hs_index_pk(t, &pk), SIM_OK);
    assert_int_equal(pk.num_rows, 10000);
    assert_int_equal(pk.leaf_blocks, 20);
    assert_int_equal(pk.blevel, 1);
    assert_int_equal(pk.branch_blocks, 1);
    assert_int_equal(pk.per_leaf, 520);

    assert_int_equal(hs_query_range(t, &q), SIM_OK);
    assert_int_equal(q.reads_direct, 0);
    assert_int_equal(q.reads_cache, 146);
    assert_int_equal(q.read_requests, 146);
    assert_int_equal(q.multi_requests, 0);
    assert_int_equal(q.read_bytes, 1196032);
    assert_int_equal(q.rows, 10000);
    assert_int_equal(q.roundtrips, 11);
    assert_int_equal(q.consistent_gets, 166);
    hs_table_destroy(t);

    t = hakan_table(9500);
    hs_query_fts(t, &q);
    assert_int_equal(q.reads_direct, 119);
    assert_int_equal(q.read_requests, 2);
    assert_int_equal(q.multi_requests, 1);
    assert_int_equal(q.roundtrips, 2);
    assert_int_equal(q.consistent_gets, 121);
    hs_table_destroy(t);
}

/* Branch blocks are packed full (README, "Index blocks"): an 8k branch
 * block has 8192 - 112 - 24 (one ITL) - 28 (header) = 8028 bytes for
 * entries and slots.  670 children with separators of 12 bytes each: the
 * first child needs none, the other 669 take 669 x 12 = 8028 bytes, the
 * room exactly: one branch block, blevel 1.  One child more needs a second
 * block and a root above the two: blevel 2, 3 branch blocks. */
static void test_branch_exact_fit(void **state)
{
    (void)state;
    hs_table_t *t = hakan_table(100);
    uint16_t sep[671];
    for (size_t i = 0; i < 671; i++)
        sep[i] = i ? 12 : 0;
    hs_index_stats_t s;
    assert_int_equal(hs_branches(t, sep, 670, &s), SIM_OK);
    assert_int_equal(s.blevel, 1);
    assert_int_equal(s.branch_blocks, 1);
    assert_int_equal(s.sep_bytes, 669 * 12);
    assert_int_equal(hs_branches(t, sep, 671, &s), SIM_OK);
    assert_int_equal(s.blevel, 2);
    assert_int_equal(s.branch_blocks, 3);
    hs_table_destroy(t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_id_length),        cmocka_unit_test(test_load),
        cmocka_unit_test(test_pk_index),         cmocka_unit_test(test_x_index),
        cmocka_unit_test(test_bitmap_index),     cmocka_unit_test(test_worked_table),
        cmocka_unit_test(test_branch_exact_fit), cmocka_unit_test(test_prefix),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
