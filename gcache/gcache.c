/*
 * gcache.c -- the global cache service of two instances (gcache.h).
 *
 * State changes: gcache_request() moves a block's locks and counts what
 * the request cost both instances; gcache_changed() stamps a change;
 * gcache_warm() and gcache_hold() set a block up before a run;
 * gcache_ges() counts enqueue messages.  Nothing here keeps time.
 */
#include <string.h>

#include "gcache_int.h"

static const char *const class_names[GCACHE_CLASSES] = {"data block", "undo header", "undo block",
                                                        "segment header", "bitmap block"};

const char *gcache_class_name(gcache_class_t c)
{
    return (unsigned)c < GCACHE_CLASSES ? class_names[c] : "?";
}

const char *gcache_msg_name(gcache_msg_t m)
{
    static const char *const names[GCACHE_MSGS] = {"block requests", "lock requests and grants"};
    return (unsigned)m < GCACHE_MSGS ? names[m] : "?";
}

const char *gcache_enq_name(gcache_enq_t e)
{
    static const char *const names[GCACHE_ENQS] = {"TX enqueue", "TM enqueue", "row cache lock"};
    return (unsigned)e < GCACHE_ENQS ? names[e] : "?";
}

sim_err_t gcache_create(const gcache_params_t *p, gcache_t **out)
{
    *out = NULL;
    if (p->block_size == 0)
        return SIM_EINVAL;
    gcache_t *g = sim_calloc(1, sizeof *g);
    if (g == NULL)
        return SIM_ENOMEM;
    g->p = *p;
    memset(g->master, -1, sizeof g->master);
    *out = g;
    return SIM_OK;
}

void gcache_destroy(gcache_t *g)
{
    if (g == NULL)
        return;
    for (int k = 0; k < GCACHE_KINDS; k++)
        sim_free(g->blocks[k]);
    sim_free(g);
}

void gcache_set_class(gcache_t *g, unsigned kind, gcache_class_t cls)
{
    assert(kind < GCACHE_KINDS && cls < GCACHE_CLASSES);
    g->cls[kind] = (uint8_t)cls;
}

void gcache_set_master(gcache_t *g, unsigned kind, int inst)
{
    assert(kind < GCACHE_KINDS && inst >= -1 && inst < GCACHE_INSTANCES);
    g->master[kind] = (int8_t)inst;
}

int gcache_master(const gcache_t *g, unsigned kind, uint64_t id)
{
    assert(kind < GCACHE_KINDS);
    if (g->master[kind] >= 0)
        return g->master[kind];
    /* GCS spreads its resources over the instances by a hash of the block
     * address; any fixed mix of (kind, id) does the same here. */
    uint64_t h = (id + ((uint64_t)kind << 56)) * 0x9e3779b97f4a7c15ull;
    return (int)((h >> 32) % GCACHE_INSTANCES);
}

/* The block, grown into existence (zeroed: N everywhere) when new. */
static gcache_block_t *lookup(gcache_t *g, unsigned kind, uint64_t id)
{
    if (id >= g->cap[kind]) {
        uint64_t cap = g->cap[kind] ? g->cap[kind] : 64;
        while (cap <= id)
            cap *= 2;
        gcache_block_t *b = sim_realloc(g->blocks[kind], cap * sizeof *b);
        if (b == NULL)
            return NULL;
        memset(b + g->cap[kind], 0, (cap - g->cap[kind]) * sizeof *b);
        for (uint64_t i = g->cap[kind]; i < cap; i++)
            b[i].stamp_inst = -1;
        g->blocks[kind] = b;
        g->cap[kind] = cap;
    }
    return &g->blocks[kind][id];
}

static const gcache_block_t *peek(const gcache_t *g, unsigned kind, uint64_t id)
{
    static const gcache_block_t none = {{GCACHE_N, GCACHE_N}, 0, 0, -1, 0, 0, 0};
    return id < g->cap[kind] ? &g->blocks[kind][id] : &none;
}

gcache_lock_t gcache_lock(const gcache_t *g, int inst, unsigned kind, uint64_t id)
{
    assert(inst >= 0 && inst < GCACHE_INSTANCES && kind < GCACHE_KINDS);
    return (gcache_lock_t)peek(g, kind, id)->mode[inst];
}

