/*
 * gbc.cc -- the C interface of gbc.h over Google Benchmark 1.7.1.
 *
 * Benchmarks are described on the C side (struct gbc_benchmark) and given to
 * the library only in gbc_run(), by materialize(): that is where the flags
 * 1.7.1 lacks take effect (min time "Nx" -> Iterations(N), dry run ->
 * Iterations(1) + Repetitions(1)).  Both would put "/iterations:N" and
 * "/repeats:1" into the names, so Forwarder::ReportRuns() puts back the name
 * the benchmark would have had without them before any reporter sees a run.
 *
 * 1.7.1 traps this file works around:
 *  - a file reporter passed without --benchmark_out makes the library exit,
 *    so one is created only when the flag (or BENCHMARK_OUT) is set, and an
 *    unwritable out file is answered with GBC_EIO before the library exits;
 *  - bad --benchmark_format / _out_format / _time_unit / _color values make
 *    Initialize() exit, so gbc_initialize() rejects them first;
 *  - the library's default display reporter is a static that the
 *    no-argument RunSpecifiedBenchmarks() deletes (use after free on the
 *    second call), and a JSON reporter cannot be reused across runs, so each
 *    gbc_run() builds its own display reporter from the flags it has seen;
 *  - a custom reporter's SetOutputStream() is not virtual, so the wrapper
 *    hands its streams on to the wrapped reporter in ReportContext();
 *  - warm-up runs even with an explicit iteration count, so a dry run also
 *    sets --benchmark_min_warmup_time=0;
 *  - Shutdown() frees the custom context but leaves the pointer dangling, so
 *    gbc_shutdown() clears it and a later run or gbc_add_context() is safe.
 * The wrapper therefore mirrors the flags it needs from argv and the
 * BENCHMARK_* environment, with the library's precedence (later wins).
 */
#include "gbc_int.hh"

#include <limits>

/* ---- small helpers --------------------------------------------------- */

gbc_err_t gbc_fail(gbc_t *g, gbc_err_t err, const std::string &msg)
{
    try {
        g->errmsg = msg;
    } catch (...) {
        g->errmsg.clear();
    }
    return err;
}

std::string gbc_fmt(const char *f, ...)
{
    char buf[512];
    va_list ap;
    va_start(ap, f);
    vsnprintf(buf, sizeof buf, f, ap);
    va_end(ap);
    return buf;
}

/* The library's flag syntax: "--name=value", or "--name" alone for bools. */
static const char *flag_value(const char *arg, const char *name, bool def_optional)
{
    size_t n = strlen(name);
    if (strncmp(arg, "--", 2) != 0 || strncmp(arg + 2, name, n) != 0)
        return nullptr;
    const char *end = arg + 2 + n;
    if (def_optional && *end == '\0')
        return end;
    return *end == '=' ? end + 1 : nullptr;
}

static bool bool_value(const char *v)
{
    return !(*v == '0' || *v == 'f' || *v == 'F');
}

/* The library's IsTruthyFlagValue(), used for --benchmark_color. */
static bool truthy(const std::string &v)
{
    if (v.size() == 1)
        return isalnum(static_cast<unsigned char>(v[0])) && strchr("0fFnN", v[0]) == nullptr;
    std::string lower;
    for (char c : v)
        lower += static_cast<char>(tolower(static_cast<unsigned char>(c)));
    return !(lower == "false" || lower == "no" || lower == "off");
}

static bool valid_format(const std::string &v)
{
    return v == "console" || v == "json" || v == "csv";
}

static const char *getenv_or(const char *name, const char *dflt)
{
    const char *v = getenv(name);
    return v ? v : dflt;
}

/* ---- errors and names ------------------------------------------------ */

extern "C" const char *gbc_strerror(gbc_err_t err)
{
    switch (err) {
    case GBC_OK:
        return "success";
    case GBC_EINVAL:
        return "invalid argument";
    case GBC_ENOMEM:
        return "out of memory";
    case GBC_EEXIST:
        return "already exists";
    case GBC_EIO:
        return "cannot write the output file";
    case GBC_ERR_COUNT:
        break;
    }
    return "unknown gbc error";
}

