# Exact optima with release dates (docs/appendix/exact.md, "The release-date search").
.PHONY: exact-bench-releases exact-bench-releases-online exact-bench-releases-swim exact-test-releases

## exact-test-releases: the release-date tests (fastlp.Release, the release search, its bounds)
exact-test-releases:
	$(GO) test -count=1 -run 'Release' ./solver/exact/fastlp ./solver/exact/search ./bounds

# The release-date suites run the search, the portfolio and polish of this tree and, side by
# side in the same run, `solve --method search` of EXACT_RELEASES_BASE (the commit before the
# release-date work; built from `git archive` in a temporary directory, removed afterwards).
EXACT_RELEASES_BASE ?= f21a58d
EXACT_RELEASES_LIMIT ?= 60s
EXACT_RELEASES_METHODS ?= search,portfolio,polish,baseline
exact_releases_comma := ,
define exact_releases_run
	@tmp=$$(mktemp -d) && trap 'rm -rf "$$tmp"' EXIT && \
	git archive $(EXACT_RELEASES_BASE) | tar -x -C "$$tmp" && \
	(cd "$$tmp" && $(GO) build -o "$$tmp/mrsched-base" ./cmd/mrsched) && \
	$(GO) build -o "$$tmp/exact-bench" ./bench/exact && uptime && \
	$(1) && uptime
endef

## exact-bench-releases-online: the §5.3 online log-normal generator cut to n = 12 and 20, 10 seeds each
exact-bench-releases-online:
	$(call exact_releases_run,$$tmp/exact-bench -suite releases -n 12 -seeds 10 -methods $(EXACT_RELEASES_METHODS) -baseline $$tmp/mrsched-base -limit $(EXACT_RELEASES_LIMIT) -out results/exact -name exactrel-n12 && \
	$$tmp/exact-bench -suite releases -n 20 -seeds 10 -methods $(EXACT_RELEASES_METHODS) -baseline $$tmp/mrsched-base -limit $(EXACT_RELEASES_LIMIT) -out results/exact -name exactrel-n20)

## exact-bench-releases-swim: SWIM windows of 12 and 20 jobs (10 each) and the ten-job planner CSV
exact-bench-releases-swim:
	$(call exact_releases_run,$$tmp/exact-bench -suite releases-swim -n 12$(exact_releases_comma)20 -seeds 10 -methods $(EXACT_RELEASES_METHODS) -baseline $$tmp/mrsched-base -limit $(EXACT_RELEASES_LIMIT) -out results/exact -name exactrel && \
	$$tmp/exact-bench -suite releases-planner -methods $(EXACT_RELEASES_METHODS) -baseline $$tmp/mrsched-base -limit $(EXACT_RELEASES_LIMIT) -out results/exact -name exactrel)

## exact-bench-releases: both release-date suites (≈ 25 min each on 2 loaded cores; run with -j2 to overlap)
exact-bench-releases: exact-bench-releases-online exact-bench-releases-swim

exact-bench: exact-bench-releases
