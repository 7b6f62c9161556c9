package fluid_test

import (
	"fmt"

	"github.com/mrsched/mrsched/instances"
	"github.com/mrsched/mrsched/solver/fluid"
)

// FIFO on the §2.1 example of Lin et al. (jobs (1,2), (3,1), (2,2)): the
// jobs complete at 2, 4 and 6 (§2.1), a total response time of 12; the
// schedule passes the independent validator.
func ExampleCompare() {
	cmp, err := fluid.Compare(instances.Example21(), []fluid.Policy{fluid.FIFO()}, 1)
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, c := range cmp {
		fmt.Printf("%s: total response %g, valid %v\n", c.Policy, c.Result.TotalResponse, c.Invalid == nil)
	}
	// Output:
	// fifo: total response 12, valid true
}
