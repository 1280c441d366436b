/*
 * heads.c -- the one table of statement heads that do not touch LOB space:
 * SQL*Plus's own commands, skipped without a step, and the statements that
 * run as a step without effect (users and grants, connect, settings the
 * model does not use, dumps, flushes, checkpoints, log switches, datafile
 * resizing, statistics gathering).  script/README.md, "Statements without
 * effect", prints this table; parse.c asks it (scr_head_find()).
 *
 * A head is matched word by word against the statement's first tokens,
 * the longest head first; `after` is how many tokens at least follow it
 * (`create user;` names no user: refused as malformed).  `commits`: the
 * statement commits the open transaction first, as Oracle's DDL does
 * (CREATE USER, GRANT, ALTER DATABASE) and as DBMS_STATS does (its
 * gathering procedures commit: PL/SQL Packages and Types Reference,
 * DBMS_STATS, "Operational Notes"); SQL*Plus's CONNECT commits too
 * (EXITCOMMIT ON, its default, SQL*Plus User's Guide, SET EXITCOMMIT).
 */
#include <string.h>

#include "script_int.h"

static const scr_head_t heads[] = {
    /* users and grants (SQL Language Reference: CREATE USER, GRANT, ...) */
    {"create user", "users and grants", 1, 1, 1, 0},
    {"alter user", "users and grants", 1, 1, 1, 0},
    {"drop user", "users and grants", 1, 1, 1, 0},
    {"create role", "users and grants", 1, 1, 1, 0},
    {"drop role", "users and grants", 1, 1, 1, 0},
    {"grant", "users and grants", 1, 1, 1, 0},
    {"revoke", "users and grants", 1, 1, 1, 0},
    /* database links: a name a statement's T@LINK reads over (link.c) */
    {"create database link", "database links", 4, 1, 1, 0},
    {"create public database link", "database links", 4, 1, 1, 0},
    {"create shared database link", "database links", 4, 1, 1, 0},
    {"create shared public database link", "database links", 4, 1, 1, 0},
    {"drop database link", "database links", 4, 1, 1, 0},
    {"drop public database link", "database links", 4, 1, 1, 0},
    /* procedures: kept, each call compiled inline (plproc.c); DDL, they
     * commit (SQL Language Reference, CREATE PROCEDURE) */
    {"create procedure", "procedures", 5, 1, 1, 0},
    {"create or replace procedure", "procedures", 5, 1, 1, 0},
    {"create editionable procedure", "procedures", 5, 1, 1, 0},
    {"create noneditionable procedure", "procedures", 5, 1, 1, 0},
    {"create or replace editionable procedure", "procedures", 5, 1, 1, 0},
    {"create or replace noneditionable procedure", "procedures", 5, 1, 1, 0},
    {"drop procedure", "procedures", 5, 1, 1, 0},
    /* indexes of a table's columns: the model keeps no index segment
     * (user_segments lists none; a UNIQUE one's rule is not kept, the
     * primary key's is); DDL, they commit (SQL Language Reference,
     * CREATE INDEX, ALTER INDEX, DROP INDEX) */
    {"create index", "indexes (no index segment is modelled)", 1, 1, 1, 0},
    {"create unique index", "indexes (no index segment is modelled)", 1, 1, 1, 0},
    {"create bitmap index", "indexes (no index segment is modelled)", 1, 1, 1, 0},
    {"alter index", "indexes (no index segment is modelled)", 1, 1, 1, 0},
    {"drop index", "indexes (no index segment is modelled)", 1, 1, 1, 0},
    /* directories: a name for a path of the server's file system (SQL
     * Language Reference, CREATE DIRECTORY); DDL, they commit */
    {"create directory", "directories", 1, 1, 1, 0},
    {"create or replace directory", "directories", 1, 1, 1, 0},
    {"drop directory", "directories", 1, 1, 1, 0},
    /* 23ai's data use case domains: dictionary objects without a segment
     * (SQL Language Reference 23ai, CREATE DOMAIN); DDL, they commit */
    {"create domain", "domains", 1, 1, 1, 0},
    {"create or replace domain", "domains", 1, 1, 1, 0},
    {"alter domain", "domains", 1, 1, 1, 0},
    {"drop domain", "domains", 1, 1, 1, 0},
    /* comments: dictionary text (SQL Language Reference, COMMENT) */
    {"comment on", "comments", 1, 1, 2, 0},
    /* one database: a change of user reaches the same objects by name */
    /* sequences: dictionary objects without a segment (SQL Language
     * Reference, CREATE SEQUENCE); created and dropped ones kept by
     * sequence.c for S.NEXTVAL and S.CURRVAL */
    {"create sequence", "sequences", 6, 1, 1, 0},
    {"alter sequence", "sequences", 1, 1, 1, 0},
    {"drop sequence", "sequences", 6, 1, 1, 0},
    {"connect", "connect (one database, one schema)", 1, 1, 0, 1},
    {"conn", "connect (one database, one schema)", 1, 1, 0, 1},
    {"disconnect", "connect (one database, one schema)", 1, 1, 0, 1},
    /* settings the model does not use (parse.c keeps UNDO_RETENTION and
     * DB_SECUREFILE: they change what the model does); `step` 2: the
     * parameter's name decides */
    {"alter session set", "session and system settings", 2, 0, 3, 0},
    {"alter system set", "session and system settings", 2, 0, 3, 0},
    /* dumps, flushes, checkpoints, log switches */
    {"alter system dump", "dumps", 1, 0, 1, 0},
    {"alter session set events", "dumps", 1, 0, 1, 0},
    {"alter system flush", "flushes, checkpoints and log switches", 1, 0, 1, 0},
    {"alter system checkpoint", "flushes, checkpoints and log switches", 1, 0, 0, 0},
    {"alter system switch logfile", "flushes, checkpoints and log switches", 1, 0, 0, 0},
    {"alter system archive log", "flushes, checkpoints and log switches", 1, 0, 1, 0},
    /* datafile resizing (ALTER DATABASE is DDL: it commits) */
    {"alter database datafile", "datafile resizing", 1, 1, 2, 0},
    {"alter database tempfile", "datafile resizing", 1, 1, 2, 0},
    {"alter tablespace", "datafile resizing", 1, 1, 2, 0},
    /* the recycle bin: the model frees a dropped table's segments at DROP
     * (SQL Language Reference, PURGE) */
    {"purge recyclebin", "recycle bin", 1, 0, 0, 0},
    {"purge user_recyclebin", "recycle bin", 1, 0, 0, 0},
    {"purge dba_recyclebin", "recycle bin", 1, 0, 0, 0},
    /* dbms_random's state (seed, initialize, terminate): the run's --seed
     * gives every draw */
    {"exec dbms_random", "dbms_random's seed (the run's --seed)", 1, 0, 2, 0},
    {"execute dbms_random", "dbms_random's seed (the run's --seed)", 1, 0, 2, 0},
    /* tracing and instrumentation: a trace file, a session's module and
     * action (PL/SQL Packages and Types Reference, DBMS_MONITOR,
     * DBMS_APPLICATION_INFO); neither commits */
    {"exec dbms_monitor", "tracing and instrumentation", 1, 0, 2, 0},
    {"execute dbms_monitor", "tracing and instrumentation", 1, 0, 2, 0},
    {"exec dbms_application_info", "tracing and instrumentation", 1, 0, 2, 0},
    {"execute dbms_application_info", "tracing and instrumentation", 1, 0, 2, 0},
    /* statistics gathering: DBMS_STATS commits */
    {"exec dbms_stats", "statistics gathering", 1, 1, 1, 0},
    {"execute dbms_stats", "statistics gathering", 1, 1, 1, 0},
    {"analyze", "statistics gathering", 1, 1, 2, 0},
    /* SQL*Plus showing a setting */
    {"show parameter", "show parameter", 1, 0, 0, 1},
    {"show parameters", "show parameter", 1, 0, 0, 1},
    {"show sga", "show parameter", 1, 0, 0, 1},
    /* SQL*Plus's own commands: no statement, no step */
    {"set", "SQL*Plus command", 0, 0, 0, 1},
    {"column", "SQL*Plus command", 0, 0, 0, 1},
    {"col", "SQL*Plus command", 0, 0, 0, 1},
    {"spool", "SQL*Plus command", 0, 0, 0, 1},
    {"prompt", "SQL*Plus command", 0, 0, 0, 1},
    {"pro", "SQL*Plus command", 0, 0, 0, 1},
    {"rem", "SQL*Plus command", 0, 0, 0, 1},
    {"remark", "SQL*Plus command", 0, 0, 0, 1},
    {"show", "SQL*Plus command", 0, 0, 0, 1},
    {"sho", "SQL*Plus command", 0, 0, 0, 1},
    {"ttitle", "SQL*Plus command", 0, 0, 0, 1},
    {"btitle", "SQL*Plus command", 0, 0, 0, 1},
    {"tti", "SQL*Plus command", 0, 0, 0, 1},
    {"bti", "SQL*Plus command", 0, 0, 0, 1},
    {"repheader", "SQL*Plus command", 0, 0, 0, 1},
    {"repfooter", "SQL*Plus command", 0, 0, 0, 1},
    {"break", "SQL*Plus command", 0, 0, 0, 1},
    {"compute", "SQL*Plus command", 0, 0, 0, 1},
    {"clear", "SQL*Plus command", 0, 0, 0, 1},
    {"cl", "SQL*Plus command", 0, 0, 0, 1},
    {"define", "SQL*Plus command", 0, 0, 0, 1},
    {"def", "SQL*Plus command", 0, 0, 0, 1},
    {"undefine", "SQL*Plus command", 0, 0, 0, 1},
    {"pause", "SQL*Plus command", 0, 0, 0, 1},
    {"timing", "SQL*Plus command", 0, 0, 0, 1},
    {"desc", "SQL*Plus command", 0, 0, 0, 1},
    {"describe", "SQL*Plus command", 0, 0, 0, 1},
    {"accept", "SQL*Plus command", 0, 0, 0, 1},
    {"store", "SQL*Plus command", 0, 0, 0, 1},
    {"attribute", "SQL*Plus command", 0, 0, 0, 1},
    {"list", "SQL*Plus command", 0, 0, 0, 1},
    {"l", "SQL*Plus command", 0, 0, 0, 1},
    {"password", "SQL*Plus command", 0, 0, 0, 1},
    {"archive", "SQL*Plus command", 0, 0, 0, 1},
    {"recover", "SQL*Plus command", 0, 0, 0, 1},
};

