#!/usr/bin/env bash
# interrupt.sh -- lobbench killed with SIGINT and SIGKILL at seeded random
# points of a sweep.  First a few runs killed while they create a store, each
# followed by a run that must record; then a series of kills of runs into one
# results database.  Half of those come from outside after a random delay;
# the other half from inside,
# at a random one of the process's file writes and syncs (the LD_PRELOAD
# module tests/hardening_kill.c), so that they land in the store's
# transactions -- creating the store, loading the reference, recording --
# and not only where a timer happens to fall.
#
# Afterwards: PRAGMA integrity_check is ok; every run the store shows is whole
# (as many sessions as its command line asked for, every figure of each); no
# run that ended with status 0 is missing; and an uninterrupted run still
# records.
#
#   usage: interrupt.sh LOBBENCH KILL_MODULE.so [SEED]
#   (seed also from LOBSIM_INTERRUPT_SEED; printed, so a failure replays)
#
# lobbench, the kill module and sqlite3 are required, and the module must
# count writes once preloaded: anything missing fails the run, named.
set -u
usage="usage: interrupt.sh LOBBENCH KILL_MODULE.so [SEED]"
missing() { echo "FAIL: interrupt: $*"; exit 1; }
[ $# -ge 2 ] && [ $# -le 3 ] || missing "expected 2 or 3 arguments, got $#; $usage"
[ -n "$1" ] && [ -x "$1" ] || missing "lobbench not found or not executable: '$1'"
[ -n "$2" ] && [ -f "$2" ] || missing "the kill module not found: '$2'"
command -v sqlite3 >/dev/null || missing "sqlite3 is not installed (scripts/install-deps installs it)"
LOBBENCH=$(readlink -f "$1")
KILLSO=$(readlink -f "$2")
SEED=${3:-${LOBSIM_INTERRUPT_SEED:-20261130}}
KILLS=${LOBSIM_INTERRUPT_KILLS:-20}
[ "$KILLS" -ge 2 ] 2>/dev/null || missing "LOBSIM_INTERRUPT_KILLS='$KILLS': at least 2 (one from inside, one from outside)"
echo "interrupt: seed $SEED, $KILLS kills (LOBSIM_INTERRUPT_SEED=$SEED replays this)"
RANDOM=$SEED

# On tmpfs unless TMPDIR says otherwise: a killed process leaves its writes
# in the page cache whatever the medium, and no sync waits for a disk.
tmpdir=${TMPDIR:-$([ -w /dev/shm ] && echo /dev/shm || echo /tmp)}
work=$(mktemp -d "$tmpdir/lobsim-interrupt.XXXXXX") || exit 1
# Only this shell removes the folder: a SIGINT sent the moment a run starts
# can reach the forked child before it has exec'ed lobbench and dropped the
# traps it inherited, and that child would run this trap and remove the
# folder under the rest of the test ('run.err: No such file' at the next
# kill, seen once in a full make test).
trap '[ "$BASHPID" = "$$" ] && rm -rf "$work"' EXIT
cd "$work" || exit 1
fail=0
bad() { fail=$((fail + 1)); echo "FAIL: $*"; }

# 2 paths x 5 block sizes x 16 LOB sizes, 1 row each: 160 sessions, so that
# recording them is a good part of the run.
SIZES=$(seq -s, 1 16 | sed 's/\([0-9][0-9]*\)/\1k/g')
SESSIONS=160
SWEEP=(--quiet --path=both --sizes="$SIZES" --block-size=2k,4k,8k,16k,32k --rows=1
    --benchmark_min_time=1x --benchmark_format=json)
# Any sanitizer runtime must tolerate the preload.
export ASAN_OPTIONS=${ASAN_OPTIONS:+$ASAN_OPTIONS:}verify_asan_link_order=0

# A measuring run: lobbench ARGS... with the module preloaded, counting;
# prints the count.  Unless the module was loaded and counted writes, the
# kills below would land nowhere: that fails the run.
measure() {
    rm -f count
    LD_PRELOAD=$KILLSO LOBSIM_KILL_COUNT=$work/count "$LOBBENCH" "$@" >/dev/null 2>run.err ||
        { echo "FAIL: the measuring run failed: $(tr '\n' ' ' <run.err)" >&2; return 1; }
    grep -q "preload" run.err && { echo "FAIL: the kill module was not preloaded: $(grep -m 1 preload run.err)" >&2; return 1; }
    local n
    n=$(cat count 2>/dev/null)
    [ "${n:-0}" -ge 1 ] 2>/dev/null ||
        { echo "FAIL: the kill module counted no writes ('${n:-no count file}'): $KILLSO" >&2; return 1; }
    echo "$n"
}

# The ranges to draw from: writes of a run that creates the store, writes of
# a run into an existing one, and how long a run takes.
writes_create=$(measure --db=scratch.db "${SWEEP[@]}") || exit 1
t0=$(date +%s%N)
writes_run=$(measure --db=scratch.db "${SWEEP[@]}") || exit 1
run_ms=$((($(date +%s%N) - t0) / 1000000))
rm -f scratch.db*
echo "interrupt: a run creating the store makes $writes_create writes and syncs," \
    "a later one $writes_run, in about $run_ms ms"

below() { # N -> uniform 0 .. N-1 from the seeded generator
    echo $(((RANDOM * 32768 + RANDOM) % $1))
}

# The lobsim runs in DB, read without recovering anything ("" if unreadable):
# a read-write look would roll back a hot journal before lobbench meets it.
count_runs() {
    sqlite3 -readonly "$1" "select count(*) from runs where source = 'lobsim'" 2>/dev/null
}

# Run SWEEP... into DB, undisturbed; fail unless it records.
record_ok() { # DB WHY SWEEP...
    local db=$1 why=$2 before after
    shift 2
    before=$(count_runs "$db")
    if ! "$LOBBENCH" --db="$db" "$@" >/dev/null 2>run.err; then
        bad "$why: the next run failed: $(tail -n 2 run.err | tr '\n' ' ')"
        return
    fi
    after=$(count_runs "$db")
    if [ -n "$before" ]; then
        [ "$after" -eq $((before + 1)) ] || bad "$why: the next run was not recorded ($before -> $after)"
    else
        [ "${after:-0}" -ge 1 ] || bad "$why: the next run was not recorded"
    fi
}

# Phase 1: a first run, creating the store, killed at each of its writes and
# syncs in turn (a one-case sweep: creating the store, loading the reference
# and recording are the same); the next run must find the store usable and
# record into it.
ONE=(--quiet --path=local --sizes=2k --rows=1 --benchmark_min_time=1x --benchmark_format=json)
rm -f create.db create.db-*
create_kills=$(measure --db=create.db "${ONE[@]}") || exit 1
# (Few processes a kill: the runs are cheap, the tools around them not.)
for ((n = 1; n <= create_kills; n++)); do
    rm -f create.db create.db-*
    if ((n % 2)); then sig=INT; else sig=KILL; fi
    { LD_PRELOAD=$KILLSO LOBSIM_KILL_AT=$n LOBSIM_KILL_SIGNAL=$sig \
        "$LOBBENCH" --db=create.db "${ONE[@]}" >/dev/null 2>run.err; } 2>/dev/null
    rc=$?
    [ $rc -eq 130 ] || [ $rc -eq 137 ] || bad "creating, SIG$sig at write $n: exit $rc, not killed"
    before=$(count_runs create.db)
    "$LOBBENCH" --db=create.db "${ONE[@]}" >/dev/null 2>run.err ||
        bad "creating, SIG$sig at write $n: the next run failed: $(tail -n 2 run.err | tr '\n' ' ')"
    # integrity_check, the runs, the partial ones: "ok", N, 0.
    got=$(sqlite3 create.db "pragma integrity_check;
        select count(*) from runs where source = 'lobsim';
        select count(*) from runs r where source = 'lobsim' and
        (select count(*) from sessions s where s.run = r.run) <> 1" | tr '\n' ' ')
    # One run more than before the next run; if the store was unreadable then
    # (not there yet, or not without recovery), at least that run.
    case "$before:$got" in
    ?*:"ok $((before + 1)) 0 " | :"ok 1 0 " | :"ok 2 0 ") ;;
    *) bad "creating, SIG$sig at write $n: integrity_check, runs, partial runs: $got (runs before: '$before')" ;;
    esac
