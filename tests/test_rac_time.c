/*
 * test_rac_time.c -- the rac time model's queues, worked by hand: the
 * interconnect's service time from the frames on the wire, the log
 * writer's one queue for commits and for the flushes that must precede
 * shipping a changed block, a link that never carries more than its
 * bandwidth, LMS deferring a hot block (_gc_defer_time), and lost replies
 * sent again after a timer (rac.loss_ppm).
 */
#include <math.h>
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "rac_sim_int.h"
#include "workload.h"

static void rac_case(case_t *c, uint32_t block_size)
{
    case_defaults(c);
    c->workload = (unsigned)workload_find("rac");
    c->rows = 100000;
    c->block_size = block_size;
    c->seed = 1;
}

static double line(const rac_report_t *r, const char *section, const char *name, int col)
{
    const rac_line_t *l = rac_report_line(r, section, name);
    if (l == NULL)
        fail_msg("no line '%s' in '%s'", name, section);
    return l->v[col];
}

/*
 * A datagram is the payload and 8 bytes of UDP header, in fragments of at
 * most MTU - 20 bytes; each fragment carries 20 bytes of IP header and 38
 * of Ethernet (preamble, header, checksum, gap).
 *   8k block + its 200-byte header: 8400 bytes, 2 fragments at MTU 8192:
 *     8400 + 2 x 58 = 8516 bytes = 68128 bits: 68,128 ns at 1 Gbit/s,
 *     6,812 ns at 10, 34,064 ns at 2 (HiperSockets);
 *   4k block: 4304 bytes, 1 fragment: 4362 bytes = 34,896 ns at 1 Gbit/s;
 *   a 200-byte message: 266 bytes = 2,128 ns at 1 Gbit/s;
 *   8k at MTU 1500: 8400 / 1480 = 6 fragments: 8748 bytes, 69,984 ns.
 */
static void test_wire_time(void **state)
{
    (void)state;
    case_t c;
    rac_case(&c, 8192);
    rac_profile_t p;
    c.rac.interconnect = CASE_LINK_1GBE;
    rac_link_profile(&c, &p);
    assert_int_equal(p.mbit, 1000);
    assert_int_equal(p.latency_us, 62);
    assert_int_equal(p.cpu_copy, 0);
    assert_int_equal(rac_link_wire_ns(&p, 8192 + 200), 68128);
    assert_int_equal(rac_link_wire_ns(&p, 4096 + 200), 34896);
    assert_int_equal(rac_link_wire_ns(&p, 200), 2128);
    c.rac.mtu = 1500;
    rac_link_profile(&c, &p);
    assert_int_equal(rac_link_wire_ns(&p, 8192 + 200), 69984);
    c.rac.mtu = 0;
    c.rac.interconnect = CASE_LINK_10GBE;
    rac_link_profile(&c, &p);
    assert_int_equal(p.latency_us, 40);
    assert_int_equal(rac_link_wire_ns(&p, 8192 + 200), 6812);
    c.rac.interconnect = CASE_LINK_HIPERSOCKETS;
    rac_link_profile(&c, &p);
    assert_int_equal(p.latency_us, 10);
    assert_int_equal(p.cpu_copy, 1);
    assert_int_equal(rac_link_wire_ns(&p, 8192 + 200), 34064);
    /* Overrides. */
    c.rac.link_us = 7;
    c.rac.link_mbit = 4000;
    rac_link_profile(&c, &p);
    assert_int_equal(p.latency_us, 7);
    assert_int_equal(rac_link_wire_ns(&p, 8192 + 200), 17032);
    assert_string_equal(rac_interconnect_name(CASE_LINK_HIPERSOCKETS), "hipersockets");
    assert_string_equal(rac_interconnect_name(CASE_LINK_10GBE), "10gbe");
    assert_string_equal(rac_interconnect_name(CASE_LINK_1GBE), "1gbe");
    assert_null(rac_interconnect_name(CASE_LINK_COUNT));
}

