#!/usr/bin/env bash
# The bad-input campaign of docs/cli.md, "Bad input": every file reader of
# mrsched is fed empty, endless (/dev/zero, /dev/urandom), oversized,
# truncated, BOM, NUL, invalid UTF-8, Go-only number syntax, NaN/Inf,
# negative, overflowing, duplicate-key, unknown-key and wrong-type input
# through the command that reads it. A case fails when the command panics,
# hangs (20 s), is killed by a signal, exits 0 on bad input, or prints a
# message without the expected words; the campaign fails when any case
# fails or a temporary file (.NAME.tmp*) is left behind.
#
# Usage: scripts/qa-bad-input.sh [path/to/mrsched]   (default bin/mrsched)
# Exit status: 0 when every case passes, 1 otherwise.
set -u
BIN=${1:-bin/mrsched}
if [[ ! -x $BIN ]]; then
	echo "qa-bad-input: $BIN not found (run make build)" >&2
	exit 1
fi
BIN=$(cd "$(dirname "$BIN")" && pwd)/$(basename "$BIN")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 1
unset MRSCHED_MAX_INPUT

fails=0
cases=0

# bad NAME WANT CMD...: CMD must fail cleanly (exit 1 or 2) with WANT in
# its output.
bad() {
	local name=$1 want=$2
	shift 2
	cases=$((cases + 1))
	local out rc
	out=$(env ${QA_ENV:-} timeout 20 "$BIN" "$@" 2>&1 </dev/null)
	rc=$?
	local why=""
	if ((rc == 0)); then
		why="exit 0 on bad input"
	elif ((rc == 124)); then
		why="hang (killed after 20 s)"
	elif ((rc > 2)); then
		why="exit $rc (signal or crash)"
	elif grep -qE 'panic:|goroutine [0-9]+' <<<"$out"; then
		why="panic"
	elif [[ $out != *"$want"* ]]; then
		why="message lacks \"$want\""
	fi
	if [[ -n $why ]]; then
		fails=$((fails + 1))
		printf 'FAIL  %-34s %s\n      mrsched %s\n      %s\n' "$name" "$why" "$*" "$(head -c 300 <<<"$out")"
	else
		printf 'ok    %-34s exit %d: %s\n' "$name" "$rc" "$(head -n1 <<<"$out" | cut -c1-150)"
	fi
}

# good NAME CMD...: CMD must exit 0 (input that is valid under the policy).
good() {
	local name=$1
	shift
	cases=$((cases + 1))
	local out rc
	out=$(timeout 20 "$BIN" "$@" 2>&1 </dev/null)
	rc=$?
	if ((rc != 0)); then
		fails=$((fails + 1))
		printf 'FAIL  %-34s exit %d on valid input\n      mrsched %s\n      %s\n' "$name" "$rc" "$*" "$(head -c 300 <<<"$out")"
	else
		printf 'ok    %-34s exit 0\n' "$name"
	fi
}

# ------------------------------------------------------------ fixtures
"$BIN" gen lognormal -n 3 --seed 1 --out g.json >/dev/null 2>&1
"$BIN" gen lognormal -n 3 --seed 1 --out g.csv >/dev/null 2>&1
"$BIN" simulate -i g.json --schedule s.json --quiet >/dev/null 2>&1
"$BIN" simulate -i g.json --schedule s.csv --quiet >/dev/null 2>&1
"$BIN" gen cluster --kind fig2 --n 2 --out cl.json >/dev/null 2>&1
"$BIN" gen sharedscan --jobs 5 --datasets 2 --out ss.json >/dev/null 2>&1
"$BIN" gen nmts --out n.json >/dev/null 2>&1
"$BIN" gen taillard --jobs 4 --machines 2 --out t.fsp >/dev/null 2>&1
for f in g.json g.csv s.json s.csv cl.json ss.json n.json t.fsp; do
	[[ -s $f ]] || { echo "qa-bad-input: could not make fixture $f" >&2; exit 1; }
