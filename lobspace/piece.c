/*
 * piece.c -- a LOB written piece by piece, as a LOB that arrives over a
 * database link is (experiment 1's remote path, docs/lob-insert.md): the
 * blocks each piece writes, and the consistent reads of the LOB's map
 * before each piece.
 *
 * One home for both writers of such a LOB: dblink_sim/writer.c (the
 * calibrated experiment) and life_sim/lob.c (a script's insert ... select
 * from T@LINK).
 */
#include "lobspace.h"

uint64_t lob_piece_blocks(uint64_t done_before, uint64_t done_after, uint64_t total,
                          uint32_t payload)
{
    /* The receiving session does not know the LOB's length: it writes the
     * full blocks of what has arrived and keeps the partial tail in its
     * write buffer until more data comes or the LOB is closed. */
    uint64_t before = done_before / payload;
    uint64_t after =
        done_after == total ? (done_after + payload - 1) / payload : done_after / payload;
    return after - before;
}

uint64_t lob_piece_count(uint64_t bytes, uint64_t piece_size)
{
    return (bytes + piece_size - 1) / piece_size;
}

uint64_t lob_piece_nth_blocks(uint64_t bytes, uint64_t piece_size, uint32_t payload, uint64_t i)
{
    uint64_t done = i * piece_size;
    uint64_t n = bytes - done < piece_size ? bytes - done : piece_size;
    return lob_piece_blocks(done, done + n, bytes, payload);
}

/*
 * A consistent read of the LOB's map before each piece rolls back the map
 * changes this statement made to it: one undo visit per map_cr_chunks
 * chunks already in the LOB, and a clone each time the map block has taken
 * map_cr_chunks more changes.  q and r are lob.chunks / m and its
 * remainder, carried from piece to piece.
 */
lob_map_reads_t lob_map_reads_start(uint64_t m)
{
    lob_map_reads_t mr = {m, 1 / m, 1 % m, 0, 0, 0};
    return mr;
}

void lob_map_reads_before_piece(lob_map_reads_t *mr)
{
    mr->gets += 1 + mr->q;
    mr->clones += mr->chunks > 0 && mr->r == 1 % mr->m; /* lob.chunks % m == 0 */
}

void lob_map_reads_after_piece(lob_map_reads_t *mr, uint64_t chunks)
{
    mr->chunks += chunks;
    for (mr->r += chunks; mr->r >= mr->m; mr->r -= mr->m)
        mr->q++;
}

lob_piece_plan_t lob_piece_plan(uint64_t bytes, uint64_t piece_size, uint32_t payload, uint64_t m)
{
    lob_piece_plan_t p = {0, 0, 0, 0};
    lob_map_reads_t mr = lob_map_reads_start(m);
    uint64_t n = lob_piece_count(bytes, piece_size);
    for (uint64_t i = 0; i < n; i++) {
        uint64_t nb = lob_piece_nth_blocks(bytes, piece_size, payload, i);
        lob_map_reads_before_piece(&mr);
        lob_map_reads_after_piece(&mr, nb > 0);
        p.blocks += nb;
    }
    p.chunks = mr.chunks;
    p.map_gets = mr.gets;
    p.map_clones = mr.clones;
    return p;
}
