/*
 * events.c -- a run of sessions at once in the store: its sessions' place
 * in the sweep (ses_count, ses_sid), their wait events and each
 * snapshot's, checked before they are written and read back.  The figures
 * themselves go where every session's go (record.c).
 *
 *   state change                          function
 *   + session_events, + snapshot events   res_record_run() -> res_insert_events()
 *   (reads only)                          res_foreach_event()
 */
#include "results_int.h"

#include <assert.h>
#include <inttypes.h>
#include <math.h>
#include <string.h>

/* A name of an event or wait class: 1 to RES_EVENT_NAME_MAX characters. */
static int event_name_ok(const char *n)
{
    return n && *n && strlen(n) <= RES_EVENT_NAME_MAX;
}

const char *res_ses_problem(const res_session_t *ss)
{
    if (!ss->ses_count)
        return ss->ses_sid ? "a session number without its count of sessions" : NULL;
    if (ss->ses_count > INT32_MAX)
        return "a count of sessions above 2147483647";
    if (ss->ses_sid > ss->ses_count)
        return "a session number above its count of sessions";
    if (ss->lob_chars || ss->step || ss->statement || ss->table)
        return "a session of sessions at once with a LOB size or a step";
    return NULL;
}

sim_err_t res_check_events(res_store_t *s, size_t i, const res_session_t *ss)
{
    if (ss->nevents > RES_MAX_EVENTS || (ss->nevents && !ss->events))
        return res_store_err(s, SIM_EINVAL,
                             "cannot record run: session %zu: %zu wait events (at most %d, with "
                             "their array)",
                             i + 1, ss->nevents, RES_MAX_EVENTS);
    if (ss->nsnaps && ss->nevents && !ss->snap_events)
        return res_store_err(s, SIM_EINVAL,
                             "cannot record run: session %zu: wait events without its %" PRIu32
                             " snapshots'",
                             i + 1, ss->nsnaps);
    for (uint32_t n = 0; ss->snap_seconds && n < ss->nsnaps; n++)
        if (!(isfinite(ss->snap_seconds[n]) && ss->snap_seconds[n] > 0))
            return res_store_err(s, SIM_EINVAL,
                                 "cannot record run: session %zu: snapshot %" PRIu32
                                 " of %g seconds; expected a length > 0",
                                 i + 1, n + 1, ss->snap_seconds[n]);
    for (size_t e = 0; e < ss->nevents; e++) {
        const res_event_t *ev = &ss->events[e];
        if (!event_name_ok(ev->event) || !event_name_ok(ev->wait_class))
            return res_store_err(s, SIM_EINVAL,
                                 "cannot record run: session %zu: wait event '%s' of class '%s'; "
                                 "expected names of 1 to %d characters",
                                 i + 1, ev->event ? ev->event : "(null)",
                                 ev->wait_class ? ev->wait_class : "(null)", RES_EVENT_NAME_MAX);
        for (size_t f = 0; f < e; f++)
            if (strcmp(ss->events[f].event, ev->event) == 0)
                return res_store_err(s, SIM_EINVAL,
                                     "cannot record run: session %zu: wait event '%s' given twice",
                                     i + 1, ev->event);
        if (ev->total_waits > INT64_MAX || ev->time_waited_micro > INT64_MAX)
            return res_store_err(s, SIM_EINVAL,
                                 "cannot record run: session %zu: wait event '%s' does not fit "
                                 "the store (max %" PRId64 ")",
                                 i + 1, ev->event, INT64_MAX);
        uint64_t waits = 0, micro = 0;
        for (uint32_t n = 0; n < ss->nsnaps; n++) {
            const res_event_t *d = &ss->snap_events[(size_t)n * ss->nevents + e];
            waits += d->total_waits;
            micro += d->time_waited_micro;
        }
        if (ss->nsnaps && (waits != ev->total_waits || micro != ev->time_waited_micro))
            return res_store_err(
                s, SIM_EINVAL,
                "cannot record run: session %zu: its snapshots of '%s' add up to "
                "%" PRIu64 " waits of %" PRIu64 " us, not the session's %" PRIu64 " of %" PRIu64,
                i + 1, ev->event, waits, micro, ev->total_waits, ev->time_waited_micro);
    }
    return SIM_OK;
}

