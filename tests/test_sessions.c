/* test_sessions.c -- sessions at once (life_sim.h, life_sessions_run()):
 * each session on its own rows, and each shared resource the time model
 * names -- the HW enqueue, the dispenser latch and its dispensers, the
 * hash-bucket blocks, the storage, LGWR's group commit and PL/SQL's commit
 * optimisation -- seen working and seen switched off by its own
 * parameter. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "life_sim_int.h"

/* Each session: rows inserted one at a time, committed by SQL (not
 * PL/SQL), into a NOCACHE SecureFile in uniform 64 KB extents: 8 blocks,
 * so that the segment grows every few LOBs. */
#define UNIFORM                                                                                    \
    "create tablespace s datafile size 400m extent management local uniform size 64k "             \
    "segment space management auto;\n"                                                             \
    "create table t (id number, c clob) tablespace s lob (c) store as securefile "                 \
    "(tablespace s disable storage in row nocache);\n"

#define ROW(i)                                                                                     \
    "insert into t select " #i ", rpad(to_clob('x'), 20000, 'x') from dual connect by level "      \
    "<= 1;\ncommit;\n"

static const char *rows_sql = UNIFORM ROW(1) ROW(2) ROW(3) ROW(4) ROW(5) ROW(6) ROW(7) ROW(8);

/* A PL/SQL loop committing each row: 20 transactions a session. */
static const char *loop_sql =
    "create table t (id number, c clob) lob (c) store as securefile (nocache);\n"
    "declare\n  v clob := rpad('x', 12000, 'x');\nbegin\n"
    "  for i in 1 .. 20 loop\n    insert into t values (i, v);\n    commit;\n  end loop;\n"
    "end;\n/\n";

static scr_script_t *parse(const char *text)
{
    scr_options_t so;
    scr_options_defaults(&so);
    scr_script_t *s;
    char err[SCR_ERR_LEN];
    if (scr_parse("test.sql", text, strlen(text), &so, &s, err, sizeof err) != SIM_OK)
        fail_msg("parse: %s", err);
    return s;
}

static void run(const char *text, const life_params_t *p, uint32_t n, life_ses_result_t *r)
{
    life_params_t def;
    life_params_defaults(&def);
    scr_script_t *s = parse(text);
    char err[SCR_ERR_LEN + 64];
    sim_err_t rc = life_sessions_run(s, p ? p : &def, n, 0, r, err, sizeof err);
    if (rc != SIM_OK)
        fail_msg("run: %s", err);
    scr_free(s);
}

/* Each session runs the whole DML on its own rows: n times the work of
 * one, the rows of every session in the table. */
static void test_each_session_its_rows(void **state)
{
    (void)state;
    life_ses_result_t one, four;
    run(loop_sql, NULL, 1, &one);
    run(loop_sql, NULL, 4, &four);
    assert_int_equal(one.sys.transactions, 20);
    assert_int_equal(four.sys.transactions, 80);
    assert_int_equal(four.sys.st.v[SIM_STAT_USER_COMMITS], 80);
    for (uint32_t k = 0; k < 4; k++) {
        assert_int_equal(four.s[k].transactions, 20);
        /* A dispenser allocation a LOB (its chunks depend on where the
         * extents' ends fall among the sessions' LOBs). */
        assert_int_equal(four.s[k].st.v[SIM_STAT_DSP_ALLOCATIONS], 20);
        assert_int_equal(four.s[k].latch_gets, 20);
    }
    /* PL/SQL's commits do not wait: one log file sync a session, at the
     * block's end. */
    assert_int_equal(one.sys.waits[LIFE_EV_LOG_SYNC], 1);
    assert_int_equal(four.sys.waits[LIFE_EV_LOG_SYNC], 4);
    life_ses_result_free(&one);
    life_ses_result_free(&four);
}

/* A session's delete sees its own rows only: each of four deletes its 5
 * of 10 in-row LOBs (an undo record a row: 10 inserted, 5 deleted), as one
 * session alone does. */
static void test_delete_own_rows(void **state)
{
    (void)state;
    const char *sql = "create table t (id number, c clob) lob (c) store as securefile;\n"
                      "insert into t select rownum, rpad('x', 100, 'x') from dual connect by "
                      "level <= 10;\ncommit;\ndelete from t where id > 5;\ncommit;\n";
    life_ses_result_t one, four;
    run(sql, NULL, 1, &one);
    run(sql, NULL, 4, &four);
    assert_int_equal(one.s[0].st.v[SIM_STAT_USED_UREC], 15);
    for (uint32_t k = 0; k < 4; k++)
        assert_int_equal(four.s[k].st.v[SIM_STAT_USED_UREC], 15);
    life_ses_result_free(&one);
    life_ses_result_free(&four);
}

/* A rollback or a commit with nothing to end takes no time and is not the
 * session's end: the rows after it are inserted (the fuzz target
 * fuzz_life found sessions stalled there). */
static void test_empty_transaction(void **state)
{
    (void)state;
    const char *sql = "create table t (id number, c clob) lob (c) store as securefile;\n"
                      "insert into t values (1, rpad('x', 100, 'x'));\ncommit;\nrollback;\n"
                      "commit;\ninsert into t values (2, rpad('x', 100, 'x'));\ncommit;\n";
    life_ses_result_t r;
    run(sql, NULL, 2, &r);
    for (uint32_t k = 0; k < 2; k++)
        assert_int_equal(r.s[k].st.v[SIM_STAT_USED_UREC], 2);
    life_ses_result_free(&r);
}

/* A PL/SQL block stops after each commit when asked (sessions at once): a
 * loop of 20 committed rows is 20 turns, and each session keeps its own
 * place in it while another runs the same block. */
