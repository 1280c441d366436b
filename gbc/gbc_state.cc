/*
 * gbc_state.cc -- the calls a benchmark function makes on its gbc_state_t
 * (gbc.h), inside the library's run.
 */
#include "gbc_int.hh"

/* ---- inside a benchmark ---------------------------------------------- */

/* A void setter ran out of memory: fail the run rather than unwind into C. */
static void oom(gbc_state_t *st)
{
    try {
        st->s->SkipWithError("gbc: out of memory");
    } catch (...) {
    }
}

extern "C" bool gbc_state_keep_running_batch(gbc_state_t *st, int64_t *n)
{
    bm::State &s = *st->s;
    /* All that is left, so that the library never overshoots the count. */
    int64_t left = s.max_iterations - s.iterations();
    if (left < 1)
        left = 1;
    if (s.KeepRunningBatch(left)) {
        *n = left;
        return true;
    }
    *n = 0;
    return false;
}

extern "C" bool gbc_state_keep_running(gbc_state_t *st)
{
    return st->s->KeepRunning();
}

extern "C" void gbc_state_pause_timing(gbc_state_t *st)
{
    st->s->PauseTiming();
}

extern "C" void gbc_state_resume_timing(gbc_state_t *st)
{
    st->s->ResumeTiming();
}

extern "C" void gbc_state_skip_with_error(gbc_state_t *st, const char *msg)
{
    try {
        st->s->SkipWithError(msg != nullptr ? msg : "(no message)");
    } catch (...) {
    }
}

extern "C" bool gbc_state_error_occurred(const gbc_state_t *st)
{
    return st->s->error_occurred();
}

extern "C" size_t gbc_state_range_count(const gbc_state_t *st)
{
    return st->b->nargs < 0 ? 0 : static_cast<size_t>(st->b->nargs);
}

extern "C" int64_t gbc_state_range(const gbc_state_t *st, size_t pos)
{
    /* range() only asserts, and the library's asserts may be compiled out. */
    if (pos >= gbc_state_range_count(st)) {
        fprintf(stderr, "gbc_state_range: position %zu of benchmark '%s' with %zu arguments\n", pos,
                st->b->name.c_str(), gbc_state_range_count(st));
        abort();
    }
    return st->s->range(pos);
}

extern "C" int64_t gbc_state_iterations(const gbc_state_t *st)
{
    return st->s->iterations();
}

extern "C" int64_t gbc_state_max_iterations(const gbc_state_t *st)
{
    return st->s->max_iterations;
}

extern "C" void gbc_state_set_label(gbc_state_t *st, const char *label)
{
    try {
        st->s->SetLabel(label != nullptr ? label : "");
    } catch (const std::bad_alloc &) {
        oom(st);
    }
}

extern "C" void gbc_state_set_bytes_processed(gbc_state_t *st, int64_t bytes)
{
    try {
        st->s->SetBytesProcessed(bytes);
    } catch (const std::bad_alloc &) {
        oom(st);
    }
}

extern "C" void gbc_state_set_items_processed(gbc_state_t *st, int64_t items)
{
    try {
        st->s->SetItemsProcessed(items);
    } catch (const std::bad_alloc &) {
        oom(st);
    }
}

extern "C" void gbc_state_set_complexity_n(gbc_state_t *st, int64_t n)
{
    st->s->SetComplexityN(n);
}

extern "C" gbc_err_t gbc_state_set_counter(gbc_state_t *st, const char *name, double value,
                                           uint32_t flags, gbc_onek_t onek)
{
    gbc_t *g = st->b->g;
    if (name == nullptr || *name == '\0')
        return gbc_fail(g, GBC_EINVAL, "counter name must be a non-empty string");
    if ((flags & ~counter_flag_mask) != 0)
        return gbc_fail(g, GBC_EINVAL,
                        gbc_fmt("counter '%s': flags 0x%x has bits outside gbc_counter_flag_t and "
                                "GBC_COUNTER_INVERT",
                                name, flags));
    if (onek != GBC_ONEK_1000 && onek != GBC_ONEK_1024)
        return gbc_fail(g, GBC_EINVAL,
                        gbc_fmt("counter '%s': onek %d, expected GBC_ONEK_1000 or GBC_ONEK_1024",
                                name, static_cast<int>(onek)));
    try {
        st->s->counters[name] =
            bm::Counter(value, static_cast<bm::Counter::Flags>(static_cast<int32_t>(flags)),
                        static_cast<bm::Counter::OneK>(onek));
        return GBC_OK;
    } catch (const std::bad_alloc &) {
        return gbc_fail(g, GBC_ENOMEM, "out of memory");
    }
}
