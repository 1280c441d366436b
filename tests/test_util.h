/* test_util.h -- helpers shared by the model's test programs. */
#ifndef LOBSIM_TEST_UTIL_H
#define LOBSIM_TEST_UTIL_H

#include "workload.h"

/* The index of a workload of the table, by name; -1 (a failed lookup)
 * becomes an index no table has, which workload_run() refuses. */
#define WL(name) ((unsigned)workload_find(name))

/*
 * Fail every allocation of a run of `c` in turn, from the first on, until
 * the run succeeds; each failure must end with SIM_ENOMEM (the sanitizer
 * build checks that none leaks).  Returns the number of failures injected,
 * or -1 when a failure ended another way.
 */
static inline int inject_every_allocation_failure(const case_t *c)
{
    sim_stats_t st;
    int failures = 0;
    for (uint64_t n = 1;; n++) {
        sim_fail_alloc_after(n);
        sim_err_t rc = workload_run_stats(c, &st);
        sim_fail_alloc_after(0);
        if (rc == SIM_OK)
            return failures;
        if (rc != SIM_ENOMEM)
            return -1;
        failures++;
    }
}

#endif
