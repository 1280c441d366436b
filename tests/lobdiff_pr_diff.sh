#!/usr/bin/env bash
# scripts/pr-diff end to end, in a throwaway clone of the source tree (its
# working tree copied over, so that uncommitted work is what is tested), and
# scripts/pr-comment on what it says, against the GitHub stand-in:
#   - a head that alters no figure but runs slower (a stand-in, switched
#     on in the head: every local case does the model's work five times,
#     every dblink case only in the head's rounds 1 to 3 of 14, a slowdown
#     during part of the run): exit 4,
#     no figure changed, local slower, dblink unchanged, the instruction
#     counts (callgrind) of local grown and of dblink the same; pr-comment
#     puts the slowdown in its own section and exits 4, without failing the
#     figures or asking for the label.  PR_DIFF_BASE_CACHE holds another
#     commit's build (a decoy that would fail loudly): it is not used, and
#     is refilled with the base's build;
#   - an allocator change left uncommitted (dsp chunk_divisor 256 -> 512),
#     against HEAD~1: the base comes from the cache, built nowhere; the
#     head is the working tree, not HEAD; `segment dispenser allocations`
#     changed, exit 1; no rounds (PR_DIFF_ROUNDS=0);
#   - a change that alters no figure (a comment) while two `yes` processes
#     load both cores: exit 0, no figure changed, no significant time
#     change, and pr-comment passes the check without a comment;
#   - an unknown revision: exit 2, one line naming it, nothing on stdout;
#   - nothing is left behind (worktrees, temporary files), also after SIGTERM.
# Kept cheap: four trees built (HEAD~1, HEAD, the working tree twice), each
# as a Debug build (PR_DIFF_BUILD_TYPE: the figures are the same, the
# compiler faster); one LOB size of 1000 rows; 14 rounds, one run each.
# Three comparisons here have no change to find: at pr-diff's alpha of
# 0.05 one make test in a few dozen would see a false alarm, so the rounds
# are tested at 0.005 (0.0025 a case; beyond the threshold in both halves
# too).  Not lower: on a machine loaded by other tests (load 10 to 18) two
# of 14 rounds once came out reversed, p 6.1e-04 for a model five times
# slower, which 0.001 (0.0005 a case) called unchanged.
# shellcheck disable=SC2015,SC2016 # `a && ok || bad`; backquotes are Markdown
set -u
# Every part runs: a missing tool or a source that is not a git work tree
# fails the test, with one line saying which.
SRC=${1:?usage: lobdiff_pr_diff.sh SOURCE_DIR}
missing() { echo "FAIL: lobdiff_pr_diff: $*"; exit 1; }
for tool in git python3 valgrind yes; do
    command -v $tool >/dev/null || missing "$tool is not installed (scripts/install-deps installs it)"
done
[ "$(git -C "$SRC" rev-parse --is-inside-work-tree 2>/dev/null)" = true ] ||
    missing "$SRC is not a git work tree"
