# Hard instances: NMTS reduction of Theorem 1, Theorem 2 adversary,
# Cor 4/6 tight families, worst-case search. Outputs under results/hard/.
.PHONY: hard-run hard-test hard-bench hard-adversary hard-adversary-yao hard-worst-exact theory hard-reduce-opt hard-search hard-tight

# Each recipe that needs scratch files makes its own temporary folder (removed
# on exit), so two checkouts can run them at once.
HARD_TMPDIR = tmp=$$(mktemp -d "$${TMPDIR:-/tmp}/mrsched-hard.XXXXXX"); trap 'rm -rf "$$tmp"' EXIT

## hard-run: NMTS → tandem reduction for q = 2, 3 (yes and no) with exact verification of the certificate
hard-run: build
	@set -ex; $(HARD_TMPDIR); \
	$(BIN) gen nmts --q 2 --answer yes --seed 1 --out $$tmp/y2.json; \
	$(BIN) gen nmts --q 3 --answer yes --seed 1 --out $$tmp/y3.json; \
	$(BIN) gen nmts --q 3 --answer no --seed 1 --out $$tmp/n3.json; \
	$(BIN) nmts solve --instance $$tmp/n3.json; \
	$(BIN) reduce nmts --instance $$tmp/y2.json --out $$tmp/t2.json; \
	$(BIN) reduce nmts --instance $$tmp/y3.json --out $$tmp/t3.json; \
	$(BIN) reduce verify --instance $$tmp/t3.json; \
	$(BIN) reduce verify --instance $$tmp/t3.json --schedule $$tmp/t3.certificate.json

## hard-test: fuzz the NMTS reader for 30 s
hard-test:
	$(GO) test -run '^$$' -fuzz FuzzReadJSON -fuzztime 30s ./reductions/nmts

## hard-bench: NMTS solver and exact certificate benchmarks
hard-bench:
	$(GO) test -run '^$$' -bench . -benchmem -count 1 ./reductions/... | tee results/hard/bench.txt

## hard-adversary: Theorem 2 adversary vs MaxSRPT, SplitSRPT, FIFO, PS for n up to 32768 (table, CSV, SVG/PNG)
hard-adversary: build
	$(BIN) adversary --policy maxsrpt,splitsrpt,fifo,ps --n 8,27,64,125,216,512,1000,4096,8000,32768 \
	  --plot results/hard/adversary --png --csv results/hard/adversary.csv --format md > results/hard/adversary.md

## hard-adversary-yao: Theorem 2's randomised half — expected ratios under Yao's two-point distribution (table, CSV, SVG/PNG)
hard-adversary-yao: build
	$(BIN) adversary-yao --quiet --policy maxsrpt,splitsrpt,fifo,ps --n 8,27,64,125,216,512,1000,4096,8000,32768 \
	  --plot results/hard/adversary-yao --png --format md --out results/hard/adversary-yao.md
	$(BIN) adversary-yao --quiet --policy maxsrpt,splitsrpt,fifo,ps --n 8,27,64,125,216,512,1000,4096,8000,32768 \
	  --format csv --out results/hard/adversary-yao.csv

## hard-reduce-opt: exact OPT of the q = 2 reductions (yes and no) vs y with HiGHS (minutes)
hard-reduce-opt: build
	@set -ex; $(HARD_TMPDIR); \
	$(BIN) gen nmts --q 2 --answer yes --seed 1 --out $$tmp/y2.json; \
	$(BIN) gen nmts --q 2 --answer no --seed 1 --out $$tmp/n2.json; \
	$(BIN) reduce nmts --instance $$tmp/y2.json --out $$tmp/t2.json; \
	$(BIN) reduce nmts --instance $$tmp/n2.json --out $$tmp/tn2.json; \
	$(BIN) reduce opt --instance $$tmp/t2.json --format md > results/hard/reduce-opt-yes-q2.md; \
	$(BIN) reduce opt --instance $$tmp/tn2.json --format md > results/hard/reduce-opt-no-q2.md

## hard-search: worst-case search n = 4..8 for MaxSRPT and SplitSRPT (long; exact OPT up to n = 7)
hard-search: build
	$(BIN) search --policy maxsrpt --n 4..8 --alpha-max 4 --restarts 3 --steps 120 --exact-max 7 --out-dir results/hard --format md > results/hard/search-maxsrpt.md
	$(BIN) search --policy splitsrpt --n 4..8 --alpha-max 4 --restarts 3 --steps 120 --exact-max 7 --out-dir results/hard --format md > results/hard/search-splitsrpt.md

