#!/usr/bin/env bash
# run.sh -- build the fuzz targets with clang in their own build directory and
# run each for a bounded time on its seed corpus (fuzz/README.md).
#
#   usage: fuzz/run.sh [SECONDS_PER_TARGET] [BUILD_DIR] [TARGET...]
#
# SECONDS_PER_TARGET defaults to 3 (`make test`; `make fuzz` gives 300); each
# target first replays its whole corpus, whatever the time.  New inputs go to
# BUILD_DIR/corpus/TARGET, kept between runs; the seeds in fuzz/corpus/ are
# only read.  A crash leaves its input in BUILD_DIR/artifacts/ and fails the
# run.  FUZZ_BUILD_TYPE is the tree's CMAKE_BUILD_TYPE (default
# RelWithDebInfo, for speed; `make test` builds Debug, in half the time).
# Without clang the run fails (clang is a dependency).
set -u
src=$(cd "$(dirname "$0")/.." && pwd)
seconds=${1:-3}
build=${2:-$src/build-fuzz}
shift $(($# > 2 ? 2 : $#))
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(fuzz_cli_values fuzz_cli_parse fuzz_resolve_run fuzz_reference_csv fuzz_lobdiff fuzz_import
    fuzz_import_sqlplus fuzz_import_autotrace fuzz_import_runstats fuzz_import_snapper
    fuzz_import_csv fuzz_import_dictionary fuzz_import_gbench fuzz_import_awr fuzz_import_awrhist fuzz_param_file
    fuzz_script fuzz_life)

if ! command -v clang >/dev/null || ! command -v clang++ >/dev/null; then
    echo "fuzz: FAIL: clang is not installed (scripts/install-deps installs it)"
    exit 1
fi
log=$(mktemp "${TMPDIR:-/tmp}/lobsim-fuzz-build.XXXXXX")
trap 'rm -f "$log"' EXIT
if ! { cmake -S "$src" -B "$build" -DCMAKE_C_COMPILER=clang -DCMAKE_CXX_COMPILER=clang++ \
    -DCMAKE_BUILD_TYPE="${FUZZ_BUILD_TYPE:-RelWithDebInfo}" -DLOBSIM_FUZZ=ON &&
    cmake --build "$build" --target fuzzers -j "$(nproc 2>/dev/null || echo 2)"; } >"$log" 2>&1; then
    echo "fuzz: FAIL: cannot build the fuzz targets; the end of the log:"
    tail -n 30 "$log"
    exit 1
fi

fail=0
total_execs=0
for t in "${targets[@]}"; do
    corpus=$build/corpus/$t
    mkdir -p "$corpus" "$build/artifacts"
    dict=()
    [ -f "$src/fuzz/$t.dict" ] && dict=(-dict="$src/fuzz/$t.dict")
    # The targets of one format share fuzz_import's dictionary.
    [ ${#dict[@]} -eq 0 ] && [[ $t == fuzz_import_* ]] && dict=(-dict="$src/fuzz/fuzz_import.dict")
    "$build/fuzz/$t" -max_total_time="$seconds" -print_final_stats=1 -timeout=10 \
        -artifact_prefix="$build/artifacts/$t-" "${dict[@]}" "$corpus" "$src/fuzz/corpus/$t" \
        >"$build/$t.log" 2>&1
    rc=$?
    execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$build/$t.log" | tail -n 1)
    cov=$(grep -o 'cov: [0-9]*' "$build/$t.log" | tail -n 1)
    units=$(find "$corpus" -type f | wc -l)
    if [ $rc -ne 0 ]; then
        fail=$((fail + 1))
        echo "fuzz: FAIL: $t exited $rc; the end of $build/$t.log:"
        grep -v '^#' "$build/$t.log" | tail -n 25
    else
        echo "fuzz: $t: ${seconds}s, ${execs:-?} inputs, ${cov:-cov: ?} edges, corpus $units"
    fi
    total_execs=$((total_execs + ${execs:-0}))
done
echo "fuzz: ${#targets[@]} targets x ${seconds}s: $total_execs inputs, $fail failed"
[ $fail -eq 0 ]
