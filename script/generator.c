/*
 * generator.c -- the row generators of published insert tests written as a
 * WITH clause (Jonathan Lewis's form: `insert into T with generator as
 * (select rownum id from dual connect by level <= N) select ... from
 * generator v1, generator v2 where rownum <= M`): the WITH clause read as
 * a generator of N rows, and its use in the select's FROM as the product
 * of its references, cut at the ROWNUM limit (SQL Language Reference,
 * SELECT, subquery_factoring_clause; ROWNUM).  The select list's values
 * may name rownum and level, not the generator's columns.
 */
#include <stdio.h>
#include <string.h>

#include "script_int.h"

/* <= N or < N after LEVEL or ROWNUM: N rows (N - 1 for <). */
static uint64_t limit(scr_parser_t *p)
{
    int lt = 0;
    if (!scr_accept_sym(p, "<=")) {
        scr_expect_sym(p, "<");
        lt = 1;
    }
    return scr_expect_uint(p, lt ? 1 : 0, SCR_ROWS_MAX + (lt ? 1 : 0), 0, "row count") -
           (lt ? 1 : 0);
}

int scr_generator_source(scr_parser_t *p, uint64_t *rows)
{
    if (scr_accept_kw(p, "DUAL")) {
        /* DUAL alone: its one row (SQL Language Reference, "Selecting
         * from the DUAL Table") */
        if (!scr_is_kw(p, "CONNECT")) {
            *rows = 1;
            return 1;
        }
        scr_expect_kw(p, "CONNECT");
        scr_expect_kw(p, "BY");
        scr_expect_kw(p, "LEVEL");
        *rows = limit(p);
        return 1;
    }
    /* the view as a row count (`where rownum <= N`), unless a table of
     * that name was declared (--setup): then its rows */
    if (!(scr_is_kw(p, "ALL_OBJECTS") && scr_table_find(p, "ALL_OBJECTS") < 0) &&
        !(scr_is_kw(p, "DBA_OBJECTS") && scr_table_find(p, "DBA_OBJECTS") < 0))
        return 0;
    const char *view = scr_peek(p)->text;
    p->i++;
    if (scr_peek(p)->kind == SCR_TOK_IDENT && !scr_is_kw(p, "WHERE"))
        p->i++; /* an alias */
    if (!scr_is_kw(p, "WHERE") || strcmp(scr_peek_at(p, 1)->text, "ROWNUM") != 0)
        scr_fail(p,
                 "%s as a row source without `where rownum <= N` not modelled (its rows are "
                 "your database's: declare a table %s with its rows in a setup script, "
                 "lobbench --setup=FILE.sql)",
                 view, view);
    scr_expect_kw(p, "WHERE");
    scr_expect_kw(p, "ROWNUM");
    *rows = limit(p);
    p->gen_view = 1; /* until the select list is read: its names are the view's columns */
    return 1;
}

void scr_with_generator(scr_parser_t *p, char name[SCR_NAME_MAX + 1], uint64_t *rows)
{
    scr_expect_kw(p, "WITH");
    scr_expect_name(p, name, "a subquery's name");
    scr_expect_kw(p, "AS");
    scr_expect_sym(p, "(");
    scr_expect_kw(p, "SELECT");
    /* its select list names the generator's columns: rows are all it gives */
    (void)scr_skip_select_list(p);
    if (!scr_generator_source(p, rows))
        scr_fail(p, "a WITH clause other than a row generator (select ... from dual connect by "
                    "level <= N) not supported");
    p->gen_view = 0; /* its select list was skipped */
    scr_expect_sym(p, ")");
    if (scr_is_sym(p, ","))
        scr_fail(p, "a WITH clause of more than one subquery not supported");
}

uint64_t scr_generator_from(scr_parser_t *p, const char *name, uint64_t rows)
{
    /* NAME [alias] [, NAME [alias]]...: the product of the references */
    uint64_t n = 1;
    do {
        char ref[SCR_NAME_MAX + 1];
        uint32_t line = scr_peek(p)->line;
        scr_expect_name(p, ref, "the WITH clause's name");
        if (strcmp(ref, name) != 0)
            scr_fail_at(p, line,
                        "a join of the row generator with '%s' not supported (only the "
                        "generator with itself)",
                        ref);
        if (scr_peek(p)->kind == SCR_TOK_IDENT && !scr_is_kw(p, "WHERE"))
            p->i++; /* an alias */
        n = rows && n > SCR_ROWS_MAX / rows ? SCR_ROWS_MAX + 1 : n * rows;
    } while (scr_accept_sym(p, ","));
    if (scr_accept_kw(p, "WHERE")) {
        scr_expect_kw(p, "ROWNUM");
        uint64_t m = limit(p);
        if (m < n)
            n = m;
    }
    if (n > SCR_ROWS_MAX)
        scr_fail(p, "row count %llu out of range (accepted 0 to %llu)", (unsigned long long)n,
                 (unsigned long long)SCR_ROWS_MAX);
    return n;
}
