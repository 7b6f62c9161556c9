package cluster

import (
	"errors"
	"math"
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/mrsched/mrsched/instances/workload"
	"github.com/mrsched/mrsched/tolerance"
)

// TestDdmin: the failure needs items 3 and 7 together (a classic ddmin
// example): the result is exactly {3, 7}, which is 1-minimal.
func TestDdmin(t *testing.T) {
	got := ddmin(20, func(idx []int) bool {
		has := map[int]bool{}
		for _, i := range idx {
			has[i] = true
		}
		return has[3] && has[7]
	})
	if len(got) != 2 || got[0] != 3 || got[1] != 7 {
		t.Fatalf("ddmin = %v, want [3 7]", got)
	}
}

// TestShrinkSynthetic: a predicate that needs a job of user "b" with at
// least 3 map tasks of ≥ 3 s and at least 2 nodes shrinks to exactly that:
// one job, 3 map tasks, no reduce task, 2 nodes with 1 slot each.
func TestShrinkSynthetic(t *testing.T) {
	rnd := rand.New(rand.NewPCG(19, 6))
	w := randomWorkload(rnd, 40, 3, true)
	w.Nodes = 4
	for i := range w.Jobs {
		if w.Jobs[i].User == "B" {
			w.Jobs[i].User = "b"
		}
	}
	bad := func(c *workload.Workload) bool {
		if c.Nodes < 2 {
			return false
		}
		for _, j := range c.Jobs {
			n := 0
			for _, d := range j.Map {
				if d >= 3 {
					n++
				}
			}
			if j.User == "b" && n >= 3 {
				return true
			}
		}
		return false
	}
	if !bad(w) {
		t.Fatal("the seeded workload has no such job")
	}
	s, err := Shrink(w, bad)
	if err != nil {
		t.Fatal(err)
	}
	if len(s.Jobs) != 1 || len(s.Jobs[0].Map) != 3 || len(s.Jobs[0].Reduce) != 0 || s.Nodes != 2 || s.MapSlots != 1 || s.ReduceSlots != 1 {
		t.Fatalf("shrunk to %d jobs, %d+%d tasks, %d nodes × %d+%d slots", len(s.Jobs), len(s.Jobs[0].Map), len(s.Jobs[0].Reduce), s.Nodes, s.MapSlots, s.ReduceSlots)
	}
	if _, err := Shrink(w, func(*workload.Workload) bool { return false }); !errors.Is(err, ErrNotFailing) {
		t.Fatalf("err %v, want ErrNotFailing", err)
	}
}

// shrunkTableII is what Shrink returns for "Parallel PFSP finishes some job
// later than Fair" on LsPS Table II, seed 1 (285 jobs): three map-only jobs
// of one user on 11 nodes × 1 map slot (docs/appendix/cluster.md,
// "Protectiveness", traces it by hand).
func shrunkTableII() *workload.Workload {
	return &workload.Workload{Nodes: 11, MapSlots: 1, ReduceSlots: 1, Jobs: []workload.Job{
		{ID: "u2-piestimator-14", User: "u2-piestimator", Submit: 449.42867831709634, Map: []float64{18.991230260324812}},
		{ID: "u2-piestimator-15", User: "u2-piestimator", Submit: 467.35080511842455, Map: []float64{19.664464009207336, 20.82222303103631,
			17.615087101090126, 22.343253772294144, 18.163764833270847, 19.063311070603152, 22.52114687303154, 18.79055472791188,
			19.1694828898119, 21.35320998601665, 21.2385056170408}},
		{ID: "u2-piestimator-16", User: "u2-piestimator", Submit: 468.3359188125989, Map: []float64{22.371088865304838, 23.571982372227, 16.88498541518473}},
	}}
}

// TestShrunkProtectCase pins the hand trace of docs/appendix/cluster.md: at
// 484.97 s (job 15's task 2 ends) Fair gives the free slot to job 16 (user
// share 3 capped at its demand, deficit 3 − 1 = 2 against 8 − 9 = −1) and
// Parallel PFSP to job 15 (remaining work 44.6/11 ≈ 4.06 normalised seconds
// against job 16's 46.3/11 ≈ 4.21, both completable); job 16's longest task (23.57
// s) therefore starts 0.55 s later, at 485.51, and job 16 finishes at
// 509.087 instead of 508.538 — an indivisible-task effect (class b), far
// inside B = 2·23.57 s; against fluid PS (479.76 s) both schedulers are
// late by the wait for job 15's ten running tasks (0.62·B).
func TestShrunkProtectCase(t *testing.T) {
	w := shrunkTableII()
	fair := run(t, w, &Fair{}, Options{})
	pf := run(t, w, NewHPFSP("ppfsp", ParallelPFSPConfig()), Options{})
	ps := FluidPS(w)
	b := TaskBound(w)
	// Finish times from the timelines of the trace (float64 sums of the
	// task times above).
	if got := fair.Jobs[2].Finish; math.Abs(got-508.5378745917417) > 1e-9 {
		t.Errorf("Fair: job 16 finishes at %v, want 508.5378745917417", got)
	}
	if got := pf.Jobs[2].Finish; math.Abs(got-509.08655232392243) > 1e-9 {
		t.Errorf("Parallel PFSP: job 16 finishes at %v, want 509.08655232392243", got)
	}
	if pf.Jobs[1].Finish >= fair.Jobs[1].Finish {
		t.Errorf("Parallel PFSP should finish job 15 earlier than Fair: %v ≥ %v", pf.Jobs[1].Finish, fair.Jobs[1].Finish)
	}
	for k := range w.Jobs {
		if pf.Jobs[k].Finish > fair.Jobs[k].Finish+b || pf.Jobs[k].Finish > ps[k]+b {
			t.Errorf("job %d: Parallel PFSP %v beyond Fair %v / PS %v + B %v", k, pf.Jobs[k].Finish, fair.Jobs[k].Finish, ps[k], b)
		}
	}
	// Shrink reproduces the case from the full workload.
	if testing.Short() {
		return
	}
	late := func(c *workload.Workload) bool {
		f, err1 := Simulate(c, &Fair{}, Options{})
		p, err2 := Simulate(c, NewHPFSP("ppfsp", ParallelPFSPConfig()), Options{})
		if err1 != nil || err2 != nil {
			return false
		}
		for k := range p.Jobs {
			if !tolerance.LE(p.Jobs[k].Finish, f.Jobs[k].Finish) {
				return true
			}
		}
		return false
	}
	s, err := Shrink(workload.TableII(1), late)
	if err != nil {
		t.Fatal(err)
	}
	w.Metadata = s.Metadata
	if !reflect.DeepEqual(s, w) {
		t.Fatalf("Shrink(TableII(1)) = %+v, want the workload above", s)
	}
}
