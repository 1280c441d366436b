/* heap_sim_int.h -- what the query files of heap_sim share (heap.c). */
#ifndef LOBSIM_HEAP_SIM_INT_H
#define LOBSIM_HEAP_SIM_INT_H

#include "heap_sim.h"

/* The dictionary objects a session's steps need: the login's rows (user,
 * privileges), the table, its primary key and the index on x. */
typedef enum {
    HEAP_OBJ_LOGIN,
    HEAP_OBJ_TABLE,
    HEAP_OBJ_PK,
    HEAP_OBJ_ID,
    HEAP_OBJ_COUNT
} heap_obj_t;
/* The statements a session parses: the three queries and the v$mystat
 * query that reads their figures. */
typedef enum {
    HEAP_STMT_FTS,
    HEAP_STMT_RANGE,
    HEAP_STMT_FEW_ROWS,
    HEAP_STMT_MYSTAT,
    HEAP_STMT_COUNT
} heap_stmt_t;

/* One session (session.c): bit sets over heap_obj_t.  Only
 * heap_session_connect() and heap_session_parse() add to them. */
typedef struct {
    const hs_params_t *p;
    uint32_t row_cache; /* objects whose dictionary rows the row cache holds */
    uint32_t dict_read; /* objects whose dictionary blocks the buffer cache holds */
} heap_session_t;

/* A session on an instance whose caches p->dict_cache says: cold, none of
 * what it needs; warm, all of it. */
void heap_session_start(heap_session_t *s, const hs_params_t *p);
/* The login: its recursive SQL into st, when its rows are not cached. */
void heap_session_connect(heap_session_t *s, sim_stats_t *st);
/* A parse of stmt: for each object it needs, recursive calls when not in
 * the row cache and reads of its dictionary blocks when not read yet, into
 * st. */
void heap_session_parse(heap_session_t *s, heap_stmt_t stmt, sim_stats_t *st);
/* The invariants of session.c; SIM_ECORRUPT when one fails. */
sim_err_t heap_session_check(const heap_session_t *s);

/* A query over a loaded table, and the run that wraps it: the table
 * loaded as far as the block that holds row `upto`, the last the query
 * reads (hs_table_create_prefix(); c->rows: all of it), the query's
 * figures into the heap and recursive-SQL parts, the table dropped. */
typedef sim_err_t (*heap_query_fn)(const hs_table_t *t, hs_query_t *q);
sim_err_t heap_run(const case_t *c, heap_stmt_t stmt, heap_query_fn query, uint64_t upto,
                   case_result_t *out);

#endif /* LOBSIM_HEAP_SIM_INT_H */
