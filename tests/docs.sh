#!/usr/bin/env bash
# docs.sh -- the documentation names everything that exists, and nothing
# that does not (README.md, "Documentation"):
#
#   1. README.md is a front page: at most 250 lines;
#   2. every top-level folder (tracked files; hidden folders and build*/
#      aside) is named as `NAME/` in README.md's "Architecture" section;
#   3. every program -- each lobsim_program(NAME ...) of the build and each
#      file under scripts/ but a README -- has a page docs/NAME.md or is
#      named in one of docs/*.md;
#   4. every workload (a row {"NAME", ... of the table in workload/workload.c)
#      is named in docs/*.md in backticks, `NAME`;
#   5. every relative markdown link, and every backticked repository path
#      (`dir/file.ext` or `dir/`, dir a top-level folder), in README.md,
#      docs/*.md and every other README.md names a path that exists, or one
#      that git ignores (results/history.db: the programs make it); so does
#      any other backticked `a/b.ext` or `a/b/`, from the repository's top
#      or from the file's folder (a stale `base/sim.h` is caught too; what
#      starts with . or / lies outside the repository and is not checked);
#   6. the README's graph of who calls whom (the lines `A B ──► C D` of the
#      Architecture section) is exactly the build's: the DEPS and
#      PRIVATE_DEPS of every lobsim_component() and the libraries of every
#      lobsim_program() that are lobsim's own.  Components are written
#      `NAME/`, programs `NAME`.
#
#   usage: docs.sh SOURCE_DIR
set -u
src=${1:?usage: docs.sh SOURCE_DIR}
cd "$src" || exit 1
for tool in git realpath awk; do
    command -v "$tool" >/dev/null || { echo "FAIL: $tool is not installed (scripts/install-deps)"; exit 1; }
done

fails=0 passes=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }
pass() { passes=$((passes + 1)); }

in_git=0
git rev-parse --is-inside-work-tree >/dev/null 2>&1 && in_git=1
# Outside a checkout (an unpacked archive) .gitignore is still read, through
# an empty repository of our own.
gitdir=
if [ "$in_git" = 0 ]; then
    gitdir=$(mktemp -d "${TMPDIR:-/tmp}/lobsim-docs.XXXXXX") || exit 1
    trap 'rm -rf "$gitdir"' EXIT
    git init -q --bare "$gitdir" || { echo "FAIL: git init $gitdir"; exit 1; }
fi
# The tracked files when this is a git checkout, else every file but builds.
files() {
    if [ "$in_git" = 1 ]; then
        git ls-files
    else
        find . -path './build*' -prune -o -path './.*' -prune -o -type f -print | sed 's|^\./||'
    fi
}
# Whether git would ignore PATH (a file the programs make, such as the store).
ignored() {
    local g=(git)
    [ "$in_git" = 1 ] || g=(git --git-dir="$gitdir" --work-tree=.)
    "${g[@]}" check-ignore -q --no-index -- "$1" || "${g[@]}" check-ignore -q --no-index -- "$1/"
}

[ -f README.md ] || { echo "FAIL: no README.md in $src"; exit 1; }
[ -d docs ] || { echo "FAIL: no docs/ in $src"; exit 1; }

# ---- 1: the front page's length ---------------------------------------------
lines=$(wc -l <README.md)
[ "$lines" -le 250 ] && pass || fail "README.md has $lines lines; a front page has at most 250"

# ---- 2: every top-level folder in the Architecture section ---------------------
mapfile -t folders < <(files | grep / | cut -d/ -f1 | grep -v '^\.' | grep -v '^build' | sort -u)
[ "${#folders[@]}" -gt 0 ] || fail "no top-level folder found in $src"
arch=$(awk '/^## / { on = ($0 ~ /Architecture/) } on' README.md)
[ -n "$arch" ] || fail "README.md has no '## Architecture' section"
for d in "${folders[@]}"; do
    if grep -qE "(^|[^A-Za-z0-9_./-])$d/" <<<"$arch"; then
        pass
    else
        fail "top-level folder $d/ is not named in README.md's Architecture section"
    fi
done

# ---- 3: every program in docs/ ------------------------------------------------
cmakes=$(files | grep -E '(^|/)CMakeLists\.txt$|\.cmake$')
# The build files without their comments (which show the calls' shapes).
cmake_code() { local f; for f in $cmakes; do sed 's/#.*//' "$f"; done; }
mapfile -t programs < <(
    { cmake_code | sed -n 's/.*lobsim_program(\([A-Za-z0-9_-]*\).*/\1/p'
      files | grep '^scripts/' | grep -v '/README\.md$' | xargs -r -n 1 basename
    } | sort -u)
