/*
 * lobimport.c -- statistics measured on a real Oracle database into the
 * results store: each FILE is parsed (import.h), described by the case
 * options in force before it, and recorded as a run of source 'oracle';
 * all files in one transaction, or none (import/README.md).
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
#include "sim.h"
#include "workload.h"

#define MAX_BYTES (256u << 20) /* AWR reports of a long run: 100 MB and more */

static void usage(FILE *f)
{
    fputs("Usage: lobimport [OPTION]... [CASE OPTION]... FILE...\n"
          "\n"
          "Record statistics measured on a real Oracle database as runs of source 'oracle'\n"
          "(one run per FILE, all files in one transaction), so that lobdiff compares them\n"
          "with the model and lobfit fits the model to them.  Prints each run id.\n"
          "\n"
          "Options:\n"
          "  --db=FILE           results store (default " RES_DEFAULT_PATH ")\n"
          "  --label=TEXT        a name for the runs (stored in runs.label)\n"
          "  --format=FORMAT     auto (default: recognise each file and say which),\n"
          "                      sqlplus (NAME/VALUE query output of v$mystat/v$sesstat),\n"
          "                      autotrace (its Statistics block), runstats (STAT...name\n"
          "                      run1 run2 diff), snapper (the STAT lines' delta), csv\n"
          "                      (statistic,value or path,lob_kchars,statistic,value)\n"
          "  -h, --help          this help\n"
          "  --version           lobimport's version and the commit it was built from\n"
          "Each at most once.\n"
          "\n"
          "Case options say what was measured and apply to the files after them; given\n"
          "again, to the files after that:\n"
          "  --workload=NAME     insert (default), scan, rows, cluster\n"
          "  --path=P[,P2]       local or dblink; runstats: run1's and run2's\n"
          "                      (local,dblink)\n"
          "  --lob-size=S[,S2]   CLOB length in characters (k = 1024); runstats: two sizes\n"
          "  --block-size=S      2k, 4k, 8k (default), 16k, 32k\n"
          "  --rows=N            rows the statement inserted (default 10000)\n"
          "  --piece-size=N      dblink: bytes per LOB piece, if known\n"
          "A CSV in the reference's columns names path and LOB size itself.\n"
          "--NAME VALUE is --NAME=VALUE; after --, every argument is a FILE.\n"
          "\n"
          "Exit status: 0 recorded; 2 bad input (one line naming the file, line and\n"
          "problem; nothing recorded); 1 the store could not be written.\n",
          f);
}

typedef struct {
    char workload[RES_NAME_MAX + 1];
    char path[2][RES_NAME_MAX + 1];
    int npaths;
    uint64_t lob_chars[2];
    int nsizes;
    uint32_t block_size;
    uint64_t rows;
    uint32_t piece_size;
} case_opts_t;

typedef struct {
    const char *file;
    case_opts_t c;
    imp_file_t parsed;
    int recognised; /* --format=auto chose it */
    res_import_session_t *sessions;
    res_named_value_t *figures;
} input_t;

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

static int name_ok(const char *s)
{
    size_t n = strlen(s);
    return n >= 1 && n <= RES_NAME_MAX && strspn(s, "abcdefghijklmnopqrstuvwxyz0123456789_") == n;
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
    OPT_WORKLOAD, /* the case options, which may come again before later files */
    OPT_PATH,
    OPT_LOB_SIZE,
    OPT_BLOCK_SIZE,
    OPT_ROWS,
    OPT_PIECE_SIZE
};

#define CASE_OPTION (SIM_OPT_VALUE | SIM_OPT_REPEAT)
static const sim_opt_t options[] = {{"db", 0, SIM_OPT_VALUE, OPT_DB},
                                    {"label", 0, SIM_OPT_VALUE, OPT_LABEL},
                                    {"format", 0, SIM_OPT_VALUE, OPT_FORMAT},
                                    {"workload", 0, CASE_OPTION, OPT_WORKLOAD},
                                    {"path", 0, CASE_OPTION, OPT_PATH},
                                    {"lob-size", 0, CASE_OPTION, OPT_LOB_SIZE},
                                    {"block-size", 0, CASE_OPTION, OPT_BLOCK_SIZE},
                                    {"rows", 0, CASE_OPTION, OPT_ROWS},
                                    {"piece-size", 0, CASE_OPTION, OPT_PIECE_SIZE},
                                    {NULL, 0, 0, 0}};

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

/* A case option (id OPT_WORKLOAD ..) with its value into c: 0 or 2
 * (printed). */
