package experiments_test

import (
	"fmt"

	"github.com/mrsched/mrsched/solver/cluster/experiments"
)

// What 'mrsched cluster study lsps --seeds 2 --out ""' runs: the LsPS
// Table II experiment (no files: Env.OutDir is empty), one table.
func ExampleRunStudy() {
	tables, err := experiments.RunStudy(experiments.Env{}, experiments.StudyConfig{Study: "lsps", Seeds: 2, Workers: 1})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(len(tables), tables[0].Header)
	// Output:
	// 1 [user FIFO Fair LsPS FIFO/Fair FIFO/LsPS Fair/LsPS]
}
