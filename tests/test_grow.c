/*
 * test_grow.c -- heapspace's growing index (grow.c) against leaf and
 * branch counts worked by hand for an 8 KB block under the 11.2 layout:
 * a leaf's entry space is 8192 - 112 - 2 x 24 - 36 = 7,996 bytes
 * (heapspace/README.md, kdxlebksz and the leaf header), a branch's 8192 -
 * 112 - 24 - 28 = 8,028.  A LOB index entry of 50 bytes takes 52 with its
 * slot: 153 a leaf.  A branch entry of 15 takes 17: 472 a branch block.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "heapspace.h"

#define PER_LEAF 153u

static hs_grow_t *make(uint32_t sections)
{
    hs_params_t p;
    hs_params_defaults(&p);
    hs_grow_t *g = NULL;
    assert_int_equal(hs_grow_create(&p, 8192, 50, 15, sections, &g), SIM_OK);
    return g;
}

static hs_grow_stats_t stats(const hs_grow_t *g)
{
    hs_grow_stats_t s;
    hs_grow_stats(g, &s);
    assert_int_equal(hs_grow_check(g), SIM_OK);
    return s;
}

/* An empty index is its root leaf; the root splits at the 154th entry into
 * a branch over two leaves; ten full leaves sit under one branch. */
static void test_rising_inserts(void **state)
{
    (void)state;
    hs_grow_t *g = make(1);
    assert_int_equal(stats(g).blocks, 1);
    assert_int_equal(stats(g).leaf_blocks, 1);
    assert_int_equal(hs_grow_insert(g, 0, PER_LEAF, 0, NULL), SIM_OK);
    assert_int_equal(stats(g).per_leaf, PER_LEAF);
    assert_int_equal(stats(g).blocks, 1);
    assert_int_equal(stats(g).blevel, 0);
    assert_int_equal(hs_grow_insert(g, 0, 1, 0, NULL), SIM_OK);
    assert_int_equal(stats(g).blocks, 3);
    assert_int_equal(stats(g).blevel, 1);
    assert_int_equal(hs_grow_insert(g, 0, 10 * PER_LEAF - PER_LEAF - 1, 0, NULL), SIM_OK);
    assert_int_equal(stats(g).entries, 10 * PER_LEAF);
    assert_int_equal(stats(g).leaf_blocks, 10);
    assert_int_equal(stats(g).blocks, 11);
    /* 473 leaves need two branch blocks and a root over them */
    assert_int_equal(hs_grow_insert(g, 0, 463 * PER_LEAF, 0, NULL), SIM_OK);
    assert_int_equal(stats(g).leaf_blocks, 473);
    assert_int_equal(stats(g).branch_blocks, 3);
    assert_int_equal(stats(g).blevel, 2);
    hs_grow_destroy(g);
}

/* A leaf emptied by deletes goes to the free list and the next split takes
 * it; a leaf with one entry left stays; the rightmost leaf stays empty. */
static void test_deletes_free_leaves(void **state)
{
    (void)state;
    hs_grow_t *g = make(1);
    uint64_t first = 99;
    assert_int_equal(hs_grow_insert(g, 0, 4 * PER_LEAF, 0, &first), SIM_OK);
    assert_int_equal(first, 0);
    assert_int_equal(stats(g).blocks, 5);         /* 4 leaves, 1 branch */
    hs_grow_delete(g, 0, 0, PER_LEAF);            /* leaf 0 empty */
    hs_grow_delete(g, 0, PER_LEAF, PER_LEAF - 1); /* leaf 1 keeps one */
    assert_int_equal(stats(g).leaf_blocks, 3);
    assert_int_equal(stats(g).free_blocks, 1);
    assert_int_equal(stats(g).entries, 2 * PER_LEAF + 1);
    /* the next leaf is the freed one: no block formatted */
    assert_int_equal(hs_grow_insert(g, 0, 1, 0, &first), SIM_OK);
    assert_int_equal(first, 4 * PER_LEAF);
    assert_int_equal(stats(g).blocks, 5);
    assert_int_equal(stats(g).free_blocks, 0);
    /* then a new one */
    assert_int_equal(hs_grow_insert(g, 0, PER_LEAF, 0, NULL), SIM_OK);
    assert_int_equal(stats(g).blocks, 6);
    /* deleting a gone entry again changes nothing */
    hs_grow_delete(g, 0, 0, 1);
    assert_int_equal(stats(g).entries, 3 * PER_LEAF + 2);
    /* the rightmost leaf emptied stays in the tree */
    hs_grow_delete(g, 0, 5 * PER_LEAF, 1);
    assert_int_equal(stats(g).leaf_blocks, 5);
    hs_grow_destroy(g);
}

