/*
 * heap.c -- what the four heap workloads share: checking a case against the
 * heap model, loading its table, and counting a query's reads as the
 * session statistics show them, with the recursive SQL apart.
 */
#include "heap_sim_int.h"

sim_err_t heap_check(const case_t *c, char *msg, size_t len)
{
    return hs_params_check(&c->heap, c->block_size, c->rows, msg, len);
}

sim_err_t heap_table(const case_t *c, hs_table_t **t)
{
    char msg[256];
    return hs_table_create(&c->heap, c->block_size, c->rows, c->seed, t, msg, sizeof msg);
}

/*
 * The recursive SQL of the statement's parse: the session's, not the
 * statement's.  Cold (a hard parse, the table's dictionary rows not
 * cached): dict_reads single-block reads of dictionary blocks, which are
 * in the default tablespace and so of dict_block_size bytes whatever the
 * table's block size, and recursive_calls calls.  Warm: nothing.  No
 * temporary tablespace reads: none of these statements sorts, hashes or
 * reads a temporary table.
 */
static void heap_recursive(const hs_params_t *p, sim_stats_t *rs)
{
    if (p->dict_cache != HS_DICT_COLD)
        return;
    uint64_t reads = p->dict_reads;
    sim_stat_add(rs, SIM_STAT_RECURSIVE_CALLS, p->recursive_calls);
    sim_stat_add(rs, SIM_STAT_PHYS_READS, reads);
    sim_stat_add(rs, SIM_STAT_PHYS_READS_CACHE, reads);
    sim_stat_add(rs, SIM_STAT_PHYS_READ_REQS, reads);
    sim_stat_add(rs, SIM_STAT_PHYS_READ_TOTAL_REQS, reads);
    sim_stat_add(rs, SIM_STAT_PHYS_READ_BYTES, reads * p->dict_block_size);
    sim_stat_add(rs, SIM_STAT_PHYS_READ_TOTAL_BYTES, reads * p->dict_block_size);
}

static void heap_query(const case_t *c, const hs_query_t *q, case_result_t *out)
{
    sim_stats_t *st = &out->part[CASE_PART_HEAP];
    uint64_t reads = q->reads_direct + q->reads_cache;
    sim_stat_add(st, SIM_STAT_PHYS_READS, reads);
    sim_stat_add(st, SIM_STAT_PHYS_READS_DIRECT, q->reads_direct);
    sim_stat_add(st, SIM_STAT_PHYS_READS_CACHE, q->reads_cache);
    sim_stat_add(st, SIM_STAT_PHYS_READ_REQS, q->read_requests);
    sim_stat_add(st, SIM_STAT_PHYS_READ_TOTAL_REQS, q->read_requests);
    sim_stat_add(st, SIM_STAT_PHYS_READ_MULTI, q->multi_requests);
    sim_stat_add(st, SIM_STAT_PHYS_READ_BYTES, q->read_bytes);
    sim_stat_add(st, SIM_STAT_PHYS_READ_TOTAL_BYTES, q->read_bytes);
    sim_stat_add(st, SIM_STAT_CONSISTENT_GETS, q->consistent_gets);
    sim_stat_add(st, SIM_STAT_ROWS_PROCESSED, q->rows);
    sim_stat_add(st, SIM_STAT_CLIENT_ROUNDTRIPS, q->roundtrips);
    heap_recursive(&c->heap, &out->part[CASE_PART_RECURSIVE]);
}

sim_err_t heap_run(const case_t *c, heap_query_fn query, uint64_t upto, case_result_t *out)
{
    hs_table_t *t;
    char msg[256];
    sim_err_t rc = hs_table_create_prefix(&c->heap, c->block_size, c->rows, c->seed, upto, &t, msg,
                                          sizeof msg);
    if (rc != SIM_OK)
        return rc;
    hs_query_t q;
    rc = query(t, &q);
    if (rc == SIM_OK)
        heap_query(c, &q, out);
    hs_table_destroy(t);
    return rc;
}
