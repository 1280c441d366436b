/* test_life_space.c -- the segment's layout by extent and preallocation
 * through a script (life_sim over lobspace; docs/lifecycle-sources.md (a),
 * (d)): who counts the extents a preallocation adds, and what a step shows
 * of the layout. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "life_sim.h"

#define STEPS 12

/* Each step's session figures and its LOB segment's. */
typedef struct {
    sim_stats_t ses[STEPS + 1], seg[STEPS + 1];
    uint64_t extents[STEPS + 1]; /* the LOB segment's extents by lob_space_layout() */
    uint64_t cfs[STEPS + 1], hash[STEPS + 1];
    uint64_t meta[STEPS + 1]; /* all metadata blocks: headers and segment metadata */
    char out[STEPS + 1][256]; /* what each step printed */
} run_t;

static void count(void *arg, const lob_extent_layout_t *x)
{
    uint64_t *v = arg;
    v[0]++;
    v[1] += x->meta[LOB_META_CFS];
    v[2] += x->meta[LOB_META_HASH_BUCKET];
    v[3] += x->header;
    for (unsigned k = 0; k < LOB_META_KINDS; k++)
        v[3] += x->meta[k];
}

static int keep(void *arg, const life_step_t *st)
{
    run_t *r = arg;
    assert_true(st->step <= STEPS);
    if (st->output)
        snprintf(r->out[st->step], sizeof r->out[st->step], "%s", st->output);
    if (st->table == NULL) {
        r->ses[st->step] = st->total;
    } else if (st->column) {
        r->seg[st->step] = st->total;
        /* no segment before the first write (deferred segment creation) */
        uint64_t v[4] = {0, 0, 0, 0};
        if (st->space)
            lob_space_layout(st->space, count, v);
        r->extents[st->step] = v[0];
        r->cfs[st->step] = v[1];
        r->hash[st->step] = v[2];
        r->meta[st->step] = v[3];
    } else {
        assert_null(st->space); /* the table's own segment */
    }
    return 0;
}

static const char *SCRIPT = "create table t (id number, c clob) lob (c) store as securefile;\n"
                            "insert into t select level, rpad('x', 4000, 'x') from dual\n"
                            "  connect by level <= 3000;\n"
                            "commit;\n"
                            "select count(*) from t;\n";

static void run_text_cs(const char *text, const char *const *params, scr_charset_t cs, run_t *r)
{
    scr_options_t so;
    scr_options_defaults(&so);
    so.charset = cs;
    char err[SCR_ERR_LEN];
    scr_script_t *s;
    if (scr_parse("t.sql", text, strlen(text), &so, &s, err, sizeof err) != SIM_OK)
        fail_msg("parse: %s", err);
    life_params_t p;
    life_params_defaults(&p);
    for (; params && *params; params += 2)
        assert_int_equal(life_set_param(&p, params[0], (uint32_t)atoi(params[1])), 0);
    assert_int_equal(life_params_check(&p, err, sizeof err), SIM_OK);
    memset(r, 0, sizeof *r);
    if (life_run(s, &p, keep, r, err, sizeof err) != SIM_OK)
        fail_msg("run: %s", err);
    scr_free(s);
}

static void run_text(const char *text, const char *const *params, run_t *r)
{
    run_text_cs(text, params, SCR_CHARSET_SINGLE_BYTE, r);
}

static void run(const char *const *params, run_t *r)
{
    run_text(SCRIPT, params, r);
}

/* A background task adds the extents after the statement: the segment is
 * larger, its never-used space expired, and the session counted exactly
 * what it counts without preallocation. */
