/*
 * test_gcache.c -- the global cache service on its own: each transition of
 * the lock modes (gcache.h's table), the messages and blocks each costs,
 * fairness down-converts, past images, stamps, the catalogue statistics
 * and gcache_check() against corrupted states.
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

static const gcache_params_t params = {4096, 200, 4};

static gcache_t *open_cache(void)
{
    gcache_t *g;
    assert_int_equal(gcache_create(&params, &g), SIM_OK);
    return g;
}

/* A request, checked against the invariants after it. */
static gcache_reply_t req(gcache_t *g, int inst, unsigned kind, uint64_t id, gcache_mode_t mode)
{
    gcache_reply_t r;
    assert_int_equal(gcache_request(g, inst, kind, id, mode, &r), SIM_OK);
    assert_int_equal(gcache_check(g), SIM_OK);
    return r;
}

static const gcache_counts_t *n(const gcache_t *g, int inst)
{
    return gcache_counts(g, inst);
}

/* The first block of kind 0 at or after `from` that instance `master`
 * masters: the scenario's input, chosen by the hash, not asserted. */
static uint64_t mastered_by(const gcache_t *g, int master, uint64_t from)
{
    while (gcache_master(g, 0, from) != master)
        from++;
    return from;
}

static void test_create_and_destroy(void **state)
{
    (void)state;
    gcache_params_t bad = {0, 200, 4};
    gcache_t *g = NULL;
    assert_int_equal(gcache_create(&bad, &g), SIM_EINVAL);
    assert_null(g);
    gcache_destroy(NULL);
    g = open_cache();
    assert_int_equal(gcache_check(g), SIM_OK);
    /* Nothing requested: every lock is N, every route leaves the
     * instance or is granted locally. */
    assert_int_equal(gcache_lock(g, 0, 0, 12345), GCACHE_N);
    gcache_destroy(g);
}

static void test_new_block_granted_by_its_master(void **state)
{
    (void)state;
    gcache_t *g = open_cache();
    uint64_t local = mastered_by(g, 0, 0), remote = mastered_by(g, 1, 0);
    /* Instance 0 formats a block it masters: granted here, no message. */
    assert_int_equal(gcache_route(g, 0, 0, local, GCACHE_NEW), GCACHE_LOCAL);
    gcache_reply_t r = req(g, 0, 0, local, GCACHE_NEW);
    assert_int_equal(r.got, GCACHE_GOT_GRANT);
    assert_int_equal(r.messages, 0);
    assert_int_equal(n(g, 0)->grants_local, 1);
    assert_int_equal(n(g, 0)->gcs_sent, 0);
    assert_int_equal(gcache_lock(g, 0, 0, local), GCACHE_X);
    /* One instance 1 masters: a request and a grant, 2 messages, one
     * each way; no block travels. */
    assert_int_equal(gcache_route(g, 0, 0, remote, GCACHE_NEW), GCACHE_REMOTE);
    r = req(g, 0, 0, remote, GCACHE_NEW);
    assert_int_equal(r.got, GCACHE_GOT_GRANT);
    assert_int_equal(r.messages, 2);
    assert_int_equal(n(g, 0)->grants_remote, 1);
    assert_int_equal(n(g, 0)->gcs_sent, 1);
    assert_int_equal(n(g, 0)->gcs_received, 1);
    assert_int_equal(n(g, 1)->gcs_sent, 1);
    assert_int_equal(n(g, 0)->current_received[GCACHE_CLASS_DATA], 0);
    /* Held in X: a change or a read is a hit, no message. */
    assert_int_equal(gcache_route(g, 0, 0, remote, GCACHE_CHANGE), GCACHE_HIT);
    assert_int_equal(req(g, 0, 0, remote, GCACHE_READ).got, GCACHE_GOT_HIT);
    assert_int_equal(n(g, 0)->gcs_sent, 1);
    gcache_destroy(g);
}

/* A reader without a lock asks every time; the holder builds a CR copy
 * each time until it has served `fairness` (4) without changing the block,
 * then down-converts: both hold S and reads are hits. */
