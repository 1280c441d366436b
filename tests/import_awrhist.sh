#!/usr/bin/env bash
# import_awrhist.sh -- lobimport of an AWR snapshot series (issue 30, item
# 2): a DBA_HIST_SYSSTAT query joined with DBA_HIST_SNAPSHOT, spooled in
# SQL*Plus's columns (tests/import/awrhist/series_columns.txt) and with SET
# MARKUP CSV ON beside a DBA_HIST_SYSTEM_EVENT query (series_csv.txt; each
# file's REM lines say where its shapes come from).  Four snapshots are one
# session with three intervals: each figure's value(n) - value(n-1),
# snap_rows NULL, snap_seconds from the END_INTERVAL_TIMEs, adding up to the
# session's figures; an event has 0 before its first row; lobdiff compares
# the run interval by interval.  Bad input (a bad number, a snapshot
# missing, a figure missing from one snapshot, a restart, two equal
# END_INTERVAL_TIMEs (an interval of 0 s), a foreign file, two instances,
# a folded heading, a time it cannot read) is refused in one line naming
# file and line, exit 2, the store unchanged.
#
#   usage: import_awrhist.sh LOBIMPORT LOBDIFF FIXTURE_DIR
set -u
LOBIMPORT=${1:?usage: import_awrhist.sh LOBIMPORT LOBDIFF FIXTURE_DIR}
LOBDIFF=${2:?usage: import_awrhist.sh LOBIMPORT LOBDIFF FIXTURE_DIR}
FIX=${3:?usage: import_awrhist.sh LOBIMPORT LOBDIFF FIXTURE_DIR}
LOBIMPORT=$(readlink -f "$LOBIMPORT") LOBDIFF=$(readlink -f "$LOBDIFF") FIX=$(readlink -f "$FIX")
for t in "$LOBIMPORT" "$LOBDIFF"; do
    [ -x "$t" ] || { echo "FAIL: '$t' is not an executable"; exit 1; }
done
command -v sqlite3 >/dev/null || { echo "FAIL: sqlite3 is not installed"; exit 1; }
work=$(mktemp -d "${TMPDIR:-/tmp}/lobsim-import-awrhist.XXXXXX") || exit 1
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 1
pass=0 fail=0
check() { # WHAT WANT GOT
    if [ "$2" = "$3" ]; then pass=$((pass + 1)); else fail=$((fail + 1)); printf 'FAIL: %s:\ngot  %s\nwant %s\n' "$1" "$3" "$2"; fi
}
flat() { tr '\n' ' ' | sed 's/ $//'; }
cp "$FIX/series_columns.txt" cols.txt
cp "$FIX/series_csv.txt" csv.txt
case=(--path=dblink --lob-size=256k)

# SQL*Plus's columns, the headings again after a page break.
"$LOBIMPORT" --db=c.db "${case[@]}" cols.txt >out.txt 2>err.txt
check "columns: exit" "0" "$?"
check "columns: recorded" \
    "cols.txt (snaps 100-103, 3 intervals): awrhist (recognised), 1 session, 3 figures (2 modelled, 1 not modelled): run 1" \
    "$(cat out.txt err.txt)"
check "columns: the run's label names AWR's snapshots" "snaps 100-103|awrhist" \
    "$(sqlite3 c.db 'select label, import_format from runs')"
check "columns: a row per interval and statistic, the deltas, rows NULL, seconds between the END_INTERVAL_TIMEs" \
    "1|NULL|1800.0|CR blocks created|7360 2|NULL|1805.0|CR blocks created|7412 3|NULL|1800.0|CR blocks created|7228 1|NULL|1800.0|consistent gets|15170 2|NULL|1805.0|consistent gets|15301 3|NULL|1800.0|consistent gets|14529" \
    "$(sqlite3 c.db "select snap_id, coalesce(snap_rows, 'NULL'), snap_seconds, statistic, value from snapshot_figures order by statistic, snap_id" | flat)"
check "columns: the session's figures, the last snapshot's less the first's" \
    "CR blocks created|22000 consistent gets|45000" \
    "$(sqlite3 c.db "select n.name, st.value from session_stats st join v\$statname n using (\"statistic#\") order by n.name" | flat)"
check "columns: not modelled, summed" "transaction rollbacks|4" \
    "$(sqlite3 c.db 'select name, value from session_oracle_stats')"
check "columns: integrity" "ok" "$(sqlite3 c.db 'pragma integrity_check')"

# SET FEEDBACK OFF: after the result's blank line, the next command's
# output is not a row.
sed -e '/^12 rows selected/d' -e 's/^SQL> spool off$/Disconnected from Oracle Database 19c Enterprise Edition Release 19.0.0.0.0 - Production/' \
    cols.txt >nofeedback.txt
"$LOBIMPORT" --db=f.db "${case[@]}" nofeedback.txt >out.txt 2>err.txt
check "columns without feedback: exit" "0" "$?"
check "columns without feedback: the same deltas" \
    "$(sqlite3 c.db 'select snap_id, statistic, value from snapshot_figures order by 1, 2' | flat)" \
    "$(sqlite3 f.db 'select snap_id, statistic, value from snapshot_figures order by 1, 2' | flat)"

