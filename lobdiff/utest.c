/*
 * utest.c -- the two-sided Mann-Whitney U test and the Bonferroni
 * correction: pure functions on arrays of doubles (lobdiff.h), nothing of
 * runs or stores.  The figures match scipy.stats.mannwhitneyu, which Google
 * Benchmark's compare.py calls; tests/test_lobdiff_lib.c checks them
 * against hand-worked examples.
 */
#define _POSIX_C_SOURCE 200809L

#include <assert.h>
#include <math.h>
#include <stdlib.h>

#include "lobdiff.h"

/* Beyond this many arrangements the exact U distribution loses integers in
 * doubles; the normal approximation is used instead. */
#define EXACT_MAX_ARRANGEMENTS 9.0e15

typedef struct {
    double v;
    int group; /* 0 x, 1 y */
} ranked_t;

static int by_value(const void *a, const void *b)
{
    const ranked_t *x = a, *y = b;
    return (x->v > y->v) - (x->v < y->v);
}

/*
 * The number of arrangements of n1 + n2 values with each U = 0 .. n1 n2:
 * the coefficients of the Gaussian binomial [n1 + n2 choose n1]_q, built as
 * the product of (1 - q^(n + i)) / (1 - q^i) for i = 1 .. m (m, n the
 * smaller and larger size).  Each step divides exactly.  Returns a calloc'ed
 * array of n1 n2 + 1 counts, NULL when out of memory.
 */
static double *u_counts(size_t n1, size_t n2)
{
    size_t m = n1 < n2 ? n1 : n2, n = n1 < n2 ? n2 : n1;
    size_t top = m * n + m; /* highest degree before a division */
    double *a = calloc(top + 1, sizeof *a);
    if (!a)
        return NULL;
    a[0] = 1;
    for (size_t i = 1; i <= m; i++) {
        size_t k = n + i;
        for (size_t u = top; u >= k; u--)
            a[u] -= a[u - k];
        for (size_t u = i; u <= top; u++)
            a[u] += a[u - i];
    }
    return a;
}

static double log_arrangements(size_t n1, size_t n2)
{
    return lgamma((double)(n1 + n2) + 1) - lgamma((double)n1 + 1) - lgamma((double)n2 + 1);
}

sim_err_t ldf_mann_whitney(const double *x, size_t n1, const double *y, size_t n2, ldf_utest_t *out)
{
    assert(out != NULL);
    assert((x != NULL || n1 == 0) && (y != NULL || n2 == 0));
    if (n1 == 0 || n2 == 0)
        return SIM_EINVAL;
    for (size_t i = 0; i < n1; i++)
        if (isnan(x[i]))
            return SIM_EINVAL;
    for (size_t i = 0; i < n2; i++)
        if (isnan(y[i]))
            return SIM_EINVAL;
    size_t n = n1 + n2;
    ranked_t *r = malloc(n * sizeof *r);
    if (!r)
        return SIM_ENOMEM;
    for (size_t i = 0; i < n1; i++)
        r[i] = (ranked_t){x[i], 0};
    for (size_t i = 0; i < n2; i++)
        r[n1 + i] = (ranked_t){y[i], 1};
    qsort(r, n, sizeof *r, by_value);
    double r1 = 0, tie_term = 0;
    int ties = 0;
    for (size_t i = 0; i < n;) {
        size_t j = i;
        while (j + 1 < n && r[j + 1].v == r[i].v)
            j++;
        double rank = (double)(i + j + 2) / 2; /* ranks are 1-based */
        double tcount = (double)(j - i + 1);
        if (j > i) {
            ties = 1;
            tie_term += tcount * tcount * tcount - tcount;
        }
        for (size_t k = i; k <= j; k++)
            if (r[k].group == 0)
                r1 += rank;
        i = j + 1;
    }
    free(r);
    ldf_utest_t t = {0};
    double nn = (double)n1 * (double)n2;
    double u1 = r1 - (double)n1 * ((double)n1 + 1) / 2, u2 = nn - u1;
    double u = u1 > u2 ? u1 : u2;
    t.u = u1;
    if ((n1 <= 8 || n2 <= 8) && !ties && log_arrangements(n1, n2) < log(EXACT_MAX_ARRANGEMENTS)) {
        /* P(U >= u) = P(U <= n1 n2 - u) by symmetry. */
        double *c = u_counts(n1, n2), total = 0, tail = 0;
        if (!c)
            return SIM_ENOMEM;
        size_t last = (size_t)(nn - u + 0.5);
        for (size_t k = 0; k <= (size_t)nn; k++) {
            total += c[k];
            if (k <= last)
                tail += c[k];
        }
        free(c);
        t.p = 2 * tail / total;
        t.exact = 1;
    } else {
        double s = sqrt(nn / 12 * (((double)n + 1) - tie_term / ((double)n * ((double)n - 1))));
        double z = s > 0 ? (u - nn / 2 - 0.5) / s : -INFINITY;
        t.p = 2 * (0.5 * erfc(z / sqrt(2.0)));
    }
    if (!(t.p <= 1))
        t.p = 1;
    if (t.p < 0)
        t.p = 0;
    *out = t;
    return SIM_OK;
}

double ldf_bonferroni(double alpha, size_t ntests)
{
    return ntests ? alpha / (double)ntests : alpha;
}

double ldf_min_exact_p(size_t n1, size_t n2)
{
    return 2 * exp(-log_arrangements(n1, n2));
}
