/*
 * queries.c -- a query's answer from the model (script/query.c parsed it,
 * views.c gives its rows): its run-time values bound first (a PL/SQL
 * variable, execute immediate's placeholders, a '&v' a query set, an IN's
 * subquery run), then printed under its step as SQL*Plus prints a result
 * set (script/answer.c), the NEW_VALUE variables set from its last row;
 * or, for a block's select ... into, its one row put into the block's
 * variables (ORA-01403, ORA-01422 raised in the block).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "life_sim_int.h"

/* Condition values known when the query runs (PL/SQL variables, execute
 * immediate's binds) into b's copy of q's conditions: text, and the
 * number a NUMBER column compares (ORA-01722 when it is none). */
typedef struct {
    scr_query_t q;
    scr_qcond_t cond[SCR_QUERY_CONDS];
    const char *str[SCR_QUERY_CONDS][64];
    int64_t num[SCR_QUERY_CONDS][64];
    char text[SCR_QUERY_CONDS][64][SCR_NAME_MAX + 1];
} bound_t;

/* The values of c, an IN over a subquery: its rows' one item, into b's
 * arrays for condition k. */
static sim_err_t subquery_values(life_db_t *db, scr_qcond_t *c, uint32_t step, uint32_t line,
                                 bound_t *b, uint32_t k)
{
    scr_qrows_t rows = {c->sub->ncols, 0, 0, NULL};
    scr_qcell_t *res = NULL;
    uint64_t n = 0;
    sim_err_t rc = life_query_rows(db, c->sub, step, &rows);
    if (rc == SIM_OK)
        rc = scr_query_select(c->sub, &rows, &res, &n);
    if (rc == SIM_OK && c->scalar && n > 1)
        rc = life_raise(db, line, "ORA-01427: single-row subquery returns more than one row");
    if (rc == SIM_OK && n > 64)
        rc = life_raise(db, line,
                        "not modelled: a subquery of more than 64 rows in an IN condition");
    c->nvals = 0;
    for (uint64_t i = 0; rc == SIM_OK && i < n; i++) {
        const scr_qcell_t *cell = &res[i * (c->sub->nitems + 1)];
        snprintf(b->text[k][c->nvals], sizeof b->text[k][c->nvals], "%s", cell->str);
        /* a null: IN never matches it, NOT IN is then never true */
        b->str[k][c->nvals] = cell->null ? NULL : b->text[k][c->nvals];
        b->num[k][c->nvals] = cell->num;
        c->nvals++;
    }
    c->str = b->str[k];
    c->num = b->num[k];
    free(res);
    scr_qrows_free(&rows);
    return rc;
}

static sim_err_t bind_query(life_db_t *db, const scr_query_t *q, uint32_t step, uint32_t line,
                            const scr_row_t *regs, bound_t *b)
{
    b->q = *q;
    b->q.cond = b->cond;
    for (uint32_t k = 0; k < q->nconds; k++) {
        scr_qcond_t *c = &b->cond[k];
        *c = q->cond[k];
        scr_val_t v;
        if (c->sub) {
            sim_err_t rc = subquery_values(db, c, step, line, b, k);
            if (rc != SIM_OK)
                return rc;
            continue;
        }
        if (c->col < 0 && c->subj) {
            sim_err_t rc = life_eval(db, NULL, c->subj, regs, &v);
            if (rc != SIM_OK)
                return rc;
            c->subj_null = v == SCR_VAL_NULL || scr_value_info(db->vs, v).chars == 0;
            scr_value_release(db->vs, v);
        }
        for (uint32_t i = 0; i < c->nvals && c->val; i++) {
            b->str[k][i] = c->str[i];
            b->num[k][i] = c->num[i];
            if (c->val[i] == NULL)
                continue;
            sim_err_t rc = life_eval(db, NULL, c->val[i], regs, &v);
            if (rc != SIM_OK)
                return rc;
            char *t = b->text[k][i];
            scr_value_text(db->vs, v, t, sizeof b->text[k][i]);
            b->str[k][i] = v == SCR_VAL_NULL || t[0] == 0 ? NULL : t; /* '' is null */
            scr_value_release(db->vs, v);
            char *end = t;
            b->num[k][i] = b->str[k][i] ? strtoll(t, &end, 10) : 0;
            if (b->str[k][i] && c->col >= 0 && b->q.cols[c->col].number && *end != 0)
                return life_raise(db, line, "ORA-01722: invalid number");
        }
        if (c->val) {
            c->str = b->str[k];
            c->num = b->num[k];
        }
    }
    return SIM_OK;
}

/* A note after the answer in *out. */
static sim_err_t append(char **out, const char *note)
{
    size_t n = strlen(*out), m = strlen(note);
    char *v = realloc(*out, n + m + 1);
    if (v == NULL) {
        free(*out);
        *out = NULL;
        return SIM_ENOMEM;
    }
    memcpy(v + n, note, m + 1);
    *out = v;
    return SIM_OK;
}

