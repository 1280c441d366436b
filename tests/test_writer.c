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
#include <string.h>

#include <cmocka.h>

#include "dispenser_int.h"
#include "lobspace_int.h"
#include "undo_int.h"
#include "dblink_sim_int.h"

typedef struct {
    case_t c;
    lob_segment_t *seg;
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
    lob_segment_destroy(f->seg);
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
    /* Three blocks created in current mode (3 gets, 3 changes) and the
     * loader's 480 gets per 1,000 rows: 3 x 480 / 1,000 = 1 whole get. */
    assert_int_equal(ins[SIM_STAT_DB_BLOCK_GETS], 4);
    assert_int_equal(ins[SIM_STAT_DB_BLOCK_CHANGES], 3);
    /* No link on the local path. */
    assert_int_equal(r.part[CASE_PART_LINK].v[SIM_STAT_DBLINK_ROUNDTRIPS], 0);
    close_writer(&f);
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
    } cases[] = {
        {"round trips off by one", wr_roundtrips_off_by_one, DBLINK},
        {"bytes received off by one", wr_bytes_received_off_by_one, DBLINK},
        {"closing round trips without the finish", wr_close_without_finish, DBLINK},
        {"link bytes on the local path", wr_link_on_local_path, LOCAL},
        {"rows off by one", wr_rows_off_by_one, BOTH},
        {"source consistent gets off by one", wr_source_gets_off_by_one, BOTH},
        {"a direct read not made", wr_direct_read_off_by_one, BOTH},
        {"a block created without its get", wr_block_without_get, BOTH},
        {"a change without a block", wr_block_without_change, BOTH},
        {"the segment's space not conserved", wr_segment_corrupt, BOTH},
        {"the dispenser's space not conserved", wr_dispenser_corrupt, BOTH},
        {"the allocator's space not conserved", wr_allocator_corrupt, BOTH},
        {"the undo log's bytes off by one", wr_undo_corrupt, BOTH},
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
            close_writer(&f);
        }
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_dblink_figures_by_hand),
        cmocka_unit_test(test_local_figures_by_hand),
        cmocka_unit_test(test_check_catches_corruption),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
