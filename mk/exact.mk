# Exact optima and bounds (issue 4): brute-force sweeps and benchmarks.
.PHONY: exact-test exact-sweep exact-cbc exact-bench-taillard exact-bench-lognormal exact-bench exact-bench-issue13 exact-sweep-portfolio

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

## exact-bench-issue13: the portfolio against the search of commit eb9163d (built from `git archive`
## in a temporary directory, removed afterwards) and native glpsol/cbc on the exported MIP, side by
## side in one run per suite; tables and goal summaries in results/exact/*-issue13*. Long (≈ 1 h).
EXACT_BASE_COMMIT ?= eb9163d
EXACT_BENCH_LIMIT ?= 60s
exact-bench-issue13:
	@tmp=$$(mktemp -d) && trap 'rm -rf "$$tmp"' EXIT && \
	git archive $(EXACT_BASE_COMMIT) | tar -x -C "$$tmp" && \
	(cd "$$tmp" && $(GO) build -o "$$tmp/mrsched-base" ./cmd/mrsched) && \
	$(GO) build -o "$$tmp/exact-bench" ./bench/exact && \
	B="$$tmp/exact-bench" && BASE="$$tmp/mrsched-base" && L=$(EXACT_BENCH_LIMIT) && \
	$$B -suite lognormal -n 20 -seeds 10 -kinds balanced -methods portfolio,baseline -baseline $$BASE -limit $$L -out results/exact -name issue13-balanced && \
	$$B -suite lognormal -n 20 -seeds 10 -kinds unbalanced -methods portfolio,baseline -baseline $$BASE -limit $$L -out results/exact -name issue13-unbalanced && \
	$$B -suite lognormal -n 14,16,18,20 -seeds 3 -kinds balanced -methods glpsol,cbc -limit $$L -out results/exact -name issue13-native && \
	$$B -suite lognormal -n 8,10,12 -seeds 3 -kinds unbalanced -methods search,search-nodom -limit 600s -out results/exact -name issue13-nodes && \
	$$B -suite nightly -methods portfolio,baseline,glpsol,cbc -baseline $$BASE -limit 20s -out results/exact -name issue13 && \
	$$B -suite taillard -methods portfolio,baseline -baseline $$BASE -limit $$L -out results/exact -name issue13 && \
	$$B -suite taillard50 -methods portfolio -limit $$L -out results/exact -name issue13 && \
	$$B -suite releases -n 12 -seeds 10 -methods portfolio,polish,baseline -baseline $$BASE -limit $$L -out results/exact -name issue13-n12 && \
	$$B -suite releases -n 20 -seeds 5 -methods portfolio,polish -limit $$L -out results/exact -name issue13-n20

## exact-sweep-portfolio: portfolio, search alone and GLPK MIP alone against brute force (500+ instances)
exact-sweep-portfolio:
	$(GO) test -count=1 -timeout 60m -run 'AgainstBruteForce' ./solver/exact/portfolio ./solver/exact/dominance -args -full

exact-bench: exact-bench-taillard exact-bench-lognormal exact-bench-issue13

BENCH_TARGETS += exact-bench

## setup-glpk: GLPK's glpsol (Debian glpk-utils) for the portfolio's MIP engine (package solver/glpk)
SETUP_TARGETS += setup-glpk
.PHONY: setup-glpk
setup-glpk:
	@if command -v glpsol >/dev/null 2>&1; then echo "setup-glpk: $$(glpsol --version | head -1)"; \
	else bash scripts/apt-install.sh glpk-utils; fi