static void test_background_counts_in_no_session(void **state)
{
    (void)state;
    run_t off, bg;
    run(NULL, &off);
    const char *const p[] = {
        "prealloc.policy", "2", "prealloc.ahead", "25", "prealloc.by", "1", NULL};
    run(p, &bg);
    uint64_t grew =
        bg.seg[2].v[SIM_STAT_DSU_SEGMENT_BLOCKS] - off.seg[2].v[SIM_STAT_DSU_SEGMENT_BLOCKS];
    assert_true(bg.seg[2].v[SIM_STAT_DSU_SEGMENT_BLOCKS] >
                off.seg[2].v[SIM_STAT_DSU_SEGMENT_BLOCKS]);
    /* each added extent's blocks are never used but its header */
    assert_int_equal(bg.seg[2].v[SIM_STAT_DSU_EXPIRED_BLOCKS],
                     off.seg[2].v[SIM_STAT_DSU_EXPIRED_BLOCKS] + grew -
                         (bg.extents[2] - off.extents[2]));
    /* a quarter of the segment never used, after the task */
    assert_true(4 * bg.seg[2].v[SIM_STAT_DSU_EXPIRED_BLOCKS] >=
                bg.seg[2].v[SIM_STAT_DSU_SEGMENT_BLOCKS]);
    assert_true(bg.extents[2] > off.extents[2]);
    for (sim_stat_t st = 0; st < SIM_STAT_COUNT; st++)
        assert_int_equal(bg.ses[2].v[st], off.ses[2].v[st]);
    /* nothing grew at the commit or the query: no task runs again */
    assert_int_equal(bg.seg[4].v[SIM_STAT_DSU_SEGMENT_BLOCKS],
                     bg.seg[2].v[SIM_STAT_DSU_SEGMENT_BLOCKS]);
}

/* In the foreground the statement adds them and counts them: more extents
 * allocated in the session, and their dispenser gets. */
static void test_foreground_counts_in_the_statement(void **state)
{
    (void)state;
    run_t off, fg;
    run(NULL, &off);
    const char *const p[] = {
        "prealloc.policy", "2", "prealloc.ahead", "25", "prealloc.by", "0", NULL};
    run(p, &fg);
    assert_true(fg.ses[2].v[SIM_STAT_SEG_EXTENTS] > off.ses[2].v[SIM_STAT_SEG_EXTENTS]);
    assert_true(fg.ses[2].v[SIM_STAT_DB_BLOCK_GETS] > off.ses[2].v[SIM_STAT_DB_BLOCK_GETS]);
    assert_int_equal(fg.seg[2].v[SIM_STAT_SEG_LOB_EXTENTS] - off.seg[2].v[SIM_STAT_SEG_LOB_EXTENTS],
                     fg.ses[2].v[SIM_STAT_SEG_EXTENTS] - off.ses[2].v[SIM_STAT_SEG_EXTENTS]);
}

/* The dump's layout by default (9 hash buckets, 4 CFS blocks), round
 * one's by the parameters (none, 3): what the step's segment holds. */
static void test_layout_in_steps(void **state)
{
    (void)state;
    run_t dump, one;
    run(NULL, &dump);
    assert_int_equal(dump.extents[1], 0);
    assert_int_equal(dump.cfs[2], 4);
    assert_int_equal(dump.hash[2], 9);
    assert_int_equal(dump.extents[2], dump.seg[2].v[SIM_STAT_SEG_LOB_EXTENTS]);
    const char *const p[] = {"lob.meta_layout",        "0", "cfs_blocks", "3",
                             "lob.hash_bucket_blocks", "0", NULL};
    run(p, &one);
    assert_int_equal(one.cfs[2], 3);
    assert_int_equal(one.hash[2], 0);
    /* a BasicFile: an ASSM segment's L1 and L2 bitmaps and header, no
     * NGLOB blocks: 1,000 one-block LOBs, the L2 and header and a header
     * an extent (1,026 blocks) need 16 x 8 + 8 x 128 blocks (1,152) */
    run_t bf;
    run_text("create table t (id number, c clob) lob (c) store as basicfile;\n"
             "insert into t select level, rpad('x', 4000, 'x') from dual connect by level <= "
             "1000;\n",
             NULL, &bf);
    assert_int_equal(bf.cfs[2] + bf.hash[2], 0);
    assert_int_equal(bf.seg[2].v[SIM_STAT_DSU_SEGMENT_BLOCKS], 1152);
    assert_int_equal(bf.meta[2], 3 + bf.extents[2] - 1);
}

