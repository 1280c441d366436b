/*
 * clauses.c -- the parts of Oracle's DDL that tools and people write around
 * what the model uses: the storage_clause, a column's data type, default
 * and constraints, and a table's physical attributes and properties (SQL
 * Language Reference, 19c: CREATE TABLE, "physical_attributes_clause",
 * "storage_clause", "column_definition", "inline_constraint",
 * "out_of_line_constraint").  Every clause parses; a clause the model does
 * not use is named once in the statement's list of clauses without effect
 * (scr_inert(), shown under --explain).
 */
#include <stdio.h>
#include <string.h>

#include "script_int.h"

/* A LOB column's options before its storage clause: Oracle's defaults
 * (SQL Language Reference, LOB_storage_parameters). */
void scr_lob_defaults(scr_lob_opts_t *o, int securefile)
{
    memset(o, 0, sizeof *o);
    o->securefile = securefile;
    o->cache = SCR_CACHE_NO;
    o->logging = SCR_LOG_YES;
    o->retention = SCR_RET_DEFAULT;
    o->deduplicate = 0;
    o->compress = SCR_COMPRESS_NONE;
    o->chunk = 0;
    o->pctversion = 10;
    o->in_row = 1;
    o->tablespace = -1;
}

/* `( ... )` skipped whole, nested parentheses included (a CHECK condition,
 * a default's call): the model does not evaluate them. */
void scr_skip_parens(scr_parser_t *p)
{
    scr_expect_sym(p, "(");
    for (int depth = 1; depth > 0;) {
        const scr_tok_t *t = scr_peek(p);
        if (t->kind == SCR_TOK_EOF)
            scr_unexpected(p, "')'");
        if (t->kind == SCR_TOK_SYM && strcmp(t->text, "(") == 0)
            depth++;
        else if (t->kind == SCR_TOK_SYM && strcmp(t->text, ")") == 0)
            depth--;
        p->i++;
    }
}

static void default_pool(scr_parser_t *p, const char *what)
{
    if (!scr_accept_kw(p, "DEFAULT") && !scr_accept_kw(p, "KEEP") && !scr_accept_kw(p, "RECYCLE") &&
        !(strcmp(what, "BUFFER_POOL") != 0 && scr_accept_kw(p, "NONE")))
        scr_unexpected(p, strcmp(what, "BUFFER_POOL") == 0 ? "DEFAULT, KEEP or RECYCLE"
                                                           : "DEFAULT, KEEP or NONE");
    scr_inert(p, what);
}

