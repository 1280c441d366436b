#!/usr/bin/env bash
# lobbench as a user meets it: bad input is refused with one line naming it,
# exit status 2 and no file written; a smoke run of every benchmark writes a
# Google Benchmark JSON whose counters equal the statistics in the CSV, and
# that Google Benchmark's compare.py reads.  The number of statistics comes
# from the catalogue (v$statname of a store lobbench writes), and every output
# -- the console table with --all-counters, Google Benchmark's CSV and JSON
# counters, --stats-out -- must carry each of them.
#
#   usage: lobbench_cli.sh LOBBENCH
#
# Every check runs: a missing tool (lobbench, sqlite3, python3 with scipy,
# Google Benchmark's compare.py) fails the test, naming it.
set -u
missing() { echo "FAIL: lobbench_cli: $*"; exit 1; }
[ $# -eq 1 ] || missing "expected 1 argument, got $#; usage: lobbench_cli.sh LOBBENCH"
LOBBENCH=$1
[ -n "$LOBBENCH" ] && [ -x "$LOBBENCH" ] || missing "lobbench not found or not executable: '$LOBBENCH'"
LOBBENCH=$(readlink -f "$LOBBENCH")
COMPARE=/usr/share/benchmark/compare.py
command -v sqlite3 >/dev/null || missing "sqlite3 is not installed (scripts/install-deps installs it)"
command -v python3 >/dev/null || missing "python3 is not installed (scripts/install-deps installs it)"
[ -f $COMPARE ] || missing "$COMPARE is missing (libbenchmark-tools; scripts/install-deps installs it)"
/usr/bin/python3 -c 'import scipy.stats, numpy' 2>/dev/null ||
    missing "python3 cannot import scipy and numpy (python3-scipy; scripts/install-deps installs it)"
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
# The smallest piece is one 8 KB block's payload: 8192 - 132 bytes of block
# overhead (block_overhead) = 8060, accepted; a byte less, refused.
refuse "piece size 8059 bytes (accepted: 8060" --path=dblink --sizes=2k --piece-size=8059
if "$LOBBENCH" --no-db --quiet --path=dblink --sizes=2k --piece-size=8060 --benchmark_min_time=0.001s \
    >/dev/null 2>stderr; then ok; else bad "--piece-size=8060 (one block's payload) refused: $(cat stderr)"; fi
# A t2 extent must hold a data block after its header block: 8 KB is one
# 8 KB block, all header (refused); 16 KB holds one data block (accepted).
refuse "t2 extents of 8 KB hold no data block" --sizes=2k --param=row.t2_extent_kb=8
if "$LOBBENCH" --no-db --quiet --sizes=2k --param=row.t2_extent_kb=16 --benchmark_min_time=0.001s \
    >/dev/null 2>stderr; then ok; else bad "row.t2_extent_kb=16 refused: $(cat stderr)"; fi
# Each parameter reads its own field: a sequence's default CACHE is 20
# (Oracle's CREATE SEQUENCE), the instance's undo segments 10.
params=$("$LOBBENCH" --list-params)
for want in "rac.seq_cache 20" "rac.undo_segments 10" "block_overhead 132"; do
    got=$(awk -v n="${want% *}" '$1 == n { print $1, $2 }' <<<"$params")
    [ "$got" = "$want" ] && ok || bad "--list-params: '$got', want '$want'"
done
refuse "unknown parameter" --param=dsp.nope=3
# Storage in row is on (1, enable) or off (0, disable), nothing else.
refuse "lob.storage_in_row=2 (accepted: 1 enable, 0 disable)" --sizes=1k --param=lob.storage_in_row=2
refuse "NAME=VALUE" --param=dsp.chunk_divisor
refuse "'1.5'" --seed=1.5
refuse "'4097'" --block-size=4097
refuse "benchmark_min_time" --benchmark_min_time=fast
refuse "'readbak' is not a workload (accepted: insert, scan, rows, cluster, ctas, fts, range, few_rows, rac, readback, all, heap)" --workload=readbak
# Each heap query checks the heap's parameters, the range scan too.
refuse "heap parameters out of range" --workload=range --block-size=8k --param=heap.range_rows=0
refuse "empty item" --workload=scan,
refuse "heap queries (ctas, fts, range, few_rows) each have their own columns" --workload=insert,ctas --explain-out=e.csv
refuse "--awr-out applies to rac only" --workload=insert --awr-out=a.csv
# Each family's axes: a heap query and rac have no path nor LOB size; a
# value twice in a list is one case twice (Google Benchmark refused it in
# the middle of the run).
refuse "--sizes applies to the LOB workloads" --workload=heap --sizes=64k
refuse "--path applies to the LOB workloads" --workload=rac --path=dblink
refuse "--param=rac.users applies to rac only" --param=rac.users=40
refuse "'8k' is given twice" --block-size=8k,8k
refuse "'2k' (2k) is given twice" --sizes=2k,2k
refuse "'scan' selects scan a second time" --workload=readback,scan

# --help and --list-params
"$LOBBENCH" --help | grep -q -- "--piece-size" && ok || bad "--help lacks --piece-size"
"$LOBBENCH" --list-params | grep -q "dsp.chunk_divisor" && ok || bad "--list-params lacks dsp.chunk_divisor"

# The catalogue: every statistic lobsim knows, as the store lists it.
"$LOBBENCH" --db=cat.db --quiet --sizes=2k --path=local --benchmark_min_time=1x >/dev/null 2>cat.err ||
    missing "cannot record the catalogue store: $(cat cat.err)"
nstats=$(sqlite3 cat.db 'select count(*) from v$statname')
sqlite3 cat.db 'select name from v$statname order by "statistic#"' >stats.txt
[ "$nstats" -ge 1 ] 2>/dev/null && [ "$(wc -l <stats.txt)" -eq "$nstats" ] ||
    missing "v\$statname of cat.db is empty or unreadable ('$nstats')"
# The store's table of workloads: each one's family, in the table's order.
fams=$(sqlite3 cat.db "select group_concat(name || ':' || family, ' ') from (select * from workloads order by position)")
[ "$fams" = "insert:lob scan:lob rows:lob cluster:lob ctas:heap fts:heap range:heap few_rows:heap rac:rac" ] &&
    ok || bad "workloads and their families: '$fams'"

# Smoke: every benchmark of the default sweep once.
if "$LOBBENCH" --no-db --quiet --benchmark_min_time=1x --benchmark_format=json \
    --benchmark_out=x.json --stats-out=x.csv >smoke.out 2>smoke.err; then ok; else bad "smoke run failed: $(cat smoke.err)"; fi
n=$(grep -c '"name": "insert/' x.json)
[ "$n" -eq 18 ] && ok || bad "JSON has $n benchmarks, want 18"
[ "$(wc -l <x.csv)" -eq $((1 + 18 * nstats)) ] && ok ||
    bad "--stats-out CSV has $(wc -l <x.csv) lines, want 1 + 18 cases x $nstats statistics"
grep -q '^insert,dblink,256,8,10000,"securefile allocation chunks",[0-9]*,$' x.csv && ok || bad "CSV lacks dblink 256k chunks"
grep -q '"lobsim_seed": "1"' x.json && ok || bad "JSON context lacks the seed"
# The console's context names only the parameters given (the JSON keeps
# every one), its heading calls the times the model's, and the library's
# DEBUG warning is said once in a user's words.  Before: a 2.6 KB line of
# every parameter, "Time", "***WARNING*** Library was built as DEBUG".
grep -q '"lobsim_model_params": "block_overhead=132 .*dsp.chunk_divisor=256 .*heap.dict_block_size=8192"' x.json &&
    ok || bad "JSON context lacks the whole parameter list"
"$LOBBENCH" --no-db --sizes=2k --rows=10 --benchmark_min_time=1x --param=dsp.chunk_divisor=512 \
    >con.out 2>con.err || bad "console run failed: $(cat con.err)"
[ "$(grep '^lobsim_model_params: ' con.err)" = "lobsim_model_params: dsp.chunk_divisor=512" ] && ok ||
    bad "console context: $(grep '^lobsim_model_params' con.err | cut -c 1-200)"
grep -q '^Benchmark  *Model time  *Model CPU  *Iterations' con.out && ok ||
    bad "console heading: $(grep '^Benchmark' con.out)"
if grep -q 'Library was built as DEBUG' con.err; then bad "the library's DEBUG warning is printed"; else ok; fi
n=$(grep -c "^Time and CPU: the simulator's own run time" con.err)
[ "$n" -le 1 ] && ok || bad "the note on times is printed $n times"
"$LOBBENCH" --no-db --sizes=2k --rows=10 --benchmark_min_time=1x >con.out 2>con.err
grep -q "^lobsim_model_params: the model's defaults" con.err && ok ||
    bad "console context without --param: $(grep '^lobsim_model_params' con.err | cut -c 1-200)"
# The same sweep as Google Benchmark's CSV, and as its console table with
# every statistic as a counter.
"$LOBBENCH" --no-db --quiet --benchmark_min_time=1x --benchmark_format=csv >gb.csv 2>gb.err &&
    ok || bad "--benchmark_format=csv run failed: $(cat gb.err)"
"$LOBBENCH" --no-db --quiet --benchmark_min_time=1x --all-counters --benchmark_color=false \
    >console.txt 2>console.err && ok || bad "--all-counters run failed: $(cat console.err)"

# Each output carries every statistic of the catalogue, for every case, and
# the JSON counters equal the --stats-out figures.
if python3 - stats.txt x.json x.csv gb.csv console.txt <<'PY'
import csv, json, re, sys
names = [l.rstrip("\n") for l in open(sys.argv[1]) if l.strip()]
cat = set(names)
n = len(names)
ok = True
def bad(msg):
    global ok
    ok = False
    print("FAIL:", msg)
shown = {}
def check(what, case, got):
    global ok
    got = set(got) & cat
    if len(got) != n:
        ok = False
        shown[what] = shown.get(what, 0) + 1
        if shown[what] <= 2:  # the first two cases of each output say enough
            gone = sorted(cat - got)
            print(f"FAIL: {what}, {case}: {len(got)} of the {n} statistics; missing: "
                  + ", ".join(gone[:4]) + (f" and {len(gone) - 4} more" if len(gone) > 4 else ""))
# No name hides inside another as " NAME=" in the console line.
for a in names:
    for b in names:
        if a != b and b.endswith(" " + a):
            bad(f"statistic names '{a}' and '{b}' cannot be told apart on the console")
# JSON counters.
bench = json.load(open(sys.argv[2]))["benchmarks"]
if len(bench) != 18:
    bad(f"JSON: {len(bench)} benchmarks, want 18")
for b in bench:
    check("JSON counters", b["name"], b.keys())
# --stats-out CSV: per case, every statistic once, and equal to the JSON.
rows = list(csv.DictReader(open(sys.argv[3])))
cases = {}
for r in rows:
    cases.setdefault((r["path"], r["lob_kchars"]), []).append(r["statistic"])
if len(cases) != 18:
    bad(f"--stats-out: {len(cases)} cases, want 18")
for case, stats in cases.items():
    if len(stats) != len(set(stats)):
        bad(f"--stats-out, {case}: a statistic twice")
    check("--stats-out", case, stats)
    if set(stats) - cat:
        bad(f"--stats-out, {case}: not in the catalogue: {sorted(set(stats) - cat)}")
checked = differ = 0
for b in bench:
    _, path, lob, _, _ = b["name"].split("/")
    k = lob.split(":")[1].rstrip("k")
    for r in rows:
        if r["path"] == path and r["lob_kchars"] == k:
            if b.get(r["statistic"]) != int(r["value"]):
                differ += 1
                if differ <= 2:
                    bad(f"{b['name']}: {r['statistic']} is {b.get(r['statistic'])} in JSON, {r['value']} in CSV")
            checked += 1
if differ > 2:
    bad(f"JSON = CSV: {differ} figures in all differ")
if checked != 18 * n:
    bad(f"JSON = CSV: {checked} figures compared, want 18 x {n}")
# Google Benchmark's CSV: one column per statistic, a value in every row.
gb = list(csv.reader(open(sys.argv[4])))
head = gb[0] if gb else []
check("--benchmark_format=csv columns", "header", head)
runs = [r for r in gb[1:] if r and r[0].startswith("insert/")]
if len(runs) != 18:
    bad(f"--benchmark_format=csv: {len(runs)} rows, want 18")
for r in runs:
    check("--benchmark_format=csv values", r[0], [h for h, v in zip(head, r) if v != ""])
# The console table with --all-counters: "NAME=value" for every statistic.
lines = [l for l in open(sys.argv[5]) if l.startswith("insert/")]
if len(lines) != 18:
    bad(f"--all-counters console: {len(lines)} benchmark lines, want 18")
for l in lines:
    check("--all-counters console", l.split()[0], [s for s in names if " " + s + "=" in l])
for what, k in shown.items():
    if k > 2:
        print(f"FAIL: {what}: {k} cases in all lack statistics")
sys.exit(0 if ok else 1)
PY
then ok; else bad "an output lacks statistics of the catalogue ($nstats in v\$statname), or JSON differs from CSV"; fi

# Google Benchmark's compare.py accepts the JSON.
cp x.json y.json
if /usr/bin/python3 $COMPARE benchmarks x.json y.json >cmp.out 2>&1 \
    && grep -q "insert/dblink/lob:256k" cmp.out; then ok; else bad "compare.py: $(tail -3 cmp.out)"; fi

# Every workload runs and names its rows in the CSV.
"$LOBBENCH" --no-db --quiet --workload=all --sizes=16k --benchmark_min_time=1x --stats-out=w.csv >/dev/null 2>&1 && ok || bad "--workload=all failed"
for wp in insert/local scan/local rows/dblink cluster/dblink; do
    grep -q "^${wp%/*},${wp#*/},16,8,10000,\"physical reads\",[0-9]*,$" w.csv && ok || bad "w.csv lacks $wp"
done
# Two block sizes and workloads: no two rows differ only in their value.
"$LOBBENCH" --no-db --quiet --workload=cluster,insert --sizes=64k --block-size=4k,8k \
    --benchmark_min_time=1x --stats-out=b.csv >/dev/null 2>&1 && ok || bad "--block-size=4k,8k failed"
[ -z "$(cut -d, -f1-6,8- b.csv | sort | uniq -d)" ] && ok || bad "b.csv has rows that differ only in value"
head -1 b.csv | grep -qx 'workload,path,lob_kchars,block_kb,rows,statistic,value,recursive' && ok || bad "b.csv header"
# --explain-out: the components of each statistic sum to its --stats-out value.
"$LOBBENCH" --no-db --quiet --workload=all --sizes=2k,256k --benchmark_min_time=1x \
    --stats-out=s.csv --explain-out=e.csv >/dev/null 2>&1 && ok || bad "--explain-out failed"
sums=$(awk -F, 'NR == FNR { if (FNR > 1) e[$1 "|" $2 "|" $3 "|" $4 "|" $5] += $7; next }
                FNR > 1 { k = $1 "|" $2 "|" $3 "|" $4 "|" $6; n++; if (e[k] != $7) bad++ }
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
grep -q ">LOB size (characters)</text>" p.svg && ok || bad "p.svg's axis is not titled by LOB size"
# The rac sweep's axis is the block size, not a LOB size.
"$LOBBENCH" --no-db --quiet --workload=rac --block-size=4k,8k --benchmark_min_time=1x --plot=r.svg >/dev/null 2>&1 && ok || bad "--workload=rac --plot failed"
grep -q ">block size</text>" r.svg && ! grep -q "LOB size" r.svg && ok || bad "r.svg's axis is not titled by block size"
"$LOBBENCH" --no-db --sizes=2k --plot=/nonexistent/dir/p2.svg >stdout 2>stderr
rc=$?
[ $rc -eq 2 ] && [ "$(wc -l <stderr)" -eq 1 ] && grep -q "/nonexistent/dir/p2.svg" stderr && [ ! -s stdout ] && ok || bad "--plot into a missing directory: exit $rc, $(cat stderr)"

# A figure that is 0 at the first block size and not at the second has no
# percentage: its change reads "new" (a short run, where a few rare events
# happen at one size only: fairness down-converts at 4k, seed 1).
"$LOBBENCH" --no-db --workload=rac --block-size=8k,4k --param=rac.transactions=100 \
    --param=rac.warmup=10 --benchmark_min_time=1x >new.txt 2>/dev/null || bad "short rac run failed"
awk '$NF == "new" { n++; if ($(NF - 4) + 0 != 0 || $(NF - 1) + 0 == 0) wrong++ }
     $NF == "%" && $(NF - 5) == "0.000" && $(NF - 2) + 0 != 0 { wrong++ }
     END { exit !(n >= 1 && wrong == 0) }' new.txt && ok ||
    bad "a figure new at 4k: $(grep -E 'Fairness' new.txt)"

# A heap table has its own heading and the block sizes as columns, no path
# column; the LOB table beside it keeps its own.
"$LOBBENCH" --no-db --workload=insert,fts --path=local --sizes=2k --rows=2000 --block-size=8k,32k \
    --benchmark_min_time=1x >heap.txt 2>/dev/null || bad "heap and LOB sweep failed"
grep -qx 'Heap full scan (v$mystat): 2,000 rows, seed 1, dictionary cache cold' heap.txt && ok || bad "heap heading: $(grep '^Heap' heap.txt)"
sed -n '/^Heap full scan/,/^$/p' heap.txt >heap-table.txt
head -n 2 heap-table.txt | tail -n 1 | grep -qE '^statistic +8k +32k$' && ok || bad "heap columns: $(sed -n 2p heap-table.txt)"
grep -q 'local' heap-table.txt && bad "heap table has a path column" || ok
grep -qE '^physical reads cache +23 +23$' heap-table.txt && ok || bad "heap row: $(grep 'reads cache' heap-table.txt)"
grep -q '^Session statistics: 2000 rows, 2k-character LOBs, seed 1$' heap.txt && ok || bad "LOB heading changed: $(grep '^Session' heap.txt)"

# The session's dictionary cache by name: warm has no recursive SQL; the
# heading, the store's parameter text and the CSV's parts say which.
"$LOBBENCH" --db=dc.db --workload=fts --rows=2000 --param=heap.dict_cache=warm --stats-out=warm.csv \
    --benchmark_min_time=1x >warm.txt 2>warm.err || bad "heap.dict_cache=warm run failed: $(cat warm.err)"
grep -qx 'Heap full scan (v$mystat): 2,000 rows, seed 1, dictionary cache warm' warm.txt && ok ||
    bad "warm heading: $(grep '^Heap' warm.txt)"
[ "$(sqlite3 dc.db "select count(*) from sessions where params like '% heap.dict_cache=warm %'")" = 1 ] &&
    ok || bad "the store's params lack heap.dict_cache=warm"
grep -qx 'fts,,,8,2000,"physical reads cache",0,0' warm.csv && ok || bad "warm: $(grep 'reads cache' warm.csv)"
"$LOBBENCH" --db=dc.db --quiet --workload=fts --rows=2000 --stats-out=cold.csv --benchmark_min_time=1x \
    >/dev/null 2>&1 || bad "cold fts run failed"
# The store keeps the recursive part of each heap session apart.
[ "$(sqlite3 dc.db "select group_concat(value || '/' || total, ' ') from (select value, total from
    part_figures where part = 'recursive' and statistic = 'physical reads cache' order by sid)")" = "0/0 23/23" ] &&
    ok || bad "part_figures: $(sqlite3 dc.db "select * from part_figures where statistic = 'physical reads cache'")"
head -n 1 cold.csv | grep -qx 'workload,path,lob_kchars,block_kb,rows,statistic,value,recursive' && ok ||
    bad "heap CSV header: $(head -n 1 cold.csv)"
grep -qx 'fts,,,8,2000,"physical reads cache",23,23' cold.csv && ok || bad "cold: $(grep 'reads cache' cold.csv)"
# Every row: the recursive part at most the session's figure, some of it not 0.
awk -F, 'NR > 1 { n++; if ($8 == "" || $8 + 0 > $7 + 0) bad++; if ($8 > 0) r++ }
         END { exit !(n > 5 && bad == 0 && r > 2) }' cold.csv && ok || bad "cold.csv: a recursive part above its value"
"$LOBBENCH" --list-params | grep -qE '^heap.dict_cache +cold +cold, warm$' && ok ||
    bad "--list-params: $(lobbench --list-params | grep dict_cache)"

# A sweep over a parameter and seeds in one invocation: a case per block
# size, user count and seed, each named by its values, recorded with them,
# and the AWR table per user count with each figure's change per seed.
RAC=(--workload=rac --block-size=8k,4k --param=rac.users=40,60 --seeds=1-2
    --param=rac.transactions=1000 --param=rac.warmup=100 --benchmark_min_time=1x)
"$LOBBENCH" --db=sw.db "${RAC[@]}" --awr-out=sw.csv --benchmark_format=json --benchmark_out=sw.json \
    >sw.txt 2>sw.err && ok || bad "rac sweep failed: $(cat sw.err)"
python3 - sw.json <<'PY' && ok || bad "rac sweep: the benchmarks' names"
import json, sys
got = sorted(b["name"] for b in json.load(open(sys.argv[1]))["benchmarks"])
want = sorted(f"rac/block:{b}/users:{u}/rows:100000/seed:{s}"
              for b in ("8k", "4k") for u in (40, 60) for s in (1, 2))
if got != want:
    print("FAIL: names", got)
    sys.exit(1)
PY
# Each (block size, users, seed) once in the store, its params and seed
# recorded per session.
sessions=$(sqlite3 sw.db "select group_concat(k, ' ') from (select (s.block_size / 1024) || 'k/' ||
    (case when s.params like '% rac.users=40 %' then 40 when s.params like '% rac.users=60 %' then 60 end)
    || '/' || s.seed as k from sessions s join runs r using (run) where r.source = 'lobsim' order by k)")
[ "$sessions" = "4k/40/1 4k/40/2 4k/60/1 4k/60/2 8k/40/1 8k/40/2 8k/60/1 8k/60/2" ] && ok ||
    bad "rac sweep: sessions recorded as '$sessions'"
[ "$(grep -c '^Two-instance OLTP on a shared heap table (AWR); rac.users=' sw.txt)" = 2 ] && ok ||
    bad "rac sweep: not one table per user count: $(grep '^Two-instance' sw.txt)"
grep -qE '^Load Profile +8k +4k +4k s1 +4k s2 +4k/8k range$' sw.txt && ok ||
    bad "rac sweep heading: $(grep '^Load Profile' sw.txt | head -n 1)"
grep -qE '^  Estd Interconnect traffic \(KB\) per second( +[0-9.]+){2}( +-[0-9.]+ %){2} +-[0-9.]+ \.\. -[0-9.]+ %$' sw.txt &&
    ok || bad "rac sweep: traffic line $(grep -m1 'Estd Interconnect traffic' sw.txt)"
# The CSV: every case's figures, and the change from 8k on the 4k rows,
# equal to what the values give.
awk -F, 'NR > 1 { n++; k[$2 "/" $3 "/" $5]++ }
         NR > 1 && $2 == 4 && $6 == "all" && $10 != "" { c++ }
         END { exit !(length(k) == 8 && c > 50) }' sw.csv && ok || bad "sw.csv: cases or changes missing"
python3 - sw.csv <<'PY' && ok || bad "sw.csv: change_pct differs from the values"
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1])))
base = {(r["users"], r["seed"], r["instance"], r["statistic"]): float(r["value"])
        for r in rows if r["block_kb"] == "8"}
