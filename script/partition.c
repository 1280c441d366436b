/*
 * partition.c -- a partitioned table's partitions: PARTITION BY LIST |
 * RANGE in create table, ALTER TABLE T ADD PARTITION and DROP PARTITION,
 * and which partition a row's key goes to (scr_part_route()).
 *
 * The grammar is the SQL Language Reference's (19c, CREATE TABLE,
 * table_partitioning_clauses: list_partitions, range_partitions,
 * table_partition_description, LOB_partition_storage; ALTER TABLE,
 * add_table_partition, drop_table_partition), for a key of one column:
 * the id column, the one whose values the model keeps.
 *
 * Each partition's LOB is its own segment with its own SECUREFILE /
 * BASICFILE decision, made when the partition is made (part_lob()): a
 * partition's own LOB clause overrides the column's (the table-level
 * LOB storage clause, as the statements have left it); without a keyword,
 * DB_SECUREFILE decides as Oracle Database Reference 19c, DB_SECUREFILE,
 * documents it: PERMITTED allows SecureFiles (the kind the column level
 * gives is inherited); PREFERRED creates SecureFiles "unless BASICFILE is
 * explicitly specified in the LOB storage clause", and "cases where
 * BASICFILE would otherwise be inherited from the partition or column
 * level LOB storage are ignored".
 */
#include <stdio.h>
#include <string.h>

#include "script_int.h"

int scr_part_live(const scr_table_t *t, uint32_t k, uint32_t step)
{
    const scr_partition_t *pt = &t->parts[k];
    return pt->created <= step && (pt->dropped == 0 || pt->dropped > step);
}

int scr_part_route(const scr_table_t *t, int64_t key, int key_null, uint32_t step)
{
    int deflt = -1;
    for (uint32_t k = 0; k < t->nparts; k++) {
        const scr_partition_t *pt = &t->parts[k];
        if (!scr_part_live(t, k, step))
            continue;
        if (t->part_by == SCR_PART_RANGE) {
            /* parts are in bound order: the first whose bound is above */
            if (pt->maxvalue || (!key_null && key < pt->bound))
                return (int)k;
            continue;
        }
        if (pt->is_default)
            deflt = (int)k;
        if (key_null && pt->has_null)
            return (int)k;
        for (uint32_t v = 0; !key_null && v < pt->nvals; v++)
            if (pt->vals[v] == key)
                return (int)k;
    }
    return deflt;
}

/* The partition of t named name, live at the parser's step: its index, -1. */
static int part_find(const scr_parser_t *p, const scr_table_t *t, const char *name)
{
    for (uint32_t k = 0; k < t->nparts; k++)
        if (scr_part_live(t, k, p->step) && strcmp(t->parts[k].name, name) == 0)
            return (int)k;
    return -1;
}

/* LOB columns of the table, the number its LOB partitions take each. */
static uint32_t lob_columns(const scr_column_t *cols, uint32_t ncols)
{
    uint32_t n = 0;
    for (uint32_t c = 0; c < ncols; c++)
        n += cols[c].type == SCR_COL_CLOB || cols[c].type == SCR_COL_BLOB;
    return n;
}

/* The next LOB partition number: one past every LOB partition made so far
 * in the script (extra: those of a table not yet added). */
static uint32_t next_number(const scr_parser_t *p, uint32_t extra)
{
    uint32_t n = 1 + extra;
    for (uint32_t i = 0; i < p->script->ntables; i++) {
        const scr_table_t *t = &p->script->tables[i];
        n += t->nparts * lob_columns(t->cols, t->ncols);
    }
    return n;
}

/*
 * A partition's LOB options for a column whose column-level options are
 * *col: sf the partition clause's keyword (1 SECUREFILE, 0 BASICFILE, -1
 * none).  The kind decided, the column's other options are inherited
 * when it keeps the column's kind, Oracle's defaults of the kind when not.
 */
