/*
 * arena.c -- the one allocation of a parsed script: every statement,
 * expression and name lives in blocks freed together by scr_free(), so a
 * refusal half-way through a script frees everything in one call.
 */
#include <string.h>

#include "script_int.h"

struct scr_arena_block {
    scr_arena_block_t *next;
    size_t used, cap;
    max_align_t data[];
};

#define ARENA_BLOCK (64u * 1024u)

void *scr_arena_alloc(scr_arena_t *a, size_t n)
{
    size_t need = (n + sizeof(max_align_t) - 1) / sizeof(max_align_t) * sizeof(max_align_t);
    scr_arena_block_t *b = a->head;
    if (!b || b->cap - b->used < need) {
        size_t cap = need > ARENA_BLOCK ? need : ARENA_BLOCK;
        b = sim_malloc(sizeof *b + cap);
        if (!b) {
            if (a->oom)
                longjmp(*a->oom, 1);
            return NULL;
        }
        b->cap = cap;
        b->used = 0;
        b->next = a->head;
        a->head = b;
    }
    void *p = (char *)b->data + b->used;
    b->used += need;
    memset(p, 0, n);
    return p;
}

char *scr_arena_strndup(scr_arena_t *a, const char *s, size_t n)
{
    char *d = scr_arena_alloc(a, n + 1);
    if (d && n)
        memcpy(d, s, n);
    return d;
}

void scr_arena_free(scr_arena_t *a)
{
    while (a->head) {
        scr_arena_block_t *n = a->head->next;
        sim_free(a->head);
        a->head = n;
    }
}

void *scr_arena_grow(scr_arena_t *a, void *v, uint32_t n, uint32_t *cap, size_t size)
{
    if (n < *cap)
        return v;
    uint32_t nc = *cap ? *cap * 2 : 8;
    void *w = scr_arena_alloc(a, nc * size);
    if (n)
        memcpy(w, v, n * size);
    *cap = nc;
    return w;
}
