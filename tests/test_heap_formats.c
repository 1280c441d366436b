/*
 * test_heap_formats.c -- the heap model's index blocks against the numbers of
 * published block dumps and treedumps (heapspace/README.md, "Index formats"
 * and "Bitmap format", cites each source), and the session's dictionary
 * cache state against hand-worked figures.
 *
 * Every expected value here is a dump's number or arithmetic done by hand
 * from one (shown in the comment); none is computed by the code under test.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "heap_sim_int.h"
#include "heapspace_int.h"
#include "test_util.h"
#include "workload.h"

/* ---- block space: kdxlebksz, kdxbrbksz, headers ------------------------- */

static void test_block_space(void **state)
{
    (void)state;
    hs_params_t p;
    hs_params_defaults(&p);
    /* 11.2 on, 8 KB, leaf itc 2: kdxlebksz 8032; branch itc 1: kdxbrbksz
     * 8056 (a PK's treedump and block dumps, ASSM). */
    assert_int_equal(hs_leaf_space(&p, 8192) + 36, 8032);
    assert_int_equal(hs_branch_space(&p, 8192) + 28, 8056);
    /* The same index's leaf: 513 entries, kdxcofbo 1062 = 36 + 2 x 513. */
    assert_int_equal(HS_LEAF_HEADER + 513 * HS_SLOT, 1062);
    /* Its branch: 9 entries, kdxcofbo 46 = 28 + 2 x 9. */
    assert_int_equal(HS_BRANCH_HEADER + 9 * HS_SLOT, 46);
    /* A SYSTEM index leaf with itc 3: kdxlebksz 8008. */
    p.leaf_itls = 3;
    assert_int_equal(hs_leaf_space(&p, 8192) + 36, 8008);
    /* Before 11.2: 8036 and 8060 at 8 KB, 1892 and 1916 at 2 KB. */
    hs_params_defaults(&p);
    p.index_fixed_bytes = 108;
    assert_int_equal(hs_leaf_space(&p, 8192) + 36, 8036);
    assert_int_equal(hs_branch_space(&p, 8192) + 28, 8060);
    assert_int_equal(hs_leaf_space(&p, 2048) + 36, 1892);
    assert_int_equal(hs_branch_space(&p, 2048) + 28, 1916);
    /* index_stats BTREE_SPACE of a one-leaf index (10g): 8000. */
    assert_int_equal(hs_leaf_space(&p, 8192), 8000);
    /* pctfree 10 of the whole block: 819 (the free space a leaf keeps). */
    hs_params_defaults(&p);
    assert_int_equal(hs_reserve(&p, 8192), 819);
    assert_int_equal(hs_leaf_room(&p, 8192), 8032 - 36 - 819);
    /* Branch blocks are packed full at build: no reserve. */
    assert_int_equal(hs_branch_room(&p, 8192), 8056 - 28);
}

/* ---- entry layouts ------------------------------------------------------ */

static void test_unique_leaf_entry(void **state)
{
    (void)state;
    /* Keys 1 (c1 02) and 9999 (c2 64 64): len=11 and len=12. */
    assert_int_equal(hs_unique_entry(2), 11);
    assert_int_equal(hs_unique_entry(3), 12);
    /* The 11.2 PK leaf: row#0[8020] = 8032 - 12 for key 521 (c2 06 16). */
    assert_int_equal(8032 - hs_unique_entry(3), 8020);
    /* Its 513 entries, keys 521..1033: five 2-byte keys (600 .. 1000),
     * 508 of 3 bytes: rowdata 508 x 12 + 5 x 11 = 6151, and kdxcoavs
     * 8032 - 36 - 2 x 513 - 6151 = 819. */
    uint32_t rowdata = 508 * hs_unique_entry(3) + 5 * hs_unique_entry(2);
    assert_int_equal(rowdata, 6151);
    hs_params_t p;
    hs_params_defaults(&p);
    assert_int_equal(hs_leaf_space(&p, 8192) - 513 * HS_SLOT - rowdata, 819);
}

static void test_nonunique_leaf_entry(void **state)
{
    (void)state;
    assert_int_equal(hs_nonunique_entry(5), 15);      /* 'BOWIE' */
    assert_int_equal(hs_nonunique_entry(9), 19);      /* 'MAJOR TOM' */
    assert_int_equal(hs_nonunique_entry(2), 12);      /* NUMBER 1, c1 02 */
    assert_int_equal(hs_nonunique_entry(6), 16);      /* 6 characters */
    assert_int_equal(hs_nonunique_entry(30), 40);     /* 30 characters */
    assert_int_equal(hs_nonunique_entry(2000), 2011); /* 2-byte length */
    /* The row format's bound: one length byte up to 250 bytes, two above
     * (a bitmap piece may be any length). */
    assert_int_equal(hs_col(250), 251);
    assert_int_equal(hs_col(251), 253);
    /* The model's x: lpad to 20 characters, 30 bytes with the rowid. */
    assert_int_equal(hs_nonunique_entry(20), 30);
}

