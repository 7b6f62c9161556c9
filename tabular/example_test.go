package tabular_test

import (
	"math"
	"os"

	"github.com/mrsched/mrsched/tabular"
)

// One table, two audiences: Markdown for people shows six significant
// digits and the gap as a percentage; CSV keeps every digit and the
// fraction.
func ExampleTable() {
	t := &tabular.Table{Header: []string{"method", "total", "gap"}, Percent: []bool{false, false, true}}
	t.Add("search", tabular.Float(157746.4742030241), tabular.Float(0.0248428))
	t.Write(os.Stdout, tabular.Markdown)
	t.Write(os.Stdout, tabular.CSV)
	// Output:
	// | method | total | gap |
	// |---|---|---|
	// | search | 157746 | 2.48% |
	// method,total,gap
	// search,157746.4742030241,0.0248428
}

// Values that are not finite have one spelling per format: α of an
// instance with a zero-size job is +∞.
func ExampleWriteJSON() {
	tabular.WriteJSON(os.Stdout, map[string]float64{"alpha": math.Inf(1), "beta": 2, "opt": math.NaN()})
	// Output:
	// {
	//   "alpha": "+Inf",
	//   "beta": 2,
	//   "opt": null
	// }
}
