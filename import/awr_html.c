/*
 * awr_html.c -- an AWR HTML report (awrrpt.sql, report_type html) as rows:
 * each <tr> a row of its <td>/<th> texts (a row with a <th> is headings),
 * the text between tables a title ("Load Profile", <h3>Instance Activity
 * Stats</h3>).  Entities are decoded (&#160; is a blank) and blanks
 * collapsed, as a browser shows them; comments, <style> and <script> are
 * skipped.
 */
#include "awr_int.h"

#include <ctype.h>
#include <string.h>

#define BUF_MAX 8192

typedef struct {
    imp_awr_sink_fn fn;
    void *arg;
    int in_row, in_cell, row_has_th;
    imp_awr_row_t row;
    char rowbuf[BUF_MAX];
    size_t rowlen;
    size_t cellstart;
    char title[BUF_MAX];
    size_t titlelen;
    int title_line;
    int in_li, title_item; /* inside <li>; the title began inside one */
} html_t;

int imp_awr_is_html(const char *text, size_t len)
{
    size_t n = len < 4096 ? len : 4096;
    for (size_t i = 0; i + 6 <= n; i++)
        if (text[i] == '<' &&
            (imp_awr_starts(text + i, n - i, "<html") || imp_awr_starts(text + i, n - i, "<title")))
            return 1;
    return 0;
}

/* Append c to buf collapsing blanks (none leading). */
static void put(char *buf, size_t *len, size_t floor, char c)
{
    if (isspace((unsigned char)c)) {
        if (*len == floor || buf[*len - 1] == ' ')
            return;
        c = ' ';
    }
    if (*len + 1 < BUF_MAX)
        buf[(*len)++] = c;
}

static void put_text(html_t *h, char c, int line)
{
    if (h->in_cell)
        put(h->rowbuf, &h->rowlen, h->cellstart, c);
    else if (!h->in_row) {
        if (h->titlelen == 0 && !isspace((unsigned char)c)) {
            h->title_line = line;
            h->title_item = h->in_li;
        }
        put(h->title, &h->titlelen, 0, c);
    }
}

static sim_err_t flush_title(html_t *h)
{
    while (h->titlelen > 0 && h->title[h->titlelen - 1] == ' ')
        h->titlelen--;
    if (h->titlelen == 0)
        return SIM_OK;
    imp_awr_row_t r = {.line = h->title_line, .n = 1, .item = h->title_item};
    r.c[0] = r.raw = (imp_awr_cell_t){h->title, h->titlelen};
    r.kind = imp_awr_starts(h->title, h->titlelen, "WORKLOAD REPOSITORY") ? IMP_AWR_START
             : imp_awr_eq(h->title, h->titlelen, "End of Report")         ? IMP_AWR_END
                                                                          : IMP_AWR_TITLE;
    h->titlelen = 0;
    return h->fn(h->arg, &r);
}

static void end_cell(html_t *h)
{
    if (!h->in_cell)
        return;
    h->in_cell = 0;
    while (h->rowlen > h->cellstart && h->rowbuf[h->rowlen - 1] == ' ')
        h->rowlen--;
    if (h->row.n < IMP_AWR_CELLS)
        h->row.c[h->row.n++] = (imp_awr_cell_t){h->rowbuf + h->cellstart, h->rowlen - h->cellstart};
    if (h->rowlen + 1 < BUF_MAX) /* keeps the cells apart in raw */
        h->rowbuf[h->rowlen++] = ' ';
}

static sim_err_t end_row(html_t *h)
{
    end_cell(h);
    if (!h->in_row)
        return SIM_OK;
    h->in_row = 0;
    if (h->row.n == 0)
        return SIM_OK;
    h->row.kind = h->row_has_th ? IMP_AWR_HEAD : IMP_AWR_ROW;
    h->row.raw = (imp_awr_cell_t){h->rowbuf, h->rowlen};
    imp_trim(&h->row.raw.p, &h->row.raw.n);
    return h->fn(h->arg, &h->row);
}

/* The tag's name, lower case, into name (at most 15 characters). */
static void tag_name(const char *p, size_t n, char *name, int *closing)
{
    size_t i = 1, k = 0;
    *closing = i < n && p[i] == '/';
    i += (size_t)*closing;
    while (i < n && k < 15 && (isalnum((unsigned char)p[i])))
        name[k++] = (char)tolower((unsigned char)p[i++]);
    name[k] = '\0';
}

