#!/usr/bin/env bash
# layout.sh -- the habits that keep one folder one component (README.md,
# "Architecture"), checked on the source tree and the built libraries:
#
#   1. every component (build/components.txt, written by lobsim_component())
#      lives in a folder of its own name, has NAME.h there, and no other
#      folder declares a second component in it;
#   2. every external name of liblobsim_NAME.a starts with the component's
#      prefix (internal names too: there is one stem per component);
#   3. no two headers share an include guard, and each guard is the header's
#      own name (LOBSIM_NAME_H for name.h, LOBSIM_NAME_HH for name.hh);
#   4. no file reaches into another folder by a relative include, and only
#      tests include another component's _int.h;
#   5. every C and C++ file is formatted as .clang-format says.
#
#   usage: layout.sh SOURCE_DIR BUILD_DIR
set -u
src=${1:?usage: layout.sh SOURCE_DIR BUILD_DIR}
bld=${2:?usage: layout.sh SOURCE_DIR BUILD_DIR}
cd "$src" || exit 1
for tool in nm c++filt clang-format git; do
    command -v "$tool" >/dev/null || { echo "FAIL: $tool is not installed (scripts/install-deps)"; exit 1; }
done
manifest=$bld/components.txt
[ -s "$manifest" ] || { echo "FAIL: $manifest is missing: configure the build first"; exit 1; }

fails=0 passes=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }
pass() { passes=$((passes + 1)); }

# The tracked files when this is a git checkout, else every file but builds.
sources() { # PATTERN...
    if git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
        git ls-files -- "$@"
    else
        local args=() p
        for p in "$@"; do args+=(-o -name "$p"); done
        find . -path './build*' -prune -o \( -false "${args[@]}" \) -type f -print | sed 's|^\./||'
    fi
}

# ---- 1 and 2: components -------------------------------------------------------
declare -A seen_folder=()
while read -r name prefix folder lib; do
    [ -n "$name" ] || continue
    if [ "$folder" != "$name" ]; then
        fail "component $name lives in $folder/, not in a folder of its name"
    else
        pass
    fi
    if [ -n "${seen_folder[$folder]:-}" ]; then
        fail "$folder/ holds two components: ${seen_folder[$folder]} and $name"
    fi
    seen_folder[$folder]=$name
    [ -f "$folder/$name.h" ] && pass || fail "component $name has no public header $folder/$name.h"
    [ -f "$lib" ] || { fail "component $name: library $lib is not built"; continue; }
    # Strong definitions only (weak ones are C++ template instantiations);
    # names reserved to the implementation (__odr_asan.X of a sanitizer
    # build, ...) are the compiler's; C++ names demangled to the function's
    # own name.
    bad=$(nm -g --defined-only "$lib" | awk 'NF == 3 && $2 ~ /^[TDRBC]$/ {print $3}' |
        grep -v '^__' | c++filt | sed -E 's/\(.*//; s/\[abi:[^]]*\]//; s/^.*::([^:]+)$/\1/' |
        grep -v "^$prefix" | sort -u | head -n 5)
    if [ -n "$bad" ]; then
        fail "liblobsim_$name.a: names without its prefix $prefix: $(echo $bad)"
    else
        pass
    fi
done <"$manifest"
ncomp=$(grep -c . "$manifest")
[ "$ncomp" -ge 19 ] || fail "$manifest lists $ncomp components; expected the 19 of the README or more"

# ---- 3: include guards ---------------------------------------------------------
# The first #ifndef LOBSIM_... of each header, found by one grep.
declare -A guard_in=()
while IFS=: read -r h line; do
    guard_in[$h]=${line#'#ifndef '}
done < <(sources '*.h' '*.hh' | tr '\n' '\0' |
    xargs -0 -r grep -m 1 -H '^#ifndef LOBSIM_[A-Z0-9_]*$')
declare -A guard_of=()
while read -r h; do
    g=${guard_in[$h]:-}
    want=${h##*/}
    want=LOBSIM_${want^^}
    want=${want//./_}
    if [ -z "$g" ]; then
        fail "$h has no include guard #ifndef LOBSIM_..."
        continue
    fi
    [ "$g" = "$want" ] && pass || fail "$h: include guard $g; expected $want"
    if [ -n "${guard_of[$g]:-}" ]; then
        fail "include guard $g is shared by ${guard_of[$g]} and $h"
    fi
    guard_of[$g]=$h
done < <(sources '*.h' '*.hh')

# ---- 4: includes -----------------------------------------------------------------
rel=$(sources '*.c' '*.h' '*.cc' '*.hh' | xargs grep -n '#include "\.\./' 2>/dev/null)
[ -z "$rel" ] && pass || fail "relative includes reach into other folders: $rel"
# Each "FILE _int.h" include, found by one grep.
while IFS=: read -r f inc; do
    dir=.
    [ "${f%/*}" = "$f" ] || dir=${f%/*}
    case $dir in tests | fuzz) continue ;; esac
    inc=${inc#'#include "'}
    inc=${inc%'"'}
    [ -f "$dir/$inc" ] || fail "$f includes $inc, the private header of another component"
done < <(sources '*.c' '*.h' '*.cc' '*.hh' | tr '\n' '\0' |
    xargs -0 -r grep -H '^#include "[a-z0-9_]*_int\.h"$')
pass

# ---- 5: formatting ---------------------------------------------------------------
# All files in one clang-format (it goes on past a bad one and names each
# place); an error that names no place fails too.
out=$(sources '*.c' '*.h' '*.cc' '*.hh' | tr '\n' '\0' |
    xargs -0 -r clang-format --dry-run -Werror 2>&1 >/dev/null)
rc=$?
unformatted=$(printf '%s\n' "$out" |
    sed -n 's/^\(.*\):[0-9]*:[0-9]*: error: code should be clang-formatted.*/\1/p' | sort -u)
if [ -n "$unformatted" ]; then
    fail "not formatted as .clang-format says (clang-format -i FILE): $(echo $unformatted)"
elif [ $rc -ne 0 ]; then
    fail "clang-format failed (exit $rc): $(printf '%s\n' "$out" | head -n 5)"
else
    pass
fi

echo "$passes passed, $fails failed"
[ "$fails" -eq 0 ]
