/*
 * table.c -- the statistics table and the reference-format CSV.
 */
#include "benchmarks.h"

#include <stdlib.h>
#include <string.h>

const sim_stat_t bench_order[] = {
    SIM_STAT_CR_BLOCKS_CREATED,
    SIM_STAT_SF_ALLOC_CHUNKS,
    SIM_STAT_SF_ALLOC_BYTES,
    SIM_STAT_DSP_ALLOCATIONS,
    SIM_STAT_DSP_CHUNKS,
    SIM_STAT_UNDO_CV_SIZE,
    SIM_STAT_DB_BLOCK_GETS,
    SIM_STAT_CONSISTENT_GETS,
    SIM_STAT_DBLINK_ROUNDTRIPS,
    SIM_STAT_ENQ_TX,
    SIM_STAT_USED_UREC,
    SIM_STAT_DSP_LOAD_TASKS,
    SIM_STAT_SEG_EXTENTS,
    SIM_STAT_DB_BLOCK_CHANGES,
    SIM_STAT_SF_DIRECT_WRITE_OPS,
    SIM_STAT_SF_DIRECT_WRITE_BYTES,
    SIM_STAT_SF_DIRECT_READ_OPS,
    SIM_STAT_SF_DIRECT_READ_BYTES,
    SIM_STAT_DBLINK_BYTES_SENT,
    SIM_STAT_DBLINK_BYTES_RECEIVED,
    SIM_STAT_PHYS_READS,
    SIM_STAT_PHYS_READ_REQS,
    SIM_STAT_PHYS_READ_MULTI,
    SIM_STAT_PHYS_READ_BYTES,
    SIM_STAT_GC_CURRENT_RECEIVED,
    SIM_STAT_GC_CR_RECEIVED,
    SIM_STAT_GCS_MESSAGES,
    SIM_STAT_GES_MESSAGES,
    SIM_STAT_INTERCONNECT_BYTES,
    SIM_STAT_WAIT_GC_CURRENT,
    SIM_STAT_WAIT_GC_CR,
    SIM_STAT_WAIT_GC_BUSY,
    SIM_STAT_TAB_NUM_ROWS,
    SIM_STAT_TAB_AVG_ROW_LEN,
    SIM_STAT_TAB_BLOCKS,
    SIM_STAT_PK_NUM_ROWS,
    SIM_STAT_PK_BLEVEL,
    SIM_STAT_PK_LEAF_BLOCKS,
    SIM_STAT_ID_NUM_ROWS,
    SIM_STAT_ID_BLEVEL,
    SIM_STAT_ID_LEAF_BLOCKS,
    SIM_STAT_BI_NUM_ROWS,
    SIM_STAT_BI_BLEVEL,
    SIM_STAT_BI_LEAF_BLOCKS,
    SIM_STAT_RECURSIVE_CALLS,
    SIM_STAT_CLIENT_ROUNDTRIPS,
    SIM_STAT_ROWS_PROCESSED,
    SIM_STAT_PHYS_READ_TOTAL_REQS,
    SIM_STAT_PHYS_READ_TOTAL_BYTES,
    SIM_STAT_PHYS_READS_CACHE,
    SIM_STAT_PHYS_READS_DIRECT,
    SIM_STAT_PHYS_READS_DIRECT_TEMP,
    SIM_STAT_WAIT_GC_CURRENT_GRANT,
    SIM_STAT_WAIT_GC_CR_GRANT,
    SIM_STAT_GC_FLUSHES,
    SIM_STAT_USER_COMMITS,
    SIM_STAT_REDO_SIZE,
    SIM_STAT_REDO_WRITES,
    SIM_STAT_PHYS_WRITES,
    SIM_STAT_ELAPSED_MICRO,
    SIM_STAT_CLUSTER_MICRO,
    SIM_STAT_COMMIT_MICRO,
    SIM_STAT_SYSTEM_IO_MICRO,
    SIM_STAT_USER_IO_MICRO,
    SIM_STAT_DB_CPU_MICRO,
    SIM_STAT_REDO_ENTRIES,
    SIM_STAT_REDO_DIRECT_WRITES,
    SIM_STAT_DSU_SEGMENT_BLOCKS,
    SIM_STAT_DSU_SEGMENT_BYTES,
    SIM_STAT_DSU_USED_BLOCKS,
    SIM_STAT_DSU_USED_BYTES,
    SIM_STAT_DSU_EXPIRED_BLOCKS,
    SIM_STAT_DSU_EXPIRED_BYTES,
    SIM_STAT_DSU_UNEXPIRED_BLOCKS,
    SIM_STAT_DSU_UNEXPIRED_BYTES,
    SIM_STAT_SEG_LOB_BLOCKS,
    SIM_STAT_SEG_LOB_BYTES,
    SIM_STAT_SEG_LOB_EXTENTS,
    SIM_STAT_SEG_TAB_BLOCKS,
    SIM_STAT_SEG_TAB_BYTES,
    SIM_STAT_SEG_TAB_EXTENTS,
    SIM_STAT_SHRINK_BLOCKS_MOVED,
    SIM_STAT_SHRINK_BLOCKS_FREED,
    SIM_STAT_SHRINK_BLOCKS_ALLOCATED,
    SIM_STAT_SHRINK_EXTENTS_ALLOCATED,
    SIM_STAT_SHRINK_EXTENTS_FREED,
    SIM_STAT_SHRINK_EXTENTS_SEALED,
    SIM_STAT_LOB_LIVE,
    SIM_STAT_LOB_INROW,
    SIM_STAT_LOB_CHUNKS,
    SIM_STAT_FREE_CHUNKS,
    SIM_STAT_FREE_LARGEST,
    SIM_STAT_FREE_1,
    SIM_STAT_FREE_2_7,
    SIM_STAT_FREE_8_63,
    SIM_STAT_FREE_64,
    SIM_STAT_WAIT_HW,
    SIM_STAT_HW_MICRO,
    SIM_STAT_DSP_LATCH_GETS,
    SIM_STAT_DSP_LATCH_MISS,
    SIM_STAT_WAIT_BB_BUCKET,
};
const size_t bench_order_len = sizeof bench_order / sizeof bench_order[0];
/* A statistic added to the catalogue must be placed here too (test_report
 * checks that the order is a permutation of the catalogue). */
