#!/usr/bin/env bash
# report-resume.sh — kill -9 a study fig9 sweep part-way, resume it, and
# compare with an uninterrupted run (make report-test-resume). Works in a
# fresh temporary folder, removed on exit.
set -euo pipefail
cd "$(dirname "$0")/../.."
BIN=${MRSCHED:-bin/mrsched}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/mrsched-report-res.XXXXXX")
pid=
cleanup() {
	[[ -n $pid ]] && kill -9 "$pid" 2>/dev/null
	rm -rf "$tmp"
}
trap cleanup EXIT
sweep=(study fig9 --jobs 60000 --reps 6 --format csv)
"$BIN" "${sweep[@]}" --workers 1 --quiet >"$tmp/whole.csv"
"$BIN" "${sweep[@]}" --workers 1 --quiet --cells "$tmp/cells.jsonl" >/dev/null &
pid=$!
n=0
for _ in $(seq 1 600); do
	if [[ -f $tmp/cells.jsonl.journal ]]; then
		n=$(($(wc -l <"$tmp/cells.jsonl.journal") - 1))
		((n >= 3)) && break
	fi
	sleep 0.1
done
kill -9 "$pid"
wait "$pid" 2>/dev/null || true
pid=
echo "report-test-resume: killed after $n of 36 cells"
if ((n < 3 || n >= 36)); then
	echo "report-test-resume: the kill did not land part-way (after $n of 36 cells)" >&2
	exit 1
fi
if [[ -e $tmp/cells.jsonl ]]; then
	echo "report-test-resume: a killed sweep left a finished cells file" >&2
	exit 1
fi
"$BIN" "${sweep[@]}" --workers 2 --cells "$tmp/cells.jsonl" >"$tmp/resumed.csv" 2>"$tmp/resume.log"
cmp "$tmp/whole.csv" "$tmp/resumed.csv"
if [[ -e $tmp/cells.jsonl.journal ]]; then
	echo "report-test-resume: the journal survived a finished sweep" >&2
	exit 1
fi
echo "report-test-resume: resumed sweep equals the uninterrupted one"
