/*
 * test_sim.c -- sim/'s discrete-event engine and FIFO on their own: events
 * run in order of time whatever order they were scheduled in, events of
 * one time in the order they were scheduled, each kind by its own handler
 * with its own context, a fired event at once; a failed allocation leaves
 * the engine unchanged; the FIFO keeps its order across its growth and the
 * wrap of its ring.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "sim.h"

/* What the handlers saw, in order. */
typedef struct {
    sim_engine_t *e;
    unsigned n;
    uint64_t when[64];
    uint32_t a[64];
    uint64_t b[64];
    unsigned kind[64];
} log_t;

static void record(log_t *l, unsigned kind, uint32_t a, uint64_t b)
{
    assert_true(l->n < 64);
    l->when[l->n] = sim_engine_now(l->e);
    l->kind[l->n] = kind;
    l->a[l->n] = a;
    l->b[l->n++] = b;
}

static void on0(void *ctx, uint32_t a, uint64_t b)
{
    record(ctx, 0, a, b);
}

static void on1(void *ctx, uint32_t a, uint64_t b)
{
    record(ctx, 1, a, b);
}

/* Kind 2 fires kind 1 at once, and schedules kind 0 later. */
static void on2(void *ctx, uint32_t a, uint64_t b)
{
    log_t *l = ctx;
    record(l, 2, a, b);
    sim_engine_fire(l->e, 1, a + 1, b);
    assert_int_equal(sim_engine_at(l->e, sim_engine_now(l->e) + 5, 0, a + 2, b), SIM_OK);
}

static sim_engine_t *engine(log_t *l)
{
    memset(l, 0, sizeof *l);
    assert_int_equal(sim_engine_create(&l->e), SIM_OK);
    sim_engine_on(l->e, 0, on0, l);
    sim_engine_on(l->e, 1, on1, l);
    sim_engine_on(l->e, 2, on2, l);
    return l->e;
}

static void run(sim_engine_t *e)
{
    while (sim_engine_step(e))
        ;
}

/* Scheduled out of order: they run by time, the clock at each. */
static void test_time_order(void **state)
{
    (void)state;
    log_t l;
    sim_engine_t *e = engine(&l);
    const uint64_t t[] = {70, 10, 50, 30, 90, 20, 80, 40, 60};
    for (uint32_t i = 0; i < 9; i++)
        assert_int_equal(sim_engine_at(e, t[i], i % 2, i, t[i] * 3), SIM_OK);
    assert_int_equal(sim_engine_pending(e), 9);
    run(e);
    assert_int_equal(l.n, 9);
    for (unsigned k = 0; k < 9; k++) {
        assert_int_equal(l.when[k], 10 * (k + 1));
        assert_int_equal(l.b[k], l.when[k] * 3);
        assert_int_equal(l.kind[k], l.a[k] % 2);
    }
    assert_int_equal(sim_engine_now(e), 90);
    assert_int_equal(sim_engine_pending(e), 0);
    assert_int_equal(sim_engine_step(e), 0);
    sim_engine_destroy(e);
}

/* Forty events at one time, among others: they run in the order they were
 * scheduled, whatever the heap's shape. */
static void test_ties_in_schedule_order(void **state)
{
    (void)state;
    log_t l;
    sim_engine_t *e = engine(&l);
    for (uint32_t i = 0; i < 40; i++) {
        assert_int_equal(sim_engine_at(e, 100, 0, i, 0), SIM_OK);
        if (i % 3 == 0)
            assert_int_equal(sim_engine_at(e, 200 - i, 1, 1000 + i, 0), SIM_OK);
    }
    for (unsigned k = 0; k < 40; k++) {
        assert_int_equal(sim_engine_step(e), 1);
        assert_int_equal(l.kind[k], 0);
        assert_int_equal(l.a[k], k);
    }
    run(e);
    /* then the others, latest scheduled (earliest time) first */
    assert_int_equal(l.a[40], 1039);
    assert_int_equal(l.a[l.n - 1], 1000);
    sim_engine_destroy(e);
}

/* A fired event runs inside its caller, before anything scheduled at the
 * same time; what it schedules comes after. */
static void test_fire(void **state)
{
    (void)state;
    log_t l;
    sim_engine_t *e = engine(&l);
    assert_int_equal(sim_engine_at(e, 10, 2, 7, 42), SIM_OK);
    assert_int_equal(sim_engine_at(e, 10, 0, 99, 0), SIM_OK);
    run(e);
    assert_int_equal(l.n, 4);
    assert_int_equal(l.kind[0], 2);
    assert_int_equal(l.kind[1], 1); /* fired inside kind 2's handler */
    assert_int_equal(l.a[1], 8);
    assert_int_equal(l.b[1], 42);
    assert_int_equal(l.when[1], 10);
    assert_int_equal(l.a[2], 99); /* scheduled for 10 before */
    assert_int_equal(l.a[3], 9);  /* kind 0, scheduled by kind 2 for 15 */
    assert_int_equal(l.when[3], 15);
    sim_engine_destroy(e);
}