/* A BasicFile whose clause gives PCTVERSION keeps old versions by share,
 * not by time: 30 of 100 one-block LOBs deleted, 17 kept unexpired under
 * PCTVERSION 20 (17 of 87 live and old), all 30 for UNDO_RETENTION
 * without it (RETENTION, automatic undo's default). */
static void test_pctversion_script(void **state)
{
    (void)state;
    static const char *const clause[2] = {"basicfile (pctversion 20)", "basicfile"};
    static const uint64_t kept[2] = {17, 30};
    for (int k = 0; k < 2; k++) {
        char text[512];
        snprintf(text, sizeof text,
                 "create table t (id number, c clob) lob (c) store as %s;\n"
                 "insert into t select level, rpad('x', 4000, 'x') from dual "
                 "connect by level <= 100;\ncommit;\ndelete from t where id <= 30;\ncommit;\n",
                 clause[k]);
        run_t r;
        run_text(text, NULL, &r);
        assert_int_equal(r.seg[5].v[SIM_STAT_DSU_USED_BLOCKS], 70);
        assert_int_equal(r.seg[5].v[SIM_STAT_DSU_UNEXPIRED_BLOCKS], kept[k]);
    }
}

/* Under AL32UTF8 (text stored as UCS-2) a block's dbms_space call reads
 * its segment name and type, and dbms_output prints a VARCHAR2 as text:
 * each once read the UCS-2 bytes (scr_value_text(), scr_value_ucs2()).
 * The call's 12 arguments (partition_name last) are the SecureFile form,
 * not the ASSM form's 15 or 16. */
static void test_al32utf8_text(void **state)
{
    (void)state;
    run_t r;
    run_text_cs("create table t (id number, c clob) lob (c) store as securefile l;\n"
                "insert into t values (1, rpad('x', 4000, 'x'));\n"
                "set serveroutput on\n"
                "declare\n  a number; b number; c number; d number; e number; f number; "
                "g number; h number;\nbegin\n"
                "  dbms_space.space_usage(user, 'L', 'LOB', a, b, c, d, e, f, g, h, null);\n"
                "  dbms_output.put_line('used ' || c);\nend;\n/\n",
                NULL, SCR_CHARSET_AL32UTF8, &r);
    /* 4,000 characters of two bytes: 8,000 bytes, one 8 KB block */
    assert_string_equal(r.out[3], "used 1\n");
    /* LIKE compares characters, whatever their bytes: a CLOB's and the
     * pattern's (a VARCHAR2) are both UCS-2 here.  The pattern's were once
     * compared as they were stored, and nothing matched.  t2's values
     * come through a column reference (the value itself, scr_eval()). */
    run_text_cs("create table t1 (id number, c clob);\n"
                "insert into t1 values (1, to_clob('abc'));\n"
                "insert into t1 values (2, 'xbc');\n"
                "create table t2 (id number, c clob);\n"
                "insert into t2 select id, c from t1;\n"
                "select count(*) from t1 where c like 'a%';\n"
                "select count(*) from t2 where c like '_bc';\n",
                NULL, SCR_CHARSET_AL32UTF8, &r);
    assert_string_equal(r.out[6], "  COUNT(*)\n----------\n         1\n");
    assert_string_equal(r.out[7], "  COUNT(*)\n----------\n         2\n");
}

/* The LOB index segment's blocks as user_segments shows them, worked by
 * hand: 8 KB blocks, a leaf holds (8192 - 112 - 2 x 24 - 36) / (50 + 2) =
 * 153 entries, the segment is 3 ASSM blocks, the index's, in 64 KB extents
 * of 8 blocks.  A one-block BasicFile LOB has no entry when its row lists
 * its chunk (ENABLE STORAGE IN ROW), one when not (DISABLE).
 *
 * 3,000 DISABLE LOBs: 20 leaves and a branch, 24 blocks (3 extents).
 * Deleting them all moves each entry to the reusable section, which takes
 * each leaf the current section empties: 21 leaves ever, 25 blocks (32).
 * Under PCTVERSION 0 the commit makes every chunk reusable, so the
 * reusable entries go and 19 leaves are free: 3,000 LOBs more take them
 * and one new leaf, 26 blocks (32).  Under RETENTION (900 s, no time
 * passes) the reusable entries stay and the new LOBs need 20 new leaves:
 * 45 blocks (48).  Under ENABLE STORAGE IN ROW the index is its root
 * until the delete, whose 3,000 freed chunks enter the reusable section
 * as well: 20 leaves (the root the first) and a branch, 24 blocks. */