sim_err_t life_query(life_db_t *db, const scr_stmt_t *st, char **out)
{
    *out = NULL;
    const scr_query_t *q = st->u.observe.query;
    if (q == NULL) {
        const char *why = st->u.observe.why
                              ? st->u.observe.why
                              : "a block that only reads (dbms_space, dbms_output, show_space)";
        size_t n = strlen(why) + 32;
        *out = malloc(n);
        if (*out == NULL)
            return SIM_ENOMEM;
        snprintf(*out, n, "not modelled: %s\n", why);
        return SIM_OK;
    }
    const char *miss = q->view == SCR_V_MYSTAT ? life_query_uncounted(q) : NULL;
    if (miss) {
        size_t n = strlen(miss) + 80;
        *out = malloc(n);
        if (*out == NULL)
            return SIM_ENOMEM;
        snprintf(*out, n, "not modelled: statistic '%s' (the model does not count it)\n", miss);
        return SIM_OK;
    }
    scr_qrows_t rows = {0};
    rows.ncols = q->view == SCR_V_TABLE ? 3 * q->table_cols : q->ncols;
    bound_t *b = NULL;
    sim_err_t rc = SIM_OK;
    if (q->binds) { /* '&v' of a variable an earlier query set */
        b = malloc(sizeof *b);
        rc = b == NULL ? SIM_ENOMEM : bind_query(db, q, st->step, st->line, NULL, b);
    }
    const scr_query_t *bq = b ? &b->q : q; /* its values bound */
    if (rc == SIM_OK)
        rc = q->view == SCR_V_TABLE ? life_table_rows(db, bq, NULL, &rows)
                                    : life_query_rows(db, bq, st->step, &rows);
    scr_qcell_t *res = NULL;
    uint64_t n = 0;
    if (rc == SIM_OK)
        rc = scr_query_select(bq, &rows, &res, &n);
    if (rc == SIM_OK)
        rc = scr_query_print(bq, res, n, out);
    /* COLUMN ... NEW_VALUE: the last row's value of the item */
    for (uint32_t k = 0; rc == SIM_OK && n && k < st->u.observe.nsets; k++) {
        const scr_qcell_t *c = &res[(n - 1) * (q->nitems + 1) + st->u.observe.set_item[k]];
        rc = scr_values_qdef_set(db->vs, st->u.observe.set_var[k], c->null ? "" : c->str);
    }
    free(res);
    free(b);
    scr_qrows_free(&rows);
    if (rc == SIM_OK && q->view == SCR_V_MYSTAT && q->nconds == 0)
        rc = append(out, "(only the statistics the model counts are listed)\n");
    int segs = q->view == SCR_V_SEGMENTS || q->view == SCR_V_EXTENTS ||
               (q->two && (q->view2 == SCR_V_SEGMENTS || q->view2 == SCR_V_EXTENTS));
    if (rc != SIM_OK || !segs)
        return rc;
    /* the index segments the model does not have (a LOB partition's LOB
     * index, a key on another column than the NUMBER id), nor a
     * partitioned table's own partitions' (the model keeps one table
     * segment) */
    int parted = 0, lobparts = 0, otherkey = 0;
    for (uint32_t ti = 0; ti < db->s->ntables; ti++) {
        const life_table_t *t = &db->tables[ti];
        if (!t->exists)
            continue;
        parted |= t->def->part_by != SCR_PART_NONE && t->has_segment;
        lobparts |= t->def->part_by != SCR_PART_NONE && t->nlob > 0;
        /* a primary key on a column other than the NUMBER id (keys.c
         * keeps the id's) */
        for (uint32_t c = 0; c < t->def->ncols; c++)
            otherkey |= t->has_segment && t->def->cols[c].primary_key && (int)c != t->def->id_col;
    }
    if (lobparts)
        rc = append(out, "(LOB INDEX PARTITION segments are not modelled: their rows are left "
                         "out)\n");
    if (rc == SIM_OK && otherkey)
        rc = append(out, "(INDEX segments of a primary key on a column other than a NUMBER id "
                         "are not modelled: their rows are left out)\n");
    return rc == SIM_OK && parted
               ? append(out, "(TABLE PARTITION segments are not modelled: their rows are left "
                             "out)\n")
               : rc;
}

/* ---- select ... into over the views (PL/SQL) ------------------------------ */

