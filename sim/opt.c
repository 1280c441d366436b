/*
 * opt.c -- the one command-line parser of lobsim's programs (sim.h,
 * "command lines").  A table names each program's options; the caller takes
 * them one at a time, in the order given, and decides what each means.  The
 * grammar, the built-in -h/--help and --version, and every refusal of a
 * malformed command line live here, so that the programs agree on them.
 */
#include <stdio.h>
#include <string.h>

#include "sim.h"

void sim_opt_init(sim_opt_parser_t *p, const sim_opt_t *opts, int argc, char *const *argv)
{
    memset(p, 0, sizeof *p);
    size_t n = 0;
    while (opts[n].name != NULL)
        n++;
    assert(n <= SIM_OPT_MAX); /* p->seen has a bit per entry */
    (void)n;
    p->opts = opts;
    p->argc = argc;
    p->argv = argv;
    p->next = 1;
}

/* The index of the entry named by the first len bytes of name, or of the
 * one whose short name is c (len 0); -1 if none. */
static int find(const sim_opt_parser_t *p, const char *name, size_t len, char c)
{
    for (int i = 0; p->opts[i].name != NULL; i++) {
        const sim_opt_t *o = &p->opts[i];
        if (len == 0 ? c != '\0' && o->short_name == c
                     : strlen(o->name) == len && strncmp(o->name, name, len) == 0)
            return i;
    }
    return -1;
}

static int refuse(char *err, size_t errlen, const char *fmt, const char *a, const char *b)
{
    snprintf(err, errlen, fmt, a, b);
    return SIM_OPT_ERROR;
}

int sim_opt_next(sim_opt_parser_t *p, const char **value, char *err, size_t errlen)
{
    *value = NULL;
    if (p->next >= p->argc)
        return SIM_OPT_END;
    int at = p->next++;
    const char *a = p->argv[at];
    if (p->only_args || a[0] != '-' || a[1] == '\0') {
        *value = a;
        return SIM_OPT_ARG;
    }
    if (strcmp(a, "--") == 0) {
        p->only_args = 1;
        return sim_opt_next(p, value, err, errlen);
    }
    if (p->pass != NULL && strncmp(a, p->pass, strlen(p->pass)) == 0) {
        *value = a;
        return SIM_OPT_PASS;
    }
    if (strcmp(a, "-h") == 0 || strcmp(a, "--help") == 0)
        return SIM_OPT_HELP;
    /* What --version prints is read by scripts: anything beside it is a
     * mistake to report, not to ignore. */
    if (strcmp(a, "--version") == 0) {
        if (p->argc != 2)
            return refuse(err, errlen, "--version stands alone: unexpected argument '%s'%s",
                          p->argv[at == 1 ? 2 : 1], "");
        return SIM_OPT_VERSION;
    }
    const char *eq = NULL;
    int i = -1;
    if (a[1] == '-') {
        eq = strchr(a + 2, '=');
        i = find(p, a + 2, eq ? (size_t)(eq - a - 2) : strlen(a + 2), '\0');
    } else if (a[2] == '\0') {
        i = find(p, NULL, 0, a[1]);
    }
    if (i < 0)
        return refuse(err, errlen, "unknown option '%s' (see --help)%s", a, "");
    const sim_opt_t *o = &p->opts[i];
    char name[64];
    if (a[1] == '-')
        snprintf(name, sizeof name, "--%s", o->name);
    else
        snprintf(name, sizeof name, "-%c", o->short_name);
    /* A flag said twice says the same thing; a value given twice is
     * ambiguous unless the option collects its values. */
    if ((p->seen >> i & 1) && (o->flags & SIM_OPT_VALUE) && !(o->flags & SIM_OPT_REPEAT))
        return refuse(err, errlen, "option '%s' given twice; give it once (see --help)%s", name,
                      "");
    if (o->flags & SIM_OPT_VALUE) {
        if (eq != NULL)
            *value = eq + 1;
        else if (p->next < p->argc)
            *value = p->argv[p->next++];
        else
            return refuse(err, errlen, "option '%s' needs a value (%s=VALUE; see --help)", name,
                          name);
    } else if (eq != NULL) {
        return refuse(err, errlen, "option '%s' takes no value, got '%s' (see --help)", name, a);
    }
    p->seen |= (uint64_t)1 << i;
    return o->id;
}
