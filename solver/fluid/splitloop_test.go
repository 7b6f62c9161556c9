package fluid

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/mrsched/mrsched/instances"
)

// TestSplitLoopMatchesGeneric: the SplitSRPT loop (runSplit) gives the
// generic engine loop's results bit for bit, for SplitSRPT and its strict
// variant (the generic loop is the reference: the code of every earlier
// digest and oracle test). The runs: 160 random instances (sizes from a
// small set, so that keys and the imbalance β tie often, or continuous
// sizes; zero map and zero shuffle sizes, sizes of −0; simultaneous
// arrivals and batches), capacities 1/1, 2/0.5 and 1/3 at speed 1.5,
// plain and recorded schedules with instance indices unlike arrival
// numbers, each with the hand-off to the generic loop never taken, taken
// above 2 or 5 jobs and at the default threshold; a burst of 80
// simultaneous arrivals (the hand-off at the default threshold);
// TestSubULPCrossing's instance (a crossing due within half an ulp of the
// clock); and
// 2·10⁴ arrivals of the §5.3 workload at loads 0.5 and 0.9 (hand-off at 3
// jobs too). Every departure, summary field and schedule bit is compared
// (sameBits), and the runs must include crossings (flips) of S2's keys.
func TestSplitLoopMatchesGeneric(t *testing.T) {
	caps := []struct{ mum, muc, speed float64 }{{1, 1, 0}, {2, 0.5, 0}, {1, 3, 1.5}}
	rng := rand.New(rand.NewPCG(18, 6))
	cases := 0
	flips := map[string]int{}
	old := testHookFlip
	defer func() { testHookFlip = old }()
	testHookFlip = func(p string) { flips[p]++ }
	negZero := math.Copysign(0, -1)
	check := func(name string, jobs []instances.Job, mum, muc float64, opt Options, scans []int) {
		t.Helper()
		for _, p := range []Policy{SplitSRPT(), SplitSRPTStrict()} {
			for _, record := range []bool{false, true} {
				gen := runMaxWith(jobs, mum, muc, p, opt, record, true, 0)
				for _, scan := range scans {
					fast := runMaxWith(jobs, mum, muc, p, opt, record, false, scan)
					if err := sameBits(fast, gen); err != nil {
						t.Fatalf("%s %s (record %v, caps %v/%v, speed %v, scan %d): %v",
							name, p.Name(), record, mum, muc, opt.Speed, scan, err)
					}
					cases++
				}
			}
		}
	}
	for trial := range 160 {
		jobs := trialJobs(rng, trial)
		if trial%5 == 4 {
			// Sizes of −0 (accepted as non-negative): they must order
			// as +0 does in the heaps' float comparisons.
			for k := range jobs {
				switch {
				case jobs[k].Map == 0:
					jobs[k].Map = negZero
				case jobs[k].Shuffle == 0:
					jobs[k].Shuffle = negZero
				}
			}
		}
		c := caps[trial%len(caps)]
		check(fmt.Sprintf("trial %d", trial), jobs, c.mum, c.muc, Options{Speed: c.speed}, []int{0, 2, 5, scanLimit})
	}
	// A burst of 80 simultaneous arrivals in four size classes (both
	// classes, tied keys and ratios) and 10 later ones.
	var burst []instances.Job
	sizes := [][2]float64{{1, 2}, {2, 1}, {3, 3}, {0.5, 4}}
	for k := range 90 {
		r := 0.0
		if k >= 80 {
			r = float64(k - 79)
		}
		sz := sizes[k%len(sizes)]
		burst = append(burst, instances.Job{ID: fmt.Sprintf("b%d", k), Release: r, Map: sz[0], Shuffle: sz[1]})
	}
	check("burst", burst, 1, 1, Options{}, []int{0, scanLimit})
	// TestSubULPCrossing's SplitSRPT instance: a crossing due less than
	// half an ulp of the clock after an event (the generic loop's sub-ulp
	// path, which the other runs never take).
	const T = 1 << 14
	check("sub-ulp", []instances.Job{{ID: "B", Release: T, Shuffle: 30e-12}, {ID: "M", Release: T, Map: 25e-12, Shuffle: 29e-12}},
		1, 4, Options{}, []int{0})
	for _, load := range []float64{0.5, 0.9} {
		jobs := lognormalJobs(t, 20000, load)
		check(fmt.Sprintf("§5.3 load %v", load), jobs, 1, 1, Options{}, []int{0, 3})
	}
	for _, name := range []string{"splitsrpt", "splitsrpt-strict"} {
		if flips[name] == 0 {
			t.Errorf("no %s crossing in any run", name)
		}
	}
	t.Logf("%d runs identical, flips %v", cases, flips)
}

// trialJobs draws the random instance of a trial of the loop comparisons
// (TestMaxLoopMatchesGeneric, TestSplitLoopMatchesGeneric,
// TestPSLoopMatchesGeneric), in release
// order: 5 to 39 jobs, with sizes from a small set and zero sizes (even
// trials, every eighth a batch) or continuous sizes (some batches, zero
// sizes in two trials of three).
func trialJobs(rng *rand.Rand, trial int) []instances.Job {
	var in *instances.Instance
	n := 5 + rng.IntN(35)
	if trial%2 == 0 {
		in = randomInstance(rng, n, trial%8 == 0, true)
	} else {
		in = contInstance(rng, n, trial%7 == 1, trial%3 != 0)
	}
	var jobs []instances.Job
	for _, i := range in.SortedByRelease() {
		jobs = append(jobs, in.Jobs[i])
	}
	return jobs
}

// lognormalJobs returns n arrivals of the §5.3 workload at load (seed 1, 2)
// in release order.
func lognormalJobs(t *testing.T, n int, load float64) []instances.Job {
	t.Helper()
	src, err := instances.PaperLogNormal(n, load, false).Source(rand.New(rand.NewPCG(1, 2)))
	if err != nil {
		t.Fatal(err)
	}
	var jobs []instances.Job
	for j, ok := src.Next(); ok; j, ok = src.Next() {
		jobs = append(jobs, j)
	}
	return jobs
}
