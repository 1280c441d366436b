#!/usr/bin/env bash
# run_scenario.sh -- run a script (scenarios/*.sql, or your own) on a real
# Oracle database, one statement at a time, and spool what lobimport
# --format=spool reads: after each statement the session's v$mystat deltas,
# dbms_space.space_usage of every SecureFile LOB segment and user_segments
# of its table (docs/lobimport.md, "Scripts"; scripts/oracle/README.md).
#
#   usage: run_scenario.sh SCRIPT.sql CONNECT [SPOOL]
#     CONNECT  what sqlplus takes: user/password@alias
#     SPOOL    the spool to write (default: SCRIPT's name with .lst)
#   then:    build/lobimport --script=SCRIPT.sql SPOOL
#
# Statements are split as SQL*Plus runs them: a PL/SQL block (declare or
# begin first) ends at a line holding only '/', an exec at the end of its
# line, anything else at a line ending in ';'; comment lines (--, rem) and
# blank lines between statements are skipped.  Not run by lobsim's tests:
# no Oracle server where they run; --dry-run prints the driver instead
# (tests/oracle_wrapper.sh checks it).
set -u
here=$(cd "$(dirname "$0")" && pwd)
dry=0
if [ "${1:-}" = --dry-run ]; then dry=1; shift; fi
if [ $# -lt 2 ] || [ $# -gt 3 ]; then
    echo "usage: run_scenario.sh [--dry-run] SCRIPT.sql CONNECT [SPOOL]" >&2
    exit 2
fi
script=$1 connect=$2 spool=${3:-${1%.sql}.lst}
[ -f "$script" ] && [ -r "$script" ] || { echo "run_scenario.sh: $script: cannot read" >&2; exit 2; }

# The script's digest as lobsim stores it: FNV-1a 64 of its bytes (bash's
# arithmetic wraps at 64 bits as the hash does).
h=-3750763034362895579 # 0xcbf29ce484222325
for b in $(od -An -v -tu1 "$script"); do
    h=$(( (h ^ b) * 1099511628211 ))
done
digest=$(printf '%016x' "$h")

# The statements, NUL-separated.
split() {
    awk 'BEGIN { stmt = ""; block = 0 }
    function flush() { if (stmt != "") printf "%s%c", stmt, 0; stmt = ""; block = 0 }
    {
        line = $0; sub(/\r$/, "", line)
        t = line; sub(/^[ \t]+/, "", t); sub(/[ \t]+$/, "", t)
        if (stmt == "") {
            if (t == "" || t ~ /^--/ || tolower(t) ~ /^rem( |$)/ || t == "/") next
            low = tolower(t)
            if (low ~ /^(declare|begin)([ \t]|$)/) block = 1
            if (low ~ /^exec(ute)?[ \t]/) { stmt = t; flush(); next }
        }
        stmt = stmt (stmt == "" ? "" : "\n") line
        if (block) { if (t == "/") { sub(/\n[ \t]*\/[ \t]*$/, "", stmt); flush() } }
        else if (t ~ /;$/) flush()
    }
    END { if (stmt != "") { print "run_scenario.sh: the last statement has no end (; or /)" > "/dev/stderr"; exit 2 } }' "$1"
}
split "$script" >/dev/null || exit 2
n=$(split "$script" 2>/dev/null | tr -cd '\0' | wc -c)
[ "$n" -gt 0 ] || { echo "run_scenario.sh: $script: no statement" >&2; exit 2; }

driver() {
    cat <<SQL
whenever sqlerror continue
set define off echo off feedback off verify off heading on pagesize 50000
set linesize 400 trimspool on numwidth 20 tab off
set serveroutput on size unlimited format wrapped
@"$here/scenario_setup.sql"
spool "$spool"
prompt lobsim-spool: 1 script $script digest $digest statements $n
SQL
    k=0
    while IFS= read -r -d '' stmt; do
        k=$((k + 1))
        one=$(printf '%s' "$stmt" | tr '\n\t' '  ' | tr -s ' ' | cut -c 1-1000)
        printf 'prompt lobsim-step: %d\nprompt lobsim-statement: %s\n' "$k" "$one"
        printf 'exec lobsim_snap.take\n%s\n' "$stmt"
        case $(printf '%s' "$stmt" | tr 'A-Z' 'a-z' | sed 's/^[[:space:]]*//') in
            declare* | begin*) printf '/\n' ;;
        esac
        printf 'exec lobsim_snap.deltas\nexec lobsim_snap.segments\n@"%s/scenario_segments.sql"\n' "$here"
    done < <(split "$script")
    printf 'prompt lobsim-end: %d\nspool off\nexit\n' "$n"
}

if [ $dry = 1 ]; then
    driver
    exit 0
fi
command -v sqlplus >/dev/null || { echo "run_scenario.sh: sqlplus not found on PATH" >&2; exit 2; }
driver | sqlplus -s -l "$connect" || exit 1
echo "spooled $spool: build/lobimport --script=$script $spool"
