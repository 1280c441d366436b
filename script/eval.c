/*
 * eval.c -- an expression's value (scr_eval()) and a NUMBER expression's
 * (scr_eval_int()): built as pieces (value_int.h) and interned by the
 * store (value.c); a constant one built once and memoised.
 */
#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "value_int.h"

/* ---- evaluation ---------------------------------------------------------- */

typedef struct {
    scr_values_t *vs;
    const scr_row_t *row;
    char *err;
    size_t errlen;
} ctx_t;

static int fail(ctx_t *c, uint32_t line, const char *msg, uint64_t len, uint32_t cap)
{
    if (c->err && c->errlen)
        snprintf(c->err, c->errlen, "%u: %s (%llu bytes, at most %u)", line, msg,
                 (unsigned long long)len, cap);
    return -1;
}

static uint32_t cap_of(const scr_values_t *vs, const scr_expr_t *e)
{
    return e->plsql ? SCR_PLSQL_VARCHAR_MAX : scr_sql_varchar_max(&vs->opts);
}

/* A NUMBER variable's value: the digits its initialiser's value holds
 * (number_text()'s); 1 when null or not a whole number. */
static int var_int(const scr_values_t *vs, const scr_row_t *row, uint32_t var, int64_t *out)
{
    scr_val_t v = row && row->vars ? row->vars[var] : SCR_VAL_NULL;
    if (v == SCR_VAL_NULL || vs == NULL || vs->ents[v].len == 0 || vs->ents[v].len > 20)
        return 1;
    char buf[24];
    uint64_t n = scr_value_chars(&vs->ents[v], 0, vs->ents[v].len, buf);
    uint64_t i = buf[0] == '-';
    if (i == n)
        return 1;
    uint64_t u = 0;
    for (uint64_t k = i; k < n; k++) {
        if (buf[k] < '0' || buf[k] > '9' || u > (UINT64_MAX - 9) / 10)
            return 1;
        u = u * 10 + (uint64_t)(buf[k] - '0');
    }
    *out = i ? -(int64_t)u : (int64_t)u;
    return 0;
}

/* A number expression's value; 1 when null. */
static int numfn(scr_values_t *vs, const scr_expr_t *e, const scr_row_t *row, int64_t *out);
static int sequence(scr_values_t *vs, const scr_expr_t *e, int64_t *out);

/* The value a column or variable reference e names in row: null without
 * a row, or for a kind that names none. */
static scr_val_t ref_value(const scr_expr_t *e, const scr_row_t *row)
{
    if (row && e->kind == SCR_E_COLUMN)
        return row->cols ? row->cols[e->var] : row->current;
    if (row && row->vars && e->kind == SCR_E_VAR)
        return row->vars[e->var];
    return SCR_VAL_NULL;
}

static int eval_int(scr_values_t *vs, const scr_expr_t *e, const scr_row_t *row, int64_t *out)
{
    int64_t a, b;
    switch (e->kind) {
    case SCR_E_VAR:
        return var_int(vs, row, e->var, out);
    case SCR_E_NUM:
        if (row == NULL || row->nums == NULL || (row->nulls && row->nulls[e->var]))
            return 1;
        *out = row->nums[e->var];
        return 0;
    case SCR_E_NUMBER:
        *out = e->num;
        return 0;
    case SCR_E_LENGTH: {
        /* DBMS_LOB.GETLENGTH: characters of a CLOB, bytes of a BLOB; null
         * for a null LOB (the parser allows a column or a variable only) */
        scr_val_t v = ref_value(e->args[0], row);
        if (v == SCR_VAL_NULL)
            return 1;
        *out = (int64_t)vs->ents[v].len;
        return 0;
    }
    case SCR_E_ROWNUM:
        *out = row ? row->rownum : 0;
        return 0;
    case SCR_E_CLOCK:
        *out = row ? row->clock_cs : 0;
        return 0;
    case SCR_E_SEQ:
        return sequence(vs, e, out);
    case SCR_E_ID:
        *out = row ? row->id : 0;
        return 0;
    case SCR_E_MOD:
        if (eval_int(vs, e->args[0], row, &a) || eval_int(vs, e->args[1], row, &b))
            return 1;
        /* Oracle's MOD: the dividend's sign, mod(m, 0) = m */
        *out = b == 0 ? a : b == -1 ? 0 : a % b;
        return 0;
    case SCR_E_NUMFN:
        return numfn(vs, e, row, out);
    case SCR_E_ADD:
    case SCR_E_SUB:
    case SCR_E_MUL:
        if (eval_int(vs, e->args[0], row, &a) || eval_int(vs, e->args[1], row, &b))
            return 1;
        /* wrap-around is defined on unsigned: a script's ids stay far below */
        *out = (int64_t)(e->kind == SCR_E_ADD   ? (uint64_t)a + (uint64_t)b
                         : e->kind == SCR_E_SUB ? (uint64_t)a - (uint64_t)b
                                                : (uint64_t)a * (uint64_t)b);
        return 0;
    default:
        return 1;
    }
}

