/*
 * awr_rows.c -- the figures a row of an AWR report gives, for both readers:
 * awr_map.c (the reports of awrrpt.sql) and awr_global.c (the global
 * report of awrgrpt.sql) call here, and nothing here calls either; a name
 * and a number from a cell, a figure stored (summed over instances, per
 * instance, or the same in all), a wait, activity or transfer row, a new
 * snapshot window.
 */
#include "awr_map_int.h"

#include <stddef.h>
#include <stdio.h>
#include <string.h>

/* ---- names and numbers --------------------------------------------------- */

/* The label as a name: blanks collapsed, a trailing ':' dropped. */
void imp_awr_label(imp_awr_cell_t c, char *out, size_t cap)
{
    size_t k = 0;
    for (size_t i = 0; i < c.n && k + 1 < cap; i++) {
        char ch = c.p[i] == '\t' ? ' ' : c.p[i];
        if (ch == ' ' && (k == 0 || out[k - 1] == ' '))
            continue;
        out[k++] = ch;
    }
    while (k > 0 && (out[k - 1] == ' ' || out[k - 1] == ':'))
        k--;
    out[k] = '\0';
}

/* The number in c: 0 and *v, 1 none (empty cell, N/A), or -1 refused
 * (printed). */
int imp_awr_number(imp_awr_map_t *m, const imp_awr_row_t *r, size_t i, int scale, int64_t *v)
{
    if (i >= r->n)
        return 1;
    const char *why;
    int rc = imp_awr_num(r->c[i].p, r->c[i].n, scale, v, &why);
    if (rc < 0)
        imp_fail(m->b, r->line, "'%.*s': '%.*s' is %s", IMP_AWR_SHOW(r->c[0]),
                 IMP_AWR_SHOW(r->c[i]), why);
    return rc;
}

sim_err_t imp_awr_add(imp_awr_map_t *m, const char *name, int64_t v, int line)
{
    sim_err_t rc = imp_awr_figs_add(m->cur->figs, name, v, line);
    if (rc == SIM_ENOMEM && m->b->errlen > 0)
        snprintf(m->b->err, m->b->errlen, "%s: out of memory", m->b->file);
    return rc;
}

/* A figure the instance reports alone: "inst N: name x1000". */
sim_err_t imp_awr_add_inst(imp_awr_map_t *m, const char *name, int64_t v, int line)
{
    char full[256];
    snprintf(full, sizeof full, "inst %d: %s x1000", m->inst, name);
    return v < 0 ? SIM_OK : imp_awr_add(m, full, v, line); /* a counter that went back: no figure */
}

/* A figure every instance must report alike; refused when two differ. */
sim_err_t imp_awr_same(imp_awr_map_t *m, const char *name, int64_t v, int line, const char *what)
{
    int64_t other;
    int other_line;
    int rc = imp_awr_figs_same(m->cur->figs, name, v, line, &other, &other_line);
    if (rc == SIM_ENOMEM) {
        if (m->b->errlen > 0)
            snprintf(m->b->err, m->b->errlen, "%s: out of memory", m->b->file);
        return SIM_ENOMEM;
    }
    if (rc == 1)
        return imp_fail(m->b, line, "%s %lld here, %lld on line %d: one run holds one %s", what,
                        (long long)v, (long long)other, other_line, what);
    return SIM_OK;
}

/* A statistic name cut at the text report's column (32 characters, the cut
 * not at a blank): the one catalogue statistic it begins, else the name as
 * printed.  A shorter name is whole or cut at a blank, which could begin
 * statistics the catalogue lacks ("bytes received via SQL*Net from" client
 * or dblink). */
#define IMP_AWR_NAME_WIDTH 32
static const char *full_name(const char *name)
{
    size_t n = strlen(name);
    if (n != IMP_AWR_NAME_WIDTH || sim_stat_by_name(name) >= 0)
        return name;
    const char *found = NULL;
    for (int i = 0; i < SIM_STAT_COUNT; i++) {
        const char *c = sim_stat_info((sim_stat_t)i)->name;
        if (strncmp(c, name, n) == 0) {
            if (found)
                return name;
            found = c;
        }
    }
    return found ? found : name;
}