extern "C" const char *gbc_time_unit_name(gbc_time_unit_t unit)
{
    if (unit < GBC_NS || unit > GBC_S)
        return nullptr;
    return bm::GetTimeUnitString(static_cast<bm::TimeUnit>(unit));
}

/* ---- session --------------------------------------------------------- */

extern "C" gbc_err_t gbc_create(gbc_t **out)
{
    *out = nullptr;
    try {
        std::unique_ptr<gbc_t> g(new gbc_t);
        /* The library's defaults come from the same variables. */
        Flags &f = g->flags;
        f.out = getenv_or("BENCHMARK_OUT", "");
        f.out_format = getenv_or("BENCHMARK_OUT_FORMAT", "json");
        f.format = getenv_or("BENCHMARK_FORMAT", "console");
        f.color = getenv_or("BENCHMARK_COLOR", "auto");
        const char *tab = getenv("BENCHMARK_COUNTERS_TABULAR");
        f.counters_tabular = tab != nullptr && strcmp(tab, "0") != 0;
        *out = g.release();
        return GBC_OK;
    } catch (const std::bad_alloc &) {
        return GBC_ENOMEM;
    }
}

extern "C" void gbc_destroy(gbc_t *g)
{
    delete g;
}

extern "C" const char *gbc_errmsg(const gbc_t *g)
{
    return g->errmsg.c_str();
}

extern "C" void gbc_set_report_callback(gbc_t *g, gbc_report_fn_t fn, void *user)
{
    g->cb = fn;
    g->cb_user = user;
}

static void print_help()
{
    bm::PrintDefaultHelp();
    fprintf(stdout, "gbc additions to Google Benchmark 1.7.1:\n"
                    "          [--benchmark_min_time=<seconds>s | <iterations>x]\n"
                    "          [--benchmark_dry_run={true|false}]\n");
}

/* Parses one --benchmark_min_time value into f; false if malformed. */
static bool parse_min_time(const char *v, Flags *f, std::string *seconds)
{
    size_t len = strlen(v);
    if (len == 0)
        return false;
    if (v[len - 1] == 'x') {
        if (len == 1 || len > 19)
            return false;
        int64_t n = 0;
        for (size_t i = 0; i + 1 < len; i++) {
            if (v[i] < '0' || v[i] > '9')
                return false;
            n = n * 10 + (v[i] - '0');
        }
        if (n <= 0)
            return false;
        f->nx = n;
        return true;
    }
    std::string num(v, v[len - 1] == 's' ? len - 1 : len);
    char *end = nullptr;
    errno = 0;
    double d = strtod(num.c_str(), &end);
    if (num.empty() || *end != '\0' || errno != 0 || !std::isfinite(d) || d <= 0)
        return false;
    f->nx = 0;
    *seconds = num;
    return true;
}