n = 0
for r in rows:
    if r["block_kb"] != "4" or r["change_pct"] == "":
        continue
    b = base[(r["users"], r["seed"], r["instance"], r["statistic"])]
    if abs(100 * (float(r["value"]) / b - 1) - float(r["change_pct"])) > 1e-3:
        print("FAIL:", r)
        sys.exit(1)
    n += 1
sys.exit(0 if n > 100 else 1)
PY
# A list over the LOB workloads: a column per list and for the seeds, and
# a table per point.
"$LOBBENCH" --no-db --path=local --sizes=2k --param=dsp.chunk_divisor=256,512 --seeds=3,4 \
    --stats-out=l.csv --benchmark_min_time=1x >l.txt 2>/dev/null && ok || bad "LOB sweep failed"
head -n 1 l.csv | grep -qx 'workload,path,lob_kchars,block_kb,rows,statistic,value,recursive,dsp.chunk_divisor,seed' &&
    ok || bad "LOB sweep CSV header: $(head -n 1 l.csv)"
[ "$(tail -n +2 l.csv | cut -d, -f9,10 | sort -u | tr '\n' ' ')" = "256,3 256,4 512,3 512,4 " ] && ok ||
    bad "LOB sweep CSV points: $(tail -n +2 l.csv | cut -d, -f9,10 | sort -u | tr '\n' ' ')"
