/*
 * test_heapspace.c -- the heap model's fast passes against the plain
 * definitions they stand for, on small tables of many shapes:
 *
 *   - the carried NUMBER length of id against hs_number_encode();
 *   - the load (hs_table_create) against a row-by-row fill with
 *     hs_row_bytes(): rows per block, avg_row_len;
 *   - the ID index against its entries sorted in full (qsort of (x, id)),
 *     separators from the sorted neighbours;
 *   - the bitmap index against a bit-by-bit BBC encoder that walks the rows
 *     one at a time, each value putting its byte when it next moves on.
 *
 * The references are written from the README's definitions, not from the
 * code under test; they are slow, so the tables are small.
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
    uint32_t pctfree, min_row_bytes, leaf_header_bytes;
} shape_t;

/* Block sizes, pctfree 0 to 40, a Hakan factor that fills blocks before
 * their bytes do (min_row_bytes 40: every block full to max_rows, so a
 * bitmap byte spans two blocks), a leaf header that leaves few entries
 * (7100: 8 entries a leaf, thousands of branch blocks, blevel 3). */
static const shape_t shapes[] = {
    {8192, 60000, 1, 10, 11, 184},  {4096, 45001, 7, 0, 11, 184},
    {16384, 77777, 3, 25, 11, 184}, {32768, 150000, 12345, 10, 11, 184},
    {8192, 30011, 5, 0, 40, 184},   {4096, 20000, 9, 40, 13, 1000},
    {2048, 9999, 2, 10, 11, 184},   {8192, 1, 1, 10, 11, 184},
    {32768, 50000, 0, 5, 90, 300},  {8192, 150000, 4, 10, 11, 7100},
};
#define NSHAPES (sizeof shapes / sizeof shapes[0])

