/*
 * locator.c -- a PL/SQL block's LOB variables as locators (PL/SQL Packages
 * and Types Reference, DBMS_LOB, "Operational Notes"): what each points
 * at, and dbms_lob's procedures run on it.
 *
 * A CLOB or BLOB variable holds a value (a register) and, when it came
 * from a row, the row's LOB it locates (life_locator_t): `select c into l
 * from t where ... [for update]` and `insert ... returning c into l` make
 * one; dbms_lob.createtemporary makes a temporary LOB, which lives in the
 * temporary tablespace, outside every segment the model keeps (no
 * segment figure moves); an assignment makes the variable a value of the
 * block's own.  A dbms_lob procedure checks its arguments as Oracle does
 * (ORA-21560 for an amount or offset out of range, ORA-22926 for a trim
 * past the end, ORA-06502/ORA-22275 for a null locator), sets the
 * variable to the new value (script/plcall.c builds it), and, for a row's
 * LOB, writes the row's LOB: an append to a version the transaction wrote
 * grows it in place, chunk by chunk (life_lob_extend()); any other write
 * is a new version, as an update of the column writes it
 * (life_lob_locator_write()).  A write through a locator of a row not
 * locked (select ... into without for update, of a row the transaction
 * has not itself inserted or changed) is ORA-22920.
 */
#include <stdio.h>
#include <string.h>

#include "life_sim_int.h"

static sim_err_t bad_arg(life_db_t *db, uint32_t line, int arg)
{
    char text[96];
    snprintf(text, sizeof text, "ORA-21560: argument %d is null, invalid, or out of range", arg);
    return life_raise(db, line, text);
}

#define NULL_LOCATOR                                                                               \
    "ORA-06502: PL/SQL: numeric or value error: invalid LOB locator specified: ORA-22275"

/* The arguments of dbms_lob call op checked, as the procedure checks them:
 * amount n, offset off, the LOB's length len and the data's ylen. */
static sim_err_t check_args(life_db_t *db, const scr_pl_op_t *op, int nnull, int64_t n, int offnull,
                            int64_t off, uint64_t len, int ynull, uint64_t ylen)
{
    switch (op->lob) {
    case SCR_LOB_WRITEAPPEND:
    case SCR_LOB_WRITE:
        /* amount 1 .. 32,767 and no more than the buffer holds */
        if (ynull)
            return life_raise(db, op->line, NULL_LOCATOR);
        if (nnull || n < 1 || n > 32767 || (uint64_t)n > ylen)
            return bad_arg(db, op->line, 2);
        if (op->lob == SCR_LOB_WRITE && (offnull || off < 1))
            return bad_arg(db, op->line, 3);
        return SIM_OK;
    case SCR_LOB_COPY:
        if (ynull)
            return life_raise(db, op->line, NULL_LOCATOR);
        if (nnull || n < 1)
            return bad_arg(db, op->line, 3);
        if (offnull || off < 1)
            return bad_arg(db, op->line, 4);
        return SIM_OK;
    case SCR_LOB_APPEND:
        return ynull ? life_raise(db, op->line, NULL_LOCATOR) : SIM_OK;
    case SCR_LOB_TRIM:
        if (nnull || n < 0)
            return bad_arg(db, op->line, 2);
        if ((uint64_t)n > len)
            return life_raise(db, op->line,
                              "ORA-22926: specified trim length is greater than current LOB "
                              "value's length");
        return SIM_OK;
    case SCR_LOB_ERASE:
        if (nnull || n < 1)
            return bad_arg(db, op->line, 2);
        if (offnull || off < 1)
            return bad_arg(db, op->line, 3);
        return SIM_OK;
    case SCR_LOB_CREATETEMPORARY:
    case SCR_LOB_FREETEMPORARY:
        return SIM_OK;
    }
    return SIM_OK;
}

