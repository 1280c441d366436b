/*
 * params.c -- the values lobbench's command line gives: sizes, block sizes
 * and whole numbers, and the model's parameters and seeds (--param=NAME=V,
 * where a list of values is a dimension of the sweep, --param-file,
 * --seeds).  opts.c, which knows the options, hands their values here;
 * sweep.c builds the cases of the dimensions.  Nothing here runs the model.
 */
#include "benchmarks.h"
#include "life_sim.h"

#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#define SIZES_ACCEPTED "a positive number of characters, optionally with k or m, e.g. 2k,4k,256k"

int bench_parse_chars(const char *what, const char *s, uint64_t *out, char *err, size_t errlen)
{
    uint64_t v;
    int rc = sim_parse_scaled(s, &v);
    if (rc == -2 || (rc == 0 && v > (1ULL << 40))) {
        snprintf(err, errlen, "%s: '%s' is too large (at most 1024g characters, i.e. 2^40)", what,
                 s);
        return 2;
    }
    if (rc != 0 || v == 0) {
        snprintf(err, errlen, "%s: '%s' is not a size (accepted: %s)", what, s, SIZES_ACCEPTED);
        return 2;
    }
    *out = v;
    return 0;
}

int bench_parse_block_size(const char *s, uint32_t *out, char *err, size_t errlen)
{
    uint64_t v;
    if (sim_parse_scaled(s, &v) != 0 || !sim_block_size_valid(v)) {
        snprintf(err, errlen, "--block-size: '%s' is not a block size (accepted: %s)", s,
                 SIM_BLOCK_SIZES_ACCEPTED);
        return 2;
    }
    *out = (uint32_t)v;
    return 0;
}

int bench_parse_u64(const char *what, const char *s, uint64_t max, uint64_t *out, char *err,
                    size_t errlen)
{
    uint64_t v;
    int rc = sim_parse_scaled(s, &v);
    if (rc != 0 || v > max) {
        snprintf(err, errlen, "%s: '%s' is not a whole number from 0 to %llu", what, s,
                 (unsigned long long)max);
        return 2;
    }
    *out = v;
    return 0;
}

/* "cold, warm" for a parameter whose values have names, "" otherwise. */
static void param_words(const char *name, char *buf, size_t len)
{
    const char *w;
    size_t used = 0;
    buf[0] = '\0';
    for (size_t i = 0; (w = case_param_word(name, i, NULL)) != NULL && used < len; i++)
        used += (size_t)snprintf(buf + used, len - used, "%s%s", i ? ", " : "", w);
}

int bench_parse_param_value(const char *where, const char *name, const char *s, uint32_t *out,
                            char *err, size_t errlen)
{
    uint64_t v;
    char words[128];
    param_words(name, words, sizeof words);
    if (case_param_keyword(name, s, out) == 0)
        return 0;
    if (sim_parse_scaled(s, &v) == 0 && v <= UINT32_MAX) {
        *out = (uint32_t)v;
        return 0;
    }
    if (words[0] != '\0') {
        snprintf(err, errlen, "%s: %s='%s' is not one of its values (accepted: %s, or a number)",
                 where, name, s, words);
        return 2;
    }
    return bench_parse_u64(where, s, UINT32_MAX, &v, err, errlen);
}

/* Where name sits in o's single values (1) or lists (2); 0 nowhere.  *at
 * is its index among the single values.  Linear in the parameters given,
 * which are at most the model's (each is given once). */
static int param_given(const bench_opts_t *o, const char *name, size_t *at)
{
    for (size_t i = 0; i < o->nparams; i++)
        if (strcmp(o->params[i].name, name) == 0) {
            *at = i;
            return 1;
        }
    for (size_t i = 0; i < o->nswept; i++)
        if (strcmp(o->swept[i].name, name) == 0)
            return 2;
    return 0;
}

