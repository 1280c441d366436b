/* test_life.c -- experiment 4's mechanisms, each from a script a user could
 * run on Oracle (life_sim.h): reuse under RETENTION NONE and MIN, rollback,
 * deduplication, compression, chunk splitting and shrink, and the redo of
 * CACHE and NOCACHE. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "life_sim.h"

#define MAX_STEPS 64

/* The figures of one table after each step. */
typedef struct {
    const char *table; /* the table followed, upper case */
    sim_stats_t at[MAX_STEPS + 1];
    sim_stats_t row[MAX_STEPS + 1]; /* the step's LIFE_PART_ROW */
    int seen[MAX_STEPS + 1];
    uint32_t last;
    char error[MAX_STEPS + 1][128]; /* each step's Oracle error, "" none (any table) */
    uint32_t steps;                 /* step entries handed over, every table */
} run_t;

static int keep(void *arg, const life_step_t *st)
{
    run_t *r = arg;
    r->steps++;
    if (st->step <= MAX_STEPS && st->error)
        snprintf(r->error[st->step], sizeof r->error[st->step], "%s", st->error);
    /* The session's row, then the table's segments: their sum is what a
     * step shows of the table (each figure is counted in one row). */
    if ((st->table && strcmp(st->table, r->table) != 0) || st->step > MAX_STEPS)
        return 0;
    for (int i = 0; i < SIM_STAT_COUNT; i++) {
        r->at[st->step].v[i] += st->total.v[i];
        r->row[st->step].v[i] += st->part[LIFE_PART_ROW].v[i];
    }
    /* seen: the table was alive after the step (a row of its own) */
    if (st->table) {
        r->seen[st->step] = 1;
        r->last = st->step;
    }
    return 0;
}

/* The script (after setup, when not NULL) run to its end or its WHENEVER
 * SQLERROR EXIT: the exit status, -1 when it ran to its end. */
static int run_full(const char *setup, const char *text, const char *table, const life_params_t *p,
                    int charset_al32utf8, run_t *r)
{
    scr_options_t so;
    scr_options_defaults(&so);
    if (charset_al32utf8)
        so.charset = SCR_CHARSET_AL32UTF8;
    scr_script_t *s;
    char err[SCR_ERR_LEN];
    sim_err_t rc = setup ? scr_parse_setup("setup.sql", setup, strlen(setup), "test.sql", text,
                                           strlen(text), &so, &s, err, sizeof err)
                         : scr_parse("test.sql", text, strlen(text), &so, &s, err, sizeof err);
    if (rc != SIM_OK)
        fail_msg("parse: %s", err);
    life_params_t def;
    life_params_defaults(&def);
    memset(r, 0, sizeof *r);
    r->table = table;
    int status;
    rc = life_run_status(s, p ? p : &def, keep, r, err, sizeof err, &status);
    if (rc != SIM_OK)
        fail_msg("run: %s", err);
    scr_free(s);
    return status;
}

static int run_setup(const char *setup, const char *text, const char *table, run_t *r)
{
    return run_full(setup, text, table, NULL, 0, r);
}

static void run_script(const char *text, const char *table, const life_params_t *p, run_t *r,
                       int charset_al32utf8)
{
    (void)run_full(NULL, text, table, p, charset_al32utf8, r);
}

static uint64_t fig(const run_t *r, uint32_t step, sim_stat_t st)
{
    assert_true(step <= MAX_STEPS && r->seen[step]);
    return r->at[step].v[st];
}

#define BLOCKS SIM_STAT_DSU_SEGMENT_BLOCKS

/* 20,000 characters, out of row: 3 blocks of 8,060 bytes each. */
#define ROUND                                                                                      \
    "insert into t select rownum, rpad(to_clob('x'), 20000, 'x') from dual connect by level <= "   \
    "1000;\n"

/* (a) RETENTION NONE: insert 1,000 LOBs, delete all, commit, insert 1,000
 * more of the same size: the segment does not grow. */
static void test_retention_none_reuses(void **state)
{
    (void)state;
    run_t r;
    run_script(
        "create table t (id number, c clob) lob (c) store as securefile (retention none);\n" ROUND
        "commit;\n"
        "delete from t;\n"
        "commit;\n" ROUND "commit;\n",
        "T", NULL, &r, 0);
    assert_int_equal(fig(&r, 3, SIM_STAT_DSU_USED_BLOCKS), 3000);
    assert_int_equal(fig(&r, 5, SIM_STAT_DSU_UNEXPIRED_BLOCKS), 0);
    assert_int_equal(fig(&r, 7, BLOCKS), fig(&r, 3, BLOCKS));
    assert_int_equal(fig(&r, 7, SIM_STAT_DSU_USED_BLOCKS), 3000);
}

/* (b) RETENTION MIN 900: the same grows; after 901 s a third round reuses
 * the expired space. */
static void test_retention_min_expires(void **state)
{
    (void)state;
    run_t r;
    run_script("create table t (id number, c clob) lob (c) store as securefile (retention min "
               "900);\n" ROUND "commit;\n"
               "delete from t;\n"
               "commit;\n" ROUND "commit;\n"
               "delete from t;\n"
               "commit;\n"
               "exec dbms_session.sleep(901)\n" ROUND "commit;\n",
               "T", NULL, &r, 0);
    assert_int_equal(fig(&r, 5, SIM_STAT_DSU_UNEXPIRED_BLOCKS), 3000);
    assert_true(fig(&r, 7, BLOCKS) >= fig(&r, 3, BLOCKS) + 3000 - 128);
    /* Before the sleep the freed versions are unexpired; after it, expired. */
    assert_int_equal(fig(&r, 9, SIM_STAT_DSU_UNEXPIRED_BLOCKS), 6000);
    assert_int_equal(fig(&r, 10, SIM_STAT_DSU_UNEXPIRED_BLOCKS), 0);
    assert_int_equal(fig(&r, 12, BLOCKS), fig(&r, 7, BLOCKS));
}

