/*
 * rac_sim_int.h -- what the files of rac_sim share: the simulation's state
 * (rac_t), its kinds of event and queued resources, and each file's entry
 * points.
 *
 * The simulation is discrete-event, in integer nanoseconds, on sim/'s
 * engine (sim_engine_t), one seed deciding every draw, so a case gives the
 * same figures bit for bit.  The servers (cpu.c, lgwr.c, link.c) end their
 * work as an event of a kind, and rac.c registers which file handles each
 * kind: a server never calls who waits for it, so the files call each other
 * in one direction only (rac.c -> session.c -> gc.c -> the servers ->
 * account.c, block.c).  The files and their concerns:
 *   cpu.c      each instance's cores: one queue, LMS before foregrounds;
 *   lgwr.c     each instance's log writer: group commit, one queue for
 *              commits and for the flushes that precede shipping a block;
 *   link.c     the interconnect profiles and one queue per direction;
 *   account.c  where each user's time goes (idle, run queue, CPU, a wait);
 *   block.c    per instance and block, what its sessions and LMS do with it;
 *   layout.c   which blocks a statement visits: the table's rows, the
 *              primary key, ASSM space, the sequence, undo;
 *   session.c  the users: transactions, statements, their waits;
 *   gc.c       a global cache request, from the requester to the other
 *              instance's LMS and back;
 *   window.c   the AWR window: when it opens and closes, its counts;
 *   awr.c      the AWR figures, per instance and for the cluster;
 *   rac.c      the run: set-up, the handlers, the event loop, the
 *              workload's entry points.
 */
#ifndef LOBSIM_RAC_SIM_INT_H
#define LOBSIM_RAC_SIM_INT_H

#include <math.h>

#include "gcache.h"
#include "heap_sim.h"
#include "rac_sim.h"

#define RAC_NS_PER_US 1000ull

/* ---- block kinds (gcache.h names blocks by kind and number) ------------ */

enum {
    K_TABLE,     /* the table's data blocks */
    K_LEAF,      /* primary key leaves, by key range */
    K_BRANCH,    /* primary key branch blocks: 0 the root, then level 1 */
    K_SEQ,       /* the sequence's row in SEQ$ (one dictionary block) */
    K_L1,        /* ASSM first-level bitmap blocks, table and index segments */
    K_SEGHDR,    /* segment headers: 0 the table's, 1 the index's */
    K_UNDO_HDR0, /* undo segment headers of instance 0, then of instance 1 */
    K_UNDO0 = K_UNDO_HDR0 + GCACHE_INSTANCES, /* undo blocks of instance 0, then 1 */
    K_COUNT = K_UNDO0 + GCACHE_INSTANCES
};
_Static_assert(K_COUNT <= GCACHE_KINDS, "raise GCACHE_KINDS");
/* Numbers within kinds stay small (gcache and the block states are dense
 * arrays): the root is branch 0 and level-1 branches follow it; the table
 * segment's L1 blocks are the even numbers, the index segment's the odd. */

/* ---- the wait events -------------------------------------------------- */

enum {
    E_GC_CR_BLOCK_2WAY, /* gc {cr,current} {block,grant} {2-way,busy,congested}: */
    E_GC_CR_BLOCK_BUSY, /* 12 events in that order */
    E_GC_CR_BLOCK_CONGESTED,
    E_GC_CR_GRANT_2WAY,
    E_GC_CR_GRANT_BUSY,
    E_GC_CR_GRANT_CONGESTED,
    E_GC_CURRENT_BLOCK_2WAY,
    E_GC_CURRENT_BLOCK_BUSY,
    E_GC_CURRENT_BLOCK_CONGESTED,
    E_GC_CURRENT_GRANT_2WAY,
    E_GC_CURRENT_GRANT_BUSY,
    E_GC_CURRENT_GRANT_CONGESTED,
    E_GC_CR_BLOCK_LOST,      /* a lost reply's timer: gc {cr,current} block lost */
    E_GC_CURRENT_BLOCK_LOST, /* (the request goes again when it expires) */
    E_GC_CR_REQUEST_RETRY,   /* a request sent again, until its reply: gc cr request */
    E_GC_CURRENT_RETRY,      /* retry, gc current retry */
    E_GC_BUFFER_BUSY,        /* another session of this instance asked for the block */
    E_BUFFER_BUSY,           /* another session of this instance has it pinned */
    E_LOG_FILE_SYNC,         /* a commit waits for its redo */
    E_ENQ_TX_ROW,            /* enq: TX - row lock contention */
    E_GCS_LOG_FLUSH_SYNC,    /* background (LMS): the log flush before a block ships */
    E_LOG_FILE_PAR_WRITE,    /* background (LGWR): its writes */
    E_COUNT
};
#define E_FOREGROUND E_GCS_LOG_FLUSH_SYNC /* events below it are the users' */

