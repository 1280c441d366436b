/*
 * modelbench.c -- the speed of the model itself, side by side with what it
 * is compared with:
 *
 *   alloc/lobsim    the chunk allocator carving LOB writes of 8 KB .. 540 KB
 *                   out of dispenser refills (the local path's hot path);
 *   alloc/jemalloc  jemalloc's mallocx/dallocx on the same sequence of sizes,
 *                   in the same binary;
 *   rows/PATH/rows:N  one whole statement of N rows of 256k-character LOBs,
 *                   to see how the cost grows with rows (complexity O(N));
 *   life/ops:N      a script of N LOB operations (updates, deletes and
 *                   inserts of 8k..64k, mixed) over a segment of 10,000 live
 *                   LOBs: the segment's life model (life_sim.h), O(N);
 *   sweep/fixed, sweep/script  lobbench's default sweep (9 sizes, 2k .. 256k,
 *                   local and dblink: 18 statements of 10,000 rows) through
 *                   the fixed path (workload_run_stats()) and through the
 *                   seed's insert written as a script
 *                   (scenarios/seed_insert_{local,dblink}.sql, compiled in,
 *                   run by life_run() with --define=size=N): issue 40's
 *                   speed criterion, the two measured side by side.
 */
#include <jemalloc/jemalloc.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dblink_sim.h"
#include "gbc.h"
#include "life_sim.h"
#include "program_version.h"
#include "workload.h"

#define NSIZES 4096

/* scenarios/seed_insert_{local,dblink}.sql (benchmarks/embed.cmake). */
extern const char bench_seed_insert_local_sql[];
extern const char bench_seed_insert_dblink_sql[];

/* lobbench's default sweep: the reference's sizes (sim_ref_sizes). */
#define SWEEP_SIZES SIM_REF_NSIZES

typedef struct {
    uint64_t blocks[NSIZES]; /* 1 .. 67 blocks of 8 KB: 8 KB .. 540 KB */
} size_seq_t;

static void make_sizes(size_seq_t *s, uint64_t seed)
{
    sim_prng_t r;
    sim_prng_seed(&r, seed);
    for (int i = 0; i < NSIZES; i++)
        s->blocks[i] = 1 + sim_prng_below(&r, 67);
}

/* The local path's writer over a fresh segment: its allocation context is
 * refilled from the dispenser, as the direct-path insert's is. */
typedef struct {
    case_t c;
    lob_space_t *seg;
    dbl_writer_t *w;
} space_t;

static void space_close(space_t *s)
{
    dbl_writer_destroy(s->w);
    lob_space_destroy(s->seg);
    s->w = NULL;
    s->seg = NULL;
}

static int space_open(space_t *s)
{
    case_defaults(&s->c);
    s->seg = NULL;
    s->w = NULL;
    if (dbl_writer_segment_create(&s->c, &s->seg) != SIM_OK ||
        dbl_writer_create(&s->c, s->seg, &s->w) != SIM_OK) {
        space_close(s);
        return -1;
    }
    return 0;
}

/* A fresh segment every this many writes keeps it far below its 32 TB. */
#define WRITES_PER_SEGMENT (1u << 20)

static void bm_alloc_lobsim(gbc_state_t *st, void *user)
{
    const size_seq_t *seq = user;
    space_t s;
    if (space_open(&s) != 0) {
        gbc_state_skip_with_error(st, "out of memory");
        return;
    }
    uint64_t i = 0, chunks = 0;
    int64_t n;
    while (gbc_state_keep_running_batch(st, &n)) {
        for (int64_t j = 0; j < n; j++, i++) {
            if (i % WRITES_PER_SEGMENT == WRITES_PER_SEGMENT - 1) {
                gbc_state_pause_timing(st);
                space_close(&s);
                space_open(&s);
                gbc_state_resume_timing(st);
            }
            uint64_t c;
            if (dbl_writer_lob_space(s.w, seq->blocks[i % NSIZES], &c) != SIM_OK) {
                gbc_state_skip_with_error(st, "chunk allocation failed");
                break;
            }
            chunks += c;
        }
    }
    space_close(&s);
    gbc_state_set_items_processed(st, gbc_state_iterations(st));
    gbc_state_set_counter(st, "chunks/write", (double)chunks, GBC_COUNTER_AVG_ITERATIONS,
                          GBC_ONEK_1000);
}