_Static_assert(sizeof bench_order / sizeof bench_order[0] == SIM_STAT_COUNT,
               "bench_order must list every statistic of the catalogue");

/* The case of (path, size, block size) at the sweep's point `pt` (any
 * point when NULL), or NULL. */
static const bench_case_t *find(const bench_case_t *cases, size_t n, unsigned w, case_path_t p,
                                uint64_t chars, uint32_t bs, const bench_case_t *pt)
{
    for (size_t i = 0; i < n; i++)
        if (cases[i].ran && cases[i].c.workload == w && cases[i].c.path == p &&
            cases[i].c.lob_chars == chars && cases[i].c.block_size == bs &&
            (pt == NULL || bench_same_point(&cases[i], pt, 1)))
            return &cases[i];
    return NULL;
}

static int seen_u64(const uint64_t *v, size_t n, uint64_t x)
{
    for (size_t i = 0; i < n; i++)
        if (v[i] == x)
            return 1;
    return 0;
}

/* A table's columns: (LOB size, block size) pairs, and the paths shown. */
typedef struct {
    uint64_t chars[BENCH_MAX_LIST];
    uint32_t bs[BENCH_MAX_LIST];
    size_t n;
    int by_block; /* the columns differ by block size, not by LOB size */
    int paths[CASE_PATH_COUNT];
    int both;
    const bench_case_t *point; /* the sweep's point the table shows (a case at it) */
} columns_t;

static int in_table(const bench_case_t *bc, unsigned wl, const columns_t *cols)
{
    if (!bc->ran || bc->c.workload != wl || !bench_same_point(bc, cols->point, 1))
        return 0;
    for (size_t i = 0; i < cols->n; i++)
        if (bc->c.lob_chars == cols->chars[i] && bc->c.block_size == cols->bs[i])
            return 1;
    return 0;
}

