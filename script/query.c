/*
 * query.c -- a select the model answers: the dictionary views of a LOB's
 * space (user_segments, user_extents, user_lobs and their dba_ forms) and
 * count(*) / dbms_lob.getlength over a table of the script, with a
 * projection, `where` on the views' columns (and-ed comparisons, `in`,
 * `like`), `sum`, `count(*)`, `group by` one column and `order by` items
 * of the list.  The executor fills the view's rows (life_sim/views.c) and
 * answer.c prints them as SQL*Plus does.
 *
 * A query outside this is not refused: it stays a step that says "not
 * modelled" and why (scr_stmt_t.u.observe.why), never an invented figure.
 * A column the model does not have (dba_extents' FILE_ID and BLOCK_ID: the
 * model does not place segments in datafiles) makes the query not
 * modelled likewise.  What Oracle refuses (a table the script never
 * created: ORA-00942; a column the view does not have: ORA-00904) is the
 * step's Oracle error, as for any statement.
 *
 * The views' columns and widths are Oracle Database Reference 19c's
 * (USER_SEGMENTS, DBA_SEGMENTS, USER_EXTENTS, DBA_EXTENTS, USER_LOBS,
 * DBA_LOBS, ALL_LOB_PARTITIONS).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "script_int.h"

static const scr_vcol_t segments[] = {
    {"OWNER", 0, 128, 1, 1},          {"SEGMENT_NAME", 0, 128, 1, 0},
    {"PARTITION_NAME", 0, 128, 1, 0}, {"SEGMENT_TYPE", 0, 18, 1, 0},
    {"SEGMENT_SUBTYPE", 0, 10, 1, 0}, {"TABLESPACE_NAME", 0, 30, 1, 0},
    {"HEADER_FILE", 1, 10, 0, 1},     {"HEADER_BLOCK", 1, 10, 0, 1},
    {"BYTES", 1, 10, 1, 0},           {"BLOCKS", 1, 10, 1, 0},
    {"EXTENTS", 1, 10, 1, 0},         {"INITIAL_EXTENT", 1, 10, 0, 0},
    {"NEXT_EXTENT", 1, 10, 0, 0},     {"MIN_EXTENTS", 1, 10, 0, 0},
    {"MAX_EXTENTS", 1, 10, 0, 0},     {"MAX_SIZE", 1, 10, 0, 0},
    {"RETENTION", 0, 7, 0, 0},        {"MINRETENTION", 1, 10, 0, 0},
    {"PCT_INCREASE", 1, 10, 0, 0},    {"FREELISTS", 1, 10, 0, 0},
    {"FREELIST_GROUPS", 1, 10, 0, 0}, {"RELATIVE_FNO", 1, 10, 0, 1},
    {"BUFFER_POOL", 0, 7, 0, 0},
};
static const scr_vcol_t extents[] = {
    {"OWNER", 0, 128, 1, 1},          {"SEGMENT_NAME", 0, 128, 1, 0},
    {"PARTITION_NAME", 0, 128, 1, 0}, {"SEGMENT_TYPE", 0, 18, 1, 0},
    {"TABLESPACE_NAME", 0, 30, 1, 0}, {"EXTENT_ID", 1, 10, 1, 0},
    {"FILE_ID", 1, 10, 0, 1},         {"BLOCK_ID", 1, 10, 0, 1},
    {"BYTES", 1, 10, 1, 0},           {"BLOCKS", 1, 10, 1, 0},
    {"RELATIVE_FNO", 1, 10, 0, 1},
};
static const scr_vcol_t lobs[] = {
    {"OWNER", 0, 128, 1, 1},          {"TABLE_NAME", 0, 128, 1, 0},
    {"COLUMN_NAME", 0, 4000, 1, 0},   {"SEGMENT_NAME", 0, 128, 1, 0},
    {"TABLESPACE_NAME", 0, 30, 1, 0}, {"INDEX_NAME", 0, 128, 1, 0},
    {"CHUNK", 1, 10, 1, 0},           {"PCTVERSION", 1, 10, 1, 0},
    {"RETENTION", 1, 10, 0, 0},       {"FREEPOOLS", 1, 10, 0, 0},
    {"CACHE", 0, 10, 1, 0},           {"LOGGING", 0, 7, 1, 0},
    {"ENCRYPT", 0, 4, 0, 0},          {"COMPRESSION", 0, 6, 1, 0},
    {"DEDUPLICATION", 0, 15, 1, 0},   {"IN_ROW", 0, 3, 1, 0},
    {"FORMAT", 0, 15, 0, 0},          {"PARTITIONED", 0, 3, 1, 0},
    {"SECUREFILE", 0, 3, 1, 0},       {"SEGMENT_CREATED", 0, 3, 1, 0},
    {"RETENTION_TYPE", 0, 7, 0, 0},   {"RETENTION_VALUE", 1, 10, 0, 0},
};

/* USER_LOB_PARTITIONS, DBA_LOB_PARTITIONS (Oracle Database Reference
 * 19c, ALL_LOB_PARTITIONS). */