static void bm_alloc_jemalloc(gbc_state_t *st, void *user)
{
    const size_seq_t *seq = user;
    uint64_t i = 0;
    int64_t n;
    while (gbc_state_keep_running_batch(st, &n))
        for (int64_t j = 0; j < n; j++, i++) {
            void *p = mallocx(seq->blocks[i % NSIZES] * SIM_REF_BLOCK_SIZE, 0);
            if (p == NULL) {
                gbc_state_skip_with_error(st, "mallocx failed");
                break;
            }
            /* Touch nothing: only the allocator's own work is compared. */
            dallocx(p, 0);
        }
    gbc_state_set_items_processed(st, gbc_state_iterations(st));
}

static void bm_rows(gbc_state_t *st, void *user)
{
    case_t c = *(const case_t *)user;
    c.rows = (uint64_t)gbc_state_range(st, 0);
    sim_stats_t out;
    while (gbc_state_keep_running(st))
        if (workload_run_stats(&c, &out) != SIM_OK) {
            gbc_state_skip_with_error(st, "the statement failed");
            break;
        }
    gbc_state_set_complexity_n(st, (int64_t)c.rows);
    gbc_state_set_items_processed(st, (int64_t)c.rows * gbc_state_iterations(st));
}

/* A script of at least `ops` LOB operations: 10,000 LOBs of 8k..64k, then
 * rounds of an update of one eighth of them, a delete of another eighth and
 * an insert of as many, committed each round. */
static char *life_script(uint64_t ops)
{
    size_t cap = 4096, len = 0;
    char *s = malloc(cap);
    for (uint64_t k = 0, done = 0; s != NULL && (k < 8 || done < ops); k++) {
        char line[512];
        int n;
        uint64_t size = 8192 * (1 + k % 8);
        if (k == 0)
            n = snprintf(line, sizeof line,
                         "create table t (id number, c clob) lob (c) store as securefile "
                         "(retention none);\n");
        else
            n = 0;
        if (k < 8)
            n += snprintf(line + n, sizeof line - (size_t)n,
                          "insert into t select rownum, rpad(to_clob('x'), %llu, 'x') from dual "
                          "connect by level <= 1250;\ncommit;\n",
                          (unsigned long long)size);
        else {
            n += snprintf(
                line + n, sizeof line - (size_t)n,
                "update t set c = rpad(to_clob('u'), %llu, 'u') where mod(id, 8) = %llu;\n"
                "delete from t where mod(id, 8) = %llu;\n"
                "insert into t select rownum, rpad(to_clob('i'), %llu, 'i') from dual "
                "connect by level <= 1250;\ncommit;\n",
                (unsigned long long)size, (unsigned long long)(k % 8),
                (unsigned long long)((k + 1) % 8), (unsigned long long)(8192 * (1 + (k + 3) % 8)));
            done += 3750;
        }
        while (len + (size_t)n + 1 > cap) {
            char *t = realloc(s, cap * 2);
            if (t == NULL) {
                free(s);
                return NULL;
            }
            s = t;
            cap *= 2;
        }
        memcpy(s + len, line, (size_t)n + 1);
        len += (size_t)n;
    }
    return s;
}

static int life_ignore(void *arg, const life_step_t *st)
{
    (void)arg;
    (void)st;
    return 0;
}

/* Script `text` run whole as often as the benchmark asks; n the items
 * of one run. */