static int case_option(case_opts_t *c, int id, const char *v)
{
    char two[2][RES_NAME_MAX + 1];
    uint64_t n;
    switch (id) {
    case OPT_WORKLOAD:
        if (!name_ok(v))
            return bad("--workload='%s': expected a workload name (insert, scan, rows, cluster)",
                       v);
        strcpy(c->workload, v);
        return 0;
    case OPT_PATH:
        c->npaths = split_two(v, two);
        for (int i = 0; i < c->npaths; i++)
            if (!name_ok(two[i]))
                c->npaths = 0;
        if (c->npaths == 0)
            return bad("--path='%s': expected local or dblink, or two of them (local,dblink)", v);
        memcpy(c->path, two, sizeof two);
        return 0;
    case OPT_LOB_SIZE:
        return lob_sizes(c, v);
    case OPT_BLOCK_SIZE:
        if (sim_parse_scaled(v, &n) != 0 || !sim_block_size_valid(n))
            return bad("--block-size='%s': expected one of " SIM_BLOCK_SIZES_ACCEPTED, v);
        c->block_size = (uint32_t)n;
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
        return 0;
    }
}

static int read_file(const char *path, char **buf, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return bad("%s: cannot read: %s", path, strerror(errno));
    char *b = malloc(MAX_BYTES + 1);
    if (!b) {
        fclose(f);
        return bad("%s: out of memory", path);
    }
    size_t n = fread(b, 1, MAX_BYTES + 1, f);
    int err = ferror(f);
    fclose(f);
    if (err) {
        free(b);
        return bad("%s: cannot read", path);
    }
    if (n > MAX_BYTES) {
        free(b);
        return bad("%s: larger than %u bytes; not Oracle statistics output", path, MAX_BYTES);
    }
    b[n] = '\0';
    *buf = b;
    *len = n;
    return 0;
}

/* The sessions of one parsed file, described by its case options. */
static int describe(input_t *in)
{
    const imp_file_t *p = &in->parsed;
    const case_opts_t *c = &in->c;
    size_t nfig = 0;
    for (size_t i = 0; i < p->nsets; i++)
        nfig += p->sets[i].n;
    in->sessions = calloc(p->nsets, sizeof *in->sessions);
    in->figures = calloc(nfig, sizeof *in->figures);
    if (!in->sessions || !in->figures)
        return bad("%s: out of memory", in->file);
    int two = p->nsets == 2 && p->sets[0].run[0];
    if (two && c->npaths < 2 && c->nsizes < 2)
        return bad("%s: a runstats report holds two runs; say which is which with "
                   "--path=P1,P2 or --lob-size=S1,S2",
                   in->file);
    if (!two && (c->npaths > 1 || c->nsizes > 1))
        return bad("%s: two paths or LOB sizes given, but the file holds one session", in->file);
    size_t f = 0;
    for (size_t i = 0; i < p->nsets; i++) {
        const imp_set_t *set = &p->sets[i];
        res_import_session_t *s = &in->sessions[i];
        int k = two ? (int)i : 0;
        s->workload = c->workload;
        s->path = set->path[0] ? set->path : c->npaths ? c->path[c->npaths > 1 ? k : 0] : NULL;
        s->lob_chars = set->lob_chars ? set->lob_chars
                       : c->nsizes    ? c->lob_chars[c->nsizes > 1 ? k : 0]
                                      : 0;
        if (!s->path || !s->lob_chars)
            return bad("%s: say what was measured: --path=local|dblink and --lob-size=SIZE "
                       "(or a CSV with path and lob_kchars columns)",
                       in->file);
        s->block_size = c->block_size;
        s->rows = c->rows;
        s->piece_size = c->piece_size;
        s->figures = &in->figures[f];
        s->nfigures = set->n;
        for (size_t k2 = 0; k2 < set->n; k2++, f++) {
            in->figures[f].name = set->stats[k2].name;
            in->figures[f].value = set->stats[k2].value;
        }
    }
    if (two && in->sessions[0].lob_chars == in->sessions[1].lob_chars &&
        strcmp(in->sessions[0].path, in->sessions[1].path) == 0)
        return bad("%s: run1 and run2 would be the same case; give two different paths or sizes",
                   in->file);
    return 0;
}

/* The command line: where and how to record, and the files in order, each
 * with the case options in force before it. */
typedef struct {
    const char *db, *label;
    imp_format_t format;
    input_t *in; /* argc slots */
    size_t nin;
    int help, version;
} args_t;

