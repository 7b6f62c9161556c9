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
