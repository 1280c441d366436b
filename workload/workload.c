/*
 * workload.c -- the workload table and the dispatcher.
 *
 * Adding a workload: its run function in the experiment it belongs to, one
 * row here, and its test.  Nothing else changes: lobbench's --workload, the
 * tables, the store (its workloads table, which orders every view) and
 * lobdiff and lobreport take names and order from this table.
 */
#include <stdio.h>
#include <string.h>

#include "dblink_sim.h"
#include "heap_sim.h"
#include "rac_sim.h"
#include "workload.h"

static const struct {
    const char *name;
    const char *title;
    sim_err_t (*run)(const case_t *c, case_result_t *out);
    workload_kind_t kind;
    /* The heap and rac workloads check the case against their models too. */
    sim_err_t (*check)(const case_t *c, char *msg, size_t len);
    uint64_t rows; /* the experiment's rows: its table, or the statement's */
} table[] = {
    {"insert", "Session", dbl_insert, WORKLOAD_LOB, NULL, SIM_REF_ROWS},
    {"scan", "Full scan readback", dbl_scan, WORKLOAD_LOB, NULL, SIM_REF_ROWS},
    {"rows", "Row-by-row readback", dbl_rows, WORKLOAD_LOB, NULL, SIM_REF_ROWS},
    {"cluster", "Two-instance cluster insert", dbl_cluster, WORKLOAD_LOB, NULL, SIM_REF_ROWS},
    {"ctas", "Heap table and indexes (user_tables, user_indexes)", heap_ctas, WORKLOAD_HEAP,
     heap_check, HS_REF_ROWS},
    {"fts", "Heap full scan (v$mystat)", heap_fts, WORKLOAD_HEAP, heap_check, HS_REF_ROWS},
    {"range", "Heap primary key range scan (v$mystat)", heap_range, WORKLOAD_HEAP, heap_check,
     HS_REF_ROWS},
    {"few_rows", "Heap few rows by the index on x (v$mystat)", heap_few_rows, WORKLOAD_HEAP,
     heap_check, HS_REF_ROWS},
    {"rac", "Two-instance OLTP on a shared heap table (AWR)", rac_run, WORKLOAD_RAC, rac_check,
     100000},
};
#define NTABLE (sizeof table / sizeof table[0])
_Static_assert(NTABLE <= WORKLOAD_MAX, "raise WORKLOAD_MAX");

size_t workload_count(void)
{
    return NTABLE;
}

const char *workload_name(size_t i)
{
    return i < NTABLE ? table[i].name : NULL;
}

const char *workload_title(size_t i)
{
    return i < NTABLE ? table[i].title : NULL;
}

uint64_t workload_rows(size_t i)
{
    return i < NTABLE ? table[i].rows : 0;
}

workload_kind_t workload_kind(size_t i)
{
    return i < NTABLE ? table[i].kind : WORKLOAD_LOB;
}

const char *workload_family(size_t i)
{
    static const char *const family[] = {
        [WORKLOAD_LOB] = "lob", [WORKLOAD_HEAP] = "heap", [WORKLOAD_RAC] = "rac"};
    return i < NTABLE ? family[table[i].kind] : NULL;
}

int workload_is_heap(size_t i)
{
    return i < NTABLE && table[i].kind == WORKLOAD_HEAP;
}

int workload_is_rac(size_t i)
{
    return i < NTABLE && table[i].kind == WORKLOAD_RAC;
}

int workload_find(const char *name)
{
    for (size_t i = 0; i < NTABLE; i++)
        if (strcmp(name, table[i].name) == 0)
            return (int)i;
    return -1;
}

void workload_names(char *buf, size_t len)
{
    size_t used = 0;
    buf[0] = '\0';
    for (size_t i = 0; i < NTABLE && used < len; i++)
        used += (size_t)snprintf(buf + used, len - used, "%s%s", i ? ", " : "", table[i].name);
}

sim_err_t workload_validate(const case_t *c, char *msg, size_t msglen)
{
    if (c->workload >= NTABLE) {
        char names[128];
        workload_names(names, sizeof names);
        snprintf(msg, msglen, "unknown workload %u (accepted: %s)", c->workload, names);
        return SIM_EINVAL;
    }
    if (case_validate(c, msg, msglen) != SIM_OK)
        return SIM_EINVAL;
    if (table[c->workload].check && table[c->workload].check(c, msg, msglen) != SIM_OK)
        return SIM_EINVAL;
    return SIM_OK;
}

sim_err_t workload_run(const case_t *c, case_result_t *out, char *msg, size_t msglen)
{
    char spare[256];
    if (msg == NULL)
        msg = spare, msglen = sizeof spare;
    if (workload_validate(c, msg, msglen) != SIM_OK)
        return SIM_EINVAL;
    memset(out, 0, sizeof *out);
    return table[c->workload].run(c, out);
}

sim_err_t workload_run_snapshots(const case_t *c, uint64_t every, workload_snap_fn fn, void *arg,
                                 char *msg, size_t msglen)
{
    char spare[256];
    if (msg == NULL)
        msg = spare, msglen = sizeof spare;
    if (workload_validate(c, msg, msglen) != SIM_OK)
        return SIM_EINVAL;
    if (table[c->workload].run != dbl_insert) {
        snprintf(msg, msglen, "%s: snapshots are taken of the insert workload only",
                 table[c->workload].name);
        return SIM_EINVAL;
    }
    return dbl_insert_snapshots(c, every, fn, arg);
}

sim_err_t workload_run_stats(const case_t *c, sim_stats_t *out)
{
    case_result_t r;
    sim_err_t rc = workload_run(c, &r, NULL, 0);
    if (rc == SIM_OK)
        case_result_total(&r, out);
    return rc;
}
