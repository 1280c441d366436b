/* dispenser_int.h -- the dispenser's private state, for dispenser.c and for
 * tests that corrupt it on purpose. */
#ifndef LOBSIM_DISPENSER_INT_H
#define LOBSIM_DISPENSER_INT_H

#include "dispenser.h"

struct dsp {
    dsp_params_t p;
    lob_space_t *seg; /* the segment it dispenses */
    undo_log_t *undo;
    sim_stats_t stats; /* what the dispenser counts, and nothing else */
    /* Only load() and dsp_release() set `loaded`; only hand_out() shrinks it. */
    lob_run_t loaded;
    uint64_t taken;    /* blocks reserved in the segment and not given back */
    uint64_t handed;   /* blocks handed to writers */
    uint64_t refills;  /* dsp_refill() calls */
    uint64_t searches; /* dsp_search() calls that started a request */
    uint64_t runs;     /* runs handed out */
    uint64_t loads;    /* dispenser chunks loaded */
    uint64_t grown;    /* extents added while loading */
    uint64_t grown_cr; /* of those, extents whose metadata the loader cloned */
    dsp_touch_fn touch;
    void *touch_arg;
};

#endif
