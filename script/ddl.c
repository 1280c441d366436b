/*
 * ddl.c -- create tablespace, create table (its LOB storage clause is
 * lobclause.c's), alter table (shrink, move lob, modify lob), drop and
 * truncate.
 */
#include <stdio.h>
#include <string.h>

#include "script_int.h"

static void create_tablespace(scr_parser_t *p, scr_stmt_t *st, int bigfile)
{
    scr_tablespace_t ts;
    memset(&ts, 0, sizeof ts);
    ts.bigfile = bigfile;
    ts.block_size = p->opts->block_size;
    ts.uniform_size = 1u << 20;
    st->kind = SCR_CREATE_TABLESPACE;
    scr_expect_name(p, ts.name, "a tablespace name");
    while (scr_peek(p)->kind != SCR_TOK_EOF) {
        if (scr_accept_kw(p, "DATAFILE") || scr_accept_kw(p, "TEMPFILE")) {
            do {
                if (scr_peek(p)->kind == SCR_TOK_STRING)
                    p->i++;
                if (scr_accept_kw(p, "SIZE")) {
                    ts.datafile_size = scr_expect_uint(p, 1, SIM_MAX_SEGMENT_BYTES, 1, "size");
                    scr_inert(p, "DATAFILE SIZE (the model does not limit a tablespace)");
                }
                if (scr_accept_kw(p, "REUSE"))
                    scr_inert(p, "REUSE");
                if (scr_accept_kw(p, "AUTOEXTEND")) {
                    scr_inert(p, "AUTOEXTEND");
                    if (scr_accept_kw(p, "ON")) {
                        if (scr_accept_kw(p, "NEXT"))
                            (void)scr_expect_uint(p, 1, SIM_MAX_SEGMENT_BYTES, 1, "next");
                        if (scr_accept_kw(p, "MAXSIZE") && !scr_accept_kw(p, "UNLIMITED"))
                            (void)scr_expect_uint(p, 1, SIM_MAX_SEGMENT_BYTES, 1, "maxsize");
                    } else {
                        scr_expect_kw(p, "OFF");
                    }
                }
            } while (scr_accept_sym(p, ","));
        } else if (scr_accept_kw(p, "BLOCKSIZE")) {
            uint64_t bs = scr_expect_uint(p, 2048, 32768, 1, "blocksize");
            if (!sim_block_size_valid(bs))
                scr_fail_at(p, scr_peek_at(p, 0)->line,
                            "blocksize %llu not a block size (accepted " SIM_BLOCK_SIZES_ACCEPTED
                            ")",
                            (unsigned long long)bs);
            ts.block_size = (uint32_t)bs;
        } else if (scr_accept_kw(p, "EXTENT")) {
            scr_expect_kw(p, "MANAGEMENT");
            scr_expect_kw(p, "LOCAL");
            if (scr_accept_kw(p, "UNIFORM")) {
                ts.uniform = 1;
                if (scr_accept_kw(p, "SIZE"))
                    ts.uniform_size =
                        scr_expect_uint(p, 1, SIM_MAX_SEGMENT_BYTES, 1, "uniform size");
            } else {
                scr_accept_kw(p, "AUTOALLOCATE");
            }
        } else if (scr_accept_kw(p, "SEGMENT")) {
            scr_expect_kw(p, "SPACE");
            scr_expect_kw(p, "MANAGEMENT");
            /* MANUAL: free lists; the model keeps a table's and a
             * BasicFile's space as under ASSM, and refuses a SecureFile
             * there as Oracle does (ORA-43853) */
            ts.manual = scr_accept_kw(p, "MANUAL");
            if (!ts.manual)
                scr_expect_kw(p, "AUTO");
        } else if (scr_accept_kw(p, "LOGGING") || scr_accept_kw(p, "NOLOGGING")) {
            scr_inert(p, "LOGGING/NOLOGGING of the tablespace (its LOBs' is the LOB clause's)");
        } else if (scr_accept_kw(p, "FORCE")) {
            scr_expect_kw(p, "LOGGING");
            scr_inert(p, "FORCE LOGGING");
        } else if (scr_accept_kw(p, "ONLINE") || scr_accept_kw(p, "OFFLINE")) {
            scr_inert(p, "ONLINE/OFFLINE");
        } else if (scr_accept_kw(p, "FLASHBACK")) {
            if (!scr_accept_kw(p, "ON"))
                scr_expect_kw(p, "OFF");
            scr_inert(p, "FLASHBACK");
        } else if (scr_accept_kw(p, "DEFAULT")) {
            if (scr_accept_kw(p, "NOCOMPRESS") || scr_accept_kw(p, "COMPRESS"))
                scr_accept_kw(p, "BASIC");
            scr_expect_kw(p, "STORAGE");
            uint64_t a = 0, b = 0, c = 0;
            uint32_t g = 0;
            scr_storage_clause(p, &a, &b, &c, &g, 0);
            scr_inert(p, "DEFAULT STORAGE");
        } else {
            scr_unexpected(p, "DATAFILE, BLOCKSIZE, EXTENT MANAGEMENT, SEGMENT SPACE MANAGEMENT, "
                              "LOGGING, NOLOGGING, FORCE LOGGING, ONLINE, OFFLINE, FLASHBACK or "
                              "DEFAULT STORAGE");
        }
    }
    if (ts.uniform && ts.uniform_size < 5ull * ts.block_size)
        scr_fail_at(p, st->line, "uniform size %llu smaller than 5 blocks of %u bytes",
                    (unsigned long long)ts.uniform_size, ts.block_size);
    st->u.tablespace = scr_tablespace_add(p, &ts);
}

