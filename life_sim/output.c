/*
 * output.c -- what a statement prints under its step, as SQL*Plus prints
 * it: a query's result set (views.c), a block's dbms_output lines
 * (plsql.c).  life_exec() empties it before each statement.  And the
 * Oracle error a statement or a block's operation raises, as the run
 * reports it.
 */
#include <stdio.h>
#include <string.h>

#include "life_sim_int.h"

sim_err_t life_print(life_db_t *db, const char *text, size_t n)
{
    size_t need = db->outlen + n + 1;
    if (need > db->outcap) {
        size_t cap = db->outcap ? db->outcap : 256;
        while (cap < need)
            cap *= 2;
        char *o = sim_realloc(db->out, cap);
        if (o == NULL)
            return SIM_ENOMEM;
        db->out = o;
        db->outcap = cap;
    }
    memcpy(db->out + db->outlen, text, n);
    db->outlen += n;
    db->out[db->outlen] = '\0';
    return SIM_OK;
}

sim_err_t life_raise(life_db_t *db, uint32_t line, const char *text)
{
    snprintf(db->msg, db->msglen, "%s:%u: %s", db->s->file, line, text);
    return SIM_EINVAL;
}
