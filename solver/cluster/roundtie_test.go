package cluster

import (
	"errors"
	"math"
	"math/big"
	"slices"
	"testing"

	"github.com/mrsched/mrsched/internal/testenv"
	"github.com/mrsched/mrsched/tolerance"
)

// tiePolicy records, at the first reduce assignment at or after t, the
// remaining work w that Parallel PFSP holds for the named jobs.
type tiePolicy struct {
	*HPFSP
	t    float64
	ids  []string
	w    map[string]float64
	jobs map[string]JobState // copies taken at the instant
}

func (p *tiePolicy) Pick(ph Phase, now float64) *JobState {
	if ph == Reduce && now >= p.t && p.w == nil {
		p.w, p.jobs = map[string]float64{}, map[string]JobState{}
		for i := range p.s.Jobs {
			if j := &p.s.Jobs[i]; slices.Contains(p.ids, j.Job.ID) {
				p.w[j.Job.ID], p.jobs[j.Job.ID] = p.HPFSP.jobs[j.Index].e.W, *j
			}
		}
	}
	return p.HPFSP.Pick(ph, now)
}

// TestVirtualTimeRoundingTie documents the one digest the virtual-time slack
// system changed (testdata/digests.txt, fb2009-100nodes/ppfsp; docs/appendix/cluster.md,
// "Data structures"). At t = 26527.505325345523 two reduce slots are free and the
// late jobs job1801 and job1802 (submitted at 26518 and 26524) both wait with
// one reduce task. They are identical jobs (one map of 1.00098525 s, one
// reduce of 1.0001264374999999 s), both maps done and no reduce started, so
// their exact remaining work is the same rational number, reduce/N(S)_R
// (checked with math/big). Parallel PFSP's comparator takes the strictly
// smaller w, so the floats decide: they differ by a few ulps (the rounding of
// w −= Δt̂ over intervals split at virtual completions, which moved by
// rounding when v became f − g). Before the change job1802 came out 1 ulp
// smaller and started first, now job1801 does; each job's finish changes by
// at most the spacing of the two starts, the rest of the day is the same
// schedule with the two jobs swapped. The test fails if the pair stops being
// an exact tie (then the digest change would be a real decision change).
func TestVirtualTimeRoundingTie(t *testing.T) {
	if testing.Short() {
		t.Skip("reads the FB-2009 trace")
	}
	w := swimWorkload("../../../shared/data/swim/FB-2009_samples_24_times_1hr_0.tsv", 100)()
	if w == nil {
		testenv.Missing(t, "SWIM FB-2009 trace", testenv.DataInstall, errors.New("trace not readable"))
	}
	p := &tiePolicy{HPFSP: NewHPFSP("ppfsp", ParallelPFSPConfig()), t: 26527.505325345523, ids: []string{"job1801", "job1802"}}
	if _, err := Simulate(w, p, Options{}); err != nil {
		t.Fatal(err)
	}
	a, okA := p.jobs["job1801"]
	b, okB := p.jobs["job1802"]
	if !okA || !okB {
		t.Fatal("jobs not found at the instant")
	}
	if !slices.Equal(a.Job.Map, b.Job.Map) || !slices.Equal(a.Job.Reduce, b.Job.Reduce) || len(a.Job.Reduce) != 1 {
		t.Fatalf("not identical jobs: %v %v / %v %v", a.Job.Map, a.Job.Reduce, b.Job.Map, b.Job.Reduce)
	}
	for _, j := range []JobState{a, b} {
		if j.Done[Map] != len(j.Job.Map) || j.Next[Reduce] != 0 || j.Finished {
			t.Fatalf("%s: maps done %d, reduces started %d: not at the same point", j.Job.ID, j.Done[Map], j.Next[Reduce])
		}
	}
	// Exact remaining work: the reduce task's duration over the reduce slots.
	exact := new(big.Rat).SetFloat64(a.Job.Reduce[0])
	exact.Quo(exact, new(big.Rat).SetInt64(int64(w.TotalReduceSlots())))
	wa, wb := p.w["job1801"], p.w["job1802"]
	ex, _ := exact.Float64()
	for id, x := range p.w {
		// Each float is the exact value up to the rounding of w −= Δt̂
		// over the job's life (tolerance.Eq: 1e-9 relative).
		if !tolerance.Eq(x, ex) {
			t.Errorf("%s: w = %.17g, exact %s: more than rounding apart", id, x, exact.FloatString(20))
		}
	}
	// And the two differ by a few ulps only: the order between them is
	// rounding noise.
	if ulp := math.Nextafter(wa, math.Inf(1)) - wa; math.Abs(wa-wb) > 8*ulp {
		t.Errorf("w = %.17g and %.17g differ by more than 8 ulps", wa, wb)
	}
	if wa == wb {
		t.Logf("w equal in floats too (%.17g): the tie goes to the earlier job", wa)
	} else {
		t.Logf("exact tie, floats %.17g (job1801) and %.17g (job1802): the smaller float starts first", wa, wb)
	}
}
