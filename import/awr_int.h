/*
 * awr_int.h -- what the AWR reader's files share (prefix imp_awr_): a report
 * as rows of cells, whichever way Oracle wrote it (awr_text.c: columns under
 * a dashed rule; awr_html.c: <tr> and <td>), the numbers AWR prints
 * (awr_num.c), the figures of one snapshot range summed over its instances
 * (awr_figs.c) and the sections mapped to statistic names (awr_map.c).
 * import/README.md, "AWR reports", has the design.
 */
#ifndef LOBSIM_AWR_INT_H
#define LOBSIM_AWR_INT_H

#include "import_int.h"

/* ---- rows ------------------------------------------------------------------ */

#define IMP_AWR_CELLS 16

typedef struct {
    const char *p;
    size_t n; /* trimmed; 0 = empty */
} imp_awr_cell_t;

typedef enum {
    IMP_AWR_TITLE, /* text outside a table: a section's title, notes */
    IMP_AWR_HEAD,  /* a table's column headings */
    IMP_AWR_ROW,   /* a table's row: c[0] its label, c[1..] its values */
    IMP_AWR_START, /* a report begins (WORKLOAD REPOSITORY report for) */
    IMP_AWR_END    /* a report ends (End of Report) */
} imp_awr_kind_t;

typedef struct {
    imp_awr_kind_t kind;
    int line;
    size_t n;
    imp_awr_cell_t c[IMP_AWR_CELLS]; /* TITLE: c[0] the whole text */
    imp_awr_cell_t raw;              /* the whole line (text) or row (HTML), trimmed */
    int close; /* set by the sink: a section's title, so the table before it has ended */
    int item;  /* TITLE: an HTML list item (a note, a link of the contents), not a title */
} imp_awr_row_t;

/* Each reader calls this for every row in order; non-SIM_OK stops it. */
typedef sim_err_t (*imp_awr_sink_fn)(void *arg, imp_awr_row_t *row);

sim_err_t imp_awr_read_text(imp_build_t *b, const char *text, size_t len, imp_awr_sink_fn fn,
                            void *arg);
sim_err_t imp_awr_read_html(imp_build_t *b, const char *text, size_t len, imp_awr_sink_fn fn,
                            void *arg);
/* The text holds an AWR report in HTML (its <title>), rather than text. */
int imp_awr_is_html(const char *text, size_t len);

/* p[0..n) equals or starts with s, ignoring case. */
int imp_awr_eq(const char *p, size_t n, const char *s);
int imp_awr_starts(const char *p, size_t n, const char *s);

/* ---- numbers ---------------------------------------------------------------- */

/*
 * A number as AWR prints it: optional sign, digits grouped by commas or
 * not, a fraction (".4" too), and a K, M, G or T suffix (thousands, as AWR
 * scales its counts and times).  *out = the number x 10^scale, rounded
 * half away from zero when it has more decimals.  0 and *out; 1 for an
 * empty cell or N/A (no figure); -1 with why (static text) otherwise.
 */
int imp_awr_num(const char *p, size_t n, int scale, int64_t *out, const char **why);

/* ---- the figures of one snapshot range -------------------------------------- */

typedef struct imp_awr_figs imp_awr_figs_t;

imp_awr_figs_t *imp_awr_figs_new(void);
void imp_awr_figs_free(imp_awr_figs_t *f);
/* name = value (whole numbers), added to what is there: counts and times of
 * several instances sum.  SIM_ENOMEM. */
sim_err_t imp_awr_figs_add(imp_awr_figs_t *f, const char *name, int64_t value, int line);
/* name = value, which every instance must give alike (the window, the block
 * size): 0, SIM_ENOMEM, or 1 when name holds another value (*other, *line
 * where it was). */
int imp_awr_figs_same(imp_awr_figs_t *f, const char *name, int64_t value, int line, int64_t *other,
                      int *other_line);
/* How many figures f holds, and the i-th's name, value and line, in the
 * order first given. */
size_t imp_awr_figs_count(const imp_awr_figs_t *f);
const char *imp_awr_figs_at(const imp_awr_figs_t *f, size_t i, int64_t *value, int *line);
/* The value of name: 0 and *value, *line; -1 when there is none. */
int imp_awr_figs_get(const imp_awr_figs_t *f, const char *name, int64_t *value, int *line);
/* The figures into a new set of b, in the order first given. */
sim_err_t imp_awr_figs_emit(imp_awr_figs_t *f, imp_build_t *b, const char *run);

/* ---- the sections --------------------------------------------------------------- */

/* Everything a file's reports gave: one set per snapshot range. */
typedef struct imp_awr_map imp_awr_map_t;

/* html: the reports are HTML (a global report is read from HTML only). */
imp_awr_map_t *imp_awr_map_new(imp_build_t *b, int html);
void imp_awr_map_free(imp_awr_map_t *m);
/* The sink of the readers. */
sim_err_t imp_awr_map_row(void *m, imp_awr_row_t *row);
/* After the last row: every report complete, its sets into b. */
sim_err_t imp_awr_map_finish(imp_awr_map_t *m);

#endif /* LOBSIM_AWR_INT_H */
