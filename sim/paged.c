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
 *
 * Huge pages.  Once an array holds 2 MB, its further pages are carved from
 * slabs of 2 MB (or the page rounded up to 2 MB), aligned on 2 MB and
 * marked MADV_HUGEPAGE: a run of 1,000 sessions at once keeps gigabytes of
 * block tags, LOB versions and rows, and with 4 KB pages it spent a third
 * of its time in page faults and TLB misses on memory it had just asked
 * for (issue 43: `perf record -g build/modelbench
 * --benchmark_filter=sessions/n:1000`; the kernel's `pvm_irq_enable` under
 * `exc_page_fault` 11 %, the first stores into a new LOB version or block
 * tag 16 %).  Linux's transparent huge pages (the kernel's
 * Documentation/admin-guide/mm/transhuge.rst: with `enabled` set to
 * `madvise`, only regions so marked get them) fault in 2 MB at a time.  A
 * small array (a short run, a test) keeps its small pages: no run pays
 * 2 MB for an array that stays small.  Where madvise() or huge pages are
 * missing, the slabs are plain memory.
 */
#define _DEFAULT_SOURCE /* MADV_HUGEPAGE */
#include <stdint.h>
#include <string.h>
#include <sys/mman.h>

#include "sim.h"

#define HUGE_BYTES ((size_t)2 << 20) /* an x86-64 huge page (transhuge.rst) */

static size_t page_bytes(const sim_paged_t *a)
{
    return a->size << a->shift;
}

/* A page: its own allocation while the array is small, then from a slab. */
static char *new_page(sim_paged_t *a)
{
    size_t pb = page_bytes(a);
    if (a->npages * pb < HUGE_BYTES) {
        char *p = sim_malloc(pb);
        if (p != NULL)
            a->nsmall++;
        return p;
    }
    if (a->slab_left == 0) {
        size_t per = pb < HUGE_BYTES ? HUGE_BYTES / pb : 1;
        size_t bytes = (per * pb + HUGE_BYTES - 1) / HUGE_BYTES * HUGE_BYTES;
        char *slab = sim_aligned_alloc(HUGE_BYTES, bytes);
        if (slab == NULL)
            return NULL;
#if defined(MADV_HUGEPAGE) && defined(MADV_NOHUGEPAGE)
        /* A hint: without it, small pages.  A zeroed array is touched
         * sparsely, a grain here and there: a huge page would bring in 2 MB
         * around each grain reached (lobspace's tags: the whole array). */
        (void)madvise(slab, bytes, a->clean != NULL ? MADV_NOHUGEPAGE : MADV_HUGEPAGE);
#endif
        a->slab_next = slab;
        a->slab_left = per;
    }
    char *p = a->slab_next;
    a->slab_next += pb;
    a->slab_left--;
    return p;
}

void sim_paged_init(sim_paged_t *a, size_t size, unsigned shift)
{
    assert(size > 0 && shift < 8 * sizeof(size_t));
    memset(a, 0, sizeof *a);
    a->size = size;
    a->shift = shift;
}

/* The flags live beside the page table and grow with it; an empty array
 * points `clean` at a static byte so that a zeroed one is told apart. */
static unsigned char no_pages;

const unsigned char sim_paged_zero[64];

void sim_paged_init_zeroed(sim_paged_t *a, size_t size, unsigned shift, unsigned grain)
{
    assert(grain <= shift);
    sim_paged_init(a, size, shift);
    a->clean = &no_pages;
    a->grain = grain;
}

void sim_paged_clear_grain(const sim_paged_t *a, size_t grain)
{
    memset(sim_paged_at(a, grain << a->grain), 0, a->size << a->grain);
    a->clean[grain] = 1;
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
        if (a->clean != NULL) {
            unsigned per = a->shift - a->grain; /* grains a page: 2^per */
            unsigned char *c = sim_realloc(a->clean == &no_pages ? NULL : a->clean, cap << per);
            if (c == NULL)
                return SIM_ENOMEM; /* the larger page table stays: only room */
            memset(c + (a->cap_pages << per), 0, (cap - a->cap_pages) << per);
            a->clean = c;
        }
        a->cap_pages = cap;
    }
    while (a->npages < need) {
        char *p = new_page(a);
        if (p == NULL)
            return SIM_ENOMEM; /* the pages made so far stay: only more room */
        a->page[a->npages++] = p;
    }
    return SIM_OK;
}

void sim_paged_free(sim_paged_t *a)
{
    /* A slab's first page is the only one on a 2 MB boundary: the others
     * lie at whole pages (each smaller than the slab) after it. */
    for (size_t i = 0; i < a->npages; i++)
        if (i < a->nsmall || (uintptr_t)a->page[i] % HUGE_BYTES == 0)
            sim_free(a->page[i]);
    sim_free(a->page);
    a->page = NULL;
    if (a->clean != NULL && a->clean != &no_pages) {
        sim_free(a->clean);
        a->clean = &no_pages;
    }
    a->npages = a->cap_pages = a->nsmall = a->slab_left = 0;
    a->slab_next = NULL;
}
