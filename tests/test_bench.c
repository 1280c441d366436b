/*
 * test_bench.c -- lobbench's outputs list every statistic of the catalogue
 * once: the table's and the CSV's order is a permutation of it, so a
 * statistic added to sim/sim.h and forgotten in benchmarks/table.c fails
 * here (and at compile time, by the length).  The options: parameters'
 * values by name, lists of values and --seeds, and the cases a sweep over
 * them makes (names, values, seeds), without running the model.  The heap
 * CSV's statement and recursive parts.
 */
#define _POSIX_C_SOURCE 200809L

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "benchmarks.h"
#include "rac_sim.h"

static void test_order_is_the_catalogue(void **state)
{
    (void)state;
    unsigned char seen[SIM_STAT_COUNT];
    memset(seen, 0, sizeof seen);
    assert_int_equal(bench_order_len, SIM_STAT_COUNT);
    for (size_t i = 0; i < bench_order_len; i++) {
        assert_true((unsigned)bench_order[i] < SIM_STAT_COUNT);
        assert_int_equal(seen[bench_order[i]], 0);
        seen[bench_order[i]] = 1;
    }
}

static void test_part_names(void **state)
{
    (void)state;
    /* Every part has a name of its own: --explain-out's component column. */
    for (int p = 0; p < CASE_PART_COUNT; p++) {
        assert_string_not_equal(case_part_name((case_part_t)p), "?");
        for (int q = 0; q < p; q++)
            assert_string_not_equal(case_part_name((case_part_t)p), case_part_name((case_part_t)q));
    }
}

/* --stats-out of a sweep that mixes heap and LOB workloads: one layout,
 * a case's columns where it has them, empty where not. */
static void test_mixed_csv_one_layout(void **state)
{
    (void)state;
    static bench_case_t cases[2];
    memset(cases, 0, sizeof cases);
    case_defaults(&cases[0].c);
    case_defaults(&cases[1].c);
    cases[1].c.workload = (unsigned)workload_find("fts");
    cases[1].c.rows = 2000;
    cases[0].ran = cases[1].ran = 1;
    cases[0].st.v[SIM_STAT_DB_BLOCK_GETS] = 15514;
    char path[] = "/tmp/lobsim-report-XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    close(fd);
    char err[512] = "";
    assert_int_equal(bench_csv(path, cases, 2, err, sizeof err), 0);
    FILE *f = fopen(path, "r");
    assert_non_null(f);
    char line[256] = "";
    int found = 0;
    assert_non_null(fgets(line, sizeof line, f));
    assert_string_equal(line, "workload,path,lob_kchars,block_kb,rows,statistic,value,recursive\n");
    while (fgets(line, sizeof line, f)) {
        found += strcmp(line, "insert,local,2,8,10000,\"db block gets\",15514,\n") == 0;
        found += strcmp(line, "fts,,,8,2000,\"db block gets\",0,0\n") == 0;
    }
    fclose(f);
    unlink(path);
    assert_int_equal(found, 2);
}

/* A heap case's rows: value the session's figure, recursive the recursive
 * SQL's part of it. */
static void test_heap_csv_parts(void **state)
{
    (void)state;
    static bench_case_t bc;
    memset(&bc, 0, sizeof bc);
    case_defaults(&bc.c);
    bc.c.workload = (unsigned)workload_find("fts");
    bc.ran = 1;
    bc.res.part[CASE_PART_HEAP].v[SIM_STAT_PHYS_READS] = 468;
    bc.res.part[CASE_PART_RECURSIVE].v[SIM_STAT_PHYS_READS] = 23;
    bc.res.part[CASE_PART_RECURSIVE].v[SIM_STAT_RECURSIVE_CALLS] = 5;
    bc.res.part[CASE_PART_HEAP].v[SIM_STAT_CONSISTENT_GETS] = 489;
    case_result_total(&bc.res, &bc.st);
    char path[] = "/tmp/lobsim-heapcsv-XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    close(fd);
    char err[512] = "";
    assert_int_equal(bench_csv(path, &bc, 1, err, sizeof err), 0);
    FILE *f = fopen(path, "r");
    assert_non_null(f);
    char line[256];
    int found = 0;
    while (fgets(line, sizeof line, f)) {
        found += strcmp(line, "fts,,,8,10000,\"physical reads\",491,23\n") == 0;
        found += strcmp(line, "fts,,,8,10000,\"recursive calls\",5,5\n") == 0;
        found += strcmp(line, "fts,,,8,10000,\"consistent gets\",489,0\n") == 0;
    }
    fclose(f);
    unlink(path);
    assert_int_equal(found, 3);
}