static const scr_vcol_t lob_parts[] = {
    {"TABLE_OWNER", 0, 128, 0, 1},
    {"TABLE_NAME", 0, 128, 1, 0},
    {"COLUMN_NAME", 0, 4000, 1, 0},
    {"LOB_NAME", 0, 128, 1, 0},
    {"PARTITION_NAME", 0, 128, 1, 0},
    {"LOB_PARTITION_NAME", 0, 128, 1, 0},
    {"LOB_INDPART_NAME", 0, 128, 0, 0},
    {"PARTITION_POSITION", 1, 10, 1, 0},
    {"COMPOSITE", 0, 3, 1, 0},
    {"CHUNK", 1, 10, 1, 0},
    {"PCTVERSION", 1, 10, 1, 0},
    {"CACHE", 0, 10, 1, 0},
    {"IN_ROW", 0, 3, 1, 0},
    {"TABLESPACE_NAME", 0, 30, 1, 0},
    {"INITIAL_EXTENT", 0, 40, 0, 0},
    {"NEXT_EXTENT", 0, 40, 0, 0},
    {"MIN_EXTENTS", 0, 40, 0, 0},
    {"MAX_EXTENTS", 0, 40, 0, 0},
    {"MAX_SIZE", 0, 40, 0, 0},
    {"RETENTION", 0, 7, 0, 0},
    {"MINRETENTION", 0, 40, 0, 0},
    {"PCT_INCREASE", 0, 40, 0, 0},
    {"FREELISTS", 0, 40, 0, 0},
    {"FREELIST_GROUPS", 0, 40, 0, 0},
    {"LOGGING", 0, 7, 1, 0},
    {"BUFFER_POOL", 0, 7, 0, 0},
    {"FLASH_CACHE", 0, 7, 0, 0},
    {"CELL_FLASH_CACHE", 0, 7, 0, 0},
    {"ENCRYPT", 0, 3, 0, 0},
    {"COMPRESSION", 0, 6, 1, 0},
    {"DEDUPLICATION", 0, 15, 1, 0},
    {"SECUREFILE", 0, 3, 1, 0},
    {"SEGMENT_CREATED", 0, 3, 1, 0},
};

/* v$mystat joined to v$statname: the columns of both a query names. */
/* DBA_TABLESPACES (and USER_TABLESPACES: the same columns) */
static const scr_vcol_t tablespaces[] = {
    {"TABLESPACE_NAME", 0, 30, 1, 0},
    {"BLOCK_SIZE", 1, 10, 1, 0},
    {"INITIAL_EXTENT", 1, 10, 1, 0},
    {"NEXT_EXTENT", 1, 10, 1, 0},
    {"MIN_EXTENTS", 1, 10, 0, 0},
    {"MAX_EXTENTS", 1, 10, 0, 0},
    {"MAX_SIZE", 1, 10, 0, 0},
    {"PCT_INCREASE", 1, 10, 0, 0},
    {"MIN_EXTLEN", 1, 10, 0, 0},
    {"STATUS", 0, 9, 1, 0},
    {"CONTENTS", 0, 21, 1, 0},
    {"LOGGING", 0, 9, 0, 0},
    {"FORCE_LOGGING", 0, 3, 0, 0},
    {"EXTENT_MANAGEMENT", 0, 10, 1, 0},
    {"ALLOCATION_TYPE", 0, 9, 1, 0},
    {"PLUGGED_IN", 0, 3, 0, 1},
    {"SEGMENT_SPACE_MANAGEMENT", 0, 6, 1, 0},
    {"DEF_TAB_COMPRESSION", 0, 8, 0, 0},
    {"RETENTION", 0, 11, 0, 0},
    {"BIGFILE", 0, 3, 1, 0},
};
static const scr_vcol_t mystat[] = {
    {"NAME", 0, 64, 1, 0},    {"VALUE", 1, 10, 1, 0},  {"STATISTIC#", 1, 10, 0, 0},
    {"SID", 1, 10, 0, 0},     {"CLASS", 1, 10, 0, 0},  {"DISPLAY_NAME", 0, 64, 0, 0},
    {"STAT_ID", 1, 10, 0, 0}, {"CON_ID", 1, 10, 0, 0},
};

/* V$SECUREFILE_SHRINK (Oracle Database Reference, 23ai). */
static const scr_vcol_t shrink[] = {
    {"LOB_OBJD", 1, 10, 0, 0},         {"SHRINK_STATUS", 0, 40, 1, 0},
    {"START_TIME", 0, 35, 0, 0},       {"END_TIME", 0, 35, 0, 0},
    {"BLOCKS_MOVED", 1, 10, 1, 0},     {"BLOCKS_FREED", 1, 10, 1, 0},
    {"BLOCKS_ALLOCATED", 1, 10, 1, 0}, {"EXTENTS_ALLOCATED", 1, 10, 1, 0},
    {"EXTENTS_FREED", 1, 10, 1, 0},    {"EXTENTS_SEALED", 1, 10, 1, 0},
    {"AUTOMATIC", 1, 10, 1, 0},        {"CON_ID", 1, 10, 0, 0},
};

const scr_vcol_t *scr_view_columns(scr_view_t v, uint32_t *n)
{
    switch (v) {
    case SCR_V_SHRINK:
        *n = sizeof shrink / sizeof shrink[0];
        return shrink;
    case SCR_V_MYSTAT:
        *n = sizeof mystat / sizeof mystat[0];
        return mystat;
    case SCR_V_SEGMENTS:
        *n = sizeof segments / sizeof segments[0];
        return segments;
    case SCR_V_EXTENTS:
        *n = sizeof extents / sizeof extents[0];
        return extents;
    case SCR_V_LOBS:
        *n = sizeof lobs / sizeof lobs[0];
        return lobs;
    case SCR_V_LOB_PARTS:
        *n = sizeof lob_parts / sizeof lob_parts[0];
        return lob_parts;
    case SCR_V_TABLESPACES:
        *n = sizeof tablespaces / sizeof tablespaces[0];
        return tablespaces;
    case SCR_V_TABLE:
    case SCR_V_COUNT:
        break;
    }
    *n = 0;
    return NULL;
}

