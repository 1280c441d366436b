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
    # C++ names demangled to the function's own name.
    bad=$(nm -g --defined-only "$lib" | awk 'NF == 3 && $2 ~ /^[TDRBC]$/ {print $3}' |
        c++filt | sed -E 's/\(.*//; s/\[abi:[^]]*\]//; s/^.*::([^:]+)$/\1/' |
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
declare -A guard_of=()
while read -r h; do
    g=$(sed -n 's/^#ifndef \(LOBSIM_[A-Z0-9_]*\)$/\1/p' "$h" | head -n 1)
    want=LOBSIM_$(basename "$h" | tr 'a-z.' 'A-Z_')
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
while read -r f; do
    dir=$(dirname "$f")
    case $dir in tests | fuzz) continue ;; esac
    for inc in $(sed -n 's/^#include "\([a-z0-9_]*_int\.h\)"$/\1/p' "$f"); do
        [ -f "$dir/$inc" ] || fail "$f includes $inc, the private header of another component"
    done
done < <(sources '*.c' '*.h' '*.cc' '*.hh')
pass

# ---- 5: formatting ---------------------------------------------------------------
unformatted=$(sources '*.c' '*.h' '*.cc' '*.hh' | while read -r f; do
    clang-format --dry-run -Werror "$f" >/dev/null 2>&1 || echo "$f"
done)
if [ -n "$unformatted" ]; then
    fail "not formatted as .clang-format says (clang-format -i FILE): $(echo $unformatted)"
else
    pass
fi

echo "$passes passed, $fails failed"
[ "$fails" -eq 0 ]
