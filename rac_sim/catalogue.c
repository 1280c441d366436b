/*
 * catalogue.c -- the window's catalogue statistics (what `--stats-out` and
 * `--explain` show for a rac case), by the part of the model that counted
 * them: the heap segment's gets, changes, commits and redo, the global
 * cache's blocks and messages, the time model's waits and CPU.  Within a
 * part, each statistic that the model counts by something is split by it
 * too (case_result_detail()): gets and changes by block kind, blocks
 * received by class, messages by what they are for, traffic by the class
 * of each block and the kind of each message, commits by when their
 * transaction began, waits by event, DB CPU by what it was spent on.  The
 * details of a statistic add up to its value exactly; times in
 * microseconds are cut from the running sum in nanoseconds, so that
 * rounding never leaves a remainder.
 */
#include <stdio.h>
#include <string.h>

#include "rac_sim_int.h"

typedef struct {
    case_result_t *out;
    sim_err_t rc;
} cat_t;

static void detail(cat_t *k, case_part_t p, sim_stat_t st, const char *name, uint64_t v)
{
    if (k->rc == SIM_OK)
        k->rc = case_result_detail(k->out, p, st, name, v);
}

/* Nanoseconds ns[i] of the parts named name(i) (i < n, NULL: not one of
 * statistic st), as microseconds that add up to (their sum) / 1000. */
static void micro_details(cat_t *k, case_part_t p, sim_stat_t st, const uint64_t *ns, int n,
                          const char *(*name)(int i, const void *arg), const void *arg)
{
    uint64_t cum = 0, done_us = 0;
    for (int i = 0; i < n; i++) {
        const char *nm = name(i, arg);
        if (nm == NULL)
            continue;
        cum += ns[i];
        detail(k, p, st, nm, cum / RAC_NS_PER_US - done_us);
        done_us = cum / RAC_NS_PER_US;
    }
}

static const char *event_of_class(int e, const void *arg)
{
    return rac_event_class(e) == *(const int *)arg ? rac_event_name(e) : NULL;
}

static const char *cpu_name(int i, const void *arg)
{
    (void)arg;
    static const char *const names[CPU_COUNT] = {"statement work", "gc messages",
                                                 "interconnect copy"};
    return names[i];
}

static const char *const commit_names[TXK_COUNT] = {
    "transactions begun in the window", "transactions begun before it", "commits with no change"};

/* The heap segment's figures of counts n. */
static void heap_part(cat_t *k, const rac_counts_t *n)
{
    sim_stats_t w;
    memset(&w, 0, sizeof w);
    sim_stat_add(&w, SIM_STAT_CONSISTENT_GETS, rac_counts_gets(n, 0));
    sim_stat_add(&w, SIM_STAT_DB_BLOCK_GETS, rac_counts_gets(n, 1));
    sim_stat_add(&w, SIM_STAT_DB_BLOCK_CHANGES, rac_counts_changes(n));
    sim_stat_add(&w, SIM_STAT_USER_COMMITS, rac_counts_commits(n));
    sim_stat_add(&w, SIM_STAT_REDO_SIZE, n->redo_bytes);
    sim_stat_add(&w, SIM_STAT_REDO_WRITES, n->log_writes);
    sim_stat_add(&w, SIM_STAT_ENQ_TX, n->tx_started);
    case_result_add(k->out, CASE_PART_HEAP, &w);
    for (unsigned b = 0; b < K_COUNT; b++) {
        const char *nm = rac_kind_name(b);
        detail(k, CASE_PART_HEAP, SIM_STAT_CONSISTENT_GETS, nm, n->gets[b][0]);
        detail(k, CASE_PART_HEAP, SIM_STAT_DB_BLOCK_GETS, nm, n->gets[b][1]);
        detail(k, CASE_PART_HEAP, SIM_STAT_DB_BLOCK_CHANGES, nm, n->changes[b]);
    }
    for (int t = 0; t < TXK_COUNT; t++)
        detail(k, CASE_PART_HEAP, SIM_STAT_USER_COMMITS, commit_names[t], n->commits[t]);
}

/* The traffic estimate (gcache_counts_traffic()) by what crossed: the CR
 * and the current blocks received of each class, each x the block size,
 * and the GCS and GES messages sent of each kind, each x the message size
 * (cluster.message_bytes). */
static void traffic_details(cat_t *k, const case_t *c, const gcache_counts_t *g)
{
    char nm[64];
    for (int cl = 0; cl < GCACHE_CLASSES; cl++) {
        const char *cls = gcache_class_name((gcache_class_t)cl);
        snprintf(nm, sizeof nm, "CR %s", cls);
        detail(k, CASE_PART_GCACHE, SIM_STAT_INTERCONNECT_BYTES, nm,
               g->cr_received[cl] * c->block_size);
        snprintf(nm, sizeof nm, "current %s", cls);
        detail(k, CASE_PART_GCACHE, SIM_STAT_INTERCONNECT_BYTES, nm,
               g->current_received[cl] * c->block_size);
    }
    for (int m = 0; m < GCACHE_MSGS; m++) {
        snprintf(nm, sizeof nm, "GCS %s", gcache_msg_name((gcache_msg_t)m));
        detail(k, CASE_PART_GCACHE, SIM_STAT_INTERCONNECT_BYTES, nm,
               g->gcs_by[m] * c->cluster.message_bytes);
    }
    for (int e = 0; e < GCACHE_ENQS; e++) {
        snprintf(nm, sizeof nm, "GES %s", gcache_enq_name((gcache_enq_t)e));
        detail(k, CASE_PART_GCACHE, SIM_STAT_INTERCONNECT_BYTES, nm,
               g->ges_by[e] * c->cluster.message_bytes);
    }
}

