# Straggling mappers (solver/straggler, instances/nodes, mrsched mst).
.PHONY: straggler-test straggler-bench straggler-des-bench straggler-figures straggler-fuzz straggler-des

## straggler-test: the straggler CLI examples run as written
straggler-test: build
	$(BIN) mst eval --mu 1,1,0.8 --lambda 0.5,0.5,0.4 --method all >/dev/null
	$(BIN) mst forkjoin --k 4 --jobs 20000 >/dev/null
	$(BIN) mst fit --samples results/straggler/samples_example.txt >/dev/null

## straggler-bench: MST integral (1e4, 1e5 nodes), optimal mapping (1e4), Monte Carlo throughput
straggler-bench:
	$(GO) test -run '^$$' -bench . -count 5 ./solver/straggler/ | tee bench-straggler.out

## straggler-des-bench: des engines side by side (event heap vs Lindley), 10 interleaved runs; benchstat bench-straggler-des.out
straggler-des-bench:
	$(GO) test -c -o straggler-des.test ./solver/straggler/des/
	for i in 1 2 3 4 5 6 7 8 9 10; do ./straggler-des.test -test.run '^$$' -test.bench Engine -test.benchtime 4x | grep Benchmark; done | tee bench-straggler-des.out
	rm -f straggler-des.test

## straggler-figures: recompute results/straggler (Fig. 3, 4, 6, 8, 10, 11)
straggler-figures: build
	$(BIN) mst figures --out results/straggler --png

straggler-fuzz:
	$(GO) test -run '^$$' -fuzz FuzzReadJSON -fuzztime 30s ./instances/nodes
	$(GO) test -run '^$$' -fuzz FuzzReadCSV -fuzztime 30s ./instances/nodes
	$(GO) test -run '^$$' -fuzz FuzzTaskDurations -fuzztime 30s ./solver/straggler
	$(GO) test -run '^$$' -fuzz FuzzReadSamples -fuzztime 30s ./instances/nodes

TEST_TARGETS += straggler-test
BENCH_TARGETS += straggler-bench straggler-des-bench
DEMO_TARGETS += straggler-test

## straggler-des: simulated Fig. 5, 7, 9, 12, the Fig. 2 fit (Google slice) and the DM-EP check into results/straggler (20 replications)
straggler-des: build
	$(BIN) mst simulate --figures results/straggler --format markdown --out results/straggler/dmep_check.md \
	  $(foreach p,$(sort $(wildcard ../shared/data/google2011/task_events/*.csv.gz)),--task-events $(p))