done
printf '{"nodes": [{"name": "a", "mu": 1, "lambda": 0.5, "count": 2}]}\n' >nodes.json
printf 'name,mu,lambda,count\na,1,0.5,2\n' >nodes.csv
printf '1.5\n2\n2.5\n3\n' >samples.txt
printf 'job0\t1\t1\t1000\t2000\t10\njob1\t2\t1\t3000\t0\t10\n' >t.tsv
: >empty.json
: >empty.csv
: >empty.txt
: >empty.tsv
: >empty.fsp
truncate -s 300M huge.json huge.csv huge.tsv huge.fsp huge.txt # sparse: refused before reading
head -c 200 g.json >trunc.json
head -c 120 cl.json >trunc-cl.json
printf '\xef\xbb\xbf' | cat - g.json >bom.json
printf '\xef\xbb\xbf' | cat - g.csv >bom.csv
printf '\xef\xbb\xbf' | cat - t.tsv >bom.tsv
printf '\xef\xbb\xbf' | cat - samples.txt >bom.txt
printf '\xef\xbb\xbf' | cat - nodes.csv >bom-nodes.csv
printf '\xef\xbb\xbf' | cat - cl.json >bom-cl.json
printf '\xef\xbb\xbf' | cat - s.json >bom-s.json
printf '\xef\xbb\xbf' | cat - t.fsp >bom.fsp
tandem() { printf '{"kind":"tandem","jobs":[%s]}\n' "$1"; }
tandem '{"id":"a\u0000b","map":1,"shuffle":1}' >nul-escaped.json
printf '{"kind":"tandem","jobs":[{"id":"a\x00","map":1,"shuffle":1}]}\n' >nul.json
printf '{"kind":"tandem","jobs":[{"id":"a\xff","map":1,"shuffle":1}]}\n' >utf8.json
tandem '{"id":"a","map":"1","shuffle":1}' >string-number.json
tandem '{"id":"a","map":null,"shuffle":1}' >null-number.json
tandem '{"id":"a","map":1e400,"shuffle":1}' >overflow.json
tandem '{"id":"a","map":-1,"shuffle":1}' >negative.json
tandem '{"id":"a","map":1,"map":2,"shuffle":1}' >dupkey.json
tandem '{"id":"a","map":1,"shuffle":1,"size":3}' >unknown.json
tandem '{"id":7,"map":1,"shuffle":1}' >wrongtype.json
tandem '{"id":"a","map":1e308,"shuffle":1},{"id":"b","map":1e308,"shuffle":1}' >sum-overflow.json
printf '{"kind":"tandem","jobs":[{"id":"a","map":1,"shuffle":1}]} {}\n' >trailing.json
csv() { printf '# kind: tandem\nid,map,shuffle\n%s\n' "$1"; }
csv 'a,1_000,1' >underscore.csv
csv 'a,0x1p-2,1' >hex.csv
csv 'a,NaN,1' >nan.csv
csv 'a,+Inf,1' >inf.csv
csv 'a,-1,1' >negative.csv
csv 'a,1e400,1' >overflow.csv
printf '# kind: tandem\nid,map,shuffle\na\x00,1,1\n' >nul.csv
printf '# kind: tandem\nid,map,shuffle\na\xfe,1,1\n' >utf8.csv
printf '# kind: tandem\n# map_capacty: 2\nid,map,shuffle\na,1,1\n' >unknown-key.csv
printf '# map_capacity: 2\n# map_capacity: 3\nid,map,shuffle\na,1,1\n' >dup-key.csv
printf '# kind: tandem\nid,map,shuffle,extra\na,1,1,1\n' >unknown-col.csv
printf '# kind: tandem\nid,map,shuffle\na,1\n' >short-row.csv
# Dependencies, weights, deadlines and clock times.
dcsv() { printf '# kind: tandem\nid,release,map,shuffle,weight,after,due\n%s\n' "$1"; }
dcsv 'a,0,1,1,,c,
b,0,1,1,,a,
c,0,1,1,,b,' >dag-cycle.csv
dcsv 'a,0,1,1,,zz,' >dag-unknown.csv
dcsv 'a,0,1,1,,a,' >dag-self.csv
dcsv 'a,0,1,1,,,
b,0,1,1,,a;a,' >dag-dup.csv
dcsv 'a,0,1,1,0,,' >dag-weight0.csv
dcsv 'a,0,1,1,-1,,' >dag-weightneg.csv
dcsv 'a,0,1,1,NaN,,' >dag-weightnan.csv
dcsv 'a,5,1,1,,,4' >dag-due.csv
dcsv 'a,23:00,1,1,,,' >dag-clock.csv
printf '# start: 22:00\nid,release,map,shuffle,due\na,23:00,1,1,00:30\nb,22:00,1,1,01:00\n' >dag-clock-good.csv
printf '# start: 22:00\nid,release,map,shuffle\na,25:00,1,1\n' >dag-clock-bad.csv
tandem '{"id":"a","map":1,"shuffle":1,"after":["b"]},{"id":"b","map":1,"shuffle":1,"after":["a"]}' >dag-cycle.json
tandem '{"id":"a","map":1,"shuffle":1,"after":["zz"]}' >dag-unknown.json
tandem '{"id":"a","map":1,"shuffle":1,"after":["a"]}' >dag-self.json
tandem '{"id":"a","map":1,"shuffle":1},{"id":"b","map":1,"shuffle":1,"after":["a","a"]}' >dag-dup.json
tandem '{"id":"a","map":1,"shuffle":1,"weight":0}' >dag-weight0.json
tandem '{"id":"a","map":1,"shuffle":1,"weight":"NaN"}' >dag-weightnan.json
tandem '{"id":"a","release":5,"map":1,"shuffle":1,"due":4}' >dag-due.json
tandem '{"id":"a","release":"23:00","map":1,"shuffle":1}' >dag-clock.json
sed 's/"completion": [0-9.e+-]*/"completion": "1"/' s.json >s-string.json
sed '0,/"completion": [0-9.e+-]*/s//"completion": 1, "completion": 2/' s.json >s-dup.json
sed 's/^completion,,,\([^,]*\),,,.*/completion,,,\1,,,0x1p-2/' s.csv >s-hex.csv
sed 's/"nodes": 10/"nodes": 2.5/' cl.json >cl-float.json
sed 's/"nodes": 10/"nodes": 10, "nodes": 11/' cl.json >cl-dup.json
sed 's/"submit": 0/"submit": -5/' cl.json >cl-neg.json
printf '{"kind":"cluster","nodes":1,"map_slots":1,"reduce_slots":1,"jobs":[{"id":"a\\u0000","map":[1]}]}\n' >cl-nul.json
sed 's/"slots": \([0-9]*\)/"slots": "\1"/' ss.json >ss-string.json
sed '0,/"size": [0-9.e+-]*/s//"size": 1e400/' ss.json >ss-overflow.json
sed 's/"kind": "sharedscan"/"kind": "sharedscan", "kind": "sharedscan"/' ss.json >ss-dup.json
printf '{"nodes": [{"mu": 1, "count": 2.5}]}\n' >nodes-count.json
printf '{"nodes": [{"mu": 1, "mu": 2}]}\n' >nodes-dup.json
printf '{"nodes": [{"mu": "1"}]}\n' >nodes-string.json
printf 'mu,count\n1_000,1\n' >nodes-underscore.csv
printf 'mu,count\n1,0x2\n' >nodes-hex.csv
printf '1 2\n3\n4\n' >samples-header.txt
printf '1\n2\ninf\n' >samples-inf.txt
printf '1\n-2\n3\n' >samples-neg.txt
printf '1\n1_000\n3\n' >samples-underscore.txt
printf '{"kind":"nmts","f":[1],"f":[5],"g":[2],"h":[3]}\n' >n-dup.json
printf '{"kind":"nmts","f":[1e0],"g":[2],"h":[3]}\n' >n-exp.json
printf '{"kind":"nmts","f":[99999999999999999999],"g":[2],"h":[3]}\n' >n-overflow.json
printf '{"kind":"nmts","f":["1"],"g":[2],"h":[3]}\n' >n-string.json
printf '2 2\n1 2\n3 0x4\n' >hex.fsp
printf '2 2\n1 2\n3 -4\n' >neg.fsp
printf '2 2\n1 2\n3\x00 4\n' >nul.fsp
printf '2 2\n1 2\n3\n' >trunc.fsp
printf 'job0\t1\t1\t1_000\t0\t0\n' >underscore.tsv
printf 'job0\t0x1p-2\t1\t1\t0\t0\n' >hex.tsv
printf 'job0\t1\t1\tinf\t0\t0\n' >inf.tsv
printf 'job\x000\t1\t1\t1\t0\t0\n' >nul.tsv
printf 'job\xff0\t1\t1\t1\t0\t0\n' >utf8.tsv
printf 'job0\t1\t1\t-1\t0\t0\n' >neg.tsv
printf 'job0\t1\t1\t0\t0\t0\n' >allzero.tsv
seq 1 1000 >long.txt
{ echo "2 1000"; seq 1 1000 | tr '\n' ' '; echo; seq 1 1000 | tr '\n' ' '; echo; } >long.fsp
mkdir outdir

