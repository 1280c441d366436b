/*
 * fuzz_life.c -- the LOB-life model on the scripts the parser accepts:
 * life_run() (one session), then life_sessions_run() in 1 to 3 sessions
 * with a snapshot every 10 ms of model time, twice.
 *
 * Checked: each returns SIM_OK or SIM_EINVAL, a refusal being one line
 * "input.sql:LINE: ORA-NNNNN: ..." with LINE within the input (or, for
 * sessions, a marker naming a session the run lacks); a sessions run gives the same figures bit
 * for bit when run again (the same script, the same interleaving); the
 * sessions' figures add up to the system's, and the snapshots' deltas to
 * the run's, every counter of life_ses_figures_t (all uint64_t: summed as
 * words, the end time excepted); the snapshots end in order, the last with
 * the run.
 *
 * Scripts whose work would take the model seconds (many rows, a LOB
 * doubled again and again, long sleeps cut into 10 ms snapshots) are left
 * out before the run: the model is not a parser, its cost grows with what
 * the script asks for, and a fuzzer needs many inputs a second.
 */
#include <stddef.h>
#include <stdio.h>

#include "fuzz_util.h"
#include "life_sim.h"
#include "script.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define NAME "input.sql"
#define MAX_STMTS 64
#define MAX_ROWS 512            /* of a table, by the script's inserts */
#define MAX_SELF_UPDATES 2      /* updates that concatenate a LOB with itself */
#define MAX_LOB_BYTES (1 << 20) /* a value, as evaluated for the first rows */
#define MAX_SLEEP_S 10.0
#define SNAP_NS 10000000ull /* 10 ms */

typedef struct {
    uint32_t stmts, self_updates;
    uint64_t rows[64];
    double sleep_s;
    int too_much;
} budget_t;

static int refers_to_column(const scr_expr_t *e)
{
    if (e == NULL)
        return 0;
    if (e->kind == SCR_E_COLUMN)
        return 1;
    for (uint32_t i = 0; i < e->nargs && i < 3; i++)
        if (refers_to_column(e->args[i]))
            return 1;
    return 0;
}

/* Whether a LOB value of the statement, for its first rows, is too long. */
static int value_too_long(const scr_stmt_t *st, scr_values_t *vs)
{
    const scr_expr_t *e = st->u.dml.values[st->column];
    if (e == NULL)
        return 0;
    scr_val_t current = SCR_VAL_NULL;
    int too_long = 0;
    for (int64_t r = 1; r <= 3 && !too_long; r++) {
        scr_row_t row = {r, r, current, NULL, NULL, NULL, NULL, 0};
        scr_val_t v;
        char err[SCR_ERR_LEN] = "";
        if (scr_eval(vs, e, &row, &v, err, sizeof err) != SIM_OK)
            break;
        too_long = scr_value_info(vs, v).bytes > MAX_LOB_BYTES;
        scr_value_release(vs, current);
        current = v;
    }
    scr_value_release(vs, current);
    return too_long;
}

static void weigh(const scr_stmt_t *st, scr_values_t *vs, budget_t *b);

/* A block's statements weighed as often as its for loops of literal
 * bounds run them; a loop whose count is not known before it runs (while,
 * loop, a cursor, bounds of variables) is too much to run here. */
static void weigh_block(const scr_block_t *bl, scr_values_t *vs, budget_t *b)
{
    for (uint32_t i = 0; i < bl->nops && !b->too_much; i++) {
        const scr_pl_op_t *op = &bl->ops[i];
        if ((op->kind == SCR_PL_JUMP && op->target <= i) || op->kind == SCR_PL_FETCH) {
            b->too_much = 1;
            return;
        }
        if (op->kind != SCR_PL_STMT)
            continue;
        uint64_t times = 1;
        for (uint32_t k = 0; k < i; k++) {
            const scr_pl_op_t *f = &bl->ops[k];
            if (f->kind != SCR_PL_FOR || f->target <= i)
                continue;
            if (f->x->kind != SCR_E_NUMBER || f->y->kind != SCR_E_NUMBER) {
                b->too_much = 1;
                return;
            }
            uint64_t n = f->y->num >= f->x->num ? (uint64_t)(f->y->num - f->x->num) + 1 : 0;
            times = n > MAX_ROWS || times * n > MAX_ROWS ? MAX_ROWS + 1 : times * n;
        }
        for (uint64_t t = 0; t < times && !b->too_much; t++)
            weigh(&bl->stmts[op->a], vs, b);
    }
}