static void test_cr_copies_and_fairness_down_convert(void **state)
{
    (void)state;
    gcache_t *g = open_cache();
    uint64_t b = mastered_by(g, 0, 0);
    req(g, 0, 0, b, GCACHE_NEW);
    gcache_changed(g, 0, 0, b, 7);
    for (int k = 1; k <= 4; k++) {
        assert_int_equal(gcache_route(g, 1, 0, b, GCACHE_READ), GCACHE_REMOTE);
        gcache_reply_t r = req(g, 1, 0, b, GCACHE_READ);
        assert_int_equal(r.got, GCACHE_GOT_CR);
        assert_int_equal(r.messages, 1);
        assert_int_equal(r.stamp, 7);
        assert_int_equal(r.stamp_inst, 0);
        assert_int_equal(gcache_lock(g, 1, 0, b), GCACHE_N);
        assert_int_equal(gcache_lock(g, 0, 0, b), GCACHE_X);
        assert_int_equal(n(g, 1)->cr_received[GCACHE_CLASS_DATA], (uint64_t)k);
        assert_int_equal(n(g, 0)->cr_served[GCACHE_CLASS_DATA], (uint64_t)k);
    }
    /* The fifth: the block itself, both in S. */
    gcache_reply_t r = req(g, 1, 0, b, GCACHE_READ);
    assert_int_equal(r.got, GCACHE_GOT_CURRENT);
    assert_int_equal(r.downconvert, 1);
    assert_int_equal(n(g, 0)->downconverts, 1);
    assert_int_equal(gcache_lock(g, 0, 0, b), GCACHE_S);
    assert_int_equal(gcache_lock(g, 1, 0, b), GCACHE_S);
    assert_int_equal(n(g, 1)->cr_received[GCACHE_CLASS_DATA], 5);
    assert_int_equal(gcache_route(g, 1, 0, b, GCACHE_READ), GCACHE_HIT);
    assert_int_equal(gcache_route(g, 0, 0, b, GCACHE_READ), GCACHE_HIT);
    /* 5 requests: 5 messages from instance 1, none back (blocks are not
     * messages). */
    assert_int_equal(n(g, 1)->gcs_sent, 5);
    assert_int_equal(n(g, 0)->gcs_sent, 0);
    /* A change resets the count: changed after 2 copies, 4 more before
     * the next down-convert. */
    gcache_destroy(g);
    g = open_cache();
    req(g, 0, 0, b, GCACHE_NEW);
    gcache_changed(g, 0, 0, b, 1);
    req(g, 1, 0, b, GCACHE_READ);
    req(g, 1, 0, b, GCACHE_READ);
    gcache_changed(g, 0, 0, b, 2);
    for (int k = 0; k < 4; k++)
        assert_int_equal(req(g, 1, 0, b, GCACHE_READ).got, GCACHE_GOT_CR);
    assert_int_equal(req(g, 1, 0, b, GCACHE_READ).got, GCACHE_GOT_CURRENT);
    /* The down-convert starts the count afresh too: held in X again
     * (gcache_hold(), the warm start's way), the holder serves 4 copies
     * before the next one. */
    assert_int_equal(gcache_hold(g, 0, 0, b), SIM_OK);
    for (int k = 0; k < 4; k++)
        assert_int_equal(req(g, 1, 0, b, GCACHE_READ).got, GCACHE_GOT_CR);
    assert_int_equal(req(g, 1, 0, b, GCACHE_READ).got, GCACHE_GOT_CURRENT);
    gcache_destroy(g);
}

