/*
 * row.c -- the experiment's rows: Oracle's NUMBER encoding, the stand-in for
 * ora_hash, and the stored row length.
 *
 * A row is a 3-byte header (flag, lock byte, column count) and, per column,
 * a length byte and the data: id and n as NUMBER, x as 20 characters.
 */
#include "hash_int.h"
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
    return hs_mix(hs_hash_start(seed, id));
}

uint32_t hs_row_n(uint64_t seed, uint64_t id)
{
    return hs_hash_n(hs_row_hash(seed, id));
}

uint32_t hs_row_x(uint64_t seed, uint64_t id)
{
    return hs_hash_x(hs_row_hash(seed, id));
}

void hs_idlen_start(hs_idlen_t *it, uint64_t id)
{
    uint32_t digits = 1;
    uint64_t bound = 100;
    while (bound <= id) {
        digits++;
        if (bound > UINT64_MAX / 100) {
            bound = UINT64_MAX;
            break;
        }
        bound *= 100;
    }
    it->id = id;
    it->bound = bound;
    it->plain = 1 + digits;
    it->to100 = (uint32_t)(id % 100 == 0 ? 0 : 100 - id % 100);
}

uint32_t hs_row_bytes(uint64_t seed, uint64_t id)
{
    return 3 + (1 + (uint32_t)hs_number_encode(id, NULL)) +
           (1 + (uint32_t)hs_number_encode(hs_row_n(seed, id), NULL)) + (1 + 20);
}
