#!/usr/bin/env bash
# concurrency.sh -- four lobbench writers record 25 runs each into one
# results database at once, while a reader queries the store and compares
# the latest runs with lobdiff in a loop.  Every writer and every read must
# succeed, no read may see a partial run, and at the end all 100 runs are
# there, each exactly once (told apart by their seeds), each whole.  Then,
# ten times over, four first runs start at once onto a store that does not
# exist yet: all four must record.
#
#   usage: concurrency.sh LOBBENCH LOBDIFF
#
# Both are required, and so is sqlite3: a missing tool fails the run.
set -u
missing() { echo "FAIL: concurrency: $*"; exit 1; }
[ $# -eq 2 ] || missing "expected 2 arguments, got $#; usage: concurrency.sh LOBBENCH LOBDIFF"
[ -n "$1" ] && [ -x "$1" ] || missing "lobbench not found or not executable: '$1'"
[ -n "$2" ] && [ -x "$2" ] || missing "lobdiff not found or not executable: '$2'"
"$2" --help >/dev/null 2>&1 || missing "lobdiff --help fails: '$2'"
command -v sqlite3 >/dev/null || missing "sqlite3 is not installed (scripts/install-deps installs it)"
LOBBENCH=$(readlink -f "$1")
LOBDIFF=$(readlink -f "$2")
WRITERS=${LOBSIM_CONCURRENCY_WRITERS:-4}
RUNS=${LOBSIM_CONCURRENCY_RUNS:-25}

# On tmpfs unless TMPDIR says otherwise: SQLite locks and maps its WAL index
# there as on a disk, and the writers contend without waiting for syncs.
tmpdir=${TMPDIR:-$([ -w /dev/shm ] && echo /dev/shm || echo /tmp)}
work=$(mktemp -d "$tmpdir/lobsim-concurrency.XXXXXX") || exit 1
trap 'kill $(jobs -p) 2>/dev/null; rm -rf "$work"' EXIT
cd "$work" || exit 1
fail=0
bad() { fail=$((fail + 1)); echo "FAIL: $*"; }
SQL=(sqlite3 -cmd ".timeout 10000")

# writer W: RUNS runs, seed W*1000+i, each must exit 0.
writer() {
    local w=$1 i failed=0
    for ((i = 1; i <= RUNS; i++)); do
        if ! "$LOBBENCH" --db=history.db --quiet --sizes=2k --path=local --rows=100 \
            --benchmark_min_time=1x --benchmark_format=json --seed=$((w * 1000 + i)) \
            >/dev/null 2>"w$w.err"; then
            echo "writer $w run $i: $(tr '\n' ' ' <"w$w.err")" >>failures
            failed=$((failed + 1))
        fi
    done
    echo "$failed" >"w$w.failed"
}

# The reader: until the writers are done, read the store the ways users do.
# A read that fails, or sees a run without its session, is a failure.
reader() {
    local reads=0 diffs=0
    while [ ! -e done ]; do
        if [ "$("${SQL[@]}" -readonly history.db \
            "select count(*) from runs where source = 'lobsim'" 2>/dev/null || echo 0)" -lt 2 ]; then
            sleep 0.05
            continue
        fi
        local partial
        partial=$("${SQL[@]}" history.db "select count(*) from runs r where source = 'lobsim' and
            (select count(*) from sessions s where s.run = r.run) <> 1" 2>reader.err) ||
            echo "reader: query failed: $(cat reader.err)" >>failures
        [ "${partial:-0}" = 0 ] || echo "reader: saw $partial partial runs" >>failures
        reads=$((reads + 1))
        "$LOBDIFF" --db=history.db latest~1 latest >/dev/null 2>reader.err
        local rc=$?
        # The same sweep at other seeds: the figures do not depend on the seed.
        [ $rc -eq 0 ] || echo "reader: lobdiff latest~1 latest exited $rc: $(cat reader.err)" >>failures
        diffs=$((diffs + 1))
    done
    echo "$reads $diffs" >reader.count
}

# The store exists (the creation race is tried on its own below): one run,
# seed 0, not counted among the writers'.
"$LOBBENCH" --db=history.db --quiet --sizes=2k --path=local --rows=100 --benchmark_min_time=1x \
    --benchmark_format=json --seed=0 >/dev/null 2>w0.err || { echo "FAIL: $(cat w0.err)"; exit 1; }

start=$(date +%s%N)
reader &
reader_pid=$!
pids=()
for ((w = 1; w <= WRITERS; w++)); do
    writer $w &
    pids+=($!)
done
wait "${pids[@]}"
touch done
wait $reader_pid
ms=$((($(date +%s%N) - start) / 1000000))

[ ! -s failures ] || bad "$(wc -l <failures) failures; the first: $(head -n 3 failures)"
want=$((WRITERS * RUNS))
q() { "${SQL[@]}" history.db "$1"; }
[ "$(q 'pragma integrity_check')" = ok ] || bad "integrity_check"
got=$(q "select count(*) from runs where source = 'lobsim' and seed <> 0")
[ "$got" = "$want" ] || bad "$got runs recorded, want $want"
distinct=$(q "select count(distinct seed) from runs where source = 'lobsim' and seed <> 0")
[ "$distinct" = "$want" ] || bad "$distinct distinct seeds, want $want (a run twice or lost)"
expected_seeds=$(for ((w = 1; w <= WRITERS; w++)); do for ((i = 1; i <= RUNS; i++)); do
    echo $((w * 1000 + i)); done; done | sort -n)
[ "$(q "select seed from runs where source = 'lobsim' and seed <> 0 order by seed")" = "$expected_seeds" ] ||
    bad "the recorded seeds are not the ones the writers used"
[ "$(q "select count(*) from runs r where source = 'lobsim' and
    (select count(*) from sessions s where s.run = r.run) <> 1")" = 0 ] || bad "partial runs"
[ "$(q "select count(*) from runs where source = 'oracle'")" = 1 ] || bad "reference not loaded once"

# The first moments of a store, again and again: WRITERS lobbench started at
# once onto a file none of them finds.
RACES=${LOBSIM_CONCURRENCY_RACES:-10}
for ((r = 1; r <= RACES; r++)); do
    rm -f race.db race.db-*
    pids=()
    for ((w = 1; w <= WRITERS; w++)); do
        "$LOBBENCH" --db=race.db --quiet --sizes=2k --path=local --rows=100 \
            --benchmark_min_time=1x --benchmark_format=json >/dev/null 2>"race$w.err" &
        pids+=($!)
    done
    for ((w = 1; w <= WRITERS; w++)); do
        wait "${pids[$((w - 1))]}" || bad "creation race $r, writer $w: $(tr '\n' ' ' <"race$w.err")"
    done
    n=$("${SQL[@]}" race.db "select count(*) from runs where source = 'lobsim'")
    [ "$n" = "$WRITERS" ] || bad "creation race $r: $n runs recorded, want $WRITERS"
done

reads= diffs=
read -r reads diffs <reader.count || bad "the reader left no count"
# The reader must have read alongside the writers, or nothing was tried.
[ "${reads:-0}" -ge 1 ] && [ "${diffs:-0}" -ge 1 ] ||
    bad "the reader made ${reads:-no} reads and ${diffs:-no} lobdiff comparisons while the writers ran"
# The summary says what happened: "none failed" only when nothing did.
nfailed=$( [ -s failures ] && wc -l <failures || echo 0)
if [ "$nfailed" -eq 0 ]; then verdict="none failed or saw a partial run"
else verdict="$nfailed reads or writes failed (above)"; fi
echo "concurrency: $WRITERS writers x $RUNS runs into one store in $ms ms:" \
    "$got of $want runs recorded whole, each once; $reads reads ($diffs with lobdiff)" \
    "alongside, $verdict; $RACES times $WRITERS first runs at once onto a new store," \
    "$([ $fail -eq 0 ] && echo "all recorded" || echo "see the failures above")"
[ $fail -eq 0 ]
