# Reproduction index: docs/reproduction.md.
# Paper-scale runs of the experiments the toolkit otherwise runs smaller than the papers.
# Each run records its wall and CPU time (GNU time) and the load average before and after
# in a .time file beside its results; cell journals go to $(PAPER_SCALE_CELLS) (not committed).
.PHONY: reproduce-paper-scale reproduce-lin-53 reproduce-lin-fig9

PAPER_SCALE_CELLS ?= out/paper-scale
# shards of the sharded sweeps run at a time (GNU parallel -j); 1 on a busy machine
PAPER_SCALE_JOBS ?= 2
TIMEFMT := wall %e s, user %U s, sys %S s, CPU %P, max RSS %M KB

## reproduce-paper-scale: every paper-scale run of docs/reproduction.md, one after the other (about 6 min of CPU: 2 × 175 s measured; 2 × 4.6 min wall at load 9–12)
reproduce-paper-scale: reproduce-lin-53 reproduce-lin-fig9

## reproduce-lin-53: Lin §5.3 mean response times, 5 seeds × 10^7 arrivals = 5·10^7 per load and policy (the paper: one run of 5·10^7)
reproduce-lin-53:
	mkdir -p results/tandem-sim/paper-scale
	$(GO) build -o bin/tandemsim ./bench/tandemsim
	uptime > results/tandem-sim/paper-scale/repro-5e7.time
	/usr/bin/time -a -o results/tandem-sim/paper-scale/repro-5e7.time -f '$(TIMEFMT)' \
		bin/tandemsim repro --n 10000000 --seeds 5 --workers 1 --policies klps,maxsrpt,splitsrpt \
		--out results/tandem-sim/paper-scale/repro-5e7
	uptime >> results/tandem-sim/paper-scale/repro-5e7.time

## reproduce-lin-fig9: Lin Fig. 9, 5 replications × 10^7 jobs = 5·10^7 per load and policy, as sharded cells merged (GNU parallel)
reproduce-lin-fig9: build report-setup
	mkdir -p results/report/paper-scale/fig9 $(PAPER_SCALE_CELLS)
	uptime > results/report/paper-scale/fig9.time
	MRSCHED=$(BIN) /usr/bin/time -a -o results/report/paper-scale/fig9.time -f '$(TIMEFMT)' \
		scripts/report-parallel.sh -j $(PAPER_SCALE_JOBS) 6 $(PAPER_SCALE_CELLS)/fig9 -- \
		study fig9 --jobs 10000000 --reps 5 --format md --figures results/report/paper-scale/fig9 \
		> results/report/paper-scale/fig9.md
	uptime >> results/report/paper-scale/fig9.time
	$(BIN) merge --format csv --quiet $(PAPER_SCALE_CELLS)/fig9/shard-*-of-6.jsonl > results/report/paper-scale/fig9.csv
