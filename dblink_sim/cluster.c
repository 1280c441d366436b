/*
 * cluster.c -- two instances inserting into one LOB segment at the same time.
 *
 * Each instance has its own session, undo, dispenser and allocation context;
 * they share the segment, so they share its space metadata: the segment
 * header (extent map, high-water mark), the CFS blocks and each extent's
 * header.  Rows go to one instance or the other, drawn from the case's seed,
 * which interleaves the two statements deterministically.
 *
 * The global cache follows every space metadata block the dispensers visit
 * (dsp_observe): a block last changed by the other instance travels over the
 * interconnect, whole, in current mode (gc current blocks received); a
 * consistent read of a block the other instance changed since this one last
 * saw it ships a CR copy (gc cr blocks received).  Each shipment is a
 * request and a reply on the global cache service, and a wait of the same
 * name; a block the other instance changed in the step just before is still
 * busy there (gc buffer busy acquire).  Every TX enqueue request becomes a
 * global enqueue message.  The estimated interconnect traffic is, as in
 * AWR, blocks shipped x block size + messages x message size.
 *
 * LOB data blocks never travel: each instance writes its own chunks.
 */
#include <assert.h>
#include <string.h>

#include "insert_int.h"

typedef struct {
    int valid;
    int owner;           /* instance that changed it last */
    uint64_t version;    /* changes so far */
    uint64_t cr_seen[2]; /* version each instance last read consistently */
    uint64_t step;       /* row step of the last change */
} gblock_t;

typedef struct {
    gblock_t seg;
    gblock_t *cfs;
    uint64_t ncfs;
    gblock_t *ext; /* one per extent, grown as extents appear */
    uint64_t cap;
    int inst;      /* the instance working now */
    uint64_t step; /* the row being inserted */
    sim_stats_t *st[2];
    sim_err_t err; /* an allocation failed inside a callback */
} gcache_t;

static gblock_t *lookup(gcache_t *g, dsp_block_t kind, uint64_t id)
{
    if (kind == DSP_BLOCK_SEGMENT_HEADER)
        return &g->seg;
    if (kind == DSP_BLOCK_CFS) {
        assert(id < g->ncfs); /* the dispenser names only CFS blocks that exist */
        return &g->cfs[id];
    }
    if (id >= g->cap) {
        uint64_t cap = g->cap ? g->cap : 64;
        while (cap <= id)
            cap *= 2;
        gblock_t *ext = sim_realloc(g->ext, cap * sizeof *ext);
        if (ext == NULL)
            return NULL;
        memset(ext + g->cap, 0, (cap - g->cap) * sizeof *ext);
        g->ext = ext;
        g->cap = cap;
    }
    return &g->ext[id];
}

static void ship(gcache_t *g, sim_stat_t received, sim_stat_t wait)
{
    sim_stats_t *st = g->st[g->inst];
    sim_stat_add(st, received, 1);
    sim_stat_add(st, wait, 1);
    sim_stat_add(st, SIM_STAT_GCS_MESSAGES, 2);
}

static void touch(void *arg, dsp_block_t kind, uint64_t id, int current)
{
    gcache_t *g = arg;
    gblock_t *b = lookup(g, kind, id);
    if (b == NULL) {
        g->err = SIM_ENOMEM;
        return;
    }
    int me = g->inst;
    if (current) {
        if (b->valid && b->owner != me) {
            ship(g, SIM_STAT_GC_CURRENT_RECEIVED, SIM_STAT_WAIT_GC_CURRENT);
            if (b->step + 1 == g->step)
                sim_stat_add(g->st[me], SIM_STAT_WAIT_GC_BUSY, 1);
        }
        b->valid = 1;
        b->owner = me;
        b->version++;
        b->step = g->step;
        b->cr_seen[me] = b->version;
    } else if (b->valid && b->owner != me && b->cr_seen[me] != b->version) {
        ship(g, SIM_STAT_GC_CR_RECEIVED, SIM_STAT_WAIT_GC_CR);
        b->cr_seen[me] = b->version;
    }
}

sim_err_t run_cluster(const dbl_case_t *c, sim_stats_t *out)
{
    sim_stats_t shared, st[2], user[2];
    memset(&shared, 0, sizeof shared);
    memset(st, 0, sizeof st);
    memset(user, 0, sizeof user);
    gcache_t g;
    memset(&g, 0, sizeof g);
    g.st[0] = &st[0];
    g.st[1] = &st[1];
    g.ncfs = c->seg.cfs_blocks;
    if (g.ncfs && (g.cfs = sim_calloc(g.ncfs, sizeof *g.cfs)) == NULL)
        return SIM_ENOMEM;
    lob_segment_t *seg = NULL;
    writer_t w[2];
    memset(w, 0, sizeof w);
    sim_err_t rc = case_segment(c, &shared, &seg);
    for (int i = 0; i < 2 && rc == SIM_OK; i++) {
        rc = writer_open(&w[i], c, seg, &st[i], &user[i]);
        if (rc == SIM_OK)
            dsp_observe(w[i].dsp, touch, &g);
    }
    sim_prng_t prng;
    sim_prng_seed(&prng, c->seed);
    for (uint64_t r = 0; r < c->rows && rc == SIM_OK; r++) {
        g.inst = (int)sim_prng_below(&prng, 2);
        g.step = r;
        rc = writer_row(&w[g.inst]);
        if (rc == SIM_OK)
            rc = g.err;
    }
    for (int i = 0; i < 2; i++) {
        if (c->path == DBL_PATH_DBLINK)
            sim_stat_add(&user[i], SIM_STAT_DBLINK_ROUNDTRIPS, c->link.close_roundtrips);
        writer_close(&w[i]);
    }
    lob_segment_destroy(seg);
    sim_free(g.cfs);
    sim_free(g.ext);
    if (rc != SIM_OK)
        return rc;
    for (int i = 0; i < 2; i++) {
        uint64_t ges = st[i].v[SIM_STAT_ENQ_TX] * c->cluster.ges_per_enqueue;
        sim_stat_add(&st[i], SIM_STAT_GES_MESSAGES, ges);
        uint64_t blocks = st[i].v[SIM_STAT_GC_CURRENT_RECEIVED] + st[i].v[SIM_STAT_GC_CR_RECEIVED];
        uint64_t msgs = st[i].v[SIM_STAT_GCS_MESSAGES] + ges;
        sim_stat_add(&st[i], SIM_STAT_INTERCONNECT_BYTES,
                     blocks * c->block_size + msgs * c->cluster.message_bytes);
    }
    for (int s = 0; s < SIM_STAT_COUNT; s++)
        out->v[s] = shared.v[s] + st[0].v[s] + st[1].v[s] + user[0].v[s] + user[1].v[s];
    return SIM_OK;
}
