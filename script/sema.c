/*
 * sema.c -- the semantic pass: the script's tables and tablespaces in the
 * order its statements create and drop them, and Oracle's refusals of a
 * name that does not resolve.
 *
 * Error numbers and texts are Oracle's, as its Database Error Messages
 * reference prints them (docs.oracle.com/en/database/oracle/oracle-database/
 * 19/errmg/): ORA-00942 "table or view does not exist", ORA-00904 "invalid
 * identifier", ORA-00955 "name is already used by an existing object",
 * ORA-00959 "tablespace '...' does not exist", ORA-01543 "tablespace '...'
 * already exists".
 */
#include <stdio.h>
#include <string.h>

#include "script_int.h"

int scr_table_find(scr_parser_t *p, const char *name)
{
    const scr_script_t *s = p->script;
    for (uint32_t i = s->ntables; i-- > 0;)
        if (s->tables[i].dropped == 0 && strcmp(s->tables[i].name, name) == 0)
            return (int)i;
    return -1;
}

int scr_table_resolve(scr_parser_t *p, const char *name, uint32_t line)
{
    int t = scr_table_find(p, name);
    if (t < 0 && (scr_dictionary_name(name) || strcmp(name, "XMLTABLE") == 0))
        /* Oracle has it: ORA-00942 would be false */
        scr_fail_at(p, line,
                    "%s here not modelled (a query, a select ... into and a cursor FOR loop "
                    "answer the views script/README.md lists; a declared cursor, a DML or a "
                    "subquery reads the script's tables)",
                    name);
    if (t < 0) {
        p->missing_kind = 'T';
        snprintf(p->missing, sizeof p->missing, "%s", name);
        scr_fail_at(p, line, "ORA-00942: table or view does not exist");
    }
    return t;
}

int scr_column_resolve(scr_parser_t *p, int table, const char *name, uint32_t line)
{
    const scr_table_t *t = &p->script->tables[table];
    for (uint32_t i = 0; i < t->ncols; i++)
        if (!t->cols[i].dropped && strcmp(t->cols[i].name, name) == 0)
            return (int)i;
    char q[64];
    scr_quote(name, strlen(name), q, sizeof q);
    scr_fail_at(p, line, "ORA-00904: \"%s\": invalid identifier", q);
}

int scr_lob_column_resolve(scr_parser_t *p, int table, const char *name, uint32_t line)
{
    int c = scr_column_resolve(p, table, name, line);
    scr_coltype_t ty = p->script->tables[table].cols[c].type;
    if (ty != SCR_COL_CLOB && ty != SCR_COL_BLOB) {
        char q[64];
        scr_quote(name, strlen(name), q, sizeof q);
        /* No public source gives Oracle's error number for a LOB clause
         * naming a column that is not a LOB: the message says what it is. */
        scr_fail_at(p, line, "column \"%s\" is not a LOB (CLOB or BLOB) column", q);
    }
    return c;
}

static void *grow(scr_parser_t *p, void *v, uint32_t n, uint32_t *cap, size_t size)
{
    if (n < *cap)
        return v;
    uint32_t nc = *cap ? *cap * 2 : 8;
    void *nv = sim_realloc(v, nc * size);
    if (!nv)
        longjmp(*p->arena->oom, 1);
    *cap = nc;
    return nv;
}

/* A LOB's kind in its tablespace (table_ts the table's, -1 USERS): in a
 * MANUAL one a SecureFile written so, or forced by DB_SECUREFILE=FORCE,
 * is ORA-43853 at line; one that was only DB_SECUREFILE's default
 * (PREFERRED, ALWAYS) becomes a BasicFile (Database Reference,
 * DB_SECUREFILE). */
static void lob_kind_check(scr_parser_t *p, scr_lob_opts_t *o, int table_ts, uint32_t line)
{
    int ts = o->tablespace >= 0 ? o->tablespace : table_ts;
    const scr_tablespace_t *t = ts >= 0 ? &p->script->tablespaces[ts] : NULL;
    if (t == NULL || !t->manual || !o->securefile)
        return;
    if (o->kind_given || p->securefile_force)
        scr_fail_at(p, line,
                    "ORA-43853: SECUREFILE lobs cannot be used in non-ASSM tablespace \"%s\"",
                    t->name);
    o->securefile = 0;
}

int scr_table_add(scr_parser_t *p, const scr_table_t *t)
{
    scr_script_t *s = p->script;
    if (scr_table_find(p, t->name) >= 0)
        scr_fail_at(p, s->stmts[p->step - 1].line,
                    "ORA-00955: name is already used by an existing object");
    /* each LOB's kind in its tablespace (a create's, a CTAS's) */
    for (uint32_t i = 0; i < t->ncols; i++)
        if (t->cols[i].type == SCR_COL_CLOB || t->cols[i].type == SCR_COL_BLOB)
            lob_kind_check(p, &t->cols[i].lob, t->tablespace, s->stmts[p->step - 1].line);
    uint32_t cap = p->cap_tables;
    s->tables = grow(p, s->tables, s->ntables, &p->cap_tables, sizeof *s->tables);
    if (p->cap_tables != cap || !p->lob_now) {
        scr_lob_opts_t **v = sim_realloc(p->lob_now, p->cap_tables * sizeof *v);
        if (!v)
            longjmp(*p->arena->oom, 1);
        p->lob_now = v;
    }
    p->lob_now[s->ntables] = scr_arena_alloc(p->arena, (t->ncols + 1) * sizeof **p->lob_now);
    for (uint32_t i = 0; i < t->ncols; i++)
        p->lob_now[s->ntables][i] = t->cols[i].lob;
    s->tables[s->ntables] = *t;
    s->tables[s->ntables].created = p->step;
    snprintf(s->tables[s->ntables].owner, sizeof s->tables[s->ntables].owner, "%s",
             p->user[0] ? p->user : "LOBSIM");
    s->tables[s->ntables].dropped = 0;
    return (int)s->ntables++;
}

