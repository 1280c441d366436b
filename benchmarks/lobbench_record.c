/*
 * lobbench_record.c -- where a run came from (commit, dirty flag, host,
 * compiler, command line) and the sweep recorded in the results store with
 * the Oracle reference beside it.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "lobbench_int.h"
#include "results.h"

/* First line of a command's output, or "unknown". */
static void command_line_of(const char *cmd, char *buf, size_t len)
{
    snprintf(buf, len, "unknown");
    FILE *p = popen(cmd, "r");
    if (p == NULL)
        return;
    if (fgets(buf, (int)len, p)) {
        buf[strcspn(buf, "\n")] = '\0';
        if (*buf == '\0')
            snprintf(buf, len, "unknown");
    } else {
        snprintf(buf, len, "unknown");
    }
    pclose(p);
}

void lobbench_provenance(provenance_t *pv)
{
    command_line_of("git -C '" LOBSIM_SOURCE_DIR "' rev-parse HEAD 2>/dev/null", pv->commit,
                    sizeof pv->commit);
    char st[64];
    command_line_of("git -C '" LOBSIM_SOURCE_DIR "' status --porcelain --untracked-files=no "
                    "2>/dev/null | head -n 1 | wc -l",
                    st, sizeof st);
    pv->dirty = strcmp(pv->commit, "unknown") == 0 ? -1 : atoi(st) > 0;
    if (gethostname(pv->host, sizeof pv->host) != 0)
        snprintf(pv->host, sizeof pv->host, "unknown");
    pv->host[sizeof pv->host - 1] = '\0';
#if defined(__clang__)
    snprintf(pv->compiler, sizeof pv->compiler, "Clang %s", __clang_version__);
#elif defined(__GNUC__)
    snprintf(pv->compiler, sizeof pv->compiler, "GNU %d.%d.%d", __GNUC__, __GNUC_MINOR__,
             __GNUC_PATCHLEVEL__);
#else
    snprintf(pv->compiler, sizeof pv->compiler, "unknown");
#endif
}

/* The store opened for recording; the user's own store (no --db) gets its
 * folders first.  0, or 1 with one line on stderr. */
static int open_store(const bench_opts_t *o, res_store_t **store)
{
    char err[512];
    if ((!o->db_given && sim_store_make_dirs(o->db, err, sizeof err) != 0) ||
        res_open(o->db, RES_OPEN_CREATE, store, err, sizeof err) != SIM_OK) {
        fprintf(stderr, "lobbench: %s\n", err);
        return 1;
    }
    return 0;
}

char *lobbench_join_argv(int argc, char **argv)
{
    size_t len = 1;
    for (int i = 0; i < argc; i++)
        len += strlen(argv[i]) + 1;
    char *s = malloc(len);
    if (s == NULL)
        return NULL;
    s[0] = '\0';
    for (int i = 0; i < argc; i++) {
        if (i)
            strcat(s, " ");
        strcat(s, argv[i]);
    }
    return s;
}

