/*
 * test_gcache.c -- the cluster's global cache on its own: which visits ship
 * a block, when a shipment waits on a busy buffer, what gcache_finish()
 * adds, the rac workload's grants, flush before ship and warm start, and
 * gcache_check() against corrupted states.
 *
 * Every figure is worked out by hand in the comments.  The block size is
 * 4 KB, not the reference 8 KB, so that a hard-coded 8192 would show.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "gcache_int.h"

static const gcache_params_t params = {4096, 200, 2, 0, 0};

static gcache_t *open_cache(void)
{
    gcache_t *g;
    assert_int_equal(gcache_create(&params, &g), SIM_OK);
    return g;
}

/* Touch, and check the invariants after it. */
static void touch(gcache_t *g, int inst, uint64_t step, unsigned kind, uint64_t id, int current)
{
    assert_int_equal(gcache_touch(g, inst, step, kind, id, current), SIM_OK);
    assert_int_equal(gcache_check(g), SIM_OK);
}

static uint64_t stat(const gcache_t *g, int inst, sim_stat_t s)
{
    return gcache_stats(g, inst)->v[s];
}

static void test_create_and_destroy(void **state)
{
    (void)state;
    gcache_params_t bad = {0, 200, 1, 0, 0};
    gcache_t *g = NULL;
    assert_int_equal(gcache_create(&bad, &g), SIM_EINVAL);
    assert_null(g);
    gcache_destroy(NULL);
    g = open_cache();
    assert_int_equal(gcache_check(g), SIM_OK);
    gcache_destroy(g);
}

static void test_current_block_ships_from_the_other_holder(void **state)
{
    (void)state;
    gcache_t *g = open_cache();
    /* Step 0: instance 0 changes a block nobody holds: nothing ships. */
    touch(g, 0, 0, 0, 0, 1);
    assert_int_equal(stat(g, 0, SIM_STAT_GC_CURRENT_RECEIVED), 0);
    assert_int_equal(stat(g, 0, SIM_STAT_GCS_MESSAGES), 0);
    /* Step 5: instance 1 changes it: shipped whole from instance 0, one
     * request + one reply, one wait; not busy (changed at step 0). */
    touch(g, 1, 5, 0, 0, 1);
    assert_int_equal(stat(g, 1, SIM_STAT_GC_CURRENT_RECEIVED), 1);
    assert_int_equal(stat(g, 1, SIM_STAT_WAIT_GC_CURRENT), 1);
    assert_int_equal(stat(g, 1, SIM_STAT_GCS_MESSAGES), 2);
    assert_int_equal(stat(g, 1, SIM_STAT_WAIT_GC_BUSY), 0);
    /* Step 6: instance 1 changes it again: it holds it, nothing ships. */
    touch(g, 1, 6, 0, 0, 1);
    assert_int_equal(stat(g, 1, SIM_STAT_GC_CURRENT_RECEIVED), 1);
    /* A consistent read by the holder ships nothing either. */
    touch(g, 1, 6, 0, 0, 0);
    assert_int_equal(stat(g, 1, SIM_STAT_GC_CR_RECEIVED), 0);
    /* Step 7: instance 0 takes it back; instance 1 changed it at step 6,
     * the step just before, so the buffer is still busy there. */
    touch(g, 0, 7, 0, 0, 1);
    assert_int_equal(stat(g, 0, SIM_STAT_GC_CURRENT_RECEIVED), 1);
    assert_int_equal(stat(g, 0, SIM_STAT_WAIT_GC_BUSY), 1);
    /* The same block number of another kind is another block. */
    touch(g, 1, 8, 1, 0, 1);
    assert_int_equal(stat(g, 1, SIM_STAT_GC_CURRENT_RECEIVED), 1);
    /* Nothing here was a consistent read of another's block. */
    assert_int_equal(stat(g, 0, SIM_STAT_GC_CR_RECEIVED), 0);
    assert_int_equal(stat(g, 1, SIM_STAT_GC_CR_RECEIVED), 0);
    gcache_destroy(g);
}

