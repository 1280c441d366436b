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

/* The segment's dispenser calls, runs and extents before a write. */
typedef struct {
    uint64_t calls, runs, extents;
} space_seen_t;

/* The running statement's writer of segment g (its session's; a
 * direct-path statement's allocation context, or the conventional
 * writer), marked moved, and the figures it starts from. */
static lob_alloc_t *writer_begin(life_db_t *db, life_seg_t *g, space_seen_t *before)
{
    lob_alloc_t *a = g->alloc[2 * db->sid + !db->direct];
    g->alloc_moved[2 * db->sid + !db->direct] = 1;
    lob_alloc_buffered(a, g->o.cache == SCR_CACHE_YES);
    const uint64_t *dv = dsp_stats(g->dsp)->v;
    before->calls = dv[SIM_STAT_DSP_ALLOCATIONS];
    before->runs = dv[SIM_STAT_DSP_CHUNKS];
    before->extents = lob_space_stats(g->space)->v[SIM_STAT_SEG_EXTENTS];
    return a;
}

/* What the write cost the segment since writer_begin(): its new extents,
 * the dispenser's calls, and the space metadata's changes. */
static void writer_end(life_db_t *db, life_seg_t *g, uint32_t seg, const space_seen_t *before)
{
    const uint64_t *dv = dsp_stats(g->dsp)->v;
    uint64_t grown = lob_space_stats(g->space)->v[SIM_STAT_SEG_EXTENTS] - before->extents;
    sim_stat_add(&db->part[LIFE_PART_SPACE], SIM_STAT_SEG_EXTENTS, grown);
    uint64_t calls = dv[SIM_STAT_DSP_ALLOCATIONS] - before->calls;
    uint64_t runs = dv[SIM_STAT_DSP_CHUNKS] - before->runs;
    if (calls)
        life_op(db, LIFE_OP_DISPENSER, seg, 0, calls);
    if (grown)
        life_op(db, LIFE_OP_EXTENT, seg, 0, grown);
    /* each extent the statement added: the extent map and the
     * tablespace bitmap (14.1) */
    life_redo_arg_t xa = {.chunks = 0};
    life_redo_log(db, LIFE_REDO_EXTENT, &xa, grown);
    /* Each run the dispenser handed out changed the space metadata. */
    life_redo_space(db, runs);
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
    sim_err_t rc = life_seg_writers(db, g);
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
    write_seen_t seen = {l, SIM_OK, 0, 0};
    space_seen_t before;
    lob_alloc_t *a = writer_begin(db, g, &before);
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
    writer_end(db, g, seg, &before);
    if (seen.searched)
        life_op(db, LIFE_OP_BUCKET, seg, seen.cfs, 1);
    return rc != SIM_OK ? rc : seen.rc;
}

/* Data of `blocks` blocks in `chunks` chunks written, `stored` bytes of
 * it, `marks` of the chunks with newly full blocks: their bitmap changes,
 * the writes the trace sees (chunks `first` on of version l), their redo. */
static void data_logged(life_db_t *db, const life_seg_t *g, uint32_t seg, const life_lob_t *l,
                        uint32_t first, uint64_t marks, uint64_t blocks, uint64_t chunks,
                        uint64_t stored)
{
    /* a chunk's newly full blocks: one L1 bitmap change (Lewis 2012) */
    life_redo_arg_t ba = {.chunks = 0};
    life_redo_log(db, LIFE_REDO_BITMAP, &ba, marks);
    /* Each block's current get and change: the allocator counted them. */
    if (g->o.cache == SCR_CACHE_YES) {
        life_op(db, LIFE_OP_BUFFERED, seg, 0, blocks);
    } else if (l != NULL) {
        /* The direct writes, one a chunk: the allocator counted them. */
        for (uint32_t c = first; c < l->nchunks; c++)
            life_op(db, LIFE_OP_DIRECT_WRITE, seg, c, chunk_of(l, c).len * g->block_size);
    }
    life_redo_lob_data(db, &g->o, blocks, chunks, stored, g->block_size);
}

/* The data of `blocks` blocks written into chunks `first` on of LOB l, as
 * its CACHE option writes them, and logged; `stored` bytes of it.  The
 * blocks the data fills are full in the segment's ASSM bitmap from now
 * on; the rest of a CHUNK is not (lob_space_assm()). */
/* Chunks `first` on of version l that the data of `stored` bytes newly
 * fills a block of (its ASSM bitmap's changes), marked. */