static void part_lob(const scr_parser_t *p, const scr_lob_opts_t *col, int sf, scr_lob_opts_t *o)
{
    if (sf < 0)
        sf = p->securefile_default ? 1 : col->securefile;
    if (sf == col->securefile) {
        *o = *col;
        o->segment[0] = 0;
    } else {
        scr_lob_defaults(o, sf);
    }
    o->given = 0;
}

/* A list value: a whole number (a sign allowed) or NULL (*is_null). */
static int64_t list_value(scr_parser_t *p, int *is_null)
{
    *is_null = scr_accept_kw(p, "NULL");
    if (*is_null)
        return 0;
    int neg = scr_accept_sym(p, "-");
    if (!neg)
        scr_accept_sym(p, "+");
    if (scr_peek(p)->kind != SCR_TOK_NUMBER)
        scr_unexpected(p, "a whole number, NULL or DEFAULT (the partition key is the id column)");
    int64_t v = (int64_t)scr_expect_uint(p, 0, INT64_MAX, 0, "partition value");
    return neg ? -v : v;
}

/* VALUES (...) of a list partition, or VALUES LESS THAN (...) of a range
 * one, into *pt; Oracle's errors for the other kind's clause. */
static void values_clause(scr_parser_t *p, const scr_table_t *t, scr_partition_t *pt)
{
    uint32_t line = scr_peek(p)->line;
    scr_expect_kw(p, "VALUES");
    int less = scr_is_kw(p, "LESS");
    if (t->part_by == SCR_PART_LIST && less)
        scr_fail_at(p, line,
                    "ORA-14310: VALUES LESS THAN or AT clause cannot be used with List "
                    "partitioned tables");
    if (t->part_by == SCR_PART_RANGE && !less)
        scr_fail_at(p, line, "ORA-14311: Expecting VALUES LESS THAN or AT clause");
    if (less) {
        p->i++;
        scr_expect_kw(p, "THAN");
        scr_expect_sym(p, "(");
        pt->maxvalue = scr_accept_kw(p, "MAXVALUE");
        if (!pt->maxvalue) {
            int is_null;
            pt->bound = list_value(p, &is_null);
            if (is_null)
                scr_unexpected(p, "a whole number or MAXVALUE");
        }
        scr_expect_sym(p, ")");
        return;
    }
    scr_expect_sym(p, "(");
    if (scr_accept_kw(p, "DEFAULT")) {
        pt->is_default = 1;
        scr_expect_sym(p, ")");
        return;
    }
    int64_t vals[64];
    uint32_t n = 0;
    do {
        int is_null;
        int64_t v = list_value(p, &is_null);
        char q[32];
        snprintf(q, sizeof q, is_null ? "NULL" : "%lld", (long long)v);
        int twice = is_null && pt->has_null;
        for (uint32_t i = 0; !is_null && i < n; i++)
            twice |= vals[i] == v;
        if (twice)
            scr_fail_at(p, line, "ORA-14305: List value '%s' specified twice in partition '%s'", q,
                        pt->name);
        if (is_null)
            pt->has_null = 1;
        else if (n == 64)
            scr_fail(p, "more than 64 values in one list partition not modelled");
        else
            vals[n++] = v;
    } while (scr_accept_sym(p, ","));
    scr_expect_sym(p, ")");
    pt->nvals = n;
    pt->vals = scr_arena_alloc(p->arena, (n ? n : 1) * sizeof *pt->vals);
    memcpy(pt->vals, vals, n * sizeof *vals);
}

/*
 * LOB (c[, c]) STORE AS [SECUREFILE | BASICFILE] [segname] [(params)] of a
 * partition (LOB_partition_storage): each column's options in pt->lob,
 * from its column-level ones (lob_now[c]).
 */
