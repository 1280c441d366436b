#!/usr/bin/env bash
# import_roundtrip.sh -- what lobbench writes, lobimport reads back into the
# same figures: a LOB, a heap and a rac case are run and recorded, their
# --stats-out CSV and Google Benchmark JSON imported into the same store,
# and every figure the lobbench run stored compared with the import's by SQL
# (session_stats; the recursive parts of the heap case too, from the CSV).
# Then "latest" per workload: the latest_ views and lobdiff after runs of
# three workloads.
#
#   usage: import_roundtrip.sh LOBBENCH LOBIMPORT LOBDIFF
set -u
LOBBENCH=${1:?usage: import_roundtrip.sh LOBBENCH LOBIMPORT LOBDIFF}
LOBIMPORT=${2:?usage: import_roundtrip.sh LOBBENCH LOBIMPORT LOBDIFF}
LOBDIFF=${3:?usage: import_roundtrip.sh LOBBENCH LOBIMPORT LOBDIFF}
LOBBENCH=$(readlink -f "$LOBBENCH") LOBIMPORT=$(readlink -f "$LOBIMPORT") LOBDIFF=$(readlink -f "$LOBDIFF")
for t in "$LOBBENCH" "$LOBIMPORT" "$LOBDIFF"; do
    [ -x "$t" ] || { echo "FAIL: '$t' is not an executable"; exit 1; }
done
command -v sqlite3 >/dev/null || { echo "FAIL: sqlite3 is not installed"; exit 1; }
work=$(mktemp -d "${TMPDIR:-/tmp}/lobsim-roundtrip.XXXXXX") || exit 1
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 1
pass=0 fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*"; }
q() { sqlite3 h.db "$1"; }

# The three families, each run recorded (runs 2, 3, 4 after the reference).
run() {
    local name=$1; shift
    "$LOBBENCH" --db=h.db --quiet --benchmark_min_time=1x --stats-out="$name.csv" \
        --benchmark_format=json --benchmark_out="$name.json" "$@" >/dev/null 2>"$name.err" ||
        { bad "lobbench $*: $(cat "$name.err")"; return; }
    ok
}
run lob --workload=insert --path=both --sizes=2k,6k
run heap --workload=fts,ctas --rows=20000 --block-size=8k,16k
run rac --workload=rac --block-size=8k --param=rac.transactions=500 --param=rac.warmup=50
for f in lob heap rac; do
    "$LOBIMPORT" --db=h.db "$f.csv" "$f.json" >"$f.imp" 2>&1 && ok || bad "lobimport $f: $(cat "$f.imp")"
done