void scr_storage_clause(scr_parser_t *p, uint64_t *initial, uint64_t *next, uint64_t *maxsize,
                        uint32_t *given, int lob)
{
    scr_expect_sym(p, "(");
    do {
        if (scr_accept_kw(p, "INITIAL")) {
            *initial = scr_expect_uint(p, 1, SIM_MAX_SEGMENT_BYTES, 1, "initial");
            *given |= SCR_GIVEN_INITIAL;
            if (!lob)
                scr_inert(p, "STORAGE (INITIAL) of the table segment");
        } else if (scr_accept_kw(p, "NEXT")) {
            /* NEXT 0K as 9i's export writes it for a locally managed
             * tablespace (tests/published/01): NEXT has no effect there */
            *next = scr_expect_uint(p, 0, SIM_MAX_SEGMENT_BYTES, 1, "next");
            *given |= SCR_GIVEN_NEXT;
            scr_inert(p, "STORAGE (NEXT)");
        } else if (scr_accept_kw(p, "MAXSIZE")) {
            *given |= SCR_GIVEN_MAXSIZE;
            if (scr_accept_kw(p, "UNLIMITED"))
                *maxsize = 0;
            else
                *maxsize = scr_expect_uint(p, 1, SIM_MAX_SEGMENT_BYTES, 1, "maxsize");
            if (!lob)
                scr_inert(p, "STORAGE (MAXSIZE) of the table segment");
        } else if (scr_accept_kw(p, "MINEXTENTS")) {
            (void)scr_expect_uint(p, 1, 2147483645, 0, "minextents");
            scr_inert(p, "STORAGE (MINEXTENTS)");
        } else if (scr_accept_kw(p, "PCTINCREASE")) {
            (void)scr_expect_uint(p, 0, 2147483645, 0, "pctincrease");
            scr_inert(p, "STORAGE (PCTINCREASE)");
        } else if (scr_accept_kw(p, "MAXEXTENTS")) {
            if (!scr_accept_kw(p, "UNLIMITED"))
                (void)scr_expect_uint(p, 1, 2147483645, 0, "maxextents");
            scr_inert(p, "STORAGE (MAXEXTENTS)");
        } else if (scr_accept_kw(p, "FREELISTS")) {
            (void)scr_expect_uint(p, 1, 32767, 0, "freelists");
            scr_inert(p, "STORAGE (FREELISTS)");
        } else if (scr_accept_kw(p, "FREELIST")) {
            scr_expect_kw(p, "GROUPS");
            (void)scr_expect_uint(p, 1, 32767, 0, "freelist groups");
            scr_inert(p, "STORAGE (FREELIST GROUPS)");
        } else if (scr_accept_kw(p, "OPTIMAL")) {
            if (!scr_accept_kw(p, "NULL"))
                (void)scr_expect_uint(p, 0, SIM_MAX_SEGMENT_BYTES, 1, "optimal");
            scr_inert(p, "STORAGE (OPTIMAL)");
        } else if (scr_accept_kw(p, "BUFFER_POOL")) {
            default_pool(p, "BUFFER_POOL");
        } else if (scr_accept_kw(p, "FLASH_CACHE")) {
            default_pool(p, "FLASH_CACHE");
        } else if (scr_accept_kw(p, "CELL_FLASH_CACHE")) {
            default_pool(p, "CELL_FLASH_CACHE");
        } else if (scr_accept_kw(p, "ENCRYPT")) {
            scr_inert(p, "STORAGE (ENCRYPT)");
        } else {
            scr_unexpected(p, "INITIAL, NEXT, MINEXTENTS, MAXEXTENTS, MAXSIZE, PCTINCREASE, "
                              "FREELISTS, FREELIST GROUPS, OPTIMAL, BUFFER_POOL, FLASH_CACHE or "
                              "CELL_FLASH_CACHE");
        }
    } while (!scr_is_sym(p, ")"));
    scr_expect_sym(p, ")");
}

/* (N [BYTE | CHAR]) of a character type, N in [1, max]. */
static uint32_t char_length(scr_parser_t *p, uint64_t max, const char *what)
{
    scr_expect_sym(p, "(");
    uint32_t n = (uint32_t)scr_expect_uint(p, 1, max, 0, what);
    if (!scr_accept_kw(p, "BYTE"))
        scr_accept_kw(p, "CHAR");
    scr_expect_sym(p, ")");
    return n;
}

/* NUMBER's (p[, s]) or (*[, s]); FLOAT's (p). */
static void precision(scr_parser_t *p, uint64_t pmax, int scale)
{
    if (!scr_accept_sym(p, "("))
        return;
    if (!scr_accept_sym(p, "*"))
        (void)scr_expect_uint(p, 1, pmax, 0, "precision");
    if (scale && scr_accept_sym(p, ",")) {
        scr_accept_sym(p, "-");
        (void)scr_expect_uint(p, 0, 127, 0, "scale");
    }
    scr_expect_sym(p, ")");
}

