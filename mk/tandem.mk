# Overlapping tandem queue (issue 2): policy comparison, benchmarks, §5.3 reproduction.
.PHONY: tandem-run tandem-bench tandem-5e7 tandem-repro

## tandem-run: all policies on the §2.1 example and on a log-normal batch (each schedule validated)
tandem-run: build
	$(BIN) compare --example
	$(BIN) compare --lognormal 500 --seed 1

## tandem-bench: jobs/s per policy beside the SRPT reference (ratios), loads 0.5/0.75/0.9, 1e5 and 1e6 jobs
tandem-bench:
	$(GO) run ./bench/tandemsim throughput --n 100000,1000000 --loads 0.5,0.75,0.9 --out results/tandem-sim/throughput

## tandem-5e7: the paper's 5·10^7-arrival run at load 0.9 for MaxSRPT and SplitSRPT (long)
tandem-5e7:
	$(GO) run ./bench/tandemsim long --n 50000000 --load 0.9 --policies maxsrpt,splitsrpt --out results/tandem-sim/long-5e7

## tandem-repro: §5.3 mean response times with confidence intervals (long)
tandem-repro:
	$(GO) run ./bench/tandemsim repro --n 1000000 --seeds 5 --workers 1 --policies klps,klps-maponly,maxsrpt,splitsrpt --out results/tandem-sim/repro

RUN_TARGETS += tandem-run
BENCH_TARGETS += tandem-bench
