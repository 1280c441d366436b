/*
 * numfmt.c -- TO_CHAR(n, 'fmt') of a whole number under a number format
 * model (SQL Language Reference, "Format Models", "Number Format
 * Models"), the elements scripts print space figures with, as Tom Kyte's
 * show_space does (`to_char(p_num, '999,999,999,999')`):
 *
 *   9   a digit; a leading zero prints as a blank (a value of 0 prints one
 *       0 in the units place)
 *   0   a digit; leading zeros print from here rightwards
 *   , G a group separator: a blank when no digit is printed left of it
 *   . D the decimal point; the digits after it print 0 (the model's
 *       numbers are whole)
 *   FM  first: no leading or trailing blanks
 *
 * The text is one character wider than the format (the sign's place: a
 * blank, or '-' just left of the first digit); a number with more digits
 * than the format has prints '#' across the whole width.  Any other
 * element (currency, S, MI, PR, EEEE, V, X, ...) is refused when parsed.
 */
#include <stdio.h>
#include <string.h>

#include "script_int.h"

/* The format's element after its FM prefix: its start, and whether FM. */
static const char *body(const char *fmt, int *fm)
{
    *fm = (fmt[0] == 'F' || fmt[0] == 'f') && (fmt[1] == 'M' || fmt[1] == 'm');
    return *fm ? fmt + 2 : fmt;
}

int scr_numfmt_valid(const char *fmt)
{
    int fm, point = 0, digits = 0;
    const char *s = body(fmt, &fm);
    for (; *s; s++) {
        if (*s == '9' || *s == '0')
            digits++;
        else if (*s == '.' || *s == 'D' || *s == 'd') {
            if (point++)
                return 0;
        } else if (*s == ',' || *s == 'G' || *s == 'g') {
            if (point)
                return 0; /* ORA-01481 */
        } else
            return 0;
    }
    return digits > 0 && digits <= 38;
}

size_t scr_numfmt(int64_t v, const char *fmt, char *out, size_t outlen)
{
    int fm;
    const char *f = body(fmt, &fm);
    size_t flen = strlen(f), ip = 0;
    while (ip < flen && f[ip] != '.' && f[ip] != 'D' && f[ip] != 'd')
        ip++;
    char buf[128];
    if (flen + 2 > sizeof buf || outlen == 0)
        return 0;
    uint64_t mag = v < 0 ? 0 - (uint64_t)v : (uint64_t)v;
    char d[24];
    int nd = snprintf(d, sizeof d, "%llu", (unsigned long long)mag);
    if (mag == 0)
        nd = 0; /* no significant digit: the units place prints the 0 */
    size_t slots = 0, zero_from = ip;
    for (size_t k = 0; k < ip; k++) {
        slots += f[k] == '9' || f[k] == '0';
        if (f[k] == '0' && zero_from == ip)
            zero_from = k;
    }
    if ((size_t)nd > slots) {
        size_t n = flen + 1 < outlen ? flen + 1 : outlen - 1;
        memset(out, '#', n);
        out[n] = '\0';
        return n;
    }
    /* the whole part, right to left: buf[1 + k] for format place k */
    int left = nd; /* digits of d still to place */
    size_t units = ip;
    for (size_t k = ip; k-- > 0;)
        if (f[k] == '9' || f[k] == '0') {
            units = k;
            break;
        }
    for (size_t k = ip; k-- > 0;) {
        char c = f[k];
        if (c == '9' || c == '0') {
            if (left > 0)
                buf[1 + k] = d[--left];
            else if (k >= zero_from || (k == units && nd == 0))
                buf[1 + k] = '0';
            else
                buf[1 + k] = ' ';
        } else {
            buf[1 + k] = ','; /* a blank below when no digit is left of it */
        }
    }
    size_t first = 1 + ip; /* the first printed digit's place */
    for (size_t k = 0; k < ip; k++)
        if (buf[1 + k] != ' ' && buf[1 + k] != ',') {
            first = 1 + k;
            break;
        }
    for (size_t k = 1; k < first; k++)
        buf[k] = ' ';
    buf[0] = ' ';
    if (v < 0)
        buf[first - 1] = '-';
    for (size_t k = ip; k < flen; k++)
        buf[1 + k] = k == ip ? '.' : '0';
    size_t n = flen + 1, a = 0;
    if (fm) {
        while (a < n && buf[a] == ' ')
            a++;
    }
    n -= a;
    if (n >= outlen)
        n = outlen - 1;
    memcpy(out, buf + a, n);
    out[n] = '\0';
    return n;
}
