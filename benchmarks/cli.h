/*
 * cli.h -- lobbench's own command line: the sweep to run and where its
 * results go.  Google Benchmark's --benchmark_* flags are left in argv for
 * the wrapper.  Every parser names the bad input and what would be accepted.
 */
#ifndef LOBSIM_CLI_H
#define LOBSIM_CLI_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "workload.h"

#define CLI_MAX_LIST 64
#define CLI_MAX_PARAMS 64

typedef struct {
    int workloads[WORKLOAD_MAX];  /* which workloads run */
    int paths[CASE_PATH_COUNT];   /* which paths run */
    uint64_t sizes[CLI_MAX_LIST]; /* LOB sizes in characters */
    size_t nsizes;
    uint32_t block_sizes[CLI_MAX_LIST];
    size_t nblock_sizes;
    uint64_t rows;
    int rows_given; /* --rows was given (the heap workloads default to 10^7) */
    uint64_t seed;
    uint32_t piece_size;
    int piece_size_set;
    struct {
        char name[48];
        uint32_t value;
    } params[CLI_MAX_PARAMS];
    size_t nparams;
    const char *stats_out;   /* --stats-out=FILE.csv */
    const char *explain_out; /* --explain-out=FILE.csv */
    int explain;             /* --explain: the parts under each statistic */
    const char *db;          /* --db=FILE; NULL with --no-db */
    const char *plot;        /* --plot=FILE.svg */
    int help;
    int list_params;
    int quiet;
    int all_counters;
} cli_opts_t;

void cli_defaults(cli_opts_t *o);

/*
 * Parse and remove lobbench's own options from argv, leaving argv[0] and
 * everything else (Google Benchmark's flags) in order.  Returns 0, or 2 with
 * one line naming the bad input in err.
 */
int cli_parse(cli_opts_t *o, int *argc, char **argv, char *err, size_t errlen);

/* The individual parsers (also the fuzz targets).  0 on success, 2 with a
 * message naming `what` and the input otherwise. */
int cli_parse_chars(const char *what, const char *s, uint64_t *out, char *err, size_t errlen);
int cli_parse_block_size(const char *s, uint32_t *out, char *err, size_t errlen);
int cli_parse_u64(const char *what, const char *s, uint64_t max, uint64_t *out, char *err,
                  size_t errlen);

/* NAME=VALUE lines of the file at path (blank lines and # comments
 * skipped) added to o's parameters in order.  0, or 2 with one line in err:
 * "FILE:LINE: what is wrong", or the file that cannot be read. */
int cli_parse_param_file(cli_opts_t *o, const char *path, char *err, size_t errlen);

/* The case for (path, size, block size) with the options applied; returns 2
 * with a message when the case is invalid. */
int cli_make_case(const cli_opts_t *o, unsigned wl, case_path_t path, uint64_t chars,
                  uint32_t block_size, case_t *c, char *err, size_t errlen);

void cli_usage(FILE *f);

#endif
