/*
 * gbc_int.hh -- what the files of the C++ side of gbc.h share: the
 * library's headers, the C structs behind the handles, and two helpers.
 * gbc.cc: the session, the flags and running; gbc_describe.cc: describing a
 * benchmark; gbc_state.cc: the calls made inside a benchmark.
 */
#ifndef LOBSIM_GBC_INT_HH
#define LOBSIM_GBC_INT_HH

#include "gbc.h"

#include <benchmark/benchmark.h>

#include <cerrno>
#include <cinttypes>
#include <cstdarg>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <map>
#include <memory>
#include <new>
#include <string>
#include <unordered_map>
#include <regex>
#include <sstream>
#include <vector>

#include <unistd.h>

namespace bm = benchmark;
using Family = bm::internal::Benchmark;

/* The C enums are the library's values, so conversions are plain casts. */
template <class A, class B> constexpr bool same(A a, B b)
{
    return static_cast<uint32_t>(a) == static_cast<uint32_t>(b);
}
static_assert(same(GBC_NS, bm::kNanosecond) && same(GBC_US, bm::kMicrosecond) &&
                  same(GBC_MS, bm::kMillisecond) && same(GBC_S, bm::kSecond),
              "time units");
static_assert(same(GBC_BIG_O_NONE, bm::oNone) && same(GBC_O_1, bm::o1) && same(GBC_O_N, bm::oN) &&
                  same(GBC_O_N_SQUARED, bm::oNSquared) && same(GBC_O_N_CUBED, bm::oNCubed) &&
                  same(GBC_O_LOG_N, bm::oLogN) && same(GBC_O_N_LOG_N, bm::oNLogN) &&
                  same(GBC_O_AUTO, bm::oAuto),
              "complexities");
static_assert(same(GBC_COUNTER_IS_RATE, bm::Counter::kIsRate) &&
                  same(GBC_COUNTER_AVG_THREADS, bm::Counter::kAvgThreads) &&
                  same(GBC_COUNTER_IS_ITERATION_INVARIANT, bm::Counter::kIsIterationInvariant) &&
                  same(GBC_COUNTER_AVG_ITERATIONS, bm::Counter::kAvgIterations) &&
                  same(GBC_COUNTER_INVERT, bm::Counter::kInvert),
              "counter flags");
static_assert(same(GBC_ONEK_1000, bm::Counter::kIs1000) &&
                  same(GBC_ONEK_1024, bm::Counter::kIs1024),
              "onek");

static const uint32_t counter_flag_mask = GBC_COUNTER_IS_RATE | GBC_COUNTER_AVG_THREADS |
                                          GBC_COUNTER_IS_ITERATION_INVARIANT |
                                          GBC_COUNTER_AVG_ITERATIONS | GBC_COUNTER_INVERT;

struct gbc_benchmark {
    gbc_t *g;
    std::string name;
    gbc_fn_t fn;
    void *user;
    /* Argument calls replayed in order: RangeMultiplier affects later Ranges. */
    std::vector<std::function<void(Family *)>> arg_ops;
    int nargs = -1; /* -1 until the first argument call */
    int multiplier = 8;
    std::vector<std::string> arg_names;
    bool has_unit = false;
    gbc_time_unit_t unit = GBC_NS;
    double min_time = 0;
    int64_t iterations = 0;
    int repetitions = 0;
    int aggregates_only = -1; /* -1: not set */
    bool real_time = false;
    gbc_big_o_t big_o = GBC_BIG_O_NONE;
};

struct gbc_state {
    bm::State *s;
    gbc_benchmark *b;
};

/* The command-line flags gbc reads; the library keeps its own copy. */
struct Flags {
    int64_t nx = 0; /* --benchmark_min_time=Nx; 0 if seconds */
    bool dry_run = false;
    std::string out, out_format = "json", format = "console", color = "auto";
    bool counters_tabular = false;
};

struct gbc {
    std::vector<std::unique_ptr<gbc_benchmark>> benches;
    std::string errmsg;
    gbc_report_fn_t cb = nullptr;
    void *cb_user = nullptr;
    Flags flags;
    /* The console's own text (gbc_context_shown, gbc_console_labels). */
    std::map<std::string, std::string> shown;
    std::string time_label, cpu_label, debug_note;
    bool has_note = false;
};

/* Set the handle's message and return err. */
gbc_err_t gbc_fail(gbc_t *g, gbc_err_t err, const std::string &msg);
/* printf into a std::string. */
std::string gbc_fmt(const char *f, ...);

#endif