/* The heap grows past its first 256 events; a failed growth leaves every
 * event in place. */
static void test_enomem(void **state)
{
    (void)state;
    log_t l;
    sim_engine_t *e = engine(&l);
    sim_fail_alloc_after(1);
    assert_int_equal(sim_engine_at(e, 5, 0, 1, 0), SIM_ENOMEM);
    sim_fail_alloc_after(0);
    assert_int_equal(sim_engine_pending(e), 0);
    for (uint32_t i = 0; i < 256; i++)
        assert_int_equal(sim_engine_at(e, 1000 - i, 1, i, 0), SIM_OK);
    sim_fail_alloc_after(1);
    assert_int_equal(sim_engine_at(e, 1, 0, 7, 0), SIM_ENOMEM);
    sim_fail_alloc_after(0);
    assert_int_equal(sim_engine_pending(e), 256);
    assert_int_equal(sim_engine_step(e), 1);
    assert_int_equal(l.a[0], 255);
    assert_int_equal(sim_engine_now(e), 745);
    sim_engine_destroy(e);
    sim_engine_destroy(NULL);
}

/* Pushes and pops interleaved so that the ring wraps, then grows. */
static void test_fifo(void **state)
{
    (void)state;
    sim_fifo_t f = {0};
    uint64_t next_in = 0, next_out = 0;
    for (int round = 0; round < 50; round++) {
        for (int k = 0; k < 3; k++)
            assert_int_equal(sim_fifo_push(&f, next_in++), SIM_OK);
        for (int k = 0; k < 2; k++)
            assert_int_equal(sim_fifo_pop(&f), next_out++);
    }
    assert_int_equal(f.n, 50);
    sim_fail_alloc_after(1);
    while (f.n < f.cap)
        assert_int_equal(sim_fifo_push(&f, next_in++), SIM_OK);
    assert_int_equal(sim_fifo_push(&f, next_in), SIM_ENOMEM);
    sim_fail_alloc_after(0);
    while (f.n > 0)
        assert_int_equal(sim_fifo_pop(&f), next_out++);
    assert_int_equal(next_out, next_in);
    sim_fifo_free(&f);
    assert_null(f.v);
}

/* Elements of 12 bytes, 4 a page: room made page by page, elements that
 * never move while the array grows (the table of pages grown past its
 * first 16), both allocations' failures leaving what was there. */
static void test_paged(void **state)
{
    (void)state;
    typedef struct {
        uint32_t a, b, c;
    } elem_t;
    sim_paged_t p;
    sim_paged_init(&p, sizeof(elem_t), 2);
    assert_int_equal(sim_paged_reserve(&p, 0), SIM_OK);
    assert_int_equal(sim_paged_cap(&p), 0);
    assert_int_equal(sim_paged_reserve(&p, 1), SIM_OK);
    assert_int_equal(sim_paged_cap(&p), 4);
    assert_int_equal(sim_paged_reserve(&p, 4), SIM_OK);
    assert_int_equal(sim_paged_cap(&p), 4);
    assert_int_equal(sim_paged_reserve(&p, 5), SIM_OK);
    assert_int_equal(sim_paged_cap(&p), 8);
    enum { N = 100 };
    elem_t *at[N];
    for (uint32_t i = 0; i < N; i++) {
        assert_int_equal(sim_paged_reserve(&p, i + 1), SIM_OK);
        assert_true(sim_paged_cap(&p) >= i + 1);
        at[i] = sim_paged_at(&p, i);
        *at[i] = (elem_t){i, 2 * i, 3 * i};
        if (i % 4)
            assert_int_equal((char *)at[i] - (char *)at[i - 1], sizeof(elem_t));
    }
    assert_int_equal(sim_paged_cap(&p), N);
    /* A new page that cannot be had; then a table of pages that cannot grow
     * (25 pages of the 32 it holds: 7 more fill it). */
    sim_fail_alloc_after(1);
    assert_int_equal(sim_paged_reserve(&p, N + 1), SIM_ENOMEM);
    sim_fail_alloc_after(0);
    assert_int_equal(sim_paged_cap(&p), N);
    assert_int_equal(sim_paged_reserve(&p, 32 * 4), SIM_OK);
    sim_fail_alloc_after(1);
    assert_int_equal(sim_paged_reserve(&p, 32 * 4 + 1), SIM_ENOMEM);
    sim_fail_alloc_after(0);
    assert_int_equal(sim_paged_cap(&p), 32 * 4);
    for (uint32_t i = 0; i < N; i++) {
        assert_ptr_equal(sim_paged_at(&p, i), at[i]);
        assert_int_equal(at[i]->a + at[i]->b + at[i]->c, 6 * i);
    }
    sim_paged_free(&p);
    assert_null(p.page);
    assert_int_equal(sim_paged_cap(&p), 0);
    assert_int_equal(sim_paged_reserve(&p, 9), SIM_OK);
    assert_int_equal(sim_paged_cap(&p), 12);
    sim_paged_free(&p);
}

