package study

import (
	"bytes"
	"testing"

	"github.com/mrsched/mrsched/tabular"
)

// TestDeterministicAcrossWorkers: the merged results do not depend on the
// number of goroutines (same seeds → byte-identical tables).
func TestDeterministicAcrossWorkers(t *testing.T) {
	render := func(workers int) []byte {
		Workers = workers
		r, err := LsPSTableII(Env{}, 3)
		if err != nil {
			t.Fatal(err)
		}
		var b bytes.Buffer
		r.Table().Write(&b, tabular.CSV)
		p, err := Protect(Env{}, 1)
		if err != nil {
			t.Fatal(err)
		}
		p.Write(&b, tabular.CSV)
		return b.Bytes()
	}
	a, b := render(1), render(3)
	if !bytes.Equal(a, b) {
		t.Fatalf("tables differ between 1 and 3 workers:\n%s\n%s", a, b)
	}
}

// TestCI: mean and 95% half-width of {1, 2, 3}: mean 2, sd 1, t(0.975, 2)
// = 4.302652729911275 (tables), half-width 4.3027/√3 = 2.4841.
func TestCI(t *testing.T) {
	c := ci([]float64{1, 2, 3})
	if c.Mean != 2 || c.Half < 2.4841 || c.Half > 2.4842 {
		t.Fatalf("ci = %+v", c)
	}
}
