#!/usr/bin/env bash
# run-targets.sh NAME TARGET... — run every make TARGET in turn, whatever
# the earlier ones did, time each, then print a summary and fail when any
# failed, naming every failing target. `make test` runs through it, so one
# failing target never hides the later ones.
#
# Each target runs as "$MAKE --no-print-directory TARGET" (MAKE from the
# environment, default make). The summary is one line per target,
#
#   test: target ok     test-go (184s)
#   test: target FAIL   report-test-resume (12s)
#
# then "test: all 9 targets passed" or
# "test: 2 of 9 targets failed: report-test-resume slurm-test".
set -uo pipefail
if [[ $# -lt 1 ]]; then
	echo "usage: $0 NAME TARGET..." >&2
	exit 2
fi
name=$1
shift
MAKE=${MAKE:-make}
results=() failed=()
start_all=$SECONDS
for t in "$@"; do
	echo "==> $name: $t"
	start=$SECONDS
	$MAKE --no-print-directory "$t"
	rc=$?
	took=$((SECONDS - start))
	if ((rc == 0)); then
		results+=("$name: target ok     $t (${took}s)")
	else
		results+=("$name: target FAIL   $t (${took}s, exit $rc)")
		failed+=("$t")
	fi
	echo "<== $name: $t: exit $rc after ${took}s"
done
echo
echo "$name: per-target results (total $((SECONDS - start_all))s)"
printf '%s\n' "${results[@]}"
if ((${#failed[@]} > 0)); then
	echo "$name: ${#failed[@]} of $# targets failed: ${failed[*]}"
	exit 1
fi
echo "$name: all $# targets passed"
