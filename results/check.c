/*
 * check.c -- res_check(): the store's invariants (README, "Invariants")
 * verified with one query each, inside one read transaction.  It changes
 * nothing in the file; the first violation goes to res_errmsg().
 */
#include "results_int.h"

#include <assert.h>

/* Each query returns a row only when its invariant (README numbering) fails. */
static const struct {
    const char *what;
    const char *sql;
} checks[] = {
    {"invariant 1: run %s has no sessions",
     "SELECT run FROM runs r WHERE NOT EXISTS (SELECT 1 FROM sessions s WHERE s.run = r.run)"},
    {"invariant 1: session %s has no figures",
     "SELECT sid FROM sessions s\n"
     "WHERE NOT EXISTS (SELECT 1 FROM session_stats st WHERE st.sid = s.sid)\n"
     "  AND NOT EXISTS (SELECT 1 FROM session_oracle_stats o WHERE o.sid = s.sid)"},
    {"invariant 2: dangling reference in table %s",
     "SELECT \"table\" FROM pragma_foreign_key_check"},
    {"invariant 5: oracle run %s has a seed, timing, or neither a digest nor an import format",
     "SELECT r.run FROM runs r WHERE r.source = 'oracle' AND (r.seed IS NOT NULL\n"
     "  OR (r.reference_digest IS NULL AND r.import_format IS NULL)\n"
     "  OR EXISTS (SELECT 1 FROM sessions s\n"
     "  WHERE s.run = r.run AND (s.iterations IS NOT NULL OR s.seed IS NOT NULL)))"},
    {"invariant 5: lobsim run %s has no seed or has a reference digest",
     "SELECT run FROM runs WHERE source = 'lobsim'\n"
     "  AND (seed IS NULL OR reference_digest IS NOT NULL OR import_format IS NOT NULL)"},
    {"invariant 10: imported session %s has a figure of the catalogue among its unmodelled ones",
     "SELECT o.sid FROM session_oracle_stats o JOIN v$statname n ON n.name = o.name"},
    {"invariant 11: workload '%s' is not at one of the positions 0 .. n-1 of the n workloads",
     "SELECT name FROM workloads WHERE position >= (SELECT count(*) FROM workloads)"},
    {"invariant 12: session %s has a part whose figure exceeds the session's, or a part of a "
     "statistic it has no figure of",
     "SELECT p.sid FROM session_part_stats p\n"
     "LEFT JOIN session_stats st ON st.sid = p.sid AND st.\"statistic#\" = p.\"statistic#\"\n"
     "WHERE st.value IS NULL OR p.value > st.value"},
    {"invariant 14: session %s has snapshots whose deltas of a figure do not add up to its "
     "figure",
     "SELECT p.sid FROM session_snapshots p\n"
     "LEFT JOIN session_stats st ON st.sid = p.sid AND st.\"statistic#\" = p.\"statistic#\"\n"
     "GROUP BY p.sid, p.\"statistic#\"\n"
     "HAVING st.value IS NULL OR sum(p.value) <> st.value"},
    {"invariant 13: session %s has neither a LOB size nor a step, a step without its "
     "statement, or a table or segment outside a step",
     "SELECT sid FROM sessions\n"
     "WHERE (lob_chars IS NULL AND step IS NULL AND ses_count IS NULL)\n"
     "   OR (step IS NULL) <> (statement IS NULL)\n"
     "   OR (step IS NULL AND (table_name IS NOT NULL OR segment_name IS NOT NULL))\n"
     "   OR (segment_name IS NOT NULL AND table_name IS NULL)"},
    {"invariant 17: run/step %s has more than one session row",
     "SELECT run || '/' || step FROM sessions WHERE step IS NOT NULL\n"
     "GROUP BY run, step HAVING sum(table_name IS NULL) > 1"},
    {"invariant 17: step session %s of a segment has a session statistic that is not 0",
     "SELECT s.sid FROM sessions s JOIN session_stats st ON st.sid = s.sid\n"
     "JOIN v$statname n ON n.\"statistic#\" = st.\"statistic#\"\n"
     "WHERE s.step IS NOT NULL AND s.table_name IS NOT NULL AND st.value <> 0\n"
     "  AND n.shown_in NOT IN ('dbms_space.space_usage', 'user_segments',\n"
     "                         'v$securefile_shrink', 'lobsim')"},
    {"invariant 15: session %s is numbered outside its count of sessions at once, or has a "
     "LOB size or a step",
     "SELECT sid FROM sessions\n"
     "WHERE (ses_count IS NULL) <> (ses_sid IS NULL) OR ses_sid > ses_count\n"
     "   OR (ses_count IS NOT NULL AND (lob_chars IS NOT NULL OR step IS NOT NULL))"},
    {"invariant 15: run/count %s lacks the system or one of its sessions, or has one twice",
     "SELECT run || '/' || ses_count FROM sessions WHERE ses_count IS NOT NULL\n"
     "GROUP BY run, ses_count\n"
     "HAVING count(*) <> ses_count + 1 OR count(DISTINCT ses_sid) <> ses_count + 1"},
    {"invariant 15: system session %s has a figure or a wait event that its sessions' do not "
     "add up to",
     "SELECT y.sid FROM sessions y JOIN session_stats ys ON ys.sid = y.sid\n"
     "WHERE y.ses_sid = 0 AND ys.value <> (\n"
     "  SELECT coalesce(sum(st.value), 0) FROM sessions k JOIN session_stats st ON st.sid = k.sid\n"
     "  WHERE k.run = y.run AND k.ses_count = y.ses_count AND k.ses_sid > 0\n"
     "    AND st.\"statistic#\" = ys.\"statistic#\")\n"
     "UNION ALL\n"
     "SELECT y.sid FROM sessions y JOIN session_events ye ON ye.sid = y.sid\n"
     "JOIN (SELECT k.run, k.ses_count, e.event, sum(e.total_waits) AS waits,\n"
     "             sum(e.time_waited_micro) AS micro\n"
     "      FROM sessions k JOIN session_events e ON e.sid = k.sid WHERE k.ses_sid > 0\n"
     "      GROUP BY k.run, k.ses_count, e.event) t\n"
     "  ON t.run = y.run AND t.ses_count = y.ses_count AND t.event = ye.event\n"
     "WHERE y.ses_sid = 0 AND (ye.total_waits <> t.waits OR ye.time_waited_micro <> t.micro)"},
    {"invariant 16: session %s has snapshots whose wait events do not add up to its own",
     "SELECT p.sid FROM session_snapshot_events p\n"
     "LEFT JOIN session_events e ON e.sid = p.sid AND e.event = p.event\n"
     "GROUP BY p.sid, p.event\n"
     "HAVING e.total_waits IS NULL OR sum(p.total_waits) <> e.total_waits\n"
     "    OR sum(p.time_waited_micro) <> e.time_waited_micro"},
    {"invariant 8: session %s has repetition samples that are not 0..n-1 of a timed session "
     "with at least n repetitions",
     "SELECT t.sid FROM session_timings t JOIN sessions s USING (sid)\n"
     "GROUP BY t.sid\n"
     "HAVING max(s.iterations) IS NULL OR max(s.repetitions) IS NULL\n"
     "    OR count(*) > max(s.repetitions) OR min(t.repetition) <> 0\n"
     "    OR max(t.repetition) <> count(*) - 1"},
};

