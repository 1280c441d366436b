/*
 * keys.c -- a table's primary key: which row holds each id, in a hash
 * table (open addressing, linear probing, ids in sequence in slots in
 * sequence: slot_of()), so that an
 * insert finds a duplicate key (ORA-00001) in constant time whatever the
 * table's size.
 *
 * An entry maps an id to the row that last took it; entries are never
 * removed: a row deleted or rolled back stays mapped until another row
 * takes its id (dml.c decides from the row's state whether it still holds
 * it), and a rollback of a delete maps the id back to its row (txn.c).
 * truncate and drop empty the table (life_keys_clear()).
 */
#include <string.h>

#include "life_sim_int.h"

/* Slot of id in a table of 2^bits slots: its low bits with its higher
 * bits folded in, so that ids in sequence (a loop's, a session's) take
 * slots in sequence -- the cache and the TLB see one page at a time, not
 * one a lookup as a multiplicative hash scatters them -- while ids of a
 * power-of-two stride still spread. */
static uint64_t slot_of(int64_t id, uint32_t bits)
{
    uint64_t u = (uint64_t)id;
    return (u ^ (u >> bits) ^ (u >> (2 * bits))) & (((uint64_t)1 << bits) - 1);
}

/* The slot holding id, or the empty slot where it would go. */
static life_key_t *find(life_key_t *v, uint32_t bits, int64_t id)
{
    uint64_t mask = ((uint64_t)1 << bits) - 1;
    uint64_t i = slot_of(id, bits);
    while (v[i].row1 != 0 && v[i].id != id)
        i = (i + 1) & mask;
    return &v[i];
}

int life_key_get(const life_table_t *t, int64_t id, uint64_t *row)
{
    if (t->keys == NULL)
        return 0;
    const life_key_t *k = find(t->keys, t->key_bits, id);
    if (k->row1 == 0)
        return 0;
    *row = k->row1 - 1;
    return 1;
}

sim_err_t life_key_set(life_table_t *t, int64_t id, uint64_t row)
{
    life_key_t *k = t->keys ? find(t->keys, t->key_bits, id) : NULL;
    if (k == NULL || (k->row1 == 0 && 2 * (t->key_used + 1) > (uint64_t)1 << t->key_bits)) {
        /* Half full at most: grown to twice the slots, every key placed again. */
        uint32_t bits = t->keys ? t->key_bits + 1 : 10;
        /* written before it is read: a fresh page is then faulted in
         * writable at once, not mapped to the zero page and copied on the
         * first write (calloc's), which costs a TLB flush a page */
        life_key_t *v = sim_malloc(((size_t)1 << bits) * sizeof *v);
        if (v == NULL)
            return SIM_ENOMEM;
        memset(v, 0, ((size_t)1 << bits) * sizeof *v);
        for (uint64_t i = 0; t->keys && i < (uint64_t)1 << t->key_bits; i++)
            if (t->keys[i].row1)
                *find(v, bits, t->keys[i].id) = t->keys[i];
        sim_free(t->keys);
        t->keys = v;
        t->key_bits = bits;
        k = find(v, bits, id);
    }
    t->key_used += k->row1 == 0;
    k->id = id;
    k->row1 = row + 1;
    return SIM_OK;
}

void life_keys_clear(life_table_t *t)
{
    sim_free(t->keys);
    t->keys = NULL;
    t->key_bits = 0;
    t->key_used = 0;
}
