#!/usr/bin/env bash
# report-parallel.sh — 4 shards of a report sweep and 3 of study fig9 run
# with GNU parallel (scripts/report-parallel.sh) and merged must equal the
# unsharded runs byte for byte (make report-test-parallel). Works in a fresh
# temporary folder, removed on exit.
set -euo pipefail
cd "$(dirname "$0")/../.."
BIN=${MRSCHED:-bin/mrsched}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/mrsched-report-par.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
gen=(--gen lognormal,n=9,batch,seed=1-12 --gen cor6,n=3-9/3,beta=2 --methods fifo,klps,maxsrpt,splitsrpt,alt,lb51,lbcount)
set -x
"$BIN" report "${gen[@]}" --format md --quiet >"$tmp/whole.md"
MRSCHED=$BIN scripts/report-parallel.sh 4 "$tmp/cells" -- report "${gen[@]}" --format md >"$tmp/merged.md"
scripts/strip-provenance.sh "$tmp/whole.md" "$tmp/merged.md" # the records name two command lines
cmp "$tmp/whole.md" "$tmp/merged.md"
MRSCHED=$BIN scripts/report-parallel.sh 3 "$tmp/fig9" -- study fig9 --jobs 4000 --reps 2 --format csv >"$tmp/fig9-merged.csv"
"$BIN" study fig9 --jobs 4000 --reps 2 --format csv --quiet >"$tmp/fig9-whole.csv"
cmp "$tmp/fig9-whole.csv" "$tmp/fig9-merged.csv"
set +x
echo "report-test-parallel: GNU parallel shards merge to the unsharded output (byte-identical but for the provenance record)"
