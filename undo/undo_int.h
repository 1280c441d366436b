/* undo_int.h -- the undo log's private state, for undo.c and for tests that
 * corrupt it on purpose. */
#ifndef LOBSIM_UNDO_INT_H
#define LOBSIM_UNDO_INT_H

#include "undo.h"

struct undo_log {
    undo_params_t p;
    sim_stats_t stats; /* what the undo log counts, and nothing else */
    uint64_t records;
    uint64_t bytes;
    uint64_t vectors[UNDO_CV_COUNT];
};

#endif