# run -> the run its file came from: lobbench's runs are 2, 3, 4 in order,
# the imports 5..10 (CSV, JSON of each).
compare() {
    local imported=$1 original=$2 what=$3
    # Every figure of the original's sessions, matched by case, and the
    # import has no other: the counts of both sides and of equal values.
    local got
    got=$(q "select (select count(*) from session_stats st join sessions s using (sid) where s.run = $original),
                    (select count(*) from session_stats st join sessions s using (sid) where s.run = $imported),
                    (select count(*) from session_stats a join sessions sa using (sid)
                       join sessions sb on sb.run = $imported and sb.workload = sa.workload
                        and sb.path = sa.path and sb.lob_chars = sa.lob_chars
                        and sb.block_size = sa.block_size and sb.rows = sa.rows
                       join session_stats b on b.sid = sb.sid and b.\"statistic#\" = a.\"statistic#\"
                      where sa.run = $original and b.value = a.value),
                    (select count(*) from sessions where run = $original),
                    (select count(*) from sessions where run = $imported)")
    local n=${got%%|*}
    [ "$n" -gt 60 ] && [ "$got" = "$n|$n|$n|${got##*|}|${got##*|}" ] && ok ||
        bad "$what: figures of run $original, of run $imported, equal, sessions of each: $got"
}
compare 5 2 "LOB --stats-out"
compare 6 2 "LOB JSON"
compare 7 3 "heap --stats-out"
compare 8 3 "heap JSON"
compare 9 4 "rac --stats-out"
compare 10 4 "rac JSON"
# The heap sessions' recursive parts, from the CSV: every one, equal.
parts=$(q "select count(*), sum(b.value = a.value) from session_part_stats a join sessions sa using (sid)
           join sessions sb on sb.run = 7 and sb.workload = sa.workload and sb.block_size = sa.block_size
           join session_part_stats b on b.sid = sb.sid and b.part = a.part and b.\"statistic#\" = a.\"statistic#\"
           where sa.run = 3")
[ "$parts" = "$(q "select count(*) from session_part_stats p join sessions s using (sid) where s.run = 3")|$(
    q "select count(*) from session_part_stats p join sessions s using (sid) where s.run = 3")" ] &&
    [ "${parts%%|*}" -gt 200 ] && ok || bad "heap parts: $parts"
grep -q '^heap.csv: csv (recognised), 4 sessions, 404 figures (404 modelled, 0 not modelled): run 7$' heap.imp &&
    ok || bad "heap import said: $(cat heap.imp)"

# latest is per workload: after the rac run the insert's latest is run 2.
[ "$(q "select group_concat(workload || '=' || run, ' ') from (select * from latest_run_by_workload order by workload)")" = \
    "ctas=3 fts=3 insert=2 rac=4" ] && ok || bad "latest_run_by_workload: $(q 'select * from latest_run_by_workload')"
[ "$(q "select count(distinct run) || ' ' || min(run) from latest_by_lob_size where workload = 'insert'")" = "1 2" ] &&
    ok || bad "latest_by_lob_size: $(q "select distinct run, workload from latest_by_lob_size")"
[ "$(q "select count(*) from latest_vs_reference where lobsim is not null")" -gt 0 ] && ok ||
    bad "latest_vs_reference has no lobsim figure beside the reference"
[ "$(q "select count(distinct s.run) from v\$mystat m join sessions s using (sid)")" = 3 ] && ok ||
    bad "v\$mystat: runs $(q "select distinct s.run from v\$mystat m join sessions s using (sid)")"
[ "$(q "select group_concat(distinct run) from latest_user_tables")" = 3 ] && ok ||
    bad "latest_user_tables: $(q 'select run from latest_user_tables')"
"$LOBDIFF" --db=h.db reference latest >ref.txt 2>&1
grep -q "^lobdiff: calibration of run 2 against the Oracle measurements (run 1)" ref.txt && ok ||
    bad "lobdiff reference latest: $(head -n 1 ref.txt)"
"$LOBDIFF" --db=h.db --reference=7 latest >heapref.txt 2>&1
grep -q "calibration of run 3 against the Oracle measurements (run 7)" heapref.txt && ok ||
    bad "lobdiff --reference=7 latest: $(head -n 2 heapref.txt)"
# A heap case is named by its own axes: no path, no LOB size.
grep -q "^fts, block 8k, [0-9]* rows  *physical reads " heapref.txt &&
    ! grep -q "local 2k" heapref.txt && ok ||
    bad "lobdiff --reference=7 latest: heap cases with a path or LOB size: $(grep -m 2 'fts' heapref.txt)"
# A workload with no run: one line saying so, exit 2.
printf 'NAME VALUE\n---- -----\nphysical reads 468\n' >range.txt
"$LOBIMPORT" --db=h.db --workload=range range.txt >/dev/null 2>&1 || bad "cannot import range.txt"
"$LOBDIFF" --db=h.db --reference=11 latest >none.txt 2>none.err
rc=$?
[ $rc = 2 ] && [ "$(wc -l <none.err)" = 1 ] && [ ! -s none.txt ] &&
    grep -q "no run 'latest' of workload range: no completed lobsim run has one" none.err && ok ||
    bad "lobdiff --reference=11 latest: exit $rc, $(cat none.err)"

echo "import_roundtrip: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