/*
 * Flush before ship, and the commit queued behind the flush.  Statement
 * CPU is 0 (no draw).  Instance 0's user A updates row r1 at about 0.15 ms
 * and commits at about 1.4 ms; instance 1's user B updates row r2 at about
 * 1.0 ms.
 *   4k: r1 and r2 sit in two blocks; nothing ships.  A's commit finds the
 *       log writer idle: one write of A's 500 bytes (400 update, 100
 *       commit), 500 us + 500 B at 100 MB/s = 505 us of log file sync.
 *   8k: one block.  B asks for it at about 1.1 ms; it holds A's change,
 *       not yet written: LMS has instance 0's log writer write it first
 *       (a gcs log flush sync) and B's wait is busy.  The flush's write
 *       runs from about 1.11 to 1.61 ms; A's commit at about 1.4 ms comes
 *       while it writes, so A waits for it to end and then for a write of
 *       its own commit record: about 0.2 ms more than at 4k, at most one
 *       write (505 us) more.  B's block arrives holding A's ITL entry, and
 *       A has committed by then: B reads A's undo segment header to clean
 *       it out (delayed block cleanout), whose commit is not written yet:
 *       a second flush at instance 0.
 */
static void test_flush_before_ship_delays_commits(void **state)
{
    (void)state;
    case_t c8, c4;
    rac_case(&c8, 8192);
    rac_case(&c4, 4096);
    hs_table_t *t8, *t4;
    assert_int_equal(heap_table(&c8, &t8), SIM_OK);
    assert_int_equal(heap_table(&c4, &t4), SIM_OK);
    uint64_t r1 = 1000, r2 = r1 + 1;
    while (!(hs_table_block_of(t8, r1) == hs_table_block_of(t8, r2) &&
             hs_table_block_of(t4, r1) != hs_table_block_of(t4, r2)))
        r2++;
    hs_table_destroy(t8);
    hs_table_destroy(t4);
    rac_script_t s[2];
    memset(s, 0, sizeof s);
    s[0] = (rac_script_t){0, 3, {OP_UPDATE, OP_IDLE, OP_COMMIT}, {r1, 1000, 0}};
    s[1] = (rac_script_t){1, 3, {OP_IDLE, OP_UPDATE, OP_COMMIT}, {900, r2, 0}};
    double sync[2], flushes[2], busy[2];
    for (int k = 0; k < 2; k++) {
        case_t *c = k ? &c4 : &c8;
        c->rac.cpu_us = 0;
        rac_report_t rep;
        assert_int_equal(rac_script(c, s, 2, &rep), SIM_OK);
        double t = rep.elapsed_s;
        /* Instance 0's one commit: its log file sync in microseconds. */
        assert_true(round(line(&rep, RAC_SEC_EVENTS, "log file sync: waits per second", 0) * t) ==
                    1);
        sync[k] = line(&rep, RAC_SEC_EVENTS, "log file sync: time (s per s)", 0) * t * 1e6;
        /* Each instance's one transaction: an updated row's 400 bytes of
         * redo and the commit record's 100, whatever the block size. */
        for (int i = 0; i < 2; i++)
            assert_true(line(&rep, RAC_SEC_LOAD, "Redo size per transaction (bytes)", i) == 500.0);
        flushes[k] =
            round(line(&rep, RAC_SEC_EVENTS, "gcs log flush sync: waits per second", 0) * t);
        busy[k] =
            round(line(&rep, RAC_SEC_EVENTS, "gc current block busy: waits per second", 1) * t);
        printf("%uk: A's log file sync %.3f us, %.0f flush, %.0f busy block\n",
               c->block_size / 1024, sync[k], flushes[k], busy[k]);
    }
    assert_true(fabs(sync[1] - 505.0) < 1e-6);
    assert_true(flushes[1] == 0 && busy[1] == 0);
    assert_true(flushes[0] == 2 && busy[0] == 1);
    assert_true(sync[0] > sync[1] + 150 && sync[0] < sync[1] + 505);
}

