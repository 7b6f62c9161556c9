package reductions_test

import (
	"context"
	"fmt"
	"time"

	"github.com/mrsched/mrsched/reductions"
	"github.com/mrsched/mrsched/reductions/nmts"
)

// The repaired reduction (docs/appendix/hard.md) of the q = 1 instance
// f = {1}, g = {2}, h = {3}: shift 2 (g′ = 4, h′ = 5), y′ = 6,
// A = 2·6·(6 + 5) = 132, M = 2A, and the certificate costs exactly y.
func ExampleRepairedReduce() {
	src := &nmts.Instance{F: []int64{1}, G: []int64{2}, H: []int64{3}}
	r, err := reductions.RepairedReduce(src, reductions.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	s, err := r.Certificate(nmts.Solution{Pi: []int{0}, Sigma: []int{0}})
	if err != nil {
		fmt.Println(err)
		return
	}
	v, err := r.Check(s)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("A =", r.A, "M =", r.M, "y =", r.Y)
	fmt.Println("E jobs:", r.Jobs[3].Map, r.Jobs[3].Shuffle)
	fmt.Println("certificate total =", v.Total.RatString(), "holds:", v.Holds)
	// Output:
	// A = 132 M = 264 y = 2382
	// E jobs: 264 264
	// certificate total = 2382 holds: true
}

// Separate bounds OPT of the reduced instance exactly; on the no-instance
// f = {1, 1}, g = {1, 1}, h = {1, 3} appendix A's reduction has
// OPT = y − 8/9 (its claim "no ⇒ OPT > y" fails), the repaired one
// OPT = y + 1.
func ExampleSeparate() {
	c, err := reductions.NewCase(&nmts.Instance{F: []int64{1, 1}, G: []int64{1, 1}, H: []int64{1, 3}}, "example")
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, b := range []reductions.Builder{reductions.OriginalBuilder, reductions.RepairedBuilder} {
		rows, err := reductions.Separate(context.Background(), []reductions.Case{c}, b,
			reductions.SeparationOptions{ExhaustiveMax: 6, Workers: 1, ExactLimit: time.Minute})
		if err != nil {
			fmt.Println(err)
			return
		}
		r := rows[0]
		fmt.Println("yes:", r.Yes, "exact:", r.Exact(), "OPT − y =", r.UBMinusY().RatString(), r.Verdict())
	}
	// Output:
	// yes: false exact: true OPT − y = -8/9 violated
	// yes: false exact: true OPT − y = 1 holds
}

// EnumerateNMTS lists every instance with values up to a bound, one per
// triple of multisets.
func ExampleEnumerateNMTS() {
	srcs, err := reductions.EnumerateNMTS(2, 2)
	if err != nil {
		fmt.Println(err)
		return
	}
	yes := 0
	for _, s := range srcs {
		if _, ok, _, _ := nmts.Solve(s); ok {
			yes++
		}
	}
	fmt.Println(len(srcs), "instances,", yes, "yes")
	fmt.Println("first:", srcs[0].F, srcs[0].G, srcs[0].H)
	// Output:
	// 15 instances, 10 yes
	// first: [1 1] [1 1] [1 3]
}