extern "C" gbc_err_t gbc_initialize(gbc_t *g, int *argc, char **argv)
{
    try {
        Flags f = g->flags;
        /* Storage for rewritten arguments; each is consumed by Initialize(). */
        std::vector<std::unique_ptr<std::string>> rewritten;
        std::vector<char *> args;
        args.push_back(argv[0]);
        for (int i = 1; i < *argc; i++) {
            char *a = argv[i];
            const char *v;
            if ((v = flag_value(a, "benchmark_min_time", false)) != nullptr) {
                std::string secs;
                if (!parse_min_time(v, &f, &secs))
                    return gbc_fail(
                        g, GBC_EINVAL,
                        gbc_fmt("%s: expected seconds (0.5 or 0.5s) or an iteration count "
                                "(100x), greater than zero",
                                a));
                if (f.nx == 0) {
                    rewritten.emplace_back(new std::string("--benchmark_min_time=" + secs));
                    args.push_back(&(*rewritten.back())[0]);
                }
                continue;
            }
            if ((v = flag_value(a, "benchmark_dry_run", true)) != nullptr) {
                f.dry_run = bool_value(v);
                continue;
            }
            if ((v = flag_value(a, "benchmark_out", false)) != nullptr) {
                f.out = v;
            } else if ((v = flag_value(a, "benchmark_out_format", false)) != nullptr) {
                if (!valid_format(v))
                    return gbc_fail(g, GBC_EINVAL, gbc_fmt("%s: expected console, json or csv", a));
                f.out_format = v;
            } else if ((v = flag_value(a, "benchmark_format", false)) != nullptr) {
                if (!valid_format(v))
                    return gbc_fail(g, GBC_EINVAL, gbc_fmt("%s: expected console, json or csv", a));
                f.format = v;
            } else if ((v = flag_value(a, "benchmark_color", false)) != nullptr) {
                if (*v == '\0')
                    return gbc_fail(g, GBC_EINVAL, gbc_fmt("%s: expected auto, true or false", a));
                f.color = v;
            } else if ((v = flag_value(a, "benchmark_counters_tabular", true)) != nullptr) {
                f.counters_tabular = bool_value(v);
            } else if ((v = flag_value(a, "benchmark_time_unit", false)) != nullptr) {
                if (strcmp(v, "ns") != 0 && strcmp(v, "us") != 0 && strcmp(v, "ms") != 0 &&
                    strcmp(v, "s") != 0)
                    return gbc_fail(g, GBC_EINVAL, gbc_fmt("%s: expected ns, us, ms or s", a));
            } else if ((v = flag_value(a, "benchmark_repetitions", false)) != nullptr) {
                /* 1.7.1 prints its own message for a non-number and aborts
                 * on a negative count. */
                char *end;
                errno = 0;
                long n = strtol(v, &end, 10);
                if (*v == '\0' || *end != '\0' || errno != 0 || n < 1 || n > 100000)
                    return gbc_fail(
                        g, GBC_EINVAL,
                        gbc_fmt("%s: expected a whole number of repetitions, 1 to 100000", a));
            } else if ((v = flag_value(a, "benchmark_filter", false)) != nullptr) {
                /* 1.7.1 reports a bad regex and then runs nothing, exit 0. */
                try {
                    std::regex re(v, std::regex::extended);
                    (void)re;
                } catch (const std::regex_error &) {
                    return gbc_fail(g, GBC_EINVAL,
                                    gbc_fmt("%s: not a valid regular expression", a));
                }
            }
            args.push_back(a);
        }
        /* Warm-up ignores an explicit iteration count in 1.7.1. */
        static char no_warmup[] = "--benchmark_min_warmup_time=0";
        if (f.dry_run)
            args.push_back(no_warmup);
        int n = static_cast<int>(args.size());
        args.push_back(nullptr);

        bm::Initialize(&n, args.data(), print_help);

        /* What is left was passed through unchanged, so it points into argv. */
        for (int i = 0; i < n; i++)
            argv[i] = args[static_cast<size_t>(i)];
        *argc = n;
        g->flags = f;
        g->errmsg.clear();
        return GBC_OK;
    } catch (const std::bad_alloc &) {
        return gbc_fail(g, GBC_ENOMEM, "out of memory");
    }
}

extern "C" bool gbc_report_unrecognized_arguments(int argc, char **argv)
{
    return bm::ReportUnrecognizedArguments(argc, argv);
}

extern "C" gbc_err_t gbc_add_context(gbc_t *g, const char *key, const char *value)
{
    if (key == nullptr || *key == '\0' || value == nullptr)
        return gbc_fail(g, GBC_EINVAL, "context key must be a non-empty string, value non-NULL");
    try {
        std::map<std::string, std::string> *ctx = bm::internal::GetGlobalContext();
        if (ctx != nullptr && ctx->count(key) != 0)
            return gbc_fail(g, GBC_EEXIST, gbc_fmt("context key '%s' is already set", key));
        bm::AddCustomContext(key, value);
        return GBC_OK;
    } catch (const std::bad_alloc &) {
        return gbc_fail(g, GBC_ENOMEM, "out of memory");
    }
}

extern "C" gbc_err_t gbc_context_shown(gbc_t *g, const char *key, const char *shown)
{
    std::map<std::string, std::string> *ctx = bm::internal::GetGlobalContext();
    if (key == nullptr || shown == nullptr || ctx == nullptr || ctx->count(key) == 0)
        return gbc_fail(g, GBC_EINVAL, gbc_fmt("context key '%s' is not set", key ? key : ""));
    try {
        g->shown[key] = shown;
        return GBC_OK;
    } catch (const std::bad_alloc &) {
        return gbc_fail(g, GBC_ENOMEM, "out of memory");
    }
}

