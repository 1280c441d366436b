/*
 * msg.c -- formatting of the store's one-line messages, shared by the SQLite
 * side (db.c) and the pure reference parser (reference.c), which must not
 * need SQLite.  Changes nothing but the caller's buffer.
 */
#include <stdio.h>

#include "results_int.h"

void res_vformat(char *buf, size_t len, const char *fmt, va_list ap)
{
    if (len == 0)
        return;
    vsnprintf(buf, len, fmt, ap);
}

void res_format(char *buf, size_t len, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    res_vformat(buf, len, fmt, ap);
    va_end(ap);
}

void res_one_line(char *msg)
{
    for (; *msg; msg++)
        if (*msg == '\n' || *msg == '\r')
            *msg = ' ';
}