static void test_lob_index_segment(void **state)
{
    (void)state;
    static const struct {
        const char *clause;
        const char *want[3];
    } c[] = {
        {"basicfile", {"8", "24", "24"}},
        {"basicfile (disable storage in row pctversion 0)", {"24", "32", "32"}},
        {"basicfile (disable storage in row)", {"24", "32", "48"}},
    };
    for (unsigned k = 0; k < sizeof c / sizeof c[0]; k++) {
        char text[1024];
        snprintf(text, sizeof text,
                 "create table t (id number, c clob) lob (c) store as %s;\n"
                 "insert into t select level, rpad('x', 8000, 'x') from dual "
                 "connect by level <= 3000;\ncommit;\n"
                 "select blocks from user_segments where segment_type = 'LOBINDEX';\n"
                 "delete from t;\ncommit;\n"
                 "select blocks from user_segments where segment_type = 'LOBINDEX';\n",
                 c[k].clause);
        run_t r;
        run_text(text, NULL, &r);
        char want[64];
        snprintf(want, sizeof want, "    BLOCKS\n----------\n%10s\n", c[k].want[0]);
        assert_string_equal(r.out[4], want);
        snprintf(want, sizeof want, "    BLOCKS\n----------\n%10s\n", c[k].want[1]);
        assert_string_equal(r.out[7], want);
        char again[1024];
        snprintf(again, sizeof again,
                 "create table t (id number, c clob) lob (c) store as %s;\n"
                 "insert into t select level, rpad('x', 8000, 'x') from dual "
                 "connect by level <= 3000;\ncommit;\ndelete from t;\ncommit;\n"
                 "insert into t select level, rpad('x', 8000, 'x') from dual "
                 "connect by level <= 3000;\n"
                 "select blocks from user_segments where segment_type = 'LOBINDEX';\n",
                 c[k].clause);
        run_text(again, NULL, &r);
        snprintf(want, sizeof want, "    BLOCKS\n----------\n%10s\n", c[k].want[2]);
        assert_string_equal(r.out[7], want);
    }
    /* 1,000 LOBs of 5 blocks (40,000 bytes, 8,132 a block), DISABLE: the
     * first entry holds the inode and 4 chunks, so two entries a LOB: 14
     * leaves, a branch, 18 blocks (24) */
    run_t r;
    run_text("create table t (id number, c clob) lob (c) store as basicfile (disable storage "
             "in row);\ninsert into t select level, rpad(to_clob('x'), 40000, 'x') from dual "
             "connect by level <= 1000;\n"
             "select blocks from user_segments where segment_type = 'LOBINDEX';\n",
             NULL, &r);
    assert_string_equal(r.out[3], "    BLOCKS\n----------\n        24\n");
    /* MOVE LOB into a new segment: its new LOB index holds the moved
     * versions' entries (3,000 one-block LOBs, DISABLE: 24 blocks, as
     * above), not an empty root */
    run_text("create table t (id number, c clob) lob (c) store as basicfile (disable storage "
             "in row);\ninsert into t select level, rpad('x', 8000, 'x') from dual "
             "connect by level <= 3000;\ncommit;\n"
             "alter table t move lob (c) store as basicfile (disable storage in row);\n"
             "select blocks from user_segments where segment_type = 'LOBINDEX';\n",
             NULL, &r);
    assert_string_equal(r.out[5], "    BLOCKS\n----------\n        24\n");
}

