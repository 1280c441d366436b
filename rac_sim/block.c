/*
 * block.c -- per instance and per block, what the instance's sessions and
 * its LMS are doing with the block now (rac_bstate_t: who asked the other
 * instance for it, who pins it, who waits for it, which requests of the
 * other instance are put aside).  Dense arrays by kind and number, like
 * gcache's, grown on demand, new entries zero (nobody doing anything).
 */
#include <string.h>

#include "rac_sim_int.h"

rac_bstate_t *rac_bstate(rac_t *r, int inst, unsigned kind, uint64_t id)
{
    uint64_t *cap = &r->bscap[inst][kind];
    if (id >= *cap) {
        uint64_t n = *cap ? *cap : 64;
        while (n <= id)
            n *= 2;
        rac_bstate_t *b = sim_realloc(r->bs[inst][kind], n * sizeof *b);
        if (b == NULL)
            return NULL;
        memset(b + *cap, 0, (n - *cap) * sizeof *b);
        r->bs[inst][kind] = b;
        *cap = n;
    }
    return &r->bs[inst][kind][id];
}