[ "${#programs[@]}" -gt 0 ] || fail "no program found (lobsim_program, scripts/)"
for p in "${programs[@]}"; do
    if [ -f "docs/$p.md" ] || cat docs/*.md | grep -qwF -- "$p"; then
        pass
    else
        fail "program $p has no page docs/$p.md and is not named in docs/"
    fi
done

# ---- 4: every workload in docs/ -----------------------------------------------
mapfile -t workloads < <(sed -n 's/^ *{"\([a-z0-9_]*\)", .*/\1/p' workload/workload.c)
[ "${#workloads[@]}" -gt 0 ] || fail "no workload found in workload/workload.c's table"
for w in "${workloads[@]}"; do
    if cat docs/*.md | grep -qF -- "\`$w\`"; then
        pass
    else
        fail "workload $w is not named in docs/ (as \`$w\`)"
    fi
done

# ---- 5: every path the docs name exists --------------------------------------
declare -A top=()
for d in "${folders[@]}"; do top[$d]=1; done
# The markdown without its fenced code blocks (commands and their output).
prose() { awk '/^ *```/ { fenced = !fenced; print ""; next } !fenced' "$1"; }
check_path() { # FILE WHAT PATH [PATH_FROM_THE_FILE]
    if [ -e "$3" ] || ignored "$3" || { [ -n "${4:-}" ] && { [ -e "$4" ] || ignored "$4"; }; }; then
        pass
    else
        fail "$1: $2 $3 does not exist"
    fi
}
mapfile -t mds < <({ echo README.md; ls docs/*.md; files | grep -E '(^|/)README\.md$'; } | sort -u)
for md in "${mds[@]}"; do
    [ -f "$md" ] || continue
    dir=$(dirname "$md")
    # Links [text](target), relative to the file; anchors and URLs aside.
    while read -r target; do
        target=${target%%#*}
        target=${target#<}
        target=${target%>}
        [ -n "$target" ] || continue
        case $target in http:* | https:* | mailto:* | /*) continue ;; esac
        check_path "$md" link "$(realpath -m --relative-to=. "$dir/$target")"
    done < <(prose "$md" | grep -oE '\]\([^) ]+\)' | sed -E 's/^\]\((.*)\)$/\1/')
    # Code spans, a paragraph at a time (a span may wrap), that are a path.
    while read -r span; do
        [[ $span =~ ^[A-Za-z0-9_+-][A-Za-z0-9_.+-]*(/[A-Za-z0-9_.+-]+)*/?$ && $span == */* ]] || continue
        p=${span%/}
        if [ -n "${top[${span%%/*}]:-}" ]; then
            check_path "$md" path "$p"
        elif [[ $span == */ || ${span##*/} =~ \.[A-Za-z0-9]+$ ]]; then
            check_path "$md" path "$p" "$(realpath -m --relative-to=. "$dir/$p")"
        fi
    done < <(prose "$md" | awk 'BEGIN { RS = "" } { gsub(/\n/, " "); print }' |
             grep -oE '`[^`]+`' | tr -d '`')
done

# ---- 6: the README's graph is the build's ---------------------------------------
# The build's edges, "from>to": lobsim_X becomes X/, a program stays NAME.
build_edges=$(cmake_code | tr '\n' ' ' | grep -oE 'lobsim_(component|program)\([^)]*\)' | awk '{
    gsub(/[()]/, " ")
    kind = $1; name = $2
    if (kind == "lobsim_component") {
        from = name "/"; on = 0
        for (i = 3; i <= NF; i++) {
            if ($i == "DEPS" || $i == "PRIVATE_DEPS") { on = 1; continue }
            if ($i ~ /^(PREFIX|SOURCES|CHECKED)$/) { on = 0; continue }
            if (on && $i ~ /^lobsim_/) print from ">" substr($i, 8) "/"
        }
    } else {
        for (i = 4; i <= NF; i++)
            if ($i ~ /^lobsim_/) print name ">" substr($i, 8) "/"
    }
}' | sort -u)
readme_edges=$(grep '──►' <<<"$arch" | awk -F'──►' '{
    n = split($1, from, " "); m = split($2, to, " ")
    for (i = 1; i <= n; i++) for (j = 1; j <= m; j++) print from[i] ">" to[j]
}' | sort -u)
[ -n "$build_edges" ] || fail "no lobsim_component or lobsim_program found in the CMakeLists"
while read -r e; do
    [ -n "$e" ] || continue
    if grep -qxF -- "$e" <<<"$readme_edges"; then
        pass
    else
        fail "README.md's graph lacks ${e%%>*} ──► ${e#*>} (a link in the build)"
    fi
done <<<"$build_edges"
while read -r e; do
    [ -n "$e" ] || continue
    grep -qxF -- "$e" <<<"$build_edges" ||
        fail "README.md's graph has ${e%%>*} ──► ${e#*>}, which the build does not link"
done <<<"$readme_edges"

echo "$passes passed, $fails failed"
[ "$fails" -eq 0 ]