/* (c) Rollback of an update keeps the old version and frees the new one's
 * blocks at once. */
static void test_rollback_of_update(void **state)
{
    (void)state;
    run_t r;
    run_script("create table t (id number, c clob) lob (c) store as securefile;\n"
               "insert into t select rownum, rpad(to_clob('x'), 20000, 'x') from dual connect by "
               "level <= 100;\n"
               "commit;\n"
               "update t set c = rpad(to_clob('y'), 40000, 'y');\n"
               "rollback;\n"
               "delete from t;\n"
               "commit;\n",
               "T", NULL, &r, 0);
    assert_int_equal(fig(&r, 3, SIM_STAT_DSU_USED_BLOCKS), 300);
    /* In the transaction both versions are used. */
    assert_int_equal(fig(&r, 4, SIM_STAT_DSU_USED_BLOCKS), 300 + 500);
    assert_int_equal(fig(&r, 5, SIM_STAT_DSU_USED_BLOCKS), 300);
    assert_int_equal(fig(&r, 5, SIM_STAT_DSU_UNEXPIRED_BLOCKS), 0);
    /* Everything but the old versions and the metadata is reusable: what
     * was free before, and the extents the new versions added, less their
     * header blocks. */
    assert_int_equal(
        fig(&r, 5, SIM_STAT_DSU_EXPIRED_BLOCKS),
        fig(&r, 3, SIM_STAT_DSU_EXPIRED_BLOCKS) + fig(&r, 4, BLOCKS) - fig(&r, 3, BLOCKS) -
            (fig(&r, 4, SIM_STAT_SEG_LOB_EXTENTS) - fig(&r, 3, SIM_STAT_SEG_LOB_EXTENTS)));
    assert_true(fig(&r, 4, BLOCKS) > fig(&r, 3, BLOCKS));
    assert_int_equal(fig(&r, 5, SIM_STAT_LOB_LIVE), 100);
    /* The rows hold their old versions again: deleting them frees exactly
     * those, unexpired under RETENTION AUTO. */
    assert_int_equal(fig(&r, 7, SIM_STAT_DSU_USED_BLOCKS), 0);
    assert_int_equal(fig(&r, 7, SIM_STAT_DSU_UNEXPIRED_BLOCKS), 300);
}

/* Rollback of a delete gives the rows back, with their LOBs: 10 LOBs of 3
 * blocks, 3 of them deleted and rolled back, are 10 live LOBs on 30 used
 * blocks, and deleting every row then frees all 30 (RETENTION NONE: none
 * kept unexpired).  Rows left dead by the rollback would show 7 LOBs and
 * keep 9 blocks used for ever (txn-undodelete). */
static void test_rollback_of_delete(void **state)
{
    (void)state;
    run_t r;
    run_script("create table t (id number, c clob) lob (c) store as securefile (retention "
               "none);\n"
               "insert into t select rownum, rpad(to_clob('x'), 20000, 'x') from dual connect by "
               "level <= 10;\ncommit;\n"
               "delete from t where rownum < 4;\nrollback;\n"
               "delete from t;\ncommit;\n",
               "T", NULL, &r, 0);
    assert_int_equal(fig(&r, 4, SIM_STAT_LOB_LIVE), 7);
    assert_int_equal(fig(&r, 5, SIM_STAT_LOB_LIVE), 10);
    assert_int_equal(fig(&r, 5, SIM_STAT_DSU_USED_BLOCKS), 30);
    assert_int_equal(fig(&r, 7, SIM_STAT_LOB_LIVE), 0);
    assert_int_equal(fig(&r, 7, SIM_STAT_DSU_USED_BLOCKS), 0);
}

/* A row inserted, updated or deleted takes its table block in current
 * mode once: the rows' part of a step counts one `db block gets` a row
 * (10 inserted, 3 deleted, 1 updated), whatever the LOBs cost beside
 * (dml-rowgets counts two). */
static void test_row_block_gets(void **state)
{
    (void)state;
    run_t r;
    run_script("create table t (id number, c clob) lob (c) store as securefile;\n"
               "insert into t select rownum, rpad(to_clob('x'), 20000, 'x') from dual connect by "
               "level <= 10;\ncommit;\n"
               "delete from t where rownum < 4;\ncommit;\n"
               "update t set c = rpad(to_clob('y'), 100, 'y') where id = 5;\ncommit;\n",
               "T", NULL, &r, 0);
    assert_int_equal(r.row[2].v[SIM_STAT_DB_BLOCK_GETS], 10);
    assert_int_equal(r.row[4].v[SIM_STAT_DB_BLOCK_GETS], 3);
    assert_int_equal(r.row[6].v[SIM_STAT_DB_BLOCK_GETS], 1);
    assert_true(fig(&r, 2, SIM_STAT_DB_BLOCK_GETS) > 10); /* the LOBs' own besides */
}

/* Every LOB write takes its space through the segment's dispenser
 * (dispenser.h), as experiment 1's insert does: a direct-path insert (the
 * APPEND hint, create table as select) refills its allocation context, one
 * call a dispenser chunk loaded; a conventional insert (no hint, or a
 * plain comment that is no hint) searches once a LOB.  1,000 LOBs of 3
 * blocks: 24 MB, a few dozen dispenser chunks of 1..6 MB. */
