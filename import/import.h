/*
 * import.h -- Oracle's own statistics output read into figures: the text a
 * performance engineer captured on a real database (SQL*Plus, autotrace,
 * runstats, Snapper, CSV) in, named statistics and their values out.
 *
 * The parsers are pure functions: no file, no store, no model.  A statistic
 * is kept under the exact name Oracle printed, whether lobsim models it or
 * not; matching names to the catalogue is the caller's business.  Design,
 * the formats and what is left out: import/README.md.
 */
#ifndef LOBSIM_IMPORT_H
#define LOBSIM_IMPORT_H

#include <stddef.h>
#include <stdint.h>

#include "sim.h"

typedef enum {
    IMP_FORMAT_AUTO,       /* recognise the format (imp_detect()) */
    IMP_FORMAT_SQLPLUS,    /* NAME / VALUE query output of v$mystat, v$sesstat */
    IMP_FORMAT_AUTOTRACE,  /* the Statistics block of SET AUTOTRACE */
    IMP_FORMAT_RUNSTATS,   /* Tom Kyte's runstats_pkg.res_stop report: two runs */
    IMP_FORMAT_SNAPPER,    /* Tanel Poder's Snapper: the STAT lines' deltas */
    IMP_FORMAT_CSV,        /* lobbench --stats-out, statistic,value, the reference's */
    IMP_FORMAT_DICTIONARY, /* user_tables / user_indexes query output */
    IMP_FORMAT_GBENCH,     /* Google Benchmark's JSON of lobbench: its counters */
    IMP_FORMAT_AWR,        /* AWR reports (awrrpt.sql, awrgrpt.sql), text or HTML */
    IMP_FORMAT_SPOOL,      /* a script's SQL*Plus spool by scripts/oracle/run_scenario.sh */
    IMP_FORMAT_AWRHIST,    /* an AWR snapshot series: DBA_HIST_SYSSTAT/_SYSTEM_EVENT rows */
    IMP_FORMAT_COUNT
} imp_format_t;

/* "auto", "sqlplus", "autotrace", "runstats", "snapper", "csv",
 * "dictionary", "gbench", "awr", "spool", "awrhist" (the table of formats
 * in import.c). */
const char *imp_format_name(imp_format_t f);
/* 0 and *out for one of the names above, -1 otherwise. */
int imp_format_parse(const char *s, imp_format_t *out);
/* "auto, sqlplus, ..." into buf: for messages and --help. */
void imp_format_names(char *buf, size_t len);

/* One figure as the file gave it. */
typedef struct {
    char *name;    /* Oracle's name, as printed (runstats' STAT... prefix removed) */
    int64_t value; /* >= 0 */
    int line;      /* the line it is on, from 1 */
    /* 1 when the file may have cut the name to its column's width (runstats:
     * a name as long as the longest of the report), so that it may be the
     * prefix of a longer name (imp_catalogue_match()). */
    int maybe_cut;
} imp_stat_t;

/* One session's figures: a file gives one, runstats two (run1, run2), the
 * reference-column CSV one per (path, LOB size). */
#define IMP_NAME_MAX 33        /* 32 characters (results.h's RES_NAME_MAX) and the NUL */
#define IMP_TABLE_MAX 129      /* an Oracle identifier: 128 bytes and the NUL */
#define IMP_STATEMENT_MAX 1024 /* a statement as a spool prints it, cut there */
typedef struct {
    char run[IMP_NAME_MAX]; /* runstats: "run1", "run2"; "" otherwise */
    /* What the file says of the case, "" or 0 where it does not (the CSV
     * layouts that name the case: lobbench --stats-out, the reference's). */
    char workload[IMP_NAME_MAX]; /* its workload */
    char path[IMP_NAME_MAX];     /* its path */
    uint64_t lob_chars;          /* its LOB size */
    uint32_t block_size;         /* its block size */
    uint64_t rows;               /* its rows */
    /* AWR: 1 when its reports' RAC column says NO (one instance of a
     * database that is not a cluster), 0 when it says YES or is not printed */
    int not_cluster;
    /* A part of a session's figures counted apart (the CSV's recursive
     * column): part names it and of is its session's set + 1; 0 and "" for
     * a session, whose has_part is its part's set + 1 (0: none). */
    char part[IMP_NAME_MAX];
    size_t of, has_part;
    /* A script's spool: the step (from 1), its table (upper case) and its
     * statement on one line as the spool printed it; 0 and "" otherwise. */
    uint32_t step;
    char table[IMP_TABLE_MAX];
    char statement[IMP_STATEMENT_MAX];
    /* Snapper: the snapshot of a series the figures are the deltas of (1,
     * 2, ... as its "End of Stats snap N" lines count them; a file without
     * such a line is snapshot 1); 0 for the other formats.  A snapshot
     * closed by its End line without a STAT line is a set without figures
     * (n == 0), so that the series has no gap. */
    uint32_t snap;
    /* An AWR series (awrhist) numbers its intervals the same way: 1 for
     * the deltas between its first two snapshots, and so on. */
    /* Snapper: the seconds its End line gives ("seconds=5"); 0 when it has
     * none or the file ends without its End line.  An AWR series: the
     * seconds between the two snapshots' END_INTERVAL_TIMEs (0 without).
     * timed: 1 where the file gave them (the store refuses a timed 0). */
    int timed;
    double seconds;
    imp_stat_t *stats;
    size_t n;
} imp_set_t;