/* A partition's LOB parameters and Oracle's check of them, as a create
 * table's LOB storage clause has them (handed to partition.c). */
static void partition_lob(scr_parser_t *p, scr_lob_opts_t *o, int params, uint32_t line)
{
    if (params)
        (void)scr_lob_parameters(p, o, 0, NULL);
    scr_lob_check(p, o, line);
}

static void create_table(scr_parser_t *p, scr_stmt_t *st)
{
    scr_table_t t;
    memset(&t, 0, sizeof t);
    t.tablespace = -1;
    t.id_col = -1;
    st->kind = SCR_CREATE_TABLE;
    scr_expect_table_name(p, t.name);
    if (scr_is_kw(p, "AS") || scr_is_kw(p, "TABLESPACE")) {
        scr_parse_ctas(p, st, &t); /* from.c */
        return;
    }
    scr_expect_sym(p, "(");
    scr_column_t cols[64];
    uint32_t n = 0;
    int pk = -1, key_col = -1;
    do {
        char pk_col[SCR_NAME_MAX + 1];
        uint32_t pk_line = 0;
        if (scr_table_constraint(p, pk_col, &pk_line, t.pk_name)) {
            if (pk_col[0] == 0)
                continue;
            int found = -1;
            for (uint32_t i = 0; i < n; i++)
                if (strcmp(cols[i].name, pk_col) == 0)
                    found = (int)i;
            if (found < 0) {
                char q[64];
                scr_quote(pk_col, strlen(pk_col), q, sizeof q);
                scr_fail_at(p, pk_line, "ORA-00904: \"%s\": invalid identifier", q);
            }
            pk = found;
            continue;
        }
        if (n == 64)
            scr_fail(p, "more than 64 columns");
        scr_column_t *c = &cols[n];
        memset(c, 0, sizeof *c);
        uint32_t line = scr_peek(p)->line;
        scr_expect_name(p, c->name, "a column name");
        for (uint32_t i = 0; i < n; i++)
            if (strcmp(cols[i].name, c->name) == 0)
                scr_fail_at(p, line, "ORA-00957: duplicate column name");
        scr_column_type(p, c);
        if (scr_column_constraints(p, t.pk_name))
            pk = (int)n;
        if (c->type == SCR_COL_CLOB || c->type == SCR_COL_BLOB)
            scr_lob_defaults(&c->lob, p->securefile_default);
        n++;
    } while (scr_accept_sym(p, ","));
    scr_expect_sym(p, ")");
    /* The table's own clauses and its LOB storage clauses, in any order. */
    while (scr_peek(p)->kind != SCR_TOK_EOF) {
        if (scr_accept_kw(p, "TABLESPACE")) {
            char ts[SCR_NAME_MAX + 1];
            uint32_t line = scr_peek(p)->line;
            scr_expect_name(p, ts, "a tablespace name");
            t.tablespace = scr_tablespace_resolve(p, ts, line);
        } else if (scr_accept_kw(p, "LOB")) {
            if (t.part_by != SCR_PART_NONE)
                scr_fail(p, "a LOB storage clause after PARTITION BY not understood (Oracle "
                            "takes the column's before the partitions, a partition's in it)");
            scr_lob_storage_clause(p, cols, n);
        } else if (t.part_by == SCR_PART_NONE && scr_accept_kw(p, "PARTITION")) {
            scr_parse_partitioning(p, &t, cols, n, &key_col, partition_lob); /* partition.c */
        } else if (scr_is_kw(p, "ENABLE") || scr_is_kw(p, "DISABLE")) {
            t.row_movement = scr_accept_kw(p, "ENABLE");
            if (!t.row_movement)
                scr_expect_kw(p, "DISABLE");
            scr_expect_kw(p, "ROW");
            scr_expect_kw(p, "MOVEMENT");
        } else if (scr_accept_kw(p, "STORAGE")) {
            uint64_t a = 0, b = 0, c = 0;
            uint32_t g = 0;
            scr_storage_clause(p, &a, &b, &c, &g, 0);
        } else if (scr_accept_kw(p, "SEGMENT")) {
            /* SEGMENT CREATION IMMEDIATE makes the segments with the
             * table; DEFERRED (11.2's default) with its first row */
            scr_expect_kw(p, "CREATION");
            t.immediate = scr_accept_kw(p, "IMMEDIATE");
            if (!t.immediate)
                scr_expect_kw(p, "DEFERRED");
        } else if (!scr_table_property(p)) {
            scr_unexpected(p, "TABLESPACE, LOB (...) STORE AS, SEGMENT CREATION, PCTFREE, PCTUSED, "
                              "INITRANS, MAXTRANS, STORAGE, LOGGING, NOLOGGING, COMPRESS, "
                              "NOCOMPRESS, PARALLEL, NOPARALLEL, CACHE, NOCACHE, PARTITION BY or "
                              "ENABLE ROW MOVEMENT");
        }
    }
    t.ncols = n;
    t.cols = scr_arena_alloc(p->arena, n * sizeof *t.cols);
    memcpy(t.cols, cols, n * sizeof *cols);
    scr_lob_columns_check(p, &t);
    if (pk >= 0)
        t.cols[pk].primary_key = 1;
    if (pk >= 0 && t.cols[pk].type == SCR_COL_NUMBER)
        t.id_col = pk;
    else
        for (uint32_t i = 0; i < n && t.id_col < 0; i++)
            if (t.cols[i].type == SCR_COL_NUMBER)
                t.id_col = (int)i;
    scr_partition_key_check(p, &t, key_col);
    st->table = scr_table_add(p, &t);
}

