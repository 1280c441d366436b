/*
 * fittable.c -- which of the model's parameters a fit may move, and which
 * describe the measurement instead (fit.h, fit_fittable()).
 *
 * A parameter is fittable when its value is genuinely uncertain: chosen a
 * priori or read off the published figures, with no format, dump, document
 * or user's setting behind it.  A format (a block's header bytes), a
 * documented default (_fairness_threshold) or a setting the user made
 * (PCTFREE, the arraysize, the users of a cluster run) is not: fitting it
 * would bend a known fact to absorb the model's error elsewhere.  The
 * settings are listed too: they are what was measured, so a fit takes them
 * from the reference session's recorded parameters (when it has them) and
 * never moves them.  Every parameter of case_param_name() not listed here is
 * fixed (docs/lob-insert.md, docs/heap.md and docs/rac.md give each one's
 * source).
 */
#include "fit.h"

#include <assert.h>
#include <string.h>

/* hi 0: 4 x the default + 16. */
static const fit_fittable_t table[] = {
    /* The LOB insert's costs: the published figures are per allocation
     * ("about 300 db block gets", "2 TX enqueues", "about 250 bytes of
     * undo") or per row, not per code path. */
    {"dsp.refill_gets", "lob", 0, 0, "current gets of a local dispenser refill: not published"},
    {"dsp.refill_enqueues", "lob", 0, 0, "TX enqueues of a refill: not published"},
    {"dsp.refill_cgets", "lob", 0, 0, "consistent gets of a refill: not published"},
    {"dsp.search_gets", "lob", 0, 0, "\"about 300 db block gets\" per remote allocation"},
    {"dsp.search_enqueues", "lob", 0, 0, "\"2 TX enqueues\" per allocation, approximate"},
    {"dsp.search_cgets", "lob", 0, 0, "consistent gets of a search: not published"},
    {"dsp.extent_gets", "lob", 0, 0, "the recursive space transaction per extent: not published"},
    {"dsp.extent_enqueues", "lob", 0, 0, "its TX enqueues: not published"},
    {"dsp.extent_cr", "lob", 0, 0, "CR clones per extent, read off two local columns"},
    {"undo.space_cv_bytes", "lob", 0, 0, "\"about 250 bytes of undo\" per allocation"},
    {"undo.hwm_cv_bytes", "lob", 0, 0, "fitted over the seven local columns"},
    {"undo.lob_cv_bytes", "lob", 0, 0, "\"about 340 bytes a row\" read off the 2k columns"},
    {"undo.lob_map_cv_bytes", "lob", 0, 0, "undo growing with chunks, read off the remote columns"},
    {"link.open_roundtrips", "lob", 0, 0, "\"rows + about 20\" round trips: the split is unknown"},
    {"link.close_roundtrips", "lob", 0, 0, "the other part of the same 20"},
    {"link.row_overhead_bytes", "lob", 0, 0, "SQL*Net framing per row: a priori"},
    {"row.row_gets", "lob", 0, 0, "gets of a source row and its locator: read off the figures"},
    {"row.cached_lob_blocks", "lob", 0, 0, "source LOB blocks read through the cache: read off"},
    {"row.insert_row_gets", "lob", 0, 0, "current gets of the remote row insert: read off"},
    {"row.map_cr_chunks", "lob", 0, 0, "chunks per undo visit of a map CR read: read off"},
    {"row.append_row_gets_pm", "lob", 0, 0, "a rate whose mechanism is not identified"},
    {"row.t2_extent_cr", "lob", 0, 0, "clones per new t2 extent: read off the local CR figures"},
    {"read.row_bytes", "lob", 0, 0, "t2's row: a priori, no dump of t2"},
    {"read.index_entry_bytes", "lob", 0, 0, "t2's key entry: a priori"},
    {"read.block_header_bytes", "lob", 0, 0, "t2's block header and ITLs: a priori"},
    {"cluster.ges_per_enqueue", "lob", 0, 0, "global enqueue messages per TX request: a priori"},
    /* The heap table: formats are dumped or documented; these are not. */
    {"heap.bbc_single_gap", "heap", 0, 23,
     "one-bit atoms past 0x08 inferred from the control byte, never seen in a dump"},
    {"heap.l1_small_kb", "heap", 0, 0, "ASSM L1 coverage thresholds: not documented"},
    {"heap.l1_medium_kb", "heap", 0, 0, "the second threshold: not documented"},
    {"heap.dict_reads", "heap", 0, 0, "a hard parse's dictionary reads an object: fitted"},
    {"heap.recursive_calls", "heap", 0, 0, "a hard parse's recursive calls an object: fitted"},
    {"heap.connect_reads", "heap", 0, 0, "a login's dictionary reads: fitted"},
    {"heap.connect_calls", "heap", 0, 0, "a login's recursive calls: no published figure"},
    /* The cluster: the parameters rac.md marks a priori. */
    {"rac.reads", "rac", 0, 0, "rows read a transaction: the study does not say"},
    {"rac.updates", "rac", 0, 0, "rows updated a transaction: the study does not say"},
    {"rac.inserts", "rac", 0, 0, "rows inserted a transaction: the study does not say"},
    {"rac.redo_bytes", "rac", 1, 0, "redo of a changed row: a priori"},
    {"rac.commit_redo_bytes", "rac", 0, 0, "redo of a commit record: a priori"},
    {"rac.undo_bytes", "rac", 1, 0, "undo of a changed row: a priori"},
    {"rac.undo_segments", "rac", 1, 0, "undo segments online: a priori (a new AUM tablespace's)"},
    {"rac.think_us", "rac", 0, 100000, "think time: the study states none"},
    {"rac.cpu_us", "rac", 1, 0, "CPU of a statement: a priori"},
    {"rac.msg_cpu_us", "rac", 0, 0, "CPU of a message: AWR rounds it to 0.0 ms"},
    {"rac.lms_us", "rac", 0, 0, "LMS CPU per request: AWR rounds it to 0.0 ms"},
    {"rac.cr_build_us", "rac", 0, 0, "LMS CPU of a CR copy: 0.0 .. 0.1 ms in AWR"},
    {"rac.log_write_us", "rac", 1, 0, "a log write's latency: a priori"},
    {"rac.log_mb_s", "rac", 1, 0, "the log device's bandwidth: a priori"},
};

