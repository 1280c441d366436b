/*
 * opts.c -- parsing lobbench's command line.
 *
 * Sizes follow the reference: "2k" is 2,048 characters.  Lists are comma
 * separated; a parameter given as a list (--param=NAME=V1,V2) and --seeds
 * are dimensions of the sweep, whose cases sweep.c builds.  Nothing here
 * runs the model.
 */
#include "benchmarks.h"
#include "life_sim.h"

#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

void bench_defaults(bench_opts_t *o)
{
    memset(o, 0, sizeof *o);
    o->workloads[workload_find("insert")] = 1;
    for (int p = 0; p < CASE_PATH_COUNT; p++)
        o->paths[p] = 1;
    for (size_t i = 0; i < SIM_REF_NSIZES; i++)
        o->sizes[o->nsizes++] = sim_ref_sizes[i];
    o->block_sizes[o->nblock_sizes++] = SIM_REF_BLOCK_SIZE;
    o->rows = SIM_REF_ROWS;
    o->seed = 1;
    o->piece_size = 32767;
    sim_default_store(o->db_default, sizeof o->db_default);
    o->db = o->db_default;
}

/* Split a comma list; each item goes through `one`. */
static int parse_list(const char *what, const char *s, size_t *n, char *err, size_t errlen,
                      int (*one)(const char *, const char *, void *, size_t, char *, size_t),
                      void *dst)
{
    char buf[1024];
    if (strlen(s) >= sizeof buf || *s == '\0') {
        snprintf(err, errlen, "%s: '%.40s' is empty or too long", what, s);
        return 2;
    }
    strcpy(buf, s);
    *n = 0;
    char *save = NULL;
    for (char *tok = strtok_r(buf, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
        if (*n == BENCH_MAX_LIST) {
            snprintf(err, errlen, "%s: more than %d values", what, BENCH_MAX_LIST);
            return 2;
        }
        if (one(what, tok, dst, *n, err, errlen) != 0)
            return 2;
        (*n)++;
    }
    if (*n == 0 || s[strlen(s) - 1] == ',' || s[0] == ',' || strstr(s, ",,")) {
        snprintf(err, errlen, "%s: '%s' has an empty item", what, s);
        return 2;
    }
    return 0;
}

static int one_size(const char *what, const char *s, void *dst, size_t i, char *err, size_t len)
{
    uint64_t *sizes = dst;
    if (bench_parse_chars(what, s, &sizes[i], err, len) != 0)
        return 2;
    /* A size twice would be the same case twice: refused before any work. */
    for (size_t k = 0; k < i; k++)
        if (sizes[k] == sizes[i]) {
            char v[32];
            sim_format_size(sizes[i], v, sizeof v);
            snprintf(err, len, "%s: '%s' (%s) is given twice: each size once", what, s, v);
            return 2;
        }
    return 0;
}

static int one_block(const char *what, const char *s, void *dst, size_t i, char *err, size_t len)
{
    uint32_t *bs = dst;
    if (bench_parse_block_size(s, &bs[i], err, len) != 0)
        return 2;
    for (size_t k = 0; k < i; k++)
        if (bs[k] == bs[i]) {
            snprintf(err, len, "%s: '%s' is given twice: each block size once", what, s);
            return 2;
        }
    return 0;
}

/* insert, scan, rows, cluster; readback = scan,rows; all = every LOB
 * workload; heap = ctas,fts,range,few_rows.  dst is the workloads' flags,
 * whatever the item's position; a workload selected twice (insert,insert or
 * readback,scan) is refused, as a size twice is. */
static int one_workload(const char *what, const char *s, void *dst, size_t i, char *err, size_t len)
{
    (void)i;
    int *on = dst;
    int sel[WORKLOAD_MAX] = {0}, w;
    if (strcmp(s, "readback") == 0) {
        sel[workload_find("scan")] = sel[workload_find("rows")] = 1;
    } else if (strcmp(s, "all") == 0 || strcmp(s, "heap") == 0) {
        int heap = strcmp(s, "heap") == 0;
        for (int k = 0; k < (int)workload_count(); k++)
            sel[k] = workload_kind((size_t)k) == (heap ? WORKLOAD_HEAP : WORKLOAD_LOB);
    } else if ((w = workload_find(s)) >= 0) {
        sel[w] = 1;
    } else {
        char names[128];
        workload_names(names, sizeof names);
        snprintf(err, len, "%s: '%s' is not a workload (accepted: %s, readback, all, heap)", what,
                 s, names);
        return 2;
    }
    for (int k = 0; k < (int)workload_count(); k++) {
        if (sel[k] && on[k]) {
            snprintf(err, len, "%s: '%s' selects %s a second time: each workload once", what, s,
                     workload_name((size_t)k));
            return 2;
        }
        on[k] |= sel[k];
    }
    return 0;
}

enum {
    OPT_LIST_PARAMS,
    OPT_QUIET,
    OPT_ALL_COUNTERS,
    OPT_NO_DB,
    OPT_EXPLAIN,
    OPT_LAYOUT,
    OPT_PATH,
    OPT_WORKLOAD,
    OPT_SIZES,
    OPT_BLOCK_SIZE,
    OPT_ROWS,
    OPT_SEED,
    OPT_SEEDS,
    OPT_PIECE_SIZE,
    OPT_PARAM_FILE,
    OPT_PARAM,
    OPT_STATS_OUT,
    OPT_AWR_OUT,
    OPT_EXPLAIN_OUT,
    OPT_PROFILE_OUT,
    OPT_SNAPSHOT_EVERY,
    OPT_DB,
    OPT_PLOT,
    OPT_SCRIPT,
    OPT_SETUP,
    OPT_DEFINE,
    OPT_SESSIONS,
    OPT_CHARSET,
    OPT_MAX_STRING_SIZE,
    OPT_DB_SECUREFILE
};

/* --param and --param-file collect, in order; every other value is given
 * once (a list is one comma-separated value). */
static const sim_opt_t options[] = {
    {"list-params", 0, 0, OPT_LIST_PARAMS},
    {"quiet", 'q', 0, OPT_QUIET},
    {"all-counters", 0, 0, OPT_ALL_COUNTERS},
    {"no-db", 0, 0, OPT_NO_DB},
    {"explain", 0, 0, OPT_EXPLAIN},
    {"layout", 0, 0, OPT_LAYOUT},
    {"path", 0, SIM_OPT_VALUE, OPT_PATH},
    {"workload", 0, SIM_OPT_VALUE, OPT_WORKLOAD},
    {"sizes", 0, SIM_OPT_VALUE, OPT_SIZES},
    {"block-size", 0, SIM_OPT_VALUE, OPT_BLOCK_SIZE},
    {"rows", 0, SIM_OPT_VALUE, OPT_ROWS},
    {"seed", 0, SIM_OPT_VALUE, OPT_SEED},
    {"seeds", 0, SIM_OPT_VALUE, OPT_SEEDS},
    {"piece-size", 0, SIM_OPT_VALUE, OPT_PIECE_SIZE},
    {"param-file", 0, SIM_OPT_VALUE | SIM_OPT_REPEAT, OPT_PARAM_FILE},
    {"param", 0, SIM_OPT_VALUE | SIM_OPT_REPEAT, OPT_PARAM},
    {"stats-out", 0, SIM_OPT_VALUE, OPT_STATS_OUT},
    {"awr-out", 0, SIM_OPT_VALUE, OPT_AWR_OUT},
    {"explain-out", 0, SIM_OPT_VALUE, OPT_EXPLAIN_OUT},
    {"profile-out", 0, SIM_OPT_VALUE, OPT_PROFILE_OUT},
    {"snapshot-every", 0, SIM_OPT_VALUE, OPT_SNAPSHOT_EVERY},
    {"db", 0, SIM_OPT_VALUE, OPT_DB},
    {"plot", 0, SIM_OPT_VALUE, OPT_PLOT},
    {"script", 0, SIM_OPT_VALUE, OPT_SCRIPT},
    {"setup", 0, SIM_OPT_VALUE, OPT_SETUP},
    {"define", 0, SIM_OPT_VALUE | SIM_OPT_REPEAT, OPT_DEFINE},
    {"sessions", 0, SIM_OPT_VALUE, OPT_SESSIONS},
    {"charset", 0, SIM_OPT_VALUE, OPT_CHARSET},
    {"max-string-size", 0, SIM_OPT_VALUE, OPT_MAX_STRING_SIZE},
    {"db-securefile", 0, SIM_OPT_VALUE, OPT_DB_SECUREFILE},
    {NULL, 0, 0, 0}};

static int parse_path(bench_opts_t *o, const char *v, char *err, size_t errlen)
{
    case_path_t p;
    memset(o->paths, 0, sizeof o->paths);
    if (strcmp(v, "both") == 0) {
        for (int k = 0; k < CASE_PATH_COUNT; k++)
            o->paths[k] = 1;
    } else if (case_path_parse(v, &p) == 0) {
        o->paths[p] = 1;
    } else {
        snprintf(err, errlen, "--path: '%s' is not a path (accepted: local, dblink, both)", v);
        return 2;
    }
    return 0;
}

static int parse_piece_size(bench_opts_t *o, const char *v, char *err, size_t errlen)
{
    uint64_t ps;
    if (bench_parse_u64("--piece-size", v, 64u << 20, &ps, err, errlen)) {
        snprintf(err, errlen,
                 "--piece-size: '%s' is not a size in bytes (accepted: one block's "
                 "payload .. 64m)",
                 v);
        return 2;
    }
    o->piece_size = (uint32_t)ps;
    o->piece_size_set = 1;
    return 0;
}

/* --sessions=N[,N...]: counts of sessions, each 1..BENCH_MAX_SESSIONS. */
static int parse_sessions(bench_opts_t *o, const char *v, char *err, size_t errlen)
{
    o->nsessions = 0;
    const char *p = v;
    for (;;) {
        const char *comma = strchr(p, ',');
        size_t len = comma ? (size_t)(comma - p) : strlen(p);
        char item[32];
        uint64_t n;
        if (len == 0 || len >= sizeof item ||
            o->nsessions == sizeof o->sessions / sizeof o->sessions[0]) {
            snprintf(err, errlen, "--sessions=%s: a count or a list of at most %zu counts", v,
                     sizeof o->sessions / sizeof o->sessions[0]);
            return 2;
        }
        memcpy(item, p, len);
        item[len] = '\0';
        if (bench_parse_u64("--sessions", item, BENCH_MAX_SESSIONS, &n, err, errlen) != 0 ||
            n == 0) {
            snprintf(err, errlen, "--sessions=%s: sessions at once (accepted: 1..%d)", v,
                     BENCH_MAX_SESSIONS);
            return 2;
        }
        for (size_t i = 0; i < o->nsessions; i++)
            if (o->sessions[i] == n) {
                snprintf(err, errlen, "--sessions=%s: %llu is given twice: each count once", v,
                         (unsigned long long)n);
                return 2;
            }
        o->sessions[o->nsessions++] = (uint32_t)n;
        if (comma == NULL)
            return 0;
        p = comma + 1;
    }
}

/* --snapshot-every=N (rows) or Ns (seconds of model time) into o; a
 * value that is neither leaves both 0 and o->snapshot_bad set. */
static void parse_snapshot(bench_opts_t *o, const char *v)
{
    size_t len = strlen(v);
    char tmp[128];
    o->snapshot_every = o->snapshot_ns = 0;
    o->snapshot_bad = 0;
    if (len > 1 && v[len - 1] == 's') {
        char *end;
        errno = 0;
        double sec = strtod(v, &end);
        if (end != v + len - 1 || errno || !(sec > 0) || sec > 1e6 || v[0] == ' ' ||
            (uint64_t)(sec * 1e9 + 0.5) == 0)
            o->snapshot_bad = 1;
        else
            o->snapshot_ns = (uint64_t)(sec * 1e9 + 0.5);
        return;
    }
    if (bench_parse_u64("--snapshot-every", v, 1000000000000ULL, &o->snapshot_every, tmp,
                        sizeof tmp) != 0 ||
        o->snapshot_every == 0) {
        o->snapshot_every = 0;
        o->snapshot_bad = 1;
    }
}

/* A bad --snapshot-every, refused in the unit the run takes: seconds of
 * model time with --script --sessions (or when the value ends in s), rows
 * of the insert otherwise. */
static int snapshot_refusal(const bench_opts_t *o, char *err, size_t errlen)
{
    const char *v = o->snapshot_arg;
    size_t len = strlen(v);
    if ((o->script && o->nsessions) || (len > 1 && v[len - 1] == 's'))
        snprintf(err, errlen,
                 "--snapshot-every=%s: seconds of model time%s (accepted: more than 0 and at "
                 "most 1000000, e.g. 0.5s)",
                 v, o->script && o->nsessions ? " with --sessions" : "");
    else
        snprintf(err, errlen, "--snapshot-every=%s: rows per snapshot (accepted: 1 or more)", v);
    return 2;
}

/* One option of lobbench's own, id from the table above, into o. */
static int apply(bench_opts_t *o, int id, const char *v, char *err, size_t errlen)
{
    size_t n;
    switch (id) {
    case OPT_LIST_PARAMS:
        o->list_params = 1;
        return 0;
    case OPT_QUIET:
        o->quiet = 1;
        return 0;
    case OPT_ALL_COUNTERS:
        o->all_counters = 1;
        return 0;
    case OPT_NO_DB:
        o->no_db = 1;
        o->db = NULL;
        return 0;
    case OPT_EXPLAIN:
        o->explain = 1;
        return 0;
    case OPT_LAYOUT:
        o->layout = 1;
        return 0;
    case OPT_PATH:
        o->paths_given = 1;
        return parse_path(o, v, err, errlen);
    case OPT_WORKLOAD:
        o->workload_given = 1;
        memset(o->workloads, 0, sizeof o->workloads);
        return parse_list("--workload", v, &n, err, errlen, one_workload, o->workloads);
    case OPT_SIZES:
        o->sizes_given = 1;
        return parse_list("--sizes", v, &o->nsizes, err, errlen, one_size, o->sizes);
    case OPT_BLOCK_SIZE:
        o->block_size_given = 1;
        return parse_list("--block-size", v, &o->nblock_sizes, err, errlen, one_block,
                          o->block_sizes);
    case OPT_ROWS:
        o->rows_given = 1;
        return bench_parse_u64("--rows", v, 1000000000000ULL, &o->rows, err, errlen);
    case OPT_SEED:
        o->seed_given = 1;
        return bench_parse_u64("--seed", v, UINT64_MAX, &o->seed, err, errlen);
    case OPT_SEEDS:
        return bench_parse_seeds(o, v, err, errlen);
    case OPT_PIECE_SIZE:
        return parse_piece_size(o, v, err, errlen);
    case OPT_PARAM_FILE:
        return bench_parse_param_file(o, v, err, errlen);
    case OPT_PARAM:
        return bench_add_param(o, "--param", 0, v, err, errlen);
    case OPT_AWR_OUT:
        o->awr_out = v;
        return 0;
    case OPT_STATS_OUT:
        o->stats_out = v;
        return 0;
    case OPT_EXPLAIN_OUT:
        o->explain_out = v;
        return 0;
    case OPT_PROFILE_OUT:
        o->profile_out = v;
        return 0;
    case OPT_SNAPSHOT_EVERY:
        /* N rows (the insert), or N s of model time (sessions at once: the
         * insert model keeps no time); which the run takes, and so what a
         * bad value is refused as, is known once every option is read
         * (snapshot_refusal()). */
        o->snapshot_arg = v;
        parse_snapshot(o, v);
        return 0;
    case OPT_DB:
        if (*v == '\0') {
            snprintf(err, errlen, "--db: empty file name");
            return 2;
        }
        o->db_given = 1;
        o->db = v;
        return 0;
    case OPT_SCRIPT:
        if (*v == '\0') {
            snprintf(err, errlen, "--script: empty file name");
            return 2;
        }
        o->script = v;
        return 0;
    case OPT_SETUP:
        if (*v == '\0') {
            snprintf(err, errlen, "--setup: empty file name");
            return 2;
        }
        o->setup = v;
        return 0;
    case OPT_DEFINE: {
        /* NAME=VALUE, NAME as SQL*Plus names a substitution variable */
        size_t nlen = strcspn(v, "=");
        int ok = nlen > 0 && nlen <= 128 && v[nlen] == '=';
        for (size_t i = 0; ok && i < nlen; i++)
            ok = isalnum((unsigned char)v[i]) || v[i] == '_' || v[i] == '$' || v[i] == '#';
        if (!ok) {
            snprintf(err, errlen,
                     "--define=%s: expected NAME=VALUE (NAME of letters, digits, _, $ or #, "
                     "as after & in the script)",
                     v);
            return 2;
        }
        if (o->ndefines == BENCH_MAX_DEFINES) {
            snprintf(err, errlen, "--define: more than %d given", BENCH_MAX_DEFINES);
            return 2;
        }
        o->defines[o->ndefines++] = v;
        return 0;
    }
    case OPT_SESSIONS:
        return parse_sessions(o, v, err, errlen);
    case OPT_CHARSET:
        o->charset_given = 1;
        if (strcmp(v, "al32utf8") == 0 || strcmp(v, "AL32UTF8") == 0)
            o->charset_al32utf8 = 1;
        else if (strcmp(v, "single") == 0 || strcmp(v, "single-byte") == 0)
            o->charset_al32utf8 = 0;
        else {
            snprintf(err, errlen,
                     "--charset: '%s' is not a character set of the model (accepted: single, "
                     "al32utf8)",
                     v);
            return 2;
        }
        return 0;
    case OPT_MAX_STRING_SIZE:
        o->max_string_given = 1;
        if (strcmp(v, "standard") == 0 || strcmp(v, "STANDARD") == 0)
            o->max_string_extended = 0;
        else if (strcmp(v, "extended") == 0 || strcmp(v, "EXTENDED") == 0)
            o->max_string_extended = 1;
        else {
            snprintf(err, errlen, "--max-string-size: '%s' (accepted: standard, extended)", v);
            return 2;
        }
        return 0;
    case OPT_DB_SECUREFILE:
        o->securefile_given = 1;
        if (strcmp(v, "preferred") == 0 || strcmp(v, "always") == 0)
            o->basicfile_default = 0;
        else if (strcmp(v, "permitted") == 0 || strcmp(v, "never") == 0)
            o->basicfile_default = 1;
        else {
            snprintf(err, errlen,
                     "--db-securefile: '%s' (accepted: preferred, always, permitted, never)", v);
            return 2;
        }
        return 0;
    default: /* OPT_PLOT */
        o->plot = v;
        return 0;
    }
}

/* A script run takes its own inputs: a sweep's axes mean nothing to it. */
static int check_script(const bench_opts_t *o, char *err, size_t errlen)
{
    /* Snapshots of a script: by model time, which sessions at once keep. */
    if (o->snapshot_ns && !o->nsessions) {
        snprintf(err, errlen,
                 "--snapshot-every=%s: snapshots of a script are taken in --sessions runs, "
                 "which keep model time (a script alone reports its steps)",
                 o->snapshot_arg);
        return 2;
    }
    if (o->snapshot_every && o->nsessions) {
        snprintf(err, errlen,
                 "--snapshot-every=%s: with --sessions, snapshots are by model time "
                 "(accepted: seconds, e.g. 0.5s)",
                 o->snapshot_arg);
        return 2;
    }
    const struct {
        int given;
        const char *opt;
    } sweep_only[] = {
        {o->workload_given, "--workload"},
        {o->paths_given, "--path"},
        {o->sizes_given, "--sizes"},
        {o->rows_given, "--rows"},
        {o->nseeds > 0, "--seeds"},
        {o->piece_size_set, "--piece-size"},
        {o->awr_out != NULL, "--awr-out"},
        {o->explain_out != NULL, "--explain-out"},
        {o->profile_out != NULL, "--profile-out"},
        {o->snapshot_every != 0, "--snapshot-every"},
        {o->nswept > 0, "a --param list"},
        {o->nblock_sizes > 1, "a --block-size list"},
    };
    for (size_t i = 0; i < sizeof sweep_only / sizeof sweep_only[0]; i++)
        if (sweep_only[i].given) {
            snprintf(err, errlen,
                     "%s: applies to a sweep, not to --script=%s (the script says what runs)",
                     sweep_only[i].opt, o->script);
            return 2;
        }
    /* Sessions at once report their time, not the steps --explain parts. */
    const struct {
        int given;
        const char *opt;
    } steps_only[] = {
        {o->explain, "--explain"},
        {o->layout, "--layout"},
    };
    if (o->nsessions && o->plot && !o->snapshot_ns) {
        snprintf(err, errlen,
                 "--plot: with --sessions, draws the run's snapshots: give --snapshot-every=Ns "
                 "too");
        return 2;
    }
    if (o->nsessions && o->setup) {
        snprintf(err, errlen,
                 "--setup: not with --sessions (its statements would run in every session)");
        return 2;
    }
    for (size_t i = 0; o->nsessions && i < sizeof steps_only / sizeof steps_only[0]; i++)
        if (steps_only[i].given) {
            snprintf(err, errlen,
                     "%s: applies to a script's steps, not to --sessions (a report of the "
                     "sessions' time)",
                     steps_only[i].opt);
            return 2;
        }
    return 0;
}

/* ---- what the chosen workloads make of the options --------------------- */

/* The families of the chosen workloads, as bits 1 << workload_kind_t. */
static unsigned families(const bench_opts_t *o)
{
    unsigned f = 0;
    for (size_t w = 0; w < workload_count(); w++)
        if (o->workloads[w])
            f |= 1u << workload_kind(w);
    return f;
}

#define FAM_LOB (1u << WORKLOAD_LOB)
#define FAM_HEAP (1u << WORKLOAD_HEAP)
#define FAM_RAC (1u << WORKLOAD_RAC)

/* The families whose workloads read parameter `name`, by its group: rac.
 * the cluster experiment's; heap. the heap table's, beneath rac too;
 * cluster. the global cache's, of the cluster workload and rac; the rest
 * (the segment, dsp., undo., link., row., read.) the LOB statements'. */
static unsigned param_families(const char *name)
{
    if (strncmp(name, "rac.", 4) == 0)
        return FAM_RAC;
    if (strncmp(name, "heap.", 5) == 0)
        return FAM_HEAP | FAM_RAC;
    if (strncmp(name, "cluster.", 8) == 0)
        return FAM_LOB | FAM_RAC;
    return FAM_LOB;
}

/* "the LOB workloads (insert, scan, rows, cluster)" and the like: the
 * families of mask f in words, for messages. */
static void family_words(unsigned f, char *buf, size_t len)
{
    static const char *const what[] = {"the LOB workloads", "the heap queries", "rac"};
    size_t used = 0;
    buf[0] = '\0';
    for (int k = 0; k <= WORKLOAD_RAC && used < len; k++) {
        if (!(f & (1u << k)))
            continue;
        used += (size_t)snprintf(buf + used, len - used, "%s%s", used ? " and " : "", what[k]);
        if (k == WORKLOAD_RAC)
            continue;
        for (size_t w = 0, n = 0; w < workload_count() && used < len; w++)
            if (workload_kind(w) == (workload_kind_t)k)
                used += (size_t)snprintf(buf + used, len - used, "%s%s", n++ ? ", " : " (",
                                         workload_name(w));
        if (used < len)
            used += (size_t)snprintf(buf + used, len - used, ")");
    }
}

/* An option that means nothing for the chosen workloads: one line saying
 * whose it is. */
static int not_theirs(const char *opt, unsigned wanted, unsigned chosen, char *err, size_t errlen)
{
    char whose[160], have[160];
    family_words(wanted, whose, sizeof whose);
    family_words(chosen, have, sizeof have);
    snprintf(err, errlen, "%s applies to %s only; chosen: %s", opt, whose, have);
    return 2;
}

/*
 * The options against the families of the chosen workloads: a LOB
 * workload's axes (--path, --sizes, --piece-size) and a parameter no chosen
 * workload reads mean nothing and are refused; so are the files whose
 * columns or axes one family has and another lacks (--stats-out,
 * --explain-out, --plot) over a sweep of several families.
 */
static int check_families(const bench_opts_t *o, char *err, size_t errlen)
{
    unsigned f = families(o);
    if (o->paths_given && !(f & FAM_LOB))
        return not_theirs("--path", FAM_LOB, f, err, errlen);
    if (o->sizes_given && !(f & FAM_LOB))
        return not_theirs("--sizes", FAM_LOB, f, err, errlen);
    if (o->piece_size_set && !(f & FAM_LOB))
        return not_theirs("--piece-size", FAM_LOB, f, err, errlen);
    char what[96];
    for (size_t i = 0; i < o->nparams + o->nswept; i++) {
        const char *name = i < o->nparams ? o->params[i].name : o->swept[i - o->nparams].name;
        if (!(param_families(name) & f)) {
            snprintf(what, sizeof what, "--param=%s", name);
            return not_theirs(what, param_families(name), f, err, errlen);
        }
    }
    if (o->awr_out && f != FAM_RAC)
        return not_theirs("--awr-out", FAM_RAC, f, err, errlen);
    /* Snapshots are taken of the insert alone (workload_run_snapshots). */
    for (int w = 0; o->snapshot_every && w < WORKLOAD_MAX; w++)
        if (o->workloads[w] && w != workload_find("insert")) {
            snprintf(err, errlen,
                     "--snapshot-every: snapshots are taken of the insert workload only, not %s",
                     workload_name(w));
            return 2;
        }
    /* Each snapshot keeps every statistic: their number is bounded before
     * any work (docs/lobbench.md). */
    if (o->snapshot_every &&
        o->rows / o->snapshot_every + (o->rows % o->snapshot_every != 0) > LIFE_MAX_SNAPSHOTS) {
        snprintf(err, errlen,
                 "--snapshot-every=%s: %llu rows make more than %d snapshots (accepted: %llu "
                 "rows or more a snapshot)",
                 o->snapshot_arg, (unsigned long long)o->rows, LIFE_MAX_SNAPSHOTS,
                 (unsigned long long)((o->rows + LIFE_MAX_SNAPSHOTS - 1) / LIFE_MAX_SNAPSHOTS));
        return 2;
    }
    /* One family per file: each has its own columns, and its own x axis
     * (--stats-out has one layout for all). */
    const char *const files[][2] = {{"--explain-out", o->explain_out}, {"--plot", o->plot}};
    if ((f & (f - 1)) != 0)
        for (size_t k = 0; k < sizeof files / sizeof files[0]; k++)
            if (files[k][1] != NULL) {
                char have[160];
                family_words(f, have, sizeof have);
                snprintf(err, errlen,
                         "%s=%s: %s each have their own %s: run them separately, a file each",
                         files[k][0], files[k][1], have, k == 1 ? "x axis" : "columns");
                return 2;
            }
    return 0;
}

int bench_parse(bench_opts_t *o, int *argc, char **argv, char *err, size_t errlen)
{
    sim_opt_parser_t p;
    sim_opt_init(&p, options, *argc, argv);
    p.pass = "--benchmark_";
    int out = 1, id, rc = 0;
    const char *v;
    while (rc == 0 && (id = sim_opt_next(&p, &v, err, errlen)) != SIM_OPT_END) {
        if (id == SIM_OPT_HELP || id == SIM_OPT_VERSION) {
            *(id == SIM_OPT_HELP ? &o->help : &o->version) = 1;
            break;
        } else if (id == SIM_OPT_PASS) {
            /* Google Benchmark's, in their order, for the wrapper. */
            argv[out++] = argv[p.next - 1];
        } else if (id == SIM_OPT_ARG) {
            snprintf(err, errlen,
                     "unexpected argument '%s': lobbench takes options only (see "
                     "--help)",
                     v);
            rc = 2;
        } else if (id == SIM_OPT_ERROR) {
            rc = 2;
        } else {
            rc = apply(o, id, v, err, errlen) ? 2 : 0;
        }
    }
    argv[out] = NULL;
    *argc = out;
    if (rc != 0 || o->help || o->version)
        return rc;
    if (o->seed_given && o->nseeds) {
        snprintf(err, errlen, "--seed and --seeds: give one of them");
        return 2;
    }
    if (o->db_given && o->no_db) {
        snprintf(err, errlen, "--db and --no-db: give one of them");
        return 2;
    }
    if (o->snapshot_bad)
        return snapshot_refusal(o, err, errlen);
    if (o->script)
        return check_script(o, err, errlen);
    if (o->setup) {
        snprintf(err, errlen, "--setup: applies to --script runs only");
        return 2;
    }
    if (o->layout) {
        snprintf(err, errlen, "--layout: applies to --script runs only");
        return 2;
    }
    if (o->ndefines) {
        snprintf(err, errlen, "--define: applies to --script runs only");
        return 2;
    }
    if (o->nsessions) {
        snprintf(err, errlen, "--sessions: applies to --script runs only");
        return 2;
    }
    if (o->snapshot_ns) {
        snprintf(err, errlen,
                 "--snapshot-every=%s: the insert model keeps no time, so no snapshot by "
                 "seconds (accepted: rows per snapshot, 1 or more; seconds with --script and "
                 "--sessions)",
                 o->snapshot_arg);
        return 2;
    }
    if (o->charset_given || o->max_string_given || o->securefile_given) {
        snprintf(err, errlen,
                 "--charset, --max-string-size and --db-securefile: apply to --script runs only");
        return 2;
    }
    for (size_t i = 0; i < o->nparams; i++) {
        case_t probe;
        case_defaults(&probe);
        if (case_set_param(&probe, o->params[i].name, 0) != 0) {
            snprintf(err, errlen, "--param=%s: applies to --script runs only", o->params[i].name);
            return 2;
        }
    }
    if (o->piece_size_set && !o->paths[CASE_PATH_DBLINK]) {
        snprintf(err, errlen,
                 "--piece-size: applies to the dblink path only (add --path=dblink or both)");
        return 2;
    }
    return check_families(o, err, errlen);
}

void bench_usage(FILE *f)
{
    fputs("Usage: lobbench [OPTION]... [--benchmark_* flag]...\n"
          "\n"
          "Simulates `insert into t2 select ... from t1` of CLOBs into a SecureFile LOB\n"
          "segment, locally (direct path) and over a loopback database link, and prints\n"
          "the Oracle session statistics of each case, laid out like the reference.\n"
          "\n"
          "Sweep:\n"
          "  --workload=LIST           what each case measures (default: insert):\n"
          "                            insert, scan, rows, cluster, rac; readback =\n"
          "                            scan,rows; all = every LOB workload; the heap\n"
          "                            table's ctas, fts, range, few_rows; heap = all four\n"
          "  --path=local|dblink|both  insert path(s) (default: both)\n"
          "  --sizes=LIST              CLOB lengths in characters, k = 1024\n"
          "                            (default: 2k,4k,6k,8k,16k,32k,64k,128k,256k);\n"
          "                            2 bytes a character: up to 1982 characters\n"
          "                            are stored in the row, no chunk (see\n"
          "                            --param=lob.storage_in_row=disable)\n"
          "  --rows=N                  rows per statement (default: 10000)\n"
          "  --block-size=LIST         2k, 4k, 8k, 16k or 32k (default: 8k)\n"
          "  --piece-size=BYTES        dblink: bytes per LOB piece (default: 32767)\n"
          "  --seed=N                  seed, printed and stored with the run (default: 1)\n"
          "  --seeds=LIST              several seeds, e.g. 1-5 or 1,2,3 (not with --seed):\n"
          "                            every case runs once per seed\n"
          "  --param=NAME=VALUE        change a model parameter (see --list-params); a\n"
          "                            VALUE is a number or one of the parameter's names\n"
          "                            (heap.dict_cache=warm, rac.interconnect=1gbe)\n"
          "  --param=NAME=V1,V2,...    sweep a parameter: every case once per value (at\n"
          "                            most 2 such lists, each value once)\n"
          "  --param-file=FILE         NAME=VALUE lines (# comments), as lobfit --out\n"
          "                            writes them; applied in order with --param\n",
          f);
    fputs("A LOB segment's life, from your own script (docs/lifecycle.md):\n"
          "  --script=FILE.sql         run the SQL*Plus script's statements (a documented\n"
          "                            subset of Oracle SQL and PL/SQL) on the model, a\n"
          "                            step each: the segment after each step (dbms_space,\n"
          "                            user_segments, v$securefile_shrink) and the step's\n"
          "                            session statistics; with --seed, --block-size (the\n"
          "                            default tablespace's), --param, --stats-out,\n"
          "                            --explain, --db/--no-db; not with the sweep options\n"
          "  --layout                  under each LOB segment's line, its extents and their\n"
          "                            blocks by kind: extent header, segment header, hash\n"
          "                            buckets, committed free space (cfs), persistent undo\n"
          "                            (pua), data blocks taken (a LOB's, freed but not\n"
          "                            committed, or in the dispenser's hands), unexpired\n"
          "                            and expired; alike extents share a line\n"
          "  --setup=SETUP.sql         run SETUP.sql first, unreported: it declares what the\n"
          "                            script finds in your database (a tablespace, a\n"
          "                            source table), so that the script runs as published\n"
          "  --define=NAME=VALUE       a SQL*Plus substitution variable: &NAME in the setup\n"
          "                            and the script reads VALUE, as after DEFINE NAME =\n"
          "                            VALUE (repeatable; the script's own DEFINE of NAME\n"
          "                            is then its default, not used)\n"
          "  --sessions=N[,N...]       run the script's DML in N sessions at once on the\n"
          "                            same segments, each on its own rows, in model time:\n"
          "                            a report in AWR's shape (top timed events, the\n"
          "                            dispenser latch, the HW enqueue, each session), a\n"
          "                            run per N; the ses.* parameters set the time of\n"
          "                            each shared resource (docs/sessions.md); a line\n"
          "                            '-- lobsim session: N' in the script gives what\n"
          "                            follows to session N alone; recorded in the\n"
          "                            results store like a sweep (each count's system\n"
          "                            and sessions, their waits, the snapshots)\n",
          f);
    fputs("  Run inputs: a script's own '-- lobsim input: NAME=VALUE' lines set them\n"
          "  (charset, max_string_size, block_size, db_securefile); an option given here\n"
          "  wins, and says so on stderr when it changes a stated one:\n"
          "  --charset=single|al32utf8 the database character set (default: single): a\n"
          "                            CLOB takes 1 byte, or 2 (UCS-2), a character\n"
          "  --max-string-size=standard|extended  SQL's VARCHAR2 limit: 4,000 or\n"
          "                            32,767 bytes (default: standard)\n"
          "  --db-securefile=preferred|permitted  a LOB that names neither SECUREFILE\n"
          "                            nor BASICFILE is a SecureFile (preferred, 12.1 on;\n"
          "                            the default) or a BasicFile (permitted, 11.2)\n"
          "Output:\n"
          "  --stats-out=FILE.csv      figures as CSV, one layout for every workload:\n"
          "                            workload,path,lob_kchars,block_kb,rows,statistic,\n"
          "                            value,recursive (what lobimport reads back); a\n"
          "                            sweep adds a column per list and one for --seeds;\n"
          "                            --script adds step,statement,table\n"
          "  --awr-out=FILE.csv        rac: its AWR report, a row per figure and instance\n"
          "  --explain                 under each statistic of the table, what each part\n"
          "                            of the model contributed to it\n"
          "  --explain-out=FILE.csv    the same as CSV: workload,path,lob_kchars,block_kb,\n"
          "                            statistic,component,value (components sum to the\n"
          "                            statistic in --stats-out)\n"
          "  --profile-out=FILE.folded the model's work as folded stacks (flamegraph.pl,\n"
          "                            speedscope): case;Oracle layers;statistic COUNT,\n"
          "                            weighted by operation counts\n"
          "  --snapshot-every=N        the insert's figures every N rows: --stats-out gets\n"
          "                            a row per interval and statistic, with snap_id\n"
          "                            (1, 2, ...) and snap_rows (the interval's rows);\n"
          "                            at most 10000 snapshots a case (refused before\n"
          "                            the run)\n"
          "  --snapshot-every=Ns       with --script and --sessions: every N seconds of\n"
          "                            model time (e.g. 0.5s): a line per interval in the\n"
          "                            report, and in --stats-out a row per interval and\n"
          "                            statistic with snap_id and snap_seconds; a run\n"
          "                            that would take more than 10000 stops (exit 2)\n"
          "  --db=FILE                 results store; by default\n",
          f);
    sim_store_help(f, 28);
    fputs("  --no-db                   record nothing\n"
          "  --plot=FILE.svg           draw the statistics: LOB workloads against LOB\n"
          "                            size, heap and rac against block size, a\n"
          "                            --script's LOB segments through its steps,\n"
          "                            --snapshot-every's figures per row by interval;\n"
          "                            --sessions with --snapshot-every=Ns: transactions\n"
          "                            and time by event over model time\n"
          "  -q, --quiet               no statistics table\n"
          "  --all-counters            every statistic as a counter on the console too\n"
          "                            (always so in JSON, CSV and --benchmark_out)\n"
          "  --list-params             the model's parameters, their defaults and the\n"
          "                            names their values have (with --script: a\n"
          "                            script's parameters)\n"
          "  -h, --help                this help\n"
          "  --version                 lobbench's version and the commit it was built from\n"
          "Google Benchmark's own flags work unchanged, e.g. --benchmark_filter=dblink,\n"
          "--benchmark_format=json, --benchmark_out=FILE, --benchmark_repetitions=N,\n"
          "--benchmark_min_time=SECONDS.\n"
          "\n"
          "--param and --param-file may be given several times and apply in order (a\n"
          "parameter given as a list, once); any other option at most once.\n"
          "\n"
          "Exit status: 0 on success, 1 when a case or the store failed, 2 on bad input\n"
          "(one line naming it).\n",
          f);
}
