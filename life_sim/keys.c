/*
 * keys.c -- a table's primary key: which row holds each id, in a hash
 * table (open addressing, linear probing, ids in sequence in slots in
 * sequence: slot_of()), so that an
 * insert finds a duplicate key (ORA-00001) in constant time whatever the
 * table's size.
 *
 * An entry maps an id to the row that last took it; entries are never
 * removed: a row deleted or rolled back stays mapped until another row
 * takes its id (insert.c decides from the row's state whether it still holds
 * it), and a rollback of a delete maps the id back to its row (txn.c).
 * truncate and drop empty the table (life_keys_clear()).
 *
 * The key's index segment (INDEX in user_segments, named by its
 * constraint or SYS_C<n>): a unique B-tree whose entries are flag, lock,
 * rowid and the id as a NUMBER (heapspace/README.md, "Index formats"),
 * kept by heapspace's growing index (grow.c) in the order rows are
 * inserted, ids taken as rising (a sequence's, `level`'s); a row's entry
 * goes with its delete and comes back with a rolled-back one
 * (life_pk_index_*()).  A key added by ALTER TABLE after rows shows from
 * its step, its entries as if inserted with the rows (CREATE INDEX would
 * pack them at PCTFREE 10).  In the table's tablespace.
 */
#include <stdio.h>
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

/* t's keys placed again in 2^bits slots. */
static sim_err_t rekey(life_table_t *t, uint32_t bits)
{
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
    return SIM_OK;
}

/* Half full at most: the slots for `used` keys. */
static uint32_t bits_for(const life_table_t *t, uint64_t used)
{
    uint32_t bits = t->keys ? t->key_bits : 10;
    while (2 * used > (uint64_t)1 << bits)
        bits++;
    return bits;
}

sim_err_t life_key_reserve(life_table_t *t, uint64_t more)
{
    uint32_t bits = bits_for(t, t->key_used + more);
    return t->keys && bits == t->key_bits ? SIM_OK : rekey(t, bits);
}

sim_err_t life_key_set(life_table_t *t, int64_t id, uint64_t row)
{
    life_key_t *k = t->keys ? find(t->keys, t->key_bits, id) : NULL;
    if (k == NULL || (k->row1 == 0 && 2 * (t->key_used + 1) > (uint64_t)1 << t->key_bits)) {
        /* grown to twice the slots, every key placed again */
        sim_err_t rc = rekey(t, t->keys ? t->key_bits + 1 : 10);
        if (rc != SIM_OK)
            return rc;
        k = find(t->keys, t->key_bits, id);
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

/* A branch entry of the key's index: a child address and the shortest
 * prefix of the id that tells two leaves apart, its length byte and at
 * most the NUMBER's exponent and first digits: 4 + 1 + 3. */
#define PK_SEP_BYTES 8u

sim_err_t life_pk_index_add(life_table_t *t, uint64_t r)
{
    life_row_t *rw = life_row_at(t, r);
    if (t->pk_ix == NULL) {
        hs_params_t hp;
        hs_params_defaults(&hp);
        sim_err_t rc = hs_grow_create(&hp, t->block_size, hs_unique_entry_bytes(1), PK_SEP_BYTES, 1,
                                      &t->pk_ix);
        if (rc != SIM_OK)
            return rc;
    }
    uint32_t key = (uint32_t)life_number_bytes(rw->id);
    return hs_grow_insert(t->pk_ix, 0, 1, hs_unique_entry_bytes(key), &rw->pk_pos);
}

void life_pk_index_delete(life_table_t *t, uint64_t r)
{
    if (t->pk_ix)
        hs_grow_delete(t->pk_ix, 0, life_row_at(t, r)->pk_pos, 1);
}

void life_pk_index_undelete(life_table_t *t, uint64_t r)
{
    if (t->pk_ix)
        hs_grow_undelete(t->pk_ix, 0, life_row_at(t, r)->pk_pos);
}

void life_pk_index_drop(life_table_t *t)
{
    hs_grow_destroy(t->pk_ix);
    t->pk_ix = NULL;
}

int life_pk_index_exists(const life_table_t *t, uint32_t step)
{
    const scr_table_t *d = t->def;
    return t->has_segment && d->id_col >= 0 && d->cols[d->id_col].primary_key && step >= d->pk_step;
}

void life_pk_name(const life_db_t *db, const life_table_t *t, char *out, size_t len)
{
    /* Oracle's SYS_C<constraint number>: the table's number stands for it,
     * as for the LOB segments' names (table.c) */
    if (t->def->pk_name[0])
        snprintf(out, len, "%s", t->def->pk_name);
    else
        snprintf(out, len, "SYS_C%06u", (unsigned)(t - db->tables) + 1);
}

void life_pk_index_extents(const life_db_t *db, const life_table_t *t, lob_extent_fn fn, void *arg,
                           uint64_t *blocks, uint64_t *extents)
{
    life_extents_for(life_index_hwm(t->pk_ix), t->block_size, life_table_uniform(db, t), blocks,
                     extents, fn, arg);
}

void life_pk_index_unused(const life_db_t *db, const life_table_t *t, lob_unused_t *out)
{
    life_extents_unused(life_index_hwm(t->pk_ix), t->block_size, life_table_uniform(db, t), out);
}
