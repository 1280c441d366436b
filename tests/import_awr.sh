#!/usr/bin/env bash
# import_awr.sh -- lobimport on the real AWR reports of tests/import/awr/:
# a file of two snapshot windows (the reports before and after a change)
# is two runs, each labelled with its window; the block size is the
# report's db_block_size when --block-size is not given; the global report
# of awrgrpt.sql is one run of one session holding its instances.
#
#   usage: import_awr.sh LOBIMPORT SOURCE_DIR
set -u
LOBIMPORT=${1:?usage: import_awr.sh LOBIMPORT SOURCE_DIR}
SRC=${2:?usage: import_awr.sh LOBIMPORT SOURCE_DIR}
LOBIMPORT=$(readlink -f "$LOBIMPORT")
AWR=$(readlink -f "$SRC")/tests/import/awr
[ -x "$LOBIMPORT" ] || { echo "FAIL: '$LOBIMPORT' is not an executable"; exit 1; }
command -v sqlite3 >/dev/null || { echo "FAIL: sqlite3 is not installed"; exit 1; }
work=$(mktemp -d "${TMPDIR:-/tmp}/lobsim-import-awr.XXXXXX") || exit 1
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 1
pass=0 fail=0
check() { # WHAT WANT GOT
    if [ "$2" = "$3" ]; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL: $1: got '$3', want '$2'"; fi
}
q() { sqlite3 h.db "$1"; }

# Before and after: the 19c text report and the same as snapshots 38-39.
T=$AWR/awr19c_rac_pdb_text.txt
sed 's/Begin Snap:        37/Begin Snap:        38/; s/  End Snap:        38/  End Snap:        39/' "$T" >after.txt
cat "$T" after.txt >pair.txt
"$LOBIMPORT" --db=h.db --workload=rac --label=pair pair.txt >out.txt 2>err.txt
check "two windows: exit" "0" "$?"
check "two windows: printed" "pair.txt (snaps 37-38): awr (recognised), 1 session, 244 figures (25 modelled, 219 not modelled): run 1
pair.txt (snaps 38-39): awr (recognised), 1 session, 244 figures (25 modelled, 219 not modelled): run 2" "$(cat out.txt)"
check "two windows: runs" "1|pair, snaps 37-38|1
2|pair, snaps 38-39|1" "$(q "select r.run, r.label, count(s.sid) from runs r join sessions s using (run) group by r.run")"
# Without --block-size: the report's (18c: 16K); the 19c PDB text report
# gives none, so the default, 8k.
"$LOBIMPORT" --db=h.db --workload=rac "$AWR/awr18c_rac_inst1.html" >/dev/null 2>err.txt
check "18c: exit" "0" "$?"
check "block sizes" "1|8192
2|8192
3|16384" "$(q "select run, block_size from sessions order by run")"
# The global report: one run, one session of two instances.
"$LOBIMPORT" --db=h.db --workload=rac "$AWR/awrg12c_rac_global.html" >/dev/null 2>err.txt
check "global: exit" "0" "$?"
check "global: session" "1|8192" "$(q "select count(*), max(block_size) from sessions where run = 4")"
check "global: instances, commits" "2|44" "$(q "select (select value from session_oracle_stats o join sessions s using (sid)
    where s.run = 4 and o.name = 'AWR instances'), (select value from figures where run = 4 and statistic = 'user commits')")"
# A database that is not a cluster (its header: RAC NO) is not the rac
# workload's; the same report as a heap query is recorded.  Before: run 5.
"$LOBIMPORT" --db=h.db --workload=rac "$AWR/awr12c_single.html" >/dev/null 2>err.txt
check "single instance as rac: exit" "2" "$?"
check "single instance as rac: said" "lobimport: $AWR/awr12c_single.html: --workload=rac, but the report is of a database that is not a cluster (RAC: NO): rac is two instances' OLTP; give a cluster's reports" "$(cat err.txt)"
check "single instance as rac: no run" "4" "$(q "select max(run) from runs")"
sed 's/19.0.0.0.0 YES YES/19.0.0.0.0 NO  YES/' "$T" >single.txt
"$LOBIMPORT" --db=h.db --workload=rac single.txt >/dev/null 2>err.txt
check "text, RAC NO, as rac: exit" "2" "$?"
"$LOBIMPORT" --db=h.db --workload=fts "$AWR/awr12c_single.html" >/dev/null 2>err.txt
check "single instance as fts: exit" "0" "$?"
echo "import_awr: $pass passed, $fail failed"
[ $fail -eq 0 ]
