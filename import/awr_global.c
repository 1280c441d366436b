/*
 * awr_global.c -- the global report of awrgrpt.sql (HTML), which reports
 * one snapshot window for every instance at once: the cluster's figures
 * (System Statistics (Global): each statistic's Total, the sum of the
 * instances' Instance Activity Stats; Top Timed Events' rows of instance
 * '*') and a row per instance (I#) in the other tables.  They are kept as
 * a file of awrrpt.sql reports, one per instance, is (awr_map.c): the sums
 * under the same names, the per-instance figures as "inst N: name", named
 * as awrrpt.sql names them where it has the figure.
 */
#include "awr_map_int.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

/* The global report's sections: its titles whole, as the HTML shows them
 * (blanks collapsed), since "Time Model - % of DB time" and the like
 * begin as the ones read do.  12.2 renamed two. */
static const struct {
    const char *title;
    int sec;
} titles[] = {
    {"Database Summary", G_SUMMARY},
    {"Database Instances Included In Report", G_INSTANCES},
    {"Time Model", G_TIME},
    {"Foreground Wait Classes", G_CLASS},
    {"Top Timed Events", G_TOP},
    {"System Statistics (Global)", G_SYSSTAT},
    {"SysStat and Global Messaging - RAC", G_GCMSG},
    {"Global Cache Efficiency Percentages", G_GCEFF},
    {"Global Cache and Enqueue Workload Characteristics", G_GCWORK},
    {"Global Latency Characteristics", G_GCWORK},
    {"Global Cache Transfer Stats", G_XFER},
    {"Global Cache Transfer Statistics", G_XFER},
    {"init.ora Parameters", G_INIT},
};

int imp_awr_global_section(const imp_awr_cell_t *c)
{
    for (size_t i = 0; i < sizeof titles / sizeof titles[0]; i++)
        if (imp_awr_eq(c->p, c->n, titles[i].title))
            return titles[i].sec;
    return -1;
}

/* The headings of a global table, kept for its rows. */
void imp_awr_global_head(imp_awr_map_t *m, const imp_awr_row_t *r)
{
    m->nhead = r->n;
    for (size_t i = 0; i < r->n; i++)
        imp_awr_label(r->c[i], m->head[i], sizeof m->head[i]);
}

/* The column headed h, -1 when none is. */
static int column(const imp_awr_map_t *m, const char *h)
{
    for (size_t i = 0; i < m->nhead; i++)
        if (strcmp(m->head[i], h) == 0)
            return (int)i;
    return -1;
}

/* The instance number in the row's first cell (I#): 1 and *inst; 0 for
 * the Sum, Avg, Std and '*' rows; -1 refused. */
static int row_instance(imp_awr_map_t *m, const imp_awr_row_t *r, int *inst)
{
    int64_t v;
    const char *why;
    if (imp_awr_num(r->c[0].p, r->c[0].n, 0, &v, &why) != 0)
        return 0;
    if (v < 1 || v > 4096) {
        imp_fail(m->b, r->line, "instance number %lld; expected 1 to 4096", (long long)v);
        return -1;
    }
    *inst = (int)v;
    return 1;
}

/* A heading of the global report and the name awrrpt.sql gives its figure. */
typedef struct {
    const char *head, *name;
} rename_t;

/* The name of heading h in t[0..n), NULL when t lacks it. */
static const char *renamed(const rename_t *t, size_t n, const char *h)
{
    for (size_t i = 0; i < n; i++)
        if (strcmp(h, t[i].head) == 0)
            return t[i].name;
    return NULL;
}

/* A heading without its unit: "DB time (s)", "User I/O(s)" -> "DB time". */
static void strip_unit(const char *h, char *out, size_t cap)
{
    snprintf(out, cap, "%s", h);
    size_t n = strlen(out);
    if (n >= 3 && strcmp(out + n - 3, "(s)") == 0)
        n -= 3;
    while (n > 0 && out[n - 1] == ' ')
        n--;
    out[n] = '\0';
}

/* The window, its length and block size: the snapshots make the report's
 * group. */