/* a / b rounded as a rounding function rounds it: 1 when null or b is 0
 * (ORA-01476 is not raised: a number expression has no error to give). */
static int divide(scr_values_t *vs, const scr_expr_t *d, const scr_row_t *row, scr_numfn_t how,
                  int64_t *out)
{
    /* a / b / c ... is a / (b * c * ...): one exact quotient (past int64: null) */
    int64_t a, b = 1, k;
    const scr_expr_t *n = d;
    for (; n->kind == SCR_E_DIV; n = n->args[0])
        if (eval_int(vs, n->args[1], row, &k) || __builtin_mul_overflow(b, k, &b))
            return 1;
    if (eval_int(vs, n, row, &a) || b == 0 || (a == INT64_MIN && b == -1))
        return 1;
    int64_t q = a / b, r = a % b; /* C truncates toward zero, as TRUNC does */
    int neg = (r < 0) != (b < 0); /* the quotient's fraction is negative */
    if (r != 0) {
        if (how == SCR_NF_FLOOR && neg)
            q--;
        else if (how == SCR_NF_CEIL && !neg)
            q++;
        else if (how == SCR_NF_ROUND) {
            /* half away from zero: |r| * 2 >= |b| */
            uint64_t ur = r < 0 ? (uint64_t)0 - (uint64_t)r : (uint64_t)r;
            uint64_t ub = b < 0 ? (uint64_t)0 - (uint64_t)b : (uint64_t)b;
            if (ur * 2 >= ub)
                q += neg ? -1 : 1;
        }
    }
    *out = q;
    return 0;
}

/* S.NEXTVAL: the sequence's next value (its START WITH the first time),
 * one INCREMENT BY on; S.CURRVAL: the last one taken, null before one. */
static int sequence(scr_values_t *vs, const scr_expr_t *e, int64_t *out)
{
    if (e->var >= vs->nseq) {
        struct scr_seqstate *g = sim_realloc(vs->seq, (e->var + 1) * sizeof *g);
        if (g == NULL)
            return 1;
        memset(g + vs->nseq, 0, (e->var + 1 - vs->nseq) * sizeof *g);
        vs->seq = g;
        vs->nseq = e->var + 1;
    }
    struct scr_seqstate *q = &vs->seq[e->var];
    if (e->raw) {
        *out = q->last;
        return !q->used;
    }
    if (!q->started) {
        q->next = e->num;
        q->started = 1;
    }
    q->last = q->next;
    q->used = 1;
    q->next += e->args[0]->num;
    *out = q->last;
    return 0;
}

/* dbms_random.value(lo, hi) (PL/SQL Packages and Types Reference,
 * DBMS_RANDOM.VALUE: lo <= x < hi; without bounds 0 <= x < 1) from the
 * run's seeded generator, rounded as the rounding function around it
 * rounds; 1 when a bound is null. */
static int random_whole(scr_values_t *vs, const scr_expr_t *r, const scr_row_t *row,
                        scr_numfn_t how, int64_t *out)
{
    int64_t lo = 0, hi = 1;
    if (r->nargs == 2 && (eval_int(vs, r->args[0], row, &lo) || eval_int(vs, r->args[1], row, &hi)))
        return 1;
    double u = (double)(sim_prng_next(&vs->rng) >> 11) * (1.0 / 9007199254740992.0);
    double x = (double)lo + u * ((double)hi - (double)lo);
    double w = how == SCR_NF_CEIL    ? ceil(x)
               : how == SCR_NF_FLOOR ? floor(x)
                                     : scr_round_whole(x, how == SCR_NF_ROUND);
    *out = (int64_t)w;
    return 0;
}