static void run_text(gbc_state_t *st, const char *name, const char *text, uint64_t n)
{
    scr_options_t so;
    scr_options_defaults(&so);
    scr_script_t *s = NULL;
    char err[SCR_ERR_LEN];
    if (text == NULL || scr_parse(name, text, strlen(text), &so, &s, err, sizeof err)) {
        gbc_state_skip_with_error(st, text ? err : "out of memory");
        return;
    }
    life_params_t p;
    life_params_defaults(&p);
    while (gbc_state_keep_running(st))
        if (life_run(s, &p, life_ignore, NULL, err, sizeof err) != SIM_OK) {
            gbc_state_skip_with_error(st, err);
            break;
        }
    scr_free(s);
    gbc_state_set_complexity_n(st, (int64_t)n);
    gbc_state_set_items_processed(st, (int64_t)n * gbc_state_iterations(st));
}

static void bm_life(gbc_state_t *st, void *user)
{
    (void)user;
    uint64_t ops = (uint64_t)gbc_state_range(st, 0);
    char *text = life_script(ops);
    run_text(st, "life.sql", text, ops);
    free(text);
}

/* The default sweep's 18 statements through the fixed path: one
 * iteration runs them all. */
static void bm_sweep_fixed(gbc_state_t *st, void *user)
{
    (void)user;
    case_t cases[CASE_PATH_COUNT * SWEEP_SIZES];
    for (size_t i = 0; i < CASE_PATH_COUNT * SWEEP_SIZES; i++) {
        case_defaults(&cases[i]);
        cases[i].path = (case_path_t)(i / SWEEP_SIZES);
        cases[i].lob_chars = sim_ref_sizes[i % SWEEP_SIZES];
    }
    sim_stats_t out;
    while (gbc_state_keep_running(st))
        for (size_t i = 0; i < CASE_PATH_COUNT * SWEEP_SIZES; i++)
            if (workload_run_stats(&cases[i], &out) != SIM_OK) {
                gbc_state_skip_with_error(st, "the statement failed");
                return;
            }
    gbc_state_set_items_processed(st, (int64_t)(CASE_PATH_COUNT * SWEEP_SIZES) *
                                          gbc_state_iterations(st));
}

/* The same 18 statements as scripts: each scenario parsed once per size
 * under its own inputs (`-- lobsim input:`, AL32UTF8) with size=N, as
 * `lobbench --script=scenarios/seed_insert_PATH.sql --define=size=N`
 * parses it; the parse is outside the timing, the run (both tables
 * filled, the insert, the figures of every step) inside. */
static void bm_sweep_script(gbc_state_t *st, void *user)
{
    (void)user;
    static const char *const text[CASE_PATH_COUNT] = {bench_seed_insert_local_sql,
                                                      bench_seed_insert_dblink_sql};
    scr_script_t *s[CASE_PATH_COUNT * SWEEP_SIZES] = {NULL};
    char err[SCR_ERR_LEN + 64];
    int ok = 1;
    for (size_t i = 0; ok && i < CASE_PATH_COUNT * SWEEP_SIZES; i++) {
        const char *t = text[i / SWEEP_SIZES];
        char def[64];
        const char *defs[1] = {def};
        snprintf(def, sizeof def, "size=%llu", (unsigned long long)sim_ref_sizes[i % SWEEP_SIZES]);
        scr_options_t so;
        scr_options_defaults(&so);
        so.defines = defs;
        so.ndefines = 1;
        ok = scr_read_inputs("seed_insert.sql", t, strlen(t), &so, err, sizeof err) == SIM_OK &&
             scr_parse("seed_insert.sql", t, strlen(t), &so, &s[i], err, sizeof err) == SIM_OK;
    }
    life_params_t p;
    life_params_defaults(&p);
    while (ok && gbc_state_keep_running(st))
        for (size_t i = 0; ok && i < CASE_PATH_COUNT * SWEEP_SIZES; i++)
            ok = life_run(s[i], &p, life_ignore, NULL, err, sizeof err) == SIM_OK;
    if (!ok)
        gbc_state_skip_with_error(st, err);
    for (size_t i = 0; i < CASE_PATH_COUNT * SWEEP_SIZES; i++)
        scr_free(s[i]);
    gbc_state_set_items_processed(st, (int64_t)(CASE_PATH_COUNT * SWEEP_SIZES) *
                                          gbc_state_iterations(st));
}