static void test_block_stops_at_commits(void **state)
{
    (void)state;
    scr_script_t *s = parse(loop_sql);
    life_params_t p;
    life_params_defaults(&p);
    char err[SCR_ERR_LEN + 64];
    life_db_t *db;
    assert_int_equal(life_open(s, &p, err, sizeof err, &db), SIM_OK);
    life_set_yield(db, 1);
    assert_int_equal(life_exec(db, &s->stmts[0], 0, 1), SIM_OK);
    assert_int_equal(life_exec(db, &s->stmts[1], 0, 2), SIM_OK);
    assert_true(life_stopped(db));
    int turns = 0;
    do {
        assert_int_equal(life_exec(db, &s->stmts[1], 1, 2), SIM_OK);
        turns++;
    } while (life_stopped(db) && turns < 100);
    assert_int_equal(turns, 20);
    turns = 1;
    do {
        assert_int_equal(life_exec(db, &s->stmts[1], 0, 2), SIM_OK);
        turns++;
    } while (life_stopped(db) && turns < 100);
    assert_int_equal(turns, 20);
    life_close(db);
    scr_free(s);
}

/* A sleep in a PL/SQL block takes the session's time, and the clock moves
 * with it: each session fills 16 LOBs, deletes them (RETENTION MIN 2 keeps
 * their space 2 s), sleeps, and fills 16 more.  After sleep(3) the space
 * has expired and the second round reuses it; after sleep(0) it has not,
 * and the segment grows again. */
#define SLEEP_SQL(s)                                                                               \
    "create table t (id number, c clob) lob (c) store as securefile (nocache retention min 2);\n"  \
    "declare\n  v clob := rpad('x', 20000, 'x');\nbegin\n"                                         \
    "  for i in 1 .. 16 loop\n    insert into t values (i, v);\n  end loop;\n  commit;\n"          \
    "  delete from t;\n  commit;\n  dbms_session.sleep(" #s ");\n"                                 \
    "  for i in 17 .. 32 loop\n    insert into t values (i, v);\n  end loop;\n  commit;\n"         \
    "end;\n/\n"

static void test_sleep_in_block(void **state)
{
    (void)state;
    life_ses_result_t slept, not ;
    run(SLEEP_SQL(3), NULL, 2, &slept);
    run(SLEEP_SQL(0), NULL, 2, &not );
    for (uint32_t k = 0; k < 2; k++) {
        assert_int_equal(slept.s[k].idle_ns, 3000000000ull);
        assert_true(slept.s[k].end_ns >= 3000000000ull);
        assert_int_equal(not .s[k].idle_ns, 0);
    }
    /* The second round's LOBs took expired space: the segment grew in the
     * first round only. */
    assert_true(slept.sys.extents > 0);
    assert_true(not .sys.extents > slept.sys.extents);
    life_ses_result_free(&slept);
    life_ses_result_free(&not );
}

static void run_snapped(const char *text, uint32_t n, uint64_t snap_ns, life_ses_result_t *r)
{
    life_params_t def;
    life_params_defaults(&def);
    scr_script_t *s = parse(text);
    char err[SCR_ERR_LEN + 64];
    if (life_sessions_run(s, &def, n, snap_ns, r, err, sizeof err) != SIM_OK)
        fail_msg("run: %s", err);
    scr_free(s);
}

/* a == b, every figure but end_ns. */
static void assert_figures_equal(const life_ses_figures_t *a, const life_ses_figures_t *b)
{
    for (int e = 0; e < LIFE_EVENTS; e++) {
        assert_int_equal(a->waits[e], b->waits[e]);
        assert_int_equal(a->wait_ns[e], b->wait_ns[e]);
    }
    assert_int_equal(a->cpu_ns, b->cpu_ns);
    assert_int_equal(a->idle_ns, b->idle_ns);
    assert_int_equal(a->latch_gets, b->latch_gets);
    assert_int_equal(a->latch_misses, b->latch_misses);
    assert_int_equal(a->latch_sleeps, b->latch_sleeps);
    assert_int_equal(a->hw_gets, b->hw_gets);
    assert_int_equal(a->extents, b->extents);
    assert_int_equal(a->transactions, b->transactions);
    for (int i = 0; i < SIM_STAT_COUNT; i++)
        assert_int_equal(a->st.v[i], b->st.v[i]);
}

/* Snapshots every 2 ms of model time (--snapshot-every=0.002s): each
 * interval ends 2 ms after the last, the last with the run, and their
 * deltas add up to the run's figures, contention statistics included;
 * taking them changes nothing of the run. */
static void test_snapshots_add_up(void **state)
{
    (void)state;
    life_ses_result_t plain, snapped;
    run_snapped(rows_sql, 4, 0, &plain);
    run_snapped(rows_sql, 4, 2000000, &snapped);
    assert_int_equal(plain.nsnaps, 0);
    assert_true(snapped.nsnaps > 2);
    assert_int_equal(snapped.sys.end_ns, plain.sys.end_ns);
    assert_figures_equal(&snapped.sys, &plain.sys);
    life_ses_figures_t total;
    memset(&total, 0, sizeof total);
    for (uint32_t i = 0; i < snapped.nsnaps; i++) {
        const life_ses_snap_t *sn = &snapped.snaps[i];
        if (i + 1 < snapped.nsnaps)
            assert_int_equal(sn->end_ns, (i + 1) * 2000000ull);
        else
            assert_int_equal(sn->end_ns, snapped.sys.end_ns);
        for (int e = 0; e < LIFE_EVENTS; e++) {
            total.waits[e] += sn->sys.waits[e];
            total.wait_ns[e] += sn->sys.wait_ns[e];
        }
        total.cpu_ns += sn->sys.cpu_ns;
        total.idle_ns += sn->sys.idle_ns;
        total.latch_gets += sn->sys.latch_gets;
        total.latch_misses += sn->sys.latch_misses;
        total.latch_sleeps += sn->sys.latch_sleeps;
        total.hw_gets += sn->sys.hw_gets;
        total.extents += sn->sys.extents;
        total.transactions += sn->sys.transactions;
        for (int k = 0; k < SIM_STAT_COUNT; k++)
            total.st.v[k] += sn->sys.st.v[k];
    }
    assert_figures_equal(&total, &plain.sys);
    assert_true(plain.sys.st.v[SIM_STAT_WAIT_HW] > 0);
    life_ses_result_free(&plain);
    life_ses_result_free(&snapped);
}

