# Slot-level cluster simulation: docs/cluster.md.
.PHONY: cluster-test cluster-bench cluster-studies cluster-swim2010 cluster-run

## cluster-test: the cluster packages' tests (also part of go test ./...)
cluster-test:
	$(GO) test -count=1 ./instances/workload/... ./solver/cluster/...

## cluster-bench: simulator events per second (wall and CPU time), all policies side by side: synthetic 10^5 and 10^6 jobs, SWIM FB-2010 (300 nodes)
cluster-bench:
	$(GO) test -run '^$$' -bench Simulate -benchtime 1x -count 1 -timeout 60m ./solver/cluster/

## cluster-studies: LsPS Table II and its parameter map (20 seeds), H-PFSP Fig. 2-5 and protectiveness, SWIM FB-2009 → results/cluster
cluster-studies: build
	$(BIN) cluster study lsps --seeds 20 --out results/cluster
	$(GO) test -count=1 -run 'TestClusterLsPSMapStudy$$' -timeout 30m ./report/figures/ -cluster-lsps-map-out $(CURDIR)/results/cluster
	$(BIN) cluster study hpfsp --seeds 10 --out results/cluster
	$(BIN) cluster study swim --nodes 100 --out results/cluster
	$(BIN) cluster study swim --nodes 30 --out results/cluster

## cluster-swim2010: the whole FB-2010 day on 300 nodes, all policies (about 42 s of CPU for the five simulations; docs/cluster.md#benchmarks)
cluster-swim2010: build
	$(BIN) cluster study swim --trace ../shared/data/swim/FB-2010_samples_24_times_1hr_0.tsv --nodes 300 --out results/cluster
	$(BIN) cluster study swim --trace ../shared/data/swim/FB-2010_samples_24_times_1hr_0.tsv --nodes 300 --max-jobs 6000 --out results/cluster

## cluster-run: a quick demonstration on the default workload
cluster-run: build
	mkdir -p out
	$(BIN) gen cluster --kind table2 --seed 1 --out out/cluster-t2.json --quiet
	$(BIN) cluster simulate --workload out/cluster-t2.json --policy lsps

# cluster-test repeats what go test ./... runs; it is not in TEST_TARGETS
BENCH_TARGETS += cluster-bench
DEMO_TARGETS += cluster-run
