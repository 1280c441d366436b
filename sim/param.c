/*
 * param.c -- a model's tunable parameters by name: the one lookup that the
 * case's table (case.c) and the life experiment's (life_sim/params.c)
 * share.  Every parameter is an unsigned 32-bit field of its struct.
 */
#include <string.h>

#include "sim.h"

int sim_param_find(const sim_param_t *t, size_t n, const char *name)
{
    for (size_t i = 0; i < n; i++)
        if (strcmp(t[i].name, name) == 0)
            return (int)i;
    return -1;
}

uint32_t sim_param_get(const sim_param_t *t, size_t n, size_t i, const void *base)
{
    uint32_t v = 0;
    if (i < n)
        memcpy(&v, (const char *)base + t[i].off, sizeof v);
    return v;
}

int sim_param_set(const sim_param_t *t, size_t n, void *base, const char *name, uint32_t value)
{
    int i = sim_param_find(t, n, name);
    if (i < 0)
        return -1;
    memcpy((char *)base + t[i].off, &value, sizeof value);
    return 0;
}