/* A run that ends on a snapshot's time: with a snapshot every run's
 * length, the one interval holds the whole run, the events at its last
 * instant (the last commit's log write) included (fuzz_life found them
 * left out). */
static void test_snapshot_at_the_end(void **state)
{
    (void)state;
    life_ses_result_t plain, snapped;
    run_snapped(rows_sql, 4, 0, &plain);
    run_snapped(rows_sql, 4, plain.sys.end_ns, &snapped);
    assert_int_equal(snapped.nsnaps, 1);
    assert_int_equal(snapped.snaps[0].end_ns, plain.sys.end_ns);
    assert_figures_equal(&snapped.snaps[0].sys, &plain.sys);
    life_ses_result_free(&plain);
    life_ses_result_free(&snapped);
}

/* Time that passes shows in its intervals: both sessions sleep 3 s
 * between their rounds, so with a snapshot a second, the interval [1 s,
 * 2 s) holds no transaction and no DB time. */
static void test_snapshots_over_sleep(void **state)
{
    (void)state;
    life_ses_result_t r;
    run_snapped(SLEEP_SQL(3), 2, 1000000000ull, &r);
    assert_int_equal(r.nsnaps, 4);
    assert_true(r.snaps[0].sys.transactions > 0);
    assert_int_equal(r.snaps[1].sys.transactions, 0);
    assert_int_equal(r.snaps[1].sys.cpu_ns, 0);
    assert_int_equal(r.snaps[1].sys.wait_ns[LIFE_EV_DIRECT_WRITE], 0);
    assert_true(r.snaps[3].sys.transactions > 0);
    life_ses_result_free(&r);
}

/* Issue 43 item 19: the sleeps as Oracle's Idle wait event "PL/SQL lock
 * timer" -- a wait a sleep, its whole microseconds in the intervals adding
 * up to the sessions' 2 x 3 s -- and DB CPU as the statistic of that name
 * (v$sess_time_model), whose intervals add up to the run's: 20 us more a
 * row changed (ses.row_cpu_us) make 48 rows x 20 us = 960 us more for a
 * session alone (16 inserted, 16 deleted, 16 inserted). */
static void test_idle_and_db_cpu(void **state)
{
    (void)state;
    life_ses_result_t r;
    run_snapped(SLEEP_SQL(3), 2, 1000000000ull, &r);
    uint64_t idle_us = 0, idle_waits = 0, cpu_us = 0;
    for (uint32_t i = 0; i < r.nsnaps; i++) {
        idle_us += r.snaps[i].idle_us;
        idle_waits += r.snaps[i].sys.idle_waits;
        cpu_us += r.snaps[i].sys.st.v[SIM_STAT_DB_CPU_MICRO];
    }
    assert_int_equal(r.s[0].idle_waits, 1);
    assert_int_equal(r.s[1].idle_waits, 1);
    assert_int_equal(idle_waits, 2);
    assert_int_equal(idle_us, 6000000);
    assert_true(r.sys.st.v[SIM_STAT_DB_CPU_MICRO] > 0);
    assert_int_equal(cpu_us, r.sys.st.v[SIM_STAT_DB_CPU_MICRO]);
    assert_int_equal(r.s[0].st.v[SIM_STAT_DB_CPU_MICRO] + r.s[1].st.v[SIM_STAT_DB_CPU_MICRO],
                     r.sys.st.v[SIM_STAT_DB_CPU_MICRO]);
    life_ses_result_free(&r);
    life_params_t p;
    life_params_defaults(&p);
    life_ses_result_t base, more;
    run(SLEEP_SQL(3), &p, 1, &base);
    p.ses.row_cpu_us += 20;
    run(SLEEP_SQL(3), &p, 1, &more);
    assert_int_equal(more.s[0].st.v[SIM_STAT_DB_CPU_MICRO] - base.s[0].st.v[SIM_STAT_DB_CPU_MICRO],
                     960);
    assert_string_equal(life_idle_event_name(), "PL/SQL lock timer");
    assert_string_equal(life_idle_event_class(), "Idle");
    life_ses_result_free(&base);
    life_ses_result_free(&more);
}

/* `-- lobsim session: N`: session 1 alone fills and deletes, session 2
 * alone inserts; the statements of all run in both.  A marker before DDL,
 * or naming a session the run has not, is refused with its line. */
static void test_session_parts(void **state)
{
    (void)state;
    const char *sql = "create table t (id number, c clob) lob (c) store as securefile;\n"
                      "-- lobsim session: 1\n"
                      "insert into t select rownum, rpad('x', 100, 'x') from dual connect by "
                      "level <= 10;\ncommit;\ndelete from t where id > 5;\ncommit;\n"
                      "-- lobsim session: 2\n"
                      "insert into t select rownum, rpad('x', 100, 'x') from dual connect by "
                      "level <= 3;\ncommit;\n"
                      "-- lobsim session: all\n"
                      "insert into t values (100, 'y');\ncommit;\n";
    life_ses_result_t r;
    run(sql, NULL, 2, &r);
    /* An undo record a row changed: 10 inserted + 5 deleted + 1; 3 + 1. */
    assert_int_equal(r.s[0].st.v[SIM_STAT_USED_UREC], 16);
    assert_int_equal(r.s[1].st.v[SIM_STAT_USED_UREC], 4);
    assert_int_equal(r.s[0].transactions, 3);
    assert_int_equal(r.s[1].transactions, 2);
    life_ses_result_free(&r);

    life_params_t def;
    life_params_defaults(&def);
    const char *bad[] = {"-- lobsim session: 2\ncreate table t (id number, c clob);\n",
                         "create table t (id number, c clob);\n-- lobsim session: 3\n"
                         "insert into t values (1, 'a');\ncommit;\n"};
    const char *want[] = {"test.sql:2: '-- lobsim session: 2' before a statement every session "
                          "shares (DDL, a setting or a query runs once): give it to all",
                          "test.sql:3: given to session 3, but the run has 2 sessions"};
    for (int k = 0; k < 2; k++) {
        scr_script_t *s = parse(bad[k]);
        char err[SCR_ERR_LEN + 64];
        assert_int_equal(life_sessions_run(s, &def, 2, 0, &r, err, sizeof err), SIM_EINVAL);
        assert_string_equal(err, want[k]);
        life_ses_result_free(&r);
        scr_free(s);
    }
}

