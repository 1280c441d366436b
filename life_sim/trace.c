/*
 * trace.c -- what a statement did that takes time or a shared resource,
 * handed to whoever asked (life_set_trace(); sessions.c replays it in time).
 * lob.c and run.c tell it; it calls neither.
 */
#include "life_sim_int.h"

void life_op(life_db_t *db, life_op_kind_t kind, uint32_t seg, uint64_t id, uint64_t n)
{
    if (db->trace)
        db->trace(db->trace_arg, kind, seg, id, n);
}

void life_set_trace(life_db_t *db, life_op_fn fn, void *arg)
{
    db->trace = fn;
    db->trace_arg = arg;
}
