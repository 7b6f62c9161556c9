package study_test

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"testing"

	"github.com/mrsched/mrsched/report/study"
	"github.com/mrsched/mrsched/sweep"
)

// TestNightlySource: no path is the embedded 28-job night (DefaultNightly);
// a missing file is an error, never the default.
func TestNightlySource(t *testing.T) {
	src, err := study.NightlySource("")
	if err != nil {
		t.Fatal(err)
	}
	in, err := src.Load()
	if err != nil || src.Name != "nightly-default" || in.N() != 28 { // the 28 lines of nightly.csv
		t.Errorf("default: name %q, err %v", src.Name, err)
	}
	if _, err := study.NightlySource("/nonexistent/nightly.csv"); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("missing file: %v, want fs.ErrNotExist", err)
	}
	if err := study.Check(nil); err != nil {
		t.Errorf("Check(nil) = %v", err)
	}
}

// The nightly study's default night: 28 jobs of a pipeline with
// dependencies, some released during the night (not a batch).
func ExampleNightlySource() {
	src, err := study.NightlySource("")
	if err != nil {
		fmt.Println(err)
		return
	}
	in, _ := src.Load()
	fmt.Println(src.Name, in.N(), in.IsBatch(), in.HasDependencies())
	// Output: nightly-default 28 false true
}

// The tightness study on n = 2, 4 (α = 3, ε = 0.1; β = 2) without exact
// solves: MaxSRPT and SplitSRPT stay within 2α/(1+α) and 1 + 1/β (Cor. 4,
// Cor. 6), so the finished study has no violation.
func ExampleCheck() {
	sw, err := study.TightnessSweep(study.TightnessConfig{Alphas: []float64{3}, Eps: []float64{0.1}, Betas: []float64{2}, Ns: []int{2, 4}, TimeLimit: "1m"})
	if err != nil {
		fmt.Println(err)
		return
	}
	set, err := sweep.Run(context.Background(), sw, sweep.Options{Workers: 1})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(len(set.Cells) > 0, study.Check(set))
	// Output: true <nil>
}