[ "$(grep -c '^Session statistics: 10000 rows, 8k blocks, seed [34]; dsp.chunk_divisor=\(256\|512\)$' l.txt)" = 4 ] &&
    ok || bad "LOB sweep tables: $(grep '^Session' l.txt)"

# ---- each family in its own axes ------------------------------------------
# The heap queries: names, --explain-out and --plot in their axes, query x
# block size: a panel per statistic, a line per query, every block size on
# it, the legend and titles in the queries' words.
"$LOBBENCH" --no-db --quiet --workload=heap --block-size=8k,16k,32k --plot=h.svg \
    --explain-out=he.csv --benchmark_min_time=1x --benchmark_format=json >h.json 2>h.err &&
    ok || bad "heap --plot run failed: $(cat h.err)"
python3 - h.json he.csv h.svg <<'PY' && ok || bad "heap: names, --explain-out or --plot not in the queries' axes"
import csv, json, sys
import xml.etree.ElementTree as ET
ok = True
def bad(msg):
    global ok
    ok = False
    print("FAIL:", msg)
queries, blocks = ["ctas", "fts", "range", "few_rows"], ["8k", "16k", "32k"]
names = sorted(b["name"] for b in json.load(open(sys.argv[1]))["benchmarks"])
want = sorted(f"{q}/block:{b}/rows:10000000" for q in queries for b in blocks)
if names != want:
    bad(f"names {names}")