/* A commit whose redo is already on disk does not wait: with no commit
 * record (rac.commit_redo_bytes 0), A's update is written by the flush B's
 * request causes at about 1.1 ms (done by 1.61 ms), and A commits at about
 * 2.15 ms: nothing left to write, no log file sync. */
static void test_commit_already_written(void **state)
{
    (void)state;
    case_t c;
    rac_case(&c, 8192);
    hs_table_t *t;
    assert_int_equal(heap_table(&c, &t), SIM_OK);
    uint64_t r1 = 1000, r2 = r1 + 1;
    while (hs_table_block_of(t, r1) != hs_table_block_of(t, r2))
        r2++;
    hs_table_destroy(t);
    rac_script_t s[2];
    memset(s, 0, sizeof s);
    s[0] = (rac_script_t){0, 3, {OP_UPDATE, OP_IDLE, OP_COMMIT}, {r1, 2000, 0}};
    s[1] = (rac_script_t){1, 3, {OP_IDLE, OP_UPDATE, OP_COMMIT}, {900, r2, 0}};
    c.rac.cpu_us = 0;
    c.rac.commit_redo_bytes = 0;
    rac_report_t rep;
    assert_int_equal(rac_script(&c, s, 2, &rep), SIM_OK);
    double t0 = rep.elapsed_s;
    assert_true(round(line(&rep, RAC_SEC_EVENTS, "gcs log flush sync: waits per second", 0) * t0) >=
                1);
    assert_true(line(&rep, RAC_SEC_EVENTS, "log file sync: waits per second", 0) == 0);
}

/* 1 GbE at 80 users: each direction's queue is busy at most the whole
 * window, and carries at most 1000 Mbit/s. */
static void test_link_carries_at_most_its_bandwidth(void **state)
{
    (void)state;
    static const uint32_t sizes[] = {2048, 8192, 32768};
    for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
        case_t c;
        rac_case(&c, sizes[i]);
        c.rac.interconnect = CASE_LINK_1GBE;
        c.rac.users = 80;
        c.rac.transactions = 4000;
        rac_report_t rep;
        assert_int_equal(rac_report(&c, &rep), SIM_OK);
        for (int k = 0; k < 2; k++) {
            double busy = line(&rep, RAC_SEC_LINK, "Send queue busy %", k);
            double mbit = line(&rep, RAC_SEC_LINK, "MB sent per second", k) * 8;
            printf("%2uk, instance %d: send queue busy %.1f %%, %.0f Mbit/s of payload\n",
                   sizes[i] / 1024, k + 1, busy, mbit);
            assert_true(busy > 0 && busy <= 100.0 + 1e-9);
            assert_true(mbit < 1000);
        }
    }
}

/* A short run of `users` at 8k: a window of 50 transactions a user. */
static void short_case(case_t *c, uint32_t users)
{
    rac_case(c, 8192);
    c->rac.users = users;
    c->rac.transactions = 50 * users;
    c->rac.warmup = 5 * users;
}

/* The log file sync of a commit, the cluster's average in ms, and the
 * writes' average wait for the other instance's acknowledgement past
 * their I/O. */
static void commit_waits(case_t *c, double *sync_ms, double *ack_ms)
{
    static rac_report_t rep;
    assert_int_equal(rac_report(c, &rep), SIM_OK);
    *sync_ms = line(&rep, RAC_SEC_EVENTS, "log file sync: avg wait (ms)", 2);
    *ack_ms = line(&rep, RAC_SEC_GC_WORK, "Avg redo write broadcast ack time (ms)", 2);
}

/* Broadcast on commit: with a one-way latency of 2 ms every commit waits
 * for its SCN to go to the other instance and its acknowledgement to come
 * back, 4 ms at least; the log write alone takes 0.5 ms and its bytes. */
