/*
 * locks.c -- deadlocks among sessions waiting for row locks (sessions.c).
 *
 * A session waits for one other session's transaction at a time
 * (`enq: TX - row lock contention`).  When a new wait closes a cycle, none
 * of its sessions can go on.  Oracle does not break it at once: a session
 * waiting on an enqueue wakes every few seconds (ses.deadlock_ms, 3 s by
 * default; life_sim/README.md cites it) and looks for a deadlock; the
 * first of the cycle to look finds it, gets ORA-00060 "deadlock detected
 * while waiting for resource", and only its statement is rolled back
 * (orafaq.com, "ORA-00060"; marhar.blogspot.com, "Oracle deadlocks - what
 * happens?": Oracle kills neither the session nor the transaction, and
 * the others wait until that session ends its transaction).
 */
#include "life_sim_int.h"

int life_lock_victim(const uint32_t *wait_for, const uint64_t *since, uint32_t n, uint32_t k,
                     uint64_t now, uint64_t every, uint32_t *victim, uint64_t *when)
{
    /* Follow the waits from k: a cycle comes back to k within n steps. */
    uint32_t j = k, steps = 0;
    do {
        if (wait_for[j] == 0 || ++steps > n)
            return 0;
        j = wait_for[j] - 1;
    } while (j != k);
    /* Each waiter looks every `every` ns from the start of its wait; the
     * first look at or after now finds the cycle (ties: the lower sid). */
    int found = 0;
    j = k;
    do {
        uint64_t looks = now > since[j] ? (now - since[j] + every - 1) / every : 1;
        if (looks == 0)
            looks = 1;
        uint64_t t = since[j] + looks * every;
        if (!found || t < *when || (t == *when && j < *victim)) {
            *victim = j;
            *when = t;
            found = 1;
        }
        j = wait_for[j] - 1;
    } while (j != k);
    return 1;
}
