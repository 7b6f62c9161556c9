#!/usr/bin/env bash
# Slurm job array for any sharded mrsched sweep ('report …', 'study
# tightness|fig7|fig9|nightly …', 'flex study …'): one array task per shard.
# Submit from the repository root (the tasks find bin/mrsched and these
# scripts through $SLURM_SUBMIT_DIR):
#
#   sbatch --array=1-16 scripts/slurm-report.sh [--shards N] [--base B] OUTDIR -- mrsched-arguments…
#   scripts/sweep-merge.sh 16 OUTDIR -- mrsched-arguments…   # when every task has finished
#
# Array task B + i − 1 computes shard i of N. N is --shards, else the size
# of the array; B (--base) is 1, so --array=1-N, or 0 for --array=0-(N−1).
# Task i writes its cells atomically to OUTDIR/shard-i-of-N.jsonl (flex
# study: OUTDIR/cells-i-of-N.jsonl) with a journal beside it while it runs.
# A task that was pre-empted, requeued, or cancelled and resubmitted resumes
# from its journal; to resubmit some tasks, name them and give N:
#
#   sbatch --array=3 scripts/slurm-report.sh --shards 16 OUTDIR -- mrsched-arguments…
#
# The merge can also run as a dependent job:
#
#   jid=$(sbatch --parsable --array=1-16 scripts/slurm-report.sh cells/fig9 -- study fig9 --jobs 5000000 --reps 10)
#   sbatch --dependency=afterok:$jid --wrap \
#       'scripts/sweep-merge.sh 16 cells/fig9 -- study fig9 --jobs 5000000 --reps 10 --format md --figures results/report/fig9 > results/report/fig9.md'
#
# Each task uses --cpus-per-task workers (cells in parallel; the output does
# not depend on it). MRSCHED names another mrsched binary.
#SBATCH --job-name=mrsched-sweep
#SBATCH --cpus-per-task=1
#SBATCH --mem=2G
#SBATCH --time=02:00:00
#SBATCH --requeue
#SBATCH --output=slurm-%A_%a.out
set -euo pipefail
usage() {
	echo "usage: sbatch --array=1-N $0 [--shards N] [--base B] OUTDIR -- mrsched-arguments..." >&2
	exit 2
}
N= base=1
while [[ $# -gt 0 && $1 == --* && $1 != -- ]]; do
	case $1 in
	--shards) N=$2; shift 2 ;;
	--base) base=$2; shift 2 ;;
	*) usage ;;
	esac
done
[[ $# -ge 3 && $2 == "--" ]] || usage
: "${SLURM_ARRAY_TASK_ID:?run as a job array: sbatch --array=1-N}"
OUT=$1
shift 2
root=${SLURM_SUBMIT_DIR:-$(cd "$(dirname "$0")/.." && pwd)}
cd "$root"
# shellcheck source=sweep-lib.sh
source "$root/scripts/sweep-lib.sh"
N=${N:-${SLURM_ARRAY_TASK_COUNT:?no array size; give --shards N}}
I=$((SLURM_ARRAY_TASK_ID - base + 1))
if ((I < 1 || I > N)); then
	echo "slurm-report: array task $SLURM_ARRAY_TASK_ID is not shard 1…$N with --base $base (resubmitting part of an array? give --shards N)" >&2
	exit 2
fi
sweep_split "$@"
echo "slurm-report: task $SLURM_ARRAY_TASK_ID of job ${SLURM_ARRAY_JOB_ID:-?} on $(hostname): shard $I/$N → $(sweep_file "$OUT" "$I" "$N")"
sweep_shard "${MRSCHED:-bin/mrsched}" "$OUT" "$I" "$N" "${SLURM_CPUS_PER_TASK:-1}"