static void test_direct_path_refills(void **state)
{
    (void)state;
    static const char *const how[] = {"insert /*+ append */ into t", "insert into t",
                                      "insert /* append */ into t"};
    uint64_t calls[3], loads[3];
    for (int i = 0; i < 3; i++) {
        char text[512];
        snprintf(text, sizeof text,
                 "create table t (id number, c clob) lob (c) store as securefile;\n"
                 "%s select rownum, rpad(to_clob('x'), 20000, 'x') from dual connect by level "
                 "<= 1000;\ncommit;\n",
                 how[i]);
        run_t r;
        run_script(text, "T", NULL, &r, 0);
        calls[i] = fig(&r, 2, SIM_STAT_DSP_ALLOCATIONS);
        loads[i] = fig(&r, 2, SIM_STAT_DSP_LOAD_TASKS);
        /* Undo records: one a dispenser run; the direct-path statement
         * one of its own (its rows none), a conventional insert one a
         * row. */
        assert_int_equal(fig(&r, 2, SIM_STAT_USED_UREC),
                         fig(&r, 2, SIM_STAT_DSP_CHUNKS) + (i == 0 ? 1 : 1000));
        assert_true(fig(&r, 2, SIM_STAT_SF_ALLOC_CHUNKS) >= 1000);
        assert_int_equal(fig(&r, 3, SIM_STAT_DSU_USED_BLOCKS), 3000);
    }
    assert_int_equal(calls[0], loads[0]); /* a refill takes the whole loaded chunk */
    assert_true(calls[0] > 0 && calls[0] < 100);
    assert_int_equal(calls[1], 1000); /* a search a LOB */
    assert_int_equal(calls[2], 1000);
    /* create table as select: direct path too. */
    run_t c;
    run_script("create table t (id number, c clob) lob (c) store as securefile;\n"
               "insert into t select rownum, rpad(to_clob('x'), 20000, 'x') from dual connect by "
               "level <= 1000;\ncommit;\ncreate table u as select * from t;\n",
               "U", NULL, &c, 0);
    assert_true(fig(&c, 4, SIM_STAT_DSP_ALLOCATIONS) < 100);
    assert_int_equal(fig(&c, 4, SIM_STAT_DSP_ALLOCATIONS), fig(&c, 4, SIM_STAT_DSP_LOAD_TASKS));
}

/* A direct-path insert after deletes under RETENTION NONE reuses the
 * freed space: the dispenser loads reusable space before it adds an
 * extent (dispenser.h), so the second round does not grow the segment.
 * Under RETENTION MAX (nothing reusable before MAXSIZE) it grows. */
static void test_direct_path_reuses(void **state)
{
    (void)state;
    static const char *const ret[] = {"retention none", "retention max"};
    uint64_t grew[2], free3[2];
    for (int i = 0; i < 2; i++) {
        char text[1024];
        snprintf(text, sizeof text,
                 "create table t (id number, c clob) lob (c) store as securefile (%s);\n"
                 "insert /*+ append */ into t select rownum, rpad(to_clob('x'), 20000, 'x') from "
                 "dual connect by level <= 1000;\ncommit;\n"
                 "delete from t;\ncommit;\n"
                 "insert /*+ append */ into t select 5000 + rownum, rpad(to_clob('x'), 20000, "
                 "'x') from dual connect by level <= 1000;\ncommit;\n",
                 ret[i]);
        run_t r;
        run_script(text, "T", NULL, &r, 0);
        assert_int_equal(fig(&r, 7, SIM_STAT_DSU_USED_BLOCKS), 3000);
        grew[i] = fig(&r, 7, BLOCKS) - fig(&r, 3, BLOCKS);
        free3[i] = fig(&r, 3, SIM_STAT_DSU_EXPIRED_BLOCKS);
    }
    assert_int_equal(grew[0], 0);
    /* MAX: the second round takes what was never used, then grows. */
    assert_true(grew[1] + free3[1] >= 3000);
}

/* (d) 1,000 equal LOBs: DEDUPLICATE uses the blocks of one LOB,
 * KEEP_DUPLICATES 1,000 times that. */
static void test_deduplicate(void **state)
{
    (void)state;
    const char *body = "declare\n"
                       "  v clob := rpad('X', 10000, 'X');\n"
                       "begin\n"
                       "  for i in 1 .. 1000 loop\n"
                       "    insert into t values (i, v);\n"
                       "  end loop;\n"
                       "  commit;\n"
                       "end;\n"
                       "/\n";
    char text[1024];
    run_t d, k;
    snprintf(text, sizeof text,
             "create table t (id number, c clob) lob (c) store as securefile (deduplicate);\n%s",
             body);
    run_script(text, "T", NULL, &d, 0);
    snprintf(
        text, sizeof text,
        "create table t (id number, c clob) lob (c) store as securefile (keep_duplicates);\n%s",
        body);
    run_script(text, "T", NULL, &k, 0);
    assert_int_equal(fig(&d, 2, SIM_STAT_DSU_USED_BLOCKS), 2);
    assert_int_equal(fig(&k, 2, SIM_STAT_DSU_USED_BLOCKS), 2000);
    assert_int_equal(fig(&d, 2, SIM_STAT_LOB_LIVE), 1);
    assert_int_equal(fig(&k, 2, SIM_STAT_LOB_LIVE), 1000);
}

/* (e) COMPRESS: 100,000 repeated characters fit one block; random text of
 * 36 symbols compresses little and takes no fewer blocks than uncompressed. */
