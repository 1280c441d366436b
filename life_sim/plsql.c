/*
 * plsql.c -- the one loop that runs a PL/SQL block's operations
 * (script.h, scr_pl_op_t; compiled by script/plsql.c), as Lua's
 * luaV_execute runs a function's: one case an operation, the loop
 * knowing nothing of syntax.
 *
 * A session's place in a block is (the next operation, the registers,
 * the cursors), kept in its life_susp_t: with yield on (sessions at
 * once) the block stops after a commit, or a sleep outside a
 * transaction, and after a statement that met another session's row
 * lock (undone, to be run again), and the next life_exec() of the same
 * statement goes on from there.
 *
 * An Oracle error of an operation goes to its handler (`exception when
 * others`, the failed statement undone to its savepoint, the rest of the
 * transaction kept) or, without one, ends the block with the error.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "life_sim_int.h"

void life_block_end(life_db_t *db, life_susp_t *s)
{
    if (s->block == NULL)
        return;
    const scr_block_t *b = &s->block->u.block;
    if (s->vals)
        for (uint32_t i = 0; i < b->nvals; i++)
            scr_value_release(db->vs, s->vals[i]);
    if (s->cursors)
        for (uint32_t i = 0; i < b->ncursors; i++)
            life_cursor_close(db, &s->cursors[i]);
    sim_free(s->vals);
    sim_free(s->nums);
    sim_free(s->nulls);
    sim_free(s->cursors);
    sim_free(s->locs);
    s->locs = NULL;
    s->vals = NULL;
    s->nums = NULL;
    s->nulls = NULL;
    s->cursors = NULL;
    s->block = NULL;
    s->pc = 0;
}

/* The block's registers, every one null, and its cursors closed. */
static sim_err_t block_begin(life_db_t *db, life_susp_t *s, const scr_stmt_t *st)
{
    const scr_block_t *b = &st->u.block;
    s->block = st;
    s->pc = 0;
    s->commits = 0;
    s->raised[0] = '\0';
    s->vals = sim_calloc(b->nvals ? b->nvals : 1, sizeof *s->vals);
    s->nums = sim_calloc(b->nnums ? b->nnums : 1, sizeof *s->nums);
    s->nulls = sim_malloc(b->nnums ? b->nnums : 1);
    s->cursors = sim_calloc(b->ncursors ? b->ncursors : 1, sizeof *s->cursors);
    s->locs = sim_calloc(b->nvals ? b->nvals : 1, sizeof *s->locs);
    if (!s->vals || !s->nums || !s->nulls || !s->cursors || !s->locs) {
        life_block_end(db, s);
        return SIM_ENOMEM;
    }
    memset(s->nulls, 1, b->nnums ? b->nnums : 1);
    return SIM_OK;
}

/* A bind variable into its register (op->c 0) or back (1): a number, or
 * a value shared by reference. */
static void bind(life_db_t *db, life_susp_t *s, const scr_pl_op_t *op)
{
    if (db->s->binds[op->b].type == SCR_T_NUMBER) {
        if (op->c) {
            db->bind_nums[op->b] = s->nums[op->a];
            db->bind_nulls[op->b] = s->nulls[op->a];
        } else {
            s->nums[op->a] = db->bind_nums[op->b];
            s->nulls[op->a] = db->bind_nulls[op->b];
        }
        return;
    }
    scr_val_t *to = op->c ? &db->bind_vals[op->b] : &s->vals[op->a];
    scr_val_t from = op->c ? s->vals[op->a] : db->bind_vals[op->b];
    scr_value_ref(db->vs, from);
    scr_value_release(db->vs, *to);
    *to = from;
    if (!op->c)
        s->locs[op->a].table1 = 0; /* a value of the block's own, no row's LOB */
}

/* An expression's failure, "LINE: ORA-..." from the evaluator. */
static sim_err_t failed(life_db_t *db, const char *err)
{
    snprintf(db->msg, db->msglen, "%s:%s", db->s->file, err[0] ? err : "?");
    return strstr(err, "out of memory") ? SIM_ENOMEM : SIM_EINVAL;
}

/* The code of an error as a handler sees it: ORA-NNNNN's NNNNN, 0 for
 * another (PLS-, SP2-). */
static uint32_t error_code(const char *text)
{
    unsigned n = 0;
    return sscanf(text, "ORA-%5u", &n) == 1 ? n : 0;
}

/* SQLERRM and SQLCODE of the error being handled (PL/SQL Language
 * Reference, "SQLCODE Function", "SQLERRM Function"): no data found is
 * +100, a user-defined exception without a pragma 1 and "User-Defined
 * Exception", any other error its negative number and its text. */
