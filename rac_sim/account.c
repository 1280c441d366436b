/*
 * account.c -- where each user's time goes.  Every moment of a user's time
 * is in one bucket: idle (think and client), the run queue, DB CPU, or one
 * wait event (ST_RUN lasts no time: between a wait's end and what comes
 * next).  rac_user_state() closes the bucket the user was in, counting its
 * time there, and opens the next; a wait counts when it ends, as in AWR.
 * So per instance DB time + idle = the users' time (README, invariant 3).
 */
#include "rac_sim_int.h"

void rac_user_state(rac_t *r, uint32_t u, int state, int event)
{
    rac_user_t *us = &r->u[u];
    rac_counts_t *n = &r->n[us->inst];
    uint64_t now = rac_now(r), dt = now - us->since;
    switch (us->state) {
    case ST_IDLE:
        n->idle_ns += dt;
        break;
    case ST_CPUQ:
        n->cpu_queue_ns += dt;
        break;
    case ST_CPU: {
        /* A burst runs to its end once on a core: its parts are its time. */
        uint64_t parts = 0;
        for (int k = 0; k < CPU_COUNT; k++) {
            n->cpu_ns[k] += us->cpu_ns[k];
            parts += us->cpu_ns[k];
        }
        assert(parts == dt);
        (void)parts;
        break;
    }
    case ST_RUN:
        assert(dt == 0);
        break;
    default:
        n->waits[us->event]++;
        n->wait_ns[us->event] += dt;
        break;
    }
    us->state = state;
    us->event = event;
    us->since = now;
}