# SET MARKUP CSV ON, the same statistics and the waits.
"$LOBIMPORT" --db=v.db "${case[@]}" csv.txt >out.txt 2>err.txt
check "csv: exit" "0" "$?"
check "csv: recorded" \
    "csv.txt (snaps 100-103, 3 intervals): awrhist (recognised), 1 session, 13 figures (7 modelled, 6 not modelled): run 1" \
    "$(cat out.txt err.txt)"
stats_q="select snap_id, snap_seconds, statistic, value from snapshot_figures where statistic in ('CR blocks created', 'consistent gets') order by statistic, snap_id"
check "csv: the statistics as from the columns" "$(sqlite3 c.db "$stats_q" | flat)" "$(sqlite3 v.db "$stats_q" | flat)"
check "csv: waits per interval, 0 before an event's first row, the wait class summed over its events (Cluster: gc cr and gc current)" \
    "Cluster time_waited_micro|50000,430000,690000 enq: HW - contention|12,18,1 enq: HW - contention time_waited_micro|14000,24500,500 gc cr block 2-way|0,500,800 gc current block 2-way|60,40,100" \
    "$(sqlite3 v.db "select statistic, group_concat(value) from (select * from snapshot_figures where statistic not in ('CR blocks created', 'consistent gets') order by snap_id) group by statistic order by statistic" | flat)"
check "csv: not modelled, summed" \
    "Cluster total_waits|1500 Configuration time_waited_micro|39000 Configuration total_waits|31 gc cr block 2-way time_waited_micro|1010000 gc current block 2-way time_waited_micro|160000 transaction rollbacks|4" \
    "$(sqlite3 v.db 'select name, value from session_oracle_stats order by name' | flat)"
sed 's/"//g' csv.txt >noquote.txt
"$LOBIMPORT" --db=n.db "${case[@]}" noquote.txt >out.txt 2>err.txt
check "csv QUOTE OFF: the same figures" "$(sqlite3 v.db "$stats_q" | flat)" "$(sqlite3 n.db "$stats_q" | flat)"

# lobdiff of the run against itself: interval by interval, named.
"$LOBDIFF" --db=v.db --all 1 1 >diff.txt 2>&1
check "lobdiff: exit" "0" "$?"
check "lobdiff: the heading names where the snapshots came from" \
    "Interval by interval (AWR snapshots, lobimport)" "$(grep '^Interval by interval' diff.txt)"
check "lobdiff: the intervals" "dblink 256k: 3 intervals of 1800, 1805, 1800 seconds, rows not known" \
    "$(grep '^dblink 256k: 3 intervals' diff.txt)"
check "lobdiff: each interval's delta" \
    "enq: HW - contention 1 unknown 12 12 +0 +0.0|enq: HW - contention 2 unknown 18 18 +0 +0.0|enq: HW - contention 3 unknown 1 1 +0 +0.0" \
    "$(grep -E '^enq: HW - contention +[123] ' diff.txt | tr -s ' ' | paste -sd'|')"

# Bad input: one line naming file and line, exit 2, the store unchanged.
refused() { # WHAT FILE WANT [OPTIONS...]
    local what=$1 file=$2 want=$3
    shift 3
    cp c.db before.db
    "$LOBIMPORT" --db=c.db "${case[@]}" "$@" "$file" >out.txt 2>err.txt
    check "$what: exit" "2" "$?"
    check "$what: one line" "$want" "$(cat out.txt err.txt)"
    cmp -s c.db before.db
    check "$what: store unchanged" "0" "$?"
}
sed '29s/5015170/5015I70/' cols.txt >bad.txt
refused "a bad number" bad.txt "lobimport: bad.txt:29: VALUE '5015I70': not a whole number"
sed '29s/   5015170/1.0147E+06/' cols.txt >bad.txt
refused "a number SQL*Plus rounded" bad.txt \
    "lobimport: bad.txt:29: VALUE '1.0147E+06': not a whole number (SQL*Plus rounds numbers wider than numwidth: SET NUMWIDTH 20 before the query)"
sed '31,33d' cols.txt >bad.txt
refused "a snapshot missing" bad.txt \
    "lobimport: bad.txt:31: snapshot 103 after 101: snapshot 102 is not in the file, and a delta spans one interval; select the snapshots without a gap"
sed '30a\                     rollbacks' cols.txt >bad.txt
refused "a name wrapped onto a line of its own" bad.txt \
    "lobimport: bad.txt:31: a row without its SNAP_ID: a truncated line, or a name wrapped onto a line of its own by a narrow COLUMN ... FORMAT"
sed '29d' cols.txt >bad.txt
refused "a figure missing from a snapshot" bad.txt \
    "lobimport: bad.txt:26: 'consistent gets' has no row of snapshot 101 (it has one of snapshot 100): a series needs every figure of every snapshot"
