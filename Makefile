# mrsched — make targets. Topic-specific targets live in mk/*.mk, which add
# themselves to SETUP_TARGETS, TEST_TARGETS, BENCH_TARGETS, RUN_TARGETS (the
# main job of `make run`), DEMO_TARGETS (`make demo`) and FUZZ_TARGETS.
SHELL := /bin/bash
GO ?= go
BIN := bin/mrsched
STATICCHECK_VERSION := v0.8.2

SETUP_TARGETS :=
TEST_TARGETS :=
BENCH_TARGETS :=
RUN_TARGETS :=
DEMO_TARGETS :=
FUZZ_TARGETS :=
FUZZTIME ?= 10s

include $(sort $(wildcard mk/*.mk))

TEST_TARGETS += test-scripts test-build-cbc test-long

.PHONY: all help setup build run demo test test-go test-long test-scripts test-build-cbc fuzz bench lint doc-check fmt clean

all: build

## help: the targets a person uses, one line each
help:
	@printf '%s\n' \
	'Start' \
	'  setup             install engines and tools (HiGHS, CBC, GLPK, GNU parallel, Chromium)' \
	'  build             compile bin/mrsched (with CBC when its library is installed)' \
	'  run               setup, build, then the main job on the embedded night' \
	'  demo              a short demonstration of every topic' \
	'Check' \
	'  test              every test target; names the failing ones at the end' \
	'  test-go           go test ./... alone (each package under 60 s on 2 cores)' \
	'  test-long         the long oracle sweeps that go test skips (MRSCHED_LONG=1)' \
	'  lint              go vet, the development-history check and staticcheck' \
	'  doc-check         every command, target, path and labelled figure the docs quote' \
	'  fuzz              every fuzz target for FUZZTIME (default 10s)' \
	'Measure' \
	'  bench             Go benchmarks and the benchmark programs (BENCHMARKS.md)' \
	'  planner-bench     certified gaps of solve, 100 to 10,000 jobs (docs/planner.md)' \
	'  exact-bench       exact methods on Taillard and log-normal batches (hours)' \
	'  tandem-throughput simulator jobs/s per policy beside the SRPT references' \
	'  cluster-bench     slot-level cluster simulator events per second' \
	'Studies (results/<topic>/)' \
	'  run-nightly       the planner view of the embedded night, HTML page in out/nightly' \
	'  report-studies    tightness, Fig. 7 on SWIM, Fig. 9, the nightly batch' \
	'  theory            Theorem 1 separation and repair, worst cases, adversary, tight families' \
	'  google            Lin et al. Figs. 5-7 on the Google trace slice' \
	'  flex-study        Wolf et al. section 4 study (225 points x 10 repetitions)' \
	'  straggler-des     Farhat et al. simulated figures' \
	'  cluster-studies   LsPS Table II, H-PFSP Figs. 2-5, SWIM' \
	'  reproduce-paper-scale  Lin et al. section 5.3 and Fig. 9 at the paper scale' \
	'Other targets are listed with a line each in Makefile and mk/*.mk (## comments).'

## setup: install everything the project needs on a fresh machine
setup: $(SETUP_TARGETS)
	$(GO) mod download
	@echo "setup: done"

## build: compile the mrsched command into bin/; with the CBC engine (-tags cbc) whenever
## CBC's C library is installed (pkg-config --exists cbc), else HiGHS only. Decided when
## the recipe runs, so `make run` builds with CBC right after its setup installed it.
## The binary is stamped with `git describe`, the commit and whether tracked files were
## modified (`bin/mrsched --version`); Go's own vcs.* stamp is asked for too (-buildvcs=auto
## overrides a GOFLAGS=-buildvcs=false; Go does not stamp from a git worktree, the -X stamps do).
PROVENANCE_PKG := github.com/mrsched/mrsched/internal/provenance
build:
	@tags=$$(pkg-config --exists cbc 2>/dev/null && echo cbc); \
	ver=$$(git describe --tags --always --dirty 2>/dev/null); rev=$$(git rev-parse HEAD 2>/dev/null); \
	mod=$$(git status --porcelain --untracked-files=no 2>/dev/null | grep -q . && echo true || echo false); \
	ld="-X $(PROVENANCE_PKG).version=$$ver -X $(PROVENANCE_PKG).revision=$$rev -X $(PROVENANCE_PKG).modified=$$mod"; \
	echo "$(GO) build -buildvcs=auto$${tags:+ -tags $$tags} -ldflags \"$$ld\" -o $(BIN) ./cmd/mrsched"; \
	$(GO) build -buildvcs=auto $${tags:+-tags $$tags} -ldflags "$$ld" -o $(BIN) ./cmd/mrsched

## run: setup, then the main job on the embedded default instance
run: setup build
	@for t in $(filter tandem-run,$(RUN_TARGETS)) $(filter-out tandem-run,$(RUN_TARGETS)); do $(MAKE) --no-print-directory $$t || exit 1; done

## demo: a short demonstration of every topic (CIRCUMFLEX, stragglers, cluster, hard instances)
demo: setup build
	@for t in $(DEMO_TARGETS); do $(MAKE) --no-print-directory $$t || exit 1; done

## fuzz: run every fuzz target of the repository for FUZZTIME each (default 10s), then topic fuzz targets
fuzz:
	@set -e; for f in $$(grep -rl --include='*_test.go' '^func Fuzz' . | xargs -n1 dirname | sort -u); do \
		for fn in $$(grep -h '^func Fuzz' $$f/*_test.go | sed 's/func \(Fuzz[A-Za-z0-9_]*\).*/\1/'); do \
			echo "fuzz $$f $$fn"; $(GO) test -run '^$$' -fuzz "^$$fn$$" -fuzztime $(FUZZTIME) $$f >/dev/null || { echo "FAIL: $$f $$fn"; exit 1; }; \
		done; done
	@for t in $(FUZZ_TARGETS); do $(MAKE) --no-print-directory $$t || exit 1; done

## test: every test (go test ./..., then every topic test target), each run even when an
## earlier one failed; per-target times, then a failure naming every failing target.
## Missing engines or shared data fail the tests here (MRSCHED_REQUIRE_ALL=1, internal/testenv).
## TEST_JOBS targets run at a time (their outputs are printed whole, in order); bin/mrsched is
## built once, before them (-o build). slurm-test, which mostly waits on its daemons, runs beside
## the CPU-bound go test ./....
TEST_JOBS ?= 2
test: export MRSCHED_REQUIRE_ALL := 1
test: build
	@MAKE="$(MAKE) -o build" JOBS=$(TEST_JOBS) bash scripts/run-targets.sh test \
		test-go $(filter slurm-test,$(TEST_TARGETS)) $(filter-out slurm-test,$(TEST_TARGETS))

## test-go: go test ./... (the unit, example, oracle and CLI tests)
test-go:
	$(GO) test -count=1 ./...

## test-long: the long oracle sweeps that go test ./... cuts short (MRSCHED_LONG=1, internal/testenv.Long)
LONG_TESTS := ^(TestOracleWeightedDAG|TestBruteForceN7|TestStoppedSearchBoundIsProved|TestWeightedAndDAGBounds|TestNodeLimit)$$
LONG_PACKAGES := ./solver/exact/internal/bruteforce/ ./solver/exact/ratsearch/ ./solver/exact/search/ ./solver/exact/
test-long:
	MRSCHED_LONG=1 $(GO) test -count=1 -timeout 30m -run '$(LONG_TESTS)' $(LONG_PACKAGES)

## test-scripts: the CI machinery against fabricated logs and makefiles (closing line, every
## target runs, make's exit status) and the check that every skip goes through internal/testenv
test-scripts:
	bash scripts/test/ci-scripts.sh

## test-build-cbc: `make build` includes the CBC engine whenever pkg-config finds cbc
## (a missing CBC fails under MRSCHED_REQUIRE_ALL=1, i.e. in make test and CI)
test-build-cbc: build
	@if pkg-config --exists cbc 2>/dev/null; then \
		$(BIN) engine info --format csv | grep -q '^cbc,true,' || { \
			echo "test-build-cbc: pkg-config finds cbc but $(BIN) has no CBC engine:"; $(BIN) engine info; exit 1; }; \
		echo "test-build-cbc: $(BIN) includes CBC $$(pkg-config --modversion cbc)"; \
	elif [ "$$MRSCHED_REQUIRE_ALL" = 1 ] || [ "$$CI" = true ]; then \
		echo "test-build-cbc: CBC missing (pkg-config finds no cbc); install: make setup-cbc (apt-get install -y coinor-libcbc-dev pkg-config)"; exit 1; \
	else \
		echo "test-build-cbc: skipped: pkg-config finds no cbc (make setup-cbc installs it)"; \
	fi

## bench: Go benchmarks and the topic benchmark programs (figures for BENCHMARKS.md)
bench: build
	$(GO) test -run '^$$' -bench . -benchmem -count 1 ./... | tee bench.out
	@for t in $(BENCH_TARGETS); do $(MAKE) --no-print-directory $$t || exit 1; done

## lint: go vet, the development-history check (internal/doccheck) and staticcheck
lint:
	$(GO) vet ./...
	$(GO) test -count=1 -run '^(TestNoDevelopmentHistory|TestHistoryPattern|TestCheckHistoryPlanted)$$' ./internal/doccheck/
	@command -v staticcheck >/dev/null 2>&1 || GOFLAGS= $(GO) install honnef.co/go/tools/cmd/staticcheck@$(STATICCHECK_VERSION)
	PATH="$$PATH:$$($(GO) env GOPATH)/bin" staticcheck ./...

## doc-check: every command, make target, path and labelled figure the docs quote is current
doc-check:
	$(GO) test -count=1 ./internal/doccheck/

fmt:
	gofmt -w $$(git ls-files '*.go')

clean:
	rm -rf bin bench.out