gcache_route_t gcache_route(const gcache_t *g, int me, unsigned kind, uint64_t id,
                            gcache_mode_t mode)
{
    assert(me >= 0 && me < GCACHE_INSTANCES && kind < GCACHE_KINDS);
    const gcache_block_t *b = peek(g, kind, id);
    unsigned need = mode == GCACHE_READ ? GCACHE_S : GCACHE_X;
    if (b->mode[me] >= need)
        return GCACHE_HIT;
    /* A reader without a lock asks the holder, whatever copies it has. */
    if (b->mode[1 - me] != GCACHE_N || gcache_master(g, kind, id) != me)
        return GCACHE_REMOTE;
    return GCACHE_LOCAL;
}

/* Count a shipped block: received by `me`, served by the other. */
static void shipped(gcache_t *g, int me, gcache_class_t cls, int cr)
{
    if (cr) {
        g->n[me].cr_received[cls]++;
        g->n[1 - me].cr_served[cls]++;
    } else {
        g->n[me].current_received[cls]++;
        g->n[1 - me].current_served[cls]++;
    }
}

/* Count `k` messages for `why` sent by `from`, received by the other. */
static void messages(gcache_t *g, int from, gcache_msg_t why, uint32_t k)
{
    g->n[from].gcs_sent += k;
    g->n[from].gcs_by[why] += k;
    g->n[1 - from].gcs_received += k;
}

/* A grant to `me` by the master; an upgrade with an invalidation of the
 * other's copy involves the other instance whoever masters the block. */
static void grant(gcache_t *g, int me, unsigned kind, uint64_t id, int invalidate,
                  gcache_reply_t *r)
{
    r->got = GCACHE_GOT_GRANT;
    if (invalidate || gcache_master(g, kind, id) != me) {
        messages(g, me, GCACHE_MSG_GRANT, 1);
        messages(g, 1 - me, GCACHE_MSG_GRANT, 1);
        r->messages = 2;
        g->n[me].grants_remote++;
    } else {
        g->n[me].grants_local++;
    }
}

/* A consistent read by `me` that its lock does not satisfy. */
static void read_request(gcache_t *g, int me, gcache_block_t *b, unsigned kind, uint64_t id,
                         gcache_reply_t *r)
{
    int o = 1 - me;
    if (b->mode[o] == GCACHE_N) {
        grant(g, me, kind, id, 0, r);
        b->mode[me] = GCACHE_S;
        return;
    }
    messages(g, me, GCACHE_MSG_BLOCK_REQUEST, 1);
    r->messages = 1;
    shipped(g, me, r->cls, 1);
    if (b->mode[o] == GCACHE_S) {
        r->got = GCACHE_GOT_CURRENT;
        b->mode[me] = GCACHE_S;
    } else if (g->p.fairness && b->fair >= g->p.fairness) {
        /* The holder has served enough copies of a block it is not
         * changing: it keeps a shared copy and so does the reader. */
        r->got = GCACHE_GOT_CURRENT;
        r->downconvert = 1;
        g->n[o].downconverts++;
        b->mode[o] = GCACHE_S;
        b->mode[me] = GCACHE_S;
        b->fair = 0;
    } else {
        r->got = GCACHE_GOT_CR;
        b->fair++;
    }
}

/* A change by `me` that its lock does not satisfy. */
static void change_request(gcache_t *g, int me, gcache_block_t *b, unsigned kind, uint64_t id,
                           gcache_reply_t *r)
{
    int o = 1 - me;
    if (b->mode[o] == GCACHE_X || (b->mode[o] == GCACHE_S && b->mode[me] == GCACHE_N)) {
        messages(g, me, GCACHE_MSG_BLOCK_REQUEST, 1);
        r->messages = 1;
        r->got = GCACHE_GOT_CURRENT;
        shipped(g, me, r->cls, 0);
        if (b->mode[o] == GCACHE_X) {
            r->past_image = 1;
            b->pi |= (uint8_t)(1u << o);
            g->n[o].past_images++;
        }
    } else {
        grant(g, me, kind, id, b->mode[o] == GCACHE_S, r);
    }
    b->mode[o] = GCACHE_N;
    b->mode[me] = GCACHE_X;
    b->pi &= (uint8_t) ~(1u << me);
    b->fair = 0;
}

