/*
 * session.c -- one database session of the heap experiment: what it has
 * connected, parsed and read, and the recursive SQL each step costs.
 *
 * The session outlives its statements: a parse puts each dictionary
 * object the statement needs (the table, the index it reads) into the row
 * cache and the object's dictionary blocks into the buffer cache.  A later
 * step pays only for what is not there: a statement parsed again costs
 * nothing, a second statement on the same table only its index.
 * heap_session_start() sets the instance's caches at connect (cold: empty;
 * warm: all of it); heap_session_connect() and heap_session_parse() are
 * the state changes.  No cursor cache: a parse found in it would cost what
 * its objects cost once the row cache holds them, nothing, and the
 * catalogue has no parse counts for it to change.
 */
#include "heap_sim_int.h"

/* The dictionary objects each statement's parse needs.  v$mystat is a
 * fixed view: its rows are in memory, not in dictionary blocks. */
static uint32_t needs(heap_stmt_t st)
{
    static const uint32_t objs[HEAP_STMT_COUNT] = {
        [HEAP_STMT_FTS] = 1u << HEAP_OBJ_TABLE,
        [HEAP_STMT_RANGE] = 1u << HEAP_OBJ_TABLE | 1u << HEAP_OBJ_PK,
        [HEAP_STMT_FEW_ROWS] = 1u << HEAP_OBJ_TABLE | 1u << HEAP_OBJ_ID,
        [HEAP_STMT_MYSTAT] = 0,
    };
    return objs[st];
}

void heap_session_start(heap_session_t *s, const hs_params_t *p)
{
    uint32_t all = (1u << HEAP_OBJ_COUNT) - 1;
    s->p = p;
    s->row_cache = s->dict_read = p->dict_cache == HS_DICT_WARM ? all : 0;
}

/* `blocks` single-block reads of dictionary blocks into the buffer cache:
 * each a consistent get too. */
static void dict_reads(const heap_session_t *s, uint64_t blocks, sim_stats_t *st)
{
    uint64_t bytes = blocks * s->p->dict_block_size;
    sim_stat_add(st, SIM_STAT_PHYS_READS, blocks);
    sim_stat_add(st, SIM_STAT_PHYS_READS_CACHE, blocks);
    sim_stat_add(st, SIM_STAT_PHYS_READ_REQS, blocks);
    sim_stat_add(st, SIM_STAT_PHYS_READ_TOTAL_REQS, blocks);
    sim_stat_add(st, SIM_STAT_PHYS_READ_BYTES, bytes);
    sim_stat_add(st, SIM_STAT_PHYS_READ_TOTAL_BYTES, bytes);
    sim_stat_add(st, SIM_STAT_CONSISTENT_GETS, blocks);
}

/* The objects in `objs` into the row cache and their blocks into the
 * buffer cache, each paying `calls` and `reads` when not there yet. */
static void load(heap_session_t *s, uint32_t objs, uint32_t calls, uint32_t reads, sim_stats_t *st)
{
    for (int o = 0; o < HEAP_OBJ_COUNT; o++) {
        uint32_t bit = 1u << o;
        if (!(objs & bit))
            continue;
        if (!(s->row_cache & bit))
            sim_stat_add(st, SIM_STAT_RECURSIVE_CALLS, calls);
        if (!(s->dict_read & bit))
            dict_reads(s, reads, st);
        s->row_cache |= bit;
        s->dict_read |= bit;
    }
}

void heap_session_connect(heap_session_t *s, sim_stats_t *st)
{
    load(s, 1u << HEAP_OBJ_LOGIN, s->p->connect_calls, s->p->connect_reads, st);
}

void heap_session_parse(heap_session_t *s, heap_stmt_t stmt, sim_stats_t *st)
{
    load(s, needs(stmt), s->p->recursive_calls, s->p->dict_reads, st);
}

/*
 * 1. What the row cache holds, the buffer cache has read (a row comes
 *    from a block), and the reverse (a parse reads an object's blocks for
 *    its rows); 2. nothing but the objects of heap_obj_t.
 */
sim_err_t heap_session_check(const heap_session_t *s)
{
    uint32_t all = (1u << HEAP_OBJ_COUNT) - 1;
    if (s->row_cache != s->dict_read || (s->row_cache & ~all))
        return SIM_ECORRUPT;
    return SIM_OK;
}