/* One session alone waits on nothing another holds. */
static void test_alone_no_contention(void **state)
{
    (void)state;
    life_ses_result_t r;
    run(rows_sql, NULL, 1, &r);
    assert_true(r.sys.hw_gets > 0);
    assert_int_equal(r.sys.waits[LIFE_EV_HW], 0);
    assert_int_equal(r.sys.latch_misses, 0);
    assert_int_equal(r.sys.waits[LIFE_EV_BUFFER_BUSY], 0);
    /* SQL commits wait, each on its own write. */
    assert_int_equal(r.sys.waits[LIFE_EV_LOG_SYNC], 8);
    life_ses_result_free(&r);
}

/* Sessions growing one segment queue on its HW enqueue; held for no time,
 * nobody waits on it. */
static void test_hw_enqueue(void **state)
{
    (void)state;
    life_params_t p;
    life_params_defaults(&p);
    life_ses_result_t r;
    run(rows_sql, &p, 8, &r);
    assert_true(r.sys.waits[LIFE_EV_HW] > 0);
    assert_true(r.sys.wait_ns[LIFE_EV_HW] > 0);
    life_ses_result_free(&r);
    p.ses.hw_hold_us = 0;
    run(rows_sql, &p, 8, &r);
    assert_int_equal(r.sys.waits[LIFE_EV_HW], 0);
    life_ses_result_free(&r);
}

/* Two sessions growing one segment, adding an extent taking long beside
 * everything else: whenever one adds extents, the other needs space
 * meanwhile and waits on the HW enqueue, once per request that added
 * extents (but the last, if the other has nothing left to insert).  The
 * requests that add extents are those of one session inserting the same
 * 16 LOBs alike (the first adds the extents that hold the segment's
 * metadata as well: lob_space_create() places only the first). */
static void test_hw_once_per_extent(void **state)
{
    (void)state;
    life_params_t p;
    life_params_defaults(&p);
    p.ses.hw_hold_us = 50000;
    p.ses.write_us = 1;
    p.ses.log_write_us = 1;
    life_ses_result_t one, r;
    run(UNIFORM ROW(1) ROW(2) ROW(3) ROW(4) ROW(5) ROW(6) ROW(7) ROW(8) ROW(9) ROW(10) ROW(11)
            ROW(12) ROW(13) ROW(14) ROW(15) ROW(16),
        &p, 1, &one);
    assert_int_equal(one.sys.waits[LIFE_EV_HW], 0);
    uint64_t grew = one.sys.hw_gets;
    assert_true(grew >= 4);
    run(rows_sql, &p, 2, &r);
    assert_int_equal(r.sys.extents, one.sys.extents);
    /* Every request that adds extents makes the other session wait, but
     * perhaps the last one, when the other has nothing left to insert. */
    assert_true(r.sys.waits[LIFE_EV_HW] == grew || r.sys.waits[LIFE_EV_HW] == grew - 1);
    /* Each request either added extents or waited. */
    assert_int_equal(r.sys.hw_gets, grew + r.sys.waits[LIFE_EV_HW]);
    life_ses_result_free(&one);
    life_ses_result_free(&r);
}

/* The dispenser's latch: missed when sessions share one dispenser, never
 * when each has its own (ses.dispensers, as _securefiles_concurrency_estimate
 * sizes them). */
static void test_dispenser_latch(void **state)
{
    (void)state;
    life_params_t p;
    life_params_defaults(&p);
    p.ses.latch_hold_ns = 200000; /* long enough to be met */
    life_ses_result_t r;
    run(rows_sql, &p, 8, &r);
    assert_int_equal(r.sys.latch_gets, 64);
    assert_true(r.sys.latch_misses > 0);
    assert_true(r.sys.latch_sleeps > 0);
    assert_true(r.sys.waits[LIFE_EV_LATCH] == r.sys.latch_sleeps);
    life_ses_result_free(&r);
    p.ses.dispensers = 8;
    run(rows_sql, &p, 8, &r);
    assert_int_equal(r.sys.latch_gets, 64);
    assert_int_equal(r.sys.latch_misses, 0);
    life_ses_result_free(&r);
}

/* LGWR writes the commits waiting when it starts: eight sessions' commits
 * take fewer writes than commits, so each waits less than eight writes. */
static void test_group_commit(void **state)
{
    (void)state;
    life_params_t p;
    life_params_defaults(&p);
    p.ses.write_us = 1; /* the commits, not the storage, decide */
    p.ses.log_write_us = 5000;
    life_ses_result_t r;
    run(rows_sql, &p, 8, &r);
    assert_int_equal(r.sys.waits[LIFE_EV_LOG_SYNC], 64);
    /* Serial, 64 commits would take 64 writes of 5 ms: 320 ms. */
    assert_true(r.sys.end_ns < 64ull * 5000 * 1000 / 2);
    life_ses_result_free(&r);
}

/* A session alone: each of its 8 commits finds LGWR idle, starts a write
 * and waits for it to end, no more and no less: 8 log file syncs of
 * ses.log_write_us each, from the commit to the write's end. */
static void test_log_file_sync_time(void **state)
{
    (void)state;
    life_params_t p;
    life_params_defaults(&p);
    p.ses.log_write_us = 5000;
    life_ses_result_t r;
    run(rows_sql, &p, 1, &r);
    assert_int_equal(r.sys.waits[LIFE_EV_LOG_SYNC], 8);
    assert_int_equal(r.res.log_writes, 8);
    assert_int_equal(r.s[0].wait_ns[LIFE_EV_LOG_SYNC], 8ull * 5000 * 1000);
    assert_int_equal(r.sys.wait_ns[LIFE_EV_LOG_SYNC], 8ull * 5000 * 1000);
    life_ses_result_free(&r);
}

