/*
 * link.c -- database links: CREATE [SHARED] [PUBLIC] DATABASE LINK, DROP
 * [PUBLIC] DATABASE LINK, and a table read over one, `T@LINK` (SQL
 * Language Reference, CREATE DATABASE LINK, DROP DATABASE LINK, and
 * "Referring to Objects in Remote Databases").
 *
 * A link is a name the parser keeps (from the setup script into the
 * script, as one session keeps them): creating or dropping one has no
 * effect on LOB space (heads.c, "database links"), and a statement that
 * names one reads its table over it.  Every link reaches the script's own
 * schema: a loopback link (the seed's `t1@loopback`) reads the script's
 * table, and another link's table is declared like any object of the
 * author's, in the setup script (--setup).
 */
#include <string.h>

#include "script_int.h"

/* A link's name, NAME[.DOMAIN...], upper case as Oracle keeps it. */
static void link_name(scr_parser_t *p, char out[SCR_LINK_NAME_MAX + 1])
{
    size_t n = 0;
    out[0] = '\0';
    do {
        char part[SCR_NAME_MAX + 1];
        scr_expect_name(p, part, "a database link name");
        size_t k = strlen(part);
        if (n + (n > 0) + k > SCR_LINK_NAME_MAX)
            scr_fail(p, "ORA-00972: identifier is too long");
        if (n)
            out[n++] = '.';
        memcpy(out + n, part, k + 1);
        n += k;
    } while (scr_accept_sym(p, "."));
}

/* [SHARED] [PUBLIC] DATABASE LINK name (SHARED only on a create): the
 * name, and its line for an error. */
static uint32_t link_head(scr_parser_t *p, int create, char name[SCR_LINK_NAME_MAX + 1])
{
    if (create)
        scr_accept_kw(p, "SHARED");
    scr_accept_kw(p, "PUBLIC");
    scr_expect_kw(p, "DATABASE");
    scr_expect_kw(p, "LINK");
    uint32_t line = scr_peek(p)->line;
    link_name(p, name);
    return line;
}

static int link_find(const scr_parser_t *p, const char *name)
{
    for (uint32_t i = 0; i < p->nlinks; i++)
        if (strcmp(p->links[i], name) == 0)
            return (int)i;
    return -1;
}

/* user IDENTIFIED BY password: read, not kept (one schema). */
static void user_password(scr_parser_t *p)
{
    char word[SCR_NAME_MAX + 1];
    scr_expect_name(p, word, "a user name");
    scr_expect_kw(p, "IDENTIFIED");
    scr_expect_kw(p, "BY");
    scr_expect_name(p, word, "a password");
}

/* CREATE [SHARED] [PUBLIC] DATABASE LINK name [CONNECT TO {CURRENT_USER |
 * user IDENTIFIED BY password}] [AUTHENTICATED BY user IDENTIFIED BY
 * password] [USING 'connect string']. */
static void create_link(scr_parser_t *p)
{
    char name[SCR_LINK_NAME_MAX + 1];
    uint32_t line = link_head(p, 1, name);
    for (;;) {
        if (scr_accept_kw(p, "CONNECT")) {
            scr_expect_kw(p, "TO");
            if (scr_accept_kw(p, "CURRENT_USER"))
                continue;
            user_password(p);
        } else if (scr_accept_kw(p, "AUTHENTICATED")) {
            scr_expect_kw(p, "BY");
            user_password(p);
        } else if (scr_accept_kw(p, "USING")) {
            if (scr_peek(p)->kind != SCR_TOK_STRING)
                scr_unexpected(p, "a connect string in quotes");
            p->i++;
        } else {
            break;
        }
    }
    scr_expect_end(p);
    if (link_find(p, name) >= 0)
        scr_fail_at(p, line, "ORA-02011: duplicate database link name");
    if (p->nlinks == SCR_MAX_LINKS)
        scr_fail_at(p, line, "more than %u database links", SCR_MAX_LINKS);
    memcpy(p->links[p->nlinks++], name, sizeof name);
}

/* DROP [PUBLIC] DATABASE LINK name. */
static void drop_link(scr_parser_t *p)
{
    char name[SCR_LINK_NAME_MAX + 1];
    uint32_t line = link_head(p, 0, name);
    scr_expect_end(p);
    int i = link_find(p, name);
    if (i < 0)
        scr_fail_at(p, line, "ORA-02024: database link not found");
    memmove(p->links[i], p->links[i + 1], (p->nlinks - (uint32_t)i - 1) * sizeof p->links[0]);
    p->nlinks--;
}

void scr_link_statement(scr_parser_t *p)
{
    uint32_t at = p->i;
    p->i = 0;
    if (scr_accept_kw(p, "CREATE"))
        create_link(p);
    else if (scr_accept_kw(p, "DROP"))
        drop_link(p);
    else
        scr_unexpected(p, "CREATE or DROP DATABASE LINK");
    p->i = at;
}

int scr_accept_link(scr_parser_t *p)
{
    if (!scr_is_sym(p, "@"))
        return 0;
    p->i++;
    char name[SCR_LINK_NAME_MAX + 1];
    uint32_t line = scr_peek(p)->line;
    link_name(p, name);
    int i = link_find(p, name);
    if (i < 0)
        scr_fail_at(p, line, "ORA-02019: connection description for remote database not found");
    return i + 1;
}