static void test_commit_waits_for_the_ack(void **state)
{
    (void)state;
    case_t c;
    short_case(&c, 20);
    c.rac.link_us = 2000;
    double sync, ack;
    commit_waits(&c, &sync, &ack);
    printf("2 ms links: log file sync %.3f ms, ack %.3f ms past the write\n", sync, ack);
    assert_true(sync >= 4.0);
    c.rac.boc = 0;
    commit_waits(&c, &sync, &ack);
    printf("without the broadcast: log file sync %.3f ms\n", sync);
    assert_true(sync < 4.0);
    assert_true(ack == 0);
}

/* One LMS an instance: as its work per request grows (20 -> 400 us) the
 * acknowledgements queue behind the block requests, and a commit waits
 * longer for its log file sync. */
static void test_commit_wait_grows_with_lms_load(void **state)
{
    (void)state;
    double sync[2], ack[2];
    for (int k = 0; k < 2; k++) {
        case_t c;
        short_case(&c, 40);
        c.rac.lms = 1;
        c.rac.lms_us = k ? 400 : 20;
        commit_waits(&c, &sync[k], &ack[k]);
        printf("lms_us %u: log file sync %.3f ms, ack %.3f ms past the write\n", c.rac.lms_us,
               sync[k], ack[k]);
    }
    assert_true(ack[1] > 2 * ack[0]);
    assert_true(sync[1] > sync[0] + 0.5 * (ack[1] - ack[0]));
}

/* _gc_defer_time: four cores an instance (the CPU no longer the bound),
 * 40 users inserting into one right-hand index leaf.  LMS defers a request
 * for the hot leaf (a session of the holder pins it or waits for it) by
 * rac.gc_defer_us, so the holder's sessions insert into it before it ships:
 * fewer current transfers a transaction, and throughput that falls, not
 * rises, when LMS is slower (lms_us 20 -> 60).  Without the deferral a
 * slower LMS batched the inserts by accident: throughput rose (issue 31,
 * item 6). */
static void defer_run(uint32_t defer_us, uint32_t lms_us, double *tpm, double *defers,
                      double *current)
{
    static rac_report_t rep;
    case_t c;
    short_case(&c, 40);
    c.rac.cores = 4;
    c.rac.gc_defer_us = defer_us;
    c.rac.lms_us = lms_us;
    assert_int_equal(rac_report(&c, &rep), SIM_OK);
    *tpm = line(&rep, RAC_SEC_LOAD, "Transactions per minute", 2);
    *defers = line(&rep, RAC_SEC_GC_WORK, "global cache defers per transaction", 2);
    *current =
        line(&rep, RAC_SEC_TRANSFER, "data block: current blocks received per transaction", 2);
    printf("gc_defer_us %u, lms_us %u: %.0f tpm, %.3f defers and %.3f data blocks received "
           "current a transaction\n",
           defer_us, lms_us, *tpm, *defers, *current);
}

static void test_gc_defer_keeps_a_hot_block(void **state)
{
    (void)state;
    double tpm[2], defers[2], current[2], tpm0, defers0, current0;
    for (int k = 0; k < 2; k++)
        defer_run(3000, k ? 60 : 20, &tpm[k], &defers[k], &current[k]);
    defer_run(0, 20, &tpm0, &defers0, &current0);
    assert_true(defers[0] > 0.01);
    assert_true(defers0 == 0);
    assert_true(current[0] < 0.9 * current0);
    assert_true(tpm[1] < tpm[0]);
}

/*
 * Lost replies (rac.loss_ppm, a priori): on 1 GbE at MTU 1492, 20 users, a
 * frame in 500 lost.  Each lost reply costs its requester the timer of
 * rac.lost_timeout_us from its request (`gc cr block lost`, `gc current
 * block lost`, one wait a block lost), then a request sent again and its
 * reply (`gc cr request retry`, `gc current retry`: one wait a request
 * retried, at most one a block lost, far shorter than the timer).  A
 * datagram is lost with any of its fragments: an 8k block (6 frames at
 * this MTU) is lost about twice as often as a 4k block (3).  Without loss
 * nothing is lost and throughput is higher.
 */