static void test_branch_entry(void **state)
{
    (void)state;
    /* Unique, 3-byte keys: 8 bytes apart (8056 - 8048). */
    assert_int_equal(hs_branch_entry(hs_col(3), 0), 8);
    /* Non-unique, x kept with a 3-byte rowid prefix: 33 and 39; a 5-byte
     * prefix of x with TERM: 11. */
    assert_int_equal(hs_branch_entry(hs_col(24) + hs_col(3), 0), 33);
    assert_int_equal(hs_branch_entry(hs_col(30) + hs_col(3), 0), 39);
    assert_int_equal(hs_branch_entry(hs_col(5), 1), 11);
    /* Non-unique NUMBER keys with TERM: 4-byte keys 10 apart, 3-byte 9. */
    assert_int_equal(hs_branch_entry(hs_col(4), 1), 10);
    assert_int_equal(hs_branch_entry(hs_col(3), 1), 9);
    /* Bitmap: key, 3- or 4-byte start rowid prefix, TERM: 12 and 13; the
     * key alone and TERM: 8. */
    assert_int_equal(hs_branch_entry(hs_col(2) + hs_col(3), 1), 12);
    assert_int_equal(hs_branch_entry(hs_col(2) + hs_col(4), 1), 13);
    assert_int_equal(hs_branch_entry(hs_col(2), 1), 8);
}

static void test_bitmap_entry(void **state)
{
    (void)state;
    /* 11.2, key c1 02, bitmaps of 3519 and 3521 bytes: len=3540 and 3542,
     * at row#0[4492] = 8032 - 3540 and row#1[950] = 4492 - 3542. */
    assert_int_equal(hs_bitmap_entry(2, 3519), 3540);
    assert_int_equal(hs_bitmap_entry(2, 3521), 3542);
    assert_int_equal(8032 - hs_bitmap_entry(2, 3519), 4492);
    assert_int_equal(4492 - hs_bitmap_entry(2, 3521), 950);
    /* Key 80 (NUMBER 0), PCTFREE 10: 3537 and 3538; PCTFREE 50: 1906 and
     * 1905. */
    assert_int_equal(hs_bitmap_entry(1, 3517), 3537);
    assert_int_equal(hs_bitmap_entry(1, 3518), 3538);
    assert_int_equal(hs_bitmap_entry(1, 1886), 1906);
    assert_int_equal(hs_bitmap_entry(1, 1885), 1905);
    /* A 2-byte bitmap (c8 03) of a 2-byte key: 22. */
    assert_int_equal(hs_bitmap_entry(2, 2), 22);
}

/* ---- the build's fill rule ---------------------------------------------- */

typedef struct {
    uint64_t n, entries[16];
    uint32_t bytes[16];
} leaves_t;

static void on_leaf(void *arg, uint64_t entries, uint32_t bytes)
{
    leaves_t *l = arg;
    if (l->n < 16)
        l->entries[l->n] = entries, l->bytes[l->n] = bytes;
    l->n++;
}

static hs_table_t *table(uint32_t bs, uint64_t rows)
{
    hs_params_t p;
    hs_params_defaults(&p);
    hs_table_t *t;
    char msg[256];
    if (hs_table_create(&p, bs, rows, 1, &t, msg, sizeof msg) != SIM_OK)
        fail_msg("%s", msg);
    return t;
}

/* add primary key on ids 1..5000, 11.2, 8 KB: the treedump's leaves hold
 * 520, 513 x 8 and 376 entries (the second leaf's kdxcoavs is 819, exactly
 * pctfree of the block: the rule keeps an entry that leaves 819 free). */
static void test_pk_treedump(void **state)
{
    (void)state;
    hs_table_t *t = table(8192, 5000);
    leaves_t l = {0};
    hs_index_stats_t s;
    assert_int_equal(hs_index_pk_leaves(t, &s, on_leaf, &l), SIM_OK);
    static const uint64_t want[] = {520, 513, 513, 513, 513, 513, 513, 513, 513, 376};
    assert_int_equal(l.n, 10);
    for (int i = 0; i < 10; i++)
        if (l.entries[i] != want[i])
            fail_msg("leaf %d: %llu entries, the treedump %llu", i,
                     (unsigned long long)l.entries[i], (unsigned long long)want[i]);
    /* Leaf 2 (keys 521..1033): 6151 bytes of entries and 1026 of slots,
     * 819 free of 7996. */
    assert_int_equal(l.bytes[1], 6151 + 1026);
    assert_int_equal(s.leaf_blocks, 10);
    assert_int_equal(s.blevel, 1);
    assert_int_equal(s.branch_blocks, 1);
    /* Its root: 9 entries of 8 bytes (rowdata[72]) and 9 slots, kdxcoavs
     * 8056 - 28 - 72 - 18 = 7938. */
    assert_int_equal(s.sep_bytes, 72 + 18);
    hs_params_t p;
    hs_params_defaults(&p);
    assert_int_equal(hs_branch_space(&p, 8192) - s.sep_bytes, 7938);
    hs_table_destroy(t);
}

