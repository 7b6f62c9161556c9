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

.PHONY: all setup build run demo test fuzz bench lint fmt clean

all: build

## setup: install everything the project needs on a fresh machine
setup: $(SETUP_TARGETS)
	$(GO) mod download
	@echo "setup: done"

## build: compile the mrsched command into bin/
build:
	$(GO) build -o $(BIN) ./cmd/mrsched

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

## test: every test (unit, examples, oracles, CLI), then topic test targets
test: build
	$(GO) test -count=1 ./...
	@for t in $(TEST_TARGETS); do $(MAKE) --no-print-directory $$t || exit 1; done

## bench: Go benchmarks and the topic benchmark programs (figures for BENCHMARKS.md)
bench: build
	$(GO) test -run '^$$' -bench . -benchmem -count 1 ./... | tee bench.out
	@for t in $(BENCH_TARGETS); do $(MAKE) --no-print-directory $$t || exit 1; done

## lint: go vet and staticcheck
lint:
	$(GO) vet ./...
	@command -v staticcheck >/dev/null 2>&1 || GOFLAGS= $(GO) install honnef.co/go/tools/cmd/staticcheck@$(STATICCHECK_VERSION)
	PATH="$$PATH:$$($(GO) env GOPATH)/bin" staticcheck ./...

fmt:
	gofmt -w $$(git ls-files '*.go')

clean:
	rm -rf bin bench.out