/* Sessions at once: n sessions each inserting 10,000 LOBs of 32k
 * characters, committed one by one in a PL/SQL loop (docs/sessions.md);
 * the time per event of the engine should not grow with n. */
static void bm_sessions(gbc_state_t *st, void *user)
{
    (void)user;
    uint32_t n = (uint32_t)gbc_state_range(st, 0);
    static const char text[] =
        "create table t1 (id number, c clob) lob (c) store as securefile (disable storage in "
        "row nocache);\ndeclare\n  v clob := rpad('x', 32768, 'x');\nbegin\n"
        "  for i in 1 .. 10000 loop\n    insert into t1 values (i, v);\n    commit;\n"
        "  end loop;\nend;\n/\n";
    scr_options_t so;
    scr_options_defaults(&so);
    scr_script_t *s = NULL;
    char err[SCR_ERR_LEN + 64];
    if (scr_parse("sessions.sql", text, strlen(text), &so, &s, err, sizeof err) != SIM_OK) {
        gbc_state_skip_with_error(st, err);
        return;
    }
    life_params_t p;
    life_params_defaults(&p);
    uint64_t events = 0;
    while (gbc_state_keep_running(st)) {
        life_ses_result_t r;
        sim_err_t rc = life_sessions_run(s, &p, n, 0, &r, err, sizeof err);
        events = r.events;
        life_ses_result_free(&r);
        if (rc != SIM_OK) {
            gbc_state_skip_with_error(st, err);
            break;
        }
    }
    scr_free(s);
    gbc_state_set_items_processed(st, (int64_t)events * gbc_state_iterations(st));
    gbc_state_set_counter(st, "events", (double)events, GBC_COUNTER_DEFAULT, GBC_ONEK_1000);
}

/* PL/SQL's interpreter (issue 41): a loop of N iterations of an insert, an
 * update and a delete with the loop's index in their values and
 * predicates, committed every 1,000 (the primary key finds each row). */
static void bm_plsql(gbc_state_t *st, void *user)
{
    (void)user;
    uint64_t n = (uint64_t)gbc_state_range(st, 0);
    char text[1024];
    snprintf(text, sizeof text,
             "create table t (id number primary key, c clob) lob (c) store as securefile "
             "(retention none);\ndeclare\n  l_v varchar2(100) := rpad('x', 100, 'x');\n"
             "  l_w varchar2(100) := rpad('y', 100, 'y');\nbegin\n"
             "  for i in 1 .. %llu loop\n    insert into t values (i, l_v);\n"
             "    update t set c = l_w where id = i;\n    delete from t where id = i;\n"
             "    if mod(i, 1000) = 0 then\n      commit;\n    end if;\n  end loop;\n"
             "  commit;\nend;\n/\n",
             (unsigned long long)n);
    run_text(st, "plsql.sql", text, n);
}

/* The parser (issue 41): a script of N lines, the statements a published
 * test writes, a PL/SQL block among them, parsed (nothing run).  Its text
 * is built once; a line a statement but the block's and the table's. */
