/*
 * value_int.h -- the value store's parts that the evaluator (eval.c)
 * builds with: a value's pieces, a value under construction, the store's
 * entries and the memo of constant expressions (value.c keeps them).
 */
#ifndef LOBSIM_VALUE_INT_H
#define LOBSIM_VALUE_INT_H

#include "script_int.h"

/* The memo: an open-addressed table of MEMO_SLOTS by the expression's
 * address, at most MEMO_MAX entries (half full at most). */
#define MEMO_SLOTS 8192u
#define MEMO_MAX 4096u

enum { PIECE_REPEAT, PIECE_RANDOM };

typedef struct {
    uint8_t kind;
    char alpha;      /* RANDOM: the option letter, upper-cased */
    uint32_t plen;   /* REPEAT: pattern length, >= 1 */
    uint64_t len;    /* characters */
    uint64_t h;      /* polynomial hash of the piece's characters */
    uint64_t seed;   /* RANDOM */
    const char *pat; /* REPEAT: the pattern (owned by the value or the builder) */
} piece_t;

typedef struct {
    piece_t *v;
    uint32_t n, cap;
    uint64_t len;
    scr_type_t type;
    int null;
    char **tmp; /* buffers the builder owns */
    uint32_t ntmp, captmp;
    int oom;
} builder_t;

typedef struct {
    uint64_t hash; /* finish()ed */
    uint64_t len;
    scr_type_t type;
    uint32_t refs; /* 0: free slot */
    uint32_t npieces;
    piece_t *pieces; /* one allocation with the patterns after the pieces */
    uint32_t next;   /* hash chain, or free list */
} entry_t;

typedef struct {
    const scr_expr_t *e;
    scr_val_t v;
} memo_t;

struct scr_values {
    scr_options_t opts;
    entry_t *ents; /* ents[0] unused: SCR_VAL_NULL */
    uint32_t nents, capents, freelist, live;
    uint32_t *buckets;
    uint32_t nbuckets;
    memo_t *memo; /* MEMO_SLOTS slots, NULL until the first constant */
    uint32_t nmemo;
    sim_prng_t rng;
    /* each sequence's state this run (eval.c, SCR_E_SEQ), by its id */
    struct scr_seqstate {
        int64_t next, last;
        uint8_t started, used;
    } * seq;
    uint32_t nseq;
    /* the substitution variables queries set (SCR_E_QDEF), by id: NULL unset */
    char **qdef;
    uint32_t nqdef;
};

/* value.c: a builder's buffers freed, a buffer of n bytes it owns, a piece
 * appended, a pattern repeated to len characters appended, the value cut
 * to n characters; the builder's value interned (*out a new reference);
 * n characters of an entry from off into out (how many); a random piece's
 * characters from `from`; an entry's self-check. */
void scr_vb_free(builder_t *b);
char *scr_vb_tmp(builder_t *b, size_t n);
void scr_vb_push(builder_t *b, const piece_t *pc);
void scr_vb_repeat(builder_t *b, const char *pat, uint32_t plen, uint64_t len);
void scr_vb_truncate(builder_t *b, uint64_t n);
sim_err_t scr_values_intern(scr_values_t *vs, const builder_t *b, scr_val_t *out);
uint64_t scr_value_chars(const entry_t *e, uint64_t off, uint64_t n, char *out);
uint64_t scr_value_random_chars(const piece_t *pc, uint64_t from, uint64_t n, char *out);
sim_err_t scr_value_entry_check(const scr_values_t *vs, scr_val_t v);

#endif