static uint64_t version_marks(const life_seg_t *g, const life_lob_t *l, uint32_t first,
                              uint64_t stored)
{
    uint64_t data = (stored + g->payload - 1) / g->payload, marks = 0;
    for (uint32_t c = first; c < l->nchunks && data > 0; c++) {
        lob_run_t r = chunk_of(l, c);
        if (r.len > data)
            r.len = data;
        marks += lob_space_mark_written(g->space, r) > 0;
        data -= r.len;
    }
    return marks;
}

static void data_written(life_db_t *db, const life_seg_t *g, uint32_t seg, const life_lob_t *l,
                         uint32_t first, uint64_t blocks, uint64_t stored)
{
    uint64_t marks = version_marks(g, l, first, stored);
    data_logged(db, g, seg, l, first, marks, blocks, l->nchunks - first, stored);
}

/* Segment k of t's number in the trace (folded stacks): the table's
 * LIFE_MAX_LOBCOLS slots, then its column. */
static uint32_t seg_number(const life_db_t *db, const life_table_t *t, uint32_t k)
{
    return (uint32_t)(t - db->tables) * LIFE_MAX_LOBCOLS + k % LIFE_MAX_LOBCOLS;
}

/* Blocks a LOB of `stored` bytes takes out of the row: CHUNK-rounded. */
static uint64_t blocks_for(const life_seg_t *g, uint64_t stored)
{
    uint64_t blocks = (stored + g->payload - 1) / g->payload;
    return (blocks + g->chunk_blocks - 1) / g->chunk_blocks * g->chunk_blocks;
}

/* What a version of v (its info `in`) stores in segment g: its bytes
 * (compressed, or its content's) and whether they stay in the row. */
static sim_err_t stored_size(life_db_t *db, const life_seg_t *g, scr_val_t v, scr_value_info_t in,
                             uint64_t *stored, int *inrow)
{
    *stored = in.bytes;
    if (g->o.securefile && g->o.compress != SCR_COMPRESS_NONE && in.bytes > 0) {
        sim_err_t rc = compressed_size(db, v, g->o.compress, stored);
        if (rc != SIM_OK)
            return rc;
    }
    *inrow = lob_in_row(&db->p.seg, g->o.in_row, db->p.inrow_compressed ? *stored : in.bytes);
    return SIM_OK;
}

