#!/usr/bin/env bash
# golden_tables.sh -- lobbench's console tables (what a user reads: each
# statistic per path and size with the dblink/local ratio, the heap tables
# with their thousands separators, the AWR table with each figure's change)
# against a golden text: everything lobbench prints after Google Benchmark's
# own table of times, which is the only part that varies between runs.
#
#   usage: golden_tables.sh LOBBENCH GOLDEN_TXT [SWEEP OPTIONS...]
#   (regenerate: LOBBENCH --no-db SWEEP OPTIONS --benchmark_min_time=1x |
#    awk 'f; /^$/ && !f {f = 1}' > GOLDEN_TXT)
set -u
LOBBENCH=${1:?usage: golden_tables.sh LOBBENCH GOLDEN_TXT [SWEEP OPTIONS...]}
GOLDEN=${2:?usage: golden_tables.sh LOBBENCH GOLDEN_TXT [SWEEP OPTIONS...]}
shift 2
[ -x "$LOBBENCH" ] || { echo "FAIL: lobbench '$LOBBENCH' is not an executable"; exit 1; }
[ -s "$GOLDEN" ] || { echo "FAIL: golden file '$GOLDEN' is missing or empty"; exit 1; }
work=$(mktemp -d "${TMPDIR:-/tmp}/lobsim-tables.XXXXXX") || exit 1
trap 'rm -rf "$work"' EXIT
"$LOBBENCH" --no-db "$@" --benchmark_min_time=1x >"$work/out" 2>"$work/err" ||
    { echo "FAIL: lobbench exited $?:"; cat "$work/err"; exit 1; }
awk 'f; /^$/ && !f {f = 1}' "$work/out" >"$work/tables"
[ -s "$work/tables" ] || { echo "FAIL: no table after the times in:"; head -20 "$work/out"; exit 1; }
# The columns line up: under a table's heading (a line at the left margin),
# every line that ends in a figure (a number, a change in %, "-" or "new")
# is exactly as long as the heading, whose column titles end where the
# figures do (the LOB table's and the AWR report's; the heap tables' rows
# stand at the margin, each its own line).
awk '/^[^ ]/ { head = $0; hl = length($0); hn = NR; next }
     /^$/ { head = ""; next }
     head != "" && /^ / && /([0-9%-]|new)$/ {
         lines++
         if (length($0) != hl) {
             if (bad++ < 10)
                 printf "FAIL: line %d is %d characters, its heading (line %d) %d:\n%s\n%s\n",
                        NR, length($0), hn, hl, head, $0
         }
     }
     END { if (!bad && lines) printf "golden_tables: %d lines under their headings, every column lined up\n", lines
           exit bad > 0 }' "$work/tables" ||
    { echo "0 passed, 1 failed"; exit 1; }
if ! cmp -s "$GOLDEN" "$work/tables"; then
    echo "FAIL: tables differ from $GOLDEN (< golden, > now):"
    diff "$GOLDEN" "$work/tables" | head -40
    echo "0 passed, 1 failed"
    exit 1
fi
echo "golden_tables: $(wc -l <"$GOLDEN") lines identical"
echo "1 passed, 0 failed"
