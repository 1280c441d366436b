/*
 * awrhist_int.h -- what the two halves of the AWR series reader share:
 * awrhist.c reads the query's rows (SQL*Plus's columns or SET MARKUP CSV
 * ON) into cumulative figures by snapshot, awrhist_series.c turns them into
 * each interval's deltas (import/README.md, "An AWR snapshot series").
 */
#ifndef LOBSIM_AWRHIST_INT_H
#define LOBSIM_AWRHIST_INT_H

#include "import_int.h"

/* One figure of one snapshot as the row gave it: cumulative since the
 * instance started (DBA_HIST_SYSSTAT.VALUE, DBA_HIST_SYSTEM_EVENT's
 * TOTAL_WAITS and TIME_WAITED_MICRO). */
typedef struct {
    char *name; /* owned */
    int64_t snap;
    int64_t value;
    int line;
    /* An event's (DBA_HIST_SYSTEM_EVENT): it has no row in the snapshots
     * before it was first waited for, where it was 0. */
    int event;
    /* A wait class's, the sum of its events' rows of the snapshot. */
    int summed;
} imp_ah_fig_t;

/* What one row says of its snapshot. */
typedef struct {
    int64_t snap;
    int line;
    int has_end;
    double end; /* END_INTERVAL_TIME, seconds from an epoch */
    int has_startup;
    uint64_t startup; /* STARTUP_TIME's text, hashed */
    int has_instance;
    int64_t instance;
} imp_ah_snap_t;

typedef struct {
    imp_build_t *b;
    imp_ah_fig_t *figs;
    size_t nfigs, capfigs;
    imp_ah_snap_t *snaps; /* one per row */
    size_t nsnaps, capsnaps;
} imp_ah_rows_t;

/* name (n bytes) and suffix (may be "") as one figure.  SIM_ENOMEM. */
sim_err_t imp_ah_add_fig(imp_ah_rows_t *r, const char *name, size_t n, const char *suffix,
                         int64_t snap, int64_t value, int line, int event, int summed);
sim_err_t imp_ah_add_snap(imp_ah_rows_t *r, const imp_ah_snap_t *s);
void imp_ah_rows_free(imp_ah_rows_t *r);

/*
 * A time as SQL*Plus prints a TIMESTAMP by default in an American session
 * (NLS_TIMESTAMP_FORMAT 'DD-MON-RR HH.MI.SSXFF AM': "09-DEC-16
 * 07.31.49.123 PM") or as to_char() gives it with 'YYYY-MM-DD HH24:MI:SS'
 * or 'DD-MON-YYYY HH24:MI:SS' (fractions of a second optional), into
 * seconds.  0, or -1 for anything else.
 */
int imp_ah_parse_time(const char *p, size_t n, double *seconds);

/*
 * The rows read into the builder's sets: each interval between two
 * consecutive snapshots a set (snap 1, 2, ...; its seconds from the two
 * END_INTERVAL_TIMEs, 0 without them), its figures value(n) - value(n-1).
 * Refused, naming the line: fewer than two snapshots, a snapshot missing
 * between two, a figure one snapshot lacks, the same figure twice with two
 * values, rows of two instances, a restart between two snapshots (a value
 * that went down, or STARTUP_TIME changed), times not increasing.
 */
sim_err_t imp_ah_series(imp_ah_rows_t *r);

#endif /* LOBSIM_AWRHIST_INT_H */