static void test_busy_only_after_the_previous_step(void **state)
{
    (void)state;
    gcache_t *g = open_cache();
    /* Changed at step 10; taken at 12 (a step between): not busy. */
    touch(g, 0, 10, 2, 4, 1);
    touch(g, 1, 12, 2, 4, 1);
    assert_int_equal(stat(g, 1, SIM_STAT_GC_CURRENT_RECEIVED), 1);
    assert_int_equal(stat(g, 1, SIM_STAT_WAIT_GC_BUSY), 0);
    /* Changed at 12; taken back at 13: busy. */
    touch(g, 0, 13, 2, 4, 1);
    assert_int_equal(stat(g, 0, SIM_STAT_WAIT_GC_BUSY), 1);
    /* A consistent read right after a change is a CR copy, never busy. */
    touch(g, 1, 14, 2, 4, 0);
    assert_int_equal(stat(g, 1, SIM_STAT_GC_CR_RECEIVED), 1);
    assert_int_equal(stat(g, 1, SIM_STAT_WAIT_GC_BUSY), 0);
    gcache_destroy(g);
}

static void test_cr_copy_once_per_version(void **state)
{
    (void)state;
    gcache_t *g = open_cache();
    touch(g, 0, 0, 1, 3, 1); /* version 1, held by instance 0 */
    /* Instance 1 reads it: one CR copy; again: it has that version. */
    touch(g, 1, 1, 1, 3, 0);
    touch(g, 1, 2, 1, 3, 0);
    assert_int_equal(stat(g, 1, SIM_STAT_GC_CR_RECEIVED), 1);
    assert_int_equal(stat(g, 1, SIM_STAT_WAIT_GC_CR), 1);
    assert_int_equal(stat(g, 1, SIM_STAT_GCS_MESSAGES), 2);
    /* Version 2: the next read ships a new copy, once. */
    touch(g, 0, 3, 1, 3, 1);
    touch(g, 1, 4, 1, 3, 0);
    touch(g, 1, 5, 1, 3, 0);
    assert_int_equal(stat(g, 1, SIM_STAT_GC_CR_RECEIVED), 2);
    assert_int_equal(stat(g, 1, SIM_STAT_GCS_MESSAGES), 4);
    /* A read of a block nobody has changed ships nothing and leaves it
     * untouched (gcache_check: no holder, no version). */
    touch(g, 1, 6, 1, 9, 0);
    assert_int_equal(stat(g, 1, SIM_STAT_GC_CR_RECEIVED), 2);
    assert_int_equal(g->blocks[1][9].valid, 0);
    /* Instance 1 changes the block (a current shipment), then instance 0
     * has not seen version 3: one CR copy for instance 0. */
    touch(g, 1, 7, 1, 3, 1);
    assert_int_equal(stat(g, 1, SIM_STAT_GC_CURRENT_RECEIVED), 1);
    touch(g, 0, 9, 1, 3, 0);
    touch(g, 0, 9, 1, 3, 0);
    assert_int_equal(stat(g, 0, SIM_STAT_GC_CR_RECEIVED), 1);
    assert_int_equal(stat(g, 0, SIM_STAT_GC_CURRENT_RECEIVED), 0);
    gcache_destroy(g);
}

