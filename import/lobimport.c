/*
 * lobimport.c -- statistics measured on a real Oracle database into the
 * results store: each FILE is parsed (import.h), described by the case
 * options in force before it, and recorded as a run of source 'oracle'
 * (an AWR file as a run per snapshot window); all files in one
 * transaction, or none (import/README.md).
 *
 * Exit status: 0 recorded, 2 bad input (one line on stderr naming it;
 * nothing recorded), 1 the store refused the write.
 */
#include <errno.h>
#include <stdarg.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "import.h"
#include "program_version.h"
#include "results.h"
#include "series.h"
#include "sim.h"
#include "workload.h"

#define MAX_BYTES (256u << 20) /* AWR reports of a long run: 100 MB and more */

/* The workloads of one family, "a, b, c", from workload/'s table. */
static void family_names(workload_kind_t kind, char *buf, size_t len)
{
    size_t used = 0;
    buf[0] = '\0';
    for (size_t i = 0; i < workload_count() && used < len; i++)
        if (workload_kind(i) == kind)
            used += (size_t)snprintf(buf + used, len - used, "%s%s", used ? ", " : "",
                                     workload_name(i));
}

static void usage(FILE *f)
{
    char formats[256], lob[160], heap[160], rac[160];
    imp_format_names(formats, sizeof formats);
    family_names(WORKLOAD_LOB, lob, sizeof lob);
    family_names(WORKLOAD_HEAP, heap, sizeof heap);
    family_names(WORKLOAD_RAC, rac, sizeof rac);
    fputs("Usage: lobimport [OPTION]... [CASE OPTION]... FILE...\n"
          "\n"
          "Record statistics measured on a real Oracle database as runs of source 'oracle'\n"
          "(one run per FILE, and per snapshot window of an AWR file; all in one\n"
          "transaction), so that lobdiff compares them with the model and lobfit fits\n"
          "the model to them.  Prints each run id.\n"
          "\n"
          "Options:\n"
          "  --db=FILE           results store; by default\n",
          f);
    sim_store_help(f, 22);
    fprintf(f,
            "  --label=TEXT        a name for the runs (stored in runs.label)\n"
            "  --format=FORMAT     %s\n"
            "                      (auto, the default: recognise each file and say which;\n"
            "                      sqlplus: NAME/VALUE query output of v$mystat/v$sesstat;\n"
            "                      autotrace: its Statistics block; runstats: STAT...name\n"
            "                      run1 run2 diff, names cut to the column matched; snapper:\n"
            "                      the STAT lines' delta; csv: lobbench --stats-out and the\n"
            "                      older layouts; dictionary: user_tables/user_indexes rows;\n"
            "                      gbench: lobbench's Google Benchmark JSON, its counters;\n"
            "                      awr: AWR reports, text or HTML, as awrrpt.sql writes them\n"
            "                      (one per instance, summed) and awrgrpt.sql's global\n"
            "                      report (HTML); each snapshot window a run of its own;\n"
            "                      awrhist: an AWR snapshot series, a query of\n"
            "                      DBA_HIST_SYSSTAT (SNAP_ID, STAT_NAME, VALUE, and\n"
            "                      END_INTERVAL_TIME of DBA_HIST_SNAPSHOT) or\n"
            "                      DBA_HIST_SYSTEM_EVENT, SQL*Plus's columns or SET MARKUP\n"
            "                      CSV ON: one session, each interval's deltas its snapshot;\n"
            "                      spool: a script run on Oracle by\n"
            "                      scripts/oracle/run_scenario.sh, a session per step and\n"
            "                      table, as lobbench --script records the model)\n"
            "  --allow-duplicate   record a file whose cases and figures an imported run\n"
            "                      of the store has already (refused otherwise)\n"
            "  -h, --help          this help\n"
            "  --version           lobimport's version and the commit it was built from\n"
            "Each at most once.\n"
            "\n"
            "Case options say what was measured and apply to the files after them; given\n"
            "again, to the files after that:\n"
            "  --workload=NAME     the LOB workloads: %s (default insert);\n"
            "                      the heap queries: %s;\n"
            "                      the cluster: %s\n"
            "  --block-size=S      2k, 4k, 8k (default), 16k, 32k; an AWR report's own\n"
            "                      db_block_size when not given (refused when it differs)\n"
            "  --rows=N            rows of the experiment (default: the workload's own,\n"
            "                      as lobbench runs it)\n"
            "LOB workloads only:\n"
            "  --path=P[,P2]       local or dblink; runstats: run1's and run2's\n"
            "                      (local,dblink)\n"
            "  --lob-size=S[,S2]   CLOB length in characters (k = 1024); runstats: two sizes\n"
            "  --piece-size=N      dblink: bytes per LOB piece, if known\n"
            "A script's spool:\n"
            "  --script=FILE       the script it ran (default: the file its header names);\n"
            "                      refused when its digest is not the header's\n"
            "A CSV that names the case in its columns (lobbench --stats-out, the\n"
            "reference's) needs none of them.  --NAME VALUE is --NAME=VALUE; after --,\n"
            "every argument is a FILE.\n"
            "\n"
            "Exit status: 0 recorded; 2 bad input (one line naming the file, line and\n"
            "problem; nothing recorded); 1 the store could not be written.\n",
            formats, lob, heap, rac);
}

