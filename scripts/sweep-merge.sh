#!/usr/bin/env bash
# Merge the N shards of a sharded mrsched sweep, run by slurm-report.sh or
# report-parallel.sh into OUTDIR, into exactly the output of the unsharded
# run (stdout; for 'flex study' also the report files in its --out-dir).
# The arguments after -- are the sweep's, as given to the sharding script.
#
#   scripts/sweep-merge.sh N OUTDIR -- mrsched-arguments…
#
# Example:
#   scripts/sweep-merge.sh 16 cells/fig9 -- study fig9 --jobs 5000000 --reps 10 --format md > fig9.md
set -euo pipefail
if [[ $# -lt 4 || $3 != "--" ]]; then
	echo "usage: $0 N OUTDIR -- mrsched-arguments..." >&2
	exit 2
fi
N=$1
OUT=$2
shift 3
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=sweep-lib.sh
source "$here/sweep-lib.sh"
sweep_split "$@"
sweep_merge "${MRSCHED:-bin/mrsched}" "$OUT" "$N"