static sim_err_t error_registers(life_db_t *db, life_susp_t *s, const scr_pl_op_t *op,
                                 const scr_row_t *regs)
{
    uint32_t code = s->raised_code;
    int user = code >= 10000000u;
    const char *text = user ? "User-Defined Exception" : s->raised;
    scr_expr_t e;
    memset(&e, 0, sizeof e);
    e.kind = SCR_E_STRING;
    e.type = SCR_T_VARCHAR;
    e.row_dependent = 1; /* not memoised: a text of this run */
    e.line = op->line;
    e.str = text;
    e.len = (uint32_t)strlen(text);
    e.static_len = e.len;
    char err[SCR_ERR_LEN];
    scr_val_t v;
    sim_err_t rc = scr_eval(db->vs, &e, regs, &v, err, sizeof err);
    if (rc != SIM_OK)
        return failed(db, err);
    scr_value_release(db->vs, s->vals[op->a]);
    s->vals[op->a] = v;
    s->locs[op->a].table1 = 0;
    s->nums[op->b] = user ? 1 : code == 1403 ? 100 : -(int64_t)code;
    s->nulls[op->b] = 0;
    return SIM_OK;
}

/* Whether a session's turn ends after statement st: at a commit, and at a
 * sleep between transactions, so that the clock has moved when it goes on.
 * A sleep inside a transaction keeps the turn. */
static int ends_turn(const life_db_t *db, const scr_stmt_t *st)
{
    return st->kind == SCR_COMMIT || (st->kind == SCR_SLEEP && db->cur->ntx == 0);
}

/* Whether the block, from operation pc on, has nothing left but commits
 * before its end (its loops finishing as their registers say): a turn
 * does not end there, the block runs to its end. */
static int only_commits_left(const life_susp_t *s, const scr_block_t *b, uint32_t pc)
{
    for (uint32_t steps = 0; steps < b->nops; steps++) {
        const scr_pl_op_t *op = &b->ops[pc];
        switch (op->kind) {
        case SCR_PL_END:
            return 1;
        case SCR_PL_JUMP:
            pc = op->target;
            break;
        case SCR_PL_NEXT:
            if (op->reverse ? s->nums[op->a] > s->nums[op->b] : s->nums[op->a] < s->nums[op->b])
                return 0;
            pc++;
            break;
        case SCR_PL_STMT:
            if (b->stmts[op->a].kind != SCR_COMMIT)
                return 0;
            pc++;
            break;
        default:
            return 0;
        }
    }
    return 0;
}

/* dbms_output.put_line: the value's text and a newline added to what the
 * statement printed; a line is at most 32,767 bytes (PL/SQL Packages and
 * Types Reference, DBMS_OUTPUT: ORU-10028). */
static sim_err_t print(life_db_t *db, const scr_pl_op_t *op, const scr_row_t *regs)
{
    scr_val_t v;
    sim_err_t rc = life_eval(db, NULL, op->x, regs, &v);
    if (rc != SIM_OK)
        return rc;
    scr_value_info_t in = scr_value_info(db->vs, v);
    int ucs2 = scr_value_ucs2(&in);
    if (in.chars > 32767) {
        scr_value_release(db->vs, v);
        return life_raise(
            db, op->line,
            "ORA-20000: ORU-10028: line length overflow, limit of 32767 bytes per line");
    }
    sim_err_t rc2 = SIM_OK;
    uint8_t buf[512];
    char line[512];
    for (uint64_t off = 0; off < in.bytes && rc2 == SIM_OK;) {
        size_t got = scr_value_read(db->vs, v, off, buf, sizeof buf);
        if (got == 0)
            break;
        size_t n = 0;
        for (size_t i = ucs2 ? 1 : 0; i < got; i += ucs2 ? 2 : 1)
            line[n++] = (char)buf[i];
        rc2 = life_print(db, line, n);
        off += got;
    }
    if (rc2 == SIM_OK)
        rc2 = life_print(db, "\n", 1);
    scr_value_release(db->vs, v);
    return rc2;
}

/* A cursor's rows ordered by their ids (desc: descending), the ids, rows
 * and LOB values moved together; a sort that keeps equal ids in order. */
