/*
 * files.c -- a script, and the setup script run before it, read from their
 * files and parsed: an unreadable file is one line naming it.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "script.h"

sim_err_t scr_read_file(const char *file, char **out_buf, size_t *out_n, char *err, size_t errlen)
{
    FILE *f = fopen(file, "rb");
    if (!f) {
        snprintf(err, errlen, "%s: cannot read: %s", file, strerror(errno));
        return SIM_EIO;
    }
    size_t cap = 1 << 16, n = 0;
    char *buf = sim_malloc(cap);
    if (!buf) {
        fclose(f);
        snprintf(err, errlen, "%s: out of memory", file);
        return SIM_ENOMEM;
    }
    for (;;) {
        if (n == cap) {
            /* A script is short text: refuse what no script is (1 GB). */
            if (cap >= (1u << 30)) {
                fclose(f);
                sim_free(buf);
                snprintf(err, errlen, "%s: larger than 1 GB: not a script", file);
                return SIM_EINVAL;
            }
            char *nb = sim_realloc(buf, cap * 2);
            if (!nb) {
                fclose(f);
                sim_free(buf);
                snprintf(err, errlen, "%s: out of memory", file);
                return SIM_ENOMEM;
            }
            buf = nb;
            cap *= 2;
        }
        size_t r = fread(buf + n, 1, cap - n, f);
        n += r;
        if (r == 0)
            break;
    }
    int bad = ferror(f);
    fclose(f);
    if (bad) {
        sim_free(buf);
        snprintf(err, errlen, "%s: cannot read: %s", file, strerror(errno));
        return SIM_EIO;
    }
    *out_buf = buf;
    *out_n = n;
    return SIM_OK;
}

sim_err_t scr_parse_file(const char *file, const scr_options_t *opts, scr_script_t **out, char *err,
                         size_t errlen)
{
    return scr_parse_files(NULL, file, opts, out, err, errlen);
}

sim_err_t scr_parse_after_setup(const char *setup_file, const char *file, const char *text,
                                size_t len, const scr_options_t *opts, scr_script_t **out,
                                char *err, size_t errlen)
{
    if (!setup_file)
        return scr_parse(file, text, len, opts, out, err, errlen);
    char *sbuf = NULL;
    size_t sn = 0;
    sim_err_t rc = scr_read_file(setup_file, &sbuf, &sn, err, errlen);
    if (rc == SIM_OK)
        rc = scr_parse_setup(setup_file, sbuf, sn, file, text, len, opts, out, err, errlen);
    sim_free(sbuf);
    return rc;
}

sim_err_t scr_parse_files(const char *setup_file, const char *file, const scr_options_t *opts,
                          scr_script_t **out, char *err, size_t errlen)
{
    char *buf = NULL;
    size_t n = 0;
    sim_err_t rc = scr_read_file(file, &buf, &n, err, errlen);
    if (rc == SIM_OK)
        rc = scr_parse_after_setup(setup_file, file, buf, n, opts, out, err, errlen);
    sim_free(buf);
    return rc;
}