/* Parse argv (NULL-terminated, without the program name) into o. */
static int parse(bench_opts_t *o, char *err, size_t errlen, ...)
{
    char *argv[32];
    int argc = 0;
    va_list ap;
    va_start(ap, errlen);
    argv[argc++] = (char *)"lobbench";
    for (char *a; (a = va_arg(ap, char *)) != NULL && argc < 31;)
        argv[argc++] = a;
    va_end(ap);
    argv[argc] = NULL;
    bench_defaults(o);
    err[0] = '\0';
    return bench_parse(o, &argc, argv, err, errlen);
}

/* One line naming `needle`, exit status 2. */
static void refused(int rc, const char *err, const char *needle)
{
    if (rc != 2 || strstr(err, needle) == NULL || strchr(err, '\n') != NULL)
        fail_msg("rc %d, message '%s', want 2 and '%s'", rc, err, needle);
}

static void test_param_names(void **state)
{
    (void)state;
    static bench_opts_t o;
    char err[512];
    assert_int_equal(parse(&o, err, sizeof err, "--workload=rac", "--param=heap.dict_cache=warm",
                           "--param=rac.interconnect=1gbe", "--param=rac.users=40", NULL),
                     0);
    assert_int_equal(o.nparams, 3);
    assert_int_equal(o.params[0].value, 1);
    assert_int_equal(o.params[1].value, 2);
    assert_int_equal(o.params[2].value, 40);
    /* Numbers still do, for the parameters with names too. */
    assert_int_equal(
        parse(&o, err, sizeof err, "--workload=fts", "--param=heap.dict_cache=1", NULL), 0);
    assert_int_equal(o.params[0].value, 1);
    refused(parse(&o, err, sizeof err, "--param=heap.dict_cache=tepid", NULL), err,
            "heap.dict_cache='tepid' is not one of its values (accepted: cold, warm");
    refused(parse(&o, err, sizeof err, "--param=rac.interconnect=2gbe", NULL), err,
            "(accepted: hipersockets, 10gbe, 1gbe");
    refused(parse(&o, err, sizeof err, "--param=rac.users=warm", NULL), err, "'warm'");
    /* The names are the rac model's own, value for value. */
    size_t k = 0;
    uint32_t v;
    for (const char *w; (w = case_param_word("rac.interconnect", k, &v)) != NULL; k++) {
        assert_int_equal(v, k);
        assert_string_equal(w, rac_interconnect_name((uint32_t)k));
    }
    assert_int_equal(k, CASE_LINK_COUNT);
    assert_null(case_param_word("rac.users", 0, NULL));
    /* The store's parameter text names them too. */
    case_t c;
    char text[4096];
    case_defaults(&c);
    c.heap.dict_cache = HS_DICT_WARM;
    c.rac.interconnect = CASE_LINK_10GBE;
    case_describe_params(&c, text, sizeof text);
    assert_non_null(strstr(text, " heap.dict_cache=warm "));
    assert_non_null(strstr(text, " rac.interconnect=10gbe "));
    assert_non_null(strstr(text, " rac.users=60 "));
}

