package report_test

import (
	"fmt"
	"os"
	"strings"

	"github.com/mrsched/mrsched/instances"
	"github.com/mrsched/mrsched/report"
	"github.com/mrsched/mrsched/solver/fluid"
	"github.com/mrsched/mrsched/tabular"
)

// The plan of MaxSRPT on a three-job night from 22:00: b comes after a
// and is due at 22:15, which it cannot meet (a and b each need 10 minutes
// of map and of shuffle, one after the other). MaxSRPT serves the smallest
// job c first (both stations at full rate: done at 22:05), then a (22:15),
// then b (22:25): late by 10 minutes, weighted tardiness 2 · 10.
func ExamplePlan() {
	in, err := instances.ReadCSV(strings.NewReader(`# start: 22:00
id,release,map,shuffle,weight,after,due
a,22:00,10,10,,,
b,22:00,10,10,2,a,22:15
c,22:00,5,5,,,23:00
`), "night.csv")
	if err != nil {
		fmt.Println(err)
		return
	}
	res, err := fluid.Simulate(in, fluid.MaxSRPT(), fluid.Options{Record: true})
	if err != nil {
		fmt.Println(err)
		return
	}
	plan := report.Plan(in, res.Schedule)
	if err := report.PlanTable("", plan, tabular.Text).Write(os.Stdout, tabular.Text); err != nil {
		fmt.Println(err)
	}
	fmt.Println(report.Deadlines(plan))
	// Output:
	// rank  job  weight  map  shuffle  after  release  start  completion  response    due  late  lateness
	// ----  ---  ------  ---  -------  -----  -------  -----  ----------  --------  -----  ----  --------
	//    1  c         1    5        5           22:00  22:00       22:05         5  23:00  no         -55
	//    2  a         1   10       10           22:00  22:05       22:15        15      -               -
	//    3  b         2   10       10  a        22:00  22:15       22:25        25  22:15  yes         10
	// 1 of 2 jobs late (b); max lateness 10, weighted tardiness 20
}