/* The storage serves ses.io_depth writes at once: with one, sessions queue
 * behind each other's writes. */
static void test_storage_queue(void **state)
{
    (void)state;
    life_params_t p;
    life_params_defaults(&p);
    life_ses_result_t deep, one;
    run(rows_sql, &p, 8, &deep);
    p.ses.io_depth = 1;
    run(rows_sql, &p, 8, &one);
    assert_int_equal(one.sys.waits[LIFE_EV_DIRECT_WRITE], deep.sys.waits[LIFE_EV_DIRECT_WRITE]);
    assert_true(one.sys.wait_ns[LIFE_EV_DIRECT_WRITE] > 2 * deep.sys.wait_ns[LIFE_EV_DIRECT_WRITE]);
    life_ses_result_free(&deep);
    life_ses_result_free(&one);
}

/* The sessions' figures add up to what the resources counted themselves:
 * every request let in once, every queued session handed the resource, every
 * waiting commit ended by a write.  Contended on purpose (a long latch
 * hold, one write at a time, a slow log). */
static void test_sessions_add_up(void **state)
{
    (void)state;
    life_params_t p;
    life_params_defaults(&p);
    p.ses.latch_hold_ns = 200000;
    p.ses.io_depth = 1;
    p.ses.log_write_us = 5000;
    p.ses.block_hold_us = 300;
    life_ses_result_t r;
    run(rows_sql, &p, 8, &r);
    const life_ses_figures_t *y = &r.sys;
    uint64_t gets = 0, waits[LIFE_EVENTS] = {0};
    for (uint32_t k = 0; k < r.n; k++) {
        gets += r.s[k].latch_gets;
        for (int e = 0; e < LIFE_EVENTS; e++)
            waits[e] += r.s[k].waits[e];
    }
    assert_int_equal(gets, y->latch_gets);
    for (int e = 0; e < LIFE_EVENTS; e++)
        assert_int_equal(waits[e], y->waits[e]);
    assert_int_equal(y->latch_gets, r.res.latch[0]);
    assert_int_equal(y->latch_misses, r.res.latch[1]);
    assert_int_equal(y->hw_gets, r.res.hw[0]);
    assert_int_equal(y->waits[LIFE_EV_HW], r.res.hw[1]);
    assert_int_equal(y->waits[LIFE_EV_BUFFER_BUSY], r.res.block[1]);
    assert_int_equal(y->waits[LIFE_EV_DIRECT_WRITE], r.res.io[0]);
    assert_int_equal(y->waits[LIFE_EV_LOG_SYNC], r.res.log_commits);
    /* Contended indeed, and the log written in groups. */
    assert_true(r.res.latch[1] > 0 && r.res.io[1] > 0 && r.res.block[1] > 0);
    assert_true(r.res.log_writes < r.res.log_commits);
    life_ses_result_free(&r);
}

/* The same script, sessions and parameters: the same figures, bit for bit. */
static void test_deterministic(void **state)
{
    (void)state;
    life_ses_result_t a, b;
    run(rows_sql, NULL, 5, &a);
    run(rows_sql, NULL, 5, &b);
    assert_memory_equal(&a.sys, &b.sys, sizeof a.sys);
    assert_memory_equal(a.s, b.s, 5 * sizeof *a.s);
    life_ses_result_free(&a);
    life_ses_result_free(&b);
}

/* A session's statement Oracle refuses is undone and listed; the session
 * goes on, as after ORA-00060 (one rule: life_exec()). */
static void test_error_goes_on(void **state)
{
    (void)state;
    life_params_t p;
    life_params_defaults(&p);
    scr_script_t *s =
        parse("create table t (id number, c clob) lob (c) store as securefile (nocache "
              "storage (maxsize 1m));\n" ROW(1) ROW(2) ROW(3) ROW(4) ROW(5) ROW(6));
    char err[SCR_ERR_LEN + 64];
    life_ses_result_t r;
    assert_int_equal(life_sessions_run(s, &p, 30, 0, &r, err, sizeof err), SIM_OK);
    assert_true(r.nerrors > 0);
    for (uint32_t i = 0; i < r.nerrors; i++) {
        assert_non_null(strstr(r.errors[i].text, "ORA-01691"));
        assert_true(r.errors[i].session >= 1 && r.errors[i].session <= 30);
    }
    /* every session ran to its end: none stopped at its error */
    for (uint32_t k = 0; k < 30; k++)
        assert_true(r.s[k].end_ns > 0);
    assert_int_equal(r.sys.deadlocks, 0);
    life_ses_result_free(&r);
    scr_free(s);
}

/* ---- row locks and deadlocks ------------------------------------------- */

/* Rows every session shares (`-- lobsim rows: shared`), loaded by
 * session 1 in the order 1, 3, 2, NOCACHE out of row.  Loading them takes
 * session 1 about 11.5 ms of model time (the first insert adds the extents
 * that hold the segment's metadata, each under the HW enqueue), which a
 * wait for its row lock adds to the seconds it sleeps: the bounds below
 * leave 20 ms. */
#define SHARED                                                                                     \
    "create table t (id number, c clob) lob (c) store as securefile "                              \
    "(disable storage in row nocache);\n"                                                          \
    "-- lobsim rows: shared\n-- lobsim session: 1\n" ROW(1) ROW(3) ROW(2)
#define SET(id, chars, cond)                                                                       \
    "update t set c = rpad(to_clob('y'), " #chars ", 'y') where id " cond ";\n"
#define SLEEP(s) "exec dbms_session.sleep(" #s ");\n"

/* Session 1 updates row 1, session 2 row 2; then session 1 rows 2 and 3
 * (row 3 first: it changes it, then meets session 2's lock on row 2) and
 * session 2 row 1: a cycle. */
