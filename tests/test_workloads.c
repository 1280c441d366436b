/*
 * test_workloads.c -- reading the LOBs back and two instances sharing a
 * segment, against the published observations on block size
 * (results/reference/README.md, "Related measurements"):
 *
 *   - a full scan reads about the same number of 1 MB calls at 8k, 16k and
 *     32k blocks (here: within 5 %);
 *   - a well-clustered index range scan needs half the single-block reads
 *     each time the block size doubles (here: a ratio of 1.8 .. 2.2);
 *   - in a two-node cluster, going from 8 KB to 4 KB blocks cut the
 *     estimated interconnect traffic by 47 % while messages grew a few
 *     percent (here, over seeds 1 .. 40: a cut of 35 .. 60 % for every
 *     seed; messages do not grow for every seed, so the model claims only
 *     that they stay within 5 % either way).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "workload.h"
#include "test_util.h"

static sim_stats_t run(unsigned wl, case_path_t path, uint64_t kchars, uint32_t bs, int fetch,
                       uint64_t seed)
{
    case_t c;
    case_defaults(&c);
    c.workload = wl;
    c.path = path;
    c.lob_chars = kchars * 1024;
    c.block_size = bs;
    c.read.fetch_lobs = (uint32_t)fetch;
    c.seed = seed;
    sim_stats_t st;
    assert_int_equal(workload_run_stats(&c, &st), SIM_OK);
    return st;
}

static double ratio(uint64_t a, uint64_t b)
{
    return (double)a / (double)b;
}

static void test_full_scan_calls_flat_across_block_sizes(void **state)
{
    (void)state;
    /* Every LOB block is read once.  64k characters = 131,072 bytes; a
     * block carries its size less 132 bytes:
     *    8 KB:  8,060 bytes, 16 hold 128,960 -> 17 blocks; x 10,000 rows =
     *           170,000 blocks = 1,392,640,000 bytes
     *   16 KB: 16,252 bytes,  8 hold 130,016 ->  9 blocks:  90,000 blocks =
     *           1,474,560,000 bytes
     *   32 KB: 32,636 bytes,  4 hold 130,544 ->  5 blocks:  50,000 blocks =
     *           1,638,400,000 bytes */
    static const uint64_t blocks[3] = {170000, 90000, 50000};
    static const uint64_t bytes[3] = {1392640000, 1474560000, 1638400000};
    for (int p = 0; p < CASE_PATH_COUNT; p++) {
        uint64_t calls[3];
        for (int i = 0; i < 3; i++) {
            sim_stats_t st = run(WL("scan"), (case_path_t)p, 64, 8192u << i, 1, 1);
            calls[i] = st.v[SIM_STAT_PHYS_READ_REQS];
            assert_int_equal(st.v[SIM_STAT_PHYS_READS], blocks[i]);
            assert_int_equal(st.v[SIM_STAT_PHYS_READ_BYTES], bytes[i]);
        }
        printf("%s full scan read calls at 8k/16k/32k: %llu %llu %llu\n",
               case_path_name((case_path_t)p), (unsigned long long)calls[0],
               (unsigned long long)calls[1], (unsigned long long)calls[2]);
        assert_true(ratio(calls[1], calls[0]) > 0.95 && ratio(calls[1], calls[0]) < 1.05);
        assert_true(ratio(calls[2], calls[0]) > 0.95 && ratio(calls[2], calls[0]) < 1.05);
    }
}