void scr_parse_create(scr_parser_t *p, scr_stmt_t *st)
{
    int bigfile = scr_accept_kw(p, "BIGFILE");
    if (!bigfile)
        scr_accept_kw(p, "SMALLFILE");
    if (scr_accept_kw(p, "TEMPORARY") || scr_accept_kw(p, "UNDO")) {
        /* a tablespace the script's tables do not go in */
        scr_inert(p, p->toks[p->i - 1].text[0] == 'T' ? "TEMPORARY" : "UNDO");
        if (!scr_is_kw(p, "TABLESPACE"))
            scr_unexpected(p, "TABLESPACE");
    }
    if (scr_accept_kw(p, "TABLESPACE")) {
        create_tablespace(p, st, bigfile);
        return;
    }
    if (bigfile)
        scr_unexpected(p, "TABLESPACE");
    if (scr_accept_kw(p, "TABLE")) {
        create_table(p, st);
        return;
    }
    if (scr_is_kw(p, "TYPE") ||
        (scr_is_kw(p, "OR") && strcmp(scr_peek_at(p, 1)->text, "REPLACE") == 0 &&
         strcmp(scr_peek_at(p, 2)->text, "TYPE") == 0))
        scr_fail(p, "create type not modelled (object types and collections: a LOB "
                    "attribute of an object is not stored by the model)");
    scr_unexpected(p, "TABLE or TABLESPACE");
}

