/*
 * test_writer.c -- one inserting session on its own: its own figures for a
 * few rows worked out by hand, and dbl_writer_check() against corrupted states
 * of the writer and of each component it wires together.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "dispenser_int.h"
#include "lobspace_int.h"
#include "undo_int.h"
#include "dblink_sim_int.h"

typedef struct {
    case_t c;
    lob_space_t *seg;
    dbl_writer_t *w;
} fixture_t;

/* A writer of `path` that has inserted `rows` rows of 2k characters
 * (4,096 bytes: one 8 KB block each) and finished its statement. */
static void open_writer(fixture_t *f, case_path_t path, uint64_t rows)
{
    memset(f, 0, sizeof *f);
    case_defaults(&f->c);
    f->c.path = path;
    f->c.rows = rows;
    char msg[200];
    assert_int_equal(case_validate(&f->c, msg, sizeof msg), SIM_OK);
    assert_int_equal(dbl_writer_segment_create(&f->c, &f->seg), SIM_OK);
    assert_int_equal(dbl_writer_create(&f->c, f->seg, &f->w), SIM_OK);
    for (uint64_t r = 0; r < rows; r++)
        assert_int_equal(dbl_writer_row(f->w), SIM_OK);
    dbl_writer_finish(f->w);
    assert_int_equal(dbl_writer_check(f->w), SIM_OK);
}

/* What the writer has counted so far. */
static case_result_t result_of(const fixture_t *f)
{
    case_result_t r;
    memset(&r, 0, sizeof r);
    dbl_writer_result(f->w, &r);
    return r;
}

static void close_writer(fixture_t *f)
{
    dbl_writer_destroy(f->w);
    lob_space_destroy(f->seg);
}

static void test_dblink_figures_by_hand(void **state)
{
    (void)state;
    fixture_t f;
    open_writer(&f, CASE_PATH_DBLINK, 3);
    case_result_t r = result_of(&f);
    const uint64_t *link = r.part[CASE_PART_LINK].v, *src = r.part[CASE_PART_SOURCE].v;
    /* 16 to open + 1 per row x 3 + 5 to close = 24 round trips; each row
     * sends 120 bytes of framing and receives its 4,096-byte LOB and the
     * framing: 3 x 120 = 360 sent, 3 x 4,216 = 12,648 received. */
    assert_int_equal(link[SIM_STAT_DBLINK_ROUNDTRIPS], 24);
    assert_int_equal(link[SIM_STAT_DBLINK_BYTES_SENT], 360);
    assert_int_equal(link[SIM_STAT_DBLINK_BYTES_RECEIVED], 12648);
    /* The remote session reads each source row (1 get) and the LOB's inode
     * (1 get), and the LOB's one block directly: 6 gets, 3 direct reads of
     * 8,192 bytes = 24,576 bytes. */
    assert_int_equal(src[SIM_STAT_CONSISTENT_GETS], 6);
    assert_int_equal(src[SIM_STAT_SF_DIRECT_READ_OPS], 3);
    assert_int_equal(src[SIM_STAT_SF_DIRECT_READ_BYTES], 24576);
    /* Finishing twice closes the link once. */
    dbl_writer_finish(f.w);
    r = result_of(&f);
    assert_int_equal(r.part[CASE_PART_LINK].v[SIM_STAT_DBLINK_ROUNDTRIPS], 24);
    assert_int_equal(dbl_writer_check(f.w), SIM_OK);
    close_writer(&f);
}

static void test_local_figures_by_hand(void **state)
{
    (void)state;
    fixture_t f;
    open_writer(&f, CASE_PATH_LOCAL, 3);
    case_result_t r = result_of(&f);
    const uint64_t *src = r.part[CASE_PART_SOURCE].v, *ins = r.part[CASE_PART_INSERT].v;
    /* Each source row: 1 get for the row, and its one LOB block through the
     * cache (4 are): 2 gets a row, 6 in all, no direct reads. */
    assert_int_equal(src[SIM_STAT_CONSISTENT_GETS], 6);
    assert_int_equal(src[SIM_STAT_SF_DIRECT_READ_OPS], 0);
    /* Three blocks created in current mode, counted by the allocator that
     * gave them (3 gets, 3 changes), and the loader's 480 gets per 1,000
     * rows: 3 x 480 / 1,000 = 1 whole get, and no change of a row's block. */
    const uint64_t *chk = r.part[CASE_PART_CHUNKS].v;
    assert_int_equal(chk[SIM_STAT_DB_BLOCK_GETS], 3);
    assert_int_equal(chk[SIM_STAT_DB_BLOCK_CHANGES], 3);
    assert_int_equal(ins[SIM_STAT_DB_BLOCK_GETS], 1);
    assert_int_equal(ins[SIM_STAT_DB_BLOCK_CHANGES], 0);
    /* No link on the local path. */
    assert_int_equal(r.part[CASE_PART_LINK].v[SIM_STAT_DBLINK_ROUNDTRIPS], 0);
    close_writer(&f);
}