/* One block's invariants (gcache.h, (1)). */
static sim_err_t check_block(const gcache_block_t *b)
{
    for (int i = 0; i < GCACHE_INSTANCES; i++)
        if (b->mode[i] > GCACHE_X)
            return SIM_ECORRUPT;
    if (!b->used && (b->mode[0] || b->mode[1] || b->pi || b->version))
        return SIM_ECORRUPT;
    for (int i = 0; i < GCACHE_INSTANCES; i++)
        if (b->mode[i] == GCACHE_X && (b->mode[1 - i] != GCACHE_N || (b->pi >> i & 1)))
            return SIM_ECORRUPT;
    if ((b->stamp == 0) != (b->stamp_inst < 0) || b->stamp_inst >= GCACHE_INSTANCES)
        return SIM_ECORRUPT;
    return SIM_OK;
}

/* Served = received and sent = received, over the two instances
 * (gcache.h, (3)). */
static sim_err_t check_counts(const gcache_t *g)
{
    const gcache_counts_t *a = &g->n[0], *b = &g->n[1];
    for (int c = 0; c < GCACHE_CLASSES; c++)
        if (a->cr_received[c] != b->cr_served[c] || b->cr_received[c] != a->cr_served[c] ||
            a->current_received[c] != b->current_served[c] ||
            b->current_received[c] != a->current_served[c])
            return SIM_ECORRUPT;
    if (a->gcs_sent != b->gcs_received || b->gcs_sent != a->gcs_received ||
        a->ges_sent != b->ges_received || b->ges_sent != a->ges_received)
        return SIM_ECORRUPT;
    for (int i = 0; i < GCACHE_INSTANCES; i++) {
        const gcache_counts_t *n = &g->n[i];
        uint64_t gcs = 0, ges = 0;
        for (int m = 0; m < GCACHE_MSGS; m++)
            gcs += n->gcs_by[m];
        for (int e = 0; e < GCACHE_ENQS; e++)
            ges += n->ges_by[e];
        if (gcs != n->gcs_sent || ges != n->ges_sent)
            return SIM_ECORRUPT;
    }
    return SIM_OK;
}

sim_err_t gcache_request(gcache_t *g, int me, unsigned kind, uint64_t id, gcache_mode_t mode,
                         gcache_reply_t *r)
{
    assert(me >= 0 && me < GCACHE_INSTANCES && kind < GCACHE_KINDS);
    gcache_block_t *b = lookup(g, kind, id);
    if (b == NULL)
        return SIM_ENOMEM;
    memset(r, 0, sizeof *r);
    r->cls = (gcache_class_t)g->cls[kind];
    r->stamp = b->stamp;
    r->stamp_inst = b->stamp_inst;
    b->used = 1;
    unsigned need = mode == GCACHE_READ ? GCACHE_S : GCACHE_X;
    if (b->mode[me] >= need)
        r->got = GCACHE_GOT_HIT;
    else if (mode == GCACHE_READ)
        read_request(g, me, b, kind, id, r);
    else
        change_request(g, me, b, kind, id, r);
    /* The block just moved, and the counts; the whole cache, a pass over
     * every block, is gcache_check()'s. */
    SIM_DEBUG_CHECK(check_block(b));
    SIM_DEBUG_CHECK(check_counts(g));
    return SIM_OK;
}

void gcache_changed(gcache_t *g, int me, unsigned kind, uint64_t id, uint64_t stamp)
{
    assert(me >= 0 && me < GCACHE_INSTANCES && kind < GCACHE_KINDS && stamp > 0);
    assert(id < g->cap[kind] && g->blocks[kind][id].mode[me] == GCACHE_X);
    gcache_block_t *b = &g->blocks[kind][id];
    b->stamp = stamp;
    b->stamp_inst = (int8_t)me;
    b->fair = 0;
    b->version++;
    g->changes++;
}

