#!/usr/bin/env bash
# scripts/pr-diff end to end, in a throwaway clone of the source tree (its
# working tree copied over, so that uncommitted work is what is tested):
#   - an allocator change committed on top (dsp chunk_divisor 256 -> 512)
#     shows as changed `segment dispenser allocations` in the Markdown, exit 1;
#   - the same change uncommitted, against HEAD~1 ... HEAD's working tree;
#   - an unknown revision: exit 2, one line naming it, nothing on stdout;
#   - a base build kept in PR_DIFF_BASE_CACHE is used for that commit only;
#   - nothing is left behind (worktrees, temporary files), also after SIGTERM.
# Kept cheap: two sizes, one iteration, two repetitions.
# shellcheck disable=SC2015,SC2016 # `a && ok || bad`; backquotes are Markdown
set -u
# Every part runs: a missing tool or a source that is not a git work tree
# fails the test, with one line saying which.
SRC=${1:?usage: lobdiff_pr_diff.sh SOURCE_DIR}
missing() { echo "FAIL: lobdiff_pr_diff: $*"; exit 1; }
command -v git >/dev/null || missing "git is not installed (scripts/install-deps installs it)"
[ "$(git -C "$SRC" rev-parse --is-inside-work-tree 2>/dev/null)" = true ] ||
    missing "$SRC is not a git work tree"
[ -x "$SRC/scripts/pr-diff" ] || missing "scripts/pr-diff not found or not executable in $SRC"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
pass=0 fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*"; }

# The clone, with the source's working tree on top (deleted files deleted).
repo=$work/repo
git clone -q "$SRC" "$repo" || { echo "FAIL: cannot clone $SRC"; exit 1; }
(cd "$SRC" && git ls-files -z --cached --others --exclude-standard) |
    while IFS= read -r -d '' f; do
        if [ -f "$SRC/$f" ]; then
            mkdir -p "$repo/$(dirname "$f")" && cp -p "$SRC/$f" "$repo/$f"
        else
            rm -f "$repo/$f"
        fi
    done
cd "$repo" || exit 1
git() { command git -c user.name=lobsim-test -c user.email=test@lobsim.invalid "$@"; }
git add -A && git commit -qm "base: the source tree as it is" --allow-empty || exit 1
sed -i 's/p->chunk_divisor = 256;/p->chunk_divisor = 512;/' dispenser/dispenser.c
grep -q 'chunk_divisor = 512;' dispenser/dispenser.c || { echo "FAIL: no chunk_divisor default to change"; exit 1; }
git commit -qam "head: dispenser chunks of segment/512" || exit 1

export PR_DIFF_LOBBENCH_ARGS="--sizes=2k,32k --benchmark_min_time=1x --benchmark_repetitions=2"
export TMPDIR=$work/tmp
mkdir -p "$TMPDIR"
PR_DIFF=$SRC/scripts/pr-diff

left_behind() { # what pr-diff must not leave
    local n
    n=$(git worktree list | wc -l)
    [ "$n" -eq 1 ] || echo "$n worktrees"
    [ -z "$(ls -A "$TMPDIR")" ] || echo "files in TMPDIR: $(ls -A "$TMPDIR")"
}

# Two commits; the base's build kept in a cache directory.
export PR_DIFF_BASE_CACHE=$work/base-cache
"$PR_DIFF" HEAD~1 HEAD >out.md 2>err.txt
rc=$?
[ $rc -eq 1 ] && ok || bad "HEAD~1 HEAD: exit $rc, want 1; stderr: $(tail -n 30 err.txt)"
head -n 1 out.md | grep -q '^\*\*lobdiff\*\* run [0-9]* → run [0-9]*: [0-9]* statistics changed' &&
    ok || bad "summary line: $(head -n 1 out.md)"
grep -q '^| segment dispenser allocations | ' out.md && ok || bad "no dispenser allocations row"
grep -q '^#### local 32k$' out.md && ok || bad "no table for local 32k"
grep -q 'model params differ: `dsp.chunk_divisor` 256 → 512' out.md && ok ||
    bad "params not named: $(grep -n params out.md)"
[ -z "$(left_behind)" ] && ok || bad "left behind: $(left_behind)"

[ "$(cat "$PR_DIFF_BASE_CACHE/commit" 2>/dev/null)" = "$(git rev-parse HEAD~1)" ] && ok ||
    bad "the base cache does not hold HEAD~1's build: $(ls -A "$PR_DIFF_BASE_CACHE" 2>&1)"
# Again: the base comes from the cache, and the figures are the same.
"$PR_DIFF" HEAD~1 HEAD >out1b.md 2>err1b.txt
rc=$?
[ $rc -eq 1 ] && ok || bad "HEAD~1 HEAD from the cache: exit $rc; stderr: $(tail -n 30 err1b.txt)"
grep -q "base: the cached build of $(git rev-parse HEAD~1)" err1b.txt && ok ||
    bad "the cached base build was not used: $(head -n 5 err1b.txt)"
grep -q 'building base' err1b.txt && bad "base rebuilt although cached" || ok
diff <(grep '^| segment dispenser' out.md) <(grep '^| segment dispenser' out1b.md) >/dev/null &&
    ok || bad "figures differ with the cached base"

# The working tree: the change undone but not committed.  The cache holds
# another commit's build: it must not be used for base HEAD.
sed -i 's/p->chunk_divisor = 512;/p->chunk_divisor = 256;/' dispenser/dispenser.c
"$PR_DIFF" HEAD >out2.md 2>err2.txt
rc=$?
[ $rc -eq 1 ] && ok || bad "HEAD vs working tree: exit $rc, want 1; stderr: $(tail -n 30 err2.txt)"
grep -q '`dsp.chunk_divisor` 512 → 256' out2.md && ok || bad "working tree: $(head -n 5 out2.md)"
grep -q '^| segment dispenser allocations | ' out2.md && ok || bad "working tree: no dispenser row"
grep -q 'cached build' err2.txt && bad "another commit's cached build was used" || ok
unset PR_DIFF_BASE_CACHE
git checkout -q dispenser/dispenser.c

# Unknown revision.
"$PR_DIFF" no-such-rev >out3.md 2>err3.txt
rc=$?
[ $rc -eq 2 ] && ok || bad "no-such-rev: exit $rc, want 2"
[ "$(wc -l <err3.txt)" -eq 1 ] && grep -q "'no-such-rev'" err3.txt && ok ||
    bad "no-such-rev: stderr: $(cat err3.txt)"
[ ! -s out3.md ] && ok || bad "no-such-rev: wrote to stdout"
"$PR_DIFF" HEAD no-such-rev >/dev/null 2>err4.txt
[ $? -eq 2 ] && grep -q "'no-such-rev'" err4.txt && ok || bad "HEAD no-such-rev: $(cat err4.txt)"

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