static void test_compress(void **state)
{
    (void)state;
    run_t x, rnd, plain;
    run_script("create table t (id number, c clob) lob (c) store as securefile (compress high);\n"
               "insert into t select rownum, rpad(to_clob('x'), 100000, 'x') from dual connect by "
               "level <= 10;\n"
               "commit;\n",
               "T", NULL, &x, 0);
    assert_int_equal(fig(&x, 3, SIM_STAT_DSU_USED_BLOCKS), 10);
    /* In the row or not by the uncompressed length (life.inrow_compressed
     * = 0, an assumption): out of the row, a block each; judged by the
     * compressed length (1), below the in-row limit: in the row. */
    assert_int_equal(fig(&x, 3, SIM_STAT_LOB_INROW), 0);
    life_params_t byc;
    life_params_defaults(&byc);
    assert_int_equal(life_set_param(&byc, "life.inrow_compressed", 1), 0);
    run_script("create table t (id number, c clob) lob (c) store as securefile (compress high);\n"
               "insert into t select rownum, rpad(to_clob('x'), 100000, 'x') from dual connect by "
               "level <= 10;\n"
               "commit;\n",
               "T", &byc, &x, 0);
    assert_int_equal(fig(&x, 3, SIM_STAT_LOB_INROW), 10);
    assert_int_equal(fig(&x, 3, SIM_STAT_DSU_USED_BLOCKS), 0);
    const char *rs = "insert into t select rownum, to_clob(dbms_random.string('x', 4000)) || "
                     "to_clob(dbms_random.string('x', 4000)) || to_clob(dbms_random.string('x', "
                     "4000)) from dual connect by level <= 10;\n"
                     "commit;\n";
    char text[1024];
    snprintf(text, sizeof text,
             "create table t (id number, c clob) lob (c) store as securefile (compress high);\n%s",
             rs);
    run_script(text, "T", NULL, &rnd, 0);
    snprintf(text, sizeof text,
             "create table t (id number, c clob) lob (c) store as securefile (nocompress);\n%s",
             rs);
    run_script(text, "T", NULL, &plain, 0);
    assert_int_equal(fig(&plain, 3, SIM_STAT_DSU_USED_BLOCKS), 20);
    assert_true(fig(&rnd, 3, SIM_STAT_DSU_USED_BLOCKS) >= 10);
    assert_true(fig(&rnd, 3, SIM_STAT_DSU_USED_BLOCKS) <= 20);
}

/* (f) Every other LOB updated to a smaller then a larger size, the space
 * reused: chunks per LOB rise; a shrink brings the segment to within one
 * extent of the space its live LOBs need. */
static void test_fragmentation_and_shrink(void **state)
{
    (void)state;
    run_t r;
    run_script("create table t (id number, c clob) lob (c) store as securefile (retention none);\n"
               "insert into t select rownum, rpad(to_clob('x'), 32000, 'x') from dual connect by "
               "level <= 2000;\n"
               "commit;\n"
               "update t set c = rpad(to_clob('s'), 8000, 's') where mod(id, 2) = 0;\n"
               "commit;\n"
               "update t set c = rpad(to_clob('l'), 56000, 'l') where mod(id, 2) = 0;\n"
               "commit;\n"
               "alter table t modify lob (c) (shrink space);\n",
               "T", NULL, &r, 0);
    uint64_t lobs = fig(&r, 3, SIM_STAT_LOB_LIVE);
    assert_int_equal(lobs, 2000);
    uint64_t before = fig(&r, 3, SIM_STAT_LOB_CHUNKS), after = fig(&r, 7, SIM_STAT_LOB_CHUNKS);
    assert_true(after > before + lobs / 4);
    uint64_t live = fig(&r, 8, SIM_STAT_DSU_USED_BLOCKS);
    assert_int_equal(live, 1000 * 4 + 1000 * 7);
    assert_true(fig(&r, 8, BLOCKS) < fig(&r, 7, BLOCKS));
    /* Within one (8 MB) extent of the live blocks and the metadata. */
    assert_true(fig(&r, 8, BLOCKS) <= live + 1024 + 128);
    assert_true(fig(&r, 8, SIM_STAT_SHRINK_BLOCKS_MOVED) > 0);
    assert_int_equal(fig(&r, 8, SIM_STAT_SHRINK_EXTENTS_ALLOCATED), 1);
}

/* Free chunks by size (1 block, 2-7, 8-63, 64 and more), counted from the
 * free-space buckets, against the free chunks and the largest free chunk
 * counted apart (lob_space_get_info): at every step the classes add up to
 * the free chunks, the largest chunk's class holds at least one, and no
 * class above it holds any.  Deleting LOBs 2, 4, 6 and 8 of ten under
 * RETENTION NONE adds free chunks of 2-7 blocks (each LOB is 4 blocks of
 * 8,060 bytes, in one or two pieces); deleting LOB 5 then joins its space
 * to its neighbours' into a larger chunk. */
static unsigned size_class(uint64_t blocks)
{
    return blocks == 1 ? 0 : blocks < 8 ? 1 : blocks < 64 ? 2 : 3;
}

static void test_free_chunks_by_size(void **state)
{
    (void)state;
    run_t r;
    run_script("create table t (id number, c clob) lob (c) store as securefile (retention none);\n"
               "insert into t select rownum, rpad(to_clob('x'), 32000, 'x') from dual connect by "
               "level <= 10;\n"
               "commit;\n"
               "delete from t where id in (2, 4, 6, 8);\n"
               "commit;\n"
               "delete from t where id = 5;\n"
               "commit;\n",
               "T", NULL, &r, 0);
    static const sim_stat_t by_size[] = {SIM_STAT_FREE_1, SIM_STAT_FREE_2_7, SIM_STAT_FREE_8_63,
                                         SIM_STAT_FREE_64};
    for (uint32_t step = 2; step <= 7; step++) {
        uint64_t sum = 0, largest = fig(&r, step, SIM_STAT_FREE_LARGEST);
        for (unsigned k = 0; k < 4; k++) {
            uint64_t n = fig(&r, step, by_size[k]);
            sum += n;
            if (largest > 0 && k == size_class(largest))
                assert_true(n >= 1);
            if (largest == 0 || k > size_class(largest))
                assert_int_equal(n, 0);
        }
        assert_int_equal(sum, fig(&r, step, SIM_STAT_FREE_CHUNKS));
    }
    assert_true(fig(&r, 5, SIM_STAT_FREE_2_7) >= fig(&r, 3, SIM_STAT_FREE_2_7) + 4);
    assert_true(fig(&r, 7, SIM_STAT_FREE_LARGEST) > fig(&r, 5, SIM_STAT_FREE_LARGEST));
}

/* (g) NOCACHE LOGGING logs whole block images, CACHE LOGGING the bytes
 * written: more redo for NOCACHE, by less than an order of magnitude at
 * 4,000-byte LOBs (Jonathan Lewis, "LOB changes", 10.2.0.5: 9,407,824 and
 * 5,288,836 bytes). */
