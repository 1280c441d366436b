#!/usr/bin/env bash
# profile_flamegraph.sh -- lobbench --profile-out's folded stacks of a
# remote 64k insert, drawn by Brendan Gregg's flamegraph.pl and rendered by
# rsvg-convert (issue 30, item 3: "renders in flamegraph.pl").
#
#   usage: profile_flamegraph.sh LOBBENCH ARTIFACT_DIR
#
# flamegraph.pl is the one Debian ships with Devel::NYTProf
# (libdevel-nytprof-perl, /usr/share/perl5/Devel/NYTProf/flamegraph.pl), or
# one on PATH.  Checks, from the SVG it draws: the root frame's count is the
# sum of the file's counts; each statistic's frames (a statistic is always a
# leaf) add up to its stacks' counts, so no line was misread or dropped;
# every frame of the file is drawn (--minwidth=0); and rsvg-convert renders
# the SVG.  Keeps ARTIFACT_DIR/flamegraph.svg and .png.  A missing
# flamegraph.pl, perl or rsvg-convert fails the test, naming it.
set -u
LOBBENCH=$1
ART=$2
fail() {
    echo "FAIL: $*"
    exit 1
}
FG=$(command -v flamegraph.pl || echo /usr/share/perl5/Devel/NYTProf/flamegraph.pl)
[ -r "$FG" ] || fail "flamegraph.pl is not installed (scripts/install-deps installs libdevel-nytprof-perl)"
command -v perl >/dev/null || fail "perl is not installed"
command -v rsvg-convert >/dev/null || fail "rsvg-convert is not installed (librsvg2-bin)"
mkdir -p "$ART" || fail "cannot make $ART"
FOLDED=$ART/flamegraph.folded
SVG=$ART/flamegraph.svg
rm -f "$FOLDED" "$SVG" "$ART/flamegraph.png"

"$LOBBENCH" --no-db --quiet --sizes=64k --path=dblink --profile-out="$FOLDED" \
    --benchmark_min_time=1x >/dev/null 2>"$ART/lobbench.log" ||
    fail "lobbench exited $?: $(tail -n 3 "$ART/lobbench.log")"
[ -s "$FOLDED" ] || fail "lobbench wrote no stacks"
perl "$FG" --title="lobsim: remote 64k insert, operations by Oracle layer" \
    --countname=operations --nametype=Frame: --minwidth=0 "$FOLDED" >"$SVG" 2>"$ART/flamegraph.log" ||
    fail "flamegraph.pl exited $?: $(tail -n 3 "$ART/flamegraph.log")"

python3 - "$FOLDED" "$SVG" <<'EOF' || exit 1
import html, re, sys
import xml.etree.ElementTree as ET

folded, svg = sys.argv[1], sys.argv[2]
fails = []
total, by_stat, frames = 0, {}, set()
for line in open(folded, encoding="utf-8"):
    stack, count = line.rstrip("\n").rsplit(" ", 1)
    parts = stack.split(";")
    n = float(count)  # as a number, however printed: flamegraph.pl must agree
    total += n
    by_stat[parts[-1]] = by_stat.get(parts[-1], 0) + n
    frames.update(parts)
text = open(svg, encoding="utf-8").read()
try:
    ET.fromstring(text)
except ET.ParseError as e:
    sys.exit(f"FAIL: the SVG is not well-formed XML: {e}")
drawn = {}
for t in re.findall(r"<title>(.*?)</title>", text):
    m = re.match(r"^(.*) \(([\d,]+) operations, [\d.]+%\)$", html.unescape(t))
    if m:
        drawn.setdefault(m.group(1), []).append(int(m.group(2).replace(",", "")))
if drawn.get("all") != [total]:
    fails.append(f"the root frame counts {drawn.get('all')}, the file's counts sum to {total}")
for stat, n in sorted(by_stat.items()):
    if sum(drawn.get(stat, [])) != n:
        fails.append(f"'{stat}': drawn {sum(drawn.get(stat, []))}, its stacks sum to {n}")
for fr in sorted(frames - set(drawn)):
    fails.append(f"frame '{fr}' is not drawn")
for f in fails:
    print("FAIL:", f)
print(f"profile_flamegraph: {len(frames)} frames, {len(by_stat)} statistics, "
      f"{total:.0f} operations drawn; {len(fails)} failed")
sys.exit(1 if fails else 0)
EOF
rsvg-convert -o "$ART/flamegraph.png" "$SVG" 2>"$ART/rsvg.log" ||
    fail "rsvg-convert exited $?: $(tail -n 3 "$ART/rsvg.log")"
[ -s "$ART/flamegraph.png" ] || fail "rsvg-convert wrote an empty picture"
echo "profile_flamegraph: drawn and rendered: $ART/flamegraph.png"