/* Under part `part`'s line of statistic st: a line per detail of it in some
 * column (case_result_detail()), in the order they first come. */
static void detail_rows(FILE *f, const bench_case_t *cases, size_t n, unsigned wl,
                        const columns_t *cols, case_path_t p, case_part_t part, sim_stat_t st,
                        int w, int nw)
{
    const char *names[CASE_DETAILS];
    size_t nn = 0;
    for (size_t s = 0; s < cols->n; s++) {
        const bench_case_t *c = find(cases, n, wl, p, cols->chars[s], cols->bs[s], cols->point);
        for (uint32_t i = 0; c && i < c->res.ndetail; i++) {
            const case_detail_t *d = &c->res.detail[i];
            size_t k = 0;
            while (k < nn && strcmp(names[k], d->name) != 0)
                k++;
            if (d->part == part && d->stat == st && k == nn && nn < CASE_DETAILS)
                names[nn++] = d->name;
        }
    }
    for (size_t k = 0; k < nn; k++) {
        fprintf(f, "      %-*s", nw - 6, names[k]);
        for (size_t s = 0; s < cols->n; s++) {
            const bench_case_t *c = find(cases, n, wl, p, cols->chars[s], cols->bs[s], cols->point);
            if (c)
                fprintf(f, " %*llu", w,
                        (unsigned long long)case_result_detail_value(&c->res, part, st, names[k]));
            else
                fprintf(f, " %*s", w, "-");
        }
        fputc('\n', f);
    }
}

/* Under a path's row of statistic st: one line per part that contributed
 * to st in some column. */
static void explain_rows(FILE *f, const bench_case_t *cases, size_t n, unsigned wl,
                         const columns_t *cols, case_path_t p, sim_stat_t st, int w, int nw)
{
    const int lob = workload_kind(wl) == WORKLOAD_LOB;
    int first = 1;
    for (int part = 0; part < CASE_PART_COUNT; part++) {
        int any = 0;
        for (size_t s = 0; s < cols->n && !any; s++) {
            const bench_case_t *c = find(cases, n, wl, p, cols->chars[s], cols->bs[s], cols->point);
            any = c && c->res.part[part].v[st];
        }
        if (!any)
            continue;
        char label[48];
        snprintf(label, sizeof label, "  %s %s", first ? "=" : "+",
                 case_part_name((case_part_t)part));
        first = 0;
        fprintf(f, "%-*s", nw, label);
        if (lob)
            fprintf(f, " %-6s", "");
        for (size_t s = 0; s < cols->n; s++) {
            const bench_case_t *c = find(cases, n, wl, p, cols->chars[s], cols->bs[s], cols->point);
            if (c)
                fprintf(f, " %*llu", w, (unsigned long long)c->res.part[part].v[st]);
            else
                fprintf(f, " %*s", w, "-");
        }
        fputc('\n', f);
        detail_rows(f, cases, n, wl, cols, p, (case_part_t)part, st, w, nw);
    }
}

/* 10000000 as "10,000,000". */
static void format_thousands(uint64_t v, char *buf, size_t len)
{
    char digits[32];
    int n = snprintf(digits, sizeof digits, "%llu", (unsigned long long)v);
    size_t o = 0;
    for (int i = 0; i < n && o + 2 < len; i++) {
        if (i > 0 && (n - i) % 3 == 0)
            buf[o++] = ',';
        buf[o++] = digits[i];
    }
    buf[o] = '\0';
}

/* One table being printed: its workload's cases, its columns, and the
 * widths of its value columns (w) and of its statistic names (nw). */
typedef struct {
    const bench_case_t *cases;
    size_t n;
    unsigned wl;
    const columns_t *cols;
    int by_block; /* a heap query's or rac's table: no path nor LOB size column */
    int w, nw;
} table_t;