/* --param=NAME=V1,V2 and --seeds: the points of the sweep, the first list
 * outermost, the seeds innermost; each case named by its values. */
static void test_sweep_cases(void **state)
{
    (void)state;
    static bench_opts_t o;
    static bench_case_t bc;
    char err[512];
    assert_int_equal(parse(&o, err, sizeof err, "--workload=rac", "--block-size=8k,4k",
                           "--param=rac.users=40,60,80",
                           "--param=rac.interconnect=hipersockets,1gbe", "--seeds=1-3,7", NULL),
                     0);
    assert_int_equal(o.nswept, 2);
    assert_int_equal(o.nseeds, 4);
    assert_int_equal(bench_npoints(&o), 3 * 2 * 4);
    static const uint32_t users[] = {40, 60, 80};
    static const uint64_t seeds[] = {1, 2, 3, 7};
    char names[24][256];
    for (size_t k = 0; k < 24; k++) {
        assert_int_equal(bench_sweep_case(&o, (unsigned)workload_find("rac"), CASE_PATH_LOCAL, 2048,
                                          4096, k, &bc, err, sizeof err),
                         0);
        assert_int_equal(bc.c.rac.users, users[k / 8]);
        assert_int_equal(bc.c.rac.interconnect,
                         k / 4 % 2 ? CASE_LINK_1GBE : CASE_LINK_HIPERSOCKETS);
        assert_int_equal(bc.c.seed, seeds[k % 4]);
        assert_int_equal(bc.c.block_size, 4096);
        assert_int_equal(bc.nswept, 2);
        assert_true(bc.seeds_swept);
        char want[256];
        /* rac's axes: block size, users (a list's value, not given twice). */
        snprintf(want, sizeof want,
                 "rac/block:4k/users:%u/rows:100000/rac.interconnect:%s/seed:%llu", users[k / 8],
                 k / 4 % 2 ? "1gbe" : "hipersockets", (unsigned long long)seeds[k % 4]);
        assert_string_equal(bc.name, want);
        strcpy(names[k], bc.name);
        for (size_t j = 0; j < k; j++)
            assert_string_not_equal(names[j], names[k]);
        char label[160];
        bench_point_label(&bc, 1, label, sizeof label);
        snprintf(want, sizeof want, "rac.users=%u, rac.interconnect=%s, seed %llu", users[k / 8],
                 k / 4 % 2 ? "1gbe" : "hipersockets", (unsigned long long)seeds[k % 4]);
        assert_string_equal(label, want);
    }
    /* Without lists nor --seeds: one point, the names as they always were. */
    assert_int_equal(parse(&o, err, sizeof err, "--seed=5", NULL), 0);
    assert_int_equal(bench_npoints(&o), 1);
    assert_int_equal(
        bench_sweep_case(&o, 0, CASE_PATH_DBLINK, 65536, 8192, 0, &bc, err, sizeof err), 0);
    assert_string_equal(bc.name, "insert/dblink/lob:64k/block:8k/rows:10000");
    assert_int_equal(bc.c.seed, 5);
    /* A value the model refuses, in a list: named. */
    assert_int_equal(parse(&o, err, sizeof err, "--workload=rac", "--param=rac.users=40,0", NULL),
                     0);
    refused(bench_sweep_case(&o, (unsigned)workload_find("rac"), CASE_PATH_LOCAL, 2048, 8192, 1,
                             &bc, err, sizeof err),
            err, "rac.users");
}