rows = list(csv.reader(open(sys.argv[2])))
if rows[0] != ["query", "block_kb", "statistic", "component", "value"]:
    bad(f"--explain-out header {rows[0]}")
if {(r[0], r[1]) for r in rows[1:]} != {(q, b[:-1]) for q in queries for b in blocks}:
    bad("--explain-out lacks a (query, block size)")
ns = "{http://www.w3.org/2000/svg}"
svg = ET.parse(sys.argv[3]).getroot()
text = " ".join(t.text or "" for t in svg.iter(ns + "text"))
for word in ("LOB size", "local", "lobsim", "dblink"):
    if word in text:
        bad(f"--plot says '{word}'")
if "block size" not in text or "heap queries" not in text:
    bad("--plot: no 'block size' axis or 'heap queries' title")
legend = [t.text for g in svg.iter(ns + "g") if g.get("class") == "legend" for t in g.iter(ns + "text")
          if t.get("class") != "legend-note"]
if legend != queries:
    bad(f"legend {legend}")
drawn = set()
panels = [g for g in svg.iter(ns + "g") if g.get("class") == "panel"]
if len(panels) < 12:
    bad(f"{len(panels)} panels")
for p in panels:
    for se in p.iter(ns + "g"):
        if se.get("class") != "series":
            continue
        drawn.add(se.get("data-name"))
        n = len([m for m in se.iter() if m.get("class") == "mark"])
        if n != 3:
            bad(f"{p.get('data-statistic')}: {se.get('data-name')} has {n} points, want 3 block sizes")
