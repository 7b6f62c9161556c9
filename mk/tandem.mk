# Overlapping tandem queue: policy comparison, benchmarks, §5.3 reproduction.
.PHONY: tandem-run tandem-bench tandem-bench-go tandem-throughput tandem-5e7 tandem-repro tandem-digest tandem-mutation tandem-sidebyside

# benchstat, pinned (golang.org/x/perf has no releases; this is a commit of 2026-09-08).
BENCHSTAT ?= GOFLAGS= $(GO) run golang.org/x/perf/cmd/benchstat@v0.0.0-20260908200009-22c9c6c9d4da
TANDEM_COUNT ?= 6

## tandem-run: all policies on the §2.1 example and on a log-normal batch (each schedule validated)
tandem-run: build
	$(BIN) compare --example
	$(BIN) compare --lognormal 500 --seed 1

## tandem-bench: Go benchmarks (each policy against the tight and Theorem 3 SRPT references; the PS and MaxSRPT arithmetic floors) with benchstat medians, and the throughput table
tandem-bench: tandem-bench-go tandem-throughput

tandem-bench-go:
	$(GO) test -run '^$$' -bench 'Ratio' -benchtime 1x -count $(TANDEM_COUNT) -timeout 60m ./solver/fluid/ | tee results/tandem-sim/bench-ratio.txt
	$(BENCHSTAT) -filter '.unit:(x-tight OR x-thm3 OR x-tight-wall OR ns/job)' results/tandem-sim/bench-ratio.txt | tee results/tandem-sim/bench-ratio-benchstat.txt
	$(GO) test -run '^$$' -bench 'Floor' -benchtime 1x -count $(TANDEM_COUNT) -timeout 60m ./solver/fluid/ | tee results/tandem-sim/bench-floor.txt
	$(BENCHSTAT) -filter '.unit:(floor-x-tight OR sec/event OR events/job OR updates/job)' results/tandem-sim/bench-floor.txt | tee results/tandem-sim/bench-floor-benchstat.txt

## tandem-throughput: jobs/s per policy beside both SRPT references, loads 0.5/0.75/0.9, 10^7 pre-generated arrivals (10^6: BenchmarkRatio)
tandem-throughput:
	$(GO) run ./bench/tandemsim throughput --pregen --n 10000000 --loads 0.5,0.75,0.9 --reps 2 --out results/tandem-sim/throughput-pregen

## tandem-5e7: the paper's 5·10^7-arrival run at load 0.9 for every policy, and the generator alone (long)
tandem-5e7:
	$(GO) run ./bench/tandemsim long --n 50000000 --load 0.9 --quiet --policies maxsrpt,splitsrpt,fifo,klps,ps --out results/tandem-sim/long-5e7

## tandem-repro: §5.3 mean response times with confidence intervals (long)
tandem-repro:
	$(GO) run ./bench/tandemsim repro --n 1000000 --seeds 5 --workers 1 --policies klps,klps-maponly,maxsrpt,splitsrpt --out results/tandem-sim/repro

## tandem-digest: SHA-256 digests of every policy's per-job results at 10^6 arrivals and every load (compare two builds)
tandem-digest:
	$(GO) run ./bench/tandemsim digest --n 1000000 --m 3000 --out results/tandem-sim/digest-1e6

## tandem-sidebyside: BenchmarkRatio of commit BASE (default f21a58d, before the specialised MaxSRPT loop) and of the working tree, alternately in one run, benchstat medians
TANDEM_BASE ?= f21a58d
tandem-sidebyside:
	BENCHSTAT="$(BENCHSTAT)" bench/tandemsim/sidebyside.sh $(TANDEM_BASE) $(TANDEM_COUNT) results/tandem-sim/sidebyside

## tandem-mutation: remove each event type in a scratch copy and list the tests that catch it
tandem-mutation:
	bench/tandemsim/mutation.sh | tee results/tandem-sim/mutation.txt

RUN_TARGETS += tandem-run
BENCH_TARGETS += tandem-bench
