#!/usr/bin/env bash
# lobfit_cli.sh -- lobfit, lobbench --param-file and lobdiff together, as a
# user runs them: a fit writes a parameter file lobbench reads; the run
# records the parameters and lobdiff names the changed ones.  Then a heap
# and a rac fit: lobbench runs with one parameter changed, the run is
# relabelled as a measurement (source 'oracle'), and lobfit must find the
# changed value again (docs/lobfit.md, "Recovering a known value"), with its
# progress lines on stderr and none under --quiet; a parameter whose figures
# move in steps found pinned, and the report's count of pinned and free.
#
#   usage: lobfit_cli.sh LOBBENCH LOBFIT LOBDIFF
set -u
[ $# -eq 3 ] || { echo "usage: lobfit_cli.sh LOBBENCH LOBFIT LOBDIFF"; exit 1; }
LOBBENCH=$(readlink -f "$1") LOBFIT=$(readlink -f "$2") LOBDIFF=$(readlink -f "$3")
work=$(mktemp -d "${TMPDIR:-/tmp}/lobsim-lobfit.XXXXXX") || exit 1
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 1
fail() { echo "FAIL: $*"; exit 1; }
SMALL=(--sizes=2k,32k --benchmark_min_time=1x --quiet)

"$LOBFIT" --help | grep -q -- "--reference=RUN" || fail "lobfit --help"
"$LOBBENCH" --db=h.db "${SMALL[@]}" >/dev/null 2>&1 || fail "lobbench default run"

# A fit of one parameter to the shipped measurements writes a file lobbench reads.
"$LOBFIT" --db=h.db --reference=reference --params=dsp.refill_gets,heap.dict_reads \
    "--statistics=db block gets" --starts=2 --quiet --out=fit.txt >fit.out || fail "lobfit: $(cat fit.out)"
grep -q "^heap.dict_reads  *2  *2  FREE" fit.out || fail "heap.dict_reads not reported free: $(cat fit.out)"
grep -q "^dsp.refill_gets .* pinned$" fit.out || fail "dsp.refill_gets not pinned: $(cat fit.out)"
grep -q "^cross-validated error (leave one LOB size out, 7 folds): " fit.out || fail "no cross-validation"
# A parameter whose figures move in steps: read.row_bytes (120) sets t2's
# rows a block, and the insert's CR clones come per new t2 extent.  One byte
# either way stays on the same step, a tenth of it (12 bytes) does not: it
# is seen (pinned), not free, and the report counts it so.
"$LOBFIT" --db=h.db --reference=reference --params=read.row_bytes --starts=1 --no-cv --quiet \
    >steps.out || fail "lobfit read.row_bytes: $(cat steps.out)"
grep -q "^read.row_bytes  *120  *[0-9]*  pinned$" steps.out || fail "read.row_bytes not pinned: $(cat steps.out)"
grep -qx "1 pinned, 0 free" steps.out || fail "read.row_bytes: the count of pinned and free: $(cat steps.out)"
fitted=$(sed -n 's/^dsp.refill_gets=//p' fit.txt)
[ -n "$fitted" ] || fail "fit.txt lacks dsp.refill_gets: $(cat fit.txt)"
"$LOBBENCH" --db=h.db "${SMALL[@]}" --param-file=fit.txt >/dev/null 2>&1 || fail "lobbench --param-file=fit.txt"
[ "$(sqlite3 h.db "select count(*) from sessions where run = 3 and params like '%dsp.refill_gets=$fitted %'")" = 4 ] ||
    fail "run 3's sessions do not record dsp.refill_gets=$fitted"

# A hand-written file: comments, blank lines, spaces; lobdiff names the change.
printf '# tried by hand\n\n  dsp.refill_gets=5   # was 4\ndsp.search_gets=310\n' >mine.txt
"$LOBBENCH" --db=h.db "${SMALL[@]}" --param-file=mine.txt >/dev/null 2>&1 || fail "lobbench --param-file=mine.txt"
"$LOBDIFF" --db=h.db 2 4 >diff.out
grep -qF "note: model params differ: dsp.refill_gets 4 -> 5" diff.out || fail "lobdiff: $(cat diff.out)"
# --param after the file wins: the options apply in order.
"$LOBBENCH" --db=h.db "${SMALL[@]}" --param-file=mine.txt --param=dsp.refill_gets=6 >/dev/null 2>&1 ||
    fail "lobbench --param-file --param"
[ "$(sqlite3 h.db "select params like '%dsp.refill_gets=6 %' from runs where run = 5")" = 1 ] ||
    fail "run 5 does not record dsp.refill_gets=6"

# A measurement is modelled at its own settings: a run at --piece-size=64k
# (the model's default 32767), relabelled as a measurement, is matched
# exactly at the defaults, every figure.
"$LOBBENCH" --db=piece.db --sizes=32k --piece-size=65536 --benchmark_min_time=1x --quiet >/dev/null 2>&1 ||
    fail "lobbench --piece-size=65536"
sqlite3 piece.db "update runs set source = 'oracle' where source = 'lobsim'" || fail "relabel the --piece-size run"
"$LOBFIT" --db=piece.db --reference=2 --params=dsp.refill_gets --starts=1 --no-cv --quiet >piece.out ||
    fail "lobfit --piece-size run: $(cat piece.out)"
grep -qE "^all +0[.]00% +0[.]00%$" piece.out || fail "the --piece-size run not matched at its piece size: $(cat piece.out)"

# ---- heap and rac: a known value found again ------------------------------------
# Only the parameters of --list-params may move; a setting may not.
"$LOBFIT" --list-params | grep -q "^heap.dict_reads  *heap  *2 " || fail "--list-params lacks heap.dict_reads"
"$LOBFIT" --db=h.db --reference=reference --params=read.mbrc_kb >bad.out 2>&1
[ $? = 2 ] && grep -q "'read.mbrc_kb' matches no parameter a fit may move" bad.out || fail "read.mbrc_kb fitted: $(cat bad.out)"
# No measured heap run yet, and no lobsim rac run: one line, exit 2.
"$LOBFIT" --db=h.db --workload=heap >bad.out 2>&1
[ $? = 2 ] && [ "$(wc -l <bad.out)" = 1 ] && grep -q "no measured run (source 'oracle') of ctas, fts, range, few_rows" bad.out ||
    fail "no heap measurement: $(cat bad.out)"
"$LOBFIT" --db=h.db --workload=rac --reference=latest >bad.out 2>&1
[ $? = 2 ] && [ "$(wc -l <bad.out)" = 1 ] && grep -q "fewer than 1 completed lobsim runs of rac" bad.out ||
    fail "no rac run: $(cat bad.out)"

# The heap queries at two block sizes, 50,000 rows, heap.dict_reads 4
# (default 2), as a measurement.
HEAP=(--workload=heap --block-size=8k,16k --rows=50000 --benchmark_min_time=1x --quiet)
"$LOBBENCH" --db=h.db "${HEAP[@]}" --param=heap.dict_reads=4 >/dev/null 2>&1 || fail "lobbench heap"
heap_run=$(sqlite3 h.db "select max(run) from runs")
sqlite3 h.db "update runs set source = 'oracle' where run = $heap_run" || fail "relabel run $heap_run"
"$LOBFIT" --db=h.db --workload=heap --params=heap.dict_reads,heap.recursive_calls --starts=2 \
    >heap.out 2>heap.err || fail "lobfit heap: $(cat heap.out heap.err)"
grep -q "^lobfit: run $heap_run (the newest measured of heap), 8 sessions" heap.out || fail "heap reference: $(cat heap.out)"
grep -q "^heap.dict_reads  *2  *4  pinned$" heap.out || fail "heap.dict_reads not found again: $(cat heap.out)"
grep -q "^heap.recursive_calls  *5  *5  pinned$" heap.out || fail "heap.recursive_calls moved: $(cat heap.out)"
grep -qx "2 pinned, 0 free" heap.out || fail "heap: the count of pinned and free: $(cat heap.out)"
grep -q "^cross-validated error (leave one block size out, 2 folds): 0.00% (in-sample 0.00%)$" heap.out ||
    fail "heap cross-validation: $(cat heap.out)"
# Off a terminal, one progress line per sweep, each of this form, every stage there.
line='^lobfit: (free parameters|search start [12]/2|cross-validation fold [12]/2), sweep [0-9]+: [0-9]+ evaluations, [0-9]+ cases run, best ([0-9]+[.][0-9]{2}%|refused|-), [0-9]+[.][0-9] s$'
[ -s heap.err ] && ! grep -Evq "$line" heap.err || fail "progress lines: $(grep -Ev "$line" heap.err | head -3)"
for stage in "free parameters, sweep 1" "search start 1/2, sweep 1" "search start 2/2, sweep 1" \
    "cross-validation fold 1/2, sweep 1" "cross-validation fold 2/2, sweep 1"; do
    grep -q "^lobfit: $stage: " heap.err || fail "no progress line for '$stage': $(head -3 heap.err)"
done
# --quiet: nothing on stderr, the result on stdout.
"$LOBFIT" --db=h.db --workload=heap --params=heap.dict_reads --starts=1 --no-cv --quiet \
    >quiet.out 2>quiet.err || fail "lobfit --quiet: $(cat quiet.err)"
[ ! -s quiet.err ] || fail "--quiet printed: $(head -3 quiet.err)"
grep -q "^heap.dict_reads  *2  *4  pinned$" quiet.out || fail "--quiet: no result: $(cat quiet.out)"

# The cluster at 8k and 4k, 1,000 transactions, rac.redo_bytes 520 (default
# 400).  The run's settings (transactions, warm-up) are the reference's own.
"$LOBBENCH" --db=h.db --workload=rac --block-size=8k,4k --param=rac.transactions=1000 \
    --param=rac.warmup=100 --param=rac.redo_bytes=520 --benchmark_min_time=1x --quiet >/dev/null 2>&1 ||
    fail "lobbench rac"
rac_run=$(sqlite3 h.db "select max(run) from runs")
"$LOBFIT" --db=h.db --workload=rac --reference=latest --params=rac.redo_bytes --starts=1 --no-cv --quiet \
    >rac.out 2>&1 || fail "lobfit rac latest: $(cat rac.out)"
grep -q "^lobfit: run $rac_run (latest of rac)" rac.out || fail "latest of rac: $(cat rac.out)"
sqlite3 h.db "update runs set source = 'oracle' where run = $rac_run" || fail "relabel run $rac_run"
"$LOBFIT" --db=h.db --workload=rac --params=rac.redo_bytes,rac.cpu_us --starts=1 --no-cv --quiet --out=rac.txt \
    >rac.out 2>&1 || fail "lobfit rac: $(cat rac.out)"
grep -q "^lobfit: run $rac_run (the newest measured of rac), 2 sessions" rac.out || fail "rac reference: $(cat rac.out)"
# Per commit, the commits are the unit, not a figure matched (always 1 = 1).
grep -q "^user commits " rac.out && fail "rac: user commits fitted per commit: $(cat rac.out)"
# Within 2 % (docs/lobfit.md): the rac figures move with the order of events.
within() { awk -v p="$1" -v t="$2" '$1 == p && $4 == "pinned" { d = $3 - t; if (d < 0) d = -d; ok = d <= 0.02 * t }
    END { exit !ok }' "$3"; }
within rac.redo_bytes 520 rac.out || fail "rac.redo_bytes not found again: $(cat rac.out)"
within rac.cpu_us 100 rac.out || fail "rac.cpu_us moved: $(cat rac.out)"
fitted=$(awk '$1 == "rac.redo_bytes" { print $3 }' rac.out)
grep -qx "rac.redo_bytes=$fitted" rac.txt || fail "rac.txt: $(cat rac.txt)"
# Two runs of one experiment (an AWR report at 8k, one at 4k) fit together.
for bs in 8k 4k; do
    "$LOBBENCH" --db=h.db --workload=rac --block-size=$bs --param=rac.transactions=1000 \
        --param=rac.warmup=100 --param=rac.redo_bytes=520 --benchmark_min_time=1x --quiet >/dev/null 2>&1 ||
        fail "lobbench rac $bs"
done
sqlite3 h.db "update runs set source = 'oracle' where run > $rac_run" || fail "relabel the rac pair"
"$LOBFIT" --db=h.db --workload=rac --reference=$((rac_run + 1)),$((rac_run + 2)) --params=rac.redo_bytes \
    --starts=1 --quiet >pair.out 2>&1 || fail "lobfit rac pair: $(cat pair.out)"
grep -q "^lobfit: runs $((rac_run + 1)), $((rac_run + 2)) (.*), 2 sessions" pair.out || fail "rac pair: $(cat pair.out)"
within rac.redo_bytes 520 pair.out || fail "rac pair: rac.redo_bytes: $(cat pair.out)"
grep -q "^cross-validated error (leave one block size out, 2 folds): " pair.out || fail "rac pair folds: $(cat pair.out)"
# Ctrl-C during the fit: one line saying nothing was written, exit 130, no
# --out file, and the store as it was (read and closed before the fit).
# Before: lobfit died without a word.
cp h.db before.db
"$LOBFIT" --db=h.db --reference=reference --starts=50 --out=never.txt >/dev/null 2>ctrlc.err &
pid=$!
for _ in $(seq 600); do grep -q "evaluations" ctrlc.err 2>/dev/null && break; sleep 0.1; done
kill -INT $pid
wait $pid
rc=$?
[ $rc = 130 ] || fail "lobfit after Ctrl-C: exit $rc, want 130: $(tail -n 2 ctrlc.err)"
[ "$(tail -n 1 ctrlc.err | tr -d '\r' | sed 's/.*\x1b\[K//')" = "lobfit: interrupted, nothing written" ] ||
    fail "lobfit after Ctrl-C said: $(tail -n 2 ctrlc.err)"
[ ! -e never.txt ] || fail "lobfit after Ctrl-C left never.txt"
cmp -s h.db before.db || fail "lobfit after Ctrl-C changed the store"
echo "lobfit_cli: ok"
