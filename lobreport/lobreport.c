/*
 * lobreport.c -- the history of a results store as a static page:
 *
 *   lobreport [--db=FILE] [--out=DIR]
 *   lobreport --help | --version
 *
 *   rpt_parse_args()    the options
 *   usable_out()        DIR exists or is made, and takes a file
 *   rpt_history_load()  every run, in commit order
 *   rpt_site_write()    DIR/index.html
 *
 * Exit status 0 written, 1 writing failed, 2 bad input with one line.
 */
#define _POSIX_C_SOURCE 200809L

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "lobreport.h"
#include "program_version.h"

/* DIR made if missing (not its parents), then a file tried in it. */
static int usable_out(const char *dir, char *err, size_t errlen)
{
    struct stat st;
    if (stat(dir, &st) != 0) {
        if (errno != ENOENT || mkdir(dir, 0777) != 0) {
            snprintf(err, errlen, "--out=%s: cannot create the directory: %s", dir,
                     strerror(errno));
            return 0;
        }
    } else if (!S_ISDIR(st.st_mode)) {
        snprintf(err, errlen, "--out=%s: not a directory", dir);
        return 0;
    }
    /* The page itself, by the rule every program's outputs follow, before
     * the probe: a refused target leaves the directory untouched. */
    char page[4096], what[4200];
    sim_out_kind_t kind;
    snprintf(page, sizeof page, "%s/index.html", dir);
    snprintf(what, sizeof what, "--out=%s", dir);
    if (sim_output_check(what, page, &kind, err, errlen) != 0)
        return 0;
    char probe[4096];
    snprintf(probe, sizeof probe, "%s/.lobreport-XXXXXX", dir);
    int fd = mkstemp(probe);
    if (fd < 0) {
        snprintf(err, errlen, "--out=%s: cannot write into the directory: %s", dir,
                 strerror(errno));
        return 0;
    }
    close(fd);
    unlink(probe);
    return 1;
}

int main(int argc, char **argv)
{
    rpt_opts_t o;
    char err[2048];
    int rc = rpt_parse_args(argc, argv, &o, err, sizeof err);
    if (rc == 1) {
        if (o.version)
            puts("lobreport " LOBSIM_VERSION);
        else
            rpt_usage(stdout);
        return RPT_EXIT_OK;
    }
    if (rc != 0) {
        fprintf(stderr, "lobreport: %s\n", err);
        return RPT_EXIT_BAD_INPUT;
    }
    rpt_history_t *h = NULL;
    sim_err_t e = rpt_history_load(o.db, &h, err, sizeof err);
    if (e != SIM_OK) {
        fprintf(stderr, "lobreport: %s\n", err);
        return e == SIM_EINVAL || e == SIM_ECORRUPT || e == SIM_EIO ? RPT_EXIT_BAD_INPUT
                                                                    : RPT_EXIT_FAILED;
    }
    if (!usable_out(o.out, err, sizeof err)) {
        fprintf(stderr, "lobreport: %s\n", err);
        rpt_history_destroy(h);
        return RPT_EXIT_BAD_INPUT;
    }
    e = rpt_site_write(h, o.db, o.out, err, sizeof err);
    rpt_history_destroy(h);
    if (e != SIM_OK) {
        fprintf(stderr, "lobreport: %s\n", err);
        return RPT_EXIT_FAILED;
    }
    printf("lobreport: wrote %s/index.html\n", o.out);
    return RPT_EXIT_OK;
}
