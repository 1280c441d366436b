#!/usr/bin/env bash
# lobreport_page.sh -- build/lobreport's page, rendered by headless Chromium.
#
#   usage: lobreport_page.sh LOBBENCH LOBIMPORT LOBREPORT ARTIFACT_DIR
#
# Records a store with a run of every family and Oracle's measurements:
#
#   Oracle's reference (lobbench loads it) and an imported SQL*Plus file
#   (lobimport --label), then, in commit order,
#   A  LOB insert                      commit c1 "base: ..."
#   B  LOB insert                      commit c2, its dispenser figures doubled
#                                      in the store (the commit changed them)
#   C  LOB insert --param-file         commit c2 too: two runs at one commit
#   D  heap, --rows=2000, 8k and 16k   commit c3, which no repository has
#   E  rac, a sweep of rac.users       commit c3
#
#   F1, F2  scenarios/mech_f_fragment_shrink.sql, twice (lobbench --script)
#   K       tests/import/spool_asktom_2019.sql, with Oracle's spool of it
#           imported (lobimport --script)
#
# and an Oracle measurement of workload scan, which no model run ran (its
# section has no time: it says so in one line, with no heading over nothing).
# Each chart's x axis must be the runs sqlite3 lists for its workload or
# script; each script run's row of figures what sqlite3 reads from the
# store's step_figures after its last step;
# and writes the page into ARTIFACT_DIR/site.  Then checks the page as
# written (the steps labelled with what changed: B's with c2's subject, cut
# at a word, C's with the parameter --param-file changed, not c2's subject;
# the runs at one commit told apart; the heap and rac sections in their
# words and units; zero statistics in a line; Oracle's runs with label and
# file; nothing loaded from elsewhere), and as Chromium lays it out
# (tests/lobreport_dom.js on the rendered DOM: no empty chart or panel, every
# series named in its legend, one x label per run of the chart's workload and
# none of another, no heading without content, every step labelled; and
# each of those checks broken once and seen to fail), then that no console
# message came, and keeps Chromium's screenshot as ARTIFACT_DIR/index.png.
# A page with a deliberate console error must be caught, so that the console
# check is known to work.  chromium, git and sqlite3 are required: a missing
# one fails the test, naming it.
set -u
fail() { echo "FAIL: lobreport_page: $*"; exit 1; }
[ $# -eq 4 ] || fail "expected LOBBENCH LOBIMPORT LOBREPORT ARTIFACT_DIR"
LOBBENCH=$(readlink -f "$1") LOBIMPORT=$(readlink -f "$2") LOBREPORT=$(readlink -f "$3") ART=$4
HERE=$(cd "$(dirname "$0")" && pwd)
[ -x "$LOBBENCH" ] || fail "lobbench not found: $1"
[ -x "$LOBIMPORT" ] || fail "lobimport not found: $2"
[ -x "$LOBREPORT" ] || fail "lobreport not found: $3"
CHROMIUM=$(command -v chromium) || fail "chromium is not installed (scripts/install-deps installs it)"
command -v git >/dev/null || fail "git is not installed (scripts/install-deps installs it)"
command -v sqlite3 >/dev/null || fail "sqlite3 is not installed (scripts/install-deps installs it)"
mkdir -p "$ART" && ART=$(readlink -f "$ART") || fail "cannot make $ART"
rm -rf "$ART/site" "$ART/index.png" "$ART/dom.html" "$ART/chromium.log" "$ART/dom-check.txt"
work=$(mktemp -d "${TMPDIR:-/tmp}/lobreport-page.XXXXXX") || exit 1
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 1
bad=0
check() { # DESCRIPTION CMD...: count a failure when CMD fails
    local what=$1
    shift
    "$@" >/dev/null 2>&1 || { echo "FAIL: $what"; bad=$((bad + 1)); }
}

# ---- the store ----------------------------------------------------------------------
bench() { # the run's id on stdout
    "$LOBBENCH" --db="$work/h.db" --benchmark_min_time=1x "$@" >bench.out 2>&1 ||
        fail "lobbench $* failed: $(tail -n 3 bench.out)"
    sqlite3 h.db "select max(run) from runs where source = 'lobsim'"
}
LOB=(--quiet --sizes=2k,128k --benchmark_repetitions=3)
echo "dsp.chunk_divisor=512 # a fitted value" >fitted.params
A=$(bench "${LOB[@]}")
B=$(bench "${LOB[@]}")
C=$(bench "${LOB[@]}" --param-file=fitted.params)
D=$(bench --quiet --workload=heap --rows=2000 --block-size=8k,16k)
E=$(bench --quiet --workload=rac --block-size=8k --param=rac.transactions=2000 \
    --param=rac.warmup=200 --param=rac.users=40,60)
"$LOBIMPORT" --db="$work/h.db" --label="troubleshooting, SQL*Plus" --path=local --lob-size=8k \
    "$HERE/import/sqlplus_troubleshooting.txt" >import.out 2>&1 ||
    fail "lobimport failed: $(cat import.out)"
# Scripts: the fragmentation scenario twice, AskTOM's 2019 test on the model
# and as Oracle's spool of it (lobimport --script names the same file).
FRAG=$HERE/../scenarios/mech_f_fragment_shrink.sql ASK=$HERE/import/spool_asktom_2019.sql
F1=$(bench --quiet --script="$FRAG")
F2=$(bench --quiet --script="$FRAG")
K=$(bench --quiet --script="$ASK")
"$LOBIMPORT" --db="$work/h.db" --label="AskTOM 2019, spool" --script="$ASK" \
    "$HERE/import/spool_asktom_2019.lst" >import.out 2>&1 ||
    fail "lobimport of the spool failed: $(cat import.out)"
# A workload only Oracle measured: its section has no time.
"$LOBIMPORT" --db="$work/h.db" --label="scan, Oracle only" --workload=scan --path=local \
    --lob-size=8k "$HERE/import/sqlplus_troubleshooting.txt" >import.out 2>&1 ||
    fail "lobimport --workload=scan failed: $(cat import.out)"
[ "$(sqlite3 h.db "select count(*) from runs where source = 'oracle'")" = 4 ] ||
    fail "the store lacks Oracle's reference or the imports"
REF=$(sqlite3 h.db "select run from runs where source = 'oracle' and import_format is null")
IMP=$(sqlite3 h.db "select min(run) from runs where source = 'oracle' and import_format = 'sqlplus'")
SCAN=$(sqlite3 h.db "select max(run) from runs where source = 'oracle' and import_format = 'sqlplus'")
SPOOL=$(sqlite3 h.db "select run from runs where source = 'oracle' and import_format = 'spool'")

# Commits with known subjects and dates, in order; c3 is unknown to git, so
# its runs come after by their start.
git init -q repo || fail "git init"
g() { git -C repo -c user.name=t -c user.email=t@lobsim.invalid "$@"; }
s2="dispenser: chunks of segment/512 <&> and a subject long enough that the chart's label must cut it at a word"
GIT_COMMITTER_DATE="2020-01-01T10:00:00Z" g commit -q --allow-empty -m "base: dispenser chunks of segment/256" &&
    GIT_COMMITTER_DATE="2020-01-02T10:00:00Z" g commit -q --allow-empty -m "$s2" ||
    fail "git commit"
c1=$(g rev-parse HEAD~1) c2=$(g rev-parse HEAD)
c3=0123456789abcdef0123456789abcdef01234567
# B's commit changed the model: its dispenser figures doubled.
sqlite3 h.db "update runs set git_commit = '$c1', git_dirty = 0 where run = $A;
              update runs set git_commit = '$c2', git_dirty = 0 where run in ($B, $C);
              update runs set git_commit = '$c3', git_dirty = 0 where run in ($D, $E);
              update session_stats set value = 2 * value
               where sid in (select sid from sessions where run = $B)
                 and \"statistic#\" = (select \"statistic#\" from v\$statname
                                      where name = 'segment dispenser allocations');" ||
    fail "cannot set the runs' commits"