extern "C" gbc_err_t gbc_console_labels(gbc_t *g, const char *time, const char *cpu,
                                        const char *debug_note)
{
    if (time == nullptr || cpu == nullptr || strlen(time) > 13 || strlen(cpu) > 15)
        return gbc_fail(g, GBC_EINVAL, "console labels: Time at most 13 characters, CPU 15");
    try {
        g->time_label = time;
        g->cpu_label = cpu;
        g->has_note = debug_note != nullptr;
        g->debug_note = debug_note != nullptr ? debug_note : "";
        return GBC_OK;
    } catch (const std::bad_alloc &) {
        return gbc_fail(g, GBC_ENOMEM, "out of memory");
    }
}

extern "C" void gbc_shutdown(void)
{
    bm::Shutdown();
    /* 1.7.1 deletes the context but keeps the pointer: the next report would read freed memory. */
    bm::internal::GetGlobalContext() = nullptr;
}

/* ---- running --------------------------------------------------------- */

/* The name fields a benchmark has without gbc's overrides (1.7.1 format). */
struct NaturalName {
    const gbc_benchmark *b;
    std::string min_time, iterations, repetitions;
};

/*
 * Wraps a library reporter: fixes the names, passes the runs on, and (for
 * one of the two reporters) forwards them to the C callback.
 */
class Forwarder : public bm::BenchmarkReporter
{
  public:
    /* exact: the library's CSV, whose numbers are written with the
     * stream's precision (6 digits unless told): every digit of a double,
     * as its JSON has. */
    Forwarder(std::unique_ptr<bm::BenchmarkReporter> inner, gbc_t *g,
              const std::unordered_map<std::string, NaturalName> *names, bool forward, bool exact,
              bool console = false)
        : inner_(std::move(inner)), g_(g), names_(names), forward_(forward), exact_(exact),
          console_(console)
    {
    }

    bool ReportContext(const Context &context) override
    {
        /* The library set our streams (the out file); SetOutputStream is not virtual. */
        if (exact_)
            GetOutputStream().precision(std::numeric_limits<double>::max_digits10);
        inner_->SetOutputStream(&GetOutputStream());
        inner_->SetErrorStream(&GetErrorStream());
        if (!console_)
            return inner_->ReportContext(context);
        /* The console's context: the values shown short, the DEBUG
         * warning in the program's words; the file reporter keeps both. */
        std::map<std::string, std::string> *ctx = bm::internal::GetGlobalContext();
        std::map<std::string, std::string> kept;
        for (const auto &kv : g_->shown)
            if (ctx != nullptr && ctx->count(kv.first) != 0) {
                kept[kv.first] = (*ctx)[kv.first];
                (*ctx)[kv.first] = kv.second;
            }
        std::ostringstream err;
        inner_->SetErrorStream(&err);
        bool ok = inner_->ReportContext(context);
        inner_->SetErrorStream(&GetErrorStream());
        for (const auto &kv : kept)
            (*ctx)[kv.first] = kv.second;
        std::istringstream lines(err.str());
        for (std::string l; std::getline(lines, l);) {
            if (g_->has_note && l.find("Library was built as DEBUG") != std::string::npos) {
                if (!g_->debug_note.empty())
                    GetErrorStream() << g_->debug_note << "\n";
                continue;
            }
            GetErrorStream() << l << "\n";
        }
        return ok;
    }