/* Past 2 MB an array's pages come from slabs of 2 MB on a 2 MB boundary
 * (paged.c: what MADV_HUGEPAGE needs): pages of 768 KB, the first three
 * each its own, then two a slab, each slab's first page on a boundary and
 * its second right after; a page of 4 MB, its own slab of 4 MB; a slab
 * that cannot be had leaves the array as it was. */
static void test_paged_slabs(void **state)
{
    (void)state;
    const uintptr_t huge = (uintptr_t)2 << 20;
    sim_paged_t p;
    sim_paged_init(&p, 3, 18); /* 768 KB a page */
    size_t pb = (size_t)3 << 18;
    assert_int_equal(sim_paged_reserve(&p, (size_t)7 << 18), SIM_OK);
    assert_int_equal(p.npages, 7);
    assert_int_equal(p.nsmall, 3);
    for (size_t i = 3; i < 7; i += 2) {
        char *first = sim_paged_at(&p, i << 18), *second = sim_paged_at(&p, (i + 1) << 18);
        assert_int_equal((uintptr_t)first % huge, 0);
        assert_ptr_equal(second, first + pb);
    }
    /* elements across the pages and slabs, written and read back */
    for (size_t i = 0; i < (size_t)7 << 18; i += 4093)
        *(char *)sim_paged_at(&p, i) = (char)(i % 251);
    for (size_t i = 0; i < (size_t)7 << 18; i += 4093)
        assert_int_equal(*(char *)sim_paged_at(&p, i), (char)(i % 251));
    /* the 8th page needs a third slab */
    sim_fail_alloc_after(1);
    assert_int_equal(sim_paged_reserve(&p, (size_t)8 << 18), SIM_ENOMEM);
    sim_fail_alloc_after(0);
    assert_int_equal(p.npages, 7);
    assert_int_equal(sim_paged_reserve(&p, (size_t)8 << 18), SIM_OK);
    assert_int_equal((uintptr_t)sim_paged_at(&p, (size_t)7 << 18) % huge, 0);
    sim_paged_free(&p);
    assert_int_equal(p.nsmall, 0);
    assert_int_equal(p.slab_left, 0);

    sim_paged_init(&p, 1, 22); /* 4 MB a page */
    assert_int_equal(sim_paged_reserve(&p, (size_t)3 << 22), SIM_OK);
    assert_int_equal(p.nsmall, 1);
    assert_int_equal((uintptr_t)sim_paged_at(&p, (size_t)1 << 22) % huge, 0);
    assert_int_equal((uintptr_t)sim_paged_at(&p, (size_t)2 << 22) % huge, 0);
    *(char *)sim_paged_at(&p, ((size_t)3 << 22) - 1) = 1;
    sim_paged_free(&p);
}

/* An array that reads zero until written (sim_paged_init_zeroed()):
 * 4-byte elements, 8 a page.  Memory is handed out dirty (it is written
 * here through sim_paged_at() to show it), and a page is cleared when
 * sim_paged_zat() first reaches it and only then: the page beside it keeps
 * what was there, and a value written after the clear stays.  The page
 * flags grow with the table of pages (past its first 16), and a flag array
 * that cannot grow fails the reserve, leaving the array as it was. */
