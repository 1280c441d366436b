/*
 * link.c -- the interconnect: its profiles and one queue per direction.
 *
 * Each direction is a server of its own (full duplex).  A message or a
 * block goes out as a UDP datagram, fragmented by the MTU; its service
 * time is every frame's bytes on the wire at the link's bandwidth (each
 * frame carries an IP header and 38 bytes of Ethernet preamble, header,
 * checksum and gap), and it arrives the one-way latency after it left the
 * wire.  HiperSockets has no wire: the sender's CPU copies the datagram
 * (the callers add rac_link_wire_ns() to the sending CPU's work), and the
 * message arrives the latency after it was sent.  Its arrival is an event
 * of the kind the sender names (a request for LMS, a reply for a session).
 */
#include "rac_sim_int.h"

#define UDP_HEADER 8
#define IP_HEADER 20
#define FRAME_OVERHEAD 38

/* rac_sim/README.md gives the source of each. */
static const rac_profile_t profiles[CASE_LINK_COUNT] = {
    [CASE_LINK_HIPERSOCKETS] = {10, 2000, 8192, 1},
    [CASE_LINK_10GBE] = {40, 10000, 8192, 0},
    [CASE_LINK_1GBE] = {62, 1000, 8192, 0},
};

static const char *const names[CASE_LINK_COUNT] = {"hipersockets", "10gbe", "1gbe"};

const char *rac_interconnect_name(uint32_t i)
{
    return i < CASE_LINK_COUNT ? names[i] : NULL;
}

void rac_link_profile(const case_t *c, rac_profile_t *p)
{
    const case_rac_params_t *rp = &c->rac;
    assert(rp->interconnect < CASE_LINK_COUNT);
    *p = profiles[rp->interconnect];
    if (rp->link_us)
        p->latency_us = rp->link_us;
    if (rp->link_mbit)
        p->mbit = rp->link_mbit;
    if (rp->mtu)
        p->mtu = rp->mtu;
}

uint64_t rac_link_frames(const rac_profile_t *p, uint32_t payload)
{
    uint64_t datagram = (uint64_t)payload + UDP_HEADER;
    uint64_t per_frame = p->mtu - IP_HEADER;
    return (datagram + per_frame - 1) / per_frame;
}

uint64_t rac_link_wire_ns(const rac_profile_t *p, uint32_t payload)
{
    uint64_t datagram = (uint64_t)payload + UDP_HEADER;
    uint64_t frames = rac_link_frames(p, payload);
    uint64_t bytes = datagram + frames * (IP_HEADER + FRAME_OVERHEAD);
    return bytes * 8 * 1000 / p->mbit;
}

static void start(rac_t *r, int from)
{
    rac_wire_t *w = &r->wire[from];
    uint64_t m = sim_fifo_pop(&w->q);
    uint64_t ns = rac_link_wire_ns(&r->link, (uint32_t)(m >> 32) & 0xffffffu);
    w->busy = 1;
    r->n[from].link_busy_ns += ns;
    rac_at(r, rac_now(r) + ns, EV_LINK, (uint32_t)from, m);
}

void rac_link_send(rac_t *r, uint32_t u, int from, uint32_t payload, unsigned arrive)
{
    rac_wire_t *w = &r->wire[from];
    r->n[from].link_bytes += payload;
    if (r->link.cpu_copy) {
        rac_at(r, rac_now(r) + r->link.latency_us * RAC_NS_PER_US, arrive, u, 0);
        return;
    }
    assert(payload < 1u << 24);
    if (sim_fifo_push(&w->q, (uint64_t)arrive << 56 | (uint64_t)payload << 32 | u) != SIM_OK) {
        rac_fail(r, SIM_ENOMEM);
        return;
    }
    if (!w->busy)
        start(r, from);
}

void rac_link_done(rac_t *r, int from, uint64_t m)
{
    rac_wire_t *w = &r->wire[from];
    w->busy = 0;
    rac_at(r, rac_now(r) + r->link.latency_us * RAC_NS_PER_US, (unsigned)(m >> 56), (uint32_t)m, 0);
    if (w->q.n > 0)
        start(r, from);
}