done
rm -f create.db create.db-*
echo "interrupt: creating a store, killed at each of its $create_kills writes and syncs: done"

# Phase 2: kills at seeded random points of runs into one store.
ok_runs=0 killed=0 inside=0 outside=0 finished_first=0
killed_inside=0 killed_outside=0
for ((i = 1; i <= KILLS; i++)); do
    sig=$([ $((i % 4)) -lt 2 ] && echo INT || echo KILL)
    if [ $((i % 2)) -eq 1 ]; then
        # From inside: at write N of this run.
        if [ -s history.db ]; then n=$((1 + $(below "$writes_run"))); else n=$((1 + $(below "$writes_create"))); fi
        # (The braces keep bash's "Killed" notice out of the log.)
        { LD_PRELOAD=$KILLSO LOBSIM_KILL_AT=$n LOBSIM_KILL_SIGNAL=$sig \
            "$LOBBENCH" --db=history.db "${SWEEP[@]}" >/dev/null 2>run.err; } 2>/dev/null
        rc=$?
        where="at write $n"
        inside=$((inside + 1))
    else
        # From outside, after a random delay; SIGINT must not be ignored as
        # it is for a background job of a script.
        # A run that ends before its kill says how long runs take now: the
        # machine may have been busier when run_ms was measured (other tests
        # beside this one), and delays drawn from a stale, longer time all
        # land after the run.
        delay_ms=$(below $((run_ms * 3 / 2 + 1)))
        t0=$(date +%s%N)
        env --default-signal=INT "$LOBBENCH" --db=history.db "${SWEEP[@]}" >/dev/null 2>run.err &
        pid=$!
        # (Sleeping in steps of 10 ms to see the run end, and when.)
        took_ms=0
        while kill -0 "$pid" 2>/dev/null; do
            took_ms=$((($(date +%s%N) - t0) / 1000000))
            [ $took_ms -ge $delay_ms ] && break
            sleep 0.01
        done
        missed=0
        kill -s "$sig" "$pid" 2>/dev/null || missed=1
        { wait "$pid"; } 2>/dev/null
        rc=$?
        if [ $missed -eq 1 ]; then
            finished_first=$((finished_first + 1))
            [ "$took_ms" -lt "$run_ms" ] && run_ms=$took_ms
        fi
        where="after $delay_ms ms"
        outside=$((outside + 1))
    fi
    case $rc in
    0) ok_runs=$((ok_runs + 1)) ;;
    130 | 137)
        killed=$((killed + 1))
        if [ $((i % 2)) -eq 1 ]; then killed_inside=$((killed_inside + 1)); else killed_outside=$((killed_outside + 1)); fi
        ;;
    *) bad "kill $i (SIG$sig $where): lobbench exited $rc: $(tail -n 2 run.err | tr '\n' ' ')" ;;
    esac
    echo "interrupt: kill $i: SIG$sig $where -> exit $rc"