/* A number function (SQL Language Reference, "Numeric Functions", NVL)
 * over whole numbers; 1 when null. */
static int numfn(scr_values_t *vs, const scr_expr_t *e, const scr_row_t *row, int64_t *out)
{
    scr_numfn_t f = (scr_numfn_t)e->num;
    int64_t a, b = 0;
    if (SCR_NF_ROUNDING(f) && e->args[0]->kind == SCR_E_DIV)
        return divide(vs, e->args[0], row, f, out);
    if (SCR_NF_ROUNDING(f) && e->args[0]->kind == SCR_E_NUMFN && e->args[0]->num == SCR_NF_RANDOM)
        return random_whole(vs, e->args[0], row, f, out);
    if (f == SCR_NF_NVL) {
        if (eval_int(vs, e->args[0], row, out) == 0)
            return 0;
        return eval_int(vs, e->args[1], row, out);
    }
    if (eval_int(vs, e->args[0], row, &a) ||
        (e->nargs > 1 && e->args[1] && eval_int(vs, e->args[1], row, &b)))
        return 1;
    switch (f) {
    case SCR_NF_ABS:
        *out = a < 0 ? (int64_t)((uint64_t)0 - (uint64_t)a) : a;
        return 0;
    case SCR_NF_SIGN:
        *out = (a > 0) - (a < 0);
        return 0;
    case SCR_NF_POWER: {
        /* a whole power of a whole number; past int64 (or a negative
         * exponent, a fraction): null */
        if (b < 0)
            return a == 1 || a == -1 ? (*out = (b % 2 && a < 0) ? -1 : 1, 0) : 1;
        int64_t r = 1;
        for (int64_t k = 0; k < b; k++) {
            if (a != 0 && (r > INT64_MAX / (a < 0 ? -a : a) || a == INT64_MIN))
                return 1;
            r *= a;
        }
        *out = r;
        return 0;
    }
    case SCR_NF_GREATEST:
        *out = e->nargs > 1 && b > a ? b : a;
        return 0;
    case SCR_NF_LEAST:
        *out = e->nargs > 1 && b < a ? b : a;
        return 0;
    case SCR_NF_TRUNC:
    case SCR_NF_ROUND: {
        /* to b decimal places: a whole number keeps itself for b >= 0 and
         * loses its last -b digits (rounded, for ROUND) for b < 0 */
        if (e->nargs < 2 || b >= 0)
            break;
        if (b < -18) {
            *out = 0;
            return 0;
        }
        int64_t m = 1;
        for (int64_t k = 0; k < -b; k++)
            m *= 10;
        scr_expr_t num = {0}, den = {0}, d = {0};
        num.kind = den.kind = SCR_E_NUMBER;
        num.num = a;
        den.num = m;
        d.kind = SCR_E_DIV;
        d.args[0] = &num;
        d.args[1] = &den;
        if (divide(vs, &d, row, f, out))
            return 1;
        *out *= m;
        return 0;
    }
    default:
        break;
    }
    *out = a; /* FLOOR, CEIL, TRUNC, ROUND of a whole number: itself */
    return 0;
}

int scr_eval_int(scr_values_t *vs, const scr_expr_t *e, const scr_row_t *row, int64_t *out)
{
    if (e->type != SCR_T_NUMBER)
        return -1;
    return eval_int(vs, e, row, out);
}

static void copy_value(ctx_t *c, builder_t *b, scr_val_t v)
{
    if (v == SCR_VAL_NULL)
        return;
    const entry_t *en = &c->vs->ents[v];
    for (uint32_t i = 0; i < en->npieces; i++)
        scr_vb_push(b, &en->pieces[i]);
}

