# Planner scale: large nights (docs/planner.md).
.PHONY: planner-bench planner-bench-full

## planner-bench: solve on log-normal batches (100-10,000 jobs), Taillard (50-500 jobs), SWIM windows,
## log-normal online instances and DAG nights (100-10,000 jobs) at 5, 15 and 60 s beside the answer
## of the fallback heuristics; writes results/planner/ (planner.csv, planner.md, gap_vs_time.svg).
## About 25 minutes.
planner-bench: build
	$(GO) run ./bench/planner -bin $(BIN) -suite quick -seeds 2 -other-seeds 1 -limits 5s,15s,60s -out results/planner

## planner-bench-full: also 100,000 jobs, 10,000 online jobs and whole SWIM days (about an hour)
planner-bench-full: build
	$(GO) run ./bench/planner -bin $(BIN) -suite full -seeds 3 -limits 5s,15s,60s -out results/planner-full
