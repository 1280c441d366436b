/*
 * test_heap_views.c -- the results store's user_tables and user_indexes
 * views (and their latest_ pair), read back with plain SQL as a user would:
 * forged sessions with figures chosen by hand, and a heap run of the model
 * recorded as lobbench records it.
 *
 * Every test works in its own mkdtemp directory, removed afterwards.
 */
#define _POSIX_C_SOURCE 200809L

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "store_util.h"

#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "results.h"
#include "workload.h"

typedef store_dir_t fixture_t;

static int setup(void **state)
{
    return store_dir_setup(state, "views");
}

static int teardown(void **state)
{
    return store_dir_teardown(state);
}

/* The rows of `sql` as text, columns joined by '|', rows ended by '\n'. */
static void sql_text(const char *db_path, const char *sql, char *out, size_t len)
{
    sqlite3 *db;
    sqlite3_stmt *st;
    assert_int_equal(sqlite3_open_v2(db_path, &db, SQLITE_OPEN_READONLY, NULL), SQLITE_OK);
    if (sqlite3_prepare_v2(db, sql, -1, &st, NULL) != SQLITE_OK)
        fail_msg("%s: %s", sql, sqlite3_errmsg(db));
    size_t used = 0;
    out[0] = '\0';
    int rc;
    while ((rc = sqlite3_step(st)) == SQLITE_ROW)
        for (int c = 0; c < sqlite3_column_count(st); c++) {
            const unsigned char *v = sqlite3_column_text(st, c);
            int last = c + 1 == sqlite3_column_count(st);
            used += (size_t)snprintf(out + used, len - used, "%s%s", v ? (const char *)v : "NULL",
                                     last ? "\n" : "|");
            assert_true(used < len);
        }
    if (rc != SQLITE_DONE)
        fail_msg("%s: %s", sql, sqlite3_errmsg(db));
    sqlite3_finalize(st);
    sqlite3_close(db);
}

static void expect_rows(const char *db, const char *sql, const char *want)
{
    char got[4096];
    sql_text(db, sql, got, sizeof got);
    if (strcmp(got, want) != 0)
        fail_msg("%s\n-- got:\n%s-- want:\n%s", sql, got, want);
}

static res_store_t *open_ok(const char *path)
{
    res_store_t *s = NULL;
    char err[512];
    if (res_open(path, RES_OPEN_CREATE, &s, err, sizeof err) != SIM_OK)
        fail_msg("res_open(%s): %s", path, err);
    return s;
}

/* A heap session at block size bs: table figures t[3] (num_rows, blocks,
 * avg_row_len) and index figures ix[3][3] (PK, ID, BI: num_rows, blevel,
 * leaf_blocks); the rest of the catalogue zero. */
static void heap_session(res_session_t *s, const char *workload, uint32_t bs, const uint64_t t[3],
                         const uint64_t ix[3][3])
{
    static const sim_stat_t tab[3] = {SIM_STAT_TAB_NUM_ROWS, SIM_STAT_TAB_BLOCKS,
                                      SIM_STAT_TAB_AVG_ROW_LEN};
    static const sim_stat_t idx[3][3] = {
        {SIM_STAT_PK_NUM_ROWS, SIM_STAT_PK_BLEVEL, SIM_STAT_PK_LEAF_BLOCKS},
        {SIM_STAT_ID_NUM_ROWS, SIM_STAT_ID_BLEVEL, SIM_STAT_ID_LEAF_BLOCKS},
        {SIM_STAT_BI_NUM_ROWS, SIM_STAT_BI_BLEVEL, SIM_STAT_BI_LEAF_BLOCKS},
    };
    memset(s, 0, sizeof *s);
    s->workload = workload;
    s->path = "local";
    s->lob_chars = 2048;
    s->block_size = bs;
    s->rows = 10000000;
    s->seed = 1;
    for (int i = 0; t && i < 3; i++)
        s->stats.v[tab[i]] = t[i];
    for (int i = 0; ix && i < 3; i++)
        for (int k = 0; k < 3; k++)
            s->stats.v[idx[i][k]] = ix[i][k];
}

