/*
 * schema.c -- what a lobsim store holds and how an older one is brought up
 * to date: the migrations, the classification of a file (ours, empty,
 * foreign, newer, damaged), the catalogue in v$statname and WAL mode.
 *
 * A file is a lobsim store when its header carries application_id 'LOBS' and
 * a user_version between 1 and RES_SCHEMA_VERSION.  Nothing here opens or
 * creates a file; the callers hand over a connection.
 *
 *   state change                 function
 *   empty file -> schema v12     res_init_body() -> migrate()
 *   v1 -> v2 -> ... -> v12       res_init_body() -> migrate()
 *   v$statname <- catalogue      res_init_body() -> sync_statname()
 *   rollback journal -> WAL      res_set_wal()
 */
#include "results_int.h"

#include <inttypes.h>
#include <string.h>

/* ---- the schema ----------------------------------------------------------- */

/*
 * migrations[v] takes a store from version v to v + 1; a new file runs them
 * all, so a fresh store and an upgraded one have the same schema.  Never edit
 * a migration that has shipped: add the next one.
 */
static const char *const migrations[RES_SCHEMA_VERSION] = {
    /* 0 -> 1: runs, sessions and their figures, Oracle's views. */
    "CREATE TABLE runs (\n"
    "  run              INTEGER PRIMARY KEY AUTOINCREMENT,\n"
    "  source           TEXT NOT NULL CHECK (source IN ('lobsim', 'oracle')),\n"
    "  started          TEXT,\n"
    "  finished         TEXT,\n"
    "  git_commit       TEXT,\n"
    "  git_dirty        INTEGER CHECK (git_dirty IN (0, 1)),\n"
    "  host             TEXT,\n"
    "  compiler         TEXT,\n"
    "  build_type       TEXT,\n"
    "  command_line     TEXT,\n"
    "  params           TEXT,\n"
    "  seed             INTEGER,\n"
    "  completed        INTEGER NOT NULL CHECK (completed IN (0, 1)),\n"
    "  reference_file   TEXT,\n"
    "  reference_digest TEXT\n"
    ");\n"
    "CREATE INDEX runs_by_commit ON runs (git_commit);\n"
    "CREATE UNIQUE INDEX runs_by_reference_digest ON runs (reference_digest)\n"
    "  WHERE reference_digest IS NOT NULL;\n"
    "CREATE TABLE v$statname (\n"
    "  \"statistic#\" INTEGER PRIMARY KEY,\n"
    "  name         TEXT NOT NULL UNIQUE,\n"
    "  class        INTEGER NOT NULL,\n"
    "  shown_in     TEXT NOT NULL,\n"
    "  meaning      TEXT NOT NULL\n"
    ");\n"
    "CREATE TABLE sessions (\n"
    "  sid        INTEGER PRIMARY KEY AUTOINCREMENT,\n"
    "  run        INTEGER NOT NULL REFERENCES runs (run),\n"
    "  path       TEXT NOT NULL,\n"
    "  lob_chars  INTEGER NOT NULL CHECK (lob_chars > 0),\n"
    "  lob_kchars AS (CASE WHEN lob_chars % 1024 = 0 THEN lob_chars / 1024\n"
    "                      ELSE lob_chars / 1024.0 END),\n"
    "  block_size INTEGER NOT NULL,\n"
    "  rows       INTEGER NOT NULL,\n"
    "  piece_size INTEGER,\n"
    "  seed       INTEGER,\n"
    "  params     TEXT\n"
    ");\n"
    "CREATE INDEX sessions_by_run ON sessions (run);\n"
    "CREATE TABLE session_stats (\n"
    "  sid          INTEGER NOT NULL REFERENCES sessions (sid),\n"
    "  \"statistic#\" INTEGER NOT NULL REFERENCES v$statname (\"statistic#\"),\n"
    "  value        INTEGER NOT NULL,\n"
    "  PRIMARY KEY (sid, \"statistic#\")\n"
    ") WITHOUT ROWID;\n"
    "CREATE VIEW latest_run AS\n"
    "  SELECT max(run) AS run FROM runs WHERE source = 'lobsim' AND completed = 1;\n"
    "CREATE VIEW reference_run AS\n"
    "  SELECT max(run) AS run FROM runs WHERE source = 'oracle';\n"
    "CREATE VIEW v$session AS\n"
    "  SELECT s.sid, s.run, r.source, s.path, s.lob_chars, s.lob_kchars, s.block_size,\n"
    "         s.rows, s.piece_size, s.seed, s.params\n"
    "  FROM sessions s JOIN runs r USING (run);\n"
    "CREATE VIEW v$sesstat AS\n"
    "  SELECT st.sid, st.\"statistic#\", st.value\n"
    "  FROM session_stats st JOIN v$statname n USING (\"statistic#\")\n"
    "  WHERE n.shown_in = 'v$sesstat';\n"
    "CREATE VIEW v$mystat AS\n"
    "  SELECT sid, \"statistic#\", value FROM v$sesstat\n"
    "  WHERE sid IN (SELECT sid FROM sessions WHERE run = (SELECT run FROM latest_run));\n"
    "CREATE VIEW v$enqueue_stat AS\n"
    "  SELECT st.sid, 'TX' AS eq_type, 'Transaction' AS req_reason, st.value AS \"total_req#\"\n"
    "  FROM session_stats st JOIN v$statname n USING (\"statistic#\")\n"
    "  WHERE n.name = 'ENQ: TX - Transaction';\n"
    "CREATE VIEW v$transaction AS\n"
    "  SELECT st.sid, st.value AS used_urec\n"
    "  FROM session_stats st JOIN v$statname n USING (\"statistic#\")\n"
    "  WHERE n.name = 'v$transaction.used_urec';\n",

    /* 1 -> 2: Google Benchmark's timing per session; the reference layout. */
    "ALTER TABLE sessions ADD COLUMN iterations INTEGER;\n"
    "ALTER TABLE sessions ADD COLUMN real_time_ns REAL;\n"
    "ALTER TABLE sessions ADD COLUMN cpu_time_ns REAL;\n"
    "ALTER TABLE sessions ADD COLUMN repetitions INTEGER;\n"
    "DROP VIEW v$session;\n"
    "CREATE VIEW v$session AS\n"
    "  SELECT s.sid, s.run, r.source, s.path, s.lob_chars, s.lob_kchars, s.block_size,\n"
    "         s.rows, s.piece_size, s.seed, s.iterations, s.real_time_ns, s.cpu_time_ns,\n"
    "         s.repetitions\n"
    "  FROM sessions s JOIN runs r USING (run);\n"
    "CREATE VIEW figures AS\n"
    "  SELECT s.run, r.source, s.sid, s.path, s.lob_chars, s.lob_kchars, s.block_size, s.rows,\n"
    "         st.\"statistic#\", n.name AS statistic, st.value\n"
    "  FROM session_stats st JOIN sessions s USING (sid) JOIN runs r USING (run)\n"
    "       JOIN v$statname n USING (\"statistic#\");\n"
    "CREATE VIEW run_by_lob_size AS\n"
    "  SELECT run, path, block_size, rows, \"statistic#\", statistic,\n"
    "         max(CASE WHEN lob_kchars = 2 THEN value END) AS lob_2k,\n"
    "         max(CASE WHEN lob_kchars = 4 THEN value END) AS lob_4k,\n"
    "         max(CASE WHEN lob_kchars = 6 THEN value END) AS lob_6k,\n"
    "         max(CASE WHEN lob_kchars = 8 THEN value END) AS lob_8k,\n"
    "         max(CASE WHEN lob_kchars = 16 THEN value END) AS lob_16k,\n"
    "         max(CASE WHEN lob_kchars = 32 THEN value END) AS lob_32k,\n"
    "         max(CASE WHEN lob_kchars = 64 THEN value END) AS lob_64k,\n"
    "         max(CASE WHEN lob_kchars = 128 THEN value END) AS lob_128k,\n"
    "         max(CASE WHEN lob_kchars = 256 THEN value END) AS lob_256k\n"
    "  FROM figures\n"
    "  GROUP BY run, path, block_size, rows, \"statistic#\"\n"
    "  ORDER BY run, path DESC, block_size, rows, \"statistic#\";\n"
    "CREATE VIEW latest_by_lob_size AS\n"
    "  SELECT * FROM run_by_lob_size WHERE run = (SELECT run FROM latest_run);\n"
    "CREATE VIEW reference_by_lob_size AS\n"
    "  SELECT * FROM run_by_lob_size WHERE run = (SELECT run FROM reference_run);\n"
    "CREATE VIEW latest_vs_reference AS\n"
    "  SELECT o.path, o.lob_kchars, o.block_size, o.rows, o.\"statistic#\", o.statistic,\n"
    "         l.value AS lobsim, o.value AS oracle,\n"
    "         CASE WHEN o.value <> 0 THEN round(CAST(l.value AS REAL) / o.value, 4) END\n"
    "           AS ratio\n"
    "  FROM figures o\n"
    "  LEFT JOIN figures l\n"
    "    ON l.run = (SELECT run FROM latest_run) AND l.path = o.path\n"
    "   AND l.lob_chars = o.lob_chars AND l.block_size = o.block_size AND l.rows = o.rows\n"
    "   AND l.\"statistic#\" = o.\"statistic#\"\n"
    "  WHERE o.run = (SELECT run FROM reference_run)\n"
    "  ORDER BY o.path DESC, o.\"statistic#\", o.lob_chars;\n",

    /* 2 -> 3: every repetition's timing, for lobdiff's significance test;
     * the workload of each session (older ones were all inserts), and the
     * views that show sessions again with it. */
    "CREATE TABLE session_timings (\n"
    "  sid          INTEGER NOT NULL REFERENCES sessions (sid),\n"
    "  repetition   INTEGER NOT NULL CHECK (repetition >= 0),\n"
    "  real_time_ns REAL NOT NULL,\n"
    "  cpu_time_ns  REAL NOT NULL,\n"
    "  PRIMARY KEY (sid, repetition)\n"
    ") WITHOUT ROWID;\n"
    "ALTER TABLE sessions ADD COLUMN workload TEXT NOT NULL DEFAULT 'insert';\n"
    "DROP VIEW latest_vs_reference;\n"
    "DROP VIEW reference_by_lob_size;\n"
    "DROP VIEW latest_by_lob_size;\n"
    "DROP VIEW run_by_lob_size;\n"
    "DROP VIEW figures;\n"
    "DROP VIEW v$session;\n"
    "CREATE VIEW v$session AS\n"
    "  SELECT s.sid, s.run, r.source, s.workload, s.path, s.lob_chars, s.lob_kchars,\n"
    "         s.block_size, s.rows, s.piece_size, s.seed, s.iterations, s.real_time_ns,\n"
    "         s.cpu_time_ns, s.repetitions\n"
    "  FROM sessions s JOIN runs r USING (run);\n"
    "CREATE VIEW timings AS\n"
    "  SELECT s.run, r.source, s.sid, s.workload, s.path, s.lob_chars, s.lob_kchars,\n"
    "         s.block_size, s.rows, t.repetition, t.real_time_ns, t.cpu_time_ns\n"
    "  FROM session_timings t JOIN sessions s USING (sid) JOIN runs r USING (run);\n"
    "CREATE VIEW figures AS\n"
    "  SELECT s.run, r.source, s.sid, s.workload, s.path, s.lob_chars, s.lob_kchars,\n"
    "         s.block_size, s.rows, st.\"statistic#\", n.name AS statistic, st.value\n"
    "  FROM session_stats st JOIN sessions s USING (sid) JOIN runs r USING (run)\n"
    "       JOIN v$statname n USING (\"statistic#\");\n"
    "CREATE VIEW run_by_lob_size AS\n"
    "  SELECT run, workload, path, block_size, rows, \"statistic#\", statistic,\n"
    "         max(CASE WHEN lob_kchars = 2 THEN value END) AS lob_2k,\n"
    "         max(CASE WHEN lob_kchars = 4 THEN value END) AS lob_4k,\n"
    "         max(CASE WHEN lob_kchars = 6 THEN value END) AS lob_6k,\n"
    "         max(CASE WHEN lob_kchars = 8 THEN value END) AS lob_8k,\n"
    "         max(CASE WHEN lob_kchars = 16 THEN value END) AS lob_16k,\n"
    "         max(CASE WHEN lob_kchars = 32 THEN value END) AS lob_32k,\n"
    "         max(CASE WHEN lob_kchars = 64 THEN value END) AS lob_64k,\n"
    "         max(CASE WHEN lob_kchars = 128 THEN value END) AS lob_128k,\n"
    "         max(CASE WHEN lob_kchars = 256 THEN value END) AS lob_256k\n"
    "  FROM figures\n"
    "  GROUP BY run, workload, path, block_size, rows, \"statistic#\"\n"
    "  ORDER BY run, workload = 'insert' DESC, workload, path DESC, block_size, rows,\n"
    "           \"statistic#\";\n"
    "CREATE VIEW latest_by_lob_size AS\n"
    "  SELECT * FROM run_by_lob_size WHERE run = (SELECT run FROM latest_run);\n"
    "CREATE VIEW reference_by_lob_size AS\n"
    "  SELECT * FROM run_by_lob_size WHERE run = (SELECT run FROM reference_run);\n"
    "CREATE VIEW latest_vs_reference AS\n"
    "  SELECT o.path, o.lob_kchars, o.block_size, o.rows, o.\"statistic#\", o.statistic,\n"
    "         l.value AS lobsim, o.value AS oracle,\n"
    "         CASE WHEN o.value <> 0 THEN round(CAST(l.value AS REAL) / o.value, 4) END\n"
    "           AS ratio\n"
    "  FROM figures o\n"
    "  LEFT JOIN figures l\n"
    "    ON l.run = (SELECT run FROM latest_run) AND l.workload = o.workload\n"
    "   AND l.path = o.path AND l.lob_chars = o.lob_chars AND l.block_size = o.block_size\n"
    "   AND l.rows = o.rows AND l.\"statistic#\" = o.\"statistic#\"\n"
    "  WHERE o.run = (SELECT run FROM reference_run)\n"
    "  ORDER BY o.path DESC, o.\"statistic#\", o.lob_chars;\n",

    /* 3 -> 4: runs imported from a user's own Oracle output (lobimport):
     * their label and format, the figures lobsim's catalogue lacks (kept
     * under Oracle's names), and "reference" that keeps meaning the shipped
     * measurements, not the latest import. */
    "ALTER TABLE runs ADD COLUMN label TEXT;\n"
    "ALTER TABLE runs ADD COLUMN import_format TEXT;\n"
    "CREATE TABLE session_oracle_stats (\n"
    "  sid   INTEGER NOT NULL REFERENCES sessions (sid),\n"
    "  name  TEXT NOT NULL,\n"
    "  value INTEGER NOT NULL,\n"
    "  PRIMARY KEY (sid, name)\n"
    ") WITHOUT ROWID;\n"
    "DROP VIEW reference_run;\n"
    "CREATE VIEW reference_run AS\n"
    "  SELECT max(run) AS run FROM runs WHERE source = 'oracle' AND import_format IS NULL;\n",

    /* 4 -> 5: the heap experiment's dictionary views, with Oracle's column
     * names, one row per session that recorded the figures (the ctas
     * workload): table TABnnK and its indexes PK_nnK, ID_nnK and BI_nnK, nn
     * the block size in KB, as the published experiment names them; the
     * run, source and block size beside them. */
    "CREATE VIEW user_tables AS\n"
    "  SELECT table_name, num_rows, blocks, avg_row_len, run, source, sid, block_size\n"
    "  FROM (SELECT 'TAB' || (s.block_size / 1024) || 'K' AS table_name,\n"
    "               (SELECT st.value FROM session_stats st JOIN v$statname n USING "
    "(\"statistic#\")\n"
    "                 WHERE st.sid = s.sid AND n.name = 'user_tables.num_rows') AS num_rows,\n"
    "               (SELECT st.value FROM session_stats st JOIN v$statname n USING "
    "(\"statistic#\")\n"
    "                 WHERE st.sid = s.sid AND n.name = 'user_tables.blocks') AS blocks,\n"
    "               (SELECT st.value FROM session_stats st JOIN v$statname n USING "
    "(\"statistic#\")\n"
    "                 WHERE st.sid = s.sid AND n.name = 'user_tables.avg_row_len') AS "
    "avg_row_len,\n"
    "               s.run, r.source, s.sid, s.block_size\n"
    "        FROM sessions s JOIN runs r USING (run))\n"
    "  WHERE num_rows > 0\n"
    "  ORDER BY run, block_size, sid;\n"
    "CREATE VIEW user_indexes AS\n"
    "  SELECT index_name, table_name, index_type, uniqueness, num_rows, blevel, leaf_blocks,\n"
    "         run, source, sid, block_size\n"
    "  FROM (SELECT i.tag || '_' || (s.block_size / 1024) || 'K' AS index_name,\n"
    "               'TAB' || (s.block_size / 1024) || 'K' AS table_name,\n"
    "               i.index_type, i.uniqueness, i.created,\n"
    "               (SELECT st.value FROM session_stats st JOIN v$statname n USING "
    "(\"statistic#\")\n"
    "                 WHERE st.sid = s.sid AND n.name = 'user_indexes.num_rows of ' || i.tag)\n"
    "                 AS num_rows,\n"
    "               (SELECT st.value FROM session_stats st JOIN v$statname n USING "
    "(\"statistic#\")\n"
    "                 WHERE st.sid = s.sid AND n.name = 'user_indexes.blevel of ' || i.tag)\n"
    "                 AS blevel,\n"
    "               (SELECT st.value FROM session_stats st JOIN v$statname n USING "
    "(\"statistic#\")\n"
    "                 WHERE st.sid = s.sid AND n.name = 'user_indexes.leaf_blocks of ' || i.tag)\n"
    "                 AS leaf_blocks,\n"
    "               s.run, r.source, s.sid, s.block_size\n"
    "        FROM sessions s JOIN runs r USING (run)\n"
    "        CROSS JOIN (SELECT 'PK' AS tag, 'NORMAL' AS index_type, 'UNIQUE' AS uniqueness,\n"
    "                           1 AS created\n"
    "                    UNION ALL SELECT 'ID', 'NORMAL', 'NONUNIQUE', 2\n"
    "                    UNION ALL SELECT 'BI', 'BITMAP', 'NONUNIQUE', 3) i)\n"
    "  WHERE num_rows > 0\n"
    "  ORDER BY run, block_size, sid, created;\n"
    "CREATE VIEW latest_user_tables AS\n"
    "  SELECT * FROM user_tables WHERE run = (SELECT run FROM latest_run);\n"
    "CREATE VIEW latest_user_indexes AS\n"
    "  SELECT * FROM user_indexes WHERE run = (SELECT run FROM latest_run);\n",

    /* 5 -> 6: the order of the workloads, which only the recording program
     * knows (workload/'s table): written with every run (res_set_workloads),
     * read by every walk and by the pivot, which sorted by name before
     * (insert first).  Names the table lacks come after the others, by name.
     * An upgraded store has an empty table until its next run. */
    "CREATE TABLE workloads (\n"
    "  name     TEXT PRIMARY KEY,\n"
    "  position INTEGER NOT NULL UNIQUE CHECK (position >= 0),\n"
    "  family   TEXT NOT NULL,\n"
    "  title    TEXT\n"
    ");\n"
    "DROP VIEW run_by_lob_size;\n"
    "CREATE VIEW run_by_lob_size AS\n"
    "  SELECT run, workload, path, block_size, rows, \"statistic#\", statistic,\n"
    "         max(CASE WHEN lob_kchars = 2 THEN value END) AS lob_2k,\n"
    "         max(CASE WHEN lob_kchars = 4 THEN value END) AS lob_4k,\n"
    "         max(CASE WHEN lob_kchars = 6 THEN value END) AS lob_6k,\n"
    "         max(CASE WHEN lob_kchars = 8 THEN value END) AS lob_8k,\n"
    "         max(CASE WHEN lob_kchars = 16 THEN value END) AS lob_16k,\n"
    "         max(CASE WHEN lob_kchars = 32 THEN value END) AS lob_32k,\n"
    "         max(CASE WHEN lob_kchars = 64 THEN value END) AS lob_64k,\n"
    "         max(CASE WHEN lob_kchars = 128 THEN value END) AS lob_128k,\n"
    "         max(CASE WHEN lob_kchars = 256 THEN value END) AS lob_256k\n"
    "  FROM figures LEFT JOIN workloads w ON w.name = workload\n"
    "  GROUP BY run, workload, path, block_size, rows, \"statistic#\"\n"
    "  ORDER BY run, w.position IS NULL, w.position, workload, path DESC, block_size, rows,\n"
    "           \"statistic#\";\n",

    /* 6 -> 7: a part of a session's figures counted apart from the rest, by
     * name: the recursive SQL of a heap statement (the dictionary reads
     * and calls of its parse), so that the statement's own figures are the
     * session's less it.  Sessions recorded before have no parts; the view
     * shows each part beside the session's total and the rest. */
    "CREATE TABLE session_part_stats (\n"
    "  sid          INTEGER NOT NULL REFERENCES sessions (sid),\n"
    "  part         TEXT NOT NULL,\n"
    "  \"statistic#\" INTEGER NOT NULL REFERENCES v$statname (\"statistic#\"),\n"
    "  value        INTEGER NOT NULL CHECK (value >= 0),\n"
    "  PRIMARY KEY (sid, part, \"statistic#\")\n"
    ") WITHOUT ROWID;\n"
    "CREATE VIEW part_figures AS\n"
    "  SELECT s.run, r.source, s.sid, s.workload, s.path, s.lob_chars, s.block_size, s.rows,\n"
    "         p.part, p.\"statistic#\", n.name AS statistic, p.value,\n"
    "         st.value AS total, st.value - p.value AS rest\n"
    "  FROM session_part_stats p JOIN sessions s USING (sid) JOIN runs r USING (run)\n"
    "       JOIN v$statname n USING (\"statistic#\")\n"
    "       LEFT JOIN session_stats st ON st.sid = p.sid AND st.\"statistic#\" = "
    "p.\"statistic#\";\n",

    /* 7 -> 8: "latest" is per workload: after a rac run the latest insert
     * is still the insert's latest, so that the latest_ views show each
     * workload's newest completed run beside its reference, not the
     * newest run's workload alone (latest_run keeps meaning the newest
     * run of any workload).  And the name a user's file printed where it
     * differs from the catalogue's (a runstats name cut to its column). */
    "CREATE VIEW latest_run_by_workload AS\n"
    "  SELECT s.workload, max(s.run) AS run\n"
    "  FROM sessions s JOIN runs r USING (run)\n"
    "  WHERE r.source = 'lobsim' AND r.completed = 1\n"
    "  GROUP BY s.workload;\n"
    "CREATE VIEW latest_sessions AS\n"
    "  SELECT s.sid, s.run, s.workload\n"
    "  FROM sessions s JOIN latest_run_by_workload l\n"
    "    ON l.workload = s.workload AND l.run = s.run;\n"
    "DROP VIEW v$mystat;\n"
    "CREATE VIEW v$mystat AS\n"
    "  SELECT sid, \"statistic#\", value FROM v$sesstat\n"
    "  WHERE sid IN (SELECT sid FROM latest_sessions);\n"
    "DROP VIEW latest_by_lob_size;\n"
    "CREATE VIEW latest_by_lob_size AS\n"
    "  SELECT * FROM run_by_lob_size b\n"
    "  WHERE run = (SELECT l.run FROM latest_run_by_workload l WHERE l.workload = b.workload);\n"
    "DROP VIEW latest_vs_reference;\n"
    "CREATE VIEW latest_vs_reference AS\n"
    "  SELECT o.path, o.lob_kchars, o.block_size, o.rows, o.\"statistic#\", o.statistic,\n"
    "         l.value AS lobsim, o.value AS oracle,\n"
    "         CASE WHEN o.value <> 0 THEN round(CAST(l.value AS REAL) / o.value, 4) END\n"
    "           AS ratio\n"
    "  FROM figures o\n"
    "  LEFT JOIN figures l\n"
    "    ON l.run = (SELECT w.run FROM latest_run_by_workload w WHERE w.workload = o.workload)\n"
    "   AND l.workload = o.workload\n"
    "   AND l.path = o.path AND l.lob_chars = o.lob_chars AND l.block_size = o.block_size\n"
    "   AND l.rows = o.rows AND l.\"statistic#\" = o.\"statistic#\"\n"
    "  WHERE o.run = (SELECT run FROM reference_run)\n"
    "  ORDER BY o.path DESC, o.\"statistic#\", o.lob_chars;\n"
    "DROP VIEW latest_user_tables;\n"
    "CREATE VIEW latest_user_tables AS\n"
    "  SELECT * FROM user_tables WHERE sid IN (SELECT sid FROM latest_sessions);\n"
    "DROP VIEW latest_user_indexes;\n"
    "CREATE VIEW latest_user_indexes AS\n"
    "  SELECT * FROM user_indexes WHERE sid IN (SELECT sid FROM latest_sessions);\n"
    "CREATE TABLE session_stat_printed (\n"
    "  sid          INTEGER NOT NULL REFERENCES sessions (sid),\n"
    "  \"statistic#\" INTEGER NOT NULL REFERENCES v$statname (\"statistic#\"),\n"
    "  printed      TEXT NOT NULL,\n"
    "  PRIMARY KEY (sid, \"statistic#\")\n"
    ") WITHOUT ROWID;\n",

    /* 8 -> 9: a script's steps.  A session of a script run is one (step,
     * table): the statement's number in the script (from 1), its text and
     * the table whose segment the figures show; it has no LOB size of its
     * own, so lob_chars may be NULL where the step is not.  SQLite cannot
     * drop a NOT NULL with ALTER TABLE; the column's declaration is edited
     * in sqlite_schema (SQLite's "ALTER TABLE", section 7: a change that
     * leaves the stored rows as they are), the schema reloaded, and the
     * ALTER TABLEs below bump the schema cookie for other connections.  The
     * run keeps the script's file and the FNV-1a 64 of its bytes. */
    "PRAGMA writable_schema = ON;\n"
    "UPDATE sqlite_schema\n"
    "  SET sql = replace(sql, 'lob_chars  INTEGER NOT NULL CHECK', 'lob_chars  INTEGER CHECK')\n"
    "  WHERE type = 'table' AND name = 'sessions';\n"
    "PRAGMA writable_schema = RESET;\n"
    "ALTER TABLE sessions ADD COLUMN step INTEGER CHECK (step > 0);\n"
    "ALTER TABLE sessions ADD COLUMN statement TEXT;\n"
    "ALTER TABLE sessions ADD COLUMN table_name TEXT;\n"
    "ALTER TABLE runs ADD COLUMN script_file TEXT;\n"
    "ALTER TABLE runs ADD COLUMN script_digest TEXT;\n"
    "DROP VIEW v$session;\n"
    "CREATE VIEW v$session AS\n"
    "  SELECT s.sid, s.run, r.source, s.workload, s.path, s.lob_chars, s.lob_kchars,\n"
    "         s.block_size, s.rows, s.piece_size, s.seed, s.iterations, s.real_time_ns,\n"
    "         s.cpu_time_ns, s.repetitions, s.step, s.statement, s.table_name\n"
    "  FROM sessions s JOIN runs r USING (run);\n"
    "CREATE VIEW step_figures AS\n"
    "  SELECT s.run, r.source, r.script_file, s.sid, s.step, s.table_name, s.statement,\n"
    "         st.\"statistic#\", n.name AS statistic, st.value\n"
    "  FROM session_stats st JOIN sessions s USING (sid) JOIN runs r USING (run)\n"
    "       JOIN v$statname n USING (\"statistic#\")\n"
    "  WHERE s.step IS NOT NULL;\n",

    /* 9 -> 10: a session's snapshots (lobbench --snapshot-every), as AWR
     * keeps a statement's figures by snapshot (dba_hist_sysstat, but as
     * deltas): each interval's number from 1, the rows it inserted, its
     * delta of every figure.  A figure's deltas add up to the session's
     * (invariant 14).  Sessions recorded before have none. */
    "CREATE TABLE session_snapshots (\n"
    "  sid          INTEGER NOT NULL REFERENCES sessions (sid),\n"
    "  snap_id      INTEGER NOT NULL CHECK (snap_id > 0),\n"
    "  snap_rows    INTEGER NOT NULL CHECK (snap_rows >= 0),\n"
    "  \"statistic#\" INTEGER NOT NULL REFERENCES v$statname (\"statistic#\"),\n"
    "  value        INTEGER NOT NULL CHECK (value >= 0),\n"
    "  PRIMARY KEY (sid, snap_id, \"statistic#\")\n"
    ") WITHOUT ROWID;\n"
    "CREATE VIEW snapshot_figures AS\n"
    "  SELECT s.run, r.source, s.sid, s.workload, s.path, s.lob_chars, s.lob_kchars,\n"
    "         s.block_size, s.rows, p.snap_id, p.snap_rows, p.\"statistic#\", n.name AS "
    "statistic,\n"
    "         p.value\n"
    "  FROM session_snapshots p JOIN sessions s USING (sid) JOIN runs r USING (run)\n"
    "       JOIN v$statname n USING (\"statistic#\");\n",

    /* 10 -> 11: snapshots imported from Oracle (lobimport of a Snapper
     * series): Snapper says how long an interval was (its "seconds=") but
     * not how many rows it inserted, so snap_rows may be NULL (not known;
     * never 0 or a guess for it) and snap_seconds keeps the interval's
     * length where the source gives it (NULL for lobbench's intervals of
     * rows).  SQLite cannot drop a NOT NULL constraint with ALTER TABLE:
     * the table is rebuilt (SQLite's "ALTER TABLE", section 7, the
     * generalized procedure), its view dropped before and made again. */
    "DROP VIEW snapshot_figures;\n"
    "CREATE TABLE session_snapshots_new (\n"
    "  sid          INTEGER NOT NULL REFERENCES sessions (sid),\n"
    "  snap_id      INTEGER NOT NULL CHECK (snap_id > 0),\n"
    "  snap_rows    INTEGER CHECK (snap_rows >= 0),\n"
    "  snap_seconds REAL CHECK (snap_seconds > 0),\n"
    "  \"statistic#\" INTEGER NOT NULL REFERENCES v$statname (\"statistic#\"),\n"
    "  value        INTEGER NOT NULL CHECK (value >= 0),\n"
    "  PRIMARY KEY (sid, snap_id, \"statistic#\")\n"
    ") WITHOUT ROWID;\n"
    "INSERT INTO session_snapshots_new (sid, snap_id, snap_rows, \"statistic#\", value)\n"
    "  SELECT sid, snap_id, snap_rows, \"statistic#\", value FROM session_snapshots;\n"
    "DROP TABLE session_snapshots;\n"
    "ALTER TABLE session_snapshots_new RENAME TO session_snapshots;\n"
    "CREATE VIEW snapshot_figures AS\n"
    "  SELECT s.run, r.source, s.sid, s.workload, s.path, s.lob_chars, s.lob_kchars,\n"
    "         s.block_size, s.rows, p.snap_id, p.snap_rows, p.snap_seconds, p.\"statistic#\",\n"
    "         n.name AS statistic, p.value\n"
    "  FROM session_snapshots p JOIN sessions s USING (sid) JOIN runs r USING (run)\n"
    "       JOIN v$statname n USING (\"statistic#\");\n",

    /* 11 -> 12: a run of sessions at once (lobbench --script --sessions):
     * a store session per simulated session, as v$sesstat has a row per
     * (sid, statistic), numbered ses_sid 1 .. ses_count within its count
     * of the sweep (ses_count), and one more, ses_sid 0, for the system
     * (v$sysstat: the sessions' sum), which holds the run's snapshots; NULL
     * both for every other session.  Wait events as v$session_event and
     * v$system_event keep them (event, wait_class, total_waits,
     * time_waited_micro), per session and per snapshot (dba_hist_system_event,
     * but as deltas like session_snapshots).  Older sessions have none. */
    "ALTER TABLE sessions ADD COLUMN ses_count INTEGER CHECK (ses_count > 0);\n"
    "ALTER TABLE sessions ADD COLUMN ses_sid INTEGER CHECK (ses_sid >= 0);\n"
    "CREATE TABLE session_events (\n"
    "  sid               INTEGER NOT NULL REFERENCES sessions (sid),\n"
    "  event             TEXT NOT NULL,\n"
    "  wait_class        TEXT NOT NULL,\n"
    "  total_waits       INTEGER NOT NULL CHECK (total_waits >= 0),\n"
    "  time_waited_micro INTEGER NOT NULL CHECK (time_waited_micro >= 0),\n"
    "  PRIMARY KEY (sid, event)\n"
    ") WITHOUT ROWID;\n"
    "CREATE TABLE session_snapshot_events (\n"
    "  sid               INTEGER NOT NULL REFERENCES sessions (sid),\n"
    "  snap_id           INTEGER NOT NULL CHECK (snap_id > 0),\n"
    "  event             TEXT NOT NULL,\n"
    "  wait_class        TEXT NOT NULL,\n"
    "  total_waits       INTEGER NOT NULL CHECK (total_waits >= 0),\n"
    "  time_waited_micro INTEGER NOT NULL CHECK (time_waited_micro >= 0),\n"
    "  PRIMARY KEY (sid, snap_id, event)\n"
    ") WITHOUT ROWID;\n"
    "DROP VIEW v$session;\n"
    "CREATE VIEW v$session AS\n"
    "  SELECT s.sid, s.run, r.source, s.workload, s.path, s.lob_chars, s.lob_kchars,\n"
    "         s.block_size, s.rows, s.piece_size, s.seed, s.iterations, s.real_time_ns,\n"
    "         s.cpu_time_ns, s.repetitions, s.step, s.statement, s.table_name, s.ses_count,\n"
    "         s.ses_sid\n"
    "  FROM sessions s JOIN runs r USING (run);\n"
    "CREATE VIEW v$session_event AS\n"
    "  SELECT sid, event, total_waits, time_waited_micro, wait_class FROM session_events;\n"
    "CREATE VIEW v$system_event AS\n"
    "  SELECT s.run, s.ses_count, e.event, e.total_waits, e.time_waited_micro, e.wait_class\n"
    "  FROM session_events e JOIN sessions s USING (sid)\n"
    "  WHERE s.ses_sid = 0;\n"
    "CREATE VIEW v$sysstat AS\n"
    "  SELECT s.run, s.ses_count, st.\"statistic#\", n.name, st.value\n"
    "  FROM session_stats st JOIN sessions s USING (sid) JOIN v$statname n USING (\"statistic#\")\n"
    "  WHERE s.ses_sid = 0;\n"
    "DROP VIEW snapshot_figures;\n"
    "CREATE VIEW snapshot_figures AS\n"
    "  SELECT s.run, r.source, s.sid, s.workload, s.path, s.lob_chars, s.lob_kchars,\n"
    "         s.block_size, s.rows, p.snap_id, p.snap_rows, p.snap_seconds, p.\"statistic#\",\n"
    "         n.name AS statistic, p.value, s.ses_count, s.ses_sid\n"
    "  FROM session_snapshots p JOIN sessions s USING (sid) JOIN runs r USING (run)\n"
    "       JOIN v$statname n USING (\"statistic#\");\n"
    "CREATE VIEW snapshot_events AS\n"
    "  SELECT s.run, r.source, s.sid, s.ses_count, s.ses_sid, e.snap_id,\n"
    "         (SELECT max(p.snap_seconds) FROM session_snapshots p\n"
    "          WHERE p.sid = e.sid AND p.snap_id = e.snap_id) AS snap_seconds,\n"
    "         e.event, e.wait_class, e.total_waits, e.time_waited_micro\n"
    "  FROM session_snapshot_events e JOIN sessions s USING (sid) JOIN runs r USING (run);\n",

    /* 12 -> 13: a script step's figures laid out so that no sum counts a
     * session statistic twice.  A step has one session row (table_name
     * and segment_name NULL) with the statistics the step counted, as
     * v$mystat gives them, and a row per segment (sessions.segment_name:
     * the table's segment or one of its LOB segments) with that segment's
     * figures alone.  A step recorded before held the session's figures in
     * each table's row that the statement touched (a commit or a PL/SQL
     * block: every table's): its session row is made here with, of each
     * statistic shown outside the segment views, the largest of its table
     * rows (the copies were equal, the others 0), and the table rows keep
     * their segment figures only (segment_name NULL: the table's segments
     * together, as they were recorded).  The view v$sess_time_model shows
     * DB CPU where Oracle does. */
    "ALTER TABLE sessions ADD COLUMN segment_name TEXT;\n"
    "INSERT INTO sessions (run, workload, path, lob_chars, block_size, rows, seed, params,\n"
    "                      step, statement)\n"
    "  SELECT run, workload, path, NULL, min(block_size), 0, seed, params, step, statement\n"
    "  FROM sessions WHERE step IS NOT NULL AND table_name IS NOT NULL\n"
    "  GROUP BY run, step;\n"
    "INSERT INTO session_stats (sid, \"statistic#\", value)\n"
    "  SELECT n.sid, st.\"statistic#\",\n"
    "         CASE WHEN v.shown_in IN ('dbms_space.space_usage', 'user_segments',\n"
    "            'v$securefile_shrink', 'lobsim') THEN 0\n"
    "              ELSE max(st.value) END\n"
    "  FROM sessions n\n"
    "  JOIN sessions o ON o.run = n.run AND o.step = n.step AND o.table_name IS NOT NULL\n"
    "  JOIN session_stats st ON st.sid = o.sid\n"
    "  JOIN v$statname v ON v.\"statistic#\" = st.\"statistic#\"\n"
    "  WHERE n.step IS NOT NULL AND n.table_name IS NULL\n"
    "  GROUP BY n.sid, st.\"statistic#\";\n"
    "UPDATE session_stats SET value = 0\n"
    "  WHERE value <> 0\n"
    "    AND sid IN (SELECT sid FROM sessions WHERE step IS NOT NULL AND table_name IS NOT NULL)\n"
    "    AND \"statistic#\" IN (SELECT \"statistic#\" FROM v$statname\n"
    "                          WHERE shown_in NOT IN ('dbms_space.space_usage', 'user_segments',\n"
    "            'v$securefile_shrink', 'lobsim'));\n"
    "DROP VIEW v$session;\n"
    "CREATE VIEW v$session AS\n"
    "  SELECT s.sid, s.run, r.source, s.workload, s.path, s.lob_chars, s.lob_kchars,\n"
    "         s.block_size, s.rows, s.piece_size, s.seed, s.iterations, s.real_time_ns,\n"
    "         s.cpu_time_ns, s.repetitions, s.step, s.statement, s.table_name, s.ses_count,\n"
    "         s.ses_sid, s.segment_name\n"
    "  FROM sessions s JOIN runs r USING (run);\n"
    "DROP VIEW step_figures;\n"
    "CREATE VIEW step_figures AS\n"
    "  SELECT s.run, r.source, r.script_file, s.sid, s.step, s.table_name, s.statement,\n"
    "         st.\"statistic#\", n.name AS statistic, st.value, s.segment_name\n"
    "  FROM session_stats st JOIN sessions s USING (sid) JOIN runs r USING (run)\n"
    "       JOIN v$statname n USING (\"statistic#\")\n"
    "  WHERE s.step IS NOT NULL;\n"
    "CREATE VIEW v$sess_time_model AS\n"
    "  SELECT st.sid, st.\"statistic#\" AS stat_id, n.name AS stat_name, st.value\n"
    "  FROM session_stats st JOIN v$statname n USING (\"statistic#\")\n"
    "  WHERE n.name = 'DB CPU';\n",
};