/* The range scan's leaves: ids 1..520 are the first leaf, 521 opens the
 * second (the treedump above). */
static void test_range_leaves(void **state)
{
    (void)state;
    hs_params_t p;
    hs_params_defaults(&p);
    hs_query_t q520, q521;
    hs_table_t *t;
    char msg[200];
    p.range_rows = 520;
    assert_int_equal(hs_table_create(&p, 8192, 5000, 1, &t, msg, sizeof msg), SIM_OK);
    assert_int_equal(hs_query_range(t, &q520), SIM_OK);
    uint64_t blocks520 = hs_table_block_of(t, 520) + 1, blocks521 = hs_table_block_of(t, 521) + 1;
    hs_table_destroy(t);
    p.range_rows = 521;
    assert_int_equal(hs_table_create(&p, 8192, 5000, 1, &t, msg, sizeof msg), SIM_OK);
    assert_int_equal(hs_query_range(t, &q521), SIM_OK);
    hs_table_destroy(t);
    /* The root, one leaf and the table blocks; then two leaves. */
    assert_int_equal(q520.reads_cache, 1 + 1 + blocks520);
    assert_int_equal(q521.reads_cache, 1 + 2 + blocks521);
}

/* A rowid: the block's address, then the row's number in two bytes. */
static void test_rowid(void **state)
{
    (void)state;
    hs_table_t *t = table(8192, 1000);
    uint8_t a[6], b[6];
    hs_rowid(t, 1, a);
    hs_rowid(t, 2, b);
    assert_memory_equal(a, b, 4);
    assert_int_equal(a[4], 0);
    assert_int_equal(a[5], 0);
    assert_int_equal(b[4], 0);
    assert_int_equal(b[5], 1);
    hs_table_destroy(t);
}

/* A 100-row table by hand: keys 1..99 are c1 xx and 100 is c2 02, all two
 * bytes: 100 x (2 + 6 + 1 + 2) + 100 slots = 1300 bytes in one leaf, no
 * branch.  The index on x: 100 x (30 + 2) = 3200 bytes, one leaf; a leaf
 * takes floor(7177 / 32) = 224 entries, so 225 rows need two leaves and a
 * root. */
static void test_hundred_rows(void **state)
{
    (void)state;
    hs_table_t *t = table(8192, 100);
    leaves_t l = {0};
    hs_index_stats_t s;
    assert_int_equal(hs_index_pk_leaves(t, &s, on_leaf, &l), SIM_OK);
    assert_int_equal(l.n, 1);
    assert_int_equal(l.entries[0], 100);
    assert_int_equal(l.bytes[0], 1300);
    assert_int_equal(s.blevel, 0);
    assert_int_equal(s.branch_blocks, 0);
    assert_int_equal(hs_index_x(t, &s), SIM_OK);
    assert_int_equal(s.leaf_blocks, 1);
    assert_int_equal(s.per_leaf, 224);
    assert_int_equal(s.blevel, 0);
    hs_table_destroy(t);
    t = table(8192, 225);
    assert_int_equal(hs_index_x(t, &s), SIM_OK);
    assert_int_equal(s.leaf_blocks, 2);
    assert_int_equal(s.blevel, 1);
    hs_table_destroy(t);
    t = table(8192, 224);
    assert_int_equal(hs_index_x(t, &s), SIM_OK);
    assert_int_equal(s.leaf_blocks, 1);
    hs_table_destroy(t);
}

/* NUMBER length by hand: 1..99 two bytes, 100..9999 three unless a
 * multiple of 100 (two), 10000 two (c3 02). */
static uint32_t numlen(uint32_t v)
{
    if (v < 100 || v == 10000)
        return 2;
    return v % 100 == 0 ? 2 : 3;
}

/* create index (non-unique) on 1..10000 and 4000 more rows of 1000, 10g
 * (kdxlebksz 8036: 8000 for entries): the treedump's leaves hold 485, 479,
 * 510, 512, 512, ...  Non-unique entries are 10 + key bytes, with the slot
 * 12 + key: the 4001 entries of 1000 take 14 bytes, 512 a leaf. */
