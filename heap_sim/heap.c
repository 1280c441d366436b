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
 * The session each case measures, as the published full scan ran (docs/
 * heap.md, "The session"): a new session connects; SQL*Plus's set
 * autotrace reads the statistics from a second session, nothing in this
 * one; the query is parsed and run; the v$mystat query is parsed.  The
 * statement's parse (inside autotrace's window) counts in the recursive
 * part, the login and the v$mystat query in the session part.
 */
static sim_err_t heap_session(const case_t *c, heap_stmt_t stmt, case_result_t *out)
{
    heap_session_t s;
    heap_session_start(&s, &c->heap);
    heap_session_connect(&s, &out->part[CASE_PART_SESSION]);
    heap_session_parse(&s, stmt, &out->part[CASE_PART_RECURSIVE]);
    heap_session_parse(&s, HEAP_STMT_MYSTAT, &out->part[CASE_PART_SESSION]);
    SIM_DEBUG_CHECK(heap_session_check(&s));
    return c->check_invariants ? heap_session_check(&s) : SIM_OK;
}

static void heap_query(const hs_query_t *q, case_result_t *out)
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
}

sim_err_t heap_run(const case_t *c, heap_stmt_t stmt, heap_query_fn query, uint64_t upto,
                   case_result_t *out)
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
        heap_query(&q, out);
    if (rc == SIM_OK)
        rc = heap_session(c, stmt, out);
    hs_table_destroy(t);
    return rc;
}