static sim_err_t life_cursor_order(life_cursor_t *c, int desc)
{
    uint64_t *ix = sim_calloc(c->n ? c->n : 1, sizeof *ix);
    int64_t *ids = sim_calloc(c->n ? c->n : 1, sizeof *ids);
    uint64_t *rows = sim_calloc(c->n ? c->n : 1, sizeof *rows);
    scr_val_t *vals = sim_calloc(c->n * c->nlob + 1, sizeof *vals);
    if (ix == NULL || ids == NULL || rows == NULL || vals == NULL) {
        sim_free(ix);
        sim_free(ids);
        sim_free(rows);
        sim_free(vals);
        return SIM_ENOMEM;
    }
    for (uint64_t i = 0; i < c->n; i++) {
        /* insertion: rows come nearly ordered (a table's insertion order) */
        uint64_t k = i;
        while (k > 0 && (desc ? c->ids[ix[k - 1]] < c->ids[i] : c->ids[ix[k - 1]] > c->ids[i])) {
            ix[k] = ix[k - 1];
            k--;
        }
        ix[k] = i;
    }
    for (uint64_t i = 0; i < c->n; i++) {
        ids[i] = c->ids[ix[i]];
        rows[i] = c->rows[ix[i]];
        for (uint32_t k = 0; k < c->nlob; k++)
            vals[i * c->nlob + k] = c->vals[ix[i] * c->nlob + k];
    }
    sim_free(ix);
    sim_free(c->ids);
    sim_free(c->rows);
    sim_free(c->vals);
    c->ids = ids;
    c->rows = rows;
    c->vals = vals;
    return SIM_OK;
}
/* Operation op of the running block: SIM_OK with *next the operation to
 * run after it (UINT32_MAX: the block stops here for now), or an error. */
static sim_err_t step(life_db_t *db, life_susp_t *s, const scr_block_t *b, const scr_pl_op_t *op,
                      const scr_row_t *regs, uint32_t *next)
{
    char err[SCR_ERR_LEN];
    err[0] = '\0';
    *next = s->pc + 1;
    switch (op->kind) {
    /* a statement of the block: DML with the registers, commit, sleep, a
     * statement of execute immediate (refused when parsed: raised now) */
    case SCR_PL_STMT: {
        const scr_stmt_t *sub = &b->stmts[op->a];
        if (sub->kind == SCR_FAILED)
            return life_raise(db, sub->line, sub->error);
        sim_err_t rc = life_stmt_exec(db, sub, regs);
        if (rc != SIM_OK)
            return rc;
        if (!db->blocked_by && sub->kind == SCR_INSERT && sub->u.dml.ret_lob1)
            life_returning(db, s, sub);
        if (db->blocked_by)
            *next = UINT32_MAX; /* undone: run again when the lock is gone */
        else if (db->yield_commits && ends_turn(db, sub) && !only_commits_left(s, b, s->pc + 1))
            *next = UINT32_MAX - 1; /* the turn ends after it */
        return SIM_OK;
    }
    case SCR_PL_SET: {
        scr_val_t v;
        sim_err_t rc = life_eval(db, NULL, op->x, regs, &v);
        if (rc != SIM_OK)
            return rc;
        if (op->c && scr_value_info(db->vs, v).chars > op->c) {
            scr_value_release(db->vs, v);
            return life_raise(db, op->line,
                              "ORA-06502: PL/SQL: numeric or value error: character string buffer "
                              "too small");
        }
        scr_value_release(db->vs, s->vals[op->a]);
        s->vals[op->a] = v;
        s->locs[op->a].table1 = 0; /* a value of the block's own, no row's LOB */
        return SIM_OK;
    }
    case SCR_PL_BOOL: {
        int r = scr_pred_eval(db->vs, op->cond, regs, err, sizeof err);
        if (r == -2)
            return failed(db, err);
        s->nums[op->a] = r == 1;
        s->nulls[op->a] = r == -1;
        return SIM_OK;
    }
    case SCR_PL_NUM: {
        int64_t v = 0;
        int isnull = scr_eval_int(db->vs, op->x, regs, &v) != 0;
        s->nums[op->a] = v;
        s->nulls[op->a] = (uint8_t)isnull;
        return SIM_OK;
    }
    case SCR_PL_JUMP:
        *next = op->target;
        return SIM_OK;
    case SCR_PL_UNLESS: {
        int r = scr_pred_eval(db->vs, op->cond, regs, err, sizeof err);
        if (r == -2)
            return failed(db, err);
        if (r != 1)
            *next = op->target;
        return SIM_OK;
    }
    /* for i in [reverse] lo .. hi: a null bound is VALUE_ERROR */
    case SCR_PL_FOR: {
        int64_t lo, hi;
        if (scr_eval_int(db->vs, op->x, regs, &lo) != 0 ||
            scr_eval_int(db->vs, op->y, regs, &hi) != 0)
            return life_raise(db, op->line, "ORA-06502: PL/SQL: numeric or value error");
        s->nums[op->a] = op->reverse ? hi : lo;
        s->nums[op->b] = op->reverse ? lo : hi;
        s->nulls[op->a] = s->nulls[op->b] = 0;
        if (lo > hi)
            *next = op->target;
        return SIM_OK;
    }
    case SCR_PL_NEXT:
        if (op->reverse ? s->nums[op->a] > s->nums[op->b] : s->nums[op->a] < s->nums[op->b]) {
            s->nums[op->a] += op->reverse ? -1 : 1;
            *next = op->target;
        }
        return SIM_OK;
    case SCR_PL_OPEN: {
        life_cursor_t *c = &s->cursors[op->b];
        life_cursor_close(db, c);
        sim_err_t rc = life_select(db, &db->tables[op->table], op->cond, NULL, regs, c);
        if (rc == SIM_OK && op->c)
            rc = life_cursor_order(c, op->c == 2);
        if (rc != SIM_OK)
            life_cursor_close(db, c);
        return rc;
    }
    case SCR_PL_FETCH: {
        life_cursor_t *c = &s->cursors[op->b];
        if (c->next >= c->n) {
            *next = op->target;
            return SIM_OK;
        }
        s->nums[op->a] = c->ids[c->next];
        s->nulls[op->a] = 0;
        for (uint32_t k = 0; k < c->nlob; k++) {
            scr_val_t v = c->vals[c->next * c->nlob + k];
            scr_value_ref(db->vs, v);
            scr_value_release(db->vs, s->vals[op->c + k]);
            s->vals[op->c + k] = v;
            s->locs[op->c + k].table1 = 0;
        }
        c->next++;
        return SIM_OK;
    }
    case SCR_PL_PRINT:
        return print(db, op, regs);
    case SCR_PL_LOB:
        return life_lob_call(db, s, op, regs);
    case SCR_PL_INTO:
        return life_select_into(db, s, op, regs);
    case SCR_PL_SPACE:
        return life_space_call(db, s, op, regs);
    case SCR_PL_QUERY:
        return life_query_into(db, s, op, regs);
    case SCR_PL_QOPEN:
        return life_query_open(db, s, op, regs);
    case SCR_PL_QFETCH:
        return life_query_fetch(db, s, op, regs, next);
    case SCR_PL_BIND:
        bind(db, s, op);
        return SIM_OK;
    case SCR_PL_RAISE:
        s->pending_code = op->error ? op->b : s->raised_code;
        return life_raise(db, op->line, op->error ? op->error : s->raised);
    case SCR_PL_CATCH: {
        uint32_t k = 0;
        while (k < op->ncodes && op->codes[k] != s->raised_code)
            k++;
        if (k == op->ncodes)
            *next = op->target;
        return SIM_OK;
    }
    case SCR_PL_ERR:
        return error_registers(db, s, op, regs);
    case SCR_PL_END:
        *next = b->nops;
        return SIM_OK;
    }
    return SIM_OK;
}