static void test_nonunique_treedump(void **state)
{
    (void)state;
    hs_params_t p;
    hs_params_defaults(&p);
    p.index_fixed_bytes = 108;
    hs_fill_t f = {hs_leaf_room(&p, 8192), 0, 0};
    uint64_t got[8], n = 0;
    for (uint32_t v = 1; v <= 10000 && n < 8; v++)
        for (int dup = v == 1000 ? 4001 : 1; dup > 0 && n < 8; dup--) {
            uint32_t e = 12 + numlen(v);
            if (!hs_fill_fits(&f, e)) {
                got[n++] = f.entries;
                hs_fill_next(&f);
            }
            hs_fill_add(&f, e);
        }
    static const uint64_t want[] = {485, 479, 510, 512, 512, 512, 512, 512};
    for (int i = 0; i < 8; i++)
        if (got[i] != want[i])
            fail_msg("leaf %d: %llu entries, the treedump %llu", i, (unsigned long long)got[i],
                     (unsigned long long)want[i]);
}

/* ---- the bitmap format, byte by byte ------------------------------------ */

/* Encode the bytes of `map` (zero bytes are gaps) into a piece; compare
 * with `want`. */
static void expect_bbc(const char *what, const uint8_t *map, size_t n, uint32_t single_gap,
                       const uint8_t *want, size_t wn)
{
    uint8_t out[256];
    hs_bbc_t s = {0, 0, single_gap, 0}, c = {0, 0, single_gap, 0};
    uint64_t gap = 0;
    for (size_t i = 0; i < n; i++) {
        if (map[i] == 0) {
            gap++;
            continue;
        }
        uint32_t a = hs_bbc_put(&s, gap, map[i], out);
        uint32_t b = hs_bbc_put(&c, gap, map[i], NULL); /* the pass's count */
        assert_int_equal(a, b);
        gap = 0;
    }
    if (s.bytes != wn || memcmp(out, want, wn) != 0) {
        char got[800] = "", exp[800] = "";
        for (size_t i = 0; i < s.bytes && i < 256; i++)
            snprintf(got + strlen(got), sizeof got - strlen(got), " %02x", out[i]);
        for (size_t i = 0; i < wn; i++)
            snprintf(exp + strlen(exp), sizeof exp - strlen(exp), " %02x", want[i]);
        fail_msg("%s:%s, the dump's%s", what, got, exp);
    }
    assert_int_equal(c.bytes, wn);
}

static void test_bbc_published(void **state)
{
    (void)state;
    /* Control bytes 0x00..0xBF as one set bit after N <= 191 zero bits:
     * 23 zero bytes, the default. */
    hs_params_t p;
    hs_params_defaults(&p);
    assert_int_equal(p.bbc_single_gap, 23);
    /* Rows 0, 1, 3, 4, 5, 6, 7 of a block: byte fb, "c8 fb". */
    static const uint8_t fb[] = {0xfb}, fb_want[] = {0xc8, 0xfb};
    expect_bbc("rows 0,1,3-7", fb, 1, 23, fb_want, 2);
    /* Every third row: 8 literal bytes (one atom cf), then a byte with bit
     * 2 alone right after it (the one-bit atom 02), 36 zero bytes across
     * the block boundary, 8 literal bytes (ff 1e: gap 6 + 30). */
    uint8_t map[8 + 1 + 36 + 8];
    static const uint8_t lit[8] = {0x49, 0x92, 0x24, 0x49, 0x92, 0x24, 0x49, 0x92};
    memset(map, 0, sizeof map);
    memcpy(map, lit, 8);
    map[8] = 0x04;
    memcpy(map + 9 + 36, lit, 8);
    static const uint8_t want[] = {0xcf, 0x49, 0x92, 0x24, 0x49, 0x92, 0x24, 0x49, 0x92, 0x02,
                                   0xff, 0x1e, 0x49, 0x92, 0x24, 0x49, 0x92, 0x24, 0x49, 0x92};
    expect_bbc("every third row", map, sizeof map, 23, want, sizeof want);
}

/* Decode `in` under reading single_gap and compare with the bit numbers
 * `want` (nwant -1: the bytes are no piece under that reading). */
static void expect_decode(const char *what, const uint8_t *in, size_t n, uint32_t single_gap,
                          const uint64_t *want, int64_t nwant)
{
    uint64_t got[64];
    int64_t k = hs_bbc_decode(in, n, single_gap, got, 64);
    if (k != nwant)
        fail_msg("%s (reading %u): %lld bits, want %lld", what, single_gap, (long long)k,
                 (long long)nwant);
    for (int64_t i = 0; i < k && i < 64; i++)
        if (got[i] != want[i])
            fail_msg("%s (reading %u): bit %lld is %llu, want %llu", what, single_gap, (long long)i,
                     (unsigned long long)got[i], (unsigned long long)want[i]);
}

