/*
 * awr_map.c -- the rows of AWR reports (awr_text.c, awr_html.c) as named
 * figures: each section's rows under the names Oracle gives them (and the
 * names rac_sim's AWR output uses), one set per snapshot range, the reports
 * of its instances summed (import/README.md, "AWR reports").
 *
 *   Instance Activity Stats   statistic = Total (a name cut at the text's
 *                             column width: the one catalogue name it begins);
 *                             Key Instance Activity Stats' rows where the full
 *                             table lacks them (11.2's Other ... has none of
 *                             them), one figure where both print it
 *   Top timed events          event = waits, "event time_waited_micro"
 *   Wait classes              "class total_waits", "class time_waited_micro"
 *   Time Model                DB time, DB CPU (micro), "Time Model: stat micro"
 *   header                    elapsed time micro, db_block_size, AWR instances
 *   Load Profile, Global Cache Load Profile, Efficiency, Workload
 *   Characteristics, Transfer Stats: per instance, "inst N: name x1000"
 *
 * The global report of awrgrpt.sql goes to awr_global.c, section by
 * section, once start() has seen its title.
 */
#include "awr_map_int.h"

#include <ctype.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

static const char *const section_names[] = {
    "header",
    "Load Profile",
    "Top Timed Events",
    "Wait Classes",
    "Instance Activity Stats",
    "Key Instance Activity Stats",
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
    {"Key Instance Activity Stats", S_KEYACT}, /* 11.2 on; 11.2, 12.1: the rest in Other */
    {"Other Instance Activity Stats", S_ACT},
    {"Time Model Statistics", S_TIME},
    {"init.ora Parameters", S_INIT},
};

/* The sections a report must have. */
#define REQUIRED ((1u << S_LOAD) | (1u << S_TOP) | (1u << S_ACT))
#define REQUIRED_GLOBAL                                                                            \
    ((1u << G_SUMMARY) | (1u << G_INSTANCES) | (1u << G_TOP) | (1u << G_SYSSTAT))

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
    imp_awr_figs_free(m->key);
    imp_awr_figs_free(m->act);
    sim_free(m->g);
    sim_free(m);
}

/* ---- the sections ---------------------------------------------------------- */

