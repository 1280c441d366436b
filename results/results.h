/*
 * results.h -- the results store: an SQLite file that keeps every lobbench run
 * the way Oracle keeps session statistics, so that a query written against
 * v$statname / v$sesstat / v$mystat runs unchanged in the plain `sqlite3`
 * shell.  The reference measurements are loaded as a run of their own
 * (source 'oracle') and compare like any other run.
 *
 * Tables and views are described in results/README.md.  In short: `runs`
 * (one row per lobbench invocation), `sessions` (one simulated case each,
 * shown as v$session), `session_stats` (every figure), `session_part_stats`
 * (a part of them counted apart: a heap statement's recursive SQL),
 * `session_timings` (each repetition's time), `v$statname` (the catalogue),
 * `workloads` (their order, as the recording programs give it), and views
 * v$sesstat, v$mystat, v$enqueue_stat, v$transaction, figures, part_figures, timings,
 * run_by_lob_size, latest_by_lob_size, reference_by_lob_size,
 * latest_vs_reference.  Note that `statistic#` must be double-quoted in
 * SQLite: select "statistic#", value from v$mystat;
 *
 * Errors: every function returns a sim_err_t.  Functions on a handle leave a
 * one-line message naming the database file (or the CSV file and line) in
 * res_errmsg(); res_open() writes it into the caller's buffer because there
 * is no handle yet.  A failing write changes nothing in the file.
 *
 *   SIM_EINVAL   bad input: a file that is not a lobsim store, a newer schema,
 *                a malformed CSV, an unknown run selector, a figure that does
 *                not fit, a missing directory
 *   SIM_EIO      the file cannot be read or written: read-only, a directory,
 *                disk full, locked for longer than the busy timeout
 *   SIM_ECORRUPT the file is damaged, or res_check() found a broken invariant
 *   SIM_ENOMEM   an allocation failed
 *
 * A handle is one SQLite connection: use it from one thread at a time.
 * Several handles (threads or processes) may write the same file at once;
 * each run is one transaction and none is lost.
 */
#ifndef LOBSIM_RESULTS_H
#define LOBSIM_RESULTS_H

#include <stddef.h>
#include <stdint.h>

#include "sim.h"

/* PRAGMA user_version of the files this code writes; older ones are upgraded. */
#define RES_SCHEMA_VERSION 13
/* PRAGMA application_id of every lobsim results file: 'LOBS'. */
#define RES_APPLICATION_ID 0x4C4F4253

/* The longest workload or path name a session may have. */
#define RES_NAME_MAX 32

typedef struct res_store res_store_t;

/* ---- opening ---------------------------------------------------------- */

enum {
    RES_OPEN_READONLY = 1, /* never write: for diff and report tools */
    RES_OPEN_CREATE = 2,   /* create the file if it is missing (not its directory) */
    RES_OPEN_PROBE = 4,    /* never write: would a read-write open succeed? */
};

/*
 * Open the results store at `path`.  Without RES_OPEN_READONLY or
 * RES_OPEN_PROBE the file is created (with RES_OPEN_CREATE) or upgraded to
 * RES_SCHEMA_VERSION, put in WAL mode, and its v$statname brought in line with
 * sim_stat_info().
 *
 * Before anything is written, the file is inspected on a read-only connection;
 * a file that is not a lobsim store (not SQLite, or SQLite with other
 * tables), has a newer schema version, is corrupt, is read-only or is a
 * directory is refused and left byte-for-byte unchanged.  An empty (0-byte)
 * file counts as a new store.  A missing parent directory is an error, never
 * created.
 *
 * A new store is built whole in a temporary file beside `path`
 * ("PATH-new-XXXXXX") and then moved into place, so that `path` is never seen
 * half-made: a creation that is killed or fails leaves at most that temporary
 * file, which a later read-write open removes once it is ten minutes old.  A
 * store that an older lobsim left with an interrupted write in rollback-journal
 * mode (a hot "PATH-journal") is rolled back by a read-write open;
 * RES_OPEN_READONLY refuses it with a message saying so.
 *
 * RES_OPEN_PROBE (with or without RES_OPEN_CREATE, not with RES_OPEN_READONLY)
 * checks, without writing anything, what a read-write open with the same
 * flags would refuse: it refuses what RES_OPEN_READONLY refuses, a read-only
 * file and a directory it cannot write to, but accepts an older schema
 * version (the read-write open upgrades it), an empty file, a missing file in
 * an existing directory (with RES_OPEN_CREATE), and a lobsim store with an
 * interrupted write (the read-write open rolls it back and checks it again).
 * The handle it returns holds no connection: only res_close(), res_errmsg()
 * and res_path() apply; every other function returns SIM_EINVAL.
 *
 * On success *out is the new handle; on failure *out is NULL and errbuf (if
 * errlen > 0) holds one line naming the file.
 */
