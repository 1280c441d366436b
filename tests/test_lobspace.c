/* test_lobspace.c -- the segment's extents and the chunk allocator. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "lobspace.h"

#define MB (1024ULL * 1024)

static void check_seg(const lob_segment_t *seg)
{
    assert_int_equal(lob_segment_check(seg), SIM_OK);
}

static void test_first_extents(void **state)
{
    (void)state;
    lob_params_t p;
    lob_params_defaults(&p);
    lob_segment_t *seg;
    assert_int_equal(lob_segment_create(&p, &seg), SIM_OK);
    check_seg(seg);
    lob_segment_info_t info;
    lob_segment_get_info(seg, &info);
    /* A new segment holds one 64 KB extent of 8 blocks, all metadata: the
     * segment header, CFS and PUA blocks spill over the first extents. */
    assert_int_equal(info.extents, 1);
    assert_int_equal(info.blocks, 8);
    assert_int_equal(info.meta_blocks, 8);
    lob_run_t run;
    assert_int_equal(lob_segment_take(seg, 1000, &run), SIM_OK);
    check_seg(seg);
    lob_segment_get_info(seg, &info);
    /* 1 + 3 + 50 segment metadata blocks and one header per extent fill
     * seven 64 KB extents (8 blocks each) and 6 blocks of the eighth: the
     * first data run is that extent's last 2 blocks. */
    assert_int_equal(info.extents, 8);
    assert_int_equal(info.meta_blocks, 8 + 54);
    assert_int_equal(run.start, 62);
    assert_int_equal(run.len, 2);
    assert_int_equal(info.used_blocks, 2);
    assert_int_equal(info.free_blocks, 0);
    assert_int_equal(lob_segment_stats(seg)->v[SIM_STAT_SEG_EXTENTS], info.extents);
    lob_segment_destroy(seg);
}

static void test_extent_schedule(void **state)
{
    (void)state;
    assert_int_equal(lob_next_extent_bytes(0), 64 * 1024);
    assert_int_equal(lob_next_extent_bytes(1 * MB - 1), 64 * 1024);
    assert_int_equal(lob_next_extent_bytes(1 * MB), 1 * MB);
    assert_int_equal(lob_next_extent_bytes(64 * MB - 1), 1 * MB);
    assert_int_equal(lob_next_extent_bytes(64 * MB), 8 * MB);
    assert_int_equal(lob_next_extent_bytes(1024 * MB), 64 * MB);

    lob_params_t p;
    lob_params_defaults(&p);
    lob_segment_t *seg;
    assert_int_equal(lob_segment_create(&p, &seg), SIM_OK);
    /* Grow to just past 1 GB: 16 + 63 + 120 extents, then one of 64 MB. */
    while (lob_segment_bytes(seg) < 1024 * MB) {
        assert_int_equal(lob_segment_grow(seg), SIM_OK);
        check_seg(seg);
    }
    lob_segment_info_t info;
    lob_segment_get_info(seg, &info);
    assert_int_equal(info.extents, 16 + 63 + 120);
    assert_int_equal(lob_segment_grow(seg), SIM_OK);
    assert_int_equal(lob_segment_bytes(seg), 1024 * MB + 64 * MB);
    check_seg(seg);
    lob_segment_destroy(seg);
}

static void test_runs_stay_in_extents(void **state)
{
    (void)state;
    lob_params_t p;
    lob_params_defaults(&p);
    lob_segment_t *seg;
    assert_int_equal(lob_segment_create(&p, &seg), SIM_OK);
    uint64_t last_end = 0;
    /* Take odd-sized runs through the 64 KB, 1 MB and 8 MB extents. */
    for (int i = 0; i < 3000; i++) {
        lob_run_t run;
        assert_int_equal(lob_segment_take(seg, 37, &run), SIM_OK);
        assert_true(run.len >= 1 && run.len <= 37);
        assert_true(run.start >= last_end); /* never handed out twice */
        last_end = run.start + run.len;
        check_seg(seg);
    }
    lob_segment_destroy(seg);
}

static void test_segment_full(void **state)
{
    (void)state;
    lob_params_t p;
    lob_params_defaults(&p);
    p.max_bytes = 2 * MB;
    lob_segment_t *seg;
    assert_int_equal(lob_segment_create(&p, &seg), SIM_OK);
    lob_run_t run;
    sim_err_t rc;
    uint64_t taken = 0;
    while ((rc = lob_segment_take(seg, 1000, &run)) == SIM_OK)
        taken += run.len;
    assert_int_equal(rc, SIM_EFULL);
    lob_segment_info_t info;
    lob_segment_get_info(seg, &info);
    assert_int_equal(lob_segment_bytes(seg), 2 * MB);
    assert_int_equal(info.free_blocks, 0);
    assert_int_equal(taken + info.meta_blocks, info.blocks);
    check_seg(seg);
    lob_segment_destroy(seg);
}

