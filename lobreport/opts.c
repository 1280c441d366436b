/*
 * opts.c -- lobreport's command line: --db=FILE, --out=DIR, --help.
 * Whether FILE is a store and DIR writable is decided where they are used
 * (lobreport.c); here only the shape of the arguments.
 */
#define _POSIX_C_SOURCE 200809L

#include <string.h>

#include "lobreport.h"
#include "results.h"

void rpt_opts_defaults(rpt_opts_t *o)
{
    o->db = RES_DEFAULT_PATH;
    o->out = "lobreport";
}

void rpt_usage(FILE *f)
{
    fputs("usage: lobreport [--db=FILE] [--out=DIR]\n"
          "\n"
          "Writes DIR/index.html (default: lobreport/index.html): the history of the\n"
          "results store FILE (default: " RES_DEFAULT_PATH ") as charts, one per workload,\n"
          "path and statistic across the runs in commit order, Oracle's imported runs\n"
          "as diamonds, steps labelled with their commit; the times with their spread;\n"
          "the latest calibration report.  DIR is created if its parent exists.\n"
          "Exit status: 0 written, 1 could not be written, 2 bad input.\n",
          f);
}

int rpt_parse_args(int argc, char *const *argv, rpt_opts_t *o, char *err, size_t errlen)
{
    rpt_opts_defaults(o);
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0)
            return 1;
        if (strncmp(a, "--db=", 5) == 0 && a[5]) {
            o->db = a + 5;
        } else if (strncmp(a, "--out=", 6) == 0 && a[6]) {
            o->out = a + 6;
        } else if (strcmp(a, "--db=") == 0 || strcmp(a, "--out=") == 0) {
            snprintf(err, errlen, "'%s': expected a file or directory name after '='", a);
            return 2;
        } else {
            snprintf(err, errlen,
                     "unexpected argument '%s'; expected --db=FILE, --out=DIR or --help", a);
            return 2;
        }
    }
    return 0;
}
