# LP/MIP engines: HiGHS 1.15 in WebAssembly (solver/highs, the
# default) and native CBC (solver/cbc, build tag cbc).
SETUP_TARGETS += setup-highs setup-cbc
TEST_TARGETS += test-engine-cbc test-engine-race
BENCH_TARGETS += bench-engine

ENGINE_RESULTS := results/engine

.PHONY: setup-highs setup-cbc test-engine-cbc test-engine-race bench-engine engine-sweep bench-engine-startup

## setup-highs: npm pack highs@1.15.3, verify, install highs.wasm/highs.js in third_party/highs
setup-highs:
	bash scripts/setup-highs.sh third_party/highs

## setup-cbc: apt-get install coinor-libcbc-dev when apt is available and we are root
setup-cbc:
	bash scripts/setup-cbc.sh

## test-engine-cbc: the engine tests with -tags cbc (CBC engine, HiGHS/CBC agreement), when pkg-config finds cbc
test-engine-cbc:
	@if pkg-config --exists cbc 2>/dev/null; then \
		echo "$(GO) test -count=1 -tags cbc ./solver/cbc/... ./solver/engine/... ./cmd/mrsched/ ./solver/exact/"; \
		$(GO) test -count=1 -tags cbc ./solver/cbc/... ./solver/engine/... && \
		$(GO) test -count=1 -tags cbc -run 'TestEngineInfo|TestMIPSolve' ./cmd/mrsched/ && \
		$(GO) test -count=1 -tags cbc -run 'TestStatusNeedsProofCBC' ./solver/exact/; \
	else \
		echo "test-engine-cbc: skipped: pkg-config finds no cbc (make setup installs coinor-libcbc-dev)"; \
	fi

## test-engine-race: the engines' concurrency tests under the race detector
test-engine-race:
	$(GO) test -count=1 -race -run 'Parallel|Trap|Memory|Cancel|Deadline' ./solver/highs/
	@if pkg-config --exists cbc 2>/dev/null; then \
		echo "$(GO) test -count=1 -race -tags cbc -run Parallel ./solver/cbc/"; \
		$(GO) test -count=1 -race -tags cbc -run Parallel ./solver/cbc/; \
	fi

## bench-engine: HiGHS-wasm vs CBC on the same models, overheads, cold/warm first solve
bench-engine:
	@mkdir -p $(ENGINE_RESULTS)
	$(GO) test -run '^$$' -bench 'SmallLP|FixedOverhead|NewInstance' -benchtime 20x -benchmem -count 1 ./solver/highs/ | tee $(ENGINE_RESULTS)/bench-highs.txt
	$(GO) test -run '^$$' -bench 'FirstSolve' -benchtime 2x -benchmem -count 1 ./solver/highs/ | tee $(ENGINE_RESULTS)/bench-firstsolve.txt
	@if pkg-config --exists cbc 2>/dev/null; then \
		$(GO) test -tags cbc -run '^$$' -bench Engines -benchtime 3x -count 1 ./solver/engine/ | tee $(ENGINE_RESULTS)/bench-engines.txt; \
		bash scripts/bench-ratio-highs-cbc.sh $(ENGINE_RESULTS)/bench-engines.txt | tee $(ENGINE_RESULTS)/ratio-highs-cbc.md; \
	else \
		echo "bench-engine: CBC not installed; skipping the HiGHS/CBC comparison"; \
	fi

## engine-sweep: the long oracle sweeps of the exact MIP (brute force up to n = 6 and 5, every Cor 4 seed)
engine-sweep:
	$(GO) test -count=1 -timeout 60m -run 'AgainstBruteForce|Cor4Regression' ./solver/exact/mipform -args -full

## bench-engine-startup: whole-command start-up and time limits of solve (hyperfine)
bench-engine-startup: build
	@mkdir -p $(ENGINE_RESULTS)
	$(BIN) gen lognormal --n 6 --batch --seed 1 --out $(ENGINE_RESULTS)/ln6.json
	$(BIN) gen taillard --jobs 20 --machines 2 --seed 379008056 --format json --out $(ENGINE_RESULTS)/ta20.json
	hyperfine -N -w 1 -r 10 --export-markdown $(ENGINE_RESULTS)/startup.md \
		'$(BIN) solve -i $(ENGINE_RESULTS)/ln6.json -m search --quiet --format json'
	hyperfine -N -w 1 -r 5 --export-markdown $(ENGINE_RESULTS)/time-limit.md \
		'$(BIN) solve -i $(ENGINE_RESULTS)/ta20.json -m search --time-limit 2s --quiet --format json' \
		'$(BIN) solve -i $(ENGINE_RESULTS)/ta20.json -m mip --time-limit 2s --quiet --format json'
