/*
 * insert.c -- the insert workload: the reference experiment's statement in
 * one session over a fresh segment.  On the dblink path the user's session
 * drives the link and the link's session does the work; a loopback link
 * puts both on one instance, so the case reports their sum.
 */
#include <string.h>

#include "dblink_sim_int.h"

/* A fresh segment and the session's writer over it; nothing is left
 * allocated on failure. */
static sim_err_t open_writer(const case_t *c, lob_space_t **seg, dbl_writer_t **w)
{
    sim_err_t rc = dbl_writer_segment_create(c, seg);
    if (rc != SIM_OK)
        return rc;
    rc = dbl_writer_create(c, *seg, w);
    if (rc != SIM_OK)
        lob_space_destroy(*seg);
    return rc;
}

/* t2's table segment after `rows` rows, as user_segments shows it: its
 * extents of row.t2_extent_kb, grown by the rows and, in the row, their
 * LOBs. */
static void add_t2_segment(const case_t *c, uint64_t rows, case_result_t *out)
{
    sim_stats_t t2;
    memset(&t2, 0, sizeof t2);
    uint64_t extents = case_t2_extents(c, rows);
    uint64_t blocks = extents * (c->row.t2_extent_kb * 1024ULL / c->block_size);
    t2.v[SIM_STAT_SEG_TAB_EXTENTS] = extents;
    t2.v[SIM_STAT_SEG_TAB_BLOCKS] = blocks;
    t2.v[SIM_STAT_SEG_TAB_BYTES] = blocks * c->block_size;
    case_result_add(out, CASE_PART_INSERT, &t2);
}

sim_err_t dbl_insert_rows(const case_t *c, case_result_t *out, lob_chunk_fn observe, void *arg)
{
    lob_space_t *seg;
    dbl_writer_t *w;
    sim_err_t rc = open_writer(c, &seg, &w);
    if (rc != SIM_OK)
        return rc;
    dbl_writer_observe_chunks(w, observe, arg);
    rc = dbl_writer_rows(w, c->rows);
    dbl_writer_finish(w);
    dbl_writer_result(w, out);
    case_result_add(out, CASE_PART_SEGMENT, lob_space_stats(seg));
    add_t2_segment(c, c->rows, out);
    dbl_writer_destroy(w);
    lob_space_destroy(seg);
    return rc;
}

sim_err_t dbl_insert_snapshots(const case_t *c, uint64_t every, dbl_snap_fn fn, void *arg)
{
    if (every == 0)
        return SIM_EINVAL;
    lob_space_t *seg;
    dbl_writer_t *w;
    sim_err_t rc = open_writer(c, &seg, &w);
    if (rc != SIM_OK)
        return rc;
    for (uint64_t done = 0; done < c->rows && rc == SIM_OK;) {
        uint64_t n = c->rows - done < every ? c->rows - done : every;
        rc = dbl_writer_rows(w, n);
        done += n;
        if (rc != SIM_OK)
            break;
        if (done == c->rows)
            dbl_writer_finish(w);
        case_result_t so_far;
        memset(&so_far, 0, sizeof so_far);
        dbl_writer_result(w, &so_far);
        case_result_add(&so_far, CASE_PART_SEGMENT, lob_space_stats(seg));
        add_t2_segment(c, done, &so_far);
        if (fn(arg, done, &so_far) != 0)
            rc = SIM_EINVAL;
    }
    dbl_writer_destroy(w);
    lob_space_destroy(seg);
    return rc;
}

sim_err_t dbl_insert(const case_t *c, case_result_t *out)
{
    return dbl_insert_rows(c, out, NULL, NULL);
}
