# The reporter (issue 6): docs/report.md.
.PHONY: report-setup report-test report-test-parallel report-test-resume report-bench \
	report-studies study-tightness study-fig7 study-fig9 study-nightly run-nightly

REPORT_TMP ?= /tmp/mrsched-report-test

## report-setup: GNU parallel (Debian package 'parallel') for sharded sweeps
report-setup:
	@command -v parallel >/dev/null 2>&1 || { \
		echo "report-setup: installing GNU parallel"; \
		if [ "$$(id -u)" = 0 ]; then apt-get install -y parallel || { apt-get update && apt-get install -y parallel; }; \
		else sudo apt-get install -y parallel || { sudo apt-get update && sudo apt-get install -y parallel; }; fi; }
	@parallel --version | head -1

## report-test: the report packages' tests (also part of go test ./...)
report-test:
	$(GO) test -count=1 ./report/... 

## report-test-parallel: 4 shards with GNU parallel, merged, must equal the unsharded run byte for byte
report-test-parallel: build report-setup
	rm -rf $(REPORT_TMP)/par && mkdir -p $(REPORT_TMP)/par
	$(BIN) report --gen lognormal,n=9,batch,seed=1-12 --gen cor6,n=3-9/3,beta=2 \
		--methods fifo,klps,maxsrpt,splitsrpt,alt,lb51,lbcount --format md --quiet > $(REPORT_TMP)/par/whole.md
	MRSCHED=$(BIN) scripts/report-parallel.sh 4 $(REPORT_TMP)/par/cells -- report \
		--gen lognormal,n=9,batch,seed=1-12 --gen cor6,n=3-9/3,beta=2 \
		--methods fifo,klps,maxsrpt,splitsrpt,alt,lb51,lbcount --format md > $(REPORT_TMP)/par/merged.md
	cmp $(REPORT_TMP)/par/whole.md $(REPORT_TMP)/par/merged.md
	MRSCHED=$(BIN) scripts/report-parallel.sh 3 $(REPORT_TMP)/par/fig9 -- study fig9 --jobs 4000 --reps 2 --format csv > $(REPORT_TMP)/par/fig9-merged.csv
	$(BIN) study fig9 --jobs 4000 --reps 2 --format csv --quiet > $(REPORT_TMP)/par/fig9-whole.csv
	cmp $(REPORT_TMP)/par/fig9-whole.csv $(REPORT_TMP)/par/fig9-merged.csv
	@echo "report-test-parallel: GNU parallel shards merge to the unsharded output (byte-identical)"

## report-test-resume: kill -9 a sweep part-way, resume it, compare with an uninterrupted run
report-test-resume: build
	rm -rf $(REPORT_TMP)/res && mkdir -p $(REPORT_TMP)/res
	$(BIN) study fig9 --jobs 60000 --reps 6 --workers 1 --quiet --format csv > $(REPORT_TMP)/res/whole.csv
	@( $(BIN) study fig9 --jobs 60000 --reps 6 --workers 1 --quiet --format csv \
		--cells $(REPORT_TMP)/res/cells.jsonl > /dev/null & pid=$$!; \
	   for i in $$(seq 1 600); do \
		n=$$(( $$(cat $(REPORT_TMP)/res/cells.jsonl.journal 2>/dev/null | wc -l) - 1 )); \
		[ $$n -ge 3 ] && break; sleep 0.1; done; \
	   kill -9 $$pid; wait $$pid 2>/dev/null; \
	   echo "killed after $$n of 36 cells"; test $$n -ge 3 && test $$n -lt 36 )
	test ! -e $(REPORT_TMP)/res/cells.jsonl
	$(BIN) study fig9 --jobs 60000 --reps 6 --workers 2 --format csv \
		--cells $(REPORT_TMP)/res/cells.jsonl > $(REPORT_TMP)/res/resumed.csv 2> $(REPORT_TMP)/res/resume.log
	cmp $(REPORT_TMP)/res/whole.csv $(REPORT_TMP)/res/resumed.csv
	test ! -e $(REPORT_TMP)/res/cells.jsonl.journal
	@echo "report-test-resume: resumed sweep equals the uninterrupted one"

## report-bench: report runner throughput, 1 vs 2 workers side by side, and shard file overhead
report-bench:
	$(GO) test -run '^$$' -bench . -benchmem -count 1 ./report/...

## report-studies: every study into results/report (fig9 runs a few minutes)
report-studies: study-tightness study-fig7 study-fig9 study-nightly

study-tightness: build
	mkdir -p results/report/tightness
	$(BIN) study tightness --exact search --exact-max-n 8 --time-limit 60s --format md --figures results/report/tightness \
		--cells results/report/tightness/cells.jsonl > results/report/tightness.md || { rc=$$?; [ $$rc -eq 2 ] || exit $$rc; \
		echo "study-tightness: VIOLATIONS or CONFLICTS flagged (exit 2): see the end of results/report/tightness.md" >&2; }
	$(BIN) merge --format csv --quiet results/report/tightness/cells.jsonl > results/report/tightness.csv || [ $$? -eq 2 ]

study-fig7: build
	mkdir -p results/report/fig7
	$(BIN) study fig7 --format md --figures results/report/fig7 --cells results/report/fig7/cells.jsonl > results/report/fig7.md
	$(BIN) merge --format csv --quiet results/report/fig7/cells.jsonl > results/report/fig7.csv

study-fig9: build
	mkdir -p results/report/fig9
	$(BIN) study fig9 --format md --figures results/report/fig9 --cells results/report/fig9/cells.jsonl > results/report/fig9.md
	$(BIN) merge --format csv --quiet results/report/fig9/cells.jsonl > results/report/fig9.csv

study-nightly: build
	mkdir -p results/report/nightly
	$(BIN) study nightly --format md --figures results/report/nightly > results/report/nightly.md

## run-nightly: the planner's view of the embedded nightly batch; figures in out/nightly
run-nightly:
	mkdir -p out/nightly
	$(BIN) study nightly --time-limit 20s --figures out/nightly
	@echo "run-nightly: Gantt charts and totals in out/nightly/"

SETUP_TARGETS += report-setup
TEST_TARGETS += report-test-parallel report-test-resume
BENCH_TARGETS += report-bench
RUN_TARGETS += run-nightly