# ------------------------------------------------------------ tandem instances (check)
good "instance: JSON with BOM" check -i bom.json
good "instance: CSV with BOM before # kind" check -i bom.csv
bad "instance: empty JSON" "empty file" check -i empty.json
bad "instance: empty CSV" "missing header" check -i empty.csv
bad "instance: /dev/zero" "NUL byte" check -i /dev/zero
bad "instance: /dev/urandom" "not a UTF-8 text file" check -i /dev/urandom
bad "instance: 300 MB JSON" "input over the size limit" check -i huge.json
bad "instance: 300 MB CSV" "input over the size limit" check -i huge.csv
bad "instance: truncated JSON" "unexpected end of file" check -i trunc.json
bad "instance: NUL in id" "NUL byte" check -i nul.json
bad "instance: \\u0000 in id" "NUL character" check -i nul-escaped.json
bad "instance: invalid UTF-8" "invalid UTF-8" check -i utf8.json
bad "instance: quoted number" 'not a number: "1"' check -i string-number.json
bad "instance: null number" "not a number: null" check -i null-number.json
bad "instance: 1e400" "out of float64 range" check -i overflow.json
bad "instance: negative size" "negative value" check -i negative.json
bad "instance: duplicate key" 'key "map" twice' check -i dupkey.json
bad "instance: unknown key" "unknown field" check -i unknown.json
bad "instance: id of wrong type" "want a string" check -i wrongtype.json
bad "instance: sums overflow" "too large" check -i sum-overflow.json
bad "instance: trailing data" "data after the end" check -i trailing.json
bad "instance CSV: 1_000" '"1_000" is not a decimal number' check -i underscore.csv
bad "instance CSV: 0x1p-2" '"0x1p-2" is not a decimal number' check -i hex.csv
bad "instance CSV: NaN" '"NaN" is not a decimal number' check -i nan.csv
bad "instance CSV: +Inf" '"+Inf" is not a decimal number' check -i inf.csv
bad "instance CSV: negative" "negative value" check -i negative.csv
bad "instance CSV: 1e400" "out of the float64 range" check -i overflow.csv
bad "instance CSV: NUL in id" "NUL byte" check -i nul.csv
bad "instance CSV: invalid UTF-8" "invalid UTF-8" check -i utf8.csv
bad "instance CSV: unknown # key" 'unknown comment key "map_capacty"' check -i unknown-key.csv
bad "instance CSV: repeated # key" "given twice" check -i dup-key.csv
bad "instance CSV: unknown column" 'unknown column "extra"' check -i unknown-col.csv
bad "instance CSV: short row" "2 fields, header has 3" check -i short-row.csv
bad "instance CSV: dependency cycle" 'dag-cycle.csv:3: field after: instances: invalid instance: dependency cycle through 3 jobs: "a" is after "c"' check -i dag-cycle.csv
bad "instance CSV: unknown id in after" 'dag-unknown.csv:3: field after: instances: invalid instance: unknown job id "zz"' check -i dag-unknown.csv
bad "instance CSV: job after itself" 'dag-self.csv:3: field after: instances: invalid instance: job "a" is after itself' check -i dag-self.csv
bad "instance CSV: id twice in after" 'dag-dup.csv:4: field after: instances: invalid instance: "a" listed twice' check -i dag-dup.csv
bad "instance CSV: weight 0" 'dag-weight0.csv:3: field weight: instances: invalid instance: weight 0 is not positive' check -i dag-weight0.csv
bad "instance CSV: weight -1" 'dag-weightneg.csv:3: field weight: instances: invalid instance: weight -1 is not positive' check -i dag-weightneg.csv
bad "instance CSV: weight NaN" 'dag-weightnan.csv:3: field weight: instances: invalid instance: "NaN" is not a decimal number' check -i dag-weightnan.csv
bad "instance CSV: deadline before release" 'dag-due.csv:3: field due: instances: invalid instance: deadline 4 is before the release 5' check -i dag-due.csv
bad "instance CSV: clock without start" 'dag-clock.csv:3: field release: instances: invalid instance: clock time "23:00" without a night start' check -i dag-clock.csv
bad "instance CSV: clock 25:00" 'dag-clock-bad.csv:3: field release: instances: invalid instance: "25:00" (hours 00–23' check -i dag-clock-bad.csv
good "instance CSV: clock times past midnight" check -i dag-clock-good.csv
bad "instance: dependency cycle" 'dag-cycle.json:1: jobs[0].after: instances: invalid instance: dependency cycle through 2 jobs' check -i dag-cycle.json
bad "instance: unknown id in after" 'dag-unknown.json:1: jobs[0].after[0]: instances: invalid instance: unknown job id "zz"' check -i dag-unknown.json
bad "instance: job after itself" 'jobs[0].after[0]: instances: invalid instance: job "a" is after itself' check -i dag-self.json
bad "instance: id twice in after" 'jobs[1].after[1]: instances: invalid instance: "a" listed twice' check -i dag-dup.json
bad "instance: weight 0" 'jobs[0].weight: instances: invalid instance: weight 0 is not positive' check -i dag-weight0.json
bad "instance: weight \"NaN\"" 'jobs[0].weight: instances: invalid instance: not a number: "NaN"' check -i dag-weightnan.json
bad "instance: deadline before release" 'jobs[0].due: instances: invalid instance: deadline 4 is before the release 5' check -i dag-due.json
bad "instance: clock without start" 'jobs[0].release: instances: invalid instance: clock time "23:00" without a night start' check -i dag-clock.json
QA_ENV=MRSCHED_MAX_INPUT=100 bad "instance: MRSCHED_MAX_INPUT=100" "input over the size limit" check -i g.json
QA_ENV=MRSCHED_MAX_INPUT=lots bad "instance: MRSCHED_MAX_INPUT=lots" "MRSCHED_MAX_INPUT" check -i g.json

