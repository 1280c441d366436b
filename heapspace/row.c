/*
 * row.c -- the experiment's rows: Oracle's NUMBER encoding, the stand-in for
 * ora_hash, and the stored row length.
 *
 * A row is a 3-byte header (flag, lock byte, column count) and, per column,
 * a length byte and the data: id and n as NUMBER, x as 20 characters.
 */
#include "heapspace_int.h"

int hs_number_encode(uint64_t v, uint8_t *out)
{
    uint8_t digits[11];
    int nd = 0;
    if (v == 0) {
        if (out)
            out[0] = 0x80;
        return 1;
    }
    while (v) {
        digits[nd++] = (uint8_t)(v % 100);
        v /= 100;
    }
    int exponent = nd; /* base-100 digits before the point */
    int lo = 0;        /* trailing zero digits are not stored */
    while (digits[lo] == 0)
        lo++;
    if (out) {
        out[0] = (uint8_t)(0xC0 + exponent);
        for (int i = nd - 1, k = 1; i >= lo; i--, k++)
            out[k] = (uint8_t)(digits[i] + 1);
    }
    return 1 + nd - lo;
}

uint64_t hs_row_hash(uint64_t seed, uint64_t id)
{
    uint64_t z = seed * 0xd1342543de82ef95ULL + id * 0x9e3779b97f4a7c15ULL;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

uint32_t hs_row_n(uint64_t seed, uint64_t id)
{
    return (uint32_t)((hs_row_hash(seed, id) & 0xffffffffu) % 11);
}

uint32_t hs_row_x(uint64_t seed, uint64_t id)
{
    return (uint32_t)((hs_row_hash(seed, id) >> 32) % 101);
}

uint32_t hs_row_bytes(uint64_t seed, uint64_t id)
{
    return 3 + (1 + (uint32_t)hs_number_encode(id, NULL)) +
           (1 + (uint32_t)hs_number_encode(hs_row_n(seed, id), NULL)) + (1 + 20);
}
