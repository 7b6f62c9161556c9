package flagsets_test

import (
	"fmt"

	"github.com/mrsched/mrsched/cmd/mrsched/internal/flagsets"
	"github.com/mrsched/mrsched/internal/cliflags"
	"github.com/mrsched/mrsched/reductions/tight"
)

// The flags of 'mrsched gen tight-maxsrpt', declared from the defaults of
// tight.MaxSRPTConfig: one flag per field the command fills.
func ExampleTightMax() {
	def := tight.DefaultMaxSRPTConfig()
	for _, f := range cliflags.Bind(flagsets.TightMax(&def)...) {
		fmt.Println(f.Names()[0])
	}
	// Output:
	// n
	// alpha
	// eps
}