static void test_finish_counts_messages_and_bytes(void **state)
{
    (void)state;
    gcache_t *g = open_cache();
    touch(g, 0, 0, 0, 0, 1); /* A: v1 at 0 */
    touch(g, 1, 1, 0, 0, 1); /* A to 1: current, busy (changed at 0) */
    touch(g, 1, 1, 0, 1, 1); /* B: v1 at 1, new */
    touch(g, 0, 2, 0, 1, 0); /* B read by 0: CR copy */
    touch(g, 0, 3, 0, 1, 1); /* B to 0: current, not busy (changed at 1) */
    touch(g, 1, 4, 0, 0, 0); /* A read by its holder: nothing */
    touch(g, 1, 4, 0, 1, 0); /* B v2 read by 1 (saw v1): CR copy */
    /*
     * Instance 0: 1 current + 1 CR block received = 2 blocks, 4 GCS
     * messages; 10 TX enqueues x 2 = 20 GES messages.
     *   bytes = 2 x 4,096 + (4 + 20) x 200 = 8,192 + 4,800 = 12,992.
     * Instance 1: 1 current + 1 CR = 2 blocks, 4 GCS messages; 3 TX
     * enqueues x 2 = 6 GES messages.
     *   bytes = 2 x 4,096 + (4 + 6) x 200 = 8,192 + 2,000 = 10,192.
     */
    assert_int_equal(stat(g, 1, SIM_STAT_WAIT_GC_BUSY), 1);
    assert_int_equal(stat(g, 0, SIM_STAT_WAIT_GC_BUSY), 0);
    assert_int_equal(stat(g, 0, SIM_STAT_INTERCONNECT_BYTES), 0);
    gcache_finish(g, 0, 10);
    gcache_finish(g, 1, 3);
    assert_int_equal(stat(g, 0, SIM_STAT_GES_MESSAGES), 20);
    assert_int_equal(stat(g, 0, SIM_STAT_GCS_MESSAGES), 4);
    assert_int_equal(stat(g, 0, SIM_STAT_INTERCONNECT_BYTES), 12992);
    assert_int_equal(stat(g, 1, SIM_STAT_GES_MESSAGES), 6);
    assert_int_equal(stat(g, 1, SIM_STAT_GCS_MESSAGES), 4);
    assert_int_equal(stat(g, 1, SIM_STAT_INTERCONNECT_BYTES), 10192);
    assert_int_equal(gcache_check(g), SIM_OK);
    gcache_destroy(g);

    /* Nothing shipped and no enqueues: no traffic at all. */
    g = open_cache();
    touch(g, 0, 0, 0, 0, 1);
    gcache_finish(g, 0, 0);
    assert_int_equal(stat(g, 0, SIM_STAT_INTERCONNECT_BYTES), 0);
    assert_int_equal(stat(g, 0, SIM_STAT_GES_MESSAGES), 0);
    gcache_destroy(g);
}

static void test_grows_and_enomem_leaves_it_unchanged(void **state)
{
    (void)state;
    gcache_t *g = open_cache();
    touch(g, 0, 0, 3, 1000, 1);
    touch(g, 1, 1, 3, 1000, 1);
    assert_int_equal(stat(g, 1, SIM_STAT_GC_CURRENT_RECEIVED), 1);
    sim_stats_t before[GCACHE_INSTANCES];
    memcpy(before, g->stats, sizeof before);
    uint64_t cap = g->cap[3], changes = g->changes;
    sim_fail_alloc_after(1);
    assert_int_equal(gcache_touch(g, 0, 2, 3, 5000, 1), SIM_ENOMEM);
    sim_fail_alloc_after(0);
    assert_memory_equal(before, g->stats, sizeof before);
    assert_int_equal(g->cap[3], cap);
    assert_int_equal(g->changes, changes);
    assert_int_equal(gcache_check(g), SIM_OK);
    /* Block 1000 kept its holder and version through it. */
    assert_int_equal(g->blocks[3][1000].owner, 1);
    assert_int_equal(g->blocks[3][1000].version, 2);
    gcache_destroy(g);
}

/* ---- negative tests: gcache_check() catches a corrupted state ---------- */

/*
 * Each corruption goes through gcache_int.h right before the check and the
 * cache is destroyed right after it (debug builds check after every state
 * change and would stop at the next one).  The state they start from: block
 * (0, 0) at version 2 held by instance 1, which received it current (and
 * busy); instance 0 received one CR copy of it.
 */
typedef void (*gc_corrupt_fn)(gcache_t *g);