typedef struct {
    int workload; /* its index in workload/'s table */
    char path[2][RES_NAME_MAX + 1];
    int npaths;
    uint64_t lob_chars[2];
    int nsizes;
    uint32_t block_size;
    int block_given; /* --block-size was given, not the default */
    uint64_t rows;   /* 0: the workload's */
    uint32_t piece_size;
    /* The LOB options given and not yet taken by a file: a change to a heap
     * or rac workload would drop them unsaid. */
    char lob_unused[96]; /* "" when none */
    const char *script;  /* --script: the script a spool ran; NULL: its header's */
} case_opts_t;

typedef struct {
    const char *file;
    case_opts_t c;
    imp_file_t parsed;
    int recognised; /* --format=auto chose it */
    res_import_session_t *sessions;
    res_import_part_t *parts;
    res_named_value_t *figures;
    const char **printed; /* beside figures */
    size_t nsessions;
    char script_digest[RES_DIGEST_LEN]; /* a spool: its script's, checked */
    /* Each session a run of its own: an AWR file's snapshot windows (the
     * reports before and after a change), not one run's sessions. */
    int per_set;
    /* A Snapper series: its one session's snapshots and summed figures. */
    series_t series;
} input_t;

/* The runs file in makes. */
static size_t runs_of(const input_t *in)
{
    return in->per_set ? in->nsessions : 1;
}

static int bad(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fputs("lobimport: ", stderr);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
    return 2;
}

/* "A" or "A,B" into two slots; returns the count, 0 for a bad list. */
static int split_two(const char *v, char out[2][RES_NAME_MAX + 1])
{
    const char *comma = strchr(v, ',');
    size_t n1 = comma ? (size_t)(comma - v) : strlen(v);
    if (n1 == 0 || n1 > RES_NAME_MAX)
        return 0;
    memcpy(out[0], v, n1);
    out[0][n1] = '\0';
    if (!comma)
        return 1;
    const char *second = comma + 1;
    if (strchr(second, ',') || !*second || strlen(second) > RES_NAME_MAX)
        return 0;
    strcpy(out[1], second);
    return 2;
}

enum {
    OPT_DB,
    OPT_LABEL,
    OPT_FORMAT,
    OPT_ALLOW_DUPLICATE,
    OPT_WORKLOAD, /* the case options, which may come again before later files */
    OPT_PATH,
    OPT_LOB_SIZE,
    OPT_BLOCK_SIZE,
    OPT_ROWS,
    OPT_PIECE_SIZE,
    OPT_SCRIPT
};

#define CASE_OPTION (SIM_OPT_VALUE | SIM_OPT_REPEAT)
static const sim_opt_t options[] = {
    {"db", 0, SIM_OPT_VALUE, OPT_DB},           {"label", 0, SIM_OPT_VALUE, OPT_LABEL},
    {"format", 0, SIM_OPT_VALUE, OPT_FORMAT},   {"allow-duplicate", 0, 0, OPT_ALLOW_DUPLICATE},
    {"workload", 0, CASE_OPTION, OPT_WORKLOAD}, {"path", 0, CASE_OPTION, OPT_PATH},
    {"lob-size", 0, CASE_OPTION, OPT_LOB_SIZE}, {"block-size", 0, CASE_OPTION, OPT_BLOCK_SIZE},
    {"rows", 0, CASE_OPTION, OPT_ROWS},         {"piece-size", 0, CASE_OPTION, OPT_PIECE_SIZE},
    {"script", 0, CASE_OPTION, OPT_SCRIPT},     {NULL, 0, 0, 0}};

