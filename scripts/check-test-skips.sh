#!/usr/bin/env bash
# check-test-skips.sh — every test that skips because something outside the
# repository is missing (HiGHS, CBC, ../shared/data) must go through
# internal/testenv, which turns the skip into a failure under CI=true and
# MRSCHED_REQUIRE_ALL=1 (make test). Lists every other Skip call and fails.
#
# Allowed elsewhere: a skip inside `if testing.Short()` and a test that runs
# only when asked through an environment variable (`if os.Getenv("X") == ""`)
# or a test flag (`if *measureFile == ""`) — the condition on one of the
# three lines before — and the child-process
# guard of solver/cbc/wall_test.go (a test that is a subprocess of another).
set -euo pipefail
cd "$(dirname "$0")/.."
bad=0
while IFS= read -r f; do
	case $f in internal/testenv/*) continue ;; esac
	awk -v f="$f" '
		{ prev3 = prev2; prev2 = prev1; prev1 = cur; cur = $0 }
		/(^|[^A-Za-z0-9_])(t|b|tb|f)\.Skip(f|Now)?\(/ {
			ctx = prev3 "\n" prev2 "\n" prev1 "\n" $0
			if (ctx ~ /testing\.Short\(\)/) next
			if (ctx ~ /os\.Getenv\([^)]*\) == ""/) next
			if (ctx ~ /if \*[A-Za-z0-9_]+ == ""/) next
			if (f == "solver/cbc/wall_test.go" && ctx ~ /wallChildEnv|child process/) next
			printf "%s:%d: %s\n", f, NR, $0; bad = 1
		}
		END { exit bad }' "$f" || bad=1
done < <(git ls-files '*_test.go' '*/*test/*.go' | sort)
if ((bad)); then
	echo "check-test-skips: the skips above bypass internal/testenv (use testenv.RequireData, RequireHiGHS, RequireCBC or Missing)" >&2
	exit 1
fi
echo "check-test-skips: every skip for a missing engine or data file goes through internal/testenv"