int lobbench_record(const bench_opts_t *o, const sweep_t *sw, const provenance_t *pv,
                    const char *cmdline, time_t started, int completed)
{
    res_store_t *store;
    if (open_store(o, &store) != 0)
        return 1;
    /* The Oracle measurements sit in every store as a run of their own, so
     * that `lobdiff reference latest` and the comparison views work; the
     * file is the installed copy's or the source tree's (sim/where.c). */
    char ref[4096];
    int have_ref = sim_reference_file(RES_REFERENCE_FILE, ref, sizeof ref);
    if (!have_ref)
        fprintf(stderr, "lobbench: warning: no Oracle reference at %s (%s); recording without it\n",
                ref, strerror(errno));
    /* The store learns the order of the workloads from workload/'s table. */
    res_workload_t wl[WORKLOAD_MAX];
    for (size_t i = 0; i < workload_count(); i++)
        wl[i] = (res_workload_t){workload_name(i), workload_family(i), workload_title(i)};
    if (res_set_workloads(store, wl, workload_count()) != SIM_OK ||
        (have_ref && res_load_reference(store, ref, NULL) != SIM_OK)) {
        fprintf(stderr, "lobbench: %s\n", res_errmsg(store));
        res_close(store);
        return 1;
    }
    int rc = 0;
    res_session_t *sess = calloc(sw->ncases, sizeof *sess);
    /* A heap statement's recursive SQL, apart: the session's state, not the
     * statement's (heap_sim/heap.c). */
    res_part_t *parts = calloc(sw->ncases, sizeof *parts);
    /* Each session's parameter text, sw->ncases slots of PARAMS_LEN. */
    enum { PARAMS_LEN = CASE_PARAMS_LEN };
    char *case_params = malloc(sw->ncases * PARAMS_LEN);
    char params[PARAMS_LEN];
    size_t n = 0;
    if (sess == NULL || case_params == NULL || parts == NULL) {
        fprintf(stderr, "lobbench: out of memory recording into %s\n", o->db);
        free(sess);
        free(parts);
        free(case_params);
        res_close(store);
        return 1;
    }
    for (size_t i = 0; i < sw->ncases; i++) {
        const bench_case_t *bc = &sw->cases[i];
        if (!bc->ran)
            continue;
        char *cp = case_params + n * PARAMS_LEN;
        case_describe_params(&bc->c, cp, PARAMS_LEN);
        sess[n].workload = workload_name(bc->c.workload);
        sess[n].path = case_path_name(bc->c.path);
        sess[n].lob_chars = bc->c.lob_chars;
        sess[n].block_size = bc->c.block_size;
        sess[n].rows = bc->c.rows;
        sess[n].piece_size = bc->c.piece_size;
        sess[n].seed = bc->c.seed;
        sess[n].params = cp;
        sess[n].stats = bc->st;
        if (workload_is_heap(bc->c.workload)) {
            parts[n].name = RES_PART_RECURSIVE;
            case_result_recursive(&bc->res, &parts[n].stats);
            sess[n].parts = &parts[n];
            sess[n].nparts = 1;
        }
        sess[n].nsnaps = bc->nsnaps;
        sess[n].snap_rows = bc->snap_rows;
        sess[n].snaps = bc->snaps;
        sess[n].timed = bc->repetitions > 0;
        sess[n].timing.iterations = bc->iterations;
        sess[n].timing.real_time_ns = bc->real_ns;
        sess[n].timing.cpu_time_ns = bc->cpu_ns;
        sess[n].timing.repetitions = (uint32_t)bc->repetitions;
        sess[n].timing.nsamples = bc->nsamples;
        sess[n].timing.real_samples_ns = bc->real_samples_ns;
        sess[n].timing.cpu_samples_ns = bc->cpu_samples_ns;
        n++;
    }
    case_describe_params(&sw->cases[0].c, params, sizeof params);
    res_run_t run;
    res_run_defaults(&run);
    run.started = (int64_t)started;
    run.git_commit = strcmp(pv->commit, "unknown") ? pv->commit : NULL;
    run.git_dirty = pv->dirty;
    run.host = pv->host;
    run.compiler = pv->compiler;
    run.build_type = LOBSIM_BUILD_TYPE;
    run.command_line = cmdline;
    run.params = params;
    run.seed = o->seed;
    run.completed = completed;
    int64_t id = 0;
    if (n == 0) {
        fprintf(stderr, "lobbench: no case ran; nothing recorded in %s\n", o->db);
        rc = 1;
    } else if (res_record_run(store, &run, sess, n, &id) != SIM_OK) {
        fprintf(stderr, "lobbench: %s\n", res_errmsg(store));
        rc = 1;
    } else if (!o->quiet) {
        printf("\nRecorded as run %lld in %s (%zu sessions).\n", (long long)id, o->db, n);
    } else {
        /* --quiet keeps the run's id, on stderr: stdout may be JSON. */
        fprintf(stderr, "Recorded as run %lld in %s (%zu sessions).\n", (long long)id, o->db, n);
    }
    free(sess);
    free(parts);
    free(case_params);
    res_close(store);
    return rc;
}

/* res_digest() of o->script's bytes, the digest that pairs it with
 * Oracle's spool: 0, or 1 with one line on stderr. */
static int script_digest(const bench_opts_t *o, char digest[RES_DIGEST_LEN])
{
    FILE *f = fopen(o->script, "rb");
    char *text = NULL;
    size_t len = 0, cap = 0;
    while (f) {
        if (len == cap) {
            char *t = realloc(text, cap = cap ? 2 * cap : 65536);
            if (t == NULL)
                break;
            text = t;
        }
        size_t got = fread(text + len, 1, cap - len, f);
        len += got;
        if (got == 0)
            break;
    }
    int bad = f == NULL || ferror(f) || (len == cap && !feof(f));
    if (f)
        fclose(f);
    if (bad) {
        fprintf(stderr, "lobbench: %s: cannot read it again to record its digest\n", o->script);
        free(text);
        return 1;
    }
    res_digest(text, len, digest);
    free(text);
    return 0;
}

/* A script run's record (res_run_t) from what lobbench knows of it. */
static void script_run_of(const lobbench_script_ctx_t *ctx, const bench_opts_t *o,
                          const provenance_t *pv, const char *digest, res_run_t *run)
{
    res_run_defaults(run);
    run->started = (int64_t)ctx->started;
    run->git_commit = strcmp(pv->commit, "unknown") ? pv->commit : NULL;
    run->git_dirty = pv->dirty;
    run->host = pv->host;
    run->compiler = pv->compiler;
    run->build_type = LOBSIM_BUILD_TYPE;
    run->command_line = ctx->cmdline;
    run->seed = o->seed;
    run->script_file = o->script;
    run->script_digest = digest;
}

