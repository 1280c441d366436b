/*
 * lobclause.c -- the LOB storage clause (SQL Language Reference, CREATE
 * TABLE, "LOB_storage_clause" and "LOB_parameters", 19c): `LOB (c[, c])
 * STORE AS [SECUREFILE | BASICFILE] [segment] [(parameters)]` of a create
 * table (ddl.c) or of an alter table ... add of LOB columns (columns.c),
 * and the parameters of a MODIFY LOB and a MOVE LOB (ddl.c) and of a
 * partition (partition.c): its options in any order, each at most once.
 * Defaults are Oracle's: NOCACHE, LOGGING, ENABLE STORAGE IN ROW,
 * KEEP_DUPLICATES, NOCOMPRESS, CHUNK one block, PCTVERSION 10 for a
 * BasicFile, RETENTION AUTO for a SecureFile.
 */
#include <stdio.h>
#include <string.h>

#include "script_int.h"

static void once(scr_parser_t *p, scr_lob_opts_t *o, uint32_t bit, const char *what)
{
    if (o->given & bit)
        scr_fail(p, "%s given twice in one LOB storage clause", what);
    o->given |= bit;
}

/*
 * The LOB parameters inside the parentheses of STORE AS ... ( ... ) or
 * MODIFY LOB (c) ( ... ); `modify` allows SHRINK SPACE and DEALLOCATE
 * UNUSED (st's kind set, returned 1) and refuses what only a create may
 * say.
 */