sim_err_t res_open(const char *path, int flags, res_store_t **out, char *errbuf, size_t errlen);

/* Close the handle; NULL is a no-op. */
void res_close(res_store_t *s);

/* The last error on this handle as one line, "" if none; never NULL. */
const char *res_errmsg(const res_store_t *s);

/* The file the handle was opened on. */
const char *res_path(const res_store_t *s);

/* ---- the workloads ------------------------------------------------------ */

/*
 * A workload as the recording program's table names it (workload.h): the
 * store keeps no list of its own, only what the programs that record into it
 * tell it, in its table `workloads (name, position, family, title)`.  Every
 * view, walk (res_foreach_session) and tool orders workloads by position;
 * names the table lacks come after the others, by name.
 */
typedef struct {
    const char *name;   /* a name as in res_session_t: "insert", "scan", ... */
    const char *family; /* what it measures, a name too: "lob", "heap", "rac" */
    const char *title;  /* e.g. "Full scan readback"; NULL for none */
} res_workload_t;

/*
 * The workloads of the program holding the handle, n >= 1 in its order
 * (copied).  Every later write on the handle (res_record_run,
 * res_record_import, res_load_reference) records them in the same
 * transaction as its run, so that a store always knows the order of the
 * workloads its runs use: the table becomes these n at positions 0 .. n-1,
 * then the names it held that are not among them, in their old order.  n 0
 * forgets them (writes leave the table alone).  SIM_EINVAL, the handle's
 * list unchanged, for a name or family that is not a name (res_session_t)
 * or a name given twice; SIM_ENOMEM.
 */
sim_err_t res_set_workloads(res_store_t *s, const res_workload_t *w, size_t n);

/* ---- recording a run -------------------------------------------------- */

/* What Google Benchmark measured for one case. */
typedef struct {
    uint64_t iterations;  /* iterations per repetition */
    double real_time_ns;  /* wall time per iteration, as Google Benchmark reports it */
    double cpu_time_ns;   /* CPU time per iteration */
    uint32_t repetitions; /* repetitions the figures are the mean of (1 if none) */
    /*
     * Each repetition's own figures per iteration, in the order they ran, for
     * lobdiff's significance test: nsamples (0 = none kept, else at most
     * repetitions) values in each array, finite and >= 0.  On the read side
     * the arrays are valid during the callback only; NULL when nsamples is 0.
     */
    uint32_t nsamples;
    const double *real_samples_ns;
    const double *cpu_samples_ns;
} res_timing_t;

/*
 * A part of a session's figures that the recording program counts apart:
 * its name (a name as the workload's, below) and its figures, each at most
 * the session's own.  lobbench records the recursive SQL of a heap
 * statement (the dictionary reads and calls of its parse) as
 * RES_PART_RECURSIVE; the statement's own figures are the session's less it.
 */
typedef struct {
    const char *name;
    sim_stats_t stats;
} res_part_t;

#define RES_PART_RECURSIVE "recursive"
/* The most parts one session may have. */
#define RES_MAX_PARTS 4