/*
 * The control bytes as a published description gives them, decoded and
 * encoded again.  Source: itpub thread 743939, page 2
 * (http://www.itpub.net/thread-743939-2-40.html), from the author's block
 * dumps of bitmap indexes: a control byte below 0xC0 alone is one set bit,
 * "00" the piece's first row, "01" the next, "at most 1 one after 191
 * zeros"; 11GGGLLL with GGG the zero bytes skipped: C8 none, D0 1, D8 2,
 * E0 3, E8 4, F0 5, F8 00 6, F8 01 7, F8 7F 133; LLL + 1 literal bytes
 * follow (at most 8).  Only the text's examples are used here; the
 * literal byte ff and the one-bit forms past 0x07 are the test's own.
 */
static void test_bbc_decode(void **state)
{
    (void)state;
    static const uint64_t first[] = {0}, second[] = {1};
    static const uint8_t b00[] = {0x00}, b01[] = {0x01};
    for (uint32_t r = 0; r <= 23; r += 23) {
        expect_decode("00", b00, 1, r, first, 1);
        expect_decode("01", b01, 1, r, second, 1);
    }
    /* The gap forms, each before the literal ff: bits 8g .. 8g + 7. */
    static const struct {
        uint8_t in[4];
        size_t n;
        uint64_t gap;
    } gaps[] = {
        {{0xc8, 0xff}, 2, 0},       {{0xd0, 0xff}, 2, 1},       {{0xd8, 0xff}, 2, 2},
        {{0xe0, 0xff}, 2, 3},       {{0xe8, 0xff}, 2, 4},       {{0xf0, 0xff}, 2, 5},
        {{0xf8, 0x00, 0xff}, 3, 6}, {{0xf8, 0x01, 0xff}, 3, 7}, {{0xf8, 0x7f, 0xff}, 3, 133},
    };
    for (size_t i = 0; i < sizeof gaps / sizeof gaps[0]; i++) {
        uint64_t want[8];
        for (int b = 0; b < 8; b++)
            want[b] = gaps[i].gap * 8 + (uint64_t)b;
        char what[32];
        snprintf(what, sizeof what, "gap %llu", (unsigned long long)gaps[i].gap);
        expect_decode(what, gaps[i].in, gaps[i].n, 23, want, 8);
        /* The encoder writes the same bytes for that bitmap. */
        uint8_t map[140] = {0};
        map[gaps[i].gap] = 0xff;
        expect_bbc(what, map, gaps[i].gap + 1, 23, gaps[i].in, gaps[i].n);
    }
    /* 191 zero bits then a bit: the text's bound, one byte under the
     * default reading; no piece under the other, which writes it as a gap
     * of 23 zero bytes and the literal 80. */
    static const uint8_t bf[] = {0xbf}, bf_gap[] = {0xf8, 0x11, 0x80};
    static const uint64_t b191[] = {191};
    expect_decode("bf", bf, 1, 23, b191, 1);
    expect_decode("bf", bf, 1, 0, NULL, -1);
    expect_decode("gap 23, 80", bf_gap, 3, 0, b191, 1);
    uint8_t map[24] = {0};
    map[23] = 0x80;
    expect_bbc("bit 191", map, 24, 23, bf, 1);
    expect_bbc("bit 191", map, 24, 0, bf_gap, 3);
    /* Not pieces: GGG 000, literals cut short, a gap's length byte
     * missing. */
    static const uint8_t c0[] = {0xc0, 0x01}, cut[] = {0xc9, 0x01}, nolen[] = {0xf8};
    expect_decode("c0", c0, 2, 23, NULL, -1);
    expect_decode("c9 01", cut, 2, 23, NULL, -1);
    expect_decode("f8", nolen, 1, 23, NULL, -1);
    /* Every bitmap of a seeded sample through the encoder and back, under
     * both readings. */
    uint64_t z = 12345;
    for (int t = 0; t < 2000; t++) {
        uint8_t m[64], out[256];
        uint64_t want[512];
        int64_t nw = 0;
        for (int i = 0; i < 64; i++) {
            z = z * 6364136223846793005ULL + 1442695040888963407ULL;
            uint32_t r = (uint32_t)(z >> 33);
            m[i] = (uint8_t)(r % 5 == 0 ? r >> 8 : r % 7 == 0 ? 1u << (r >> 8 & 7) : 0);
            for (int b = 0; b < 8; b++)
                if (m[i] >> b & 1u)
                    want[nw++] = (uint64_t)i * 8 + (uint64_t)b;
        }
        for (uint32_t r = 0; r <= 23; r += 23) {
            hs_bbc_t e = {0, 0, r, 0};
            uint64_t gap = 0;
            for (int i = 0; i < 64; i++) {
                if (m[i] == 0) {
                    gap++;
                    continue;
                }
                hs_bbc_put(&e, gap, m[i], out);
                gap = 0;
            }
            expect_decode("a sample", out, e.bytes, r, want, nw);
        }
    }
}