/* A new version of one row, the running session's, no chunk yet. */
static void version_init(const life_db_t *db, life_lob_t *l, scr_value_info_t in, uint64_t stored,
                         int inrow)
{
    memset(l, 0, sizeof *l);
    l->stored = stored;
    l->hash = in.hash;
    l->refs = 1;
    l->owner = db->sid + 1;
    l->inrow = (uint8_t)inrow;
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
    uint64_t stored;
    int inrow;
    rc = stored_size(db, g, v, in, &stored, &inrow);
    if (rc != SIM_OK)
        return rc;
    uint32_t i;
    rc = lob_new(db, &i);
    if (rc != SIM_OK)
        return rc;
    life_lob_t *l = life_lob_at(db, i);
    version_init(db, l, in, stored, inrow);
    if (!l->inrow && stored > 0) {
        uint64_t blocks = blocks_for(g, stored);
        uint32_t seg = seg_number(db, t, k);
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

/* ---- versions of alike rows, written at once ----------------------------- */

/* What each of n alike versions takes: its stored bytes, its data's
 * blocks (CHUNK-rounded), and its write (w): the blocks and chunks it is
 * written in (one chunk; or, over a link, one a piece that has a block)
 * and the consistent reads and clones of its map before each piece. */
typedef struct {
    uint64_t stored, data_blocks;
    lob_piece_plan_t w; /* its write: blocks, chunks, map reads */
} alike_plan_t;

/* How many (at most n) versions of v written one after another in segment
 * k would each be written in the chunks `plan` says out of the space the
 * running statement's writer holds: its direct-path allocation context's
 * cache, or the dispenser chunk a remote insert's searches take from;
 * nothing asked of the dispenser beyond it.  0 when a version would not
 * count what the one before it counts, or something must see each. */
static uint64_t alike_versions(life_db_t *db, life_table_t *t, uint32_t k, scr_val_t v, uint64_t n,
                               alike_plan_t *plan)
{
    const life_seg_t *g = &t->seg[k];
    /* A deduplicated version may be shared, a buffered one logs its bytes
     * a version, a trace must see each write: written one at a time. */
    if (n < 2 || v == SCR_VAL_NULL || db->p.one_at_a_time || db->trace || g->space == NULL ||
        !g->o.securefile || g->o.deduplicate || g->o.cache == SCR_CACHE_YES || db->sid >= g->ntx ||
        g->alloc[2 * db->sid + !db->direct] == NULL)
        return 0;
    int inrow;
    memset(plan, 0, sizeof *plan);
    if (stored_size(db, g, v, scr_value_info(db->vs, v), &plan->stored, &inrow) != SIM_OK ||
        inrow || plan->stored == 0)
        return 0;
    plan->data_blocks = blocks_for(g, plan->stored);
    /* one write, one chunk; over a link write_pieces()'s, each piece alone
     * (their blocks add up to the data's, lob_piece_blocks(): one at least) */
    plan->w = (lob_piece_plan_t){plan->data_blocks, 1, 0, 0};
    if (db->remote)
        plan->w =
            lob_piece_plan(plan->stored, db->p.piece_size, g->payload, db->p.row.map_cr_chunks);
    uint64_t m = lob_alloc_ready(g->alloc[2 * db->sid + !db->direct]) / plan->w.blocks;
    return m < n ? m : n;
}

uint64_t life_lob_alike(life_db_t *db, life_table_t *t, uint32_t k, scr_val_t v, uint64_t n)
{
    alike_plan_t plan;
    return alike_versions(db, t, k, v, n, &plan);
}

/* Version l's chunks: `plan`'s, from block `start` on, as its pieces (or
 * its one write) came one after another. */
static sim_err_t alike_chunks(const life_db_t *db, const life_seg_t *g, const alike_plan_t *plan,
                              life_lob_t *l, uint64_t start)
{
    if (plan->w.chunks > 1 &&
        (l->more = sim_malloc((plan->w.chunks - 1) * sizeof *l->more)) == NULL)
        return SIM_ENOMEM;
    if (plan->w.chunks == 1) {
        l->one = (lob_run_t){start, plan->w.blocks};
        l->nchunks = 1;
        return SIM_OK;
    }
    uint64_t np = lob_piece_count(plan->stored, db->p.piece_size);
    for (uint64_t i = 0; i < np; i++) {
        uint64_t nb = lob_piece_nth_blocks(plan->stored, db->p.piece_size, g->payload, i);
        if (nb == 0)
            continue;
        if (l->nchunks == 0)
            l->one = (lob_run_t){start, nb};
        else
            l->more[l->nchunks - 1] = (lob_run_t){start, nb};
        l->nchunks++;
        start += nb;
    }
    return SIM_OK;
}

sim_err_t life_lob_write_alike(life_db_t *db, life_table_t *t, uint32_t k, scr_val_t v, uint64_t n,
                               uint32_t *out)
{
    alike_plan_t plan;
    if (alike_versions(db, t, k, v, n, &plan) != n)
        return SIM_EINVAL;
    life_seg_t *g = &t->seg[k];
    scr_value_info_t in = scr_value_info(db->vs, v);
    uint64_t made = 0;
    sim_err_t rc = SIM_OK;
    while (made < n && (rc = lob_new(db, &out[made])) == SIM_OK) {
        version_init(db, life_lob_at(db, out[made]), in, plan.stored, 0);
        made++;
    }
    lob_run_t span = {0, 0};
    for (uint64_t i = 0; i < made && rc == SIM_OK; i++)
        rc = alike_chunks(db, g, &plan, life_lob_at(db, out[i]), i * plan.w.blocks);
    uint32_t seg = seg_number(db, t, k);
    if (rc == SIM_OK) {
        space_seen_t before;
        lob_alloc_t *a = writer_begin(db, g, &before);
        rc = lob_alloc_write_many(a, n * plan.w.blocks, n * plan.w.chunks, &span);
        writer_end(db, g, seg, &before);
    }
    if (rc != SIM_OK) {
        for (uint64_t i = 0; i < made; i++)
            lob_drop(db, out[i]);
        return rc;
    }
    sim_stat_add(&db->part[LIFE_PART_LOB], SIM_STAT_CONSISTENT_GETS, n * plan.w.map_gets);
    sim_stat_add(&db->part[LIFE_PART_LOB], SIM_STAT_CR_BLOCKS_CREATED, n * plan.w.map_clones);
    uint64_t marks = 0;
    for (uint64_t i = 0; i < n; i++) {
        life_lob_t *l = life_lob_at(db, out[i]);
        for (uint32_t c = 0; c < l->nchunks; c++)
            (c ? &l->more[c - 1] : &l->one)->start += span.start;
        scr_value_ref(db->vs, v);
        l->val = v;
        marks += version_marks(g, l, 0, plan.stored);
    }
    data_logged(db, g, seg, NULL, 0, marks, n * plan.data_blocks, n * plan.w.chunks, plan.stored);
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
    uint32_t seg = seg_number(db, t, k);
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