static void part_lob_clause(scr_parser_t *p, const scr_column_t *cols, uint32_t ncols,
                            const scr_lob_opts_t *const *lob_now, scr_lob_params_fn lob_params,
                            scr_partition_t *pt)
{
    int which[64], nw;
    scr_lob_column_list(p, cols, ncols, which, &nw);
    int sf = scr_accept_kw(p, "SECUREFILE") ? 1 : scr_accept_kw(p, "BASICFILE") ? 0 : -1;
    char seg[SCR_NAME_MAX + 1] = "";
    uint32_t line = scr_peek(p)->line;
    if ((scr_peek(p)->kind == SCR_TOK_IDENT && !scr_is_kw(p, "TABLESPACE") &&
         !scr_is_kw(p, "LOB") && !scr_is_kw(p, "PARTITION")) ||
        scr_peek(p)->kind == SCR_TOK_QIDENT) {
        if (nw > 1)
            scr_fail(p, "ORA-22853: invalid LOB storage option specification (a segment name "
                        "for several LOB columns)");
        scr_expect_name(p, seg, "a LOB segment name");
    }
    int params = scr_is_sym(p, "(");
    uint32_t start = p->i;
    for (int i = 0; i < nw; i++) {
        scr_lob_opts_t *o = &pt->lob[which[i]];
        part_lob(p, lob_now[which[i]], sf, o);
        snprintf(o->segment, sizeof o->segment, "%s", seg);
        p->i = start; /* the same parameters for each column named */
        lob_params(p, o, params, line);
    }
}

/*
 * PARTITION [name] VALUES ... [TABLESPACE X] [LOB (...) STORE AS ...]...
 * [segment attributes] into *pt.  cols: the table's columns and
 * lob_now[c] their LOB options at the column level now.
 */
static void partition_desc(scr_parser_t *p, const scr_table_t *t, const scr_column_t *cols,
                           uint32_t ncols, const scr_lob_opts_t *const *lob_now, uint32_t number,
                           scr_lob_params_fn lob_params, scr_partition_t *pt)
{
    memset(pt, 0, sizeof *pt);
    pt->tablespace = -1;
    pt->created = p->step;
    pt->number = number;
    scr_expect_kw(p, "PARTITION");
    if (!scr_is_kw(p, "VALUES"))
        scr_expect_name(p, pt->name, "a partition name");
    else
        snprintf(pt->name, sizeof pt->name, "SYS_P%u", number);
    values_clause(p, t, pt);
    pt->lob = scr_arena_alloc(p->arena, (ncols ? ncols : 1) * sizeof *pt->lob);
    for (uint32_t c = 0; c < ncols; c++)
        if (cols[c].type == SCR_COL_CLOB || cols[c].type == SCR_COL_BLOB)
            part_lob(p, lob_now[c], -1, &pt->lob[c]);
    while (scr_peek(p)->kind != SCR_TOK_EOF && !scr_is_sym(p, ",") && !scr_is_sym(p, ")")) {
        if (scr_accept_kw(p, "TABLESPACE")) {
            char ts[SCR_NAME_MAX + 1];
            uint32_t line = scr_peek(p)->line;
            scr_expect_name(p, ts, "a tablespace name");
            pt->tablespace = scr_tablespace_resolve(p, ts, line);
        } else if (scr_accept_kw(p, "LOB")) {
            part_lob_clause(p, cols, ncols, lob_now, lob_params, pt);
        } else if (scr_accept_kw(p, "STORAGE")) {
            uint64_t a = 0, b = 0, c = 0;
            uint32_t g = 0;
            scr_storage_clause(p, &a, &b, &c, &g, 0);
        } else if (!scr_table_property(p)) {
            scr_unexpected(p, "TABLESPACE, LOB (...) STORE AS, STORAGE, a table property "
                              "(PCTFREE, COMPRESS, LOGGING, ...), ',' or ')'");
        }
    }
    /* a LOB partition without TABLESPACE of its own goes in the
     * partition's */
    for (uint32_t c = 0; c < ncols; c++)
        if (pt->lob[c].tablespace < 0)
            pt->lob[c].tablespace = pt->tablespace;
}