static void test_redo_cache_nocache(void **state)
{
    (void)state;
    run_t c, n, nl;
    const char *ins = "insert into t select rownum, rpad('x', 4000) from all_objects where rownum "
                      "<= 1000;\n";
    char text[1024];
    snprintf(text, sizeof text,
             "create table t (id number, c clob) lob (c) store as securefile (disable storage in "
             "row cache);\n%s",
             ins);
    run_script(text, "T", NULL, &c, 0);
    snprintf(text, sizeof text,
             "create table t (id number, c clob) lob (c) store as securefile (disable storage in "
             "row nocache logging);\n%s",
             ins);
    run_script(text, "T", NULL, &n, 0);
    snprintf(text, sizeof text,
             "create table t (id number, c clob) lob (c) store as securefile (disable storage in "
             "row nocache nologging);\n%s",
             ins);
    run_script(text, "T", NULL, &nl, 0);
    uint64_t rc = fig(&c, 2, SIM_STAT_REDO_SIZE), rn = fig(&n, 2, SIM_STAT_REDO_SIZE),
             rnl = fig(&nl, 2, SIM_STAT_REDO_SIZE);
    assert_true(rn > rc);
    assert_true(rn < 10 * rc);
    assert_true(rnl < rc);
    assert_int_equal(fig(&nl, 2, SIM_STAT_REDO_DIRECT_WRITES) > 0, 1);
    assert_int_equal(fig(&c, 2, SIM_STAT_REDO_DIRECT_WRITES), 0);
    /* CACHE writes through the buffer cache: no direct write; NOCACHE one
     * a chunk (the chunk allocator counts them). */
    assert_int_equal(fig(&c, 2, SIM_STAT_SF_DIRECT_WRITE_OPS), 0);
    assert_int_equal(fig(&n, 2, SIM_STAT_SF_DIRECT_WRITE_OPS),
                     fig(&n, 2, SIM_STAT_SF_ALLOC_CHUNKS));
    assert_true(fig(&n, 2, SIM_STAT_SF_DIRECT_WRITE_OPS) > 0);
}

/* `commit;` in a PL/SQL loop's body commits each row: a user commit and a
 * commit record each (the parser kept it, the model once dropped it). */
static void test_loop_commits_each_row(void **state)
{
    (void)state;
    const char *body = "create table t (id number, c clob) lob (c) store as securefile;\n"
                       "declare\n  v clob := rpad('x', 9000, 'x');\nbegin\n"
                       "  for i in 1 .. 7 loop\n    insert into t values (i, v);\n%s"
                       "  end loop;\nend;\n/\n";
    char text[512];
    run_t each, none;
    snprintf(text, sizeof text, body, "    commit;\n");
    run_script(text, "T", NULL, &each, 0);
    snprintf(text, sizeof text, body, "");
    run_script(text, "T", NULL, &none, 0);
    assert_int_equal(fig(&each, 2, SIM_STAT_USER_COMMITS), 7);
    assert_int_equal(fig(&none, 2, SIM_STAT_USER_COMMITS), 0);
    assert_true(fig(&each, 2, SIM_STAT_REDO_SIZE) > fig(&none, 2, SIM_STAT_REDO_SIZE));
}

/* `rownum < N` takes N - 1 rows, as `rownum <= N - 1` does, and
 * `rownum < 1` none (issue 43, item 23).  Ten LOBs of 20,000 characters,
 * 3 blocks each (30 used); each statement then commits:
 *   delete ... where rownum < 4           3 rows: 30 - 9 = 21 blocks used
 *   delete ... where id > 5 and rownum < 3   2 more: 21 - 6 = 15
 *   delete ... where rownum < 1           none: 15
 *   update ... 40,000 characters where rownum < 3   2 rows from 3 blocks to
 *                                         5 (40,000 / 8,060 = 4.96): 15 + 4 = 19 */
static void test_rownum_less_than(void **state)
{
    (void)state;
    run_t r;
    run_script("create table t (id number, c clob) lob (c) store as securefile (retention "
               "none);\n"
               "insert into t select rownum, rpad(to_clob('x'), 20000, 'x') from dual connect by "
               "level <= 10;\ncommit;\n"
               "delete from t where rownum < 4;\ncommit;\n"
               "delete from t where id > 5 and rownum < 3;\ncommit;\n"
               "delete from t where rownum < 1;\ncommit;\n"
               "update t set c = rpad(to_clob('y'), 40000, 'y') where rownum < 3;\ncommit;\n",
               "T", NULL, &r, 0);
    assert_int_equal(fig(&r, 3, SIM_STAT_DSU_USED_BLOCKS), 30);
    assert_int_equal(fig(&r, 5, SIM_STAT_DSU_USED_BLOCKS), 21);
    assert_int_equal(fig(&r, 7, SIM_STAT_DSU_USED_BLOCKS), 15);
    assert_int_equal(fig(&r, 9, SIM_STAT_DSU_USED_BLOCKS), 15);
    assert_int_equal(fig(&r, 11, SIM_STAT_DSU_USED_BLOCKS), 19);
}

/* The table segment grows to the high-water mark of its rows' bytes and
 * keeps it: 1,000 rows with 1,000-character LOBs in the row (about 1 MB:
 * more than 128 blocks of 8 KB) make B blocks; all deleted and inserted
 * again, still B; 1,000 more inserted and rolled back, then 1,000
 * committed, the table holds 2,000 rows: as many blocks as 2,000 rows
 * inserted at once make, fewer than 2 B + 3.  A delete or a rolled-back
 * insert that kept its rows' bytes would count them twice. */
#define INROW_ROWS                                                                                 \
    "insert into t select rownum, rpad(to_clob('x'), 1000, 'x') from dual connect by level <= "    \
    "1000;\n"

