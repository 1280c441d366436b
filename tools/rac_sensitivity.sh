#!/usr/bin/env bash
# rac_sensitivity.sh -- each parameter of the cluster experiment at half and
# at double its value (issue 19): the 8k -> 4k change of every AWR figure of
# the cluster, mean over the seeds, and which figures change sign against
# the defaults.  Runs tools/rac_sweep.sh once a setting.
#
#   usage: rac_sensitivity.sh LOBBENCH OUT_DIR [--users=60] [--seeds=1-3]
# Prints two tables: the five published figures at each setting, and the
# figures whose change has the other sign than at the defaults (where the
# defaults' sign held for every seed and the figure moves by 0.5 % or more
# there).
set -eu
LOBBENCH=${1:?usage: rac_sensitivity.sh LOBBENCH OUT_DIR [--users=N] [--seeds=A-B]}
OUT=${2:?usage: rac_sensitivity.sh LOBBENCH OUT_DIR [--users=N] [--seeds=A-B]}
shift 2
users=60 seeds=1-3
for a in "$@"; do
    case $a in
    --users=*) users=${a#*=} ;;
    --seeds=*) seeds=${a#*=} ;;
    *) echo "rac_sensitivity.sh: unknown option '$a'" >&2; exit 2 ;;
    esac
done
here=$(cd "$(dirname "$0")" && pwd)
# NAME DEFAULT: the defaults of case_defaults() and of the hipersockets
# profile (rac_sim/README.md); halves round down.
settings=(
    "rows 100000" "rac.affinity_pm 500" "rac.reads 6" "rac.updates 3" "rac.inserts 1"
    "rac.seq_cache 20" "rac.redo_bytes 400" "rac.commit_redo_bytes 100" "rac.undo_bytes 200"
    "rac.undo_segments 10" "rac.client_rtt_us 125" "rac.cores 2" "rac.cpu_us 100"
    "rac.msg_cpu_us 10" "rac.lms 2" "rac.lms_us 20" "rac.gc_defer_us 3000" "rac.post_us 5"
    "rac.cr_build_us 40"
    "rac.congested_us 1000" "rac.link_us 10" "rac.link_mbit 2000" "rac.mtu 8192"
    "rac.log_write_us 500" "rac.log_mb_s 100" "cluster.message_bytes 200" "cluster.fairness 4"
    "users $users"
)
# Inputs whose default is 0 or a choice between mechanisms have no half and
# double: they run at the points given (NAME=VALUE, joined by "+").  Lost
# frames (rac.loss_ppm, a priori: no rate is published) on the default link
# and on 1 GbE, whose busy link is where the study saw retries, with the
# lost reply's timer at half and double.
points=(
    "rac.loss_ppm=100" "rac.loss_ppm=1000" "rac.interconnect=2"
    "rac.interconnect=2+rac.loss_ppm=100" "rac.interconnect=2+rac.loss_ppm=1000"
    "rac.interconnect=2+rac.loss_ppm=1000+rac.lost_timeout_us=250000"
    "rac.interconnect=2+rac.loss_ppm=1000+rac.lost_timeout_us=1000000"
)
mkdir -p "$OUT"
run() { # NAME VALUE TAG
    local opt
    case $1 in
    rows) opt=(--rows="$2" --users="$users") ;;
    users) opt=(--users="$2") ;;
    point) opt=(--users="$users"); for kv in ${2//+/ }; do opt+=(--param="$kv"); done ;;
    *) opt=(--param="$1=$2" --users="$users") ;;
    esac
    "$here/rac_sweep.sh" "$LOBBENCH" "$OUT/$3" --seeds="$seeds" "${opt[@]}" >/dev/null
    tr -d '"' <"$OUT/$3/runs.csv" | awk -F, -v tag="$3" '$6 == "all" { print tag "," $0 }' >>"$OUT/all.csv"
}
: >"$OUT/all.csv"
run users "$users" base
for s in "${settings[@]}"; do
    set -- $s
    run "$1" $(($2 / 2)) "$1=$(($2 / 2))"
    run "$1" $(($2 * 2)) "$1=$(($2 * 2))"
done
for pt in "${points[@]}"; do
    run point "$pt" "$pt"
done
awk -F, '
{
    tag = $1; key = $8 SUBSEP $9
    if (!(tag in ht)) { ht[tag] = 1; tags[++nt] = tag }
    if (!(key in hk)) { hk[key] = 1; keys[++nk] = key }
    if (!(($6) in hs)) { hs[$6] = 1; ns++ }
    v[tag, key, $6, $3] = $10
    seedsof[tag, $6] = 1
    base_kb = base_kb == "" ? $3 : base_kb
}
function change(tag, key,   s, n, a, b, sum) {
    n = 0; sum = 0
    for (s in hs) {
        a = v[tag, key, s, 8]; b = v[tag, key, s, 4]
        if (a == "" || a == 0) continue
        sum += 100 * (b / a - 1); n++
    }
    return n ? sum / n : "nan"
}
function allsign(tag, key,   s, a, b, pos, neg, n) {
    for (s in hs) {
        a = v[tag, key, s, 8]; b = v[tag, key, s, 4]
        if (a == "" || a == 0) continue
        n++; pos += b > a; neg += b < a
    }
    return n && pos == n ? 1 : n && neg == n ? -1 : 0
}
END {
    split("Estd Interconnect traffic (KB) per second|GCS/GES messages sent per second|Global Cache blocks received per second|Transactions per minute|Cluster time (s per s)", bars, "|")
    printf "| setting | traffic | messages | blocks | tpm | cluster waits |\n|---|---|---|---|---|---|\n"
    for (t = 1; t <= nt; t++) {
        printf "| %s |", tags[t]
        for (b = 1; b <= 5; b++) {
            for (k = 1; k <= nk; k++) { split(keys[k], p, SUBSEP); if (p[2] == bars[b]) break }
            printf " %+.1f |", change(tags[t], keys[k])
        }
        printf "\n"
    }
    printf "\n| setting | figures whose 8k -> 4k change has the other sign |\n|---|---|\n"
    for (t = 1; t <= nt; t++) {
        if (tags[t] == "base") continue
        line = ""
        for (k = 1; k <= nk; k++) {
            sb = allsign("base", keys[k]); d = change("base", keys[k]); c = change(tags[t], keys[k])
            if (sb == 0 || d == "nan" || c == "nan" || (d < 0.5 && d > -0.5)) continue
            if ((sb > 0 && c < 0) || (sb < 0 && c > 0)) {
                split(keys[k], p, SUBSEP)
                line = line sprintf("%s%s %+.1f (defaults %+.1f)", line == "" ? "" : "; ", p[2], c, d)
            }
        }
        printf "| %s | %s |\n", tags[t], line == "" ? "none" : line
    }
}' "$OUT/all.csv"
