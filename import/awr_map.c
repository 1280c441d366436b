/*
 * awr_map.c -- the rows of AWR reports (awr_text.c, awr_html.c) as named
 * figures: each section's rows under the names Oracle gives them (and the
 * names rac_sim's AWR output uses), one set per snapshot range, the reports
 * of its instances summed (import/README.md, "AWR reports").
 *
 *   Instance Activity Stats   statistic = Total (a name cut at the text's
 *                             column width: the one catalogue name it begins)
 *   Top timed events          event = waits, "event time_waited_micro"
 *   Wait classes              "class total_waits", "class time_waited_micro"
 *   Time Model                DB time, DB CPU (micro), "Time Model: stat micro"
 *   header                    elapsed time micro, db_block_size, AWR instances
 *   Load Profile, Global Cache Load Profile, Efficiency, Workload
 *   Characteristics, Transfer Stats: per instance, "inst N: name x1000"
 */
#include "awr_int.h"

#include <ctype.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

enum {
    S_HEADER,
    S_LOAD,
    S_TOP,
    S_CLASS,
    S_ACT,
    S_GCLOAD,
    S_GCEFF,
    S_GCWORK,
    S_XFER,
    S_TIME,
    S_INIT,
    /* the global report's (awrgrpt.sql) */
    G_SUMMARY,
    G_INSTANCES,
    G_TIME,
    G_CLASS,
    G_TOP,
    G_SYSSTAT,
    G_GCMSG,
    G_GCEFF,
    G_GCWORK,
    G_XFER,
    G_INIT,
    S_OTHER
};

static const char *const section_names[] = {
    "header",
    "Load Profile",
    "Top Timed Events",
    "Wait Classes",
    "Instance Activity Stats",
    "Global Cache Load Profile",
    "Global Cache Efficiency Percentages",
    "Global Cache and Enqueue Services - Workload Characteristics",
    "Global Cache Transfer Stats",
    "Time Model Statistics",
    "init.ora Parameters",
    "Database Summary",
    "Database Instances Included In Report",
    "Time Model",
    "Foreground Wait Classes",
    "Top Timed Events",
    "System Statistics (Global)",
    "SysStat and Global Messaging - RAC",
    "Global Cache Efficiency Percentages",
    "Global Cache and Enqueue Workload Characteristics",
    "Global Cache Transfer Stats",
    "init.ora Parameters",
    "other",
};
_Static_assert(sizeof section_names / sizeof section_names[0] == S_OTHER + 1, "a name a section");

/* Section titles, as each version prints them; the first that begins the
 * title wins (so the longer ones come first). */
static const struct {
    const char *title;
    int sec;
} titles[] = {
    {"Global Cache Load Profile", S_GCLOAD},
    {"Global Cache Efficiency Percentages", S_GCEFF},
    {"Global Cache and Enqueue Services - Workload Characteristics", S_GCWORK},
    {"Global Cache Transfer Statistics", S_XFER},
    {"Global Cache Transfer Stats", S_XFER},
    {"Global Cache", S_OTHER},
    {"Load Profile", S_LOAD},
    {"Top 5 Timed Events", S_TOP},
    {"Top 5 Timed Foreground Events", S_TOP},
    {"Top 10 Foreground Events by Total Wait Time", S_TOP},
    {"Top Timed Events", S_TOP},
    {"Wait Classes by Total Wait Time", S_CLASS},
    {"Foreground Wait Class", S_CLASS},
    {"Wait Class", S_CLASS}, /* 10g; alone, or before DB/Inst: (not the headings) */
    {"Instance Activity Stats -", S_OTHER},
    {"Instance Activity Stats", S_ACT},
    {"Time Model Statistics", S_TIME},
    {"init.ora Parameters", S_INIT},
};

/* The global report's sections: its titles whole, as the HTML shows them
 * (blanks collapsed), since "Time Model - % of DB time" and the like
 * begin as the ones read do.  12.2 renamed two. */