static void gc_version_without_holder(gcache_t *g)
{
    g->blocks[0][0].valid = 0; /* a block with a version but no holder */
}
static void gc_holder_out_of_range(gcache_t *g)
{
    g->blocks[0][0].owner = GCACHE_INSTANCES;
}
static void gc_holder_without_version(gcache_t *g)
{
    g->changes -= g->blocks[0][0].version; /* the sum of versions still agrees */
    g->blocks[0][0].version = 0;
    g->blocks[0][0].cr_seen[0] = 0;
    g->blocks[0][0].cr_seen[1] = 0;
}
static void gc_cr_seen_ahead(gcache_t *g)
{
    g->blocks[0][0].cr_seen[0] = g->blocks[0][0].version + 1;
}
static void gc_untouched_block_seen(gcache_t *g)
{
    g->blocks[0][7].cr_seen[1] = 1; /* never touched, yet read */
}
static void gc_changes_off_by_one(gcache_t *g)
{
    g->changes++;
}
static void gc_current_received_off_by_one(gcache_t *g)
{
    g->stats[1].v[SIM_STAT_GC_CURRENT_RECEIVED]++; /* a block without its wait */
}
static void gc_cr_wait_off_by_one(gcache_t *g)
{
    g->stats[0].v[SIM_STAT_WAIT_GC_CR]--;
}
static void gc_gcs_messages_off_by_one(gcache_t *g)
{
    g->stats[0].v[SIM_STAT_GCS_MESSAGES]++;
}
static void gc_busy_without_current(gcache_t *g)
{
    g->stats[0].v[SIM_STAT_WAIT_GC_BUSY] = 1; /* instance 0 received no current block */
}

static void test_check_catches_corruption(void **state)
{
    (void)state;
    static const struct {
        const char *what;
        gc_corrupt_fn fn;
    } cases[] = {
        {"a block with a version but no holder", gc_version_without_holder},
        {"a holder that is no instance", gc_holder_out_of_range},
        {"a holder but no version", gc_holder_without_version},
        {"a CR copy of a version not made yet", gc_cr_seen_ahead},
        {"an untouched block read", gc_untouched_block_seen},
        {"current-mode visits off by one", gc_changes_off_by_one},
        {"gc current blocks received off by one", gc_current_received_off_by_one},
        {"gc cr wait off by one", gc_cr_wait_off_by_one},
        {"gcs messages off by one", gc_gcs_messages_off_by_one},
        {"a busy wait without a current block", gc_busy_without_current},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        gcache_t *g = open_cache();
        touch(g, 0, 0, 0, 0, 1);
        touch(g, 0, 1, 0, 0, 0);
        touch(g, 1, 1, 0, 0, 1);
        touch(g, 0, 2, 0, 0, 0);
        assert_int_equal(stat(g, 1, SIM_STAT_WAIT_GC_BUSY), 1);
        assert_int_equal(stat(g, 0, SIM_STAT_GC_CR_RECEIVED), 1);
        assert_int_equal(gcache_check(g), SIM_OK);
        cases[i].fn(g);
        printf("gcache: %s\n", cases[i].what);
        assert_int_equal(gcache_check(g), SIM_ECORRUPT);
        gcache_destroy(g);
    }
}

/* The rac workload's cache: grants of 2 messages, flush before ship. */
static const gcache_params_t rac_params = {4096, 200, 1, 2, 1};

static gcache_t *open_rac_cache(void)
{
    gcache_t *g;
    assert_int_equal(gcache_create(&rac_params, &g), SIM_OK);
    return g;
}

static gcache_source_t access_block(gcache_t *g, int inst, uint64_t step, uint64_t id,
                                    gcache_mode_t mode)
{
    gcache_source_t from;
    assert_int_equal(gcache_access(g, inst, step, 0, id, mode, &from), SIM_OK);
    assert_int_equal(gcache_check(g), SIM_OK);
    return from;
}

/* The first data block (kind 0) at or after `from` that instance `master`
 * masters: the scenario's input, chosen by the hash, not asserted. */
static uint64_t mastered_by(int master, uint64_t from)
{
    while (gcache_master(0, from) != master)
        from++;
    return from;
}

