# Thin wrapper over CMake: the two commands of the README, and a few more.
BUILD ?= build
ASAN_BUILD ?= build-asan
JOBS ?= $(shell nproc 2>/dev/null || echo 2)
LOBBENCH_ARGS ?=

.PHONY: all deps build bench test asan clean

all: build

deps:
	@scripts/install-deps

$(BUILD)/CMakeCache.txt: | deps
	cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=RelWithDebInfo

build: deps $(BUILD)/CMakeCache.txt
	cmake --build $(BUILD) -j $(JOBS)

# The default sweep: both paths, nine LOB sizes, 10,000 rows, 8 KB blocks,
# recorded into results/history.db.
bench: build
	$(BUILD)/lobbench $(LOBBENCH_ARGS)

test: build
	ctest --test-dir $(BUILD) --output-on-failure -j $(JOBS)

# The whole test suite under AddressSanitizer and UndefinedBehaviorSanitizer.
asan: deps
	cmake -S . -B $(ASAN_BUILD) -DCMAKE_BUILD_TYPE=Debug -DLOBSIM_SANITIZE=ON
	cmake --build $(ASAN_BUILD) -j $(JOBS)
	ctest --test-dir $(ASAN_BUILD) --output-on-failure -j $(JOBS)

clean:
	rm -rf $(BUILD) $(ASAN_BUILD)

# ---- hardening (README, "Reliability") ------------------------------------
FUZZ_BUILD ?= build-fuzz
FUZZ_SECONDS ?= 300
.PHONY: fuzz valgrind

# The libFuzzer targets, built with clang in $(FUZZ_BUILD), FUZZ_SECONDS each
# (`make test` runs them for 10 s); new inputs stay in $(FUZZ_BUILD)/corpus.
fuzz: deps
	fuzz/run.sh $(FUZZ_SECONDS) $(FUZZ_BUILD)

# lobbench's default sweep, a recorded run and lobdiff under valgrind memcheck
# (also part of `make test`).
valgrind: build
	ctest --test-dir $(BUILD) --output-on-failure -R '^valgrind_'
