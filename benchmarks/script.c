/*
 * script.c -- lobbench --script=FILE.sql: a LOB segment's life run from the
 * user's own script (life_sim.h), step by step: the table of steps on the
 * terminal, --explain's parts, --stats-out's rows with their step and
 * statement, and the run recorded in the results store.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "benchmarks.h"
#include "life_sim.h"
#include "sessions.h"

/* What the run kept of each step and table. */
typedef struct {
    life_step_t *v;
    size_t n, cap;
    char **text;   /* each entry's statement, one line */
    char **error;  /* each entry's Oracle error, or NULL (life_step_t's is the call's only) */
    char **output; /* each entry's printed lines (a query's result set, dbms_output's
                    * lines), or NULL (likewise) */
    char **layout; /* --layout: each LOB segment entry's extents (bench_layout_text()) */
    int want_layout;
    int oom;
} steps_t;

/* The statement on one line: white space folded, cut at `max` bytes with
 * "..." when longer. */
static char *one_line(const char *s, size_t max)
{
    size_t len = strlen(s);
    char *out = malloc((len < max ? len : max) + 4);
    if (out == NULL)
        return NULL;
    size_t n = 0;
    int space = 0;
    for (const char *p = s; *p && n < max; p++) {
        unsigned char c = (unsigned char)*p;
        if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
            space = n > 0;
            continue;
        }
        if (space && n < max)
            out[n++] = ' ';
        space = 0;
        if (n < max)
            out[n++] = c < 32 ? '?' : (char)c;
    }
    out[n] = '\0';
    if (n >= max && strlen(s) > max)
        memcpy(out + n, "...", 4);
    return out;
}

static int keep_step(void *arg, const life_step_t *st)
{
    steps_t *s = arg;
    if (s->n == s->cap) {
        size_t cap = s->cap ? s->cap * 2 : 64;
        life_step_t *v = realloc(s->v, cap * sizeof *v);
        char **t = v ? realloc(s->text, cap * sizeof *t) : NULL;
        if (v)
            s->v = v;
        if (t)
            s->text = t;
        char **e = t ? realloc(s->error, cap * sizeof *e) : NULL;
        if (e)
            s->error = e;
        char **o = e ? realloc(s->output, cap * sizeof *o) : NULL;
        if (o)
            s->output = o;
        char **l = o ? realloc(s->layout, cap * sizeof *l) : NULL;
        if (l == NULL) {
            s->oom = 1;
            return 1;
        }
        s->layout = l;
        s->cap = cap;
    }
    s->text[s->n] = one_line(st->stmt->text, 400);
    s->error[s->n] = st->error ? strdup(st->error) : NULL;
    /* a step of several tables prints its output once, under its first */
    int again = s->n > 0 && s->v[s->n - 1].step == st->step;
    s->output[s->n] = st->output && !again ? strdup(st->output) : NULL;
    int layout = s->want_layout && st->space && st->column;
    s->layout[s->n] = layout ? bench_layout_text(st->space) : NULL;
    if (s->text[s->n] == NULL || (st->error && s->error[s->n] == NULL) ||
        (st->output && !again && s->output[s->n] == NULL) || (layout && s->layout[s->n] == NULL)) {
        free(s->text[s->n]);
        free(s->error[s->n]);
        free(s->output[s->n]);
        free(s->layout[s->n]);
        s->oom = 1;
        return 1;
    }
    s->v[s->n] = *st;
    s->v[s->n].error = s->error[s->n];
    s->v[s->n].output = s->output[s->n];
    s->v[s->n].space = NULL; /* the segment's, valid during the call only */
    s->n++;
    return 0;
}

static void steps_free(steps_t *s)
{
    for (size_t i = 0; i < s->n; i++) {
        free(s->text[i]);
        free(s->error[i]);
        free(s->output[i]);
        free(s->layout[i]);
    }
    free(s->text);
    free(s->error);
    free(s->output);
    free(s->layout);
    free(s->v);
}

/* ---- the table on the terminal ----------------------------------------- */

