/*
 * insert.c -- the insert workload: the reference experiment's statement in
 * one session over a fresh segment.  On the dblink path the user's session
 * drives the link and the link's session does the work; a loopback link
 * puts both on one instance, so the case reports their sum.
 */
#include "dblink_sim_int.h"

sim_err_t dbl_insert_rows(const case_t *c, case_result_t *out, lob_chunk_fn observe, void *arg)
{
    lob_segment_t *seg;
    sim_err_t rc = dbl_writer_segment_create(c, &seg);
    if (rc != SIM_OK)
        return rc;
    dbl_writer_t *w;
    rc = dbl_writer_create(c, seg, &w);
    if (rc != SIM_OK) {
        lob_segment_destroy(seg);
        return rc;
    }
    dbl_writer_observe_chunks(w, observe, arg);
    rc = dbl_writer_rows(w, c->rows);
    dbl_writer_finish(w);
    dbl_writer_result(w, out);
    case_result_add(out, CASE_PART_SEGMENT, lob_segment_stats(seg));
    dbl_writer_destroy(w);
    lob_segment_destroy(seg);
    return rc;
}

sim_err_t dbl_insert(const case_t *c, case_result_t *out)
{
    return dbl_insert_rows(c, out, NULL, NULL);
}
