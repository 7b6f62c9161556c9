#!/usr/bin/env bash
# Side-by-side speed of solver/fluid at commit BASE and in the working tree,
# on BenchmarkRatio (10^6 pre-generated §5.3 arrivals, each policy's thread
# CPU time over the tight SRPT reference's in the same process): both test
# binaries run alternately COUNT times (default 6) in one run, the raw
# results go to OUT-before.txt and OUT-after.txt (default
# /tmp/fluid-sidebyside), and benchstat prints the medians, old against new.
# BASE is built from a `git archive` of it in a scratch directory, removed
# at the end; the working tree and the repository are not modified.
#
#   bench/tandemsim/sidebyside.sh BASE [COUNT] [OUT]
#
# Needs benchstat (go install golang.org/x/perf/cmd/benchstat@latest or
# BENCHSTAT="go run golang.org/x/perf/cmd/benchstat@…").
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
base=${1:?usage: sidebyside.sh BASE_COMMIT [COUNT] [OUT]}
count=${2:-6}
out=${3:-/tmp/fluid-sidebyside}
benchstat=${BENCHSTAT:-benchstat}
scratch=$(mktemp -d /tmp/fluid-sidebyside.XXXXXX)
trap 'rm -rf "$scratch"' EXIT
mkdir -p "$scratch/old"
git -C "$root" archive "$base" | tar -C "$scratch/old" -xf -
(cd "$scratch/old" && go test -c -o "$scratch/old.test" ./solver/fluid/)
(cd "$root" && go test -c -o "$scratch/new.test" ./solver/fluid/)
: >"$out-before.txt"
: >"$out-after.txt"
for _ in $(seq "$count"); do
  "$scratch/old.test" -test.run '^$' -test.bench Ratio -test.benchtime 1x >>"$out-before.txt"
  "$scratch/new.test" -test.run '^$' -test.bench Ratio -test.benchtime 1x >>"$out-after.txt"
done
uptime
env $benchstat -filter '.unit:(x-tight OR x-thm3 OR ns/job)' "$out-before.txt" "$out-after.txt"