/* Not answered: the reason, and the parse of this query stops. */
_Noreturn static void not_modelled(scr_parser_t *p, jmp_buf *jb, const char *why)
{
    snprintf(p->lx->err, p->lx->errlen, "%s", why);
    longjmp(*jb, 3);
}

_Noreturn void scr_qp_not_modelled(scr_qp_t *x, const char *why)
{
    not_modelled(x->p, x->jb, why);
}

typedef scr_qp_t qp_t;

/* Which of a join's sources qualifier q names (its alias, else its view's
 * name): 0, 1, or -1 none. */
static int source_of(const qp_t *x, const char *q)
{
    for (int k = 0; k < x->nalias; k++)
        if (strcmp(x->alias[k], q) == 0)
            return x->q->two ? k : 0;
    return -1;
}

/* The column of the view(s) named by the next tokens, [q.]name, or -1
 * (nothing taken); ORA-00918 for a name both of a join's views have. */
static int find_column(qp_t *x)
{
    scr_parser_t *p = x->p;
    const scr_tok_t *t = scr_peek(p);
    if (x->cols == NULL || (t->kind != SCR_TOK_IDENT && t->kind != SCR_TOK_QIDENT))
        return -1;
    int src = -1;
    uint32_t at = 0;
    if (strcmp(scr_peek_at(p, 1)->text, ".") == 0 && scr_peek_at(p, 1)->kind == SCR_TOK_SYM) {
        src = source_of(x, t->text);
        if (src < 0)
            return -1;
        at = 2;
    }
    const char *name = scr_peek_at(p, at)->text;
    uint32_t lo = src == 1 ? x->q->split : 0, hi = src == 0 && x->q->two ? x->q->split : x->ncols;
    int found = -1;
    for (uint32_t i = lo; i < hi; i++) {
        int s = x->q->two && i >= x->q->split;
        if (strcmp(x->cols[i].name, name) != 0 || (x->cols[i].dba && !x->dba[s]))
            continue;
        if (found >= 0)
            scr_fail_at(p, t->line, "ORA-00918: column ambiguously defined");
        found = (int)i;
    }
    if (found >= 0)
        p->i += at + 1;
    return found;
}

int scr_qp_is_column(qp_t *x)
{
    uint32_t i = x->p->i;
    int c = find_column(x);
    x->p->i = i;
    return c >= 0;
}

/* A column of the source by name (an alias's prefix skipped): its index. */
int scr_qp_column(qp_t *x, char *name_out)
{
    scr_parser_t *p = x->p;
    const scr_tok_t *t = scr_peek(p);
    if (t->kind != SCR_TOK_IDENT && t->kind != SCR_TOK_QIDENT)
        not_modelled(p, x->jb, "an expression other than a column of the view");
    int found = find_column(x);
    if (found >= 0) {
        if (name_out)
            snprintf(name_out, SCR_NAME_MAX + 1, "%s", x->cols[found].name);
        if (!x->cols[found].modelled) {
            char why[200];
            snprintf(why, sizeof why, "column %s (the model does not have it)",
                     x->cols[found].name);
            not_modelled(p, x->jb, why);
        }
        return found;
    }
    if (strcmp(scr_peek_at(p, 1)->text, ".") == 0 && scr_peek_at(p, 1)->kind == SCR_TOK_SYM)
        p->i += 2; /* alias.column */
    t = scr_take(p);
    if (name_out)
        snprintf(name_out, SCR_NAME_MAX + 1, "%s", t->text);
    if (x->cols == NULL) {
        int c = scr_column_resolve(p, x->q->table, t->text, t->line);
        if (c != p->script->tables[x->q->table].id_col)
            not_modelled(p, x->jb,
                         "a column of a table other than its id (values of other "
                         "columns are not tracked)");
        return c;
    }
    char q[64];
    scr_quote(t->text, t->len, q, sizeof q);
    scr_fail_at(p, t->line, "ORA-00904: \"%s\": invalid identifier", q);
}

/* dbms_lob.getlength(c) of a table's LOB column: the row's column
 * table_cols + c holds it (views.c), whatever columns an alter table
 * adds after. */
static int getlength(qp_t *x)
{
    scr_parser_t *p = x->p;
    if (x->cols != NULL)
        not_modelled(p, x->jb, "dbms_lob.getlength of a view");
    scr_expect_sym(p, "(");
    const scr_tok_t *t = scr_peek(p);
    uint32_t line = t->line;
    char name[SCR_NAME_MAX + 1];
    scr_expect_name(p, name, "a LOB column");
    scr_expect_sym(p, ")");
    int c = scr_lob_column_resolve(p, x->q->table, name, line);
    return (int)x->q->table_cols + c;
}

/* The heading SQL*Plus shows for an expression: its text as Oracle names
 * the column, upper case and without blanks. */
static void heading(scr_parser_t *p, uint32_t from, uint32_t to, char *out)
{
    size_t n = 0;
    out[0] = 0;
    for (uint32_t k = from; k < to && n < SCR_NAME_MAX; k++)
        n += (size_t)snprintf(out + n, SCR_NAME_MAX + 1 - n, "%s", p->toks[k].text);
}

