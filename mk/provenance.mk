# Provenance (docs/provenance.md): the binary of `make build` names the commit it was built
# from, and outputs are byte-identical for a fixed SOURCE_DATE_EPOCH.
TEST_TARGETS += test-provenance

.PHONY: test-provenance

## test-provenance: bin/mrsched --version shows the checkout's commit (git rev-parse HEAD) and
## a JSON output is byte-identical in two runs under SOURCE_DATE_EPOCH
test-provenance: build
	@rev=$$(git rev-parse HEAD 2>/dev/null) || { echo "test-provenance: not a git checkout, nothing to check"; exit 0; }; \
	$(BIN) --version | grep -q "^revision: $$rev" || { \
		echo "test-provenance: $(BIN) --version does not show revision $$rev:"; $(BIN) --version; exit 1; }; \
	a=$$(SOURCE_DATE_EPOCH=0 $(BIN) gen lognormal --n 5 --batch --seed 1 --format json); \
	b=$$(SOURCE_DATE_EPOCH=0 $(BIN) gen lognormal --n 5 --batch --seed 1 --format json); \
	[ "$$a" = "$$b" ] || { echo "test-provenance: two runs under SOURCE_DATE_EPOCH differ"; exit 1; }; \
	echo "$$a" | grep -q '"revision": "'"$$rev"'"' || { echo "test-provenance: the JSON provenance lacks revision $$rev"; exit 1; }; \
	echo "test-provenance: ok ($$rev)"