/* ---- alike rows: n at once count as n one at a time -------------------------- */

/* A writer of case c over a fresh segment. */
static void open_case(fixture_t *f, const case_t *c)
{
    memset(f, 0, sizeof *f);
    f->c = *c;
    char msg[200];
    assert_int_equal(case_validate(&f->c, msg, sizeof msg), SIM_OK);
    assert_int_equal(dbl_writer_segment_create(&f->c, &f->seg), SIM_OK);
    assert_int_equal(dbl_writer_create(&f->c, f->seg, &f->w), SIM_OK);
}

/* Everything the next row starts from and everything counted so far. */
static void assert_same_writers(const fixture_t *a, const fixture_t *b)
{
    case_result_t ra = result_of(a), rb = result_of(b);
    for (int p = 0; p < CASE_PART_COUNT; p++)
        for (int s = 0; s < SIM_STAT_COUNT; s++)
            if (ra.part[p].v[s] != rb.part[p].v[s]) {
                printf("part %d, %s: %llu, %llu watched row by row\n", p,
                       sim_stat_info((sim_stat_t)s)->name, (unsigned long long)ra.part[p].v[s],
                       (unsigned long long)rb.part[p].v[s]);
                fail();
            }
    assert_memory_equal(lob_space_stats(a->seg), lob_space_stats(b->seg), sizeof(sim_stats_t));
    lob_space_info_t ia, ib;
    lob_space_get_info(a->seg, &ia);
    lob_space_get_info(b->seg, &ib);
    assert_memory_equal(&ia, &ib, sizeof ia);
    assert_int_equal(dsp_loaded(a->w->dsp), dsp_loaded(b->w->dsp));
    assert_int_equal(lob_alloc_cached(a->w->alloc), lob_alloc_cached(b->w->alloc));
    assert_int_equal(lob_alloc_taken(a->w->alloc), lob_alloc_taken(b->w->alloc));
    assert_int_equal(undo_records(a->w->undo), undo_records(b->w->undo));
    for (int k = 0; k < UNDO_CV_COUNT; k++)
        assert_int_equal(undo_vectors(a->w->undo, (undo_cv_t)k),
                         undo_vectors(b->w->undo, (undo_cv_t)k));
    assert_int_equal(a->w->row_gets, b->w->row_gets);
    assert_int_equal(a->w->t2_extents, b->w->t2_extents);
    assert_int_equal(a->w->rows, b->w->rows);
}

/*
 * dbl_writer_rows() counts alike rows n at once, and a row's pieces that
 * the space at hand covers at once; they must count what a row counts when
 * every chunk is watched (an observer: each row alone, each piece alone, as
 * before issue 32), in every part, and leave the same state behind; so must
 * dbl_writer_row() unwatched.  Both paths; LOBs in the row, at one block,
 * around the piece size and many pieces long; 2k, 8k and 32k blocks; the
 * default dispenser chunks and small ones (a load every few rows, pieces
 * straddling them); the rows in uneven calls, as snapshots cut them.  The
 * rows at once must have been taken: fewer steps than rows (under a third
 * with the default chunks), and the observer saw every chunk.
 */
static void count_chunk(void *arg, const lob_run_t *chunk, const lob_lob_t *lob)
{
    (void)chunk;
    (void)lob;
    ++*(uint64_t *)arg;
}

