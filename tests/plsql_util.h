/* plsql_util.h -- running a script in the life model for the PL/SQL
 * tests (test_plsql.c, test_plsql_units.c, test_sql_functions.c): each
 * step's figures of one table and the session, its Oracle error and what
 * it printed. */
#ifndef LOBSIM_PLSQL_UTIL_H
#define LOBSIM_PLSQL_UTIL_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "life_sim.h"

#define MAX_STEPS 32

typedef struct {
    const char *table;
    sim_stats_t at[MAX_STEPS + 1];  /* the table's figures after each step */
    char error[MAX_STEPS + 1][160]; /* each step's Oracle error, "" none */
    char out[MAX_STEPS + 1][2048];  /* each step's dbms_output */
} run_t;

static inline int keep(void *arg, const life_step_t *st)
{
    run_t *r = arg;
    if (st->step > MAX_STEPS)
        return 0;
    if (st->error)
        snprintf(r->error[st->step], sizeof r->error[st->step], "%s", st->error);
    if (st->output)
        snprintf(r->out[st->step], sizeof r->out[st->step], "%s", st->output);
    /* the session's row, then the table's segments: their sum is what the
     * step shows of the table, each figure counted in one row */
    if (st->table == NULL || strcmp(st->table, r->table) == 0)
        for (int i = 0; i < SIM_STAT_COUNT; i++)
            r->at[st->step].v[i] += st->total.v[i];
    return 0;
}

static inline void run(const char *text, const char *table, run_t *r)
{
    scr_script_t *s;
    char err[SCR_ERR_LEN];
    if (scr_parse("test.sql", text, strlen(text), NULL, &s, err, sizeof err) != SIM_OK)
        fail_msg("parse: %s", err);
    life_params_t p;
    life_params_defaults(&p);
    memset(r, 0, sizeof *r);
    r->table = table;
    if (life_run(s, &p, keep, r, err, sizeof err) != SIM_OK)
        fail_msg("run: %s", err);
    scr_free(s);
}

static inline uint64_t fig(const run_t *r, uint32_t step, sim_stat_t st)
{
    return r->at[step].v[st];
}

#define TABLE                                                                                      \
    "create table t (id number primary key, c clob) lob (c) store as securefile "                  \
    "(retention none);\n"

#endif
