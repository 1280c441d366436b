#!/usr/bin/env bash
# bad_input_files.sh -- the files the programs read and write, as a hostile
# user would give them: lobbench's --param-file, the store lobreport draws,
# and output targets that are not regular files.
#
#   usage: bad_input_files.sh LOBBENCH LOBDIFF LOBREPORT
#
# Every refused case by the rule of tests/bad_input.sh: the documented exit
# status, exactly one line on stderr naming the input and the problem, no
# crash or sanitizer report, the store and every file named byte for byte
# as they were, no new file.  Every accepted case says what it must record.
# sqlite3 is required: without it the run fails, naming it.
set -u
. "$(dirname "$(readlink -f "$0")")/hostile.sh"
hostile_tools bad_input_files "bad_input_files.sh LOBBENCH LOBDIFF LOBREPORT" "$@"
LOBBENCH=$(readlink -f "$1") LOBDIFF=$(readlink -f "$2") LOBREPORT=$(readlink -f "$3")

work=$(mktemp -d "${TMPDIR:-/tmp}/lobsim-bad-files.XXXXXX") || exit 1
readers=()
# shellcheck disable=SC2317 # the EXIT trap
cleanup() {
    for p in "${readers[@]}"; do kill "$p" 2>/dev/null; done
    rm -rf "$work"
}
trap cleanup EXIT
cd "$work" || exit 1

# The rule of every case: expect, accept, check (tests/hostile.sh); after
# each refused case the store is put back as it was.
hostile_after() {
    rm -f h.db-wal h.db-shm
    cmp -s h.db pristine.db || cp pristine.db h.db
}
SMALL=(--sizes=2k --path=local --benchmark_min_time=1x)

# A store of two runs (the second with a parameter changed), and the store
# every lobreport case starts from.
"$LOBBENCH" --db=h.db --quiet "${SMALL[@]}" >/dev/null 2>&1 &&
    "$LOBBENCH" --db=h.db --quiet "${SMALL[@]}" --param=dsp.chunk_divisor=512 >/dev/null 2>&1 ||
    missing "cannot record the fixture store"
sid=$(sqlite3 h.db "select min(sid) from sessions where run = 3")
[ -n "$sid" ] || missing "the fixture store lacks run 3"
cp h.db pristine.db

# ---- output targets (sim_output_check, sim_write_file) ----------------------------
# A pipe or character device is written to directly; a directory is refused;
# a pipe without a reader is refused at once (not waited for).
LB=("$LOBBENCH" --no-db --quiet "${SMALL[@]}")
mkfifo out.fifo
cat out.fifo >from-fifo.csv &
readers+=($!)
accept "lobbench --stats-out=FIFO (a reader waits)" "${LB[@]}" --stats-out=out.fifo &&
    { wait "${readers[-1]}"; check "the reader got the CSV" grep -q '^workload,path,lob_kchars,block_kb' from-fifo.csv; }
check "out.fifo is still a FIFO" [ "$(stat -c %F out.fifo)" = fifo ]
accept "lobbench to /dev/null" "${LB[@]}" --stats-out=/dev/null --explain-out=/dev/null --plot=/dev/null
check "/dev/null is still a character device" [ "$(stat -c %F /dev/null)" = "character special file" ]
# /dev/stdout is a link to the descriptor: written through it, never
# replaced (as root, a rename over it once replaced the system's link).
accept "lobbench --stats-out=/dev/stdout" "${LB[@]}" --stats-out=/dev/stdout &&
    check "the CSV went to stdout, after what was there" \
        sh -c 'grep -q "^insert,local,2,8,[0-9]*,\"db block gets\"," stdout && grep -q "^Benchmark " stdout'
check "/dev/stdout is still a link" [ -L /dev/stdout ]
# A link to a regular file: the file it names is replaced whole, the link stays.
echo old >target.csv && ln -s target.csv link.csv
accept "lobbench --stats-out=LINK" "${LB[@]}" --stats-out=link.csv &&
    check "the link's file got the CSV, the link stayed" \
        sh -c '[ -L link.csv ] && grep -q "^workload,path,lob_kchars" target.csv'
rm -f target.csv link.csv
ln -s no-such-dir/x.csv dangling.csv
expect 2 "--stats-out: cannot write 'dangling.csv': a symbolic link to nothing" -- \
    "${LB[@]}" --stats-out=dangling.csv
rm -f dangling.csv
rm -f from-fifo.csv
# A pipe without a reader is found only when the file is written, after the
# run (opening it to look would end a reader's read): exit 1, one line of
# lobbench's (Google Benchmark's own context may precede it), the pipe kept.
tried=$((tried + 1))
timeout 120 "${LB[@]}" --stats-out=out.fifo >stdout 2>stderr </dev/null
rc=$?
if [ $rc -ne 1 ] || [ "$(grep -c '^lobbench: ' stderr)" -ne 1 ] ||
    ! grep -qF "lobbench: --stats-out: out.fifo: cannot write: a pipe that nobody reads" stderr ||
    [ "$(stat -c %F out.fifo)" != fifo ]; then
    say_fail "--stats-out=FIFO without a reader: exit $rc: $(grep '^lobbench' stderr)"
