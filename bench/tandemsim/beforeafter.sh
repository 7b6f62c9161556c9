#!/usr/bin/env bash
# Side-by-side speed of two versions of solver/fluid against the SRPT
# reference, in one run: every benchmark iteration runs, on the same 10^5
# pre-generated arrivals of the §5.3 workload (replayed from a slice, so
# generation is excluded from every timing), the single-server SRPT
# simulation (solver/srpt), the simulator of commit BASE (compiled as package
# fluidbase) and the simulator of the working tree, timing each by the CPU
# time of the benchmark's OS thread (getrusage RUSAGE_THREAD; wall time is
# reported too). Metrics per (load, policy): before-x-srpt, after-x-srpt
# (CPU time over the reference's) and after/before. Runs in a scratch copy;
# the working tree is not modified.
#
#   bench/tandemsim/beforeafter.sh BASE [go test flags, e.g. -count 5 -benchtime 5x]
#
# Summarise with benchstat (go install golang.org/x/perf/cmd/benchstat@latest).
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
base=${1:?usage: beforeafter.sh BASE_COMMIT [go test flags]}
shift
scratch=$(mktemp -d /tmp/fluid-beforeafter.XXXXXX)
trap 'rm -rf "$scratch"' EXIT
tar -C "$root" --exclude=./.git --exclude=./results --exclude="*.svg" --exclude="*.png" -cf - . | tar -C "$scratch" -xf -
mkdir -p "$scratch/solver/fluidbase" "$scratch/.base"
git -C "$root" archive "$base" solver/fluid | tar -C "$scratch/.base" -xf -
for f in "$scratch"/.base/solver/fluid/*.go; do
  case "$f" in *_test.go) continue ;; esac
  sed 's/^package fluid$/package fluidbase/' "$f" >"$scratch/solver/fluidbase/$(basename "$f")"
done
rm -rf "$scratch/.base"
cat >"$scratch/solver/fluid/beforeafter_test.go" <<'GO'
package fluid

import (
	"fmt"
	"math/rand/v2"
	"runtime"
	"testing"
	"time"

	"github.com/mrsched/mrsched/instances"
	"github.com/mrsched/mrsched/solver/fluidbase"
	"github.com/mrsched/mrsched/solver/srpt"
)

func BenchmarkBeforeAfter(b *testing.B) {
	const n = 100000
	for _, load := range []float64{0.5, 0.75, 0.9} {
		in, err := instances.PaperLogNormal(n, load, false).Generate(rand.New(rand.NewPCG(1, 2)))
		if err != nil {
			b.Fatal(err)
		}
		jobs := make([]instances.Job, n)
		for i, k := range in.SortedByRelease() {
			jobs[i] = in.Jobs[k]
		}
		for _, name := range []string{"maxsrpt", "splitsrpt", "klps", "ps", "fifo"} {
			pa, _ := ParsePolicy(name, DefaultK, nil)
			pb, _ := fluidbase.ParsePolicy(name, fluidbase.DefaultK, nil)
			b.Run(fmt.Sprintf("load=%v/%s", load, name), func(b *testing.B) {
				runtime.LockOSThread()
				defer runtime.UnlockOSThread()
				var c [3]time.Duration
				var w [3]time.Duration
				for i := range b.N {
					// Rotate the order of the three runs between iterations.
					for k := range 3 {
						which := (i + k) % 3
						t0, c0 := time.Now(), threadCPU()
						var err error
						switch which {
						case 0:
							_, err = srpt.Simulate(&jobsSource{jobs: jobs}, 1, 1, 1, nil)
						case 1:
							_, err = fluidbase.SimulateStream(&jobsSource{jobs: jobs}, 1, 1, pb, fluidbase.Options{}, nil)
						case 2:
							_, err = SimulateStream(&jobsSource{jobs: jobs}, 1, 1, pa, Options{}, nil)
						}
						if err != nil {
							b.Fatal(err)
						}
						c[which] += threadCPU() - c0
						w[which] += time.Since(t0)
					}
				}
				if !haveThreadCPU || c[0] == 0 {
					c = w
				}
				b.ReportMetric(float64(c[1])/float64(c[0]), "before-x-srpt")
				b.ReportMetric(float64(c[2])/float64(c[0]), "after-x-srpt")
				b.ReportMetric(float64(c[2])/float64(c[1]), "after/before")
				b.ReportMetric(float64(w[2])/float64(w[0]), "after-x-srpt-wall")
			})
		}
	}
}
GO
cd "$scratch" && go test -run '^$' -bench BeforeAfter "$@" ./solver/fluid/
