#!/usr/bin/env bash
# rac_sweep.sh -- the cluster experiment (issue 19) over user counts and
# seeds as markdown tables for the docs: one lobbench invocation of the rac
# workload (--param=rac.users=LIST --seeds=LIST, each case an 8k/4k pair or
# the block sizes given), whose console table already shows every AWR
# figure's change per seed; this script adds the mean and the sign over the
# seeds per user count, as markdown (docs/rac.md), and the levels.
#
# lobbench writes the AWR figures with --awr-out (workload,block_kb,users,
# interconnect,seed,instance,section,statistic,value,change_pct) and the
# table is made from the cluster ("all") rows.
#
#   usage: rac_sweep.sh LOBBENCH OUT_DIR [options]
#     --users=40,60,80        user counts (rac.users)
#     --seeds=1-5             seeds, a range or a list
#     --block-size=8k,4k      the first is the base of each change
#     --param=NAME=VALUE      passed on to every run (repeatable)
#     --rows=N                the table's rows (lobbench --rows)
#     --mode=changes          (default) per figure: the change from the first
#                             block size, mean and range over the seeds, per
#                             user count, and whether its sign held
#     --mode=levels           per figure: each block size's mean value
# Writes OUT_DIR/runs.csv (every row of every run) and prints the table.
set -eu
LOBBENCH=${1:?usage: rac_sweep.sh LOBBENCH OUT_DIR [options]}
OUT=${2:?usage: rac_sweep.sh LOBBENCH OUT_DIR [options]}
shift 2
users=40,60,80 seeds=1-5 sizes=8k,4k mode=changes params=()
for a in "$@"; do
    case $a in
    --users=*) users=${a#*=} ;;
    --seeds=*) seeds=${a#*=} ;;
    --block-size=*) sizes=${a#*=} ;;
    --param=* | --rows=*) params+=("$a") ;;
    --mode=*) mode=${a#*=} ;;
    *) echo "rac_sweep.sh: unknown option '$a'" >&2; exit 2 ;;
    esac
done
[ -x "$LOBBENCH" ] || { echo "rac_sweep.sh: '$LOBBENCH' is not an executable" >&2; exit 2; }
case $mode in changes | levels) ;; *) echo "rac_sweep.sh: --mode=$mode (accepted: changes, levels)" >&2; exit 2 ;; esac
mkdir -p "$OUT"
runs=$OUT/runs.csv
# Every user count and seed in one run; lobbench refuses a bad list itself.
"$LOBBENCH" --no-db --quiet --workload=rac --block-size="$sizes" --seeds="$seeds" \
    --param=rac.users="$users" "${params[@]}" --awr-out="$OUT/all.csv" \
    --benchmark_min_time=1x >/dev/null 2>"$OUT/lobbench.err" ||
    { echo "rac_sweep.sh: lobbench failed:" >&2; cat "$OUT/lobbench.err" >&2; exit 1; }
tail -n +2 "$OUT/all.csv" >"$runs"
rm -f "$OUT/all.csv"
base=${sizes%%,*}
base=${base%k}
# The names hold no comma: drop the quotes and split on commas.
tr -d '"' <"$runs" | awk -F, -v base="$base" -v mode="$mode" '
$6 == "all" {
    key = $7 SUBSEP $8
    if (!(key in seen)) { seen[key] = 1; order[++nk] = key }
    if (!($3 in hu)) { hu[$3] = 1; users[++nu] = $3 }
    if (!($2 in hb)) { hb[$2] = 1; blocks[++nb] = $2 }
    v[key, $3, $5, $2] = $9
    if (!($5 in hs)) { hs[$5] = 1; seeds[++ns] = $5 }
}
function fmt(x) { return sprintf("%+.1f", x) }
END {
    if (mode == "levels") {
        printf "| figure |"
        for (i = 1; i <= nu; i++) for (j = 1; j <= nb; j++) printf " %s users %sk |", users[i], blocks[j]
        printf "\n|---|"
        for (i = 1; i <= nu * nb; i++) printf "---|"
        printf "\n"
        for (k = 1; k <= nk; k++) {
            split(order[k], p, SUBSEP)
            printf "| %s |", p[2]
            for (i = 1; i <= nu; i++) for (j = 1; j <= nb; j++) {
                s = 0
                for (q = 1; q <= ns; q++) s += v[order[k], users[i], seeds[q], blocks[j]]
                printf " %.4g |", s / ns
            }
            printf "\n"
        }
        exit
    }
    for (j = 1; j <= nb; j++) {
        if (blocks[j] == base) continue
        printf "\n%sk against %sk: the cluster figure'"'"'s change in %%, mean [min .. max] over %d seeds; sign: + or - when every seed agrees\n\n", blocks[j], base, ns
        printf "| section | figure |"
        for (i = 1; i <= nu; i++) printf " %s users |", users[i]
        printf "\n|---|---|"
        for (i = 1; i <= nu; i++) printf "---|"
        printf "\n"
        for (k = 1; k <= nk; k++) {
            split(order[k], p, SUBSEP)
            line = sprintf("| %s | %s |", p[1], p[2])
            any = 0
            for (i = 1; i <= nu; i++) {
                sum = 0; lo = 1e300; hi = -1e300; pos = 0; neg = 0; n = 0
                for (q = 1; q <= ns; q++) {
                    a = v[order[k], users[i], seeds[q], base]
                    b = v[order[k], users[i], seeds[q], blocks[j]]
                    if (a == 0) continue
                    c = 100 * (b / a - 1); n++
                    sum += c; lo = c < lo ? c : lo; hi = c > hi ? c : hi
                    pos += c > 0; neg += c < 0
                }
                if (n == 0) { line = line " - |"; continue }
                any = 1
                sign = pos == n ? "+" : neg == n ? "-" : "?"
                line = line sprintf(" %s [%s .. %s] %s |", fmt(sum / n), fmt(lo), fmt(hi), sign)
            }
            if (any) print line
        }
    }
}'
