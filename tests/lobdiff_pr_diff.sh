#!/usr/bin/env bash
# scripts/pr-diff end to end, in a throwaway clone of the source tree (its
# working tree copied over, so that uncommitted work is what is tested):
#   - an allocator change committed on top (dsp chunk_divisor 256 -> 512)
#     shows as changed `segment dispenser allocations` in the Markdown, exit 1;
#     PR_DIFF_BASE_CACHE holds another commit's build (a decoy that would
#     fail loudly): it is not used, and is refilled with the base's build;
#   - a further change left uncommitted (512 -> 1024), against HEAD~1: the
#     base comes from the cache, built nowhere, with the same figures, and
#     the head is the working tree (1024), not HEAD (512);
#   - an unknown revision: exit 2, one line naming it, nothing on stdout;
#   - nothing is left behind (worktrees, temporary files), also after SIGTERM.
# Kept cheap: three trees built (HEAD~1, HEAD, the working tree), each as a
# Debug build (PR_DIFF_BUILD_TYPE: the figures are the same, the compiler
# faster); two sizes, one iteration, two repetitions.
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
git add -A && git commit -qm "base: the source tree as it is" --allow-empty || exit 1
sed -i 's/p->chunk_divisor = 256;/p->chunk_divisor = 512;/' dispenser/dispenser.c
grep -q 'chunk_divisor = 512;' dispenser/dispenser.c || { echo "FAIL: no chunk_divisor default to change"; exit 1; }
git commit -qam "head: dispenser chunks of segment/512" || exit 1

export PR_DIFF_LOBBENCH_ARGS="--sizes=2k,32k --benchmark_min_time=1x --benchmark_repetitions=2"
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
# The base column of the Markdown's first `segment dispenser allocations` row.
base_allocs() { awk -F'|' '/^\| segment dispenser allocations \|/ { print $3; exit }' "$1"; }

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
[ ! -e "$work/decoy-used" ] && ! grep -q 'cached build' err.txt && ok ||
    bad "another commit's cached build was used: $(grep -n cached err.txt)"
grep -q 'building base' err.txt && ok || bad "the base was not built: $(head -n 5 err.txt)"
[ "$(cat "$PR_DIFF_BASE_CACHE/commit" 2>/dev/null)" = "$(git rev-parse HEAD~1)" ] &&
    [ "$(cat "$PR_DIFF_BASE_CACHE/build_type" 2>/dev/null)" = Debug ] &&
    ! grep -q decoy-used "$PR_DIFF_BASE_CACHE/lobbench" "$PR_DIFF_BASE_CACHE/lobdiff" && ok ||
    bad "the base cache does not hold HEAD~1's build: $(ls -A "$PR_DIFF_BASE_CACHE" 2>&1)"

# The working tree, changed further but not committed, against HEAD~1: the
# base comes from the cache, the head is the working tree, not HEAD.
sed -i 's/p->chunk_divisor = 512;/p->chunk_divisor = 1024;/' dispenser/dispenser.c
grep -q 'chunk_divisor = 1024;' dispenser/dispenser.c || { echo "FAIL: no chunk_divisor to change again"; exit 1; }
"$PR_DIFF" HEAD~1 >out2.md 2>err2.txt
rc=$?
[ $rc -eq 1 ] && ok || bad "HEAD~1 vs working tree: exit $rc, want 1; stderr: $(tail -n 30 err2.txt)"
grep -q "base: the cached build of $(git rev-parse HEAD~1)" err2.txt && ok ||
    bad "the cached base build was not used: $(head -n 5 err2.txt)"
grep -q 'building base' err2.txt && bad "base rebuilt although cached" || ok
grep -q 'model params differ: `dsp.chunk_divisor` 256 → 1024' out2.md && ok ||
    bad "working tree: $(head -n 5 out2.md)"
grep -q '^| segment dispenser allocations | ' out2.md && ok || bad "working tree: no dispenser row"
[ -n "$(base_allocs out.md)" ] && [ "$(base_allocs out.md)" = "$(base_allocs out2.md)" ] && ok ||
    bad "the cached base's figures differ from the built one's: '$(base_allocs out.md)' vs '$(base_allocs out2.md)'"
[ -z "$(left_behind)" ] && ok || bad "working tree: left behind: $(left_behind)"
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