/* What was measured: the user's settings, taken from the session. */
static const char *const settings[] = {
    "read.mbrc_kb",
    "read.lob_read_kb",
    "read.fetch_lobs",
    "row.t2_extent_kb",
    "heap.extent_kb",
    "heap.pctfree",
    "heap.mbrc_kb",
    "heap.arraysize",
    "heap.range_arraysize",
    "heap.range_rows",
    "heap.few_rows",
    "heap.dict_cache",
    "heap.dict_block_size",
    "rac.users",
    "rac.transactions",
    "rac.warmup",
    "rac.affinity_pm",
    "rac.seq_cache",
    "rac.cores",
    "rac.lms",
    "rac.client_rtt_us",
    "rac.interconnect",
    "rac.link_us",
    "rac.link_mbit",
    "rac.mtu",
};

size_t fit_fittable_count(void)
{
    return sizeof table / sizeof table[0];
}

const fit_fittable_t *fit_fittable(size_t i)
{
    return i < fit_fittable_count() ? &table[i] : NULL;
}

const fit_fittable_t *fit_fittable_find(const char *name)
{
    assert(name != NULL);
    for (size_t i = 0; i < fit_fittable_count(); i++)
        if (strcmp(table[i].name, name) == 0)
            return &table[i];
    return NULL;
}

int fit_is_setting(const char *name)
{
    assert(name != NULL);
    for (size_t i = 0; i < sizeof settings / sizeof settings[0]; i++)
        if (strcmp(settings[i], name) == 0)
            return 1;
    return 0;
}

/* One "name=value" word of a recorded parameter text: set it on c if it
 * is a setting. */
static void apply_word(case_t *c, const char *w, size_t len)
{
    char buf[128];
    if (len >= sizeof buf)
        return;
    memcpy(buf, w, len);
    buf[len] = '\0';
    char *eq = strchr(buf, '=');
    if (eq == NULL)
        return;
    *eq = '\0';
    if (!fit_is_setting(buf))
        return;
    uint64_t v;
    uint32_t named;
    if (case_param_keyword(buf, eq + 1, &named) == 0)
        case_set_param(c, buf, named);
    else if (sim_parse_u64(eq + 1, UINT32_MAX, &v) == 0)
        case_set_param(c, buf, (uint32_t)v);
}

void fit_apply_settings(case_t *c, const char *params)
{
    assert(c != NULL);
    if (params == NULL)
        return;
    for (const char *p = params; *p;) {
        p += strspn(p, " ");
        size_t n = strcspn(p, " ");
        if (n)
            apply_word(c, p, n);
        p += n;
    }
}
