#!/usr/bin/env bash
# scenario_diff.sh -- tools/scenario-diff lists what moved between two
# binaries, scenario by scenario, and nothing when nothing moved.
#   usage: scenario_diff.sh LOBBENCH SOURCE_DIR
set -u
[ $# -eq 2 ] || { echo "FAIL: usage: scenario_diff.sh LOBBENCH SOURCE_DIR"; exit 1; }
LOBBENCH=$(readlink -f "$1") SRC=$(readlink -f "$2")
TOOL="$SRC/tools/scenario-diff" SC="$SRC/scenarios/mech_a_retention_none.sql"
fail=0
work=$(mktemp -d "${TMPDIR:-/tmp}/lobsim-scdiff.XXXXXX") || exit 1
trap 'rm -rf "$work"' EXIT
# A "new" binary: the same lobbench with a redo record header 8 bytes larger.
printf '#!/bin/sh\nexec "%s" --param=life.redo_record_bytes=32 "$@"\n' "$LOBBENCH" >"$work/new"
chmod +x "$work/new"
out=$("$TOOL" "$LOBBENCH" "$LOBBENCH" "$SC") || { echo "FAIL: exit $? on the same binary"; fail=1; }
[ "$out" = "mech_a_retention_none.sql: unchanged" ] || { echo "FAIL: same binary: '$out'"; fail=1; }
out=$("$TOOL" "$LOBBENCH" "$work/new" "$SC") || { echo "FAIL: exit $? on two binaries"; fail=1; }
case "$out" in
"mech_a_retention_none.sql: redo size "*" -> "*) ;;
*) echo "FAIL: a larger redo record header: '$out'"; fail=1 ;;
esac
case "$out" in *"db block gets"*) echo "FAIL: gets moved by a redo header: '$out'"; fail=1 ;; esac
"$TOOL" "$LOBBENCH" >/dev/null 2>&1 && { echo "FAIL: one binary accepted"; fail=1; }
"$TOOL" "$LOBBENCH" "$work/nonexistent" "$SC" 2>"$work/err" >/dev/null
grep -q "not an executable lobbench: '$work/nonexistent'" "$work/err" ||
    { echo "FAIL: a missing binary: $(cat "$work/err")"; fail=1; }
[ $fail -eq 0 ] && echo "scenario_diff: ok"
exit $fail
