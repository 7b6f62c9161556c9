package fluid

import (
	"flag"
	"fmt"
	"math/rand/v2"
	"runtime"
	"testing"
	"time"

	"github.com/mrsched/mrsched/instances"
	"github.com/mrsched/mrsched/solver/srpt"
)

// ratioN is the number of pre-generated arrivals of BenchmarkRatio and
// BenchmarkFloor (go test -bench Ratio ./solver/fluid/ -args -ratio.n 10000000).
var ratioN = flag.Int("ratio.n", 1000000, "arrivals per run of BenchmarkRatio and BenchmarkFloor")

// BenchmarkStream runs each policy and the two SRPT references on the same
// 10^5 arrivals of the §5.3 workload at load 0.9 (generation included in
// every case, so the time ratios are comparable): srpt-map is the tight
// single-station reference (srpt.SimulateMap), srpt-ref Theorem 3's
// (srpt.Simulate, sizes max(x, y)).
// Reproduce: go test -run '^$' -bench Stream -benchmem ./solver/fluid/
func BenchmarkStream(b *testing.B) {
	const n = 100000
	spec := instances.PaperLogNormal(n, 0.9, false)
	src := func() instances.Source {
		s, err := spec.Source(rand.New(rand.NewPCG(1, 2)))
		if err != nil {
			b.Fatal(err)
		}
		return s
	}
	b.Run("srpt-map", func(b *testing.B) {
		for range b.N {
			if _, err := srpt.SimulateMap(src(), 1, 1, nil); err != nil {
				b.Fatal(err)
			}
		}
		b.ReportMetric(float64(n*b.N)/b.Elapsed().Seconds(), "jobs/s")
	})
	b.Run("srpt-ref", func(b *testing.B) {
		for range b.N {
			if _, err := srpt.Simulate(src(), 1, 1, 1, nil); err != nil {
				b.Fatal(err)
			}
		}
		b.ReportMetric(float64(n*b.N)/b.Elapsed().Seconds(), "jobs/s")
	})
	for _, p := range []Policy{FIFO(), PS(), KLPS(DefaultK), MaxSRPT(), SplitSRPT()} {
		b.Run(p.Name(), func(b *testing.B) {
			for range b.N {
				if _, err := SimulateStream(src(), 1, 1, p, Options{}, nil); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(n*b.N)/b.Elapsed().Seconds(), "jobs/s")
		})
	}
}

// pregen returns the §5.3 arrivals (seed 1, 2) in release order.
func pregen(b *testing.B, n int, load float64) []instances.Job {
	src, err := instances.PaperLogNormal(n, load, false).Source(rand.New(rand.NewPCG(1, 2)))
	if err != nil {
		b.Fatal(err)
	}
	jobs := make([]instances.Job, 0, n)
	for j, ok := src.Next(); ok; j, ok = src.Next() {
		jobs = append(jobs, j)
	}
	return jobs
}

// BenchmarkRatio measures each policy against both SRPT references side by
// side: every iteration runs, on the same pre-generated arrivals of the
// §5.3 workload (10^6 by default, -ratio.n), replayed from a slice, the
// tight single-station SRPT on the map sizes (srpt.SimulateMap, a stable
// queue at load ρ: the speed of light), Theorem 3's SRPT on sizes
// max(x, y) (srpt.Simulate, overloaded at ρ ≥ 0.75 on this workload) and
// the policy, rotating their order between iterations. Each run is timed by
// the CPU time of the benchmark's OS thread (getrusage RUSAGE_THREAD, the
// goroutine locked to its thread; Linux only, else wall time), which
// excludes the time spent waiting for a CPU on a loaded machine. Metrics:
// "x-tight" and "x-thm3", the policy's CPU time over each reference's;
// "x-tight-wall", the same ratio of wall times; "ns/job" of the policy.
// The speed targets (docs/tandem-sim.md, "Against the tight reference"): MaxSRPT and SplitSRPT x-tight ≤ 5, k-LPS (k = 100),
// PS and FIFO ≤ 10. Use -count and benchstat for medians.
// Reproduce: go test -run '^$' -bench Ratio -benchtime 1x -count 5 ./solver/fluid/ | tee r.txt; benchstat r.txt
func BenchmarkRatio(b *testing.B) {
	n := *ratioN
	for _, load := range []float64{0.5, 0.75, 0.9} {
		var jobs []instances.Job
		for _, p := range []Policy{MaxSRPT(), SplitSRPT(), KLPS(DefaultK), PS(), FIFO()} {
			b.Run(fmt.Sprintf("load=%v/%s", load, p.Name()), func(b *testing.B) {
				if jobs == nil {
					jobs = pregen(b, n, load)
				}
				runtime.LockOSThread()
				defer runtime.UnlockOSThread()
				var cpu, wall [3]time.Duration
				b.ResetTimer()
				for i := range b.N {
					for k := range 3 {
						which := (i + k) % 3
						runtime.GC()
						t0, c0 := time.Now(), threadCPU()
						var err error
						switch which {
						case 0:
							_, err = srpt.SimulateMap(&jobsSource{jobs: jobs}, 1, 1, nil)
						case 1:
							_, err = srpt.Simulate(&jobsSource{jobs: jobs}, 1, 1, 1, nil)
						case 2:
							_, err = SimulateStream(&jobsSource{jobs: jobs}, 1, 1, p, Options{}, nil)
						}
						if err != nil {
							b.Fatal(err)
						}
						cpu[which] += threadCPU() - c0
						wall[which] += time.Since(t0)
					}
				}
				if !haveThreadCPU || cpu[0] == 0 {
					cpu = wall
				}
				b.ReportMetric(float64(cpu[2])/float64(cpu[0]), "x-tight")
				b.ReportMetric(float64(cpu[2])/float64(cpu[1]), "x-thm3")
				b.ReportMetric(float64(wall[2])/float64(wall[0]), "x-tight-wall")
				b.ReportMetric(float64(cpu[2].Nanoseconds())/float64(n*b.N), "ns/job")
			})
		}
	}
}