/* --lob-size's value: one or two CLOB lengths; 0 or 2 (printed). */
static int lob_sizes(case_opts_t *c, const char *v)
{
    char two[2][RES_NAME_MAX + 1];
    int n = split_two(v, two);
    for (int i = 0; i < n; i++) {
        uint64_t chars;
        if (sim_parse_scaled(two[i], &chars) != 0 || chars == 0 || chars > (1ULL << 40))
            n = 0;
        else
            c->lob_chars[i] = chars;
    }
    if (n == 0)
        return bad("--lob-size='%s': expected a CLOB length in characters such as 2k or "
                   "32768, or two of them",
                   v);
    c->nsizes = n;
    return 0;
}

/* The family of a workload as a message names it. */
static const char *family_words(int wl)
{
    static const char *const words[] = {[WORKLOAD_LOB] = "a LOB workload",
                                        [WORKLOAD_HEAP] = "a heap query",
                                        [WORKLOAD_RAC] = "the cluster workload"};
    return words[workload_kind((size_t)wl)];
}

/* --workload's value: a name of workload/'s table.  0 or 2 (printed). */
static int set_workload(case_opts_t *c, const char *v)
{
    int wl = workload_find(v);
    if (wl < 0) {
        char names[256];
        workload_names(names, sizeof names);
        return bad("--workload='%s': unknown workload; expected one of %s", v, names);
    }
    if (workload_kind((size_t)wl) != WORKLOAD_LOB) {
        /* a LOB option given for no file would be dropped unsaid */
        if (c->lob_unused[0])
            return bad("%s given for no file: --workload=%s is %s, which has no path, LOB size "
                       "or piece size",
                       c->lob_unused, v, family_words(wl));
        c->npaths = c->nsizes = 0;
        c->piece_size = 0;
    }
    c->workload = wl;
    return 0;
}

/* A case option (id OPT_WORKLOAD ..) with its value into c: 0 or 2
 * (printed).  opt is the option as typed, for messages. */
static int case_option(case_opts_t *c, int id, const char *v, const char *opt)
{
    char two[2][RES_NAME_MAX + 1];
    uint64_t n;
    case_path_t path;
    if ((id == OPT_PATH || id == OPT_LOB_SIZE || id == OPT_PIECE_SIZE) &&
        workload_kind((size_t)c->workload) != WORKLOAD_LOB)
        return bad("%s: --workload=%s is %s, which has no path, LOB size or piece size (the LOB "
                   "workloads have)",
                   opt, workload_name((size_t)c->workload), family_words(c->workload));
    switch (id) {
    case OPT_WORKLOAD:
        return set_workload(c, v);
    case OPT_SCRIPT:
        if (!*v)
            return bad("--script='': expected the script's file");
        c->script = v;
        return 0;
    case OPT_PATH:
        c->npaths = split_two(v, two);
        for (int i = 0; i < c->npaths; i++)
            if (case_path_parse(two[i], &path) != 0)
                c->npaths = 0;
        if (c->npaths == 0)
            return bad("--path='%s': expected local or dblink, or two of them (local,dblink)", v);
        memcpy(c->path, two, sizeof two);
        snprintf(c->lob_unused, sizeof c->lob_unused, "%s", opt);
        return 0;
    case OPT_LOB_SIZE:
        snprintf(c->lob_unused, sizeof c->lob_unused, "%s", opt);
        return lob_sizes(c, v);
    case OPT_BLOCK_SIZE:
        if (sim_parse_scaled(v, &n) != 0 || !sim_block_size_valid(n))
            return bad("--block-size='%s': expected one of " SIM_BLOCK_SIZES_ACCEPTED, v);
        c->block_size = (uint32_t)n;
        c->block_given = 1;
        return 0;
    case OPT_ROWS:
        if (sim_parse_u64(v, 1000000000000ULL, &n) != 0 || n == 0)
            return bad("--rows='%s': expected a whole number from 1 to 10^12", v);
        c->rows = n;
        return 0;
    default: /* OPT_PIECE_SIZE */
        if (sim_parse_u64(v, 64u << 20, &n) != 0 || n == 0)
            return bad("--piece-size='%s': expected bytes from 1 to 67108864", v);
        c->piece_size = (uint32_t)n;
        snprintf(c->lob_unused, sizeof c->lob_unused, "%s", opt);
        return 0;
    }
}

