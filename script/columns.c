/*
 * columns.c -- ALTER TABLE T ADD (column, ...) and ALTER TABLE T DROP
 * COLUMN c | DROP (c, ...) (SQL Language Reference, ALTER TABLE:
 * add_column_clause, drop_column_clause).
 *
 * A table's columns only grow: an added column takes the next index
 * (scr_column_t.added its step), a dropped one keeps its index with
 * scr_column_t.dropped set, and no name resolves to it after (sema.c), so
 * that the statements parsed before keep what their indexes meant and a
 * column added again under a dropped one's name is a new column.  An
 * added LOB column gets its own LOB segment and a dropped one's segment
 * is dropped (life_sim/columns.c).
 *
 * Oracle's errors (Database Error Messages): ORA-01430 "column being added
 * already exists in table", ORA-00904 "invalid identifier" (a column to
 * drop that the table does not have), ORA-12983 "cannot drop all columns
 * in a table", ORA-00957 "duplicate column name".
 */
#include <stdio.h>
#include <string.h>

#include "script_int.h"

/* Whether a DEFAULT clause lies between tokens from and to. */
static int has_default(const scr_parser_t *p, uint32_t from, uint32_t to)
{
    for (uint32_t j = from; j < to; j++)
        if (p->toks[j].kind == SCR_TOK_IDENT && strcmp(p->toks[j].text, "DEFAULT") == 0)
            return 1;
    return 0;
}

static uint32_t lob_columns(const scr_table_t *t)
{
    return scr_lob_slot(t, (int)t->ncols);
}

void scr_lob_columns_check(scr_parser_t *p, const scr_table_t *t)
{
    if (lob_columns(t) > SCR_MAX_LOB_COLUMNS)
        scr_fail(p, "more than %u LOB columns in table %s not supported", SCR_MAX_LOB_COLUMNS,
                 t->name);
}

void scr_parse_add_columns(scr_parser_t *p, scr_stmt_t *st)
{
    scr_table_t *t = &p->script->tables[st->table];
    int paren = scr_accept_sym(p, "(");
    scr_column_t add[SCR_MAX_COLS];
    uint32_t n = 0, lobs = 0;
    do {
        if (t->ncols + n == SCR_MAX_COLS)
            scr_fail(p, "more than %u columns", SCR_MAX_COLS);
        scr_column_t *c = &add[n];
        memset(c, 0, sizeof *c);
        uint32_t line = scr_peek(p)->line;
        scr_expect_name(p, c->name, "a column name");
        char q[64];
        scr_quote(c->name, strlen(c->name), q, sizeof q);
        for (uint32_t i = 0; i < n; i++)
            if (strcmp(add[i].name, c->name) == 0)
                scr_fail_at(p, line, "ORA-00957: duplicate column name");
        for (uint32_t i = 0; i < t->ncols; i++)
            if (!t->cols[i].dropped && strcmp(t->cols[i].name, c->name) == 0)
                scr_fail_at(p, line, "ORA-01430: column being added already exists in table");
        scr_column_type(p, c);
        uint32_t from = p->i;
        char pk_name[SCR_NAME_MAX + 1] = "";
        if (scr_column_constraints(p, pk_name))
            scr_fail_at(p, line,
                        "a primary key on a column added by alter table not modelled (the "
                        "model's rows keep the id of their table's create)");
        if (c->type == SCR_COL_CLOB || c->type == SCR_COL_BLOB) {
            /* Existing rows would take the default: a LOB written into
             * each (not modelled); null, the default's default, is. */
            if (has_default(p, from, p->i))
                scr_fail_at(p, line,
                            "DEFAULT of a LOB column added by alter table not modelled (its "
                            "value written into every row); add it without DEFAULT");
            if (t->part_by != SCR_PART_NONE)
                scr_fail_at(p, line,
                            "a LOB column added to a partitioned table not modelled (a LOB "
                            "segment in each partition)");
            scr_lob_defaults(&c->lob, p->securefile_default);
            lobs++;
        }
        c->added = p->step;
        n++;
    } while (paren && scr_accept_sym(p, ","));
    if (paren)
        scr_expect_sym(p, ")");
    if (lob_columns(t) + lobs > SCR_MAX_LOB_COLUMNS)
        scr_fail(p, "more than %u LOB columns in table %s not supported", SCR_MAX_LOB_COLUMNS,
                 t->name);
    /* the added LOB columns' storage clauses (SQL Language Reference,
     * ALTER TABLE, add_column_clause: its LOB_storage_clause) */
    while (scr_accept_kw(p, "LOB"))
        scr_lob_storage_clause(p, add, n);
    scr_expect_end(p);
    /* The statement is whole: the table grows (its arrays copied into
     * bigger ones of the arena; the old ones stay, unreferenced). */
    scr_column_t *cols = scr_arena_alloc(p->arena, (t->ncols + n) * sizeof *cols);
    memcpy(cols, t->cols, t->ncols * sizeof *cols);
    memcpy(cols + t->ncols, add, n * sizeof *cols);
    scr_lob_opts_t *now = scr_arena_alloc(p->arena, (t->ncols + n + 1) * sizeof *now);
    memcpy(now, scr_lob_now(p, st->table, 0), t->ncols * sizeof *now);
    for (uint32_t i = 0; i < n; i++)
        now[t->ncols + i] = add[i].lob;
    scr_lob_now_set(p, st->table, now);
    uint32_t *idx = scr_arena_alloc(p->arena, n * sizeof *idx);
    for (uint32_t i = 0; i < n; i++)
        idx[i] = t->ncols + i;
    t->cols = cols;
    t->ncols += n;
    st->kind = SCR_ADD_COLUMN;
    st->u.columns.cols = idx;
    st->u.columns.n = n;
}