/* The widths; the table's first case, NULL when it has none. */
static const bench_case_t *measure(table_t *t)
{
    const bench_case_t *first = NULL;
    char buf[64];
    t->w = 6;
    for (size_t i = 0; i < t->n; i++) {
        if (!in_table(&t->cases[i], t->wl, t->cols))
            continue;
        first = first ? first : &t->cases[i];
        for (size_t s = 0; s < bench_order_len; s++) {
            int len = snprintf(buf, sizeof buf, "%llu",
                               (unsigned long long)t->cases[i].st.v[bench_order[s]]);
            t->w = len > t->w ? len : t->w;
        }
    }
    /* A heap table's statistic names may pass the LOB tables' 40 columns. */
    t->nw = 40;
    for (size_t r = 0; t->by_block && r < bench_order_len; r++) {
        int len = (int)strlen(sim_stat_info(bench_order[r])->name);
        t->nw = len > t->nw ? len : t->nw;
    }
    return first;
}

/* The title line (first is the table's first case), then the columns'. */
static void heading(FILE *f, const table_t *t, const bench_case_t *first)
{
    const columns_t *cols = t->cols;
    char buf[64], what[96], point[160] = "";
    bench_point_label(first, 0, point + 2, sizeof point - 2);
    if (point[2] != '\0')
        memcpy(point, "; ", 2);
    if (workload_is_rac(t->wl)) {
        format_thousands(first->c.rows, buf, sizeof buf);
        fprintf(f,
                "\n%s: the session statistics of the two instances, by part: %s rows, %u users, "
                "seed %llu%s\n",
                workload_title(t->wl), buf, first->c.rac.users, (unsigned long long)first->c.seed,
                point);
    } else if (t->by_block) {
        /* The session's state decides the recursive SQL (heap_sim/heap.c). */
        const char *dict = case_param_value_name("heap.dict_cache", first->c.heap.dict_cache);
        format_thousands(first->c.rows, buf, sizeof buf);
        fprintf(f, "\n%s: %s rows, seed %llu, dictionary cache %s%s\n", workload_title(t->wl), buf,
                (unsigned long long)first->c.seed, dict ? dict : "?", point);
    } else {
        if (cols->by_block) {
            sim_format_size(cols->chars[0], buf, sizeof buf);
            snprintf(what, sizeof what, "%s-character LOBs", buf);
        } else {
            snprintf(what, sizeof what, "%uk blocks", cols->bs[0] / 1024);
        }
        fprintf(f, "\n%s statistics: %llu rows, %s, seed %llu%s%s\n", workload_title(t->wl),
                (unsigned long long)first->c.rows, what, (unsigned long long)first->c.seed, point,
                cols->both ? "; ratio = dblink / local" : "");
    }
    fprintf(f, "%-*s", t->nw, "statistic");
    if (!t->by_block)
        fprintf(f, " %-6s", cols->by_block ? "block" : "path");
    for (size_t s = 0; s < cols->n; s++) {
        sim_format_size(cols->by_block ? cols->bs[s] : cols->chars[s], buf, sizeof buf);
        fprintf(f, " %*s", t->w, buf);
    }
    fputc('\n', f);
}

/* Statistic st is zero in every column of the table. */
static int all_zero(const table_t *t, sim_stat_t st)
{
    for (size_t i = 0; i < t->n; i++)
        if (in_table(&t->cases[i], t->wl, t->cols) && t->cases[i].st.v[st])
            return 0;
    return 1;
}

/* Statistic st: a row per path shown (its parts under it with explain). */
static void stat_rows(FILE *f, const table_t *t, sim_stat_t st, int explain)
{
    const columns_t *cols = t->cols;
    int first = 1;
    for (int p = 0; p < CASE_PATH_COUNT; p++) {
        if (!cols->paths[p])
            continue;
        fprintf(f, "%-*s", t->nw, first ? sim_stat_info(st)->name : "");
        if (!t->by_block)
            fprintf(f, " %-6s", case_path_name((case_path_t)p));
        first = 0;
        for (size_t s = 0; s < cols->n; s++) {
            const bench_case_t *c = find(t->cases, t->n, t->wl, (case_path_t)p, cols->chars[s],
                                         cols->bs[s], cols->point);
            if (c)
                fprintf(f, " %*llu", t->w, (unsigned long long)c->st.v[st]);
            else
                fprintf(f, " %*s", t->w, "-");
        }
        fputc('\n', f);
        if (explain)
            explain_rows(f, t->cases, t->n, t->wl, cols, (case_path_t)p, st, t->w, t->nw);
    }
}