static void test_table_rows_high_water_mark(void **state)
{
    (void)state;
    run_t r, two;
    run_script("create table t (id number, c clob) lob (c) store as securefile;\n" INROW_ROWS
               "commit;\ndelete from t;\ncommit;\n" INROW_ROWS "commit;\n" INROW_ROWS
               "rollback;\n" INROW_ROWS "commit;\n",
               "T", NULL, &r, 0);
    run_script("create table t (id number, c clob) lob (c) store as securefile;\n" INROW_ROWS
               "commit;\n" INROW_ROWS "commit;\n",
               "T", NULL, &two, 0);
    uint64_t b = fig(&r, 3, SIM_STAT_SEG_TAB_BLOCKS);
    assert_true(b > 128);
    assert_int_equal(fig(&r, 5, SIM_STAT_SEG_TAB_BLOCKS), b);
    assert_int_equal(fig(&r, 7, SIM_STAT_SEG_TAB_BLOCKS), b);
    assert_int_equal(fig(&r, 11, SIM_STAT_SEG_TAB_BLOCKS), fig(&two, 5, SIM_STAT_SEG_TAB_BLOCKS));
    assert_true(fig(&r, 11, SIM_STAT_SEG_TAB_BLOCKS) > b);
    assert_true(fig(&r, 11, SIM_STAT_SEG_TAB_BLOCKS) < 2 * b + 3);
}

/* RETENTION AUTO (the default) keeps a SecureFile's old versions for
 * UNDO_RETENTION, 900 s by default: 1,000 LOBs of 3 blocks deleted and
 * committed are 3,000 unexpired blocks, still after 10 s, and a second
 * round of 1,000 grows the segment by them as (b) does. */
static void test_retention_auto_undo_retention(void **state)
{
    (void)state;
    run_t r;
    run_script("create table t (id number, c clob) lob (c) store as securefile;\n" ROUND
               "commit;\ndelete from t;\ncommit;\nexec dbms_session.sleep(10)\n" ROUND "commit;\n",
               "T", NULL, &r, 0);
    assert_int_equal(fig(&r, 5, SIM_STAT_DSU_UNEXPIRED_BLOCKS), 3000);
    assert_int_equal(fig(&r, 6, SIM_STAT_DSU_UNEXPIRED_BLOCKS), 3000);
    assert_true(fig(&r, 8, BLOCKS) >= fig(&r, 3, BLOCKS) + 3000 - 128);
}

/* An insert from the table itself sees the session's own uncommitted
 * rows: 10 LOBs of 3 blocks inserted, then copied before any commit, are
 * 20 LOBs, 60 blocks used. */
static void test_insert_from_itself_sees_own_rows(void **state)
{
    (void)state;
    run_t r;
    run_script("create table t (id number, c clob) lob (c) store as securefile (retention "
               "none);\n"
               "insert into t select rownum, rpad(to_clob('x'), 20000, 'x') from dual connect by "
               "level <= 10;\n"
               "insert into t select id + 100, c from t;\ncommit;\n",
               "T", NULL, &r, 0);
    assert_int_equal(fig(&r, 2, SIM_STAT_DSU_USED_BLOCKS), 30);
    assert_int_equal(fig(&r, 4, SIM_STAT_DSU_USED_BLOCKS), 60);
}

/* The redo record catalogue (life_sim/redo.c; docs/lifecycle-sources.md,
 * section (b)), by hand for three 4,000-byte LOBs (one 8 KB block, one
 * chunk each) inserted, committed, deleted and committed:
 *   insert, a row: 5.1+11.2 (the row), the LOB's metadata (BasicFile, the
 *     storage not in row: a 10.2 LOB index entry; SecureFile: a 26.2 inode
 *     and map), 5.1+space (the chunk taken), its data (NOLOGGING: a 26.4
 *     invalidation a direct write; CACHE: a record a block) -- 4 a row;
 *   commit: one 5.4 record, 24 (record header) + 24 (vector header) + 4
 *     (length table: 2 + 2, one field) + 20 (ktucm) = 72 bytes;
 *   an invalidation: 24 + 24 + 8 (2 + 2 x 2, two fields, rounded to 4) +
 *     12 (kdli common) + 8 (a block range) = 76 bytes;
 *   a chunk whose blocks a LOB fills first: its L1 bitmap's FULL marks,
 *     24 + 24 + 4 (one field) + 8 (a block range) = 60 bytes (none when
 *     the blocks were full before: test_layout's test_assm_figures);
 *   an extent the statement adds: 24 + 24 + 8 (two fields) + 8 + 8 = 72
 *     bytes (14.1: the extent map's entry and the tablespace bitmap's);
 *   delete, a row: 5.1+11.3 (the row), 5.1+space (the chunk freed), and
 *     for a BasicFile its index entry deleted (10.4) and its chunk entered
 *     in the reusable section (10.2) -- 4 a BasicFile row, 2 a SecureFile. */
static void redo_run(const char *storage, run_t *r)
{
    char text[1024];
    snprintf(text, sizeof text,
             "create table t (id number, c clob) lob (c) store as %s;\n"
             "insert into t select rownum, rpad('x', 4000) from dual connect by level <= 3;\n"
             "commit;\n"
             "delete from t;\n"
             "commit;\n",
             storage);
    run_script(text, "T", NULL, r, 0);
}