static void bm_parse(gbc_state_t *st, void *user)
{
    (void)user;
    uint64_t n = (uint64_t)gbc_state_range(st, 0);
    size_t cap = (size_t)n * 96 + 1024, len = 0;
    char *text = malloc(cap);
    if (text == NULL) {
        gbc_state_skip_with_error(st, "out of memory");
        return;
    }
    len += (size_t)snprintf(text + len, cap - len,
                            "create table t (id number primary key, c clob) lob (c) store as "
                            "securefile (retention none);\n"
                            "declare\n  l_v varchar2(100) := rpad('x', 100, 'x');\nbegin\n"
                            "  for i in 1 .. 10 loop\n    insert into t values (i, l_v);\n"
                            "  end loop;\n  commit;\nend;\n/\n");
    for (uint64_t i = 10; i < n; i++) {
        switch (i % 5) {
        case 0:
            len += (size_t)snprintf(text + len, cap - len,
                                    "insert into t values (%llu, rpad('x', %llu, 'x'));\n",
                                    (unsigned long long)i, (unsigned long long)(i % 4000 + 1));
            break;
        case 1:
            len += (size_t)snprintf(text + len, cap - len,
                                    "update t set c = c || 'y' where id = %llu;\n",
                                    (unsigned long long)i - 1);
            break;
        case 2:
            len += (size_t)snprintf(text + len, cap - len,
                                    "delete from t where id between %llu and %llu;\n",
                                    (unsigned long long)i - 2, (unsigned long long)i - 1);
            break;
        case 3:
            len += (size_t)snprintf(text + len, cap - len, "commit;\n");
            break;
        default:
            len += (size_t)snprintf(text + len, cap - len,
                                    "select segment_name, blocks from user_segments;\n");
        }
    }
    scr_options_t so;
    scr_options_defaults(&so);
    char err[SCR_ERR_LEN + 64];
    while (gbc_state_keep_running(st)) {
        scr_script_t *s = NULL;
        if (scr_parse("parse.sql", text, len, &so, &s, err, sizeof err) != SIM_OK) {
            gbc_state_skip_with_error(st, err);
            break;
        }
        scr_free(s);
    }
    free(text);
    gbc_state_set_items_processed(st, (int64_t)n * gbc_state_iterations(st));
    gbc_state_set_complexity_n(st, (int64_t)n);
}

static void usage(FILE *f)
{
    fputs("Usage: modelbench [--benchmark_* flag]...\n"
          "\n"
          "The speed of the model itself as Google Benchmarks: the chunk allocator carving\n"
          "LOB writes of 8 KB .. 540 KB out of dispenser refills (alloc/lobsim) beside\n"
          "jemalloc on the same sizes (alloc/jemalloc), and one whole statement of 1,000 to\n"
          "100,000 rows of 256k-character LOBs per path (rows/PATH/lob:256k/rows:N), with\n"
          "its complexity fitted as O(N), and a script of 100,000 to 10,000,000 LOB\n"
          "operations over 10,000 live LOBs (life/ops:N, the segment's life), and 1 to 32\n"
          "and 1,000 sessions at once each inserting 10,000 LOBs of 32k characters\n"
          "(sessions/n:N, items: the engine's events), and a PL/SQL loop of 1,000,000 and\n"
          "10,000,000 iterations of an insert, an update and a delete with the index in\n"
          "their predicates (plsql/iterations:N), and the parser on a script of 10,000\n"
          "and 100,000 lines (parse/lines:N), and lobbench's default sweep (2k .. 256k,\n"
          "local and dblink) through the fixed path (sweep/fixed) and through the seed's\n"
          "insert as a script (sweep/script).  Nothing is recorded.\n"
          "\n"
          "  -h, --help     this help\n"
          "  --version      modelbench's version and the commit it was built from\n"
          "Google Benchmark's own flags work unchanged, e.g. --benchmark_filter=alloc,\n"
          "--benchmark_format=json, --benchmark_out=FILE, --benchmark_repetitions=N,\n"
          "--benchmark_min_time=SECONDS (or Nx for N iterations).\n"
          "\n"
          "Exit status: 0 on success, 1 when a benchmark failed, 2 on bad input (one line\n"
          "naming it).\n",
          f);
}

/* modelbench's own options: -h, --help and --version; Google Benchmark's
 * flags are left for the wrapper.  Returns -1 to run, else the exit status. */
static int answer_options(int argc, char **argv)
{
    static const sim_opt_t none[] = {{NULL, 0, 0, 0}};
    sim_opt_parser_t p;
    sim_opt_init(&p, none, argc, argv);
    p.pass = "--benchmark_";
    char err[512];
    const char *v;
    for (int id; (id = sim_opt_next(&p, &v, err, sizeof err)) != SIM_OPT_END;) {
        if (id == SIM_OPT_HELP) {
            usage(stdout);
            return 0;
        } else if (id == SIM_OPT_VERSION) {
            puts("modelbench " LOBSIM_VERSION);
            return 0;
        } else if (id == SIM_OPT_ARG) {
            fprintf(stderr, "modelbench: unexpected argument '%s' (see --help)\n", v);
            return 2;
        } else if (id == SIM_OPT_ERROR) {
            fprintf(stderr, "modelbench: %s\n", err);
            return 2;
        }
    }
    return -1;
}