/* Give b the temporaries of t (the patterns t's pieces point into). */
static void adopt(builder_t *b, builder_t *t)
{
    for (uint32_t i = 0; i < t->ntmp; i++) {
        if (b->ntmp == b->captmp) {
            uint32_t cap = b->captmp ? b->captmp * 2 : 4;
            char **v = sim_realloc(b->tmp, cap * sizeof *v);
            if (!v) {
                b->oom = 1;
                return; /* t keeps the rest and frees them */
            }
            b->tmp = v;
            b->captmp = cap;
        }
        b->tmp[b->ntmp++] = t->tmp[i];
        t->tmp[i] = NULL;
    }
}

/* Characters [off, off + n) of t appended to b (t's temporaries adopted):
 * a repeat piece cut inside its pattern starts with the pattern turned
 * round; a random piece cut after its start is written out. */
static void b_slice(builder_t *b, builder_t *t, uint64_t off, uint64_t n)
{
    uint64_t at = 0;
    for (uint32_t i = 0; i < t->n && n > 0 && !b->oom; i++) {
        const piece_t *pc = &t->v[i];
        if (off >= at + pc->len) {
            at += pc->len;
            continue;
        }
        uint64_t from = off - at, take = pc->len - from;
        if (take > n)
            take = n;
        if (pc->kind == PIECE_REPEAT) {
            uint32_t turn = (uint32_t)(from % pc->plen);
            const char *pat = pc->pat;
            if (turn) {
                char *r = scr_vb_tmp(b, pc->plen);
                if (!r)
                    return;
                for (uint32_t j = 0; j < pc->plen; j++)
                    r[j] = pc->pat[(turn + j) % pc->plen];
                pat = r;
            }
            scr_vb_repeat(b, pat, pc->plen, take);
        } else if (from == 0) {
            piece_t cut = *pc;
            cut.len = take;
            cut.h = scr_value_random_chars(&cut, 0, take, NULL);
            scr_vb_push(b, &cut);
        } else {
            char *r = scr_vb_tmp(b, take);
            if (!r)
                return;
            scr_value_random_chars(pc, from, take, r);
            scr_vb_repeat(b, r, (uint32_t)(take > UINT32_MAX ? UINT32_MAX : take), take);
        }
        off = at + pc->len;
        at += pc->len;
        n -= take;
    }
    adopt(b, t);
}

/* t's bytes as RAWTOHEX writes them, two upper-case hex digits a byte
 * (SQL Language Reference, RAWTOHEX), appended to b. */
static void b_hex(builder_t *b, builder_t *t)
{
    static const char hex[] = "0123456789ABCDEF";
    for (uint32_t i = 0; i < t->n && !b->oom; i++) {
        const piece_t *pc = &t->v[i];
        uint64_t plen = pc->kind == PIECE_REPEAT ? pc->plen : pc->len;
        const char *src = pc->pat;
        if (pc->kind != PIECE_REPEAT) {
            char *r = scr_vb_tmp(b, plen);
            if (!r)
                return;
            scr_value_random_chars(pc, 0, plen, r);
            src = r;
        }
        char *h = 2 * plen > UINT32_MAX ? NULL : scr_vb_tmp(b, 2 * plen);
        if (!h) {
            b->oom = 1;
            return;
        }
        for (uint64_t j = 0; j < plen; j++) {
            h[2 * j] = hex[(unsigned char)src[j] >> 4];
            h[2 * j + 1] = hex[(unsigned char)src[j] & 15];
        }
        scr_vb_repeat(b, h, (uint32_t)(2 * plen), 2 * pc->len);
    }
    adopt(b, t);
}

static int build(ctx_t *c, const scr_expr_t *e, builder_t *b, int *isnull);

/* dbms_lob.substr(lob, amount, offset) (PL/SQL Packages and Types
 * Reference, DBMS_LOB.SUBSTR): null when an argument is null, amount < 1
 * or > 32,767, offset < 1 or past the end; a slice of the LOB calls
 * (num 1) has no cap and is empty, not null, when nothing is left. */
