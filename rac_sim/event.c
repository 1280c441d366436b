/*
 * event.c -- the rac simulation's event queue and FIFOs.
 *
 * Events are ordered by time, then by the order they were scheduled, so
 * that two events at the same nanosecond always run in the same order: the
 * run is deterministic.  The queue is a binary heap; a run holds at most a
 * few events per user at a time.
 */
#include <string.h>

#include "rac_sim_int.h"

static int before(const rac_event_t *a, const rac_event_t *b)
{
    return a->t < b->t || (a->t == b->t && a->seq < b->seq);
}

sim_err_t rac_queue_push(rac_queue_t *q, uint64_t t, uint32_t type, uint32_t a, uint64_t b)
{
    if (q->n == q->cap) {
        size_t cap = q->cap ? 2 * q->cap : 256;
        rac_event_t *h = sim_realloc(q->h, cap * sizeof *h);
        if (h == NULL)
            return SIM_ENOMEM;
        q->h = h;
        q->cap = cap;
    }
    rac_event_t e = {t, q->seq++, type, a, b};
    size_t i = q->n++;
    while (i > 0 && before(&e, &q->h[(i - 1) / 2])) {
        q->h[i] = q->h[(i - 1) / 2];
        i = (i - 1) / 2;
    }
    q->h[i] = e;
    return SIM_OK;
}

int rac_queue_pop(rac_queue_t *q, rac_event_t *e)
{
    if (q->n == 0)
        return 0;
    *e = q->h[0];
    rac_event_t last = q->h[--q->n];
    size_t i = 0;
    for (;;) {
        size_t c = 2 * i + 1;
        if (c >= q->n)
            break;
        if (c + 1 < q->n && before(&q->h[c + 1], &q->h[c]))
            c++;
        if (!before(&q->h[c], &last))
            break;
        q->h[i] = q->h[c];
        i = c;
    }
    if (q->n > 0)
        q->h[i] = last;
    return 1;
}

void rac_queue_free(rac_queue_t *q)
{
    sim_free(q->h);
    memset(q, 0, sizeof *q);
}

sim_err_t rac_fifo_push(rac_fifo_t *f, uint64_t x)
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

uint64_t rac_fifo_pop(rac_fifo_t *f)
{
    assert(f->n > 0);
    uint64_t x = f->v[f->head];
    f->head = (f->head + 1) % f->cap;
    f->n--;
    return x;
}

void rac_fifo_free(rac_fifo_t *f)
{
    sim_free(f->v);
    memset(f, 0, sizeof *f);
}
