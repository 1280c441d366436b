/*
 * awr.c -- AWR reports (awrrpt.sql, text or HTML, 10g to 19c; awrgrpt.sql's
 * global report, HTML): recognised
 * by their title, read into rows by the reader of their kind (awr_text.c,
 * awr_html.c), and the rows into one set of figures per snapshot range
 * (awr_map.c).  import/README.md, "AWR reports".
 */
#include "awr_int.h"

#include <string.h>

/* Far enough into a file for a SQL*Plus spool's preamble before the report. */
#define LOOK_BYTES 65536

static int find(const char *text, size_t len, const char *s)
{
    size_t k = strlen(s), n = len < LOOK_BYTES ? len : LOOK_BYTES;
    for (size_t i = 0; i + k <= n; i++)
        if (text[i] == s[0] && memcmp(text + i, s, k) == 0)
            return 1;
    return 0;
}

int imp_looks_awr(const char *text, size_t len)
{
    return find(text, len, "WORKLOAD REPOSITORY report for") ||
           find(text, len, "WORKLOAD REPOSITORY PDB report") ||
           find(text, len, "WORKLOAD REPOSITORY REPORT (RAC)") ||
           find(text, len, "<title>AWR Report for DB:") ||
           find(text, len, "<title>AWR RAC Report for DB:");
}

sim_err_t imp_parse_awr(imp_build_t *b, const char *text, size_t len)
{
    int html = imp_awr_is_html(text, len);
    imp_awr_map_t *m = imp_awr_map_new(b, html);
    if (!m)
        return SIM_ENOMEM;
    sim_err_t rc = html ? imp_awr_read_html(b, text, len, imp_awr_map_row, m)
                        : imp_awr_read_text(b, text, len, imp_awr_map_row, m);
    if (rc == SIM_OK)
        rc = imp_awr_map_finish(m);
    imp_awr_map_free(m);
    return rc;
}
