/* sessions.h -- lobbench --script --sessions (sessions.c), for script.c. */
#ifndef LOBSIM_SESSIONS_H
#define LOBSIM_SESSIONS_H

#include "benchmarks.h"
#include "life_sim.h"

/* The parsed script s in o->sessions sessions at once, a run per count,
 * and their report on f (AWR's shape: load profile, top timed events,
 * latch activity, each session; with several counts, a line per count),
 * then the runs handed to record (NULL: not).  0; 2 with one line in err
 * for a statement Oracle would refuse; 1 out of memory or not recorded. */
int bench_sessions_run(FILE *f, const bench_opts_t *o, const scr_script_t *s,
                       const life_params_t *p, bench_sessions_fn record, void *arg, char *err,
                       size_t errlen);

/* The n runs as the store records them (sessions_record.c), handed to
 * record: its return, or 1 out of memory (one line on stderr). */
int bench_sessions_record(const bench_opts_t *o, const life_ses_result_t *r, size_t n,
                          const life_params_t *p, bench_sessions_fn record, void *arg);

/* --plot of the n runs' snapshots (--snapshot-every=Ns; sessions_plot.c):
 * 0, or 1 with one line on stderr. */
int bench_sessions_plot(const bench_opts_t *o, const life_ses_result_t *r, size_t n);

#endif /* LOBSIM_SESSIONS_H */
