package doccheck_test

import (
	"fmt"
	"strings"

	"github.com/mrsched/mrsched/internal/doccheck"
)

// Extract finds the commands among a document's code spans; Checker.Check then checks
// each against the CLI's help tree, make -n and the packages' tests.
func ExampleExtract() {
	md := "| Fig. 9 | `results/report/fig9.md` | `make study-fig9` and `mrsched study fig9 --jobs 20000 --reps 2` |\n"
	for _, c := range doccheck.Extract([]byte(md)) {
		fmt.Printf("line %d, %s: %q\n", c.Line, c.Kind, c.Args)
	}
	// Output:
	// line 1, make: ["study-fig9"]
	// line 1, mrsched: ["study" "fig9" "--jobs" "20000" "--reps" "2"]
}

// Captions lists the figures and tables a paper's text has; ItemLabels the ones an index
// section has rows for.
func ExampleCaptions() {
	paper := "Figure 1: Batching\nAs Figure 2 shows, ...\nFigure 2: Cyclic piggybacking\nTABLE I. NOTATION\n"
	index := "## Wolf\n| item | ours |\n|---|---|\n| Fig. 1 (batching) and Fig. 2 | test |\n"
	rows := doccheck.ItemLabels(index)
	for _, c := range doccheck.Captions([]byte(paper)) {
		fmt.Println(c, rows[c])
	}
	// Output:
	// Fig. 1 true
	// Fig. 2 true
	// Table I false
}

// History finds the lines that cite the project's development history instead of saying
// what they mean.
func ExampleHistory() {
	src := "// Refuses duplicate keys.\n// Regression test of issue " + "12.\n"
	for _, r := range doccheck.History([]byte(src)) {
		fmt.Printf("line %d: a numbered %s\n", r.Line, strings.Fields(r.Match)[0])
	}
	// Output:
	// line 2: a numbered issue
}