static const struct {
    sim_stat_t st;
    const char *head;
} columns[] = {
    {SIM_STAT_DSU_SEGMENT_BLOCKS, "segment"}, {SIM_STAT_DSU_USED_BLOCKS, "used"},
    {SIM_STAT_DSU_EXPIRED_BLOCKS, "expired"}, {SIM_STAT_DSU_UNEXPIRED_BLOCKS, "unexpired"},
    {SIM_STAT_SEG_LOB_EXTENTS, "extents"},    {SIM_STAT_LOB_LIVE, "lobs"},
    {SIM_STAT_LOB_CHUNKS, "chunks"},          {SIM_STAT_FREE_CHUNKS, "free ch."},
    {SIM_STAT_REDO_SIZE, "redo size"},
};
#define NCOLUMNS (sizeof columns / sizeof columns[0])

/* Text under a step, each line indented as the step's error is (a blank
 * line stays blank). */
static void bench_print_output(FILE *f, const char *text)
{
    for (const char *p = text; *p;) {
        const char *e = strchr(p, '\n');
        size_t n = e ? (size_t)(e - p) : strlen(p);
        if (n)
            fprintf(f, "%6s%.*s\n", "", (int)n, p);
        else
            fputc('\n', f);
        p += n + (e != NULL);
    }
}

/* Under --explain: what a statement without effect is, and the clauses a
 * statement names that the model accepts without effect. */
static void explain_clauses(FILE *f, const scr_stmt_t *st)
{
    if (st->kind == SCR_NO_EFFECT)
        fprintf(f, "%6sno effect on LOB space: %s (script/README.md, statement heads)\n", "",
                st->u.head->what);
    if (st->inert)
        fprintf(f, "%6saccepted, no effect in the model: %s\n", "", st->inert);
}

/* Whether a row of the step shows a LOB segment (the table's columns
 * show LOB segments only: a table segment's figures are in --explain's
 * neighbours, the CSV and the store). */
static int lob_row(const life_step_t *st)
{
    return st->table && st->column;
}

static void explain_row(FILE *f, const life_step_t *st)
{
    for (size_t k = 0; k < bench_order_len; k++) {
        sim_stat_t stat = bench_order[k];
        if (st->total.v[stat] == 0)
            continue;
        fprintf(f, "%6s%-40s %12llu =", "", sim_stat_info(stat)->name,
                (unsigned long long)st->total.v[stat]);
        int first = 1;
        for (int p = 0; p < LIFE_PART_COUNT; p++)
            if (st->part[p].v[stat]) {
                fprintf(f, "%s %s %llu", first ? "" : " +", life_part_name((life_part_t)p),
                        (unsigned long long)st->part[p].v[stat]);
                first = 0;
            }
        fputc('\n', f);
    }
}

/* A step's lines: one per LOB segment (or one without a segment when the
 * step has none), the session's redo size on the first alone -- it is the
 * session's, not a segment's. */
static void print_step(FILE *f, const steps_t *s, size_t from, size_t to, int explain)
{
    const life_step_t *ses = &s->v[from];
    char stmt[35];
    /* a statement without effect on LOB space says so in its line */
    int inert = ses->stmt->kind == SCR_NO_EFFECT;
    snprintf(stmt, sizeof stmt, "%s%s", inert ? "(no effect) " : "", s->text[from]);
    if (strlen(s->text[from]) + (inert ? 12 : 0) > 34)
        memcpy(stmt + 31, "...", 4);
    int lines = 0;
    for (size_t i = from; i <= to; i++) {
        const life_step_t *st = &s->v[i];
        int last = i == to && lines == 0;
        if (!lob_row(st) && !last)
            continue;
        if (lines == 0)
            fprintf(f, "%4u  %-34s ", ses->step, stmt);
        else
            fprintf(f, "%4s  %-34s ", "", "");
        fprintf(f, "%-25.25s", lob_row(st) ? st->segment : "");
        for (size_t c = 0; c < NCOLUMNS; c++) {
            if (columns[c].st == SIM_STAT_REDO_SIZE) {
                /* the last column: nothing after the step's first line */
                if (lines == 0)
                    fprintf(f, " %9llu", (unsigned long long)ses->total.v[columns[c].st]);
            } else if (lob_row(st))
                fprintf(f, " %9llu", (unsigned long long)st->total.v[columns[c].st]);
            else
                fprintf(f, " %9s", "");
        }
        fputc('\n', f);
        if (lines == 0) {
            /* Oracle's error, under its step as SQL*Plus prints it; what
             * the statement printed: a query's result set, a block's
             * dbms_output lines (SET SERVEROUTPUT ON) */
            if (ses->error)
                fprintf(f, "%6s%s\n", "", ses->error);
            if (ses->hint)
                fprintf(f, "%6s(%s)\n", "", ses->hint);
            if (ses->output)
                bench_print_output(f, ses->output);
            if (explain)
                explain_clauses(f, ses->stmt);
        }
        if (explain && lines == 0)
            explain_row(f, ses);
        if (explain && lob_row(st))
            explain_row(f, st);
        if (s->layout[i])
            fputs(s->layout[i], f);
        lines++;
    }
}

