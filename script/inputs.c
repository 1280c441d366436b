/*
 * inputs.c -- the inputs of a run a script states for itself: comment
 * lines `-- lobsim input: NAME=VALUE` (scenarios/README.md), read before
 * the script is parsed so that the parse and the values use them.
 */
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "script_int.h"

#define TAG "-- lobsim input:"
#define ACCEPTED                                                                                   \
    "charset=single-byte|AL32UTF8, max_string_size=STANDARD|EXTENDED, block_size=2048|4096|"       \
    "8192|16384|32768, db_securefile=NEVER|PERMITTED|PREFERRED|ALWAYS|IGNORE|FORCE"

/* One NAME=VALUE into o; 0, or -1 when it is not one of ACCEPTED. */
static int apply(scr_options_t *o, const char *name, size_t nl, const char *val, size_t vl)
{
    char v[32];
    if (vl == 0 || vl >= sizeof v)
        return -1;
    memcpy(v, val, vl);
    v[vl] = 0;
    if (nl == 7 && strncmp(name, "charset", 7) == 0) {
        if (strcasecmp(v, "single-byte") == 0)
            o->charset = SCR_CHARSET_SINGLE_BYTE;
        else if (strcasecmp(v, "AL32UTF8") == 0)
            o->charset = SCR_CHARSET_AL32UTF8;
        else
            return -1;
    } else if (nl == 15 && strncmp(name, "max_string_size", 15) == 0) {
        if (strcasecmp(v, "STANDARD") == 0)
            o->max_string_extended = 0;
        else if (strcasecmp(v, "EXTENDED") == 0)
            o->max_string_extended = 1;
        else
            return -1;
    } else if (nl == 10 && strncmp(name, "block_size", 10) == 0) {
        uint64_t bs;
        if (sim_parse_u64(v, 32768, &bs) != 0 || !sim_block_size_valid(bs))
            return -1;
        o->block_size = (uint32_t)bs;
    } else if (nl == 13 && strncmp(name, "db_securefile", 13) == 0) {
        /* Oracle Reference, DB_SECUREFILE: which kind a LOB without
         * keyword gets (FORCE's override of BASICFILE is not modelled) */
        if (strcasecmp(v, "NEVER") == 0 || strcasecmp(v, "PERMITTED") == 0 ||
            strcasecmp(v, "IGNORE") == 0)
            o->securefile_default = 0;
        else if (strcasecmp(v, "PREFERRED") == 0 || strcasecmp(v, "ALWAYS") == 0 ||
                 strcasecmp(v, "FORCE") == 0)
            o->securefile_default = 1;
        else
            return -1;
        o->securefile_force = strcasecmp(v, "FORCE") == 0;
    } else {
        return -1;
    }
    return 0;
}

int scr_tag_line(const char *text, size_t len, const char *tag, size_t *at, uint32_t *line,
                 size_t *val, size_t *end)
{
    size_t tl = strlen(tag);
    while (*at < len) {
        size_t i = *at, e = i;
        while (e < len && text[e] != '\n')
            e++;
        *at = e + 1;
        (*line)++;
        if (e - i >= tl && strncmp(text + i, tag, tl) == 0) {
            size_t p = i + tl;
            while (p < e && (text[p] == ' ' || text[p] == '\t'))
                p++;
            *val = p;
            *end = e;
            return 1;
        }
    }
    return 0;
}

sim_err_t scr_read_inputs(const char *file, const char *text, size_t len, scr_options_t *o,
                          char *err, size_t errlen)
{
    scr_options_t n = *o;
    uint32_t line = 0;
    size_t at = 0, p, e;
    while (scr_tag_line(text, len, TAG, &at, &line, &p, &e)) {
        size_t name = p;
        while (p < e && text[p] != '=' && text[p] != ' ' && text[p] != '\t')
            p++;
        size_t nl = p - name;
        size_t val = p + 1, vl = 0;
        if (p < e && text[p] == '=')
            while (val + vl < e && text[val + vl] != ' ' && text[val + vl] != '\t' &&
                   text[val + vl] != '\r')
                vl++;
        if (p >= e || text[p] != '=' || apply(&n, text + name, nl, text + val, vl) != 0) {
            char q[64];
            scr_quote(text + name, e - name, q, sizeof q);
            if (err && errlen)
                snprintf(err, errlen, "%s:%u: lobsim input '%s' not understood (accepted: %s)",
                         file, line, q, ACCEPTED);
            return SIM_EINVAL;
        }
    }
    *o = n;
    return SIM_OK;
}
