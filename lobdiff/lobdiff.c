/*
 * lobdiff.c -- what changed between two recorded runs, in a form to paste
 * into a pull request: the command line over lobsim_lobdiff (lobdiff.h).
 *
 *   lobdiff [--db=FILE] BASE HEAD [--format=text|markdown|json] [--all]
 *           [--time-threshold=PCT] [--alpha=A] [--plot=FILE.svg]
 *   lobdiff --help | --version
 *
 *   ldf_parse_args()   the options
 *   ldf_run_load()     each run, maybe FILE.db:SELECTOR, copied out of its store;
 *                      "latest" is the latest of the other run's workloads
 *   ldf_diff_create()  cases paired, figures and times compared
 *   ldf_plot_file(), ldf_render_text|markdown|json()
 *
 * Exit status: 0 when no figure changed, no case was added or removed and no
 * time regressed; 1 otherwise (always for a calibration, whose cells differ);
 * 2 on bad input, with one line naming it.
 */
#define _POSIX_C_SOURCE 200809L

#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "lobdiff.h"
#include "program_version.h"

int main(int argc, char **argv)
{
    ldf_opts_t o;
    char err[2048];
    int rc = ldf_parse_args(argc, argv, &o, err, sizeof err);
    if (rc == 1) {
        if (o.version)
            puts("lobdiff " LOBSIM_VERSION);
        else
            ldf_usage(stdout);
        return LDF_EXIT_SAME;
    }
    if (rc != 0) {
        fprintf(stderr, "lobdiff: %s\n", err);
        return LDF_EXIT_BAD_INPUT;
    }
    /* "latest" is the latest run of the other side's workloads: the side
     * named otherwise loads first (the head when both say latest). */
    ldf_run_t *base = NULL, *head = NULL;
    int head_first = ldf_selector_is_latest(o.base);
    sim_err_t lerr = head_first ? ldf_run_load("head", o.head, o.db, &head, err, sizeof err)
                                : ldf_run_load("base", o.base, o.db, &base, err, sizeof err);
    if (lerr == SIM_OK)
        lerr = head_first ? ldf_run_load_like("base", o.base, o.db, head, &base, err, sizeof err)
                          : ldf_run_load_like("head", o.head, o.db, base, &head, err, sizeof err);
    if (lerr != SIM_OK) {
        fprintf(stderr, "lobdiff: %s\n", err);
        ldf_run_destroy(base);
        ldf_run_destroy(head);
        return LDF_EXIT_BAD_INPUT;
    }
    if (ldf_runs_same_script(base, head, err, sizeof err) != SIM_OK) {
        fprintf(stderr, "lobdiff: %s\n", err);
        ldf_run_destroy(base);
        ldf_run_destroy(head);
        return LDF_EXIT_BAD_INPUT;
    }
    if (o.reference) {
        ldf_run_t *ref = NULL;
        sim_err_t rerr = ldf_run_load("reference", o.reference, o.db, &ref, err, sizeof err);
        if (rerr == SIM_OK)
            rerr = ldf_run_mark_reference(base, head, ref, err, sizeof err);
        ldf_run_destroy(ref);
        if (rerr != SIM_OK) {
            fprintf(stderr, "lobdiff: %s\n", err);
            ldf_run_destroy(base);
            ldf_run_destroy(head);
            return LDF_EXIT_BAD_INPUT;
        }
    }
    ldf_diff_t *d = ldf_diff_create(&o, base, head);
    if (!d) {
        fprintf(stderr, "lobdiff: out of memory comparing the runs\n");
        ldf_run_destroy(base);
        ldf_run_destroy(head);
        return LDF_EXIT_BAD_INPUT;
    }

    int status = ldf_diff_exit_status(d);
    if (o.plot) {
        ldf_run_t *ref = NULL;
        sim_err_t perr = ldf_run_load_reference(head, &ref);
        if (perr != SIM_OK)
            snprintf(err, sizeof err, "out of memory");
        else
            perr = ldf_plot_file(o.plot, d, ref, err, sizeof err);
        if (perr == SIM_EINVAL)
            fprintf(stderr, "lobdiff: --plot=%s: %s\n", o.plot, err);
        else if (perr != SIM_OK)
            fprintf(stderr, "lobdiff: --plot: %s\n", err);
        if (perr != SIM_OK)
            status = LDF_EXIT_BAD_INPUT;
        ldf_run_destroy(ref);
    }
    sim_err_t rerr = o.format == LDF_FORMAT_JSON       ? ldf_render_json(stdout, d)
                     : o.format == LDF_FORMAT_MARKDOWN ? ldf_render_markdown(stdout, d)
                                                       : ldf_render_text(stdout, d);
    if (rerr != SIM_OK) {
        fprintf(stderr, "lobdiff: cannot write the report: %s\n", sim_strerror(rerr));
        status = LDF_EXIT_BAD_INPUT;
    }
    if (fflush(stdout) != 0) {
        fprintf(stderr, "lobdiff: cannot write the report: %s\n", strerror(errno));
        status = LDF_EXIT_BAD_INPUT;
    }
    ldf_diff_destroy(d);
    ldf_run_destroy(base);
    ldf_run_destroy(head);
    return status;
}