/* dblink / local of statistic st, column by column. */
static void ratio_row(FILE *f, const table_t *t, sim_stat_t st)
{
    const columns_t *cols = t->cols;
    fprintf(f, "%-40s %-6s", "", "ratio");
    for (size_t s = 0; s < cols->n; s++) {
        const bench_case_t *l =
            find(t->cases, t->n, t->wl, CASE_PATH_LOCAL, cols->chars[s], cols->bs[s], cols->point);
        const bench_case_t *d =
            find(t->cases, t->n, t->wl, CASE_PATH_DBLINK, cols->chars[s], cols->bs[s], cols->point);
        if (l && d && l->st.v[st])
            fprintf(f, " %*.2f", t->w, (double)d->st.v[st] / (double)l->st.v[st]);
        else
            fprintf(f, " %*s", t->w, "-");
    }
    fputc('\n', f);
}

/* The table of workload wl over the columns cols: nothing when no case of
 * it ran; the statistics that are zero throughout left out. */
static void one_table(FILE *f, const bench_case_t *cases, size_t n, unsigned wl,
                      const columns_t *cols, int explain)
{
    table_t t = {cases, n, wl, cols, workload_kind(wl) != WORKLOAD_LOB, 0, 0};
    const bench_case_t *first = measure(&t);
    if (first == NULL)
        return;
    heading(f, &t, first);
    for (size_t r = 0; r < bench_order_len; r++) {
        sim_stat_t st = bench_order[r];
        if (all_zero(&t, st))
            continue;
        stat_rows(f, &t, st, explain);
        if (cols->both)
            ratio_row(f, &t, st);
    }
}

/* A heap query's table (and rac's, under --explain): its block sizes as
 * columns, in the order they first come; its cases carry the model's
 * default path and LOB size, which it does not read. */
static void block_table(FILE *f, const bench_case_t *cases, size_t n, unsigned wl,
                        const bench_case_t *point, int explain)
{
    columns_t cols;
    memset(&cols, 0, sizeof cols);
    cols.by_block = 1;
    cols.point = point;
    for (size_t i = 0; i < n && cols.n < BENCH_MAX_LIST; i++) {
        const bench_case_t *bc = &cases[i];
        if (!bc->ran || bc->c.workload != wl || !bench_same_point(bc, point, 1))
            continue;
        int seen = 0;
        for (size_t b = 0; b < cols.n; b++)
            seen |= cols.bs[b] == bc->c.block_size;
        if (seen)
            continue;
        if (cols.n == 0)
            cols.paths[bc->c.path] = 1;
        cols.chars[cols.n] = bc->c.lob_chars;
        cols.bs[cols.n++] = bc->c.block_size;
    }
    one_table(f, cases, n, wl, &cols, explain);
}

/*
 * The tables of one point of the sweep (the cases at the point of case
 * `point`): one per workload and block size, with the LOB sizes as
 * columns; a sweep of one LOB size over several block sizes gets the block
 * sizes as columns instead, so that their effect reads along a row.  A heap
 * workload's table has the block sizes as columns whatever the sweep.
 */
