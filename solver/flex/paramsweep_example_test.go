package flex_test

import (
	"context"
	"fmt"
	"os"

	"github.com/mrsched/mrsched/solver/flex"
)

// The grid's points: m_j = max(1, round(φ·M_j)), so φ = 0.1 at M_j = 5
// (m_j = round(0.5) = 1) repeats φ = 0 and is listed once.
func ExampleMapGrid_Points() {
	g := flex.MapGrid{MaxSlots: []int{5, 20}, MinFrac: []float64{0, 0.1, 1}, Window: []float64{2}, BlockTime: []float64{0}}
	for _, p := range g.Points() {
		fmt.Printf("M_j=%d m_j=%d  ", p.MaxSlots, p.MinSlots)
	}
	fmt.Println()
	// Output: M_j=5 m_j=1  M_j=5 m_j=5  M_j=20 m_j=1  M_j=20 m_j=2  M_j=20 m_j=20
}

// A small parameter map (40-arrival workloads, 2 repetitions): the coarse
// pass over 4 points, the fine pass around its best point and its best
// point with a rising concurrency, and the report files.
func ExampleRunMap() {
	s := flex.DefaultMapSetup()
	s.Grid = flex.MapGrid{MaxSlots: []int{10, 50}, MinFrac: []float64{1}, Window: []float64{2}, BlockTime: []float64{0, 1}}
	s.Reps, s.Top, s.Workload.Jobs, s.Workload.Horizon = 2, 1, 40, 4
	dir, err := os.MkdirTemp("", "flexmap")
	if err != nil {
		fmt.Println(err)
		return
	}
	defer os.RemoveAll(dir)
	rep, err := flex.RunMap(context.Background(), s, flex.MapRunOptions{Dir: dir, Workers: 2})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(len(rep.Coarse), "coarse points,", len(rep.Fine), "fine points; files:", len(rep.Files["map.md"]) > 0, len(rep.Files["map.csv"]) > 0)
	b := rep.Coarse[0]
	fmt.Printf("M_j=%d m_j=%d b=%g: CIRCUMFLEX/FLEX %.3f → %.3f, BATCH/FLEX %.3f → %.3f\n", b.Point.MaxSlots, b.Point.MinSlots, b.Point.BlockTime, b.Circ[0], b.Circ[1], b.Bat[0], b.Bat[1])
	// Output:
	// 4 coarse points, 3 fine points; files: true true
	// M_j=10 m_j=10 b=0: CIRCUMFLEX/FLEX 0.949 → 0.974, BATCH/FLEX 2.097 → 2.025
}
