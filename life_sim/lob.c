/*
 * lob.c -- LOB versions: written into a segment's space, shared by
 * deduplication, compressed, kept in the row when small, freed when their
 * last row lets go.
 *
 * State changes: life_lob_write() makes a version (or shares one with equal
 * content under DEDUPLICATE); life_lob_unref() lets a row go of one, and
 * the last row's release frees its chunks for the open transaction
 * (uncommitted until commit, lobspace.h); life_lob_settle() destroys a
 * version no row holds once the transaction is over.
 *
 * What a write counts, and why: its space comes through the segment's
 * dispenser (dispenser.h) as experiment 1's does, by refills for a
 * direct-path insert and by searches for a conventional write, carved
 * into chunks by the chunk allocator (lobspace.h); each counts its own
 * figures (dispenser calls, runs, loads, their gets, enqueues and clones,
 * their undo; allocation chunks and bytes and the direct writes of
 * NOCACHE and CACHE READS, one op a chunk), and allocate() adds what one
 * write added to them to the step.  CACHE writes through the buffer
 * cache: a `db block changes` a block, counted here.
 * Deduplication (SecureFiles developer's guide: within one segment, before
 * compression) shares a version of equal content: no space, no data.
 * Compression uses zlib on the real bytes (scr_value_read()); when it gains
 * nothing the data is stored as it is ("SecureFiles stop compressing").
 * No public material names the algorithm of each level: zlib's levels 1, 6
 * and 9 stand in for LOW, MEDIUM and HIGH (README).
 */
#include <stdio.h>
#include <string.h>
#include <zlib.h>

#include "life_sim_int.h"

#define DD_EMPTY 0u
#define DD_GONE UINT32_MAX

static sim_err_t lob_new(life_db_t *db, uint32_t *out)
{
    if (db->free_lob) {
        *out = db->free_lob;
        db->free_lob = life_lob_at(db, *out)->next;
        return SIM_OK;
    }
    if (db->nlobs == 0)
        db->nlobs = 1; /* index 0 is null */
    if (db->nlobs >= sim_paged_cap(&db->lobs) &&
        sim_paged_reserve(&db->lobs, (size_t)db->nlobs + 1) != SIM_OK)
        return SIM_ENOMEM;
    *out = db->nlobs++;
    return SIM_OK;
}

static void lob_drop(life_db_t *db, uint32_t i)
{
    life_lob_t *l = life_lob_at(db, i);
    scr_value_release(db->vs, l->val);
    sim_free(l->more);
    memset(l, 0, sizeof *l);
    l->next = db->free_lob;
    db->free_lob = i;
}

void life_lobs_free(life_db_t *db)
{
    for (uint32_t i = 1; i < db->nlobs; i++)
        sim_free(life_lob_at(db, i)->more);
    sim_paged_free(&db->lobs);
    db->nlobs = db->free_lob = 0;
}

/* ---- the dedup index ---------------------------------------------------- */

static uint64_t mix(uint64_t h)
{
    h ^= h >> 33;
    h *= 0xff51afd7ed558ccdULL;
    h ^= h >> 33;
    return h;
}

static uint32_t dd_find(const life_db_t *db, const life_seg_t *g, uint64_t hash)
{
    if (g->dd_cap == 0)
        return 0;
    for (uint64_t k = mix(hash) & (g->dd_cap - 1);; k = (k + 1) & (g->dd_cap - 1)) {
        uint32_t i = g->dd[k];
        if (i == DD_EMPTY)
            return 0;
        if (i != DD_GONE && life_lob_at(db, i)->hash == hash)
            return i;
    }
}

