/*
 * paged.c -- a growable array whose elements never move: pages of
 * 2^shift elements, each made when an index on it is first reserved
 * (sim_paged_reserve()), found through a small table of pages.  A page is
 * not cleared: the caller writes an element before it reads it, so that
 * only the memory a run uses is ever touched.
 *
 * Why not realloc(): a doubling array copies itself at every doubling and
 * faults in a fresh region twice its size, so a run's cost per event grew
 * with the LOBs it keeps (issue 43: 23 % page faults and 18 % memmove at 32
 * sessions at once).  Here growing copies only the table of pages (a
 * pointer a page) and touches only the pages it hands out.
 */
#include <string.h>

#include "sim.h"

void sim_paged_init(sim_paged_t *a, size_t size, unsigned shift)
{
    assert(size > 0 && shift < 8 * sizeof(size_t));
    memset(a, 0, sizeof *a);
    a->size = size;
    a->shift = shift;
}

sim_err_t sim_paged_reserve(sim_paged_t *a, size_t n)
{
    size_t need = n == 0 ? 0 : ((n - 1) >> a->shift) + 1;
    if (need > a->cap_pages) {
        size_t cap = a->cap_pages ? a->cap_pages : 16;
        while (cap < need)
            cap *= 2;
        char **v = sim_realloc(a->page, cap * sizeof *v);
        if (v == NULL)
            return SIM_ENOMEM;
        a->page = v;
        a->cap_pages = cap;
    }
    while (a->npages < need) {
        char *p = sim_malloc(a->size << a->shift);
        if (p == NULL)
            return SIM_ENOMEM; /* the pages made so far stay: only more room */
        a->page[a->npages++] = p;
    }
    return SIM_OK;
}

void sim_paged_free(sim_paged_t *a)
{
    for (size_t i = 0; i < a->npages; i++)
        sim_free(a->page[i]);
    sim_free(a->page);
    a->page = NULL;
    a->npages = a->cap_pages = 0;
}