void scr_column_type(scr_parser_t *p, scr_column_t *c)
{
    uint32_t vmax = scr_sql_varchar_max(p->opts);
    if (scr_accept_kw(p, "NUMBER") || scr_accept_kw(p, "DECIMAL") || scr_accept_kw(p, "DEC") ||
        scr_accept_kw(p, "NUMERIC")) {
        c->type = SCR_COL_NUMBER;
        precision(p, 38, 1);
    } else if (scr_accept_kw(p, "INTEGER") || scr_accept_kw(p, "INT") ||
               scr_accept_kw(p, "SMALLINT")) {
        c->type = SCR_COL_NUMBER;
    } else if (scr_accept_kw(p, "FLOAT")) {
        c->type = SCR_COL_NUMBER;
        precision(p, 126, 0);
    } else if (scr_accept_kw(p, "BINARY_FLOAT") || scr_accept_kw(p, "BINARY_DOUBLE")) {
        c->type = SCR_COL_NUMBER;
    } else if (scr_accept_kw(p, "VARCHAR2") || scr_accept_kw(p, "VARCHAR") ||
               scr_accept_kw(p, "NVARCHAR2")) {
        c->type = SCR_COL_VARCHAR;
        c->varchar_len = char_length(p, vmax, "varchar2 length");
    } else if (scr_accept_kw(p, "CHAR") || scr_accept_kw(p, "NCHAR")) {
        c->type = SCR_COL_VARCHAR;
        c->varchar_len = scr_is_sym(p, "(") ? char_length(p, 2000, "char length") : 1;
    } else if (scr_accept_kw(p, "RAW")) {
        c->type = SCR_COL_VARCHAR;
        scr_expect_sym(p, "(");
        c->varchar_len = (uint32_t)scr_expect_uint(p, 1, vmax, 0, "raw length");
        scr_expect_sym(p, ")");
    } else if (scr_accept_kw(p, "CLOB")) {
        c->type = SCR_COL_CLOB;
    } else if (scr_accept_kw(p, "BLOB")) {
        c->type = SCR_COL_BLOB;
    } else if (scr_accept_kw(p, "DATE")) {
        c->type = SCR_COL_DATE;
    } else if (scr_accept_kw(p, "TIMESTAMP")) {
        c->type = SCR_COL_DATE;
        if (scr_accept_sym(p, "(")) {
            (void)scr_expect_uint(p, 0, 9, 0, "fractional seconds precision");
            scr_expect_sym(p, ")");
        }
        if (scr_accept_kw(p, "WITH")) {
            scr_accept_kw(p, "LOCAL");
            scr_expect_kw(p, "TIME");
            scr_expect_kw(p, "ZONE");
        }
    } else {
        scr_unexpected(p, "a column type (NUMBER[(p[,s])], INTEGER, INT, SMALLINT, FLOAT, "
                          "VARCHAR2(N [BYTE|CHAR]), CHAR, NVARCHAR2, RAW(N), CLOB, BLOB, DATE, "
                          "TIMESTAMP)");
    }
    /* GENERATED [ALWAYS | BY DEFAULT [ON NULL]] AS IDENTITY [(options)]
     * (SQL Language Reference, CREATE TABLE, identity_clause): its values
     * 1, 2, 3, ... as rows come without one (the sequence's options, its
     * START WITH and INCREMENT BY, not modelled: listed) */
    if (scr_accept_kw(p, "GENERATED")) {
        uint32_t line = p->toks[p->i - 1].line;
        c->identity = 1;
        if (!scr_accept_kw(p, "ALWAYS") && scr_accept_kw(p, "BY")) {
            scr_expect_kw(p, "DEFAULT");
            c->identity = 2;
            if (scr_accept_kw(p, "ON")) {
                scr_expect_kw(p, "NULL");
                c->identity = 3;
            }
        }
        scr_expect_kw(p, "AS");
        scr_expect_kw(p, "IDENTITY");
        if (scr_is_sym(p, "(")) {
            scr_skip_parens(p);
            scr_inert(p, "identity options (START WITH, INCREMENT BY, ...: 1, 2, 3, ...)");
        }
        if (c->type != SCR_COL_NUMBER)
            scr_fail_at(p, line, "ORA-30675: identity column must be a numeric type");
    }
}

/* REFERENCES T [(col)] [ON DELETE CASCADE | SET NULL]: the parent must
 * exist (ORA-00942); the model keeps no foreign keys. */
static void references(scr_parser_t *p)
{
    char name[SCR_NAME_MAX + 1];
    uint32_t line = scr_peek(p)->line;
    scr_expect_table_name(p, name);
    (void)scr_table_resolve(p, name, line);
    if (scr_is_sym(p, "("))
        scr_skip_parens(p);
    if (scr_accept_kw(p, "ON")) {
        scr_expect_kw(p, "DELETE");
        if (!scr_accept_kw(p, "CASCADE")) {
            scr_expect_kw(p, "SET");
            scr_expect_kw(p, "NULL");
        }
    }
    scr_inert(p, "REFERENCES");
}

/* A constraint's state after it: ENABLE, DISABLE, VALIDATE, NOVALIDATE,
 * DEFERRABLE, INITIALLY ..., USING INDEX [...]: the model keeps no index. */