sed '31s/1014772/  14772/' cols.txt >bad.txt
refused "a restart: a value went down" bad.txt \
    "lobimport: bad.txt:31: 'CR blocks created' fell from 1007360 at snapshot 101 to 14772 at snapshot 102: the instance restarted between them, and AWR refuses such a pair (ORA-20200); import the snapshots of one startup"
sed -e 's/"SNAP_ID","END_INTERVAL_TIME",/"SNAP_ID","STARTUP_TIME","END_INTERVAL_TIME",/' \
    -e 's/^10[01],"/&01-DEC-16 09.00.00.000 AM","/' -e 's/^10[23],"/&09-DEC-16 07.45.00.000 PM","/' csv.txt >bad.txt
refused "a restart: STARTUP_TIME changed" bad.txt \
    "lobimport: bad.txt:32: the instance restarted between snapshots 101 and 102 (STARTUP_TIME differs): AWR refuses such a pair (ORA-20200); import the snapshots of one startup"
printf '%s\n' '   1136, SYSTEM    , STAT, CR blocks created                  ,          7360' >foreign.txt
refused "a foreign file" foreign.txt \
    "lobimport: foreign.txt:0: no DBA_HIST query's heading: expected SNAP_ID with STAT_NAME and VALUE (DBA_HIST_SYSSTAT) or EVENT_NAME and TOTAL_WAITS (DBA_HIST_SYSTEM_EVENT)" \
    --format=awrhist
sed -e 's/"SNAP_ID",/"SNAP_ID","INSTANCE_NUMBER",/' -e 's/^10[0-2],/&1,/' -e 's/^103,/&2,/' csv.txt >bad.txt
refused "two instances" bad.txt \
    "lobimport: bad.txt:35: rows of instances 1 and 2: the store keeps one instance's series; select one (where instance_number = N)"
awk 'NR == 23 { print "   SNAP_ID END_INTERVAL_TIME"; print "---------- -------------------"; print "STAT_NAME                                                             VALUE"; print "---------------------------------------------------------------- ----------"; next } NR == 24 { next } { print }' cols.txt >bad.txt
refused "a heading folded by LINESIZE" bad.txt \
    "lobimport: bad.txt:25: the heading goes on over a second line: rows wider than LINESIZE are folded; SET LINESIZE 400 (or SET MARKUP CSV ON) before the query"
sed '31,33s/2016-12-09 20:00:05/2016-12-09 19:30:00/' cols.txt >bad.txt
refused "two equal END_INTERVAL_TIMEs: an interval of 0 s" bad.txt \
    "lobimport: bad.txt:31: snapshot 102's END_INTERVAL_TIME is snapshot 101's: an interval of 0 seconds, which has no rate; select snapshots taken at different times"
sed '31,33s/2016-12-09 20:00:05/2016-12-09 19:29:59/' cols.txt >bad.txt
refused "an END_INTERVAL_TIME before the one before" bad.txt \
    "lobimport: bad.txt:31: snapshot 102's END_INTERVAL_TIME is not after snapshot 101's"
sed '28s|2016-12-09 19:30:00|12/09/2016 19:30:00|' cols.txt >bad.txt
refused "a time it cannot read" bad.txt \
    "lobimport: bad.txt:28: END_INTERVAL_TIME '12/09/2016 19:30:00': not a time lobimport reads; expected SQL*Plus's default (09-DEC-16 07.31.49.123 PM) or to_char(..., 'YYYY-MM-DD HH24:MI:SS')"
{
    echo '"SNAP_ID","EVENT_NAME","WAIT_CLASS","TOTAL_WAITS"'
    echo '100,"e1","Cluster",9223372036854775807'
    echo '100,"e2","Cluster",9223372036854775807'
    echo '101,"e1","Cluster",9223372036854775807'
    echo '101,"e2","Cluster",9223372036854775807'
} >bad.txt
refused "a wait class whose events add up beyond 2^63" bad.txt \
    "lobimport: bad.txt:3: 'Cluster total_waits' of snapshot 100 adds up to more than 9223372036854775807"
# 1,001 snapshots of one event, then 2,000 events first waited for in the
# last: 2,001 names over 1,000 intervals, 2,001,000 figures from 3,001 rows.
awk 'BEGIN { print "\"SNAP_ID\",\"EVENT_NAME\",\"TOTAL_WAITS\"";
             for (s = 1; s <= 1001; s++) printf "%d,\"a\",%d\n", s, s;
             for (e = 1; e <= 2000; e++) printf "1001,\"late %d x\",1\n", e }' >bad.txt
refused "an event series far larger than its rows" bad.txt \
    "lobimport: bad.txt:0: 2001 names over 1000 intervals would be 2001000 figures from 3001 rows: most of its events appear late; select fewer snapshots or events"
sed '/^   SNAP_ID/,$!d' cols.txt | sed '5,$d' >bad.txt
refused "one snapshot" bad.txt \
    "lobimport: bad.txt:3: one snapshot (100): a delta needs the snapshot before the interval too"

echo "import_awrhist: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