static const struct {
    const char *title;
    int sec;
} global_titles[] = {
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

/* The sections a report must have. */
#define REQUIRED ((1u << S_LOAD) | (1u << S_TOP) | (1u << S_ACT))
#define REQUIRED_GLOBAL                                                                            \
    ((1u << G_SUMMARY) | (1u << G_INSTANCES) | (1u << G_TOP) | (1u << G_SYSSTAT))

/* A table's column headings, kept: an HTML row's cells do not outlive it. */
#define HEAD_MAX 48

typedef struct {
    int64_t begin, end;
    imp_awr_figs_t *figs;
    int inst[64]; /* instance numbers merged so far */
    int inst_line[64];
    size_t ninst;
    int global_line;     /* a global report's first line, 0: per-instance reports */
    uint32_t block_size; /* db_block_size, 0 when the reports do not say */
} group_t;

struct imp_awr_map {
    imp_build_t *b;
    int html; /* the reports are HTML (a global one is read as HTML only) */
    group_t *g;
    size_t ng;
    /* the report being read */
    int last_line; /* of the last row read: where a truncated file ends */
    int in_report, start_line, sec, sec_rows;
    unsigned seen;
    int inst, inst_col;
    int64_t begin, end;
    int have_begin, have_elapsed;
    group_t *cur;
    int waits_col, time_col;
    int64_t top_cpu;
    int have_top_cpu, have_tm_cpu, summary_classes;
    int global;                         /* awrgrpt.sql's report */
    char head[IMP_AWR_CELLS][HEAD_MAX]; /* the global table's last headings */
    size_t nhead;
};

imp_awr_map_t *imp_awr_map_new(imp_build_t *b, int html)
{
    imp_awr_map_t *m = sim_calloc(1, sizeof *m);
    if (m) {
        m->b = b;
        m->html = html;
    }
    return m;
}

void imp_awr_map_free(imp_awr_map_t *m)
{
    if (!m)
        return;
    for (size_t i = 0; i < m->ng; i++)
        imp_awr_figs_free(m->g[i].figs);
    sim_free(m->g);
    sim_free(m);
}

#define SHOW(c) (int)((c).n > 60 ? 60 : (c).n), (c).p

/* ---- names and numbers --------------------------------------------------- */

/* The label as a name: blanks collapsed, a trailing ':' dropped. */
static void label(imp_awr_cell_t c, char *out, size_t cap)
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
static int number(imp_awr_map_t *m, const imp_awr_row_t *r, size_t i, int scale, int64_t *v)
{
    if (i >= r->n)
        return 1;
    const char *why;
    int rc = imp_awr_num(r->c[i].p, r->c[i].n, scale, v, &why);
    if (rc < 0)
        imp_fail(m->b, r->line, "'%.*s': '%.*s' is %s", SHOW(r->c[0]), SHOW(r->c[i]), why);
    return rc;
}

static sim_err_t add(imp_awr_map_t *m, const char *name, int64_t v, int line)
{
    sim_err_t rc = imp_awr_figs_add(m->cur->figs, name, v, line);
    if (rc == SIM_ENOMEM && m->b->errlen > 0)
        snprintf(m->b->err, m->b->errlen, "%s: out of memory", m->b->file);
    return rc;
}

/* A figure the instance reports alone: "inst N: name x1000". */
static sim_err_t add_inst(imp_awr_map_t *m, const char *name, int64_t v, int line)
{
    char full[256];
    snprintf(full, sizeof full, "inst %d: %s x1000", m->inst, name);
    return v < 0 ? SIM_OK : add(m, full, v, line); /* a counter that went back: no figure */
}

/* A figure every instance must report alike; refused when two differ. */
static sim_err_t same(imp_awr_map_t *m, const char *name, int64_t v, int line, const char *what)
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

/* ---- the sections ---------------------------------------------------------- */

static sim_err_t header_row(imp_awr_map_t *m, const imp_awr_row_t *r)
{
    char name[128];
    label(r->c[0], name, sizeof name);
    int64_t v;
    int rc;
    if (r->kind == IMP_AWR_HEAD) {
        m->inst_col = -1;
        for (size_t i = 0; i < r->n; i++)
            if (imp_awr_eq(r->c[i].p, r->c[i].n, "Inst Num"))
                m->inst_col = (int)i;
        return SIM_OK;
    }
    if (m->inst_col >= 0 && !m->inst) {
        if ((rc = number(m, r, (size_t)m->inst_col, 0, &v)) < 0)
            return SIM_EINVAL;
        if (rc == 0 && (v < 1 || v > 4096))
            return imp_fail(m->b, r->line, "instance number %lld; expected 1 to 4096",
                            (long long)v);
        m->inst = (int)v;
        m->inst_col = -1;
        return SIM_OK;
    }
    if (strcmp(name, "Begin Snap") == 0 || strcmp(name, "End Snap") == 0) {
        if ((rc = number(m, r, 1, 0, &v)) != 0)
            return rc < 0 ? SIM_EINVAL
                          : imp_fail(m->b, r->line, "'%s' without its snapshot id", name);
        if (name[0] == 'B') {
            m->begin = v;
            m->have_begin = 1;
            return SIM_OK;
        }
        m->end = v;
        if (!m->have_begin)
            return imp_fail(m->b, r->line, "End Snap without a Begin Snap before it");
        return SIM_OK;
    }
    if (strcmp(name, "Elapsed") == 0) {
        for (size_t i = 1; i < r->n; i++) {
            imp_awr_cell_t c = r->c[i];
            const char *mins = NULL;
            for (size_t k = 0; k + 6 <= c.n && !mins; k++)
                if (memcmp(c.p + k, "(mins)", 6) == 0)
                    mins = c.p + k;
            if (!mins)
                continue;
            imp_awr_cell_t num = {c.p, (size_t)(mins - c.p)};
            const char *why;
            if (imp_awr_num(num.p, num.n, 2, &v, &why) != 0 || v <= 0)
                return imp_fail(m->b, r->line, "Elapsed '%.*s': not a number of minutes", SHOW(c));
            m->have_elapsed = 1;
            return m->cur ? same(m, "elapsed time micro", v * 600000, r->line, "AWR window (us)")
                          : imp_fail(m->b, r->line, "Elapsed before the report's snapshots");
        }
        return imp_fail(m->b, r->line, "Elapsed without its minutes");
    }
    return SIM_OK;
}

/* "Std Block Size: 8K" in Cache Sizes, or db_block_size among the
 * parameters: the block size in bytes. */
static sim_err_t block_size(imp_awr_map_t *m, const imp_awr_row_t *r)
{
    const char *key = "Std Block Size:";
    const char *p = r->raw.p, *end = r->raw.p + r->raw.n;
    const char *at = NULL;
    for (const char *q = p; q + strlen(key) <= end && !at; q++)
        if (imp_awr_starts(q, (size_t)(end - q), key))
            at = q + strlen(key);
    if (!at)
        return SIM_OK;
    while (at < end && *at == ' ')
        at++;
    int64_t v = 0;
    const char *q = at;
    while (q < end && *q >= '0' && *q <= '9' && v < 1000000)
        v = v * 10 + (*q++ - '0');
    if (q < end && *q == 'K')
        v *= 1024, q++;
    if (q == at || (q < end && *q != ' ') || !sim_block_size_valid((uint64_t)v))
        return imp_fail(m->b, r->line,
                        "Std Block Size '%.*s': expected one of 2K, 4K, 8K, 16K, 32K",
                        (int)(end - at > 20 ? 20 : end - at), at);
    return same(m, "db_block_size", v, r->line, "block size");
}

static const char *load_name(const char *l, int per_tx)
{
    /* rac_sim's names where the report has the figure (rac_sim/awr.c); the
     * others, Transactions among them, are "LABEL per second" already */
    if (strcmp(l, "Redo size") == 0 || strcmp(l, "Redo size (bytes)") == 0)
        return per_tx ? "Redo size per transaction (bytes)" : "Redo size per second (bytes)";
    if (strcmp(l, "Logical reads") == 0 || strcmp(l, "Logical read (blocks)") == 0)
        return per_tx ? "Logical reads per transaction" : "Logical reads per second";
    if (strcmp(l, "Block changes") == 0)
        return per_tx ? "Block changes per transaction" : "Block changes per second";
    return NULL;
}

/* Two columns, per second and per transaction (Load Profile, Global Cache
 * Load Profile). */
static sim_err_t rates_row(imp_awr_map_t *m, const imp_awr_row_t *r, int load)
{
    char l[128], name[192];
    label(r->c[0], l, sizeof l);
    /* 12c and later repeat two lines of the Global Cache Load Profile in the
     * Load Profile, rounded to one decimal: that section's own are kept. */
    if (load && imp_awr_starts(l, strlen(l), "Global Cache blocks"))
        return SIM_OK;
    for (int k = 0; k < 2; k++) {
        int64_t v;
        int rc = number(m, r, 1 + (size_t)k, 3, &v);
        if (rc < 0)
            return SIM_EINVAL;
        if (rc > 0)
            continue;
        const char *n = load ? load_name(l, k) : NULL;
        if (!n) {
            snprintf(name, sizeof name, "%s %s", l, k ? "per transaction" : "per second");
            n = name;
        }
        sim_err_t e = add_inst(m, n, v, r->line);
        if (e != SIM_OK)
            return e;
    }
    return SIM_OK;
}

/* One value (Efficiency, Workload Characteristics). */
static sim_err_t value_row(imp_awr_map_t *m, const imp_awr_row_t *r)
{
    char l[160];
    label(r->c[0], l, sizeof l);
    int64_t v;
    int rc = number(m, r, 1, 3, &v);
    return rc < 0 ? SIM_EINVAL : rc > 0 ? SIM_OK : add_inst(m, l, v, r->line);
}

/* The seconds waited, by its heading: the second value column but in
 * 10g's Wait Class and 11g's Foreground Wait Class, where %Time-outs comes
 * before it.  Waits is always the first. */
static void event_columns(imp_awr_map_t *m, const imp_awr_row_t *r)
{
    m->waits_col = 1;
    m->time_col = 2;
    for (size_t i = 1; i < r->n; i++) {
        const char *p = r->c[i].p;
        size_t n = r->c[i].n;
        for (size_t k = 0; k + 6 <= n; k++)
            if ((imp_awr_starts(p + k, n - k, "Time (s") ||
                 imp_awr_starts(p + k, n - k, "Time(s")) &&
                (k == 0 || p[k - 1] != '%')) {
                m->time_col = (int)i;
                break;
            }
    }
}

/* Top timed events and wait classes: waits, and seconds as micro. */
static sim_err_t wait_row(imp_awr_map_t *m, const imp_awr_row_t *r, int classes)
{
    char l[128], name[192];
    label(r->c[0], l, sizeof l);
    int64_t waits, us;
    int rw = number(m, r, (size_t)m->waits_col, 0, &waits);
    int rt = rw < 0 ? -1 : number(m, r, (size_t)m->time_col, 6, &us);
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
        e = add(m, name, waits, r->line);
    }
    if (e == SIM_OK && rt == 0 && us >= 0) {
        snprintf(name, sizeof name, "%s time_waited_micro", l);
        e = add(m, name, us, r->line);
    }
    return e;
}