static void test_grants_cost_two_messages_when_the_master_is_remote(void **state)
{
    (void)state;
    gcache_t *g = open_rac_cache();
    uint64_t remote = mastered_by(1, 0), local = mastered_by(0, 0);
    /* Instance 0 formats a block instance 1 masters: a request and a
     * grant, 2 GCS messages, one current grant wait; nothing ships. */
    assert_int_equal(access_block(g, 0, 0, remote, GCACHE_NEW), GCACHE_FORMATTED);
    assert_int_equal(stat(g, 0, SIM_STAT_GCS_MESSAGES), 2);
    assert_int_equal(stat(g, 0, SIM_STAT_WAIT_GC_CURRENT_GRANT), 1);
    assert_int_equal(stat(g, 0, SIM_STAT_GC_CURRENT_RECEIVED), 0);
    /* One it masters itself: the grant is local, 0 messages, no wait. */
    assert_int_equal(access_block(g, 0, 1, local, GCACHE_NEW), GCACHE_FORMATTED);
    assert_int_equal(stat(g, 0, SIM_STAT_GCS_MESSAGES), 2);
    assert_int_equal(stat(g, 0, SIM_STAT_WAIT_GC_CURRENT_GRANT), 1);
    /* A remote-mastered block nobody holds, read: a CR grant (2 more
     * messages, 4), then a disk read; read again, it is cached: nothing.
     * Changed then: a clean copy upgraded under a current grant (6). */
    uint64_t other = mastered_by(1, remote + 1);
    assert_int_equal(access_block(g, 0, 2, other, GCACHE_READ), GCACHE_DISK);
    assert_int_equal(stat(g, 0, SIM_STAT_WAIT_GC_CR_GRANT), 1);
    assert_int_equal(stat(g, 0, SIM_STAT_GCS_MESSAGES), 4);
    assert_int_equal(access_block(g, 0, 3, other, GCACHE_READ), GCACHE_LOCAL);
    assert_int_equal(stat(g, 0, SIM_STAT_GCS_MESSAGES), 4);
    assert_int_equal(access_block(g, 0, 4, other, GCACHE_CHANGE), GCACHE_UPGRADED);
    assert_int_equal(stat(g, 0, SIM_STAT_WAIT_GC_CURRENT_GRANT), 2);
    assert_int_equal(stat(g, 0, SIM_STAT_GCS_MESSAGES), 6);
    /* Finish with 3 TX enqueues, 1 GES message each: 0 blocks, 6 + 3 = 9
     * messages of 200 bytes = 1800 bytes. */
    gcache_finish(g, 0, 3);
    assert_int_equal(stat(g, 0, SIM_STAT_INTERCONNECT_BYTES), 1800);
    gcache_destroy(g);
    /* grant_messages = 0 (the LOB cluster workload): no grants at all. */
    g = open_cache();
    assert_int_equal(gcache_access(g, 0, 0, 0, remote, GCACHE_NEW, NULL), SIM_OK);
    assert_int_equal(stat(g, 0, SIM_STAT_GCS_MESSAGES), 0);
    assert_int_equal(stat(g, 0, SIM_STAT_WAIT_GC_CURRENT_GRANT), 0);
    gcache_destroy(g);
}

static void test_flush_before_ship(void **state)
{
    (void)state;
    gcache_t *g = open_rac_cache();
    uint64_t b = mastered_by(0, 0);
    /* Instance 0 changes the block at step 3; its log writer has written
     * what came before step 3 only: a CR read by instance 1 at step 4
     * ships a copy of a change not yet on disk, 1 flush. */
    access_block(g, 0, 3, b, GCACHE_NEW);
    gcache_log_written(g, 0, 3);
    assert_int_equal(access_block(g, 1, 4, b, GCACHE_READ), GCACHE_SHIPPED);
    assert_int_equal(stat(g, 1, SIM_STAT_GC_FLUSHES), 1);
    /* Instance 0 commits at step 4: the step-3 change is written; instance
     * 1 now takes the block current: shipped, no flush (still 1). */
    gcache_log_written(g, 0, 4);
    assert_int_equal(access_block(g, 1, 5, b, GCACHE_CHANGE), GCACHE_SHIPPED);
    assert_int_equal(stat(g, 1, SIM_STAT_GC_CURRENT_RECEIVED), 1);
    assert_int_equal(stat(g, 1, SIM_STAT_GC_FLUSHES), 1);
    /* Instance 1 changed it at step 5 and has written no log: instance
     * 0's change at step 9 waits for instance 1's flush. */
    assert_int_equal(access_block(g, 0, 9, b, GCACHE_CHANGE), GCACHE_SHIPPED);
    assert_int_equal(stat(g, 0, SIM_STAT_GC_FLUSHES), 1);
    gcache_destroy(g);
    /* flush_before_ship = 0: the same ships count no flush. */
    g = open_cache();
    touch(g, 0, 3, 0, b, 1);
    touch(g, 1, 4, 0, b, 0);
    assert_int_equal(stat(g, 1, SIM_STAT_GC_CR_RECEIVED), 1);
    assert_int_equal(stat(g, 1, SIM_STAT_GC_FLUSHES), 0);
    gcache_destroy(g);
}

