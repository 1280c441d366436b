/*
 * fuzz_reference_csv.c -- the reference CSV parser (res_parse_reference()) on
 * the raw input: a pure function, so no file and no store are involved.
 *
 * Checked: SIM_OK or SIM_EINVAL only; a refusal is one line "input.csv:LINE:
 * ..." and returns no figures; an accepted input gives at least one figure,
 * each in range (path local or dblink, lob_kchars from 1, a statistic of the
 * catalogue, value from 0, lines rising from 2), no (path, size, statistic)
 * twice, and the figures written back as CSV parse to the same figures.
 */
#include <inttypes.h>

#include "fuzz_util.h"
#include "results.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define NAME "input.csv"

/* The figures as CSV again, statistic names quoted as RFC 4180 says. */
static char *write_back(const res_ref_figure_t *f, size_t n, size_t *len)
{
    size_t cap = 64 + n * 256, used = 0;
    char *out = malloc(cap);
    FUZZ_CHECK(out != NULL, "out of memory");
    used += (size_t)snprintf(out, cap, "%s\r\n", RES_REF_HEADER);
    for (size_t i = 0; i < n; i++) {
        const char *name = sim_stat_info(f[i].stat)->name;
        used += (size_t)snprintf(out + used, cap - used, "%s,%" PRIu64 ",\"", f[i].path,
                                 f[i].lob_kchars);
        for (const char *c = name; *c; c++) {
            if (*c == '"')
                out[used++] = '"';
            out[used++] = *c;
        }
        used += (size_t)snprintf(out + used, cap - used, "\",%" PRId64 "\n", f[i].value);
        FUZZ_CHECK(used < cap, "write-back buffer too small");
    }
    *len = used;
    return out;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    res_ref_figure_t *f = NULL, *g = NULL;
    size_t n = 7, m = 0;
    char err[512];
    sim_err_t rc = res_parse_reference(NAME, (const char *)data, size, &f, &n, err, sizeof err);
    if (rc != SIM_OK) {
        FUZZ_CHECK(rc == SIM_EINVAL, "%s: %s", sim_strerror(rc), err);
        FUZZ_CHECK(strncmp(err, NAME ":", strlen(NAME ":")) == 0 && err[strlen(NAME ":")] >= '1' &&
                       err[strlen(NAME ":")] <= '9',
                   "message '%s'", err);
        FUZZ_CHECK(strchr(err, '\n') == NULL && strchr(err, '\r') == NULL, "message '%s'", err);
        FUZZ_CHECK(f == NULL && n == 0, "a refusal returned %zu figures", n);
        return 0;
    }
    FUZZ_CHECK(f != NULL && n >= 1 && err[0] == '\0', "%zu figures, message '%s'", n, err);
    for (size_t i = 0; i < n; i++) {
        FUZZ_CHECK(strcmp(f[i].path, "local") == 0 || strcmp(f[i].path, "dblink") == 0, "path %s",
                   f[i].path);
        FUZZ_CHECK(f[i].lob_kchars >= 1 && f[i].lob_kchars <= (uint64_t)INT64_MAX / 1024,
                   "lob_kchars %" PRIu64, f[i].lob_kchars);
        FUZZ_CHECK((int)f[i].stat >= 0 && f[i].stat < SIM_STAT_COUNT, "stat %d", (int)f[i].stat);
        FUZZ_CHECK(f[i].value >= 0, "value %" PRId64, f[i].value);
        FUZZ_CHECK(f[i].line >= 2 && (i == 0 || f[i].line > f[i - 1].line), "line %d", f[i].line);
        for (size_t j = 0; j < i; j++)
            FUZZ_CHECK(!(strcmp(f[i].path, f[j].path) == 0 && f[i].lob_kchars == f[j].lob_kchars &&
                         f[i].stat == f[j].stat),
                       "figures %zu and %zu repeat each other", j, i);
    }
    size_t len;
    char *csv = write_back(f, n, &len);
    FUZZ_CHECK(res_parse_reference(NAME, csv, len, &g, &m, err, sizeof err) == SIM_OK, "%s", err);
    FUZZ_CHECK(m == n, "%zu figures written back, %zu read", n, m);
    for (size_t i = 0; i < n; i++)
        FUZZ_CHECK(strcmp(g[i].path, f[i].path) == 0 && g[i].lob_kchars == f[i].lob_kchars &&
                       g[i].stat == f[i].stat && g[i].value == f[i].value &&
                       g[i].line == (int)i + 2,
                   "figure %zu differs after writing back", i);
    free(csv);
    sim_free(f);
    sim_free(g);
    return 0;
}
