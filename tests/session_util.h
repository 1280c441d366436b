/* session_util.h -- the sessions the results tests record. */
#ifndef LOBSIM_SESSION_UTIL_H
#define LOBSIM_SESSION_UTIL_H

#include <string.h>

#include "results.h"

/* A session of the reference experiment's kind: the insert workload on path
 * p (0 local, 1 dblink) at kchars K characters, the reference block size and
 * rows, 32767-byte pieces; figures, params and timing are the caller's. */
static inline void sweep_session(res_session_t *s, int p, uint64_t kchars, uint64_t seed)
{
    memset(s, 0, sizeof *s);
    s->workload = "insert";
    s->path = p ? "dblink" : "local";
    s->lob_chars = kchars * 1024;
    s->block_size = SIM_REF_BLOCK_SIZE;
    s->rows = SIM_REF_ROWS;
    s->piece_size = 32767;
    s->seed = seed;
}

#endif