static int is_getlength(scr_parser_t *p)
{
    return scr_is_kw(p, "DBMS_LOB") && strcmp(scr_peek_at(p, 1)->text, ".") == 0 &&
           strcmp(scr_peek_at(p, 2)->text, "GETLENGTH") == 0;
}

/* The column or aggregate an item is of. */
static void leaf(qp_t *x, scr_qitem_t *it)
{
    scr_parser_t *p = x->p;
    if (scr_is_kw(p, "COUNT") && strcmp(scr_peek_at(p, 1)->text, "(") == 0) {
        p->i += 2;
        if (!scr_accept_sym(p, "*"))
            not_modelled(p, x->jb, "count of a column (count(*) is answered)");
        scr_expect_sym(p, ")");
        it->kind = SCR_QI_COUNT;
        it->col = -1;
    } else if (scr_is_kw(p, "SUM") && strcmp(scr_peek_at(p, 1)->text, "(") == 0) {
        p->i += 2;
        it->kind = SCR_QI_SUM;
        if (is_getlength(p)) {
            p->i += 3;
            it->col = getlength(x);
        } else {
            it->col = scr_qp_column(x, NULL);
            if (x->cols && !x->cols[it->col].number)
                scr_fail(p, "ORA-01722: invalid number");
        }
        scr_expect_sym(p, ")");
    } else if (is_getlength(p)) {
        p->i += 3;
        it->kind = SCR_QI_COLUMN;
        it->col = getlength(x);
    } else {
        if (scr_peek(p)->kind == SCR_TOK_IDENT && strcmp(scr_peek_at(p, 1)->text, "(") == 0)
            not_modelled(p, x->jb,
                         "a function in the select list other than count(*), sum(...), "
                         "dbms_lob.getlength(...), round(...) or trunc(...)");
        it->kind = SCR_QI_COLUMN;
        it->col = scr_qp_column(x, NULL);
    }
}

static const scr_qpost_t *post_sum(qp_t *x, scr_qitem_t *it, int *leaves);

static scr_qpost_t *post_node(qp_t *x, char op)
{
    scr_qpost_t *e = scr_arena_alloc(x->p->arena, sizeof *e);
    e->op = op;
    return e;
}

/* A number, ( ... ), round( ... [, N]), trunc( ... [, N]), - ..., or the
 * item's one column or aggregate. */
static const scr_qpost_t *post_factor(qp_t *x, scr_qitem_t *it, int *leaves)
{
    scr_parser_t *p = x->p;
    const scr_tok_t *t = scr_peek(p);
    if (t->kind == SCR_TOK_NUMBER) {
        scr_qpost_t *e = post_node(x, 'n');
        e->num = strtod(t->text, NULL);
        p->i++;
        return e;
    }
    if (scr_accept_sym(p, "-")) {
        scr_qpost_t *e = post_node(x, '-');
        e->l = post_node(x, 'n');
        e->r = post_factor(x, it, leaves);
        return e;
    }
    if (scr_accept_sym(p, "(")) {
        const scr_qpost_t *e = post_sum(x, it, leaves);
        scr_expect_sym(p, ")");
        return e;
    }
    if ((scr_is_kw(p, "ROUND") || scr_is_kw(p, "TRUNC")) &&
        strcmp(scr_peek_at(p, 1)->text, "(") == 0) {
        scr_qpost_t *e = post_node(x, scr_is_kw(p, "ROUND") ? 'r' : 't');
        p->i += 2;
        e->l = post_sum(x, it, leaves);
        if (scr_accept_sym(p, ",")) {
            int neg = scr_accept_sym(p, "-");
            e->places = (int)scr_expect_uint(p, 0, 38, 0, "decimal places");
            if (neg)
                e->places = -e->places;
        }
        scr_expect_sym(p, ")");
        return e;
    }
    if (++*leaves > 1)
        not_modelled(p, x->jb, "an expression of two columns in the select list");
    leaf(x, it);
    return post_node(x, 'v');
}

static const scr_qpost_t *post_term(qp_t *x, scr_qitem_t *it, int *leaves)
{
    const scr_qpost_t *l = post_factor(x, it, leaves);
    while (scr_is_sym(x->p, "*") || scr_is_sym(x->p, "/")) {
        scr_qpost_t *e = post_node(x, scr_take(x->p)->text[0]);
        e->l = l;
        e->r = post_factor(x, it, leaves);
        l = e;
    }
    return l;
}

static const scr_qpost_t *post_sum(qp_t *x, scr_qitem_t *it, int *leaves)
{
    const scr_qpost_t *l = post_term(x, it, leaves);
    while (scr_is_sym(x->p, "+") || scr_is_sym(x->p, "-")) {
        scr_qpost_t *e = post_node(x, scr_take(x->p)->text[0]);
        e->l = l;
        e->r = post_term(x, it, leaves);
        l = e;
    }
    return l;
}

/* An item: its column or aggregate, and arithmetic over it with numbers
 * (`bytes/1024/1024`, `round(sum(bytes)/1048576, 2)`). */