static sim_err_t g_summary_row(imp_awr_map_t *m, const imp_awr_row_t *r)
{
    static const char *const need[] = {"Begin", "End", "Elapsed time", "Block Size"};
    int col[4];
    int64_t v[4];
    for (int k = 0; k < 4; k++) {
        if ((col[k] = column(m, need[k])) < 0)
            return imp_fail(m->b, r->line, "Database Summary without its '%s' column", need[k]);
        int rc = imp_awr_number(m, r, (size_t)col[k], k == 2 ? 2 : 0, &v[k]);
        if (rc != 0)
            return rc < 0 ? SIM_EINVAL
                          : imp_fail(m->b, r->line, "Database Summary without its '%s'", need[k]);
    }
    if (m->cur)
        return imp_fail(m->b, r->line, "a second Database Summary in one report");
    if (v[2] <= 0)
        return imp_fail(m->b, r->line, "Elapsed time %.*s: not a number of minutes",
                        IMP_AWR_SHOW(r->c[col[2]]));
    if (!sim_block_size_valid((uint64_t)v[3]))
        return imp_fail(m->b, r->line, "Block Size '%.*s': expected 2048 to 32768",
                        IMP_AWR_SHOW(r->c[col[3]]));
    imp_awr_group_t *g = NULL;
    for (size_t i = 0; i < m->ng && !g; i++)
        if (m->g[i].begin == v[0] && m->g[i].end == v[1])
            g = &m->g[i];
    if (g)
        return imp_fail(m->b, r->line,
                        "snapshots %lld-%lld again (the report on line %d has them): each window "
                        "once",
                        (long long)v[0], (long long)v[1],
                        g->global_line ? g->global_line : g->inst_line[0]);
    m->begin = v[0];
    m->end = v[1];
    m->have_begin = m->have_elapsed = 1;
    sim_err_t rc = imp_awr_new_group(m, &m->cur);
    if (rc != SIM_OK)
        return rc;
    m->cur->global_line = m->start_line;
    rc = imp_awr_same(m, "elapsed time micro", v[2] * 600000, r->line, "AWR window (us)");
    return rc != SIM_OK ? rc : imp_awr_same(m, "db_block_size", v[3], r->line, "block size");
}

static sim_err_t g_instance_row(imp_awr_map_t *m, const imp_awr_row_t *r)
{
    int inst;
    int rc = row_instance(m, r, &inst);
    if (rc <= 0)
        return rc < 0 ? SIM_EINVAL : SIM_OK;
    imp_awr_group_t *g = m->cur;
    for (size_t i = 0; i < g->ninst; i++)
        if (g->inst[i] == inst)
            return imp_fail(m->b, r->line, "instance %d again (line %d): each instance once", inst,
                            g->inst_line[i]);
    if (g->ninst == sizeof g->inst / sizeof g->inst[0])
        return imp_fail(m->b, r->line, "more than 64 instances");
    g->inst_line[g->ninst] = r->line;
    g->inst[g->ninst++] = inst;
    return imp_awr_add(m, "AWR instances", 1, r->line);
}

/* Time Model's headings as its statistics: "SQL Exec Ela" is "Time
 * Model: sql execute elapsed time micro". */
static void time_name(const char *h, char *out, size_t cap)
{
    static const rename_t names[] = {
        {"DB time", "DB time"},
        {"DB CPU", "DB CPU"},
        {"SQL Exec Ela", "Time Model: sql execute elapsed time micro"},
        {"Parse Ela", "Time Model: parse time elapsed micro"},
        {"Hard Parse Ela", "Time Model: hard parse elapsed time micro"},
        {"PL/SQL Ela", "Time Model: PL/SQL execution elapsed time micro"},
        {"Java Ela", "Time Model: Java execution elapsed time micro"},
        {"bg time", "Time Model: background elapsed time micro"},
        {"bg CPU", "Time Model: background cpu time micro"},
    };
    const char *name = renamed(names, sizeof names / sizeof names[0], h);
    if (name)
        snprintf(out, cap, "%s", name);
    else
        snprintf(out, cap, "Time Model: %s micro", h);
}

/* Foreground Wait Classes' headings: "CLASS time_waited_micro", the class
 * as awrrpt.sql names it; DB CPU and DB time are the Time Model's (""). */
static void class_name(const char *h, char *out, size_t cap)
{
    static const rename_t names[] = {{"Sys I/O", "System I/O"},   {"Applic", "Application"},
                                     {"Concurcy", "Concurrency"}, {"Config", "Configuration"},
                                     {"Admin", "Administrative"}, {"Queueing", "Queueing"}};
    const char *cls = renamed(names, sizeof names / sizeof names[0], h);
    if (strcmp(h, "DB CPU") == 0 || strcmp(h, "DB time") == 0)
        out[0] = '\0';
    else
        snprintf(out, cap, "%s time_waited_micro", cls ? cls : h);
}

/* A row per instance of seconds (Time Model, Foreground Wait Classes):
 * each column in microseconds under name(its heading), summed over the
 * instances; a heading named "" is left out. */
