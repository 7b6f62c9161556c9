#!/usr/bin/env bash
# cli-digests.sh BINARY — run a fixed list of mrsched commands (every command
# with JSON, CSV, LP or MPS output, on small embedded or generated inputs)
# and print "sha256  exit-status  case" for each output, so that two builds
# can be compared:
#
#   go build -o /tmp/new ./cmd/mrsched
#   scripts/cli-digests.sh /tmp/new > /tmp/after.txt
#   diff results/cli-digests-before.txt /tmp/after.txt
#
# Run it from the repository root (SWIM traces are read from ../shared/data,
# recorded as data/swim/... whatever the checkout's path).
# Wall-clock fields ("time_seconds" in JSON, the time_seconds row of
# 'mip solve' CSV) and the provenance object of JSON (it records the build,
# the command line and the start time of each run; removed exactly as
# provenance.Strip does, so digests of builds without it compare) are
# removed before hashing; everything else must be byte-identical for
# identical input. Set KEEP=DIR to keep the outputs.
set -u
bin=$(realpath "${1:?usage: cli-digests.sh BINARY}")
root=$(pwd)
work=${KEEP:-$(mktemp -d)}
mkdir -p "$work"
cd "$work" || exit 1
# The traces are read through the link data -> ../shared/data, so the paths
# the importers record (metadata.source) are the same wherever the
# repository is checked out.
ln -sfn "$root/../shared/data" data
data=data
export MRSCHED_HIGHS_DIR=${MRSCHED_HIGHS_DIR:-/work/main/third_party/highs}

# norm strips wall-clock fields and the provenance object from stdin.
norm() {
	perl -0pe 's/,\n  "provenance": \{\n.*?\n  \}\n\}/\n}/s; s/,"provenance":\{.*\}\}$/}/m' |
		sed -E '/"time_seconds"|^time_seconds,/d'
}

# out NAME CMD... hashes the command's stdout.
out() {
	local name=$1
	shift
	"$bin" "$@" 2>/dev/null | norm >"$name.out"
	local rc=${PIPESTATUS[0]}
	printf '%s  %s  %s\n' "$(sha256sum <"$name.out" | cut -c1-64)" "$rc" "$name"
}

# file NAME PATH hashes a file written by an earlier case.
file() {
	if [ -f "$2" ]; then
		printf '%s  -  %s\n' "$(norm <"$2" | sha256sum | cut -c1-64)" "$1"
	else
		printf 'missing  -  %s\n' "$1"
	fi
}

# ---- instances and generators
out gen-lognormal-batch-json gen lognormal --n 12 --batch --seed 1
out gen-lognormal-batch-csv gen lognormal --n 12 --batch --seed 1 --format csv
out gen-lognormal-online gen lognormal --n 40 --load 0.8 --seed 2
"$bin" gen lognormal --n 8 --batch --seed 3 --out b8.json --quiet 2>/dev/null
"$bin" gen lognormal --n 30 --load 0.9 --seed 4 --out o30.csv --quiet 2>/dev/null
file gen-lognormal-out-json b8.json
file gen-lognormal-out-csv o30.csv
out import-swim import swim --drop-map-only --normalize --load 0.5 --max-jobs 60 "$data/swim/FB-2009_samples_24_times_1hr_0.tsv"
out import-swim-csv import swim --max-jobs 40 --format csv "$data/swim/FB-2010_samples_24_times_1hr_0.tsv"
out check-json check --instance b8.json --format json
out check-csv check --instance o30.csv --format csv
out gen-taillard-fsp gen taillard --jobs 8 --machines 3 --seed 873654221
out gen-taillard-json gen taillard --jobs 8 --machines 2 --seed 873654221 --format json
"$bin" gen taillard --jobs 7 --machines 2 --seed 873654221 --format json --out ta7.json 2>/dev/null
"$bin" gen taillard --jobs 6 --machines 3 --out ta6.fsp 2>/dev/null
out import-taillard import taillard ta6.fsp

