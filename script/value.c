/*
 * value.c -- the values a script's expressions build, never materialised
 * per operation.
 *
 * A value is a list of pieces: a pattern repeated to a length (a literal is
 * its own pattern once; rpad's padding is its pad repeated), or a seeded
 * random string (dbms_random.string).  Its hash is the polynomial hash of
 * its characters modulo the prime 2^61 - 1, mixed with its length:
 * concatenation combines two hashes (H(ab) = H(a) B^|b| + H(b)) and a
 * repeat is a geometric sum, so a value of any length hashes in time
 * logarithmic in its length -- except a random piece, whose characters are
 * generated once to hash it.  Because the hash depends on the characters
 * only, the same text built two ways (rpad('x', 100, 'x') and a literal of
 * 100 x) hashes the same; values are interned by (hash, length, type), so
 * equal contents share one entry (two different contents collide with
 * probability about length / 2^61).
 *
 * State changes: scr_values_intern() (scr_eval(), eval.c) interns (new
 * entry or one more reference),
 * scr_value_ref() and scr_value_release() count references; the last
 * release frees the entry.  Constant expressions are memoised per
 * expression (the memo holds a reference until scr_values_destroy()).
 */
#include <stdio.h>
#include <string.h>

#include "value_int.h"

#define M61 ((1ULL << 61) - 1)
#define BASE (0x1f3d5b79a2c4e681ULL % M61)

/* a b mod 2^61 - 1, for a, b < 2^61: the 122-bit product folded twice
 * (2^61 = 1).  __int128 is a GCC and Clang extension, said so for
 * -Wpedantic. */
__extension__ typedef unsigned __int128 scr_u128_t;

static uint64_t mul61(uint64_t a, uint64_t b)
{
    scr_u128_t p = (scr_u128_t)a * b;
    uint64_t r = (uint64_t)(p & M61) + (uint64_t)(p >> 61);
    return r >= M61 ? r - M61 : r;
}

static uint64_t add61(uint64_t a, uint64_t b)
{
    uint64_t r = a + b;
    return r >= M61 ? r - M61 : r;
}

/* BASE^(2^k) for k = 0..63 (computed once offline by squaring;
 * scr_values_check() checks each entry is the square of the one before),
 * and the inverse of BASE - 1, for the sums of repeats of one character. */
static const uint64_t pow_base[64] = {
    0x1f3d5b79a2c4e681ULL, 0x1778be0079abb664ULL, 0x03878e4dce2759f1ULL, 0x14087ab022fd848fULL,
    0x11317e809d7b00a4ULL, 0x008710d8cae43f88ULL, 0x0b5b6f5a0812a5b4ULL, 0x030fa817b1a5d7d9ULL,
    0x141950158036b4bcULL, 0x137d9f65893130f9ULL, 0x1a34bcc940d4d22cULL, 0x1aa3cccbb69a6c3eULL,
    0x1ccbdca11315fd21ULL, 0x126535cf75e6d16dULL, 0x12dfb87609e78c99ULL, 0x1da371f9aaf36224ULL,
    0x198c592a814129b0ULL, 0x06867d39287f4bc0ULL, 0x0d65e6a856d3e8fdULL, 0x097987eb2ce126bcULL,
    0x1c9bba8029657195ULL, 0x11313bcfcced50c1ULL, 0x042b3e1c9cbe7729ULL, 0x1baba5dd9cf6fb32ULL,
    0x1b33595eafaccebbULL, 0x0ad487d3bc14d9a5ULL, 0x130bc5c95e623c90ULL, 0x09fb03800d95a9b9ULL,
    0x0e3f7cb2bcbb15f8ULL, 0x12fe28eea50a9121ULL, 0x04289996ad5de19bULL, 0x101206e5b4a45642ULL,
    0x0adefdecea2c8ccaULL, 0x00a9c231235ba269ULL, 0x1ec303f755289f1fULL, 0x0f3e13d6c91f66d2ULL,
    0x18c0116e1d4d7ed3ULL, 0x1c70447bb694bc23ULL, 0x18fd35464acd6d6bULL, 0x1683301a7886b15cULL,
    0x1a9b8fcaedf3db34ULL, 0x07ff301d6f1a26b7ULL, 0x0f3aadc8931560ebULL, 0x06a20acc9dfdef9dULL,
    0x0503929c253c6a5eULL, 0x1b5c7dc81cdfa4c7ULL, 0x080a9bf2e28943b1ULL, 0x07cc473fea6a7e1eULL,
    0x0ebc08d88b19105bULL, 0x17565c6c715bd40dULL, 0x17d783099fa9d25eULL, 0x1a78da5cf066c109ULL,
    0x0eb510e9d67fe80dULL, 0x1ab48edbc52885e6ULL, 0x197106f0e079073bULL, 0x106882907b6a2303ULL,
    0x194f70e9208a9e06ULL, 0x1274bf1f905331a6ULL, 0x0aae6e0997f9d4aaULL, 0x1f3474381110da6cULL,
    0x00c2a4865d3b197eULL, 0x1778be0079abb664ULL, 0x03878e4dce2759f1ULL, 0x14087ab022fd848fULL,
};
#define INV_BASE_M1 0x0bfee85c44118028ULL