static int table_name(scr_parser_t *p)
{
    char name[SCR_NAME_MAX + 1];
    uint32_t line = scr_peek(p)->line;
    scr_expect_table_name(p, name);
    return scr_table_resolve(p, name, line);
}

static int lob_column(scr_parser_t *p, int table)
{
    scr_expect_sym(p, "(");
    char cn[SCR_NAME_MAX + 1];
    uint32_t line = scr_peek(p)->line;
    scr_expect_name(p, cn, "a LOB column name");
    int c = scr_lob_column_resolve(p, table, cn, line);
    scr_expect_sym(p, ")");
    return c;
}

/* Whether a statement before st changes or reads the rows of table (DML,
 * a block, truncate): a primary key added after it would change what those
 * statements meant in the model. */
static int used_before(const scr_parser_t *p, const scr_stmt_t *st, int table)
{
    for (uint32_t i = 0; i < p->script->nstmts && &p->script->stmts[i] != st; i++) {
        const scr_stmt_t *o = &p->script->stmts[i];
        int dml = o->kind == SCR_INSERT || o->kind == SCR_UPDATE || o->kind == SCR_DELETE;
        if (o->kind == SCR_BLOCK || (o->table == table && (dml || o->kind == SCR_TRUNCATE)) ||
            (o->kind == SCR_INSERT && o->u.dml.from == table && o->u.dml.source == SCR_SRC_TABLE))
            return 1;
    }
    return 0;
}

/*
 * ALTER TABLE T ADD [CONSTRAINT C] PRIMARY KEY (col) | UNIQUE (...) |
 * CHECK (...) | FOREIGN KEY (...) REFERENCES ... (SQL Language Reference,
 * ALTER TABLE, add_table_constraint): DDL without effect on LOB space (the
 * model keeps no index segment).  A primary key then holds as create
 * table's does (ORA-00001 on a duplicate id, the key's access path): only
 * while no statement before has used T's rows, or on the column that
 * already numbers them (its uniqueness from this step on: pk_step), else
 * not supported; a second one is ORA-02260.
 */
static void add_constraint(scr_parser_t *p, scr_stmt_t *st, scr_table_t *t, uint32_t line)
{
    char pk_col[SCR_NAME_MAX + 1], name[SCR_NAME_MAX + 1] = "";
    uint32_t pk_line = line;
    if (!scr_table_constraint(p, pk_col, &pk_line, name))
        scr_unexpected(p, "CONSTRAINT, PRIMARY KEY, UNIQUE, CHECK or FOREIGN KEY");
    st->kind = SCR_NO_EFFECT;
    st->u.head = scr_head_constraints();
    if (pk_col[0] == 0)
        return;
    int c = scr_column_resolve(p, st->table, pk_col, pk_line);
    for (uint32_t i = 0; i < t->ncols; i++)
        if (t->cols[i].primary_key)
            scr_fail_at(p, line, "ORA-02260: table can have only one primary key");
    /* After statements that used the rows, only a key on the column that
     * already numbers them: the earlier statements keep their meaning, the
     * key's uniqueness holds from this step (pk_step) */
    if (used_before(p, st, st->table) && c != t->id_col)
        scr_fail_at(p, line,
                    "a primary key added to %s after statements that use its rows, on a "
                    "column other than its first NUMBER column, not supported (add it "
                    "before them, or in its create table)",
                    t->name);
    if (used_before(p, st, st->table))
        t->pk_step = p->step;
    t->cols[c].primary_key = 1;
    if (t->cols[c].type == SCR_COL_NUMBER)
        t->id_col = c;
    snprintf(t->pk_name, sizeof t->pk_name, "%s", name);
}

/* What may follow a MOVE's segments: ONLINE, table properties, UPDATE
 * [GLOBAL] INDEXES [(...)] (SQL Language Reference, ALTER TABLE,
 * move_table_clause): without effect on the model, which keeps no index
 * segment and no concurrent DML while a segment moves. */