/* The tables every version has; a file that lacks one is not a store. */
static const char *const core_tables[] = {"runs", "sessions", "session_stats", "v$statname"};

/* ---- what kind of file is this ------------------------------------------ */

sim_err_t res_classify(sqlite3 *db, const char *path, int *kind, int *version, char *err,
                       size_t errlen)
{
    int64_t app_id, uv, objects;
    int rc = res_query_int(db, "PRAGMA application_id", &app_id);
    if (rc == SQLITE_OK)
        rc = res_query_int(db, "PRAGMA user_version", &uv);
    if (rc == SQLITE_OK)
        rc = res_query_int(db, "SELECT count(*) FROM sqlite_master", &objects);
    if ((rc & 0xff) == SQLITE_NOTADB) {
        res_format(err, errlen, "%s: not a lobsim results database (not an SQLite file)", path);
        return SIM_EINVAL;
    }
    if (rc != SQLITE_OK) {
        res_format(err, errlen, "%s: %s: %s", path,
                   (rc & 0xff) == SQLITE_CORRUPT ? "corrupt" : "cannot read", sqlite3_errmsg(db));
        return res_map_rc(rc);
    }
    if (app_id == 0 && uv == 0 && objects == 0) {
        *kind = RES_KIND_EMPTY;
        *version = 0;
        return SIM_OK;
    }
    if (app_id != RES_APPLICATION_ID) {
        char table[128] = "no tables";
        sqlite3_stmt *st;
        if (res_prepare(db, "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name",
                        &st) == SQLITE_OK) {
            if (sqlite3_step(st) == SQLITE_ROW)
                res_format(table, sizeof table, "table '%s'",
                           (const char *)sqlite3_column_text(st, 0));
            sqlite3_finalize(st);
        }
        if (app_id == 0)
            res_format(err, errlen, "%s: not a lobsim results database (SQLite file holding %s)",
                       path, table);
        else
            res_format(err, errlen,
                       "%s: not a lobsim results database (SQLite file of application id %" PRId64
                       ", holding %s)",
                       path, app_id, table);
        return SIM_EINVAL;
    }
    if (uv > RES_SCHEMA_VERSION) {
        res_format(err, errlen,
                   "%s: results schema version %" PRId64
                   " is newer than this lobsim's %d; use a newer lobsim",
                   path, uv, RES_SCHEMA_VERSION);
        return SIM_EINVAL;
    }
    if (uv < 1) {
        res_format(err, errlen, "%s: lobsim results database without a schema version", path);
        return SIM_ECORRUPT;
    }
    for (size_t i = 0; i < sizeof core_tables / sizeof core_tables[0]; i++) {
        sqlite3_stmt *st;
        int found = 0;
        rc = res_prepare(db, "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?", &st);
        if (rc == SQLITE_OK) {
            sqlite3_bind_text(st, 1, core_tables[i], -1, SQLITE_STATIC);
            rc = sqlite3_step(st);
            found = rc == SQLITE_ROW;
            rc = rc == SQLITE_ROW || rc == SQLITE_DONE ? SQLITE_OK : rc;
            sqlite3_finalize(st);
        }
        if (rc != SQLITE_OK) {
            res_format(err, errlen, "%s: cannot read: %s", path, sqlite3_errmsg(db));
            return res_map_rc(rc);
        }
        if (!found) {
            res_format(err, errlen, "%s: results schema version %" PRId64 " but no table '%s'",
                       path, uv, core_tables[i]);
            return SIM_ECORRUPT;
        }
    }
    *kind = RES_KIND_STORE;
    *version = (int)uv;
    return SIM_OK;
}

