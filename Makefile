# The two commands of the README. Each installs what is missing, then builds.
BUILD ?= build
JOBS ?= $(shell nproc)

# The clang build with ASan + UBSan and the libFuzzer harnesses (docs/fuzzing.md).
SANITIZE_BUILD ?= build-asan
FUZZ_SECONDS ?= 60

.PHONY: all deps build demo test sanitize sanitize-configure fuzz clean

all: build

deps:
	@scripts/install-deps

build: deps
	@cmake -S . -B $(BUILD) -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
	@cmake --build $(BUILD) -j $(JOBS)

demo: build
	@scripts/demo $(BUILD)/puzzlesat

test: build
	@cd $(BUILD) && ctest --output-on-failure -j $(JOBS) --timeout 900

# Unit tests (not the end-to-end CLI tests) and the fuzz corpora under the sanitizers.
# Left out: out_of_tree_plugin installs the whole tree, which this build does not build; the
# docs checks and the SET metamorphic tests compare texts and readings, which the ordinary
# build checks, and under the sanitizers would only repeat code the unit tests run.
SANITIZE_EXCLUDE = _NOT_BUILT|out_of_tree_plugin|^docs_
SANITIZE_EXCLUDE_LABELS = integration_tests|set_metamorphic_tests
sanitize: sanitize-configure
	@cmake --build $(SANITIZE_BUILD) -j $(JOBS) --target unit_tests fuzzers
	@cd $(SANITIZE_BUILD) && ctest --output-on-failure -j $(JOBS) --timeout 900 -LE '$(SANITIZE_EXCLUDE_LABELS)' -E '$(SANITIZE_EXCLUDE)'

# Every fuzz harness for FUZZ_SECONDS, two at a time; fails on any finding.
fuzz: sanitize-configure
	@cmake --build $(SANITIZE_BUILD) -j $(JOBS) --target fuzzers
	@fuzz/run $(SANITIZE_BUILD) $(FUZZ_SECONDS)

sanitize-configure:
	@scripts/install-deps fuzz
	@cmake -S . -B $(SANITIZE_BUILD) -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_CXX_COMPILER=clang++ \
	  -DPUZZLESAT_SANITIZE=ON -DPUZZLESAT_FUZZ=ON >/dev/null

clean:
	rm -rf $(BUILD) $(SANITIZE_BUILD)