// floorJob is the least state a bit-identical simulator updates per
// served job and event: remaining map work, shuffle work tracking the map
// (y = y0·x/x0), the map rate r and the inflow cap c.
type floorJob struct{ x, y, x0, y0, r, c float64 }

// floorPS performs, for m served jobs per event, the arithmetic the engine
// cannot drop without changing output bits: advance each job (x − r·Δt,
// clamped), recompute its tracked shuffle work y0·x/x0 (one division), its
// inflow cap r·y0/x0 at the event's map share r (one division: the share
// changes at almost every event, with the number of jobs holding one) and
// its next own event x/r (one division), and take the minimum. It returns
// the sum of the minima (so that nothing is optimised away).
func floorPS(js []floorJob, events int) float64 {
	dt, acc := 1e-9, 0.0
	for e := 0; e < events; e++ {
		next := inf
		r := 1 / float64(len(js)+e&1) // the share: one more or one fewer job holds one
		for i := range js {
			j := &js[i]
			j.x = clamp0(j.x - j.r*dt)
			j.y = j.y0 * j.x / j.x0
			j.c = r * j.y0 / j.x0 // the inflow cap (stored: it must be computed)
			if te := j.x / r; te < next {
				next = te
			}
		}
		acc += next
	}
	return acc
}

// floorMax performs the arithmetic of a MaxSRPT event that the engine
// cannot drop without changing output bits: advance the map job (its
// shuffle tracking its map, one division) and the buffered job, their own
// next events (the map completion at unit rate needs no division, the
// buffered job's completion one) and the crossing of their keys (crossMax,
// as the engine computes it). No heap, arrival or departure work.
func floorMax(events int) float64 {
	a := &job{x: 3, y: 1, x0: 4, y0: 4.0 / 3, rm: 1, rs: 1.0 / 3}
	b := &job{x: 0, y: 5, x0: 1, y0: 6, rs: 2.0 / 3}
	dt, acc := 1e-9, 0.0
	for e := 0; e < events; e++ {
		a.x = clamp0(a.x - a.rm*dt)
		a.y = a.y0 * a.x / a.x0
		b.y = clamp0(b.y - b.rs*dt)
		te := a.x
		if td := b.y / b.rs; td < te {
			te = td
		}
		if tc := crossMax(a, b); tc < te {
			te = tc
		}
		acc += te
	}
	return acc
}

// BenchmarkFloor measures, side by side with the tight reference on the
// same pre-generated arrivals, the least arithmetic per event of two
// policies, for the number of events (and of jobs served per event) of
// their run on these arrivals (measured once with Summary.Events and
// Summary.Served):
//
//   - ps: PS (and k-LPS with k = 100, identical on this workload) serves
//     every job holding a place at every event: floorPS for the run's
//     Served updates (about 52 per job at ρ = 0.9: 21 jobs served at each
//     of 2.46 events per job), in batches of the mean number served.
//   - maxsrpt: floorMax for the run's events (about 2.4 per job).
//
// Metrics: "floor-x-tight", the floor's CPU time over the reference's;
// "ns/event"; "events/job"; "updates/job" (jobs served per job).
// Reproduce: go test -run '^$' -bench Floor -benchtime 1x -count 5 ./solver/fluid/
func BenchmarkFloor(b *testing.B) {
	n := *ratioN
	for _, load := range []float64{0.5, 0.75, 0.9} {
		var jobs []instances.Job
		for _, name := range []string{"ps", "maxsrpt"} {
			b.Run(fmt.Sprintf("load=%v/%s", load, name), func(b *testing.B) {
				if jobs == nil {
					jobs = pregen(b, n, load)
				}
				p, _ := ParsePolicy(name, DefaultK, nil)
				sum, err := SimulateStream(&jobsSource{jobs: jobs}, 1, 1, p, Options{}, nil)
				if err != nil {
					b.Fatal(err)
				}
				m := int(float64(sum.Served)/float64(sum.Events) + 0.5)
				js := make([]floorJob, m)
				for i := range js {
					js[i] = floorJob{x: 1 + float64(i), y: 2, x0: 3 + float64(i), y0: 5, r: 1 / float64(m)}
				}
				events := int(sum.Events)
				if name == "ps" {
					events = int(sum.Served / int64(m))
				}
				runtime.LockOSThread()
				defer runtime.UnlockOSThread()
				var cRef, cFloor time.Duration
				sink := 0.0
				b.ResetTimer()
				for range b.N {
					c0 := threadCPU()
					if _, err := srpt.SimulateMap(&jobsSource{jobs: jobs}, 1, 1, nil); err != nil {
						b.Fatal(err)
					}
					c1 := threadCPU()
					if name == "ps" {
						sink += floorPS(js, events)
					} else {
						sink += floorMax(events)
					}
					c2 := threadCPU()
					cRef += c1 - c0
					cFloor += c2 - c1
				}
				if sink == 0 {
					b.Log(sink)
				}
				b.ReportMetric(float64(cFloor)/float64(cRef), "floor-x-tight")
				b.ReportMetric(float64(cFloor.Nanoseconds())/float64(int64(events)*int64(b.N)), "ns/event")
				b.ReportMetric(float64(sum.Events)/float64(n), "events/job")
				b.ReportMetric(float64(sum.Served)/float64(n), "updates/job")
			})
		}
	}
}