sim_err_t life_lob_call(life_db_t *db, life_susp_t *s, const scr_pl_op_t *op, const scr_row_t *regs)
{
    scr_val_t old = s->vals[op->a];
    int temp = op->lob == SCR_LOB_CREATETEMPORARY || op->lob == SCR_LOB_FREETEMPORARY;
    if (!temp && old == SCR_VAL_NULL)
        return life_raise(db, op->line, NULL_LOCATOR);
    int64_t n = 0, off = 1;
    int nnull = op->amount && scr_eval_int(db->vs, op->amount, regs, &n) != 0;
    int offnull = op->offset && scr_eval_int(db->vs, op->offset, regs, &off) != 0;
    scr_val_t y = op->y ? s->vals[op->y->var] : SCR_VAL_NULL;
    uint64_t len = scr_value_info(db->vs, old).chars;
    sim_err_t rc = check_args(db, op, nnull, n, offnull, off, len, op->y && y == SCR_VAL_NULL,
                              scr_value_info(db->vs, y).chars);
    if (rc != SIM_OK)
        return rc;
    scr_val_t v;
    rc = life_eval(db, NULL, op->x, regs, &v);
    if (rc != SIM_OK)
        return rc;
    life_locator_t *loc = &s->locs[op->a];
    if (temp) {
        loc->table1 = 0; /* a temporary LOB: the temporary tablespace's */
    } else if (loc->table1) {
        life_table_t *t = &db->tables[loc->table1 - 1];
        int append =
            op->lob == SCR_LOB_WRITEAPPEND || op->lob == SCR_LOB_APPEND ||
            ((op->lob == SCR_LOB_WRITE || op->lob == SCR_LOB_COPY) && (uint64_t)off == len + 1);
        /* the row locked by this transaction: selected for update, or
         * inserted or changed by it (its row lock, held to its end) */
        int mine =
            t->exists && loc->row < t->nrows && life_row_at(t, loc->row)->locker == db->sid + 1;
        if (!loc->locked && !mine)
            rc = life_raise(db, op->line, "ORA-22920: row containing the LOB value is not locked");
        else if (t->exists && loc->row < t->nrows && life_row_at(t, loc->row)->alive)
            rc = life_lob_locator_write(db, s->block, t, loc->row, loc->k, v, append);
        if (rc != SIM_OK) {
            scr_value_release(db->vs, v);
            return rc;
        }
    }
    scr_value_release(db->vs, old);
    s->vals[op->a] = v;
    return SIM_OK;
}

/* Register a of s: v (a reference taken), locating row r's LOB k of table t. */
static void locate(life_db_t *db, life_susp_t *s, uint32_t a, scr_val_t v, int table, uint32_t k,
                   uint64_t r, int locked)
{
    scr_value_ref(db->vs, v);
    scr_value_release(db->vs, s->vals[a]);
    s->vals[a] = v;
    s->locs[a] = (life_locator_t){(uint32_t)table + 1, k, r, locked};
}

sim_err_t life_select_into(life_db_t *db, life_susp_t *s, const scr_pl_op_t *op,
                           const scr_row_t *regs)
{
    life_cursor_t c;
    sim_err_t rc = life_select(db, &db->tables[op->table], op->cond, op->y, regs, &c);
    /* `rownum <= N` (= 1): the first N rows the where keeps, before any
     * aggregate (SQL Language Reference, ROWNUM) */
    if (rc == SIM_OK && op->rownum_max >= 0 && c.n > (uint64_t)op->rownum_max) {
        for (uint64_t i = (uint64_t)op->rownum_max * c.nlob; i < c.n * c.nlob; i++)
            scr_value_release(db->vs, c.vals[i]);
        c.n = (uint64_t)op->rownum_max;
    }
    if (rc == SIM_OK && op->b >= SCR_INTO_MIN && op->b <= SCR_INTO_COUNT) {
        /* an aggregate: one row always; max and min of none are null */
        int64_t v = op->b == SCR_INTO_COUNT ? (int64_t)c.n : 0;
        for (uint64_t k = 0; op->b != SCR_INTO_COUNT && k < c.n; k++)
            if (k == 0 || (op->b == SCR_INTO_MAX ? c.ids[k] > v : c.ids[k] < v))
                v = c.ids[k];
        s->nums[op->a] = v;
        s->nulls[op->a] = op->b != SCR_INTO_COUNT && c.n == 0;
        life_cursor_close(db, &c);
        return SIM_OK;
    }
    if (rc == SIM_OK && c.n != 1)
        rc = life_raise(db, op->line,
                        c.n == 0 ? "ORA-01403: no data found"
                                 : "ORA-01422: exact fetch returns more than requested number of "
                                   "rows");
    if (rc == SIM_OK && op->b == UINT32_MAX) {
        s->nums[op->a] = c.ids[0];
        s->nulls[op->a] = 0;
    } else if (rc == SIM_OK) {
        locate(db, s, op->a, c.vals[op->b], op->table, op->b, c.rows[0], op->for_update);
    }
    life_cursor_close(db, &c);
    return rc;
}

void life_returning(life_db_t *db, life_susp_t *s, const scr_stmt_t *sub)
{
    const life_table_t *t = &db->tables[sub->table];
    uint32_t k = sub->u.dml.ret_lob1 - 1, lob = life_row_at(t, db->last_row)->lob[k];
    locate(db, s, sub->u.dml.ret_reg, lob ? life_lob_at(db, lob)->val : SCR_VAL_NULL, sub->table, k,
           db->last_row, 1);
}
