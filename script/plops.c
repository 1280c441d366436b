/*
 * plops.c -- a PL/SQL block's operations and statements as the compiler
 * appends them (plsql.c for the language, plcall.c for the packages'
 * calls): an operation's handler is the try id in force until the
 * block's end resolves it.
 */
#include <string.h>

#include "plsql_int.h"

uint32_t scr_pl_emit(scr_parser_t *p, scr_pl_kind_t k, uint32_t line)
{
    struct scr_plc *c = p->plc;
    scr_block_t *b = c->b;
    b->ops = scr_arena_grow(p->arena, b->ops, b->nops, &c->capops, sizeof *b->ops);
    scr_pl_op_t *op = &b->ops[b->nops];
    memset(op, 0, sizeof *op);
    op->kind = k;
    op->line = line;
    op->handler = c->try_id; /* a try id until the block's end resolves it */
    op->table = -1;
    return b->nops++;
}

scr_pl_op_t *scr_pl_op(scr_parser_t *p, uint32_t i)
{
    return &p->plc->b->ops[i];
}

uint32_t scr_pl_here(const scr_parser_t *p)
{
    return p->plc->b->nops;
}

scr_stmt_t *scr_pl_push_stmt(scr_parser_t *p, uint32_t line)
{
    struct scr_plc *c = p->plc;
    scr_block_t *b = c->b;
    b->stmts = scr_arena_grow(p->arena, b->stmts, b->nstmts, &c->capstmts, sizeof *b->stmts);
    scr_stmt_t *st = &b->stmts[b->nstmts];
    memset(st, 0, sizeof *st);
    st->step = p->step;
    st->line = line;
    st->table = -1;
    st->column = -1;
    uint32_t o = scr_pl_emit(p, SCR_PL_STMT, line);
    scr_pl_op(p, o)->a = b->nstmts++;
    return st;
}
