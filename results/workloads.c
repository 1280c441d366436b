/*
 * workloads.c -- the order of the workloads.  The store keeps no list of
 * them: the recording program hands its table (workload.h) to the handle
 * (res_set_workloads()), and every write that records a run puts it into the
 * store's table `workloads` in the same transaction (res_write_workloads()),
 * so that the store always knows the order of the workloads its runs use.
 *
 *   state change                                function
 *   handle's list <- the program's table        res_set_workloads()
 *   `workloads` <- handle's list, then the      res_write_workloads()
 *     names it lacks in their old order
 */
#include "results_int.h"

#include <assert.h>
#include <string.h>

void res_free_workloads(res_store_t *s)
{
    sim_free(s->workloads);
    s->workloads = NULL;
    s->nworkloads = 0;
}

/* Copy src to *p and move *p past it; NULL stays NULL. */
static const char *put_str(char **p, const char *src)
{
    if (!src)
        return NULL;
    size_t n = strlen(src) + 1;
    char *d = memcpy(*p, src, n);
    *p += n;
    return d;
}

sim_err_t res_set_workloads(res_store_t *s, const res_workload_t *w, size_t n)
{
    assert(s != NULL);
    assert(w != NULL || n == 0);
    if (s->probe)
        return res_probe_only(s);
    size_t bytes = n * sizeof *w;
    for (size_t i = 0; i < n; i++) {
        if (!res_name_ok(w[i].name) || !res_name_ok(w[i].family))
            return res_store_err(s, SIM_EINVAL,
                                 "workload %zu: name '%s', family '%s'; expected 1 to %d "
                                 "characters from a-z, 0-9 and _",
                                 i + 1, w[i].name ? w[i].name : "(null)",
                                 w[i].family ? w[i].family : "(null)", RES_NAME_MAX);
        for (size_t j = 0; j < i; j++)
            if (strcmp(w[j].name, w[i].name) == 0)
                return res_store_err(s, SIM_EINVAL, "workload '%s' given twice (%zu and %zu)",
                                     w[i].name, j + 1, i + 1);
        bytes += strlen(w[i].name) + strlen(w[i].family) + 2;
        bytes += w[i].title ? strlen(w[i].title) + 1 : 0;
    }
    /* One block: the array, then its strings. */
    res_workload_t *copy = NULL;
    if (n && !(copy = sim_malloc(bytes)))
        return res_store_err(s, SIM_ENOMEM, "cannot keep the workloads: out of memory");
    char *p = (char *)(copy + n);
    for (size_t i = 0; i < n; i++) {
        copy[i].name = put_str(&p, w[i].name);
        copy[i].family = put_str(&p, w[i].family);
        copy[i].title = put_str(&p, w[i].title);
    }
    res_free_workloads(s);
    s->workloads = copy;
    s->nworkloads = n;
    s->errmsg[0] = '\0';
    return SIM_OK;
}

/* ---- the table ------------------------------------------------------------ */

/* A row of `workloads` as the file has it. */
typedef struct {
    char *name, *family, *title;
    int64_t position;
} row_t;

static void free_rows(row_t *rows, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        sim_free(rows[i].name);
        sim_free(rows[i].family);
        sim_free(rows[i].title);
    }
    sim_free(rows);
}