# ---- overlapping tandem queue
for p in fifo ps klps maxsrpt splitsrpt splitsrpt-strict; do
	out "simulate-$p-json" simulate --instance o30.csv --policy "$p" --k 3 --format json
done
out simulate-maxsrpt-csv simulate --instance b8.json --policy maxsrpt --format csv --schedule s8.json --quiet
file simulate-schedule-json s8.json
out simulate-order-csv simulate --instance b8.json --policy order --order 7,6,5,4,3,2,1,0 --schedule s8.csv --quiet --format csv
file simulate-schedule-csv s8.csv
out simulate-speed simulate --instance o30.csv --policy splitsrpt --speed 1.5 --format json
out validate-csv validate --instance b8.json --schedule s8.json --format csv
out validate-json validate --instance b8.json --schedule s8.csv --format json
out compare-example-csv compare --example --format csv
out compare-example-json compare --example --format json
out compare-lognormal-csv compare --lognormal 15 --seed 2 --k 4 --format csv

# ---- exact optima and bounds
for m in search polish fifo maxsrpt splitsrpt; do
	out "solve-$m-json" solve --instance ta7.json --method "$m" --quiet --format json
done
out solve-search-csv solve --instance b8.json --method search --quiet --format csv --schedule solve8.json
file solve-schedule solve8.json
out solve-mip-json solve --instance ta7.json --method mip --quiet --format json
out solve-orderlp-json solve --instance ta7.json --method order-lp --order j1,j2,j3,j4,j5,j6,j7 --quiet --format json
out bound-json-nolp bound --instance ta7.json --no-lp --format json
out bound-json-lp bound --instance b8.json --format json
printf '{"kind":"tandem","map_capacity":1,"shuffle_capacity":1,"jobs":[{"id":"J1","release":0,"map":1,"shuffle":0},{"id":"J2","release":0,"map":1,"shuffle":2}]}\n' >zero.json
out bound-json-inf bound --instance zero.json --no-lp --format json
out bound-csv-inf bound --instance zero.json --no-lp --format csv
out bound-csv bound --instance o30.csv --no-lp --format csv
out export-lp export --instance ta7.json --lp
out export-mps export --instance ta7.json --mps
out export-release-lp export --instance o30.csv --lp
"$bin" export --instance b8.json --mps --release-form --out b8.mps 2>/dev/null
file export-out-mps b8.mps

# ---- engines
printf 'Maximize\n obj: 30 x + 50 y\nSubject To\n c1: x + 2 y <= 40\n c2: 2 x + y <= 50\nGenerals\n x y\nEnd\n' >tiny.lp
printf 'Minimize\n obj: x + y\nSubject To\n c1: x + y >= 2\n c2: x - y = 0\nEnd\n' >lp2.lp
out mip-solve-json mip solve --format json tiny.lp
out mip-solve-csv mip solve --format csv tiny.lp
out mip-solve-duals-json mip solve --duals --all --format json lp2.lp
out engine-info-json engine info --format json

