#!/usr/bin/env bash
# run-targets.sh NAME TARGET... — run every make TARGET, whatever the
# earlier ones did, time each, then print a summary and fail when any
# failed, naming every failing target. `make test` runs through it, so one
# failing target never hides the later ones.
#
# Each target runs as "$MAKE --no-print-directory TARGET" (MAKE from the
# environment, default make; it may carry options, e.g. "make -o build").
# JOBS (default 1) targets run at a time; each one's output is kept in a
# file and printed whole, in the order of the arguments, between
#
#   ==> test: TARGET
#   <== test: TARGET: exit STATUS after Ns
#
# and the summary is one line per target,
#
#   test: target ok     test-go (184s)
#   test: target FAIL   report-test-resume (12s, exit 2)
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
JOBS=${JOBS:-1}
targets=("$@")
logs=$(mktemp -d "${TMPDIR:-/tmp}/run-targets.XXXXXX")
pids=()
cleanup() {
	local p
	for p in "${pids[@]}"; do kill -- "$p" 2>/dev/null; done
	rm -rf "$logs"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# run I TARGET — run one target into its log; record status and seconds.
run() {
	local i=$1 t=$2 start=$SECONDS rc
	# shellcheck disable=SC2086 # MAKE may carry options
	$MAKE --no-print-directory "$t" >"$logs/$i.log" 2>&1 </dev/null
	rc=$?
	echo "$rc $((SECONDS - start))" >"$logs/$i.status"
}

start_all=$SECONDS
results=() failed=()
next=0 shown=0 running=0
n=${#targets[@]}
while ((shown < n)); do
	# start targets while fewer than JOBS run
	while ((next < n && running < JOBS)); do
		if ((JOBS == 1)); then
			# one at a time: stream the output as it comes
			echo "==> $name: ${targets[next]}"
			start=$SECONDS
			# shellcheck disable=SC2086
			$MAKE --no-print-directory "${targets[next]}"
			echo "$? $((SECONDS - start))" >"$logs/$next.status"
			: >"$logs/$next.log"
		else
			run "$next" "${targets[next]}" &
			pids+=($!)
		fi
		next=$((next + 1)) running=$((running + 1))
	done
	# print the next target in order once it has finished
	if [[ -f $logs/$shown.status ]]; then
		t=${targets[shown]}
		read -r rc took <"$logs/$shown.status"
		if ((JOBS > 1)); then
			echo "==> $name: $t"
			cat "$logs/$shown.log"
		fi
		echo "<== $name: $t: exit $rc after ${took}s"
		if ((rc == 0)); then
			results+=("$name: target ok     $t (${took}s)")
		else
			results+=("$name: target FAIL   $t (${took}s, exit $rc)")
			failed+=("$t")
		fi
		shown=$((shown + 1))
		# a slot is free when any started target has finished
		running=0
		for ((j = shown; j < next; j++)); do [[ -f $logs/$j.status ]] || running=$((running + 1)); done
		continue
	fi
	running=0
	for ((j = shown; j < next; j++)); do [[ -f $logs/$j.status ]] || running=$((running + 1)); done
	sleep 0.2
done
wait
echo
echo "$name: per-target results (total $((SECONDS - start_all))s, $JOBS at a time)"
printf '%s\n' "${results[@]}"
if ((${#failed[@]} > 0)); then
	echo "$name: ${#failed[@]} of $n targets failed: ${failed[*]}"
	exit 1
fi
echo "$name: all $n targets passed"