static void item(qp_t *x)
{
    scr_parser_t *p = x->p;
    scr_query_t *q = x->q;
    if (q->nitems == SCR_QUERY_ITEMS)
        not_modelled(p, x->jb, "more than 32 items in the select list");
    scr_qitem_t *it = &q->item[q->nitems];
    uint32_t from = p->i;
    int leaves = 0;
    const scr_qpost_t *e = post_sum(x, it, &leaves);
    if (leaves == 0)
        not_modelled(p, x->jb, "a select list item without a column");
    it->post = e->op == 'v' ? NULL : e;
    if (it->post && it->kind == SCR_QI_COLUMN && x->cols && !x->cols[it->col].number)
        scr_fail(p, "ORA-01722: invalid number");
    if (it->post && it->kind == SCR_QI_COLUMN && x->cols == NULL)
        not_modelled(p, x->jb, "arithmetic on a table's column in the select list");
    heading(p, from, p->i, it->head);
    if (it->post)
        ; /* the expression's text */
    else if (x->cols == NULL && it->kind == SCR_QI_COLUMN && it->col < (int)q->table_cols)
        snprintf(it->head, sizeof it->head, "%s", p->script->tables[q->table].cols[it->col].name);
    else if (x->cols && it->kind == SCR_QI_COLUMN)
        snprintf(it->head, sizeof it->head, "%s", x->cols[it->col].name);
    int as = scr_accept_kw(p, "AS");
    const scr_tok_t *t = scr_peek(p);
    if (t->kind == SCR_TOK_QIDENT ||
        (t->kind == SCR_TOK_IDENT && !scr_is_kw(p, "FROM") && !(x->into && scr_is_kw(p, "INTO"))))
        scr_expect_name(p, it->head, "a column alias");
    else if (as)
        scr_unexpected(p, "a column alias");
    q->nitems++;
}

/* An item of the list by position, alias or expression (order by). */
static int order_key(qp_t *x)
{
    scr_parser_t *p = x->p;
    scr_query_t *q = x->q;
    if (scr_peek(p)->kind == SCR_TOK_NUMBER) {
        uint64_t k = scr_expect_uint(p, 1, q->nitems, 0, "an item's position");
        return (int)k - 1;
    }
    uint32_t from = p->i;
    int depth = 0;
    while (scr_peek(p)->kind != SCR_TOK_EOF &&
           !(depth == 0 && (scr_is_sym(p, ",") || scr_is_kw(p, "ASC") || scr_is_kw(p, "DESC")))) {
        depth += scr_is_sym(p, "(") - scr_is_sym(p, ")");
        p->i++;
    }
    char text[SCR_NAME_MAX + 1];
    heading(p, from, p->i, text);
    const char *bare = strchr(text, '.') && !strchr(text, '(') ? strchr(text, '.') + 1 : text;
    for (uint32_t k = 0; k < q->nshown; k++)
        if (strcmp(q->item[k].head, text) == 0 || strcmp(q->item[k].head, bare) == 0)
            return (int)k;
    /* a column of the view not in the list: an item not printed */
    uint32_t end = p->i;
    p->i = from;
    if (x->cols == NULL || q->nitems == SCR_QUERY_ITEMS)
        not_modelled(p, x->jb, "order by an expression not in the select list");
    scr_qitem_t *it = &q->item[q->nitems];
    it->kind = SCR_QI_COLUMN;
    it->col = scr_qp_column(x, NULL);
    snprintf(it->head, sizeof it->head, "%s", x->cols[it->col].name);
    if (p->i != end)
        not_modelled(p, x->jb, "order by an expression not in the select list");
    return (int)q->nitems++;
}

static int view_of(const char *name, scr_view_t *v, int *dba)
{
    static const struct {
        const char *name;
        scr_view_t v;
        int dba;
    } known[] = {
        {"USER_SEGMENTS", SCR_V_SEGMENTS, 0},
        {"DBA_SEGMENTS", SCR_V_SEGMENTS, 1},
        {"USER_EXTENTS", SCR_V_EXTENTS, 0},
        {"DBA_EXTENTS", SCR_V_EXTENTS, 1},
        {"USER_LOBS", SCR_V_LOBS, 0},
        {"DBA_LOBS", SCR_V_LOBS, 1},
        {"USER_LOB_PARTITIONS", SCR_V_LOB_PARTS, 0},
        {"DBA_LOB_PARTITIONS", SCR_V_LOB_PARTS, 1},
        {"V$SECUREFILE_SHRINK", SCR_V_SHRINK, 0},
        {"USER_TABLESPACES", SCR_V_TABLESPACES, 0},
        {"DBA_TABLESPACES", SCR_V_TABLESPACES, 1},
    };
    for (size_t k = 0; k < sizeof known / sizeof known[0]; k++)
        if (strcmp(known[k].name, name) == 0) {
            *v = known[k].v;
            *dba = known[k].dba;
            return 1;
        }
    return 0;
}

/* A name the dictionary or the instance answers, not a table of a user. */
static int dictionary_name(const char *n)
{
    return strncmp(n, "USER_", 5) == 0 || strncmp(n, "DBA_", 4) == 0 ||
           strncmp(n, "ALL_", 4) == 0 || strncmp(n, "CDB_", 4) == 0 || strchr(n, '$') != NULL ||
           strcmp(n, "DUAL") == 0;
}

/* Whether an alias follows a source (not a keyword of what may follow). */
static int alias(scr_parser_t *p)
{
    static const char *const kws[] = {"WHERE", "GROUP", "ORDER", "JOIN",    "INNER", "LEFT",
                                      "RIGHT", "FULL",  "CROSS", "NATURAL", "ON"};
    if (scr_peek(p)->kind == SCR_TOK_QIDENT)
        return 1;
    if (scr_peek(p)->kind != SCR_TOK_IDENT)
        return 0;
    for (size_t k = 0; k < sizeof kws / sizeof kws[0]; k++)
        if (scr_is_kw(p, kws[k]))
            return 0;
    return 1;
}