static void constraint_state(scr_parser_t *p)
{
    for (;;) {
        if (scr_is_kw(p, "ENABLE") && strcmp(scr_peek_at(p, 1)->text, "ROW") != 0) {
            p->i++;
        } else if (scr_is_kw(p, "DISABLE") && strcmp(scr_peek_at(p, 1)->text, "ROW") != 0) {
            p->i++;
        } else if (scr_accept_kw(p, "VALIDATE") || scr_accept_kw(p, "NOVALIDATE") ||
                   scr_accept_kw(p, "DEFERRABLE") || scr_accept_kw(p, "RELY") ||
                   scr_accept_kw(p, "NORELY")) {
        } else if (scr_accept_kw(p, "INITIALLY")) {
            if (!scr_accept_kw(p, "IMMEDIATE"))
                scr_expect_kw(p, "DEFERRED");
        } else if (scr_accept_kw(p, "USING")) {
            scr_expect_kw(p, "INDEX");
            scr_inert(p, "USING INDEX");
            if (scr_is_sym(p, "(")) {
                scr_skip_parens(p);
            } else {
                /* USING INDEX TABLESPACE X and its physical attributes */
                while (scr_is_kw(p, "TABLESPACE") || scr_is_kw(p, "PCTFREE") ||
                       scr_is_kw(p, "INITRANS") || scr_is_kw(p, "MAXTRANS") ||
                       scr_is_kw(p, "STORAGE") || scr_is_kw(p, "LOGGING") ||
                       scr_is_kw(p, "NOLOGGING") || scr_is_kw(p, "COMPUTE")) {
                    if (scr_accept_kw(p, "TABLESPACE")) {
                        char ts[SCR_NAME_MAX + 1];
                        uint32_t line = scr_peek(p)->line;
                        scr_expect_name(p, ts, "a tablespace name");
                        (void)scr_tablespace_resolve(p, ts, line);
                    } else if (scr_accept_kw(p, "STORAGE")) {
                        scr_skip_parens(p);
                    } else if (scr_accept_kw(p, "COMPUTE")) {
                        scr_expect_kw(p, "STATISTICS");
                    } else if (scr_accept_kw(p, "LOGGING") || scr_accept_kw(p, "NOLOGGING")) {
                    } else {
                        p->i++;
                        (void)scr_expect_uint(p, 0, 255, 0, "pctfree/initrans/maxtrans");
                    }
                }
            }
        } else {
            return;
        }
    }
}

int scr_column_constraints(scr_parser_t *p, char pk_name[SCR_NAME_MAX + 1])
{
    int pk = 0;
    char cn[SCR_NAME_MAX + 1] = ""; /* the name of the constraint that follows */
    for (;;) {
        if (scr_accept_kw(p, "CONSTRAINT")) {
            scr_expect_name(p, cn, "a constraint name");
            if (!scr_is_kw(p, "PRIMARY") && !scr_is_kw(p, "NOT") && !scr_is_kw(p, "NULL") &&
                !scr_is_kw(p, "UNIQUE") && !scr_is_kw(p, "CHECK") && !scr_is_kw(p, "REFERENCES"))
                scr_unexpected(p, "PRIMARY KEY, NOT NULL, NULL, UNIQUE, CHECK or REFERENCES");
        } else if (scr_accept_kw(p, "PRIMARY")) {
            scr_expect_kw(p, "KEY");
            pk = 1;
            snprintf(pk_name, SCR_NAME_MAX + 1, "%s", cn);
            cn[0] = '\0';
            constraint_state(p);
        } else if (scr_accept_kw(p, "NOT")) {
            scr_expect_kw(p, "NULL");
            cn[0] = '\0';
            constraint_state(p);
        } else if (scr_accept_kw(p, "NULL")) {
        } else if (scr_accept_kw(p, "UNIQUE")) {
            scr_inert(p, "UNIQUE");
            constraint_state(p);
        } else if (scr_accept_kw(p, "CHECK")) {
            scr_skip_parens(p);
            scr_inert(p, "CHECK");
            constraint_state(p);
        } else if (scr_accept_kw(p, "REFERENCES")) {
            references(p);
            constraint_state(p);
        } else if (scr_accept_kw(p, "ENCRYPT")) {
            /* column encryption (SQL Language Reference, CREATE TABLE,
             * encryption_spec): ENCRYPT [USING 'alg'] [IDENTIFIED BY pw]
             * ['integrity alg'] [[NO] SALT]; the model keeps no cipher text,
             * a LOB's bytes as if clear */
            if (scr_accept_kw(p, "USING")) {
                if (scr_peek(p)->kind != SCR_TOK_STRING)
                    scr_unexpected(p, "an encryption algorithm ('AES256', ...)");
                p->i++;
            }
            if (scr_accept_kw(p, "IDENTIFIED")) {
                scr_expect_kw(p, "BY");
                scr_expect_name(p, (char[SCR_NAME_MAX + 1]){0}, "a password");
            }
            if (scr_peek(p)->kind == SCR_TOK_STRING)
                p->i++; /* the integrity algorithm */
            if (scr_accept_kw(p, "NO"))
                scr_expect_kw(p, "SALT");
            else
                scr_accept_kw(p, "SALT");
            scr_inert(p, "ENCRYPT (column encryption: sizes as if clear)");
        } else if (scr_accept_kw(p, "DEFAULT")) {
            /* DEFAULT [ON NULL] expr: up to the next constraint, ',' or ')' */
            if (scr_accept_kw(p, "ON"))
                scr_expect_kw(p, "NULL");
            uint32_t from = p->i;
            while (scr_peek(p)->kind != SCR_TOK_EOF && !scr_is_sym(p, ",") && !scr_is_sym(p, ")") &&
                   !scr_is_kw(p, "CONSTRAINT") && !scr_is_kw(p, "PRIMARY") &&
                   !scr_is_kw(p, "NOT") && !scr_is_kw(p, "NULL") && !scr_is_kw(p, "UNIQUE") &&
                   !scr_is_kw(p, "CHECK") && !scr_is_kw(p, "REFERENCES")) {
                if (scr_is_sym(p, "("))
                    scr_skip_parens(p);
                else
                    p->i++;
            }
            if (p->i == from)
                scr_unexpected(p, "a default value");
            scr_inert(p, "DEFAULT");
        } else {
            return pk;
        }
    }
}