static const char *deadlock_sql = SHARED SET(1, 4000, "= 1") SLEEP(2)
    SET(2, 12000, "> 1") "commit;\n"
                         "-- lobsim session: 2\n" SLEEP(1) SET(2, 28000, "= 2") SLEEP(2)
                             SET(1, 60000, "= 1") "commit;\n";

/* The rows as the deadlock leaves them, written by one session: row 1
 * session 2's 60,000 characters, row 2 its 28,000, row 3 as loaded. */
static const char *deadlock_end_sql =
    "create table t (id number, c clob) lob (c) store as securefile "
    "(disable storage in row nocache);\n" ROW(1) ROW(3) ROW(2) SET(1, 60000, "= 1")
        SET(2, 28000, "= 2") "commit;\n";

static uint64_t used_blocks(const life_ses_result_t *r)
{
    assert_int_equal(r->ntables, 1);
    return r->tables[0].segment.v[SIM_STAT_DSU_USED_BLOCKS];
}

/* Exactly one ORA-00060, to session 1 (waiting since about 2 s, it looks
 * first, about 3 s later), naming the statement of line 12; that statement
 * is rolled back whole (row 3, which it had changed, keeps its value) and
 * its session goes on: its commit lets session 2 update row 1.  Both
 * waits are counted as enq: TX - row lock contention. */
static void test_deadlock(void **state)
{
    (void)state;
    life_ses_result_t r, end, again;
    run(deadlock_sql, NULL, 2, &r);
    run(deadlock_end_sql, NULL, 1, &end);
    assert_int_equal(r.nerrors, 1);
    assert_int_equal(r.errors[0].session, 1);
    assert_int_equal(r.errors[0].line, 12);
    assert_int_equal(r.s[0].deadlocks, 1);
    assert_int_equal(r.s[1].deadlocks, 0);
    assert_int_equal(r.s[0].waits[LIFE_EV_TX], 1);
    assert_int_equal(r.s[1].waits[LIFE_EV_TX], 1);
    /* Session 1 waited from about 2 s to its look 3 s later; session 2
     * from about 3 s until session 1's commit just after. */
    assert_true(r.s[0].wait_ns[LIFE_EV_TX] >= 2990000000ull);
    assert_true(r.s[0].wait_ns[LIFE_EV_TX] <= 3000000000ull);
    assert_true(r.s[1].wait_ns[LIFE_EV_TX] >= 1990000000ull);
    assert_true(r.s[1].wait_ns[LIFE_EV_TX] <= 2020000000ull);
    assert_true(r.errors[0].at_ns >= 5000000000ull && r.errors[0].at_ns < 5100000000ull);
    /* What is left: session 2's two updates, row 3 untouched. */
    assert_int_equal(used_blocks(&r), used_blocks(&end));
    /* Same script, same figures. */
    run(deadlock_sql, NULL, 2, &again);
    assert_int_equal(again.nerrors, 1);
    assert_int_equal(again.errors[0].at_ns, r.errors[0].at_ns);
    for (uint32_t k = 0; k < 2; k++)
        assert_figures_equal(&again.s[k], &r.s[k]);
    life_ses_result_free(&r);
    life_ses_result_free(&end);
    life_ses_result_free(&again);
}

/* Two sessions updating one row without a cycle: the second waits on
 * enq: TX - row lock contention for about a second, until the first
 * commits, then updates it; no error.  Without the marker each session
 * updates its own row 1 and nobody waits. */
static const char *row_wait_sql = SHARED SET(1, 4000, "= 1")
    SLEEP(2) "commit;\n"
             "-- lobsim session: 2\n" SLEEP(1) SET(1, 60000, "= 1") "commit;\n";

static void test_row_lock_wait(void **state)
{
    (void)state;
    life_ses_result_t r, own;
    run(row_wait_sql, NULL, 2, &r);
    assert_int_equal(r.nerrors, 0);
    assert_int_equal(r.sys.deadlocks, 0);
    assert_int_equal(r.s[0].waits[LIFE_EV_TX], 0);
    assert_int_equal(r.s[1].waits[LIFE_EV_TX], 1);
    assert_true(r.s[1].wait_ns[LIFE_EV_TX] >= 990000000ull);
    assert_true(r.s[1].wait_ns[LIFE_EV_TX] <= 1020000000ull);
    /* Session 2's value is the row's at the end: 3 rows of 20,000
     * characters less row 1's, plus 60,000. */
    life_ses_result_t end;
    run("create table t (id number, c clob) lob (c) store as securefile "
        "(disable storage in row nocache);\n" ROW(1) ROW(3) ROW(2) SET(1, 60000, "= 1") "commit;\n",
        NULL, 1, &end);
    assert_int_equal(used_blocks(&r), used_blocks(&end));
    /* Each session's own rows: session 2 has no row 1 to wait for. */
    const char *sql = row_wait_sql;
    char *text = strdup(sql);
    char *m = strstr(text, "-- lobsim rows: shared");
    assert_non_null(m);
    memcpy(m, "-- lobsim rows: own   ", strlen("-- lobsim rows: shared"));
    run(text, NULL, 2, &own);
    assert_int_equal(own.sys.waits[LIFE_EV_TX], 0);
    free(text);
    life_ses_result_free(&r);
    life_ses_result_free(&own);
    life_ses_result_free(&end);
}

/* A wait for a transaction the script never ends is refused with one
 * line naming the statement (on Oracle the session would hang). */
static void test_wait_for_ever(void **state)
{
    (void)state;
    const char *sql = SHARED SET(1, 4000, "= 1") "-- lobsim session: 2\n" SLEEP(1)
        SET(1, 8000, "= 1") "commit;\n";
    scr_script_t *s = parse(sql);
    life_params_t p;
    life_params_defaults(&p);
    life_ses_result_t r;
    char err[SCR_ERR_LEN + 64];
    assert_int_equal(life_sessions_run(s, &p, 2, 0, &r, err, sizeof err), SIM_EINVAL);
    assert_non_null(strstr(err, "test.sql:13: session 2 waits for ever for session 1's row lock"));
    life_ses_result_free(&r);
    scr_free(s);
}