/* NAME=V1,V2,...: a new dimension of the sweep, each value once. */
static int add_swept(bench_opts_t *o, const char *where, const char *name, const char *list,
                     char *err, size_t errlen)
{
    if (o->nswept == BENCH_MAX_SWEPT) {
        snprintf(err, errlen,
                 "%s: %s=%s: at most %d parameters may be lists (%s and %s already are)", where,
                 name, list, BENCH_MAX_SWEPT, o->swept[0].name, o->swept[1].name);
        return 2;
    }
    bench_swept_t *sw = &o->swept[o->nswept];
    char buf[1024];
    size_t len = strlen(list);
    if (len >= sizeof buf || list[0] == ',' || list[len - 1] == ',' || strstr(list, ",,")) {
        snprintf(err, errlen, "%s: %s='%.60s' has an empty item or is too long", where, name, list);
        return 2;
    }
    strcpy(buf, list);
    sw->n = 0;
    char *save = NULL;
    for (char *tok = strtok_r(buf, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
        uint32_t v;
        if (sw->n == BENCH_MAX_LIST) {
            snprintf(err, errlen, "%s: %s: more than %d values", where, name, BENCH_MAX_LIST);
            return 2;
        }
        if (bench_parse_param_value(where, name, tok, &v, err, errlen) != 0)
            return 2;
        for (size_t i = 0; i < sw->n; i++)
            if (sw->values[i] == v) {
                snprintf(err, errlen, "%s: %s=%s gives the value '%s' twice", where, name, list,
                         tok);
                return 2;
            }
        sw->values[sw->n++] = v;
    }
    strcpy(sw->name, name);
    o->nswept++;
    return 0;
}

/* A parameter is given once in a source: twice there is a slip, and the
 * last value would win unseen.  A later source overrides an earlier one,
 * and says so on stderr (a file of lobfit's and a --param after it that
 * tries one value more).  A parameter given as a list is given once,
 * anywhere: a later single value would silently end its sweep. */
int bench_add_param(bench_opts_t *o, const char *where, int source, const char *v, char *err,
                    size_t errlen)
{
    const char *eq = strchr(v, '=');
    case_t probe;
    case_defaults(&probe);
    char name[48];
    size_t nl = eq ? (size_t)(eq - v) : 0;
    if (eq == NULL || nl == 0 || nl >= sizeof name) {
        snprintf(err, errlen, "%s: '%s' is not NAME=VALUE (see --list-params)", where, v);
        return 2;
    }
    memcpy(name, v, nl);
    name[nl] = '\0';
    life_params_t lp;
    life_params_defaults(&lp);
    if (case_set_param(&probe, name, 0) != 0 && life_set_param(&lp, name, 0) != 0) {
        snprintf(err, errlen, "%s: unknown parameter '%s' (see --list-params)", where, name);
        return 2;
    }
    size_t at = 0;
    int list = strchr(eq + 1, ',') != NULL, given = param_given(o, name, &at);
    if (given && (list || given == 2)) {
        snprintf(err, errlen,
                 "%s: %s is given as a list and once more: a swept parameter is given once", where,
                 name);
        return 2;
    }
    if (given && o->params[at].source == source) {
        snprintf(err, errlen, "%s: %s is given twice in %s: each parameter once", where, name,
                 source ? "this file" : "--param options");
        return 2;
    }
    if (list)
        return add_swept(o, where, name, eq + 1, err, errlen);
    uint32_t pv;
    if (bench_parse_param_value(where, name, eq + 1, &pv, err, errlen))
        return 2;
    if (given) {
        size_t used = strlen(o->note);
        snprintf(o->note + used, sizeof o->note - used,
                 "%s%s: %s=%s overrides the value given before (%" PRIu32 ")", used ? "; " : "",
                 where, name, eq + 1, o->params[at].value);
        o->params[at].value = pv;
        o->params[at].source = source;
        return 0;
    }
    if (o->nparams == BENCH_MAX_PARAMS) {
        snprintf(err, errlen, "%s: more than %d parameters", where, BENCH_MAX_PARAMS);
        return 2;
    }
    strcpy(o->params[o->nparams].name, name);
    o->params[o->nparams].source = source;
    o->params[o->nparams++].value = pv;
    return 0;
}

/* One item of --seeds: N or A-B (A <= B), each seed not given before. */
static int add_seeds(bench_opts_t *o, const char *item, char *err, size_t errlen)
{
    uint64_t a, b;
    const char *dash = strchr(item, '-');
    char first[32];
    size_t fl = dash ? (size_t)(dash - item) : strlen(item);
    if (fl == 0 || fl >= sizeof first) {
        snprintf(err, errlen, "--seeds: '%s' is not a seed or a range A-B", item);
        return 2;
    }
    memcpy(first, item, fl);
    first[fl] = '\0';
    if (sim_parse_u64(first, UINT64_MAX, &a) != 0 ||
        (dash && sim_parse_u64(dash + 1, UINT64_MAX, &b) != 0)) {
        snprintf(err, errlen, "--seeds: '%s' is not a seed or a range A-B of whole numbers", item);
        return 2;
    }
    if (!dash)
        b = a;
    if (b < a) {
        snprintf(err, errlen, "--seeds: '%s' is a range that ends before it starts", item);
        return 2;
    }
    for (uint64_t s = a;; s++) {
        for (size_t i = 0; i < o->nseeds; i++)
            if (o->seeds[i] == s) {
                snprintf(err, errlen, "--seeds: seed %llu is given twice", (unsigned long long)s);
                return 2;
            }
        if (o->nseeds == BENCH_MAX_LIST) {
            snprintf(err, errlen, "--seeds: more than %d seeds", BENCH_MAX_LIST);
            return 2;
        }
        o->seeds[o->nseeds++] = s;
        if (s == b)
            break;
    }
    return 0;
}

int bench_parse_seeds(bench_opts_t *o, const char *s, char *err, size_t errlen)
{
    char buf[1024];
    size_t len = strlen(s);
    o->nseeds = 0;
    if (len == 0 || len >= sizeof buf || s[0] == ',' || s[len - 1] == ',' || strstr(s, ",,")) {
        snprintf(err, errlen, "--seeds: '%.60s' is empty, has an empty item or is too long", s);
        return 2;
    }
    strcpy(buf, s);
    char *save = NULL;
    for (char *tok = strtok_r(buf, ",", &save); tok; tok = strtok_r(NULL, ",", &save))
        if (add_seeds(o, tok, err, errlen) != 0)
            return 2;
    o->seed = o->seeds[0];
    return 0;
}

/*
 * --param-file: NAME=VALUE lines, '#' comments, blank lines; each line at
 * most 511 characters, the file at most BENCH_PARAM_FILE_MAX bytes of text
 * (a NUL byte would cut a value where the user did not), each parameter
 * once.  A directory is refused; a pipe is read (--param-file=<(...)).
 */
int bench_parse_param_file(bench_opts_t *o, const char *path, char *err, size_t errlen)
{
    FILE *f = fopen(path, "r");
    struct stat sb;
    if (f == NULL || fstat(fileno(f), &sb) != 0 || S_ISDIR(sb.st_mode)) {
        snprintf(err, errlen, "--param-file: cannot read '%s': %s", path,
                 f == NULL ? strerror(errno) : "it is a directory");
        if (f)
            fclose(f);
        return 2;
    }
    int rc = bench_parse_param_stream(o, f, path, err, errlen);
    fclose(f);
    return rc;
}

int bench_parse_param_stream(bench_opts_t *o, FILE *f, const char *path, char *err, size_t errlen)
{
    int source = ++o->nsources;
    char line[512], where[300];
    size_t total = 0;
    int lineno = 0, rc = 0, c = 0;
    /* A character at a time: a NUL byte is seen where it is, and neither a
     * line without end (/dev/zero) nor a file without end is read whole. */
    while (rc == 0 && c != EOF) {
        size_t n = 0;
        lineno++;
        snprintf(where, sizeof where, "%s:%d", path, lineno);
        while ((c = getc(f)) != EOF && c != '\n' && c != '\0' && n < sizeof line - 1 &&
               ++total <= BENCH_PARAM_FILE_MAX)
            line[n++] = (char)c;
        line[n] = '\0';
        if (total > BENCH_PARAM_FILE_MAX) {
            snprintf(err, errlen,
                     "--param-file: '%s' is larger than %d bytes: not a parameter file", path,
                     BENCH_PARAM_FILE_MAX);
            rc = 2;
            break;
        }
        if (c == '\0') {
            snprintf(err, errlen, "%s: a NUL byte: not a text file", where);
            rc = 2;
            break;
        }
        if (c != EOF && c != '\n') {
            snprintf(err, errlen, "%s: line longer than %zu characters", where, sizeof line - 1);
            rc = 2;
            break;
        }
        char *hash = strchr(line, '#');
        if (hash)
            *hash = '\0';
        char *b = line, *e = line + strlen(line);
        while (*b == ' ' || *b == '\t')
            b++;
        while (e > b && (e[-1] == ' ' || e[-1] == '\t' || e[-1] == '\n' || e[-1] == '\r'))
            *--e = '\0';
        if (*b != '\0')
            rc = bench_add_param(o, where, source, b, err, errlen);
    }
    if (rc == 0 && ferror(f)) {
        snprintf(err, errlen, "--param-file: cannot read '%s': %s", path, strerror(errno));
        rc = 2;
    }
    return rc;
}
