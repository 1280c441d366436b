/*
 * verify.c -- what lobreport reads from a store, checked before it is
 * drawn: a store that another tool, an old build or a hand wrote into
 * must not become a page of garbage.  The store's own checks (results/)
 * refuse a file that is not a store, damaged or of a newer schema; these
 * refuse what such a store may still hold: parameters that are not
 * NAME=VALUE pairs or name one twice, a commit that is not a hash (a value
 * cut at a NUL byte reads as a short one), figures beyond any count the
 * model or Oracle makes (a negative one reads as 2^64 less a little),
 * negative or infinite times, a block size Oracle lacks.  Each check is
 * linear, or n log n (the names of a parameter text), in what it reads.
 */
#define _POSIX_C_SOURCE 200809L

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lobreport_int.h"

static int by_name(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* NAME=VALUE pairs, one space apart: a name [a-z][a-z0-9_.]*, a value of
 * letters, digits and . _ + -; each name once. */
sim_err_t rpt_verify_params(const char *text, const char *what, char *err, size_t errlen)
{
    if (text == NULL)
        return SIM_OK;
    size_t len = strlen(text);
    if (len > RPT_PARAMS_MAX) {
        snprintf(err, errlen, "%s: parameters of %zu characters: more than %d", what, len,
                 RPT_PARAMS_MAX);
        return SIM_ECORRUPT;
    }
    char *copy = strdup(text);
    char **names = calloc(len / 2 + 1, sizeof *names);
    sim_err_t e = copy && names ? SIM_OK : SIM_ENOMEM;
    size_t n = 0;
    for (char *p = copy, *save = NULL, *tok; e == SIM_OK && (tok = strtok_r(p, " ", &save));
         p = NULL) {
        char *eq = strchr(tok, '=');
        int ok = eq && eq > tok && eq[1] && tok[0] >= 'a' && tok[0] <= 'z';
        for (char *c = tok; ok && c < eq; c++)
            ok = (*c >= 'a' && *c <= 'z') || (*c >= '0' && *c <= '9') || *c == '_' || *c == '.';
        for (char *c = eq ? eq + 1 : tok; ok && *c; c++)
            ok = (*c >= 'a' && *c <= 'z') || (*c >= 'A' && *c <= 'Z') || (*c >= '0' && *c <= '9') ||
                 strchr("._+-", *c) != NULL;
        if (!ok) {
            snprintf(err, errlen, "%s: parameters: '%.60s' is not NAME=VALUE", what, tok);
            e = SIM_ECORRUPT;
            break;
        }
        *eq = '\0';
        names[n++] = tok;
    }
    if (e == SIM_OK && n > 1) {
        qsort(names, n, sizeof *names, by_name);
        for (size_t i = 1; i < n && e == SIM_OK; i++)
            if (strcmp(names[i - 1], names[i]) == 0) {
                snprintf(err, errlen, "%s: parameters: %.60s is given twice", what, names[i]);
                e = SIM_ECORRUPT;
            }
    }
    if (e == SIM_OK && len && (text[0] == ' ' || text[len - 1] == ' ' || strstr(text, "  "))) {
        snprintf(err, errlen, "%s: parameters: not one space apart", what);
        e = SIM_ECORRUPT;
    }
    if (e == SIM_ENOMEM)
        snprintf(err, errlen, "out of memory");
    free(names);
    free(copy);
    return e;
}

sim_err_t rpt_verify_run(const res_run_info_t *ri, char *err, size_t errlen)
{
    char what[64];
    snprintf(what, sizeof what, "run %lld", (long long)ri->run);
    const char *c = ri->info.git_commit;
    if (c && *c) {
        size_t n = strspn(c, "0123456789abcdef");
        if (c[n] != '\0' || n < 7 || n > 64) {
            snprintf(err, errlen, "%s: commit '%.70s' is not a commit's hash", what, c);
            return SIM_ECORRUPT;
        }
    }
    return rpt_verify_params(ri->info.params, what, err, errlen);
}

/* A count beyond 2^53 is no count either side makes, and no longer exact
 * as the page's doubles. */
#define FIGURE_MAX (1ULL << 53)

static int time_ok(double t)
{
    return isfinite(t) && t >= 0;
}

sim_err_t rpt_verify_session(const res_session_info_t *s, char *err, size_t errlen)
{
    char what[96];
    snprintf(what, sizeof what, "run %lld, session %lld", (long long)s->run, (long long)s->sid);
    /* A script's step has no rows of its own, and its block size is the LOB
     * segment's: 0 before the segment has a block (results-store.md); nor
     * has a session of sessions at once. */
    int step = s->step > 0 || s->ses_count > 0;
    if (step ? s->block_size != 0 && !sim_block_size_valid(s->block_size)
             : !sim_block_size_valid(s->block_size) || s->rows == 0) {
        snprintf(err, errlen, "%s: block size %u and %llu rows: not a case", what,
                 (unsigned)s->block_size, (unsigned long long)s->rows);
        return SIM_ECORRUPT;
    }
    for (int k = 0; k < SIM_STAT_COUNT; k++)
        if (s->present[k] && s->stats.v[k] > FIGURE_MAX) {
            snprintf(err, errlen, "%s: '%s' is %llu: out of range (at most 2^53)", what,
                     sim_stat_info((sim_stat_t)k)->name, (unsigned long long)s->stats.v[k]);
            return SIM_ECORRUPT;
        }
    if (s->timed) {
        int ok = time_ok(s->timing.real_time_ns) && time_ok(s->timing.cpu_time_ns);
        for (uint32_t i = 0; ok && i < s->timing.nsamples; i++)
            ok = time_ok(s->timing.real_samples_ns[i]);
        if (!ok) {
            snprintf(err, errlen, "%s: a time that is negative or not a number", what);
            return SIM_ECORRUPT;
        }
    }
    return rpt_verify_params(s->params, what, err, errlen);
}