/* A wait event's figures, as v$session_event and v$system_event show
 * them: Oracle's name ("enq: HW - contention") and wait class
 * ("Configuration"), each 1 to RES_EVENT_NAME_MAX characters. */
typedef struct {
    const char *event;
    const char *wait_class;
    uint64_t total_waits;
    uint64_t time_waited_micro;
} res_event_t;

#define RES_EVENT_NAME_MAX 64
/* The most wait events one session may have. */
#define RES_MAX_EVENTS 16
/* The workload of a run of sessions at once (lobbench --script --sessions),
 * family RES_SCRIPT_FAMILY. */
#define RES_SESSIONS_WORKLOAD "sessions"
#define RES_SESSIONS_TITLE "SQL script, sessions at once"

/*
 * One simulated session: the case as plain values, its figures and timing.
 * The store knows no model: workload and path are names, 1 to RES_NAME_MAX
 * characters from [a-z0-9_].  Strings are copied; they need to live only
 * during res_record_run().
 */
typedef struct {
    const char *workload; /* e.g. "insert", "scan", "rows", "cluster": any non-empty name */
    const char *path;     /* e.g. "local", "dblink" */
    uint64_t lob_chars;
    uint32_t block_size;
    uint64_t rows;
    uint32_t piece_size; /* 0 = not recorded */
    uint64_t seed;
    const char *params; /* the model's "name=value ..." text; NULL = not recorded */
    sim_stats_t stats;
    /* Parts counted apart (0 to RES_MAX_PARTS, no name twice), every figure
     * of each recorded, zeros included. */
    const res_part_t *parts;
    size_t nparts;
    int timed; /* 0: the case was not timed and the timing columns stay NULL */
    res_timing_t timing;
    /* A step of a script (workload RES_SCRIPT_WORKLOAD): the statement's
     * number in the script from 1, its text and the table whose segment the
     * figures show (Oracle's name, upper case); 0, NULL, NULL for a case of
     * a sweep.  A step's session may have lob_chars 0 (stored as NULL): a
     * script has no one LOB size. */
    uint32_t step;
    const char *statement;
    const char *table;
    /* A step's rows: one with table and segment NULL holds the session's
     * statistics of the step (v$mystat's deltas), the others a segment's
     * figures alone -- segment the table's segment or one of its LOB
     * segments (NULL: the table's segments together, as a spool without
     * the segments apart gives them) -- so that summing a step's rows
     * counts each figure once (invariant 17). */
    const char *segment;
    /* Snapshots of the session (lobbench --snapshot-every): nsnaps
     * intervals, each with the rows it inserted and its delta of every
     * figure; the deltas of a figure add up to the session's.  0 and NULL
     * for none. */
    uint32_t nsnaps;
    const uint64_t *snap_rows;
    const sim_stats_t *snaps;
    /* Intervals of time instead (--snapshot-every=Ns): each one's length
     * in seconds, finite and > 0; snap_rows may then be NULL (not known,
     * stored as NULL).  NULL for intervals of rows. */
    const double *snap_seconds;
    /* A session of a run of sessions at once (workload
     * RES_SESSIONS_WORKLOAD): the count of its point of the sweep
     * (ses_count >= 1) and its number, 1 .. ses_count as v$sesstat's sid,
     * or 0 for the system (v$sysstat: the count's sessions summed, whose
     * figures they add up to); 0, 0 for any other session.  No LOB size
     * (lob_chars 0) and no step. */
    uint32_t ses_count, ses_sid;
    /* Its wait events (0 to RES_MAX_EVENTS, no name twice) and, with
     * snapshots, each interval's: snap_events[i * nevents + e] is interval
     * i's delta of events[e], and the deltas add up to it.  NULL for none. */
    const res_event_t *events;
    size_t nevents;
    const res_event_t *snap_events;
} res_session_t;

