package study_test

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/mrsched/mrsched/report/study"
	"github.com/mrsched/mrsched/solver/flex"
	"github.com/mrsched/mrsched/tabular"
)

// Two jobs arrive at 0 and both scan dataset d1 (20 block-minutes) on
// S = 10 slots (Wolf et al. §2). CIRCUMFLEX shares one scan: both finish at
// 20/10 = 2, work 20, half the unshared 40. BATCH waits for its window
// W = 2, then shares the scan: both finish at 4. FLEX does not share: the
// 40 units of work end at 4.
func ExampleFlexSimulate() {
	dir, err := os.MkdirTemp("", "flex-example")
	if err != nil {
		fmt.Println(err)
		return
	}
	defer os.RemoveAll(dir)
	path := filepath.Join(dir, "two.json")
	w := `{"kind":"sharedscan","slots":10,"datasets":[{"id":"d1","size":20}],"jobs":[` +
		`{"id":"a","arrival":0,"datasets":["d1"],"weight":1,"min_slots":1,"max_slots":10,"scan_fraction":1},` +
		`{"id":"b","arrival":0,"datasets":["d1"],"weight":1,"min_slots":1,"max_slots":10,"scan_fraction":1}]}`
	if err := os.WriteFile(path, []byte(w), 0o644); err != nil {
		fmt.Println(err)
		return
	}
	out, err := study.FlexSimulate(study.FlexSimulateConfig{Workload: path, Metric: "sum-response", Scheme: "all", Window: 2})
	if err == nil {
		err = out.Write(os.Stdout, tabular.CSV)
	}
	if err != nil {
		fmt.Println(err)
	}
	// Output:
	// scheme,avg response,avg stretch,max stretch,sum-response,work,work/unshared,replans,max concurrent
	// flex,3.1111,1.5556,2.0000,6.222222222222222,40.000,1.0000,1,2.00
	// circumflex,2.0000,1.0000,1.0000,4,20.000,0.5000,1,1.00
	// batch,4.0000,2.0000,2.0000,8,20.000,0.5000,1,2.00
}

// The CIRCUMFLEX plan of the two jobs of ExampleFlexSimulate at their
// arrival: one shared subjob scans d1 (20 block-minutes) for both at
// concurrency 2 on all S = 10 slots and completes at 20/10 = 2.
func ExampleFlexPlan() {
	dir, err := os.MkdirTemp("", "flex-example")
	if err != nil {
		fmt.Println(err)
		return
	}
	defer os.RemoveAll(dir)
	path := filepath.Join(dir, "two.json")
	w := `{"kind":"sharedscan","slots":10,"datasets":[{"id":"d1","size":20}],"jobs":[` +
		`{"id":"a","arrival":0,"datasets":["d1"],"weight":1,"min_slots":1,"max_slots":10,"scan_fraction":1},` +
		`{"id":"b","arrival":0,"datasets":["d1"],"weight":1,"min_slots":1,"max_slots":10,"scan_fraction":1}]}`
	if err := os.WriteFile(path, []byte(w), 0o644); err != nil {
		fmt.Println(err)
		return
	}
	out, err := study.FlexPlan(study.FlexPlanConfig{Workload: path, Metric: "sum-response", Scheme: "circumflex", At: -1})
	if err == nil {
		err = out.Write(os.Stdout, tabular.CSV)
	}
	if err != nil {
		fmt.Println(err)
	}
	// Output:
	// rank,subjob,concurrency,work,min,max,completion,completes,preds
	// 1,"(d1,1)",2,20,1,10,2,a b,
}

// The grid of a small FLEX study as 'mrsched flex study --theta1 0,1
// --theta2 0.5 --levels 0-8/4' gives it, and a list that is not.
func ExampleFlexGrid() {
	cfg := flex.DefaultStudy()
	err := study.FlexGrid{Theta1: "0,1", Theta2: "0.5", Levels: "0-8/4", Metrics: "sum-response,max-stretch"}.Set(&cfg)
	fmt.Println(cfg.Theta1, cfg.Theta2, cfg.Levels, cfg.Metrics, err)
	err = study.FlexGrid{Theta1: "0,1", Theta2: "0.5", Levels: "0,9", Metrics: "sum-response"}.Set(&cfg)
	fmt.Println(err)
	// Output:
	// [0 1] [0.5] [0 4 8] [sum-response max-stretch] <nil>
	// report: invalid configuration: levels: want a value in [0, 8], got 9
}