/* The file whole into *buf (NUL-terminated), grown as it comes: a pipe
 * has no size to ask.  0 or 2 (printed). */
static int read_file(const char *path, char **buf, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return bad("%s: cannot read: %s", path, strerror(errno));
    size_t cap = 1 << 16, n = 0;
    char *b = malloc(cap);
    for (;;) {
        if (!b) {
            fclose(f);
            return bad("%s: out of memory", path);
        }
        n += fread(b + n, 1, cap - n - 1, f);
        if (n + 1 < cap || ferror(f) || feof(f) || n > MAX_BYTES)
            break;
        char *nb = realloc(b, 2 * cap);
        if (!nb)
            free(b);
        b = nb;
        cap *= 2;
    }
    int err = ferror(f);
    fclose(f);
    if (err) {
        free(b);
        return bad("%s: cannot read", path);
    }
    if (n > MAX_BYTES) {
        free(b);
        return bad("%s: larger than %llu bytes; not Oracle statistics output", path,
                   (unsigned long long)MAX_BYTES);
    }
    b[n] = '\0';
    *buf = b;
    *len = n;
    return 0;
}

/* Each figure of set under the catalogue's name: exact, or a name runstats
 * cut that is the prefix of one statistic (kept as printed too); a cut
 * name that could be several stays unmatched, said on stderr. */
static void match_names(const input_t *in, const imp_catalogue_t *cat, const imp_set_t *set,
                        res_named_value_t *out, const char **printed)
{
    for (size_t k = 0; k < set->n; k++) {
        const imp_stat_t *st = &set->stats[k];
        char cands[512];
        int stat;
        out[k] = (res_named_value_t){st->name, st->value};
        printed[k] = NULL;
        switch (imp_catalogue_match(cat, st->name, st->maybe_cut, &stat, cands, sizeof cands)) {
        case IMP_MATCH_PREFIX:
            out[k].name = sim_stat_info((sim_stat_t)stat)->name;
            printed[k] = st->name;
            break;
        case IMP_MATCH_AMBIGUOUS:
            /* once per name: run2's set repeats run1's */
            if (!set->run[0] || strcmp(set->run, "run1") == 0)
                fprintf(stderr,
                        "lobimport: %s:%d: '%s' is cut and could be %s: kept under the name "
                        "printed, not modelled\n",
                        in->file, st->line, st->name, cands);
            break;
        default:
            break;
        }
    }
}

/* The case of set i: its workload, path, LOB size, block size and rows,
 * from the file where it says them, else from the case options.  0 or 2
 * (printed). */