/* Oracle's checks of a new partition against those of t before it. */
static void part_check(scr_parser_t *p, const scr_table_t *t, const scr_partition_t *pt,
                       uint32_t line, int adding)
{
    for (uint32_t k = 0; k < t->nparts; k++) {
        const scr_partition_t *o = &t->parts[k];
        if (!scr_part_live(t, k, p->step))
            continue;
        if (strcmp(o->name, pt->name) == 0)
            scr_fail_at(p, line, "ORA-14013: duplicate partition name");
        if (t->part_by == SCR_PART_RANGE) {
            if (o->maxvalue || (!pt->maxvalue && pt->bound <= o->bound)) {
                if (adding)
                    scr_fail_at(p, line,
                                "ORA-14074: partition bound must collate higher than "
                                "that of the last partition");
                scr_fail_at(p, line, "ORA-14037: partition bound of partition \"%s\" is too high",
                            o->name);
            }
            continue;
        }
        if (o->is_default)
            scr_fail_at(p, line,
                        adding ? "ORA-14323: cannot add partition when DEFAULT partition exists"
                               : "ORA-14318: DEFAULT partition must be last partition specified");
        for (uint32_t v = 0; v <= pt->nvals; v++) {
            int is_null = v == pt->nvals;
            if (is_null && !(pt->has_null && o->has_null))
                continue;
            int same = is_null;
            for (uint32_t w = 0; !is_null && w < o->nvals; w++)
                same |= o->vals[w] == pt->vals[v];
            if (!same)
                continue;
            char q[32];
            snprintf(q, sizeof q, is_null ? "NULL" : "%lld",
                     is_null ? 0ll : (long long)pt->vals[v]);
            if (adding)
                scr_fail_at(p, line, "ORA-14312: Value %s already exists in partition %s", q,
                            o->name);
            scr_fail_at(p, line,
                        "ORA-14306: List value '%s' specified twice in partitions '%s', '%s'", q,
                        o->name, pt->name);
        }
    }
}

/* Partition pt appended to t's (the arena keeps the old array). */
static void part_append(scr_parser_t *p, scr_table_t *t, const scr_partition_t *pt)
{
    scr_partition_t *v = scr_arena_alloc(p->arena, (t->nparts + 1) * sizeof *v);
    if (t->nparts)
        memcpy(v, t->parts, t->nparts * sizeof *v);
    v[t->nparts] = *pt;
    t->parts = v;
    t->nparts++;
}

void scr_parse_partitioning(scr_parser_t *p, scr_table_t *t, const scr_column_t *cols,
                            uint32_t ncols, int *key_col, scr_lob_params_fn lob_params)
{
    uint32_t line = p->toks[p->i - 1].line;
    scr_expect_kw(p, "BY");
    if (scr_accept_kw(p, "LIST"))
        t->part_by = SCR_PART_LIST;
    else if (scr_accept_kw(p, "RANGE"))
        t->part_by = SCR_PART_RANGE;
    else
        scr_unexpected(p, "LIST or RANGE (hash, reference, system and interval partitioning are "
                          "not modelled)");
    scr_expect_sym(p, "(");
    char cn[SCR_NAME_MAX + 1];
    scr_expect_name(p, cn, "the partition key's column");
    *key_col = -1;
    for (uint32_t i = 0; i < ncols; i++)
        if (strcmp(cols[i].name, cn) == 0)
            *key_col = (int)i;
    if (scr_is_sym(p, ","))
        scr_fail(p, "a partition key of several columns not modelled (one column, the id)");
    scr_expect_sym(p, ")");
    if (*key_col < 0)
        scr_fail_at(p, line,
                    "ORA-14030: non-existent partitioning column in CREATE TABLE statement");
    if (scr_is_kw(p, "INTERVAL") || scr_is_kw(p, "AUTOMATIC") || scr_is_kw(p, "SUBPARTITION"))
        scr_unexpected(p, "'(' and the partitions (interval, automatic and composite "
                          "partitioning are not modelled)");
    const scr_lob_opts_t *lob_now[64];
    for (uint32_t c = 0; c < ncols && c < 64; c++)
        lob_now[c] = &cols[c].lob;
    uint32_t nlob = lob_columns(cols, ncols);
    scr_expect_sym(p, "(");
    do {
        scr_partition_t pt;
        uint32_t pl = scr_peek(p)->line;
        partition_desc(p, t, cols, ncols, lob_now, next_number(p, t->nparts * nlob), lob_params,
                       &pt);
        part_check(p, t, &pt, pl, 0);
        part_append(p, t, &pt);
    } while (scr_accept_sym(p, ","));
    scr_expect_sym(p, ")");
}