/* The run recorded in o->db, with the workloads' order from workload/'s
 * table and scripts' after them (no sweep runs a script): 0, or 1 with
 * one line on stderr; `what` names the sessions in the closing line. */
static int record_script_run(const bench_opts_t *o, const res_run_t *run, const res_session_t *sess,
                             size_t n, const char *what)
{
    res_workload_t wl[WORKLOAD_MAX + 2];
    size_t nwl = workload_count();
    for (size_t i = 0; i < nwl; i++)
        wl[i] = (res_workload_t){workload_name(i), workload_family(i), workload_title(i)};
    wl[nwl++] = (res_workload_t){RES_SCRIPT_WORKLOAD, RES_SCRIPT_FAMILY, RES_SCRIPT_TITLE};
    if (o->nsessions)
        wl[nwl++] = (res_workload_t){RES_SESSIONS_WORKLOAD, RES_SCRIPT_FAMILY, RES_SESSIONS_TITLE};
    res_store_t *store;
    int64_t id = 0;
    int rc = 0;
    if (open_store(o, &store) != 0)
        return 1;
    if (res_set_workloads(store, wl, nwl) != SIM_OK ||
        res_record_run(store, run, sess, n, &id) != SIM_OK) {
        fprintf(stderr, "lobbench: %s\n", res_errmsg(store));
        rc = 1;
    } else {
        fprintf(o->quiet ? stderr : stdout, "\nRecorded as run %lld in %s (%zu %s).\n",
                (long long)id, o->db, n, what);
    }
    res_close(store);
    return rc;
}

int lobbench_record_script(void *arg, const bench_opts_t *o, const bench_step_t *steps, size_t n)
{
    const lobbench_script_ctx_t *ctx = arg;
    char digest[RES_DIGEST_LEN];
    if (script_digest(o, digest) != 0)
        return 1;
    res_session_t *sess = calloc(n, sizeof *sess);
    if (sess == NULL) {
        fprintf(stderr, "lobbench: out of memory recording into %s\n", o->db);
        return 1;
    }
    for (size_t i = 0; i < n; i++)
        sess[i] = (res_session_t){.workload = RES_SCRIPT_WORKLOAD,
                                  .path = "local",
                                  .block_size = steps[i].block_size,
                                  .seed = o->seed,
                                  .stats = steps[i].stats,
                                  .step = steps[i].step,
                                  .statement = steps[i].statement,
                                  .table = steps[i].table,
                                  .segment = steps[i].segment};
    provenance_t pv;
    lobbench_provenance(&pv);
    res_run_t run;
    script_run_of(ctx, o, &pv, digest, &run);
    int rc = record_script_run(o, &run, sess, n, "sessions");
    free(sess);
    return rc;
}

int lobbench_record_sessions(void *arg, const bench_opts_t *o, const bench_ses_t *ses, size_t n,
                             const char *params)
{
    const lobbench_script_ctx_t *ctx = arg;
    char digest[RES_DIGEST_LEN];
    if (script_digest(o, digest) != 0)
        return 1;
    size_t nev = 0;
    for (size_t i = 0; i < n; i++)
        nev += ses[i].nevents * (1 + ses[i].nsnaps);
    res_session_t *sess = calloc(n, sizeof *sess);
    res_event_t *ev = calloc(nev ? nev : 1, sizeof *ev);
    if (sess == NULL || ev == NULL) {
        fprintf(stderr, "lobbench: out of memory recording into %s\n", o->db);
        free(sess);
        free(ev);
        return 1;
    }
    res_event_t *e = ev;
    for (size_t i = 0; i < n; i++) {
        const bench_ses_t *x = &ses[i];
        sess[i] = (res_session_t){.workload = RES_SESSIONS_WORKLOAD,
                                  .path = "local",
                                  .block_size = x->block_size,
                                  .seed = o->seed,
                                  .params = params,
                                  .stats = x->stats,
                                  .ses_count = x->count,
                                  .ses_sid = x->sid,
                                  .nsnaps = x->nsnaps,
                                  .snaps = x->snaps,
                                  .snap_seconds = x->snap_seconds,
                                  .nevents = x->nevents,
                                  .events = e};
        for (size_t k = 0; k < x->nevents; k++)
            *e++ = (res_event_t){x->events[k].event, x->events[k].wait_class, x->events[k].waits,
                                 x->events[k].micro};
        if (x->nsnaps) {
            sess[i].snap_events = e;
            for (size_t k = 0; k < x->nevents * x->nsnaps; k++)
                *e++ = (res_event_t){x->snap_events[k].event, x->snap_events[k].wait_class,
                                     x->snap_events[k].waits, x->snap_events[k].micro};
        }
    }
    provenance_t pv;
    lobbench_provenance(&pv);
    res_run_t run;
    script_run_of(ctx, o, &pv, digest, &run);
    run.params = params;
    int rc = record_script_run(o, &run, sess, n, "sessions: each count's system and its sessions");
    free(sess);
    free(ev);
    return rc;
}