/* One lobbench invocation.  Strings may be NULL (stored as NULL = unknown). */
typedef struct {
    int64_t started;        /* unix time the run began; 0 = unknown */
    int64_t finished;       /* unix time it ended; 0 = the time of recording */
    const char *git_commit; /* full hash of HEAD */
    int git_dirty;          /* 1 uncommitted changes, 0 clean, -1 unknown */
    const char *host;
    const char *compiler;     /* e.g. "GNU 12.2.0" */
    const char *build_type;   /* CMAKE_BUILD_TYPE */
    const char *command_line; /* argv as typed, joined by spaces */
    const char *params;       /* the model's parameters of the sweep's base case */
    uint64_t seed;            /* the seed printed at the start of the run */
    int completed;            /* 1 if every requested case ran */
    /* A script run: the script as the user named it and res_digest() of its
     * bytes; NULL for a sweep. */
    const char *script_file;
    const char *script_digest;
} res_run_t;

/* Everything unknown, git_dirty -1, completed 1. */
void res_run_defaults(res_run_t *r);

/* The workload and family of a script's steps: a recording program that
 * records a script run names it in res_set_workloads() with this family. */
#define RES_SCRIPT_WORKLOAD "script"
#define RES_SCRIPT_FAMILY "script"
#define RES_SCRIPT_TITLE "SQL script, step by step"

/* A file's digest as the store keeps it (runs.reference_digest,
 * runs.script_digest): FNV-1a 64 of the n bytes, 16 lower-case hex digits
 * and a NUL in out. */
#define RES_DIGEST_LEN 17
void res_digest(const void *bytes, size_t n, char out[RES_DIGEST_LEN]);

/*
 * Record a run and its n >= 1 sessions in one transaction and set *run_id
 * (may be NULL) to the new run's id.  Every statistic of every session is
 * written, zeros included, the figures of its parts and the repetition
 * samples of timed sessions.  Waits for other writers (busy timeout and
 * retries, about a minute in all).  On failure nothing is written: a
 * session whose path or workload is not a name as above, a zero LOB size or
 * a figure above INT64_MAX (SIM_EINVAL, message naming the session and
 * statistic), a part whose name is not a name, given twice, more than
 * RES_MAX_PARTS, or with a figure above the session's (SIM_EINVAL), more
 * samples than repetitions or a sample that is negative or not finite
 * (SIM_EINVAL), a full disk (SIM_EIO), and so on.
 */
sim_err_t res_record_run(res_store_t *s, const res_run_t *run, const res_session_t *sessions,
                         size_t n, int64_t *run_id);

/*
 * Load the reference measurements (CSV with the header RES_REF_HEADER) as a
 * run with source 'oracle': one session per (path, lob_kchars), with the
 * experiment's workload, block size and rows (RES_REF_WORKLOAD,
 * SIM_REF_BLOCK_SIZE, SIM_REF_ROWS).
 * Idempotent: a file whose content was loaded before is not loaded again and
 * *run_id (may be NULL) is that run.  The whole file is parsed
 * (res_parse_reference()) before anything is written; a malformed line fails
 * with SIM_EINVAL and "FILE:LINE: what is wrong".
 */
sim_err_t res_load_reference(res_store_t *s, const char *csv_path, int64_t *run_id);
/* The shipped file of those measurements, as sim_reference_file() finds it
 * (results/reference/ in the source tree, share/lobsim/reference/ installed). */
#define RES_REFERENCE_FILE "oracle_lob_insert.csv"

/* ---- the reference CSV, parsed -------------------------------------------- */

#define RES_REF_HEADER "path,lob_kchars,statistic,value"
/* The workload the reference measurements ran: the LOB insert, as
 * workload/'s table names it (test_heap_views checks that it does). */
#define RES_REF_WORKLOAD "insert"

/* One figure of the reference CSV. */
typedef struct {
    const char *path;    /* "local" or "dblink" (static strings) */
    uint64_t lob_kchars; /* LOB size in units of 1024 characters, >= 1 */
    sim_stat_t stat;
    int64_t value; /* >= 0 */
    int line;      /* the line of the file it is on, from 1 */
} res_ref_figure_t;