/* The primary key's index segment, worked by hand: an entry is flag,
 * lock, rowid 6, the id's length byte and NUMBER, a 2-byte slot: 13 bytes
 * for ids of one base-100 digit (1..99, and 100, 10000, ... with their
 * zero digits dropped), 14 for two, 15 for three.  Ids 1..100,000 take
 * 1,488,892 bytes, 187 leaves of 7,996 and a branch: 191 blocks with the
 * 3 ASSM blocks, 256 under the schedule (16 x 8, then 128).  Deleting
 * ids 1..50,000 frees the leaves that held only them; 50,000 ids more
 * (15 bytes each, 94 leaves) take them back when the delete committed
 * (256), and need new ones when it was rolled back: 285 blocks, 384. */
static void test_pk_index_segment(void **state)
{
    (void)state;
    static const struct {
        const char *end;
        const char *want;
    } c[] = {{"commit", "       256"}, {"rollback", "       384"}};
    for (unsigned k = 0; k < 2; k++) {
        char text[1024];
        snprintf(text, sizeof text,
                 "create table t (id number primary key, v varchar2(10));\n"
                 "insert into t select level, 'x' from dual connect by level <= 100000;\n"
                 "commit;\ndelete from t where id <= 50000;\n%s;\n"
                 "insert into t select 100000 + level, 'x' from dual connect by level <= "
                 "50000;\n"
                 "select blocks from user_segments where segment_type = 'INDEX';\n",
                 c[k].end);
        run_t r;
        run_text(text, NULL, &r);
        char want[64];
        snprintf(want, sizeof want, "    BLOCKS\n----------\n%s\n", c[k].want);
        assert_string_equal(r.out[7], want);
    }
    run_t r;
    run_text("create table t (id number primary key, v varchar2(10));\n"
             "insert into t select level, 'x' from dual connect by level <= 100000;\n"
             "select blocks, extents from user_segments where segment_type = 'INDEX';\n",
             NULL, &r);
    assert_string_equal(r.out[3],
                        "    BLOCKS    EXTENTS\n---------- ----------\n       256         17\n");
    /* a key added after the rows: its segment from that step on */
    run_text("create table t (id number, v varchar2(10));\n"
             "insert into t select level, 'x' from dual connect by level <= 10;\n"
             "select count(*) from user_segments where segment_type = 'INDEX';\n"
             "alter table t add primary key (id);\n"
             "select count(*) from user_segments where segment_type = 'INDEX';\n",
             NULL, &r);
    assert_string_equal(r.out[3], "  COUNT(*)\n----------\n         0\n");
    assert_string_equal(r.out[5], "  COUNT(*)\n----------\n         1\n");
}

/* dbms_space.unused_space of the index segments, by hand: the key's index
 * of 100,000 ids as above (191 blocks below the high-water mark in 256:
 * 65 unused, the last used block the 63rd of the 17th extent, which
 * starts at block 128); the LOB index of 3,000 DISABLE LOBs (24 blocks,
 * all used: the last used block the 8th of the third extent).  The ASSM
 * form of space_usage on an index is said not modelled, its OUT
 * variables null, and the block goes on. */
static void test_index_unused_space(void **state)
{
    (void)state;
    run_t r;
    run_text("create table t (id number primary key, c clob) lob (c) store as basicfile "
             "(disable storage in row);\n"
             "insert into t select level, rpad('x', 8000, 'x') from dual connect by level <= "
             "3000;\n"
             "insert into t (id) select 3000 + level from dual connect by level <= 97000;\n"
             "set serveroutput on\n"
             "declare tb number; tby number; ub number; uby number; f number; b number; "
             "lb number; u number;\nbegin\n"
             "  dbms_space.unused_space(user, 'SYS_C000001', 'INDEX', tb, tby, ub, uby, f, b, "
             "lb);\n"
             "  dbms_output.put_line(tb || ' ' || tby || ' ' || ub || ' ' || lb);\n"
             "  dbms_space.unused_space(user, 'SYS_IL0000000001C00002$$', 'INDEX', tb, tby, ub, "
             "uby, f, b, lb);\n"
             "  dbms_output.put_line(tb || ' ' || ub || ' ' || lb);\n"
             "  dbms_space.space_usage(user, 'SYS_C000001', 'INDEX', u, uby, tb, tby, tb, tby, "
             "tb, tby, tb, tby, f, b);\n"
             "  dbms_output.put_line('full ' || nvl(f, -1));\nend;\n/\n",
             NULL, &r);
    const char *want = "256 2097152 65 63\n24 0 8\n";
    int found = 0;
    for (int i = 0; i <= STEPS; i++)
        found |= strstr(r.out[i], want) != NULL && strstr(r.out[i], "full -1\n") != NULL &&
                 strstr(r.out[i], "not modelled: dbms_space.space_usage's ASSM form of an "
                                  "index") != NULL;
    assert_true(found);
}