static int describe_case(input_t *in, size_t i, int two, res_import_session_t *s)
{
    const imp_set_t *set = &in->parsed.sets[i];
    const case_opts_t *c = &in->c;
    if (in->parsed.format == IMP_FORMAT_SPOOL) {
        /* a script's step: the workload lobbench --script records */
        s->workload = RES_SCRIPT_WORKLOAD;
        s->path = "local";
        s->block_size = set->block_size ? set->block_size : c->block_size;
        s->step = set->step;
        /* the step's session set has no table (its v$mystat deltas); a
         * table's set is its segments together (the spool does not name
         * them apart) */
        s->table = set->table[0] ? set->table : NULL;
        s->statement = set->statement[0] ? set->statement : "(not printed)";
        return 0;
    }
    int wl = c->workload;
    /* user_tables and user_indexes hold what the ctas workload builds: a
     * heap workload's file unless told another heap query */
    if (in->parsed.format == IMP_FORMAT_DICTIONARY && workload_kind((size_t)wl) != WORKLOAD_HEAP)
        wl = workload_find("ctas");
    if (set->workload[0] && (wl = workload_find(set->workload)) < 0) {
        char names[256];
        workload_names(names, sizeof names);
        return bad("%s: workload '%s' unknown to this lobimport; expected one of %s", in->file,
                   set->workload, names);
    }
    s->workload = workload_name((size_t)wl);
    if (set->not_cluster && workload_kind((size_t)wl) == WORKLOAD_RAC)
        return bad("%s: --workload=rac, but the report is of a database that is not a cluster "
                   "(RAC: NO): rac is two instances' OLTP; give a cluster's reports",
                   in->file);
    int k = two ? (int)(i % 2) : 0;
    case_t d;
    case_defaults(&d);
    if (workload_kind((size_t)wl) == WORKLOAD_LOB) {
        s->path = set->path[0] ? set->path : c->npaths ? c->path[c->npaths > 1 ? k : 0] : NULL;
        s->lob_chars = set->lob_chars ? set->lob_chars
                       : c->nsizes    ? c->lob_chars[c->nsizes > 1 ? k : 0]
                                      : 0;
        if (!s->path || !s->lob_chars)
            return bad("%s: say what was measured: --workload=NAME for a heap query or rac, "
                       "else --path=local|dblink and --lob-size=SIZE for the LOB workload "
                       "(or a CSV with path and lob_kchars columns)",
                       in->file);
        s->piece_size = c->piece_size;
    } else {
        /* a heap query or rac has neither: the model's defaults stand in
         * the session, as lobbench records them */
        if (two)
            return bad("%s: a runstats report holds two runs; %s has no path or LOB size to "
                       "tell them apart: import each run from a file of its own",
                       in->file, s->workload);
        s->path = case_path_name(d.path);
        s->lob_chars = d.lob_chars;
    }
    if (in->parsed.format == IMP_FORMAT_AWR && set->block_size && c->block_given &&
        set->block_size != c->block_size) {
        int line = 0;
        for (size_t j = 0; j < set->n && !line; j++)
            if (strcmp(set->stats[j].name, "db_block_size") == 0)
                line = set->stats[j].line;
        return bad("%s:%d: --block-size=%uk, but the report's db_block_size is %u (%uk): give "
                   "--block-size=%uk or none",
                   in->file, line, c->block_size / 1024, set->block_size, set->block_size / 1024,
                   set->block_size / 1024);
    }
    s->block_size = set->block_size ? set->block_size : c->block_size;
    s->rows = set->rows ? set->rows : c->rows ? c->rows : workload_rows((size_t)wl);
    return 0;
}

/* The sessions of one parsed file, described by the file and its case
 * options, each with its figures and parts. */
static int describe(input_t *in, const imp_catalogue_t *cat)
{
    const imp_file_t *p = &in->parsed;
    const case_opts_t *c = &in->c;
    size_t nfig = 0, nsess = 0;
    for (size_t i = 0; i < p->nsets; i++) {
        nfig += p->sets[i].n;
        nsess += p->sets[i].of == 0;
    }
    in->sessions = calloc(nsess, sizeof *in->sessions);
    in->parts = calloc(p->nsets - nsess + 1, sizeof *in->parts);
    in->figures = calloc(nfig, sizeof *in->figures);
    in->printed = calloc(nfig, sizeof *in->printed);
    if (!in->sessions || !in->parts || !in->figures || !in->printed)
        return bad("%s: out of memory", in->file);
    in->per_set = p->format == IMP_FORMAT_AWR;
    int two = p->nsets == 2 && p->sets[0].run[0] && !in->per_set;
    if (two && workload_kind((size_t)c->workload) == WORKLOAD_LOB && c->npaths < 2 && c->nsizes < 2)
        return bad("%s: a runstats report holds two runs; say which is which with "
                   "--path=P1,P2 or --lob-size=S1,S2",
                   in->file);
    if (!two && (c->npaths > 1 || c->nsizes > 1))
        return bad("%s: two paths or LOB sizes given, but the file holds one session", in->file);
    size_t f = 0, ns = 0, np = 0;
    /* a part's session comes before it: sessions[] index of each set */
    size_t *at = calloc(p->nsets, sizeof *at);
    if (!at)
        return bad("%s: out of memory", in->file);
    int rc = 0;
    for (size_t i = 0; rc == 0 && i < p->nsets; i++) {
        const imp_set_t *set = &p->sets[i];
        match_names(in, cat, set, &in->figures[f], &in->printed[f]);
        if (set->of) {
            res_import_session_t *s = &in->sessions[at[set->of - 1]];
            in->parts[np] = (res_import_part_t){set->part, &in->figures[f], set->n};
            if (s->nparts == 0)
                s->parts = &in->parts[np];
            s->nparts++;
            np++;
        } else {
            res_import_session_t *s = &in->sessions[ns];
            at[i] = ns++;
            rc = describe_case(in, i, two, s);
            s->figures = &in->figures[f];
            s->printed = &in->printed[f];
            s->nfigures = set->n;
        }
        f += set->n;
    }
    free(at);
    in->nsessions = ns;
    /* A Snapper or AWR series: one session, the case of its first set, its
     * sets the snapshots (series.c). */
    if (rc == 0 &&
        ((p->format == IMP_FORMAT_SNAPPER && p->nsets > 1) || p->format == IMP_FORMAT_AWRHIST)) {
        const char *over = NULL;
        int sr = series_session(p, in->figures, &in->sessions[0], &in->series, &over);
        if (sr == -1)
            return bad("%s: out of memory", in->file);
        if (sr == -2)
            return bad("%s: '%s' over the series adds up to more than %" PRId64, in->file, over,
                       INT64_MAX);
        in->nsessions = 1;
    }
    if (rc == 0 && two && in->sessions[0].lob_chars == in->sessions[1].lob_chars &&
        strcmp(in->sessions[0].path, in->sessions[1].path) == 0)
        return bad("%s: run1 and run2 would be the same case; give two different paths or sizes",
                   in->file);
    return rc;
}