static sim_err_t dd_insert(life_db_t *db, life_seg_t *g, uint32_t lob)
{
    if ((g->dd_used + 1) * 2 > g->dd_cap) {
        uint64_t cap = g->dd_cap ? g->dd_cap * 2 : 1024;
        uint32_t *dd = sim_calloc(cap, sizeof *dd);
        if (dd == NULL)
            return SIM_ENOMEM;
        uint64_t used = 0;
        for (uint64_t k = 0; k < g->dd_cap; k++) {
            uint32_t i = g->dd[k];
            if (i == DD_EMPTY || i == DD_GONE)
                continue;
            uint64_t j = mix(life_lob_at(db, i)->hash) & (cap - 1);
            while (dd[j] != DD_EMPTY)
                j = (j + 1) & (cap - 1);
            dd[j] = i;
            used++;
        }
        sim_free(g->dd);
        g->dd = dd;
        g->dd_cap = cap;
        g->dd_used = used;
    }
    uint64_t k = mix(life_lob_at(db, lob)->hash) & (g->dd_cap - 1);
    while (g->dd[k] != DD_EMPTY && g->dd[k] != DD_GONE)
        k = (k + 1) & (g->dd_cap - 1);
    if (g->dd[k] == DD_EMPTY)
        g->dd_used++;
    g->dd[k] = lob;
    life_lob_at(db, lob)->dedup = 1;
    return SIM_OK;
}

static void dd_remove(life_seg_t *g, const life_db_t *db, uint32_t lob)
{
    for (uint64_t k = mix(life_lob_at(db, lob)->hash) & (g->dd_cap - 1);;
         k = (k + 1) & (g->dd_cap - 1)) {
        if (g->dd[k] == DD_EMPTY)
            return;
        if (g->dd[k] == lob) {
            g->dd[k] = DD_GONE;
            return;
        }
    }
}

/* ---- compression ------------------------------------------------------ */

static int zlevel(scr_compress_t c)
{
    return c == SCR_COMPRESS_LOW ? 1 : c == SCR_COMPRESS_HIGH ? 9 : 6;
}

/* Bytes v takes compressed at level c: worked out once per content. */
static sim_err_t compressed_size(life_db_t *db, scr_val_t v, scr_compress_t c, uint64_t *out)
{
    scr_value_info_t in = scr_value_info(db->vs, v);
    uint32_t level = (uint32_t)zlevel(c);
    if (db->zc_cap) {
        for (uint64_t k = mix(in.hash ^ level) & (db->zc_cap - 1); db->zc[k].stored;
             k = (k + 1) & (db->zc_cap - 1))
            if (db->zc[k].hash == in.hash && db->zc[k].level == level) {
                *out = db->zc[k].stored;
                return SIM_OK;
            }
    }
    uLong bound = compressBound((uLong)in.bytes);
    if (in.bytes > db->zbuf_cap || bound > db->zbuf_cap) {
        size_t cap = bound > in.bytes ? bound : in.bytes;
        uint8_t *a = sim_realloc(db->zbuf_in, cap), *b;
        if (a == NULL)
            return SIM_ENOMEM;
        db->zbuf_in = a;
        b = sim_realloc(db->zbuf_out, cap);
        if (b == NULL)
            return SIM_ENOMEM;
        db->zbuf_out = b;
        db->zbuf_cap = cap;
    }
    size_t got = scr_value_read(db->vs, v, 0, db->zbuf_in, (size_t)in.bytes);
    uLongf zlen = bound;
    if (compress2(db->zbuf_out, &zlen, db->zbuf_in, (uLong)got, (int)level) != Z_OK)
        return SIM_ENOMEM;
    *out = zlen < in.bytes ? zlen : in.bytes;
    if ((db->zc_used + 1) * 2 > db->zc_cap) {
        uint64_t cap = db->zc_cap ? db->zc_cap * 2 : 256;
        life_zcache_t *z = sim_calloc(cap, sizeof *z);
        if (z == NULL)
            return SIM_OK; /* only the cache is lost */
        for (uint64_t k = 0; k < db->zc_cap; k++)
            if (db->zc[k].stored) {
                uint64_t j = mix(db->zc[k].hash ^ db->zc[k].level) & (cap - 1);
                while (z[j].stored)
                    j = (j + 1) & (cap - 1);
                z[j] = db->zc[k];
            }
        sim_free(db->zc);
        db->zc = z;
        db->zc_cap = cap;
    }
    if (*out > 0) {
        uint64_t k = mix(in.hash ^ level) & (db->zc_cap - 1);
        while (db->zc[k].stored)
            k = (k + 1) & (db->zc_cap - 1);
        db->zc[k] = (life_zcache_t){in.hash, level, *out};
        db->zc_used++;
    }
    return SIM_OK;
}