/* `from view1 [a], view2 [b]`: two views the model fills, their columns one
 * after the other; the where joins them (a condition col = col). */
static void second_view(qp_t *x)
{
    scr_parser_t *p = x->p;
    scr_query_t *q = x->q;
    char name[SCR_NAME_MAX + 1];
    const scr_tok_t *t = scr_peek(p);
    if (x->cols == NULL || q->view == SCR_V_MYSTAT ||
        (t->kind != SCR_TOK_IDENT && t->kind != SCR_TOK_QIDENT))
        not_modelled(p, x->jb, "a join other than of two dictionary views the model fills");
    scr_expect_table_name(p, name);
    if (!view_of(name, &q->view2, &x->dba[1]) || q->view2 == SCR_V_MYSTAT)
        not_modelled(p, x->jb, "a join other than of two dictionary views the model fills");
    snprintf(x->alias[1], sizeof x->alias[1], "%s", name);
    x->nalias = 2;
    if (alias(p))
        scr_expect_name(p, x->alias[1], "an alias");
    if (scr_is_sym(p, ","))
        not_modelled(p, x->jb, "a join of more than two views");
    uint32_t n2;
    const scr_vcol_t *c2 = scr_view_columns(q->view2, &n2);
    scr_vcol_t *all = scr_arena_alloc(p->arena, (x->ncols + n2) * sizeof *all);
    memcpy(all, x->cols, x->ncols * sizeof *all);
    memcpy(all + x->ncols, c2, n2 * sizeof *all);
    q->two = 1;
    q->split = x->ncols;
    q->dba = x->dba[0] || x->dba[1];
    x->cols = all;
    x->ncols += n2;
}

