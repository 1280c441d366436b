/*
 * test_workloads.c -- reading the LOBs back and two instances sharing a
 * segment, against the published observations on block size
 * (../shared/reference/README.md, "Related measurements"):
 *
 *   - a full scan reads about the same number of 1 MB calls at 8k, 16k and
 *     32k blocks (here: within 5 %);
 *   - a well-clustered index range scan needs half the single-block reads
 *     each time the block size doubles (here: a ratio of 1.8 .. 2.2);
 *   - in a two-node cluster, going from 8 KB to 4 KB blocks cut the
 *     estimated interconnect traffic by 47 % while messages grew a few
 *     percent (here: a cut of 35 .. 60 %, messages 0 .. +10 %).
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
    for (int p = 0; p < CASE_PATH_COUNT; p++) {
        uint64_t calls[3];
        for (int i = 0; i < 3; i++) {
            sim_stats_t st = run(WL("scan"), (case_path_t)p, 64, 8192u << i, 1, 1);
            calls[i] = st.v[SIM_STAT_PHYS_READ_REQS];
            /* Every LOB block is read once, by calls of at most 1 MB. */
            assert_int_equal(st.v[SIM_STAT_PHYS_READ_BYTES],
                             st.v[SIM_STAT_PHYS_READS] * (8192u << i));
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
    uint64_t single[4];
    for (int i = 0; i < 4; i++) {
        sim_stats_t st = run(WL("rows"), CASE_PATH_LOCAL, 32, 4096u << i, 0, 1);
        assert_int_equal(st.v[SIM_STAT_PHYS_READ_MULTI], 0);
        single[i] = st.v[SIM_STAT_PHYS_READ_REQS];
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
    for (int wl = WL("scan"); wl <= WL("rows"); wl++) {
        sim_stats_t l = run((unsigned)wl, CASE_PATH_LOCAL, 64, 8192, 1, 1);
        sim_stats_t d = run((unsigned)wl, CASE_PATH_DBLINK, 64, 8192, 1, 1);
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

static void test_cluster_block_size_8k_to_4k(void **state)
{
    (void)state;
    sim_stats_t s8 = run(WL("cluster"), CASE_PATH_LOCAL, 64, 8192, 1, 1);
    sim_stats_t s4 = run(WL("cluster"), CASE_PATH_LOCAL, 64, 4096, 1, 1);
    uint64_t m8 = s8.v[SIM_STAT_GCS_MESSAGES] + s8.v[SIM_STAT_GES_MESSAGES];
    uint64_t m4 = s4.v[SIM_STAT_GCS_MESSAGES] + s4.v[SIM_STAT_GES_MESSAGES];
    double bytes = ratio(s4.v[SIM_STAT_INTERCONNECT_BYTES], s8.v[SIM_STAT_INTERCONNECT_BYTES]);
    double msgs = ratio(m4, m8);
    printf("8k -> 4k: interconnect bytes %llu -> %llu (%+.1f %%, published -47 %%), "
           "messages %llu -> %llu (%+.1f %%, published: a few %% more)\n",
           (unsigned long long)s8.v[SIM_STAT_INTERCONNECT_BYTES],
           (unsigned long long)s4.v[SIM_STAT_INTERCONNECT_BYTES], (bytes - 1) * 100,
           (unsigned long long)m8, (unsigned long long)m4, (msgs - 1) * 100);
    assert_true(bytes >= 0.40 && bytes <= 0.65);
    assert_true(msgs >= 1.0 && msgs <= 1.10);
    /* Blocks travel, and the estimate is made of what travelled. */
    assert_true(s8.v[SIM_STAT_GC_CURRENT_RECEIVED] > 0);
    assert_int_equal(s8.v[SIM_STAT_INTERCONNECT_BYTES],
                     (s8.v[SIM_STAT_GC_CURRENT_RECEIVED] + s8.v[SIM_STAT_GC_CR_RECEIVED]) * 8192 +
                         m8 * 200);
    assert_int_equal(s8.v[SIM_STAT_WAIT_GC_CURRENT], s8.v[SIM_STAT_GC_CURRENT_RECEIVED]);
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