/* The command line: where and how to record, and the files in order, each
 * with the case options in force before it. */
typedef struct {
    const char *db, *label;
    char db_default[4096]; /* what db points to without --db: sim_default_store() */
    imp_format_t format;
    input_t *in; /* argc slots */
    size_t nin;
    int help, version, allow_duplicate;
} args_t;

/* 0 to go on (or with help or version set), else 2 (printed). */
static int parse_args(int argc, char **argv, args_t *a)
{
    case_opts_t c = {.workload = 0, .block_size = SIM_REF_BLOCK_SIZE};
    unsigned given = 0; /* the case options given since the last FILE */
    sim_opt_parser_t p;
    sim_opt_init(&p, options, argc, argv);
    char err[512];
    const char *v;
    for (int id, rc = 0; (id = sim_opt_next(&p, &v, err, sizeof err)) != SIM_OPT_END;) {
        if (id == SIM_OPT_HELP || id == SIM_OPT_VERSION) {
            *(id == SIM_OPT_HELP ? &a->help : &a->version) = 1;
            return 0;
        } else if (id == SIM_OPT_ERROR) {
            return bad("%s", err);
        } else if (id == SIM_OPT_ARG) {
            a->in[a->nin].file = v;
            a->in[a->nin].c = c;
            a->nin++;
            c.lob_unused[0] = '\0';
            given = 0;
        } else if (id == OPT_DB) {
            a->db = v;
            if (!*v)
                return bad("--db='': expected a file name");
        } else if (id == OPT_LABEL) {
            a->label = v;
        } else if (id == OPT_ALLOW_DUPLICATE) {
            a->allow_duplicate = 1;
        } else if (id == OPT_FORMAT) {
            if (imp_format_parse(v, &a->format) != 0) {
                char names[256];
                imp_format_names(names, sizeof names);
                return bad("--format='%s': expected one of %s", v, names);
            }
        } else {
            char opt[96];
            snprintf(opt, sizeof opt, "--%s=%s", options[id].name, v);
            if ((rc = case_option(&c, id, v, opt)) != 0)
                return rc;
            /* given again before the same file, the first would be dropped unsaid */
            if (given & 1u << id)
                return bad("%s: --%s given twice before the same FILE (a case option applies "
                           "to the files after it)",
                           opt, options[id].name);
            given |= 1u << id;
        }
    }
    if (a->nin == 0)
        return bad("no FILE given; usage: lobimport [options] FILE... (--help)");
    return 0;
}

/* A spool's script: --script's or the header's file, whose digest must be
 * the one the spool's header gives.  0 or 2 (printed). */
static int check_script(input_t *in)
{
    const char *script = in->c.script ? in->c.script : in->parsed.script;
    char *text = NULL;
    size_t len = 0;
    if (read_file(script, &text, &len) != 0)
        return bad("%s: the script it ran, %s, cannot be read; give it with --script=FILE",
                   in->file, script);
    res_digest(text, len, in->script_digest);
    free(text);
    if (strcmp(in->script_digest, in->parsed.script_digest) != 0)
        return bad("%s: a spool of another script: its header gives digest %s (%s), %s's is %s",
                   in->file, in->parsed.script_digest, in->parsed.script, script,
                   in->script_digest);
    in->c.script = script;
    return 0;
}

