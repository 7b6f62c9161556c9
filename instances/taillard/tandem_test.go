package taillard_test

import (
	"bytes"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/mrsched/mrsched/instances/taillard"
)

// TestReadTandem: the index-th instance of a file with two (bare layout
// "jobs machines" and rows, twice in Taillard's layout via Write);
// indices outside the file are ErrInvalid.
func TestReadTandem(t *testing.T) {
	a, _ := taillard.Generate(3, 2, 1)
	b, _ := taillard.Generate(4, 3, 2)
	var file bytes.Buffer
	if err := taillard.Write(&file, a, b); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		index, jobs int // jobs: 0 for an error
		want        float64
	}{
		{1, 3, float64(a.P[0][0])}, // map of j1 = machine 1's first time
		{2, 4, float64(b.P[0][0])},
		{0, 0, 0},
		{3, 0, 0},
	} {
		in, err := taillard.ReadTandem(bytes.NewReader(file.Bytes()), "two.fsp", tc.index)
		switch {
		case tc.jobs == 0:
			if !errors.Is(err, taillard.ErrInvalid) || !strings.Contains(err.Error(), "two.fsp") {
				t.Errorf("index %d: %v, want ErrInvalid naming the file", tc.index, err)
			}
		case err != nil:
			t.Errorf("index %d: %v", tc.index, err)
		case in.N() != tc.jobs || in.Jobs[0].Map != tc.want:
			t.Errorf("index %d: %d jobs, first map %g; want %d, %g", tc.index, in.N(), in.Jobs[0].Map, tc.jobs, tc.want)
		}
	}
}

// TestWriteAsFormats: fsp is Write's layout, json the tandem instance, any
// other format an error; one machine has no tandem instance.
func TestWriteAsFormats(t *testing.T) {
	in, _ := taillard.Generate(2, 2, 5)
	var fsp, want bytes.Buffer
	taillard.Write(&want, in)
	if err := taillard.WriteAs(&fsp, in, "FSP"); err != nil || fsp.String() != want.String() {
		t.Errorf("fsp: %v", err)
	}
	if err := taillard.WriteAs(&bytes.Buffer{}, in, "xml"); !errors.Is(err, taillard.ErrInvalid) {
		t.Errorf("xml: %v", err)
	}
	one, _ := taillard.Generate(2, 1, 5)
	if err := taillard.WriteAs(&bytes.Buffer{}, one, "json"); !errors.Is(err, taillard.ErrInvalid) {
		t.Errorf("one machine as json: %v", err)
	}
}

// The tandem instance of ta001 (Taillard 1993): map sizes are machine 1
// (its row begins 54 83 15), shuffle sizes machine 2 (its row begins 79).
func ExampleReadTandem() {
	ta001, _ := taillard.Generate(20, 5, taillard.Seeds20x5[0])
	var file bytes.Buffer
	taillard.Write(&file, ta001)
	in, err := taillard.ReadTandem(&file, "ta001.fsp", 1)
	if err != nil {
		return
	}
	j := in.Jobs[0]
	fmt.Println(in.N(), j.ID, j.Map, j.Shuffle)
	// Output: 20 j1 54 79
}