/* 0 to go on (or with help or version set), else 2 (printed). */
static int parse_args(int argc, char **argv, args_t *a)
{
    case_opts_t c = {.workload = "insert", .block_size = SIM_REF_BLOCK_SIZE, .rows = SIM_REF_ROWS};
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
        } else if (id == OPT_DB) {
            a->db = v;
            if (!*v)
                return bad("--db='': expected a file name");
        } else if (id == OPT_LABEL) {
            a->label = v;
        } else if (id == OPT_FORMAT) {
            if (imp_format_parse(v, &a->format) != 0)
                return bad("--format='%s': expected one of " IMP_FORMATS_ACCEPTED, v);
        } else if ((rc = case_option(&c, id, v)) != 0) {
            return rc;
        }
    }
    if (a->nin == 0)
        return bad("no FILE given; usage: lobimport [options] FILE... (--help)");
    return 0;
}

/* Each file read, parsed and described: 0, or 2 (printed) at the first
 * that fails. */
static int read_inputs(args_t *a)
{
    char err[1024];
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
        if (rc == 0)
            rc = describe(in);
        if (rc != 0)
            return rc;
    }
    return 0;
}

/* Every file as a run of source 'oracle', in one transaction; ids[i] gets
 * file i's run.  0, 2 the store refused the input, 1 it failed (printed). */
static int record(const args_t *a, const char *cmdline, int64_t *ids)
{
    char err[1024];
    res_import_run_t *runs = calloc(a->nin, sizeof *runs);
    if (!runs)
        return bad("out of memory");
    res_store_t *store = NULL;
    int rc = 0;
    /* The store learns the order of the workloads from workload/'s table. */
    res_workload_t wl[WORKLOAD_MAX];
    for (size_t i = 0; i < workload_count(); i++)
        wl[i] = (res_workload_t){workload_name(i), workload_family(i), workload_title(i)};
    if (res_open(a->db, RES_OPEN_CREATE, &store, err, sizeof err) != SIM_OK) {
        rc = bad("%s", err);
    } else if (res_set_workloads(store, wl, workload_count()) != SIM_OK) {
        rc = bad("%s", res_errmsg(store));
    } else {
        for (size_t i = 0; i < a->nin; i++)
            runs[i] = (res_import_run_t){a->in[i].file,     imp_format_name(a->in[i].parsed.format),
                                         a->label,          cmdline,
                                         a->in[i].sessions, a->in[i].parsed.nsets};
        sim_err_t e = res_record_import(store, runs, a->nin, ids);
        if (e != SIM_OK) {
            fprintf(stderr, "lobimport: %s\n", res_errmsg(store));
            rc = e == SIM_EINVAL ? 2 : 1;
        }
    }
    res_close(store);
    free(runs);
    return rc;
}

/* One line per recorded file: its format, sessions, figures and run id. */
static void print_recorded(const args_t *a, const int64_t *ids)
{
    for (size_t i = 0; i < a->nin; i++) {
        const input_t *in = &a->in[i];
        size_t modelled = 0, total = 0;
        for (size_t s = 0; s < in->parsed.nsets; s++)
            for (size_t k = 0; k < in->sessions[s].nfigures; k++) {
                total++;
                modelled += sim_stat_by_name(in->sessions[s].figures[k].name) >= 0;
            }
        printf("%s: %s%s, %zu session%s, %zu figures (%zu modelled, %zu not modelled): run "
               "%" PRId64 "\n",
               in->file, imp_format_name(in->parsed.format), in->recognised ? " (recognised)" : "",
               in->parsed.nsets, in->parsed.nsets == 1 ? "" : "s", total, modelled,
               total - modelled, ids[i]);
    }
}

int main(int argc, char **argv)
{
    args_t a = {.db = RES_DEFAULT_PATH, .format = IMP_FORMAT_AUTO};
    a.in = calloc((size_t)argc, sizeof *a.in);
    if (!a.in)
        return bad("out of memory");
    int rc = parse_args(argc, argv, &a);
    if (rc == 0 && a.help)
        usage(stdout);
    else if (rc == 0 && a.version)
        puts("lobimport " LOBSIM_VERSION);
    else if (rc == 0 && (rc = read_inputs(&a)) == 0) {
        char cmdline[2048] = "";
        for (int i = 0; i < argc; i++) {
            size_t used = strlen(cmdline);
            snprintf(cmdline + used, sizeof cmdline - used, "%s%s", i ? " " : "", argv[i]);
        }
        int64_t *ids = calloc(a.nin, sizeof *ids);
        rc = ids ? record(&a, cmdline, ids) : bad("out of memory");
        if (rc == 0)
            print_recorded(&a, ids);
        free(ids);
    }
    for (size_t i = 0; i < a.nin; i++) {
        imp_file_free(&a.in[i].parsed);
        free(a.in[i].sessions);
        free(a.in[i].figures);
    }
    free(a.in);
    return rc;
}