/* The line of quick_check's report that says what is wrong: SQLite puts
 * "*** in database main ***" on a line of its own before it. */
static void first_problem(const char *report, char *out, size_t len)
{
    const char *p = report;
    while (*p) {
        size_t n = strcspn(p, "\r\n");
        if (n > 0 && strncmp(p, "***", 3) != 0) {
            res_format(out, len, "%.*s", (int)n, p);
            return;
        }
        p += n;
        p += strspn(p, "\r\n");
    }
    res_format(out, len, "quick_check failed");
}

/* PRAGMA quick_check: the first problem, or SIM_OK. */
sim_err_t res_quick_check(sqlite3 *db, const char *path, char *err, size_t errlen)
{
    sqlite3_stmt *st;
    int rc = res_prepare(db, "PRAGMA quick_check(1)", &st);
    if (rc == SQLITE_OK) {
        rc = sqlite3_step(st);
        if (rc == SQLITE_ROW) {
            const char *res = (const char *)sqlite3_column_text(st, 0);
            if (!res || strcmp(res, "ok") != 0) {
                char what[256];
                first_problem(res ? res : "", what, sizeof what);
                res_format(err, errlen, "%s: corrupt: database disk image is malformed: %s", path,
                           what);
                sqlite3_finalize(st);
                return SIM_ECORRUPT;
            }
            rc = SQLITE_OK;
        }
        if (rc == SQLITE_DONE)
            rc = SQLITE_OK;
        sqlite3_finalize(st);
    }
    if (rc != SQLITE_OK) {
        res_format(err, errlen, "%s: %s: %s", path,
                   (rc & 0xff) == SQLITE_CORRUPT ? "corrupt" : "cannot read", sqlite3_errmsg(db));
        return res_map_rc(rc);
    }
    return SIM_OK;
}
/* ---- the schema and the catalogue ------------------------------------------ */

