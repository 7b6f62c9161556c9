package experiments_test

import (
	"fmt"

	"github.com/mrsched/mrsched/solver/cluster/experiments"
)

// The LsPS Table II experiment over two seeds: per-user mean response
// times of FIFO, Fair and LsPS (no files: Env.OutDir is empty).
func ExampleLsPSTableII() {
	r, err := experiments.LsPSTableII(experiments.Env{}, 2)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(r.Users)
	fmt.Println(r.Table().Header)
	// Output:
	// [u1-wordcount u2-piestimator u3-grep u4-sort]
	// [user FIFO Fair LsPS FIFO/Fair FIFO/LsPS Fair/LsPS]
}

// One point of the LsPS parameter map: the default setting over two seeds.
func ExampleLsPSMap() {
	rows, _, err := experiments.LsPSMap(experiments.Env{}, []experiments.LsPSMapPoint{{TimeScale: 1, ReduceScale: 1, SlotsPerNode: 2}}, 2)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(rows[0].FIFOOverLsPS > 1, rows[0].Holds)
	// Output:
	// true false
}