static void test_current_block_ships_and_leaves_a_past_image(void **state)
{
    (void)state;
    gcache_t *g = open_cache();
    uint64_t b = mastered_by(g, 1, 0);
    req(g, 0, 0, b, GCACHE_NEW);
    gcache_changed(g, 0, 0, b, 3);
    /* Instance 1 changes it: the holder ships it current and keeps a past
     * image; one request message, one block. */
    gcache_reply_t r = req(g, 1, 0, b, GCACHE_CHANGE);
    assert_int_equal(r.got, GCACHE_GOT_CURRENT);
    assert_int_equal(r.messages, 1);
    assert_int_equal(r.past_image, 1);
    assert_int_equal(r.stamp_inst, 0);
    assert_int_equal(gcache_lock(g, 0, 0, b), GCACHE_N);
    assert_int_equal(gcache_lock(g, 1, 0, b), GCACHE_X);
    assert_int_equal(g->blocks[0][b].pi, 1u);
    assert_int_equal(n(g, 0)->past_images, 1);
    assert_int_equal(n(g, 1)->current_received[GCACHE_CLASS_DATA], 1);
    assert_int_equal(n(g, 0)->current_served[GCACHE_CLASS_DATA], 1);
    gcache_changed(g, 1, 0, b, 9);
    /* And back: instance 0's past image goes when it holds X again; 1
     * keeps one now. */
    r = req(g, 0, 0, b, GCACHE_CHANGE);
    assert_int_equal(r.got, GCACHE_GOT_CURRENT);
    assert_int_equal(r.stamp, 9);
    assert_int_equal(r.stamp_inst, 1);
    assert_int_equal(g->blocks[0][b].pi, 2u);
    /* Messages: the remote grant of the new block (one each way), then one
     * request each: 2 sent by each instance, one of each kind. */
    assert_int_equal(n(g, 0)->gcs_sent, 2);
    assert_int_equal(n(g, 1)->gcs_sent, 2);
    for (int i = 0; i < 2; i++) {
        assert_int_equal(n(g, i)->gcs_by[GCACHE_MSG_GRANT], 1);
        assert_int_equal(n(g, i)->gcs_by[GCACHE_MSG_BLOCK_REQUEST], 1);
    }
    gcache_destroy(g);
}

static void test_shared_copies(void **state)
{
    (void)state;
    gcache_t *g = open_cache();
    /* Both hold S (a warm cache).  Instance 0 changes it: the other's copy
     * is invalidated and its own upgraded: 2 messages, no block, whoever
     * masters it. */
    for (int master = 0; master < 2; master++) {
        uint64_t b = mastered_by(g, master, 100);
        assert_int_equal(gcache_warm(g, 0, b), SIM_OK);
        assert_int_equal(gcache_lock(g, 1, 0, b), GCACHE_S);
        assert_int_equal(gcache_route(g, 0, 0, b, GCACHE_CHANGE), GCACHE_REMOTE);
        gcache_reply_t r = req(g, 0, 0, b, GCACHE_CHANGE);
        assert_int_equal(r.got, GCACHE_GOT_GRANT);
        assert_int_equal(r.messages, 2);
        assert_int_equal(gcache_lock(g, 1, 0, b), GCACHE_N);
        assert_int_equal(gcache_lock(g, 0, 0, b), GCACHE_X);
        /* Warm again: held, it stays as it is. */
        assert_int_equal(gcache_warm(g, 0, b), SIM_OK);
        assert_int_equal(gcache_lock(g, 0, 0, b), GCACHE_X);
    }
    assert_int_equal(n(g, 0)->grants_remote, 2);
    assert_int_equal(n(g, 0)->gcs_sent, 2);
    assert_int_equal(n(g, 1)->gcs_sent, 2);
    /* A block nobody holds, read: S from its master (here: nothing; there:
     * request and grant), then changed: an upgrade, the same again. */
    for (int master = 0; master < 2; master++) {
        uint64_t b = mastered_by(g, master, 200);
        uint64_t sent = n(g, 0)->gcs_sent;
        gcache_reply_t r = req(g, 0, 0, b, GCACHE_READ);
        assert_int_equal(r.got, GCACHE_GOT_GRANT);
        assert_int_equal(r.messages, master ? 2 : 0);
        assert_int_equal(gcache_lock(g, 0, 0, b), GCACHE_S);
        assert_int_equal(gcache_route(g, 0, 0, b, GCACHE_CHANGE),
                         master ? GCACHE_REMOTE : GCACHE_LOCAL);
        r = req(g, 0, 0, b, GCACHE_CHANGE);
        assert_int_equal(r.got, GCACHE_GOT_GRANT);
        assert_int_equal(r.messages, master ? 2 : 0);
        assert_int_equal(n(g, 0)->gcs_sent, sent + (master ? 2 : 0));
    }
    /* The other holds S, this one nothing: a read gets the copy shipped,
     * and S; a change gets it shipped, no past image, the other N. */
    uint64_t c = mastered_by(g, 0, 300);
    req(g, 1, 0, c, GCACHE_READ);
    gcache_reply_t r = req(g, 0, 0, c, GCACHE_READ);
    assert_int_equal(r.got, GCACHE_GOT_CURRENT);
    assert_int_equal(r.messages, 1);
    assert_int_equal(gcache_lock(g, 0, 0, c), GCACHE_S);
    assert_int_equal(gcache_lock(g, 1, 0, c), GCACHE_S);
    uint64_t d = mastered_by(g, 0, c + 1);
    req(g, 1, 0, d, GCACHE_READ);
    r = req(g, 0, 0, d, GCACHE_CHANGE);
    assert_int_equal(r.got, GCACHE_GOT_CURRENT);
    assert_int_equal(r.past_image, 0);
    assert_int_equal(n(g, 1)->past_images, 0);
    assert_int_equal(gcache_lock(g, 1, 0, d), GCACHE_N);
    assert_int_equal(gcache_lock(g, 0, 0, d), GCACHE_X);
    gcache_destroy(g);
}