/* Oracle's wait classes of the events. */
enum {
    C_CLUSTER,
    C_COMMIT,
    C_APPLICATION,
    C_CONCURRENCY,
    C_USER_IO,
    C_SYSTEM_IO,
    C_OTHER,
    C_COUNT
};
int rac_event_class(int e);
const char *rac_class_name(int c);

/* ---- what an instance counts (window deltas are differences of these) - */

/* The transactions whose commits `user commits` counts, by when they began
 * (window.c): in the window, before it (in flight at its open), or never
 * (a commit with no change, which takes no TX enqueue). */
enum { TXK_BEGUN_IN_WINDOW, TXK_BEGUN_BEFORE, TXK_NO_CHANGE, TXK_COUNT };
/* What a user's DB CPU was spent on: the statement's own work (rac.cpu_us),
 * sending and receiving gc messages (rac.msg_cpu_us each), the copy onto
 * a HiperSockets link (its profile's cpu_copy). */
enum { CPU_STATEMENT, CPU_GC_MESSAGES, CPU_LINK_COPY, CPU_COUNT };

typedef struct {
    uint64_t commits[TXK_COUNT]; /* by the transaction that made them */
    uint64_t statements;
    uint64_t tx_started;       /* transactions that changed something (TX enqueues) */
    uint64_t gets[K_COUNT][2]; /* by block kind: consistent gets, db block gets */
    uint64_t local_gets;       /* gets the local lock satisfied */
    uint64_t changes[K_COUNT]; /* db block changes by block kind */
    uint64_t redo_bytes;       /* redo generated */
    uint64_t log_writes;       /* LGWR writes */
    uint64_t waits[E_COUNT];
    uint64_t wait_ns[E_COUNT];
    uint64_t cpu_ns[CPU_COUNT];                 /* the users' DB CPU, by what it was spent on */
    uint64_t cpu_queue_ns, idle_ns;             /* the users' run queue, think and client */
    uint64_t lms_cpu_ns;                        /* background CPU of LMS */
    uint64_t lgwr_cpu_ns;                       /* LGWR's: the broadcast, posting */
    uint64_t boc_sent, boc_received;            /* broadcast on commit messages, SCN
                                                   and ack, both ways */
    uint64_t redo_write_broadcast_ack_count;    /* writes done before their ack */
    uint64_t redo_write_broadcast_ack_ns;       /* the wait for the ack past the write */
    uint64_t cr_receive_ns, current_receive_ns; /* request to block, blocks received */
    uint64_t cr_blocks, current_blocks;         /* blocks received, at their arrival */
    uint64_t by_class[GCACHE_CLASSES][2][3];    /* [class][cr, current][immed, busy, congested] */
    uint64_t by_kind[K_COUNT][2]; /* blocks received by block kind, CR and current: the segment
                                     statistics `gc cr blocks received`, `gc current blocks
                                     received` (v$segment_statistics) */
    uint64_t cr_flushes, current_flushes; /* served after a log flush */
    uint64_t cr_built;                    /* CR copies LMS built */
    uint64_t gc_defers;                   /* `global cache defers`: current requests LMS deferred */
    uint64_t blocks_lost[2];              /* `gc cr blocks lost`, `gc current blocks lost`: replies
                                             lost on the link (rac.loss_ppm), by the requester */
    uint64_t ges_row_lock;                /* GES messages of row lock waits */
    uint64_t link_bytes, link_busy_ns;    /* sent by this instance; its send queue busy */
} rac_counts_t;

/* ---- kinds of event (sim_engine_t) ---------------------------------------
 * Scheduled: */
