/*
 * sessions.c -- which session runs a statement, when a script says so:
 * a comment line `-- lobsim session: N` gives the statements after it to
 * session N alone, `-- lobsim session: all` back to every session
 * (lobbench --sessions; scenarios/README.md).  Without a marker every
 * session runs every statement.  Like the inputs (inputs.c) it is ours,
 * in a comment, so that the script runs on Oracle unchanged.
 *
 * `-- lobsim rows: shared` makes the statements after it work on rows
 * every session shares (ids not offset per session: two sessions can then
 * change one row and wait for each other's lock), `-- lobsim rows: own`
 * back to each session's own rows.
 */
#include <stdio.h>
#include <string.h>

#include "script_int.h"

#define TAG "-- lobsim session:"
#define ROWS_TAG "-- lobsim rows:"

/* "shared" -> 1, "own" -> 0, -1 for anything else (a note may follow). */
static long rows_of(const char *v, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (v[i] == ' ' || v[i] == '\t' || v[i] == '\r')
            n = i;
    if (n == 6 && strncmp(v, "shared", 6) == 0)
        return 1;
    if (n == 3 && strncmp(v, "own", 3) == 0)
        return 0;
    return -1;
}

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

/* Each statement of s takes the value of the last `tag` line before its
 * first line (`value` reads it, -1: not understood), `dflt` before any;
 * set() stores it.  SIM_EINVAL with one line naming what was not
 * understood and what would be. */
static sim_err_t mark(const char *file, const char *text, size_t len, scr_script_t *s,
                      const char *tag, long (*value)(const char *, size_t),
                      void (*set)(scr_stmt_t *, long), const char *what, const char *accepted,
                      char *err, size_t errlen)
{
    uint32_t line = 0, k = 0;
    long v = 0;
    size_t at = 0, p, e;
    while (scr_tag_line(text, len, tag, &at, &line, &p, &e)) {
        /* The statements begun before this line keep the value so far. */
        for (; k < s->nstmts && s->stmts[k].line < line; k++)
            set(&s->stmts[k], v);
        v = value(text + p, e - p);
        if (v < 0) {
            char q[64];
            scr_quote(text + p, e - p, q, sizeof q);
            if (err && errlen)
                snprintf(err, errlen, "%s:%u: lobsim %s '%s' not understood (accepted: %s)", file,
                         line, what, q, accepted);
            return SIM_EINVAL;
        }
    }
    for (; k < s->nstmts; k++)
        set(&s->stmts[k], v);
    return SIM_OK;
}

static void set_session(scr_stmt_t *st, long v)
{
    st->session = (uint32_t)v;
}

static void set_rows(scr_stmt_t *st, long v)
{
    st->shared_rows = (int)v;
}

sim_err_t scr_mark_sessions(const char *file, const char *text, size_t len, scr_script_t *s,
                            char *err, size_t errlen)
{
    char accepted[64];
    snprintf(accepted, sizeof accepted, "a session from 1 to %d, or all", SCR_SESSIONS_MAX);
    sim_err_t rc =
        mark(file, text, len, s, TAG, session_of, set_session, "session", accepted, err, errlen);
    if (rc == SIM_OK)
        rc = mark(file, text, len, s, ROWS_TAG, rows_of, set_rows, "rows", "shared or own", err,
                  errlen);
    return rc;
}