/* The global cache's figures of counts n and g. */
static void gcache_part(cat_t *k, const case_t *c, const rac_counts_t *n, const gcache_counts_t *g)
{
    sim_stats_t gc;
    gcache_counts_stats(g, c->block_size, c->cluster.message_bytes, &gc);
    sim_stat_add(&gc, SIM_STAT_WAIT_GC_CR, n->waits[E_GC_CR_BLOCK_2WAY]);
    sim_stat_add(&gc, SIM_STAT_WAIT_GC_CURRENT, n->waits[E_GC_CURRENT_BLOCK_2WAY]);
    sim_stat_add(&gc, SIM_STAT_WAIT_GC_BUSY, n->waits[E_GC_BUFFER_BUSY]);
    sim_stat_add(&gc, SIM_STAT_WAIT_GC_CR_GRANT, n->waits[E_GC_CR_GRANT_2WAY]);
    sim_stat_add(&gc, SIM_STAT_WAIT_GC_CURRENT_GRANT, n->waits[E_GC_CURRENT_GRANT_2WAY]);
    sim_stat_add(&gc, SIM_STAT_GC_FLUSHES, n->cr_flushes + n->current_flushes);
    case_result_add(k->out, CASE_PART_GCACHE, &gc);
    for (int cl = 0; cl < GCACHE_CLASSES; cl++) {
        const char *nm = gcache_class_name((gcache_class_t)cl);
        detail(k, CASE_PART_GCACHE, SIM_STAT_GC_CR_RECEIVED, nm, g->cr_received[cl]);
        detail(k, CASE_PART_GCACHE, SIM_STAT_GC_CURRENT_RECEIVED, nm, g->current_received[cl]);
    }
    for (int m = 0; m < GCACHE_MSGS; m++)
        detail(k, CASE_PART_GCACHE, SIM_STAT_GCS_MESSAGES, gcache_msg_name((gcache_msg_t)m),
               g->gcs_by[m]);
    for (int e = 0; e < GCACHE_ENQS; e++)
        detail(k, CASE_PART_GCACHE, SIM_STAT_GES_MESSAGES, gcache_enq_name((gcache_enq_t)e),
               g->ges_by[e]);
    traffic_details(k, c, g);
    detail(k, CASE_PART_GCACHE, SIM_STAT_GC_FLUSHES, "before a CR block", n->cr_flushes);
    detail(k, CASE_PART_GCACHE, SIM_STAT_GC_FLUSHES, "before a current block", n->current_flushes);
}

/* The time model's figures of counts n; the window's elapsed time once. */
static void time_part(cat_t *k, const rac_t *r, const rac_counts_t *n, int first)
{
    static const struct {
        int cls;
        sim_stat_t st;
    } classes[] = {{C_CLUSTER, SIM_STAT_CLUSTER_MICRO},
                   {C_COMMIT, SIM_STAT_COMMIT_MICRO},
                   {C_USER_IO, SIM_STAT_USER_IO_MICRO},
                   {C_SYSTEM_IO, SIM_STAT_SYSTEM_IO_MICRO}};
    uint64_t cls[C_COUNT] = {0};
    for (int e = 0; e < E_COUNT; e++)
        cls[rac_event_class(e)] += n->wait_ns[e];
    sim_stats_t t;
    memset(&t, 0, sizeof t);
    if (first)
        sim_stat_add(&t, SIM_STAT_ELAPSED_MICRO, (r->close_t - r->open_t) / RAC_NS_PER_US);
    for (size_t i = 0; i < sizeof classes / sizeof classes[0]; i++) {
        sim_stat_add(&t, classes[i].st, cls[classes[i].cls] / RAC_NS_PER_US);
        micro_details(k, CASE_PART_RAC_TIME, classes[i].st, n->wait_ns, E_COUNT, event_of_class,
                      &classes[i].cls);
    }
    sim_stat_add(&t, SIM_STAT_DB_CPU_MICRO, rac_counts_cpu(n) / RAC_NS_PER_US);
    micro_details(k, CASE_PART_RAC_TIME, SIM_STAT_DB_CPU_MICRO, n->cpu_ns, CPU_COUNT, cpu_name,
                  NULL);
    case_result_add(k->out, CASE_PART_RAC_TIME, &t);
}

sim_err_t rac_catalogue(const rac_t *r, case_result_t *out)
{
    cat_t k = {out, SIM_OK};
    for (int i = 0; i < GCACHE_INSTANCES; i++) {
        rac_counts_t n;
        gcache_counts_t g;
        rac_window(r, i, &n, &g);
        heap_part(&k, &n);
        gcache_part(&k, r->c, &n, &g);
        time_part(&k, r, &n, i == 0);
    }
    return k.rc;
}