# ------------------------------------------------------------ schedules (validate)
good "schedule: JSON with BOM" validate -i g.json -s bom-s.json
bad "schedule: empty" "empty file" validate -i g.json -s empty.json
bad "schedule: /dev/zero" "NUL byte" validate -i g.json -s /dev/zero
bad "schedule: /dev/urandom" "not a UTF-8 text file" validate -i g.json -s /dev/urandom
bad "schedule: 300 MB" "input over the size limit" validate -i g.json -s huge.json
bad "schedule: quoted number" 'not a number: "1"' validate -i g.json -s s-string.json
bad "schedule: duplicate key" 'key "completion" twice' validate -i g.json -s s-dup.json
bad "schedule CSV: 0x1p-2" '"0x1p-2" is not a decimal number' validate -i g.json -s s-hex.csv
bad "schedule CSV: empty" "empty file" validate -i g.json -s empty.csv

# ------------------------------------------------------------ cluster workloads
good "cluster: BOM" cluster simulate --workload bom-cl.json --policy fifo
bad "cluster: empty" "empty file" cluster simulate --workload empty.json --policy fifo
bad "cluster: /dev/zero" "NUL byte" cluster simulate --workload /dev/zero --policy fifo
bad "cluster: /dev/urandom" "not a UTF-8 text file" cluster simulate --workload /dev/urandom --policy fifo
bad "cluster: 300 MB" "input over the size limit" cluster simulate --workload huge.json --policy fifo
bad "cluster: truncated" "unexpected end of file" cluster simulate --workload trunc-cl.json --policy fifo
bad "cluster: nodes 2.5" "2.5 is not an integer" cluster simulate --workload cl-float.json --policy fifo
bad "cluster: duplicate key" 'key "nodes" twice' cluster simulate --workload cl-dup.json --policy fifo
bad "cluster: negative submit" "submission time must be finite and ≥ 0" cluster simulate --workload cl-neg.json --policy fifo
bad "cluster: NUL in id" "NUL character" cluster simulate --workload cl-nul.json --policy fifo

# ------------------------------------------------------------ shared-scan workloads (flex)
bad "sharedscan: empty" "empty file" flex simulate -w empty.json
bad "sharedscan: /dev/zero" "NUL byte" flex simulate -w /dev/zero
bad "sharedscan: /dev/urandom" "not a UTF-8 text file" flex simulate -w /dev/urandom
bad "sharedscan: 300 MB" "input over the size limit" flex simulate -w huge.json
bad "sharedscan: quoted slots" "is not an integer" flex simulate -w ss-string.json
bad "sharedscan: size 1e400" "out of float64 range" flex simulate -w ss-overflow.json
bad "sharedscan: duplicate key" 'key "kind" twice' flex simulate -w ss-dup.json