static void test_range_scan_single_block_reads_halve(void **state)
{
    (void)state;
    /*
     * The range alone (no LOBs): the index's root, its leaves and the table
     * blocks, one single-block read each.  A block holds its size less a
     * 100-byte header; index entries are 18 bytes, rows 120; 10,000 rows.
     *   4 KB:  3,996 bytes: 222 entries a leaf -> 46 leaves (45 hold 9,990),
     *          33 rows a block -> 304 blocks (303 hold 9,999): 1 + 46 + 304
     *          = 351
     *   8 KB:  8,092 bytes: 449 entries -> 23 leaves (22 hold 9,878); 67
     *          rows -> 150 blocks (149 hold 9,983): 1 + 23 + 150 = 174
     *  16 KB: 16,284 bytes: 904 entries -> 12 leaves (11 hold 9,944); 135
     *          rows -> 75 blocks (74 hold 9,990): 1 + 12 + 75 = 88
     *  32 KB: 32,668 bytes: 1,814 entries -> 6 leaves (5 hold 9,070); 272
     *          rows -> 37 blocks (36 hold 9,792): 1 + 6 + 37 = 44
     * Every leaf level fits under one root at these sizes.
     */
    static const uint64_t want[4] = {351, 174, 88, 44};
    uint64_t single[4];
    for (int i = 0; i < 4; i++) {
        sim_stats_t st = run(WL("rows"), CASE_PATH_LOCAL, 32, 4096u << i, 0, 1);
        assert_int_equal(st.v[SIM_STAT_PHYS_READ_MULTI], 0);
        single[i] = st.v[SIM_STAT_PHYS_READ_REQS];
        assert_int_equal(single[i], want[i]);
        assert_int_equal(st.v[SIM_STAT_PHYS_READS], want[i]);
        /* One consistent get per block of the range, no LOB locators. */
        assert_int_equal(st.v[SIM_STAT_CONSISTENT_GETS], want[i]);
    }
    for (int i = 0; i + 1 < 4; i++) {
        printf("single-block reads %uk -> %uk: %llu -> %llu (%.2fx)\n", 4u << i, 8u << i,
               (unsigned long long)single[i], (unsigned long long)single[i + 1],
               ratio(single[i], single[i + 1]));
        assert_true(ratio(single[i], single[i + 1]) >= 1.8 &&
                    ratio(single[i], single[i + 1]) <= 2.2);
    }
}

static void test_fragmented_layout_costs_more_calls(void **state)
{
    (void)state;
    /* 64k characters: 17 blocks a LOB, one chunk locally, five pieces over
     * the link.  Both reads see the difference; the bytes are the same. */
    for (unsigned wl = WL("scan"); wl <= WL("rows"); wl++) {
        sim_stats_t l = run(wl, CASE_PATH_LOCAL, 64, 8192, 1, 1);
        sim_stats_t d = run(wl, CASE_PATH_DBLINK, 64, 8192, 1, 1);
        assert_int_equal(l.v[SIM_STAT_PHYS_READ_BYTES], d.v[SIM_STAT_PHYS_READ_BYTES]);
        assert_true(d.v[SIM_STAT_PHYS_READ_REQS] > 4 * l.v[SIM_STAT_PHYS_READ_REQS]);
    }
}

static void test_rows_fetches_each_lob(void **state)
{
    (void)state;
    sim_stats_t range = run(WL("rows"), CASE_PATH_LOCAL, 32, 8192, 0, 1);
    sim_stats_t all = run(WL("rows"), CASE_PATH_LOCAL, 32, 8192, 1, 1);
    /* 10,000 LOBs of 9 blocks on top of the range. */
    assert_int_equal(all.v[SIM_STAT_PHYS_READS] - range.v[SIM_STAT_PHYS_READS], 90000);
    assert_int_equal(all.v[SIM_STAT_CONSISTENT_GETS] - range.v[SIM_STAT_CONSISTENT_GETS], 10000);
    /* No insert figures leak into the readback session. */
    assert_int_equal(all.v[SIM_STAT_SF_ALLOC_CHUNKS], 0);
    assert_int_equal(all.v[SIM_STAT_DB_BLOCK_GETS], 0);
}

/*
 * The published 8k -> 4k observation, over many interleavings.  A seed study
 * of this case (local path, 64k characters, 10,000 rows) over seeds 1 .. 60
 * found:
 *   interconnect bytes, 4k / 8k: 0.538 .. 0.578 (a cut of 42 .. 46 %; the
 *     published cut is 47 %);
 *   GCS + GES messages, 4k / 8k: 0.9933 .. 1.0297 (-0.7 % .. +3.0 %): they
 *     grow for most seeds but fall for some (7, 12, 14, 15, 18, ...), so
 *     "messages grow" is not a claim of the model; GCS messages alone move
 *     -2.0 % .. +5.9 %.
 * The test asserts only what held for every seed, with some room: a cut of
 * 35 .. 60 % and messages within 5 % either way, for each of 40 seeds.
 */
