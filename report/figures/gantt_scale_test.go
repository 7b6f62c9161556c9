package figures

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/mrsched/mrsched/instances"
	"github.com/mrsched/mrsched/solver/fluid"
	"github.com/mrsched/mrsched/tolerance"
)

// TestGanttScales: at any number of jobs the chart has at most
// GanttDetailJobs rows (every job up to it; the GanttLargest largest and
// one aggregated row above it) and a bounded size; the detailed rows are
// the largest jobs, checked against a brute-force scan of the sizes.
func TestGanttScales(t *testing.T) {
	for _, tc := range []struct {
		n, rows int // rows: n up to GanttDetailJobs, else GanttLargest + 1
	}{{16, 16}, {40, 40}, {41, GanttLargest + 1}, {300, GanttLargest + 1}, {3000, GanttLargest + 1}} {
		in, err := instances.PaperLogNormal(tc.n, 0.75, true).Generate(rand.NewPCG(uint64(tc.n), 9))
		if err != nil {
			t.Fatal(err)
		}
		res, err := fluid.Simulate(in, fluid.MaxSRPT(), fluid.Options{Record: true})
		if err != nil {
			t.Fatal(err)
		}
		p, err := Gantt(in, res.Schedule, "t")
		if err != nil {
			t.Fatalf("n=%d: %v", tc.n, err)
		}
		ticks := p.Y.Tick.Marker.Ticks(0, 1)
		if len(ticks) != tc.rows || p.Y.Max != float64(tc.rows) {
			t.Errorf("n=%d: %d row labels, y max %v; want %d rows", tc.n, len(ticks), p.Y.Max, tc.rows)
		}
		if w, h := GanttSize(tc.n); w > 11 || h > 1.6+0.19*GanttDetailJobs {
			t.Errorf("n=%d: size %v × %v in, over the fixed maximum", tc.n, w, h)
		}
		sel := GanttRows(in, res.Schedule)
		if tc.n <= GanttDetailJobs {
			continue
		}
		chosen := map[int]bool{}
		smallest := math.Inf(1)
		for _, j := range sel {
			chosen[j] = true
			smallest = math.Min(smallest, in.Jobs[j].Map+in.Jobs[j].Shuffle)
		}
		for j, jb := range in.Jobs {
			if !chosen[j] && jb.Map+jb.Shuffle > smallest {
				t.Errorf("n=%d: job %s (size %v) left out for one of size %v", tc.n, jb.ID, jb.Map+jb.Shuffle, smallest)
				break
			}
		}
		for k := 1; k < len(sel); k++ {
			if res.Schedule.Completion[sel[k]] < res.Schedule.Completion[sel[k-1]] {
				t.Errorf("n=%d: rows not in completion order at %d", tc.n, k)
			}
		}
	}
}

// TestLoadConservation: the load figures' data integrate to closed forms:
// ∫ jobs in system dt = Σ (C_j − r_j), the total response time, and
// ∫ map (shuffle) utilisation dt = 100 · Σ x_j / μ_m (Σ y_j / μ_c), the
// work, since every unit of work is served once.
func TestLoadConservation(t *testing.T) {
	for _, online := range []bool{false, true} {
		in, err := instances.PaperLogNormal(200, 0.8, !online).Generate(rand.NewPCG(5, 6))
		if err != nil {
			t.Fatal(err)
		}
		res, err := fluid.Simulate(in, fluid.SplitSRPT(), fluid.Options{Record: true})
		if err != nil {
			t.Fatal(err)
		}
		jobs, mp, sh, err := Load(in, res.Schedule)
		if err != nil {
			t.Fatal(err)
		}
		if len(jobs) != LoadBins {
			t.Fatalf("%d bins, want %d", len(jobs), LoadBins)
		}
		w := 2 * jobs[0].X
		var ij, im, is, wm, ws float64
		for k := range jobs {
			ij += jobs[k].Y * w
			im += mp[k].Y * w
			is += sh[k].Y * w
		}
		for _, jb := range in.Jobs {
			wm += jb.Map / in.MapCapacity
			ws += jb.Shuffle / in.ShuffleCapacity
		}
		if tot := res.Schedule.TotalResponse(in); !tolerance.Eq(ij, tot) {
			t.Errorf("online=%v: ∫ jobs in system = %v, want the total response %v", online, ij, tot)
		}
		if !tolerance.Eq(im, 100*wm) || !tolerance.Eq(is, 100*ws) {
			t.Errorf("online=%v: ∫ utilisation = %v, %v; want 100 × work %v, %v", online, im, is, 100*wm, 100*ws)
		}
	}
}
