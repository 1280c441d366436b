/*
 * catalogue.c -- names as Oracle's tools print them against lobsim's
 * catalogue (sim.h): exact, or, for a name its tool may have cut to a
 * column's width (runstats), the one statistic it is the prefix of.  The
 * catalogue is sorted once by name and searched by bisection, so matching
 * a file costs O(n log m) for n figures and m statistics, never n x m.
 */
#include "import.h"

#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int by_name(const void *a, const void *b)
{
    return strcmp(sim_stat_info((sim_stat_t) * (const int *)a)->name,
                  sim_stat_info((sim_stat_t) * (const int *)b)->name);
}

void imp_catalogue_init(imp_catalogue_t *cat)
{
    assert(cat != NULL);
    for (int i = 0; i < SIM_STAT_COUNT; i++)
        cat->by_name[i] = i;
    qsort(cat->by_name, SIM_STAT_COUNT, sizeof cat->by_name[0], by_name);
}

static const char *name_at(const imp_catalogue_t *cat, size_t k)
{
    return sim_stat_info((sim_stat_t)cat->by_name[k])->name;
}

/* The first sorted position whose name is >= name. */
static size_t lower_bound(const imp_catalogue_t *cat, const char *name)
{
    size_t lo = 0, hi = SIM_STAT_COUNT;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (strcmp(name_at(cat, mid), name) < 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

imp_match_t imp_catalogue_match(const imp_catalogue_t *cat, const char *name, int maybe_cut,
                                int *stat, char *cands, size_t candlen)
{
    assert(cat != NULL && name != NULL && stat != NULL);
    assert(cands != NULL || candlen == 0);
    if (candlen > 0)
        cands[0] = '\0';
    size_t k = lower_bound(cat, name);
    if (k < SIM_STAT_COUNT && strcmp(name_at(cat, k), name) == 0) {
        *stat = cat->by_name[k];
        return IMP_MATCH_EXACT;
    }
    if (!maybe_cut || !*name)
        return IMP_MATCH_NONE;
    /* Every name with this prefix sorts at k and after, together. */
    size_t len = strlen(name), end = k;
    while (end < SIM_STAT_COUNT && strncmp(name_at(cat, end), name, len) == 0)
        end++;
    if (end == k)
        return IMP_MATCH_NONE;
    if (end == k + 1) {
        *stat = cat->by_name[k];
        return IMP_MATCH_PREFIX;
    }
    size_t used = 0;
    for (size_t i = k; i < end && used < candlen; i++)
        used += (size_t)snprintf(cands + used, candlen - used, "%s'%s'",
                                 i == k         ? ""
                                 : i + 1 == end ? " or "
                                                : ", ",
                                 name_at(cat, i));
    return IMP_MATCH_AMBIGUOUS;
}
