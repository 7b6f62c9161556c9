package onepage_test

import (
	"bytes"
	"context"
	"fmt"

	"github.com/mrsched/mrsched/instances"
	"github.com/mrsched/mrsched/report"
	"github.com/mrsched/mrsched/report/onepage"
)

// The one-page report of the §2.1 example: run the methods recording their
// schedules, build the page, write it and check it.
func Example() {
	in := instances.Example21()
	ms, _ := report.Resolve("fifo,maxsrpt,splitsrpt,lbcount")
	ir, outs, err := report.Evaluate(context.Background(), "example21", in, ms, report.Env{Record: true})
	if err != nil {
		fmt.Println(err)
		return
	}
	p, err := onepage.Build(ir, in, report.Schedules(outs), onepage.Options{TimeLimit: "30s"})
	if err != nil {
		fmt.Println(err)
		return
	}
	var b bytes.Buffer
	if err := p.Write(&b); err != nil {
		fmt.Println(err)
		return
	}
	want := onepage.Expect{Title: p.Title, Gap: float64(ir.Gap)}
	for _, r := range p.Plan {
		want.Jobs = append(want.Jobs, r.Job)
		fmt.Printf("%d %s completes at %g\n", r.Rank, r.Job, r.Completion)
	}
	fmt.Println(p.Title, "| best:", ir.BestUpperBy, "| figures:", len(p.Figures), "| check:", onepage.Check(b.Bytes(), want))
	// Output:
	// 1 J1 completes at 2
	// 2 J2 completes at 4
	// 3 J3 completes at 6
	// Plan for example21 (3 jobs) | best: fifo | figures: 3 | check: <nil>
}
