#!/usr/bin/env bash
# Sample Slurm job array for a sharded mrsched sweep: one array task per
# shard, each writing its cells atomically to $OUT/shard-<i>-of-<N>.jsonl.
# A task that is pre-empted or killed resumes from its journal when it is
# requeued (the same command with the same --cells file). When every task
# has finished, merge the shards (as a dependent job or by hand):
#
#   sbatch --array=1-16 scripts/slurm-report.sh
#   sbatch --dependency=afterok:<jobid> --wrap \
#       'bin/mrsched merge --format md --figures results/report/fig9 cells/fig9/shard-*-of-16.jsonl > results/report/fig9.md'
#
# Edit the sweep (SWEEP) to any 'mrsched report …' or 'mrsched study …'
# command; N must equal the array size.
#SBATCH --job-name=mrsched-sweep
#SBATCH --cpus-per-task=1
#SBATCH --mem=2G
#SBATCH --time=02:00:00
#SBATCH --requeue
#SBATCH --output=slurm-%A_%a.out
set -euo pipefail
N=${SLURM_ARRAY_TASK_COUNT:?run as a job array: sbatch --array=1-N}
I=${SLURM_ARRAY_TASK_ID:?}
OUT=${OUT:-cells/fig9}
BIN=${MRSCHED:-bin/mrsched}
SWEEP=(study fig9 --jobs 5000000 --reps 10)
mkdir -p "$OUT"
exec "$BIN" "${SWEEP[@]}" --quiet --workers "${SLURM_CPUS_PER_TASK:-1}" \
	--shard "$I/$N" --cells "$OUT/shard-$I-of-$N.jsonl"