/*
 * Parse the reference CSV in text[0..len) (need not end in NUL; not changed):
 * the header RES_REF_HEADER, then one figure per line -- path local or dblink,
 * lob_kchars a positive whole number, a statistic named as in v$statname
 * (quoted as in RFC 4180 or not), a value from 0 to INT64_MAX; blank lines
 * and CRLF endings are accepted, a (path, lob_kchars, statistic) given twice
 * is not.  A pure function: no SQLite, no file, no handle.
 *
 * On success *figs (free with sim_free()) holds the *nfigs >= 1 figures in
 * file order.  On failure *figs is NULL, *nfigs 0, and err holds one line,
 * "FILE:LINE: what is wrong" (file is only the name to put in it):
 * SIM_EINVAL for bad text, SIM_ENOMEM.
 */
sim_err_t res_parse_reference(const char *file, const char *text, size_t len,
                              res_ref_figure_t **figs, size_t *nfigs, char *err, size_t errlen);

/* ---- importing a user's Oracle output ------------------------------------ */

/* A figure under Oracle's own name. */
typedef struct {
    const char *name;
    int64_t value; /* >= 0 */
} res_named_value_t;

/* A part of an imported session counted apart (res_part_t): its name and
 * its figures, each a statistic of the catalogue at most the session's. */
typedef struct {
    const char *name;
    const res_named_value_t *figures;
    size_t nfigures;
} res_import_part_t;

/* One snapshot of an imported session (a Snapper series, an AWR series):
 * its number (from 1, each after the one before), whether the source gave
 * the interval's length (timed) and that length in seconds (timed: finite
 * and > 0, an interval of 0 s is refused; not timed: 0), and its deltas by
 * name, no name twice.  How many rows the interval inserted is not known:
 * stored as NULL. */
typedef struct {
    uint32_t snap_id;
    int timed;
    double seconds;
    const res_named_value_t *figures;
    size_t nfigures;
} res_import_snapshot_t;

/* One measured session: the case as the user said it, and its figures. */
typedef struct {
    const char *workload; /* names as in res_session_t */
    const char *path;
    uint64_t lob_chars;
    uint32_t block_size;
    uint64_t rows;
    uint32_t piece_size; /* 0 = not said */
    const res_named_value_t *figures;
    size_t nfigures; /* >= 1, no name twice */
    /* NULL, or nfigures names as the file printed them where they differ
     * from the figure's (a runstats name cut to its column, the figure
     * named as the statistic it is the prefix of), NULL where they do not.
     * Kept in session_stat_printed. */
    const char *const *printed;
    const res_import_part_t *parts; /* 0 to RES_MAX_PARTS, no name twice */
    size_t nparts;
    /* A step of a script, as in res_session_t (its segment too); 0, NULL,
     * NULL, NULL otherwise. */
    uint32_t step;
    const char *statement;
    const char *table;
    const char *segment;
    /* Its snapshots (0 and NULL for none): every figure of a snapshot is
     * one of the session's, and the snapshots' figures of a name add up to
     * the session's figure of it. */
    const res_import_snapshot_t *snapshots;
    size_t nsnaps;
} res_import_session_t;

/* One imported file: a run of source 'oracle'. */
typedef struct {
    const char *file;         /* as the user named it; stored as reference_file */
    const char *format;       /* the format it was read in: "sqlplus", ... */
    const char *label;        /* NULL = none */
    const char *command_line; /* NULL = unknown */
    const res_import_session_t *sessions;
    size_t n; /* >= 1 */
    /* The script the file measured (res_run_t); NULL for none. */
    const char *script_file;
    const char *script_digest;
} res_import_run_t;

