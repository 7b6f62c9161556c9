#!/usr/bin/env bash
# scale-out.sh — what sharding costs (make scale-out-bench; BENCHMARKS.md,
# "Scale-out"). Markdown on stdout.
#
#  1. The overhead of one shard that computes nothing (process start,
#     configuration, engine loading where the study needs an LP engine,
#     writing the header of its cells file), median of REPS runs.
#  2. A FLEX §4 study cut to 180 cells (θ1, θ2 ∈ {0, 1}, 9 levels, 5
#     repetitions) run as N = 1, 2, 4, 8, 16 shards, one after another with
#     one worker each (so each shard's time is its own, not its neighbours'):
#     CPU and wall per shard, total CPU against N = 1, and the merge.
#  3. The worst-case search (make hard-search) split into its independent
#     (policy, n) pieces, each timed (the pieces reproduce the rows of the
#     whole run; the search has no --shard of its own).
# Times are CPU seconds (user + system) unless marked wall; the machine may
# be shared, so wall times are inflated by its load (printed).
set -euo pipefail
cd "$(dirname "$0")/../.."
BIN=$(realpath -m "${MRSCHED:-bin/mrsched}")
REPS=${REPS:-5}
SEARCH=${SEARCH:-1}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/mrsched-scale.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
TIMEFORMAT='%R %U %S'
# timed CMD… — run CMD (output discarded); print "wall cpu".
timed() {
	local t
	t=$({ time "$@" >/dev/null 2>&1; } 2>&1) || { echo "scale-out: failed: $*" >&2; exit 1; }
	awk '{printf "%.3f %.3f\n", $1, $2 + $3}' <<<"$t"
}
median() { sort -g | awk '{a[NR]=$1} END {print (NR % 2) ? a[(NR+1)/2] : (a[NR/2] + a[NR/2+1]) / 2}'; }

echo "Machine: $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg) at the start; $(date -u +%Y-%m-%dT%H:%MZ)."
echo
echo "### Overhead of one empty shard (median of $REPS runs)"
echo
echo "| sweep | wall (s) | CPU (s) |"
echo "|---|---:|---:|"
flex=(flex study --theta1 0,1 --theta2 0,1 --reps 5)
tight=(study tightness --alphas 3 --eps 0.2 --betas 2 --ns 2,4,6,8,20,50 --exact search --exact-max-n 6)
empty() { # empty LABEL ARGS… — shard 999/999 of a sweep with fewer cells owns none
	local label=$1 r w=() c=()
	shift
	for r in $(seq 1 "$REPS"); do
		rm -rf "$tmp/empty" && mkdir -p "$tmp/empty"
		read -r a b < <(timed "$BIN" "$@" --quiet --workers 1 --shard 999/999 "${dest[@]}")
		w+=("$a") c+=("$b")
	done
	printf '| %s | %s | %s |\n' "$label" "$(printf '%s\n' "${w[@]}" | median)" "$(printf '%s\n' "${c[@]}" | median)"
}
dest=(--out-dir "$tmp/empty")
empty "flex study (180 cells; none in this shard)" "${flex[@]}"
dest=(--cells "$tmp/empty/c.jsonl")
empty "study tightness --exact search (12 cells; none in this shard)" "${tight[@]}"
w=() c=()
for r in $(seq 1 "$REPS"); do
	read -r a b < <(timed "$BIN" engine info)
	w+=("$a") c+=("$b")
done
printf '| %s | %s | %s |\n' "mrsched engine info (loads HiGHS-wasm and CBC)" "$(printf '%s\n' "${w[@]}" | median)" "$(printf '%s\n' "${c[@]}" | median)"
echo

echo "### FLEX study, 180 cells, as N shards (one worker each, run one after another)"
echo
echo "| N | cells per shard | CPU per shard, median (s) | wall per shard, max (s) | total CPU (s) | total CPU / N = 1 | merge wall (s) | merged = unsharded |"
echo "|---:|---:|---:|---:|---:|---:|---:|---|"
"$BIN" "${flex[@]}" --quiet --workers 1 --out-dir "$tmp/whole" >/dev/null 2>&1
base=
for n in 1 2 4 8 16; do
	out=$tmp/n$n
	c=() w=()
	for i in $(seq 1 "$n"); do
		if ((n == 1)); then
			read -r a b < <(timed "$BIN" "${flex[@]}" --quiet --workers 1 --out-dir "$out")
		else
			read -r a b < <(timed "$BIN" "${flex[@]}" --quiet --workers 1 --shard "$i/$n" --out-dir "$out")
		fi
		w+=("$a") c+=("$b")
	done
	total=$(printf '%s\n' "${c[@]}" | awk '{s += $1} END {printf "%.2f", s}')
	base=${base:-$total}
	if ((n == 1)); then
		mw=- same=$(cmp -s "$tmp/whole/cells.jsonl" "$out/cells.jsonl" && echo yes || echo NO)
	else
		files=()
		for i in $(seq 1 "$n"); do files+=("$out/cells-$i-of-$n.jsonl"); done
		read -r mw _ < <(timed "$BIN" flex merge --quiet --out-dir "$out/merged" "${files[@]}")
		same=$(diff -r "$tmp/whole" "$out/merged" >/dev/null && echo yes || echo NO)
	fi
	printf '| %d | %d | %.2f | %.2f | %s | %.2f | %s | %s |\n' "$n" $(((180 + n - 1) / n)) \
		"$(printf '%s\n' "${c[@]}" | median)" "$(printf '%s\n' "${w[@]}" | sort -g | tail -n 1)" \
		"$total" "$(awk -v t="$total" -v b="$base" 'BEGIN {print t / b}')" "$mw" "$same"
done
echo

if [[ $SEARCH == 1 ]]; then
	echo "### Worst-case search (make hard-search) by (policy, n) piece"
	echo
	echo "| policy | n | wall (s) | CPU (s) |"
	echo "|---|---:|---:|---:|"
	for p in maxsrpt splitsrpt; do
		for k in 4 5 6 7 8; do
			read -r a b < <(timed "$BIN" search --policy "$p" --n "$k..$k" --alpha-max 4 --restarts 3 --steps 120 --exact-max 7 --format csv --quiet)
			printf '| %s | %d | %s | %s |\n' "$p" "$k" "$a" "$b"
		done
	done
	echo
fi
echo "Load average at the end: $(cut -d' ' -f1-3 /proc/loadavg)."