/* Each atom's boundary: a byte after g zero bytes, the piece starting
 * with a byte of two bits (03: the atom "c8 03", open). */
static void test_bbc_boundaries(void **state)
{
    (void)state;
    static const struct {
        uint32_t gap, bits, single_gap;
        uint8_t want[6];
        size_t wn;
    } cases[] = {
        {0, 0x03, 23, {0xc9, 0x03, 0x03}, 3},             /* joins the atom: LLL 001 */
        {1, 0x03, 23, {0xc8, 0x03, 0xd0, 0x03}, 4},       /* GGG 010: gap 1 */
        {5, 0x03, 23, {0xc8, 0x03, 0xf0, 0x03}, 4},       /* GGG 110: gap 5 */
        {6, 0x03, 23, {0xc8, 0x03, 0xf8, 0x00, 0x03}, 5}, /* 111 and 00: gap 6 */
        {133, 0x03, 23, {0xc8, 0x03, 0xf8, 0x7f, 0x03}, 5},
        /* Two length bytes; their order is the model's (README). */
        {134, 0x03, 23, {0xc8, 0x03, 0xf8, 0x81, 0x00, 0x03}, 6},
        {0, 0x04, 23, {0xc9, 0x03, 0x04}, 3},              /* one bit, joins the atom */
        {23, 0x80, 23, {0xc8, 0x03, 0xbf}, 3},             /* N = 8 x 23 + 7 = 191 */
        {24, 0x01, 23, {0xc8, 0x03, 0xf8, 0x12, 0x01}, 5}, /* N = 192: a gap atom */
        {1, 0x04, 23, {0xc8, 0x03, 0x0a}, 3},              /* N = 8 + 2 */
        {1, 0x04, 0, {0xc8, 0x03, 0xd0, 0x04}, 4},         /* no one-bit atom after a gap */
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        uint8_t map[200];
        memset(map, 0, sizeof map);
        map[0] = 0x03;
        map[1 + cases[i].gap] = (uint8_t)cases[i].bits;
        char what[64];
        snprintf(what, sizeof what, "gap %u, byte %02x", cases[i].gap, cases[i].bits);
        expect_bbc(what, map, 2 + cases[i].gap, cases[i].single_gap, cases[i].want, cases[i].wn);
    }
    /* Nine literals: an atom holds eight (cf), the ninth opens another. */
    static const uint8_t nine[9] = {3, 3, 3, 3, 3, 3, 3, 3, 3};
    static const uint8_t nine_want[] = {0xcf, 3, 3, 3, 3, 3, 3, 3, 3, 0xc8, 3};
    expect_bbc("nine literals", nine, 9, 23, nine_want, sizeof nine_want);
    /* A one-bit byte at a piece's start: its bit's number alone. */
    static const uint8_t one[] = {0x20}, one_want[] = {0x05};
    expect_bbc("one bit first", one, 1, 23, one_want, 1);
}

/* ---- the session: the dictionary cache ---------------------------------- */

static void run_fts(uint32_t bs, uint32_t dict_cache, case_result_t *r)
{
    case_t c;
    case_defaults(&c);
    c.workload = (unsigned)workload_find("fts");
    c.block_size = bs;
    c.rows = 200000;
    c.heap.dict_cache = dict_cache;
    char msg[256];
    if (workload_run(&c, r, msg, sizeof msg) != SIM_OK)
        fail_msg("fts at %u: %s", bs, msg);
}

/* Every figure of part `part` of r is 0. */
static void expect_empty(const char *what, const case_result_t *r, case_part_t part)
{
    for (int s = 0; s < SIM_STAT_COUNT; s++)
        if (r->part[part].v[s] != 0)
            fail_msg("%s: %s %s = %llu", what, case_part_name(part),
                     sim_stat_info((sim_stat_t)s)->name, (unsigned long long)r->part[part].v[s]);
}

/* `reads` single-block reads of `bs`-byte dictionary blocks (each a
 * consistent get) and `calls` recursive calls in st, nothing else of the
 * reads. */