/* Free pools on (bf.pools=1): chunks a DEALLOCATE gives back from the
 * pools to the shared free space leave the LOB index's reusable section.
 * 3,000 one-block LOBs deleted, their retention passed: 3,000 reusable
 * entries, 20 leaves (24 blocks).  After the deallocate, 3,000 more LOBs
 * written and deleted: their entries fill the rightmost leaf (60 beside
 * the 93 deleted it held, then, its deleted entries' space taken back,
 * 93 more) and the 19 leaves the flushed entries left: 20 leaves and a
 * branch, 21 blocks (24); were the flushed entries kept, 6,000 entries,
 * 40 leaves, 44 blocks (48). */
static void test_lob_index_pool_flush(void **state)
{
    (void)state;
    static const char *const params[] = {"bf.pools", "1", NULL};
    run_t r;
    run_text("create table t (id number, c clob) lob (c) store as basicfile (freepools 1);\n"
             "insert into t select level, rpad('x', 8000, 'x') from dual connect by level <= "
             "3000;\ncommit;\ndelete from t;\ncommit;\nexec dbms_session.sleep(901)\n"
             "alter table t modify lob (c) (deallocate unused);\n"
             "insert into t select 3000 + level, rpad('x', 8000, 'x') from dual connect by "
             "level <= 3000;\ndelete from t;\ncommit;\n"
             "select blocks from user_segments where segment_type = 'LOBINDEX';\n",
             params, &r);
    int found = 0;
    for (int i = 0; i <= STEPS; i++)
        found |= strcmp(r.out[i], "    BLOCKS\n----------\n        24\n") == 0;
    assert_true(found);
}

/* A delete rolled back leaves the LOB index as it found it: its versions'
 * current entries back in their leaves, its chunks' reusable entries gone
 * again.  3,000 DISABLE LOBs (24 blocks); the first delete moves the
 * entries to the reusable section (21 leaves ever: 32 blocks); three
 * delete-and-rollback rounds stay there, where re-adding the entries at
 * the section's end and keeping the reusable ones grew it every round. */
static void test_lob_index_rollback(void **state)
{
    (void)state;
    run_t r;
    run_text("create table t (id number, c clob) lob (c) store as basicfile (disable storage "
             "in row);\ninsert into t select level, rpad('x', 8000, 'x') from dual connect by "
             "level <= 3000;\ncommit;\n"
             "delete from t;\nrollback;\ndelete from t;\nrollback;\ndelete from t;\nrollback;\n"
             "select blocks from user_segments where segment_type = 'LOBINDEX';\n",
             NULL, &r);
    assert_string_equal(r.out[10], "    BLOCKS\n----------\n        32\n");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_background_counts_in_no_session),
        cmocka_unit_test(test_foreground_counts_in_the_statement),
        cmocka_unit_test(test_layout_in_steps),
        cmocka_unit_test(test_pctversion_script),
        cmocka_unit_test(test_al32utf8_text),
        cmocka_unit_test(test_lob_index_segment),
        cmocka_unit_test(test_pk_index_segment),
        cmocka_unit_test(test_index_unused_space),
        cmocka_unit_test(test_lob_index_pool_flush),
        cmocka_unit_test(test_lob_index_rollback),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
