# sweep-lib.sh — sourced by the sharding scripts (report-parallel.sh,
# slurm-report.sh, sweep-merge.sh): how to run shard i of N of any sharded
# mrsched sweep and how to merge the shards.
#
# Two command families shard:
#   report …, study tightness|fig7|fig9|nightly …  --shard i/N --cells FILE,
#       merged by 'mrsched merge FILES…' (merge-time flags: --format,
#       --figures, --out);
#   flex study …  --shard i/N --out-dir DIR (writes DIR/cells-i-of-N.jsonl),
#       merged by 'mrsched flex merge --out-dir DIR FILES…' (the report files
#       go to the user's --out-dir, default results/flex).
# Shard files live in one folder OUT: OUT/shard-i-of-N.jsonl, or for flex
# OUT/cells-i-of-N.jsonl. Re-running a shard with the same file resumes it
# from its journal.

# sweep_split ARGS… — sets SWEEP_KIND (report|flex), SWEEP_ARGS (the sweep's
# own flags) and SWEEP_MERGE (the flags that apply to the merge).
sweep_split() {
	SWEEP_KIND=report SWEEP_ARGS=() SWEEP_MERGE=()
	if [[ ${1:-} == flex && ${2:-} == study ]]; then
		SWEEP_KIND=flex
		SWEEP_ARGS=(flex study)
		shift 2
		while [[ $# -gt 0 ]]; do
			case $1 in
			--out-dir) SWEEP_MERGE+=(--out-dir "$2"); shift 2 ;;
			--out-dir=*) SWEEP_MERGE+=("$1"); shift ;;
			--shard|--workers) shift 2 ;;
			--shard=*|--workers=*|--quiet|-q) shift ;;
			*) SWEEP_ARGS+=("$1"); shift ;;
			esac
		done
		return
	fi
	while [[ $# -gt 0 ]]; do
		case $1 in
		--format|--figures|--out|-o) SWEEP_MERGE+=("$1" "$2"); shift 2 ;;
		--format=*|--figures=*|--out=*) SWEEP_MERGE+=("$1"); shift ;;
		--shard|--cells|--workers) shift 2 ;;
		--shard=*|--cells=*|--workers=*|--quiet|-q) shift ;;
		*) SWEEP_ARGS+=("$1"); shift ;;
		esac
	done
}

# sweep_file OUT I N — the cells file of shard I of N.
sweep_file() {
	if [[ $SWEEP_KIND == flex ]]; then
		echo "$1/cells-$2-of-$3.jsonl"
	else
		echo "$1/shard-$2-of-$3.jsonl"
	fi
}

# sweep_shard BIN OUT I N WORKERS — run shard I of N (after sweep_split).
sweep_shard() {
	local bin=$1 out=$2 i=$3 n=$4 w=$5
	mkdir -p "$out"
	if [[ $SWEEP_KIND == flex ]]; then
		"$bin" "${SWEEP_ARGS[@]}" --quiet --workers "$w" --shard "$i/$n" --out-dir "$out"
	else
		"$bin" "${SWEEP_ARGS[@]}" --quiet --workers "$w" --shard "$i/$n" --cells "$(sweep_file "$out" "$i" "$n")"
	fi
}

# sweep_merge BIN OUT N — merge the N shards in OUT into the output of the
# unsharded run (stdout; for flex also the report files in --out-dir).
sweep_merge() {
	local bin=$1 out=$2 n=$3 i files=()
	for i in $(seq 1 "$n"); do files+=("$(sweep_file "$out" "$i" "$n")"); done
	if [[ $SWEEP_KIND == flex ]]; then
		local dir=results/flex a
		for a in "${SWEEP_MERGE[@]}"; do
			case $a in --out-dir=*) dir=${a#--out-dir=} ;; esac
		done
		[[ ${SWEEP_MERGE[0]:-} == --out-dir ]] && dir=${SWEEP_MERGE[1]}
		"$bin" flex merge --quiet --out-dir "$dir" "${files[@]}"
	else
		"$bin" merge --quiet "${SWEEP_MERGE[@]}" "${files[@]}"
	fi
}
