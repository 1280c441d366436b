#!/usr/bin/env bash
# bad_input_script.sh -- lobbench --script given what no script should be:
# every malformed script of tests/scripts_bad/ (expected.txt gives each one's
# line), a 10 MB single line, a missing file, a directory, and options a
# script run does not take.  By the rule of tests/hostile.sh: exit 2, one
# line on stderr naming the file and line, the store byte for byte as it
# was, no new file.  Then the accepted side: a scenario runs and writes its
# steps to --stats-out.
#
#   usage: bad_input_script.sh LOBBENCH SCRIPTS_BAD_DIR SCENARIOS_DIR
set -u
. "$(dirname "$(readlink -f "$0")")/hostile.sh"
hostile_tools bad_input_script "bad_input_script.sh LOBBENCH" "$1"
LOBBENCH=$(readlink -f "$1") BAD=$(readlink -f "${2:?the scripts_bad folder}")
SCEN=$(readlink -f "${3:?the scenarios folder}")
[ -s "$BAD/expected.txt" ] || { echo "FAIL: $BAD/expected.txt is missing"; exit 1; }

work=$(mktemp -d "${TMPDIR:-/tmp}/lobsim-bad-script.XXXXXX") || exit 1
trap 'chmod -R u+w "$work" 2>/dev/null; rm -rf "$work"' EXIT
cd "$work" || exit 1

# The store every refusal must leave as it was: one recorded model run.
"$LOBBENCH" --db=h.db --quiet --sizes=2k --path=local --rows=100 --benchmark_min_time=1x \
    >/dev/null 2>&1 || { echo "FAIL: cannot record the fixture store"; exit 1; }

# Each malformed script, copied here under its name: the message names it
# as given, with its line.
n=0
while IFS=$'\t' read -r name msg; do
    case "$name" in '#'* | '') continue ;; esac
    cp "$BAD/$name" "./$name" || { echo "FAIL: $BAD/$name is listed but missing"; exit 1; }
    expect 2 "lobbench: $name:$msg" -- "$LOBBENCH" --db=h.db --script="$name"
    rm -f "./$name"
    n=$((n + 1))
done <"$BAD/expected.txt"
[ "$n" -ge 25 ] || { echo "FAIL: only $n malformed scripts in $BAD/expected.txt, want 25"; exit 1; }

# Oracle's errors are not bad input: each script of tests/scripts_ora/ runs
# to its end, exit 0, its step showing the error (issue 41, SQL*Plus's
# rule), and the run is recorded.
ORA=$(dirname "$BAD")/scripts_ora
m=0
while IFS=$'\t' read -r name msg; do
    case "$name" in '#'* | '') continue ;; esac
    cp "$ORA/$name" "./$name" || { echo "FAIL: $ORA/$name is listed but missing"; exit 1; }
    if accept "$name runs on after ${msg#*: }" "$LOBBENCH" --db=ora.db --script="$name"; then
        check "$name: its step shows ${msg#*: }" grep -qF "      ${msg#*: }" stdout
    fi
    rm -f "./$name"
    m=$((m + 1))
done <"$ORA/expected.txt"
[ "$m" -ge 17 ] || { echo "FAIL: only $m scripts in $ORA/expected.txt, want 17"; exit 1; }
rm -f ora.db stdout stderr
# WHENEVER SQLERROR EXIT: the run stops after the failed step with the
# script's status, not 2; a setup script that fails is bad input.
printf 'create table t (id number, c clob);\nwhenever sqlerror exit 7\ndrop table u purge;\ncreate table u (id number, c clob);\n' >ws.sql
expect 7 "ws.sql:3: WHENEVER SQLERROR EXIT after ORA-00942" -- "$LOBBENCH" --no-db --script=ws.sql
# SQL*Plus's own error (SP2-) does not trigger it: the exit is at line 4
printf 'create table t (id number, c clob);\nwhenever sqlerror exit 7\nexec dbms_space.unused_space(:a);\ndrop table u purge;\n' >ws2.sql
expect 7 "ws2.sql:4: WHENEVER SQLERROR EXIT after ORA-00942" -- "$LOBBENCH" --no-db --script=ws2.sql
printf 'create table t (id number, c clob);\ncreate table t (id number, c clob);\n' >setup.sql
expect 2 "setup.sql:2: ORA-00955" -- "$LOBBENCH" --db=h.db --script=ws.sql --setup=setup.sql
expect 2 "missing.sql" -- "$LOBBENCH" --db=h.db --script=ws.sql --setup=missing.sql
expect 2 "--setup: applies to --script runs only" -- "$LOBBENCH" --db=h.db --sizes=2k --setup=setup.sql
rm -f ws.sql setup.sql

# A 10 MB line, made here rather than shipped.
head -c 10485760 /dev/zero | tr '\0' 'x' >long.sql
expect 2 "long.sql:1:" -- "$LOBBENCH" --db=h.db --script=long.sql
rm -f long.sql
expect 2 "nothing.sql" -- "$LOBBENCH" --db=h.db --script=nothing.sql
mkdir adir
expect 2 "adir" -- "$LOBBENCH" --db=h.db --script=adir
rmdir adir
# The sweep's axes mean nothing to a script; nor a parameter of the sweep.
printf 'create table t (id number, c clob);\n' >ok.sql
expect 2 "--sizes: applies to a sweep" -- "$LOBBENCH" --db=h.db --script=ok.sql --sizes=2k
expect 2 "--workload: applies to a sweep" -- "$LOBBENCH" --db=h.db --script=ok.sql --workload=fts
expect 2 "row.insert_row_gets: not a parameter of scripts" -- \
    "$LOBBENCH" --db=h.db --script=ok.sql --param=row.insert_row_gets=3