static void test_sweep_refused(void **state)
{
    (void)state;
    static bench_opts_t o;
    char err[512];
    refused(parse(&o, err, sizeof err, "--param=rac.users=40,60", "--param=rac.cores=2,4",
                  "--param=rac.lms=1,2", NULL),
            err, "at most 2 parameters may be lists");
    refused(parse(&o, err, sizeof err, "--param=rac.users=40,60,40", NULL), err,
            "gives the value '40' twice");
    refused(parse(&o, err, sizeof err, "--param=heap.dict_cache=cold,0", NULL), err,
            "gives the value '0' twice");
    refused(parse(&o, err, sizeof err, "--param=rac.users=40,60", "--param=rac.users=80", NULL),
            err, "rac.users is given as a list and once more");
    refused(parse(&o, err, sizeof err, "--param=rac.users=80", "--param=rac.users=40,60", NULL),
            err, "rac.users is given as a list and once more");
    refused(parse(&o, err, sizeof err, "--param=rac.users=40,,60", NULL), err, "empty item");
    refused(parse(&o, err, sizeof err, "--param=rac.users=40,x", NULL), err, "'x'");
    refused(parse(&o, err, sizeof err, "--seeds=1-3,2", NULL), err, "seed 2 is given twice");
    refused(parse(&o, err, sizeof err, "--seeds=3-1", NULL), err, "ends before it starts");
    refused(parse(&o, err, sizeof err, "--seeds=1-", NULL), err, "'1-'");
    refused(parse(&o, err, sizeof err, "--seeds=", NULL), err, "--seeds");
    refused(parse(&o, err, sizeof err, "--seeds=1-65", NULL), err, "more than 64 seeds");
    refused(parse(&o, err, sizeof err, "--seed=1", "--seeds=1-2", NULL), err, "--seed and --seeds");
    /* A single value given twice among the --param options is refused: the
     * last one would win unseen (a later --param-file's overrides, and says
     * so: tests/bad_input_files.sh). */
    refused(parse(&o, err, sizeof err, "--workload=rac", "--param=rac.users=40",
                  "--param=rac.users=80", NULL),
            err, "rac.users is given twice in --param options");
}

/* Each family's cases in its own axes: a heap query and rac have no path
 * nor LOB size (whatever is asked, the case carries the model's defaults,
 * which it does not read), and their names say only what they have. */
static void test_family_names(void **state)
{
    (void)state;
    static bench_opts_t o;
    static bench_case_t bc;
    char err[512];
    case_t def;
    case_defaults(&def);
    assert_int_equal(parse(&o, err, sizeof err, "--workload=fts", NULL), 0);
    assert_int_equal(bench_sweep_case(&o, (unsigned)workload_find("fts"), CASE_PATH_DBLINK, 65536,
                                      16384, 0, &bc, err, sizeof err),
                     0);
    assert_string_equal(bc.name, "fts/block:16k/rows:10000000");
    assert_int_equal(bc.c.path, def.path);
    assert_int_equal(bc.c.lob_chars, def.lob_chars);
    assert_int_equal(parse(&o, err, sizeof err, "--workload=rac", "--param=rac.users=80", NULL), 0);
    assert_int_equal(bench_sweep_case(&o, (unsigned)workload_find("rac"), CASE_PATH_DBLINK, 65536,
                                      8192, 0, &bc, err, sizeof err),
                     0);
    assert_string_equal(bc.name, "rac/block:8k/users:80/rows:100000");
    /* The LOB workloads keep path x LOB size. */
    assert_int_equal(parse(&o, err, sizeof err, "--workload=scan", NULL), 0);
    assert_int_equal(bench_sweep_case(&o, (unsigned)workload_find("scan"), CASE_PATH_DBLINK, 65536,
                                      8192, 0, &bc, err, sizeof err),
                     0);
    assert_string_equal(bc.name, "scan/dblink/lob:64k/block:8k/rows:10000");
}

/* Options that mean nothing for the chosen workloads, and files whose
 * columns or axes differ between the chosen families: one line each, at
 * parse time, before any work. */
