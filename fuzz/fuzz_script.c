/*
 * fuzz_script.c -- the script parser, scr_parse(), on the raw input as a
 * script's bytes (any bytes: NULs, long lines, no final newline), then the
 * value of every LOB expression it accepted evaluated for three rows.
 *
 * Checked: SIM_OK or SIM_EINVAL; a refusal returns no script and says one
 * line "input.sql:LINE: ..." with LINE within the input; an accepted
 * script numbers its steps 1, 2, ... with lines in order and within the
 * input, names only tables created by an earlier step, and keeps each
 * statement's text; every value evaluates or is refused with one line
 * "LINE: ORA-...", its stored bytes read back to its length, and the value
 * store passes scr_values_check() and holds nothing once all is released.
 */
#include <stdio.h>

#include "fuzz_util.h"
#include "script.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define NAME "input.sql"

static uint32_t lines_in(const uint8_t *data, size_t size)
{
    uint32_t n = 1;
    for (size_t i = 0; i < size; i++)
        n += data[i] == '\n';
    return n;
}

/* A compiled block: it ends in END, every jump and handler lands on an
 * operation, every register, cursor and statement named exists; each
 * condition evaluates with its registers null to true, false, unknown, or
 * a one-line error. */
static void check_block(const scr_block_t *b, scr_values_t *vs)
{
    FUZZ_CHECK(b->nops > 0 && b->ops[b->nops - 1].kind == SCR_PL_END, "no END");
    static int64_t nums[1 << 12];
    static uint8_t nulls[1 << 12];
    static scr_val_t vals[1 << 12];
    memset(nulls, 1, sizeof nulls);
    for (uint32_t i = 0; i < b->nops; i++) {
        const scr_pl_op_t *op = &b->ops[i];
        FUZZ_CHECK(op->handler < b->nops, "handler %u of %u", op->handler, b->nops);
        switch (op->kind) {
        case SCR_PL_JUMP:
        case SCR_PL_UNLESS:
        case SCR_PL_FOR:
        case SCR_PL_NEXT:
        case SCR_PL_FETCH:
            FUZZ_CHECK(op->target <= b->nops, "target %u of %u", op->target, b->nops);
            break;
        default:
            break;
        }
        if (op->kind == SCR_PL_STMT)
            FUZZ_CHECK(op->a < b->nstmts, "statement %u of %u", op->a, b->nstmts);
        if (op->kind == SCR_PL_SET)
            FUZZ_CHECK(op->a < b->nvals, "value register %u of %u", op->a, b->nvals);
        if (op->kind == SCR_PL_NUM || op->kind == SCR_PL_FOR || op->kind == SCR_PL_NEXT)
            FUZZ_CHECK(op->a < b->nnums, "number register %u of %u", op->a, b->nnums);
        if (op->kind == SCR_PL_OPEN || op->kind == SCR_PL_FETCH)
            FUZZ_CHECK(op->b < b->ncursors, "cursor %u of %u", op->b, b->ncursors);
        if (op->kind == SCR_PL_UNLESS && b->nnums <= (1u << 12) && b->nvals <= (1u << 12)) {
            scr_row_t row = {1, 1, SCR_VAL_NULL, vals, NULL, nums, nulls, 0};
            char err[SCR_ERR_LEN] = "";
            int r = scr_pred_eval(vs, op->cond, &row, err, sizeof err);
            FUZZ_CHECK(r >= -2 && r <= 1, "condition %d", r);
            if (r == -2)
                FUZZ_CHECK(strstr(err, ": ORA-") && !strchr(err, '\n'), "condition message '%s'",
                           err);
        }
    }
}