static int64_t record(res_store_t *s, const res_session_t *ss, size_t n, int completed)
{
    res_run_t run;
    res_run_defaults(&run);
    run.started = 1700000000;
    run.seed = 1;
    run.completed = completed;
    int64_t id = 0;
    if (res_record_run(s, &run, ss, n, &id) != SIM_OK)
        fail_msg("res_record_run: %s", res_errmsg(s));
    return id;
}

/* The published figures where given (8k, 32k) and made-up ones for 16k. */
static const uint64_t tab8[3] = {10000000, 48459, 30}, tab16[3] = {10000000, 24001, 31},
                      tab32[3] = {10000000, 11933, 29};
static const uint64_t ix8[3][3] = {{10000000, 2, 23504}, {10000000, 2, 44643}, {3211, 2, 1606}};
static const uint64_t ix16[3][3] = {{9999999, 3, 11111}, {9999998, 1, 22222}, {1617, 0, 809}};
static const uint64_t ix32[3][3] = {{10000000, 2, 5764}, {10000000, 2, 10929}, {759, 1, 380}};

/* Three runs: run 1 (ctas at 8k and 32k, and an fts session, which has no
 * table figures), run 2 (ctas at 16k), run 3 not completed (ctas at 32k). */
static void test_forged_sessions(void **state)
{
    fixture_t *f = *state;
    res_store_t *s = open_ok(f->db);
    res_session_t ss[3];
    heap_session(&ss[0], "ctas", 8192, tab8, ix8);
    heap_session(&ss[1], "fts", 8192, NULL, NULL);
    ss[1].stats.v[SIM_STAT_PHYS_READS] = 48196;
    heap_session(&ss[2], "ctas", 32768, tab32, ix32);
    assert_int_equal(record(s, ss, 3, 1), 1);
    heap_session(&ss[0], "ctas", 16384, tab16, ix16);
    assert_int_equal(record(s, ss, 1, 1), 2);
    assert_int_equal(record(s, ss + 2, 1, 0), 3);
    res_close(s);

    expect_rows(f->db,
                "SELECT table_name, num_rows, blocks, avg_row_len, run, source, block_size "
                "FROM user_tables",
                "TAB8K|10000000|48459|30|1|lobsim|8192\n"
                "TAB32K|10000000|11933|29|1|lobsim|32768\n"
                "TAB16K|10000000|24001|31|2|lobsim|16384\n"
                "TAB32K|10000000|11933|29|3|lobsim|32768\n");
    expect_rows(f->db,
                "SELECT index_name, table_name, index_type, uniqueness, num_rows, blevel, "
                "leaf_blocks, run, block_size FROM user_indexes WHERE run = 1",
                "PK_8K|TAB8K|NORMAL|UNIQUE|10000000|2|23504|1|8192\n"
                "ID_8K|TAB8K|NORMAL|NONUNIQUE|10000000|2|44643|1|8192\n"
                "BI_8K|TAB8K|BITMAP|NONUNIQUE|3211|2|1606|1|8192\n"
                "PK_32K|TAB32K|NORMAL|UNIQUE|10000000|2|5764|1|32768\n"
                "ID_32K|TAB32K|NORMAL|NONUNIQUE|10000000|2|10929|1|32768\n"
                "BI_32K|TAB32K|BITMAP|NONUNIQUE|759|1|380|1|32768\n");
    /* An Oracle query runs unchanged: by name, with a blevel of 0. */
    expect_rows(f->db,
                "SELECT index_name, blevel, leaf_blocks FROM user_indexes "
                "WHERE table_name = 'TAB16K' ORDER BY index_name",
                "BI_16K|0|809\nID_16K|1|22222\nPK_16K|3|11111\n");
    /* latest_: the last completed run only (run 3 is not completed). */
    expect_rows(f->db, "SELECT table_name, blocks, run FROM latest_user_tables",
                "TAB16K|24001|2\n");
    expect_rows(f->db, "SELECT index_name, num_rows, run FROM latest_user_indexes",
                "PK_16K|9999999|2\nID_16K|9999998|2\nBI_16K|1617|2\n");
}

