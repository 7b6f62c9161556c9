# Exact optima and bounds (issue 4): brute-force sweeps and benchmarks.
.PHONY: exact-test exact-sweep exact-cbc exact-bench-taillard exact-bench-lognormal exact-bench

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

exact-bench: exact-bench-taillard exact-bench-lognormal

BENCH_TARGETS += exact-bench

## setup-glpk: GLPK's glpsol (Debian glpk-utils) for the portfolio's MIP engine (package solver/glpk)
SETUP_TARGETS += setup-glpk
.PHONY: setup-glpk
setup-glpk:
	@if command -v glpsol >/dev/null 2>&1; then echo "setup-glpk: $$(glpsol --version | head -1)"; \
	elif command -v apt-get >/dev/null 2>&1 && [ "$$(id -u)" = 0 ]; then DEBIAN_FRONTEND=noninteractive apt-get install -y glpk-utils; \
	else echo "setup-glpk: install glpk-utils (glpsol) for the portfolio's MIP engine"; fi