/*
 * An out-of-line constraint of create table ([CONSTRAINT c] PRIMARY KEY
 * (cols) | UNIQUE (cols) | CHECK (cond) | FOREIGN KEY (cols) REFERENCES
 * ...): 1 when it is one, with the primary key's first column's name in
 * pk_col ("" for the others) and its constraint's name in pk_name ("" when
 * Oracle names it).
 */
int scr_table_constraint(scr_parser_t *p, char pk_col[SCR_NAME_MAX + 1], uint32_t *line,
                         char pk_name[SCR_NAME_MAX + 1])
{
    pk_col[0] = 0;
    uint32_t at = p->i;
    char cn[SCR_NAME_MAX + 1] = "";
    if (scr_accept_kw(p, "CONSTRAINT"))
        scr_expect_name(p, cn, "a constraint name");
    if (scr_accept_kw(p, "PRIMARY")) {
        scr_expect_kw(p, "KEY");
        snprintf(pk_name, SCR_NAME_MAX + 1, "%s", cn);
        scr_expect_sym(p, "(");
        *line = scr_peek(p)->line;
        scr_expect_name(p, pk_col, "a column name");
        while (scr_accept_sym(p, ",")) {
            char more[SCR_NAME_MAX + 1];
            scr_expect_name(p, more, "a column name");
        }
        scr_expect_sym(p, ")");
    } else if (scr_accept_kw(p, "UNIQUE")) {
        scr_skip_parens(p);
        scr_inert(p, "UNIQUE");
    } else if (scr_accept_kw(p, "CHECK")) {
        scr_skip_parens(p);
        scr_inert(p, "CHECK");
    } else if (scr_accept_kw(p, "FOREIGN")) {
        scr_expect_kw(p, "KEY");
        scr_skip_parens(p);
        scr_expect_kw(p, "REFERENCES");
        references(p);
    } else {
        if (p->i != at)
            scr_unexpected(p, "PRIMARY KEY, UNIQUE, CHECK or FOREIGN KEY");
        return 0;
    }
    constraint_state(p);
    return 1;
}

/*
 * One of a table's physical attributes and properties that the model does
 * not use, after the columns (1 when it was one): PCTUSED, INITRANS,
 * MAXTRANS, COMPRESS and NOCOMPRESS, PARALLEL and NOPARALLEL, CACHE and
 * NOCACHE, MONITORING, ORGANIZATION HEAP, LOGGING, ...
 */