/* Classes, fixed masters, GES messages and the catalogue statistics. */
static void test_counts_and_statistics(void **state)
{
    (void)state;
    gcache_t *g = open_cache();
    gcache_set_class(g, 3, GCACHE_CLASS_UNDO_HEADER);
    gcache_set_master(g, 3, 1);
    for (uint64_t id = 0; id < 50; id++)
        assert_int_equal(gcache_master(g, 3, id), 1);
    /* Instance 1 holds undo header 5 in X; instance 0 reads it twice (2
     * CR copies, 2 messages), then changes block (0, b) held by 1 (1 block,
     * 1 message). */
    assert_int_equal(gcache_hold(g, 1, 3, 5), SIM_OK);
    req(g, 0, 3, 5, GCACHE_READ);
    req(g, 0, 3, 5, GCACHE_READ);
    uint64_t b = mastered_by(g, 1, 0);
    req(g, 1, 0, b, GCACHE_NEW); /* local grant at 1 */
    gcache_changed(g, 1, 0, b, 1);
    req(g, 0, 0, b, GCACHE_CHANGE);
    gcache_ges(g, 0, GCACHE_ENQ_TX, 3);
    gcache_ges(g, 1, GCACHE_ENQ_TM, 2);
    assert_int_equal(n(g, 0)->cr_received[GCACHE_CLASS_UNDO_HEADER], 2);
    assert_int_equal(n(g, 1)->cr_served[GCACHE_CLASS_UNDO_HEADER], 2);
    assert_int_equal(n(g, 0)->current_received[GCACHE_CLASS_DATA], 1);
    assert_int_equal(n(g, 0)->ges_sent, 3);
    assert_int_equal(n(g, 1)->ges_received, 3);
    assert_int_equal(n(g, 0)->ges_received, 2);
    assert_int_equal(n(g, 0)->ges_by[GCACHE_ENQ_TX], 3);
    assert_int_equal(n(g, 0)->ges_by[GCACHE_ENQ_TM], 0);
    assert_int_equal(n(g, 1)->ges_by[GCACHE_ENQ_TM], 2);
    /* Instance 0: 3 blocks received of 4096 bytes, 3 GCS + 3 GES messages
     * sent of 200: 12288 + 1200 = 13488.  Instance 1: no block, 2 GES:
     * 400. */
    sim_stats_t st;
    gcache_stats(g, 0, &st);
    assert_int_equal(st.v[SIM_STAT_GC_CR_RECEIVED], 2);
    assert_int_equal(st.v[SIM_STAT_GC_CURRENT_RECEIVED], 1);
    assert_int_equal(st.v[SIM_STAT_GCS_MESSAGES], 3);
    assert_int_equal(st.v[SIM_STAT_GES_MESSAGES], 3);
    assert_int_equal(st.v[SIM_STAT_INTERCONNECT_BYTES], 13488);
    gcache_stats(g, 1, &st);
    assert_int_equal(st.v[SIM_STAT_INTERCONNECT_BYTES], 400);
    assert_string_equal(gcache_class_name(GCACHE_CLASS_UNDO_HEADER), "undo header");
    assert_string_equal(gcache_class_name(GCACHE_CLASS_BITMAP), "bitmap block");
    assert_string_equal(gcache_class_name(GCACHE_CLASSES), "?");
    gcache_destroy(g);
}

