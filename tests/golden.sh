#!/usr/bin/env bash
# golden.sh -- every statistic of a sweep, bit for bit, against a golden
# file: tests/golden/lobbench_stats.csv (every LOB workload, path, LOB size
# and block size: the default sweep below), heap_stats.csv (the heap
# queries at 8k, 16k and 32k), heap_warm_stats.csv (the full scan with the
# dictionary cache warm, 8k and 32k), heap_rac_stats.csv (the rac
# experiment's 100,000-row table at 8k and 4k), rac_stats.csv (rac at 8k and 4k
# blocks for 40, 60 and 80 users) and rac_links_stats.csv (rac at 8k and 4k,
# 60 users, over 10gbe and 1gbe), the sweeps the docs show.  The console
# tables lobbench prints around these figures are golden_tables.sh's.
#
# The heap file is the output of the formats taken from block dumps (issue
# 20); the rac file of the cluster experiment by mechanism (issue 19), on
# that heap table.
#
# The golden file is the output of commit a4a9657 (before the re-layering)
# in the current --stats-out columns, with one change made on purpose: the
# `CR blocks created` rows of the insert and cluster workloads, where the
# local path gained the clones of t2's space metadata (row.t2_extent_cr) and
# the 64 MB extents' clones went from 3 to 2 (dsp.extent_cr).  A change of
# any other figure fails here; a deliberate one regenerates the file with
# the command below and says so in its commit.
#
# The LOB and heap files are in the one --stats-out layout of issue 21
# (workload,path,lob_kchars,block_kb,rows,statistic,value,recursive): every
# figure of the files before it, read back by lobimport, equals the new
# files' (23,562 session figures and 162 recursive parts, compared by SQL);
# the heap file now holds every statistic of each query, not the view's
# selection.  The rac file is the AWR report, written by --awr-out
# (GOLDEN_OPTION=--awr-out).
#
#   usage: golden.sh LOBBENCH GOLDEN_CSV [SWEEP OPTIONS...]
#   (regenerate: LOBBENCH --no-db --quiet SWEEP OPTIONS --stats-out=GOLDEN_CSV
#    --benchmark_min_time=1x)
set -u
LOBBENCH=${1:?usage: golden.sh LOBBENCH GOLDEN_CSV [SWEEP OPTIONS...]}
GOLDEN=${2:?usage: golden.sh LOBBENCH GOLDEN_CSV [SWEEP OPTIONS...]}
shift 2
[ $# -gt 0 ] || set -- --workload=all --block-size=2k,4k,8k,16k,32k
[ -x "$LOBBENCH" ] || { echo "FAIL: lobbench '$LOBBENCH' is not an executable"; exit 1; }
[ -s "$GOLDEN" ] || { echo "FAIL: golden file '$GOLDEN' is missing or empty"; exit 1; }
work=$(mktemp -d "${TMPDIR:-/tmp}/lobsim-golden.XXXXXX") || exit 1
trap 'rm -rf "$work"' EXIT
OUTPUT=${GOLDEN_OPTION:---stats-out}
"$LOBBENCH" --no-db --quiet "$@" \
    "$OUTPUT=$work/stats.csv" --benchmark_min_time=1x >/dev/null 2>"$work/err" ||
    { echo "FAIL: lobbench exited $?:"; cat "$work/err"; exit 1; }
rows=$(($(wc -l <"$GOLDEN") - 1))
if ! cmp -s "$GOLDEN" "$work/stats.csv"; then
    echo "FAIL: figures differ from $GOLDEN (< golden, > now):"
    diff "$GOLDEN" "$work/stats.csv" | head -40
    echo "0 passed, 1 failed"
    exit 1
fi
echo "golden: $rows figures identical"
echo "1 passed, 0 failed"