static void lossy_run(uint32_t block_size, uint32_t ppm, rac_report_t *rep)
{
    case_t c;
    rac_case(&c, block_size);
    c.rac.users = 20;
    c.rac.transactions = 2000;
    c.rac.warmup = 200;
    c.rac.interconnect = CASE_LINK_1GBE;
    c.rac.mtu = 1492;
    c.rac.loss_ppm = ppm;
    assert_int_equal(rac_report(&c, rep), SIM_OK);
}

static void test_lost_replies_retry(void **state)
{
    (void)state;
    static rac_report_t rep[3];
    lossy_run(8192, 0, &rep[0]);
    lossy_run(8192, 2000, &rep[1]);
    lossy_run(4096, 2000, &rep[2]);
    double timeout_ms = 500;
    double per_block[2];
    for (int k = 0; k < 3; k++) {
        const rac_report_t *r = &rep[k];
        double s = r->elapsed_s;
        double lost = 0, lost_waits = 0, retries = 0;
        for (int m = 0; m < 2; m++) {
            static const char *const st[2] = {"gc cr blocks lost per second",
                                              "gc current blocks lost per second"};
            static const char *const lw[2] = {"gc cr block lost: waits per second",
                                              "gc current block lost: waits per second"};
            static const char *const rw[2] = {"gc cr request retry: waits per second",
                                              "gc current retry: waits per second"};
            lost += round(line(r, RAC_SEC_GC_WORK, st[m], 2) * s);
            lost_waits += round(line(r, RAC_SEC_EVENTS, lw[m], 2) * s);
            retries += round(line(r, RAC_SEC_EVENTS, rw[m], 2) * s);
        }
        double lost_ms = line(r, RAC_SEC_EVENTS, "gc cr block lost: avg wait (ms)", 2);
        double retry_ms = line(r, RAC_SEC_EVENTS, "gc cr request retry: avg wait (ms)", 2);
        double blocks =
            round(line(r, RAC_SEC_GC_LOAD, "Global Cache blocks received per second", 2) * s);
        printf("%uk loss %s: %.0f blocks lost of %.0f received, %.0f lost waits of %.3f ms, "
               "%.0f retries of %.3f ms, %.0f tpm\n",
               k == 2 ? 4 : 8, k ? "2000 ppm" : "0", lost, blocks, lost_waits, lost_ms, retries,
               retry_ms, line(r, RAC_SEC_LOAD, "Transactions per minute", 2));
        if (k == 0) {
            assert_true(lost == 0 && lost_waits == 0 && retries == 0);
            continue;
        }
        assert_true(lost >= 10);
        assert_true(lost_waits == lost);
        assert_true(retries >= 1 && retries <= lost);
        assert_true(lost_ms >= timeout_ms && lost_ms < timeout_ms + 0.01);
        assert_true(retry_ms > 0 && retry_ms < 0.1 * timeout_ms);
        per_block[k - 1] = lost / blocks;
    }
    assert_true(line(&rep[1], RAC_SEC_LOAD, "Transactions per minute", 2) <
                line(&rep[0], RAC_SEC_LOAD, "Transactions per minute", 2));
    assert_true(per_block[0] > 1.4 * per_block[1]);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_wire_time),
        cmocka_unit_test(test_flush_before_ship_delays_commits),
        cmocka_unit_test(test_commit_already_written),
        cmocka_unit_test(test_link_carries_at_most_its_bandwidth),
        cmocka_unit_test(test_commit_waits_for_the_ack),
        cmocka_unit_test(test_commit_wait_grows_with_lms_load),
        cmocka_unit_test(test_gc_defer_keeps_a_hot_block),
        cmocka_unit_test(test_lost_replies_retry),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