static void move_options(scr_parser_t *p)
{
    for (;;) {
        if (scr_table_property(p) || scr_accept_kw(p, "ONLINE"))
            continue;
        if (scr_is_kw(p, "UPDATE") && (strcmp(scr_peek_at(p, 1)->text, "INDEXES") == 0 ||
                                       strcmp(scr_peek_at(p, 1)->text, "GLOBAL") == 0)) {
            p->i++;
            scr_accept_kw(p, "GLOBAL");
            scr_expect_kw(p, "INDEXES");
            scr_inert(p, "UPDATE INDEXES");
            if (scr_is_sym(p, "("))
                scr_skip_parens(p);
            continue;
        }
        return;
    }
}

void scr_parse_alter(scr_parser_t *p, scr_stmt_t *st)
{
    scr_expect_kw(p, "TABLE");
    st->table = table_name(p);
    scr_table_t *t = &p->script->tables[st->table];
    uint32_t line = st->line;
    if (scr_parse_partition_alter(p, st, t, partition_lob)) /* ADD | DROP PARTITION: partition.c */
        return;
    if (scr_accept_kw(p, "MODIFY")) {
        scr_expect_kw(p, "LOB");
        st->column = lob_column(p, st->table);
        scr_lob_opts_t *cur = scr_lob_now(p, st->table, st->column);
        scr_lob_opts_t o;
        scr_lob_defaults(&o, cur->securefile);
        line = scr_peek(p)->line;
        if (scr_lob_parameters(p, &o, 1, st)) {
            /* SHRINK SPACE: both kinds shrink, BasicFile since 10g,
             * SecureFile from 21c (oracle-base, "ALTER TABLE ... SHRINK
             * SPACE": "basicfile only until 21c"); the 21c form is the one
             * modelled.  DEALLOCATE UNUSED: either kind. */
        } else {
            o.securefile = cur->securefile;
            scr_lob_check(p, &o, line);
            st->kind = SCR_MODIFY_LOB;
            scr_lob_modify(cur, &o, &st->u.lob);
        }
    } else if (scr_is_kw(p, "ENABLE") || scr_is_kw(p, "DISABLE")) {
        st->kind = SCR_ROW_MOVEMENT;
        st->u.row_movement = scr_accept_kw(p, "ENABLE");
        if (!st->u.row_movement)
            scr_expect_kw(p, "DISABLE");
        scr_expect_kw(p, "ROW");
        scr_expect_kw(p, "MOVEMENT");
        t->row_movement = st->u.row_movement;
    } else if (scr_accept_kw(p, "SHRINK")) {
        scr_expect_kw(p, "SPACE");
        /* A table's shrink moves rows: Oracle refuses it without row
         * movement, ORA-10636 "ROW MOVEMENT is not enabled" (errmg). */
        if (!t->row_movement)
            scr_fail_at(p, line, "ORA-10636: ROW MOVEMENT is not enabled");
        st->kind = SCR_SHRINK;
        st->u.shrink_cascade = scr_accept_kw(p, "CASCADE");
        if (!st->u.shrink_cascade)
            scr_accept_kw(p, "COMPACT");
    } else if (scr_is_kw(p, "ALLOCATE")) {
        scr_fail(p,
                 "alter table %s allocate extent not modelled (a table segment's extents follow "
                 "its rows; a LOB segment's follow its LOBs)",
                 t->name);
    } else if (scr_is_kw(p, "DEALLOCATE")) {
        scr_fail(p,
                 "alter table %s deallocate unused not modelled (the table segment's; a "
                 "LOB's is: modify lob (c) (deallocate unused [keep n]))",
                 t->name);
    } else if (scr_accept_kw(p, "MOVE")) {
        if (!scr_is_kw(p, "LOB")) {
            /* ALTER TABLE T MOVE [ONLINE] [TABLESPACE X] [properties]: its
             * rows into a new segment (SQL Language Reference, ALTER TABLE,
             * move_table_clause); a LOB moves only when its clause follows */
            if (t->part_by != SCR_PART_NONE)
                scr_fail(p, "ALTER TABLE ... MOVE of a partitioned table not modelled (MOVE "
                            "PARTITION neither)");
            st->move_table = 1;
            st->kind = SCR_MOVE_LOB;
            st->column = -1;
            scr_accept_kw(p, "ONLINE");
            if (scr_accept_kw(p, "TABLESPACE")) {
                char ts[SCR_NAME_MAX + 1];
                uint32_t tline = scr_peek(p)->line;
                scr_expect_name(p, ts, "a tablespace");
                int k = scr_tablespace_resolve(p, ts, tline);
                if (k != t->tablespace && !(t->tablespace < 0 && strcmp(ts, "USERS") == 0))
                    scr_fail_at(p, tline,
                                "moving a table to another tablespace not modelled (a table "
                                "keeps its tablespace for the whole run)");
            }
            move_options(p);
            if (!scr_accept_kw(p, "LOB")) {
                scr_expect_end(p);
                return;
            }
        } else {
            scr_expect_kw(p, "LOB");
        }
        st->column = lob_column(p, st->table);
        scr_expect_kw(p, "STORE");
        scr_expect_kw(p, "AS");
        int sf = scr_lob_now(p, st->table, st->column)->securefile;
        if (scr_accept_kw(p, "SECUREFILE"))
            sf = 1;
        else if (scr_accept_kw(p, "BASICFILE"))
            sf = 0;
        scr_lob_opts_t o;
        scr_lob_defaults(&o, sf);
        line = scr_peek(p)->line;
        if (scr_peek(p)->kind == SCR_TOK_IDENT || scr_peek(p)->kind == SCR_TOK_QIDENT)
            scr_expect_name(p, o.segment, "a LOB segment name");
        if (scr_is_sym(p, "("))
            (void)scr_lob_parameters(p, &o, 0, NULL);
        scr_lob_check(p, &o, line);
        move_options(p); /* `... store as (...) online` */
        st->kind = SCR_MOVE_LOB;
        st->u.lob = o;
        *scr_lob_now(p, st->table, st->column) = o;
    } else if (scr_is_kw(p, "ADD") && (strcmp(scr_peek_at(p, 1)->text, "CONSTRAINT") == 0 ||
                                       strcmp(scr_peek_at(p, 1)->text, "PRIMARY") == 0 ||
                                       strcmp(scr_peek_at(p, 1)->text, "UNIQUE") == 0 ||
                                       strcmp(scr_peek_at(p, 1)->text, "CHECK") == 0 ||
                                       strcmp(scr_peek_at(p, 1)->text, "FOREIGN") == 0)) {
        p->i++;
        add_constraint(p, st, t, line);
    } else if (scr_is_kw(p, "ADD") && strcmp(scr_peek_at(p, 1)->text, "SUPPLEMENTAL") == 0) {
        /* ADD SUPPLEMENTAL LOG DATA (...) COLUMNS | GROUP g (...) [ALWAYS]
         * (SQL Language Reference, ALTER TABLE, supplemental_table_logging):
         * LogMiner's extra redo columns, which the model does not count; a
         * table property without effect on LOB space */
        p->i += 2;
        scr_expect_kw(p, "LOG");
        if (!scr_accept_kw(p, "DATA"))
            scr_expect_kw(p, "GROUP");
        while (scr_peek(p)->kind != SCR_TOK_EOF)
            p->i++;
        scr_inert(p, "ADD SUPPLEMENTAL LOG (LogMiner's redo columns: not counted)");
        st->kind = SCR_NO_EFFECT;
        st->u.head = scr_head_table_properties();
    } else if (scr_accept_kw(p, "ADD")) {
        scr_parse_add_columns(p, st); /* columns.c */
    } else if (scr_accept_kw(p, "DROP")) {
        scr_parse_drop_columns(p, st);
    } else if (scr_table_property(p)) {
        /* Table properties the model does not use (COMPRESS, PARALLEL,
         * LOGGING, PCTFREE, ...), one or more: a step without effect on
         * LOB space, each listed under --explain (scr_inert()). */
        while (scr_table_property(p))
            ;
        st->kind = SCR_NO_EFFECT;
        st->u.head = scr_head_table_properties();
    } else if (scr_is_kw(p, "RENAME")) {
        scr_fail(p, "ALTER TABLE ... RENAME not modelled (a table and its columns keep their "
                    "names for the whole run)");
    } else {
        scr_unexpected(p, "MODIFY LOB, SHRINK SPACE, MOVE LOB, ADD, DROP COLUMN or a table "
                          "property (COMPRESS, PARALLEL, LOGGING, PCTFREE, ...)");
    }
    scr_expect_end(p);
}

