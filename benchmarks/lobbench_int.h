/* lobbench_int.h -- what the files of the lobbench program share: the
 * sweep being run, where the run came from, and the steps after the sweep
 * that live in files of their own (recording it, plotting it). */
#ifndef LOBSIM_LOBBENCH_INT_H
#define LOBSIM_LOBBENCH_INT_H

#include <time.h>

#include "benchmarks.h"

#ifndef LOBSIM_SOURCE_DIR
#define LOBSIM_SOURCE_DIR "."
#endif

/* The sweep: its cases and the progress line's state. */
typedef struct {
    bench_case_t *cases;
    size_t ncases;
    size_t done; /* cases reported so far, for the progress line */
    int progress;
    time_t started;
} sweep_t;

typedef struct {
    char commit[64];
    int dirty;
    char host[128];
    char compiler[64];
} provenance_t;

/* The commit, dirty flag, host and compiler of this run (lobbench_record.c). */
void lobbench_provenance(provenance_t *pv);
/* argv joined by spaces (malloc), NULL when out of memory. */
char *lobbench_join_argv(int argc, char **argv);
/* The sweep recorded in o->db with the reference beside it: 0, or 1 with
 * one line on stderr. */
int lobbench_record(const bench_opts_t *o, const sweep_t *sw, const provenance_t *pv,
                    const char *cmdline, time_t started, int completed);
/* A script run's steps recorded in o->db (bench_steps_fn; arg: the
 * lobbench_script_ctx_t): 0, or 1 with one line on stderr. */
typedef struct {
    const char *cmdline;
    time_t started;
    int plot_failed; /* --plot said why in its line: the run exits 1 */
} lobbench_script_ctx_t;
int lobbench_record_script(void *arg, const bench_opts_t *o, const bench_step_t *steps, size_t n);
/* A run of sessions at once recorded in o->db (bench_sessions_fn; arg as
 * above): 0, or 1 with one line on stderr. */
int lobbench_record_sessions(void *arg, const bench_opts_t *o, const bench_ses_t *ses, size_t n,
                             const char *params);
/* --plot (lobbench_plot.c): 0, or 1 with one line on stderr. */
int lobbench_write_plot(const bench_opts_t *o, const sweep_t *sw);
/* --plot with --snapshot-every (lobbench_snapshot_plot.c): the insert's
 * figures per row, interval by interval. */
int lobbench_write_snapshot_plot(const bench_opts_t *o, const sweep_t *sw);
/* --plot of a --script run (lobbench_script_plot.c): the LOB segment of
 * each table through the n steps; 0, or 1 with one line on stderr. */
int lobbench_write_script_plot(const bench_opts_t *o, const bench_step_t *steps, size_t n);

#endif /* LOBSIM_LOBBENCH_INT_H */