const char *res_migration(int from)
{
    return from >= 0 && from < RES_SCHEMA_VERSION ? migrations[from] : NULL;
}

static sim_err_t migrate(res_store_t *s, int from)
{
    for (int v = from; v < RES_SCHEMA_VERSION; v++) {
        int rc = sqlite3_exec(s->db, migrations[v], NULL, NULL, NULL);
        if (rc == SQLITE_OK) {
            char sql[64];
            res_format(sql, sizeof sql, "PRAGMA user_version = %d", v + 1);
            rc = sqlite3_exec(s->db, sql, NULL, NULL, NULL);
        }
        if (rc != SQLITE_OK) {
            char what[64];
            res_format(what, sizeof what, "cannot upgrade schema %d to %d", v, v + 1);
            return res_db_fail(s, rc, what);
        }
    }
    return SIM_OK;
}

/* Bring v$statname in line with sim_stat_info(); rows that already match are
 * not touched, so opening a current store writes nothing. */
static sim_err_t sync_statname(res_store_t *s)
{
    sqlite3_stmt *st;
    int rc =
        res_prepare(s->db,
                    "INSERT INTO v$statname (\"statistic#\", name, class, shown_in, meaning)\n"
                    "VALUES (?1, ?2, ?3, ?4, ?5)\n"
                    "ON CONFLICT (\"statistic#\") DO UPDATE SET name = excluded.name,\n"
                    "  class = excluded.class, shown_in = excluded.shown_in,\n"
                    "  meaning = excluded.meaning\n"
                    "WHERE name IS NOT excluded.name OR class IS NOT excluded.class\n"
                    "   OR shown_in IS NOT excluded.shown_in OR meaning IS NOT excluded.meaning",
                    &st);
    for (int i = 0; rc == SQLITE_OK && i < SIM_STAT_COUNT; i++) {
        const sim_stat_info_t *info = sim_stat_info((sim_stat_t)i);
        sqlite3_bind_int(st, 1, info->number);
        sqlite3_bind_text(st, 2, info->name, -1, SQLITE_STATIC);
        sqlite3_bind_int(st, 3, info->oclass);
        sqlite3_bind_text(st, 4, sim_view_name(info->view), -1, SQLITE_STATIC);
        sqlite3_bind_text(st, 5, info->meaning, -1, SQLITE_STATIC);
        rc = sqlite3_step(st);
        rc = rc == SQLITE_DONE ? SQLITE_OK : rc;
        sqlite3_reset(st);
    }
    sqlite3_finalize(st);
    return rc == SQLITE_OK ? SIM_OK : res_db_fail(s, rc, "cannot update v$statname");
}