/*
 * DROP TABLESPACE X [INCLUDING CONTENTS [AND | KEEP DATAFILES] [CASCADE
 * CONSTRAINTS]] (SQL Language Reference, DROP TABLESPACE): without
 * INCLUDING CONTENTS a tablespace that holds a table is refused,
 * ORA-01549; with it, its tables go with it.  A table there whose LOB
 * segment is elsewhere (or the reverse) is ORA-22868.
 */
static void drop_tablespace(scr_parser_t *p, scr_stmt_t *st)
{
    char name[SCR_NAME_MAX + 1];
    uint32_t line = scr_peek(p)->line;
    scr_expect_name(p, name, "a tablespace name");
    int ts = scr_tablespace_resolve(p, name, line);
    int contents = scr_accept_kw(p, "INCLUDING");
    if (contents) {
        scr_expect_kw(p, "CONTENTS");
        if (scr_accept_kw(p, "AND") || scr_accept_kw(p, "KEEP")) {
            scr_expect_kw(p, "DATAFILES");
            scr_inert(p, "AND/KEEP DATAFILES");
        }
        if (scr_accept_kw(p, "CASCADE"))
            scr_expect_kw(p, "CONSTRAINTS");
    }
    scr_expect_end(p);
    if (strcmp(name, "SYSTEM") == 0)
        scr_fail_at(p, st->line, "ORA-01550: cannot drop system tablespace");
    scr_script_t *s = p->script;
    int used = 0;
    for (uint32_t i = 0; i < s->ntables; i++) {
        const scr_table_t *t = &s->tables[i];
        if (t->dropped)
            continue;
        /* where the table's segment is, and whether a LOB's is elsewhere */
        int in = t->tablespace == ts, lob_in = 0, split = 0;
        for (uint32_t c = 0; c < t->ncols; c++)
            if (t->cols[c].type == SCR_COL_CLOB || t->cols[c].type == SCR_COL_BLOB) {
                int lts = scr_lob_now(p, (int)i, (int)c)->tablespace;
                int here = lts < 0 ? in : lts == ts;
                lob_in |= here;
                split |= here != in;
            }
        if (!in && !lob_in)
            continue;
        used = 1;
        if (contents && split)
            scr_fail_at(p, st->line,
                        "ORA-22868: table with LOBs contains segments in different tablespaces");
    }
    if (used && !contents)
        scr_fail_at(p, st->line, "ORA-01549: tablespace not empty, use INCLUDING CONTENTS option");
    st->kind = SCR_DROP_TABLESPACE;
    st->u.tablespace = ts;
    for (uint32_t i = 0; i < s->ntables; i++)
        if (!s->tables[i].dropped && s->tables[i].tablespace == ts)
            scr_table_drop(p, (int)i);
    s->tablespaces[ts].dropped = p->step;
}

void scr_parse_drop(scr_parser_t *p, scr_stmt_t *st)
{
    if (scr_accept_kw(p, "TABLESPACE")) {
        drop_tablespace(p, st);
        return;
    }
    scr_expect_kw(p, "TABLE");
    st->kind = SCR_DROP_TABLE;
    st->table = table_name(p);
    if (scr_accept_kw(p, "CASCADE"))
        scr_expect_kw(p, "CONSTRAINTS");
    st->u.drop_purge = scr_accept_kw(p, "PURGE");
    scr_expect_end(p);
    scr_table_drop(p, st->table);
}

void scr_parse_truncate(scr_parser_t *p, scr_stmt_t *st)
{
    scr_expect_kw(p, "TABLE");
    st->kind = SCR_TRUNCATE;
    st->table = table_name(p);
    if (scr_accept_kw(p, "DROP")) {
        scr_accept_kw(p, "ALL");
        scr_expect_kw(p, "STORAGE");
    } else if (scr_accept_kw(p, "REUSE")) {
        scr_expect_kw(p, "STORAGE");
    }
    scr_expect_end(p);
}
