# CIRCUMFLEX / FLEX shared scans: docs/flex.md.
.PHONY: flex-test flex-fuzz flex-bench flex-study flex-study-maxslots flex-study-sharded flex-run flex-map

## flex-test: the shared-scan packages' tests (also part of go test ./...)
flex-test:
	$(GO) test -count=1 ./instances/sharedscan/... ./solver/flex/...

## flex-fuzz: short fuzz runs of the shared-scan workload reader and the parameter-map cells reader
flex-fuzz:
	$(GO) test -run '^$$' -fuzz FuzzReadJSON -fuzztime 20s ./instances/sharedscan/
	$(GO) test -run '^$$' -fuzz FuzzSummariseMap -fuzztime 20s ./solver/flex/

## flex-bench: GSR, backwards DP and packing vs the appendix-B transcriptions, 10^3…10^5 subjobs, side by side
flex-bench:
	$(GO) test -run '^$$' -bench 'GSR|BDP|Pack' -benchtime 1x -count 1 ./solver/flex/ | tee results/flex/bench.txt

## flex-study: the full §4 study (225 points × 10 repetitions) → results/flex (resumable)
flex-study: build
	$(BIN) flex study --png --out-dir results/flex --workers 2

## flex-study-maxslots: the sensitivity runs with M_j = 10 and M_j = 3 (θ1 = θ2 = 1) → results/flex/maxslots-{10,3}
flex-study-maxslots: build
	$(BIN) flex study --out-dir results/flex/maxslots-10 --max-slots 10 --theta1 1 --theta2 1
	$(BIN) flex study --out-dir results/flex/maxslots-3 --max-slots 3 --theta1 1 --theta2 1

## flex-study-sharded: the same study as two shards merged (byte-identical to flex-study) → out/flex-shards
flex-study-sharded: build
	$(BIN) flex study --out-dir out/flex-shards --shard 1/2
	$(BIN) flex study --out-dir out/flex-shards --shard 2/2
	$(BIN) flex merge --out-dir out/flex-shards out/flex-shards/cells-1-of-2.jsonl out/flex-shards/cells-2-of-2.jsonl

## flex-run: a quick demonstration: a §4 workload planned and simulated under the three schemes
flex-run: build
	mkdir -p out/flex-run
	$(BIN) gen sharedscan --seed 1 --out out/flex-run/sharedscan.json
	$(BIN) flex simulate --workload out/flex-run/sharedscan.json --metric avg-response
	$(BIN) flex plan --workload out/flex-run/sharedscan.json --metric max-stretch --at 50 --svg out/flex-run/plan.svg

FUZZ_TARGETS += flex-fuzz
BENCH_TARGETS += flex-bench
DEMO_TARGETS += flex-run

## flex-map: the parameter map of the §4 study (m_j, M_j, W, block time vs Fig. 5; coarse grid + fine pass, resumable) → results/flex/map
flex-map: build
	$(BIN) flex map --out-dir results/flex/map --workers 2