static void expect_dict(const char *what, const sim_stats_t *st, uint64_t reads, uint64_t calls,
                        uint64_t bs)
{
    const uint64_t want[][2] = {
        {SIM_STAT_RECURSIVE_CALLS, calls},      {SIM_STAT_PHYS_READS, reads},
        {SIM_STAT_PHYS_READS_CACHE, reads},     {SIM_STAT_PHYS_READS_DIRECT, 0},
        {SIM_STAT_PHYS_READ_REQS, reads},       {SIM_STAT_PHYS_READ_TOTAL_REQS, reads},
        {SIM_STAT_PHYS_READ_BYTES, reads * bs}, {SIM_STAT_PHYS_READ_TOTAL_BYTES, reads * bs},
        {SIM_STAT_CONSISTENT_GETS, reads},      {SIM_STAT_PHYS_READ_MULTI, 0},
    };
    for (size_t i = 0; i < sizeof want / sizeof want[0]; i++)
        if (st->v[want[i][0]] != want[i][1])
            fail_msg("%s: %s %llu, want %llu", what, sim_stat_info((sim_stat_t)want[i][0])->name,
                     (unsigned long long)st->v[want[i][0]], (unsigned long long)want[i][1]);
}

/* Cold: the statement's parse reads the table's 2 dictionary blocks and
 * makes 5 recursive calls (the recursive part), the login 21 blocks (the
 * session part), 8 KB blocks whatever the table's block size; warm: none;
 * the statement's own figures the same in both.  No temporary tablespace
 * read in either. */
static void test_dict_cache(void **state)
{
    (void)state;
    static const uint32_t bss[] = {8192, 32768};
    for (int i = 0; i < 2; i++) {
        case_result_t cold, warm;
        run_fts(bss[i], HS_DICT_COLD, &cold);
        run_fts(bss[i], HS_DICT_WARM, &warm);
        expect_dict("cold parse", &cold.part[CASE_PART_RECURSIVE], 2, 5, 8192);
        expect_dict("cold login", &cold.part[CASE_PART_SESSION], 21, 0, 8192);
        expect_empty("warm", &warm, CASE_PART_RECURSIVE);
        expect_empty("warm", &warm, CASE_PART_SESSION);
        for (int s = 0; s < SIM_STAT_COUNT; s++)
            if (warm.part[CASE_PART_HEAP].v[s] != cold.part[CASE_PART_HEAP].v[s])
                fail_msg("%s of the statement moves with the cache state",
                         sim_stat_info((sim_stat_t)s)->name);
        assert_int_equal(cold.part[CASE_PART_HEAP].v[SIM_STAT_RECURSIVE_CALLS], 0);
        sim_stats_t tot;
        case_result_total(&cold, &tot);
        assert_int_equal(tot.v[SIM_STAT_PHYS_READS_DIRECT_TEMP], 0);
        /* The reads of the two block sizes add up in bytes. */
        assert_int_equal(tot.v[SIM_STAT_PHYS_READ_BYTES],
                         cold.part[CASE_PART_HEAP].v[SIM_STAT_PHYS_READS] * bss[i] + 23 * 8192);
    }
    /* Each cost on its own: 10 reads of 16 KB dictionary blocks (a
     * database of 16k blocks) and 3 calls a parsed object, 4 reads and 6
     * calls at the login; the range query parses two objects. */
    case_t c;
    case_defaults(&c);
    c.workload = (unsigned)workload_find("range");
    c.block_size = 8192;
    c.rows = 200000;
    c.heap.dict_reads = 10;
    c.heap.dict_block_size = 16384;
    c.heap.recursive_calls = 3;
    c.heap.connect_reads = 4;
    c.heap.connect_calls = 6;
    case_result_t r;
    char msg[256];
    if (workload_run(&c, &r, msg, sizeof msg) != SIM_OK)
        fail_msg("range: %s", msg);
    expect_dict("range parse", &r.part[CASE_PART_RECURSIVE], 20, 6, 16384);
    expect_dict("range login", &r.part[CASE_PART_SESSION], 4, 6, 16384);
}

/* The session outlives its statements: what its row cache and buffer
 * cache hold, a later step does not pay for again. */