static void point_tables(FILE *f, const bench_case_t *cases, size_t n, const bench_case_t *point,
                         int explain)
{
    uint64_t sizes[BENCH_MAX_LIST];
    uint64_t bss[BENCH_MAX_LIST];
    size_t ns = 0, nb = 0;
    columns_t cols;
    memset(&cols, 0, sizeof cols);
    cols.point = point;
    for (size_t i = 0; i < n; i++) {
        if (!cases[i].ran || workload_kind(cases[i].c.workload) != WORKLOAD_LOB ||
            !bench_same_point(&cases[i], point, 1))
            continue;
        if (!seen_u64(sizes, ns, cases[i].c.lob_chars) && ns < BENCH_MAX_LIST)
            sizes[ns++] = cases[i].c.lob_chars;
        if (!seen_u64(bss, nb, cases[i].c.block_size) && nb < BENCH_MAX_LIST)
            bss[nb++] = cases[i].c.block_size;
        cols.paths[cases[i].c.path] = 1;
    }
    cols.both = cols.paths[CASE_PATH_LOCAL] && cols.paths[CASE_PATH_DBLINK];
    cols.by_block = ns == 1 && nb > 1;
    for (int wl = 0; wl < (int)workload_count(); wl++) {
        if (workload_is_rac((size_t)wl))
            continue;
        if (workload_is_heap((size_t)wl)) {
            block_table(f, cases, n, (unsigned)wl, point, explain);
            continue;
        }
        if (cols.by_block) {
            cols.n = nb;
            for (size_t b = 0; b < nb; b++) {
                cols.chars[b] = sizes[0];
                cols.bs[b] = (uint32_t)bss[b];
            }
            one_table(f, cases, n, (unsigned)wl, &cols, explain);
            continue;
        }
        for (size_t b = 0; b < nb; b++) {
            cols.n = ns;
            for (size_t s = 0; s < ns; s++) {
                cols.chars[s] = sizes[s];
                cols.bs[s] = (uint32_t)bss[b];
            }
            one_table(f, cases, n, (unsigned)wl, &cols, explain);
        }
    }
}

/* Under rac's AWR report, with --explain: the session statistics behind it
 * by part, a table per point of the sweep with the block sizes as columns. */
static void rac_explain_tables(FILE *f, const bench_case_t *cases, size_t n, unsigned wl)
{
    for (size_t i = 0; i < n; i++) {
        if (!cases[i].ran || cases[i].c.workload != wl)
            continue;
        int seen = 0;
        for (size_t j = 0; j < i && !seen; j++)
            seen = cases[j].ran && cases[j].c.workload == wl &&
                   bench_same_point(&cases[j], &cases[i], 1);
        if (!seen)
            block_table(f, cases, n, wl, &cases[i], 1);
    }
}

/* The tables of each point of the sweep (lists of parameters, seeds) in
 * the order the points first come, then the rac workload's AWR report,
 * which lays out the points itself (and, explain, its statistics' parts). */
void bench_table(FILE *f, const bench_case_t *cases, size_t n, int explain)
{
    for (size_t i = 0; i < n; i++) {
        if (!cases[i].ran || workload_is_rac(cases[i].c.workload))
            continue;
        int seen = 0;
        for (size_t j = 0; j < i && !seen; j++)
            seen = cases[j].ran && !workload_is_rac(cases[j].c.workload) &&
                   bench_same_point(&cases[j], &cases[i], 1);
        if (!seen)
            point_tables(f, cases, n, &cases[i], explain);
    }
    for (int wl = 0; wl < (int)workload_count(); wl++) {
        if (!workload_is_rac((size_t)wl))
            continue;
        bench_rac_table(f, cases, n, (unsigned)wl);
        if (explain)
            rac_explain_tables(f, cases, n, (unsigned)wl);
    }
}

typedef struct {
    const bench_case_t *cases;
    size_t n;
} csv_t;

/* A case's LOB size in the reference's unit: "2" for 2k characters, "2.001"
 * for 2049. */
static void format_kchars(const case_t *c, char *buf, size_t len)
{
    if (c->lob_chars % 1024 == 0)
        snprintf(buf, len, "%llu", (unsigned long long)(c->lob_chars / 1024));
    else
        snprintf(buf, len, "%.3f", (double)c->lob_chars / 1024.0);
}

