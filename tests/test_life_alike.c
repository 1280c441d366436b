/* test_life_alike.c -- rows of a multi-row insert written n at once
 * (life_sim/insert.c insert_alike(), lob.c life_lob_write_alike(), issue 40)
 * count what the same rows written one at a time count.
 *
 * Each script runs twice, as it comes and with life_params_t.one_at_a_time
 * set, and every row of every step must agree: each part's figures, the
 * error, the output, and each LOB segment's extents block by block
 * (lob_space_layout()), so that the versions' chunks lie where one write
 * after another puts them.  The scripts make the alike runs end every way
 * they can: the allocation context's space running out, a key already
 * held, ids that do not rise, another value or source row, rownum, a
 * where clause; and rows written so go through a rollback, deletes, a
 * commit and `insert ... select` from them. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "life_sim.h"

/* What one row of a step shows, its pointers' texts copied. */
typedef struct {
    life_step_t st;
    char table[64], column[64], error[256], output[256];
    char layout[2048]; /* its LOB segment's extents, one line each */
} row_t;

typedef struct {
    row_t *row;
    size_t n, cap;
} rows_t;

static void on_extent(void *arg, const lob_extent_layout_t *x)
{
    char *out = arg;
    size_t len = strlen(out);
    snprintf(out + len, 2048 - len, "%llu+%llu h%llu t%llu u%llu e%llu c%llu\n",
             (unsigned long long)x->start, (unsigned long long)x->blocks,
             (unsigned long long)x->header, (unsigned long long)x->taken,
             (unsigned long long)x->unexpired, (unsigned long long)x->expired,
             (unsigned long long)x->cut);
}

static int keep(void *arg, const life_step_t *st)
{
    rows_t *r = arg;
    if (r->n == r->cap) {
        r->cap = r->cap ? 2 * r->cap : 64;
        r->row = realloc(r->row, r->cap * sizeof *r->row);
        assert_non_null(r->row);
    }
    row_t *w = &r->row[r->n++];
    memset(w, 0, sizeof *w);
    w->st = *st;
    w->st.stmt = NULL;
    w->st.table = w->st.column = w->st.error = w->st.hint = w->st.output = NULL;
    w->st.space = NULL;
    snprintf(w->table, sizeof w->table, "%s", st->table ? st->table : "");
    snprintf(w->column, sizeof w->column, "%s", st->column ? st->column : "");
    snprintf(w->error, sizeof w->error, "%s", st->error ? st->error : "");
    snprintf(w->output, sizeof w->output, "%s", st->output ? st->output : "");
    if (st->space)
        lob_space_layout(st->space, on_extent, w->layout);
    return 0;
}

/* text parsed under its own inputs (`-- lobsim input:`), or the test fails. */
static scr_script_t *parse(const char *text)
{
    scr_options_t so;
    scr_options_defaults(&so);
    scr_script_t *s;
    char err[SCR_ERR_LEN];
    if (scr_read_inputs("alike.sql", text, strlen(text), &so, err, sizeof err) != SIM_OK ||
        scr_parse("alike.sql", text, strlen(text), &so, &s, err, sizeof err) != SIM_OK)
        fail_msg("parse: %s", err);
    return s;
}

/* Each row of b shows the figures (totals) of a's row. */
static void same_totals(const rows_t *a, const rows_t *b)
{
    assert_int_equal(a->n, b->n);
    for (size_t i = 0; i < a->n; i++)
        assert_memory_equal(&a->row[i].st.total, &b->row[i].st.total, sizeof a->row[i].st.total);
}

static void run(const char *text, int one_at_a_time, uint32_t piece_size, rows_t *r)
{
    scr_script_t *s = parse(text);
    char err[SCR_ERR_LEN];
    life_params_t p;
    life_params_defaults(&p);
    p.one_at_a_time = one_at_a_time;
    if (piece_size)
        p.piece_size = piece_size;
    memset(r, 0, sizeof *r);
    if (life_run(s, &p, keep, r, err, sizeof err) != SIM_OK)
        fail_msg("run: %s", err);
    scr_free(s);
}

/* Both runs of text agree row by row (LOBs over a link in pieces of
 * piece_size bytes, 0 the default); `errors` steps got an Oracle error. */