static void test_session(void **state)
{
    (void)state;
    hs_params_t p;
    hs_params_defaults(&p);
    p.dict_reads = 3, p.recursive_calls = 7, p.connect_reads = 11, p.connect_calls = 13;
    heap_session_t s;
    heap_session_start(&s, &p);
    assert_int_equal(heap_session_check(&s), SIM_OK);
    static const struct {
        int connect;
        heap_stmt_t stmt;
        uint64_t reads, calls;
        const char *what;
    } steps[] = {
        {1, 0, 11, 13, "the login"},
        {0, HEAP_STMT_FTS, 3, 7, "fts: the table"},
        {0, HEAP_STMT_FTS, 0, 0, "fts again"},
        {0, HEAP_STMT_RANGE, 3, 7, "range: the primary key only, the table is cached"},
        {0, HEAP_STMT_FEW_ROWS, 3, 7, "few_rows: the index on x only"},
        {0, HEAP_STMT_MYSTAT, 0, 0, "v$mystat: a fixed view"},
        {1, 0, 0, 0, "a second login: its rows are cached"},
        {0, HEAP_STMT_RANGE, 0, 0, "range again"},
    };
    for (size_t i = 0; i < sizeof steps / sizeof steps[0]; i++) {
        sim_stats_t st;
        memset(&st, 0, sizeof st);
        if (steps[i].connect)
            heap_session_connect(&s, &st);
        else
            heap_session_parse(&s, steps[i].stmt, &st);
        expect_dict(steps[i].what, &st, steps[i].reads, steps[i].calls, 8192);
        assert_int_equal(heap_session_check(&s), SIM_OK);
    }
    /* A warm instance: every step finds its rows and blocks. */
    p.dict_cache = HS_DICT_WARM;
    heap_session_start(&s, &p);
    sim_stats_t st;
    memset(&st, 0, sizeof st);
    heap_session_connect(&s, &st);
    heap_session_parse(&s, HEAP_STMT_FEW_ROWS, &st);
    expect_dict("warm", &st, 0, 0, 8192);
    /* The invariants: rows without their blocks, blocks without their
     * rows. */
    s.dict_read &= ~(1u << HEAP_OBJ_PK);
    assert_int_equal(heap_session_check(&s), SIM_ECORRUPT);
    heap_session_start(&s, &p);
    s.row_cache &= ~(1u << HEAP_OBJ_TABLE);
    assert_int_equal(heap_session_check(&s), SIM_ECORRUPT);
}

static void test_dict_cache_param(void **state)
{
    (void)state;
    uint32_t v = 7;
    assert_int_equal(case_param_keyword("heap.dict_cache", "cold", &v), 0);
    assert_int_equal(v, 0);
    assert_int_equal(case_param_keyword("heap.dict_cache", "warm", &v), 0);
    assert_int_equal(v, 1);
    assert_int_equal(case_param_keyword("heap.dict_cache", "tepid", &v), -1);
    assert_int_equal(case_param_keyword("heap.pctfree", "cold", &v), -1);
    assert_int_equal(v, 1);
    case_t c;
    case_defaults(&c);
    assert_int_equal(c.heap.dict_cache, HS_DICT_COLD);
    assert_int_equal(case_set_param(&c, "heap.dict_cache", 2), 0);
    char msg[200];
    assert_int_equal(hs_params_check(&c.heap, 8192, 1000, msg, sizeof msg), SIM_EINVAL);
    assert_non_null(strstr(msg, "heap.dict_cache"));
    case_defaults(&c);
    assert_int_equal(case_set_param(&c, "heap.bbc_single_gap", 24), 0);
    assert_int_equal(hs_params_check(&c.heap, 8192, 1000, msg, sizeof msg), SIM_EINVAL);
    assert_non_null(strstr(msg, "heap.bbc_single_gap"));
}

/* Every allocation of each heap workload failed in turn: SIM_ENOMEM each
 * time, nothing left allocated (the sanitizer build sees leaks). */
static void test_out_of_memory(void **state)
{
    (void)state;
    static const char *const wls[] = {"ctas", "fts", "range", "few_rows"};
    for (size_t i = 0; i < 4; i++) {
        case_t c;
        case_defaults(&c);
        c.workload = (unsigned)workload_find(wls[i]);
        c.rows = 30000;
        int failures = inject_every_allocation_failure(&c);
        if (failures <= 0)
            fail_msg("%s: %d allocation failures seen through", wls[i], failures);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_block_space),
        cmocka_unit_test(test_unique_leaf_entry),
        cmocka_unit_test(test_nonunique_leaf_entry),
        cmocka_unit_test(test_branch_entry),
        cmocka_unit_test(test_bitmap_entry),
        cmocka_unit_test(test_pk_treedump),
        cmocka_unit_test(test_range_leaves),
        cmocka_unit_test(test_rowid),
        cmocka_unit_test(test_hundred_rows),
        cmocka_unit_test(test_nonunique_treedump),
        cmocka_unit_test(test_session),
        cmocka_unit_test(test_bbc_published),
        cmocka_unit_test(test_bbc_decode),
        cmocka_unit_test(test_bbc_boundaries),
        cmocka_unit_test(test_dict_cache),
        cmocka_unit_test(test_dict_cache_param),
        cmocka_unit_test(test_out_of_memory),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
