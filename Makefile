# Thin wrapper over CMake: the two commands of the README, and a few more.
BUILD ?= build
ASAN_BUILD ?= build-asan
TSAN_BUILD ?= build-tsan
JOBS ?= $(shell nproc 2>/dev/null || echo 2)
LOBBENCH_ARGS ?=

.PHONY: all deps build bench test test-long asan tsan clean

all: build

deps:
	@scripts/install-deps

$(BUILD)/CMakeCache.txt: | deps
	cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=RelWithDebInfo -DLOBSIM_WERROR=ON

build: deps $(BUILD)/CMakeCache.txt
	cmake --build $(BUILD) -j $(JOBS)

# The default sweep: both paths, nine LOB sizes, 10,000 rows, 8 KB blocks,
# recorded into results/history.db.
bench: build
	$(BUILD)/lobbench $(LOBBENCH_ARGS)

# Every test but those labelled long (tests/labels.cmake), which
# `make test-long` runs: scripts/pr-diff's test, two clones built and run,
# and the doc pages whose commands take minutes (doc_commands_long).
test: build
	ctest --test-dir $(BUILD) --output-on-failure -j $(JOBS) -LE '^long$$'

test-long: build
	ctest --test-dir $(BUILD) --output-on-failure -j $(JOBS) -L '^long$$'

# The whole test suite under AddressSanitizer and UndefinedBehaviorSanitizer.
asan: deps
	cmake -S . -B $(ASAN_BUILD) -DCMAKE_BUILD_TYPE=Debug -DLOBSIM_SANITIZE=ON -DLOBSIM_WERROR=ON
	cmake --build $(ASAN_BUILD) -j $(JOBS)
	ctest --test-dir $(ASAN_BUILD) --output-on-failure -j $(JOBS)

# The threaded parts under ThreadSanitizer: lobfit's worker threads (test_fit,
# lobfit_cli), the store's writer and opener threads (test_results) and the
# concurrent processes on one store (concurrency).
TSAN_TESTS = ^(test_results|test_fit|lobfit_cli|concurrency)$$
tsan: deps
	cmake -S . -B $(TSAN_BUILD) -DCMAKE_BUILD_TYPE=RelWithDebInfo -DLOBSIM_TSAN=ON -DLOBSIM_WERROR=ON
	cmake --build $(TSAN_BUILD) -j $(JOBS) --target test_results test_fit lobfit lobbench lobdiff
	ctest --test-dir $(TSAN_BUILD) --output-on-failure -j $(JOBS) -R '$(TSAN_TESTS)'

clean:
	rm -rf $(BUILD) $(ASAN_BUILD) $(TSAN_BUILD)

# ---- hardening (docs/development.md, "Reliability") -----------------------
FUZZ_BUILD ?= build-fuzz
FUZZ_SECONDS ?= 300
.PHONY: fuzz valgrind

# The libFuzzer targets, built with clang in $(FUZZ_BUILD), FUZZ_SECONDS each
# (`make test` runs them for 3 s, built Debug); new inputs stay in
# $(FUZZ_BUILD)/corpus.
fuzz: deps
	fuzz/run.sh $(FUZZ_SECONDS) $(FUZZ_BUILD)

# lobbench's default sweep, a recorded run and lobdiff under valgrind memcheck
# (also part of `make test`).
valgrind: build
	ctest --test-dir $(BUILD) --output-on-failure -R '^valgrind_'

# ---- mutation testing (docs/development.md, "Mutation testing") -----------
# Every mutant of tools/mutants/*.txt against the tests, in build-mutate/
# (a scratch worktree and its build); hours, not part of `make test`.
# MUTATE_ARGS="--component=heapspace" or "--only=ID" narrows it.
MUTATE_ARGS ?=
.PHONY: mutate
mutate: deps
	tools/mutate -j $(JOBS) $(MUTATE_ARGS)