static void same_both_ways_in(const char *text, size_t errors, uint32_t piece_size)
{
    rows_t at_once, alone;
    run(text, 0, piece_size, &at_once);
    run(text, 1, piece_size, &alone);
    assert_int_equal(at_once.n, alone.n);
    size_t seen_errors = 0;
    for (size_t i = 0; i < at_once.n; i++) {
        const row_t *a = &at_once.row[i], *b = &alone.row[i];
        for (int part = 0; part < LIFE_PART_COUNT; part++)
            for (int s = 0; s < SIM_STAT_COUNT; s++)
                if (a->st.part[part].v[s] != b->st.part[part].v[s])
                    fail_msg("step %u, %s %s, part %d: %s %llu written at once, %llu alone",
                             a->st.step, a->table, a->column, part,
                             sim_stat_info((sim_stat_t)s)->name,
                             (unsigned long long)a->st.part[part].v[s],
                             (unsigned long long)b->st.part[part].v[s]);
        assert_memory_equal(&a->st.total, &b->st.total, sizeof a->st.total);
        assert_string_equal(a->st.segment, b->st.segment);
        assert_string_equal(a->error, b->error);
        assert_string_equal(a->output, b->output);
        assert_string_equal(a->layout, b->layout);
        seen_errors += a->error[0] && a->table[0] == '\0';
    }
    assert_int_equal(seen_errors, errors);
    free(at_once.row);
    free(alone.row);
}

static void same_both_ways(const char *text, size_t errors)
{
    same_both_ways_in(text, errors, 0);
}

/* The seed's insert (scenarios/seed_insert_local.sql, 4 KB of characters a
 * LOB under AL32UTF8): t1 filled from dual, t2 from t1, each of its 2,000
 * rows alike with the one before but where a refill comes between. */
static void test_seed_insert(void **state)
{
    (void)state;
    same_both_ways(
        "-- lobsim input: charset=AL32UTF8\n"
        "create table t1 (id number primary key, c clob)\n"
        "  lob (c) store as securefile (nocache);\n"
        "insert /*+ append */ into t1\n"
        "  select level, rpad(to_clob('x'), 2048, 'x') from dual connect by level <= 2000;\n"
        "commit;\n"
        "create table t2 (id number primary key, c clob)\n"
        "  lob (c) store as securefile (nocache);\n"
        "insert /*+ append */ into t2 select id, c from t1;\n"
        "commit;\n",
        0);
}

/* Runs that end at a key already held (ORA-00001 at the 31st row, the
 * statement undone), at a key the run itself took (mod: ORA-00001 at the
 * 6th row; trunc: at the 3rd, whose id is the 2nd's, in a run the 2nd
 * begins), at ids that fall (mod, no key), at rownum and at a where
 * clause; rows written at once, rolled back, deleted and read again. */
static void test_runs_end_and_rows_live_on(void **state)
{
    (void)state;
    same_both_ways(
        "create table t1 (id number primary key, c clob) lob (c) store as securefile (nocache);\n"
        "insert /*+ append */ into t1 select level, rpad(to_clob('x'), 30000, 'x') from dual "
        "connect by level <= 1500;\n"
        "commit;\n"
        "insert /*+ append */ into t1 select level + 1470, rpad(to_clob('x'), 30000, 'x') from "
        "dual "
        "connect by level <= 60;\n"
        "insert /*+ append */ into t1 select level + 5000, rpad(to_clob('y'), 9000, 'y') from dual "
        "connect by level <= 700;\n"
        "rollback;\n"
        "insert /*+ append */ into t1 select mod(level, 5) + 20000, rpad(to_clob('y'), 9000, 'y') "
        "from dual connect by level <= 50;\n"
        "insert /*+ append */ into t1 select 30000 + trunc((level + 1) / 3), rpad(to_clob('y'), "
        "9000, 'y') from dual connect by level <= 50;\n"
        "insert /*+ append */ into t1 select level + 9000, rpad(to_clob('y'), 9000, 'y') from dual "
        "connect by level <= 700;\n"
        "commit;\n"
        "delete from t1 where id < 700;\n"
        "commit;\n"
        "create table t2 (id number primary key, c clob)\n"
        "  lob (c) store as securefile (nocache nologging retention none);\n"
        "insert /*+ append */ into t2 select id, c from t1;\n"
        "insert /*+ append */ into t2 select id + 100000, c from t1 where id > 1200;\n"
        "insert /*+ append */ into t2 select id + 200000, c from t1 where rownum <= 333;\n"
        "commit;\n"
        "insert into t2 select id + 300000, c from t1 where id > 1400;\n"
        "commit;\n"
        "create table t3 (id number, c clob) lob (c) store as securefile (nocache logging);\n"
        "insert /*+ append */ into t3 select mod(level, 7), rpad(to_clob('x'), 70000, 'x') "
        "from dual connect by level <= 400;\n"
        "insert /*+ append */ into t3 select level, rpad(to_clob('x'), level * 10, 'x') "
        "from dual connect by level <= 400;\n"
        "commit;\n"
        "select count(*) from t2;\n",
        3);
}