static void parse(qp_t *x)
{
    scr_parser_t *p = x->p;
    scr_query_t *q = x->q;
    scr_expect_kw(p, "SELECT");
    if (scr_is_kw(p, "DISTINCT") || scr_is_kw(p, "UNIQUE"))
        not_modelled(p, x->jb, "select distinct");
    uint32_t list = p->i;
    int depth = 0;
    while (scr_peek(p)->kind != SCR_TOK_EOF && !(depth == 0 && scr_is_kw(p, "FROM")) &&
           !(depth == 0 && x->into && scr_is_kw(p, "INTO"))) {
        depth += scr_is_sym(p, "(") - scr_is_sym(p, ")");
        p->i++;
    }
    if (x->into) {
        /* select ... into v[, v]... from: the variables, resolved by the caller */
        scr_expect_kw(p, "INTO");
        x->into_at = p->i;
        do
            p->i++;
        while (scr_accept_sym(p, ","));
    }
    scr_expect_kw(p, "FROM");
    const scr_tok_t *t = scr_peek(p);
    uint32_t line = t->line;
    char name[SCR_NAME_MAX + 1];
    if (t->kind != SCR_TOK_IDENT && t->kind != SCR_TOK_QIDENT)
        not_modelled(p, x->jb, "a subquery or an expression in from");
    scr_expect_table_name(p, name);
    if (strcmp(name, "V$MYSTAT") == 0 || strcmp(name, "V$STATNAME") == 0) {
        /* the two joined, in either order, each with its alias: either
         * qualifier names the one source */
        snprintf(x->alias[0], sizeof x->alias[0], "%s", name);
        if (alias(p))
            scr_expect_name(p, x->alias[0], "an alias");
        char other[SCR_NAME_MAX + 1];
        if (!scr_accept_sym(p, ",") || (scr_peek(p)->kind != SCR_TOK_IDENT))
            not_modelled(p, x->jb,
                         "v$mystat or v$statname alone (the model answers the two "
                         "joined on statistic#)");
        scr_expect_table_name(p, other);
        if (strcmp(other, name[2] == 'M' ? "V$STATNAME" : "V$MYSTAT") != 0)
            not_modelled(p, x->jb, "a join other than v$mystat with v$statname");
        snprintf(x->alias[1], sizeof x->alias[1], "%s", other);
        if (alias(p))
            scr_expect_name(p, x->alias[1], "an alias");
        x->nalias = 2;
        q->view = SCR_V_MYSTAT;
        x->cols = scr_view_columns(q->view, &x->ncols);
    } else if (view_of(name, &q->view, &q->dba)) {
        x->cols = scr_view_columns(q->view, &x->ncols);
        x->dba[0] = q->dba;
    } else if (dictionary_name(name)) {
        char why[SCR_NAME_MAX + 64];
        snprintf(why, sizeof why, "%s (a view the model does not fill)", name);
        not_modelled(p, x->jb, why);
    } else {
        q->view = SCR_V_TABLE;
        q->table = scr_table_resolve(p, name, line);
        q->table_cols = p->script->tables[q->table].ncols;
    }
    if (q->view != SCR_V_MYSTAT) {
        snprintf(x->alias[0], sizeof x->alias[0], "%s", name);
        x->nalias = 1;
        if (alias(p))
            scr_expect_name(p, x->alias[0], "an alias");
    }
    if (scr_accept_sym(p, ",")) {
        second_view(x);
    } else if (scr_is_kw(p, "JOIN") || scr_is_kw(p, "INNER")) {
        /* view1 [inner] join view2 on COND [and COND]...: the comma join
         * with its conditions (SQL Language Reference, SELECT,
         * inner_cross_join_clause) */
        scr_accept_kw(p, "INNER");
        scr_expect_kw(p, "JOIN");
        second_view(x);
        scr_expect_kw(p, "ON");
        q->cols = x->cols;
        q->ncols = x->ncols;
        q->cond = scr_arena_alloc(p->arena, SCR_QUERY_CONDS * sizeof *q->cond);
        do
            scr_qcond_parse(x);
        while (scr_accept_kw(p, "AND"));
    } else if (scr_is_kw(p, "LEFT") || scr_is_kw(p, "RIGHT") || scr_is_kw(p, "FULL") ||
               scr_is_kw(p, "CROSS") || scr_is_kw(p, "NATURAL")) {
        not_modelled(p, x->jb, "an outer, cross or natural join");
    }
    q->cols = x->cols;
    q->ncols = x->ncols;
    uint32_t tail = p->i;
    /* the list, now that its source is known */
    p->i = list;
    if (scr_accept_sym(p, "*")) {
        if (q->two)
            not_modelled(p, x->jb, "select * of a join");
        if (x->cols == NULL)
            not_modelled(p, x->jb, "select * of a table (values of its columns are not tracked)");
        for (uint32_t c = 0; c < x->ncols; c++) {
            if (x->cols[c].dba && !q->dba)
                continue;
            if (!x->cols[c].modelled) {
                char why[200];
                snprintf(why, sizeof why, "select * (column %s: the model does not have it)",
                         x->cols[c].name);
                not_modelled(p, x->jb, why);
            }
        }
    } else {
        do
            item(x);
        while (scr_accept_sym(p, ","));
    }
    if (!scr_is_kw(p, "FROM") && !(x->into && scr_is_kw(p, "INTO")))
        not_modelled(p, x->jb,
                     "an expression in the select list other than a column, "
                     "count(*), sum(...) or dbms_lob.getlength(...)");
    p->i = tail;
    if (scr_accept_kw(p, "WHERE")) {
        if (x->cols == NULL) {
            if (x->plsql)
                not_modelled(p, x->jb, "select ... into from a table with this query's form");
            q->id_where = scr_parse_pred(p, q->table, NULL);
        } else {
            if (q->cond == NULL)
                q->cond = scr_arena_alloc(p->arena, SCR_QUERY_CONDS * sizeof *q->cond);
            do
                scr_qcond_parse(x);
            while (scr_accept_kw(p, "AND"));
        }
    }
    if (q->view == SCR_V_MYSTAT && !x->joined)
        not_modelled(p, x->jb, "v$mystat and v$statname without their join on statistic#");
    q->group_col = -1;
    if (scr_accept_kw(p, "GROUP")) {
        scr_expect_kw(p, "BY");
        if (x->cols == NULL)
            not_modelled(p, x->jb, "group by over a table");
        q->group_col = scr_qp_column(x, NULL);
        for (uint32_t k = 0; k < q->nitems; k++)
            if (q->item[k].kind == SCR_QI_COLUMN && q->item[k].col != q->group_col)
                scr_fail(p, "ORA-00979: not a GROUP BY expression");
    } else {
        int agg = 0, plain = 0;
        for (uint32_t k = 0; k < q->nitems; k++)
            agg |= q->item[k].kind != SCR_QI_COLUMN, plain |= q->item[k].kind == SCR_QI_COLUMN;
        if (agg && plain)
            scr_fail(p, "ORA-00937: not a single-group group function");
    }
    q->nshown = q->nitems;
    if (scr_accept_kw(p, "ORDER")) {
        scr_expect_kw(p, "BY");
        if (q->nitems == 0)
            not_modelled(p, x->jb, "order by with select *");
        do {
            if (q->norder == 8)
                not_modelled(p, x->jb, "order by more than 8 keys");
            q->order_item[q->norder] = order_key(x);
            q->order_desc[q->norder] = scr_accept_kw(p, "DESC");
            if (!q->order_desc[q->norder])
                scr_accept_kw(p, "ASC");
            q->norder++;
        } while (scr_accept_sym(p, ","));
    }
    for (uint32_t k = q->nshown; k < q->nitems; k++)
        if (q->group_col >= 0 ? q->item[k].col != q->group_col
                              : q->nshown && q->item[0].kind != SCR_QI_COLUMN)
            scr_fail(p, "ORA-00979: not a GROUP BY expression");
    if (scr_peek(p)->kind != SCR_TOK_EOF)
        not_modelled(p, x->jb, "a clause after where, group by and order by");
    if (q->two)
        for (uint32_t k = 0; k < q->nitems; k++)
            if (q->item[k].kind != SCR_QI_COLUMN)
                not_modelled(p, x->jb, "an aggregate over a join");
}

/* select * of a view: every column it has, as items. */
static void star_items(qp_t *x)
{
    scr_query_t *q = x->q;
    if (q->nitems || x->cols == NULL)
        return;
    for (uint32_t c = 0; c < x->ncols && q->nitems < SCR_QUERY_ITEMS; c++) {
        if (x->cols[c].dba && !q->dba)
            continue;
        scr_qitem_t *it = &q->item[q->nitems++];
        it->kind = SCR_QI_COLUMN;
        it->col = (int)c;
        snprintf(it->head, sizeof it->head, "%s", x->cols[c].name);
    }
    q->nshown = q->nitems;
}

