/*
 * awr_map_int.h -- what awr_map.c (the reports of awrrpt.sql) and
 * awr_global.c (the global report of awrgrpt.sql) share: the sections, the
 * state of the reports being read, and the helpers that store a figure.
 */
#ifndef LOBSIM_AWR_MAP_INT_H
#define LOBSIM_AWR_MAP_INT_H

#include "awr_int.h"

enum {
    S_HEADER,
    S_LOAD,
    S_TOP,
    S_CLASS,
    S_ACT,
    S_KEYACT, /* Key Instance Activity Stats: a few of S_ACT's, printed again */
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
    int not_cluster;     /* a report of it says RAC NO */
} imp_awr_group_t;

struct imp_awr_map {
    imp_build_t *b;
    int html; /* the reports are HTML (a global one is read as HTML only) */
    imp_awr_group_t *g;
    size_t ng;
    /* The report being read's Key Instance Activity Stats and its full
     * table's figures (Instance Activity Stats, or 11.2's Other ...): a
     * figure in both is one figure, the full table's (finish_report()). */
    imp_awr_figs_t *key, *act;
    /* the report being read */
    int last_line; /* of the last row read: where a truncated file ends */
    int in_report, start_line, sec, sec_rows;
    unsigned seen;
    int inst, inst_col;
    int rac_col, not_cluster; /* the header's RAC column, and its NO */
    int64_t begin, end;
    int have_begin, have_elapsed;
    imp_awr_group_t *cur;
    int waits_col, time_col;
    int64_t top_cpu;
    int have_top_cpu, have_tm_cpu, summary_classes;
    int global;                         /* awrgrpt.sql's report */
    char head[IMP_AWR_CELLS][HEAD_MAX]; /* the global table's last headings */
    size_t nhead;
};

#define IMP_AWR_SHOW(c) (int)((c).n > 60 ? 60 : (c).n), (c).p

/* The label as a name: blanks collapsed, a trailing ':' dropped. */
void imp_awr_label(imp_awr_cell_t c, char *out, size_t cap);
/* The number in r's cell i, x 10^scale: 0 and *v, 1 none (empty cell,
 * N/A), or -1 refused (the message made). */
int imp_awr_number(imp_awr_map_t *m, const imp_awr_row_t *r, size_t i, int scale, int64_t *v);
/* name = v added to the window's figures (summed over its instances). */
sim_err_t imp_awr_add(imp_awr_map_t *m, const char *name, int64_t v, int line);
/* A figure of instance m->inst alone: "inst N: name x1000". */
sim_err_t imp_awr_add_inst(imp_awr_map_t *m, const char *name, int64_t v, int line);
/* A figure every instance must give alike; refused when two differ. */
sim_err_t imp_awr_same(imp_awr_map_t *m, const char *name, int64_t v, int line, const char *what);
/* A Top events or wait classes row: waits at m->waits_col, seconds at
 * m->time_col, the label in c[0]. */
sim_err_t imp_awr_wait_row(imp_awr_map_t *m, const imp_awr_row_t *r, int classes);
/* An Instance Activity Stats row: the statistic's Total in c[1], into the
 * window's figures (key 0) or, for Key Instance Activity Stats (key 1),
 * into m->key until the report ends. */
sim_err_t imp_awr_activity_row(imp_awr_map_t *m, const imp_awr_row_t *r, int key);
/* A transfer row's eight values from c[first], inst receiving from from. */
sim_err_t imp_awr_transfer_values(imp_awr_map_t *m, const imp_awr_row_t *r, int inst, int64_t from,
                                  imp_awr_cell_t cls_cell, size_t first);
/* A new group for the snapshots m->begin, m->end into *out. */
sim_err_t imp_awr_new_group(imp_awr_map_t *m, imp_awr_group_t **out);

/* awr_global.c: the section a global report's title opens, -1 for none;
 * a table's headings kept; a row of the section m->sec. */
int imp_awr_global_section(const imp_awr_cell_t *c);
void imp_awr_global_head(imp_awr_map_t *m, const imp_awr_row_t *r);
sim_err_t imp_awr_global_row(imp_awr_map_t *m, const imp_awr_row_t *r);

#endif /* LOBSIM_AWR_MAP_INT_H */
