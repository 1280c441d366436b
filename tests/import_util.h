/*
 * import_util.h -- what the import tests share (include after cmocka.h): a
 * text that imp_parse() must refuse, and how.
 */
#ifndef LOBSIM_IMPORT_UTIL_H
#define LOBSIM_IMPORT_UTIL_H

#include <string.h>

#include "import.h"

/* imp_parse() of text as file refuses it: SIM_EINVAL, one line in err
 * holding want, and nothing returned. */
static inline void import_expect_refused(const char *file, const char *text, imp_format_t fmt,
                                         const char *want, char *err, size_t errlen)
{
    imp_file_t f;
    err[0] = '\0';
    sim_err_t rc = imp_parse(file, text, strlen(text), fmt, &f, err, errlen);
    if (rc == SIM_OK)
        fail_msg("accepted, want '%s'", want);
    assert_int_equal(rc, SIM_EINVAL);
    assert_null(strchr(err, '\n'));
    if (!strstr(err, want))
        fail_msg("message '%s' lacks '%s'", err, want);
    assert_null(f.sets);
    assert_int_equal(f.nsets, 0);
}

#endif