[ -x "$SRC/scripts/pr-diff" ] || missing "scripts/pr-diff not found or not executable in $SRC"
work=$(mktemp -d)
hogs=()
stop_hogs() {
    [ ${#hogs[@]} -gt 0 ] || return 0
    kill "${hogs[@]}" 2>/dev/null
    wait "${hogs[@]}" 2>/dev/null
    hogs=()
}
trap 'stop_hogs; rm -rf "$work"' EXIT
pass=0 fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*"; }

# The clone, with the source's working tree on top (deleted files deleted).
repo=$work/repo
git clone -q "$SRC" "$repo" || { echo "FAIL: cannot clone $SRC"; exit 1; }
while IFS= read -r -d '' f; do
    if [ -f "$SRC/$f" ]; then
        printf '%s\0' "$f"
    else
        rm -f "$repo/$f"
    fi
done < <(cd "$SRC" && git ls-files -z --cached --others --exclude-standard) >"$work/present"
tar -C "$SRC" --null -T "$work/present" -cf - | tar -C "$repo" -xf - ||
    { echo "FAIL: cannot copy the working tree of $SRC"; exit 1; }
cd "$repo" || exit 1
git() { command git -c user.name=lobsim-test -c user.email=test@lobsim.invalid "$@"; }
# The stand-in.  workload_run_stats() -- the model's work for a case, which
# every iteration of lobbench's benchmarks calls -- renamed, and a new one
# that calls it once, or five times when the case is to be slow: in the
# head only (standin_is_head), always for local, for dblink when pr-diff's
# PR_DIFF_ROUND is one of STANDIN_DBLINK_ROUNDS.  The figures are those of
# the first call.  Base and head both carry the stand-in's code and differ
# in that one variable, so that their machine code is laid out alike: with
# the stand-in in the head alone, dblink (the same instructions, counted by
# callgrind) ran 14 % slower in the head's Debug build, by code placement
# alone, and pr-diff rightly called it slower (docs/pr-check.md, "What the
# rounds cannot tell apart").
wl=workload/workload.c
sed -i 's/^sim_err_t workload_run_stats(const case_t \*c, sim_stats_t \*out)$/static sim_err_t standin_run_stats(const case_t *c, sim_stats_t *out)/' $wl
grep -q '^static sim_err_t standin_run_stats' $wl || { echo "FAIL: no workload_run_stats() in $wl to wrap"; exit 1; }
cat >>$wl <<'EOF'

/* tests/lobdiff_pr_diff.sh's stand-in: in the head, a slower model with
 * the same figures; in the base, the same code doing nothing more. */
#include <stdlib.h>

int standin_is_head = 0;

static int standin_slow(const case_t *c)
{
    const char *round = getenv("PR_DIFF_ROUND"), *rounds = getenv("STANDIN_DBLINK_ROUNDS");
    char r[32], list[256];
    if (!standin_is_head)
        return 0;
    if (c->path == CASE_PATH_LOCAL)
        return 1;
    if (!round || !rounds)
        return 0;
    snprintf(r, sizeof r, " %s ", round);
    snprintf(list, sizeof list, " %s ", rounds);
    return strstr(list, r) != NULL;
}

sim_err_t workload_run_stats(const case_t *c, sim_stats_t *out)
{
    sim_err_t rc = standin_run_stats(c, out);
    for (int i = 0; rc == SIM_OK && i < 4 && standin_slow(c); i++) {
        sim_stats_t again;
        rc = standin_run_stats(c, &again);
    }
    return rc;
}
EOF
git add -A && git commit -qm "base: the source tree as it is, with the stand-in switched off" || exit 1
sed -i 's/^int standin_is_head = 0;$/int standin_is_head = 1;/' $wl
grep -q '^int standin_is_head = 1;$' $wl || { echo "FAIL: the stand-in was not switched on in $wl"; exit 1; }
git commit -qam "head: the stand-in switched on, a slower model with the same figures" || exit 1

export PR_DIFF_LOBBENCH_ARGS="--sizes=2k --rows=1000"
export PR_DIFF_ROUNDS=14
export PR_DIFF_ROUND_ARGS="--benchmark_min_time=0.01s --benchmark_repetitions=1"
export PR_DIFF_TIME_ARGS="--alpha=0.005"
export PR_DIFF_BUILD_TYPE=Debug
export TMPDIR=$work/tmp
mkdir -p "$TMPDIR"
PR_DIFF=$SRC/scripts/pr-diff

left_behind() { # what pr-diff must not leave
    local n
    n=$(git worktree list | wc -l)
    [ "$n" -eq 1 ] || echo "$n worktrees"
    [ -z "$(ls -A "$TMPDIR")" ] || echo "files in TMPDIR: $(ls -A "$TMPDIR")"
}
# The cells of the row of a case (`NAME`) in the Markdown's times or
# instructions table ("#### times..." or "#### instructions..."), |-separated.
cells() { # FILE SECTION NAME
    awk -v sec="#### $2" -v want="| \`$3\` |" '
        /^#### / { in_sec = index($0, sec) == 1 }
        in_sec && index($0, want) == 1 { print; exit }' "$1"
}
verdict() { cells "$1" times "$2" | awk -F'|' '{ gsub(/ /, "", $(NF-1)); print $(NF-1) }'; }
# pr-comment on FILE (pr-diff's Markdown, exit status STATUS) against a
# fresh GitHub stand-in: prints its exit status and the comments it left,
# the bodies in FILE.comment.
comment() { # STATUS FILE
    python3 - "$SRC" "$1" "$2" <<'EOF'
import os, subprocess, sys
src, status, diff = sys.argv[1:]
sys.path.insert(0, os.path.join(src, "tests"))
from github_standin import StandIn
s = StandIn().start()
try:
    env = {k: v for k, v in os.environ.items() if not k.startswith("GITHUB_")}
    env.update(GITHUB_API_URL=s.url, GITHUB_REPOSITORY=s.repo, GITHUB_TOKEN=s.token,
               PR_NUMBER="7", PR_COMMENT_TIMEOUT="10")
    r = subprocess.run([os.path.join(src, "scripts", "pr-comment"), "--diff=" + diff,
                        "--status=" + status, "--summary=" + diff + ".summary"],
                       env=env, timeout=120, capture_output=True, text=True)
    bodies = [c["body"] for c in s.comments.get(7, [])]
    with open(diff + ".comment", "w", encoding="utf-8") as f:
        f.write("\n".join(bodies))
    print(f"exit {r.returncode}, {len(bodies)} comments {(r.stdout + r.stderr).strip()}")
finally:
    s.stop()
EOF
}

# ---- 1: slower, figures the same ----------------------------------------------
# Two commits.  The cache holds a build of another commit (HEAD), of the
# same build type: a decoy that marks its use and fails.
export PR_DIFF_BASE_CACHE=$work/base-cache
mkdir -p "$PR_DIFF_BASE_CACHE"
for p in lobbench lobdiff; do
    printf '#!/bin/sh\ntouch "%s"\nexit 3\n' "$work/decoy-used" >"$PR_DIFF_BASE_CACHE/$p"
    chmod +x "$PR_DIFF_BASE_CACHE/$p"
done
git rev-parse HEAD >"$PR_DIFF_BASE_CACHE/commit"
echo "$PR_DIFF_BUILD_TYPE" >"$PR_DIFF_BASE_CACHE/build_type"
STANDIN_DBLINK_ROUNDS="1 2 3" PR_DIFF_INSTRUCTIONS=callgrind "$PR_DIFF" HEAD~1 HEAD >out.md 2>err.txt
rc=$?
[ $rc -eq 4 ] && ok || bad "stand-in: exit $rc, want 4 (slower, no figure changed); stderr: $(tail -n 30 err.txt); out: $(cat out.md)"
head -n 1 out.md | grep -q '^\*\*lobdiff\*\* run [0-9]* → run [0-9]*: no statistic changed in 2 cases; no case added or removed; times over 14 interleaved rounds: 1 slower, 0 faster, 1 unchanged\.$' &&
    ok || bad "stand-in: summary line: $(head -n 1 out.md)"
[ "$(verdict out.md local)" = slower ] && ok || bad "stand-in: local not slower: $(cells out.md times local)"
[ "$(verdict out.md dblink)" = unchanged ] && ok ||
    bad "stand-in: dblink, slow in 3 rounds of 14, called $(verdict out.md dblink): $(cells out.md times dblink)"
# (dblink's count grows too, by the stand-in's own getenv()s: a few
# instructions in some 800,000 since issue 32's speed work (17 million
# before), +0.0 %, under the 0.1 % threshold: not a change.  The floor of
# 100,000 below only says that callgrind counted the model's work at all.)
grep -q '^\*\*instructions: 1 of 2 cases changed; the largest change +[0-9]* (+[0-9.]*%) in `local`\*\*\.$' out.md && ok ||
    bad "stand-in: instructions: $(grep -n instructions out.md)"
# Five runs of the model's work for one: the head counts more than four times the base.
cells out.md instructions local | awk -F'|' '{ exit !($4 > 4 * $3 && $3 > 100000) }' && ok ||
    bad "stand-in: local's instructions: $(cells out.md instructions local)"
cells out.md instructions dblink | awk -F'|' '{ exit !($3 > 100000 && $4 >= $3 && $4 < $3 * 1.001 && $5 ~ /^ *\+[0-9]+ \(\+0\.0%\) *$/) }' && ok ||
    bad "stand-in: dblink's instructions: $(cells out.md instructions dblink)"
[ -z "$(left_behind)" ] && ok || bad "stand-in: left behind: $(left_behind)"
[ ! -e "$work/decoy-used" ] && ! grep -q 'cached build' err.txt && ok ||
    bad "another commit's cached build was used: $(grep -n cached err.txt)"
grep -q 'building base' err.txt && ok || bad "the base was not built: $(head -n 5 err.txt)"
[ "$(cat "$PR_DIFF_BASE_CACHE/commit" 2>/dev/null)" = "$(git rev-parse HEAD~1)" ] &&
    [ "$(cat "$PR_DIFF_BASE_CACHE/build_type" 2>/dev/null)" = Debug ] &&
    ! grep -q decoy-used "$PR_DIFF_BASE_CACHE/lobbench" "$PR_DIFF_BASE_CACHE/lobdiff" && ok ||
    bad "the base cache does not hold HEAD~1's build: $(ls -A "$PR_DIFF_BASE_CACHE" 2>&1)"
said=$(comment 4 out.md)
[ "$said" = "exit 4, 1 comments pr-comment: significantly slower; created comment 1001" ] && ok ||
    bad "stand-in: pr-comment: $said"
grep -q '^### lobdiff: significantly slower$' out.md.comment &&
    grep -q '`local` (+[0-9.]*%)' out.md.comment &&
    ! grep -q "changes the model's figures\|Not marked as expected\|allocator-change-expected" out.md.comment &&
    ok || bad "stand-in: the comment: $(head -n 12 out.md.comment)"

# ---- 2: the figures changed, in the working tree ----------------------------
# The allocator change, not committed, against HEAD~1 (the stand-in off):
# the base comes from the cache, the head is the working tree, not HEAD.
git checkout -q HEAD~1 -- $wl
sed -i 's/p->chunk_divisor = 256;/p->chunk_divisor = 512;/' dispenser/dispenser.c
grep -q 'chunk_divisor = 512;' dispenser/dispenser.c || { echo "FAIL: no chunk_divisor default to change"; exit 1; }
PR_DIFF_ROUNDS=0 PR_DIFF_LOBBENCH_ARGS="--sizes=2k,32k" "$PR_DIFF" HEAD~1 >out2.md 2>err2.txt
rc=$?
[ $rc -eq 1 ] && ok || bad "HEAD~1 vs working tree: exit $rc, want 1; stderr: $(tail -n 30 err2.txt)"
head -n 1 out2.md | grep -q '^\*\*lobdiff\*\* run [0-9]* → run [0-9]*: [0-9]* statistics changed in [0-9]* of 4 cases; no case added or removed; times not compared (PR_DIFF_ROUNDS=0)\.$' &&
    ok || bad "working tree: summary line: $(head -n 1 out2.md)"
grep -q "base: the cached build of $(git rev-parse HEAD~1)" err2.txt && ok ||
    bad "the cached base build was not used: $(head -n 5 err2.txt)"
grep -q 'building base' err2.txt && bad "base rebuilt although cached" || ok
grep -q 'model params differ: `dsp.chunk_divisor` 256 → 512' out2.md && ok ||
    bad "working tree: $(head -n 5 out2.md)"
grep -q '^| segment dispenser allocations | ' out2.md && ok || bad "working tree: no dispenser row"
grep -q '^#### local 32k$' out2.md && ok || bad "working tree: no table for local 32k"
[ -z "$(left_behind)" ] && ok || bad "working tree: left behind: $(left_behind)"

# ---- 3: no figure changed, both cores loaded ----------------------------------
# A comment in the working tree against HEAD~1, two `yes` beside pr-diff all
# along: no figure, no time changes, and the check passes.
git checkout -q HEAD~1 -- dispenser/dispenser.c
sed -i '1a\ * (a comment that changes nothing)' dispenser/dispenser.c
[ "$(git diff HEAD~1 --numstat | awk '{ print $1, $2, $3 }')" = "1 0 dispenser/dispenser.c" ] ||
    { echo "FAIL: the comment-only change is not one: $(git diff HEAD~1 --stat)"; exit 1; }
for _ in 1 2; do
    yes >/dev/null &
    hogs+=($!)
done
"$PR_DIFF" HEAD~1 >out3.md 2>err3.txt
rc=$?
busy=$(ps -o times= -p "${hogs[0]}" -p "${hogs[1]}" | awk '$1 >= 1 { n++ } END { print n + 0 }')
stop_hogs
[ "$busy" -eq 2 ] && ok || bad "loaded: the two yes did not each run a second or more"
[ $rc -eq 0 ] && ok || bad "loaded: exit $rc, want 0; stderr: $(tail -n 30 err3.txt); out: $(cat out3.md)"
head -n 1 out3.md | grep -q '^\*\*lobdiff\*\* run [0-9]* → run [0-9]*: no statistic changed in 2 cases; no case added or removed; times over 14 interleaved rounds: no significant change in 2 cases\.$' &&
    ok || bad "loaded: summary line: $(head -n 1 out3.md)"
[ "$(verdict out3.md local)/$(verdict out3.md dblink)" = unchanged/unchanged ] && ok ||
    bad "loaded: $(cells out3.md times local) $(cells out3.md times dblink)"
said=$(comment 0 out3.md)
[ "$said" = "exit 0, 0 comments pr-comment: nothing changed; no comment: nothing changed" ] && ok ||
    bad "loaded: pr-comment: $said"
grep -q '^### lobdiff: nothing changed$' out3.md.summary && ok ||
    bad "loaded: the job summary: $(head -n 3 out3.md.summary)"
[ -z "$(left_behind)" ] && ok || bad "loaded: left behind: $(left_behind)"
unset PR_DIFF_BASE_CACHE
git checkout -q dispenser/dispenser.c

# Unknown revision.
"$PR_DIFF" no-such-rev >out4.md 2>err4.txt
rc=$?
[ $rc -eq 2 ] && ok || bad "no-such-rev: exit $rc, want 2"
[ "$(wc -l <err4.txt)" -eq 1 ] && grep -q "'no-such-rev'" err4.txt && ok ||
    bad "no-such-rev: stderr: $(cat err4.txt)"
[ ! -s out4.md ] && ok || bad "no-such-rev: wrote to stdout"
"$PR_DIFF" HEAD no-such-rev >/dev/null 2>err4.txt
[ $? -eq 2 ] && grep -q "'no-such-rev'" err4.txt && ok || bad "HEAD no-such-rev: $(cat err4.txt)"
PR_DIFF_ROUNDS=many "$PR_DIFF" HEAD >/dev/null 2>err4.txt
[ $? -eq 2 ] && grep -q "PR_DIFF_ROUNDS 'many'" err4.txt && ok || bad "PR_DIFF_ROUNDS=many: $(cat err4.txt)"
PR_DIFF_INSTRUCTIONS=perf "$PR_DIFF" HEAD >/dev/null 2>err4.txt
[ $? -eq 2 ] && grep -q "PR_DIFF_INSTRUCTIONS 'perf'" err4.txt && ok || bad "PR_DIFF_INSTRUCTIONS=perf: $(cat err4.txt)"

# Interrupted while building: everything removed.
"$PR_DIFF" HEAD~1 HEAD >/dev/null 2>err5.txt &
pid=$!
building=0
for _ in $(seq 1 300); do
    [ "$(git worktree list | wc -l)" -ge 3 ] && building=1 && break
    sleep 0.1
done
# The kill must come while pr-diff holds its worktrees, or it tries nothing.
[ $building -eq 1 ] && ok || bad "SIGTERM: pr-diff had not made its two worktrees within 30 s"
sleep 0.5
kill -TERM "$pid"
wait "$pid"
rc=$?
[ $rc -eq 143 ] && ok || bad "SIGTERM: exit $rc, want 143"
[ -z "$(left_behind)" ] && ok || bad "after SIGTERM, left behind: $(left_behind)"

echo "pr-diff: $pass passed, $fail failed"
[ $fail -eq 0 ]
