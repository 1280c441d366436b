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

static void eval_all(const scr_script_t *s, const scr_stmt_t *st, scr_values_t *vs)
{
    if (st->kind == SCR_BLOCK) {
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
        scr_row_t row = {r, r, current, NULL, NULL};
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