sim_err_t life_block_exec(life_db_t *db, const scr_stmt_t *st)
{
    const scr_block_t *b = &st->u.block;
    life_susp_t *s = db->cur;
    if (s->block != st) {
        life_block_end(db, s);
        sim_err_t rc = block_begin(db, s, st);
        if (rc != SIM_OK)
            return rc;
    }
    scr_row_t regs = {0, 0, SCR_VAL_NULL, s->vals, NULL, s->nums, s->nulls, 0};
    sim_err_t rc = SIM_OK;
    db->in_block = 1;
    while (s->pc < b->nops) {
        const scr_pl_op_t *op = &b->ops[s->pc];
        regs.clock_cs = (int64_t)(db->clock_ms / 10);
        uint32_t next;
        rc = step(db, s, b, op, &regs, &next);
        if (rc != SIM_OK) {
            /* exception when others: the error handled, the failed
             * statement undone (its savepoint), the block goes on */
            if (!life_oracle_failed(db, rc) || op->handler == 0)
                break;
            life_take_error(db, s->raised, sizeof s->raised);
            s->raised_code = s->pending_code ? s->pending_code : error_code(s->raised);
            s->pending_code = 0;
            rc = SIM_OK;
            next = op->handler;
        }
        if (next >= UINT32_MAX - 1) {
            /* stopped: at this operation (a lock) or after it (a turn) */
            s->pc += next == UINT32_MAX ? 0 : 1;
            db->suspended = 1;
            db->in_block = 0;
            return SIM_OK;
        }
        s->pc = next;
    }
    db->in_block = 0;
    /* The block returns once its commits' redo is on disk. */
    if (rc == SIM_OK && s->commits)
        life_op(db, LIFE_OP_COMMIT, 0, 0, 0);
    life_block_end(db, s);
    return rc;
}