static int substr(ctx_t *c, const scr_expr_t *e, builder_t *b, int *isnull)
{
    int64_t n, off;
    int slice = e->num == 1;
    builder_t t = {0};
    int anull = 0;
    if (build(c, e->args[0], &t, &anull) != 0) {
        scr_vb_free(&t);
        return -1;
    }
    int bad = eval_int(c->vs, e->args[1], c->row, &n) || eval_int(c->vs, e->args[2], c->row, &off);
    if (anull || bad || (!slice && (n < 1 || n > 32767 || off < 1 || (uint64_t)off > t.len))) {
        scr_vb_free(&t);
        *isnull = anull || bad || !slice;
        return 0;
    }
    if (n > 0 && off >= 1 && (uint64_t)off <= t.len)
        b_slice(b, &t, (uint64_t)off - 1, (uint64_t)n);
    scr_vb_free(&t);
    return b->oom ? -1 : 0;
}

/* The characters of a (short) expression materialised, for a pad. */
static int materialise(ctx_t *c, const scr_expr_t *e, builder_t *owner, const char **s, uint64_t *n,
                       int *isnull)
{
    builder_t t = {0};
    if (build(c, e, &t, isnull) != 0) {
        scr_vb_free(&t);
        return -1;
    }
    *n = t.len;
    char *buf = scr_vb_tmp(owner, t.len);
    if (!buf) {
        scr_vb_free(&t);
        return -1;
    }
    entry_t whole = {0};
    whole.pieces = t.v;
    whole.npieces = t.n;
    scr_value_chars(&whole, 0, t.len, buf);
    scr_vb_free(&t);
    *s = buf;
    return 0;
}

/* rpad, lpad (SQL Language Reference, RPAD and LPAD): expr1 cut to n, or
 * padded to n with expr2 (a blank when not given); null when n < 1. */
static int pad(ctx_t *c, const scr_expr_t *e, builder_t *b, int *isnull)
{
    int64_t n;
    if (eval_int(c->vs, e->args[1], c->row, &n) || n <= 0) {
        *isnull = 1;
        return 0;
    }
    uint64_t len = (uint64_t)n;
    if (e->type != SCR_T_CLOB && len > cap_of(c->vs, e))
        len = cap_of(c->vs, e);
    builder_t a = {0};
    int anull = 0, pnull = 0;
    if (build(c, e->args[0], &a, &anull) != 0) {
        scr_vb_free(&a);
        return -1;
    }
    const char *ps = " ";
    uint64_t pn = 1;
    if (!anull && e->nargs == 3 && materialise(c, e->args[2], b, &ps, &pn, &pnull) != 0) {
        scr_vb_free(&a);
        return -1;
    }
    if (anull || pnull || pn == 0) {
        scr_vb_free(&a);
        *isnull = 1;
        return 0;
    }
    if (pn > UINT32_MAX)
        pn = UINT32_MAX;
    if (a.len >= len) {
        scr_vb_truncate(&a, len);
        for (uint32_t i = 0; i < a.n; i++)
            scr_vb_push(b, &a.v[i]);
    } else if (e->kind == SCR_E_RPAD) {
        for (uint32_t i = 0; i < a.n; i++)
            scr_vb_push(b, &a.v[i]);
        scr_vb_repeat(b, ps, (uint32_t)pn, len - a.len);
    } else {
        scr_vb_repeat(b, ps, (uint32_t)pn, len - a.len);
        for (uint32_t i = 0; i < a.n; i++)
            scr_vb_push(b, &a.v[i]);
    }
    adopt(b, &a);
    scr_vb_free(&a);
    return b->oom ? -1 : 0;
}

/* The characters of s[0..n) as a value of their own, the buffer b's. */
static void push_text(builder_t *b, const char *s, uint64_t n)
{
    if (n > 0)
        scr_vb_repeat(b, s, (uint32_t)(n > UINT32_MAX ? UINT32_MAX : n), n);
}

/* A character function (SQL Language Reference, "Character Functions
 * Returning Character Values", NVL) of its arguments' text: null as
 * Oracle gives it (an empty result is null, as '' is). */
