/*
 * lobreport.h -- the history of a results store as a static web page
 * (docs/lobreport.md): build/lobreport's library.
 *
 * rpt_parse_args() reads the command line, rpt_history_load() reads every
 * run of the store (runs in commit order, each statistic and time of each
 * case), rpt_site_write() writes DIR/index.html with the SVG charts inline:
 * a section per workload and path in its family's words, a chart per
 * figure across the runs (Oracle's imported runs as diamonds, the model's as
 * lines, steps labelled with what changed: parameters, else the commit and
 * its subject), the times with their spread across repetitions, and the
 * latest calibration.  No server, no script, no network.
 */
#ifndef LOBSIM_LOBREPORT_H
#define LOBSIM_LOBREPORT_H

#include <stddef.h>
#include <stdio.h>

#include "sim.h"

#define RPT_EXIT_OK 0
#define RPT_EXIT_FAILED 1    /* the site could not be written */
#define RPT_EXIT_BAD_INPUT 2 /* one line naming the input */

typedef struct {
    const char *db;         /* the store; db_default by default */
    char db_default[4096];  /* sim_default_store() */
    const char *out;        /* the site's directory; by default "report" beside the
                             * store (results/report for results/history.db) */
    char out_default[4096]; /* what out points to when --out is not given */
    int help;               /* -h, --help was given */
    int version;            /* --version was given */
} rpt_opts_t;

void rpt_opts_defaults(rpt_opts_t *o);
void rpt_usage(FILE *f);

/*
 * The command line into o (strings point into argv), in the grammar of
 * sim_opt_next(): 0 to go on, 1 for -h/--help or --version (o->help or
 * o->version says which), 2 for bad input with one line in err naming the
 * argument.
 */
int rpt_parse_args(int argc, char *const *argv, rpt_opts_t *o, char *err, size_t errlen);

typedef struct rpt_history rpt_history_t;

/*
 * Every run of the store o->db, opened read-only.  Commits are looked up with
 * `git log` in the current directory when they are in its repository (their
 * date orders them, their subject labels steps); otherwise the run's start
 * orders it and the hash alone labels it.  SIM_EINVAL with one line in err
 * for a file that is missing or not a store, SIM_EIO, SIM_ENOMEM.
 */
sim_err_t rpt_history_load(const char *db, rpt_history_t **out, char *err, size_t errlen);
void rpt_history_destroy(rpt_history_t *h);

/*
 * DIR/index.html, whole or not at all (written beside it, then renamed); DIR
 * must exist.  db is the store again, for the calibration report.  On failure
 * err holds one line naming the file.
 */
sim_err_t rpt_site_write(const rpt_history_t *h, const char *db, const char *dir, char *err,
                         size_t errlen);

#endif /* LOBSIM_LOBREPORT_H */