static void test_alike_rows_count_as_one_at_a_time(void **state)
{
    (void)state;
    static const uint64_t chars[] = {1000, 2048, 16383, 16384, 40000, 131079, 262144};
    static const uint32_t blocks[] = {2048, 8192, 32768};
    static const uint64_t calls[] = {1, 37, 250, 2, 800};
    uint64_t rows[2] = {0, 0}, steps[2] = {0, 0}, cases = 0;
    for (int p = 0; p < CASE_PATH_COUNT; p++)
        for (size_t l = 0; l < sizeof chars / sizeof chars[0]; l++)
            for (size_t b = 0; b < sizeof blocks / sizeof blocks[0]; b++)
                for (int small = 0; small < 2; small++)
                    for (uint32_t in_row = 0; in_row < 2; in_row++) {
                        case_t c;
                        case_defaults(&c);
                        c.path = (case_path_t)p;
                        c.lob_chars = chars[l];
                        c.block_size = blocks[b];
                        c.storage_in_row = in_row;
                        c.rows = 1090;
                        if (small) {
                            c.dsp.chunk_min_kb = 64;
                            c.dsp.chunk_max_kb = 128;
                            c.dsp.chunk_divisor = 7;
                        }
                        fixture_t at_once, one, watched;
                        open_case(&at_once, &c);
                        open_case(&one, &c);
                        open_case(&watched, &c);
                        uint64_t seen = 0;
                        dbl_writer_observe_chunks(watched.w, count_chunk, &seen);
                        for (size_t i = 0; i < sizeof calls / sizeof calls[0]; i++) {
                            assert_int_equal(dbl_writer_rows(at_once.w, calls[i]), SIM_OK);
                            assert_int_equal(dbl_writer_rows(watched.w, calls[i]), SIM_OK);
                            for (uint64_t r = 0; r < calls[i]; r++)
                                assert_int_equal(dbl_writer_row(one.w), SIM_OK);
                            assert_same_writers(&at_once, &watched);
                            assert_same_writers(&one, &watched);
                        }
                        dbl_writer_finish(at_once.w);
                        dbl_writer_finish(one.w);
                        dbl_writer_finish(watched.w);
                        assert_same_writers(&at_once, &watched);
                        assert_int_equal(dbl_writer_check(at_once.w), SIM_OK);
                        assert_int_equal(one.w->steps, c.rows);
                        if (!watched.w->inrow) /* no chunk to watch in the row */
                            assert_int_equal(watched.w->steps, c.rows);
                        assert_int_equal(
                            seen, lob_alloc_stats(watched.w->alloc)->v[SIM_STAT_SF_ALLOC_CHUNKS]);
                        rows[small] += c.rows;
                        steps[small] += at_once.w->steps;
                        cases++;
                        close_writer(&at_once);
                        close_writer(&one);
                        close_writer(&watched);
                    }
    printf("alike rows: %llu cases; %llu rows in %llu steps with the default dispenser chunks, "
           "%llu in %llu with small ones\n",
           (unsigned long long)cases, (unsigned long long)rows[0], (unsigned long long)steps[0],
           (unsigned long long)rows[1], (unsigned long long)steps[1]);
    assert_true(steps[0] * 3 < rows[0]);
    assert_true(steps[1] < rows[1]);
}

/*
 * Where the batched rows' chunks lie (issue 43): rows at once hand out no
 * chunk an observer sees (lob_alloc_write_many(), dsp_search_many()), so
 * a cached run's start or the loaded chunk's moved wrongly would pass every
 * count.  After each call of dbl_writer_rows(), one more row is written,
 * watched, by the writer that took its rows at once and by one
 * watched from the start (every chunk seen, each row alone): its chunks
 * must lie at the same blocks.  The watched writer's chunks, in the order
 * given, never overlap and climb (the segment hands runs out in increasing
 * block order, and one writer alone uses it), and with what the allocator
 * caches and the dispenser holds they make up every block the segment
 * handed out.  Both paths (CACHED and EXACT), LOBs of one block to many
 * pieces, 2k, 8k and 32k blocks, the default dispenser chunks and small
 * ones.
 */
typedef struct {
    lob_run_t *v;
    size_t n, cap;
} runs_t;

static void keep_chunk(void *arg, const lob_run_t *chunk, const lob_lob_t *lob)
{
    (void)lob;
    runs_t *r = arg;
    if (r->n == r->cap) {
        r->cap = r->cap ? 2 * r->cap : 256;
        r->v = realloc(r->v, r->cap * sizeof *r->v);
        assert_non_null(r->v);
    }
    r->v[r->n++] = *chunk;
}