static void print_table(FILE *f, const char *file, const steps_t *s, int explain)
{
    fprintf(f, "\nScript %s: each LOB segment after each step, in blocks; the step's redo size\n",
            file);
    fprintf(f, "%4s  %-34s %-25s", "step", "statement", "lob segment");
    for (size_t c = 0; c < NCOLUMNS; c++)
        fprintf(f, " %9s", columns[c].head);
    fputc('\n', f);
    /* Each step's rows: the session's first (life_report()), then its
     * segments. */
    for (size_t i = 0; i < s->n;) {
        size_t j = i;
        while (j + 1 < s->n && s->v[j + 1].table != NULL)
            j++;
        print_step(f, s, i, j, explain);
        i = j + 1;
    }
}

/* ---- --stats-out --------------------------------------------------------- */

typedef struct {
    const steps_t *s;
} csv_arg_t;

static void csv_text(FILE *f, const char *t)
{
    fputc('"', f);
    for (; *t; t++) {
        if (*t == '"')
            fputc('"', f);
        fputc(*t, f);
    }
    fputc('"', f);
}

static unsigned block_kb(const life_step_t *st);

static sim_err_t write_steps(FILE *f, void *arg)
{
    const steps_t *s = ((const csv_arg_t *)arg)->s;
    fprintf(f, "workload,path,lob_kchars,block_kb,rows,statistic,value,recursive,step,statement,"
               "table,segment\n");
    for (size_t i = 0; i < s->n; i++) {
        const life_step_t *st = &s->v[i];
        for (size_t k = 0; k < bench_order_len; k++) {
            sim_stat_t stat = bench_order[k];
            fprintf(f, "script,,,%u,,\"%s\",%llu,,%u,", block_kb(st), sim_stat_info(stat)->name,
                    (unsigned long long)st->total.v[stat], st->step);
            csv_text(f, s->text[i]);
            /* The session's row: no table, no segment. */
            fputc(',', f);
            if (st->table)
                csv_text(f, st->table);
            fputc(',', f);
            if (st->table)
                csv_text(f, st->segment);
            fputc('\n', f);
        }
    }
    return SIM_OK;
}

static unsigned block_kb(const life_step_t *st)
{
    uint64_t blocks = st->total.v[SIM_STAT_SEG_LOB_BLOCKS];
    return blocks ? (unsigned)(st->total.v[SIM_STAT_SEG_LOB_BYTES] / blocks / 1024) : 0;
}

/* ---- the run ------------------------------------------------------------- */

/* The steps as the store records them (the recording call is lobbench's:
 * this library does not link the store). */
static int record_steps(const bench_opts_t *o, const steps_t *s, bench_steps_fn record, void *arg,
                        char *err, size_t errlen)
{
    bench_step_t *v = calloc(s->n ? s->n : 1, sizeof *v);
    if (v == NULL) {
        snprintf(err, errlen, "%s: out of memory", o->script);
        return 1;
    }
    size_t segments = 0;
    for (size_t i = 0; i < s->n; i++) {
        const life_step_t *st = &s->v[i];
        v[i] = (bench_step_t){
            st->step, s->text[i], st->table, st->table ? st->segment : NULL, block_kb(st) * 1024u,
            st->total};
        segments += st->table != NULL;
    }
    int rc = segments ? record(arg, o, v, s->n) : 0;
    free(v);
    /* A script whose statements touch no table (only commit, sleep, a
     * query) has no segment to record: said, so that a user does not look
     * for a run that is not there. */
    if (!segments)
        fprintf(stderr, "lobbench: %s: no statement made or used a table: nothing recorded\n",
                o->script);
    if (rc != 0)
        snprintf(err, errlen, "%s: not recorded", o->script);
    return rc;
}