enum {
    EV_USER,    /* session.c: user a's next statement (after idle time) */
    EV_CPU,     /* cpu.c: a job (b) on instance a's cores finished */
    EV_LINK,    /* link.c: a message (b) left instance a's wire */
    EV_ARRIVE,  /* gc.c: user a's request reached the other instance */
    EV_REPLY,   /* session.c: the reply to user a's request arrived */
    EV_LGWR,    /* lgwr.c: instance a's log write finished */
    EV_WINDOW,  /* window.c: the AWR window's time is up */
    EV_BOC,     /* gc.c: instance a's commit SCN reached the other instance */
    EV_BOC_ACK, /* lgwr.c: the other instance acknowledged instance a's SCN */
    EV_DEFER,   /* session.c: the defer time of user a's request is up */
    EV_LOST,    /* gc.c: user a's reply was lost (b 0), its timer expired (b 1) */
    EV_RESEND,  /* gc.c: user a's request, sent again, reached the other instance */
    /* Fired at once by a server, for who waited on it: */
    EV_USER_CPU,    /* session.c: user a's CPU burst ended */
    EV_LMS_CPU,     /* gc.c: LMS's CPU for user a's request ended */
    EV_USER_LOGGED, /* session.c: user a's commit is on disk */
    EV_LMS_LOGGED,  /* gc.c: the flush before shipping user a's block is on disk */
    EV_COUNT
};
_Static_assert(EV_COUNT <= SIM_EVENT_KINDS, "raise SIM_EVENT_KINDS");

/* ---- queued resources ----------------------------------------------------- */

/* A job's owner: a user (its statement's CPU) or the request of a user
 * being served by the other instance's LMS. */
#define OWN_USER 0u
#define OWN_LMS 1u
#define OWNER(type, u) (((uint32_t)(type) << 31) | (uint32_t)(u))
#define OWNER_TYPE(o) ((o) >> 31)
#define OWNER_USER(o) ((o)&0x7fffffffu)
/* Background owners past the users (nusers): LMS serving instance i's
 * commit SCN broadcast (RAC_BOC + i), and instance i's LGWR (RAC_LGWR + i),
 * both OWN_LMS jobs. */
#define RAC_BOC(r, i) ((r)->nusers + (uint32_t)(i))
#define RAC_LGWR(r, i) ((r)->nusers + 2u + (uint32_t)(i))

/* Queued jobs are (CPU ns << 32 | owner): no job runs 4 s. */
typedef struct {
    uint32_t cores, busy;
    sim_fifo_t q[2]; /* 0: LMS, served first; 1: the users */
} rac_cpu_t;

typedef struct {
    uint64_t target;
    uint32_t owner;
} rac_logwait_t;

typedef struct {
    uint64_t generated; /* redo bytes generated so far: the log position */
    uint64_t written;   /* on disk */
    uint64_t acked;     /* the other instance acknowledged the SCN up to here */
    sim_fifo_t scn;     /* the positions of the SCNs sent, not yet acknowledged */
    uint64_t writing;   /* the write in progress reaches this (== written when idle) */
    uint64_t started;   /* when the write in progress began */
    uint64_t io_end;    /* since when written log waits for its acknowledgement */
    int busy;
    int ack_waiting;
    rac_logwait_t *w;
    size_t wn, wcap;
} rac_lgwr_t;

typedef struct {
    uint32_t latency_us, mbit, mtu, cpu_copy;
} rac_profile_t;

typedef struct {
    sim_fifo_t q; /* users whose message waits for the wire */
    int busy;
} rac_wire_t;

/* ---- the simulation --------------------------------------------------------- */

/* A statement's block visit. */
typedef struct {
    uint8_t kind, mode; /* gcache_mode_t */
    uint8_t done;       /* acquired in this pass */
    uint64_t id;
} rac_access_t;

#define RAC_MAX_ACCESS 48

/* Per instance, per block, what the instance's sessions and its LMS are
 * doing with it now (dense by kind and number, like gcache). */
typedef struct {
    uint32_t pending;  /* user + 1 whose gc request is outstanding, or 0 */
    uint32_t pinned;   /* user + 1 pinning it in current mode, or 0 */
    uint32_t waiters;  /* user + 1 heading the list of local sessions waiting for it */
    uint32_t deferred; /* user + 1 heading the other instance's requests deferred here */
    uint8_t served;    /* the pending request was served: its reply is on the way */
} rac_bstate_t;

/* Transaction states. */
enum { TX_ACTIVE = 1, TX_COMMITTED = 2 };