static void weigh(const scr_stmt_t *st, scr_values_t *vs, budget_t *b)
{
    if (++b->stmts > MAX_STMTS) {
        b->too_much = 1;
        return;
    }
    if (st->kind == SCR_BLOCK) {
        weigh_block(&st->u.block, vs, b);
        return;
    }
    if (st->kind == SCR_SLEEP)
        b->sleep_s += st->u.sleep_seconds;
    /* create table ... as select: as many rows as its source */
    if (st->kind == SCR_CREATE_TABLE && st->u.dml.values && st->table >= 0 &&
        (size_t)st->table < sizeof b->rows / sizeof b->rows[0] &&
        (size_t)st->u.dml.from < sizeof b->rows / sizeof b->rows[0])
        b->rows[st->table] = b->rows[st->u.dml.from];
    if (st->kind != SCR_INSERT && st->kind != SCR_UPDATE)
        return;
    if (st->table >= 0 && (size_t)st->table < sizeof b->rows / sizeof b->rows[0]) {
        uint64_t *n = &b->rows[st->table];
        if (st->kind == SCR_INSERT) {
            const scr_dml_t *d = &st->u.dml;
            if (d->source == SCR_SRC_SELF)
                *n *= 2;
            else if (d->source == SCR_SRC_TABLE)
                *n += (size_t)d->from < sizeof b->rows / sizeof b->rows[0] ? b->rows[d->from]
                                                                           : MAX_ROWS + 1;
            else if (d->source == SCR_SRC_VALUES)
                *n += 1;
            else
                *n += d->count;
            if (*n > MAX_ROWS)
                b->too_much = 1;
        }
    } else if (st->table >= 0) {
        b->too_much = 1;
    }
    if (st->column < 0)
        return;
    if (st->kind == SCR_UPDATE && refers_to_column(st->u.dml.values[st->column]) &&
        ++b->self_updates > MAX_SELF_UPDATES)
        b->too_much = 1;
    if (value_too_long(st, vs))
        b->too_much = 1;
}

static int within_budget(const scr_script_t *s)
{
    scr_values_t *vs;
    FUZZ_CHECK(scr_values_create(&s->opts, &vs) == SIM_OK, "values");
    budget_t b;
    memset(&b, 0, sizeof b);
    for (uint32_t i = 0; i < s->nstmts && !b.too_much; i++)
        weigh(&s->stmts[i], vs, &b);
    scr_values_destroy(vs);
    return !b.too_much && b.sleep_s <= MAX_SLEEP_S;
}

static uint32_t lines_in(const uint8_t *data, size_t size)
{
    uint32_t n = 1;
    for (size_t i = 0; i < size; i++)
        n += data[i] == '\n';
    return n;
}

/* A refusal: one line naming the script's line; an error Oracle would
 * raise (ORA-) unless it is the run's own (a session marker the run cannot
 * follow: a session it does not have, or before a statement all share; a
 * wait for a row lock whose transaction the script never ends). */
static void check_refusal(const char *msg, uint32_t nlines, int oracle)
{
    unsigned line = 0;
    FUZZ_CHECK(sscanf(msg, NAME ":%u:", &line) == 1, "message names no line: '%s'", msg);
    FUZZ_CHECK(line >= 1 && line <= nlines, "line %u of %u", line, nlines);
    FUZZ_CHECK(!oracle || strstr(msg, ": ORA-") != NULL, "not Oracle's error: '%s'", msg);
    FUZZ_CHECK(strchr(msg, '\n') == NULL, "two lines: '%s'", msg);
}

static int on_step(void *arg, const life_step_t *st)
{
    (void)st;
    ++*(uint64_t *)arg;
    return 0;
}

/* The figures as words: every field of life_ses_figures_t is a uint64_t. */
#define WORDS (sizeof(life_ses_figures_t) / sizeof(uint64_t))
#define END_WORD (offsetof(life_ses_figures_t, end_ns) / sizeof(uint64_t))

static const uint64_t *words(const life_ses_figures_t *f)
{
    return (const uint64_t *)(const void *)f;
}