/*
 * Record n >= 1 imported files, each as a run of source 'oracle' without a
 * seed, all in one transaction: all of them or, on any failure, none.
 * Figures whose name is in the catalogue (v$statname) go to session_stats,
 * the others to session_oracle_stats under their Oracle names; a session
 * has only the figures given, no zeros added.  A session's snapshots go
 * to session_snapshots, each figure of the catalogue a snapshot printed
 * (snap_rows NULL, snap_seconds its seconds or NULL); the others are in the
 * session's figures only.  run_ids (may be NULL) gets
 * the n run ids in order.  SIM_EINVAL with a message naming the file and
 * session for a bad name, a zero LOB size, a negative figure, a name given
 * twice, snapshots out of order, with a name the session lacks or whose
 * figures do not add up to the session's; SIM_EIO and so on as
 * res_record_run().
 */
sim_err_t res_record_import(res_store_t *s, const res_import_run_t *runs, size_t n,
                            int64_t *run_ids);

/*
 * The first imported run with the same sessions as run -- each session's
 * workload, path, LOB size, block size and rows, and its figures name for
 * name and value for value -- into *run_id, 0 when there is none: the same
 * file imported again (lobimport refuses it unless --allow-duplicate).
 * Reads only; SIM_EIO and so on when the store cannot be read.
 */
sim_err_t res_find_import(res_store_t *s, const res_import_run_t *run, int64_t *run_id);

/* The figures of session sid that lobsim's catalogue lacks, by name. */
typedef sim_err_t (*res_named_fn)(const res_named_value_t *v, void *arg);
sim_err_t res_foreach_unmodelled(res_store_t *s, int64_t sid, res_named_fn fn, void *arg);

/* ---- reading ---------------------------------------------------------- */

/*
 * Resolve a run selector to a run id:
 *   123         that run (any source, complete or not)
 *   latest      the newest completed lobsim run
 *   latest~N    the Nth completed lobsim run before it (latest~0 = latest)
 *   reference   the newest run loaded from the reference CSV (source 'oracle',
 *               not imported by lobimport)
 *   1a2b3c4     a git commit prefix (4 to 40 hex digits): the newest completed
 *               lobsim run at that commit; an all-digit selector is a run id
 *               if such a run exists, a commit prefix otherwise
 * SIM_EINVAL with a message when nothing or more than one commit matches.
 * *run_id is set on success only; on any failure it is left as it was.
 */
sim_err_t res_resolve_run(res_store_t *s, const char *selector, int64_t *run_id);

/*
 * The same, "latest" per workload: latest and latest~N count only the
 * completed lobsim runs with a session of one of the n workloads (n 0:
 * every run, as res_resolve_run()), so that after a rac run the latest
 * insert is still found.  SIM_EINVAL, naming the workloads, when there is
 * no such run.
 */
sim_err_t res_resolve_run_of(res_store_t *s, const char *selector, const char *const *workloads,
                             size_t n, int64_t *run_id);

/* A run as stored.  Strings belong to the handle and stay valid until the next
 * res_get_run() on it or res_close(). */
typedef struct {
    int64_t run;
    const char *source;           /* "lobsim" or "oracle" */
    const char *reference_file;   /* oracle runs: the CSV it came from */
    const char *reference_digest; /* oracle runs: FNV-1a 64 of its content */
    res_run_t info;               /* started/finished as unix time, 0 if NULL */
    int has_seed;                 /* 0 for oracle runs */
    const char *label;            /* imported runs: --label, NULL if none */
    const char *import_format;    /* imported runs: "sqlplus", "csv", ...; NULL otherwise */
    /* res_run_t's script_file and script_digest are in info. */
} res_run_info_t;

sim_err_t res_get_run(res_store_t *s, int64_t run_id, res_run_info_t *out);

/*
 * Every run's id, complete or not, oldest first (by id), into *ids (free
 * with sim_free(); NULL when *n is 0).  On failure *ids is NULL and *n 0.
 */
sim_err_t res_list_runs(res_store_t *s, int64_t **ids, size_t *n);