static int inline_tag(const char *name)
{
    static const char *const inl[] = {"a", "b", "i", "font", "span", "em", "strong", "sup", "sub"};
    for (size_t i = 0; i < sizeof inl / sizeof inl[0]; i++)
        if (strcmp(name, inl[i]) == 0)
            return 1;
    return 0;
}

static sim_err_t on_tag(html_t *h, const char *name, int closing, int line)
{
    if (inline_tag(name))
        return SIM_OK;
    sim_err_t rc = SIM_OK;
    if (strcmp(name, "tr") == 0 || strcmp(name, "table") == 0) {
        rc = end_row(h);
        if (rc == SIM_OK && !closing && strcmp(name, "tr") == 0) {
            rc = flush_title(h);
            h->in_row = 1;
            h->row_has_th = 0;
            h->rowlen = 0;
            memset(&h->row, 0, sizeof h->row);
            h->row.line = line;
        }
        return rc;
    }
    if (strcmp(name, "td") == 0 || strcmp(name, "th") == 0) {
        end_cell(h);
        if (!closing && h->in_row) {
            h->in_cell = 1;
            h->cellstart = h->rowlen;
            h->row_has_th |= name[1] == 'h';
        }
        return SIM_OK;
    }
    if (strcmp(name, "li") == 0)
        h->in_li = !closing;
    return h->in_row ? SIM_OK : flush_title(h);
}

/* The entity at p (after '&') as one character; *used its length. */
static char entity(const char *p, size_t n, size_t *used)
{
    static const struct {
        const char *name;
        char c;
    } named[] = {{"nbsp;", ' '}, {"amp;", '&'}, {"lt;", '<'}, {"gt;", '>'}, {"quot;", '"'}};
    for (size_t i = 0; i < sizeof named / sizeof named[0]; i++)
        if (imp_awr_starts(p, n, named[i].name)) {
            *used = strlen(named[i].name);
            return named[i].c;
        }
    if (n > 2 && p[0] == '#') {
        size_t k = 1;
        long v = 0;
        while (k < n && k < 8 && isdigit((unsigned char)p[k]))
            v = v * 10 + (p[k++] - '0');
        if (k < n && p[k] == ';' && k > 1) {
            *used = k + 1;
            return v == 160 || v < 32 || v > 126 ? ' ' : (char)v;
        }
    }
    *used = 0;
    return '&';
}

/* Past the end of a raw-text element (<style>, <script>) or a comment. */
static size_t skip_to(const char *text, size_t len, size_t i, const char *end, int *line)
{
    size_t k = strlen(end);
    for (; i + k <= len; i++) {
        if (text[i] == '\n')
            (*line)++;
        if (imp_awr_starts(text + i, len - i, end))
            return i + k;
    }
    return len;
}

sim_err_t imp_awr_read_html(imp_build_t *b, const char *text, size_t len, imp_awr_sink_fn fn,
                            void *arg)
{
    (void)b;
    html_t *h = sim_malloc(sizeof *h);
    if (!h)
        return SIM_ENOMEM;
    memset(h, 0, sizeof *h);
    h->fn = fn;
    h->arg = arg;
    int line = 1;
    sim_err_t rc = SIM_OK;
    for (size_t i = 0; rc == SIM_OK && i < len;) {
        char c = text[i];
        if (c == '\n')
            line++;
        if (c == '<') {
            if (imp_awr_starts(text + i, len - i, "<!--")) {
                i = skip_to(text, len, i + 4, "-->", &line);
                continue;
            }
            const char *gt = memchr(text + i, '>', len - i);
            size_t end = gt ? (size_t)(gt - text) + 1 : len;
            char name[16];
            int closing;
            tag_name(text + i, end - i, name, &closing);
            for (size_t k = i; k < end; k++)
                line += text[k] == '\n';
            i = end;
            if (!closing && (strcmp(name, "style") == 0 || strcmp(name, "script") == 0)) {
                i = skip_to(text, len, i, strcmp(name, "style") == 0 ? "</style" : "</script",
                            &line);
                continue;
            }
            if (name[0])
                rc = on_tag(h, name, closing, line);
            continue;
        }
        if (c == '&') {
            size_t used;
            c = entity(text + i + 1, len - i - 1, &used);
            i += used;
        }
        put_text(h, c, line);
        i++;
    }
    if (rc == SIM_OK)
        rc = end_row(h);
    if (rc == SIM_OK)
        rc = flush_title(h);
    sim_free(h);
    return rc;
}