/* Top timed events and wait classes: waits, and seconds as micro. */
sim_err_t imp_awr_wait_row(imp_awr_map_t *m, const imp_awr_row_t *r, int classes)
{
    char l[128], name[192];
    imp_awr_label(r->c[0], l, sizeof l);
    int64_t waits, us;
    int rw = imp_awr_number(m, r, (size_t)m->waits_col, 0, &waits);
    int rt = rw < 0 ? -1 : imp_awr_number(m, r, (size_t)m->time_col, 6, &us);
    if (rw < 0 || rt < 0)
        return SIM_EINVAL;
    int cpu = strcmp(l, "DB CPU") == 0 || strcmp(l, "CPU time") == 0;
    if (cpu) {
        if (!classes && rt == 0) {
            m->top_cpu = us;
            m->have_top_cpu = 1;
        }
        return SIM_OK;
    }
    sim_err_t e = SIM_OK;
    if (rw == 0 && waits >= 0) {
        snprintf(name, sizeof name, classes ? "%s total_waits" : "%s", l);
        e = imp_awr_add(m, name, waits, r->line);
    }
    if (e == SIM_OK && rt == 0 && us >= 0) {
        snprintf(name, sizeof name, "%s time_waited_micro", l);
        e = imp_awr_add(m, name, us, r->line);
    }
    return e;
}

sim_err_t imp_awr_activity_row(imp_awr_map_t *m, const imp_awr_row_t *r, int key)
{
    char l[128];
    imp_awr_label(r->c[0], l, sizeof l);
    int64_t v;
    int rc = imp_awr_number(m, r, 1, 0, &v);
    if (rc < 0)
        return SIM_EINVAL;
    if (rc > 0 || v < 0 || !l[0])
        return SIM_OK;
    const char *name = full_name(l);
    sim_err_t e = imp_awr_figs_add(key ? m->key : m->act, name, v, r->line);
    if (e == SIM_OK && !key)
        e = imp_awr_add(m, name, v, r->line);
    if (e == SIM_ENOMEM && m->b->errlen > 0)
        snprintf(m->b->err, m->b->errlen, "%s: out of memory", m->b->file);
    return e;
}

/* A transfer row's eight values from r->c[first]: CR and current blocks
 * received, % immed, % busy, % congested, received by instance inst from
 * instance from. */
sim_err_t imp_awr_transfer_values(imp_awr_map_t *m, const imp_awr_row_t *r, int inst, int64_t from,
                                  imp_awr_cell_t cls_cell, size_t first)
{
    static const char *const what[4] = {"blocks received", "% immed", "% busy", "% congst"};
    char cls[64], name[192];
    imp_awr_label(cls_cell, cls, sizeof cls);
    for (size_t k = 0; k < 8; k++) {
        int64_t v;
        int rc = imp_awr_number(m, r, first + k, k % 4 ? 3 : 0, &v);
        if (rc < 0)
            return SIM_EINVAL;
        if (rc > 0 || v < 0)
            continue;
        snprintf(name, sizeof name, "inst %d from %lld: %s: %s %s%s", inst, (long long)from, cls,
                 k < 4 ? "CR" : "current", what[k % 4], k % 4 ? " x1000" : "");
        sim_err_t e = imp_awr_add(m, name, v, r->line);
        if (e != SIM_OK)
            return e;
    }
    return SIM_OK;
}

/* A new group for the report's snapshots (m->begin, m->end) into *out. */
sim_err_t imp_awr_new_group(imp_awr_map_t *m, imp_awr_group_t **out)
{
    imp_awr_group_t *ng = sim_realloc(m->g, (m->ng + 1) * sizeof *ng);
    if (!ng)
        return SIM_ENOMEM;
    m->g = ng;
    imp_awr_group_t *g = &m->g[m->ng];
    memset(g, 0, sizeof *g);
    g->begin = m->begin;
    g->end = m->end;
    if (!(g->figs = imp_awr_figs_new()))
        return SIM_ENOMEM;
    m->ng++;
    *out = g;
    return SIM_OK;
}
