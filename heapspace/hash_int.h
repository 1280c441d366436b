/*
 * hash_int.h -- the splitmix64 hash that stands in for ora_hash in the
 * experiment's rows (row.c, and the passes that carry it over the rows:
 * table.c, btree.c, bitmap.c).  On its own so that row.c, which defines
 * hs_row_hash(), needs nothing of heapspace_int.h's inline code, which
 * calls row.c (hs_idlen_next -> hs_number_encode): no circle.
 */
#ifndef LOBSIM_HASH_INT_H
#define LOBSIM_HASH_INT_H

#include <stdint.h>

/* The splitmix64 hash standing in for ora_hash: hs_mix(hs_hash_start(seed,
 * id)), and the argument of row id + 1 is that of row id plus HS_HASH_STEP,
 * so that a loop over the rows carries it instead of multiplying. */
uint64_t hs_row_hash(uint64_t seed, uint64_t id);
#define HS_HASH_STEP 0x9e3779b97f4a7c15ULL
static inline uint64_t hs_hash_start(uint64_t seed, uint64_t id)
{
    return seed * 0xd1342543de82ef95ULL + id * HS_HASH_STEP;
}
static inline uint64_t hs_mix(uint64_t z)
{
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}
/* n and x of a row from its hash (hs_row_n, hs_row_x). */
static inline uint32_t hs_hash_n(uint64_t h)
{
    return (uint32_t)((h & 0xffffffffu) % 11);
}
static inline uint32_t hs_hash_x(uint64_t h)
{
    return (uint32_t)((h >> 32) % 101);
}

#endif /* LOBSIM_HASH_INT_H */