/* Each section has its own rightmost leaf; the oldest go first. */
static void test_sections_oldest(void **state)
{
    (void)state;
    hs_grow_t *g = make(2);
    assert_int_equal(hs_grow_insert(g, 0, 1, 0, NULL), SIM_OK);
    assert_int_equal(stats(g).blocks, 1);
    assert_int_equal(hs_grow_insert(g, 1, 1, 0, NULL), SIM_OK);
    assert_int_equal(stats(g).leaf_blocks, 2);
    assert_int_equal(stats(g).blocks, 3);
    assert_int_equal(hs_grow_insert(g, 1, 2 * PER_LEAF, 0, NULL), SIM_OK);
    assert_int_equal(stats(g).leaf_blocks, 4);
    /* the oldest PER_LEAF of section 1 empty its first leaf */
    assert_int_equal(hs_grow_delete_oldest(g, 1, PER_LEAF), PER_LEAF);
    assert_int_equal(stats(g).free_blocks, 1);
    assert_int_equal(stats(g).entries, 1 + PER_LEAF + 1);
    /* no more than there are */
    assert_int_equal(hs_grow_delete_oldest(g, 1, 10 * PER_LEAF), PER_LEAF + 1);
    assert_int_equal(stats(g).entries, 1);
    hs_grow_destroy(g);
}

/* Entries of their own sizes fill a leaf by bytes: 7,996 bytes hold 533
 * entries of 13 bytes and a slot (7,995), not 534; a rolled-back delete
 * brings its entry back, and its leaf into the tree when it had left. */
static void test_sized_and_undelete(void **state)
{
    (void)state;
    hs_grow_t *g = make(1);
    assert_int_equal(hs_grow_insert(g, 0, 533, 13, NULL), SIM_OK);
    assert_int_equal(stats(g).blocks, 1);
    assert_int_equal(hs_grow_insert(g, 0, 1, 13, NULL), SIM_OK);
    assert_int_equal(stats(g).blocks, 3);
    /* 154 default entries (52 bytes) do not fit beside it: 15 + 154 x 52
     * = 8,023 */
    assert_int_equal(hs_grow_insert(g, 0, 154, 0, NULL), SIM_OK);
    assert_int_equal(stats(g).leaf_blocks, 3);
    hs_grow_delete(g, 0, 0, 533);
    assert_int_equal(stats(g).leaf_blocks, 2);
    assert_int_equal(stats(g).free_blocks, 1);
    hs_grow_undelete(g, 0, 7);
    assert_int_equal(stats(g).leaf_blocks, 3);
    assert_int_equal(stats(g).free_blocks, 0);
    assert_int_equal(stats(g).entries, 1 + 1 + 154);
    /* an entry no leaf holds */
    assert_int_equal(hs_grow_insert(g, 0, 1, 8000, NULL), SIM_EINVAL);
    hs_grow_destroy(g);
}

/* Deletes of the rightmost leaf's entries give their space back to it
 * before it would split: a leaf filled and emptied five times over by the
 * oldest-first deletes of a reusable section stays one leaf. */
static void test_rightmost_cleanout(void **state)
{
    (void)state;
    hs_grow_t *g = make(1);
    for (int k = 0; k < 5; k++) {
        assert_int_equal(hs_grow_insert(g, 0, PER_LEAF, 0, NULL), SIM_OK);
        assert_int_equal(hs_grow_delete_oldest(g, 0, PER_LEAF), PER_LEAF);
    }
    assert_int_equal(stats(g).entries, 0);
    assert_int_equal(stats(g).leaf_blocks, 1);
    assert_int_equal(stats(g).blocks, 1);
    /* half deleted: the next 76 fit where 77 were */
    assert_int_equal(hs_grow_insert(g, 0, PER_LEAF, 0, NULL), SIM_OK);
    assert_int_equal(hs_grow_delete_oldest(g, 0, 77), 77);
    assert_int_equal(hs_grow_insert(g, 0, 77, 0, NULL), SIM_OK);
    assert_int_equal(stats(g).blocks, 1);
    assert_int_equal(hs_grow_insert(g, 0, 1, 0, NULL), SIM_OK);
    assert_int_equal(stats(g).blocks, 3);
    hs_grow_destroy(g);
}

static void test_bad_sizes(void **state)
{
    (void)state;
    hs_params_t p;
    hs_params_defaults(&p);
    hs_grow_t *g = (hs_grow_t *)&p;
    assert_int_equal(hs_grow_create(&p, 8192, 0, 15, 1, &g), SIM_EINVAL);
    assert_null(g);
    assert_int_equal(hs_grow_create(&p, 8192, 8000, 15, 1, &g), SIM_EINVAL);
    assert_int_equal(hs_grow_create(&p, 8192, 50, 15, 0, &g), SIM_EINVAL);
    hs_grow_destroy(NULL);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_rising_inserts),     cmocka_unit_test(test_deletes_free_leaves),
        cmocka_unit_test(test_sections_oldest),    cmocka_unit_test(test_sized_and_undelete),
        cmocka_unit_test(test_rightmost_cleanout), cmocka_unit_test(test_bad_sizes),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