if drawn != set(queries):
    bad(f"queries drawn: {sorted(drawn)}")
sys.exit(0 if ok else 1)
PY
# rac: instance x block size x users.  --explain prints the statistics
# behind the AWR report by part; --explain-out has rac's columns; --plot a
# line per number of users against block size.
"$LOBBENCH" --no-db --workload=rac --block-size=8k,4k --param=rac.users=40,60 \
    --param=rac.transactions=1000 --param=rac.warmup=100 --explain --explain-out=re.csv \
    --plot=rp.svg --benchmark_min_time=1x >re.txt 2>re.err && ok || bad "rac --explain failed: $(cat re.err)"
[ "$(grep -c '^Two-instance OLTP on a shared heap table (AWR): the session statistics of the two instances, by part: 100,000 rows, [46]0 users, seed 1; rac.users=[46]0$' re.txt)" = 2 ] &&
    ok || bad "rac --explain: no table by part per user count: $(grep 'by part' re.txt)"
grep -qE '^  = global cache +[0-9]+ +[0-9]+$' re.txt && ok || bad "rac --explain: no parts under the statistics"
head -n 1 re.csv | grep -qx 'workload,block_kb,users,interconnect,seed,statistic,component,value' && ok ||
    bad "rac --explain-out header: $(head -n 1 re.csv)"
[ "$(tail -n +2 re.csv | cut -d, -f1-3 | sort -u | tr '\n' ' ')" = "rac,4,40 rac,4,60 rac,8,40 rac,8,60 " ] &&
    ok || bad "rac --explain-out cases: $(tail -n +2 re.csv | cut -d, -f1-3 | sort -u | tr '\n' ' ')"
python3 - rp.svg <<'PY' && ok || bad "rac --plot not in rac's axes"
import sys
import xml.etree.ElementTree as ET
ns = "{http://www.w3.org/2000/svg}"
svg = ET.parse(sys.argv[1]).getroot()
text = " ".join(t.text or "" for t in svg.iter(ns + "text"))
series = [g for g in svg.iter(ns + "g") if g.get("class") == "series"]
names = {g.get("data-name") for g in series}
counts = {len([m for m in g.iter() if m.get("class") == "mark"]) for g in series}
if names != {"40 users", "60 users"} or counts != {2} or "LOB size" in text or "local" in text \
        or "block size" not in text:
    print("FAIL:", names, counts, text[:200])
    sys.exit(1)
PY

# --quiet keeps the line that gives the run's id (on stderr: stdout is
# Google Benchmark's JSON here, and stays JSON).
"$LOBBENCH" --db=q.db --quiet --sizes=2k --path=local --benchmark_min_time=1x \
    --benchmark_format=json >q.json 2>q.err || bad "--quiet run failed: $(cat q.err)"
grep -qx "Recorded as run $(sqlite3 q.db "select max(run) from runs where source = 'lobsim'") in q.db (1 sessions)." q.err &&
    ok || bad "--quiet hides the run id: $(cat q.err)"
python3 -c 'import json, sys; json.load(open(sys.argv[1]))' q.json && ok || bad "--quiet: stdout is not JSON"

# The table within seconds: each case is timed for 0.02 s unless
# --benchmark_min_time says otherwise (the JSON's context says which).
"$LOBBENCH" --no-db --quiet --sizes=2k --path=local --benchmark_format=json >mt.json 2>/dev/null
grep -qF '"lobsim_min_time": "--benchmark_min_time=0.02s (lobbench'"'"'s default)"' mt.json && ok ||
    bad "no default min time: $(grep lobsim_min_time mt.json)"
"$LOBBENCH" --no-db --quiet --sizes=2k --path=local --benchmark_min_time=3x --benchmark_format=json \
    >mt3.json 2>/dev/null
grep -qF '"lobsim_min_time": "--benchmark_min_time=3x (given)"' mt3.json &&
    grep -q '"iterations": 3,' mt3.json && ok || bad "--benchmark_min_time=3x not honoured"

# Full precision: Google Benchmark's CSV and its JSON of the same run
# carry the same doubles (the library's CSV wrote 6 digits), and the rac
# CSV keeps every digit of its rates.
"$LOBBENCH" --no-db --quiet --sizes=2k,256k --benchmark_min_time=1x --benchmark_format=csv \
    --benchmark_out=pj.json --benchmark_out_format=json >pc.csv 2>/dev/null || bad "csv+json run failed"
python3 - pc.csv pj.json <<'PY' && ok || bad "Google Benchmark's CSV rounds what its JSON has"
import csv, json, sys
rows = {r["name"]: r for r in csv.DictReader(open(sys.argv[1]))}
n = 0
for b in json.load(open(sys.argv[2]))["benchmarks"]:
    for k in ("real_time", "cpu_time", "items_per_second", "jemalloc allocated bytes"):
        if float(rows[b["name"]][k]) != b[k]:
            print("FAIL:", b["name"], k, rows[b["name"]][k], b[k])
            sys.exit(1)
        n += 1
sys.exit(0 if n == 16 else 1)
PY
python3 - sw.csv <<'PY' && ok || bad "the rac CSV rounds its figures"
import csv, sys
long = sum(len(r["value"].replace(".", "").replace("-", "").lstrip("0")) > 9
           for r in csv.DictReader(open(sys.argv[1])))
sys.exit(0 if long > 100 else 1)
PY

