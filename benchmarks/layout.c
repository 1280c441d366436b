/*
 * layout.c -- lobbench --script --layout: each LOB segment's extents,
 * their blocks by kind, under the segment's line of each step
 * (lob_space_layout()).  Extents alike (same size, same blocks of each
 * kind) and next to each other share one line, so that a segment of a
 * hundred extents reads in a few.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "benchmarks.h"

typedef struct {
    FILE *f;                 /* the text, in memory (open_memstream) */
    lob_extent_layout_t run; /* the extents alike so far */
    uint64_t first, count;   /* their numbers */
    uint64_t next;           /* the next extent's number */
} layout_text_t;

/* Two extents alike: all but their address. */
static int alike(const lob_extent_layout_t *a, const lob_extent_layout_t *b)
{
    lob_extent_layout_t x = *a, y = *b;
    x.start = y.start = 0;
    return memcmp(&x, &y, sizeof x) == 0;
}

static void flush(layout_text_t *t)
{
    if (t->count == 0)
        return;
    const lob_extent_layout_t *x = &t->run;
    char num[32];
    if (t->count == 1)
        snprintf(num, sizeof num, "%llu", (unsigned long long)t->first);
    else
        snprintf(num, sizeof num, "%llu-%llu", (unsigned long long)t->first,
                 (unsigned long long)(t->first + t->count - 1));
    fprintf(t->f, "%8s%-11s %9llu %7llu %6llu %7llu %5llu %5llu %5llu %9llu %9llu %9llu", "", num,
            (unsigned long long)x->start, (unsigned long long)x->blocks,
            (unsigned long long)x->header, (unsigned long long)x->meta[LOB_META_SEGMENT_HEADER],
            (unsigned long long)x->meta[LOB_META_HASH_BUCKET],
            (unsigned long long)x->meta[LOB_META_CFS], (unsigned long long)x->meta[LOB_META_PUA],
            (unsigned long long)x->taken, (unsigned long long)x->unexpired,
            (unsigned long long)x->expired);
    if (x->cut)
        fprintf(t->f, " (%llu cut)", (unsigned long long)x->cut);
    fputc('\n', t->f);
    t->count = 0;
}

static void one_extent(void *arg, const lob_extent_layout_t *x)
{
    layout_text_t *t = arg;
    if (t->count && alike(&t->run, x)) {
        t->count++;
    } else {
        flush(t);
        t->run = *x;
        t->first = t->next;
        t->count = 1;
    }
    t->next++;
}

char *bench_layout_text(const lob_space_t *sp)
{
    layout_text_t t;
    memset(&t, 0, sizeof t);
    char *buf = NULL;
    size_t len = 0;
    t.f = open_memstream(&buf, &len);
    if (t.f == NULL)
        return NULL;
    fprintf(t.f, "%8s%-11s %9s %7s %6s %7s %5s %5s %5s %9s %9s %9s\n", "", "extent", "start",
            "blocks", "header", "seg.hdr", "hash", "cfs", "pua", "taken", "unexpired", "expired");
    lob_space_layout(sp, one_extent, &t);
    flush(&t);
    int bad = ferror(t.f);
    if (fclose(t.f) != 0 || bad) {
        free(buf);
        return NULL;
    }
    return buf;
}