/* The undo block's own header, not filled by undo records (layout.c), and
 * the room rac_check() leaves one row's undo.  An estimate, not read from
 * a published dump: the 20-byte cache header, the undo block header and
 * its record directory. */
#define RAC_UNDO_BLOCK_HEADER 100u

#define RAC_ITL 8
#define RAC_TX_BLOCKS 16

typedef struct {
    uint8_t state, inst;
    uint32_t seg;        /* undo segment (within its instance) */
    uint64_t undo_block; /* the last undo block it wrote */
    uint32_t waiters;    /* user + 1 heading the sessions waiting for its row locks */
} rac_tx_t;

/* User states, for where their time goes; ST_RUN lasts no time (between
 * a wait's end and what comes next). */
enum { ST_IDLE, ST_CPUQ, ST_CPU, ST_WAIT, ST_RUN };

/* Operations of a transaction. */
enum { OP_READ, OP_UPDATE, OP_INSERT, OP_COMMIT };

typedef struct {
    int inst;
    int state, event; /* event: while ST_WAIT */
    uint64_t since;
    uint32_t next; /* user + 1 next in the list it waits in */
    /* the transaction */
    uint64_t tx; /* its id, 0 none */
    uint32_t tx_nblocks, tx_nrows;
    uint64_t tx_blocks[2 * RAC_TX_BLOCKS]; /* table blocks it changed (commit cleanout) */
    uint64_t tx_rows[RAC_TX_BLOCKS];       /* rows it locked */
    uint32_t op, nops;
    uint8_t ops[64];
    uint64_t rows[64];
    uint8_t phase;    /* PH_ */
    uint8_t tx_begun; /* this statement began the transaction */
    uint8_t seq_refill, changed_rows, itl_done;
    /* the statement */
    rac_access_t acc[RAC_MAX_ACCESS];
    uint32_t nacc, idx;
    uint64_t row;               /* the row an update locks */
    uint64_t cpu_ns[CPU_COUNT]; /* the statement's CPU burst, by what it is for */
    /* the gc request in flight (one at a time) */
    struct {
        uint8_t kind, mode, phase, busy, flushed;
        uint8_t aside; /* put aside at the holder (rac_bstate_t.deferred) */
        uint64_t id;
        uint64_t sent, lms_arrive, lms_start, flush_start;
        uint64_t defer_until; /* deferred (_gc_defer_time) until then, or 0 */
        uint64_t timer;       /* sent or sent again: the lost reply's timer runs from it */
        uint8_t retried;      /* sent again after a lost reply */
        gcache_reply_t reply;
    } req;
} rac_user_t;

enum { REQ_NONE, REQ_OUT, REQ_BACK };

/* What a user is doing. */
enum { PH_IDLE, PH_GETS, PH_CPU, PH_LOG, PH_DONE };

typedef struct {
    uint64_t ins_block, ins_rows; /* the current insert block, UINT64_MAX none */
    uint64_t range_next, range_end;
    uint64_t leaf_next, leaf_end; /* the index segment's range */
    uint64_t seq_next, seq_end;
    uint64_t *undo_block, *undo_bytes; /* per undo segment */
    uint64_t undo_next;                /* the next new undo block */
    uint32_t next_seg;
} rac_space_t;

