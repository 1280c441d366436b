/*
 * sweep.c -- the sweep's cases: the options applied to the model's
 * defaults, then the values of one point of the sweep over the parameters
 * given as lists and the seeds, checked by the workload; each case's
 * benchmark name and its place in the sweep, which the tables, the CSV
 * files and the store carry.  Nothing here runs the model.
 */
#include "benchmarks.h"

#include <string.h>

size_t bench_npoints(const bench_opts_t *o)
{
    size_t n = o->nseeds ? o->nseeds : 1;
    for (size_t i = 0; i < o->nswept; i++)
        n *= o->swept[i].n;
    return n;
}

void bench_param_text(const char *name, uint32_t v, char *buf, size_t len)
{
    const char *word = case_param_value_name(name, v);
    if (word)
        snprintf(buf, len, "%s", word);
    else
        snprintf(buf, len, "%u", v);
}

/* The case of the options' single values, then point's values and seed;
 * where it sits in the sweep into bc (may be NULL). */
static void point_case(const bench_opts_t *o, unsigned wl, case_path_t path, uint64_t chars,
                       uint32_t block_size, size_t point, case_t *c, bench_case_t *bc)
{
    case_defaults(c);
    c->workload = wl;
    /* A heap query or rac has no path nor LOB size: the model's defaults,
     * which it does not read, stand in the case. */
    if (workload_kind(wl) == WORKLOAD_LOB) {
        c->path = path;
        c->lob_chars = chars;
    }
    c->block_size = block_size;
    /* The experiment's rows unless told (workload/'s table). */
    c->rows = o->rows_given ? o->rows : workload_rows(wl);
    c->piece_size = o->piece_size;
    for (size_t i = 0; i < o->nparams; i++)
        case_set_param(c, o->params[i].name, o->params[i].value);
    /* The seeds vary fastest, the first list slowest. */
    size_t k = point;
    c->seed = o->nseeds ? o->seeds[k % o->nseeds] : o->seed;
    k /= o->nseeds ? o->nseeds : 1;
    if (bc) {
        bc->nswept = o->nswept;
        bc->seeds_swept = o->nseeds > 0;
    }
    for (size_t i = o->nswept; i-- > 0;) {
        const bench_swept_t *sw = &o->swept[i];
        uint32_t v = sw->values[k % sw->n];
        k /= sw->n;
        case_set_param(c, sw->name, v);
        if (bc) {
            bc->swept[i] = sw->name;
            bc->swept_value[i] = v;
        }
    }
}

/* The swept parameter a rac name carries already (users:N). */
static int in_rac_name(const bench_case_t *bc, size_t i)
{
    return workload_is_rac(bc->c.workload) && strcmp(bc->swept[i], "rac.users") == 0;
}

/* bc's benchmark name in its family's axes: WORKLOAD/PATH/lob:SIZE/
 * block:SIZE/rows:N for a LOB workload, QUERY/block:SIZE/rows:N for a heap
 * query, rac/block:SIZE/users:N/rows:N for rac; then /NAME:VALUE for each
 * parameter given as a list, and /seed:N with --seeds. */
static void case_name(bench_case_t *bc)
{
    const case_t *c = &bc->c;
    char lob[32], blk[32];
    size_t used, len = sizeof bc->name;
    sim_format_size(c->lob_chars, lob, sizeof lob);
    sim_format_size(c->block_size, blk, sizeof blk);
    switch (workload_kind(c->workload)) {
    case WORKLOAD_LOB:
        used = (size_t)snprintf(bc->name, len, "%s/%s/lob:%s/block:%s/rows:%llu",
                                workload_name(c->workload), case_path_name(c->path), lob, blk,
                                (unsigned long long)c->rows);
        break;
    case WORKLOAD_RAC:
        used = (size_t)snprintf(bc->name, len, "%s/block:%s/users:%u/rows:%llu",
                                workload_name(c->workload), blk, c->rac.users,
                                (unsigned long long)c->rows);
        break;
    default:
        used = (size_t)snprintf(bc->name, len, "%s/block:%s/rows:%llu", workload_name(c->workload),
                                blk, (unsigned long long)c->rows);
    }
    for (size_t i = 0; i < bc->nswept && used < len; i++) {
        char v[32];
        if (in_rac_name(bc, i))
            continue;
        bench_param_text(bc->swept[i], bc->swept_value[i], v, sizeof v);
        used += (size_t)snprintf(bc->name + used, len - used, "/%s:%s", bc->swept[i], v);
    }
    if (bc->seeds_swept && used < len)
        snprintf(bc->name + used, len - used, "/seed:%llu", (unsigned long long)c->seed);
}

int bench_sweep_case(const bench_opts_t *o, unsigned wl, case_path_t path, uint64_t chars,
                     uint32_t block_size, size_t point, bench_case_t *bc, char *err, size_t errlen)
{
    point_case(o, wl, path, chars, block_size, point, &bc->c, bc);
    case_name(bc);
    char msg[200];
    if (workload_validate(&bc->c, msg, sizeof msg) != SIM_OK) {
        snprintf(err, errlen, "%s", msg);
        return 2;
    }
    return 0;
}

int bench_make_case(const bench_opts_t *o, unsigned wl, case_path_t path, uint64_t chars,
                    uint32_t block_size, case_t *c, char *err, size_t errlen)
{
    char msg[200];
    point_case(o, wl, path, chars, block_size, 0, c, NULL);
    if (workload_validate(c, msg, sizeof msg) != SIM_OK) {
        snprintf(err, errlen, "%s", msg);
        return 2;
    }
    return 0;
}

void bench_point_label(const bench_case_t *bc, int with_seed, char *buf, size_t len)
{
    size_t used = 0;
    buf[0] = '\0';
    for (size_t i = 0; i < bc->nswept && used < len; i++) {
        char v[32];
        bench_param_text(bc->swept[i], bc->swept_value[i], v, sizeof v);
        used += (size_t)snprintf(buf + used, len - used, "%s%s=%s", i ? ", " : "", bc->swept[i], v);
    }
    if (with_seed && bc->seeds_swept && used < len)
        snprintf(buf + used, len - used, "%sseed %llu", used ? ", " : "",
                 (unsigned long long)bc->c.seed);
}

int bench_same_point(const bench_case_t *a, const bench_case_t *b, int with_seed)
{
    if (a->nswept != b->nswept)
        return 0;
    for (size_t i = 0; i < a->nswept; i++)
        if (a->swept_value[i] != b->swept_value[i] || strcmp(a->swept[i], b->swept[i]) != 0)
            return 0;
    return !with_seed || !a->seeds_swept || a->c.seed == b->c.seed;
}