    void ReportRuns(const std::vector<Run> &reports) override
    {
        std::vector<Run> runs(reports);
        for (Run &r : runs) {
            auto it = names_->find(r.run_name.function_name);
            if (it == names_->end())
                continue;
            r.run_name.min_time = it->second.min_time;
            r.run_name.iterations = it->second.iterations;
            r.run_name.repetitions = it->second.repetitions;
        }
        if (console_ && !g_->time_label.empty()) {
            /* The heading's Time and CPU, named as the program asked. */
            std::ostringstream out;
            inner_->SetOutputStream(&out);
            inner_->ReportRuns(runs);
            inner_->SetOutputStream(&GetOutputStream());
            std::string text = out.str();
            const std::string from = gbc_fmt(" %13s %15s %12s", "Time", "CPU", "Iterations");
            const std::string to = gbc_fmt(" %13s %15s %12s", g_->time_label.c_str(),
                                           g_->cpu_label.c_str(), "Iterations");
            for (size_t at = 0; (at = text.find(from, at)) != std::string::npos; at += to.size())
                text.replace(at, from.size(), to);
            GetOutputStream() << text;
        } else {
            inner_->ReportRuns(runs);
        }
        if (forward_ && g_->cb != nullptr)
            for (const Run &r : runs)
                forward(r);
    }

    void Finalize() override
    {
        inner_->Finalize();
    }

  private:
    void forward(const Run &r)
    {
        auto it = names_->find(r.run_name.function_name);
        const std::string name = r.benchmark_name();
        const std::string run_name = r.run_name.str();
        std::vector<gbc_counter_t> counters;
        for (const auto &kv : r.counters)
            counters.push_back({kv.first.c_str(), kv.second.value,
                                static_cast<uint32_t>(kv.second.flags),
                                static_cast<gbc_onek_t>(kv.second.oneK)});
        const bool agg = r.run_type == Run::RT_Aggregate;
        const bool pct = agg && r.aggregate_unit == bm::kPercentage;
        gbc_run_t run;
        run.benchmark = it == names_->end() ? nullptr : it->second.b;
        run.name = name.c_str();
        run.run_name = run_name.c_str();
        run.aggregate_name = r.aggregate_name.c_str();
        run.is_aggregate = agg;
        run.is_percentage = pct;
        run.error_occurred = r.error_occurred;
        run.error_message = r.error_message.c_str();
        run.label = r.report_label.c_str();
        run.iterations = r.iterations;
        run.repetition_index = agg ? -1 : r.repetition_index;
        run.repetitions = r.repetitions;
        run.threads = r.threads;
        run.time_unit = static_cast<gbc_time_unit_t>(r.time_unit);
        /* As the JSON reporter prints them. */
        run.real_time = pct ? r.real_accumulated_time : r.GetAdjustedRealTime();
        run.cpu_time = pct ? r.cpu_accumulated_time : r.GetAdjustedCPUTime();
        run.complexity_n = r.complexity_n;
        run.counter_count = counters.size();
        run.counters = counters.empty() ? nullptr : counters.data();
        g_->cb(&run, g_->cb_user);
    }

    std::unique_ptr<bm::BenchmarkReporter> inner_;
    gbc_t *g_;
    const std::unordered_map<std::string, NaturalName> *names_;
    bool forward_, exact_, console_;
};

/* The library's internal::CreateReporter(), which it does not export. */
static std::unique_ptr<bm::BenchmarkReporter> make_reporter(const std::string &format,
                                                            bm::ConsoleReporter::OutputOptions o)
{
    if (format == "json")
        return std::unique_ptr<bm::BenchmarkReporter>(new bm::JSONReporter);
    if (format == "csv") {
        /* Deprecated in 1.7.1 but still a valid --benchmark_format. */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
        return std::unique_ptr<bm::BenchmarkReporter>(new bm::CSVReporter);
#pragma GCC diagnostic pop
    }
    return std::unique_ptr<bm::BenchmarkReporter>(new bm::ConsoleReporter(o));
}

/* The library's GetOutputOptions() and IsColorTerminal(). */
static bm::ConsoleReporter::OutputOptions display_options(const Flags &f)
{
    bool color;
    if (f.color == "auto") {
        static const char *const terms[] = {
            "xterm",         "xterm-color",     "xterm-256color",
            "screen",        "screen-256color", "tmux",
            "tmux-256color", "rxvt-unicode",    "rxvt-unicode-256color",
            "linux",         "cygwin"};
        const char *term = getenv("TERM");
        color = false;
        if (isatty(STDOUT_FILENO) && term != nullptr)
            for (const char *t : terms)
                color = color || strcmp(term, t) == 0;
    } else {
        color = truthy(f.color);
    }
    int o = (color ? bm::ConsoleReporter::OO_Color : 0) |
            (f.counters_tabular ? bm::ConsoleReporter::OO_Tabular : 0);
    return static_cast<bm::ConsoleReporter::OutputOptions>(o);
}

