/*
 * seg.c -- a LOB column's segment: made with its table's first row
 * (deferred segment creation) in its tablespace, with its dispenser and
 * each session's transaction and two writers (a direct-path statement's
 * allocation context and the conventional writer); the figures its
 * components counted taken into the step; its chunks listed for a
 * shrink; dropped with its column or table.  lob.c writes versions
 * through it.
 */
#include <string.h>

#include "life_sim_int.h"

/* The tablespace a LOB segment lies in: the LOB's own TABLESPACE when its
 * storage clause names one (its extents and block size), else the
 * table's (NULL: the default); *bs its block size. */
static const scr_tablespace_t *seg_tablespace(const life_db_t *db, const life_table_t *t,
                                              const life_seg_t *g, uint32_t *bs)
{
    int tsi = g->o.tablespace >= 0 ? g->o.tablespace : t->def->tablespace;
    const scr_tablespace_t *ts = tsi >= 0 ? &db->s->tablespaces[tsi] : NULL;
    *bs = g->o.tablespace >= 0 ? ts->block_size : t->block_size;
    return ts;
}

int64_t life_seg_chunk_size(const life_db_t *db, const life_table_t *t, uint32_t k)
{
    const life_seg_t *g = &t->seg[k];
    uint32_t bs;
    seg_tablespace(db, t, g, &bs);
    if (g->o.securefile) /* "the usable data area of the tablespace block size" */
        return (int64_t)bs - db->p.seg.block_overhead;
    uint32_t chunk = g->o.chunk ? g->o.chunk : bs;
    return (int64_t)((chunk + bs - 1) / bs) * (bs - db->p.bf_block_overhead);
}

sim_err_t life_seg_ensure(life_db_t *db, life_table_t *t, uint32_t k)
{
    life_seg_t *g = &t->seg[k];
    if (g->space)
        return SIM_OK;
    uint32_t bs;
    const scr_tablespace_t *ts = seg_tablespace(db, t, g, &bs);
    lob_space_params_t sp;
    lob_space_params_defaults(&sp);
    sp.seg = db->p.seg;
    sp.seg.block_size = bs;
    if (!g->o.securefile) {
        /* a BasicFile: an ASSM segment's bitmaps and header, no NGLOB
         * hash buckets, CFS or PUA blocks (bf.header_blocks) */
        sp.seg.meta_layout = LOB_META_SEGMENT_START;
        sp.seg.segment_header_blocks = db->p.bf_header_blocks;
        sp.seg.hash_bucket_blocks = sp.seg.cfs_blocks = sp.seg.pua_blocks = 0;
        sp.seg.block_overhead = db->p.bf_block_overhead;
    }
    life_space_policy(&db->p, &sp);
    if (ts && ts->uniform)
        sp.uniform_bytes = ts->uniform_size;
    /* INITIAL in an autoallocate tablespace: no extent under 64 KB, its
     * smallest (Database Administrator's Guide, "Creating a Locally
     * Managed Tablespace": AUTOALLOCATE's extents start at 64K), rounded up
     * to a multiple of it; one extent of that size, where Oracle's may be
     * several of 64 KB (the same blocks, more extents: a deviation the
     * README names) */
    sp.initial_bytes = g->o.initial && !(ts && ts->uniform) ? (g->o.initial + 65535) / 65536 * 65536
                                                            : g->o.initial;
    sp.maxsize_bytes = g->o.maxsize;
    sim_err_t rc = lob_space_create(&sp, &g->space);
    /* a BasicFile's free pools, FREEPOOLS of them (1 when not given) */
    if (rc == SIM_OK && db->p.bf_pools && !g->o.securefile)
        rc = lob_space_pools(g->space, g->o.freepools ? g->o.freepools : 1);
    if (rc == SIM_OK)
        rc = dsp_create(g->space, db->undo, &db->p.dsp, &g->dsp);
    g->block_size = bs;
    g->uniform_bytes = sp.uniform_bytes;
    if (rc == SIM_OK)
        rc = life_lobindex_create(db, g);
    if (rc != SIM_OK) {
        dsp_destroy(g->dsp);
        g->dsp = NULL;
        lob_space_destroy(g->space);
        g->space = NULL;
        return rc;
    }
    g->payload = lob_payload(&sp.seg);
    uint32_t chunk = g->o.chunk ? g->o.chunk : bs;
    g->chunk_blocks = g->o.securefile ? 1 : (chunk + bs - 1) / bs;
    sim_stat_add(&db->part[LIFE_PART_SPACE], SIM_STAT_SEG_EXTENTS,
                 lob_space_stats(g->space)->v[SIM_STAT_SEG_EXTENTS]);
    return SIM_OK;
}

