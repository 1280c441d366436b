#!/usr/bin/env bash
# import_snapper.sh -- lobimport of a Snapper series (issue 30, item 2):
# a file of two snapshots, in the layout of Snapper v4.30's output as
# Tanel Poder published it (2020-11-24, hard parsing and LOB fetching: the
# dashed heading, each snapshot closed by "--  End of Stats snap N, end=...,
# seconds=5"; the figures are made up), is one session whose snapshots are
# in snapshot_figures: two rows per statistic of the catalogue, snap_rows
# NULL (Snapper does not say how many rows an interval inserted),
# snap_seconds as printed, adding up to the session's figure.  lobdiff of
# the run against itself compares it interval by interval, its rows
# "unknown"; a series with a snapshot out of order is refused in one line
# and nothing is written.
#
#   usage: import_snapper.sh LOBIMPORT LOBDIFF
set -u
LOBIMPORT=${1:?usage: import_snapper.sh LOBIMPORT LOBDIFF}
LOBDIFF=${2:?usage: import_snapper.sh LOBIMPORT LOBDIFF}
LOBIMPORT=$(readlink -f "$LOBIMPORT") LOBDIFF=$(readlink -f "$LOBDIFF")
for t in "$LOBIMPORT" "$LOBDIFF"; do
    [ -x "$t" ] || { echo "FAIL: '$t' is not an executable"; exit 1; }
done
command -v sqlite3 >/dev/null || { echo "FAIL: sqlite3 is not installed"; exit 1; }
work=$(mktemp -d "${TMPDIR:-/tmp}/lobsim-import-snapper.XXXXXX") || exit 1
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 1
pass=0 fail=0
check() { # WHAT WANT GOT
    if [ "$2" = "$3" ]; then pass=$((pass + 1)); else fail=$((fail + 1)); printf 'FAIL: %s:\ngot  %s\nwant %s\n' "$1" "$3" "$2"; fi
}
q() { sqlite3 h.db "$1"; }

head='-----------------------------------------------------------------------------
    SID, USERNAME  , TYPE, STATISTIC                          ,         DELTA
-----------------------------------------------------------------------------'
snap() { # N SECONDS LINES...
    local n=$1 sec=$2
    shift 2
    printf '%s\n' "$head"
    printf '   1136, SYSTEM    , %s\n' "$@"
    printf '\n--  End of Stats snap %s, end=2016-12-09 19:31:%02d, seconds=%s\n\n' "$n" $((44 + 5 * n)) "$sec"
}
{
    snap 1 5 'STAT, CR blocks created                  ,          7360' \
        'TIME, DB CPU                             ,         89580' \
        'STAT, consistent gets                    ,         15170' \
        'STAT, transaction rollbacks              ,             1'
    snap 2 5.5 'STAT, CR blocks created                  ,          7412' \
        'STAT, consistent gets                    ,         15301' \
        'STAT, transaction rollbacks              ,             1'
} >series.txt

"$LOBIMPORT" --db=h.db --path=dblink --lob-size=256k series.txt >out.txt 2>err.txt
check "series: exit" "0" "$?"
check "series: recorded" "series.txt: snapper (recognised), 1 session, 3 figures (2 modelled, 1 not modelled): run 1" "$(cat out.txt err.txt)"
check "one session" "1" "$(q 'select count(*) from sessions')"
check "two rows per statistic, rows NULL, seconds as printed" \
    "1|NULL|5.0|CR blocks created|7360 2|NULL|5.5|CR blocks created|7412 1|NULL|5.0|consistent gets|15170 2|NULL|5.5|consistent gets|15301" \
    "$(q "select snap_id, coalesce(snap_rows, 'NULL'), snap_seconds, statistic, value from snapshot_figures order by \"statistic#\" desc, snap_id" | tr '\n' ' ' | sed 's/ $//')"
check "no row of 0 or a guess" "0" "$(q 'select count(*) from session_snapshots where snap_rows is not null')"
check "the snapshots add up to the session's figures" \
    "CR blocks created|14772|14772 consistent gets|30471|30471" \
    "$(q "select n.name, st.value, (select sum(p.value) from snapshot_figures p where p.sid = st.sid and p.\"statistic#\" = st.\"statistic#\")
          from session_stats st join v\$statname n using (\"statistic#\") order by st.\"statistic#\" desc" | tr '\n' ' ' | sed 's/ $//')"
check "the others summed, not in the snapshots" "transaction rollbacks|2" "$(q 'select name, value from session_oracle_stats')"
check "integrity" "ok" "$(q 'pragma integrity_check')"

# lobdiff of the run against itself: interval by interval.
"$LOBDIFF" --db=h.db --all 1 1 >diff.txt 2>&1
check "lobdiff: exit" "0" "$?"
check "lobdiff: the intervals" "dblink 256k: 2 intervals of 5, 5.5 seconds, rows not known" \
    "$(grep '^dblink 256k: 2 intervals' diff.txt)"
check "lobdiff: the heading names where the snapshots came from" "Interval by interval (a Snapper series, lobimport)" \
    "$(grep '^Interval by interval' diff.txt)"
check "lobdiff: rows unknown, never 0" \
    "CR blocks created         1  unknown   7360   7360    +0  +0.0|CR blocks created         2  unknown   7412   7412    +0  +0.0" \
    "$(grep -E '^CR blocks created +[12] ' diff.txt | paste -sd'|')"

# A snapshot that printed no STAT line (only its TIME line: nothing
# moved) is still the series' snapshot 2: snapshot 3 follows it without a
# gap, and its seconds are kept.
{
    snap 1 5 'STAT, CR blocks created                  ,          7360'
    snap 2 4 'TIME, DB CPU                             ,         89580'
    snap 3 6 'STAT, CR blocks created                  ,          7412'
} >quiet.txt
"$LOBIMPORT" --db=q.db --path=dblink --lob-size=256k quiet.txt >out.txt 2>err.txt
check "quiet snapshot: exit" "0" "$?"
check "quiet snapshot: snapshots 1, 2, 3, no gap, each its seconds" \
    "1|5.0|7360 2|4.0|0 3|6.0|7412" \
    "$(sqlite3 q.db "select snap_id, snap_seconds, value from snapshot_figures where statistic = 'CR blocks created' order by snap_id" | tr '\n' ' ' | sed 's/ $//')"

# A corrupt series: snapshot 3 after 1, refused in one line, nothing written.
sed 's/End of Stats snap 2,/End of Stats snap 3,/' series.txt >bad.txt
cp h.db before.db
"$LOBIMPORT" --db=h.db --path=dblink --lob-size=256k bad.txt >out.txt 2>err.txt
check "out of order: exit" "2" "$?"
check "out of order: one line" "lobimport: bad.txt:18: Snapper's snapshot 3 after snapshot 1: a series counts 1, 2, ..." "$(cat out.txt err.txt)"
cmp -s h.db before.db
check "out of order: store unchanged" "0" "$?"

echo "import_snapper: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
