#!/usr/bin/env bash
# readonly.sh -- lobdiff, lobreport and lobfit on a store the user may read
# but not write: another user's results/history.db.  Root records a store
# (owned by root, mode 644, in a directory of mode 755); a second,
# unprivileged user (nobody, through setpriv) runs each program, writing
# only into a directory of its own: each must succeed, and the store's
# directory must afterwards list the same files with the same sizes, modes
# and times, each byte for byte the same.  Then the same as root, who could
# write there: a read-only open must still make no -wal or -shm.  Then a
# store with the -wal and -shm a killed writer left, its last run only in the
# WAL: the readers must see that run and change neither file.  Then the
# second user reads while root records beside it.
#
#   usage: readonly.sh LOBBENCH LOBDIFF LOBREPORT LOBFIT
#
# Switching users needs root, which .ci/run has on its fresh machine: run by
# anyone else, or where the switch does not take, the test fails; it never
# skips.
set -u
fail() { echo "FAIL: readonly: $*"; exit 1; }
[ $# -eq 4 ] || fail "usage: readonly.sh LOBBENCH LOBDIFF LOBREPORT LOBFIT"
for p in "$@"; do [ -x "$p" ] || fail "not an executable: '$p'"; done
command -v setpriv >/dev/null || fail "setpriv (util-linux) is not installed"
command -v sqlite3 >/dev/null || fail "sqlite3 is not installed (scripts/install-deps installs it)"
[ "$(id -u)" = 0 ] || fail "must run as root, to run the programs as a second user (.ci/run does); ran as $(id -un)"
LOBBENCH=$(readlink -f "$1") LOBDIFF=$(readlink -f "$2") LOBREPORT=$(readlink -f "$3") LOBFIT=$(readlink -f "$4")
other=nobody
ouid=$(id -u "$other") && ogid=$(id -g "$other") || fail "no user '$other' to switch to"
[ "$ouid" != 0 ] || fail "user '$other' is root"
AS=(setpriv --reuid="$ouid" --regid="$ogid" --clear-groups --)

work=$(mktemp -d "${TMPDIR:-/tmp}/lobsim-readonly.XXXXXX") || exit 1
holder=
trap '[ -n "$holder" ] && kill -9 "$holder" 2>/dev/null; kill $(jobs -p) 2>/dev/null; rm -rf "$work"' EXIT
chmod 755 "$work"
cd "$work" || exit 1
# The programs as the second user runs them: copies it may execute, wherever
# the build directory is.
mkdir -m 755 bin
cp "$LOBDIFF" bin/lobdiff && cp "$LOBREPORT" bin/lobreport && cp "$LOBFIT" bin/lobfit &&
    cp "$LOBBENCH" bin/lobbench || fail "cannot copy the programs"
chmod 755 bin/*
mkdir -m 755 store
mkdir -m 700 out && chown "$ouid:$ogid" out

SMALL=(--sizes=2k,32k --path=local --benchmark_min_time=1x --benchmark_repetitions=2 --quiet)
record() { "$LOBBENCH" --db=store/h.db "${SMALL[@]}" "$@" >/dev/null 2>lobbench.err ||
    fail "lobbench $*: $(tr '\n' ' ' <lobbench.err)"; }
record                                   # run 1 the reference, run 2
record --param=dsp.refill_gets=5         # run 3
chmod 644 store/h.db
[ "$(stat -c '%U %a' store store/h.db | tr '\n' ' ')" = "root 755 root 644 " ] ||
    fail "the store is not root's 644 in root's 755: $(stat -c '%n %U %a' store store/h.db)"

# The switch took, and the second user can read the store but not write it.
[ "$("${AS[@]}" id -u)" = "$ouid" ] || fail "setpriv did not switch to $other"
"${AS[@]}" test -r store/h.db || fail "$other cannot read $work/store/h.db (a directory above not searchable?)"
"${AS[@]}" touch store/probe 2>/dev/null && fail "$other can write in the store's directory: nothing tested"
"${AS[@]}" test -w store/h.db && fail "$other can write the store: nothing tested"

# Every file of the store's directory: name, size, mode, owner, time, bytes;
# the directory's own time changes when a file is made and removed in it.
state() {
    find store -maxdepth 1 -printf '%p %s %m %u %T@\n' | sort
    find store -maxdepth 1 -type f -print0 | sort -z | xargs -0 sha256sum
}

# The three programs run by the command prefix $3.. into out/$2, lobdiff
# comparing run $1 with the latest; each must succeed and say what it read.
programs() {
    local as=("${@:3}") o=out/$2 base=$1
    "${as[@]}" mkdir -p "$o" || fail "$2: cannot make $o"
    for fmt in text markdown json; do
        "${as[@]}" bin/lobdiff --db=store/h.db --format=$fmt "$base" latest >"$o.diff.$fmt" 2>"$o.err"
        local rc=$?
        [ $rc -le 1 ] || fail "$2: lobdiff --format=$fmt $base latest exited $rc: $(cat "$o.err")"
        grep -q "run $base" "$o.diff.$fmt" || grep -q "\"run\": $base" "$o.diff.$fmt" ||
            fail "$2: lobdiff --format=$fmt does not name run $base: $(head -3 "$o.diff.$fmt")"
    done
    "${as[@]}" bin/lobreport --db=store/h.db --out="$o/report" >"$o.err" 2>&1 ||
        fail "$2: lobreport: $(cat "$o.err")"
    [ -s "$o/report/index.html" ] || fail "$2: lobreport wrote no $o/report/index.html"
    "${as[@]}" bin/lobfit --db=store/h.db --reference=reference --params=dsp.refill_gets \
        "--statistics=db block gets" --starts=1 --no-cv --out="$o/fit.txt" >"$o.err" 2>&1 ||
        fail "$2: lobfit: $(cat "$o.err")"
    grep -q "^dsp.refill_gets=" "$o/fit.txt" || fail "$2: lobfit --out lacks dsp.refill_gets"
}

# ---- a store closed cleanly: the file alone ----
before=$(state)
programs 2 other "${AS[@]}"
[ "$(state)" = "$before" ] || fail "the store's directory changed under $other's programs:
$(diff <(echo "$before") <(state))"
programs 2 root env
[ "$(state)" = "$before" ] || fail "the store's directory changed under root's read-only programs:
$(diff <(echo "$before") <(state))"
grep -q "model params differ: dsp.refill_gets 4 -> 5" out/other.diff.text ||
    fail "$other's lobdiff 2 latest does not show run 3: $(cat out/other.diff.text)"
# A run of sessions at once that the second user would record there:
# refused before it runs, as a sweep is (issue 43, item 8), one line
# naming the store, exit 2, no report, the store's directory as it was.
printf 'create table t (id number, c clob) lob (c) store as securefile;\ninsert into t select level, rpad(to_clob(%s), 20000, %s) from dual connect by level <= 20;\ncommit;\n' "'x'" "'x'" >ses.sql
chmod 644 ses.sql
"${AS[@]}" bin/lobbench --db=store/h.db --script=ses.sql --sessions=2 >out/ses.out 2>out/ses.err
rc=$?
[ $rc = 2 ] && [ "$(wc -l <out/ses.err)" = 1 ] &&
    grep -q "^lobbench: .*store/h.db: read-only file; refusing to record into it" out/ses.err &&
    [ ! -s out/ses.out ] ||
    fail "$other's lobbench --sessions into a store it cannot write: exit $rc, $(cat out/ses.err)"
[ "$(state)" = "$before" ] || fail "the store's directory changed under $other's lobbench --sessions:
$(diff <(echo "$before") <(state))"

# ---- a writer killed with its last run in the WAL ----
# A reader holds the store open (so the writer cannot checkpoint on close),
# root records run 4, the reader is killed: -wal and -shm stay, and run 4 is
# in the -wal only.
mkfifo hold
sqlite3 store/h.db <hold >held 2>&1 &
holder=$!
exec 3>hold
echo "BEGIN; SELECT 'held', count(*) FROM runs;" >&3
for _ in $(seq 100); do grep -q held held && break; sleep 0.05; done
grep -q held held || fail "the reader did not start: $(cat held)"
record --param=dsp.refill_gets=6          # run 4
kill -9 "$holder"
wait "$holder" 2>/dev/null
holder=
exec 3>&-
[ -s store/h.db-wal ] && [ -e store/h.db-shm ] || fail "no -wal and -shm left: $(ls -l store)"
[ "$(sqlite3 "file:$work/store/h.db?immutable=1" "select max(run) from runs")" = 3 ] ||
    fail "run 4 is not in the WAL alone"
before=$(state)
programs 3 other-wal "${AS[@]}"
[ "$(state)" = "$before" ] || fail "the store's directory (with a -wal) changed under $other's programs:
$(diff <(echo "$before") <(state))"
programs 3 root-wal env
[ "$(state)" = "$before" ] || fail "the store's directory (with a -wal) changed under root's read-only programs:
$(diff <(echo "$before") <(state))"
for who in other-wal root-wal; do
    grep -q "run 3 -> run 4" out/$who.diff.text && grep -q "dsp.refill_gets 5 -> 6" out/$who.diff.text ||
        fail "$who: lobdiff 3 latest does not see run 4, in the WAL: $(head -5 out/$who.diff.text)"
done

# A -wal without its -shm (SQLite would make one): refused in one line,
# nothing made.
mv store/h.db-shm shm.kept
before=$(state)
"${AS[@]}" bin/lobdiff --db=store/h.db 2 3 >out/noshm.out 2>out/noshm.err
rc=$?
[ $rc -eq 2 ] && [ "$(wc -l <out/noshm.err)" = 1 ] && grep -q "store/h.db: .*-wal.*-shm" out/noshm.err ||
    fail "a -wal without -shm: exit $rc, $(cat out/noshm.err)"
[ "$(state)" = "$before" ] || fail "a refused read changed the store's directory"
mv shm.kept store/h.db-shm

# ---- reading beside a writer ----
(
    for seed in $(seq 10 19); do
        "$LOBBENCH" --db=store/h.db "${SMALL[@]}" --seed=$seed >/dev/null 2>>writer.err ||
            echo "run with seed $seed failed" >>writer.failed
    done
    touch writer.done
) &
reads=0
while [ ! -e writer.done ]; do
    "${AS[@]}" bin/lobdiff --db=store/h.db 2 latest >out/live.out 2>out/live.err
    rc=$?
    [ $rc -le 1 ] || fail "$other's lobdiff beside a writer exited $rc: $(cat out/live.err)"
    reads=$((reads + 1))
done
wait
[ ! -e writer.failed ] || fail "the writer beside the readers: $(cat writer.failed writer.err)"
[ "$(sqlite3 store/h.db "select count(*) from runs")" = 14 ] || fail "the writer's runs are not all there"
[ -z "$(find store -user "$other")" ] || fail "$other made files in the store's directory: $(find store -user "$other")"
echo "readonly: ok ($reads reads by $other beside a writer)"