typedef struct rac {
    const case_t *c;
    rac_profile_t link;
    gcache_t *g;
    sim_prng_t prng;
    sim_engine_t *ev; /* the clock and the events to come */
    int script;       /* users run scripts (rac_script()), not drawn transactions */
    /* the table and its index */
    const hs_table_t *t;
    uint64_t rows, rows_per_block, data_blocks, per_leaf, fan, blevel, l1_span;
    uint64_t *stripe_first; /* rac.stripe_kb: the first row of each stripe, and rows + 1 */
    uint64_t stripes;
    uint64_t hwm[2];    /* next new block of the table / index segment */
    uint64_t last_leaf; /* the highest primary key leaf */
    uint64_t next_seq;
    /* users and transactions */
    rac_user_t *u;
    uint32_t nusers;
    rac_tx_t *tx;
    uint64_t ntx, txcap;
    uint64_t *itl; /* table block x RAC_ITL transaction ids */
    uint64_t itlcap;
    uint64_t *lock; /* row locks: open addressing, key row + 1, value tx */
    uint64_t *lock_tx;
    uint64_t lockcap, nlocks;
    /* instances */
    rac_cpu_t cpu[GCACHE_INSTANCES];
    rac_lgwr_t lgwr[GCACHE_INSTANCES];
    sim_fifo_t lmsq[GCACHE_INSTANCES];
    uint32_t lms_busy[GCACHE_INSTANCES];
    rac_wire_t wire[GCACHE_INSTANCES]; /* by sending instance */
    rac_space_t space[GCACHE_INSTANCES];
    rac_bstate_t *bs[GCACHE_INSTANCES][K_COUNT];
    uint64_t bscap[GCACHE_INSTANCES][K_COUNT];
    rac_counts_t n[GCACHE_INSTANCES];
    /* the AWR window */
    uint64_t commits;
    int window; /* 0 before, 1 open, 2 closed */
    uint64_t open_t, close_t;
    uint64_t tx_open; /* ntx when it opened: later transactions began in it */
    rac_counts_t at_open[GCACHE_INSTANCES];
    gcache_counts_t g_open[GCACHE_INSTANCES];
    sim_err_t err; /* the first failure inside an event */
} rac_t;

/* ---- what every file uses: the clock, scheduling, failure, draws ---------- */

static inline uint64_t rac_now(const rac_t *r)
{
    return sim_engine_now(r->ev);
}

/* A failure inside an event stops the run (the first one is kept). */
static inline void rac_fail(rac_t *r, sim_err_t rc)
{
    if (r->err == SIM_OK)
        r->err = rc;
}

/* Schedule an event of kind EV_ at time t. */
static inline void rac_at(rac_t *r, uint64_t t, unsigned kind, uint32_t a, uint64_t b)
{
    if (sim_engine_at(r->ev, t, kind, a, b) != SIM_OK)
        rac_fail(r, SIM_ENOMEM);
}

/* An exponential draw of mean `mean_us`, in ns. */
static inline uint64_t rac_exp_ns(rac_t *r, uint32_t mean_us)
{
    if (mean_us == 0)
        return 0;
    /* 53 random bits, in (0, 1]. */
    double u = (double)((sim_prng_next(&r->prng) >> 11) + 1) / 9007199254740992.0;
    return (uint64_t)(-log(u) * mean_us * (double)RAC_NS_PER_US + 0.5);
}

/* ---- entry points of each file ---------------------------------------------- */

/* cpu.c: submit `work_ns` of CPU for owner on inst's cores, LMS first;
 * when it ends, EV_USER_CPU or EV_LMS_CPU fires for the owner's user. */
sim_err_t rac_cpu_submit(rac_t *r, int inst, uint32_t owner, uint64_t work_ns);
/* EV_CPU: the job (CPU ns << 32 | owner) finished on instance inst. */
void rac_cpu_done(rac_t *r, int inst, uint64_t job);

/* lgwr.c: owner waits until inst's log is written up to target; 1 when it
 * already is (no wait), 0 when EV_USER_LOGGED or EV_LMS_LOGGED will fire
 * for the owner's user. */
int rac_lgwr_wait(rac_t *r, int inst, uint64_t target, uint32_t owner);
/* EV_LGWR: instance inst's write finished. */
void rac_lgwr_done(rac_t *r, int inst);
/* EV_BOC_ACK: the other instance's LMS acknowledged inst's commit SCN. */
void rac_lgwr_acked(rac_t *r, int inst);

/* link.c: the interconnect case c uses; the wire time of a payload; send a
 * message of user u's request from instance `from`, whose arrival is an
 * event of kind `arrive` (EV_ARRIVE or EV_REPLY) for u. */
void rac_link_profile(const case_t *c, rac_profile_t *p);
uint64_t rac_link_wire_ns(const rac_profile_t *p, uint32_t payload);
uint64_t rac_link_frames(const rac_profile_t *p, uint32_t payload);
void rac_link_send(rac_t *r, uint32_t u, int from, uint32_t payload, unsigned arrive);
/* EV_LINK: the message (arrive << 56 | payload << 32 | user) left the wire. */
void rac_link_done(rac_t *r, int from, uint64_t msg);

/* account.c: user u's time goes to `state` (and `event` while ST_WAIT)
 * from now; the time since its last change counts where it was. */
