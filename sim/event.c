/*
 * event.c -- a discrete-event engine: a clock in integer time units, the
 * events still to happen, and one handler per kind of event.
 *
 * A model registers a handler for each kind of event it schedules
 * (sim_engine_on()); its servers -- a CPU, a log writer, a link -- schedule
 * the end of their work as an event of the kind their caller names, or
 * hand it on at once (sim_engine_fire()), and never call the code that
 * waits for them: who waits is the handler's business, so the servers and
 * their clients do not call each other in a circle.
 *
 * Events run in order of time, and events of the same time in the order
 * they were scheduled (a sequence number every event takes), so that a
 * run is the same bit for bit however the heap happens to be laid out.
 * The events wait in a binary heap (sim_engine_at() sifts up,
 * sim_engine_step() takes the root and sifts down).
 */
#include <string.h>

#include "sim.h"

typedef struct {
    uint64_t t, seq;
    uint32_t kind, a;
    uint64_t b;
} event_t;

struct sim_engine {
    uint64_t now; /* only sim_engine_step() advances it */
    uint64_t seq; /* events scheduled so far: the tie-breaker */
    event_t *h;
    size_t n, cap;
    struct {
        sim_handler_fn fn;
        void *ctx;
    } on[SIM_EVENT_KINDS];
};

static int before(const event_t *a, const event_t *b)
{
    return a->t < b->t || (a->t == b->t && a->seq < b->seq);
}

sim_err_t sim_engine_create(sim_engine_t **out)
{
    *out = sim_calloc(1, sizeof **out);
    return *out ? SIM_OK : SIM_ENOMEM;
}

void sim_engine_destroy(sim_engine_t *e)
{
    if (e == NULL)
        return;
    sim_free(e->h);
    sim_free(e);
}

void sim_engine_on(sim_engine_t *e, unsigned kind, sim_handler_fn fn, void *ctx)
{
    assert(kind < SIM_EVENT_KINDS);
    e->on[kind].fn = fn;
    e->on[kind].ctx = ctx;
}

uint64_t sim_engine_now(const sim_engine_t *e)
{
    return e->now;
}

size_t sim_engine_pending(const sim_engine_t *e)
{
    return e->n;
}

uint64_t sim_engine_scheduled(const sim_engine_t *e)
{
    return e->seq;
}

sim_err_t sim_engine_at(sim_engine_t *e, uint64_t t, unsigned kind, uint32_t a, uint64_t b)
{
    assert(kind < SIM_EVENT_KINDS && e->on[kind].fn != NULL);
    assert(t >= e->now);
    if (e->n == e->cap) {
        size_t cap = e->cap ? 2 * e->cap : 256;
        event_t *h = sim_realloc(e->h, cap * sizeof *h);
        if (h == NULL)
            return SIM_ENOMEM;
        e->h = h;
        e->cap = cap;
    }
    event_t ev = {t, e->seq++, kind, a, b};
    size_t i = e->n++;
    while (i > 0 && before(&ev, &e->h[(i - 1) / 2])) {
        e->h[i] = e->h[(i - 1) / 2];
        i = (i - 1) / 2;
    }
    e->h[i] = ev;
    return SIM_OK;
}

void sim_engine_fire(sim_engine_t *e, unsigned kind, uint32_t a, uint64_t b)
{
    assert(kind < SIM_EVENT_KINDS && e->on[kind].fn != NULL);
    e->on[kind].fn(e->on[kind].ctx, a, b);
}

int sim_engine_step(sim_engine_t *e)
{
    if (e->n == 0)
        return 0;
    event_t ev = e->h[0];
    event_t last = e->h[--e->n];
    size_t i = 0;
    for (;;) {
        size_t c = 2 * i + 1;
        if (c >= e->n)
            break;
        if (c + 1 < e->n && before(&e->h[c + 1], &e->h[c]))
            c++;
        if (!before(&e->h[c], &last))
            break;
        e->h[i] = e->h[c];
        i = c;
    }
    if (e->n > 0)
        e->h[i] = last;
    e->now = ev.t;
    sim_engine_fire(e, ev.kind, ev.a, ev.b);
    return 1;
}