(cd repo && "$LOBREPORT" --db="$work/h.db" --out="$ART/site") >out.txt 2>err.txt ||
    fail "lobreport failed: $(cat err.txt)"
page=$ART/site/index.html
[ -s "$page" ] || fail "no $page"

# ---- the page as written ------------------------------------------------------------
svg_of() { # ID: that chart's <figure>, one line per tag
    sed -n "/<svg[^>]* id=\"$1\"/,/<\/figure>/p" "$page"
}
section_of() { # ID: that section
    sed -n "/<section class=\"group\" id=\"$1\"/,/<\/section>/p" "$page"
}
has() { grep -qF -- "$2" <<<"$1"; }
hasnt() { ! grep -qF -- "$2" <<<"$1"; }
for id in chart-insert-local-segment-dispenser-allocations chart-insert-dblink-db-block-gets \
    times-insert-local-time-per-statement chart-fts-local-consistent-gets \
    awr-rac-local-transactions-per-minute awr-rac-local-cluster-wait-class-seconds-waited-per-second; do
    check "no chart $id" grep -q "<svg[^>]* id=\"$id\"" "$page"
done
lA="${c1:0:7} r$A" lB="${c2:0:7} r$B" lC="${c2:0:7} r$C" lD="${c3:0:7} r$D" lE="${c3:0:7} r$E"
disp=$(svg_of chart-insert-local-segment-dispenser-allocations)
ticks() { grep -o '<text class="xlabel"[^>]*>[^<]*' <<<"$1" | sed 's/.*>//' | tr '\n' '|'; }
check "x labels: not one per run of insert, commit plus run id: $(ticks "$disp")" \
    test "$(ticks "$disp")" = "Oracle r$REF|Oracle r$IMP|$lA|$lB|$lC|"
