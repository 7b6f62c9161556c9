#!/usr/bin/env bash
# Run any 'mrsched report' or 'mrsched study …' sweep as N shards with GNU
# parallel (Debian package 'parallel'), then merge them into exactly the
# output of the unsharded run.
#
#   scripts/report-parallel.sh N OUTDIR -- mrsched-arguments…
#
# Each shard keeps its cells in OUTDIR/shard-i-of-N.jsonl (written
# atomically when the shard finishes; a journal beside it while it runs),
# so re-running the same command after a kill resumes every shard where it
# stopped. The merged output goes to stdout; --format, --figures and --out
# given after -- apply to the merge. Shards run on this machine (-j jobs at a
# time, default N); to spread them over hosts, add GNU parallel's
# --sshloginfile (the binary and the inputs must be at the same paths).
#
# Example:
#   scripts/report-parallel.sh 4 cells/sweep -- report --gen lognormal,n=10,batch,seed=1-40 \
#       --methods maxsrpt,splitsrpt,lbcount --format md
set -euo pipefail
if [[ $# -lt 4 || $3 != "--" ]]; then
	echo "usage: $0 N OUTDIR -- mrsched-arguments..." >&2
	exit 2
fi
N=$1
OUT=$2
shift 3
BIN=${MRSCHED:-bin/mrsched}
JOBS=${JOBS:-$N}
command -v parallel >/dev/null || { echo "$0: GNU parallel not found (apt-get install parallel, or make setup)" >&2; exit 1; }
mkdir -p "$OUT"

# Split the merge-time flags (--format, --figures, --out) from the sweep's.
sweep=() merge=()
while [[ $# -gt 0 ]]; do
	case $1 in
	--format|--figures|--out|-o) merge+=("$1" "$2"); shift 2 ;;
	--format=*|--figures=*|--out=*) merge+=("$1"); shift ;;
	*) sweep+=("$1"); shift ;;
	esac
done

seq 1 "$N" | parallel --halt now,fail=1 -j "$JOBS" \
	"$BIN" "${sweep[@]}" --quiet --workers 1 --shard '{}'/"$N" --cells "$OUT"/shard-'{}'-of-"$N".jsonl
files=()
for i in $(seq 1 "$N"); do files+=("$OUT/shard-$i-of-$N.jsonl"); done
"$BIN" merge --quiet "${merge[@]}" "${files[@]}"
