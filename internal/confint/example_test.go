package confint_test

import (
	"fmt"

	"github.com/mrsched/mrsched/internal/confint"
)

// Five replications of a simulated mean response time: mean 4.12, s =
// 0.19235, t(0.975, 4) = 2.7764 (tables), half-width 2.7764·0.19235/√5 =
// 0.2388.
func ExampleStudent95() {
	c := confint.Student95([]float64{4.1, 3.9, 4.4, 4.0, 4.2})
	fmt.Println(c.Fixed(3), c.Contains(4))
	// Output: 4.120 ± 0.239 true
}
