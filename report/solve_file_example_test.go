package report_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"

	"github.com/mrsched/mrsched/instances"
	"github.com/mrsched/mrsched/report"
	"github.com/mrsched/mrsched/tabular"
)

// example21File writes the worked example of Lin et al. §2.1 to a
// temporary directory and returns its path and the directory.
func example21File() (string, string) {
	dir, err := os.MkdirTemp("", "report-example")
	if err != nil {
		panic(err)
	}
	path := filepath.Join(dir, "ex21.json")
	if err := instances.WriteFile(path, instances.Example21()); err != nil {
		panic(err)
	}
	return path, dir
}

// The optimum of the §2.1 example (J1 = (1, 2), J2 = (3, 1), J3 = (2, 2)),
// in exact rational arithmetic: the order J1, J3, J2 completes at 2, 4
// and 6, total 12 (the subset bound of 'mrsched bound' is 12 too). The
// exact schedule goes to a file; Files says so. In CSV the per-job table.
func ExampleSolveFile() {
	path, dir := example21File()
	defer os.RemoveAll(dir)
	out, err := report.SolveFile(context.Background(), report.SolveConfig{Instance: path, Exact: true,
		Schedule: filepath.Join(dir, "s.json")})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(len(out.Files), "file written")
	if err := out.Write(os.Stdout, tabular.CSV); err != nil {
		fmt.Println(err)
	}
	// Output:
	// 1 file written
	// id,release,map,shuffle,completion,completion (exact),response (exact)
	// J1,0,1,2,2.000000,2,2
	// J2,0,3,1,6.000000,6,6
	// J3,0,2,2,4.000000,4,4
}

// Every tandem policy on the §2.1 example; each schedule is checked by the
// validator, so Failed is nil. FIFO serves J1, J2, J3 and completes them at
// 2, 4 and 6 (§2.1, Fig. 2): total 12.
func ExampleCompare() {
	out, err := report.Compare(report.CompareConfig{Example: true, K: 1, Speed: 1})
	if err != nil {
		fmt.Println(err)
		return
	}
	fifo := out.View.Tables[0].Rows[0]
	fmt.Println(fifo[0], fifo[1], out.Failed)
	// Output: fifo 12 <nil>
}

// FIFO on the §2.1 example completes J1, J2, J3 at 2, 4 and 6 (Lin et al.
// §2.1, Fig. 2); the schedule file it writes passes the independent
// validator with the same total, 12.
func ExampleSimulateFile() {
	path, dir := example21File()
	defer os.RemoveAll(dir)
	sched := filepath.Join(dir, "fifo.json")
	out, err := report.SimulateFile(report.SimulateConfig{Instance: path, Policy: "fifo", Speed: 1, Schedule: sched})
	if err == nil {
		err = out.Write(os.Stdout, tabular.CSV)
	}
	if err != nil {
		fmt.Println(err)
		return
	}
	v, err := report.ValidateFiles(path, sched)
	if err != nil {
		fmt.Println(err)
		return
	}
	r := v.View.Tables[0].Rows[0]
	fmt.Println("valid", r[1], "total", r[2], "failed:", v.Failed)
	// Output:
	// id,release,map,shuffle,completion,response,slowdown
	// J1,0,1,2,2,2,1
	// J2,0,3,1,4,4,1.3333333333333333
	// J3,0,2,2,6,6,3
	// valid true total 12 failed: <nil>
}

// The bounds of the §2.1 example without the LP relaxation: α = 3 (J2:
// 3/1) and β = 1 (J3: 2/2) give the guarantees 2α/(1+α) = 1.5 and
// 1 + 1/β = 2 (Cor. 4 and 6); the mixed bound is 2 + 3.5 + 6 = 11.5 (rank
// 1: J1's standalone 2; rank 2: the two smallest α·x + (1−α)·y, largest
// at α = 1/2; rank 3: all the work at α = 1); the subset bound is the
// optimum 12.
func ExampleBoundsFile() {
	path, dir := example21File()
	defer os.RemoveAll(dir)
	out, err := report.BoundsFile(context.Background(), report.BoundsConfig{Instance: path, NoLP: true})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, r := range out.View.Value.([]report.BoundRow) {
		fmt.Println(r.Name, r.Value)
	}
	// Output:
	// alpha 3
	// maxsrpt_guarantee 1.5
	// beta 1
	// splitsrpt_guarantee 2
	// paper51 10
	// counting 10
	// prefix 10
	// mixed_counting 11.5
	// subset 12
}