/* One event row: ins has (sid, snap_id, event, class, waits, micro), the
 * snap_id left unbound for the session's own. */
static int insert_one(sqlite3_stmt *ins, sqlite3_int64 sid, uint32_t snap_id, const res_event_t *ev,
                      const char *event, const char *wait_class)
{
    sqlite3_bind_int64(ins, 1, sid);
    if (snap_id)
        sqlite3_bind_int64(ins, 2, snap_id);
    sqlite3_bind_text(ins, 3, event, -1, SQLITE_STATIC);
    sqlite3_bind_text(ins, 4, wait_class, -1, SQLITE_STATIC);
    sqlite3_bind_int64(ins, 5, (sqlite3_int64)ev->total_waits);
    sqlite3_bind_int64(ins, 6, (sqlite3_int64)ev->time_waited_micro);
    return res_step_done(ins);
}

int res_insert_events(sqlite3 *db, sqlite3_int64 sid, const res_session_t *ss)
{
    if (!ss->nevents)
        return SQLITE_OK;
    sqlite3_stmt *own = NULL, *snap = NULL;
    int rc = res_prepare(db,
                         "INSERT INTO session_events (sid, event, wait_class, total_waits,\n"
                         "  time_waited_micro)\n"
                         "VALUES (?1, ?3, ?4, ?5, ?6)",
                         &own);
    if (rc == SQLITE_OK)
        rc = res_prepare(db,
                         "INSERT INTO session_snapshot_events (sid, snap_id, event, wait_class,\n"
                         "  total_waits, time_waited_micro)\n"
                         "VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
                         &snap);
    for (size_t e = 0; rc == SQLITE_OK && e < ss->nevents; e++) {
        const res_event_t *ev = &ss->events[e];
        rc = insert_one(own, sid, 0, ev, ev->event, ev->wait_class);
        for (uint32_t n = 0; rc == SQLITE_OK && n < ss->nsnaps; n++)
            rc = insert_one(snap, sid, n + 1, &ss->snap_events[(size_t)n * ss->nevents + e],
                            ev->event, ev->wait_class);
    }
    sqlite3_finalize(own);
    sqlite3_finalize(snap);
    return rc;
}

sim_err_t res_foreach_event(res_store_t *s, int64_t sid, uint32_t snap_id, res_event_fn fn,
                            void *arg)
{
    assert(s != NULL);
    assert(fn != NULL);
    if (!s->db)
        return res_probe_only(s);
    sqlite3_stmt *st;
    int rc = res_prepare(s->db,
                         snap_id ? "SELECT event, wait_class, total_waits, time_waited_micro\n"
                                   "FROM session_snapshot_events\n"
                                   "WHERE sid = ?1 AND snap_id = ?2 ORDER BY event"
                                 : "SELECT event, wait_class, total_waits, time_waited_micro\n"
                                   "FROM session_events WHERE sid = ?1 ORDER BY event",
                         &st);
    if (rc != SQLITE_OK)
        return res_db_fail(s, rc, "cannot read wait events");
    sqlite3_bind_int64(st, 1, sid);
    if (snap_id)
        sqlite3_bind_int64(st, 2, snap_id);
    sim_err_t err = SIM_OK;
    while (err == SIM_OK && (rc = sqlite3_step(st)) == SQLITE_ROW) {
        res_event_t ev = {
            (const char *)sqlite3_column_text(st, 0), (const char *)sqlite3_column_text(st, 1),
            (uint64_t)sqlite3_column_int64(st, 2), (uint64_t)sqlite3_column_int64(st, 3)};
        err = fn(&ev, arg);
    }
    if (err == SIM_OK && rc != SQLITE_DONE)
        err = res_db_fail(s, rc, "cannot read wait events");
    sqlite3_finalize(st);
    return err;
}