static sim_err_t activity_row(imp_awr_map_t *m, const imp_awr_row_t *r)
{
    char l[128];
    label(r->c[0], l, sizeof l);
    int64_t v;
    int rc = number(m, r, 1, 0, &v);
    if (rc < 0)
        return SIM_EINVAL;
    if (rc > 0 || v < 0 || !l[0])
        return SIM_OK;
    return add(m, full_name(l), v, r->line);
}

static sim_err_t time_row(imp_awr_map_t *m, const imp_awr_row_t *r)
{
    char l[128], name[192];
    label(r->c[0], l, sizeof l);
    int64_t us;
    int rc = number(m, r, 1, 6, &us);
    if (rc < 0)
        return SIM_EINVAL;
    if (rc > 0 || us < 0)
        return SIM_OK;
    if (strcmp(l, "DB CPU") == 0)
        m->have_tm_cpu = 1;
    if (strcmp(l, "DB CPU") != 0 && strcmp(l, "DB time") != 0) {
        snprintf(name, sizeof name, "Time Model: %s micro", l);
        return add(m, name, us, r->line);
    }
    return add(m, l, us, r->line);
}

/* A transfer row's eight values from r->c[first]: CR and current blocks
 * received, % immed, % busy, % congested, received by instance inst from
 * instance from. */
