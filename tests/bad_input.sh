#!/usr/bin/env bash
# bad_input.sh -- wrong invocations of lobbench, lobdiff, lobimport, lobreport,
# lobfit, modelbench and scripts/pr-diff, tried on purpose.  Each must end with the documented exit status (2: bad
# input), exactly one line on stderr that names the bad input, no crash, no
# new file, and the results database byte for byte as it was (its -wal too;
# a read-only look may leave an empty -wal and a -shm beside a WAL-mode file,
# which hold no data).
#
#   usage: bad_input.sh LOBBENCH LOBDIFF SOURCE_DIR LOBIMPORT LOBREPORT LOBFIT [MODELBENCH]
#
# The first six are required (MODELBENCH defaults to modelbench beside
# LOBBENCH), and so are sqlite3 and SOURCE_DIR/scripts/pr-diff:
# a tool that is missing fails the run, naming it.  Every entry is tried;
# none is left out.
set -u
usage="usage: bad_input.sh LOBBENCH LOBDIFF SOURCE_DIR LOBIMPORT LOBREPORT LOBFIT [MODELBENCH]"
missing() { echo "FAIL: bad_input: $*"; exit 1; }
[ $# -eq 6 ] || [ $# -eq 7 ] || missing "expected 6 or 7 arguments, got $#; $usage"
LOBBENCH=$1 LOBDIFF=$2 SRC=$3 LOBIMPORT=$4 LOBREPORT=$5 LOBFIT=$6
MODELBENCH=${7:-$(dirname "$1")/modelbench}
[ -x "$MODELBENCH" ] || missing "modelbench not found or not executable: '$MODELBENCH'"
[ -x "$LOBFIT" ] || missing "lobfit not found or not executable: '$LOBFIT'"
[ -x "$LOBIMPORT" ] || missing "lobimport not found or not executable: '$LOBIMPORT'"
[ -n "$LOBREPORT" ] || missing "LOBREPORT is empty; $usage"
[ -x "$LOBREPORT" ] || missing "lobreport not found or not executable: '$LOBREPORT'"
[ -n "$LOBBENCH" ] || missing "LOBBENCH is empty; $usage"
[ -n "$LOBDIFF" ] || missing "LOBDIFF is empty; $usage"
[ -n "$SRC" ] || missing "SOURCE_DIR is empty; $usage"
PRDIFF=$SRC/scripts/pr-diff
[ -x "$LOBBENCH" ] || missing "lobbench not found or not executable: '$LOBBENCH'"
[ -x "$LOBDIFF" ] || missing "lobdiff not found or not executable: '$LOBDIFF'"
"$LOBDIFF" --help >/dev/null 2>&1 || missing "lobdiff --help fails: '$LOBDIFF'"
[ -x "$PRDIFF" ] || missing "scripts/pr-diff not found or not executable: '$PRDIFF'"
command -v sqlite3 >/dev/null || missing "sqlite3 is not installed (scripts/install-deps installs it)"
command -v git >/dev/null || missing "git is not installed (scripts/install-deps installs it)"
LOBBENCH=$(readlink -f "$LOBBENCH")
LOBDIFF=$(readlink -f "$LOBDIFF")
LOBIMPORT=$(readlink -f "$LOBIMPORT")
LOBREPORT=$(readlink -f "$LOBREPORT")
LOBFIT=$(readlink -f "$LOBFIT")
MODELBENCH=$(readlink -f "$MODELBENCH")
PRDIFF=$(readlink -f "$PRDIFF")
SRC=$(readlink -f "$SRC")

work=$(mktemp -d "${TMPDIR:-/tmp}/lobsim-bad-input.XXXXXX") || exit 1
trap 'chmod -R u+w "$work" 2>/dev/null; rm -rf "$work"' EXIT
cd "$work" || exit 1

tried=0 pass=0 fail=0
say_fail() {
    fail=$((fail + 1))
    echo "FAIL: $*"
}

# A real store with two recorded runs and the reference: the database every
# entry must leave alone.
SMALL=(--sizes=2k --path=local --benchmark_min_time=1x)
"$LOBBENCH" --db=history.db --quiet "${SMALL[@]}" >/dev/null 2>&1 &&
    "$LOBBENCH" --db=history.db --quiet "${SMALL[@]}" --seed=2 >/dev/null 2>&1 ||
    { echo "FAIL: cannot record the fixture store"; exit 1; }
[ "$(sqlite3 history.db "select count(*) from runs where source = 'lobsim'")" = 2 ] ||
    { echo "FAIL: fixture store lacks its two runs"; exit 1; }
cp history.db pristine.db

# Snapshot FILE (and FILE-wal) into snap/; compare afterwards.
snapshot() {
    rm -rf snap && mkdir snap
    [ -f "$1" ] && cp -a "$1" snap/db
    [ -e "$1-wal" ] && cp -a "$1-wal" snap/wal
    ls -A | grep -v '^snap$' | sort >snap/ls
}
unchanged() { # FILE: "" if unchanged, else what changed
    local f=$1
    if [ -f snap/db ] && ! cmp -s "$f" snap/db; then echo "$f changed"; return; fi
    if [ -d "$f" ] && [ -n "$(ls -A "$f")" ]; then echo "$f (a directory) got files"; return; fi
    if [ -e snap/wal ]; then
        cmp -s "$f-wal" snap/wal || { echo "$f-wal changed"; return; }
    elif [ -s "$f-wal" ]; then
        echo "$f-wal appeared with data"; return
    fi
    local extra
    extra=$(ls -A | grep -v '^snap$' | grep -v -e '-wal$' -e '-shm$' -e '^stdout$' -e '^stderr$' |
        sort | comm -13 snap/ls -)
    [ -z "$extra" ] || echo "new files: $extra"
}

# expect STATUS WORD DB -- CMD...: run CMD; it must exit STATUS with exactly
# one stderr line containing WORD, not crash, and leave DB and the directory
# as they were.
expect() {
    local want=$1 word=$2 db=$3
    shift 4
    tried=$((tried + 1))
    snapshot "$db"
    { timeout 120 "$@" >stdout 2>stderr </dev/null; } 2>/dev/null
    local rc=$? what="$*"
    local lines; lines=$(grep -c '' stderr)
    local changed; changed=$(unchanged "$db")
    if [ $rc -ge 124 ]; then
        say_fail "$what -> exit $rc (crash or hang): $(tail -n 2 stderr | tr '\n' ' ')"
    elif [ $rc -ne "$want" ]; then
        say_fail "$what -> exit $rc, want $want: $(head -n 3 stderr | tr '\n' ' ')"
    elif [ "$lines" -ne 1 ]; then
        say_fail "$what -> $lines lines on stderr, want 1: $(head -n 3 stderr | tr '\n' ' ')"
    elif ! grep -qF -- "$word" stderr; then
        say_fail "$what -> message does not name '$word': $(cat stderr)"
    elif [ -n "$changed" ]; then
        say_fail "$what -> $changed"
    else
        pass=$((pass + 1))
    fi
    # Whatever happened, the next entry starts from the same store.
    if ! cmp -s history.db pristine.db; then
        rm -f history.db-wal history.db-shm
        cp pristine.db history.db
    fi
}

# ---- lobbench: values -------------------------------------------------------
LB=("$LOBBENCH" --db=history.db)
bench() { expect 2 "$1" history.db -- "${LB[@]}" "${@:2}"; }

bench "''" --sizes=
# The rac workload: one instance, no users, an affinity outside 0..1.
bench "rac.instances=1" --workload=rac --param=rac.instances=1
bench "rac.users=0" --workload=rac --param=rac.users=0
bench "rac.affinity_pm=1500" --workload=rac --param=rac.affinity_pm=1500
bench "'-2k'" --sizes=-2k
bench "'2kk'" --sizes=2kk
bench "'2g'" --sizes=2g
bench "' 2k'" "--sizes= 2k"
bench "'2k,'" --sizes=2k,
bench "',2k'" --sizes=,2k
bench "'0x10'" --sizes=0x10
bench "'1e3'" --sizes=1e3
bench "'2.5k'" --sizes=2.5k
bench "too large" --sizes=18446744073709551616
bench "too large" --sizes=1099511627777
bench "more than 64" "--sizes=$(seq -s, 1 65)"
bench "'--sizes'" --sizes
bench "--rows" --rows=
bench "'1000000000001'" --rows=1000000000001
bench "'+5'" --rows=+5
bench "'5.0'" --rows=5.0
bench "'99999999999999999999'" --rows=99999999999999999999
bench "'1k'" --block-size=1k
bench "'64k'" --block-size=64k
bench "'12k'" --block-size=8k,12k
bench "'0'" --block-size=0
bench "'-8k'" --block-size=-8k
bench "'8kb'" --block-size=8kb
bench "--block-size" --block-size=
bench "piece size 0" --path=dblink --piece-size=0
bench "'-1'" --path=dblink --piece-size=-1
bench "'67108865'" --path=dblink --piece-size=67108865
bench "'abc'" --path=dblink --piece-size=abc
bench "piece size 8000" --path=dblink --piece-size=8000
bench "'-1'" --seed=-1
bench "'18446744073709551616'" --seed=18446744073709551616
bench "'0x10'" --seed=0x10
bench "'1e9'" --seed=1e9
bench "--seed" --seed=
bench "--path" --path=
bench "'LOCAL'" --path=LOCAL
bench "'local,dblink'" --path=local,dblink
bench "'=3'" --param==3
bench "'4294967296'" --param=dsp.chunk_divisor=4294967296
bench "'-1'" --param=dsp.chunk_divisor=-1
bench "chunk_divisor" --param=dsp.chunk_divisor=0
bench "chunk_min_kb" --param=dsp.chunk_min_kb=0
bench "32 TB" --rows=1000000000000 --sizes=256k
expect 2 "--db: empty file name" history.db -- "$LOBBENCH" --db=

# Out of memory: a rac table of 10^9 rows under a 2 GB address space is
# one line naming the case, exit 1, nothing recorded.  Before: three lines
# (and Google Benchmark's "Failed to match any benchmarks", "no case ran").
# Not under AddressSanitizer, whose shadow memory a limit forbids.
if ! ldd "$LOBBENCH" 2>/dev/null | grep -q libasan; then
    expect 1 "rac/block:8k/users:60/rows:1000000000: out of memory" history.db -- \
        bash -c 'ulimit -v 2000000 && exec "$@"' sh "${LB[@]}" --workload=rac --rows=1000000000
fi

# ---- lobbench: flags ------------------------------------------------------------
bench "'-x'" -x
bench "'--sizes2k'" --sizes2k
bench "'--Sizes=2k'" --Sizes=2k
bench "'foo'" foo
bench "--benchmark_nope" --benchmark_nope=1
bench "--benchmark_min_time=-1" --benchmark_min_time=-1
bench "--benchmark_min_time=0x" --benchmark_min_time=0x
bench "--benchmark_format=xml" --benchmark_format=xml
bench "--benchmark_repetitions" --benchmark_repetitions=-1
bench "--benchmark_repetitions" --benchmark_repetitions=abc
bench "--benchmark_filter" --benchmark_filter='['
bench "--stats-out" --stats-out=nodir/x.csv
mkdir -p adir
bench "--stats-out" --stats-out=adir
bench "--explain-out" --explain-out=nodir/e.csv
bench "--explain-out" --explain-out=adir
bench "'12k'" --workload=scan --block-size=12k
bench "'readbak'" --workload=readbak
bench "--plot" --plot=nodir/x.svg
# The heap workloads: a block size the table cannot use, no rows, a misspelt name.
bench "64k" --workload=heap --block-size=64k
bench "use a larger block size" --workload=heap --block-size=2k --param=heap.index_fixed_bytes=1700
bench "0 rows" --workload=heap --rows=0
bench "'heapx'" --workload=heapx
# A value twice in a list is one case twice (Google Benchmark refused it in
# the middle of the run, and a broken run was recorded), and an option no
# chosen workload reads means nothing: each refused before any work.
bench "'8k' is given twice" --block-size=8k,8k
bench "'8192' is given twice" --workload=heap --block-size=8k,16k,8192
bench "'2k' (2k) is given twice" --sizes=2k,2k
bench "'scan' selects scan a second time" --workload=readback,scan
bench "--sizes applies to the LOB workloads" --workload=heap --sizes=64k
bench "--path applies to the LOB workloads" --workload=rac --path=dblink
bench "--piece-size applies to the LOB workloads" --workload=ctas --piece-size=40000
bench "--param=heap.dict_cache applies to the heap queries" --param=heap.dict_cache=warm
bench "--param=dsp.chunk_divisor applies to the LOB workloads" --workload=rac --param=dsp.chunk_divisor=512,1024
bench "each have their own columns" --workload=insert,fts --explain-out=e.csv
bench "each have their own x axis" --workload=fts,rac --plot=p.svg

# ---- lobbench: results databases that must be refused ----------------------------
# Each is built fresh, and lobbench must leave it exactly as it was.
real() { cp history.db "$1"; }
dbcase() { # FILE: lobbench --db=FILE refuses it before the sweep, naming it
    expect 2 "$1" "$1" -- "$LOBBENCH" --db="$1" "${SMALL[@]}"
}
dbcase nodir/h.db
half=$(($(stat -c %s history.db) / 2))
head -c $half history.db >truncated.db
dbcase truncated.db
head -c 100 history.db >header-only.db
dbcase header-only.db
printf 'path,lob_kchars,statistic,value\n' >text.db
dbcase text.db
head -c 4096 "$LOBBENCH" >random.db # binary junk, the same every time
dbcase random.db
sqlite3 foreign.db "create table foo (x); insert into foo values (1)"
dbcase foreign.db
sqlite3 foreign-id.db "pragma application_id = 42; create table runs (x)"
dbcase foreign-id.db
real newer.db && sqlite3 newer.db "pragma user_version = 99"
dbcase newer.db
real noversion.db && sqlite3 noversion.db "pragma user_version = 0"
dbcase noversion.db
sqlite3 notables.db "pragma application_id = 1280262739; pragma user_version = 3; create table x (y)"
dbcase notables.db
real damaged.db
yes 'lobsim damage' | head -c 4096 | dd of=damaged.db bs=4096 seek=2 count=1 conv=notrunc 2>/dev/null
dbcase damaged.db
real readonly.db && chmod 444 readonly.db
dbcase readonly.db
real owner-ro.db && chmod 400 owner-ro.db
dbcase owner-ro.db
mkdir directory.db
dbcase directory.db
mkfifo fifo.db
dbcase fifo.db
ln -s nodir/target.db dangling.db
dbcase dangling.db

# An empty file is documented as a new store: it must be accepted.
: >empty.db
tried=$((tried + 1))
if "$LOBBENCH" --db=empty.db --quiet "${SMALL[@]}" >/dev/null 2>stderr &&
    [ "$(sqlite3 empty.db "select count(*) from runs where source = 'lobsim'")" = 1 ]; then
    pass=$((pass + 1))
else
    say_fail "--db=empty.db (a 0-byte file is a new store) was not recorded into: $(cat stderr)"
fi

# ---- lobdiff -----------------------------------------------------------------------
diffx() { expect 2 "$1" history.db -- "$LOBDIFF" --db=history.db "${@:2}"; }
diffx "'999'" 999 1
diffx "'latest~x'" latest latest~x
diffx "'latest~-1'" latest~-1 latest
diffx "'latest~99999999999999999999'" latest~99999999999999999999 latest
diffx "'latest~5'" latest~5 latest
diffx "'lat'" lat latest
diffx "empty run selector" "" latest
diffx "'-1'" -1 latest
diffx "'zzzz'" zzzz latest
diffx "'ffff'" ffff latest
diffx "expected two runs" latest
diffx "'3'" 1 2 3
diffx "'--frob'" --frob 1 2
diffx "'xml'" --format=xml 1 2
diffx "'-5'" --time-threshold=-5 1 2
diffx "'abc'" --time-threshold=abc 1 2
diffx "'2'" --alpha=2 1 2
diffx "'0'" --alpha=0 1 2
diffx "nodir" --plot=nodir/x.svg 1 2
diffx "'history.db:'" history.db: latest
diffx "missing.db" missing.db:latest latest
diffx "text.db" text.db:1 latest
for f in missing.db truncated.db text.db foreign.db newer.db directory.db fifo.db dangling.db; do
    expect 2 "$f" "$f" -- "$LOBDIFF" --db="$f" latest~1 latest
done
expect 2 damaged.db damaged.db -- "$LOBDIFF" --db=damaged.db latest~1 latest

# ---- lobimport ---------------------------------------------------------------------------
# Each bad file: one line naming the file, its line and the problem; nothing recorded.
mkdir -p imp
: >imp/empty.txt
printf 'NAME      VALUE\n--------- -----\n\nno rows selected\n' >imp/nostats.txt
printf 'Statistics\n----------\n        12x  db block gets\n' >imp/nan.txt
printf 'NAME           VALUE\n-------------- -----\ndb block gets     5\ndb block gets     6\n' >imp/twice.txt
printf 'NAME           VALUE\n-------------- -----\ndb block gets     5\nconsistent gets\n' >imp/truncated.txt
printf 'STAT...db block gets   15,514   3,257,052\n' >imp/truncated_runstats.txt
printf 'hello\nworld\n' >imp/unknown.txt
printf 'statistic,value\n"db block gets",15514\n' >imp/good.csv
snapshot history.db
LI=("$LOBIMPORT" --db=history.db --path=local --lob-size=2k)
imp() { expect 2 "$1" history.db -- "${LI[@]}" "${@:2}"; }
imp "imp/empty.txt:0: empty file" imp/empty.txt
imp "imp/nostats.txt:0: no statistics" imp/nostats.txt
imp "imp/nan.txt:3: value '12x'" imp/nan.txt
imp "imp/twice.txt:4: 'db block gets' given twice" imp/twice.txt
imp "imp/truncated.txt:4: truncated line" imp/truncated.txt
imp "imp/truncated_runstats.txt:1: truncated line" imp/truncated_runstats.txt
imp "imp/unknown.txt:0: no known format" imp/unknown.txt
# a good file beside a bad one: all or nothing
imp "imp/twice.txt:4" imp/good.csv imp/twice.txt
imp "missing.txt" imp/good.csv missing.txt
imp "--format='xml'" --format=xml imp/good.csv
imp "'--frob'" --frob imp/good.csv
imp "--lob-size='2x'" --lob-size=2x imp/good.csv
imp "--block-size='12k'" --block-size=12k imp/good.csv
imp "no FILE"
expect 2 "say what was measured: --workload=NAME for a heap query or rac, else --path" history.db -- "$LOBIMPORT" --db=history.db imp/good.csv
expect 2 "imp/good.csv:0: no statistics found in autotrace output" history.db -- "${LI[@]}" --format=autotrace imp/good.csv
expect 2 "CSV header" history.db -- "${LI[@]}" --format=csv imp/unknown.txt

# ---- lobreport ----------------------------------------------------------------------
# A bad store or an unwritable --out: exit 2, one line, no directory made.
report() { expect 2 "$1" history.db -- "$LOBREPORT" "${@:2}"; }
report "'--frob'" --db=history.db --out=site --frob
report "'--db='" --db= --out=site
report "'--out='" --db=history.db --out=
for f in missing.db truncated.db text.db foreign.db newer.db directory.db fifo.db dangling.db \
    damaged.db; do
    expect 2 "$f" "$f" -- "$LOBREPORT" --db="$f" --out=site
done
report "nodir/site" --db=history.db --out=nodir/site
report "--out=text.db: not a directory" --db=history.db --out=text.db
report "--out=/proc/self" --db=history.db --out=/proc/self
report "--out=/proc/lobreport-site" --db=history.db --out=/proc/lobreport-site

# ---- lobfit ------------------------------------------------------------------------
# A store whose only run is of a workload the model does not have.
# (lobimport refuses a workload it does not know: renamed in the store, as
# a run of another build would have it.)
printf 'statistic,value\ndb block gets,100\n' >fit-one.csv
"$LOBIMPORT" --db=nomodel.db --path=local --lob-size=2k fit-one.csv >/dev/null 2>&1 &&
    sqlite3 nomodel.db "update sessions set workload = 'sort'" ||
    { echo "FAIL: cannot record the lobfit fixture store"; exit 1; }
mkdir fit-dir
LF=("$LOBFIT" --db=history.db --reference=reference --no-cv)
fit() { expect 2 "$1" history.db -- "${LF[@]}" --starts=1 "${@:2}"; }
fit "'frob.*' matches no parameter" --params=frob.*
fit "'dsp.refill_gets,'" --params=dsp.refill_gets,
fit "'frob' is not a statistic" "--statistics=db block gets,frob"
fit "'db block get' is not a statistic" "--statistics=db block get"
fit "cannot write 'no-such-dir/p.txt'" --out=no-such-dir/p.txt
fit "cannot write 'fit-dir'" --out=fit-dir
fit "'--frob'" --frob
expect 2 "--starts: '0'" history.db -- "${LF[@]}" --starts=0
expect 2 "no measured run (source 'oracle') of fts" history.db -- "$LOBFIT" --db=history.db --workload=fts
expect 2 "fewer than 1 completed lobsim runs of rac" history.db -- "$LOBFIT" --db=history.db --workload=rac --reference=latest
expect 2 "--workload: unknown workload 'insrt'" history.db -- "$LOBFIT" --db=history.db --workload=insrt
expect 2 "run 1 has no session the model can run of fts" history.db -- "$LOBFIT" --db=history.db --workload=fts --reference=1
fit "'read.mbrc_kb' matches no parameter a fit may move" --params=read.mbrc_kb
expect 2 "run 1 is named twice" history.db -- "$LOBFIT" --db=history.db --reference=1,reference
expect 2 "'nosuchrun'" history.db -- "$LOBFIT" --db=history.db --reference=nosuchrun
expect 2 "no session the model can run" nomodel.db -- "$LOBFIT" --db=nomodel.db --reference=1
# lobbench --param-file
printf 'dsp.refill_gets=5\n# fine\nfrob.x=3\n' >fit-unknown.txt
printf 'dsp.refill_gets = 5x\n' >fit-value.txt
printf 'dsp.refill_gets\n' >fit-noeq.txt
bench "fit-unknown.txt:3: unknown parameter 'frob.x'" --param-file=fit-unknown.txt
bench "fit-value.txt:1:" --param-file=fit-value.txt
bench "fit-noeq.txt:1: 'dsp.refill_gets' is not NAME=VALUE" --param-file=fit-noeq.txt
bench "cannot read 'no-such-params.txt'" --param-file=no-such-params.txt
# Values by name, lists of values (a dimension of the sweep) and --seeds.
printf 'heap.dict_cache=tepid\n' >fit-word.txt
printf 'rac.users=40,60\nrac.users=80\n' >fit-twice.txt
bench "fit-word.txt:1: heap.dict_cache='tepid' is not one of its values (accepted: cold, warm" --param-file=fit-word.txt
bench "fit-twice.txt:2: rac.users is given as a list and once more" --workload=rac --param-file=fit-twice.txt
bench "heap.dict_cache='tepid' is not one of its values (accepted: cold, warm" --workload=fts --param=heap.dict_cache=tepid
bench "(accepted: hipersockets, 10gbe, 1gbe" --workload=rac --param=rac.interconnect=2gbe
bench "heap.dict_cache 2 (accepted: 0 cold, 1 warm)" --workload=fts --param=heap.dict_cache=2
bench "at most 2 parameters may be lists" --workload=rac --param=rac.users=40,60 --param=rac.cores=2,4 --param=rac.lms=1,2
bench "gives the value '40' twice" --workload=rac --param=rac.users=40,60,40
bench "gives the value '1gbe' twice" --workload=rac --param=rac.interconnect=2,1gbe
bench "rac.users is given as a list and once more" --workload=rac --param=rac.users=40,60 --param=rac.users=80
bench "has an empty item" --workload=rac --param=rac.users=40,,60
bench "'x'" --workload=rac --param=rac.users=40,x
bench "rac.users=0" --workload=rac --param=rac.users=40,0
bench "seed 2 is given twice" --seeds=1-3,2
bench "'3-1' is a range that ends before it starts" --seeds=3-1
bench "--seeds: '1-'" --seeds=1-
bench "--seeds: 'a'" --seeds=a
bench "--seeds: '' is empty" --seeds=
bench "more than 64 seeds" --seeds=1-65
bench "--seed and --seeds" --seed=2 --seeds=1-2
bench "option '--seeds' given twice" --seeds=1 --seeds=2
bench "the sweep has 23040 cases" --workload=all --block-size=2k,4k,8k,16k,32k --seeds=1-64

# ---- the shared option parser (sim_opt_next), program by program -------------
# Each program: an unknown option, an option without its value, --version
# beside another argument, a single-valued option given twice, a value given
# to a flag.  One line naming the argument and pointing to --help, exit 2.
expect 2 "unknown option '--frobnicate' (see --help)" history.db -- "${LB[@]}" --frobnicate
expect 2 "option '--rows' needs a value" history.db -- "${LB[@]}" --rows
expect 2 "--version stands alone: unexpected argument 'extra'" history.db -- "$LOBBENCH" --version extra
expect 2 "option '--sizes' given twice" history.db -- "${LB[@]}" --sizes=2k --sizes=4k
expect 2 "option '--db' given twice" history.db -- "${LB[@]}" --db=other.db
expect 2 "option '--quiet' takes no value" history.db -- "${LB[@]}" --quiet=1
expect 2 "--db and --no-db" history.db -- "${LB[@]}" --no-db
expect 2 "unexpected argument 'extra'" history.db -- "${LB[@]}" extra

expect 2 "unknown option '--frobnicate' (see --help)" history.db -- "$LOBDIFF" --db=history.db --frobnicate 1 2
expect 2 "option '--format' needs a value" history.db -- "$LOBDIFF" --db=history.db 1 2 --format
expect 2 "--version stands alone: unexpected argument 'extra'" history.db -- "$LOBDIFF" --version extra
expect 2 "--version stands alone: unexpected argument 'latest'" history.db -- "$LOBDIFF" latest --version
expect 2 "option '--format' given twice" history.db -- "$LOBDIFF" --db=history.db --format=text --format=json 1 2
expect 2 "option '--all' takes no value" history.db -- "$LOBDIFF" --db=history.db --all=yes 1 2

expect 2 "unknown option '--frobnicate' (see --help)" history.db -- "${LI[@]}" --frobnicate imp/good.csv
expect 2 "option '--label' needs a value" history.db -- "${LI[@]}" imp/good.csv --label
expect 2 "--version stands alone: unexpected argument 'extra'" history.db -- "$LOBIMPORT" --version extra
expect 2 "option '--db' given twice" history.db -- "${LI[@]}" --db=other.db imp/good.csv
expect 2 "option '--format' given twice" history.db -- "${LI[@]}" --format=csv --format=auto imp/good.csv

expect 2 "unknown option '--frobnicate' (see --help)" history.db -- "${LF[@]}" --frobnicate
expect 2 "option '--out' needs a value" history.db -- "${LF[@]}" --out
expect 2 "--version stands alone: unexpected argument 'extra'" history.db -- "$LOBFIT" --version extra
expect 2 "option '--reference' given twice" history.db -- "${LF[@]}" --reference=latest
expect 2 "option '--no-cv' takes no value" history.db -- "${LF[@]}" --no-cv=1
expect 2 "unexpected argument 'extra'" history.db -- "${LF[@]}" extra

expect 2 "unknown option '--frobnicate' (see --help)" history.db -- "$LOBREPORT" --db=history.db --out=site --frobnicate
expect 2 "option '--out' needs a value" history.db -- "$LOBREPORT" --db=history.db --out
expect 2 "--version stands alone: unexpected argument 'extra'" history.db -- "$LOBREPORT" --version extra
expect 2 "option '--out' given twice" history.db -- "$LOBREPORT" --db=history.db --out=site --out=site2

# modelbench has no option with a value: its others are Google Benchmark's.
expect 2 "unknown option '--frobnicate' (see --help)" history.db -- "$MODELBENCH" --frobnicate
expect 2 "--version stands alone: unexpected argument 'extra'" history.db -- "$MODELBENCH" --version extra
expect 2 "unexpected argument 'extra'" history.db -- "$MODELBENCH" extra

# What may come again is accepted: lobimport's case options describe the
# files after them, so two files get two paths.
printf 'statistic,value\ndb block gets,100\n' >imp/local.csv
cp imp/local.csv imp/dblink.csv
tried=$((tried + 1))
if "$LOBIMPORT" --db=repeat.db --lob-size=2k --path=local imp/local.csv --path dblink imp/dblink.csv \
    >/dev/null 2>stderr &&
    [ "$(sqlite3 repeat.db "select group_concat(path, ' ') from (select path from sessions order by run)")" = "local dblink" ]; then
    pass=$((pass + 1))
else
    say_fail "lobimport --path=local A --path dblink B: not recorded as local then dblink: $(cat stderr)"
fi

# ---- lobimport: every workload, the new formats (issue 21) --------------------------------
# A workload, path or option value that is not one: one line naming it.
imp "--workload='insrt': unknown workload; expected one of insert" --workload=insrt imp/good.csv
imp "--workload='bogus': unknown workload" --workload=bogus imp/good.csv
imp "--path='remote': expected local or dblink" --path=remote imp/good.csv
imp "--rows='0'" --rows=0 imp/good.csv
# --path and --lob-size mean nothing for a heap query or rac: refused.
expect 2 "--path=local: --workload=fts is a heap query" history.db -- "$LOBIMPORT" --db=history.db \
    --workload=fts --path=local imp/good.csv
expect 2 "--lob-size=2k: --workload=rac is the cluster workload" history.db -- "$LOBIMPORT" \
    --db=history.db --workload=rac --lob-size=2k imp/good.csv
expect 2 "--path=local given for no file: --workload=ctas" history.db -- "$LOBIMPORT" \
    --db=history.db --path=local --workload=ctas imp/good.csv
printf 'STAT...db block gets   15,514   3,257,052   3,241,538\n' >imp/runstats.txt
expect 2 "imp/runstats.txt: a runstats report holds two runs; fts has no path or LOB size" history.db \
    -- "$LOBIMPORT" --db=history.db --workload=fts imp/runstats.txt imp/good.csv
# user_tables / user_indexes output: a value SQL*Plus rounded, a row that
# does not line up, a row without its name, a file cut inside its headings.
printf 'TABLE_NAME   NUM_ROWS\n---------- ----------\nTAB8K  1.0E+07\n' >imp/rounded_tab.txt
printf 'TABLE_NAME NUM_ROWS BLOCKS\n---------- -------- ------\nTAB8K 10 20 30 40\n' >imp/misaligned.txt
printf 'INDEX_NAME     BLEVEL\n---------- ----------\n             2\n' >imp/noname.txt
imp "imp/rounded_tab.txt:3: num_rows of TAB8K: '1.0E+07': not a whole number" imp/rounded_tab.txt
imp "imp/misaligned.txt:3: row 'TAB8K 10 20 30 40' does not line up" imp/misaligned.txt
imp "imp/noname.txt:3: a row without its INDEX_NAME" imp/noname.txt
# lobbench --stats-out and the older layouts: a workload this build lacks, a
# block size that is none, a recursive part above its figure, a field cut,
# the rac AWR layout of before (not session statistics).
H='workload,path,lob_kchars,block_kb,rows,statistic,value,recursive'
printf '%s\nsort,,,8,10,"db block gets",5,\n' "$H" >imp/sort.csv
printf '%s\nfts,,,12,10,"db block gets",5,0\n' "$H" >imp/block12.csv
printf '%s\nfts,,,8,10,"db block gets",5,6\n' "$H" >imp/parts.csv
printf '%s\ninsert,local,2,8,10000,"db block gets"\n' "$H" >imp/cut.csv
printf 'workload,block_kb,users,interconnect,seed,instance,section,statistic,value,change_pct\n' >imp/awr.csv
imp "imp/sort.csv: workload 'sort' unknown to this lobimport" imp/sort.csv
imp "imp/block12.csv:2: block_kb '12'" imp/block12.csv
imp "imp/parts.csv:2: recursive 6 above the session's 5" imp/parts.csv
imp "imp/cut.csv:2: truncated line: 6 of 8 fields" imp/cut.csv
imp "imp/awr.csv:1: the rac workload's AWR figures" imp/awr.csv
# Google Benchmark's JSON: cut short, a counter that is not a whole number.
printf '{\n  "context": {"date": "x"},\n  "benchmarks": [\n    {"name": "insert/local/lob:2k/block:8k/rows:10000",\n' >imp/cut.json
printf '{"context": {},\n"benchmarks": [{"name": "fts/block:8k/rows:10",\n"db block gets": 1.5}]}\n' >imp/half.json
imp "imp/cut.json:5: JSON: truncated" imp/cut.json
imp "imp/half.json:3: counter 'db block gets' = 1.5" imp/half.json
expect 2 "--format='awr2'" history.db -- "${LI[@]}" --format=awr2 imp/good.csv

# ---- scripts/pr-diff -------------------------------------------------------------------
# Only what is refused before anything is built; run from inside the tree.
expect 2 "expected BASE_REV" history.db -- env -C "$SRC" "$PRDIFF"
expect 2 "'--frob'" history.db -- env -C "$SRC" "$PRDIFF" --frob
expect 2 "'no-such-revision-xyz'" history.db -- env -C "$SRC" "$PRDIFF" no-such-revision-xyz
expect 2 "'no-such-revision-xyz'" history.db -- env -C "$SRC" "$PRDIFF" HEAD no-such-revision-xyz
expect 2 "'HEAD'" history.db -- env -C "$SRC" "$PRDIFF" HEAD HEAD HEAD
expect 2 "not inside a git repository" history.db -- "$PRDIFF" HEAD

# ---- lobimport: AWR reports --------------------------------------------------------------
# Real reports (tests/import/awr/) broken on purpose: one line naming the
# file and its line, exit 2, nothing recorded.  No --path or --lob-size: the
# report is refused while it is read, before the case is described.
AWR=$SRC/tests/import/awr
mkdir -p awr
head -n 300 "$AWR/awr19c_rac_pdb_text.txt" >awr/truncated.txt
sed 's/^Instance Activity Stats  /Instance Activity Stats -/' "$AWR/awr19c_rac_pdb_text.txt" >awr/no_activity.txt
sed 's/^gc cr blocks received                             4 /gc cr blocks received                            4x /' \
    "$AWR/awr19c_rac_pdb_text.txt" >awr/garbage.txt
cat "$AWR/awr19c_rac_pdb_text.txt" "$AWR/awr19c_rac_pdb_text.txt" >awr/twice.txt
sed "s|<td align=\"right\" class='awrnc'>1</td><td class='awrnc'>|<td align=\"right\" class='awrnc'>2</td><td class='awrnc'>|; s|         8K</td>|         4K</td>|" \
    "$AWR/awr12c_single.html" >awr/inst2_4k.html
cat "$AWR/awr12c_single.html" awr/inst2_4k.html >awr/two_block_sizes.html
AI=("$LOBIMPORT" --db=history.db --workload=rac)
awr() { expect 2 "$1" history.db -- "${AI[@]}" "${@:2}"; }
awr "awr/truncated.txt:300: the file ends here, inside the report that began on line 1 (no 'End of Report'): truncated" awr/truncated.txt
awr "awr/no_activity.txt:338: the report from line 1 has no Instance Activity Stats section" awr/no_activity.txt
awr "awr/garbage.txt:242: 'gc cr blocks received': '4x' is not a number" awr/garbage.txt
awr "awr/twice.txt:362: instance 1 of snapshots 37-38 again" awr/twice.txt
awr "awr/two_block_sizes.html:857: block size 4096 here, 8192 on line 188" awr/two_block_sizes.html
# a good report beside a bad one: neither is recorded
awr "awr/garbage.txt:242" "$AWR/awr18c_rac_inst1.html" awr/garbage.txt
# --block-size against the report's db_block_size (18c: Std Block Size 16K,
# line 198)
awr "$AWR/awr18c_rac_inst1.html:198: --block-size=8k, but the report's db_block_size is 16384 (16k)" \
    --block-size=8k "$AWR/awr18c_rac_inst1.html"
# The global report of awrgrpt.sql (HTML): cut short, a section missing,
# the instances' db_block_size apart (init.ora Parameters lists a parameter
# whose instances differ once per instance), its window twice.
G=$AWR/awrg12c_rac_global.html
head -n 500 "$G" >awr/g_truncated.html
sed 's|>System Statistics (Global)</h3>|>System Statistics</h3>|' "$G" >awr/g_no_sysstat.html
sed "s|<td class='awrnc'>\*</td><td class='awrnc'>8192</td><td class='awrnc'></td></tr>|<td class='awrnc'>1</td><td class='awrnc'>8192</td><td class='awrnc'></td></tr>\\n<tr><td scope=\"row\" class='awrc'>db_block_size</td><td class='awrc'>2</td><td class='awrc'>4096</td><td class='awrc'></td></tr>|" \
    "$G" >awr/g_two_block_sizes.html
cat "$G" "$G" >awr/g_twice.html
awr "awr/g_truncated.html:498: the file ends here, inside the report that began on line 35" awr/g_truncated.html
awr "awr/g_no_sysstat.html:864: the report from line 35 has no System Statistics (Global) section" awr/g_no_sysstat.html
awr "awr/g_two_block_sizes.html:817: block size 4096 here, 8192 on line 49" awr/g_two_block_sizes.html
awr "awr/g_twice.html:914: snapshots 176-177 again (the report on line 35 has them)" awr/g_twice.html
awr "$G:49: --block-size=16k, but the report's db_block_size is 8192 (8k)" --block-size=16k "$G"

# The fixture store went through every entry above untouched and whole.
[ "$(sqlite3 history.db "pragma integrity_check")" = ok ] || say_fail "history.db integrity_check"
[ "$(sqlite3 history.db "select count(*) from runs where source = 'lobsim'")" = 2 ] ||
    say_fail "history.db lost a run"

echo "bad_input: $tried bad inputs tried: $pass refused cleanly, $fail failed"
[ $fail -eq 0 ] || exit 1
# Every entry tried was refused cleanly: none went uncounted.
[ $pass -eq $tried ] || { echo "FAIL: $tried entries tried but only $pass passed"; exit 1; }