static void assert_tiled(const runs_t *r, const fixture_t *f)
{
    uint64_t blocks = 0;
    for (size_t i = 0; i < r->n; i++) {
        assert_true(r->v[i].len > 0);
        if (i > 0 && r->v[i].start < r->v[i - 1].start + r->v[i - 1].len)
            fail_msg("chunk %zu at %llu+%llu overlaps or precedes chunk %zu at %llu+%llu", i,
                     (unsigned long long)r->v[i].start, (unsigned long long)r->v[i].len, i - 1,
                     (unsigned long long)r->v[i - 1].start, (unsigned long long)r->v[i - 1].len);
        blocks += r->v[i].len;
    }
    assert_int_equal(blocks, lob_alloc_given(f->w->alloc));
    /* Given chunks are claimed by the writer's transaction (used); the
     * allocator's cache and the dispenser's loaded chunk are reserved. */
    lob_space_info_t in;
    lob_space_get_info(f->seg, &in);
    assert_int_equal(blocks, in.used_blocks);
    assert_int_equal(lob_alloc_cached(f->w->alloc) + dsp_loaded(f->w->dsp), in.reserved_blocks);
}

static void test_batched_chunk_positions(void **state)
{
    (void)state;
    static const uint64_t chars[] = {2048, 16384, 40000, 131079};
    static const uint32_t blocks[] = {2048, 8192, 32768};
    static const uint64_t calls[] = {1, 37, 250, 2, 800};
    uint64_t probes = 0, steps[2] = {0, 0};
    for (int p = 0; p < CASE_PATH_COUNT; p++)
        for (size_t l = 0; l < sizeof chars / sizeof chars[0]; l++)
            for (size_t b = 0; b < sizeof blocks / sizeof blocks[0]; b++)
                for (int small = 0; small < 2; small++) {
                    case_t c;
                    case_defaults(&c);
                    c.path = (case_path_t)p;
                    c.lob_chars = chars[l];
                    c.block_size = blocks[b];
                    c.storage_in_row = 0;
                    c.rows = 1090;
                    if (small) {
                        c.dsp.chunk_min_kb = 64;
                        c.dsp.chunk_max_kb = 128;
                        c.dsp.chunk_divisor = 7;
                    }
                    fixture_t at_once, watched;
                    open_case(&at_once, &c);
                    open_case(&watched, &c);
                    runs_t all = {NULL, 0, 0}, probe = {NULL, 0, 0};
                    dbl_writer_observe_chunks(watched.w, keep_chunk, &all);
                    for (size_t i = 0; i < sizeof calls / sizeof calls[0]; i++) {
                        assert_int_equal(dbl_writer_rows(at_once.w, calls[i]), SIM_OK);
                        assert_int_equal(dbl_writer_rows(watched.w, calls[i]), SIM_OK);
                        probe.n = 0;
                        dbl_writer_observe_chunks(at_once.w, keep_chunk, &probe);
                        size_t from = all.n;
                        assert_int_equal(dbl_writer_row(at_once.w), SIM_OK);
                        assert_int_equal(dbl_writer_row(watched.w), SIM_OK);
                        dbl_writer_observe_chunks(at_once.w, NULL, NULL);
                        assert_true(probe.n > 0);
                        assert_int_equal(probe.n, all.n - from);
                        for (size_t k = 0; k < probe.n; k++)
                            if (probe.v[k].start != all.v[from + k].start ||
                                probe.v[k].len != all.v[from + k].len)
                                fail_msg("path %d, %llu chars, %u-byte blocks%s, after %llu "
                                         "rows: probe chunk %zu at %llu+%llu, %llu+%llu watched",
                                         p, (unsigned long long)chars[l], blocks[b],
                                         small ? ", small dispenser chunks" : "",
                                         (unsigned long long)watched.w->rows, k,
                                         (unsigned long long)probe.v[k].start,
                                         (unsigned long long)probe.v[k].len,
                                         (unsigned long long)all.v[from + k].start,
                                         (unsigned long long)all.v[from + k].len);
                        probes++;
                    }
                    assert_tiled(&all, &watched);
                    /* The rows at once were taken at once. */
                    assert_int_equal(at_once.w->rows, watched.w->rows);
                    steps[0] += at_once.w->steps;
                    steps[1] += watched.w->steps;
                    free(all.v);
                    free(probe.v);
                    close_writer(&at_once);
                    close_writer(&watched);
                }
    printf("batched chunk positions: %llu probe rows, each where the watched writer put it; "
           "%llu steps at once, %llu watched\n",
           (unsigned long long)probes, (unsigned long long)steps[0], (unsigned long long)steps[1]);
    /* The rows at once were mostly taken at once: the batched path ran. */
    assert_true(steps[0] * 2 < steps[1]);
}

/* ---- negative tests: dbl_writer_check() catches a corrupted state ---------- */

/*
 * Each corruption goes through the _int.h headers right before the check,
 * and the writer is destroyed right after it: debug builds check after every
 * state change and would stop at the next one.
 */