static sim_err_t transfer_values(imp_awr_map_t *m, const imp_awr_row_t *r, int inst, int64_t from,
                                 imp_awr_cell_t cls_cell, size_t first)
{
    static const char *const what[4] = {"blocks received", "% immed", "% busy", "% congst"};
    char cls[64], name[192];
    label(cls_cell, cls, sizeof cls);
    for (size_t k = 0; k < 8; k++) {
        int64_t v;
        int rc = number(m, r, first + k, k % 4 ? 3 : 0, &v);
        if (rc < 0)
            return SIM_EINVAL;
        if (rc > 0 || v < 0)
            continue;
        snprintf(name, sizeof name, "inst %d from %lld: %s: %s %s%s", inst, (long long)from, cls,
                 k < 4 ? "CR" : "current", what[k % 4], k % 4 ? " x1000" : "");
        sim_err_t e = add(m, name, v, r->line);
        if (e != SIM_OK)
            return e;
    }
    return SIM_OK;
}

/* Inst No, Block Class, then CR and current: blocks received, % immed,
 * % busy, % congested. */
static sim_err_t transfer_row(imp_awr_map_t *m, const imp_awr_row_t *r)
{
    int64_t from;
    const char *why;
    if (r->n < 10 || imp_awr_num(r->c[0].p, r->c[0].n, 0, &from, &why) != 0)
        return SIM_OK; /* a heading or a total line: no instance number */
    return transfer_values(m, r, m->inst, from, r->c[1], 2);
}