static void check_sum(const life_ses_figures_t *parts, size_t stride, uint32_t n,
                      const life_ses_figures_t *whole, const char *what)
{
    for (size_t w = 0; w < WORDS; w++) {
        if (w == END_WORD)
            continue;
        uint64_t sum = 0;
        for (uint32_t i = 0; i < n; i++)
            sum += words(
                (const life_ses_figures_t *)(const void *)((const char *)parts + i * stride))[w];
        size_t st = offsetof(life_ses_figures_t, st) / sizeof(uint64_t);
        FUZZ_CHECK(sum == words(whole)[w], "%s: %s (word %zu) adds up to %llu, not %llu", what,
                   w >= st ? sim_stat_info((sim_stat_t)(w - st))->name : "a wait or a count", w,
                   (unsigned long long)sum, (unsigned long long)words(whole)[w]);
    }
}

static void check_sessions(const life_ses_result_t *r, uint32_t n)
{
    FUZZ_CHECK(r->n == n, "%u sessions of %u", r->n, n);
    check_sum(r->s, sizeof r->s[0], r->n, &r->sys, "sessions");
    if (r->nsnaps == 0)
        return;
    check_sum(&r->snaps[0].sys, sizeof r->snaps[0], r->nsnaps, &r->sys, "snapshots");
    for (uint32_t i = 0; i < r->nsnaps; i++) {
        uint64_t end = r->snaps[i].end_ns;
        if (i + 1 < r->nsnaps)
            FUZZ_CHECK(end == (i + 1) * SNAP_NS, "snapshot %u ends at %llu", i + 1,
                       (unsigned long long)end);
        else
            FUZZ_CHECK(end == r->sys.end_ns, "the last snapshot ends at %llu, the run at %llu",
                       (unsigned long long)end, (unsigned long long)r->sys.end_ns);
    }
}

static void check_same(const life_ses_result_t *a, const life_ses_result_t *b)
{
    FUZZ_CHECK(a->n == b->n && a->nsnaps == b->nsnaps && a->events == b->events,
               "a second run differs: %u/%u snapshots, %llu/%llu events", a->nsnaps, b->nsnaps,
               (unsigned long long)a->events, (unsigned long long)b->events);
    FUZZ_CHECK(memcmp(&a->sys, &b->sys, sizeof a->sys) == 0, "a second run's figures differ");
    for (uint32_t i = 0; i < a->n; i++)
        FUZZ_CHECK(memcmp(&a->s[i], &b->s[i], sizeof a->s[i]) == 0,
                   "session %u differs the second time", i + 1);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size == 0)
        return 0;
    /* The first byte: how many sessions (1 to 3); the rest is the script. */
    uint32_t n = 1 + data[0] % 3;
    data++;
    size--;
    scr_options_t o;
    scr_options_defaults(&o);
    scr_script_t *s = NULL;
    char err[SCR_ERR_LEN] = "";
    if (scr_parse(NAME, (const char *)data, size, &o, &s, err, sizeof err) != SIM_OK)
        return 0;
    if (!within_budget(s)) {
        scr_free(s);
        return 0;
    }
    uint32_t nlines = lines_in(data, size);
    life_params_t p;
    life_params_defaults(&p);

    char msg1[512] = "", msg2[512] = "", msg3[512] = "";
    uint64_t steps = 0;
    sim_err_t one = life_run(s, &p, on_step, &steps, msg1, sizeof msg1);
    FUZZ_CHECK(one == SIM_OK || one == SIM_EINVAL, "life_run rc %d", one);
    if (one != SIM_OK)
        check_refusal(msg1, nlines, 1);

    life_ses_result_t a, b;
    sim_err_t ra = life_sessions_run(s, &p, n, SNAP_NS, &a, msg2, sizeof msg2);
    sim_err_t rb = life_sessions_run(s, &p, n, SNAP_NS, &b, msg3, sizeof msg3);
    FUZZ_CHECK(ra == SIM_OK || ra == SIM_EINVAL, "life_sessions_run rc %d", ra);
    FUZZ_CHECK(ra == rb && strcmp(msg2, msg3) == 0, "a second run: rc %d '%s', then %d '%s'", ra,
               msg2, rb, msg3);
    if (ra == SIM_OK) {
        check_sessions(&a, n);
        check_same(&a, &b);
    } else {
        check_refusal(msg2, nlines,
                      !strstr(msg2, "given to session") && !strstr(msg2, "lobsim session") &&
                          !strstr(msg2, "waits for ever"));
    }
    life_ses_result_free(&a);
    life_ses_result_free(&b);
    scr_free(s);
    return 0;
}