static void test_redo_records(void **state)
{
    (void)state;
    run_t b, s, c;
    redo_run("basicfile (disable storage in row nocache nologging)", &b);
    redo_run("securefile (disable storage in row nocache nologging)", &s);
    redo_run("basicfile (disable storage in row cache)", &c);
    /* and one record an extent the insert added to the segment (14.1),
     * beyond the first extent its creation made */
    assert_true(fig(&s, 2, SIM_STAT_SEG_EXTENTS) > 1);
    assert_int_equal(fig(&b, 2, SIM_STAT_REDO_ENTRIES),
                     3 * 5 + fig(&b, 2, SIM_STAT_SEG_EXTENTS) - 1);
    assert_int_equal(fig(&s, 2, SIM_STAT_REDO_ENTRIES),
                     3 * 5 + fig(&s, 2, SIM_STAT_SEG_EXTENTS) - 1);
    assert_int_equal(fig(&c, 2, SIM_STAT_REDO_ENTRIES),
                     3 * 5 + fig(&c, 2, SIM_STAT_SEG_EXTENTS) - 1);
    assert_int_equal(fig(&b, 2, SIM_STAT_REDO_DIRECT_WRITES), 3 * 76);
    assert_int_equal(fig(&s, 2, SIM_STAT_REDO_DIRECT_WRITES), 3 * 76);
    assert_int_equal(fig(&c, 2, SIM_STAT_REDO_DIRECT_WRITES), 0);
    for (uint32_t step = 3; step <= 5; step += 2) {
        assert_int_equal(fig(&b, step, SIM_STAT_REDO_ENTRIES), 1);
        assert_int_equal(fig(&b, step, SIM_STAT_REDO_SIZE), 72);
    }
    assert_int_equal(fig(&b, 4, SIM_STAT_REDO_ENTRIES), 3 * 4);
    assert_int_equal(fig(&s, 4, SIM_STAT_REDO_ENTRIES), 3 * 2);
    assert_int_equal(fig(&c, 4, SIM_STAT_REDO_ENTRIES), 3 * 4);
    /* The metadata record sizes by hand: a BasicFile's 10.2 is 24 + 24 +
     * 8 (three fields) + 24 (KTB) + 16 (leaf operation) + 48 (the entry)
     * = 144; a SecureFile's 26.2 with one map entry is 24 + 24 + 12 (four
     * fields) + 24 + 12 (kdli common) + 20 (info, 17) + 8 (lmap) = 124:
     * the same rows, space and invalidations, 20 bytes a LOB apart. */
    /* (and the SecureFile's first write adds the extents of its CFS and
     * PUA blocks: 72 bytes each) */
    int64_t more_extents =
        (int64_t)fig(&s, 2, SIM_STAT_SEG_EXTENTS) - (int64_t)fig(&b, 2, SIM_STAT_SEG_EXTENTS);
    assert_int_equal((int64_t)fig(&b, 2, SIM_STAT_REDO_SIZE) -
                         (int64_t)fig(&s, 2, SIM_STAT_REDO_SIZE),
                     3 * 20 - 72 * more_extents);
}

/* The same script twice gives the same figures, bit for bit. */
static void test_deterministic(void **state)
{
    (void)state;
    const char *t = "create table t (id number, c clob) lob (c) store as securefile (compress);\n"
                    "insert into t select rownum, dbms_random.string('p', 2500) || rpad('z', "
                    "1500, 'z') from dual connect by level <= 200;\n"
                    "commit;\n";
    run_t a, b;
    run_script(t, "T", NULL, &a, 1);
    run_script(t, "T", NULL, &b, 1);
    assert_memory_equal(&a.at[3], &b.at[3], sizeof a.at[3]);
}

/* ---- SQL*Plus's rules (issue 41) ------------------------------------------ */

#define LOBS SIM_STAT_LOB_LIVE
#define ROWS(n)                                                                                    \
    "insert into t select rownum, rpad('x', 8000, 'x') from dual connect by level <= " #n ";\n"

/* A statement Oracle refuses is a step with its error, the statement
 * undone, and the script goes on: a drop of a missing table at the top
 * (no table alive: a step all the same), and an insert past MAXSIZE. */
static void test_oracle_error_goes_on(void **state)
{
    (void)state;
    run_t r;
    int status = run_setup(
        NULL,
        "drop table t purge;\n"
        "create table t (id number, c clob) lob (c) store as securefile "
        "(storage (maxsize 1m));\n" ROWS(10) "commit;\n" ROWS(1000) "commit;\n" ROWS(5) "commit;\n",
        "T", &r);
    assert_int_equal(status, -1);
    assert_string_equal(r.error[1], "ORA-00942: table or view does not exist");
    assert_false(r.seen[1]); /* reported by the session's row alone */
    assert_int_equal(fig(&r, 4, LOBS), 10);
    assert_non_null(strstr(r.error[5], "ORA-01691: unable to extend lob segment of T"));
    assert_int_equal(fig(&r, 5, LOBS), 10); /* the 1,000 undone */
    assert_int_equal(fig(&r, 5, SIM_STAT_DSU_USED_BLOCKS), fig(&r, 4, SIM_STAT_DSU_USED_BLOCKS));
    assert_int_equal(fig(&r, 8, LOBS), 15);
    assert_string_equal(r.error[8], "");
}

/* WHENEVER SQLERROR EXIT n ROLLBACK: after the failed step, the open
 * transaction rolled back and the run stopped with n; CONTINUE COMMIT
 * commits it and goes on. */
static void test_whenever_sqlerror(void **state)
{
    (void)state;
    run_t r;
    int status = run_setup(
        NULL,
        "create table t (id number, c clob);\n" ROWS(5) "whenever sqlerror exit 3 rollback\n"
                                                        "insert into u values (1, null);\n" ROWS(7),
        "T", &r);
    assert_int_equal(status, 3);
    assert_int_equal(r.last, 3);
    assert_string_equal(r.error[3], "ORA-00942: table or view does not exist");
    assert_int_equal(fig(&r, 3, LOBS), 0);
    status = run_setup(
        NULL,
        "create table t (id number, c clob);\n" ROWS(5) "whenever sqlerror continue commit\n"
                                                        "insert into u values (1, null);\n"
                                                        "rollback;\n",
        "T", &r);
    assert_int_equal(status, -1);
    assert_int_equal(fig(&r, 4, LOBS), 5); /* committed before the rollback */
    /* SQL.SQLCODE: the error's number modulo 256 (942 -> 174) */
    status = run_setup(NULL,
                       "whenever sqlerror exit sql.sqlcode\n"
                       "create table t (id number, c clob);\n"
                       "drop table u;\n" ROWS(1),
                       "T", &r);
    assert_int_equal(status, 942 % 256);
    /* EXIT SUCCESS stops too, with 0 */
    status = run_setup(NULL,
                       "create table t (id number, c clob);\n"
                       "whenever sqlerror exit success\n"
                       "drop table u;\n" ROWS(1),
                       "T", &r);
    assert_int_equal(status, 0);
    assert_int_equal(r.last, 2);
}