static sim_err_t init_row(imp_awr_map_t *m, const imp_awr_row_t *r)
{
    if (!imp_awr_eq(r->c[0].p, r->c[0].n, "db_block_size"))
        return SIM_OK;
    int64_t v;
    int rc = number(m, r, 1, 0, &v);
    if (rc != 0 || !sim_block_size_valid((uint64_t)v))
        return rc < 0 ? SIM_EINVAL
                      : imp_fail(m->b, r->line, "db_block_size '%.*s': expected 2048 to 32768",
                                 SHOW(r->c[1]));
    return same(m, "db_block_size", v, r->line, "block size");
}

static sim_err_t new_group(imp_awr_map_t *m, group_t **out);

/* ---- the global report (awrgrpt.sql, HTML) ------------------------------------ */

/*
 * awrgrpt.sql reports one snapshot window for every instance at once: the
 * cluster's figures (System Statistics (Global): each statistic's Total,
 * the sum of the instances' Instance Activity Stats; Top Timed Events'
 * rows of instance '*') and a row per instance (I#) in the other tables.
 * They are kept as a file of awrrpt.sql reports, one per instance, is: the
 * sums under the same names, the per-instance figures as "inst N: name",
 * named as awrrpt.sql names them where it has the figure.
 */

/* The headings of a global table, kept for its rows. */
static void keep_head(imp_awr_map_t *m, const imp_awr_row_t *r)
{
    m->nhead = r->n;
    for (size_t i = 0; i < r->n; i++)
        label(r->c[i], m->head[i], sizeof m->head[i]);
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
        int rc = number(m, r, (size_t)col[k], k == 2 ? 2 : 0, &v[k]);
        if (rc != 0)
            return rc < 0 ? SIM_EINVAL
                          : imp_fail(m->b, r->line, "Database Summary without its '%s'", need[k]);
    }
    if (m->cur)
        return imp_fail(m->b, r->line, "a second Database Summary in one report");
    if (v[2] <= 0)
        return imp_fail(m->b, r->line, "Elapsed time %.*s: not a number of minutes",
                        SHOW(r->c[col[2]]));
    if (!sim_block_size_valid((uint64_t)v[3]))
        return imp_fail(m->b, r->line, "Block Size '%.*s': expected 2048 to 32768",
                        SHOW(r->c[col[3]]));
    group_t *g = NULL;
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
    sim_err_t rc = new_group(m, &m->cur);
    if (rc != SIM_OK)
        return rc;
    m->cur->global_line = m->start_line;
    rc = same(m, "elapsed time micro", v[2] * 600000, r->line, "AWR window (us)");
    return rc != SIM_OK ? rc : same(m, "db_block_size", v[3], r->line, "block size");
}

static sim_err_t g_instance_row(imp_awr_map_t *m, const imp_awr_row_t *r)
{
    int inst;
    int rc = row_instance(m, r, &inst);
    if (rc <= 0)
        return rc < 0 ? SIM_EINVAL : SIM_OK;
    group_t *g = m->cur;
    for (size_t i = 0; i < g->ninst; i++)
        if (g->inst[i] == inst)
            return imp_fail(m->b, r->line, "instance %d again (line %d): each instance once", inst,
                            g->inst_line[i]);
    if (g->ninst == sizeof g->inst / sizeof g->inst[0])
        return imp_fail(m->b, r->line, "more than 64 instances");
    g->inst_line[g->ninst] = r->line;
    g->inst[g->ninst++] = inst;
    return add(m, "AWR instances", 1, r->line);
}

/* Time Model, a row per instance: the sums under the Time Model's names. */
static sim_err_t g_time_row(imp_awr_map_t *m, const imp_awr_row_t *r)
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
    int inst, rc = row_instance(m, r, &inst);
    if (rc <= 0)
        return rc < 0 ? SIM_EINVAL : SIM_OK;
    for (size_t k = 1; k < r->n && k < m->nhead; k++) {
        char h[HEAD_MAX], other[HEAD_MAX + 32];
        strip_unit(m->head[k], h, sizeof h);
        const char *name = renamed(names, sizeof names / sizeof names[0], h);
        if (!name) {
            snprintf(other, sizeof other, "Time Model: %s micro", h);
            name = other;
        }
        int64_t us;
        if ((rc = number(m, r, k, 6, &us)) < 0)
            return SIM_EINVAL;
        if (rc > 0 || us < 0)
            continue;
        m->have_tm_cpu |= strcmp(name, "DB CPU") == 0;
        sim_err_t e = add(m, name, us, r->line);
        if (e != SIM_OK)
            return e;
    }
    return SIM_OK;
}