/* A stated input the command line changes: said on stderr, once. */
static void say_override(const char *script, const char *opt, const char *given, const char *stated)
{
    fprintf(stderr, "lobbench: %s=%s overrides %s's '-- lobsim input: %s'\n", opt, given, script,
            stated);
}

/*
 * The run's inputs: the defaults, then what the script states for itself
 * (`-- lobsim input:` lines, scr_read_inputs(): the one reader of them),
 * then what the command line gave, which wins; an input the command line
 * changes from the stated value is said on stderr.  Which inputs the
 * script states is read by reading them over two different starts: a
 * stated one comes out the same from both.
 */
static int script_inputs(const bench_opts_t *o, const char *text, size_t len, scr_options_t *so,
                         char *err, size_t errlen)
{
    scr_options_t other;
    scr_options_defaults(so);
    scr_options_defaults(&other);
    other.charset =
        so->charset == SCR_CHARSET_AL32UTF8 ? SCR_CHARSET_SINGLE_BYTE : SCR_CHARSET_AL32UTF8;
    other.max_string_extended = !so->max_string_extended;
    other.securefile_default = !so->securefile_default;
    other.block_size = so->block_size == 2048 ? 4096 : 2048;
    char msg[SCR_ERR_LEN];
    if (scr_read_inputs(o->script, text, len, so, msg, sizeof msg) != SIM_OK ||
        scr_read_inputs(o->script, text, len, &other, msg, sizeof msg) != SIM_OK) {
        snprintf(err, errlen, "%s", msg);
        return 2;
    }
    so->seed = o->seed;
    so->defines = o->defines;
    so->ndefines = (uint32_t)o->ndefines;
    if (o->charset_given) {
        scr_charset_t cs = o->charset_al32utf8 ? SCR_CHARSET_AL32UTF8 : SCR_CHARSET_SINGLE_BYTE;
        if (other.charset == so->charset && cs != so->charset)
            say_override(o->script, "--charset", o->charset_al32utf8 ? "al32utf8" : "single",
                         so->charset == SCR_CHARSET_AL32UTF8 ? "charset=AL32UTF8"
                                                             : "charset=single-byte");
        so->charset = cs;
    }
    if (o->max_string_given) {
        if (other.max_string_extended == so->max_string_extended &&
            o->max_string_extended != so->max_string_extended)
            say_override(
                o->script, "--max-string-size", o->max_string_extended ? "extended" : "standard",
                so->max_string_extended ? "max_string_size=EXTENDED" : "max_string_size=STANDARD");
        so->max_string_extended = o->max_string_extended;
    }
    if (o->securefile_given) {
        if (other.securefile_default == so->securefile_default &&
            o->basicfile_default == so->securefile_default)
            say_override(
                o->script, "--db-securefile", o->basicfile_default ? "permitted" : "preferred",
                so->securefile_default ? "db_securefile=PREFERRED" : "db_securefile=PERMITTED");
        so->securefile_default = !o->basicfile_default;
    }
    if (o->block_size_given) {
        if (other.block_size == so->block_size && o->block_sizes[0] != so->block_size) {
            char given[16], stated[32];
            snprintf(given, sizeof given, "%u", o->block_sizes[0]);
            snprintf(stated, sizeof stated, "block_size=%u", so->block_size);
            say_override(o->script, "--block-size", given, stated);
        }
        so->block_size = o->block_sizes[0];
    }
    return 0;
}

/* The script read and parsed under its inputs (*so): 0, 1 out of memory,
 * 2 with one line in err. */
static int parse_script(const bench_opts_t *o, scr_options_t *so, scr_script_t **s, char *err,
                        size_t errlen)
{
    char *text;
    size_t len;
    char msg[SCR_ERR_LEN + 64];
    sim_err_t rc = scr_read_file(o->script, &text, &len, msg, sizeof msg);
    if (rc == SIM_OK) {
        if (script_inputs(o, text, len, so, err, errlen) != 0) {
            sim_free(text);
            return 2;
        }
        rc = scr_parse_after_setup(o->setup, o->script, text, len, so, s, msg, sizeof msg);
        sim_free(text);
    }
    if (rc != SIM_OK) {
        snprintf(err, errlen, "%s", rc == SIM_ENOMEM ? "out of memory" : msg);
        return rc == SIM_ENOMEM ? 1 : 2;
    }
    return 0;
}