static void test_family_options_refused(void **state)
{
    (void)state;
    static bench_opts_t o;
    char err[512];
    refused(parse(&o, err, sizeof err, "--workload=heap", "--sizes=64k", NULL), err,
            "--sizes applies to the LOB workloads (insert, scan, rows, cluster) only; chosen: the "
            "heap queries (ctas, fts, range, few_rows)");
    refused(parse(&o, err, sizeof err, "--workload=rac", "--path=dblink", NULL), err,
            "--path applies to the LOB workloads");
    refused(parse(&o, err, sizeof err, "--workload=rac", "--path=local", NULL), err, "chosen: rac");
    refused(
        parse(&o, err, sizeof err, "--workload=ctas", "--path=dblink", "--piece-size=40000", NULL),
        err, "--path applies");
    refused(parse(&o, err, sizeof err, "--workload=ctas", "--piece-size=40000", NULL), err,
            "--piece-size applies to the LOB workloads");
    refused(parse(&o, err, sizeof err, "--param=rac.users=40", NULL), err,
            "--param=rac.users applies to rac only");
    refused(parse(&o, err, sizeof err, "--workload=heap", "--param=rac.users=40,60", NULL), err,
            "--param=rac.users applies to rac only");
    refused(parse(&o, err, sizeof err, "--param=heap.dict_cache=warm", NULL), err,
            "applies to the heap queries (ctas, fts, range, few_rows) and rac only");
    refused(parse(&o, err, sizeof err, "--workload=fts", "--param=dsp.chunk_divisor=512", NULL),
            err, "--param=dsp.chunk_divisor applies to the LOB workloads");
    refused(parse(&o, err, sizeof err, "--workload=rac", "--param=block_overhead=100", NULL), err,
            "--param=block_overhead");
    refused(parse(&o, err, sizeof err, "--workload=insert,ctas", "--explain-out=x.csv", NULL), err,
            "--explain-out=x.csv: the LOB workloads (insert, scan, rows, cluster) and the heap "
            "queries (ctas, fts, range, few_rows) each have their own columns");
    refused(parse(&o, err, sizeof err, "--workload=rac,fts", "--awr-out=x.csv", NULL), err,
            "--awr-out applies to rac only");
    refused(parse(&o, err, sizeof err, "--workload=fts,rac", "--explain-out=x.csv", NULL), err,
            "--explain-out=x.csv: the heap queries (ctas, fts, range, few_rows) and rac");
    refused(parse(&o, err, sizeof err, "--workload=rac,scan", "--plot=x.svg", NULL), err,
            "each have their own x axis");
    /* What the chosen workloads do read. */
    assert_int_equal(parse(&o, err, sizeof err, "--workload=rac", "--param=heap.pctfree=20",
                           "--param=cluster.message_bytes=300", "--block-size=8k,4k", NULL),
                     0);
    assert_int_equal(parse(&o, err, sizeof err, "--workload=insert,fts", "--path=local",
                           "--sizes=2k", "--param=heap.dict_cache=warm",
                           "--param=dsp.chunk_divisor=512", NULL),
                     0);
    assert_int_equal(parse(&o, err, sizeof err, "--workload=heap", "--stats-out=x.csv",
                           "--explain-out=y.csv", "--plot=z.svg", NULL),
                     0);
}

/* A value twice in a list is the same case twice: refused at parse time
 * (Google Benchmark refused the second registration in the middle of the
 * run, and a broken run was recorded). */
static void test_duplicates_refused(void **state)
{
    (void)state;
    static bench_opts_t o;
    char err[512];
    refused(parse(&o, err, sizeof err, "--block-size=8k,8k", NULL), err,
            "--block-size: '8k' is given twice");
    refused(parse(&o, err, sizeof err, "--block-size=4k,8k,8192", NULL), err, "'8192'");
    refused(parse(&o, err, sizeof err, "--sizes=2k,2k", NULL), err,
            "--sizes: '2k' (2k) is given twice");
    refused(parse(&o, err, sizeof err, "--sizes=2k,4k,2048", NULL), err, "'2048' (2k)");
    refused(parse(&o, err, sizeof err, "--workload=insert,insert", NULL), err,
            "--workload: 'insert' selects insert a second time");
    refused(parse(&o, err, sizeof err, "--workload=readback,rows", NULL), err, "'rows'");
    refused(parse(&o, err, sizeof err, "--workload=fts,heap", NULL), err, "'heap' selects fts");
    refused(parse(&o, err, sizeof err, "--workload=all,cluster", NULL), err, "selects cluster");
    assert_int_equal(parse(&o, err, sizeof err, "--workload=readback,insert,heap,rac",
                           "--block-size=8k,4k", "--sizes=2k,2049", NULL),
                     0);
    assert_int_equal(o.nsizes, 2);
}