# B: the commit's subject, whole in the tooltip, cut at a word on the chart.
full="${c2:0:7} $(sed 's/&/\&amp;/g; s/</\&lt;/g; s/>/\&gt;/g' <<<"$s2")"
check "step at B: not labelled with c2's subject in its tooltip" has "$disp" "<title>$full</title>"
cut=$(grep -F "<title>$full</title>" <<<"$disp" | head -n 1)
cut=${cut%</text>*} cut=${cut##*>}
cut_at_word() { # $cut is $full up to a word's end, then …
    local prefix=${cut%…} rest
    rest=${full#"$prefix"}
    [[ $cut == *… && -n $prefix && $rest != "$full" && $rest =~ ^[\ \,\;:] ]]
}
check "step at B: its label '$cut' is not c2's subject cut at a word with …" cut_at_word
check "step at B: not listed whole under the chart" has "$disp" "<code>$lA</code> → <code>$lB</code>: $full</li>"
# C: --param-file's change, not c2's subject.
check "step at C: not labelled with the parameter --param-file changed" \
    has "$disp" "<title>dsp.chunk_divisor 256 → 512</title>"
check "step at C: not listed with the parameter --param-file changed" \
    has "$disp" "<code>$lB</code> → <code>$lC</code>: dsp.chunk_divisor 256 → 512</li>"
check "a step in the dblink round trips, which no run changed" \
    hasnt "$(svg_of chart-insert-dblink-sql-net-roundtrips-to-from-dblink)" 'class="step"'
check "dispenser chart: no Oracle diamonds" has "$disp" 'class="oracle"'
check "dispenser chart: no legend for 128k" has "$disp" '>128k</text>'
check "times chart without spread" has "$(svg_of times-insert-local-time-per-statement)" 'class="spread"'
# The runs table: Oracle's label and file, the commits, the parameters.
# Each chart's x axis: the runs of its section's workload, as the store
# lists them, and no other.
axes() { # "WORKLOAD<TAB>SVG-ID<TAB>RUN RUN ..." per chart, the runs sorted
    awk 'function flush() { if (id != "") print w "\t" id "\t" runs; id = "" }
         /<section class="(group|script)"/ { flush(); match($0, /data-workload="[^"]*"/); w = substr($0, RSTART + 15, RLENGTH - 16) }
         /<svg[^>]* class="history"/ { flush(); match($0, /id="[^"]*"/); id = substr($0, RSTART + 4, RLENGTH - 5); runs = "" }
         /<text class="xlabel"/ { n = split($0, a, / r|<\//); runs = runs " " a[n - 1] }
         END { flush() }' "$page" |
        while IFS=$'\t' read -r w id rs; do printf '%s\t%s\t%s\n' "$w" "$id" "$(echo $(tr ' ' '\n' <<<"$rs" | sort -n))"; done
}
runs_of() { # WORKLOAD: its runs as the store lists them; "script FILE (digest D)": that script's
    local w=$1 file d
    if [[ $w =~ ^script\ (.*)\ \(digest\ ([0-9a-f]{8})\)$ ]]; then
        file=${BASH_REMATCH[1]} d=${BASH_REMATCH[2]}
        echo $(sqlite3 h.db "select run from runs where script_file = '$file'
                             and substr(script_digest, 1, 8) = '$d' order by run")
    else
        echo $(sqlite3 h.db "select distinct run from sessions where workload = '$w' order by run")
    fi
}
naxes=0 nscript=0
while IFS=$'\t' read -r w id rs; do
    naxes=$((naxes + 1))
    [[ $w == script* ]] && nscript=$((nscript + 1))
    want=$(runs_of "$w")
    [ "$rs" = "$want" ] || { echo "FAIL: $id: x axis runs '$rs', $w's runs in the store '$want'"; bad=$((bad + 1)); }
done < <(axes)
[ "$naxes" -ge 60 ] || { echo "FAIL: only $naxes x axes read"; bad=$((bad + 1)); }
[ "$nscript" -ge 3 ] || { echo "FAIL: only $nscript script charts"; bad=$((bad + 1)); }
# No heading without content; a section without times says why in one line.
scan=$(section_of scan-local)
check "scan (Oracle only): a Time heading over no chart" hasnt "$scan" '<h3>Time'
check "scan (Oracle only): no line saying it has no times" has "$scan" '<p class="untimed">No time per statement'
check "scan (Oracle only): no statistics drawn" has "$scan" 'id="chart-scan-local-'
empty=$(awk '/<h3>/ { if (h != "") print h; h = $0; next } /<(figure|p|table|ul)[ >]/ { h = "" } /<\/section>|<h2/ { if (h != "") print h; h = "" }' "$page")
check "headings with nothing under them: $(head -c 300 <<<"$empty")" test -z "$empty"
# The scripts: a section each, its figures those the store holds after each
# run's last step with the segment's figures, read here with sqlite3.
nsec=$(grep -c '<section class="script"' "$page")
want=$(sqlite3 h.db "select count(distinct script_file || script_digest) from runs where script_digest is not null")
check "script sections: $nsec, scripts in the store: $want" test "$nsec" = "$want"
fig() { # RUN SEGMENT STATISTIC: its value after the run's last step with dbms_space or user_segments figures
    sqlite3 h.db "select value from step_figures where run = $1 and coalesce(segment_name, table_name) = '$2' and statistic = '$3'
                  and step = (select max(step) from step_figures where run = $1
                              and statistic in ('dbms_space.used_blocks', 'user_segments.blocks'))"
}
script_row() { # RUN: its row in its script's table of figures, one cell a line
    grep -F "<tr data-run=\"$1\"><td class=\"label\">" "$page" | grep -F 'class="step"' |
        sed 's/<\/td>/\n/g' | sed 's/<[^>]*>//g; /^$/d'
}
for r in $F1 $F2 $K $SPOOL; do
    # the LOB segment the page shows (a spool's rows: its table's segments together)
    t=$(sqlite3 h.db "select distinct coalesce(segment_name, table_name) from step_figures where run = $r
                      and table_name is not null and segment_name is not table_name limit 1")
    cells=$(script_row "$r" | tr '\n' '|')
    lobs=$(fig "$r" "$t" 'lobsim.lobs out of row') chunks=$(fig "$r" "$t" 'lobsim.lob chunks')
    ratio=-
    [ -n "$lobs" ] && [ -n "$chunks" ] && [ "$lobs" -gt 0 ] && ratio=$(awk "BEGIN { printf \"%.2f\", $chunks / $lobs }")
    vals=""
    for st in dbms_space.used_blocks dbms_space.expired_blocks dbms_space.unexpired_blocks user_segments.blocks; do
        v=$(fig "$r" "$t" "$st")
        vals="$vals${v:--}|"
    done
    step=$(sqlite3 h.db "select max(step) from step_figures where run = $r and statistic in ('dbms_space.used_blocks', 'user_segments.blocks')")
    exp="r$r|$step|$t|$vals${lobs:--}|${chunks:--}|$ratio|"
    check "script run $r: its row '$cells' is not the store's '$exp'" bash -c '[[ "$1" == *"$2" ]]' _ "$cells" "$exp"
done
# AskTOM's spool: Oracle's 10,000 used and 2,162 expired blocks after the commit (step 3).
check "the spool's row: not Oracle's 10000 used, 2162 expired after step 3" \
    bash -c '[[ "$1" == *"|3|T1|10000|2162|"* ]]' _ "$(script_row "$SPOOL" | tr '\n' '|')"
ask=$(sed -n '/<section class="script"[^>]*spool_asktom_2019/,/<\/section>/p' "$page")
check "AskTOM's section: no Oracle diamond" has "$ask" 'class="oracle"'
check "AskTOM's section: no table of steps" has "$ask" '<table class="script-steps">'
frag=$(sed -n '/<section class="script"[^>]*mech_f_fragment_shrink/,/<\/section>/p' "$page")
nfs=$(sqlite3 h.db "select count(*) from sessions where run = $F2 and table_name is not null
                    and segment_name is not table_name")
check "fragmentation: its steps table has not the $nfs sessions of run $F2" \
    test "$(grep -c '<td class="statement">' <<<"$frag")" = "$nfs"
row() { grep -o "<tr data-run=\"$1\">.*</tr>" "$page"; }
check "the import's row lacks its label" has "$(row "$IMP")" 'troubleshooting, SQL*Plus'
check "the import's row lacks its file" has "$(row "$IMP")" '>sqlplus_troubleshooting.txt</code>'
check "the reference's row lacks its file" has "$(row "$REF")" '>oracle_lob_insert.csv</code>'
check "C's row does not say what --param-file changed" \
    has "$(row "$C")" "dsp.chunk_divisor 256 → 512 (against <code>$lB</code>)"
check "E's row does not say what it swept" has "$(row "$E")" "<b>sweep</b>: rac.users 40, 60"
check "D's row lacks 'commit not in this repository'" has "$(row "$D")" "(commit not in this repository)"
check "the table has a '#' column beside the run" hasnt "$(cat "$page")" '<th>#</th>'
order=$(sed -n '/<table class="runs">/,/<\/table>/p' "$page" | grep -o '<tr data-run="[0-9]*"' | grep -o '[0-9]*' | tr '\n' ' ')
check "runs out of commit order: $order" test "$order" = "$REF $IMP $SPOOL $SCAN $A $B $C $D $E $F1 $F2 $K "
# Heap and rac in their words: a series per block size, every one named.
fts=$(section_of fts-local)
check "fts: no series named '8k blocks'" has "$fts" 'data-name="8k blocks"'
check "fts: no series named '16k blocks'" has "$fts" 'data-name="16k blocks"'
check "fts: a series named by LOB size or rows" bash -c "! grep -qE 'data-name=\"[^\"]*(2k|rows|blk)' \"\$1\"" _ <(printf '%s' "$fts")
zeros=$(grep -F '<p class="zeros">Zero in every run (' <<<"$fts")
check "fts: no line of the statistics zero in every run" test -n "$zeros"
check "fts: 'securefile allocation chunks' (zero) not in that line" has "$zeros" 'securefile allocation chunks'
check "fts: a chart of 'securefile allocation chunks' (zero)" \
    hasnt "$fts" 'id="chart-fts-local-securefile-allocation-chunks"'
rac=$(section_of rac-local)
check "rac: no series '8k blocks rac.users=40'" has "$rac" 'data-name="8k blocks rac.users=40"'
check "rac: no series '8k blocks rac.users=60'" has "$rac" 'data-name="8k blocks rac.users=60"'
check "rac: the session statistics are not folded under the AWR figures" has "$rac" '<details><summary>'
check "no calibration plot" grep -q '<figure class="calibration-plot"><svg' "$page"
calib=$(sed -n '/<figure class="calibration-plot">/,/<\/figure>/p' "$page")
npanel=$(grep -o 'class="panel-title"' <<<"$calib" | wc -l)
nunit=$(grep -o 'class="yunit"' <<<"$calib" | wc -l)
[ "$npanel" -gt 0 ] && [ "$nunit" = "$npanel" ] ||
    { echo "FAIL: calibration plot: $nunit value axes with a unit of $npanel panels"; bad=$((bad + 1)); }
check "no calibration report" grep -q '<pre class="calibration-report">lobdiff: calibration of run' "$page"
check "the page loads something from elsewhere" bash -c "! grep -qiE '(src|href)=|url\\(|<script|<link' '$page'"
nsvg=$(grep -c '<svg' "$page")
[ "$nsvg" -ge 60 ] || { echo "FAIL: only $nsvg charts on the page"; bad=$((bad + 1)); }

# ---- the page as Chromium lays it out ----------------------------------------------
chrome() { # LOG ARGS...: headless, offline, console messages into LOG
    local log=$1
    shift
    timeout 300 "$CHROMIUM" --headless --no-sandbox --disable-gpu --no-first-run \
        --disable-extensions --disable-background-networking --user-data-dir="$work/profile" \
        --enable-logging=stderr --log-level=0 "$@" 2>>"$log"
}
# One load of the page for the DOM, the console and the screenshot.
chrome "$ART/chromium.log" --window-size=1300,2600 --hide-scrollbars --screenshot="$ART/index.png" \
    --dump-dom "file://$page" >"$ART/dom.html" ||
    fail "chromium --dump-dom --screenshot failed: $(tail -n 5 "$ART/chromium.log")"
ndom=$(grep -o '<svg' "$ART/dom.html" | wc -l)
[ "$ndom" -eq "$nsvg" ] || { echo "FAIL: Chromium's DOM has $ndom charts, the page $nsvg"; bad=$((bad + 1)); }
if grep -q ':CONSOLE' "$ART/chromium.log"; then
    echo "FAIL: console messages: $(grep ':CONSOLE' "$ART/chromium.log" | head -n 3)"
    bad=$((bad + 1))
fi
size=$(stat -c %s "$ART/index.png" 2>/dev/null || echo 0)
[ "$size" -gt 50000 ] || { echo "FAIL: screenshot $ART/index.png is $size bytes: blank?"; bad=$((bad + 1)); }

# The DOM check: a copy of the page with lobreport_dom.js at the end of its
# body, beside it so that file:// loads it.
cp "$HERE/lobreport_dom.js" "$ART/site/" || fail "cannot copy lobreport_dom.js"
sed 's|</body></html>|<script src="lobreport_dom.js"></script></body></html>|' "$page" >"$ART/site/check.html"
grep -q 'lobreport_dom.js' "$ART/site/check.html" || fail "the page does not end in </body></html>"
chrome check.log --dump-dom "file://$ART/site/check.html" >check-dom.html ||
    fail "chromium --dump-dom (the DOM check) failed: $(tail -n 5 check.log)"
sed -n '/<pre id="dom-check">/,/<\/pre>/p' check-dom.html | sed 's/<[^>]*>//g; s/&amp;/\&/g; s/&lt;/</g; s/&gt;/>/g; s/&#39;/'"'"'/g' \
    >"$ART/dom-check.txt"
rm -f "$ART/site/check.html" "$ART/site/lobreport_dom.js"
grep -q '^checked: ' "$ART/dom-check.txt" ||
    { echo "FAIL: the DOM check did not run: $(grep ':CONSOLE' check.log | head -n 3)"; bad=$((bad + 1)); }
if grep -q '^FAIL' "$ART/dom-check.txt"; then
    grep '^FAIL' "$ART/dom-check.txt" | head -n 20
    bad=$((bad + 1))
fi

# The console check itself: a page with a deliberate error must be caught.
printf '<!DOCTYPE html><p>x</p><script>console.error("deliberate")</script>\n' >broken.html
chrome broken.log --dump-dom "file://$work/broken.html" >/dev/null
grep -q ':CONSOLE.*deliberate' broken.log || { echo "FAIL: a console error went unseen"; bad=$((bad + 1)); }

[ $bad -eq 0 ] || exit 1
echo "lobreport_page: $nsvg charts; $(grep '^checked: ' "$ART/dom-check.txt"); rendered by" \
    "$("$CHROMIUM" --version 2>/dev/null | head -n 1); screenshot $ART/index.png"
