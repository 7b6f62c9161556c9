package study_test

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/mrsched/mrsched/report/study"
	"github.com/mrsched/mrsched/tabular"
)

// An NMTS yes-instance with q = 2 (f = (3, 4), g = (1, 4), h = (8, 4):
// 4+4 = 8 and 3+1 = 4) reduces to a batch of 4q = 8 jobs whose
// certificate schedule reaches the threshold y exactly (Lin et al.
// Theorem 1).
func ExampleReduce() {
	dir, err := os.MkdirTemp("", "reduce-example")
	if err != nil {
		fmt.Println(err)
		return
	}
	defer os.RemoveAll(dir)
	src := filepath.Join(dir, "yes.json")
	if err := os.WriteFile(src, []byte(`{"kind":"nmts","f":[3,4],"g":[1,4],"h":[8,4]}`), 0o644); err != nil {
		fmt.Println(err)
		return
	}
	out, err := study.Reduce(study.ReduceConfig{Instance: src, Out: filepath.Join(dir, "reduced.json")})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, f := range out.Files {
		rel, _ := filepath.Rel(dir, f)
		fmt.Println("wrote", rel)
	}
	if err := out.Write(os.Stdout, tabular.CSV); err != nil {
		fmt.Println(err)
	}
	// Output:
	// wrote reduced.json (8 jobs)
	// wrote reduced.certificate.json (14 segments)
	// q,jobs,shift,A,M,y,nmts,certificate_total,total_minus_y,float_exact,validate
	// 2,8,21,5734,103212,516121,yes,516121,0,true,"ok, total 516121"
}

// The certificate that 'mrsched reduce nmts' records for a yes-instance
// (f = (3, 4), g = (1, 4), h = (8, 4): 4+4 and 3+1) meets the threshold
// y of Theorem 1 exactly, as 'mrsched reduce verify' checks it.
func ExampleReduceVerify() {
	dir, err := os.MkdirTemp("", "verify-example")
	if err != nil {
		fmt.Println(err)
		return
	}
	defer os.RemoveAll(dir)
	src, red := filepath.Join(dir, "yes.json"), filepath.Join(dir, "reduced.json")
	if err := os.WriteFile(src, []byte(`{"kind":"nmts","f":[3,4],"g":[1,4],"h":[8,4]}`), 0o644); err != nil {
		fmt.Println(err)
		return
	}
	if _, err := study.Reduce(study.ReduceConfig{Instance: src, Out: red}); err != nil {
		fmt.Println(err)
		return
	}
	out, err := study.ReduceVerify(study.ReduceVerifyConfig{Instance: red})
	if err == nil {
		err = out.Write(os.Stdout, tabular.CSV)
	}
	fmt.Println(err, out.Failed)
	// Output:
	// schedule,feasible,violations,total,y,total_minus_y,holds
	// recorded certificate (rebuilt exactly),true,0,516121,516121,0,true
	// <nil> <nil>
}
