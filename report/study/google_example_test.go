package study_test

import (
	"context"
	"fmt"

	"github.com/mrsched/mrsched/instances"
	"github.com/mrsched/mrsched/report/study"
)

// Figs. 5–7 on a tiny instance (in practice, one made by `mrsched import
// google`): submission rate per hour, size spread, relative E[T]. Without
// metadata the window ends at the last release (4000 s): the second hour
// bin lasts 400 s, so its one job is 9 jobs/h, the peak, and the first
// hour's 2 jobs/h are 2/9 of it.
func ExampleGoogle() {
	in := instances.New([]instances.Job{
		{ID: "a", Release: 0, Map: 1, Shuffle: 3}, {ID: "b", Release: 600, Map: 2, Shuffle: 1},
		{ID: "c", Release: 4000, Map: 3, Shuffle: 2},
	})
	cfg := study.DefaultGoogleConfig()
	cfg.Loads, cfg.Variants = []float64{0.5}, []string{"original"}
	r, err := study.Google(context.Background(), in, "tiny", cfg)
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, b := range r.Hourly {
		fmt.Printf("hour from %g s: %d jobs, relative rate %.3f\n", b.Start, b.Jobs, b.Rel)
	}
	fmt.Printf("map size std %.3f (paper %.2f)\n", r.Stats[0].Std, r.Stats[0].PaperStd)
	for _, p := range r.Fig7[0].Policies {
		fmt.Printf("%s: relative E[T] ≥ 1: %v\n", p.Policy, p.Relative >= 1)
	}
	// Output:
	// hour from 0 s: 2 jobs, relative rate 0.222
	// hour from 3600 s: 1 jobs, relative rate 1.000
	// map size std 0.408 (paper 3.65)
	// klps: relative E[T] ≥ 1: true
	// maxsrpt: relative E[T] ≥ 1: true
	// splitsrpt: relative E[T] ≥ 1: true
}