int scr_lob_parameters(scr_parser_t *p, scr_lob_opts_t *o, int modify, scr_stmt_t *st)
{
    scr_expect_sym(p, "(");
    if (modify && scr_accept_kw(p, "SHRINK")) {
        scr_expect_kw(p, "SPACE");
        st->kind = SCR_SHRINK;
        st->u.shrink_cascade = scr_accept_kw(p, "CASCADE");
        scr_expect_sym(p, ")");
        return 1;
    }
    if (modify && scr_accept_kw(p, "DEALLOCATE")) {
        /* deallocate_unused_clause (SQL Language Reference, ALTER TABLE):
         * DEALLOCATE UNUSED [KEEP integer [K | M | G | T]] */
        scr_expect_kw(p, "UNUSED");
        st->kind = SCR_DEALLOCATE;
        st->u.dealloc.keep_given = scr_accept_kw(p, "KEEP");
        st->u.dealloc.keep_bytes =
            st->u.dealloc.keep_given ? scr_expect_uint(p, 0, SIM_MAX_SEGMENT_BYTES, 1, "keep") : 0;
        scr_expect_sym(p, ")");
        return 1;
    }
    do {
        const scr_tok_t *t = scr_peek(p);
        if (scr_accept_kw(p, "CACHE")) {
            once(p, o, SCR_GIVEN_CACHE, "CACHE");
            o->cache = scr_accept_kw(p, "READS") ? SCR_CACHE_READS : SCR_CACHE_YES;
        } else if (scr_accept_kw(p, "NOCACHE")) {
            once(p, o, SCR_GIVEN_CACHE, "NOCACHE");
            o->cache = SCR_CACHE_NO;
        } else if (scr_accept_kw(p, "LOGGING")) {
            once(p, o, SCR_GIVEN_LOGGING, "LOGGING");
            o->logging = SCR_LOG_YES;
        } else if (scr_accept_kw(p, "NOLOGGING")) {
            once(p, o, SCR_GIVEN_LOGGING, "NOLOGGING");
            o->logging = SCR_LOG_NO;
        } else if (scr_accept_kw(p, "FILESYSTEM_LIKE_LOGGING")) {
            once(p, o, SCR_GIVEN_LOGGING, "FILESYSTEM_LIKE_LOGGING");
            o->logging = SCR_LOG_FILESYSTEM;
        } else if (scr_accept_kw(p, "RETENTION")) {
            once(p, o, SCR_GIVEN_RETENTION, "RETENTION");
            if (scr_accept_kw(p, "AUTO")) {
                o->retention = SCR_RET_AUTO;
            } else if (scr_accept_kw(p, "MIN")) {
                o->retention = SCR_RET_MIN;
                o->retention_min = scr_expect_uint(p, 0, 2147483647, 0, "retention min");
            } else if (scr_accept_kw(p, "MAX")) {
                o->retention = SCR_RET_MAX;
            } else if (scr_accept_kw(p, "NONE")) {
                o->retention = SCR_RET_NONE;
            } else {
                o->retention = SCR_RET_PLAIN;
            }
        } else if (scr_accept_kw(p, "PCTVERSION")) {
            once(p, o, SCR_GIVEN_PCTVERSION, "PCTVERSION");
            o->pctversion = (uint32_t)scr_expect_uint(p, 0, 100, 0, "pctversion");
        } else if (scr_accept_kw(p, "FREEPOOLS")) {
            once(p, o, SCR_GIVEN_FREEPOOLS, "FREEPOOLS");
            o->freepools = (uint32_t)scr_expect_uint(p, 1, 32767, 0, "freepools");
        } else if (scr_accept_kw(p, "DEDUPLICATE")) {
            once(p, o, SCR_GIVEN_DEDUP, "DEDUPLICATE");
            o->deduplicate = 1;
        } else if (scr_accept_kw(p, "KEEP_DUPLICATES")) {
            once(p, o, SCR_GIVEN_DEDUP, "KEEP_DUPLICATES");
            o->deduplicate = 0;
        } else if (scr_accept_kw(p, "COMPRESS")) {
            once(p, o, SCR_GIVEN_COMPRESS, "COMPRESS");
            o->compress = scr_accept_kw(p, "LOW") ? SCR_COMPRESS_LOW
                          : scr_accept_kw(p, "HIGH")
                              ? SCR_COMPRESS_HIGH
                              : (scr_accept_kw(p, "MEDIUM"), SCR_COMPRESS_MEDIUM);
        } else if (scr_accept_kw(p, "NOCOMPRESS")) {
            once(p, o, SCR_GIVEN_COMPRESS, "NOCOMPRESS");
            o->compress = SCR_COMPRESS_NONE;
        } else if (scr_accept_kw(p, "ENCRYPT") || scr_accept_kw(p, "DECRYPT")) {
            once(p, o, SCR_GIVEN_ENCRYPT, "ENCRYPT");
        } else if (!modify && scr_accept_kw(p, "CHUNK")) {
            once(p, o, SCR_GIVEN_CHUNK, "CHUNK");
            o->chunk = (uint32_t)scr_expect_uint(p, 1, 32768, 1, "chunk");
        } else if (!modify && (scr_is_kw(p, "ENABLE") || scr_is_kw(p, "DISABLE"))) {
            once(p, o, SCR_GIVEN_IN_ROW, "ENABLE/DISABLE STORAGE IN ROW");
            o->in_row = scr_accept_kw(p, "ENABLE");
            if (!o->in_row)
                scr_expect_kw(p, "DISABLE");
            scr_expect_kw(p, "STORAGE");
            scr_expect_kw(p, "IN");
            scr_expect_kw(p, "ROW");
        } else if (!modify && scr_accept_kw(p, "INDEX")) {
            /* the LOB index clause (deprecated since 8i: Oracle names and
             * places the LOB index itself) */
            if (scr_peek(p)->kind == SCR_TOK_IDENT || scr_peek(p)->kind == SCR_TOK_QIDENT)
                p->i++;
            scr_skip_parens(p);
            scr_inert(p, "INDEX (the LOB index clause)");
        } else if (!modify && scr_accept_kw(p, "STORAGE")) {
            scr_storage_clause(p, &o->initial, &o->next, &o->maxsize, &o->given, 1);
        } else if (!modify && scr_accept_kw(p, "TABLESPACE")) {
            char ts[SCR_NAME_MAX + 1];
            scr_expect_name(p, ts, "a tablespace name");
            o->tablespace = scr_tablespace_resolve(p, ts, t->line);
        } else {
            scr_unexpected(p, modify ? "a LOB option (CACHE, NOCACHE, LOGGING, NOLOGGING, "
                                       "RETENTION, DEDUPLICATE, KEEP_DUPLICATES, COMPRESS, "
                                       "NOCOMPRESS, PCTVERSION, SHRINK SPACE, "
                                       "DEALLOCATE UNUSED)"
                                     : "a LOB option (CACHE, NOCACHE, LOGGING, NOLOGGING, "
                                       "FILESYSTEM_LIKE_LOGGING, RETENTION, DEDUPLICATE, "
                                       "KEEP_DUPLICATES, COMPRESS, NOCOMPRESS, CHUNK, "
                                       "PCTVERSION, FREEPOOLS, ENABLE|DISABLE STORAGE IN ROW, "
                                       "STORAGE, TABLESPACE)");
        }
        scr_accept_sym(p, ",");
    } while (!scr_is_sym(p, ")"));
    scr_expect_sym(p, ")");
    return 0;
}

