package report_test

import (
	"context"
	"fmt"

	"github.com/mrsched/mrsched/report"
	"github.com/mrsched/mrsched/sweep"
)

// A report over the Cor. 4 family of Lin et al. for n = 2 and 4 (α = 3,
// ε = 0.1): MaxSRPT stays within its guarantee 2α/(1+α) = 1.5 (Cor. 4), so
// the sweep has no violation and no failed run; the first instance's
// schedules are kept for Gantt charts.
func ExampleSources() {
	srcs, err := report.Sources(nil, []string{"cor4,n=2-4/2,alpha=3,eps=0.1"})
	if err != nil {
		fmt.Println(err)
		return
	}
	var first report.FirstSchedules
	sw, err := report.NewSweep(srcs, "maxsrpt,lbcount", report.Options{Validate: true, KeepSchedules: first.Keep})
	if err != nil {
		fmt.Println(err)
		return
	}
	set, err := sweep.Run(context.Background(), sw, sweep.Options{Workers: 1})
	if err != nil {
		fmt.Println(err)
		return
	}
	violations, failures, err := report.Problems(set)
	fmt.Println(len(srcs), "instances;", len(violations), "violations,", len(failures), "failed runs;", first.Kept(), err)
	// Output: 2 instances; 0 violations, 0 failed runs; true <nil>
}