void scr_parse_query(scr_parser_t *p, scr_stmt_t *st)
{
    st->kind = SCR_OBSERVE;
    scr_query_t *q = scr_arena_alloc(p->arena, sizeof *q);
    q->table = -1;
    qp_t x = {0};
    x.p = p;
    x.q = q;
    if (scr_is_kw(p, "WITH")) {
        st->u.observe.why = "with (a subquery factoring clause)";
        return;
    }
    jmp_buf jb;
    jmp_buf *outer = p->lx->fail;
    x.jb = &jb;
    p->lx->fail = &jb;
    int rc = setjmp(jb);
    if (rc == 0) {
        parse(&x);
        star_items(&x);
        p->lx->fail = outer;
        st->u.observe.query = q;
        scr_define_sets(p, st, q);
        return;
    }
    p->lx->fail = outer;
    /* What Oracle refuses is the step's error (parse.c reads it back). */
    const char *m = p->lx->err;
    size_t fl = strlen(p->lx->file);
    if (rc == 2 && strncmp(m, p->lx->file, fl) == 0 && strstr(m + fl, ": ORA-") != NULL)
        longjmp(*outer, 2);
    /* A query outside the answered ones: why, without the file's name. */
    if (rc == 2 && strncmp(m, p->lx->file, fl) == 0 && m[fl] == ':')
        m += fl + 1;
    char why[SCR_ERR_LEN];
    snprintf(why, sizeof why, "%s%s", rc == 2 ? "line " : "", m);
    st->u.observe.why = scr_arena_strndup(p->arena, why, strlen(why));
    p->lx->err[0] = 0;
}

int scr_query_reads_view(const scr_parser_t *p)
{
    int depth = 0;
    for (uint32_t k = p->i; k + 1 < p->ntoks && p->toks[k].kind != SCR_TOK_EOF; k++) {
        const scr_tok_t *t = &p->toks[k];
        if (t->kind == SCR_TOK_SYM)
            depth += (strcmp(t->text, "(") == 0) - (strcmp(t->text, ")") == 0);
        if (t->kind == SCR_TOK_SYM && strcmp(t->text, ";") == 0 && depth == 0)
            return 0;
        if (depth == 0 && t->kind == SCR_TOK_IDENT && strcmp(t->text, "FROM") == 0) {
            const char *n = p->toks[k + 1].text;
            if (p->toks[k + 2].kind == SCR_TOK_SYM && strcmp(p->toks[k + 2].text, ".") == 0 &&
                k + 3 < p->ntoks)
                n = p->toks[k + 3].text; /* SYS.DBA_SEGMENTS */
            return dictionary_name(n);
        }
    }
    return 0;
}

const scr_query_t *scr_parse_query_into(scr_parser_t *p, const scr_expr_t *const *binds,
                                        uint32_t nbinds, uint32_t *into_at)
{
    scr_query_t *q = scr_arena_alloc(p->arena, sizeof *q);
    q->table = -1;
    qp_t x = {0};
    x.p = p;
    x.q = q;
    x.into = into_at != NULL;
    x.plsql = 1;
    x.binds = binds;
    x.nbinds = nbinds;
    uint32_t line = scr_peek(p)->line;
    jmp_buf jb;
    jmp_buf *outer = p->lx->fail;
    x.jb = &jb;
    p->lx->fail = &jb;
    int rc = setjmp(jb);
    if (rc == 0) {
        parse(&x);
        for (uint32_t k = 0; k < q->nitems; k++)
            if (q->item[k].post)
                not_modelled(p, &jb, "arithmetic in the select list of select ... into");
        p->lx->fail = outer;
        if (binds && x.nextbind < nbinds)
            scr_fail_at(p, line, "ORA-01006: bind variable does not exist");
        if (into_at)
            *into_at = x.into_at;
        return q;
    }
    p->lx->fail = outer;
    const char *m = p->lx->err;
    if (rc != 3) /* an error with its place: as it is */
        longjmp(*outer, rc);
    char why[SCR_ERR_LEN];
    snprintf(why, sizeof why, "%s", m);
    scr_fail_at(p, line, "select ... into from a view: not modelled: %s", why);
}

const scr_query_t *scr_parse_subquery(qp_t *x)
{
    scr_parser_t *p = x->p;
    uint32_t end = p->i;
    for (int depth = 0; p->toks[end].kind != SCR_TOK_EOF; end++) {
        const scr_tok_t *t = &p->toks[end];
        if (t->kind == SCR_TOK_SYM && strcmp(t->text, ")") == 0 && depth-- == 0)
            break;
        if (t->kind == SCR_TOK_SYM && strcmp(t->text, "(") == 0)
            depth++;
    }
    if (p->toks[end].kind == SCR_TOK_EOF)
        scr_unexpected(p, "')'");
    scr_query_t *q = scr_arena_alloc(p->arena, sizeof *q);
    q->table = -1;
    qp_t y = {0};
    y.p = p;
    y.q = q;
    y.jb = x->jb; /* not answered: neither is the query around it */
    y.plsql = x->plsql;
    scr_tok_t close = p->toks[end];
    p->toks[end].kind = SCR_TOK_EOF;
    p->toks[end].text = "";
    parse(&y);
    p->toks[end] = close;
    if (q->view == SCR_V_TABLE || q->binds || q->item[0].post || q->item[0].kind != SCR_QI_COLUMN)
        not_modelled(p, x->jb, "a subquery other than of one column of the views");
    return q;
}
