# Bad-input campaign (docs/cli.md, "Bad input"): every file reader of bin/mrsched
# fed empty, endless, oversized, binary, BOM, NUL, invalid UTF-8, Go-only
# number, NaN/Inf, negative, overflowing, duplicate-key, unknown-key and
# wrong-type input. Fails on a panic, a hang, exit 0 on bad input, an
# unclear message or a temporary file left behind. Runs in a few seconds.
.PHONY: qa-bad-input
TEST_TARGETS += qa-bad-input

## qa-bad-input: run scripts/qa-bad-input.sh against bin/mrsched
qa-bad-input: build
	scripts/qa-bad-input.sh $(BIN)
