#!/usr/bin/env bash
# validate_workflows.sh -- every workflow in .github/workflows checked by
# @action-validator/cli, installed from npm into tools/ci by
# scripts/install-deps (`npm ci`).  A missing validator fails the test.  To
# show that the validator is awake, a copy of lobdiff.yml with a broken key
# must be refused; and lobdiff.yml must run the scripts the tests cover.
#
#   usage: validate_workflows.sh SOURCE_DIR
set -u
SRC=${1:?usage: validate_workflows.sh SOURCE_DIR}
V=$SRC/tools/ci/node_modules/.bin/action-validator
fail() { echo "FAIL: validate_workflows: $*"; exit 1; }
command -v node >/dev/null || fail "node is not installed (scripts/install-deps installs it)"
[ -x "$V" ] || fail "$V is missing: run scripts/install-deps (npm ci in tools/ci)"
shopt -s nullglob
files=("$SRC"/.github/workflows/*.yml "$SRC"/.github/workflows/*.yaml)
[ ${#files[@]} -ge 1 ] || fail "no workflow in $SRC/.github/workflows"
[ -f "$SRC/.github/workflows/lobdiff.yml" ] || fail "no .github/workflows/lobdiff.yml"
bad=0
for f in "${files[@]}"; do
    if out=$(timeout 60 "$V" "$f" 2>&1); then
        echo "ok: ${f#"$SRC"/}"
    else
        echo "FAIL: ${f#"$SRC"/}: $out"
        bad=1
    fi
done

# The validator must refuse a broken workflow: an unknown trigger.
tmp=$(mktemp -d) && trap 'rm -rf "$tmp"' EXIT
sed 's/^  pull_request:$/  pull_requestt:/' "$SRC/.github/workflows/lobdiff.yml" >"$tmp/broken.yml"
cmp -s "$tmp/broken.yml" "$SRC/.github/workflows/lobdiff.yml" && fail "could not break lobdiff.yml"
timeout 60 "$V" "$tmp/broken.yml" >/dev/null 2>&1 && fail "the validator accepted a broken workflow"

# The workflow wires up what tests/test_pr_comment.py and lobdiff_pr_diff test.
for want in 'scripts/pr-diff "$MERGE_BASE" "$HEAD_SHA"' 'scripts/pr-comment --diff=' \
    'PR_DIFF_BASE_CACHE:' 'allocator-change-expected'; do
    grep -qF -- "$want" "$SRC/.github/workflows/lobdiff.yml" || { echo "FAIL: lobdiff.yml lacks: $want"; bad=1; }
done
[ $bad -eq 0 ] || exit 1
echo "validate_workflows: ${#files[@]} workflows valid"