/*
 * What Oracle refuses of a LOB's options once the clause is read: the
 * SecureFile-only features on a BasicFile.  ORA-43853 "SECUREFILE lobs
 * cannot be used in non-ASSM tablespace" aside, Oracle answers a SecureFile
 * option on a BasicFile with ORA-43856 "Unsupported LOB type for SECUREFILE
 * LOB operation" (errmg, 19c).
 */
void scr_lob_check(scr_parser_t *p, const scr_lob_opts_t *o, uint32_t line)
{
    if (o->securefile)
        return;
    const char *what = NULL;
    if (o->deduplicate)
        what = "DEDUPLICATE";
    else if (o->compress != SCR_COMPRESS_NONE)
        what = "COMPRESS";
    else if (o->logging == SCR_LOG_FILESYSTEM)
        what = "FILESYSTEM_LIKE_LOGGING";
    else if (o->retention == SCR_RET_AUTO || o->retention == SCR_RET_MIN ||
             o->retention == SCR_RET_MAX || o->retention == SCR_RET_NONE)
        what = "RETENTION AUTO|MIN|MAX|NONE";
    else if (o->given & SCR_GIVEN_ENCRYPT)
        what = "ENCRYPT";
    if (what)
        scr_fail_at(p, line,
                    "ORA-43856: Unsupported LOB type for SECUREFILE LOB operation (%s on a "
                    "BASICFILE LOB)",
                    what);
}

void scr_lob_storage_clause(scr_parser_t *p, scr_column_t *cols, uint32_t n)
{
    int which[64], nw;
    scr_lob_column_list(p, cols, n, which, &nw);
    scr_lob_opts_t o;
    int sf = p->securefile_default, given = 1;
    if (scr_accept_kw(p, "SECUREFILE"))
        sf = 1;
    else if (scr_accept_kw(p, "BASICFILE"))
        sf = p->securefile_force; /* FORCE makes it a SecureFile */
    else
        given = 0;
    scr_lob_defaults(&o, sf);
    o.kind_given = given;
    uint32_t line = scr_peek(p)->line;
    if (scr_is_kw(p, "TABLESPACE")) {
        /* STORE AS SECUREFILE TABLESPACE X, without parentheses:
         * Oracle takes it (LiveLabs "Shrinking SecureFile LOBs") */
        p->i++;
        char ts[SCR_NAME_MAX + 1];
        uint32_t tl = scr_peek(p)->line;
        scr_expect_name(p, ts, "a tablespace name");
        o.tablespace = scr_tablespace_resolve(p, ts, tl);
    } else if ((scr_peek(p)->kind == SCR_TOK_IDENT &&
                !(scr_is_kw(p, "PARTITION") && strcmp(scr_peek_at(p, 1)->text, "BY") == 0)) ||
               scr_peek(p)->kind == SCR_TOK_QIDENT) {
        /* a segment name, not the PARTITION BY that follows */
        if (nw > 1)
            scr_fail(p, "ORA-22853: invalid LOB storage option specification (a segment "
                        "name for several LOB columns)");
        scr_expect_name(p, o.segment, "a LOB segment name");
    }
    if (scr_is_sym(p, "("))
        (void)scr_lob_parameters(p, &o, 0, NULL);
    scr_lob_check(p, &o, line);
    for (int i = 0; i < nw; i++)
        cols[which[i]].lob = o;
}