void scr_parse_drop_columns(scr_parser_t *p, scr_stmt_t *st)
{
    scr_table_t *t = &p->script->tables[st->table];
    uint32_t drop[SCR_MAX_COLS], n = 0;
    int paren = 0;
    if (!scr_accept_kw(p, "COLUMN")) {
        if (!scr_is_sym(p, "("))
            scr_unexpected(p, "COLUMN or '(' (drop_column_clause; constraints and partitions "
                              "are not dropped here)");
        paren = scr_accept_sym(p, "(");
    }
    do {
        uint32_t line = scr_peek(p)->line;
        char cn[SCR_NAME_MAX + 1];
        scr_expect_name(p, cn, "a column name");
        uint32_t c = (uint32_t)scr_column_resolve(p, st->table, cn, line);
        for (uint32_t i = 0; i < n; i++)
            if (drop[i] == c)
                scr_fail_at(p, line, "ORA-00957: duplicate column name");
        if ((int)c == t->id_col)
            scr_fail_at(p, line,
                        "drop of %s, the id column of %s, not modelled (the model finds the "
                        "rows by it)",
                        cn, t->name);
        if (t->part_by != SCR_PART_NONE &&
            (t->cols[c].type == SCR_COL_CLOB || t->cols[c].type == SCR_COL_BLOB))
            scr_fail_at(p, line,
                        "drop of LOB column %s of a partitioned table not modelled (its "
                        "segment in each partition)",
                        cn);
        drop[n++] = c;
    } while (paren && scr_accept_sym(p, ","));
    if (paren)
        scr_expect_sym(p, ")");
    /* CASCADE CONSTRAINTS, INVALIDATE, CHECKPOINT N: no effect on space */
    for (;;) {
        if (scr_accept_kw(p, "CASCADE")) {
            scr_expect_kw(p, "CONSTRAINTS");
        } else if (scr_accept_kw(p, "INVALIDATE")) {
        } else if (scr_accept_kw(p, "CHECKPOINT")) {
            (void)scr_expect_uint(p, 1, 2147483647, 0, "checkpoint");
            scr_inert(p, "CHECKPOINT");
        } else {
            break;
        }
    }
    scr_expect_end(p);
    uint32_t live = 0;
    for (uint32_t i = 0; i < t->ncols; i++)
        live += !t->cols[i].dropped;
    if (live == n)
        scr_fail_at(p, st->line, "ORA-12983: cannot drop all columns in a table");
    uint32_t *idx = scr_arena_alloc(p->arena, n * sizeof *idx);
    for (uint32_t i = 0; i < n; i++) {
        idx[i] = drop[i];
        t->cols[drop[i]].dropped = p->step;
    }
    st->kind = SCR_DROP_COLUMN;
    st->u.columns.cols = idx;
    st->u.columns.n = n;
}