/*
 * One layout for every workload, so that lobimport reads back any run:
 * workload first (it says which of the rest mean something), path and
 * lob_kchars (the LOB workloads' axes, empty for a heap query and rac),
 * block_kb and rows (every workload's), statistic and value (the session's
 * figure, as v$mystat and the results store have it: every statistic of
 * the catalogue once), recursive (the part of it the recursive SQL of a
 * heap statement counts, as the store's session_part_stats; empty where
 * the session has no such part), then the sweep's lists and seeds.
 */
static sim_err_t write_csv(FILE *f, void *arg)
{
    const csv_t *csv = arg;
    /* With --snapshot-every, a row per interval: snap_id and snap_rows
     * after the other columns, the interval's delta as the value. */
    int snapped = 0;
    for (size_t i = 0; i < csv->n; i++)
        snapped |= csv->cases[i].nsnaps > 0;
    fprintf(f, "workload,path,lob_kchars,block_kb,rows,statistic,value,recursive");
    bench_sweep_header(f, csv->cases, csv->n, 0);
    fputs(snapped ? ",snap_id,snap_rows\n" : "\n", f);
    for (size_t i = 0; i < csv->n; i++) {
        const bench_case_t *bc = &csv->cases[i];
        if (!bc->ran)
            continue;
        const case_t *c = &bc->c;
        int lob = workload_kind(c->workload) == WORKLOAD_LOB;
        char kchars[32] = "";
        if (lob)
            format_kchars(c, kchars, sizeof kchars);
        sim_stats_t rec;
        case_result_recursive(&bc->res, &rec);
        uint32_t nrows = bc->nsnaps ? bc->nsnaps : 1;
        for (uint32_t k = 0; k < nrows; k++)
            for (size_t s = 0; s < bench_order_len; s++) {
                sim_stat_t st = bench_order[s];
                const sim_stats_t *v = bc->nsnaps ? &bc->snaps[k] : &bc->st;
                fprintf(f, "%s,%s,%s,%u,%llu,\"%s\",%llu,", workload_name(c->workload),
                        lob ? case_path_name(c->path) : "", kchars, c->block_size / 1024,
                        (unsigned long long)c->rows, sim_stat_info(st)->name,
                        (unsigned long long)v->v[st]);
                if (workload_is_heap(c->workload))
                    fprintf(f, "%llu", (unsigned long long)rec.v[st]);
                bench_sweep_cells(f, bc, 0);
                if (bc->nsnaps)
                    fprintf(f, ",%u,%llu", k + 1, (unsigned long long)bc->snap_rows[k]);
                fputc('\n', f);
            }
    }
    return SIM_OK;
}

/* The rac workload's AWR report, one row per figure and instance. */
static sim_err_t write_awr(FILE *f, void *arg)
{
    const csv_t *csv = arg;
    return bench_rac_csv(f, csv->cases, csv->n);
}

/* Where an --explain-out row's case sits, in its family's columns. */
static void explain_cells(FILE *f, const bench_case_t *bc)
{
    const case_t *c = &bc->c;
    char kchars[32];
    switch (workload_kind(c->workload)) {
    case WORKLOAD_LOB:
        format_kchars(c, kchars, sizeof kchars);
        fprintf(f, "%s,%s,%s,%u", workload_name(c->workload), case_path_name(c->path), kchars,
                c->block_size / 1024);
        break;
    case WORKLOAD_HEAP:
        fprintf(f, "%s,%u", workload_name(c->workload), c->block_size / 1024);
        break;
    default:
        bench_param_text("rac.interconnect", c->rac.interconnect, kchars, sizeof kchars);
        fprintf(f, "%s,%u,%u,%s,%llu", workload_name(c->workload), c->block_size / 1024,
                c->rac.users, kchars, (unsigned long long)c->seed);
    }
}

/* One --explain-out row: part p's contribution v to statistic st, or, with
 * a detail's name, the detail's ("global cache: data block"). */
typedef struct {
    FILE *f;
    const bench_case_t *bc;
    workload_kind_t kind;
    sim_stat_t st;
    case_part_t p;
} explain_arg_t;

