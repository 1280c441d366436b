/*
 * series.c -- a Snapper series as one imported session: each snapshot
 * (imp_set_t.snap, .seconds) a res_import_snapshot_t over its own figures,
 * the session's figures their sums by name, so that the store's invariant
 * 14 (a figure's snapshots add up to it) holds by construction.  A
 * statistic Snapper did not print in a snapshot had no delta there
 * (Snapper prints the statistics that moved): it is simply absent; a
 * snapshot that printed none gets a 0 of each, so that it is kept.  An
 * AWR series (awrhist.c) is read the same way, each snapshot's figures
 * the deltas of every name.
 */
#include "series.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

int series_session(const imp_file_t *p, const res_named_value_t *figs, res_import_session_t *s,
                   series_t *mem, const char **over)
{
    size_t total = 0;
    for (size_t i = 0; i < p->nsets; i++)
        total += p->sets[i].n;
    memset(mem, 0, sizeof *mem);
    mem->snaps = calloc(p->nsets, sizeof *mem->snaps);
    mem->sum = calloc(total ? total : 1, sizeof *mem->sum);
    mem->printed = calloc(total ? total : 1, sizeof *mem->printed);
    if (!mem->snaps || !mem->sum || !mem->printed)
        return -1;
    size_t nsum = 0, f = 0;
    for (size_t i = 0; i < p->nsets; i++) {
        const imp_set_t *set = &p->sets[i];
        mem->snaps[i] = (res_import_snapshot_t){.snap_id = set->snap,
                                                .timed = set->timed,
                                                .seconds = set->seconds,
                                                .figures = &figs[f],
                                                .nfigures = set->n};
        for (size_t k = 0; k < set->n; k++, f++) {
            /* an AWR series gives every snapshot the same names in the
             * same order: found at once, whatever the series' length */
            size_t j = k < nsum && strcmp(mem->sum[k].name, figs[f].name) == 0 ? k : 0;
            while (j < nsum && strcmp(mem->sum[j].name, figs[f].name) != 0)
                j++;
            if (j == nsum)
                mem->sum[nsum++] = (res_named_value_t){figs[f].name, 0};
            if (figs[f].value > INT64_MAX - mem->sum[j].value) {
                *over = figs[f].name;
                return -2;
            }
            mem->sum[j].value += figs[f].value;
        }
    }
    /* A snapshot that printed no figure (Snapper's without a STAT line)
     * moved none: a 0 of each of the session's, so that the store keeps
     * it, its seconds with it, and the next is not read after a gap. */
    for (size_t i = 0; i < p->nsets; i++)
        if (p->sets[i].n == 0 && !mem->zeros) {
            mem->zeros = calloc(nsum ? nsum : 1, sizeof *mem->zeros);
            if (!mem->zeros)
                return -1;
            for (size_t j = 0; j < nsum; j++)
                mem->zeros[j] = (res_named_value_t){mem->sum[j].name, 0};
        }
    for (size_t i = 0; i < p->nsets; i++)
        if (p->sets[i].n == 0)
            mem->snaps[i] = (res_import_snapshot_t){.snap_id = p->sets[i].snap,
                                                    .timed = p->sets[i].timed,
                                                    .seconds = p->sets[i].seconds,
                                                    .figures = mem->zeros,
                                                    .nfigures = nsum};
    s->figures = mem->sum;
    s->nfigures = nsum;
    s->printed = mem->printed;
    s->snapshots = mem->snaps;
    s->nsnaps = p->nsets;
    return 0;
}

void series_free(series_t *mem)
{
    free(mem->snaps);
    free(mem->sum);
    free(mem->printed);
    free(mem->zeros);
    memset(mem, 0, sizeof *mem);
}