/* The LOB cluster workload's visit: a change stamps step + 1. */
static void test_touch_stamps_the_step(void **state)
{
    (void)state;
    gcache_t *g = open_cache();
    gcache_reply_t r;
    assert_int_equal(gcache_touch(g, 0, 6, 2, 1, 1, &r), SIM_OK);
    assert_int_equal(r.stamp, 0);
    assert_int_equal(gcache_touch(g, 1, 7, 2, 1, 1, &r), SIM_OK);
    assert_int_equal(r.got, GCACHE_GOT_CURRENT);
    assert_int_equal(r.stamp, 7); /* changed at step 6 */
    assert_int_equal(r.stamp_inst, 0);
    assert_int_equal(gcache_touch(g, 0, 9, 2, 1, 0, NULL), SIM_OK);
    assert_int_equal(g->blocks[2][1].stamp, 8);
    assert_int_equal(g->blocks[2][1].version, 2);
    assert_int_equal(g->changes, 2);
    gcache_destroy(g);
}

static void test_grows_and_enomem_leaves_it_unchanged(void **state)
{
    (void)state;
    gcache_t *g = open_cache();
    req(g, 0, 3, 1000, GCACHE_NEW);
    gcache_changed(g, 0, 3, 1000, 1);
    req(g, 1, 3, 1000, GCACHE_CHANGE);
    gcache_counts_t before[GCACHE_INSTANCES];
    memcpy(before, g->n, sizeof before);
    uint64_t cap = g->cap[3], changes = g->changes;
    gcache_reply_t r;
    sim_fail_alloc_after(1);
    assert_int_equal(gcache_request(g, 0, 3, 5000, GCACHE_CHANGE, &r), SIM_ENOMEM);
    assert_int_equal(gcache_warm(g, 3, 6000), SIM_ENOMEM);
    sim_fail_alloc_after(1);
    assert_int_equal(gcache_hold(g, 0, 3, 7000), SIM_ENOMEM);
    sim_fail_alloc_after(0);
    assert_memory_equal(before, g->n, sizeof before);
    assert_int_equal(g->cap[3], cap);
    assert_int_equal(g->changes, changes);
    assert_int_equal(gcache_check(g), SIM_OK);
    assert_int_equal(gcache_lock(g, 1, 3, 1000), GCACHE_X);
    gcache_destroy(g);
}

/* ---- negative tests: gcache_check() catches a corrupted state ---------- */

/*
 * Each corruption goes through gcache_int.h right before the check and the
 * cache is destroyed right after it (debug builds check after every state
 * change and would stop at the next one).  The state they start from:
 * block (0, b) was formatted by instance 0, changed (version 1), shipped
 * current to instance 1 (which holds X; 0 keeps a past image); instance 0
 * read one CR copy of it back.
 */
typedef void (*gc_corrupt_fn)(gcache_t *g, uint64_t b);