#define NHEADS (sizeof heads / sizeof heads[0])

/*
 * ALTER TABLE T followed only by table properties the model does not use
 * (scr_table_property(): COMPRESS, NOCOMPRESS, PARALLEL, LOGGING, PCTFREE,
 * ...; SQL Language Reference, ALTER TABLE, alter_table_properties).  DDL:
 * it commits.  Not in heads[]: ALTER TABLE's other forms change space, so
 * its words alone do not decide; ddl.c gives it to such a statement.
 */
static const scr_head_t table_properties = {"alter table", "table properties", 1, 1, 1, 0};

/* ALTER TABLE T ADD CONSTRAINT ... (ddl.c): DDL, it commits. */
static const scr_head_t constraints = {"alter table", "constraints", 1, 1, 1, 0};

const scr_head_t *scr_head_constraints(void)
{
    return &constraints;
}

const scr_head_t *scr_head_table_properties(void)
{
    return &table_properties;
}

const scr_head_t *scr_heads(size_t *n)
{
    *n = NHEADS;
    return heads;
}

/* How many words of `words` the tokens from toks match, all of them, or 0. */
static uint32_t match(const char *words, const scr_tok_t *toks, uint32_t ntoks)
{
    uint32_t k = 0;
    for (const char *w = words; *w;) {
        const char *e = strchr(w, ' ');
        size_t n = e ? (size_t)(e - w) : strlen(w);
        if (k >= ntoks || toks[k].kind != SCR_TOK_IDENT || toks[k].len != n)
            return 0;
        for (size_t i = 0; i < n; i++)
            if (toks[k].text[i] != (char)(w[i] - ('a' <= w[i] && w[i] <= 'z' ? 'a' - 'A' : 0)))
                return 0;
        k++;
        w += n;
        while (*w == ' ')
            w++;
    }
    return k;
}

const scr_head_t *scr_head_find(const scr_tok_t *toks, uint32_t ntoks, uint32_t *words)
{
    const scr_head_t *best = NULL;
    uint32_t most = 0;
    for (size_t i = 0; i < NHEADS; i++) {
        uint32_t k = match(heads[i].words, toks, ntoks);
        if (k > most) {
            most = k;
            best = &heads[i];
        }
    }
    *words = most;
    return best;
}
