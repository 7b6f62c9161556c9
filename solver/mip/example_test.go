package mip_test

import (
	"fmt"
	"math"
	"time"

	"github.com/mrsched/mrsched/solver/mip"
)

// CheckText refuses a file that no solver should read as a model, naming
// the file and line: here an MPS coefficient that is not a number (HiGHS
// would read it as 0).
func ExampleCheckText() {
	mps := "NAME t\nROWS\n N obj\n G c1\nCOLUMNS\n x obj 1 c1 abc\nRHS\n RHS c1 2\nENDATA\n"
	_, err := mip.CheckText("model.mps", []byte(mps))
	fmt.Println(err)
	format, err := mip.CheckText("tiny.lp", []byte("Maximize\n obj: x\nSubject To\n c1: x <= 4\nEnd\n"))
	fmt.Println(format, err)
	// Output:
	// mip: model.mps:6: COLUMNS value: "abc" is not a number
	// lp <nil>
}

// Deadline: a command started at 12:00:00 with a 10 s limit must finish its
// work by 12:00:09.5, keeping min(0.5 s, limit/10) to write its answer.
func ExampleDeadline() {
	start := mustTime("2026-11-25T12:00:00Z")
	fmt.Println(mip.Deadline(start, 10e9).Format("15:04:05.000"), mip.Deadline(start, 2e9).Format("15:04:05.000"))
	// Output: 12:00:09.500 12:00:01.800
}

func mustTime(s string) (t time.Time) {
	t, err := time.Parse(time.RFC3339, s)
	if err != nil {
		panic(err)
	}
	return t
}

// Every exact method's answer embeds Answer; SetBound records a proven
// bound and the one gap rule (Gap): (objective − bound)/objective, 0 when
// the bound meets the objective under the tolerance policy, +Inf without
// a bound.
func ExampleAnswer_SetBound() {
	a := mip.Answer{Objective: 50}
	a.SetBound(40, mip.SourceSearchRoot)
	fmt.Println(a.LowerBound, a.BoundSource, a.Gap)
	a.SetBound(50*(1-1e-12), mip.EngineSource("highs"))
	fmt.Println(a.BoundSource, a.Gap, mip.SourcePortfolio.Within(a.BoundSource))
	fmt.Println(mip.Gap(50, math.Inf(-1)))
	// Output:
	// 40 search root bound 0.2
	// highs MIP 0 portfolio (highs MIP)
	// +Inf
}
