#!/usr/bin/env bash
# ci-summary.sh LOG [MAKE_STATUS] — the closing line of .ci/run:
#
#   ci: P passed, F failed
#
# counted from the log of `make setup` and `make test`:
#   - Go test packages of the `go test ./...` step (target test-go, between
#     the "==> test: test-go" and "<== " lines of scripts/run-targets.sh):
#     "ok  <pkg>" passed; "FAIL<TAB><pkg>" (also "[build failed]" and
#     "[setup failed]") failed. The "--- FAIL: Test…" lines of single tests
#     and go test's bare closing "FAIL" are not packages and not counted.
#   - every other make target, once, from its "target ok"/"target FAIL"
#     summary line (the packages a target tests itself are not counted
#     again). test-go counts as one failure only when it failed without
#     naming a failing package (a build error before any package ran).
# When MAKE_STATUS is non-zero but nothing above failed (make stopped before
# the summary, e.g. the build broke), that counts as one failure, so the
# line never says "0 failed" for a failed run.
set -uo pipefail
if [[ $# -lt 1 ]]; then
	echo "usage: $0 LOG [MAKE_STATUS]" >&2
	exit 2
fi
log=$1
status=${2:-0}
awk -v status="$status" '
	/^==> [^ ]+: [^ ]+$/ { section = $3; next }
	/^<== / { section = ""; next }
	section == "test-go" && /^ok  [ \t]*[^ \t]/ { pass++; next }
	section == "test-go" && /^FAIL\t[^ \t]/ { fail++; pkgfail++; next }
	/^[^ ]+: target ok +[^ ]/ { if ($4 != "test-go") pass++; next }
	/^[^ ]+: target FAIL +[^ ]/ {
		if ($4 == "test-go") gofail = 1; else fail++
		next
	}
	END {
		if (gofail && !pkgfail) fail++
		if (status != 0 && fail == 0) fail = 1
		printf "ci: %d passed, %d failed\n", pass, fail
	}' "$log"