/* Foreground Wait Classes, seconds a row per instance: "CLASS
 * time_waited_micro", the class as awrrpt.sql names it. */
static sim_err_t g_class_row(imp_awr_map_t *m, const imp_awr_row_t *r)
{
    static const rename_t names[] = {{"Sys I/O", "System I/O"},   {"Applic", "Application"},
                                     {"Concurcy", "Concurrency"}, {"Config", "Configuration"},
                                     {"Admin", "Administrative"}, {"Queueing", "Queueing"}};
    int inst, rc = row_instance(m, r, &inst);
    if (rc <= 0)
        return rc < 0 ? SIM_EINVAL : SIM_OK;
    for (size_t k = 1; k < r->n && k < m->nhead; k++) {
        char h[HEAD_MAX], name[HEAD_MAX + 32];
        strip_unit(m->head[k], h, sizeof h);
        if (strcmp(h, "DB CPU") == 0 || strcmp(h, "DB time") == 0)
            continue; /* the Time Model's */
        const char *cls = renamed(names, sizeof names / sizeof names[0], h);
        int64_t us;
        if ((rc = number(m, r, k, 6, &us)) < 0)
            return SIM_EINVAL;
        if (rc > 0 || us < 0)
            continue;
        snprintf(name, sizeof name, "%s time_waited_micro", cls ? cls : h);
        sim_err_t e = add(m, name, us, r->line);
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
    return wait_row(m, &e, 0);
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
        if ((rc = number(m, r, k, 0, &v)) < 0)
            return SIM_EINVAL;
        if (rc > 0 || v < 0)
            continue;
        snprintf(name, sizeof name, "inst %d: %s", inst, names[k - 1]);
        sim_err_t e = add(m, name, v, r->line);
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
        if ((rc = number(m, r, k, 3, &v)) < 0)
            return SIM_EINVAL;
        if (rc > 0)
            continue;
        sim_err_t e = add_inst(m, name, v, r->line);
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
    return transfer_values(m, r, dest, src, r->c[2], 3);
}

/* init.ora Parameters: Parameter Name, I# ('*' for all), Begin value. */
static sim_err_t g_init_row(imp_awr_map_t *m, const imp_awr_row_t *r)
{
    if (!imp_awr_eq(r->c[0].p, r->c[0].n, "db_block_size"))
        return SIM_OK;
    int col = column(m, "Begin value");
    int64_t v;
    int rc = col < 0 ? 1 : number(m, r, (size_t)col, 0, &v);
    if (rc != 0 || !sim_block_size_valid((uint64_t)v))
        return rc < 0 ? SIM_EINVAL
                      : imp_fail(m->b, r->line, "db_block_size without a value of 2048 to 32768");
    return same(m, "db_block_size", v, r->line, "block size");
}

static sim_err_t global_row(imp_awr_map_t *m, const imp_awr_row_t *r)
{
    switch (m->sec) {
    case G_INSTANCES:
        return g_instance_row(m, r);
    case G_TIME:
        return g_time_row(m, r);
    case G_CLASS:
        return g_class_row(m, r);
    case G_TOP:
        return g_top_row(m, r);
    case G_SYSSTAT:
        /* its DB time (centiseconds) is the Time Model's, as awrrpt.sql's
         * Instance Activity Stats leave it to the Time Model */
        return imp_awr_eq(r->c[0].p, r->c[0].n, "DB time") ? SIM_OK : activity_row(m, r);
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

/* ---- reports and their snapshot ranges -------------------------------------- */

/* A new group for the report's snapshots (m->begin, m->end) into *out. */
static sim_err_t new_group(imp_awr_map_t *m, group_t **out)
{
    group_t *ng = sim_realloc(m->g, (m->ng + 1) * sizeof *ng);
    if (!ng)
        return SIM_ENOMEM;
    m->g = ng;
    group_t *g = &m->g[m->ng];
    memset(g, 0, sizeof *g);
    g->begin = m->begin;
    g->end = m->end;
    if (!(g->figs = imp_awr_figs_new()))
        return SIM_ENOMEM;
    m->ng++;
    *out = g;
    return SIM_OK;
}

/* The group of the report's snapshots, once its instance and range are
 * known: made when new; an instance given twice is refused, and so is a
 * window a global report gave. */
static sim_err_t join_group(imp_awr_map_t *m, int line)
{
    group_t *g = NULL;
    for (size_t i = 0; i < m->ng && !g; i++)
        if (m->g[i].begin == m->begin && m->g[i].end == m->end)
            g = &m->g[i];
    if (g && g->global_line)
        return imp_fail(m->b, line,
                        "snapshots %lld-%lld again (the global report on line %d has them): "
                        "each window once",
                        (long long)m->begin, (long long)m->end, g->global_line);
    if (!g) {
        sim_err_t rc = new_group(m, &g);
        if (rc != SIM_OK)
            return rc;
    }
    for (size_t i = 0; i < g->ninst; i++)
        if (g->inst[i] == m->inst)
            return imp_fail(m->b, line,
                            "instance %d of snapshots %lld-%lld again (its report began on line "
                            "%d): each instance once",
                            m->inst, (long long)m->begin, (long long)m->end, g->inst_line[i]);
    if (g->ninst == sizeof g->inst / sizeof g->inst[0])
        return imp_fail(m->b, line, "more than 64 instances for snapshots %lld-%lld",
                        (long long)m->begin, (long long)m->end);
    g->inst_line[g->ninst] = m->start_line;
    g->inst[g->ninst++] = m->inst;
    m->cur = g;
    return add(m, "AWR instances", 1, line);
}

static int page_title(const imp_awr_cell_t *c)
{
    for (size_t i = 0; i + 8 <= c->n; i++)
        if (memcmp(c->p + i, "DB/Inst:", 8) == 0)
            return 1;
    return 0;
}

static int section_of(const imp_awr_map_t *m, const imp_awr_cell_t *c)
{
    if (m->global) {
        for (size_t i = 0; i < sizeof global_titles / sizeof global_titles[0]; i++)
            if (imp_awr_eq(c->p, c->n, global_titles[i].title))
                return global_titles[i].sec;
        return -1;
    }
    for (size_t i = 0; i < sizeof titles / sizeof titles[0]; i++)
        if (imp_awr_starts(c->p, c->n, titles[i].title)) {
            if (strcmp(titles[i].title, "Wait Class") == 0 &&
                !(c->n == strlen(titles[i].title) || page_title(c)))
                continue;
            return titles[i].sec;
        }
    return -1;
}

static sim_err_t start(imp_awr_map_t *m, const imp_awr_row_t *r)
{
    if (m->in_report)
        return imp_fail(m->b, r->line,
                        "a report begins here, but the one from line %d has no 'End of Report': "
                        "truncated",
                        m->start_line);
    int global = imp_awr_starts(r->raw.p, r->raw.n, "WORKLOAD REPOSITORY REPORT (RAC)");
    if (global && !m->html)
        return imp_fail(m->b, r->line,
                        "a global (RAC) report of awrgrpt.sql in text: not read; write it as "
                        "HTML (report_type html) or import the reports of awrrpt.sql, one per "
                        "instance");
    memset(&m->in_report, 0, sizeof *m - offsetof(imp_awr_map_t, in_report));
    m->in_report = 1;
    m->global = global;
    m->start_line = r->line;
    m->inst_col = -1;
    m->sec = S_HEADER;
    return SIM_OK;
}

static sim_err_t finish_report(imp_awr_map_t *m, const imp_awr_row_t *r)
{
    if (!m->in_report)
        return imp_fail(m->b, r->line, "'End of Report' without a report before it");
    m->in_report = 0;
    if (!m->cur)
        return imp_fail(m->b, r->line,
                        m->global ? "the report from line %d gives no snapshots (Database Summary)"
                                  : "the report from line %d gives no instance number and "
                                    "snapshots (Inst Num, Begin Snap, End Snap)",
                        m->start_line);
    if (!m->have_elapsed)
        return imp_fail(m->b, r->line, "the report from line %d gives no Elapsed time",
                        m->start_line);
    unsigned required = m->global ? REQUIRED_GLOBAL : REQUIRED;
    for (int s = 0; s < S_OTHER; s++)
        if ((required & (1u << s)) && !(m->seen & (1u << s)))
            return imp_fail(m->b, r->line, "the report from line %d has no %s section",
                            m->start_line, section_names[s]);
    if (m->have_top_cpu && !m->have_tm_cpu)
        return add(m, "DB CPU", m->top_cpu, r->line);
    return SIM_OK;
}

sim_err_t imp_awr_map_row(void *arg, imp_awr_row_t *r)
{
    imp_awr_map_t *m = arg;
    m->last_line = r->line;
    if (r->kind == IMP_AWR_START)
        return start(m, r);
    if (r->kind == IMP_AWR_END)
        return finish_report(m, r);
    if (!m->in_report)
        return SIM_OK;
    int s = r->kind == IMP_AWR_TITLE && !(m->global && r->item) ? section_of(m, &r->raw) : -1;
    if (s >= 0) {
        m->sec = s;
        m->sec_rows = 0;
        r->close = 1;
        if (s == S_CLASS && imp_awr_starts(r->raw.p, r->raw.n, "Wait Classes by"))
            m->summary_classes = 1;
        else if (s == S_CLASS && m->summary_classes)
            m->sec = S_OTHER; /* the foreground classes: the summary has them all */
        m->waits_col = 1;
        m->time_col = 2;
        m->nhead = 0;
        return SIM_OK;
    }
    if (r->kind == IMP_AWR_TITLE && m->global && !r->item) {
        /* the global report's titles are its sections' (its notes and the
         * contents' links are list items): another one ends the section */
        m->sec = S_OTHER;
        return SIM_OK;
    }
    if (r->kind == IMP_AWR_TITLE) {
        /* text after a section's table, not a note or headings before it */
        if (m->sec_rows > 0 && m->sec != S_HEADER && !imp_awr_starts(r->raw.p, r->raw.n, "->"))
            m->sec = S_OTHER;
        return block_size(m, r);
    }
    if (m->global && m->sec != S_HEADER && m->sec != S_OTHER) {
        if (r->kind == IMP_AWR_HEAD) {
            keep_head(m, r);
            return SIM_OK;
        }
        if (r->c[0].n == 0)
            return SIM_OK;
        m->seen |= 1u << m->sec;
        m->sec_rows++;
        if (m->sec == G_SUMMARY)
            return g_summary_row(m, r);
        if (!m->cur)
            return imp_fail(m->b, r->line, "a %s section before the Database Summary",
                            section_names[m->sec]);
        return global_row(m, r);
    }
    if (m->sec == S_HEADER || m->sec == S_OTHER) {
        sim_err_t rc = block_size(m, r);
        if (rc == SIM_OK && m->sec == S_HEADER)
            rc = header_row(m, r);
        if (rc == SIM_OK && !m->cur && m->inst && m->have_begin && m->end)
            rc = join_group(m, r->line);
        return rc;
    }
    if (!m->cur)
        return imp_fail(m->b, r->line, "a %s section before the report's instance and snapshots",
                        section_names[m->sec]);
    if (r->kind == IMP_AWR_HEAD) {
        if (m->sec == S_TOP || m->sec == S_CLASS)
            event_columns(m, r);
        return SIM_OK;
    }
    if (r->c[0].n == 0)
        return SIM_OK; /* no label: a heading's or a wrapped line's rest, no figure */
    m->seen |= 1u << m->sec;
    m->sec_rows++;
    switch (m->sec) {
    case S_LOAD:
        return rates_row(m, r, 1);
    case S_GCLOAD:
        return rates_row(m, r, 0);
    case S_GCEFF:
    case S_GCWORK:
        return value_row(m, r);
    case S_TOP:
        return wait_row(m, r, 0);
    case S_CLASS:
        return wait_row(m, r, 1);
    case S_ACT:
        return activity_row(m, r);
    case S_TIME:
        return time_row(m, r);
    case S_XFER:
        return transfer_row(m, r);
    default: /* S_INIT */
        return init_row(m, r);
    }
}

sim_err_t imp_awr_map_finish(imp_awr_map_t *m)
{
    if (m->in_report)
        return imp_fail(m->b, m->last_line,
                        "the file ends here, inside the report that began on line %d (no 'End "
                        "of Report'): truncated",
                        m->start_line);
    if (m->ng == 0)
        return imp_fail(m->b, 0, "no AWR report (WORKLOAD REPOSITORY report for ...) found");
    for (size_t i = 0; i < m->ng; i++) {
        int64_t bs;
        int line;
        if (imp_awr_figs_get(m->g[i].figs, "db_block_size", &bs, &line) == 0)
            m->g[i].block_size = (uint32_t)bs; /* the set's, after the emit below */
    }
    for (size_t i = 0; i < m->ng; i++) {
        char run[IMP_NAME_MAX];
        snprintf(run, sizeof run, "snaps %lld-%lld", (long long)m->g[i].begin,
                 (long long)m->g[i].end);
        sim_err_t rc = imp_awr_figs_emit(m->g[i].figs, m->b, run);
        if (rc != SIM_OK)
            return rc;
        m->b->out->sets[m->b->out->nsets - 1].block_size = m->g[i].block_size;
    }
    return SIM_OK;
}
