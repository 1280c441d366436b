/*
 * gbc_describe.cc -- describing a benchmark (gbc.h): the calls between
 * gbc_register() and gbc_run(), kept on the C side until materialize().
 */
#include "gbc_int.hh"

/* ---- benchmark description ------------------------------------------- */

extern "C" gbc_err_t gbc_register(gbc_t *g, const char *name, gbc_fn_t fn, void *user,
                                  gbc_benchmark_t **out)
{
    if (out != nullptr)
        *out = nullptr;
    if (name == nullptr || *name == '\0' || fn == nullptr)
        return gbc_fail(g, GBC_EINVAL, "gbc_register: name must be non-empty and fn non-NULL");
    for (const auto &b : g->benches)
        if (b->name == name)
            return gbc_fail(g, GBC_EEXIST, gbc_fmt("benchmark '%s' is already registered", name));
    try {
        std::unique_ptr<gbc_benchmark> b(new gbc_benchmark);
        b->g = g;
        b->name = name;
        b->fn = fn;
        b->user = user;
        g->benches.push_back(std::move(b));
        if (out != nullptr)
            *out = g->benches.back().get();
        return GBC_OK;
    } catch (const std::bad_alloc &) {
        return gbc_fail(g, GBC_ENOMEM, "out of memory");
    }
}

extern "C" const char *gbc_benchmark_name(const gbc_benchmark_t *b)
{
    return b->name.c_str();
}

extern "C" void *gbc_benchmark_user(const gbc_benchmark_t *b)
{
    return b->user;
}

/* Appends an argument call after checking that it keeps the arity. */
static gbc_err_t add_args(gbc_benchmark_t *b, const char *what, size_t count,
                          std::function<void(Family *)> op)
{
    if (count == 0 || count > 64)
        return gbc_fail(b->g, GBC_EINVAL,
                        gbc_fmt("%s on '%s': 1 to 64 arguments", what, b->name.c_str()));
    if (b->nargs != -1 && static_cast<size_t>(b->nargs) != count)
        return gbc_fail(b->g, GBC_EINVAL,
                        gbc_fmt("%s on '%s': %zu arguments, but earlier calls gave %d", what,
                                b->name.c_str(), count, b->nargs));
    try {
        b->arg_ops.push_back(std::move(op));
    } catch (const std::bad_alloc &) {
        return gbc_fail(b->g, GBC_ENOMEM, "out of memory");
    }
    b->nargs = static_cast<int>(count);
    return GBC_OK;
}

extern "C" gbc_err_t gbc_benchmark_arg(gbc_benchmark_t *b, int64_t x)
{
    return add_args(b, "Arg", 1, [x](Family *f) { f->Arg(x); });
}

extern "C" gbc_err_t gbc_benchmark_args(gbc_benchmark_t *b, const int64_t *args, size_t n)
{
    if (args == nullptr)
        return gbc_fail(b->g, GBC_EINVAL, "Args: args must not be NULL");
    try {
        std::vector<int64_t> v(args, args + n);
        return add_args(b, "Args", n, [v](Family *f) { f->Args(v); });
    } catch (const std::bad_alloc &) {
        return gbc_fail(b->g, GBC_ENOMEM, "out of memory");
    }
}

static bool range_ok(gbc_benchmark_t *b, const char *what, int64_t lo, int64_t hi)
{
    if (lo <= hi)
        return true;
    gbc_fail(b->g, GBC_EINVAL,
             gbc_fmt("%s on '%s': lo %" PRId64 " > hi %" PRId64, what, b->name.c_str(), lo, hi));
    return false;
}

extern "C" gbc_err_t gbc_benchmark_range(gbc_benchmark_t *b, int64_t lo, int64_t hi)
{
    if (!range_ok(b, "Range", lo, hi))
        return GBC_EINVAL;
    return add_args(b, "Range", 1, [lo, hi](Family *f) { f->Range(lo, hi); });
}

extern "C" gbc_err_t gbc_benchmark_dense_range(gbc_benchmark_t *b, int64_t lo, int64_t hi, int step)
{
    if (!range_ok(b, "DenseRange", lo, hi))
        return GBC_EINVAL;
    /* The library's loop would never end, or overflow, otherwise. */
    if (step <= 0 || hi > INT64_MAX - step)
        return gbc_fail(
            b->g, GBC_EINVAL,
            gbc_fmt("DenseRange on '%s': step %d must be > 0 and hi + step must fit int64",
                    b->name.c_str(), step));
    return add_args(b, "DenseRange", 1, [lo, hi, step](Family *f) { f->DenseRange(lo, hi, step); });
}

