# The reporter: docs/report.md.
.PHONY: report-setup report-test report-test-parallel report-test-resume report-bench \
	report-studies study-tightness study-fig7 study-fig9 study-nightly run-nightly \
	setup-chromium test-html report-scale-figures

## report-setup: GNU parallel (Debian package 'parallel') for sharded sweeps
report-setup:
	@command -v parallel >/dev/null 2>&1 || bash scripts/apt-install.sh parallel
	@parallel --version | head -1

## setup-chromium: headless Chromium (Debian package 'chromium') for the browser test of the one-page report
setup-chromium:
	@command -v chromium >/dev/null 2>&1 || bash scripts/apt-install.sh chromium
	@chromium --version 2>/dev/null | head -1

## test-html: the one-page report of the embedded nightly batch ('study nightly --html', with the what-if band) rendered in
## headless Chromium (report/onepage TestChromium): title, one plan row per job, the gap equal to the
## JSON output's, no external reference, no network request, no console message; the screenshot,
## DOM and network log stay in HTML_TEST_OUT
HTML_TEST_OUT ?= out/test-html
test-html: build setup-chromium
	@rm -rf $(HTML_TEST_OUT) && mkdir -p $(HTML_TEST_OUT)
	$(BIN) study nightly --time-limit 20s --quiet --format json --out $(HTML_TEST_OUT)/nightly.json --html $(HTML_TEST_OUT)/nightly.html --whatif-reps 50
	MRSCHED_PAGE_HTML=$(abspath $(HTML_TEST_OUT))/nightly.html MRSCHED_PAGE_JSON=$(abspath $(HTML_TEST_OUT))/nightly.json \
		MRSCHED_TEST_ARTEFACTS=$(abspath $(HTML_TEST_OUT)) $(GO) test -count=1 -run '^TestChromium$$' ./report/onepage
	@echo "test-html: page, screenshot (page.png), DOM and network log in $(HTML_TEST_OUT)/"

## report-test: the report packages' tests (also part of go test ./...)
report-test:
	$(GO) test -count=1 ./report/...

## report-test-parallel: 4 shards with GNU parallel, merged, must equal the unsharded run byte for byte
## (in a temporary folder of its own: two checkouts can test at once)
report-test-parallel: build report-setup
	MRSCHED=$(BIN) bash scripts/test/report-parallel.sh

## report-test-resume: kill -9 a sweep part-way, resume it, compare with an uninterrupted run
report-test-resume: build
	MRSCHED=$(BIN) bash scripts/test/report-resume.sh

## report-bench: report runner throughput, 1 vs 2 workers side by side, and shard file overhead
report-bench:
	$(GO) test -run '^$$' -bench . -benchmem -count 1 ./report/...

## report-studies: every study into results/report (fig9 runs a few minutes)
report-studies: study-tightness study-fig7 study-fig9 study-nightly

study-tightness: build
	mkdir -p results/report/tightness
	$(BIN) study tightness --exact search --exact-max-n 8 --time-limit 60s --format md --figures results/report/tightness --png \
		--cells results/report/tightness/cells.jsonl > results/report/tightness.md || { rc=$$?; [ $$rc -eq 2 ] || exit $$rc; \
		echo "study-tightness: VIOLATIONS or CONFLICTS flagged (exit 2): see the end of results/report/tightness.md" >&2; }
	$(BIN) merge --format csv --quiet results/report/tightness/cells.jsonl > results/report/tightness.csv || [ $$? -eq 2 ]

study-fig7: build
	mkdir -p results/report/fig7
	$(BIN) study fig7 --format md --figures results/report/fig7 --png --cells results/report/fig7/cells.jsonl > results/report/fig7.md
	$(BIN) merge --format csv --quiet results/report/fig7/cells.jsonl > results/report/fig7.csv

study-fig9: build
	mkdir -p results/report/fig9
	$(BIN) study fig9 --format md --figures results/report/fig9 --png --cells results/report/fig9/cells.jsonl > results/report/fig9.md
	$(BIN) merge --format csv --quiet results/report/fig9/cells.jsonl > results/report/fig9.csv

study-nightly: build
	mkdir -p results/report/nightly
	$(BIN) study nightly --format md --figures results/report/nightly --png > results/report/nightly.md

## report-scale-figures: the Gantt chart and load figures of MaxSRPT on the embedded 28-job night and on
## 300- and 3,000-job log-normal batches (seed 1) into results/report/scale (docs/report.md)
report-scale-figures: build
	mkdir -p out/scale results/report/scale
	$(BIN) gen lognormal --n 300 --batch --seed 1 --out out/scale/lognormal300.json --quiet
	$(BIN) gen lognormal --n 3000 --batch --seed 1 --out out/scale/lognormal3000.json --quiet
	$(BIN) study nightly --methods maxsrpt,lbcount --figures results/report/scale/n28 --quiet > /dev/null
	$(BIN) study nightly --instance out/scale/lognormal300.json --methods maxsrpt,lbcount --figures results/report/scale/n300 --quiet > /dev/null
	$(BIN) study nightly --instance out/scale/lognormal3000.json --methods maxsrpt,lbcount --figures results/report/scale/n3000 --quiet > /dev/null
	rm -f results/report/scale/*/nightly_totals.svg

## run-nightly: the planner's view of the embedded nightly batch; the one-page report and figures in out/nightly
run-nightly:
	mkdir -p out/nightly
	$(BIN) study nightly --time-limit 20s --figures out/nightly --png --html out/nightly/nightly.html
	@echo "run-nightly: one-page report in $(abspath out/nightly/nightly.html); Gantt charts and totals in out/nightly/"

SETUP_TARGETS += report-setup setup-chromium
TEST_TARGETS += report-test-parallel report-test-resume test-html
BENCH_TARGETS += report-bench
RUN_TARGETS += run-nightly