/* Hands one description to the library, with the flag overrides applied. */
static void materialize(const gbc_t *g, gbc_benchmark *b)
{
    const Flags &f = g->flags;
    Family *fam = bm::RegisterBenchmark(b->name.c_str(), [b](bm::State &s) {
        gbc_state st = {&s, b};
        b->fn(&st, b->user);
    });
    for (const auto &op : b->arg_ops)
        op(fam);
    if (!b->arg_names.empty())
        fam->ArgNames(b->arg_names);
    if (b->has_unit)
        fam->Unit(static_cast<bm::TimeUnit>(b->unit));
    if (b->real_time)
        fam->UseRealTime();
    if (b->big_o != GBC_BIG_O_NONE)
        fam->Complexity(static_cast<bm::BigO>(b->big_o));
    if (b->aggregates_only != -1)
        fam->ReportAggregatesOnly(b->aggregates_only == 1);
    int reps = f.dry_run ? 1 : b->repetitions;
    if (reps != 0)
        fam->Repetitions(reps);
    /* Precedence as in later releases: own Iterations, then Nx, then own MinTime. */
    int64_t iters = f.dry_run ? 1 : b->iterations != 0 ? b->iterations : f.nx;
    if (iters != 0)
        fam->Iterations(iters);
    else if (b->min_time != 0)
        fam->MinTime(b->min_time);
}

extern "C" gbc_err_t gbc_run(gbc_t *g, const char *filter, size_t *matched)
{
    if (matched != nullptr)
        *matched = 0;
    for (const auto &b : g->benches)
        if (!b->arg_names.empty() &&
            static_cast<int>(b->arg_names.size()) != (b->nargs < 0 ? 0 : b->nargs))
            return gbc_fail(g, GBC_EINVAL,
                            gbc_fmt("benchmark '%s' has %zu argument names for %d arguments",
                                    b->name.c_str(), b->arg_names.size(),
                                    b->nargs < 0 ? 0 : b->nargs));
    const Flags &f = g->flags;
    if (!f.out.empty()) {
        /* The library would exit(1); the file is truncated by it anyway. */
        FILE *fp = fopen(f.out.c_str(), "w");
        if (fp == nullptr)
            return gbc_fail(g, GBC_EIO,
                            gbc_fmt("--benchmark_out=%s: %s", f.out.c_str(), strerror(errno)));
        fclose(fp);
    }
    try {
        std::unordered_map<std::string, NaturalName> names;
        for (const auto &b : g->benches) {
            NaturalName &n = names[b->name];
            n.b = b.get();
            if (b->min_time != 0)
                n.min_time = gbc_fmt("min_time:%0.3f", b->min_time);
            if (b->iterations != 0)
                n.iterations = gbc_fmt("iterations:%lu", static_cast<unsigned long>(b->iterations));
            if (b->repetitions != 0)
                n.repetitions = gbc_fmt("repeats:%d", b->repetitions);
        }
        bm::ClearRegisteredBenchmarks();
        for (const auto &b : g->benches)
            materialize(g, b.get());
        Forwarder display(make_reporter(f.format, display_options(f)), g, &names, f.out.empty(),
                          f.format == "csv", f.format == "console");
        std::unique_ptr<Forwarder> file;
        if (!f.out.empty())
            file.reset(new Forwarder(make_reporter(f.out_format, bm::ConsoleReporter::OO_None), g,
                                     &names, true, f.out_format == "csv"));
        size_t n = filter != nullptr ? bm::RunSpecifiedBenchmarks(&display, file.get(), filter)
                                     : bm::RunSpecifiedBenchmarks(&display, file.get());
        bm::ClearRegisteredBenchmarks();
        if (matched != nullptr)
            *matched = n;
        return GBC_OK;
    } catch (const std::bad_alloc &) {
        bm::ClearRegisteredBenchmarks();
        return gbc_fail(g, GBC_ENOMEM, "out of memory");
    }
}