sim_err_t res_check(res_store_t *s)
{
    assert(s != NULL);
    if (!s->db)
        return res_probe_only(s);
    int kind, version;
    sim_err_t err = SIM_OK;
    /* A read-only connection on a live -wal keeps one read transaction
     * open (res_open_read): check in it, and leave it open. */
    int outer = !sqlite3_get_autocommit(s->db);
    int rc = outer ? SQLITE_OK : sqlite3_exec(s->db, "BEGIN", NULL, NULL, NULL);
    if (rc != SQLITE_OK)
        return res_db_fail(s, rc, "cannot check");
    char msg[512];
    err = res_classify(s->db, s->path, &kind, &version, msg, sizeof msg);
    if (err != SIM_OK)
        err = res_set_err(s, SIM_ECORRUPT, "%s", msg);
    else if (kind != RES_KIND_STORE || version != RES_SCHEMA_VERSION)
        err = res_store_err(s, SIM_ECORRUPT, "invariant 6: schema version %d, expected %d", version,
                            RES_SCHEMA_VERSION);
    for (size_t i = 0; err == SIM_OK && i < sizeof checks / sizeof checks[0]; i++) {
        sqlite3_stmt *st;
        rc = res_prepare(s->db, checks[i].sql, &st);
        if (rc == SQLITE_OK) {
            rc = sqlite3_step(st);
            if (rc == SQLITE_ROW)
                err = res_store_err(s, SIM_ECORRUPT, checks[i].what,
                                    (const char *)sqlite3_column_text(st, 0));
            rc = rc == SQLITE_ROW || rc == SQLITE_DONE ? SQLITE_OK : rc;
            sqlite3_finalize(st);
        }
        if (rc != SQLITE_OK && err == SIM_OK)
            err = res_db_fail(s, rc, "cannot check");
    }
    /* Invariant 4: after a write open, v$statname is the catalogue. */
    if (err == SIM_OK && !s->readonly) {
        sqlite3_stmt *st;
        rc = res_prepare(s->db,
                         "SELECT count(*) FROM v$statname\n"
                         "WHERE \"statistic#\" = ?1 AND name = ?2 AND class = ?3 AND shown_in = ?4",
                         &st);
        for (int i = 0; rc == SQLITE_OK && err == SIM_OK && i < SIM_STAT_COUNT; i++) {
            const sim_stat_info_t *info = sim_stat_info((sim_stat_t)i);
            sqlite3_bind_int(st, 1, info->number);
            sqlite3_bind_text(st, 2, info->name, -1, SQLITE_STATIC);
            sqlite3_bind_int(st, 3, info->oclass);
            sqlite3_bind_text(st, 4, sim_view_name(info->view), -1, SQLITE_STATIC);
            rc = sqlite3_step(st);
            if (rc == SQLITE_ROW && sqlite3_column_int(st, 0) != 1)
                err = res_store_err(s, SIM_ECORRUPT, "invariant 4: v$statname lacks %d '%s'",
                                    info->number, info->name);
            rc = rc == SQLITE_ROW ? SQLITE_OK : rc;
            sqlite3_reset(st);
        }
        sqlite3_finalize(st);
        if (rc != SQLITE_OK && err == SIM_OK)
            err = res_db_fail(s, rc, "cannot check");
    }
    if (!outer)
        res_rollback(s);
    if (err == SIM_OK)
        s->errmsg[0] = '\0';
    return err;
}