/* Every row by position into *rows (free_rows()). */
static sim_err_t read_rows(res_store_t *s, row_t **rows, size_t *n)
{
    sqlite3_stmt *st;
    size_t cap = 0;
    sim_err_t err = SIM_OK;
    *rows = NULL;
    *n = 0;
    int rc = res_prepare(
        s->db, "SELECT name, family, title, position FROM workloads ORDER BY position", &st);
    while (rc == SQLITE_OK && err == SIM_OK && (rc = sqlite3_step(st)) == SQLITE_ROW) {
        rc = SQLITE_OK;
        if (*n == cap) {
            size_t ncap = cap ? 2 * cap : 16;
            row_t *grown = sim_realloc(*rows, ncap * sizeof *grown);
            if (!grown) {
                err = SIM_ENOMEM;
                break;
            }
            *rows = grown;
            cap = ncap;
        }
        row_t *r = &(*rows)[(*n)++];
        r->name = res_dup_str((const char *)sqlite3_column_text(st, 0));
        r->family = res_dup_str((const char *)sqlite3_column_text(st, 1));
        r->title = res_dup_str((const char *)sqlite3_column_text(st, 2));
        r->position = sqlite3_column_int64(st, 3);
        if (!r->name || !r->family || (!r->title && sqlite3_column_type(st, 2) != SQLITE_NULL))
            err = SIM_ENOMEM;
    }
    if (rc == SQLITE_DONE)
        rc = SQLITE_OK;
    sqlite3_finalize(st);
    if (err == SIM_OK && rc != SQLITE_OK)
        err = res_db_fail(s, rc, "cannot read workloads");
    else if (err == SIM_ENOMEM)
        res_store_err(s, err, "cannot read workloads: out of memory");
    if (err != SIM_OK) {
        free_rows(*rows, *n);
        *rows = NULL;
        *n = 0;
    }
    return err;
}

static int same_str(const char *a, const char *b)
{
    return a == b || (a && b && strcmp(a, b) == 0);
}

/* Does the table say already what the handle would write? */
static int table_current(const res_store_t *s, const row_t *rows, size_t n)
{
    if (n < s->nworkloads)
        return 0;
    for (size_t i = 0; i < n; i++) {
        if (rows[i].position != (int64_t)i)
            return 0;
        const res_workload_t *w = i < s->nworkloads ? &s->workloads[i] : NULL;
        if (w && !(same_str(rows[i].name, w->name) && same_str(rows[i].family, w->family) &&
                   same_str(rows[i].title, w->title)))
            return 0;
    }
    return 1;
}

static int handle_has(const res_store_t *s, const char *name)
{
    for (size_t i = 0; i < s->nworkloads; i++)
        if (strcmp(s->workloads[i].name, name) == 0)
            return 1;
    return 0;
}

static int insert_row(sqlite3_stmt *ins, int64_t pos, const char *name, const char *family,
                      const char *title)
{
    res_bind_text(ins, 1, name);
    sqlite3_bind_int64(ins, 2, pos);
    res_bind_text(ins, 3, family);
    res_bind_text(ins, 4, title);
    return res_step_done(ins);
}

/* The table rewritten: the handle's list, then the rows it lacks. */
static int rewrite(res_store_t *s, const row_t *rows, size_t n)
{
    sqlite3_stmt *ins;
    int rc = sqlite3_exec(s->db, "DELETE FROM workloads", NULL, NULL, NULL);
    if (rc == SQLITE_OK)
        rc = res_prepare(s->db,
                         "INSERT INTO workloads (name, position, family, title)\n"
                         "VALUES (?1, ?2, ?3, ?4)",
                         &ins);
    if (rc != SQLITE_OK)
        return rc;
    int64_t pos = 0;
    for (size_t i = 0; rc == SQLITE_OK && i < s->nworkloads; i++) {
        const res_workload_t *w = &s->workloads[i];
        rc = insert_row(ins, pos++, w->name, w->family, w->title);
    }
    for (size_t i = 0; rc == SQLITE_OK && i < n; i++)
        if (!handle_has(s, rows[i].name))
            rc = insert_row(ins, pos++, rows[i].name, rows[i].family, rows[i].title);
    sqlite3_finalize(ins);
    return rc;
}

sim_err_t res_write_workloads(res_store_t *s)
{
    if (s->nworkloads == 0)
        return SIM_OK;
    row_t *rows;
    size_t n;
    sim_err_t err = read_rows(s, &rows, &n);
    if (err != SIM_OK || table_current(s, rows, n)) {
        free_rows(rows, n);
        return err;
    }
    int rc = rewrite(s, rows, n);
    free_rows(rows, n);
    return rc == SQLITE_OK ? SIM_OK : res_db_fail(s, rc, "cannot record the workloads");
}
