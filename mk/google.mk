# Google cluster trace 2011: docs/google.md.
# Data: Google cluster-usage traces, clusterdata-2011-2, Google Inc. (CC-BY 4.0).
.PHONY: google google-test google-fuzz

GOOGLE_DATA ?= ../shared/data/google2011

## google: import the four-hour slice and regenerate Figs. 5, 6, 7a, 7b → results/google (tables, SVG; PNG with PNG=--png)
google: build
	mkdir -p out/google results/google
	$(BIN) import google --job-events $(GOOGLE_DATA)/job_events --task-events $(GOOGLE_DATA)/task_events \
		--out out/google/google.json 2> results/google/import.txt
	cat results/google/import.txt
	$(BIN) study google --instance out/google/google.json --figures results/google $(PNG) --out results/google/google.md
	$(BIN) study google --instance out/google/google.json --format csv --out results/google/google.csv

## google-test: the importer's and the study's tests (the real-part test needs $(GOOGLE_DATA))
google-test:
	$(GO) test -count=1 ./instances/google/ && $(GO) test -count=1 -run Google ./report/study/

## google-fuzz: a short fuzz run of the three trace readers
google-fuzz:
	$(GO) test -run '^$$' -fuzz FuzzReadJobEvents -fuzztime 10s ./instances/google/
	$(GO) test -run '^$$' -fuzz FuzzReadTaskEvents -fuzztime 10s ./instances/google/
	$(GO) test -run '^$$' -fuzz FuzzReadTaskUsage -fuzztime 10s ./instances/google/

FUZZ_TARGETS += google-fuzz
DEMO_TARGETS += google