void rac_user_state(rac_t *r, uint32_t u, int state, int event);

/* block.c: inst's state of block (kind, id), grown on demand; NULL when
 * out of memory. */
rac_bstate_t *rac_bstate(rac_t *r, int inst, unsigned kind, uint64_t id);

/* layout.c: set up the table, the index and the space; the visits of user
 * u's next statement (op on row) into u->acc; the changes it made. */
sim_err_t rac_layout_init(rac_t *r);
sim_err_t rac_layout_statement(rac_t *r, uint32_t u, int op, uint64_t row);
uint64_t rac_layout_row(rac_t *r, int inst);

/* session.c: a user's start, and the events of its kinds (EV_USER,
 * EV_REPLY, EV_USER_CPU, EV_USER_LOGGED). */
sim_err_t rac_session_start(rac_t *r, uint32_t u);
void rac_session_event(rac_t *r, uint32_t u);
void rac_session_reply(rac_t *r, uint32_t u);
void rac_session_cpu_done(rac_t *r, uint32_t u);
void rac_session_logged(rac_t *r, uint32_t u);
/* EV_DEFER: the defer time of user u's request, put aside at the holder,
 * is up: it ships once no session there pins the block. */
void rac_session_defer_due(rac_t *r, uint32_t u);

/* gc.c: user u asks the other instance for a block; LMS of instance inst
 * takes the next requests it can; the events of its kinds (EV_ARRIVE,
 * EV_LMS_CPU, EV_LMS_LOGGED). */
sim_err_t rac_gc_request(rac_t *r, uint32_t u, unsigned kind, uint64_t id, gcache_mode_t mode);
void rac_gc_lms_next(rac_t *r, int inst);
void rac_gc_arrive(rac_t *r, uint32_t u);
void rac_gc_lms_cpu_done(rac_t *r, uint32_t u);
void rac_gc_logged(rac_t *r, uint32_t u);
/* EV_BOC: instance `from`'s commit SCN reached the other instance's LMS. */
void rac_gc_boc_arrive(rac_t *r, int from);
/* EV_LOST: user u's reply was lost on the link (timer 0) or the timer it
 * started expired (timer 1); EV_RESEND: its request, sent again, reached
 * the other instance. */
void rac_gc_lost(rac_t *r, uint32_t u, int timer);
void rac_gc_resend_arrive(rac_t *r, uint32_t u);

/* window.c: open the AWR window now; a transaction committed (the window
 * opens and closes on these); the window's counts of instance i, end
 * minus start. */
void rac_window_open(rac_t *r);
void rac_commit_done(rac_t *r);
/* EV_WINDOW: `window_ms` of model time have passed since it opened. */
void rac_window_end(rac_t *r);
void rac_window(const rac_t *r, int i, rac_counts_t *n, gcache_counts_t *g);
/* The kind (TXK_) of the commit of transaction tx (0: none). */
int rac_tx_kind(const rac_t *r, uint64_t tx);
/* Totals of counts n: its consistent gets (current 0) or db block gets
 * (current 1), db block changes, user commits, DB CPU. */
uint64_t rac_counts_gets(const rac_counts_t *n, int current);
uint64_t rac_counts_changes(const rac_counts_t *n);
uint64_t rac_counts_commits(const rac_counts_t *n);
uint64_t rac_counts_cpu(const rac_counts_t *n);

/* catalogue.c: the window's catalogue statistics into *out, by the part
 * that counted them and, within a part, by what it counted apart. */
sim_err_t rac_catalogue(const rac_t *r, case_result_t *out);
/* layout.c: a block kind's name ("table block", "undo header", ...). */
const char *rac_kind_name(unsigned kind);

/* awr.c: the report from the window's counts. */
void rac_report_build(const rac_t *r, rac_report_t *out);

/* A scripted run (tests): each user's operations, in order; a script op
 * OP_IDLE waits `row` microseconds.  Users 2k run on instance 0, 2k+1 on
 * instance 1 unless their script says otherwise. */
#define OP_IDLE 4
typedef struct {
    int inst;
    uint32_t nops;
    uint8_t ops[64];
    uint64_t rows[64];
} rac_script_t;
sim_err_t rac_script(const case_t *c, const rac_script_t *users, uint32_t n, rac_report_t *out);

#endif /* LOBSIM_RAC_SIM_INT_H */