static int strfn(ctx_t *c, const scr_expr_t *e, builder_t *b, int *isnull)
{
    scr_strfn_t f = (scr_strfn_t)e->num;
    int anull = 0;
    if (f == SCR_SF_NVL) {
        builder_t t = {0};
        if (build(c, e->args[0], &t, &anull) != 0) {
            scr_vb_free(&t);
            return -1;
        }
        if (anull) { /* an empty CLOB is not null: NVL keeps it */
            scr_vb_free(&t);
            return build(c, e->args[1], b, isnull);
        }
        for (uint32_t i = 0; i < t.n; i++)
            scr_vb_push(b, &t.v[i]);
        adopt(b, &t);
        scr_vb_free(&t);
        return b->oom ? -1 : 0;
    }
    if (f == SCR_SF_TO_CHAR) {
        int64_t n;
        if (eval_int(c->vs, e->args[0], c->row, &n)) {
            *isnull = 1;
            return 0;
        }
        char *s = scr_vb_tmp(b, 128);
        if (s == NULL)
            return -1;
        push_text(b, s, scr_numfmt(n, e->str, s, 128));
        return b->oom ? -1 : 0;
    }
    if (f == SCR_SF_CHR) {
        int64_t n;
        if (eval_int(c->vs, e->args[0], c->row, &n) || n < 0 || n > 255) {
            *isnull = 1;
            return 0;
        }
        char ch = (char)n;
        char *s = scr_vb_tmp(b, 1);
        if (s == NULL)
            return -1;
        *s = ch;
        push_text(b, s, 1);
        return b->oom ? -1 : 0;
    }
    if (f == SCR_SF_SUBSTR) {
        /* SUBSTR(s, position[, length]): position 0 is 1, a negative one
         * counts from the end; a length below 1 gives null */
        builder_t t = {0};
        int64_t pos, len = INT64_MAX;
        if (build(c, e->args[0], &t, &anull) != 0) {
            scr_vb_free(&t);
            return -1;
        }
        int bad = eval_int(c->vs, e->args[1], c->row, &pos) ||
                  (e->nargs > 2 && eval_int(c->vs, e->args[2], c->row, &len));
        if (pos < 0)
            pos = (int64_t)t.len + pos + 1;
        else if (pos == 0)
            pos = 1;
        if (anull || bad || len < 1 || pos < 1 || (uint64_t)pos > t.len) {
            scr_vb_free(&t);
            *isnull = 1;
            return 0;
        }
        b_slice(b, &t, (uint64_t)pos - 1, (uint64_t)len);
        scr_vb_free(&t);
        return b->oom ? -1 : 0;
    }
    const char *s;
    uint64_t n;
    if (materialise(c, e->args[0], b, &s, &n, &anull) != 0)
        return -1;
    if (anull || n == 0) {
        *isnull = 1;
        return 0;
    }
    char *out = scr_vb_tmp(b, n);
    if (out == NULL)
        return -1;
    uint64_t m = 0;
    switch (f) {
    case SCR_SF_UPPER:
    case SCR_SF_LOWER:
        for (uint64_t k = 0; k < n; k++)
            out[k] = (char)(f == SCR_SF_UPPER ? toupper((unsigned char)s[k])
                                              : tolower((unsigned char)s[k]));
        m = n;
        break;
    case SCR_SF_TRIM:
    case SCR_SF_LTRIM:
    case SCR_SF_RTRIM: {
        uint64_t from = 0, to = n;
        while (f != SCR_SF_RTRIM && from < to && s[from] == ' ')
            from++;
        while (f != SCR_SF_LTRIM && to > from && s[to - 1] == ' ')
            to--;
        m = to - from;
        memcpy(out, s + from, m);
        break;
    }
    case SCR_SF_REPLACE: {
        /* every `from` replaced by `to` (none when not given); a null or
         * empty `from` leaves the text */
        const char *fs = "", *ts = "";
        uint64_t fn = 0, tn = 0;
        int fnull = 0, tnull = 0;
        if (materialise(c, e->args[1], b, &fs, &fn, &fnull) != 0 ||
            (e->nargs > 2 && materialise(c, e->args[2], b, &ts, &tn, &tnull) != 0))
            return -1;
        if (fnull || fn == 0) {
            memcpy(out, s, n);
            m = n;
            break;
        }
        /* the result can grow: count first */
        uint64_t hits = 0;
        for (uint64_t k = 0; k + fn <= n;)
            if (memcmp(s + k, fs, fn) == 0) {
                hits++;
                k += fn;
            } else {
                k++;
            }
        uint64_t total = n - hits * fn + hits * (tnull ? 0 : tn);
        if (total > n && (out = scr_vb_tmp(b, total)) == NULL)
            return -1;
        for (uint64_t k = 0; k < n;) {
            if (k + fn <= n && memcmp(s + k, fs, fn) == 0) {
                if (!tnull)
                    memcpy(out + m, ts, tn), m += tn;
                k += fn;
            } else {
                out[m++] = s[k++];
            }
        }
        if (e->type != SCR_T_CLOB && m > cap_of(c->vs, e))
            return fail(c, e->line, "ORA-01489: result of string concatenation is too long", m,
                        cap_of(c->vs, e));
        break;
    }
    default:
        break;
    }
    if (m == 0) {
        *isnull = 1;
        return 0;
    }
    push_text(b, out, m);
    return b->oom ? -1 : 0;
}