# ---- reports and studies
out report-csv report --gen lognormal,n=6,batch,seed=1-3 --methods fifo,maxsrpt,splitsrpt,search,lb51,lbcount --time-limit 30s --quiet --format csv
out report-json report --gen cor4,n=2-6/2,alpha=3,eps=0.1 --methods maxsrpt,alt,lbcount --quiet --format json
out report-shard1 report --gen lognormal,n=6,batch,seed=1-4 --methods maxsrpt,lbcount --shard 1/2 --quiet
out report-shard2 report --gen lognormal,n=6,batch,seed=1-4 --methods maxsrpt,lbcount --shard 2/2 --quiet
"$bin" report --gen lognormal,n=6,batch,seed=1-4 --methods maxsrpt,lbcount --shard 1/2 --quiet >sh1.jsonl 2>/dev/null
"$bin" report --gen lognormal,n=6,batch,seed=1-4 --methods maxsrpt,lbcount --shard 2/2 --quiet >sh2.jsonl 2>/dev/null
out merge-csv merge --format csv --quiet sh1.jsonl sh2.jsonl
out study-tightness-csv study tightness --alphas 2 --eps 0.1 --betas 2 --ns 2,4,8 --exact search --exact-max-n 4 --quiet --format csv
out study-tightness-json study tightness --alphas 2 --eps 0.1 --betas 2 --ns 2,4 --exact "" --quiet --format json
out study-fig9-csv study fig9 --jobs 2000 --reps 2 --quiet --format csv
out study-fig7-csv study fig7 --trace "$data/swim/FB-2009_samples_24_times_1hr_0.tsv" --loads 0.5,0.9 --max-jobs 200 --quiet --format csv
out study-nightly-json study nightly --methods maxsrpt,splitsrpt,polish,lbcount --time-limit 20s --quiet --format json

# ---- hard instances
out gen-nmts gen nmts --q 3 --max-f 5 --max-g 20 --answer yes --seed 1
out gen-tight-maxsrpt gen tight-maxsrpt --n 6 --alpha 3 --eps 0.1
out gen-tight-splitsrpt gen tight-splitsrpt --n 5 --beta 2
out gen-adversary gen adversary --policy maxsrpt --n 27
out adversary-csv adversary --policy maxsrpt,fifo --n 8,27 --format csv
"$bin" gen nmts --q 2 --max-f 4 --max-g 10 --answer yes --seed 2 --out nm2.json --quiet 2>/dev/null
out nmts-json nmts solve --instance nm2.json --format json
out reduce-json reduce nmts --instance nm2.json --out red2.json --format json --quiet
file reduce-instance red2.json
file reduce-certificate red2.certificate.json
out search-csv search --policy maxsrpt --n 3..3 --restarts 1 --steps 5 --seed 1 --format csv --quiet

# ---- CIRCUMFLEX / FLEX
out gen-sharedscan gen sharedscan --jobs 12 --datasets 3 --horizon 1 --seed 1
"$bin" gen sharedscan --jobs 12 --datasets 3 --horizon 1 --seed 1 --out ss.json 2>/dev/null
out flex-metrics-json flex metrics --format json
out flex-plan-json flex plan --workload ss.json --metric max-stretch --scheme flex --format json
out flex-simulate-csv flex simulate --workload ss.json --metric max-stretch --scheme circumflex --jobs --format csv
out import-swim-scans import swim-scans --trace "$data/swim/FB-2010_samples_24_times_1hr_withInputPaths_0.tsv" --limit 50
"$bin" flex study --out-dir fs --theta1 1 --theta2 1 --levels 0,8 --reps 1 --jobs 40 --horizon 5 --quiet >/dev/null 2>&1
file flex-study-cells fs/cells.jsonl

# ---- straggling mappers
out mst-eval-json mst eval --mu 1,1,0.8 --lambda 0.5,0.5,0.4 --method all --format json
out mst-map-csv mst map --policy all --total 10 --mu 0.8,0.8,1,1,1 --D 100 --format csv
out mst-nodes-json mst nodes --class 0.8:20,1:20 --total 10 --policy fair --format json
out mst-forkjoin-json mst forkjoin --k 4 --lambda 0.5 --mu 1 --jobs 2000 --format json

# ---- slot-level cluster simulation
out gen-cluster gen cluster --kind table2 --seed 1
"$bin" gen cluster --kind table2 --seed 1 --out t2.json 2>/dev/null
out cluster-simulate-json cluster simulate --workload t2.json --policy lsps --format json
out cluster-simulate-csv cluster simulate --workload t2.json --policy hpfsp --format csv
out import-swim-cluster import swim-cluster --trace "$data/swim/FB-2009_samples_24_times_1hr_0_first50jobs.tsv" --nodes 10