static void test_grow_enomem_leaves_segment_unchanged(void **state)
{
    (void)state;
    lob_params_t p;
    lob_params_defaults(&p);
    lob_segment_t *seg;
    assert_int_equal(lob_segment_create(&p, &seg), SIM_OK);
    /* The extent list starts with room for 64; the 65th needs memory. */
    for (int i = 1; i < 64; i++)
        assert_int_equal(lob_segment_grow(seg), SIM_OK);
    lob_segment_info_t before, after;
    lob_segment_get_info(seg, &before);
    sim_fail_alloc_after(1);
    assert_int_equal(lob_segment_grow(seg), SIM_ENOMEM);
    sim_fail_alloc_after(0);
    lob_segment_get_info(seg, &after);
    assert_memory_equal(&before, &after, sizeof before);
    check_seg(seg);
    assert_int_equal(lob_segment_grow(seg), SIM_OK);
    check_seg(seg);
    lob_segment_destroy(seg);
}

/* A source handing out fixed-size runs from an ever-growing address. */
typedef struct {
    uint64_t next;
    uint64_t run;
    int calls;
    int conts;
} fake_src_t;

static sim_err_t fake_source(void *arg, uint64_t want, int cont, lob_run_t *run)
{
    fake_src_t *s = arg;
    s->calls++;
    s->conts += cont;
    run->start = s->next;
    run->len = want && want < s->run ? want : s->run;
    s->next += run->len + 1; /* a gap: runs are never contiguous */
    return SIM_OK;
}

static void test_cached_payload_edges(void **state)
{
    (void)state;
    lob_params_t p;
    lob_params_defaults(&p);
    uint32_t pay = lob_payload(&p);
    assert_int_equal(pay, 8060);
    fake_src_t src = {0, 10, 0, 0};
    lob_alloc_t *a;
    assert_int_equal(lob_alloc_create(&p, LOB_ALLOC_CACHED, fake_source, &src, &a), SIM_OK);
    /* Exactly one block's payload (8,060 bytes) is one block; one byte
     * more is two (the blocks per LOB themselves are tested in test_insert). */
    uint64_t k1 = 1, k2 = 2;
    lob_lob_t lob = {0, 0, 0};
    uint64_t chunks;
    assert_int_equal(lob_alloc_write(a, k1, &lob, &chunks), SIM_OK);
    assert_int_equal(chunks, 1);
    assert_int_equal(lob_alloc_cached(a), 9);
    lob_lob_t lob2 = {0, 0, 0};
    assert_int_equal(lob_alloc_write(a, k2, &lob2, &chunks), SIM_OK);
    assert_int_equal(chunks, 1);
    assert_int_equal(lob_alloc_check(a), SIM_OK);
    assert_int_equal(lob_alloc_stats(a)->v[SIM_STAT_SF_ALLOC_BYTES], 3 * 8192);
    lob_alloc_destroy(a);
}

static void test_cached_refill_mid_lob(void **state)
{
    (void)state;
    lob_params_t p;
    lob_params_defaults(&p);
    fake_src_t src = {0, 10, 0, 0};
    lob_alloc_t *a;
    assert_int_equal(lob_alloc_create(&p, LOB_ALLOC_CACHED, fake_source, &src, &a), SIM_OK);
    /* Three LOBs of 3 blocks from refills of 10: the fourth straddles. */
    uint64_t chunks;
    for (int i = 0; i < 3; i++) {
        lob_lob_t lob = {0, 0, 0};
        assert_int_equal(lob_alloc_write(a, 3, &lob, &chunks), SIM_OK);
        assert_int_equal(chunks, 1);
    }
    lob_lob_t lob = {0, 0, 0};
    assert_int_equal(lob_alloc_write(a, 3, &lob, &chunks), SIM_OK);
    assert_int_equal(chunks, 2);
    assert_int_equal(lob.blocks, 3);
    assert_int_equal(src.calls, 2);
    assert_int_equal(lob_alloc_stats(a)->v[SIM_STAT_SF_ALLOC_CHUNKS], 5);
    assert_int_equal(lob_alloc_taken(a), 20);
    assert_int_equal(lob_alloc_given(a), 12);
    assert_int_equal(lob_alloc_check(a), SIM_OK);
    lob_alloc_destroy(a);
}

static void test_exact_lob_larger_than_run(void **state)
{
    (void)state;
    lob_params_t p;
    lob_params_defaults(&p);
    fake_src_t src = {0, 128, 0, 0};
    lob_alloc_t *a;
    assert_int_equal(lob_alloc_create(&p, LOB_ALLOC_EXACT, fake_source, &src, &a), SIM_OK);
    /* A LOB larger than the source's runs (an extent, say) takes several. */
    lob_lob_t lob = {0, 0, 0};
    uint64_t chunks;
    assert_int_equal(lob_alloc_write(a, 300, &lob, &chunks), SIM_OK);
    assert_int_equal(chunks, 3);
    assert_int_equal(src.conts, 2);
    assert_int_equal(lob.blocks, 300);
    assert_int_equal(lob_alloc_cached(a), 0);
    assert_int_equal(lob_alloc_check(a), SIM_OK);
    lob_alloc_destroy(a);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_first_extents),
        cmocka_unit_test(test_extent_schedule),
        cmocka_unit_test(test_runs_stay_in_extents),
        cmocka_unit_test(test_segment_full),
        cmocka_unit_test(test_grow_enomem_leaves_segment_unchanged),
        cmocka_unit_test(test_cached_payload_edges),
        cmocka_unit_test(test_cached_refill_mid_lob),
        cmocka_unit_test(test_exact_lob_larger_than_run),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
