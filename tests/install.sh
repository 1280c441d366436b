#!/usr/bin/env bash
# install.sh -- what `cmake --install` gives a user: every program in
# PREFIX/bin, answering --version with "NAME VERSION (commit HASH[, dirty])"
# for the commit the source tree is at, and a man page per program in
# PREFIX/share/man/man1 that man and groff render without a warning and that
# names every long option the program's --help lists.  Then the prefix,
# copied elsewhere, run from an empty folder with a home of its own: the
# reference found in PREFIX/share/lobsim, the user's store made where each
# program's --help says, and one warning when the reference is missing.
#
#   usage: install.sh BUILD_DIR SOURCE_DIR VERSION PROGRAM...
#
# The programs given are exactly what bin/ must hold.  cmake, man, groff and
# git are required: a missing one fails the test, naming it.
set -u
usage="usage: install.sh BUILD_DIR SOURCE_DIR VERSION PROGRAM..."
missing() { echo "FAIL: install: $*"; exit 1; }
[ $# -ge 4 ] || missing "expected at least 4 arguments, got $#; $usage"
BUILD=$1 SRC=$2 VERSION=$3
shift 3
PROGRAMS=("$@")
for tool in cmake man groff git; do
    command -v $tool >/dev/null || missing "$tool is not installed (scripts/install-deps installs it)"
done
[ -f "$BUILD/cmake_install.cmake" ] || missing "'$BUILD' is not a configured build directory"

work=$(mktemp -d "${TMPDIR:-/tmp}/lobsim-install.XXXXXX") || exit 1
trap 'rm -rf "$work"' EXIT
prefix=$work/prefix
pass=0 fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*"; }

cmake --install "$BUILD" --prefix "$prefix" >"$work/install.log" 2>&1 ||
    missing "cmake --install failed: $(tail -n 5 "$work/install.log")"

# The commit the source tree is at, as git names it; "unknown" outside a
# checkout.  The programs must name it: a build is made from the tree as it
# is (make test builds first), and --version follows each new commit
# without reconfiguring.
if full=$(git -C "$SRC" rev-parse HEAD 2>/dev/null); then
    dirty=
    [ -z "$(git -C "$SRC" status --porcelain --untracked-files=no 2>/dev/null)" ] || dirty=", dirty"
else
    full=unknown dirty=
fi

# bin/ holds the programs given, no more, no fewer.
want=$(printf '%s\n' "${PROGRAMS[@]}" | sort)
have=$(ls -A "$prefix/bin" 2>/dev/null | sort)
[ "$have" = "$want" ] && ok || bad "bin/ holds '$(echo $have)', want '$(echo $want)'"

cd "$work" || exit 1
for p in "${PROGRAMS[@]}"; do
    exe=$prefix/bin/$p
    page=$prefix/share/man/man1/$p.1
    if [ ! -x "$exe" ]; then
        bad "$p: not installed as an executable $exe"
        continue
    fi

    # --version: one line, this version, the source tree's commit.
    "$exe" --version >version.out 2>version.err
    rc=$?
    line=$(cat version.out)
    re="^$p ${VERSION//./\\.} \\(commit ([0-9a-f]{7,40}|unknown)(, dirty)?\\)\$"
    if [ $rc -ne 0 ] || [ -s version.err ] || [ "$(grep -c '' version.out)" -ne 1 ]; then
        bad "$p --version: exit $rc, stdout '$line', stderr '$(cat version.err)'"
    elif ! [[ $line =~ $re ]]; then
        bad "$p --version: '$line' is not '$p $VERSION (commit HASH[, dirty])'"
    else
        hash=${BASH_REMATCH[1]} flag=${BASH_REMATCH[2]}
        if [ "$full" = unknown ]; then
            [ "$hash" = unknown ] && ok || bad "$p --version: commit $hash outside a git checkout"
        elif [ "$hash" = unknown ] || [ "${full#"$hash"}" = "$full" ]; then
            bad "$p --version: commit $hash, but the source tree is at $full (a build older than the tree? cmake --build first)"
        elif [ "$flag" != "$dirty" ]; then
            bad "$p --version: '$line', but the tree is${dirty:+ not} clean (git status; a build older than the tree? cmake --build first)"
        else
            ok
        fi
    fi

    # The man page: there, and rendered by man and by groff without a warning.
    if [ ! -f "$page" ]; then
        bad "$p: no man page $page"
        continue
    fi
    MANWIDTH=80 MANPAGER=cat man --warnings=all -l "$page" >man.out 2>man.err
    rc=$?
    if [ $rc -ne 0 ] || [ -s man.err ] || ! grep -q "^NAME" man.out; then
        bad "man -l $p.1: exit $rc, $(grep -c '' man.out) lines, warnings: $(head -n 3 man.err)"
    else
        ok
    fi
    groff -man -Tutf8 -ww -z "$page" 2>groff.err
    rc=$?
    [ $rc -eq 0 ] && [ ! -s groff.err ] && ok || bad "groff -ww $p.1: exit $rc: $(head -n 3 groff.err)"

    # Every long option of --help, named in the page as a whole word (so
    # that --param-file does not stand in for --param).
    "$exe" --help >help.out 2>/dev/null || bad "$p --help: exit $?"
    MANWIDTH=1000 MANPAGER=cat man -l "$page" >page.txt 2>/dev/null
    opts=$(grep -oE -- '--[a-z][a-z0-9_-]*' help.out | sort -u)
    [ -n "$opts" ] || bad "$p --help lists no long option"
    for o in $opts; do
        grep -qE -- "(^|[^a-z0-9_-])$o([^a-z0-9_-]|\$)" page.txt && ok ||
            bad "$p.1 does not name $o, which $p --help lists"
    done
done

# ---- the installed copy on its own ------------------------------------------
# The prefix copied elsewhere, run from an empty folder with a home of its
# own: the reference is found beside the program (PREFIX/share/lobsim), not
# in the build's tree, and the store is the user's, where --help says.
moved=$work/moved
cp -a "$prefix" "$moved" || missing "cannot copy $prefix to $moved"
mkdir -p "$work/empty" "$work/home" || exit 1
cd "$work/empty" || exit 1
STORE_PROGRAMS=(lobbench lobdiff lobreport lobfit lobimport)
SMALL=(--quiet --sizes=2k --path=local --benchmark_min_time=1x)
# Each program's --help: the store it uses here, "here: PATH".
help_store() {
    "$moved/bin/$1" --help 2>/dev/null | sed -n 's/^ *here: //p'
}
# A command (or function) run as a user with a home of its own.
user() { (unset XDG_DATA_HOME; export HOME="$work/home"; "$@"); }
ref=$moved/share/lobsim/reference/oracle_lob_insert.csv
[ -r "$ref" ] && ok || bad "the reference is not installed as $ref"
want=$work/home/.local/share/lobsim/history.db
for p in "${STORE_PROGRAMS[@]}"; do
    [ -x "$moved/bin/$p" ] || continue
    here=$(user help_store "$p")
    [ "$here" = "$want" ] && ok || bad "$p --help in an empty folder: store '$here', want '$want'"
    here=$(cd "$SRC" && user help_store "$p")
    [ "$here" = results/history.db ] && ok ||
        bad "$p --help in the source tree: store '$here', want 'results/history.db'"
    here=$(export XDG_DATA_HOME=$work/xdg HOME=$work/home; help_store "$p")
    [ "$here" = "$work/xdg/lobsim/history.db" ] && ok ||
        bad "$p --help with XDG_DATA_HOME=$work/xdg: store '$here'"
done

# A run records into that store, its folders made, with the reference.
user "$moved/bin/lobbench" "${SMALL[@]}" >run.out 2>run.err
rc=$?
if [ $rc -ne 0 ] || grep -q warning run.err || [ ! -f "$want" ]; then
    bad "installed lobbench in an empty folder: exit $rc, store $(ls "$want" 2>&1), $(grep -v '^[ A-Za-z]*[:(]' run.err | tail -n 2)"
else
    grep -q "^Recorded as run 2 in $want " run.err && ok ||
        bad "installed lobbench: not 'Recorded as run 2 in $want': $(grep Recorded run.err)"
fi
[ -z "$(ls -A)" ] || [ "$(ls -A)" = "$(printf 'run.err\nrun.out')" ] && ok ||
    bad "installed lobbench wrote into the working directory: $(ls -A | tr '\n' ' ')"
user "$moved/bin/lobdiff" reference latest >diff.out 2>diff.err
rc=$?
# 1: the model's figures differ from Oracle's, as always against the reference
if [ $rc -eq 1 ] && grep -q "Oracle measurements from $ref)" diff.out; then
    ok
else
    bad "installed lobdiff reference latest: exit $rc, $(head -n 2 diff.out) $(cat diff.err)"
fi
# The scenarios are installed beside the reference, and the docs' scenario
# commands run from here (issue 43, item 15): --script=scenarios/NAME.sql,
# not in this folder, is found in PREFIX/share/lobsim/scenarios, with the
# inputs its header states.
[ -r "$moved/share/lobsim/scenarios/shrink.sql" ] && ok ||
    bad "the scenarios are not installed in $moved/share/lobsim/scenarios"
user "$moved/bin/lobbench" --no-db --script=scenarios/shrink.sql >scen.out 2>scen.err
rc=$?
[ $rc -eq 0 ] && grep -q "^Script $moved/share/lobsim/scenarios/shrink.sql:" scen.out &&
    tail -n 1 scen.out | grep -q "^22 statements, .*, AL32UTF8," && ok ||
    bad "installed lobbench --script=scenarios/shrink.sql: exit $rc, $(tail -n 1 scen.out) $(cat scen.err)"
rm -f scen.out scen.err
# lobreport here, outside any git clone: a run's subject cannot be looked
# up, and its page says so (issue 43, item 14), not "commit not in this
# repository".
user "$moved/bin/lobreport" --out="$work/report" >/dev/null 2>rpt.err
rc=$?
if [ $rc -eq 0 ] && grep -q "subject unknown: lobreport was not run in a git clone of lobsim" \
    "$work/report/index.html" && ! grep -q "commit not in this repository" "$work/report/index.html"; then
    ok
else
    bad "installed lobreport outside a clone: exit $rc, $(cat rpt.err), labels: $(grep -o '(commit not in this repository)\|(subject unknown[^)]*)' "$work/report/index.html" 2>/dev/null | sort -u | tr '\n' ' ')"
fi
XDG_DATA_HOME=$work/xdg HOME=$work/home "$moved/bin/lobbench" "${SMALL[@]}" >/dev/null 2>xdg.err &&
    [ -f "$work/xdg/lobsim/history.db" ] && ok ||
    bad "lobbench with XDG_DATA_HOME: no store $work/xdg/lobsim/history.db: $(tail -n 1 xdg.err)"

# lobimport into the user's store makes its folders too; --no-db makes none.
(export XDG_DATA_HOME=$work/xdg2 HOME=$work/home2
 "$moved/bin/lobimport" "$ref" >/dev/null 2>imp.err) && [ -f "$work/xdg2/lobsim/history.db" ] && ok ||
    bad "lobimport with XDG_DATA_HOME: no store $work/xdg2/lobsim/history.db: $(cat imp.err)"
(export HOME=$work/home3; unset XDG_DATA_HOME
 "$moved/bin/lobbench" "${SMALL[@]}" --no-db >/dev/null 2>&1) && [ ! -e "$work/home3" ] && ok ||
    bad "lobbench --no-db: exit $?, or made $(find "$work/home3" 2>/dev/null | tail -n 1)"

# The reference gone from the prefix: one warning naming where it looked,
# the run recorded all the same, and lobdiff names that file.
mv "$moved/share/lobsim" "$moved/share/lobsim.gone"
user "$moved/bin/lobbench" "${SMALL[@]}" --db=noref.db >/dev/null 2>noref.err
rc=$?
n=$(grep -c warning noref.err)
[ $rc -eq 0 ] && [ "$n" = 1 ] && grep -q "warning: no Oracle reference at $ref " noref.err && ok ||
    bad "lobbench without its reference: exit $rc, $n warnings: $(grep warning noref.err)"
user "$moved/bin/lobdiff" --db=noref.db reference latest >/dev/null 2>noref.diff
[ $? -eq 2 ] && grep -q "loads it from $ref when" noref.diff && ok ||
    bad "lobdiff reference latest without a reference: $(cat noref.diff)"
mv "$moved/share/lobsim.gone" "$moved/share/lobsim"

echo "install: $pass passed, $fail failed"
[ $fail -eq 0 ]