static void eval_all(const scr_script_t *s, const scr_stmt_t *st, scr_values_t *vs)
{
    if (st->kind == SCR_BLOCK) {
        check_block(&st->u.block, vs);
        for (uint32_t i = 0; i < st->u.block.nstmts; i++)
            eval_all(s, &st->u.block.stmts[i], vs);
        return;
    }
    if ((st->kind != SCR_INSERT && st->kind != SCR_UPDATE) || st->column < 0)
        return;
    const scr_expr_t *e = st->u.dml.values[st->column];
    if (!e)
        return;
    scr_val_t current = SCR_VAL_NULL;
    for (int64_t r = 1; r <= 3; r++) {
        scr_row_t row = {r, r, current, NULL, NULL, NULL, NULL, 0};
        scr_val_t v;
        char err[SCR_ERR_LEN] = "";
        sim_err_t rc = scr_eval(vs, e, &row, &v, err, sizeof err);
        FUZZ_CHECK(rc == SIM_OK || rc == SIM_EINVAL, "eval rc %d", rc);
        if (rc != SIM_OK) {
            FUZZ_CHECK(strstr(err, ": ORA-") && !strchr(err, '\n'), "eval message '%s'", err);
            continue;
        }
        scr_value_info_t in = scr_value_info(vs, v);
        if (in.bytes <= 1 << 16) {
            static uint8_t buf[1 << 16];
            FUZZ_CHECK(scr_value_read(vs, v, 0, buf, sizeof buf) == in.bytes, "read of %llu",
                       (unsigned long long)in.bytes);
        }
        FUZZ_CHECK(in.bytes == in.chars || in.bytes == 2 * in.chars, "bytes %llu of %llu chars",
                   (unsigned long long)in.bytes, (unsigned long long)in.chars);
        scr_value_release(vs, current);
        current = v;
    }
    scr_value_release(vs, current);
    (void)s;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    scr_options_t o;
    scr_options_defaults(&o);
    /* An input ending in a NUL (rare in a script) runs under AL32UTF8 and
     * MAX_STRING_SIZE EXTENDED, so both limits are fuzzed. */
    if (size > 0 && data[size - 1] == 0 && size > 1 && data[size - 2] == 0) {
        o.charset = SCR_CHARSET_AL32UTF8;
        o.max_string_extended = 1;
        size -= 2;
    }
    char *text = malloc(size ? size : 1);
    if (!text)
        abort();
    memcpy(text, data, size);
    scr_script_t *s = NULL;
    char err[SCR_ERR_LEN] = "";
    sim_err_t rc = scr_parse(NAME, text, size, &o, &s, err, sizeof err);
    FUZZ_CHECK(rc == SIM_OK || rc == SIM_EINVAL, "rc %d", rc);
    uint32_t nlines = lines_in(data, size);
    if (rc != SIM_OK) {
        unsigned line = 0;
        FUZZ_CHECK(s == NULL, "a refused script returned");
        FUZZ_CHECK(sscanf(err, NAME ":%u:", &line) == 1, "message names no line: '%s'", err);
        FUZZ_CHECK(line >= 1 && line <= nlines, "line %u of %u", line, nlines);
        FUZZ_CHECK(!strchr(err, '\n'), "two lines: '%s'", err);
        free(text);
        return 0;
    }
    free(text); /* the script keeps copies of what it needs */
    FUZZ_CHECK(s->nstmts >= 1, "an accepted script without statements");
    scr_values_t *vs;
    FUZZ_CHECK(scr_values_create(&s->opts, &vs) == SIM_OK, "values");
    for (uint32_t i = 0; i < s->nstmts; i++) {
        const scr_stmt_t *st = &s->stmts[i];
        FUZZ_CHECK(st->step == i + 1, "step %u at %u", st->step, i);
        FUZZ_CHECK(st->line >= 1 && st->line <= nlines, "line %u of %u", st->line, nlines);
        FUZZ_CHECK(i == 0 || st->line >= s->stmts[i - 1].line, "lines out of order");
        FUZZ_CHECK(st->text && st->text[0], "statement %u without text", i + 1);
        if (st->table >= 0) {
            FUZZ_CHECK((uint32_t)st->table < s->ntables, "table %d", st->table);
            FUZZ_CHECK(s->tables[st->table].created <= st->step, "table used before its create");
            FUZZ_CHECK(s->tables[st->table].dropped == 0 ||
                           s->tables[st->table].dropped >= st->step,
                       "table used after its drop");
        }
        eval_all(s, st, vs);
    }
    FUZZ_CHECK(scr_values_check(vs) == SIM_OK, "values check");
    scr_values_destroy(vs);
    scr_free(s);
    return 0;
}
