# Exact rational optima (docs/exact.md "Exact rational mode"):
# the Theorem 1 reductions for q = 2 and 3 solved exactly, answers in results/ratsearch/.
.PHONY: exact-rational

## exact-rational: exact OPT (as fractions) of the q = 2 and q = 3 Theorem 1 reductions (seconds to a minute)
exact-rational: build
	@set -e; tmp=$$(mktemp -d "$${TMPDIR:-/tmp}/mrsched-rat.XXXXXX"); trap 'rm -rf "$$tmp"' EXIT; \
	mkdir -p results/ratsearch; \
	for spec in "2 yes" "3 yes" "3 no"; do set -- $$spec; \
	  $(BIN) gen nmts --q $$1 --answer $$2 --seed 1 --out $$tmp/n.json --quiet; \
	  $(BIN) reduce nmts --instance $$tmp/n.json --out $$tmp/t.json --quiet > /dev/null; \
	  $(BIN) solve --exact --instance $$tmp/t.json --time-limit 600s --quiet --format json \
	    --out results/ratsearch/q$$1-$$2.json; \
	  grep -E '"(status|objective|lower_bound)"' results/ratsearch/q$$1-$$2.json; \
	done