# A script run is recorded (issue 29): a session per step (the session's
# statistics, no table) and per (step, segment) -- the table's and its LOB
# segment's (issue 43) -- with its statement, workload script in the
# store's workloads, the script and its
# FNV-1a 64 on the run (the digest lobimport checks a spool's against,
# computed apart here); --no-db records nothing.
SCEN=$(dirname "$(readlink -f "$0")")/../scenarios
printf 'create table t (id number, c clob) lob (c) store as securefile (retention none);\ninsert into t select level, rpad(to_clob(%s), 20000, %s) from dual connect by level <= 100;\ncommit;\ndelete from t where mod(id, 2) = 0;\ncommit;\n' "'x'" "'x'" >life.sql
sdigest=$(python3 -c "
h = 0xcbf29ce484222325
for b in open('life.sql', 'rb').read():
    h = ((h ^ b) * 0x100000001b3) & (2**64 - 1)
print('%016x' % h)")
if "$LOBBENCH" --db=life.db --quiet --script=life.sql >stdout 2>stderr; then
    got=$(sqlite3 life.db "select group_concat(step || ':' || coalesce(segment_name, '-'), ' ') from
            (select step, segment_name from sessions where workload = 'script'
             order by step, segment_name is not null, segment_name);
          select script_file || ' ' || script_digest from runs;
          select family from workloads where name = 'script';
          select distinct statement from sessions where step = 4;
          select count(*) from step_figures where step = 3 and statistic = 'dbms_space.used_blocks'
            and value > 0" | tr '\n' '|')
    segs() { echo "$1:- $1:SYS_LOB0000000001C00002\$\$ $1:T"; }
    want="$(segs 1) $(segs 2) $(segs 3) $(segs 4) $(segs 5)|life.sql $sdigest|script|delete from t where mod(id, 2) = 0|1|"
    [ "$got" = "$want" ] && ok || bad "script run recorded: got '$got', want '$want'"
else
    bad "lobbench --script=life.sql: $(head -n 2 stderr)"
fi
"$LOBBENCH" --no-db --quiet --script=life.sql >stdout 2>stderr && [ ! -e results/history.db ] && ok ||
    bad "--no-db --script wrote a store or failed: $(head -n 2 stderr)"
# A script that touches no table has nothing to record, and says so in one
# line; the store is not made.
printf 'commit;\nexec dbms_session.sleep(1)\n' >notable.sql
"$LOBBENCH" --db=notable.db --quiet --script=notable.sql >stdout 2>stderr &&
    [ "$(cat stderr)" = "lobbench: notable.sql: no statement made or used a table: nothing recorded" ] &&
    [ ! -e notable.db ] && ok ||
    bad "a script with no table: exit $?, stderr '$(head -n 2 stderr)', store $(ls notable.db 2>&1)"

# A scenario's own inputs (issue 43, item 1): shrink.sql's header states
# charset=AL32UTF8, and lobbench --script reads it (scr_read_inputs, the
# reader the tests and scripts/lifecycle-table rely on): its figures are
# those of --charset=al32utf8, bit for bit, and a LOB takes more blocks
# than under --charset=single, which wins when given and says so on
# stderr; an option equal to the stated value says nothing.
if "$LOBBENCH" --no-db --script="$SCEN/shrink.sql" --stats-out=hdr.csv >stdout 2>stderr &&
    "$LOBBENCH" --no-db --quiet --script="$SCEN/shrink.sql" --charset=al32utf8 \
        --stats-out=utf.csv 2>stderr.utf &&
    "$LOBBENCH" --no-db --script="$SCEN/shrink.sql" --charset=single --stats-out=one.csv \
        >stdout.one 2>stderr.one; then
    tail -n 1 stdout | grep -q ", AL32UTF8, MAX_STRING_SIZE STANDARD, 8192-byte default blocks$" &&
        [ ! -s stderr ] && [ ! -s stderr.utf ] && cmp -s hdr.csv utf.csv && ok ||
        bad "shrink.sql's header inputs: $(tail -n 1 stdout), stderr '$(cat stderr stderr.utf)'"
    tail -n 1 stdout.one | grep -q ", single-byte character set, " &&
        [ "$(cat stderr.one)" = "lobbench: --charset=single overrides $SCEN/shrink.sql's '-- lobsim input: charset=AL32UTF8'" ] &&
        ok || bad "--charset=single over shrink.sql's header: $(tail -n 1 stdout.one), stderr '$(cat stderr.one)'"
    python3 - hdr.csv one.csv <<'PY' && ok || bad "shrink.sql under its header's AL32UTF8 against --charset=single"
import csv, sys
used = [{r["step"]: int(r["value"]) for r in csv.DictReader(open(f))
         if r["statistic"] == "dbms_space.used_blocks"} for f in sys.argv[1:]]
# The last step before the shrinks where both hold LOBs: 2 bytes a character.
both = [s for s in used[0] if used[0][s] and used[1].get(s)]
assert both, "no step with LOBs in both runs"
s = max(both, key=int)
assert used[0][s] > used[1][s] * 1.5, (s, used[0][s], used[1][s])
PY
else
    bad "lobbench --script=shrink.sql: $(cat stderr stderr.one 2>/dev/null | head -n 2)"
fi
# A stated block size, and --block-size over it.
printf -- '-- lobsim input: block_size=16384\ncreate table t (id number, c clob);\ninsert into t values (1, rpad(%s, 5000, %s));\ncommit;\n' "'x'" "'x'" >bs.sql
"$LOBBENCH" --no-db --script=bs.sql >stdout 2>stderr && tail -n 1 stdout | grep -q ", 16384-byte default blocks$" &&
    "$LOBBENCH" --no-db --script=bs.sql --block-size=4k >stdout 2>stderr &&
    tail -n 1 stdout | grep -q ", 4096-byte default blocks$" &&
    [ "$(cat stderr)" = "lobbench: --block-size=4096 overrides bs.sql's '-- lobsim input: block_size=16384'" ] &&
    ok || bad "bs.sql's block_size=16384 and --block-size=4k: $(tail -n 1 stdout), stderr '$(cat stderr)'"

# --sessions (issue 30, item 1): the script's DML in N sessions at once, a
# report per count in AWR's shape, a line per count at the end, recorded in
# the store (below).  Bad counts and --explain are refused.
ses_refuse() { # MESSAGE ARGS...: exit 2, that one line, nothing written
    local want=$1; shift
    rm -f ses.csv
    "$LOBBENCH" --db=ses.db "$@" >stdout 2>stderr
    local rc=$?
    [ $rc = 2 ] && [ "$(cat stderr)" = "lobbench: $want" ] && [ ! -s stdout ] && [ ! -e ses.db ] &&
        [ ! -e ses.csv ] && ok || bad "$* -> exit $rc, stderr '$(cat stderr)', want '$want'"
}
ses_refuse "--sessions=0: sessions at once (accepted: 1..1000)" --script=life.sql --sessions=0
ses_refuse "--sessions=1,,2: a count or a list of at most 16 counts" --script=life.sql --sessions=1,,2
ses_refuse "--sessions: applies to --script runs only" --sessions=2
ses_refuse "--plot: with --sessions, draws the run's snapshots: give --snapshot-every=Ns too" \
    --script=life.sql --sessions=2 --plot=ses.svg
ses_refuse "--explain: applies to a script's steps, not to --sessions (a report of the sessions' time)" \
    --script=life.sql --sessions=2 --explain
ses_refuse "--layout: applies to a script's steps, not to --sessions (a report of the sessions' time)" \
    --script=life.sql --sessions=2 --layout
ses_refuse "--layout: applies to --script runs only" --layout
# --layout: under each LOB segment's line its extents by kind; the blocks
# of every extent line add up to the segment's (alike extents x their size).
"$LOBBENCH" --no-db --script=life.sql --layout >layout.out 2>stderr || bad "--layout failed: $(cat stderr)"
python3 - layout.out <<'PY' && ok || bad "--layout: no extent lines, or they do not add up to the segment"
import re, sys
lines = open(sys.argv[1]).read().splitlines()
seen = 0
for i, l in enumerate(lines):
    m = re.match(r"^ *(\d+)  .{34} SYS_LOB\S+ +(\d+) ", l)
    if not m or int(m.group(2)) == 0:
        continue
    total = 0
    j = i + 2
    assert lines[i + 1].split()[:3] == ["extent", "start", "blocks"], lines[i + 1]
    while j < len(lines) and re.match(r"^ {8}\d", lines[j]):
        f = lines[j].split()
        a, b = (f[0].split("-") + [f[0]])[:2]
        n = int(b) - int(a) + 1
        blocks = int(f[2])
        assert blocks == sum(int(x) for x in f[3:12]), lines[j]
        total += n * blocks
        j += 1
    assert total == int(m.group(2)), (l, total)
    seen += 1
    # alike extents share a line: the 100 LOBs' segment has runs of them
    assert any("-" in ln.split()[0] for ln in lines[i + 2:j]), lines[i:j]
sys.exit(0 if seen >= 4 else 1)
PY
ses_refuse "--sessions=100000: sessions at once (accepted: 1..1000)" --script=life.sql --sessions=100000
ses_refuse "--sessions=2,x: sessions at once (accepted: 1..1000)" --script=life.sql --sessions=2,x
ses_refuse "--sessions=2,4,2: 2 is given twice: each count once" --script=life.sql --sessions=2,4,2
if "$LOBBENCH" --no-db --script=life.sql --sessions=1,3 --stats-out=ses.csv >stdout 2>stderr; then
    # The CSV: every statistic once per count, the sessions' sums.
    python3 - ses.csv <<'PY' && ok || bad "--sessions --stats-out"
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1])))
sys_rows = [r for r in rows if r["sid"] == ""]
by = {(r["sessions"], r["statistic"]): int(r["value"]) for r in sys_rows}
assert len(by) == len(sys_rows) and {r["sessions"] for r in rows} == {"1", "3"}, "one row a count and statistic"
# Each session's rows (sid 1 .. n, v$sesstat's) add up to the system's.
per = {}
for r in rows:
    if r["sid"]:
        key = (r["sessions"], r["statistic"])
        per[key] = per.get(key, 0) + int(r["value"])
