#!/usr/bin/env bash
# lobbench as a user meets it: bad input is refused with one line naming it,
# exit status 2 and no file written; a smoke run of every benchmark writes a
# Google Benchmark JSON whose counters equal the statistics in the CSV, and
# that Google Benchmark's compare.py reads.
set -u
LOBBENCH=${1:?usage: lobbench_cli.sh path/to/lobbench}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 1
pass=0 fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*"; }

# refuse EXPECTED_WORD ARGS...: exit 2, one line on stderr naming the input,
# nothing on stdout, no CSV and no database.
refuse() {
    local word=$1; shift
    "$LOBBENCH" --stats-out=out.csv --db=h.db "$@" >stdout 2>stderr
    local rc=$?
    local lines; lines=$(wc -l <stderr)
    if [ $rc -ne 2 ]; then bad "$* -> exit $rc, want 2"; return; fi
    if [ "$lines" -ne 1 ]; then bad "$* -> $lines lines on stderr, want 1: $(cat stderr)"; return; fi
    if ! grep -qF -- "$word" stderr; then bad "$* -> message does not name '$word': $(cat stderr)"; return; fi
    if [ -s stdout ] || [ -e out.csv ] || [ -e h.db ]; then bad "$* -> wrote output"; return; fi
    ok
}

refuse "'0'" --sizes=0
refuse "'3x'" --sizes=3x
refuse "'-1'" --rows=-1
refuse "'12k'" --block-size=12k
refuse "--frobnicate" --frobnicate
refuse "too large" --sizes=99999999999999999999999k
refuse "too large" --sizes=1048577m
refuse "32 TB" --rows=1000000000000 --sizes=256k
refuse "empty item" --sizes=2k,,4k
refuse "'abc'" --rows=abc
refuse "'dblinks'" --path=dblinks
refuse "piece size 100" --path=dblink --piece-size=100
refuse "'99m'" --path=dblink --piece-size=99m
refuse "dblink path only" --path=local --piece-size=40000
refuse "unknown parameter" --param=dsp.nope=3
refuse "NAME=VALUE" --param=dsp.chunk_divisor
refuse "'1.5'" --seed=1.5
refuse "'4097'" --block-size=4097
refuse "benchmark_min_time" --benchmark_min_time=fast
refuse "'readbak'" --workload=readbak
refuse "empty item" --workload=scan,

# --help and --list-params
"$LOBBENCH" --help | grep -q -- "--piece-size" && ok || bad "--help lacks --piece-size"
"$LOBBENCH" --list-params | grep -q "dsp.chunk_divisor" && ok || bad "--list-params lacks dsp.chunk_divisor"

# Smoke: every benchmark of the default sweep once.
if "$LOBBENCH" --no-db --quiet --benchmark_min_time=1x --benchmark_format=json \
    --benchmark_out=x.json --stats-out=x.csv >smoke.out 2>smoke.err; then ok; else bad "smoke run failed: $(cat smoke.err)"; fi
n=$(grep -c '"name": "insert/' x.json)
[ "$n" -eq 18 ] && ok || bad "JSON has $n benchmarks, want 18"
nstats=32
[ "$(wc -l <x.csv)" -eq $((1 + 18 * nstats)) ] && ok || bad "CSV has $(wc -l <x.csv) lines"
grep -q '^dblink,256,"securefile allocation chunks",' x.csv && ok || bad "CSV lacks dblink 256k chunks"
grep -q '"lobsim_seed": "1"' x.json && ok || bad "JSON context lacks the seed"

# The counters in the JSON equal the statistics in the CSV.
if python3 - x.json x.csv $nstats <<'PY'
import csv, json, sys
bench = json.load(open(sys.argv[1]))["benchmarks"]
rows = {(r["path"], r["lob_kchars"], r["statistic"]): int(r["value"]) for r in csv.DictReader(open(sys.argv[2]))}
checked = 0
for b in bench:
    _, path, lob, _, _ = b["name"].split("/")
    k = lob.split(":")[1].rstrip("k")
    for (p, kk, stat), v in rows.items():
        if p == path and kk == k:
            assert b[stat] == v, (b["name"], stat, b[stat], v)
            checked += 1