int scr_table_property(scr_parser_t *p)
{
    if (scr_accept_kw(p, "PCTUSED") || scr_accept_kw(p, "INITRANS") ||
        scr_accept_kw(p, "MAXTRANS")) {
        const char *what = p->toks[p->i - 1].text;
        (void)scr_expect_uint(p, 0, 255, 0, "pctused/initrans/maxtrans");
        scr_inert(p, what);
    } else if (scr_accept_kw(p, "PCTFREE")) {
        (void)scr_expect_uint(p, 0, 99, 0, "pctfree");
        scr_inert(p, "PCTFREE (the model's life.pctfree applies)");
    } else if (scr_accept_kw(p, "NOCOMPRESS")) {
        scr_inert(p, "NOCOMPRESS");
    } else if (scr_accept_kw(p, "COMPRESS")) {
        if (scr_accept_kw(p, "FOR")) {
            if (!scr_accept_kw(p, "OLTP") && !scr_accept_kw(p, "ALL") &&
                !scr_accept_kw(p, "DIRECT_LOAD"))
                scr_unexpected(p, "OLTP, ALL OPERATIONS or DIRECT_LOAD OPERATIONS");
            scr_accept_kw(p, "OPERATIONS");
        } else {
            scr_accept_kw(p, "BASIC");
        }
        scr_inert(p, "COMPRESS (the table's rows; its LOBs are the LOB clause's)");
    } else if (scr_is_kw(p, "ROW") && strcmp(scr_peek_at(p, 1)->text, "STORE") == 0) {
        p->i += 2;
        scr_expect_kw(p, "COMPRESS");
        if (!scr_accept_kw(p, "BASIC"))
            scr_accept_kw(p, "ADVANCED");
        scr_inert(p, "ROW STORE COMPRESS (the table's rows)");
    } else if (scr_accept_kw(p, "NOPARALLEL")) {
        scr_inert(p, "NOPARALLEL");
    } else if (scr_accept_kw(p, "PARALLEL")) {
        if (scr_peek(p)->kind == SCR_TOK_NUMBER)
            (void)scr_expect_uint(p, 1, 65535, 0, "parallel degree");
        scr_inert(p, "PARALLEL");
    } else if (scr_accept_kw(p, "CACHE") || scr_accept_kw(p, "NOCACHE")) {
        scr_inert(p, "CACHE/NOCACHE of the table");
    } else if (scr_accept_kw(p, "MONITORING") || scr_accept_kw(p, "NOMONITORING")) {
        scr_inert(p, "MONITORING");
    } else if (scr_accept_kw(p, "ORGANIZATION")) {
        scr_expect_kw(p, "HEAP");
        scr_inert(p, "ORGANIZATION HEAP");
    } else if (scr_accept_kw(p, "LOGGING") || scr_accept_kw(p, "NOLOGGING")) {
        scr_inert(p, "LOGGING/NOLOGGING of the table (its LOBs' is the LOB clause's)");
    } else {
        return 0;
    }
    return 1;
}

void scr_lob_column_list(scr_parser_t *p, const scr_column_t *cols, uint32_t ncols, int which[64],
                         int *nw)
{
    scr_expect_sym(p, "(");
    *nw = 0;
    do {
        char cn[SCR_NAME_MAX + 1];
        uint32_t line = scr_peek(p)->line;
        scr_expect_name(p, cn, "a LOB column name");
        int found = -1;
        for (uint32_t i = 0; i < ncols; i++)
            if (strcmp(cols[i].name, cn) == 0)
                found = (int)i;
        char q[64];
        scr_quote(cn, strlen(cn), q, sizeof q);
        if (found < 0)
            scr_fail_at(p, line, "ORA-00904: \"%s\": invalid identifier", q);
        if (cols[found].type != SCR_COL_CLOB && cols[found].type != SCR_COL_BLOB)
            scr_fail_at(p, line, "column \"%s\" is not a LOB (CLOB or BLOB) column", q);
        if (*nw < 64)
            which[(*nw)++] = found;
    } while (scr_accept_sym(p, ","));
    scr_expect_sym(p, ")");
    scr_expect_kw(p, "STORE");
    scr_expect_kw(p, "AS");
}