static void number_text(builder_t *b, int64_t v)
{
    char *s = scr_vb_tmp(b, 24);
    if (!s)
        return;
    int n = snprintf(s, 24, "%lld", (long long)v);
    scr_vb_repeat(b, s, (uint32_t)n, (uint64_t)n);
}

/* Append e's characters to b; *isnull set when e is null. */
static int build(ctx_t *c, const scr_expr_t *e, builder_t *b, int *isnull)
{
    int64_t n;
    *isnull = 0;
    switch (e->kind) {
    case SCR_E_NULL:
        *isnull = 1;
        return 0;
    case SCR_E_EMPTY_LOB:
        return 0;
    case SCR_E_STRING:
        scr_vb_repeat(b, e->str, e->len, e->len);
        break;
    case SCR_E_NUMBER:
    case SCR_E_ROWNUM:
    case SCR_E_ID:
    case SCR_E_ADD:
    case SCR_E_SUB:
    case SCR_E_MUL:
    case SCR_E_MOD:
    case SCR_E_NUM:
    case SCR_E_NUMFN:
    case SCR_E_DIV:
    case SCR_E_CLOCK:
    case SCR_E_SEQ:
        if (eval_int(c->vs, e, c->row, &n))
            *isnull = 1;
        else
            number_text(b, n);
        break;
    case SCR_E_COLUMN:
    case SCR_E_VAR: {
        scr_val_t v = ref_value(e, c->row);
        copy_value(c, b, v);
        *isnull = v == SCR_VAL_NULL;
        break;
    }
    case SCR_E_RPAD:
    case SCR_E_LPAD:
        return pad(c, e, b, isnull);
    case SCR_E_STRFN:
        return strfn(c, e, b, isnull);
    case SCR_E_QDEF: {
        /* the value its query last set, else the reference as written */
        const char *v = e->var < c->vs->nqdef && c->vs->qdef[e->var] ? c->vs->qdef[e->var] : e->str;
        size_t vn = strlen(v);
        char *s = scr_vb_tmp(b, vn ? vn : 1);
        if (s == NULL)
            return -1;
        memcpy(s, v, vn);
        push_text(b, s, vn);
        *isnull = vn == 0;
        break;
    }
    case SCR_E_RANDOM: {
        if (eval_int(c->vs, e->args[1], c->row, &n) || n <= 0) {
            *isnull = 1;
            break;
        }
        uint64_t len = (uint64_t)n;
        if (len > cap_of(c->vs, e))
            len = cap_of(c->vs, e);
        piece_t pc = {0};
        pc.kind = PIECE_RANDOM;
        char o = e->args[0]->str[0];
        pc.alpha = (char)(o >= 'a' && o <= 'z' ? o - 32 : o);
        pc.seed = sim_prng_next(&c->vs->rng);
        pc.len = len;
        pc.h = scr_value_random_chars(&pc, 0, len, NULL);
        scr_vb_push(b, &pc);
        break;
    }
    case SCR_E_TO_CLOB:
    case SCR_E_TO_RAW:
        return build(c, e->args[0], b, isnull);
    case SCR_E_RAWTOHEX: {
        builder_t t = {0};
        int r = build(c, e->args[0], &t, isnull);
        if (r == 0)
            b_hex(b, &t);
        scr_vb_free(&t);
        return r != 0 || b->oom ? -1 : 0;
    }
    case SCR_E_SUBSTR:
        return substr(c, e, b, isnull);
    case SCR_E_LENGTH:
        if (eval_int(c->vs, e, c->row, &n))
            *isnull = 1;
        else
            number_text(b, n);
        break;
    case SCR_E_CONCAT: {
        int lnull, rnull;
        uint64_t before = b->len;
        if (build(c, e->args[0], b, &lnull) != 0 || build(c, e->args[1], b, &rnull) != 0)
            return -1;
        /* null || x is x: null only when both are (SQL Language Reference,
         * "Concatenation Operator") */
        *isnull = lnull && rnull;
        if (e->type == SCR_T_VARCHAR && b->len - before > cap_of(c->vs, e))
            return fail(c, e->line,
                        e->plsql ? "ORA-06502: PL/SQL: numeric or value error: character string "
                                   "buffer too small"
                                 : "ORA-01489: result of string concatenation is too long",
                        b->len - before, cap_of(c->vs, e));
        break;
    }
    default:
        return -1;
    }
    return b->oom ? -1 : 0;
}