static void test_paged_zeroed(void **state)
{
    (void)state;
    sim_paged_t p;
    sim_paged_init_zeroed(&p, sizeof(uint32_t), 3, 3);
    assert_int_equal(sim_paged_reserve(&p, 24), SIM_OK);
    assert_int_equal(sim_paged_cap(&p), 24);
    for (size_t i = 0; i < 24; i++)
        *(uint32_t *)sim_paged_at(&p, i) = 0xabababab;
    assert_int_equal(*(uint32_t *)sim_paged_zat(&p, 13), 0);
    for (size_t i = 8; i < 16; i++)
        assert_int_equal(*(uint32_t *)sim_paged_at(&p, i), 0);
    assert_int_equal(*(uint32_t *)sim_paged_at(&p, 7), 0xabababab);  /* not reached */
    assert_int_equal(*(uint32_t *)sim_paged_at(&p, 16), 0xabababab); /* nor this */
    *(uint32_t *)sim_paged_zat(&p, 13) = 7;
    assert_int_equal(*(uint32_t *)sim_paged_zat(&p, 13), 7); /* cleared once only */
    void *at;
    assert_int_equal(sim_paged_zspan(&p, 13, 100, &at), 3);
    assert_ptr_equal(at, sim_paged_at(&p, 13));
    assert_int_equal(sim_paged_zspan(&p, 16, 5, &at), 5);
    assert_int_equal(*(uint32_t *)at, 0);
    assert_int_equal(*(uint32_t *)sim_paged_at(&p, 23), 0); /* page 2 cleared whole */
    assert_int_equal(sim_paged_zspan(&p, 0, 8, &at), 8);
    assert_int_equal(*(uint32_t *)sim_paged_at(&p, 7), 0);
    /* the table of pages past 16: the flags grow with it, the new pages'
     * flags clear; then a flag array that cannot grow (the table's realloc
     * is the first allocation, the flags' the second) */
    assert_int_equal(sim_paged_reserve(&p, 20 * 8), SIM_OK);
    *(uint32_t *)sim_paged_at(&p, 19 * 8 + 1) = 5;
    assert_int_equal(*(uint32_t *)sim_paged_zat(&p, 19 * 8), 0);
    assert_int_equal(*(uint32_t *)sim_paged_zat(&p, 19 * 8 + 1), 0);
    assert_int_equal(*(uint32_t *)sim_paged_zat(&p, 13), 7);
    assert_int_equal(sim_paged_reserve(&p, 32 * 8), SIM_OK);
    sim_fail_alloc_after(2);
    assert_int_equal(sim_paged_reserve(&p, 32 * 8 + 1), SIM_ENOMEM);
    sim_fail_alloc_after(0);
    assert_int_equal(sim_paged_cap(&p), 32 * 8);
    assert_int_equal(sim_paged_reserve(&p, 32 * 8 + 1), SIM_OK);
    *(uint32_t *)sim_paged_at(&p, 32 * 8) = 9;
    assert_int_equal(*(uint32_t *)sim_paged_zat(&p, 32 * 8), 0);
    sim_paged_free(&p);
    assert_int_equal(sim_paged_cap(&p), 0);
    assert_int_equal(sim_paged_reserve(&p, 1), SIM_OK);
    *(uint32_t *)sim_paged_at(&p, 0) = 3;
    assert_int_equal(*(uint32_t *)sim_paged_zat(&p, 0), 0);
    sim_paged_free(&p);

    /* Grains smaller than a page: 2 elements of the page's 8, cleared
     * one grain at a time, a span ending at its grain, the flags of pages
     * added past the table's first 16 clear. */
    sim_paged_init_zeroed(&p, sizeof(uint32_t), 3, 1);
    assert_int_equal(sim_paged_reserve(&p, 17 * 8), SIM_OK);
    for (size_t i = 0; i < 17 * 8; i++)
        *(uint32_t *)sim_paged_at(&p, i) = 0xabababab;
    assert_int_equal(*(uint32_t *)sim_paged_zat(&p, 5), 0);
    assert_int_equal(*(uint32_t *)sim_paged_at(&p, 4), 0);
    assert_int_equal(*(uint32_t *)sim_paged_at(&p, 3), 0xabababab);
    assert_int_equal(*(uint32_t *)sim_paged_at(&p, 6), 0xabababab);
    assert_int_equal(sim_paged_zspan(&p, 6, 100, &at), 2);
    assert_int_equal(*(uint32_t *)sim_paged_at(&p, 7), 0);
    assert_int_equal(*(uint32_t *)sim_paged_at(&p, 8), 0xabababab);
    assert_int_equal(*(uint32_t *)sim_paged_zat(&p, 16 * 8 + 7), 0);
    assert_int_equal(*(uint32_t *)sim_paged_at(&p, 16 * 8 + 5), 0xabababab);
    sim_paged_free(&p);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_time_order),  cmocka_unit_test(test_ties_in_schedule_order),
        cmocka_unit_test(test_fire),        cmocka_unit_test(test_enomem),
        cmocka_unit_test(test_fifo),        cmocka_unit_test(test_paged),
        cmocka_unit_test(test_paged_slabs), cmocka_unit_test(test_paged_zeroed),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