assert checked == 18 * int(sys.argv[3]), checked
PY
then ok; else bad "JSON counters differ from CSV"; fi

# Google Benchmark's compare.py accepts the JSON.
if [ -f /usr/share/benchmark/compare.py ]; then
    cp x.json y.json
    if /usr/bin/python3 /usr/share/benchmark/compare.py benchmarks x.json y.json >cmp.out 2>&1 \
        && grep -q "insert/dblink/lob:256k" cmp.out; then ok; else bad "compare.py: $(tail -3 cmp.out)"; fi
fi

# Every workload runs and names its rows in the CSV.
"$LOBBENCH" --no-db --quiet --workload=all --sizes=16k --benchmark_min_time=1x --stats-out=w.csv >/dev/null 2>&1 && ok || bad "--workload=all failed"
for wp in insert/local scan/local rows/dblink cluster/dblink; do
    grep -q "^${wp#*/},16,\"physical reads\",[0-9]*,${wp%/*},8$" w.csv && ok || bad "w.csv lacks $wp"
done
# Two block sizes and workloads: no two rows differ only in their value.
"$LOBBENCH" --no-db --quiet --workload=cluster,insert --sizes=64k --block-size=4k,8k \
    --benchmark_min_time=1x --stats-out=b.csv >/dev/null 2>&1 && ok || bad "--block-size=4k,8k failed"
[ -z "$(cut -d, -f1-3,5- b.csv | sort | uniq -d)" ] && ok || bad "b.csv has rows that differ only in value"
head -1 b.csv | grep -qx 'path,lob_kchars,statistic,value,workload,block_kb' && ok || bad "b.csv header"
# --explain-out: the components of each statistic sum to its --stats-out value.
"$LOBBENCH" --no-db --quiet --workload=all --sizes=2k,256k --benchmark_min_time=1x \
    --stats-out=s.csv --explain-out=e.csv >/dev/null 2>&1 && ok || bad "--explain-out failed"
sums=$(awk -F, 'NR == FNR { if (FNR > 1) e[$1 "|" $2 "|" $3 "|" $4 "|" $5] += $7; next }
                FNR > 1 { k = $5 "|" $1 "|" $2 "|" $6 "|" $3; n++; if (e[k] != $4) bad++ }
                END { print n, bad + 0 }' e.csv s.csv)
[ "${sums% *}" -gt 0 ] && [ "${sums#* }" = 0 ] && ok || bad "--explain-out does not sum to --stats-out ($sums)"
"$LOBBENCH" --no-db --explain --path=dblink --sizes=64k --benchmark_min_time=1x 2>/dev/null |
    grep -q '^  + t2 insert' && ok || bad "--explain prints no parts"

# Same seed and configuration: the same figures, bit for bit.
"$LOBBENCH" --no-db --quiet --benchmark_min_time=1x --stats-out=z.csv >/dev/null 2>&1
cmp -s x.csv z.csv && ok || bad "two runs gave different figures"

# A run is recorded into the store.
"$LOBBENCH" --db=h.db --quiet --sizes=2k --path=local --benchmark_min_time=1x >/dev/null 2>&1 && ok || bad "recorded run failed"
[ "$(sqlite3 h.db 'select count(*) from runs where source = '"'lobsim'"'')" = 1 ] && ok || bad "run not recorded"

# --plot draws the run beside the reference measurements from the store.
"$LOBBENCH" --db=h.db --quiet --benchmark_min_time=1x --plot=p.svg >/dev/null 2>&1 && ok || bad "--plot run failed"
grep -q "<svg" p.svg && grep -q "segment dispenser allocations" p.svg && grep -q "Oracle" p.svg && ok || bad "p.svg lacks panels or the reference"
"$LOBBENCH" --no-db --sizes=2k --plot=/nonexistent/dir/p2.svg >stdout 2>stderr
rc=$?
[ $rc -eq 2 ] && [ "$(wc -l <stderr)" -eq 1 ] && grep -q "/nonexistent/dir/p2.svg" stderr && [ ! -s stdout ] && ok || bad "--plot into a missing directory: exit $rc, $(cat stderr)"

echo "lobbench_cli: $pass passed, $fail failed"
[ $fail -eq 0 ]