static hs_table_t *load(const shape_t *sh, hs_params_t *p)
{
    hs_params_defaults(p);
    p->pctfree = sh->pctfree;
    p->min_row_bytes = sh->min_row_bytes;
    p->leaf_header_bytes = sh->leaf_header_bytes;
    hs_table_t *t;
    char msg[256];
    if (hs_table_create(p, sh->bs, sh->rows, sh->seed, &t, msg, sizeof msg) != SIM_OK)
        fail_msg("shape bs %u rows %llu: %s", sh->bs, (unsigned long long)sh->rows, msg);
    assert_int_equal(hs_table_check(t), SIM_OK);
    return t;
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
         * pass the room, or the block holds max_rows. */
        const uint32_t room = hs_table_room(&p, t->bs);
        uint64_t block = 0, used = 0, in = 0, cols = 0;
        for (uint64_t id = 1; id <= t->rows; id++) {
            uint32_t need = hs_row_bytes(t->seed, id) + 2;
            if (in > 0 && (used + need > room || in == ts.max_rows))
                block++, used = 0, in = 0;
            used += need, in++;
            cols += hs_row_bytes(t->seed, id) - 3;
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

static uint32_t prefix_above(const uint8_t *a, uint32_t la, const uint8_t *b, uint32_t lb)
{
    uint32_t i = 0;
    while (i < la && i < lb && a[i] == b[i])
        i++;
    return i < lb ? i + 1 : lb;
}

static void test_x_index(void **state)
{
    (void)state;
    for (size_t i = 0; i < NSHAPES; i++) {
        hs_params_t p;
        hs_table_t *t = load(&shapes[i], &p);
        hs_index_stats_t got, want;
        assert_int_equal(hs_index_x(t, &got), SIM_OK);
        xentry_t *e = malloc(t->rows * sizeof *e);
        assert_non_null(e);
        for (uint64_t id = 1; id <= t->rows; id++)
            e[id - 1] = (xentry_t){hs_row_x(t->seed, id), (uint32_t)id};
        qsort(e, t->rows, sizeof *e, by_key);
        uint64_t per_leaf = hs_leaf_room(&p, t->bs) / (2 + 2 + 21 + 7);
        uint64_t leaves = (t->rows + per_leaf - 1) / per_leaf;
        uint16_t *sep = calloc(leaves, sizeof *sep);
        assert_non_null(sep);
        for (uint64_t l = 1; l < leaves; l++) {
            const xentry_t *a = &e[l * per_leaf - 1], *b = &e[l * per_leaf];
            char ka[21], kb[21]; /* lpad(x, 20, '0') */
            snprintf(ka, sizeof ka, "%020u", a->x);
            snprintf(kb, sizeof kb, "%020u", b->x);
            if (a->x != b->x) {
                sep[l] = (uint16_t)(7 + 1 +
                                    prefix_above((const uint8_t *)ka, 20, (const uint8_t *)kb, 20));
            } else {
                uint8_t ra[6], rb[6];
                hs_rowid(t, a->id, ra), hs_rowid(t, b->id, rb);
                sep[l] = (uint16_t)(7 + 21 + 1 + prefix_above(ra, 6, rb, 6));
            }
        }
        memset(&want, 0, sizeof want);
        assert_int_equal(hs_branches(t, sep, leaves, &want), SIM_OK);
        if (got.leaf_blocks != leaves || got.blevel != want.blevel ||
            got.branch_blocks != want.branch_blocks)
            fail_msg("shape %zu: leaves %llu/%llu blevel %llu/%llu branches %llu/%llu", i,
                     (unsigned long long)got.leaf_blocks, (unsigned long long)leaves,
                     (unsigned long long)got.blevel, (unsigned long long)want.blevel,
                     (unsigned long long)got.branch_blocks, (unsigned long long)want.branch_blocks);
        if (shapes[i].leaf_header_bytes == 7100 && got.blevel < 3)
            fail_msg("shape %zu: blevel %llu, meant to have 3 or more branch levels", i,
                     (unsigned long long)got.blevel);
        free(sep);
        free(e);
        hs_table_destroy(t);
    }
}

/* ---- the bitmap index --------------------------------------------------- */

/* One value's bitmap in the making, bit by bit as the rows come. */
typedef struct {
    int64_t byte;  /* the byte last given a bit, -1 before any */
    int64_t prev;  /* the last byte written to the piece, -1 at its start */
    uint32_t lits; /* literals in the open atom */
    uint64_t bytes, pieces, piece_bytes[4096];
} ref_value_t;

static uint32_t ref_gap_bytes(uint64_t gap)
{
    uint32_t n = 0;
    if (gap > 3)
        for (; gap; gap >>= 7)
            n++;
    return n;
}

/* Write v->byte: a literal of the open atom if it follows the last byte
 * and the atom has fewer than 15; else an atom (header, gap bytes, one
 * literal); a piece is closed first when this would pass `limit`. */
static void ref_write(ref_value_t *v, uint64_t limit)
{
    uint64_t cost;
    int literal = v->prev >= 0 && v->byte == v->prev + 1 && v->lits >= 1 && v->lits < 15;
    if (literal)
        cost = 1;
    else
        cost = 2 + (v->prev < 0 ? 0 : ref_gap_bytes((uint64_t)(v->byte - v->prev - 1)));
    if (v->bytes + cost > limit) {
        assert_true(v->pieces < 4096);
        v->piece_bytes[v->pieces++] = v->bytes;
        v->bytes = 0, v->prev = -1, v->lits = 0;
        literal = 0, cost = 2;
    }
    v->bytes += cost;
    v->lits = literal ? v->lits + 1 : 1;
    v->prev = v->byte;
}

static void test_bitmap_index(void **state)
{
    (void)state;
    static ref_value_t val[11];
    for (size_t i = 0; i < NSHAPES; i++) {
        hs_params_t p;
        hs_table_t *t = load(&shapes[i], &p);
        hs_index_stats_t got;
        assert_int_equal(hs_index_bitmap_n(t, &got), SIM_OK);
        const uint32_t room = hs_leaf_room(&p, t->bs);
        const uint64_t limit = room / 2 - 22 - 2;
        memset(val, 0, sizeof val);
        for (int k = 0; k < 11; k++)
            val[k].byte = val[k].prev = -1;
        for (uint64_t id = 1; id <= t->rows; id++) {
            uint64_t b = hs_table_block_of(t, id);
            uint64_t bit = b * t->max_rows + (id - t->first_id[b]);
            ref_value_t *v = &val[hs_row_n(t->seed, id)];
            if (v->byte >= 0 && (int64_t)(bit / 8) != v->byte)
                ref_write(v, limit);
            v->byte = (int64_t)(bit / 8);
        }
        uint64_t pieces = 0, leaves = 0, used = 0, bytes = 0;
        for (int k = 0; k < 11; k++)
            if (val[k].byte >= 0) {
                ref_write(&val[k], limit);
                val[k].piece_bytes[val[k].pieces++] = val[k].bytes;
            }
        for (int k = 0; k < 11; k++)
            for (uint64_t j = 0; j < val[k].pieces; j++, pieces++) {
                uint64_t e =
                    22 + (uint64_t)hs_number_encode((uint64_t)k, NULL) + val[k].piece_bytes[j];
                if (pieces == 0 || used + e > room)
                    leaves++, used = 0;
                used += e;
                bytes += val[k].piece_bytes[j];
            }
        if (got.num_rows != pieces || got.leaf_blocks != leaves || got.bitmap_bytes != bytes)
            fail_msg("shape %zu: pieces %llu/%llu leaves %llu/%llu bytes %llu/%llu", i,
                     (unsigned long long)got.num_rows, (unsigned long long)pieces,
                     (unsigned long long)got.leaf_blocks, (unsigned long long)leaves,
                     (unsigned long long)got.bitmap_bytes, (unsigned long long)bytes);
        hs_table_destroy(t);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_id_length),
        cmocka_unit_test(test_load),
        cmocka_unit_test(test_x_index),
        cmocka_unit_test(test_bitmap_index),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