static void gc_two_exclusive(gcache_t *g, uint64_t b)
{
    g->blocks[0][b].mode[0] = GCACHE_X;
}
static void gc_exclusive_and_shared(gcache_t *g, uint64_t b)
{
    g->blocks[0][b].mode[0] = GCACHE_S;
}
static void gc_mode_out_of_range(gcache_t *g, uint64_t b)
{
    g->blocks[0][b].mode[1] = GCACHE_X + 1;
}
static void gc_past_image_at_holder(gcache_t *g, uint64_t b)
{
    g->blocks[0][b].pi |= 2;
}
static void gc_untouched_block_held(gcache_t *g, uint64_t b)
{
    g->blocks[0][b + 1].mode[1] = GCACHE_S; /* never requested, yet held */
}
static void gc_stamp_without_instance(gcache_t *g, uint64_t b)
{
    g->blocks[0][b].stamp_inst = -1;
}
static void gc_changes_off_by_one(gcache_t *g, uint64_t b)
{
    (void)b;
    g->changes++;
}
static void gc_current_received_off_by_one(gcache_t *g, uint64_t b)
{
    (void)b;
    g->n[1].current_received[GCACHE_CLASS_DATA]++; /* served by nobody */
}
static void gc_cr_served_off_by_one(gcache_t *g, uint64_t b)
{
    (void)b;
    g->n[1].cr_served[GCACHE_CLASS_DATA]--;
}
static void gc_gcs_sent_off_by_one(gcache_t *g, uint64_t b)
{
    (void)b;
    g->n[0].gcs_sent++;
}
static void gc_grants_off_by_one(gcache_t *g, uint64_t b)
{
    (void)b;
    g->n[1].gcs_by[GCACHE_MSG_GRANT]++; /* not in gcs_sent */
}
static void gc_ges_received_off_by_one(gcache_t *g, uint64_t b)
{
    (void)b;
    g->n[1].ges_received++;
}

static void test_check_catches_corruption(void **state)
{
    (void)state;
    static const struct {
        const char *what;
        gc_corrupt_fn fn;
    } cases[] = {
        {"two X holders", gc_two_exclusive},
        {"X here, S there", gc_exclusive_and_shared},
        {"a mode that is none", gc_mode_out_of_range},
        {"a past image where X is held", gc_past_image_at_holder},
        {"a block never requested, held", gc_untouched_block_held},
        {"a stamp of no instance", gc_stamp_without_instance},
        {"changes off by one", gc_changes_off_by_one},
        {"current blocks received off by one", gc_current_received_off_by_one},
        {"CR blocks served off by one", gc_cr_served_off_by_one},
        {"GCS messages sent off by one", gc_gcs_sent_off_by_one},
        {"GES messages received off by one", gc_ges_received_off_by_one},
        {"GCS messages by kind off by one", gc_grants_off_by_one},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        gcache_t *g = open_cache();
        uint64_t b = mastered_by(g, 0, 0);
        req(g, 0, 0, b, GCACHE_NEW);
        gcache_changed(g, 0, 0, b, 1);
        req(g, 1, 0, b, GCACHE_CHANGE);
        req(g, 0, 0, b, GCACHE_READ);
        gcache_ges(g, 0, GCACHE_ENQ_TX, 1);
        assert_int_equal(n(g, 0)->cr_received[GCACHE_CLASS_DATA], 1);
        assert_int_equal(gcache_check(g), SIM_OK);
        cases[i].fn(g, b);
        printf("gcache: %s\n", cases[i].what);
        assert_int_equal(gcache_check(g), SIM_ECORRUPT);
        gcache_destroy(g);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_create_and_destroy),
        cmocka_unit_test(test_new_block_granted_by_its_master),
        cmocka_unit_test(test_cr_copies_and_fairness_down_convert),
        cmocka_unit_test(test_current_block_ships_and_leaves_a_past_image),
        cmocka_unit_test(test_shared_copies),
        cmocka_unit_test(test_counts_and_statistics),
        cmocka_unit_test(test_touch_stamps_the_step),
        cmocka_unit_test(test_grows_and_enomem_leaves_it_unchanged),
        cmocka_unit_test(test_check_catches_corruption),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