static sim_err_t seconds_row(imp_awr_map_t *m, const imp_awr_row_t *r,
                             void (*name)(const char *h, char *out, size_t cap))
{
    int inst, rc = row_instance(m, r, &inst);
    if (rc <= 0)
        return rc < 0 ? SIM_EINVAL : SIM_OK;
    for (size_t k = 1; k < r->n && k < m->nhead; k++) {
        char h[HEAD_MAX], n[HEAD_MAX + 64];
        strip_unit(m->head[k], h, sizeof h);
        name(h, n, sizeof n);
        int64_t us;
        if (!n[0])
            continue;
        if ((rc = imp_awr_number(m, r, k, 6, &us)) < 0)
            return SIM_EINVAL;
        if (rc > 0 || us < 0)
            continue;
        m->have_tm_cpu |= strcmp(n, "DB CPU") == 0;
        sim_err_t e = imp_awr_add(m, n, us, r->line);
        if (e != SIM_OK)
            return e;
    }
    return SIM_OK;
}

/* Top Timed Events: the cluster's rows (I# '*'), as awrrpt.sql's top
 * events: waits under the event's name, "EVENT time_waited_micro". */
static sim_err_t g_top_row(imp_awr_map_t *m, const imp_awr_row_t *r)
{
    if (!imp_awr_eq(r->c[0].p, r->c[0].n, "*"))
        return SIM_OK; /* an instance's share of the '*' row before it */
    int ev = column(m, "Event"), wc = column(m, "Waits"), tc = column(m, "Total(s)");
    if (ev < 0 || wc < 0 || tc < 0 || (size_t)ev >= r->n)
        return imp_fail(m->b, r->line, "Top Timed Events without its Event, Waits and Total(s)");
    m->waits_col = wc;
    m->time_col = tc;
    imp_awr_row_t e = *r;
    e.c[0] = r->c[ev]; /* the event is the label wait_row reads */
    return imp_awr_wait_row(m, &e, 0);
}

/* SysStat and Global Messaging - RAC: each instance's blocks received
 * and served (GC Current, GC CR twice), under Oracle's names. */
static sim_err_t g_gcmsg_row(imp_awr_map_t *m, const imp_awr_row_t *r)
{
    static const char *const names[] = {"gc current blocks received", "gc cr blocks received",
                                        "gc current blocks served", "gc cr blocks served"};
    int inst, rc = row_instance(m, r, &inst);
    if (rc <= 0)
        return rc < 0 ? SIM_EINVAL : SIM_OK;
    for (size_t k = 1; k <= 4 && k < r->n && k < m->nhead; k++) {
        if (strcmp(m->head[k], k % 2 ? "GC Current" : "GC CR") != 0)
            return imp_fail(m->b, r->line,
                            "SysStat and Global Messaging - RAC: column %zu is '%s', expected "
                            "'%s'",
                            k + 1, m->head[k], k % 2 ? "GC Current" : "GC CR");
        int64_t v;
        char name[96];
        if ((rc = imp_awr_number(m, r, k, 0, &v)) < 0)
            return SIM_EINVAL;
        if (rc > 0 || v < 0)
            continue;
        snprintf(name, sizeof name, "inst %d: %s", inst, names[k - 1]);
        sim_err_t e = imp_awr_add(m, name, v, r->line);
        if (e != SIM_OK)
            return e;
    }
    return SIM_OK;
}

/* Global Cache Efficiency Percentages and Workload (12.2: Latency)
 * Characteristics, a row per instance: each heading as awrrpt.sql labels
 * the figure, x1000. */
static void eff_name(const char *h, char *out, size_t cap)
{
    static const rename_t names[] = {{"Local %", "Buffer access - local cache %"},
                                     {"Remote %", "Buffer access - remote cache %"},
                                     {"Disk %", "Buffer access - disk %"},
                                     {"Locality %", "Global Cache Locality %"}};
    const char *name = renamed(names, sizeof names / sizeof names[0], h);
    snprintf(out, cap, "%s", name ? name : h);
}

/* "Receive Time (ms)" of the CR blocks -> "Avg global cache cr block
 * receive time (ms)"; cu: the columns after "Log Flush CR Srvd %". */
