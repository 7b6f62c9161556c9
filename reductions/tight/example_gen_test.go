package tight_test

import (
	"fmt"

	"github.com/mrsched/mrsched/reductions/tight"
)

// The MaxSRPT family of 'mrsched gen tight-maxsrpt --n 10 --alpha 3 --eps
// 0.5', annotated with MaxSRPT's closed-form total and the exact
// alternative schedule's (an upper bound on OPT): 145 and 115 are the
// closed forms MaxSRPTCost(10, 3, 0.5) and MaxAltCost(10, 3, 0.5) of
// tight.go, whose ratio 1.260870 stays below the guarantee.
func ExampleGenerateMaxSRPT() {
	g, err := tight.GenerateMaxSRPT(10, 3, 0.5)
	if err != nil {
		fmt.Println(err)
		return
	}
	s, _ := g.AltSchedule()
	fmt.Println(g.Tandem().N(), "jobs,", len(s.Segments), "segments")
	fmt.Println(g.Summary())
	// Output:
	// 10 jobs, 17 segments
	// maxsrpt total 145, alternative (≥ OPT) 115, ratio ≥ 1.260870, guarantee 1.500000
}

// The same family through its configuration, as the command builds it
// from its flags (the defaults of DefaultMaxSRPTConfig with n, α and ε
// replaced): the totals are those of ExampleGenerateMaxSRPT.
func ExampleMaxSRPTConfig() {
	c := tight.DefaultMaxSRPTConfig()
	c.N, c.Alpha, c.Eps = 10, 3, 0.5
	g, err := c.Generate()
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(g.Summary())
	// Output:
	// maxsrpt total 145, alternative (≥ OPT) 115, ratio ≥ 1.260870, guarantee 1.500000
}