# ------------------------------------------------------------ node files and samples (mst)
good "nodes CSV: BOM" mst eval --nodes bom-nodes.csv
bad "nodes: /dev/zero" "NUL byte" mst eval --nodes /dev/zero
bad "nodes: /dev/urandom" "not a UTF-8 text file" mst eval --nodes /dev/urandom
bad "nodes: 300 MB" "input over the size limit" mst eval --nodes huge.json
bad "nodes: empty" "empty file" mst eval --nodes empty.json
bad "nodes: count 2.5" "2.5 is not an integer" mst eval --nodes nodes-count.json
bad "nodes: duplicate key" 'key "mu" twice' mst eval --nodes nodes-dup.json
bad "nodes: quoted mu" 'not a number: "1"' mst eval --nodes nodes-string.json
bad "nodes CSV: 1_000" '"1_000" is not a decimal number' mst eval --nodes nodes-underscore.csv
bad "nodes CSV: count 0x2" '"0x2" is not an integer' mst eval --nodes nodes-hex.csv
good "samples: BOM" mst fit --samples bom.txt
bad "samples: /dev/zero" "NUL byte" mst fit --samples /dev/zero
bad "samples: /dev/urandom" "not a UTF-8 text file" mst fit --samples /dev/urandom
bad "samples: 300 MB" "input over the size limit" mst fit --samples huge.txt
QA_ENV=MRSCHED_MAX_INPUT=1000 bad "samples: stream over the limit" "input over the size limit" mst fit --samples long.txt
bad "samples: empty" "need at least 2 samples" mst fit --samples empty.txt
bad "samples: first line 1 2" '"1 2" is not a decimal number' mst fit --samples samples-header.txt
bad "samples: inf" '"inf" is not a decimal number' mst fit --samples samples-inf.txt
bad "samples: negative" "must be finite and ≥ 0" mst fit --samples samples-neg.txt
bad "samples: 1_000" '"1_000" is not a decimal number' mst fit --samples samples-underscore.txt

# ------------------------------------------------------------ NMTS
bad "nmts: empty" "empty file" nmts solve -i empty.json
bad "nmts: /dev/zero" "NUL byte" nmts solve -i /dev/zero
bad "nmts: /dev/urandom" "not a UTF-8 text file" nmts solve -i /dev/urandom
bad "nmts: 300 MB" "input over the size limit" nmts solve -i huge.json
bad "nmts: duplicate key" 'key "f" twice' nmts solve -i n-dup.json
bad "nmts: 1e0" "1e0 is not an integer" nmts solve -i n-exp.json
bad "nmts: 1e20" "not an integer in range" nmts solve -i n-overflow.json
bad "nmts: quoted" '"1" is not an integer' nmts solve -i n-string.json

# ------------------------------------------------------------ Taillard .fsp
good "taillard: BOM" import taillard --out t-bom.json bom.fsp
bad "taillard: empty" "no instance" import taillard --out t1.json empty.fsp
bad "taillard: /dev/zero" "NUL byte" import taillard --out t2.json /dev/zero
bad "taillard: /dev/urandom" "not a UTF-8 text file" import taillard --out t3.json /dev/urandom
bad "taillard: 300 MB" "input over the size limit" import taillard --out t4.json huge.fsp
QA_ENV=MRSCHED_MAX_INPUT=1000 bad "taillard: stream over the limit" "input over the size limit" import taillard --out t4b.json long.fsp
bad "taillard: 0x4" '"0x4" is not an integer' import taillard --out t5.json hex.fsp
bad "taillard: negative" "negative processing time" import taillard --out t6.json neg.fsp
bad "taillard: NUL" "NUL byte" import taillard --out t7.json nul.fsp
bad "taillard: truncated" "file ends after" import taillard --out t8.json trunc.fsp

# ------------------------------------------------------------ SWIM traces
good "swim: BOM" import swim --out sw-bom.json bom.tsv
bad "swim: empty" "no jobs (the file is empty" import swim --out sw1.json empty.tsv
bad "swim: /dev/zero" "NUL byte" import swim --out sw2.json /dev/zero
bad "swim: /dev/urandom" "not a UTF-8 text file" import swim --out sw3.json /dev/urandom
bad "swim: 300 MB" "input over the size limit" import swim --out sw4.json huge.tsv
bad "swim: 1_000" '"1_000" is not a decimal number' import swim --out sw5.json underscore.tsv
bad "swim: 0x1p-2" '"0x1p-2" is not a decimal number' import swim --out sw6.json hex.tsv
bad "swim: inf" '"inf" is not a decimal number' import swim --out sw7.json inf.tsv
bad "swim: NUL" "NUL byte" import swim --out sw8.json nul.tsv
bad "swim: invalid UTF-8" "invalid UTF-8" import swim --out sw9.json utf8.tsv
bad "swim: negative" "negative value" import swim --out sw10.json neg.tsv
bad "swim: only an all-zero job" "no jobs left after dropping 1 empty" import swim --out sw11.json allzero.tsv
bad "swim-cluster: only an all-zero job" "no jobs left after dropping 1 empty" import swim-cluster --trace allzero.tsv --out sw12.json
bad "swim-cluster: /dev/zero" "NUL byte" import swim-cluster --trace /dev/zero --out sw13.json
bad "swim-scans: /dev/zero" "NUL byte" import swim-scans --trace /dev/zero --out sw14.json

