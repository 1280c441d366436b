#!/usr/bin/env bash
# bad_input_lobfit.sh -- lobfit tried as a hostile user would: run
# selectors that name nothing or the wrong thing, references the fit cannot
# use, numbers past their limits, options and list items twice, a store and
# an output that are not ours (issue 23).
#
#   usage: bad_input_lobfit.sh LOBFIT LOBBENCH LOBIMPORT
#
# Every case by the rule of tests/hostile.sh: a refused input exits 2 (1
# when --out fails after the fit) with one line naming the input and the
# problem, the store and every file named byte for byte as they were, no
# new file; an accepted one says what it must write.  (lobfit has no
# --param: a fit's bounds are declared in fit/fittable.c; the numbers a
# user gives are --starts and --seed.)  "Before:" says how lobfit of main
# before issue 23's fixes handled the case (the script run against it).
set -u
. "$(dirname "$(readlink -f "$0")")/hostile.sh"
hostile_tools bad_input_lobfit "bad_input_lobfit.sh LOBFIT LOBBENCH LOBIMPORT" "$@"
LOBFIT=$(readlink -f "$1") LOBBENCH=$(readlink -f "$2") LOBIMPORT=$(readlink -f "$3")

work=$(mktemp -d "${TMPDIR:-/tmp}/lobsim-bad-fit.XXXXXX") || exit 1
readers=()
cleanup() {
    for p in "${readers[@]}"; do kill "$p" 2>/dev/null; done
    chmod -R u+w "$work" 2>/dev/null
    rm -rf "$work"
}
trap cleanup EXIT
cd "$work" || exit 1

# The store: the shipped reference (run 1) and a model run (run 2) from
# lobbench, an fts measurement (run 3) and a run of statistics the model
# lacks (run 4) from lobimport.
printf 'statistic,value\n"db block gets",15514\n' >fts.csv
printf 'statistic,value\n"bytes received via SQL*Net from client",5\n' >foreign.csv
"$LOBBENCH" --db=h.db --quiet --sizes=2k --path=local --benchmark_min_time=1x >/dev/null 2>&1 &&
    "$LOBIMPORT" --db=h.db --workload=fts fts.csv >/dev/null 2>&1 &&
    "$LOBIMPORT" --db=h.db --path=local --lob-size=2k foreign.csv >/dev/null 2>&1 ||
    missing "cannot record the fixture store"
[ "$(sqlite3 h.db "select group_concat(source) from (select source from runs order by run)")" = \
    oracle,lobsim,oracle,oracle ] || missing "the fixture store's runs are not as expected"
# A fit of one parameter, one start, no cross-validation: a quarter second.
LF=("$LOBFIT" --db=h.db --reference=reference --no-cv --quiet --params=dsp.refill_gets)
fit() { expect 2 "$1" -- "${LF[@]}" --starts=1 "${@:2}"; }
sel() { expect 2 "$1" -- "$LOBFIT" --db=h.db --no-cv --quiet --starts=1 "${@:2}"; }

# ---- --reference selectors (before too: each refused) -------------------------------
sel "--reference: ',' is not a list" --reference=,
sel "no run '-1'" --reference=-1
sel "no run '99999999999999999999'" --reference=99999999999999999999
sel "--reference=latest~99999999999: fewer than 100000000000 completed lobsim runs" \
    --reference=latest~99999999999
sel "no run '1;drop table runs'" "--reference=1;drop table runs"
sel "no run '--help'" --reference=--help
sel "is not a list of at most 16 runs (an empty item or one too long)" --reference="1,$(head -c 300 /dev/zero | tr '\0' a)"
sel "run 3 is named twice" --reference=3,3
# A run of another workload than asked; a run with no statistic the fit uses.
sel "run 3 has no session the model can run of insert" --reference=3 --workload=insert
sel "run 4 has no session the model can run" --reference=4
fit "statistic 'user commits' has no measured figure in the reference" "--statistics=user commits"

# ---- names ------------------------------------------------------------------------------
sel "--workload: unknown workload 'insrt'" --workload=insrt
sel "--workload: '' is empty" --workload=
sel "--params: 'frob' matches no parameter" --params=frob --reference=reference
sel "'heap.pctfree' matches no parameter a fit may move" --params=heap.pctfree --reference=reference
sel "--params: '[' matches no parameter" "--params=[" --reference=reference
# Before: accepted, the statistic weighed twice in the error (a silent
# change of the fit); the workload named twice, accepted unsaid.
fit "--statistics: 'db block gets' is given twice" "--statistics=db block gets,db block gets"
sel "--workload: 'insert' is given twice" --workload=insert,insert

