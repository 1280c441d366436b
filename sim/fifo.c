/*
 * fifo.c -- a first-in first-out queue of 64-bit values, grown on demand:
 * the line in front of a server of the event engine (event.c).
 *
 * A ring buffer: sim_fifo_push() appends at head + n, doubling the room
 * (and straightening the ring) when it is full; sim_fifo_pop() takes the
 * head.
 */
#include <string.h>

#include "sim.h"

sim_err_t sim_fifo_push(sim_fifo_t *f, uint64_t x)
{
    if (f->n == f->cap) {
        size_t cap = f->cap ? 2 * f->cap : 16;
        uint64_t *v = sim_malloc(cap * sizeof *v);
        if (v == NULL)
            return SIM_ENOMEM;
        for (size_t i = 0; i < f->n; i++)
            v[i] = f->v[(f->head + i) % f->cap];
        sim_free(f->v);
        f->v = v;
        f->head = 0;
        f->cap = cap;
    }
    f->v[(f->head + f->n++) % f->cap] = x;
    return SIM_OK;
}

uint64_t sim_fifo_pop(sim_fifo_t *f)
{
    assert(f->n > 0);
    uint64_t x = f->v[f->head];
    f->head = (f->head + 1) % f->cap;
    f->n--;
    return x;
}

void sim_fifo_free(sim_fifo_t *f)
{
    sim_free(f->v);
    memset(f, 0, sizeof *f);
}