# ------------------------------------------------------------ never a wrong model (LP/MPS files)
printf 'Minimize\n obj: x + [ x^2 ] / 2\nSubject To\n c1: x >= 1\nEnd\n' >quad.lp
printf 'Minimize\n obj: x + y\nSubject To\n c1: nan x + y >= 1\nEnd\n' >nan.lp
printf 'Minimize\n obj: 1e400 x\nSubject To\n c1: x >= 1\nEnd\n' >overflow.lp
printf 'NAME t\nROWS\n N obj\n G c1\nCOLUMNS\n x obj 1 c1 1\nRHS\n RHS c1 1\nQUADOBJ\n x x 1\nENDATA\n' >quad.mps
printf 'NAME t\nROWS\n N obj\n G c1\nCOLUMNS\n x obj NaN c1 1\nENDATA\n' >nan.mps
bad "mip: quadratic objective (LP)" "quad.lp:2: quadratic term" mip solve quad.lp
bad "mip: nan coefficient (LP)" 'nan.lp:4: "nan" is not a number' mip solve nan.lp
bad "mip: overflowing coefficient (LP)" "overflow.lp:2:" mip solve overflow.lp
bad "mip: QUADOBJ section (MPS)" "quad.mps:9: QUADOBJ section" mip solve quad.mps
bad "mip: NaN coefficient (MPS)" 'nan.mps:6: COLUMNS value: "NaN" is not a number' mip solve nan.mps

# ------------------------------------------------------------ unrepresentable numbers are refused
csv 'a,1e-309,1' >subnormal.csv
csv 'a,1e-400,1' >underflow.csv
tandem '{"id":"a","map":1e-309,"shuffle":1}' >subnormal.json
printf '# kind: tandem\nid,release,map,shuffle\na,1e200,1,1\n' >far-release.csv
bad "numbers: subnormal size (CSV)" "smallest normal float64" check -i subnormal.csv
bad "numbers: underflow to 0 (CSV)" "smallest normal float64" check -i underflow.csv
bad "numbers: subnormal size (JSON)" "smallest normal float64" simulate -i subnormal.json
bad "numbers: release 1e200, sizes 1" "lost against the time scale" solve -i far-release.csv
bad "numbers: simulate release 1e200" "lost against the time scale" simulate -i far-release.csv

# ------------------------------------------------------------ a closed-form bound never needs the LP engine
printf '# kind: tandem\nid,release,map,shuffle\na,0,1e299,1e298\nb,0,2e298,1e299\n' >bound-huge.csv
printf '# kind: tandem\n# map_capacity: 1e300\n# shuffle_capacity: 1e300\nid,release,map,shuffle\na,0,1,2\nb,0,2,1\n' >bound-cap.csv
bad "bound: sizes 1e299 print every other bound" "subset" bound -i bound-huge.csv
bad "bound: capacities 1e300, the LP row failed" "failed" bound -i bound-cap.csv

# ------------------------------------------------------------ bounded resources
bad "limits: gen lognormal --n 20000000" "--n: want a value in [1, 2000000]" gen lognormal --n 20000000
bad "limits: gen sharedscan --jobs 10000000" "--jobs: want a value in [1, 1000000]" gen sharedscan --jobs 10000000
bad "limits: gen sharedscan --datasets 1000000" "--datasets: want a value in [1, 10000]" gen sharedscan --datasets 1000000
bad "limits: gen taillard --jobs 1000000" "--jobs: want a value in [1, 100000]" gen taillard --jobs 1000000
bad "limits: gen tight-maxsrpt -n 10000" "--n: want a value in [2, 2000]" gen tight-maxsrpt -n 10000
bad "limits: gen cluster --n 2000000" "--n: want a value in [1, 1000000]" gen cluster --kind synthetic --n 2000000
bad "limits: adversary-yao -n 1..100000" "--n: want a value in [1, 64000]" adversary-yao -n 1..100000
bad "limits: adversary-yao sum of n" "the values sum to 240000" adversary-yao -n 60000,60000,60000,60000
"$BIN" gen lognormal --n 60 --seed 1 --out r60.json >/dev/null 2>&1
bad "limits: export --lp of 60 release-date jobs" "nonzeros" export -i r60.json --lp --out r60.lp
mkfifo fifo.json
bad "limits: a FIFO without a writer" "empty file" simulate -i fifo.json
"$BIN" gen lognormal --n 100 --batch --seed 1 --out b100.json >/dev/null 2>&1
bad "limits: bound --time-limit on 100 jobs" "time limit" bound -i b100.json --time-limit 3s

# ------------------------------------------------------------ a time limit holds for the whole command
# Every command that can run long takes --time-limit; 1ns has passed before
# the work starts, so each must stop in its loop, write nothing and exit 1
# naming the flag (the commands without one, and why, are quickCommands in
# cmd/mrsched/timelimit.go).
"$BIN" gen nmts --q 2 --answer no --seed 1 --out n2.json >/dev/null 2>&1
"$BIN" reduce nmts --instance n2.json --out tn2.json --quiet >/dev/null 2>&1
"$BIN" gen lognormal --n 6 --batch --seed 2 --out b6.json >/dev/null 2>&1
while IFS= read -r line; do
	read -ra args <<<"$line"
	bad "time limit: ${args[0]} ${args[1]}" "--time-limit 1ns reached" "${args[@]}" --time-limit 1ns