static void explain_row(void *arg, const char *detail, uint64_t v)
{
    const explain_arg_t *a = arg;
    explain_cells(a->f, a->bc);
    fprintf(a->f, ",\"%s\",%s%s%s,%llu", sim_stat_info(a->st)->name, case_part_name(a->p),
            detail ? ": " : "", detail ? detail : "", (unsigned long long)v);
    bench_sweep_cells(a->f, a->bc, a->kind == WORKLOAD_RAC);
    fputc('\n', a->f);
}

/* Each part's contribution to each statistic, in the family's columns:
 * workload,path,lob_kchars,block_kb for the LOB workloads, query,block_kb
 * for the heap queries, workload,block_kb,users,interconnect,seed for rac
 * (as its --stats-out); then statistic,component,value and the sweep's
 * columns. */
static sim_err_t write_explain(FILE *f, void *arg)
{
    const csv_t *csv = arg;
    const bench_case_t *first = bench_first_ran(csv->cases, csv->n);
    workload_kind_t kind = first ? workload_kind(first->c.workload) : WORKLOAD_LOB;
    static const char *const head[] = {"workload,path,lob_kchars,block_kb", "query,block_kb",
                                       "workload,block_kb,users,interconnect,seed"};
    fprintf(f, "%s,statistic,component,value", head[kind]);
    bench_sweep_header(f, csv->cases, csv->n, kind == WORKLOAD_RAC);
    fputc('\n', f);
    for (size_t i = 0; i < csv->n; i++) {
        const bench_case_t *bc = &csv->cases[i];
        if (!bc->ran)
            continue;
        for (size_t s = 0; s < bench_order_len; s++)
            for (int p = 0; p < CASE_PART_COUNT; p++) {
                sim_stat_t st = bench_order[s];
                explain_arg_t a = {f, bc, kind, st, (case_part_t)p};
                case_result_components(&bc->res, (case_part_t)p, st, explain_row, &a);
            }
    }
    return SIM_OK;
}

static int write_file(const char *what, const char *path, sim_writer_fn fn,
                      const bench_case_t *cases, size_t n, char *err, size_t errlen)
{
    csv_t csv = {cases, n};
    char why[512];
    if (sim_write_file(path, fn, &csv, why, sizeof why) != SIM_OK) {
        snprintf(err, errlen, "%s: %s", what, why);
        return 1;
    }
    return 0;
}

/* Whether the cases that ran are of one family; 1 with the message
 * otherwise (lobbench refuses such a sweep before it runs). */
static int mixed(const char *what, const char *path, const bench_case_t *cases, size_t n, char *err,
                 size_t errlen)
{
    unsigned f = 0;
    for (size_t i = 0; i < n; i++)
        if (cases[i].ran)
            f |= 1u << workload_kind(cases[i].c.workload);
    if ((f & (f - 1)) == 0)
        return 0;
    snprintf(err, errlen, "%s=%s: not written: the sweep mixes %s, whose CSV columns differ", what,
             path,
             f & (1u << WORKLOAD_LOB) && f & (1u << WORKLOAD_HEAP) ? "heap and LOB workloads"
                                                                   : "rac and other workloads");
    return 1;
}

int bench_csv(const char *path, const bench_case_t *cases, size_t n, char *err, size_t errlen)
{
    return write_file("--stats-out", path, write_csv, cases, n, err, errlen);
}

int bench_awr_csv(const char *path, const bench_case_t *cases, size_t n, char *err, size_t errlen)
{
    if (!bench_is_rac(cases, n)) {
        snprintf(err, errlen, "--awr-out=%s: not written: only a sweep of rac has an AWR report",
                 path);
        return 1;
    }
    return write_file("--awr-out", path, write_awr, cases, n, err, errlen);
}

int bench_explain_csv(const char *path, const bench_case_t *cases, size_t n, char *err,
                      size_t errlen)
{
    if (mixed("--explain-out", path, cases, n, err, errlen))
        return 1;
    return write_file("--explain-out", path, write_explain, cases, n, err, errlen);
}
