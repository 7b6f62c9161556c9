#!/usr/bin/env bash
# Byte-identity check of two versions of solver/fluid: builds bench/tandemsim
# (the working tree's) against the simulator of commit BASE and against the
# working tree's, runs `tandemsim digest` with the given flags on both and
# diffs the digests (SHA-256 of every per-job result, summary and schedule
# file). Exit status 0 iff identical. Runs in a scratch copy; the working
# tree is not modified.
#
#   bench/tandemsim/digestdiff.sh BASE [digest flags, e.g. --n 100000 --m 3000]
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
base=${1:?usage: digestdiff.sh BASE_COMMIT [digest flags]}
shift
scratch=$(mktemp -d /tmp/fluid-digestdiff.XXXXXX)
trap 'rm -rf "$scratch"' EXIT
tar -C "$root" --exclude=./.git --exclude=./results --exclude="*.svg" --exclude="*.png" -cf - . | tar -C "$scratch" -xf -
(cd "$scratch" && go build -o "$scratch/after" ./bench/tandemsim)
rm -f "$scratch"/solver/fluid/*.go
git -C "$root" archive "$base" solver/fluid | tar -C "$scratch" -xf -
(cd "$scratch" && go build -o "$scratch/before" ./bench/tandemsim)
"$scratch/before" digest "$@" --out "$scratch/d-before" >/dev/null 2>"$scratch/before.err" || { tail -3 "$scratch/before.err"; exit 1; }
"$scratch/after" digest "$@" --out "$scratch/d-after" >/dev/null 2>"$scratch/after.err" || { tail -3 "$scratch/after.err"; exit 1; }
if diff "$scratch/d-before.md" "$scratch/d-after.md"; then
  echo "identical: $(grep -c '^| [0-9]' "$scratch/d-after.md") runs ($*)"
else
  echo "DIFFERENT ($*)"
  exit 1
fi
