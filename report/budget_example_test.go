package report_test

import (
	"fmt"
	"time"

	"github.com/mrsched/mrsched/report"
)

// Three methods that use time share the 60 s that remain: the first gets a
// third; a policy (no share) may use all that remains.
func ExampleShare() {
	now := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	deadline := now.Add(time.Minute)
	fmt.Println(report.Share(deadline, now, 3, true))
	fmt.Println(report.Share(deadline, now, 3, false))
	fmt.Println(report.Share(deadline, deadline.Add(time.Second), 3, true) <= 0)
	// Output:
	// 20s
	// 1m0s
	// true
}