/* The storage clauses that write one version at a time (CACHE, COMPRESS
 * computed once and alike, DEDUPLICATE shared, BasicFile) beside one that
 * does not, in one script. */
static void test_storage_clauses(void **state)
{
    (void)state;
    same_both_ways(
        "create table t1 (id number, c clob, d clob) lob (c) store as securefile (cache)\n"
        "  lob (d) store as securefile (compress high);\n"
        "insert /*+ append */ into t1 select level, rpad(to_clob('x'), 20000, 'x'), "
        "rpad(to_clob('z'), 50000, 'z') from dual connect by level <= 300;\n"
        "create table t2 (id number primary key, c clob) lob (c) store as securefile "
        "(compress medium);\n"
        "insert /*+ append */ into t2 select level, rpad(to_clob('x'), 50000, 'x') from dual "
        "connect by level <= 300;\n"
        "create table t3 (id number primary key, c clob) lob (c) store as securefile "
        "(deduplicate);\n"
        "insert /*+ append */ into t3 select level, rpad(to_clob('x'), 30000, 'x') from dual "
        "connect by level <= 300;\n"
        "create table t4 (id number primary key, c clob) lob (c) store as basicfile (nocache);\n"
        "insert /*+ append */ into t4 select level, rpad(to_clob('x'), 30000, 'x') from dual "
        "connect by level <= 300;\n"
        "commit;\n",
        0);
}

/* Another session's uncommitted rows hold keys a run would take: the run
 * ends before the first, which gets ORA-00001 alone. */
static void test_other_session_keys(void **state)
{
    (void)state;
    same_both_ways(
        "create table t1 (id number primary key, c clob) lob (c) store as securefile (nocache);\n"
        "-- lobsim session: 2\n"
        "insert into t1 select level + 100, rpad(to_clob('x'), 30000, 'x') from dual "
        "connect by level <= 10;\n"
        "-- lobsim session: 1\n"
        "insert /*+ append */ into t1 select level, rpad(to_clob('x'), 30000, 'x') from dual "
        "connect by level <= 500;\n"
        "commit;\n",
        1);
}

/* Over a loopback link (scenarios/seed_insert_dblink.sql): the rows come
 * as experiment 1's remote path takes them, each LOB in pieces, each
 * piece a dispenser search; rows of two values and sizes, one of them
 * over a piece's size, a where clause and an aged segment in between. */
static void test_over_a_link(void **state)
{
    (void)state;
    same_both_ways(
        "-- lobsim input: charset=AL32UTF8\n"
        "create table t1 (id number primary key, c clob) lob (c) store as securefile (nocache);\n"
        "insert /*+ append */ into t1 select level, rpad(to_clob('x'), 65536, 'x') from dual "
        "connect by level <= 400;\n"
        "insert /*+ append */ into t1 select level + 400, rpad(to_clob('y'), 6144, 'y') from dual "
        "connect by level <= 600;\n"
        "commit;\n"
        "create table t2 (id number primary key, c clob)\n"
        "  lob (c) store as securefile (nocache retention none);\n"
        "create database link loopback connect to scott identified by tiger using "
        "'localhost/orcl';\n"
        "insert /*+ append */ into t2 select id, c from t1@loopback;\n"
        "commit;\n"
        "delete from t2 where mod(id, 3) = 0;\n"
        "commit;\n"
        "insert into t2 select id + 1000, c from t1@loopback where id > 350;\n"
        "commit;\n",
        0);
}

/* Pieces of 3,000 bytes, less than a block's 8,060: a piece that fills no
 * block of its own is written with the next (no chunk of its own), so a
 * version has fewer chunks than pieces. */
