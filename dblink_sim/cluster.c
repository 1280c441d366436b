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
 */
#include <string.h>

#include "gcache.h"
#include "dblink_sim_int.h"

typedef struct {
    gcache_t *g;
    int inst;      /* the instance working now */
    uint64_t step; /* the row being inserted */
    sim_err_t err; /* the cache failed to grow inside a callback */
} visit_t;

static void touch(void *arg, dsp_block_t kind, uint64_t id, int current)
{
    visit_t *v = arg;
    sim_err_t rc = gcache_touch(v->g, v->inst, v->step, (unsigned)kind, id, current);
    if (rc != SIM_OK && v->err == SIM_OK)
        v->err = rc;
}

sim_err_t dbl_cluster(const case_t *c, case_result_t *out)
{
    gcache_params_t gp = {c->block_size, c->cluster.message_bytes, c->cluster.ges_per_enqueue, 0,
                          0};
    visit_t v = {NULL, 0, 0, SIM_OK};
    lob_segment_t *seg = NULL;
    dbl_writer_t *w[GCACHE_INSTANCES] = {NULL, NULL};
    sim_err_t rc = gcache_create(&gp, &v.g);
    if (rc == SIM_OK)
        rc = dbl_writer_segment_create(c, &seg);
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
        gcache_finish(v.g, i, total.v[SIM_STAT_ENQ_TX]);
        case_result_add(out, CASE_PART_GCACHE, gcache_stats(v.g, i));
    }
    if (rc == SIM_OK)
        case_result_add(out, CASE_PART_SEGMENT, lob_segment_stats(seg));
    for (int i = 0; i < GCACHE_INSTANCES; i++)
        dbl_writer_destroy(w[i]);
    lob_segment_destroy(seg);
    gcache_destroy(v.g);
    return rc;
}
