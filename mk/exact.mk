# Exact optima and bounds: brute-force sweeps and benchmarks (docs/exact.md).
.PHONY: exact-test exact-sweep exact-cbc exact-bench-taillard exact-bench-lognormal exact-bench exact-sweep-portfolio

## exact-test: the exact-method packages' tests (default sizes); not in TEST_TARGETS,
## since make test's go test ./... already runs them
exact-test:
	$(GO) test -count=1 ./bounds/... ./instances/taillard/... ./solver/exact/...

## exact-sweep: brute force vs MIP and search up to n = 6 (batch) and 5 (releases),
## plus the MIP's 300 + 150 tie-family instances (identical jobs, extreme ratios)
exact-sweep:
	$(GO) test -count=1 -timeout 60m -run 'AgainstBruteForce' ./solver/exact/mipform ./solver/exact/search -args -full

## exact-cbc: both engines agree with brute force (needs CBC: -tags cbc)
exact-cbc:
	$(GO) test -tags cbc -count=1 -timeout 30m -run TestEnginesAgree ./solver/exact/mipform

## exact-bench-taillard: the ten Taillard 20x5 instances (first two machines), 60 s per run
exact-bench-taillard:
	$(GO) run ./bench/exact -suite taillard -limit 60s -polish-limit 30s -out results/exact
	@echo "with CBC: go run -tags cbc ./bench/exact -suite taillard -limit 60s -polish-limit 30s -engines highs,cbc -search-engines cbc -out results/exact"

## exact-bench-lognormal: log-normal batches, balanced (α ≤ 2) and unbalanced, 10 seeds per n
exact-bench-lognormal:
	$(GO) run ./bench/exact -suite lognormal -limit 60s -seeds 10 -n 6,8,10,12,14 -methods search,mip -out results/exact

## exact-bench: the benchmark suites of the batch search and the nightly batch (release dates:
## exact-bench-releases in mk/exact-releases.mk), each run side by side with the search of
## EXACT_BASELINE_COMMIT (built from `git archive`; "baseline"), 60 s per instance; tables (per
## instance: method, engine, status, time, CPU seconds, nodes, final gap) and target summaries in
## results/exact/*-baseline*. Log-normal n = 20 balanced and unbalanced (10 seeds), glpsol against
## the cbc program on the exported models, the median proven size (n = 22…26) and nodes per added
## job (n = 8…16, to optimality: load-independent); Taillard ta001–ta010 and the 50-job gaps; the
## nightly batch. Very long (several hours on 2 cores); the suites are independent make targets.
EXACT_BASELINE_COMMIT ?= f21a58d
EXACT_BASELINE_BIN ?= /tmp/mrsched-exact-baseline
EXACT_BENCH_SUITES = exact-bench-lognormal-n20 exact-bench-engines exact-bench-size exact-bench-nodes exact-bench-taillard-baseline exact-bench-nightly
.PHONY: exact-bench-build-baseline $(EXACT_BENCH_SUITES)
exact-bench-build-baseline:
	@mkdir -p $(EXACT_BASELINE_BIN) && tmp=$$(mktemp -d) && trap 'rm -rf "$$tmp"' EXIT && \
	git archive $(EXACT_BASELINE_COMMIT) | tar -x -C "$$tmp" && \
	(cd "$$tmp" && $(GO) build -o $(EXACT_BASELINE_BIN)/mrsched-base ./cmd/mrsched) && \
	$(GO) build -o $(EXACT_BASELINE_BIN)/exact-bench ./bench/exact
EG = $(EXACT_BASELINE_BIN)/exact-bench -out results/exact -baseline $(EXACT_BASELINE_BIN)/mrsched-base
exact-bench-lognormal-n20: exact-bench-build-baseline
	$(EG) -suite lognormal -n 20 -seeds 10 -kinds unbalanced -methods portfolio,baseline -limit 60s -name baseline-unbalanced
	$(EG) -suite lognormal -n 20 -seeds 10 -kinds balanced -methods portfolio,baseline -limit 60s -name baseline-balanced
exact-bench-engines: exact-bench-build-baseline
	$(EG) -suite lognormal -n 20 -seeds 10 -kinds unbalanced -methods glpsol,cbc-cli -limit 60s -name engines-unbalanced
exact-bench-size: exact-bench-build-baseline
	$(EG) -suite lognormal -n 22,24,26 -seeds 10 -kinds unbalanced -methods portfolio -limit 60s -name size
exact-bench-nodes: exact-bench-build-baseline
	$(EG) -suite lognormal -n 8,10,12,14 -seeds 5 -kinds unbalanced -methods search-only,search-nopair,baseline -limit 300s -name nodes
	$(EG) -suite lognormal -n 16 -seeds 5 -kinds unbalanced -methods search-only,search-nopair -limit 300s -name nodes-n16
exact-bench-taillard-baseline: exact-bench-build-baseline
	$(EG) -suite taillard -methods portfolio,baseline -limit 60s -name baseline
	$(EG) -suite taillard50 -methods portfolio,baseline -limit 60s -name baseline
exact-bench-nightly: exact-bench-build-baseline
	$(EG) -suite nightly -methods portfolio,baseline -limit 20s -name baseline
exact-bench: $(EXACT_BENCH_SUITES)

## exact-sweep-portfolio: portfolio, search alone and GLPK MIP alone against brute force (500+ instances)
exact-sweep-portfolio:
	$(GO) test -count=1 -timeout 60m -run 'AgainstBruteForce' ./solver/exact/portfolio ./solver/exact/dominance -args -full


BENCH_TARGETS += exact-bench

## setup-glpk: GLPK's glpsol (Debian glpk-utils) for the portfolio's MIP engine (package solver/glpk)
SETUP_TARGETS += setup-glpk
.PHONY: setup-glpk
setup-glpk:
	@if command -v glpsol >/dev/null 2>&1; then echo "setup-glpk: $$(glpsol --version | head -1)"; \
	else bash scripts/apt-install.sh glpk-utils; fi

## setup-cbc-cli: CBC's command-line program cbc (Debian coinor-cbc) for the portfolio's MIP on
## batches (package solver/cbccli)
SETUP_TARGETS += setup-cbc-cli
.PHONY: setup-cbc-cli
setup-cbc-cli:
	@if command -v cbc >/dev/null 2>&1; then echo "setup-cbc-cli: $$(cbc -quit 2>/dev/null | grep Version)"; \
	else bash scripts/apt-install.sh coinor-cbc; fi

