/*
 * cluster.c -- the cluster workload: two instances inserting into one LOB
 * segment at the same time.
 *
 * Each instance has its own session, undo, dispenser and allocation context
 * (a writer); they share the segment, so they share its space metadata: the
 * segment header (extent map, high-water mark), the CFS blocks and each
 * extent's header.  Rows go to one instance or the other, drawn from the
 * case's seed, which interleaves the two statements deterministically.  The
 * global cache (gcache.h) follows every space metadata block the
 * dispensers visit.  LOB data blocks never travel: each instance writes its
 * own chunks.
 *
 * The workload has no time model: each shipped block or remote grant is
 * one wait of its event, and a block the other instance changed in the row
 * step just before is still busy there (gc buffer busy).  Nothing here
 * writes the log, so no shipment waits for a log flush.
 */
#include <string.h>

#include "gcache.h"
#include "dblink_sim_int.h"

typedef struct {
    gcache_t *g;
    int inst;      /* the instance working now */
    uint64_t step; /* the row being inserted */
    sim_err_t err; /* the cache failed to grow inside a callback */
    sim_stats_t waits[GCACHE_INSTANCES];
} visit_t;

/* The wait a request cost, by what it got. */
static void count_waits(visit_t *v, const gcache_reply_t *r, int current)
{
    sim_stats_t *w = &v->waits[v->inst];
    if (r->got == GCACHE_GOT_GRANT && r->messages)
        sim_stat_add(w, current ? SIM_STAT_WAIT_GC_CURRENT_GRANT : SIM_STAT_WAIT_GC_CR_GRANT, 1);
    if (r->got != GCACHE_GOT_CR && r->got != GCACHE_GOT_CURRENT)
        return;
    sim_stat_add(w, current ? SIM_STAT_WAIT_GC_CURRENT : SIM_STAT_WAIT_GC_CR, 1);
    /* Changed by the other instance in the step before (stamped step). */
    if (r->stamp_inst == 1 - v->inst && r->stamp == v->step)
        sim_stat_add(w, SIM_STAT_WAIT_GC_BUSY, 1);
}

static void touch(void *arg, dsp_block_t kind, uint64_t id, int current)
{
    visit_t *v = arg;
    gcache_reply_t r;
    sim_err_t rc = gcache_touch(v->g, v->inst, v->step, (unsigned)kind, id, current, &r);
    if (rc == SIM_OK)
        count_waits(v, &r, current);
    else if (v->err == SIM_OK)
        v->err = rc;
}

sim_err_t dbl_cluster(const case_t *c, case_result_t *out)
{
    gcache_params_t gp = {c->block_size, c->cluster.message_bytes, c->cluster.fairness};
    visit_t v;
    memset(&v, 0, sizeof v);
    lob_space_t *seg = NULL;
    dbl_writer_t *w[GCACHE_INSTANCES] = {NULL, NULL};
    sim_err_t rc = gcache_create(&gp, &v.g);
    if (rc == SIM_OK) {
        gcache_set_class(v.g, DSP_BLOCK_SEGMENT_HEADER, GCACHE_CLASS_SEGMENT_HEADER);
        rc = dbl_writer_segment_create(c, &seg);
    }
    for (int i = 0; i < GCACHE_INSTANCES && rc == SIM_OK; i++) {
        rc = dbl_writer_create(c, seg, &w[i]);
        if (rc == SIM_OK)
            dbl_writer_observe_blocks(w[i], touch, &v);
    }
    sim_prng_t prng;
    sim_prng_seed(&prng, c->seed);
    for (uint64_t r = 0; r < c->rows && rc == SIM_OK; r++) {
        v.inst = (int)sim_prng_below(&prng, GCACHE_INSTANCES);
        v.step = r;
        rc = dbl_writer_row(w[v.inst]);
        if (rc == SIM_OK)
            rc = v.err;
    }
    if (rc == SIM_OK && c->check_invariants)
        rc = gcache_check(v.g);
    for (int i = 0; i < GCACHE_INSTANCES && rc == SIM_OK; i++) {
        case_result_t mine;
        memset(&mine, 0, sizeof mine);
        dbl_writer_finish(w[i]);
        dbl_writer_result(w[i], &mine);
        for (int p = 0; p < CASE_PART_COUNT; p++)
            case_result_add(out, (case_part_t)p, &mine.part[p]);
        sim_stats_t total;
        case_result_total(&mine, &total);
        gcache_ges(v.g, i, GCACHE_ENQ_TX, total.v[SIM_STAT_ENQ_TX] * c->cluster.ges_per_enqueue);
    }
    for (int i = 0; i < GCACHE_INSTANCES && rc == SIM_OK; i++) {
        sim_stats_t st;
        gcache_stats(v.g, i, &st);
        case_result_add(out, CASE_PART_GCACHE, &st);
        case_result_add(out, CASE_PART_GCACHE, &v.waits[i]);
    }
    if (rc == SIM_OK)
        case_result_add(out, CASE_PART_SEGMENT, lob_space_stats(seg));
    for (int i = 0; i < GCACHE_INSTANCES; i++)
        dbl_writer_destroy(w[i]);
    lob_space_destroy(seg);
    gcache_destroy(v.g);
    return rc;
}