else
    pass=$((pass + 1))
fi
mkdir adir
expect 2 "--stats-out: cannot write 'adir': it is a directory" -- "${LB[@]}" --stats-out=adir
expect 2 "--plot: cannot write 'adir': it is a directory" -- "${LB[@]}" --plot=adir
expect 2 "--plot: adir: cannot write: it is a directory" -- "$LOBDIFF" --db=h.db --plot=adir 2 3
accept "lobdiff --plot=/dev/null" "$LOBDIFF" --db=h.db --plot=/dev/null 2 2
mkdir -p site/index.html
expect 2 "--out=site: cannot write 'site/index.html': it is a directory" -- "$LOBREPORT" --db=h.db --out=site
rm -rf site && mkdir site && mkfifo site/index.html
cat site/index.html >page.html &
readers+=($!)
accept "lobreport into a FIFO index.html (a reader waits)" "$LOBREPORT" --db=h.db --out=site &&
    { wait "${readers[-1]}"; check "the reader got the page" grep -q '<h1>lobsim history</h1>' page.html; }
check "site/index.html is still a FIFO" [ "$(stat -c %F site/index.html)" = fifo ]
rm -rf site page.html

# ---- lobbench --param-file -----------------------------------------------------------
pf() { expect 2 "$1" -- "${LB[@]}" --param-file=p.txt "${@:2}"; }
put() { printf "$@" >p.txt; }
put 'dsp.refill_gets=5\n# again\ndsp.refill_gets=6\n'
pf "p.txt:3: dsp.refill_gets is given twice in this file"
put 'dsp.refill_gets=5\ndsp.refill_gets=5\n'
pf "p.txt:2: dsp.refill_gets is given twice in this file"
put 'dsp.refill_gets=5\0junk\n'
pf "p.txt:1: a NUL byte"
put 'dsp.refill_gets=5dsp.search_gets=3\n'
pf "'5dsp.search_gets=3'"
put 'dsp.refill_gets5\n'
pf "p.txt:1: 'dsp.refill_gets5' is not NAME=VALUE"
put 'dsp.refill_gets=5 dsp.search_gets=3\n'
pf "'5 dsp.search_gets=3'"
put 'dsp.refill_gets=5=6\n'
pf "'5=6'"
put 'dsp.refill_gets,5\n'
pf "'dsp.refill_gets,5' is not NAME=VALUE"
put 'dsp.chunk_divisor=4294967296\n'
pf "'4294967296'"
put 'dsp.chunk_divisor=-1\n'
pf "'-1'"
put 'dsp.chunk_divisor=0x10\n'
pf "'0x10'"
put 'dsp.chunk_divisor=1e3\n'
pf "'1e3'"
put 'dsp.chunk_divisor=0\n'
pf "chunk_divisor"
put '=5\n'
pf "p.txt:1: '=5' is not NAME=VALUE"
put 'dsp.refill_gets_and_a_name_longer_than_any_parameter_has=5\n'
pf "is not NAME=VALUE"
put '\xef\xbb\xbfdsp.refill_gets=5\n'
pf "p.txt:1: unknown parameter"
head -c 100000 /dev/zero | tr '\0' 'x' >p.txt
pf "p.txt:1: line longer than 511 characters"
yes '# a comment line, many of them' | head -n 40000 >p.txt
pf "'p.txt' is larger than 1048576 bytes"
expect 2 "--param-file: cannot read 'adir': it is a directory" -- "${LB[@]}" --param-file=adir
expect 2 "--param-file: cannot read 'no-such.txt'" -- "${LB[@]}" --param-file=no-such.txt
expect 2 "/dev/zero:1: a NUL byte" -- "${LB[@]}" --param-file=/dev/zero
expect 2 "--param: dsp.refill_gets is given twice in --param options" -- "${LB[@]}" \
    --param=dsp.refill_gets=5 --param=dsp.refill_gets=6
put 'rac.users=40,60\n'
expect 2 "rac.users is given as a list and once more" -- "$LOBBENCH" --no-db --quiet --workload=rac \
    --param-file=p.txt --param=rac.users=80
# Accepted: every parameter of the LOB workloads at its default, from a
# pipe, with CRLF ends: figures equal to the defaults'.
accept "lobbench defaults" "${LB[@]}" --stats-out=default.csv
"$LOBBENCH" --list-params | awk 'NR > 1 && $1 !~ /^(rac|heap)\./ { print $1 "=" $2 }' >all.txt
check "all.txt has the LOB workloads' parameters" [ "$(grep -c = all.txt)" -gt 30 ]
accept "--param-file of every LOB parameter" "${LB[@]}" --param-file=all.txt --stats-out=all.csv &&
    check "every parameter at its default gives the default figures" cmp -s default.csv all.csv
accept "--param-file from a pipe, CRLF" "${LB[@]}" --stats-out=pipe.csv \
    --param-file=<(printf 'dsp.chunk_divisor=256\r\n')
