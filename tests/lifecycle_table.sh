#!/usr/bin/env bash
# lifecycle_table.sh -- docs/lifecycle.md's table of the model against the
# published LOB-life tests is what scripts/lifecycle-table prints now: a
# change of the model that moves a figure fails here until the doc says so.
#
#   usage: lifecycle_table.sh LOBBENCH SOURCE_DIR
set -u
LOBBENCH=${1:?usage: lifecycle_table.sh LOBBENCH SOURCE_DIR} SRC=${2:?the source tree}
[ -x "$LOBBENCH" ] || { echo "FAIL: lobbench '$LOBBENCH' is not an executable"; exit 1; }
doc=$SRC/docs/lifecycle.md
work=$(mktemp -d "${TMPDIR:-/tmp}/lobsim-lifecycle.XXXXXX") || exit 1
trap 'rm -rf "$work"' EXIT
sed -n '/^<!-- lifecycle-table -->$/,/^<!-- \/lifecycle-table -->$/p' "$doc" | sed '1d;$d' >"$work/doc.md"
[ -s "$work/doc.md" ] || { echo "FAIL: $doc has no table between its lifecycle-table markers"; exit 1; }
python3 "$SRC/scripts/lifecycle-table" "$LOBBENCH" >"$work/now.md" 2>"$work/err" ||
    { echo "FAIL: scripts/lifecycle-table: $(cat "$work/err")"; exit 1; }
if ! cmp -s "$work/doc.md" "$work/now.md"; then
    echo "FAIL: $doc's table is not what scripts/lifecycle-table prints now (< doc, > now):"
    diff "$work/doc.md" "$work/now.md" | head -20
    echo "0 passed, 1 failed"
    exit 1
fi
echo "lifecycle_table: $(grep -c '^| ' "$work/now.md") rows as the doc shows them"
echo "1 passed, 0 failed"