/* The result's item i into the INTO variable's register. */
static sim_err_t into_var(life_db_t *db, life_susp_t *s, const scr_pl_op_t *op, uint32_t i,
                          const scr_qcell_t *cell, int number, const scr_row_t *regs)
{
    uint32_t r = op->outs[i];
    if (!op->out_text[i]) {
        char *end = NULL;
        int64_t v = number ? cell->num : strtoll(cell->str, &end, 10);
        if (!cell->null && !number && (*end != 0 || cell->str[0] == 0))
            return life_raise(db, op->line,
                              "ORA-06502: PL/SQL: numeric or value error: character to number "
                              "conversion error");
        s->nums[r] = v;
        s->nulls[r] = cell->null;
        return SIM_OK;
    }
    scr_val_t v = SCR_VAL_NULL;
    if (!cell->null) {
        if (op->out_max[i] && strlen(cell->str) > op->out_max[i])
            return life_raise(db, op->line,
                              "ORA-06502: PL/SQL: numeric or value error: character string "
                              "buffer too small");
        scr_expr_t lit = {0}; /* row dependent: never memoised by its address */
        lit.kind = SCR_E_STRING;
        lit.type = SCR_T_VARCHAR;
        lit.plsql = 1;
        lit.row_dependent = 1;
        lit.line = op->line;
        lit.str = cell->str;
        lit.len = (uint32_t)strlen(cell->str);
        lit.static_len = lit.len;
        sim_err_t rc = life_eval(db, NULL, &lit, regs, &v);
        if (rc != SIM_OK)
            return rc;
    }
    scr_value_release(db->vs, s->vals[r]);
    s->vals[r] = v;
    s->locs[r].table1 = 0;
    return SIM_OK;
}

/* The rows of op's query as the block sees them now: *res (n rows of
 * nitems + 1 cells, the caller frees it) and *n. */
static sim_err_t query_result(life_db_t *db, life_susp_t *s, const scr_pl_op_t *op,
                              const scr_row_t *regs, scr_qcell_t **res, uint64_t *n)
{
    *res = NULL;
    *n = 0;
    bound_t *b = malloc(sizeof *b);
    if (b == NULL)
        return SIM_ENOMEM;
    sim_err_t rc = bind_query(db, op->query, s->block ? s->block->step : 0, op->line, regs, b);
    scr_qrows_t rows = {b->q.view == SCR_V_TABLE ? 3 * b->q.table_cols : b->q.ncols, 0, 0, NULL};
    if (rc == SIM_OK)
        rc = b->q.view == SCR_V_TABLE
                 ? life_table_rows(db, &b->q, regs, &rows)
                 : life_query_rows(db, &b->q, s->block ? s->block->step : 0, &rows);
    if (rc == SIM_OK)
        rc = scr_query_select(&b->q, &rows, res, n);
    scr_qrows_free(&rows);
    free(b);
    return rc;
}

/* Result row `row` (nitems + 1 cells) into op's INTO registers. */
static sim_err_t into_vars(life_db_t *db, life_susp_t *s, const scr_pl_op_t *op,
                           const scr_qcell_t *row, const scr_row_t *regs)
{
    const scr_query_t *q = op->query;
    sim_err_t rc = SIM_OK;
    for (uint32_t i = 0; rc == SIM_OK && i < op->nouts; i++) {
        const scr_qitem_t *it = &q->item[i];
        int number = it->kind != SCR_QI_COLUMN || q->view == SCR_V_TABLE || q->cols[it->col].number;
        rc = into_var(db, s, op, i, &row[i], number, regs);
    }
    return rc;
}

sim_err_t life_query_into(life_db_t *db, life_susp_t *s, const scr_pl_op_t *op,
                          const scr_row_t *regs)
{
    scr_qcell_t *res;
    uint64_t n;
    sim_err_t rc = query_result(db, s, op, regs, &res, &n);
    if (rc == SIM_OK && n != 1)
        rc = life_raise(db, op->line,
                        n == 0 ? "ORA-01403: no data found"
                               : "ORA-01422: exact fetch returns more than requested number of "
                                 "rows");
    if (rc == SIM_OK)
        rc = into_vars(db, s, op, res, regs);
    free(res);
    return rc;
}

sim_err_t life_query_open(life_db_t *db, life_susp_t *s, const scr_pl_op_t *op,
                          const scr_row_t *regs)
{
    life_cursor_t *c = &s->cursors[op->b];
    life_cursor_close(db, c);
    scr_qcell_t *res;
    uint64_t n;
    sim_err_t rc = query_result(db, s, op, regs, &res, &n);
    if (rc != SIM_OK) {
        free(res);
        return rc;
    }
    c->qres = res;
    c->n = n;
    c->next = 0;
    return SIM_OK;
}

sim_err_t life_query_fetch(life_db_t *db, life_susp_t *s, const scr_pl_op_t *op,
                           const scr_row_t *regs, uint32_t *next)
{
    life_cursor_t *c = &s->cursors[op->b];
    if (c->next >= c->n) {
        *next = op->target;
        return SIM_OK;
    }
    return into_vars(db, s, op, &c->qres[c->next++ * (op->query->nitems + 1)], regs);
}
