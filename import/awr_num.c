/*
 * awr_num.c -- the numbers of an AWR report as whole numbers: "1,234,567",
 * "52.9", ".4", "-0.1", "30.8K".  A figure with decimals is kept scaled
 * (x 10^scale) so that nothing is lost to a double; AWR's K/M/G/T suffixes
 * are thousands (the report's own note: "K is 1000, M is 1000000").
 */
#include "awr_int.h"

#include <ctype.h>
#include <string.h>

int imp_awr_num(const char *p, size_t n, int scale, int64_t *out, const char **why)
{
    imp_trim(&p, &n);
    if (n == 0 || imp_awr_eq(p, n, "N/A"))
        return 1;
    int neg = 0;
    if (p[0] == '-' || p[0] == '+') {
        neg = p[0] == '-';
        p++;
        n--;
    }
    int pow10 = scale; /* decimal places still to multiply in */
    if (n > 0 && strchr("KMGT", p[n - 1])) {
        pow10 += 3 * (int)(strchr("KMGT", p[n - 1]) - "KMGT" + 1);
        n--;
    }
    uint64_t v = 0;
    int digits = 0, dot = 0, round_up = 0, dropped = 0;
    size_t group = 0;
    int commas = 0;
    for (size_t i = 0; i < n; i++) {
        char c = p[i];
        if (c == ',' && !dot) {
            if (group == 0 || (commas && group != 3)) {
                *why = "misplaced thousands separator";
                return -1;
            }
            commas = 1;
            group = 0;
            continue;
        }
        if (c == '.' && !dot) {
            if (commas && group != 3) {
                *why = "misplaced thousands separator";
                return -1;
            }
            dot = 1;
            continue;
        }
        if (!isdigit((unsigned char)c)) {
            *why = "not a number";
            return -1;
        }
        digits++;
        if (!dot)
            group++;
        if (dot && pow10 == 0) { /* past the kept decimals: round on the first */
            if (!dropped)
                round_up = c >= '5';
            dropped = 1;
            continue;
        }
        if (dot)
            pow10--;
        if (v > (uint64_t)(INT64_MAX - 9) / 10) {
            *why = "too large";
            return -1;
        }
        v = v * 10 + (uint64_t)(c - '0');
    }
    if (digits == 0) {
        *why = "not a number";
        return -1;
    }
    if (commas && !dot && group != 3) {
        *why = "misplaced thousands separator";
        return -1;
    }
    for (; pow10 > 0; pow10--) {
        if (v > (uint64_t)INT64_MAX / 10) {
            *why = "too large";
            return -1;
        }
        v *= 10;
    }
    v += (uint64_t)round_up;
    if (v > (uint64_t)INT64_MAX) {
        *why = "too large";
        return -1;
    }
    *out = neg ? -(int64_t)v : (int64_t)v;
    return 0;
}
