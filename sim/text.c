/*
 * text.c -- the experiment's vocabulary: its constants, and how sizes, whole
 * numbers and paths are read and written everywhere in lobsim.
 */
#include <stdio.h>
#include <string.h>

#include "sim.h"

const uint64_t sim_ref_sizes[SIM_REF_NSIZES] = {2048,  4096,  6144,   8192,  16384,
                                                32768, 65536, 131072, 262144};

int sim_block_size_valid(uint64_t bytes)
{
    return bytes >= 2048 && bytes <= 32768 && (bytes & (bytes - 1)) == 0;
}

static int digits(const char **sp, uint64_t *out)
{
    const char *s = *sp;
    if (*s < '0' || *s > '9')
        return -1;
    uint64_t v = 0;
    for (; *s >= '0' && *s <= '9'; s++) {
        if (v > (UINT64_MAX - (uint64_t)(*s - '0')) / 10)
            return -2;
        v = v * 10 + (uint64_t)(*s - '0');
    }
    *sp = s;
    *out = v;
    return 0;
}

int sim_parse_scaled(const char *s, uint64_t *out)
{
    uint64_t v;
    int rc = digits(&s, &v);
    if (rc != 0)
        return rc;
    uint64_t mul = 1;
    if (*s == 'k' || *s == 'K')
        mul = 1024, s++;
    else if (*s == 'm' || *s == 'M')
        mul = 1024 * 1024, s++;
    if (*s != '\0')
        return -1;
    if (v > UINT64_MAX / mul)
        return -2;
    *out = v * mul;
    return 0;
}

int sim_parse_u64(const char *s, uint64_t max, uint64_t *out)
{
    uint64_t v;
    if (digits(&s, &v) != 0 || *s != '\0' || v > max)
        return -1;
    *out = v;
    return 0;
}

void sim_format_size(uint64_t v, char *buf, size_t len)
{
    if (v >= 1024 * 1024 && v % (1024 * 1024) == 0)
        snprintf(buf, len, "%llum", (unsigned long long)(v / (1024 * 1024)));
    else if (v >= 1024 && v % 1024 == 0)
        snprintf(buf, len, "%lluk", (unsigned long long)(v / 1024));
    else
        snprintf(buf, len, "%llu", (unsigned long long)v);
}

void sim_parent_dir(const char *path, char *dir, size_t len)
{
    const char *slash = strrchr(path, '/');
    if (!slash)
        snprintf(dir, len, ".");
    else if (slash == path)
        snprintf(dir, len, "/");
    else
        snprintf(dir, len, "%.*s", (int)(slash - path), path);
}