/* BASE^n from the table: one product per bit set in n. */
static uint64_t pow_b(uint64_t n)
{
    uint64_t r = 1;
    for (int k = 0; n; k++, n >>= 1)
        if (n & 1)
            r = mul61(r, pow_base[k]);
    return r;
}

/* 1 + x + ... + x^(k-1) into *g, x^k into *p. */
static void geo61(uint64_t x, uint64_t k, uint64_t *g, uint64_t *p)
{
    if (k == 0) {
        *g = 0;
        *p = 1;
        return;
    }
    uint64_t hg, hp;
    geo61(x, k / 2, &hg, &hp);
    *g = mul61(hg, add61(1, hp));
    *p = mul61(hp, hp);
    if (k & 1) {
        *g = add61(1, mul61(x, *g));
        *p = mul61(*p, x);
    }
}

static uint64_t hash_bytes(const char *s, uint64_t n)
{
    uint64_t h = 0;
    for (uint64_t i = 0; i < n; i++)
        h = add61(mul61(h, BASE), (unsigned char)s[i]);
    return h;
}

/* The 64-bit hash of a content from its polynomial hash and length. */
static uint64_t finish(uint64_t h, uint64_t len)
{
    uint64_t z = h ^ (len * 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

/* ---- pieces ------------------------------------------------------------ */

static const char *alphabet(char opt, uint32_t *n)
{
    static const char upper[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
    static const char lower[] = "abcdefghijklmnopqrstuvwxyz";
    static const char mixed[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
    static const char alnum[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
    static char printable[96];
    switch (opt) {
    case 'L':
        *n = 26;
        return lower;
    case 'A':
        *n = 52;
        return mixed;
    case 'X':
        *n = 36;
        return alnum;
    case 'P':
        if (!printable[0])
            for (int c = 0x20; c < 0x7f; c++)
                printable[c - 0x20] = (char)c;
        *n = 95;
        return printable;
    default:
        *n = 26;
        return upper;
    }
}

/* The random piece's characters from..from+n into out (NULL: hash only). */
uint64_t scr_value_random_chars(const piece_t *pc, uint64_t from, uint64_t n, char *out)
{
    uint32_t an;
    const char *a = alphabet(pc->alpha, &an);
    sim_prng_t g;
    sim_prng_seed(&g, pc->seed);
    uint64_t h = 0;
    for (uint64_t i = 0; i < from + n; i++) {
        char c = a[sim_prng_below(&g, an)];
        if (i < from)
            continue;
        if (out)
            out[i - from] = c;
        else
            h = add61(mul61(h, BASE), (unsigned char)c);
    }
    return h;
}

static uint64_t repeat_hash(const char *pat, uint32_t plen, uint64_t len)
{
    uint64_t k = len / plen, r = len % plen, g, p;
    if (plen == 1) {
        /* c (1 + B + ... + B^(k-1)) = c (B^k - 1) / (B - 1) */
        g = mul61(add61(pow_b(k), M61 - 1), INV_BASE_M1);
        return mul61((unsigned char)pat[0], g);
    }
    uint64_t hp = hash_bytes(pat, plen);
    geo61(pow_b(plen), k, &g, &p);
    return add61(mul61(mul61(hp, g), pow_b(r)), hash_bytes(pat, r));
}

/* The shortest period of pat that divides plen (its primitive root). */
static uint32_t primitive(const char *pat, uint32_t plen)
{
    for (uint32_t d = 1; d < plen; d++) {
        if (plen % d)
            continue;
        uint32_t i = d;
        while (i < plen && pat[i] == pat[i % d])
            i++;
        if (i == plen)
            return d;
    }
    return plen;
}

/* ---- builder: a value under construction -------------------------------- */

void scr_vb_free(builder_t *b)
{
    for (uint32_t i = 0; i < b->ntmp; i++)
        sim_free(b->tmp[i]);
    sim_free(b->tmp);
    sim_free(b->v);
    memset(b, 0, sizeof *b);
}

char *scr_vb_tmp(builder_t *b, size_t n)
{
    if (b->ntmp == b->captmp) {
        uint32_t cap = b->captmp ? b->captmp * 2 : 4;
        char **t = sim_realloc(b->tmp, cap * sizeof *t);
        if (!t) {
            b->oom = 1;
            return NULL;
        }
        b->tmp = t;
        b->captmp = cap;
    }
    char *s = sim_malloc(n ? n : 1);
    if (!s) {
        b->oom = 1;
        return NULL;
    }
    b->tmp[b->ntmp++] = s;
    return s;
}

void scr_vb_push(builder_t *b, const piece_t *pc)
{
    if (pc->len == 0)
        return;
    if (b->n > 0) {
        piece_t *last = &b->v[b->n - 1];
        if (last->kind == PIECE_REPEAT && pc->kind == PIECE_REPEAT && last->plen == pc->plen &&
            last->len % last->plen == 0 && memcmp(last->pat, pc->pat, pc->plen) == 0) {
            last->len += pc->len;
            last->h = repeat_hash(last->pat, last->plen, last->len);
            b->len += pc->len;
            return;
        }
    }
    if (b->n == b->cap) {
        uint32_t cap = b->cap ? b->cap * 2 : 4;
        piece_t *v = sim_realloc(b->v, cap * sizeof *v);
        if (!v) {
            b->oom = 1;
            return;
        }
        b->v = v;
        b->cap = cap;
    }
    b->v[b->n++] = *pc;
    b->len += pc->len;
}

void scr_vb_repeat(builder_t *b, const char *pat, uint32_t plen, uint64_t len)
{
    if (len == 0 || plen == 0)
        return;
    piece_t pc = {0};
    pc.kind = PIECE_REPEAT;
    pc.plen = primitive(pat, plen);
    pc.pat = pat;
    pc.len = len;
    pc.h = repeat_hash(pat, pc.plen, len);
    scr_vb_push(b, &pc);
}

/* Keep the first n characters. */
void scr_vb_truncate(builder_t *b, uint64_t n)
{
    uint64_t at = 0;
    for (uint32_t i = 0; i < b->n; i++) {
        piece_t *pc = &b->v[i];
        if (at + pc->len >= n) {
            uint64_t keep = n - at;
            if (keep < pc->len) {
                pc->len = keep;
                pc->h = pc->kind == PIECE_REPEAT ? repeat_hash(pc->pat, pc->plen, keep)
                                                 : scr_value_random_chars(pc, 0, keep, NULL);
            }
            b->n = keep ? i + 1 : i;
            b->len = n;
            return;
        }
        at += pc->len;
    }
}

static uint64_t b_hash(const builder_t *b)
{
    uint64_t h = 0;
    for (uint32_t i = 0; i < b->n; i++)
        h = add61(mul61(h, pow_b(b->v[i].len)), b->v[i].h);
    return h;
}

/* ---- the store ---------------------------------------------------------- */

sim_err_t scr_values_create(const scr_options_t *opts, scr_values_t **out)
{
    scr_values_t *vs = sim_calloc(1, sizeof *vs);
    if (!vs)
        return SIM_ENOMEM;
    if (opts)
        vs->opts = *opts;
    else
        scr_options_defaults(&vs->opts);
    vs->nbuckets = 1024;
    vs->buckets = sim_calloc(vs->nbuckets, sizeof *vs->buckets);
    vs->capents = 1024;
    vs->ents = sim_calloc(vs->capents, sizeof *vs->ents);
    if (!vs->buckets || !vs->ents) {
        sim_free(vs->buckets);
        sim_free(vs->ents);
        sim_free(vs);
        return SIM_ENOMEM;
    }
    vs->nents = 1;
    sim_prng_seed(&vs->rng, vs->opts.seed);
    *out = vs;
    return SIM_OK;
}

void scr_values_destroy(scr_values_t *vs)
{
    if (!vs)
        return;
    for (uint32_t i = 1; i < vs->nents; i++)
        if (vs->ents[i].refs)
            sim_free(vs->ents[i].pieces);
    sim_free(vs->ents);
    sim_free(vs->buckets);
    sim_free(vs->memo);
    sim_free(vs->seq);
    for (uint32_t i = 0; i < vs->nqdef; i++)
        sim_free(vs->qdef[i]);
    sim_free(vs->qdef);
    sim_free(vs);
}

sim_err_t scr_values_qdef_set(scr_values_t *vs, uint32_t id, const char *text)
{
    if (id >= vs->nqdef) {
        char **v = sim_realloc(vs->qdef, (id + 1) * sizeof *v);
        if (v == NULL)
            return SIM_ENOMEM;
        memset(v + vs->nqdef, 0, (id + 1 - vs->nqdef) * sizeof *v);
        vs->qdef = v;
        vs->nqdef = id + 1;
    }
    size_t n = strlen(text);
    char *t = sim_malloc(n + 1);
    if (t == NULL)
        return SIM_ENOMEM;
    memcpy(t, text, n + 1);
    sim_free(vs->qdef[id]);
    vs->qdef[id] = t;
    return SIM_OK;
}

static int rehash(scr_values_t *vs)
{
    uint32_t nb = vs->nbuckets * 2;
    uint32_t *b = sim_calloc(nb, sizeof *b);
    if (!b)
        return -1;
    for (uint32_t i = 1; i < vs->nents; i++) {
        entry_t *e = &vs->ents[i];
        if (!e->refs)
            continue;
        uint32_t k = (uint32_t)(e->hash & (nb - 1));
        e->next = b[k];
        b[k] = i;
    }
    sim_free(vs->buckets);
    vs->buckets = b;
    vs->nbuckets = nb;
    return 0;
}

/* The builder's value, interned: an existing entry referenced once more, or
 * a new one.  SIM_ENOMEM leaves the store unchanged. */
sim_err_t scr_values_intern(scr_values_t *vs, const builder_t *b, scr_val_t *out)
{
    if (b->null) {
        *out = SCR_VAL_NULL;
        return SIM_OK;
    }
    uint64_t h = finish(b_hash(b), b->len);
    for (uint32_t i = vs->buckets[h & (vs->nbuckets - 1)]; i; i = vs->ents[i].next) {
        entry_t *e = &vs->ents[i];
        if (e->hash == h && e->len == b->len && e->type == b->type) {
            e->refs++;
            *out = i;
            return SIM_OK;
        }
    }
    if (vs->live + 1 > vs->nbuckets && rehash(vs) != 0)
        return SIM_ENOMEM;
    size_t patbytes = 0;
    for (uint32_t i = 0; i < b->n; i++)
        if (b->v[i].kind == PIECE_REPEAT)
            patbytes += b->v[i].plen;
    piece_t *pcs = sim_malloc(b->n * sizeof *pcs + patbytes + 1);
    if (!pcs)
        return SIM_ENOMEM;
    uint32_t id = vs->freelist;
    if (id) {
        vs->freelist = vs->ents[id].next;
    } else {
        if (vs->nents == vs->capents) {
            if (vs->capents >= (1u << 31)) {
                sim_free(pcs);
                return SIM_ENOMEM;
            }
            entry_t *ne = sim_realloc(vs->ents, (size_t)vs->capents * 2 * sizeof *ne);
            if (!ne) {
                sim_free(pcs);
                return SIM_ENOMEM;
            }
            vs->ents = ne;
            vs->capents *= 2;
        }
        id = vs->nents++;
    }
    char *pat = (char *)(pcs + b->n);
    for (uint32_t i = 0; i < b->n; i++) {
        pcs[i] = b->v[i];
        if (pcs[i].kind == PIECE_REPEAT) {
            memcpy(pat, b->v[i].pat, b->v[i].plen);
            pcs[i].pat = pat;
            pat += b->v[i].plen;
        }
    }
    entry_t *e = &vs->ents[id];
    e->hash = h;
    e->len = b->len;
    e->type = b->type;
    e->refs = 1;
    e->npieces = b->n;
    e->pieces = pcs;
    uint32_t k = (uint32_t)(h & (vs->nbuckets - 1));
    e->next = vs->buckets[k];
    vs->buckets[k] = id;
    vs->live++;
    *out = id;
    return SIM_OK;
}

void scr_value_ref(scr_values_t *vs, scr_val_t v)
{
    if (v != SCR_VAL_NULL) {
        assert(v < vs->nents && vs->ents[v].refs > 0);
        vs->ents[v].refs++;
    }
}

void scr_value_release(scr_values_t *vs, scr_val_t v)
{
    if (v == SCR_VAL_NULL)
        return;
    assert(v < vs->nents && vs->ents[v].refs > 0);
    entry_t *e = &vs->ents[v];
    if (--e->refs)
        return;
    uint32_t *link = &vs->buckets[e->hash & (vs->nbuckets - 1)];
    while (*link != v)
        link = &vs->ents[*link].next;
    *link = e->next;
    sim_free(e->pieces);
    e->pieces = NULL;
    e->next = vs->freelist;
    vs->freelist = v;
    vs->live--;
}

scr_value_info_t scr_value_info(const scr_values_t *vs, scr_val_t v)
{
    scr_value_info_t in = {0};
    if (v == SCR_VAL_NULL) {
        in.type = SCR_T_NULL;
        in.hash = finish(0, 0) ^ 1; /* differs from the empty LOB's */
        return in;
    }
    const entry_t *e = &vs->ents[v];
    in.chars = e->len;
    in.type = e->type;
    in.hash = e->hash;
    in.bytes =
        (e->type != SCR_T_BLOB && vs->opts.charset == SCR_CHARSET_AL32UTF8) ? 2 * e->len : e->len;
    return in;
}

uint64_t scr_values_live(const scr_values_t *vs)
{
    return vs->live;
}

/* Characters [off, off+n) of the value into out; returns how many. */
uint64_t scr_value_chars(const entry_t *e, uint64_t off, uint64_t n, char *out)
{
    uint64_t at = 0, done = 0;
    for (uint32_t i = 0; i < e->npieces && done < n; i++) {
        const piece_t *pc = &e->pieces[i];
        if (off >= at + pc->len) {
            at += pc->len;
            continue;
        }
        uint64_t from = off > at ? off - at : 0;
        uint64_t take = pc->len - from;
        if (take > n - done)
            take = n - done;
        if (pc->kind == PIECE_REPEAT) {
            for (uint64_t j = 0; j < take; j++)
                out[done + j] = pc->pat[(from + j) % pc->plen];
        } else {
            scr_value_random_chars(pc, from, take, out + done);
        }
        done += take;
        off = at + pc->len;
        at += pc->len;
    }
    return done;
}

size_t scr_value_text(const scr_values_t *vs, scr_val_t v, char *out, size_t n)
{
    size_t k = 0;
    if (n == 0)
        return 0;
    scr_value_info_t in = scr_value_info(vs, v);
    int ucs2 = scr_value_ucs2(&in);
    uint8_t buf[512];
    for (uint64_t off = 0; off < in.bytes && k + 1 < n;) {
        size_t got = scr_value_read(vs, v, off, buf, sizeof buf);
        if (got == 0)
            break;
        for (size_t i = ucs2 ? 1 : 0; i < got && k + 1 < n; i += ucs2 ? 2 : 1)
            out[k++] = (char)buf[i];
        off += got;
    }
    out[k] = '\0';
    return k;
}

size_t scr_value_read(const scr_values_t *vs, scr_val_t v, uint64_t off, uint8_t *buf, size_t n)
{
    if (v == SCR_VAL_NULL)
        return 0;
    const entry_t *e = &vs->ents[v];
    int ucs2 = e->type != SCR_T_BLOB && vs->opts.charset == SCR_CHARSET_AL32UTF8;
    if (!ucs2)
        return (size_t)scr_value_chars(e, off, n, (char *)buf);
    /* UCS-2 big-endian: byte 2k is 0, byte 2k+1 character k. */
    size_t done = 0;
    char tmp[512];
    while (done < n) {
        uint64_t b = off + done;
        uint64_t c0 = b / 2;
        uint64_t want = (n - done + 1 + (b & 1)) / 2;
        if (want > sizeof tmp)
            want = sizeof tmp;
        uint64_t got = scr_value_chars(e, c0, want, tmp);
        if (got == 0)
            break;
        for (uint64_t k = 0; k < got; k++)
            for (int half = 0; half < 2; half++) {
                uint64_t pos = 2 * (c0 + k) + (uint64_t)half;
                if (pos < b || done >= n)
                    continue;
                buf[done++] = half ? (uint8_t)tmp[k] : 0;
            }
    }
    return done;
}

/* One entry: pieces non-empty, lengths and hashes agreeing with the
 * characters they stand for. */
sim_err_t scr_value_entry_check(const scr_values_t *vs, scr_val_t v)
{
    if (v == SCR_VAL_NULL)
        return SIM_OK;
    if (v >= vs->nents || vs->ents[v].refs == 0)
        return SIM_ECORRUPT;
    const entry_t *e = &vs->ents[v];
    uint64_t len = 0, h = 0;
    for (uint32_t j = 0; j < e->npieces; j++) {
        const piece_t *pc = &e->pieces[j];
        uint64_t ph = pc->kind == PIECE_REPEAT ? repeat_hash(pc->pat, pc->plen, pc->len)
                                               : scr_value_random_chars(pc, 0, pc->len, NULL);
        if (ph != pc->h || pc->len == 0)
            return SIM_ECORRUPT;
        len += pc->len;
        h = add61(mul61(h, pow_b(pc->len)), ph);
    }
    return len == e->len && finish(h, len) == e->hash ? SIM_OK : SIM_ECORRUPT;
}

sim_err_t scr_values_check(const scr_values_t *vs)
{
    for (int k = 0; k < 63; k++)
        if (pow_base[k + 1] != mul61(pow_base[k], pow_base[k]))
            return SIM_ECORRUPT;
    if (pow_base[0] != BASE || mul61(INV_BASE_M1, BASE - 1) != 1)
        return SIM_ECORRUPT;
    uint32_t live = 0;
    for (uint32_t i = 1; i < vs->nents; i++) {
        if (!vs->ents[i].refs)
            continue;
        live++;
        if (scr_value_entry_check(vs, i) != SIM_OK)
            return SIM_ECORRUPT;
    }
    return live == vs->live ? SIM_OK : SIM_ECORRUPT;
}
