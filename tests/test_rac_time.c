/*
 * test_rac_time.c -- the rac time model's physical consistency, over the
 * block sizes of the sweep (2k..32k): the interconnect never carries more
 * than its bandwidth, and the users' time adds up (Little's law).
 */
#include <math.h>
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "workload.h"

static const uint32_t sizes[] = {2048, 4096, 8192, 16384, 32768};

/* The defaults, and a heavy load: the earlier defaults (20 users an
 * instance, no think time), under which an unqueued link overflowed. */
static void rac_case(case_t *c, uint32_t block_size, int heavy)
{
    case_defaults(c);
    c->workload = (unsigned)workload_find("rac");
    c->rows = 100000;
    c->block_size = block_size;
    c->seed = 1;
    c->rac.transactions = 5000;
    if (heavy) {
        c->rac.users = 20;
        c->rac.think_us = 0;
    }
}

/* Bytes on the wire per µs of elapsed time against the link's bandwidth
 * (1000 Mbit/s = 125 bytes/µs). */
static void test_traffic_below_link(void **state)
{
    (void)state;
    for (int heavy = 0; heavy <= 1; heavy++)
        for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
            case_t c;
            rac_case(&c, sizes[i], heavy);
            sim_stats_t st;
            assert_int_equal(workload_run_stats(&c, &st), SIM_OK);
            double bytes = (double)st.v[SIM_STAT_INTERCONNECT_BYTES];
            double us = (double)st.v[SIM_STAT_ELAPSED_MICRO];
            double capacity = c.rac.link_mbit / 8.0;
            assert_true(bytes > 0 && us > 0);
            if (bytes / us >= capacity)
                fail_msg("%u-byte blocks%s: %.1f bytes/us on a %.1f bytes/us link", sizes[i],
                         heavy ? " (heavy)" : "", bytes / us, capacity);
        }
}

/* Every user is, at each moment, thinking, on the CPU or waiting in one
 * foreground class: per second of elapsed time these add up to the users
 * of both instances.  System I/O is the background log and database
 * writers' (at most their 2 processes an instance of busy time). */
static void test_littles_law(void **state)
{
    (void)state;
    for (int heavy = 0; heavy <= 1; heavy++)
        for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
            case_t c;
            rac_case(&c, sizes[i], heavy);
            sim_stats_t st;
            assert_int_equal(workload_run_stats(&c, &st), SIM_OK);
            const uint64_t *v = st.v;
            double us = (double)v[SIM_STAT_ELAPSED_MICRO];
            double think = (double)v[SIM_STAT_USER_COMMITS] * c.rac.think_us;
            double busy = (double)(v[SIM_STAT_CLUSTER_MICRO] + v[SIM_STAT_COMMIT_MICRO] +
                                   v[SIM_STAT_USER_IO_MICRO] + v[SIM_STAT_DB_CPU_MICRO]);
            double users = 2.0 * c.rac.users;
            if (fabs((busy + think) / us - users) > 0.001 * users)
                fail_msg("%u-byte blocks%s: waits + CPU + think = %.4f users, not %.0f", sizes[i],
                         heavy ? " (heavy)" : "", (busy + think) / us, users);
            if ((double)v[SIM_STAT_SYSTEM_IO_MICRO] / us > 4.0 + 1e-4)
                fail_msg("%u-byte blocks%s: System I/O %.3f s/s from 4 writers", sizes[i],
                         heavy ? " (heavy)" : "", (double)v[SIM_STAT_SYSTEM_IO_MICRO] / us);
        }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_traffic_below_link),
        cmocka_unit_test(test_littles_law),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