/* The fewest digits that read back exactly: rates keep their decimals. */
static void test_format_double(void **state)
{
    (void)state;
    char buf[40];
    bench_format_double(44996.974, buf, sizeof buf);
    assert_string_equal(buf, "44996.974");
    bench_format_double(0.1, buf, sizeof buf);
    assert_string_equal(buf, "0.1");
    bench_format_double(1234567890.125, buf, sizeof buf);
    assert_string_equal(buf, "1234567890.125");
    static const double v[] = {1.0 / 3, 2.0 / 3 * 1e-300, 968.4246611850268, 6.02214076e23, 0,
                               -17.5,   1e15 + 0.5};
    for (size_t i = 0; i < sizeof v / sizeof v[0]; i++) {
        bench_format_double(v[i], buf, sizeof buf);
        if (strtod(buf, NULL) != v[i])
            fail_msg("%.17g printed as %s", v[i], buf);
    }
}

/* Sizes as the tables and case names print them: the largest unit that
 * divides, at its edges (1023 bytes, 1k, 1025 bytes, 1m, 1025k). */
static void test_format_size(void **state)
{
    (void)state;
    static const struct {
        uint64_t v;
        const char *want;
    } cases[] = {{0, "0"},        {1023, "1023"},       {1024, "1k"},    {1025, "1025"},
                 {1536, "1536"},  {2048, "2k"},         {1048576, "1m"}, {1049600, "1025k"},
                 {3145728, "3m"}, {1073741824, "1024m"}};
    char buf[32];
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        sim_format_size(cases[i].v, buf, sizeof buf);
        if (strcmp(buf, cases[i].want) != 0)
            fail_msg("%llu printed as %s, want %s", (unsigned long long)cases[i].v, buf,
                     cases[i].want);
    }
}

/* A temporary file's name (removed). */
static void temp_name(char *path)
{
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    close(fd);
    unlink(path);
}

/* First line of path into line. */
static void first_line(const char *path, char *line, size_t len)
{
    FILE *f = fopen(path, "r");
    assert_non_null(f);
    line[0] = '\0';
    assert_non_null(fgets(line, (int)len, f));
    fclose(f);
}

/* --explain-out in each family's columns: a heap query's have no path nor
 * LOB size, rac's its users, interconnect and seed as its --stats-out; a
 * sweep of two families is not written. */