expect 2 "--charset: 'ebcdic'" -- "$LOBBENCH" --db=h.db --script=ok.sql --charset=ebcdic
# A script that gives statements to more sessions than the run has.
printf 'create table t (id number, c clob);\n-- lobsim session: 3\ninsert into t values (1, 1);\ncommit;\n' >three.sql
expect 2 "three.sql:3: given to session 3, but the run has 2 sessions" -- \
    "$LOBBENCH" --no-db --script=three.sql --sessions=2
expect 2 "--param=life.fit: applies to --script runs only" -- \
    "$LOBBENCH" --db=h.db --sizes=2k --param=life.fit=1
expect 2 "life.fit=7" -- "$LOBBENCH" --db=h.db --script=ok.sql --param=life.fit=7
# a LOB index entry no 2 KB block's leaf would hold
expect 2 "life.lobindex_entry_bytes=1001 (accepted: 16 to 1000)" -- \
    "$LOBBENCH" --db=h.db --script=ok.sql --param=life.lobindex_entry_bytes=1001
rm -f ok.sql

# Outputs that cannot be written are refused before the script runs, as the
# sweep's are (issue 43, item 8): nothing printed, nothing recorded.  The
# run would take a while and print its steps, so an empty stdout says it
# never started.
printf 'create table t (id number, c clob) lob (c) store as securefile (disable storage in row);\ninsert into t select level, rpad(to_clob(%s), 9000, %s) from dual connect by level <= 200;\ncommit;\n' "'x'" "'x'" >work.sql
mkdir adir
for ses in "" "--sessions=2 --snapshot-every=0.001s"; do
    for target in --plot=/nonexistent/x.svg --stats-out=adir; do
        # shellcheck disable=SC2086
        expect 2 "${target%%=*}" -- "$LOBBENCH" --db=h.db --script=work.sql $ses $target
        check "$target $ses: nothing printed before the refusal" test ! -s stdout
    done
    # shellcheck disable=SC2086
    expect 2 "nodir" -- "$LOBBENCH" --db=nodir/x.db --script=work.sql $ses
    check "--db=nodir/x.db $ses: nothing printed before the refusal" test ! -s stdout
done
rmdir adir
# --snapshot-every with --sessions takes seconds of model time, whatever
# the order of the options (item 10); a bad one is refused as that.
expect 2 "--snapshot-every=-3: seconds of model time with --sessions" -- \
    "$LOBBENCH" --db=h.db --script=work.sql --sessions=2 --snapshot-every=-3
expect 2 "--snapshot-every=-3: seconds of model time with --sessions" -- \
    "$LOBBENCH" --db=h.db --snapshot-every=-3 --script=work.sql --sessions=2
expect 2 "--snapshot-every=-3: rows per snapshot" -- "$LOBBENCH" --db=h.db --snapshot-every=-3
# Snapshots are bounded (item 5): by rows, before any work; by model time,
# as the run goes, long before memory runs out (it was killed at 1e-9s).
expect 2 "20000 rows make more than 10000 snapshots (accepted: 2 rows or more" -- \
    "$LOBBENCH" --db=h.db --rows=20000 --snapshot-every=1
# (20,001 rows by 2: 10,001 snapshots, the last of one row.)
expect 2 "20001 rows make more than 10000 snapshots (accepted: 3 rows or more" -- \
    "$LOBBENCH" --db=h.db --rows=20001 --snapshot-every=2
expect 2 "work.sql: a snapshot every 1e-09 s of model time makes more than 10000" -- \
    "$LOBBENCH" --db=h.db --script=work.sql --sessions=2 --snapshot-every=1e-9s
check "--snapshot-every=1e-9s: nothing printed" test ! -s stdout
# SQL*Plus substitution variables: a bad --define, and a variable the run
# does not define (SQL*Plus would prompt), refused before any work.
expect 2 "--define=9-x=1: expected NAME=VALUE" -- "$LOBBENCH" --db=h.db --script=work.sql --define=9-x=1
expect 2 "--define: applies to --script runs only" -- "$LOBBENCH" --db=h.db --define=a=1
printf 'create table t (id number, c clob);\ninsert into t values (1, rpad(%s, &n, %s));\n' "'x'" "'x'" >subst.sql
expect 2 "subst.sql:2: substitution variable '&n' not defined" -- "$LOBBENCH" --db=h.db --script=subst.sql
rm -f work.sql subst.sql

# Accepted: the published dedup test's scenario, its steps in the CSV with
# their step and statement.
if accept "the dedup scenario" "$LOBBENCH" --no-db --quiet --script="$SCEN/dedup.sql" \
    --stats-out=steps.csv; then
    check "the CSV's header names step, statement, table and segment" \
        grep -q '^workload,path,lob_kchars,block_kb,rows,statistic,value,recursive,step,statement,table,segment$' steps.csv
    check "a step's session row, without table or segment" \
        grep -q '^script,,,0,,"redo size",[0-9]*,,2,"[^"]*",,$' steps.csv
    check "a step's figure for each LOB segment, under its name" \
        grep -q '^script,,,8,,"user_segments.bytes",[0-9]*,,[0-9]*,"[^"]*","DEDUPLICATE_TAB","DEDUP_LOB"$' steps.csv
fi
rm -f steps.csv stdout stderr
hostile_done bad_input_script 50
