/*
 * opts.c -- lobreport's command line: --db=FILE, --out=DIR, --help,
 * --version, read with the programs' shared parser (sim_opt_next()).
 * Whether FILE is a store and DIR writable is decided where they are used
 * (lobreport.c); here only the shape of the arguments.
 */
#define _POSIX_C_SOURCE 200809L

#include <string.h>

#include "lobreport.h"
#include "results.h"

void rpt_opts_defaults(rpt_opts_t *o)
{
    memset(o, 0, sizeof *o);
    sim_default_store(o->db_default, sizeof o->db_default);
    o->db = o->db_default;
    o->out = NULL;
}

/* "report" in the store's directory: the page goes beside its store, never
 * into the folder of the component that made it. */
static int default_out(rpt_opts_t *o, char *err, size_t errlen)
{
    char dir[sizeof o->out_default];
    sim_parent_dir(o->db, dir, sizeof dir);
    int n = snprintf(o->out_default, sizeof o->out_default, "%s/report", dir);
    if (n < 0 || (size_t)n >= sizeof o->out_default) {
        snprintf(err, errlen, "--db=%.200s: the path is too long for the default --out", o->db);
        return 2;
    }
    o->out = o->out_default;
    return 0;
}

void rpt_usage(FILE *f)
{
    fputs("Usage: lobreport [OPTION]...\n"
          "\n"
          "Writes DIR/index.html (DIR by default: report in FILE's directory, so\n"
          "results/report for results/history.db): the history of the results store\n"
          "FILE (--db) as charts, one per workload, path and statistic across\n"
          "the runs in commit order, Oracle's imported runs as diamonds, steps\n"
          "labelled with their commit; the times with their spread; the latest\n"
          "calibration report.  DIR is created if its parent exists.\n"
          "\n"
          "Options:\n"
          "  --db=FILE    the results store, read only; by default\n",
          f);
    sim_store_help(f, 15);
    fputs("  --out=DIR    where index.html goes (default: report in FILE's directory)\n"
          "  -h, --help   this help\n"
          "  --version    lobreport's version and the commit it was built from\n"
          "Each option at most once; --NAME VALUE is --NAME=VALUE.\n"
          "\n"
          "Exit status: 0 written, 1 could not be written, 2 bad input (one line naming\n"
          "it).\n",
          f);
}

enum { OPT_DB, OPT_OUT };

/* Each at most once. */
static const sim_opt_t options[] = {
    {"db", 0, SIM_OPT_VALUE, OPT_DB}, {"out", 0, SIM_OPT_VALUE, OPT_OUT}, {NULL, 0, 0, 0}};

int rpt_parse_args(int argc, char *const *argv, rpt_opts_t *o, char *err, size_t errlen)
{
    rpt_opts_defaults(o);
    sim_opt_parser_t p;
    sim_opt_init(&p, options, argc, argv);
    int id;
    const char *v;
    while ((id = sim_opt_next(&p, &v, err, errlen)) != SIM_OPT_END) {
        if (id == SIM_OPT_HELP || id == SIM_OPT_VERSION) {
            *(id == SIM_OPT_HELP ? &o->help : &o->version) = 1;
            return 1;
        }
        if (id == SIM_OPT_ERROR)
            return 2;
        if (id == SIM_OPT_ARG) {
            snprintf(err, errlen,
                     "unexpected argument '%s'; expected --db=FILE, --out=DIR or --help", v);
            return 2;
        }
        if (*v == '\0') {
            snprintf(err, errlen, "'%s=': expected a file or directory name after '='",
                     id == OPT_DB ? "--db" : "--out");
            return 2;
        }
        *(id == OPT_DB ? &o->db : &o->out) = v;
    }
    return o->out ? 0 : default_out(o, err, errlen);
}