check "a pipe's CRLF file gives the default figures" cmp -s default.csv pipe.csv
# A later source overrides an earlier one, and says so once the run starts.
put 'dsp.chunk_divisor=512\n'
accept "--param after --param-file" "${LB[@]}" --param-file=p.txt --param=dsp.chunk_divisor=256 \
    --stats-out=over.csv
check "the override is said" grep -qF "lobbench: --param: dsp.chunk_divisor=256 overrides the value given before (512)" stderr
check "the override's figures are the default's" cmp -s default.csv over.csv
rm -f ./*.csv all.txt p.txt

# ---- lobreport: stores ------------------------------------------------------------------
# A store changed by SQL (as another tool, an old build or a hand might):
# copied, changed, given to lobreport; the copy must stay as it was and no
# page may appear.
mkdir site
rpt() { # WORD SQL
    cp pristine.db bad.db
    sqlite3 bad.db "$2" || missing "cannot prepare bad.db: $2"
    expect 2 "$1" -- "$LOBREPORT" --db=bad.db --out=site
}
rpt "bad.db: run 3: parameters: 'dsp.chunk_max_kb=6144dsp.chunk_divisor=512' is not NAME=VALUE" \
    "update runs set params = replace(params, ' dsp.chunk_divisor', 'dsp.chunk_divisor') where run = 3"
rpt "bad.db: run 3: parameters: dsp.chunk_divisor is given twice" \
    "update runs set params = params || ' dsp.chunk_divisor=1' where run = 3"
rpt "bad.db: run 3, session $sid: parameters: dsp.chunk_divisor is given twice" \
    "update sessions set params = params || ' dsp.chunk_divisor=1' where run = 3"
rpt "bad.db: run 3: parameters: not one space apart" \
    "update runs set params = replace(params, ' ', '  ') where run = 3"
rpt "bad.db: run 3: parameters: 'x' is not NAME=VALUE" "update runs set params = 'x' where run = 3"
rpt "bad.db: run 3: parameters of 3000003 characters: more than 16384" \
    "update runs set params = 'a=' || hex(zeroblob(1500000)) || 'x' where run = 3"
rpt "bad.db: run 2: commit 'ab' is not a commit's hash" \
    "update runs set git_commit = cast(x'61620063' as text) where run = 2"
rpt "bad.db: run 2: commit '" "update runs set git_commit = hex(zeroblob(5000000)) where run = 2"
rpt "bad.db: run 3, session $sid: 'securefile allocation chunks' is 18446744073709551611: out of range" \
    "update session_stats set value = -5 where sid = $sid and \"statistic#\" = 1"
rpt "out of range (at most 2^53)" \
    "update session_stats set value = 1.5e300 where sid = $sid and \"statistic#\" = 1"
rpt "bad.db: run 3, session $sid: a time that is negative or not a number" \
    "update sessions set real_time_ns = -1 where sid = $sid"
rpt "bad.db: run 3, session $sid: block size 3 and 10000 rows: not a case" \
    "update sessions set block_size = 3 where sid = $sid"
rpt "bad.db: run 3, session $sid: block size 8192 and 0 rows: not a case" \
    "update sessions set rows = 0 where sid = $sid"
rpt "schema version 99 is newer" "pragma user_version = 99"
rpt "bad.db: corrupt" "pragma ignore_check_constraints = 1; update runs set source = 'other' where run = 2"
sqlite3 foreign.db "create table t (a)"
expect 2 "foreign.db: not a lobsim results database" -- "$LOBREPORT" --db=foreign.db --out=site
: >empty.db
expect 2 "empty.db: empty file" -- "$LOBREPORT" --db=empty.db --out=site
head -c 20000 pristine.db >cut.db
expect 2 "cut.db: corrupt" -- "$LOBREPORT" --db=cut.db --out=site
head -c 65536 /dev/urandom >noise.db
expect 2 "noise.db: not a lobsim results database" -- "$LOBREPORT" --db=noise.db --out=site
expect 2 "adir: is a directory" -- "$LOBREPORT" --db=adir --out=site
expect 2 "no-such.db: no such file" -- "$LOBREPORT" --db=no-such.db --out=site
mkfifo store.fifo
expect 2 "store.fifo: not a regular file" -- "$LOBREPORT" --db=store.fifo --out=site
expect 2 "/dev/null: not a regular file" -- "$LOBREPORT" --db=/dev/null --out=site
ln -s no-such.db dangling.db
expect 2 "dangling.db" -- "$LOBREPORT" --db=dangling.db --out=site
rm -f foreign.db empty.db cut.db noise.db store.fifo dangling.db bad.db
# Accepted: a column the store's schema lacks is not read; the page is written.
cp pristine.db extra.db
sqlite3 extra.db "alter table runs add column extra text; update runs set extra = 'x'"
accept "lobreport of a store with an extra column" "$LOBREPORT" --db=extra.db --out=site &&
    check "its page names both runs' commits" [ "$(grep -c '<tr data-run=' site/index.html)" = 3 ]

hostile_done bad_input_files 1