done <<'LIST'
simulate -i g.json --schedule tl-s.json
evaluate -i b6.json --order J6,J5,J4,J3,J2,J1 --sigma 0 --reps 10
cluster simulate -w cl.json --out tl-c.txt
cluster study lsps --seeds 1 --out tl-cl
cluster study hpfsp --seeds 1 --out tl-cl
flex simulate -w ss.json
flex plan -w ss.json
flex study --out-dir tl-fs --theta1 1 --theta2 1 --levels 0 --reps 1 --jobs 20 --horizon 2
flex map --out-dir tl-fm --max-slots 10 --min-frac 0 --window 2 --block-time 0 --jobs 20 --reps 1
mst simulate --reps 2 --jobs 100 --warmup 10
mst forkjoin --jobs 1000
adversary -n 8
adversary-yao -n 8
nmts solve -i n.json
gen nmts --answer no --q 3 --out tl-n.json
reduce nmts -i n2.json --out tl-r.json
reduce opt --instance tn2.json
reduce separation --q 2 --enum-max 2 --exact-nodes 100000
worst-exact --policy maxsrpt --n 6 --restarts 1 --steps 10
study fig7 --trace t.tsv --loads 0.5
study fig9 --jobs 50 --reps 1 --loads 0.5
study google --instance g.json --loads 0.5
LIST
cases=$((cases + 1))
written=$(find . -maxdepth 2 -path './tl-*' -type f ! -name '*.journal' | tr '\n' ' ')
if [[ -n $written ]]; then
	fails=$((fails + 1))
	echo "FAIL  time limit: outputs written by stopped commands: $written"
else
	echo "ok    time limit: the stopped commands wrote no output"
fi
good "time limit: 0 is no limit" simulate -i g.json --time-limit 0
# A real limit: a fork-join run of 10^7 jobs (several seconds) stops at
# 2 s less the output margin; the 20 s guard of bad() is the only timing.
bad "time limit: 2s on a long simulation" "--time-limit 2s reached" mst forkjoin --jobs 10000000 --time-limit 2s

# ------------------------------------------------------------ messages name the file, line and flag
printf '0,,1,2,user,0,name,logical\n' | gzip >je.gz
: >empty.gz
head -c 20 je.gz >trunc.gz
yes '0,,1,0,,0,user,0,0,0.1,0.1,0.1,0' | head -c 3000000 | gzip -1 >bomb.gz
bad "messages: empty .gz" "empty.gz: google: malformed trace: empty gzip file" import google --job-events empty.gz --task-events je.gz
bad "messages: truncated .gz" "trunc.gz:1: google: malformed trace: truncated gzip stream" import google --job-events trunc.gz --task-events je.gz
QA_ENV=MRSCHED_MAX_INPUT=1MiB bad "messages: gzip bomb at the size limit" "bomb.gz: fileio: input over the size limit" import google --job-events je.gz --task-events bomb.gz
awk 'p && !done { sub(/[0-9]+/, "12345678901234567890"); done = 1 } /processing times/ { p = 1 } { print }' t.fsp >ta20.fsp
bad "messages: 20-digit Taillard time" "is out of range" import taillard ta20.fsp
bad "messages: --cv-threshold as written" "--cv-threshold -1: want a finite value" cluster simulate -w cl.json --policy lsps --cv-threshold -1

# ------------------------------------------------------------ writers
bad "write: --out is a directory" "is a directory" gen lognormal -n 3 --seed 1 --out outdir
bad "write: --out in a missing directory" "no such file or directory" gen lognormal -n 3 --seed 1 --out nodir/x.json

cp g.json same.json
bad "write: --schedule over the input" "is the input file --instance" simulate -i same.json --schedule same.json --quiet
cases=$((cases + 1))
if cmp -s g.json same.json; then
	echo "ok    the input is unchanged"
else
	fails=$((fails + 1))
	echo "FAIL  simulate -i same.json --schedule same.json changed the input"
fi

# ------------------------------------------------------------ never overwrite an input / one output per path
# kept NAME FILE WANT CMD...: CMD must be refused (bad) and FILE unchanged.
kept() {
	local name=$1 file=$2 want=$3
	shift 3
	cp "$file" keep.tmpcopy
	bad "$name" "$want" "$@"
	cases=$((cases + 1))
	if cmp -s keep.tmpcopy "$file"; then
		echo "ok    $name: $file unchanged"
	else
		fails=$((fails + 1))
		echo "FAIL  $name: $file changed"
		cp keep.tmpcopy "$file"
	fi
	rm -f keep.tmpcopy
}
mkdir -p sub guard-figs guard-merge
"$BIN" reduce nmts -i n.json --out t2.json --quiet >/dev/null 2>&1
cp s.json s.svg
ln -sf g.json g-link.json
ln -f g.json g-hard.json
kept "guard: cluster --out" cl.json "is the input file --workload" cluster simulate -w cl.json --policy fifo --out cl.json
kept "guard: cluster --timeline" cl.json "is the input file --workload" cluster simulate -w cl.json --policy fifo --timeline cl.json
kept "guard: cluster --out through .." cl.json "is the input file --workload" cluster simulate -w cl.json --policy fifo --out ./sub/../cl.json
kept "guard: flex simulate --out" ss.json "is the input file --workload" flex simulate -w ss.json --out ss.json
kept "guard: flex plan --out" ss.json "is the input file --workload" flex plan -w ss.json --out ss.json
kept "guard: flex plan --svg" ss.json "is the input file --workload" flex plan -w ss.json --svg ss.json
kept "guard: mst fit --out" samples.txt "is the input file --samples" mst fit --samples samples.txt --out samples.txt
kept "guard: mst eval --out" nodes.json "is the input file --nodes" mst eval --nodes nodes.json --out nodes.json
kept "guard: swim-cluster --out" t.tsv "is the input file --trace" import swim-cluster --trace t.tsv --out t.tsv
kept "guard: swim-scans --out" t.tsv "is the input file --trace" import swim-scans --trace t.tsv --out t.tsv
kept "guard: import swim --out" t.tsv "is the input file argument 1" import swim t.tsv --out t.tsv
kept "guard: reduce nmts --out" n.json "is the input file --instance" reduce nmts -i n.json --out n.json
kept "guard: reduce nmts --schedule-out" n.json "is the input file --instance" reduce nmts -i n.json --out n3.json --schedule-out n.json
kept "guard: reduce opt --schedule-out" t2.json "is the input file --instance" reduce opt -i t2.json --schedule-out t2.json
kept "guard: gantt -o BASE over BASE.svg" s.svg "--out s.svg is the input file --schedule" gantt -i g.json -s s.svg -o s
kept "guard: simulate --out symbolic link" g.json "is the input file --instance" simulate -i g.json --out g-link.json
kept "guard: simulate --out hard link" g.json "is the input file --instance" simulate -i g.json --out g-hard.json
"$BIN" worst-exact --policy maxsrpt --n 4 --restarts 1 --steps 5 --figures guard-figs --quiet >/dev/null 2>&1
kept "guard: worst-exact --figures over --seeds" guard-figs/worst-maxsrpt-n4.json "is the input file --seeds" worst-exact --policy maxsrpt --n 4 --restarts 1 --steps 5 --seeds guard-figs/worst-maxsrpt-n4.json --figures guard-figs
printf '{}\n' >guard-merge/cells.jsonl
kept "guard: flex merge --out-dir over its shard" guard-merge/cells.jsonl "is the input file argument 1" flex merge --out-dir guard-merge guard-merge/cells.jsonl
bad "guard: solve --schedule and --out" "--schedule F.json and --out F.json are one file" solve -i g.json --schedule F.json --out F.json
bad "guard: gen adversary --out and --alt-out" "--out F.json and --alt-out F.json are one file" gen adversary --out F.json --alt-out F.json
cases=$((cases + 1))
if [[ -e F.json ]]; then
	fails=$((fails + 1))
	echo "FAIL  guard: F.json was written"