static void test_explain_csv_columns(void **state)
{
    (void)state;
    static bench_case_t cases[3];
    memset(cases, 0, sizeof cases);
    for (int i = 0; i < 3; i++) {
        case_defaults(&cases[i].c);
        cases[i].ran = 1;
        cases[i].res.part[CASE_PART_HEAP].v[SIM_STAT_CONSISTENT_GETS] = 489;
        case_result_total(&cases[i].res, &cases[i].st);
    }
    cases[0].c.workload = (unsigned)workload_find("fts");
    cases[0].c.block_size = 16384;
    cases[1].c.workload = (unsigned)workload_find("rac");
    cases[1].c.rac.users = 40;
    char path[] = "/tmp/lobsim-explain-XXXXXX", line[256], err[512];
    temp_name(path);
    assert_int_equal(bench_explain_csv(path, &cases[0], 1, err, sizeof err), 0);
    first_line(path, line, sizeof line);
    assert_string_equal(line, "query,block_kb,statistic,component,value\n");
    FILE *f = fopen(path, "r");
    int found = 0;
    while (fgets(line, sizeof line, f))
        found += strcmp(line, "fts,16,\"consistent gets\",heap segment,489\n") == 0;
    fclose(f);
    assert_int_equal(found, 1);
    assert_int_equal(bench_explain_csv(path, &cases[1], 1, err, sizeof err), 0);
    first_line(path, line, sizeof line);
    assert_string_equal(line,
                        "workload,block_kb,users,interconnect,seed,statistic,component,value\n");
    f = fopen(path, "r");
    found = 0;
    while (fgets(line, sizeof line, f))
        found +=
            strcmp(line, "rac,8,40,hipersockets,1,\"consistent gets\",heap segment,489\n") == 0;
    fclose(f);
    assert_int_equal(found, 1);
    assert_int_equal(bench_explain_csv(path, &cases[2], 1, err, sizeof err), 0);
    first_line(path, line, sizeof line);
    assert_string_equal(line, "workload,path,lob_kchars,block_kb,statistic,component,value\n");
    unlink(path);
    refused(2 * bench_explain_csv(path, &cases[1], 2, err, sizeof err), err,
            "mixes rac and other workloads");
    assert_int_equal(access(path, F_OK), -1);
}

/* The rac CSV at full precision: each value reads back as the report's own
 * figure, bit for bit. */
static void test_rac_csv_precision(void **state)
{
    (void)state;
    static bench_case_t bc;
    memset(&bc, 0, sizeof bc);
    case_defaults(&bc.c);
    bc.c.workload = (unsigned)workload_find("rac");
    bc.c.rows = 100000;
    bc.c.rac.transactions = 400;
    bc.c.rac.warmup = 40;
    bc.ran = 1;
    static rac_report_t rep;
    assert_int_equal(rac_report(&bc.c, &rep), SIM_OK);
    char path[] = "/tmp/lobsim-raccsv-XXXXXX", line[512], err[512];
    temp_name(path);
    assert_int_equal(bench_awr_csv(path, &bc, 1, err, sizeof err), 0);
    FILE *f = fopen(path, "r");
    assert_non_null(f);
    assert_non_null(fgets(line, sizeof line, f));
    size_t n = 0, long_ones = 0;
    while (fgets(line, sizeof line, f)) {
        /* ...,"section","statistic",value,change */
        char *q = strrchr(line, '"');
        assert_non_null(q);
        char *end;
        double v = strtod(q + 2, &end);
        size_t l = n / RAC_COLUMNS;
        int c = (int)(n % RAC_COLUMNS);
        assert_true(l < rep.n);
        if (v != rep.line[l].v[c])
            fail_msg("%s: %.17g in the CSV, %.17g in the report", rep.line[l].name, v,
                     rep.line[l].v[c]);
        long_ones += end - (q + 2) > 10;
        n++;
    }
    fclose(f);
    unlink(path);
    assert_int_equal(n, rep.n * RAC_COLUMNS);
    /* Figures that %.9g would have cut. */
    assert_true(long_ones > 100);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_order_is_the_catalogue),
        cmocka_unit_test(test_part_names),
        cmocka_unit_test(test_mixed_csv_one_layout),
        cmocka_unit_test(test_heap_csv_parts),
        cmocka_unit_test(test_param_names),
        cmocka_unit_test(test_sweep_cases),
        cmocka_unit_test(test_sweep_refused),
        cmocka_unit_test(test_family_names),
        cmocka_unit_test(test_family_options_refused),
        cmocka_unit_test(test_duplicates_refused),
        cmocka_unit_test(test_format_double),
        cmocka_unit_test(test_format_size),
        cmocka_unit_test(test_explain_csv_columns),
        cmocka_unit_test(test_rac_csv_precision),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