/* Each file read, parsed and described: 0, or 2 (printed) at the first
 * that fails. */
static int read_inputs(args_t *a)
{
    char err[1024];
    imp_catalogue_t cat;
    imp_catalogue_init(&cat);
    for (size_t i = 0; i < a->nin; i++) {
        input_t *in = &a->in[i];
        char *text = NULL;
        size_t len = 0;
        int rc = read_file(in->file, &text, &len);
        if (rc != 0)
            return rc;
        in->recognised = a->format == IMP_FORMAT_AUTO;
        if (imp_parse(in->file, text, len, a->format, &in->parsed, err, sizeof err) != SIM_OK)
            rc = bad("%s", err);
        free(text);
        if (rc == 0 && in->parsed.format == IMP_FORMAT_SPOOL)
            rc = check_script(in);
        else if (rc == 0 && in->c.script)
            rc = bad("%s: --script is for a script's spool; the file is %s output", in->file,
                     imp_format_name(in->parsed.format));
        if (rc == 0)
            rc = describe(in, &cat);
        if (rc != 0)
            return rc;
    }
    return 0;
}

/* The label of a run: --label, and an AWR file's window when the file
 * holds several ("snaps 37-38"), so that each run says which it is. */
static void run_label(const args_t *a, const input_t *in, size_t s, char *buf, size_t len)
{
    if (in->parsed.series[0]) /* an AWR series: its snapshots */
        snprintf(buf, len, "%s%s%s", a->label ? a->label : "", a->label ? ", " : "",
                 in->parsed.series);
    else if (!in->per_set || in->nsessions < 2)
        snprintf(buf, len, "%s", a->label ? a->label : "");
    else
        snprintf(buf, len, "%s%s%s", a->label ? a->label : "", a->label ? ", " : "",
                 in->parsed.sets[s].run);
}

/* Every file as runs of source 'oracle' (one, or one per AWR window), in
 * one transaction; ids gets the runs in order.  0, 2 the store refused
 * the input, 1 it failed (printed). */
static int record(const args_t *a, const char *cmdline, int64_t *ids, size_t nruns)
{
    char err[1024];
    res_import_run_t *runs = calloc(nruns, sizeof *runs);
    /* --label whole (however long) and a window's name after it. */
    size_t lablen = (a->label ? strlen(a->label) : 0) + RES_NAME_MAX + 8;
    char *labels = calloc(nruns, lablen);
    if (!runs || !labels) {
        free(runs);
        free(labels);
        return bad("out of memory");
    }
    res_store_t *store = NULL;
    int rc = 0;
    /* The store learns the order of the workloads from workload/'s table. */
    res_workload_t wl[WORKLOAD_MAX + 1];
    size_t nwl = workload_count();
    for (size_t i = 0; i < nwl; i++)
        wl[i] = (res_workload_t){workload_name(i), workload_family(i), workload_title(i)};
    /* and scripts, which no sweep runs, from a spool */
    for (size_t i = 0; i < a->nin && nwl == workload_count(); i++)
        if (a->in[i].parsed.format == IMP_FORMAT_SPOOL)
            wl[nwl++] = (res_workload_t){RES_SCRIPT_WORKLOAD, RES_SCRIPT_FAMILY, RES_SCRIPT_TITLE};
    /* The user's own store (no --db) gets its folders on first use. */
    if ((a->db == a->db_default && sim_store_make_dirs(a->db, err, sizeof err) != 0) ||
        res_open(a->db, RES_OPEN_CREATE, &store, err, sizeof err) != SIM_OK) {
        rc = bad("%s", err);
    } else if (res_set_workloads(store, wl, nwl) != SIM_OK) {
        rc = bad("%s", res_errmsg(store));
    } else {
        size_t k = 0;
        for (size_t i = 0; i < a->nin; i++) {
            const input_t *in = &a->in[i];
            for (size_t r = 0; r < runs_of(in); r++, k++) {
                char *label = labels + k * lablen;
                run_label(a, in, r, label, lablen);
                runs[k] =
                    (res_import_run_t){.file = in->file,
                                       .format = imp_format_name(in->parsed.format),
                                       .label = label[0] ? label : NULL,
                                       .command_line = cmdline,
                                       .sessions = in->per_set ? &in->sessions[r] : in->sessions,
                                       .n = in->per_set ? 1 : in->nsessions,
                                       .script_file = in->c.script,
                                       .script_digest = in->c.script ? in->script_digest : NULL};
            }
        }
        sim_err_t e = SIM_OK;
        for (size_t r = 0; e == SIM_OK && rc == 0 && !a->allow_duplicate && r < nruns; r++) {
            int64_t same;
            e = res_find_import(store, &runs[r], &same);
            if (e == SIM_OK && same)
                rc = bad("%s: its cases and figures are those of run %" PRId64
                         ", imported already; --allow-duplicate records them again",
                         runs[r].file, same);
        }
        if (e == SIM_OK && rc == 0)
            e = res_record_import(store, runs, nruns, ids);
        if (e != SIM_OK) {
            fprintf(stderr, "lobimport: %s\n", res_errmsg(store));
            rc = e == SIM_EINVAL ? 2 : 1;
        }
    }
    res_close(store);
    free(labels);
    free(runs);
    return rc;
}