else
	echo "ok    guard: nothing written for refused outputs"
fi

# ------------------------------------------------------------ signals and lost output
cases=$((cases + 1))
out=$(timeout 20 "$BIN" simulate -i g.json 2>&1 >&-)
rc=$?
if ((rc == 1)) && [[ $out == *"standard output is closed"* ]]; then
	echo "ok    stdout closed: exit 1: $out"
else
	fails=$((fails + 1))
	echo "FAIL  stdout closed: exit $rc, $out"
fi
# An interrupted solve: its answer so far (status interrupted), --schedule
# written, exit 130/143, no engine child and no temporary folder left.
if command -v cbc >/dev/null; then
	"$BIN" gen lognormal -n 40 --batch --seed 3 --out b40.json >/dev/null 2>&1
	for sig in INT TERM; do
		cases=$((cases + 1))
		mkdir -p "tmp-$sig"
		TMPDIR=$PWD/tmp-$sig "$BIN" solve -i b40.json --time-limit 1h --schedule "sig-$sig.json" --format json >"sig-$sig.out" 2>"sig-$sig.err" &
		pid=$!
		for _ in $(seq 1 600); do # until cbc runs (a guard of 60 s, not a timing)
			compgen -G "tmp-$sig/mrsched-*/model.lp" >/dev/null && pgrep -P "$pid" >/dev/null && break
			sleep 0.1
		done
		child=$(pgrep -P "$pid" | head -n1)
		kill -s "$sig" "$pid"
		wait "$pid"
		rc=$?
		want=130
		[[ $sig == TERM ]] && want=143
		why=""
		((rc == want)) || why="exit $rc, want $want"
		grep -q '"status": "interrupted"' "sig-$sig.out" || why="$why; no interrupted answer"
		[[ -s sig-$sig.json ]] || why="$why; no --schedule file"
		[[ -n $child ]] && kill -0 "$child" 2>/dev/null && why="$why; cbc child $child left running"
		[[ -z $(ls -A "tmp-$sig") ]] || why="$why; temporary folder left: $(ls "tmp-$sig")"
		if [[ -n $why ]]; then
			fails=$((fails + 1))
			echo "FAIL  signal $sig during solve: $why"
		else
			echo "ok    signal $sig during solve: exit $rc, status interrupted, schedule written, nothing left"
		fi
	done
else
	echo "skip  signals during solve: the cbc program is not installed"
fi

# An interrupted simulation (no partial answer): exit 130/143, the
# stopping notice and the simulator's own message, nothing on stdout.
for sig in INT TERM; do
	cases=$((cases + 1))
	"$BIN" mst forkjoin --jobs 50000000 --time-limit 0 >"fj-$sig.out" 2>"fj-$sig.err" &
	pid=$!
	sleep 1 # start-up takes milliseconds, the run far longer than 1 s
	kill -s "$sig" "$pid"
	wait "$pid"
	rc=$?
	want=130
	[[ $sig == TERM ]] && want=143
	why=""
	((rc == want)) || why="exit $rc, want $want"
	grep -q 'simulation stopped before its end' "fj-$sig.err" || why="$why; no stopped message: $(head -c 200 "fj-$sig.err")"
	[[ -s fj-$sig.out ]] && why="$why; output written"
	if [[ -n $why ]]; then
		fails=$((fails + 1))
		echo "FAIL  signal $sig during mst forkjoin: $why"
	else
		echo "ok    signal $sig during mst forkjoin: exit $rc, stopped in its loop, nothing written"
	fi
done

# No temporary file may be left anywhere in the work directory.
left=$(find "$work" -name '.*.tmp*' | sed "s|$work/||")
cases=$((cases + 1))
if [[ -n $left ]]; then
	fails=$((fails + 1))
	echo "FAIL  temporary files left behind: $left"
else
	echo "ok    no temporary file left behind"
fi

echo "qa-bad-input: $cases cases, $fails failed"
((fails == 0))