assert per == by, [k for k in by if per.get(k) != by[k]][:3]
assert {r["sid"] for r in rows if r["sessions"] == "3"} == {"", "1", "2", "3"}
assert by[("3", "user commits")] == 3 * by[("1", "user commits")] == 6, by[("3", "user commits")]
assert by[("1", "lob segment dispenser latch gets")] == 100, by[("1", "lob segment dispenser latch gets")]
assert by[("1", "enq: HW - contention")] == 0
PY
    grep -q "^Sessions at once: life.sql, 3 sessions on its segments; 6 transactions" stdout &&
        grep -q "^  lob segment dispenser latch " stdout && grep -q "^Top 5 Timed Events" stdout &&
        [ "$(grep -cE '^ +[13] +[0-9.]+ +[0-9.]+ ' stdout)" = 2 ] && [ ! -e results/history.db ] &&
        ok || bad "--sessions=1,3: $(head -n 3 stdout)"
else
    bad "lobbench --script=life.sql --sessions=1,3: $(head -n 2 stderr)"
fi

# --sessions recorded (issue 30, item 2): the same run's figures in the
# store and in --stats-out, the system's (ses_sid 0) and each session's;
# with --snapshot-every=Ns the intervals' deltas, statistics and wait
# events, add up to the system's, and the sessions' to the system's.  Eight
# sessions of mech_h_sessions.sql wait on the HW enqueue for times that
# are not whole microseconds: each interval must round them as the run's
# total does.
mech=$(dirname "$(readlink -f "$0")")/../scenarios/mech_h_sessions.sql
if "$LOBBENCH" --db=sesrt.db --quiet --script="$mech" --sessions=1,8 --stats-out=sesrt.csv \
    >/dev/null 2>stderr &&
    "$LOBBENCH" --db=sesrt.db --quiet --script="$mech" --sessions=1,8 --snapshot-every=0.05s \
        --stats-out=sesrt-snap.csv >/dev/null 2>>stderr; then
    python3 - sesrt.csv sesrt-snap.csv sesrt.db <<'PY' && ok || bad "--sessions store round trip"
import csv, sqlite3, sys
db = sqlite3.connect(sys.argv[3])
q = lambda sql, *a: db.execute(sql, a).fetchall()
assert q("select count(*) from runs") == [(2,)], q("select count(*) from runs")
# Run 1 without snapshots: every figure of the CSV, system and sessions.
want = {(r["sessions"], r["sid"] or "0", r["statistic"]): int(r["value"])
        for r in csv.DictReader(open(sys.argv[1]))}
got = {(str(c), str(i), n): v for c, i, n, v in q(
    "select s.ses_count, s.ses_sid, n.name, st.value from session_stats st"
    " join sessions s using (sid) join v$statname n using (\"statistic#\") where s.run = 1")}
assert set(k[:2] for k in got) == {("1", "0"), ("1", "1")} | {("8", str(i)) for i in range(9)}
missing = [k for k in want if got.get(k) != want[k]]
assert not missing, [(k, want[k], got.get(k)) for k in missing[:3]]
# Run 2: the same figures (same seed), its snapshots as the CSV's rows.
assert q("select count(*) from (select ses_count, ses_sid, \"statistic#\", value from session_stats"
         " join sessions using (sid) where run = 1 except select ses_count, ses_sid,"
         " \"statistic#\", value from session_stats join sessions using (sid) where run = 2)") == [(0,)]