/* A setup statement that gets an error at run time stops the run, naming
 * the setup's file and line: the setup must declare the database as it is. */
static void test_setup_error(void **state)
{
    (void)state;
    const char *setup = "create table src (id number, c clob) lob (c) store as securefile "
                        "(storage (maxsize 1m));\n"
                        "insert into src select rownum, rpad('y', 8000, 'y') from dual "
                        "connect by level <= 1000;\n";
    const char *text = "create table t (id number, c clob);\n";
    scr_script_t *s;
    char err[SCR_ERR_LEN + 200];
    assert_int_equal(scr_parse_setup("setup.sql", setup, strlen(setup), "test.sql", text,
                                     strlen(text), NULL, &s, err, sizeof err),
                     SIM_OK);
    life_params_t def;
    life_params_defaults(&def);
    run_t r;
    memset(&r, 0, sizeof r);
    r.table = "T";
    int status;
    assert_int_equal(life_run_status(s, &def, keep, &r, err, sizeof err, &status), SIM_EINVAL);
    assert_non_null(strstr(err, "setup.sql:2: ORA-01691"));
    assert_int_equal(r.steps, 0);
    scr_free(s);
}

/* A statement without effect takes a step and changes nothing; one that
 * commits (a grant, DDL) ends the transaction, one that does not (a
 * checkpoint) leaves it for the rollback. */
static void test_no_effect(void **state)
{
    (void)state;
    run_t r;
    (void)run_setup(NULL,
                    "create table t (id number, c clob);\n" ROWS(
                        5) "alter system checkpoint;\n"
                           "rollback;\n" ROWS(5) "grant select on t to scott;\n"
                                                 "rollback;\n"
                                                 "conn scott/tiger\n"
                                                 "alter session set tracefile_identifier = 'x';\n",
                    "T", &r);
    assert_int_equal(fig(&r, 3, LOBS), 5);
    assert_int_equal(fig(&r, 3, SIM_STAT_REDO_SIZE), 0);
    assert_int_equal(fig(&r, 4, LOBS), 0);
    assert_int_equal(fig(&r, 7, LOBS), 5);
    assert_int_equal(fig(&r, 9, LOBS), 5);
}

/* SEGMENT CREATION IMMEDIATE makes the LOB segment with the table;
 * DEFERRED (the default) with the first row. */
static void test_segment_creation(void **state)
{
    (void)state;
    run_t r;
    (void)run_setup(NULL, "create table t (id number, c clob) segment creation immediate;\n", "T",
                    &r);
    assert_true(fig(&r, 1, BLOCKS) > 0);
    (void)run_setup(NULL, "create table t (id number, c clob) segment creation deferred;\n", "T",
                    &r);
    assert_int_equal(fig(&r, 1, BLOCKS), 0);
}

/* The setup runs first and is not reported: the script's first statement
 * is step 1, and it finds the setup's 2 KB tablespace and source table;
 * USERS is a fresh database's.  DROP TABLESPACE ... INCLUDING CONTENTS
 * drops the tables in it. */
static void test_setup_and_tablespaces(void **state)
{
    (void)state;
    run_t r;
    (void)run_setup("create tablespace ts2k datafile size 100m blocksize 2k;\n"
                    "create table src (id number, c clob) tablespace users;\n"
                    "insert into src select rownum, rpad('y', 8000, 'y') from dual "
                    "connect by level <= 3;\n"
                    "commit;\n",
                    "create table t (id number, c clob) tablespace ts2k;\n" ROWS(
                        2) "drop tablespace ts2k including contents and datafiles;\n",
                    "T", &r);
    assert_true(r.seen[1] && r.seen[2]);
    assert_false(r.seen[3]); /* T went with its tablespace */
    /* rpad's 4,000 bytes (SQL's VARCHAR2 cap) in 2 KB blocks: 3 blocks
     * each, where 8 KB blocks take 1 */
    assert_int_equal(fig(&r, 2, SIM_STAT_DSU_USED_BLOCKS), 6);
    (void)run_setup("create tablespace ts2k datafile size 100m blocksize 2k;\n"
                    "create table src (id number, c clob) tablespace users;\n"
                    "insert into src select rownum, rpad('y', 8000, 'y') from dual "
                    "connect by level <= 3;\n"
                    "commit;\n",
                    "create table t (id number, c clob);\n", "SRC", &r);
    assert_int_equal(fig(&r, 1, LOBS), 3);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_retention_none_reuses),
        cmocka_unit_test(test_retention_min_expires),
        cmocka_unit_test(test_rollback_of_update),
        cmocka_unit_test(test_rollback_of_delete),
        cmocka_unit_test(test_row_block_gets),
        cmocka_unit_test(test_deduplicate),
        cmocka_unit_test(test_compress),
        cmocka_unit_test(test_fragmentation_and_shrink),
        cmocka_unit_test(test_free_chunks_by_size),
        cmocka_unit_test(test_redo_cache_nocache),
        cmocka_unit_test(test_redo_records),
        cmocka_unit_test(test_loop_commits_each_row),
        cmocka_unit_test(test_rownum_less_than),
        cmocka_unit_test(test_retention_auto_undo_retention),
        cmocka_unit_test(test_insert_from_itself_sees_own_rows),
        cmocka_unit_test(test_table_rows_high_water_mark),
        cmocka_unit_test(test_deterministic),
        cmocka_unit_test(test_oracle_error_goes_on),
        cmocka_unit_test(test_whenever_sqlerror),
        cmocka_unit_test(test_no_effect),
        cmocka_unit_test(test_segment_creation),
        cmocka_unit_test(test_setup_and_tablespaces),
        cmocka_unit_test(test_setup_error),
        cmocka_unit_test(test_direct_path_refills),
        cmocka_unit_test(test_direct_path_reuses),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
