/*
 * fuzz_cli_values.c -- lobbench's value parsers: bench_parse_chars(),
 * bench_parse_block_size() and bench_parse_u64() against an oracle written
 * separately from the grammar in benchmarks/opts.c (digits, then k/K or m/M at most,
 * nothing else).
 *
 * Input: one byte choosing the parser, its limit and the size of the error
 * buffer; the rest is the text.  Checked: accepted exactly when the oracle
 * accepts, with the oracle's value; on refusal the output is untouched and
 * the message is one line naming the option; an accepted size reads back the
 * same after sim_format_size().
 */
#include "benchmarks.h"
#include "fuzz_util.h"

/* 0 and *v: a scaled whole number; -1 not one; -2 above UINT64_MAX. */
static int oracle(const char *s, uint64_t *v)
{
    size_t n = strspn(s, "0123456789");
    if (n == 0)
        return -1;
    uint64_t mul = 1;
    const char *rest = s + n;
    if (*rest == 'k' || *rest == 'K')
        mul = 1024, rest++;
    else if (*rest == 'm' || *rest == 'M')
        mul = 1024 * 1024, rest++;
    if (*rest != '\0')
        return -1;
    /* Leading zeros do not count towards the size. */
    while (n > 1 && *s == '0')
        s++, n--;
    if (n > 20)
        return -2;
    uint64_t x = 0;
    for (size_t i = 0; i < n; i++) {
        unsigned d = (unsigned)(s[i] - '0');
        if (x > (UINT64_MAX - d) / 10)
            return -2;
        x = x * 10 + d;
    }
    if (x > UINT64_MAX / mul)
        return -2;
    *v = x * mul;
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const uint64_t maxes[] = {1000000000000ULL, UINT64_MAX, 64u << 20, UINT32_MAX, 0};
    if (size < 1)
        return 0;
    unsigned sel = data[0] % 7;
    size_t errlen = (data[0] / 7) % 3 == 0 ? 1 : (data[0] / 7) % 3 == 1 ? 24 : 512;
    char *s = fuzz_cstr(data + 1, size - 1);
    char *err = malloc(errlen);
    FUZZ_CHECK(err != NULL, "malloc");
    memset(err, 'x', errlen);
    const uint64_t untouched = 0x5A5A5A5A5A5A5A5AULL;
    uint64_t v = untouched, ov = 0;
    int ok = oracle(s, &ov);
    int rc;
    const char *what;

    if (sel == 0) {
        what = "--sizes";
        rc = bench_parse_chars(what, s, &v, err, errlen);
        int want = ok == 0 && ov >= 1 && ov <= (1ULL << 40);
        FUZZ_CHECK(rc == (want ? 0 : 2), "'%s': rc %d, oracle %d (%llu)", s, rc, ok,
                   (unsigned long long)ov);
        if (rc == 0) {
            char buf[32];
            uint64_t back = 0;
            char e2[256];
            FUZZ_CHECK(v == ov, "'%s': %llu, oracle %llu", s, (unsigned long long)v,
                       (unsigned long long)ov);
            sim_format_size(v, buf, sizeof buf);
            FUZZ_CHECK(bench_parse_chars(what, buf, &back, e2, sizeof e2) == 0 && back == v,
                       "'%s' -> %llu -> '%s' -> %llu", s, (unsigned long long)v, buf,
                       (unsigned long long)back);
        }
    } else if (sel == 1) {
        what = "--block-size";
        uint32_t b = 0xA5A5A5A5u;
        rc = bench_parse_block_size(s, &b, err, errlen);
        int want =
            ok == 0 && (ov == 2048 || ov == 4096 || ov == 8192 || ov == 16384 || ov == 32768);
        FUZZ_CHECK(rc == (want ? 0 : 2), "'%s': rc %d", s, rc);
        FUZZ_CHECK(rc == 0 ? b == ov : b == 0xA5A5A5A5u, "'%s': block %u", s, b);
    } else {
        uint64_t max = maxes[sel - 2];
        what = "--rows";
        rc = bench_parse_u64(what, s, max, &v, err, errlen);
        int want = ok == 0 && ov <= max;
        FUZZ_CHECK(rc == (want ? 0 : 2), "'%s' (max %llu): rc %d, oracle %d (%llu)", s,
                   (unsigned long long)max, rc, ok, (unsigned long long)ov);
        FUZZ_CHECK(rc != 0 || v == ov, "'%s': %llu, oracle %llu", s, (unsigned long long)v,
                   (unsigned long long)ov);
    }
    if (rc != 0) {
        FUZZ_CHECK(v == untouched, "'%s': refused but the output changed", s);
        FUZZ_CHECK(memchr(err, '\0', errlen) != NULL, "'%s': message not terminated", s);
        if (errlen >= 512) {
            FUZZ_CHECK(fuzz_one_line(err, s), "'%s': message '%s'", s, err);
            FUZZ_CHECK(strstr(err, what) != NULL, "'%s': message '%s' does not name %s", s, err,
                       what);
        }
    }
    free(err);
    free(s);
    return 0;
}