static void test_cluster_block_size_8k_to_4k(void **state)
{
    (void)state;
    double bmin = 1e9, bmax = 0, mmin = 1e9, mmax = 0;
    for (uint64_t seed = 1; seed <= 40; seed++) {
        sim_stats_t s8 = run(WL("cluster"), CASE_PATH_LOCAL, 64, 8192, 1, seed);
        sim_stats_t s4 = run(WL("cluster"), CASE_PATH_LOCAL, 64, 4096, 1, seed);
        uint64_t m8 = s8.v[SIM_STAT_GCS_MESSAGES] + s8.v[SIM_STAT_GES_MESSAGES];
        uint64_t m4 = s4.v[SIM_STAT_GCS_MESSAGES] + s4.v[SIM_STAT_GES_MESSAGES];
        double bytes = ratio(s4.v[SIM_STAT_INTERCONNECT_BYTES], s8.v[SIM_STAT_INTERCONNECT_BYTES]);
        double msgs = ratio(m4, m8);
        bmin = bytes < bmin ? bytes : bmin;
        bmax = bytes > bmax ? bytes : bmax;
        mmin = msgs < mmin ? msgs : mmin;
        mmax = msgs > mmax ? msgs : mmax;
        if (bytes < 0.40 || bytes > 0.65 || msgs < 0.95 || msgs > 1.05)
            printf("seed %llu: interconnect bytes %llu -> %llu, messages %llu -> %llu\n",
                   (unsigned long long)seed, (unsigned long long)s8.v[SIM_STAT_INTERCONNECT_BYTES],
                   (unsigned long long)s4.v[SIM_STAT_INTERCONNECT_BYTES], (unsigned long long)m8,
                   (unsigned long long)m4);
        assert_true(bytes >= 0.40 && bytes <= 0.65);
        assert_true(msgs >= 0.95 && msgs <= 1.05);
        /* Blocks travel at both sizes (gcache_finish's estimate itself is
         * worked by hand in test_gcache.c). */
        assert_true(s8.v[SIM_STAT_GC_CURRENT_RECEIVED] > 0);
        assert_true(s4.v[SIM_STAT_GC_CURRENT_RECEIVED] > 0);
        assert_int_equal(s8.v[SIM_STAT_WAIT_GC_CURRENT], s8.v[SIM_STAT_GC_CURRENT_RECEIVED]);
    }
    printf("8k -> 4k over seeds 1..40: interconnect bytes %+.1f .. %+.1f %% (published -47 %%), "
           "messages %+.1f .. %+.1f %% (published: a few %% more)\n",
           (bmin - 1) * 100, (bmax - 1) * 100, (mmin - 1) * 100, (mmax - 1) * 100);
}

static void test_cluster_seeded_and_complete(void **state)
{
    (void)state;
    for (int p = 0; p < CASE_PATH_COUNT; p++) {
        sim_stats_t a = run(WL("cluster"), (case_path_t)p, 16, 8192, 1, 7);
        sim_stats_t b = run(WL("cluster"), (case_path_t)p, 16, 8192, 1, 7);
        sim_stats_t c = run(WL("cluster"), (case_path_t)p, 16, 8192, 1, 8);
        assert_memory_equal(&a, &b, sizeof a);
        /* Another seed interleaves the rows differently... */
        assert_true(memcmp(&a, &c, sizeof a) != 0);
        /* ...but every row is written whatever the interleaving. */
        assert_int_equal(a.v[SIM_STAT_SF_ALLOC_BYTES], c.v[SIM_STAT_SF_ALLOC_BYTES]);
        assert_int_equal(a.v[SIM_STAT_SF_ALLOC_BYTES], 10000ULL * 5 * 8192);
        assert_int_equal(a.v[SIM_STAT_USED_UREC], a.v[SIM_STAT_DSP_CHUNKS] + 2);
    }
}

static void test_cluster_allocation_failures(void **state)
{
    (void)state;
    case_t c;
    case_defaults(&c);
    c.workload = WL("cluster");
    c.lob_chars = 256 * 1024;
    c.rows = 2000;
    int failures = inject_every_allocation_failure(&c);
    assert_true(failures >= 8);
}

static void test_workload_names(void **state)
{
    (void)state;
    assert_int_equal(workload_find("insert"), 0);
    assert_int_equal(workload_find("readback"), -1);
    assert_string_equal(workload_name((size_t)workload_find("cluster")), "cluster");
    assert_null(workload_name(workload_count()));
    case_t c;
    char msg[200];
    case_defaults(&c);
    c.workload = WL("rows");
    c.block_size = 2048;
    c.read.row_bytes = 4000;
    assert_int_equal(case_validate(&c, msg, sizeof msg), SIM_EINVAL);
    assert_non_null(strstr(msg, "4000"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_full_scan_calls_flat_across_block_sizes),
        cmocka_unit_test(test_range_scan_single_block_reads_halve),
        cmocka_unit_test(test_fragmented_layout_costs_more_calls),
        cmocka_unit_test(test_rows_fetches_each_lob),
        cmocka_unit_test(test_cluster_block_size_8k_to_4k),
        cmocka_unit_test(test_cluster_seeded_and_complete),
        cmocka_unit_test(test_cluster_allocation_failures),
        cmocka_unit_test(test_workload_names),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
