/*
 * test_lobreport.c -- lobsim_lobreport in process: the history read from a
 * store the test records, and the page written from it, in the order of the
 * store's workloads (its table `workloads`), whatever their names.
 *
 * Every test works in its own mkdtemp directory, removed afterwards.
 */
#define _POSIX_C_SOURCE 200809L

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "store_util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lobreport_int.h"
#include "results.h"

#include "session_util.h"

static int setup(void **state)
{
    return store_dir_setup(state, "lobreport");
}

static int teardown(void **state)
{
    return store_dir_teardown(state);
}

/* The program's list, as test data: not alphabetical. */
static const res_workload_t list[] = {{"insert", "lob", NULL},
                                      {"scan", "lob", NULL},
                                      {"rows", "lob", NULL},
                                      {"cluster", "lob", NULL}};

/* A run of five workloads, one of them ("alpha") not in the list, two paths
 * each, recorded in an order that is neither the list's nor the names'. */
static void record_run(const char *db)
{
    static const char *const wl[] = {"cluster", "alpha", "scan", "insert", "rows"};
    res_session_t ss[10];
    for (size_t i = 0; i < 10; i++) {
        sweep_session(&ss[i], (int)(i % 2), 2, 1);
        ss[i].workload = wl[i / 2];
        ss[i].stats.v[SIM_STAT_DB_BLOCK_GETS] = 100 + i;
    }
    res_store_t *s;
    char err[512];
    if (res_open(db, RES_OPEN_CREATE, &s, err, sizeof err) != SIM_OK)
        fail_msg("res_open: %s", err);
    assert_int_equal(res_set_workloads(s, list, sizeof list / sizeof list[0]), SIM_OK);
    res_run_t run;
    res_run_defaults(&run);
    run.seed = 1;
    if (res_record_run(s, &run, ss, 10, NULL) != SIM_OK)
        fail_msg("res_record_run: %s", res_errmsg(s));
    res_close(s);
}

static char *read_text(const char *path)
{
    FILE *fp = fopen(path, "rb");
    assert_non_null(fp);
    assert_int_equal(fseek(fp, 0, SEEK_END), 0);
    long n = ftell(fp);
    assert_true(n > 0);
    rewind(fp);
    char *b = malloc((size_t)n + 1);
    assert_non_null(b);
    assert_int_equal(fread(b, 1, (size_t)n, fp), (size_t)n);
    b[n] = '\0';
    fclose(fp);
    return b;
}

static void test_workload_order(void **state)
{
    store_dir_t *f = *state;
    record_run(f->db);
    rpt_history_t *h;
    char err[1024];
    if (rpt_history_load(f->db, &h, err, sizeof err) != SIM_OK)
        fail_msg("rpt_history_load: %s", err);
    char order[256] = "";
    for (size_t i = 0; i < h->ncases; i++) {
        size_t used = strlen(order);
        snprintf(order + used, sizeof order - used, "%s/%s ", h->cases[i].workload,
                 h->cases[i].path);
    }
    assert_string_equal(order, "insert/local insert/dblink scan/local scan/dblink rows/local "
                               "rows/dblink cluster/local cluster/dblink alpha/local "
                               "alpha/dblink ");

    /* The page's sections, one per workload and path, in the same order. */
    if (rpt_site_write(h, f->db, f->dir, err, sizeof err) != SIM_OK)
        fail_msg("rpt_site_write: %s", err);
    rpt_history_destroy(h);
    char page[160];
    snprintf(page, sizeof page, "%s/index.html", f->dir);
    char *html = read_text(page);
    static const char *const want[] = {
        "insert-local", "insert-dblink", "scan-local",     "scan-dblink", "rows-local",
        "rows-dblink",  "cluster-local", "cluster-dblink", "alpha-local", "alpha-dblink"};
    const char *at = html;
    for (size_t i = 0; i < sizeof want / sizeof want[0]; i++) {
        char id[64];
        snprintf(id, sizeof id, "<section class=\"group\" id=\"%s\">", want[i]);
        const char *next = strstr(html, id);
        if (!next || next < at)
            fail_msg("section %s missing or out of order", want[i]);
        at = next;
    }
    free(html);
}

/* The page goes beside its store by default, never into the source tree's
 * lobreport/ folder; --out wins. */
static void test_default_out(void **state)
{
    (void)state;
    static const struct {
        char *args[3];
        const char *out;
    } cases[] = {
        {{"lobreport", NULL, NULL}, "results/report"},
        {{"lobreport", "--db=/srv/runs/h.db", NULL}, "/srv/runs/report"},
        {{"lobreport", "--db=h.db", NULL}, "./report"},
        {{"lobreport", "--db=h.db", "--out=site"}, "site"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        rpt_opts_t o;
        char err[256] = "";
        int argc = cases[i].args[2] ? 3 : cases[i].args[1] ? 2 : 1;
        assert_int_equal(rpt_parse_args(argc, cases[i].args, &o, err, sizeof err), 0);
        assert_string_equal(o.out, cases[i].out);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_default_out),
        cmocka_unit_test_setup_teardown(test_workload_order, setup, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