done

# Both kinds of kill must have ended runs, or that half tried nothing.
[ $killed_inside -ge 1 ] || bad "none of the $inside kills at a write or sync ended a run"
[ $killed_outside -ge 1 ] || bad "none of the $outside kills after a delay ended a run"

# The next run records, as if nothing had happened ...
record_ok history.db "after the kills" "${SWEEP[@]}"

# ... and what is there is whole.
q() { sqlite3 history.db "$1"; }
[ "$(q 'pragma integrity_check')" = ok ] || bad "integrity_check: $(q 'pragma integrity_check' | head -3)"
runs=$(q "select count(*) from runs where source = 'lobsim'")
partial=$(q "select count(*) from runs r where source = 'lobsim' and
    (select count(*) from sessions s where s.run = r.run) <> $SESSIONS")
[ "$partial" = 0 ] || bad "$partial runs with other than $SESSIONS sessions"
short=$(q "select count(*) from sessions s join runs r using (run) where r.source = 'lobsim' and
    (select count(*) from session_stats t where t.sid = s.sid) <> (select count(*) from v\$statname)")
[ "$short" = 0 ] || bad "$short sessions lack figures"
[ "$(q "select count(*) from runs where source = 'oracle'")" -le 1 ] || bad "reference loaded twice"
[ "$runs" -ge $((ok_runs + 1)) ] || bad "$ok_runs runs ended with status 0, and one more after, but the store shows $runs"
[ "$runs" -le $((ok_runs + killed + 1)) ] || bad "the store shows $runs runs, more than were started"
runs=$((runs - 1))

# Ctrl-C in the sweep, before the store is opened: one line, exit 130, and
# no store, -wal or -shm made.  Before: lobbench died without a word.
"$LOBBENCH" --db=ctrlc.db --sizes=2k --benchmark_min_time=60s >/dev/null 2>ctrlc.err &
pid=$!
for _ in $(seq 600); do grep -q '^-----' ctrlc.err 2>/dev/null && break; sleep 0.1; done
kill -INT $pid
wait $pid
rc=$?
[ $rc = 130 ] || bad "Ctrl-C in the sweep: exit $rc, want 130"
[ "$(tail -n 1 ctrlc.err)" = "lobbench: interrupted, nothing recorded" ] ||
    bad "Ctrl-C in the sweep said: $(tail -n 2 ctrlc.err | tr '\n' ' ')"
[ "$(grep -c interrupted ctrlc.err)" = 1 ] || bad "Ctrl-C in the sweep: not one line"
left=$(ls ctrlc.db* 2>/dev/null)
[ -z "$left" ] || bad "Ctrl-C in the sweep left $left"

# Ctrl-C in a --script run and in a --sessions run (issue 43, item 3):
# the same as the sweep -- one line, exit 130, nothing recorded -- and no
# -wal or -shm left beside a store that was there before.  Before, --script
# ran to its end and recorded (a background job of a script ignores
# SIGINT, as lobbench did until it installs its handler), and --sessions
# died without a word.  The signal is sent once the handler is in place
# (SigCgt of /proc/PID/status; never, before the fix: it is killed 30 s
# later); the script would run for minutes.
cat >long.sql <<'SQL'
create table t (id number, c clob) lob (c) store as securefile (disable storage in row nocache);
declare
  v clob := rpad('x', 8000, 'x');
begin
  for i in 1 .. 10000000 loop
    insert into t values (i, v);
    commit;
  end loop;
end;
/
SQL
rm -f ctrlc2.db*
"$LOBBENCH" --db=ctrlc2.db "${ONE[@]}" >/dev/null 2>run.err || bad "Ctrl-C in a script: the store's first run failed"
# (Counted by a connection that may write: its close removes the -wal and
# -shm that sqlite3 -readonly would leave.)
runs_rw() { sqlite3 "$1" "select count(*) from runs where source = 'lobsim'" 2>/dev/null; }
ctrlc_runs=$(runs_rw ctrlc2.db)
for mode in script sessions; do
    left=$(ls ctrlc2.db-* 2>/dev/null)
    [ -z "$left" ] || bad "before Ctrl-C in --$mode: $left already there"
    extra=()
    [ $mode = sessions ] && extra=(--sessions=4)
    "$LOBBENCH" --db=ctrlc2.db --script=long.sql "${extra[@]}" >/dev/null 2>ctrlc.err &
    pid=$!
    for _ in $(seq 300); do
        cgt=$(awk '/^SigCgt:/ {print $2}' /proc/$pid/status 2>/dev/null)
        [ -n "$cgt" ] && (((16#$cgt & 2) != 0)) && break
        sleep 0.1
    done
    sleep 0.5 # into the model's run
    kill -INT $pid
    # Until it has exited (a zombie, not yet waited for), 30 s at most.
    for _ in $(seq 300); do
        st=$(awk '{print $3}' /proc/$pid/stat 2>/dev/null)
        [ -z "$st" ] || [ "$st" = Z ] && break
        sleep 0.1
    done
    [ -z "$st" ] || [ "$st" = Z ] || kill -KILL $pid
    { wait $pid; } 2>/dev/null
    rc=$?
    [ $rc = 130 ] || bad "Ctrl-C in --$mode: exit $rc, want 130 (137: the signal was ignored)"
    [ "$(tail -n 1 ctrlc.err)" = "lobbench: interrupted, nothing recorded" ] ||
        bad "Ctrl-C in --$mode said: $(tail -n 2 ctrlc.err | tr '\n' ' ')"
    [ "$(grep -c interrupted ctrlc.err)" = 1 ] || bad "Ctrl-C in --$mode: not one line"
    left=$(ls ctrlc2.db-* 2>/dev/null)
    [ -z "$left" ] || bad "Ctrl-C in --$mode left $left"
    [ "$(runs_rw ctrlc2.db)" = "$ctrlc_runs" ] || bad "Ctrl-C in --$mode: a run was recorded"
done
rm -f ctrlc2.db* long.sql

echo "interrupt: $((create_kills + KILLS)) kills: $create_kills while creating a store, then" \
    "$inside at a write or sync and $outside after a delay ($finished_first came after the" \
    "run had ended); $killed runs killed, $ok_runs finished; $runs whole runs of $SESSIONS" \
    "sessions came through the kills, nothing partial, and the next run recorded"
[ $fail -eq 0 ]
