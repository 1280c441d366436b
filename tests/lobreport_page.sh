#!/usr/bin/env bash
# lobreport_page.sh -- build/lobreport's page, rendered by headless Chromium.
#
#   usage: lobreport_page.sh LOBBENCH LOBREPORT ARTIFACT_DIR
#
# Records a store with three model runs and Oracle's reference, and gives
# them commits: the first run (dsp.chunk_divisor 512) the later commit of a
# throwaway git repository, the second (the default, 256) the earlier one,
# the third (256) a commit no repository has.  In commit order that is a step
# up at the second commit and a step down at the unknown one, and writes the page
# into ARTIFACT_DIR/site.  Then checks the page as written (the charts by id,
# Oracle's diamonds, the steps labelled with commit and subject, the hash
# alone for the unknown commit, the times' spread, the calibration, nothing
# loaded from elsewhere) and as Chromium renders it (every chart in the DOM,
# no console message), and keeps Chromium's screenshot as
# ARTIFACT_DIR/index.png.  A page with a deliberate console error must be
# caught, so that the console check is known to work.  chromium, git and
# sqlite3 are required: a missing one fails the test, naming it.
set -u
fail() { echo "FAIL: lobreport_page: $*"; exit 1; }
[ $# -eq 3 ] || fail "expected LOBBENCH LOBREPORT ARTIFACT_DIR"
LOBBENCH=$(readlink -f "$1") LOBREPORT=$(readlink -f "$2") ART=$3
[ -x "$LOBBENCH" ] || fail "lobbench not found: $1"
[ -x "$LOBREPORT" ] || fail "lobreport not found: $2"
CHROMIUM=$(command -v chromium) || fail "chromium is not installed (scripts/install-deps installs it)"
command -v git >/dev/null || fail "git is not installed (scripts/install-deps installs it)"
command -v sqlite3 >/dev/null || fail "sqlite3 is not installed (scripts/install-deps installs it)"
mkdir -p "$ART" && ART=$(readlink -f "$ART") || fail "cannot make $ART"
rm -rf "$ART/site" "$ART/index.png" "$ART/dom.html" "$ART/chromium.log"
work=$(mktemp -d "${TMPDIR:-/tmp}/lobreport-page.XXXXXX") || exit 1
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 1
bad=0
check() { # DESCRIPTION CMD...: count a failure when CMD fails
    local what=$1
    shift
    "$@" >/dev/null 2>&1 || { echo "FAIL: $what"; bad=$((bad + 1)); }
}

# ---- the store: three model runs and the reference -------------------------------
RUN=(--db="$work/h.db" --quiet --sizes=2k,128k --benchmark_min_time=1x --benchmark_repetitions=3)
"$LOBBENCH" "${RUN[@]}" --param=dsp.chunk_divisor=512 >/dev/null 2>&1 || fail "lobbench (run 1) failed"
"$LOBBENCH" "${RUN[@]}" >/dev/null 2>&1 || fail "lobbench (run 2) failed"
"$LOBBENCH" "${RUN[@]}" >/dev/null 2>&1 || fail "lobbench (run 3) failed"
mapfile -t runs < <(sqlite3 h.db "select run from runs where source = 'lobsim' order by run")
[ ${#runs[@]} -eq 3 ] || fail "expected 3 model runs, got ${#runs[@]}"
[ "$(sqlite3 h.db "select count(*) from runs where source = 'oracle'")" = 1 ] ||
    fail "the store has no Oracle reference run"

# Commits with known subjects and dates, in order; the third run's is unknown.
git init -q repo || fail "git init"
g() { git -C repo -c user.name=t -c user.email=t@lobsim.invalid "$@"; }
GIT_COMMITTER_DATE="2026-01-01T10:00:00Z" g commit -q --allow-empty -m "base: dispenser chunks of segment/256" &&
    GIT_COMMITTER_DATE="2026-01-02T10:00:00Z" g commit -q --allow-empty -m "dispenser: chunks of segment/512 <&>" ||
    fail "git commit"
c1=$(g rev-parse HEAD~1) c2=$(g rev-parse HEAD)
c3=0123456789abcdef0123456789abcdef01234567
# Recorded in another order than committed: the page must follow the commits.
sqlite3 h.db "update runs set git_commit = '$c2' where run = ${runs[0]};
              update runs set git_commit = '$c1' where run = ${runs[1]};
              update runs set git_commit = '$c3' where run = ${runs[2]};" ||
    fail "cannot set the runs' commits"

(cd repo && "$LOBREPORT" --db="$work/h.db" --out="$ART/site") >out.txt 2>err.txt ||
    fail "lobreport failed: $(cat err.txt)"
page=$ART/site/index.html
[ -s "$page" ] || fail "no $page"

# ---- the page as written ------------------------------------------------------------
svg_of() { # ID: that chart's <svg> element, one line per tag
    sed -n "/<svg[^>]* id=\"$1\"/,/<\/svg>/p" "$page"
}
for id in chart-insert-local-segment-dispenser-allocations chart-insert-dblink-db-block-gets \
    chart-insert-local-securefile-allocation-chunks times-insert-local-time-per-statement \
    times-insert-dblink-time-per-statement; do
    check "no chart $id" grep -q "<svg[^>]* id=\"$id\"" "$page"
done
disp=$(svg_of chart-insert-local-segment-dispenser-allocations)
check "dispenser chart: no step labelled with commit and subject" \
    grep -qF "${c2:0:10} dispenser: chunks of segment/512 &lt;&amp;&gt;" <<<"$disp"
check "dispenser chart: no step at the unknown commit, labelled by hash alone" \
    grep -qE "<text[^>]*>${c3:0:10}</text>" <<<"$disp"
check "dispenser chart: the model's run 1 is a step" bash -c "! grep -qF '${c1:0:10} base' <<<'$disp'"
check "dispenser chart: no Oracle diamonds" grep -q 'class="oracle"' <<<"$disp"
check "dispenser chart: no legend for 128k" grep -q '>128k</text>' <<<"$disp"
check "no list entry for the unknown commit" grep -qF "<code>$c3</code> (commit not in this repository)" "$page"
check "runs out of commit order" bash -c "grep -o '<code>[0-9a-f]\{40\}</code>' '$page' | head -n 3 | tr -d '\n' |
    grep -qF '<code>$c1</code><code>$c2</code><code>$c3</code>'"
check "a step in the dblink round trips, which no run changed" \
    bash -c "! sed -n '/id=\"chart-insert-dblink-sql-net-roundtrips-to-from-dblink\"/,/<\/figure>/p' '$page' | grep -q 'class=\"step\"'"
check "times chart without spread" bash -c "svg_of() { sed -n \"/<svg[^>]* id=\\\"\$1\\\"/,/<\\/svg>/p\" '$page'; }; svg_of times-insert-local-time-per-statement | grep -q 'class=\"spread\"'"
check "no calibration plot" grep -q '<figure class="calibration-plot"><svg' "$page"
check "no calibration report" grep -q '<pre class="calibration-report">lobdiff: calibration of run' "$page"
check "the page loads something from elsewhere" bash -c "! grep -qiE '(src|href)=|url\\(|<script|<link' '$page'"
nsvg=$(grep -c '<svg' "$page")
[ "$nsvg" -ge 30 ] || { echo "FAIL: only $nsvg charts on the page"; bad=$((bad + 1)); }

# ---- the page as Chromium renders it -----------------------------------------------
chrome() { # LOG ARGS...: headless, offline, console messages into LOG
    local log=$1
    shift
    timeout 120 "$CHROMIUM" --headless --no-sandbox --disable-gpu --no-first-run \
        --disable-extensions --disable-background-networking --user-data-dir="$work/profile" \
        --enable-logging=stderr --log-level=0 "$@" 2>>"$log"
}
# One load of the page for the DOM, the console and the screenshot.
chrome "$ART/chromium.log" --window-size=1300,2600 --hide-scrollbars --screenshot="$ART/index.png" \
    --dump-dom "file://$page" >"$ART/dom.html" ||
    fail "chromium --dump-dom --screenshot failed: $(tail -n 5 "$ART/chromium.log")"
ndom=$(grep -o '<svg' "$ART/dom.html" | wc -l)
[ "$ndom" -eq "$nsvg" ] || { echo "FAIL: Chromium's DOM has $ndom charts, the page $nsvg"; bad=$((bad + 1)); }
check "the rendered DOM lacks the dispenser chart" grep -q 'id="chart-insert-local-segment-dispenser-allocations"' "$ART/dom.html"
check "the rendered DOM lacks the step label" grep -qF "dispenser: chunks of segment/512" "$ART/dom.html"
if grep -q ':CONSOLE' "$ART/chromium.log"; then
    echo "FAIL: console messages: $(grep ':CONSOLE' "$ART/chromium.log" | head -n 3)"
    bad=$((bad + 1))
fi
size=$(stat -c %s "$ART/index.png" 2>/dev/null || echo 0)
[ "$size" -gt 50000 ] || { echo "FAIL: screenshot $ART/index.png is $size bytes: blank?"; bad=$((bad + 1)); }

# The console check itself: a page with a deliberate error must be caught.
printf '<!DOCTYPE html><p>x</p><script>console.error("deliberate")</script>\n' >broken.html
chrome broken.log --dump-dom "file://$work/broken.html" >/dev/null
grep -q ':CONSOLE.*deliberate' broken.log || { echo "FAIL: a console error went unseen"; bad=$((bad + 1)); }

[ $bad -eq 0 ] || exit 1
echo "lobreport_page: $nsvg charts, rendered by $("$CHROMIUM" --version 2>/dev/null | head -n 1); screenshot $ART/index.png"