static sim_err_t header_row(imp_awr_map_t *m, const imp_awr_row_t *r)
{
    char name[128];
    imp_awr_label(r->c[0], name, sizeof name);
    int64_t v;
    int rc;
    if (r->kind == IMP_AWR_HEAD) {
        m->inst_col = m->rac_col = -1;
        for (size_t i = 0; i < r->n; i++) {
            if (imp_awr_eq(r->c[i].p, r->c[i].n, "Inst Num"))
                m->inst_col = (int)i;
            if (imp_awr_eq(r->c[i].p, r->c[i].n, "RAC"))
                m->rac_col = (int)i;
        }
        return SIM_OK;
    }
    /* the database's row under DB Name ... RAC: YES or NO */
    if (m->rac_col >= 0 && (size_t)m->rac_col < r->n) {
        m->not_cluster |= imp_awr_eq(r->c[m->rac_col].p, r->c[m->rac_col].n, "NO");
        m->rac_col = -1;
    }
    if (m->inst_col >= 0 && !m->inst) {
        if ((rc = imp_awr_number(m, r, (size_t)m->inst_col, 0, &v)) < 0)
            return SIM_EINVAL;
        if (rc == 0 && (v < 1 || v > 4096))
            return imp_fail(m->b, r->line, "instance number %lld; expected 1 to 4096",
                            (long long)v);
        m->inst = (int)v;
        m->inst_col = -1;
        return SIM_OK;
    }
    if (strcmp(name, "Begin Snap") == 0 || strcmp(name, "End Snap") == 0) {
        if ((rc = imp_awr_number(m, r, 1, 0, &v)) != 0)
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
                return imp_fail(m->b, r->line, "Elapsed '%.*s': not a number of minutes",
                                IMP_AWR_SHOW(c));
            m->have_elapsed = 1;
            return m->cur ? imp_awr_same(m, "elapsed time micro", v * 600000, r->line,
                                         "AWR window (us)")
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
    return imp_awr_same(m, "db_block_size", v, r->line, "block size");
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
    imp_awr_label(r->c[0], l, sizeof l);
    /* 12c and later repeat two lines of the Global Cache Load Profile in the
     * Load Profile, rounded to one decimal: that section's own are kept. */
    if (load && imp_awr_starts(l, strlen(l), "Global Cache blocks"))
        return SIM_OK;
    for (int k = 0; k < 2; k++) {
        int64_t v;
        int rc = imp_awr_number(m, r, 1 + (size_t)k, 3, &v);
        if (rc < 0)
            return SIM_EINVAL;
        if (rc > 0)
            continue;
        const char *n = load ? load_name(l, k) : NULL;
        if (!n) {
            snprintf(name, sizeof name, "%s %s", l, k ? "per transaction" : "per second");
            n = name;
        }
        sim_err_t e = imp_awr_add_inst(m, n, v, r->line);
        if (e != SIM_OK)
            return e;
    }
    return SIM_OK;
}

/* One value (Efficiency, Workload Characteristics). */
static sim_err_t value_row(imp_awr_map_t *m, const imp_awr_row_t *r)
{
    char l[160];
    imp_awr_label(r->c[0], l, sizeof l);
    int64_t v;
    int rc = imp_awr_number(m, r, 1, 3, &v);
    return rc < 0 ? SIM_EINVAL : rc > 0 ? SIM_OK : imp_awr_add_inst(m, l, v, r->line);
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

static sim_err_t time_row(imp_awr_map_t *m, const imp_awr_row_t *r)
{
    char l[128], name[192];
    imp_awr_label(r->c[0], l, sizeof l);
    int64_t us;
    int rc = imp_awr_number(m, r, 1, 6, &us);
    if (rc < 0)
        return SIM_EINVAL;
    if (rc > 0 || us < 0)
        return SIM_OK;
    if (strcmp(l, "DB CPU") == 0)
        m->have_tm_cpu = 1;
    if (strcmp(l, "DB CPU") != 0 && strcmp(l, "DB time") != 0) {
        snprintf(name, sizeof name, "Time Model: %s micro", l);
        return imp_awr_add(m, name, us, r->line);
    }
    return imp_awr_add(m, l, us, r->line);
}

/* Inst No, Block Class, then CR and current: blocks received, % immed,
 * % busy, % congested. */
static sim_err_t transfer_row(imp_awr_map_t *m, const imp_awr_row_t *r)
{
    int64_t from;
    const char *why;
    if (r->n < 10 || imp_awr_num(r->c[0].p, r->c[0].n, 0, &from, &why) != 0)
        return SIM_OK; /* a heading or a total line: no instance number */
    return imp_awr_transfer_values(m, r, m->inst, from, r->c[1], 2);
}

static sim_err_t init_row(imp_awr_map_t *m, const imp_awr_row_t *r)
{
    if (!imp_awr_eq(r->c[0].p, r->c[0].n, "db_block_size"))
        return SIM_OK;
    int64_t v;
    int rc = imp_awr_number(m, r, 1, 0, &v);
    if (rc != 0 || !sim_block_size_valid((uint64_t)v))
        return rc < 0 ? SIM_EINVAL
                      : imp_fail(m->b, r->line, "db_block_size '%.*s': expected 2048 to 32768",
                                 IMP_AWR_SHOW(r->c[1]));
    return imp_awr_same(m, "db_block_size", v, r->line, "block size");
}

/* ---- reports and their snapshot ranges -------------------------------------- */

/* The group of the report's snapshots, once its instance and range are
 * known: made when new; an instance given twice is refused, and so is a
 * window a global report gave. */
static sim_err_t join_group(imp_awr_map_t *m, int line)
{
    imp_awr_group_t *g = NULL;
    for (size_t i = 0; i < m->ng && !g; i++)
        if (m->g[i].begin == m->begin && m->g[i].end == m->end)
            g = &m->g[i];
    if (g && g->global_line)
        return imp_fail(m->b, line,
                        "snapshots %lld-%lld again (the global report on line %d has them): "
                        "each window once",
                        (long long)m->begin, (long long)m->end, g->global_line);
    if (!g) {
        sim_err_t rc = imp_awr_new_group(m, &g);
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
    g->not_cluster |= m->not_cluster;
    m->cur = g;
    return imp_awr_add(m, "AWR instances", 1, line);
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
    if (m->global)
        return imp_awr_global_section(c);
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
    imp_awr_figs_free(m->key);
    imp_awr_figs_free(m->act);
    m->key = imp_awr_figs_new();
    m->act = imp_awr_figs_new();
    if (!m->key || !m->act) {
        if (m->b->errlen > 0)
            snprintf(m->b->err, m->b->errlen, "%s: out of memory", m->b->file);
        return SIM_ENOMEM;
    }
    m->in_report = 1;
    m->global = global;
    m->start_line = r->line;
    m->inst_col = m->rac_col = -1;
    m->sec = S_HEADER;
    return SIM_OK;
}

/* Key Instance Activity Stats prints again a few figures of the full
 * table (19c: both print "gc cr blocks received"): a figure printed twice
 * is one figure, the full table's, and two values for it are refused;
 * one the full table lacks (11.2 and 12.1 print the rest under "Other
 * Instance Activity Stats") is the Key table's. */
static sim_err_t key_figures(imp_awr_map_t *m)
{
    for (size_t i = 0; i < imp_awr_figs_count(m->key); i++) {
        int64_t kv, av;
        int kline, aline;
        const char *name = imp_awr_figs_at(m->key, i, &kv, &kline);
        if (imp_awr_figs_get(m->act, name, &av, &aline) != 0) {
            sim_err_t rc = imp_awr_add(m, name, kv, kline);
            if (rc != SIM_OK)
                return rc;
        } else if (av != kv)
            return imp_fail(m->b, kline,
                            "'%s' is %lld in Key Instance Activity Stats but %lld on line %d in "
                            "Instance Activity Stats: one figure printed twice with two values",
                            name, (long long)kv, (long long)av, aline);
    }
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
    sim_err_t rc = key_figures(m);
    if (rc != SIM_OK)
        return rc;
    if (m->have_top_cpu && !m->have_tm_cpu)
        return imp_awr_add(m, "DB CPU", m->top_cpu, r->line);
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
            imp_awr_global_head(m, r);
            return SIM_OK;
        }
        if (r->c[0].n == 0)
            return SIM_OK;
        m->seen |= 1u << m->sec;
        m->sec_rows++;
        if (!m->cur && m->sec != G_SUMMARY)
            return imp_fail(m->b, r->line, "a %s section before the Database Summary",
                            section_names[m->sec]);
        return imp_awr_global_row(m, r);
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
        return imp_awr_wait_row(m, r, 0);
    case S_CLASS:
        return imp_awr_wait_row(m, r, 1);
    case S_ACT:
    case S_KEYACT:
        return imp_awr_activity_row(m, r, m->sec == S_KEYACT);
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
        m->b->out->sets[m->b->out->nsets - 1].not_cluster = m->g[i].not_cluster;
    }
    return SIM_OK;
}