void life_seg_prealloc_tasks(life_db_t *db)
{
    if (db->p.prealloc == LOB_PREALLOC_OFF || db->p.prealloc_by != LOB_PREALLOC_BACKGROUND)
        return;
    for (uint32_t ti = 0; ti < db->s->ntables; ti++)
        for (uint32_t k = 0; k < db->tables[ti].nseg; k++)
            if (db->tables[ti].seg[k].space)
                lob_space_prealloc_task(db->tables[ti].seg[k].space);
}

/* into += now - *seen, and *seen = now: what a component counted since
 * the figures last took it. */
static void take(sim_stats_t *into, const sim_stats_t *now, sim_stats_t *seen)
{
    for (int i = 0; i < SIM_STAT_COUNT; i++) {
        into->v[i] += now->v[i] - seen->v[i];
        seen->v[i] = now->v[i];
    }
}

/* Writers [from, to) of g into the step's LOB part: all of them, or
 * (moved) those used since they were last taken. */
static void take_writers(life_db_t *db, life_seg_t *g, uint32_t from, uint32_t to, int moved)
{
    for (uint32_t i = from; i < to && i < 2 * g->ntx; i++)
        if (g->alloc[i] && (!moved || g->alloc_moved[i])) {
            /* the four it counts, not all 101 (the cache a session's
             * writers miss at 1,000 sessions) */
            const sim_stats_t *now = lob_alloc_stats(g->alloc[i]);
            for (int k = 0; k < LOB_ALLOC_COUNTED; k++) {
                sim_stat_t st = lob_alloc_counted[k];
                db->part[LIFE_PART_LOB].v[st] += now->v[st] - g->alloc_seen[i].v[st];
                g->alloc_seen[i].v[st] = now->v[st];
            }
            g->alloc_moved[i] = 0;
        }
}

void life_seg_destroy(life_db_t *db, life_table_t *t, uint32_t k)
{
    life_seg_t *g = &t->seg[k];
    life_seg_take(db, g); /* what its components counted, before they go */
    take_writers(db, g, 0, 2 * g->ntx, 0);
    for (uint32_t i = 0; i < 2 * g->ntx && g->alloc; i++)
        lob_alloc_destroy(g->alloc[i]);
    sim_free(g->alloc);
    g->alloc = NULL;
    sim_free(g->alloc_seen);
    g->alloc_seen = NULL;
    sim_free(g->alloc_moved);
    g->alloc_moved = NULL;
    memset(&g->dsp_seen, 0, sizeof g->dsp_seen);
    dsp_destroy(g->dsp);
    g->dsp = NULL;
    lob_space_destroy(g->space); /* and its transactions */
    g->space = NULL;
    life_lobindex_destroy(g);
    sim_free(g->tx);
    g->tx = NULL;
    g->ntx = 0;
    sim_free(g->dd);
    g->dd = NULL;
    g->dd_cap = g->dd_used = 0;
    g->shrunk = 0; /* a new segment has no v$securefile_shrink row */
    g->live_lobs = g->live_chunks = g->live_inrow = 0;
}

/* The session's transaction in g and its two writers over g's dispenser
 * (as dblink_sim/writer.c wires experiment 1's), made on first use. */
sim_err_t life_seg_writers(life_db_t *db, life_seg_t *g)
{
    if (db->sid < g->ntx && g->alloc[2 * db->sid + 1]) /* made: the last one made */
        return SIM_OK;
    if (db->sid >= g->ntx) {
        uint32_t n = db->sid + 1 > 2 * g->ntx ? db->sid + 1 : 2 * g->ntx;
        lob_space_tx_t **v = sim_realloc(g->tx, n * sizeof *v);
        if (v == NULL)
            return SIM_ENOMEM;
        memset(v + g->ntx, 0, (n - g->ntx) * sizeof *v);
        g->tx = v;
        lob_alloc_t **a = sim_realloc(g->alloc, 2 * (size_t)n * sizeof *a);
        if (a == NULL)
            return SIM_ENOMEM;
        memset(a + 2 * g->ntx, 0, 2 * (size_t)(n - g->ntx) * sizeof *a);
        g->alloc = a;
        sim_stats_t *seen = sim_realloc(g->alloc_seen, 2 * (size_t)n * sizeof *seen);
        if (seen == NULL)
            return SIM_ENOMEM;
        memset(seen + 2 * g->ntx, 0, 2 * (size_t)(n - g->ntx) * sizeof *seen);
        g->alloc_seen = seen;
        uint8_t *moved = sim_realloc(g->alloc_moved, 2 * (size_t)n);
        if (moved == NULL)
            return SIM_ENOMEM;
        memset(moved + 2 * g->ntx, 0, 2 * (size_t)(n - g->ntx));
        g->alloc_moved = moved;
        g->ntx = n;
    }
    lob_space_tx_t **tx = &g->tx[db->sid];
    if (*tx == NULL) {
        if (lob_space_tx_create(g->space, tx) != SIM_OK)
            return SIM_ENOMEM;
        /* the session's free pool (bf.pool_of_session) */
        uint32_t pools = g->o.freepools ? g->o.freepools : 1;
        if (db->p.bf_pools && !g->o.securefile)
            lob_space_tx_pool(*tx, db->p.bf_pool_of_session ? 0 : (int32_t)(db->sid % pools));
    }
    lob_params_t lp = lob_space_params(g->space)->seg;
    for (int conv = 0; conv < 2; conv++) {
        lob_alloc_t **a = &g->alloc[2 * db->sid + (uint32_t)conv];
        if (*a)
            continue;
        if (lob_alloc_create(&lp, conv ? LOB_ALLOC_EXACT : LOB_ALLOC_CACHED,
                             conv ? dsp_source_search : dsp_source_refill, g->dsp, a) != SIM_OK)
            return SIM_ENOMEM;
        if (conv) /* a remote insert's alike pieces, at once (life_lob_write_alike()) */
            lob_alloc_many_source(*a, dsp_source_ready, dsp_source_many);
        lob_alloc_claim_into(*a, g->space, *tx);
        g->alloc_moved[2 * db->sid + (uint32_t)conv] = 1;
    }
    return SIM_OK;
}

