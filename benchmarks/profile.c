/*
 * profile.c -- --profile-out=FILE.folded: the model's work as folded
 * stacks (Brendan Gregg's format, what stackcollapse-*.pl write and
 * flamegraph.pl and speedscope read: one line per stack, its frames joined
 * by ';', a space, and the stack's count).
 *
 * A stack is a case (its benchmark name), the Oracle layers of the part of
 * the model that counted the work (case_part_t, the parts --explain
 * names), for the buffer cache's statistics the kind of get, and the
 * statistic: `insert/local/lob:2k/block:8k/rows:10000;kdli LOB data
 * layer;ktsl SecureFile space layer;ktsl dispenser;kcb current
 * get;db block gets 1234`.  The count is the number of operations the
 * part counted in that statistic: weighted by operation counts, not by a
 * cost per operation (the model has no cost per operation, only counts).
 * So the counts of a statistic's stacks sum to its value in --stats-out,
 * for every statistic that counts operations (sim_stat_counts_operations:
 * not bytes, sizes, times nor the segment's state after a step).
 *
 * The layers' names are those of Oracle's own functions in public stacks:
 * kdli and ktsl from the flame graph of the insert over a database link
 * (oracle-l, December 2016: kdliAllocChunks, ktsl_fill_dispenser_main,
 * ktsla_ins_chunk), ktu (Kernel Transaction Undo), kcb (Kernel Cache
 * Buffer) and kdo (Kernel Data Operations) from Oracle's bug notes' summary
 * stacks (ktuapundo, kcbchg, kdoiur), kcl (the global cache, RAC's
 * "gc" waits' layer), kks (shared cursors: the parse and its recursive
 * SQL) and npi (SQL*Net) by the same convention.
 */
#include "benchmarks.h"

#include <stdio.h>
#include <string.h>

/* The frames of each part of the model, outermost first. */
static const char *part_frames(case_part_t p)
{
    static const char *const frames[CASE_PART_COUNT] = {
        [CASE_PART_SEGMENT] = "kdli LOB data layer;ktsl SecureFile space layer;extent allocation",
        [CASE_PART_CHUNKS] = "kdli LOB data layer;ktsl SecureFile space layer;chunk allocator",
        [CASE_PART_DISPENSER] = "kdli LOB data layer;ktsl SecureFile space layer;ktsl dispenser",
        [CASE_PART_UNDO] = "ktu undo",
        [CASE_PART_SOURCE] = "kdo source rows (t1)",
        [CASE_PART_INSERT] = "kdo insert into t2;kdli LOB data layer;LOB block writes",
        [CASE_PART_LINK] = "npi SQL*Net database link",
        [CASE_PART_GCACHE] = "kcl global cache",
        [CASE_PART_READER] = "kdli LOB data layer;LOB reads",
        [CASE_PART_HEAP] = "kdo heap table and indexes",
        [CASE_PART_RECURSIVE] = "kks parse;recursive SQL",
        [CASE_PART_RAC_TIME] = "kcl global cache;waits",
        [CASE_PART_SESSION] = "kks session;recursive SQL",
    };
    return (unsigned)p < CASE_PART_COUNT && frames[p] ? frames[p] : "?";
}

/* The buffer cache's frame of a statistic, NULL for one of another layer:
 * a consistent read (consistent gets, CR copies) or a current one. */
static const char *cache_frame(sim_stat_t s)
{
    switch (s) {
    case SIM_STAT_CONSISTENT_GETS:
    case SIM_STAT_CR_BLOCKS_CREATED:
        return "kcb consistent read";
    case SIM_STAT_DB_BLOCK_GETS:
    case SIM_STAT_DB_BLOCK_CHANGES:
        return "kcb current get";
    default:
        return NULL;
    }
}

typedef struct {
    const bench_case_t *cases;
    size_t n;
} folded_t;

/* One line: statistic s of part p's stack (under a frame of its detail's
 * name when it has one), v times. */
static void stack(FILE *f, const bench_case_t *bc, case_part_t p, const char *detail, sim_stat_t s,
                  uint64_t v)
{
    const char *cache = cache_frame(s);
    fprintf(f, "%s;%s;%s%s%s%s%s %llu\n", bc->name, part_frames(p), detail ? detail : "",
            detail ? ";" : "", cache ? cache : "", cache ? ";" : "", sim_stat_info(s)->name,
            (unsigned long long)v);
}

typedef struct {
    FILE *f;
    const bench_case_t *bc;
    case_part_t p;
    sim_stat_t s;
} stack_arg_t;

static void stack_of(void *arg, const char *detail, uint64_t v)
{
    const stack_arg_t *a = arg;
    stack(a->f, a->bc, a->p, detail, a->s, v);
}

static sim_err_t write_folded(FILE *f, void *arg)
{
    const folded_t *fo = arg;
    for (size_t i = 0; i < fo->n; i++) {
        const bench_case_t *bc = &fo->cases[i];
        if (!bc->ran)
            continue;
        for (int p = 0; p < CASE_PART_COUNT; p++)
            for (int s = 0; s < SIM_STAT_COUNT; s++) {
                uint64_t v = bc->res.part[p].v[s];
                if (v == 0 || !sim_stat_counts_operations((sim_stat_t)s))
                    continue;
                stack_arg_t a = {f, bc, (case_part_t)p, (sim_stat_t)s};
                case_result_components(&bc->res, (case_part_t)p, (sim_stat_t)s, stack_of, &a);
            }
    }
    return ferror(f) ? SIM_EIO : SIM_OK;
}

int bench_profile_folded(const char *path, const bench_case_t *cases, size_t n, char *err,
                         size_t errlen)
{
    folded_t fo = {cases, n};
    char why[512];
    if (sim_write_file(path, write_folded, &fo, why, sizeof why) != SIM_OK) {
        snprintf(err, errlen, "--profile-out: %s", why);
        return 1;
    }
    return 0;
}