extern "C" gbc_err_t gbc_benchmark_ranges(gbc_benchmark_t *b, const gbc_range_t *ranges, size_t n)
{
    if (ranges == nullptr)
        return gbc_fail(b->g, GBC_EINVAL, "Ranges: ranges must not be NULL");
    for (size_t i = 0; i < n; i++)
        if (!range_ok(b, "Ranges", ranges[i].lo, ranges[i].hi))
            return GBC_EINVAL;
    try {
        std::vector<std::pair<int64_t, int64_t>> v;
        for (size_t i = 0; i < n; i++)
            v.emplace_back(ranges[i].lo, ranges[i].hi);
        return add_args(b, "Ranges", n, [v](Family *f) { f->Ranges(v); });
    } catch (const std::bad_alloc &) {
        return gbc_fail(b->g, GBC_ENOMEM, "out of memory");
    }
}

extern "C" gbc_err_t gbc_benchmark_range_multiplier(gbc_benchmark_t *b, int multiplier)
{
    if (multiplier < 2)
        return gbc_fail(
            b->g, GBC_EINVAL,
            gbc_fmt("RangeMultiplier on '%s': %d, expected >= 2", b->name.c_str(), multiplier));
    try {
        b->arg_ops.push_back([multiplier](Family *f) { f->RangeMultiplier(multiplier); });
    } catch (const std::bad_alloc &) {
        return gbc_fail(b->g, GBC_ENOMEM, "out of memory");
    }
    b->multiplier = multiplier;
    return GBC_OK;
}

extern "C" gbc_err_t gbc_benchmark_arg_names(gbc_benchmark_t *b, const char *const *names, size_t n)
{
    if (names == nullptr || n == 0)
        return gbc_fail(b->g, GBC_EINVAL, gbc_fmt("ArgNames on '%s': need names", b->name.c_str()));
    try {
        std::vector<std::string> v;
        for (size_t i = 0; i < n; i++) {
            if (names[i] == nullptr)
                return gbc_fail(b->g, GBC_EINVAL,
                                gbc_fmt("ArgNames on '%s': name %zu is NULL", b->name.c_str(), i));
            v.emplace_back(names[i]);
        }
        b->arg_names.swap(v);
        return GBC_OK;
    } catch (const std::bad_alloc &) {
        return gbc_fail(b->g, GBC_ENOMEM, "out of memory");
    }
}

extern "C" gbc_err_t gbc_benchmark_arg_name(gbc_benchmark_t *b, const char *name)
{
    return gbc_benchmark_arg_names(b, &name, 1);
}

extern "C" gbc_err_t gbc_benchmark_unit(gbc_benchmark_t *b, gbc_time_unit_t unit)
{
    if (unit < GBC_NS || unit > GBC_S)
        return gbc_fail(b->g, GBC_EINVAL,
                        gbc_fmt("Unit on '%s': %d, expected GBC_NS, GBC_US, GBC_MS or GBC_S",
                                b->name.c_str(), static_cast<int>(unit)));
    b->has_unit = true;
    b->unit = unit;
    return GBC_OK;
}

extern "C" gbc_err_t gbc_benchmark_min_time(gbc_benchmark_t *b, double seconds)
{
    if (!(seconds > 0) || !std::isfinite(seconds) || b->iterations != 0)
        return gbc_fail(b->g, GBC_EINVAL,
                        gbc_fmt("MinTime on '%s': %g, expected seconds > 0 and no Iterations",
                                b->name.c_str(), seconds));
    b->min_time = seconds;
    return GBC_OK;
}

extern "C" gbc_err_t gbc_benchmark_iterations(gbc_benchmark_t *b, int64_t n)
{
    if (n <= 0 || b->min_time != 0)
        return gbc_fail(b->g, GBC_EINVAL,
                        gbc_fmt("Iterations on '%s': %" PRId64 ", expected > 0 and no MinTime",
                                b->name.c_str(), n));
    b->iterations = n;
    return GBC_OK;
}

extern "C" gbc_err_t gbc_benchmark_repetitions(gbc_benchmark_t *b, int n)
{
    if (n <= 0)
        return gbc_fail(b->g, GBC_EINVAL,
                        gbc_fmt("Repetitions on '%s': %d, expected > 0", b->name.c_str(), n));
    b->repetitions = n;
    return GBC_OK;
}

extern "C" gbc_err_t gbc_benchmark_report_aggregates_only(gbc_benchmark_t *b, bool only)
{
    b->aggregates_only = only ? 1 : 0;
    return GBC_OK;
}

extern "C" gbc_err_t gbc_benchmark_use_real_time(gbc_benchmark_t *b)
{
    b->real_time = true;
    return GBC_OK;
}

extern "C" gbc_err_t gbc_benchmark_complexity(gbc_benchmark_t *b, gbc_big_o_t big_o)
{
    if (big_o < GBC_BIG_O_NONE || big_o > GBC_O_AUTO)
        return gbc_fail(b->g, GBC_EINVAL,
                        gbc_fmt("Complexity on '%s': %d is not a gbc_big_o_t", b->name.c_str(),
                                static_cast<int>(big_o)));
    b->big_o = big_o;
    return GBC_OK;
}