/* A rollback ends the transaction as a commit does: the session waiting
 * for its row lock goes on.  Session 1 updates row 1 and rolls back 2 s
 * later; session 2, from 1 s, waits for row 1 about a second, then
 * updates it and commits: no error, nobody waits for ever, and the table
 * holds session 2's value (session 1's is rolled back). */
static const char *rollback_wait_sql = SHARED SET(1, 4000, "= 1")
    SLEEP(2) "rollback;\n"
             "-- lobsim session: 2\n" SLEEP(1) SET(1, 60000, "= 1") "commit;\n";

static void test_rollback_releases_waiter(void **state)
{
    (void)state;
    life_ses_result_t r, end;
    run(rollback_wait_sql, NULL, 2, &r);
    assert_int_equal(r.nerrors, 0);
    assert_int_equal(r.sys.deadlocks, 0);
    assert_int_equal(r.s[0].waits[LIFE_EV_TX], 0);
    assert_int_equal(r.s[1].waits[LIFE_EV_TX], 1);
    assert_true(r.s[1].wait_ns[LIFE_EV_TX] >= 990000000ull);
    assert_true(r.s[1].wait_ns[LIFE_EV_TX] <= 1020000000ull);
    run("create table t (id number, c clob) lob (c) store as securefile "
        "(disable storage in row nocache);\n" ROW(1) ROW(3) ROW(2) SET(1, 60000, "= 1") "commit;\n",
        NULL, 1, &end);
    assert_int_equal(used_blocks(&r), used_blocks(&end));
    life_ses_result_free(&r);
    life_ses_result_free(&end);
}

/*
 * Which session of a cycle finds the deadlock (life_lock_victim(), issue
 * 43 item 20): each waiter looks every 3 s from the start of its wait, and
 * the first look at or after the instant the cycle closed finds it; two
 * looks at the same instant: the lower sid.  Worked by hand (times in s):
 *   two sessions, 0 waits for 1 and 1 for 0:
 *     since 0 and 3, closed at 4: looks at 6 (0's second) and 6 (1's
 *       first): the same instant, session 0, whichever wait closed it;
 *     since 3 and 0: again 6 and 6: session 0;
 *     since 0 and 2, closed at 2: looks at 3 and 5: session 0 at 3;
 *     since 2 and 0: looks at 5 and 3: session 1 at 3 (the first to look,
 *       not the lower sid);
 *   three sessions, 0 -> 1 -> 2 -> 0:
 *     since 0, 3, 4, closed at 4: looks at 6, 6, 7: session 0 at 6;
 *     since 4.5, 1, 4, closed at 4.5: looks at 7.5, 7, 7: session 1 at 7;
 *     since 0, 1, 4, closed at 4: 1 looks at 4, the instant itself;
 *   a chain, 0 waits for 1 who waits for nobody: no deadlock, nothing set.
 */
static void assert_victim(const uint32_t *wait_for, const uint64_t *since, uint32_t n, uint32_t k,
                          uint64_t now, uint32_t want, uint64_t want_at)
{
    uint32_t v = UINT32_MAX;
    uint64_t at = 0;
    assert_int_equal(life_lock_victim(wait_for, since, n, k, now, 3000000000ull, &v, &at), 1);
    assert_int_equal(v, want);
    assert_int_equal(at, want_at);
}

#define S(x) ((uint64_t)((x)*1000000000.0))

static void test_deadlock_victim_at_the_same_instant(void **state)
{
    (void)state;
    const uint32_t two[2] = {2, 1};
    uint64_t since[3] = {S(0), S(3)};
    assert_victim(two, since, 2, 1, S(4), 0, S(6));
    assert_victim(two, since, 2, 0, S(4), 0, S(6));
    since[0] = S(3), since[1] = S(0);
    assert_victim(two, since, 2, 0, S(4), 0, S(6));
    assert_victim(two, since, 2, 1, S(4), 0, S(6));
    since[0] = S(0), since[1] = S(2);
    assert_victim(two, since, 2, 1, S(2), 0, S(3));
    since[0] = S(2), since[1] = S(0);
    assert_victim(two, since, 2, 0, S(2), 1, S(3));
    const uint32_t three[3] = {2, 3, 1};
    uint64_t since3[3] = {S(0), S(3), S(4)};
    assert_victim(three, since3, 3, 2, S(4), 0, S(6));
    since3[0] = S(4.5), since3[1] = S(1), since3[2] = S(4);
    assert_victim(three, since3, 3, 0, S(4.5), 1, S(7));
    since3[0] = S(0);
    assert_victim(three, since3, 3, 2, S(4), 1, S(4));
    const uint32_t chain[2] = {2, 0};
    uint32_t v = 7;
    uint64_t at = 9;
    assert_int_equal(life_lock_victim(chain, since, 2, 0, S(4), S(3), &v, &at), 0);
    assert_int_equal(v, 7);
    assert_int_equal(at, 9);
}

/* An event exactly at a snapshot's time belongs to the next interval,
 * [start, end) (snap_upto() takes the snapshots due before anything of
 * that instant happens).  One session sleeps 1 s, then inserts a row and
 * commits, from exactly 1 s on; with a snapshot a second, the first
 * interval holds the sleep alone and the second the whole row. */