# ---- numbers past their limits, options twice (before too: refused) -------------------
expect 2 "--starts: '0' is not a whole number from 1 to 64" -- "${LF[@]}" --starts=0
expect 2 "--starts: '65' is not a whole number from 1 to 64" -- "${LF[@]}" --starts=65
expect 2 "--starts: '1e400'" -- "${LF[@]}" --starts=1e400
expect 2 "--starts: 'NaN'" -- "${LF[@]}" --starts=NaN
expect 2 "--starts: '99999999999999999999999'" -- "${LF[@]}" --starts=99999999999999999999999
fit "--seed: '-1' is not a whole number" --seed=-1
fit "--seed: '1e400' is not a whole number" --seed=1e400
fit "--seed: '0x10' is not a whole number" --seed=0x10
fit "option '--reference' given twice" --reference=1
fit "option '--starts' given twice" --starts=2
fit "unexpected argument 'extra'" extra
# Before: a value of 100 KB came back whole in a message of 100 KB.
long=$(head -c 100000 /dev/zero | tr '\0' a)
fit "--statistics: 'aaaa" --statistics="$long"
sel "--workload: 'aaaa" --workload="$long"

# ---- a store that is not ours -------------------------------------------------------------
# Before: exit 1 ("the store failed"), though nothing was wrong but the
# name given; lobreport says 2 for the same.
mkfifo store.fifo
expect 2 "store.fifo: not a regular file" -- "$LOBFIT" --db=store.fifo --starts=1
expect 2 "/dev/null: not a regular file" -- "$LOBFIT" --db=/dev/null --starts=1
expect 2 "no-such.db: no such file" -- "$LOBFIT" --db=no-such.db --starts=1
mkdir adir
expect 2 "adir: is a directory" -- "$LOBFIT" --db=adir --starts=1
# Before too: 2.
head -c 65536 /dev/zero | tr '\0' x >noise.db
expect 2 "noise.db: not a lobsim results database" -- "$LOBFIT" --db=noise.db --starts=1

# ---- --out: targets that are not ours ----------------------------------------------------
# Before: a block device and a link to nothing were found only after the
# fit (exit 1); a read-only file was replaced when run as root.
fit "--out: cannot write 'adir': it is a directory" --out=adir
blockdev=$(find /dev -maxdepth 1 -type b -print -quit)
[ -n "$blockdev" ] || missing "no block device in /dev to try as an output"
fit "--out: cannot write '$blockdev': it is a block device" --out="$blockdev"
ln -s no-such-dir/p.txt dangling.txt
fit "--out: cannot write 'dangling.txt': a symbolic link to nothing" --out=dangling.txt
echo 'dsp.refill_gets=7' >ro.txt && chmod a-w ro.txt
fit "--out: cannot write 'ro.txt': a read-only file" --out=ro.txt
fit "--out: cannot write 'no-such-dir/p.txt': directory 'no-such-dir' does not exist" \
    --out=no-such-dir/p.txt
# Before: a name the system cannot create was found after the fit (exit 1).
fit "--out: cannot write 'aaaa" --out="$long"
# A pipe: written to when a reader waits (the parameter file arrives);
# without a reader, found when written, after the fit: exit 1, one line.
mkfifo out.fifo
cat out.fifo >from-fifo.txt &
readers+=($!)
accept "--out=FIFO (a reader waits)" "${LF[@]}" --starts=1 --out=out.fifo &&
    { wait "${readers[-1]}"; check "the reader got the parameter file" grep -qx 'dsp.refill_gets=[0-9]*' from-fifo.txt; }
rm -f from-fifo.txt
expect 1 "lobfit: out.fifo: cannot write: a pipe that nobody reads" -- "${LF[@]}" --starts=1 --out=out.fifo
check "out.fifo is still a FIFO" [ "$(stat -c %F out.fifo)" = fifo ]
# Accepted: a new file holds the fitted value, as lobbench --param-file reads it.
accept "--out=p.txt" "${LF[@]}" --starts=1 --out=p.txt &&
    check "p.txt holds the fitted dsp.refill_gets and nothing else but comments" \
        sh -c '[ "$(grep -vc "^#" p.txt)" = 1 ] && grep -qx "dsp.refill_gets=[0-9]*" p.txt'
accept "--out=/dev/null" "${LF[@]}" --starts=1 --out=/dev/null
check "/dev/null is still a character device" [ "$(stat -c %F /dev/null)" = "character special file" ]

hostile_done bad_input_lobfit 20