sim_err_t res_init_body(res_store_t *s, void *arg)
{
    (void)arg;
    int kind, version;
    sim_err_t err = res_classify(s->db, s->path, &kind, &version, s->errmsg, sizeof s->errmsg);
    if (err != SIM_OK)
        return err;
    if (kind == RES_KIND_EMPTY) {
        char sql[64];
        res_format(sql, sizeof sql, "PRAGMA application_id = %d", RES_APPLICATION_ID);
        int rc = sqlite3_exec(s->db, sql, NULL, NULL, NULL);
        if (rc != SQLITE_OK)
            return res_db_fail(s, rc, "cannot create the store");
    }
    err = migrate(s, version);
    return err == SIM_OK ? sync_statname(s) : err;
}

/* WAL lets readers and one writer work at once; the switch needs a moment
 * when no one else holds the file, so it retries like a transaction. */
sim_err_t res_set_wal(res_store_t *s)
{
    res_retry_t retry;
    res_retry_start(&retry);
    for (;;) {
        int rc = sqlite3_exec(s->db, "PRAGMA journal_mode = WAL", NULL, NULL, NULL);
        if (rc == SQLITE_OK)
            return SIM_OK;
        sim_err_t err = res_db_fail(s, rc, "cannot switch to WAL mode");
        if (!s->busy || !res_retry_wait(&retry))
            return err;
    }
}
