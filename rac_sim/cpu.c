/*
 * cpu.c -- each instance's cores as one queued resource.
 *
 * A job is a burst of CPU: a user's statement, or LMS serving a request.
 * Free cores take jobs at once; otherwise jobs wait in two FIFOs, LMS's
 * before the users' (10g runs LMS at a raised priority, so that a busy
 * instance does not starve the other's requests), and a core that frees
 * takes the next job.  Nothing is preempted.  A user in the queue is in the
 * run queue: its time there is neither DB CPU nor a wait event.  A job
 * that ends fires EV_LMS_CPU or EV_USER_CPU for its owner.
 */
#include "rac_sim_int.h"

static uint64_t job(uint32_t owner, uint64_t work_ns)
{
    if (work_ns > UINT32_MAX)
        work_ns = UINT32_MAX;
    return work_ns << 32 | owner;
}

static void start(rac_t *r, int inst, uint64_t j)
{
    uint32_t owner = (uint32_t)j;
    if (OWNER_TYPE(owner) == OWN_USER)
        rac_user_state(r, OWNER_USER(owner), ST_CPU, 0);
    rac_at(r, rac_now(r) + (j >> 32), EV_CPU, (uint32_t)inst, j);
}

sim_err_t rac_cpu_submit(rac_t *r, int inst, uint32_t owner, uint64_t work_ns)
{
    rac_cpu_t *c = &r->cpu[inst];
    uint64_t j = job(owner, work_ns);
    if (c->busy < c->cores) {
        c->busy++;
        start(r, inst, j);
        return SIM_OK;
    }
    if (OWNER_TYPE(owner) == OWN_USER)
        rac_user_state(r, OWNER_USER(owner), ST_CPUQ, 0);
    /* LGWR runs at the users' priority (10g raises LMS's alone). */
    int lms = OWNER_TYPE(owner) == OWN_LMS && OWNER_USER(owner) < RAC_LGWR(r, 0);
    return sim_fifo_push(&c->q[lms ? 0 : 1], j);
}

void rac_cpu_done(rac_t *r, int inst, uint64_t j)
{
    rac_cpu_t *c = &r->cpu[inst];
    uint32_t owner = (uint32_t)j;
    c->busy--;
    for (int p = 0; p < 2; p++)
        if (c->q[p].n > 0) {
            c->busy++;
            start(r, inst, sim_fifo_pop(&c->q[p]));
            break;
        }
    if (OWNER_TYPE(owner) == OWN_LMS && OWNER_USER(owner) >= RAC_LGWR(r, 0)) {
        r->n[inst].lgwr_cpu_ns += j >> 32;
    } else if (OWNER_TYPE(owner) == OWN_LMS) {
        r->n[inst].lms_cpu_ns += j >> 32;
        sim_engine_fire(r->ev, EV_LMS_CPU, OWNER_USER(owner), 0);
    } else {
        sim_engine_fire(r->ev, EV_USER_CPU, OWNER_USER(owner), 0);
    }
}