typedef void (*corrupt_fn)(dbl_writer_t *w);

static void wr_roundtrips_off_by_one(dbl_writer_t *w)
{
    w->link.v[SIM_STAT_DBLINK_ROUNDTRIPS]++;
}
static void wr_bytes_received_off_by_one(dbl_writer_t *w)
{
    w->link.v[SIM_STAT_DBLINK_BYTES_RECEIVED]--;
}
static void wr_close_without_finish(dbl_writer_t *w)
{
    w->finished = 0; /* the closing round trips are counted, the flag lost */
}
static void wr_link_on_local_path(dbl_writer_t *w)
{
    w->link.v[SIM_STAT_DBLINK_BYTES_SENT] = 1;
}
static void wr_rows_off_by_one(dbl_writer_t *w)
{
    w->rows++; /* a row counted that was never read nor written */
}
static void wr_source_gets_off_by_one(dbl_writer_t *w)
{
    w->source.v[SIM_STAT_CONSISTENT_GETS]++;
}
static void wr_direct_read_off_by_one(dbl_writer_t *w)
{
    w->source.v[SIM_STAT_SF_DIRECT_READ_OPS]++;
}
static void wr_block_without_get(dbl_writer_t *w)
{
    w->insert.v[SIM_STAT_DB_BLOCK_GETS]--;
}
static void wr_block_without_change(dbl_writer_t *w)
{
    w->insert.v[SIM_STAT_DB_BLOCK_CHANGES]++;
}
static void wr_segment_corrupt(dbl_writer_t *w)
{
    w->seg->used_blocks++;
}
/* The segment checks itself when the writer's transaction goes: put back
 * what wr_segment_corrupt() did before closing. */
static void wr_segment_restore(dbl_writer_t *w)
{
    w->seg->used_blocks--;
}
static void wr_dispenser_corrupt(dbl_writer_t *w)
{
    w->dsp->taken++;
}
static void wr_allocator_corrupt(dbl_writer_t *w)
{
    w->alloc->taken++;
}
static void wr_undo_corrupt(dbl_writer_t *w)
{
    w->undo->bytes++;
}

enum { LOCAL = 1, DBLINK = 2, BOTH = 3 };

static void test_check_catches_corruption(void **state)
{
    (void)state;
    static const struct {
        const char *what;
        corrupt_fn fn;
        int paths;
        corrupt_fn restore;
    } cases[] = {
        {"round trips off by one", wr_roundtrips_off_by_one, DBLINK, NULL},
        {"bytes received off by one", wr_bytes_received_off_by_one, DBLINK, NULL},
        {"closing round trips without the finish", wr_close_without_finish, DBLINK, NULL},
        {"link bytes on the local path", wr_link_on_local_path, LOCAL, NULL},
        {"rows off by one", wr_rows_off_by_one, BOTH, NULL},
        {"source consistent gets off by one", wr_source_gets_off_by_one, BOTH, NULL},
        {"a direct read not made", wr_direct_read_off_by_one, BOTH, NULL},
        {"a block created without its get", wr_block_without_get, BOTH, NULL},
        {"a change without a block", wr_block_without_change, BOTH, NULL},
        {"the segment's space not conserved", wr_segment_corrupt, BOTH, wr_segment_restore},
        {"the dispenser's space not conserved", wr_dispenser_corrupt, BOTH, NULL},
        {"the allocator's space not conserved", wr_allocator_corrupt, BOTH, NULL},
        {"the undo log's bytes off by one", wr_undo_corrupt, BOTH, NULL},
    };
    for (int p = 0; p < CASE_PATH_COUNT; p++) {
        int path = p == CASE_PATH_LOCAL ? LOCAL : DBLINK;
        for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
            if (!(cases[i].paths & path))
                continue;
            fixture_t f;
            open_writer(&f, (case_path_t)p, 25);
            cases[i].fn(f.w);
            printf("writer (%s): %s\n", case_path_name((case_path_t)p), cases[i].what);
            assert_int_equal(dbl_writer_check(f.w), SIM_ECORRUPT);
            if (cases[i].restore)
                cases[i].restore(f.w);
            close_writer(&f);
        }
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_dblink_figures_by_hand),
        cmocka_unit_test(test_local_figures_by_hand),
        cmocka_unit_test(test_alike_rows_count_as_one_at_a_time),
        cmocka_unit_test(test_batched_chunk_positions),
        cmocka_unit_test(test_check_catches_corruption),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