int main(int argc, char **argv)
{
    int answered = answer_options(argc, argv);
    if (answered >= 0)
        return answered;
    static size_seq_t seq;
    make_sizes(&seq, 1);
    gbc_t *g;
    if (gbc_create(&g) != GBC_OK)
        return 1;
    if (gbc_initialize(g, &argc, argv) != GBC_OK) {
        fprintf(stderr, "modelbench: %s\n", gbc_errmsg(g));
        return 2;
    }
    if (gbc_report_unrecognized_arguments(argc, argv))
        return 2;
    gbc_benchmark_t *b;
    gbc_register(g, "alloc/lobsim", bm_alloc_lobsim, &seq, &b);
    gbc_register(g, "alloc/jemalloc", bm_alloc_jemalloc, &seq, &b);
    static case_t cases[CASE_PATH_COUNT];
    for (int p = 0; p < CASE_PATH_COUNT; p++) {
        char name[64];
        case_defaults(&cases[p]);
        cases[p].path = (case_path_t)p;
        cases[p].lob_chars = 256 * 1024;
        snprintf(name, sizeof name, "rows/%s/lob:256k", case_path_name((case_path_t)p));
        gbc_register(g, name, bm_rows, &cases[p], &b);
        gbc_benchmark_arg_name(b, "rows");
        gbc_benchmark_range_multiplier(b, 10);
        gbc_benchmark_range(b, 1000, 100000);
        gbc_benchmark_complexity(b, GBC_O_N);
        gbc_benchmark_unit(b, GBC_MS);
    }
    gbc_register(g, "sweep/fixed", bm_sweep_fixed, NULL, &b);
    gbc_benchmark_unit(b, GBC_MS);
    gbc_register(g, "sweep/script", bm_sweep_script, NULL, &b);
    gbc_benchmark_unit(b, GBC_MS);
    gbc_register(g, "life", bm_life, NULL, &b);
    gbc_benchmark_arg_name(b, "ops");
    gbc_benchmark_range_multiplier(b, 10);
    gbc_benchmark_range(b, 100000, 10000000);
    gbc_benchmark_complexity(b, GBC_O_N);
    gbc_benchmark_unit(b, GBC_MS);
    gbc_register(g, "sessions", bm_sessions, NULL, &b);
    gbc_benchmark_arg_name(b, "n");
    gbc_benchmark_range_multiplier(b, 2);
    gbc_benchmark_range(b, 1, 32);
    gbc_benchmark_arg(b, 1000); /* 10 million LOBs: the cost must not follow them */
    gbc_benchmark_unit(b, GBC_MS);
    gbc_register(g, "plsql", bm_plsql, NULL, &b);
    gbc_benchmark_arg_name(b, "iterations");
    gbc_benchmark_range_multiplier(b, 10);
    gbc_benchmark_range(b, 1000000, 10000000);
    gbc_benchmark_complexity(b, GBC_O_N);
    gbc_benchmark_unit(b, GBC_MS);
    gbc_register(g, "parse", bm_parse, NULL, &b);
    gbc_benchmark_arg_name(b, "lines");
    gbc_benchmark_range_multiplier(b, 10);
    gbc_benchmark_range(b, 10000, 100000);
    gbc_benchmark_complexity(b, GBC_O_N);
    gbc_benchmark_unit(b, GBC_MS);
    int rc = gbc_run(g, NULL, NULL) == GBC_OK ? 0 : 1;
    if (rc)
        fprintf(stderr, "modelbench: %s\n", gbc_errmsg(g));
    gbc_destroy(g);
    gbc_shutdown();
    return rc;
}