/* The model's ctas at 8k and 32k, recorded as lobbench records a case (the
 * session statistics, the sum of the parts): the views show the figures the
 * workload returned, under Oracle's names. */
static void test_model_run(void **state)
{
    fixture_t *f = *state;
    static const uint32_t bs[2] = {8192, 32768};
    res_session_t ss[2];
    sim_stats_t st[2];
    for (int i = 0; i < 2; i++) {
        case_t c;
        case_defaults(&c);
        c.workload = (unsigned)workload_find("ctas");
        c.block_size = bs[i];
        c.rows = 200000;
        case_result_t r;
        char msg[256];
        if (workload_run(&c, &r, msg, sizeof msg) != SIM_OK)
            fail_msg("ctas at %u: %s", bs[i], msg);
        case_result_total(&r, &st[i]);
        heap_session(&ss[i], "ctas", bs[i], NULL, NULL);
        ss[i].rows = c.rows;
        ss[i].stats = st[i];
    }
    res_store_t *s = open_ok(f->db);
    record(s, ss, 2, 1);
    res_close(s);
    char want[1024];
    snprintf(want, sizeof want, "TAB8K|%llu|%llu|%llu\nTAB32K|%llu|%llu|%llu\n",
             (unsigned long long)st[0].v[SIM_STAT_TAB_NUM_ROWS],
             (unsigned long long)st[0].v[SIM_STAT_TAB_BLOCKS],
             (unsigned long long)st[0].v[SIM_STAT_TAB_AVG_ROW_LEN],
             (unsigned long long)st[1].v[SIM_STAT_TAB_NUM_ROWS],
             (unsigned long long)st[1].v[SIM_STAT_TAB_BLOCKS],
             (unsigned long long)st[1].v[SIM_STAT_TAB_AVG_ROW_LEN]);
    expect_rows(f->db, "SELECT table_name, num_rows, blocks, avg_row_len FROM latest_user_tables",
                want);
    assert_int_equal(st[0].v[SIM_STAT_TAB_NUM_ROWS], 200000);
    snprintf(want, sizeof want, "BI_32K|%llu|%llu|%llu\n",
             (unsigned long long)st[1].v[SIM_STAT_BI_NUM_ROWS],
             (unsigned long long)st[1].v[SIM_STAT_BI_BLEVEL],
             (unsigned long long)st[1].v[SIM_STAT_BI_LEAF_BLOCKS]);
    expect_rows(f->db,
                "SELECT index_name, num_rows, blevel, leaf_blocks FROM user_indexes "
                "WHERE index_name = 'BI_32K'",
                want);
}

/* A program that records tells the store workload/'s table, row for row:
 * a row added there is in every store its next run records into.  The
 * reference's workload is one of them. */
static void test_workload_table(void **state)
{
    fixture_t *f = *state;
    assert_true(workload_find(RES_REF_WORKLOAD) >= 0);
    res_workload_t wl[WORKLOAD_MAX];
    char want[4096] = "";
    size_t used = 0;
    for (size_t i = 0; i < workload_count(); i++) {
        wl[i] = (res_workload_t){workload_name(i), workload_family(i), workload_title(i)};
        used += (size_t)snprintf(want + used, sizeof want - used, "%zu|%s|%s|%s\n", i,
                                 workload_name(i), workload_family(i), workload_title(i));
    }
    res_store_t *s = open_ok(f->db);
    assert_int_equal(res_set_workloads(s, wl, workload_count()), SIM_OK);
    res_session_t ss;
    heap_session(&ss, "ctas", 8192, tab8, ix8);
    record(s, &ss, 1, 1);
    res_close(s);
    expect_rows(f->db, "SELECT position, name, family, title FROM workloads ORDER BY position",
                want);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_forged_sessions, setup, teardown),
        cmocka_unit_test_setup_teardown(test_model_run, setup, teardown),
        cmocka_unit_test_setup_teardown(test_workload_table, setup, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