lob_space_tx_t *life_seg_tx(life_db_t *db, life_seg_t *g)
{
    return life_seg_writers(db, g) == SIM_OK ? g->tx[db->sid] : NULL;
}

void life_seg_release(life_db_t *db, life_table_t *t)
{
    for (uint32_t k = 0; k < t->nseg; k++) {
        life_seg_t *g = &t->seg[k];
        if (g->space && db->sid < g->ntx && g->alloc[2 * db->sid]) {
            lob_alloc_release(g->alloc[2 * db->sid]);
            g->alloc_moved[2 * db->sid] = 1;
        }
    }
}

void life_seg_quiesce(life_db_t *db, life_seg_t *g)
{
    for (uint32_t i = 0; i < g->ntx; i++)
        if (g->alloc[2 * i])
            lob_alloc_release(g->alloc[2 * i]);
    if (g->dsp)
        dsp_release(g->dsp);
    if (g->space) {
        /* the pooled chunks go back to the shared free space: out of the
         * LOB index's reusable section (index.c) */
        if (db->p.bf_pools && !g->o.securefile)
            life_lobindex_reused(g, lob_space_pooled(g->space) / g->chunk_blocks);
        lob_space_pools_flush(g->space);
    }
    take_writers(db, g, 0, 2 * g->ntx, 0); /* every session's, moved here */
}

/* Only the session at work moves its own two writers (allocate(),
 * life_seg_release()); the calls that move every session's
 * (life_seg_quiesce(), life_seg_destroy()) take them all at once.
 * Looking at every session's writers at every step cost 96 % of a run of
 * 1,000 sessions (issue 43, `perf record`). */
void life_seg_take(life_db_t *db, life_seg_t *g)
{
    if (g->space == NULL)
        return;
    take(&db->part[LIFE_PART_SPACE], dsp_stats(g->dsp), &g->dsp_seen);
    take_writers(db, g, 2 * db->sid, 2 * db->sid + 2, 1);
}

sim_err_t life_seg_chunks(life_db_t *db, life_table_t *t, uint32_t k, lob_run_t ***out,
                          uint32_t **lob, size_t *n)
{
    size_t cap = 0, used = 0;
    lob_run_t **v = NULL;
    uint32_t *w = NULL;
    for (uint64_t r = 0; r < t->nrows; r++) {
        if (life_slot(life_row_at(t, r), k % LIFE_MAX_LOBCOLS) != k)
            continue; /* another partition's */
        uint32_t i = life_row_at(t, r)->lob[k % LIFE_MAX_LOBCOLS];
        if (!life_row_at(t, r)->alive || i == 0 || life_lob_at(db, i)->next == UINT32_MAX)
            continue;
        life_lob_t *l = life_lob_at(db, i);
        l->next = UINT32_MAX; /* seen: a shared version is listed once */
        for (uint32_t c = 0; c < l->nchunks; c++) {
            if (used == cap) {
                cap = cap ? cap * 2 : 1024;
                lob_run_t **nv = sim_realloc(v, cap * sizeof *nv);
                if (nv)
                    v = nv;
                uint32_t *nw = nv ? sim_realloc(w, cap * sizeof *nw) : NULL;
                if (nw == NULL) {
                    sim_free(v);
                    sim_free(w);
                    return SIM_ENOMEM;
                }
                w = nw;
            }
            w[used] = i;
            v[used++] = c == 0 ? &l->one : &l->more[c - 1];
        }
    }
    for (uint64_t r = 0; r < t->nrows; r++) {
        uint32_t i = life_row_at(t, r)->lob[k % LIFE_MAX_LOBCOLS];
        if (i)
            life_lob_at(db, i)->next = 0;
    }
    *out = v;
    *lob = w;
    *n = used;
    return SIM_OK;
}
