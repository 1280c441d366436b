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
#include "sim.h"
#include "results.h"
#include "workload.h"

#define MAX_BYTES (16u << 20)

static void usage(FILE *f)
{
    fputs("usage: lobimport [--db=FILE] [--label=TEXT] [--format=FORMAT] [case options] FILE...\n"
          "\n"
          "Record statistics measured on a real Oracle database as runs of source 'oracle'\n"
          "(one run per FILE, all files in one transaction), so that lobdiff compares them\n"
          "with the model and lobfit fits the model to them.  Prints each run id.\n"
          "\n"
          "  --db=FILE         results store (default " RES_DEFAULT_PATH ")\n"
          "  --label=TEXT      a name for the runs (stored in runs.label)\n"
          "  --format=FORMAT   auto (default: recognise each file and say which), sqlplus\n"
          "                    (NAME/VALUE query output of v$mystat/v$sesstat), autotrace\n"
          "                    (its Statistics block), runstats (STAT...name run1 run2 diff),\n"
          "                    snapper (the STAT lines' delta), csv (statistic,value or\n"
          "                    path,lob_kchars,statistic,value)\n"
          "\n"
          "Case options say what was measured and apply to the files after them:\n"
          "  --workload=NAME   insert (default), scan, rows, cluster\n"
          "  --path=P[,P2]     local or dblink; runstats: run1's and run2's (local,dblink)\n"
          "  --lob-size=S[,S2] CLOB length in characters (k = 1024); runstats: two sizes\n"
          "  --block-size=S    2k, 4k, 8k (default), 16k, 32k\n"
          "  --rows=N          rows the statement inserted (default 10000)\n"
          "  --piece-size=N    dblink: bytes per LOB piece, if known\n"
          "A CSV in the reference's columns names path and LOB size itself.\n"
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

static int case_option(case_opts_t *c, const char *arg)
{
    const char *v = strchr(arg, '=');
    if (!v)
        return bad("option '%s' needs a value (%.*s=...)", arg, (int)strlen(arg), arg);
    v++;
    char two[2][RES_NAME_MAX + 1];
    if (strncmp(arg, "--workload=", 11) == 0) {
        if (!name_ok(v))
            return bad("--workload='%s': expected a workload name (insert, scan, rows, cluster)",
                       v);
        strcpy(c->workload, v);
    } else if (strncmp(arg, "--path=", 7) == 0) {
        int n = split_two(v, two);
        for (int i = 0; i < n; i++)
            if (!name_ok(two[i]))
                n = 0;
        if (n == 0)
            return bad("--path='%s': expected local or dblink, or two of them (local,dblink)", v);
        memcpy(c->path, two, sizeof two);
        c->npaths = n;
    } else if (strncmp(arg, "--lob-size=", 11) == 0) {
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
    } else if (strncmp(arg, "--block-size=", 13) == 0) {
        uint64_t b;
        if (sim_parse_scaled(v, &b) != 0 || !sim_block_size_valid(b))
            return bad("--block-size='%s': expected one of " SIM_BLOCK_SIZES_ACCEPTED, v);
        c->block_size = (uint32_t)b;
    } else if (strncmp(arg, "--rows=", 7) == 0) {
        uint64_t r;
        if (sim_parse_u64(v, 1000000000000ULL, &r) != 0 || r == 0)
            return bad("--rows='%s': expected a whole number from 1 to 10^12", v);
        c->rows = r;
    } else if (strncmp(arg, "--piece-size=", 13) == 0) {
        uint64_t p;
        if (sim_parse_u64(v, 64u << 20, &p) != 0 || p == 0)
            return bad("--piece-size='%s': expected bytes from 1 to 67108864", v);
        c->piece_size = (uint32_t)p;
    } else {
        return -1;
    }
    return 0;
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

int main(int argc, char **argv)
{
    const char *db = RES_DEFAULT_PATH, *label = NULL;
    imp_format_t format = IMP_FORMAT_AUTO;
    case_opts_t c = {.workload = "insert", .block_size = SIM_REF_BLOCK_SIZE, .rows = SIM_REF_ROWS};
    input_t *in = calloc((size_t)argc, sizeof *in);
    size_t nin = 0;
    int rc = 0, only_files = 0;
    if (!in)
        return bad("out of memory");
    for (int i = 1; i < argc && rc == 0; i++) {
        const char *a = argv[i];
        if (!only_files && strcmp(a, "--") == 0) {
            only_files = 1;
        } else if (!only_files && (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0)) {
            usage(stdout);
            free(in);
            return 0;
        } else if (!only_files && strncmp(a, "--db=", 5) == 0) {
            db = a + 5;
            if (!*db)
                rc = bad("--db='': expected a file name");
        } else if (!only_files && strncmp(a, "--label=", 8) == 0) {
            label = a + 8;
        } else if (!only_files && strncmp(a, "--format=", 9) == 0) {
            if (imp_format_parse(a + 9, &format) != 0)
                rc = bad("--format='%s': expected one of " IMP_FORMATS_ACCEPTED, a + 9);
        } else if (!only_files && strncmp(a, "--", 2) == 0) {
            int r = case_option(&c, a);
            if (r < 0)
                rc = bad("unknown option '%s' (lobimport --help lists them)", a);
            else
                rc = r;
        } else if (!only_files && a[0] == '-' && a[1]) {
            rc = bad("unknown option '%s' (lobimport --help lists them)", a);
        } else {
            in[nin].file = a;
            in[nin].c = c;
            nin++;
        }
    }
    if (rc == 0 && nin == 0)
        rc = bad("no FILE given; usage: lobimport [options] FILE... (--help)");
    char err[1024];
    for (size_t i = 0; rc == 0 && i < nin; i++) {
        char *text = NULL;
        size_t len = 0;
        if ((rc = read_file(in[i].file, &text, &len)) != 0)
            break;
        in[i].recognised = format == IMP_FORMAT_AUTO;
        if (imp_parse(in[i].file, text, len, format, &in[i].parsed, err, sizeof err) != SIM_OK)
            rc = bad("%s", err);
        free(text);
        if (rc == 0)
            rc = describe(&in[i]);
    }
    res_import_run_t *runs = rc == 0 ? calloc(nin, sizeof *runs) : NULL;
    int64_t *ids = rc == 0 ? calloc(nin, sizeof *ids) : NULL;
    char cmdline[2048] = "";
    for (int i = 0; i < argc; i++) {
        size_t used = strlen(cmdline);
        snprintf(cmdline + used, sizeof cmdline - used, "%s%s", i ? " " : "", argv[i]);
    }
    if (rc == 0 && (!runs || !ids))
        rc = bad("out of memory");
    res_store_t *store = NULL;
    if (rc == 0 && res_open(db, RES_OPEN_CREATE, &store, err, sizeof err) != SIM_OK)
        rc = bad("%s", err);
    /* The store learns the order of the workloads from workload/'s table. */
    res_workload_t wl[WORKLOAD_MAX];
    for (size_t i = 0; i < workload_count(); i++)
        wl[i] = (res_workload_t){workload_name(i), workload_family(i), workload_title(i)};
    if (rc == 0 && res_set_workloads(store, wl, workload_count()) != SIM_OK)
        rc = bad("%s", res_errmsg(store));
    if (rc == 0) {
        for (size_t i = 0; i < nin; i++)
            runs[i] = (res_import_run_t){in[i].file,     imp_format_name(in[i].parsed.format),
                                         label,          cmdline,
                                         in[i].sessions, in[i].parsed.nsets};
        sim_err_t e = res_record_import(store, runs, nin, ids);
        if (e != SIM_OK) {
            fprintf(stderr, "lobimport: %s\n", res_errmsg(store));
            rc = e == SIM_EINVAL ? 2 : 1;
        }
    }
    for (size_t i = 0; rc == 0 && i < nin; i++) {
        size_t modelled = 0, total = 0;
        for (size_t s = 0; s < in[i].parsed.nsets; s++)
            for (size_t k = 0; k < in[i].sessions[s].nfigures; k++) {
                total++;
                modelled += sim_stat_by_name(in[i].sessions[s].figures[k].name) >= 0;
            }
        printf("%s: %s%s, %zu session%s, %zu figures (%zu modelled, %zu not modelled): run "
               "%" PRId64 "\n",
               in[i].file, imp_format_name(in[i].parsed.format),
               in[i].recognised ? " (recognised)" : "", in[i].parsed.nsets,
               in[i].parsed.nsets == 1 ? "" : "s", total, modelled, total - modelled, ids[i]);
    }
    res_close(store);
    for (size_t i = 0; i < nin; i++) {
        imp_file_free(&in[i].parsed);
        free(in[i].sessions);
        free(in[i].figures);
    }
    free(in);
    free(runs);
    free(ids);
    return rc;
}