scr_lob_opts_t *scr_lob_now(scr_parser_t *p, int table, int col)
{
    return &p->lob_now[table][col];
}

void scr_lob_now_set(scr_parser_t *p, int table, scr_lob_opts_t *now)
{
    p->lob_now[table] = now;
}

/* The one merge of a MODIFY LOB's options into those in force: what it
 * names replaces, the rest stays (the executor takes *after whole). */
void scr_lob_modify(scr_lob_opts_t *cur, const scr_lob_opts_t *o, scr_lob_opts_t *after)
{
    uint32_t g = o->given;
    if (g & SCR_GIVEN_CACHE)
        cur->cache = o->cache;
    if (g & SCR_GIVEN_LOGGING)
        cur->logging = o->logging;
    if (g & SCR_GIVEN_RETENTION) {
        cur->retention = o->retention;
        cur->retention_min = o->retention_min;
    }
    if (g & SCR_GIVEN_DEDUP)
        cur->deduplicate = o->deduplicate;
    if (g & SCR_GIVEN_COMPRESS)
        cur->compress = o->compress;
    if (g & SCR_GIVEN_PCTVERSION)
        cur->pctversion = o->pctversion;
    if (g & SCR_GIVEN_IN_ROW)
        cur->in_row = o->in_row;
    if (g & SCR_GIVEN_MAXSIZE)
        cur->maxsize = o->maxsize;
    cur->given |= g;
    *after = *cur;
    after->given = g;
}

void scr_table_drop(scr_parser_t *p, int table)
{
    p->script->tables[table].dropped = p->step;
}

int scr_tablespace_find(scr_parser_t *p, const char *name)
{
    const scr_script_t *s = p->script;
    for (uint32_t i = 0; i < s->ntablespaces; i++)
        if (s->tablespaces[i].dropped == 0 && strcmp(s->tablespaces[i].name, name) == 0)
            return (int)i;
    return -1;
}

int scr_tablespace_resolve(scr_parser_t *p, const char *name, uint32_t line)
{
    int ts = scr_tablespace_find(p, name);
    if (ts < 0) {
        char q[64];
        scr_quote(name, strlen(name), q, sizeof q);
        p->missing_kind = 'S';
        snprintf(p->missing, sizeof p->missing, "%s", name);
        scr_fail_at(p, line, "ORA-00959: tablespace '%s' does not exist", q);
    }
    return ts;
}

int scr_tablespace_add(scr_parser_t *p, const scr_tablespace_t *ts)
{
    scr_script_t *s = p->script;
    if (scr_tablespace_find(p, ts->name) >= 0) {
        char q[64];
        scr_quote(ts->name, strlen(ts->name), q, sizeof q);
        scr_fail_at(p, p->step ? s->stmts[p->step - 1].line : 1,
                    "ORA-01543: tablespace '%s' already exists", q);
    }
    s->tablespaces =
        grow(p, s->tablespaces, s->ntablespaces, &p->cap_tablespaces, sizeof *s->tablespaces);
    s->tablespaces[s->ntablespaces] = *ts;
    s->tablespaces[s->ntablespaces].created = ts->predefined ? 0 : p->step;
    s->tablespaces[s->ntablespaces].dropped = 0;
    return (int)s->ntablespaces++;
}

int scr_table_lob(const scr_table_t *t)
{
    for (uint32_t i = 0; i < t->ncols; i++)
        if (!t->cols[i].dropped &&
            (t->cols[i].type == SCR_COL_CLOB || t->cols[i].type == SCR_COL_BLOB))
            return (int)i;
    return -1;
}

uint32_t scr_lob_slot(const scr_table_t *t, int col)
{
    uint32_t k = 0;
    for (int i = 0; i < col; i++)
        k += !t->cols[i].dropped &&
             (t->cols[i].type == SCR_COL_CLOB || t->cols[i].type == SCR_COL_BLOB);
    return k;
}

uint32_t scr_varchar_slot(const scr_table_t *t, int col)
{
    uint32_t k = 0;
    for (int i = 0; i < col; i++)
        k += t->cols[i].type == SCR_COL_VARCHAR;
    return k;
}

/* The next statement, its step its 1-based position (invariant 1). */
scr_stmt_t *scr_new_stmt(scr_parser_t *p, uint32_t line)
{
    scr_script_t *s = p->script;
    if (s->nstmts >= SCR_STMT_MAX)
        scr_lex_fail(p->lx, line, "more than %u statements in one script", SCR_STMT_MAX);
    if (s->nstmts == p->cap_stmts) {
        uint32_t cap = p->cap_stmts ? p->cap_stmts * 2 : 32;
        scr_stmt_t *v = sim_realloc(s->stmts, cap * sizeof *v);
        if (!v)
            longjmp(*p->arena->oom, 1);
        s->stmts = v;
        p->cap_stmts = cap;
    }
    scr_stmt_t *st = &s->stmts[s->nstmts++];
    memset(st, 0, sizeof *st);
    st->step = s->nstmts;
    st->autotrace = scr_define_autotrace(p, line);
    st->line = line;
    st->table = -1;
    st->column = -1;
    st->setup = p->setup;
    st->on_error = p->on_error;
    p->step = st->step;
    return st;
}
