/*
 * report.h -- what lobbench prints and writes: the statistics table laid out
 * like the reference (one row per statistic, one column per LOB size, the
 * paths side by side with their ratio) and the reference-format CSV.
 */
#ifndef LOBSIM_REPORT_H
#define LOBSIM_REPORT_H

#include <stdio.h>

#include "cli.h"
#include "workload.h"

/* Repetitions whose own times a case keeps (lobdiff's significance test);
 * the mean covers all of them. */
#define BENCH_MAX_SAMPLES 128

/* One case of a sweep and what was measured for it. */
typedef struct {
    case_t c;
    char name[160];      /* the benchmark's name */
    sim_stats_t st;      /* the session statistics: the sum of res's parts */
    case_result_t res;   /* the same figures by the part that counted them */
    int ran;             /* the model ran and st holds its figures */
    uint64_t iterations; /* Google Benchmark's, 0 when not measured */
    double real_ns;      /* per iteration, the mean over repetitions */
    double cpu_ns;
    int repetitions;
    /* Each repetition's real and CPU ns per iteration, the first
     * BENCH_MAX_SAMPLES of them, in the order they ran. */
    uint32_t nsamples;
    double real_samples_ns[BENCH_MAX_SAMPLES];
    double cpu_samples_ns[BENCH_MAX_SAMPLES];
} bench_case_t;

/* The statistics in the order they are printed. */
extern const sim_stat_t report_order[];
extern const size_t report_order_len;

/* explain: under each statistic, one line per part of the model that
 * contributed to it (--explain).  A heap workload's table has the block
 * sizes as columns, its own heading and no path column. */
void report_table(FILE *f, const bench_case_t *cases, size_t n, int explain);

/* The rac workload (report_rac.c): its AWR-style table, the block sizes
 * side by side with the change in percent; whether every case that ran is
 * a rac case; and its CSV rows workload,block_kb,statistic,value. */
void report_rac_table(FILE *f, const bench_case_t *cases, size_t n, unsigned wl);
int report_is_rac(const bench_case_t *cases, size_t n);
sim_err_t report_rac_csv(FILE *f, const bench_case_t *cases, size_t n);

/*
 * Write the figures as path,lob_kchars,statistic,value,workload,block_kb:
 * the reference's four columns first, so that what reads the reference reads
 * this.  A sweep of heap workloads only is written as the block-size
 * experiment's reference is: query,source,block_kb,statistic,value; a sweep
 * that mixes heap and LOB workloads is not written (1, and the message says
 * why).  The file appears whole or not at all (written beside it, then
 * renamed).  Returns 0, or 1 with a one-line message naming the file.
 */
int report_csv(const char *path, const bench_case_t *cases, size_t n, char *err, size_t errlen);

/*
 * Write workload,path,lob_kchars,block_kb,statistic,component,value: each
 * non-zero contribution of a part of the model to a statistic; a
 * statistic's rows sum to its value in report_csv().  Same contract.
 */
int report_explain_csv(const char *path, const bench_case_t *cases, size_t n, char *err,
                       size_t errlen);

#endif
