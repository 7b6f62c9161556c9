package bounds_test

import (
	"context"
	"fmt"

	"github.com/mrsched/mrsched/bounds"
	"github.com/mrsched/mrsched/instances"
)

// The rank bound on jobs (map, shuffle) = (0, 3), (2, 0), (1, 0) with unit
// capacities. The first completion is no earlier than 1 and the third no
// earlier than 3 (both stations have 3 units of work), as Mixed knows. For
// the second, Mixed's term is 2 (the second smallest max(x, y); no mixed
// single server does better), but any two jobs put 3 units on one
// station — (0, 3) with either map job on the shuffle station, the two
// map jobs on the map station — so m_2 = 3: the rank bound is
// 1 + 3 + 3 = 7 against Mixed's 1 + 2 + 3 = 6. (OPT is 7: the job (1, 0)
// at 1, then (0, 3) at 3 while (2, 0) is mapped until 3.)
func ExampleRankBatch() {
	in := instances.New([]instances.Job{
		{ID: "a", Map: 0, Shuffle: 3},
		{ID: "b", Map: 2, Shuffle: 0},
		{ID: "c", Map: 1, Shuffle: 0},
	})
	r, err := bounds.RankBatch(context.Background(), in, bounds.RankOptions{})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("mixed %g, rank %g (%d of 3 ranks exact)\n", r.Mixed, r.Value, r.Closed)
	// Output:
	// mixed 6, rank 7 (3 of 3 ranks exact)
}

// The nesting stage on jobs (map, shuffle) = (0, 2), (2, 0), (1, 1). Rank
// by rank the best sets are {(1, 1)} (m_1 = 1) and {(0, 2), (2, 0)} (m_2 =
// 2), which no order has in turn, so the rank bound is 1 + 2 + 3 = 6. An
// order starting with (1, 1) has its second completion at 3 or later, one
// starting with another job its first at 2: every order costs at least 7,
// which is OPT (the order (0, 2), (2, 0), (1, 1): 2, 2, 3), and the stage's
// multipliers prove it.
func ExampleRankBatch_nested() {
	in := instances.New([]instances.Job{
		{ID: "a", Map: 0, Shuffle: 2},
		{ID: "b", Map: 2, Shuffle: 0},
		{ID: "c", Map: 1, Shuffle: 1},
	})
	r, err := bounds.RankBatch(context.Background(), in, bounds.RankOptions{})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("rank %g, nested %.6g\n", r.Ranks, r.Nested)
	// Output:
	// rank 6, nested 7
}
