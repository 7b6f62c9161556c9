package figures

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mrsched/mrsched/instances"
	"github.com/mrsched/mrsched/solver/fluid"
)

// A schedule with times near 1e290 or 1e-290 is drawn like the same
// schedule at scale 1 (the plot library drew an empty chart past about
// 1e250): the SVG has as many drawn elements, and the axis names the unit.
func TestGanttExtremeTimes(t *testing.T) {
	draw := func(scale float64) string {
		in := instances.New([]instances.Job{{ID: "a", Map: 1 * scale, Shuffle: 2 * scale}, {ID: "b", Release: scale, Map: scale, Shuffle: scale}})
		res, err := fluid.Simulate(in, fluid.MaxSRPT(), fluid.Options{Record: true})
		if err != nil {
			t.Fatal(err)
		}
		p, err := Gantt(in, res.Schedule, "scaled")
		if err != nil {
			t.Fatal(err)
		}
		w, h := GanttSize(in.N())
		files, err := Save(p, w, h, filepath.Join(t.TempDir(), "g"))
		if err != nil {
			t.Fatal(err)
		}
		b, err := os.ReadFile(files[0])
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	one := draw(1)
	elements := func(s string) int {
		return bytes.Count([]byte(s), []byte("<path")) + bytes.Count([]byte(s), []byte("<rect"))
	}
	for _, tc := range []struct {
		scale float64
		unit  string
	}{{1e290, "×1e290"}, {1e-290, "×1e-290"}} {
		got := draw(tc.scale)
		if elements(got) != elements(one) || !strings.Contains(got, tc.unit) {
			t.Errorf("scale %g: %d drawn elements (want %d as at scale 1) and unit %q in the axis", tc.scale, elements(got), elements(one), tc.unit)
		}
	}
}
