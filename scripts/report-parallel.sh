#!/usr/bin/env bash
# Run any sharded mrsched sweep ('report …', 'study tightness|fig7|fig9|
# nightly …', 'flex study …') as N shards with GNU parallel (Debian package
# 'parallel'), on this machine or across hosts over SSH, then merge them
# into exactly the output of the unsharded run.
#
#   scripts/report-parallel.sh [-j JOBS] [--sshlogin LOGINS] [--ssh CMD] N OUTDIR -- mrsched-arguments…
#
# Each shard keeps its cells in OUTDIR/shard-i-of-N.jsonl (flex study:
# OUTDIR/cells-i-of-N.jsonl), written atomically when the shard finishes,
# with a journal beside it while it runs, so re-running the same command
# after a kill resumes every shard where it stopped. The merged output goes
# to stdout; --format, --figures and --out (flex study: --out-dir) given
# after -- apply to the merge.
#
# -j JOBS        shards at a time per host (default N; env JOBS)
# --sshlogin L   GNU parallel's --sshlogin: run shards on these hosts
#                (comma-separated, ':' is this machine). The mrsched binary,
#                the inputs, OUTDIR and this directory must be at the same
#                paths on every host (a shared filesystem, or copies).
# --ssh CMD      the ssh command GNU parallel uses (default ssh), e.g.
#                'ssh -F cluster_ssh_config'.
# MRSCHED_HIGHS_DIR and MRSCHED_DATA are passed to remote shards.
#
# Example:
#   scripts/report-parallel.sh 4 cells/sweep -- report --gen lognormal,n=10,batch,seed=1-40 \
#       --methods maxsrpt,splitsrpt,lbcount --format md
#   scripts/report-parallel.sh --sshlogin host1,host2 16 /shared/cells/flex -- flex study --out-dir /shared/results/flex
set -euo pipefail
usage() {
	echo "usage: $0 [-j JOBS] [--sshlogin LOGINS] [--ssh CMD] N OUTDIR -- mrsched-arguments..." >&2
	exit 2
}
JOBS=${JOBS:-}
popts=()
while [[ $# -gt 0 && $1 == -* ]]; do
	case $1 in
	-j) JOBS=$2; shift 2 ;;
	--sshlogin|-S) popts+=(--sshlogin "$2"); shift 2 ;;
	--ssh) popts+=(--ssh "$2"); shift 2 ;;
	*) usage ;;
	esac
done
[[ $# -ge 4 && $3 == "--" ]] || usage
N=$1
OUT=$(realpath -m "$2")
shift 3
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=sweep-lib.sh
source "$here/sweep-lib.sh"
BIN=$(realpath -m "${MRSCHED:-bin/mrsched}")
JOBS=${JOBS:-$N}
command -v parallel >/dev/null || { echo "$0: GNU parallel not found (apt-get install parallel, or make setup)" >&2; exit 1; }
mkdir -p "$OUT"
sweep_split "$@"

if [[ ${#popts[@]} -gt 0 ]]; then
	popts+=(--workdir "$PWD")
	for v in MRSCHED_HIGHS_DIR MRSCHED_DATA; do
		[[ -n ${!v:-} ]] && popts+=(--env "$v")
	done
fi
if [[ $SWEEP_KIND == flex ]]; then
	dest=(--out-dir "$OUT")
else
	dest=(--cells "$OUT/shard-{}-of-$N.jsonl")
fi
seq 1 "$N" | parallel --halt now,fail=1 -j "$JOBS" "${popts[@]}" \
	"$BIN" "${SWEEP_ARGS[@]}" --quiet --workers 1 --shard '{}'/"$N" "${dest[@]}"
sweep_merge "$BIN" "$OUT" "$N"
