/*
 * sessions.c -- which session runs a statement, when a script says so:
 * a comment line `-- lobsim session: N` gives the statements after it to
 * session N alone, `-- lobsim session: all` back to every session
 * (lobbench --sessions; scenarios/README.md).  Without a marker every
 * session runs every statement.  Like the inputs (inputs.c) it is ours,
 * in a comment, so that the script runs on Oracle unchanged.
 */
#include <stdio.h>
#include <string.h>

#include "script_int.h"

#define TAG "-- lobsim session:"

/* "all" -> 0, "1" .. SCR_SESSIONS_MAX -> n; -1 for anything else.  What
 * follows a blank is a note, as after an input's value. */
static long session_of(const char *v, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (v[i] == ' ' || v[i] == '\t' || v[i] == '\r')
            n = i;
    if (n == 3 && strncmp(v, "all", 3) == 0)
        return 0;
    long k = 0;
    for (size_t i = 0; i < n; i++) {
        if (v[i] < '0' || v[i] > '9' || (i == 0 && v[i] == '0'))
            return -1;
        k = k * 10 + (v[i] - '0');
        if (k > SCR_SESSIONS_MAX)
            return -1;
    }
    return n ? k : -1;
}

sim_err_t scr_mark_sessions(const char *file, const char *text, size_t len, scr_script_t *s,
                            char *err, size_t errlen)
{
    uint32_t line = 0, session = 0, k = 0;
    size_t at = 0, p, e;
    while (scr_tag_line(text, len, TAG, &at, &line, &p, &e)) {
        /* The statements begun before this line keep the session so far. */
        for (; k < s->nstmts && s->stmts[k].line < line; k++)
            s->stmts[k].session = session;
        long n = session_of(text + p, e - p);
        if (n < 0) {
            char q[64];
            scr_quote(text + p, e - p, q, sizeof q);
            if (err && errlen)
                snprintf(err, errlen,
                         "%s:%u: lobsim session '%s' not understood (accepted: a session from 1 "
                         "to %d, or all)",
                         file, line, q, SCR_SESSIONS_MAX);
            return SIM_EINVAL;
        }
        session = (uint32_t)n;
    }
    for (; k < s->nstmts; k++)
        s->stmts[k].session = session;
    return SIM_OK;
}