static void work_name(const char *h, int cu, char *out, size_t cap)
{
    const char *unit = strchr(h, '(');
    size_t what = unit ? (size_t)(unit - h) : strlen(h);
    while (what > 0 && h[what - 1] == ' ')
        what--;
    if (strcmp(h, "Log Flush CR Srvd %") == 0 || strcmp(h, "Log Flush CU Srvd %") == 0) {
        snprintf(out, cap, "Global cache log flushes for %s blocks served %%",
                 h[11] == 'R' ? "cr" : "current");
    } else if (unit && imp_awr_starts(h, what, "GE Get Time")) {
        snprintf(out, cap, "Avg global enqueue get time %s", unit);
    } else if (unit && what > 5 && imp_awr_eq(h + what - 5, 5, " Time")) {
        char w[HEAD_MAX];
        size_t k;
        for (k = 0; k + 5 < what && k + 1 < sizeof w; k++)
            w[k] = (char)tolower((unsigned char)h[k]);
        w[k] = '\0';
        snprintf(out, cap, "Avg global cache %s block %s time %s", cu ? "current" : "cr", w, unit);
    } else {
        snprintf(out, cap, "%s", h);
    }
}

static sim_err_t g_percent_row(imp_awr_map_t *m, const imp_awr_row_t *r, int work)
{
    int inst, rc = row_instance(m, r, &inst);
    if (rc <= 0)
        return rc < 0 ? SIM_EINVAL : SIM_OK;
    m->inst = inst;
    int cu = 0;
    for (size_t k = 1; k < r->n && k < m->nhead; k++) {
        char name[160];
        if (work)
            work_name(m->head[k], cu, name, sizeof name);
        else
            eff_name(m->head[k], name, sizeof name);
        cu |= strcmp(m->head[k], "Log Flush CR Srvd %") == 0;
        int64_t v;
        if ((rc = imp_awr_number(m, r, k, 3, &v)) < 0)
            return SIM_EINVAL;
        if (rc > 0)
            continue;
        sim_err_t e = imp_awr_add_inst(m, name, v, r->line);
        if (e != SIM_OK)
            return e;
    }
    return SIM_OK;
}

/* Global Cache Transfer Stats: Dest, Src, Class, then what awrrpt.sql's
 * table has after its Inst No and Block Class. */
static sim_err_t g_xfer_row(imp_awr_map_t *m, const imp_awr_row_t *r)
{
    int dest, src;
    int rc = r->n < 11 ? 0 : row_instance(m, r, &dest);
    if (rc <= 0)
        return rc < 0 ? SIM_EINVAL : SIM_OK;
    imp_awr_row_t s = *r;
    s.c[0] = r->c[1];
    if ((rc = row_instance(m, &s, &src)) <= 0)
        return rc < 0 ? SIM_EINVAL : SIM_OK;
    return imp_awr_transfer_values(m, r, dest, src, r->c[2], 3);
}

/* init.ora Parameters: Parameter Name, I# ('*' for all), Begin value. */
static sim_err_t g_init_row(imp_awr_map_t *m, const imp_awr_row_t *r)
{
    if (!imp_awr_eq(r->c[0].p, r->c[0].n, "db_block_size"))
        return SIM_OK;
    int col = column(m, "Begin value");
    int64_t v;
    int rc = col < 0 ? 1 : imp_awr_number(m, r, (size_t)col, 0, &v);
    if (rc != 0 || !sim_block_size_valid((uint64_t)v))
        return rc < 0 ? SIM_EINVAL
                      : imp_fail(m->b, r->line, "db_block_size without a value of 2048 to 32768");
    return imp_awr_same(m, "db_block_size", v, r->line, "block size");
}

sim_err_t imp_awr_global_row(imp_awr_map_t *m, const imp_awr_row_t *r)
{
    switch (m->sec) {
    case G_SUMMARY:
        return g_summary_row(m, r);
    case G_INSTANCES:
        return g_instance_row(m, r);
    case G_TIME:
        return seconds_row(m, r, time_name);
    case G_CLASS:
        return seconds_row(m, r, class_name);
    case G_TOP:
        return g_top_row(m, r);
    case G_SYSSTAT:
        /* its DB time (centiseconds) is the Time Model's, as awrrpt.sql's
         * Instance Activity Stats leave it to the Time Model */
        return imp_awr_eq(r->c[0].p, r->c[0].n, "DB time") ? SIM_OK : imp_awr_activity_row(m, r, 0);
    case G_GCMSG:
        return g_gcmsg_row(m, r);
    case G_GCEFF:
        return g_percent_row(m, r, 0);
    case G_GCWORK:
        return g_percent_row(m, r, 1);
    case G_XFER:
        return g_xfer_row(m, r);
    default: /* G_INIT */
        return g_init_row(m, r);
    }
}