int bench_script_run(const bench_opts_t *o, bench_steps_fn record,
                     bench_sessions_fn record_sessions, void *arg, char *err, size_t errlen)
{
    scr_options_t so;
    scr_script_t *s;
    int status = parse_script(o, &so, &s, err, errlen);
    if (status != 0)
        return status;
    life_params_t p;
    life_params_defaults(&p);
    p.seg.block_size = so.block_size;
    char msg[SCR_ERR_LEN + 64];
    for (size_t i = 0; i < o->nparams && status == 0; i++)
        if (life_set_param(&p, o->params[i].name, o->params[i].value) != 0) {
            snprintf(err, errlen, "--param=%s: not a parameter of scripts (see --list-params)",
                     o->params[i].name);
            status = 2;
        }
    if (status == 0 && life_params_check(&p, msg, sizeof msg) != SIM_OK) {
        snprintf(err, errlen, "--param: %s", msg);
        status = 2;
    }
    if (status != 0 || o->nsessions) {
        if (status == 0)
            status = bench_sessions_run(stdout, o, s, &p, record_sessions, arg, err, errlen);
        scr_free(s);
        return status;
    }
    steps_t steps = {0};
    steps.want_layout = o->layout;
    int exit_status = -1;
    sim_err_t rc = life_run_status(s, &p, keep_step, &steps, msg, sizeof msg, &exit_status);
    if (steps.oom || rc == SIM_ENOMEM) {
        snprintf(err, errlen, "%s: out of memory", o->script);
        status = 1;
    } else if (rc != SIM_OK) {
        /* the model's own failure with no message of its own still names
         * the script and what went wrong */
        if (msg[0])
            snprintf(err, errlen, "%s", msg);
        else
            snprintf(err, errlen, "%s: %s", o->script, sim_strerror(rc));
        status = 2;
    }
    /* Ctrl-C now waits until every output is whole, then says what was. */
    sim_interrupt_hold(1);
    int recorded = 0;
    if (status == 0) {
        if (!o->quiet) {
            print_table(stdout, o->script, &steps, o->explain);
            printf("\n%u statements, %zu rows of figures; seed %llu, %s, MAX_STRING_SIZE %s, "
                   "%u-byte default blocks\n",
                   s->nstmts - s->nsetup, steps.n, (unsigned long long)so.seed,
                   so.charset == SCR_CHARSET_AL32UTF8 ? "AL32UTF8" : "single-byte character set",
                   so.max_string_extended ? "EXTENDED" : "STANDARD", so.block_size);
        }
        if (o->stats_out) {
            csv_arg_t a = {&steps};
            char why[512];
            if (sim_write_file(o->stats_out, write_steps, &a, why, sizeof why) != SIM_OK) {
                snprintf(err, errlen, "--stats-out: %s", why);
                status = 1;
            }
        }
        if (status == 0 && record) {
            status = record_steps(o, &steps, record, arg, err, errlen);
            recorded = status == 0 && steps.n > 0 && !o->no_db;
        }
        /* WHENEVER SQLERROR EXIT: the run stopped after that step, with
         * the status the script asked for (an Oracle error, not bad input) */
        if (status == 0 && exit_status >= 0 && steps.n) {
            const life_step_t *last = &steps.v[steps.n - 1];
            fprintf(stderr,
                    "lobbench: %s:%u: WHENEVER SQLERROR EXIT after %s: the run stopped at step "
                    "%u, exit status %d\n",
                    o->script, last->stmt->line, last->error ? last->error : "an error", last->step,
                    exit_status);
            err[0] = '\0';
            status = exit_status;
        }
    }
    fflush(stdout);
    sim_interrupt_say(recorded ? "after the run was recorded" : "nothing recorded");
    sim_interrupt_hold(0);
    steps_free(&steps);
    scr_free(s);
    return status;
}