void scr_partition_key_check(scr_parser_t *p, const scr_table_t *t, int key_col)
{
    if (t->part_by != SCR_PART_NONE && key_col != t->id_col)
        scr_fail(p,
                 "a partition key other than the id column (the primary key if a NUMBER, else "
                 "the first NUMBER column) not modelled: the model keeps no value of %s",
                 t->cols[key_col].name);
}

int scr_parse_partition_alter(scr_parser_t *p, scr_stmt_t *st, scr_table_t *t,
                              scr_lob_params_fn lob_params)
{
    if (t->part_by != SCR_PART_NONE &&
        (scr_is_kw(p, "MODIFY") || scr_is_kw(p, "MOVE") || scr_is_kw(p, "SHRINK")))
        scr_fail(p,
                 "alter table ... %s of a partitioned table not modelled (its LOB partitions "
                 "are each a segment of their own)",
                 scr_peek(p)->text);
    int add = scr_is_kw(p, "ADD");
    if ((!add && !scr_is_kw(p, "DROP")) || strcmp(scr_peek_at(p, 1)->text, "PARTITION") != 0 ||
        scr_peek_at(p, 1)->kind != SCR_TOK_IDENT)
        return 0;
    uint32_t line = st->line;
    p->i++;
    if (t->part_by == SCR_PART_NONE)
        scr_fail_at(p, line, "ORA-14501: object is not partitioned");
    st->kind = SCR_PARTITION;
    st->u.part.add = add;
    if (add) {
        const scr_lob_opts_t *lob_now[64];
        for (uint32_t c = 0; c < t->ncols && c < 64; c++)
            lob_now[c] = scr_lob_now(p, st->table, (int)c);
        scr_partition_t pt;
        partition_desc(p, t, t->cols, t->ncols, lob_now, next_number(p, 0), lob_params, &pt);
        scr_expect_end(p);
        part_check(p, t, &pt, line, 1);
        st->u.part.index = t->nparts;
        part_append(p, t, &pt);
        return 1;
    }
    scr_expect_kw(p, "PARTITION");
    char name[SCR_NAME_MAX + 1];
    scr_expect_name(p, name, "a partition name");
    if (scr_accept_kw(p, "UPDATE") || scr_accept_kw(p, "INVALIDATE")) {
        scr_accept_kw(p, "GLOBAL");
        scr_expect_kw(p, "INDEXES");
        scr_inert(p, "UPDATE/INVALIDATE GLOBAL INDEXES (the model keeps no index)");
    }
    scr_expect_end(p);
    int k = part_find(p, t, name);
    if (k < 0)
        scr_fail_at(p, line, "ORA-02149: Specified partition does not exist");
    uint32_t live = 0;
    for (uint32_t i = 0; i < t->nparts; i++)
        live += (uint32_t)scr_part_live(t, i, p->step);
    if (live == 1)
        scr_fail_at(p, line, "ORA-14083: cannot drop the only partition of a partitioned table");
    st->u.part.index = (uint32_t)k;
    t->parts[k].dropped = p->step;
    return 1;
}