sim_err_t gcache_touch(gcache_t *g, int me, uint64_t step, unsigned kind, uint64_t id, int current,
                       gcache_reply_t *r)
{
    gcache_reply_t mine;
    if (r == NULL)
        r = &mine;
    sim_err_t rc = gcache_request(g, me, kind, id, current ? GCACHE_CHANGE : GCACHE_READ, r);
    if (rc == SIM_OK && current)
        gcache_changed(g, me, kind, id, step + 1);
    return rc;
}

sim_err_t gcache_warm(gcache_t *g, unsigned kind, uint64_t id)
{
    assert(kind < GCACHE_KINDS);
    gcache_block_t *b = lookup(g, kind, id);
    if (b == NULL)
        return SIM_ENOMEM;
    if (b->mode[0] == GCACHE_N && b->mode[1] == GCACHE_N) {
        memset(b->mode, GCACHE_S, sizeof b->mode);
        b->used = 1;
    }
    return SIM_OK;
}

sim_err_t gcache_hold(gcache_t *g, int inst, unsigned kind, uint64_t id)
{
    assert(inst >= 0 && inst < GCACHE_INSTANCES && kind < GCACHE_KINDS);
    gcache_block_t *b = lookup(g, kind, id);
    if (b == NULL)
        return SIM_ENOMEM;
    memset(b->mode, GCACHE_N, sizeof b->mode);
    b->mode[inst] = GCACHE_X;
    b->pi &= (uint8_t) ~(1u << inst);
    b->used = 1;
    return SIM_OK;
}

void gcache_ges(gcache_t *g, int inst, gcache_enq_t e, uint64_t n)
{
    assert(inst >= 0 && inst < GCACHE_INSTANCES && (unsigned)e < GCACHE_ENQS);
    g->n[inst].ges_sent += n;
    g->n[inst].ges_by[e] += n;
    g->n[1 - inst].ges_received += n;
}

const gcache_counts_t *gcache_counts(const gcache_t *g, int inst)
{
    assert(inst >= 0 && inst < GCACHE_INSTANCES);
    return &g->n[inst];
}

void gcache_counts_stats(const gcache_counts_t *n, uint32_t block_size, uint32_t message_bytes,
                         sim_stats_t *out)
{
    memset(out, 0, sizeof *out);
    uint64_t cr = 0, cur = 0;
    for (int c = 0; c < GCACHE_CLASSES; c++) {
        cr += n->cr_received[c];
        cur += n->current_received[c];
    }
    sim_stat_add(out, SIM_STAT_GC_CR_RECEIVED, cr);
    sim_stat_add(out, SIM_STAT_GC_CURRENT_RECEIVED, cur);
    sim_stat_add(out, SIM_STAT_GCS_MESSAGES, n->gcs_sent);
    sim_stat_add(out, SIM_STAT_GES_MESSAGES, n->ges_sent);
    uint64_t blocks, messages;
    gcache_counts_traffic(n, block_size, message_bytes, &blocks, &messages);
    sim_stat_add(out, SIM_STAT_INTERCONNECT_BYTES, blocks + messages);
}

void gcache_counts_traffic(const gcache_counts_t *n, uint32_t block_size, uint32_t message_bytes,
                           uint64_t *blocks, uint64_t *messages)
{
    uint64_t received = 0;
    for (int c = 0; c < GCACHE_CLASSES; c++)
        received += n->cr_received[c] + n->current_received[c];
    *blocks = received * block_size;
    *messages = (n->gcs_sent + n->ges_sent) * message_bytes;
}

void gcache_stats(const gcache_t *g, int inst, sim_stats_t *out)
{
    gcache_counts_stats(gcache_counts(g, inst), g->p.block_size, g->p.message_bytes, out);
}

sim_err_t gcache_check(const gcache_t *g)
{
    uint64_t versions = 0;
    for (int k = 0; k < GCACHE_KINDS; k++)
        for (uint64_t i = 0; i < g->cap[k]; i++) {
            if (check_block(&g->blocks[k][i]) != SIM_OK)
                return SIM_ECORRUPT;
            versions += g->blocks[k][i].version;
        }
    if (versions != g->changes)
        return SIM_ECORRUPT;
    return check_counts(g);
}