/* ---- segments ---------------------------------------------------------- */

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
static sim_err_t session_writers(life_db_t *db, life_seg_t *g)
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
        lob_alloc_claim_into(*a, g->space, *tx);
        g->alloc_moved[2 * db->sid + (uint32_t)conv] = 1;
    }
    return SIM_OK;
}

lob_space_tx_t *life_seg_tx(life_db_t *db, life_seg_t *g)
{
    return session_writers(db, g) == SIM_OK ? g->tx[db->sid] : NULL;
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

/* ---- the live LOB counts ------------------------------------------------ */

/* Version l counted (sign 1) or no longer (-1) in segment g's live LOBs. */
static void live_count(life_seg_t *g, const life_lob_t *l, int sign)
{
    if (l->inrow)
        g->live_inrow += (uint64_t)(int64_t)sign;
    else if (l->nchunks) {
        g->live_lobs += (uint64_t)(int64_t)sign;
        g->live_chunks += (uint64_t)((int64_t)sign * l->nchunks);
    }
}

void life_lob_live(life_db_t *db, life_table_t *t, const life_row_t *r, uint32_t kc, int on)
{
    uint32_t i = r->lob[kc];
    if (i == 0)
        return;
    life_lob_t *l = life_lob_at(db, i);
    life_seg_t *g = &t->seg[life_slot(r, kc)];
    if (on) {
        if (l->live++ == 0)
            live_count(g, l, 1);
    } else {
        assert(l->live > 0);
        if (--l->live == 0)
            live_count(g, l, -1);
    }
}

void life_row_live(life_db_t *db, life_table_t *t, const life_row_t *r, int on)
{
    for (uint32_t kc = 0; kc < t->nlob; kc++)
        life_lob_live(db, t, r, kc, on);
}

void life_row_set_lob(life_db_t *db, life_table_t *t, life_row_t *r, uint32_t kc, uint32_t lob)
{
    if (r->alive)
        life_lob_live(db, t, r, kc, 0);
    r->lob[kc] = lob;
    if (r->alive)
        life_lob_live(db, t, r, kc, 1);
}

void life_lobs_live_recount(life_db_t *db, life_table_t *t)
{
    for (uint32_t k = 0; k < t->nseg; k++)
        t->seg[k].live_lobs = t->seg[k].live_chunks = t->seg[k].live_inrow = 0;
    for (uint64_t r = 0; r < t->nrows; r++)
        for (uint32_t kc = 0; kc < t->nlob; kc++)
            if (life_row_at(t, r)->lob[kc])
                life_lob_at(db, life_row_at(t, r)->lob[kc])->live = 0;
    for (uint64_t r = 0; r < t->nrows; r++)
        if (life_row_at(t, r)->alive)
            life_row_live(db, t, life_row_at(t, r), 1);
}

/* ---- writing and freeing ---------------------------------------------- */

static sim_err_t add_chunk(life_lob_t *l, lob_run_t r)
{
    if (l->nchunks == 0) {
        l->one = r;
    } else {
        lob_run_t *m = sim_realloc(l->more, (size_t)l->nchunks * sizeof *m);
        if (m == NULL)
            return SIM_ENOMEM;
        l->more = m;
        m[l->nchunks - 1] = r;
    }
    l->nchunks++;
    return SIM_OK;
}

static lob_run_t chunk_of(const life_lob_t *l, uint32_t c)
{
    return c == 0 ? l->one : l->more[c - 1];
}

uint64_t life_lob_blocks(const life_lob_t *l)
{
    uint64_t blocks = 0;
    for (uint32_t c = 0; c < l->nchunks; c++)
        blocks += chunk_of(l, c).len;
    return blocks;
}

/* What one write hears from the allocator and the dispenser: each chunk
 * the LOB gets (its map), and the free-space block a search changes (the
 * trace's bucket, for sessions at once). */
typedef struct {
    life_lob_t *l;
    sim_err_t rc;
    uint64_t cfs;
    int searched;
} write_seen_t;

static void on_chunk(void *arg, const lob_run_t *chunk, const lob_lob_t *lob)
{
    (void)lob;
    write_seen_t *w = arg;
    if (w->rc == SIM_OK)
        w->rc = add_chunk(w->l, *chunk);
}

static void on_block(void *arg, dsp_block_t kind, uint64_t id, int current)
{
    write_seen_t *w = arg;
    if (kind == DSP_BLOCK_CFS && current) {
        w->cfs = id;
        w->searched = 1;
    }
}

/* into += now - *seen, and *seen = now: what a component counted since
 * the figures last took it. */
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

/* A SecureFile LOB of `bytes` bytes that arrives over a database link
 * (link.c), written piece by piece as experiment 1's remote insert writes
 * it (dblink_sim/writer.c): each piece's full blocks as it arrives, each
 * write its own search of the dispenser, and before each a consistent
 * read of the LOB's map (lobspace/piece.c).  A BasicFile's, whose CHUNK
 * rounds its blocks, is written whole. */
static sim_err_t write_pieces(life_db_t *db, const life_seg_t *g, lob_alloc_t *a, uint64_t bytes,
                              lob_lob_t *lob)
{
    lob_map_reads_t mr = lob_map_reads_start(db->p.row.map_cr_chunks);
    uint64_t n = lob_piece_count(bytes, db->p.piece_size);
    sim_err_t rc = SIM_OK;
    for (uint64_t i = 0; i < n && rc == SIM_OK; i++) {
        uint64_t nb = lob_piece_nth_blocks(bytes, db->p.piece_size, g->payload, i), chunks = 0;
        lob_map_reads_before_piece(&mr);
        if (nb)
            rc = lob_alloc_write(a, nb, lob, &chunks);
        lob_map_reads_after_piece(&mr, chunks);
    }
    sim_stat_add(&db->part[LIFE_PART_LOB], SIM_STAT_CONSISTENT_GETS, mr.gets);
    sim_stat_add(&db->part[LIFE_PART_LOB], SIM_STAT_CR_BLOCKS_CREATED, mr.clones);
    return rc;
}

/* Space for `blocks` blocks of segment number `seg`, through the
 * segment's dispenser as experiment 1 takes it: a direct-path statement's
 * allocation context carves them out of the dispenser chunks it refills,
 * a conventional write searches for them; either claims its chunks for
 * the session's transaction.  The dispenser, the allocator and the
 * segment count their own figures (undo included, in db->undo); the step
 * takes them (life_seg_take()). */
static sim_err_t allocate(life_db_t *db, life_seg_t *g, uint32_t seg, life_lob_t *l,
                          uint64_t blocks)
{
    sim_err_t rc = session_writers(db, g);
    if (rc != SIM_OK)
        return rc;
    /* A BasicFile with free pools: its session's pooled chunks first
     * (bf.alloc_order, bf.reclaim_batch); each taken off the reusable
     * section deletes its index entry ("When the chunk is re-used the
     * index entry is deleted", Lewis 2012). */
    if (db->p.bf_pools && !g->o.securefile) {
        uint64_t taken = 0;
        while (blocks > 0 && rc == SIM_OK) {
            lob_run_t r;
            rc = lob_space_pool_alloc(g->space, g->tx[db->sid], blocks, db->p.bf_alloc_order == 1,
                                      db->p.bf_reclaim_batch, &r, NULL);
            if (rc != SIM_OK || r.len == 0)
                break;
            rc = add_chunk(l, r);
            blocks -= r.len;
            taken++;
        }
        life_redo_arg_t ra = {.chunks = 0};
        life_redo_log(db, LIFE_REDO_LOBINDEX_DELETE, &ra, taken);
        life_lobindex_reused(g, taken);
        if (rc != SIM_OK || blocks == 0)
            return rc;
    }
    lob_alloc_t *a = g->alloc[2 * db->sid + !db->direct];
    g->alloc_moved[2 * db->sid + !db->direct] = 1;
    lob_alloc_buffered(a, g->o.cache == SCR_CACHE_YES);
    const uint64_t *dv = dsp_stats(g->dsp)->v;
    uint64_t calls0 = dv[SIM_STAT_DSP_ALLOCATIONS], runs0 = dv[SIM_STAT_DSP_CHUNKS];
    uint64_t extents0 = lob_space_stats(g->space)->v[SIM_STAT_SEG_EXTENTS];
    write_seen_t seen = {l, SIM_OK, 0, 0};
    lob_alloc_observe(a, on_chunk, &seen);
    if (db->trace)
        dsp_observe(g->dsp, on_block, &seen);
    lob_lob_t lob = {0, 0, 0};
    if (db->remote && g->o.securefile)
        rc = write_pieces(db, g, a, l->stored, &lob);
    else
        rc = lob_alloc_write(a, blocks, &lob, NULL);
    lob_alloc_observe(a, NULL, NULL);
    dsp_observe(g->dsp, NULL, NULL);
    uint64_t grown = lob_space_stats(g->space)->v[SIM_STAT_SEG_EXTENTS] - extents0;
    sim_stat_add(&db->part[LIFE_PART_SPACE], SIM_STAT_SEG_EXTENTS, grown);
    uint64_t calls = dv[SIM_STAT_DSP_ALLOCATIONS] - calls0, runs = dv[SIM_STAT_DSP_CHUNKS] - runs0;
    if (calls)
        life_op(db, LIFE_OP_DISPENSER, seg, 0, calls);
    if (grown)
        life_op(db, LIFE_OP_EXTENT, seg, 0, grown);
    /* each extent the statement added: the extent map and the
     * tablespace bitmap (14.1) */
    life_redo_arg_t xa = {.chunks = 0};
    life_redo_log(db, LIFE_REDO_EXTENT, &xa, grown);
    if (seen.searched)
        life_op(db, LIFE_OP_BUCKET, seg, seen.cfs, 1);
    /* Each run the dispenser handed out changed the space metadata. */
    life_redo_space(db, runs);
    return rc != SIM_OK ? rc : seen.rc;
}

/* The data of `blocks` blocks written into chunks `first` on of LOB l, as
 * its CACHE option writes them, and logged; `stored` bytes of it.  The
 * blocks the data fills are full in the segment's ASSM bitmap from now
 * on; the rest of a CHUNK is not (lob_space_assm()). */
static void data_written(life_db_t *db, const life_seg_t *g, uint32_t seg, const life_lob_t *l,
                         uint32_t first, uint64_t blocks, uint64_t stored)
{
    uint64_t data = (stored + g->payload - 1) / g->payload, marks = 0;
    for (uint32_t c = first; c < l->nchunks && data > 0; c++) {
        lob_run_t r = chunk_of(l, c);
        if (r.len > data)
            r.len = data;
        marks += lob_space_mark_written(g->space, r) > 0;
        data -= r.len;
    }
    /* a chunk's newly full blocks: one L1 bitmap change (Lewis 2012) */
    life_redo_arg_t ba = {.chunks = 0};
    life_redo_log(db, LIFE_REDO_BITMAP, &ba, marks);
    /* Each block's current get and change: the allocator counted them. */
    if (g->o.cache == SCR_CACHE_YES) {
        life_op(db, LIFE_OP_BUFFERED, seg, 0, blocks);
    } else {
        /* The direct writes, one a chunk: the allocator counted them. */
        for (uint32_t c = first; c < l->nchunks; c++)
            life_op(db, LIFE_OP_DIRECT_WRITE, seg, c, chunk_of(l, c).len * g->block_size);
    }
    life_redo_lob_data(db, &g->o, blocks, l->nchunks - first, stored, g->block_size);
}

/* Blocks a LOB of `stored` bytes takes out of the row: CHUNK-rounded. */
static uint64_t blocks_for(const life_seg_t *g, uint64_t stored)
{
    uint64_t blocks = (stored + g->payload - 1) / g->payload;
    return (blocks + g->chunk_blocks - 1) / g->chunk_blocks * g->chunk_blocks;
}

sim_err_t life_lob_write(life_db_t *db, life_table_t *t, uint32_t k, scr_val_t v, uint32_t *out)
{
    *out = 0;
    if (v == SCR_VAL_NULL)
        return SIM_OK;
    life_seg_t *g = &t->seg[k];
    sim_err_t rc = life_seg_ensure(db, t, k);
    if (rc != SIM_OK)
        return rc;
    scr_value_info_t in = scr_value_info(db->vs, v);
    int dedup = g->o.securefile && g->o.deduplicate;
    if (dedup) {
        uint32_t same = dd_find(db, g, in.hash);
        /* Not a version another session's open transaction wrote: its
         * rollback would take the space back from under this row. */
        if (same && life_lob_at(db, same)->owner && life_lob_at(db, same)->owner != db->sid + 1)
            same = 0;
        if (same) {
            life_lob_at(db, same)->refs++;
            *out = same;
            return SIM_OK;
        }
    }
    uint64_t stored = in.bytes;
    if (g->o.securefile && g->o.compress != SCR_COMPRESS_NONE && in.bytes > 0) {
        rc = compressed_size(db, v, g->o.compress, &stored);
        if (rc != SIM_OK)
            return rc;
    }
    uint32_t i;
    rc = lob_new(db, &i);
    if (rc != SIM_OK)
        return rc;
    life_lob_t *l = life_lob_at(db, i);
    memset(l, 0, sizeof *l);
    l->stored = stored;
    l->hash = in.hash;
    l->refs = 1;
    l->owner = db->sid + 1;
    l->inrow = lob_in_row(&db->p.seg, g->o.in_row, db->p.inrow_compressed ? stored : in.bytes);
    if (!l->inrow && stored > 0) {
        uint64_t blocks = blocks_for(g, stored);
        uint32_t seg = (uint32_t)(t - db->tables) * LIFE_MAX_LOBCOLS + k % LIFE_MAX_LOBCOLS;
        rc = allocate(db, g, seg, l, blocks);
        if (rc != SIM_OK) {
            /* Chunks given before the failure stay the transaction's: a
             * rollback makes them reusable. */
            sim_free(l->more);
            memset(l, 0, sizeof *l);
            l->next = db->free_lob;
            db->free_lob = i;
            return rc;
        }
        data_written(db, g, seg, l, 0, blocks, stored);
    }
    scr_value_ref(db->vs, v);
    l->val = v;
    if (dedup) {
        rc = dd_insert(db, g, i);
        if (rc != SIM_OK)
            return rc;
    }
    *out = i;
    return SIM_OK;
}

sim_err_t life_lob_extend(life_db_t *db, life_table_t *t, uint32_t k, uint32_t i, scr_val_t v,
                          int *grown)
{
    *grown = 0;
    if (i == 0 || v == SCR_VAL_NULL)
        return SIM_OK;
    life_seg_t *g = &t->seg[k];
    life_lob_t *l = life_lob_at(db, i);
    scr_value_info_t in = scr_value_info(db->vs, v);
    if (l->refs != 1 || l->owner != db->sid + 1 || l->inrow || l->dedup ||
        (g->o.securefile && g->o.deduplicate))
        return SIM_OK;
    uint64_t stored = in.bytes;
    if (g->o.securefile && g->o.compress != SCR_COMPRESS_NONE && in.bytes > 0) {
        sim_err_t rc = compressed_size(db, v, g->o.compress, &stored);
        if (rc != SIM_OK)
            return rc;
    }
    uint64_t had = blocks_for(g, l->stored), need = blocks_for(g, stored);
    if (stored < l->stored ||
        lob_in_row(&db->p.seg, g->o.in_row, db->p.inrow_compressed ? stored : in.bytes))
        return SIM_OK;
    uint32_t seg = (uint32_t)(t - db->tables) * LIFE_MAX_LOBCOLS + k % LIFE_MAX_LOBCOLS;
    uint32_t first = l->nchunks;
    if (need > had) {
        if (l->live) /* a live row's LOB map grows: counted again after */
            live_count(g, l, -1);
        sim_err_t rc = allocate(db, g, seg, l, need - had);
        if (l->live)
            live_count(g, l, 1);
        if (rc != SIM_OK)
            return rc; /* chunks given stay the version's: its rollback frees them */
    }
    /* The blocks past the old end are written; the last block the old
     * data left partly empty is taken to be written in place. */
    data_written(db, g, seg, l, first, need - had, stored - l->stored);
    scr_value_ref(db->vs, v);
    scr_value_release(db->vs, l->val);
    l->val = v;
    l->stored = stored;
    l->hash = in.hash;
    *grown = 1;
    return SIM_OK;
}

sim_err_t life_lob_unref(life_db_t *db, life_table_t *t, uint32_t k, uint32_t i)
{
    if (i == 0)
        return SIM_OK;
    life_lob_t *l = life_lob_at(db, i);
    if (--l->refs > 0)
        return SIM_OK;
    life_seg_t *g = &t->seg[k];
    if (l->dedup) {
        dd_remove(g, db, i);
        l->dedup = 0;
    }
    lob_space_tx_t *tx = l->nchunks ? life_seg_tx(db, g) : NULL;
    if (l->nchunks && tx == NULL)
        return SIM_ENOMEM;
    for (uint32_t c = 0; c < l->nchunks; c++) {
        sim_err_t rc = lob_space_free(g->space, tx, chunk_of(l, c));
        if (rc != SIM_OK)
            return rc;
        /* The freed chunk is entered in the uncommitted free space, with
         * its undo (counted by the undo log, taken by run.c). */
        sim_stat_add(&db->part[LIFE_PART_SPACE], SIM_STAT_DB_BLOCK_GETS, 1);
        sim_stat_add(&db->part[LIFE_PART_SPACE], SIM_STAT_DB_BLOCK_CHANGES, 1);
        undo_record(db->undo);
        undo_vector(db->undo, UNDO_CV_SPACE);
        life_redo_space(db, 1);
    }
    return SIM_OK;
}

void life_lob_reref(life_db_t *db, uint32_t i)
{
    if (i)
        life_lob_at(db, i)->refs++;
}

void life_lob_settle(life_db_t *db, life_table_t *t, uint32_t k, uint32_t i)
{
    if (i == 0 || life_lob_at(db, i)->refs > 0 || life_lob_at(db, i)->val == SCR_VAL_NULL)
        return;
    if (life_lob_at(db, i)->dedup)
        dd_remove(&t->seg[k], db, i);
    life_lobindex_remove(db, &t->seg[k], i);
    lob_drop(db, i);
}

uint64_t life_lob_row_bytes(const life_db_t *db, uint32_t i)
{
    if (i == 0)
        return 0;
    const life_lob_t *l = life_lob_at(db, i);
    return l->inrow ? db->p.seg.inrow_header_bytes + l->stored : db->p.locator_bytes;
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