typedef struct {
    imp_format_t format; /* the format read (never IMP_FORMAT_AUTO) */
    imp_set_t *sets;
    size_t nsets; /* >= 1, each with n >= 1 but a snapshot of a series (snap > 0) */
    /* A spool: the script its header names, the digest of the script's
     * bytes it gives (results.h's res_digest(), 16 hex digits) and its
     * number of statements; "" and 0 otherwise. */
    char script[256];
    char script_digest[17];
    uint32_t statements;
    /* An AWR series: the snapshots it spans as AWR numbers them ("snaps
     * 37-41"); "" otherwise. */
    char series[IMP_NAME_MAX];
} imp_file_t;

/*
 * The format text[0..len) is in, IMP_FORMAT_AUTO when none fits.  Looks
 * for each format's landmark in this order: a CSV header on the first line,
 * autotrace's "Statistics" over a dashed line, runstats' "STAT..." lines,
 * Snapper's ", STAT," fields, a SQL*Plus heading ending in VALUE over a
 * dashed line.
 */
imp_format_t imp_detect(const char *text, size_t len);

/*
 * Parse text[0..len) (need not end in NUL; not changed) as format (AUTO:
 * imp_detect()).  file is only the name to put in messages.  On success
 * *out holds the sets (free with imp_file_free()).  On failure *out is
 * empty and err holds one line "FILE:LINE: what is wrong" (line 0 for the
 * file as a whole): SIM_EINVAL for an empty file, no statistics, a value
 * that is not a whole number >= 0 (SQL*Plus's rounded 1.2E+10 included), a
 * statistic given twice with two values, a truncated line, no known format;
 * SIM_ENOMEM.
 */
sim_err_t imp_parse(const char *file, const char *text, size_t len, imp_format_t format,
                    imp_file_t *out, char *err, size_t errlen);

/* Free what imp_parse() gave; f itself is the caller's.  NULL is a no-op. */
void imp_file_free(imp_file_t *f);

/* ---- names as printed against lobsim's catalogue (catalogue.c) ------------ */

/* The catalogue's names sorted, for binary search: build once, on the
 * stack, with imp_catalogue_init(). */
typedef struct {
    int by_name[SIM_STAT_COUNT]; /* statistic indices in strcmp() order of their names */
} imp_catalogue_t;

void imp_catalogue_init(imp_catalogue_t *cat);

typedef enum {
    IMP_MATCH_NONE,      /* not lobsim's: kept under Oracle's name */
    IMP_MATCH_EXACT,     /* a name of the catalogue */
    IMP_MATCH_PREFIX,    /* cut, and the prefix of exactly one name of the catalogue */
    IMP_MATCH_AMBIGUOUS, /* cut, and the prefix of two names or more: left unmatched */
} imp_match_t;

/*
 * The statistic a name printed by Oracle's tools is: *stat its index for
 * EXACT and PREFIX.  A name that may have been cut (maybe_cut) and is not
 * exact is looked up as a prefix: unique, it is that statistic; shared,
 * cands gets the candidates ("'a' or 'b'", cut to candlen).  O(log n) in
 * the catalogue.
 */
imp_match_t imp_catalogue_match(const imp_catalogue_t *cat, const char *name, int maybe_cut,
                                int *stat, char *cands, size_t candlen);

#endif /* LOBSIM_IMPORT_H */