/* The memo: an open-addressed table of MEMO_SLOTS by the expression's
 * address, at most MEMO_MAX entries (half full at most), so that a script
 * of many statements finds each constant in constant time. */

static uint32_t memo_slot(const scr_expr_t *e)
{
    uint64_t h = (uint64_t)(uintptr_t)e * 0x9e3779b97f4a7c15ULL;
    return (uint32_t)(h >> 51) & (MEMO_SLOTS - 1);
}

/* The memoised constant of e, or NULL. */
static memo_t *memo_find(scr_values_t *vs, const scr_expr_t *e)
{
    if (vs->memo == NULL)
        return NULL;
    for (uint32_t k = memo_slot(e);; k = (k + 1) & (MEMO_SLOTS - 1)) {
        if (vs->memo[k].e == e)
            return &vs->memo[k];
        if (vs->memo[k].e == NULL)
            return NULL;
    }
}

sim_err_t scr_eval(scr_values_t *vs, const scr_expr_t *e, const scr_row_t *row, scr_val_t *out,
                   char *err, size_t errlen)
{
    if (!e->row_dependent) {
        memo_t *m = memo_find(vs, e);
        if (m) {
            scr_value_ref(vs, m->v);
            *out = m->v;
            return SIM_OK;
        }
    }
    scr_type_t type = e->type == SCR_T_NUMBER ? SCR_T_VARCHAR : e->type;
    if (e->kind == SCR_E_COLUMN || e->kind == SCR_E_VAR) {
        /* A reference to a value of its own type is that value: building
         * it again would intern the same pieces to the same entry. */
        scr_val_t v = ref_value(e, row);
        if (v != SCR_VAL_NULL && type != SCR_T_NULL && vs->ents[v].type == type) {
            scr_value_ref(vs, v);
            *out = v;
            return SIM_OK;
        }
    }
    ctx_t c = {vs, row, err, errlen};
    builder_t b = {0};
    b.type = type;
    int isnull = 0;
    if (build(&c, e, &b, &isnull) != 0) {
        int oom = b.oom;
        scr_vb_free(&b);
        if (oom) {
            if (err && errlen)
                snprintf(err, errlen, "%u: out of memory", e->line);
            return SIM_ENOMEM;
        }
        return SIM_EINVAL;
    }
    b.null = isnull || e->type == SCR_T_NULL;
    scr_val_t v;
    sim_err_t rc = scr_values_intern(vs, &b, &v);
    scr_vb_free(&b);
    if (rc != SIM_OK) {
        if (err && errlen)
            snprintf(err, errlen, "%u: out of memory", e->line);
        return rc;
    }
    SIM_DEBUG_CHECK(scr_value_entry_check(vs, v));
    if (!e->row_dependent && vs->nmemo < MEMO_MAX) {
        if (vs->memo == NULL)
            vs->memo = sim_calloc(MEMO_SLOTS, sizeof *vs->memo);
        if (vs->memo) {
            uint32_t k = memo_slot(e);
            while (vs->memo[k].e != NULL)
                k = (k + 1) & (MEMO_SLOTS - 1);
            vs->memo[k].e = e;
            vs->memo[k].v = v;
            vs->nmemo++;
            scr_value_ref(vs, v);
        }
    }
    *out = v;
    return SIM_OK;
}
