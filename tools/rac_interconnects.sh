#!/usr/bin/env bash
# rac_interconnects.sh -- the cluster experiment (issue 31, item 5) on each
# of the three interconnects: tools/rac_sweep.sh once an interconnect (the
# 8k/4k pair at each user count and seed), its table of every AWR figure's
# change written to OUT_DIR/INTERCONNECT.md, then on standard output two
# markdown tables: transactions per minute at each load and block size with
# each direction's send queue busy % and the CPU utilisation at 8k (means
# over the seeds), and the five published figures' change per interconnect.
#
#   usage: rac_interconnects.sh LOBBENCH OUT_DIR [--users=40,60,80] [--seeds=1-5]
set -eu
LOBBENCH=${1:?usage: rac_interconnects.sh LOBBENCH OUT_DIR [--users=L] [--seeds=A-B]}
OUT=${2:?usage: rac_interconnects.sh LOBBENCH OUT_DIR [--users=L] [--seeds=A-B]}
shift 2
# --users and --seeds go to rac_sweep.sh as they are; the users name the
# columns here too.
users=40,60,80 sweep=(--users=40,60,80 --seeds=1-5)
for a; do
    case $a in
    --users=*) users=${a#*=} sweep[0]=$a ;;
    --seeds=*) sweep[1]=$a ;;
    *) echo "rac_interconnects.sh: unknown option '$a'" >&2; exit 2 ;;
    esac
done
here=$(cd "$(dirname "$0")" && pwd)
links="hipersockets 10gbe 1gbe"
mkdir -p "$OUT"
for ic in $links; do
    "$here/rac_sweep.sh" "$LOBBENCH" "$OUT/$ic" "${sweep[@]}" --param=rac.interconnect="$ic" \
        >"$OUT/$ic.md"
done
IFS=, read -r -a us <<<"$users"
printf '| interconnect |'
for u in "${us[@]}"; do printf ' %s users 8k | 4k |' "$u"; done
printf ' send queue busy %% at 8k, each way | CPU utilisation %% at 8k |\n|---|'
for u in "${us[@]}"; do printf -- '---|---|'; done
printf -- '---|---|\n'
for ic in $links; do
    tr -d '"' <"$OUT/$ic/runs.csv" | awk -F, -v ic="$ic" -v users="$users" '
    function th(x,   s) {
        x = sprintf("%d", x + 0.5); s = ""
        while (length(x) > 3) { s = "," substr(x, length(x) - 2) s; x = substr(x, 1, length(x) - 3) }
        return x s
    }
    $6 == "all" && $8 == "Transactions per minute" { t[$3, $2] += $9; n[$3, $2]++ }
    $6 != "all" && $8 == "Send queue busy %" && $2 == 8 { q[$3] += $9; m[$3]++ }
    $6 == "all" && $8 == "CPU utilisation %" && $2 == 8 { c[$3] += $9; k[$3]++ }
    END {
        nu = split(users, u, ",")
        printf "| `%s` |", ic
        for (i = 1; i <= nu; i++) printf " %s | %s |", th(t[u[i], 8] / n[u[i], 8]), th(t[u[i], 4] / n[u[i], 4])
        qs = cs = ""
        for (i = 1; i <= nu; i++) {
            qs = qs sprintf("%s%.1f", i > 1 ? " / " : "", q[u[i]] / m[u[i]])
            cs = cs sprintf("%s%.1f", i > 1 ? " / " : "", c[u[i]] / k[u[i]])
        }
        printf " %s | %s |\n", qs, cs
    }'
done
printf '\n| interconnect | figure |'
for u in "${us[@]}"; do printf ' %s users |' "$u"; done
printf '\n|---|---|'
for u in "${us[@]}"; do printf -- '---|'; done
printf '\n'
for ic in $links; do
    grep -E '^\| [^|]* \| (Estd Interconnect traffic \(KB\) per second|GCS/GES messages sent per second|Global Cache blocks received per second|Transactions per minute|Cluster time \(s per s\)) \|' \
        "$OUT/$ic.md" | sed "s/^| [^|]* |/| \`$ic\` |/"
done