static void test_pieces_smaller_than_a_block(void **state)
{
    (void)state;
    same_both_ways_in(
        "create table t1 (id number primary key, c clob) lob (c) store as securefile (nocache);\n"
        "insert /*+ append */ into t1 select level, rpad(to_clob('x'), 40000, 'x') from dual "
        "connect by level <= 300;\n"
        "commit;\n"
        "create table t2 (id number primary key, c clob) lob (c) store as securefile (nocache);\n"
        "create database link loopback connect to scott identified by tiger using "
        "'localhost/orcl';\n"
        "insert into t2 select id, c from t1@loopback;\n"
        "commit;\n",
        0, 3000);
}

/* Every allocation of a run with alike rows fails in turn (sim.h's hook),
 * among them the pool of versions growing past its first 4,096 in the
 * middle of t2's alike rows: the run ends with SIM_ENOMEM, or gets over
 * it and shows what a run that never failed shows; it frees what it made
 * (the sanitizer build checks), and a run after it gives the figures of a
 * run that never failed. */
static void test_every_allocation_fails_cleanly(void **state)
{
    (void)state;
    const char *text =
        "-- lobsim input: charset=AL32UTF8\n"
        "create table t1 (id number primary key, c clob) lob (c) store as securefile (nocache);\n"
        "insert /*+ append */ into t1 select level, rpad(to_clob('x'), 20000, 'x') from dual "
        "connect by level <= 2100;\n"
        "commit;\n"
        "create table t2 (id number primary key, c clob) lob (c) store as securefile (nocache);\n"
        "insert /*+ append */ into t2 select id, c from t1;\n"
        "create database link loopback connect to scott identified by tiger using "
        "'localhost/orcl';\n"
        "insert into t2 select id + 5000, c from t1@loopback where id > 1900;\n"
        "commit;\n"
        "delete from t2;\n"
        "commit;\n";
    scr_script_t *s = parse(text);
    char err[SCR_ERR_LEN];
    life_params_t p;
    life_params_defaults(&p);
    rows_t whole, after;
    memset(&whole, 0, sizeof whole);
    uint64_t before = sim_alloc_count();
    assert_int_equal(life_run(s, &p, keep, &whole, err, sizeof err), SIM_OK);
    uint64_t allocs = sim_alloc_count() - before, failed = 0;
    assert_true(allocs > 100);
    for (uint64_t n = 1; n <= allocs; n++) {
        rows_t r;
        memset(&r, 0, sizeof r);
        sim_fail_alloc_after(n);
        sim_err_t rc = life_run(s, &p, keep, &r, err, sizeof err);
        sim_fail_alloc_after(0);
        if (rc != SIM_OK) {
            assert_int_equal(rc, SIM_ENOMEM);
            failed++;
        } else { /* a failure the run got over: nothing it shows may differ */
            same_totals(&whole, &r);
        }
        free(r.row);
    }
    assert_true(failed > 0);
    memset(&after, 0, sizeof after);
    assert_int_equal(life_run(s, &p, keep, &after, err, sizeof err), SIM_OK);
    same_totals(&whole, &after);
    free(whole.row);
    free(after.row);
    scr_free(s);
}

/* Conventional inserts, each version a dispenser search of its own: into
 * an empty segment, then into the holes deletes left under RETENTION NONE
 * (the searches find freed space, their chunks where the holes are), a
 * rollback between. */
static void test_conventional_into_an_aged_segment(void **state)
{
    (void)state;
    same_both_ways("create table t1 (id number primary key, c clob)\n"
                   "  lob (c) store as securefile (nocache retention none);\n"
                   "insert into t1 select level, rpad(to_clob('x'), 24000, 'x') from dual "
                   "connect by level <= 2000;\n"
                   "commit;\n"
                   "delete from t1 where mod(id, 2) = 0 or id between 700 and 900;\n"
                   "commit;\n"
                   "insert into t1 select level + 3000, rpad(to_clob('y'), 9000, 'y') from dual "
                   "connect by level <= 1500;\n"
                   "rollback;\n"
                   "insert into t1 select level + 3000, rpad(to_clob('y'), 40000, 'y') from dual "
                   "connect by level <= 1500;\n"
                   "commit;\n",
                   0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_seed_insert),
        cmocka_unit_test(test_runs_end_and_rows_live_on),
        cmocka_unit_test(test_storage_clauses),
        cmocka_unit_test(test_other_session_keys),
        cmocka_unit_test(test_over_a_link),
        cmocka_unit_test(test_pieces_smaller_than_a_block),
        cmocka_unit_test(test_conventional_into_an_aged_segment),
        cmocka_unit_test(test_every_allocation_fails_cleanly),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