/* A session as stored.  Strings are valid during the callback only. */
typedef struct {
    int64_t sid;
    int64_t run;
    const char *workload; /* as recorded: "insert", "scan", ... */
    /* The workload's position in the store's table `workloads` (0 first),
     * -1 when the table lacks it. */
    int64_t workload_position;
    /* Its family ("lob", "heap", "rac") and title in that table; NULL when
     * the table lacks the workload (or gives it no title). */
    const char *workload_family, *workload_title;
    const char *path; /* as recorded: "local", "dblink", ... */
    uint64_t lob_chars;
    uint32_t block_size;
    uint64_t rows;
    uint32_t piece_size; /* 0 if not recorded */
    int has_seed;
    uint64_t seed;
    const char *params; /* NULL if not recorded */
    int timed;
    res_timing_t timing;
    sim_stats_t stats;                     /* 0 where not present */
    unsigned char present[SIM_STAT_COUNT]; /* 1 where the run has the figure */
    /* The parts the session recorded (res_session_t.parts), by name; none
     * for sessions recorded before schema 7.  Names valid during the
     * callback only. */
    size_t nparts;
    res_part_t parts[RES_MAX_PARTS];
    /* A script's step (res_session_t): 0, NULL, NULL for other sessions and
     * those recorded before schema 9. */
    uint32_t step;
    const char *statement, *table;
    const char *segment; /* a step's segment (res_session_t); NULL for none */
    /* A session of sessions at once (res_session_t): 0, 0 for others and
     * those recorded before schema 12. */
    uint32_t ses_count, ses_sid;
} res_session_info_t;

/* Return SIM_OK to go on; anything else stops the walk and is returned. */
typedef sim_err_t (*res_session_fn)(const res_session_info_t *sess, void *arg);

/*
 * Call fn for each session of run_id, ordered by workload (the store's
 * `workloads`, then names it lacks alphabetically), a script's step and
 * table, path (local, dblink, then
 * other names alphabetically), block size, rows, LOB size.  Figures of statistics this build
 * does not know are skipped.  The walk reads one snapshot; fn may read through the same handle but
 * must not record into it.
 */
sim_err_t res_foreach_session(res_store_t *s, int64_t run_id, res_session_fn fn, void *arg);

/* One snapshot of a session (lobbench --snapshot-every, or a Snapper
 * series imported by lobimport): its number from 1, the rows its interval
 * inserted where known, its length in seconds where the source gave it, its
 * delta of every figure this build knows (0 where an imported snapshot
 * printed none). */
typedef struct {
    uint32_t snap_id;
    int rows_known; /* 0: the source did not say (Snapper); snap_rows is 0 */
    uint64_t snap_rows;
    double seconds; /* > 0 where known (Snapper's seconds=), 0 otherwise */
    sim_stats_t stats;
} res_snapshot_t;
typedef sim_err_t (*res_snapshot_fn)(const res_snapshot_t *snap, void *arg);
/* fn for each snapshot of session sid, in order; none for a session without
 * (and in a store older than schema 10; schema 11 added the unknown rows
 * and the seconds).  fn's error stops the walk. */
sim_err_t res_foreach_snapshot(res_store_t *s, int64_t sid, res_snapshot_fn fn, void *arg);

/* fn for each wait event of session sid (snap_id 0) or of its snapshot
 * snap_id, by name; none for a session without (every session recorded
 * before schema 12).  The names are valid during the callback only; fn's
 * error stops the walk. */
typedef sim_err_t (*res_event_fn)(const res_event_t *ev, void *arg);
sim_err_t res_foreach_event(res_store_t *s, int64_t sid, uint32_t snap_id, res_event_fn fn,
                            void *arg);

/*
 * Verify the store's invariants (README, "Invariants"); SIM_ECORRUPT with the
 * first violation in res_errmsg() otherwise.
 */
sim_err_t res_check(res_store_t *s);

#endif /* LOBSIM_RESULTS_H */
