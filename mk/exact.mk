# Exact optima and bounds: brute-force sweeps and benchmarks (docs/exact.md).
.PHONY: exact-test exact-sweep exact-cbc exact-bench-taillard exact-bench-lognormal exact-bench exact-bench-vs-commit exact-sweep-portfolio

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

## exact-bench-vs-commit: the portfolio against the search of commit EXACT_BASE_COMMIT (built from
## `git archive` in a temporary directory, removed afterwards) and native glpsol/cbc on the exported
## MIP, side by side in one run per suite; tables and target summaries in results/exact/*-vs-commit*.
## Long (≈ 1 h).
EXACT_BASE_COMMIT ?= eb9163d
EXACT_BENCH_LIMIT ?= 60s
exact-bench-vs-commit:
	@tmp=$$(mktemp -d) && trap 'rm -rf "$$tmp"' EXIT && \
	git archive $(EXACT_BASE_COMMIT) | tar -x -C "$$tmp" && \
	(cd "$$tmp" && $(GO) build -o "$$tmp/mrsched-base" ./cmd/mrsched) && \
	$(GO) build -o "$$tmp/exact-bench" ./bench/exact && \
	B="$$tmp/exact-bench" && BASE="$$tmp/mrsched-base" && L=$(EXACT_BENCH_LIMIT) && \
	$$B -suite lognormal -n 20 -seeds 10 -kinds balanced -methods portfolio,baseline -baseline $$BASE -limit $$L -out results/exact -name vs-commit-balanced && \
	$$B -suite lognormal -n 20 -seeds 10 -kinds unbalanced -methods portfolio,baseline -baseline $$BASE -limit $$L -out results/exact -name vs-commit-unbalanced && \
	$$B -suite lognormal -n 14,16,18,20 -seeds 3 -kinds balanced -methods glpsol,cbc -limit $$L -out results/exact -name vs-commit-native && \
	$$B -suite lognormal -n 8,10,12 -seeds 3 -kinds unbalanced -methods search,search-nodom -limit 600s -out results/exact -name vs-commit-nodes && \
	$$B -suite nightly -methods portfolio,baseline,glpsol,cbc -baseline $$BASE -limit 20s -out results/exact -name vs-commit && \
	$$B -suite taillard -methods portfolio,baseline -baseline $$BASE -limit $$L -out results/exact -name vs-commit && \
	$$B -suite taillard50 -methods portfolio -limit $$L -out results/exact -name vs-commit && \
	$$B -suite releases -n 12 -seeds 10 -methods portfolio,polish,baseline -baseline $$BASE -limit $$L -out results/exact -name vs-commit-n12 && \
	$$B -suite releases -n 20 -seeds 5 -methods portfolio,polish -limit $$L -out results/exact -name vs-commit-n20

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

## exact-bench-paired: the portfolio of this tree and of EXACT_PAIRED_BASE on the unbalanced
## log-normal batches (n = 20 and 25, 10 seeds, 60 s), as two paired processes at the same time (both
## see the same load); tables results/exact/lognormal-paired-{new,base}-unbalanced-n{20,25}.*
EXACT_PAIRED_BASE ?= 7d79674
.PHONY: exact-bench-paired
exact-bench-paired:
	@tmp=$$(mktemp -d) && trap 'rm -rf "$$tmp"' EXIT && \
	git archive $(EXACT_PAIRED_BASE) | tar -x -C "$$tmp" && \
	(cd "$$tmp" && $(GO) build -o "$$tmp/bench-base" ./bench/exact) && \
	$(GO) build -o "$$tmp/bench-new" ./bench/exact && \
	for n in 20 25; do \
	  for side in new base; do \
	    "$$tmp/bench-$$side" -suite lognormal -n $$n -seeds 10 -kinds unbalanced -methods portfolio -limit 60s \
	      -out results/exact -name paired-$$side-unbalanced-n$$n & \
	  done; wait; \
	done

## exact-bench-warm-start: warm-started prefix LPs (docs/exact.md, "Warm-started prefix LPs"):
## the search alone on unbalanced n = 20 seeds 3 and 9 with and without warm starts (200 000 nodes,
## alternating), then the portfolio on the unbalanced n = 20 and n = 25 sets (10 seeds, 60 s);
## tables results/exact/lognormal-warm-n{20,25}.*
.PHONY: exact-bench-warm-start
exact-bench-warm-start:
	@tmp=$$(mktemp -d) && trap 'rm -rf "$$tmp"' EXIT && \
	$(GO) test -c -o "$$tmp/search.test" ./solver/exact/search/ && \
	nice -n 10 "$$tmp/search.test" -test.run TestMeasureWarmStart -test.v -measure-warm 3,9 \
	  -measure-nodes 200000 -measure-runs cold,warm,cold,warm && \
	$(GO) build -o "$$tmp/bench" ./bench/exact && \
	for n in 20 25; do \
	  nice -n 10 "$$tmp/bench" -suite lognormal -n $$n -seeds 10 -kinds unbalanced -methods portfolio -limit 60s \
	    -out results/exact -name warm-n$$n || exit 1; \
	done
