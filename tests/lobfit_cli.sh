#!/usr/bin/env bash
# lobfit_cli.sh -- lobfit, lobbench --param-file and lobdiff together, as a
# user runs them: a fit writes a parameter file lobbench reads; the run
# records the parameters and lobdiff names the changed ones.
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
"$LOBFIT" --db=h.db --reference=reference --params=dsp.refill_gets,read.mbrc_kb \
    "--statistics=db block gets" --starts=2 --out=fit.txt >fit.out || fail "lobfit: $(cat fit.out)"
grep -q "^read.mbrc_kb  *1024  *1024  FREE" fit.out || fail "read.mbrc_kb not reported free: $(cat fit.out)"
grep -q "^dsp.refill_gets .* pinned$" fit.out || fail "dsp.refill_gets not pinned: $(cat fit.out)"
grep -q "^cross-validated error (leave one LOB size out, 7 folds): " fit.out || fail "no cross-validation"
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
echo "lobfit_cli: ok"