static void test_event_at_snapshot_time(void **state)
{
    (void)state;
    const char *sql = "create table t (id number, c clob) lob (c) store as securefile "
                      "(disable storage in row nocache);\n" SLEEP(1) ROW(1);
    life_ses_result_t plain, r;
    run_snapped(sql, 1, 0, &plain);
    run_snapped(sql, 1, 1000000000ull, &r);
    assert_true(plain.sys.end_ns > 1000000000ull && plain.sys.end_ns < 2000000000ull);
    assert_int_equal(r.nsnaps, 2);
    const life_ses_figures_t *a = &r.snaps[0].sys, *b = &r.snaps[1].sys;
    assert_int_equal(r.snaps[0].end_ns, 1000000000ull);
    assert_int_equal(a->idle_ns, 1000000000ull);
    assert_int_equal(a->transactions, 0);
    assert_int_equal(a->cpu_ns, 0);
    for (int e = 0; e < LIFE_EVENTS; e++)
        assert_int_equal(a->waits[e], 0);
    assert_int_equal(a->st.v[SIM_STAT_USER_COMMITS], 0);
    assert_int_equal(a->st.v[SIM_STAT_REDO_SIZE], 0);
    assert_int_equal(b->transactions, 1);
    assert_int_equal(b->st.v[SIM_STAT_USER_COMMITS], 1);
    assert_int_equal(b->st.v[SIM_STAT_REDO_SIZE], plain.sys.st.v[SIM_STAT_REDO_SIZE]);
    assert_true(b->st.v[SIM_STAT_REDO_SIZE] > 20000);
    assert_int_equal(b->cpu_ns, plain.sys.cpu_ns);
    life_ses_result_free(&plain);
    life_ses_result_free(&r);
}

/* A property test: random scripts of updates, deletes, inserts, commits,
 * rollbacks and sleeps on five shared rows in 2 to 4 sessions, 120 seeds.
 * The checked build checks every invariant after every change (lobspace's
 * uncommitted blocks the sum over the open transactions among them); each
 * run ends (every session commits last, so no wait is for ever), its
 * ORA-00060s name a session of the run and a line of the script. */
static uint64_t next_rand(uint64_t *x)
{
    *x ^= *x << 13;
    *x ^= *x >> 7;
    *x ^= *x << 17;
    return *x;
}

static void random_script(uint64_t seed, char *buf, size_t cap, uint32_t *n, uint32_t *lines)
{
    uint64_t x = seed * 0x9e3779b97f4a7c15ull + 1;
    static const unsigned sizes[] = {100, 5000, 9000, 20000};
    size_t at = 0;
    *n = 2 + (uint32_t)(next_rand(&x) % 3);
    *lines = 0;
#define EMIT(...) (at += (size_t)snprintf(buf + at, cap - at, __VA_ARGS__), ++*lines)
    EMIT("create table t (id number, c clob) lob (c) store as securefile "
         "(disable storage in row nocache retention min 1);\n");
    EMIT("-- lobsim rows: shared\n");
    for (uint32_t i = 1; i <= 5; i++)
        EMIT("insert into t values (%u, rpad('a', %u, 'a'));\n", i, sizes[next_rand(&x) % 3]);
    EMIT("commit;\n");
    for (uint32_t k = 1; k <= *n; k++) {
        EMIT("-- lobsim session: %u\n", k);
        EMIT("exec dbms_session.sleep(%u);\n", (unsigned)(next_rand(&x) % 3));
        for (uint64_t j = 2 + next_rand(&x) % 7; j > 0; j--) {
            uint64_t r = next_rand(&x) % 10, id = 1 + next_rand(&x) % 5;
            if (r < 5)
                EMIT("update t set c = rpad('u', %u, 'u') where id %s %u;\n",
                     sizes[next_rand(&x) % 4],
                     r < 2   ? ">"
                     : r < 3 ? "<"
                             : "=",
                     (unsigned)id);
            else if (r < 6)
                EMIT("delete from t where id = %u;\n", (unsigned)id);
            else if (r < 7)
                EMIT("insert into t values (%u, rpad('i', 6000, 'i'));\n", (unsigned)id);
            else if (r < 8)
                EMIT(r % 2 ? "commit;\n" : "rollback;\n");
            else
                EMIT("exec dbms_session.sleep(%u);\n", (unsigned)(1 + next_rand(&x) % 4));
        }
        EMIT("commit;\n");
    }
#undef EMIT
    assert_true(at < cap);
}

static void test_random_interleavings(void **state)
{
    (void)state;
    char buf[8192];
    uint64_t deadlocks = 0;
    for (uint64_t seed = 1; seed <= 120; seed++) {
        uint32_t n, lines;
        random_script(seed, buf, sizeof buf, &n, &lines);
        life_ses_result_t r;
        run(buf, NULL, n, &r);
        for (uint32_t i = 0; i < r.nerrors; i++) {
            assert_true(r.errors[i].session >= 1 && r.errors[i].session <= n);
            assert_true(r.errors[i].line >= 1 && r.errors[i].line <= lines);
        }
        assert_int_equal(r.nerrors, r.sys.deadlocks);
        deadlocks += r.nerrors;
        life_ses_result_free(&r);
    }
    /* The seeds meet deadlocks: the property covers ORA-00060's path. */
    assert_true(deadlocks > 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_each_session_its_rows),
        cmocka_unit_test(test_delete_own_rows),
        cmocka_unit_test(test_block_stops_at_commits),
        cmocka_unit_test(test_sleep_in_block),
        cmocka_unit_test(test_empty_transaction),
        cmocka_unit_test(test_snapshots_add_up),
        cmocka_unit_test(test_snapshot_at_the_end),
        cmocka_unit_test(test_snapshots_over_sleep),
        cmocka_unit_test(test_idle_and_db_cpu),
        cmocka_unit_test(test_session_parts),
        cmocka_unit_test(test_alone_no_contention),
        cmocka_unit_test(test_hw_enqueue),
        cmocka_unit_test(test_hw_once_per_extent),
        cmocka_unit_test(test_dispenser_latch),
        cmocka_unit_test(test_group_commit),
        cmocka_unit_test(test_log_file_sync_time),
        cmocka_unit_test(test_storage_queue),
        cmocka_unit_test(test_sessions_add_up),
        cmocka_unit_test(test_deterministic),
        cmocka_unit_test(test_error_goes_on),
        cmocka_unit_test(test_deadlock),
        cmocka_unit_test(test_row_lock_wait),
        cmocka_unit_test(test_wait_for_ever),
        cmocka_unit_test(test_rollback_releases_waiter),
        cmocka_unit_test(test_deadlock_victim_at_the_same_instant),
        cmocka_unit_test(test_event_at_snapshot_time),
        cmocka_unit_test(test_random_interleavings),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