static void test_warm_blocks_are_cached_clean_everywhere(void **state)
{
    (void)state;
    gcache_t *g = open_rac_cache();
    uint64_t remote = mastered_by(1, 0);
    /* Warm: both instances read it from their own cache, no grant, no
     * disk read, no message. */
    assert_int_equal(gcache_warm(g, 0, remote), SIM_OK);
    assert_int_equal(access_block(g, 0, 0, remote, GCACHE_READ), GCACHE_LOCAL);
    assert_int_equal(access_block(g, 1, 1, remote, GCACHE_READ), GCACHE_LOCAL);
    assert_int_equal(stat(g, 0, SIM_STAT_GCS_MESSAGES) + stat(g, 1, SIM_STAT_GCS_MESSAGES), 0);
    /* Instance 0 changes it: its clean copy upgraded under a grant from
     * instance 1 (2 messages); instance 1's copy is now stale, so its
     * next read ships a CR copy (2 more). */
    assert_int_equal(access_block(g, 0, 2, remote, GCACHE_CHANGE), GCACHE_UPGRADED);
    assert_int_equal(stat(g, 0, SIM_STAT_GCS_MESSAGES), 2);
    /* Warming a block someone changed leaves it as it is. */
    assert_int_equal(gcache_warm(g, 0, remote), SIM_OK);
    assert_int_equal(access_block(g, 1, 5, remote, GCACHE_READ), GCACHE_SHIPPED);
    assert_int_equal(stat(g, 1, SIM_STAT_GC_CR_RECEIVED), 1);
    assert_int_equal(stat(g, 1, SIM_STAT_GCS_MESSAGES), 2);
    gcache_destroy(g);
}

/* The invariants the grants and flushes added, broken one at a time. */
static void test_check_catches_grant_and_flush_corruption(void **state)
{
    (void)state;
    for (int i = 0; i < 3; i++) {
        gcache_t *g = open_rac_cache();
        uint64_t b = mastered_by(1, 0);
        access_block(g, 0, 0, b, GCACHE_NEW);  /* 1 grant, 2 messages */
        access_block(g, 1, 1, b, GCACHE_READ); /* 1 CR block, 1 flush */
        sim_stats_t *st0 = &g->stats[0], *st1 = &g->stats[1];
        if (i == 0) {
            printf("gcache: a grant wait without its 2 messages\n");
            st0->v[SIM_STAT_WAIT_GC_CR_GRANT]++;
        } else if (i == 1) {
            printf("gcache: a flush without a block received\n");
            st0->v[SIM_STAT_GC_FLUSHES]++;
        } else {
            printf("gcache: more flushes than blocks received\n");
            st1->v[SIM_STAT_GC_FLUSHES]++;
        }
        assert_int_equal(gcache_check(g), SIM_ECORRUPT);
        gcache_destroy(g);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_create_and_destroy),
        cmocka_unit_test(test_current_block_ships_from_the_other_holder),
        cmocka_unit_test(test_busy_only_after_the_previous_step),
        cmocka_unit_test(test_cr_copy_once_per_version),
        cmocka_unit_test(test_finish_counts_messages_and_bytes),
        cmocka_unit_test(test_grows_and_enomem_leaves_it_unchanged),
        cmocka_unit_test(test_check_catches_corruption),
        cmocka_unit_test(test_grants_cost_two_messages_when_the_master_is_remote),
        cmocka_unit_test(test_flush_before_ship),
        cmocka_unit_test(test_warm_blocks_are_cached_clean_everywhere),
        cmocka_unit_test(test_check_catches_grant_and_flush_corruption),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
