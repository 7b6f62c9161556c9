package study_test

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/mrsched/mrsched/instances/workload"
	"github.com/mrsched/mrsched/report/study"
	"github.com/mrsched/mrsched/solver/cluster"
	"github.com/mrsched/mrsched/tabular"
)

// The fig2 workload of H-PFSP (Li et al.; 4 jobs, seed 1) under Fair
// sharing, one row per job, with the task-to-slot timeline in a CSV file:
// four WordCount jobs submitted together share the slots and finish
// together, each about 1.7 to 1.9 times slower than alone.
func ExampleClusterSimulate() {
	dir, err := os.MkdirTemp("", "cluster-example")
	if err != nil {
		fmt.Println(err)
		return
	}
	defer os.RemoveAll(dir)
	w, err := workload.GenConfig{Kind: "fig2", N: 4, SizeGB: 1, Seed: 1}.Generate()
	path := filepath.Join(dir, "w.json")
	if err == nil {
		err = workload.WriteFile(path, w)
	}
	if err != nil {
		fmt.Println(err)
		return
	}
	out, err := study.ClusterSimulate(study.ClusterSimulateConfig{Workload: path, Policy: "fair", Settings: cluster.DefaultPolicySettings(),
		Timeline: filepath.Join(dir, "timeline.csv"), Jobs: true})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("files:", len(out.Files))
	if err := out.Write(os.Stdout, tabular.CSV); err != nil {
		fmt.Println(err)
	}
	// Output:
	// files: 1
	// id,user,submit,first_start,finish,response,alone,slowdown
	// wc-0,pool,0,0,299.35137318830226,299.35137318830226,178.5503785058429,1.6765653239906533
	// wc-1,pool,0,0,307.90134155312563,307.90134155312563,176.68914187260833,1.742616089986562
	// wc-2,pool,0,0,300.3952889018515,300.3952889018515,158.3709695114651,1.8967825342516746
	// wc-3,pool,0,0,292.75108457160275,292.75108457160275,158.19117463390916,1.8506157833968693
}