snap = {(r["sessions"], r["snap_id"], r["statistic"]): int(r["value"])
        for r in csv.DictReader(open(sys.argv[2]))}
got = {(str(c), str(i), n): v for c, i, n, v in q(
    "select ses_count, snap_id, statistic, value from snapshot_figures where run = 2")}
assert got == snap, [k for k in snap if got.get(k) != snap[k]][:3]
assert q("select count(*) from snapshot_figures where run = 2 and (ses_sid <> 0"
         " or snap_rows is not null or snap_seconds is null)") == [(0,)]
# Each interval's deltas add up to the system's totals: statistics ...
bad = q("select f.ses_count, f.statistic, sum(f.value), y.value from snapshot_figures f"
        " join v$sysstat y on y.run = f.run and y.ses_count = f.ses_count"
        " and y.\"statistic#\" = f.\"statistic#\" where f.run = 2"
        " group by f.ses_count, f.\"statistic#\" having sum(f.value) <> y.value")
assert not bad, bad[:3]
# ... and wait events, which the sessions' add up to as well.
bad = q("select p.ses_count, p.event from snapshot_events p join v$system_event y"
        " on y.run = p.run and y.ses_count = p.ses_count and y.event = p.event where p.run = 2"
        " group by p.ses_count, p.event having sum(p.total_waits) <> max(y.total_waits)"
        " or sum(p.time_waited_micro) <> max(y.time_waited_micro)")
assert not bad, bad
bad = q("select y.ses_count, y.event from v$system_event y join (select s.run, s.ses_count,"
        " e.event, sum(e.total_waits) w, sum(e.time_waited_micro) m from v$session_event e"
        " join sessions s using (sid) where s.ses_sid > 0 group by 1, 2, 3) t"
        " on t.run = y.run and t.ses_count = y.ses_count and t.event = y.event"
        " where y.total_waits <> t.w or y.time_waited_micro <> t.m")
assert not bad, bad
hw = q("select total_waits, time_waited_micro from v$system_event where run = 2 and ses_count = 8"
       " and event = 'enq: HW - contention'")[0]
assert hw[0] > 0 and hw[0] == want[("8", "0", "enq: HW - contention")], hw
assert hw[1] == want[("8", "0", "enq: HW - contention time_waited_micro")], hw
# every event the report names, zeros included, and the sleeps' idle one
assert q("select count(distinct event) from v$session_event") == [(7,)]
PY
else
    bad "lobbench --sessions --db: $(head -n 2 stderr)"
fi

# Idle time and DB CPU in the store (issue 43, item 19): basicfile_reuse.sql's
# four sessions each sleep once, dbms_lock.sleep(960): one wait of Oracle's
# Idle event "PL/SQL lock timer", 960,000,000 us, in v$session_event; the
# system's is their sum.  DB CPU where Oracle shows it, v$sess_time_model,
# for every session, the system's the sum of its sessions'.
reuse=$(dirname "$(readlink -f "$0")")/../scenarios/basicfile_reuse.sql
if "$LOBBENCH" --db=idle.db --quiet --script="$reuse" --sessions=4 >/dev/null 2>stderr; then
    python3 - idle.db <<'PY' && ok || bad "--sessions: idle time and DB CPU in the store"
import sqlite3, sys
db = sqlite3.connect(sys.argv[1])
q = lambda sql: db.execute(sql).fetchall()
got = q("select s.ses_sid, e.wait_class, e.total_waits, e.time_waited_micro from v$session_event e"
        " join sessions s using (sid) where e.event = 'PL/SQL lock timer' order by s.ses_sid")
assert got == [(0, "Idle", 4, 3840000000)] + [(k, "Idle", 1, 960000000) for k in range(1, 5)], got
cpu = dict(q("select s.ses_sid, t.value from v$sess_time_model t join sessions s using (sid)"
             " where t.stat_name = 'DB CPU'"))
assert sorted(cpu) == [0, 1, 2, 3, 4] and all(cpu[k] > 0 for k in cpu), cpu
assert cpu[0] == sum(cpu[k] for k in range(1, 5)), cpu
PY
else
    bad "lobbench --script=basicfile_reuse.sql --sessions=4: $(head -n 2 stderr)"
fi

# Storage in row (Oracle's default): 1k characters are 2,048 bytes, under
# the 3,964-byte limit, so the row carries the LOB: no chunk, no dispenser
# call, every LOB counted in the row, t2's segment larger than with 2k's
# 4,096 bytes out of row.  --param=lob.storage_in_row=disable sends them to
# the LOB segment: 10,000 chunks, one a row (one block each).
if "$LOBBENCH" --no-db --quiet --sizes=1k,2k --path=both --benchmark_min_time=1x \
    --stats-out=inrow.csv >/dev/null 2>inrow.err &&
    "$LOBBENCH" --no-db --quiet --sizes=1k --path=both --benchmark_min_time=1x \
    --param=lob.storage_in_row=disable --stats-out=outrow.csv >/dev/null 2>>inrow.err; then
    for p in local dblink; do
        got=$(awk -F, -v p=$p '$2 == p && $3 == 1 && ($6 == "\"securefile allocation chunks\"" ||
              $6 == "\"segment dispenser allocations\"" || $6 == "\"lobsim.lobs in row\"") { printf "%s ", $7 }' inrow.csv)
        [ "$got" = "0 0 10000 " ] && ok || bad "$p 1k in row: chunks, dispenser allocations, LOBs in row '$got', want '0 0 10000 '"
        t1=$(awk -F, -v p=$p '$2 == p && $3 == 1 && $6 == "\"user_segments.blocks of TABLE\"" { print $7 }' inrow.csv)
        t2=$(awk -F, -v p=$p '$2 == p && $3 == 2 && $6 == "\"user_segments.blocks of TABLE\"" { print $7 }' inrow.csv)
        [ -n "$t1" ] && [ -n "$t2" ] && [ "$t1" -gt "$t2" ] && ok ||
            bad "$p: t2's blocks with 1k in row ($t1) not above 2k out of row ($t2)"
        got=$(awk -F, -v p=$p '$2 == p && ($6 == "\"securefile allocation chunks\"" || $6 == "\"lobsim.lobs in row\"") { printf "%s ", $7 }' outrow.csv)
        [ "$got" = "10000 0 " ] && ok || bad "$p 1k, storage in row disabled: chunks, LOBs in row '$got', want '10000 0 '"
    done
else
    bad "in-row runs failed: $(head -n 2 inrow.err)"
fi

echo "lobbench_cli: $pass passed, $fail failed"
[ $fail -eq 0 ]
