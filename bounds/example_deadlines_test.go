package bounds_test

import (
	"fmt"

	"github.com/mrsched/mrsched/bounds"
	"github.com/mrsched/mrsched/instances"
)

// Two map-only jobs of size 1 due at 1.5 and a shuffle-only job: the map
// station alone would need 2 time units in [0, 1.5], so no schedule meets
// the deadlines.
func ExampleDeadlineProof() {
	in := instances.New([]instances.Job{
		{ID: "a", Map: 1, Due: 1.5, HasDue: true},
		{ID: "b", Map: 1, Due: 1.5, HasDue: true},
		{ID: "c", Shuffle: 3},
	})
	cert, err := bounds.DeadlineProof(in)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(cert.String(in))
	// Output:
	// map station: jobs [a b] need work 2 within [0, 1.5], of length 1.5
}