/* One line per recorded run: its file (and AWR window when the file holds
 * several), format, sessions, figures and run id. */
static void print_recorded(const args_t *a, const int64_t *ids)
{
    size_t id = 0;
    for (size_t i = 0; i < a->nin; i++) {
        const input_t *in = &a->in[i];
        for (size_t r = 0; r < runs_of(in); r++) {
            size_t from = in->per_set ? r : 0, to = in->per_set ? r + 1 : in->nsessions;
            size_t modelled = 0, total = 0, cut = 0;
            for (size_t s = from; s < to; s++)
                for (size_t k = 0; k < in->sessions[s].nfigures; k++) {
                    total++;
                    modelled += sim_stat_by_name(in->sessions[s].figures[k].name) >= 0;
                    cut += in->sessions[s].printed[k] != NULL;
                }
            printf("%s", in->file);
            if (in->per_set && in->nsessions > 1)
                printf(" (%s)", in->parsed.sets[r].run);
            else if (in->parsed.series[0])
                printf(" (%s, %zu intervals)", in->parsed.series, in->parsed.nsets);
            printf(": %s%s, %zu session%s, %zu figures (%zu modelled",
                   imp_format_name(in->parsed.format), in->recognised ? " (recognised)" : "",
                   to - from, to - from == 1 ? "" : "s", total, modelled);
            if (cut)
                printf(", %zu of them by a name cut to its column", cut);
            printf(", %zu not modelled): run %" PRId64 "\n", total - modelled, ids[id++]);
        }
    }
}

int main(int argc, char **argv)
{
    args_t a = {.format = IMP_FORMAT_AUTO};
    sim_default_store(a.db_default, sizeof a.db_default);
    a.db = a.db_default;
    a.in = calloc((size_t)argc, sizeof *a.in);
    if (!a.in)
        return bad("out of memory");
    int rc = parse_args(argc, argv, &a);
    if (rc == 0 && a.help)
        usage(stdout);
    else if (rc == 0 && a.version)
        puts("lobimport " LOBSIM_VERSION);
    else if (rc == 0 && (rc = read_inputs(&a)) == 0) {
        /* the command line whole, however long: recorded as given */
        size_t need = 1;
        for (int i = 0; i < argc; i++)
            need += strlen(argv[i]) + 1;
        char *cmdline = calloc(need, 1);
        for (int i = 0, used = 0; cmdline && i < argc; i++)
            used += sprintf(cmdline + used, "%s%s", i ? " " : "", argv[i]);
        size_t nruns = 0;
        for (size_t i = 0; i < a.nin; i++)
            nruns += runs_of(&a.in[i]);
        int64_t *ids = calloc(nruns, sizeof *ids);
        rc = ids && cmdline ? record(&a, cmdline, ids, nruns) : bad("out of memory");
        free(cmdline);
        if (rc == 0)
            print_recorded(&a, ids);
        free(ids);
    }
    for (size_t i = 0; i < a.nin; i++) {
        imp_file_free(&a.in[i].parsed);
        free(a.in[i].sessions);
        free(a.in[i].figures);
        free(a.in[i].parts);
        free(a.in[i].printed);
        series_free(&a.in[i].series);
    }
    free(a.in);
    return rc;
}
