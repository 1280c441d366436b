/*
 * fuzz_util.h -- what the fuzz targets share: the input as a C string, and
 * a check that aborts with a message (libFuzzer then saves the input).
 */
#ifndef LOBSIM_FUZZ_UTIL_H
#define LOBSIM_FUZZ_UTIL_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The input up to its first NUL, as a heap string of its exact size (so
 * that AddressSanitizer sees any read past its end). */
static inline char *fuzz_cstr(const uint8_t *data, size_t size)
{
    size_t n = 0;
    while (n < size && data[n] != 0)
        n++;
    char *s = malloc(n + 1);
    if (s == NULL)
        abort();
    memcpy(s, data, n);
    s[n] = '\0';
    return s;
}

#define FUZZ_CHECK(cond, ...)                                                                      \
    do {                                                                                           \
        if (!(cond)) {                                                                             \
            fprintf(stderr, "%s:%d: check failed: %s: ", __FILE__, __LINE__, #cond);               \
            fprintf(stderr, __VA_ARGS__);                                                          \
            fputc('\n', stderr);                                                                   \
            abort();                                                                               \
        }                                                                                          \
    } while (0)

/* A message fit for the user: not empty, and one line unless the input it
 * quotes had a line break of its own. */
static inline int fuzz_one_line(const char *msg, const char *input)
{
    return msg[0] != '\0' && (strchr(msg, '\n') == NULL || strchr(input, '\n') != NULL);
}

#endif