## hard-worst-exact: worst batches n = 4..12 with exact OPT at every step, 2 shards side by side, merged (minutes)
WORST_EXACT_FLAGS = --quiet --policy maxsrpt,splitsrpt --n 4..12 --restarts 3 --steps 60 --alpha-max 4 --seed 1 \
	--solve-limit 120s --seeds results/hard/search-maxsrpt-n8.json --seeds results/hard/search-splitsrpt-n8.json --workers 1
hard-worst-exact: build
	@set -e; $(HARD_TMPDIR); mkdir -p results/hard/worst; \
	$(BIN) worst-exact $(WORST_EXACT_FLAGS) --shard 1/2 --cells $$tmp/s1.jsonl & p1=$$!; \
	$(BIN) worst-exact $(WORST_EXACT_FLAGS) --shard 2/2 --cells $$tmp/s2.jsonl; wait $$p1; \
	$(BIN) merge --quiet --format md --out results/hard/worst/worst-exact.md --figures results/hard/worst --png $$tmp/s1.jsonl $$tmp/s2.jsonl; \
	$(BIN) merge --quiet --format csv --out results/hard/worst/worst-exact.csv $$tmp/s1.jsonl $$tmp/s2.jsonl

# THEORY_TARGETS: the theory targets of other topics, each added on its own line
# (THEORY_TARGETS += theorem1-separation theorem1-repair, the exact-rational examples).
THEORY_TARGETS += theorem1-separation theorem1-repair
THEORY_TARGETS += exact-rational
## theory: every theory result (docs/hard.md, "Theory results": Theorem 1 targets of THEORY_TARGETS, worst cases, Theorem 2 both halves, §4 families)
theory: build
	@set -e; for t in hard-tight hard-adversary hard-adversary-yao hard-worst-exact $(THEORY_TARGETS); do \
	  $(MAKE) --no-print-directory $$t; done

## hard-tight: the Cor 4 and Cor 6 families with their validated alternative schedules
hard-tight: build
	@set -ex; $(HARD_TMPDIR); \
	$(BIN) gen tight-maxsrpt --n 1000 --alpha 3 --eps 0.001 --out $$tmp/t4.json --alt-out $$tmp/t4.alt.json; \
	$(BIN) gen tight-splitsrpt --n 1000 --beta 2 --out $$tmp/t6.json --alt-out $$tmp/t6.alt.json

DEMO_TARGETS += hard-run
FUZZ_TARGETS += hard-test
BENCH_TARGETS += hard-bench

# Theorem 1: does OPT separate NMTS yes from no (appendix A vs the repaired construction)
# points 2 and 3 (docs/appendix/hard.md). Outputs under results/hard/theorem1/.
.PHONY: theorem1-separation theorem1-repair

## theorem1-separation: exact OPT − y of appendix A's and the repaired reduction: q = 2, 3 (all small instances + seeded random), q = 4 (seeded random); exact search on a node budget (same rows on every machine); 2 shards side by side, merged (tens of minutes)
THEOREM1_SEPARATION_FLAGS = --quiet --q 2,3,4 --enum-max 4,2,0 --random 0,10,3 --max-f 3 --max-g 6 --seed 1 --exact-nodes 500000 --workers 1
theorem1-separation: build
	@set -e; $(HARD_TMPDIR); mkdir -p results/hard/theorem1; \
	$(BIN) reduce separation $(THEOREM1_SEPARATION_FLAGS) --shard 1/2 --cells $$tmp/s1.jsonl & p1=$$!; \
	$(BIN) reduce separation $(THEOREM1_SEPARATION_FLAGS) --shard 2/2 --cells $$tmp/s2.jsonl; wait $$p1; \
	$(BIN) merge --quiet --format md --out results/hard/theorem1/separation.md --figures results/hard/theorem1 $$tmp/s1.jsonl $$tmp/s2.jsonl; \
	$(BIN) merge --quiet --format csv --out results/hard/theorem1/separation.csv $$tmp/s1.jsonl $$tmp/s2.jsonl

## theorem1-repair: the repaired construction's checks (inequalities (R0)–(R5), Lemma W, certificate = y, exact separation, counterexample fixtures)
theorem1-repair:
	$(GO) test -count=1 -v -run 'TestRepaired|TestRepairProof|TestWindowLemma|TestRepairSeparates|TestTheorem1Counterexamples' ./reductions/
